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


def test_an_unknown_game_whose_candidates_read_q_both_ways_leaves_the_q_unsure() -> None:
    # spellcast-discord 91000 (a Q at r4c3) in grey: its cream tiles and navy board gone,
    # the look does not decide between SpellCast (a plain Q) and Scramble (Qu). The Q was
    # read QU at 0.92, a confident wrong tile (benchmarks/stress.py, grey and inverted).
    import cv2
    import numpy as np

    from tools.synth import render_board

    board = render_board("spellcast-discord", 91000)
    r, c = 3, 2
    assert board.label["letters"][r][c] == "Q"
    image = decode_image(board.data)
    grey = np.ascontiguousarray(
        cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR), np.uint8
    )
    reading = read_array(grey, ReadOptions())
    assert reading.game is None, "the grey copy is meant to leave the game unknown"
    rules = {q_rule(game) for game, _ in reading.game_candidates}
    assert rules == {"q", "qu"}, reading.game_candidates
    assert reading.tiles[r][c] == "?"
    assert {label for label, _ in reading.candidates[r][c][:2]} == {"Q", "QU"}
    assert reading.confidence[r][c] < 0.8
    # Told the game, the same picture reads its Q under that game's rule.
    assert read_array(grey, ReadOptions(game="spellcast")).tiles[r][c] == "Q"
    assert read_array(grey, ReadOptions(game="scramble")).tiles[r][c] == "QU"


def test_an_unknown_game_no_look_fits_leaves_the_q_unsure() -> None:
    # spellcast-discord 96001 (a Q at r4c5) inverted: no game's look fits (Word Hunt is
    # the one candidate, at 4% with "none of these" taking the rest). The candidates alone
    # read Qu, so the Q was read QU at 0.95, a confident wrong tile (benchmarks/stress.py
    # 96000, invert): a look like no game's leaves what a printed Q means open.
    import numpy as np

    from tools.synth import render_board

    board = render_board("spellcast-discord", 96001)
    r, c = 3, 4
    assert board.label["letters"][r][c] == "Q"
    inverted = np.ascontiguousarray(255 - decode_image(board.data))
    reading = read_array(inverted, ReadOptions())
    assert reading.game is None and reading.game_confidence < 0.5
    assert {q_rule(game) for game, _ in reading.game_candidates} == {"qu"}
    assert reading.tiles[r][c] == "?"
    assert {label for label, _ in reading.candidates[r][c][:2]} == {"Q", "QU"}
    assert read_array(inverted, ReadOptions(game="spellcast")).tiles[r][c] == "Q"


def test_an_unknown_game_whose_every_reading_is_qu_reads_qu_surely() -> None:
    # The other side: the Q tile stays sure where the look leaves the game unknown but
    # nearly all of its probability is on games that read Qu (no "none of these").
    from assistant.games import GameGuess
    from assistant.read import _q_shares

    sure = _q_shares(GameGuess("unknown", 0.6, (), candidates=(("boggle", 0.6), ("wordhunt", 0.4))))
    assert sure == {"qu": 1.0}
    open_ = _q_shares(GameGuess("unknown", 0.04, (), candidates=(("wordhunt", 0.8),)))
    assert open_["q"] > 0.45 and open_["qu"] < 0.55


# SpellCast's Q tile: the Q's tail reaches down to the value "8" at the bottom-right. Drawn
# with the generator's own tile painter (tools.synth) on a bare navy board, a Q on every
# diagonal tile, in faces and sizes where the tail touches the 8 (Open Sans ExtraBold) or
# comes so close that the glyph's keep-out and text band cut into it (Liberation Bold).
LETTERS = ("QATES", "RQNOL", "DEQIS", "TONQE", "LISTQ")


def _drawn_spellcast(font: str, tile: float, cap: float, bonus: str | None = None) -> object:
    import numpy as np
    from PIL import Image

    from tools.synth.base import Ctx
    from tools.synth.content import SPELLCAST_VALUES
    from tools.synth.looks_spellcast import NAVY, draw_spellcast_tile

    pitch = tile / 0.9
    side = round(pitch * (len(LETTERS) + 0.8))
    img = Image.new("RGB", (side, side), NAVY)
    ctx = Ctx(np.random.default_rng(0))
    for r, row in enumerate(LETTERS):
        for c, ch in enumerate(row):
            x0, y0 = pitch * (0.45 + c), pitch * (0.45 + r)
            draw_spellcast_tile(
                ctx, img, (x0, y0, x0 + tile, y0 + tile), ch, SPELLCAST_VALUES[ch],
                bonus if ch == "Q" else None, font=font, cap=cap, gem=False,
            )  # fmt: skip
    return np.ascontiguousarray(np.asarray(img)[..., ::-1])


def _q_tiles(
    font: str, tile: float, cap: float, bonus: str | None = None
) -> list[tuple[str, float, int | None, float]]:
    from assistant.cut import cut_tiles
    from assistant.locate import locate_boards
    from assistant.recognize import recognize_tiles

    config = ReadOptions().config
    located = locate_boards(_drawn_spellcast(font, tile, cap, bonus), config=config.locate)[0]
    readings = recognize_tiles(
        cut_tiles(located, config.cut), config=config.recognize_config()
    )  # fmt: skip
    return [
        (t.label, t.confidence, t.value, t.value_confidence)
        for t in readings
        if LETTERS[t.row][t.col] == "Q"
    ]


@pytest.mark.parametrize(
    ("font", "tile"),
    [
        ("opensans-extrabold", 80),
        ("opensans-extrabold", 110),
        ("opensans-extrabold", 150),
        ("liberation-bold", 60),
    ],
)
def test_a_q_whose_tail_reaches_its_value_reads_q_worth_8(font: str, tile: float) -> None:
    """Before: the Q and its 8 were cut as one piece (Open Sans ExtraBold: letter and value
    both unsure), or the 8 lost its top to the Q's keep-out (Liberation Bold: read "0").
    Now the board's value zone cuts them apart (and the tip of the tail that crossed into
    the zone is trimmed off the 8): Q and 8, both sure."""
    for label, conf, value, value_conf in _q_tiles(font, tile, 0.5):
        assert label == "QU" and conf >= 0.8
        assert value == 8 and value_conf >= 0.8


@pytest.mark.parametrize("bonus", [None, "DL"])
@pytest.mark.parametrize("font", ["opensans-extrabold", "liberation-bold", "dejavu-bold"])
@pytest.mark.parametrize("tile", [40, 60, 110])
def test_a_q_tile_never_gets_a_confident_wrong_letter_or_value(
    font: str, tile: float, bonus: str | None
) -> None:
    """Also on bonus tiles (a gold Q on a face narrowed by the outline, its 8 further in than
    the board's value zone): there the value often stays unsure (known), never wrong."""
    for label, conf, value, value_conf in _q_tiles(font, tile, 0.5, bonus):
        assert label == "QU" or conf < 0.8
        assert value == 8 or value_conf < 0.8
