"""Stage 3, second half: cut a tile's point value, the small number printed in one corner
(Wordament top-left, Ruzzle and SpellCast top-right, Scramble bottom-right).

``assistant.cut`` measures the tile (face colour, ink distance, the glyph's text band) and
asks this module for the value candidates, at most one per corner: small digits above or
below the text band, thresholded against the corner's own ink peak (values are often
printed thinner and paler than the letter), grouped into one left-to-right number. The
board then keeps one corner for every tile (:func:`board_corner`): a game prints its
values in the same corner of every tile, while badges and specks sit anywhere. It prints
them at one place and size too (:func:`board_zone`): a tile whose value was missed or cut
short there (SpellCast's Q, its tail touching the 8) is cut again with that zone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from assistant.colour import delta_e
from assistant.geometry import (
    CORNERS,
    Box,
    Corner,
    Labels,
    Mask,
    components,
    corner_zone,
    emptiest_column,
    is_left,
    is_top,
    overlap,
    union,
)
from assistant.imageio import Image


@dataclass(frozen=True)
class ValueConfig:
    """Tuned numbers for cutting point values.

    Tuned on the committed synthetic boards of the value looks (Wordament orange, wood and
    desktop, Ruzzle, Scramble, SpellCast: digits 4-30 px tall, some paler than the letter)
    and held-out ones (synthetic seeds 9100-9111), with the real Wordament values as the
    check that nothing regressed: every value is found, in its game's corner, one box per
    digit. Digits peak at 0.44-1.2 of the letter's contrast, face texture and JPEG noise
    under 0.25 of it; beside SpellCast's pale digits the face texture reaches 0.2 of their
    peak, hence the faint-ink floor at 0.12 of the contrast.
    """

    max_height: float = 0.7  # point-value digits are at most this share of the text band
    min_height: float = 0.05  # ... and at least this share of the cell
    max_width: float = 0.4  # a value is at most this share of the cell wide
    gap: float = 0.6  # gap between the digits of one value (share of digit height)
    # ...and the digits of one value are printed at one height: the shorter at least
    # digit_alike of the taller. A Q's tail beside its 8, cut off the letter, 11 px to the
    # 8's 18, read as the value 88 (spellcast-arrows 129605 r2c4; 129726 r1c4: 168).
    digit_alike: float = 0.75
    colour: float = 0.35  # value digits are this close to the glyph's ink (of contrast)
    reach: float = 0.15  # a value's zone reaches this share of the band into the band
    min_peak: float = 0.25  # a corner whose ink peaks below this share of the contrast
    # is empty; in the others, digits are ink above ``low`` of the corner's own peak that
    # touches ink above ``high`` of it (pale, thin digits: Wordament desktop, SpellCast)
    low: float = 0.3
    high: float = 0.55
    soft_low: float = 0.15  # the digits anti-aliased: ramp from this share of the peak
    # Ink beside a value above ``faint`` of its peak and ``faint_floor`` of the contrast
    # (above the face texture of pale-digit looks like SpellCast) makes the value doubtful.
    faint: float = 0.15
    faint_floor: float = 0.12
    split: float = 1.15  # a digit wider than this share of its height is two touching
    vote: float = 0.5  # a board's value corner is the one this share of its tiles use
    probe: int = 4  # non-blank tiles searched in every corner before narrowing down
    keep_out: int = 5  # px around the glyph and border ink that is never a value
    # A board's value zone (``board_zone``) is measured on at least zone_tiles clean
    # values and grown by zone_margin px; tiles whose value is missing or cut short there,
    # or whose glyph reaches into it, are cut again with the zone (``cut.cut_tiles``).
    zone_tiles: int = 4
    zone_margin: int = 2
    zone_short: float = 0.9
    # ...or one wider than zone_wide times the zone: a gold letter and the grey value it
    # touches cut as one value reaching out of the zone into the letter (an A's leg and
    # its 1, a W's arm and its 5: tools.synth spellcast-discord 3336, 3398).
    zone_wide: float = 1.6
    zone_slack: int = 2  # px of the old glyph in the zone that a new value may leave out
    # ...and the value may run along the zone's inner sides for at most zone_contact of the
    # digits' height (a tail's tip; a digit cut there crosses it with two or three strokes).
    zone_contact: float = 0.35
    # A value the first cut found apart from the letter, zone_whole of the digits' height
    # or taller and no wider than the zone, is the tile's: cut again with the zone, the
    # value takes none of what that cut found the letter's. (Shorter, it may be a speck
    # beside a value joined to the letter: a 7 x 8 px piece beside an M and its 3,
    # spellcast-arrows 103104 r3c5; wider, the letter's leg and its value cut as one: a
    # gold W and its 5, spellcast-discord 3398 r5c4.)
    zone_whole: float = 0.6
    # A letter whose ink lies this far (a and b of 8-bit CIELAB) from the board's value ink
    # (a SpellCast bonus tile's gold letter, grey value) is cut from a value it touches by
    # colour, where the zone's sides would cut through the letter (its value sits further
    # in on the bonus tile's inset face). Gold against grey is ~60 apart; black letters,
    # grey values and a face's tint under 10.
    zone_colour_apart: float = 25.0


@dataclass(frozen=True, eq=False)
class ValueOption:
    """A point value candidate in one ``corner`` of a tile: one box per digit (crop pixels,
    left to right), the digits' mask and anti-aliased picture (ink 255) inside ``box``, how
    far the digits' colour is from the glyph's ink (share of the contrast), and ``doubt``
    when ink next to it was left out (a digit too pale or broken to keep)."""

    corner: Corner
    digits: tuple[Box, ...]
    box: Box
    mask: Mask
    alpha: Mask
    colour_distance: float
    doubt: bool = False

    def paint(self, h: int, w: int) -> tuple[Mask, Mask]:
        """The mask and the anti-aliased picture on a ``h`` x ``w`` tile canvas."""
        mask, alpha = np.zeros((h, w), np.uint8), np.zeros((h, w), np.uint8)
        b = self.box
        mask[b.y : b.y1, b.x : b.x1] = self.mask
        alpha[b.y : b.y1, b.x : b.x1] = self.alpha
        return mask, alpha


def corners_to_search(
    seen: Sequence[Sequence[ValueOption]], cfg: ValueConfig
) -> tuple[Corner, ...]:
    """Where the rest of a board's tiles need a value search, from the candidates of its
    first non-blank tiles (``seen``, one sequence per tile; a speed-up: one corner instead
    of four). Once the first ``probe`` tiles all have a candidate in one corner and no
    other corner is as common, only that corner; once twice as many show no corner on two
    tiles, none (the board prints no values)."""
    votes = {k: sum(any(o.corner == k for o in t) for t in seen) for k in CORNERS}
    ranked = sorted(CORNERS, key=lambda k: -votes[k])
    top, second = votes[ranked[0]], votes[ranked[1]]
    if len(seen) >= cfg.probe and top == len(seen) and second * 2 < len(seen):
        return (ranked[0],)
    if len(seen) >= 2 * cfg.probe and votes[ranked[0]] < 2:
        return ()
    return CORNERS


def board_corner(letters: Sequence[Sequence[ValueOption]], cfg: ValueConfig) -> Corner | None:
    """The corner a board prints its values in, from the candidates of its non-blank tiles
    (one sequence per tile): the corner where at least ``vote`` of them (and two) have a
    candidate; None when no corner has that many (the board shows no values)."""
    votes: dict[Corner, float] = {}
    for options in letters:
        for option in options:
            votes[option.corner] = votes.get(option.corner, 0) + 1
    return value_corner(votes, cfg.vote * len(letters), at_least=2)


def value_corner(
    marks: Mapping[Corner, float], needed: float, *, others: float = math.inf, at_least: float = 0
) -> Corner | None:
    """The corner a board prints its point values in, from how many of its tiles (or what
    share of them) show a value-like mark in each corner (``marks``): the most common
    corner, when it has at least ``needed`` (and ``at_least``) and no other corner has more
    than ``others``; None otherwise (the board shows no values). A tie goes to the corner
    named first in ``marks``.

    The one rule both value-corner finders apply: the game recognizer's marks on the small
    copy of the board before any tile is cut (``games.describe_look``) and the cutter's
    value candidates (:func:`board_corner`). A game prints its values in the same corner of
    every tile, while badges and specks sit anywhere."""
    if not marks:
        return None
    corner = max(marks, key=lambda k: marks[k])
    second = max((n for k, n in marks.items() if k != corner), default=0.0)
    if marks[corner] >= max(at_least, needed) and second <= others:
        return corner
    return None


def board_zone(values: Sequence[ValueOption], corner: Corner, cfg: ValueConfig) -> Box | None:
    """Where a board prints its values in every tile (crop pixels), from the values found
    clean in its ``corner`` (``values``; at least ``zone_tiles`` of them): the digits'
    median top and bottom, their median edge on the corner's side, and as wide as the
    widest value, grown by ``zone_margin`` pixels. A game prints every value at one size
    and place, so a value the cut missed (a Q's tail touching the 8 of SpellCast's Q
    tile) or cut short is looked for there again. Where too few are clean, the values of
    the digits' usual height (within ``1 - zone_short`` of their median) stand in; None
    with too few of those either."""
    clean = [o.box for o in values if o.corner == corner and not o.doubt]
    if len(clean) < cfg.zone_tiles:
        # A small blurred board doubts most of its values (its letters' blurred edges lie
        # beside them): those of the digits' usual height stand in, where enough agree.
        found = [o.box for o in values if o.corner == corner]
        usual = float(np.median([b.h for b in found])) if found else 0.0
        clean = [b for b in found if abs(b.h - usual) <= (1.0 - cfg.zone_short) * usual]
        if len(clean) < cfg.zone_tiles:
            return None
    m = cfg.zone_margin
    y0 = round(float(np.median([b.y for b in clean]))) - m
    y1 = round(float(np.median([b.y1 for b in clean]))) + m
    width = max(b.w for b in clean) + 2 * m
    if is_left(corner):
        x0 = round(float(np.median([b.x for b in clean]))) - m
    else:
        x0 = round(float(np.median([b.x1 for b in clean]))) + m - width
    return Box(max(0, x0), max(0, y0), width, y1 - max(0, y0))


def zone_misses(option: ValueOption | None, zone: Box, cfg: ValueConfig) -> bool:
    """Whether a tile's value may have been cut wrong, against the board's value ``zone``
    (``board_zone``): none found in the board's corner (a letter's tail touching it: both
    cut as one piece), or one shorter than ``zone_short`` of the board's digits (the
    keep-out around a letter reaching into them), or one much wider than the zone (the
    letter and its value cut as one)."""
    if option is None:
        return True
    return (
        option.box.h < cfg.zone_short * (zone.h - 2 * cfg.zone_margin)
        or option.box.w > cfg.zone_wide * zone.w
    )


def trim_tail(option: ValueOption, zone: Box) -> ValueOption:
    """``option`` without the tip of a letter's tail that crossed into the board's value
    ``zone`` (``board_zone``) from a side facing the letter: beside the value (a K's leg
    reaching the 6 of SpellCast), then above or below it (an R's leg reaching down into
    the 2 of SpellCast, bottom right: the zone's top row cut the leg, and the leg's foot
    joined to the digit read as the value running along that side). From each side the
    lines inward whose ink lies only where the value touches that side (grown by a
    pixel), up to half the value's width or height, and only while the value keeps ink
    elsewhere (a 7's bar along the zone's top is the digit, not a tail). Unchanged where
    the value touches neither side."""
    right = not is_left(option.corner)  # the letter lies left of a right corner's value
    below = not is_top(option.corner)  # ...and above a bottom corner's value
    b = option.box
    if (b.x == zone.x) if right else (b.x1 == zone.x1):
        option = _cut_tail(option, across=False, from_start=right)
    b = option.box
    if (b.y == zone.y) if below else (b.y1 == zone.y1):
        option = _cut_tail(option, across=True, from_start=below)
    return option


def _cut_tail(option: ValueOption, *, across: bool, from_start: bool) -> ValueOption:
    """``option`` without the lines (columns, or rows when ``across``) from its box's first
    (``from_start``) or last one inward that hold a letter's tail (see ``trim_tail``)."""
    mask = option.mask > 0
    seen = mask.T if across else mask  # the lines to cut are columns of ``seen``
    lines = seen.shape[1]
    order = range(lines) if from_start else range(lines - 1, -1, -1)
    edge = seen[:, order[0]]
    touched = cv2.dilate(edge.astype(np.uint8)[:, None], np.ones((3, 1), np.uint8))[:, 0] > 0
    cut = 0
    for k in order:
        if cut >= lines // 2 or np.any(seen[:, k] & ~touched):
            break
        cut += 1
    keep = slice(cut, lines) if from_start else slice(0, lines - cut)
    rest = seen[:, keep]
    if cut == 0 or not np.any(rest & ~touched[:, None]):
        return option
    window = (keep, slice(None)) if across else (slice(None), keep)
    kept_mask, kept_alpha = option.mask[window], option.alpha[window]
    ys, xs = np.nonzero(kept_mask)
    top, left = int(ys.min()), int(xs.min())
    bottom, right = int(ys.max()) + 1, int(xs.max()) + 1
    b = option.box
    y0 = b.y + (keep.start if across else 0) + top
    x0 = b.x + (0 if across else keep.start) + left
    box = Box(x0, y0, right - left, bottom - top)
    digits = []
    for d in option.digits:
        x1, x2 = max(d.x, box.x), min(d.x1, box.x1)
        if x2 > x1:
            digits.append(Box(x1, box.y, x2 - x1, box.h))
    return replace(
        option,
        box=box,
        digits=tuple(digits),
        mask=np.ascontiguousarray(kept_mask[top:bottom, left:right]),
        alpha=np.ascontiguousarray(kept_alpha[top:bottom, left:right]),
    )


def tile_default(
    options: Sequence[ValueOption], h: int, w: int, cfg: ValueConfig
) -> ValueOption | None:
    """A ``h`` x ``w`` tile's own best candidate, before the board's corner is known: one
    in the glyph's colour, nearest its corner."""
    return min(
        options,
        key=lambda o: (o.colour_distance > cfg.colour, _corner_distance(o.box, h, w)),
        default=None,
    )


def _corner_distance(box: Box, h: int, w: int) -> float:
    return float(min(box.x, w - box.x1) + min(box.y, h - box.y1))


def find_values(
    dist: npt.NDArray[np.float32],
    lab: Image,
    keep_out: Mask,
    band: Box,
    span: tuple[int, int, int, int],
    contrast: float,
    ink_colour: npt.NDArray[np.float64] | None,
    cfg: ValueConfig,
    corners: Sequence[Corner],
    board: Box | None = None,
) -> tuple[ValueOption, ...]:
    """The point value candidates, at most one per corner of the face: small digits above or
    below the glyph's text band, thresholded against the corner's own ink peak (values are
    often printed thinner and paler than the letter), grouped into one left-to-right number
    (the group nearest the corner wins). With the board's value zone (``board``, see
    ``board_zone``), a corner is searched from that zone's inner sides out to the face's
    edges, whatever the glyph's band (a Q's tail reaching down beside its value)."""
    h, w = dist.shape
    fy0, fy1, fx0, fx1 = span
    reach = cfg.reach * band.h
    top_end = min(int(band.y + reach), h // 2)
    bottom_start = max(int(band.y1 - reach), h // 2)
    face = Box(fx0, fy0, fx1 - fx0, fy1 - fy0)
    out: list[ValueOption] = []
    for corner in CORNERS:
        # Each corner's zone reaches to the middle of the face across, and to ``reach``
        # into the text band along.
        zw = w // 2 - fx0 if is_left(corner) else fx1 - w // 2
        zh = top_end - fy0 if is_top(corner) else fy1 - bottom_start
        if board is not None:  # ...or from the board's value zone out, whatever the band
            zw = board.x1 - fx0 if is_left(corner) else fx1 - board.x
            zh = board.y1 - fy0 if is_top(corner) else fy1 - board.y
        if corner not in corners or zh < 3 or zw < 3:
            continue
        z = corner_zone(face, corner, zw, zh)
        window = (slice(z.y, z.y1), slice(z.x, z.x1))
        zone = np.where(keep_out[window] > 0, np.float32(0), dist[window])
        option = _zone_value(zone, lab[window], corner, band, contrast, ink_colour, h, cfg)
        if option is not None:
            digits = tuple(d.shift(z.x, z.y) for d in option.digits)
            out.append(replace(option, box=option.box.shift(z.x, z.y), digits=digits))
    return tuple(out)


def _zone_value(
    zone: npt.NDArray[np.float32],
    lab: Image,
    corner: Corner,
    band: Box,
    contrast: float,
    ink_colour: npt.NDArray[np.float64] | None,
    cell: int,
    cfg: ValueConfig,
) -> ValueOption | None:
    """The value in one corner zone (``zone``: distance from the face colour, zero where
    nothing may be a value), in zone pixels."""
    peak = float(zone.max())
    if peak < cfg.min_peak * contrast:
        return None
    min_h = max(3, int(cfg.min_height * cell))
    max_h = cfg.max_height * band.h
    ink = (zone > cfg.low * peak).astype(np.uint8)
    n, label_image, stats = components(ink)
    labels: Labels = np.asarray(label_image, np.int32)
    strong = np.bincount(labels[zone > cfg.high * peak], minlength=n) > 0
    zh, zw = zone.shape
    # The zone's outer edges are the face's: what touches them is rim or gap.
    corner_x = 0 if is_left(corner) else zw
    corner_y = 0 if is_top(corner) else zh
    pieces: dict[int, Box] = {}
    faint: list[Box] = []
    for i in range(1, n):
        x, y, bw, bh, _ = (int(v) for v in stats[i])
        box = Box(x, y, bw, bh)
        if corner_x in (x, box.x1) or corner_y in (y, box.y1):
            continue
        if bh > max_h or bw > cfg.max_width * cell:
            continue
        if strong[i]:
            pieces[i] = box
        elif bh >= min_h // 2:
            faint.append(box)
    digits = [d for d in _digit_groups(pieces) if union([pieces[i] for i in d]).h >= min_h]
    if not digits:
        return None

    def far(number: list[list[int]]) -> float:
        b = union([pieces[i] for d in number for i in d])
        return abs(b.cx - corner_x) + abs(b.cy - corner_y)

    number = min(_numbers(digits, pieces, cfg), key=far)
    ids = [i for d in number for i in d]
    local = union([pieces[i] for i in ids])
    digit_boxes = _split_wide([union([pieces[i] for i in d]) for d in number], labels, ids, cfg)
    lut = np.zeros(n, np.uint8)
    lut[ids] = 255
    others = [b for i, b in pieces.items() if i not in ids] + faint
    doubt = any(_beside(b, local, cfg) for b in others)
    if not doubt:
        level = max(cfg.faint * peak, cfg.faint_floor * contrast)
        doubt = any(_beside(b, local, cfg) for b in _faint_beside(zone, labels, lut, local, level))
    window = (slice(local.y, local.y1), slice(local.x, local.x1))
    mask = lut[labels[window]]
    lo, ramp_span = cfg.soft_low * peak, (1 - cfg.soft_low) * peak
    ramp = np.clip((zone[window] - lo) * (255.0 / ramp_span), 0, 255)
    soft = np.where(cv2.dilate(mask, np.ones((3, 3), np.uint8)) > 0, ramp, 0).astype(np.uint8)
    distance = 0.0
    if ink_colour is not None:
        core = (mask > 0) & (zone[window] > cfg.high * peak)
        colour = np.asarray(lab[window][core].mean(axis=0), np.float64)
        distance = delta_e(colour, ink_colour) / contrast
    return ValueOption(
        corner=corner,
        digits=tuple(digit_boxes),
        box=local,
        mask=mask,
        alpha=soft,
        colour_distance=distance,
        doubt=doubt,
    )


def _digit_groups(pieces: dict[int, Box]) -> list[list[int]]:
    """Pieces stacked one above the other (a digit broken at a thin stroke) are one digit."""
    groups: list[list[int]] = []
    for i in sorted(pieces, key=lambda k: pieces[k].x):
        b = pieces[i]
        for g in groups:
            gb = union([pieces[j] for j in g])
            if overlap(b.x, b.x1, gb.x, gb.x1) > 0.5 * min(b.w, gb.w):
                g.append(i)
                break
        else:
            groups.append([i])
    return groups


def _numbers(
    digits: list[list[int]], pieces: dict[int, Box], cfg: ValueConfig
) -> list[list[list[int]]]:
    """Digits side by side (close, overlapping in height, of one height) form one number,
    left to right."""
    boxes = [union([pieces[i] for i in d]) for d in digits]
    order = sorted(range(len(digits)), key=lambda k: boxes[k].x)
    numbers: list[list[int]] = []
    for k in order:
        b = boxes[k]
        if numbers:
            last = boxes[numbers[-1][-1]]
            if (
                b.x - last.x1 <= cfg.gap * max(b.h, last.h)
                and overlap(b.y, b.y1, last.y, last.y1) > 0.5 * min(b.h, last.h)
                and min(b.h, last.h) >= cfg.digit_alike * max(b.h, last.h)
            ):
                numbers[-1].append(k)
                continue
        numbers.append([k])
    return [[digits[k] for k in number] for number in numbers]


def _split_wide(boxes: list[Box], labels: Labels, ids: list[int], cfg: ValueConfig) -> list[Box]:
    """Digits that touch ("10" blurred into one blob) cut at the emptiest column."""
    out: list[Box] = []
    for b in boxes:
        if b.w <= cfg.split * b.h:
            out.append(b)
            continue
        cut = emptiest_column(np.isin(labels[b.y : b.y1, b.x : b.x1], ids))
        out += [Box(b.x, b.y, cut, b.h), Box(b.x + cut + 1, b.y, b.w - cut - 1, b.h)]
    return out


def _faint_beside(
    zone: npt.NDArray[np.float32],
    labels: Labels,
    lut: npt.NDArray[np.uint8],
    value: Box,
    level: float,
) -> list[Box]:
    """Faint ink (above ``level``, away from the digits' halo) in line with the value: a
    digit printed or scanned too pale to keep."""
    y0, y1 = max(0, value.y - value.h // 2), min(zone.shape[0], value.y1 + value.h // 2)
    x0 = max(0, value.x - 2 * value.h)
    x1 = min(zone.shape[1], value.x1 + 2 * value.h)
    window = (slice(y0, y1), slice(x0, x1))
    halo = cv2.dilate(lut[labels[window]], np.ones((5, 5), np.uint8))
    faint = ((zone[window] > level) & (halo == 0)).astype(np.uint8)
    stats = components(faint)[2]
    zh, zw = zone.shape
    boxes = [Box(int(x) + x0, int(y) + y0, int(w), int(h)) for x, y, w, h, _ in stats[1:]]
    # Digit-sized, not a hairline, and off the zone's border (the face's shaded edge).
    return [
        b
        for b in boxes
        if value.h // 2 <= b.h <= 1.5 * value.h
        and b.w >= max(2, value.h // 6)
        and min(b.x, b.y) > 1
        and b.x1 < zw - 1
        and b.y1 < zh - 1
    ]


def _beside(other: Box, value: Box, cfg: ValueConfig) -> bool:
    """Ink in line with the value and close to it: a digit that may have been missed."""
    gap = max(value.x - other.x1, other.x - value.x1)
    return gap <= cfg.gap * 2 * value.h and overlap(
        other.y, other.y1, value.y, value.y1
    ) > 0.5 * min(other.h, value.h)
