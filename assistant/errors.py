"""Errors as types: every failure a user can cause has a class, an exit code and a fix-it hint.

The CLI maps these to one line on stderr and the exit code below; the traceback is shown
only with ``--verbose``. The table of exit codes is repeated in README.md.
"""

from __future__ import annotations

from enum import IntEnum


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
    """Base of every error a user can cause. ``str(err)`` is the one-line message."""

    exit_code: ExitCode = ExitCode.INTERNAL_ERROR
    kind: str = "error"

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        if self.hint:
            return f"{self.message}: {self.hint}"
        return self.message


class UsageError(AssistantError):
    """An option value the command line could not check by itself (a style name, ...)."""

    exit_code = ExitCode.USAGE
    kind = "usage"


class BoardTextError(AssistantError):
    """Board text with a token that is not a tile (names the token and its position)."""

    exit_code = ExitCode.BAD_BOARD
    kind = "bad-board"


class BoardShapeError(AssistantError):
    """Board text whose tiles do not make an R x C grid with 2 <= R, C <= 8."""

    exit_code = ExitCode.BAD_SHAPE
    kind = "bad-shape"


class UnknownGameError(AssistantError):
    exit_code = ExitCode.UNKNOWN_GAME
    kind = "unknown-game"


class WordListError(AssistantError):
    exit_code = ExitCode.BAD_WORDLIST
    kind = "bad-wordlist"


class ImageError(AssistantError):
    """The image cannot be read: missing, a directory, not an image, truncated, too big."""

    exit_code = ExitCode.BAD_IMAGE
    kind = "bad-image"


class BoardNotFoundError(AssistantError):
    exit_code = ExitCode.NO_BOARD
    kind = "no-board"


class UnsureTilesError(AssistantError):
    """Some tiles were read below the confidence threshold; nothing was guessed."""

    exit_code = ExitCode.UNSURE_TILES
    kind = "unsure"


class MissingDependencyError(AssistantError):
    exit_code = ExitCode.MISSING_DEPENDENCY
    kind = "missing-dependency"


class CaptureError(AssistantError):
    exit_code = ExitCode.CAPTURE_FAILED
    kind = "capture"


class OutputError(AssistantError):
    """An output path the user gave that must not be written: a directory, a device or
    other special file, an unknown picture format, a file we must not append to."""

    exit_code = ExitCode.USAGE
    kind = "output"


class WriteError(AssistantError):
    """Writing an output failed (no permission, an I/O error); what was there is kept."""

    exit_code = ExitCode.WRITE_FAILED
    kind = "write"


class DiskFullError(WriteError):
    """The disk (or quota) filled up while writing; what was written before is kept."""

    kind = "disk-full"
