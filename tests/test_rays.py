"""Drawn paths told by their shape (assistant.recognize.rays), and letters read beside a
line in their own colour through them: masks drawn here with OpenCV, boards drawn by
tools.synth."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.geometry import Box, Mask
from assistant.read import read_image
from assistant.recognize import RecognizeConfig
from assistant.recognize.matcher import _seen_enough
from assistant.recognize.rays import line_rays

SIDE = 128
LETTERS = Box(40, 36, 48, 52)  # where a SpellCast board's letters sit on a 128 px tile


def _letter_a() -> Mask:
    """A bold A where the letters sit, as the line mask holds it when the line is gold too."""
    mask = np.zeros((SIDE, SIDE), np.uint8)
    cv2.line(mask, (64, 38), (44, 86), 255, 12)
    cv2.line(mask, (64, 38), (84, 86), 255, 12)
    cv2.line(mask, (52, 70), (76, 70), 255, 9)
    return mask


def test_a_stroke_from_the_edge_to_the_centre_is_told_by_its_shape() -> None:
    line = _letter_a()
    cv2.line(line, (64, 60), (SIDE, 60), 255, 10)  # a path's stroke in from the right
    band = line_rays(line, LETTERS)
    assert band is not None
    # The stroke is taken out from the edge on in to the centre...
    assert band[60, 120] and band[60, 95] and band[60, 66]
    # ...no wider than itself (and a pad) beside the letters...
    assert not band[50, 110] and not band[70, 110]
    # ...and the letter's far side and legs are left to read.
    assert not band[80, 47] and not band[80, 82] and not band[40, 64]


def test_an_arrowhead_at_the_stroke_end_goes_with_it() -> None:
    line = _letter_a()
    cv2.line(line, (64, 64), (SIDE, 64), 255, 10)
    head = np.array([(64, 64), (88, 52), (88, 76)], np.int32)  # tip on the centre
    cv2.fillConvexPoly(line, head, 255)
    band = line_rays(line, LETTERS)
    assert band is not None
    assert band[55, 84] and band[73, 84]  # the head's flanks, wider than the stroke
    assert not band[80, 47]


def test_a_letter_alone_or_a_corner_badge_is_no_stroke() -> None:
    line = _letter_a()
    assert line_rays(line, LETTERS) is None
    cv2.circle(line, (14, 14), 13, 255, -1)  # a bonus tile's round badge in its corner
    cv2.rectangle(line, (0, 0), (SIDE - 1, SIDE - 1), 255, 3)  # and its outline
    assert line_rays(line, LETTERS) is None


def test_a_stroke_of_uneven_width_is_no_stroke() -> None:
    line = _letter_a()
    wedge = np.array([(64, 62), (SIDE, 40), (SIDE, 84)], np.int32)  # widening to the edge
    cv2.fillConvexPoly(line, wedge, 255)
    assert line_rays(line, LETTERS) is None


@pytest.mark.parametrize(
    ("seed", "row", "col", "letter"),
    [
        (126179, 3, 1, "A"),  # a gold arrow, its head on the A's bar, over a gold A
        (126221, 3, 1, "R"),  # an orange line over a gold R, ending on it
        (126359, 1, 4, "R"),  # a gold line through a gold R
    ],
)
def test_a_letter_under_a_line_in_its_colour_reads(
    seed: int, row: int, col: int, letter: str
) -> None:
    """tools.synth spellcast-arrows (fresh, session 48): the cut took these letters whole
    with the line, in their colour, and they read blank."""
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", seed)
    assert board.label["letters"][row][col] == letter
    reading = read_image(decode_image(board.data))
    assert reading.tiles[row][col] == letter, reading.candidates[row][col]


def test_a_letter_read_around_a_line_hiding_most_of_it_is_sure_only_when_clear() -> None:
    cfg = RecognizeConfig()
    assert _seen_enough("A", 0.95, 0.22, 0.22, cfg)  # spellcast-arrows 126124 r1c1
    assert not _seen_enough("A", 0.95, 0.22, 0.1, cfg)  # too little in sight
    assert not _seen_enough("A", 0.95, 0.05, 0.22, cfg)  # led by too little
    assert not _seen_enough("A", 0.86, 0.22, 0.22, cfg)  # fits what shows too poorly
    assert not _seen_enough("I", 0.99, 0.3, 0.25, cfg)  # what a line leaves of any stem
    assert _seen_enough("I", 0.9, 0.07, 0.35, cfg)  # in sight enough: the lead decides


@pytest.mark.parametrize(("seed", "row", "col", "letter"), [(126124, 1, 1, "A")])
def test_a_letter_mostly_under_a_line_reads_where_what_shows_is_clear(
    seed: int, row: int, col: int, letter: str
) -> None:
    """tools.synth spellcast-arrows 126124 r1c1: a third of the A's frame out of sight
    under an arrow, what shows fits A at 0.95 to 0.99, ahead by 0.22: read, not capped."""
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("spellcast-arrows", seed)
    assert board.label["letters"][row][col] == letter
    reading = read_image(decode_image(board.data))
    assert reading.tiles[row][col] == letter, reading.candidates[row][col]
