"""GamePigeon Word Hunt (iMessage) as players share it: a screenshot of the phone, and a
photo of the phone's screen.

Measured on the three real crops in shared/realboards/wordhunt (1000 px, 4x4): tiles of
light wood with horizontal grain, face (245, 210, 150) lighter at the top, a dark bevel at
the bottom; tile side 0.855 of the pitch (gap 0.145), corner radius ~0.07 of the side; big
bold black sans capitals, cap height ~0.54 of the side, with a thin light edge below and
right (embossed); no values. The board is dark green (68, 92, 67), shaded to (47, 64, 47)
under the tiles, inside a light green rim (144, 232, 138) about 0.01 of the board wide,
over a green background (104, 150, 102) with a lighter maze-like pattern. Score and timer
sit above the board; while a word is traced its tiles turn green (a new word), yellow
(found before) or white (not a word) and the word shows above the board.

The photo look puts that screen in a phone on a table and photographs it: perspective,
moire from the screen's pixel grid, glare, bright LED sparkles and dust, and sometimes a
finger over the edge of the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageDraw

from tools.synth.base import Ctx, Knobs, Lattice, Scene, add_clutter, fit_lattice
from tools.synth.chrome import avatar, home_indicator, pick_phone, status_bar
from tools.synth.content import BoardContent
from tools.synth.paint import (
    RGB,
    draw_text,
    drop_shadow,
    fabric,
    jitter_color,
    mix,
    paste_shape,
    smooth_noise,
    speckled,
    to_image,
    wood,
)

Box = tuple[float, float, float, float]

BACKGROUND: RGB = (104, 150, 102)
BOARD: RGB = (68, 92, 67)
RIM: RGB = (144, 232, 138)
WOOD_LIGHT: RGB = (252, 224, 174)
WOOD_DARK: RGB = (230, 188, 124)
INK: RGB = (8, 8, 8)
# A traced word's tiles: green (a new word), yellow (found already), white (not a word);
# the registry's Word Hunt look (Look.states) knows the first two.
STATES: dict[str, RGB] = {
    "green": (126, 214, 108),
    "yellow": (246, 214, 84),
    "white": (250, 250, 245),
}
# Bold sans faces close to the game's (San Francisco Bold).
FONTS = ("liberation-bold", "roboto-bold", "opensans-bold", "dejavu-bold")


@dataclass(frozen=True)
class WordHuntConfig:
    """Proportions measured on the real crops (see the module docstring)."""

    gap: float = 0.145  # of the pitch
    radius: float = 0.07  # of the tile side
    cap: tuple[float, float] = (0.5, 0.56)  # letter cap height / tile side
    rim: float = 0.012  # rim width / board side
    margin: float = 0.06  # board edge to the tiles / board side
    trace_chance: float = 0.4  # a word being traced
    trace_len: tuple[int, int] = (2, 7)
    # The photo of a screen.
    moire_period: tuple[float, float] = (0.04, 0.16)  # of the pitch
    moire_strength: tuple[float, float] = (0.03, 0.12)
    glare_chance: float = 0.6
    glare_strength: tuple[float, float] = (0.15, 0.45)
    sparkles: tuple[int, int] = (5, 60)  # LED sparkles and dust specks on the screen
    finger_chance: float = 0.4


CFG = WordHuntConfig()


def maze(ctx: Ctx, h: int, w: int, base: RGB, line: RGB, cell: float) -> np.ndarray:
    """The background's maze-like pattern: short lighter strokes on a grid turned 45
    degrees, each cell joined to a random neighbour."""
    side = int(np.hypot(h, w)) + 4
    canvas = np.zeros((side, side), np.uint8)
    n = int(side / cell) + 1
    width = max(1, round(cell * 0.28))
    for i in range(n):
        for j in range(n):
            x, y = round(j * cell), round(i * cell)
            if ctx.chance(0.5):
                cv2.line(canvas, (x, y), (round(x + cell), y), 255, width)
            else:
                cv2.line(canvas, (x, y), (x, round(y + cell)), 255, width)
    rot = cv2.getRotationMatrix2D((side / 2, side / 2), 45, 1.0)
    turned = cv2.warpAffine(canvas, rot, (side, side))
    y0, x0 = (side - h) // 2, (side - w) // 2
    m = turned[y0 : y0 + h, x0 : x0 + w].astype(np.float32)[..., None] / 255.0
    out = np.array(base, np.float32) * (1 - m * 0.6) + np.array(line, np.float32) * (m * 0.6)
    return np.asarray(out, np.float32)


def _trace(ctx: Ctx, rows: int, cols: int) -> list[tuple[int, int]]:
    """A random path of adjacent tiles (a word being traced)."""
    n = ctx.int(*CFG.trace_len)
    path = [(ctx.int(0, rows - 1), ctx.int(0, cols - 1))]
    while len(path) < n:
        r, c = path[-1]
        steps = [
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        free = [p for p in steps if p not in path]
        if not free:
            break
        path.append(ctx.pick(free))
    return path


def draw_wood_tile(
    ctx: Ctx,
    img: Image.Image,
    box: Box,
    letter: str,
    *,
    font: str,
    cap: float,
    state: RGB | None,
) -> RGB:
    """One Word Hunt tile: shadow, wood face (or a traced word's flat colour), bevel and
    the embossed letter. Returns the nominal face colour."""
    p = ctx.painter
    x0, y0, x1, y1 = box
    side = x1 - x0
    r = side * CFG.radius
    drop_shadow(img, p, box, r, offset=(0, side * 0.05), blur=side * 0.05, opacity=0.55)
    w, h = max(1, round(x1 - x0)), max(1, round(y1 - y0))
    if state is None:
        light = jitter_color(ctx.rng, WOOD_LIGHT, 5)
        grain = wood(ctx.rng, h, w, light, WOOD_DARK, plank=side * 3, vertical=False)
        t = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
        face = grain * (1.02 - 0.08 * t)
        face_rgb = mix(light, WOOD_DARK, 0.3)
    else:
        face = np.broadcast_to(np.array(state, np.float32), (h, w, 3)).copy()
        face_rgb = state
    # Bevel: a darker band along the bottom edge, a lighter line along the top.
    band = max(1, round(side * 0.035))
    face[-band:] *= 0.82
    face[: max(1, band // 2)] = np.minimum(255, face[: max(1, band // 2)] * 1.06)
    tile = to_image(face)
    img.paste(tile, (round(x0), round(y0)), p.rounded_mask(w, h, round(r)))
    f = p.fit_font(font, "W", side * 0.9, side * cap)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    off = max(1.0, side * 0.012)
    draw_text(img, letter, f, (cx + off, cy + off), mix(face_rgb, (255, 255, 255), 0.75))
    draw_text(img, letter, f, (cx, cy), INK)
    return face_rgb


def wordhunt_screen(
    ctx: Ctx, content: BoardContent, knobs: Knobs
) -> tuple[Image.Image, Lattice, list[list[RGB]], dict[str, object]]:
    """GamePigeon Word Hunt in iMessage on an iPhone, as a full screenshot."""
    _, W, H, phone = pick_phone(ctx, "ios", tile_px=knobs.tile_px, cols=content.cols)
    u = W / 1170
    p = ctx.painter
    dark = knobs.theme == "dark"
    chrome_bg: RGB = (0, 0, 0) if dark else (248, 248, 248)
    chrome_fg: RGB = (255, 255, 255) if dark else (0, 0, 0)
    bg = jitter_color(ctx.rng, BACKGROUND, 6)
    arr = maze(ctx, H, W, bg, mix(bg, RIM, 0.45), 34 * u)
    img = to_image(arr)
    d = ImageDraw.Draw(img)
    # iMessage chrome: status bar, the conversation header.
    head = 330 * u
    d.rectangle((0, 0, W, head), fill=chrome_bg)
    status_bar(ctx, img, "ios", chrome_fg)
    avatar(img, ctx, W / 2, 205 * u, 55 * u)
    draw_text(
        img,
        ctx.pick(("Mom", "Alex", "Sam", "Jordan", "Taylor")),
        p.font("roboto", round(34 * u)),
        (W / 2, 295 * u),
        chrome_fg,
    )
    draw_text(img, "\u2039", p.font("dejavu", round(110 * u)), (60 * u, 205 * u), (10, 132, 255))
    # Score panel and timer above the board.
    y = head + 60 * u
    panel = (200 * u, y, W - 200 * u, y + 200 * u)
    paste_shape(img, p, panel, 40 * u, mix(BOARD, (0, 0, 0), 0.1))
    sf = p.font("liberation-bold", round(58 * u))
    draw_text(img, f"WORDS: {ctx.int(0, 40)}", sf, (W / 2, y + 62 * u), (255, 255, 255))
    draw_text(img, f"SCORE: {ctx.int(0, 60) * 100:,}", sf, (W / 2, y + 140 * u), (255, 255, 255))
    tb = (W - 180 * u, y + 20 * u, W - 30 * u, y + 110 * u)
    paste_shape(img, p, tb, 25 * u, mix(BOARD, (0, 0, 0), 0.1))
    draw_text(
        img,
        f"{ctx.int(0, 1)}:{ctx.int(0, 59):02d}",
        p.font("liberation-bold", round(46 * u)),
        ((tb[0] + tb[2]) / 2, (tb[1] + tb[3]) / 2),
        (255, 255, 255),
    )
    y = panel[3] + 40 * u
    rows, cols = content.rows, content.cols
    traced = _trace(ctx, rows, cols) if ctx.chance(CFG.trace_chance) else []
    state_name = ctx.pick(tuple(STATES)) if traced else ""
    # The word being traced, above the board.
    word_box = (W / 2, y, W / 2, y + 110 * u)
    if traced:
        word = "".join(content.letters[r][c] for r, c in traced)
        wf = p.font("liberation-bold", round(64 * u))
        tw = wf.getlength(word) + 90 * u
        word_box = (W / 2 - tw / 2, y, W / 2 + tw / 2, y + 110 * u)
        paste_shape(img, p, word_box, 30 * u, STATES[state_name])
        draw_text(img, word, wf, (W / 2, y + 55 * u), (20, 20, 20))
    y += 150 * u
    bw = W * ctx.uniform(0.86, 0.92)
    board = (W / 2 - bw / 2, y, W / 2 + bw / 2, y + bw * rows / cols)
    rim = bw * CFG.rim
    paste_shape(
        img, p, (board[0] - rim, board[1] - rim, board[2] + rim, board[3] + rim), 50 * u, RIM
    )
    paste_shape(img, p, board, 46 * u, BOARD)
    m = bw * CFG.margin
    lat = fit_lattice((board[0] + m, board[1] + m, board[2] - m, board[3] - m), rows, cols, CFG.gap)
    font = ctx.pick(FONTS)
    cap = ctx.uniform(*CFG.cap)
    faces: list[list[RGB]] = []
    for r in range(rows):
        row: list[RGB] = []
        for c in range(cols):
            state = STATES[state_name] if (r, c) in traced else None
            row.append(
                draw_wood_tile(
                    ctx, img, lat.box(r, c), content.letters[r][c], font=font, cap=cap, state=state
                )
            )
        faces.append(row)
    home_indicator(img, ctx, "ios", (255, 255, 255))
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [board, panel, word_box],
            tile=lat.tile,
            tile_color=WOOD_LIGHT,
            ink=(20, 20, 20),
            count=3,
            area=(0, board[3] + rim, W, H - 60 * u),
        )
    extra: dict[str, object] = {"phone": phone, "font": font}
    if traced:
        extra["traced"] = {"state": state_name, "tiles": [list(t) for t in traced]}
    return img, lat, faces, extra


def render_wordhunt(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    img, lat, faces, extra = wordhunt_screen(ctx, content, knobs)
    return Scene(
        image=img,
        corners=lat.corners(),
        faces=faces,
        kind=knobs.kind,
        extra=extra,
        fill=(25, 25, 25),
    )


# --------------------------------------------------------------------------- a photo of it


def _screen_effects(
    ctx: Ctx, screen: Image.Image, lat: Lattice, board_box: Box
) -> tuple[Image.Image, dict[str, object]]:
    """What a camera sees on a phone screen: moire, glare, LED sparkles and dust."""
    arr = np.asarray(screen, np.float32).copy()
    h, w = arr.shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    period = lat.pitch * ctx.uniform(*CFG.moire_period)
    a = ctx.uniform(0, np.pi)
    a2 = a + ctx.uniform(0.02, 0.2)
    g1 = np.sin((x * np.cos(a) + y * np.sin(a)) * 2 * np.pi / period)
    g2 = np.sin((x * np.cos(a2) + y * np.sin(a2)) * 2 * np.pi / (period * ctx.uniform(0.95, 1.05)))
    strength = ctx.uniform(*CFG.moire_strength)
    arr *= (1.0 + strength * g1 * g2)[..., None]
    extra: dict[str, object] = {"moire": round(strength, 3)}
    if ctx.chance(CFG.glare_chance):
        gx, gy = ctx.uniform(0, w), ctx.uniform(0, h)
        sx, sy = ctx.uniform(0.15, 0.5) * w, ctx.uniform(0.08, 0.3) * h
        glare = np.exp(-(((x - gx) / sx) ** 2) - ((y - gy) / sy) ** 2)
        k = ctx.uniform(*CFG.glare_strength)
        arr = arr * (1 - k * glare[..., None]) + 255.0 * k * glare[..., None]
        extra["glare"] = round(k, 3)
    # LED sparkles and dust: tiny bright (sometimes coloured) specks, some on the tiles.
    n = ctx.int(*CFG.sparkles)
    x0, y0, x1, y1 = board_box
    speck = max(1.0, lat.pitch * 0.012)
    for _ in range(n):
        if ctx.chance(0.6):
            sx_, sy_ = ctx.uniform(x0, x1), ctx.uniform(y0, y1)
        else:
            sx_, sy_ = ctx.uniform(0, w), ctx.uniform(0, h)
        colour = ctx.pick(((255, 255, 255), (255, 250, 230), (200, 230, 255), (255, 200, 200)))
        rad = speck * ctx.uniform(0.5, 1.6)
        cv2.circle(arr, (round(sx_), round(sy_)), max(1, round(rad)), colour, -1, cv2.LINE_AA)
    extra["sparkles"] = n
    return to_image(arr), extra


def _finger(ctx: Ctx, img: Image.Image, screen: Box, board: Box) -> bool:
    """A finger or thumb coming in over one edge of the screen, clear of the tiles."""
    sx0, sy0, sx1, sy1 = screen
    bx0, _by0, _bx1, by1 = board
    side = ctx.pick(("left", "right", "bottom"))
    skin = jitter_color(ctx.rng, ctx.pick(((224, 172, 140), (198, 134, 96), (141, 85, 56))), 10)
    width = (sx1 - sx0) * ctx.uniform(0.16, 0.24)
    if side == "bottom":
        cx = ctx.uniform(sx0 + width, sx1 - width)
        top = max(by1 + (sy1 - by1) * 0.3, sy1 - (sy1 - sy0) * 0.15)
        box = (cx - width / 2, top, cx + width / 2, sy1 + width * 2)
    else:
        cy = ctx.uniform(by1, sy1 - width)
        reach = max(0.0, (bx0 - sx0) * 0.8) + (sx1 - sx0) * 0.02
        if side == "left":
            box = (sx0 - width * 2, cy - width / 2, sx0 + reach, cy + width / 2)
        else:
            box = (sx1 - reach, cy - width / 2, sx1 + width * 2, cy + width / 2)
    drop_shadow(
        img,
        ctx.painter,
        box,
        width / 2,
        offset=(width * 0.08, width * 0.1),
        blur=width * 0.15,
        opacity=0.4,
    )
    paste_shape(img, ctx.painter, box, width / 2, skin)
    nail = (box[0] + width * 0.2, box[1] + width * 0.1, box[2] - width * 0.2, box[1] + width * 0.6)
    if side == "bottom":
        paste_shape(img, ctx.painter, nail, width * 0.25, mix(skin, (255, 255, 255), 0.35))
    return True


def render_wordhunt_photo(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    """A photo of an iPhone showing Word Hunt, lying on a table or held in a hand."""
    screen, lat, faces, extra = wordhunt_screen(ctx, content, knobs)
    sw, sh = screen.size
    board_box = lat.outer()
    screen, effects = _screen_effects(ctx, screen, lat, board_box)
    # The phone: a black body around the screen, on a table bigger than the phone.
    bezel = sw * ctx.uniform(0.03, 0.06)
    pw, ph = sw + 2 * bezel, sh + 2 * bezel
    fill = ctx.uniform(0.55, 0.85)
    # A photo shows mostly the board: crop the phone's top and bottom sometimes.
    W = round(max(pw / fill, ph * ctx.uniform(0.55, 0.8)))
    H = round(W * ctx.uniform(1.2, 1.45))
    table = ctx.pick(("wood", "fabric", "speckled"))
    if table == "wood":
        bg = wood(ctx.rng, H, W, (170, 120, 80), (110, 70, 40), plank=W * 0.2)
    elif table == "fabric":
        bg = fabric(ctx.rng, H, W, jitter_color(ctx.rng, (70, 70, 80), 30))
    else:
        bg = speckled(ctx.rng, H, W, (200, 200, 196), (235, 235, 230), density=0.3, size=4)
    img = to_image(bg)
    # Board centred-ish in the frame: the phone may run off the top and bottom.
    bcy = (board_box[1] + board_box[3]) / 2 + bezel
    px = (W - pw) / 2 + ctx.uniform(-0.05, 0.05) * W
    py = H / 2 - bcy + ctx.uniform(-0.05, 0.05) * H
    p = ctx.painter
    drop_shadow(
        img,
        p,
        (px, py, px + pw, py + ph),
        pw * 0.1,
        offset=(pw * 0.02, pw * 0.03),
        blur=pw * 0.03,
        opacity=0.5,
    )
    paste_shape(img, p, (px, py, px + pw, py + ph), pw * 0.1, (18, 18, 20))
    ox, oy = round(px + bezel), round(py + bezel)
    img.paste(screen, (ox, oy), p.rounded_mask(sw, sh, round(sw * 0.08)))
    shift = np.array([ox, oy], np.float64)
    corners = lat.corners() + shift
    b = board_box
    finger = ctx.chance(CFG.finger_chance) and _finger(
        ctx, img, (ox, oy, ox + sw, oy + sh), (b[0] + ox, b[1] + oy, b[2] + ox, b[3] + oy)
    )
    noise = smooth_noise(ctx.rng, H, W, W / 3)[..., None] * 6
    img = to_image(np.asarray(img, np.float32) + noise)
    return Scene(
        image=img,
        corners=corners,
        faces=faces,
        kind="photo",
        extra={**extra, **effects, "table": table, "finger": bool(finger)},
        photo=True,
    )
