"""Board text syntax and the board model."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.board import Board, Bonus, Tile, TileKind, parse_board, parse_tile
from assistant.errors import BoardShapeError, BoardTextError


def test_bare_string_is_read_row_by_row() -> None:
    board = parse_board("TestingTheSolver")
    assert (board.rows, board.cols) == (4, 4)
    assert board.labels[0] == ["T", "E", "S", "T"]
    assert board.labels[3] == ["L", "V", "E", "R"]


@pytest.mark.parametrize("sep", ["/", "\n", " / ", "\r\n"])
def test_row_separators(sep: str) -> None:
    board = parse_board(sep.join(["ABC", "DEF", "GHI"]))
    assert board.labels == [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "I"]]


def test_non_square_boards_from_rows() -> None:
    board = parse_board("ABCDE/FGHIJ/KLMNO")
    assert (board.rows, board.cols) == (3, 5)


def test_special_tiles() -> None:
    board = parse_board("RE- S T O\nA|B E Q -ING\n. QU TH in\nq x y z")
    kinds = [[t.kind for t in row] for row in board.tiles]
    assert kinds[0][0] is TileKind.PREFIX and board.tile(0, 0).letters == ("re",)
    assert kinds[1][0] is TileKind.EITHER and board.tile(1, 0).letters == ("a", "b")
    assert board.tile(1, 2) == Tile(TileKind.MULTI, ("qu",))
    assert kinds[1][3] is TileKind.SUFFIX and board.tile(1, 3).letters == ("ing",)
    assert board.tile(2, 0).is_blank
    assert board.tile(2, 1) == Tile(TileKind.MULTI, ("qu",))
    assert board.tile(2, 2).label == "TH"
    assert board.tile(2, 3).label == "IN"
    # Lowercase q is always a literal Q.
    assert board.tile(3, 0) == Tile(TileKind.LETTER, ("q",))
    assert board.labels[1] == ["A/B", "E", "QU", "-ING"]


def test_literal_q() -> None:
    assert parse_board("QABC/DEFG/HIJK/LMNO", literal_q=True).tile(0, 0).label == "Q"
    assert parse_board("QABC/DEFG/HIJK/LMNO").tile(0, 0).label == "QU"


def test_values_and_bonuses() -> None:
    tile = parse_tile("E:2*DL")
    assert (tile.value, tile.bonus) == (2, Bonus.DL)
    assert parse_tile("s*tw").bonus is Bonus.TW
    assert parse_tile("QU:10").value == 10
    board = parse_board("A:1 B:4 C:4 D:2*DW/E F G H/I J K L/M N O P")
    assert board.has_values and board.has_bonuses


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("ABCDE", BoardShapeError, "5 tiles"),
        ("AB/CDE", BoardShapeError, "row 1: 2, row 2: 3"),
        ("A B:x C/D E F/G H I", BoardTextError, "row 1, tile 2: 'B:x'"),
        ("A B C/D E*XL F/G H I", BoardTextError, "row 2, tile 2: 'E*XL'"),
        ("AB1C/DEFG/HIJK/LMNO", BoardTextError, "row 1, tile 3: '1'"),
        ("A B C/D E F/G H A|", BoardTextError, "row 3, tile 3"),
        ("", BoardTextError, "empty"),
        ("A", BoardShapeError, "1x1"),
        ("ABCDEFGHI/" * 9, BoardShapeError, "9x9"),
    ],
)
def test_errors_name_the_token_and_position(text: str, error: type, fragment: str) -> None:
    with pytest.raises(error) as info:
        parse_board(text)
    assert fragment in str(info.value)


_token = st.one_of(
    st.sampled_from("ABCDEFGHIJKLMNOPRSTUVWXYZ"),
    st.sampled_from(["QU", "TH", "ER", "IN", "RE-", "UN-", "-ING", "-S", "A|B", "E|I", ".", "q"]),
)


@given(
    st.integers(2, 8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(
                    _token, st.none() | st.integers(0, 20), st.none() | st.sampled_from(Bonus)
                ),
                min_size=n * n,
                max_size=n * n,
            ),
        )
    )
)
def test_canonical_text_round_trips(
    spec: tuple[int, list[tuple[str, int | None, Bonus | None]]],
) -> None:
    n, cells = spec
    tokens = []
    for body, value, bonus in cells:
        tok = (
            body + (f":{value}" if value is not None else "") + (f"*{bonus.value}" if bonus else "")
        )
        tokens.append(tok)
    text = "/".join(" ".join(tokens[r * n : (r + 1) * n]) for r in range(n))
    board = parse_board(text)
    assert parse_board(board.to_text(), literal_q=True) == board
    assert isinstance(board, Board)


def test_a_tile_can_carry_a_letter_and_a_word_bonus() -> None:
    """Some games mark one tile with both (issue 10): M*DL*DW, in either order."""
    tile = parse_tile("M:3*DL*DW")
    assert tile.bonus is Bonus.DL_DW and tile.value == 3 and tile.token == "M:3*DL*DW"
    assert parse_tile("m*dw*dl").bonus is Bonus.DL_DW
    assert (tile.bonus.letter_factor, tile.bonus.word_factor) == (2, 2)
    assert (Bonus.TL_TW.letter_factor, Bonus.TL_TW.word_factor) == (3, 3)
    for bad in ("M*DL*TL", "M*DW*TW", "M*DL*DW*TW", "M*DL*"):
        with pytest.raises(BoardTextError, match="letter and a word bonus"):
            parse_tile(bad)
