"""The naive baseline for benchmarks/ocr.py: what hobby Boggle solvers do to read a board.

Given the board our locate stage found (so that only recognition differs), split the
rectified board evenly into its cells, keep the middle of each (dropping the tile's border
and corner digits, as hobby solvers crop a margin), binarize it with Otsu, and run Tesseract
on each tile in its own process (``pytesseract.image_to_string`` with ``--psm 10``, "treat
the image as a single character", and an A-Z whitelist). The text is uppercased and a lone
``Q`` becomes ``QU``. There is no notion of an unsure tile: whatever comes back is the
tile, so every wrong answer (an empty one included) is a confident wrong answer.

Benchmark code only; needs the tesseract binary and pytesseract.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

import cv2
import numpy as np

from assistant.locate import Image, LocatedBoard, locate_board

WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CONFIG = f"--psm 10 -c tessedit_char_whitelist={WHITELIST}"
_BARE_Q = re.compile(r"Q(?!U)")


@dataclass(frozen=True)
class NaiveConfig:
    """How each cell is prepared for Tesseract. Chosen so the baseline is a fair one, on
    8 committed synthetic screen boards (146 tiles): the whole cell in colour gave 40 % of
    tiles right (Tesseract reads the tile border and corner digit as letters, "N" -> "NN"),
    the middle 70 % in colour 70 %, the middle 70 % binarized 83 % at ~1.4 s per board."""

    middle: float = 0.7  # side of the kept middle of each cell, as a share of the cell
    binarize: bool = True  # Otsu on grey, dark glyph on white


@dataclass(frozen=True)
class NaiveReading:
    """The baseline's board: ``tiles`` as display labels ("A", "QU", "" when Tesseract
    returned nothing), ``located`` the board it split, and the time spent locating and
    recognizing (milliseconds)."""

    tiles: tuple[tuple[str, ...], ...]
    located: LocatedBoard
    locate_ms: float
    recognize_ms: float


def normalise(text: str) -> str:
    """Tesseract's answer as a tile label: whitespace dropped, uppercased, ``Q`` -> ``QU``."""
    letters = "".join(text.split()).upper()
    return _BARE_Q.sub("QU", letters)


def prepare(cell: Image, config: NaiveConfig) -> Image:
    """The picture Tesseract gets for one cell (BGR): its middle, binarized when asked
    (grey, 0/255, the glyph dark on white) or else in RGB."""
    side = cell.shape[0]
    margin = round(side * (1 - config.middle) / 2)
    middle = cell[margin : side - margin, margin : cell.shape[1] - margin]
    if not config.binarize:
        return np.ascontiguousarray(cv2.cvtColor(middle, cv2.COLOR_BGR2RGB))
    grey = cv2.cvtColor(middle, cv2.COLOR_BGR2GRAY)
    _, binary = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if np.count_nonzero(binary) * 2 < binary.size:  # mostly dark: light glyph on dark
        binary = 255 - binary
    return np.ascontiguousarray(binary)


def read_tile(cell: Image, config: NaiveConfig) -> str:
    """One Tesseract process for one cell (BGR) of the rectified board."""
    import pytesseract

    return normalise(str(pytesseract.image_to_string(prepare(cell, config), config=CONFIG)))


def read_located(
    located: LocatedBoard, config: NaiveConfig | None = None
) -> tuple[tuple[str, ...], ...]:
    """Every cell of the located board, row by row, each through its own Tesseract call."""
    cfg = config or NaiveConfig()
    return tuple(
        tuple(read_tile(located.cell(r, c), cfg) for c in range(located.cols))
        for r in range(located.rows)
    )


def naive_read(
    image: Image, located: LocatedBoard | None = None, config: NaiveConfig | None = None
) -> NaiveReading:
    """Read a BGR image the hobby way. ``located`` reuses a board already found in it
    (``locate_board`` is deterministic, so locating again gives the same board)."""
    start = time.perf_counter()
    board = located if located is not None else locate_board(image)
    mark = time.perf_counter()
    tiles = read_located(board, config)
    end = time.perf_counter()
    return NaiveReading(tiles, board, (mark - start) * 1000, (end - mark) * 1000)
