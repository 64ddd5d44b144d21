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
    from assistant.pipeline import Outcome
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


# --------------------------------------------------------------------------- outcomes


def game_text(outcome: Outcome) -> str:
    """What the game is and how the words were scored, for a status or summary line:
    "wordament (recognised, 98%)", or "game unknown: pass --game (looks most like ...);
    scored with boggle rules as a fallback"."""
    d = outcome.decision
    if d.game is None:
        likely = ", ".join(f"{name} {share:.0%}" for name, share in d.candidates[:3])
        hint = f" (looks most like {likely})" if likely else ""
        scored = (
            f"; scored with {d.scored_as} rules as a fallback"
            if outcome.solution is not None
            else ""
        )
        return f"game unknown: pass --game{hint}{scored}"
    how = {"user": "chosen", "picture": "recognised", "default": "default for text"}[d.source]
    if d.source == "picture":
        how += f", {d.confidence:.0%}"
        why = outcome.reading.game_why if outcome.reading is not None else ""
        if why:  # "looks like Word Hunt (97%: no point values; ...)"
            return f"{d.game}: {why}"
    return f"{d.game} ({how})"


def unsure_lines(outcome: Outcome) -> list[str]:
    """One line per unsure part: "tile r2c3 unsure (J or Z)", "point value of r1c1 unsure
    (2?)", "bonus square of r4c4 unsure (DL?)"; parts the game does not score with say so."""
    lines = []
    for u in outcome.decision.unsure:
        where = pos_label(u.row, u.col)
        if u.part == "letter":
            cands = " or ".join(label or "blank" for label, _ in u.candidates[:3])
            text = f"tile {where} unsure ({cands or 'unreadable'})"
        elif u.part == "value":
            text = f"point value of {where} unsure ({u.seen or 'unreadable'}?)"
        else:
            text = f"bonus square of {where} unsure ({u.seen or '?'}?)"
        if not u.scored:
            text += " (not scored in this game)"
        lines.append(text)
    return lines


def print_notes(console: Console, outcome: Outcome) -> None:
    """The reader's notes on the picture ("the picture is turned: ...", "point values of
    3 tiles too small or faint to read: taken from SpellCast (Discord)'s table"), dim."""
    for note in outcome.reading.notes if outcome.reading is not None else ():
        console.print(f"note: {note}", style="dim", highlight=False)


def print_outcome(console: Console, outcome: Outcome, *, top: int | None) -> None:
    """An outcome for people: the board, unsure parts, the words (when solved), a summary."""
    d = outcome.decision
    unsure = [(u.row, u.col) for u in d.unsure if u.part == "letter"]
    if outcome.solution is None:
        confidence = d.reading.confidence if d.reading is not None else None
        console.print(board_table(d.board, unsure=unsure, confidence=confidence))
        console.print(board_legend(d.board, unsure=bool(unsure)), style="dim")
        console.print()
        for line in unsure_lines(outcome):
            console.print(f"[red]{line}[/red]")
        print_notes(console, outcome)
        console.print(
            f"{d.board.rows}x{d.board.cols} board, {game_text(outcome)}, "
            f"read in {outcome.read_ms:.0f} ms"
        )
        return
    solution = outcome.solution
    words = solution.words if top is None else solution.words[:top]
    console.print(board_table(d.board, guessed=d.guessed))
    console.print()
    if words:
        console.print(words_text(words))
        console.print()
    if d.guessed:
        where = ", ".join(pos_label(r, c) for r, c in d.guessed)
        console.print(f"[yellow]guessed tiles (marked ~): {where}[/yellow]")
    print_notes(console, outcome)
    if d.game is None:
        console.print(f"[yellow]{game_text(outcome)}[/yellow]")
    elif d.source == "picture":  # which game scored the words, and why it was chosen
        console.print(f"scored as {game_text(outcome)}", style="dim", highlight=False)
    console.print(summary_line(solution, len(words)))


def outcome_line(outcome: Outcome, *, top: int | None) -> str:
    """One line per board, for many boards read from stdin."""
    assert outcome.solution is not None
    return solution_line(outcome.solution, top=top)
