"""Several copies of one board in one picture: read the board once, and say where the copies
disagree.

Apps that show a photo of the board often show a thresholded copy beside it, and solver
screenshots put the board next to its processed copy. When the copies sit side by side at
the same scale with no wider gap between them than between their tiles (a wider one parts
them into two grids: ``locate._split_at_gaps``), their tiles fall on one lattice, and the
locator finds a grid twice as wide (a 4x8 for a 4x4 board). Two halves of a real board
agree on a tile only by chance (about one tile in fifteen); two copies agree on most
tiles. So a grid whose two halves (left and right, or top and bottom) agree on most
confidently read tiles is one board shown twice: each copy is found again in its own part
of the picture (``locate_apart``: one lattice over both is only roughly each one's) and
read there, each tile is taken from the copies together, and a tile the copies read
differently is unsure, with both readings as candidates.

Copies apart from each other are separate grids (``locate_boards``): a board and its
reflection, a photo with its copy below it. The copy read with the most confidence is the
board (a mirrored letter matches no template well); another copy that reads the same on
most tiles is merged in as above, and one that does not (a reflection) is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from assistant.errors import AssistantError
from assistant.geometry import cell_side, translation
from assistant.imageio import Image
from assistant.locate import LocateConfig, LocatedBoard, locate_boards
from assistant.recognize import TileReading

DISAGREE_NOTE = "the copies of the board in the picture read differently here"


@dataclass(frozen=True)
class CopiesConfig:
    """Set on side-by-side copies of the real fixtures (a photo and its black-and-white
    copy) and on the committed synthetic boards, none of whose halves agree on more than
    a fifth of their tiles."""

    min_lines: int = 3  # each copy is a board of at least 3 rows and columns
    agree: float = 0.5  # tiles read alike in both halves, share of a half
    conflict: float = 0.25  # tiles read differently (both confident), share of a half at most
    # The glyphs of one half correlate this well with the other half's mirrored back: a
    # reflection (a board on a glossy table, a mirrored copy) measures 0.95 and up, two
    # halves of one board at most 0.31 (6x6 and 8x8 boards of the real fixtures' tiles).
    mirror_corr: float = 0.6
    # Copies found again apart (``locate_apart``): each in its part of the picture with
    # this much of a tile around it, and kept where no corner moved further than this.
    apart_margin: float = 0.5
    apart_slack: float = 0.5


@dataclass(frozen=True)
class Copies:
    """One board shown ``count`` times: ``located`` is the copy kept, ``readings`` its
    tiles taken from all copies (re-indexed to it)."""

    located: LocatedBoard
    readings: tuple[TileReading, ...]
    count: int
    axis: str  # "side by side" or "one above the other"
    disagree: tuple[tuple[int, int], ...]
    parts: tuple[LocatedBoard, ...] = ()  # every copy, as a part of the grid first found


def find_copies(
    located: LocatedBoard,
    readings: Sequence[TileReading],
    *,
    threshold: float,
    config: CopiesConfig | None = None,
) -> Copies | None:
    """The board as two copies of half its size, or None when it is one board."""
    cfg = config or CopiesConfig()
    grid = {(t.row, t.col): t for t in readings}
    for across in (True, False):
        n = located.cols if across else located.rows
        if n % 2 or n // 2 < cfg.min_lines or (located.rows if across else located.cols) < 3:
            continue
        half = n // 2
        rows, cols = (located.rows, half) if across else (half, located.cols)
        pairs = []
        for r in range(rows):
            for c in range(cols):
                other = (r, c + half) if across else (r + half, c)
                pairs.append(((r, c), grid[(r, c)], grid[other]))
        sure = [
            (a, b) for _, a, b in pairs if a.confidence >= threshold and b.confidence >= threshold
        ]
        agree = sum(a.label == b.label and a.label != "" for a, b in sure)
        conflict = sum(a.label != b.label for a, b in sure)
        size = rows * cols
        first = [a for _, a, _ in pairs]
        second = [b for _, _, b in pairs]
        keep_second = _mean(second) > _mean(first)
        offset = half if keep_second else 0
        if _mirror_corr(located, half, across) >= cfg.mirror_corr:
            # A board and its reflection: the half that reads with more confidence, alone.
            kept = [t for t in readings if (t.col >= half if across else t.row >= half)]
            if not keep_second:
                kept = [t for t in readings if (t.col < half if across else t.row < half)]
            dr, dc = (0, offset) if across else (offset, 0)
            return Copies(
                located=_part(located, rows, cols, offset, across),
                readings=tuple(replace(t, row=t.row - dr, col=t.col - dc) for t in kept),
                count=2,
                axis="reflected beside it" if across else "reflected below it",
                disagree=(),
            )
        if agree < cfg.agree * size or conflict > cfg.conflict * size:
            continue
        merged, disagree = [], []
        for (r, c), a, b in pairs:
            tile, differs = _merge(a, b, threshold)
            merged.append(replace(tile, row=r, col=c))
            if differs:
                disagree.append((r, c))
        return Copies(
            located=_part(located, rows, cols, offset, across),
            readings=tuple(merged),
            count=2,
            axis="side by side" if across else "one above the other",
            disagree=tuple(disagree),
            parts=(_part(located, rows, cols, 0, across), _part(located, rows, cols, half, across)),
        )
    return None


def pick_copy(
    copies: Sequence[tuple[LocatedBoard, Sequence[TileReading]]],
    *,
    threshold: float,
    config: CopiesConfig | None = None,
) -> tuple[LocatedBoard, tuple[TileReading, ...]]:
    """Of separate grids of the same size, the board: the one read most confidently, with
    the tiles of every copy that reads like it merged in (unsure where they differ)."""
    cfg = config or CopiesConfig()
    order = sorted(copies, key=lambda lr: -float(np.mean([t.confidence for t in lr[1]])))
    located, best = order[0]
    tiles = {(t.row, t.col): t for t in best}
    for _, other in order[1:]:
        pairs = [(tiles[(t.row, t.col)], t) for t in other]
        sure = [(a, b) for a, b in pairs if min(a.confidence, b.confidence) >= threshold]
        agree = sum(a.label == b.label and a.label != "" for a, b in sure)
        if agree < cfg.agree * len(pairs) or len(sure) - agree > cfg.conflict * len(pairs):
            continue  # a reflection, or another board: not read into this one
        for a, b in pairs:
            tiles[(a.row, a.col)] = _merge(a, b, threshold)[0]
    return located, tuple(tiles[(t.row, t.col)] for t in best)


def _mean(readings: Sequence[TileReading]) -> float:
    return float(np.mean([t.confidence for t in readings]))


def _mirror_corr(located: LocatedBoard, half: int, across: bool) -> float:
    """Correlation of the glyphs (the middle of each cell, less its own mean: the tiles'
    faces and gaps mirror alike on any board) of the grid's first half with those of its
    second half mirrored back: about 1 for a board and its reflection, low for two halves
    of one board, whose letters differ."""
    gray = cv2.cvtColor(located.board, cv2.COLOR_BGR2GRAY).astype(np.float64)
    p = located.cell_px
    cut = half * p
    a, b = (gray[:, :cut], gray[:, cut:][:, ::-1]) if across else (gray[:cut], gray[cut:][::-1])
    if a.shape != b.shape:
        return 0.0
    lo, hi = p // 4, p - p // 4
    num = den_a = den_b = 0.0
    for r in range(a.shape[0] // p):
        for c in range(a.shape[1] // p):
            ca = a[r * p + lo : r * p + hi, c * p + lo : c * p + hi]
            cb = b[r * p + lo : r * p + hi, c * p + lo : c * p + hi]
            ca, cb = ca - ca.mean(), cb - cb.mean()
            num += float((ca * cb).sum())
            den_a += float((ca * ca).sum())
            den_b += float((cb * cb).sum())
    return num / float(np.sqrt(den_a * den_b)) if den_a > 0 and den_b > 0 else 0.0


def _merge(a: TileReading, b: TileReading, threshold: float) -> tuple[TileReading, bool]:
    """One tile from its two copies, and whether they disagree."""
    sure_a, sure_b = a.confidence >= threshold, b.confidence >= threshold
    if sure_a != sure_b:
        sure, unsure = (a, b) if sure_a else (b, a)
        # One copy lost the letter (a threshold, glare); but one read around a line, with
        # a letter, says the line leaves the two copies apart: the same line over the
        # same letter, and only one copy sure of it. A gold B whose bowls a green
        # arrowhead hid was settled E in one copy and read F, unsure, in the other
        # (benchmarks/stress.py 115900, spellcast-arrows 115902 + twice, r1c0); read
        # around the line with the templates' ink hidden as the glyph's
        # (``RecognizeConfig.masked_symmetric``), the other copy read E first, unsure.
        if not (unsure.around_line and unsure.label):
            return sure, False
    elif a.label == b.label:
        return (a if a.confidence >= b.confidence else b), False
    best, other = (a, b) if a.confidence >= b.confidence else (b, a)
    listed: dict[str, float] = {}  # each label once, as the more confident copy lists it
    for label, p in ((best.label, best.confidence), (other.label, other.confidence)):
        listed.setdefault(label, p)
    for label, p in (*best.candidates[1:], *other.candidates[1:]):
        listed.setdefault(label, p)
    unsure = replace(
        best,
        confidence=min(a.confidence, b.confidence, threshold) * 0.99,
        candidates=tuple(listed.items()),
        note=DISAGREE_NOTE,
    )
    return unsure, True


def _part(located: LocatedBoard, rows: int, cols: int, offset: int, across: bool) -> LocatedBoard:
    """The copy starting ``offset`` cells right (``across``) or down of the grid's origin."""
    p = located.cell_px
    dx, dy = (offset * p, 0) if across else (0, offset * p)
    board = located.board[dy : dy + rows * p, dx : dx + cols * p]
    hmat = located.homography @ translation(dx, dy)
    part = replace(
        located, rows=rows, cols=cols, board=np.ascontiguousarray(board), homography=hmat
    )
    corners = (
        part.cell_quad(0, 0)[0],
        part.cell_quad(0, cols - 1)[1],
        part.cell_quad(rows - 1, cols - 1)[2],
        part.cell_quad(rows - 1, 0)[3],
    )
    dr, dc = (0, offset) if across else (offset, 0)
    missing = tuple(
        (r - dr, c - dc) for r, c in located.missing if 0 <= r - dr < rows and 0 <= c - dc < cols
    )
    return replace(part, corners=corners, missing=missing)


def locate_apart(
    image: Image,
    parts: Sequence[LocatedBoard],
    *,
    locate: LocateConfig | None = None,
    config: CopiesConfig | None = None,
) -> tuple[LocatedBoard, ...] | None:
    """Each copy found again in its own part of the picture, or None where one is not
    found near where the grid over them all put it. Copies with a gap between them fall
    on one lattice only roughly (the gap is no whole number of tiles): the grid found over
    two copies of a Ruzzle board beside each other was a tenth of a tile too wide a
    pitch, its cells off by a third of a tile at the copies' far edges, where a "10" was
    cut through and read 1 with confidence (benchmarks/stress.py 111600, ruzzle + twice).
    """
    cfg = config or CopiesConfig()
    if len(parts) < 2:  # a reflection: one copy read, nothing to merge
        return None
    h, w = image.shape[:2]
    found = []
    for part in parts:
        quad = np.array(part.corners, np.float64)
        pitch = cell_side(part.corners, part.rows, part.cols)
        pad = cfg.apart_margin * pitch
        x0, y0 = (max(0, int(v - pad)) for v in quad.min(axis=0))
        x1, y1 = min(w, int(quad[:, 0].max() + pad) + 1), min(h, int(quad[:, 1].max() + pad) + 1)
        try:
            board = locate_boards(
                np.ascontiguousarray(image[y0:y1, x0:x1]),
                size=(part.rows, part.cols),
                config=locate,
            )[0]
        except AssistantError:
            return None
        board = _shifted(board, x0, y0, (w, h))
        off = np.hypot(*(np.array(board.corners) - quad).T).max()
        if (board.rows, board.cols) != (part.rows, part.cols) or off > cfg.apart_slack * pitch:
            return None
        found.append(board)
    return tuple(found)


def _shifted(board: LocatedBoard, dx: int, dy: int, size: tuple[int, int]) -> LocatedBoard:
    """``board`` found in a crop at ``(dx, dy)`` of a picture of ``size``, in its pixels."""
    tl, tr, br, bl = ((x + dx, y + dy) for x, y in board.corners)
    return replace(
        board,
        corners=(tl, tr, br, bl),
        homography=translation(dx, dy) @ board.homography,
        source_size=size,
    )
