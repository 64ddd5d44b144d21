"""Batch records: finding the images, hashing them, making one record per image (through
the pipeline), and writing/reading JSON Lines and CSV (with ``--resume``).

The lower half of ``assistant.batch``: nothing here starts processes (``batchpool``) or
runs a batch (``batch``).
"""

from __future__ import annotations

import csv
import fnmatch
import hashlib
import io
import json
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from assistant.errors import AssistantError, OutputError, UsageError, WriteError, error_json
from assistant.files import write_error
from assistant.pipeline import Request, preload_reader

if TYPE_CHECKING:
    from assistant.dictionary import Dictionary

Record = dict[str, Any]

CSV_FIELDS = (
    "path",
    "sha256",
    "status",
    "error_kind",
    "error_message",
    "game",
    "rows",
    "cols",
    "tiles",
    "unsure",
    "unsure_tiles",
    "min_confidence",
    "words",
    "total_score",
    "best_word",
    "best_score",
    "read_ms",
    "solve_ms",
    "total_ms",
)


@dataclass(frozen=True)
class BatchConfig:
    """Tuned numbers for batch runs."""

    hash_chunk: int = 1 << 20  # bytes read at a time when hashing a file
    worker_start_timeout_s: float = 120.0  # a worker loads its dictionary and templates
    poll_s: float = 0.5  # how often the parent wakes while waiting for workers
    # Images sent to a worker at a time: with 2 the next one is already in its pipe when it
    # finishes one, instead of waiting for the parent to wake, hash the next file and send
    # it (~1-2 ms of every ~50 ms image, more on a busy machine).
    tasks_ahead: int = 2


# --------------------------------------------------------------------------- finding images


@dataclass(frozen=True)
class Found:
    """The files a batch reads, and the files of its folders it leaves out."""

    images: list[Path]
    not_images: list[Path]


def find_images(
    paths: Sequence[str | Path], *, recursive: bool = False, pattern: str | None = None
) -> list[Path]:
    """The files to read, in a stable order, each once (see ``discover``)."""
    return discover(paths, recursive=recursive, pattern=pattern).images


def discover(
    paths: Sequence[str | Path], *, recursive: bool = False, pattern: str | None = None
) -> Found:
    """The files to read, in a stable order, each once.

    A file named on the command line is always taken (even a missing one, which then gets
    an error record); a directory gives its files (not hidden ones), and with ``recursive``
    those of its subdirectories. ``pattern`` (``--glob``, e.g. ``*.png``) filters the names
    of files found in directories. A file in a directory that neither its name nor its first
    bytes call a picture (notes, ``Thumbs.db``) is left out and listed in ``not_images``; a
    picture that turns out corrupt still gets its error record."""
    from assistant.files import looks_like_image

    found: list[Path] = []
    not_images: list[Path] = []
    seen: set[str] = set()

    def add(p: Path) -> None:
        key = image_identity(p)
        if key not in seen:
            seen.add(key)
            found.append(p)

    for arg in paths:
        if str(arg) == "":
            # Path("") is ".": an empty argument (an unset shell variable) would read the
            # current folder.
            raise UsageError("an empty path was given", hint="give image files or folders to read")
        p = Path(arg)
        if not p.is_dir():
            add(p)
            continue
        for f in _walk(p, recursive):
            if pattern is not None and not fnmatch.fnmatch(f.name, pattern):
                continue
            if looks_like_image(f):
                add(f)
            else:
                not_images.append(f)
    return Found(found, not_images)


def image_identity(path: str | Path) -> str:
    """The name an image is known by in records and on ``--resume``: its resolved absolute
    path (symlinks and ``.``/``..`` resolved), so one file is one image whatever the
    spelling of its folder or the directory the batch runs from."""
    return os.path.realpath(path)


def _walk(top: Path, recursive: bool) -> Iterator[Path]:
    try:
        entries = sorted(top.iterdir(), key=lambda e: e.name)
    except OSError:
        return
    subdirs = []
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            subdirs.append(entry)
        elif entry.is_file():
            yield entry
    if recursive:
        for sub in subdirs:
            yield from _walk(sub, recursive)


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            digest.update(block)
    return digest.hexdigest()


# --------------------------------------------------------------------------- records


def error_record(
    path: str,
    sha256: str | None,
    kind: str,
    message: str,
    total_ms: float = 0.0,
    *,
    hint: str | None = None,
) -> Record:
    """The record of an image that could not be read: its ``error`` is the JSON form every
    command gives an error (``assistant.errors.error_json``)."""
    return {
        "path": path,
        "sha256": sha256,
        "status": "error",
        "error": error_json(kind, _one_line(message), _one_line(hint) if hint else None),
        "timings": {"total_ms": round(total_ms, 1)},
    }


@dataclass(frozen=True)
class ProcessorSettings:
    """What a worker needs to build its ``ImageProcessor`` (sent to worker processes)."""

    request: Request
    dict_path: str | None
    top: int
    single_thread: bool = False  # one OpenCV thread: the parallelism is across processes


class ImageProcessor:
    """Reads (and solves) one image after another through the pipeline; loads the
    dictionary and the templates once."""

    def __init__(self, settings: ProcessorSettings) -> None:
        self.settings = settings
        if settings.single_thread:
            import cv2

            cv2.setNumThreads(1)
        self.dictionary: Dictionary | None = None
        if settings.request.solve:
            from assistant.dictionary import load_dictionary

            self.dictionary = load_dictionary(settings.dict_path)
        settings.request.check()
        preload_reader()

    def process(self, path: str, sha256: str | None) -> Record:
        """One record for one file; never raises for a bad file (an error record instead)."""
        start = time.perf_counter()
        try:
            return self._process(path, sha256, start)
        except AssistantError as err:
            total = (time.perf_counter() - start) * 1000
            return error_record(path, sha256, err.kind, err.message, total, hint=err.hint)
        except MemoryError:
            total = (time.perf_counter() - start) * 1000
            return error_record(
                path, sha256, "too-large", "not enough memory to read this image", total
            )
        except Exception as err:  # a bug in the reader: record it and go on with the batch
            total = (time.perf_counter() - start) * 1000
            return error_record(
                path, sha256, "internal-error", f"{type(err).__name__}: {err}", total
            )

    def _process(self, path: str, sha256: str | None, start: float) -> Record:
        from assistant import pipeline

        file = Path(path)
        try:
            data = file.read_bytes()
        except OSError as err:
            from assistant.errors import ImageError

            raise ImageError(f"cannot read {path}: {err.strerror or err}") from None
        if sha256 is None:
            sha256 = hashlib.sha256(data).hexdigest()
        # From the bytes: a big JPEG is decoded at reduced size when that reads as surely.
        outcome = pipeline.run(data, self.settings.request, self.dictionary, start=start, name=path)
        reading = outcome.decision.reading
        decode_ms = reading.timings.get("load", 0.0) if reading is not None else 0.0
        record: Record = {"path": path, "sha256": sha256, "status": "ok"}
        record.update(outcome.to_json(top=self.settings.top))
        timings = {
            "decode_ms": decode_ms,  # file, hash and decode
            "read_ms": outcome.read_ms - decode_ms,
            "solve_ms": outcome.solve_ms,
            "total_ms": (time.perf_counter() - start) * 1000,
        }
        record["timings"] = {k: round(v, 1) for k, v in timings.items()}
        return record


def _one_line(text: str) -> str:
    return " ".join(text.split())


def flat_record(record: Record) -> dict[str, Any]:
    """The CSV subset of a record (one line, no nested values)."""
    row: dict[str, Any] = {k: "" for k in CSV_FIELDS}
    row["path"] = record["path"]
    row["sha256"] = record.get("sha256") or ""
    row["status"] = record["status"]
    timings = record.get("timings") or {}
    row["total_ms"] = timings.get("total_ms", "")
    if record["status"] == "error":
        row["error_kind"] = record["error"]["kind"]
        error = record["error"]
        hint = error.get("hint")
        row["error_message"] = _one_line(error["message"] + (f": {hint}" if hint else ""))
        return row
    row["game"] = record.get("game") or ""
    row["rows"], row["cols"] = record["rows"], record["cols"]
    row["tiles"] = _tiles_text(record["tiles"])
    row["unsure"] = len(record["unsure"])
    row["unsure_tiles"] = " ".join(
        f"r{u['row'] + 1}c{u['col'] + 1}" + ("" if u["part"] == "letter" else f"-{u['part']}")
        for u in record["unsure"]
    )
    reading = record.get("reading") or {}
    if reading.get("confidence"):
        row["min_confidence"] = min(min(line) for line in reading["confidence"])
    row["read_ms"] = timings.get("read_ms", "")
    row["solve_ms"] = timings.get("solve_ms", "")
    if record.get("solved"):
        row["words"] = record["word_count"]
        row["total_score"] = record["total_score"]
        if record["words"]:
            row["best_word"] = record["words"][0]["word"]
            row["best_score"] = record["words"][0]["score"]
    return row


def _tiles_text(tiles: list[list[str]]) -> str:
    """The tiles as board text (rows split by ``/``, an either/or tile as ``A|B``, a blank
    as ``.``): what ``solve`` accepts back. ``?`` marks a tile read as unsure."""
    from assistant.board import rows_text

    return rows_text([[(t or ".").replace("/", "|") for t in line] for line in tiles])


# --------------------------------------------------------------------------- output


class RecordFile:
    """The ``--out`` file, appended to one whole record at a time.

    Unbuffered: each record is one ``write`` of its bytes, so nothing is held back to be
    retried later. When a write fails (the disk is full) or is interrupted half-way, the
    file is cut back to the end of the last whole record, so it never ends in a torn line;
    a full disk becomes a DiskFullError saying how many records the file keeps."""

    def __init__(self, path: Path, fmt: str) -> None:
        self.path, self.format = path, fmt
        self._fh = path.open("ab", buffering=0)
        self.size = self._fh.seek(0, os.SEEK_END)

    def write(self, text: str) -> None:
        encoded = text.encode("utf-8")
        start, end = self.size, self.size + len(encoded)
        data = memoryview(encoded)
        try:
            while data:
                written = self._fh.write(data) or 0
                data = data[written:]
        except BaseException as exc:
            # Ctrl-C or SIGTERM can arrive after the last byte went out but before the loop
            # ends: the record is whole then, and cutting it off would lose a reading the
            # file had already shown. Only a record the file holds in part is cut back.
            if self._length() == end:
                self.size = end
            else:
                self._cut_back(start)
            if isinstance(exc, OSError):
                raise self._error(exc) from exc
            raise
        self.size = end

    def _length(self) -> int:
        try:
            return os.fstat(self._fh.fileno()).st_size
        except OSError:
            return -1

    def _cut_back(self, size: int) -> None:
        with suppress(OSError):
            os.ftruncate(self._fh.fileno(), size)

    def records(self) -> int:
        """How many whole records the file holds now."""
        with self.path.open("rb") as fh:
            lines = sum(1 for _ in fh)
        return max(0, lines - 1) if self.format == "csv" else lines

    def _error(self, exc: OSError) -> WriteError:
        from assistant.errors import DiskFullError

        err = write_error(exc, self.path, what="the batch records")
        if isinstance(err, DiskFullError):
            return DiskFullError(
                f"disk full: {self.records()} records kept in {self.path}",
                hint="free space and run again with --resume",
            )
        return WriteError(
            f"{err.message}; {self.records()} records kept",
            hint="fix that and run again with --resume",
        )

    def flush(self) -> None:
        """Nothing is buffered (each record is written whole); kept for ``IO`` callers."""

    def close(self) -> None:
        self._fh.close()


class RecordWriter:
    """Appends records to a JSON Lines or CSV file (or stdout), each written whole at once."""

    def __init__(self, stream: IO[str] | RecordFile, fmt: str, *, header: bool) -> None:
        self.stream, self.format = stream, fmt
        if fmt == "csv" and header:
            self._put(",".join(CSV_FIELDS) + "\n")

    def write(self, record: Record) -> None:
        if self.format == "csv":
            line = io.StringIO()
            csv.DictWriter(line, CSV_FIELDS, lineterminator="\n").writerow(flat_record(record))
            self._put(line.getvalue())
        else:
            self._put(json.dumps(record, ensure_ascii=False) + "\n")

    def _put(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()


@dataclass(frozen=True)
class Recorded:
    """What an existing output file already holds (for ``--resume``)."""

    done: frozenset[tuple[str, str]]  # (normalized path, sha256)
    failed: frozenset[tuple[str, str]]  # ... of which error records


def read_recorded(path: Path, fmt: str) -> Recorded:
    """The (path, sha256) pairs recorded in an output file. A last line cut short by a crash
    is dropped (``open_output`` trims it before appending); records without a hash (files
    that could not be read) are not counted as done, so they are tried again."""
    done: set[tuple[str, str]] = set()
    failed: set[tuple[str, str]] = set()
    if not path.exists():
        return Recorded(frozenset(), frozenset())
    with path.open(encoding="utf-8", newline="") as fh:
        text = fh.read()
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    rows: Iterable[dict[str, Any]]
    if fmt == "csv":
        lines = text.splitlines(keepends=True)
        if lines and next(csv.reader(lines[:1])) != list(CSV_FIELDS):
            raise OutputError(
                f"{path} is not a CSV file written by boggle-assistant batch (its header differs)",
                hint="give --out a new file name, or resume with the file the batch wrote",
            )
        rows = csv.DictReader(lines)
    else:
        rows = _json_lines(text, path)
    for row in rows:
        sha = row.get("sha256")
        if not sha or "path" not in row:
            continue
        key = (image_identity(str(row["path"])), str(sha))
        done.add(key)
        if row.get("status") == "error":
            failed.add(key)
    return Recorded(frozenset(done), frozenset(failed))


def _json_lines(text: str, path: Path) -> Iterator[dict[str, Any]]:
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            raise OutputError(
                f"{path} line {n} is not JSON: it was not written by boggle-assistant batch",
                hint="give --out a new file name, or resume with the file the batch wrote",
            ) from None
        if isinstance(row, dict):
            yield row


def open_output(path: Path, fmt: str, *, resume: bool) -> tuple[RecordFile, bool]:
    """Open ``path`` for appending; returns the file and whether it needs a CSV header.

    Without ``resume`` an existing non-empty file is refused (nothing is overwritten). With
    it, a last line cut short (a crash in the middle of a write) is trimmed first."""
    size = path.stat().st_size if path.exists() else 0
    if size and not resume:
        raise OutputError(
            f"{path} already exists",
            hint="add --resume to continue it, or give another --out file (or delete it)",
        )
    try:
        if size:
            _trim_partial_line(path)
        out = RecordFile(path, fmt)
    except OSError as err:
        raise write_error(err, path, what="the batch records") from None
    return out, fmt == "csv" and out.size == 0


def _trim_partial_line(path: Path) -> None:
    with path.open("rb+") as fh:
        data = fh.read()
        if data and not data.endswith(b"\n"):
            fh.truncate(data.rfind(b"\n") + 1)
