"""Letters under a drawn line told apart by the board's own letters (issue 9 item 3).

A letter a line crosses is read around the line (``TemplateRecognizer.masked_scores``), on
gradient cells: the cells the line reaches are dropped whole, so where two letters differ
only beside the line (E/F, O/C, R/P) the pixels that tell them apart are often dropped too,
and the tile stays unsure. The board itself shows the same letters clean, in the game's
own font, size and colour: when every letter the tile may be has such a clean copy on the
board, the tile's visible pixels are compared with each copy, pixel by pixel, where the
copies differ. A letter is taken only when those pixels are enough and vote for it nearly
all; otherwise nothing changes (the tile stays unsure).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from assistant.geometry import Box

if TYPE_CHECKING:
    from assistant.cut import TileImage

Alpha = npt.NDArray[np.float32]


@dataclass(frozen=True)
class ExemplarConfig:
    """Numbers of ``settle``. Set by reasoning, then checked on tools.synth spellcast-arrows
    (seeds 3000-3009 and 71000-71039): 6 unsure letters settled right, none wrong; the
    rivals need a clean copy each, which is what most tiles lack (an F, a P, a U)."""

    rivals: float = 0.08  # letters within this of the best masked score are the rivals
    shift: int = 3  # crop pixels a copy is moved each way to lie on the tile's letter
    differ: float = 0.5  # copies differ at a pixel by this much ink (0..1)
    min_share: float = 0.015  # such visible pixels, as a share of the letter box, at least
    agree: float = 0.9  # ...of which the tile sides with the letter on this share or more
    fit: float = 0.12  # mean ink difference from the letter's copy on the visible pixels
    confidence: float = 0.9  # what a letter settled so is worth
    rest_share: float = 0.5  # ...and its rivals at most this share of the sure threshold
    line_grow: int = 2  # pixels the removed line is grown by: its rim hides too
    # The letter's copy accounts for the tile where it shows: at most this share of the
    # tile's visible ink (alpha 0.5 and up) lies where the copy has none (under 0.25), and
    # of the copy's ink where the tile shows face. benchmarks/exemplars.py (a line drawn
    # through every clean letter of six looks, and the arrows look's own crossed tiles,
    # seeds 93000-93009 and 3000-3009/71000-71019): right letters settled reached 0.020
    # of either; with the true letter withheld from the rivals, an H settled as N had
    # 0.17 of the N's ink on its face, a J as I 0.13 of its ink outside the I.
    account: float = 0.06
    # The letter taken must show: at least this share of its copy's ink (laid on the tile)
    # lies outside the grown line. Where the line hid nearly the whole letter, the copies
    # differ only where the tile shows face, and a letter is told by ink it lacks alone: a
    # gold E under an arrowhead (the cut took its strokes for the line) settled as F at
    # 0.016 of F's ink in sight, T being the other rival and E none (benchmarks/stress.py,
    # spellcast-arrows 75000 + noise15). Letters settled right on tools.synth
    # spellcast-arrows 3000-3009 and 92000-92009 (also changed by stress.py's dark, gamma,
    # JPEG, noise and contrast changes) showed 0.26-0.91 of their ink; set at 0.2 first,
    # then lowered to 0.1 when the check on stress seed 92500 lost a right P at 0.18.
    min_visible: float = 0.1


def _alpha(tile: TileImage) -> Alpha:
    picture = tile.alpha if tile.alpha is not None else tile.glyph
    return np.asarray(picture, np.float32) / np.float32(255.0)


def _window(box: Box, pad: int, h: int, w: int) -> tuple[slice, slice]:
    return (
        slice(max(0, box.y - pad), min(h, box.y1 + pad)),
        slice(max(0, box.x - pad), min(w, box.x1 + pad)),
    )


def _placed(copy: Alpha, seen: Alpha, visible: npt.NDArray[np.bool_], shift: int) -> Alpha:
    """``copy`` moved by up to ``shift`` pixels each way to best fit ``seen`` on the
    ``visible`` pixels."""
    h, w = seen.shape
    best, out = np.inf, copy
    padded = np.pad(copy, shift)
    for dy in range(2 * shift + 1):
        for dx in range(2 * shift + 1):
            moved = padded[dy : dy + h, dx : dx + w]
            err = float(np.abs(moved - seen)[visible].mean())
            if err < best:
                best, out = err, moved
    return out


def _accounts(copy: Alpha, seen: Alpha, visible: npt.NDArray[np.bool_], share: float) -> bool:
    """Whether ``copy`` (laid on the tile) accounts for what the tile shows on its
    ``visible`` pixels: no more than ``share`` of the tile's ink there lies where the copy
    has none, nor of the copy's ink where the tile shows face."""
    for ink, other in ((seen, copy), (copy, seen)):
        inked = visible & (ink >= 0.5)
        lacking = inked & (other < 0.25)
        if np.count_nonzero(lacking) > share * max(int(np.count_nonzero(inked)), 1):
            return False
    return True


def settle(
    tile: TileImage,
    rivals: Sequence[str],
    copies: dict[str, TileImage],
    config: ExemplarConfig | None = None,
) -> str | None:
    """The one letter of ``rivals`` that ``tile`` (a letter a line crosses) shows, told by
    the board's clean ``copies`` of each rival (all needed), or None. The copies are laid
    on the tile's letter where it shows (outside its ``line``, grown by ``line_grow``) and
    compared where they differ (``differ``): those pixels must be ``min_share`` of the
    board's letter box and side with one letter on ``agree`` of them against every other;
    that letter must also match the tile's visible ink closely (``fit``), account for it
    stroke by stroke (``account``) and show at least ``min_visible`` of its ink outside
    the line."""
    cfg = config or ExemplarConfig()
    if tile.line is None or tile.letter_box is None or len(rivals) < 2:
        return None
    if any(r not in copies for r in rivals):
        return None
    h, w = tile.glyph.shape
    box = tile.letter_box
    win = _window(box, cfg.shift + cfg.line_grow, h, w)
    seen = _alpha(tile)[win]
    grow = 2 * cfg.line_grow + 1
    hidden = cv2.dilate(tile.line, np.ones((grow, grow), np.uint8))[win] > 0
    visible = ~hidden
    if not visible.any():
        return None
    placed = {r: _placed(_alpha(copies[r])[win], seen, visible, cfg.shift) for r in rivals}
    fits = {r: float(np.abs(placed[r] - seen)[visible].mean()) for r in rivals}
    best = min(rivals, key=lambda r: fits[r])
    if fits[best] > cfg.fit or not _accounts(placed[best], seen, visible, cfg.account):
        return None
    ink = float(placed[best].sum())
    if ink <= 0 or float(placed[best][visible].sum()) < cfg.min_visible * ink:
        return None
    need = cfg.min_share * box.w * box.h
    for other in rivals:
        if other == best:
            continue
        tells = visible & (np.abs(placed[best] - placed[other]) >= cfg.differ)
        n = int(np.count_nonzero(tells))
        if n < need:
            return None
        sides = np.abs(seen - placed[best]) < np.abs(seen - placed[other])
        if float(np.count_nonzero(sides & tells)) < cfg.agree * n:
            return None
    return best
