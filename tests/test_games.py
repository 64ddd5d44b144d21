"""Recognizing the game from the board's look (assistant.games).

Expected answers: the ``game`` of fixtures/real/labels.json (20 Wordament screenshots and
crops, 2 photos of Boggle dice, 3 Word Hunt crops) and fixtures/synthetic/labels.json (4
boards of each look); ``boggle_physical`` is reported as "boggle". Hand-drawn boards test
single cues; a look that does not decide is "unknown" with candidates.
"""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.games import (
    GAME_NAMES,
    GameGuess,
    GamesConfig,
    _near_hue,
    _other_hue,
    describe_look,
    detect_game,
    read_game_and_bonuses,
)
from assistant.geometry import CORNERS, Box, Corner
from assistant.imageio import Image, load_image
from assistant.locate import LocatedBoard, locate_board
from assistant.read import ReadOptions, read_array
from assistant.recognize import TileReading
from assistant.registry import get_game
from assistant.values import ValueConfig, ValueOption, board_corner, value_corner

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
EXPECTED: dict[str, str] = {}
for _set in ("real", "synthetic"):
    for _entry in json.loads((FIXTURES / _set / "labels.json").read_text()):
        EXPECTED[f"{_set}/{_entry['file']}"] = _entry["game"].replace("boggle_physical", "boggle")
NAMES = sorted(EXPECTED)
BONUSES = {
    e["file"]: e["bonuses"]
    for e in json.loads((FIXTURES / "synthetic" / "labels.json").read_text())
}


@cache
def _fixture(name: str) -> tuple[Image, LocatedBoard]:
    image = load_image(FIXTURES / name)
    return image, locate_board(image)


def test_the_fixtures_cover_every_game() -> None:
    assert set(EXPECTED.values()) == set(GAME_NAMES) - {"unknown"}


@pytest.mark.parametrize("name", NAMES)
def test_every_fixture_is_recognized(name: str) -> None:
    image, located = _fixture(name)
    # From the look alone: the right game, or unknown with it as the first candidate
    # (dice photos whose tiles sit nearly regularly), never another game.
    guess = detect_game(image, located)
    assert guess.name in (EXPECTED[name], "unknown"), (guess.evidence, guess.points)
    if not guess.known:
        assert guess.candidates[0][0] == EXPECTED[name]
    # Once the letters are read (dice lie every way), the game is named.
    reading = read_array(image, ReadOptions())
    assert reading.game == EXPECTED[name], reading.game_why
    assert reading.game_confidence >= 0.8
    assert reading.game_why.startswith("looks like ")


@pytest.mark.parametrize("name", NAMES[::3])
def test_the_board_alone_gives_the_same_answer(name: str) -> None:
    _, located = _fixture(name)
    assert detect_game(None, located).name == EXPECTED[name]


def test_every_name_can_be_scored() -> None:
    from assistant.registry import GAMES, game_for_look

    for name in GAME_NAMES:
        # every look but the unknown one is a game of the registry (an unknown game is
        # scored by the seam's fallback rules: tests/test_pipeline.py)
        record = game_for_look(name, 4, 4)
        assert (record is None) == (name == "unknown")
        assert record is None or record.name in GAMES


def test_the_look_names_its_cues() -> None:
    _, ruzzle = _fixture("synthetic/ruzzle_2025.png")
    look = describe_look(None, ruzzle)
    assert look.value_corner == "top-right"
    assert not look.photo
    assert {name.split(":")[0] for _, name in look.badges} == {"ruzzle"}
    image, dice = _fixture("real/boggle_physical/UO-CIS211_sample-board.jpeg")
    look = describe_look(image, dice)
    assert look.value_corner is None and look.photo


# --------------------------------------------------------------------------- drawn boards

CELL = 128


def _drawn(
    face: tuple[int, int, int],
    gap: tuple[int, int, int],
    *,
    value_at: Corner | None = None,
    score: float = 1.0,
) -> LocatedBoard:
    """A 4x4 rectified board: flat ``face`` tiles (RGB) on ``gap``, a dark letter in each,
    and a point value in the corner ``value_at`` (top-left, top-right or bottom-right)
    of every tile."""
    board = np.full((4 * CELL, 4 * CELL, 3), gap[::-1], np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    for r in range(4):
        for c in range(4):
            x0, y0 = c * CELL + 6, r * CELL + 6
            side = CELL - 12
            cv2.rectangle(board, (x0, y0), (x0 + side, y0 + side), face[::-1], -1)
            letter = "ABCDEFGHIKLMNOPR"[r * 4 + c]
            cv2.putText(board, letter, (x0 + 36, y0 + 82), font, 2.0, (40, 40, 40), 5)
            digit = str((r + c) % 9 + 1)
            spot = {
                "top-left": (x0 + 10, y0 + 24),
                "top-right": (x0 + side - 22, y0 + 24),
                "bottom-right": (x0 + side - 22, y0 + side - 10),
            }.get(value_at or "")
            if spot is not None:
                cv2.putText(board, digit, spot, font, 0.6, (40, 40, 40), 2)
    corners = ((0.0, 0.0), (4.0 * CELL, 0.0), (4.0 * CELL, 4.0 * CELL), (0.0, 4.0 * CELL))
    return LocatedBoard(4, 4, corners, board, CELL, np.eye(3), tile_ratio=0.9, score=score)


GREY, SLATE = (205, 205, 210), (70, 70, 75)


def test_a_plain_white_board_without_values_is_unknown_with_candidates() -> None:
    guess = detect_game(None, _drawn(GREY, SLATE))
    assert guess.name == "unknown" and not guess.known
    names = [name for name, _ in guess.candidates]
    assert "boggle" in names and len(names) >= 2
    assert guess.why.startswith("game unknown (") and guess.why.endswith("pass --game")


@pytest.mark.parametrize(
    ("corner", "gap", "game"),
    [
        ("top-left", SLATE, "wordament"),
        ("top-right", (21, 38, 76), "ruzzle"),
        ("bottom-right", (48, 125, 216), "scramble"),
    ],
)
def test_the_corner_of_the_point_values_names_the_game(
    corner: Corner, gap: tuple[int, int, int], game: str
) -> None:
    located = _drawn(GREY, gap, value_at=corner)
    look = describe_look(None, located)
    assert look.corner_share[CORNERS.index(corner)] == 1.0
    assert detect_game(None, located).name == game


@pytest.mark.parametrize("seed", [91000, 92500])
def test_a_board_of_another_hue_than_the_games_boards_does_not_name_it(seed: int) -> None:
    # A SpellCast board with its hues turned 180 degrees (benchmarks/stress.py, hue180)
    # was named Scramble at 0.81 and 0.80: bluish-white faces and values bottom right, as
    # Scramble's, but on an olive board where Scramble's boards are blue.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    image = decode_image(render_board("spellcast-discord", seed).data)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + 90) % 180).astype(np.uint8)
    turned = np.ascontiguousarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), np.uint8)
    reading = read_array(turned, ReadOptions())
    assert reading.game in (None, "spellcast"), reading.game_why
    cfg = GamesConfig()
    assert _other_hue((30.0, 12.0, 25.0), ((48, 125, 216),), cfg)  # olive: not blue
    # A grey board has no hue to differ: it costs nothing (a blurred board's gaps mix
    # with its faces, lighter and greyer); a game with a grey board matches any hue.
    assert not _other_hue((30.0, 1.0, -2.0), ((48, 125, 216),), cfg)
    assert not _other_hue((30.0, 12.0, 25.0), ((48, 125, 216), (60, 60, 60)), cfg)
    assert not _other_hue((30.0, -3.0, -20.0), ((48, 125, 216),), cfg)  # a blue board


def test_a_screenshot_whose_faces_are_not_the_games_faces_does_not_name_it() -> None:
    # A Scramble board with its hues turned 60 degrees (benchmarks/stress.py 96000, hue60):
    # bluish-violet faces on a navy board, values bottom right, one tile's colour taken for
    # a gem. It was named SpellCast at 0.96 on its board and values alone, its faces 1.6
    # tolerances from SpellCast's cream. Unturned, the same board is Scramble.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    image = decode_image(render_board("scramble", 96001).data)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + 30) % 180).astype(np.uint8)
    turned = np.ascontiguousarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), np.uint8)
    guess = detect_game(turned, locate_board(turned))
    assert guess.name in ("unknown", "scramble"), guess.why
    assert detect_game(image, locate_board(image)).name == "scramble"


def test_one_rule_finds_the_value_corner_before_and_after_cutting() -> None:
    # games.describe_look (marks on the small board, shares of the tiles) and
    # values.board_corner (the cutter's candidates, counts of tiles) apply one rule.
    shares: dict[Corner, float] = {"top-left": 0.9, "top-right": 0.4, "bottom-right": 0.0}
    assert value_corner(shares, 0.5) == "top-left"
    assert value_corner(shares, 0.5, others=0.35) is None  # badges as common as values
    assert value_corner({"top-left": 0.4}, 0.5) is None
    assert value_corner({}, 0.5) is None
    tied: dict[Corner, float] = {"top-right": 0.6, "top-left": 0.6}
    assert value_corner(tied, 0.5) == "top-right"  # a tie: the corner named first
    assert value_corner(tied, 0.5, others=0.35) is None
    cfg = ValueConfig()
    option = ValueOption(
        "top-right", (Box(1, 1, 2, 3),), Box(1, 1, 2, 3), np.zeros((3, 2), np.uint8),
        np.zeros((3, 2), np.uint8), 0.0,
    )  # fmt: skip
    assert board_corner([[option], [option], []], cfg) == "top-right"  # 2 of 3 tiles
    assert board_corner([[option], [], []], cfg) is None  # 1 of 3
    assert board_corner([[option]], cfg) is None  # every tile, but fewer than two


def test_word_hunt_colours_without_values() -> None:
    # Wood tiles on the dark green board, as measured on fixtures/real/wordhunt.
    assert detect_game(None, _drawn((245, 210, 150), (68, 92, 67))).name == "wordhunt"


def test_dice_need_the_look_of_a_photo() -> None:
    faces = (214, 205, 194)  # an off-white die face
    assert detect_game(None, _drawn(faces, (30, 30, 30), score=0.8)).name == "boggle"
    # The same faces square to the picture and perfectly regular: a screen, not dice, of a
    # game the look does not name.
    assert detect_game(None, _drawn(faces, (30, 30, 30), score=1.0)).name == "unknown"


def test_config_and_guess_are_frozen() -> None:
    with pytest.raises(AttributeError):
        GamesConfig().min_points = 0.0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        GameGuess("ruzzle", 1.0, ()).name = "wordament"  # type: ignore[misc]


@pytest.mark.parametrize(
    "name",
    [
        "synthetic/ruzzle_2026.jpg",
        "synthetic/scramble_2024.png",
        "real/boggle_physical/StevieG47_example.jpg",
    ],
)
def test_game_and_bonuses_in_one_go_agree_with_the_separate_calls(name: str) -> None:
    from assistant.bonus import read_bonuses

    image, located = _fixture(name)
    guess, bonuses = read_game_and_bonuses(image, located)
    assert guess == detect_game(image, located)
    assert bonuses == read_bonuses(located, guess.name)


def test_a_game_chosen_by_the_user_is_taken_as_given() -> None:
    image, located = _fixture("synthetic/scramble_2025.jpg")
    guess, bonuses = read_game_and_bonuses(image, located, game="Scramble With Friends")
    assert (guess.name, guess.confidence) == ("Scramble With Friends", 1.0)
    assert guess.why == "Scramble With Friends (chosen with --game)"
    assert get_game(guess.name).name == "scramble"  # one answer: scoring and bonuses
    kinds = [[b.kind if b else None for b in row] for row in bonuses]
    assert kinds == BONUSES["scramble_2025.jpg"]
    _, none = read_game_and_bonuses(image, located, game="wordament")
    assert all(b is None for row in none for b in row)


def test_a_size_the_looks_game_never_has_is_a_shape_error() -> None:
    """SpellCast boards are always 5x5: a SpellCast look read as 5x4 (a column under a
    drawn line lost) is refused as a shape error with the fix, not read with confidence."""
    from assistant.errors import BoardShapeError
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 3010)  # its last column lies under a line
    image = decode_image(board.data)
    located = locate_board(image)
    guess = detect_game(image, located)
    if (located.rows, located.cols) == (5, 5):
        assert not guess.size_conflict  # the locator got it right after all
        return
    assert guess.size_conflict and guess.expected_sizes == (5,)
    with pytest.raises(BoardShapeError, match="5x5") as err:
        read_array(image, ReadOptions())
    assert "--size 5x5" in str(err.value)
    reading = read_array(image, ReadOptions(size=(5, 5)))
    assert (reading.rows, reading.cols) == (5, 5)


def test_a_grid_larger_than_its_games_boards_is_read_at_the_games_size() -> None:
    """A Wordament screenshot whose column of round Hint / Zoom / Rotate buttons lines up
    with the board (tools.synth wordament-desktop 89329). That column has neither the
    tiles' face nor their edges in any cell, so it is no line of tiles: the board is found
    4x4 and read exactly. Where a grid larger than the game's boards is found all the same
    (here: that 4x5 grid, as it was found before the column was judged so), the board is
    read at the game's size, with a note saying so (it was refused with "re-run with
    --size 4x4")."""
    from assistant.imageio import decode_image
    from assistant.read import _read_at_games_size
    from tools.synth import render_board

    board = render_board("wordament-desktop", 89329)
    image = decode_image(board.data)
    found = locate_board(image)
    assert (found.rows, found.cols) == (4, 4)
    reading = read_array(image, ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4) and reading.game == "wordament"
    assert [list(row) for row in reading.tiles] == board.label["letters"]
    wide = locate_board(image, size=(4, 5))
    guess = detect_game(image, wide)
    assert guess.expected_sizes == (4,) and guess.size_conflict
    again = _read_at_games_size(image, ReadOptions(), wide, guess, start=time.perf_counter())
    assert (again.rows, again.cols) == (4, 4) and again.game == "wordament"
    assert [list(row) for row in again.tiles] == board.label["letters"]
    assert any("read as 4x4" in note and "4x5" in note for note in again.notes)


def test_the_size_conflict_waits_for_the_turned_letters() -> None:
    """A photo of a blue dice tray with a red letter: its navy and a gem made it "look
    like SpellCast" before its letters were read, and SpellCast is always 5x5; the dice's
    letters, turned every way, say Boggle. The size is judged with that cue in: the 4x4
    board reads as Boggle, never refused as a SpellCast. (The red letter is no longer
    taken for a gem; the rule is checked on the measured look with one gem put back.)"""
    from dataclasses import replace

    from assistant.games import _detect
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("boggle-classic", 9505)  # held-out seed: a blue tray
    image = decode_image(board.data)
    located = locate_board(image)
    look = describe_look(image, located)
    assert look.gems == 0
    with_gem = replace(look, gems=1)
    assert "SpellCast" in _detect(with_gem, GamesConfig()).size_conflict
    assert not _detect(replace(with_gem, turned=(12, 16)), GamesConfig()).size_conflict
    reading = read_array(image, ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    assert reading.game == "boggle"
    labels = [[t.upper() for t in row] for row in board.label["letters"]]
    assert [[t.upper() for t in row] for row in reading.tiles] == labels


def test_a_board_of_a_size_its_game_has_has_no_size_conflict() -> None:
    image, located = _fixture("synthetic/scramble_2024.png")
    assert not detect_game(image, located).size_conflict


def test_the_size_conflict_rule_on_a_measured_look() -> None:
    from dataclasses import replace

    from assistant.games import _detect

    image, located = _fixture("synthetic/spellcast-discord_2025.jpg")
    look = describe_look(image, located)
    assert look.size == (5, 5) and not _detect(look, GamesConfig()).size_conflict
    lost_column = _detect(replace(look, size=(5, 4)), GamesConfig())
    assert "SpellCast" in lost_column.size_conflict and "5x4" in lost_column.size_conflict
    assert lost_column.expected_sizes == (5,)


def _gem_board(*, red_letters: bool, gems: int) -> LocatedBoard:
    """Cream tiles on navy, a letter in each (red when ``red_letters``, as on old Boggle
    dice, else black) and a pink gem at the bottom-left of the first ``gems`` tiles."""
    board = np.full((4 * CELL, 4 * CELL, 3), (58, 31, 24), np.uint8)  # BGR navy
    font = cv2.FONT_HERSHEY_SIMPLEX
    ink = (36, 30, 196) if red_letters else (20, 20, 20)
    for i in range(16):
        r, c = divmod(i, 4)
        x0, y0 = c * CELL + 6, r * CELL + 6
        side = CELL - 12
        cv2.rectangle(board, (x0, y0), (x0 + side, y0 + side), (229, 241, 246), -1)
        cv2.putText(board, "EMWSBKNRHDLTAPGO"[i], (x0 + 30, y0 + 88), font, 2.4, ink, 9)
        if i < gems:
            gx, gy, g = x0 + int(side * 0.16), y0 + int(side * 0.83), int(side * 0.075)
            pts = np.array([(gx, gy - g), (gx + g, gy), (gx, gy + g), (gx - g, gy)], np.int32)
            cv2.fillPoly(board, [pts], (196, 62, 226))  # BGR pink-violet
    corners = ((0.0, 0.0), (4.0 * CELL, 0.0), (4.0 * CELL, 4.0 * CELL), (0.0, 4.0 * CELL))
    return LocatedBoard(4, 4, corners, board, CELL, np.eye(3), tile_ratio=0.9, score=1.0)


def test_red_letters_are_no_gems_and_pink_gems_are() -> None:
    """SpellCast's gems are small pink blobs inside the tile's bottom-left; the red letters
    of an old Boggle set reach into that corner and are red, not pink (a dice tray with red
    letters was named SpellCast before its letters were read)."""
    assert describe_look(None, _gem_board(red_letters=True, gems=0)).gems == 0
    assert describe_look(None, _gem_board(red_letters=False, gems=5)).gems == 5
    assert describe_look(None, _gem_board(red_letters=True, gems=5)).gems == 5


def test_scramble_dark_is_not_taken_for_spellcast() -> None:
    """Scramble's dark theme (bluish-white tiles on a navy board, 5x5, values bottom right)
    shares every cue with SpellCast but the tiles' tint: cream against bluish white. On a
    screenshot the tint counts more than the lightness, so the board is named Scramble
    instead of "unknown (Scramble 80%, SpellCast 20%)" (tools.synth scramble 3001; on the
    untuned seeds 14000-14029 three of thirty came back unknown before, none after)."""
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("scramble", 3001)
    image = decode_image(board.data)
    guess, _ = read_game_and_bonuses(image, locate_board(image))
    assert guess.name == "scramble" and guess.confidence >= GamesConfig().name_at


@pytest.mark.parametrize(
    ("degrees", "pad"), [(4.0, 0), (-3.0, 0), (-6.0, 0), (0.0, 120), (0.0, 200)]
)
def test_values_printed_low_are_found_on_a_turned_or_padded_screenshot(
    degrees: float, pad: int
) -> None:
    # Scramble prints its values low in the bottom-right corner. Turned 3 to 6 degrees, or
    # padded with black (benchmarks/stress.py 75000, rot3, rot-6, pad-black), the face box
    # came out a pixel short, every digit touched its bottom edge and was taken for the
    # tiles' 3D edge: no value corner, and the game went unknown (Scramble 0.43-0.66 with
    # Boggle beside it). A digit is not flat as an edge is.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    image = decode_image(render_board("scramble", 75000).data)
    h, w = image.shape[:2]
    if degrees:
        m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
        image = cv2.warpAffine(image, m, (w, h), borderValue=(255, 255, 255))
    if pad:
        image = cv2.copyMakeBorder(image, pad, pad // 2, pad, 2 * pad, cv2.BORDER_CONSTANT)
    image = np.ascontiguousarray(image)
    look = describe_look(image, locate_board(image))
    assert look.value_corner == "bottom-right", look.corner_share
    assert detect_game(image, locate_board(image)).name == "scramble"


def test_corner_marks_on_a_board_whose_letters_cannot_be_read_name_no_game() -> None:
    # A Word Hunt board in a phone mirrored on a desktop, blurred by 8 % of its pitch
    # (benchmarks/stress.py 78000, blur8%): no letter reads, and the blurred letters left
    # marks in the top-left corner of 11 of 16 tiles, taken for Wordament's values: named
    # Wordament at 0.94, a confident wrong game. Where no letter can be read, such marks
    # are no cue either way.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("wordhunt-desktop", 78001)
    (x0, _), (x1, _) = board.label["corners"][0], board.label["corners"][1]
    sigma = 0.08 * (x1 - x0) / board.label["cols"]
    image = np.ascontiguousarray(cv2.GaussianBlur(decode_image(board.data), (0, 0), sigma))
    reading = read_array(image, ReadOptions())
    assert len(reading.uncertain) == 16
    assert reading.game in (None, "wordhunt"), reading.game_why


def test_letters_turned_every_way_speak_against_a_screen_game() -> None:
    # A Boggle tray with noise of sd 15 (benchmarks/stress.py 98200, boggle-classic 98203,
    # noise15): the cut took specks in the dice's top-left corners for point values, and
    # the tray was named Wordament at 0.93 although 10 of its 16 letters read turned.
    # Letters turned every way count against a game whose tiles stand upright.
    from dataclasses import replace

    from stressed import stressed

    from assistant.games import _detect

    image, label = stressed("boggle-classic", 98200, 98203, "noise15")
    reading = read_array(image, ReadOptions())
    assert label["game"] == "boggle_physical"  # the label's group: Boggle dice
    assert reading.game in (None, "boggle"), reading.game_why
    measured = describe_look(image, locate_board(image))
    one = _detect(replace(measured, turned=(1, 16)), GamesConfig())  # a misread, say
    turned = _detect(replace(measured, turned=(10, 16)), GamesConfig())
    lost = dict(one.points)["wordament"] - dict(turned.points)["wordament"]
    assert lost == pytest.approx(-GamesConfig().turned_foreign, abs=0.01)


def test_a_board_of_a_size_no_game_deals_and_no_game_named_is_refused() -> None:
    # A Word Hunt phone screenshot cropped through the middle of its bottom row
    # (benchmarks/stress.py 100600, wordhunt-phone 100600, cutrow): the half row was left
    # out, the look did not name the game (Word Hunt 78%), and the board was read 3x4 with
    # nothing unsure. No game deals 3x4 boards: the shape is suspect, as where a game is
    # named whose boards are never that size, and the board is refused, not read.
    from dataclasses import replace

    from stressed import stressed

    from assistant.errors import BoardShapeError
    from assistant.games import UNKNOWN, _detect

    image, label = stressed("wordhunt-phone", 100600, 100600, "cutrow")
    assert (label["rows"], label["cols"]) == (4, 4)
    with pytest.raises(BoardShapeError, match="3x4 tiles were found, a size no game deals"):
        read_array(image, ReadOptions())
    # Where the look names no game, a size some game deals stands (a 5x5 of unknown game).
    measured = describe_look(image, locate_board(image))
    for size, conflict in (((3, 4), True), ((5, 5), False), ((4, 4), False)):
        guess = _detect(replace(measured, size=size), GamesConfig())
        assert guess.name == UNKNOWN
        assert bool(guess.size_conflict) == conflict, (size, guess.size_conflict)


def test_letters_the_same_upside_down_are_no_turned_letters() -> None:
    # A Word Hunt photo blurred by 4 % of its pitch (benchmarks/stress.py 91800,
    # wordhunt-photo 91800, blur4%): its three N's were read surely upside down, which an
    # N looks the same as, and counted as 3 of 13 letters turned; the board was named
    # Boggle at 0.91. A letter the same under a half turn read so is as upright.
    from dataclasses import replace

    from stressed import stressed

    from assistant.recognize import upright_at

    image, label = stressed("wordhunt-photo", 91800, 91800, "blur4%")
    reading = read_array(image, ReadOptions())
    assert label["game"] == "wordhunt"
    assert reading.game in (None, "wordhunt"), reading.game_why
    n = TileReading(row=0, col=0, label="N", confidence=0.95, candidates=(("N", 0.95),), turn=2)
    assert upright_at(n, 0) and not upright_at(replace(n, label="A"), 0)


@pytest.mark.parametrize("change", ["rot90", "rot180"])
def test_a_turned_picture_of_a_screen_that_looks_like_a_tray_is_turned_back(change: str) -> None:
    # A SpellCast board with 15 px tiles in a 2560x1440 Discord window, turned a quarter
    # or half turn (benchmarks/stress.py 92400, spellcast-arrows 92400): its tiles came out
    # irregular as a photo's and its faces dice-like, so the picture was read as it lay,
    # its letters counted as turned every way, and the board was named Big Boggle at 0.98.
    # Its 10 and 11 telling letters all lie one way: the picture is turned back and the
    # board is SpellCast, as the same board upright is.
    from stressed import stressed

    from assistant.recognize import RecognizeConfig, picture_turn

    image, label = stressed("spellcast-arrows", 92400, 92400, change)
    reading = read_array(image, ReadOptions())
    assert label["game"] == "spellcast"
    assert reading.game == "spellcast", reading.game_why
    # A tray-like board is turned only on every telling letter agreeing, nine at least.
    cfg = RecognizeConfig()
    tiles = _sure_tiles
    nine = tiles([("R", 2)] * cfg.picture_turn_tray + [("O", 0)] * 3)
    eight = tiles([("R", 2)] * (cfg.picture_turn_tray - 1) + [("O", 0)] * 4)
    one_off = tiles([("R", 2)] * cfg.picture_turn_tray + [("R", 1)] + [("O", 0)] * 2)
    assert picture_turn(nine, cfg, tray=True) == 2
    assert picture_turn(eight, cfg, tray=True) == 0 and picture_turn(eight, cfg) == 2
    assert picture_turn(one_off, cfg, tray=True) == 0 and picture_turn(one_off, cfg) == 2


def test_a_turned_tray_like_screen_is_turned_back_though_a_letter_dissents() -> None:
    # benchmarks/stress.py 100600, spellcast-arrows 100600 turned a half turn: read as it
    # lay, 13 of its 14 telling letters were upside down and its A read V (an upside-down
    # A is a V), so not every letter agreed, and the board was named Boggle at 1.0 with
    # the A read V. Random dice lie 13 of 14 one way far less often than 9 of 9 (the bar
    # the rule had): the picture is turned back and the board is SpellCast.
    from stressed import confident_wrong, read_stressed

    from assistant.recognize import RecognizeConfig, picture_turn

    reading, want = read_stressed("spellcast-arrows", 100600, 100600, "rot180")
    assert reading.game == "spellcast", reading.game_why
    assert confident_wrong(reading, want) == []
    cfg = RecognizeConfig()
    tiles = _sure_tiles
    assert picture_turn(tiles([("R", 2)] * 13 + [("V", 0)]), cfg, tray=True) == 2
    # ...but not 9 of 10, nor 11 of 14 (each likelier from random dice than 9 of 9)...
    assert picture_turn(tiles([("R", 2)] * 9 + [("V", 0)]), cfg, tray=True) == 0
    assert picture_turn(tiles([("R", 2)] * 11 + [("V", 0)] * 3), cfg, tray=True) == 0
    # ...nor where a letter the same under a half turn disagrees besides the dissenter.
    off = tiles([("R", 2)] * 13 + [("V", 0), ("N", 1)])
    assert picture_turn(off, cfg, tray=True) == 0


def test_letters_all_turned_one_way_are_no_dice() -> None:
    # benchmarks/stress.py 117400 (fresh), spellcast-arrows 117405 turned a half turn: a
    # 155 px picture whose board looked like a tray before its letters were read. Its 16
    # letters read surely all lay upside down, but only 8 tell a turn, too few to turn a
    # tray-like picture back (``picture_turn_tray``), and counted as 8 of 16 letters
    # "turned every way" they named it Boggle at 0.99. Dice lie every way; a turned picture
    # turns every letter alike: where every letter read is upright at one turn, none
    # counts as turned.
    from stressed import stressed

    image, label = stressed("spellcast-arrows", 117400, 117405, "rot180")
    reading = read_array(image, ReadOptions())
    assert label["game"] == "spellcast"
    assert reading.game in (None, "spellcast"), reading.game_why
    assert "letters turned every way" not in reading.game_why


def test_corner_marks_no_tile_read_a_value_from_count_for_less() -> None:
    # A Word Hunt photo with noise of sd 15 (benchmarks/stress.py 92600, wordhunt-photo
    # 92600, noise15): the noise made marks in its tiles' top-left corners, none read as a
    # number, and the board was named Wordament at 0.91 for "point values in the top-left
    # corner". Where fewer than ``values_read`` of the letters read surely come with a
    # value read surely, the corner counts ``values_unread`` as much: never Wordament.
    from stressed import stressed

    image, label = stressed("wordhunt-photo", 92600, 92600, "noise15")
    reading = read_array(image, ReadOptions())
    assert label["game"] == "wordhunt"
    assert reading.game in (None, "wordhunt"), reading.game_why


@pytest.mark.parametrize("change", ["tile14", "blur8%"])
def test_a_board_whose_letters_could_not_be_read_is_named_only_on_strong_colours(
    change: str,
) -> None:
    # A dice tray at 14 px tiles or blurred by 8 % of its pitch (benchmarks/stress.py
    # 93500, boggle-classic 93501): too few letters read surely to tell dice from a screen,
    # its colours alone named it Word Hunt at 0.91 and 0.82. Where the letters were read
    # but too few surely, a game is named only at ``name_blind_at``: never Word Hunt here.
    from stressed import stressed

    image, label = stressed("boggle-classic", 93500, 93501, change)
    reading = read_array(image, ReadOptions())
    assert label["game"] == "boggle_physical"
    assert reading.game in (None, "boggle"), reading.game_why


@pytest.mark.parametrize("change", ["tile14", "desktop14"])
def test_a_small_board_half_read_upright_is_no_dice_tray(change: str) -> None:
    # A 4x4 Scramble board at 14 px tiles, alone or on a 2560x1440 desktop
    # (benchmarks/stress.py 108000, scramble 108000): 8 of its 16 letters read surely, all
    # upright, its tiles off the lattice by a pixel or two (fit 0.61-0.69) and its values
    # too small to see. Eight letters were too few for "every letter upright" (9 were
    # asked) but enough not to be blind (half the board), so nothing held the tiles' fit
    # back and it was named Boggle at 0.86. One bar for both: never Boggle.
    from stressed import stressed

    image, label = stressed("scramble", 108000, 108000, change)
    reading = read_array(image, ReadOptions())
    assert label["game"] == "scramble"
    assert reading.game in (None, "scramble"), reading.game_why


def _sure_tiles(turns: list[tuple[str, int]]) -> list[TileReading]:
    """Tiles of one row read surely (0.99), each (letter, turn) as given."""
    return [
        TileReading(row=0, col=k, label=c, confidence=0.99, candidates=((c, 0.99),), turn=t)
        for k, (c, t) in enumerate(turns)
    ]


def _levels(image: Image, gain: float = 1.0, bias: float = 0.0, gamma: float = 1.0) -> Image:
    """``image`` with its contrast times ``gain`` about mid-grey, then ``bias``, then
    ``gamma`` (as benchmarks/stress.py changes levels)."""
    x = (image.astype(np.float32) - 128) * gain + 128 + bias
    x = 255 * (np.clip(x, 0, 255) / 255) ** gamma
    return np.asarray(np.clip(x + 0.5, 0, 255), np.uint8)


@pytest.mark.parametrize(
    "change", [{"bias": -70.0}, {"gain": 0.4}, {"gamma": 2.0}], ids=["dark", "low", "gamma2"]
)
def test_a_darkened_or_flattened_word_hunt_board_is_named_by_its_hues(
    change: dict[str, float],
) -> None:
    # Levels change lightness and chroma, not hue: the real Word Hunt crops darkened by 70
    # levels, at 0.4 contrast or at gamma 2 came out unknown (0.39-0.57) on their colour
    # distances alone (benchmarks/stress.py 78000: 44 of 56 such Word Hunt readings).
    for shot in sorted((FIXTURES / "real" / "wordhunt").glob("*.png")):
        reading = read_array(_levels(load_image(shot), **change), ReadOptions())
        assert reading.game == "wordhunt", (shot.name, reading.game_why)


def test_the_hue_cue_needs_both_the_games_face_and_board_hues() -> None:
    wood, green, navy, cream = (245, 210, 150), (68, 92, 67), (24, 31, 58), (236, 230, 220)
    hunt = detect_game(None, _drawn(wood, green))
    assert "tile and board hues" in hunt.evidence
    # Word Hunt's wood faces on SpellCast's navy board; cream (neutral) faces on its green.
    for face, gap in ((wood, navy), (cream, green)):
        guess = detect_game(None, _drawn(face, gap))
        assert "tile and board hues" not in guess.evidence
        assert dict(guess.points)["wordhunt"] < dict(hunt.points)["wordhunt"] - 2
    # Greyish dice on a brown table are not Wordament's orange on wood, whose faces are
    # far more coloured (chroma 81): a hue alone, at a sixth of the chroma, is no match.
    cfg = GamesConfig()
    assert not _near_hue((53.0, 10.0, 9.0), ((253, 150, 12),), cfg)
    assert _near_hue((46.0, 37.0, 55.0), ((253, 150, 12),), cfg)  # orange, darkened


def test_a_board_far_more_coloured_than_the_games_boards_does_not_name_it() -> None:
    # A Scramble board with its hues turned 60 degrees (benchmarks/stress.py 79000, hue60):
    # a vivid violet board (chroma 93) 26 degrees from SpellCast's dull navy (19-25),
    # values bottom right, its green bonus tile taken for a gem: named SpellCast at 0.92.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    image = decode_image(render_board("scramble", 79002).data)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + 30) % 180).astype(np.uint8)
    turned = np.ascontiguousarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), np.uint8)
    reading = read_array(turned, ReadOptions())
    assert reading.game in (None, "scramble"), reading.game_why
    assert read_array(image, ReadOptions()).game == "scramble"


def test_values_unlike_a_games_one_table_count_against_it() -> None:
    """A dark Scramble board (5x5, light tiles on navy, values bottom right: SpellCast's
    look in all but the values) was unknown at 0.65 with SpellCast second (tools.synth
    scramble 89801, a range not tuned on). Its values are Scramble's table (T 1, J 10, U 2
    where SpellCast prints 2, 7, 4), and SpellCast prints one table: read, the board is
    Scramble. One or two misread values do not count against SpellCast."""
    from dataclasses import replace

    from assistant.games import _detect
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("scramble", 89801)
    image = decode_image(board.data)
    look = describe_look(image, locate_board(image))
    before = _detect(look, GamesConfig())
    assert before.name == "unknown" and before.candidates[1][0] == "spellcast", before.why
    reading = read_array(image, ReadOptions())
    assert reading.game == "scramble", reading.game_why
    labels = [[t.upper() for t in row] for row in board.label["letters"]]
    assert [[t.upper() for t in row] for row in reading.tiles] == labels
    # On the measured look: SpellCast's own values, or two of them misread, leave it be.
    spellcast = get_game("spellcast").letter_values
    assert spellcast is not None
    own = tuple((ch.upper(), spellcast[ch]) for ch in "abcdefghij")
    two_off = (("T", 1), ("S", 1), *own)
    cfg = GamesConfig()
    for values in (own, two_off):
        points = dict(_detect(replace(look, values=values), cfg).points)
        assert points["spellcast"] == dict(before.points)["spellcast"]
    three_off = (("T", 1), ("S", 1), ("U", 2), *own[:6])
    points = dict(_detect(replace(look, values=three_off), cfg).points)
    assert points["spellcast"] == pytest.approx(
        dict(before.points)["spellcast"] + cfg.table_foreign, abs=0.011
    )


def test_values_unlike_a_games_one_table_are_counted_among_the_letters_that_tell() -> None:
    """A dark Scramble board (tools.synth scramble 121201, held out) was named SpellCast at
    0.94: of its 25 values read, the 5 that tell the two tables apart (X 8, R 1, L 2, W 4,
    D 2 where SpellCast prints 7, 2, 3, 5, 3) all said Scramble, but they were under a
    quarter of all 25 (E's, G's, I's, M's, N's and O's print alike in both). The share is
    now of the values that tell SpellCast's table from Scramble's, the other game that
    prints its values bottom right: those values cost SpellCast ``table_foreign``. (Its
    red-pink DW tile had also passed for a gem: see the next test.)"""
    from dataclasses import replace

    from assistant.games import _detect
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("scramble", 121201)
    image = decode_image(board.data)
    reading = read_array(image, ReadOptions())
    labels = [[t.upper() for t in row] for row in board.label["letters"]]
    assert [[t.upper() for t in row] for row in reading.tiles] == labels
    assert reading.values is not None
    values = tuple(
        (letter.upper(), value)
        for row, row_values in zip(reading.tiles, reading.values, strict=True)
        for letter, value in zip(row, row_values, strict=True)
        if value is not None
    )
    spellcast = get_game("spellcast").letter_values
    assert spellcast is not None
    unlike = [(ch, v) for ch, v in values if spellcast[ch.lower()] != v]
    assert len(values) == 25 and len(unlike) == 5  # under a quarter of all
    look = describe_look(image, locate_board(image))
    cfg = GamesConfig()
    before = dict(_detect(replace(look, values=()), cfg).points)
    after = dict(_detect(replace(look, values=values), cfg).points)
    assert after["spellcast"] == pytest.approx(before["spellcast"] + cfg.table_foreign, abs=0.011)


def test_a_face_filled_with_colour_carries_no_gem() -> None:
    """The same board's DW tile is filled red-pink, at the edge of the gems' hue: its JPEG
    noise in and out of that hue left a gem-sized blob in the tile's gem corner, a
    SpellCast gem counted, and with it the look leaned SpellCast. A face that is itself
    coloured carries no gem: no gem is counted, and the board is named Scramble."""
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("scramble", 121201)
    image = decode_image(board.data)
    assert describe_look(image, locate_board(image)).gems == 0
    assert read_array(image, ReadOptions()).game == "scramble"


def test_a_tile_of_several_letters_counts_against_a_game_of_single_letters() -> None:
    """benchmarks/stress.py 103400: a Wordament board on a wooden desktop under noise of sd
    35 had its point values taken for top-right ones (Ruzzle's corner) and was named Ruzzle
    at 0.87, every tile read right, its ER tile among them. A tile read surely as several
    letters counts against the games whose tiles print one (``GamesConfig.digram_foreign``):
    the board is no longer named Ruzzle (Wordament's digrams and Super Big Boggle's die of
    two-letter faces are the registry's ``digrams``)."""
    from stressed import stressed

    from assistant.games import with_turned_letters
    from assistant.registry import RECORDS

    assert {g.name for g in RECORDS if g.digrams} == {"wordament", "bigboggle"}
    image, label = stressed("wordament-desktop", 103400, 103400, "noise35")
    assert label["letters"][2][0] == "ER"
    reading = read_array(image, ReadOptions())
    assert reading.game in ("wordament", None)  # None: unknown, with its candidates
    # The cue itself: the same look with and without the ER read surely.
    located = locate_board(image)
    guess = detect_game(image, located)
    values = [("M", 4), ("B", 5), ("A", 2), ("L", 3), ("O", 2), ("I", 2), ("E", 1)]
    plain = dict(with_turned_letters(guess, 0, 16, values=values).points)
    digram = dict(with_turned_letters(guess, 0, 16, values=values, digrams=1).points)
    cfg = GamesConfig()
    for game, points in plain.items():
        foreign = game not in ("wordament", "boggle")  # the boggle look holds Big Boggle
        assert digram[game] == pytest.approx(points + (cfg.digram_foreign if foreign else 0))
