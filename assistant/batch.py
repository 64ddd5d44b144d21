"""Batch reading: many image files -> one record per image, in JSON Lines or CSV.

``run_batch`` finds the images, skips those already recorded (``resume``: same path and
SHA-256), and hands the rest to worker processes, each of which loads the dictionary and the
reader's templates once and then reads (and solves) one image after another. The parent
alone writes the output: every record is appended and flushed as soon as it arrives, so an
interrupted run or a crashed worker leaves a valid file, and a resumed run finishes the set
with no duplicates. A file that cannot be read -- corrupt, truncated, not an image, too
large -- becomes an error record with its kind and message and the batch goes on; a worker
that dies takes only its current image with it (a ``worker-crashed`` record) and is replaced.
"""

from __future__ import annotations

import csv
import fnmatch
import hashlib
import io
import itertools
import json
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from assistant.errors import AssistantError, ExitCode, OutputError, UsageError, WriteError
from assistant.files import check_target, write_error
from assistant.pipeline import Request, preload_reader

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import SpawnProcess

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


@dataclass(frozen=True)
class BatchOptions:
    out: Path | None = None  # .jsonl or .csv; None: JSON Lines on stdout
    jobs: int = 0  # worker processes; 0: read in this process
    resume: bool = False  # skip images already in ``out`` (same path and SHA-256)
    # game, minimum length, reader options; batch always solves with best guesses (the
    # record lists what was unsure and guessed) and solves only when ``request.solve``.
    request: Request = field(default_factory=lambda: Request(best_guess=True))
    dict_path: str | None = None
    top: int = 10  # best words kept per record
    config: BatchConfig = field(default_factory=BatchConfig)

    @property
    def format(self) -> str:
        return "csv" if self.out is not None and self.out.suffix.lower() == ".csv" else "jsonl"


@dataclass(frozen=True)
class BatchSummary:
    images: int  # files found
    skipped: int  # already recorded (--resume)
    recorded: int  # records written by this run
    read: int  # boards read by this run
    unsure: int  # ... of which with unsure tiles
    failed: dict[str, int]  # error records of this run, by kind
    failed_before: int  # error records found on --resume for the files skipped
    elapsed_s: float
    interrupted: bool
    not_images: int = 0  # files in the folders that are not pictures, left out

    @property
    def throughput(self) -> float:
        return self.recorded / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def exit_code(self) -> ExitCode:
        if self.interrupted:
            return ExitCode.INTERRUPTED
        if self.failed or self.failed_before:
            return ExitCode.BATCH_FAILURES
        return ExitCode.OK

    def describe(self) -> str:
        lines = [
            f"images: {self.images}"
            + (f" ({self.skipped} already recorded, skipped)" if self.skipped else ""),
        ]
        if self.not_images:
            lines.append(f"skipped: {self.not_images} files that are not images")
        lines += [
            f"read: {self.read}",
            f"unsure: {self.unsure}",  # boards with an unsure letter, value or bonus
        ]
        n_failed = sum(self.failed.values())
        if n_failed:
            reasons = ", ".join(f"{kind} {n}" for kind, n in sorted(self.failed.items()))
            lines.append(f"failed: {n_failed} ({reasons})")
        else:
            lines.append("failed: 0")
        if self.failed_before:
            lines.append(f"failed in earlier runs: {self.failed_before}")
        lines.append(
            f"throughput: {self.throughput:.1f} images/s "
            f"({self.recorded} in {self.elapsed_s:.1f} s)"
        )
        if self.interrupted:
            done = self.recorded + self.skipped
            lines.append(
                f"interrupted after {done} of {self.images} images: "
                "run again with --resume to finish the rest"
            )
        return "\n".join(lines)


class Progress(Protocol):
    def start(self, total: int) -> None: ...

    def advance(self, record: Record | None) -> None: ...

    def stop(self) -> None: ...


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
    path: str, sha256: str | None, kind: str, message: str, total_ms: float = 0.0
) -> Record:
    return {
        "path": path,
        "sha256": sha256,
        "status": "error",
        "error": {"kind": kind, "message": message},
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
        if settings.request.chosen_game is not None:
            from assistant.scoring import get_game

            get_game(settings.request.chosen_game)
        preload_reader()

    def process(self, path: str, sha256: str | None) -> Record:
        """One record for one file; never raises for a bad file (an error record instead)."""
        start = time.perf_counter()
        try:
            return self._process(path, sha256, start)
        except AssistantError as err:
            total = (time.perf_counter() - start) * 1000
            return error_record(path, sha256, err.kind, _one_line(str(err)), total)
        except MemoryError:
            total = (time.perf_counter() - start) * 1000
            return error_record(
                path, sha256, "too-large", "not enough memory to read this image", total
            )
        except Exception as err:  # a bug in the reader: record it and go on with the batch
            total = (time.perf_counter() - start) * 1000
            return error_record(
                path, sha256, "internal-error", _one_line(f"{type(err).__name__}: {err}"), total
            )

    def _process(self, path: str, sha256: str | None, start: float) -> Record:
        from assistant import pipeline
        from assistant.imageio import decode_image

        file = Path(path)
        try:
            data = file.read_bytes()
        except OSError as err:
            from assistant.errors import ImageError

            raise ImageError(f"cannot read {path}: {err.strerror or err}") from None
        if sha256 is None:
            sha256 = hashlib.sha256(data).hexdigest()
        image = decode_image(data, name=path)
        t_decoded = time.perf_counter()
        outcome = pipeline.run(image, self.settings.request, self.dictionary, start=t_decoded)
        record: Record = {"path": path, "sha256": sha256, "status": "ok"}
        record.update(outcome.to_json(top=self.settings.top))
        timings = {
            "decode_ms": (t_decoded - start) * 1000,
            "read_ms": outcome.read_ms,
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
        row["error_message"] = _one_line(record["error"]["message"])
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
        data = memoryview(text.encode("utf-8"))
        start = self.size
        try:
            while data:
                written = self._fh.write(data) or 0
                data = data[written:]
        except BaseException as exc:
            self._cut_back(start)
            if isinstance(exc, OSError):
                raise self._error(exc) from exc
            raise
        self.size = start + len(text.encode("utf-8"))

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


# --------------------------------------------------------------------------- workers


# Thread pools of the numeric libraries: with one worker per core, threads inside a worker
# only fight each other (OpenBLAS threads spin; the template matcher's matrix products went
# from ~40 ms to ~400 ms an image with two workers on two cores).
_THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


@contextmanager
def _child_environment(single_thread: bool) -> Iterator[None]:
    """Environment for a worker about to start: one thread per numeric library when the
    parallelism is across processes (read by numpy's BLAS when the worker imports it)."""
    if not single_thread:
        yield
        return
    saved = {k: os.environ.get(k) for k in _THREAD_VARIABLES}
    os.environ.update({k: "1" for k in _THREAD_VARIABLES})
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class _Terminated(KeyboardInterrupt):
    """SIGTERM (``kill PID``, a service manager stopping the job): handled like Ctrl-C."""


@contextmanager
def _terminate_is_interrupt() -> Iterator[None]:
    """While the batch runs, SIGTERM to the parent stops it like Ctrl-C: the workers are
    stopped by the parent, every finished record stays, and the summary says how far it
    got (instead of the default: the parent dies at once and the workers' pipes break)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _worker_main(conn: Connection, settings: ProcessorSettings) -> None:
    """A worker process: build the processor once, then one record per task until told to
    stop. Ctrl-C is the parent's business (it stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the parent stops its workers itself
    try:
        try:
            processor = ImageProcessor(settings)
        except AssistantError as err:
            conn.send(("init-error", type(err).__name__, err.message, err.hint))
            return
        conn.send(("ready",))
        while True:
            task = conn.recv()
            if task is None:
                return
            conn.send(("record", processor.process(*task)))
    except (EOFError, OSError):
        # The parent is gone (finished, killed, or stopped without saying goodbye): nothing
        # is waiting for this worker's records, so stop quietly.
        return


@dataclass
class _Worker:
    process: SpawnProcess
    conn: Connection
    ready: bool = False
    task: tuple[str, str | None] | None = None
    started: float = field(default_factory=time.monotonic)


class _Pool:
    """Worker processes fed one task at a time over their own pipe, so the parent always
    knows which image a worker was on when it died."""

    def __init__(self, jobs: int, settings: ProcessorSettings, config: BatchConfig) -> None:
        import multiprocessing

        self._ctx = multiprocessing.get_context("spawn")
        self.settings, self.config = settings, config
        self.workers: list[_Worker] = []
        for _ in range(jobs):
            self.workers.append(self._start())

    def _start(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(
            target=_worker_main, args=(child, self.settings), name="boggle-batch-worker"
        )
        process.daemon = True
        # A new process inherits an ignored SIGINT (and Python then leaves it ignored), so
        # Ctrl-C reaches only the parent, which stops the workers itself; a worker still
        # importing would otherwise die with a traceback of its own.
        with _sigint_ignored(), _child_environment(self.settings.single_thread):
            process.start()
        child.close()
        return _Worker(process=process, conn=parent)

    def replace(self, worker: _Worker) -> None:
        self._discard(worker)
        self.workers.append(self._start())

    def _discard(self, worker: _Worker) -> None:
        self.workers.remove(worker)
        worker.conn.close()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)

    def close(self) -> None:
        for w in self.workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                continue
        deadline = time.monotonic() + 2
        for w in self.workers:
            w.process.join(timeout=max(0.0, deadline - time.monotonic()))
        for w in list(self.workers):
            self._discard(w)

    def kill(self) -> None:
        for w in list(self.workers):
            self._discard(w)


def _run_pool(
    jobs: int,
    settings: ProcessorSettings,
    config: BatchConfig,
    tasks: Iterator[tuple[str, str | None] | Record],
    emit: Callable[[Record], None],
) -> None:
    """Feed ``tasks`` to ``jobs`` workers; records (given as tasks, or made by workers) go to
    ``emit`` in the order they are ready."""
    from multiprocessing.connection import wait

    pool = _Pool(jobs, settings, config)
    try:
        exhausted = False
        while True:
            for w in pool.workers:
                if w.ready and w.task is None:
                    task = None if exhausted else _next_task(tasks, emit)
                    if task is None:
                        exhausted = True
                        continue
                    w.task = task
                    w.conn.send(task)
            busy = [w for w in pool.workers if w.task is not None or not w.ready]
            if exhausted and not any(w.task is not None for w in pool.workers):
                return
            if not busy:
                continue
            waitables: list[Any] = [w.conn for w in busy] + [w.process.sentinel for w in busy]
            ready = set(wait(waitables, timeout=config.poll_s))
            for w in list(busy):
                if w.conn in ready:
                    try:
                        message = w.conn.recv()
                    except (EOFError, OSError):
                        message = None
                    if message is not None:
                        _handle(pool, w, message, emit)
                        continue
                if w.conn in ready or w.process.sentinel in ready or not w.process.is_alive():
                    _crashed(pool, w, emit)
                elif not w.ready and time.monotonic() - w.started > config.worker_start_timeout_s:
                    pool.kill()
                    raise AssistantError(
                        "a batch worker did not start within "
                        f"{config.worker_start_timeout_s:.0f} s",
                        hint="try --jobs 1, or check the machine's memory",
                    )
    except BaseException:
        pool.kill()
        raise
    else:
        pool.close()


def _next_task(
    tasks: Iterator[tuple[str, str | None] | Record], emit: Callable[[Record], None]
) -> tuple[str, str | None] | None:
    for task in tasks:
        if isinstance(task, dict):
            emit(task)  # decided without reading (unreadable file): record it now
            continue
        return task
    return None


def _handle(
    pool: _Pool, w: _Worker, message: tuple[Any, ...], emit: Callable[[Record], None]
) -> None:
    kind = message[0]
    if kind == "ready":
        w.ready = True
    elif kind == "record":
        w.task = None
        emit(message[1])
    elif kind == "init-error":
        _, name, text, hint = message
        import assistant.errors as errors

        cls = getattr(errors, name, AssistantError)
        pool.kill()
        raise cls(text, hint=hint)


def _crashed(pool: _Pool, w: _Worker, emit: Callable[[Record], None]) -> None:
    w.process.join(timeout=5)
    code = w.process.exitcode
    if not w.ready:
        pool.kill()
        raise AssistantError(
            f"a batch worker died while starting (exit code {code})",
            hint="re-run with --jobs 1 --verbose to see why",
        )
    if w.task is not None:
        path, sha = w.task
        how = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        emit(
            error_record(
                path,
                sha,
                "worker-crashed",
                f"the reading process died ({how}) on this image; it was skipped",
            )
        )
    pool.replace(w)


# --------------------------------------------------------------------------- the run


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run_batch(
    paths: Sequence[str | Path],
    options: BatchOptions,
    *,
    recursive: bool = False,
    pattern: str | None = None,
    progress: Progress | None = None,
    stdout: IO[str] | None = None,
) -> BatchSummary:
    """Read every image under ``paths`` and write one record per image (see module doc).

    Returns the summary; Ctrl-C ends the run early with ``interrupted`` set and every
    finished record already in the file. Raises OutputError when ``options.out`` cannot be
    used, and the dictionary's or game's error when they are bad."""
    started = time.perf_counter()
    found = discover(paths, recursive=recursive, pattern=pattern)
    files = found.images
    fmt = options.format
    recorded = Recorded(frozenset(), frozenset())
    stream: IO[str] | RecordFile
    if options.out is not None:
        check_target(options.out, what="the batch records")  # not a folder or a device
        if options.resume:
            recorded = read_recorded(options.out, fmt)
        stream, header = open_output(options.out, fmt, resume=options.resume)
    else:
        if options.resume:
            raise OutputError(
                "--resume needs --out: the records of earlier runs are read from that file"
            )
        stream, header = (stdout or sys.stdout), fmt == "csv"
    writer = RecordWriter(stream, fmt, header=header)
    counts: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    skipped = failed_before = 0

    def emit(record: Record) -> None:
        writer.write(record)
        counts["recorded"] += 1
        if record["status"] == "error":
            failed[record["error"]["kind"]] += 1
        else:
            counts["read"] += 1
            if record["unsure"]:  # letters, point values or bonus squares
                counts["unsure"] += 1
        if progress is not None:
            progress.advance(record)

    def tasks() -> Iterator[tuple[str, str | None] | Record]:
        nonlocal skipped, failed_before
        for f in files:
            path = image_identity(f)  # recorded as the absolute path: see image_identity
            try:
                sha = sha256_file(f, options.config.hash_chunk)
            except OSError as err:
                yield error_record(path, None, "bad-image", _unreadable(f, err))
                continue
            key = (path, sha)
            if key in recorded.done:
                skipped += 1
                failed_before += key in recorded.failed
                if progress is not None:
                    progress.advance(None)
                continue
            yield path, sha

    settings = ProcessorSettings(
        request=options.request,
        dict_path=options.dict_path,
        top=options.top,
        single_thread=options.jobs > 1,
    )
    interrupted = False
    if progress is not None:
        progress.start(len(files))
    try:
        with _terminate_is_interrupt():
            pending = tasks()
            # Workers (and the dictionary) only when there is an image to read: a resumed
            # run with nothing left stops here, with no worker to start and stop half-way.
            first = _next_task(pending, emit)
            if first is None:
                pass
            elif options.jobs <= 0:
                processor = ImageProcessor(settings)
                for task in itertools.chain([first], pending):
                    emit(task if isinstance(task, dict) else processor.process(*task))
            else:
                queue = itertools.chain([first], pending)
                _run_pool(options.jobs, settings, options.config, queue, emit)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if progress is not None:
            progress.stop()
        if options.out is not None:
            stream.close()
    return BatchSummary(
        images=len(files),
        skipped=skipped,
        recorded=counts["recorded"],
        read=counts["read"],
        unsure=counts["unsure"],
        failed=dict(failed),
        failed_before=failed_before,
        elapsed_s=time.perf_counter() - started,
        interrupted=interrupted,
        not_images=len(found.not_images),
    )


def _unreadable(path: Path, err: OSError) -> str:
    if isinstance(err, FileNotFoundError):
        return f"no such file: {path}"
    if isinstance(err, IsADirectoryError):
        return f"{path} is a directory"
    return f"cannot read {path}: {err.strerror or err}"


# --------------------------------------------------------------------------- progress bar


class ProgressBar:
    """A rich progress bar on stderr (images done, rate, ETA, failures so far)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as RichProgress

        self._failed = 0
        self._bar = RichProgress(
            TextColumn("reading"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TextColumn("{task.fields[failed]}", style="red"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._task = self._bar.add_task("batch", total=None, rate="", failed="")
        self._started = time.perf_counter()
        self._done = 0

    def start(self, total: int) -> None:
        self._bar.update(self._task, total=total)
        self._started = time.perf_counter()
        self._bar.start()

    def advance(self, record: Record | None) -> None:
        fields: dict[str, Any] = {}
        if record is not None:
            self._done += 1
            elapsed = time.perf_counter() - self._started
            if elapsed > 0:
                fields["rate"] = f"{self._done / elapsed:.1f}/s"
            if record["status"] == "error":
                self._failed += 1
                fields["failed"] = f"{self._failed} failed"
        self._bar.update(self._task, advance=1, **fields)

    def stop(self) -> None:
        self._bar.stop()


def progress_for(stream: IO[str]) -> Progress | None:
    """A progress bar when ``stream`` (stderr) is a terminal, else None."""
    return ProgressBar() if stream.isatty() else None
