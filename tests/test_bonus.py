"""Bonus squares (assistant.bonus): DL/TL/DW/TW badges and bonus tiles.

Expected answers: the ``bonuses`` of fixtures/synthetic/labels.json (written by the
generator that drew them: 4 Ruzzle, 4 SpellCast, 4 Scramble boards); every other fixture,
real or synthetic, has no bonus square. Hand-drawn boards below test the unsure cases.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from assistant.bonus import (
    BONUS_STYLES,
    BonusConfig,
    BonusReading,
    bonus_labels,
    read_bonuses,
    unsure_bonuses,
)
from assistant.geometry import Box
from assistant.imageio import load_image
from assistant.locate import LocatedBoard, locate_board
from assistant.recognize.badges import BadgeText

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SYNTH = {e["file"]: e for e in json.loads((FIXTURES / "synthetic" / "labels.json").read_text())}
REAL = {e["file"]: e for e in json.loads((FIXTURES / "real" / "labels.json").read_text())}
WITH_BONUSES = sorted(f for f, e in SYNTH.items() if e["bonuses"] is not None)
TEXT = BadgeText()  # the badges' labels read with the shipped letter templates, as read.py does
WITHOUT = sorted(f"real/{f}" for f in REAL) + sorted(
    f"synthetic/{f}" for f, e in SYNTH.items() if e["bonuses"] is None
)


@cache
def _located(relative: str) -> LocatedBoard:
    return locate_board(load_image(FIXTURES / relative))


def _kinds(grid: tuple[tuple[BonusReading | None, ...], ...]) -> list[list[str | None]]:
    return [[b.kind if b is not None else None for b in row] for row in grid]


def test_the_fixtures_cover_every_bonus_style() -> None:
    games = {SYNTH[f]["game"] for f in WITH_BONUSES}
    assert games == set(BONUS_STYLES)
    kinds = {k for f in WITH_BONUSES for row in SYNTH[f]["bonuses"] for k in row if k}
    assert kinds == {"DL", "TL", "DW", "TW"}


def _same_gold(want: str | None, got: BonusReading | None) -> bool:
    """SpellCast's DL and TL badges share one gold: only their text, unreadable on small
    boards, tells them apart; such a badge must come out unsure as one of the two."""
    return got is not None and not got.sure and want in ("DL", "TL") and got.kind in ("DL", "TL")


def _check(entry: dict[str, Any], grid: tuple[tuple[BonusReading | None, ...], ...]) -> None:
    for r, row in enumerate(entry["bonuses"]):
        for c, want in enumerate(row):
            got = grid[r][c]
            if entry["game"] == "spellcast" and _same_gold(want, got):
                continue
            assert (got.kind if got else None) == want, (r, c, got)
            assert got is None or got.sure, (r, c, got)


@pytest.mark.parametrize("name", WITH_BONUSES)
def test_bonuses_read_exactly_with_the_game_known(name: str) -> None:
    entry = SYNTH[name]
    grid = read_bonuses(_located(f"synthetic/{name}"), entry["game"], text=TEXT)
    _check(entry, grid)
    if entry["game"] != "spellcast":
        assert unsure_bonuses(grid) == []


@pytest.mark.parametrize("name", WITH_BONUSES)
def test_bonuses_read_exactly_without_the_game(name: str) -> None:
    """Every palette at once: colours shared by two games (Ruzzle's yellow DW, SpellCast's
    gold DL) are settled by the badge's text, or by the kind of marker."""
    entry = SYNTH[name]
    grid = read_bonuses(_located(f"synthetic/{name}"), text=TEXT)
    if entry["game"] == "spellcast":
        _check(entry, grid)
    else:
        assert _kinds(grid) == entry["bonuses"]


@pytest.mark.parametrize("name", WITHOUT)
def test_boards_without_bonus_squares_read_none(name: str) -> None:
    grid = read_bonuses(_located(name), text=TEXT)
    assert bonus_labels(grid) is None, _kinds(grid)


def test_games_without_bonus_squares_are_not_even_looked_at() -> None:
    located = _located("synthetic/ruzzle_2026.jpg")
    for game in ("wordament", "wordhunt", "boggle"):
        grid = read_bonuses(located, game, text=TEXT)
        assert (len(grid), len(grid[0])) == (located.rows, located.cols)
        assert bonus_labels(grid) is None


def test_the_badge_text_is_read_where_it_is_large_enough() -> None:
    grid = read_bonuses(_located("synthetic/ruzzle_2027.png"), text=TEXT)
    assert grid[1][1] is not None
    assert (grid[1][1].kind, grid[1][1].text) == ("DW", "DW")  # yellow: Ruzzle DW, not SpellCast DL
    # SpellCast's badges are ~5 px tall in that picture: too small to read, colour only.
    small = read_bonuses(_located("synthetic/spellcast-discord_2025.jpg"), "spellcast", text=TEXT)
    assert all(b.text == "" for row in small for b in row if b is not None)


def test_readings_say_where_the_marker_is_in_its_cell() -> None:
    ruzzle = _located("synthetic/ruzzle_2026.jpg")
    badge = read_bonuses(ruzzle, "ruzzle", text=TEXT)[0][2]
    assert badge is not None and badge.marker == "badge"
    p = ruzzle.cell_px  # boxes are in the cell's pixels, like the boxes of assistant.cut
    x0, y0, x1, y1 = (v / p for v in (badge.box.x, badge.box.y, badge.box.x1, badge.box.y1))
    assert 0.0 <= x0 < 0.15 and 0.0 <= y0 < 0.15  # the tile's top-left corner...
    assert 0.25 < x1 < 0.45 and 0.18 < y1 < 0.35  # ...about a third of it wide
    scramble = _located("synthetic/scramble_2025.jpg")
    tile = read_bonuses(scramble, "scramble", text=TEXT)[1][1]
    assert tile is not None and tile.marker == "tile"
    p = scramble.cell_px
    box = tile.box  # the bonus name written in the top-left corner
    tx0, ty0, tx1, ty1 = (v / p for v in (box.x, box.y, box.x1, box.y1))
    assert 0.05 < tx0 < 0.25 and 0.05 < ty0 < 0.25 and tx1 < 0.4 and ty1 < 0.3


def test_bonus_labels_gives_the_board_reading_grid() -> None:
    grid = read_bonuses(_located("synthetic/ruzzle_2024.jpg"), "ruzzle", text=TEXT)
    labels = bonus_labels(grid)
    assert labels is not None
    assert [list(row) for row in labels] == SYNTH["ruzzle_2024.jpg"]["bonuses"]


# --------------------------------------------------------------------------- drawn boards

CELL = 128
CREAM = (242, 238, 230)
NAVY = (21, 38, 76)


def _drawn(badges: dict[tuple[int, int], tuple[tuple[int, int, int], str]]) -> LocatedBoard:
    """A 4x4 Ruzzle-like rectified board with badges (RGB colour, text) where asked."""
    board = np.full((4 * CELL, 4 * CELL, 3), NAVY[::-1], np.uint8)
    for r in range(4):
        for c in range(4):
            x0, y0 = c * CELL + 6, r * CELL + 6
            side = CELL - 12
            cv2.rectangle(board, (x0, y0), (x0 + side, y0 + side), CREAM[::-1], -1)
            cv2.putText(
                board, "E", (x0 + 35, y0 + 85), cv2.FONT_HERSHEY_DUPLEX, 2.2, (56, 52, 52), 5
            )
            if (r, c) in badges:
                colour, text = badges[(r, c)]
                bx0, by0 = x0 + round(0.05 * side), y0 + round(0.05 * side)
                bx1, by1 = x0 + round(0.38 * side), y0 + round(0.27 * side)
                cv2.rectangle(board, (bx0, by0), (bx1, by1), colour[::-1], -1)
                if text:
                    cv2.putText(
                        board,
                        text,
                        (bx0 + 3, by1 - 5),
                        cv2.FONT_HERSHEY_SIMPLEX,
                        0.6,
                        (255, 255, 255),
                        2,
                    )
    corners = ((0.0, 0.0), (4.0 * CELL, 0.0), (4.0 * CELL, 4.0 * CELL), (0.0, 4.0 * CELL))
    return LocatedBoard(4, 4, corners, board, CELL, np.eye(3), tile_ratio=0.9)


def test_a_colour_between_two_palette_colours_is_unsure() -> None:
    # Half way between Ruzzle's yellow DW and red TW, no text: either could be meant.
    located = _drawn({(0, 0): ((235, 113, 38), "")})
    reading = read_bonuses(located, "ruzzle", text=TEXT)[0][0]
    assert reading is not None
    assert reading.kind in ("DW", "TW")
    assert not reading.sure
    assert reading.confidence < BonusConfig().sure
    assert unsure_bonuses(read_bonuses(located, "ruzzle", text=TEXT)) == [
        (0, 0, reading.kind, reading.confidence)
    ]


def test_a_colour_no_palette_knows_is_not_a_bonus() -> None:
    located = _drawn({(1, 2): ((200, 0, 200), "")})  # magenta: far from every Ruzzle colour
    assert bonus_labels(read_bonuses(located, "ruzzle", text=TEXT)) is None
    # Brown is 44 from Ruzzle's red: at most an unsure TW, never a sure one.
    brown = read_bonuses(_drawn({(1, 2): ((120, 60, 20), "")}), "ruzzle", text=TEXT)[1][2]
    assert brown is None or not brown.sure


def test_a_palette_colour_reads_surely_and_other_tiles_stay_empty() -> None:
    located = _drawn({(2, 3): ((61, 174, 73), ""), (0, 1): ((45, 127, 211), "")})
    grid = read_bonuses(located, "ruzzle", text=TEXT)
    assert _kinds(grid) == [
        [None, "TL", None, None],
        [None, None, None, None],
        [None, None, None, "DL"],
        [None, None, None, None],
    ]
    assert all(b.sure for row in grid for b in row if b is not None)


def test_text_that_contradicts_the_colour_makes_the_reading_unsure() -> None:
    always = BonusConfig(text="always")

    def read(text: str) -> BonusReading:
        reading = read_bonuses(
            _drawn({(0, 0): ((61, 174, 73), text)}), "ruzzle", config=always, text=TEXT
        )
        assert reading[0][0] is not None
        return reading[0][0]

    plain, contradicted, agreeing = read(""), read("TW"), read("DL")
    assert agreeing.text == "DL" and agreeing.kind == "DL" and agreeing.sure
    assert contradicted.text == "TW"
    assert contradicted.kind == "DL"  # the clear colour keeps its kind...
    assert contradicted.confidence < plain.confidence
    assert not contradicted.sure  # ...but the reading is unsure


def test_text_is_read_only_when_the_colour_leaves_a_doubt_by_default() -> None:
    located = _drawn({(0, 0): ((61, 174, 73), "DL")})
    clear = read_bonuses(located, "ruzzle", text=TEXT)[0][0]  # the game's own green: no doubt
    unknown_game = read_bonuses(located, text=TEXT)[0][0]  # every palette: text is read
    assert clear is not None and unknown_game is not None
    assert clear.text == "" and unknown_game.text == "DL"
    assert clear.kind == unknown_game.kind == "DL"


def test_without_a_text_reader_colour_alone_names_the_badge() -> None:
    """The stage never imports the recognizer: with no reader passed in, no label is read
    and a colour two palettes share stays as unsure as the colour makes it."""
    located = _drawn({(0, 0): ((61, 174, 73), "DL")})
    blind = read_bonuses(located)[0][0]
    assert blind is not None and blind.text == "" and blind.kind == "DL"
    gold = read_bonuses(_located("synthetic/ruzzle_2027.png"))[1][1]
    read = read_bonuses(_located("synthetic/ruzzle_2027.png"), text=TEXT)[1][1]
    assert gold is not None and read is not None
    assert gold.text == "" and read.text == "DW"
    assert gold.confidence < read.confidence  # the label settled what the colour could not


def test_a_reading_is_sure_at_the_level_of_the_config_it_was_read_with() -> None:
    located = _located("synthetic/ruzzle_2027.png")
    usual = [b for row in read_bonuses(located, "ruzzle", text=TEXT) for b in row if b]
    assert usual and all(b.sure for b in usual)
    strict = BonusConfig(sure=1.01)  # no confidence reaches it
    grid = read_bonuses(located, "ruzzle", config=strict, text=TEXT)
    doubted = [b for row in grid for b in row if b is not None]
    assert len(doubted) == len(usual) and not any(b.sure for b in doubted)
    assert len(unsure_bonuses(grid)) == len(usual)


def test_bonus_readings_and_config_are_frozen() -> None:
    reading = BonusReading("DL", 0.9, "badge", Box(0, 0, 30, 20))
    with pytest.raises(AttributeError):
        reading.kind = "TL"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        BonusConfig().sure = 0.1  # type: ignore[misc]
