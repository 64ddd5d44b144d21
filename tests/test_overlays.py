"""Lines drawn over a board never erase letters (issue 9 item 3): another solver's arrows
across SpellCast tiles, drawn lines over a tile in the letter's colour or another."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.cut import cut_tile
from assistant.imageio import decode_image
from assistant.read import UNSURE, ReaderConfig, ReadOptions, read_array
from assistant.recognize import RecognizeConfig, recognize_tiles

CELL = 128


def _tile(line: tuple[int, int, int] | None, *, width: int = 9) -> np.ndarray:
    """A cream tile with a black A, and a line (BGR) from its left edge through the letter
    to its bottom-right corner."""
    crop = np.full((CELL, CELL, 3), (60, 30, 20), np.uint8)  # the board between tiles
    cv2.rectangle(crop, (6, 6), (CELL - 7, CELL - 7), (226, 238, 246), -1)
    cv2.putText(crop, "A", (30, 100), cv2.FONT_HERSHEY_DUPLEX, 3.0, (25, 20, 22), 9)
    if line is not None:
        cv2.line(crop, (0, 60), (CELL - 1, CELL - 1), line, width, cv2.LINE_AA)
    return crop


def test_a_clean_tile_reads() -> None:
    tile = cut_tile(_tile(None))
    assert not tile.blank and not tile.obstructed and not tile.overdrawn
    (reading,) = recognize_tiles([tile], config=RecognizeConfig(tesseract="never"))
    assert reading.label == "A" and reading.confidence >= 0.8


def test_a_coloured_line_is_taken_out_and_the_letter_read() -> None:
    tile = cut_tile(_tile((40, 40, 235)))  # red
    assert not tile.blank
    assert tile.overdrawn and not tile.obstructed
    (reading,) = recognize_tiles([tile], config=RecognizeConfig(tesseract="never"))
    # Read, or unsure: never another letter with confidence, never blank.
    assert reading.label == "A" or reading.confidence < 0.8


def test_a_line_in_the_letters_colour_leaves_the_tile_unsure_not_blank() -> None:
    tile = cut_tile(_tile((25, 20, 22)))  # as black as the letter
    assert not tile.blank
    (reading,) = recognize_tiles([tile], config=RecognizeConfig(tesseract="never"))
    assert reading.confidence < 0.8


def test_an_empty_face_is_blank() -> None:
    crop = np.full((CELL, CELL, 3), (60, 30, 20), np.uint8)
    cv2.rectangle(crop, (6, 6), (CELL - 7, CELL - 7), (226, 238, 246), -1)
    assert cut_tile(crop).blank


@pytest.mark.parametrize("seed", [3011, 3013, 3015])
def test_spellcast_boards_with_drawn_arrows(seed: int) -> None:
    """The generator's SpellCast look with another solver's arrows: every tile under them
    is read right or reported unsure, none blank, none wrong with confidence."""
    from tools.synth import render_board

    board = render_board("spellcast-arrows", seed)
    no_tesseract = ReaderConfig(recognize=RecognizeConfig(tesseract="never"))
    reading = read_array(decode_image(board.data), ReadOptions(config=no_tesseract))
    assert (reading.rows, reading.cols) == (5, 5)
    assert reading.game == "spellcast"
    for r, row in enumerate(board.label["letters"]):
        for c, want in enumerate(row):
            got = reading.tiles[r][c]
            assert got in (want, UNSURE), (r, c, got, want)
