"""Find every dictionary word on a board, with its best path and score.

The search is a depth-first walk over the board and the dictionary's word graph at the
same time (``assistant.dictionary`` describes the table): a path is extended only while
the letters so far are a prefix of some word, tiles are tracked in an int bitmask, each
tile's neighbours are precomputed, and a state's letter mask is checked against the
letters around a tile before looping over them. Boards of plain letters (plus the Qu tile
and blanks) take a lean fast path; boards with digrams, prefix/suffix, either/or tiles take
the general path.

The lean path also exists in C (``assistant/_solvercore.c``, built by ``make setup`` and
loaded with ctypes): it walks the same paths in the same order and, for length games, keeps
each word's best path itself, so Python only spells and ranks the words (about 3.5 times
faster than the reference solver instead of 1.4). Without a C compiler, or with
``BOGGLE_ASSISTANT_PURE_SOLVER=1``, the pure-Python search runs; the tests check that both
give the same answers.

Tile rules: a LETTER tile spells its letter; MULTI (QU, TH) all its letters; PREFIX (RE-)
only as the first tile of a path; SUFFIX (-ING) only as the last (the word ends there);
EITHER (A/B) one of its alternatives; BLANK is never used. ``min_len`` counts letters.

For each word the reported path is the best one: highest score under the game, then
fewest tiles, then the lexicographically smallest list of (row, col). Words are ordered by
score (high first), then length (long first), then alphabetically.
"""

from __future__ import annotations

import functools
import os
import time
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Any

from assistant.board import Board, Tile, TileKind, parse_board
from assistant.dictionary import MASK_SLOT, QU_SLOT, Dictionary, default_dictionary
from assistant.registry import Game, get_game

TilePath = tuple[tuple[int, int], ...]  # (row, col) of each tile, first to last

# Set to 1 to use the pure-Python search even where the compiled core is built.
PURE_ENV = "BOGGLE_ASSISTANT_PURE_SOLVER"
CORE_MAX_TILES = 64  # the compiled core tracks used tiles in 64 bits (MAX_TILES in the C)


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
    core = _compiled_core() if slots is not None and len(slots) <= CORE_MAX_TILES else None
    if slots is not None and core is not None:
        spelled, records = _search_compiled(
            core, board, slots, dictionary.table, min_len, rules.by_length
        )
        if rules.by_length:  # one record per word, its best path, in rank order
            words = _rank_unique(spelled, records, board.rows, board.cols, rules)
        else:
            paths = _paths(records, board.rows, board.cols)
            found = [(w, p, None) for w, p in zip(spelled, paths, strict=True)]
            words = _rank_by_tiles(found, board, rules)
    else:
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


@functools.cache
def _positions(rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """(row, col) of each flat index (row-major)."""
    return tuple((i // cols, i % cols) for i in range(rows * cols))


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
    positions = _positions(board.rows, board.cols)
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


# -- the same search, compiled (assistant/_solvercore.c) ---------------------------------


@dataclass(frozen=True)
class _Core:
    """The compiled core's two functions (``assistant/_solvercore.c``)."""

    search: Any
    spell: Any
    rank: Any


@functools.cache
def _compiled_core() -> _Core | None:
    """The compiled core, or None when it is not built (``make setup`` builds it; a machine
    without a C compiler runs the pure-Python search) or ``PURE_ENV`` is set."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    path = Path(__file__).with_name("_solvercore.so")
    if not path.is_file():
        return None
    import ctypes  # only when the core exists: ~2 ms of start-up

    try:
        library = ctypes.CDLL(str(path))
        search, spell, rank = library.bga_search, library.bga_spell, library.bga_rank
    except (OSError, AttributeError):
        return None  # built for another platform, or a stale build: fall back
    pointer, number = ctypes.c_void_p, ctypes.c_int
    search.restype = spell.restype = rank.restype = number
    search.argtypes = [pointer, number, number, pointer, pointer, number, number]
    search.argtypes += [pointer, number, pointer, number]
    spell.argtypes = [pointer, pointer, number, pointer, number]
    rank.argtypes = [pointer, pointer, number, pointer, number, pointer, number]
    return _Core(search, spell, rank)


@contextmanager
def pure_python_search() -> Iterator[None]:
    """Within the block, ``solve`` runs its pure-Python search as on a machine without the
    compiled core (for the tests and the benchmark that compare the two)."""
    old = os.environ.get(PURE_ENV)
    os.environ[PURE_ENV] = "1"
    _compiled_core.cache_clear()
    try:
        yield
    finally:
        if old is None:
            del os.environ[PURE_ENV]
        else:
            os.environ[PURE_ENV] = old
        _compiled_core.cache_clear()


@functools.cache
def _neighbour_table(rows: int, cols: int) -> array[int]:
    """8 cells per tile: its neighbours' flat indices in increasing order, then -1s."""
    out = array("i")
    for near in _geometry(rows, cols):
        out.extend([j for j, _ in near] + [-1] * (8 - len(near)))
    return out


def _search_compiled(
    core: _Core, board: Board, slots: list[int], table: Any, min_len: int, dedupe: bool
) -> tuple[list[str], list[list[int]]]:
    """``_search_plain`` in C: each word found and the tile indices of its path. With
    ``dedupe`` only each word's best path under a length game (fewest tiles, then the
    smallest path) comes back."""
    cells = array("i", slots)
    cells_at = cells.buffer_info()[0]
    nbrs = _neighbour_table(board.rows, board.cols)
    cap, hcap = 8192, 2048
    while True:
        out = array("i", bytes(4 * cap))
        hashtab = array("i", bytes(4 * hcap))
        out_at = out.buffer_info()[0]
        written = core.search(
            table.buffer_info()[0],
            len(table),
            len(slots),
            cells_at,
            nbrs.buffer_info()[0],
            min_len,
            dedupe,
            out_at,
            cap,
            hashtab.buffer_info()[0],
            hcap,
        )
        if written >= 0:
            break
        cap, hcap = cap * 4, hcap * 4
    text = array("B", bytes(2 * written))  # <= 2 letters per tile index, 1 newline per count
    flat = out[:written].tolist()
    if dedupe:  # one record per word: the core ranks them (longest, then alphabetical)
        order = array("i", bytes(4 * written))  # records take >= 2 ints: room for 2 x count
        count = core.rank(
            cells_at, out_at, written, order.buffer_info()[0], len(order),
            text.buffer_info()[0], len(text),
        )  # fmt: skip
        words = text.tobytes().decode("ascii").split("\n", count)[:count]
        return words, [flat[at + 1 : at + 1 + flat[at]] for at in order[:count]]
    size = core.spell(cells_at, out_at, written, text.buffer_info()[0], len(text))
    words = text[:size].tobytes().decode("ascii").split("\n")
    words.pop()  # after the last newline
    records = []
    i = 0
    while i < written:
        k = flat[i]
        if k > 0:
            records.append(flat[i + 1 : i + 1 + k])
            i += 1 + k
        else:  # a path replaced by a shorter one
            i += 1 - k
    return words, records


def _paths(records: list[list[int]], rows: int, cols: int) -> list[list[tuple[int, int]]]:
    positions = _positions(rows, cols)
    return [[positions[t] for t in tiles] for tiles in records]


def _rank_unique(
    words: list[str], records: list[list[int]], rows: int, cols: int, rules: Game
) -> tuple[WordPath, ...]:
    """Length-game results from one best path per word, already in rank order."""
    positions = _positions(rows, cols)
    points = [rules.length_score(k) for k in range(len(words[0]) + 1)] if words else []
    ranked = []
    for word, tiles in zip(words, records, strict=True):
        path = itemgetter(*tiles)(positions) if len(tiles) > 1 else (positions[tiles[0]],)
        ranked.append(WordPath(word, points[len(word)], path))
    return tuple(ranked)


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
    positions = _positions(board.rows, board.cols)
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
