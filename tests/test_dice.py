"""Random boards rolled from the Boggle dice sets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from assistant.board import Board, TileKind
from assistant.dice import (
    BIG_DICE,
    CLASSIC_DICE,
    DICE_SETS,
    SUPER_BIG_DICE,
    Die,
    face_tile,
    faces_fit_dice,
    random_board,
    roll,
)
from assistant.errors import BoardShapeError


def faces_of(board: Board) -> list[str]:
    """Each tile as the die face that shows it (Qu, Th, a letter, "" for a blank)."""
    out = []
    for row in board.tiles:
        for tile in row:
            out.append("" if tile.kind is TileKind.BLANK else tile.letters[0].capitalize())
    return out


def one_die_per_tile(faces: list[str], dice: tuple[Die, ...]) -> bool:
    """True if the faces can be matched to distinct dice showing them (bipartite matching)."""
    return faces_fit_dice(faces, dice)


def test_dice_sets() -> None:
    assert (len(CLASSIC_DICE), len(BIG_DICE), len(SUPER_BIG_DICE)) == (16, 25, 36)
    assert dict(DICE_SETS) == {4: CLASSIC_DICE, 5: BIG_DICE, 6: SUPER_BIG_DICE}
    for dice in DICE_SETS.values():
        assert all(len(die) == 6 for die in dice)
    # The classic set has exactly one Qu face (on HIMNQU) and no plain Q.
    classic = Counter(face for die in CLASSIC_DICE for face in die)
    assert classic["Qu"] == 1 and classic["Q"] == 0
    assert ("H", "I", "M", "N", "Qu", "U") in CLASSIC_DICE
    # Super Big Boggle: the digram die and three blank faces.
    assert ("An", "Er", "He", "In", "Qu", "Th") in SUPER_BIG_DICE
    assert Counter(face for die in SUPER_BIG_DICE for face in die)[""] == 3


def test_face_tiles() -> None:
    assert face_tile("A").kind is TileKind.LETTER and face_tile("A").label == "A"
    assert face_tile("Qu").kind is TileKind.MULTI and face_tile("Qu").letters == ("qu",)
    assert face_tile("Th").label == "TH"
    assert face_tile("").kind is TileKind.BLANK


@pytest.mark.parametrize("size", [4, 5, 6])
def test_boards_are_rolled_from_the_dice(size: int) -> None:
    for seed in range(30):
        board = random_board(size, seed=seed)
        assert (board.rows, board.cols) == (size, size)
        assert one_die_per_tile(faces_of(board), DICE_SETS[size]), board.to_text()


def test_matching_check_can_fail() -> None:
    # Sixteen E tiles cannot come from the classic dice (only a few dice have an E).
    assert not one_die_per_tile(["E"] * 16, CLASSIC_DICE)


def test_same_seed_same_board() -> None:
    assert random_board(4, seed=42) == random_board(4, seed=42)
    assert random_board(6, seed=1) == random_board(6, seed=1)
    boards = {random_board(4, seed=s).to_text() for s in range(20)}
    assert len(boards) == 20
    assert isinstance(random_board(), Board)


def test_dice_positions_are_shuffled() -> None:
    # Over many rolls, the Qu die shows up in many positions, and its Qu face sometimes.
    where: Counter[tuple[int, int]] = Counter()
    for seed in range(400):
        board = random_board(4, seed=seed)
        for r, c in board.positions():
            if board.tile(r, c).letters == ("qu",):
                where[r, c] += 1
    assert len(where) >= 12
    assert 30 <= sum(where.values()) <= 110  # one die in six faces: about 400 / 6


def test_super_big_boards_show_digram_and_blank_faces() -> None:
    multi = blank = 0
    for seed in range(200):
        tiles = [t for row in random_board(6, seed=seed).tiles for t in row]
        multi += any(t.kind is TileKind.MULTI and t.letters != ("qu",) for t in tiles)
        blank += any(t.kind is TileKind.BLANK for t in tiles)
    assert multi > 100  # 5 of the digram die's 6 faces are not Qu
    assert 60 < blank < 140  # the EIO die shows a blank half the time


@pytest.mark.parametrize("size", [2, 3, 7, 8])
def test_unsupported_sizes(size: int) -> None:
    with pytest.raises(BoardShapeError) as info:
        random_board(size)
    assert f"{size}x{size}" in info.value.message
    assert info.value.hint is not None and "4" in info.value.hint and "6" in info.value.hint


def test_roll_needs_one_die_per_position() -> None:
    with pytest.raises(BoardShapeError):
        roll(CLASSIC_DICE, 3, 3, random.Random(0))
    board = roll(CLASSIC_DICE[:8], 2, 4, random.Random(0))
    assert (board.rows, board.cols) == (2, 4)


def test_the_multi_letter_faces_are_those_of_the_dice_sets() -> None:
    """``MULTI_FACES``: Qu (every set) and Super Big Boggle's two-letter die."""
    from assistant.dice import MULTI_FACES

    assert {"QU", "AN", "ER", "HE", "IN", "TH"} == MULTI_FACES
