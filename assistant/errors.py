"""Errors as types: every failure a user can cause has a class, an exit code and a fix-it hint.

The CLI maps these to one line on stderr and the exit code below; the traceback is shown
only with ``--verbose``. The table of exit codes is repeated in README.md.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar


class ExitCode(IntEnum):
    """Process exit codes, documented in README.md ("Exit codes")."""

    OK = 0
    INTERNAL_ERROR = 1  # a bug: please report it with --verbose output
    USAGE = 2  # bad command line (argparse)
    BAD_BOARD = 3  # board text that cannot be parsed, or a bad --fix
    BAD_SHAPE = 4  # wrong tile count, ragged rows, size outside 2..8
    UNKNOWN_GAME = 5  # --game names no known rules table
    BAD_WORDLIST = 6  # --dict missing, binary, empty or not UTF-8
    BAD_IMAGE = 7  # missing, not an image, truncated, empty, too large
    NO_BOARD = 8  # an image in which no letter grid could be found
    UNSURE_TILES = 9  # some tiles could not be read with confidence
    MISSING_DEPENDENCY = 10  # tesseract (or another external tool) is not installed
    CAPTURE_FAILED = 11  # no display, or screen capture failed
    BATCH_FAILURES = 12  # a batch finished but some images gave error records
    WRITE_FAILED = 13  # an output could not be written: disk full, no permission
    INTERRUPTED = 130  # Ctrl-C where the work could not finish cleanly


class AssistantError(Exception):
    """Base of every error a user can cause. ``str(err)`` is the one-line message.

    A subclass names its exit code and its ``kind`` (the error's name in JSON) in its class
    line, ``class UnknownGameError(AssistantError, code=ExitCode.UNKNOWN_GAME,
    kind="unknown-game")``; what it leaves out it inherits."""

    exit_code: ClassVar[ExitCode] = ExitCode.INTERNAL_ERROR
    kind: ClassVar[str] = "error"

    def __init_subclass__(
        cls, *, code: ExitCode | None = None, kind: str | None = None, **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        if code is not None:
            cls.exit_code = code
        if kind is not None:
            cls.kind = kind

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        if self.hint:
            return f"{self.message}: {self.hint}"
        return self.message

    def to_json(self) -> dict[str, str | None]:
        """The error as every JSON output writes it (see ``error_json``)."""
        return error_json(self.kind, self.message, self.hint)


def error_json(kind: str, message: str, hint: str | None = None) -> dict[str, str | None]:
    """The one JSON form of an error, in a batch record and in the web API's answers alike
    (README): ``{"kind", "message", "hint"}``, ``hint`` None when there is none."""
    return {"kind": kind, "message": message, "hint": hint}


class UsageError(AssistantError, code=ExitCode.USAGE, kind="usage"):
    """An option value the command line could not check by itself (a style name, ...)."""


class BoardTextError(AssistantError, code=ExitCode.BAD_BOARD, kind="bad-board"):
    """Board text with a token that is not a tile (names the token and its position)."""


class BoardShapeError(AssistantError, code=ExitCode.BAD_SHAPE, kind="bad-shape"):
    """Board text whose tiles do not make an R x C grid with 2 <= R, C <= 8."""


class UnsureShapeError(BoardShapeError, kind="unsure-shape"):
    """An image whose board size cannot be told for sure (a row or column that may or may
    not belong to the board); the user says it with ``--size``. ``sizes``: (rows, cols)
    of the grid found and of it with the line in doubt, when the doubt is one line beyond
    the grid (else None)."""

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        sizes: tuple[tuple[int, int], tuple[int, int]] | None = None,
    ) -> None:
        super().__init__(message, hint=hint)
        self.sizes = sizes


class UnknownGameError(AssistantError, code=ExitCode.UNKNOWN_GAME, kind="unknown-game"):
    """A ``--game`` (or a game name in a request) that the game registry does not know."""


class WordListError(AssistantError, code=ExitCode.BAD_WORDLIST, kind="bad-wordlist"):
    """A word list (``--dict``) that is missing, binary, empty or not UTF-8."""


class ImageError(AssistantError, code=ExitCode.BAD_IMAGE, kind="bad-image"):
    """The image cannot be read: missing, a directory, not an image, truncated, too big."""


class BoardNotFoundError(AssistantError, code=ExitCode.NO_BOARD, kind="no-board"):
    """An image in which no letter grid could be found."""


class UnsureTilesError(AssistantError, code=ExitCode.UNSURE_TILES, kind="unsure"):
    """Some tiles were read below the confidence threshold; nothing was guessed."""


class MissingDependencyError(
    AssistantError, code=ExitCode.MISSING_DEPENDENCY, kind="missing-dependency"
):
    """An external tool that is not installed (Tesseract, mss, the web extra...)."""


class CaptureError(AssistantError, code=ExitCode.CAPTURE_FAILED, kind="capture"):
    """No display, or the screen capture failed."""


class OutputError(AssistantError, code=ExitCode.USAGE, kind="output"):
    """An output path the user gave that must not be written: a directory, a device or
    other special file, an unknown picture format, a file we must not append to."""


class WriteError(AssistantError, code=ExitCode.WRITE_FAILED, kind="write"):
    """Writing an output failed (no permission, an I/O error); what was there is kept."""


class DiskFullError(WriteError, kind="disk-full"):
    """The disk (or quota) filled up while writing; what was written before is kept."""
