"""Letters under a drawn line told apart by the board's own letters (issue 9 item 3).

A letter a line crosses is read around the line (``TemplateRecognizer.masked_scores``), on
gradient cells: the cells the line reaches are dropped whole, so where two letters differ
only beside the line (E/F, O/C, R/P) the pixels that tell them apart are often dropped too,
and the tile stays unsure. The board itself shows the same letters clean, in the game's
own font, size and colour: when every letter the tile may be has such a clean copy on the
board, the tile's visible pixels are compared with each copy, pixel by pixel, where the
copies differ. A letter is taken only when those pixels are enough and vote for it nearly
all; otherwise nothing changes (the tile stays unsure).

A letter the tile may be that has no clean copy on the board is drawn from the shipped
font templates (``board_font``, ``drawn_copy``): the font whose letters match the board's
clean letters best, pixel by pixel, and only when it matches them closely. Such a drawn
copy confirms the letter the reading around the line put first, or another of the
letters it may be where the tile sides with that one more clearly still (``drawn_agree``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from assistant.geometry import Box, Mask

if TYPE_CHECKING:
    from assistant.cut import TileImage

Alpha = npt.NDArray[np.float32]


# A letter and the letter it would be with a part hanging below the board's other letters
# (a Q's tail, a J's hook: 0.15-0.33 of the capital height in the shipped fonts that hang
# them), which a line running below the letters can hide.
HANGING = {"O": "Q", "I": "J"}


@dataclass(frozen=True)
class ExemplarConfig:
    """Numbers of ``settle``. Set by reasoning, then checked on tools.synth spellcast-arrows
    (seeds 3000-3009 and 71000-71039): 6 unsure letters settled right, none wrong; the
    rivals need a clean copy each, which is what most tiles lack (an F, a P, a U)."""

    rivals: float = 0.08  # letters within this of the best masked score are the rivals
    shift: int = 3  # crop pixels a copy is moved each way to lie on the tile's letter
    differ: float = 0.5  # copies differ at a pixel by this much ink (0..1)
    # A pixel where the copies differ votes only where the one with less ink there has
    # none within edge pixels (``_apart``): 0 for the rivals, alphabet_edge for the whole
    # alphabet, whose siding is weighed, not counted. Two copies laid a pixel apart differ
    # along the sides of every stroke they share, and the copy laid where the tile's
    # letter lies wins all those pixels: an R whose leg an opaque red line hid
    # (spellcast-arrows 98533, held out) was settled P at 0.9 on the column down the
    # stems' left side, where P's copy lay and R's did not. Such pixels still count as
    # evidence that the letters differ where the tile shows. Session 17, with the siding
    # weighed: tools.synth spellcast-arrows tiles left unsure / boards exact, before ->
    # after: 3000-3099 (tuned on) 69 -> 63, 57 -> 60/100; 99500-99599 67 -> 63, 59 ->
    # 61/100; 98500-98559 44 -> 41 (the P gone), 36 -> 38/60; no new wrong tile.
    # benchmarks/exemplars.py --seed 99700 --per-look 6: every letter competing settled
    # 659 -> 666 right, 0 wrong; with the truth withheld, 12 -> 14 wrong (a withheld N
    # settled H, R settled P). Tried and dropped: the edge pixels out of the evidence too
    # (644 right and 15 withheld wrong on that benchmark: fonts of thin strokes were left
    # too little to tell letters by), and out of ``_accounts`` (27 withheld wrong).
    edge: int = 0
    alphabet_edge: int = 1
    min_share: float = 0.015  # such visible pixels, as a share of the letter box, at least
    agree: float = 0.9  # ...of which the tile sides with the letter on this share or more
    fit: float = 0.12  # mean ink difference from the letter's copy on the visible pixels
    confidence: float = 0.9  # what a letter settled so is worth
    rest_share: float = 0.5  # ...and its rivals at most this share of the sure threshold
    # Pixels the removed line is grown by: its rim hides too. The cut's line already takes
    # a pixel of fringe, and at 2 the grown line hid letters beside it (a P's bowl, a T's
    # bar) until too little showed to settle them. At 1 on tools.synth spellcast-arrows
    # 3000-3099 (tuned on), 13 unsure tiles settled right and 3 right ones left unsure
    # (84 -> 74 tiles missed), on 99500-99599 (not tuned on) 78 -> 74, none wrong either
    # way. At 0, 8 more settled and 6 right ones were lost on 3000-3099, and an E under
    # an arrow was named F at 0.9 on 99589. benchmarks/exemplars.py --seed 99700
    # --per-look 6: no wrong letter named (as read, alphabet), 658 alphabet right
    # against 655.
    line_grow: int = 1
    # ...and the pixels that tell two rivals apart (read as read, not the whole alphabet,
    # which weighs each pixel by its margin) must be min_share of the letter box
    # beyond the line grown by fringe_grow too, or the two differ only at the line's edge,
    # where its blurred rim joined to a stroke passes for ink: an F's stem foot, a purple
    # line's rim joined to it, sided with E on 43 of the 44 pixels telling the two apart
    # (the E's bottom arm under the line; spellcast-arrows 129698 r1c2, E at 0.9).
    fringe_grow: int = 3
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
    # Raised to 0.15 in session 26: a T whose stem and bar two purple lines hid settled as
    # I at 0.12 of the I's ink in sight, T not among the rivals read around the line
    # (spellcast-arrows 104622 r4c2, held out; its value 2 then went with the I's 1). On
    # 102800-103199 that left 8 right letters unsure (most of them I's along a line), one
    # board fewer exact (258 -> 257), nothing wrong either way.
    min_visible: float = 0.15
    # A rival without a clean copy on the board is drawn in the shipped template font that
    # matches the board's clean letters best (at least font_letters of them, each drawn at
    # its own height on its own glyph box, moved up to font_shift pixels each way): the
    # mean ink difference over their glyph boxes must be font_fit or less. Session 7,
    # tools.synth spellcast-arrows 3000-3009 and 94000-94009 (tuned on): fonts chosen at
    # 0.023-0.13; the 5 letters settled right had their board's font at 0.045-0.056; at
    # 0.074 and 0.091 (a condensed or serif font standing in for one not shipped) a drawn
    # copy sided with the wrong letter of an N/H and an E/F pair on 0.80-0.86 of the
    # pixels that tell them apart (agree stopped them).
    font_fit: float = 0.065
    # What hangs below the letters (a Q's tail, a J's hook; ``shows_no_tail``) is looked
    # for from this share of the letter height below their bottom down (an O's round
    # bottom overshoots the box by a pixel or two; a J that does not hang has its hook
    # above it, where reading around the line frames it rightly).
    tail_top: float = 0.05
    # A drawn copy settles another letter than the one read best around the line (one of
    # its rivals) only where the tile sides with it on drawn_agree of the pixels that tell
    # them apart (agree is the rule otherwise); for the whole alphabet, of their summed
    # margins (``Settling.sides``). Session 18: counted, a stroke's blurred sides held
    # right letters under it (an E against a drawn C at 0.947); weighed, tools.synth
    # spellcast-arrows tiles missed / boards exact: 3000-3099 57 -> 55, 61 -> 62;
    # 99500-99599 62 -> 60, 61 -> 62; 98500-98559 40 -> 37, 37/60; 97100-97199 67 -> 62,
    # 59 -> 62; no tile wrong, no right one lost; spellcast-arrows 87022 (the B taken
    # for D at 0.9 counted) still unsure.
    drawn_agree: float = 0.95
    # A clean letter is a copy only with copy_contrast of the median contrast of the
    # board's clean letters: SpellCast prints a bonus tile's letter in gold (contrast
    # 104 against 225-230 for the black ones on spellcast-arrows 78502), and a gold A
    # drawn in the board's font differed from it by 0.30 where the black letters did by
    # 0.04-0.08, so no font fitted the board and a crossed N stayed unsure.
    copy_contrast: float = 0.75
    font_letters: int = 3
    font_most: int = 6  # ...of the first this many (each font takes ~1 ms per letter)
    font_shift: int = 2
    # The whole alphabet (``settle_alphabet``), where the rivals read around the line
    # settle nothing: every letter competes, the board's clean copies and the others drawn
    # in the board's font, so the true letter is not left out (the rivals above leave it
    # out when the line hides what the masked scores need, and then agree and min_share
    # must guard against a wrong rival). With every letter in, a rival is told apart by the
    # evidence against it, not by a count of pixels: the tile's ink difference from the
    # rival less that from the best, summed over the pixels where their copies differ,
    # must reach alphabet_evidence times the min_share pixels (else the two differ only
    # under the line: hidden), with the tile siding with the best on alphabet_agree of
    # those pixels; the best accounts for the tile within alphabet_account. Set on
    # tools.synth spellcast-arrows 3000-3099 (tuned on), by replaying the crossed tiles'
    # measures: of 620, the 101 the reader left unsure went to 32-42 settled right and 0
    # wrong at every setting tried (evidence 0.3-1.0, account 0.06-0.15, agree 0.75-0.85;
    # 0.5, 0.1 and 0.75 settle 37); the old rule over every letter settled 10 of them: a
    # rival far off (an N against a B, 280 pixels) fell short of agree 0.9 at 0.88, the
    # rest being blur along the strokes, and an E against an L with 49 telling pixels, all
    # siding with E, fell short of min_share (52). In the reader, with the two checks
    # below: 34 of those tiles settled right, none wrong, no other tile changed, boards
    # exact 41 -> 49 of 100. benchmarks/exemplars.py measures it where it was not tuned.
    # Session 17: the tile's siding is weighed by each pixel's margin (alphabet_agree of
    # the summed margins is the best's), not counted pixel by pixel: blur along a stroke
    # leaves pixels halfway between two copies, and counted they outvoted the stroke
    # (an R against a B at 0.72 of the pixels, an A against an R at 0.73). Its share of
    # the session's figures is with ``edge`` above; at 0.85 weighed, 3000-3099 lost 4.
    alphabet_agree: float = 0.75
    alphabet_evidence: float = 0.5
    # ...of which the pixels that vote (not the strokes' sides, ``alphabet_edge``) must
    # side with the best by core_evidence times the min_share pixels: the sides, won by
    # the copy laid where the tile's letter lies, are no evidence on their own. A C whose
    # opening two teal lines hid settled O at 0.9 on 0.06 of it, all else along the shared
    # bowl (benchmarks/stress.py 115600, spellcast-arrows 115603 + desktop24, r1c0; its
    # 5 read at 0.16, replaced by O's 1). Right letters settled on 800 spellcast-arrows
    # boards (113100-113249, 114500-114649, 112000-112199, 110100-110399) had 0.148 or
    # more, but for an O against a Q (0.016), whose tail ``HANGING`` leaves to its own
    # check (``_hanging_hidden``).
    core_evidence: float = 0.1
    alphabet_account: float = 0.1
    # The letter settled so must be one of the letters read best around the line (within
    # alphabet_rivals of the best masked score): two ways of reading agree. On 3000-3099
    # this cost 1 tile of 35 (6 at 0).
    alphabet_rivals: float = 0.08
    # The letters without a clean copy are drawn in the shipped font nearest the board's
    # (``nearest_font``) only within alphabet_font_fit (the board fonts of spellcast-arrows
    # 3000-3099 were nearest at 0.028-0.077; at font_fit, 0.065, 8 of the 35 stayed
    # unsure). A font further off draws other letters than the board's, and nothing is
    # settled; nearer, the check above stands behind the drawn letters (a condensed or
    # serif stand-in for a font not shipped fitted at 0.074 and 0.091, see font_fit).
    alphabet_font_fit: float = 0.09
    # The rule ``settling`` applies: None is min_share's count and agree (the rivals');
    # a number is the whole alphabet's evidence (``alphabet``).
    evidence: float | None = None

    def alphabet(self) -> ExemplarConfig:
        """This config with the whole alphabet's rule (``settle_alphabet``)."""
        return replace(
            self,
            agree=self.alphabet_agree,
            account=self.alphabet_account,
            evidence=self.alphabet_evidence,
            edge=self.alphabet_edge,
        )


def _alpha(tile: TileImage) -> Alpha:
    picture = tile.alpha if tile.alpha is not None else tile.glyph
    return np.asarray(picture, np.float32) / np.float32(255.0)


def _window(box: Box, pad: int, h: int, w: int) -> tuple[slice, slice]:
    return (
        slice(max(0, box.y - pad), min(h, box.y1 + pad)),
        slice(max(0, box.x - pad), min(w, box.x1 + pad)),
    )


def _in_sight(
    tile: TileImage, line: Mask, box: Box, cfg: ExemplarConfig
) -> tuple[tuple[slice, slice], Alpha, npt.NDArray[np.bool_]]:
    """The window round ``box`` that copies are laid in (``shift`` and ``line_grow`` wider),
    the tile's ink there, and its pixels outside the tile's ``line`` grown by
    ``line_grow``."""
    h, w = tile.glyph.shape
    win = _window(box, cfg.shift + cfg.line_grow, h, w)
    return win, _alpha(tile)[win], _beyond(line, cfg.line_grow, win)


def _beyond(line: Mask, grow: int, win: tuple[slice, slice]) -> npt.NDArray[np.bool_]:
    """The pixels of ``win`` outside ``line`` grown by ``grow`` pixels each way."""
    size = 2 * grow + 1
    return np.asarray(~(cv2.dilate(line, np.ones((size, size), np.uint8))[win] > 0), np.bool_)


def _placed(copy: Alpha, seen: Alpha, visible: npt.NDArray[np.bool_], shift: int) -> Alpha:
    """``copy`` moved by up to ``shift`` pixels each way to best fit ``seen`` on the
    ``visible`` pixels."""
    h, w = seen.shape
    if not visible.any():
        return copy
    padded = np.pad(copy, shift)
    # Every shift at once (a view, no copy): the mean difference on the visible pixels of
    # each, the first least in the order the shifts are tried (rows, then columns).
    shifts = np.lib.stride_tricks.sliding_window_view(padded, (h, w))
    errors = np.abs(shifts[:, :, visible] - seen[visible]).mean(axis=2)
    dy, dx = np.unravel_index(int(np.argmin(errors)), errors.shape)
    return np.asarray(padded[dy : dy + h, dx : dx + w], np.float32)


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


def _apart(a: Alpha, b: Alpha, differ: float, edge: int) -> npt.NDArray[np.bool_]:
    """The pixels where copies ``a`` and ``b`` (laid on the tile) differ by ``differ`` of
    ink or more, and the copy with less ink there has none within ``edge`` pixels: where
    two copies are laid a pixel apart, their strokes' sides differ without telling the
    letters apart."""
    apart = np.asarray(np.abs(a - b) >= differ, np.bool_)
    if edge <= 0:
        return apart
    kernel = np.ones((2 * edge + 1, 2 * edge + 1), np.uint8)
    near_a = cv2.dilate((a >= 0.5).astype(np.uint8), kernel) > 0
    near_b = cv2.dilate((b >= 0.5).astype(np.uint8), kernel) > 0
    return np.asarray(apart & ~(((a > b) & near_b) | ((b > a) & near_a)), np.bool_)


@dataclass(frozen=True)
class Settling:
    """What ``settling`` made of a crossed letter: the ``letter`` settled, or None; and
    whether the letter that fits best and a rival differ only where the line hides
    (``hidden``: too few visible pixels tell them apart). ``sides``: for a letter settled,
    per rival the pixels telling the two apart that side with the letter, and all of them
    (``agrees``); with the whole alphabet's rule (``evidence``), their summed margins
    instead, as that rule weighs them."""

    letter: str | None
    hidden: bool = False
    sides: tuple[tuple[float, float], ...] = ()

    def agrees(self, share: float) -> bool:
        """Whether the letter settled would still be at ``share`` agreement (``agree``):
        the tile sides with it on that share of the pixels telling it from every rival."""
        return self.letter is not None and all(n_for >= share * n for n_for, n in self.sides)


def settle(
    tile: TileImage,
    rivals: Sequence[str],
    copies: dict[str, TileImage],
    config: ExemplarConfig | None = None,
) -> str | None:
    """The one letter of ``rivals`` that ``tile`` (a letter a line crosses) shows, told by
    the board's clean ``copies`` of each rival (all needed), or None (``settling``)."""
    return settling(tile, rivals, copies, config).letter


def settling(
    tile: TileImage,
    rivals: Sequence[str],
    copies: dict[str, TileImage],
    config: ExemplarConfig | None = None,
) -> Settling:
    """The one letter of ``rivals`` that ``tile`` (a letter a line crosses) shows, told by
    the board's clean ``copies`` of each rival (all needed), if any. The copies are laid
    on the tile's letter where it shows (outside its ``line``, grown by ``line_grow``) and
    compared where they differ (``differ``): those pixels must be ``min_share`` of the
    board's letter box (else the letters differ only under the line: ``hidden``; with
    ``evidence`` set, the tile's summed margin there must reach that share of it instead)
    and side with one letter on ``agree`` of them against every other; that letter must
    also match the tile's visible ink closely (``fit``), account for it stroke by stroke
    (``account``) and show at least ``min_visible`` of its ink outside the line."""
    cfg = config or ExemplarConfig()
    none = Settling(None)
    if tile.line is None or tile.letter_box is None or len(rivals) < 2:
        return none
    if any(r not in copies for r in rivals):
        return none
    box = tile.letter_box
    win, seen, visible = _in_sight(tile, tile.line, box, cfg)
    grow = 2 * cfg.line_grow + 1
    if not visible.any():
        return none
    placed = {r: _placed(_alpha(copies[r])[win], seen, visible, cfg.shift) for r in rivals}
    fits = {r: float(np.abs(placed[r] - seen)[visible].mean()) for r in rivals}
    best = min(rivals, key=lambda r: fits[r])
    if fits[best] > cfg.fit or not _accounts(placed[best], seen, visible, cfg.account):
        return none
    ink = float(placed[best].sum())
    if ink <= 0 or float(placed[best][visible].sum()) < cfg.min_visible * ink:
        return none
    need = cfg.min_share * box.w * box.h
    undone = _undone(tile, grow)
    # Beyond the line's rim (the rivals' test only: the whole alphabet weighs each pixel).
    far = _beyond(tile.line, cfg.fringe_grow, win) if cfg.evidence is None else None
    sides: list[tuple[float, float]] = []
    for other in rivals:
        if other == best:
            continue
        tells = visible & _apart(placed[best], placed[other], cfg.differ, 0)
        if undone is not None:
            # Where a see-through line's blend was undone, face is no evidence: undoing
            # loses ink (an E's bottom arm under a cyan arrowhead came back as face, and
            # the tile settled as F at 0.9, spellcast-arrows 86020). Ink shown there is.
            tells &= ~(undone[win] & (placed[best] < placed[other]))
        # The pixels that vote: not those where the copies differ only by lying a pixel
        # apart (``edge``). They count towards the evidence, as differences the tile
        # shows, but the copy laid where the tile's letter lies wins them all.
        core = tells & _apart(placed[best], placed[other], cfg.differ, cfg.edge)
        n = int(np.count_nonzero(tells))
        margin = np.abs(seen - placed[other]) - np.abs(seen - placed[best])
        if cfg.evidence is None:
            if n < need or (far is not None and np.count_nonzero(tells & far) < need):
                return Settling(None, hidden=True)
        elif n == 0 or float(margin[tells].sum()) < cfg.evidence * need:
            return Settling(None, hidden=True)
        n_for = int(np.count_nonzero((margin > 0) & tells))
        if cfg.evidence is None:
            if n_for < cfg.agree * n:
                return none
        else:
            # The whole alphabet weighs each pixel by its margin: a blurred stroke's side,
            # halfway between the copies, says little either way.
            if not core.any():
                return Settling(None, hidden=True)
            pro = float(margin[core & (margin > 0)].sum())
            weight = float(np.abs(margin[core]).sum())
            if pro < cfg.core_evidence * need and HANGING.get(best) != other:
                return Settling(None, hidden=True)  # told apart only along shared strokes
            if pro < cfg.agree * weight:
                return none
            sides.append((pro, weight))
            continue
        sides.append((n_for, n))
    return Settling(best, sides=tuple(sides))


ALPHABET = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def settle_alphabet(
    tile: TileImage,
    copies: Mapping[str, TileImage],
    font: BoardFont | None,
    config: ExemplarConfig | None = None,
    letters: Sequence[str] = ALPHABET,
) -> Settling:
    """``settling`` among every letter (``ExemplarConfig.alphabet``; ``letters``, for
    benchmarks/exemplars.py to leave the truth out): the board's clean ``copies``, and the
    letters it shows none of drawn in its ``font``; nothing is settled when a letter can be
    had neither way (no font, or one without the letter)."""
    cfg = (config or ExemplarConfig()).alphabet()
    every = drawn_letters(copies, font, tile, letters)
    if any(letter not in every for letter in letters):
        return Settling(None)
    return settling(tile, letters, every, cfg)


def drawn_letters(
    copies: Mapping[str, TileImage],
    font: BoardFont | None,
    tile: TileImage,
    letters: Sequence[str] = ALPHABET,
) -> dict[str, TileImage]:
    """The board's clean ``copies`` of ``letters``, and the others drawn in ``font`` where
    the board's letters sit (``drawn_copy`` on ``tile``); a letter the font lacks (or
    every one, without a font) is left out."""
    every = {c: t for c, t in copies.items() if c in letters}
    if font is not None:
        for letter in letters:
            if letter not in every:
                drawn = drawn_copy(font, letter, tile)
                if drawn is not None:
                    every[letter] = drawn
    return every


def _undone(tile: TileImage, grow: int) -> npt.NDArray[np.bool_] | None:
    """The pixels of ``tile`` under a see-through line, whose blend was undone where the
    tile's own ``line`` does not still hide them: the line of its ``opaque`` cut, grown
    like the line; None on a tile without such a line."""
    opaque = tile.opaque
    if not tile.seen_through or opaque is None or opaque.line is None:
        return None
    kernel = np.ones((grow, grow), np.uint8)
    return np.asarray(cv2.dilate(opaque.line, kernel) > 0, np.bool_)


def hidden_rival(
    tile: TileImage,
    letter: str,
    copies: Mapping[str, TileImage],
    config: ExemplarConfig,
    skip: Sequence[str] = (),
    own: Collection[str] = (),
) -> str | None:
    """A letter ``tile`` (read as ``letter``, a line crossing it) cannot be told from, if
    any: its copy and ``letter``'s, laid on the tile where it shows (as ``settling`` lays
    them), differ on ``min_share`` of the letter box or more, but on less outside the
    grown line (an L whose foot a line hides is an I there, an E whose arms it hides an
    L); or where they differ outside it, the tile sides with the other letter on
    ``agree`` of the summed margins (as ``settling`` weighs them; ``config`` is the whole
    alphabet's, ``ExemplarConfig.alphabet``). Letters in ``skip`` are not looked at
    (their own check says); ``own`` are those whose copies are the board's own (the rest
    drawn in a shipped font)."""
    cfg = config
    if tile.line is None or tile.letter_box is None or letter not in copies:
        return None
    box = tile.letter_box
    win, seen, visible = _in_sight(tile, tile.line, box, cfg)
    if not visible.any():
        return None
    need = cfg.min_share * box.w * box.h
    undone = _undone(tile, 2 * cfg.line_grow + 1)
    mine = _placed(_alpha(copies[letter])[win], seen, visible, cfg.shift)
    for other, copy in copies.items():
        if other == letter or other in skip:
            continue
        theirs = _placed(_alpha(copy)[win], seen, visible, cfg.shift)
        apart = _apart(mine, theirs, cfg.differ, cfg.edge)
        in_sight = apart & visible
        if np.count_nonzero(in_sight) < need:
            if np.count_nonzero(apart) >= need:
                return other
            continue
        if undone is not None:
            # Where a see-through line's blend was undone, ink may be lost: the pixels where
            # the letter read has ink side with neither letter, and between two of the
            # board's own copies, no face there does: an E whose top arm came back as face
            # was read L at 0.97 (spellcast-arrows 89709, held out), and without that face
            # it sides with E on 0.99. Against a drawn copy, what is left is partly the two
            # fonts' difference, and the face is what told a drawn F from the board's E
            # (tests/test_overlays.py).
            lost = mine > theirs
            if letter in own and other in own:
                lost |= seen < 0.5
            in_sight &= ~(undone[win] & lost)
            if np.count_nonzero(in_sight) < need:
                continue
        margin = np.abs(seen - mine) - np.abs(seen - theirs)  # what sides with ``other``
        weight = float(np.abs(margin[in_sight]).sum())
        if weight > 0 and float(margin[in_sight & (margin > 0)].sum()) >= cfg.agree * weight:
            return other
    return None


def shows_no_tail(
    tile: TileImage,
    letter: str,
    other: str,
    copies: dict[str, TileImage],
    config: ExemplarConfig,
    below: int,
) -> bool:
    """Whether ``tile`` (a letter a line crosses, read as ``letter``) shows that it has no
    tail where ``other`` hangs one (an O's Q, an I's J): the two copies laid on the tile's
    letter where it shows (as ``settling`` lays them, over the letter box grown ``below``
    pixels down), the ink ``other`` has beyond ``letter`` from ``tail_top`` of the letter
    height below the box's bottom down lies outside the grown line on at least
    ``min_share`` of the letter box, and the tile shows face on ``agree`` of it; true as
    well where ``other`` has no such ink (a font whose J does not hang). Only that part
    counts: elsewhere two letters drawn in two ways (the board's own copy and a shipped
    font's) differ by a sliver along every stroke."""
    cfg = config
    if tile.line is None or tile.letter_box is None:
        return False
    h, w = tile.glyph.shape
    box = tile.letter_box
    grown = Box(box.x, box.y, box.w, box.h + below)
    win = _window(grown, cfg.shift + cfg.line_grow, h, w)
    seen = _alpha(tile)[win]
    visible = _beyond(tile.line, cfg.line_grow, win)
    if not visible.any():
        return False
    mine = _placed(_alpha(copies[letter])[win], seen, visible, cfg.shift)
    theirs = _placed(_alpha(copies[other])[win], seen, visible, cfg.shift)
    low = np.zeros(seen.shape, bool)
    low[max(box.y1 + round(cfg.tail_top * box.h) - win[0].start, 0) :] = True
    hangs = low & (theirs - mine >= cfg.differ)
    need = cfg.min_share * box.w * box.h
    if np.count_nonzero(hangs) < need:
        return True  # nothing of ``other`` hangs there (a J drawn without a descender)
    tail = visible & hangs
    n = int(np.count_nonzero(tail))
    if n < need:
        return False
    face = np.abs(seen - mine) < np.abs(seen - theirs)
    return float(np.count_nonzero(face & tail)) >= cfg.agree * n


@dataclass(frozen=True, eq=False)
class BoardFont:
    """A shipped template font drawn at a board's letter size: ``glyphs`` are the letters'
    ink (0..1, cropped to the ink), ``scale`` crop pixels per template pixel, ``fit`` the
    mean ink difference from the board's clean letters."""

    name: str
    glyphs: Mapping[str, Alpha]
    scale: float
    fit: float


@functools.cache
def _template_fonts() -> tuple[tuple[str, dict[str, Alpha]], ...]:
    """The shipped templates' capital letters by font (``templates/glyphs/<font>``, the
    full-size drawings only), each cropped to its ink: read once per process, only for a
    board with a crossed letter the board's own letters cannot settle."""
    from assistant.recognize.store import builtin_template_dir

    root = builtin_template_dir()
    fonts: dict[str, dict[str, Alpha]] = {}
    for item in json.loads((root / "manifest.json").read_bytes()):
        char, file = str(item["char"]), str(item["file"])
        parts = file.split("/")
        if len(char) != 1 or not char.isupper() or parts[-1] != f"{char}.png":
            continue
        data = np.frombuffer((root / file).read_bytes(), np.uint8)
        image = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
        if image is None:
            continue
        ys, xs = np.nonzero(image > 64)
        if len(ys) == 0:
            continue
        ink = image[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        fonts.setdefault(parts[-2], {})[char] = ink.astype(np.float32) / np.float32(255.0)
    return tuple(sorted(fonts.items()))


def _drawn(glyph: Alpha, shape: tuple[int, int], top: float, centre: float, scale: float) -> Alpha:
    """``glyph`` scaled by ``scale`` into a picture of ``shape``, its top at ``top`` and
    centred on ``centre`` (crop pixels)."""
    h, w = shape
    gh, gw = max(1, round(glyph.shape[0] * scale)), max(1, round(glyph.shape[1] * scale))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = np.asarray(cv2.resize(glyph, (gw, gh), interpolation=interp), np.float32)
    out = np.zeros((h, w), np.float32)
    y0, x0 = round(top), round(centre - gw / 2)
    ya, xa, yb, xb = max(0, y0), max(0, x0), min(h, y0 + gh), min(w, x0 + gw)
    if yb > ya and xb > xa:
        out[ya:yb, xa:xb] = small[ya - y0 : yb - y0, xa - x0 : xb - x0]
    return out


class BoardFonts:
    """A board's fonts, looked for at most once (``nearest_font`` draws every shipped font's
    letters): the ``nearest`` to its clean letters however near, the one ``fitting`` them
    within ``font_fit`` (``board_font``), or ``within`` another fit; ``looked_for`` says
    whether any was asked yet; ``with_drawn``, the clean copies and the letters drawn."""

    def __init__(self, copies: Mapping[str, TileImage], config: ExemplarConfig) -> None:
        self._copies = copies
        self._config = config
        self._drawn: dict[str, TileImage] | None = None

    @functools.cached_property
    def nearest(self) -> BoardFont | None:
        return nearest_font(self._copies, self._config)

    @property
    def fitting(self) -> BoardFont | None:
        return self.within(self._config.font_fit)

    def within(self, fit: float) -> BoardFont | None:
        """The nearest font where it fits the board's clean letters within ``fit``."""
        near = self.nearest
        return near if near is not None and near.fit <= fit else None

    @property
    def looked_for(self) -> bool:
        return "nearest" in self.__dict__

    def with_drawn(self, tile: TileImage) -> dict[str, TileImage]:
        """The board's clean copies, and every other letter drawn in the ``nearest`` font
        (however near) where the board's letters sit (``tile``'s ``letter_box``, the same
        on every crossed tile): drawn once per board, on the first tile asked for. A letter
        the font lacks is left out."""
        if self._drawn is None:
            self._drawn = drawn_letters(self._copies, self.nearest, tile)
        return self._drawn


def board_font(
    copies: Mapping[str, TileImage], config: ExemplarConfig | None = None
) -> BoardFont | None:
    """The shipped template font the board's clean letters (``copies``) are printed in, as
    near as the templates go (``nearest_font``), when its mean ink difference from them is
    ``font_fit`` or less."""
    return BoardFonts(copies, config or ExemplarConfig()).fitting


def nearest_font(
    copies: Mapping[str, TileImage], config: ExemplarConfig | None = None
) -> BoardFont | None:
    """The shipped template font nearest the board's clean letters (``copies``): each
    letter drawn at its copy's height on its glyph box and moved up to ``font_shift``
    pixels to lie on it; the font with the least mean ink difference over at least
    ``font_letters`` letters (of the first ``font_most``), however large; None with fewer
    letters."""
    cfg = config or ExemplarConfig()
    clean = {c: t for c, t in copies.items() if t.glyph_box is not None}
    clean = dict(list(clean.items())[: cfg.font_most])
    if len(clean) < cfg.font_letters:
        return None
    best: BoardFont | None = None
    for name, glyphs in _template_fonts():
        errors, scales = [], []
        for char, tile in clean.items():
            if char not in glyphs:
                continue
            box = tile.glyph_box
            assert box is not None
            scale = box.h / glyphs[char].shape[0]
            seen = _alpha(tile)
            h, w = seen.shape
            win = _window(box, cfg.font_shift, h, w)
            drawn = _drawn(glyphs[char], (h, w), box.y, box.x + box.w / 2, scale)[win]
            visible = np.ones(drawn.shape, bool)
            placed = _placed(drawn, seen[win], visible, cfg.font_shift)
            errors.append(float(np.abs(placed - seen[win]).mean()))
            scales.append(scale)
        if len(errors) < cfg.font_letters:
            continue
        fit = float(np.mean(errors))
        if best is None or fit < best.fit:
            best = BoardFont(name, glyphs, float(np.median(scales)), fit)
    return best


def drawn_copy(font: BoardFont, letter: str, tile: TileImage) -> TileImage | None:
    """A clean copy of ``letter`` drawn in ``font`` where the board's letters sit on
    ``tile`` (its ``letter_box``: the top of the capitals, centred), or None when the
    font lacks the letter or the box is unknown."""
    box = tile.letter_box
    glyph = font.glyphs.get(letter)
    if box is None or glyph is None:
        return None
    h, w = tile.glyph.shape[:2]
    drawn = _drawn(glyph, (h, w), box.y, box.x + box.w / 2, font.scale)
    alpha = np.asarray(np.clip(drawn * 255.0, 0, 255), np.uint8)
    return replace(tile, glyph=np.where(drawn >= 0.5, np.uint8(255), np.uint8(0)), alpha=alpha)
