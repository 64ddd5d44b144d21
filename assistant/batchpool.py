"""The batch worker pool: processes fed images over their own pipe, a few at a time
(``BatchConfig.tasks_ahead``) and read in the order sent, so the parent always knows which
image a worker was on when it died (a ``worker-crashed`` record; the images queued behind it
go to the other workers), and a dead worker is replaced. Each worker builds one
``ImageProcessor`` (dictionary and templates loaded once).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from assistant.batchrecords import (
    BatchConfig,
    ImageProcessor,
    ProcessorSettings,
    Record,
    error_record,
)
from assistant.errors import AssistantError

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import SpawnProcess


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
def terminate_is_interrupt() -> Iterator[None]:
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


Task = tuple[str, str | None]  # (path, sha256)


@dataclass
class _Worker:
    process: SpawnProcess
    conn: Connection
    ready: bool = False
    # Sent and not yet answered, in the order sent: the first is the one being read.
    tasks: deque[Task] = field(default_factory=deque)
    started: float = field(default_factory=time.monotonic)


class _Pool:
    """Worker processes fed tasks over their own pipe, read in the order sent, so the
    parent always knows which image a worker was on when it died."""

    def __init__(self, jobs: int, settings: ProcessorSettings, config: BatchConfig) -> None:
        import multiprocessing

        self._ctx = multiprocessing.get_context("spawn")
        self.settings, self.config = settings, config
        self.workers: list[_Worker] = []
        self.retry: deque[Task] = deque()  # queued behind a crash: sent again first
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


def run_pool(
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
    ahead = max(1, config.tasks_ahead)
    try:
        exhausted = False
        while True:
            # Fill every ready worker's queue, idle workers first (so that the last images
            # of a run are spread over the workers).
            for depth in range(1, ahead + 1):
                for w in pool.workers:
                    if not w.ready or len(w.tasks) >= depth:
                        continue
                    task = pool.retry.popleft() if pool.retry else None
                    if task is None and not exhausted:
                        task = next_task(tasks, emit)
                        exhausted = task is None
                    if task is None:
                        continue
                    if not _send(pool, w, task, emit):
                        break  # the workers changed: look again
            busy = [w for w in pool.workers if w.tasks or not w.ready]
            if exhausted and not pool.retry and not any(w.tasks for w in pool.workers):
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


def _send(pool: _Pool, w: _Worker, task: Task, emit: Callable[[Record], None]) -> bool:
    """Send ``task`` to ``w``; False if the worker died since the last look (killed, out of
    memory). The task never reached it: it goes back to the front of the retry queue, for
    another worker. The records the worker sent before dying are taken, then its death is a
    crash (charged to the image it was on, if any) and it is replaced: a broken pipe does
    not end the batch."""
    try:
        w.conn.send(task)
    except OSError:  # BrokenPipeError, ConnectionResetError: the worker is gone
        pool.retry.appendleft(task)
        try:
            while w.conn.poll(0):
                _handle(pool, w, w.conn.recv(), emit)
        except (EOFError, OSError):
            pass
        _crashed(pool, w, emit)
        return False
    w.tasks.append(task)
    return True


def next_task(
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
        w.tasks.popleft()
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
    if w.tasks:
        path, sha = w.tasks.popleft()
        how = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        emit(
            error_record(
                path,
                sha,
                "worker-crashed",
                f"the reading process died ({how}) on this image; it was skipped",
            )
        )
    pool.retry.extend(w.tasks)  # queued behind it, never started: read by another worker
    w.tasks.clear()
    pool.replace(w)
