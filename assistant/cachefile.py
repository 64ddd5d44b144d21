"""Files in the user cache directory: where they live, how they are written and cleaned,
and the line on stderr while one is built.

Both caches (the compiled word lists, ``assistant.dictionary``, and the compiled letter
templates, ``assistant.recognize.store``) are rebuilt from shipped or user data whenever
they are missing, stale or corrupt, so losing one only costs time. They are written to a
temporary name in the same directory and moved into place
(``assistant.files.replace_atomically``, which locks the temporary file while it writes):
concurrent first runs never leave a torn file, and a temporary file left by a killed run is
removed by a later build (``clean``) together with the files of older cache versions.
"""

from __future__ import annotations

import fcntl
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

CACHE_ENV = "BOGGLE_ASSISTANT_CACHE_DIR"
CACHE_APP_DIR = "boggle-assistant"
# Temporary files: ``replace_atomically``'s (".NAME.XXXXXXXX.tmp"), and the earlier
# cache code's (".tmp-XXXXXXXX.dawg", ".templates-XXXXXXXX.npz").
TEMP_PREFIXES = (".tmp-", ".templates-")
TEMP_SUFFIX = ".tmp"
# A temporary file is removed when no process holds its lock (its writer died) and it is
# older than this (the writer takes its lock right after creating it).
STALE_TEMP_S = 10.0
# Feedback: say what is happening once a build has taken this long (a cache hit never does).
NOTICE_AFTER_S = 0.5
NOTICE_EVERY_S = 0.25


def default_cache_dir() -> Path:
    """``$BOGGLE_ASSISTANT_CACHE_DIR``, else ``$XDG_CACHE_HOME/boggle-assistant``, else
    ``~/.cache/boggle-assistant``."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / CACHE_APP_DIR


def clean(directory: Path, stale: Callable[[str], bool]) -> list[Path]:
    """Remove the files of ``directory`` whose name ``stale`` says belongs to an older cache
    version, and the temporary files of runs that died (unlocked and older than
    ``STALE_TEMP_S``; a run killed mid-build cannot remove its own). Returns what was
    removed; errors (a file already gone, a read-only directory) are ignored."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        try:
            if name.startswith(TEMP_PREFIXES) or (name[:1] == "." and name.endswith(TEMP_SUFFIX)):
                if now - entry.stat().st_mtime < STALE_TEMP_S or _locked(entry.path):
                    continue
            elif not stale(name):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _locked(path: str) -> bool:
    """Whether another process holds the lock on ``path`` (a build in progress)."""
    with open(path, "rb") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        return False


class Progress:
    """Reports a long build on a terminal: once the build has taken ``NOTICE_AFTER_S``, one
    line ("boggle-assistant: building the letter-template cache (once)... 40%") redrawn in
    place as the share done grows, and "done in 2.9 s" at the end. Quick builds, and
    streams that are not a terminal (logs, pipes, captured output), get nothing: no progress
    bar when stderr is not a TTY."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.what = what
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.monotonic()
        self.shown = False
        self.last = 0.0
        try:
            self.tty = bool(self.stream.isatty())
        except (AttributeError, OSError, ValueError):
            self.tty = False

    def update(self, done: float) -> None:
        """Report that ``done`` (0..1) of the work is done."""
        if not self.tty:
            return
        now = time.monotonic()
        if now - self.started < NOTICE_AFTER_S or now - self.last < NOTICE_EVERY_S:
            return
        self.last = now
        self.shown = True
        self._write(f"\rboggle-assistant: {self.what} (once)... {done:.0%}")

    def finish(self) -> None:
        if not self.shown:
            return
        seconds = time.monotonic() - self.started
        self._write(f"\rboggle-assistant: {self.what} (once)... done in {seconds:.1f} s\n")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or broken stderr must not stop the work
            pass


@contextmanager
def building(what: str, stream: TextIO | None = None) -> Iterator[Progress]:
    """``with building("compiling the word list") as progress: ... progress.update(f)``."""
    progress = Progress(what, stream)
    try:
        yield progress
    finally:
        progress.finish()
