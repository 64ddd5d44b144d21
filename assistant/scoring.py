"""Scoring a word along a path under a game's rules (``assistant.registry`` holds the rules).

Word length always counts letters, so a Qu tile counts as two. Tile point values printed on
a board (``Tile.value``, as in ``E:2``) replace the table's letter values for that tile; a
multi-letter tile's value counts once, and without a printed value it is the sum of its
letters' values. What a game is (``Game``, ``get_game``) lives in ``assistant.registry``
only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from assistant.board import Board, TileKind
from assistant.registry import Game, get_game

__all__ = ["score_path", "spellings"]


# -- a word along a path ----------------------------------------------------------------


def spellings(
    board: Board, path: Sequence[tuple[int, int]], word: str
) -> Iterator[tuple[str, ...]]:
    """Every way the tiles along ``path`` spell ``word``: tuples of one segment per tile.

    Empty when the path is not a chain of distinct, touching, non-blank tiles that spells
    the word with prefix tiles only first and suffix tiles only last.
    """
    cells = [tuple(p) for p in path]
    if not cells or len(set(cells)) != len(cells):
        return
    for k, (r, c) in enumerate(cells):
        if not (0 <= r < board.rows and 0 <= c < board.cols):
            return
        if k and max(abs(r - cells[k - 1][0]), abs(c - cells[k - 1][1])) != 1:
            return
    tiles = [board.tile(r, c) for r, c in cells]
    last = len(tiles) - 1
    for k, tile in enumerate(tiles):
        if tile.kind is TileKind.BLANK:
            return
        if tile.kind is TileKind.PREFIX and k != 0:
            return
        if tile.kind is TileKind.SUFFIX and k != last:
            return

    def split(k: int, at: int) -> Iterator[tuple[str, ...]]:
        if k == len(tiles):
            if at == len(word):
                yield ()
            return
        for option in tiles[k].letters:
            if word.startswith(option, at):
                for rest in split(k + 1, at + len(option)):
                    yield (option, *rest)

    yield from split(0, 0)


def score_path(
    board: Board, path: Sequence[tuple[int, int]], word: str, game: str | Game = "boggle"
) -> int:
    """The score of ``word`` traced along ``path`` under ``game``'s rules.

    Raises ValueError if the path cannot spell the word (see ``spellings``) and
    UnknownGameError for an unknown game.
    """
    rules = get_game(game)
    options = list(spellings(board, path, word))
    if not options:
        raise ValueError(f"path {list(path)} does not spell {word!r} on this board")
    tiles = [board.tile(r, c) for r, c in path]
    return max(rules.score_tiles(tiles, segments) for segments in options)
