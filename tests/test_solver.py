"""The solver against a brute-force path enumerator, tile rules, best paths and ordering."""

from __future__ import annotations

import gzip
import itertools
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import solver
from assistant.board import Board, Tile, TileKind, parse_board
from assistant.dice import random_board
from assistant.dictionary import (
    CACHE_ENV,
    Dictionary,
    default_dictionary,
    dictionary_from_words,
    load_dictionary,
)
from assistant.errors import BoardShapeError, BoardTextError, UnknownGameError
from assistant.registry import GAMES, get_game
from assistant.solver import Solution, WordPath, solve

Cell = tuple[int, int]


@pytest.fixture(scope="module")
def enable(tmp_path_factory: pytest.TempPathFactory) -> Dictionary:
    return load_dictionary(cache_dir=tmp_path_factory.mktemp("cache"))


# -- an independent reference: enumerate every path ---------------------------------------


def all_spellings(board: Board, max_tiles: int) -> Iterator[tuple[str, tuple[Cell, ...]]]:
    """Every (word, path) of up to ``max_tiles`` tiles that the tile rules allow, found by
    enumerating all simple paths and all choices of either/or letters (no dictionary)."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]

    def adjacent(a: Cell, b: Cell) -> bool:
        return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    def extend(path: list[Cell]) -> Iterator[list[Cell]]:
        yield path
        if len(path) < max_tiles:
            for cell in cells:
                if cell not in path and adjacent(cell, path[-1]):
                    yield from extend([*path, cell])

    for start in cells:
        for path in extend([start]):
            tiles = [board.tile(*cell) for cell in path]
            if any(t.kind is TileKind.BLANK for t in tiles):
                continue
            if any(t.kind is TileKind.PREFIX for t in tiles[1:]):
                continue
            if any(t.kind is TileKind.SUFFIX for t in tiles[:-1]):
                continue
            for choice in itertools.product(*(t.letters for t in tiles)):
                yield "".join(choice), tuple(path)


def reference(
    board: Board, words: set[str], max_tiles: int, min_len: int = 3
) -> dict[str, list[tuple[Cell, ...]]]:
    out: dict[str, list[tuple[Cell, ...]]] = {}
    for word, path in all_spellings(board, max_tiles):
        if word in words and len(word) >= min_len:
            out.setdefault(word, []).append(path)
    return out


def check_path(board: Board, wp: WordPath) -> None:
    """The path is a chain of distinct touching tiles that spells the word by the rules."""
    path = wp.path
    assert len(set(path)) == len(path) and path
    for (r0, c0), (r1, c1) in itertools.pairwise(path):
        assert max(abs(r0 - r1), abs(c0 - c1)) == 1
    tiles = [board.tile(r, c) for r, c in path]
    assert all(t.kind is not TileKind.BLANK for t in tiles)
    assert all(t.kind is not TileKind.PREFIX for t in tiles[1:])
    assert all(t.kind is not TileKind.SUFFIX for t in tiles[:-1])
    assert any(
        "".join(choice) == wp.word for choice in itertools.product(*(t.letters for t in tiles))
    )


# -- random boards with every kind of tile ------------------------------------------------

ALPHABET = "aehqstu"
SPECIAL_TILES = [
    Tile(TileKind.MULTI, ("qu",)),
    Tile(TileKind.MULTI, ("th",)),
    Tile(TileKind.MULTI, ("es",)),
    Tile(TileKind.PREFIX, ("sa",)),
    Tile(TileKind.SUFFIX, ("es",)),
    Tile(TileKind.SUFFIX, ("t",)),
    Tile(TileKind.EITHER, ("a", "e")),
    Tile(TileKind.EITHER, ("s", "th")),
    Tile.blank(),
]
tiles_st = st.one_of(
    st.sampled_from(ALPHABET).map(Tile.letter),
    st.sampled_from(ALPHABET).map(Tile.letter),
    st.sampled_from(SPECIAL_TILES),
)


@st.composite
def boards(draw: st.DrawFn, max_side: int = 4, plain: bool = False) -> Board:
    rows = draw(st.integers(2, max_side))
    cols = draw(st.integers(2, max_side))
    tile = st.sampled_from(ALPHABET).map(Tile.letter) if plain else tiles_st
    if plain:
        tile = st.one_of(tile, tile, st.just(Tile(TileKind.MULTI, ("qu",))), st.just(Tile.blank()))
    return Board.from_rows([[draw(tile) for _ in range(cols)] for _ in range(rows)])


@st.composite
def board_and_words(draw: st.DrawFn, plain: bool = False) -> tuple[Board, set[str], int]:
    board = draw(boards(plain=plain))
    max_tiles = {4: 7, 6: 6, 8: 6, 9: 5}.get(board.rows * board.cols, 4)
    # Words read along random walks that ignore the prefix/suffix/blank rules (so some of
    # them are not legally on the board), plus random strings.
    walks = []
    for _ in range(draw(st.integers(0, 25))):
        r, c = draw(st.integers(0, board.rows - 1)), draw(st.integers(0, board.cols - 1))
        seen = [(r, c)]
        for _ in range(draw(st.integers(0, max_tiles - 1))):
            nxt = [
                (r + dr, c + dc)
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if 0 <= r + dr < board.rows
                and 0 <= c + dc < board.cols
                and (r + dr, c + dc) not in seen
            ]
            if not nxt:
                break
            r, c = draw(st.sampled_from(nxt))
            seen.append((r, c))
        word = "".join(draw(st.sampled_from(board.tile(*p).letters or ("",))) for p in seen)
        if word:
            walks.append(word)
    noise = draw(st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=max_tiles), max_size=20))
    words = {w for w in (*walks, *noise) if len(w) <= max_tiles}
    return board, words or {"a"}, max_tiles


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_words(), st.sampled_from(["boggle", "wordament", "ruzzle"]), st.integers(1, 4))
def test_solver_matches_brute_force(
    case: tuple[Board, set[str], int], game: str, min_len: int
) -> None:
    board, words, max_tiles = case
    d = dictionary_from_words(words)
    solution = solve(board, d, game, min_len=min_len)
    expected = reference(board, words, max_tiles, min_len)
    assert {w.word for w in solution.words} == set(expected)
    assert len({w.word for w in solution.words}) == len(solution.words)
    rules = get_game(game)
    for wp in solution.words:
        assert wp.word in d and len(wp.word) >= min_len
        check_path(board, wp)
        # Best path: highest score, then fewest tiles, then the smallest path.
        best = min((-score_of(board, p, wp.word, rules.name), len(p), p) for p in expected[wp.word])
        assert (wp.score, wp.path) == (-best[0], best[2])
    keys = [(-w.score, -len(w.word), w.word) for w in solution.words]
    assert keys == sorted(keys)


@settings(max_examples=80, deadline=None)
@given(board_and_words(plain=True), st.integers(1, 4))
def test_plain_boards_match_brute_force(case: tuple[Board, set[str], int], min_len: int) -> None:
    """The fast path (single letters, Qu tiles, blanks) against the reference."""
    board, words, max_tiles = case
    solution = solve(board, dictionary_from_words(words), min_len=min_len)
    expected = reference(board, words, max_tiles, min_len)
    assert {w.word: w.path for w in solution.words} == {
        w: min(paths, key=lambda p: (len(p), p)) for w, paths in expected.items()
    }


def score_of(board: Board, path: tuple[Cell, ...], word: str, game: str) -> int:
    from assistant.scoring import score_path

    return score_path(board, path, word, game)


# -- tile rules ----------------------------------------------------------------------------


def words_of(solution: Solution) -> dict[str, tuple[Cell, ...]]:
    return {w.word: w.path for w in solution.words}


def test_qu_tile_spells_two_letters() -> None:
    d = dictionary_from_words(["quit", "quite", "qit", "suit"])
    found = words_of(solve("Q I/T E", d))
    assert found == {"quit": ((0, 0), (0, 1), (1, 0)), "quite": ((0, 0), (0, 1), (1, 0), (1, 1))}


def test_literal_q() -> None:
    d = dictionary_from_words(["qat", "quat"])
    assert set(words_of(solve("q A/T .", d))) == {"qat"}
    assert set(words_of(solve("Q A/T .", d))) == {"quat"}


def test_min_len_counts_letters_not_tiles() -> None:
    d = dictionary_from_words(["qua", "quit"])
    # QU+A is two tiles but three letters.
    assert set(words_of(solve("Q A/I T", d, min_len=3))) == {"qua", "quit"}
    assert set(words_of(solve("Q A/I T", d, min_len=4))) == {"quit"}


def test_digram_tile() -> None:
    d = dictionary_from_words(["the", "then", "ten", "hen"])
    found = words_of(solve("TH E/N .", d))
    # H alone is not on the board: "hen" needs the TH tile to spell just H.
    assert found == {"the": ((0, 0), (0, 1)), "then": ((0, 0), (0, 1), (1, 0))}


def test_prefix_tile_only_first() -> None:
    d = dictionary_from_words(["redo", "dore", "ore"])
    assert set(words_of(solve("RE- D/O .", d))) == {"redo"}


def test_suffix_tile_only_last() -> None:
    d = dictionary_from_words(["sing", "singe", "ingot", "sin"])
    found = words_of(solve("S -ING/E O", d))
    assert found == {"sing": ((0, 0), (0, 1))}


def test_either_tile() -> None:
    d = dictionary_from_words(["cat", "cot", "cut", "coat"])
    assert set(words_of(solve("C A|O/T .", d))) == {"cat", "cot"}


def test_blank_tiles_are_never_used() -> None:
    d = dictionary_from_words(["cat", "ca", "at"])
    assert set(words_of(solve("C . ./A T .", d, min_len=2))) == {"ca", "at", "cat"}
    assert set(words_of(solve("C ./. A", d, min_len=2))) == {"ca"}
    assert solve(". ./. .", d).words == ()


def test_tile_used_once() -> None:
    d = dictionary_from_words(["aa", "aaa", "aaaa", "aaaaa"])
    assert set(words_of(solve("AA/AA", d, min_len=2))) == {"aa", "aaa", "aaaa"}


def test_best_path_prefers_fewer_tiles() -> None:
    # QUIT on q-u-i-t (4 tiles) or Qu-i-t (3 tiles): same Boggle score, fewer tiles win.
    board = parse_board("q u I T/. Q . .")
    d = dictionary_from_words(["quit"])
    assert words_of(solve(board, d)) == {"quit": ((1, 1), (0, 2), (0, 3))}


def test_best_path_prefers_higher_score() -> None:
    # Two paths for CAT; the one through the DW square scores double in Ruzzle.
    board = parse_board("C A T/C A T*DW")
    d = dictionary_from_words(["cat"])
    [wp] = solve(board, d, "ruzzle").words
    assert (wp.score, wp.path) == (12, ((0, 0), (0, 1), (1, 2)))
    # In Boggle every path scores the same: the smallest path wins.
    [wp] = solve(board, d, "boggle").words
    assert wp.path == ((0, 0), (0, 1), (0, 2))


def test_best_path_uses_printed_values() -> None:
    board = parse_board("C:1 A T/C:9 . .")
    [wp] = solve(board, dictionary_from_words(["cat"]), "wordament").words
    assert wp.path == ((1, 0), (0, 1), (0, 2)) and wp.score == 13


def test_order_score_then_length_then_alphabet() -> None:
    board = parse_board("T E A/S R S/. . .")
    # seat, eat and eats need A next to T: not on this board.
    d = dictionary_from_words(["tea", "teas", "sea", "seat", "eat", "eats", "rest", "tears"])
    got = [(w.word, w.score) for w in solve(board, d, "boggle").words]
    assert got == [("tears", 2), ("rest", 1), ("teas", 1), ("sea", 1), ("tea", 1)]
    # Wordament: tears 2+1+2+2+2 = 9 x1.5 = 13; rest 7; teas 7; sea 5; tea 5.
    got = [(w.word, w.score) for w in solve(board, d, "wordament").words]
    assert got == [("tears", 13), ("rest", 7), ("teas", 7), ("sea", 5), ("tea", 5)]


# -- boards of every size --------------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6])
def test_big_boards_against_brute_force(size: int) -> None:
    board = random_board(size, seed=7)
    words = {w for w, _ in itertools.islice(all_spellings(board, 4), 0, None, 37)}
    words |= {"zzz", "qqq"}
    expected = reference(board, words, 4)
    assert set(words_of(solve(board, dictionary_from_words(words)))) == set(expected)


def test_rectangular_and_eight_by_eight() -> None:
    d = dictionary_from_words(["ab", "abc", "cab"])
    assert set(words_of(solve("A B C/. . .", d))) == {"abc"}
    board = parse_board("/".join(["ABCABCAB"] * 8))
    assert set(words_of(solve(board, d))) == {"abc", "cab"}


def test_enable_known_board(enable: Dictionary) -> None:
    # S E R S / P A T G / L I N E / S E R S, a famously rich board.
    solution = solve("SERSPATGLINESERS", enable)
    found = words_of(solution)
    assert found["spat"] == ((0, 0), (1, 0), (1, 1), (1, 2))
    assert found["lines"] == ((2, 0), (2, 1), (2, 2), (2, 3), (3, 3))
    assert {"seat", "pater", "tine", "aline", "paint"} <= set(found)
    for word in ("gelatins", "pattern", "serpent"):  # in ENABLE, not on this board
        assert word in enable and word not in found
    for wp in solution.words:
        assert wp.word in enable
        check_path(solution.board, wp)


def dict_trie_words(board: Board, words: list[str]) -> set[str]:
    """A hobby-style dict-of-dicts trie DFS (plain letters and Qu): the second opinion."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node["$"] = {}
    found: set[str] = set()

    seen: set[Cell] = set()
    letters = {p: board.tile(*p).letters[0] for p in board.positions()}
    near = {p: list(board.neighbours(*p)) for p in board.positions()}

    def dfs(r: int, c: int, node: dict, prefix: str) -> None:  # type: ignore[type-arg]
        for ch in letters[r, c]:
            if ch not in node:
                return
            node = node[ch]
        prefix += letters[r, c]
        if "$" in node and len(prefix) >= 3:
            found.add(prefix)
        seen.add((r, c))
        for nr, nc in near[r, c]:
            if (nr, nc) not in seen:
                dfs(nr, nc, node, prefix)
        seen.discard((r, c))

    for r, c in board.positions():
        dfs(r, c, trie, "")
    return found


def test_enable_random_boards_match_a_dict_trie(enable: Dictionary) -> None:
    data = Path(__file__).resolve().parents[1] / "assistant" / "data" / "enable1.txt.gz"
    words = gzip.decompress(data.read_bytes()).decode().split()
    for seed in range(5):
        board = random_board(4, seed=seed)
        assert set(words_of(solve(board, enable))) == dict_trie_words(board, words)


# -- the compiled core against the pure-Python search -------------------------------------


def solve_pure(
    board: Board | str, d: Dictionary, game: str = "boggle", min_len: int = 3
) -> Solution:
    """``solve`` with the compiled core switched off (as on a machine without a compiler)."""
    with solver.pure_python_search():
        assert solver._compiled_core() is None
        return solve(board, d, game, min_len=min_len)


def needs_core() -> None:
    if solver._compiled_core() is None:
        pytest.skip("the compiled core is not built here (make setup builds it with gcc)")


@settings(max_examples=150, deadline=None)
@given(board_and_words(plain=True), st.sampled_from(sorted(GAMES)), st.integers(1, 4))
def test_compiled_core_equals_pure_python(
    case: tuple[Board, set[str], int], game: str, min_len: int
) -> None:
    needs_core()
    board, words, _ = case
    d = dictionary_from_words(words)
    assert solve(board, d, game, min_len=min_len).words == solve_pure(board, d, game, min_len).words


@pytest.mark.parametrize("game", ["boggle", "wordament"])
def test_compiled_core_equals_pure_python_on_enable(enable: Dictionary, game: str) -> None:
    """Real boards of every size, and the richest 4x4 board (its output outgrows the first
    buffers the core is given)."""
    needs_core()
    boards: list[Board | str] = [random_board(n, seed=s) for n in (4, 5, 6) for s in range(4)]
    boards += ["SERSPATGLINESERS", "/".join(["SERSPATG", "LINESERS"] * 4)]
    for board in boards:
        fast = solve(board, enable, game)
        assert fast.words and fast.words == solve_pure(board, enable, game).words


# -- the API -----------------------------------------------------------------------------


def test_solution_json_and_totals() -> None:
    d = dictionary_from_words(["cat", "act", "tact"])
    solution = solve("C A T/. T .", d, "Boggle With Friends")
    assert solution.game == "scramble"  # the same game renamed: its canonical name
    # letter values C4 A1 T1: cat 6, act 6, tact 7
    assert solution.total_score == sum(w.score for w in solution.words) == 19
    data = solution.to_json()
    assert set(data) == {"rows", "cols", "tiles", "game", "words", "elapsed_ms"}
    assert data["rows"] == 2 and data["cols"] == 3
    assert data["tiles"] == [["C", "A", "T"], ["", "T", ""]]
    assert data["words"][0] == {
        "word": "tact",
        "score": 7,
        "path": [[0, 2], [0, 1], [0, 0], [1, 1]],  # smaller than starting at (1, 1)
    }
    assert json.loads(json.dumps(data)) == data
    assert solution.elapsed_ms >= 0


def test_words_are_frozen() -> None:
    [wp] = solve("C A/T .", dictionary_from_words(["cat"])).words
    with pytest.raises(AttributeError):
        wp.score = 5  # type: ignore[misc]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_scores_consistently(game: str, enable: Dictionary) -> None:
    board = parse_board("S E R S/P A T G/L I N E/S E R S")
    for wp in solve(board, enable, game).words[:30]:
        assert wp.score == score_of(board, wp.path, wp.word, game)


def test_errors() -> None:
    d = dictionary_from_words(["cat"])
    with pytest.raises(UnknownGameError):
        solve("CATS", d, "scrabble")
    with pytest.raises(BoardTextError):
        solve("C@T/ABC", d)
    with pytest.raises(BoardShapeError):
        solve("CAT", d)
    with pytest.raises(ValueError, match="min_len"):
        solve("CATS", d, min_len=0)


def test_default_dictionary_is_enable(monkeypatch: pytest.MonkeyPatch, enable: Dictionary) -> None:
    assert enable.cache_path is not None
    cache_dir = enable.cache_path.parent
    monkeypatch.setenv(CACHE_ENV, str(cache_dir))
    default_dictionary.cache_clear()
    try:
        solution = solve("TestingTheSolver")
        assert default_dictionary() is default_dictionary()
        assert default_dictionary().source == "ENABLE"
        assert default_dictionary().from_cache
        assert default_dictionary().cache_path == enable.cache_path
        assert solution.words == solve("TestingTheSolver", enable).words
        assert len(solution.words) > 100
    finally:
        default_dictionary.cache_clear()


def test_text_boards_do_not_import_image_libraries(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from assistant.dictionary import dictionary_from_words\n"
        "from assistant.solver import solve\n"
        "s = solve('CATS', dictionary_from_words(['cat', 'cats']), 'wordament')\n"
        "heavy = sorted(m for m in ('numpy', 'cv2', 'PIL') if m in sys.modules)\n"
        "print(json.dumps([len(s.words), heavy]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json\n" + code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert json.loads(out) == [2, []]
