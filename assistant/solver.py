"""Find every dictionary word on a board, with its best path and score.

The search is a depth-first walk over the board and the dictionary's word graph at the
same time (``assistant.dictionary`` describes the table): a path is extended only while
the letters so far are a prefix of some word, tiles are tracked in an int bitmask, each
tile's neighbours are precomputed, and a state's letter mask is checked against the
letters around a tile before looping over them. Boards of plain letters (plus the Qu tile
and blanks) take a lean fast path; boards with digrams, prefix/suffix, either/or tiles take
the general path.

Tile rules: a LETTER tile spells its letter; MULTI (QU, TH) all its letters; PREFIX (RE-)
only as the first tile of a path; SUFFIX (-ING) only as the last (the word ends there);
EITHER (A/B) one of its alternatives; BLANK is never used. ``min_len`` counts letters.

For each word the reported path is the best one: highest score under the game, then
fewest tiles, then the lexicographically smallest list of (row, col). Words are ordered by
score (high first), then length (long first), then alphabetically.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Any

from assistant.board import Board, Tile, TileKind, parse_board
from assistant.dictionary import MASK_SLOT, QU_SLOT, Dictionary, default_dictionary
from assistant.scoring import Game, get_game

TilePath = tuple[tuple[int, int], ...]  # (row, col) of each tile, first to last


@dataclass(frozen=True, slots=True)
class WordPath:
    """A word, its score under the game, and the tiles that spell it, first to last."""

    word: str
    score: int
    path: TilePath


@dataclass(frozen=True)
class Solution:
    board: Board
    game: str  # the canonical game name ("boggle", not an alias)
    words: tuple[WordPath, ...]
    elapsed_ms: float

    @property
    def total_score(self) -> int:
        return sum(w.score for w in self.words)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: rows, cols, tiles (label grid), game, words, elapsed_ms."""
        return {
            "rows": self.board.rows,
            "cols": self.board.cols,
            "tiles": self.board.labels,
            "game": self.game,
            "words": [
                {"word": w.word, "score": w.score, "path": [[r, c] for r, c in w.path]}
                for w in self.words
            ],
            "elapsed_ms": round(self.elapsed_ms, 3),
        }


def solve(
    board: Board | str,
    dictionary: Dictionary | None = None,
    game: str | Game = "boggle",
    *,
    min_len: int = 3,
) -> Solution:
    """Every word of ``dictionary`` (default: the built-in ENABLE list) on ``board`` with at
    least ``min_len`` letters, best path and score under ``game``.

    A string board is parsed with ``parse_board``. Raises BoardTextError/BoardShapeError
    for bad board text and UnknownGameError for an unknown game.
    """
    if isinstance(board, str):
        board = parse_board(board)
    rules = get_game(game)
    if min_len < 1:
        raise ValueError(f"min_len must be at least 1, not {min_len}")
    if dictionary is None:
        dictionary = default_dictionary()
    start = time.perf_counter()
    tiles = [t for row in board.tiles for t in row]
    slots = _plain_slots(tiles)
    found: _Found
    if slots is not None:
        found = _search_plain(board, slots, dictionary.table, min_len)
    else:
        found = _search_general(board, tiles, dictionary.table, min_len)
    if rules.by_length:
        words = _rank_by_length(found, rules)
    else:
        words = _rank_by_tiles(found, board, rules)
    return Solution(board, rules.name, words, (time.perf_counter() - start) * 1000)


# Every way the search spelled a word: (word, path, segments), where segments says what
# each tile spelled (None on the plain path, where a tile has only one spelling).
_Found = list[tuple[str, list[tuple[int, int]], tuple[str, ...] | None]]


@functools.cache  # a pure function of the shape (at most 7 x 7 shapes): saves ~25 us a solve
def _geometry(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each flat index (row-major), its 8-neighbours as (flat index, bit)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(
                tuple(
                    ((r + dr) * cols + c + dc, 1 << ((r + dr) * cols + c + dc))
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
                )
            )
    return tuple(out)


# -- the fast path: single letters, the Qu tile and blanks --------------------------------


def _plain_slots(tiles: list[Tile]) -> list[int] | None:
    """Each tile's table slot (0-25 a letter, QU_SLOT the Qu tile, -1 a blank), or None if
    the board has any other kind of tile."""
    slots = []
    for tile in tiles:
        kind = tile.kind
        if kind is TileKind.LETTER and len(tile.letters[0]) == 1 and "a" <= tile.letters[0] <= "z":
            slots.append(ord(tile.letters[0]) - 97)
        elif kind is TileKind.MULTI and tile.letters[0] == "qu":
            slots.append(QU_SLOT)
        elif kind is TileKind.BLANK:
            slots.append(-1)
        else:
            return None
    return slots


def _search_plain(board: Board, slots: list[int], table: Any, min_len: int) -> _Found:
    """Every (word, path) on a board of single letters, Qu tiles and blanks."""
    n = len(slots)
    geometry = _geometry(board.rows, board.cols)
    letters = ["qu" if s == QU_SLOT else chr(97 + s) if s >= 0 else "" for s in slots]
    positions = [(i // board.cols, i % board.cols) for i in range(n)]
    # Per tile: its non-blank neighbours as (index, bit, slot, letters, (row, col)), and the
    # mask of their slots, checked against a state's mask before looping over them.
    nbrs = []
    around = []
    for i in range(n):
        near = tuple(
            (j, bit, slots[j], letters[j], positions[j]) for j, bit in geometry[i] if slots[j] >= 0
        )
        nbrs.append(near)
        mask = 0
        for entry in near:
            mask |= 1 << entry[2]
        around.append(mask)
    found: _Found = []
    record = found.append
    stack: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    mask_slot = MASK_SLOT

    def walk(
        near: tuple[tuple[int, int, int, str, tuple[int, int]], ...],
        ref: int,
        used: int,
        depth: int,
        word: str,
    ) -> None:
        for j, bit, slot, text, pos in near:
            if not used & bit:
                child = table[ref + slot]
                if child:
                    stack[depth] = pos
                    spelled = word + text
                    if child < 0 and len(spelled) >= min_len:
                        record((spelled, stack[: depth + 1], None))
                    if table[child + mask_slot] & around[j]:
                        walk(nbrs[j], child, used | bit, depth + 1, spelled)

    for i in range(n):
        slot = slots[i]
        child = table[slot] if slot >= 0 else 0
        if child:
            stack[0] = positions[i]
            if child < 0 and len(letters[i]) >= min_len:
                record((letters[i], [positions[i]], None))
            if table[child + mask_slot] & around[i]:
                walk(nbrs[i], child, 1 << i, 1, letters[i])
    return found


# -- the general path: digrams, prefix/suffix and either/or tiles -------------------------

_Option = tuple[str, tuple[int, ...]]  # the letters a tile spells, and their table slots


def _options(tile: Tile) -> tuple[_Option, ...]:
    if tile.kind is TileKind.BLANK:
        return ()
    out: list[_Option] = []
    for text in tile.letters:
        if not text or not all("a" <= ch <= "z" for ch in text):
            continue  # no a-z word can use it
        steps = (QU_SLOT,) if text == "qu" else tuple(ord(ch) - 97 for ch in text)
        if (text, steps) not in out:
            out.append((text, steps))
    return tuple(out)


def _search_general(board: Board, tiles: list[Tile], table: Any, min_len: int) -> _Found:
    """Every (word, path, segments) under the full tile rules."""
    n = len(tiles)
    geometry = _geometry(board.rows, board.cols)
    positions = [(i // board.cols, i % board.cols) for i in range(n)]
    options = [_options(t) for t in tiles]
    ends = [t.kind is TileKind.SUFFIX for t in tiles]
    # A prefix tile can only start a path, so it is nobody's neighbour.
    nbrs = [
        tuple(
            (j, bit, options[j], ends[j], positions[j])
            for j, bit in geometry[i]
            if options[j] and tiles[j].kind is not TileKind.PREFIX
        )
        for i in range(n)
    ]
    found: _Found = []
    stack: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    spelled: list[str] = [""] * (n + 1)

    def record(depth: int) -> None:
        segments = tuple(spelled[: depth + 1])
        word = "".join(segments)
        if len(word) >= min_len:
            found.append((word, stack[: depth + 1], segments))

    def walk(
        near: tuple[tuple[int, int, tuple[_Option, ...], bool, tuple[int, int]], ...],
        ref: int,
        used: int,
        depth: int,
    ) -> None:
        for j, bit, opts, last, pos in near:
            if used & bit:
                continue
            for text, steps in opts:
                child = ref
                for slot in steps:
                    child = table[child + slot]
                    if not child:
                        break
                else:
                    stack[depth] = pos
                    spelled[depth] = text
                    if child < 0:
                        record(depth)
                    if not last:
                        walk(nbrs[j], child, used | bit, depth + 1)

    for i in range(n):
        for text, steps in options[i]:
            child = 0
            for slot in steps:
                child = table[child + slot]
                if not child:
                    break
            else:
                stack[0] = positions[i]
                spelled[0] = text
                if child < 0:
                    record(0)
                if not ends[i]:
                    walk(nbrs[i], child, 1 << i, 1)
    return found


# -- choosing each word's best path and ordering the words --------------------------------


def _rank_by_length(found: _Found, rules: Game) -> tuple[WordPath, ...]:
    """Every path of a word scores the same: keep the fewest tiles, then the smallest."""
    best: dict[str, list[tuple[int, int]]] = {}
    for word, path, _ in found:
        other = best.get(word)
        if other is None or (len(path), path) < (len(other), other):
            best[word] = path
    # Length scores never decrease with length (Game checks), so score-then-length order
    # is length order; sorting alphabetically first keeps ties alphabetical (stable sort).
    words = sorted(best)
    words.sort(key=len, reverse=True)
    points = [rules.length_score(n) for n in range(len(words[0]) + 1)] if words else []
    return tuple([WordPath(w, points[len(w)], tuple(best[w])) for w in words])


def _rank_by_tiles(found: _Found, board: Board, rules: Game) -> tuple[WordPath, ...]:
    """Score every path of every word; keep the highest score, then fewest tiles, then the
    smallest path."""
    grid = board.tiles
    # On the plain path each tile spells one thing: its points are fixed per position.
    fixed = {
        (r, c): rules.tile_points(t, t.letters[0])
        for r, row in enumerate(grid)
        for c, t in enumerate(row)
        if t.letters
    }
    best: dict[str, tuple[int, int, list[tuple[int, int]]]] = {}
    for word, path, segments in found:
        points, factor = 0, 1
        if segments is None:
            for pos in path:
                value, word_factor = fixed[pos]
                points += value
                factor *= word_factor
        else:
            for (r, c), segment in zip(path, segments, strict=True):
                value, word_factor = rules.tile_points(grid[r][c], segment)
                points += value
                factor *= word_factor
        key = (-rules.finish(points, factor, len(word)), len(path), path)
        other = best.get(word)
        if other is None or key < other:
            best[word] = key
    entries = sorted((key[0], -len(word), word, key[2]) for word, key in best.items())
    return tuple([WordPath(word, -neg, tuple(path)) for neg, _, word, path in entries])
