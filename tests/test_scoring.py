"""Scoring tables against hand-computed scores, game names, and scoring along a path."""

from __future__ import annotations

import pytest

from assistant.board import parse_board
from assistant.errors import ExitCode, UnknownGameError
from assistant.registry import ALIASES, GAMES, Game, get_game
from assistant.scoring import score_path, spellings


def row_path(n: int) -> list[tuple[int, int]]:
    return [(0, c) for c in range(n)]


def score_row(text: str, word: str, game: str) -> int:
    """Score ``word`` traced left to right along the tiles ``text`` (a row of tokens, or of
    single letters without spaces), on a board with a row of blanks below."""
    tokens = text.split() if " " in text else list(text)
    board = parse_board(" ".join(tokens) + "/" + " ".join("." * len(tokens)))
    return score_path(board, row_path(board.cols), word, game)


def test_known_games() -> None:
    assert list(GAMES) == [
        "boggle", "bigboggle", "wordhunt", "wordament", "ruzzle", "spellcast", "scramble"
    ]  # fmt: skip
    for name, game in GAMES.items():
        assert get_game(name) is game and game.name == name
        assert game.source and game.sizes and game.min_len >= 3


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("Boggle", "boggle"),
        ("  BOGGLE ", "boggle"),
        ("scramble", "scramble"),
        ("Scramble With Friends", "scramble"),
        ("boggle-with-friends", "scramble"),  # the same game renamed: one answer everywhere
        ("Big Boggle", "bigboggle"),
        ("Super Big Boggle", "bigboggle"),
        ("Word Hunt", "wordhunt"),
        ("word_hunt", "wordhunt"),
        ("GamePigeon", "wordhunt"),
        ("Wordament", "wordament"),
        ("RUZZLE", "ruzzle"),
        ("SpellCast", "spellcast"),
    ],
)
def test_names_and_aliases(name: str, canonical: str) -> None:
    assert get_game(name).name == canonical


def test_aliases_point_at_games() -> None:
    assert set(ALIASES.values()) <= set(GAMES)


def test_unknown_game_lists_the_known_names() -> None:
    with pytest.raises(UnknownGameError) as info:
        get_game("scrabble")
    err = info.value
    assert err.exit_code is ExitCode.UNKNOWN_GAME
    assert "'scrabble'" in err.message
    assert err.hint is not None
    for name in (*GAMES, "scramble"):
        assert name in err.hint


def test_game_objects_pass_through() -> None:
    assert get_game(GAMES["ruzzle"]) is GAMES["ruzzle"]


# -- Boggle -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("letters", "points"),
    [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 3), (7, 5), (8, 11), (9, 11), (16, 11)],
)
def test_boggle_by_length(letters: int, points: int) -> None:
    assert get_game("boggle").length_score(letters) == points


def test_boggle_qu_counts_two_letters() -> None:
    # QUEEN on four dice (Q=Qu tile) is a five-letter word: 2 points.
    assert score_row("QEEN", "queen", "boggle") == 2
    # QUIT on three dice is a four-letter word: 1 point.
    assert score_row("QIT", "quit", "boggle") == 1


# -- Word Hunt --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("letters", "points"),
    [(2, 0), (3, 100), (4, 400), (5, 800), (6, 1400), (7, 1800), (8, 2200), (9, 2600), (10, 3000)],
)
def test_wordhunt_by_length(letters: int, points: int) -> None:
    assert get_game("wordhunt").length_score(letters) == points


def test_big_boggle_takes_four_letters_and_scores_them_one_point() -> None:
    big = get_game("bigboggle")
    assert big.min_len == 4 and (5, 5) in big.sizes and (6, 6) in big.sizes
    assert [big.length_score(n) for n in (3, 4, 5, 6, 7, 8, 9)] == [0, 1, 2, 3, 5, 11, 11]


# -- Scramble With Friends --------------------------------------------------------------


def test_scramble_scores_letter_values_and_bonus_squares() -> None:
    # C4 A1 T1 (Words With Friends values), no length bonus applied (not confirmed)
    assert score_row("CAT", "cat", "scramble") == 6
    # the board's printed values win; DL doubles a tile, TW triples the word
    assert score_row("C:4*DL A:1 T:1", "cat", "scramble") == 10
    assert score_row("C:4 A:1*TW T:1", "cat", "scramble") == 18


def test_length_games_ignore_values_and_bonuses() -> None:
    assert score_row("C:9*DW A:9*TL T", "cat", "boggle") == 1
    assert score_row("C:9*DW A:9*TL T", "cat", "wordhunt") == 100


# -- Wordament --------------------------------------------------------------------------


def test_wordament_default_values() -> None:
    # C3 A2 T2
    assert score_row("CAT", "cat", "wordament") == 7
    # Q8 U4 I2 Z8 (literal Q and U tiles, four letters: no multiplier)
    assert score_row("q u i z", "quiz", "wordament") == 22


def test_wordament_length_multipliers() -> None:
    # HOUSE: H4 O2 U4 S2 E1 = 13, five letters x1.5 = 19.5 -> 19
    assert score_row("HOUSE", "house", "wordament") == 19
    # STREAM: 2+2+2+1+2+4 = 13, six letters x2 = 26
    assert score_row("STREAM", "stream", "wordament") == 26
    # STREAMS: 15, seven letters x2 = 30
    assert score_row("STREAMS", "streams", "wordament") == 30
    # ABSOLUTE: 2+5+2+2+3+4+2+1 = 21, eight letters x2.5 = 52.5 -> 52
    assert score_row("ABSOLUTE", "absolute", "wordament") == 52


def test_wordament_board_values_and_multi_letter_tiles() -> None:
    # Printed values replace the table: C:10 A:1 T:1 = 12.
    assert score_row("C:10 A:1 T:1", "cat", "wordament") == 12
    # A printed digram value counts once: TH:9 E:1 = 10 (not 9 per letter).
    assert score_row("TH:9 E:1", "the", "wordament") == 10
    # Without a printed value a digram is worth its letters: T2 + H4, + E1 = 7.
    assert score_row("TH E", "the", "wordament") == 7
    # The Qu tile without a value: Q8 + U4, + I2 + T2 = 16.
    assert score_row("Q I T", "quit", "wordament") == 16
    # Prefix and suffix tiles: RE- (R2 E1) + D3 = 6; S2 + -ING (I2 N2 G4) = 10.
    assert score_row("RE- D", "red", "wordament") == 6
    assert score_row("S -ING", "sing", "wordament") == 10


def test_wordament_ignores_bonus_squares() -> None:
    assert score_row("C*DW A*TL T", "cat", "wordament") == 7


# -- Ruzzle -----------------------------------------------------------------------------


def test_ruzzle_letters_and_bonuses() -> None:
    # C4 A1 T1
    assert score_row("CAT", "cat", "ruzzle") == 6
    # DL on C: 8 + 1 + 1; TL on A: 4 + 3 + 1.
    assert score_row("C*DL A T", "cat", "ruzzle") == 10
    assert score_row("C A*TL T", "cat", "ruzzle") == 8
    # DW on T: (4 + 1 + 1) x 2; TW: x3; two DW: x4.
    assert score_row("C A T*DW", "cat", "ruzzle") == 12
    assert score_row("C A T*TW", "cat", "ruzzle") == 18
    assert score_row("C*DW A T*DW", "cat", "ruzzle") == 24
    # Letter bonus first, then word bonus: (8 + 1 + 1) x 2.
    assert score_row("C*DL A T*DW", "cat", "ruzzle") == 20


def test_ruzzle_length_bonus() -> None:
    # HOUSE: H4 O1 U2 S1 E1 = 9, +5 for the fifth letter.
    assert score_row("HOUSE", "house", "ruzzle") == 14
    # STREAM: 1+1+1+1+1+3 = 8, +10 for two letters past four; DW applies before the bonus.
    assert score_row("S T R E A M*DW", "stream", "ruzzle") == 26
    # Board values replace the table.
    assert score_row("C:7 A T", "cat", "ruzzle") == 9


# -- SpellCast --------------------------------------------------------------------------


def test_spellcast() -> None:
    # C5 A1 T2
    assert score_row("CAT", "cat", "spellcast") == 8
    assert score_row("C*DL A T", "cat", "spellcast") == 13
    assert score_row("C A T*DW", "cat", "spellcast") == 16
    # QUARTZ on literal tiles: Q8 U4 A1 R2 T2 Z8 = 25, six letters +10.
    assert score_row("q u a r t z", "quartz", "spellcast") == 35
    # TL on Z: 25 + 16 = 41 + 10; DW: 25 x 2 + 10 (the bonus is not doubled).
    assert score_row("q u a r t z*TL", "quartz", "spellcast") == 51
    assert score_row("q*DW u a r t z", "quartz", "spellcast") == 60
    # Five letters get no long-word bonus: S2 T2 A1 R2 T2.
    assert score_row("START", "start", "spellcast") == 9


# -- along a path ------------------------------------------------------------------------


def test_either_tile_scores_the_letter_it_spells() -> None:
    # The A|Z tile spells A here (A2 in Wordament), Z in "zit" (Z8).
    board = parse_board("C A|Z T/. I .")
    assert score_path(board, [(0, 0), (0, 1), (0, 2)], "cat", "wordament") == 7
    assert score_path(board, [(0, 1), (1, 1), (0, 2)], "zit", "wordament") == 12


def test_spellings() -> None:
    board = parse_board("RE- A|AD D/. E -ING")
    assert list(spellings(board, [(0, 0), (0, 1), (0, 2)], "read")) == [("re", "a", "d")]
    # An either tile with overlapping options gives two splits of the same word.
    assert sorted(spellings(board, [(0, 0), (0, 1), (0, 2)], "readd")) == [("re", "ad", "d")]
    board2 = parse_board("A A|AB/. .")
    assert list(spellings(board2, [(0, 0), (0, 1)], "aab")) == [("a", "ab")]
    assert list(spellings(board2, [(0, 0), (0, 1)], "aa")) == [("a", "a")]
    assert list(spellings(board2, [(0, 0), (0, 1)], "ab")) == []


@pytest.mark.parametrize(
    ("path", "word"),
    [
        ([(0, 0), (0, 2)], "cat"),  # not adjacent
        ([(0, 0), (0, 1), (0, 0)], "cac"),  # tile used twice
        ([(0, 0), (0, 1)], "cat"),  # too short for the word
        ([(0, 0), (0, 1), (0, 2)], "cot"),  # spells something else
        ([(0, 1), (1, 0), (1, 1)], "axy"),  # blank tile
        ([(0, 2), (0, 3)], "ting"),  # fine: suffix last
        ([(0, 3), (0, 2)], "ingt"),  # suffix not last
        ([(0, 4), (1, 4)], "rez"),  # fine: prefix first
        ([(1, 3), (0, 4)], "zre"),  # prefix not first
        ([], ""),
        ([(5, 5)], "c"),  # off the board
    ],
)
def test_score_path_rejects_impossible_paths(path: list[tuple[int, int]], word: str) -> None:
    board = parse_board("C A T -ING RE-/X . . Z Z")
    if word in ("ting", "rez"):  # the two legal paths in the list
        assert score_path(board, path, word) == 1
        return
    with pytest.raises(ValueError, match="does not spell"):
        score_path(board, path, word)


def test_game_tables_are_checked() -> None:
    with pytest.raises(ValueError, match="decrease"):
        Game(name="odd", title="Odd", source="test", length_points=(0, 0, 0, 5, 1))
    with pytest.raises(ValueError, match="either"):
        Game(name="none", title="None", source="test")


def test_a_letter_and_a_word_bonus_on_one_tile() -> None:
    # Ruzzle: M3 doubled (DL) plus A1 T1 = 8, times 2 (DW on the same tile) = 16
    assert score_row("M:3*DL*DW A:1 T:1", "mat", "ruzzle") == 16


def test_a_record_scores_the_bonus_squares_its_look_reads() -> None:
    """A game's bonus squares and the colours its look reads them by are one fact: a
    record whose look has no colour for a bonus it scores is refused."""
    from dataclasses import replace

    from assistant.registry import SPELLCAST

    assert SPELLCAST.look is not None and SPELLCAST.look.bonus is not None
    with pytest.raises(ValueError, match="marks"):
        replace(SPELLCAST, bonus_squares=frozenset({"DL", "TL", "DW", "TW"}))
