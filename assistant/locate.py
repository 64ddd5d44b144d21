"""Stage 2: find the letter grid in an image, wherever it is, and rectify it.

No crop fractions anywhere: the grid is found from the tiles themselves.

1. **Candidates.** A downscaled copy (:attr:`LocateConfig.work_pixels`; exact halvings, so
   cheap) is cut into foreground/background four ways: Otsu on grey, Otsu on saturation
   (white dice in a coloured tray), a local-mean threshold (cream tiles on a light table,
   separated only by shadowed gaps) and the regions that edges enclose. Every outline of
   every cut, holes included (so both polarities: light tiles on dark and dark on light), is
   a candidate when it is square-ish and fills its rotated box (rounded squares do;
   circles, glyphs and bars don't). The same tile found twice is kept once.
2. **Lattice.** Each candidate finds its nearest candidate of similar size one step
   right, left, down and up along its own axes (1-1.9 sides away, near the axis); mutual
   pairs are linked and each linked group gets (col, row) coordinates by walking the links.
   RANSAC fits a homography from those coordinates to the centres and drops outliers;
   every candidate that sits on the fitted lattice then joins (this mends groups split by a
   stray blob); sparse outer rows/columns are trimmed. The final map is affine unless a
   homography fits clearly better (a photo taken at an angle); with perspective, each
   tile's centre is re-measured in the straightened lattice. Cells must be square, 2..8
   rows and columns, mostly seen.
3. **Second look.** When the tiles were small in the searched copy, or some were not seen,
   the search runs again on a sharper crop around the grid (its thresholds now see only
   the board), growing it by a row/column per pass if one was missed.
4. **Accept.** At least 3x3 tiles (2x2 with ``size``), and most cells must show a glyph in
   their middle, which keeps chart grids, tables and chessboards out.
5. **Rectify.** The lattice, extended half a pitch beyond the outer tile centres (each cell
   is its tile plus its share of the gaps), is warped to ``rows*cell_px x cols*cell_px``
   from the smallest halving that still gives every cell ``cell_px`` pixels.

If nothing is found in the working copy (a small board on a big screen) the search runs
once more on a larger copy before :class:`BoardNotFoundError`.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
import numpy.typing as npt

from assistant.colour import bgr_to_lab8
from assistant.errors import BoardNotFoundError, UnsureShapeError
from assistant.geometry import Point, Quad, components, translation
from assistant.imageio import Image as Image
from assistant.numeric import distinct, median

FloatArray = npt.NDArray[np.float64]


def _not_found_hint(size: tuple[int, int] | None) -> str:
    """What to try when no grid is found: --size, unless it was given already."""
    if size is None:
        return "crop closer to the board, or pass --size 4x4 (rows x cols) if you know it"
    return (
        f"crop closer to the board, and check that it has {size[0]} rows and {size[1]} "
        "columns (or leave out --size to detect it)"
    )


_MIN_DIM, _MAX_DIM = 2, 8
_LINK_CHUNK = 128  # candidates per block of the pairwise neighbour search


def _frozen(values: list[float]) -> FloatArray:
    array = np.array(values, dtype=np.float64)
    array.setflags(write=False)
    return array


_RIGHT, _DOWN = _frozen([1.0, 0.0]), _frozen([0.0, 1.0])  # lattice steps (col, row)


@dataclass(frozen=True)
class LocateConfig:
    """Tuned numbers for locating boards (see each field for how it was tuned).

    Tuned on the 22 real fixtures (fixtures/real), on transformed copies of them (small on
    a cluttered 1920x1080 desktop, rotated, perspective-warped, JPEG q20, blurred, noisy,
    inverted) and on 3x3..8x8 boards tiled from real tiles (tests/test_locate.py), with 60
    unrelated pictures (diagrams, charts, icons, code screenshots) that must give no board.
    "Probed a..b" means both ends were tried one at a time and pass all of that; the value
    sits inside. Values without a probe were set once by inspection and are not sensitive
    on this material.
    """

    cell_px: int = 128  # side of one grid cell in the rectified board image

    # -- working copy ------------------------------------------------------------------------
    # Pixels in the downscaled copy searched first: a phone screenshot's tiles stay ~90 px
    # and a 1366x768 desktop board's ~45 px. Probed 0.25/0.35/0.5 MP: 0.25 MP began to lose
    # small boards (3x3 and 8x8 of 24 px tiles on a 1920x1080 desktop); 0.5 MP passes the
    # same cases as 0.35 MP but costs ~3 ms more on a 1080x2400 screenshot.
    work_pixels: int = 350_000
    # Second try when nothing is found: a 1920x1080 desktop at full size, so that the
    # 1-2 px gaps between 20-25 px tiles are still there.
    retry_pixels: int = 2_100_000
    # Third try: a 2560x1440 (or 4K) desktop at full size, for tiles of 10-14 px.
    full_pixels: int = 8_300_000
    # When the tiles are smaller than this (working-copy pixels) the board is searched
    # again in a full-resolution crop for accurate corners (errors of 1 px at 10-20 px
    # tiles are 5-10% of a tile; above ~40 px they are negligible for 128 px cells).
    refine_below_px: float = 40.0
    # Scale of the refinement crop: tiles of about this many pixels (never upsampled).
    refine_tile_px: float = 64.0
    # The crop reaches this many pitches beyond the outer tile centres (1.5 = one whole
    # cell beyond the board, to pick up a row that was missed in the small copy).
    refine_margin: float = 1.5
    refine_passes: int = 3  # crops searched at most (each can add a row/column per side)
    # Grids (best first) given a second look before trying the next copy or giving up.
    max_leads: int = 3

    # -- candidate tiles ---------------------------------------------------------------------
    # Smallest tile side, in source pixels (supported: tiles from ~20 px; the glyphs of
    # code text, which line up in grids too, are below this). 18 lost a 6x6 board of 22 px
    # tiles; 10 passed too ...
    min_tile_src_px: float = 9.0
    # ... and in the searched copy, where gaps between tiles vanish below ~6 px.
    min_tile_px: float = 6.0
    max_tile_frac: float = 0.6  # largest tile side / shorter image side (a 2x2 tight crop)
    # short/long side of a tile's rotated box: a square seen 40 degrees off-axis is 0.77.
    # Probed 0.62..0.78.
    min_aspect: float = 0.7
    # contour area / rotated-box area: a circle is 0.785; the fixtures' tiles measure
    # 0.95-1.0 on screens and 0.86-0.95 for dice. 0.78 let in a false board, 0.86 lost
    # the UO dice.
    min_fill: float = 0.82
    # Duplicates (same tile from two masks): centres closer than this x side, sizes within
    # ``dup_size_ratio``.
    dup_dist: float = 0.3
    dup_size_ratio: float = 1.25
    # Local-mean threshold: block as a fraction of the shorter image side (0.03 lost some
    # 5x5/8x8 boards and was slower), and offset (probed 2..8).
    adaptive_block_frac: float = 0.08
    adaptive_offset: float = 4.0
    # Edge-mask thresholds on a lightly blurred grey image (probed 20/60..45/135).
    canny_low: float = 30.0
    canny_high: float = 90.0

    # -- letters without tiles (the fallback: no tile outline makes a grid) ------------------
    # A glyph stands for its tile when its box is letter-shaped; glyphs of one board are
    # neighbours ``glyph_pitch`` of their height apart (tiles whose letter fills 0.3-0.7 of
    # the pitch) and within ``glyph_off_axis`` of a height across. Glyphs under
    # ``min_glyph_src_px`` are text, not a board.
    glyph_pitch: tuple[float, float] = (1.3, 3.5)
    glyph_off_axis: float = 0.3
    min_glyph_src_px: float = 5.0
    # Every tile of a board shows a letter, so a grid of letters is (nearly) full, at
    # least 3x3 and about square (4x4, 4x5, 5x5...); lines of text that line up are not.
    glyph_fill: float = 0.85
    glyph_block_frac: float = 0.02  # local threshold: block (share of the shorter side)
    glyph_offset: float = 12.0  # ... and how far from the local mean ink is
    # Grey levels between the letters (cell corners, midpoints between letters): at least
    # ``glyph_plain_share`` of them within ``glyph_plain_std`` of their median, as on a
    # board's plain gaps or background (a tile's shadow may cross a few); noise: ~45%.
    glyph_plain_std: float = 25.0
    glyph_plain_share: float = 0.7
    glyph_max_texture: float = 6.0  # median |Laplacian| over the board (noise: ~100)
    glyph_size_ratio: float = 1.2  # neighbouring letters' heights differ at most this much
    # Glyphs of the grid's letter height at least glyph_between_off of a pitch off every
    # lattice point inside the grid (letters between its letters: lines of text, such as
    # the legend of this program's --overlay, read as a 5x4 "board") make it text when
    # they number glyph_between_share of the cells (and at least 2). A board's letters
    # stand alone; a multi-letter tile's letters sit within ~0.25 of its centre.
    glyph_between_off: float = 0.35
    glyph_between_share: float = 0.15
    # A board whose pitch is under this many source pixels is refused as too small (the
    # message says to zoom in or crop) rather than read from a few pixels per letter.
    min_pitch_src_px: float = 9.0
    # What the "no letter grid found" message on a big image names as too small to find:
    # the 11 real cropped Wordament and Word Hunt grids (fixtures/real) pasted on a
    # 2560x1440 canvas with tiles of 10, 12, 14, 16 and 20 px were found 6/11, 8/11, 11/11,
    # 11/11 and 11/11 times (none with a confident wrong tile): under about 14 px a board
    # may not be found.
    findable_pitch_px: float = 14.0

    # -- lattice -----------------------------------------------------------------------------
    # Neighbouring tiles' sides differ at most this much (probed 1.2..1.45).
    neighbour_size_ratio: float = 1.3
    # Centre spacing / tile side for neighbours: 1.0 = touching tiles; the fixtures measure
    # 1.03 (Wordament) to 1.16 (dice). Probed max 1.6 (passes) and 2.3 (a false board).
    min_pitch: float = 0.95
    max_pitch: float = 1.9
    # Sideways offset of a neighbour / tile side, measured across the tile's own axis
    # (~15 degrees of disagreement between a tile's outline and the grid). Probed 0.2..0.36.
    max_off_axis: float = 0.28
    # A line of links between two columns (or rows) of a group this much longer than the
    # group's links (each link over its two tiles' mean side, which perspective keeps)
    # is a gap between two boards: the copies of one board shown side by side linked as
    # one group of twice its width, fitted one lattice over both or none at all
    # (benchmarks/stress.py, "twice": its gaps measure 0.30-0.43). A board's own widest
    # line: 0.11 (the 71 committed fixtures; generated dice trays and Word Hunt photos,
    # 40 boards each: 0.10 and 0.08). A stray blob a line beyond the board links up to
    # 0.5 longer; a single line is never parted off.
    gap_split: float = 0.2
    # RANSAC reprojection tolerance, x pitch: admits the jitter of blob centres and of dice
    # in their cells; a misplaced tile is off by >= 50%. 0.08 lost the StevieG47 dice,
    # 0.16 let in a false board.
    fit_tol: float = 0.12
    # Affine unless a homography brings the RMS error below this fraction of the affine
    # one: the test's keystone warp gains 65-80%, hand-placed dice (no perspective) ~10%.
    # Probed 0.6..0.9.
    perspective_gain: float = 0.75
    # Candidates within this distance (x pitch) of a lattice point join the grid; the
    # passes stop when no tile is added. Probed 0.12..0.3.
    harvest_tol: float = 0.2
    harvest_passes: int = 3
    affine_enough: float = 0.02  # affine RMS error (x pitch) below which it is kept anyway
    # Rows/columns at the edge of a group with fewer tiles than this fraction are dropped
    # (0.65 lost dice rows of the UO photo; at 0.35 a row with 2 of 5 tiles is kept).
    min_line_fill: float = 0.5
    # A grid needs this fraction of its cells seen as tiles (blank/odd tiles are allowed).
    # Probed 0.5..0.75 (tests/test_locate.py passes at both ends). 0.5 since session 5:
    # this program's --overlay with two words over a real Wordament board leaves 9 of 16
    # tiles whole (tests/test_overlays.py); the glyph and ink checks still decide.
    min_cells_fill: float = 0.5
    min_cells_fill_with_size: float = 0.4  # ... and this when --size says what to expect
    # Tiles needed for a grid: 9 (3x3, the smallest real game) when the size is detected,
    # so that a few aligned squares in a diagram or icon do not make a "board"; 4 (2x2)
    # when --size asks for one.
    min_tiles: int = 9
    min_tiles_with_size: int = 4
    # Without --size, this share of cells must show a glyph in their middle
    # (``ink_box`` of the cell): ``ink_min_frac`` of the pixels differ from the cell's median
    # grey, or colour (CIELAB a, b), by more than ``ink_contrast`` (grey alone until
    # session 36, when white letters on a brightened Wordament board's pale yellow, 40
    # apart in grey and 62 in colour, were lost). Letters cover 8-41% of the box in every
    # cell of every fixture; noise of sd 15 reaches 0.7% in grey, 0.5% more in colour;
    # the empty cells of chart grids have none.
    # Probed min_inked_cells 0.4..0.8.
    min_inked_cells: float = 0.6
    ink_box: float = 0.6
    ink_contrast: int = 40
    ink_min_frac: float = 0.03
    # Column pitch / row pitch of the fitted lattice (square cells; 1.3 allows ~40 degrees
    # of foreshortening). Rejects grids of wide table cells. 1.15 lost the perspective
    # copies; 1.5 passed too.
    max_pitch_aspect: float = 1.3

    # -- shape check (never a confident wrong size) --------------------------------------------
    # After the grid is found, the line of cells one pitch beyond each side is looked at: a
    # cell there is "a tile" when it lies in the image, its face colour is within
    # ``shape_face_dist`` (CIELAB, 8-bit) of the board's median face and it shows a glyph
    # (``ink_*`` above) centred within ``shape_centre`` of the cell whose height is within
    # ``shape_height`` times the board's median glyph height. A line where at least
    # ``shape_grow`` of the cells are tiles belongs to the board (narrow I, L, J glyphs leave
    # no square blob, and a column of them was dropped); one where two or more are, but
    # fewer than that, makes the size unsure. An outer line with no glyph at all is not a
    # tile line (a tight crop's empty margin), nor is one, seen whole, with neither the
    # face colour nor the edges (``shape_ring_*``) of the tiles in any cell (the wood and
    # buttons beside a board). Cells are looked at ``shape_cell_px`` wide.
    # Set on the real fixtures (no line beyond any of them has a tile-like cell) and on
    # boards with a line of narrow letters, black-and-white copies and tight crops
    # (tests/test_locate.py).
    shape_cell_px: int = 48
    shape_face_dist: float = 30.0
    shape_centre: float = 0.2
    shape_height: tuple[float, float] = (0.5, 1.8)
    shape_grow: float = 0.6
    # Tiles with visible edges or gaps (the board's mean cell border varies by more than
    # ``shape_ring_std`` lightness levels) also need a cell border that correlates with it
    # by ``shape_ring_corr``: text above or below a board has the face colour and glyphs,
    # but not the tile's edges.
    shape_ring_std: float = 12.0
    shape_ring_corr: float = 0.6
    shape_passes: int = 4
    # An outer line with no glyph is dropped only where glyphs are found in at least
    # shape_drop_inked of the other tiles: on a board of ~14 px tiles the cells' ink is
    # lost to blur in most tiles (3 of 16 on a Wordament board), and its first column, all
    # four letters there, was dropped: a 4x3 board read with confidence
    # (benchmarks/stress.py 97000, wordament-orange tile14).
    shape_drop_inked: float = 0.6


@dataclass(frozen=True)
class LocatedBoard:
    """A board found in an image.

    ``corners`` are the outer corners of the tile lattice in source-image pixels, in the order
    top-left, top-right, bottom-right, bottom-left. ``board`` is the perspective-corrected
    board: ``rows*cell_px`` by ``cols*cell_px`` BGR pixels, the cell of tile (r, c) being
    ``board[r*cell_px:(r+1)*cell_px, c*cell_px:(c+1)*cell_px]`` (the tile plus its share of
    the gap between tiles).

    Added by the implementation:

    - ``homography``: 3x3 matrix taking rectified-board pixel coordinates ``(x, y, 1)`` to
      source-image pixel coordinates (``board`` is ``warpPerspective`` of the source through
      it). :meth:`to_source` and :meth:`cell_quad` use it.
    - ``tile_ratio``: the tiles' median side divided by the pitch (0..1): the tile face
      fills about the central ``tile_ratio`` of each cell, the rest is gap.
    - ``score``: detection confidence 0..1 (share of cells where a tile was seen, times
      how well the tile centres fit the lattice).
    - ``missing``: cells where no tile outline was seen (blank, highlighted or occluded
      tiles); the rest of the lattice put them where they must be.
    """

    rows: int
    cols: int
    corners: Quad
    board: Image
    cell_px: int
    homography: FloatArray = field(repr=False, compare=False, default_factory=lambda: np.eye(3))
    tile_ratio: float = 0.9
    score: float = 1.0
    missing: tuple[tuple[int, int], ...] = ()
    source_size: tuple[int, int] | None = None  # the picture's width and height, if known

    def cell(self, r: int, c: int) -> Image:
        p = self.cell_px
        return self.board[r * p : (r + 1) * p, c * p : (c + 1) * p]

    def to_source(self, x: float, y: float) -> Point:
        """Source-image pixel coordinates of rectified-board point ``(x, y)``."""
        v = self.homography @ np.array([x, y, 1.0])
        return (float(v[0] / v[2]), float(v[1] / v[2]))

    def cell_quad(self, r: int, c: int) -> Quad:
        """Corners (TL, TR, BR, BL) of cell (r, c) in source-image pixels."""
        p = self.cell_px
        x0, y0, x1, y1 = c * p, r * p, (c + 1) * p, (r + 1) * p
        return (
            self.to_source(x0, y0),
            self.to_source(x1, y0),
            self.to_source(x1, y1),
            self.to_source(x0, y1),
        )


@dataclass(frozen=True)
class _Lattice:
    """A grid found in one image copy; coordinates in that copy's pixels."""

    rows: int
    cols: int
    lattice_to_image: FloatArray  # homography: (col, row, 1) of tile centres -> pixels
    present: frozenset[tuple[int, int]]
    pitch: float
    tile_ratio: float
    residual: float  # RMS reprojection error / pitch
    weight: float  # ranking: tiles seen x tile area x fit
    glyphs: bool = False  # found from the letters (no tile outlines)
    # Sides ("left", "top"...) where a gap parted it from more tiles (``_split_at_gaps``):
    # another board's tiles lie beyond, never a line of this one.
    apart: frozenset[str] = frozenset()

    @property
    def fill(self) -> float:
        return len(self.present) / (self.rows * self.cols)


def locate_board(
    image: Image, *, size: tuple[int, int] | None = None, config: LocateConfig | None = None
) -> LocatedBoard:
    """Find the grid in a BGR image. ``size`` = (rows, cols) overrides size detection.
    Raises BoardNotFoundError when no grid is found."""
    return locate_boards(image, size=size, config=config)[0]


def locate_boards(
    image: Image, *, size: tuple[int, int] | None = None, config: LocateConfig | None = None
) -> tuple[LocatedBoard, ...]:
    """Every copy of the board in the image, best first: the grid :func:`locate_board`
    returns, then other grids of the same size found beside it (a board and its
    reflection, a photo and its thresholded copy). Raises BoardNotFoundError."""
    cfg = config or LocateConfig()
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError("locate_board expects a BGR uint8 image (use assistant.imageio)")
    if size is not None and not all(_MIN_DIM <= n <= _MAX_DIM for n in size):
        raise ValueError(f"size must be 2..8 rows and columns, got {size[0]}x{size[1]}")
    h, w = image.shape[:2]
    if min(h, w) < 16:
        raise BoardNotFoundError(f"the image is only {w}x{h} pixels", hint=_not_found_hint(size))

    pyr = _Pyramid(image)
    # Tiles first; then, when no tile outlines make a grid (a black-and-white copy with
    # letters only, a tiny board whose gaps have blurred away), the letters themselves.
    for search in (_search, _glyph_search):
        tried_full = False
        for pixels in (cfg.work_pixels, cfg.retry_pixels, cfg.full_pixels):
            if tried_full:
                break
            scale = min(1.0, math.sqrt(pixels / (h * w)))
            tried_full = scale >= 1.0
            small, back = _resize(pyr, scale)
            found = _boards(image, pyr, search(small, back, size, cfg), back, size, cfg)
            if found:
                return found
    if h * w >= cfg.retry_pixels:  # a desktop: the board may be there, but tiny
        raise BoardNotFoundError(
            f"no letter grid found in the {w}x{h} image (a board whose tiles are under "
            f"about {cfg.findable_pitch_px:.0f} pixels may be too small to find)",
            hint=f"zoom in on the board, or {_not_found_hint(size)}",
        )
    raise BoardNotFoundError("no letter grid found in the image", hint=_not_found_hint(size))


def _boards(
    image: Image,
    pyr: _Pyramid,
    leads: list[_Lattice],
    back: FloatArray,
    size: tuple[int, int] | None,
    cfg: LocateConfig,
) -> tuple[LocatedBoard, ...]:
    """The first of the best grids found in a copy that makes a board, then the other
    grids among the best that make a board of the same size apart from it."""
    found: list[LocatedBoard] = []
    least = cfg.min_tiles if size is None else cfg.min_tiles_with_size
    # Grids of 4+ tiles are leads: a board whose tiles blur together here may show only a
    # few of them; the second look decides.
    for lat in leads[: cfg.max_leads]:
        to_full = back @ lat.lattice_to_image
        if found and not _another_copy(lat, to_full, found[0]):
            continue  # cheap checks first: most second leads are pieces of the board
        if not lat.glyphs and (lat.pitch * lat.tile_ratio < cfg.refine_below_px or lat.fill < 1):
            to_full, lat = _second_look(image, lat, to_full, size, cfg)
        if size is None:
            try:
                to_full, lat = _settle_shape(pyr, lat, to_full, cfg)
            except UnsureShapeError:
                if len(lat.present) >= least and not found:
                    raise  # the best grid's size is unsure: never another grid instead
                continue
        if len(lat.present) < least:
            continue
        pitch = float(median(_local_pitch(to_full, np.array([[0.0, 0.0]]))))
        if pitch < cfg.min_pitch_src_px:
            if found:
                continue
            raise BoardNotFoundError(
                f"the board is too small to read: its tiles are about {pitch:.0f} pixels",
                hint=f"zoom in or crop closer to the board (tiles of {cfg.min_pitch_src_px:.0f} "
                "pixels or more read)",
            )
        if found and ((lat.rows, lat.cols) != (found[0].rows, found[0].cols)):
            continue
        located = _rectify(pyr, lat, to_full, cfg)
        if any(_overlap_boards(located, other) for other in found):
            continue
        if size is not None or _inked(located, cfg) >= cfg.min_inked_cells:
            found.append(located)
    return tuple(found)


def _another_copy(lat: _Lattice, to_full: FloatArray, first: LocatedBoard) -> bool:
    """Whether a lead may be a second copy of ``first``: most of a board's tiles seen,
    its centre outside ``first``."""
    if len(lat.present) < 0.6 * first.rows * first.cols:
        return False
    centre = _lattice_quad(to_full, lat.rows, lat.cols).mean(axis=0).astype(np.float32)
    quad = np.array(first.corners, dtype=np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(quad, (float(centre[0]), float(centre[1])), False) < 0


def _overlap_boards(a: LocatedBoard, b: LocatedBoard) -> bool:
    """Whether either board's centre lies inside the other's outline."""
    for one, other in ((a, b), (b, a)):
        centre = np.mean(np.array(one.corners), axis=0).astype(np.float32)
        quad = np.array(other.corners, dtype=np.float32).reshape(-1, 1, 2)
        if cv2.pointPolygonTest(quad, (float(centre[0]), float(centre[1])), False) >= 0:
            return True
    return False


def _second_look(
    image: Image,
    lat: _Lattice,
    to_full: FloatArray,
    size: tuple[int, int] | None,
    cfg: LocateConfig,
) -> tuple[FloatArray, _Lattice]:
    """Search crops around the grid: sharper when its tiles were small in the searched
    copy, and with thresholds that see only the board when some tiles were missed. Each
    crop may add the rows/columns next to the grid; stop when nothing changes."""
    for _ in range(cfg.refine_passes):
        to_full, again = _refine(image, lat, to_full, size, cfg)
        grown = len(again.present) > len(lat.present)
        lat = again
        if not grown:
            break
    return to_full, lat


# -- image copies ---------------------------------------------------------------------------


class _Pyramid:
    """An image and its exact halvings (INTER_AREA), made when first asked for. Lives for
    one ``locate_board`` call: the search and the final warp share the halvings."""

    def __init__(self, image: Image) -> None:
        self._levels = [image]

    def level(self, k: int) -> Image:
        while len(self._levels) <= k:
            top = self._levels[-1]
            h2, w2 = top.shape[0] // 2, top.shape[1] // 2
            half = cv2.resize(top[: 2 * h2, : 2 * w2], (w2, h2), interpolation=cv2.INTER_AREA)
            self._levels.append(_u8(half))
        return self._levels[k]


def _resize(pyr: _Pyramid, scale: float) -> tuple[Image, FloatArray]:
    """Downscale by ``scale`` (<= 1); also return the matrix taking small-copy pixel
    coordinates back to full-image coordinates (pixel index i covers [i, i+1)).

    Exact halvings with INTER_AREA (OpenCV's fast path: 0.6 ms for a 1080x2400 screenshot,
    against 9 ms for one INTER_AREA resize by 0.44), then INTER_LINEAR for the remaining
    factor, which is above 0.5 so it does not alias.
    """
    k = 0
    while scale <= 0.5 and min(pyr.level(k).shape[:2]) >= 8:
        k += 1
        scale *= 2.0
    out = pyr.level(k)
    back = _scale_matrix(2.0**k, 2.0**k)
    if scale < 1.0:
        h, w = out.shape[:2]
        w2, h2 = max(1, round(w * scale)), max(1, round(h * scale))
        out = _u8(cv2.resize(out, (w2, h2), interpolation=cv2.INTER_LINEAR))
        back = back @ _scale_matrix(w / w2, h / h2)
    return out, back


def _u8(array: object) -> Image:
    return np.asarray(array, dtype=np.uint8)


def _scale_matrix(sx: float, sy: float) -> FloatArray:
    """Pixel-centre-correct scaling of coordinates: x -> (x + 0.5) * sx - 0.5."""
    return np.array([[sx, 0.0, 0.5 * sx - 0.5], [0.0, sy, 0.5 * sy - 0.5], [0.0, 0.0, 1.0]])


# -- candidates -----------------------------------------------------------------------------


def _masks(img: Image, cfg: LocateConfig) -> Iterator[npt.NDArray[np.uint8]]:
    """Cheap foreground/background cuts. Each is read with RETR_LIST, which returns the
    outlines of its holes as well as of its blobs, so every cut serves both polarities
    (light tiles on a dark board and dark tiles on a light one). Made one at a time, as
    they are read: the working copy's intermediate pictures are not all held at once."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    _, otsu = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    yield _u8(otsu)
    del otsu
    # HSV saturation: white dice in a coloured tray, coloured tiles on grey. (Chroma,
    # max - min, was tried too: it lumps a shadowed orange tray in with the white dice.)
    sat = cv2.extractChannel(cv2.cvtColor(img, cv2.COLOR_BGR2HSV), 1)
    _, s_otsu = cv2.threshold(sat, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    del sat
    yield _u8(s_otsu)
    del s_otsu
    block = max(11, int(min(gray.shape) * cfg.adaptive_block_frac) | 1)
    # Pixels brighter than their neighbourhood: the rims of tiles next to darker gaps (and
    # the gaps around darker tiles, whose outlines come back as holes).
    yield _u8(
        cv2.adaptiveThreshold(
            gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -cfg.adaptive_offset
        )
    )
    edges = cv2.Canny(cv2.GaussianBlur(gray, (3, 3), 0), cfg.canny_low, cfg.canny_high)
    del gray
    # A cross-shaped dilation closes the diagonal steps of 1-px edges (so regions cannot
    # leak through them) while eating less of small tiles than a 3x3 square would.
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    yield _u8(cv2.bitwise_not(cv2.dilate(edges, cross)))


def _candidates(
    img: Image, min_side: float, cfg: LocateConfig
) -> tuple[FloatArray, list[FloatArray]]:
    """Square-ish blobs (and holes): rows of (cx, cy, side, angle_rad, fill, k), where k
    indexes the blob's outline in the returned list of contours."""
    h, w = img.shape[:2]
    max_side = cfg.max_tile_frac * min(h, w)
    min_points = int(2.5 * min_side)  # boundary pixels of the smallest tile
    box_limit, min_aspect = 1.5 * max_side, cfg.min_aspect  # (looked up once: ~1,000 outlines)
    rows: list[tuple[float, float, float, float, float, float]] = []
    outlines: list[FloatArray] = []
    for mask in _masks(img, cfg):
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
        # Most outlines are specks and glyphs: drop them by length without a Python loop.
        lengths = np.fromiter(map(len, contours), dtype=np.int64, count=len(contours))
        for i in np.flatnonzero(lengths >= min_points).tolist():
            cnt = contours[i]
            _, _, bw, bh = cv2.boundingRect(cnt)
            box_short, box_long = (bw, bh) if bw < bh else (bh, bw)
            if box_short < min_side or box_long > box_limit:
                continue
            # Cheap tests on the upright box first: a square turned by up to ~20 degrees
            # keeps a box aspect near 1 and fills >= 60% of it.
            if box_short < min_aspect * box_long:
                continue
            area = cv2.contourArea(cnt)
            if area < 0.55 * bw * bh:
                continue
            (cx, cy), (rw, rh), ang = cv2.minAreaRect(cnt)
            short, long = min(rw, rh), max(rw, rh)
            if short < min_side or long > max_side or short < cfg.min_aspect * long:
                continue
            fill = area / (rw * rh)
            if fill < cfg.min_fill:
                continue
            a = math.radians(ang) % (math.pi / 2)
            if a > math.pi / 4:
                a -= math.pi / 2
            rows.append((cx, cy, math.sqrt(rw * rh), a, fill, len(outlines)))
            outlines.append(cnt.reshape(-1, 2).astype(np.float64))
    if not rows:
        return np.zeros((0, 6)), outlines
    return _dedupe(np.array(rows, dtype=np.float64), cfg), outlines


def _dedupe(c: FloatArray, cfg: LocateConfig) -> FloatArray:
    order = np.argsort(-c[:, 4], kind="stable")  # best fill first
    c = c[order]
    keep = np.ones(len(c), dtype=bool)
    for i in range(len(c)):
        if not keep[i]:
            continue
        d = np.hypot(c[i + 1 :, 0] - c[i, 0], c[i + 1 :, 1] - c[i, 1])
        ratio = c[i + 1 :, 2] / c[i, 2]
        same = (
            (d < cfg.dup_dist * c[i, 2])
            & (ratio < cfg.dup_size_ratio)
            & (ratio > 1 / cfg.dup_size_ratio)
        )
        keep[i + 1 :][same] = False
    return c[keep]


# -- lattice --------------------------------------------------------------------------------


def _search(
    img: Image, back: FloatArray, size: tuple[int, int] | None, cfg: LocateConfig
) -> list[_Lattice]:
    """Grids in ``img`` (a copy of the source; ``back`` maps its pixels back), best first."""
    min_side = max(cfg.min_tile_px, cfg.min_tile_src_px / float(back[0, 0]))
    cands, outlines = _candidates(img, min_side, cfg)
    if len(cands) < cfg.min_tiles_with_size:
        return []
    parts = [part for group in _link(cands, cfg) for part in _split_at_gaps(cands, group, cfg)]
    found = [_fit(cands, outlines, group, size, cfg, apart) for group, apart in parts]
    return sorted((lat for lat in found if lat is not None), key=lambda lat: -lat.weight)


def _glyph_search(
    img: Image, back: FloatArray, size: tuple[int, int] | None, cfg: LocateConfig
) -> list[_Lattice]:
    """Grids of letters: each glyph (a dark or light blob of letter size and shape) stands
    for its tile, as a square of its height, spaced ``glyph_pitch`` heights apart."""
    min_h = max(4.0, cfg.min_glyph_src_px / float(back[0, 0]))
    gray = _u8(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    _, otsu = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    rows: list[tuple[float, float, float, float, float, float]] = []
    outlines: list[FloatArray] = []
    # Letters against the whole picture, and against their own tile (white letters on
    # orange tiles in a busy screenshot, where one threshold for the picture lumps them).
    block = max(11, int(min(gray.shape) * cfg.glyph_block_frac) | 1)
    dark = cv2.adaptiveThreshold(
        gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, cfg.glyph_offset
    )
    light = cv2.adaptiveThreshold(
        gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -cfg.glyph_offset
    )
    for mask in (otsu, cv2.bitwise_not(otsu), dark, light):
        stats = components(_u8(mask))[2]
        for x, y, bw, bh, area in stats[1:]:
            if bh < min_h or bh > cfg.max_tile_frac * min(gray.shape) or bw > 1.6 * bh:
                continue
            if bw < 0.08 * bh or not 0.1 <= area / (bw * bh) <= 0.92:
                continue
            rows.append((x + bw / 2, y + bh / 2, float(bh), 0.0, 1.0, len(outlines)))
            box = [[x, y], [x + bw, y], [x + bw, y + bh], [x, y + bh]]
            outlines.append(np.array(box, dtype=np.float64))
    if len(rows) < cfg.min_tiles_with_size:
        return []
    c = _dedupe(np.array(rows, dtype=np.float64), cfg)
    lo, hi = cfg.glyph_pitch
    gcfg = replace(
        cfg,
        min_pitch=lo,
        max_pitch=hi,
        max_off_axis=cfg.glyph_off_axis,
        neighbour_size_ratio=cfg.glyph_size_ratio,
    )
    found = [_fit(c, outlines, group, size, gcfg) for group in _link(c, gcfg)]
    grids = [
        replace(lat, glyphs=True, tile_ratio=0.9)
        for lat in found
        if lat is not None
        and min(lat.rows, lat.cols) >= 3
        and abs(lat.rows - lat.cols) <= 1
        and lat.fill >= cfg.glyph_fill
        and not _letters_between(c, lat, cfg)
        and _plain_between(gray, lat, cfg)
    ]
    return sorted(grids, key=lambda lat: -lat.weight)


def _letters_between(c: FloatArray, lat: _Lattice, cfg: LocateConfig) -> bool:
    """Whether glyphs of the grid's letter height sit between its letters, off every
    lattice point: lines of text (a legend listing words, a word list), whose every other
    letter can line up in a grid. A board's letters stand alone in their cells."""
    uv = cv2.perspectiveTransform(
        c[:, :2].reshape(-1, 1, 2), np.linalg.inv(lat.lattice_to_image)
    ).reshape(-1, 2)
    inside = (
        (uv[:, 0] > -0.5)
        & (uv[:, 0] < lat.cols - 0.5)
        & (uv[:, 1] > -0.5)
        & (uv[:, 1] < lat.rows - 0.5)
    )
    off = np.abs(uv - np.round(uv)).max(axis=1)
    on = inside & (off <= cfg.glyph_off_axis)
    if not on.any():
        return False
    height = float(median(c[on, 2]))
    ratio = c[:, 2] / height
    alike = (ratio <= cfg.glyph_size_ratio) & (ratio >= 1 / cfg.glyph_size_ratio)
    between = int(np.count_nonzero(inside & alike & (off >= cfg.glyph_between_off)))
    return between >= max(2.0, cfg.glyph_between_share * lat.rows * lat.cols)


def _plain_between(gray: Image, lat: _Lattice, cfg: LocateConfig) -> bool:
    """Whether the points between the letters are plain (a board's gaps or background),
    as they are not in a noisy or busy picture whose blobs happen to line up."""
    # The midpoints between letters side by side, one above the other, and the inner
    # cell corners: at least one kind of point is plain (a letters-only copy's background,
    # a board's gaps; a shadow under every tile darkens all the points between rows alike,
    # a threshold may blacken part of the background).
    us, vs = np.meshgrid(np.arange(2 * lat.cols - 1) / 2, np.arange(2 * lat.rows - 1) / 2)
    h, w = gray.shape[:2]
    plain = False
    for kind in (
        (us % 1 > 0) & (vs % 1 == 0),
        (us % 1 == 0) & (vs % 1 > 0),
        (us % 1 > 0) & (vs % 1 > 0),
    ):
        pts = np.stack([us[kind], vs[kind]], axis=1).reshape(-1, 1, 2)
        xy = cv2.perspectiveTransform(pts, lat.lattice_to_image).reshape(-1, 2).round().astype(int)
        ok = (xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)
        if ok.sum() < 4:
            continue
        values = gray[xy[ok, 1], xy[ok, 0]].astype(np.float64)
        near = np.abs(values - median(values)) <= cfg.glyph_plain_std
        plain = plain or float(near.mean()) >= cfg.glyph_plain_share
    if not plain:
        return False
    # ... and the board's area is mostly flat (letters on plain faces), not a texture.
    quad = _lattice_quad(lat.lattice_to_image, lat.rows, lat.cols)
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    area = gray[y0:y1, x0:x1]
    if area.size == 0:
        return False
    texture = np.abs(cv2.Laplacian(area, cv2.CV_16S))
    return float(median(texture)) <= cfg.glyph_max_texture


def _link(c: FloatArray, cfg: LocateConfig) -> list[dict[int, tuple[int, int]]]:
    """Groups of candidates linked to their mutual nearest neighbours, with (col, row)."""
    n = len(c)
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    nearest = np.full((4, n), -1, dtype=np.int64)
    # In blocks of candidates side by side (bounded memory for images full of squares),
    # each against only those near enough across to be its neighbour: a neighbour lies
    # within hypot(max_pitch, max_off_axis) of their mean size, and is at most
    # neighbour_size_ratio the candidate's size. A photo of noise (1920x1080, ~13,000
    # candidates) took 11.6 s against every candidate, 1.4 s so, the same neighbours.
    order = np.argsort(c[:, 0], kind="stable")
    xs = c[order, 0]
    reach = (
        math.hypot(cfg.max_pitch, cfg.max_off_axis)
        * 0.5
        * (1 + cfg.neighbour_size_ratio)
        * c[:, 2]
        * (1 + 1e-6)
    )
    for start in range(0, n, _LINK_CHUNK):
        rows = order[start : start + _LINK_CHUNK]
        r = float(reach[rows].max())
        lo = int(np.searchsorted(xs, xs[start] - r, "left"))
        hi = int(np.searchsorted(xs, xs[start + len(rows) - 1] + r, "right"))
        # Columns in index order: argmin's first of equals is the same candidate as
        # against them all.
        _nearest(c, rows, np.sort(order[lo:hi]), steps, nearest, cfg)
    opposite = (1, 0, 3, 2)
    groups: list[dict[int, tuple[int, int]]] = []
    seen = np.zeros(n, dtype=bool)
    for start in range(n):
        if seen[start]:
            continue
        coords: dict[int, tuple[int, int]] = {start: (0, 0)}
        taken: set[tuple[int, int]] = {(0, 0)}
        seen[start] = True
        queue = deque([start])
        while queue:
            i = queue.popleft()
            ci, ri = coords[i]
            for k, (sx, sy) in enumerate(steps):
                j = int(nearest[k, i])
                if j < 0 or nearest[opposite[k], j] != i:
                    continue
                pos = (ci + sx, ri + sy)
                if j in coords or seen[j] or pos in taken:
                    continue
                coords[j] = pos
                taken.add(pos)
                seen[j] = True
                queue.append(j)
        if len(coords) >= cfg.min_tiles_with_size:
            groups.append(coords)
    return groups


def _split_at_gaps(
    c: FloatArray,
    group: dict[int, tuple[int, int]],
    cfg: LocateConfig,
    apart: frozenset[str] = frozenset(),
) -> list[tuple[dict[int, tuple[int, int]], frozenset[str]]]:
    """``group`` split at every line of links longer than its others by ``gap_split``
    (two boards side by side, or one above the other), in parts of two lines or more,
    each with the sides where it was parted from the rest; a part of fewer than
    ``min_tiles_with_size`` tiles is left out (no grid fits it)."""
    at = {pos: i for i, pos in group.items()}
    for axis in (0, 1):
        step = (1, 0) if axis == 0 else (0, 1)
        spans: dict[int, list[float]] = {}
        for i, (col, row) in group.items():
            j = at.get((col + step[0], row + step[1]))
            if j is not None:
                side = 0.5 * (c[i, 2] + c[j, 2])
                spans.setdefault((col, row)[axis], []).append(
                    float(np.hypot(*(c[j, :2] - c[i, :2]))) / side
                )
        lines = {k: median(v) for k, v in spans.items()}
        usual = median([x for v in spans.values() for x in v]) if spans else 0.0
        lo, hi = min((p[axis] for p in at), default=0), max((p[axis] for p in at), default=0)
        for k in sorted(lines):
            if lines[k] > (1 + cfg.gap_split) * usual and k - lo >= 1 and hi - k >= 2:
                first = {i: p for i, p in group.items() if p[axis] <= k}
                rest = {i: p for i, p in group.items() if p[axis] > k}
                ends = ("right", "left") if axis == 0 else ("bottom", "top")
                return [
                    part
                    for half, end in zip((first, rest), ends, strict=True)
                    if len(half) >= cfg.min_tiles_with_size
                    for part in _split_at_gaps(c, half, cfg, apart | {end})
                ]
    return [(group, apart)]


def _nearest(
    c: FloatArray,
    rows: npt.NDArray[np.intp],
    cols: npt.NDArray[np.intp],
    steps: tuple[tuple[int, int], ...],
    nearest: npt.NDArray[np.int64],
    cfg: LocateConfig,
) -> None:
    """For candidates ``rows``, the nearest of ``cols`` of similar size one step away in
    each direction along the candidate's own axes (written into ``nearest[k, i]``, -1 if
    none)."""
    x, y, s = c[cols, 0], c[cols, 1], c[cols, 2]
    x0, y0, s0, a = (c[rows, k][:, None] for k in range(4))
    dx = x[None, :] - x0
    dy = y[None, :] - y0
    cos, sin = np.cos(a), np.sin(a)
    u = dx * cos + dy * sin  # along candidate i's own "horizontal"
    v = -dx * sin + dy * cos
    ratio = s[None, :] / s0
    m = 0.5 * (s[None, :] + s0)
    ok = (ratio <= cfg.neighbour_size_ratio) & (ratio >= 1 / cfg.neighbour_size_ratio)
    dist = np.hypot(dx, dy)
    lo, hi, off = cfg.min_pitch * m, cfg.max_pitch * m, cfg.max_off_axis * m
    at = np.arange(len(rows))
    for k, (sx, sy) in enumerate(steps):
        along = u * sx + v * sy
        across = np.abs(v if sx else u)
        d = np.where(ok & (along >= lo) & (along <= hi) & (across <= off), dist, np.inf)
        j = np.argmin(d, axis=1)
        has = np.isfinite(d[at, j])
        nearest[k, rows[has]] = cols[j[has]]


def _fit(
    c: FloatArray,
    outlines: list[FloatArray],
    group: dict[int, tuple[int, int]],
    size: tuple[int, int] | None,
    cfg: LocateConfig,
    apart: frozenset[str] = frozenset(),
) -> _Lattice | None:
    idx = np.array(list(group.keys()))
    lat = np.array([group[i] for i in idx], dtype=np.float64)
    pts = c[idx, :2]
    sides = c[idx, 2]
    # Spacing between linked neighbours gives the pitch for the RANSAC tolerance.
    pitch = _median_pitch(lat, pts)
    if pitch <= 0:
        return None
    for _ in range(3):
        if len(idx) < cfg.min_tiles_with_size or len(distinct(lat[:, 0])) < 2:
            return None
        if len(distinct(lat[:, 1])) < 2:
            return None
        ransac, inl = cv2.findHomography(
            lat, pts, cv2.RANSAC, ransacReprojThreshold=cfg.fit_tol * pitch, maxIters=500
        )
        if ransac is None:
            return None
        keep = inl.ravel().astype(bool)
        if keep.all():
            break
        idx, lat, pts, sides = idx[keep], lat[keep], pts[keep], sides[keep]
    else:
        return None
    # Sparse outer lines are trimmed only after the harvest: tiles hidden under drawn
    # lines (a solver's paths over the board) leave outer lines with a tile or two that
    # the harvest completes from the whole lattice (trimmed first, the grid shrank line by
    # line to the rows that no path crossed).
    idx, lat = _harvest(c, idx, lat, np.asarray(ransac, dtype=np.float64), size is None, cfg)
    if size is None:  # with --size, the window placed below decides the extent
        keep = _trim_lines(lat, np.ones(len(idx), dtype=bool), cfg)
        idx, lat = idx[keep], lat[keep]
        if len(idx) < cfg.min_tiles_with_size:
            return None
    pts, sides = c[idx, :2], c[idx, 2]
    # Coordinates from (0, 0); with --size, place the wanted window on the lattice.
    lat = lat - lat.min(axis=0)
    cols, rows = (int(v) + 1 for v in lat.max(axis=0))
    if size is not None:
        r0, c0 = _window(lat, rows, cols, size)
        lat = lat - [c0, r0]
        rows, cols = size
        inside = (lat[:, 0] >= 0) & (lat[:, 0] < cols) & (lat[:, 1] >= 0) & (lat[:, 1] < rows)
        lat, pts, sides, idx = lat[inside], pts[inside], sides[inside], idx[inside]
    if not (_MIN_DIM <= rows <= _MAX_DIM and _MIN_DIM <= cols <= _MAX_DIM):
        return None
    need = cfg.min_cells_fill if size is None else cfg.min_cells_fill_with_size
    if len(lat) < max(cfg.min_tiles_with_size, need * rows * cols):
        return None
    if len(distinct(lat[:, 0])) < 2 or len(distinct(lat[:, 1])) < 2:
        return None
    hmat, residual_px = _lattice_model(lat, pts, pitch, cfg)
    if abs(hmat[2, 0]) + abs(hmat[2, 1]) > 0:
        # Perspective: a blob's own centre is pulled towards its nearer (larger) side.
        # Take each outline's centre in lattice space instead, and fit again.
        pts = _recentre(hmat, [outlines[int(k)] for k in c[idx, 5]])
        hmat, residual_px = _lattice_model(lat, pts, pitch, cfg)
    # Square cells: column and row pitch alike at the grid's centre.
    mid = np.array([[(cols - 1) / 2, (rows - 1) / 2]])
    o, dc, dr = cv2.perspectiveTransform(
        np.vstack([mid, mid + _RIGHT, mid + _DOWN]).reshape(-1, 1, 2), hmat
    ).reshape(-1, 2)
    aspect = float(np.hypot(*(dc - o)) / max(np.hypot(*(dr - o)), 1e-9))
    if not 1 / cfg.max_pitch_aspect <= aspect <= cfg.max_pitch_aspect:
        return None
    # Pitch measured on the fitted lattice at the tiles' positions (local, perspective-aware).
    local = _local_pitch(hmat, lat)
    residual = residual_px / float(median(local))
    tile_ratio = float(np.clip(median(sides / local), 0.3, 1.0))
    present = frozenset((int(r), int(cc)) for cc, r in lat)
    weight = len(present) * float(median(sides)) ** 2 * max(0.0, 1.0 - residual / cfg.fit_tol)
    return _Lattice(
        rows=rows,
        cols=cols,
        lattice_to_image=hmat,
        present=present,
        pitch=float(median(local)),
        tile_ratio=tile_ratio,
        residual=residual,
        weight=weight,
        apart=apart,
    )


def _harvest(
    c: FloatArray,
    idx: npt.NDArray[np.int64],
    lat: FloatArray,
    hmat: FloatArray,
    trim: bool,
    cfg: LocateConfig,
) -> tuple[npt.NDArray[np.int64], FloatArray]:
    """Collect every candidate that sits on the fitted lattice (within ``harvest_tol`` of
    a lattice point, one row/column beyond the current grid at most, of the tiles' size),
    refit, and repeat until nothing changes. This recovers tiles that the nearest-
    neighbour links missed (e.g. next to a stray blob) and joins groups split by them."""
    for _ in range(cfg.harvest_passes):
        side = float(median(c[idx, 2]))
        try:
            back = np.linalg.inv(hmat)
        except np.linalg.LinAlgError:
            # A degenerate fit (RANSAC on a stray group of a Wordament board on 14 px
            # desktop tiles, benchmarks/stress.py 76000): nothing to harvest from it.
            break
        uv = cv2.perspectiveTransform(c[:, :2].reshape(-1, 1, 2), back)
        uv = uv.reshape(-1, 2)
        cell = np.round(uv)
        off = np.hypot(*(uv - cell).T)
        lo, hi = lat.min(axis=0) - 1, lat.max(axis=0) + 1
        ok = (off < cfg.harvest_tol) & np.all((cell >= lo) & (cell <= hi), axis=1)
        ok &= np.abs(np.log(c[:, 2] / side)) < math.log(cfg.neighbour_size_ratio)
        best: dict[tuple[int, int], tuple[float, int]] = {}
        for k in np.flatnonzero(ok):
            key = (int(cell[k, 0]), int(cell[k, 1]))
            if key not in best or off[k] < best[key][0]:
                best[key] = (float(off[k]), int(k))
        new_idx = np.array([k for _, k in best.values()], dtype=np.int64)
        new_lat = np.array(list(best.keys()), dtype=np.float64).reshape(-1, 2)
        if len(new_idx) < len(idx):
            break
        if trim:
            keep = _trim_lines(new_lat, np.ones(len(new_idx), dtype=bool), cfg)
            new_idx, new_lat = new_idx[keep], new_lat[keep]
        if len(new_idx) < cfg.min_tiles_with_size:
            break
        if set(new_idx.tolist()) == set(idx.tolist()):
            break
        refit, _ = cv2.findHomography(new_lat, c[new_idx, :2], 0)
        if refit is None:
            break
        idx, lat, hmat = new_idx, new_lat, np.asarray(refit, dtype=np.float64)
    return idx, lat


def _lattice_model(
    lat: FloatArray, pts: FloatArray, pitch: float, cfg: LocateConfig
) -> tuple[FloatArray, float]:
    """Least-squares lattice -> image map: affine unless perspective clearly fits better.

    A homography has two more degrees of freedom than an affine map, and on hand-placed
    dice (which wobble in their cells) it bends the grid to follow the wobble; it is used
    only when it cuts the RMS error to below ``perspective_gain`` of the affine error
    (a photo taken at an angle) and the affine error is noticeable.
    """
    design = np.column_stack([lat, np.ones(len(lat))])
    coef, *_ = np.linalg.lstsq(design, pts, rcond=None)
    affine = np.vstack([coef.T, [0.0, 0.0, 1.0]])
    r_aff = _rms(affine, lat, pts)
    if len(lat) < 4 or r_aff < cfg.affine_enough * pitch:
        return affine, r_aff
    found, _ = cv2.findHomography(lat, pts, 0)
    if found is None:
        return affine, r_aff
    hmat = np.asarray(found, dtype=np.float64)
    r_hom = _rms(hmat, lat, pts)
    if r_hom < cfg.perspective_gain * r_aff:
        return hmat, r_hom
    return affine, r_aff


def _recentre(hmat: FloatArray, outlines: list[FloatArray]) -> FloatArray:
    """Image positions of the outlines' centres measured in lattice space (where every
    tile is an upright square), mapped back through ``hmat``."""
    inv = np.linalg.inv(hmat)
    centres = np.empty((len(outlines), 2))
    for k, outline in enumerate(outlines):
        q = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), inv).reshape(-1, 2)
        centres[k] = 0.5 * (q.min(axis=0) + q.max(axis=0))
    return np.asarray(
        cv2.perspectiveTransform(centres.reshape(-1, 1, 2), hmat).reshape(-1, 2), np.float64
    )


def _rms(hmat: FloatArray, lat: FloatArray, pts: FloatArray) -> float:
    proj = cv2.perspectiveTransform(lat.reshape(-1, 1, 2), hmat).reshape(-1, 2)
    return float(np.sqrt(np.mean(np.sum((proj - pts) ** 2, axis=1))))


def _median_pitch(lat: FloatArray, pts: FloatArray) -> float:
    d: list[float] = []
    index = {(int(a), int(b)): k for k, (a, b) in enumerate(lat)}
    for (a, b), k in index.items():
        for nb in ((a + 1, b), (a, b + 1)):
            j = index.get(nb)
            if j is not None:
                d.append(float(np.hypot(*(pts[j] - pts[k]))))
    return float(median(d)) if d else 0.0


def _local_pitch(hmat: FloatArray, lat: FloatArray) -> FloatArray:
    """Mean spacing of the fitted lattice around each lattice point (pixels)."""
    base = cv2.perspectiveTransform(lat.reshape(-1, 1, 2), hmat).reshape(-1, 2)
    right = cv2.perspectiveTransform((lat + _RIGHT).reshape(-1, 1, 2), hmat).reshape(-1, 2)
    down = cv2.perspectiveTransform((lat + _DOWN).reshape(-1, 1, 2), hmat).reshape(-1, 2)
    d1 = np.hypot(*(right - base).T)
    d2 = np.hypot(*(down - base).T)
    return np.asarray(0.5 * (d1 + d2), dtype=np.float64)


def _trim_lines(
    lat: FloatArray, keep: npt.NDArray[np.bool_], cfg: LocateConfig
) -> npt.NDArray[np.bool_]:
    """Drop sparse outer rows/columns (a stray blob that happens to line up with the grid)."""
    keep = keep.copy()
    changed = True
    while changed and keep.sum() >= cfg.min_tiles_with_size:
        changed = False
        for axis in (0, 1):
            vals = lat[keep, axis]
            other = lat[keep, 1 - axis]
            span = int(other.max() - other.min()) + 1
            for edge in (vals.min(), vals.max()):
                count = int(np.sum(vals == edge))
                if count < cfg.min_line_fill * span and vals.max() > vals.min():
                    keep &= lat[:, axis] != edge
                    changed = True
                    break
            if changed:
                break
    return keep


def _window(lat: FloatArray, rows: int, cols: int, size: tuple[int, int]) -> tuple[int, int]:
    """Top-left (row, col) of the ``size`` window on a found ``rows x cols`` lattice that
    holds the most found tiles (a smaller find is extended, a larger one cut down); ties
    go to the most centred window."""
    want_r, want_c = size
    best: tuple[int, int, int, int] | None = None
    for r0 in range(min(0, rows - want_r), max(0, rows - want_r) + 1):
        for c0 in range(min(0, cols - want_c), max(0, cols - want_c) + 1):
            inside = int(
                np.sum(
                    (lat[:, 0] >= c0)
                    & (lat[:, 0] < c0 + want_c)
                    & (lat[:, 1] >= r0)
                    & (lat[:, 1] < r0 + want_r)
                )
            )
            off_centre = abs(2 * r0 + want_r - rows) + abs(2 * c0 + want_c - cols)
            if best is None or (inside, -off_centre) > best[:2]:
                best = (inside, -off_centre, r0, c0)
    assert best is not None
    return best[2], best[3]


# -- refinement and output ------------------------------------------------------------------


def _refine(
    image: Image,
    lat: _Lattice,
    to_full: FloatArray,
    size: tuple[int, int] | None,
    cfg: LocateConfig,
) -> tuple[FloatArray, _Lattice]:
    """Search again in a sharper crop around the board (tiles of ``refine_tile_px``).

    The crop reaches ``refine_margin`` pitches beyond the outer tiles, so rows or columns
    that merged with their neighbours in the small copy are found too. The first find is
    kept unless the crop gives a grid with at least as many tiles that contains it.
    """
    h, w = image.shape[:2]
    quad = _lattice_quad(to_full, lat.rows, lat.cols, margin=cfg.refine_margin)
    x0 = max(0, math.floor(quad[:, 0].min()))
    y0 = max(0, math.floor(quad[:, 1].min()))
    x1 = min(w, math.ceil(quad[:, 0].max()) + 1)
    y1 = min(h, math.ceil(quad[:, 1].max()) + 1)
    if x1 - x0 < 16 or y1 - y0 < 16:
        return to_full, lat
    tile_full = _tile_side_full(to_full, lat)
    scale = min(1.0, cfg.refine_tile_px / max(tile_full, 1.0))
    small, back = _resize(_Pyramid(np.ascontiguousarray(image[y0:y1, x0:x1])), scale)
    leads = _search(small, back, size, cfg)
    again = leads[0] if leads else None
    if again is None or len(again.present) < len(lat.present):
        return to_full, lat
    refined = translation(x0, y0) @ back @ again.lattice_to_image
    # The same board: the first grid's centre must fall inside the new grid.
    mid = np.array([[[(lat.cols - 1) / 2, (lat.rows - 1) / 2]]])
    centre = cv2.perspectiveTransform(mid, to_full)
    u, v = cv2.perspectiveTransform(centre, np.linalg.inv(refined)).ravel()
    if not (-0.5 <= u <= again.cols - 0.5 and -0.5 <= v <= again.rows - 0.5):
        return to_full, lat
    # Never past a gap the first grid was parted from more tiles at: in the crop, one
    # line of another board beyond it is too few to be parted again (a Word Hunt board
    # shown twice grew a column of its copy, benchmarks/stress.py 111800).
    ends = np.array([[[0.0, 0.0]], [[lat.cols - 1.0, lat.rows - 1.0]]])
    (u0, v0), (u1, v1) = cv2.perspectiveTransform(
        cv2.perspectiveTransform(ends, to_full), np.linalg.inv(refined)
    ).reshape(2, 2)
    beyond = {
        "left": u0 > 0.5,
        "top": v0 > 0.5,
        "right": u1 < again.cols - 1.5,
        "bottom": v1 < again.rows - 1.5,
    }
    if any(beyond[side] for side in lat.apart):
        return to_full, lat
    return refined, replace(again, apart=again.apart | lat.apart)


_BEYOND = {
    "top": "in the row above",
    "bottom": "in the row below",
    "left": "in the column left of",
    "right": "in the column right of",
}


@dataclass(frozen=True)
class _CellLook:
    """What one lattice cell shows (see ``LocateConfig.shape_*``)."""

    inside: bool  # the whole cell lies in the image
    face: FloatArray  # median CIELAB colour of its middle
    inked: bool  # a glyph-like amount of ink in its middle
    centred: bool  # ... whose extent is centred in the cell
    height: float  # the ink's height, share of the cell
    ring: FloatArray  # lightness of the cell outside its middle (tile edge and gaps)


@dataclass(frozen=True)
class _TileLike:
    """What the board's tiles look like, to tell whether a cell beyond it is one."""

    face: FloatArray
    height: float
    ring: FloatArray  # mean cell border lightness, mean removed
    framed: bool  # tiles with visible edges or gaps
    plain: float  # most a cell border's lightness varies on this board (no tile edges)

    def matches(self, x: _CellLook, cfg: LocateConfig) -> bool:
        lo, hi = cfg.shape_height
        if not (x.inside and x.inked and x.centred):
            return False
        if not lo * self.height <= x.height <= hi * self.height:
            return False
        if not self.faced(x, cfg):
            return False
        if not self.framed:  # letters only: the cell around the letter is plain too
            return float(x.ring.std()) <= self.plain
        return self.edged(x, cfg)

    def faced(self, x: _CellLook, cfg: LocateConfig) -> bool:
        """Whether the cell has the tiles' face colour."""
        return float(np.linalg.norm(x.face - self.face)) <= cfg.shape_face_dist

    def edged(self, x: _CellLook, cfg: LocateConfig) -> bool:
        """Whether the cell's border goes with the tiles' edges and gaps."""
        own = x.ring - x.ring.mean()
        denom = float(np.linalg.norm(own) * np.linalg.norm(self.ring))
        return denom > 0 and float(own @ self.ring) / denom >= cfg.shape_ring_corr


def _settle_shape(
    pyr: _Pyramid, lat: _Lattice, to_full: FloatArray, cfg: LocateConfig
) -> tuple[FloatArray, _Lattice]:
    """Grow the grid by lines of tiles just beyond it that no tile outline was found for
    (narrow letters, faceless black-and-white copies), drop outer lines with no glyph or
    with neither the tiles' face nor their edges in any cell, and raise
    :class:`UnsureShapeError` when a line beyond is neither clearly the board's nor
    clearly not."""
    for _ in range(cfg.shape_passes):
        looks = _look_around(pyr, to_full, lat.rows, lat.cols, cfg)
        rows, cols = lat.rows, lat.cols
        inner = [looks[r + 1][c + 1] for r in range(rows) for c in range(cols)]
        ref = [x for x in inner if x.inked]
        if len(ref) < 2:
            return to_full, lat
        # The tiles' edges and the gaps between them, the same around every tile; a board
        # drawn without tile faces (letters only) has none, and only its glyphs count.
        ring = np.mean(np.array([x.ring for x in inner]), axis=0)
        like = _TileLike(
            face=median(np.array([x.face for x in ref]), axis=0),
            height=float(median([x.height for x in ref])),
            ring=ring - ring.mean(),
            framed=float(ring.std()) >= cfg.shape_ring_std,
            plain=min(
                2.0 * float(median([x.ring.std() for x in inner])) + cfg.shape_ring_std,
                2.0 * cfg.glyph_plain_std,
            ),
        )

        # (side, cells beyond, cells of the outer line); side: lattice shift of the origin
        sides = {
            "top": ([looks[0][c + 1] for c in range(cols)], [looks[1][c + 1] for c in range(cols)]),
            "bottom": (
                [looks[rows + 1][c + 1] for c in range(cols)],
                [looks[rows][c + 1] for c in range(cols)],
            ),
            "left": (
                [looks[r + 1][0] for r in range(rows)],
                [looks[r + 1][1] for r in range(rows)],
            ),
            "right": (
                [looks[r + 1][cols + 1] for r in range(rows)],
                [looks[r + 1][cols] for r in range(rows)],
            ),
        }
        change: tuple[str, int] | None = None
        grown: list[int] = []
        for side, (beyond, outer) in sides.items():
            others = len(inner) - len(outer)
            inked_elsewhere = len(ref) >= cfg.shape_drop_inked * others
            if not any(x.inked for x in outer) and min(rows, cols) > 3 and inked_elsewhere:
                change = (side, -1)
                break
            if (
                like.framed
                and min(rows, cols) > 3
                and all(x.inside for x in outer)
                and not any(like.faced(x, cfg) or like.edged(x, cfg) for x in outer)
            ):
                # Nor is one with neither the tiles' face nor their edges in any cell (seen
                # whole: a tight crop's outer cells run past the picture). A Wordament
                # board cut through its last column was found a pitch off, its first column
                # the wood beside it and part of a button, and read as its left neighbours,
                # values too, with confidence (benchmarks/stress.py 119700,
                # wordament-desktop + cutcol).
                change = (side, -1)
                break
            if side in lat.apart:
                continue  # another board's tiles, past a gap
            grown = [k for k, x in enumerate(beyond) if like.matches(x, cfg)]
            found = len(grown)
            if found >= cfg.shape_grow * len(beyond):
                change = (side, +1)
                break
            if found >= 2:
                where = _BEYOND[side]
                bigger = _grown(rows, cols, side)
                raise UnsureShapeError(
                    f"the board's size is unclear: {found} of the {len(beyond)} cells {where} "
                    f"the {rows}x{cols} grid look like tiles",
                    hint=f"pass the size you see: --size {rows}x{cols}, or --size "
                    f"{bigger[0]}x{bigger[1]} with that line (rows x cols)",
                    sizes=((rows, cols), bigger),
                )
        if change is None:
            return to_full, lat
        to_full, lat = _resize_lattice(lat, to_full, *change, grown if change[1] > 0 else [])
        if not (_MIN_DIM <= lat.rows <= _MAX_DIM and _MIN_DIM <= lat.cols <= _MAX_DIM):
            raise UnsureShapeError(
                f"the board's size is unclear: the grid of tiles reaches {lat.rows}x{lat.cols}",
                hint="crop the picture to one board, or pass --size RxC",
            )
    return to_full, lat


def _grown(rows: int, cols: int, side: str) -> tuple[int, int]:
    """The size of a rows x cols grid with one line more on ``side``."""
    return (rows + 1, cols) if side in ("top", "bottom") else (rows, cols + 1)


def _resize_lattice(
    lat: _Lattice, to_full: FloatArray, side: str, step: int, seen: Sequence[int] = ()
) -> tuple[FloatArray, _Lattice]:
    """The lattice grown (``step`` = 1) or shrunk (-1) by one line on ``side``; ``seen``
    are the positions along a grown line where a tile was seen."""
    dc = dr = 0
    rows, cols = lat.rows, lat.cols
    if side in ("top", "bottom"):
        rows += step
        dr = -step if side == "top" else 0
    else:
        cols += step
        dc = -step if side == "left" else 0
    to_full = to_full @ translation(dc, dr)
    present = {
        (r - dr, c - dc) for r, c in lat.present if 0 <= r - dr < rows and 0 <= c - dc < cols
    }
    line = {"top": 0, "bottom": rows - 1, "left": 0, "right": cols - 1}[side]
    for k in seen:
        present.add((line, k) if side in ("top", "bottom") else (k, line))
    lat = replace(lat, rows=rows, cols=cols, present=frozenset(present), lattice_to_image=to_full)
    return to_full, lat


def _look_around(
    pyr: _Pyramid, to_full: FloatArray, rows: int, cols: int, cfg: LocateConfig
) -> list[list[_CellLook]]:
    """Every cell of the grid and of one line of cells around it: (rows+2) x (cols+2).

    All cells at once: the warped strip is cut into a (cells, pixels) stack, so that the
    medians and percentiles below are one numpy call each, not one per cell."""
    p = cfg.shape_cell_px
    h, w = pyr.level(0).shape[:2]
    ext = to_full @ translation(-1.0, -1.0)
    nr, nc = rows + 2, cols + 2
    board, _ = _warp(pyr, ext, nr, nc, p)
    lab = bgr_to_lab8(np.asarray(board, np.uint8))
    cells = lab.reshape(nr, p, nc, p, 3).swapaxes(1, 2).reshape(nr * nc, p, p, 3)
    lo, hi = round(p * (0.5 - cfg.ink_box / 2)), round(p * (0.5 + cfg.ink_box / 2))
    m = hi - lo
    mid = cells[:, lo:hi, lo:hi].reshape(nr * nc, m * m, 3)
    faces = _medians(mid)  # (cells, 3)
    light = mid[:, :, 0].astype(np.int16)
    light_median = _medians(light[:, :, None])[:, 0].astype(np.int16)  # int(): toward 0
    far = (np.abs(light - light_median[:, None]) > cfg.ink_contrast).reshape(-1, m, m)
    inked = far.mean(axis=(1, 2)) >= cfg.ink_min_frac
    centred = np.zeros(nr * nc, bool)
    height = np.zeros(nr * nc)
    ink = np.flatnonzero(inked)
    if ink.size:
        y0, y1 = _count_percentiles(far[ink].sum(axis=2), (0.03, 0.97))
        x0, x1 = _count_percentiles(far[ink].sum(axis=1), (0.03, 0.97))
        half = (hi - lo) / 2
        off = np.maximum(np.abs((y0 + y1) / 2 - half), np.abs((x0 + x1) / 2 - half))
        centred[ink] = off <= cfg.shape_centre * p
        height[ink] = (y1 - y0 + 1) / p
    border = np.ones((p, p), dtype=bool)
    border[lo:hi, lo:hi] = False
    rings = cells[:, :, :, 0][:, border].astype(np.float64)
    corners = cv2.perspectiveTransform(
        np.stack(np.meshgrid(np.arange(nc + 1) - 0.5, np.arange(nr + 1) - 0.5), axis=-1).reshape(
            -1, 1, 2
        ),
        ext,
    ).reshape(nr + 1, nc + 1, 2)
    # A cell is inside the image when all four of its corners are (every cell at once).
    quad = np.stack([corners[:-1, :-1], corners[:-1, 1:], corners[1:, :-1], corners[1:, 1:]])
    least, most = quad.min(axis=0), quad.max(axis=0)  # (nr, nc, 2): x, y
    inside = (least[..., 0] >= 0) & (least[..., 1] >= 0) & (most[..., 0] <= w) & (most[..., 1] <= h)
    return [
        [
            _CellLook(
                bool(inside[r, c]),
                faces[k],
                bool(inked[k]),
                bool(centred[k]),
                float(height[k]),
                rings[k],
            )
            for c in range(nc)
            for k in (r * nc + c,)
        ]
        for r in range(nr)
    ]


def _medians(stack: npt.NDArray[np.generic]) -> FloatArray:
    """``np.median(stack[k], axis=0)`` for every k of a (k, n, channels) stack at once
    (the same partition and the same mean of the two middle values)."""
    n = stack.shape[1]
    half = n // 2
    kth = [half - 1, half] if n % 2 == 0 else [half]
    part = np.partition(stack, kth, axis=1)
    if n % 2:
        return np.asarray(part[:, half], np.float64)
    return np.asarray(np.mean(part[:, half - 1 : half + 1], axis=1), np.float64)


def _count_percentiles(
    counts: npt.NDArray[np.integer], quantiles: tuple[float, ...]
) -> list[FloatArray]:
    """For every row of ``counts`` (how many samples take the value 0, 1, 2, ...),
    ``np.percentile(samples, 100 * q)`` for each q in ``quantiles`` (numpy's default
    linear method: the same virtual index and interpolation), without listing the
    samples."""
    cum = np.cumsum(counts, axis=1)
    n = cum[:, -1]

    def value_at(i: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        return np.asarray(np.sum(cum <= i[:, None], axis=1), np.int64)  # i-th smallest

    out = []
    for q in quantiles:
        virtual = (n - 1) * q
        prev = np.floor(virtual)
        last = virtual >= n - 1
        below = np.where(last, n - 1, prev).astype(np.int64)
        above = np.where(last, n - 1, prev + 1).astype(np.int64)
        gamma = virtual - prev
        a, b = value_at(below), value_at(above)
        diff = b - a
        # numpy's _lerp: from the nearer end, so that the result stays within [a, b]
        out.append(np.where(gamma >= 0.5, b - diff * (1 - gamma), a + diff * gamma))
    return out


def _inked(located: LocatedBoard, cfg: LocateConfig) -> float:
    """Share of cells whose middle shows a glyph: enough pixels far from the cell's
    typical colour, in grey or in colour (white letters on a pale yellow face differ by
    40 in grey, by 62 in colour). Empty look-alikes (chart grids, tables,
    keypads without labels) fail."""
    p, rows, cols = located.cell_px, located.rows, located.cols
    lo, hi = round(p * (0.5 - cfg.ink_box / 2)), round(p * (0.5 + cfg.ink_box / 2))
    # Every cell's middle at once, as in _look_around, every other pixel (a glyph's share
    # is the same): a (cells, pixels, 3) stack, in colour.
    cells = located.board.reshape(rows, p, cols, p, 3).swapaxes(1, 2)[:, :, lo:hi:2, lo:hi:2]
    bgr = np.ascontiguousarray(cells.reshape(rows * cols, -1, 3))
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(np.int32)
    ab = bgr_to_lab8(bgr)[:, :, 1:].astype(np.int32)
    mid = np.concatenate([grey[:, :, None], ab], axis=2)
    typical = _medians(mid).astype(np.int32)  # int(): toward 0
    off = mid - typical[:, None, :]
    # Grey or colour apart (each alone: noise of sd 15 in each channel of a dark face
    # puts 0.7% and 0.5% of pixels so; the two in one distance, 2.6%).
    far = (np.abs(off[:, :, 0]) > cfg.ink_contrast) | (
        off[:, :, 1] ** 2 + off[:, :, 2] ** 2 > cfg.ink_contrast**2
    )
    inked = np.count_nonzero(far.mean(axis=1) >= cfg.ink_min_frac)
    return int(inked) / (rows * cols)


def _tile_side_full(to_full: FloatArray, lat: _Lattice) -> float:
    grid = np.array([[c, r] for r in range(lat.rows) for c in range(lat.cols)], np.float64)
    return float(median(_local_pitch(to_full, grid))) * lat.tile_ratio


def _lattice_quad(hmat: FloatArray, rows: int, cols: int, margin: float = 0.5) -> FloatArray:
    q = np.array(
        [
            [-margin, -margin],
            [cols - 1 + margin, -margin],
            [cols - 1 + margin, rows - 1 + margin],
            [-margin, rows - 1 + margin],
        ],
        dtype=np.float64,
    )
    return np.asarray(cv2.perspectiveTransform(q.reshape(-1, 1, 2), hmat).reshape(-1, 2))


def _warp(
    pyr: _Pyramid, to_full: FloatArray, rows: int, cols: int, p: int
) -> tuple[Image, FloatArray]:
    """The ``rows x cols`` lattice warped to cells of ``p`` pixels, and the homography from
    those pixels to the source image's."""
    # Board pixel x (centre at x + 0.5) -> lattice coordinate (x + 0.5) / p - 0.5.
    board_to_lattice = np.array(
        [[1.0 / p, 0.0, 0.5 / p - 0.5], [0.0, 1.0 / p, 0.5 / p - 0.5], [0.0, 0.0, 1.0]]
    )
    hmat = to_full @ board_to_lattice
    hmat = hmat / hmat[2, 2]
    # Warp from the smallest halving in which every cell still has >= p pixels:
    # area-averaged, so big tiles are not aliased, and a quarter of the pixels to read.
    grid = np.array([[c, r] for r in range(rows) for c in range(cols)], np.float64)
    smallest = float(np.min(_local_pitch(to_full, grid)))
    k = max(0, math.floor(math.log2(max(smallest / p, 1.0))))
    level_from_full = np.linalg.inv(_scale_matrix(2.0**k, 2.0**k))
    board = cv2.warpPerspective(
        pyr.level(k),
        level_from_full @ hmat,
        (cols * p, rows * p),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return np.asarray(board, dtype=np.uint8), hmat


def _rectify(pyr: _Pyramid, lat: _Lattice, to_full: FloatArray, cfg: LocateConfig) -> LocatedBoard:
    p = cfg.cell_px
    board, hmat = _warp(pyr, to_full, lat.rows, lat.cols, p)
    quad = _lattice_quad(to_full, lat.rows, lat.cols)
    corners = tuple((float(x), float(y)) for x, y in quad)
    missing = tuple(
        (r, c) for r in range(lat.rows) for c in range(lat.cols) if (r, c) not in lat.present
    )
    score = lat.fill * max(0.0, 1.0 - lat.residual / cfg.fit_tol)
    source = pyr.level(0)  # the picture itself, whose pixels the homography maps to
    return LocatedBoard(
        rows=lat.rows,
        cols=lat.cols,
        corners=(corners[0], corners[1], corners[2], corners[3]),
        board=np.asarray(board, dtype=np.uint8),
        cell_px=p,
        homography=hmat,
        tile_ratio=lat.tile_ratio,
        score=float(np.clip(score, 0.0, 1.0)),
        missing=missing,
        source_size=(int(source.shape[1]), int(source.shape[0])),
    )
