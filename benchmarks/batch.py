"""Batch throughput on phone screenshots (1080x2400 JPEG, the Wordament fixtures).

    .venv/bin/python benchmarks/batch.py [--copies N] [--jobs N]

Hard-links the eleven phone screenshots of fixtures/real --copies times into a temporary
folder and runs ``run_batch`` on it with --jobs workers, writing JSON Lines. Reports images
per second over the whole run (worker start-up included: each worker loads the dictionary
and templates once) and in the steady state (first record to last). Target: >= 20 images/s
with --jobs 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from assistant.batch import BatchOptions, run_batch

REPO = Path(__file__).resolve().parent.parent
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "shots"
        folder.mkdir()
        for i in range(args.copies):
            for p in PHONE:
                os.link(p, folder / f"{i:03d}_{p.name}")
        out = Path(tmp) / "out.jsonl"
        stamps = Stamps()
        summary = run_batch([folder], BatchOptions(out=out, jobs=args.jobs), progress=stamps)
        records = [json.loads(x) for x in out.read_text().splitlines()]
    ok = [r for r in records if r["status"] == "ok"]
    n = len(records)
    steady = (n - 1) / (stamps.times[-1] - stamps.times[0]) if n > 1 else 0.0
    startup = stamps.times[0] - stamps.started if stamps.times else 0.0
    per_image = sorted(r["timings"]["total_ms"] for r in ok)
    print(f"{n} phone screenshots (1080x2400 JPEG), --jobs {args.jobs}")
    print(f"  read: {summary.read}, unsure: {summary.unsure}, failed: {summary.failed or 0}")
    print(f"  whole run: {summary.throughput:.1f} images/s ({n} in {summary.elapsed_s:.2f} s)")
    print(f"  steady state: {steady:.1f} images/s (target >= 20 with --jobs 2)")
    print(f"  first record after {startup:.2f} s (workers loading dictionary and templates)")
    if per_image:
        print(
            f"  per image in a worker: median {per_image[len(per_image) // 2]:.0f} ms, "
            f"max {per_image[-1]:.0f} ms"
        )
        for phase in ("decode_ms", "read_ms", "solve_ms"):
            xs = sorted(r["timings"].get(phase, 0.0) for r in ok)
            print(f"    {phase[:-3]}: median {xs[len(xs) // 2]:.0f} ms")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  machine load average during the run: {load:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
