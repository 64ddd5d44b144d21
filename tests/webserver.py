"""The real web server and a real browser, for the web page tests.

``RunningServer`` starts ``boggle-assistant serve --port 0`` as its own process (the port
is chosen by the OS and read from the line the command prints), talks to it over HTTP, and
stops it with SIGINT, as Ctrl-C would, checking that it exits 0. ``chromium()`` starts
Debian's Chromium headless through its chromedriver with Selenium (no browser download:
both come from the system packages `make test` installs).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)


def web_missing_reason() -> str | None:
    """Why the web server cannot run here, or None."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return "the web extra is not installed (pip install -e '.[web]'; `make test` does)"
    return None


def browser_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None."""
    reason = web_missing_reason()
    if reason:
        return reason
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (os.path.exists(path) or shutil.which(os.path.basename(path))):
            return f"{package} is not installed (apt-get install {package}; `make test` does)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None


class RunningServer:
    """``boggle-assistant serve`` in a child process."""

    def __init__(self, args: Sequence[str] = (), env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "assistant", "serve", "--port", "0", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, **(env or {})),
        )
        self.lines: list[str] = []
        self.url = self._wait_for_url()
        self._drain = threading.Thread(target=self._read_rest, daemon=True)
        self._drain.start()

    def _wait_for_url(self) -> str:
        assert self.proc.stderr is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            self.lines.append(line)
            found = re.search(r"serving the page on (http://\S+/)", line)
            if found:
                url = found.group(1)
                self._wait_until_up(url, deadline)
                return url
        self.proc.kill()
        raise RuntimeError("the server did not start:\n" + "".join(self.lines))

    def _wait_until_up(self, url: str, deadline: float) -> None:
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "api/health", timeout=5) as resp:
                    if resp.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server at {url} never answered")

    def _read_rest(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def request(
        self,
        path: str,
        data: bytes | Iterator[bytes] | None = None,
        headers: dict[str, str] | None = None,
        method: str | None = None,
    ) -> tuple[int, dict[str, str], Any]:
        """(status, headers, JSON body or text) of one request; 4xx/5xx are returned too."""
        req = urllib.request.Request(
            self.url + path.lstrip("/"), data=data, headers=headers or {}, method=method
        )
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                return resp.status, dict(resp.headers), _body(resp.read())
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), _body(err.read())

    def post_json(self, path: str, obj: Any) -> tuple[int, dict[str, str], Any]:
        return self.request(
            path, json.dumps(obj).encode(), {"Content-Type": "application/json"}, "POST"
        )

    def stop(self) -> int:
        """Ctrl-C: SIGINT, then the exit code (the server must stop by itself)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                raise AssertionError(
                    "the server did not stop within 15 s of Ctrl-C:\n" + self.output
                ) from None
        self._drain.join(5)
        return self.proc.returncode


@contextlib.contextmanager
def running(args: Sequence[str] = (), env: dict[str, str] | None = None) -> Iterator[RunningServer]:
    """A server for the duration of a ``with`` block; it must stop cleanly (exit 0) on Ctrl-C."""
    srv = RunningServer(args, env)
    try:
        yield srv
    finally:
        code = srv.stop()
    assert code == 0, f"the server exited {code} on Ctrl-C:\n{srv.output}"


def _body(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace")


def chromium(width: int = 1280, height: int = 900) -> Any:
    """A headless Chromium driven by Selenium, through the system's chromedriver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    options.add_argument(f"--user-data-dir={_fresh_profile()}")
    driver_path = CHROMEDRIVER if os.path.exists(CHROMEDRIVER) else shutil.which("chromedriver")
    service = Service(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(width, height)
    return driver


def _fresh_profile() -> Path:
    """A new, empty Chromium profile, removed when the tests end."""
    import atexit
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="boggle-chromium-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path
