"""Phone-screenshot looks: Wordament (orange live theme and cream puzzle theme), Ruzzle and
Scramble / Boggle With Friends (Word Hunt: ``looks_wordhunt``).

Layouts are in units of the phone's width (``u`` = width / 1080 or / 1170), measured on
the real Wordament screenshots in shared/realboards/wordament and drawn from memory of the
other games.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from tools.synth.base import Ctx, Knobs, Lattice, Scene, add_clutter, fit_lattice, ui_word
from tools.synth.chrome import avatar, home_indicator, pick_phone, status_bar
from tools.synth.content import BoardContent, wordament_theme
from tools.synth.paint import (
    RGB,
    draw_text,
    draw_text_at,
    mix,
    paste_gradient_shape,
    paste_shape,
    smooth_noise,
    to_image,
    vertical_gradient,
    wood,
)
from tools.synth.tiles import TileStyle, draw_tile

Box = tuple[float, float, float, float]


def _draw_grid(
    ctx: Ctx,
    img: Image.Image,
    lat: Lattice,
    content: BoardContent,
    style: TileStyle,
    *,
    show_values: bool,
    bonus_style: dict[str, TileStyle] | None = None,
) -> list[list[RGB]]:
    faces: list[list[RGB]] = []
    for r in range(lat.rows):
        row: list[RGB] = []
        for c in range(lat.cols):
            bonus = content.bonuses[r][c] if content.bonuses is not None else None
            st = bonus_style[bonus] if bonus_style is not None and bonus is not None else style
            value = content.values[r][c] if show_values and content.values is not None else None
            draw_tile(ctx, img, lat.box(r, c), st, content.letters[r][c], value)
            row.append(st.face)
        faces.append(row)
    return faces


def _word_list(
    ctx: Ctx, img: Image.Image, box: Box, bg: RGB, ink: RGB, *, score_ink: RGB, rows: int
) -> None:
    """A found-words panel: rows of "points  word"."""
    p = ctx.painter
    x0, y0, x1, y1 = box
    paste_shape(img, p, box, (x1 - x0) * 0.03, bg)
    lh = (y1 - y0) / rows
    font = p.font("opensans", round(lh * 0.36))
    d = ImageDraw.Draw(img)
    for i in range(rows):
        yy = y0 + lh * (i + 0.5)
        if ctx.chance(0.8):
            word = ui_word(ctx)
            draw_text_at(
                img, str(len(word) * 2 + 1), font, (x0 + lh * 0.3, yy), score_ink, anchor="lm"
            )
            draw_text_at(img, word, font, (x0 + lh * 0.9, yy), ink, anchor="lm")
        if i:
            d.line((x0 + 4, y0 + lh * i, x1 - 4, y0 + lh * i), fill=mix(bg, ink, 0.15), width=1)


def _round_button(
    ctx: Ctx,
    img: Image.Image,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    ring: RGB,
    label: str,
    label_ink: RGB,
) -> None:
    p = ctx.painter
    paste_shape(img, p, (cx - r, cy - r, cx + r, cy + r), r, ring, shape="oval")
    paste_shape(
        img, p, (cx - r * 0.86, cy - r * 0.86, cx + r * 0.86, cy + r * 0.86), r, fill, shape="oval"
    )
    icon = {"Rotate": "\u21bb", "Hint": "?"}.get(label, "")
    if icon:
        draw_text(
            img,
            icon,
            p.font("dejavu-bold", round(r * 0.9)),
            (cx, cy),
            mix(fill, (255, 255, 255), 0.8),
        )
    if label:
        draw_text(
            img, label, p.font("opensans-bold", round(r * 0.42)), (cx, cy + r * 1.3), label_ink
        )


# --------------------------------------------------------------------------- Wordament


WORDAMENT_WOOD_TILE = TileStyle(
    face_top=(255, 254, 249),
    face_bottom=(246, 243, 234),
    ink=(44, 44, 48),
    font="opensans",
    cap=0.54,
    radius=0.05,
    edge=(170, 160, 142),
    edge_h=0.045,
    edge_w=0.03,
    shadow=0.35,
    value_pos="tl",
    value_font="opensans",
    value_size=0.14,
    value_inset=0.06,
    multi_width=0.9,
)


def render_wordament(ctx: Ctx, content: BoardContent, knobs: Knobs, *, orange: bool) -> Scene:
    """Microsoft Wordament on Android: header, score pill, 4x4 grid edge to edge, word list.
    ``orange``: the live-round theme (orange tiles, white letters, blue background);
    otherwise the puzzle theme (cream tiles, dark letters, light wood)."""
    os_name, W, H, phone = pick_phone(ctx, "android", tile_px=knobs.tile_px, cols=content.cols)
    u = W / 1080
    p = ctx.painter
    rng = ctx.rng
    if orange:
        arr = vertical_gradient(H, W, (18, 64, 140), (22, 92, 180))
        arr += smooth_noise(rng, H, W, 400 * u)[..., None] * 10
        img = to_image(arr)
        # Big translucent squares in the background, as in the live theme.
        over = Image.new("RGB", (W, H), (60, 130, 220))
        m = Image.new("L", (W, H), 0)
        dm = ImageDraw.Draw(m)
        for _ in range(7):
            cx, cy, s = ctx.uniform(0, W), ctx.uniform(H * 0.3, H), ctx.uniform(150, 420) * u
            dm.regular_polygon((cx, cy, s), 4, rotation=ctx.uniform(0, 90), fill=ctx.int(18, 40))
        img.paste(over, (0, 0), m)
        header_bg: RGB = (10, 30, 62)
    else:
        arr = wood(rng, H, W, (222, 214, 202), (178, 166, 150), plank=ctx.uniform(130, 220) * u)
        img = to_image(arr)
        header_bg = (110, 10, 22)
    d = ImageDraw.Draw(img)
    top = 0.0
    if ctx.chance(0.3):
        top = status_bar(ctx, img, os_name, (255, 255, 255), bg=mix(header_bg, (0, 0, 0), 0.3))
    head_h = (250 if orange else 270) * u
    if orange:
        d.rectangle((0, top, W, top + head_h), fill=header_bg)
    else:
        paste_gradient_shape(img, p, (0, top, W, top + head_h), 0, (128, 14, 28), (92, 8, 18))
    # Back and options buttons.
    for i, glyph in enumerate(("\u2190", "\u2699")):
        bx = 20 * u + i * 110 * u
        by = top + 140 * u
        d.rectangle(
            (bx, by - 48 * u, bx + 96 * u, by + 48 * u),
            outline=(220, 220, 220),
            width=max(1, round(3 * u)),
        )
        draw_text(
            img, glyph, p.font("dejavu-bold", round(60 * u)), (bx + 48 * u, by), (255, 255, 255)
        )
    theme, special = wordament_theme(content.letters)
    heading = {
        "regular": "Corners",
        "digram": "Digram",
        "prefix": "Prefix",
        "suffix": "Suffix",
        "either": "Either/Or",
    }[theme]
    title_font = p.font("opensans-bold", round(44 * u))
    sub_font = p.font("opensans", round(40 * u))
    shown = special or ctx.pick(("E", "S", "A", "T"))
    if orange:
        draw_text(img, heading, sub_font, (W / 2 + 60 * u, top + 60 * u), (255, 255, 255))
        draw_text(
            img,
            f"{ctx.int(5, 40)} common words use the",
            sub_font,
            (W / 2 + 60 * u, top + 115 * u),
            (80, 200, 240),
        )
        draw_text(img, f'"{shown}"', sub_font, (W / 2 + 60 * u, top + 170 * u), (80, 200, 240))
    else:
        draw_text(
            img, f"Puzzle {ctx.int(1, 300)}", title_font, (W / 2, top + 60 * u), (255, 255, 255)
        )
        draw_text(
            img, f'{heading}: Using "{shown}"', sub_font, (W / 2, top + 118 * u), (70, 190, 240)
        )
        draw_text(
            img,
            f"{ctx.int(3, 30)} hidden common words",
            sub_font,
            (W / 2, top + 172 * u),
            (70, 190, 240),
        )
        paste_gradient_shape(
            img,
            p,
            (W - 270 * u, top + 130 * u, W - 20 * u, top + 250 * u),
            20 * u,
            (110, 170, 240),
            (50, 110, 200),
        )
        draw_text(
            img,
            "Next",
            p.font("opensans-bold", round(40 * u)),
            (W - 150 * u, top + 165 * u),
            (255, 255, 255),
        )
        draw_text(
            img,
            "Puzzle",
            p.font("opensans-bold", round(40 * u)),
            (W - 150 * u, top + 212 * u),
            (255, 255, 255),
        )
    y = top + head_h
    if orange:
        # Flip-clock timer.
        digits = f"{ctx.int(0, 2):02d}{ctx.int(0, 59):02d}"
        for i, ch in enumerate(digits):
            bx = W / 2 - 190 * u + i * 90 * u + (30 * u if i >= 2 else 0)
            paste_gradient_shape(
                img,
                p,
                (bx, y + 40 * u, bx + 80 * u, y + 150 * u),
                8 * u,
                (250, 250, 250),
                (205, 205, 205),
            )
            draw_text(
                img,
                ch,
                p.font("roboto-bold", round(80 * u)),
                (bx + 40 * u, y + 95 * u),
                (30, 30, 30),
            )
        y += 170 * u
    else:
        d.rectangle((0, y, W, y + 120 * u), fill=(74, 58, 44))
        for i, (lab, val) in enumerate(
            (("3-letter words", "4/4"), ("Points", "385/385"), ("Words", "2/2"))
        ):
            cx = 60 * u + i * 355 * u
            paste_shape(
                img,
                p,
                (cx - 40 * u, y + 20 * u, cx + 40 * u, y + 100 * u),
                40 * u,
                (245, 197, 24),
                shape="oval",
            )
            draw_text(
                img, "\u2605", p.font("dejavu-bold", round(50 * u)), (cx, y + 60 * u), (90, 70, 20)
            )
            draw_text_at(
                img,
                lab,
                p.font("opensans", round(32 * u)),
                (cx + 55 * u, y + 40 * u),
                (230, 230, 230),
                anchor="lm",
            )
            draw_text_at(
                img,
                val,
                p.font("opensans-semibold", round(40 * u)),
                (cx + 55 * u, y + 85 * u),
                (250, 210, 60),
                anchor="lm",
            )
        y += 140 * u
    pill = (125 * u, y, W - 125 * u, y + 80 * u)
    paste_shape(img, p, pill, 30 * u, (20, 40, 80) if orange else (112, 100, 88))
    pf = p.font("opensans", round(38 * u))
    draw_text(
        img,
        f"Score: {ctx.int(0, 900)}/{ctx.int(1500, 4000)}",
        pf,
        (W * 0.33, y + 40 * u),
        (230, 230, 230),
    )
    draw_text(
        img,
        f"Words: {ctx.int(0, 90)}/{ctx.int(100, 260)}",
        pf,
        (W * 0.68, y + 40 * u),
        (230, 230, 230),
    )
    y += 100 * u
    gap_frac = 0.05 if orange else 0.025
    lat = fit_lattice((27 * u, y, W - 19 * u, y + W), content.rows, content.cols, gap_frac)
    if orange:
        style = TileStyle(
            face_top=(247, 148, 29),
            face_bottom=(247, 148, 29),
            ink=(255, 255, 255),
            font="opensans",
            cap=0.48,
            radius=0.01,
            value_pos="tl",
            value_font="opensans",
            value_size=0.13,
            value_inset=0.07,
        )
    else:
        style = WORDAMENT_WOOD_TILE
    faces = _draw_grid(ctx, img, lat, content, style, show_values=True)
    gy = lat.outer()[3] + 30 * u
    if H - gy > 300 * u:
        banner = 150 * u if ctx.chance(0.7) and not orange else 0.0
        _word_list(
            ctx,
            img,
            (20 * u, gy, W * 0.5, H - banner - 30 * u),
            (22, 44, 84) if orange else (96, 84, 72),
            (200, 200, 200),
            score_ink=(200, 200, 200),
            rows=max(2, int((H - banner - gy) / (110 * u))),
        )
        ring: RGB = (200, 200, 210) if orange else (70, 60, 50)
        _round_button(
            ctx,
            img,
            W * 0.8,
            gy + 140 * u,
            80 * u,
            (40, 60, 100) if orange else (80, 68, 56),
            ring,
            "Rotate",
            (255, 255, 255) if orange else (20, 20, 20),
        )
        if not orange:
            _round_button(
                ctx, img, W * 0.6, gy + 140 * u, 80 * u, (80, 68, 56), ring, "Hint", (20, 20, 20)
            )
        if banner:
            paste_gradient_shape(
                img,
                p,
                (60 * u, H - banner, W - 60 * u, H - 10 * u),
                0,
                (28, 74, 160),
                (20, 50, 120),
            )
            draw_text(
                img,
                "Microsoft Casual Games",
                p.fit_font("opensans-semibold", "Microsoft Casual Games", W * 0.7, 60 * u),
                (W / 2, H - banner / 2 - 5 * u),
                (255, 255, 255),
            )
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [lat.outer()],
            tile=lat.tile,
            tile_color=style.face,
            ink=style.ink,
            count=3,
            area=(W * 0.52, lat.outer()[3] + 300 * u, W, H - 160 * u),
        )
    return Scene(
        image=img,
        corners=lat.corners(),
        faces=faces,
        kind=knobs.kind,
        extra={"phone": phone},
        fill=(20, 20, 20),
    )


def render_wordament_orange(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    return render_wordament(ctx, content, knobs, orange=True)


def render_wordament_wood(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    return render_wordament(ctx, content, knobs, orange=False)


# --------------------------------------------------------------------------- Ruzzle

RUZZLE_BONUS: dict[str, RGB] = {
    "DL": (61, 174, 73),
    "TL": (45, 127, 211),
    "DW": (243, 167, 18),
    "TW": (226, 59, 59),
}


def render_ruzzle(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    """Ruzzle: dark blue screen, timer and players on top, cream tiles with the value at the
    top right and coloured DL/TL/DW/TW badges."""
    os_name, W, H, phone = pick_phone(ctx, None, tile_px=knobs.tile_px, cols=content.cols)
    u = W / (1170 if os_name == "ios" else 1080)
    p = ctx.painter
    arr = vertical_gradient(H, W, (14, 30, 66), (28, 52, 104))
    arr += smooth_noise(ctx.rng, H, W, 500 * u)[..., None] * 8
    img = to_image(arr)
    top = status_bar(ctx, img, os_name, (255, 255, 255))
    y = top + 40 * u
    for side in (0, 1):
        cx = 130 * u if side == 0 else W - 130 * u
        avatar(img, ctx, cx, y + 90 * u, 75 * u)
        draw_text(
            img,
            ctx.pick(("you", "anna", "marco", "lee", "kim")),
            p.font("roboto-bold", round(36 * u)),
            (cx, y + 205 * u),
            (230, 230, 240),
        )
    paste_shape(
        img,
        p,
        (W / 2 - 110 * u, y, W / 2 + 110 * u, y + 220 * u),
        110 * u,
        (242, 120, 40),
        shape="oval",
    )
    paste_shape(
        img,
        p,
        (W / 2 - 95 * u, y + 15 * u, W / 2 + 95 * u, y + 205 * u),
        95 * u,
        (20, 36, 80),
        shape="oval",
    )
    draw_text(
        img,
        f"{ctx.int(0, 1)}:{ctx.int(0, 59):02d}",
        p.font("roboto-bold", round(64 * u)),
        (W / 2, y + 110 * u),
        (255, 255, 255),
    )
    y += 270 * u
    draw_text(
        img,
        f"{ctx.int(0, 300)} pts",
        p.font("roboto-bold", round(48 * u)),
        (W / 2, y + 30 * u),
        (255, 220, 90),
    )
    y += 100 * u
    word = ui_word(ctx).upper() if ctx.chance(0.6) else ""
    pill = (W * 0.2, y, W * 0.8, y + 110 * u)
    paste_shape(img, p, pill, 55 * u, (245, 245, 250))
    if word:
        draw_text(
            img, word, p.font("roboto-bold", round(58 * u)), (W / 2, y + 55 * u), (30, 40, 70)
        )
    board_top = max(y + 150 * u, H - W * 1.02 - 120 * u)
    lat = fit_lattice(
        (40 * u, board_top, W - 40 * u, board_top + W - 80 * u), content.rows, content.cols, 0.06
    )
    style = TileStyle(
        face_top=(250, 248, 242),
        face_bottom=(236, 232, 222),
        ink=(52, 52, 56),
        font="dejavu-bold",
        cap=0.44,
        radius=0.14,
        edge=(170, 164, 150),
        edge_h=0.05,
        shadow=0.4,
        value_pos="tr",
        value_font="dejavu-bold",
        value_size=0.1,
        value_inset=0.09,
    )
    faces = _draw_grid(ctx, img, lat, content, style, show_values=True)
    if content.bonuses is not None:
        for r in range(lat.rows):
            for c in range(lat.cols):
                b = content.bonuses[r][c]
                if b is None:
                    continue
                x0, y0, _, _ = lat.box(r, c)
                s = lat.tile
                badge = (x0 + s * 0.05, y0 + s * 0.05, x0 + s * 0.36, y0 + s * 0.26)
                paste_shape(img, p, badge, s * 0.1, RUZZLE_BONUS[b])
                draw_text(
                    img,
                    b,
                    p.fit_font("dejavu-bold", b, s * 0.24, s * 0.1),
                    ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2),
                    (255, 255, 255),
                )
    if os_name == "ios":
        home_indicator(img, ctx, os_name, (255, 255, 255))
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [lat.outer()],
            tile=lat.tile,
            tile_color=style.face,
            ink=style.ink,
            count=3,
            area=(0, pill[3], W, lat.outer()[1]),
        )
    return Scene(
        image=img,
        corners=lat.corners(),
        faces=faces,
        kind=knobs.kind,
        extra={"phone": phone},
        fill=(10, 10, 10),
    )


# --------------------------------------------------------------------------- Scramble

SCRAMBLE_BONUS: dict[str, RGB] = {
    "DL": (41, 169, 224),
    "TL": (91, 190, 75),
    "DW": (233, 80, 107),
    "TW": (245, 154, 35),
}


def render_scramble(ctx: Ctx, content: BoardContent, knobs: Knobs) -> Scene:
    """Scramble / Boggle With Friends: blue header with players and timer, a blue board
    panel with white rounded tiles, navy letters, values bottom right; bonus tiles filled
    in their colour with the bonus name in a corner."""
    os_name, W, H, phone = pick_phone(ctx, None, tile_px=knobs.tile_px, cols=content.cols)
    u = W / (1170 if os_name == "ios" else 1080)
    p = ctx.painter
    dark = knobs.theme == "dark"
    if dark:
        img = to_image(vertical_gradient(H, W, (14, 23, 38), (26, 43, 69)))
        header: RGB = (19, 35, 59)
        panel_rgb: RGB = (36, 64, 107)
        tile_top, tile_bottom, ink = (236, 240, 246), (214, 222, 232), (27, 54, 93)
        text_ink: RGB = (225, 232, 240)
    else:
        img = to_image(vertical_gradient(H, W, (196, 222, 248), (150, 196, 240)))
        header = (31, 120, 209)
        panel_rgb = (47, 125, 214)
        tile_top, tile_bottom, ink = (255, 255, 255), (234, 241, 248), (27, 54, 93)
        text_ink = (30, 50, 80)
    d = ImageDraw.Draw(img)
    sb_h = 140 * u if os_name == "ios" else 80 * u
    head_h = sb_h + 260 * u
    d.rectangle((0, 0, W, head_h), fill=header)
    status_bar(ctx, img, os_name, (255, 255, 255))
    y = sb_h + 30 * u
    draw_text(
        img, "\u2039", p.font("dejavu", round(100 * u)), (50 * u, y + 90 * u), (255, 255, 255)
    )
    avatar(img, ctx, 190 * u, y + 90 * u, 70 * u)
    avatar(img, ctx, W - 190 * u, y + 90 * u, 70 * u)
    sf = p.font("roboto-black", round(64 * u))
    draw_text(img, str(ctx.int(0, 250)), sf, (330 * u, y + 90 * u), (255, 255, 255))
    draw_text(img, str(ctx.int(0, 250)), sf, (W - 330 * u, y + 90 * u), (255, 255, 255))
    draw_text(
        img,
        f"ROUND {ctx.int(1, 3)}",
        p.font("roboto-bold", round(36 * u)),
        (W / 2, y + 40 * u),
        (220, 235, 255),
    )
    tp = (W / 2 - 100 * u, y + 80 * u, W / 2 + 100 * u, y + 170 * u)
    paste_shape(img, p, tp, 45 * u, (255, 255, 255))
    draw_text(
        img,
        f"{ctx.int(0, 1)}:{ctx.int(0, 59):02d}",
        p.font("roboto-bold", round(52 * u)),
        (W / 2, y + 125 * u),
        header,
    )
    y = head_h + 60 * u
    word = ui_word(ctx).upper()
    draw_text(
        img,
        word if ctx.chance(0.6) else "",
        p.font("roboto-black", round(70 * u)),
        (W / 2, y + 40 * u),
        text_ink,
    )
    y += 120 * u
    n = content.cols
    pw = W * 0.94
    panel = (W / 2 - pw / 2, y, W / 2 + pw / 2, y + pw)
    paste_shape(
        img,
        p,
        (panel[0], panel[1] + 12 * u, panel[2], panel[3] + 12 * u),
        40 * u,
        mix(panel_rgb, (0, 0, 0), 0.35),
    )
    paste_shape(img, p, panel, 40 * u, panel_rgb)
    lat = fit_lattice(
        (panel[0] + 28 * u, panel[1] + 28 * u, panel[2] - 28 * u, panel[3] - 28 * u), n, n, 0.07
    )
    style = TileStyle(
        face_top=tile_top,
        face_bottom=tile_bottom,
        ink=ink,
        font="roboto-black",
        cap=0.46,
        radius=0.16,
        edge=mix(panel_rgb, (0, 0, 0), 0.45),
        edge_h=0.05,
        value_pos="br",
        value_font="roboto-bold",
        value_size=0.11,
        value_inset=0.08,
    )
    bonus_style = {k: style.with_face(c, (255, 255, 255)) for k, c in SCRAMBLE_BONUS.items()}
    faces = _draw_grid(ctx, img, lat, content, style, show_values=True, bonus_style=bonus_style)
    if content.bonuses is not None:
        for r in range(lat.rows):
            for c in range(lat.cols):
                b = content.bonuses[r][c]
                if b is not None:
                    x0, y0, _, _ = lat.box(r, c)
                    f = p.fit_font("roboto-black", b, lat.tile * 0.3, lat.tile * 0.1)
                    draw_text_at(
                        img,
                        b,
                        f,
                        (x0 + lat.tile * 0.09, y0 + lat.tile * 0.08),
                        (255, 255, 255),
                        anchor="lt",
                    )
    by = panel[3] + 60 * u
    if H - by > 200 * u:
        for i, lab in enumerate(("SHUFFLE", "HINT", "SUBMIT")):
            bx = W * (0.2 + 0.3 * i)
            paste_shape(
                img,
                p,
                (bx - 130 * u, by, bx + 130 * u, by + 100 * u),
                50 * u,
                (255, 170, 40) if i == 2 else header,
            )
            draw_text(
                img, lab, p.font("roboto-black", round(40 * u)), (bx, by + 50 * u), (255, 255, 255)
            )
    if os_name == "ios":
        home_indicator(img, ctx, os_name, text_ink)
    if knobs.clutter:
        add_clutter(
            ctx,
            img,
            [panel],
            tile=lat.tile,
            tile_color=style.face,
            ink=ink,
            count=3,
            area=(0, panel[3] + 180 * u, W, H - 60 * u),
        )
    return Scene(
        image=img,
        corners=lat.corners(),
        faces=faces,
        kind=knobs.kind,
        extra={"phone": phone},
        fill=(10, 10, 10),
    )
