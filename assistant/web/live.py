"""The live view: a watch of the screen in a thread, its boards pushed to every open page.

``LiveWatch`` runs ``assistant.watch.run_watch`` in a thread with a view that hands each
status line and each new board to the ``Broadcaster``; the broadcaster fans them out to the
pages connected to ``GET /api/live`` as server-sent events. A page that connects late gets
the latest status and board at once. ``stop()`` ends the watch within about a second (the
watch loop ends on KeyboardInterrupt exactly as on Ctrl-C: grabber closed, summary kept).
"""

from __future__ import annotations

import asyncio
import json
import math
import threading
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from assistant.errors import AssistantError
from assistant.watch import BoardEvent, WatchOptions, WatchStats, WatchSummary

if TYPE_CHECKING:
    from assistant.capture import Grabber

KEEPALIVE_S = 15.0  # a comment line this often keeps proxies and the browser from timing out
QUEUE_LIMIT = 16  # events held for a slow page; the oldest are dropped past this
PICTURES_KEPT = 3  # live boards whose screen picture is kept for the page
JPEG_QUALITY = 85
_CLOSED = ("closed", None)


def sse(kind: str, data: Any) -> str:
    """One server-sent event."""
    return f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class Broadcaster:
    """Fan-out of live events to the pages. ``publish`` may be called from any thread; the
    queues live on the server's event loop (``attach`` is called there, at startup)."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: set[asyncio.Queue[tuple[str, Any]]] = set()
        self._latest: dict[str, Any] = {}
        self._closed = False
        self._pictures: dict[int, bytes] = {}  # board number -> JPEG of its screen area
        self._pictures_lock = threading.Lock()

    def set_picture(self, number: int, jpeg: bytes) -> None:
        """Keep the picture of live board ``number`` (the last few only). Any thread."""
        with self._pictures_lock:
            self._pictures[number] = jpeg
            for old in sorted(self._pictures)[:-PICTURES_KEPT]:
                del self._pictures[old]

    def picture(self, number: int) -> bytes | None:
        with self._pictures_lock:
            return self._pictures.get(number)

    def attach(self) -> None:
        self._loop = asyncio.get_running_loop()

    def publish(self, kind: str, data: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._fan_out, kind, data)
        except RuntimeError:  # the loop is shutting down
            return

    def _fan_out(self, kind: str, data: Any) -> None:
        if kind in ("status", "board"):
            self._latest[kind] = data
        for queue in self._queues:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait((kind, data))

    def close(self) -> None:
        """End every stream (the server is stopping). Safe from any thread, twice."""
        self._closed = True
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        for queue in list(self._queues):
            try:
                loop.call_soon_threadsafe(queue.put_nowait, _CLOSED)
            except (RuntimeError, asyncio.QueueFull):
                continue

    async def stream(self) -> AsyncIterator[str]:
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue(maxsize=QUEUE_LIMIT + 1)
        self._queues.add(queue)
        try:
            yield "retry: 2000\n\n"
            for kind in ("status", "board"):
                if kind in self._latest:
                    yield sse(kind, self._latest[kind])
            while not self._closed:
                try:
                    kind, data = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if (kind, data) == _CLOSED:
                    return
                yield sse(kind, data)
        finally:
            self._queues.discard(queue)


class _Stopped(KeyboardInterrupt):
    """Raised inside the watch loop to end it (it treats this as Ctrl-C)."""


class _View:
    """The WatchView of the live page."""

    def __init__(self, owner: LiveWatch) -> None:
        self.owner = owner

    def status(self, message: str, *, warning: bool = False) -> None:
        self.owner.check_stop()
        self.owner.broadcaster.publish("status", {"message": message, "warning": warning})

    def new_board(self, event: BoardEvent) -> None:
        data = event_outcome_json(event)
        picture = self.owner.snapshot(event)
        if picture is not None:
            jpeg, corners = picture
            self.owner.broadcaster.set_picture(event.number, jpeg)
            data["picture"] = {"url": f"/api/live/picture/{event.number}", "corners": corners}
        self.owner.broadcaster.publish("board", data)

    def stats(self, stats: WatchStats) -> None:
        self.owner.check_stop()


def event_outcome_json(event: BoardEvent) -> dict[str, Any]:
    """The ``solve --json`` object of a board seen by the watch, plus when and where."""
    from assistant.watch import event_json

    return event_json(event, top=None)


class LiveWatch:
    """``serve --watch``: run_watch in a daemon thread until ``stop()``."""

    def __init__(
        self,
        options: WatchOptions,
        broadcaster: Broadcaster,
        *,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.options = options
        self.broadcaster = broadcaster
        self.say = say or (lambda message: None)
        self.summary: WatchSummary | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._grabber: Grabber | None = None

    def snapshot(self, event: BoardEvent) -> tuple[bytes, list[list[float]]] | None:
        """A JPEG of the board's area of the screen, and the board's corners in it, so the
        page can draw paths on the picture; None when it cannot be had (never an error:
        the board itself is already on its way)."""
        import cv2

        from assistant.capture import open_grabber

        try:
            if self._grabber is None:
                self._grabber = open_grabber(self.options.display)
            frame = self._grabber.grab(event.region)
            ok, jpeg = cv2.imencode(".jpg", frame.bgr(), [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        except (AssistantError, cv2.error, OSError):  # capture gone or encoding failed
            return None
        if not ok:
            return None
        # event.region is the bounding box of the corners (assistant.watch.board_box).
        xs = [x for x, _ in event.reading.corners]
        ys = [y for _, y in event.reading.corners]
        dx, dy = math.floor(min(xs)), math.floor(min(ys))
        corners = [[round(x - dx, 1), round(y - dy, 1)] for x, y in event.reading.corners]
        return jpeg.tobytes(), corners

    def check_stop(self) -> None:
        if self._stop.is_set():
            raise _Stopped()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="live-watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        from assistant.watch import run_watch

        try:
            self.summary = run_watch(self.options, view=_View(self))
        except _Stopped:  # stopped before the watch loop started
            return
        except AssistantError as err:
            self._failed(f"the live view stopped: {err}")
        except Exception as err:  # a bug: keep the server up, say so on the page
            self._failed(f"the live view stopped: internal error {type(err).__name__}: {err}")
        finally:
            if self._grabber is not None:
                self._grabber.close()

    def _failed(self, message: str) -> None:
        self.say(f"error: {message}")
        self.broadcaster.publish("status", {"message": message, "error": True})

    def stop(self, timeout: float = 10.0) -> None:
        """Ask the watch to end and wait for it (safe to call twice)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
