"""The template matcher: the primary, fast engine.

Every character of every tile is compared with every template (letters A-Z, "u", digits,
"-" and "/" rendered from free fonts, plus styles learned from the user's own screenshots;
see ``recognize.store``) by one matrix product of oriented-gradient features
(``glyphs.features``). A tile's reading is the best class per character; its confidence
comes from the best score and the margin to the best other class, mapped through the
calibration in ``RecognizeConfig``.

Physical dice lie at any quarter turn: on a board where several tiles read clearly better
turned than upright, every tile is matched at all four turns, and an underline (M, W, Z, N,
6, 9 on some dice) fixes which turn is upright.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from assistant.cut import (
    UPRIGHT_FOR_UNDERLINE,
    Side,
    TileImage,
    face_tilt,
    select_components,
)
from assistant.geometry import Box, Mask, components, emptiest_column, mask_box
from assistant.recognize import (
    Candidate,
    RecognizeConfig,
    ValueRead,
    calibrated,
    masked_confidence,
)
from assistant.recognize.glyphs import (
    char_groups,
    crop_to_ink,
    features,
    holes,
    raster,
    straighten,
    turn_features,
)
from assistant.recognize.partition import Template
from assistant.recognize.store import (
    DIGITS,
    GLYPH_CLASSES,
    UNKNOWN_HOLES,
    TemplateSet,
    builtin_template_dir,
    load_templates,
    template_ink,
    template_pictures,
    template_raster,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

ALL_TURNS = (0, 1, 2, 3)
# One character as the matcher cuts it: its key (the ids of the glyph components it is
# made of; a half of a split character adds -1 or -2), its mask and its anti-aliased picture.
CharPiece = tuple[tuple[int, ...], Mask, Mask | None]
DILATE = np.ones((3, 3), np.uint8)  # the rim of anti-aliased pixels kept around a character


@dataclass(frozen=True)
class CharRead:
    """One character position of one hypothesis: best class, its score, the best other
    class's score, and the class scores of the position."""

    char: str
    score: float
    runner_up: str
    runner_score: float

    @property
    def margin(self) -> float:
        return self.score - self.runner_score


@dataclass(frozen=True)
class Hypothesis:
    """A reading of a tile at one quarter turn."""

    turn: int
    chars: tuple[CharRead, ...]
    penalty: float = 0.0

    @property
    def text(self) -> str:
        return "".join(c.char for c in self.chars)

    @property
    def score(self) -> float:
        return min(c.score for c in self.chars) - self.penalty


@dataclass(frozen=True)
class _Char:
    """A character picture of one tile: component ids and its features (unturned)."""

    feats: npt.NDArray[np.float32]
    holes: int


class TemplateRecognizer:
    """The template engine (``name = "template"``); see the module docstring."""

    name = "template"

    def __init__(
        self, templates: TemplateSet | None = None, config: RecognizeConfig | None = None
    ) -> None:
        self.config = config or RecognizeConfig()
        sources = None if self.config.learned_styles else [builtin_template_dir()]
        self.templates = templates if templates is not None else load_templates(
            sources, self.config.glyph
        )  # fmt: skip
        self._glyphs = self.templates.subset(GLYPH_CLASSES)
        self._digits = self.templates.subset(DIGITS)
        self._allowed_cache: dict[tuple[int, int, bool, int], npt.NDArray[np.intp]] = {}
        # The glyph templates' pictures, read where a line hides part of a glyph
        # (``_masked``): known only for templates loaded here, from their styles' files.
        self._sources: Sequence[Traversable] | None = sources if templates is None else ()
        self._pictures: tuple[Traversable | None, ...] | None = None
        self._rasters: dict[int, npt.NDArray[np.float32] | None] = {}

    def _glyph_raster(self, row: int) -> npt.NDArray[np.float32] | None:
        """The raster of glyph template ``row`` (``glyphs.raster``), read once; None where
        its picture is not known."""
        if row in self._rasters:
            return self._rasters[row]
        if self._pictures is None:  # (no styles, no pictures: templates given)
            self._pictures = template_pictures(self._glyphs, self._sources)
        source = self._pictures[row]
        picture = None if source is None else template_raster(source, self.config.glyph)
        self._rasters[row] = picture
        return picture

    # ----------------------------------------------------------------- public

    def letter_templates(self) -> tuple[Template, ...]:
        """Every letter template whose picture is known, as ``recognize.partition`` places
        it (read once per process for a set of pictures)."""
        if self._pictures is None:
            self._pictures = template_pictures(self._glyphs, self._sources)
        rows = tuple(
            (char, source)
            for char, source in zip(self._glyphs.chars, self._pictures, strict=True)
            if source is not None and is_letter(char) and char.isupper()
        )
        return _letter_templates(rows)

    def recognize(self, tiles: Sequence[TileImage]) -> list[list[Candidate]]:
        """Candidates per tile, best first (a blank tile gets ``[Candidate("", 1.0)]``)."""
        turned = self.config.rotations == "any"
        per_tile = self.hypotheses(tiles, turns=ALL_TURNS if turned else (0,))
        if self.config.rotations == "auto":
            turned = self._board_is_turned(tiles, per_tile)
        if turned:
            # Dice lie askew as well as turned: undo each die's tilt, read at every turn.
            tilts = [face_tilt(t) for t in tiles]
            per_tile = self.hypotheses(tiles, tilts, turns=ALL_TURNS)
        out: list[list[Candidate]] = []
        for tile, hyps in zip(tiles, per_tile, strict=True):
            if tile.blank or not hyps:
                out.append([Candidate("", 1.0 if tile.blank else 0.0, engine=self.name)])
                continue
            out.append(self._candidates(tile, hyps))
        return out

    def read_values(self, tiles: Sequence[TileImage]) -> list[ValueRead]:
        """The corner point value of each tile (``ValueRead(None, 1.0)`` when the tile shows
        none): the best digit per digit picture, the product of their calibrated
        confidences, and the weakest digit's template score."""
        cfg = self.config
        chars: list[_Char] = []
        owners: list[int] = []
        for t_i, tile in enumerate(tiles):
            for mask, soft in self._value_digits(tile):
                chars.append(self._char(mask, 0.0, soft, digit=True))
                owners.append(t_i)
        out = [ValueRead(None, 1.0)] * len(tiles)
        if not chars:
            return out
        scores = self._scores(self._digits, chars, [0] * len(chars))
        texts: dict[int, list[tuple[str, float, float, float]]] = {}
        for row, t_i in enumerate(owners):
            order = np.argsort(-scores[row])
            s1, s2 = float(scores[row, order[0]]), float(scores[row, order[1]])
            digit = self._digits.classes[order[0]]
            conf = calibrated(s1, s1 - s2, cfg, digit=True)
            texts.setdefault(t_i, []).append((digit, conf, s1, s1 - s2))
        for t_i, digits in texts.items():
            out[t_i] = ValueRead(
                value=int("".join(d[0] for d in digits)),
                confidence=float(np.prod([d[1] for d in digits])),
                score=min(d[2] for d in digits),
                digits=len(digits),
                margin=min(d[3] for d in digits),
            )
        return out

    # ----------------------------------------------------------------- hypotheses

    @property
    def glyph_classes(self) -> tuple[str, ...]:
        """The classes a tile glyph character can take (column order of score blocks)."""
        return self._glyphs.classes

    def hypotheses(
        self,
        tiles: Sequence[TileImage],
        tilts: Sequence[float] | None = None,
        turns: Sequence[int] = ALL_TURNS,
    ) -> list[list[Hypothesis]]:
        """Every tile's readings at the given quarter ``turns``; ``tilts`` (degrees, see
        ``cut.face_tilt``) are undone first."""
        return [
            [self._read(block, turn, penalty) for turn, block, penalty in blocks]
            for blocks in self.score_blocks(tiles, tilts, turns)
        ]

    def score_blocks(
        self,
        tiles: Sequence[TileImage],
        tilts: Sequence[float] | None = None,
        turns: Sequence[int] = ALL_TURNS,
    ) -> list[list[tuple[int, npt.NDArray[np.float32], float]]]:
        """Per tile and turn: (turn, class scores of each character (characters x
        ``glyph_classes``), penalty). One matrix product for the whole batch."""
        plans: list[list[tuple[int, list[_Char], float]]] = []
        rows: list[_Char] = []
        row_turns: list[int] = []
        for i, tile in enumerate(tiles):
            tile_plans: list[tuple[int, list[_Char], float]] = []
            # A tile with no glyph left (a line over it hid the letter) has nothing to read.
            if not tile.blank and tile.glyph_boxes:
                tilt = tilts[i] if tilts is not None else 0.0
                for turn, chars, penalty in self._segmentations(tile, tilt, turns):
                    tile_plans.append((turn, chars, penalty))
                    rows.extend(chars)
                    row_turns.extend([turn] * len(chars))
            plans.append(tile_plans)
        if not rows:
            return [[] for _ in tiles]
        scores = self._scores(self._glyphs, rows, row_turns)
        out: list[list[tuple[int, npt.NDArray[np.float32], float]]] = []
        at = 0
        for tile_plans in plans:
            blocks = []
            for turn, chars, penalty in tile_plans:
                blocks.append((turn, scores[at : at + len(chars)], penalty))
                at += len(chars)
            out.append(blocks)
        return out

    def _segmentations(
        self, tile: TileImage, tilt: float, turns: Sequence[int]
    ) -> Iterator[tuple[int, list[_Char], float]]:
        """(turn, characters, penalty) for each segmentation of :meth:`cut_chars`, each
        character's features measured once."""
        cache: dict[tuple[int, ...], _Char] = {}
        for turn, pieces, penalty in self.cut_chars(tile, turns):
            chars = []
            for key, mask, soft in pieces:
                if key not in cache:
                    cache[key] = self._char(mask, tilt, soft)
                chars.append(cache[key])
            yield turn, chars, penalty

    def cut_chars(
        self, tile: TileImage, turns: Sequence[int]
    ) -> Iterator[tuple[int, list[CharPiece], float]]:
        """The matcher's cut of a tile's glyph into characters: (turn, characters left to
        right at that quarter turn, penalty) for each of ``turns``, and after each
        turn the same with every too-wide character split in two (when one is), in the
        order of the tile's :meth:`hypotheses`. With an underline on one side, turns that
        do not put it at the bottom are penalized. Each character is a ``CharPiece``: its
        key (the glyph components it is made of), its mask in the glyph box's frame and its
        anti-aliased picture (None without one)."""
        comps, labels, (ox, oy) = glyph_components(tile.glyph, tile.glyph_box)
        h, w = labels.shape
        alpha = None
        if tile.alpha is not None:
            alpha = tile.alpha[oy : oy + h, ox : ox + w]
        bar = None
        if tile.underline is not None and tile.underline_side in (Side.LEFT, Side.RIGHT):
            u = Box(
                tile.underline.x - ox, tile.underline.y - oy, tile.underline.w, tile.underline.h
            )
            bar = next((i for i, b in enumerate(comps) if b == u), None)
        pictures: dict[tuple[int, ...], tuple[Mask, Mask | None]] = {}
        for turn in turns:
            penalty = 0.0
            ids = list(range(len(comps)))
            # An underline only speaks when its upright turn is among those tried (dice);
            # upright screenshots ignore it ("IN" is not an N with a bar beside it).
            upright = (
                UPRIGHT_FOR_UNDERLINE.get(tile.underline_side) if tile.underline_side else None
            )
            if upright is not None and upright in turns:
                if turn != upright:
                    penalty = self.config.underline_penalty
                elif bar is not None and len(ids) > 1:
                    ids.remove(bar)  # the bar under a die lying on its side is no letter
            groups = char_groups([comps[i] for i in ids], turn, w, h, self.config.glyph)
            pieces: list[CharPiece] = []
            for g in groups:
                key = tuple(sorted(ids[i] for i in g))
                if key not in pictures:
                    mask = select_components(labels, len(comps) + 1, [k + 1 for k in key])
                    soft = None
                    if alpha is not None:
                        soft = np.where(cv2.dilate(mask, DILATE) > 0, alpha, 0).astype(np.uint8)
                    pictures[key] = (mask, soft)
                pieces.append((key, *pictures[key]))
            yield turn, pieces, penalty
            # Touching characters are cut apart as seen at this turn: "A/" kerned upright,
            # and the Q and u of a die's Qu face joined by blur, at whatever turn it lies.
            split = self._split_touching(pieces, turn)
            if split is not None:
                yield turn, split, penalty + self.config.split_penalty

    def _split_touching(self, pieces: Sequence[CharPiece], turn: int) -> list[CharPiece] | None:
        """The characters with every one too wide as seen after ``turn`` quarter turns cut
        in two at its narrowest neck (kerned letters that touch, "A/" in some fonts; a Qu
        whose tail touches the u), left to right as seen; None when nothing is too wide."""
        cfg = self.config
        out: list[CharPiece] = []
        cut_any = False
        for key, mask, soft in pieces:
            seen = np.rot90(mask, turn)  # the character as read at this turn
            height = seen.shape[0]
            x, _, w, _ = cv2.boundingRect(np.ascontiguousarray(seen))
            if w < cfg.split_width * height:
                out.append((key, mask, soft))
                continue
            neck = emptiest_column(seen[:, x : x + w], middle=(0.25, 0.75))
            if np.count_nonzero(seen[:, x + neck]) > cfg.split_neck * height:
                out.append((key, mask, soft))
                continue
            for half, (piece, soft_piece) in enumerate(_cut_halves(mask, soft, turn, x + neck)):
                # Keyed by turn as well: the halves differ from one turn to the next.
                out.append(((*key, -1 - half - 2 * turn), piece, soft_piece))
            cut_any = True
        return out if cut_any else None

    def _char(
        self, mask: Mask, tilt: float, soft: Mask | None = None, *, digit: bool = False
    ) -> _Char:
        """Features (from the anti-aliased ``soft`` picture when there is one) and hole count
        of one character, its tilt undone. Holes are counted in the binary ``mask`` and in
        the ink core of ``soft`` (``hole_core``), whichever sees more: blur fills small
        counters at the low threshold ("A" turning into a filled "V") and the core keeps
        them, while a thin bar that the core breaks is whole in the mask. A point-value
        ``digit`` where the two counts differ has an unknown hole count (``UNKNOWN_HOLES``:
        no template pays the hole penalty): a small heavy digit's mask, cut at a low share
        of its corner's ink peak, closes the notches of a 3 or a 5 into a counter that the
        core does not show, and a thin 8's core opens its counters."""
        cfg = self.config.glyph
        turn = abs(tilt) >= self.config.min_tilt
        straight = straighten(mask, -tilt) if turn else crop_to_ink(mask)
        picture = mask if soft is None else soft
        picture = straighten(picture, -tilt, binary=False) if turn else crop_to_ink(picture)
        count = holes(straight, cfg)
        if soft is not None:
            core = (picture > self.config.hole_core).astype(np.uint8) * 255
            in_core = holes(core, cfg)
            count = UNKNOWN_HOLES if digit and in_core != count else max(count, in_core)
        return _Char(features(raster(picture, cfg), cfg), count)

    def _scores(
        self, templates: TemplateSet, chars: Sequence[_Char], turns: Sequence[int]
    ) -> npt.NDArray[np.float32]:
        cfg = self.config.glyph
        feats = np.stack(
            [turn_features(c.feats, k, cfg).ravel() for c, k in zip(chars, turns, strict=True)]
        )
        hole_counts = np.array([c.holes for c in chars], np.int8)
        return templates.class_scores(feats, hole_counts, self.config.hole_penalty)

    def _read(self, block: npt.NDArray[np.float32], turn: int, penalty: float) -> Hypothesis:
        n = block.shape[0]
        classes = self._glyphs.classes
        reads = []
        after_q = False
        for pos in range(n):
            cols = self.allowed_columns(pos, n, after_q, turn)
            sub = block[pos, cols]
            if len(cols) > 1:
                top2 = np.argpartition(-sub, 1)[:2]
                first, second = (
                    (top2[0], top2[1]) if sub[top2[0]] >= sub[top2[1]] else (top2[1], top2[0])
                )
                runner, s2 = classes[cols[second]], float(sub[second])
            else:
                first, runner, s2 = 0, "", -1.0
            best = classes[cols[first]]
            reads.append(CharRead(best, float(sub[first]), runner, s2))
            after_q = best == "Q"
        if n == 2 and reads[0].char != "Q" and "Q" in classes:
            # "Qu" is read as a pair: a Q whose tail barely shows scores about as well as
            # an O, and only after a Q may the second character be the small u. The pair
            # that fits better wins (a Qu die read "OU" lost its Q to a 0.0004 margin).
            q = classes.index("Q")
            cols = self.allowed_columns(1, 2, True, turn)
            u = int(np.argmax(block[1, cols]))
            paired = (
                CharRead("Q", float(block[0, q]), reads[0].char, reads[0].score),
                CharRead(classes[cols[u]], float(block[1, cols[u]]), reads[1].char, reads[1].score),
            )
            if min(c.score for c in paired) > min(c.score for c in reads):
                reads = list(paired)
        return Hypothesis(turn, tuple(reads), penalty)

    def allowed_columns(self, pos: int, n: int, after_q: bool, turn: int) -> npt.NDArray[np.intp]:
        """Class columns a character may take at position ``pos`` of ``n``: "u" only after
        Q in "Qu", "-" only first or last of an upright multi-character glyph, "/" only in
        the middle of three."""
        key = (pos, n, after_q, turn)
        cols = self._allowed_cache.get(key)
        if cols is None:
            keep = []
            for i, c in enumerate(self._glyphs.classes):
                if c == "u":
                    ok = pos == 1 and n == 2 and after_q
                elif c == "-":
                    ok = n >= 2 and pos in (0, n - 1) and turn == 0
                elif c == "/":
                    ok = n == 3 and pos == 1 and turn == 0
                else:
                    ok = True
                if ok:
                    keep.append(i)
            cols = np.array(keep, np.intp)
            self._allowed_cache[key] = cols
        return cols

    def value_scores(self, tiles: Sequence[TileImage]) -> list[npt.NDArray[np.float32]]:
        """Per tile, the digit-class scores of each value digit (digits x ``DIGITS``)."""
        out = []
        for tile in tiles:
            chars = [self._char(m, 0.0, soft, digit=True) for m, soft in self._value_digits(tile)]
            if not chars:
                out.append(np.zeros((0, len(self._digits.classes)), np.float32))
                continue
            out.append(self._scores(self._digits, chars, [0] * len(chars)))
        return out

    def value_masks(self, tile: TileImage) -> list[Mask]:
        """The digits of the tile's corner value, left to right (empty when none), as
        anti-aliased pictures (ink 255) where the cut made one, else binary masks."""
        return [m if soft is None else soft for m, soft in self._value_digits(tile)]

    def _value_digits(self, tile: TileImage) -> list[tuple[Mask, Mask | None]]:
        """(mask, anti-aliased picture) of each value digit, left to right: the cut's digit
        boxes (``value_boxes``) cropped from its value mask."""
        if tile.value_mask is None:
            return []
        out = []
        for b in tile.value_boxes:
            window = (slice(b.y, b.y1), slice(b.x, b.x1))
            mask = np.ascontiguousarray(tile.value_mask[window])
            soft = None
            if tile.value_alpha is not None:
                soft = np.ascontiguousarray(tile.value_alpha[window])
            out.append((mask, soft))
        return out

    # ----------------------------------------------------------------- decisions

    def board_is_turned(self, tiles: Sequence[TileImage]) -> bool:
        """Whether these tiles are dice lying at quarter turns (see ``RecognizeConfig``)."""
        if self.config.rotations != "auto":
            return self.config.rotations == "any"
        return self._board_is_turned(tiles, self.hypotheses(tiles, turns=(0,)))

    def _board_is_turned(
        self, tiles: Sequence[TileImage], upright: Sequence[Sequence[Hypothesis]]
    ) -> bool:
        """Dice: several tiles read clearly better at a quarter turn than upright. Only the
        tiles that read poorly upright, and no line crosses, are tried turned."""
        cfg = self.config
        # A tile a drawn line crossed reads poorly at any turn: it says nothing of dice.
        weak = [
            i
            for i, hyps in enumerate(upright)
            if hyps and max(h.score for h in hyps) < cfg.turn_check and not tiles[i].overdrawn
        ]
        read = sum(1 for i, hyps in enumerate(upright) if hyps and not tiles[i].overdrawn)
        if len(weak) < max(cfg.turn_min_tiles, cfg.turn_share * read):
            return False
        turned = self.hypotheses([tiles[i] for i in weak], turns=(1, 2, 3))
        evidence = 0
        for i, hyps in zip(weak, turned, strict=True):
            best_upright = max(h.score for h in upright[i])
            if hyps and max(h.score for h in hyps) - best_upright >= cfg.turn_evidence:
                evidence += 1
        return evidence >= max(cfg.turn_min_tiles, cfg.turn_share * read)

    def qu_scores(self, tile: TileImage, turn: int) -> tuple[float, float]:
        """How well a one-piece glyph reads as a Q and a u side by side at ``turn`` quarter
        turns, cut at its narrowest neck in the middle half however thick it is (blur can
        join the Q's tail to the u broadly): the Q half's score and the u half's."""
        if tile.glyph_box is None or not tile.glyph.any():
            return 0.0, 0.0
        _, labels, (ox, oy) = glyph_components(tile.glyph, tile.glyph_box)
        h, w = labels.shape
        glyph = (labels > 0).astype(np.uint8) * 255
        soft = None if tile.alpha is None else tile.alpha[oy : oy + h, ox : ox + w]
        seen = np.rot90(glyph, turn)
        if seen.shape[1] < 4:
            return 0.0, 0.0
        neck = emptiest_column(seen, middle=(0.25, 0.75))
        halves = _cut_halves(glyph, soft, turn, neck)
        if not all(mask.any() for mask, _ in halves):
            return 0.0, 0.0
        tilt = face_tilt(tile)
        chars = [self._char(mask, tilt, soft_piece) for mask, soft_piece in halves]
        scores = self._scores(self._glyphs, chars, [turn, turn])
        classes = self._glyphs.classes
        return float(scores[0, classes.index("Q")]), float(scores[1, classes.index("u")])

    def hidden_rivals(self, tile: TileImage, label: str) -> tuple[str, ...]:
        """The letters that ``tile`` may show instead of ``label`` as far as the picture
        tells: where a removed line ran (``tile.line``) the glyph is unknown, so the upright
        character is compared with every class only outside the line's cells, and each
        class that matches there about as well as ``label`` (within ``hidden_margin``) is
        a rival: it differs from ``label`` only under the line (E/L/F, O/Q, C/G, P/R).
        Empty for tiles without a line and for labels of more than one character."""
        if label not in self._glyphs.classes:
            return ()
        masked = self.masked_scores(tile)
        if masked is None:
            return ()
        per_class = masked.scores
        classes = self._glyphs.classes
        best = float(per_class[classes.index(label)])
        margin = self.config.hidden_margin
        order = np.argsort(-per_class)
        return tuple(
            classes[k]
            for k in order
            if classes[k] != label and is_letter(classes[k]) and per_class[k] >= best - margin
        )

    def masked_scores(self, tile: TileImage) -> MaskedScores | None:
        """The glyph of a tile a removed line crossed (``tile.line``) compared with every
        class only where the line did not run: the features of the cells the line (blurred
        as the features blur a stroke) does not reach, as a cosine with each template's
        same cells, best template per class. The letter is framed from its visible pieces
        and, when the cut knows it (``tile.letter_box``), from where the board's letters
        sit: each class takes its best of those frames (a stem hidden under the line leaves
        the visible pieces narrower than the letter). None without a line over the glyph."""
        if tile.line is None or tile.glyph_box is None:
            return None
        if not tile.glyph.any():
            return None
        seen = mask_box(tile.glyph)
        best: npt.NDArray[np.float32] | None = None
        kept = 0.0
        alike: npt.NDArray[np.float32] | None = None
        top = -np.inf
        letters = tile.letter_box
        frames = _frames(seen, letters, self.config.masked_seen_height)
        under = _under_line(tile.glyph, tile.line, seen, letters, self.config.masked_descend)
        if (
            under is not None
            and letters is not None
            and under.w - seen.w >= self.config.masked_widen * letters.w
        ):
            frames.append(under)
        for frame in frames:
            scored = self._masked(tile, frame)
            if scored is None:
                continue
            scores, share, frame_alike = scored
            if float(scores.max()) > top:  # the frame the best class is read in
                top, alike = float(scores.max()), frame_alike
            if best is None:
                best, kept = scores, share
            else:
                best = np.maximum(best, scores)
                kept = max(kept, share)
        if best is None or alike is None:
            return None
        return MaskedScores(best, kept, alike)

    def _masked(
        self, tile: TileImage, frame: Box
    ) -> tuple[npt.NDArray[np.float32], float, npt.NDArray[np.float32]] | None:
        """Per-class masked scores of the glyph framed by ``frame`` (see ``masked_scores``),
        the share of the glyph's cells the line left visible, and per class how alike its
        best template is to the best class's best template on those cells."""
        cfg = self.config.glyph
        assert tile.line is not None
        h, w = tile.glyph.shape
        x0, y0 = max(frame.x, 0), max(frame.y, 0)
        x1, y1 = min(frame.x1, w), min(frame.y1, h)
        if x1 <= x0 or y1 <= y0:
            return None
        window = (slice(y0, y1), slice(x0, x1))
        picture = (tile.glyph if tile.alpha is None else tile.alpha)[window]
        line = tile.line[window]
        fh, fw = y1 - y0, x1 - x0
        # A see-through line's pixels come out spotted (a letter under it, JPEG): the
        # gaps between them are under the line too (``RecognizeConfig.masked_close``).
        k = int(self.config.masked_close * max(fh, fw)) | 1
        if k > 1:
            disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
            line = np.asarray(cv2.morphologyEx(line, cv2.MORPH_CLOSE, disc), np.uint8)
        scale = cfg.fill / max(fh, fw)
        nh, nw = max(1, round(fh * scale)), max(1, round(fw * scale))
        oy, ox = (cfg.size - nh) // 2, (cfg.size - nw) // 2
        interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
        raster_picture = np.zeros((cfg.size, cfg.size), np.float32)
        raster_picture[oy : oy + nh, ox : ox + nw] = (
            cv2.resize(picture, (nw, nh), interpolation=interp).astype(np.float32) / 255.0
        )
        hidden = np.zeros((cfg.size, cfg.size), np.float32)
        hidden[oy : oy + nh, ox : ox + nw] = cv2.resize(
            line.astype(np.float32) / 255.0, (nw, nh), interpolation=cv2.INTER_LINEAR
        )
        # The features blur each stroke over a few pixels: the cells the line reaches
        # through (part of) that blur are unknown too (``masked_spread``).
        spread = 2 * self.config.masked_spread + 1
        grown = cv2.dilate(hidden, np.ones((spread, spread), np.uint8))
        cells = cfg.cells
        keep = cv2.resize(grown, (cells, cells), interpolation=cv2.INTER_AREA) <= 0.05
        if not keep.any():
            return None
        # The share of the frame's cells left visible.
        inside = np.zeros((cfg.size, cfg.size), np.float32)
        inside[oy : oy + nh, ox : ox + nw] = 1.0
        framed = cv2.resize(inside, (cells, cells), interpolation=cv2.INTER_AREA) > 0.5
        share = float(np.count_nonzero(framed & keep)) / max(int(np.count_nonzero(framed)), 1)
        # The kept cells' columns of the features (cells x cells x bins, row-major): the
        # features zeroed elsewhere make one product with the whole template matrix, and
        # its squares summed over those columns the templates' norms there, instead of a
        # copy of the matrix's kept columns per tile.
        kept = np.repeat(keep.ravel(), cfg.bins)
        feats = np.where(kept, features(raster_picture, cfg).ravel(), np.float32(0))
        matrix = self._glyphs.matrix
        row_norms = np.sqrt(self._glyphs.squared @ kept.astype(np.float32))
        norms = row_norms * max(float(np.linalg.norm(feats)), 1e-6)
        scores = self._glyphs.products(feats) / np.maximum(norms, 1e-6)
        per_class = np.maximum.reduceat(scores, self._glyphs.starts).astype(np.float32)
        # Each class's best template, and how alike it is to the best class's one where the
        # line left the glyph visible: letters that differ only under the line (E and L when
        # it hides the upper arms) are as alike there as any two templates of one letter.
        ends = np.append(self._glyphs.starts[1:], len(scores))
        chosen = np.array(
            [
                a + int(np.argmax(scores[a:b]))
                for a, b in zip(self._glyphs.starts, ends, strict=True)
            ]
        )
        rows = matrix[chosen][:, kept]
        if self.config.masked_symmetric > 0:
            # The glyph's ink stops at the line; its letter's templates' does not: a stroke
            # hidden whole under the line still blurs into the cells beside it in them,
            # and the letter without it leads there (``RecognizeConfig
            # .masked_symmetric``). The best classes' best templates lose their ink under
            # the line as the glyph did, and are compared so.
            gone = hidden > 0.5
            mine = feats[kept]  # (rows is a copy already: indexed by chosen and kept)
            size = max(float(np.linalg.norm(mine)), 1e-6)
            for k in np.argsort(-per_class)[: self.config.masked_symmetric]:
                drawn = self._glyph_raster(int(chosen[k]))
                if drawn is None:
                    continue
                shown = features(np.where(gone, np.float32(0), drawn), cfg).ravel()[kept]
                rows[k] = shown
                per_class[k] = float(shown @ mine) / max(float(np.linalg.norm(shown)) * size, 1e-6)
        unit = rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-6)
        alike = (unit @ unit[int(np.argmax(per_class))]).astype(np.float32)
        return per_class, share, alike

    def _masked_candidates(
        self, tile: TileImage, hyps: Sequence[Hypothesis]
    ) -> list[Candidate] | None:
        """Candidates of an upright one-letter tile a removed line crossed, read around
        the line (``masked_scores``): the best letter's confidence follows its lead over
        the next letter on the visible cells (``RecognizeConfig.masked_*``), and every
        letter that comes within ``hidden_margin`` of it is listed (E/F when the line hides
        where they differ). None when the tile is not such a tile (read as usual)."""
        cfg = self.config
        if tile.line is None or not tile.overdrawn or tile.obstructed:
            return None
        if any(h.turn != 0 for h in hyps) or tile.glyph_box is None:
            return None
        box = tile.glyph_box
        height = tile.letter_box.h if tile.letter_box is not None else box.h
        if box.w > cfg.masked_max_width * max(height, 1):
            return None  # several characters ("TH", "RE-"): not one letter
        masked = self.masked_scores(tile)
        if masked is None:
            return None
        classes = self._glyphs.classes
        letters = [k for k, c in enumerate(classes) if is_letter(c)]
        order = sorted(letters, key=lambda k: -float(masked.scores[k]))
        s1 = float(masked.scores[order[0]])
        # Letters whose best template is nearly the best letter's own on the visible cells:
        # what tells them apart lies under the line (E and L with the upper arms hidden).
        alike = [k for k in letters if k != order[0] and float(masked.alike[k]) >= cfg.masked_alike]
        out: list[Candidate] = []
        for rank, k in enumerate(order[: cfg.max_candidates]):
            score = float(masked.scores[k])
            lead = score - float(masked.scores[order[1]]) if rank == 0 else score - s1
            if rank > 0 and lead < -cfg.hidden_margin and len(out) >= 2:
                break
            conf = masked_confidence(lead, cfg)
            if score < cfg.masked_min_score or not _seen_enough(
                classes[k], score, lead, masked.visible, cfg
            ):
                conf = min(conf, cfg.hidden_cap)
            if rank == 0 and alike:
                conf = min(conf, cfg.hidden_cap)
            label = assemble_label([classes[k]])[0]
            out.append(Candidate(label, conf, score, 0, self.name, around_line=True))
        # Letters as alike as that on the cells left visible differ only under the line.
        listed = {c.label for c in out}
        for k in alike:
            label = assemble_label([classes[k]])[0]
            if label not in listed:
                out.append(
                    Candidate(label, 0.0, float(masked.scores[k]), 0, self.name, around_line=True)
                )
        return out

    def _candidates(self, tile: TileImage, hyps: Sequence[Hypothesis]) -> list[Candidate]:
        masked = self._masked_candidates(tile, hyps)
        if masked is not None:
            return masked
        cfg = self.config
        ranked = sorted(hyps, key=lambda h: -h.score)
        best = ranked[0]
        label, valid = assemble_label([c.char for c in best.chars])
        conf = 1.0
        for c in best.chars:
            conf *= calibrated(c.score, c.margin, cfg)
        # Another turn that reads as a different label competes like a runner-up class.
        rival = next(
            (h for h in ranked[1:] if assemble_label([c.char for c in h.chars])[0] != label),
            None,
        )
        if rival is not None:
            conf = min(conf, calibrated(best.score, best.score - rival.score, cfg))
        if not valid:
            conf *= cfg.invalid_factor
        if tile.obstructed:
            conf *= cfg.obstructed_factor
        out = [Candidate(label, conf, best.score, best.turn, self.name)]
        seen = {label}
        alternatives: list[tuple[float, str, int]] = []
        for pos, c in enumerate(best.chars):
            if c.runner_up:
                chars = [x.char for x in best.chars]
                chars[pos] = c.runner_up
                alternatives.append((best.score - c.margin, assemble_label(chars)[0], best.turn))
        if rival is not None:
            rival_label = assemble_label([c.char for c in rival.chars])[0]
            alternatives.append((rival.score, rival_label, rival.turn))
        for score, alt, turn in sorted(alternatives, key=lambda a: -a[0]):
            if alt in seen:
                continue
            seen.add(alt)
            out.append(
                Candidate(alt, calibrated(score, score - best.score, cfg), score, turn, self.name)
            )
            if len(out) >= cfg.max_candidates:
                break
        return out


def assemble_label(chars: Sequence[str]) -> tuple[str, bool]:
    """Tile label from its characters, left to right, and whether it is a well-formed tile:
    "Q"/"Qu"/"QU" -> "QU", "SUB-" prefix, "-ER" suffix, "U/M" either/or, letters."""
    text = "".join(chars).upper()
    if text in ("Q", "QU"):
        return "QU", True
    if not text:
        return "", True
    if "/" in text:
        parts = text.split("/")
        ok = len(parts) == 2 and all(len(p) == 1 and p.isalpha() for p in parts)
        return text, ok
    if text.endswith("-") and len(text) > 1:
        return text, text[:-1].isalpha()
    if text.startswith("-") and len(text) > 1:
        return text, text[1:].isalpha()
    return text, text.isalpha()


def glyph_components(
    mask: Mask, box: Box | None
) -> tuple[list[Box], npt.NDArray[np.int32], tuple[int, int]]:
    """Connected components of ``mask`` inside ``box``: their boxes (in the box's frame),
    the label image, and the box's offset. Turns are applied to whole tile pictures, so
    the frame only has to be consistent, not the full tile."""
    x0, y0 = (box.x, box.y) if box is not None else (0, 0)
    sub = mask[y0 : box.y1, x0 : box.x1] if box is not None else mask
    n, label_image, stats = components(sub)
    boxes = [Box(*(int(v) for v in stats[i][:4])) for i in range(1, n)]
    return boxes, np.asarray(label_image, np.int32), (x0, y0)


@dataclass(frozen=True)
class MaskedScores:
    """A glyph compared with each class outside a drawn line (``masked_scores``): the
    best cosine per class (``glyph_classes`` order) and the share of the glyph's cells
    left visible."""

    scores: npt.NDArray[np.float32]
    visible: float
    # Per class: the cosine of its best template with the best class's best template on
    # the visible cells (1 for the best class itself).
    alike: npt.NDArray[np.float32]


def _seen_enough(
    letter: str, score: float, lead: float, visible: float, cfg: RecognizeConfig
) -> bool:
    """Whether a letter read around a line showed enough of itself to be sure
    (``RecognizeConfig.masked_min_visible``, ``masked_low_*``): ``visible`` of the letter's
    frame in sight, or less but ``masked_low_visible`` or more where it fits that part
    ``masked_low_score`` and leads the next letter there by ``masked_low_lead``. Never an I
    that way: what a line leaves of any letter's stem (an M's leg, an L's) is an I."""
    if visible >= cfg.masked_min_visible:
        return True
    return (
        visible >= cfg.masked_low_visible
        and score >= cfg.masked_low_score
        and lead >= cfg.masked_low_lead
        and letter != "I"
    )


def is_letter(char: str) -> bool:
    """A letter class: not "-", "/" or the "u" of Qu."""
    return char.isalpha() and char.isupper()


def _cut_halves(
    mask: Mask, soft: Mask | None, turn: int, column: int
) -> list[tuple[Mask, Mask | None]]:
    """``mask`` and its anti-aliased ``soft`` picture (None: none) cut in two at ``column``
    as seen after ``turn`` quarter turns, that column dropped: the left and the right half
    as seen, each in the unturned frame of ``mask``, the rest of it blank."""
    seen = np.rot90(mask, turn)
    soft_seen = None if soft is None else np.rot90(soft, turn)
    out: list[tuple[Mask, Mask | None]] = []
    for part in (slice(0, column), slice(column + 1, seen.shape[1])):
        piece = np.zeros_like(seen)
        piece[:, part] = seen[:, part]
        soft_piece = None
        if soft_seen is not None:
            soft_piece = np.zeros_like(soft_seen)
            soft_piece[:, part] = soft_seen[:, part]
            soft_piece = np.ascontiguousarray(np.rot90(soft_piece, -turn))
        out.append((np.ascontiguousarray(np.rot90(piece, -turn)), soft_piece))
    return out


def _under_line(
    glyph: Mask, line: Mask, seen: Box, letters: Box | None, descend: float
) -> Box | None:
    """The visible pieces' box widened over the removed line where the line touches them,
    inside where the board's letters sit: a letter may go on under the line beyond what
    shows (a J whose hook the line hid shows only its stem, framed alone like an I, and
    read I at 0.93 on tools.synth spellcast-arrows 70709). The line is followed down to
    ``descend`` of the letters' height below them (the J's hook hangs there), but the
    frame keeps the height of the visible pieces and the letters (grown down, it makes an
    O a Q whose tail the line hides). None without the board's letter box or where the
    line touches no visible piece."""
    if letters is None:
        return None
    h, w = glyph.shape
    y0 = max(min(seen.y, letters.y), 0)
    y1 = min(max(seen.y1, letters.y1), h)
    below = min(max(y1, letters.y1 + round(descend * letters.h)), h)
    x0, x1 = max(letters.x, 0), min(letters.x1, w)
    if y1 <= y0 or x1 <= x0:
        return None
    inside = np.zeros((h, w), np.uint8)
    inside[y0:below, x0:x1] = line[y0:below, x0:x1] > 0
    near = cv2.dilate((glyph > 0).astype(np.uint8), np.ones((3, 3), np.uint8))
    _, labels, _ = components(inside)
    touching = np.unique(labels[(near > 0) & (inside > 0)])
    touching = touching[touching > 0]
    if len(touching) == 0:
        return None
    xs = np.nonzero(np.isin(labels, touching))[1]
    bx0, bx1 = min(int(xs.min()), seen.x), max(int(xs.max()) + 1, seen.x1)
    return Box(bx0, y0, bx1 - bx0, y1 - y0)


def _frames(seen: Box, letters: Box | None, seen_height: float) -> list[Box]:
    """Where a partly hidden letter may lie: the box of its visible pieces, and with the
    board's letter box, that box's height around the visible pieces, centred where the
    board's letters are (as wide as the visible pieces reach from the centre, or as the
    board's widest letter). The visible pieces' own box counts only when they are at
    least ``seen_height`` of the board's letter height (``RecognizeConfig``)."""
    if letters is None:
        return [seen]
    # The visible pieces alone frame the letter only when they are nearly its full height:
    # a stub the line left (a stem's end) scaled up to a letter's size is any narrow letter.
    out = [seen] if seen.h >= seen_height * letters.h else []
    y0, y1 = min(seen.y, letters.y), max(seen.y1, letters.y1)
    cx = letters.cx
    for half in (max(cx - seen.x, seen.x1 - cx), max(cx - seen.x, seen.x1 - cx, letters.w / 2)):
        x0, x1 = round(cx - half), round(cx + half)
        box = Box(x0, y0, max(x1 - x0, 1), y1 - y0)
        if box not in out:
            out.append(box)
    return out


_TEMPLATES: dict[tuple[str, ...], tuple[Template, ...]] = {}


def _letter_templates(rows: tuple[tuple[str, Traversable], ...]) -> tuple[Template, ...]:
    """The templates of ``rows`` (class, picture), read once per set of pictures."""
    key = tuple(f"{char}:{source}" for char, source in rows)
    if key not in _TEMPLATES:
        _TEMPLATES.clear()  # one set in use at a time (the shipped styles, or with learned)
        _TEMPLATES[key] = tuple(Template(char, template_ink(source)) for char, source in rows)
    return _TEMPLATES[key]
