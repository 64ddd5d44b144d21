"""Discord SpellCast, the game canvas, as issue 9 describes the real game: a 5x5 board of
cream-white rounded tiles with black letters on a dark navy board; the point value small at
the bottom-right of the tile; pink gem icons at the bottom-left of some tiles (neither
letters nor values); a bonus tile has a coloured outline and a round badge on its top-left
corner (``2X`` pink for double word, ``DL``/``TL`` gold for letter bonuses) and its letter
is drawn in gold instead of black. Players often share boards with another solver's arrows
or lines drawn over them (``draw_arrows``).

The Discord window around the canvas is drawn by ``looks_desktop.render_spellcast_discord``.
"""

from __future__ import annotations

import itertools
import string
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from tools.synth.base import Ctx, Lattice, fit_lattice
from tools.synth.chrome import avatar
from tools.synth.content import BoardContent
from tools.synth.paint import (
    RGB,
    FloatImage,
    Painter,
    draw_text,
    draw_text_at,
    drop_shadow,
    jitter_color,
    mix,
    paste_gradient_shape,
    paste_shape,
    smooth_noise,
    text_origin,
    to_image,
    vertical_gradient,
)

NAVY: RGB = (24, 31, 58)
NAVY_EDGE: RGB = (42, 54, 96)
FACE_TOP: RGB = (250, 246, 236)
FACE_BOTTOM: RGB = (236, 228, 212)
INK: RGB = (22, 20, 26)
GOLD: RGB = (224, 164, 30)
# Badge colour and its text colour, the text, and the outline of the tile.
BONUS: dict[str, tuple[RGB, RGB, str]] = {
    "DL": ((242, 184, 48), (92, 52, 8), "DL"),
    "TL": ((242, 184, 48), (92, 52, 8), "TL"),
    "DW": ((236, 72, 153), (255, 255, 255), "2X"),
}
GEM: RGB = (226, 62, 196)
# Colours other solvers draw their paths in over a shared screenshot: bright, saturated
# ones, as the solvers people publish do (gamma032steam/spellcast-solver, painter.py:
# cv2.arrowedLine 4 px wide in green (0, 200, 0) and red (200, 0, 0), blended at 0.8;
# gruozachary/wordhuntsolver, pather.py: PIL lines 5 px wide in opaque red), and now and
# then a gold one (as the bonus letters). Until session 5 one stroke in eight was near-black
# (as dark as the letters); no solver found draws such lines, so none is drawn any more.
ARROWS: tuple[RGB, ...] = (
    (235, 45, 45),
    (40, 200, 90),
    (40, 130, 245),
    (250, 140, 20),
    (170, 60, 230),
    (20, 190, 200),
    (250, 60, 160),
)
GOLD_ARROWS: tuple[RGB, ...] = ((230, 176, 40), (214, 150, 20))
FONTS = ("roboto-black", "opensans-extrabold", "dejavu-bold", "liberation-bold")


@dataclass(frozen=True)
class SpellCastConfig:
    """Proportions of the tiles (shares of the tile side) and the overlay's chances."""

    gap: float = 0.1  # of the pitch
    radius: float = 0.16
    cap: tuple[float, float] = (0.42, 0.5)
    value_size: float = 0.17  # digit height (cap height of the digits)
    value_inset: float = 0.12
    gem_chance: float = 0.2
    gem_size: float = 0.075  # half the gem's width
    badge_radius: float = 0.15
    outline: float = 0.035
    arrow_width: tuple[float, float] = (0.03, 0.11)  # of the pitch
    arrow_tiles: tuple[int, int] = (3, 7)
    arrow_alpha: tuple[int, int] = (120, 255)  # see-through to opaque
    arrow_gold: float = 0.08  # chance of a gold stroke
    arrow_outline: float = 0.2  # chance of a dark outline around the stroke
    arrow_chevrons: float = 0.25  # chance of an arrowhead on every step, not only the last
    arrow_ring: float = 0.3  # chance that the start is a ring, not a dot
    arrow_head: float = 0.2  # an arrowhead is at most this long (of the pitch)
    # A letter under a drawn line is *hidden* (``hidden_letters``) when another letter gives
    # the same picture: fewer than hidden_px pixels of the tile differ by hidden_delta of the
    # letter's contrast or more, with the other letter centred as the game centres it or
    # moved sideways by up to hidden_shift of the tile side (letters of other widths sit
    # a little apart). Not tuned: a tenth or so of the contrast is JPEG's noise around
    # strokes at the qualities the looks use (40-95).
    hidden_delta: float = 0.15
    hidden_px: int = 3
    hidden_shift: float = 0.04


CFG = SpellCastConfig()


def _path(ctx: Ctx, rows: int, cols: int, n: int) -> list[tuple[int, int]]:
    path = [(ctx.int(0, rows - 1), ctx.int(0, cols - 1))]
    while len(path) < n:
        r, c = path[-1]
        free = [
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc)
            and 0 <= r + dr < rows
            and 0 <= c + dc < cols
            and (r + dr, c + dc) not in path
        ]
        if not free:
            break
        path.append(ctx.pick(free))
    return path


def draw_arrows(ctx: Ctx, img: Image.Image, lat: Lattice) -> tuple[dict[str, object], FloatImage]:
    """Another solver's answer drawn over the board, as such overlays look: a thick stroke
    from tile centre to tile centre (see-through or opaque, sometimes with a dark outline),
    a dot or a ring at the start and an arrowhead at the end (or on every step); bright
    colours, now and then gold (the colour of the bonus letters); one word or two. Returns
    the label facts and how much of the board shows through the strokes (1 where nothing
    is drawn, 0 under an opaque stroke)."""
    drawn = []
    clear = np.ones((img.height, img.width), np.float32)
    for _ in range(ctx.int(1, 2)):
        path = _path(ctx, lat.rows, lat.cols, ctx.int(*CFG.arrow_tiles))
        roll = ctx.uniform(0.0, 1.0)
        colour = ctx.pick(GOLD_ARROWS if roll < CFG.arrow_gold else ARROWS)
        alpha = ctx.int(*CFG.arrow_alpha)
        width = max(2, round(lat.pitch * ctx.uniform(*CFG.arrow_width)))
        outline = ctx.chance(CFG.arrow_outline)
        chevrons = ctx.chance(CFG.arrow_chevrons)
        ring = ctx.chance(CFG.arrow_ring)
        pts = [lat.center(r, c) for r, c in path]
        # Lines stop short of the centres sometimes (arrows between tiles), else run through.
        short = ctx.uniform(0.0, 0.3) if ctx.chance(0.5) else 0.0
        # The stroke is drawn opaque on a layer of its own, then laid over the board with
        # one opacity (a see-through stroke is not darker where its pieces overlap).
        layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
        d = ImageDraw.Draw(layer)
        strokes = [(mix(colour, (0, 0, 0), 0.6), width + 2 * max(1, width // 4))] if outline else []
        strokes.append((colour, width))
        for fill, w in strokes:
            segments = []
            for (x0, y0), (x1, y1) in itertools.pairwise(pts):
                a = (x0 + (x1 - x0) * short, y0 + (y1 - y0) * short)
                b = (x1 - (x1 - x0) * short, y1 - (y1 - y0) * short)
                segments.append((a, b))
                d.line((*a, *b), fill=(*fill, 255), width=w, joint="curve")
                for end in (a, b):  # round caps
                    d.ellipse((end[0] - w / 2, end[1] - w / 2, end[0] + w / 2, end[1] + w / 2),
                              fill=(*fill, 255))  # fmt: skip
            sx, sy = pts[0]
            rad = w * 1.2
            if ring:
                d.ellipse((sx - rad, sy - rad, sx + rad, sy + rad), outline=(*fill, 255),
                          width=max(1, w // 2))  # fmt: skip
            else:
                d.ellipse((sx - rad, sy - rad, sx + rad, sy + rad), fill=(*fill, 255))
            heads = segments if chevrons else segments[-1:]
            for a, b in heads:
                _arrowhead(d, a, b, min(w * 2.5, lat.pitch * CFG.arrow_head), (*fill, 255))
        layer.putalpha(layer.getchannel("A").point([v * alpha // 255 for v in range(256)]))
        img.paste(layer, (0, 0), layer)
        clear *= 1.0 - np.asarray(layer.getchannel("A"), np.float32) / 255.0
        drawn.append(
            {"tiles": [list(t) for t in path], "rgb": list(colour), "width": width,
             "alpha": alpha, "outline": outline}
        )  # fmt: skip
    return {"arrows": drawn}, clear


def letter_ink(
    font: ImageFont.FreeTypeFont,
    letter: str,
    centre: tuple[float, float],
    window: tuple[int, int, int, int],
) -> FloatImage:
    """The ink (0..1) of ``letter`` drawn as a tile draws it (centred on ``centre``) over
    ``window`` (x0, y0, x1, y1) of the picture."""
    x0, y0, x1, y1 = window
    layer = Image.new("L", (x1 - x0, y1 - y0), 0)
    ox, oy = text_origin(font, letter, (centre[0] - x0, centre[1] - y0))
    ImageDraw.Draw(layer).text((ox, oy), letter, font=font, fill=255, anchor="ls")
    return np.asarray(layer, np.float32) / 255.0


def look_alike(seen: FloatImage, other: FloatImage, clear: FloatImage, shift: int) -> bool:
    """Whether a tile showing ``seen`` (a letter's ink over the tile) and one showing
    ``other`` (another letter's ink over the tile widened by ``shift`` pixels left and
    right) look the same under a drawn line that lets ``clear`` of the tile show: at some
    sideways offset of up to ``shift`` pixels, fewer than ``hidden_px`` pixels differ by
    ``hidden_delta`` of the letter's contrast (a face pixel under the line differs by
    ``clear`` times the difference in ink)."""
    w = seen.shape[1]
    for dx in range(2 * shift + 1):
        diff = np.abs(seen - other[:, dx : dx + w]) * clear
        if int(np.count_nonzero(diff >= CFG.hidden_delta)) < CFG.hidden_px:
            return True
    return False


def hidden_letters(
    font: ImageFont.FreeTypeFont,
    letter: str,
    centre: tuple[float, float],
    window: tuple[int, int, int, int],
    clear: FloatImage,
) -> list[str]:
    """The letters a tile showing ``letter`` (drawn as ``letter_ink`` draws it over
    ``window``) cannot be told from once lines letting ``clear`` of the window show are
    drawn over it (``look_alike``): its letter is hidden when any are. Computed from the
    pixels, as a reader would have to tell them apart."""
    if float(clear.min()) > 1.0 - CFG.hidden_delta:
        return []  # nothing drawn over the tile hides anything
    x0, y0, x1, y1 = window
    shift = max(1, round(CFG.hidden_shift * (x1 - x0)))
    seen = letter_ink(font, letter, centre, window)
    wide = (x0 - shift, y0, x1 + shift, y1)
    return [
        other
        for other in string.ascii_uppercase
        if other != letter and look_alike(seen, letter_ink(font, other, centre, wide), clear, shift)
    ]


def _arrowhead(
    d: ImageDraw.ImageDraw,
    start: tuple[float, float],
    tip: tuple[float, float],
    size: float,
    fill: tuple[int, int, int, int],
) -> None:
    """A filled arrowhead at ``tip``, pointing away from ``start``."""
    ang = np.arctan2(tip[1] - start[1], tip[0] - start[0])
    left = (tip[0] - size * np.cos(ang - 0.5), tip[1] - size * np.sin(ang - 0.5))
    right = (tip[0] - size * np.cos(ang + 0.5), tip[1] - size * np.sin(ang + 0.5))
    d.polygon([tip, left, right], fill=fill)


def letter_place(
    p: Painter, box: tuple[float, float, float, float], font: str, cap: float
) -> tuple[ImageFont.FreeTypeFont, tuple[float, float]]:
    """The font size and the centre of a tile's letter."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    return p.fit_font(font, "W", s * 0.8, s * cap), ((x0 + x1) / 2, (y0 + y1) / 2 - s * 0.02)


def draw_spellcast_tile(
    ctx: Ctx,
    img: Image.Image,
    box: tuple[float, float, float, float],
    letter: str,
    value: int | None,
    bonus: str | None,
    *,
    font: str,
    cap: float,
    gem: bool,
) -> RGB:
    """One SpellCast tile; returns its nominal face colour."""
    p = ctx.painter
    x0, y0, x1, y1 = box
    s = x1 - x0
    r = s * CFG.radius
    drop_shadow(img, p, box, r, offset=(0, s * 0.04), blur=s * 0.04, opacity=0.5)
    face_box = box
    if bonus is not None:
        colour = BONUS[bonus][0]
        paste_shape(img, p, box, r, colour)
        t = max(1.0, s * CFG.outline)
        face_box = (x0 + t, y0 + t, x1 - t, y1 - t)
    paste_gradient_shape(img, p, face_box, r * 0.9, FACE_TOP, FACE_BOTTOM)
    f, centre = letter_place(p, box, font, cap)
    draw_text(img, letter, f, centre, GOLD if bonus is not None else INK)
    if value is not None:
        vf = p.fit_font(font, "0", s, max(4.0, s * CFG.value_size))
        inset = s * CFG.value_inset
        fx1, fy1 = face_box[2], face_box[3]
        draw_text_at(img, str(value), vf, (fx1 - inset, fy1 - inset), (70, 66, 74), anchor="rs")
    if gem:
        d = ImageDraw.Draw(img)
        g = s * CFG.gem_size
        gx, gy = x0 + s * 0.16, y1 - s * 0.17
        d.polygon([(gx, gy - g), (gx + g, gy), (gx, gy + g), (gx - g, gy)], fill=GEM)
        d.polygon([(gx, gy - g), (gx + g * 0.5, gy), (gx, gy)], fill=mix(GEM, (255, 255, 255), 0.5))
    if bonus is not None:
        colour, text_colour, text = BONUS[bonus]
        br = s * CFG.badge_radius
        bx, by = x0 + br * 0.75, y0 + br * 0.75
        paste_shape(
            img,
            p,
            (bx - br, by - br, bx + br, by + br),
            br,
            mix(colour, (0, 0, 0), 0.15),
            shape="oval",
        )
        inner = br * 0.88
        paste_shape(
            img, p, (bx - inner, by - inner, bx + inner, by + inner), inner, colour, shape="oval"
        )
        tf = p.fit_font("roboto-black", text, inner * 1.5, inner * 0.8)
        draw_text(img, text, tf, (bx, by), text_colour)
    return FACE_TOP if bonus is None else mix(FACE_TOP, FACE_BOTTOM, 0.5)


def spellcast_canvas(
    ctx: Ctx, content: BoardContent, cw: int, ch: int, *, arrows: bool = False
) -> tuple[Image.Image, Lattice, list[list[RGB]], dict[str, object]]:
    """The SpellCast game at cw x ch: a dark blue sky, players on the left, the 5x5 board in
    the middle, round and buttons on the right."""
    p = ctx.painter
    arr = vertical_gradient(ch, cw, (34, 40, 86), (14, 16, 38))
    arr += smooth_noise(ctx.rng, ch, cw, max(cw, ch) / 4)[..., None] * np.array(
        [6, 8, 16], np.float32
    )
    img = to_image(arr)
    d = ImageDraw.Draw(img)
    for _ in range(int(cw * ch / 5000)):
        x, y, r = ctx.uniform(0, cw), ctx.uniform(0, ch), ctx.uniform(0.5, 1.6)
        d.ellipse((x - r, y - r, x + r, y + r), fill=(200, 210, 255))
    bside = ch * 0.82
    board = (cw / 2 - bside / 2, ch * 0.1, cw / 2 + bside / 2, ch * 0.1 + bside)
    navy = jitter_color(ctx.rng, NAVY, 4)
    paste_shape(
        img,
        p,
        (
            board[0] - bside * 0.012,
            board[1] - bside * 0.012,
            board[2] + bside * 0.012,
            board[3] + bside * 0.012,
        ),
        bside * 0.05,
        NAVY_EDGE,
    )
    paste_shape(img, p, board, bside * 0.05, navy)
    m = bside * 0.035
    lat = fit_lattice(
        (board[0] + m, board[1] + m, board[2] - m, board[3] - m),
        content.rows,
        content.cols,
        CFG.gap,
    )
    font = ctx.pick(FONTS)
    cap = ctx.uniform(*CFG.cap)
    faces: list[list[RGB]] = []
    gems = []
    for r in range(lat.rows):
        row: list[RGB] = []
        for c in range(lat.cols):
            value = content.values[r][c] if content.values is not None else None
            bonus = content.bonuses[r][c] if content.bonuses is not None else None
            gem = ctx.chance(CFG.gem_chance)
            if gem:
                gems.append([r, c])
            row.append(
                draw_spellcast_tile(
                    ctx, img, lat.box(r, c), content.letters[r][c], value, bonus,
                    font=font, cap=cap, gem=gem,
                )
            )  # fmt: skip
        faces.append(row)
    extra: dict[str, object] = {"font": font, "gems": gems}
    if arrows:
        drawn, clear = draw_arrows(ctx, img, lat)
        extra.update(drawn)
        # Tiles whose letter the lines hide (another letter would look the same): the
        # reader can only say unsure there, with the true letter among its candidates.
        hidden = []
        for r in range(lat.rows):
            for c in range(lat.cols):
                box = lat.box(r, c)
                x0, y0, x1, y1 = (round(v) for v in box)
                f, centre = letter_place(p, box, font, cap)
                letter = content.letters[r][c]
                like = hidden_letters(f, letter, centre, (x0, y0, x1, y1), clear[y0:y1, x0:x1])
                if like:
                    hidden.append({"tile": [r, c], "like": like})
        extra["hidden"] = hidden
    # Players on the left, round and buttons on the right.
    for i in range(ctx.int(2, 4)):
        cy = ch * (0.18 + i * 0.17)
        avatar(img, ctx, board[0] * 0.22, cy, ch * 0.045)
        f = p.font("roboto-bold", max(8, round(ch * 0.03)))
        name = ctx.pick(("wizard", "mage", "lily", "ozzy", "pip"))
        draw_text_at(img, name, f, (board[0] * 0.34, cy - ch * 0.02), (235, 235, 255), anchor="lm")
        score = str(ctx.int(0, 150))
        draw_text_at(img, score, f, (board[0] * 0.34, cy + ch * 0.025), (255, 210, 90), anchor="lm")
    rx = (board[2] + cw) / 2
    draw_text(
        img,
        f"ROUND {ctx.int(1, 5)}/5",
        p.font("roboto-black", max(8, round(ch * 0.035))),
        (rx, ch * 0.15),
        (255, 255, 255),
    )
    for i, lab in enumerate(("SHUFFLE", "SWAP", "HINT")):
        by = ch * (0.35 + i * 0.14)
        bw, bh = (cw - board[2]) * 0.7, ch * 0.08
        paste_shape(img, p, (rx - bw / 2, by, rx + bw / 2, by + bh), bh * 0.4, (60, 70, 150))
        draw_text(
            img,
            lab,
            p.fit_font("roboto-black", lab, bw * 0.8, bh * 0.35),
            (rx, by + bh / 2),
            (255, 255, 255),
        )
    return img, lat, faces, extra
