"""Issue 13: every bad input a new user tried, each reproduced through the real CLI (in
process through ``main(argv)``, or as a subprocess where a signal or a process boundary is
part of the fault), with real files. Each test names the issue's item it covers."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from xvfb import VirtualScreen, desktop

from assistant.cli import main
from assistant.errors import ExitCode

ROOT = Path(__file__).resolve().parent.parent
GRID = ROOT / "fixtures/real/wordament/blackmonk13_grid_regular_grid.jpg"
GRID_LETTERS = "E S F E/L A B D/R S M G/E I U E"


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    """The one line a failing command prints (and proof that there is no traceback)."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


# --------------------------------------------------------------------------- item 1


def test_1_overlay_is_written_with_the_umask_and_says_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, umask_022: None
) -> None:
    out = tmp_path / "paths.png"
    code, _, err = run(capsys, "solve", GRID, "--top", "3", "--overlay", out)
    assert code == ExitCode.OK
    assert f"boggle-assistant: wrote {out}" in err.splitlines()
    assert out.read_bytes().startswith(b"\x89PNG")
    assert stat.S_IMODE(out.stat().st_mode) == 0o644  # not mkstemp's 0600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paths.png"]  # no temporary left
    os.umask(0o077)
    again = tmp_path / "private.png"
    assert run(capsys, "solve", GRID, "--top", "1", "--overlay", again)[0] == ExitCode.OK
    assert stat.S_IMODE(again.stat().st_mode) == 0o600


@pytest.mark.parametrize(
    ("name", "magic"),
    [("o.jpg", b"\xff\xd8\xff"), ("o.JPEG", b"\xff\xd8\xff"), ("o.webp", b"RIFF")],
)
def test_1_overlay_is_encoded_as_its_extension_says(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, magic: bytes
) -> None:
    out = tmp_path / name
    assert run(capsys, "solve", GRID, "--top", "2", "--overlay", out)[0] == ExitCode.OK
    data = out.read_bytes()
    assert data.startswith(magic)
    if name.endswith("webp"):
        assert data[8:12] == b"WEBP"


@pytest.mark.parametrize("name", ["o.gif", "o.tiff", "overlay"])
def test_1_an_unknown_overlay_extension_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["solve", str(GRID), "--overlay", str(tmp_path / name)])
    assert exc.value.code == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "cannot tell which picture format" in err and ".png, .jpg or .webp" in err
    assert list(tmp_path.iterdir()) == []


def test_1_a_directory_or_a_fifo_is_never_replaced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "shots.png"
    folder.mkdir()
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    for target, kind in ((folder, "a directory"), (fifo, "a device or special file")):
        with pytest.raises(SystemExit) as exc:
            main(["solve", str(GRID), "--overlay", str(target)])
        assert exc.value.code == ExitCode.USAGE
        assert f"{target}: it is {kind}, not a file" in capsys.readouterr().err
    assert folder.is_dir() and stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.png", "shots.png"]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_1_a_device_node_stays_a_device_even_as_root(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A private copy of /dev/full (char device 1,7): as root, the old code renamed a PNG
    # over the node. The real /dev/full is checked too (refused before anything is written).
    node = tmp_path / "full.png"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    for target in (node, Path("/dev/full")):
        with pytest.raises(SystemExit) as exc:
            main(["solve", str(GRID), "--overlay", str(target)])
        assert exc.value.code == ExitCode.USAGE
        assert "is a device or special file" in capsys.readouterr().err
    assert stat.S_ISCHR(node.lstat().st_mode)
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


def test_1_a_symlink_stays_a_link_and_its_file_is_replaced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real = tmp_path / "real.png"
    real.write_bytes(b"old")
    real.chmod(0o640)
    link = tmp_path / "link.png"
    link.symlink_to(real)
    assert run(capsys, "solve", GRID, "--top", "2", "--overlay", link)[0] == ExitCode.OK
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes().startswith(b"\x89PNG")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640  # an existing file keeps its mode


def test_1_a_missing_folder_is_refused_up_front(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["solve", str(GRID), "--overlay", str(tmp_path / "nope" / "o.png")])
    assert exc.value.code == ExitCode.USAGE
    assert "does not exist" in capsys.readouterr().err


def test_1_every_writer_uses_the_one_atomic_helper() -> None:
    """No module writes a file of its own way: temporary files and renames live only in
    assistant/files.py."""
    offenders = []
    for path in sorted((ROOT / "assistant").rglob("*.py")):
        if path.name == "files.py" or "synth" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for needle in ("os.replace(", "mkstemp(", "cv2.imwrite(", ".write_text(", ".write_bytes("):
            if needle in text:
                offenders.append(f"{path.relative_to(ROOT)}: {needle}")
    assert offenders == [], "write files through assistant.files (save_atomically, save_image)"


# --------------------------------------------------------------------------- item 2


@pytest.mark.parametrize("style", ["../../escape", "a/b", ".hidden", "with space", ""])
def test_2_a_style_is_a_plain_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, style: str
) -> None:
    code, _, err = run(
        capsys, "learn", GRID, "--letters", GRID_LETTERS, "--style", style, "--into", tmp_path
    )
    assert code == ExitCode.USAGE
    assert "is not a style name" in one_error_line(err)
    assert list(tmp_path.iterdir()) == []
    assert not (tmp_path.parent / "escape").exists()


def test_2_learn_into_a_file_says_it_is_not_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    into = tmp_path / "templates.txt"
    into.write_text("keep me")
    code, _, err = run(capsys, "learn", GRID, "--letters", GRID_LETTERS, "--into", into)
    assert code == ExitCode.USAGE
    assert f"--into {into} is a file, not a folder" in one_error_line(err)
    assert into.read_text() == "keep me"


def test_2_all_blank_labels_are_a_user_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "learn", GRID, "--letters", "." * 16, "--into", tmp_path)
    assert code == ExitCode.BAD_BOARD  # not 1, the internal-error code
    assert "the letters are all blank" in one_error_line(err)


def test_2_learn_writes_its_style_through_the_atomic_helper(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, umask_022: None
) -> None:
    code, _, err = run(
        capsys, "learn", GRID, "--letters", GRID_LETTERS, "--style", "wood_2", "--into", tmp_path
    )
    assert code == ExitCode.OK, err
    style = tmp_path / "wood_2"
    manifest = json.loads((style / "manifest.json").read_text())
    assert len(manifest) >= 16
    assert sorted(p.name for p in style.iterdir()) == sorted(
        ["manifest.json", *(m["file"] for m in manifest)]
    )  # no temporary files left
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o644 for p in style.iterdir())


# --------------------------------------------------------------------------- item 3


def test_3_debug_dir_that_is_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    existing = tmp_path / "notes.txt"
    existing.write_text("keep me")
    with pytest.raises(SystemExit) as exc:
        main(["read", str(GRID), "--debug-dir", str(existing)])
    assert exc.value.code == ExitCode.USAGE
    assert "is a file, not a folder" in capsys.readouterr().err
    assert existing.read_text() == "keep me"


def test_3_debug_dir_is_created_and_filled(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    debug = tmp_path / "deep" / "debug"
    code, _, _ = run(capsys, "read", GRID, "--debug-dir", debug)
    assert code == ExitCode.OK
    names = {p.name for p in debug.iterdir()}
    assert {"located.png", "board.png", "reading.json", "tile_r4c4_glyph.png"} <= names
    assert not any(n.startswith(".") for n in names)


@pytest.mark.parametrize("resume", [False, True])
def test_3_batch_out_that_is_a_folder_is_refused_with_or_without_resume(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, resume: bool
) -> None:
    out = tmp_path / "records"
    out.mkdir()
    code, _, err = run(capsys, "batch", GRID, "--out", out, *(["--resume"] if resume else []))
    assert code == ExitCode.USAGE
    line = one_error_line(err)
    assert "it is a directory, not a file" in line and "--resume" not in line


# --------------------------------------------------------------------------- item 6


def test_6_the_suite_never_touches_the_users_cache_or_data() -> None:
    from assistant.dictionary import default_cache_dir
    from assistant.recognize.store import user_template_dir

    home = Path.home()
    for where in (default_cache_dir(), user_template_dir()):
        assert not where.is_relative_to(home / ".cache")
        assert not where.is_relative_to(home / ".local")
    # ...and a subprocess started by a test inherits the private folders.
    code = "from assistant.dictionary import default_cache_dir as d; print(d())"
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert shown == str(default_cache_dir())


# --------------------------------------------------------------------------- item 12


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["solve", ""], ExitCode.BAD_BOARD, "no board given (the argument is empty)"),
        (["read", ""], ExitCode.BAD_IMAGE, "no image file given (the path is empty)"),
        (["solve", "ABCDEFGHIJKLMNOP", "--dict", ""], ExitCode.BAD_WORDLIST, "no word list given"),
        (["batch", ""], ExitCode.USAGE, "an empty path was given"),
        (["solve", "nope.txt"], ExitCode.BAD_BOARD, "no such board file: nope.txt"),
        (["solve", "boards/nope"], ExitCode.BAD_BOARD, "no such board file: boards/nope"),
    ],
)
def test_12_empty_and_missing_paths_say_so(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    code: int,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boards").mkdir()
    got, _, err = run(capsys, *argv)
    line = one_error_line(err)
    assert got == code and message in line
    assert "is a directory" not in line and "different numbers of tiles" not in line


def test_12_board_text_with_slashes_is_still_board_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "solve", "ABCD/EFGH/IJK/MNOP")
    assert code == ExitCode.BAD_SHAPE and "different numbers of tiles" in one_error_line(err)


# --------------------------------------------------------------------------- item 14


@pytest.mark.parametrize("where", ["before", "after"])
def test_14_verbose_is_accepted_before_and_after_the_command(
    capsys: pytest.CaptureFixture[str], where: str
) -> None:
    argv = ["solve", "ABCDEFGHIJKLMNOP", "--fix", "9,9=A"]
    argv = ["--verbose", *argv] if where == "before" else [*argv, "--verbose"]
    code, _, err = run(capsys, *argv)
    assert code == ExitCode.BAD_BOARD
    assert "Traceback" in err and "BoardTextError" in err
    assert err.strip().splitlines()[-1].endswith("the board has 4 rows and 4 columns")
    code, _, err = run(capsys, "solve", "ABCDEFGHIJKLMNOP", "--fix", "9,9=A")
    assert "Traceback" not in err  # and not without it


# --------------------------------------------------------------------------- item 17


def _png_header_only(width: int, height: int) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"") + chunk(b"IEND", b"")


def test_17_an_image_bomb_is_refused_in_our_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(_png_header_only(20_000, 10_000))  # 200 MP: Pillow's own refusal
    code, _, err = run(capsys, "read", bomb)
    line = one_error_line(err)
    assert code == ExitCode.BAD_IMAGE
    assert "too large to read safely (200 megapixels" in line
    assert "the limit is 50 megapixels" in line
    assert "decompression bomb" not in line.lower() and "DOS attack" not in line


def test_17_no_size_hint_repeats_the_size_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import cv2
    import numpy as np

    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((300, 300, 3), 255, np.uint8))
    code, _, err = run(capsys, "read", blank)
    assert code == ExitCode.NO_BOARD and "pass --size 4x4" in one_error_line(err)
    code, _, err = run(capsys, "read", blank, "--size", "4x4")
    line = one_error_line(err)
    assert code == ExitCode.NO_BOARD and "--size 4x4" not in line
    assert "check that it has 4 rows and 4 columns" in line


@pytest.mark.parametrize(
    ("letters", "hint"),
    [("AB", "(4 for 2x2)"), ("ABCDE", "(4 for 2x2, 9 for 3x3)"), ("A" * 70, "(64 for 8x8)")],
)
def test_17_shape_hints_offer_only_supported_sizes(
    capsys: pytest.CaptureFixture[str], letters: str, hint: str
) -> None:
    code, _, err = run(capsys, "solve", letters)
    line = one_error_line(err)
    assert code == ExitCode.BAD_SHAPE and hint in line
    assert "1x1" not in line and "9x9" not in line


# --------------------------------------------------------------------------- item 19


def test_19_the_legend_says_a_tile_without_a_percentage_is_sure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "read", GRID)
    assert code == ExitCode.OK
    assert "none shown: at least 99.5% sure" in out
    assert "small number = point value" in out


# --------------------------------------------------------------------------- README


def test_readme_exit_code_table_lists_every_exit_code_and_no_other() -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Exit codes", 1)[1].split("\n\n", 2)[1]
    documented = {int(m) for m in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)}
    assert documented == {int(code) for code in ExitCode}
    from assistant.cli import EXIT_CODES_HELP

    assert {int(m) for m in re.findall(r"(\d+) [a-z]", EXIT_CODES_HELP)} == documented


# --------------------------------------------------------------------------- item 11


@pytest.mark.parametrize("command", ["solve", "read", "learn", "batch", "watch"])
@pytest.mark.parametrize("size", ["99x99", "0x0", "1", "4x9"])
def test_11_size_is_validated_once_for_every_command(
    capsys: pytest.CaptureFixture[str], command: str, size: str
) -> None:
    argv = {
        "solve": ["solve", str(GRID)],
        "read": ["read", str(GRID)],
        "learn": ["learn", str(GRID), "--letters", GRID_LETTERS],
        "batch": ["batch", str(GRID)],
        "watch": ["watch", "--once"],
    }[command]
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--size", size])
    assert exc.value.code == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "boards have 2 to 8 rows and columns" in err and "Traceback" not in err


def test_11_size_with_board_text_is_checked_not_ignored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "solve", "TestingTheSolver", "--size", "5x5")
    assert code == ExitCode.BAD_SHAPE
    assert "gives a 4x4 board but --size says 5x5" in one_error_line(err)
    code, out, _ = run(capsys, "solve", "TestingTheSolver", "--size", "4x4", "--top", "1")
    assert code == ExitCode.OK and "SEVENTIES" in out
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("TestingTheSolver\nABCDEFGHI\n"))
    code, out, err = run(capsys, "solve", "-", "--size", "4x4")
    assert code == ExitCode.BAD_SHAPE and len(out.splitlines()) == 1
    assert "line 2" in err and "gives a 3x3 board but --size says 4x4" in err


def test_11_debug_dir_with_board_text_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "solve", "TestingTheSolver", "--debug-dir", tmp_path / "d")
    assert code == ExitCode.BAD_BOARD and "--debug-dir" in one_error_line(err)


# --------------------------------------------------------------------------- batch helpers


def _shots(root: Path, copies: int, name: str = "shots") -> Path:
    """``copies`` distinct files (hard links, so distinct paths) of one readable board."""
    folder = root / name
    folder.mkdir()
    for i in range(copies):
        os.link(GRID, folder / f"{i:03d}.jpg")
    return folder


def _records(path: Path) -> list[dict[str, object]]:
    text = path.read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n"), "torn last line"
    return [json.loads(line) for line in text.splitlines()]


def _batch(*args: str | Path, cwd: Path = ROOT, **kw: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "assistant", "batch", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        **kw,  # type: ignore[call-overload]
    )


# --------------------------------------------------------------------------- item 7


def test_7_resume_knows_an_image_whatever_the_folder_spelling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shots = _shots(tmp_path, 4)
    (tmp_path / "link").symlink_to(shots)
    out = tmp_path / "out.jsonl"
    monkeypatch.chdir(tmp_path)
    # An interrupted first run that got through one file, named relatively...
    assert run(capsys, "batch", "shots/000.jpg", "--out", out, "--jobs", "1")[0] == 0
    # ...resumed with the folder spelled every other way, and from inside it.
    spellings = [str(shots), "shots/", "./shots/../shots", "link"]
    for spelling in spellings:
        code, _, err = run(capsys, "batch", spelling, "--out", out, "--resume", "--jobs", "1")
        assert code == ExitCode.OK, err
    monkeypatch.chdir(shots)
    assert run(capsys, "batch", ".", "--out", out, "--resume", "--jobs", "1")[0] == 0
    records = _records(out)
    assert sorted(str(r["path"]) for r in records) == [
        str(shots / f"{i:03d}.jpg") for i in range(4)
    ]
    # A new screenshot saved over an old name is a new image (its content hash differs).
    (shots / "001.jpg").unlink()
    (shots / "001.jpg").write_bytes(GRID.read_bytes() + b"\0")
    assert run(capsys, "batch", ".", "--out", out, "--resume", "--jobs", "1")[0] == 0
    assert len(_records(out)) == 5


# --------------------------------------------------------------------------- item 8


def _run_on_small_disk(tmp_path: Path, argv: list[str], size_kb: int) -> tuple[int, str, Path]:
    """Run ``batch ARGV --out DISK/out.jsonl`` with DISK a private ``size_kb`` tmpfs (its own
    mount namespace: `unshare`, as root or as a mapped root user), copying the output out
    afterwards. Skips when this machine allows neither."""
    disk, keep = tmp_path / "disk", tmp_path / "keep"
    disk.mkdir()
    keep.mkdir()
    script = (
        f'mount -t tmpfs -o size={size_kb}k tmpfs "$1" || exit 99\n'
        "disk=$1; keep=$2; py=$3; shift 3\n"
        '"$py" -m assistant batch "$@" --out "$disk/out.jsonl" 2> "$keep/err.txt"\n'
        'rc=$?\ncp "$disk/out.jsonl" "$keep/out.jsonl" 2>/dev/null\nexit $rc\n'
    )
    user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    proc = subprocess.run(
        [
            "unshare",
            *user,
            "--mount",
            "sh",
            "-c",
            script,
            "sh",
            str(disk),
            str(keep),
            sys.executable,
            *argv,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    if proc.returncode == 99 or "unshare:" in proc.stderr:
        pytest.skip(f"cannot mount a small tmpfs here: {proc.stderr.strip()[:200]}")
    return proc.returncode, (keep / "err.txt").read_text(), keep / "out.jsonl"


def test_8_disk_full_mid_batch_keeps_whole_records_and_says_resume(tmp_path: Path) -> None:
    shots = _shots(tmp_path, 40)
    code, err, out = _run_on_small_disk(tmp_path, [str(shots), "--jobs", "1"], size_kb=24)
    assert code == ExitCode.WRITE_FAILED, err
    line = one_error_line(err)
    kept = _records(out)  # every line whole: no torn last line
    assert 0 < len(kept) < 40
    assert line == (
        f"boggle-assistant: error: disk full: {len(kept)} records kept in "
        f"{tmp_path / 'disk' / 'out.jsonl'}: free space and run again with --resume"
    )
    # Space freed (here: the file moved to a roomy disk), --resume finishes the set.
    proc = _batch(shots, "--out", out, "--resume", "--jobs", "1")
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == ExitCode.OK, err
    paths = [r["path"] for r in _records(out)]
    assert len(paths) == 40 and len(set(paths)) == 40


def test_8_any_other_write_failure_also_keeps_whole_records(tmp_path: Path) -> None:
    """No root or namespace needed: a file-size limit (RLIMIT_FSIZE) makes a write fail
    half-way through a record, a real failure of the kernel's, as a full disk does."""
    shots = _shots(tmp_path, 12)
    out = tmp_path / "out.jsonl"
    limit = (
        "import resource, signal, runpy, sys;"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN);"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (5000, 5000));"
        "sys.argv = ['assistant', *sys.argv[1:]];"
        "runpy.run_module('assistant', run_name='__main__')"
    )
    proc = subprocess.run(
        [sys.executable, "-c", limit, "batch", str(shots), "--out", str(out), "--jobs", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == ExitCode.WRITE_FAILED, proc.stderr
    kept = _records(out)
    assert 0 < len(kept) < 12 and out.stat().st_size <= 5000
    assert f"{len(kept)} records kept" in one_error_line(proc.stderr)
    assert "run again with --resume" in proc.stderr


# --------------------------------------------------------------------------- item 9


def _wait_records(path: Path, n: int, timeout: float) -> None:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} did not reach {n} records")


@pytest.mark.parametrize("to", ["parent", "process group"])
def test_9_sigterm_stops_the_batch_like_ctrl_c(tmp_path: Path, to: str) -> None:
    import signal

    shots = _shots(tmp_path, 150)
    out = tmp_path / "out.jsonl"
    proc = _batch(shots, "--out", out, "--jobs", "2", start_new_session=True)
    try:
        _wait_records(out, 2, 120)
        if to == "parent":
            os.kill(proc.pid, signal.SIGTERM)  # `kill PID`
        else:
            os.killpg(proc.pid, signal.SIGTERM)  # a service manager stopping the job
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == ExitCode.INTERRUPTED, err
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    kept = _records(out)
    assert 2 <= len(kept) < 150
    assert f"interrupted after {len(kept)} of 150 images" in err
    assert "run again with --resume" in err
    # The workers are gone with the parent (none left reading in the background); a
    # helper still exiting at this instant gets a moment.
    import time

    deadline = time.monotonic() + 10
    while True:
        listed = subprocess.run(
            ["ps", "-o", "pid,stat,args", "-s", str(proc.pid)], capture_output=True, text=True
        ).stdout.splitlines()[1:]
        alive = [p for p in listed if p.split()[1][0] != "Z"]  # zombies have exited
        if not alive or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert alive == []


# --------------------------------------------------------------------------- item 16


@pytest.mark.display
def test_16_a_lost_display_is_named_and_watch_says_what_it_does_next(
    tmp_path: Path, screen: VirtualScreen
) -> None:
    import time

    import cv2

    out = tmp_path / "boards.jsonl"
    screen.show(
        desktop(cv2.imread(str(ROOT / "fixtures/real/wordament/blackmonk13_mobile_regular.jpg")))
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "assistant",
            "watch",
            "--interval",
            "0.05",
            "--retry-for",
            "1",
            "--output",
            str(out),
        ],
        env=dict(os.environ, DISPLAY=screen.display),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and out.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert out.read_text(), "watch never read the board"
        # The X server crashes; its number stays taken, or another worker's Xvfb could come
        # up on it and watch would reconnect to that display instead of giving up.
        screen.kill(hold=True)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == ExitCode.CAPTURE_FAILED, err
    assert "AssertionError" not in err and "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert any(
        line.startswith("boggle-assistant: the display went away")
        and "watch tries to reconnect for up to 1 s (--retry-for), then stops" in line
        and "watch searches for the board again" in line
        for line in lines
    ), err
    assert lines[-1].startswith("boggle-assistant: error: the display went away")
    assert "did not come back within 1 s" in lines[-1]


# --------------------------------------------------------------------------- item 13


def _occluded_tile(tmp_path: Path) -> Path:
    """The regular Wordament crop with most of tile r2c2's glyph painted over in its own
    face colour: a tile the template matcher alone cannot be sure of."""
    import cv2

    image = cv2.imread(str(GRID))
    p = image.shape[1] // 4
    colour = [int(v) for v in image[p + int(p * 0.85), p + p // 2]]
    cv2.rectangle(image, (p + p // 2, p + p // 4), (p + int(p * 0.8), p + int(p * 0.8)), colour, -1)
    out = tmp_path / "occluded.png"
    cv2.imwrite(str(out), image)
    return out


def _without_tesseract(tmp_path: Path, *argv: str | Path) -> subprocess.CompletedProcess[str]:
    """The real CLI in a process whose PATH has no tesseract binary (an empty folder)."""
    empty = tmp_path / "empty-path"
    empty.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "assistant", *map(str, argv)],
        env=dict(os.environ, PATH=str(empty)),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_13_without_tesseract_read_and_solve_follow_one_rule(tmp_path: Path) -> None:
    image = _occluded_tile(tmp_path)
    for command in ("read", "solve"):
        proc = _without_tesseract(tmp_path, command, image)
        assert proc.returncode == ExitCode.MISSING_DEPENDENCY, (command, proc.stderr)
        line = one_error_line(proc.stderr)
        assert "tile r2c2 unsure" in line
        assert "Tesseract (tesseract-ocr), the second opinion for unsure tiles, is not " in line
        assert "sudo apt-get install tesseract-ocr" in line and "--fix 2,2=" in line
    assert "?" in _without_tesseract(tmp_path, "read", image).stdout  # the board is shown
    # A board the templates read alone needs no Tesseract; --best-guess still solves.
    assert _without_tesseract(tmp_path, "read", GRID).returncode == ExitCode.OK
    assert _without_tesseract(tmp_path, "solve", image, "--best-guess").returncode == 0


# --------------------------------------------------------------------------- item 10


@pytest.mark.parametrize(("size", "command"), [("3x3", "solve"), ("5x5", "solve"),
                                                ("4x5", "read"), ("3x4", "read")])  # fmt: skip
def test_10_a_size_the_picture_disagrees_with_stops(
    capsys: pytest.CaptureFixture[str], size: str, command: str
) -> None:
    code, out, err = run(capsys, command, GRID, "--size", size)
    assert code == ExitCode.BAD_SHAPE and out == ""
    line = one_error_line(err)
    assert f"the picture shows a 4x4 board, but --size says {size}" in line
    assert "leave out --size" in line


def test_10_the_right_size_still_reads_and_batch_records_a_wrong_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "read", GRID, "--size", "4x4", "--json")
    assert code == ExitCode.OK and json.loads(out)["rows"] == 4
    out_file = tmp_path / "out.jsonl"
    code, _, _ = run(capsys, "batch", GRID, "--size", "5x5", "--out", out_file, "--jobs", "1")
    assert code == ExitCode.BATCH_FAILURES
    (record,) = _records(out_file)
    assert record["status"] == "error"
    assert "the picture shows a 4x4 board, but --size says 5x5" in str(record["error"])


@pytest.mark.parametrize("stem", ["_Écran 2024 (1)", "x" * 80, "..", "日本"])
def test_2_a_style_named_after_the_image_is_always_a_plain_name(stem: str) -> None:
    from assistant.read import _style_name
    from assistant.recognize.store import check_style_name

    assert check_style_name(_style_name(stem)) == _style_name(stem)


@pytest.mark.display
def test_10_watch_says_why_a_board_of_the_wrong_size_is_not_read(
    tmp_path: Path, screen: VirtualScreen
) -> None:
    import signal
    import time

    import cv2

    screen.show(desktop(cv2.imread(str(GRID))))
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant", "watch", "--interval", "0.05", "--size", "5x5"],
        env=dict(os.environ, DISPLAY=screen.display),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        time.sleep(0.5)
        deadline = time.monotonic() + 60
        err = ""
        assert proc.stderr is not None
        while time.monotonic() < deadline and "--size says" not in err:
            err += proc.stderr.readline()
        proc.send_signal(signal.SIGINT)
        out, rest = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert (
        "waiting for a board (the picture shows a 4x4 board, but --size says 5x5: "
        "leave out --size" in err
    ), err + rest
    assert out == "" and proc.returncode == 0


# --------------------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", str(GRID), "--overlay", "/dev/full"],
        ["solve"],
        ["read", str(GRID), "--size", "0x0"],
        ["bogus"],
        ["batch", str(GRID), "--jobs", "0"],
    ],
)
def test_usage_errors_are_one_line_with_where_to_look(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == ExitCode.USAGE
    line = one_error_line(capsys.readouterr().err)
    assert line.startswith("boggle-assistant") and ": error: " in line
    assert line.endswith("--help)")
