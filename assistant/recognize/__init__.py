"""Stage 4: recognize tiles. Engines sit behind the small ``Recognizer`` protocol.

An engine may do more than read letters, and says so by its methods alone (structural
protocols, so a test's fake engine is used wherever the real one would be): a
``ValueReader`` also reads the corner point values of the tiles, a ``NumberReader`` reads
pictures of numbers (the second opinion on an unsure value), a ``LineReader`` names the
letters a removed line may hide (``hidden_rivals``).

``recognize_tiles`` runs the template matcher on every tile, asks Tesseract (one call for
the whole board) about the tiles the matcher is unsure of, and returns one ``TileReading``
per tile with a calibrated confidence. Nothing is guessed silently: a reading below
``RecognizeConfig.threshold`` keeps its best candidates so the caller can refuse or ask.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

import cv2
import numpy as np
import numpy.typing as npt

from assistant.dice import MULTI_FACES
from assistant.numeric import median
from assistant.recognize.exemplars import HANGING, ExemplarConfig
from assistant.recognize.glyphs import GlyphConfig
from assistant.recognize.partition import PartitionConfig, PartitionReader
from assistant.recognize.rays import RayConfig, line_rays

if TYPE_CHECKING:
    from assistant.cut import CutConfig, TileImage
    from assistant.geometry import Box, Mask
    from assistant.recognize.exemplars import BoardFont, BoardFonts
    from assistant.recognize.matcher import MaskedScores, TemplateRecognizer


@dataclass(frozen=True)
class TileReading:
    """What the recognizers made of one tile.

    ``label`` is uppercase in display form: "A", "QU", "TH", "RE-", "-ING", "A/B", or ""
    for a blank tile. ``confidence`` is calibrated to 0..1; ``candidates`` lists the best
    labels with their confidences, best first (the first is ``label``).
    ``value`` is the small point value when the tile shows one (bonus squares are the
    look's, read by ``assistant.bonus`` for the whole board).
    ``turn`` is how many counter-clockwise quarter turns made the glyph upright (dice);
    ``note`` says what would help when the reading is unsure (e.g. installing Tesseract).
    """

    row: int
    col: int
    label: str
    confidence: float
    candidates: tuple[tuple[str, float], ...]
    value: int | None = None
    value_confidence: float = 1.0
    engine: str = "template"
    turn: int = 0
    note: str = ""
    # The glyph is under ``RecognizeConfig.multi_min_px`` source pixels tall: a prefix's or
    # suffix's hyphen there is a pixel or two and may be lost (see ``read``).
    tiny: bool = False
    # An unsure tile a removed line crossed: every letter compared with the glyph only
    # outside the line (``TemplateRecognizer.masked_scores``), best first. What the line
    # hides may make another letter than the candidates (``read.by_value`` asks it).
    around_line: tuple[tuple[str, float], ...] = ()
    # ...and the share of the letter's frame the line left in sight there (``MaskedScores
    # .visible``): under ``buried_min_visible`` every letter fits alike.
    around_seen: float = 0.0
    # Candidates only the second engine listed, against the first (``Candidate.unlisted``):
    # no template fits them, and a printed value does not settle them (``read.by_value``).
    unlisted: tuple[str, ...] = ()
    # The glyph may be the rim of the mark at a path's start, the letter hidden under it
    # (``TileImage.ringed``): what shows of it is no letter a printed value may settle.
    buried: bool = False
    # ...or its ink clear of the line is in a line's hue (``TileImage.line_hued``), or it
    # rings a dot of the line whatever its hue (``TileImage.rings_dot``: a dark rim round
    # an I under an orange start dot read O, settled by its 1, stress 121300,
    # spellcast-arrows 121300 + dark, r3c4), or the tile cut with a see-through line taken
    # as opaque lists no letter such a rim reads as (``RIM_READS``): a printed value
    # settles none of those there.
    maybe_rim: bool = False


@dataclass(frozen=True)
class Candidate:
    """One engine's guess for a tile: ``label`` (TileReading form), calibrated
    ``confidence``, the engine's raw ``score``, the quarter ``turn`` it was read at, and
    whether it was read ``around_line``."""

    label: str
    confidence: float
    score: float = 0.0
    turn: int = 0
    engine: str = ""
    # Read around a drawn line (``RecognizeConfig.masked_margin``): the confidence already
    # weighs what the line hides.
    around_line: bool = False
    # Read by the second engine from the anti-aliased picture, the binary one having given
    # no answer (``TesseractConfig.soft_retry``).
    soft: bool = False
    # Listed by the second engine only, against the first, which did not list it
    # (``_combine``): no template fits it.
    unlisted: bool = False


@dataclass(frozen=True)
class ValueRead:
    """A tile's point value as an engine read it: ``value`` (None: none shown), calibrated
    ``confidence``, the weakest digit's template ``score`` and smallest ``margin`` over its
    runner-up class, and the number of ``digits`` seen (a leading zero makes ``str(value)``
    shorter)."""

    value: int | None
    confidence: float
    score: float = 0.0
    digits: int = 0
    margin: float = 0.0


class Recognizer(Protocol):
    """An engine: reads a batch of tiles at once (Tesseract needs one call per board)."""

    name: str

    def recognize(self, tiles: Sequence[TileImage]) -> list[list[Candidate]]:
        """Candidates per tile, best first, in the order of ``tiles``."""
        ...


@runtime_checkable
class ValueReader(Protocol):
    """An engine that also reads each tile's corner point value (the template matcher)."""

    def read_values(self, tiles: Sequence[TileImage]) -> list[ValueRead]:
        """Per tile, its value (``ValueRead(None, 1.0)`` when it shows none)."""
        ...


@runtime_checkable
class NumberReader(Protocol):
    """An engine that reads pictures of numbers (ink 255), all in one batch (Tesseract)."""

    def read_numbers(self, pictures: Sequence[npt.NDArray[np.uint8]]) -> list[tuple[str, float]]:
        """Per picture, (digits, confidence 0..1); ("", 0.0) where nothing was read."""
        ...


@runtime_checkable
class QuReader(Protocol):
    """An engine that can read a one-piece glyph as the Q and u of a die's Qu face."""

    def qu_scores(self, tile: TileImage, turn: int) -> tuple[float, float]:
        """The glyph cut in two at ``turn``: how well its halves read as Q and as u."""
        ...


@runtime_checkable
class LineReader(Protocol):
    """An engine that can tell which letters a line drawn over a tile may hide."""

    def hidden_rivals(self, tile: TileImage, label: str) -> tuple[str, ...]:
        """The letters ``tile`` may show instead of ``label`` under its removed line."""
        ...


@dataclass(frozen=True)
class RecognizeConfig:
    """Tuned numbers for recognizing tiles.

    Calibration (``calib_*``): a character's confidence is
    ``sigmoid(calib_bias + calib_score * s1 + calib_margin * (s1 - s2))`` where s1 is its
    best class score and s2 the best other class's. The three numbers are a logistic fit
    (L2 3e-5; ``python benchmarks/calibrate.py fixtures/real``) of the 171 true
    readings of fixtures/real (positives) against a stress set of wrong readings: each
    character read again with its true class withheld, which is what an unknown font, a
    mis-cut glyph or a missing template looks like to the matcher (negatives, weighted
    equally). At threshold 0.8 no negative passes (highest 0.48); 2 positives stay under it
    (two dice letters in a face unlike any shipped font), for Tesseract or ``learn``.
    A tile's confidence is the product over its characters; a different reading at another
    quarter turn of a die competes like a runner-up class.

    Second opinion (``agree_*``/``disagree_*``): on the 160 tiles of fixtures/real,
    Tesseract (one sheet per board) gave the true label 149 times, no answer 11 times (lone
    I's) and a wrong answer never: the 95 % upper bound on its error rate is 3/160 = 1.9 %.
    Two engines agreeing on a plausible reading (template score >= ``agree_min_score``) are
    therefore wrong together less than 2 % of the time: agreement raises the confidence to
    at least ``agree_confidence``. When Tesseract names the runner-up of an unsure matcher,
    that label becomes the best guess at ``runner_up_confidence``, still unsure: there the
    two engines' errors are most alike (R/P, O/D). Disagreement multiplies the confidences
    by ``disagree_factor`` and adds Tesseract's answer as a candidate.
    """

    threshold: float = 0.8  # readings below this are unsure: the caller must not use them
    glyph: GlyphConfig = field(default_factory=GlyphConfig)
    calib_bias: float = -41.44
    calib_score: float = 44.29
    calib_margin: float = 7.92
    # The same fit for point-value digits (digit templates only; the 134 value digits of the
    # Wordament fixtures: true s1 >= 0.906, withheld-class s1 <= 0.784): bias, score, margin.
    value_calib: tuple[float, float, float] = (-27.45, 29.73, 17.04)
    hole_penalty: float = 0.15  # score lost by a template with another hole count (A/V, R/U)
    hole_core: int = 160  # alpha level of the ink core where holes are counted too (0.5 of
    # the contrast, between the cut's ink thresholds 0.3 and 0.65)
    rotations: Literal["auto", "upright", "any"] = "auto"  # quarter turns tried (dice: any)
    turn_check: float = 0.93  # tiles reading worse than this upright are tried turned
    turn_evidence: float = 0.05  # a tile reads this much better turned than upright...
    turn_min_tiles: int = 2  # ...on at least this many tiles...
    turn_share: float = 0.1  # ...and this share of the board: the board is dice, any turn
    underline_penalty: float = 0.1  # turns that do not put a die's underline at the bottom
    # A picture turned by a quarter or half turn (a phone photo whose EXIF turn was lost, a
    # screenshot turned in an editor): when at least picture_turn_min_read tiles were read
    # surely and at least picture_turn_share of those whose letter changes under a half
    # turn (H I N O S X Z do not) were upright only at one and the same turn, the picture
    # is turned back and read again, so that everything laid out by the picture's own up
    # (the corner of the point values, the order of a multi-letter tile's characters, a 6
    # or a 9) is read upright too. Dice lie every way: on the generated trays 3000-3009,
    # 75000-75009 and 75500-75509 (boggle-classic, boggle-big) none reaches it; screens
    # turned a quarter or half turn (the real fixtures, tools.synth looks): all of them.
    picture_turn_share: float = 0.8
    picture_turn_min_read: int = 9
    # ...and at least picture_turn_agree of all the tiles read surely agree with that turn
    # (a letter the same under a half turn read at it or opposite it, O and X at any): in
    # a turned picture every tile does, but for a misread one or two. Dice agree that well
    # only by chance: on boggle-classic 70818 (tools.synth), 6 of the 7 telling dice lay
    # one way and the tray was read turned, every tile moved (15 confident-wrong tiles);
    # 13 of its 16 dice agreed. On trays of random dice with a quarter of them unsure,
    # the share rule alone turns 1 in 180 four-by-four trays, with this one 1 in 1,500
    # (a simulation of 100,000 classic trays; 0.9 would make it 1 in 2,300 but turn no
    # screenshot with two of sixteen tiles misread).
    picture_turn_agree: float = 0.85
    # A board that looks like a dice tray is read as it lies (``read``): dice lie every way.
    # But where at least picture_turn_tray of its telling letters are read surely, every
    # one upright only at one and the same turn, and every tile read surely agrees with it,
    # the picture is turned, not dice: random dice lie so with a chance of 3 * 4^-9 (about
    # 1 in 87,000). A tiny SpellCast board in a picture turned a quarter or half turn (its
    # 15 px tiles irregular as a photo's, its cream faces dice-like) had 10 and 11 telling
    # letters all one way and was named Big Boggle at 0.98 (benchmarks/stress.py 92400,
    # spellcast-arrows, rot90 and rot180). Session 23: a telling letter misread at the
    # picture's turn may dissent (an upside-down A reads V), as long as random dice would
    # lie so at most as often: at least k of the n telling letters at one turn of three,
    # 3 * P(Binomial(n, 1/4) >= k) <= 3 * 4^-9 (13 of 14: 1 in 2 million), and every tile
    # read surely but the dissenting letters agreeing. A SpellCast board turned a half
    # turn, 13 of its 14 telling letters upside down and its A read V, was named Boggle at
    # 1.0 (benchmarks/stress.py 100600, spellcast-arrows + rot180).
    picture_turn_tray: int = 9
    min_tilt: float = 1.5  # degrees; smaller tilts of the tile face are not undone
    # A glyph piece this many times wider than the glyph is tall, with a neck of at most
    # split_neck of the height, is also read as two touching characters ("A/" kerned in
    # Open Sans); that reading pays split_penalty, so W never reads as "VV". At 1.3 the
    # "/T" of an either/or tile and the "B-" of a prefix (1.12-1.25 wide) were never cut,
    # and only Tesseract read "O/T", "N/T", "SUB-", at 0.28-0.29 (tools.synth
    # wordament-desktop 89201, 89229, 89302; wordament-orange 99904 "L/M"); at 1.05 the
    # matcher reads them at 0.92-0.97. Held-out 89200-89329 and --per-look 10 --seed 99900
    # (every look): those 4 boards gained, none lost, nothing confident-wrong. Session 44:
    # 1.05 -> 1.0 and split_neck 0.25 -> 0.35. An "A/" joined at the feet (the A's right
    # leg and the slash meeting in a V) has no column thinner than both strokes there
    # (12 px of 37, 0.32); an "L/" was 1.04 wide (wordament-orange 124218 "A/M" and 123724
    # "L/A", held out: read QM and UA at 0.38-0.53, unsure; now A/M and L/A, Tesseract
    # agreeing).
    split_width: float = 1.0
    split_neck: float = 0.35
    split_penalty: float = 0.05
    invalid_factor: float = 0.3  # confidence kept by a malformed label ("A-B", "/A")
    obstructed_factor: float = 0.5  # ...and by a tile crossed by a line from outside
    # A tile whose line (another colour than the letter) was taken out: the letter may have
    # a gap where the line ran, so its final reading (after the second opinion) is trusted
    # only at a raw confidence of 0.97 or more (0.8 / 0.825). On the SpellCast arrows look
    # the letters misread under lines came at 0.95 (the Tesseract-agreement level) and
    # below; right ones up to 0.996.
    overdrawn_factor: float = 0.825
    # ...and whatever its confidence, a letter that another class matches about as well
    # outside the removed line's cells (within hidden_margin, cosine of the features kept)
    # differs from it only under the line (E/L, O/Q, C/G, P/R): the tile stays unsure at
    # hidden_cap at most, with those classes listed (TemplateRecognizer.hidden_rivals).
    hidden_margin: float = 0.05
    hidden_cap: float = 0.6
    # A one-letter tile a removed line crossed is read around the line
    # (TemplateRecognizer.masked_scores: the glyph against every letter only on the cells
    # the line, grown by masked_spread raster pixels, does not reach). Its confidence is a
    # logistic of the best letter's lead over the next one there, reaching the threshold
    # at masked_margin and rising by masked_slope per unit of lead; it stays under
    # hidden_cap when the best letter matches the visible part worse than
    # masked_min_score or the line hides more than 1 - masked_min_visible of the letter's
    # frame. Tuned on the SpellCast arrows look (tools.synth seeds 3000-3029, 194 tiles
    # read around a line): wrong best letters led by at most 0.04 (E/F, O/C, R/P under
    # the line) and matched at 0.56-0.98; at lead >= 0.06 and score >= 0.9, 137 right
    # and none wrong. Spread 2 kept more of the letter than 5 (the features' whole blur:
    # 178 right best letters against 129). Session 4, with lines told by their straight
    # strokes and see-through lines undone (assistant.cut): spread 1 against 2 made
    # 120/159 letters sure against 113/137 (seeds 3000-3029/51000-51039) and 142 against
    # 126 on seeds 51100-51139, not tuned on, none wrong; the wrong best letters came no
    # nearer the bar (leads 0.03-0.05 where the score passed). Wider than
    # masked_max_width of the letter height (a bold W is 1.35), a glyph is several
    # characters and is read as before. Session 5: masked_min_visible 0.25 -> 0.3, after a
    # near-black line the colour of the letters (tools.synth spellcast-arrows 71002, tile
    # r3c3) took the leg of an R for line too: the rest read P at 0.82 with exactly 0.25
    # of the frame visible. At 0.3, seeds 3000-3009 and 71000-71009 read the same 447
    # tiles right and that one unsure (0.35 also lost a right W).
    masked_spread: int = 1
    # ...and where the line hides a stroke whole, the glyph's ink stops at the line while
    # its letter's templates' does not: the hidden stroke still blurs into the cells beside
    # the line in them (the features' blur reaches about 2 raster pixels), and the letter
    # without it leads there. An E whose top and middle arms a nearly opaque purple line
    # hid read L at 0.94 around it, led by 0.08 (spellcast-arrows 123313 r4c2, fresh,
    # session 43). With masked_symmetric set, the best masked_symmetric classes' best
    # templates are compared with their ink under the line taken out as the glyph's is
    # (their pictures read again, ``TemplateRecognizer._glyph_raster``): there L leads E
    # by 0.01, and the tile's 1 settles E. Session 43, spellcast-arrows at 8, boards
    # exact (confident-wrong tiles), before -> after: 123200-123399 153 (1) -> 154 (0);
    # 122200-122399 147 -> 148; 123400-123599 149 (1) -> 151 (1, another: an outlined
    # dot's ring read O); 123600-123699 76 -> 75. Landed off then: on a board shown twice
    # a gold B whose bowls a green arrowhead hid read E surely (one copy settled E, the
    # other read E first, unsure: taken as agreeing; ``copies._merge`` now takes a copy
    # unsure around a line as disagreeing, session 44), and six tests whose premise was a
    # letter read best around a line now read the right letter. On since session 44
    # (figures in README). Scores also come closer where the line hides what tells
    # letters apart, which the value margins were set without (a T 0.16 in sight, 0.087
    # ahead of S, both 2: short of line_value_margin, 123633).
    masked_symmetric: int = 8
    # ...after closing the line's pixels with a disc masked_close of the frame's longer
    # side across: a red line see-through over an R's leg came out in spots, the gaps read
    # as face there, so R (its leg predicted in them) fell behind P, read at 0.82
    # (spellcast-arrows 107703 r3c1). Session 31, spellcast-arrows 105200-105499,
    # 107340-107739 and 108400-108499: that tile unsure, one tile more read and one less,
    # nothing else moved.
    masked_close: float = 0.1
    masked_margin: float = 0.06
    masked_slope: float = 70.0
    # masked_min_score 0.9 -> 0.85 (session 45): on small blurred tiles (30-40 px) a
    # letter read around a line fits what shows of it at 0.85-0.9 though it leads by
    # 0.07-0.12 (a T 0.877, an R 0.892, an E 0.885: spellcast-arrows 125032, 125172,
    # 125123), while the best letters that were wrong with such leads fit 0.68-0.77 (a D
    # read A at 0.752, 124887; an E read A at 0.682, 125121). Arrows 800 boards
    # (123400-123599, 123900-124099, 124800-125199): 600 -> 602 exact, none wrong.
    masked_min_score: float = 0.85
    masked_min_visible: float = 0.3
    # ...or less, down to masked_low_visible, where the best letter fits what shows of it
    # masked_low_score and leads the next by masked_low_lead there (never an I: a stem
    # left of any letter is one). Session 48, every letter read around a line on
    # spellcast-arrows 110000-110299 (3190 reads): 167 under 0.3 in sight, 141 right; of
    # those at 0.15-0.3 leading by 0.1 and fitting 0.9, 33, all right (none an I). Wrong
    # reads there: an I under a line read L at 0.936 leading by 0.24 with 0.088 in sight
    # (126241 r0c0), an M read I at 0.914 leading by 0.10 (126210, 0.304 in sight).
    masked_low_visible: float = 0.15
    masked_low_score: float = 0.9
    masked_low_lead: float = 0.1
    # Buried letters (``_letters_under_line``) are read only where the line leaves
    # buried_min_visible of the letter's frame in sight: under less, every letter fits
    # alike (an L wholly under a start dot: L 0.287, Z 0.286, E 0.286, S 0.285, the list cut
    # there), and a value then "settles" the one of its letters that happens to be listed
    # (spellcast-arrows 102931 r3c3, L at 0.9 by its 3 with D and G unlisted: right by luck).
    buried_min_visible: float = 0.15
    masked_max_width: float = 1.5
    # The visible pieces frame the letter on their own only at masked_seen_height of the
    # board's letter height or more: a gold N under a gold and a dark line left a stub of
    # its right stem (0.4 of the height) that, scaled up, read I at 0.99 (seed 3009).
    masked_seen_height: float = 0.8
    # ...and a letter may go on under the line beyond its visible pieces: they are also
    # framed grown over the line pixels that touch them (``matcher._under_line``), inside
    # the board's letter box and down to masked_descend of its height below it (the cut's
    # letter_descend: a J's hook), where that widens them by masked_widen of the letter
    # box or more (a frame a few pixels off those tried moves the scores by chance: an O
    # whose foot a line crossed, framed 2 px wider, put Q second and lost its settling).
    masked_descend: float = 0.4
    masked_widen: float = 0.1
    # An O or an I under a line running within hang_depth of the letter height below the
    # board's letters may be a Q or a J whose tail or hook the line hid (the templates' Q's
    # hang 0.15-0.29 of the capital height, J's 0.26-0.33): it stays sure only where the
    # tile shows what tells the two apart (``_hanging_hidden``). Framed at the capitals'
    # height, the O of a Q whose tail a cyan line hid was settled as O at 0.9
    # (tools.synth spellcast-arrows 71712 r1c4), and a gold J whose hook a pink line
    # hid read I at 0.97 (3073 r4c1).
    hang_depth: float = 0.3
    # The other way round: a Q read sure under a removed line whose ink hanging below the
    # board's letters (from ``ExemplarConfig.tail_top`` of their height down) lies within
    # tail_line_reach pixels of the line on tail_line_share of it or more may hang by the
    # line's own edge (``_tail_by_line``): an O with a thin outlined purple line leaving it
    # down-right, its dark rim kept as ink beside the line, read Q at 0.997
    # (spellcast-arrows 104548 r2c3, held out). Not a J: a J's stem and hook hang along a
    # line run down the tile as often as not (two right J's there at 0.81 and 0.87 would
    # have been lost, on 104360-104559; 102800-103199 had no Q under a line).
    tail_line_reach: int = 3
    tail_line_share: float = 0.6
    # ...and the best letter stays under hidden_cap when another letter's best template is
    # masked_alike (cosine) like its own on the cells the line left visible: an E whose
    # upper arms this program's --overlay path hid read L at 0.997 (lead 0.061; the two
    # templates 0.943 alike there). On the SpellCast arrows look (tools.synth, tesseract
    # off) no sure right letter was that alike on seeds 3000-3029 (120 sure) and one was on
    # 73000-73029 (97 sure); wrong best letters reached 0.99 (all unsure already).
    masked_alike: float = 0.94
    # Letters a line crosses told by the board's own clean letters (recognize.exemplars).
    exemplars: ExemplarConfig = field(default_factory=ExemplarConfig)
    # A letter the cut lost whole with a line in its own colour, read around the line's
    # strokes told by their shape (``rays.line_rays``, ``_rayed``); None: left unread.
    rays: RayConfig | None = field(default_factory=RayConfig)
    # An unsure letter a line crosses settled by the tile's colours (``recognize.partition``,
    # ``_by_partition``); None: not asked.
    partition: PartitionConfig | None = field(default_factory=PartitionConfig)
    # ...asked of the letters listed, and of the masked read's partition_masked best.
    partition_masked: int = 8
    max_candidates: int = 4
    # A tile a line crosses whose letter the cut lost whole (the line's colours took the
    # letter's too: a bonus tile's outline left no room to sample the line) is not blank:
    # it lists the letters the ink in the letter's place matches best around the line
    # (``_letters_under_line``), each at buried_cap times its masked score, never sure. Ink
    # there is what lies buried_ink of the tile's contrast or more from its face colour.
    # A crossed tile whose glyph was read, but not surely, lists them after its own
    # candidates where places are left (``_with_buried``): a gold A under two lines whose
    # apex alone was left read V, Y, W; A comes fourth (spellcast-arrows 70132 r1c3).
    buried_cap: float = 0.3
    buried_ink: float = 0.5
    learned_styles: bool = True  # also match styles stored by ``learn``
    tesseract: Literal["auto", "never", "required"] = "auto"  # the second opinion
    agree_confidence: float = 0.95
    agree_min_score: float = 0.75
    runner_up_confidence: float = 0.7  # Tesseract named the matcher's (unsure) runner-up
    # Agreement needs one engine with an opinion of its own: Tesseract at least this sure,
    # or the matcher at least this sure. On 228 agreements over unsure dice (synthetic seeds
    # 2024-2027, 7000-7019, 9300-9314 and the two real photos) the 4 wrong ones had
    # Tesseract at 0.22-0.68 and the matcher at 0.002-0.037; the rule keeps 222 of 224
    # right ones.
    agree_second_conf: float = 0.7
    agree_first_conf: float = 0.05
    # ...and a matcher short of agree_first_conf that lists the letter with a stroke more
    # (``FULLER``) as well has no opinion between the two: a blurred E turned upside down
    # lost its lower arm, the matcher had F 0.009 and E 0.0002 (template scores 0.82 and
    # 0.75) and Tesseract read F at 0.92: a sure F (benchmarks/stress.py 104900,
    # boggle-big + blur4%). That run's other 575 readings: one board more flagged (that
    # board's two right F's), none other changed.
    # The other way round, a sure second engine (agree_second_conf) that names the letter
    # with the stroke more, listed the same way up, reads it (``_stroke_more``; False: it
    # stays the runner-up at runner_up_confidence, unsure).
    stroke_more: bool = True
    # On a tile a faint line touches (``TileImage.faint_line``), both engines read the same
    # stroke across the letter: their agreement lifts the reading only where the second
    # engine is agree_faint_conf sure of it on its own. spellcast-arrows 102832 r3c4, a pale
    # gold arrowhead over a D's stem: O to the matcher at 0.26 and to Tesseract at 0.73,
    # lifted to 0.95 (a confident wrong tile).
    agree_faint_conf: float = 0.85
    # Nor where the second engine was seen on this board reading a letter the matcher
    # read at confused_first or more as the letter agreed on, and the matcher lists that
    # letter among its others here: its agreement is the confusion seen twice. On a
    # SpellCast board blurred by 4 % of its pitch, Tesseract read D's as O (one at 0.77
    # where the matcher had D at 0.72), and its O at 0.63 lifted a D the matcher had at O
    # 0.16, D 0.02 (a faint line's end on its stem) to a sure O (benchmarks/stress.py
    # 90500, spellcast-arrows + blur4%).
    confused_first: float = 0.5
    # Nor where the second engine reads another letter at another quarter turn at least as
    # surely, and the matcher, which does not list that letter there, fits its own best
    # letter's templates under unlisted_fit (a font it does not know, a glyph not cut
    # whole: what it leaves out is not ruled out). An N on its side, its underline joined
    # to it by blur (boggle-big 90724, held out), read R at 0.95: the matcher R 0.003 at a
    # template score of 0.79, Tesseract R 0.87 that way up and N 0.93 a half turn away.
    # On 240 dice trays (99100-99159 and 99300-99359 of both dice looks) and 140 photos of
    # trays (90100-90139 and 90700-90729 of both), the rule met one other die: a Z fitted
    # at 0.80 and left unsure already by weak agreement, which now lists N too. No other
    # tile changed.
    unlisted_fit: float = 0.82
    # There "as surely" is elsewhere_share of the agreeing reading's confidence or more:
    # the second engine's confidences are coarse. An N on its side beside its underline,
    # on a noisy tray, read R at 0.95: the matcher R at 0.003, Tesseract R 0.78 that way up
    # and N 0.68 a half turn away (benchmarks/stress.py 118500, boggle-classic + noise15,
    # r1c4). Not for a letter the matcher lists there (it weighed it, ``_turn_doubt``):
    # applied there too, 3 right M's of 150 trays (117500-117649) went unsure for a W read
    # upside down.
    elsewhere_share: float = 0.8
    # Nor on a board whose tiles are unsure for the most part (failing_share of its read
    # tiles, after both engines): there the picture defeats both (a dice tray blurred by
    # 8 % of its pitch, 24 of 25 dice unsure), and their agreeing on a blob is one error
    # seen twice: an L and an R read O at 0.95 from a matcher at 0.25 (benchmarks/stress.py
    # 97000 and 95500, boggle-big + blur8%). Such a board is unsure anyway, so no reading
    # that was exact loses by it.
    failing_share: float = 0.5
    # ...and on a board whose values are unsure for the most part, none is sure: each keeps
    # at most failing_value_cap of the threshold (``_failing_values``).
    failing_value_cap: float = 0.9
    # A second engine that read the anti-aliased picture (the binary one gave nothing)
    # vouches only for a reading the matcher nearly trusts already: at least
    # agree_soft_first. On dice at 28 px per die (tools.synth seeds 53100-53109) it read
    # the stem of a T whose crossbar had faded as I, where the matcher had 0.39; right
    # readings it confirmed on clean trays had 0.66-0.79.
    agree_soft_first: float = 0.5
    disagree_factor: float = 0.3
    second_min_conf: float = 0.3  # a disagreeing Tesseract word below this is ignored
    tesseract_all_multi: bool = False  # also ask about confident multi-letter tiles
    # Point values checked against each other (``check_values``): a doubted value keeps this
    # share of its confidence; one confirmed by a confident reading of the same letter on
    # another tile rises to value_agree_confidence.
    value_doubt_factor: float = 0.3
    value_agree_confidence: float = 0.9
    # In a game printing one table of values (SpellCast), a value read surely rules out
    # the unsure letter's candidates the table gives another value (``read.by_value``):
    # the best one left reads, at value_letter_confidence (and no surer than its value),
    # where it is among the first value_letter_rank listed and no other letter of that
    # value is listed at value_letter_share of its score. On a tile a line crossed it must
    # also be the letter of that value the glyph outside the line fits best, by
    # hidden_margin (``TileReading.around_line``): a D whose top an arrow hid read L (both
    # print 3), D not listed; outside the line D came 0.038 after L (spellcast-arrows
    # 106443 r5c2): unsure, D listed. On spellcast-arrows 105200-105499 and
    # spellcast-discord 105300-105449, 42 unsure tiles had a sure value; the rule read 37
    # of them, all right (two had the true letter fourth, two a letter of the same value
    # within hidden_margin outside the line: I and O, R and N; one read with a hyphen).
    value_letter_rank: int = 2  # 0: the rule is off
    value_letter_share: float = 0.5
    value_letter_confidence: float = 0.9
    # ...and only a letter listed at value_letter_floor or more: one listed at 0 fills the
    # list. A brown line unseen on a dark SpellCast board (benchmarks/stress.py 108000,
    # spellcast-arrows + darkmode) left an F and the line read C at 3.5e-08, G and FF at 0:
    # its sure 5 read C at 0.9. The least read right was a Z at 0.0004 (105448). A grey
    # line joined to a U's foot, no line seen in a grey picture, read Y at 0.0001 (the
    # floor was 0.0001 then) and its sure 4 (U and Y print 4) settled Y
    # (benchmarks/stress.py 114300, spellcast-arrows 114304 + grey, r3c2).
    value_letter_floor: float = 0.0002
    # ...and, outside the line, ahead of the next letter of its value by value_around_margin
    # (was hidden_margin, 0.05): a B whose lower bowl two orange lines hid read P, its sure
    # 4 settling it, P 0.052 ahead of B outside the lines (spellcast-arrows 109352 r3c2,
    # held out). Of 55 tiles so settled on 700 boards read in sessions 30-32 (105200-105499,
    # 107340-107539, 108400-108499, 109300-109399), the nearest right one led by 0.067;
    # read now, 107477's H leads U by 0.055 and is left unsure (on 800 boards, the only
    # right tile lost): no margin parts 0.052 from 0.055.
    value_around_margin: float = 0.06
    # ...and by line_value_margin, as agreement asks, where under value_low_seen of the
    # letter's frame is in sight: the fewer pixels, the less a difference in fit says. A
    # gold X under a blue start dot and its line, 0.22 of it in sight, fit J at 0.745, X
    # 0.096 behind, and its sure 7 (J and X print 7) read J (benchmarks/stress.py 119800,
    # spellcast-arrows 119803 + noise15, r2c4). The 7 right tiles a value settled so under
    # 0.3 in sight on 400 boards (117000-117199, 114500-114699) led by 0.15 or more.
    value_low_seen: float = 0.3
    # ...and fitting what shows beside the line at value_around_floor at least (so too for
    # agreement, below): an I under an orange start dot and a red line, a sliver of it in
    # sight (0.23 of its frame), fit O at 0.54, ahead of A, E and I, and its sure 1 read O
    # at 0.9 (spellcast-arrows 110124 r3c3, fresh, session 35). Of 97 tiles settled right
    # so, by value or by agreement, on 550 boards (110100-110249, 107340-107489,
    # 110900-111049, 109300-109399), the worst fit 0.644.
    value_around_floor: float = 0.6
    # ...and where a line crossed the tile and left its value unsure but read at
    # line_value_min or more, the letter of that value the glyph outside the line fits
    # best reads at line_value_confidence where it fits within line_value_lead of the best
    # letter of all and line_value_margin ahead of the next of its value
    # (``read.by_agreement``). Session 30, spellcast-arrows, unsure tiles a line crossed,
    # read / wrong: 105200-105499 (studied) 17 of 91 / 0; fresh 107340-107539 16 of 64 / 0,
    # 107300-107339 6 / 0, 107540-107739 14 / 0. At line_value_min 0.02, 107325's blurred
    # N read U: its 2 read 4 (as U prints) at 0.04, and U fit best outside the line.
    # Session 31: or only hidden_margin ahead where the whole glyph lists it clearly first
    # of its value (as ``by_value`` asks: value_letter_rank, _share, _floor); at 0, not
    # hidden_margin, 107573's S read T (T and S both 2, the S 0.004 behind). Read / wrong:
    # 105200-105499 +1 / 0, 107340-107739 +4 / 0, fresh 108400-108499 +3 / 0.
    line_value_min: float = 0.1  # above 1: the rule is off
    line_value_lead: float = 0.02
    line_value_margin: float = 0.1
    line_value_confidence: float = 0.85
    # ...where a letter of another value fits about as well, or where the glyph may be a
    # mark's rim or dot (``TileReading.maybe_rim``: spellcast-arrows 123200-123399 and
    # 122200-122399, session 43: one confident wrong tile unsure, nothing else moved).
    close_value_min: float = 0.15
    # A letter a line left unsure by its glyph, settled since (by the board's copies, by
    # its value), whose printed value contradicts a value read at contradict_value or more
    # though not surely: the two readings cannot both be right, and neither stands (an O
    # under a teal line, 0.14 of it in sight, settled G by the board's letters; its 1
    # read at 0.798: benchmarks/stress.py 113400, spellcast-arrows + jpeg20, r4c2).
    contradict_value: float = 0.5
    # ...and a letter read sure whole, by one at contradict_whole or more (session 49: a D
    # read B at 0.95 under a dot, its 3 read at 0.795; an S read at 0.95 whose 2 was
    # misread 8 at 0.52 stays S, spellcast-discord 122612 r0c4).
    contradict_whole: float = 0.7
    # Digits less than value_min_px tall in the source image (SpellCast's 4-5 px values)
    # keep at most value_tiny_cap from the matcher alone: with one digit class's templates
    # withheld, the best wrong digit reached 0.91 below 6 px and at most 0.41 from 6 px up
    # (1,883 value digits of fixtures/real, fixtures/synthetic and held-out synthetic seeds
    # 9100-9111); a second engine or the same letter elsewhere must confirm them.
    value_min_px: float = 6.0
    value_tiny_cap: float = 0.5
    # A board prints its values in one size: a value whose digits are more than
    # value_height_ratio taller or shorter than the board's median value digit is doubted
    # (a sliver of a drawn line's white outline, where the line hid a Wordament value,
    # read 1 with confidence).
    value_height_ratio: float = 1.35
    # Tesseract confirms an unsure value when the matcher's weakest digit scores at least
    # value_agree_min_score and leads its runner-up by value_agree_min_margin. Without the
    # margin, both engines read SpellCast's 4-5 px "5" as "3" now and then (6 of 82
    # agreements on 20 held-out synthetic boards); from a margin of 0.05 none of 160 was
    # wrong (synthetic seeds 7000-7019 and 9100-9111, all value looks). With a digit's
    # hole count unknown where its mask and ink core disagree (matcher._char): from 0.05,
    # 354 agreements and none wrong; the closest wrong one, a heavy 5.5 px "5" read "3"
    # by both, at 0.040 (tools.synth seeds 52000-52039 and 52100-52111, all value looks).
    value_agree_min_score: float = 0.6
    value_agree_min_margin: float = 0.05
    # ...and only on digits value_agree_min_px source pixels tall or more. Below that both
    # engines read the same blob of a few pixels, and a blob reads 4 to both: on
    # benchmarks/stress.py seed 75000 (the value looks, 18 of its changes) Tesseract lifted
    # 9 values under 3.5 px and 4 of them wrong (2.7-3.4 px: Wordament tiles shrunk to
    # 20 px, SpellCast tilted 25 %; a 2 and a 1 read 4, the matcher at 0.06-0.52), the 5
    # right ones 4's too; from 3.7 px up it lifted 102 and none wrong (SpellCast's own
    # values are 3.9-4.4 px at 75000). Raised to 4.5 in session 8: at seeds 78000 and
    # 79000 (Wordament, Ruzzle, Scramble; shrunk, blurred, JPEG 20) both engines read a
    # 4.15 px 2 as 1 (Tesseract at 0.41) on a Wordament board on 24 px desktop tiles, 1 of
    # 31 lifts under 4.5 px (none of 14 above). SpellCast's small values now come from its
    # table (``registry.fixed_values``), so what this costs is Wordament's and Ruzzle's
    # values on boards shrunk to ~24 px tiles: unsure, to be confirmed.
    value_agree_min_px: float = 4.5
    # Multi-character glyphs less than multi_min_px tall in the source image (a board a few
    # pixels per letter, on a big desktop) keep at most multi_tiny_cap: a prefix's hyphen
    # there is a pixel or two and vanishes ("DE-" read as "DE" at 0.99 on 14 px tiles;
    # both engines miss it).
    multi_min_px: float = 8.0
    multi_tiny_cap: float = 0.5
    # Glyphs less than agree_min_px tall in the source image: the second engine reads the
    # same few blurred pixels, so its agreement lifts a tile only when the matcher already
    # leans clearly its way: its best at least agree_tiny_first and its runner-up at most
    # agree_tiny_rival of that (as under a drawn line, it lifts nothing otherwise). On
    # 14-20 px tiles (benchmarks/stress.py) both engines read a 6 px D as O (matcher O 0.58,
    # D 0.49, lifted to 0.95) and a turned serif T on a 20 px die, its crossbar faded, as L
    # (matcher 0.10); the right readings agreement lifts on a 14 px Word Hunt board
    # (tests/test_locate.py) had the matcher at 0.31-0.77 with runners-up at most 0.19 of it.
    agree_min_px: float = 8.0
    agree_tiny_first: float = 0.25
    agree_tiny_rival: float = 0.5
    # A tile cut as blank although faint marks reach this ink contrast (the cut's blank
    # threshold is 45; blank faces measure under 25, letter tiles of every fixture 98 and
    # up) is only maybe blank: a word on tiles a few pixels big ("UNDER-" on 18 px tiles
    # came back blank at 1.0) keeps faint_blank_cap.
    faint_contrast: float = 25.0
    faint_blank_cap: float = 0.5
    # Glare over a letter (``TileImage.glare``): both engines see the same damaged glyph
    # (an E with its arms washed out reads "L" to both), so agreement proves nothing there.
    glare_cap: float = 0.6
    # Strokes the cut lost (``TileImage.lost_strokes``: a blurred serif E cut as its stem,
    # read I, or as F): both engines read that glyph, so neither is sure of it.
    lost_cap: float = 0.6
    # A die letter whose glyph is under die_min_px source pixels on its longer side keeps
    # at most die_tiny_cap: on dice photos shrunk to 12-16 px per die, a lost stroke made
    # an L a bar read as I at 0.93-0.94 (2.0 x 5.2 and 2.8 x 6.8 px) and an E an F that
    # both engines agreed on (5.2 px); letters are about 5 px tall at 12 px per die
    # (tools.synth boggle-classic/boggle-big seeds 3000-3007 scaled to 12, 16 and 20 px).
    die_min_px: float = 7.0
    die_tiny_cap: float = 0.5
    # A die read as several letters that no die shows (``dice.MULTI_FACES``: Qu, and Super
    # Big Boggle's An, Er, He, In, Th) keeps at most no_face_cap: a Qu die on 14 px tiles,
    # its tail lost, read "OU" at 0.95 with Tesseract agreeing (benchmarks/stress.py 98100,
    # boggle-big 98102 shrunk to 14 px a tile).
    no_face_cap: float = 0.5
    # A die read as V whose other engine also reads it as A the other way up: an A has a
    # crossbar, a V upside down none. With no row in the lower part of the would-be A
    # (crossbar_band, from its apex) filled to crossbar_fill between its outer strokes
    # (glyphs.crossbar_fill), the A is ruled out. Measured on the dice looks (tools.synth,
    # seeds 13000-13012): every A 1.0, upside-down V's 0.72-0.81.
    crossbar_band: tuple[float, float] = (0.45, 0.85)
    crossbar_fill: float = 0.92
    # ...and the other way: a die read as V whose glyph is under v_min_px source pixels on
    # its longer side is at most v_cap where an A the other way up is not ruled out so (a
    # row of that band is solid: a counter blurred shut). On 20 px dice an upside-down A,
    # its counter and bar a 9 px blot, read V at 0.95 with both engines agreeing
    # (benchmarks/stress.py 98200, boggle-classic 98202, tile20). On boggle-classic/-big
    # 99100-99139 and 99300-99339, also shrunk to 16-24 px tiles (tuned on), every A read
    # V was under 11 px (and unsure), and most right V's under 11 px measure 0.9-1.0 as
    # such an A does: those are unsure now. Larger V's mostly measure 0.70-0.86, but a
    # right V of 20 px measured 1.0 (99323): over all sizes the rule cost 2 boards of 120.
    v_min_px: float = 11.0
    # ...and under v_bar_min_px no missing bar rules the A out: at 20 px a die, a serif A
    # upside down lost its bar whole and read V at 0.95, both engines agreeing (stress
    # 91500 boggle-big 91501 and 99100 boggle-big 99112, tile20: 9.4 px glyphs). Shrunk so,
    # 60 trays of 99100-99129 (both dice looks) lost 5 right V's to unsure for that one A.
    v_bar_min_px: float = 10.0
    # From v_min_px up, the would-be A is ruled out unless a row solid between its strokes
    # (crossbar_fill) lies in v_bar_band (shares of its height from its apex): as high as
    # an A's bar, where a V's notch still parts its strokes. On 45 px dice a bold A upside
    # down, its counter blurred shut, read V at 0.95 (benchmarks/stress.py 101400,
    # boggle-classic 101400 r3c3: first solid row 0.24 of the V's height from its top).
    # Measured on 300 dice trays (tools.synth seeds 90700, 90100, 99100, 99300, 100000):
    # A's read V have their first solid row 0.24-0.33 from the V's top, right V's 0.52 and
    # lower (their strokes meet there); this band is 0.15-0.42.
    v_bar_band: tuple[float, float] = (0.58, 0.85)
    # ...looked for also in the fainter ink, v_faint_ink of the tile's contrast or more
    # away from its face colour: a brightened serif A on its side (stress 101200,
    # boggle-big 101200 + gamma0.5, r1c3) kept its thick diagonal and parts of its thin
    # one and its bar, read V at 0.95; at that level its bar is a solid row (1.0). Right
    # V's on the 300 trays: at most 0.87 at 0.4, up to 0.97 at 0.3.
    v_faint_ink: float = 0.4
    v_cap: float = 0.6
    # An I has matching ends: a serifed I's serifs are alike and a sans I is one bar. A
    # glyph whose top and bottom i_end_band of rows span widths of which the narrower is
    # under i_ends of the wider (glyphs.EndShape.alike) is no I, and the matcher's I is dropped
    # (a blurred DejaVu Serif T, its crossbar thin and its foot serifed, matched I better
    # than T: 0.49 against 0.28, and Tesseract's T only made it 0.7). Measured on the dice
    # looks (tools.synth boggle-classic/-big seeds 3000-3019 and 95000-95019, every glyph
    # the matcher lists I for): 107 I's 0.895-1.0, 147 T's 0.23-0.54. The ends are judged
    # on the anti-aliased picture and on the cut's glyph, and unlike in either is no I: a
    # T on its side blurred by 4 % of its pitch kept its crossbar in the glyph only (paler
    # than half the contrast), and its stem and foot alone read I at 0.87, the matcher
    # alone (benchmarks/stress.py 91500, boggle-big 91501). On 380 dice trays (99100-99159
    # and 99300-99359 of both dice looks, photos 90100-90139 and 90700-90729) no tile
    # changed.
    i_end_band: float = 0.15
    i_ends: float = 0.75
    # ...nor a glyph whose ends stand out to one side of its stem by i_lean of its height
    # and i_lean_px or more beyond what they do to the other (glyphs.EndShape.lean): an I's
    # serifs stand out alike on both sides, a J's hook and a serif J's top serif to one.
    # A serif J on its side blurred by 4 % of its pitch had ends 0.78-0.89 alike across
    # and read I at 0.85, the matcher alone (benchmarks/stress.py 91600, boggle-big 91601,
    # r1c1: 9 px of 75 in the cut's glyph). On the dice looks (tools.synth boggle-classic/
    # -big 90700-90729, 99100-99159, photos 90100-90139; every glyph the matcher lists I
    # for, either picture) 370 I's leaned 0-0.083 of their height and 21 J's 0.12-0.26.
    i_lean: float = 0.1
    i_lean_px: int = 3
    # Where the I ruled out was the matcher's best letter, its runners-up stay under
    # i_runner_up of agree_first_conf: noise of sd 35 on a Boggle tray left specks that
    # widened one end of a serif I (0.53-0.71 alike across); its I (0.88-0.91) was ruled
    # out, and its J (0.17) agreed with Tesseract's weak J (0.52) to a sure J
    # (benchmarks/stress.py 91900, boggle-big + noise35, r4c5).
    i_runner_up: float = 0.5
    # A die left unsure is cut again with the cut's low ink threshold at faint_ink of the
    # contrast (CutConfig.ink_low_frac is 0.35): the thin strokes of a blurred serif face
    # (an E's middle arm, an S's spine) then stay in the glyph. Where that cut reads the
    # same letter surely, the die takes that reading; an unsure one changes nothing. None:
    # no second cut. Measured on tools.synth boggle-classic/-big 95000-95019 (820 dice,
    # every die cut both ways): the fainter cut read 8 unsure dice surely and rightly and
    # none surely wrong (it reads some A's as V, unsure). benchmarks/ocr.py unsure dice
    # 18 -> 11 there, 5 -> 4 on 95500-95519 and 33 -> 24 on the serif trays of 95540-95639
    # (not tuned on), none wrong. Another letter stands too where the fainter cut only
    # adds strokes to the first (``_gained_strokes``): its ink holds the first cut's but
    # for faint_kept of it, and it has every counter the first has (filled, an A is a V).
    # The first cut had lost those strokes: a turned serif T's thin crossbar (read L), an
    # O's thin sides (C), an M's diagonal (N), an E's bottom arm (F). On boggle-classic/-big
    # 99100-99159 and 99300-99359 (240 boards, tuned on), 8 dice read so, all right; none
    # wrong; the fainter cut held every pixel of the first cut's ink in all of them.
    # Only on a quiet face, though (``_face_noise``, the noise of the die's face in source
    # pixels as a share of the contrast, at most faint_noise): on a noisy one the fainter
    # cut's strokes may be noise joined to the letter (benchmarks/stress.py 98100,
    # boggle-classic 98102 with noise of sd 35: a T read "I-" unsure became a sure L; its
    # face measured 0.040, the dice above 0.0-0.011).
    faint_ink: float | None = 0.25
    faint_kept: float = 0.02
    faint_noise: float = 0.02
    # A die still unsure after that is cut once more with both ink thresholds raised to
    # bold_ink, and so is an unsure letter of a flat board that no line crosses, at the
    # board's turn (CutConfig.ink_frac, ink_low_frac: 0.45 and 0.35): blur joins what is apart
    # at the cut's thresholds (an underline to its N or Z, the u of a Qu to its Q, a G's
    # mouth or an S's ends to its spine, making a counter no letter has), and the stricter
    # cut parts them. It may break a thin stroke as well (an A's crossbar: V; an H's: "II";
    # a serif E's arms: I), so its reading stands only where it is sure, one letter (or
    # Qu), keeps every stroke (no ink of the first cut farther than bold_reach of the
    # glyph's height from the stricter cut's ink, over bold_lost of that height or more:
    # a stroke, where blur's bridges are short), and names the first reading's letter, or
    # a candidate of it, or a letter whose underline the stricter cut parted from it; where
    # the first cut's glyph has a counter the stricter cut's has not (an A's, lost with its
    # crossbar; blur's, opened), only the first reading's letter or the letter the first
    # glyph reads best with counters not counted (a G whose mouth blur shut reads D or O
    # with them, G without). Measured on tools.synth boggle-classic/-big 99100-99139 with
    # every die cut both ways: the stricter cut read surely wrong only an A as V (a counter
    # lost) and an H as "II" (two characters), both kept out by those rules.
    bold_ink: tuple[float, float] | None = (0.6, 0.5)
    bold_reach: float = 0.1
    bold_lost: float = 0.15
    # ...nor where it names the first reading's best letter and the first reading had a
    # runner-up bold_tie of it or more: the stricter cut thins every stroke, a small one
    # most, so it favours the plainer of two letters told apart by a hook or a tail. A
    # SpellCast board at 14 px per tile read as dice (a few letters fitting better turned)
    # had a J torn between I 0.66 and J 0.62; thinner, its hook read I at 0.87 (stress
    # 116300, spellcast-arrows 116303 + tile14 and desktop14, r3c1). Of the 31 dice the
    # recuts settled on boggle-classic/-big 116600-116639 and 116700-116711 at 14 and 20
    # px per die, the first reading's runner-up was at most 0.33 of its best.
    bold_tie: float = 0.5


TINY_NOTE = "the letters are only a few pixels tall: zoom in on the board or crop closer"


def calibrated(
    score: float, margin: float, config: RecognizeConfig, *, digit: bool = False
) -> float:
    """The calibrated confidence of a reading with best score ``score`` and ``margin``
    over the best other class (see ``RecognizeConfig``); ``digit`` for point values."""
    if digit:
        bias, w_score, w_margin = config.value_calib
    else:
        bias, w_score, w_margin = config.calib_bias, config.calib_score, config.calib_margin
    z = bias + w_score * score + w_margin * margin
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def masked_confidence(lead: float, config: RecognizeConfig) -> float:
    """The confidence of a letter read around a drawn line that leads the next letter by
    ``lead`` on the visible cells (see ``RecognizeConfig.masked_margin``)."""
    at = math.log(config.threshold / (1.0 - config.threshold))
    z = at + config.masked_slope * (lead - config.masked_margin)
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def recognize_tiles(
    tiles: Sequence[TileImage],
    *,
    config: RecognizeConfig | None = None,
    engines: Sequence[Recognizer] | None = None,
    threshold: float | None = None,
    cut: CutConfig | None = None,
) -> tuple[TileReading, ...]:
    """Read every tile (``cut``: the config the tiles were cut with, for dice cut again
    fainter, ``RecognizeConfig.faint_ink``): the first engine (default: the template
    matcher) reads all tiles; tiles it is unsure of (and multi-letter tiles, see
    ``tesseract_all_multi``) go to the other engines (default: Tesseract when installed)
    in one batch, with dice turned upright.

    Agreement and disagreement move the confidence as likelihood ratios (see
    ``RecognizeConfig``). When Tesseract is wanted but missing, unsure tiles carry a note
    saying how to install it, or ``MissingDependencyError`` is raised if
    ``config.tesseract == "required"``.
    """
    from assistant.errors import MissingDependencyError
    from assistant.recognize.glyphs import turn_tile
    from assistant.recognize.matcher import ALL_TURNS, TemplateRecognizer

    cfg = config or RecognizeConfig()
    limit = cfg.threshold if threshold is None else threshold
    primary: Recognizer = engines[0] if engines else TemplateRecognizer(config=cfg)
    tiles = [_rayed(tile, cfg) for tile in tiles]
    first = primary.recognize(tiles)
    # Tiles under a line cut a second way (``TileImage.opaque``, then ``undone``).
    # What the cut taking a see-through line as opaque lists, by tile (``maybe_rim``).
    opaque_read: dict[int, set[str]] = {}
    for picks in ([t.opaque for t in tiles], [t.undone for t in tiles]):
        other = [(i, t) for i, t in enumerate(picks) if t is not None]
        if other:
            again = primary.recognize([t for _, t in other])
            for (i, _), cands in zip(other, again, strict=True):
                if picks[i] is tiles[i].opaque:
                    opaque_read[i] = {c.label for c in cands}
                first[i] = _both_ways(first[i], cands, cfg, limit)
    first = [_ends_unlike_i(tile, cands, cfg) for tile, cands in zip(tiles, first, strict=True)]
    read: list[ValueRead] = [ValueRead(None, 1.0)] * len(tiles)
    if isinstance(primary, ValueReader):
        read = primary.read_values(tiles)
    ask = [
        i
        for i, (tile, cands) in enumerate(zip(tiles, first, strict=True))
        if not tile.blank
        and cands
        and (cands[0].confidence < limit or (cfg.tesseract_all_multi and is_multi(cands[0].label)))
    ]
    second: list[list[Candidate]] = [[] for _ in tiles]
    engine_names = [primary.name] * len(tiles)
    note = ""
    others: list[Recognizer] = list(engines[1:]) if engines else []
    installed: list[bool] = []  # tesseract.available(), asked at most once

    def tesseract_available() -> bool:
        from assistant.recognize import tesseract

        if not installed:
            installed.append(tesseract.available())
        return installed[0]

    if ask and not others and cfg.tesseract != "never":
        # Imported only for unsure tiles or values (most reads have none): ~2 ms.
        from assistant.recognize import tesseract

        if tesseract_available():
            others = [tesseract.TesseractRecognizer()]
        elif cfg.tesseract == "required":
            raise MissingDependencyError(
                f"{len(ask)} tile(s) need a second opinion but tesseract-ocr is not installed",
                hint=tesseract.INSTALL_HINT,
            )
        else:
            note = f"{tesseract.MISSING_NOTE}: {tesseract.INSTALL_HINT}"
    # Dice: the engines' errors are most alike at the matcher's own turn (an A with its
    # counter blurred shut is a V upside down to both), so the second engine also reads
    # each unsure die at the other three turns, unless an underline fixes the turn.
    dice = any(c and c[0].turn != 0 for c in first)
    lines = [
        (i, (first[i][0].turn + k) % 4)
        for i in ask
        for k in (ALL_TURNS if dice and tiles[i].underline is None else (0,))
    ]
    elsewhere: list[list[tuple[int, Candidate]]] = [[] for _ in tiles]
    for engine in others:
        upright = [turn_tile(tiles[i], turn) for i, turn in lines]
        for (i, turn), cands in zip(lines, engine.recognize(upright), strict=True):
            if not cands:
                continue
            if turn == first[i][0].turn:
                second[i] = cands
                engine_names[i] = f"{primary.name}+{engine.name}"
            else:
                elsewhere[i].append((turn, cands[0]))
    for i, found in enumerate(elsewhere):
        if found and first[i][0].label == "V":
            elsewhere[i] = [
                (k, c) for k, c in found if not (c.label == "A" and _a_ruled_out(tiles[i], k, cfg))
            ]
    combined = [
        (
            _combine(first[i], second[i], cfg, limit, elsewhere[i], tiles[i].faint_line)
            if second[i]
            else first[i]
        )
        or [Candidate("", 0.0)]
        for i in range(len(tiles))
    ]
    if dice and isinstance(primary, QuReader):
        for i in ask:
            qu = _joined_qu(primary, tiles[i], first[i], second[i], elsewhere[i], cfg)
            if qu is not None:
                combined[i] = [qu, *(_doubted(c, cfg) for c in first[i] if c.label != "QU")]
                engine_names[i] = qu.engine
    combined = _unconfused(first, second, combined, cfg)
    inked = [i for i, tile in enumerate(tiles) if not tile.blank]
    failing = [i for i in inked if combined[i][0].confidence < limit]
    if inked and len(failing) >= cfg.failing_share * len(inked):
        for i in inked:
            own = first[i][0].confidence if first[i] else 0.0
            if second[i] and combined[i][0].confidence > own:
                combined[i] = [replace(c, confidence=min(c.confidence, own)) for c in combined[i]]
    values = check_values(tiles, read, cfg)
    doubted = value_doubts(tiles, read, cfg)
    ask_values = [
        i
        for i, (value, conf) in enumerate(values)
        if value is not None and conf < limit and i not in doubted
    ]
    reader: NumberReader | None = next((e for e in others if isinstance(e, NumberReader)), None)
    if reader is None and not others and ask_values and cfg.tesseract != "never":
        from assistant.recognize import tesseract

        reader = tesseract.TesseractRecognizer() if tesseract_available() else None
    if reader is not None and ask_values:
        pictures = [_value_picture(tiles[i]) for i in ask_values]
        for i, answer in zip(ask_values, reader.read_numbers(pictures), strict=True):
            tiny = value_px(tiles[i]) < cfg.value_agree_min_px
            values[i] = _second_value(read[i], values[i], answer, cfg, may_lift=not tiny)
    # As read, before the same letter's values vouch for them or doubt them.
    heard = _failing_values(tiles, values, cfg, limit)
    values = same_letter_values(
        values,
        [c[0].label if c[0].confidence >= limit else None for c in combined],
        cfg,
        threshold=limit,
    )
    values = _failing_values(tiles, values, cfg, limit)
    readings = []
    for i, tile in enumerate(tiles):
        cands = combined[i]
        tiny = tile.glyph_box is not None and tile.glyph_box.h * tile.scale < cfg.multi_min_px
        faint = tile.blank and tile.contrast >= cfg.faint_contrast
        if faint:
            cands = [replace(c, confidence=min(c.confidence, cfg.faint_blank_cap)) for c in cands]
        if tile.glare or tile.misplaced or tile.clipped:
            cands = [replace(c, confidence=min(c.confidence, cfg.glare_cap)) for c in cands]
        if tile.lost_strokes and (dice or not tile.lost_by_value):
            cands = [replace(c, confidence=min(c.confidence, cfg.lost_cap)) for c in cands]
            if not dice:
                cands = _hyphened(cands, tile.faint_hyphens)[: cfg.max_candidates]
        elif tile.lost_strokes and _characters(cands[0].label) > 1:
            # Faint ink the board's value explains (``lost_by_value``) explains no pieces
            # read as characters of their own: they may be one letter whose faint strokes
            # were lost. A blurred U whose bowl a value zone misplaced at the bottom
            # painted read II at 0.85 (benchmarks/stress.py 107000, wordament-wood + blur4%).
            cands = [replace(c, confidence=min(c.confidence, cfg.lost_cap)) for c in cands]
        if tiny and is_multi(cands[0].label):
            cands = [replace(c, confidence=min(c.confidence, cfg.multi_tiny_cap)) for c in cands]
        tiny_die = dice and _size_px(tile) < cfg.die_min_px
        if tiny_die:
            cands = [replace(c, confidence=min(c.confidence, cfg.die_tiny_cap)) for c in cands]
        if dice and _characters(cands[0].label) > 1 and cands[0].label not in MULTI_FACES:
            cands = [replace(c, confidence=min(c.confidence, cfg.no_face_cap)) for c in cands]
        if tile.overdrawn or _small_and_torn(tile, first[i], cfg):
            # A line was taken out: a second engine reads the same damaged picture, so its
            # agreement is no evidence of its own (it agreed on L for E, S for F, T for I,
            # Z for T on the SpellCast arrows look) and lifts nothing; nor on a glyph a
            # few pixels tall the matcher is torn on (``agree_min_px``).
            own = first[i][0].confidence if first[i] else 0.0
            cands = [replace(c, confidence=min(c.confidence, own)) for c in cands]
        if tile.overdrawn and not tile.blank:
            if all(not c.label for c in cands):
                cands = _letters_under_line(primary, tile, cfg) or cands
            elif cands[0].confidence < limit and len(cands) < cfg.max_candidates:
                # ...and one whose glyph was read but not surely lists them too, after its own.
                cands = _with_buried(cands, _letters_under_line(primary, tile, cfg), cfg)
        if tile.overdrawn and not (first[i] and first[i][0].around_line):
            # A letter read whole under a removed line (not read around it: several
            # characters, a die): trusted only at a raw confidence of 0.97, and never
            # when another letter differs from it only under the line.
            cands = [replace(c, confidence=c.confidence * cfg.overdrawn_factor) for c in cands]
            cands = _hidden_rivals(primary, tile, cands, cfg)
        if tile.cut_off is not None and not tile.overdrawn:
            # The stroke the value's zone cut off is unknown, as under a line: a letter that
            # differs from the one read only there (O and Q) leaves the tile unsure.
            cands = _hidden_rivals(primary, _cut_off_as_line(tile, tile.cut_off), cands, cfg)
        best = cands[0]
        value, value_conf = values[i]
        unsure_crossed = tile.overdrawn and bool(best.label) and best.confidence < limit
        around, seen = _seen_around_line(primary, tile, cfg) if unsure_crossed else ((), 0.0)
        readings.append(
            TileReading(
                row=tile.row,
                col=tile.col,
                label=best.label,
                confidence=best.confidence,
                candidates=tuple((c.label, round(c.confidence, 4)) for c in cands),
                value=value,
                value_confidence=value_conf,
                engine=engine_names[i],
                turn=best.turn,
                tiny=tiny,
                around_line=around,
                around_seen=seen,
                unlisted=tuple(c.label for c in cands if c.unlisted),
                buried=tile.ringed,
                maybe_rim=tile.line_hued
                or tile.rings_dot
                or not RIM_READS & opaque_read.get(i, RIM_READS),
                note=(
                    TINY_NOTE
                    if tiny_die and best.confidence < limit
                    else note
                    if (i in ask and best.confidence < limit)
                    else ""
                ),
            )
        )
    settled = _settled_by_copies(primary, tiles, readings, cfg, limit)
    if not dice:
        # ...what the board's copies of a letter left unsure read from the tile's colours.
        settled = _by_partition(primary, tiles, settled, cfg, limit)
    settled = _vouched_by_sure_letters(settled, heard, limit)
    from assistant.cut import CutConfig

    base = cut or CutConfig()
    if not dice:
        # A flat board's unsure letters a line does not cross: the stricter cut only, at
        # the board's own turn (Open Sans ExtraBold blurred on 30 px SpellCast tiles, an
        # E's notches and a D's corners shut: spellcast-discord 122612, 122918).
        if cfg.bold_ink is None:
            return settled
        high, low = cfg.bold_ink
        bolder = replace(base, ink_frac=high, ink_low_frac=low)
        return _read_again(tiles, settled, cfg, engines, limit, bolder, _parted_by_blur, flat=True)
    if cfg.faint_ink is not None:
        fainter = replace(base, ink_low_frac=cfg.faint_ink)
        settled = _read_again(tiles, settled, cfg, engines, limit, fainter, _gained_strokes)
    if cfg.bold_ink is not None:
        high, low = cfg.bold_ink
        bolder = replace(base, ink_frac=high, ink_low_frac=low)
        settled = _read_again(tiles, settled, cfg, engines, limit, bolder, _parted_by_blur)
    return tuple(_v_or_a(tile, rd, cfg) for tile, rd in zip(tiles, settled, strict=True))


def _vouched_by_sure_letters(
    readings: tuple[TileReading, ...], heard: Sequence[tuple[int | None, float]], limit: float
) -> tuple[TileReading, ...]:
    """``readings`` whose value ``same_letter_values`` lifted or doubted for its letter
    (read sure then) back at the confidence the value was read at (``heard``), where the
    letter ended unsure: what the board's other tiles of that letter print says nothing of
    a tile that may show another letter. A junk value read at 0.00001 beside a gold S
    under an arrow's dot, the S read P, rose to 0.9 for matching another P's 4, and stayed
    when the P was doubted (benchmarks/stress.py 92100, spellcast-arrows + tile200: its
    printed 2 read 4); a J whose hook a line hid, read I, had its clear 7 (read at 0.96)
    doubted for the I's 1, and kept it doubted when the I was (spellcast-arrows 129539
    r0c2: I 0.6, J 0.54)."""
    out = list(readings)
    for i, (rd, (_, conf)) in enumerate(zip(readings, heard, strict=True)):
        if rd.confidence < limit and (conf < limit) != (rd.value_confidence < limit):
            out[i] = replace(rd, value_confidence=conf)
    return tuple(out)


Accept = Callable[["TileImage", TileReading, "TileImage", TileReading, RecognizeConfig], bool]


def _read_again(
    tiles: Sequence[TileImage],
    readings: tuple[TileReading, ...],
    cfg: RecognizeConfig,
    engines: Sequence[Recognizer] | None,
    limit: float,
    recut: CutConfig,
    accept: Accept,
    *,
    flat: bool = False,
) -> tuple[TileReading, ...]:
    """Unsure tiles no line crosses cut again with ``recut`` and read at any turn (dice),
    or upright (a ``flat`` board's, but for those whose cut left faint strokes out: cut
    again, the strokes are lost from sight, and the doubt with them; a Q whose tail ran
    into its 8 on 20 px tiles, unsure between O and Q, read Q surely, benchmarks/stress.py
    92600, spellcast-discord 92600 + tile20, r3c3): where that reading is sure, one letter
    (or Qu) and ``accept`` (the tile and reading before, the tile and reading again)
    holds, it stands (see ``RecognizeConfig.faint_ink`` and ``bold_ink``)."""
    from assistant.cut import cut_tile

    redo = [
        i
        for i, (tile, rd) in enumerate(zip(tiles, readings, strict=True))
        if rd.label
        and rd.confidence < limit
        and not (tile.blank or tile.crossed or (flat and tile.lost_strokes))
    ]
    if not redo:
        return readings
    again = [
        cut_tile(tiles[i].crop, None, tiles[i].row, tiles[i].col, recut, scale=tiles[i].scale)
        for i in redo
    ]
    changed = [
        (i, tile)
        for i, tile in zip(redo, again, strict=True)
        if not tile.blank and not np.array_equal(tile.glyph, tiles[i].glyph)
    ]  # the same glyph reads the same: not read again
    if not changed:
        return readings
    # Read again alone, the unsure dice would be a board unsure for the most part, where
    # a second engine's agreement lifts nothing (``failing_share``): that is the whole
    # board's measure, taken once.
    inked = [rd for tile, rd in zip(tiles, readings, strict=True) if not tile.blank]
    unsure = sum(1 for rd in inked if rd.confidence < limit)
    failing = cfg.failing_share if unsure >= cfg.failing_share * len(inked) else math.inf
    turns: Literal["upright", "any"] = "upright" if flat else "any"
    once = replace(cfg, rotations=turns, faint_ink=None, bold_ink=None, failing_share=failing)
    out = list(readings)
    seen = recognize_tiles([t for _, t in changed], config=once, engines=engines, threshold=limit)
    for (i, tile), rd in zip(changed, seen, strict=True):
        one = _characters(rd.label) == 1  # a die's letter: "II" is an H's broken bar
        if one and rd.confidence >= limit and accept(tiles[i], readings[i], tile, rd, cfg):
            out[i] = replace(
                rd, value=readings[i].value, value_confidence=readings[i].value_confidence
            )
    return tuple(out)


def _gained_strokes(
    tile: TileImage, before: TileReading, again: TileImage, after: TileReading, cfg: RecognizeConfig
) -> bool:
    """Whether the fainter cut's reading ``after`` of a die stands against ``before`` (see
    ``RecognizeConfig.faint_ink``): it names the first reading's letter, or the fainter
    cut only added strokes to the first cut's glyph (its ink holds all of the first's but
    ``faint_kept``, and no counter of the first was filled)."""
    from assistant.recognize.glyphs import holes

    if after.label == before.label:
        return True
    if _face_noise(tile) > cfg.faint_noise:
        return False
    first, fainter = _ink(tile), _ink(again)
    outside = int(np.count_nonzero(first & ~fainter))
    if outside > cfg.faint_kept * max(int(np.count_nonzero(first)), 1):
        return False
    return holes(again.glyph) >= holes(tile.glyph)


def _parted_by_blur(
    tile: TileImage, before: TileReading, again: TileImage, after: TileReading, cfg: RecognizeConfig
) -> bool:
    """Whether the stricter cut's reading ``after`` of a die stands against ``before`` (see
    ``RecognizeConfig.bold_ink``)."""
    from assistant.recognize.glyphs import holes, lost_reach

    if _characters(after.label) > _characters(before.label):
        return False
    if lost_reach(_ink(tile), _ink(again), cfg.bold_reach) >= cfg.bold_lost:
        return False
    cands = before.candidates
    if after.label == cands[0][0] and len(cands) > 1 and cands[1][1] >= cfg.bold_tie * cands[0][1]:
        return False  # a near tie: thinner strokes favour the plainer letter (I over J)
    parted = again.underline is not None and tile.underline is None
    if holes(again.glyph) < holes(tile.glyph) and not parted:
        return after.label in (before.label, _best_without_holes(tile, cfg))
    listed = {label for label, _ in before.candidates}
    return after.label == before.label or after.label in listed or parted


def _best_without_holes(tile: TileImage, cfg: RecognizeConfig) -> str:
    """The template matcher's best reading of ``tile`` at any turn with counters not
    counted (``hole_penalty`` 0): the letter its strokes are, whatever blur shut."""
    from assistant.recognize.matcher import TemplateRecognizer

    blind = TemplateRecognizer(config=replace(cfg, hole_penalty=0.0, rotations="any"))
    cands = blind.recognize([tile])[0]
    return cands[0].label if cands else ""


def _characters(label: str) -> int:
    """How many characters a tile label has (a Qu is one face)."""
    return 1 if label == "QU" else len(label)


def _face_noise(tile: TileImage) -> float:
    """The noise of a tile's face around its letter, in source-image pixels (the crop
    shrunk by its ``scale``): the robust spread (1.4826 MAD) of what a 3x3 median leaves
    on the face pixels of the crop's middle three fifths, away from the glyph, as a share
    of the tile's contrast; 0.0 where too little face shows to measure."""
    crop = tile.crop if tile.crop.ndim == 2 else cv2.cvtColor(tile.crop, cv2.COLOR_BGR2GRAY)
    h, w = crop.shape
    size = (max(8, round(w * tile.scale)), max(8, round(h * tile.scale)))
    small = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    glyph = cv2.resize(tile.glyph, size, interpolation=cv2.INTER_AREA)
    face = cv2.dilate(glyph, np.ones((3, 3), np.uint8)) == 0
    sw, sh = size
    middle = np.zeros_like(face)
    middle[sh // 5 : sh - sh // 5, sw // 5 : sw - sw // 5] = True
    rest = small.astype(np.float32) - cv2.medianBlur(small, 3).astype(np.float32)
    seen = rest[face & middle]
    if seen.size < 16 or tile.contrast <= 0:
        return 0.0
    spread = 1.4826 * float(np.median(np.abs(seen - np.median(seen))))
    return spread / tile.contrast


def _ink(tile: TileImage) -> npt.NDArray[np.bool_]:
    """The tile's glyph and underline pixels."""
    ink = tile.glyph > 0
    if tile.underline is not None:
        u = tile.underline
        ink[u.y : u.y1, u.x : u.x1] = True
    return ink


def _both_ways(
    seen: list[Candidate], hidden: list[Candidate], cfg: RecognizeConfig, limit: float
) -> list[Candidate]:
    """One tile under a line read two ways (``TileImage.opaque`` and ``undone``): ``seen``
    as the cut took the line (with the blend undone for ``opaque``, around it for
    ``undone``), ``hidden`` the other way. Where both name the same letter, the surer
    reading stands; where they differ, ``seen``, and never sure (at most ``hidden_cap``,
    the other's letter listed) when the other reading is sure (at ``limit``) of its own,
    unless ``seen`` names no letter (``_names_no_letter``) and ``hidden`` was read around
    the line: then ``hidden`` stands."""
    if not seen or not hidden:
        return seen or hidden
    if seen[0].label == hidden[0].label:
        return seen if seen[0].confidence >= hidden[0].confidence else hidden
    if hidden[0].confidence < limit:
        return seen
    if _names_no_letter(seen[0], limit) and hidden[0].around_line:
        # The line cut the letter into pieces that this cut reads as several characters
        # (or none), unsure: it names no letter, so it speaks against none; the other
        # cut's reading around the line stands, with its own guards (an N under a
        # see-through red arrow read "FJ" with the blend undone, N at 1.0 around it).
        listed = {c.label for c in hidden}
        return [*hidden, *(c for c in seen if c.label not in listed)]
    out = [replace(c, confidence=min(c.confidence, cfg.hidden_cap)) for c in seen]
    if hidden[0].label not in {c.label for c in out}:
        out.append(replace(hidden[0], confidence=min(hidden[0].confidence, cfg.hidden_cap)))
    return out


def _names_no_letter(reading: Candidate, limit: float) -> bool:
    """Whether ``reading``, the best of a tile a line crosses, names no one letter: unsure,
    and either empty or several characters read whole (not around the line; Qu is one
    tile)."""
    if reading.confidence >= limit or reading.around_line:
        return False
    return not reading.label or (len(reading.label) > 1 and reading.label != "QU")


def _settled_by_copies(
    engine: Recognizer,
    tiles: Sequence[TileImage],
    readings: Sequence[TileReading],
    cfg: RecognizeConfig,
    limit: float,
) -> tuple[TileReading, ...]:
    """Unsure letters that drawn lines cross, settled by the board's clean letters where
    every letter they may be (within ``ExemplarConfig.rivals`` of the best, read around
    the line) shows clean on the board (``recognize.exemplars``), else with every letter
    competing (``_alphabet_cut``); then sure O's and I's under a line checked for a hidden
    tail or hook (``_hanging_hidden``). Unsure letters no line was found over are settled
    the same way, nothing hidden (``_unsure_uncrossed``)."""
    from assistant.recognize.exemplars import BoardFonts
    from assistant.recognize.matcher import TemplateRecognizer, is_letter

    if not isinstance(engine, TemplateRecognizer):
        return tuple(readings)
    lined = [
        i
        for i, (tile, rd) in enumerate(zip(tiles, readings, strict=True))
        if tile.overdrawn and tile.line is not None and rd.turn == 0
    ]
    crossed = [i for i in lined if readings[i].confidence < limit]
    uncrossed = _unsure_uncrossed(tiles, readings, limit)
    if not lined and not uncrossed:
        return tuple(readings)
    tiles = [uncrossed.get(i, tile) for i, tile in enumerate(tiles)]
    crossed += sorted(uncrossed)
    copies: dict[str, TileImage] = {}
    read_clean: list[tuple[str, TileImage]] = []
    for tile, rd in zip(tiles, readings, strict=True):
        clean = not (tile.blank or tile.crossed or tile.lost_strokes)
        one = len(rd.label) == 1 and rd.label.isalpha()
        if clean and one and rd.confidence >= limit and rd.turn == 0:
            read_clean.append((rd.label, tile))
    # Copies are printed like most of the board's letters: not a bonus tile's gold letter.
    usual = float(np.median([t.contrast for _, t in read_clean])) if read_clean else 0.0
    for label, tile in read_clean:
        if tile.contrast >= cfg.exemplars.copy_contrast * usual:
            copies.setdefault(label, tile)
    fonts = BoardFonts(copies, cfg.exemplars)  # the board's font, looked for at most once
    classes = engine.glyph_classes
    letters = [k for k, c in enumerate(classes) if is_letter(c)]
    out = list(readings)
    for i in crossed:
        # The tile as the cut took its line, and its other cut (a see-through line taken
        # as hiding all it covers, or its blend undone): each is settled on its own
        # visible pixels, and a letter stands only where no cut settles another, nor
        # (taking the line as opaque) finds it too hidden to tell from a rival.
        cuts = [(c, engine.masked_scores(c)) for c in _cuts_of(tiles[i])]  # read once each
        listed = [_one_class(x) for x, _ in readings[i].candidates]
        verdicts = [_settle_cut(c, m, engine, letters, copies, fonts, cfg, listed) for c, m in cuts]
        found = _one_letter(verdicts)
        if found is None:  # the whole alphabet, where the rivals settle nothing
            verdicts = [_alphabet_cut(c, m, engine, copies, fonts, cfg) for c, m in cuts]
            found = _one_letter(verdicts)
        seen_other = readings[i].label != found
        if found and seen_other and tiles[i].seen_through and verdicts[0] is None:
            # Only the cut taking a see-through line as opaque settles it, while the cut
            # seeing through reads another letter best: what shows beneath speaks against
            # it. An O's right side under a red line, seen through, read O; taken as
            # opaque, every letter competing settled G (spellcast-arrows 116126 r3c3, held
            # out), and its 1 was replaced by G's 3. Cost on 900 boards (114500-114699,
            # 113100-113299, 112000-112199, 110100-110399): 4 right letters unsure (an E,
            # a D, two O's), 3 boards, none wrong. So among the rivals: a gold E two lines
            # crossed, seen through, read E best; as opaque, B against E settled B on 63
            # of the 68 pixels telling them apart, and its 5 went with B's 4 (stress
            # 117400, spellcast-arrows 117405 + tilt12, r4c4).
            found = None
        if found is None:
            continue
        if found == "Q":
            found = "QU"  # a Q glyph's tile label, as the matcher's (the game's rule follows)
        sure = cfg.exemplars.confidence
        cap = cfg.exemplars.rest_share * limit
        rest = tuple((c, min(p, cap)) for c, p in readings[i].candidates if c != found)
        settled = ((found, sure), *rest)
        out[i] = replace(readings[i], label=found, confidence=sure, candidates=settled)
    read_sure = [i for i in lined if i not in crossed]  # read sure by the templates
    if read_sure:  # ...another letter hidden? (the drawn copies are the board's: drawn once)
        every = fonts.with_drawn(tiles[read_sure[0]])
        own = frozenset(copies)
        for i in read_sure:
            out[i] = _rival_hidden(tiles[i], out[i], every, cfg, limit, own=own)
    for i in lined:  # read or settled sure as O or I: a Q or J whose tail a line hid?
        out[i] = _hanging_hidden(tiles[i], out[i], copies, fonts, cfg, limit)
        out[i] = _tail_by_line(tiles[i], out[i], cfg, limit)  # ...or the reverse
    return tuple(out)


def _unsure_uncrossed(
    tiles: Sequence[TileImage], readings: Sequence[TileReading], limit: float
) -> dict[int, TileImage]:
    """The unsure tiles of one letter (or none) that no line was found over, each as a tile
    crossed by an empty line in the board's ``letter_box``, for ``_settled_by_copies`` to
    settle as it settles a crossed letter: a SpellCast bonus tile's gold letter at low
    contrast, a letter with a line's pale remnant beside it. The checks are those of a
    crossed letter with every pixel in sight: the letter must be read best by the
    templates too, fit its copy closely, account for the tile's ink and be told from
    every other letter. Not a tile something may hide part of unmarked (obstructed,
    glare, faint strokes lost): its letter would be taken as the pieces shown. Session
    17, tools.synth spellcast-arrows tiles unsure, before -> after: 3000-3099 (tuned on)
    63 -> 57; 99500-99599 63 -> 61; 98500-98559 41 -> 38; 97100-97199 69 -> 66; no tile
    wrong that was not. With those tiles in: 54, 57, 37 and 64, none wrong, kept out
    all the same. Eleven other looks (132 boards from seed 77300): unchanged."""
    from assistant.cut import letter_box

    # The box the cut took for its crossed tiles (with the reader's CutConfig), else the
    # same measure taken here (a board no line crosses).
    box = next((t.letter_box for t in tiles if t.letter_box is not None), None)
    box = box if box is not None else letter_box(tiles)
    if box is None:
        return {}
    found: dict[int, TileImage] = {}
    for i, (tile, rd) in enumerate(zip(tiles, readings, strict=True)):
        if rd.confidence >= limit or rd.turn != 0 or tile.blank:
            continue
        if tile.crossed or tile.glare or tile.lost_strokes:
            continue  # part of the letter may be hidden or lost where nothing marks it
        if len(rd.label) > 1 and rd.label != "QU":
            continue  # several characters read whole: not one letter
        found[i] = replace(
            tile, line=np.zeros_like(tile.glyph), letter_box=box, opaque=None, undone=None,
            seen_through=False,
        )  # fmt: skip
    return found


def _one_letter(verdicts: Sequence[str | None]) -> str | None:
    """The letter the cuts of a tile settle: one letter, and no cut vetoing ("")."""
    found_by = {v for v in verdicts if v is not None}
    if len(found_by) != 1 or "" in found_by:
        return None
    return next(iter(found_by))


def _alphabet_cut(
    cut: TileImage,
    masked: MaskedScores | None,
    engine: TemplateRecognizer,
    copies: dict[str, TileImage],
    fonts: BoardFonts,
    cfg: RecognizeConfig,
) -> str | None:
    """The letter one cut of a crossed tile is settled as among every letter
    (``exemplars.settle_alphabet``, the letters without a clean copy drawn in the shipped
    font nearest the board's, within ``alphabet_font_fit``); None where it settles
    nothing; "" where a letter and another differ only under the line (the tile stays
    unsure whatever another cut says). The letter must also be one read best around the
    line by the shipped templates (``masked``, the cut's ``masked_scores``, within
    ``ExemplarConfig.alphabet_rivals``): a font drawn for the board is not the board's
    own, and two ways of reading that agree are needed."""
    from assistant.recognize.exemplars import settle_alphabet
    from assistant.recognize.matcher import is_letter

    # Beyond alphabet_font_fit no font: a letter without a clean copy cannot be had, and
    # nothing is settled.
    fitting = fonts.within(cfg.exemplars.alphabet_font_fit) is not None
    pool = fonts.with_drawn(cut) if fitting else copies  # (drawn once per board)
    verdict = settle_alphabet(cut, pool, None, cfg.exemplars)
    if verdict.hidden:
        return ""
    classes = engine.glyph_classes
    if verdict.letter is None or masked is None or verdict.letter not in classes:
        return None  # (a letter the templates lack cannot be read best by them)
    top = max(float(masked.scores[k]) for k, c in enumerate(classes) if is_letter(c))
    mine = float(masked.scores[classes.index(verdict.letter)])
    if mine < top - cfg.exemplars.alphabet_rivals:
        return None
    # Another letter than the one read best around the line: only where the tile sides
    # with it on drawn_agree of the pixels that tell it from each other letter, as a drawn
    # copy settles another rival (``_settled_by_font``). A B whose waist a see-through
    # arrow's tip filled, the line taken as opaque, settled as D at agree 0.9 (not 0.95);
    # read around the line, B led (spellcast-arrows 87022, held out).
    if mine < top and not verdict.agrees(cfg.exemplars.drawn_agree):
        return None
    # ...and so where the board's own copy wins against letters drawn for it
    # (``_own_against_drawn``).
    if _own_against_drawn(verdict.letter, pool, copies, cut) and not verdict.agrees(
        cfg.exemplars.drawn_agree
    ):
        return None
    return verdict.letter


def _own_against_drawn(
    letter: str, among: Collection[str], copies: Collection[str], tile: TileImage
) -> bool:
    """Whether ``letter``, settled among ``among``, is one of the board's own ``copies``
    and some rival was drawn in a shipped font: the board's copy shares the tile's font
    and rendering everywhere, so where the letters differ by little in sight it wins for
    that alone, and the tile must side with it on ``ExemplarConfig.drawn_agree`` against
    every rival (as a drawn letter picked over the best reading must). spellcast-arrows
    103995 r2c4 and 104006 r5c3 (held out; two confident wrong tiles in 200 boards): a P
    whose bowl a line hid settled as the board's F, the drawn P weighed 0.86 against it;
    an O whose right side a line hid, as the board's C (a drawn O 0.90 against it, the
    board's D 0.94 in the whole alphabet). On that range no right letter was lost; on
    102800-103199 and 103800-103959 nine and three right letters were left unsure, their
    rivals weighed 0.83-0.94 against them: no measure told them from the wrong two. Only
    on a ``tile`` a line hides part of: with every pixel in sight (an unsure letter no
    line was found over, ``_unsure_uncrossed``) the letters differ where they show (a gold
    A on a bonus tile, spellcast-arrows 3056 r3c3, was lost to it)."""
    hidden = tile.line is not None and bool(tile.line.any())
    return hidden and letter in copies and any(other not in copies for other in among)


def _shows_no_tail(
    cut: TileImage,
    letter: str,
    twin: str,
    copies: dict[str, TileImage],
    font: BoardFont | None,
    below: int,
    cfg: RecognizeConfig,
) -> bool:
    """``exemplars.shows_no_tail`` on one cut of a tile, with the board's clean copies of
    ``letter`` and ``twin``, else copies drawn in ``font``; False when one cannot be had."""
    from assistant.recognize.exemplars import drawn_copy, shows_no_tail

    pair: dict[str, TileImage] = {}
    for name in (letter, twin):
        copy = copies.get(name) or (drawn_copy(font, name, cut) if font else None)
        if copy is None:
            return False
        pair[name] = copy
    return shows_no_tail(cut, letter, twin, pair, cfg.exemplars, below)


# A letter and the letters that are it with one stroke more (an E's lower arm, an R's leg,
# a G's bar, a Q's tail): what blur takes away from the fuller one, it takes for both
# engines alike.
FULLER: dict[str, tuple[str, ...]] = {
    "F": ("E",),
    "L": ("E",),
    "P": ("R", "B"),
    "C": ("G",),
    "O": ("Q",),
}


def _hanging_hidden(
    tile: TileImage,
    reading: TileReading,
    copies: dict[str, TileImage],
    fonts: BoardFonts,
    cfg: RecognizeConfig,
    limit: float,
) -> TileReading:
    """``reading`` (an O or I under a removed line, read or settled sure) capped at
    ``hidden_cap`` with the hanging letter listed (``HANGING``: Q, J) where a line runs
    in the band below the board's letters (``hang_depth`` of their height) and a cut of
    the tile does not show face where the other letter's tail would hang
    (``exemplars.shows_no_tail``, with the board's clean copies, else drawn in the shipped
    font nearest the board's letters; a board with too few clean letters to find one
    keeps the reading). The letters are read framed at the capitals' height, so a Q whose
    tail a line hid reads as an O, and a J whose hook it hid as an I. Where the cut saw
    through the line (``TileImage.seen_through``: darker over the letter's strokes inside
    the stroke, not along its outer edge), what shows beneath it is evidence, and that cut
    alone says; its other cut, the line taken as opaque, hides the tail by construction.
    Session 35, spellcast-arrows 110900-111099 (fresh), this and ``CutConfig.see_value``
    together: 149 -> 154 exact boards (two O's under see-through lines no longer unsure
    beside Q; an R, a P and an E under lines over their values read too), none lost, no
    tile wrong."""
    twin = HANGING.get(reading.label)
    box = tile.letter_box
    if twin is None or reading.confidence < limit or box is None or tile.line is None:
        return reading
    h, w = tile.line.shape
    depth = round(cfg.hang_depth * box.h)
    below = tile.line[box.y1 - 1 : min(box.y1 + depth, h), max(box.x, 0) : min(box.x1, w)]
    if not below.any():
        return reading  # where a tail would hang the face shows: none hangs there
    font = fonts.nearest  # however near: it only ever makes a tile unsure
    if font is None and not (reading.label in copies and twin in copies):
        return reading  # too few clean letters to know the board's font: nothing to lay
    cuts = [tile] if tile.seen_through else _cuts_of(tile)
    if all(_shows_no_tail(cut, reading.label, twin, copies, font, depth, cfg) for cut in cuts):
        return reading
    return _capped_beside(reading, twin, cfg)


def _tail_by_line(
    tile: TileImage, reading: TileReading, cfg: RecognizeConfig, limit: float
) -> TileReading:
    """``reading`` (a Q under a removed line, read or settled sure) capped at
    ``hidden_cap`` beside O where the glyph's ink hanging below the board's letters lies by
    the line (``RecognizeConfig.tail_line_share`` of it within ``tail_line_reach``
    pixels): that "tail" may be the line's own rim, kept as ink beside it."""
    box = tile.letter_box
    if reading.label not in ("Q", "QU") or reading.confidence < limit:
        return reading
    if box is None or tile.line is None:
        return reading
    top = max(box.y1 + round(cfg.exemplars.tail_top * box.h), 0)
    hanging = tile.glyph[top:] > 0
    n = int(np.count_nonzero(hanging))
    if n == 0:
        return reading
    size = 2 * cfg.tail_line_reach + 1
    near = cv2.dilate(tile.line, np.ones((size, size), np.uint8))[top:] > 0
    if np.count_nonzero(hanging & near) < cfg.tail_line_share * n:
        return reading
    return _capped_beside(reading, "O", cfg)


def _capped_beside(reading: TileReading, rival: str, cfg: RecognizeConfig) -> TileReading:
    """``reading`` capped at ``hidden_cap``, ``rival`` listed next (a little below it)."""
    cap = min(reading.confidence, cfg.hidden_cap)
    named = "QU" if rival == "Q" else rival  # a Q glyph's tile label (the game's rule follows)
    rest = tuple(
        (c, min(p, cap)) for c, p in reading.candidates if c not in (reading.label, rival, named)
    )
    cands = ((reading.label, cap), (named, round(cap * 0.9, 4)), *rest)
    return replace(reading, confidence=cap, candidates=cands[: max(cfg.max_candidates, 2)])


def _rival_hidden(
    tile: TileImage,
    reading: TileReading,
    every: dict[str, TileImage],
    cfg: RecognizeConfig,
    limit: float,
    own: Collection[str] = (),
) -> TileReading:
    """``reading`` (a letter under a line the templates read sure) capped at ``hidden_cap``
    with a rival listed where the tile, as cut, shows too little to tell it from another
    letter (``exemplars.hidden_rival``; ``every``: the board's clean copies, the other
    letters drawn in the shipped font nearest the board's, however near: it only ever
    makes a tile unsure). An E whose arms a gold arrowhead hid was read L at 0.84 (spellcast-arrows
    97174, a range not tuned on). Only the tile as cut: its other cut (a see-through line
    taken as opaque) hides more, and there 20-28 right letters per 100 boards were made
    unsure. Session 17, tools.synth spellcast-arrows: 3000-3099 (tuned on) no change;
    99500-99599, 98500-98559 and 97100-97199, 4 right letters made unsure (an E whose
    bottom arm an arrowhead hid, F listed; a C, G listed; a T, Y; a U, B), 97174's L
    gone. The O's Q and I's J are left to ``_hanging_hidden``: here they made 4 O's
    under lines below them unsure that it finds no tail under. Session 18: also where the
    tile, in sight, sides with the other letter as the whole alphabet would settle it
    (``alphabet_agree`` of the weighed margins): an L whose foot a teal line hid was read
    I at 0.89, the stem's ends in sight siding with L wholly (97181). On the four ranges
    above and eleven other looks (132 boards from seed 77300), that tile alone changed;
    the right letters it would have made unsure sided with a rival on 0.5-0.64 (at 0.5,
    8 were lost on 97100-97199 and 98500-98559). ``own``: the letters whose copies in
    ``every`` are the board's own (``hidden_rival`` weighs a see-through line's undone
    face by it)."""
    from assistant.recognize.exemplars import hidden_rival

    label = reading.label
    if reading.confidence < limit or len(label) != 1 or not label.isalpha():
        return reading
    # The hanging letter (an O's Q, an I's J) has its own check (``_hanging_hidden``).
    alphabet = cfg.exemplars.alphabet()
    rival = hidden_rival(tile, label, every, alphabet, skip=HANGING.get(label, ""), own=own)
    return reading if rival is None else _capped_beside(reading, rival, cfg)


def _settle_cut(
    cut: TileImage,
    masked: MaskedScores | None,
    engine: TemplateRecognizer,
    letters: Sequence[int],
    copies: dict[str, TileImage],
    fonts: BoardFonts,
    cfg: RecognizeConfig,
    listed: Sequence[str] = (),
) -> str | None:
    """The letter one cut of a crossed tile is settled as by the board's clean ``copies``
    (or the board's font, ``fonts.fitting``), read around the line as ``masked`` (its
    ``masked_scores``), None where it settles nothing, or "" where it vetoes every letter
    (``_settled_by_copies``). The letters the tile's reading ``listed`` ahead of the one
    settled must be told from it too."""
    from assistant.recognize.exemplars import settling

    if masked is None:
        return None
    classes = engine.glyph_classes
    order = sorted(letters, key=lambda k: -float(masked.scores[k]))
    top = float(masked.scores[order[0]])
    near = top - cfg.exemplars.rivals
    rivals = [classes[k] for k in order if float(masked.scores[k]) >= near]
    verdict = settling(cut, rivals, copies, cfg.exemplars)
    if verdict.hidden and not cut.seen_through:
        # With the line taken as hiding all it covers, the letters differ only under it:
        # what a cut undoing its blend sees there does not settle them. An E's bottom arm
        # under a see-through red line, lost again where the blend was undone, was
        # settled as F at 0.9 (spellcast-arrows 72501).
        return ""
    letter = verdict.letter
    ranked = [classes[k] for k in order]
    if letter is None:
        letter = _settled_by_font(cut, ranked, rivals, copies, fonts.fitting, cfg)
    if letter is None:
        return None
    # A letter the reading lists ahead of the one settled, left out of the rivals, was
    # never compared with it: an O whose see-through line's dark edge hung below it like
    # a tail read QU and P to the templates, O first to the reading (its tail may be
    # hidden), and Q was settled against P alone (benchmarks/stress.py 118600,
    # spellcast-arrows 118604 + jpeg60, r4c5).
    ahead = list(dict.fromkeys(listed))
    ahead = ahead[: ahead.index(letter)] if letter in ahead else ahead
    unseen = [x for x in ahead if x not in rivals and x in classes]
    if unseen and not _told_from(cut, letter, unseen, ranked, copies, fonts, cfg, draw=True):
        return None
    if masked.visible >= cfg.masked_min_visible:
        return letter
    # Where the line left less than masked_min_visible of the letter's frame the masked
    # scores say less: the letters within twice the reach that have a clean copy must be
    # told apart too. A gold U under a gold line at low contrast (0.26 visible) scored
    # 0.14 under J, and J was settled against V alone at 0.9 (benchmarks/stress.py 76000,
    # spellcast-arrows 76001); J and U differ only under the line.
    far = top - 2 * cfg.exemplars.rivals
    further = [
        classes[k] for k in order if near > float(masked.scores[k]) >= far and classes[k] in copies
    ]
    if not further:
        return letter
    # Drawn in the board's font only where that was looked for already (the letter was
    # settled with no clean copy of its own).
    told = _told_from(cut, letter, further, ranked, copies, fonts, cfg, draw=fonts.looked_for)
    return letter if told else None


def _told_from(
    cut: TileImage,
    letter: str,
    others: Sequence[str],
    ranked: Sequence[str],
    copies: dict[str, TileImage],
    fonts: BoardFonts,
    cfg: RecognizeConfig,
    *,
    draw: bool,
) -> bool:
    """Whether ``cut`` settles ``letter`` again among itself and ``others``: by the board's
    clean ``copies``, else (where ``draw``) with the letters they lack drawn in the board's
    font (``_settled_by_font``, ``ranked`` best first around the line)."""
    from assistant.recognize.exemplars import settle

    check = [letter, *others]
    again = settle(cut, check, copies, cfg.exemplars)
    if again is None and draw:
        again = _settled_by_font(cut, ranked, check, copies, fonts.fitting, cfg)
    return again == letter


def _cuts_of(tile: TileImage) -> list[TileImage]:
    """A tile a line crosses as the cut took its line, then its other cut when it has one
    with a line (``TileImage.opaque`` or ``undone``)."""
    others = (tile.opaque, tile.undone)
    return [tile, *(t for t in others if t is not None and t.overdrawn and t.line is not None)]


def _settled_by_font(
    tile: TileImage,
    ranked: Sequence[str],
    rivals: Sequence[str],
    copies: dict[str, TileImage],
    font: BoardFont | None,
    cfg: RecognizeConfig,
) -> str | None:
    """The letter read best around the line (``ranked[0]``), confirmed where the board's
    clean letters cannot settle it: the ``rivals`` (at least the two best letters) that
    have no clean copy on the board are drawn in the board's ``font``
    (``exemplars.drawn_copy``) and the tile settled among them as with the board's own
    copies. A drawn copy is not the board's own letter: it confirms the best letter
    around the line, and picks another of the ``rivals`` only where the tile sides with
    it on ``ExemplarConfig.drawn_agree`` of the pixels that tell them apart; None when
    nothing is settled. Where the best letter leads every other by ``rivals`` (no rival),
    the two best are settled with the board's own copies of both even when no shipped font
    fits the board, and only the best can be confirmed."""
    from assistant.recognize.exemplars import drawn_copy, settling

    if len(ranked) < 2:
        return None
    among = list(rivals) if len(rivals) >= 2 else list(ranked[:2])
    drawn = dict(copies)
    for letter in among:
        if letter not in drawn:
            if font is None:
                return None
            copy = drawn_copy(font, letter, tile)
            if copy is None:
                return None
            drawn[letter] = copy
    verdict = settling(tile, among, drawn, cfg.exemplars)
    found = verdict.letter
    if found is None:
        return None
    if _own_against_drawn(found, among, copies, tile) and not verdict.agrees(
        cfg.exemplars.drawn_agree
    ):
        return None
    if found == ranked[0]:
        return found
    # Another letter than the best around the line: only one of its rivals (within
    # ``rivals`` of the best), and only where the copies side with it on drawn_agree of
    # the pixels that tell them apart.
    if len(rivals) < 2 or found not in rivals:
        return None
    return found if verdict.agrees(cfg.exemplars.drawn_agree) else None


def _ink_near(tile: TileImage, box: Box, share: float) -> Mask:
    """The tile's pixels inside ``box`` more than ``share`` of its contrast away from its
    face colour (255), all else 0: its ink down to that faintness."""
    crop = tile.crop.astype(np.float32)
    far = np.linalg.norm(crop - np.asarray(tile.face_bgr, np.float32), axis=2)
    ink = np.zeros(far.shape, np.uint8)
    window = (slice(max(box.y, 0), box.y1), slice(max(box.x, 0), box.x1))
    ink[window] = (far[window] > share * tile.contrast).astype(np.uint8) * 255
    return ink


def _by_partition(
    engine: Recognizer,
    tiles: Sequence[TileImage],
    readings: Sequence[TileReading],
    cfg: RecognizeConfig,
    limit: float,
) -> tuple[TileReading, ...]:
    """Unsure one-letter readings of tiles a line crosses settled by the colour partition
    (``recognize.partition``), a letter read sure that a guard of ``_settled_by_copies``
    left unsure (another letter may hide under the line) among them: the partition ties
    letters that differ only under an opaque line, and tells those a see-through line
    shows (a W read V, guarded at 0.6, W first by 0.36: spellcast-arrows 129031 r0c2;
    session 50, 400 boards: +2 boards, none wrong). Where it ranks the reading's own
    letter first, ahead of every other letter asked by ``PartitionConfig.lift_gap``, the
    reading is sure at ``lift_confidence``; where it ranks another letter first by
    ``adopt_gap``, that letter is read at ``adopt_confidence`` (the reading's listed after
    it). Asked: the letters listed for the tile and the masked read's ``partition_masked``
    best. Not for what may be a start mark's ring (``TileImage.ringed``, ``rings_dot``,
    ``line_hued``, ``TileReading.buried``: a dot's dark rim left out of the line splits
    the colours as an O or a C would: a green dot over an E read C at 0.9, spellcast-arrows
    103995 r0c3) nor a tile whose letter is hidden whole (``obstructed``)."""
    from assistant.recognize.matcher import TemplateRecognizer, assemble_label

    pcfg = cfg.partition
    if pcfg is None or not isinstance(engine, TemplateRecognizer):
        return tuple(readings)
    ask = [
        i
        for i, (tile, rd) in enumerate(zip(tiles, readings, strict=True))
        if tile.overdrawn
        and not (tile.blank or tile.obstructed or tile.ringed or tile.rings_dot)
        and not (tile.line_hued or rd.buried)
        and rd.confidence < limit
        and rd.turn == 0
        and len(_one_class(rd.label)) == 1
    ]
    if not ask:
        return tuple(readings)
    reader = _partition_reader(engine, pcfg)
    out = list(readings)
    for i in ask:
        rd = readings[i]
        letters = [_one_class(c) for c, _ in (*rd.candidates, *rd.around_line)]
        masked = engine.masked_scores(tiles[i])
        if masked is not None:
            classes = engine.glyph_classes
            order = np.argsort(-masked.scores)
            letters += [classes[k] for k in order[: cfg.partition_masked]]
        letters = [c for c in letters if len(c) == 1 and c.isalpha() and c.isupper()]
        scored = reader.scores(tiles[i], letters)
        if len(scored) < 2:
            continue
        (found, fit), (_, next_fit) = scored[:2]
        lead = fit - next_fit
        if found == _one_class(rd.label) and lead >= pcfg.lift_gap:
            sure = max(rd.confidence, pcfg.lift_confidence)
        elif found != _one_class(rd.label) and lead >= pcfg.adopt_gap:
            sure = pcfg.adopt_confidence
        else:
            continue
        label = assemble_label([found])[0]
        out[i] = replace(
            rd,
            label=label,
            confidence=sure,
            candidates=((label, sure), *((c, p) for c, p in rd.candidates if c != label)),
        )
    return tuple(out)


def _one_class(label: str) -> str:
    """The template class of a one-letter label (the Q tile's label is "QU"), else the
    label."""
    return "Q" if label == "QU" else label


_PARTITION: dict[PartitionConfig, tuple[object, PartitionReader]] = {}


def _partition_reader(engine: TemplateRecognizer, cfg: PartitionConfig) -> PartitionReader:
    """The partition reader of ``engine``'s letter templates, laid out once per process
    (per set of templates and config)."""
    templates = engine.letter_templates()
    held = _PARTITION.get(cfg)
    if held is None or held[0] is not templates:
        held = (templates, PartitionReader(templates, cfg))
        _PARTITION[cfg] = held
    return held[1]


def _rayed(tile: TileImage, cfg: RecognizeConfig) -> TileImage:
    """An overdrawn tile whose glyph the cut lost with a line in its letter's colour, read
    around the line's strokes told by their shape (``rays.line_rays``): the ink where the
    letters sit beside them is the glyph (``_buried``), the strokes the line. Any other
    tile as it is."""
    if cfg.rays is None or not tile.overdrawn or tile.blank or tile.glyph_box is not None:
        return tile
    if tile.letter_box is None or tile.line is None:
        return tile
    band = line_rays(tile.line, tile.letter_box, cfg.rays)
    if band is None:
        return tile
    return _buried(replace(tile, line=band, obstructed=False), cfg, without=band) or tile


def _buried(
    tile: TileImage, cfg: RecognizeConfig, *, without: Mask | None = None
) -> TileImage | None:
    """An overdrawn tile whose glyph the cut lost, with its glyph the ink (``buried_ink`` of
    the tile's contrast or more away from its face colour) inside where the board's letters
    sit, but for ``without`` (255 there); None without a line, such a place or ink there."""
    from assistant.geometry import mask_box

    box = tile.letter_box
    if box is None or tile.line is None:
        return None
    ink = _ink_near(tile, box, cfg.buried_ink)
    if without is not None:
        ink[without > 0] = 0
    if not ink.any():
        return None
    seen = mask_box(ink)
    return replace(tile, glyph=ink, glyph_box=seen, glyph_boxes=(seen,), alpha=ink)


def _letters_under_line(
    engine: Recognizer, tile: TileImage, cfg: RecognizeConfig
) -> list[Candidate]:
    """The letters an overdrawn tile whose glyph the cut lost may show (``_buried``), read
    around the removed line (``TemplateRecognizer.masked_scores``), best first, at
    ``buried_cap`` times their masked score. Empty when there is nothing to read, or too
    little of it in sight (``buried_min_visible`` of the letter's frame)."""
    from assistant.recognize.matcher import TemplateRecognizer, is_letter

    buried = _buried(tile, cfg)
    if not isinstance(engine, TemplateRecognizer) or buried is None:
        return []
    masked = engine.masked_scores(buried)
    if masked is None or masked.visible < cfg.buried_min_visible:
        return []
    classes = engine.glyph_classes
    letters = [k for k, c in enumerate(classes) if is_letter(c)]
    letters.sort(key=lambda k: -float(masked.scores[k]))
    return [
        Candidate(
            classes[k],
            round(cfg.buried_cap * max(float(masked.scores[k]), 0.0), 4),
            engine=engine.name,
            around_line=True,
        )
        for k in letters[: cfg.max_candidates]
    ]


def _seen_around_line(
    engine: Recognizer, tile: TileImage, cfg: RecognizeConfig
) -> tuple[tuple[tuple[str, float], ...], float]:
    """Every letter's masked score on ``tile``, a tile a removed line crossed (the glyph
    compared with the letter only outside the line: ``TemplateRecognizer.masked_scores``),
    best first, and the share of the letter's frame in sight; nothing where the engine or
    the tile allows no such comparison. Where the cut lost the glyph, what lies in the
    letter's place (``_buried``) is what shows: the letters listed from it fit alike, and a
    printed value must settle among them as beside any line (a P a red line joined to the
    tile's corner went with the line; Q, Y, D and T fit its place within 0.012, and its
    sure 4 read Y at 0.9, spellcast-arrows 125739 r1c1)."""
    from assistant.recognize.matcher import TemplateRecognizer, assemble_label, is_letter

    if not isinstance(engine, TemplateRecognizer):
        return (), 0.0
    if not tile.glyph.any():
        buried = _buried(tile, cfg)
        if buried is None:
            return (), 0.0
        tile = buried
    masked = engine.masked_scores(tile)
    if masked is None:
        return (), 0.0
    scored = [
        (assemble_label([c])[0], round(float(masked.scores[k]), 4))
        for k, c in enumerate(engine.glyph_classes)
        if is_letter(c)
    ]
    return tuple(sorted(scored, key=lambda s: -s[1])), masked.visible


def _with_buried(
    cands: list[Candidate], buried: list[Candidate], cfg: RecognizeConfig
) -> list[Candidate]:
    """``cands`` (best first) with the ``buried`` letters they do not list in the places
    left of ``max_candidates``, each at most as sure as the last of ``cands``."""
    listed = {c.label for c in cands}
    floor = cands[-1].confidence
    extra = [
        replace(c, confidence=min(c.confidence, floor)) for c in buried if c.label not in listed
    ]
    return [*cands, *extra][: max(cfg.max_candidates, len(cands))]


# What the dark rim of the mark at a path's start reads as, left as the glyph: a ring. A
# see-through line's dark outline round its start dot, taken for ink seen through it, was
# kept with the E inside it: O at 0.39, settled O by its 1 (spellcast-arrows 113285 r1c1).
# A start ring's dark outline, too dark for a hue, seen through as ink round a hidden I:
# O at 0.5 where the opaque cut read J and I, settled O by its 1 (benchmarks/stress.py
# 115700, spellcast-arrows 115704 + dark, r3c3).
RIM_READS = frozenset("O")
# Letters that look the same after a half turn: read at turn t, they may as well be at t + 2.
HALF_TURN_SAME = frozenset("HINOSXZ")
QUARTER_TURN_SAME = frozenset("OX")
# The chance that a die lies at any one of its four turns.
DIE_TURN = 0.25


def picture_turn(
    readings: Sequence[TileReading], config: RecognizeConfig | None = None, *, tray: bool = False
) -> int:
    """The counter-clockwise quarter turns (1-3) that make the whole picture upright, or 0:
    when at least ``picture_turn_min_read`` tiles were read surely and at least
    ``picture_turn_share`` of those whose letter changes under a half turn (not
    ``HALF_TURN_SAME``) were upright only at one and the same turn, and at least
    ``picture_turn_agree`` of all the tiles read surely agree with it, the picture itself
    is turned, not its tiles (dice lie every way). A board that looks like a dice ``tray``
    needs at least ``picture_turn_tray`` telling letters, so many of them at one turn
    that random dice would lie so at most as often as all of ``picture_turn_tray`` do,
    and every tile read surely but those that dissent to agree."""
    cfg = config or RecognizeConfig()
    read = [t for t in readings if t.label and t.confidence >= cfg.threshold]
    telling = [t for t in read if t.label not in HALF_TURN_SAME]
    if len(read) < cfg.picture_turn_min_read or len(telling) < cfg.picture_turn_min_read // 2:
        return 0
    if tray and len(telling) < cfg.picture_turn_tray:
        return 0
    votes = [0, 0, 0, 0]
    for t in telling:
        votes[t.turn % 4] += 1
    turn = max((1, 2, 3), key=lambda k: votes[k])
    if tray:
        chance = _at_least(votes[turn], len(telling), DIE_TURN)
        if chance > DIE_TURN**cfg.picture_turn_tray:
            return 0
        dissent = len(telling) - votes[turn]
        return turn if _agreeing(read, turn) + dissent >= len(read) else 0
    if votes[turn] < cfg.picture_turn_share * len(telling):
        return 0
    return turn if _agreeing(read, turn) >= cfg.picture_turn_agree * len(read) else 0


def _agreeing(read: Sequence[TileReading], turn: int) -> int:
    """How many of the tiles ``read`` are upright at ``turn`` (``upright_at``)."""
    return sum(1 for t in read if upright_at(t, turn))


def _at_least(k: int, n: int, p: float) -> float:
    """The chance of at least ``k`` successes in ``n`` trials of chance ``p`` each."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def upright_at(reading: TileReading, turn: int) -> bool:
    """Whether ``reading``'s letter is upright at ``turn`` as read: at its own turn, or
    opposite it for a letter the same under a half turn, or at any for O and X."""
    if reading.label in QUARTER_TURN_SAME:
        return True
    period = 2 if reading.label in HALF_TURN_SAME else 4
    return (reading.turn - turn) % period == 0


def _cut_off_as_line(tile: TileImage, cut_off: Mask) -> TileImage:
    """``tile`` with the ink its value's zone ``cut_off`` taken as a line over it, the
    letter framed as it lay before the cut (glyph and what was cut off)."""
    from assistant.geometry import mask_box

    whole = mask_box((tile.glyph > 0) | (cut_off > 0))
    return replace(tile, line=cut_off, letter_box=whole)


def _hidden_rivals(
    engine: Recognizer, tile: TileImage, cands: list[Candidate], cfg: RecognizeConfig
) -> list[Candidate]:
    """``cands`` capped at ``hidden_cap`` with the letters added that differ from the best
    only where a removed line ran (see ``RecognizeConfig.hidden_margin``)."""
    best = cands[0]
    if not isinstance(engine, LineReader) or best.turn != 0 or not best.label:
        return cands
    rivals = engine.hidden_rivals(tile, best.label)
    if not rivals:
        return cands
    capped = [replace(c, confidence=min(c.confidence, cfg.hidden_cap)) for c in cands]
    listed = {c.label for c in capped}
    extra = [
        Candidate(r, min(best.confidence, cfg.hidden_cap) * 0.9, engine=engine.name)
        for r in rivals
        if r not in listed
    ]
    return (capped[:1] + extra + capped[1:])[: max(cfg.max_candidates, 2)]


def _joined_qu(
    engine: QuReader,
    tile: TileImage,
    first: Sequence[Candidate],
    second: Sequence[Candidate],
    elsewhere: Sequence[tuple[int, Candidate]],
    cfg: RecognizeConfig,
) -> Candidate | None:
    """A die's Qu face whose u blur joined to the Q's tail: one piece, which no template
    fits (read P or B, unsure). When the second engine reads QU at one quarter turn (at
    least ``agree_second_conf``) and nothing else at any other, and the matcher, cutting
    the piece at its neck at that turn, finds both a Q and a u there (each at least
    ``agree_min_score``), the two engines agree: QU at ``agree_confidence``."""
    if len(tile.glyph_boxes) != 1 or not first or first[0].label == "QU":
        return None
    seen = [(first[0].turn, second[0])] if second else []
    seen += list(elsewhere)
    qu = [(k, c) for k, c in seen if c.label == "QU" and c.confidence >= cfg.agree_second_conf]
    rest = [c for _, c in seen if c.label != "QU" and c.confidence >= cfg.second_min_conf]
    if len(qu) != 1 or rest:
        return None
    turn, other = qu[0]
    q, u = engine.qu_scores(tile, turn)
    if min(q, u) < cfg.agree_min_score:
        return None
    name = f"{first[0].engine}+{other.engine}" if first[0].engine else other.engine
    return Candidate("QU", cfg.agree_confidence, min(q, u), turn, name)


def _bar_missing(
    tile: TileImage, turn: int, cfg: RecognizeConfig, band: tuple[float, float] | None = None
) -> bool:
    """Whether the tile's glyph, turned by ``turn``, cannot be an A: no row of its lower
    part (``band``, by default ``RecognizeConfig.crossbar_band``) is solid between the
    strokes (see ``RecognizeConfig.crossbar_fill``); False for an empty glyph."""
    from assistant.cut import face_tilt
    from assistant.recognize.glyphs import crossbar_fill, straighten

    picture = tile.alpha if tile.alpha is not None else tile.glyph
    if not picture.any():
        return False
    tilt = face_tilt(tile)  # a die lying askew: its rows are the letter's rows once undone
    if abs(tilt) >= cfg.min_tilt:
        picture = straighten(picture, -tilt, binary=False)
    return crossbar_fill(picture, turn, band or cfg.crossbar_band) < cfg.crossbar_fill


def _bar_missing_high(tile: TileImage, a_turn: int, cfg: RecognizeConfig) -> bool:
    """From ``v_min_px`` up: no row solid between the strokes as high as an A's bar
    (``v_bar_band``) at ``a_turn``, in the glyph or in its fainter ink (``v_faint_ink``)."""
    if _size_px(tile) < cfg.v_min_px:
        return False
    box = tile.glyph_box
    faint = (
        tile.glyph if box is None else np.maximum(_ink_near(tile, box, cfg.v_faint_ink), tile.glyph)
    )
    return all(
        _bar_missing(seen, a_turn, cfg, cfg.v_bar_band)
        for seen in (tile, replace(tile, alpha=faint))
    )


def _a_ruled_out(tile: TileImage, a_turn: int, cfg: RecognizeConfig) -> bool:
    """Whether a second engine's A at ``a_turn``, for a die the matcher reads as V, is
    ruled out by its missing bar: in the lower part of the would-be A (``crossbar_band``),
    or, from ``v_min_px`` up, as high as an A's bar (``_bar_missing_high``: the evidence
    that lets the matcher's V through ``_v_or_a`` uncapped rules out the other engine's A
    too; boggle-classic 117541, a bold V upside down on 37 px dice: Tesseract's A at 0.96
    held the V at 0.70)."""
    return _bar_missing(tile, a_turn, cfg) or _bar_missing_high(tile, a_turn, cfg)


def _v_or_a(tile: TileImage, reading: TileReading, cfg: RecognizeConfig) -> TileReading:
    """A die read as V (``reading``) at most at ``v_cap`` with A listed next, where an A
    lying the other way up is not ruled out by its missing bar (``_bar_missing`` at the
    opposite turn): under ``v_bar_min_px`` never, under ``v_min_px`` in the lower part of
    the would-be A, and from ``v_min_px`` up as high as an A's bar (``v_bar_band``), in
    the glyph or in its fainter ink (``v_faint_ink``); any other reading as it is."""
    if reading.label != "V":
        return reading
    a_turn = (reading.turn + 2) % 4
    if _bar_missing_high(tile, a_turn, cfg):
        return reading
    if cfg.v_bar_min_px <= _size_px(tile) < cfg.v_min_px and _bar_missing(tile, a_turn, cfg):
        return reading
    level = min(reading.confidence, cfg.v_cap)
    second = level * 0.9  # A, and every other letter at most that
    rest = tuple((c, min(p, second)) for c, p in reading.candidates if c not in ("V", "A"))
    cands = (("V", round(level, 4)), ("A", round(second, 4)), *rest)
    return replace(reading, confidence=level, candidates=cands[: max(cfg.max_candidates, 2)])


def _ends_unlike_i(
    tile: TileImage, cands: list[Candidate], cfg: RecognizeConfig
) -> list[Candidate]:
    """``cands`` without an I whose glyph has ends unlike across (``RecognizeConfig.i_ends``,
    ``i_lean``) at its turn, in the anti-aliased picture or in the cut's glyph; an I that
    was the only reading stays, at confidence and score 0, so that no second engine's
    agreement lifts it, and one that was the best is listed last so (``i_runner_up``).
    Tiles something crosses keep theirs (the line or glare may have taken part of an
    end)."""
    from assistant.recognize.glyphs import end_shape

    if tile.blank or tile.crossed or not any(c.label == "I" for c in cands):
        return cands
    pictures = [p for p in (tile.alpha, tile.glyph) if p is not None]

    def unlike_i(picture: Mask, turn: int) -> bool:
        ends = end_shape(picture, turn, cfg.i_end_band)
        leaning = ends.lean >= cfg.i_lean_px and ends.lean >= cfg.i_lean * ends.height
        return leaning or ends.alike < cfg.i_ends

    unlike = {
        c.turn for c in cands if c.label == "I" and any(unlike_i(p, c.turn) for p in pictures)
    }
    if not unlike:
        return cands
    kept = [c for c in cands if c.label != "I" or c.turn not in unlike]
    if not kept:
        return [replace(c, confidence=0.0, score=0.0) for c in cands]
    if cands[0].label == "I" and cands[0].turn in unlike:
        # The runners-up to the best letter ruled out are no opinion of the matcher's own:
        # only a second engine sure by itself lifts one (``i_runner_up``), and the I is
        # still listed, last, at confidence and score 0 (what ruled it out may be noise).
        cap = cfg.i_runner_up * cfg.agree_first_conf
        ruled_out = replace(cands[0], confidence=0.0, score=0.0)
        return [*(replace(c, confidence=min(c.confidence, cap)) for c in kept), ruled_out]
    return kept


def _small_and_torn(tile: TileImage, first: Sequence[Candidate], cfg: RecognizeConfig) -> bool:
    """Whether the glyph is under ``agree_min_px`` tall and the matcher does not lean
    clearly to its best reading (``agree_tiny_first``, ``agree_tiny_rival``)."""
    if tile.glyph_box is None or tile.glyph_box.h * tile.scale >= cfg.agree_min_px or not first:
        return False
    top = first[0].confidence
    runner = first[1].confidence if len(first) > 1 else 0.0
    return top < cfg.agree_tiny_first or runner > cfg.agree_tiny_rival * top


def _hyphened(cands: Sequence[Candidate], sides: Sequence[bool]) -> list[Candidate]:
    """``cands`` with each label that has no hyphen listed first with the faint hyphen the
    cut found on each of ``sides`` (True: after the glyph, "RE-"; else before, "-S"), at
    the same confidence: the hyphen was seen, only too pale to be cut."""
    out: list[Candidate] = []
    for c in cands:
        if c.label and "-" not in c.label:
            out += [replace(c, label=f"{c.label}-" if after else f"-{c.label}") for after in sides]
        out.append(c)
    return out


def _size_px(tile: TileImage) -> float:
    """The longer side of the tile's glyph in source pixels (0 without a glyph)."""
    box = tile.glyph_box
    return 0.0 if box is None else max(box.w, box.h) * tile.scale


def is_multi(label: str) -> bool:
    """Whether a read label is a tile of several letters (TH, RE-, A/B), which only some
    games print: the Qu tile is one die face, not several letters."""
    return len(label) > 1 and label != "QU"


def _unconfused(
    first: Sequence[Sequence[Candidate]],
    second: Sequence[Sequence[Candidate]],
    combined: list[list[Candidate]],
    cfg: RecognizeConfig,
) -> list[list[Candidate]]:
    """``combined`` with the agreements the board shows to be the second engine's
    confusion undone (``RecognizeConfig.confused_first``): where it read a letter the
    matcher read at ``confused_first`` or more as another, its agreement on that other
    letter lifts no tile whose matcher lists the first letter among its other candidates;
    the matcher's own reading stands there."""
    confused = {
        (two[0].label, one[0].label)
        for one, two in zip(first, second, strict=True)
        if one
        and two
        and two[0].label != one[0].label
        and one[0].confidence >= cfg.confused_first
        and two[0].confidence >= cfg.second_min_conf
    }
    if not confused:
        return combined
    out = list(combined)
    for i, (one, two) in enumerate(zip(first, second, strict=True)):
        if not one or not two or two[0].label != one[0].label:
            continue
        lifted = out[i][0].confidence > one[0].confidence
        if lifted and any((one[0].label, c.label) in confused for c in one[1:]):
            out[i] = list(one)
    return out


def _fuller(top: Candidate, other: Candidate) -> bool:
    """Whether ``other`` is ``top``'s letter with a stroke more (``FULLER``), the same way
    up."""
    return other.label in FULLER.get(top.label, ()) and other.turn == top.turn


def _fuller_listed(top: Candidate, first: Sequence[Candidate]) -> bool:
    """Whether the matcher lists, beside its best letter, a letter that is it with a
    stroke more (``FULLER``) the same way up."""
    return any(_fuller(top, c) for c in first[1:])


def _stroke_more(top: Candidate, named: Candidate, other: Candidate, cfg: RecognizeConfig) -> bool:
    """Whether the second engine (``other``, at ``agree_second_conf`` or more) names the
    letter the matcher lists (``named``) that is its best letter with a stroke more, the
    same way up (``FULLER``: E beside F or L), while the matcher is torn between them
    (its best short of ``agree_first_conf``). Blur takes a thin stroke away (a serif E's
    lower arm on a blurred die); it adds none, so the engine that sees the stroke is
    right: on tools.synth boggle-classic and boggle-big 105700-105759 and 105800-106049
    (620 boards), the 14 tiles where the second engine named such a letter were all that
    letter (E's the matcher had as F or L); of the 12 this reads (a torn matcher, the
    same way up, a sure second engine), 11 had been left unsure at
    ``runner_up_confidence``."""
    return (
        cfg.stroke_more
        and _fuller(top, named)
        and top.confidence < cfg.agree_first_conf
        and other.confidence >= cfg.agree_second_conf
    )


def _combine(
    first: Sequence[Candidate],
    second: Sequence[Candidate],
    cfg: RecognizeConfig,
    limit: float,
    elsewhere: Sequence[tuple[int, Candidate]] = (),
    faint_line: bool = False,
) -> list[Candidate]:
    """Fold a second engine's best reading into the first engine's candidates (see
    ``RecognizeConfig``). The second engine's label rises to ``agree_confidence`` when it is
    the first engine's best label with a plausible template score (``agree_min_score``), to
    ``runner_up_confidence`` (still unsure) when it is a plausible runner-up of an unsure
    best (below ``limit``), to ``agree_confidence`` where that runner-up is a torn
    matcher's best with a stroke more (``_stroke_more``). Otherwise,
    when the second engine is sure enough (``second_min_conf``), every label is multiplied
    by ``disagree_factor`` and the second engine's label is listed with the confidence it
    has after disagreement: two engines that differ never make a confident reading.

    ``elsewhere`` are the second engine's readings of a die at its other quarter turns
    (turn, reading): when one of them is another label that the matcher also lists at that
    turn and the second engine reads it at least as surely, the die reads both ways up and
    agreement does not make it confident beyond what the matcher makes of the die both
    ways up (``_turn_doubt``); where the matcher does not list it (read nearly as surely,
    ``elsewhere_share``) but fits its own best label poorly (``unlisted_fit``), agreement
    lifts nothing and that label is listed after disagreement. Nor does the agreement of
    two weak opinions (``agree_second_conf``, ``agree_first_conf``), of a matcher short of
    ``agree_first_conf`` that lists its letter with a stroke more too (``FULLER``: an F
    whose E may have lost its lower arm to blur), of a second engine short of
    ``agree_faint_conf`` on a tile a faint line touches (``faint_line``), or a second
    engine's retry on the anti-aliased picture with a matcher short of
    ``agree_soft_first``."""
    other, top = second[0], first[0]
    match = next(
        (c for c in first if c.label == other.label and c.score >= cfg.agree_min_score), None
    )
    listed = {(c.label, c.turn) for c in first}
    # Another letter the second engine reads at another turn at least as surely
    # (``turned``): listed there by the matcher (a rival it weighed); or one it does not
    # list there, and then nearly as surely is enough (elsewhere_share: ruling nothing
    # out, from a matcher that fits its best letter under unlisted_fit).
    as_surely = max(cfg.second_min_conf, other.confidence)
    nearly = max(cfg.second_min_conf, cfg.elsewhere_share * other.confidence)
    others = [(turn, c) for turn, c in elsewhere if c.label != other.label]
    turned = [(turn, c) for turn, c in others if c.confidence >= as_surely]
    rivals = [(turn, c) for turn, c in turned if (c.label, turn) in listed]
    unlisted = [
        (turn, c)
        for turn, c in others
        if (c.label, turn) not in listed
        and c.confidence >= nearly
        and _characters(c.label) == 1
        and top.score < cfg.unlisted_fit
    ]
    weak = (
        (other.confidence < cfg.agree_second_conf and top.confidence < cfg.agree_first_conf)
        or (top.confidence < cfg.agree_first_conf and _fuller_listed(top, first))
        or (faint_line and other.confidence < cfg.agree_faint_conf)
        or (other.soft and top.confidence < cfg.agree_soft_first)
    )
    if match is not None and match is top and unlisted:
        # A matcher that fits its best letter this poorly rules nothing out by not
        # listing a letter: the other way up stays open, and the die unsure.
        seen = [
            replace(c, confidence=c.confidence * cfg.disagree_factor, turn=turn)
            for turn, c in unlisted
        ]
        best: dict[str, Candidate] = {}  # each label once, at its highest confidence
        for c in sorted([*first, *seen], key=lambda c: -c.confidence):
            best.setdefault(c.label, c)
        return list(best.values())
    if match is not None and match is top and (rivals or weak):
        # Both ways up plausible, or two weak opinions: the matcher's doubt stands. But
        # where the second engine confirmed the matcher's label at its turn, the doubt
        # left is only the other way up, which the matcher weighed itself: its best
        # against its own reading of the rival at that turn (``_turn_doubt``).
        rest = [c for c in first if c is not match]
        if rivals and not weak:
            level = min(cfg.agree_confidence, _turn_doubt(top, first, rivals, cfg))
            if level > match.confidence:
                lifted = replace(match, confidence=level)
                return [lifted, *(_doubted(c, cfg) for c in rest)]
        return [match, *rest]
    if match is not None and (match is top or top.confidence < limit):
        # Agreeing on the matcher's runner-up is where the two engines' errors are most
        # alike (R/P, O/D): it becomes the best guess but stays unsure; unless it is the
        # matcher's best with a stroke more (``_stroke_more``).
        more = match is not top and not turned and _stroke_more(top, match, other, cfg)
        level = cfg.agree_confidence if match is top or more else cfg.runner_up_confidence
        lifted = Candidate(
            match.label, max(match.confidence, level), match.score, match.turn, match.engine
        )
        rest = [c for c in first if c is not match]
        return [lifted, *(_doubted(c, cfg) for c in rest)]
    if other.confidence < cfg.second_min_conf:
        return list(first)
    merged = [
        Candidate(c.label, c.confidence * cfg.disagree_factor, c.score, c.turn, c.engine)
        for c in first
        if c.label != other.label
    ]
    mine = next((c for c in first if c.label == other.label), None)
    conf = max(0.0 if mine is None else mine.confidence, other.confidence) * cfg.disagree_factor
    merged.append(
        Candidate(other.label, conf, other.score, other.turn, other.engine, unlisted=mine is None)
    )
    return sorted(merged, key=lambda c: -c.confidence)


def _turn_doubt(
    top: Candidate,
    first: Sequence[Candidate],
    rivals: Sequence[tuple[int, Candidate]],
    cfg: RecognizeConfig,
) -> float:
    """How sure the matcher is of its best reading ``top`` against the second engine's
    ``rivals`` (turn, reading) at other quarter turns: ``calibrated`` on its best score and
    its lead over its own score for each rival label at that turn (the calibration the
    matcher applies to a reading at another turn, ``TemplateRecognizer._candidates``),
    the least of them. A die the matcher reads about as well both ways up stays unsure
    (an M and an upside-down W at 0.90 and 0.79: 0.34); one it reads far better one way
    is sure (a Y on its side at 0.93 against the A the other way up at 0.64: 0.90)."""
    least = 1.0
    for turn, rival in rivals:
        theirs = next(c for c in first if c.label == rival.label and c.turn == turn)
        least = min(least, calibrated(top.score, top.score - theirs.score, cfg))
    return least


def _doubted(c: Candidate, cfg: RecognizeConfig) -> Candidate:
    """A label the second engine did not give, after it agreed with another one."""
    return Candidate(c.label, c.confidence * cfg.disagree_factor, c.score, c.turn, c.engine)


def doubted_value(tile: TileImage) -> bool:
    """A point value not wholly seen: ink beside it that the cut left out
    (``TileImage.value_doubt``), or a drawn line taken out over it or within a pixel of it
    (``TileImage.line``: a line the colour of the digits takes part of them with it, and
    what is left may be another number, a 2 read 0)."""
    if tile.value_doubt:
        return True
    if tile.line is None or tile.value_box is None:
        return False
    b = tile.value_box
    h, w = tile.line.shape
    near = tile.line[max(0, b.y - 1) : min(h, b.y1 + 1), max(0, b.x - 1) : min(w, b.x1 + 1)]
    return bool(near.any())


def check_values(
    tiles: Sequence[TileImage], read: Sequence[ValueRead], config: RecognizeConfig | None = None
) -> list[tuple[int | None, float]]:
    """Each tile's (value, confidence), checked against the board (see ``RecognizeConfig``).

    Values are printed on every letter tile or on none: when fewer than half of the
    non-blank tiles show one, the few found are specks, not values; otherwise a tile
    without one is unsure (confidence 0), not silently valueless. A value ``value_doubts``
    names (not wholly seen, 0 or a leading zero, digits of another size than the board's)
    is doubted, and one printed smaller than ``value_min_px`` source pixels is never sure
    on the matcher's word alone.
    """
    cfg = config or RecognizeConfig()
    shown = sum(1 for r in read if r.value is not None)
    letters = sum(1 for t in tiles if not t.blank)
    if not letters or shown * 2 < letters:
        return [(None, 1.0)] * len(read)
    doubted = value_doubts(tiles, read, cfg)
    out: list[tuple[int | None, float]] = []
    for i, (tile, r) in enumerate(zip(tiles, read, strict=True)):
        if tile.blank:
            out.append((None, 1.0))
        elif r.value is None:
            out.append((None, 0.0))
        elif i in doubted:
            out.append((r.value, r.confidence * cfg.value_doubt_factor))
        elif value_px(tile) < cfg.value_min_px:
            out.append((r.value, min(r.confidence, cfg.value_tiny_cap)))
        else:
            out.append((r.value, r.confidence))
    return out


def _failing_values(
    tiles: Sequence[TileImage],
    values: Sequence[tuple[int | None, float]],
    cfg: RecognizeConfig,
    limit: float,
) -> list[tuple[int | None, float]]:
    """``values`` (value, confidence per tile), none of them sure where the board's values
    are unsure for the most part (``failing_share`` of its letter tiles' values unsure or
    not read, as ``failing_share`` says of its letters): there the picture defeats the
    value reader, and the few read surely are its errors as likely as the rest. A
    Wordament board with its hue turned half round: 14 of 16 values unsure, a 2 read 1
    at 0.94 (benchmarks/stress.py 113900, wordament-orange + hue180, r3c2)."""
    shown = {i for i, tile in enumerate(tiles) if not tile.blank}
    if not any(values[i][0] is not None for i in shown):
        return list(values)  # a game that prints no values
    failing = [i for i in shown if values[i][0] is None or values[i][1] < limit]
    if len(failing) < cfg.failing_share * len(shown):
        return list(values)
    cap = cfg.failing_value_cap * limit
    return [(v, min(c, cap)) if i in shown else (v, c) for i, (v, c) in enumerate(values)]


def value_px(tile: TileImage) -> float:
    """How tall the tile's value digits are in the source image (pixels; 0 without any)."""
    return max((b.h for b in tile.value_boxes), default=0) * tile.scale


def value_doubts(
    tiles: Sequence[TileImage], read: Sequence[ValueRead], config: RecognizeConfig
) -> set[int]:
    """The tiles whose value is doubted whatever its score, and that a second engine
    reading the same picture never confirms: a value not wholly seen (``doubted_value``),
    a number no game prints (``_malformed``), or digits of another size than the board's
    values (``value_height_ratio``)."""
    heights = {
        i: float(max(b.h for b in t.value_boxes))
        for i, (t, r) in enumerate(zip(tiles, read, strict=True))
        if r.value is not None and t.value_boxes and not t.blank
    }
    usual = float(median(list(heights.values()))) if heights else 0.0
    out = set()
    for i, (tile, r) in enumerate(zip(tiles, read, strict=True)):
        if r.value is None or tile.blank:
            continue
        odd = i in heights and not (
            usual / config.value_height_ratio <= heights[i] <= usual * config.value_height_ratio
        )
        if doubted_value(tile) or _malformed(r) or odd:
            out.add(i)
    return out


def _malformed(read: ValueRead) -> bool:
    """A value no game prints: 0, or a leading zero. Doubted, and never lifted by a second
    engine reading the same picture (a number badge drawn over the value, a disc with its
    digit cut out, reads 0 to the matcher and to Tesseract alike)."""
    return read.value == 0 or len(str(read.value)) != read.digits


def same_letter_values(
    values: Sequence[tuple[int | None, float]],
    labels: Sequence[str | None],
    config: RecognizeConfig | None = None,
    *,
    threshold: float | None = None,
) -> list[tuple[int | None, float]]:
    """Tiles with the same letter (``labels``: the confidently read label, or None) carry
    the same value in every game that prints values: a confident value that contradicts
    the confident majority of its letter is doubted, and a value that agrees with a
    confident reading of the same letter elsewhere rises to ``value_agree_confidence``.
    Confident is ``threshold`` and up (None: the config's), as for the caller's letters."""
    cfg = config or RecognizeConfig()
    limit = cfg.threshold if threshold is None else threshold
    out = list(values)
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        if label and out[i][0] is not None:
            groups.setdefault(label, []).append(i)
    for members in groups.values():
        sure: dict[int, int] = {}
        for i in members:
            value, conf = out[i]
            if value is not None and conf >= limit:
                sure[value] = sure.get(value, 0) + 1
        if not sure:
            continue
        ranked = sorted(sure.items(), key=lambda kv: -kv[1])
        majority = ranked[0][0] if len(ranked) == 1 or ranked[0][1] > ranked[1][1] else None
        for i in members:
            value, conf = out[i]
            confident = conf >= limit
            if majority is not None and value == majority and sure[majority] > confident:
                out[i] = (value, max(conf, cfg.value_agree_confidence))
            elif value != majority and confident:
                out[i] = (value, conf * cfg.value_doubt_factor)
    return out


def _value_picture(tile: TileImage) -> npt.NDArray[np.uint8]:
    """The tile's point value as one picture (ink 255), anti-aliased when the cut made it so."""
    picture = tile.value_alpha if tile.value_alpha is not None else tile.value_mask
    assert picture is not None and tile.value_box is not None
    b = tile.value_box
    return np.ascontiguousarray(picture[b.y : b.y1, b.x : b.x1])


def _second_value(
    first: ValueRead,
    value: tuple[int | None, float],
    answer: tuple[str, float],
    cfg: RecognizeConfig,
    *,
    may_lift: bool = True,
) -> tuple[int | None, float]:
    """Fold Tesseract's reading of an unsure value in, like a second opinion on a letter:
    the same number rises to ``agree_confidence`` when the matcher found it plausible
    (``value_agree_min_score``) and preferred it to every other digit by a real margin
    (``value_agree_min_margin``), unless the digits are too small for two engines to see
    more than the same blob (``may_lift`` False: ``value_agree_min_px``); a different
    number it is sure of (``second_min_conf``) lowers the confidence by
    ``disagree_factor``."""
    number, conf = value
    text, second = answer
    if not text or number is None:
        return value
    if (
        may_lift
        and text == str(number)
        and first.score >= cfg.value_agree_min_score
        and first.margin >= cfg.value_agree_min_margin
    ):
        return number, max(conf, cfg.agree_confidence)
    if text != str(number) and second >= cfg.second_min_conf:
        return number, conf * cfg.disagree_factor
    return value
