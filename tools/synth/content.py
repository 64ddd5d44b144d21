"""What is on a synthetic board: letters, point values and bonus squares, drawn from the
real games' letter sets.

* Boggle looks roll the real dice: the 16 dice of classic Boggle (1987 on) and the 25 of
  Big Boggle, each die landing on a random face at a random quarter turn.
* The apps draw letters from a Scrabble-like bag (vowel-heavy English frequencies) and
  score them with each game's own letter values.
* Wordament boards sometimes carry one themed special tile: a digram (TH, ER...), a prefix
  (RE-), a suffix (-ING) or an either/or tile (A/B), valued as the real game does (12 for
  prefixes and suffixes, 20 for either/or, as in the real screenshots in shared/realboards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np

# The classic Boggle dice (the 1987-on set); "Q" is the face printed "Qu".
CLASSIC_DICE: tuple[str, ...] = (
    "AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY",
    "DISTTY", "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMNQU", "HLNNRZ",
)  # fmt: skip

# Big Boggle (5x5) dice.
BIG_DICE: tuple[str, ...] = (
    "AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU", "AEGMNN", "AFIRSY",
    "BJKQXZ", "CCENST", "CEIILT", "CEILPT", "CEIPST", "DDHNOT", "DHHLOR", "DHLNOR",
    "DHLNOR", "EIIITT", "EMOTTT", "ENSSSU", "FIPRSY", "GORRVW", "IPRRRY", "NOOTUW",
    "OOOTTU",
)  # fmt: skip

# Letter bag of the apps: Scrabble's tile counts without the blanks, Q left out (the apps
# here either have no Q or show it as a QU digram).
APP_BAG: dict[str, int] = {
    "E": 12, "A": 9, "I": 9, "O": 8, "N": 6, "R": 6, "T": 6, "L": 4, "S": 5, "U": 4,
    "D": 4, "G": 3, "B": 2, "C": 2, "M": 2, "P": 2, "F": 2, "H": 2, "V": 2, "W": 2,
    "Y": 2, "K": 1, "J": 1, "X": 1, "Z": 1,
}  # fmt: skip

# Letter values. Wordament: read off the real screenshots (shared/realboards), X/Z/Q
# guessed in proportion. Ruzzle: Scrabble values. Scramble/Boggle With Friends: Words With
# Friends values. SpellCast: the values its solvers use.
WORDAMENT_VALUES: dict[str, int] = {
    "A": 2, "B": 5, "C": 3, "D": 3, "E": 1, "F": 5, "G": 4, "H": 4, "I": 2, "J": 10,
    "K": 6, "L": 3, "M": 4, "N": 2, "O": 2, "P": 4, "Q": 10, "R": 2, "S": 2, "T": 2,
    "U": 4, "V": 6, "W": 6, "X": 9, "Y": 5, "Z": 8,
}  # fmt: skip
RUZZLE_VALUES: dict[str, int] = {
    "A": 1, "B": 4, "C": 4, "D": 2, "E": 1, "F": 4, "G": 3, "H": 4, "I": 1, "J": 10,
    "K": 5, "L": 1, "M": 3, "N": 1, "O": 1, "P": 4, "Q": 10, "R": 1, "S": 1, "T": 1,
    "U": 2, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
}  # fmt: skip
SCRAMBLE_VALUES: dict[str, int] = {
    "A": 1, "B": 4, "C": 4, "D": 2, "E": 1, "F": 4, "G": 3, "H": 3, "I": 1, "J": 10,
    "K": 5, "L": 2, "M": 4, "N": 2, "O": 1, "P": 4, "Q": 10, "R": 1, "S": 1, "T": 1,
    "U": 2, "V": 5, "W": 4, "X": 8, "Y": 3, "Z": 10,
}  # fmt: skip
SPELLCAST_VALUES: dict[str, int] = {
    "A": 1, "B": 4, "C": 5, "D": 3, "E": 1, "F": 5, "G": 3, "H": 4, "I": 1, "J": 7,
    "K": 6, "L": 3, "M": 4, "N": 2, "O": 1, "P": 4, "Q": 8, "R": 2, "S": 2, "T": 2,
    "U": 4, "V": 5, "W": 5, "X": 7, "Y": 4, "Z": 8,
}  # fmt: skip

WORDAMENT_DIGRAMS: tuple[str, ...] = (
    "TH", "ER", "IN", "QU", "AN", "RE", "ON", "AT", "EN", "ND", "ST", "ES", "CH", "VE",
    "TY", "ED", "OR", "IS", "IT", "AR",
)  # fmt: skip
WORDAMENT_PREFIXES: tuple[str, ...] = ("RE", "UN", "DE", "IN", "SUB", "DIS", "PRE", "EX")
WORDAMENT_SUFFIXES: tuple[str, ...] = ("ING", "ED", "ER", "S", "Y", "LY", "EST", "ION")
WORDAMENT_AFFIX_VALUE = 12  # every prefix/suffix tile in the real screenshots is worth 12
WORDAMENT_EITHER_VALUE = 20  # both either/or tiles in the real screenshots are worth 20

T = TypeVar("T")
Grid = list[list[str]]
IntGrid = list[list[int | None]]
BonusGrid = list[list[str | None]]


@dataclass(frozen=True)
class BoardContent:
    """The truth for one board: labels in display form ("A", "QU", "RE-", "A/B", ""),
    point values and bonuses (None where the look shows none), and for dice the quarter
    turns (0-3, counter-clockwise) each letter is drawn at."""

    rows: int
    cols: int
    letters: tuple[tuple[str, ...], ...]
    values: tuple[tuple[int | None, ...], ...] | None
    bonuses: tuple[tuple[str | None, ...], ...] | None
    turns: tuple[tuple[int, ...], ...]

    def letters_list(self) -> Grid:
        return [list(r) for r in self.letters]

    def values_list(self) -> IntGrid | None:
        return None if self.values is None else [list(r) for r in self.values]

    def bonuses_list(self) -> BonusGrid | None:
        return None if self.bonuses is None else [list(r) for r in self.bonuses]


def _grid(flat: list[T], rows: int, cols: int) -> tuple[tuple[T, ...], ...]:
    return tuple(tuple(flat[r * cols : (r + 1) * cols]) for r in range(rows))


def roll_dice(
    rng: np.random.Generator, dice: tuple[str, ...], rows: int, cols: int, *, turn: bool
) -> BoardContent:
    """Shake a Boggle set: shuffle the dice into the tray, each showing a random face and
    (with ``turn``) a random quarter turn."""
    n = rows * cols
    order = rng.permutation(len(dice))[:n]
    letters: list[str] = []
    for i in order:
        face = dice[int(i)][int(rng.integers(6))]
        letters.append("QU" if face == "Q" else face)
    turns = [int(rng.integers(4)) if turn else 0 for _ in range(n)]
    return BoardContent(
        rows, cols, _grid(letters, rows, cols), None, None, _grid(turns, rows, cols)
    )


def draw_bag(rng: np.random.Generator, n: int, *, min_vowels: int) -> list[str]:
    """``n`` letters from the app bag's frequencies, re-drawn until at least ``min_vowels``
    are vowels (the apps never deal an unplayable board)."""
    keys = list(APP_BAG)
    p = np.array([APP_BAG[k] for k in keys], dtype=float)
    p /= p.sum()
    while True:
        picks = [keys[int(i)] for i in rng.choice(len(keys), size=n, p=p)]
        if sum(ch in "AEIOU" for ch in picks) >= min_vowels:
            return picks


def deal_app(
    rng: np.random.Generator,
    rows: int,
    cols: int,
    *,
    values: dict[str, int] | None,
    bonus_counts: dict[str, tuple[int, int]] | None,
    q_chance: float = 0.0,
) -> BoardContent:
    """Letters from the bag; values from ``values``; for each bonus a count drawn from its
    (low, high) range, placed on distinct random tiles. With ``q_chance``, one tile is a
    plain "Q" (games whose Q tile is a plain Q: SpellCast)."""
    n = rows * cols
    letters = draw_bag(rng, n, min_vowels=max(3, n // 4))
    if q_chance > 0 and rng.random() < q_chance:
        letters[int(rng.integers(n))] = "Q"
    vals: list[int | None] | None = None if values is None else [values[c] for c in letters]
    bons: list[str | None] | None = None
    if bonus_counts is not None:
        bons = [None] * n
        free = [int(i) for i in rng.permutation(n)]
        for name, (lo, hi) in bonus_counts.items():
            for _ in range(int(rng.integers(lo, hi + 1))):
                if free:
                    bons[free.pop()] = name
    zeros = [0] * n
    return BoardContent(
        rows,
        cols,
        _grid(letters, rows, cols),
        None if vals is None else _grid(vals, rows, cols),
        None if bons is None else _grid(bons, rows, cols),
        _grid(zeros, rows, cols),
    )


def deal_wordament(rng: np.random.Generator, rows: int, cols: int) -> tuple[BoardContent, str]:
    """A Wordament board and its theme ("regular", "digram", "prefix", "suffix",
    "either"); themed boards carry one special tile (digram boards sometimes two)."""
    n = rows * cols
    letters = draw_bag(rng, n, min_vowels=4)
    vals: list[int | None] = [WORDAMENT_VALUES[c] for c in letters]
    themes = ("regular", "digram", "prefix", "suffix", "either")
    theme = themes[int(rng.choice(len(themes), p=[0.35, 0.25, 0.13, 0.12, 0.15]))]
    spots = [int(i) for i in rng.permutation(n)]
    if theme == "digram":
        for _ in range(1 if rng.random() < 0.75 else 2):
            i = spots.pop()
            d = WORDAMENT_DIGRAMS[int(rng.integers(len(WORDAMENT_DIGRAMS)))]
            letters[i] = d
            vals[i] = sum(WORDAMENT_VALUES[c] for c in d) + int(rng.integers(1, 6))
    elif theme == "prefix":
        i = spots.pop()
        letters[i] = WORDAMENT_PREFIXES[int(rng.integers(len(WORDAMENT_PREFIXES)))] + "-"
        vals[i] = WORDAMENT_AFFIX_VALUE
    elif theme == "suffix":
        i = spots.pop()
        letters[i] = "-" + WORDAMENT_SUFFIXES[int(rng.integers(len(WORDAMENT_SUFFIXES)))]
        vals[i] = WORDAMENT_AFFIX_VALUE
    elif theme == "either":
        i = spots.pop()
        a, b = rng.choice(list("ABDEGLMNOPRSTU"), size=2, replace=False)
        letters[i] = f"{a}/{b}"
        vals[i] = WORDAMENT_EITHER_VALUE
    zeros = [0] * n
    content = BoardContent(
        rows, cols, _grid(letters, rows, cols), _grid(vals, rows, cols), None,
        _grid(zeros, rows, cols),
    )  # fmt: skip
    return content, theme


def wordament_theme(letters: tuple[tuple[str, ...], ...]) -> tuple[str, str]:
    """The theme of a Wordament board and its special tile: ("digram", "TH"),
    ("prefix", "RE-"), ("suffix", "-ING"), ("either", "A/B") or ("regular", "")."""
    for row in letters:
        for t in row:
            if "/" in t:
                return "either", t
            if t.endswith("-"):
                return "prefix", t
            if t.startswith("-"):
                return "suffix", t
    for row in letters:
        for t in row:
            if len(t) > 1:
                return "digram", t
    return "regular", ""
