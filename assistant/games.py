"""Recognize the game from the look of the board: Wordament, Ruzzle, GamePigeon Word Hunt,
Discord SpellCast, Scramble, physical Boggle dice -- or say that the look does not decide
("unknown", with the candidates) rather than name a game it is not sure of.

Cheap cues, measured on a small copy of the rectified board (``BonusConfig.work_cell_px``
per cell) and a ring of the picture around it (``describe_look``):

* **Point values**: where small marks sit apart from the letter, in the same corner of
  most tiles: top-left is Wordament, top-right Ruzzle, bottom-right SpellCast and
  Scramble; none for Word Hunt and Boggle. The strongest cue, and it does not care about
  themes.
* **Colours**: the colour most tile faces share, the colour between the tiles (the
  board's background) and the colour just around the board (a rim, the screen): Word
  Hunt's wood-coloured tiles on a dark green board with a light green rim, SpellCast's
  cream tiles on dark navy, Ruzzle's cream on dark blue, Scramble's white on blue,
  Wordament's orange on blue or cream on wood. Each game's record lists its themes'
  colours in its ``Look`` (``assistant.registry``).
* **Marks on the tiles** (``assistant.bonus.find_marks``): coloured badges or filled
  tiles in one game's palette (bonus squares; Word Hunt's tiles turn green, yellow or white
  while a word is traced), and SpellCast's pink gems at the bottom-left of some tiles.
* **Board size**: SpellCast is always 5x5, Word Hunt, Wordament and Ruzzle 4x4.
* **A photo of dice**: light, unsaturated faces whose tiles sit irregularly in their
  cells (``LocatedBoard.score``); a board merely turned in the picture (``tilt``) may be
  dice or a photographed phone screen, so it is a weak cue.

Every look collects points from the cues (``GamesConfig`` holds the weights). The points
become probabilities by a softmax over the games plus one more entry, "none of these",
worth ``GamesConfig.min_points``: a look no game fits well goes to it. The best game is
named only when its probability reaches ``GamesConfig.name_at`` and it is not itself
"none of these"; otherwise the game is **unknown** and the guess lists its candidates (the
games with a share of at least ``GamesConfig.candidate_share``), so a plain white board
without values comes back as "unknown" with candidates and never as a confident wrong
name. ``GameGuess.confidence`` is the probability of the named game (of the best candidate
for an unknown one).

Names: ``GameGuess.name`` is a look's name, one of ``GAME_NAMES`` ("unknown" included), or
the user's own name for a game chosen with ``--game``; ``assistant.registry``
(``game_for_look``) maps a look to its game record (the "boggle" look is Boggle on 4x4 and
Big Boggle on 5x5 and 6x6; "scramble" is Scramble / Boggle With Friends). Everything known
about a game -- what its boards look like (``Look``), its board sizes, where its point
values sit, its Q rule -- is read from its registry record; this module holds only how the
cues are measured and weighed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
import numpy.typing as npt

from assistant.bonus import (
    BONUS_STYLES,
    BoardFaces,
    BonusConfig,
    BonusGrid,
    Mark,
    TextReader,
    board_faces,
    find_marks,
    read_bonuses,
)
from assistant.colour import chroma, delta_e, hue, hue_apart, length, rgb_lab, to_lab
from assistant.geometry import (
    CORNERS,
    Box,
    Corner,
    clear_of_inner_edges,
    components,
    corner_zone,
    is_left,
    is_top,
)
from assistant.locate import Image, LocatedBoard
from assistant.numeric import median
from assistant.registry import LOOKS, RECORDS, Game, Look, agreed_corner, look_records
from assistant.values import value_corner

RGB = tuple[int, int, int]
FloatArray = npt.NDArray[np.float32]

UNKNOWN = "unknown"
CHOSEN = "chosen with --game"
GAME_NAMES = (*(look.name for look in LOOKS), UNKNOWN)


# Where SpellCast's gems sit on a tile (``Look.gems`` of the registry): gems are counted
# before the game is known, so every look with gems must put them in one corner.
GEM_CORNER = agreed_corner(
    (look.gems for look in LOOKS if look.gems is not None), "gems", "bottom-left"
)


def _value_corner(look: Look) -> Corner | None:
    """The corner where the look's game prints point values (None: it prints none)."""
    return next((g.value_corner for g in look_records(look.name)), None)


def _square_sizes(look: Look) -> tuple[int, ...]:
    """The square board sizes the look's game deals (empty: any)."""
    return tuple(sorted({r for g in look_records(look.name) for r, c in g.sizes if r == c}))


def _title(look: str) -> str:
    """A look's game as people name it (the registry's title)."""
    records = look_records(look)
    record = records[0] if records else None
    return record.title.split(" (")[0].split(" / ")[0] if record is not None else look


@dataclass(frozen=True)
class GamesConfig:
    """Tuned numbers for recognizing games.

    Tuned on fixtures/real (20 Wordament boards, 2 dice photos, 3 Word Hunt crops) and
    renders of every look of the generator (``tools.synth``, seeds 3000-3039, the tuning
    range of benchmarks/ocr.py), checked on the held-out seeds 9100+ (never tuned on).
    ``name_at`` was set so that on those renders no game is named wrong, while every
    look's own game is named on at least 99 % of them. Colour distances are CIELAB dE
    (L 0..100).
    """

    bonus: BonusConfig = field(default_factory=BonusConfig)
    # -- point values in a corner -----------------------------------------------------------
    # Probed 12..18: all fixtures right at both ends; SpellCast's ~5 px digits fade above
    # 18 (0.6 of the tiles at 18), dice specks and JPEG noise grow below 12 (0.38 at 12).
    ink_delta_e: float = 14.0
    # A value mark lies inside this share of the face from two of its edges (letters reach
    # farther in), covers mark_min_area..mark_max_area of the face and is at most
    # mark_max_side of it long (strokes along the face's edge: rims, shadows). It may touch
    # one side of the face box (digits close to the edge) but not two (the gap showing past
    # a rounded corner) nor the bottom one (the tiles' 3D edge or shadow).
    corner_reach: float = 0.42
    # A mark touching the face's bottom edge is the tiles' 3D edge or shadow when it is more
    # than edge_flat times as wide as it is tall; a value printed low (Scramble's) touches
    # it when the face box comes out a pixel short (the board turned 3 degrees, or padded:
    # benchmarks/stress.py 75000, rot3 and pad-black), and digits, even "10", are not flat.
    edge_flat: float = 1.5
    mark_min_area: float = 0.002
    mark_max_area: float = 0.05
    mark_max_side: float = 0.3
    # Values are printed at one place: a tile counts when its mark nearest the corner has
    # its outer edges within this share of the face side of the median over the tiles.
    mark_align: float = 0.06
    # Values: in the same corner of at least this share of tiles, while no other corner has
    # marks on more than corner_other_max of them. Measured on the fixtures: value corners
    # 0.88-1.0, other corners 0-0.25 (bonus badges and labels in Ruzzle's and Scramble's
    # top-left, dice specks).
    corner_share: float = 0.5
    corner_other_max: float = 0.35
    # -- SpellCast's gems ---------------------------------------------------------------
    # A gem: a small blob of saturated pink/magenta (a* >= gem_min_a, hue between red and
    # violet) in the bottom-left gem_zone of a face, gem_area of the face.
    gem_zone: float = 0.42
    gem_min_a: float = 35.0
    # ...and b* at most gem_max_yellow of its a*: pink to violet, not red. The red ink of
    # old Boggle dice (b*/a* about 0.6, 0.5-0.75 blended into the cream face) was counted
    # as gems at 0.6, and a dice tray with red letters named SpellCast (held-out boggle-big
    # 12006 at 0.90 before reading; tuning boggle-big 13006, 13010, 13016).
    gem_max_yellow: float = 0.3
    gem_area: tuple[float, float] = (0.003, 0.05)
    # -- photo of dice ----------------------------------------------------------------------
    # The board's edges turned by more than this in the picture (screenshots: < 0.25
    # degrees; the dice photos 0.7-7; photos of phone screens too).
    photo_tilt_deg: float = 0.5
    # LocatedBoard.score below this: tiles sit irregularly (screens 0.89-0.99, dice 0.69-0.87).
    photo_fit: float = 0.88
    dice_fit: float = 0.8  # ... and at this fit the dice cue is full
    # -- points -----------------------------------------------------------------------------
    values_match: float = 3.0  # the values' corner is the game's
    values_mismatch: float = -3.0  # values where the game has none, or in another corner
    # No values seen although the game prints them (small or blurred digits can go unseen),
    # and none seen where the game prints none.
    values_missing: float = -0.5
    values_absent: float = 0.5
    # Once read: marks in a corner from which fewer than values_read of the tiles whose
    # letter was read surely gave a value read surely count values_unread as much either
    # way (noise of sd 15 on a Word Hunt photo made marks top left on its tiles, none read
    # as a number, and the board was named Wordament at 0.91: benchmarks/stress.py 92600).
    values_read: float = 0.2
    values_unread: float = 0.5
    face_weight: float = 2.0  # x exp(-(dE / colour_scale)^2 / 2) for the nearest face colour
    gap_weight: float = 1.5  # ... and for the nearest gap colour
    rim_weight: float = 1.0  # ... and for the nearest colour around the board
    colour_scale: float = 14.0  # faces
    gap_scale: float = 10.0  # backgrounds (Ruzzle's navy and SpellCast's purple are 12 apart)
    # A board colour of another hue than all of the game's boards costs this much: white
    # faces with values bottom right on an olive board are no Scramble board (its gaps are
    # blue). Hue only, of a board coloured at least gap_miss_chroma (a blurred or small
    # board's gaps mix with the faces: lighter and greyer, the same hue).
    gap_miss: float = 1.5
    gap_miss_chroma: float = 8.0
    gap_miss_hue: float = 60.0  # degrees from the nearest of the game's board hues
    # ... and so does a board more than gap_over_chroma times as coloured as the most
    # coloured of the game's boards: a Scramble board with its hues turned 60 degrees
    # (vivid violet, chroma 93, 26 degrees from SpellCast's dull navy at 19-25; values
    # bottom right; a green bonus tile taken for a gem) was named SpellCast at 0.92
    # (benchmarks/stress.py 79000, hue60). Levels and blur only dull a board.
    gap_over_chroma: float = 2.5
    # On a screenshot (exact colours) tile faces clearly tinted (face_miss_chroma) in
    # another hue (gap_miss_hue) than every one of a game's faces with a hue of their own
    # (face_hue_chroma: white faces have none and match any) cost it face_miss: a
    # Scramble board with its hues turned 60 degrees (violet-white faces, navy board,
    # values bottom right, one tile's colour taken for a gem) was named SpellCast at 0.96
    # on its board and values alone (benchmarks/stress.py 96000, hue60). Hue only, as for
    # boards: dark mode, low contrast or gamma change a face's lightness and chroma, not
    # its hue (a tint distance took the game off 40 of 1008 such readings of stress 97000).
    face_miss: float = 2.0  # as much as matching faces earn (face_weight)
    face_miss_chroma: float = 8.0
    face_hue_chroma: float = 3.0
    # Hue survives what levels do to a picture (exposure, gamma, contrast, a photo's dim
    # screen, a night filter) where lightness and chroma do not: a board whose faces and
    # gaps both have the hues of a game whose faces and board are both coloured (at least
    # hue_colour_chroma: Word Hunt's wood on green, Wordament's orange on blue) earns
    # hue_weight, each measured colour clearly coloured (hue_min_chroma) and within
    # hue_match degrees of one of the game's. A Word Hunt screenshot darkened by 70 levels
    # (faces dE 26 from the game's) came out unknown at 0.40 on its colour distances
    # (benchmarks/stress.py 78000: dark, bright, gamma, low contrast, dark mode: 44 of 56
    # Word Hunt readings unknown). Both colours must agree: tan faces alone are dice or
    # SpellCast's cream too, a green board alone a dice tray. A measured colour keeps at
    # least hue_chroma_share of the game colour's chroma (levels and contrast took Word
    # Hunt's faces from 34 to 12, 0.35): greyish dice (13) on a brown table darkened by
    # gamma 2 are no Wordament orange (81) on a wood board (stress 79000).
    hue_weight: float = 2.0
    hue_colour_chroma: float = 10.0
    hue_min_chroma: float = 5.0
    hue_chroma_share: float = 0.3
    hue_match: float = 30.0
    photo_colour: float = 1.25  # colour tolerances x this on a photo (white balance, glare)
    photo_lightness: float = 0.5  # ... where lightness differences count this much
    # On a screenshot, tile-face tint (a*, b*) differences count this much: Scramble's dark
    # theme (bluish white, navy board, 5x5, values bottom right) came out "unknown" at 0.80
    # beside SpellCast's cream tiles (tuning seed scramble 3001; untuned 14000-14029: 3 of
    # 30 unknown before, none after, every other look named as before).
    screen_tint: float = 1.5
    size_mismatch: float = -3.0  # a board size the game never has
    badge_weight: float = 1.0  # per palette-matched badge kind (at most 2 kinds counted)
    badge_foreign: float = -1.0  # bonus marks on a game without bonus squares
    state_weight: float = 0.5  # tiles in the colours of a traced word (Word Hunt)
    gem_weight: float = 2.0  # SpellCast's gems
    gem_foreign: float = -1.5  # gems on a game without them
    dice_weight: float = 3.0  # irregular tiles: the dice profile
    tilt_weight: float = 0.5  # a board turned in the picture, regular tiles: dice or a screen
    screen_photo: float = -1.0  # irregular tiles for a screen game (a photographed screen)
    # Letters read turned (dice) on at least turn_share of at least turn_min_read tiles;
    # every letter upright is unlikely for dice ((1/4)^n) but what screens show.
    turn_share: float = 0.2
    turn_min_read: int = 9
    turned_weight: float = 2.5
    upright_weight: float = -2.0
    # ...and for a game whose tiles stand upright (a screen's), letters turned every way
    # (the picture itself not turned: ``recognize.picture_turn`` rules that out first)
    # count as much against it: a dice tray with noise the cut took for point values in
    # the top-left corner was named Wordament at 0.93 (benchmarks/stress.py 98200,
    # boggle-classic 98203 with noise of sd 15; 10 of its 16 letters read turned).
    turned_foreign: float = -2.5
    # Once read: the point values printed beside letters read surely are a game's own
    # table or not. A game printing one table (``Game.values_fixed``: SpellCast) whose
    # table at least table_min of those tiles, and table_share of them, contradict loses
    # table_foreign: a dark Scramble board (5x5, light tiles on navy, values bottom right)
    # was unknown at 0.65 with SpellCast second (tools.synth scramble 89801, 89821, a range
    # not tuned on), its values those of Scramble's table on every tile (T 1, J 10, U 2:
    # SpellCast's are 2, 7, 4). One or two misread values do not count against a game.
    # The share is of the values that tell the table from another game's printed in the
    # same corner (``_telling``; session 41: scramble 121201, 5 of 25 told, all against
    # SpellCast, named SpellCast at 0.94). Scramble 121400-121599, spellcast-discord
    # 121000-121199, spellcast-arrows 120200-120399: every game named as before.
    table_min: int = 3
    table_share: float = 0.25
    table_foreign: float = -3.0
    # ...and a tile read surely as several letters (a digram, an affix) counts as much
    # against a game whose tiles print one letter (``Game.digrams``): a Wordament board on
    # a wooden desktop under noise of sd 35 had its values taken for top-right ones and
    # was named Ruzzle at 0.87, its ER tile read (benchmarks/stress.py 103400,
    # wordament-desktop + noise35).
    digram_foreign: float = -3.0
    # "None of these" is worth min_points: a look no game fits goes to it.
    min_points: float = 2.0
    name_at: float = 0.8  # a game is named at this probability, else unknown
    # ...and at name_blind_at where the letters were read but too few surely (``_blind``):
    # only the colours then speak. A dice tray at 14 px tiles or blurred by 8 % of its
    # pitch was named Word Hunt at 0.82-0.91 on its colours alone (benchmarks/stress.py
    # 93500, boggle-classic 93501); at its own size it is Boggle at 1.0.
    name_blind_at: float = 0.95
    # Points x sharpness before the softmax. At 1.0 the probabilities were too modest: on
    # the tuning renders the best game was right on every board named at 0.6-0.8.
    sharpness: float = 1.3
    candidate_share: float = 0.1  # unknown: games with this share are candidates
    max_candidates: int = 4
    # Ring of the picture around the board sampled for the background (fractions of the
    # board's side beyond its edge), used when the gaps between tiles are too thin.
    ring: tuple[float, float] = (0.04, 0.12)
    min_gap_px: float = 1.0  # gap strips narrower than this (work pixels) are not sampled


@dataclass(frozen=True)
class BoardLook:
    """The cues measured on one board (see the module docstring)."""

    face_lab: tuple[float, float, float]
    gap_lab: tuple[float, float, float] | None
    corner_share: tuple[float, float, float, float]  # TL, TR, BR, BL
    value_corner: Corner | None
    badges: tuple[tuple[str, str], ...]  # (marker, nearest palette "game:kind") per mark
    tilt_deg: float
    fit: float
    photo: bool  # turned in the picture or irregular: a photo rather than a screenshot
    rim_lab: tuple[float, float, float] | None = None  # the picture just around the board
    size: tuple[int, int] = (0, 0)  # rows, cols (0: not known)
    gems: int = 0  # tiles with a SpellCast gem
    states: tuple[str, ...] = ()  # per filled tile in a game's traced-word colours: the game
    # After reading: letters read upright only after a quarter or half turn, of how many
    # read (None before reading). Dice lie every way; screens show letters upright.
    turned: tuple[int, int] | None = None
    # After reading: (letter, point value) of the tiles whose single letter and value were
    # both read surely.
    values: tuple[tuple[str, int], ...] = ()
    # After reading: tiles read surely as several letters (ER, RE-; not QU).
    digrams: int = 0


@dataclass(frozen=True)
class GameGuess:
    """The game a board looks like: ``name`` (one of ``GAME_NAMES``, or the user's own name
    for a game chosen with ``--game``), ``confidence`` 0..1 (the probability of ``name``;
    for "unknown", of its best candidate), the ``evidence`` for it in words, every
    profile's ``points`` (best first) and, for an unknown game, its ``candidates`` (game,
    share), best first."""

    name: str
    confidence: float
    evidence: tuple[str, ...]
    points: tuple[tuple[str, float], ...] = ()
    candidates: tuple[tuple[str, float], ...] = ()
    look: BoardLook | None = field(default=None, compare=False, repr=False)
    # Set when everything but the board's size says one game, whose boards never have the
    # size found: the shape is suspect ("looks like SpellCast, which is always 5x5, ...").
    size_conflict: str = ""
    expected_sizes: tuple[int, ...] = ()  # ... and that game's square sizes

    @property
    def known(self) -> bool:
        return self.name != UNKNOWN

    @property
    def likeliest(self) -> str:
        """The game named, or for an unknown game its best candidate ("" without any)."""
        if self.known:
            return self.name
        return self.candidates[0][0] if self.candidates else ""

    @property
    def why(self) -> str:
        """One line for people: "looks like Word Hunt (...)" or "game unknown (...)"."""
        if self.evidence == (CHOSEN,):
            return f"{_title(self.name)} ({CHOSEN})"
        if not self.known:
            cands = ", ".join(f"{_title(g)} {share:.0%}" for g, share in self.candidates)
            return f"game unknown ({cands or 'no game fits'}): pass --game"
        cue = f": {'; '.join(self.evidence[:3])}" if self.evidence else ""
        return f"looks like {_title(self.name)} ({self.confidence:.0%}{cue})"


def detect_game(
    image: Image | None, located: LocatedBoard, *, config: GamesConfig | None = None
) -> GameGuess:
    """Recognize the game of the board ``located`` in ``image`` (the picture it was found
    in; None to judge from the board alone)."""
    cfg = config or GamesConfig()
    return _detect(describe_look(image, located, config=cfg), cfg)


def _detect(look: BoardLook, cfg: GamesConfig) -> GameGuess:
    guess = _decide(look, cfg)
    rows, cols = look.size
    if not rows or cfg.size_mismatch == 0:
        return guess
    # The game the look names with the size left out: a board of a size that game never
    # deals is more likely read with a row or column lost (or gained) than another game.
    sizeless = _decide(look, replace(cfg, size_mismatch=0.0))
    profile = next((p for p in LOOKS if p.name == sizeless.name), None)
    if profile is None:
        return _unknown_games_size(guess, sizeless, rows, cols)
    square = _square_sizes(profile)
    if not square or (rows == cols and rows in square):
        return guess
    sizes = " or ".join(f"{n}x{n}" for n in square)
    return replace(
        guess,
        size_conflict=(
            f"the board looks like {_title(sizeless.name)} ({sizeless.confidence:.0%}), whose "
            f"boards are {sizes}, but {rows}x{cols} tiles were found"
        ),
        expected_sizes=square,
    )


def _unknown_games_size(guess: GameGuess, sizeless: GameGuess, rows: int, cols: int) -> GameGuess:
    """``guess`` with a size conflict where the look does not name a game (``sizeless``)
    and no game deals boards of ``rows`` x ``cols``: the grid found is more likely a board
    with a row or column lost (a crop through its bottom row) than a new game's."""
    every = [_square_sizes(p) for p in LOOKS]
    if any(not sizes for sizes in every) or (rows == cols and any(rows in s for s in every)):
        return guess
    likeliest = next((p for p in LOOKS if p.name == sizeless.likeliest), None)
    square = _square_sizes(likeliest) if likeliest is not None else ()
    square = square or tuple(sorted({n for sizes in every for n in sizes}))
    cands = ", ".join(f"{_title(g)} {share:.0%}" for g, share in sizeless.candidates)
    return replace(
        guess,
        size_conflict=(
            f"{rows}x{cols} tiles were found, a size no game deals, and the look does not "
            f"say which game it is ({cands or 'no game fits'}); the board may be cut off"
        ),
        expected_sizes=square,
    )


def _decide(look: BoardLook, cfg: GamesConfig) -> GameGuess:
    scored = [(_points(profile, look, cfg), profile.name) for profile in LOOKS]
    scored.sort(key=lambda item: -item[0][0])
    (best, evidence), game = scored[0]
    k = cfg.sharpness
    weights = [math.exp(k * (p - best)) for (p, _), _ in scored]
    none_of_these = math.exp(k * (cfg.min_points - best))
    probability = 1.0 / (sum(weights) + none_of_these)
    points = tuple((g, round(p, 2)) for (p, _), g in scored)
    name_at = cfg.name_blind_at if _blind(look, cfg) else cfg.name_at
    if best >= cfg.min_points and probability >= name_at:
        return GameGuess(game, round(probability, 3), tuple(evidence), points, look=look)
    shares = [w / sum(weights) for w in weights]
    candidates = tuple(
        (g, round(share, 3))
        for ((_, _), g), share in zip(scored, shares, strict=True)
        if share >= cfg.candidate_share
    )[: cfg.max_candidates]
    why = (
        f"the look does not decide (best: {game}, {best:.1f} points, p={probability:.2f})"
        if best >= cfg.min_points
        else f"no game's look fits (best: {game}, {best:.1f} points)"
    )
    return GameGuess(
        UNKNOWN, round(probability, 3), (why, *_describe(look)), points, candidates, look=look
    )


def with_turned_letters(
    guess: GameGuess,
    turned: int,
    read: int,
    *,
    values: Sequence[tuple[str, int]] = (),
    digrams: int = 0,
    config: GamesConfig | None = None,
) -> GameGuess:
    """The guess again once the letters are read: ``turned`` of the ``read`` tiles were
    upright only after a turn; ``values``, (letter, point value) of the tiles whose letter
    and value were both read surely; ``digrams`` tiles read surely as several letters. A
    guess the user made, or one without its look, is kept."""
    if guess.look is None or guess.evidence == (CHOSEN,):
        return guess
    cfg = config or GamesConfig()
    look = replace(guess.look, turned=(turned, read), values=tuple(values), digrams=digrams)
    return _detect(look, cfg)


def read_game_and_bonuses(
    image: Image | None,
    located: LocatedBoard,
    *,
    game: str | None = None,
    config: GamesConfig | None = None,
    text: TextReader | None = None,
) -> tuple[GameGuess, BonusGrid]:
    """``detect_game`` and ``read_bonuses`` in one go, measuring the faces once. A ``game``
    chosen by the user (``--game``) is taken as given (confidence 1) and only picks the
    bonus palette; ``text`` reads the badges' labels (see ``read_bonuses``)."""
    cfg = config or GamesConfig()
    faces = board_faces(located, cfg.bonus)
    if game is None:
        guess = _detect(describe_look(image, located, config=cfg, faces=faces), cfg)
    else:
        guess = GameGuess(game, 1.0, (CHOSEN,))
    palette = guess.name if guess.known else None
    bonuses = read_bonuses(located, palette, config=cfg.bonus, text=text, faces=faces)
    return guess, bonuses


def describe_look(
    image: Image | None,
    located: LocatedBoard,
    *,
    config: GamesConfig | None = None,
    faces: BoardFaces | None = None,
) -> BoardLook:
    """Measure the cues ``detect_game`` weighs (``faces``: already measured with this
    config's ``bonus`` settings)."""
    cfg = config or GamesConfig()
    if faces is None:
        faces = board_faces(located, cfg.bonus)
    shares = _corner_shares(faces, cfg)
    corner = value_corner(
        dict(zip(CORNERS, shares, strict=True)), cfg.corner_share, others=cfg.corner_other_max
    )
    gap = _gap_colour(faces, located, cfg)
    rim = _ring_colour(image, located, cfg) if image is not None else None
    if gap is None:
        gap = rim
    named = [(m, _nearest_bonus(m)) for m in find_marks(faces, cfg.bonus)]
    tilt = _tilt(located)
    return BoardLook(
        face_lab=_triple(faces.face_lab),
        gap_lab=None if gap is None else _triple(gap),
        corner_share=(shares[0], shares[1], shares[2], shares[3]),
        value_corner=corner,
        badges=tuple((m.marker, name) for m, name in named if not name.endswith(":state")),
        tilt_deg=round(tilt, 2),
        fit=located.score,
        photo=tilt > cfg.photo_tilt_deg or located.score < cfg.photo_fit,
        rim_lab=None if rim is None else _triple(rim),
        size=(located.rows, located.cols),
        gems=_count_gems(faces, cfg),
        states=tuple(name.split(":")[0] for _, name in named if name.endswith(":state")),
    )


# --------------------------------------------------------------------------- cues


def _corner_shares(faces: BoardFaces, cfg: GamesConfig) -> list[float]:
    """For each corner (TL, TR, BR, BL), the share of tiles with a value-like mark there."""
    rows, cols = faces.tile_lab.shape[:2]
    # Ink: far from the tile's face colour, but not much more saturated than the face (those
    # are bonus badges, not values); only inside the face boxes.
    far = (faces.delta >= cfg.ink_delta_e) & (faces.sat < faces.face_sat + cfg.bonus.badge_chroma)
    ink = np.zeros(far.shape, np.uint8)
    for row in faces.boxes:
        for box in row:
            ink[box.y : box.y1, box.x : box.x1] = far[box.y : box.y1, box.x : box.x1]
    n, _, stats = components(ink)
    # Per corner and tile, the mark nearest the corner: its edges on the corner's sides
    # (left or right x, top or bottom y) as shares of the face side.
    nearest: list[dict[tuple[int, int], tuple[float, float, float]]] = [{}, {}, {}, {}]
    cell = faces.cell
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        r, c = min(rows - 1, (y + h // 2) // cell), min(cols - 1, (x + w // 2) // cell)
        face = faces.boxes[r][c]
        fx0, fy0, fx1, fy1 = face.x, face.y, face.x1, face.y1
        side = fx1 - fx0
        if not (cfg.mark_min_area <= area / (side * side) <= cfg.mark_max_area):
            continue
        if max(w, h) > cfg.mark_max_side * side:
            continue  # a stroke along the face's edge: rim, shadow, gap
        if (x <= fx0 or x + w >= fx1) and (y <= fy0 or y + h >= fy1):
            continue  # in the very corner: the gap showing past a rounded corner
        if y + h >= fy1 and w > cfg.edge_flat * h:
            continue  # flat on the bottom edge: the tiles' 3D edge or shadow
        reach = int(cfg.corner_reach * side)
        mark = Box(x, y, w, h)
        for k, corner in enumerate(CORNERS):
            dx = (x - fx0) / side if is_left(corner) else (fx1 - x - w) / side
            dy = (y - fy0) / side if is_top(corner) else (fy1 - y - h) / side
            d = dx + dy  # distance from the corner's edges
            inside = corner_zone(face, corner, reach, reach).contains(mark)
            if inside and d < nearest[k].get((r, c), (math.inf, 0.0, 0.0))[0]:
                nearest[k][(r, c)] = (d, dx, dy)
    shares = []
    for marks in nearest:
        if not marks:
            shares.append(0.0)
            continue
        xs = np.array([m[1] for m in marks.values()])
        ys = np.array([m[2] for m in marks.values()])
        aligned = (np.abs(xs - median(xs)) <= cfg.mark_align) & (
            np.abs(ys - median(ys)) <= cfg.mark_align
        )
        shares.append(float(np.count_nonzero(aligned)) / (rows * cols))
    return shares


def _gap_colour(faces: BoardFaces, located: LocatedBoard, cfg: GamesConfig) -> FloatArray | None:
    """Median colour of the strips between the tile faces (None when they are too thin)."""
    cell = faces.cell
    gap = (1.0 - located.tile_ratio) * cell / 2
    if gap < cfg.min_gap_px:
        return None
    band = max(1, int(gap * 0.6))
    rows, cols = faces.tile_lab.shape[:2]
    mask = np.zeros(faces.lab.shape[:2], bool)
    for i in range(rows + 1):
        mask[max(0, i * cell - band) : i * cell + band, :] = True
    for j in range(cols + 1):
        mask[:, max(0, j * cell - band) : j * cell + band] = True
    return np.asarray(median(faces.lab[mask], axis=0), np.float32)


def _ring_colour(image: Image, located: LocatedBoard, cfg: GamesConfig) -> FloatArray | None:
    """Median colour of a ring of the picture just outside the board."""
    p = located.cell_px
    w, h = located.cols * p, located.rows * p
    inner, outer = cfg.ring
    points = []
    for frac in np.linspace(inner, outer, 4):
        dx, dy = frac * w, frac * h
        for t in np.linspace(0.0, 1.0, 24):
            points += [
                (-dx + t * (w + 2 * dx), -dy),
                (-dx + t * (w + 2 * dx), h + dy),
                (-dx, -dy + t * (h + 2 * dy)),
                (w + dx, -dy + t * (h + 2 * dy)),
            ]
    pts = np.array(points, np.float64)
    src = cv2.perspectiveTransform(pts[None], located.homography)[0]
    ih, iw = image.shape[:2]
    ok = (src[:, 0] >= 0) & (src[:, 0] < iw) & (src[:, 1] >= 0) & (src[:, 1] < ih)
    if np.count_nonzero(ok) < len(pts) // 4:
        return None
    xs, ys = src[ok, 0].astype(int), src[ok, 1].astype(int)
    samples = to_lab(np.ascontiguousarray(image[ys, xs][None]))[0]
    return np.asarray(median(samples, axis=0), np.float32)


def _tilt(located: LocatedBoard) -> float:
    """How far the board's edges are turned from the picture's axes, in degrees."""
    tl, tr, br, bl = located.corners
    angles = []
    for (x0, y0), (x1, y1) in ((tl, tr), (bl, br)):
        angles.append(math.degrees(math.atan2(y1 - y0, x1 - x0)))
    for (x0, y0), (x1, y1) in ((tl, bl), (tr, br)):
        angles.append(math.degrees(math.atan2(x0 - x1, y1 - y0)))
    return max(abs(a) for a in angles)


def _nearest_bonus(mark: Mark) -> str:
    """The nearest palette colour of the mark's kind of marker, as "game:kind"; for a filled
    tile, a game's traced-word colours too ("wordhunt:state")."""
    best, name = math.inf, ""
    for game, style in BONUS_STYLES.items():
        if style.marker != mark.marker:
            continue
        for kind, rgb in style.palette.items():
            d = delta_e(mark.lab, rgb_lab(rgb))
            if d < best:
                best, name = d, f"{game}:{kind}"
    if mark.marker == "tile":
        for profile in LOOKS:
            for rgb in profile.states:
                d = delta_e(mark.lab, rgb_lab(rgb))
                if d < best:
                    best, name = d, f"{profile.name}:state"
    return name


def _count_gems(faces: BoardFaces, cfg: GamesConfig) -> int:
    """Tiles with a gem: a small saturated pink-to-violet blob in the face's gem corner
    (``GEM_CORNER``, bottom-left), wholly inside that corner (a red letter on a die reaches
    out of it, over the corner's top or right edge; SpellCast's gem sits well inside), on
    a face of no colour of its own there: a Scramble DW tile filled red-pink, its JPEG
    noise in and out of the gem's hue, passed for a gem, and the board, SpellCast's look
    but for its values, was named SpellCast at 0.94 (tools.synth scramble 121201)."""
    count = 0
    lo, hi = cfg.gem_area
    for row in faces.boxes:
        for box in row:
            side = box.w
            z = round(cfg.gem_zone * side)
            if z < 3:
                return 0
            gz = corner_zone(box, GEM_CORNER, z, z)
            zone = faces.lab[gz.y : gz.y1, gz.x : gz.x1]
            saturation = chroma(zone)
            if zone.size and float(median(saturation)) >= cfg.bonus.badge_chroma:
                continue  # a face filled with colour (a bonus square) carries no gem
            a, b = zone[..., 1], zone[..., 2]
            hue = (a >= cfg.gem_min_a) & (b <= cfg.gem_max_yellow * a)
            pink = hue & (saturation >= cfg.bonus.badge_chroma)
            area = np.count_nonzero(pink) / float(side * side)
            if not lo <= area <= 3 * hi:
                continue
            n, _, stats = components(pink.astype(np.uint8))
            inside = [
                int(stats[i, cv2.CC_STAT_AREA])
                for i in range(1, n)
                if clear_of_inner_edges(Box(*(int(v) for v in stats[i, :4])), gz, GEM_CORNER)
            ]
            biggest = max(inside, default=0)
            if lo <= biggest / float(side * side) <= hi:
                count += 1
    return count


def _triple(v: FloatArray) -> tuple[float, float, float]:
    return (round(float(v[0]), 1), round(float(v[1]), 1), round(float(v[2]), 1))


# --------------------------------------------------------------------------- points


def _points(profile: Look, look: BoardLook, cfg: GamesConfig) -> tuple[float, list[str]]:
    """A game look's points for the look measured on a board, and the cues that earned
    them."""
    points = 0.0
    why: list[str] = []
    value_corner = _value_corner(profile)
    # A picture where not even the letters could be read (blurred, tiny) hides its small
    # point values and blurs its tiles' outlines: there, values not seen and tiles off the
    # lattice are what the blur did, not what the game looks like (a blurred Wordament
    # screenshot was named Boggle at 0.99 on "no point values" and "tiles irregular").
    blind = _blind(look, cfg)
    if blind:
        # Marks in a corner where no letter could be read are as likely the blur of the
        # letters as values: a Word Hunt board blurred by 8 % of its pitch showed "values"
        # top left on 11 of 16 tiles and was named Wordament at 0.94 (stress 78000, blur8%).
        pass
    elif look.value_corner is not None:
        weight = cfg.values_unread if _values_unread(look, cfg) else 1.0
        if value_corner == look.value_corner:
            points += cfg.values_match * weight
            why.append(f"point values in the {look.value_corner} corner")
        else:
            points += cfg.values_mismatch * weight
    elif value_corner is not None:
        points += cfg.values_missing
    else:
        points += cfg.values_absent
        why.append("no point values")
    # How irregular the tiles sit: 0 at photo_fit, 1 at dice_fit and below (a photographed
    # screen's perspective also costs a little fit: screens 0.84-0.99 in photos).
    irregular = min(1.0, max(0.0, (cfg.photo_fit - look.fit) / (cfg.photo_fit - cfg.dice_fit)))
    if blind or _all_upright(look, cfg):
        # Tiles off the lattice with every letter read upright are a lattice that does not
        # fit (two copies of a screen side by side, a seam between them), not dice.
        irregular = 0.0
    scale = cfg.photo_colour if look.photo else 1.0
    # On a photo, exposure and white balance move the light faces' lightness most: it
    # counts for less there (not for the dark boards, whose hue alone says little).
    # On a screenshot the face colour is exact, and its tint (a*, b*) tells the games'
    # white, cream and bluish-white faces apart better than its lightness does.
    tint = 1.0 if look.photo else cfg.screen_tint
    light = np.array([cfg.photo_lightness if look.photo else 1.0, tint, tint], np.float32)

    def distance(
        lab: tuple[float, float, float], colours: tuple[RGB, ...], weight: FloatArray | None = None
    ) -> float:
        v = np.array(lab, np.float32)
        w = np.ones(3, np.float32) if weight is None else weight
        return min(length((v - rgb_lab(c)) * w) for c in colours)

    gap_scale = (profile.gap_scale or cfg.gap_scale) * scale
    # (cue, colour measured, the look's colours, weight, tolerance, channel weights: the
    # faces' lightness counts less on a photo)
    colour_cues = (
        ("tile colour", look.face_lab, profile.faces, cfg.face_weight, cfg.colour_scale * scale,
         light),
        ("board colour", look.gap_lab, profile.gaps, cfg.gap_weight, gap_scale, None),
        ("colour around the board", look.rim_lab, profile.rims, cfg.rim_weight, gap_scale, None),
    )  # fmt: skip
    for what, lab, colours, weight, tolerance, channels in colour_cues:
        if lab is None or not colours:
            continue
        d = distance(lab, colours, channels)
        near = math.exp(-0.5 * (d / tolerance) ** 2)
        points += weight * near
        if near > 0.5:
            why.append(f"{what} (dE {d:.0f})")
    if _hues_match(profile, look, cfg):
        points += cfg.hue_weight
        why.append("tile and board hues")
    if (
        look.gap_lab is not None
        and profile.gaps
        and (
            _other_hue(look.gap_lab, profile.gaps, cfg)
            or _over_coloured(look.gap_lab, profile.gaps, cfg)
        )
    ):
        points -= cfg.gap_miss
    if (
        look.face_lab is not None
        and profile.faces
        and not look.photo  # a photo's white balance moves the faces' tint
        and _other_hue(look.face_lab, profile.faces, cfg, cfg.face_miss_chroma, cfg.face_hue_chroma)
    ):
        points -= cfg.face_miss
    rows, cols = look.size
    square = _square_sizes(profile)
    if square and rows and (rows != cols or rows not in square):
        points += cfg.size_mismatch
    kinds = {name for _, name in look.badges if name.startswith(profile.name + ":")}
    if kinds:
        points += cfg.badge_weight * min(2, len(kinds))
        why.append(f"bonus squares in its colours ({', '.join(sorted(kinds))})")
    elif look.badges and profile.name not in BONUS_STYLES:
        points += cfg.badge_foreign
    if profile.name in look.states:
        points += cfg.state_weight
        why.append("tiles in the colours of a traced word")
    if look.gems:
        if profile.gems is not None:
            points += cfg.gem_weight
            why.append(f"gems on {look.gems} tile{'s' if look.gems > 1 else ''}")
        else:
            points += cfg.gem_foreign
    if irregular > 0:
        if profile.dice:
            points += cfg.dice_weight * irregular
            if irregular >= 0.5:
                why.append(f"a photo of dice (tiles irregular, fit {look.fit:.2f})")
        else:
            points += cfg.screen_photo * irregular
    if look.photo and profile.dice:
        points += cfg.tilt_weight
    every_way = _turned_every_way(look, cfg)
    if every_way is not None and profile.dice:
        points += cfg.turned_weight
        why.append(f"letters turned every way ({every_way[0]} of {every_way[1]})")
    elif every_way is not None:
        points += cfg.turned_foreign
    elif profile.dice and _all_upright(look, cfg):
        points += cfg.upright_weight
    if _unlike_table(profile, look, cfg):
        points += cfg.table_foreign
    if look.digrams and not any(game.digrams for game in look_records(profile.name)):
        points += cfg.digram_foreign
    return points, why


def _unlike_table(profile: Look, look: BoardLook, cfg: GamesConfig) -> bool:
    """Whether the values read beside sure letters contradict the one table the game of
    ``profile`` prints (``GamesConfig.table_min``, ``table_share``). The share is of the
    values that tell that table from another game's (``_telling``)."""
    if not look.values:
        return False
    for game in look_records(profile.name):
        table = game.letter_values
        if not game.values_fixed or table is None:
            continue
        unlike = sum(1 for ch, value in look.values if table.get(ch.lower(), value) != value)
        telling = _telling(look.values, game)
        if unlike >= cfg.table_min and unlike >= cfg.table_share * telling:
            return True
    return False


def _telling(values: Sequence[tuple[str, int]], game: Game) -> int:
    """How many of ``values`` (letter, value read) are of letters that ``game``'s table
    values otherwise than the table of another game printing its values in the same
    corner does: the rest fit either way. A dark Scramble board printing the Words With
    Friends values read X 8, R 1, L 2, W 4 and D 2 against SpellCast's 7, 2, 3, 5 and 3;
    its other 20 (E's, G's, I's, M's, N's, O's) print what SpellCast prints, and the 5
    were under a quarter of 25: SpellCast at 0.94 (tools.synth scramble 121201, held
    out). Every value counts where no such table tells."""
    table = game.letter_values or {}
    others = [
        g.letter_values
        for g in RECORDS
        if g.letter_values and g.value_corner == game.value_corner and g.name != game.name
    ]
    if not others:
        return len(values)
    return sum(
        1 for ch, _ in values if any(o.get(ch.lower()) != table.get(ch.lower()) for o in others)
    )


def _hues_match(profile: Look, look: BoardLook, cfg: GamesConfig) -> bool:
    """Whether the board's faces and gaps both have the hue of one of the game's coloured
    faces and boards (see ``GamesConfig.hue_weight``)."""
    if look.face_lab is None or look.gap_lab is None:
        return False
    return _near_hue(look.face_lab, profile.faces, cfg) and _near_hue(
        look.gap_lab, profile.gaps, cfg
    )


def _near_hue(lab: tuple[float, float, float], colours: tuple[RGB, ...], cfg: GamesConfig) -> bool:
    """Whether ``lab`` is clearly coloured (``hue_min_chroma``, and ``hue_chroma_share`` of
    the colour's) and within ``hue_match`` degrees of one of the clearly coloured
    ``colours``."""
    _, a, b = lab
    measured = math.hypot(a, b)
    if measured < cfg.hue_min_chroma:
        return False
    angle = hue(a, b)
    for c in colours:
        _, ca, cb = (float(x) for x in rgb_lab(c))
        theirs = math.hypot(ca, cb)
        if (
            theirs >= cfg.hue_colour_chroma
            and measured >= cfg.hue_chroma_share * theirs
            and hue_apart(angle, hue(ca, cb)) <= cfg.hue_match
        ):
            return True
    return False


def _over_coloured(
    lab: tuple[float, float, float], colours: tuple[RGB, ...], cfg: GamesConfig
) -> bool:
    """Whether ``lab`` is more than ``gap_over_chroma`` times as coloured as the most
    coloured of ``colours``."""
    most = max(float(chroma(rgb_lab(c))) for c in colours)
    return math.hypot(lab[1], lab[2]) > cfg.gap_over_chroma * most


def _other_hue(
    lab: tuple[float, float, float],
    colours: tuple[RGB, ...],
    cfg: GamesConfig,
    clear: float | None = None,
    neutral: float | None = None,
) -> bool:
    """Whether a colour ``lab`` is clearly coloured (chroma ``clear``, default
    ``gap_miss_chroma``) and of another hue than every one of a game's ``colours`` (a
    neutral colour of the game, under chroma ``neutral``, default the same, matches any)."""
    clear = cfg.gap_miss_chroma if clear is None else clear
    neutral = clear if neutral is None else neutral
    _, a, b = lab
    if math.hypot(a, b) < clear:
        return False
    angle = hue(a, b)
    for c in colours:
        _, ca, cb = (float(x) for x in rgb_lab(c))
        if math.hypot(ca, cb) < neutral:
            return False
        if hue_apart(angle, hue(ca, cb)) <= cfg.gap_miss_hue:
            return False
    return True


def _enough_read(look: BoardLook, cfg: GamesConfig) -> float:
    """How many letters read surely tell how the letters lie: ``turn_min_read``, or half
    the board when it is smaller. One bar for ``_surely_read`` and ``_blind``: with two, a
    4x4 board with 8 letters read was neither, and a Scramble board at 14 px tiles, its
    8 letters all upright, was named Boggle at 0.86 on its tiles' fit alone
    (benchmarks/stress.py 108000, tile14 and desktop14)."""
    rows, cols = look.size
    return min(cfg.turn_min_read, rows * cols / 2) if rows else cfg.turn_min_read


def _surely_read(look: BoardLook, cfg: GamesConfig) -> tuple[int, int] | None:
    """(turned, read): how many letters were read surely, and how many of them only after
    a turn, where enough were (``_enough_read``); else None (too few to tell)."""
    if look.turned is None or look.turned[1] < _enough_read(look, cfg):
        return None
    return look.turned


def _values_unread(look: BoardLook, cfg: GamesConfig) -> bool:
    """Whether the letters were read (``_surely_read``) and fewer than ``values_read`` of
    the tiles read surely gave a point value read surely."""
    counts = _surely_read(look, cfg)
    return counts is not None and len(look.values) < cfg.values_read * counts[1]


def _turned_every_way(look: BoardLook, cfg: GamesConfig) -> tuple[int, int] | None:
    """(turned, read) where ``turn_share`` or more of the letters read surely were read
    only after a turn (as dice lie; ``_surely_read``); else None."""
    counts = _surely_read(look, cfg)
    return counts if counts is not None and counts[0] >= cfg.turn_share * counts[1] else None


def _all_upright(look: BoardLook, cfg: GamesConfig) -> bool:
    """Whether enough letters were read surely (``_surely_read``), every one upright."""
    counts = _surely_read(look, cfg)
    return counts is not None and not counts[0]


def _blind(look: BoardLook, cfg: GamesConfig) -> bool:
    """Whether the letters were read and too few of them could be read surely
    (``_enough_read``)."""
    return look.turned is not None and look.turned[1] < _enough_read(look, cfg)


def _describe(look: BoardLook) -> list[str]:
    return [
        f"values: {look.value_corner or 'none'}",
        f"tile colour Lab {look.face_lab}",
        f"board colour Lab {look.gap_lab}",
        "photo" if look.photo else "screenshot",
    ]
