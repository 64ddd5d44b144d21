"""Phone and desktop chrome: status bars, home indicators, window title bars, icons."""

from __future__ import annotations

from PIL import Image, ImageDraw

from tools.synth.base import Ctx
from tools.synth.paint import RGB, draw_text, draw_text_at, paste_shape

PHONES: tuple[tuple[str, int, int], ...] = (
    ("ios", 1170, 2532),  # iPhone 12-14
    ("ios", 1179, 2556),  # iPhone 14 Pro / 15
    ("ios", 1284, 2778),  # iPhone Pro Max
    ("android", 1080, 2400),
    ("android", 1080, 2340),
    ("android", 1080, 1920),
)


def pick_phone(
    ctx: Ctx, os_name: str | None, *, tile_px: float, cols: int
) -> tuple[str, int, int, str]:
    """A phone screen (os, width, height, "os WxH" of the real screen). When the tiles will
    end up ``tile_px`` apart, the screen is drawn smaller (at twice the final detail, at
    least 0.3 of the real size) to save time; every layout is in units of the width."""
    os_, w, h = ctx.pick([p for p in PHONES if os_name is None or p[0] == os_name])
    scale = 1.0
    if tile_px > 0:
        scale = min(1.0, max(0.3, 2.0 * tile_px / (0.95 * w / cols)))
    return os_, round(w * scale), round(h * scale), f"{os_} {w}x{h}"


def clock_text(ctx: Ctx) -> str:
    return f"{ctx.int(1, 12)}:{ctx.int(0, 59):02d}"


def _battery(img: Image.Image, ctx: Ctx, x: float, y: float, h: float, color: RGB) -> float:
    """A battery glyph with its top-left at (x, y); returns its width."""
    d = ImageDraw.Draw(img)
    w = h * 2.1
    d.rounded_rectangle(
        (x, y, x + w, y + h), radius=h * 0.28, outline=color, width=max(1, round(h * 0.1))
    )
    level = ctx.uniform(0.2, 1.0)
    inset = h * 0.18
    d.rounded_rectangle(
        (x + inset, y + inset, x + inset + (w - 2 * inset) * level, y + h - inset),
        radius=h * 0.15,
        fill=color,
    )
    d.rectangle((x + w + h * 0.08, y + h * 0.32, x + w + h * 0.18, y + h * 0.68), fill=color)
    return w + h * 0.2


def _signal(img: Image.Image, x: float, y: float, h: float, color: RGB) -> float:
    d = ImageDraw.Draw(img)
    bw = h * 0.22
    for i in range(4):
        bh = h * (0.35 + 0.65 * i / 3)
        d.rounded_rectangle(
            (x + i * bw * 1.45, y + h - bh, x + i * bw * 1.45 + bw, y + h),
            radius=bw * 0.3,
            fill=color,
        )
    return bw * 1.45 * 4


def _wifi(img: Image.Image, x: float, y: float, h: float, color: RGB) -> float:
    d = ImageDraw.Draw(img)
    cx, cy = x + h * 0.75, y + h
    for i, r in enumerate((h * 1.0, h * 0.66, h * 0.33)):
        if i < 2:
            d.arc(
                (cx - r, cy - r, cx + r, cy + r),
                225,
                315,
                fill=color,
                width=max(1, round(h * 0.16)),
            )
        else:
            d.pieslice((cx - r, cy - r, cx + r, cy + r), 225, 315, fill=color)
    return h * 1.5


def status_bar(
    ctx: Ctx, img: Image.Image, os_name: str, fg: RGB, *, bg: RGB | None = None, island: bool = True
) -> float:
    """Draw a phone status bar at the top; returns its height."""
    w = img.width
    u = w / (1170 if os_name == "ios" else 1080)
    p = ctx.painter
    if os_name == "ios":
        h = 140 * u
        if bg is not None:
            ImageDraw.Draw(img).rectangle((0, 0, w, h), fill=bg)
        font = p.font("roboto-bold", round(50 * u))
        draw_text(img, clock_text(ctx), font, (190 * u, 80 * u), fg)
        if island:
            paste_shape(
                img, p, (w / 2 - 190 * u, 32 * u, w / 2 + 190 * u, 142 * u), 55 * u, (0, 0, 0)
            )
        x = w - 300 * u
        x += _signal(img, x, 62 * u, 36 * u, fg) + 14 * u
        x += _wifi(img, x, 60 * u, 36 * u, fg) + 14 * u
        _battery(img, ctx, x, 60 * u, 38 * u, fg)
        return h
    h = 80 * u
    if bg is not None:
        ImageDraw.Draw(img).rectangle((0, 0, w, h), fill=bg)
    font = p.font("roboto", round(38 * u))
    draw_text_at(img, clock_text(ctx), font, (40 * u, 40 * u), fg, anchor="lm")
    x = w - 230 * u
    x += _wifi(img, x, 24 * u, 30 * u, fg) + 10 * u
    x += _signal(img, x, 24 * u, 30 * u, fg) + 14 * u
    _battery(img, ctx, x, 26 * u, 28 * u, fg)
    return h


def home_indicator(img: Image.Image, ctx: Ctx, os_name: str, color: RGB) -> None:
    w, h = img.size
    u = w / (1170 if os_name == "ios" else 1080)
    if os_name == "ios":
        paste_shape(
            img,
            ctx.painter,
            (w / 2 - 200 * u, h - 38 * u, w / 2 + 200 * u, h - 23 * u),
            8 * u,
            color,
        )
    else:
        d = ImageDraw.Draw(img)
        y = h - 60 * u
        d.polygon(
            [
                (w * 0.25 - 20 * u, y),
                (w * 0.25 + 15 * u, y - 20 * u),
                (w * 0.25 + 15 * u, y + 20 * u),
            ],
            outline=color,
        )
        d.ellipse(
            (w / 2 - 20 * u, y - 20 * u, w / 2 + 20 * u, y + 20 * u),
            outline=color,
            width=max(1, round(3 * u)),
        )
        d.rectangle(
            (w * 0.75 - 18 * u, y - 18 * u, w * 0.75 + 18 * u, y + 18 * u),
            outline=color,
            width=max(1, round(3 * u)),
        )


def traffic_lights(img: Image.Image, ctx: Ctx, x: float, y: float, r: float) -> None:
    """The red/yellow/green window buttons of macOS, the first centred at (x, y)."""
    for i, c in enumerate(((255, 95, 87), (254, 188, 46), (40, 200, 64))):
        cx = x + i * r * 3.3
        paste_shape(img, ctx.painter, (cx - r, y - r, cx + r, y + r), r, c, shape="oval")


def avatar(img: Image.Image, ctx: Ctx, cx: float, cy: float, r: float) -> None:
    """A round profile picture: a coloured disc with an initial."""
    color = ctx.pick(
        ((230, 126, 34), (52, 152, 219), (155, 89, 182), (26, 188, 156), (231, 76, 60))
    )
    paste_shape(img, ctx.painter, (cx - r, cy - r, cx + r, cy + r), r, color, shape="oval")
    font = ctx.painter.font("roboto-bold", round(r * 0.9))
    draw_text(img, chr(65 + ctx.int(0, 25)), font, (cx, cy), (255, 255, 255))
