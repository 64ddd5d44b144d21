"""Writing files safely: the one atomic-save helper every writer in the package uses.

A file is written to a temporary file in the target's own folder, flushed to disk, given
the mode a plain ``open(path, "w")`` would have given it (the existing file's mode, else
``0o666`` less the umask), then renamed over the target. So a reader (an image viewer
refreshing ``--overlay``, a second process loading a cache) sees the old file or the new
one, never half of one, and a full disk leaves the old file as it was.

Only a regular file (or a new path) is ever replaced. A symlink is followed: the file it
points to is replaced and the link stays. A directory, a device (``/dev/full``,
``/dev/null``) or another special file (a FIFO, a socket) is refused before anything is
written: renaming over it would destroy it, or, as root, turn a device node into a file.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from assistant.errors import DiskFullError, OutputError, WriteError

IMAGE_EXTENSIONS = {".png": ".png", ".jpg": ".jpg", ".jpeg": ".jpg", ".webp": ".webp"}
"""Picture formats a written image may have, by file extension (the encoder's suffix)."""

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff", ".gif"})
"""File names that say "picture" (read: ``assistant.imageio`` says which it can decode)."""
IMAGE_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"RIFF", b"BM", b"GIF8", b"II*\x00", b"MM\x00*")
"""The first bytes of the picture formats above."""


def looks_like_image(path: str | Path) -> bool:
    """Whether a file is meant as a picture: its name says so or its first bytes do (a
    screenshot saved without an extension). Cheap: reads 8 bytes, decodes nothing."""
    path = Path(path)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return True
    try:
        with path.open("rb") as fh:
            head = fh.read(8)
    except OSError:
        return False
    return head.startswith(IMAGE_MAGIC)


def umask() -> int:
    """The process's umask (read without changing it, where /proc allows)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # no /proc: the classic read-and-restore
    os.umask(mask)
    return mask


def check_target(path: str | Path, *, what: str = "the output") -> Path:
    """The path to write ``path`` at (a symlink followed), after checking it may be replaced.

    Raises :class:`OutputError` for an empty path, a directory, a device or another special
    file, and a folder that does not exist."""
    if str(path) == "":
        raise OutputError(f"no file name given for {what}", hint="give a file name, e.g. out.png")
    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(f"cannot write {what} to {path}: {exc.strerror or exc}") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "a device or special file"
        raise OutputError(
            f"cannot write {what} to {path}: it is {kind}, not a file",
            hint="give the name of a new file or of a regular file",
        )
    if not target.parent.is_dir():
        raise OutputError(
            f"cannot write {what} to {path}: the folder {target.parent} does not exist",
            hint="create the folder first, or give a path in an existing folder",
        )
    return target


def image_suffix(path: str | Path, *, what: str = "the picture") -> str:
    """The encoder suffix for ``path``'s extension (``.png``, ``.jpg``, ``.webp``), or an
    :class:`OutputError` naming the formats that can be written."""
    ext = Path(path).suffix.lower()
    if ext not in IMAGE_EXTENSIONS:
        shown = f"'{ext}'" if ext else "no extension"
        raise OutputError(
            f"cannot tell which picture format to write {what} in from {path} ({shown})",
            hint="end the file name with .png, .jpg or .webp",
        )
    return IMAGE_EXTENSIONS[ext]


def replace_atomically(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; raises ``OSError`` (for callers, such as
    caches, for which a failed write only costs a speed-up). ``path`` must have passed
    :func:`check_target` or be known to be a regular file or a new path."""
    target = Path(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            # Held until closed: a cache build that finds this file unlocked knows its
            # writer died, and removes it (assistant.cachefile.clean).
            fcntl.flock(out.fileno(), fcntl.LOCK_EX)
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def save_atomically(path: str | Path, data: bytes, *, what: str = "the output") -> Path:
    """Check ``path`` (:func:`check_target`) and write ``data`` there atomically; every
    failure is an :class:`OutputError`, :class:`DiskFullError` or :class:`WriteError`.
    Returns the path written (a symlink's target)."""
    target = check_target(path, what=what)
    try:
        return replace_atomically(target, data)
    except OSError as exc:
        raise write_error(exc, path, what=what) from exc


def save_image(
    path: str | Path, image: Any, *, what: str = "the picture", suffix: str | None = None
) -> Path:
    """Encode a BGR ``uint8`` array in the format ``path``'s extension names (or
    ``suffix``) and write it with :func:`save_atomically`."""
    import cv2

    target = check_target(path, what=what)
    ok, data = cv2.imencode(suffix or image_suffix(path, what=what), image)
    if not ok:
        raise WriteError(f"could not encode {what} for {path}")
    try:
        return replace_atomically(target, data.tobytes())
    except OSError as exc:
        raise write_error(exc, path, what=what) from exc


def make_folder(path: str | Path, *, what: str = "the output folder") -> Path:
    """Create the folder ``path`` (and its parents) unless it exists; a file in its place
    is an :class:`OutputError`, a failure a :class:`WriteError`."""
    folder = Path(path)
    if str(path) == "":
        raise OutputError(f"no folder given for {what}", hint="give a folder name, e.g. debug/")
    if folder.exists() and not folder.is_dir():
        raise OutputError(
            f"{path} is a file, not a folder: {what} was not written",
            hint="give the name of a folder (it is created if missing)",
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(exc, path, what=what) from exc
    return folder


def write_error(exc: OSError, path: str | Path, *, what: str = "the output") -> WriteError:
    """The typed error for an ``OSError`` raised while writing ``path``."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return DiskFullError(
            f"disk full: {what} was not written to {path}",
            hint="free some space and run again",
        )
    return WriteError(
        f"cannot write {what} to {path}: {exc.strerror or exc}",
        hint="check that the folder exists and is writable",
    )
