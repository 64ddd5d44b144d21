"""Shared test set-up: the skip markers and the fixtures several test files use.

Markers (declared in pyproject.toml):

* ``tesseract``: needs the real tesseract-ocr binary; skipped with the install hint when it
  is missing (``make test`` installs it, so there it runs).
* ``display``: needs an X server to capture from (Xvfb); skipped with the reason when Xvfb or
  python-xlib is missing. The ``screen`` fixture starts one.
* ``slow``: takes more than a few seconds; ``pytest -m "not slow"`` leaves them out while
  working (``make test`` runs everything).

Every test runs with a private cache and data folder (``_private_cache_and_data``), and the
programs the tests start can be stopped with Ctrl-C (``pytest_configure``).
"""

from __future__ import annotations

import os

# One BLAS/OpenMP thread per process, as the CLI and benchmarks run (set before numpy
# loads): ``make test`` runs a worker per core, and each worker's thread pools spinning
# beside the other's cost a third of the suite's time (tests/test_fixed_values.py on 2
# cores: 128 s with the pools, 91 s without). An explicit setting wins.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import signal  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import cv2  # noqa: E402
import pytest  # noqa: E402
from xvfb import VirtualScreen, missing_reason  # noqa: E402

cv2.setNumThreads(1)  # and one OpenCV thread, for the same reason


def _tesseract_missing() -> str | None:
    from assistant.recognize import tesseract

    if tesseract.available():
        return None
    return f"tesseract-ocr is not installed ({tesseract.INSTALL_HINT})"


def pytest_configure(config: pytest.Config) -> None:
    """Let the programs the tests start see Ctrl-C. Several tests press it on a running
    ``watch`` or ``batch`` (SIGINT) and check the summary and exit code. A shell that starts
    the suite in the background (``make test &``, ``nohup``, some CI runners) ignores SIGINT,
    and an ignored signal stays ignored across ``exec``: those programs would never see the
    key and the tests would wait out their timeouts. A handled signal goes back to its
    default at ``exec``, so the suite handles it (as Python does when started normally)."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a marked test, with the reason, where what it needs is missing."""
    if item.get_closest_marker("tesseract") is not None:
        reason = _tesseract_missing()
        if reason:
            pytest.skip(reason)
    if item.get_closest_marker("display") is not None:
        reason = missing_reason()
        if reason:
            pytest.skip(reason)


@pytest.fixture
def screen() -> Iterator[VirtualScreen]:
    """A real X server (Xvfb) on a free display, stopped after the test."""
    reason = missing_reason()
    if reason:
        pytest.skip(reason)
    with VirtualScreen() as vs:
        yield vs


@pytest.fixture(autouse=True, scope="session")
def _private_cache_and_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The suite never writes into the user's real ``~/.cache/boggle-assistant`` (the
    compiled word lists and templates, ~100 MB over a run) nor reads or writes their learned
    styles in ``~/.local/share``: one temporary cache and data folder for the whole session,
    shared by in-process tests and the subprocesses they start (through the environment)."""
    root = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOGGLE_ASSISTANT_CACHE_DIR", str(root / "cache" / "boggle-assistant"))
        mp.setenv("XDG_CACHE_HOME", str(root / "cache"))
        mp.setenv("XDG_DATA_HOME", str(root / "data"))
        yield
