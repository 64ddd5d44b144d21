"""Desktop-screenshot looks: Word Hunt in a mirrored-iPhone window on a macOS-like desktop,
and SpellCast (5x5) running as a Discord activity.

These scenes are drawn at the final screen size: the game is scaled inside the screen so its
tile pitch is the ``tile_px`` knob (clamped so the game fits), and the camera does not
rescale the screenshot afterwards.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
from PIL import Image, ImageDraw

from tools.synth.base import Ctx, Knobs, Scene, add_clutter, fit_lattice, ui_word
from tools.synth.chrome import avatar, clock_text, traffic_lights
from tools.synth.content import BoardContent
from tools.synth.looks_phone import WORDAMENT_WOOD_TILE
from tools.synth.looks_spellcast import FACE_TOP, INK, spellcast_canvas
from tools.synth.looks_wordhunt import WOOD_LIGHT, wordhunt_screen
from tools.synth.paint import (
    RGB,
    draw_text,
    draw_text_at,
    drop_shadow,
    jitter_color,
    mix,
    paste_gradient_shape,
    paste_shape,
    smooth_noise,
    to_image,
    vertical_gradient,
    wood,
)
from tools.synth.tiles import draw_tile

SCREENS: tuple[tuple[int, int], ...] = (
    (1920, 1080),
    (1366, 768),
    (1440, 900),
    (1680, 1050),
    (2560, 1440),
)


def _wallpaper(ctx: Ctx, w: int, h: int) -> Image.Image:
    """A smooth abstract wallpaper: two-colour gradient with large soft blobs."""
    a = jitter_color(
        ctx.rng, ctx.pick(((40, 70, 160), (120, 40, 120), (20, 110, 120), (200, 110, 60))), 30
    )
    b = jitter_color(
        ctx.rng, ctx.pick(((230, 150, 90), (30, 30, 70), (90, 180, 220), (160, 60, 90))), 30
    )
    arr = vertical_gradient(h, w, a, b)
    arr += smooth_noise(ctx.rng, h, w, max(w, h) / 3)[..., None] * np.array(
        [30, 20, 35], np.float32
    )
    return to_image(arr)


def _menu_bar(ctx: Ctx, img: Image.Image, dark: bool, k: float) -> float:
    w = img.width
    h = round(25 * k)
    bg: RGB = (32, 32, 36) if dark else (236, 236, 238)
    fg: RGB = (235, 235, 235) if dark else (20, 20, 20)
    ImageDraw.Draw(img).rectangle((0, 0, w, h), fill=bg)
    f = ctx.painter.font("roboto", round(14 * k))
    fb = ctx.painter.font("roboto-bold", round(14 * k))
    paste_shape(img, ctx.painter, (14 * k, 6 * k, 26 * k, 19 * k), 6 * k, fg, shape="oval")
    x = 44 * k
    for i, item in enumerate(("Finder", "File", "Edit", "View", "Go", "Window", "Help")):
        draw_text_at(img, item, fb if i == 0 else f, (x, h / 2), fg, anchor="lm")
        x += f.getlength(item) + 22 * k
    draw_text_at(img, f"Mon {clock_text(ctx)}", f, (w - 16 * k, h / 2), fg, anchor="rm")
    return float(h)


def _window(
    ctx: Ctx, img: Image.Image, box: tuple[float, float, float, float], dark: bool, k: float
) -> None:
    """A generic app window: title bar with traffic lights, lines of text and panels."""
    p = ctx.painter
    x0, y0, x1, y1 = box
    drop_shadow(img, p, box, 10 * k, offset=(0, 8 * k), blur=14 * k, opacity=0.45)
    body: RGB = (40, 40, 44) if dark else (250, 250, 250)
    bar: RGB = (56, 56, 60) if dark else (232, 232, 234)
    ink: RGB = (210, 210, 210) if dark else (50, 50, 50)
    paste_shape(img, p, box, 10 * k, body)
    paste_shape(img, p, (x0, y0, x1, y0 + 30 * k), 10 * k, bar)
    ImageDraw.Draw(img).rectangle((x0, y0 + 20 * k, x1, y0 + 30 * k), fill=bar)
    traffic_lights(img, ctx, x0 + 18 * k, y0 + 15 * k, 6 * k)
    f = p.font("roboto", round(13 * k))
    y = y0 + 50 * k
    while y < y1 - 20 * k:
        if ctx.chance(0.15):
            bw = ctx.uniform(0.2, 0.6) * (x1 - x0)
            bh = min(y1 - 20 * k - y, ctx.uniform(40, 120) * k)
            paste_shape(
                img,
                p,
                (x0 + 20 * k, y, x0 + 20 * k + bw, y + bh),
                6 * k,
                mix(body, ctx.pick(((60, 120, 220), (230, 90, 80), (90, 180, 90))), 0.5),
            )
            y += bh + 14 * k
            continue
        text = " ".join(ui_word(ctx) for _ in range(ctx.int(2, 9)))
        draw_text_at(img, text, f, (x0 + 20 * k, y), ink, anchor="lt")
        y += 22 * k


def _dock(ctx: Ctx, img: Image.Image, dark: bool, k: float) -> tuple[float, float, float, float]:
    w, h = img.size
    n = ctx.int(7, 13)
    s = 52 * k
    dw = n * (s + 10 * k) + 14 * k
    box = (w / 2 - dw / 2, h - s - 26 * k, w / 2 + dw / 2, h - 6 * k)
    paste_shape(img, ctx.painter, box, 18 * k, (60, 60, 66) if dark else (225, 228, 235))
    for i in range(n):
        x = box[0] + 12 * k + i * (s + 10 * k)
        color = ctx.pick(
            (
                (250, 80, 60),
                (60, 140, 250),
                (60, 200, 100),
                (250, 200, 40),
                (160, 90, 220),
                (240, 240, 240),
                (40, 40, 40),
            )
        )
        paste_gradient_shape(
            img,
            ctx.painter,
            (x, box[1] + 10 * k, x + s, box[1] + 10 * k + s),
            s * 0.22,
            mix(color, (255, 255, 255), 0.2),
            color,
        )
    return box


def _resize(img: Image.Image, factor: float) -> Image.Image:
    arr = np.asarray(img.convert("RGB"))
    w, h = img.size
    nw, nh = max(1, round(w * factor)), max(1, round(h * factor))
    out = cv2.resize(arr, (nw, nh), interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC)
    return Image.fromarray(out, "RGB")


def render_wordhunt_desktop(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    """A macOS-like desktop: wallpaper, menu bar, app windows, dock, and an iPhone
    Mirroring window showing Word Hunt at the scale that gives ``tile_px`` tiles."""
    W, H = ctx.pick(SCREENS)
    k = W / 1440 if W >= 2560 else 1.0
    dark = knobs.theme == "dark"
    img = _wallpaper(ctx, W, H)
    menu_h = _menu_bar(ctx, img, dark, k)
    for _ in range(ctx.int(1, 3)):
        ww, wh = ctx.uniform(0.3, 0.6) * W, ctx.uniform(0.35, 0.75) * H
        x, y = ctx.uniform(0, W - ww), ctx.uniform(menu_h + 10, H - wh - 40)
        _window(ctx, img, (x, y, x + ww, y + wh), dark, k)
    phone, lat, faces, extra = wordhunt_screen(ctx, content, knobs)
    factor = (knobs.tile_px or 60.0) / lat.pitch
    factor = min(factor, (H - menu_h - 40 * k) / phone.height, (W * 0.5) / phone.width)
    small = _resize(phone, factor)
    pw, ph = small.size
    px = round(ctx.uniform(10 * k, W - pw - 10 * k))
    py = round(ctx.uniform(menu_h + 8 * k, max(menu_h + 8 * k, H - ph - 10 * k)))
    radius = pw * 0.12
    drop_shadow(
        img,
        ctx.painter,
        (px, py, px + pw, py + ph),
        radius,
        offset=(0, 10 * k),
        blur=18 * k,
        opacity=0.5,
    )
    img.paste(small, (px, py), ctx.painter.rounded_mask(pw, ph, round(radius)))
    corners = lat.corners() * np.array([pw / phone.width, ph / phone.height]) + np.array([px, py])
    dock = _dock(ctx, img, dark, k)
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [(px, py, px + pw, py + ph), dock],
            tile=lat.pitch * factor,
            tile_color=WOOD_LIGHT,
            ink=(20, 20, 20),
            count=4,
            area=(0, menu_h, W, H),
        )
    return Scene(
        image=img,
        corners=corners,
        faces=faces,
        kind=knobs.kind,
        extra={**extra, "screen": f"{W}x{H}", "phone_scale": round(factor, 4)},
        rescale=False,
        fill=(20, 20, 20),
    )


# --------------------------------------------------------------------------- SpellCast

DISCORD = {
    "dark": {
        "rail": (30, 31, 34),
        "side": (43, 45, 49),
        "main": (49, 51, 56),
        "text": (219, 222, 225),
        "muted": (148, 155, 164),
    },
    "light": {
        "rail": (227, 229, 232),
        "side": (242, 243, 245),
        "main": (255, 255, 255),
        "text": (49, 51, 56),
        "muted": (92, 94, 102),
    },
}


def render_spellcast_arrows(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    """SpellCast in Discord with another solver's arrows drawn over the board."""
    return render_spellcast_discord(ctx, content, knobs, arrows=True)


def render_spellcast_discord(
    ctx: Ctx, content: BoardContent, knobs: Knobs, *, arrows: bool = False
) -> Scene:
    """Discord (dark or light theme) with SpellCast open as an activity in a voice channel."""
    W, H = ctx.pick(SCREENS)
    k = W / 1440 if W >= 2560 else 1.0
    pal = DISCORD[knobs.theme]
    p = ctx.painter
    img = Image.new("RGB", (W, H), pal["main"])
    d = ImageDraw.Draw(img)
    rail, side = 72 * k, 240 * k
    d.rectangle((0, 0, rail, H), fill=pal["rail"])
    for i in range(int(H / (56 * k)) - 1):
        cy = 40 * k + i * 56 * k
        c = ctx.pick(((88, 101, 242), (35, 165, 90), (240, 178, 50), (235, 69, 158), (90, 90, 90)))
        paste_shape(
            img,
            p,
            (rail / 2 - 24 * k, cy - 24 * k, rail / 2 + 24 * k, cy + 24 * k),
            24 * k,
            c,
            shape="oval",
        )
    d.rectangle((rail, 0, rail + side, H), fill=pal["side"])
    f = p.font("opensans-semibold", round(15 * k))
    fc = p.font("dejavu", round(15 * k))  # has the note glyph of voice channels
    draw_text_at(
        img,
        ctx.pick(("game night", "word nerds", "the boys", "study group")),
        p.font("opensans-bold", round(16 * k)),
        (rail + 16 * k, 24 * k),
        pal["text"],
        anchor="lm",
    )
    y = 70 * k
    for i in range(ctx.int(6, 14)):
        voice = i == 3
        name = ui_word(ctx) + ("-" + ui_word(ctx) if ctx.chance(0.4) else "")
        label = ("\u266a " if voice else "# ") + name
        draw_text_at(
            img, label, fc, (rail + 16 * k, y), pal["text"] if voice else pal["muted"], anchor="lm"
        )
        y += 34 * k
        if voice:
            for _ in range(ctx.int(1, 4)):
                avatar(img, ctx, rail + 44 * k, y, 11 * k)
                draw_text_at(img, ui_word(ctx), f, (rail + 64 * k, y), pal["muted"], anchor="lm")
                y += 30 * k
    # The activity stage with its canvas and the voice controls below.
    chat = 0.0 if ctx.chance(0.5) else 340 * k
    stage = (rail + side, 48 * k, W - chat, H - 90 * k)
    d.rectangle((rail + side, 0, W, 48 * k), fill=pal["main"])
    draw_text_at(
        img,
        "\u266a " + ui_word(ctx),
        p.font("dejavu-bold", round(16 * k)),
        (stage[0] + 16 * k, 24 * k),
        pal["text"],
        anchor="lm",
    )
    d.rectangle(stage, fill=(0, 0, 0))
    sw, sh = stage[2] - stage[0], stage[3] - stage[1]
    # A 16:9 canvas fitting the stage; the board is 0.8 of its height, so the pitch sets it.
    want_h = (knobs.tile_px or 70.0) * (content.rows - 0.08) / (0.8 * 0.94)
    ch = min(want_h, sh, sw * 9 / 16)
    ch = max(ch, 60.0)
    cw = ch * 16 / 9
    canvas, lat, faces, game_extra = spellcast_canvas(
        ctx, content, round(cw), round(ch), arrows=arrows
    )
    cx = round(stage[0] + (sw - canvas.width) / 2)
    cy = round(stage[1] + (sh - canvas.height) / 2)
    img.paste(canvas, (cx, cy))
    for i in range(4):
        bx = (stage[0] + stage[2]) / 2 + (i - 1.5) * 64 * k
        paste_shape(
            img,
            p,
            (bx - 24 * k, H - 70 * k, bx + 24 * k, H - 22 * k),
            24 * k,
            (237, 66, 69) if i == 3 else (60, 62, 68),
            shape="oval",
        )
    if chat:
        d.rectangle((W - chat, 48 * k, W, H), fill=pal["side"])
        yy = 70 * k
        while yy < H - 80 * k:
            avatar(img, ctx, W - chat + 30 * k, yy + 10 * k, 16 * k)
            draw_text_at(
                img,
                ui_word(ctx),
                p.font("opensans-bold", round(14 * k)),
                (W - chat + 56 * k, yy),
                pal["text"],
                anchor="lt",
            )
            draw_text_at(
                img,
                " ".join(ui_word(ctx) for _ in range(ctx.int(2, 6))),
                f,
                (W - chat + 56 * k, yy + 20 * k),
                pal["muted"],
                anchor="lt",
            )
            yy += 64 * k
    corners = lat.corners() + np.array([cx, cy], np.float64)
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [(cx, cy, cx + canvas.width, cy + canvas.height)],
            tile=lat.pitch,
            tile_color=FACE_TOP,
            ink=INK,
            count=3,
            area=stage,
        )
    return Scene(
        image=img,
        corners=corners,
        faces=faces,
        kind=knobs.kind,
        extra={"screen": f"{W}x{H}", "discord": knobs.theme, **game_extra},
        rescale=False,
        fill=(20, 20, 20),
    )


# --------------------------------------------------------------------------- Wordament (Windows)

# The Windows app's tiles, measured with numpy on shared/realboards/wordament/
# blackmonk13_desktop_full_2_letter.png (1366x768, pitch 77.75 px; its grid crop is
# fixtures/real/wordament/blackmonk13_grid_2_letter_desktop_grid.png): face (244, 240, 230) at
# the top to (235, 230, 222) at the bottom, ink (51, 50, 58); letters 31-32 px high (0.405 of
# the pitch); values bold (strokes ~2 px: ink per squared height 0.43, Open Sans Bold gives
# 0.36, Semibold 0.29), 10-11 px high (median 0.129 of the pitch, counting ink darker than
# half-way from face to digit), ink top 8 px below the cell's top and 7 px in from its left,
# as dark as the letters (contrast 180 of 255). value_size 0.145 gives 0.122-0.136 over the
# four screens (the font sizes come in 7% steps; 0.15 gives 0.136-0.145).
WORDAMENT_DESKTOP_TILE = replace(
    WORDAMENT_WOOD_TILE,
    face_top=(245, 241, 232),
    face_bottom=(234, 230, 221),
    ink=(51, 50, 58),
    cap=0.425,
    value_font="opensans-bold",
    value_size=0.145,
    value_inset=0.065,
    value_top=0.09,
    value_ink=(51, 50, 58),
)


def render_wordament_desktop(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    """The Wordament Windows app, full screen: red top bar, a light wood table with a coffee
    cup and leaves, the score panel on the left, round Hint/Zoom/Rotate buttons, the small
    board on the right and the Microsoft Casual Games banner. Laid out in units of the real
    1366x768 screenshot (shared/realboards/wordament/blackmonk13_desktop_full_2_letter.png)."""
    W, H = ctx.pick(((1366, 768), (1600, 900), (1920, 1080), (1280, 720)))
    kx, ky = W / 1366, H / 768
    k = min(kx, ky)
    p = ctx.painter
    img = to_image(
        wood(ctx.rng, H, W, (236, 200, 150), (196, 146, 96), plank=ctx.uniform(110, 150) * ky)
    )
    d = ImageDraw.Draw(img)
    # Decorations: coffee cup on the left, leaves at the edges, a muffin on the right.
    cx, cy, r = 40 * kx, 370 * ky, 90 * k
    paste_shape(
        img,
        p,
        (cx - r * 1.2, cy - r * 1.2, cx + r * 1.2, cy + r * 1.2),
        r,
        (150, 30, 40),
        shape="oval",
    )
    paste_shape(img, p, (cx - r, cy - r, cx + r, cy + r), r, (235, 225, 215), shape="oval")
    paste_shape(
        img,
        p,
        (cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8),
        r,
        (196, 140, 80),
        shape="oval",
    )
    for _ in range(ctx.int(6, 12)):
        lx = ctx.pick((ctx.uniform(0, 90 * kx), ctx.uniform(W - 90 * kx, W)))
        ly = ctx.uniform(60 * ky, H)
        lw, lh = ctx.uniform(30, 60) * k, ctx.uniform(18, 34) * k
        green = jitter_color(ctx.rng, (70, 130, 40), 20)
        paste_shape(img, p, (lx - lw, ly - lh, lx + lw, ly + lh), lh, green, shape="oval")
    mx, my = W - 40 * kx, 520 * ky
    paste_shape(
        img, p, (mx - 90 * k, my - 110 * k, mx + 90 * k, my + 110 * k), 60 * k, (170, 110, 60)
    )
    # Top bar.
    bar_h = 64 * ky
    d.rectangle((0, 0, W, bar_h), fill=(110, 0, 22))
    for i, lab in enumerate(("Menu", "Back")):
        bx = 4 * kx + i * 74 * kx
        d.rectangle((bx, 4 * ky, bx + 62 * kx, bar_h - 4 * ky), outline=(200, 160, 160), width=1)
        glyph = "\u2630" if i == 0 else "\u2190"
        draw_text(
            img,
            glyph,
            p.font("dejavu-bold", round(24 * k)),
            (bx + 31 * kx, 22 * ky),
            (255, 255, 255),
        )
        draw_text(
            img,
            lab,
            p.font("opensans-bold", round(14 * k)),
            (bx + 31 * kx, 47 * ky),
            (255, 255, 255),
        )
    draw_text_at(
        img,
        "Wordament",
        p.font("opensans-bold", round(28 * k)),
        (185 * kx, bar_h / 2),
        (255, 255, 255),
        anchor="lm",
    )
    draw_text(
        img,
        "Wordament",
        p.font("opensans-bold", round(18 * k)),
        (1100 * kx, 17 * ky),
        (255, 255, 255),
    )
    draw_text(
        img,
        "Recruit",
        p.font("opensans-bold", round(18 * k)),
        (1100 * kx, 45 * ky),
        (255, 255, 255),
    )
    lv = (1168 * kx, 4 * ky, 1226 * kx, bar_h - 4 * ky)
    d.ellipse(lv, outline=(150, 60, 70), width=max(1, round(2 * k)))
    draw_text(
        img,
        str(ctx.int(1, 40)),
        p.font("opensans-bold", round(26 * k)),
        ((lv[0] + lv[2]) / 2, 38 * ky),
        (255, 200, 60),
    )
    # Stats bar with the difficulty tab.
    paste_shape(img, p, (585 * kx, 76 * ky, 775 * kx, 104 * ky), 12 * k, (120, 10, 22))
    draw_text(
        img,
        ctx.pick(("Easy", "Medium", "Hard")),
        p.font("opensans-bold", round(16 * k)),
        (680 * kx, 90 * ky),
        (255, 255, 255),
    )
    paste_shape(img, p, (445 * kx, 100 * ky, 1035 * kx, 162 * ky), 30 * k, (70, 60, 52))
    for i, lab in enumerate(("3-letter words", "Points", "Words")):
        sx = 488 * kx + i * 155 * kx
        paste_shape(
            img,
            p,
            (sx - 22 * k, 109 * ky, sx + 22 * k, 153 * ky),
            22 * k,
            (50, 44, 38),
            shape="oval",
        )
        draw_text(img, "\u2605", p.font("dejavu-bold", round(22 * k)), (sx, 131 * ky), (90, 80, 70))
        draw_text_at(
            img,
            lab,
            p.font("opensans", round(14 * k)),
            (sx + 30 * kx, 118 * ky),
            (220, 220, 220),
            anchor="lm",
        )
        draw_text_at(
            img,
            f"0 / {ctx.int(1, 150)}",
            p.font("opensans-bold", round(17 * k)),
            (sx + 30 * kx, 142 * ky),
            (250, 210, 60),
            anchor="lm",
        )
    paste_gradient_shape(
        img, p, (943 * kx, 107 * ky, 1030 * kx, 157 * ky), 6 * k, (110, 170, 240), (60, 120, 210)
    )
    draw_text(
        img, "End", p.font("opensans-bold", round(17 * k)), (985 * kx, 123 * ky), (255, 255, 255)
    )
    draw_text(
        img, "Puzzle", p.font("opensans-bold", round(17 * k)), (985 * kx, 142 * ky), (255, 255, 255)
    )
    # Score panel on the left.
    panel = (210 * kx, 185 * ky, 610 * kx, 620 * ky)
    paste_shape(
        img,
        p,
        (panel[0] - 4 * k, panel[1] - 4 * k, panel[2] + 4 * k, panel[3] + 4 * k),
        10 * k,
        (150, 110, 70),
    )
    paste_shape(img, p, panel, 8 * k, (104, 94, 82))
    d.rectangle((panel[0] + 6 * k, panel[1] + 6 * k, panel[2] - 6 * k, 285 * ky), fill=(50, 44, 40))
    f = p.font("opensans", round(17 * k))
    draw_text(img, f"Score: 0 / {ctx.int(1500, 4000)}", f, (312 * kx, 213 * ky), (220, 220, 220))
    draw_text(img, f"Words: 0 / {ctx.int(100, 260)}", f, (510 * kx, 213 * ky), (220, 220, 220))
    draw_text(
        img,
        f'Using "{next((t for row in content.letters for t in row if len(t) > 1), "E")}"',
        p.font("opensans-bold", round(16 * k)),
        (410 * kx, 255 * ky),
        (80, 200, 240),
    )
    for x in (358, 462):
        d.line((x * kx, 293 * ky, x * kx, 610 * ky), fill=(40, 36, 32), width=max(1, round(2 * k)))
    # Round buttons and the word bar.
    for i, lab in enumerate(("Hint", "Zoom", "Rotate")):
        by = 258 * ky + i * 135 * ky
        paste_shape(
            img,
            p,
            (653 * kx, by - 32 * k, 717 * kx, by + 32 * k),
            32 * k,
            (60, 50, 44),
            shape="oval",
        )
        icon = ("?", "+", "\u21bb")[i]
        draw_text(img, icon, p.font("dejavu-bold", round(30 * k)), (685 * kx, by), (235, 235, 235))
        draw_text(
            img, lab, p.font("opensans", round(19 * k)), (685 * kx, by + 50 * ky), (30, 30, 30)
        )
    paste_shape(img, p, (750 * kx, 182 * ky, 1130 * kx, 222 * ky), 18 * k, (150, 100, 60))
    # The board: 310 px of the 1366 px screen, at the right.
    side = 312 * k
    bx0 = 788 * kx
    lat = fit_lattice(
        (bx0, 268 * ky, bx0 + side, 268 * ky + side), content.rows, content.cols, 0.03
    )
    faces: list[list[RGB]] = []
    for r in range(lat.rows):
        row: list[RGB] = []
        for c in range(lat.cols):
            value = content.values[r][c] if content.values is not None else None
            draw_tile(ctx, img, lat.box(r, c), WORDAMENT_DESKTOP_TILE, content.letters[r][c], value)
            row.append(WORDAMENT_DESKTOP_TILE.face)
        faces.append(row)
    # The banner.
    banner = (320 * kx, 634 * ky, 1046 * kx, 722 * ky)
    paste_gradient_shape(img, p, banner, 0, (40, 90, 190), (20, 50, 130))
    text = "Microsoft Casual Games"
    draw_text(
        img,
        text,
        p.fit_font("opensans-bold", text, (banner[2] - banner[0]) * 0.75, 40 * k),
        ((banner[0] + banner[2]) / 2 + 40 * kx, (banner[1] + banner[3]) / 2),
        (255, 255, 255),
    )
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [lat.outer()],
            tile=lat.tile,
            tile_color=WORDAMENT_DESKTOP_TILE.face,
            ink=WORDAMENT_DESKTOP_TILE.ink,
            count=2,
            area=(1110 * kx, 240 * ky, W - 100 * kx, 620 * ky),
        )
    return Scene(
        image=img,
        corners=lat.corners(),
        faces=faces,
        kind=knobs.kind,
        extra={"screen": f"{W}x{H}"},
        fill=(20, 20, 20),
    )
