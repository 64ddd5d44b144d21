"""Stage 1 (live): capture the screen. The only module that touches mss or the display.

A ``Grabber`` holds one mss connection for a whole run (opening one costs a round trip to
the X server and a shared-memory segment; a grab then costs well under a millisecond of our
CPU) and hands out ``Frame``s: BGRA pixels of one screen ``Region`` plus the moment they were
taken. Every failure -- mss missing, no display, a region off the screen, the display gone
mid-run -- is a ``CaptureError`` (or ``MissingDependencyError``) whose hint says what to do.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from assistant.errors import CaptureError, MissingDependencyError

if TYPE_CHECKING:
    from types import TracebackType

BGRA = npt.NDArray[np.uint8]

INSTALL_HINT = "install it with: pip install 'mss>=9'"
NO_DISPLAY_HINT = (
    "run it inside a desktop session (X11, or XWayland on Wayland), or on a virtual screen: "
    "Xvfb :99 -screen 0 1920x1080x24 & export DISPLAY=:99"
)


def available() -> bool:
    """Whether mss can be imported (it cannot tell whether a display is reachable)."""
    try:
        import mss  # noqa: F401
    except ImportError:
        return False
    return True


def version() -> str:
    """The installed mss version. Raises MissingDependencyError when mss is missing."""
    return str(_import_mss().__version__)


def _import_mss() -> Any:
    try:
        import mss
    except ImportError:
        raise MissingDependencyError(
            "screen capture needs the Python package mss, which is not installed",
            hint=INSTALL_HINT,
        ) from None
    return mss


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Region:
    """A rectangle of the screen in pixels: ``left``/``top`` may be negative on multi-monitor
    set-ups; ``width`` and ``height`` are at least 1."""

    left: int
    top: int
    width: int
    height: int

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a region needs a positive size, not {self.width}x{self.height}")

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    @classmethod
    def parse(cls, text: str) -> Region:
        """``X,Y,W,H`` (as given to ``--region``). Raises ValueError with a readable message."""
        parts = [p.strip() for p in text.replace("x", ",").split(",")]
        try:
            left, top, width, height = (int(p) for p in parts)
        except ValueError:
            raise ValueError(
                f"{text!r} is not a region: write X,Y,W,H in screen pixels, e.g. 100,200,600,600"
            ) from None
        if width < 1 or height < 1:
            raise ValueError(f"{text!r}: the width and height must be at least 1 pixel")
        return cls(left, top, width, height)

    def intersect(self, other: Region) -> Region | None:
        """The overlap of two regions, or None when they do not overlap."""
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if right <= left or bottom <= top:
            return None
        return Region(left, top, right - left, bottom - top)

    def contains(self, other: Region) -> bool:
        return (
            self.left <= other.left
            and self.top <= other.top
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def offset(self, dx: int, dy: int) -> Region:
        return Region(self.left + dx, self.top + dy, self.width, self.height)

    def grow(self, margin: int) -> Region:
        return Region(
            self.left - margin, self.top - margin, self.width + 2 * margin, self.height + 2 * margin
        )

    def as_mss(self) -> dict[str, int]:
        return {"left": self.left, "top": self.top, "width": self.width, "height": self.height}

    def __str__(self) -> str:
        return f"{self.left},{self.top},{self.width},{self.height}"


def clip_region(region: Region, screen: Region) -> tuple[Region, bool]:
    """``region`` clipped to ``screen``, and whether anything was cut off.

    Raises CaptureError when the region lies wholly off the screen."""
    inside = region.intersect(screen)
    if inside is None:
        raise CaptureError(
            f"the region {region} (X,Y,W,H) lies outside the screen {screen}",
            hint="give a --region inside the screen, or leave it out to search the whole screen",
        )
    return inside, inside != region


@dataclass(frozen=True)
class Frame:
    """One capture: ``pixels`` are BGRA, ``height x width x 4``, of ``region``;
    ``captured_at`` is ``time.perf_counter()`` just before the grab started."""

    pixels: BGRA
    region: Region
    captured_at: float

    def bgr(self) -> npt.NDArray[np.uint8]:
        """The pixels as a contiguous BGR image (for the reader)."""
        return np.ascontiguousarray(self.pixels[:, :, :3])


# --------------------------------------------------------------------------- grabbing


class Grabber:
    """One mss connection, reused for every grab of a run. Safe to close twice.

    ``display`` names the X display (default: ``$DISPLAY``)."""

    def __init__(self, display: str | None = None) -> None:
        mss = _import_mss()
        self.display = display if display is not None else os.environ.get("DISPLAY")
        if os.name == "posix" and not self.display and not _is_macos():
            raise CaptureError(
                "there is no display to capture: $DISPLAY is not set", hint=NO_DISPLAY_HINT
            )
        factory = getattr(mss, "MSS", None) or mss.mss
        kwargs: dict[str, Any] = {"display": self.display} if display is not None else {}
        try:
            self._sct: Any = factory(**kwargs)
            monitors = self._sct.monitors
        except Exception as err:  # mss raises ScreenShotError or its XError subclasses
            where = f"the display {self.display}" if self.display else "the display"
            raise CaptureError(
                f"cannot connect to {where}: {_reason(err) or type(err).__name__}",
                hint=NO_DISPLAY_HINT,
            ) from err
        self._monitors = tuple(
            Region(int(m["left"]), int(m["top"]), int(m["width"]), int(m["height"]))
            for m in monitors
        )
        self._closed = False

    def __enter__(self) -> Grabber:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self._sct.close()
        except Exception:  # the display is already gone: nothing is left to release
            return

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def monitors(self) -> tuple[Region, ...]:
        """Index 0 is the bounding box of all monitors, 1.. the monitors themselves."""
        return self._monitors

    def monitor(self, number: int) -> Region:
        """Monitor ``number`` (1 = the first; 0 = all monitors together)."""
        if not 0 <= number < len(self._monitors):
            count = len(self._monitors) - 1
            raise CaptureError(
                f"there is no monitor {number}: this display has {count} "
                f"monitor{'s' if count != 1 else ''}",
                hint=f"give --monitor 1..{count} (or 0 for all of them together)",
            )
        return self._monitors[number]

    def grab(self, region: Region) -> Frame:
        """Capture ``region`` (which must lie on the screen: see ``clip_region``)."""
        if self._closed:
            raise CaptureError("the screen grabber was closed", hint="open a new one")
        start = time.perf_counter()
        try:
            shot = self._sct.grab(region.as_mss())
        except Exception as err:
            # mss reports a lost X connection as XError, and sometimes as an AssertionError
            # from inside its XShm backend; either way the display cannot be captured now.
            detail = _reason(err)
            raise CaptureError(
                "the display went away" + (f" ({detail})" if detail else ""),
                hint="check that the X server or desktop session is running",
            ) from err
        height, width = int(shot.height), int(shot.width)
        if width < 1 or height < 1 or len(shot.raw) != width * height * 4:
            # A server dying mid-grab can hand back an empty or short frame: that is the
            # same lost display, not a picture to read.
            raise CaptureError(
                "the display went away (it returned an incomplete picture)",
                hint="check that the X server or desktop session is running",
            )
        pixels = np.frombuffer(shot.raw, dtype=np.uint8).reshape(height, width, 4)
        return Frame(pixels=pixels, region=region, captured_at=start)


def open_grabber(display: str | None = None) -> Grabber:
    """Connect to the display (default ``$DISPLAY``). Raises CaptureError with a hint when
    there is none, MissingDependencyError when mss is not installed."""
    return Grabber(display)


def _reason(err: BaseException) -> str:
    """What the capture library said, in a few words, or "" when it said nothing useful
    (mss's XShm backend reports a vanished X server as a bare AssertionError)."""
    text = str(err).strip()
    for noise in ("Cannot connect to display:", "Connection to X server closed:"):
        text = text.removeprefix(noise).strip()
    return text


def _is_macos() -> bool:
    import sys

    return sys.platform == "darwin"
