"""A real X server for the display tests: Xvfb on a free display, with pictures in a window.

``VirtualScreen`` starts ``Xvfb -displayfd`` (the server picks a free display number and
tells us), opens one borderless window covering the screen with python-xlib, and shows a
BGR picture in it by making it the window's background pixmap, so the server itself repaints
it and nothing has to run an event loop. ``show()`` swaps the picture. ``close()`` (or the
context manager) stops the server; ``kill()`` makes it vanish abruptly, as a crashed display.

Nothing here mocks mss: the code under test captures this server like any other display.
"""

from __future__ import annotations

import os
import select
import shutil
import socket
import subprocess
import time
from types import TracebackType
from typing import Any

import numpy as np
import numpy.typing as npt

BGR = npt.NDArray[np.uint8]

SCREEN_W, SCREEN_H = 1920, 1080
DESKTOP_BGR = (72, 60, 52)  # a dull desktop blue-grey behind the pasted screenshots
START_TIMEOUT_S = 10.0


def missing_reason() -> str | None:
    """Why the display tests cannot run here, or None when they can."""
    if shutil.which("Xvfb") is None:
        return "Xvfb is not installed (apt-get install xvfb; `make test` installs it)"
    try:
        import Xlib  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return "python-xlib is not installed (pip install python-xlib)"
    return None


def desktop(
    picture: BGR,
    *,
    height: int = SCREEN_H,
    left: int = 700,
    top: int = 0,
    scale: float | None = None,
) -> BGR:
    """A SCREEN_W x SCREEN_H desktop with ``picture`` pasted at (left, top), scaled to be
    ``height`` pixels tall (or by ``scale``) with area averaging, as a phone mirrored on a
    monitor would look."""
    import cv2

    if scale is None:
        scale = height / picture.shape[0]
    small = cv2.resize(picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    canvas = np.empty((SCREEN_H, SCREEN_W, 3), np.uint8)
    canvas[:] = DESKTOP_BGR
    h = min(small.shape[0], SCREEN_H - top)
    w = min(small.shape[1], SCREEN_W - left)
    canvas[top : top + h, left : left + w] = small[:h, :w]
    return canvas


class VirtualScreen:
    """An Xvfb server with one full-screen window showing a picture."""

    def __init__(
        self, width: int = SCREEN_W, height: int = SCREEN_H, *, display: str | None = None
    ) -> None:
        """Start Xvfb on a free display, or on ``display`` (e.g. to bring one back)."""
        self.width, self.height = width, height
        read_fd, write_fd = os.pipe()
        try:
            self._proc = subprocess.Popen(
                [
                    "Xvfb",
                    *([display] if display else []),
                    "-displayfd",
                    str(write_fd),
                    "-screen",
                    "0",
                    f"{width}x{height}x24",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                pass_fds=(write_fd,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        finally:
            os.close(write_fd)
        try:
            number = _read_display_number(read_fd, self._proc)
        except BaseException:
            self._stop()
            raise
        finally:
            os.close(read_fd)
        self.display = f":{number}"
        self._conn: Any = None
        self._held: socket.socket | None = None
        self._window: Any = None
        self._pixmap: Any = None
        self._open_window()

    # ------------------------------------------------------------------ pictures

    def _open_window(self) -> None:
        from Xlib import X
        from Xlib import display as xdisplay

        self._conn = xdisplay.Display(self.display)
        screen = self._conn.screen()
        self._depth = screen.root_depth
        self._window = screen.root.create_window(
            0,
            0,
            self.width,
            self.height,
            0,
            self._depth,
            X.InputOutput,
            X.CopyFromParent,
            override_redirect=True,
            background_pixel=screen.black_pixel,
        )
        self._window.map()
        self._conn.sync()

    def show(self, picture: BGR) -> None:
        """Show a BGR picture of the screen's size (top-left at 0,0) and wait until the
        server has it."""
        from Xlib import X

        h, w = picture.shape[:2]
        if (w, h) != (self.width, self.height):
            raise ValueError(f"picture is {w}x{h}, the screen {self.width}x{self.height}")
        bgrx = np.zeros((h, w, 4), np.uint8)
        bgrx[:, :, :3] = picture
        pixmap = self._window.create_pixmap(w, h, self._depth)
        gc = pixmap.create_gc()
        # One PutImage request may hold at most max_request_length 4-byte units.
        limit = self._conn.display.info.max_request_length * 4 - 1024
        rows = max(1, limit // (w * 4))
        for y in range(0, h, rows):
            chunk = bgrx[y : y + rows]
            pixmap.put_image(
                gc, 0, y, w, chunk.shape[0], X.ZPixmap, self._depth, 0, chunk.tobytes()
            )
        gc.free()
        self._window.change_attributes(background_pixmap=pixmap)
        self._window.clear_area(0, 0, 0, 0)
        if self._pixmap is not None:
            self._pixmap.free()
        self._pixmap = pixmap
        self._conn.sync()

    # ------------------------------------------------------------------ lifetime

    def __enter__(self) -> VirtualScreen:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def running(self) -> bool:
        return self._proc.poll() is None

    def kill(self, *, hold: bool = False) -> None:
        """Make the display vanish at once, as if the X server had crashed. With ``hold``
        its number stays taken until ``close()``: the machine's next X server would take
        the freed number (``-displayfd`` picks the lowest free one), and a watch retrying
        the lost display would find a display back -- another test run's, on a shared
        machine. Holding binds the display's abstract socket without listening, so X
        servers skip the number and clients are refused at once, as by a dead display."""
        self._drop_connection()
        self._proc.kill()
        self._proc.wait(timeout=10)
        if hold:
            self._held = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self._held.bind(f"\0/tmp/.X11-unix/X{self.display.lstrip(':')}")

    def close(self) -> None:
        self._drop_connection()
        self._stop()
        held, self._held = self._held, None
        if held is not None:
            held.close()

    def _drop_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # the server is already gone
                return

    def _stop(self) -> None:
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=10)


def _read_display_number(fd: int, proc: subprocess.Popen[bytes]) -> int:
    deadline = time.monotonic() + START_TIMEOUT_S
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or proc.poll() is not None:
            raise RuntimeError(f"Xvfb did not start (exit code {proc.poll()})")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 64)
            if not chunk:
                raise RuntimeError(f"Xvfb did not start (exit code {proc.poll()})")
            data += chunk
    return int(data.strip())
