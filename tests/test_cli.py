"""The command line, in-process through main(argv): output, JSON, exit codes, messages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.errors import ExitCode


def run(
    capsys: pytest.CaptureFixture[str],
    *argv: str,
    stdin: str | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_text_board_lists_ranked_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "TestingTheSolver", "--top", "5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert any("SEVENTIES" in line and "11" in line for line in lines)
    assert "words, top 5 shown, total score" in out and "solved in" in out


def test_solve_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "TestingTheSolver", "--json", "--game", "wordhunt")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"rows", "cols", "tiles", "game", "words", "elapsed_ms"}
    assert data["rows"] == data["cols"] == 4 and data["game"] == "wordhunt"
    assert data["tiles"][0] == ["T", "E", "S", "T"]
    first = data["words"][0]
    assert set(first) == {"word", "score", "path"}
    assert first["word"] == "seventies" and first["score"] == 2200 + 400  # 9 letters
    scores = [w["score"] for w in data["words"]]
    assert scores == sorted(scores, reverse=True)


def test_min_len_and_top(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "TestingTheSolver", "--json", "--min-len", "8")
    words = json.loads(out)["words"]
    assert words and all(len(w["word"]) >= 8 for w in words)
    _, out, _ = run(capsys, "solve", "TestingTheSolver", "--json", "--top", "3")
    assert len(json.loads(out)["words"]) == 3


def test_board_from_file_and_fix(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "board.txt"
    f.write_text("C A T S\nX X X X\nX X X X\nX X X X\n")
    code, out, _ = run(capsys, "solve", str(f), "--json")
    assert code == 0 and "cats" in {w["word"] for w in json.loads(out)["words"]}
    code, out, _ = run(capsys, "solve", str(f), "--json", "--fix", "1,1=B")
    assert code == 0 and "bats" in {w["word"] for w in json.loads(out)["words"]}


def test_stdin_one_result_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = "TestingTheSolver\nSERSPATGLINESERS\n\nABCDEFGHIJKLMNOP\n"
    code, out, _ = run(capsys, "solve", "-", "--json", stdin=boards, monkeypatch=monkeypatch)
    assert code == 0
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["tiles"][0][0] for r in results] == ["T", "S", "A"]


def test_stdin_bad_line_is_reported_and_others_solved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(
        capsys,
        "solve",
        "-",
        stdin="TestingTheSolver\nAB#D\nSERSPATGLINESERS\n",
        monkeypatch=monkeypatch,
    )
    assert code == ExitCode.BAD_BOARD
    assert len(out.splitlines()) == 2
    assert "line 2" in err and "'#'" in err


def test_random_board_is_repeatable_and_solvable(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "random", "--seed", "7")
    _, again, _ = run(capsys, "random", "--seed", "7")
    assert first == again and len(first.splitlines()) == 1  # one board per line
    code, out, _ = run(capsys, "solve", first, "--json")
    assert code == 0 and json.loads(out)["rows"] == 4
    _, big, _ = run(capsys, "random", "--size", "5", "--seed", "1")
    assert len(big.splitlines()) == 1 and big.count("/") == 4


@pytest.mark.parametrize(
    ("argv", "code", "fragment"),
    [
        (["solve", "ABCDEFGHIJKLMNO"], ExitCode.BAD_SHAPE, "15 tiles do not make a square board"),
        (["solve", "ABCD/EFG/HIJK/LMNO"], ExitCode.BAD_SHAPE, "rows have different numbers"),
        (["solve", "AB?D/EFGH/IJKL/MNOP"], ExitCode.BAD_BOARD, "row 1, tile 3: '?'"),
        (["solve", "TestingTheSolver", "--game", "chess"], ExitCode.UNKNOWN_GAME, "chess"),
        (["solve", "TestingTheSolver", "--fix", "9,9=A"], ExitCode.BAD_BOARD, "--fix 9,9"),
        (["random", "--size", "3"], ExitCode.BAD_SHAPE, "3"),
    ],
)
def test_bad_input_one_line_and_exit_code(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int, fragment: str
) -> None:
    got, out, err = run(capsys, *argv)
    assert got == code
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0]
    assert "Traceback" not in err


def _wordlist_cases(tmp_path: Path) -> list[tuple[str, str]]:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"cat\x00dog\x00" * 10)
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("caf\xe9\nthé\n".encode("latin-1"))
    return [
        (str(tmp_path / "missing.txt"), "does not exist"),
        (str(tmp_path), "directory"),
        (str(binary), "binary"),
        (str(empty), "no usable words"),
        (str(latin1), "UTF-8"),
    ]


def test_bad_word_lists(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for path, fragment in _wordlist_cases(tmp_path):
        code, out, err = run(capsys, "solve", "TestingTheSolver", "--dict", path)
        assert code == ExitCode.BAD_WORDLIST, path
        lines = err.strip().splitlines()
        assert len(lines) == 1 and fragment in lines[0], (path, err)
        assert out == "" and "Traceback" not in err


def test_verbose_shows_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "--verbose", "solve", "TestingTheSolver", "--dict", str(tmp_path / "nope")
    )
    assert code == ExitCode.BAD_WORDLIST and "Traceback" in err


def test_custom_dictionary_and_dropped_words_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOGGLE_ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "fr.txt"
    words.write_text("# mots\nété\ntête\nl'eau\nœuf\n12ab\n", encoding="utf-8")
    code, out, err = run(
        capsys, "solve", "E T E X/T E T E/X X X X/O E U F", "--json", "--dict", str(words)
    )
    assert code == 0
    found = {w["word"] for w in json.loads(out)["words"]}
    assert {"ete", "tete", "oeuf"} <= found
    assert "2 words" in err and "skipped" in err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == ExitCode.USAGE and "solve" in err


def test_console_script_and_module_entry_points() -> None:
    for cmd in (
        [sys.executable, "-m", "assistant"],
        [str(Path(sys.executable).with_name("boggle-assistant"))],
    ):
        proc = subprocess.run(
            [*cmd, "solve", "TestingTheSolver", "--top", "1", "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["words"][0]["word"] == "seventies"


def test_text_solve_imports_no_image_library() -> None:
    code = (
        "import sys; from assistant.cli import main; main(['solve','TestingTheSolver']); "
        "bad = [m for m in ('cv2','numpy','PIL') if m in sys.modules]; "
        "sys.stderr.write(repr(bad))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stderr.strip() == "[]"


def test_random_help_names_every_dice_set(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["random", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "4 (classic), 5 (Big Boggle) or 6 (Super Big Boggle)" in out


def test_random_pipes_into_solve(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`random | solve -`: random prints board text, one board per line."""
    lines = ""
    for seed in (1, 2):
        _, out, _ = run(capsys, "random", "--seed", str(seed))
        lines += out
    code, out, err = run(capsys, "solve", "-", "--json", stdin=lines, monkeypatch=monkeypatch)
    assert code == 0, err
    boards = [json.loads(line) for line in out.splitlines()]
    assert len(boards) == 2 and all(b["rows"] == 4 and b["words"] for b in boards)


def test_solve_image_says_which_game_scored_the_words_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shot = (
        Path(__file__).parent.parent
        / "fixtures/real/wordhunt/JosephYoon13_WordHuntBot_boardpic.png"
    )
    code, out, _ = run(capsys, "solve", str(shot), "--top", "3")
    assert code == 0
    assert "scored as wordhunt: looks like Word Hunt (" in out
    # A game the user names is not explained as a look.
    code, out, _ = run(capsys, "solve", str(shot), "--top", "3", "--game", "boggle")
    assert code == 0 and "looks like" not in out and "(boggle)" in out
