"""Batch reading: many image files -> one record per image, in JSON Lines or CSV.

``run_batch`` finds the images, skips those already recorded (``resume``: same path and
SHA-256), and hands the rest to worker processes, each of which loads the dictionary and the
reader's templates once and then reads (and solves) one image after another. The parent
alone writes the output: every record is appended and flushed as soon as it arrives, so an
interrupted run or a crashed worker leaves a valid file, and a resumed run finishes the set
with no duplicates. A file that cannot be read -- corrupt, truncated, not an image, too
large -- becomes an error record with its kind and message and the batch goes on; a worker
that dies takes only its current image with it (a ``worker-crashed`` record) and is replaced.

Three modules, each importing only the ones below it: ``batchrecords`` (finding images,
hashing, one record per image through the pipeline, JSON Lines/CSV files and ``--resume``),
``batchpool`` (the worker processes), and this one (the run, its summary and progress bar).
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from assistant.batchpool import next_task, run_pool, terminate_is_interrupt
from assistant.batchrecords import (
    CSV_FIELDS,
    BatchConfig,
    Found,
    ImageProcessor,
    ProcessorSettings,
    Record,
    Recorded,
    RecordFile,
    RecordWriter,
    discover,
    error_record,
    find_images,
    flat_record,
    image_identity,
    open_output,
    read_recorded,
    sha256_file,
)
from assistant.errors import ExitCode, OutputError
from assistant.files import check_target
from assistant.pipeline import Request, preload_reader

__all__ = [
    "CSV_FIELDS",
    "BatchConfig",
    "BatchOptions",
    "BatchSummary",
    "Found",
    "ImageProcessor",
    "OutputError",
    "Progress",
    "ProgressBar",
    "default_jobs",
    "discover",
    "find_images",
    "flat_record",
    "preload_reader",
    "progress_for",
    "read_recorded",
    "run_batch",
]

if TYPE_CHECKING:
    pass


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
        with terminate_is_interrupt():
            pending = tasks()
            # Workers (and the dictionary) only when there is an image to read: a resumed
            # run with nothing left stops here, with no worker to start and stop half-way.
            first = next_task(pending, emit)
            if first is None:
                pass
            elif options.jobs <= 0:
                processor = ImageProcessor(settings)
                for task in itertools.chain([first], pending):
                    emit(task if isinstance(task, dict) else processor.process(*task))
            else:
                queue = itertools.chain([first], pending)
                run_pool(options.jobs, settings, options.config, queue, emit)
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
