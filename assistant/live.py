"""What watch mode shows: a live rich view on a terminal, or plain lines when piped.

Both implement ``assistant.watch.WatchView``. ``LiveView`` redraws only when something
changed (a status, a board, or the once-a-second statistics), never on a quiet frame, so
watching costs no terminal output while the board stays the same.
"""

from __future__ import annotations

from types import TracebackType
from typing import IO, TYPE_CHECKING

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.table import Table
from rich.text import Text

from assistant import render

if TYPE_CHECKING:
    from assistant.solver import WordPath
    from assistant.watch import BoardEvent, WatchStats, WatchSummary

MIN_WORDS = 5  # words shown however small the terminal
CHROME_LINES = 8  # status, counts, statistics and blank lines around the tables


class LiveView:
    """The board with unsure tiles marked, the best words with path and score, counts,
    timings and a status line, redrawn in place on ``console``."""

    def __init__(self, console: Console, *, top: int | None = None, where: str = "") -> None:
        self.console, self.top, self.where = console, top, where
        self._status = Text("starting")
        self._event: BoardEvent | None = None
        self._stats: WatchStats | None = None
        self._live = Live(
            self._render(),
            console=console,
            auto_refresh=False,  # redraw on changes only: no refresh thread burning CPU
            transient=False,
            redirect_stdout=False,
            redirect_stderr=False,
        )

    def __enter__(self) -> LiveView:
        self._live.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._live.stop()

    # ------------------------------------------------------------------ WatchView

    def status(self, message: str, *, warning: bool = False) -> None:
        self._status = Text(message, style="bold yellow" if warning else "bold cyan")
        self._redraw()

    def new_board(self, event: BoardEvent) -> None:
        self._event = event
        self._redraw()

    def stats(self, stats: WatchStats) -> None:
        self._stats = stats
        self._redraw()

    # ------------------------------------------------------------------ drawing

    def _redraw(self) -> None:
        self._live.update(self._render(), refresh=True)

    def _word_count(self, rows: int) -> int:
        if self.top is not None:
            return self.top
        return max(MIN_WORDS, self.console.size.height - 2 * rows - CHROME_LINES)

    def _render(self) -> RenderableType:
        parts: list[RenderableType] = [self._status]
        event = self._event
        if event is not None:
            solution, reading = event.solution, event.reading
            board = render.board_table(
                solution.board, guessed=event.guessed, confidence=reading.confidence
            )
            words = solution.words[: self._word_count(solution.board.rows)]
            layout = Table.grid(padding=(0, 4))
            layout.add_column()
            layout.add_column()
            layout.add_row(board, words_table(words, event.guessed))
            parts += [Text(""), layout, Text("")]
            shown = len(words)
            more = f", best {shown} shown" if shown < len(solution.words) else ""
            counts = (
                f"board #{event.number} ({render.game_text(event.outcome)}, "
                f"{reading.rows}x{reading.cols}): "
                f"{len(solution.words)} words{more}, total score {solution.total_score}; "
                f"read {event.read_ms:.0f} ms, solved {event.solve_ms:.0f} ms"
            )
            parts.append(Text(counts))
            if event.guessed:
                where = ", ".join(render.pos_label(r, c) for r, c in event.guessed)
                parts.append(
                    Text(f"guessed tiles (marked ~, words through them too): {where}", "yellow")
                )
        if self._stats is not None:
            s = self._stats
            rate = s.frames / s.elapsed_s if s.elapsed_s > 0 else 0.0
            mode = "tracking the board" if s.tracking else "searching"
            where = f" on {self.where}" if self.where else ""
            parts.append(
                Text(
                    f"{mode}{where} · {s.frames} frames, {rate:.1f}/s · {s.reads} reads · "
                    f"{s.idle_cpu_ms:.2f} ms CPU a quiet frame · Ctrl-C stops",
                    style="dim",
                    overflow="ellipsis",
                    no_wrap=True,
                )
            )
        return Group(*parts)


def words_table(words: tuple[WordPath, ...], guessed: tuple[tuple[int, int], ...]) -> Table:
    """Rank, word, score and path; a word through a guessed tile is marked with '~'."""
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column("word")
    table.add_column("score", justify="right")
    table.add_column("path (row,col)", style="dim")
    unsure = set(guessed)
    for i, w in enumerate(words, 1):
        risky = bool(unsure.intersection(w.path))
        word = Text(w.word.upper() + ("~" if risky else ""), style="yellow" if risky else "")
        table.add_row(str(i), word, str(w.score), render.path_text(w.path))
    return table


class PlainView:
    """For a pipe or a file: one line per new board on ``out`` (board, counts, best words),
    status changes on ``err``."""

    def __init__(self, out: IO[str], err: IO[str], *, top: int | None = None) -> None:
        self.out, self.err, self.top = out, err, top

    def status(self, message: str, *, warning: bool = False) -> None:
        self.err.write(f"boggle-assistant: {message}\n")
        self.err.flush()

    def new_board(self, event: BoardEvent) -> None:
        self.out.write(render.solution_line(event.solution, top=self.top or 10) + "\n")
        self.out.flush()

    def stats(self, stats: WatchStats) -> None:
        return


def summary_text(summary: WatchSummary) -> str:
    how = {
        "interrupted": "stopped (Ctrl-C)",
        "once": "stopped after the first board (--once)",
        "max-boards": "stopped after --max-boards boards",
        "max-frames": "stopped after the frame limit",
        "time": "stopped at the time limit",
    }.get(summary.reason, f"stopped ({summary.reason})")
    return f"watch {how}: {summary.describe()}"
