"""Batch throughput on phone screenshots (1080x2400 JPEG, the Wordament fixtures).

    .venv/bin/python benchmarks/batch.py [--copies N] [--jobs N]

Hard-links the eleven phone screenshots of fixtures/real --copies times into a temporary
folder and runs ``run_batch`` on it with --jobs workers, writing JSON Lines. Reports images
per second over the whole run (worker start-up included: each worker loads the dictionary
and templates once) and in the steady state (first record to last). Target (issue 11):
>= 40 images/s with --jobs 2, over the whole run; exits 1 when missed. The same images are
then read with --jobs 1 in the same run, as the baseline the speed-up is measured against.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.batch import BatchOptions, BatchSummary, run_batch

REPO = Path(__file__).resolve().parent.parent
TARGET = 40.0  # images per second with --jobs 2 over the whole run (issue 11)
PHONE = sorted((REPO / "fixtures" / "real" / "wordament").glob("blackmonk13_mobile_*.jpg"))


class Stamps:
    """A progress hook that notes when each record arrived."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def start(self, total: int) -> None:
        self.started = time.perf_counter()

    def advance(self, record: dict[str, Any] | None) -> None:
        self.times.append(time.perf_counter())

    def stop(self) -> None:
        return


@dataclass(frozen=True)
class Run:
    jobs: int
    records: list[dict[str, Any]]
    summary: BatchSummary
    stamps: Stamps
    parent_cpu_s: float  # CPU time of this (the hashing and writing) process during the run

    @property
    def steady(self) -> float:
        n, times = len(self.records), self.stamps.times
        return (n - 1) / (times[-1] - times[0]) if n > 1 else 0.0


def run(folder: Path, out: Path, jobs: int) -> Run:
    stamps = Stamps()
    cpu = time.process_time()
    summary = run_batch([folder], BatchOptions(out=out, jobs=jobs), progress=stamps)
    records = [json.loads(x) for x in out.read_text().splitlines()]
    return Run(jobs, records, summary, stamps, time.process_time() - cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-baseline", action="store_true", help="skip the --jobs 1 run")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "shots"
        folder.mkdir()
        for i in range(args.copies):
            for p in PHONE:
                os.link(p, folder / f"{i:03d}_{p.name}")
        main_run = run(folder, Path(tmp) / "out.jsonl", args.jobs)
        baseline = None if args.no_baseline else run(folder, Path(tmp) / "one.jsonl", 1)
    records, summary, stamps = main_run.records, main_run.summary, main_run.stamps
    ok = [r for r in records if r["status"] == "ok"]
    n = len(records)
    startup = stamps.times[0] - stamps.started if stamps.times else 0.0
    per_image = sorted(r["timings"]["total_ms"] for r in ok)
    print(f"{n} phone screenshots (1080x2400 JPEG), --jobs {args.jobs}")
    print(f"  read: {summary.read}, unsure: {summary.unsure}, failed: {summary.failed or 0}")
    print(f"  whole run: {summary.throughput:.1f} images/s ({n} in {summary.elapsed_s:.2f} s)")
    print(f"  steady state: {main_run.steady:.1f} images/s (target >= {TARGET:.0f})")
    print(f"  first record after {startup:.2f} s (workers loading dictionary and templates)")
    if per_image:
        print(
            f"  per image in a worker: median {per_image[len(per_image) // 2]:.0f} ms, "
            f"max {per_image[-1]:.0f} ms"
        )
        for phase in ("decode_ms", "read_ms", "solve_ms"):
            xs = sorted(r["timings"].get(phase, 0.0) for r in ok)
            print(f"    {phase[:-3]}: median {xs[len(xs) // 2]:.0f} ms")
    busy = sum(r["timings"]["total_ms"] for r in records if "timings" in r) / 1000
    print(
        f"  workers busy on images {busy:.2f} s of {summary.elapsed_s:.2f} s x {args.jobs} "
        f"workers ({busy / (summary.elapsed_s * args.jobs):.0%}; the rest is start-up and "
        f"waiting for the next image); parent CPU (hashing, writing) {main_run.parent_cpu_s:.2f} s"
    )
    if baseline is not None:
        speedup = summary.throughput / baseline.summary.throughput
        print(
            f"  same run, --jobs 1: {baseline.summary.throughput:.1f} images/s whole run, "
            f"{baseline.steady:.1f} steady; --jobs {args.jobs} is {speedup:.2f}x that"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  machine load average during the run: {load:.1f} on {os.cpu_count()} CPUs")
    met = summary.throughput >= TARGET and not summary.failed
    print(f"  target >= {TARGET:.0f} images/s over the whole run: {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
