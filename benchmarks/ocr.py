"""Benchmark the board reader (locate -> cut -> recognize) against labelled boards.

    .venv/bin/python benchmarks/ocr.py [--per-look N] [--quick] [--no-baseline] [--json OUT]

Sets:

* **real**: fixtures/real (25 screenshots and photos with hand-checked labels);
* **synthetic**: fixtures/synthetic (the committed 4 per look, seeds 2024-2027);
* **generated**: ``--per-look`` boards per look rendered in memory by tools.synth,
  seeds from ``--seed`` on (3000-: the range the reader was tuned on); not written to disk;
* **held-out**: ``--held-out`` boards per look from ``--held-out-seed`` on (9100-: seeds
  nobody tunes on; report them, never tune on them. 9000-9009 were looked at once, for the
  overdrawn-letter factor in ``RecognizeConfig``, and are no longer held out);
* **values**: point values, on every board whose label has ``tile_values``.

For each look (and each game/kind of the real fixtures) it prints tile accuracy, the boards
read exactly, the boards not exact but flagged (a tile, value or bonus reported unsure, or
the board refused), the boards wrong without a flag (the worst case), wrong shapes,
confident wrong tiles (a tile read as something else without being marked unsure), the
game named (right / unknown / wrong), and the median and 95th percentile read time
(decoding the encoded file included). A board the reader could not read at all (no board
found, an error) counts as flagged, not exact, with all its tiles refused.

Read time: the process is pinned to one core (``--core``) and warm (templates loaded, one
read before measuring); each real 1080x2400 Wordament screenshot is read ``--rounds``
times, round after round, and an image's time is its fastest round, which filters out the
other processes of a shared machine; the median over images is the figure held to the
target. The median over all reads and the split by stage (``BoardReading.timings``) are
printed too.

In the same run, the naive baseline of hobby solvers (benchmarks/naive_ocr.py: the same
``locate_board`` result split evenly into cells, the middle of each binarized, one
``tesseract --psm 10`` process per tile) reads the real fixtures and the committed
synthetic boards (the generated set too with ``--baseline-generated``; it takes ~0.1 s
per tile). It has no notion of unsure, so
all its wrong tiles are confident wrong.

Exit status 1 when a target is missed (everything is printed first): a confident wrong
tile or point value anywhere, a game named wrong anywhere, a board wrong without a flag, a
median read slower than 0.052 of the naive baseline's on the same screenshots in the same
run (the issue's 60 ms over the baseline's 1.15 s then: ``Targets.read_ratio``; not judged
with ``--no-baseline``), a committed fixture (real or synthetic) not read exactly with its
game named, or fewer than 99 % of the generated or held-out boards read exactly.
"""

from __future__ import annotations

import os

# One BLAS/OpenMP thread, set before numpy loads, as the CLI does (assistant.cli): with
# OpenBLAS's thread pool the reader's small matrix products run several times slower.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Collection, Iterator, Sequence  # noqa: E402
from dataclasses import asdict, dataclass, field, replace  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
# This checkout's package and dev-only tools/ (tools.synth renders the generated set), ahead
# of the virtualenv's editable install: run from another worktree, the benchmark measures
# that worktree's code, not the install's.
sys.path.insert(0, str(REPO))

from assistant.imageio import decode_image  # noqa: E402
from assistant.locate import locate_board  # noqa: E402
from assistant.read import (  # noqa: E402
    UNSURE,
    BoardReading,
    ReadOptions,
    read_array,
    read_encoded,
)

REAL = REPO / "fixtures" / "real"
SYNTHETIC = REPO / "fixtures" / "synthetic"
Label = dict[str, Any]
Grid = Sequence[Sequence[str]]


@dataclass(frozen=True)
class Targets:
    """The OCR issue's targets."""

    confident_wrong: int = 0  # tiles and point values, on every set
    wrong_games: int = 0  # games named wrong, on every set
    median_read_ms: float = 60.0  # 1080x2400 phone screenshot, one core, warm process
    # ...judged as a ratio to the naive baseline's time on the same screenshots in the same
    # run: this shared machine's speed varies (the revision that read them in 46 ms when
    # the target was set, 867c9d4, took 86 ms here in session 20, beside this revision's
    # 85). 0.052 is 60 ms over the 1.15 s per board the baseline took then (issue 3).
    read_ratio: float = 0.052
    exact_rate: float = 1.0  # committed fixtures (real and synthetic), game named right
    generated_exact_rate: float = 0.99  # generated and held-out boards


@dataclass(frozen=True)
class Settings:
    """What a run measures (``--quick`` shrinks every set for a smoke run)."""

    per_look: int = 15
    seed: int = 3000
    held_out: int = 15
    held_out_seed: int = 9100
    rounds: int = 5
    looks: tuple[str, ...] = ()  # empty: all looks
    quick: bool = False
    baseline: bool = True
    baseline_generated: bool = False
    core: int | None = None


# -- scoring ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """One board read against its label. ``misses`` lists (row, col, got, want) of every
    tile not read right ("?" = unsure; want "" for a cell the label does not have)."""

    tiles: int
    right: int
    unsure: int
    wrong: int  # confident wrong: neither right nor "?"
    exact: bool
    misses: tuple[tuple[int, int, str, str], ...] = ()
    wrong_shape: bool = False


def score_tiles(got: Grid | None, want: Grid) -> Score:
    """Compare a read grid with the label's letters, position by position. ``got`` None
    means the reader gave no board (all tiles refused). Cells the reader claims outside the
    labelled grid count as confident wrong unless unsure."""
    tiles = sum(len(row) for row in want)
    if got is None:
        return Score(tiles, 0, tiles, 0, False)
    right = unsure = wrong = 0
    misses: list[tuple[int, int, str, str]] = []
    rows = max(len(want), len(got))
    for r in range(rows):
        want_row = want[r] if r < len(want) else ()
        got_row = got[r] if r < len(got) else ()
        for c in range(max(len(want_row), len(got_row))):
            w = want_row[c] if c < len(want_row) else None
            g = got_row[c] if c < len(got_row) else None
            if w is not None and g == w:
                right += 1
                continue
            misses.append((r, c, UNSURE if g is None else g, "" if w is None else w))
            if g is None or g == UNSURE:
                unsure += w is not None
            else:
                wrong += 1
    same_shape = [len(row) for row in got] == [len(row) for row in want]
    return Score(
        tiles, right, unsure, wrong, same_shape and right == tiles, tuple(misses), not same_shape
    )


@dataclass(frozen=True)
class ValueScore:
    """Point values against ``tile_values``: ``unsure`` = not right but reported unsure
    (``BoardReading.uncertain_values``: never used silently), ``missing`` = None where a
    value is expected and not reported unsure, ``wrong`` = a confident different number, or a
    number where the label has none."""

    expected: int = 0
    right: int = 0
    missing: int = 0
    wrong: int = 0
    unsure: int = 0
    misses: tuple[tuple[int, int, int | None, int | None], ...] = ()


def score_values(
    got: Sequence[Sequence[int | None]] | None,
    want: Sequence[Sequence[int | None]],
    uncertain: Collection[tuple[int, int]] = (),
) -> ValueScore:
    expected = right = missing = wrong = unsure = 0
    misses: list[tuple[int, int, int | None, int | None]] = []
    for r, want_row in enumerate(want):
        for c, w in enumerate(want_row):
            g = got[r][c] if got is not None and r < len(got) and c < len(got[r]) else None
            expected += w is not None
            if g == w and (r, c) not in uncertain:
                right += w is not None
                continue
            if (r, c) in uncertain:
                unsure += 1
                continue
            misses.append((r, c, g, w))
            if g is None:
                missing += 1
            else:
                wrong += 1
    return ValueScore(expected, right, missing, wrong, unsure, tuple(misses))


# -- cases --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One labelled picture: ``load`` gives its label and encoded file (rendered on demand
    for the generated set, so that one at a time is held in memory)."""

    set: str  # real, synthetic, generated
    group: str  # the look, or game/kind for real pictures
    name: str
    load: Callable[[], tuple[Label, bytes]]


def _labels(folder: Path) -> list[Label]:
    data: list[Label] = json.loads((folder / "labels.json").read_text())
    return data


def _file_case(set_name: str, group: str, folder: Path, label: Label) -> Case:
    path = folder / label["file"]
    return Case(set_name, group, label["file"], lambda: (label, path.read_bytes()))


def is_phone_screenshot(label: Label) -> bool:
    return bool(label["game"] == "wordament" and (label["width"], label["height"]) == (1080, 2400))


def real_labels(quick: bool) -> list[Label]:
    labels = _labels(REAL)
    if quick:  # two phone screenshots, one cropped grid, one photo
        phone = [x for x in labels if is_phone_screenshot(x)][:2]
        grid = [x for x in labels if x["kind"] == "cropped-grid"][:1]
        photo = [x for x in labels if x["kind"] == "photo"][:1]
        labels = phone + grid + photo
    return labels


def real_cases(labels: Sequence[Label]) -> list[Case]:
    return [_file_case("real", f"{x['game']}/{x['kind']}", REAL, x) for x in labels]


def synthetic_cases(looks: Sequence[str], quick: bool) -> list[Case]:
    labels = [x for x in _labels(SYNTHETIC) if x["look"] in looks]
    if quick:
        labels = [x for x in labels if x["seed"] == min(y["seed"] for y in labels)]
    return [_file_case("synthetic", x["look"], SYNTHETIC, x) for x in labels]


def generated_cases(
    looks: Sequence[str], per_look: int, seed: int, set_name: str = "generated"
) -> Iterator[Case]:
    for look in looks:
        for s in range(seed, seed + per_look):
            yield Case(set_name, look, f"{look}_{s}", renderer(look, s))


def renderer(look: str, seed: int) -> Callable[[], tuple[Label, bytes]]:
    """Renders generated board ``seed`` of ``look`` (label, encoded file) when called."""

    def render() -> tuple[Label, bytes]:
        from tools.synth import render_board

        board = render_board(look, seed)
        return board.label, board.data

    return render


# -- reading ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """Our reader and (optionally) the baseline on one case."""

    case: str
    set: str
    group: str
    score: Score
    values: ValueScore | None
    read_ms: float | None
    error: str = ""
    baseline: Score | None = None
    baseline_ms: float | None = None
    baseline_same_board: bool = True
    game_want: str = ""
    game_got: str = ""  # the game named, "unknown", or "" when the board was not read
    game_confidence: float = 0.0
    flagged: bool = False  # something reported unsure (or the board refused)
    wrong_shape: bool = False
    # Exact but for the tiles whose letter the generator's lines hide (label params
    # "hidden"): those unsure with the true letter among the candidates, or right.
    exact_seen: bool = False
    hidden: int = 0  # tiles the label says a drawn line hides

    @property
    def game(self) -> str:
        """right, unknown or wrong."""
        if self.game_got == self.game_want:
            return "right"
        return "unknown" if self.game_got in ("unknown", "") else "wrong"


def hidden_tiles(label: Label) -> set[tuple[int, int]]:
    """The tiles whose letter lines drawn over the board hide (tools.synth records them in
    ``params["hidden"]``: another letter would look the same there)."""
    entries = (label.get("params") or {}).get("hidden") or []
    return {(int(e["tile"][0]), int(e["tile"][1])) for e in entries}


def exact_but_hidden(
    reading: BoardReading | None, score: Score, hidden: Collection[tuple[int, int]]
) -> bool:
    """Every tile right except hidden ones, and each of those right or unsure with the
    true letter among its candidates (never another letter with confidence)."""
    if reading is None or score.wrong_shape:
        return False
    for r, c, got, want in score.misses:
        if (r, c) not in hidden or got != UNSURE:
            return False
        if want not in (label for label, _ in reading.candidates[r][c]):
            return False
    return True


def label_game(label: Label) -> str:
    """The product's name of a label's game (the shared labels' names normalised)."""
    name = str(label["game"])
    return {"boggle_physical": "boggle", "gamepigeon_wordhunt": "wordhunt"}.get(name, name)


def is_flagged(reading: BoardReading | None) -> bool:
    """Whether a reading reports something unsure (a tile, value or bonus), or there is
    none (the board refused)."""
    return reading is None or bool(
        reading.uncertain or reading.uncertain_values or reading.uncertain_bonuses
    )


def read_case(case: Case, label: Label, data: bytes, *, baseline: bool) -> Result:
    """Decode and read one picture (timed from the encoded bytes, like a file read), score
    it, and when asked run the baseline on the same decoded picture and located board."""
    start = time.perf_counter()
    reading: BoardReading | None = None
    error = ""
    try:
        # As solve/read/batch read a file: a big JPEG from a reduced decode when as sure.
        reading = read_encoded(data, ReadOptions(), name=case.name, start=start)
    except Exception as exc:  # a failed read is a result of the benchmark, not its end
        error = f"{type(exc).__name__}: {exc}"
    want = label["letters"]
    score = score_tiles(reading.tiles if reading else None, want)
    values = None
    if label.get("tile_values") is not None:
        want_values = label["tile_values"]
        # A board refused (no reading) uses none of its values: all refused, not missing.
        refused = {(r, c) for r, row in enumerate(want_values) for c, _ in enumerate(row)}
        values = score_values(
            reading.values if reading else None,
            want_values,
            set(reading.uncertain_values) if reading else refused,
        )
    flagged = is_flagged(reading)
    shape = reading is not None and (reading.rows, reading.cols) != (len(want), len(want[0]))
    hidden = hidden_tiles(label)
    result = Result(
        case.name,
        case.set,
        case.group,
        score,
        values,
        reading.elapsed_ms if reading else None,
        error,
        game_want=label_game(label),
        game_got=(reading.game or "unknown") if reading else "",
        game_confidence=reading.game_confidence if reading else 0.0,
        flagged=flagged,
        wrong_shape=shape,
        exact_seen=exact_but_hidden(reading, score, hidden),
        hidden=len(hidden),
    )
    if not baseline:
        return result
    return _with_baseline(result, data, want, reading)


def _with_baseline(result: Result, data: bytes, want: Grid, reading: BoardReading | None) -> Result:
    from naive_ocr import naive_read  # benchmarks/ is on sys.path when run as a script

    start = time.perf_counter()
    try:
        image = decode_image(data)
        located = locate_board(image)
    except Exception:  # no board to split: the baseline reads nothing either
        return replace(result, baseline=score_tiles(None, want))
    naive = naive_read(image, located)
    elapsed = (time.perf_counter() - start) * 1000
    same = reading is None or bool(
        np.allclose(np.array(located.corners), np.array(reading.corners), atol=0.5)
    )
    # No unsure in the baseline: an empty answer is a blank tile, i.e. confident too.
    return replace(
        result,
        baseline=score_tiles(naive.tiles, want),
        baseline_ms=elapsed,
        baseline_same_board=same,
    )


# -- read time on phone screenshots -------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    images: int
    rounds: int
    best_ms: tuple[float, ...]  # per image: its fastest round
    all_ms: tuple[float, ...]
    stages: dict[str, float]  # median over images of each stage, in their fastest round
    naive_ms: tuple[float, ...] = ()  # the naive baseline on the same images, once each

    @property
    def median_ms(self) -> float:
        return statistics.median(self.best_ms) if self.best_ms else math.nan

    @property
    def ratio(self) -> float | None:
        """Our median read over the baseline's median, or None when it was not run."""
        return self.median_ms / statistics.median(self.naive_ms) if self.naive_ms else None


def time_phone_reads(paths: Sequence[Path], rounds: int, *, naive: bool = False) -> Timing:
    """Read each screenshot ``rounds`` times (round-robin), from its encoded bytes; with
    ``naive``, the naive baseline reads each once too (decode, locate and its per-tile
    Tesseract: ~1-2 s each), the yardstick of the machine's speed."""
    blobs = [p.read_bytes() for p in paths]
    runs: list[list[BoardReading]] = [[] for _ in blobs]
    for _ in range(rounds):
        for i, data in enumerate(blobs):
            start = time.perf_counter()
            runs[i].append(read_encoded(data, ReadOptions(), start=start))
    naive_ms: list[float] = []
    if naive:
        from naive_ocr import naive_read  # benchmarks/ is on sys.path when run as a script

        for data in blobs:
            start = time.perf_counter()
            image = decode_image(data)
            naive_read(image, locate_board(image))
            naive_ms.append((time.perf_counter() - start) * 1000)
    best = [min(rs, key=lambda r: r.elapsed_ms) for rs in runs]
    names = sorted({k for r in best for k in r.timings}, key=list(best[0].timings).index)
    stages = {k: statistics.median(r.timings.get(k, 0.0) for r in best) for k in names}
    stages["other"] = statistics.median(r.elapsed_ms - sum(r.timings.values()) for r in best)
    return Timing(
        len(paths),
        rounds,
        tuple(r.elapsed_ms for r in best),
        tuple(r.elapsed_ms for rs in runs for r in rs),
        stages,
        tuple(naive_ms),
    )


# -- machine ------------------------------------------------------------------------------


def set_affinity(cores: set[int]) -> None:
    """Set the CPU affinity of every thread of this process (and so of the processes it
    starts from now on)."""
    for task in Path("/proc/self/task").iterdir():
        try:
            os.sched_setaffinity(int(task.name), cores)
        except ProcessLookupError:  # a thread that ended meanwhile
            continue


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_revision() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(REPO), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


# -- aggregation and printing -------------------------------------------------------------


@dataclass
class Tally:
    """Sums over a group of boards."""

    boards: int = 0
    tiles: int = 0
    right: int = 0
    unsure: int = 0
    wrong: int = 0
    exact: int = 0
    exact_seen: int = 0  # exact but for hidden tiles left unsure (``exact_but_hidden``)
    hidden: int = 0  # tiles a drawn line hides
    failed: int = 0
    flagged: int = 0  # not exact, but flagged
    silent: int = 0  # not exact and not flagged: wrong without a flag
    shapes: int = 0  # wrong board shape
    game_right: int = 0
    game_unknown: int = 0
    game_wrong: int = 0
    ms: list[float] = field(default_factory=list)

    def add(self, score: Score, ms: float | None, failed: bool = False) -> None:
        self.boards += 1
        self.tiles += score.tiles
        self.right += score.right
        self.unsure += score.unsure
        self.wrong += score.wrong
        self.exact += score.exact
        self.failed += failed
        if ms is not None:
            self.ms.append(ms)

    def add_result(self, r: Result) -> None:
        self.add(r.score, r.read_ms, failed=bool(r.error))
        self.exact_seen += r.exact_seen
        self.hidden += r.hidden
        if not r.score.exact:
            self.flagged += r.flagged
            self.silent += not r.flagged
        self.shapes += r.wrong_shape
        self.game_right += r.game == "right"
        self.game_unknown += r.game == "unknown"
        self.game_wrong += r.game == "wrong"

    def summary(self) -> dict[str, Any]:
        return {
            "boards": self.boards,
            "tiles": self.tiles,
            "tile_accuracy": _ratio(self.right, self.tiles),
            "exact_boards": self.exact,
            "exact_rate": _ratio(self.exact, self.boards),
            "exact_but_hidden_boards": self.exact_seen,
            "hidden_tiles": self.hidden,
            "unsure_rate": _ratio(self.unsure, self.tiles),
            "unsure_tiles": self.unsure,
            "confident_wrong": self.wrong,
            "failed_boards": self.failed,
            "flagged_boards": self.flagged,
            "wrong_unflagged_boards": self.silent,
            "wrong_shapes": self.shapes,
            "game_right": self.game_right,
            "game_unknown": self.game_unknown,
            "game_wrong": self.game_wrong,
            "median_ms": _median(self.ms),
            "p95_ms": _p95(self.ms),
        }


@dataclass
class ValueTally:
    boards: int = 0
    expected: int = 0
    right: int = 0
    missing: int = 0
    wrong: int = 0
    unsure: int = 0

    def add(self, v: ValueScore) -> None:
        self.boards += 1
        self.expected += v.expected
        self.right += v.right
        self.missing += v.missing
        self.wrong += v.wrong
        self.unsure += v.unsure

    def summary(self) -> dict[str, Any]:
        return {**asdict(self), "value_accuracy": _ratio(self.right, self.expected)}


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _median(xs: Sequence[float]) -> float | None:
    return statistics.median(xs) if xs else None


def _p95(xs: Sequence[float]) -> float | None:
    if not xs:
        return None
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, fmt: str = ".0f") -> str:
    return "-" if x is None else format(x, fmt)


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ", left: int = 2
) -> str:
    """Plain aligned text: the first ``left`` columns left-aligned, the rest right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return (indent + "  ".join(parts)).rstrip()

    rule = indent + "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


SETS = ("real", "synthetic", "generated", "held-out")


def grouped(results: Sequence[Result]) -> list[tuple[str, str, list[Result]]]:
    """(set, group, results) per group in order of appearance, then an "all" row per set."""
    out: list[tuple[str, str, list[Result]]] = []
    for s in SETS:
        mine = [r for r in results if r.set == s]
        groups = list(dict.fromkeys(r.group for r in mine))
        out += [(s, g, [r for r in mine if r.group == g]) for g in groups]
        if len(groups) > 1:
            out.append((s, "all", mine))
    return out


def ours_rows(results: Sequence[Result]) -> tuple[list[list[str]], dict[str, Any]]:
    rows, data = [], {}
    for s, g, rs in grouped(results):
        t = Tally()
        for r in rs:
            t.add_result(r)
        d = t.summary()
        data[f"{s}/{g}"] = d
        rows.append(
            [
                s,
                g,
                str(t.boards),
                _pct(d["tile_accuracy"]),
                f"{t.exact}/{t.boards}",
                _pct(d["exact_rate"]),
                f"{t.exact_seen}/{t.boards}",
                str(t.hidden),
                str(t.flagged),
                str(t.silent),
                str(t.shapes),
                _pct(d["unsure_rate"]),
                str(t.wrong),
                f"{t.game_right}/{t.game_unknown}/{t.game_wrong}",
                str(t.failed),
                _num(d["median_ms"]),
                _num(d["p95_ms"]),
            ]
        )
    return rows, data


def value_rows(results: Sequence[Result]) -> tuple[list[list[str]], dict[str, Any]]:
    rows, data = [], {}
    for s, g, rs in grouped([r for r in results if r.values is not None]):
        t = ValueTally()
        for r in rs:
            assert r.values is not None
            t.add(r.values)
        d = t.summary()
        data[f"{s}/{g}"] = d
        rows.append(
            [
                s,
                g,
                str(t.boards),
                str(t.expected),
                _pct(d["value_accuracy"]),
                str(t.unsure),
                str(t.missing),
                str(t.wrong),
            ]
        )
    return rows, data


def baseline_rows(results: Sequence[Result]) -> tuple[list[list[str]], dict[str, Any]]:
    rows, data = [], {}
    for s, g, rs in grouped([r for r in results if r.baseline is not None]):
        ours, naive = Tally(), Tally()
        for r in rs:
            assert r.baseline is not None
            ours.add(r.score, r.read_ms)
            naive.add(r.baseline, r.baseline_ms)
        d = naive.summary()
        data[f"{s}/{g}"] = d
        rows.append(
            [
                s,
                g,
                str(naive.boards),
                str(naive.tiles),
                _pct(d["tile_accuracy"]),
                f"{naive.exact}/{naive.boards}",
                str(naive.wrong),
                _num(None if d["median_ms"] is None else d["median_ms"] / 1000, ".2f"),
                _num(None if d["p95_ms"] is None else d["p95_ms"] / 1000, ".2f"),
                _pct(_ratio(ours.right, ours.tiles)),
                f"{ours.exact}/{ours.boards}",
                _num(_median(ours.ms)),
            ]
        )
    return rows, data


def miss_lines(results: Sequence[Result], limit: int = 40) -> list[str]:
    lines = []
    for r in results:
        if r.error:
            lines.append(f"  {r.set}/{r.case}: not read ({r.error})")
            continue
        parts = [
            f"r{row + 1}c{col + 1} {got or 'blank'}{'' if got == UNSURE else '(!)'}"
            f" want {want or 'nothing'}"
            for row, col, got, want in r.score.misses
        ]
        if r.values is not None and r.values.misses:
            # Missing values only counted; wrong ones (confident) listed.
            wrong = [
                f"r{row + 1}c{col + 1} {got}(!) want {want}"
                for row, col, got, want in r.values.misses
                if got is not None
            ]
            missing = f"{r.values.missing} missing" if r.values.missing else ""
            parts.append("values: " + ", ".join(x for x in [missing, *wrong] if x))
        if parts:
            lines.append(f"  {r.set}/{r.case}: " + "; ".join(parts))
    if len(lines) > limit:
        lines = [*lines[:limit], f"  ... and {len(lines) - limit} more boards (see --json)"]
    return lines


# -- main ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> tuple[Settings, Path | None]:
    from tools.synth import LOOKS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-look", type=int, default=None, help="generated boards per look")
    parser.add_argument("--seed", type=int, default=3000, help="first seed of the generated set")
    parser.add_argument(
        "--held-out", type=int, default=None, help="held-out boards per look (never tuned on)"
    )
    parser.add_argument(
        "--held-out-seed", type=int, default=9100, help="first seed of the held-out set"
    )
    parser.add_argument("--rounds", type=int, default=None, help="timing rounds per screenshot")
    parser.add_argument("--looks", default=",".join(LOOKS), help="comma-separated looks")
    parser.add_argument("--quick", action="store_true", help="small sets for a smoke run")
    parser.add_argument("--no-baseline", action="store_true", help="skip the Tesseract baseline")
    parser.add_argument(
        "--baseline-generated", action="store_true", help="run the baseline on generated boards"
    )
    parser.add_argument("--core", type=int, default=None, help="CPU core to pin to")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    looks = tuple(x for x in args.looks.split(",") if x)
    unknown = [x for x in looks if x not in LOOKS]
    if unknown:
        parser.error(f"unknown look(s) {', '.join(unknown)}; looks are {', '.join(LOOKS)}")
    per_look = args.per_look if args.per_look is not None else (1 if args.quick else 15)
    if per_look and args.seed <= 2027 and args.seed + per_look - 1 >= 2024:
        parser.error("--seed: the generated seeds must avoid the committed 2024-2027")
    rounds = args.rounds if args.rounds is not None else (2 if args.quick else 5)
    held_out = args.held_out if args.held_out is not None else (0 if args.quick else per_look)
    if (
        held_out
        and per_look
        and not (
            args.held_out_seed >= args.seed + per_look or args.held_out_seed + held_out <= args.seed
        )
    ):
        parser.error("--held-out-seed: the held-out seeds must not overlap the generated ones")
    settings = Settings(
        per_look=per_look,
        seed=args.seed,
        held_out=held_out,
        held_out_seed=args.held_out_seed,
        rounds=rounds,
        looks=looks,
        quick=args.quick,
        baseline=not args.no_baseline,
        baseline_generated=args.baseline_generated,
        core=args.core,
    )
    return settings, args.json


def run(settings: Settings, progress: Callable[[str], None]) -> tuple[list[Result], Timing]:
    from assistant.batch import preload_reader

    preload_reader()
    labels = real_labels(settings.quick)
    phone = [REAL / x["file"] for x in labels if is_phone_screenshot(x)]
    # Warm up: the first read pays for lazy imports and the first Tesseract start.
    warm = phone[0].read_bytes()
    read_array(decode_image(warm), ReadOptions())
    progress("timing phone screenshots")
    timing = time_phone_reads(phone, settings.rounds, naive=settings.baseline)
    results: list[Result] = []
    cases = [
        *real_cases(labels),
        *synthetic_cases(settings.looks, settings.quick),
        *generated_cases(settings.looks, settings.per_look, settings.seed),
        *generated_cases(settings.looks, settings.held_out, settings.held_out_seed, "held-out"),
    ]
    for i, case in enumerate(cases):
        progress(f"{case.set} {i + 1}/{len(cases)} {case.name}")
        label, data = case.load()
        generated = case.set in ("generated", "held-out")
        baseline = settings.baseline and (not generated or settings.baseline_generated)
        results.append(read_case(case, label, data, baseline=baseline))
    return results, timing


def report(
    settings: Settings,
    results: Sequence[Result],
    timing: Timing,
    machine: dict[str, Any],
    targets: Targets,
) -> tuple[str, dict[str, Any], list[str]]:
    """The printed report, the JSON figures and the list of missed targets."""
    out: list[str] = []

    def say(text: str) -> None:
        """Append a line; prose wider than 100 columns is wrapped (tables never are)."""
        if len(text) <= 100 or "\n" in text:
            out.append(text)
        else:
            indent = " " * (len(text) - len(text.lstrip()))
            out.append(textwrap.fill(text, 100, subsequent_indent=indent + "  "))

    say(f"OCR benchmark, boggle-assistant {machine['revision']}")
    say(
        f"CPU: {machine['cpu']}; pinned to core {machine['core']} of {machine['cpus']} "
        f"(OpenCV 1 thread); load average {machine['load']:.1f} at start; "
        f"Tesseract {machine['tesseract'] or 'not installed'}"
    )
    say("")
    say(
        f"Read time: {timing.images} real 1080x2400 Wordament screenshots, warm process "
        f"(templates loaded once), {timing.rounds} rounds, decode of the JPEG included"
    )
    say(
        f"  per image, fastest of {timing.rounds} rounds: median {timing.median_ms:.1f} ms "
        f"(the issue's {targets.median_read_ms:.0f} ms, judged as a ratio below), "
        f"p95 {_num(_p95(timing.best_ms), '.1f')} ms, max {max(timing.best_ms):.1f} ms"
    )
    ratio = timing.ratio
    if ratio is None:
        say("  not judged: the ratio needs the naive baseline (run without --no-baseline)")
    else:
        say(
            f"  naive baseline, the same screenshots once each: median "
            f"{statistics.median(timing.naive_ms):.0f} ms; ours / naive {ratio:.3f} "
            f"({'met' if ratio <= targets.read_ratio else 'MISSED'}: <= {targets.read_ratio})"
        )
    say(
        f"  all {len(timing.all_ms)} reads: median {_num(_median(timing.all_ms), '.1f')} ms, "
        f"p95 {_num(_p95(timing.all_ms), '.1f')} ms"
    )
    say(
        "  by stage (median over images): "
        + ", ".join(f"{k} {v:.1f}" for k, v in timing.stages.items())
        + " ms"
    )
    say("")
    seeds = f"seeds {settings.seed}-{settings.seed + settings.per_look - 1}"
    held = f"seeds {settings.held_out_seed}-{settings.held_out_seed + settings.held_out - 1}"
    say(
        f"Our reader. real = fixtures/real, synthetic = fixtures/synthetic (committed), "
        f"generated = {settings.per_look} per look, {seeds} (the tuning range), "
        f"held-out = {settings.held_out} per look, {held} (never tuned on). "
        "flagged = not exact but something reported unsure; silent = not exact and nothing "
        "flagged (the worst case); shape = wrong rows x cols; unsure = share of tiles shown "
        "as '?'; conf-wrong = tiles wrong and not unsure; game r/u/w = the game named right, "
        "unknown (with candidates), or wrong; ms = one read each, decode included. "
        "hidden = tiles whose letter lines drawn over the board hide (the generator finds "
        "another letter that looks the same there); seen exact = boards exact but for those, "
        "each right or unsure with the true letter among its candidates. exact stays the "
        "strict count and the target."
    )
    ours, ours_data = ours_rows(results)
    say(
        table(
            [
                "set",
                "group",
                "boards",
                "tile acc",
                "exact",
                "exact %",
                "seen exact",
                "hidden",
                "flagged",
                "silent",
                "shape",
                "unsure",
                "conf-wrong",
                "game r/u/w",
                "failed",
                "median ms",
                "p95 ms",
            ],
            ours,
        )
    )
    say("")
    say(
        "Point values (boards whose labels have tile_values; unsure = reported unsure, so "
        "never used silently; missing = none read and not reported; wrong = a confident "
        "different number, or a number where none is printed)"
    )
    vrows, value_data = value_rows(results)
    say(
        table(["set", "group", "boards", "values", "accuracy", "unsure", "missing", "wrong"], vrows)
    )
    baseline_data: dict[str, Any] = {}
    if settings.baseline:
        say("")
        scope = "all sets" if settings.baseline_generated else "real + committed synthetic only"
        say(
            f"Naive baseline ({scope}): the same located board split evenly, middle 70% "
            "of each cell binarized (Otsu), one `tesseract --psm 10` process per tile (A-Z "
            "whitelist, Q -> QU); no unsure, so conf-wrong = every wrong tile. "
            "s/board = decode + locate + recognize, on the same core."
        )
        brows, baseline_data = baseline_rows(results)
        say(
            table(
                [
                    "set",
                    "group",
                    "boards",
                    "tiles",
                    "tile acc",
                    "exact",
                    "conf-wrong",
                    "median s/board",
                    "p95 s",
                    "ours: acc",
                    "ours: exact",
                    "ours: ms",
                ],
                brows,
            )
        )
        differ = [r.case for r in results if r.baseline is not None and not r.baseline_same_board]
        if differ:
            say(f"  note: the baseline located a different board in {', '.join(differ)}")
    misses = miss_lines(results)
    say("")
    say(
        "Misses, tiles then values ((!) = confident wrong):"
        if misses
        else "No misses: every tile and value right."
    )
    for line in misses:
        say(line)

    wrong_tiles = sum(r.score.wrong for r in results)
    # A value missing without being reported unsure is as silent as a wrong one.
    wrong_values = sum(r.values.wrong + r.values.missing for r in results if r.values is not None)
    committed = [r for r in results if r.set in ("real", "synthetic")]
    exact = sum(r.score.exact and r.game == "right" for r in committed)
    wrong_games = sum(r.game == "wrong" for r in results)
    silent = sum(not r.score.exact and not r.flagged for r in results)
    rates = []
    for name in ("generated", "held-out"):
        rs = [r for r in results if r.set == name]
        if rs:
            n_exact = sum(r.score.exact for r in rs)
            rates.append(
                (
                    f"exact boards, {name} set",
                    f"{n_exact}/{len(rs)} ({100 * n_exact / len(rs):.1f}%)",
                    f">= {100 * targets.generated_exact_rate:.0f}%",
                    n_exact >= targets.generated_exact_rate * len(rs),
                )
            )
    checks = [
        (
            "confident wrong tiles, all sets",
            str(wrong_tiles),
            f"{targets.confident_wrong}",
            wrong_tiles <= targets.confident_wrong,
        ),
        (
            "wrong or silently missing point values, all sets",
            str(wrong_values),
            f"{targets.confident_wrong}",
            wrong_values <= targets.confident_wrong,
        ),
        *(
            []
            if ratio is None
            else [
                (
                    "median read / naive baseline's, 1080x2400 screenshots, one core",
                    f"{ratio:.3f} ({timing.median_ms:.0f} ms)",
                    f"<= {targets.read_ratio}",
                    ratio <= targets.read_ratio,
                )
            ]
        ),
        (
            "games named wrong, all sets",
            str(wrong_games),
            f"{targets.wrong_games}",
            wrong_games <= targets.wrong_games,
        ),
        ("boards wrong without a flag, all sets", str(silent), "0", silent == 0),
        (
            "exact boards with the right game, committed fixtures (real + synthetic)",
            f"{exact}/{len(committed)}",
            f"{100 * targets.exact_rate:.0f}%",
            exact >= targets.exact_rate * len(committed),
        ),
        *rates,
    ]
    missed = [f"{name}: {got} (target {want})" for name, got, want, ok in checks if not ok]
    say("")
    say("Targets:")
    say(
        table(
            ["target", "measured", "target", "status"],
            [[name, got, want, "met" if ok else "MISSED"] for name, got, want, ok in checks],
            left=1,
        )
    )
    data = {
        "machine": machine,
        "settings": asdict(settings),
        "targets": asdict(targets),
        "missed": missed,
        "timing": {**asdict(timing), "median_ms": timing.median_ms, "ratio": timing.ratio},
        "ours": ours_data,
        "values": value_data,
        "baseline": baseline_data,
        "boards": [_board_json(r) for r in results],
    }
    return "\n".join(out), data, missed


def _board_json(r: Result) -> dict[str, Any]:
    return {
        "case": r.case,
        "set": r.set,
        "group": r.group,
        "exact": r.score.exact,
        "exact_but_hidden": r.exact_seen,
        "hidden_tiles": r.hidden,
        "unsure": r.score.unsure,
        "confident_wrong": r.score.wrong,
        "misses": [list(m) for m in r.score.misses],
        "flagged": r.flagged,
        "wrong_shape": r.wrong_shape,
        "game_want": r.game_want,
        "game_got": r.game_got,
        "game_confidence": r.game_confidence,
        "value_misses": [list(m) for m in r.values.misses] if r.values else None,
        "read_ms": r.read_ms,
        "error": r.error,
        "baseline_exact": r.baseline.exact if r.baseline else None,
        "baseline_right": r.baseline.right if r.baseline else None,
        "baseline_ms": r.baseline_ms,
    }


def main(argv: Sequence[str] | None = None) -> int:
    from assistant.recognize import tesseract

    started = time.perf_counter()
    settings, json_out = parse_args(argv)
    if settings.baseline and not tesseract.available():
        print(f"the baseline needs Tesseract: {tesseract.INSTALL_HINT}", file=sys.stderr)
        return 2
    allowed, cv_threads = os.sched_getaffinity(0), cv2.getNumThreads()
    core = max(allowed) if settings.core is None else settings.core
    set_affinity({core})
    cv2.setNumThreads(1)
    try:
        return _measure(settings, json_out, core, started)
    finally:  # main() may run inside another process (tests): give its cores back
        set_affinity(allowed)
        cv2.setNumThreads(cv_threads)


def _measure(settings: Settings, json_out: Path | None, core: int, started: float) -> int:
    from assistant.recognize import tesseract

    machine = {
        "cpu": cpu_model(),
        "core": core,
        "cpus": os.cpu_count(),
        "load": os.getloadavg()[0],
        "tesseract": tesseract.version(),
        "revision": git_revision(),
        "python": platform.python_version(),
    }
    tty = sys.stderr.isatty()

    def progress(text: str) -> None:
        if tty:
            print(f"\r\033[K{text}", end="", file=sys.stderr, flush=True)

    results, timing = run(settings, progress)
    if tty:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    text, data, missed = report(settings, results, timing, machine, Targets())
    elapsed = time.perf_counter() - started
    data["run_s"] = elapsed
    print(text)
    print(f"\nRun time: {elapsed:.0f} s")
    if json_out is not None:
        json_out.write_text(json.dumps(data, indent=1) + "\n")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
