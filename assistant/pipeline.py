"""The seam: ``read -> decide -> solve -> Outcome``, the one path from a picture (or typed
board) to its scored words. Every front-end (``solve``, ``read``, ``batch``, ``watch``, the
web page) calls this module and nothing below it, and writes ``Outcome.to_json`` -- one
JSON schema everywhere (README, "JSON output").

* ``read(source, request)``: load/locate/cut/recognize -> ``BoardReading`` (no policy).
* ``decide(reading, request, board=None)``: the one game choice (the user's ``--game``, else
  the game recognised with its confidence, else *unknown* with candidates) and the one unsure
  policy for letters, point values and bonus squares: an unsure part the chosen game scores
  with either stops the run (``UnsureTilesError``, exit 9) or, with ``best_guess``, is
  solved with its best candidate and listed in ``guessed``.
* ``solve(decision, dictionary)``: the words, scored by the decided game's rules (an unknown
  game is scored by ``FALLBACK_RULES`` and says so) -> ``Outcome``.
* ``run(source, request, dictionary)`` and ``run_board(board, request, dictionary)`` do all
  three for an image or a typed board.

Front-ends import this module and nothing of the reader below it: the types they hold
(``BoardReading``, ``ReadOptions``) and the one stage a command exists to run on its own
(``learn_image``, the ``learn`` command) are named here too.

Example::

    from assistant import pipeline
    from assistant.dictionary import load_dictionary

    words = load_dictionary(None)                      # ENABLE, loaded once
    request = pipeline.Request(best_guess=True)        # game: recognise it from the picture
    outcome = pipeline.run("shot.png", request, words)
    best = outcome.words[:3]                           # ranked, each with its path
    game, total = outcome.decision.game, outcome.total_score
    record = outcome.to_json(top=10)                   # the `solve --json` object

Text for people is drawn by ``assistant.render`` from an ``Outcome``; nothing here prints.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from assistant.board import Board
from assistant.read import BoardReading, ReadOptions, learn_image, unsure_error
from assistant.registry import Game, game_for_board, game_for_look, get_game

if TYPE_CHECKING:
    from assistant.dictionary import Dictionary
    from assistant.errors import MissingDependencyError, UnsureTilesError
    from assistant.locate import Image
    from assistant.solver import Solution, WordPath

__all__ = [
    "FALLBACK_RULES",
    "TEXT_DEFAULT_GAME",
    "BoardReading",
    "Decision",
    "Outcome",
    "ReadOptions",
    "Request",
    "Unsure",
    "decide",
    "learn_image",
    "outcome_of",
    "preload_reader",
    "read",
    "read_picture",
    "run",
    "run_board",
    "solve",
    "unsure_of",
    "unsure_positions",
]

# The rules an unknown game's words are scored with, labelled as a fallback wherever shown.
FALLBACK_RULES = "boggle"
# The game of a typed board when the user names none (the documented default for text).
TEXT_DEFAULT_GAME = "boggle"

GameSource = Literal["user", "picture", "default", "unknown"]
Part = Literal["letter", "value", "bonus"]
Pos = tuple[int, int]


@dataclass(frozen=True)
class Request:
    """What a front-end asks of the pipeline (the user's options)."""

    game: str | None = None  # the user's --game; None or "auto": from the picture
    min_len: int | None = None  # shortest word; None: the game's own minimum
    best_guess: bool = False  # unsure policy: solve with best candidates instead of stopping
    solve: bool = True  # False: read and decide only (``read`` command, ``batch --no-solve``)
    read: ReadOptions = field(default_factory=ReadOptions)

    @property
    def chosen_game(self) -> str | None:
        """The user's game, or None to take it from the picture."""
        return None if self.game in (None, "", "auto") else self.game

    def check(self) -> None:
        """Raise UnknownGameError now for a ``--game`` the registry does not know (before a
        front-end starts on its images, its frames or its word list)."""
        if self.chosen_game is not None:
            get_game(self.chosen_game)

    def read_options(self) -> ReadOptions:
        """The reader's options with the user's game (it picks the bonus palette)."""
        return replace(self.read, game=self.chosen_game)

    @property
    def text_literal_q(self) -> bool:
        """Whether a bare Q in typed board text is a plain Q: with --literal-q, or in a game
        whose Q tile is plain (the registry's Q rule, e.g. SpellCast); else the Qu tile."""
        chosen = self.chosen_game
        return self.read.literal_q or (chosen is not None and get_game(chosen).q_rule == "q")


@dataclass(frozen=True)
class Unsure:
    """One part of one tile read below the confidence threshold."""

    row: int
    col: int
    part: Part
    seen: str | None  # the best reading ("E", "2", "DL"), None when unreadable
    candidates: tuple[tuple[str, float], ...] = ()
    scored: bool = True  # whether the decided game's scores depend on it

    def to_json(self) -> dict[str, Any]:
        return {
            "row": self.row,
            "col": self.col,
            "part": self.part,
            "seen": self.seen,
            "candidates": [[label, round(conf, 3)] for label, conf in self.candidates],
            "scored": self.scored,
        }


@dataclass(frozen=True)
class Decision:
    """The game to score with and what is unsure, decided once for every front-end."""

    board: Board  # the board to solve (an unsure tile holds its best candidate)
    game: str | None  # the game (canonical name); None: unknown (see ``candidates``)
    confidence: float  # 1.0 for a game the user chose
    source: GameSource
    candidates: tuple[tuple[str, float], ...]  # recognised looks, best first, with shares
    scored_as: str  # the rules the words are scored with: ``game`` or FALLBACK_RULES
    min_len: int
    unsure: tuple[Unsure, ...]  # every unsure letter, value and bonus
    guessed: tuple[Pos, ...]  # tiles solved with an unsure part the game scores with
    reading: BoardReading | None = None
    solve: bool = True

    @property
    def unknown(self) -> bool:
        return self.game is None


@dataclass(frozen=True)
class Outcome:
    """A board's result: the decision, the words (None when not solved) and timings."""

    decision: Decision
    solution: Solution | None
    read_ms: float = 0.0
    solve_ms: float = 0.0

    @property
    def board(self) -> Board:
        return self.decision.board

    @property
    def reading(self) -> BoardReading | None:
        return self.decision.reading

    @property
    def words(self) -> tuple[WordPath, ...]:
        return self.solution.words if self.solution is not None else ()

    @property
    def total_score(self) -> int | None:
        return self.solution.total_score if self.solution is not None else None

    @property
    def elapsed_ms(self) -> float:
        return self.read_ms + self.solve_ms

    def to_json(self, *, top: int | None = None) -> dict[str, Any]:
        """The one JSON object of every command (README, "JSON output"): positions are
        0-based [row, col]; ``words`` is always a list (empty when not solved)."""
        d = self.decision
        board = d.board
        tiles = [list(row) for row in board.labels]
        if not d.solve and d.reading is not None:
            tiles = [list(row) for row in d.reading.tiles]  # "?" where unsure
        words = self.words if top is None else self.words[:top]
        return {
            "rows": board.rows,
            "cols": board.cols,
            "tiles": tiles,
            "values": _grid(board, "value"),
            "bonuses": _grid(board, "bonus"),
            "game": d.game,
            "game_confidence": round(d.confidence, 3),
            "game_source": d.source,
            "game_candidates": [[name, round(share, 3)] for name, share in d.candidates],
            "scored_as": d.scored_as if self.solution is not None else None,
            "min_len": d.min_len,
            "solved": self.solution is not None,
            "word_count": len(self.words) if self.solution is not None else None,
            "total_score": self.total_score,
            "words": [
                {"word": w.word, "score": w.score, "path": [[r, c] for r, c in w.path]}
                for w in words
            ],
            "unsure": [u.to_json() for u in d.unsure],
            "guessed": [list(p) for p in d.guessed],
            "reading": d.reading.to_json() if d.reading is not None else None,
            "elapsed_ms": round(self.elapsed_ms, 3),
            "timings": {"read_ms": round(self.read_ms, 1), "solve_ms": round(self.solve_ms, 3)},
        }


def _grid(board: Board, what: str) -> list[list[Any]] | None:
    grid: list[list[Any]] = [
        [t.value if what == "value" else (t.bonus.value if t.bonus else None) for t in row]
        for row in board.tiles
    ]
    return grid if any(x is not None for row in grid for x in row) else None


# --------------------------------------------------------------------------- read


def preload_reader() -> None:
    """Load the reader's letter templates now (kept per process), so that the first image
    or frame of a batch or a watch does not pay for it."""
    from assistant.recognize.store import load_templates

    load_templates()


def read(
    source: str | Path | bytes | Image,
    request: Request | None = None,
    *,
    start: float | None = None,
    name: str | None = None,
) -> BoardReading:
    """Read the board in an image file, its encoded bytes, or a BGR array (load -> locate ->
    cut -> recognize). ``start``: when the caller's clock started (decode time counts as read
    time); ``name``: what error messages call the image (default: its path, or "<bytes>").
    A file or bytes much bigger than the reader needs are decoded reduced first
    (:func:`assistant.read.read_encoded`); the reading's corners are always in the full
    image's pixels."""
    from assistant.imageio import file_bytes
    from assistant.read import read_array, read_encoded

    request = request or Request()
    options = request.read_options()
    t0 = start if start is not None else time.perf_counter()
    if not isinstance(source, (str, Path, bytes)):
        return read_array(source, options, start=t0)
    if isinstance(source, bytes):
        return read_encoded(source, options, name=name or "<bytes>", start=t0)
    return read_encoded(file_bytes(source), options, name=name or str(source), start=t0)


def read_picture(
    path: str | Path, request: Request | None = None, *, start: float | None = None
) -> tuple[Image, BoardReading]:
    """The picture in the file at full size (to draw on: ``--overlay``) and its reading."""
    from assistant.imageio import load_image

    t0 = start if start is not None else time.perf_counter()
    image = load_image(path)
    return image, read(image, request, start=t0)


# --------------------------------------------------------------------------- decide


def _scored_parts(rules: Game) -> tuple[bool, bool]:
    """Whether a game's scores depend on tile values, and on bonus squares."""
    return (not rules.by_length), bool(rules.letter_bonuses or rules.word_bonuses)


def _game_choice(
    reading: BoardReading | None, request: Request, rows: int, cols: int
) -> tuple[Game | None, float, GameSource, tuple[tuple[str, float], ...]]:
    """The game from the registry: the user's (in the size the board has: a 5x5 Boggle
    board is Big Boggle), else the recognised look's when sure enough, else unknown."""
    chosen = request.chosen_game
    candidates = reading.game_candidates if reading is not None else ()
    if chosen is not None:
        return game_for_board(get_game(chosen), rows, cols), 1.0, "user", candidates
    if reading is None:
        return game_for_board(get_game(TEXT_DEFAULT_GAME), rows, cols), 1.0, "default", ()
    # The recognizer names a game only when sure enough (``GamesConfig.name_at``, in the
    # ReaderConfig's games section): one threshold, not a second one here.
    game = game_for_look(reading.game, rows, cols) if reading.game is not None else None
    if game is not None:
        return game, reading.game_confidence, "picture", candidates
    return None, reading.game_confidence, "unknown", candidates


def _unsure_parts(reading: BoardReading, values: bool, bonuses: bool) -> list[Unsure]:
    found: list[Unsure] = []
    for r, c in reading.uncertain:
        cands = reading.candidates[r][c]
        found.append(Unsure(r, c, "letter", cands[0][0] if cands else None, cands))
    for r, c in reading.uncertain_values:
        value = reading.values[r][c] if reading.values else None
        seen = str(value) if value is not None else None
        found.append(Unsure(r, c, "value", seen, (), values))
    for r, c in reading.uncertain_bonuses:
        kind = reading.bonuses[r][c] if reading.bonuses else None
        found.append(Unsure(r, c, "bonus", kind, (), bonuses))
    return found


def decide(
    reading: BoardReading | None, request: Request, *, board: Board | None = None
) -> Decision:
    """Choose the game and apply the unsure policy (see the module docstring).

    ``reading`` is None for a typed ``board``. Raises UnknownGameError for a bad ``--game``
    and, unless ``request.best_guess`` or ``not request.solve``, UnsureTilesError when a
    part the game scores with is unsure."""
    if reading is not None:
        rows, cols = reading.rows, reading.cols
    elif board is not None:
        rows, cols = board.rows, board.cols
    else:
        raise ValueError("decide needs a reading or a board")
    game, confidence, source, candidates = _game_choice(reading, request, rows, cols)
    rules = game if game is not None else get_game(FALLBACK_RULES)
    scored_as = rules.name
    min_len = request.min_len if request.min_len is not None else rules.min_len
    name = game.name if game is not None else None
    if reading is None:
        assert board is not None
        return Decision(
            board, name, confidence, source, candidates, scored_as, min_len, (), (),
            None, request.solve,
        )  # fmt: skip
    values, bonuses = _scored_parts(rules)
    unsure = _unsure_parts(reading, values, bonuses)
    scored = [u for u in unsure if u.scored]
    if scored and request.solve and not request.best_guess:
        raise unsure_error(reading, scored_as)
    return Decision(
        board=board if board is not None else reading.to_board(best_guess=True),
        game=name,
        confidence=confidence,
        source=source,
        candidates=candidates,
        scored_as=scored_as,
        min_len=min_len,
        unsure=tuple(unsure),
        guessed=tuple(sorted({(u.row, u.col) for u in scored})) if request.solve else (),
        reading=reading,
        solve=request.solve,
    )


# --------------------------------------------------------------------------- solve


def solve(decision: Decision, dictionary: Dictionary | None, *, read_ms: float = 0.0) -> Outcome:
    """Solve the decided board under its rules (nothing when the decision says not to)."""
    if not decision.solve:
        return Outcome(decision, None, read_ms=read_ms)
    from assistant.solver import solve as solve_board

    start = time.perf_counter()
    solution = solve_board(decision.board, dictionary, decision.scored_as, min_len=decision.min_len)
    return Outcome(
        decision, solution, read_ms=read_ms, solve_ms=(time.perf_counter() - start) * 1000
    )


def run(
    source: str | Path | bytes | Image,
    request: Request,
    dictionary: Dictionary | None,
    *,
    start: float | None = None,
    name: str | None = None,
) -> Outcome:
    """``read -> decide -> solve`` for one image (a file path, its bytes, or a BGR array;
    ``name`` as :func:`read` says)."""
    t0 = start if start is not None else time.perf_counter()
    reading = read(source, request, start=t0, name=name)
    return outcome_of(reading, request, dictionary, read_ms=(time.perf_counter() - t0) * 1000)


def outcome_of(
    reading: BoardReading,
    request: Request,
    dictionary: Dictionary | None,
    *,
    read_ms: float | None = None,
) -> Outcome:
    """``decide -> solve`` for a board already read (watch reads, then checks the frame)."""
    ms = reading.elapsed_ms if read_ms is None else read_ms
    return solve(decide(reading, request), dictionary, read_ms=ms)


def run_board(board: Board, request: Request, dictionary: Dictionary | None) -> Outcome:
    """``decide -> solve`` for a typed board."""
    return solve(decide(None, request, board=board), dictionary)


def unsure_of(outcome: Outcome) -> UnsureTilesError | MissingDependencyError | None:
    """The error that stands for every unsure part of a read-only outcome, scored or not
    (the ``read`` command's exit status): MissingDependencyError when Tesseract would have
    been asked, else UnsureTilesError; None when nothing is unsure."""
    reading = outcome.reading
    if reading is None or not outcome.decision.unsure:
        return None
    return unsure_error(reading, all_extras=True)


def unsure_positions(outcome: Outcome) -> Sequence[Pos]:
    """Tiles with any unsure part, in reading order (for marking them on a board)."""
    return sorted({(u.row, u.col) for u in outcome.decision.unsure})
