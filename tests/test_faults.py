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
    assert offenders == []


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
    from assistant.recognize.template import user_template_dir

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
    assert "too large to read safely (200 megapixels): the limit is 50 megapixels" in line
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
