"""Pixel geometry shared by the vision stages: boxes, corners, quadrilaterals and masks.

Every stage that measures a tile speaks of the same shapes:

* :class:`Box`: an axis-aligned box in pixels (left ``x``, top ``y``, width ``w``, height
  ``h``), the box of a glyph, a digit, a badge or a tile face;
* :data:`Corner`: one corner of a tile or a board, spelt as people say it ("top-left"...);
  :data:`CORNERS` lists them clockwise from the top-left, the order of a :data:`Quad`;
  :func:`corner_zone` is the part of a box at one corner (a corner search's zone);
* :data:`Quad`: four points, clockwise from the top-left (a board's or a cell's outline in
  the source image), and :func:`cell_side`, the mean side of one cell of a grid laid on it;
* :data:`Mask` and :data:`Labels`: a 0/255 ``uint8`` mask and a connected-components label
  image, :func:`components`, a mask's 8-connected components with their boxes,
  :func:`mask_box`, the box of a mask's pixels, and :func:`emptiest_column`, where to cut
  two touching characters apart.

This module imports nothing of the package: every stage may use it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

Mask = npt.NDArray[np.uint8]
Labels = npt.NDArray[np.int32]
Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]  # top-left, top-right, bottom-right, bottom-left
Corner = Literal["top-left", "top-right", "bottom-right", "bottom-left"]
CORNERS: tuple[Corner, ...] = ("top-left", "top-right", "bottom-right", "bottom-left")


def is_top(corner: Corner) -> bool:
    return corner.startswith("top")


def is_left(corner: Corner) -> bool:
    return corner.endswith("left")


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in pixels: left ``x``, top ``y``, width ``w``, height ``h``."""

    x: int
    y: int
    w: int
    h: int

    @property
    def x1(self) -> int:
        return self.x + self.w

    @property
    def y1(self) -> int:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def union(self, other: Box) -> Box:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Box(x, y, max(self.x1, other.x1) - x, max(self.y1, other.y1) - y)

    def shift(self, dx: int, dy: int) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Box) -> bool:
        """True when ``other`` lies wholly inside this box."""
        return (
            self.x <= other.x and other.x1 <= self.x1 and self.y <= other.y and other.y1 <= self.y1
        )


def corner_zone(box: Box, corner: Corner, w: int, h: int) -> Box:
    """The ``w`` x ``h`` part of ``box`` at its ``corner``: where a stage searches one
    corner of a tile face (a point value, a bonus badge, a gem). Every corner search of the
    vision stages is laid out here; how far each reaches in is its stage's tuned number."""
    x = box.x if is_left(corner) else box.x1 - w
    y = box.y if is_top(corner) else box.y1 - h
    return Box(x, y, w, h)


def clear_of_inner_edges(piece: Box, zone: Box, corner: Corner) -> bool:
    """True when ``piece`` (in the pixels of ``zone``, the zone at ``corner`` of a face, see
    :func:`corner_zone`) stays off the zone's two inner edges: it lies in the corner, not
    reaching out of it into the rest of the face (a letter stroke does)."""
    across = piece.x1 < zone.w if is_left(corner) else piece.x > 0
    along = piece.y1 < zone.h if is_top(corner) else piece.y > 0
    return across and along


def union(boxes: Sequence[Box]) -> Box:
    """The smallest box holding every one of ``boxes`` (at least one)."""
    out = boxes[0]
    for b in boxes[1:]:
        out = out.union(b)
    return out


def overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    """The length two intervals ``[a0, a1)`` and ``[b0, b1)`` share (0 when apart)."""
    return max(0.0, min(a1, b1) - max(a0, b0))


def cell_side(quad: Quad, rows: int, cols: int) -> float:
    """The mean side of one cell of a ``rows`` x ``cols`` grid whose outline is ``quad``:
    the mean of the cell's width along the top and bottom edges and its height along the
    left and right ones (in the quad's pixels; how sharp a board really is)."""
    tl, tr, br, bl = quad
    width = (math.dist(tl, tr) + math.dist(bl, br)) / 2 / cols
    height = (math.dist(tl, bl) + math.dist(tr, br)) / 2 / rows
    return (width + height) / 2


def translation(dx: float, dy: float) -> npt.NDArray[np.float64]:
    """The homography moving points by ``(dx, dy)``: a board found in a crop, in the
    picture's pixels, or a grid moved by whole cells."""
    return np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])


def mask_box(mask: npt.NDArray[np.uint8] | npt.NDArray[np.bool_]) -> Box:
    """The box of ``mask``'s pixels (set or nonzero; it has at least one)."""
    ys, xs = np.nonzero(mask)
    x0, y0 = int(xs.min()), int(ys.min())
    return Box(x0, y0, int(xs.max()) + 1 - x0, int(ys.max()) + 1 - y0)


def components(mask: Mask) -> tuple[int, Labels, npt.NDArray[np.int32]]:
    """``cv2.connectedComponentsWithStats(mask, connectivity=8)`` less the centroids: the
    number of labels (the background's included), the label image and each label's stats
    (left, top, width, height, area).

    By OpenCV's BBDT algorithm: every block-based algorithm of OpenCV's gives the same
    labels (a component's label follows the first 2x2 block of it in raster order) and the
    same stats, and BBDT with stats runs 1.1-3x faster than the default (Spaghetti) on the
    reader's masks (a 128 px tile's ink 85 -> 35 us); ``tests/test_geometry.py`` holds the
    two equal. An empty mask has the background alone (OpenCV's default crashes on one)."""
    if mask.size == 0:
        return 1, np.zeros(mask.shape[:2], np.int32), np.zeros((1, 5), np.int32)
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask, 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    return int(n), np.asarray(labels, np.int32), np.asarray(stats, np.int32)


def emptiest_column(
    ink: npt.NDArray[np.bool_] | Mask, middle: tuple[float, float] = (0.3, 0.7)
) -> int:
    """Where to cut a piece of ink that is two touching characters ("10" blurred into one
    blob, a kerned "TW"): the column of ``ink`` (a 2-D mask of the piece's box) with the
    least ink, in the ``middle`` of its width (by default 30-70 %)."""
    column = np.count_nonzero(ink, axis=0)
    w = len(column)
    lo = int(w * middle[0])
    hi = max(int(w * middle[1]), lo + 1)
    return lo + int(np.argmin(column[lo:hi]))
