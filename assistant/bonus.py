"""Bonus squares: read DL/TL/DW/TW from the rectified board's cells.

Games mark a bonus square in one of two ways (``BonusStyle.marker``):

* ``"badge"``: a small coloured label in the top-left corner of the tile (Ruzzle's
  DL/TL/DW/TW; SpellCast's DL, TL and the pink "2x", which doubles the word and is read as
  ``DW``);
* ``"tile"``: the whole tile filled in a colour, its name written small in a corner
  (Scramble / Boggle With Friends).

Each tile face is looked at on a small copy of the board (``BonusConfig.work_cell_px``):

1. **Where.** A badge is a compact blob of saturated colour, far from the face colour, in
   the face's top-left corner (the gems of SpellCast, smaller and lower, are not). A bonus
   tile is a face whose colour is saturated and far from the colour most faces share.
2. **Colour.** The blob's (or face's) median colour is compared with the game's palette
   (``BONUS_STYLES``); without a game, with every palette of that marker. Colour gives each
   kind a weight ``exp(-(dE / colour_sigma)^2 / 2)``.
3. **Text.** For badges large enough in the source image, the badge's characters are cut
   at full resolution and matched by the :class:`TextReader` passed in (the reader passes
   ``assistant.recognize.badges.BadgeText``: the shipped letter templates D, T, L, W, 2, X;
   this stage never imports the recognizer above it): the label text weighs the kinds too.
   Text settles colours shared by two palettes (Ruzzle's yellow DW and SpellCast's yellow
   DL) and confirms the colour otherwise. Without a reader, colour alone names the kind.

The product of the weights, normalized over the kinds, is the reading's confidence; a
reading below ``BonusConfig.sure`` is unsure and should be shown as such, not silently
used. Boards of games without bonus squares (Wordament, Word Hunt, Boggle) read as no
bonuses without looking.

Each reading also says which part of the cell the marker covers (``BonusReading.box``, in
the cell's pixels like the boxes of ``assistant.cut``), so that the letter and value reader
can leave it out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Protocol

import cv2
import numpy as np
import numpy.typing as npt

from assistant.colour import RGB, chroma, delta_e, rgb_lab, to_lab
from assistant.geometry import (
    Box,
    Corner,
    Mask,
    cell_side,
    clear_of_inner_edges,
    components,
    corner_zone,
    emptiest_column,
    is_left,
    is_top,
    union,
)
from assistant.locate import LocatedBoard
from assistant.numeric import median
from assistant.registry import LOOKS, BonusStyle, agreed_corner

FloatArray = npt.NDArray[np.float32]
Marker = Literal["badge", "tile"]


class TextReader(Protocol):
    """Reads the characters written on a badge; passed in by the caller (the reader gives
    ``assistant.recognize.badges.BadgeText``), so that this stage needs nothing above it."""

    def char_groups(self, boxes: Sequence[Box], w: int, h: int) -> list[list[int]]:
        """The indices of ``boxes`` (ink pieces of a ``w`` x ``h`` picture) grouped into
        characters, left to right."""
        ...

    def char_scores(
        self, masks: Sequence[Mask], alphabet: str
    ) -> tuple[tuple[str, ...], FloatArray]:
        """How well each character picture (0/255) matches each character of
        ``alphabet``: the characters scored and a ``len(masks)`` x characters array."""
        ...


# How each game's look marks bonus squares (``Look.bonus`` of the registry), by look name.
BONUS_STYLES: Mapping[str, BonusStyle] = MappingProxyType(
    {look.name: look.bonus for look in LOOKS if look.bonus is not None}
)


def _marker_corner(marker: Marker) -> Corner:
    """The corner of the tile where the games mark bonus squares with ``marker`` (their
    styles' ``corner`` in the registry): the badge, or a filled tile's name. Marks are
    searched before the game is known, so the games' styles of one marker must agree."""
    corners = (s.corner for s in BONUS_STYLES.values() if s.marker == marker)
    return agreed_corner(corners, f"{marker} bonus marks", "top-left")


BADGE_CORNER = _marker_corner("badge")
TILE_LABEL_CORNER = _marker_corner("tile")

# Tile colours that are not bonus squares: the colours a game's tiles take while a word is
# traced (Word Hunt's green and yellow: ``Look.states`` of the registry's records).
TRACED_TILES: tuple[RGB, ...] = tuple(rgb for look in LOOKS for rgb in look.states)


@dataclass(frozen=True)
class BonusConfig:
    """Tuned numbers for reading bonus squares.

    Tuned on the committed synthetic boards (fixtures/synthetic: 4 Ruzzle, 4 Scramble, 4
    SpellCast, with 35 bonus squares among 246 tiles; the 28 other synthetic and 22 real
    boards have none), then checked on 1,000 fresh renders (see ``GamesConfig``): every
    bonus square right, none where there is none. Colour distances are CIELAB dE (L
    0..100). Measured on the committed boards: a badge covers 4.8-6.7 % of the face, a
    SpellCast gem ~1 %; the colour read comes back within dE 22 of its palette colour
    (small SpellCast badges blur into the face; most are within 10) while the nearest wrong
    colour of the same palette is at least 37 away.
    """

    work_cell_px: int = 64  # cells are searched at this size (badges are 15-20 px wide)
    face_inset: float = 0.03  # the face box is the tile less this share of a cell
    # Face-coloured pixels (for measuring the face boxes) are this close to their face.
    face_delta_e: float = 12.0
    # Badge search area: this share of the face from its left and top edges.
    zone_w: float = 0.5
    zone_h: float = 0.42
    badge_chroma: float = 35.0  # badge pixels are at least this saturated...
    badge_delta_e: float = 30.0  # ...and this far from the tile's face colour
    badge_min_area: float = 0.02  # share of the face: gems (~0.01) and specks are smaller
    badge_max_area: float = 0.16
    badge_min_side: float = 0.12  # badge width and height, share of the face side
    badge_fill: float = 0.45  # blob pixels / its bounding box (rounded label with text)
    # The badge sits in the corner: it starts within badge_start of the face's top and left
    # edges and ends before badge_end_x / badge_end_y (letter strokes reach farther in).
    badge_start: float = 0.12
    badge_end_x: float = 0.45
    badge_end_y: float = 0.38
    # A bonus tile: face colour this saturated and this far from the colour most faces share.
    fill_chroma: float = 25.0
    fill_delta_e: float = 30.0
    colour_sigma: float = 12.0  # dE at which a palette colour's weight falls to exp(-1/2)
    # Farther than colour_max from every palette colour: not a bonus; between colour_near
    # and colour_max the confidence falls linearly to 0 (a colour the palette does not know).
    colour_near: float = 24.0
    colour_max: float = 45.0
    # Text: "always" read it (where readable) to confirm the colour, or only "when-unsure":
    # when the game is unknown (several palettes), the colour is off the palette (fit < 1) or
    # its best kind has less than text_check of the colour weight. The game's own palette on
    # a clean screenshot leaves no doubt, and reading costs ~1 ms a badge.
    text: Literal["always", "when-unsure"] = "when-unsure"
    text_check: float = 0.99
    # Text is read only when the badge's characters are this tall in the source image.
    text_min_px: float = 7.0
    text_delta_e: float = 35.0  # text pixels differ this much from the badge colour
    text_min_area: float = 0.0006  # share of the cell; smaller text pieces are specks
    text_temperature: float = 0.04  # template-score difference worth a factor e
    # Text never outweighs colour by more than 1/text_floor (a misread label must not
    # overrule a clear colour), and when the text reads as another kind than the one chosen
    # the confidence is multiplied by disagree_factor: the reading comes out unsure.
    text_floor: float = 0.05
    disagree_factor: float = 0.5
    pair_aspect: float = 1.3  # one text piece this wide (x its height) is two characters
    sure: float = 0.6  # readings less confident than this are unsure


@dataclass(frozen=True)
class BonusReading:
    """A bonus square: ``kind`` DL/TL/DW/TW, calibrated-ish ``confidence`` 0..1, the
    ``marker`` seen, and the ``box`` it covers in its cell (pixels of
    ``LocatedBoard.cell(r, c)``, as the boxes of ``assistant.cut``): the recognizer can ignore it.
    ``text`` is the label read on the marker ("" when too small to read); ``sure_at`` the
    confidence from which it is sure (``BonusConfig.sure`` of the config it was read with).
    """

    kind: str
    confidence: float
    marker: Marker
    box: Box
    text: str = ""
    sure_at: float = BonusConfig.sure

    @property
    def sure(self) -> bool:
        return self.confidence >= self.sure_at


BonusGrid = tuple[tuple[BonusReading | None, ...], ...]


# --------------------------------------------------------------------------- faces


@dataclass(frozen=True, eq=False)
class BoardFaces:
    """The board at ``cell`` pixels per cell in CIELAB (``lab``: L 0..100), each tile's face
    box in those pixels, each face's median colour and the median of those
    (the colour most faces share); per pixel, its distance from its own tile's face colour
    (``delta``, dE), its chroma and that of its tile's face (``sat``, ``face_sat``)."""

    lab: FloatArray
    cell: int
    boxes: tuple[tuple[Box, ...], ...]
    tile_lab: FloatArray  # rows x cols x 3
    face_lab: FloatArray  # 3
    delta: FloatArray
    sat: FloatArray
    face_sat: FloatArray


def board_faces(located: LocatedBoard, config: BonusConfig | None = None) -> BoardFaces:
    """Measure the faces of ``located`` at ``work_cell_px`` pixels per cell (never
    upsampled).

    The face colours come from the central ``tile_ratio`` of each cell; the face boxes are
    then measured on the picture: where, in all cells laid on top of each other, most
    pixels are within ``face_delta_e`` of their tile's face colour (``tile_ratio`` alone can
    be short on small blurred boards, and the boxes must reach the corner values), less
    ``face_inset`` of a cell."""
    cfg = config or BonusConfig()
    inset = cfg.face_inset
    p = located.cell_px
    cell = min(cfg.work_cell_px, p)
    rows, cols = located.rows, located.cols
    small = located.board
    if cell != p:
        small = np.asarray(
            cv2.resize(small, (cols * cell, rows * cell), interpolation=cv2.INTER_AREA), np.uint8
        )
    lab = to_lab(np.ascontiguousarray(small))
    half = max(2.0, (located.tile_ratio - inset) * cell / 2)
    boxes: list[tuple[Box, ...]] = []
    samples = []
    for r in range(rows):
        row = []
        for c in range(cols):
            cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
            x0, y0 = round(cx - half), round(cy - half)
            box = Box(x0, y0, round(cx + half) - x0, round(cy + half) - y0)
            row.append(box)
            samples.append(lab[box.y : box.y1 : 2, box.x : box.x1 : 2].reshape(-1, 3))
        boxes.append(tuple(row))
    if len({s.shape for s in samples}) == 1:  # one median call for all tiles (the same steps)
        tile_lab = np.asarray(median(np.stack(samples), axis=1), np.float32)
    else:  # rounding made some boxes a pixel bigger
        tile_lab = np.array([median(s, axis=0) for s in samples], np.float32)
    tile_lab = tile_lab.reshape(rows, cols, 3)
    face_lab = median(tile_lab.reshape(-1, 3), axis=0).astype(np.float32)
    per_pixel = np.repeat(np.repeat(tile_lab, cell, axis=0), cell, axis=1)
    dl, da, db = cv2.split(lab - per_pixel)  # planar: cv2.magnitude is much faster
    delta = np.asarray(cv2.magnitude(cv2.magnitude(da, db), dl), np.float32)
    _, a, b = cv2.split(lab)
    sat = np.asarray(cv2.magnitude(a, b), np.float32)
    face_sat = np.repeat(np.repeat(chroma(tile_lab), cell, axis=0), cell, axis=1)
    span = _face_span(delta, rows, cols, cell, cfg.face_delta_e)
    if span is not None:
        (sx0, sx1), (sy0, sy1) = span
        pad = round(inset * cell)
        side_w, side_h = sx1 - sx0 - 2 * pad, sy1 - sy0 - 2 * pad
        boxes = [
            tuple(
                Box(c * cell + sx0 + pad, r * cell + sy0 + pad, side_w, side_h) for c in range(cols)
            )
            for r in range(rows)
        ]
    return BoardFaces(lab, cell, tuple(boxes), tile_lab, face_lab, delta, sat, face_sat)


def _face_span(
    delta: FloatArray, rows: int, cols: int, cell: int, face_delta_e: float
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Where the faces lie in a cell, (x0, x1), (y0, y1), from the share of face-coloured
    pixels at each position over all cells (half its peak marks the face's edge); None
    when that does not look like a tile face (< 60 % of the cell)."""
    near = (delta < face_delta_e).astype(np.float32).reshape(rows, cell, cols, cell)
    share = near.mean(axis=(0, 2))  # cell x cell: y, x
    spans = []
    for profile in (share.mean(axis=0), share.mean(axis=1)):  # along x, along y
        inside = np.nonzero(profile >= 0.5 * float(profile.max()))[0]
        if len(inside) == 0:
            return None
        lo, hi = int(inside[0]), int(inside[-1]) + 1
        if hi - lo < 0.6 * cell:
            return None
        spans.append((lo, hi))
    return spans[0], spans[1]


# --------------------------------------------------------------------------- badges


@dataclass(frozen=True)
class Mark:
    """A coloured marker found on a tile, before it is named: its ``marker`` type, median
    colour (CIELAB), box in work pixels, and area as a share of the face."""

    row: int
    col: int
    marker: Marker
    lab: FloatArray
    box: Box
    area: float


def find_marks(faces: BoardFaces, config: BonusConfig | None = None) -> tuple[Mark, ...]:
    """Every badge and bonus tile on the board, unnamed (also used to recognize games)."""
    cfg = config or BonusConfig()
    marks: list[Mark] = []
    rows, cols = faces.tile_lab.shape[:2]
    board_face = faces.face_lab
    for r in range(rows):
        for c in range(cols):
            tile = faces.tile_lab[r, c]
            box = faces.boxes[r][c]
            if (
                float(chroma(tile)) >= cfg.fill_chroma
                and delta_e(tile, board_face) >= cfg.fill_delta_e
            ):
                marks.append(Mark(r, c, "tile", tile, box, 1.0))
                continue
            badge = _badge(faces, r, c, cfg)
            if badge is not None:
                marks.append(badge)
    return tuple(marks)


def _mark_zone(face: Box, corner: Corner, cfg: BonusConfig) -> Box:
    """Where a badge, or a filled tile's name, is searched on ``face``: ``zone_w`` x
    ``zone_h`` of its side at ``corner``."""
    side = face.w
    return corner_zone(face, corner, round(cfg.zone_w * side), round(cfg.zone_h * side))


def _badge(faces: BoardFaces, r: int, c: int, cfg: BonusConfig) -> Mark | None:
    face = faces.boxes[r][c]
    side = face.w
    z = _mark_zone(face, BADGE_CORNER, cfg)
    window = (slice(z.y, z.y1), slice(z.x, z.x1))
    zone = faces.lab[window]
    mask = (faces.sat[window] >= cfg.badge_chroma) & (faces.delta[window] >= cfg.badge_delta_e)
    if np.count_nonzero(mask) < cfg.badge_min_area * side * side:
        return None
    _, labels, stats = components(mask.astype(np.uint8))
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    bx, by, bw, bh, area = (int(v) for v in stats[best])
    face_area = side * side
    if not (cfg.badge_min_area <= area / face_area <= cfg.badge_max_area):
        return None
    if min(bw, bh) < cfg.badge_min_side * side or area < cfg.badge_fill * bw * bh:
        return None
    # The badge's near and far edges, measured from the corner's sides of the face.
    near_x, far_x = (bx, bx + bw) if is_left(BADGE_CORNER) else (z.w - bx - bw, z.w - bx)
    near_y, far_y = (by, by + bh) if is_top(BADGE_CORNER) else (z.h - by - bh, z.h - by)
    if max(near_x, near_y) > cfg.badge_start * side:
        return None
    if far_x > cfg.badge_end_x * side or far_y > cfg.badge_end_y * side:
        return None
    pixels = zone[labels == best]
    # The badge's colour from its more saturated half: small badges blur into the face.
    sat = chroma(pixels)
    colour = median(pixels[sat >= median(sat)], axis=0).astype(np.float32)
    return Mark(r, c, "badge", colour, Box(z.x + bx, z.y + by, bw, bh), area / face_area)


# --------------------------------------------------------------------------- reading


def read_bonuses(
    located: LocatedBoard,
    game: str | None = None,
    *,
    config: BonusConfig | None = None,
    text: TextReader | None = None,
    faces: BoardFaces | None = None,
) -> BonusGrid:
    """The bonus square of every tile of ``located`` (None where there is none).

    ``game`` (a name from ``assistant.games``, e.g. ``GameGuess.name``, or a name players
    use such as "Scramble With Friends") picks the palette; None or "generic" tries every
    game's. Games without bonus squares give a grid of None at once. ``text`` reads the
    badges' text (without it, colour alone names them); ``faces`` are the faces already
    measured with this config (``assistant.games`` shares them).
    """
    cfg = config or BonusConfig()
    empty: BonusGrid = tuple((None,) * located.cols for _ in range(located.rows))
    styles = _styles(game)
    if not styles:
        return empty
    if faces is None:
        faces = board_faces(located, cfg)
    marks = find_marks(faces, cfg)
    if not marks:
        return empty
    grid: list[list[BonusReading | None]] = [list(row) for row in empty]
    source_cell = cell_side(located.corners, located.rows, located.cols)
    for mark in marks:
        grid[mark.row][mark.col] = _name(located, faces, mark, styles, source_cell, cfg, text)
    return tuple(tuple(row) for row in grid)


def bonus_labels(grid: BonusGrid) -> tuple[tuple[str | None, ...], ...] | None:
    """The kinds as a grid of strings for ``BoardReading.bonuses`` (None when the board has
    no bonus square). Unsure readings keep their kind: check ``BonusReading.sure``."""
    if all(b is None for row in grid for b in row):
        return None
    return tuple(tuple(b.kind if b is not None else None for b in row) for row in grid)


def unsure_bonuses(grid: BonusGrid) -> list[tuple[int, int, str, float]]:
    """The unsure readings (below the ``sure`` level of the config they were read with):
    (row, col, kind, confidence), to report like unsure letters (and to fix by hand, e.g.
    ``S*DL`` in board text)."""
    return [
        (r, c, b.kind, b.confidence)
        for r, row in enumerate(grid)
        for c, b in enumerate(row)
        if b is not None and not b.sure
    ]


def _styles(game: str | None) -> tuple[BonusStyle, ...]:
    """The styles to look for: the game's, every one for an unknown game, none for a game
    known to have no bonus squares."""
    from assistant.registry import find_game

    record = find_game(game) if game else None
    if record is None:
        return tuple(BONUS_STYLES.values())
    if not record.bonus_squares:
        return ()
    style = BONUS_STYLES.get(record.look.name if record.look is not None else record.name)
    return (style,) if style is not None else tuple(BONUS_STYLES.values())


def _name(
    located: LocatedBoard,
    faces: BoardFaces,
    mark: Mark,
    styles: tuple[BonusStyle, ...],
    source_cell: float,
    cfg: BonusConfig,
    text_reader: TextReader | None,
) -> BonusReading | None:
    """Name a mark: colour weights, times text weights when the text is readable."""
    weights: dict[str, float] = {}
    texts: dict[str, str] = {}  # text -> kind over the styles considered
    nearest = math.inf
    for style in styles:
        if style.marker != mark.marker:
            continue
        for kind, rgb in style.palette.items():
            d = delta_e(mark.lab, rgb_lab(rgb))
            nearest = min(nearest, d)
            w = math.exp(-0.5 * (d / cfg.colour_sigma) ** 2)
            weights[kind] = max(weights.get(kind, 0.0), w)
        texts.update(style.texts)
    if not weights or nearest > cfg.colour_max:
        return None
    if mark.marker == "tile" and any(
        delta_e(mark.lab, rgb_lab(rgb)) < nearest for rgb in TRACED_TILES
    ):
        return None  # a tile lit up by a traced word, not a bonus square
    text = ""
    text_kind = None  # the kind the text alone reads as
    fit = min(1.0, (cfg.colour_max - nearest) / (cfg.colour_max - cfg.colour_near))
    if mark.marker == "badge":
        box = _in_cell(mark.box, mark, faces.cell, located.cell_px)
        doubt = (
            len(styles) > 1
            or fit < 1.0
            or max(weights.values()) < cfg.text_check * sum(weights.values())
        )
        readable = cfg.text_min_px <= 0.45 * mark.box.h / faces.cell * source_cell
        if text_reader is not None and readable and (doubt or cfg.text == "always"):
            text, text_weights = _read_text(located, mark, box, texts, cfg, text_reader)
            if text_weights:
                text_kind = max(text_weights, key=lambda k: text_weights[k])
            for kind in weights:
                weights[kind] *= text_weights.get(kind, 1.0)
    else:
        box = _in_cell(_tile_label_box(faces, mark, cfg), mark, faces.cell, located.cell_px)
    total = sum(weights.values())
    if total <= 0:
        return None
    kind = max(weights, key=lambda k: weights[k])
    confidence = weights[kind] / total * fit
    if text_kind is not None and text_kind != kind:
        confidence *= cfg.disagree_factor
    return BonusReading(kind, round(confidence, 4), mark.marker, box, text, sure_at=cfg.sure)


def _tile_label_box(faces: BoardFaces, mark: Mark, cfg: BonusConfig) -> Box:
    """On a bonus tile, the box (work pixels) of its name in the top-left corner: the ink
    that lies wholly in the corner zone (the letter reaches out of it). The whole face when
    there is none."""
    z = _mark_zone(mark.box, TILE_LABEL_CORNER, cfg)
    zone = faces.lab[z.y : z.y1, z.x : z.x1]
    ink = (np.linalg.norm(zone - mark.lab, axis=2) >= cfg.text_delta_e).astype(np.uint8)
    n, _, stats = components(ink)
    pieces = [Box(*(int(v) for v in stats[i, :4])) for i in range(1, n)]
    inside = [
        b.shift(z.x, z.y)
        for i, b in enumerate(pieces, start=1)
        if clear_of_inner_edges(b, z, TILE_LABEL_CORNER) and stats[i, cv2.CC_STAT_AREA] >= 2
    ]
    return union(inside) if inside else mark.box


def _in_cell(box: Box, mark: Mark, work_cell: int, cell_px: int) -> Box:
    """A box in work pixels (``work_cell`` per cell) as a box in the pixels of the mark's
    cell at ``cell_px`` per cell (grown outward to whole pixels)."""
    scale = cell_px / work_cell
    ox, oy = mark.col * work_cell, mark.row * work_cell
    x0, y0 = math.floor((box.x - ox) * scale), math.floor((box.y - oy) * scale)
    x1, y1 = math.ceil((box.x1 - ox) * scale), math.ceil((box.y1 - oy) * scale)
    return Box(x0, y0, x1 - x0, y1 - y0)


def _read_text(
    located: LocatedBoard,
    mark: Mark,
    box: Box,
    texts: Mapping[str, str],
    cfg: BonusConfig,
    reader: TextReader,
) -> tuple[str, dict[str, float]]:
    """Read a badge's characters at full resolution and weigh each kind by how well its
    text matches: ``exp((score - best) / temperature)``. Empty weights when unreadable."""
    p = located.cell_px
    x0, y0 = mark.col * p + box.x, mark.row * p + box.y
    crop = to_lab(np.ascontiguousarray(located.board[y0 : y0 + box.h, x0 : x0 + box.w]))
    near = np.linalg.norm(crop - mark.lab, axis=2) < cfg.text_delta_e
    badge = np.zeros(near.shape, np.uint8)
    contours, _ = cv2.findContours(
        near.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    if not contours:
        return "", {}
    cv2.drawContours(badge, [max(contours, key=cv2.contourArea)], -1, 255, thickness=cv2.FILLED)
    ink = ((badge > 0) & ~near).astype(np.uint8) * 255
    n, labels, stats = components(ink)
    least = cfg.text_min_area * p * p
    keep = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= least]
    if not keep:
        return "", {}
    h, w = ink.shape
    boxes = [Box(*(int(v) for v in stats[i, :4])) for i in keep]
    masks = [
        np.isin(labels, [keep[i] for i in group]).astype(np.uint8) * 255
        for group in reader.char_groups(boxes, w, h)
    ]
    if len(masks) == 1:
        masks = _split_pair(masks[0], cfg)
    if len(masks) != 2:
        return "", {}
    classes, scores = reader.char_scores(masks, "DTLW2X")
    index = {ch: i for i, ch in enumerate(classes)}
    kinds: dict[str, float] = {}
    for label, kind in texts.items():
        if len(label) == 2 and all(ch in index for ch in label):
            s = float(np.mean([scores[k, index[ch]] for k, ch in enumerate(label)]))
            kinds[kind] = max(kinds.get(kind, -math.inf), s)
    if not kinds:
        return "", {}
    best = max(kinds.values())
    read = "".join(classes[int(np.argmax(scores[k]))] for k in range(2))
    return read, {
        k: max(cfg.text_floor, math.exp((v - best) / cfg.text_temperature))
        for k, v in kinds.items()
    }


def _split_pair(mask: npt.NDArray[np.uint8], cfg: BonusConfig) -> list[npt.NDArray[np.uint8]]:
    """Two touching characters (a kerned "TW") cut at the emptiest column of the middle
    of the piece; nothing when the piece is not wide enough to be two characters."""
    x, y, w, h = cv2.boundingRect(mask)
    if w < cfg.pair_aspect * h:
        return [mask]
    cut = x + emptiest_column(mask[y : y + h, x : x + w])
    left, right = mask.copy(), mask.copy()
    left[:, cut:] = 0
    right[:, :cut] = 0
    return [left, right]
