"""Benchmark the word-list cache and the solver against a hobby-style baseline.

Run ``python benchmarks/solver.py`` (``--help`` for options). It prints a table and a JSON
summary, and exits 1 if a target is missed:

* a cached load of the ENABLE list within ``Targets.cached_load_ms``;
* the per-board median solve time on random classic-dice 4x4 boards at most
  ``Targets.ratio`` times that of a dict-of-dicts trie with a recursive DFS (the solver
  hobby projects write), measured in the same run on the same boards, and both finding the
  same words;
* a whole ``python -m assistant solve LETTERS`` process, with the cache present, within
  ``Targets.process_wall_s`` and ``Targets.process_rss_mb`` and without importing numpy or
  cv2. If the CLI cannot run yet, that part is skipped with a note; the same budget is
  also checked for a process that calls the library directly.

Timing: each board is solved once per round by each solver (rounds alternate which solver
goes first) and a board's time is its best round, which filters out interference from other
processes on a shared machine; medians and 95th percentiles are over boards.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from assistant.board import Board
from assistant.dice import random_board
from assistant.dictionary import CACHE_ENV, load_dictionary
from assistant.solver import solve

# A famously rich board (over 1,000 ENABLE words): the worst case for printing results.
RICH_BOARD = "SERSPATGLINESERS"


@dataclass(frozen=True)
class Targets:
    """The Foundation issue's budgets."""

    cached_load_ms: float = 50.0
    ratio: float = 0.5
    process_wall_s: float = 0.3
    process_rss_mb: float = 80.0


# -- the baseline: what a hobby solver looks like ---------------------------------------

Trie = dict[str, Any]


def baseline_build(words: Sequence[str]) -> Trie:
    root: Trie = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node["$"] = True
    return root


def baseline_solve(grid: list[list[str]], trie: Trie, min_len: int = 3) -> set[str]:
    """Recursive DFS over a dict-of-dicts trie; a tile is a string ("qu" for the Qu die)."""
    rows, cols = len(grid), len(grid[0])
    found: set[str] = set()

    def dfs(r: int, c: int, node: Trie, prefix: str, visited: set[tuple[int, int]]) -> None:
        tile = grid[r][c]
        for ch in tile:
            node = node.get(ch)  # type: ignore[assignment]
            if node is None:
                return
        prefix += tile
        if "$" in node and len(prefix) >= min_len:
            found.add(prefix)
        visited.add((r, c))
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nr, nc = r + dr, c + dc
                if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in visited:
                    dfs(nr, nc, node, prefix, visited)
        visited.remove((r, c))

    for r in range(rows):
        for c in range(cols):
            dfs(r, c, trie, "", set())
    return found


# -- measuring ----------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def best_times(
    solvers: dict[str, Callable[[int], object]], count: int, rounds: int
) -> dict[str, list[float]]:
    """Per solver, per board index: the best of ``rounds`` timings in seconds."""
    best = {name: [float("inf")] * count for name in solvers}
    names = list(solvers)
    clock = time.perf_counter
    for k in range(rounds):
        for name in names if k % 2 == 0 else names[::-1]:
            run, times = solvers[name], best[name]
            for i in range(count):
                start = clock()
                run(i)
                elapsed = clock() - start
                if elapsed < times[i]:
                    times[i] = elapsed
    return best


@dataclass(frozen=True)
class ProcessRun:
    wall_s: float  # median over runs
    peak_rss_mb: float  # max over runs
    heavy_imports: list[str]
    note: str | None = None  # why the measurement was skipped


def run_child(cmd: list[str], env: dict[str, str]) -> tuple[int, float, float, str, str]:
    """Run ``cmd``; (exit code, wall seconds, peak RSS MB, stdout, stderr). os.wait4 gives
    this child's own resource usage."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        rss_kb = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss / 1024
        return (
            proc.returncode,
            wall,
            rss_kb / 1024,
            out.read().decode(errors="replace"),
            err.read().decode(errors="replace"),
        )


def measure_process(cmd: list[str], env: dict[str, str], runs: int) -> ProcessRun:
    walls, peaks = [], []
    for _ in range(runs):
        code, wall, rss, _, err = run_child(cmd, env)
        if code != 0:
            last = err.strip().splitlines()[-1:] or ["no output"]
            return ProcessRun(0.0, 0.0, [], note=f"exit code {code}: {last[0][:120]}")
        walls.append(wall)
        peaks.append(rss)
    code, _, _, _, err = run_child([cmd[0], "-X", "importtime", *cmd[1:]], env)
    heavy = sorted(set(re.findall(r"\|\s+(numpy|cv2|PIL)(?:\.|\s*$)", err, re.MULTILINE)))
    return ProcessRun(statistics.median(walls), max(peaks), heavy)


# -- the report ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    name: str
    value: str
    target: str = ""
    ok: bool | None = None


def print_table(title: str, rows: list[Row]) -> None:
    print(title)
    width = max(len(r.name) for r in rows)
    vwidth = max(len(r.value) for r in rows)
    twidth = max(len(r.target) for r in rows)
    print(f"  {'measure':<{width}}  {'value':>{vwidth}}  {'target':<{twidth}}  ok")
    for r in rows:
        ok = "" if r.ok is None else ("yes" if r.ok else "NO")
        print(f"  {r.name:<{width}}  {r.value:>{vwidth}}  {r.target:<{twidth}}  {ok}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=200, help="random 4x4 boards (200)")
    parser.add_argument("--seed", type=int, default=2024, help="first board's seed (2024)")
    parser.add_argument("--rounds", type=int, default=5, help="timing rounds per board (5)")
    parser.add_argument("--process-runs", type=int, default=5, help="runs per process (5)")
    args = parser.parse_args(argv)
    targets = Targets()

    with tempfile.TemporaryDirectory(prefix="boggle-bench-") as tmp:
        # Whole processes first, while this process is small: on Linux a child's peak RSS
        # (ru_maxrss) starts from its parent's size at fork. A child fills their cache.
        env = {**os.environ, CACHE_ENV: str(Path(tmp) / "process-cache")}
        prime = "from assistant.dictionary import load_dictionary; load_dictionary()"
        code, _, _, _, err = run_child([sys.executable, "-c", prime], env)
        if code != 0:
            print(f"cannot build the word-list cache: {err.strip()}", file=sys.stderr)
            return 1
        typical = "".join(
            t.label[0] for row in random_board(4, seed=args.seed).tiles for t in row
        )  # Q stands for the Qu die in board text
        processes: dict[str, ProcessRun] = {}
        for label, letters in (("typical", typical), ("rich", RICH_BOARD)):
            library_code = (
                "import sys; from assistant.solver import solve; "
                f"sys.stdout.write(str(len(solve({letters!r}).words)))"
            )
            processes[f"library process, {label} board"] = measure_process(
                [sys.executable, "-c", library_code], env, args.process_runs
            )
            processes[f"CLI process, {label} board"] = measure_process(
                [sys.executable, "-m", "assistant", "solve", letters], env, args.process_runs
            )

        cache_dir = Path(tmp) / "cache"
        start = time.perf_counter()
        load_dictionary(cache_dir=cache_dir)
        cold_ms = (time.perf_counter() - start) * 1000
        loads = []
        for _ in range(7):
            start = time.perf_counter()
            dictionary = load_dictionary(cache_dir=cache_dir)
            loads.append((time.perf_counter() - start) * 1000)
            if not dictionary.from_cache:
                print(f"the cache was not used: {dictionary.cache_note}", file=sys.stderr)
                return 1
        cached_ms = statistics.median(loads)

    boards: list[Board] = [random_board(4, seed=args.seed + i) for i in range(args.boards)]
    grids = [[[t.letters[0] for t in row] for row in b.tiles] for b in boards]

    raw = resources.files("assistant").joinpath("data", "enable1.txt.gz").read_bytes()
    words = gzip.decompress(raw).decode().split()
    start = time.perf_counter()
    trie = baseline_build(words)
    trie_ms = (time.perf_counter() - start) * 1000

    mismatches = [
        i
        for i in range(len(boards))
        if {w.word for w in solve(boards[i], dictionary).words} != baseline_solve(grids[i], trie)
    ]
    word_counts = [len(solve(b, dictionary).words) for b in boards]
    times = best_times(
        {
            "solver": lambda i: solve(boards[i], dictionary),
            "baseline": lambda i: baseline_solve(grids[i], trie),
        },
        len(boards),
        args.rounds,
    )
    ours_ms = [t * 1000 for t in times["solver"]]
    base_ms = [t * 1000 for t in times["baseline"]]
    ratio = statistics.median(ours_ms) / statistics.median(base_ms)

    table = dictionary.table
    rows = [
        Row("dictionary cold build (parse + compile + write)", f"{cold_ms:.0f} ms"),
        Row(
            "dictionary cached load (median of 7)",
            f"{cached_ms:.1f} ms",
            f"<= {targets.cached_load_ms:.0f} ms",
            cached_ms <= targets.cached_load_ms,
        ),
        Row("compiled ENABLE", f"{dictionary.states} states, {len(table) * 4 / 1e6:.1f} MB"),
        Row("words per board (mean)", f"{statistics.mean(word_counts):.0f}"),
        Row("solve median", f"{statistics.median(ours_ms):.3f} ms"),
        Row("solve p95", f"{percentile(ours_ms, 0.95):.3f} ms"),
        Row("baseline trie build (from the word list in memory)", f"{trie_ms:.0f} ms"),
        Row("baseline median", f"{statistics.median(base_ms):.3f} ms"),
        Row("baseline p95", f"{percentile(base_ms, 0.95):.3f} ms"),
        Row(
            "median ratio solver / baseline",
            f"{ratio:.2f}",
            f"<= {targets.ratio:.2f}",
            ratio <= targets.ratio,
        ),
        Row(
            "same words as baseline",
            f"{len(boards) - len(mismatches)}/{len(boards)} boards",
            "all",
            not mismatches,
        ),
    ]
    for name, run in processes.items():
        if run.note is not None:
            rows.append(Row(name, f"skipped ({run.note[:40]})"))
            continue
        rows += [
            Row(
                f"{name}: wall (median)",
                f"{run.wall_s:.3f} s",
                f"<= {targets.process_wall_s} s",
                run.wall_s <= targets.process_wall_s,
            ),
            Row(
                f"{name}: peak RSS",
                f"{run.peak_rss_mb:.0f} MB",
                f"<= {targets.process_rss_mb:.0f} MB",
                run.peak_rss_mb <= targets.process_rss_mb,
            ),
            Row(
                f"{name}: numpy/cv2/PIL",
                ", ".join(run.heavy_imports) or "not imported",
                "none",
                not run.heavy_imports,
            ),
        ]
    title = (
        f"boggle-assistant solver benchmark: {len(boards)} random classic-dice 4x4 boards "
        f"(seeds {args.seed}..{args.seed + len(boards) - 1}), ENABLE {len(dictionary)} words, "
        f"best of {args.rounds} rounds per board, Python {sys.version.split()[0]}"
    )
    print_table(title, rows)
    print(f"process boards: typical {typical}, rich {RICH_BOARD}")
    for name, run in processes.items():
        if run.note is not None:
            print(f"note: {name} not measured: {run.note}")

    missed = [r.name for r in rows if r.ok is False]
    summary = {
        "boards": len(boards),
        "seed": args.seed,
        "dictionary": {"cold_build_ms": round(cold_ms, 1), "cached_load_ms": round(cached_ms, 2)},
        "solver": {
            "median_ms": round(statistics.median(ours_ms), 4),
            "p95_ms": round(percentile(ours_ms, 0.95), 4),
        },
        "baseline": {
            "build_ms": round(trie_ms, 1),
            "median_ms": round(statistics.median(base_ms), 4),
            "p95_ms": round(percentile(base_ms, 0.95), 4),
        },
        "ratio": round(ratio, 3),
        "words_per_board": round(statistics.mean(word_counts), 1),
        "mismatched_boards": mismatches,
        "processes": {
            name: (
                {"skipped": run.note}
                if run.note is not None
                else {
                    "wall_s": round(run.wall_s, 3),
                    "peak_rss_mb": round(run.peak_rss_mb, 1),
                    "heavy_imports": run.heavy_imports,
                }
            )
            for name, run in processes.items()
        },
        "missed": missed,
    }
    print(json.dumps(summary))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
