"""Screen capture (assistant.capture): geometry, errors with hints, and real grabs on Xvfb."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from xvfb import SCREEN_H, SCREEN_W, VirtualScreen

from assistant import capture
from assistant.capture import Grabber, Region, clip_region, open_grabber
from assistant.cli import main
from assistant.errors import CaptureError, ExitCode, MissingDependencyError


def _picture(seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, size=(SCREEN_H, SCREEN_W, 3), dtype=np.uint8)


# --------------------------------------------------------------------------- geometry


def test_region_parse_and_errors() -> None:
    assert Region.parse("10, 20,300,400") == Region(10, 20, 300, 400)
    assert Region.parse("-5,0,10,10").left == -5
    with pytest.raises(ValueError, match="X,Y,W,H"):
        Region.parse("1,2,3")
    with pytest.raises(ValueError, match="at least 1 pixel"):
        Region.parse("0,0,0,10")
    with pytest.raises(ValueError):
        Region(0, 0, -1, 5)


def test_region_arithmetic() -> None:
    a = Region(0, 0, 100, 50)
    assert a.right == 100 and a.bottom == 50
    assert a.intersect(Region(90, 40, 20, 20)) == Region(90, 40, 10, 10)
    assert a.intersect(Region(100, 0, 5, 5)) is None
    assert a.contains(Region(10, 10, 5, 5)) and not a.contains(Region(95, 0, 10, 5))
    assert Region(10, 10, 5, 5).grow(2) == Region(8, 8, 9, 9)
    assert str(Region(1, 2, 3, 4)) == "1,2,3,4"


def test_clip_region_cuts_what_lies_off_screen() -> None:
    screen = Region(0, 0, 1920, 1080)
    inside, clipped = clip_region(Region(100, 100, 200, 200), screen)
    assert inside == Region(100, 100, 200, 200) and not clipped
    inside, clipped = clip_region(Region(1800, -50, 300, 300), screen)
    assert inside == Region(1800, 0, 120, 250) and clipped


def test_clip_region_wholly_off_screen_is_a_capture_error() -> None:
    with pytest.raises(CaptureError) as info:
        clip_region(Region(5000, 5000, 10, 10), Region(0, 0, 1920, 1080))
    assert info.value.exit_code == ExitCode.CAPTURE_FAILED
    assert "outside the screen" in str(info.value) and info.value.hint


# --------------------------------------------------------------------------- errors


def test_no_display_is_a_capture_error_with_a_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(CaptureError) as info:
        open_grabber()
    assert "DISPLAY is not set" in info.value.message
    assert info.value.hint is not None and "Xvfb" in info.value.hint


def test_unreachable_display_is_a_capture_error() -> None:
    # Display numbers this high are never served here (and mss must really try to connect).
    with pytest.raises(CaptureError, match="cannot connect to the display :4711"):
        Grabber(":4711")


def test_missing_mss_is_a_missing_dependency(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mss", None)  # `import mss` now raises ImportError
    assert capture.available() is False
    with pytest.raises(MissingDependencyError, match="pip install"):
        open_grabber(":0")
    with pytest.raises(MissingDependencyError):
        capture.version()


def test_mss_is_available_here() -> None:
    assert capture.available()
    assert capture.version()[0].isdigit()


def test_cli_watch_without_display_exits_with_capture_failed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    code = main(["watch", "--once", "--output", str(tmp_path / "boards.jsonl")])
    err = capsys.readouterr().err
    assert code == ExitCode.CAPTURE_FAILED
    assert "no display to capture" in err and "Traceback" not in err


# --------------------------------------------------------------------------- real grabs


@pytest.mark.display
def test_grab_returns_the_pixels_on_screen(screen: VirtualScreen) -> None:
    picture = _picture()
    screen.show(picture)
    with open_grabber(screen.display) as grabber:
        assert grabber.monitor(1) == Region(0, 0, SCREEN_W, SCREEN_H)
        frame = grabber.grab(Region(300, 200, 64, 48))
        assert frame.pixels.shape == (48, 64, 4)
        assert np.array_equal(frame.bgr(), picture[200:248, 300:364])
        full = grabber.grab(grabber.monitor(1))
        assert np.array_equal(full.bgr(), picture)
        screen.show(_picture(2))
        again = grabber.grab(Region(300, 200, 64, 48))
        assert not np.array_equal(again.bgr(), frame.bgr())


@pytest.mark.display
def test_grabber_errors_and_double_close(screen: VirtualScreen) -> None:
    grabber = open_grabber(screen.display)
    with pytest.raises(CaptureError, match="no monitor 7"):
        grabber.monitor(7)
    grabber.close()
    grabber.close()  # safe twice
    assert grabber.closed
    with pytest.raises(CaptureError, match="closed"):
        grabber.grab(Region(0, 0, 10, 10))


@pytest.mark.display
def test_display_gone_mid_run_is_a_capture_error(screen: VirtualScreen) -> None:
    grabber = open_grabber(screen.display)
    grabber.grab(Region(0, 0, 10, 10))
    screen.kill()
    with pytest.raises(CaptureError, match=r"^the display went away") as err:
        grabber.grab(Region(0, 0, 10, 10))
    assert "AssertionError" not in str(err.value)  # mss's bare assert is not a message
    grabber.close()  # must not raise although the server is gone


@pytest.mark.display
@pytest.mark.parametrize("width,height,raw", [(0, 0, b""), (10, 10, b"\0" * 40)])
def test_an_incomplete_frame_is_a_lost_display(
    screen: VirtualScreen, width: int, height: int, raw: bytes
) -> None:
    """A server dying mid-grab can hand mss an empty or short picture; watch must hear
    'the display went away', never an OpenCV error from resizing nothing."""

    class DyingScreen:  # what mss's grab returned as the X server went down
        def __init__(self, real: object) -> None:
            self.real = real

        def grab(self, monitor: object) -> object:
            shot = type("Shot", (), {"width": width, "height": height, "raw": raw})
            return shot()

        def close(self) -> None:
            self.real.close()  # type: ignore[attr-defined]

    grabber = open_grabber(screen.display)
    grabber._sct = DyingScreen(grabber._sct)
    with pytest.raises(CaptureError, match=r"^the display went away"):
        grabber.grab(Region(0, 0, 10, 10))
    grabber.close()
