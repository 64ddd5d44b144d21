"""The data behind the template matcher's confidence calibration (the script that fits and
prints it is ``benchmarks/calibrate.py``).

    python benchmarks/calibrate.py fixtures/real

reads every labelled board under the given directory that needs no locating (tight grid
crops, plus the physical photos whose lattice corners were measured by hand below), and
collects, for every character of every tile:

* a **positive**: the matcher's best score s1 and margin s1 - s2 for the true reading;
* a **negative** (stress test): the same character read with its true class withheld, so
  the best answer is necessarily wrong; this is what an unknown font, a mis-cut glyph or a
  symbol the templates lack looks like.

A logistic regression (L2-regularized, equal class weights) of positive vs negative on
(s1, margin) gives ``calib_bias``, ``calib_score`` and ``calib_margin`` for
``RecognizeConfig``. ``--table`` also prints the accuracy table of the shipped settings.
``fixture_boards`` is also used by the tests.

    python benchmarks/calibrate.py fixtures/real --sizes fixtures/synthetic DIR...

also runs the value-digit stress test on every labelled board of the directories after
``--sizes`` (synthetic boards carry their lattice corners, so ``python -m tools.synth
--out DIR --seed 9100 --per-look 12`` makes more) and prints, per digit height in source
pixels, how sure the best wrong digit gets: where ``RecognizeConfig.value_min_px`` comes from.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from assistant.cut import TileImage, cut_tiles, face_tilt
from assistant.geometry import Quad
from assistant.locate import LocatedBoard
from assistant.recognize import calibrated
from assistant.recognize.matcher import ALL_TURNS, TemplateRecognizer
from assistant.recognize.store import DIGITS

# Lattice corners (top-left, top-right, bottom-right, bottom-left; source pixels) of the
# physical Boggle photos in fixtures/real, measured by hand on the images, so the
# recognizer can be tested on them independently of board location.
HAND_CORNERS: dict[str, Quad] = {
    "boggle_physical/StevieG47_example.jpg": ((311, 635), (1230, 635), (1230, 1547), (311, 1547)),
    "boggle_physical/UO-CIS211_sample-board.jpeg": ((32, 12), (227, 12), (236, 212), (24, 212)),
}


@dataclass(frozen=True)
class FixtureBoard:
    """A labelled board ready for cutting: ``labels`` row by row, ``values`` when known."""

    name: str
    game: str
    located: LocatedBoard
    labels: tuple[tuple[str, ...], ...]
    values: tuple[tuple[int, ...], ...] | None


def rectify(
    image: npt.NDArray[np.uint8],
    corners: Quad,
    rows: int,
    cols: int,
    cell_px: int = 128,
) -> LocatedBoard:
    """Warp the lattice with the given corners to ``rows*cell_px`` x ``cols*cell_px``."""
    src = np.array(corners, np.float32)
    w, h = cols * cell_px, rows * cell_px
    dst = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32)
    warp = cv2.getPerspectiveTransform(src, dst)
    board = np.asarray(cv2.warpPerspective(image, warp, (w, h), flags=cv2.INTER_AREA), np.uint8)
    return LocatedBoard(rows, cols, corners, board, cell_px)


def fixture_boards(root: Path, cell_px: int = 128) -> Iterator[FixtureBoard]:
    """The labelled boards of ``root/labels.json`` that need no locating: tight crops
    (split evenly), the photos in ``HAND_CORNERS``, and boards whose label gives the
    lattice ``corners`` (the synthetic boards of ``tools.synth``)."""
    for entry in json.loads((root / "labels.json").read_text()):
        name = entry["file"]
        given = entry.get("corners")
        if entry["kind"] != "cropped-grid" and name not in HAND_CORNERS and not given:
            continue
        read = cv2.imread(str(root / name), cv2.IMREAD_COLOR)
        if read is None:
            continue
        image = np.asarray(read, np.uint8)
        h, w = image.shape[:2]
        whole: Quad = ((0, 0), (w, 0), (w, h), (0, h))
        corners = HAND_CORNERS.get(name, whole)
        if given:
            tl, tr, br, bl = (tuple(float(v) for v in point) for point in given)
            corners = ((tl[0], tl[1]), (tr[0], tr[1]), (br[0], br[1]), (bl[0], bl[1]))
        values = entry.get("tile_values")
        yield FixtureBoard(
            name=name,
            game=entry["game"],
            located=rectify(image, corners, entry["rows"], entry["cols"], cell_px),
            labels=tuple(tuple(row) for row in entry["letters"]),
            values=tuple(tuple(row) for row in values) if values else None,
        )


def label_chars(label: str) -> list[str]:
    """The characters a tile label is drawn with ("QU" -> Q, u)."""
    return ["Q", "u"] if label.upper() == "QU" else list(label)


def collect(
    recognizer: TemplateRecognizer,
    boards: Sequence[FixtureBoard],
    names: list[str] | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(positives, negatives): rows of (s1, margin) per character (see the module doc).
    ``names`` collects "board r,c char" for each row."""
    pos: list[tuple[float, float]] = []
    neg: list[tuple[float, float]] = []
    for board in boards:
        tiles = cut_tiles(board.located)
        dice = board.game.startswith("boggle")
        turns = ALL_TURNS if dice else (0,)
        tilts = [face_tilt(t) for t in tiles] if dice else None
        for tile, blocks in zip(tiles, recognizer.score_blocks(tiles, tilts, turns), strict=True):
            want = label_chars(board.labels[tile.row][tile.col])
            fitting = [(k, b) for k, b, _ in blocks if b.shape[0] == len(want)]
            if not want or not fitting:
                continue
            for pos_i, ch in enumerate(want):
                p, n = _pair(recognizer, fitting, pos_i, ch, len(want))
                pos.append(p)
                neg.append(n)
                if names is not None:
                    names.append(f"{Path(board.name).stem} {tile.row},{tile.col} {ch}")
    return np.array(pos), np.array(neg)


def collect_values(
    recognizer: TemplateRecognizer, boards: Sequence[FixtureBoard]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Like ``collect`` for the point-value digits (digit classes only)."""
    pos: list[tuple[float, float]] = []
    neg: list[tuple[float, float]] = []
    for _, scores, want in _value_reads(recognizer, boards):
        for row, digit in zip(scores, want, strict=True):
            i = DIGITS.index(digit)
            others = np.sort(np.delete(row, i))[::-1]
            pos.append((float(row[i]), float(row[i] - others[0])))
            neg.append((float(others[0]), float(others[0] - others[1])))
    return np.array(pos), np.array(neg)


def _value_reads(
    recognizer: TemplateRecognizer, boards: Sequence[FixtureBoard]
) -> Iterator[tuple[TileImage, npt.NDArray[np.float32], str]]:
    """(tile, its digits' class scores, the labelled value) for every tile of the boards
    with labelled values whose value was cut into as many digits as the label has."""
    for board in boards:
        if board.values is None:
            continue
        tiles = cut_tiles(board.located)
        for tile, scores in zip(tiles, recognizer.value_scores(tiles), strict=True):
            want = str(board.values[tile.row][tile.col])
            if scores.shape[0] == len(want):
                yield tile, scores, want


def _pair(
    recognizer: TemplateRecognizer,
    blocks: Sequence[tuple[int, npt.NDArray[np.float32]]],
    pos_i: int,
    ch: str,
    n: int,
) -> tuple[tuple[float, float], tuple[float, float]]:
    classes = recognizer.glyph_classes
    scored: list[tuple[float, str]] = []
    for turn, block in blocks:
        cols = recognizer.allowed_columns(pos_i, n, pos_i == 1 and n == 2, turn)
        scored.extend((float(block[pos_i, c]), classes[c]) for c in cols)
    scored.sort(reverse=True)
    true = max(s for s, c in scored if c == ch)
    others = [(s, c) for s, c in scored if c != ch]
    s1w, c1w = others[0]
    s2w = max(s for s, c in others if c != c1w)
    return (true, true - others[0][0]), (s1w, s1w - s2w)


def fit_logistic(
    pos: npt.NDArray[np.float64], neg: npt.NDArray[np.float64], l2: float = 3e-5
) -> tuple[float, float, float]:
    """Weighted L2 logistic regression by Newton's method: (bias, w_score, w_margin)."""
    x = np.vstack([pos, neg])
    y = np.concatenate([np.ones(len(pos)), np.zeros(len(neg))])
    weight = np.concatenate([np.full(len(pos), 0.5 / len(pos)), np.full(len(neg), 0.5 / len(neg))])
    design = np.hstack([np.ones((len(x), 1)), x])
    beta = np.zeros(3)
    for _ in range(100):
        p = 1 / (1 + np.exp(-design @ beta))
        grad = design.T @ (weight * (p - y)) + l2 * np.r_[0, beta[1:]]
        hess = (design * (weight * p * (1 - p))[:, None]).T @ design + l2 * np.diag([0, 1, 1])
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-9:
            break
    return float(beta[0]), float(beta[1]), float(beta[2])


SIZE_BINS = (0.0, 5.0, 6.0, 7.0, 8.0, 10.0, float("inf"))


def value_stress_by_size(
    recognizer: TemplateRecognizer, boards: Sequence[FixtureBoard]
) -> list[tuple[float, float, int, float]]:
    """Per bin of digit height in source pixels (``SIZE_BINS``): (low, high, digits, the
    highest calibrated confidence of a digit read with its true class withheld)."""
    cfg = recognizer.config
    found: list[tuple[float, float]] = []
    for tile, scores, want in _value_reads(recognizer, boards):
        if not tile.value_boxes:
            continue
        height = max(b.h for b in tile.value_boxes) * tile.scale
        for row, digit in zip(scores, want, strict=True):
            others = np.sort(np.delete(row, DIGITS.index(digit)))[::-1]
            s1, margin = float(others[0]), float(others[0] - others[1])
            found.append((height, calibrated(s1, margin, cfg, digit=True)))
    out = []
    for lo, hi in itertools.pairwise(SIZE_BINS):
        confs = [c for h, c in found if lo <= h < hi]
        out.append((lo, hi, len(confs), max(confs, default=0.0)))
    return out
