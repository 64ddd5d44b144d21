"""Physical Boggle: a photo of the plastic tray on a table. Cream dice with rounded edges,
each turned by a quarter turn at random, letters in dark blue or black (a few red ones in
the old sets), "Qu" on the Q die, M/W/Z/N underlined in some sets and bare in others; the
dice's sides show around the top faces as they would to a camera held above the middle of
the tray.

Modelled on shared/realboards/boggle_physical: a black tray on a speckled teal table with
blue letters, and an orange tray with black and red letters.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from tools.synth.base import Ctx, Knobs, Lattice, Scene
from tools.synth.content import BoardContent
from tools.synth.paint import (
    RGB,
    drop_shadow,
    fabric,
    jitter_color,
    mix,
    paste_gradient_shape,
    paste_shape,
    speckled,
    to_image,
    wood,
)


@dataclass(frozen=True)
class BoggleConfig:
    """Proportions of the tray and dice, measured on the real photos (face about 0.84 of the
    cell pitch, letters' cap height about half the face, rim about 0.4 pitch)."""

    render_pitch: tuple[int, int] = (64, 180)  # cell pitch the scene is drawn at (by tile_px)
    face_frac: tuple[float, float] = (0.80, 0.88)  # die face side / cell pitch
    cap_frac: tuple[float, float] = (0.44, 0.54)  # letter cap height / face side
    rim_frac: tuple[float, float] = (0.30, 0.55)  # tray rim width / pitch
    tray_fill: tuple[float, float] = (0.55, 0.80)  # tray side / shorter photo side
    jitter: float = 0.025  # die position jitter in its cell / pitch
    spin_deg: float = 4.0  # die spin jitter (degrees)
    side_view: float = 0.13  # how far die sides show, per pitch, at the tray's edge


UNDERLINED = frozenset({"M", "W", "Z", "N"})
# Share of trays whose set underlines those letters. Both real photos in
# ../shared/realboards/boggle_physical show them bare: StevieG47_example.jpg four N dice
# and UO-CIS211_sample-board.jpeg two, none with a bar; other sets print the bar (the
# issue's description of physical Boggle). The reader must then say unsure, not guess,
# where a bare letter turned reads as another (N and Z on their sides, M and W upside down).
UNDERLINED_SETS = 0.5

TRAYS: dict[str, RGB] = {
    "black": (24, 24, 27),
    "orange": (238, 150, 22),
    "blue": (28, 78, 168),
    "yellow": (240, 190, 30),
}
INKS: dict[str, RGB] = {
    "blue": (28, 62, 170),
    "navy": (22, 36, 96),
    "black": (22, 22, 26),
}
FACES: tuple[RGB, ...] = ((240, 236, 222), (236, 232, 214), (245, 243, 236), (232, 226, 206))
FONTS_DICE: tuple[str, ...] = (
    "liberation-bold",
    "dejavu-bold",
    "roboto-bold",
    "opensans-bold",
    "dejavu-serif-bold",
)


def _table(ctx: Ctx, h: int, w: int, pitch: float) -> tuple[Image.Image, str]:
    kind = ctx.pick(("speckled-teal", "speckled-grey", "wood", "wood-light", "cloth", "white"))
    rng = ctx.rng
    if kind == "speckled-teal":
        arr = speckled(rng, h, w, (28, 88, 96), (205, 170, 120), density=0.5, size=pitch * 0.05)
    elif kind == "speckled-grey":
        arr = speckled(rng, h, w, (70, 72, 76), (200, 200, 195), density=0.6, size=pitch * 0.04)
    elif kind == "wood":
        arr = wood(
            rng, h, w, (170, 112, 62), (110, 64, 30), plank=pitch * 2.2, vertical=ctx.chance(0.5)
        )
    elif kind == "wood-light":
        arr = wood(
            rng, h, w, (222, 190, 150), (170, 130, 90), plank=pitch * 2.5, vertical=ctx.chance(0.5)
        )
    elif kind == "cloth":
        arr = fabric(rng, h, w, ctx.pick(((70, 50, 80), (40, 60, 110), (120, 30, 40))))
    else:
        arr = fabric(rng, h, w, (228, 228, 224))
    return to_image(arr), kind


def _side_letter(
    ctx: Ctx,
    img: Image.Image,
    pad: int,
    face: int,
    side: tuple[float, float],
    ink: RGB,
    font_name: str,
) -> None:
    """A foreshortened letter on the side of the die that shows (as on the real photos,
    where the neighbouring faces' letters peek out below the top faces)."""
    sx, sy = side
    band = max(abs(sx), abs(sy))
    if band < 4:
        return
    glyph = Image.new("L", (face, face), 0)
    font = ctx.painter.fit_font(font_name, "W", face * 0.7, face * 0.5)
    letter = chr(65 + ctx.int(0, 25))
    ImageDraw.Draw(glyph).text((face / 2, face / 2), letter, font=font, fill=255, anchor="mm")
    glyph = glyph.rotate(90 * ctx.int(0, 3))
    if abs(sy) >= abs(sx):
        squashed = glyph.resize((face, max(1, round(band))), Image.Resampling.BILINEAR)
        at = (pad, pad + face if sy > 0 else round(pad + sy))
    else:
        squashed = glyph.resize((max(1, round(band)), face), Image.Resampling.BILINEAR)
        at = (pad + face if sx > 0 else round(pad + sx), pad)
    img.paste(Image.new("RGBA", squashed.size, (*ink, 255)), at, squashed)


def _die(
    ctx: Ctx,
    letter: str,
    turn: int,
    face: int,
    face_rgb: RGB,
    ink: RGB,
    font_name: str,
    cap: float,
    side: tuple[float, float],
    underlined: frozenset[str] = UNDERLINED,
) -> Image.Image:
    """One die seen from above as RGBA: the body (sides) shifted by ``side``, the shaded
    top face, the letter at ``turn`` quarter turns (a bar under it when in ``underlined``)."""
    p = ctx.painter
    pad = int(face * 0.25)
    size = face + 2 * pad
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    rad = face * ctx.uniform(0.16, 0.24)
    side_rgb = mix(face_rgb, (70, 62, 50), 0.45)
    sx, sy = side
    # Body: the face box stretched toward the viewer's side.
    bx0, by0 = pad + min(0.0, sx), pad + min(0.0, sy)
    bx1, by1 = pad + face + max(0.0, sx), pad + face + max(0.0, sy)
    body = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    mask = p.rounded_mask(round(bx1 - bx0), round(by1 - by0), round(rad))
    body.paste(Image.new("RGBA", mask.size, (*side_rgb, 255)), (round(bx0), round(by0)), mask)
    img.alpha_composite(body)
    _side_letter(ctx, img, pad, face, side, mix(ink, side_rgb, 0.35), font_name)
    # Shaded top face: lighter middle, darker rim (the die's rounded edges).
    yy, xx = np.mgrid[0:face, 0:face].astype(np.float32)
    u = (xx - face / 2) / (face / 2)
    v = (yy - face / 2) / (face / 2)
    r = np.maximum(np.abs(u), np.abs(v))
    shade = 1.0 - 0.16 * np.clip((r - 0.72) / 0.28, 0, 1) ** 1.5
    shade *= 1.0 - 0.05 * (u + v)  # light from the top-left
    arr = np.array(face_rgb, np.float32)[None, None, :] * shade[..., None]
    face_img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB").convert("RGBA")
    # The letter, drawn upright on its own layer then turned.
    layer = Image.new("RGBA", (face, face), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    text = "Qu" if letter == "QU" else letter
    font = p.fit_font(font_name, text, face * 0.78, cap)
    x0, _, x1, _ = font.getbbox(text, anchor="ls")
    _, hy0, _, hy1 = font.getbbox("H", anchor="ls")
    ox = face / 2 - (x0 + x1) / 2
    oy = face / 2 - (hy0 + hy1) / 2
    d.text((ox, oy), text, font=font, fill=(*ink, 255), anchor="ls")
    if letter in underlined:
        t = max(1.0, face * 0.055)
        uy = oy + face * 0.075
        d.rectangle(
            (ox + x0 + (x1 - x0) * 0.15, uy, ox + x1 - (x1 - x0) * 0.15, uy + t), fill=(*ink, 255)
        )
    layer = layer.rotate(90 * turn)
    face_img.alpha_composite(layer)
    img.paste(face_img, (pad, pad), p.rounded_mask(face, face, round(rad)))
    return img


def render_boggle(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    cfg = BoggleConfig()
    p = ctx.painter
    n_r, n_c = content.rows, content.cols
    lo, hi = cfg.render_pitch
    pitch = float(min(hi, max(lo, round(knobs.tile_px * 1.25))))
    rim = pitch * ctx.uniform(*cfg.rim_frac)
    inner_pad = pitch * ctx.uniform(0.06, 0.14)
    tray_w = n_c * pitch + 2 * (rim + inner_pad)
    tray_h = n_r * pitch + 2 * (rim + inner_pad)
    fill = ctx.uniform(*cfg.tray_fill)
    portrait = ctx.chance(0.6)
    aspect = ctx.pick((4 / 3, 3 / 2, 1.0)) if portrait else ctx.pick((3 / 4, 2 / 3))
    short = max(tray_w, tray_h) / fill
    if aspect >= 1:
        W, H = int(short), int(short * aspect)
    else:
        W, H = int(short / aspect), int(short)
    img, table_kind = _table(ctx, H, W, pitch)
    # Tray placement: roughly centred.
    tx = (W - tray_w) / 2 + ctx.uniform(-0.08, 0.08) * (W - tray_w)
    ty = (H - tray_h) / 2 + ctx.uniform(-0.08, 0.08) * (H - tray_h)
    tray_name = ctx.pick(tuple(TRAYS))
    tray_rgb = jitter_color(ctx.rng, TRAYS[tray_name], 8)
    tray_box = (tx, ty, tx + tray_w, ty + tray_h)
    tray_r = pitch * ctx.uniform(0.25, 0.6)
    drop_shadow(
        img,
        p,
        tray_box,
        tray_r,
        offset=(pitch * 0.08, pitch * 0.12),
        blur=pitch * 0.12,
        opacity=0.55,
    )
    paste_gradient_shape(
        img,
        p,
        tray_box,
        tray_r,
        mix(tray_rgb, (255, 255, 255), 0.12),
        mix(tray_rgb, (0, 0, 0), 0.15),
    )
    # Inner floor, a step down from the rim.
    ib = (tx + rim * 0.55, ty + rim * 0.55, tx + tray_w - rim * 0.55, ty + tray_h - rim * 0.55)
    paste_shape(img, p, ib, tray_r * 0.6, mix(tray_rgb, (0, 0, 0), 0.25))
    ib2 = (tx + rim * 0.7, ty + rim * 0.7, tx + tray_w - rim * 0.7, ty + tray_h - rim * 0.7)
    paste_shape(img, p, ib2, tray_r * 0.5, mix(tray_rgb, (0, 0, 0), 0.08))
    lat = Lattice(tx + rim + inner_pad, ty + rim + inner_pad, pitch, 0.0, n_r, n_c)
    face = round(pitch * ctx.uniform(*cfg.face_frac))
    for r in range(n_r):
        for c in range(n_c):
            x0, y0, x1, y1 = lat.box(r, c)
            well = (x0 + pitch * 0.02, y0 + pitch * 0.02, x1 - pitch * 0.02, y1 - pitch * 0.02)
            paste_shape(img, p, well, pitch * 0.12, mix(tray_rgb, (0, 0, 0), 0.45))
    ink_name = ctx.pick(tuple(INKS))
    ink = INKS[ink_name]
    red = {i for i in range(n_r * n_c) if ctx.chance(0.08)} if ctx.chance(0.3) else set()
    font_name = ctx.pick(FONTS_DICE)
    face_rgb = ctx.pick(FACES)
    # Whether this set underlines, from a child of the seed: every other draw (and so
    # every other pixel of a seed's picture) stays what it was before bare sets existed.
    seeds = ctx.rng.bit_generator.seed_seq
    assert isinstance(seeds, np.random.SeedSequence)
    own = np.random.default_rng(seeds.spawn(1)[0])
    underlined = UNDERLINED if own.random() < UNDERLINED_SETS else frozenset[str]()
    cap = face * ctx.uniform(*cfg.cap_frac)
    cx_img, cy_img = W / 2, H / 2
    for r in range(n_r):
        for c in range(n_c):
            cx, cy = lat.center(r, c)
            # The camera above the frame's middle sees the sides facing the middle.
            sx = (cx_img - cx) / (tray_w / 2) * pitch * cfg.side_view
            sy = (cy_img - cy) / (tray_h / 2) * pitch * cfg.side_view
            i = r * n_c + c
            die = _die(
                ctx,
                content.letters[r][c],
                content.turns[r][c],
                face,
                jitter_color(ctx.rng, face_rgb, 4),
                (196, 30, 36) if i in red else ink,
                font_name,
                cap,
                (sx, sy),
                underlined,
            )
            die = die.rotate(
                ctx.uniform(-cfg.spin_deg, cfg.spin_deg), resample=Image.Resampling.BICUBIC
            )
            jx = ctx.uniform(-cfg.jitter, cfg.jitter) * pitch
            jy = ctx.uniform(-cfg.jitter, cfg.jitter) * pitch
            # Contact shadow under the die.
            sh = die.getchannel("A").filter(ImageFilter.GaussianBlur(pitch * 0.04))
            sh = sh.point(lambda v: int(v * 0.45))
            ox = round(cx + jx - die.width / 2)
            oy = round(cy + jy - die.height / 2)
            img.paste(Image.new("RGB", die.size, (0, 0, 0)), (ox + 3, oy + 4), sh)
            img.paste(die, (ox, oy), die)
    clutter: list[str] = []
    if knobs.clutter:
        clutter = _photo_clutter(ctx, img, tray_box, pitch, face_rgb, ink, font_name)
    return Scene(
        image=img,
        corners=lat.corners(),
        faces=[[face_rgb] * n_c for _ in range(n_r)],
        kind="photo",
        extra={
            "table": table_kind,
            "tray": tray_name,
            "ink": "red+" + ink_name if red else ink_name,
            "font": font_name,
            "underlined": bool(underlined),
            "face_frac": round(face / pitch, 3),
            "turns": [list(t) for t in content.turns],
            "clutter_items": clutter,
        },
        photo=True,
    )


def _photo_clutter(
    ctx: Ctx,
    img: Image.Image,
    tray: tuple[float, float, float, float],
    pitch: float,
    face_rgb: RGB,
    ink: RGB,
    font_name: str,
) -> list[str]:
    """Things left on the table: a loose die, the score pad, a pencil, the sand timer."""
    p = ctx.painter
    W, H = img.size
    done: list[str] = []
    spots = [
        (0.02 * W, 0.02 * H, tray[0] - 0.05 * pitch, H * 0.98),
        (tray[2] + 0.05 * pitch, 0.02 * H, W * 0.98, H * 0.98),
        (0.02 * W, 0.02 * H, W * 0.98, tray[1] - 0.05 * pitch),
        (0.02 * W, tray[3] + 0.05 * pitch, W * 0.98, H * 0.98),
    ]
    for x0, y0, x1, y1 in spots:
        if x1 - x0 < pitch * 0.9 or y1 - y0 < pitch * 0.9:
            continue
        what = ctx.pick(("die", "pad", "pencil", "timer"))
        if what == "die":
            f = round(pitch * 0.8)
            die = _die(
                ctx,
                chr(65 + ctx.int(0, 25)),
                ctx.int(0, 3),
                f,
                face_rgb,
                ink,
                font_name,
                f * 0.5,
                (4.0, 6.0),
            )
            die = die.rotate(ctx.uniform(0, 360), resample=Image.Resampling.BICUBIC, expand=True)
            if die.width < x1 - x0 and die.height < y1 - y0:
                img.paste(
                    die,
                    (
                        round(ctx.uniform(x0, x1 - die.width)),
                        round(ctx.uniform(y0, y1 - die.height)),
                    ),
                    die,
                )
                done.append(what)
        elif what == "pad":
            pw, ph = min(x1 - x0, pitch * 2.4), min(y1 - y0, pitch * 3.0)
            px, py = ctx.uniform(x0, x1 - pw), ctx.uniform(y0, y1 - ph)
            paste_shape(img, p, (px, py, px + pw, py + ph), 4, (246, 246, 240))
            d = ImageDraw.Draw(img)
            font = p.font("dejavu-serif-bold", max(8, int(pitch * 0.16)))
            yy = py + pitch * 0.2
            while yy < py + ph - pitch * 0.2:
                d.line(
                    (px + 6, yy + pitch * 0.18, px + pw - 6, yy + pitch * 0.18),
                    fill=(150, 170, 210),
                    width=2,
                )
                d.text(
                    (px + pitch * 0.15, yy),
                    ctx.pick(("tone", "stone", "rat", "oar", "net")),
                    font=font,
                    fill=(40, 40, 60),
                )
                yy += pitch * 0.3
            done.append(what)
        elif what == "pencil":
            ln = min(x1 - x0, pitch * 3.5)
            pw = pitch * 0.14
            if y1 - y0 > pw * 2:
                px, py = ctx.uniform(x0, x1 - ln), ctx.uniform(y0, y1 - pw)
                paste_shape(img, p, (px, py, px + ln, py + pw), pw * 0.3, (240, 190, 30))
                paste_shape(
                    img, p, (px + ln - pw * 1.2, py, px + ln, py + pw), pw * 0.3, (230, 140, 150)
                )
                done.append(what)
        else:
            tw, th = pitch * 0.5, pitch * 1.1
            if x1 - x0 > tw and y1 - y0 > th:
                px, py = ctx.uniform(x0, x1 - tw), ctx.uniform(y0, y1 - th)
                paste_shape(img, p, (px, py, px + tw, py + th), tw * 0.2, (230, 235, 240))
                paste_shape(
                    img,
                    p,
                    (px + tw * 0.2, py + th * 0.55, px + tw * 0.8, py + th * 0.9),
                    tw * 0.2,
                    (220, 190, 120),
                )
                done.append(what)
    return done
