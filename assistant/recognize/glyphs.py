"""Glyph geometry shared by the engines: split a tile's glyph into characters, turn one
character into the feature vector the template matcher compares, count its holes.

Rotations are quarter turns counter-clockwise, in ``numpy.rot90``'s sense, applied to the
picture: "rotation k" is the turn that makes the letter upright.

The features are a small histogram of oriented gradients: the character is scaled (aspect
kept) into a ``size`` x ``size`` square, its gradient direction split into ``bins`` signed
orientation channels, each blurred and pooled to ``size/pool`` squared cells, and the whole
vector shifted to zero mean and unit length, so that one dot product is a correlation.
Gradient directions depend much less on stroke weight than ink coverage does, and a quarter
turn of the picture is a quarter turn of each channel plus a cyclic shift of the channels,
so the four rotations of a die cost no extra feature extraction.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from assistant.colour import length
from assistant.cut import TileImage
from assistant.geometry import Box, Mask

Features = npt.NDArray[np.float32]


@dataclass(frozen=True)
class GlyphConfig:
    """Tuned numbers for glyph features.

    Tuned on fixtures/real (171 characters: 20 Wordament boards, 2 dice photos) against the
    shipped font templates, maximizing the smallest score margin between the true class and
    the best other class: plain blurred ink gave 0.013, these gradient features 0.067 (size
    24/28/36/40 and blur 1.0-2.0 were each worse on that measure or on the mean margin).
    """

    size: int = 32  # side of the square the character is scaled into
    fill: int = 28  # the longer side of the character is scaled to this many pixels
    grad_blur: float = 1.0  # Gaussian sigma before taking gradients
    blur: float = 1.5  # Gaussian sigma over each orientation channel (stroke tolerance)
    pool: int = 2  # average-pool factor of the channels (32 -> 16 cells)
    bins: int = 8  # signed gradient orientations (must be a multiple of 4)
    merge_overlap: float = 0.5  # stacked components (see char_groups) are one character
    hole_min: float = 0.01  # a hole is at least this share of the character's box (and 3 px)

    @property
    def cells(self) -> int:
        return self.size // self.pool

    @property
    def dim(self) -> int:
        return self.cells * self.cells * self.bins


def rotate_box(box: Box, k: int, w: int, h: int) -> Box:
    """``box`` in a ``w`` x ``h`` picture after ``k`` counter-clockwise quarter turns."""
    k %= 4
    if k == 0:
        return box
    if k == 1:  # (x, y) -> (y, w - x)
        return Box(box.y, w - box.x1, box.h, box.w)
    if k == 2:
        return Box(w - box.x1, h - box.y1, box.w, box.h)
    return Box(h - box.y1, box.x, box.h, box.w)


def turn_tile(tile: TileImage, k: int) -> TileImage:
    """The tile turned by ``k`` counter-clockwise quarter turns (pictures and boxes), e.g. to
    hand a die upright to an engine that only reads upright text."""
    k %= 4
    if k == 0:
        return tile
    h, w = tile.glyph.shape

    def turn(a: Mask | None) -> Mask | None:
        return None if a is None else np.ascontiguousarray(np.rot90(a, k))

    def box(b: Box | None) -> Box | None:
        return None if b is None else rotate_box(b, k, w, h)

    crop = np.ascontiguousarray(np.rot90(tile.crop, k))
    glyph = np.ascontiguousarray(np.rot90(tile.glyph, k))
    return dataclasses.replace(
        tile,
        crop=crop,
        glyph=glyph,
        glyph_box=box(tile.glyph_box),
        glyph_boxes=tuple(rotate_box(b, k, w, h) for b in tile.glyph_boxes),
        value_mask=turn(tile.value_mask),
        value_alpha=turn(tile.value_alpha),
        alpha=turn(tile.alpha),
        value_box=box(tile.value_box),
        value_boxes=tuple(rotate_box(b, k, w, h) for b in tile.value_boxes),
        underline=box(tile.underline),
        underline_side=None,
        face=turn(tile.face),
        line=turn(tile.line),
    )


def char_groups(
    boxes: Sequence[Box], k: int, w: int, h: int, config: GlyphConfig | None = None
) -> list[list[int]]:
    """Group component indices into characters, left to right as seen after ``k`` turns.

    Components stacked one above the other (sharing more than ``merge_overlap`` of the
    narrower one's width but less than that of the shorter one's height) belong to one
    character: a broken stroke, a dot. Letters side by side stay apart, however close."""
    cfg = config or GlyphConfig()
    turned = [rotate_box(b, k, w, h) for b in boxes]
    order = sorted(range(len(boxes)), key=lambda i: turned[i].x)
    groups: list[list[int]] = []
    for i in order:
        b = turned[i]
        if groups and any(_stacked(turned[j], b, cfg) for j in groups[-1]):
            groups[-1].append(i)
            continue
        groups.append([i])
    return groups


def _stacked(a: Box, b: Box, cfg: GlyphConfig) -> bool:
    """Two pieces of one character: they share most of their width but sit one above the
    other (side-by-side letters, even a slanted "/" next to a letter, overlap in height)."""
    across = min(a.x1, b.x1) - max(a.x, b.x)
    down = min(a.y1, b.y1) - max(a.y, b.y)
    return across > cfg.merge_overlap * min(a.w, b.w) and down < cfg.merge_overlap * min(a.h, b.h)


def crop_to_ink(mask: Mask) -> Mask:
    """``mask`` cropped to its non-zero pixels (an empty array when there are none)."""
    x, y, w, h = cv2.boundingRect(mask)
    return mask[y : y + h, x : x + w]


def straighten(mask: Mask, degrees: float, *, binary: bool = True) -> Mask:
    """Turn a character picture by ``degrees`` (counter-clockwise as seen) on a canvas big
    enough to hold it, cropped to the ink; used to undo the tilt of a die. A ``binary`` mask
    stays 0/255."""
    crop = crop_to_ink(mask)
    if abs(degrees) < 0.5 or crop.size == 0:
        return crop
    h, w = crop.shape
    side = int(np.ceil(np.hypot(h, w))) + 2
    canvas = np.zeros((side, side), np.uint8)
    oy, ox = (side - h) // 2, (side - w) // 2
    canvas[oy : oy + h, ox : ox + w] = crop
    turn = cv2.getRotationMatrix2D((side / 2, side / 2), degrees, 1.0)
    turned = np.asarray(
        cv2.warpAffine(canvas, turn, (side, side), flags=cv2.INTER_LINEAR), np.uint8
    )
    if binary:
        turned = (turned > 127).astype(np.uint8) * 255
    return crop_to_ink(turned)


def raster(mask: Mask, config: GlyphConfig | None = None) -> npt.NDArray[np.float32]:
    """A character mask cropped to its ink, longer side scaled to ``fill`` (aspect kept) and
    centred in a ``size`` x ``size`` float picture with ink 1."""
    cfg = config or GlyphConfig()
    out = np.zeros((cfg.size, cfg.size), np.float32)
    crop = crop_to_ink(mask)
    if crop.size == 0:
        return out
    h, w = crop.shape
    scale = cfg.fill / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(crop, (nw, nh), interpolation=interp).astype(np.float32) / 255.0
    oy, ox = (cfg.size - nh) // 2, (cfg.size - nw) // 2
    out[oy : oy + nh, ox : ox + nw] = small
    return out


def features(picture: npt.NDArray[np.float32], config: GlyphConfig | None = None) -> Features:
    """Oriented-gradient features of a ``raster`` picture: ``(cells, cells, bins)`` float32,
    zero mean and unit length (all zeros for an empty picture)."""
    cfg = config or GlyphConfig()
    smooth = cv2.GaussianBlur(picture, (0, 0), cfg.grad_blur)
    gx = cv2.Sobel(smooth, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(smooth, cv2.CV_32F, 0, 1)
    magnitude = cv2.magnitude(gx, gy) + np.float32(1e-6)
    # Soft orientation binning: channel k gets |g| * max(0, cos(angle - centre_k))^2, which
    # is max(0, g . u_k)^2 / |g| for the unit vector u_k (no trigonometry per pixel).
    projection = np.stack([gx, gy], axis=-1) @ _bin_units(cfg.bins)
    np.maximum(projection, 0, out=projection)
    weighted = projection * projection / magnitude[..., None]
    channels = cv2.GaussianBlur(weighted, (0, 0), cfg.blur)
    n = cfg.cells
    # INTER_AREA with an integer factor is exact average pooling (and ten times faster).
    pooled = np.asarray(cv2.resize(channels, (n, n), interpolation=cv2.INTER_AREA), np.float32)
    # ``pooled.mean()`` by its own steps (a float32 sum, divided in float64, rounded to
    # float32) without np.mean's argument handling (~35 characters a read).
    pooled -= np.float32(float(pooled.sum()) / pooled.size)
    norm = length(pooled)
    if norm > 0:
        pooled /= norm
    return np.asarray(pooled, np.float32)


@functools.cache
def _bin_units(bins: int) -> npt.NDArray[np.float32]:
    """The unit vectors of the orientation bins' centres, as columns (read-only)."""
    centres = np.arange(bins) * (2 * np.pi / bins)
    units = np.stack([np.cos(centres), np.sin(centres)]).astype(np.float32)
    units.setflags(write=False)
    return units


def turn_features(feat: Features, k: int, config: GlyphConfig | None = None) -> Features:
    """The features of the picture turned by ``k`` counter-clockwise quarter turns."""
    cfg = config or GlyphConfig()
    k %= 4
    if k == 0:
        return feat
    shift = cfg.bins // 4
    return np.roll(np.rot90(feat, k, axes=(0, 1)), -shift * k, axis=2)


def holes(mask: Mask, config: GlyphConfig | None = None) -> int:
    """How many enclosed background regions (counters: A has 1, B 2) the character has."""
    cfg = config or GlyphConfig()
    crop = crop_to_ink(mask)
    if crop.size == 0:
        return 0
    background = cv2.copyMakeBorder(
        (crop == 0).astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=1
    )
    n, labels = cv2.connectedComponents(background, connectivity=4)
    if n <= 2:  # the ink and the one region around it (the added frame's): no counter
        return 0
    areas = np.bincount(labels.ravel(), minlength=n)
    areas[labels[0, 0]] = 0  # the added frame is one region: all that touches the border
    least = max(3.0, cfg.hole_min * crop.size)
    count = int(np.count_nonzero(areas[1:] >= least))
    return count


def crossbar_fill(
    picture: Mask, turn: int, band: tuple[float, float] = (0.45, 0.85), ink: int = 64
) -> float:
    """How nearly a row of the glyph is one solid run of ink, at best, in the ``band`` of
    heights (shares from the top) of the picture turned upright by ``turn`` quarter
    turns: 1.0 where a crossbar (or a counter blurred shut) joins the strokes, as in the
    lower half of an A; about 0.6-0.8 across the two strokes of an upside-down V, which
    to the eye and to both engines is otherwise an A without its bar. ``picture`` is the
    anti-aliased glyph (ink 255); pixels from ``ink`` count. 0.0 for an empty picture."""
    upright = np.rot90(crop_to_ink(np.asarray(picture >= ink, np.uint8) * 255), turn)
    h = upright.shape[0]
    best = 0.0
    for y in range(int(h * band[0]), min(h, int(h * band[1]) + 1)):
        run = np.flatnonzero(upright[y])
        if len(run):
            best = max(best, len(run) / float(run[-1] - run[0] + 1))
    return best


@dataclass(frozen=True)
class EndShape:
    """How a glyph's two ends (its top and bottom ``share`` of rows, upright) compare:
    ``alike``, the narrower of the widths they span (first to last ink pixel) over the
    wider (a serifed I's matching serifs and a sans I's one bar about 1.0; a T, wide at
    its top only, far less); ``lean``, in pixels, how much further the more lopsided end
    stands out to one side of the stem than to the other (the stem as its middle rows
    span it, median of their first and last ink pixels: an I's serifs stand out alike on
    both sides, a J's hook and a serif J's top serif to one side only); ``height``, the
    glyph's. 1.0, 0 and 0 for an empty picture."""

    alike: float
    lean: int
    height: int


def end_shape(picture: Mask, turn: int, share: float = 0.15, ink: int = 128) -> EndShape:
    """The ``EndShape`` of the glyph in ``picture`` (ink from ``ink``) turned upright by
    ``turn`` quarter turns."""
    upright = np.rot90(crop_to_ink(np.asarray(picture >= ink, np.uint8) * 255), turn) > 0
    h = upright.shape[0]
    if h == 0:
        return EndShape(1.0, 0, 0)
    k = max(1, round(share * h))
    ends = [np.flatnonzero(band.any(axis=0)) for band in (upright[:k], upright[-k:])]
    top, bottom = (int(c[-1] - c[0] + 1) if len(c) else 0 for c in ends)
    middle = upright[int(0.35 * h) : max(int(0.65 * h), int(0.35 * h) + 1)]
    spans = [np.flatnonzero(row) for row in middle if row.any()]
    lean = 0.0
    if spans:
        left = float(np.median([s[0] for s in spans]))
        right = float(np.median([s[-1] for s in spans]))
        for cols in ends:
            if len(cols):
                lean = max(lean, abs(max(0.0, left - cols[0]) - max(0.0, cols[-1] - right)))
    return EndShape(min(top, bottom) / max(top, bottom, 1), round(lean), h)


def lost_reach(before: npt.NDArray[np.bool_], after: npt.NDArray[np.bool_], reach: float) -> float:
    """How far ink of ``before`` that ``after`` lost runs, beyond ``reach`` of the glyph's
    height from ``after``'s ink: the longer side of the longest such piece, as a share of
    that height (0 when ``after`` lost only a rim and short bridges)."""
    ys = np.nonzero(before.any(axis=1))[0]
    if not len(ys):
        return 0.0
    height = int(ys[-1] - ys[0] + 1)
    r = max(1, round(reach * height))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    near = cv2.dilate(after.astype(np.uint8), disc) > 0
    lost = (before & ~near).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(lost, connectivity=8)
    if n <= 1:
        return 0.0
    longest = stats[1:, cv2.CC_STAT_WIDTH : cv2.CC_STAT_HEIGHT + 1].max()
    return float(longest) / height
