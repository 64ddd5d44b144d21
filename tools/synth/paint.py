"""Drawing helpers for the synthetic boards: fonts, anti-aliased shapes, text placed by its
ink, shadows and procedural textures (wood, speckled tables, patterned backgrounds).

Everything draws on Pillow RGB images; textures are made with numpy and returned as
images. A ``Painter`` holds the per-render font and mask caches, so nothing is cached at
module level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from assistant.errors import MissingDependencyError

RGB = tuple[int, int, int]
FloatImage = npt.NDArray[np.float32]

FONT_ROOT = Path("/usr/share/fonts/truetype")

# name -> (path under FONT_ROOT, Debian package that ships it). Only the packages that the
# Makefile installs (fonts-dejavu-core, fonts-liberation, fonts-roboto-unhinted,
# fonts-open-sans) are used.
FONTS: dict[str, tuple[str, str]] = {
    "dejavu": ("dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
    "dejavu-bold": ("dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-cond-bold": ("dejavu/DejaVuSansCondensed-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-serif-bold": ("dejavu/DejaVuSerif-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-mono": ("dejavu/DejaVuSansMono.ttf", "fonts-dejavu-core"),
    "liberation": ("liberation/LiberationSans-Regular.ttf", "fonts-liberation"),
    "liberation-bold": ("liberation/LiberationSans-Bold.ttf", "fonts-liberation"),
    "liberation-serif-bold": ("liberation/LiberationSerif-Bold.ttf", "fonts-liberation"),
    "liberation-narrow-bold": ("liberation/LiberationSansNarrow-Bold.ttf", "fonts-liberation"),
    "roboto": ("roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "fonts-roboto-unhinted"),
    "roboto-medium": ("roboto/unhinted/RobotoTTF/Roboto-Medium.ttf", "fonts-roboto-unhinted"),
    "roboto-bold": ("roboto/unhinted/RobotoTTF/Roboto-Bold.ttf", "fonts-roboto-unhinted"),
    "roboto-black": ("roboto/unhinted/RobotoTTF/Roboto-Black.ttf", "fonts-roboto-unhinted"),
    "roboto-cond-bold": ("roboto/unhinted/RobotoCondensed-Bold.ttf", "fonts-roboto-unhinted"),
    "opensans": ("open-sans/OpenSans-Regular.ttf", "fonts-open-sans"),
    "opensans-semibold": ("open-sans/OpenSans-Semibold.ttf", "fonts-open-sans"),
    "opensans-bold": ("open-sans/OpenSans-Bold.ttf", "fonts-open-sans"),
    "opensans-extrabold": ("open-sans/OpenSans-ExtraBold.ttf", "fonts-open-sans"),
}


def font_path(name: str) -> Path:
    """The file of font ``name``; MissingDependencyError naming the apt package if absent."""
    rel, package = FONTS[name]
    path = FONT_ROOT / rel
    if not path.is_file():
        raise MissingDependencyError(
            f"the synthetic-board generator needs the font {path}, which is not installed",
            hint=f"install it with: sudo apt-get install {package} (or run `make setup`)",
        )
    return path


def check_fonts() -> None:
    """Raise MissingDependencyError for the first missing font, before any work starts."""
    for name in FONTS:
        font_path(name)


@dataclass
class Painter:
    """Per-render caches of loaded fonts and anti-aliased masks."""

    _fonts: dict[tuple[str, int], ImageFont.FreeTypeFont] = field(default_factory=dict)
    _masks: dict[tuple[int, int, int, str], Image.Image] = field(default_factory=dict)

    def font(self, name: str, size: int) -> ImageFont.FreeTypeFont:
        key = (name, max(4, int(size)))
        if key not in self._fonts:
            self._fonts[key] = ImageFont.truetype(str(font_path(name)), key[1])
        return self._fonts[key]

    def rounded_mask(self, w: int, h: int, radius: int, shape: str = "rounded") -> Image.Image:
        """An anti-aliased 'L' mask of a rounded rectangle (or an ellipse, ``shape="oval"``)
        drawn 4x larger and reduced."""
        w, h, radius = max(1, int(w)), max(1, int(h)), max(0, int(radius))
        key = (w, h, radius, shape)
        if key not in self._masks:
            ss = 4
            big = Image.new("L", (w * ss, h * ss), 0)
            d = ImageDraw.Draw(big)
            box = (0, 0, w * ss - 1, h * ss - 1)
            if shape == "oval":
                d.ellipse(box, fill=255)
            else:
                d.rounded_rectangle(box, radius=radius * ss, fill=255)
            self._masks[key] = big.resize((w, h), Image.Resampling.LANCZOS)
        return self._masks[key]

    def fit_font(
        self, name: str, text: str, max_w: float, max_h: float, *, cap: bool = True
    ) -> ImageFont.FreeTypeFont:
        """The largest size of ``name`` whose ink of ``text`` fits in max_w x max_h (the
        height measured on a capital H when ``cap``, so all letters get one size)."""
        size = max(4, int(max_h * 1.5))
        probe = "H" if cap else text
        for _ in range(60):
            f = self.font(name, size)
            x0, _, x1, _ = f.getbbox(text, anchor="ls")
            _, y0, _, y1 = f.getbbox(probe, anchor="ls")
            if ((x1 - x0) <= max_w and (y1 - y0) <= max_h) or size <= 4:
                return f
            size = max(4, int(size * 0.93))
        return self.font(name, size)


def paste_color(img: Image.Image, mask: Image.Image, xy: tuple[int, int], color: RGB) -> None:
    img.paste(Image.new("RGB", mask.size, color), xy, mask)


def paste_shape(
    img: Image.Image,
    painter: Painter,
    box: tuple[float, float, float, float],
    radius: float,
    color: RGB,
    *,
    shape: str = "rounded",
) -> None:
    """Fill an anti-aliased rounded rectangle (or oval) ``box`` = (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    mask = painter.rounded_mask(x1 - x0, y1 - y0, round(radius), shape)
    paste_color(img, mask, (x0, y0), color)


def paste_gradient_shape(
    img: Image.Image,
    painter: Painter,
    box: tuple[float, float, float, float],
    radius: float,
    top: RGB,
    bottom: RGB,
) -> None:
    """A rounded rectangle filled with a vertical gradient from ``top`` to ``bottom``."""
    x0, y0, x1, y1 = (round(v) for v in box)
    w, h = max(1, x1 - x0), max(1, y1 - y0)
    t = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
    grad = (1 - t) * np.array(top, np.float32) + t * np.array(bottom, np.float32)
    tile = np.broadcast_to(grad, (h, w, 3)).astype(np.uint8)
    img.paste(Image.fromarray(tile), (x0, y0), painter.rounded_mask(w, h, round(radius)))


def drop_shadow(
    img: Image.Image,
    painter: Painter,
    box: tuple[float, float, float, float],
    radius: float,
    *,
    offset: tuple[float, float],
    blur: float,
    opacity: float,
    color: RGB = (0, 0, 0),
) -> None:
    """A soft shadow of a rounded rectangle, offset and blurred."""
    x0, y0, x1, y1 = (round(v) for v in box)
    pad = int(blur * 3) + 2
    mask = Image.new("L", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), 0)
    mask.paste(painter.rounded_mask(x1 - x0, y1 - y0, round(radius)), (pad, pad))
    if blur > 0:
        mask = mask.filter(ImageFilter.GaussianBlur(blur))
    mask = mask.point(lambda v: int(v * opacity))
    paste_color(img, mask, (x0 - pad + round(offset[0]), y0 - pad + round(offset[1])), color)


def ink_box(font: ImageFont.FreeTypeFont, text: str) -> tuple[float, float, float, float]:
    """Ink bounds of ``text`` relative to its left baseline point."""
    x0, y0, x1, y1 = font.getbbox(text, anchor="ls")
    return float(x0), float(y0), float(x1), float(y1)


def text_origin(
    font: ImageFont.FreeTypeFont,
    text: str,
    center: tuple[float, float],
    *,
    cap_center: bool = True,
) -> tuple[float, float]:
    """The left baseline point that puts the ink of ``text`` centred on ``center`` (see
    ``draw_text``)."""
    x0, y0, x1, y1 = ink_box(font, text)
    if cap_center:
        _, y0, _, y1 = ink_box(font, "H")
    return center[0] - (x0 + x1) / 2, center[1] - (y0 + y1) / 2


def draw_text(
    img: Image.Image,
    text: str,
    font: ImageFont.FreeTypeFont,
    center: tuple[float, float],
    fill: RGB,
    *,
    cap_center: bool = True,
) -> tuple[float, float, float, float]:
    """Draw ``text`` with its ink centred on ``center`` (vertically on the cap height when
    ``cap_center``, so a row of letters shares a baseline). Returns the ink box."""
    ox, oy = text_origin(font, text, center, cap_center=cap_center)
    ImageDraw.Draw(img).text((ox, oy), text, font=font, fill=fill, anchor="ls")
    bx0, by0, bx1, by1 = ink_box(font, text)
    return ox + bx0, oy + by0, ox + bx1, oy + by1


def draw_text_at(
    img: Image.Image,
    text: str,
    font: ImageFont.FreeTypeFont,
    xy: tuple[float, float],
    fill: RGB,
    anchor: str = "la",
) -> None:
    ImageDraw.Draw(img).text(xy, text, font=font, fill=fill, anchor=anchor)


# --------------------------------------------------------------------------- textures


def smooth_noise(rng: np.random.Generator, h: int, w: int, cell: float) -> FloatImage:
    """Value noise in about [-1, 1] with features about ``cell`` pixels across."""
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    grid = rng.standard_normal((gh, gw)).astype(np.float32)
    out = cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(out, -2.5, 2.5).astype(np.float32)


def to_image(arr: npt.NDArray[np.floating] | npt.NDArray[np.uint8]) -> Image.Image:
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def flat(h: int, w: int, color: RGB) -> FloatImage:
    return np.broadcast_to(np.array(color, np.float32), (h, w, 3)).copy()


def vertical_gradient(h: int, w: int, top: RGB, bottom: RGB) -> FloatImage:
    t = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
    g = (1 - t) * np.array(top, np.float32) + t * np.array(bottom, np.float32)
    return np.broadcast_to(g, (h, w, 3)).astype(np.float32)


def wood(
    rng: np.random.Generator,
    h: int,
    w: int,
    light: RGB,
    dark: RGB,
    *,
    plank: float,
    vertical: bool = False,
) -> FloatImage:
    """Planks of wood: wavy grain lines along the planks, a tone per plank, dark seams."""
    if vertical:
        return np.ascontiguousarray(
            wood(rng, w, h, light, dark, plank=plank, vertical=False).transpose(1, 0, 2)
        )
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(w, dtype=np.float32)[None, :]
    warp = smooth_noise(rng, h, w, cell=max(8.0, plank * 1.5)) * plank * 0.06
    warp += smooth_noise(rng, h, w, cell=max(4.0, plank * 0.25)) * plank * 0.01
    freq = 2 * np.pi / max(3.0, plank / rng.uniform(9.0, 16.0))
    grain = 0.5 + 0.5 * np.sin((y + warp + 0.01 * x) * freq)
    grain = grain**3 * 0.7 + 0.3 * (0.5 + 0.5 * smooth_noise(rng, h, w, cell=plank * 0.3))
    t = np.clip(grain * 0.55, 0, 1)
    n_planks = int(h / plank) + 2
    tones = rng.uniform(-0.12, 0.12, n_planks).astype(np.float32)
    idx = np.clip((y / plank).astype(int), 0, n_planks - 1)
    t = np.clip(t + tones[idx], 0, 1)
    img = (1 - t)[..., None] * np.array(light, np.float32) + t[..., None] * np.array(
        dark, np.float32
    )
    seam = ((y % plank) < max(1.0, plank * 0.015)).astype(np.float32)
    img *= 1 - 0.35 * np.broadcast_to(seam, (h, w))[..., None]
    return np.asarray(img, dtype=np.float32)


def speckled(
    rng: np.random.Generator,
    h: int,
    w: int,
    base: RGB,
    speck: RGB,
    *,
    density: float,
    size: float,
) -> FloatImage:
    """A painted/laminate table top: mottled base with small irregular light specks."""
    img = flat(h, w, base)
    img += smooth_noise(rng, h, w, cell=size * 8)[..., None] * 7
    n = int(density * h * w / (size * size * 40))
    mask = np.zeros((h, w), np.uint8)
    xs = rng.integers(0, w, n)
    ys = rng.integers(0, h, n)
    for x, y in zip(xs, ys, strict=True):
        ax = max(1, int(rng.uniform(0.3, 1.6) * size))
        ay = max(1, int(rng.uniform(0.3, 1.0) * size))
        cv2.ellipse(mask, (int(x), int(y)), (ax, ay), float(rng.uniform(0, 180)), 0, 360, 255, -1)
    m = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), max(0.6, size * 0.15))
    img = img * (1 - m[..., None]) + np.array(speck, np.float32) * m[..., None]
    return img.astype(np.float32)


def fabric(rng: np.random.Generator, h: int, w: int, base: RGB) -> FloatImage:
    """Cloth or felt: fine noise over a slightly mottled base."""
    img = flat(h, w, base)
    img += smooth_noise(rng, h, w, cell=60)[..., None] * 6
    img += rng.normal(0, 5, (h, w, 1)).astype(np.float32)
    weave = np.sin(np.arange(w, dtype=np.float32) * 1.3)[None, :, None] * 2.0
    return np.asarray(img + weave, dtype=np.float32)


def diamond_pattern(
    h: int, w: int, base: RGB, line: RGB, *, period: float, width: float, angle: float = 45.0
) -> FloatImage:
    """A background of thin crossing diagonal lines (a quilted/argyle look)."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.deg2rad(angle)
    u = (x * np.cos(a) + y * np.sin(a)) % period
    v = (-x * np.sin(a) + y * np.cos(a)) % period
    d = np.minimum(np.minimum(u, period - u), np.minimum(v, period - v))
    m = np.clip(1.0 - (d - width / 2), 0, 1)[..., None]
    return np.asarray(flat(h, w, base) * (1 - m) + np.array(line, np.float32) * m, dtype=np.float32)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def jitter_color(rng: np.random.Generator, c: RGB, amount: float) -> RGB:
    d = rng.uniform(-amount, amount, 3)
    return (
        int(np.clip(c[0] + d[0], 0, 255)),
        int(np.clip(c[1] + d[1], 0, 255)),
        int(np.clip(c[2] + d[2], 0, 255)),
    )
