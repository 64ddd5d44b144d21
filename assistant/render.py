"""Render results for people (rich text) and programs (JSON-ready dicts).

This is the only module besides the CLI that writes to a terminal. Results go to the
console it is given (stdout); nothing here reads images or solves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from assistant.board import Board

if TYPE_CHECKING:
    from assistant.solver import Solution, WordPath

# Human-facing positions are 1-based ("r2c3", "--fix 2,3=L"); JSON positions are 0-based
# indices like the solver's paths. README.md ("Positions") says the same.


SURE_UNMARKED = 0.995
"""A tile read at least this sure shows no percentage (said so by :func:`board_legend`)."""


def pos_label(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


def path_text(path: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{r + 1},{c + 1}" for r, c in path)


def board_table(
    board: Board,
    *,
    unsure: Sequence[tuple[int, int]] = (),
    guessed: Sequence[tuple[int, int]] = (),
    confidence: Sequence[Sequence[float]] | None = None,
    highlight: Sequence[tuple[int, int]] = (),
) -> Table:
    """The board as a grid. Unsure tiles show '?' in red, guessed tiles are marked with '~',
    point values and bonuses appear small beside the letter."""
    table = Table(show_header=False, show_lines=True, box=box.SQUARE, padding=(0, 1))
    unsure_set, guessed_set, hi = set(unsure), set(guessed), set(highlight)
    for _ in range(board.cols):
        table.add_column(justify="center", min_width=4)
    for r, row in enumerate(board.tiles):
        cells: list[Text] = []
        for c, tile in enumerate(row):
            if (r, c) in unsure_set:
                cell = Text("?", style="bold red")
            else:
                label = tile.label or "·"
                style = "bold"
                if (r, c) in guessed_set:
                    label += "~"
                    style = "bold yellow"
                if (r, c) in hi:
                    style = "bold reverse"
                cell = Text(label, style=style)
            extras = []
            if tile.value is not None:
                extras.append(str(tile.value))
            if tile.bonus is not None:
                extras.append(tile.bonus.value)
            if extras:
                cell.append(" " + " ".join(extras), style="dim")
            if confidence is not None and (r, c) not in unsure_set:
                conf = confidence[r][c]
                if conf < SURE_UNMARKED:
                    cell.append(f" {conf:.0%}", style="dim")
            cells.append(cell)
        table.add_row(*cells)
    return table


def board_legend(board: Board, *, unsure: bool = False) -> str:
    """What the marks of :func:`board_table` with confidences mean, as one line."""
    parts = [f"NN% = how sure the letter is (none shown: at least {SURE_UNMARKED:.1%} sure)"]
    if board.has_values:
        parts.append("small number = point value")
    if board.has_bonuses:
        parts.append("DL/TL/DW/TW = bonus square")
    if unsure:
        parts.append("? = unsure tile")
    return "legend: " + "; ".join(parts)


def words_text(words: Sequence[WordPath], *, start_rank: int = 1) -> Text:
    """The ranked word list as aligned columns.

    Built as one Text rather than a rich Table: a Table measures every cell, which took
    0.3-0.6 s for the 1,100 words of a rich board; this takes a few milliseconds.
    """
    if not words:
        return Text()
    rank_w = len(str(start_rank + len(words) - 1))
    word_w = max(4, *(len(w.word) for w in words))
    score_w = max(5, *(len(str(w.score)) for w in words))
    out = Text()
    out.append(
        f"{'#':>{rank_w}}  {'word':<{word_w}}  {'score':>{score_w}}  path (row,col)\n", style="bold"
    )
    lines = [
        f"{i:>{rank_w}}  {w.word.upper():<{word_w}}  {w.score:>{score_w}}  {path_text(w.path)}"
        for i, w in enumerate(words, start_rank)
    ]
    out.append("\n".join(lines))
    return out


def summary_line(solution: Solution, shown: int) -> str:
    n = len(solution.words)
    more = f", top {shown} shown" if shown < n else ""
    return (
        f"{n} words{more}, total score {solution.total_score} ({solution.game}), "
        f"solved in {solution.elapsed_ms:.1f} ms"
    )


def print_solution(
    console: Console,
    solution: Solution,
    *,
    top: int | None,
    unsure: Sequence[tuple[int, int]] = (),
    guessed: Sequence[tuple[int, int]] = (),
) -> None:
    words = solution.words if top is None else solution.words[:top]
    console.print(board_table(solution.board, unsure=unsure, guessed=guessed))
    console.print()
    if words:
        console.print(words_text(words))
        console.print()
    if guessed:
        where = ", ".join(pos_label(r, c) for r, c in guessed)
        console.print(f"[yellow]guessed tiles (marked ~): {where}[/yellow]")
    console.print(summary_line(solution, len(words)))


def solution_line(solution: Solution, *, top: int | None) -> str:
    """One line per board, for many boards read from stdin."""
    words = solution.words if top is None else solution.words[:top]
    listed = " ".join(f"{w.word}:{w.score}" for w in words)
    return (
        f"{solution.board.to_text()}\t{len(solution.words)} words\t"
        f"{solution.total_score} points\t{listed}"
    )


def solution_json(solution: Solution, *, top: int | None) -> dict[str, Any]:
    data = solution.to_json()
    if top is not None:
        data["words"] = data["words"][:top]
    return data
