"""Several copies of one board in one picture (assistant.copies): a photo beside its
black-and-white copy is read as one board; where the copies differ the tile is unsure."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.copies import DISAGREE_NOTE
from assistant.imageio import Image, decode_image, load_image
from assistant.read import ReadOptions, read_array

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real"
LABELS = {e["file"]: e for e in json.loads((REAL / "labels.json").read_text())}
GRID = "wordament/blackmonk13_grid_regular_grid_small.jpg"
PHOTO = "boggle_physical/UO-CIS211_sample-board.jpeg"


def _bw(image: Image) -> Image:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    _, bw = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return np.asarray(cv2.cvtColor(bw, cv2.COLOR_GRAY2BGR), np.uint8)


def _beside(a: Image, b: Image, across: bool, gap: int = 20) -> Image:
    if across:
        return np.ascontiguousarray(np.hstack([a, np.full((a.shape[0], gap, 3), 255, np.uint8), b]))
    return np.ascontiguousarray(np.vstack([a, np.full((gap, a.shape[1], 3), 255, np.uint8), b]))


def _want(name: str) -> list[list[str]]:
    return [[t.upper() for t in row] for row in LABELS[name]["letters"]]


@pytest.mark.parametrize("name", [GRID, PHOTO])
@pytest.mark.parametrize("across", [True, False])
def test_a_board_beside_its_black_and_white_copy_reads_once(name: str, across: bool) -> None:
    image = load_image(REAL / name)
    reading = read_array(_beside(image, _bw(image), across), ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    assert [list(row) for row in reading.tiles] == _want(name)
    # The board kept is one copy: its corners lie inside one of the two pictures.
    xs = [x for x, _ in reading.corners]
    ys = [y for _, y in reading.corners]
    h, w = image.shape[:2]
    span = (max(xs) - min(xs)) if across else (max(ys) - min(ys))
    assert span < 1.1 * (w if across else h)


def test_copies_that_disagree_make_the_tile_unsure() -> None:
    image = load_image(REAL / GRID)
    copy = image.copy()
    h, w = copy.shape[:2]
    # Tile r1c1 of the copy shows another letter: paint it over with an X.
    x0, y0, x1, y1 = w // 40, h // 40, w // 4 - w // 40, h // 4 - h // 40
    face = tuple(int(v) for v in np.median(copy[y0 + 5 : y0 + 15, x0 + 5 : x1 - 5], axis=(0, 1)))
    cv2.rectangle(copy, (x0 + 8, y0 + 8), (x1 - 8, y1 - 8), face, -1)
    cv2.putText(copy, "X", (x0 + 25, y1 - 25), cv2.FONT_HERSHEY_DUPLEX, 2.5, (40, 40, 40), 6)
    reading = read_array(_beside(image, copy, True), ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    assert reading.tiles[0][0] == "?"
    labels = [label for label, _ in reading.candidates[0][0]]
    assert labels[:2] in (["E", "X"], ["X", "E"])
    assert DISAGREE_NOTE in reading.notes
    want = _want(GRID)
    assert all(
        reading.tiles[r][c] == want[r][c] for r in range(4) for c in range(4) if (r, c) != (0, 0)
    )


def _reflected(image: Image) -> Image:
    """The picture with a faded upside-down reflection below it (a board on a glossy table)."""
    mirror = (0.5 * image[::-1].astype(np.float64) + 100).astype(np.uint8)
    return np.ascontiguousarray(np.vstack([image, mirror]))


@pytest.mark.parametrize("name", [GRID, "wordament/blackmonk13_mobile_regular.jpg", PHOTO])
def test_a_board_and_its_reflection_reads_the_board(name: str) -> None:
    """The reflection's letters are mirrored; a reflection was read with confident wrong
    tiles. The board is the copy that is not mirrored."""
    image = load_image(REAL / name)
    reading = read_array(_reflected(image), ReadOptions())
    assert [list(row) for row in reading.tiles] == _want(name)
    assert max(y for _, y in reading.corners) < image.shape[0] * 1.05


def _tiled(rows: int, cols: int, seed: int) -> tuple[Image, list[list[str]]]:
    """A rows x cols board made of the real tiles of GRID in random order."""
    image = load_image(REAL / GRID)
    px = image.shape[0] // 4
    want = _want(GRID)
    rng = np.random.default_rng(seed)
    out = np.zeros((rows * px, cols * px, 3), np.uint8)
    labels = []
    for r in range(rows):
        line = []
        for c in range(cols):
            k = int(rng.integers(16))
            out[r * px : (r + 1) * px, c * px : (c + 1) * px] = image[
                (k // 4) * px : (k // 4 + 1) * px, (k % 4) * px : (k % 4 + 1) * px
            ]
            line.append(want[k // 4][k % 4])
        labels.append(line)
    return np.ascontiguousarray(out), labels


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (8, 8), (6, 8)])
def test_a_big_board_is_not_taken_for_two_copies(rows: int, cols: int) -> None:
    image, want = _tiled(rows, cols, seed=rows * 10 + cols)
    # --size: Wordament's tiles on a 6x6 board would otherwise be refused as the wrong size.
    reading = read_array(image, ReadOptions(size=(rows, cols)))
    assert (reading.rows, reading.cols) == (rows, cols)
    assert [list(row) for row in reading.tiles] == want


@pytest.mark.parametrize(
    ("look", "seed", "across"),
    [
        # One lattice fitted over both copies, a tenth of a tile too wide a pitch: r3c0's
        # "10" was cut through and read 1 with confidence.
        ("ruzzle", 111600, True),
        ("ruzzle", 111802, True),  # no lattice fitted over both: "no board"
        ("ruzzle", 111802, False),
        # Parted at the gap, each copy's grid grew a column of the other copy in the
        # sharper second look: 4x5, refused as no size Word Hunt deals.
        ("wordhunt-desktop", 111801, True),
    ],
)
def test_a_board_shown_twice_with_a_gap_reads_every_tile_and_value(
    look: str, seed: int, across: bool
) -> None:
    """Two copies of a tightly cropped board with a gap between them (as
    benchmarks/stress.py's "twice" shows them): the gap is no whole number of tiles, so the
    copies are two grids, each read on its own lattice."""
    from tools.synth import render_board

    board = render_board(look, seed)
    image = decode_image(board.data)
    gap = max(8, image.shape[1 if across else 0] // 20)
    reading = read_array(_beside(image, image, across, gap=gap), ReadOptions())
    letters = board.label["letters"]
    assert isinstance(letters, list)
    assert [list(row) for row in reading.tiles] == [[t.upper() for t in row] for row in letters]
    if board.label.get("tile_values") is not None:
        assert reading.values is not None
        assert [list(row) for row in reading.values] == board.label["tile_values"]
    assert reading.game == board.label["game"]


def test_a_copy_read_around_a_line_as_another_letter_leaves_the_tile_unsure() -> None:
    """benchmarks/stress.py --seed 115900, spellcast-arrows 115902 + twice, r1c0 (a fresh
    seed): a gold B whose bowls a green arrowhead hid, in two copies of the board. One
    copy settled E at 0.9 among every letter; the other read F, unsure, around the line.
    The sure copy was taken, as where the other copy lost its letter to glare: a letter
    and its value confident and wrong. Read around a line as another letter, the other
    copy disagrees: the tile is unsure, both letters listed. Since session 44 (the
    templates lose their ink under the line as the glyph does) that copy reads E first,
    still unsure: one copy sure and the other not, under the same line, is no agreement
    either."""
    from stressed import confident_wrong, read_stressed

    reading, want = read_stressed("spellcast-arrows", 115900, 115902, "twice")
    assert want[1][0] == "B"
    assert reading.tiles[1][0] == "?"
    assert {"E", "F"} <= {label for label, _ in reading.candidates[1][0]}
    assert DISAGREE_NOTE in reading.notes
    assert confident_wrong(reading, want) == []


def test_a_copy_that_lost_its_letter_without_a_line_does_not_disagree() -> None:
    from assistant.copies import _merge
    from assistant.recognize import TileReading

    sure = TileReading(row=0, col=0, label="E", confidence=0.95, candidates=(("E", 0.95),))
    glare = TileReading(row=0, col=0, label="F", confidence=0.3, candidates=(("F", 0.3),))
    assert _merge(sure, glare, 0.8) == (sure, False)
    lined = TileReading(
        row=0, col=0, label="F", confidence=0.3, candidates=(("F", 0.3),),
        around_line=(("F", 0.96), ("E", 0.95)),
    )  # fmt: skip
    merged, disagree = _merge(sure, lined, 0.8)
    assert disagree and merged.confidence < 0.8 and merged.note == DISAGREE_NOTE
    assert [label for label, _ in merged.candidates[:2]] == ["E", "F"]


def test_a_copy_unsure_of_the_same_letter_around_a_line_disagrees() -> None:
    """Both copies read E first, one surely, the other unsure around a line: the line is
    the same over both, so the sure copy's reading is not what the picture settles (the
    templates read around it: benchmarks/stress.py 115900, spellcast-arrows 115902 +
    twice). Unsure, each letter listed once. Without a line the sure copy stands."""
    from assistant.copies import _merge
    from assistant.recognize import TileReading

    sure = TileReading(row=0, col=0, label="E", confidence=0.9, candidates=(("E", 0.9),))
    lined = TileReading(
        row=0, col=0, label="E", confidence=0.12, candidates=(("E", 0.12), ("B", 0.08)),
        around_line=(("B", 0.978), ("E", 0.973)),
    )  # fmt: skip
    merged, disagree = _merge(sure, lined, 0.8)
    assert disagree and merged.label == "E" and merged.confidence < 0.8
    assert merged.note == DISAGREE_NOTE
    assert [label for label, _ in merged.candidates] == ["E", "B"]
    plain = replace(lined, around_line=())
    assert _merge(sure, plain, 0.8) == (sure, False)
