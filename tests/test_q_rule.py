"""What a printed Q means follows the game (issue 9 item 2): a plain Q in SpellCast (worth
8; it has no Qu tile), the Qu tile where the game's tile means Qu (Boggle dice);
``--literal-q`` still overrides."""

from __future__ import annotations

from functools import cache

import pytest

from assistant.board import TileKind
from assistant.imageio import decode_image
from assistant.read import ReadOptions, q_label, read_array, tile_from_label
from assistant.registry import get_game, q_rule

# spellcast-discord seed 3002 of the generator deals a plain Q at r5c5 (0-based 4, 4).
SEED, Q_AT = 3002, (4, 4)


@cache
def _spellcast_with_q() -> tuple[object, list[list[str]]]:
    from tools.synth import render_board

    board = render_board("spellcast-discord", SEED)
    assert board.label["letters"][Q_AT[0]][Q_AT[1]] == "Q"
    return decode_image(board.data), board.label["letters"]


def test_the_rule_per_game() -> None:
    assert q_rule("spellcast") == "q"
    assert q_rule("SpellCast") == "q"
    for game in ("boggle", "wordhunt", "wordament", "ruzzle", "scramble", None, "unknown"):
        assert q_rule(game) == "qu"


def test_labels_follow_the_rule() -> None:
    assert q_label("QU", plain_q=True) == "Q"
    assert q_label("QU", plain_q=False) == "QU"
    assert q_label("A", plain_q=True) == "A"
    assert tile_from_label("Q").label == "Q"
    assert tile_from_label("QU").label == "QU"
    assert tile_from_label("Q").kind == TileKind.LETTER


def test_spellcast_reads_a_plain_q_worth_8() -> None:
    image, letters = _spellcast_with_q()
    reading = read_array(image, ReadOptions())  # type: ignore[arg-type]
    assert reading.game == "spellcast"
    r, c = Q_AT
    assert reading.tiles[r][c] == "Q"
    assert all(
        got in (want, "?")
        for row, wrow in zip(reading.tiles, letters, strict=True)
        for got, want in zip(row, wrow, strict=True)
    )
    tile = reading.to_board(best_guess=True).tiles[r][c]
    assert tile.label == "Q"
    assert get_game("spellcast").tile_value(tile.with_extras(None, None), "q") == 8


@pytest.mark.parametrize(("game", "want"), [("boggle", "QU"), ("spellcast", "Q")])
def test_the_game_chosen_by_the_user_sets_the_rule(game: str, want: str) -> None:
    image, _ = _spellcast_with_q()
    reading = read_array(image, ReadOptions(game=game))  # type: ignore[arg-type]
    r, c = Q_AT
    assert reading.tiles[r][c] == want


def test_literal_q_overrides_the_game() -> None:
    image, _ = _spellcast_with_q()
    reading = read_array(image, ReadOptions(game="boggle", literal_q=True))  # type: ignore[arg-type]
    r, c = Q_AT
    assert reading.tiles[r][c] == "Q"
