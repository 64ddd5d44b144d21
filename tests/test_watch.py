"""Watch mode (assistant.watch, assistant.live): fingerprints, change detection, and the loop
on a real X server (Xvfb) showing real screenshots, captured with mss as on a desktop."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from rich.console import Console
from xvfb import VirtualScreen, desktop

from assistant.capture import Region
from assistant.live import LiveView, PlainView, summary_text
from assistant.read import BoardReading
from assistant.watch import (
    BoardEvent,
    Change,
    ChangeDetector,
    WatchConfig,
    WatchOptions,
    WatchStats,
    WatchSummary,
    board_box,
    difference,
    event_json,
    fingerprint,
    run_watch,
    same_board,
)

REPO = Path(__file__).resolve().parent.parent
REAL = REPO / "fixtures" / "real"
LABELS = {entry["file"]: entry for entry in json.loads((REAL / "labels.json").read_text())}
BOARD_A = "wordament/blackmonk13_mobile_regular.jpg"
BOARD_B = "wordament/blackmonk13_mobile_2_letter.jpg"
BOARD_C = "wordament/blackmonk13_mobile_regular_suffix.jpg"
# The tile grid of the 1080x2400 phone screenshots (all from one phone, same layout),
# measured on the images: used where a test needs the board area without the reader.
PHONE_BOARD = Region(25, 505, 1048, 1048)


def _image(name: str) -> np.ndarray:
    image = cv2.imread(str(REAL / name))
    assert image is not None, name
    return image


def _letters(name: str) -> list[list[str]]:
    return [[t.upper() for t in row] for row in LABELS[name]["letters"]]


def _reading(tiles: list[list[str]], unsure: Collection[tuple[int, int]] = ()) -> BoardReading:
    rows, cols = len(tiles), len(tiles[0])
    shown = tuple(
        tuple("?" if (r, c) in unsure else tiles[r][c] for c in range(cols)) for r in range(rows)
    )
    return BoardReading(
        rows=rows,
        cols=cols,
        tiles=shown,
        confidence=tuple(
            tuple(0.3 if (r, c) in unsure else 0.99 for c in range(cols)) for r in range(rows)
        ),
        candidates=tuple(tuple(((tiles[r][c], 0.5),) for c in range(cols)) for r in range(rows)),
        values=None,
        bonuses=None,
        game=None,
        corners=((10.0, 20.0), (110.0, 20.0), (110.0, 120.0), (10.0, 120.0)),
        elapsed_ms=1.0,
    )


# --------------------------------------------------------------------------- fingerprints


def test_fingerprint_tells_boards_apart_and_ignores_noise() -> None:
    cfg = WatchConfig()
    size = (cfg.board_fingerprint, cfg.board_fingerprint)
    a, b = _image(BOARD_A), _image(BOARD_B)
    fa, fb = fingerprint(a, size, PHONE_BOARD), fingerprint(b, size, PHONE_BOARD)
    assert fa.shape == (24, 24) and fa.dtype == np.uint8
    assert difference(fa, fb) > 2 * cfg.board_tolerance  # a new game
    _, jpeg = cv2.imencode(".jpg", a, [cv2.IMWRITE_JPEG_QUALITY, 70])
    again = np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), dtype=np.uint8)
    assert difference(fa, fingerprint(again, size, PHONE_BOARD)) < cfg.board_tolerance / 4
    shifted = fingerprint(a, size, PHONE_BOARD.offset(1, 1))
    assert difference(fa, shifted) < cfg.board_tolerance
    bgra = np.asarray(cv2.cvtColor(a, cv2.COLOR_BGR2BGRA), dtype=np.uint8)
    assert difference(fa, fingerprint(bgra, size, PHONE_BOARD)) <= 1.0
    assert difference(fa, fingerprint(a, (16, 16), PHONE_BOARD)) == float("inf")


def test_a_board_box_off_the_captured_picture_is_a_capture_error() -> None:
    # make test, session 50: a display that came back as another, smaller one left the
    # tracked board's box off the picture, and watch stopped with an internal error (an
    # OpenCV resize of nothing, exit 1). It is the lost display's error, with its hint.
    from assistant.errors import CaptureError

    small = np.zeros((100, 80, 3), np.uint8)
    with pytest.raises(CaptureError, match="screen changed") as info:
        fingerprint(small, (24, 24), PHONE_BOARD)
    assert info.value.hint
    assert fingerprint(small, (24, 24)).shape == (24, 24)


def test_change_detector_needs_a_stable_new_look() -> None:
    det = ChangeDetector(tolerance=3.0, stable_frames=3, memory=4)
    board = np.full((24, 24), 100, np.uint8)
    det.accept(board)
    assert det.observe(board) is Change.UNCHANGED
    swipe = board.copy()
    swipe[5:9, :] = 250  # a finger's path across a row: a big local change
    # A transient overlay (two frames) never counts as a change.
    assert det.observe(swipe) is Change.SETTLING
    assert det.observe(swipe) is Change.SETTLING
    assert det.observe(board) is Change.UNCHANGED
    # A moving overlay never holds still: still settling.
    for y in range(0, 20, 4):
        moving = board.copy()
        moving[y : y + 4, :] = 250
        assert det.observe(moving) is Change.SETTLING
    # A new look that holds for three frames is a change, until it is accepted.
    new = np.full((24, 24), 160, np.uint8)
    assert [det.observe(new) for _ in range(3)] == [
        Change.SETTLING,
        Change.SETTLING,
        Change.CHANGED,
    ]
    det.accept(new)
    assert det.observe(new) is Change.UNCHANGED
    assert det.observe(board) is Change.UNCHANGED  # both looks are known now
    det.reset()
    assert det.known == 0 and det.observe(board) is Change.SETTLING


def test_change_detector_memory_is_bounded() -> None:
    det = ChangeDetector(tolerance=1.0, stable_frames=1, memory=3)
    for level in range(0, 200, 10):
        det.accept(np.full((8, 8), level, np.uint8))
    assert det.known == 3
    assert det.observe(np.full((8, 8), 0, np.uint8)) is Change.CHANGED  # forgotten


def test_same_board_tolerates_overlays_but_not_a_new_game() -> None:
    a, b = _letters(BOARD_A), _letters(BOARD_B)
    old = _reading(a)
    assert same_board(old, _reading(a), 0.25)
    # A swipe path hides three tiles (unsure) and makes one misread: still the same game.
    covered = [row[:] for row in a]
    covered[0][0] = "X"
    assert same_board(old, _reading(covered, {(1, 1), (1, 2), (2, 2)}), 0.25)
    assert not same_board(old, _reading(b), 0.25)
    assert not same_board(old, _reading([row[:3] for row in a[:3]]), 0.25)


def test_board_box_is_in_screen_pixels() -> None:
    box = board_box(_reading(_letters(BOARD_A)), Region(700, 300, 400, 400))
    assert box == Region(710, 320, 100, 100)


def test_event_json_is_the_solve_json_plus_when_and_where() -> None:
    from assistant import pipeline

    reading = _reading(_letters(BOARD_A), {(0, 1)})
    request = pipeline.Request(game="wordament", best_guess=True)
    outcome = pipeline.outcome_of(reading, request, None, read_ms=40.0)
    solution = outcome.solution
    assert solution is not None
    event = BoardEvent(
        number=2,
        outcome=outcome,
        region=Region(710, 320, 100, 100),
        captured_at=time.perf_counter(),
        timestamp="2025-01-01T00:00:00.000+00:00",
    )
    data = event_json(event, top=5)
    assert set(outcome.to_json()) <= set(data)
    assert len(data["words"]) == 5 and data["game"] == "wordament"
    assert data["reading"]["uncertain"] == [[0, 1]] and data["guessed"] == [[0, 1]]
    assert data["unsure"][0]["part"] == "letter" and data["timings"]["read_ms"] == 40.0
    assert data["timestamp"].startswith("2025-01-01T") and data["board_number"] == 2
    assert data["region"] == [710, 320, 100, 100]
    json.dumps(data)
    # The views draw it without errors; the plain view prints one line per board.
    console = Console(record=True, width=100, force_terminal=True)
    view = LiveView(console, top=5, where="monitor 1")
    with view:
        view.status("new board #2: tile r1c2 unsure (S?)", warning=True)
        view.new_board(event)
        view.stats(WatchStats(10, 1, 1, 2.0, 0.5, True))
    text = console.export_text()
    assert "R1C2" not in text and "tile r1c2 unsure" in text
    assert solution.words[0].word.upper() in text and "tracking the board" in text
    out, err = _Sink(), _Sink()
    plain = PlainView(out, err, top=3)  # type: ignore[arg-type]
    plain.new_board(event)
    plain.status("waiting for a board")
    assert out.text.count("\n") == 1 and "waiting for a board" in err.text


@dataclass
class _Sink:
    text: str = ""

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        return None


# --------------------------------------------------------------------------- on a real X server


@dataclass
class RecordingView:
    """Keeps what watch mode shows, for the test to look at (thread-safe enough: lists)."""

    statuses: list[str] = field(default_factory=list)
    events: list[BoardEvent] = field(default_factory=list)
    last_stats: WatchStats | None = None
    on_stats: Callable[[WatchStats], None] | None = None

    def status(self, message: str, *, warning: bool = False) -> None:
        self.statuses.append(message)

    def new_board(self, event: BoardEvent) -> None:
        self.events.append(event)

    def stats(self, stats: WatchStats) -> None:
        self.last_stats = stats
        if self.on_stats is not None:
            self.on_stats(stats)


class WatchThread:
    """run_watch in a background thread (the test thread changes the screen meanwhile)."""

    def __init__(self, options: WatchOptions, view: RecordingView, stop_after: float) -> None:
        self.summary: WatchSummary | None = None
        self.error: BaseException | None = None

        def run() -> None:
            try:
                self.summary = run_watch(options, view=view, stop_after=stop_after)
            except BaseException as err:
                self.error = err

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def join(self, timeout: float) -> WatchSummary:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "watch did not stop"
        if self.error is not None:
            raise self.error
        assert self.summary is not None
        return self.summary


def _wait_for(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _tiles(event_or_json: Any) -> list[list[str]]:
    if isinstance(event_or_json, BoardEvent):
        return [list(row) for row in event_or_json.reading.tiles]
    return [list(row) for row in event_or_json["reading"]["tiles"]]


def _fast(screen: VirtualScreen, **kw: Any) -> WatchOptions:
    return WatchOptions(display=screen.display, interval_s=0.05, **kw)


@pytest.mark.display
def test_cli_watch_reads_each_new_board_into_jsonl(screen: VirtualScreen, tmp_path: Path) -> None:
    """The whole command on a display: board A, then the picture swaps to board B."""
    out = tmp_path / "boards.jsonl"
    screen.show(desktop(_image(BOARD_A)))
    env = dict(os.environ, DISPLAY=screen.display)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "assistant",
            "watch",
            "--max-boards",
            "2",
            "--interval",
            "0.05",
            "--output",
            str(out),
            "--overlay",
            str(tmp_path / "paths.png"),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        first = _wait_for(lambda: out.exists() and out.read_text().splitlines(), 60, "board A")
        screen.show(desktop(_image(BOARD_B), left=300))
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(first) == 1 and len(lines) == 2
    assert _tiles(lines[0]) == _letters(BOARD_A)
    assert _tiles(lines[1]) == _letters(BOARD_B)
    for data in lines:
        assert data["words"] and data["words"][0]["path"] and data["timestamp"]
        assert data["game"] == "wordament"  # as the reader recognized it
    assert lines[1]["region"][0] < lines[0]["region"][0]  # found the board where it moved
    # --overlay was refreshed for the last board: the captured area with paths drawn on it
    drawn = cv2.imread(str(tmp_path / "paths.png"))
    assert drawn is not None and drawn.shape[0] >= lines[1]["region"][3]
    assert stdout.count("\n") == 2  # one plain line per board when stdout is not a terminal
    assert "stopped after --max-boards" in stderr


@pytest.mark.display
def test_overlays_do_not_make_a_new_board(screen: VirtualScreen) -> None:
    a = desktop(_image(BOARD_A))
    screen.show(a)
    view = RecordingView()
    watch = WatchThread(_fast(screen, max_boards=2), view, stop_after=60)
    _wait_for(lambda: view.events, 30, "board A")
    box = view.events[0].region
    # A finger's swipe path across three tiles, held still for a while.
    swiped = a.copy()
    y = box.top + box.height // 8
    cv2.line(
        swiped,
        (box.left + 20, y),
        (box.left + box.width // 2, y + box.height // 4),
        (40, 200, 255),
        18,
    )
    screen.show(swiped)
    time.sleep(1.0)
    # Highlighted tiles (a tint over the first row), and a score pop-up beside the board.
    tinted = a.copy()
    row = tinted[box.top : box.top + box.height // 4, box.left : box.right]
    row[:] = (row * 0.6 + np.array([0, 120, 0]) * 0.4).astype(np.uint8)
    cv2.putText(
        tinted,
        "+24",
        (box.right + 10, box.top + 40),
        cv2.FONT_HERSHEY_SIMPLEX,
        1.5,
        (255, 255, 255),
        3,
    )
    screen.show(tinted)
    time.sleep(1.0)
    screen.show(a)
    time.sleep(0.5)
    assert len(view.events) == 1, [e.reading.tiles for e in view.events]
    screen.show(desktop(_image(BOARD_C)))
    summary = watch.join(60)
    assert summary.reason == "max-boards" and len(view.events) == 2
    # The tinted row was read (a settled change) and judged the same game.
    assert summary.reads >= 3 and "board #1" in view.statuses
    assert _tiles(view.events[1]) == _letters(BOARD_C)
    assert "waiting for a board" in view.statuses
    assert any(s.startswith("new board #2") for s in view.statuses)
    assert summary.idle_cpu_ms_mean <= 10.0


@pytest.mark.display
def test_region_partly_off_screen_is_clipped_with_a_warning(screen: VirtualScreen) -> None:
    screen.show(desktop(_image(BOARD_A), left=1400))
    view = RecordingView()
    summary = run_watch(
        _fast(screen, region=Region(1300, 100, 900, 900), once=True), view=view, stop_after=30
    )
    assert summary.reason == "once"
    assert any("reaches off the screen" in s and "1300,100,620,900" in s for s in view.statuses)
    assert _tiles(view.events[0]) == _letters(BOARD_A)


@pytest.mark.display
def test_display_lost_is_retried_with_back_off_then_given_up(screen: VirtualScreen) -> None:
    from assistant.errors import CaptureError

    screen.show(desktop(_image(BOARD_A)))
    view = RecordingView()
    options = replace(_fast(screen, retry_for_s=1.5), config=WatchConfig(backoff_first_s=0.2))
    watch = WatchThread(options, view, stop_after=60)
    _wait_for(lambda: view.events, 30, "board A")
    screen.kill(hold=True)  # no other X server (another test run's) comes up in its place
    with pytest.raises(CaptureError, match="did not come back within 2 s"):
        watch.join(30)
    lost = [s for s in view.statuses if s.startswith("display lost")]
    assert len(lost) >= 2  # said so, more than once, with growing waits
    waits = [float(s.rsplit("in ", 1)[1].split(" s")[0]) for s in lost]
    assert waits[1] > waits[0]


@pytest.mark.display
def test_display_coming_back_is_reconnected(screen: VirtualScreen) -> None:
    screen.show(desktop(_image(BOARD_A)))
    view = RecordingView()
    options = replace(
        _fast(screen, max_boards=2, retry_for_s=30), config=WatchConfig(backoff_first_s=0.2)
    )
    watch = WatchThread(options, view, stop_after=90)
    _wait_for(lambda: view.events, 30, "board A")
    display = screen.display
    screen.kill(hold=True)  # held until it comes back, so no other X server takes the number
    _wait_for(lambda: any(s.startswith("display lost") for s in view.statuses), 10, "lost")
    screen.close()  # frees the number for the server that comes back on it
    with VirtualScreen(display=display) as again:
        again.show(desktop(_image(BOARD_B)))
        summary = watch.join(60)
    assert summary.reconnects == 1 and summary.boards == 2
    assert "display back; searching for the board" in view.statuses
    assert _tiles(view.events[1]) == _letters(BOARD_B)


@pytest.mark.display
@pytest.mark.slow
def test_memory_and_cpu_stay_flat_over_10000_frames(screen: VirtualScreen) -> None:
    screen.show(desktop(_image(BOARD_A)))
    samples: dict[int, int] = {}

    def sample(stats: WatchStats) -> None:
        if stats.frames >= 1000 and 1000 not in samples:
            tracemalloc.start()
            samples[1000] = tracemalloc.get_traced_memory()[0]
        elif stats.frames >= 10_000:
            samples[10_000] = tracemalloc.get_traced_memory()[0]

    view = RecordingView(on_stats=sample)
    options = replace(
        WatchOptions(display=screen.display, interval_s=0.0, max_frames=10_000),
        config=WatchConfig(stats_every_s=0.0),
    )
    try:
        summary = run_watch(options, view=view, stop_after=300)
    finally:
        tracemalloc.stop()
    assert summary.frames == 10_000 and summary.boards == 1
    assert summary.idle_frames > 9_900
    growth = samples[10_000] - samples[1000]
    assert growth < 200_000, f"memory grew by {growth} bytes over 9,000 frames"
    assert view.last_stats is not None and view.last_stats.tracking
    assert summary.idle_cpu_ms_mean <= 10.0
    assert "frames" in summary_text(summary)


@pytest.mark.display
def test_ctrl_c_exits_0_with_a_summary(screen: VirtualScreen, tmp_path: Path) -> None:
    out = tmp_path / "boards.jsonl"
    screen.show(desktop(_image(BOARD_A)))
    env = dict(os.environ, DISPLAY=screen.display)
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant", "watch", "--interval", "0.05", "--output", str(out)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        _wait_for(lambda: out.exists() and out.read_text(), 60, "board A")
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, stderr
    assert "watch stopped (Ctrl-C): 1 board" in stderr and "Traceback" not in stderr
    assert len(out.read_text().splitlines()) == 1
