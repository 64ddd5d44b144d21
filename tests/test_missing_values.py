"""Point values not seen on a board whose game prints them are unsure, never silently
absent (a blurred Wordament board once came back with no values, scored by the default
table)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from assistant.imageio import load_image
from assistant.read import ReadOptions, is_unsure, read_array

GRID = Path(__file__).resolve().parent.parent / "fixtures" / "real" / "wordament"
GRID_FILE = GRID / "blackmonk13_grid_regular_grid_small.jpg"  # 480x480, values top-left


def _without_values() -> np.ndarray:
    """The board with every tile's top-left value painted over with the tile's face."""
    image = load_image(GRID_FILE).copy()
    pitch = image.shape[0] / 4
    for r in range(4):
        for c in range(4):
            x0, y0 = int(c * pitch + 0.06 * pitch), int(r * pitch + 0.06 * pitch)
            face = np.median(image[y0 + int(0.5 * pitch), x0 : x0 + int(0.2 * pitch)], axis=0)
            cv2.rectangle(
                image,
                (x0, y0),
                (x0 + int(0.3 * pitch), y0 + int(0.28 * pitch)),
                tuple(int(v) for v in face),
                -1,
            )
    return image


def test_values_missing_on_a_wordament_board_are_unsure() -> None:
    reading = read_array(_without_values(), ReadOptions(game="wordament"))
    assert reading.uncertain == []  # the letters still read
    assert len(reading.uncertain_values) == 16
    assert is_unsure(reading, "wordament")  # solve stops and asks for --fix R,C=E:2
    assert not is_unsure(reading, "boggle")  # a game scored by length does not care


def test_values_seen_are_not_unsure() -> None:
    reading = read_array(load_image(GRID_FILE), ReadOptions(game="wordament"))
    assert reading.uncertain_values == ()


def test_a_tile_read_blank_but_unsure_has_its_value_unsure_too() -> None:
    # A gold W cut away with its bonus tile's outline read blank at 0.5 (spellcast-arrows
    # 107520 r2c5, before the cut kept it): unsure, and its value, not seen, was None
    # without a flag, as if the tile were surely blank. A sure blank prints no value.
    from assistant.games import GameGuess
    from assistant.locate import LocatedBoard
    from assistant.read import reading_from_tiles
    from assistant.recognize import TileReading

    corners = ((0.0, 0.0), (256.0, 0.0), (256.0, 128.0), (0.0, 128.0))
    located = LocatedBoard(1, 2, corners, np.zeros((128, 256, 3), np.uint8), 128)
    tiles = [
        TileReading(0, 0, "", 0.5, (("", 0.5),), value=None),
        TileReading(0, 1, "", 1.0, (("", 1.0),), value=None),
    ]
    reading = reading_from_tiles(
        located,
        tiles,
        threshold=0.9,
        game=GameGuess("spellcast", 1.0, ()),
        bonuses=None,
        elapsed_ms=0.0,
        options=ReadOptions(),
    )
    assert reading.tiles == (("?", ""),)
    assert reading.uncertain_values == ((0, 0),)
