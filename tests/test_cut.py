"""Stage 3: cutting tiles and separating glyph, point value, underline and the rest
(assistant.cut). Real tiles come from fixtures/real (tight Wordament crops, split evenly);
synthetic tiles are drawn here with OpenCV."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from assistant.cut import (
    CutConfig,
    Polarity,
    Side,
    TileImage,
    board_values,
    cut_tile,
    cut_tiles,
    face_tilt,
)
from assistant.locate import LocatedBoard
from assistant.read import ReadOptions, read_image
from tools.calibrate import fixture_boards

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real"
BOARDS = {b.name: b for b in fixture_boards(REAL)}
# Synthetic boards with point values (rectified from the corners in their labels).
VALUE_BOARDS = {
    b.name: b for b in fixture_boards(REAL.parent / "synthetic") if b.values is not None
}
CORNER = {
    "wordament": "top-left",
    "ruzzle": "top-right",
    "scramble": "bottom-right",
    "spellcast": "bottom-right",
}
GRID = "wordament/blackmonk13_grid_2_letter_or_grid.jpg"  # T R A S / N O G G / O U/M L A / ...


def _tile(
    face: tuple[int, int, int],
    ink: tuple[int, int, int],
    text: str = "A",
    *,
    value: str | None = None,
    value_at: str = "left",
    size: int = 128,
) -> np.ndarray:
    """A square BGR tile with ``text`` in the middle and an optional small corner value."""
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = (40, 40, 40)  # the gap between tiles
    cv2.rectangle(img, (4, 4), (size - 5, size - 5), face, -1)
    font = cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), _ = cv2.getTextSize(text, font, 2.2, 6)
    cv2.putText(img, text, ((size - tw) // 2, (size + th) // 2 + 8), font, 2.2, ink, 6, cv2.LINE_AA)
    if value is not None:
        (vw, _), _ = cv2.getTextSize(value, font, 0.6, 2)
        x = 10 if value_at == "left" else size - 10 - vw
        cv2.putText(img, value, (x, 26), font, 0.6, ink, 2, cv2.LINE_AA)
    return img


def test_tiles_come_back_row_by_row_with_their_positions() -> None:
    tiles = cut_tiles(BOARDS[GRID].located)
    assert [(t.row, t.col) for t in tiles] == [(r, c) for r in range(4) for c in range(4)]
    assert all(t.crop.shape == (128, 128, 3) and t.glyph.shape == (128, 128) for t in tiles)


@pytest.mark.parametrize("name", sorted(n for n in BOARDS if n.startswith("wordament/")))
def test_value_digit_is_separated_from_the_glyph(name: str) -> None:
    """Every Wordament tile: the point value sits top-left, above the glyph, disjoint from it;
    the glyph is one component per character of the label."""
    board = BOARDS[name]
    for tile in cut_tiles(board.located):
        label = board.labels[tile.row][tile.col]
        assert tile.value_box is not None and tile.value_mask is not None, (tile.row, tile.col)
        assert tile.glyph_box is not None
        assert tile.value_box.y1 <= tile.glyph_box.y + 2, (tile.row, tile.col)
        assert tile.value_box.cx < 64 and tile.value_box.cy < 40
        assert not np.any((tile.value_mask > 0) & (tile.glyph > 0))
        assert len(tile.glyph_boxes) == len(label), (tile.row, tile.col, label)
        assert len(tile.value_boxes) == len(str(board.values[tile.row][tile.col]))  # type: ignore[index]
        assert tile.polarity is Polarity.DARK_ON_LIGHT and not tile.blank


def test_light_letters_on_orange_and_dark_letters_on_cream() -> None:
    cream = cut_tile(_tile((235, 245, 250), (60, 50, 50), "K", value="6"))
    orange = cut_tile(_tile((30, 150, 250), (255, 255, 255), "K", value="6"))
    assert cream.polarity is Polarity.DARK_ON_LIGHT
    assert orange.polarity is Polarity.LIGHT_ON_DARK
    for tile in (cream, orange):
        assert not tile.blank and len(tile.glyph_boxes) == 1
        assert tile.value_box is not None and tile.value_box.x < 30


def test_value_in_the_top_right_corner_is_found_too() -> None:
    """Ruzzle prints the value top-right."""
    tile = cut_tile(_tile((235, 245, 250), (60, 50, 50), "R", value="2", value_at="right"))
    assert tile.value_box is not None and tile.value_box.x > 90
    assert tile.glyph_box is not None and tile.glyph_box.x < 90


def test_a_plain_tile_is_blank() -> None:
    img = np.full((128, 128, 3), (235, 245, 250), np.uint8)
    img[:4] = 40
    tile = cut_tile(img)
    assert tile.blank and tile.glyph_box is None and not tile.glyph.any()


def test_an_empty_cell_on_a_board_is_blank() -> None:
    board = BOARDS[GRID].located.board.copy()
    board[128:256, 128:256] = board[130, 130]  # paint tile (1,1) in its own face colour
    located = LocatedBoard(4, 4, BOARDS[GRID].located.corners, board, 128)
    tiles = cut_tiles(located)
    assert tiles[5].blank
    assert sum(t.blank for t in tiles) == 1


def test_a_coloured_badge_in_a_corner_is_not_glyph_or_value() -> None:
    """A Ruzzle-style bonus badge (filled circle) bottom-left stays out of the glyph."""
    img = _tile((235, 245, 250), (60, 50, 50), "E", value="1")
    cv2.circle(img, (24, 104), 12, (60, 160, 60), -1)
    tile = cut_tile(img)
    assert tile.glyph_box is not None and len(tile.glyph_boxes) == 1
    assert tile.glyph_box.x > 30
    assert not tile.glyph[96:116, 12:36].any()


def test_a_line_drawn_across_the_tile_is_marked_where_it_ran() -> None:
    """A line of another colour than the letter is taken out of the glyph and marked
    (``line``: the recognizer treats the letter as unknown there); a clean tile has none."""
    img = _tile((235, 245, 250), (60, 50, 50), "O", value="2")
    cv2.line(img, (0, 30), (127, 110), (200, 80, 20), 7)
    tile = cut_tile(img)
    assert tile.overdrawn and tile.line is not None
    drawn = np.zeros((128, 128), np.uint8)
    cv2.line(drawn, (0, 30), (127, 110), 255, 3)  # the line's core
    on_face = drawn.copy()
    on_face[:8], on_face[-8:], on_face[:, :8], on_face[:, -8:] = 0, 0, 0, 0
    assert np.count_nonzero(tile.line[on_face > 0]) >= 0.9 * np.count_nonzero(on_face)
    assert not np.count_nonzero(tile.glyph[on_face > 0])  # nothing of it is glyph
    clean = cut_tile(_tile((235, 245, 250), (60, 50, 50), "O", value="2"))
    assert not clean.obstructed and not clean.overdrawn and clean.line is None


def test_an_underline_below_a_die_letter_is_not_part_of_the_glyph() -> None:
    img = _tile((235, 240, 240), (150, 60, 20), "M")
    cv2.rectangle(img, (38, 108), (90, 113), (150, 60, 20), -1)
    tile = cut_tile(img)
    assert tile.underline is not None and tile.underline_side is Side.BOTTOM
    assert len(tile.glyph_boxes) == 1 and tile.glyph_box is not None
    assert tile.glyph_box.y1 <= tile.underline.y


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_a_blurred_underline_is_still_an_underline(turn: int) -> None:
    """Blur thickens a die's bar at its ends and sides alike: on a small die it shows at
    2.8 times as long as thick (boggle-classic 72018, a turned N read "ZI"), and it is
    still the underline, on whichever side the die's turn puts it."""
    img = _tile((235, 240, 240), (150, 60, 20), "N")
    cv2.rectangle(img, (46, 106), (79, 117), (150, 60, 20), -1)  # 34 x 12 px
    img = np.ascontiguousarray(np.rot90(cv2.GaussianBlur(img, (0, 0), 1.0), turn))
    tile = cut_tile(img)
    sides = [Side.BOTTOM, Side.RIGHT, Side.TOP, Side.LEFT]  # np.rot90 turns counter-clockwise
    assert tile.underline is not None and tile.underline_side is sides[turn]


def test_the_bar_beside_a_die_on_its_side_wins_over_a_farther_one_below() -> None:
    """A die lying on its side shows its underline beside the letter, and the dark gap
    between it and the die below can lie within an underline's reach under the letter
    (boggle-big 93073: that gap was taken for the underline, at the bottom, and the M with
    its own bar beside it read "ZI"). The nearer bar, beside the letter, is the underline."""
    img = _tile((235, 240, 240), (150, 60, 20), "M")
    cv2.rectangle(img, (48, 104), (80, 109), (150, 60, 20), -1)  # the M's bar, just under it
    img = np.ascontiguousarray(np.rot90(img, 1))  # on its side: the bar on its right
    beside = cut_tile(img)
    assert beside.underline_side is Side.RIGHT
    # The gap to the die below: a dark bar across the bottom, farther from the letter.
    cv2.rectangle(img, (55, 95), (95, 100), (40, 40, 40), -1)
    tile = cut_tile(img)
    assert tile.underline is not None and tile.underline_side is Side.RIGHT
    assert tile.underline == beside.underline


@pytest.mark.parametrize("letter", ["T", "L", "E", "Z", "F", "J", "Y", "I", "V", "W", "U"])
def test_a_letter_s_own_bar_is_never_cut_off_as_an_underline(letter: str) -> None:
    """Only a bar joined through a narrow neck and shorter than the letter is a die's
    underline joined by blur: a T's top, an L's foot, a Z's base, a Y's stem, a W's or
    V's points stay the letter's, at every quarter turn."""
    img = cv2.GaussianBlur(_tile((235, 240, 240), (40, 40, 45), letter), (0, 0), 1.0)
    for turn in range(4):
        tile = cut_tile(np.ascontiguousarray(np.rot90(img, turn)))
        assert tile.underline is None, (letter, turn)
        assert tile.glyph_box is not None and len(tile.glyph_boxes) == 1, (letter, turn)


SERIF_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")


@pytest.mark.skipif(not SERIF_BOLD.exists(), reason="needs fonts-dejavu-core (make setup)")
@pytest.mark.parametrize("letter", list("ABCDEFGHIJKLOPRSTUVXY"))
def test_no_part_of_a_small_blurred_serif_letter_is_taken_for_an_underline(letter: str) -> None:
    """A small die photographed soft, in a serif face, at every quarter turn: no arm, foot
    or serif of a letter that has no underline is cut off as one (a serif U lying on its
    side lost its lower arm, joined through the bowl's wall: boggle-classic 72007)."""
    from PIL import Image, ImageDraw, ImageFont

    small = Image.new("RGB", (44, 44), (60, 60, 60))
    draw = ImageDraw.Draw(small)
    draw.rounded_rectangle((3, 3, 40, 40), 7, fill=(236, 232, 214))
    font = ImageFont.truetype(str(SERIF_BOLD), 20)
    draw.text((22, 22), letter, font=font, fill=(22, 36, 96), anchor="mm")
    crop = cv2.resize(np.asarray(small)[..., ::-1], (128, 128), interpolation=cv2.INTER_CUBIC)
    crop = cv2.GaussianBlur(crop, (0, 0), 2.5)
    for turn in range(4):
        tile = cut_tile(np.ascontiguousarray(np.rot90(crop, turn)))
        assert tile.underline is None, (letter, turn, tile.glyph_boxes)


def test_an_underline_joined_to_its_letter_by_blur_is_cut_off_at_the_neck() -> None:
    """A small blurred die joins the bar to its letter through a pixel or two
    (boggle-big 72030: an M and its bar as one piece read as U): cut off at the neck, the
    bar is the underline and the letter is whole without it."""
    img = _tile((235, 240, 240), (40, 40, 45), "M")
    cv2.rectangle(img, (50, 104), (78, 110), (40, 40, 45), -1)  # 0.7 of the letter's width
    ref = cut_tile(img)
    assert ref.underline is not None and ref.glyph_box is not None
    g = ref.glyph_box
    x = 63  # the bridge, from the M's middle point down to the bar's middle
    img[int(np.nonzero(ref.glyph[:, x])[0].max()) : 105, x : x + 2] = (40, 40, 45)
    for turn in range(4):
        tile = cut_tile(np.ascontiguousarray(np.rot90(cv2.GaussianBlur(img, (0, 0), 0.8), turn)))
        sides = [Side.BOTTOM, Side.RIGHT, Side.TOP, Side.LEFT]
        assert tile.underline is not None and tile.underline_side is sides[turn], turn
        # A bar beside the letter (a die on its side) stays in the glyph for the matcher
        # to try both readings (``_underline``); the letter is its other piece.
        (letter,) = [b for b in tile.glyph_boxes if b != tile.underline]
        assert sorted((letter.w, letter.h)) == pytest.approx(sorted((g.w, g.h)), abs=3), turn


def test_face_tilt_measures_a_die_lying_askew() -> None:
    img = np.full((128, 128, 3), 30, np.uint8)
    square = cv2.boxPoints(((64.0, 64.0), (100.0, 100.0), 8.0)).astype(np.int32)
    cv2.fillConvexPoly(img, square, (230, 235, 235))
    cv2.putText(img, "H", (44, 84), cv2.FONT_HERSHEY_SIMPLEX, 1.8, (160, 40, 20), 5)
    tile = cut_tile(img)
    assert abs(abs(face_tilt(tile)) - 8.0) < 2.0
    assert face_tilt(cut_tile(_tile((235, 245, 250), (60, 50, 50), "H"))) == pytest.approx(0, abs=1)


def test_config_is_frozen_and_tiles_are_frozen() -> None:
    tile: TileImage = cut_tile(_tile((235, 245, 250), (60, 50, 50), "A"))
    with pytest.raises(AttributeError):
        tile.row = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        CutConfig().ink_frac = 0.1  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(VALUE_BOARDS))
def test_every_synthetic_value_is_found_in_its_games_corner(name: str) -> None:
    """Values printed thin and pale (Wordament desktop, SpellCast: 4-7 px digits lighter
    than the letter), in each game's corner; badges with white text (Scramble "DW") and
    gems in other corners are not taken for values. One box per digit."""
    board = VALUE_BOARDS[name]
    assert board.values is not None
    corner = CORNER[board.game]
    for tile in cut_tiles(board.located):
        want = str(board.values[tile.row][tile.col])
        assert tile.value_corner == corner, (tile.row, tile.col)
        assert tile.value_mask is not None and tile.value_alpha is not None
        assert len(tile.value_boxes) == len(want), (tile.row, tile.col, want)
        assert not np.any((tile.value_mask > 0) & (tile.glyph > 0))


def test_a_board_takes_its_values_from_one_corner() -> None:
    """Scramble: white "DW"/"TW" badge text top-left on bonus tiles is as close to the
    glyph's colour and to a corner as the real value bottom-right; alone, a tile may pick
    either, but the board's vote puts every value in the corner most tiles use."""
    board = VALUE_BOARDS["scramble_2024.png"]
    located = board.located
    alone = [
        cut_tile(located.cell(r, c), row=r, col=c)
        for r in range(located.rows)
        for c in range(located.cols)
    ]
    badge_tiles = [t for t in alone if any(o.corner == "top-left" for o in t.value_options)]
    assert len(badge_tiles) >= 3
    assert any(t.value_corner == "top-left" for t in badge_tiles)  # the badge text, taken alone
    assert all(t.value_corner == "bottom-right" for t in board_values(alone))
    assert all(t.value_corner == "bottom-right" for t in cut_tiles(located))


def test_a_board_without_values_has_none() -> None:
    """Dice: specks, shading and underlines here and there are no values of the board."""
    located = BOARDS["boggle_physical/StevieG47_example.jpg"].located
    assert all(t.value_mask is None and t.value_corner is None for t in cut_tiles(located))


# -- prefix and suffix tiles keep their hyphen (a real OVER- was read as OVER) -------------


def _affix_board(style_name: str, tile_px: int, labels: list[list[str]]) -> np.ndarray:
    """A Wordament-like board drawn with the synthetic generator's tile painter."""
    from PIL import Image

    from tools.synth.base import Ctx
    from tools.synth.looks_phone import WORDAMENT_WOOD_TILE
    from tools.synth.tiles import TileStyle, draw_tile

    orange = TileStyle(
        face_top=(247, 148, 29), face_bottom=(247, 148, 29), ink=(255, 255, 255),
        font="opensans", cap=0.48, radius=0.01, value_pos="tl",
    )  # fmt: skip
    style = {"wood": WORDAMENT_WOOD_TILE, "orange": orange}[style_name]
    gap = max(2, tile_px // 20)
    side = 4 * tile_px + 5 * gap
    back = (30, 60, 120) if style_name == "orange" else (120, 90, 60)
    img = Image.new("RGB", (side + 40, side + 40), back)
    ctx = Ctx(np.random.default_rng(0))
    for r, row in enumerate(labels):
        for c, text in enumerate(row):
            x0, y0 = 20 + gap + c * (tile_px + gap), 20 + gap + r * (tile_px + gap)
            value = 12 if "-" in text else 2
            draw_tile(ctx, img, (x0, y0, x0 + tile_px, y0 + tile_px), style, text, value)
    return np.ascontiguousarray(np.asarray(img)[:, :, ::-1])


AFFIX_BOARD = [
    ["OVER-", "S", "T", "E"],
    ["A", "R", "-IC", "N"],
    ["L", "UNDER-", "E", "D"],
    ["-NESS", "O", "I", "-S"],
]


@pytest.mark.parametrize("style", ["wood", "orange"])
@pytest.mark.parametrize("tile_px", [56, 90, 140])
def test_prefix_and_suffix_tiles_keep_their_hyphen(style: str, tile_px: int) -> None:
    from assistant.read import read_array

    image = _affix_board(style, tile_px, AFFIX_BOARD)
    reading = read_array(image, ReadOptions())
    assert reading.uncertain == []
    assert [list(row) for row in reading.tiles] == AFFIX_BOARD


def test_a_speck_beside_a_letter_is_not_a_hyphen() -> None:
    crop = _tile((240, 240, 235), (40, 40, 40), "A")
    h, w = crop.shape[:2]
    cv2.circle(crop, (int(w * 0.8), int(h * 0.5)), 1, (40, 40, 40), -1)  # round dust
    tile = cut_tile(crop)
    assert len(tile.glyph_boxes) == 1


@pytest.mark.parametrize("pitch", [16, 20])
def test_a_tiny_prefix_tile_is_never_read_without_its_hyphen(pitch: int) -> None:
    """On 14 px tiles a hyphen is a pixel or two: "DE-" came back as "DE" at 0.99, and
    "UNDER-" on 18 px tiles as a blank at 1.0. Multi-character tiles that small, and faint
    marks taken for a blank, are unsure: never a confident misread."""
    from assistant.read import read_array

    board = _affix_board("orange", 90, AFFIX_BOARD)
    small = cv2.resize(board, None, fx=pitch / 94.5, fy=pitch / 94.5, interpolation=cv2.INTER_AREA)
    canvas = np.full((1100, 1900, 3), (90, 60, 40), np.uint8)
    h, w = small.shape[:2]
    canvas[500 : 500 + h, 900 : 900 + w] = small
    reading = read_array(canvas, ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    for r, row in enumerate(AFFIX_BOARD):
        for c, want in enumerate(row):
            assert reading.tiles[r][c] in (want, "?"), (r, c, reading.tiles[r][c])


@pytest.mark.parametrize("ink", [(40, 40, 40), (250, 250, 250)])
def test_a_sparkle_beside_a_letter_is_not_a_character(ink: tuple[int, int, int]) -> None:
    """LED sparkles and dust on phone photos read "N" as "GN": a blob in the text band much
    smaller than the letter is not a character (dark dust, or a bright sparkle)."""
    crop = _tile((200, 215, 225), (30, 30, 30), "N")
    h, w = crop.shape[:2]
    cv2.circle(crop, (int(w * 0.16), int(h * 0.55)), 4, ink, -1)
    tile = cut_tile(crop)
    assert len(tile.glyph_boxes) == 1
    assert tile.glyph_boxes[0].w > 30  # the N itself


def test_a_sliver_beside_a_letter_is_not_a_character() -> None:
    """A hue-turned Word Hunt photo (benchmarks/stress.py 117300, wordhunt-phone + hue180):
    the threshold split a 1 px edge off a U's right stem, 38 px tall beside the 60 px U,
    and the tile read "UI" at 0.92. A piece a pixel or two thick and far longer (a
    stroke is several pixels in the cut) is no character; drawn here beside a U."""
    from stressed import read_stressed

    crop = _tile((200, 215, 225), (30, 30, 30), "U")
    tile = cut_tile(crop)
    assert tile.glyph_box is not None and len(tile.glyph_boxes) == 1
    box = tile.glyph_box
    crop[box.y : box.y + 38, box.x1 + 2] = (30, 30, 30)  # 1 px wide, 38 tall, a gap of 1
    tile = cut_tile(crop)
    assert len(tile.glyph_boxes) == 1 and tile.glyph_boxes[0] == box
    reading, want = read_stressed("wordhunt-phone", 117300, 117300, "hue180")
    assert want[1][0] == "U" and reading.tiles[1][0] in ("U", "?")


def test_a_thin_piece_between_lines_is_still_the_letters() -> None:
    # tools.synth spellcast-arrows 117144 r3c5: a black T two red lines cross, one down its
    # stem and one across it. Seen through the lines, what shows of the T between them
    # includes pieces a pixel thick; dropped as slivers, the T read Y at 0.09. Where a
    # line was taken out, a sliver may be a stroke's: kept.
    _reads_letter("spellcast-arrows", 117144, 2, 4, "T")


def test_a_piece_of_another_hue_beside_the_letter_is_no_character() -> None:
    """An arrowhead of another solver's blue line beside a black S, the line itself too pale
    to be ink (tools.synth spellcast-arrows 94532: "S-" at 0.95, Tesseract agreeing): a
    tile's characters are printed in one colour, so the blue arrowhead is no character;
    something lies over the tile (obstructed), and the S alone is read."""
    from assistant.recognize import RecognizeConfig, recognize_tiles

    crop = _tile((240, 240, 235), (40, 40, 40), "S")
    head = np.array([[92, 64], [112, 52], [112, 76]], np.int32)
    cv2.fillPoly(crop, [head], (235, 120, 40), cv2.LINE_AA)
    tile = cut_tile(crop)
    assert len(tile.glyph_boxes) == 1 and tile.glyph_box is not None
    assert tile.glyph_box.x1 < 92
    assert tile.obstructed
    (reading,) = recognize_tiles([tile], config=RecognizeConfig(tesseract="never"))
    assert reading.label in ("S", "") or reading.confidence < 0.8
    assert "-" not in reading.label


def test_a_piece_of_another_colour_taken_for_a_hyphen_leaves_the_letter_sure() -> None:
    """tools.synth spellcast-arrows 124728 r0c2 (held out, session 44): an orange line ends
    in a rounded stub level with an A's middle, a level bar beside the letter: taken for a
    hyphen and left out for its tint, as it should be. But a piece left out for its tint
    also left the letter unsure (capped at 0.6, as a noisy "-ER" whose hyphen noise moved
    must be: tests below), though the stub's median tint is orange, as no noise makes a
    piece of the letter's ink: the A, read 0.93, is sure."""
    from assistant.imageio import decode_image
    from assistant.locate import locate_board
    from assistant.read import read_array
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 124728)
    assert board.label["letters"][0][2] == "A"
    image = decode_image(board.data)
    (tile,) = [t for t in cut_tiles(locate_board(image)) if (t.row, t.col) == (0, 2)]
    assert not tile.lost_strokes and len(tile.glyph_boxes) == 1
    reading = read_array(image, ReadOptions())
    assert reading.tiles[0][2] == "A"


@pytest.mark.parametrize(("seed", "tile", "want"), [(92015, (2, 0), "ST"), (92029, (3, 3), "-S")])
def test_a_thin_stroke_whose_colour_jpeg_smeared_is_still_a_character(
    seed: int, tile: tuple[int, int], want: str
) -> None:
    """tools.synth wordament-orange 92015 r3c1 and 92029 r4c4 (held-out in session 21): the
    T of a white "ST" and the hyphen of "-S" on orange tiles, whose thin strokes JPEG gave
    a tint off the letters' (0.41-0.5 of their pixels near the face-ink mix, against
    ``char_tint`` 0.5), were left out as pieces of another colour: "S", unsure. Judged on
    the median-filtered colours (``char_tint_off``), they are characters and the tiles read
    sure."""
    from assistant.imageio import decode_image
    from assistant.read import read_array
    from tools.synth import render_board

    board = render_board("wordament-orange", seed)
    r, c = tile
    assert board.label["letters"][r][c] == want
    reading = read_array(decode_image(board.data), ReadOptions())
    assert reading.tiles[r][c] == want and reading.confidence[r][c] >= 0.8


def test_a_bonus_tiles_outline_is_no_stroke_its_letter_lost() -> None:
    """tools.synth spellcast-arrows 108439 r4c4: a small gold W on a DL tile, its outline
    in the same gold. The W's faint halo joined its 5 and, through it, the outline, which
    reaches far beyond the letter: ``lost_strokes``, the W capped at 0.6 and unsure. The
    tile's edge (``frame_band`` of the cell) holds no stroke of a letter."""
    from assistant.imageio import decode_image
    from assistant.locate import locate_board
    from assistant.read import read_array
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 108439)
    assert board.label["letters"][3][3] == "W" and board.label["bonuses"][3][3] == "DL"
    image = decode_image(board.data)
    (tile,) = [t for t in cut_tiles(locate_board(image)) if (t.row, t.col) == (3, 3)]
    assert not tile.lost_strokes
    reading = read_array(image, ReadOptions())
    assert reading.tiles[3][3] == "W" and reading.confidence[3][3] >= 0.8


def test_a_hyphen_blur_padded_is_still_a_hyphen() -> None:
    """JPEG smears a thin hyphen over several rows: its box (11 x 8 px) was no longer
    ``hyphen_aspect`` times wider than tall, so it was dropped as a speck and the tile left
    unsure (``_padded_bars``). A bar with a pale pad above and below it joins the glyph;
    an oval speck of the same box does not."""
    crop = _tile((240, 240, 235), (40, 40, 40), "A")
    ys, xs = np.nonzero(crop[10:118, 10:118, 0] < 100)
    x0, mid = int(xs.min()) + 10, (int(ys.min()) + int(ys.max())) // 2 + 10
    padded = crop.copy()
    padded[mid - 2 : mid + 6, x0 - 14 : x0 - 9] = (160, 160, 160)  # the blur's pale pad
    padded[mid : mid + 3, x0 - 17 : x0 - 6] = (40, 40, 40)  # the bar's strong core
    tile = cut_tile(padded)
    assert len(tile.glyph_boxes) == 2 and not tile.lost_strokes
    assert tile.glyph_boxes[0].w > tile.glyph_boxes[0].h * 1.2
    oval = crop.copy()
    cv2.ellipse(oval, (x0 - 12, mid + 2), (5, 4), 0, 0, 360, (40, 40, 40), -1)
    assert len(cut_tile(oval).glyph_boxes) == 1


@pytest.mark.parametrize(
    ("seed", "tile", "want"), [(105417, (1, 2), "-ION"), (105500, (2, 2), "SUB-")]
)
def test_an_affix_tile_whose_hyphen_jpeg_padded_reads_whole(
    seed: int, tile: tuple[int, int], want: str
) -> None:
    """tools.synth wordament-orange 105417 r2c3 (held out in session 28) and 105500 r3c3:
    the hyphen, a bar a source pixel thick that JPEG spread over 8 rows, was dropped as a
    speck; found again as a faint hyphen, the tile was unsure between "-ION" and "ION"."""
    from assistant.imageio import decode_image
    from assistant.read import read_array
    from tools.synth import render_board

    board = render_board("wordament-orange", seed)
    r, c = tile
    assert board.label["letters"][r][c] == want
    reading = read_array(decode_image(board.data), ReadOptions())
    assert reading.tiles[r][c] == want and reading.confidence[r][c] >= 0.8


def test_the_u_of_qu_and_a_hyphen_stay_in_the_glyph() -> None:
    for text, pieces in (("Qu", 2), ("RE-", 3)):
        tile = cut_tile(_tile((240, 240, 235), (40, 40, 40), text))
        assert len(tile.glyph_boxes) == pieces, text


def test_glare_over_part_of_a_die_letter_makes_it_unsure() -> None:
    """Glare that wipes out part of a letter leaves it unsure, never read as another."""
    from assistant.recognize import recognize_tiles

    crop = _tile((185, 190, 195), (25, 25, 25), "E")
    h, w = crop.shape[:2]
    clean = cut_tile(crop)
    assert not clean.obstructed
    cv2.ellipse(crop, (int(w * 0.62), int(h * 0.52)), (22, 30), 0, 0, 360, (255, 255, 255), -1)
    glared = cut_tile(crop)
    assert glared.obstructed
    (reading,) = recognize_tiles([glared])
    assert reading.confidence < 0.8 or reading.label == "E"


def _turned_qu(turn: int, shift: int) -> np.ndarray:
    """A die face showing "Qu" lying on its side (``turn`` quarter turns), the text moved
    ``shift`` px along itself so that the u, not the Q, sits nearest the face's middle
    (a die pushed off the centre of its cell, as in a tilted photo of a tray)."""
    size = 128
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = (40, 40, 40)
    cv2.rectangle(img, (4, 4), (size - 5, size - 5), (225, 230, 235), -1)
    font = cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), _ = cv2.getTextSize("Qu", font, 2.0, 6)
    at = ((size - tw) // 2 - shift, (size + th) // 2 + 4)
    cv2.putText(img, "Qu", at, font, 2.0, (30, 30, 30), 6, cv2.LINE_AA)
    return np.ascontiguousarray(np.rot90(img, turn))


@pytest.mark.parametrize("turn", [1, 3])
@pytest.mark.parametrize("shift", [0, 12, 20])
def test_a_qu_die_on_its_side_keeps_its_q(turn: int, shift: int) -> None:
    """The Q and the u of a die on its side lie one above the other: a left-to-right text
    band kept only the u, which read as U with confidence (held-out boggle-classic 12000).
    Both pieces stay in the glyph, and the reader never says U for it."""
    from assistant.recognize import RecognizeConfig, recognize_tiles

    tile = cut_tile(_turned_qu(turn, shift))
    assert len(tile.glyph_boxes) == 2
    (reading,) = recognize_tiles([tile], config=RecognizeConfig(rotations="any"))
    assert reading.label == "QU" or reading.confidence < 0.8, reading
    assert "QU" in dict(reading.candidates)


def test_a_value_above_a_letter_is_not_stacked_into_the_glyph() -> None:
    """Only pieces with a good share of the letter's ink join a top-to-bottom glyph: a
    point value printed above a letter stays out of it."""
    crop = _tile((240, 240, 235), (40, 40, 40), "O")
    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(crop, "2", (58, 30), font, 0.6, (40, 40, 40), 2, cv2.LINE_AA)
    tile = cut_tile(crop)
    assert len(tile.glyph_boxes) == 1


@pytest.mark.tesseract
@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_a_qu_whose_q_looks_like_an_o_reads_as_qu_with_confidence(turn: int) -> None:
    """The Q of this face shows only a stub of a tail: alone it matches O as well as Q
    (0.9234 against 0.9230), and "OU" won letter by letter, so the die came back "QU" capped
    at 0.70 when the second engine said QU. The two characters are read as a pair: only
    after a Q may the second one be the small u, and Q+u fits better than O+U."""
    from assistant.recognize import RecognizeConfig, recognize_tiles

    tile = cut_tile(_turned_qu(turn, 0))
    (reading,) = recognize_tiles([tile], config=RecognizeConfig(rotations="any"))
    assert reading.label == "QU" and reading.confidence >= 0.8, reading


def test_a_thick_underline_is_not_stacked_into_the_glyph() -> None:
    """Pieces above or below a lone letter join it only when they are a character's worth
    of it, on the same line: the thick underline under a small die's Z (2.75 times as long
    as thick: boggle-big 12005) was taken in, and the Z came back unsure."""
    crop = _tile((225, 230, 235), (30, 30, 30), "Z")
    cv2.rectangle(crop, (48, 104), (81, 115), (30, 30, 30), -1)  # 34 x 12 bar under the Z
    tile = cut_tile(crop)
    assert len(tile.glyph_boxes) == 1 and tile.glyph_boxes[0].h < 50


def test_a_bonus_tile_s_value_is_cut_where_its_inset_face_prints_it() -> None:
    # tools.synth spellcast-discord 3004, r3c2: a gold J (DL) whose tail reaches the rows of
    # its 7. A bonus tile's coloured outline insets its face, and SpellCast prints the value
    # that much further in: cut again with the board's value zone, the 7's top bar ran along
    # the zone's edge (taken for a digit the seam cut) and the 7 lost it (read 7 at 0.04).
    from assistant.imageio import decode_image
    from assistant.locate import locate_board
    from tools.synth import render_board

    board = render_board("spellcast-discord", 3004)
    assert board.label["bonuses"][3][2] == "DL" and board.label["tile_values"][3][2] == 7
    tiles = cut_tiles(locate_board(decode_image(board.data)))
    usual = sorted(t.value_box.h for t in tiles if t.value_box is not None)[len(tiles) // 2]
    j = next(t for t in tiles if (t.row, t.col) == (3, 2))
    assert j.value_box is not None and j.value_box.h >= 0.9 * usual
    reading = read_image(decode_image(board.data))
    assert reading.values is not None and reading.values[3][2] == 7
    assert (3, 2) not in reading.uncertain_values


def test_a_value_is_cut_again_where_its_own_row_prints_values() -> None:
    # tools.synth spellcast-discord 92000, r4c2 and r4c4: J's tail reaches the rows of its
    # 7, so the 7 is cut again with the board's value zone. The bottom row prints its
    # values 3 px higher than the top row (the crops are a pixel or two off the lattice);
    # at the board's median place the 7's top bar lay along the zone's edge (taken for a
    # digit the seam cut) and the 7 stayed cut short, unsure.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-discord", 92000)
    reading = read_image(decode_image(board.data))
    assert reading.values is not None
    for r, c in ((4, 2), (4, 4)):
        assert board.label["letters"][r][c] == "J" and board.label["tile_values"][r][c] == 7
        assert reading.values[r][c] == 7 and (r, c) not in reading.uncertain_values


def test_a_letters_leg_reaching_down_into_its_value_is_cut_from_it() -> None:
    # tools.synth spellcast-discord 82000 (36 px tiles, DejaVu Sans Bold): two R's, an N
    # and an A whose right leg runs down into the 2 or 1 at the bottom right. Cut again
    # with the board's value zone, the zone's top row cut through the leg, and the leg's
    # foot (joined to the digit) ran along that row as if the seam had cut a digit: the
    # cut was not kept and letter and value stayed one glyph, read "R" at 0.00. The foot
    # is trimmed off the value as a tail from above: the letters read sure.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-discord", 82000)
    reading = read_image(decode_image(board.data))
    for r, c in ((0, 3), (1, 2), (2, 0), (4, 2)):
        want = board.label["letters"][r][c]
        assert want in "RNA"
        assert reading.tiles[r][c] == want, reading.candidates[r][c]
        assert reading.values is not None
        assert reading.values[r][c] == board.label["tile_values"][r][c]


def test_a_digits_own_stroke_along_the_zones_side_is_no_tail() -> None:
    # trim_tail cuts a letter's tail off a value only while the value keeps ink elsewhere:
    # a 7 whose bar lies along the zone's top row (a value printed a little high) keeps it,
    # where a foot over part of a 2's top is trimmed.
    from assistant.geometry import Box
    from assistant.values import ValueOption, trim_tail

    def option(rows: list[str]) -> ValueOption:
        mask = np.array([[255 if ch == "#" else 0 for ch in row] for row in rows], np.uint8)
        h, w = mask.shape
        box = Box(10, 20, w, h)
        return ValueOption("bottom-right", (box,), box, mask, mask.copy(), 0.0)

    zone = Box(8, 20, 14, 10)  # the value is off its left side: only its top side touches
    seven = option(["######", "######", "....##", "...##.", "..##..", "..##..", ".##..."])
    assert trim_tail(seven, zone).box == seven.box
    foot_on_two = [
        "###.....",
        ".###....",
        "..######",
        ".......#",
        "......##",
        "....##..",
        "..##....",
        ".#######",
    ]
    two = trim_tail(option(foot_on_two), zone)
    assert two.box.y == 22 and two.box.h == 6


def test_the_value_zone_of_a_board_that_doubts_most_values_is_their_usual_place() -> None:
    # board_zone measures where a board prints its values on the values found clean; on a
    # small blurred board nearly every value is doubted (its letter's blurred edge lies
    # beside it), and there the doubted values of the digits' usual height stand in. A
    # letter and its value cut as one piece (a taller box) gives no height.
    from assistant.geometry import Box
    from assistant.values import ValueConfig, ValueOption, board_zone

    def option(box: Box, doubt: bool) -> ValueOption:
        mask = np.full((box.h, box.w), 255, np.uint8)
        return ValueOption("bottom-right", (box,), box, mask, mask.copy(), 0.0, doubt=doubt)

    cfg = ValueConfig()
    usual = [Box(92, 89, 18, 22), Box(93, 90, 17, 21), Box(92, 88, 18, 23), Box(91, 90, 17, 22)]
    joined = Box(79, 81, 29, 33)
    found = [option(b, doubt=True) for b in [*usual, joined]] + [option(Box(94, 88, 17, 23), False)]
    m = cfg.zone_margin  # the five of height 21-23: median top 89, bottom 111, right 110
    assert board_zone(found, "bottom-right", cfg) == Box(110 + m - 22, 89 - m, 18 + 2 * m, 26)
    assert board_zone([*found[:3], found[4]], "bottom-right", cfg) is None  # too few agree


@pytest.mark.parametrize(("seed", "r", "c"), [(129605, 2, 4), (129726, 1, 4)])
def test_a_tail_beside_the_value_is_no_digit_of_it(seed: int, r: int, c: int) -> None:
    # tools.synth spellcast-arrows: a Q whose tail's tip, cut off the letter into the
    # value's corner, lay beside its 8, shorter than the 8 (11 px to its 18): tail and 8
    # were read as one number, 88 (129605) or 168 (129726, the tip in two pieces). The
    # digits of one value are of one height (``ValueConfig.digit_alike``): the value is 8,
    # unsure for the ink beside it, as the Q is (its tail may be cut off).
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", seed)
    assert board.label["letters"][r][c] == "Q" and board.label["tile_values"][r][c] == 8
    reading = read_image(decode_image(board.data))
    assert reading.values is not None and reading.values[r][c] == 8
    assert reading.tiles[r][c] in ("Q", "?")
    assert (r, c) in reading.uncertain_values or reading.tiles[r][c] == "Q"


def test_a_letter_joined_to_its_value_on_a_small_blurred_board_is_cut_from_it() -> None:
    # tools.synth spellcast-arrows 113196 r1c2 (a fresh seed, 31 px tiles): a bonus tile's
    # gold N joined to its 3. Only 2 of the board's values were clean (the rest doubted
    # for the blurred letters beside them), so there was no value zone, the N and its 3
    # stayed one glyph and read "K or N" at 0.00. The zone from the values of the usual
    # height cuts them apart: N, sure.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 113196)
    assert board.label["letters"][0][1] == "N" and board.label["bonuses"][0][1]
    reading = read_image(decode_image(board.data))
    assert reading.tiles[0][1] == "N", reading.candidates[0][1]


@pytest.mark.parametrize(
    ("seed", "r", "c", "value"),
    [(96014, 0, 3, 2), (96015, 0, 3, None), (96019, 2, 2, None)],
)
def test_a_gold_bonus_letter_touching_its_grey_value_is_cut_from_it_by_colour(
    seed: int, r: int, c: int, value: int | None
) -> None:
    # tools.synth spellcast-discord: a bonus tile's gold N whose right foot touches its
    # grey 2 (the value sits further in on the bonus tile's inset face). The zone's sides
    # cut through the N's foot, so neither zone cut was kept and the N and 2 stayed one
    # glyph: read "N or K" (or "M or N") at 0.00, with no value. The two inks' colours tell
    # them apart. (96015 and 96019, 30 and 42 px tiles, leave most values unsure.)
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-discord", seed)
    assert board.label["letters"][r][c] == "N" and board.label["bonuses"][r][c]
    reading = read_image(decode_image(board.data))
    assert reading.tiles[r][c] == "N", reading.candidates[r][c]
    if value is not None:
        assert board.label["tile_values"][r][c] == value
        assert reading.values is not None and reading.values[r][c] == value
        assert (r, c) not in reading.uncertain_values


def test_a_gold_letter_is_cut_from_its_value_by_lightness_where_blur_mixed_their_colours() -> None:
    # tools.synth spellcast-discord 3043 (32 px tiles): a gold R and a gold A whose legs
    # touch their grey 2 and 1. The JPEG keeps colour at half the resolution, so on tiles
    # this small the digit's colour runs into the letter and by colour alone the seam cut
    # the digit into pieces: R and A read "?" at 0.00 with no value. The digit is far
    # darker than the gold (lightness 50-120 against 170-180), and lightness keeps its
    # resolution: told apart by colour and lightness together, both read sure.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-discord", 3043)
    reading = read_image(decode_image(board.data))
    assert reading.values is not None
    for (r, c), (letter, value) in {(0, 1): ("R", 2), (4, 3): ("A", 1)}.items():
        assert board.label["letters"][r][c] == letter and board.label["bonuses"][r][c]
        assert board.label["tile_values"][r][c] == value
        assert reading.tiles[r][c] == letter, reading.candidates[r][c]
        assert reading.values[r][c] == value and (r, c) not in reading.uncertain_values


@pytest.mark.parametrize(
    ("seed", "r", "c", "letter"), [(3317, 2, 1, "E"), (3233, 1, 1, "S"), (3384, 4, 1, "E")]
)
def test_a_small_gold_letter_is_anti_aliased_from_its_lightness(
    seed: int, r: int, c: int, letter: str
) -> None:
    # tools.synth spellcast-discord, 28-32 px tiles: a bonus tile's gold letter differs
    # from the cream face more by colour than by lightness, and the JPEG keeps colour at
    # half the resolution: anti-aliased from the colour distance, the E's arms ran into one
    # blob (matched E at 0.85, read "?" at 0.02-0.06, the S at 0.40). From lightness alone
    # the letters read sure.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-discord", seed)
    assert board.label["letters"][r][c] == letter and board.label["bonuses"][r][c]
    reading = read_image(decode_image(board.data))
    assert reading.tiles[r][c] == letter, reading.candidates[r][c]


def test_only_a_letter_told_by_colour_is_anti_aliased_from_lightness() -> None:
    from assistant.cut import _luma_alpha
    from assistant.geometry import Box

    glyph = np.zeros((40, 40), np.uint8)
    glyph[10:30, 15:25] = 255
    lab = np.full((40, 40, 3), (235, 128, 138), np.uint8)  # cream
    face = np.array([235.0, 128.0, 138.0])
    cfg = CutConfig()
    dark = np.array([30.0, 128.0, 130.0])  # black ink: lightness only
    gold = np.array([178.0, 140.0, 176.0])  # gold: 57 darker, 40 apart in a and b
    lab[glyph > 0] = gold.astype(np.uint8)
    band = Box(15, 10, 10, 20)
    assert _luma_alpha(lab, glyph, band, face, dark, cfg) is None
    alpha = _luma_alpha(lab, glyph, band, face, gold, cfg)
    assert alpha is not None
    assert alpha[20, 20] == 255 and alpha[20, 5] == 0  # full ink on the letter, none off it
    lab[glyph > 0] = (220, 140, 176)  # gold as light as the face: lightness cannot tell
    assert _luma_alpha(lab, glyph, band, face, np.array([220.0, 140.0, 176.0]), cfg) is None


def _reads_letter(look: str, seed: int, r: int, c: int, letter: str) -> tuple[Any, Any]:
    """tools.synth ``look`` board ``seed``: its tile (r, c), ``letter``, reads so, surely;
    the board and the reading."""
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board(look, seed)
    assert board.label["letters"][r][c] == letter
    reading = read_image(decode_image(board.data))
    assert reading.tiles[r][c] == letter, reading.candidates[r][c]
    return board, reading


def _reads_bonus_letter(look: str, seed: int, r: int, c: int, letter: str, value: int) -> None:
    """tools.synth ``look`` board ``seed``: its bonus tile (r, c), ``letter`` printing
    ``value``, reads so, both sure."""
    board, reading = _reads_letter(look, seed, r, c, letter)
    assert board.label["bonuses"][r][c]
    assert board.label["tile_values"][r][c] == value
    assert reading.values is not None and reading.values[r][c] == value
    assert (r, c) not in reading.uncertain_values


@pytest.mark.parametrize(
    ("seed", "r", "c", "letter", "value"), [(3336, 4, 3, "A", 1), (3398, 4, 3, "W", 5)]
)
def test_a_gold_letter_cut_with_its_value_as_one_wide_value_is_cut_again(
    seed: int, r: int, c: int, letter: str, value: int
) -> None:
    # tools.synth spellcast-discord: a gold A's (W's) leg touching its grey 1 (5). Cut as
    # one value reaching far out of the board's value zone into the letter, the value was
    # not taken for one the zone missed, and the glyph kept the digit: "A1" read "?" at
    # 0.00. A value more than zone_wide times the zone's width is cut again, by colour.
    _reads_bonus_letter("spellcast-discord", seed, r, c, letter, value)


def test_a_big_gold_letter_is_not_taken_for_the_face_it_is_printed_on() -> None:
    # tools.synth spellcast-discord 3298, r2c4: a gold M on a bonus tile takes nearly half of
    # the light pixels in the tile's middle, beside a dark 4. Split dark from light, the
    # light half was cream and gold at once and its median a cream-gold mix, against
    # which the M was too faint to be ink on its own and joined its 4 ("?" at 0.00, no
    # value). The face is the half of that half that the ring round the middle shows.
    _reads_bonus_letter("spellcast-discord", 3298, 2, 4, "M", 4)


def test_a_face_colour_that_leaves_no_face_across_the_tile_is_a_mix() -> None:
    # tools.synth spellcast-arrows 107520 r2c5 (no line on it): a gold W on a bonus tile,
    # 0.46 of the way from the light half's median to its grey 5, reached the ink threshold
    # against that cream-gold mix, so the mix stayed the face; but only 26 of 128 columns
    # were face-coloured against it, and the W went with the tile's outline as a frame
    # (read blank at 0.5). Where the mix leaves a face under face_min_span of the cell, the
    # ring's half of the light pixels is the face.
    _reads_bonus_letter("spellcast-arrows", 107520, 1, 4, "W", 5)


def test_a_face_colour_tinted_by_a_blurred_letter_gives_way_to_the_rings() -> None:
    # tools.synth spellcast-arrows 120333 r2c1 (held out, no line on the tile): a big gold
    # O blurred over a pale pink 2X tile (32 px) tinted every pixel of the tile's middle,
    # so the face colour taken there was pink and gold at once, with no half to split off;
    # only 0.2 of the tile, below the O, was face against it, the O was cut as the tile's
    # border and the tile read blank. Where the face so taken leaves under face_min_span
    # of the cell, the ring's own colour is tried as the face too: the O reads surely.
    board, _ = _reads_letter("spellcast-arrows", 120333, 1, 0, "O")
    assert board.label["bonuses"][1][0]


@pytest.mark.parametrize(
    ("look", "seed", "r", "c"),
    [
        ("spellcast-discord", 3100, 2, 4),
        ("spellcast-discord", 3376, 0, 4),
        ("spellcast-discord", 3235, 0, 3),
        ("spellcast-arrows", 109368, 0, 2),
        ("spellcast-discord", 116403, 0, 0),
    ],
)
def test_a_big_gold_letter_touching_its_tiles_badge_is_cut_off_the_frame(
    look: str, seed: int, r: int, c: int
) -> None:
    # tools.synth spellcast-discord: a bonus tile's gold W so big that its top left arm
    # touches the tile's badge, which sits on the gold outline: letter, badge and outline
    # were one piece at the border, taken for a line drawn over the tile and taken out
    # with the letter's own gold (read "?" at 0.18-0.23). Opened, the outline goes and the
    # neck to the badge breaks; what is left in the middle is the letter. Where the arm
    # overlaps the badge too widely for that (3235, its 5 joined to the W as well), the
    # badge's disc is taken out first and the 5 stays with the letter. Where the opening
    # breaks the W's own thin joints too (spellcast-arrows 109368: four pieces, no line on
    # the tile), all the pieces left in the middle are the letter (it read "?", "/" first).
    # A W drawn thinner than that opening (116403, held out: five pieces, none tall) is
    # opened again by ``CutConfig.frame_open_thin`` once the badge is out (it read "?").
    _reads_bonus_letter(look, seed, r, c, "W", 5)


def test_lines_from_two_corners_are_not_a_frame_with_a_letter_in_pieces() -> None:
    # tools.synth spellcast-arrows 107715 r4c4: a black E under a pink dot, a mauve line
    # in from the top right corner and a green one out to the bottom right. Opened, the
    # lines' middle and the E left several tall pieces; taken all as a letter cut off a
    # frame (as a badged tile's W in pieces is), the lines went as frame and the E was
    # left unsure, L first at 0.10. Without a badge, only one tall piece left in the middle
    # is a letter.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 107715)
    assert board.label["letters"][3][3] == "E" and not board.label["bonuses"][3][3]
    reading = read_image(decode_image(board.data))
    assert reading.tiles[3][3] == "E", reading.candidates[3][3]


def test_a_line_into_a_corner_stays_a_line_where_the_letter_is_whole() -> None:
    # tools.synth spellcast-arrows 114535 r3c3: a pink line from the tile's top left corner
    # ends on a black T's crossbar, no badge there (its end in the corner looked like
    # one). Opened by frame_open the T stands apart, tall, and the line is left to the line
    # cut: T at 1.0. Opened again by frame_open_thin (for a thin letter in pieces), the
    # line's end stayed joined to the T and the tile read "?": that second opening is only
    # for a letter the first left in pieces, none tall.
    _reads_letter("spellcast-arrows", 114535, 2, 2, "T")


def test_a_line_into_a_badged_tiles_other_corner_is_never_its_frame() -> None:
    # tools.synth spellcast-arrows 89222 r3c2: a DL tile's gold A with a teal arrow drawn
    # in through the tile's bottom-left corner. Once the badge's disc is taken out, the
    # rest of a bonus tile's frame lies along its edges and on the badge's corner only:
    # the arrow there in another corner was taken for frame, cut off with the A's foot,
    # and the A read "?".
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 89222)
    assert board.label["letters"][3][2] == "A" and board.label["bonuses"][3][2] == "DL"
    reading = read_image(decode_image(board.data))
    assert reading.tiles[3][2] == "A", reading.candidates[3][2]


def test_a_big_gold_letter_touching_its_frame_and_a_line_is_cut_off_the_frame() -> None:
    # tools.synth spellcast-arrows 3054 r4c4: a DL tile's gold W touching the tile's
    # outline, with a pink arrowhead over the tile's corner touching the outline too. Letter,
    # frame and line were one piece reaching past the frame, so it was not cut off the
    # frame (a line drawn across the tile is left to the line cut); with the line taken
    # out, the letter was still joined to the frame at the border and dropped with it: no
    # glyph, read "?" at 0.15. Once the line is out, the letter is cut off the frame too.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 3054)
    assert board.label["letters"][3][3] == "W" and board.label["bonuses"][3][3] == "DL"
    reading = read_image(decode_image(board.data))
    assert reading.tiles[3][3] == "W", reading.candidates[3][3]


def test_a_big_gold_letter_tinted_with_its_frame_is_no_pale_line() -> None:
    # tools.synth spellcast-arrows 3042 r1c0: a 2X tile's gold W, big enough to pull the
    # face colour's median towards gold, joined in colour to the pink outline, badge and
    # gem. Against that face the cream face itself was tinted, and letter and frame were
    # taken for a pale line drawn in from the border: the W was cut out as line and read
    # "I" at 0.00. Against the ring's face, and with what lies in the tile's frame beside
    # it left out, the W is a letter again.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 3042)
    assert board.label["letters"][1][0] == "W" and board.label["bonuses"][1][0] == "DW"
    reading = read_image(decode_image(board.data))
    assert reading.tiles[1][0] == "W", reading.candidates[1][0]


@pytest.mark.parametrize(("seed", "r", "c"), [(129585, 2, 2), (129582, 2, 4), (129444, 1, 3)])
def test_a_tiles_outline_bending_in_at_its_rounded_corners_is_still_its_frame(
    seed: int, r: int, c: int
) -> None:
    # tools.synth spellcast-arrows: a bonus tile's gold W (a V) whose top left arm comes
    # within a few pixels of the tile's badge, no line on the tile. The tile's outline bends
    # in at its rounded corners a pixel or two past frame_band: taken for a piece of it
    # beside the letter, outside the frame, outline and badge were a pale line drawn in to
    # the letter, and the letter went out with them (129585, 129582: read blank "?"); on a
    # smaller, JPEG'd board, where letter, badge and outline were one piece of ink, what
    # the letter's cut left of the frame was no frame (129444: "?", W first at 0.08). An
    # outline meeting the glyph only in the frame is the frame, and the frame takes in the
    # corners an outline bends into (``CutConfig.frame_corner``).
    _reads_bonus_letter("spellcast-arrows", seed, r, c, "W" if seed != 129582 else "V", 5)


@pytest.mark.parametrize(("corner", "end"), [((0, 127), (30, 100)), ((0, 0), (33, 36))])
def test_a_pale_line_into_the_letter_through_a_left_corner_is_still_a_line(
    corner: tuple[int, int], end: tuple[int, int]
) -> None:
    # Beside a letter, what lies in the left-hand corners (where SpellCast puts its badges
    # and gems) is left out of a pale line only when it is joined to an outline running
    # round the tile: a pale green stroke from such a corner onto a big N's foot or arm,
    # all of it beside the letter in that corner, is still taken out as a line.
    crop = np.full((128, 128, 3), 40, np.uint8)
    cv2.rectangle(crop, (4, 4), (123, 123), (236, 244, 250), -1)
    font = cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), _ = cv2.getTextSize("N", font, 3.6, 9)
    cv2.putText(crop, "N", ((128 - tw) // 2, (128 + th) // 2), font, 3.6, (40, 30, 30), 9,
                cv2.LINE_AA)  # fmt: skip
    cv2.line(crop, corner, end, (150, 230, 150), 6, cv2.LINE_AA)
    tile = cut_tile(crop)
    assert tile.overdrawn and tile.line is not None


def test_a_line_drawn_into_the_middle_is_never_cut_off_as_a_frame() -> None:
    # A line of the letter's own colour from the tile's edge through the middle (another
    # solver's arrow) is no frame: the tile stays crossed.
    crop = _tile((230, 240, 250), (20, 20, 20), "N")
    cv2.line(crop, (4, 64), (124, 64), (20, 20, 20), 5)
    tile = cut_tile(crop)
    assert tile.crossed


def test_a_letter_in_the_values_own_colour_is_never_cut_by_colour() -> None:
    # The colour seam is only for a letter inked unlike the board's values: a black letter
    # with a black value (every Wordament, Ruzzle and Scramble tile) keeps the zone cut.
    from assistant.cut import _colour_seam
    from assistant.geometry import Box

    crop = _tile((230, 240, 250), (20, 20, 20), "N", value="2", value_at="right")
    tile = cut_tile(crop)
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    ink = np.array([20.0, 128.0, 128.0])
    assert _colour_seam(lab, tile, Box(90, 10, 30, 24), ink, CutConfig()) is None


def test_a_tiny_single_letter_of_a_game_that_prints_hyphens_is_unsure() -> None:
    # tools.synth wordament-orange 97001 shrunk to 14 px tiles on a 2560x1440 desktop
    # (benchmarks/stress.py 97000, desktop14): its "-S" tile's hyphen, a pixel, was lost
    # and the tile read S at 0.83. Letters that small in Wordament are unsure, with the
    # hyphen's places among the candidates, and the board says to zoom in.
    from assistant.imageio import decode_image
    from assistant.read import read_array
    from assistant.recognize import TINY_NOTE
    from tools.synth import render_board

    board = render_board("wordament-orange", 97001)
    assert board.label["letters"][0][2] == "-S"
    image = decode_image(board.data)
    factor = 14 / board.label["params"]["tile_px_actual"]
    h, w = image.shape[:2]
    small = cv2.resize(image, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_AREA)
    desk = np.full((1440, 2560, 3), (70, 90, 110), np.uint8)
    desk[400 : 400 + small.shape[0], 900 : 900 + small.shape[1]] = small
    reading = read_array(desk, ReadOptions())
    assert reading.game == "wordament"
    assert reading.tiles[0][2] == "?"
    assert "-S" in {label for label, _ in reading.candidates[0][2]}
    assert TINY_NOTE in reading.notes


def test_only_games_that_print_hyphens_doubt_a_tiny_single_letter() -> None:
    # Wordament prints prefix and suffix tiles; Word Hunt, Boggle and SpellCast never do,
    # so their tiny letters are not doubted for a lost hyphen. An unknown game may print
    # them.
    from assistant.registry import prints_affixes

    assert prints_affixes("wordament") and prints_affixes(None)
    for game in ("wordhunt", "boggle", "spellcast", "scramble", "ruzzle"):
        assert not prints_affixes(game), game


@pytest.mark.parametrize(
    ("name", "r", "c"),
    [
        ("wordament/blackmonk13_desktop_full_2_letter.png", 0, 1),
        ("wordament/blackmonk13_mobile_2_letter_suffix.jpg", 1, 3),
        ("wordament/blackmonk13_mobile_3_letter_prefix.jpg", 2, 0),
    ],
)
def test_a_piece_left_out_for_its_tint_leaves_the_tile_unsure(name: str, r: int, c: int) -> None:
    # Real Wordament screenshots under noise of sd 35 (benchmarks/stress.py 75000, noise35):
    # the C of "CH", the hyphen of "-ER" and the S of "SUB-" were left out as pieces not of
    # the letters' tint, and the rest read with confidence: H, ER, UB-. A tile that lost a
    # piece that way is unsure.
    import json
    import zlib

    from assistant.imageio import load_image
    from assistant.read import read_encoded

    labels = json.loads((REAL / "labels.json").read_text())
    label = next(x for x in labels if x["file"] == name)
    want = label["letters"][r][c]
    image = load_image(REAL / name)
    source = f"real/{name}"
    rng = np.random.default_rng([zlib.crc32(source.encode()), zlib.crc32(b"noise35"), 75000])
    noisy = image.astype(np.float32) + rng.normal(0, 35, image.shape).astype(np.float32)
    ok, data = cv2.imencode(".png", np.clip(noisy, 0, 255).astype(np.uint8))
    assert ok
    reading = read_encoded(data.tobytes(), ReadOptions())
    assert reading.tiles[r][c] in (want, "?"), (reading.tiles[r][c], want)


def _blurred(look: str, seed: int, share: float) -> npt.NDArray[np.uint8]:
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board(look, seed)
    (x0, _), (x1, _) = board.label["corners"][0], board.label["corners"][1]
    sigma = share * (x1 - x0) / board.label["cols"]
    return np.ascontiguousarray(cv2.GaussianBlur(decode_image(board.data), (0, 0), sigma))


def _on_desktop(look: str, seed: int, tile_px: float) -> npt.NDArray[np.uint8]:
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board(look, seed)
    image = decode_image(board.data)
    factor = tile_px / board.label["params"]["tile_px_actual"]
    h, w = image.shape[:2]
    small = cv2.resize(image, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_AREA)
    desk = np.full((1440, 2560, 3), (70, 90, 110), np.uint8)
    desk[300 : 300 + small.shape[0], 900 : 900 + small.shape[1]] = small
    return desk


@pytest.mark.parametrize(
    ("picture", "r", "c", "want"),
    [
        (lambda: _blurred("wordament-wood", 78001, 0.04), 2, 0, "-S"),
        (lambda: _on_desktop("wordament-orange", 78001, 21), 0, 0, "DE-"),
        (lambda: _on_desktop("wordament-orange", 78001, 23), 0, 0, "DE-"),
        (lambda: _stressed_picture("wordament-wood", 90600, 90600, "blur4%"), 1, 2, "RE-"),
    ],
    ids=["blurred -S", "DE- on 21 px tiles", "DE- on 23 px tiles", "blurred RE- on a shaded face"],
)
def test_a_hyphen_paler_than_the_ink_threshold_leaves_the_tile_unsure(
    picture: Callable[[], npt.NDArray[np.uint8]], r: int, c: int, want: str
) -> None:
    # benchmarks/stress.py 78000: a Wordament board blurred by 4 % of its pitch (wood), and
    # one shrunk to 21-24 px tiles on a desktop (orange). Each hyphen shows, a grey bar
    # beside the letters apart from them even in faint ink, but paler than the ink
    # threshold: the tiles read S at 0.98 and DE at 0.83-0.95, confident and wrong.
    # benchmarks/stress.py 90600: a Wordament wood board blurred by 6.4 px. Its faces'
    # dark rim, spread onto them, lies at lost_frac of the contrast and joined the hyphen
    # there to the rim: "RE-" read "RE" at 0.95. At faint_hyphen_frac the hyphen stands
    # apart. Left unsure, the tile lists the hyphenated reading first (it had listed
    # only "RE").
    from assistant.read import read_array

    reading = read_array(picture(), ReadOptions())
    assert reading.tiles[r][c] in (want, "?"), reading.candidates[r][c]
    assert reading.candidates[r][c][0][0] == want, reading.candidates[r][c]


def _stressed_picture(look: str, seed: int, board: int, change: str) -> npt.NDArray[np.uint8]:
    from stressed import stressed

    return stressed(look, seed, board, change)[0]


def test_lines_across_a_face_that_stop_short_of_its_border_are_lines_not_a_rim() -> None:
    # tools.synth spellcast-arrows 91426 (held out): two thin orange lines cross over the
    # W of r3c4 on a JPEG of quality 41 and stop short of the tile's border. Joined to the
    # W, they made one thin component around the point value, taken for a rim and dropped
    # with the W: the value 5 was cut as the glyph and read S at 0.95, its value then
    # taken from the table (2). Through the face's middle, it is lines: taken out, the W
    # comes back (so does the S of r4c3, under one line).
    from assistant.imageio import decode_image
    from assistant.read import read_array
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 91426)
    want = [[t.upper() for t in row] for row in board.label["letters"]]
    assert (want[2][3], want[3][2]) == ("W", "S")
    reading = read_array(decode_image(board.data), ReadOptions())
    assert reading.tiles[2][3] in ("W", "?") and reading.tiles[3][2] in ("S", "?")
    assert "W" in {label for label, _ in reading.candidates[2][3]}
    assert reading.values is not None
    assert reading.values[2][3] == 5 or (2, 3) in reading.uncertain_values
    for r, row in enumerate(want):
        for c, letter in enumerate(row):
            assert reading.tiles[r][c] in (letter, "?"), (r, c, reading.tiles[r][c])


def test_a_letters_arm_cut_off_by_a_line_is_no_underline() -> None:
    # tools.synth spellcast-arrows 78508: an orange see-through line meets the E of r3c2 at
    # both ends of its bottom arm. Taken out, it left the arm joined to the stem by a
    # neck, the arm was cut off as a die's joined underline, and the tile read F at 0.95.
    from assistant.imageio import decode_image
    from assistant.read import read_array
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 78508)
    assert board.label["letters"][2][1] == "E"
    reading = read_array(decode_image(board.data), ReadOptions())
    assert reading.tiles[2][1] in ("E", "?"), reading.candidates[2][1]
    assert "E" in {label for label, _ in reading.candidates[2][1]}


def _read_synth(look: str, seed: int) -> tuple[Any, Any]:
    from assistant.imageio import decode_image
    from assistant.read import ReaderConfig, read_array
    from assistant.recognize import RecognizeConfig
    from tools.synth import render_board

    board = render_board(look, seed)
    config = ReaderConfig(recognize=RecognizeConfig(tesseract="never"))
    return board, read_array(decode_image(board.data), ReadOptions(config=config))


@pytest.mark.parametrize(
    ("seed", "tile", "letter"),
    [(71029, (2, 4), "F"), (71027, (0, 3), "Y"), (123940, (0, 2), "Z")],
)
def test_an_arrow_joined_to_a_letter_by_faint_ink_is_no_stroke_it_lost(
    seed: int, tile: tuple[int, int], letter: str
) -> None:
    # tools.synth spellcast-arrows: a green arrowhead ends on an F's stem, an orange line
    # runs past a Y's foot, their pale see-through strokes under the ink threshold. That
    # faint ink, joined to the letter and reaching far from it, was taken for strokes
    # the letter lost (as on a blurred serif die), and the clean F and Y capped at 0.6.
    # A pale see-through blue line into a Z's middle (123940, session 44) passed the
    # tint check pixel by pixel (every pale colour lies near the face's and the ink's
    # neutral tints); its median tint did not (``CutConfig.lost_tint_whole``).
    board, reading = _read_synth("spellcast-arrows", seed)
    r, c = tile
    assert board.label["letters"][r][c] == letter
    assert reading.tiles[r][c] == letter, reading.candidates[r][c]


def test_a_point_value_under_the_corner_is_no_descender() -> None:
    # tools.synth spellcast-arrows 78502: a purple line across the top of a G (r3c3) and
    # of a D (r4c5). Cut again with the board's letter box, each took its value 3 (which
    # starts at the letters' baseline, under the box's corner) as a descender: "QU" at
    # the hidden cap, the right letter not among the candidates.
    board, reading = _read_synth("spellcast-arrows", 78502)
    for (r, c), letter in (((2, 2), "G"), ((3, 4), "D")):
        assert board.label["letters"][r][c] == letter
        assert reading.candidates[r][c][0][0] == letter, reading.candidates[r][c]
        assert reading.tiles[r][c] in (letter, "?")
    for r, row in enumerate(board.label["letters"]):
        for c, want in enumerate(row):
            assert reading.tiles[r][c] in (want, "?"), (r, c, reading.candidates[r][c])


def test_a_cut_in_the_value_zone_never_takes_the_letters_ink_outside_it() -> None:
    # benchmarks/stress.py 78000: tools.synth wordament-wood 78001 blurred by 4 % of its
    # pitch. A T's crossbar ran into the value top left; cut again with the board's value
    # zone, the letter kept only its stem (the crossbar's right arm lost with the seam)
    # and read I at 0.96, a confident wrong tile.
    from stressed import stressed

    from assistant.read import read_array

    image, label = stressed("wordament-wood", 78000, 78001, "blur4%")
    reading = read_array(image, ReadOptions())
    assert label["letters"][1][3].upper() == "T"
    assert reading.tiles[1][3] in ("T", "?"), reading.candidates[1][3]


@pytest.mark.parametrize(
    ("look", "seed", "tile", "want"),
    [("boggle-classic", 78001, (1, 2), "T"), ("boggle-big", 78000, (2, 2), "E")],
)
def test_a_noisy_dies_faint_strokes_are_lost_strokes_whatever_each_pixels_tint(
    look: str, seed: int, tile: tuple[int, int], want: str
) -> None:
    # benchmarks/stress.py 78000, noise of sd 35: a T's pale crossbar and an E's arm were
    # judged pixel by pixel for the letter's tint, taken for another colour (a line's),
    # and the dice read L and F at 0.95. Judged on the tint smoothed, they are strokes
    # the letter lost: unsure.
    from stressed import stressed

    from assistant.read import read_array

    image, label = stressed(look, 78000, seed, "noise35")
    reading = read_array(image, ReadOptions())
    r, c = tile
    assert label["letters"][r][c].upper() == want
    assert reading.tiles[r][c] in (want, "?"), reading.candidates[r][c]


@pytest.mark.tesseract
def test_a_letter_partly_in_a_pale_lines_hue_is_read_around_it() -> None:
    # tools.synth spellcast-arrows 100218 r2c4: two thin outlined orange lines meet under
    # an I's foot, too pale on the face for the cut to find them there; their dark
    # junction joined the I as a J's hook, and both engines read J (0.95, worth 7 for
    # 1). 28% of its glyph lies in the hue of the lines found on other tiles: the tile is
    # read around those pixels as around a line (``CutConfig.unmarked_line``). A bonus
    # tile's gold letter, all of it in the hue of its board's lines (100009 r1c5, a TL
    # tile's A), is its own ink: cut as before.
    from stressed import confident_wrong

    from assistant.imageio import decode_image
    from assistant.read import read_array
    from tools.calibrate import rectify
    from tools.synth import render_board

    def cut(seed: int) -> tuple[dict[str, Any], dict[tuple[int, int], TileImage], bytes]:
        board = render_board("spellcast-arrows", seed)
        label = board.label
        tl, tr, br, bl = ((float(x), float(y)) for x, y in label["corners"])
        located = rectify(board.image, (tl, tr, br, bl), label["rows"], label["cols"])
        return label, {(t.row, t.col): t for t in cut_tiles(located)}, board.data

    label, at, data = cut(100218)
    assert label["letters"][1][3] == "I"
    assert at[(1, 3)].overdrawn and at[(1, 3)].line is not None
    reading = read_array(decode_image(data), ReadOptions())
    assert reading.tiles[1][3] in ("I", "?"), reading.candidates[1][3]
    assert confident_wrong(reading, [[t.upper() for t in row] for row in label["letters"]]) == []
    label, at, _ = cut(100009)
    assert label["bonuses"][0][4] == "TL" and label["letters"][0][4] == "A"
    assert any(t.overdrawn for t in at.values()) and not at[(0, 4)].overdrawn


@pytest.mark.tesseract
def test_a_tile_the_pictures_edge_cuts_is_unsure() -> None:
    # benchmarks/stress.py 102200: wordhunt-photo 102200 cut through its last column. The
    # board is found whole (4x4, as Word Hunt deals), and the O of r1c4, its right half
    # outside the picture, read C at 1.0. Where the middle of a cell (``clip_zone``) lies
    # past the picture's edge the tile is ``clipped``: unsure, never confidently wrong;
    # the whole board's tiles clear of the edge are not.
    from stressed import confident_wrong, read_stressed

    from assistant.locate import locate_boards

    reading, want = read_stressed("wordhunt-photo", 102200, 102200, "cutcol")
    assert want[0][3] == "O"
    assert reading.tiles[0][3] == "?"
    assert confident_wrong(reading, want) == []
    located = locate_boards(_stressed_picture("wordhunt-photo", 102200, 102200, "cutcol"))[0]
    clipped = {(t.row, t.col) for t in cut_tiles(located) if t.clipped}
    assert (0, 3) in clipped and not any(c < 3 for _, c in clipped)
    whole = locate_boards(_stressed_picture("wordhunt-photo", 102200, 102200, "bright"))[0]
    assert not any(t.clipped for t in cut_tiles(whole))
