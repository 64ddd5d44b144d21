"""The board model (tiles, bonuses, R x C grids) and the board text syntax.

Text syntax (README.md, "Board text"):

* a bare string of N*N letters read row by row: ``TestingTheSolver``;
* rows separated by newlines or ``/``: ``ABCD/EFGH/IJKL/MNOP``;
* within a row, tiles separated by spaces when any tile has several letters:
  ``RE- S T O``; a row with no spaces is one tile per character;
* tokens: ``A`` letter, ``Q`` the Qu tile (unless ``literal_q``), ``QU``/``TH``/``ING``
  multi-letter tiles, ``RE-`` prefix tile (word start only), ``-ING`` suffix tile (word end
  only), ``A|B`` either/or tile, ``.`` or ``_`` blank tile;
* an optional point value ``E:2`` and bonus ``S*DL`` (DL, TL, DW, TW), together ``E:2*DL``;
  a tile with a letter and a word bonus: ``M*DL*DW``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from assistant.errors import BoardShapeError, BoardTextError

MIN_SIDE = 2
MAX_SIDE = 8


class TileKind(Enum):
    LETTER = "letter"  # one letter
    MULTI = "multi"  # several letters spelled together: QU, TH, ER, IN...
    PREFIX = "prefix"  # RE-: only at the start of a word
    SUFFIX = "suffix"  # -ING: only at the end of a word
    EITHER = "either"  # A/B: one of the two letters, the player's choice
    BLANK = "blank"  # missing or unusable tile


class Bonus(Enum):
    """A bonus square: a letter bonus, a word bonus, or one of each on one tile (some games
    put both on a tile; board text ``M*DL*DW``)."""

    DL = "DL"  # double letter
    TL = "TL"  # triple letter
    DW = "DW"  # double word
    TW = "TW"  # triple word
    DL_DW = "DL*DW"
    DL_TW = "DL*TW"
    TL_DW = "TL*DW"
    TL_TW = "TL*TW"

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.value.split("*"))

    @property
    def letter_factor(self) -> int:
        return next(({"DL": 2, "TL": 3}[p] for p in self.parts if p in ("DL", "TL")), 1)

    @property
    def word_factor(self) -> int:
        return next(({"DW": 2, "TW": 3}[p] for p in self.parts if p in ("DW", "TW")), 1)

    @classmethod
    def parse(cls, text: str) -> Bonus:
        """``DL``, ``tw``, or a letter and a word bonus in either order (``DW*DL``).
        Raises ValueError for anything else."""
        parts = [p.strip().upper() for p in text.split("*")]
        letter = [p for p in parts if p in ("DL", "TL")]
        word = [p for p in parts if p in ("DW", "TW")]
        if (
            len(parts) > 2
            or len(letter) + len(word) != len(parts)
            or max(len(letter), len(word)) > 1
        ):
            raise ValueError(text)
        return cls("*".join(letter + word))


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile. ``letters`` holds lowercase a-z strings: one entry for every kind but EITHER
    (two or more alternatives) and BLANK (none)."""

    kind: TileKind
    letters: tuple[str, ...]
    value: int | None = None
    bonus: Bonus | None = None

    @property
    def label(self) -> str:
        """Uppercase display form: ``A``, ``QU``, ``TH``, ``RE-``, ``-ING``, ``A/B``, ``""``."""
        if self.kind is TileKind.BLANK:
            return ""
        if self.kind is TileKind.EITHER:
            return "/".join(s.upper() for s in self.letters)
        text = self.letters[0].upper()
        if self.kind is TileKind.PREFIX:
            return text + "-"
        if self.kind is TileKind.SUFFIX:
            return "-" + text
        return text

    @property
    def token(self) -> str:
        """The board-text token that parses back to this tile."""
        if self.kind is TileKind.BLANK:
            base = "."
        elif self.kind is TileKind.EITHER:
            base = "|".join(s.upper() for s in self.letters)
        elif self.kind is TileKind.LETTER and self.letters[0] == "q":
            base = "q"  # lowercase marks a literal Q in canonical text
        else:
            base = self.label
        if self.value is not None:
            base += f":{self.value}"
        if self.bonus is not None:
            base += f"*{self.bonus.value}"
        return base

    @property
    def is_blank(self) -> bool:
        return self.kind is TileKind.BLANK

    @classmethod
    def letter(cls, ch: str, value: int | None = None, bonus: Bonus | None = None) -> Tile:
        return cls(TileKind.LETTER, (ch.lower(),), value, bonus)

    @classmethod
    def blank(cls) -> Tile:
        return cls(TileKind.BLANK, ())

    def with_extras(self, value: int | None, bonus: Bonus | None) -> Tile:
        return Tile(self.kind, self.letters, value, bonus)


@dataclass(frozen=True, slots=True)
class Board:
    rows: int
    cols: int
    tiles: tuple[tuple[Tile, ...], ...]

    def __post_init__(self) -> None:
        if not (MIN_SIDE <= self.rows <= MAX_SIDE and MIN_SIDE <= self.cols <= MAX_SIDE):
            raise BoardShapeError(
                f"a {self.rows}x{self.cols} board is outside the supported sizes",
                hint=f"boards have {MIN_SIDE} to {MAX_SIDE} rows and columns",
            )
        if len(self.tiles) != self.rows or any(len(r) != self.cols for r in self.tiles):
            raise BoardShapeError(f"the tiles do not form a {self.rows}x{self.cols} grid")

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Tile]]) -> Board:
        return cls(len(rows), len(rows[0]) if rows else 0, tuple(tuple(r) for r in rows))

    def tile(self, r: int, c: int) -> Tile:
        return self.tiles[r][c]

    def positions(self) -> Iterator[tuple[int, int]]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def neighbours(self, r: int, c: int) -> Iterator[tuple[int, int]]:
        """The up to 8 positions touching (r, c), blanks included."""
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                    yield r + dr, c + dc

    @property
    def labels(self) -> list[list[str]]:
        return [[t.label for t in row] for row in self.tiles]

    @property
    def has_values(self) -> bool:
        return any(t.value is not None for row in self.tiles for t in row)

    @property
    def has_bonuses(self) -> bool:
        return any(t.bonus is not None for row in self.tiles for t in row)

    def to_text(self) -> str:
        """Canonical board text: space-separated tokens, rows joined by ``/``.
        ``parse_board(b.to_text(), literal_q=True) == b`` for every board."""
        return "/".join(" ".join(t.token for t in row) for row in self.tiles)

    def replace(self, r: int, c: int, tile: Tile) -> Board:
        rows = [list(row) for row in self.tiles]
        rows[r][c] = tile
        return Board.from_rows(rows)


_LETTERS = re.compile(r"[A-Za-z]+")
_TOKEN = re.compile(
    r"""^(?P<body>[^:*]+)
        (?::(?P<value>[^:*]*))?
        (?:\*(?P<bonus>[^:]*))?$""",
    re.VERBOSE,
)


def rows_text(rows: Sequence[Sequence[str]]) -> str:
    """Rows of board-text tokens as one line of board text, rows joined by ``/``: a row of
    single letters is written together (``TEST``), other rows split by spaces (``RE- S T O``)."""
    return "/".join(
        "".join(row) if all(len(t) == 1 for t in row) else " ".join(row) for row in rows
    )


def _where(row: int, col: int) -> str:
    return f"row {row + 1}, tile {col + 1}"


def parse_tile(token: str, *, literal_q: bool = False, row: int = 0, col: int = 0) -> Tile:
    """Parse one board-text token (see the module docstring). Raises BoardTextError naming
    the token and its 1-based position."""
    where = _where(row, col)
    m = _TOKEN.match(token)
    if not m:
        raise BoardTextError(
            f"{where}: {token!r} is not a tile",
            hint="write a tile as LETTERS, optionally followed by :VALUE and *BONUS (E:2*DL)",
        )
    body, value_text, bonus_text = m.group("body"), m.group("value"), m.group("bonus")
    value: int | None = None
    if value_text is not None:
        if not value_text.isdigit() or int(value_text) > 999:
            raise BoardTextError(
                f"{where}: {token!r} has value {value_text!r}",
                hint="a point value is a whole number from 0 to 999, as in E:2",
            )
        value = int(value_text)
    bonus: Bonus | None = None
    if bonus_text is not None:
        try:
            bonus = Bonus.parse(bonus_text)
        except ValueError:
            raise BoardTextError(
                f"{where}: {token!r} has bonus {bonus_text!r}",
                hint="a bonus is one of DL, TL, DW, TW, as in S*DL, or a letter and a word "
                "bonus together, as in M*DL*DW",
            ) from None
    return _parse_body(body, literal_q=literal_q, where=where, token=token).with_extras(
        value, bonus
    )


def _parse_body(body: str, *, literal_q: bool, where: str, token: str) -> Tile:
    if body in (".", "_"):
        return Tile.blank()
    if "|" in body:
        parts = body.split("|")
        if len(parts) < 2 or not all(_LETTERS.fullmatch(p) for p in parts):
            raise BoardTextError(
                f"{where}: {token!r} is not an either/or tile",
                hint="write an either/or tile as two letters joined by |, as in A|B",
            )
        return Tile(TileKind.EITHER, tuple(p.lower() for p in parts))
    kind = TileKind.LETTER
    letters = body
    if body.endswith("-") and len(body) > 1:
        kind, letters = TileKind.PREFIX, body[:-1]
    elif body.startswith("-") and len(body) > 1:
        kind, letters = TileKind.SUFFIX, body[1:]
    if not _LETTERS.fullmatch(letters):
        raise BoardTextError(
            f"{where}: {token!r} is not a tile",
            hint="tiles are letters a-z (QU, TH, RE-, -ING, A|B), or . for a blank",
        )
    lower = letters.lower()
    if kind is TileKind.LETTER:
        if lower == "q" and not literal_q and letters == "Q":
            return Tile(TileKind.MULTI, ("qu",))
        if len(lower) > 1:
            return Tile(TileKind.MULTI, (lower,))
    return Tile(kind, (lower,))


def _split_rows(text: str) -> list[str]:
    rows = [r.strip() for r in re.split(r"[\n/]", text.strip())]
    return [r for r in rows if r]


def _nearest_squares(count: int) -> str:
    """The supported square sizes nearest to ``count`` tiles, e.g. "9 for 3x3, 16 for 4x4"
    (never a size outside MIN_SIDE..MAX_SIDE)."""
    root = int(count**0.5)
    sides = sorted({min(MAX_SIDE, max(MIN_SIDE, n)) for n in (root, root + 1)})
    return ", ".join(f"{n * n} for {n}x{n}" for n in sides)


def parse_board(text: str, *, literal_q: bool = False) -> Board:
    """Parse board text (see the module docstring) into a Board.

    A bare ``Q`` is the Qu tile unless ``literal_q``; a lowercase ``q`` is always a literal Q
    (the canonical text of a literal Q tile). Errors name the bad token and its position.
    """
    rows_text = _split_rows(text)
    if not rows_text:
        raise BoardTextError("the board text is empty", hint="give the letters row by row")
    if len(rows_text) == 1 and not re.search(r"\s", rows_text[0]):
        # A bare string of N*N tiles read row by row.
        chars = rows_text[0]
        n = round(len(chars) ** 0.5)
        if n * n != len(chars):
            raise BoardShapeError(
                f"{len(chars)} tiles do not make a square board",
                hint=f"a bare string needs N*N letters ({_nearest_squares(len(chars))}); "
                "for other shapes separate rows with /",
            )
        rows_text = [chars[i * n : (i + 1) * n] for i in range(n)]
    grid: list[list[Tile]] = []
    for r, row_text in enumerate(rows_text):
        tokens = row_text.split() if re.search(r"\s", row_text) else list(row_text)
        grid.append(
            [parse_tile(tok, literal_q=literal_q, row=r, col=c) for c, tok in enumerate(tokens)]
        )
    widths = {len(row) for row in grid}
    if len(widths) != 1:
        detail = ", ".join(f"row {i + 1}: {len(row)}" for i, row in enumerate(grid))
        raise BoardShapeError(
            f"rows have different numbers of tiles ({detail})",
            hint="every row needs the same number of tiles",
        )
    return Board.from_rows(grid)


def apply_fixes(
    board: Board, fixes: Sequence[tuple[int, int, str]], *, literal_q: bool = False
) -> Board:
    """``board`` with the user's fixes: each (row, col, token) -- 0-based, a board-text tile
    such as ``L``, ``QU`` or ``E:2*DL`` -- replaces that tile; a token without a value or a
    bonus keeps the tile's own."""
    for r, c, token in fixes:
        if r >= board.rows or c >= board.cols:
            raise BoardTextError(
                f"--fix {r + 1},{c + 1}: the board has {board.rows} rows and {board.cols} columns"
            )
        tile = parse_tile(token, literal_q=literal_q, row=r, col=c)
        old = board.tile(r, c)
        board = board.replace(r, c, tile.with_extras(old.value, old.bonus))
    return board
