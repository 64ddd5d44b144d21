"""What a user waits for on a phone screenshot: the one-shot ``solve shot.png`` process and
``read_image`` in a process that has read before (issue 11).

    .venv/bin/python benchmarks/image.py [--runs N] [--reads N] [--image PATH]
                                         [--against REV [--rounds N]]

1. One-shot: ``boggle-assistant solve shot.png`` as a whole process on a 1080x2400 phone
   screenshot, caches warm (one run first fills them): median wall time and the largest
   peak RSS over --runs runs. Targets: <= 0.3 s, <= 100 MB.
2. Reads in one process pinned to one core with OMP_NUM_THREADS=1: the first
   ``read_image`` after the imports (templates mapped, first-call set-up) and the median of
   --reads warm reads, with each stage's share. Targets: first <= 80 ms, warm <= 40 ms.

3. With ``--against REV`` (a git revision, e.g. ``main`` or a commit before a change): the
   reads of 2. again, alternating between this tree and REV's (``git archive`` into a
   temporary folder), --rounds processes each, wall and CPU time; the after/before ratios
   are the figures that hold on a busy machine.

Same-run yardsticks, since the machine is shared and absolute times drift with its load:
a bare ``python -c pass``, a process that only imports numpy and OpenCV (the floor of any
image process), and ``cv2.imdecode`` of the same file (the decode every read pays). Runs
alternate between the measured process and the yardsticks. Exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from solver import Row, compile_package, print_table, run_child  # benchmarks/solver.py

REPO = Path(__file__).resolve().parent.parent
SHOT = REPO / "fixtures" / "real" / "wordament" / "blackmonk13_mobile_2_letter_or.jpg"

ONE_SHOT_S = 0.3
ONE_SHOT_MB = 100.0
FIRST_READ_MS = 80.0
WARM_READ_MS = 40.0

# Runs in a child pinned to one core: first read, warm reads, stage times, decode alone.
READS = """
import json, os, statistics, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
import cv2, numpy as np
from assistant.read import read_image
path, reads = sys.argv[1], int(sys.argv[2])
start, cpu = time.perf_counter(), time.process_time()
first = read_image(path)
first_ms = (time.perf_counter() - start) * 1000
first_cpu_ms = (time.process_time() - cpu) * 1000
warm, warm_cpu, stages, decode = [], [], {}, []
data = np.frombuffer(open(path, "rb").read(), np.uint8)
for _ in range(reads):
    start, cpu = time.perf_counter(), time.process_time()
    reading = read_image(path)
    warm.append((time.perf_counter() - start) * 1000)
    warm_cpu.append((time.process_time() - cpu) * 1000)
    for name, ms in reading.timings.items():
        stages.setdefault(name, []).append(ms)
    start = time.perf_counter()
    cv2.imdecode(data, cv2.IMREAD_COLOR)
    decode.append((time.perf_counter() - start) * 1000)
print(json.dumps({
    "first_ms": first_ms,
    "first_cpu_ms": first_cpu_ms,
    "first_stages": first.timings,
    "warm_ms": statistics.median(warm),
    "warm_cpu_ms": statistics.median(warm_cpu),
    "stages": {k: statistics.median(v) for k, v in stages.items()},
    "decode_ms": statistics.median(decode),
    "tiles": first.tiles,
}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="one-shot processes (7)")
    parser.add_argument("--reads", type=int, default=15, help="warm reads (15)")
    parser.add_argument("--image", type=Path, default=SHOT, help="the screenshot")
    parser.add_argument(
        "--against", metavar="REV", help="also compare the reads with this git revision's"
    )
    parser.add_argument("--rounds", type=int, default=5, help="processes per tree (5)")
    args = parser.parse_args(argv)

    compile_package()
    with tempfile.TemporaryDirectory(prefix="boggle-bench-") as tmp:
        env = {**os.environ, "BOGGLE_ASSISTANT_CACHE_DIR": tmp, "OMP_NUM_THREADS": "1"}
        one_shot = [sys.executable, "-m", "assistant", "solve", str(args.image)]
        code, _, _, _, err = run_child(one_shot, env)  # fills the caches
        if code != 0:
            print(f"the one-shot solve failed: {err.strip()}", file=sys.stderr)
            return 1
        commands = {
            "one-shot": one_shot,
            "bare": [sys.executable, "-c", "pass"],
            "floor": [sys.executable, "-c", "import numpy, cv2"],
        }
        walls: dict[str, list[float]] = {name: [] for name in commands}
        peaks: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, cmd in commands.items():
                code, wall, rss, _, err = run_child(cmd, env)
                if code != 0:
                    print(f"{name} failed: {err.strip()}", file=sys.stderr)
                    return 1
                walls[name].append(wall)
                peaks[name].append(rss)
        code, _, _, out, err = run_child(
            [sys.executable, "-c", READS, str(args.image), str(args.reads)], env
        )
        if code != 0:
            print(f"the read benchmark failed: {err.strip()}", file=sys.stderr)
            return 1
    reads = json.loads(out)
    wall = {name: statistics.median(v) for name, v in walls.items()}
    peak = {name: max(v) for name, v in peaks.items()}
    stages = ", ".join(f"{k} {v:.1f}" for k, v in reads["stages"].items())
    first_stages = ", ".join(f"{k} {v:.0f}" for k, v in reads["first_stages"].items())
    load = os.getloadavg()
    rows = [
        Row(
            "one-shot `solve shot.png`: wall (median)",
            f"{wall['one-shot']:.3f} s",
            f"<= {ONE_SHOT_S} s",
            wall["one-shot"] <= ONE_SHOT_S,
        ),
        Row(
            "one-shot `solve shot.png`: peak RSS (max)",
            f"{peak['one-shot']:.0f} MB",
            f"<= {ONE_SHOT_MB:.0f} MB",
            peak["one-shot"] <= ONE_SHOT_MB,
        ),
        Row("  same run: bare python -c pass", f"{wall['bare']:.3f} s, {peak['bare']:.0f} MB"),
        Row(
            "  same run: import numpy, cv2 (the floor)",
            f"{wall['floor']:.3f} s, {peak['floor']:.0f} MB",
        ),
        Row("  one-shot / floor (wall)", f"{wall['one-shot'] / wall['floor']:.2f}x"),
        Row(
            "first read_image (one core)",
            f"{reads['first_ms']:.0f} ms",
            f"<= {FIRST_READ_MS:.0f} ms",
            reads["first_ms"] <= FIRST_READ_MS,
        ),
        Row("  its stages (ms)", first_stages),
        Row(
            "warm read_image (one core, median)",
            f"{reads['warm_ms']:.1f} ms",
            f"<= {WARM_READ_MS:.0f} ms",
            reads["warm_ms"] <= WARM_READ_MS,
        ),
        Row("  its stages (ms, medians)", stages),
        Row("  same run: cv2.imdecode alone", f"{reads['decode_ms']:.1f} ms"),
        Row("  warm read / decode", f"{reads['warm_ms'] / reads['decode_ms']:.1f}x"),
    ]
    print_table(
        f"boggle-assistant image benchmark: {args.image.name}, {args.runs} one-shot runs, "
        f"{args.reads} warm reads, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"load average {load[0]:.1f}",
        rows,
    )
    ratios = None
    if args.against:
        ratios = compare_reads(args.against, args.image, args.reads, args.rounds)
        if ratios is None:
            return 1
    missed = [r.name for r in rows if r.ok is False]
    print(
        json.dumps(
            {
                "image": args.image.name,
                "one_shot": {"wall_s": round(wall["one-shot"], 3), "peak_rss_mb": peak["one-shot"]},
                "bare": {"wall_s": round(wall["bare"], 3), "peak_rss_mb": peak["bare"]},
                "floor": {"wall_s": round(wall["floor"], 3), "peak_rss_mb": peak["floor"]},
                "reads": reads,
                "against": ratios,
                "load_average": load[0],
                "missed": missed,
            }
        )
    )
    return 1 if missed else 0


def compare_reads(rev: str, image: Path, reads: int, rounds: int) -> dict[str, object] | None:
    """The reads of this tree and of ``rev``'s, alternating (``rounds`` processes each, the
    order swapped every round): medians of first and warm read, wall and CPU, and the
    after/before ratios. None (after a message) when ``rev`` cannot be exported."""
    with tempfile.TemporaryDirectory(prefix="boggle-bench-rev-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", rev], capture_output=True, check=False
        )
        if archive.returncode != 0:
            print(f"cannot export {rev}: {archive.stderr.decode().strip()}", file=sys.stderr)
            return None
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        compileall.compile_dir(str(Path(tmp) / "assistant"), quiet=1, workers=1)
        trees = {"before": tmp, "after": str(REPO)}
        envs = {
            name: {
                **os.environ,
                "PYTHONPATH": tree,
                "OMP_NUM_THREADS": "1",
                "BOGGLE_ASSISTANT_CACHE_DIR": str(Path(tmp) / f"cache-{name}"),
            }
            for name, tree in trees.items()
        }
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for k in range(rounds + 1):  # the first round fills each tree's caches
            for name in ("before", "after") if k % 2 == 0 else ("after", "before"):
                cmd = [sys.executable, "-c", READS, str(image.resolve()), str(reads)]
                # In its own tree: ``-c`` puts the working folder first on sys.path.
                code, _, _, out, err = run_child(cmd, envs[name], cwd=trees[name])
                if code != 0:
                    print(f"the {name} reads failed: {err.strip()}", file=sys.stderr)
                    return None
                if k:
                    runs[name].append(json.loads(out))
    keys = ("first_ms", "first_cpu_ms", "warm_ms", "warm_cpu_ms")
    med = {n: {k: statistics.median(r[k] for r in rs) for k in keys} for n, rs in runs.items()}
    ratio = {k: med["after"][k] / med["before"][k] for k in keys}
    rows = [
        Row(
            f"{label} read_image, {kind}",
            f"{med['before'][k]:.1f} -> {med['after'][k]:.1f} ms ({ratio[k]:.2f}x)",
        )
        for label, key in (("first", "first"), ("warm", "warm"))
        for kind, k in (("wall", f"{key}_ms"), ("CPU", f"{key}_cpu_ms"))
    ]
    print_table(
        f"same run, against {rev}: {rounds} processes per tree, alternating, one core "
        f"(load average {os.getloadavg()[0]:.1f})",
        rows,
    )
    return {"rev": rev, "rounds": rounds, "before": med["before"], "after": med["after"]}


if __name__ == "__main__":
    sys.exit(main())
