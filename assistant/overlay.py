"""Draw the best words' paths on the picture the board was read from.

``draw_overlay`` returns a copy of the picture with the top N words drawn on the board,
one colour per word (the Okabe-Ito palette, told apart with every common colour-vision
deficiency): a numbered disc on the first tile, a line through the tile centres with an
arrowhead half-way along each step, a small square on the last tile, every shape with a
dark rim so it shows on light and dark boards alike. Words sharing a step run side by side
in lanes (each word keeps its lane on every step, whatever the direction it walks it in),
the best word on top. A legend lists each word with its number and score beside or below
the board where the picture has room, else on a panel added to the picture. A small board
(a game window on a desktop screenshot, a far-away photo) also gets an enlarged copy with
the same paths, above the legend, so that the overlay reads at a glance at any size.

Tile centres go through the board's homography (``BoardGeometry``), so paths follow the
tiles on a photo taken at an angle too. Sizes scale with the board's tile pitch in the
picture, with a floor so that a small board on a big desktop screenshot is still readable.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

if TYPE_CHECKING:
    from assistant.geometry import Point
    from assistant.locate import Image, LocatedBoard
    from assistant.solver import WordPath

RGB = tuple[int, int, int]
FloatArray = npt.NDArray[np.float64]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# Okabe & Ito (2008), "Color Universal Design": distinguishable with protanopia,
# deuteranopia and tritanopia. Ordered for contrast on the usual light and dark boards
# (yellow, weak on cream tiles, last).
OKABE_ITO: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
)

# Bold fonts tried first (looked up by Pillow in the system's font folders); Pillow's own
# font is the fallback, so nothing has to be installed.
FONT_NAMES = (
    "DejaVuSans-Bold.ttf",
    "LiberationSans-Bold.ttf",
    "Roboto-Bold.ttf",
    "arialbd.ttf",
    "Arial Bold.ttf",
)


@dataclass(frozen=True)
class OverlayConfig:
    """Sizes (as shares of the tile pitch in the picture unless said otherwise) and colours.

    Set by looking at the result on a 1080x2400 phone screenshot (pitch 262 px), a 1366x768
    desktop screenshot with a small board (pitch 79 px), SpellCast in a 1366x768 Discord
    window (61 px), Word Hunt in a 1920x1080 desktop (32 px), dice photos (233 and 48 px)
    and a perspective photo: lines must read at arm's length on a phone, yet leave the
    letters under them legible; boards under ~70 px were unreadable without the enlarged
    copy.
    """

    palette: tuple[RGB, ...] = OKABE_ITO
    rim: RGB = (20, 20, 20)  # outline of every shape
    line_width: float = 0.07
    # Line width by rank (x line_width; the last entry for the rest): the best word stands out.
    rank_width: tuple[float, ...] = (1.0, 0.85, 0.75, 0.7, 0.65)
    rim_width: float = 0.018  # each side of a line or shape
    lane: float = 0.1  # distance between the lanes of words sharing a step
    max_miter: float = 2.0  # lane offsets at sharp turns are at most this many lanes
    marker_radius: float = 0.19  # numbered disc on the first tile
    end_size: float = 0.085  # half side of the square on the last tile
    arrow_length: float = 0.22
    arrow_width: float = 0.2
    opacity: float = 0.85  # of the drawn paths (the letters show through a little)
    min_pitch_px: float = 36.0  # shapes are drawn as if the pitch were at least this
    # Legend text: this share of the pitch, within [min_font_px, max_font_frac x the
    # picture's shorter side].
    font: float = 0.22
    min_font_px: int = 15
    max_font_frac: float = 0.05
    legend_bg: RGB = (24, 24, 28)
    legend_fg: RGB = (255, 255, 255)
    legend_opacity: float = 0.88
    margin: float = 0.6  # space between board and legend, x font size
    # Boards with tiles smaller than this (picture pixels) also get an enlarged copy with
    # the paths, at zoom_pitch_px a tile, above the legend (a small board on a desktop).
    zoom_below_px: float = 72.0
    zoom_pitch_px: float = 100.0


@dataclass(frozen=True, eq=False)
class BoardGeometry:
    """Where a board's cells are in a picture: ``homography`` takes cell coordinates
    ``(x, y) = (col, row)`` (tile (r, c) spans [c, c+1] x [r, r+1]) to picture pixels."""

    rows: int
    cols: int
    homography: FloatArray

    @classmethod
    def from_located(cls, located: LocatedBoard) -> BoardGeometry:
        p = float(located.cell_px)
        scale = np.diag([p, p, 1.0])
        return cls(located.rows, located.cols, np.asarray(located.homography @ scale, np.float64))

    @classmethod
    def from_corners(
        cls, rows: int, cols: int, corners: Sequence[tuple[float, float]]
    ) -> BoardGeometry:
        """From the lattice's outer corners (TL, TR, BR, BL), e.g. ``BoardReading.corners``."""
        src = np.array([(0, 0), (cols, 0), (cols, rows), (0, rows)], np.float32)
        dst = np.array(corners, np.float32)
        return cls(rows, cols, np.asarray(cv2.getPerspectiveTransform(src, dst), np.float64))

    def to_picture(self, points: FloatArray) -> FloatArray:
        """Cell coordinates (n x 2) to picture pixels (n x 2)."""
        pts = np.asarray(points, np.float64).reshape(1, -1, 2)
        return np.asarray(cv2.perspectiveTransform(pts, self.homography)[0], np.float64)

    def centre(self, r: int, c: int) -> Point:
        x, y = self.to_picture(np.array([[c + 0.5, r + 0.5]]))[0]
        return (float(x), float(y))

    @property
    def corners(self) -> FloatArray:
        return self.to_picture(
            np.array([(0, 0), (self.cols, 0), (self.cols, self.rows), (0, self.rows)], float)
        )

    @property
    def pitch(self) -> float:
        """Mean cell side in picture pixels."""
        tl, tr, br, bl = self.corners
        width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2 / self.cols
        height = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2 / self.rows
        return float(width + height) / 2


@dataclass(frozen=True)
class DrawnPath:
    """A word as drawn: its rank (1 = best), colour (RGB), and the picture points of its
    tiles (lane offsets included), first to last."""

    rank: int
    word: str
    score: int
    colour: RGB
    points: tuple[Point, ...]
    marker: Point  # centre of the numbered disc (moved aside when words share a start)
    width: float  # line width, x the pitch


def plan_paths(
    board: LocatedBoard | BoardGeometry,
    words: Sequence[WordPath],
    *,
    top: int = 5,
    config: OverlayConfig | None = None,
) -> tuple[DrawnPath, ...]:
    """Where ``draw_overlay`` draws each of the ``top`` words (best first)."""
    cfg = config or OverlayConfig()
    geometry = board if isinstance(board, BoardGeometry) else BoardGeometry.from_located(board)
    chosen = list(words[: max(0, top)])
    n = len(chosen)
    starts: dict[tuple[int, int], list[int]] = {}
    for k, wp in enumerate(chosen):
        starts.setdefault((wp.path[0][0], wp.path[0][1]), []).append(k)
    out = []
    for k, wp in enumerate(chosen):
        lane = (k - (n - 1) / 2) * cfg.lane
        cells = _lane_points(wp.path, lane, cfg.max_miter * cfg.lane)
        # Words starting on one tile get their discs around its centre, apart.
        group = starts[(wp.path[0][0], wp.path[0][1])]
        marker = cells[0]
        if len(group) > 1:
            angle = 2 * math.pi * group.index(k) / len(group) - math.pi / 2
            reach = cfg.marker_radius * 1.08 / math.sin(math.pi / len(group))
            r0, c0 = wp.path[0]
            marker = np.array([c0 + 0.5, r0 + 0.5]) + reach * np.array(
                [math.cos(angle), math.sin(angle)]
            )
        pts = geometry.to_picture(np.vstack([cells, marker[None]]))
        widths = cfg.rank_width
        out.append(
            DrawnPath(
                k + 1,
                wp.word,
                wp.score,
                cfg.palette[k % len(cfg.palette)],
                tuple((float(x), float(y)) for x, y in pts[:-1]),
                (float(pts[-1][0]), float(pts[-1][1])),
                cfg.line_width * widths[min(k, len(widths) - 1)],
            )
        )
    return tuple(out)


def draw_overlay(
    image: Image,
    board: LocatedBoard | BoardGeometry,
    words: Sequence[WordPath],
    *,
    top: int = 5,
    config: OverlayConfig | None = None,
) -> Image:
    """A copy of ``image`` (BGR) with the paths of the ``top`` best ``words`` drawn on
    ``board`` and a legend (see the module docstring). A board smaller than
    ``OverlayConfig.zoom_below_px`` a tile also gets an enlarged copy with the paths, above
    the legend. The board keeps its place in the picture; the picture grows by a panel only
    when there is no room for the legend beside the board."""
    cfg = config or OverlayConfig()
    geometry = board if isinstance(board, BoardGeometry) else BoardGeometry.from_located(board)
    paths = plan_paths(geometry, words, top=top, config=cfg)
    out = image.copy()
    if not paths:
        return out
    _draw_shapes(out, paths, geometry, cfg)
    pil = PILImage.fromarray(cv2.cvtColor(out, cv2.COLOR_BGR2RGB))
    _draw_numbers(pil, paths, geometry, cfg)
    zoom = None
    if geometry.pitch < cfg.zoom_below_px:
        zoom = _zoomed(image, geometry, words, top, cfg)
        font_px = _font_px(cfg.zoom_pitch_px, (zoom.size[1], zoom.size[0]), cfg)
    else:
        font_px = _font_px(geometry.pitch, out.shape[:2], cfg)
    block = _legend(paths, font_px, cfg)
    gap = round(cfg.margin * font_px)
    if zoom is not None:
        block = _stack(zoom, block, gap)
    spot = _place(block.size, _box(geometry.corners), pil.size, gap)
    if spot is None:
        pil, spot = _add_panel(pil, block.size, gap, cfg)
    pil.paste(block, spot, block)
    return np.asarray(cv2.cvtColor(np.asarray(pil), cv2.COLOR_RGB2BGR), np.uint8)


def save_overlay(
    path: str | Path,
    image: Image,
    board: LocatedBoard | BoardGeometry,
    words: Sequence[WordPath],
    *,
    top: int = 5,
    config: OverlayConfig | None = None,
) -> Path:
    """Draw the overlay and write it to ``path`` in the format its extension names (PNG,
    JPEG or WebP), atomically (a viewer refreshing the file never sees half of it) with
    :func:`assistant.files.save_atomically`: only a regular file or a new path is replaced.
    Raises OutputError for a target that must not be written (a directory, a device, an
    unknown extension) and WriteError/DiskFullError when writing fails."""
    from assistant.files import check_target, image_suffix, save_image

    check_target(path, what="the overlay")
    suffix = image_suffix(path, what="the overlay")
    picture = draw_overlay(image, board, words, top=top, config=config)
    target = save_image(path, picture, what="the overlay", suffix=suffix)
    return target


# --------------------------------------------------------------------------- geometry


def _lane_points(
    path: Sequence[tuple[int, int]], lane: float, max_offset: float
) -> npt.NDArray[np.float64]:
    """The tile centres of ``path`` in cell coordinates, moved ``lane`` cells sideways.

    Each step's sideways direction is taken from the step's two tiles in (row, col) order,
    not from the walking direction, so two words on one step keep their lanes apart even
    when they walk it in opposite directions. At a turn the two steps' offsets are joined
    (mitred), at most ``max_offset`` from the centre."""
    centres = np.array([(c + 0.5, r + 0.5) for r, c in path], np.float64)
    if len(centres) < 2 or lane == 0:
        return centres
    normals = []
    for (r0, c0), (r1, c1) in itertools.pairwise(path):
        a, b = sorted([(r0, c0), (r1, c1)])
        d = np.array([b[1] - a[1], b[0] - a[0]], np.float64)
        d /= np.linalg.norm(d)
        normals.append(np.array([-d[1], d[0]]))
    out = centres.copy()
    for i in range(len(centres)):
        if i == 0:
            offset = normals[0] * lane
        elif i == len(centres) - 1:
            offset = normals[-1] * lane
        else:
            n1, n2 = normals[i - 1], normals[i]
            mid = n1 + n2
            mid /= np.linalg.norm(mid)
            offset = mid * (lane / max(1e-6, float(mid @ n1)))
            size = float(np.linalg.norm(offset))
            if size > max_offset:
                offset *= max_offset / size
        out[i] += offset
    return out


def _shift(path: DrawnPath, dx: float, dy: float) -> DrawnPath:
    return dataclasses.replace(
        path,
        points=tuple((x + dx, y + dy) for x, y in path.points),
        marker=(path.marker[0] + dx, path.marker[1] + dy),
    )


def _font_px(pitch: float, shape: tuple[int, ...], cfg: OverlayConfig) -> int:
    cap = cfg.max_font_frac * min(shape[0], shape[1])
    return round(max(cfg.min_font_px, min(cap, cfg.font * pitch)))


# --------------------------------------------------------------------------- shapes

_SHIFT = 4  # sub-pixel bits for cv2 drawing
_ONE = 1 << _SHIFT


def _fix(p: npt.NDArray[np.float64] | Sequence[float]) -> tuple[int, int]:
    return (round(float(p[0]) * _ONE), round(float(p[1]) * _ONE))


def _bgr(rgb: RGB) -> tuple[int, int, int]:
    return (rgb[2], rgb[1], rgb[0])


def _draw_path(img: Image, path: DrawnPath, pitch: float, cfg: OverlayConfig) -> None:
    pts = np.array(path.points, np.float64)
    colour, rim = _bgr(path.colour), _bgr(cfg.rim)
    width = max(2, round(path.width * pitch))
    rim_w = max(1, round(cfg.rim_width * pitch))
    arrows = []
    for a, b in itertools.pairwise(pts):
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 1e-6:
            continue
        u = d / length
        v = np.array([-u[1], u[0]])
        tip = (a + b) / 2 + u * cfg.arrow_length * pitch / 2
        base = tip - u * cfg.arrow_length * pitch
        half = cfg.arrow_width * pitch / 2
        arrows.append(np.array([tip, base + v * half, base - v * half]))
    marker = np.array(path.marker, np.float64)
    line = pts if np.allclose(marker, pts[0]) else np.vstack([marker[None], pts])
    polyline = [np.array([_fix(p) for p in line], np.int32)]
    # Rims first (all shapes), then fills, so the rim never crosses a fill of this word.
    cv2.polylines(img, polyline, False, rim, width + 2 * rim_w, cv2.LINE_AA, _SHIFT)
    for tri in arrows:
        cv2.polylines(
            img,
            [np.array([_fix(p) for p in tri], np.int32)],
            True,
            rim,
            2 * rim_w,
            cv2.LINE_AA,
            _SHIFT,
        )
    end = pts[-1]
    e = cfg.end_size * pitch
    square = end + np.array([(-e, -e), (e, -e), (e, e), (-e, e)])
    sq = [np.array([_fix(p) for p in square], np.int32)]
    cv2.polylines(img, sq, True, rim, 2 * rim_w, cv2.LINE_AA, _SHIFT)
    cv2.polylines(img, polyline, False, colour, width, cv2.LINE_AA, _SHIFT)
    for tri in arrows:
        cv2.fillPoly(img, [np.array([_fix(p) for p in tri], np.int32)], colour, cv2.LINE_AA, _SHIFT)
    cv2.fillPoly(img, sq, colour, cv2.LINE_AA, _SHIFT)


def _draw_disc(img: Image, path: DrawnPath, pitch: float, cfg: OverlayConfig) -> None:
    """The numbered disc's circle (the number is text, drawn later)."""
    colour, rim = _bgr(path.colour), _bgr(cfg.rim)
    rim_w = max(1, round(cfg.rim_width * pitch))
    radius = cfg.marker_radius * pitch
    start = _fix(path.marker)
    cv2.circle(img, start, round((radius + rim_w) * _ONE), rim, -1, cv2.LINE_AA, _SHIFT)
    cv2.circle(img, start, round(radius * _ONE), colour, -1, cv2.LINE_AA, _SHIFT)


# --------------------------------------------------------------------------- text


@functools.lru_cache(maxsize=16)
def _font(size: int) -> Font:
    for name in FONT_NAMES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def _draw_shapes(
    img: Image, paths: Sequence[DrawnPath], geometry: BoardGeometry, cfg: OverlayConfig
) -> None:
    """Lines, arrows, end squares and discs, blended into ``img`` in place. Only the part
    of the picture around the board is drawn on and blended."""
    pitch = max(geometry.pitch, cfg.min_pitch_px)
    h, w = img.shape[:2]
    x0, y0, x1, y1 = _box(geometry.corners)
    reach = pitch * 0.5
    left, top = max(0, math.floor(x0 - reach)), max(0, math.floor(y0 - reach))
    right, bottom = min(w, math.ceil(x1 + reach)), min(h, math.ceil(y1 + reach))
    if right <= left or bottom <= top:
        return
    roi = img[top:bottom, left:right]
    layer = roi.copy()
    shifted = [_shift(p, -left, -top) for p in paths]
    for path in reversed(shifted):  # the best word last, on top
        _draw_path(layer, path, pitch, cfg)
    for path in reversed(shifted):  # discs over every line
        _draw_disc(layer, path, pitch, cfg)
    cv2.addWeighted(layer, cfg.opacity, roi, 1.0 - cfg.opacity, 0.0, dst=roi)


def _draw_numbers(
    pil: PILImage.Image, paths: Sequence[DrawnPath], geometry: BoardGeometry, cfg: OverlayConfig
) -> None:
    """The rank numbers on the start discs."""
    pitch = max(geometry.pitch, cfg.min_pitch_px)
    draw = ImageDraw.Draw(pil)
    number_font = _font(max(8, round(cfg.marker_radius * pitch * 1.25)))
    for path in paths:
        draw.text(
            path.marker,
            str(path.rank),
            font=number_font,
            fill=(255, 255, 255),
            anchor="mm",
            stroke_width=max(1, round(cfg.rim_width * pitch * 0.6)),
            stroke_fill=cfg.rim,
        )


def _zoomed(
    image: Image,
    geometry: BoardGeometry,
    words: Sequence[WordPath],
    top: int,
    cfg: OverlayConfig,
) -> PILImage.Image:
    """An enlarged copy of the board (``zoom_pitch_px`` a tile) with the paths, framed."""
    h, w = image.shape[:2]
    x0, y0, x1, y1 = _box(geometry.corners)
    m = 0.15 * geometry.pitch
    left, top_y = max(0, math.floor(x0 - m)), max(0, math.floor(y0 - m))
    right, bottom = min(w, math.ceil(x1 + m)), min(h, math.ceil(y1 + m))
    scale = cfg.zoom_pitch_px / geometry.pitch
    size = (round((right - left) * scale), round((bottom - top_y) * scale))
    crop = np.asarray(
        cv2.resize(image[top_y:bottom, left:right], size, interpolation=cv2.INTER_CUBIC), np.uint8
    )
    move = np.array([[scale, 0, -left * scale], [0, scale, -top_y * scale], [0, 0, 1]])
    big = BoardGeometry(geometry.rows, geometry.cols, move @ geometry.homography)
    paths = plan_paths(big, words, top=top, config=cfg)
    _draw_shapes(crop, paths, big, cfg)
    pil = PILImage.fromarray(cv2.cvtColor(crop, cv2.COLOR_BGR2RGB))
    _draw_numbers(pil, paths, big, cfg)
    frame = max(2, round(cfg.zoom_pitch_px * 0.03))
    framed = PILImage.new("RGBA", (size[0] + 2 * frame, size[1] + 2 * frame), (*cfg.legend_bg, 255))
    framed.paste(pil, (frame, frame))
    return framed


def _stack(upper: PILImage.Image, lower: PILImage.Image, gap: int) -> PILImage.Image:
    """Two RGBA pictures one above the other, centred, ``gap`` apart."""
    width = max(upper.size[0], lower.size[0])
    out = PILImage.new("RGBA", (width, upper.size[1] + gap + lower.size[1]), (0, 0, 0, 0))
    out.paste(upper, ((width - upper.size[0]) // 2, 0))
    out.paste(lower, ((width - lower.size[0]) // 2, upper.size[1] + gap))
    return out


def _legend(paths: Sequence[DrawnPath], font_px: int, cfg: OverlayConfig) -> PILImage.Image:
    """The legend as an RGBA picture: on a rounded dark panel, one row per word with a disc
    showing its number in its colour, the word and its score."""
    font = _font(font_px)
    pad = round(font_px * 0.6)
    row_h = round(font_px * 1.55)
    disc = round(font_px * 1.15)
    words = [p.word.upper() for p in paths]
    scores = [str(p.score) for p in paths]
    probe = ImageDraw.Draw(PILImage.new("RGBA", (1, 1)))
    word_w = max(probe.textlength(t, font=font) for t in words)
    score_w = max(probe.textlength(t, font=font) for t in scores)
    space = font_px * 0.6
    width = round(pad + disc + space + word_w + space * 2 + score_w + pad)
    height = pad * 2 + row_h * len(paths) - (row_h - disc)
    legend = PILImage.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(legend)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=font_px // 2,
        fill=(*cfg.legend_bg, round(255 * cfg.legend_opacity)),
    )
    number_font = _font(max(8, round(disc * 0.62)))
    for i, path in enumerate(paths):
        top = pad + i * row_h
        cy = top + disc / 2
        draw.ellipse((pad, top, pad + disc, top + disc), fill=path.colour, outline=(255, 255, 255))
        draw.text(
            (pad + disc / 2, cy),
            str(path.rank),
            font=number_font,
            fill=(255, 255, 255),
            anchor="mm",
            stroke_width=1,
            stroke_fill=cfg.rim,
        )
        draw.text((pad + disc + space, cy), words[i], font=font, fill=cfg.legend_fg, anchor="lm")
        draw.text((width - pad, cy), scores[i], font=font, fill=cfg.legend_fg, anchor="rm")
    return legend


def _box(corners: FloatArray) -> tuple[float, float, float, float]:
    xs, ys = corners[:, 0], corners[:, 1]
    return (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))


def _place(
    size: tuple[int, int],
    board: tuple[float, float, float, float],
    picture: tuple[int, int],
    gap: int,
) -> tuple[int, int] | None:
    """Top-left corner for the legend outside the board (below, right, above, left: the
    first side with room), centred on the board along that side; None when nothing fits."""
    w, h = size
    width, height = picture
    x0, y0, x1, y1 = board
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def clamp(v: float, lo: float, hi: float) -> int:
        return round(min(max(v, lo), hi))

    if height - (y1 + gap) >= h + gap and width >= w:
        return clamp(cx - w / 2, 0, width - w), round(y1 + gap)
    if width - (x1 + gap) >= w + gap and height >= h:
        return round(x1 + gap), clamp(cy - h / 2, 0, height - h)
    if y0 - gap >= h + gap and width >= w:
        return clamp(cx - w / 2, 0, width - w), round(y0 - gap - h)
    if x0 - gap >= w + gap and height >= h:
        return round(x0 - gap - w), clamp(cy - h / 2, 0, height - h)
    return None


def _add_panel(
    pil: PILImage.Image, size: tuple[int, int], gap: int, cfg: OverlayConfig
) -> tuple[PILImage.Image, tuple[int, int]]:
    """Grow the picture by a panel for the legend: to the right of a wide picture, below a
    tall or square one."""
    w, h = pil.size
    lw, lh = size
    if w > h * 1.2:
        canvas = PILImage.new("RGB", (w + lw + 2 * gap, max(h, lh + 2 * gap)), cfg.legend_bg)
        canvas.paste(pil, (0, 0))
        return canvas, (w + gap, gap)
    canvas = PILImage.new("RGB", (max(w, lw + 2 * gap), h + lh + 2 * gap), cfg.legend_bg)
    canvas.paste(pil, (0, 0))
    return canvas, (max(0, (canvas.size[0] - lw) // 2), h + gap)
