"""The game registry: every fact about a game in one record (``Game``).

A record holds the game's names (``name``, ``aliases``), the board sizes it deals, the
shortest word it accepts, its Q rule, its scoring (points by word length, or letter values
summed along the path with bonus squares), where a tile's point value is printed, which
bonus squares its boards mark, what its boards look like (``look``: the colour cues the
recognizer knows it by), and ``source``: where the rules come from, saying so where a rule
is not certain. Scoring (``assistant.scoring``, ``assistant.solver``), game recognition
(``assistant.games``), the game decision (``assistant.pipeline``), bonus reading
(``assistant.bonus``) and the CLI read these records; adding a game is adding one record,
with its look, to ``RECORDS``.

Names are folded before lookup (lowercase, spaces, hyphens and underscores dropped), so
"Word Hunt", "word_hunt" and "wordhunt" are one game.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from assistant.errors import UnknownGameError

if TYPE_CHECKING:
    from assistant.board import Tile
    from assistant.geometry import Corner  # typing only: solving a typed board loads no numpy

QRule = Literal["qu", "q"]
RGB = tuple[int, int, int]
ALL_BONUSES = frozenset({"DL", "TL", "DW", "TW"})


def _values(spec: str) -> Mapping[str, int]:
    """``"A1 B4 ..."`` -> {"a": 1, "b": 4, ...}, checked to cover a-z exactly once."""
    table = {item[0].lower(): int(item[1:]) for item in spec.split()}
    if sorted(table) != [chr(c) for c in range(97, 123)]:
        raise AssertionError(f"letter table does not cover a-z: {spec}")
    return MappingProxyType(table)


@dataclass(frozen=True)
class BonusStyle:
    """How a game's boards mark bonus squares: ``marker`` ("badge": a small coloured label
    on the tile; "tile": the whole tile filled in a colour), the colour of each kind (sRGB)
    and the texts written on the marker (text -> kind)."""

    marker: Literal["badge", "tile"]
    palette: Mapping[str, RGB]
    texts: Mapping[str, str]
    # Where on the tile the badge sits, or a filled tile's name is written.
    corner: Corner = "top-left"

    @classmethod
    def of(
        cls,
        marker: Literal["badge", "tile"],
        texts: Mapping[str, str] | None = None,
        **palette: RGB,
    ) -> BonusStyle:
        """A style from its colours by kind (``DL=(r, g, b), ...``); ``texts`` default to
        each kind's own name."""
        written = dict(texts) if texts is not None else {kind: kind for kind in palette}
        return cls(marker, MappingProxyType(palette), MappingProxyType(written))


# Bonus colours as the synthetic looks draw them (tools/synth: looks_phone.RUZZLE_BONUS,
# SCRAMBLE_BONUS; looks_spellcast.BONUS), which follow the games' screens: Ruzzle green DL,
# blue TL, yellow DW, red TW; Scramble (Words With Friends colours) blue DL, green TL, pink
# DW, orange TW; SpellCast (issue 9) gold DL and TL badges, a pink "2X" badge.


@dataclass(frozen=True)
class Look:
    """What one game's boards look like: the cues ``assistant.games`` recognises it by.

    ``faces``: the face colours of its themes (sRGB); ``gaps``: the colours between its
    tiles (empty: any); ``rims``: the colours just around its board (empty: any); ``dice``:
    a photo of dice; ``gems``: the corner where SpellCast's gems sit on some tiles (None:
    the game has none);
    ``states``: face colours its tiles take while a word is traced (Word Hunt), which are
    no bonus squares; ``gap_scale``: a patterned or shaded background's own colour
    tolerance (dE; None: ``GamesConfig.gap_scale``); ``bonus``: how its boards mark bonus
    squares (None: they have none). Where its point values sit, its board sizes and its Q
    rule are the facts of the records that have this look."""

    name: str  # the recognizer's name for it (``GameGuess.name``)
    faces: tuple[RGB, ...]
    gaps: tuple[RGB, ...] = ()
    rims: tuple[RGB, ...] = ()
    dice: bool = False
    gems: Corner | None = None
    states: tuple[RGB, ...] = ()
    gap_scale: float | None = None
    bonus: BonusStyle | None = None


# Colours measured on fixtures/real (Wordament phone/desktop, two dice photos, three Word
# Hunt crops: wood faces (245, 210, 150), dark green board (68, 92, 67) shading to
# (47, 64, 47) under the tiles, light green rim (144, 232, 138), green background
# (104, 150, 102)) and on the synthetic looks of the other games, which follow the games'
# screens as described in issue 9 (SpellCast: cream-white tiles on a dark navy board).
BOGGLE_LOOK = Look(
    "boggle",
    faces=((219, 211, 201), (208, 197, 185), (212, 223, 220), (197, 193, 174)),
    dice=True,
)


@dataclass(frozen=True)
class Game:
    """One game: its names, boards, word rules and scoring, and where its facts come from.

    Length games set ``length_points``; letter games set ``letter_values`` and the bonus
    fields."""

    name: str  # canonical name, as --game and JSON write it
    title: str
    source: str  # where the rules come from; what is not certain says so
    aliases: tuple[str, ...] = ()  # other names players use (folded: lowercase a-z0-9)
    sizes: tuple[tuple[int, int], ...] = ((4, 4),)  # board sizes the game deals (rows, cols)
    min_len: int = 3  # shortest word the game accepts
    # How a tile showing Q reads: "qu" (the Qu tile of Boggle dice) or "q" (a plain Q).
    q_rule: QRule = "qu"
    # Tiles may print a prefix's or suffix's hyphen (Wordament's OVER-, -IC): on tiles so
    # small that a hyphen is a pixel or two, a single letter read there may have lost one.
    affixes: bool = False
    # Tiles may print several letters (Wordament's digrams ER, TH and its affixes); a Qu
    # tile is a letter of its own (``q_rule``), not several.
    digrams: bool = False
    # Where the point value is printed on a tile (None: the game prints none).
    value_corner: Corner | None = None
    bonus_squares: frozenset[str] = frozenset()  # DL, TL, DW, TW marked on its boards
    # What its boards look like (None: the recognizer does not know it); records that
    # share a look are one game in several sizes (Boggle and Big Boggle).
    look: Look | None = None
    # Points by word length: length_points[n] for n letters; past the end of the tuple the
    # last entry plus points_per_extra_letter for each further letter.
    length_points: tuple[int, ...] = ()
    points_per_extra_letter: int = 0
    letter_values: Mapping[str, int] | None = None
    # Every tile of a letter prints the same value, the game's table (``letter_values``):
    # a value too small or blurred to read is the table's for a letter read surely, and a
    # value read surely but unlike the table's is doubted (``fixed_values``).
    values_fixed: bool = False
    letter_bonuses: bool = False  # DL/TL multiply a tile's value
    word_bonuses: bool = False  # DW/TW multiply the word's letter total
    # (min letters, numerator, denominator): the last entry that applies multiplies the
    # letter total, rounded down.
    length_multipliers: tuple[tuple[int, int, int], ...] = ()
    bonus_per_letter_over: tuple[int, int] | None = None  # (n, p): +p per letter past n
    long_word_bonus: tuple[int, int] | None = None  # (n, p): +p for words of n+ letters

    def __post_init__(self) -> None:
        # The solver orders length-game words by length, which is score order only if
        # longer words never score less.
        points = self.length_points
        if any(a > b for a, b in itertools.pairwise(points)) or (self.points_per_extra_letter < 0):
            raise ValueError(f"{self.name}: length points must not decrease with length")
        if (self.letter_values is None) == (not points):
            raise ValueError(f"{self.name}: give either length_points or letter_values")
        # The bonus squares the game scores are the ones its look knows how to read.
        style = self.look.bonus if self.look is not None else None
        if style is not None and frozenset(style.palette) != self.bonus_squares:
            raise ValueError(f"{self.name}: its look marks {sorted(style.palette)} bonus squares")

    @property
    def by_length(self) -> bool:
        """True when a word's score depends only on its length (not on its path)."""
        return self.letter_values is None

    def length_score(self, letters: int) -> int:
        """Points for a word of ``letters`` letters in a length game."""
        table = self.length_points
        if letters < len(table):
            return table[letters]
        return table[-1] + self.points_per_extra_letter * (letters - len(table) + 1)

    def tile_value(self, tile: Tile, segment: str) -> int:
        """A tile's letter value before bonuses when it spells ``segment``."""
        if tile.value is not None:
            return tile.value
        values = self.letter_values
        if values is None:
            return 0
        return sum(values.get(ch, 0) for ch in segment)

    def table_value(self, segment: str) -> int | None:
        """The value the game's table prints on a tile spelling ``segment`` (lower case),
        or None where a character has none (a hyphen) or the game has no table."""
        values = self.letter_values
        if values is None or not all(ch in values for ch in segment):
            return None
        return sum(values[ch] for ch in segment)

    def tile_points(self, tile: Tile, segment: str) -> tuple[int, int]:
        """(letter points with the tile's letter bonus, the tile's word factor)."""
        value = self.tile_value(tile, segment)
        bonus = tile.bonus
        if bonus is None:
            return value, 1
        return (
            value * bonus.letter_factor if self.letter_bonuses else value,
            bonus.word_factor if self.word_bonuses else 1,
        )

    def finish(self, points: int, word_factor: int, letters: int) -> int:
        """A letter game's word score from its tiles' summed ``points`` and multiplied word
        factors: the word bonus, then the length multiplier, then the length bonuses."""
        total = points * word_factor
        numerator, denominator = 1, 1
        for min_letters, num, den in self.length_multipliers:
            if letters >= min_letters:
                numerator, denominator = num, den
        total = total * numerator // denominator
        if self.bonus_per_letter_over is not None:
            over, extra = self.bonus_per_letter_over
            total += extra * max(0, letters - over)
        if self.long_word_bonus is not None:
            min_letters, extra = self.long_word_bonus
            if letters >= min_letters:
                total += extra
        return total

    def score_tiles(self, tiles: Sequence[Tile], segments: Sequence[str]) -> int:
        """The score of the word spelled by ``segments[i]`` on ``tiles[i]``."""
        letters = sum(len(s) for s in segments)
        if self.letter_values is None:
            return self.length_score(letters)
        points = 0
        word_factor = 1
        for tile, segment in zip(tiles, segments, strict=True):
            value, factor = self.tile_points(tile, segment)
            points += value
            word_factor *= factor
        return self.finish(points, word_factor, letters)


BOGGLE = Game(
    name="boggle",
    look=BOGGLE_LOOK,
    title="Boggle",
    source="the printed Boggle rules (Hasbro/Parker Brothers), 'Scoring', as on Wikipedia's "
    "Boggle page: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; Qu counts as two letters",
    aliases=("classic", "classicboggle"),
    sizes=((4, 4),),
    length_points=(0, 0, 0, 1, 1, 2, 3, 5, 11),
)

BIG_BOGGLE = Game(
    name="bigboggle",
    look=BOGGLE_LOOK,
    title="Big Boggle / Super Big Boggle",
    source="the printed Big Boggle rules (5x5): words of at least 4 letters, 4: 1, 5: 2, "
    "6: 3, 7: 5, 8+: 11. Super Big Boggle (6x6) is scored the same here; its printed table "
    "(extra points past 8 letters) is not confirmed",
    aliases=("big", "superbigboggle", "superbig", "boggle5x5", "boggle6x6"),
    sizes=((5, 5), (6, 6)),
    min_len=4,
    digrams=True,  # Super Big Boggle's die of An, Er, He, In, Qu, Th
    length_points=(0, 0, 0, 0, 1, 2, 3, 5, 11),
)

WORDHUNT = Game(
    name="wordhunt",
    # Word Hunt's board is shaded under the tiles and its background patterned: gap
    # samples vary by ~15 around the colours. While a word is traced its tiles turn green
    # (a new word) or yellow (found before); its white is not saturated enough to look
    # like a bonus square (tools/synth/looks_wordhunt, from the game's look in issue 9).
    look=Look(
        "wordhunt",
        faces=((245, 210, 150), (235, 206, 147)),
        gaps=((68, 92, 67), (52, 70, 52)),
        rims=((104, 150, 102), (144, 232, 138), (86, 128, 86)),
        states=((126, 214, 108), (246, 214, 84)),
        gap_scale=16.0,
    ),
    title="Word Hunt (GamePigeon)",
    source="the in-game results screen as players report it: 3 letters 100, 4: 400, 5: 800, "
    "6: 1400, 7: 1800, 8: 2200, then +400 per further letter (issue 10). The Q tile's "
    "reading (Qu or Q) is not confirmed",
    aliases=("gamepigeon", "gamepigeonwordhunt"),
    sizes=((4, 4), (5, 5)),
    length_points=(0, 0, 0, 100, 400, 800, 1400, 1800, 2200),
    points_per_extra_letter=400,
)

WORDAMENT = Game(
    name="wordament",
    look=Look(
        "wordament",
        faces=((253, 150, 12), (255, 255, 249), (237, 232, 223), (249, 247, 240)),
        gaps=((6, 65, 133), (27, 81, 160), (133, 125, 107), (118, 106, 84), (127, 91, 43)),
    ),
    title="Wordament",
    source="letter values as printed on Wordament tiles (community-documented, e.g. the "
    "Wordament wiki's 'Tile values'); a digram/prefix/suffix tile's printed value counts "
    "once; length multipliers x1.5 for 5 letters, x2 for 6-7, x2.5 for 8+ (rounded down) "
    "from the project's Foundation issue",
    aliases=("microsoftwordament",),
    letter_values=_values(
        "A2 B5 C3 D3 E1 F5 G4 H4 I2 J10 K6 L3 M4 N2 O2 P4 Q8 R2 S2 T2 U4 V6 W6 X9 Y5 Z8"
    ),
    length_multipliers=((5, 3, 2), (6, 2, 1), (8, 5, 2)),
    value_corner="top-left",
    affixes=True,
    digrams=True,
)

RUZZLE = Game(
    name="ruzzle",
    look=Look(
        "ruzzle",
        faces=((242, 238, 230),),
        gaps=((21, 38, 76),),
        bonus=BonusStyle.of(
            "badge", DL=(61, 174, 73), TL=(45, 127, 211), DW=(243, 167, 18), TW=(226, 59, 59)
        ),
    ),
    title="Ruzzle",
    source="Ruzzle's in-game 'How to play' scoring page (English letter set): letter values, "
    "DL/TL multiply a tile, DW/TW the word, then +5 per letter beyond 4",
    letter_values=_values(
        "A1 B4 C4 D2 E1 F4 G3 H4 I1 J10 K5 L1 M3 N1 O1 P4 Q10 R1 S1 T1 U2 V4 W4 X8 Y4 Z10"
    ),
    letter_bonuses=True,
    word_bonuses=True,
    bonus_per_letter_over=(4, 5),
    value_corner="top-right",
    bonus_squares=ALL_BONUSES,
)

SPELLCAST = Game(
    name="spellcast",
    look=Look(
        "spellcast",
        faces=((246, 241, 229), (236, 228, 214)),
        gaps=((24, 31, 58), (31, 41, 77), (18, 22, 42)),
        rims=((24, 31, 58), (31, 41, 77), (18, 22, 42)),
        gems="bottom-left",
        gap_scale=14.0,
        # DL and TL share the gold: only the badge's text tells them apart.
        bonus=BonusStyle.of(
            "badge",
            {"DL": "DL", "TL": "TL", "2X": "DW"},
            DL=(242, 184, 48),
            TL=(242, 184, 48),
            DW=(236, 72, 153),
        ),
    ),
    title="SpellCast (Discord)",
    source="the community-documented SpellCast table (the SpellCast solver write-ups on "
    "GitHub and the game's in-app help): letter values, DL/TL letter bonuses, a 2x word "
    "tile (read as DW), +10 for words of 6+ letters after the multiplier; its Q tile is a "
    "plain Q; every tile of a letter prints the table's value (the solvers' tables, and "
    "every screenshot of the game the project has seen)",
    aliases=("discord", "discordspellcast"),
    sizes=((5, 5),),
    q_rule="q",
    letter_values=_values(
        "A1 B4 C5 D3 E1 F5 G3 H4 I1 J7 K6 L3 M4 N2 O1 P4 Q8 R2 S2 T2 U4 V5 W5 X7 Y4 Z8"
    ),
    values_fixed=True,
    letter_bonuses=True,
    word_bonuses=True,
    long_word_bonus=(6, 10),
    # The value sits small at the tile's bottom-right (issue 9, from the real game).
    value_corner="bottom-right",
    bonus_squares=frozenset({"DL", "TL", "DW"}),
)

SCRAMBLE = Game(
    name="scramble",
    look=Look(
        "scramble",
        faces=((242, 247, 250), (223, 228, 237)),
        gaps=((48, 125, 216), (38, 64, 107)),
        bonus=BonusStyle.of(
            "tile", DL=(41, 169, 224), TL=(91, 190, 75), DW=(233, 80, 107), TW=(245, 154, 35)
        ),
    ),
    title="Scramble With Friends / Boggle With Friends (Zynga)",
    source="letter values as printed on its tiles (the Words With Friends values), DL/TL "
    "multiply a tile, DW/TW the word. Boggle With Friends is the same game renamed (2018). "
    "Players report a bonus for long words, but its amounts are not confirmed, so none is "
    "applied",
    aliases=("scramblewithfriends", "bogglewithfriends", "scramblewf"),
    sizes=((4, 4), (5, 5)),
    letter_values=_values(
        "A1 B4 C4 D2 E1 F4 G3 H3 I1 J10 K5 L2 M4 N2 O1 P4 Q10 R1 S1 T1 U2 V5 W4 X8 Y3 Z10"
    ),
    letter_bonuses=True,
    word_bonuses=True,
    value_corner="bottom-right",
    bonus_squares=ALL_BONUSES,
)

# Every game, in the order help and README list them. Adding a game is adding it here.
RECORDS: tuple[Game, ...] = (
    BOGGLE,
    BIG_BOGGLE,
    WORDHUNT,
    WORDAMENT,
    RUZZLE,
    SPELLCAST,
    SCRAMBLE,
)
GAMES: Mapping[str, Game] = MappingProxyType({g.name: g for g in RECORDS})
ALIASES: Mapping[str, str] = MappingProxyType({a: g.name for g in RECORDS for a in g.aliases})
# Every look a record has, once each, in the order of the records.
LOOKS: tuple[Look, ...] = tuple({g.look.name: g.look for g in RECORDS if g.look}.values())


def agreed_corner(corners: Iterable[Corner], what: str, default: Corner) -> Corner:
    """The one corner of a tile where every look that has ``what`` puts it (``corners``:
    theirs). A stage that searches it before the game is known needs them to agree: an
    AssertionError when they do not; ``default`` when no look has one."""
    found = set(corners)
    if len(found) > 1:
        raise AssertionError(f"looks disagree on the corner of {what}: {found}")
    return found.pop() if found else default


def fold_name(name: str) -> str:
    """A game name as looked up: lowercase, without spaces, hyphens and underscores."""
    return "".join(ch for ch in name.lower() if ch not in " -_")


def find_game(name: str) -> Game | None:
    """The record for ``name`` (any spelling or alias), or None."""
    key = fold_name(name)
    return GAMES.get(key) or GAMES.get(ALIASES.get(key, ""))


def get_game(name: str | Game) -> Game:
    """The record for ``name``; raises UnknownGameError naming the known games."""
    if isinstance(name, Game):
        return name
    game = find_game(name)
    if game is None:
        raise UnknownGameError(
            f"unknown game {name!r}",
            hint=f"use one of {', '.join(GAMES)} (also: {', '.join(ALIASES)})",
        )
    return game


def look_records(look: str) -> tuple[Game, ...]:
    """The records whose look is named ``look`` (Boggle and Big Boggle share one)."""
    return tuple(g for g in RECORDS if g.look is not None and g.look.name == look)


def _record(game: str | None) -> Game | None:
    """The record of ``game``: a registry name or alias, or a look (its first record)."""
    if not game:
        return None
    return find_game(game) or next(iter(look_records(game)), None)


def look_sizes(game: str | None) -> tuple[tuple[int, int], ...]:
    """The board sizes (rows, cols) dealt by ``game`` (a registry name or alias, or a look)
    and the games that share its look (Boggle's 4x4 and Big Boggle's 5x5); empty for an
    unknown game."""
    record = _record(game)
    if record is None:
        return ()
    same = look_records(record.look.name) if record.look is not None else (record,)
    return tuple(dict.fromkeys(size for g in same for size in g.sizes))


def prints_affixes(game: str | None) -> bool:
    """Whether ``game`` (a registry name or alias, or a look) may print a prefix or suffix
    tile (its hyphen); an unknown game (None) may."""
    record = _record(game)
    return record.affixes if record is not None else True


def deals_dice(game: str | None) -> bool:
    """Whether ``game`` (a registry name or alias, or a look) is played with dice, which
    lie every way in a photo of its tray; an unknown game (None) is not known to be."""
    record = _record(game)
    return record is not None and record.look is not None and record.look.dice


def fixed_values(game: str | None) -> Game | None:
    """The record of ``game`` (a registry name or alias, or a look) when every tile of it
    prints the value of one table, its ``letter_values`` (``Game.values_fixed``); else
    None (an unknown game, or one whose printed values vary)."""
    record = _record(game)
    return record if record is not None and record.values_fixed else None


def q_rule(game: str | None) -> QRule:
    """What a printed ``Q`` means in ``game`` (a registry name or alias, or a look): "q" (a
    plain Q: SpellCast) or "qu" (the Qu tile: Boggle dice and the apps that copy them; also
    an unknown game)."""
    record = _record(game)
    return record.q_rule if record is not None else "qu"


def game_for_board(game: Game, rows: int, cols: int) -> Game:
    """The record of ``game``'s look that deals a ``rows`` x ``cols`` board (a 5x5 Boggle
    board is Big Boggle), else ``game`` itself."""
    if (rows, cols) in game.sizes or game.look is None:
        return game
    same_look = (g for g in look_records(game.look.name) if (rows, cols) in g.sizes)
    return next(same_look, game)


def game_for_look(look: str, rows: int, cols: int) -> Game | None:
    """The record a recognised look (``Look.name``) stands for on a board of this size, or
    None when no record has that look (the unknown look)."""
    records = look_records(look)
    if not records:
        return None
    return game_for_board(records[0], rows, cols)
