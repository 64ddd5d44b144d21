"""Stage 2: find the letter grid in an image, wherever it is, and rectify it.

(Interface fixed; implementation pending.)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Point = tuple[float, float]


@dataclass(frozen=True)
class LocateConfig:
    """Tuned numbers for locating boards (see each field for how it was tuned)."""

    cell_px: int = 128  # side of one grid cell in the rectified board image


@dataclass(frozen=True)
class LocatedBoard:
    """A board found in an image.

    ``corners`` are the outer corners of the tile lattice in source-image pixels, in the order
    top-left, top-right, bottom-right, bottom-left. ``board`` is the perspective-corrected
    board: ``rows*cell_px`` by ``cols*cell_px`` BGR pixels, the cell of tile (r, c) being
    ``board[r*cell_px:(r+1)*cell_px, c*cell_px:(c+1)*cell_px]`` (the tile plus its share of
    the gap between tiles).
    """

    rows: int
    cols: int
    corners: tuple[Point, Point, Point, Point]
    board: Image
    cell_px: int

    def cell(self, r: int, c: int) -> Image:
        p = self.cell_px
        return self.board[r * p : (r + 1) * p, c * p : (c + 1) * p]


def locate_board(
    image: Image, *, size: tuple[int, int] | None = None, config: LocateConfig | None = None
) -> LocatedBoard:
    """Find the grid in a BGR image. ``size`` = (rows, cols) overrides size detection.
    Raises BoardNotFoundError when no grid is found."""
    raise NotImplementedError
