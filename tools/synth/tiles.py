"""Drawing one app tile: face (flat or gradient, optionally with a 3D bottom edge and a
shadow), the letter(s) and the small point value."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PIL import Image

from tools.synth.base import Ctx
from tools.synth.paint import (
    RGB,
    draw_text,
    draw_text_at,
    drop_shadow,
    mix,
    paste_gradient_shape,
    paste_shape,
)


@dataclass(frozen=True)
class TileStyle:
    """How a look draws its tiles; sizes are fractions of the tile side."""

    face_top: RGB
    face_bottom: RGB
    ink: RGB
    font: str
    cap: float = 0.42  # cap height of a one-letter label
    radius: float = 0.1
    edge: RGB | None = None  # the tile's thickness showing below its face
    edge_h: float = 0.0
    edge_w: float = 0.0  # the thickness showing at the right (a light from the top left)
    shadow: float = 0.0  # drop shadow opacity
    outline: RGB | None = None
    value_pos: str | None = None  # "tl", "tr", "br" or None
    value_font: str = "opensans"
    value_size: float = 0.14  # cap height of the value digits
    value_ink: RGB | None = None
    value_inset: float = 0.08
    # Where the digits' ink starts below the face's top edge (share of the side); None puts
    # the font's ascender line 0.8 value_inset below it (the digits' ink starts lower).
    value_top: float | None = None
    multi_width: float = 0.84  # widest a multi-letter label may be

    @property
    def face(self) -> RGB:
        """The nominal face colour (the gradient's middle)."""
        return mix(self.face_top, self.face_bottom, 0.5)

    def with_face(self, color: RGB, ink: RGB | None = None) -> TileStyle:
        return replace(
            self,
            face_top=mix(color, (255, 255, 255), 0.08),
            face_bottom=mix(color, (0, 0, 0), 0.06),
            edge=None if self.edge is None else mix(color, (0, 0, 0), 0.3),
            ink=self.ink if ink is None else ink,
            value_ink=None if self.value_ink is None or ink is None else ink,
        )


def draw_tile(
    ctx: Ctx,
    img: Image.Image,
    box: tuple[float, float, float, float],
    style: TileStyle,
    text: str,
    value: int | None,
) -> None:
    """Draw one tile in ``box`` (its outer edges, the 3D edge included)."""
    p = ctx.painter
    x0, y0, x1, y1 = box
    side = x1 - x0
    r = side * style.radius
    if style.shadow > 0:
        drop_shadow(
            img,
            p,
            box,
            r,
            offset=(side * 0.02, side * 0.04),
            blur=side * 0.04,
            opacity=style.shadow,
        )
    face_box = box
    if style.edge is not None and style.edge_h > 0:
        paste_shape(img, p, box, r, style.edge)
        face_box = (x0, y0, x1 - side * style.edge_w, y1 - side * style.edge_h)
    if style.outline is not None:
        paste_shape(img, p, face_box, r, style.outline)
        t = max(1.0, side * 0.025)
        face_box = (face_box[0] + t, face_box[1] + t, face_box[2] - t, face_box[3] - t)
    if style.face_top == style.face_bottom:
        paste_shape(img, p, face_box, r, style.face_top)
    else:
        paste_gradient_shape(img, p, face_box, r, style.face_top, style.face_bottom)
    fx0, fy0, fx1, fy1 = face_box
    cx, cy = (fx0 + fx1) / 2, (fy0 + fy1) / 2
    if text:
        cap = side * style.cap
        if len(text) > 1:
            font = p.fit_font(style.font, text, side * style.multi_width, cap)
        else:
            font = p.fit_font(style.font, "W", side * 0.9, cap)
        draw_text(
            img, text, font, (cx, cy + side * 0.02 * (1 if value is not None else 0)), style.ink
        )
    if value is not None and style.value_pos is not None:
        vf = p.fit_font(style.value_font, "0", side, max(4.0, side * style.value_size))
        ink = style.value_ink or style.ink
        inset = side * style.value_inset
        vt = str(value)
        if style.value_top is not None and style.value_pos in ("tl", "tr"):
            # Baseline placed so the digits' ink top lands at value_top.
            anchor = f"{style.value_pos[1]}s"
            base = fy0 + side * style.value_top - vf.getbbox(vt, anchor=anchor)[1]
            x = fx0 + inset if style.value_pos == "tl" else fx1 - inset
            draw_text_at(img, vt, vf, (x, base), ink, anchor=anchor)
        elif style.value_pos == "tl":
            draw_text_at(img, vt, vf, (fx0 + inset, fy0 + inset * 0.8), ink, anchor="lt")
        elif style.value_pos == "tr":
            draw_text_at(img, vt, vf, (fx1 - inset, fy0 + inset * 0.8), ink, anchor="rt")
        else:
            draw_text_at(img, vt, vf, (fx1 - inset, fy1 - inset * 0.8), ink, anchor="rb")
