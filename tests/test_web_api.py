"""The web server's JSON API (assistant.web), against the real server process: the same
outcome as ``solve --json``, upload limits and image bombs refused with a 4xx while the
server keeps answering, no file paths from the client, warnings and Ctrl-C."""

from __future__ import annotations

import json
import socket
import struct
import subprocess
import sys
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webserver import RunningServer, running, web_missing_reason

from assistant.cli import main

REPO = Path(__file__).resolve().parent.parent
SHOT = REPO / "fixtures" / "real" / "wordament" / "blackmonk13_mobile_2_letter_or.jpg"
LIMIT_MB = 2

pytestmark = pytest.mark.skipif(web_missing_reason() is not None, reason=str(web_missing_reason()))


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running(["--max-upload-mb", str(LIMIT_MB)]) as srv:
        yield srv


def _cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["solve", *args, "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def _stable(data: dict[str, Any]) -> dict[str, Any]:
    """The outcome without its timings (they differ between two runs)."""
    drop = {"elapsed_ms", "timings"}
    out = {k: v for k, v in data.items() if k not in drop}
    if isinstance(out.get("reading"), dict):
        out["reading"] = {k: v for k, v in out["reading"].items() if k != "elapsed_ms"}
    return out


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims width x height pixels but holds a few bytes (an image bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + chunk(b"IEND", b"")
    )


def test_text_board_gives_the_solve_json_object(
    server: RunningServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, body = server.post_json("/api/solve", {"board": "TestingTheSolver"})
    assert status == 200
    assert _stable(body) == _stable(_cli_json(capsys, "TestingTheSolver"))
    assert body["words"][0]["word"] == "seventies"
    status, _, body = server.post_json(
        "/api/solve", {"board": "TestingTheSolver", "game": "wordhunt", "min_len": 5}
    )
    assert status == 200 and body["game"] == "wordhunt"
    assert min(len(w["word"]) for w in body["words"]) == 5
    assert _stable(body) == _stable(
        _cli_json(capsys, "TestingTheSolver", "--game", "wordhunt", "--min-len", "5")
    )


def test_image_in_every_shape_gives_the_solve_json_object(
    server: RunningServer, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = _stable(_cli_json(capsys, str(SHOT)))
    data = SHOT.read_bytes()
    raw = server.request("/api/solve", data, {"Content-Type": "image/jpeg"}, "POST")
    boundary = "----boggle"
    form = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n'
            "Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    multipart = server.request(
        "/api/solve", form, {"Content-Type": f"multipart/form-data; boundary={boundary}"}, "POST"
    )
    for status, _, body in (raw, multipart):
        assert status == 200, body
        assert _stable(body) == expected
        assert body["game"] == "wordament" and body["reading"]["corners"]
    image_id = raw[1]["x-image-id"]
    assert image_id == multipart[1]["x-image-id"] and len(image_id) == 64
    # The picture is remembered: fixes and another game without sending it again.
    status, _, fixed = server.post_json(
        "/api/solve", {"image_id": image_id, "fix": ["1,1=Q"], "game": "boggle"}
    )
    assert status == 200 and fixed["game"] == "boggle"
    assert fixed["tiles"][0][0] == "QU" and fixed["words"] != raw[2]["words"]
    assert _stable(fixed) == _stable(
        _cli_json(capsys, str(SHOT), "--fix", "1,1=Q", "--game", "boggle")
    )
    status, _, body = server.post_json("/api/solve", {"image_id": "0" * 64})
    assert status == 410 and body["error"]["kind"] == "image-expired"


def test_bad_uploads_get_a_4xx_and_the_server_keeps_answering(server: RunningServer) -> None:
    big = b"\xff\xd8\xff" + b"\0" * (LIMIT_MB * 1024 * 1024 + 10)
    status, _, body = server.request("/api/solve", big, {"Content-Type": "image/jpeg"}, "POST")
    assert status == 413 and body["error"]["kind"] == "too-large"
    assert f"limit is {LIMIT_MB} MB" in body["error"]["message"]

    # Without a Content-Length (chunked): refused as the body passes the limit.
    def chunks() -> Iterator[bytes]:
        for _ in range(LIMIT_MB * 4 + 2):
            yield b"\0" * 262144

    status, _, body = server.request(
        "/api/solve",
        chunks(),
        {"Content-Type": "image/png", "Transfer-Encoding": "chunked"},
        "POST",
    )
    assert status == 413 and body["error"]["kind"] == "too-large"

    status, _, body = server.request(
        "/api/solve", b"just some text", {"Content-Type": "image/png"}, "POST"
    )
    assert status == 422 and "not an image" in body["error"]["message"]
    for side in (10_000, 40_000):  # 100 and 1,600 megapixels claimed in a ~100-byte file
        bomb = _png_header(side, side)
        status, _, body = server.request("/api/solve", bomb, {"Content-Type": "image/png"}, "POST")
        assert status == 422 and "megapixel" in body["error"]["hint"], body
    truncated = SHOT.read_bytes()[:5000]
    status, _, body = server.request(
        "/api/solve", truncated, {"Content-Type": "image/jpeg"}, "POST"
    )
    assert status == 422 and "truncated" in body["error"]["message"]
    status, _, body = server.request("/api/solve", b"", {"Content-Type": "image/png"}, "POST")
    assert status in (400, 422) and body["error"]["message"]
    status, _, body = server.request(
        "/api/solve", b"{", {"Content-Type": "application/json"}, "POST"
    )
    assert status == 400 and "malformed" in body["error"]["message"]
    status, _, body = server.request("/api/solve", b"x", {"Content-Type": "text/csv"}, "POST")
    assert status == 415
    status, _, body = server.post_json("/api/solve", {"board": "ABC"})
    assert status == 400 and body["error"]["kind"] == "bad-shape"
    status, _, body = server.post_json("/api/solve", {"board": "TestingTheSolver", "game": "chess"})
    assert status == 400 and body["error"]["kind"] == "unknown-game"
    status, _, body = server.post_json("/api/solve", {"board": "TestingTheSolver", "min_len": "x"})
    assert status == 400
    # Still serving, and still solving.
    status, _, body = server.post_json("/api/solve", {"board": "TestingTheSolver"})
    assert status == 200 and body["words"]
    assert server.proc.poll() is None


def test_no_file_path_ever_comes_from_the_client(server: RunningServer) -> None:
    # Board text that names a file is board text (the CLI would read the file; the server
    # never does), and no field takes a path.
    status, _, body = server.post_json("/api/solve", {"board": str(REPO / "fixtures/demo.txt")})
    assert status == 400 and body["error"]["kind"] in ("bad-board", "bad-shape")
    status, _, body = server.post_json("/api/solve", {"image": str(SHOT)})
    assert status == 400 and "send one board" in body["error"]["message"]
    for path in ("/static/../../pyproject.toml", "/static/%2e%2e/%2e%2e/pyproject.toml"):
        status, _, _ = server.request(path)
        assert status == 404
    status, headers, page = server.request("/")
    assert status == 200 and "<title>Boggle assistant</title>" in page
    assert "default-src 'self'" in headers["content-security-policy"]
    # A page from another site (DNS rebinding) cannot talk to the local server.
    status, _, _ = server.request("/api/config", headers={"Host": "evil.example"})
    assert status == 400


def test_config_lists_the_games_and_the_limit(server: RunningServer) -> None:
    status, _, body = server.request("/api/config")
    assert status == 200
    assert {"boggle", "wordament", "wordhunt"} <= {g["name"] for g in body["games"]}
    assert body["max_upload_bytes"] == LIMIT_MB * 1024 * 1024 and body["live"] is False
    status, _, body = server.request("/api/live")
    assert status == 404 and "--watch" in body["error"]["hint"]


def test_other_hosts_warn_and_a_busy_port_is_one_clear_error() -> None:
    with running(["--host", "0.0.0.0"]) as srv:
        assert "warning: serving on 0.0.0.0" in srv.output
        status, _, _ = srv.request("/api/health", headers={"Host": "192.0.2.1:8765"})
        assert status == 200
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "-m", "assistant", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert proc.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_solving_letters_never_imports_the_web_framework() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from assistant.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['solve', 'TestingTheSolver']) == 0\n"
        "bad = [m for m in ('starlette', 'uvicorn', 'assistant.web') if m in sys.modules]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_bad_options_are_one_line_before_the_server_starts(tmp_path: Path) -> None:
    empty = tmp_path / "words.txt"
    empty.write_text("")
    for args, code, text in (
        (["--dict", str(empty)], 6, "words.txt"),
        (["--game", "chess"], 5, "chess"),
        (["--region", "0,0,10,10"], 2, "add --watch"),
        (["--host", "no-such-host.invalid"], 2, "cannot serve on"),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "assistant", "serve", "--port", "0", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == code, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("boggle-assistant: error:")
        assert text in lines[0]


def test_a_watch_without_a_display_is_reported_and_the_page_keeps_working() -> None:
    env = {"DISPLAY": ":9999", "WAYLAND_DISPLAY": ""}
    with running(["--watch"], env=env) as srv:
        status, _, config = srv.request("/api/config")
        assert status == 200 and config["live"] is True
        with urllib.request.urlopen(srv.url + "api/live", timeout=30) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            event = _next_event(stream, "status")
        assert "the live view stopped" in event["message"] and event["error"] is True
        assert "display" in event["message"].lower()
        assert srv.post_json("/api/solve", {"board": "TestingTheSolver"})[0] == 200
    assert "error: the live view stopped" in srv.output


def _next_event(stream: Any, kind: str) -> dict[str, Any]:
    current = None
    for raw in stream:
        line = raw.decode().rstrip("\n")
        if line.startswith("event: "):
            current = line[7:]
        elif line.startswith("data: ") and current == kind:
            return dict(json.loads(line[6:]))
    raise AssertionError(f"the stream ended before a {kind} event")


def test_uploaded_pictures_kept_are_bounded_in_count_and_bytes() -> None:
    from assistant.web.app import Engine, ImageExpiredError, WebConfig

    engine = Engine(WebConfig(image_cache=2, image_cache_bytes=1000))
    ids = [engine.remember(bytes([n]) * 300) for n in range(3)]
    with pytest.raises(ImageExpiredError):
        engine.recall(ids[0])
    assert engine.recall(ids[2]) == bytes([2]) * 300
    big = engine.remember(b"x" * 900)  # over the byte budget with any other: kept alone
    assert engine.recall(big) == b"x" * 900
    for old in ids[1:]:
        with pytest.raises(ImageExpiredError):
            engine.recall(old)
