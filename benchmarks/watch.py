"""Watch-mode speed on a real X server (Xvfb): what a quiet frame costs, and how soon a new
board's words are shown.

    .venv/bin/python benchmarks/watch.py [--frames N] [--boards N]

1. Quiet frames: a board on the screen, watch tracking it with no pause between frames;
   CPU per frame (time.process_time: grab + fingerprint + compare) over --frames frames.
   Target: <= 10 ms.
2. New boards: the picture is swapped to another game --boards times; for each, the time
   from the grab of the frame that was read to its words being shown (read + solve + view),
   and from the swap on the screen to the words (adds the wait for the picture to hold still:
   WatchConfig.stable_frames x settle_interval_s, plus up to one interval). Target for the
   first: <= 150 ms.
Needs Xvfb and python-xlib (as the display tests do).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

# As `boggle-assistant watch` does (cli._one_numeric_thread), before numpy loads.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

import cv2  # noqa: E402
from xvfb import VirtualScreen, desktop, missing_reason  # noqa: E402

from assistant.watch import BoardEvent, WatchOptions, WatchStats, run_watch  # noqa: E402

PHONE = sorted((REPO / "fixtures" / "real" / "wordament").glob("blackmonk13_mobile_*.jpg"))


class TimingView:
    def __init__(self) -> None:
        self.events: list[tuple[BoardEvent, float]] = []
        self.statuses: list[str] = []

    def status(self, message: str, *, warning: bool = False) -> None:
        self.statuses.append(message)

    def new_board(self, event: BoardEvent) -> None:
        self.events.append((event, time.perf_counter()))

    def stats(self, stats: WatchStats) -> None:
        return


def quiet_frames(screen: VirtualScreen, frames: int) -> None:
    screen.show(desktop(cv2.imread(str(PHONE[0]))))
    view = TimingView()
    summary = run_watch(WatchOptions(interval_s=0.0, max_frames=frames), view=view)
    print(f"quiet frames: {summary.idle_frames} of {summary.frames} frames tracking the board")
    print(
        f"  CPU per quiet frame: mean {summary.idle_cpu_ms_mean:.2f} ms, "
        f"max {summary.idle_cpu_ms_max:.2f} ms (target <= 10 ms)"
    )
    print(f"  frame rate with no pause: {summary.frames / summary.elapsed_s:.0f} frames/s")


def new_boards(screen: VirtualScreen, boards: int) -> None:
    pictures = [desktop(cv2.imread(str(p))) for p in PHONE]
    screen.show(pictures[0])
    view = TimingView()
    options = WatchOptions(interval_s=0.1, max_boards=boards + 1)
    done: list[object] = []
    thread = threading.Thread(target=lambda: done.append(run_watch(options, view=view)))
    thread.start()
    while not view.events:
        time.sleep(0.01)
    swaps: list[float] = []
    for i in range(1, boards + 1):
        time.sleep(0.3)
        screen.show(pictures[i % len(pictures)])
        swaps.append(time.perf_counter())
        deadline = time.monotonic() + 20
        while len(view.events) <= i and time.monotonic() < deadline:
            time.sleep(0.005)
    thread.join(30)
    shown = view.events[1:]
    latency = [(t - e.captured_at) * 1000 for e, t in shown]
    since_swap = [(t - s) * 1000 for (_, t), s in zip(shown, swaps, strict=False)]
    reads = [e.read_ms for e, _ in shown]
    solves = [e.solve_ms for e, _ in shown]
    print(f"new boards: {len(shown)} of {boards} swaps seen")

    def line(name: str, xs: list[float]) -> str:
        return (
            f"  {name}: median {statistics.median(xs):.0f} ms, max {max(xs):.0f} ms"
            if xs
            else f"  {name}: -"
        )

    print(line("capture -> words shown", latency) + " (target <= 150 ms)")
    print(line("  of which read", reads))
    print(line("  of which solve", solves))
    print(line("picture swapped -> words shown", since_swap))
    threads = os.environ.get("OPENBLAS_NUM_THREADS")
    print(f"  (OPENBLAS_NUM_THREADS={threads}; load average {os.getloadavg()[0]:.1f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--boards", type=int, default=10)
    args = parser.parse_args(argv)
    reason = missing_reason()
    if reason:
        print(f"skipped: {reason}", file=sys.stderr)
        return 1
    with VirtualScreen() as screen:
        os.environ["DISPLAY"] = screen.display
        quiet_frames(screen, args.frames)
        new_boards(screen, args.boards)
    return 0


if __name__ == "__main__":
    sys.exit(main())
