"""Live watch mode: capture -> fingerprint -> (when the board really changed) read -> solve.

The loop keeps one screen grabber for the whole run and spends almost nothing on a frame
whose board did not change: it grabs only the board's area, shrinks it to a tiny grayscale
*fingerprint* and compares that with the looks of the current board it already knows.
Only a change that holds still for a few frames (``WatchConfig.stable_frames``) is worth a
read; a read whose confident tiles agree with the current board is an overlay (a swipe path,
highlighted tiles, a score pop-up), not a new game, and its look is remembered so it costs
no second read. A new board is solved, shown on the ``WatchView`` and, with ``--output``,
appended to a JSON Lines file at once.

Modes: *searching* captures the whole monitor (or ``--region``) and tries to read a board
each time the screen settles into a new look; *tracking* captures just the board plus a
margin and goes back to searching when the board moves or disappears. A lost display is
retried with back-off (``WatchConfig.backoff_*``) for ``WatchOptions.retry_for_s`` seconds.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from assistant.capture import Frame, Grabber, Region, clip_region, open_grabber
from assistant.errors import AssistantError, BoardShapeError, CaptureError
from assistant.pipeline import BoardReading, Outcome, Request, outcome_of, preload_reader

if TYPE_CHECKING:
    from assistant.dictionary import Dictionary
    from assistant.solver import Solution

Image = npt.NDArray[np.uint8]
Fingerprint = npt.NDArray[np.uint8]
Reader = Callable[[Image], BoardReading]


@dataclass(frozen=True)
class WatchConfig:
    """Tuned numbers for watch mode.

    Fingerprint sizes and tolerances were tuned on the Wordament phone screenshots in
    fixtures/real: the board areas of two different games differ by 6.8..13 grey levels
    (mean absolute difference of 24x24 fingerprints; median 9.0), the same board re-encoded
    as JPEG q70 by 0.1 and shifted by one pixel by 1.7. A tolerance of 3.0 sits between.
    """

    board_fingerprint: int = 24  # side of the board's grayscale fingerprint, in pixels
    screen_fingerprint: tuple[int, int] = (64, 36)  # (w, h) of the whole-screen fingerprint
    board_tolerance: float = 3.0  # mean |difference| (grey levels) that counts as a change
    # On the whole screen a board is a small part of the picture: be more sensitive there (a
    # false alarm only costs one read attempt once the screen holds still).
    screen_tolerance: float = 1.0
    stable_frames: int = 3  # a changed look must hold for this many frames to be examined
    settle_interval_s: float = 0.04  # frame period while a change is settling
    known_looks: int = 8  # looks of the current board remembered (clean and with overlays)
    margin: float = 0.08  # captured around the board, as a fraction of its size per side
    move_px: int = 3  # the board box is updated when a corner moved by more than this
    # A read whose confident tiles differ from the current board in at most this fraction
    # is the same game under an overlay. Two random games agree on ~1 tile in 16.
    same_board_max_changed: float = 0.25
    max_unsure_fraction: float = 0.5  # more unsure tiles than this: the board is hidden
    backoff_first_s: float = 0.5  # first wait after the display went away
    backoff_max_s: float = 8.0  # longest wait between reconnection attempts
    stats_every_s: float = 1.0  # how often the view gets frame statistics


@dataclass(frozen=True)
class WatchOptions:
    region: Region | None = None  # search only here (screen pixels); None: the whole monitor
    monitor: int = 1  # 1 = first monitor, 0 = all monitors together
    display: str | None = None  # X display name; None: $DISPLAY
    interval_s: float = 0.25  # frame period while nothing changes
    top: int | None = None  # words per board in the JSON lines (None: all)
    dict_path: str | None = None
    once: bool = False  # stop after the first board
    max_boards: int | None = None  # stop after this many boards
    max_frames: int | None = None  # stop after this many frames (tests, benchmarks)
    output: Path | None = None  # append one JSON line per new board
    overlay: Path | None = None  # keep this PNG of the board with its top paths up to date
    retry_for_s: float = 300.0  # give up when the display stays away this long
    # game, minimum length, reader options; watch solves with best guesses and marks them
    request: Request = field(default_factory=lambda: Request(best_guess=True))
    config: WatchConfig = field(default_factory=WatchConfig)


@dataclass(frozen=True)
class BoardEvent:
    """A new board seen on the screen, read and solved (the pipeline's outcome)."""

    number: int  # 1 for the first board of the run
    outcome: Outcome
    region: Region  # the board's bounding box on the screen
    captured_at: float  # time.perf_counter() when the frame that was read was grabbed
    timestamp: str  # wall clock of that frame, ISO 8601 UTC

    @property
    def reading(self) -> BoardReading:
        reading = self.outcome.reading
        assert reading is not None  # watch outcomes are always read from a frame
        return reading

    @property
    def solution(self) -> Solution:
        solution = self.outcome.solution
        assert solution is not None  # watch always solves
        return solution

    @property
    def guessed(self) -> tuple[tuple[int, int], ...]:
        """Tiles solved with their best candidate."""
        return self.outcome.decision.guessed

    @property
    def read_ms(self) -> float:
        return self.outcome.read_ms

    @property
    def solve_ms(self) -> float:
        return self.outcome.solve_ms


@dataclass(frozen=True)
class WatchStats:
    """Running figures, given to the view about once a second."""

    frames: int
    reads: int
    boards: int
    elapsed_s: float
    idle_cpu_ms: float  # mean CPU time of a frame whose board did not change
    tracking: bool


@dataclass(frozen=True)
class WatchSummary:
    frames: int
    reads: int  # frames that were read (searching or a settled change)
    boards: int  # new boards shown
    elapsed_s: float
    idle_frames: int
    idle_cpu_ms_mean: float  # CPU per frame whose view did not change
    idle_cpu_ms_max: float
    latency_ms_max: float  # grab of the frame that was read -> its words shown
    latency_ms_mean: float
    reconnects: int
    reason: str  # why the run stopped: once, max-boards, max-frames, time, interrupted

    def describe(self) -> str:
        rate = self.frames / self.elapsed_s if self.elapsed_s > 0 else 0.0
        parts = [
            f"{self.boards} board{'s' if self.boards != 1 else ''}",
            f"{self.frames} frames in {self.elapsed_s:.1f} s ({rate:.1f}/s)",
            f"{self.reads} reads",
            f"idle frame {self.idle_cpu_ms_mean:.2f} ms CPU (max {self.idle_cpu_ms_max:.2f})",
        ]
        if self.boards:
            parts.append(
                f"words shown {self.latency_ms_mean:.0f} ms after capture "
                f"(max {self.latency_ms_max:.0f})"
            )
        if self.reconnects:
            parts.append(f"{self.reconnects} reconnects")
        return "; ".join(parts)


class WatchView(Protocol):
    """Where watch mode shows what it does (live terminal, plain lines, or a test)."""

    def status(self, message: str, *, warning: bool = False) -> None: ...

    def new_board(self, event: BoardEvent) -> None: ...

    def stats(self, stats: WatchStats) -> None: ...


# --------------------------------------------------------------------------- fingerprints


def fingerprint(pixels: Image, size: tuple[int, int], box: Region | None = None) -> Fingerprint:
    """A tiny grayscale picture of ``pixels`` (BGR or BGRA), or of ``box`` within them:
    area-averaged down to ``size`` = (width, height). Costs ~0.1 ms for a 500x500 board."""
    import cv2

    if box is not None:
        pixels = pixels[box.top : box.bottom, box.left : box.right]
    if pixels.size == 0:
        # The board's box no longer on the picture captured: the screen changed under us
        # (a display that came back as another, smaller one). The lost display's path
        # handles it; a resize of nothing was an internal error (exit 1, session 50).
        raise CaptureError(
            "the screen changed: the board's place is no longer on it",
            hint="check the display; watch searches for the board again once it is back",
        )
    small = cv2.resize(pixels, size, interpolation=cv2.INTER_AREA)
    code = cv2.COLOR_BGRA2GRAY if small.shape[2] == 4 else cv2.COLOR_BGR2GRAY
    return np.asarray(cv2.cvtColor(small, code), dtype=np.uint8)


def difference(a: Fingerprint, b: Fingerprint) -> float:
    """Mean absolute difference in grey levels (infinite when the shapes differ)."""
    if a.shape != b.shape:
        return float("inf")
    import cv2

    return float(cv2.absdiff(a, b).mean())


class Change(Enum):
    UNCHANGED = "unchanged"  # looks like something already known
    SETTLING = "settling"  # something new, not yet still for long enough
    CHANGED = "changed"  # something new that held still: examine it


class ChangeDetector:
    """Frame-by-frame verdict on fingerprints: unchanged, settling, or changed for good.

    Keeps the last ``memory`` looks that were examined (``accept``); a fingerprint within
    ``tolerance`` of one of them is unchanged. A new look must be seen ``stable_frames``
    times in a row (each within tolerance of the first) before it counts as changed.
    """

    def __init__(self, tolerance: float, stable_frames: int, memory: int) -> None:
        self.tolerance = tolerance
        self.stable_frames = max(1, stable_frames)
        self._known: deque[Fingerprint] = deque(maxlen=max(1, memory))
        self._pending: Fingerprint | None = None
        self._count = 0

    def observe(self, fp: Fingerprint) -> Change:
        if any(difference(fp, k) <= self.tolerance for k in self._known):
            self._pending, self._count = None, 0
            return Change.UNCHANGED
        if self._pending is not None and difference(fp, self._pending) <= self.tolerance:
            self._count += 1
        else:
            self._pending, self._count = fp, 1
        return Change.CHANGED if self._count >= self.stable_frames else Change.SETTLING

    def accept(self, fp: Fingerprint) -> None:
        """Remember ``fp`` as a known look (it was examined)."""
        self._known.append(fp)
        self._pending, self._count = None, 0

    def reset(self) -> None:
        """Forget every known look (a new board, or a new place to look)."""
        self._known.clear()
        self._pending, self._count = None, 0

    @property
    def known(self) -> int:
        return len(self._known)


# --------------------------------------------------------------------------- boards


def board_box(reading: BoardReading, origin: Region) -> Region:
    """The bounding box of a reading's corners, in screen pixels (``origin`` is the region
    the read image was captured from)."""
    xs = [x for x, _ in reading.corners]
    ys = [y for _, y in reading.corners]
    left, top = int(np.floor(min(xs))), int(np.floor(min(ys)))
    right, bottom = int(np.ceil(max(xs))), int(np.ceil(max(ys)))
    return Region(origin.left + left, origin.top + top, max(1, right - left), max(1, bottom - top))


def same_board(old: BoardReading, new: BoardReading, max_changed: float) -> bool:
    """Whether ``new`` is ``old`` again (perhaps under an overlay): same shape, and the tiles
    both read confidently differ in at most ``max_changed`` of them."""
    if (old.rows, old.cols) != (new.rows, new.cols):
        return False
    unsure = set(old.uncertain) | set(new.uncertain)
    both = [(r, c) for r in range(old.rows) for c in range(old.cols) if (r, c) not in unsure]
    if not both:
        return True
    changed = sum(old.tiles[r][c] != new.tiles[r][c] for r, c in both)
    return changed <= max_changed * len(both)


def event_json(event: BoardEvent, *, top: int | None) -> dict[str, Any]:
    """The ``solve --json`` object for a board, plus when and where it was seen."""
    data = event.outcome.to_json(top=top)
    data["timestamp"] = event.timestamp
    data["board_number"] = event.number
    data["region"] = [event.region.left, event.region.top, event.region.width, event.region.height]
    return data


# --------------------------------------------------------------------------- the loop


@dataclass
class _Tally:
    """Counters of one run (local to ``run_watch``; constant size, however long it runs)."""

    frames: int = 0
    reads: int = 0
    boards: int = 0
    idle_frames: int = 0
    idle_cpu_s: float = 0.0
    idle_cpu_max_s: float = 0.0
    latency_sum_ms: float = 0.0
    latency_max_ms: float = 0.0
    reconnects: int = 0


@dataclass
class _Tracking:
    """Where the board is while tracking: its box and the region captured around it."""

    board: Region
    capture: Region


class _Stop(Exception):
    """Internal: the run reached one of its limits."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Watcher:
    """The state of one run of watch mode. Built and used only by ``run_watch``."""

    def __init__(
        self,
        options: WatchOptions,
        view: WatchView,
        reader: Reader,
        dictionary: Dictionary | None,
        log: IO[str] | None,
    ) -> None:
        self.options, self.config, self.view = options, options.config, view
        self.reader, self.dictionary, self.log = reader, dictionary, log
        cfg = self.config
        self.screen_detector = ChangeDetector(cfg.screen_tolerance, cfg.stable_frames, 1)
        self.board_detector = ChangeDetector(
            cfg.board_tolerance, cfg.stable_frames, cfg.known_looks
        )
        self.tally = _Tally()
        self.tracking: _Tracking | None = None
        self.current: BoardEvent | None = None
        self.search_area: Region | None = None
        self.screen: Region | None = None
        self.last_status = ""
        self.no_board_because = ""  # why the last read found no board, when worth saying

    # ------------------------------------------------------------------ status

    def say(self, message: str, *, warning: bool = False) -> None:
        if message != self.last_status:
            self.last_status = message
            self.view.status(message, warning=warning)

    # ------------------------------------------------------------------ geometry

    def set_screen(self, grabber: Grabber) -> None:
        """Work out the screen and the area to search (after (re)connecting)."""
        opts = self.options
        if opts.region is not None:
            self.screen = grabber.monitor(0)
            area, clipped = clip_region(opts.region, self.screen)
            if clipped:
                self.say(
                    f"warning: the region {opts.region} reaches off the screen "
                    f"{self.screen}; capturing {area} instead",
                    warning=True,
                )
            self.search_area = area
        else:
            self.screen = grabber.monitor(opts.monitor)
            self.search_area = self.screen
        self.start_search()

    def start_search(self) -> None:
        self.tracking = None
        self.screen_detector.reset()

    def track(self, box: Region, frame: Frame) -> None:
        """Track the board at ``box`` (screen pixels), seen in ``frame``."""
        assert self.search_area is not None
        margin = round(self.config.margin * max(box.width, box.height))
        capture = self.search_area.intersect(box.grow(margin))
        if capture is None or not capture.contains(box):
            capture = self.search_area
        self.tracking = _Tracking(board=box, capture=capture)
        self.board_detector.reset()
        self.board_detector.accept(self.board_fp(frame, box))

    def board_fp(self, frame: Frame, box: Region) -> Fingerprint:
        side = self.config.board_fingerprint
        rel = box.offset(-frame.region.left, -frame.region.top)
        return fingerprint(frame.pixels, (side, side), rel)

    # ------------------------------------------------------------------ frames

    def capture_region(self) -> Region:
        if self.tracking is not None:
            return self.tracking.capture
        assert self.search_area is not None
        return self.search_area

    def step(self, grabber: Grabber) -> Change:
        """One frame: grab, compare, and examine the picture when it changed for good."""
        frame = grabber.grab(self.capture_region())
        self.tally.frames += 1
        if self.tracking is not None:
            fp = self.board_fp(frame, self.tracking.board)
            change = self.board_detector.observe(fp)
            if change is Change.CHANGED:
                self.examine_board(frame, fp)
        else:
            fp = fingerprint(frame.pixels, self.config.screen_fingerprint)
            change = self.screen_detector.observe(fp)
            if change is Change.CHANGED:
                self.examine_screen(frame, fp)
        return change

    def read(self, frame: Frame) -> BoardReading | None:
        """Read the board in a frame, or None when there is none to read."""
        self.tally.reads += 1
        self.no_board_because = ""
        try:
            return self.reader(frame.bgr())
        except CaptureError:
            raise
        except BoardShapeError as err:  # e.g. a --size the picture disagrees with: say so
            self.no_board_because = f" ({err})"
            return None
        except AssistantError:  # no board, a shape that is not a board, an unusable picture
            return None

    def examine_screen(self, frame: Frame, fp: Fingerprint) -> None:
        start = time.perf_counter()
        reading = self.read(frame)
        read_ms = (time.perf_counter() - start) * 1000
        if reading is None:
            self.screen_detector.accept(fp)
            self.say("waiting for a board" + self.no_board_because)
            return
        box = board_box(reading, frame.region)
        self.track(box, frame)
        self.consider(reading, frame, box, read_ms)

    def examine_board(self, frame: Frame, fp: Fingerprint) -> None:
        assert self.tracking is not None
        start = time.perf_counter()
        reading = self.read(frame)
        read_ms = (time.perf_counter() - start) * 1000
        if reading is None:
            self.say("the board is gone; waiting for a board")
            self.start_search()
            return
        box = board_box(reading, frame.region)
        assert self.search_area is not None
        if _cut_off(box, frame.region, self.search_area) or not box.intersect(self.tracking.board):
            # The board moved so far that the capture cuts it: look at the whole screen.
            self.say("the board moved; searching for it")
            self.start_search()
            return
        if _moved(box, self.tracking.board, self.config.move_px):
            self.track(box, frame)
        else:
            self.board_detector.accept(fp)
        self.consider(reading, frame, box, read_ms)

    def consider(self, reading: BoardReading, frame: Frame, box: Region, read_ms: float) -> None:
        """A board was read: show it if it is a new game."""
        cfg = self.config
        n_tiles = reading.rows * reading.cols
        unsure = reading.uncertain
        if len(unsure) > cfg.max_unsure_fraction * n_tiles:
            self.say(f"the board is hidden ({len(unsure)} of {n_tiles} tiles unreadable); waiting")
            return
        if self.current is not None and same_board(
            self.current.reading, reading, cfg.same_board_max_changed
        ):
            self.say(self.board_status(self.current, new=False))
            return
        outcome = outcome_of(reading, self.options.request, self.dictionary, read_ms=read_ms)
        self.tally.boards += 1
        event = BoardEvent(
            number=self.tally.boards,
            outcome=outcome,
            region=box,
            captured_at=frame.captured_at,
            timestamp=_timestamp(frame.captured_at),
        )
        self.current = event
        self.view.new_board(event)
        self.say(self.board_status(event, new=True), warning=bool(outcome.decision.unsure))
        latency_ms = (time.perf_counter() - frame.captured_at) * 1000
        self.tally.latency_sum_ms += latency_ms
        self.tally.latency_max_ms = max(self.tally.latency_max_ms, latency_ms)
        if self.log is not None:
            self.log.write(json.dumps(event_json(event, top=self.options.top)) + "\n")
            self.log.flush()
        if self.options.overlay is not None:
            self.draw_overlay(event, frame)
        if self.options.once:
            raise _Stop("once")
        if self.options.max_boards is not None and self.tally.boards >= self.options.max_boards:
            raise _Stop("max-boards")

    def draw_overlay(self, event: BoardEvent, frame: Frame) -> None:
        """Refresh ``--overlay``: the captured frame with the new board's top paths (written
        atomically, so a viewer never sees half a file)."""
        from assistant.overlay import BoardGeometry, save_overlay

        assert self.options.overlay is not None
        reading = event.reading
        geometry = BoardGeometry.from_corners(reading.rows, reading.cols, reading.corners)
        save_overlay(
            self.options.overlay,
            frame.bgr(),
            geometry,
            event.solution.words,
            top=self.options.top or 5,
        )

    @staticmethod
    def board_status(event: BoardEvent, *, new: bool) -> str:
        head = f"new board #{event.number}" if new else f"board #{event.number}"
        from assistant import render

        parts = render.unsure_lines(event.outcome)
        if event.outcome.decision.unknown:
            parts.append(render.game_text(event.outcome))
        return f"{head}: {', '.join(parts)}" if parts else head

    # ------------------------------------------------------------------ reconnecting

    def reconnect(self, err: CaptureError, started: float) -> Grabber:
        """The display went away: retry with back-off until it is back or time is up."""
        cfg, opts = self.config, self.options
        delay = cfg.backoff_first_s
        deadline = time.monotonic() + opts.retry_for_s
        first = reason = err.message
        self.say(
            f"{first}: watch tries to reconnect for up to {opts.retry_for_s:.0f} s "
            "(--retry-for), then stops; once it is back, watch searches for the board again",
            warning=True,
        )
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CaptureError(
                    f"{first} and did not come back within {opts.retry_for_s:.0f} s",
                    hint="check that the X server or desktop session is running, then "
                    "start watch again (--retry-for waits longer)",
                ) from err
            wait = min(delay, left)
            self.say(f"display lost ({reason}); next try in {wait:.1f} s", warning=True)
            time.sleep(wait)
            delay = min(delay * 2, cfg.backoff_max_s)
            try:
                grabber = open_grabber(opts.display)
                self.set_screen(grabber)
            except CaptureError as again:
                reason = again.message
                continue
            self.tally.reconnects += 1
            self.say("display back; searching for the board")
            return grabber

    def summary(self, started: float, reason: str) -> WatchSummary:
        t, now = self.tally, self.stats(started)
        return WatchSummary(
            frames=now.frames,
            reads=now.reads,
            boards=now.boards,
            elapsed_s=now.elapsed_s,
            idle_frames=t.idle_frames,
            idle_cpu_ms_mean=now.idle_cpu_ms,
            idle_cpu_ms_max=t.idle_cpu_max_s * 1000,
            latency_ms_max=t.latency_max_ms,
            latency_ms_mean=t.latency_sum_ms / t.boards if t.boards else 0.0,
            reconnects=t.reconnects,
            reason=reason,
        )

    def stats(self, started: float) -> WatchStats:
        t = self.tally
        return WatchStats(
            frames=t.frames,
            reads=t.reads,
            boards=t.boards,
            elapsed_s=time.perf_counter() - started,
            idle_cpu_ms=t.idle_cpu_s * 1000 / t.idle_frames if t.idle_frames else 0.0,
            tracking=self.tracking is not None,
        )


def _cut_off(box: Region, capture: Region, area: Region, edge: int = 2) -> bool:
    """Whether the board at ``box`` may reach beyond ``capture``: it touches a side of the
    capture that is not also a side of the whole search ``area``."""
    return (
        (box.left < capture.left + edge and capture.left > area.left)
        or (box.top < capture.top + edge and capture.top > area.top)
        or (box.right > capture.right - edge and capture.right < area.right)
        or (box.bottom > capture.bottom - edge and capture.bottom < area.bottom)
        or not area.intersect(box)
    )


def _moved(a: Region, b: Region, px: int) -> bool:
    return (
        abs(a.left - b.left) > px
        or abs(a.top - b.top) > px
        or abs(a.right - b.right) > px
        or abs(a.bottom - b.bottom) > px
    )


def _timestamp(perf: float) -> str:
    wall = time.time() - (time.perf_counter() - perf)
    return datetime.fromtimestamp(wall, UTC).isoformat(timespec="milliseconds")


def default_reader(request: Request) -> Reader:
    """Read a BGR frame with the full pipeline (the templates are loaded now, once)."""
    from assistant import pipeline

    preload_reader()

    def read(image: Image) -> BoardReading:
        return pipeline.read(image, request)

    return read


def run_watch(
    options: WatchOptions,
    *,
    view: WatchView,
    stop_after: float | None = None,
    reader: Reader | None = None,
    dictionary: Dictionary | None = None,
) -> WatchSummary:
    """Watch the screen until a limit is reached (``--once``, ``--max-boards``, ``max_frames``,
    ``stop_after`` seconds) or Ctrl-C, and return what happened.

    Raises CaptureError when there is no display to start with (or it stays away longer than
    ``options.retry_for_s``), MissingDependencyError without mss, WordListError for a bad
    ``--dict``, UnknownGameError for a bad ``--game``."""
    options.request.check()
    grabber = open_grabber(options.display)  # first: no display is the likeliest failure
    log: IO[str] | None = None
    try:
        reader = reader or default_reader(options.request)
        if dictionary is None:
            from assistant.dictionary import load_dictionary

            dictionary = load_dictionary(options.dict_path)
        started = time.perf_counter()
        if options.output is not None:
            log = _open_log(options.output)
        watcher = _Watcher(options, view, reader, dictionary, log)
        watcher.set_screen(grabber)
        watcher.say("waiting for a board")
        reason = "interrupted"
        try:
            grabber, reason = _loop(watcher, grabber, started, stop_after)
        except KeyboardInterrupt:
            reason = "interrupted"
        return watcher.summary(started, reason)
    finally:
        grabber.close()
        if log is not None:
            log.close()


def _loop(
    watcher: _Watcher, grabber: Grabber, started: float, stop_after: float | None
) -> tuple[Grabber, str]:
    opts, cfg, tally = watcher.options, watcher.config, watcher.tally
    next_stats = started + cfg.stats_every_s
    due = time.perf_counter()
    while True:
        now = time.perf_counter()
        if stop_after is not None and now - started >= stop_after:
            return grabber, "time"
        if opts.max_frames is not None and tally.frames >= opts.max_frames:
            return grabber, "max-frames"
        if due > now:
            time.sleep(due - now)
        cpu = time.process_time()
        frame_start = time.perf_counter()
        try:
            change = watcher.step(grabber)
        except _Stop as stop:
            return grabber, stop.reason
        except CaptureError as err:
            grabber.close()
            grabber = watcher.reconnect(err, started)
            due = time.perf_counter()
            continue
        if change is Change.UNCHANGED:
            spent = time.process_time() - cpu
            tally.idle_frames += 1
            tally.idle_cpu_s += spent
            tally.idle_cpu_max_s = max(tally.idle_cpu_max_s, spent)
        period = opts.interval_s
        if change is Change.SETTLING:
            period = min(period, cfg.settle_interval_s)
        due = frame_start + period
        if frame_start >= next_stats:
            watcher.view.stats(watcher.stats(started))
            next_stats = frame_start + cfg.stats_every_s


def _open_log(path: Path) -> IO[str]:
    from assistant.errors import OutputError

    try:
        return path.open("a", encoding="utf-8")
    except OSError as err:
        raise OutputError(
            f"cannot write {path}: {err.strerror}", hint="give a writable --output file"
        ) from None
