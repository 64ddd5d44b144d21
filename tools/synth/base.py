"""Shared types of the synthetic-board generator: the resolved knobs, the flat scene a look
renders, the tile lattice geometry and clutter drawn near boards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from PIL import Image

from tools.synth.paint import RGB, Painter, draw_text, paste_shape

T = TypeVar("T")
Corners = npt.NDArray[np.float64]  # 4 x 2: TL, TR, BR, BL in pixels


@dataclass(frozen=True)
class Knobs:
    """Resolved variation knobs of one render (every one recorded in the label's params).

    ``tile_px`` is the wanted tile pitch (tile plus gap) in the final image; ``jpeg_quality``
    None means a lossless PNG; ``blur`` is a Gaussian sigma and ``noise`` a standard
    deviation, both in final-image pixels / grey levels; ``rotate_deg`` and ``perspective``
    (corner jitter as a fraction of the image side) tilt the whole picture, as a photo of a
    screen or a tray would be; ``clutter`` adds distractors (text, buttons, squares) near the
    board; ``kind`` is the label kind (full-screenshot, desktop-screenshot, cropped-grid,
    photo)."""

    rows: int
    cols: int
    tile_px: float
    jpeg_quality: int | None
    blur: float
    noise: float
    rotate_deg: float
    perspective: float
    theme: str
    clutter: bool
    kind: str


@dataclass
class Ctx:
    """What a look renderer draws with: the seeded generator and the painter caches."""

    rng: np.random.Generator
    painter: Painter = field(default_factory=Painter)

    def uniform(self, lo: float, hi: float) -> float:
        return float(self.rng.uniform(lo, max(lo, hi)))

    def chance(self, p: float) -> bool:
        return bool(self.rng.random() < p)

    def pick(self, options: Sequence[T]) -> T:
        return options[int(self.rng.integers(len(options)))]

    def int(self, lo: int, hi: int) -> int:
        """A random int in [lo, hi] inclusive."""
        return int(self.rng.integers(lo, hi + 1))


@dataclass
class Scene:
    """A look's flat rendering before the camera: the RGB picture, the cell-lattice corners
    (TL, TR, BR, BL: the outermost tiles' outer edges pushed out by half the gap between
    tiles, so dividing the quad evenly centres each tile in its cell), the nominal face
    colour of every tile, and look-specific facts for the label's params.

    ``rescale`` False means the look already drew its tiles at ``Knobs.tile_px`` (desktop
    scenes keep their screen size) and the camera must not resize the picture."""

    image: Image.Image
    corners: Corners
    faces: list[list[RGB]]
    kind: str
    extra: dict[str, Any] = field(default_factory=dict)
    rescale: bool = True
    photo: bool = False
    fill: RGB = (0, 0, 0)


@dataclass(frozen=True)
class Lattice:
    """Tiles of side ``pitch - gap`` every ``pitch`` pixels, the first tile's top-left at
    (x, y)."""

    x: float
    y: float
    pitch: float
    gap: float
    rows: int
    cols: int

    @property
    def tile(self) -> float:
        return self.pitch - self.gap

    def box(self, r: int, c: int) -> tuple[float, float, float, float]:
        x0 = self.x + c * self.pitch
        y0 = self.y + r * self.pitch
        return x0, y0, x0 + self.tile, y0 + self.tile

    def center(self, r: int, c: int) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(r, c)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def outer(self) -> tuple[float, float, float, float]:
        """The box around the tiles' outer edges."""
        return (
            self.x,
            self.y,
            self.x + self.cols * self.pitch - self.gap,
            self.y + self.rows * self.pitch - self.gap,
        )

    def corners(self) -> Corners:
        h = self.gap / 2
        x0, y0 = self.x - h, self.y - h
        x1 = self.x + self.cols * self.pitch - h
        y1 = self.y + self.rows * self.pitch - h
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)


def fit_lattice(
    box: tuple[float, float, float, float], rows: int, cols: int, gap_frac: float
) -> Lattice:
    """The largest square-tile lattice centred in ``box`` with gaps of ``gap_frac`` pitch."""
    x0, y0, x1, y1 = box
    pitch = min((x1 - x0) / (cols - gap_frac), (y1 - y0) / (rows - gap_frac))
    gap = pitch * gap_frac
    w = cols * pitch - gap
    h = rows * pitch - gap
    return Lattice(x0 + (x1 - x0 - w) / 2, y0 + (y1 - y0 - h) / 2, pitch, gap, rows, cols)


UI_WORDS: tuple[str, ...] = (
    "tad",
    "sod",
    "rep",
    "rad",
    "pet",
    "near",
    "stone",
    "toner",
    "rates",
    "lane",
    "tile",
    "heart",
    "earth",
    "ant",
    "tan",
    "rest",
    "store",
    "notes",
    "onset",
    "steno",
    "dear",
    "read",
    "dare",
    "lead",
    "deal",
    "hint",
    "rotate",
    "score",
    "words",
    "level",
    "bonus",
    "round",
    "play",
    "shuffle",
    "swap",
    "gems",
    "tiles",
    "ready",
    "timer",
    "menu",
    "back",
)


def ui_word(ctx: Ctx) -> str:
    return ctx.pick(UI_WORDS)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def add_clutter(
    ctx: Ctx,
    img: Image.Image,
    avoid: list[tuple[float, float, float, float]],
    *,
    tile: float,
    tile_color: RGB,
    ink: RGB,
    count: int,
    area: tuple[float, float, float, float] | None = None,
) -> None:
    """Distractors near a board: loose letter squares the size of tiles (the hardest for a
    locator), buttons with words, and short text lines, kept off the ``avoid`` boxes."""
    w, h = img.size
    ax0, ay0, ax1, ay1 = area if area is not None else (0.0, 0.0, float(w), float(h))
    placed = list(avoid)
    for _ in range(count * 8):
        if count <= 0:
            break
        what = ctx.pick(("square", "square", "button", "text"))
        if what == "square":
            s = tile * ctx.uniform(0.5, 1.05)
            bw, bh = s, s
        elif what == "button":
            bw, bh = tile * ctx.uniform(1.2, 2.6), tile * ctx.uniform(0.35, 0.6)
        else:
            bw, bh = tile * ctx.uniform(1.5, 3.5), tile * ctx.uniform(0.22, 0.35)
        if ax1 - ax0 <= bw or ay1 - ay0 <= bh:
            continue
        x = ctx.uniform(ax0, ax1 - bw)
        y = ctx.uniform(ay0, ay1 - bh)
        box = (x, y, x + bw, y + bh)
        pad = tile * 0.4
        if any(_overlaps((x - pad, y - pad, x + bw + pad, y + bh + pad), b) for b in placed):
            continue
        placed.append(box)
        count -= 1
        p = ctx.painter
        if what == "square":
            paste_shape(img, p, box, bw * 0.12, tile_color)
            font = p.fit_font("dejavu-bold", "W", bw * 0.6, bh * 0.5)
            letter = chr(ord("A") + ctx.int(0, 25))
            draw_text(img, letter, font, ((x + x + bw) / 2, (y + y + bh) / 2), ink)
        elif what == "button":
            color = ctx.pick(((60, 120, 220), (90, 90, 90), (40, 160, 90), (200, 70, 60)))
            paste_shape(img, p, box, bh / 2, color)
            word = ui_word(ctx).upper()
            font = p.fit_font("roboto-bold", word, bw * 0.8, bh * 0.45)
            draw_text(img, word, font, ((x + x + bw) / 2, (y + y + bh) / 2), (255, 255, 255))
        else:
            text = " ".join(ui_word(ctx) for _ in range(ctx.int(1, 3)))
            font = p.fit_font("roboto", text, bw, bh * 0.8, cap=False)
            draw_text(img, text, font, ((x + x + bw) / 2, (y + y + bh) / 2), ink)
