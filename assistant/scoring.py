"""Scoring rules, one table per game, and the scoring of a word along a path.

A ``Game`` is data: either points by word length (Boggle, Word Hunt) or letter values
summed along the path with the game's bonuses (Wordament, Ruzzle, SpellCast). Word length
always counts letters, so a Qu tile counts as two. Tile point values printed on a board
(``Tile.value``, as in ``E:2``) replace the table's letter values for that tile; a
multi-letter tile's value counts once, and without a printed value it is the sum of its
letters' values.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from assistant.board import Board, Tile, TileKind
from assistant.errors import UnknownGameError


def _values(spec: str) -> Mapping[str, int]:
    """``"A1 B4 ..."`` -> {"a": 1, "b": 4, ...}, checked to cover a-z exactly once."""
    table = {item[0].lower(): int(item[1:]) for item in spec.split()}
    if sorted(table) != [chr(c) for c in range(97, 123)]:
        raise AssertionError(f"letter table does not cover a-z: {spec}")
    return MappingProxyType(table)


@dataclass(frozen=True)
class Game:
    """One game's scoring rules. Length games set ``length_points``; letter games set
    ``letter_values`` and the bonus fields."""

    name: str
    title: str
    # Points by word length: length_points[n] for n letters; past the end of the tuple the
    # last entry plus points_per_extra_letter for each further letter.
    length_points: tuple[int, ...] = ()
    points_per_extra_letter: int = 0
    letter_values: Mapping[str, int] | None = None
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


# Boggle (Hasbro/Parker Brothers): 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; Qu counts as
# two letters. Source: the printed Boggle rules ("Scoring"), as on Wikipedia's Boggle page.
BOGGLE = Game(
    name="boggle",
    title="Boggle",
    length_points=(0, 0, 0, 1, 1, 2, 3, 5, 11),
)

# GamePigeon Word Hunt: 3 letters 100, 4: 400, 5: 800, then +400 per letter beyond 5.
# Source: the project's Foundation issue, which fixes this table. NB: players' write-ups of
# the in-game results screen (e.g. M. Ongkingco, "Word Hunt: A Guide to the GamePigeon
# Game", 2023) give 1400 for six letters, 1800 for seven and 2200 for eight; switching is a
# one-line change to ``length_points`` below, pending a decision recorded in the issue.
WORDHUNT = Game(
    name="wordhunt",
    title="Word Hunt (GamePigeon)",
    length_points=(0, 0, 0, 100, 400, 800),
    points_per_extra_letter=400,
)

# Wordament (Microsoft): the letter values printed on its tiles (A2 B5 C3 ...), summed
# along the path; a digram/prefix/suffix tile's printed value counts once. Long words are
# multiplied: x1.5 for 5 letters, x2 for 6-7, x2.5 for 8+, rounded down. Source: the
# values shown on Wordament tiles (community-documented, e.g. the Wordament wiki's "Tile
# values" list); length multipliers as specified in the project's Foundation issue.
WORDAMENT = Game(
    name="wordament",
    title="Wordament",
    letter_values=_values(
        "A2 B5 C3 D3 E1 F5 G4 H4 I2 J10 K6 L3 M4 N2 O2 P4 Q8 R2 S2 T2 U4 V6 W6 X9 Y5 Z8"
    ),
    length_multipliers=((5, 3, 2), (6, 2, 1), (8, 5, 2)),
)

# Ruzzle (MAG Interactive), English board: letter values as shown on its tiles; DL/TL
# multiply a tile's value, DW/TW multiply the word; then a length bonus of 5 points per
# letter beyond 4. Source: Ruzzle's in-game "How to play" scoring page (English letter set).
RUZZLE = Game(
    name="ruzzle",
    title="Ruzzle",
    letter_values=_values(
        "A1 B4 C4 D2 E1 F4 G3 H4 I1 J10 K5 L1 M3 N1 O1 P4 Q10 R1 S1 T1 U2 V4 W4 X8 Y4 Z10"
    ),
    letter_bonuses=True,
    word_bonuses=True,
    bonus_per_letter_over=(4, 5),
)

# Discord SpellCast: letter values, DL/TL letter bonuses, a 2x word tile, and +10 points
# for words of 6 or more letters (added after the word multiplier). Source: the
# community-documented SpellCast table (e.g. the SpellCast solver write-ups on GitHub and
# the game's in-app help).
SPELLCAST = Game(
    name="spellcast",
    title="SpellCast (Discord)",
    letter_values=_values(
        "A1 B4 C5 D3 E1 F5 G3 H4 I1 J7 K6 L3 M4 N2 O1 P4 Q8 R2 S2 T2 U4 V5 W5 X7 Y4 Z8"
    ),
    letter_bonuses=True,
    word_bonuses=True,
    long_word_bonus=(6, 10),
)

GAMES: Mapping[str, Game] = MappingProxyType(
    {g.name: g for g in (BOGGLE, WORDHUNT, WORDAMENT, RUZZLE, SPELLCAST)}
)
# Other names players use, folded like user input (lowercase, no spaces/hyphens).
ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "classic": "boggle",
        "bigboggle": "boggle",
        "bogglewithfriends": "boggle",
        "scramble": "boggle",
        "scramblewithfriends": "boggle",
        "gamepigeon": "wordhunt",
        "discord": "spellcast",
    }
)


def _fold_name(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch not in " -_")


def get_game(name: str | Game) -> Game:
    """The rules for ``name`` (case, spaces and hyphens ignored; aliases accepted)."""
    if isinstance(name, Game):
        return name
    key = _fold_name(name)
    game = GAMES.get(key) or GAMES.get(ALIASES.get(key, ""))
    if game is None:
        raise UnknownGameError(
            f"unknown game {name!r}",
            hint=f"use one of {', '.join(GAMES)} (also: {', '.join(ALIASES)})",
        )
    return game


# -- a word along a path ----------------------------------------------------------------


def spellings(
    board: Board, path: Sequence[tuple[int, int]], word: str
) -> Iterator[tuple[str, ...]]:
    """Every way the tiles along ``path`` spell ``word``: tuples of one segment per tile.

    Empty when the path is not a chain of distinct, touching, non-blank tiles that spells
    the word with prefix tiles only first and suffix tiles only last.
    """
    cells = [tuple(p) for p in path]
    if not cells or len(set(cells)) != len(cells):
        return
    for k, (r, c) in enumerate(cells):
        if not (0 <= r < board.rows and 0 <= c < board.cols):
            return
        if k and max(abs(r - cells[k - 1][0]), abs(c - cells[k - 1][1])) != 1:
            return
    tiles = [board.tile(r, c) for r, c in cells]
    last = len(tiles) - 1
    for k, tile in enumerate(tiles):
        if tile.kind is TileKind.BLANK:
            return
        if tile.kind is TileKind.PREFIX and k != 0:
            return
        if tile.kind is TileKind.SUFFIX and k != last:
            return

    def split(k: int, at: int) -> Iterator[tuple[str, ...]]:
        if k == len(tiles):
            if at == len(word):
                yield ()
            return
        for option in tiles[k].letters:
            if word.startswith(option, at):
                for rest in split(k + 1, at + len(option)):
                    yield (option, *rest)

    yield from split(0, 0)


def score_path(
    board: Board, path: Sequence[tuple[int, int]], word: str, game: str | Game = "boggle"
) -> int:
    """The score of ``word`` traced along ``path`` under ``game``'s rules.

    Raises ValueError if the path cannot spell the word (see ``spellings``) and
    UnknownGameError for an unknown game.
    """
    rules = get_game(game)
    options = list(spellings(board, path, word))
    if not options:
        raise ValueError(f"path {list(path)} does not spell {word!r} on this board")
    tiles = [board.tile(r, c) for r, c in path]
    return max(rules.score_tiles(tiles, segments) for segments in options)
