"""Read many generated boards of one look and compare two runs, tile by tile: the
development loop behind a reader change (``benchmarks/ocr.py`` is the judged benchmark).

    .venv/bin/python benchmarks/sweep.py run spellcast-arrows 107340 400 base.json [--procs 2]
    .venv/bin/python benchmarks/sweep.py diff base.json new.json

``run`` renders seeds SEED..SEED+N-1 of LOOK with tools.synth, reads each as a file is read
(``read_encoded``, scored as ``benchmarks/ocr.py`` scores) in ``--procs`` processes, and
writes one record per board: exact, flagged, the missed tiles (row, col, got, want; "?" =
unsure, 0-based) with what the reader listed for them, and value misses. ``diff`` prints
both runs' totals (exact, exact but for hidden tiles, confident-wrong tiles and values) and
every board whose misses changed, so a change's gains and losses are seen together. Run it
from the worktree whose code is measured: like ``benchmarks/ocr.py``, it puts this checkout
ahead of the installed package.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
from concurrent.futures import ProcessPoolExecutor  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ocr import (  # noqa: E402
    REPO,
    UNSURE,
    BoardReading,
    ReadOptions,
    exact_but_hidden,
    hidden_tiles,
    is_flagged,
    label_game,
    read_encoded,
    renderer,
    score_tiles,
    score_values,
)


def read_one(look: str, seed: int) -> dict[str, Any]:
    """One generated board read and scored, with what the reader listed for each missed
    tile (candidates, the value read and whether it was unsure)."""
    label, data = renderer(look, seed)()
    reading: BoardReading | None = None
    error = ""
    try:
        reading = read_encoded(data, ReadOptions(), name=f"{look}_{seed}")
    except Exception as exc:  # scored as refused, as benchmarks/ocr.py does
        error = f"{type(exc).__name__}: {exc}"
    score = score_tiles(reading.tiles if reading else None, label["letters"])
    values = None
    if label.get("tile_values") is not None and reading is not None:
        values = score_values(reading.values, label["tile_values"], set(reading.uncertain_values))
    misses = []
    for r, c, got, want in score.misses:
        listed: list[Any] = []
        value: list[Any] = []
        if reading is not None and r < reading.rows and c < reading.cols:
            listed = [[x, round(cf, 3)] for x, cf in reading.candidates[r][c][:4]]
            printed = reading.values[r][c] if reading.values is not None else None
            value = [printed, (r, c) in reading.uncertain_values]
        misses.append([r, c, got, want, listed, value])
    game = (reading.game or "unknown") if reading else ""
    return {
        "seed": seed,
        "exact": score.exact,
        "exact_but_hidden": exact_but_hidden(reading, score, hidden_tiles(label)),
        "flagged": is_flagged(reading),
        "wrong_shape": score.wrong_shape,
        "misses": [m[:4] for m in misses],
        "listed": misses,
        "confident_wrong": [m[:4] for m in misses if m[2] != UNSURE],
        "value_misses": [list(m) for m in values.misses] if values else [],
        "value_wrong": (values.wrong + values.missing) if values else 0,
        "game": game,
        "game_want": label_game(label),
        "error": error,
    }


def run(look: str, seed: int, count: int, out: Path, procs: int) -> None:
    seeds = range(seed, seed + count)
    with ProcessPoolExecutor(procs) as pool:
        boards = list(pool.map(read_one, [look] * count, seeds, chunksize=4))
    out.write_text(json.dumps({"look": look, "repo": str(REPO), "boards": boards}, indent=1))
    print(summary(boards))


def summary(boards: list[dict[str, Any]]) -> str:
    exact = sum(b["exact"] for b in boards)
    seen = sum(b["exact_but_hidden"] for b in boards)
    cw = [(b["seed"], m) for b in boards for m in b["confident_wrong"]]
    vw = sum(b["value_wrong"] for b in boards)
    games = sum(b["game"] != b["game_want"] and b["game"] not in ("unknown", "") for b in boards)
    unflagged = sum(not b["exact"] and not b["flagged"] for b in boards)
    return (
        f"{len(boards)} boards: {exact} exact, {seen} exact but hidden, "
        f"{len(cw)} confident-wrong tiles {cw[:6]}, {vw} wrong values, {games} wrong games, "
        f"{unflagged} wrong without a flag"
    )


def diff(a_path: Path, b_path: Path) -> None:
    a = {b["seed"]: b for b in json.loads(a_path.read_text())["boards"]}
    b = {b["seed"]: b for b in json.loads(b_path.read_text())["boards"]}
    common = sorted(set(a) & set(b))
    print("A:", summary([a[s] for s in common]))
    print("B:", summary([b[s] for s in common]))
    for s in common:
        if a[s]["misses"] != b[s]["misses"] or a[s]["value_misses"] != b[s]["value_misses"]:
            mark = (
                "+"
                if b[s]["exact"] and not a[s]["exact"]
                else ("-" if a[s]["exact"] and not b[s]["exact"] else " ")
            )
            print(f"{mark} {s}: {a[s]['misses']} {a[s]['value_misses']}")
            print(f"  {' ' * len(str(s))}-> {b[s]['misses']} {b[s]['value_misses']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("look")
    r.add_argument("seed", type=int)
    r.add_argument("count", type=int)
    r.add_argument("out", type=Path)
    r.add_argument("--procs", type=int, default=2)
    d = sub.add_parser("diff")
    d.add_argument("a", type=Path)
    d.add_argument("b", type=Path)
    args = parser.parse_args()
    if args.command == "run":
        run(args.look, args.seed, args.count, args.out, args.procs)
    else:
        diff(args.a, args.b)


if __name__ == "__main__":
    main()
