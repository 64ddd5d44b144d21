"""Batch reading (assistant.batch): records, error records, CSV, resume, Ctrl-C, crashes."""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest

from assistant.batch import (
    CSV_FIELDS,
    BatchOptions,
    OutputError,
    discover,
    find_images,
    flat_record,
    progress_for,
    read_recorded,
    run_batch,
)
from assistant.cli import main
from assistant.errors import ExitCode
from assistant.pipeline import Request

REPO = Path(__file__).resolve().parent.parent
REAL = REPO / "fixtures" / "real"
LABELS = {entry["file"]: entry for entry in json.loads((REAL / "labels.json").read_text())}
GOOD = [
    "wordament/blackmonk13_mobile_regular.jpg",
    "wordament/blackmonk13_mobile_2_letter.jpg",
    "wordament/blackmonk13_mobile_regular_suffix.jpg",
]
BAD = {"corrupt.jpg", "empty.png", "huge.png"}  # pictures that cannot be read
NOT_IMAGES = {"notes.txt"}  # left out of a folder by their content
READ_ONLY = Request(best_guess=True, solve=False)  # batch --no-solve


def _letters(name: str) -> list[list[str]]:
    return [[t.upper() for t in row] for row in LABELS[name]["letters"]]


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def make_folder(root: Path) -> Path:
    """Good screenshots plus a corrupt JPEG, a text file, a 0-byte file, and a PNG whose
    header claims 100000 x 100000 pixels (a decompression bomb)."""
    folder = root / "shots"
    folder.mkdir()
    for name in GOOD:
        shutil.copy(REAL / name, folder / Path(name).name)
    jpeg = (REAL / GOOD[0]).read_bytes()
    # Keep the JPEG's headers and end marker, replace the compressed data with noise.
    noise = bytes((i * 97 + 13) % 251 for i in range(len(jpeg) - 1200))
    (folder / "corrupt.jpg").write_bytes(jpeg[:600] + noise + jpeg[-2:])
    (folder / "notes.txt").write_text("shopping list: eggs, milk\n")
    (folder / "empty.png").write_bytes(b"")
    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    (folder / "huge.png").write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + _png_chunk(b"IEND", b"")
    )
    return folder


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _by_name(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {Path(r["path"]).name: r for r in records}


# --------------------------------------------------------------------------- finding files


def test_find_images_walks_folders_in_order(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "deep").mkdir()
    (tmp_path / ".hidden").mkdir()
    for rel in ["b.png", "a/c.jpg", "a/deep/d.png", ".hidden/e.png", ".f.png", "g.txt"]:
        (tmp_path / rel).write_bytes(b"x")
    names = [p.relative_to(tmp_path).as_posix() for p in find_images([tmp_path])]
    assert names == ["b.png"]  # g.txt: not a picture by name or content
    names = [p.relative_to(tmp_path).as_posix() for p in find_images([tmp_path], recursive=True)]
    assert names == ["b.png", "a/c.jpg", "a/deep/d.png"]
    found = find_images([tmp_path, tmp_path / "b.png"], recursive=True, pattern="*.png")
    assert [p.name for p in found] == ["b.png", "d.png"]  # each file once
    # A file named explicitly is always taken, even a missing one (it gets an error record).
    assert find_images([tmp_path / "nope.png"]) == [tmp_path / "nope.png"]


# --------------------------------------------------------------------------- records


def test_folder_gives_records_for_good_images_and_error_records_for_the_rest(
    tmp_path: Path,
) -> None:
    folder = make_folder(tmp_path)
    out = tmp_path / "out.jsonl"
    summary = run_batch([folder], BatchOptions(out=out, jobs=2))
    records = _records(out)
    assert len(records) == len(GOOD) + len(BAD)
    by_name = _by_name(records)
    for name in GOOD:
        rec = by_name[Path(name).name]
        assert rec["status"] == "ok", rec
        assert rec["tiles"] == _letters(name)
        assert rec["unsure"] == [] and rec["guessed"] == []
        assert rec["word_count"] > 20 and rec["total_score"] > 0
        best = rec["words"][0]
        assert best["word"] and best["score"] > 0 and best["path"]
        assert len(rec["words"]) == 10
        assert len(rec["sha256"]) == 64
        assert {"decode_ms", "read_ms", "solve_ms", "total_ms"} <= set(rec["timings"])
    for name in BAD:
        rec = by_name[name]
        assert rec["status"] == "error", rec
        assert rec["error"]["kind"] == "bad-image" and rec["error"]["message"]
        assert set(rec["error"]) == {"kind", "message", "hint"}  # the web API's form too
    assert "empty" in by_name["empty.png"]["error"]["message"]
    assert "too large" in by_name["huge.png"]["error"]["message"]
    assert "notes.txt" not in by_name and summary.not_images == len(NOT_IMAGES)
    assert summary.read == len(GOOD) and summary.failed == {"bad-image": len(BAD)}
    assert summary.exit_code == ExitCode.BATCH_FAILURES
    assert "failed: 3 (bad-image 3)" in summary.describe()
    assert "skipped: 1 files that are not images" in summary.describe()


def test_cli_batch_exit_codes_csv_and_no_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good"
    good.mkdir()
    for name in GOOD[:2]:
        shutil.copy(REAL / name, good / Path(name).name)
    out = tmp_path / "out.csv"
    code = main(["batch", str(good), "--out", str(out), "--jobs", "1", "--no-solve"])
    err = capsys.readouterr().err
    assert code == ExitCode.OK, err
    assert "images: 2" in err and "read: 2" in err and "unsure: 0" in err
    assert "failed: 0" in err and "throughput" in err
    rows = list(csv.DictReader(out.open()))
    assert list(rows[0]) == list(CSV_FIELDS) and len(rows) == 2
    assert rows[0]["status"] == "ok" and rows[0]["words"] == ""  # --no-solve
    assert rows[0]["tiles"].count("/") == 3 and rows[0]["unsure"] == "0"
    # The same file again without --resume is refused: nothing is overwritten.
    code = main(["batch", str(good), "--out", str(out), "--jobs", "1"])
    assert code == ExitCode.USAGE and "--resume" in capsys.readouterr().err
    # --resume with nothing new to do: no duplicates, exit 0.
    code = main(["batch", str(good), "--out", str(out), "--jobs", "1", "--resume"])
    assert code == ExitCode.OK and "2 already recorded" in capsys.readouterr().err
    assert len(list(csv.DictReader(out.open()))) == 2
    # A failing image makes the exit code say so.
    (good / "junk.png").write_bytes(b"not a png at all")
    code = main(["batch", str(good), "--out", str(out), "--jobs", "1", "--resume"])
    assert code == ExitCode.BATCH_FAILURES
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 3 and rows[-1]["error_kind"] == "bad-image"


def test_flat_record_is_one_line_per_error() -> None:
    rec = {
        "path": "x.png",
        "sha256": None,
        "status": "error",
        "error": {"kind": "bad-image", "message": "line one\nline two"},
        "timings": {"total_ms": 1.0},
    }
    row = flat_record(rec)
    assert row["error_message"] == "line one line two" and row["sha256"] == ""


def test_resume_needs_out_and_rejects_foreign_files(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="--resume needs --out"):
        run_batch([tmp_path], BatchOptions(resume=True))
    foreign = tmp_path / "notes.jsonl"
    foreign.write_text("hello\n")
    with pytest.raises(OutputError, match="not JSON"):
        run_batch([tmp_path], BatchOptions(out=foreign, resume=True))


def test_resume_trims_a_line_cut_short_by_a_crash(tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    out = tmp_path / "out.jsonl"
    run_batch([folder], BatchOptions(out=out, jobs=0, request=READ_ONLY))
    lines = out.read_text().splitlines(keepends=True)
    # Keep two records and half of the third, as a power cut in mid-write would.
    out.write_text("".join(lines[:2]) + lines[2][: len(lines[2]) // 2])
    assert len(read_recorded(out, "jsonl").done) == 2
    summary = run_batch([folder], BatchOptions(out=out, jobs=0, request=READ_ONLY, resume=True))
    records = _records(out)  # every line is valid JSON again
    assert sorted(Path(r["path"]).name for r in records) == sorted(
        [Path(n).name for n in GOOD] + list(BAD)
    )
    assert summary.skipped == 2 and summary.recorded == len(records) - 2


def test_a_changed_file_is_read_again_on_resume(tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    folder.mkdir()
    shot = folder / "shot.jpg"
    shutil.copy(REAL / GOOD[0], shot)
    out = tmp_path / "out.jsonl"
    run_batch([folder], BatchOptions(out=out, jobs=0, request=READ_ONLY))
    shutil.copy(REAL / GOOD[1], shot)  # same name, new picture
    run_batch([folder], BatchOptions(out=out, jobs=0, request=READ_ONLY, resume=True))
    records = _records(out)
    assert len(records) == 2 and records[0]["sha256"] != records[1]["sha256"]
    assert records[1]["tiles"] == _letters(GOOD[1])


def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    class Tty:
        def isatty(self) -> bool:
            return True

    assert progress_for(open(os.devnull, "w")) is None  # noqa: SIM115
    bar = progress_for(Tty())  # type: ignore[arg-type]
    assert bar is not None
    bar.start(2)
    bar.advance(None)
    bar.advance({"status": "error", "error": {"kind": "bad-image", "message": "x"}})
    bar.stop()


# --------------------------------------------------------------------------- interruptions


def _many(tmp_path: Path, copies: int) -> Path:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(copies):
        for name in GOOD:
            os.link(REAL / name, folder / f"{i:02d}_{Path(name).name}")
    return folder


def _batch_process(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "assistant", "batch", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        start_new_session=True,  # its own process group, as a terminal's job would have
    )


def _wait_lines(path: Path, n: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} did not reach {n} records")


def test_interrupted_run_resumed_gives_every_image_exactly_once(tmp_path: Path) -> None:
    folder = _many(tmp_path, 10)
    total = 10 * len(GOOD)
    out = tmp_path / "out.jsonl"
    proc = _batch_process([str(folder), "--out", str(out), "--jobs", "2"])
    try:
        _wait_lines(out, 3, 120)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the whole job gets SIGINT
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == ExitCode.INTERRUPTED, err
    assert "interrupted" in err and "Traceback" not in err
    first = _records(out)  # a valid file: every line parses
    assert 3 <= len(first) < total
    code = main(["batch", str(folder), "--out", str(out), "--jobs", "2", "--resume"])
    assert code == ExitCode.OK
    records = _records(out)
    paths = [r["path"] for r in records]
    assert len(paths) == total and len(set(paths)) == total
    assert all(r["status"] == "ok" for r in records)


def _children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    kids = [int(x) for x in text.split()]
    return [k for k in kids if b"spawn_main" in Path(f"/proc/{k}/cmdline").read_bytes()]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_a_crashed_worker_costs_one_image_and_the_batch_goes_on(tmp_path: Path) -> None:
    folder = _many(tmp_path, 6)
    total = 6 * len(GOOD)
    out = tmp_path / "out.jsonl"
    proc = _batch_process([str(folder), "--out", str(out), "--jobs", "1"])
    try:
        _wait_lines(out, 2, 120)
        workers = _children(proc.pid)
        assert len(workers) == 1
        os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    records = _records(out)
    assert len(records) == total and len({r["path"] for r in records}) == total
    crashed = [r for r in records if r["status"] == "error"]
    assert len(crashed) == 1 and crashed[0]["error"]["kind"] == "worker-crashed"
    assert "signal 9" in crashed[0]["error"]["message"]
    assert proc.returncode == ExitCode.BATCH_FAILURES, err
    assert "worker-crashed 1" in err
    # Resuming does not read the crashed image again: it has its record.
    code = main(["batch", str(folder), "--out", str(out), "--jobs", "1", "--resume"])
    assert code == ExitCode.BATCH_FAILURES and len(_records(out)) == total


def test_a_worker_dead_before_its_next_image_is_sent_costs_no_image(tmp_path: Path) -> None:
    """A worker can die between the parent's last look and its next send (make test once
    caught the race in the test above: the send's broken pipe ended the batch with 2 of 18
    records). Here it dies, deterministically, while the parent takes the next image from
    the list to send it: the batch goes on, and every image gets exactly one record."""
    import multiprocessing

    from assistant.batchpool import run_pool
    from assistant.batchrecords import BatchConfig, ProcessorSettings, Record

    killed: list[int] = []

    def tasks() -> Any:
        for i in range(8):
            if i == 4:
                (worker,) = multiprocessing.active_children()
                worker.kill()
                worker.join()
                killed.append(worker.pid or 0)
            yield str(tmp_path / f"missing-{i}.png"), None

    records: list[Record] = []
    settings = ProcessorSettings(request=Request(), dict_path=None, top=5)
    run_pool(1, settings, BatchConfig(), tasks(), records.append)
    assert killed
    paths = [r["path"] for r in records]
    assert sorted(paths) == sorted(str(tmp_path / f"missing-{i}.png") for i in range(8))
    kinds = [r["error"]["kind"] for r in records]
    # The image being read when it died (if any: it may have finished it) is the only loss;
    # the image taken for it went to the new worker.
    assert kinds.count("worker-crashed") <= 1
    assert kinds[-4:] == ["bad-image"] * 4


# --------------------------------------------------------------------------- issue 10, item 7


def test_a_file_that_is_not_a_picture_is_skipped_by_content_not_name(tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    folder.mkdir()
    shutil.copy(REAL / GOOD[0], folder / "screenshot")  # no extension: a JPEG by content
    (folder / "Thumbs.db").write_bytes(b"\xd0\xcf\x11\xe0 not a picture")
    (folder / "readme.md").write_text("# shots\n")
    found = discover([folder])
    assert [p.name for p in found.images] == ["screenshot"]
    assert sorted(p.name for p in found.not_images) == ["Thumbs.db", "readme.md"]
    # named on the command line, a non-picture is still tried (and its error recorded)
    assert find_images([folder / "readme.md"]) == [folder / "readme.md"]


def test_resume_with_nothing_left_starts_no_worker_and_prints_no_traceback(
    tmp_path: Path,
) -> None:
    good = tmp_path / "good"
    good.mkdir()
    shutil.copy(REAL / GOOD[0], good / "a.jpg")
    out = tmp_path / "out.jsonl"
    argv = [sys.executable, "-m", "assistant", "batch", str(good), "--out", str(out)]
    first = subprocess.run([*argv, "--jobs", "1"], capture_output=True, text=True, cwd=REPO)
    assert first.returncode == 0, first.stderr
    again = subprocess.run(
        [*argv, "--jobs", "2", "--resume"], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert again.returncode == 0, again.stderr
    assert "Traceback" not in again.stderr and "1 already recorded" in again.stderr
    assert len(_records(out)) == 1


def test_csv_tiles_are_board_text_that_solve_reads_back() -> None:
    from assistant.board import parse_board

    record = {
        "path": "x.png", "sha256": "0" * 64, "status": "ok", "game": "wordament",
        "rows": 2, "cols": 2, "tiles": [["A/B", "QU"], ["", "E"]], "unsure": [],
        "reading": None, "solved": False, "timings": {},
    }  # fmt: skip
    row = flat_record(record)
    assert row["tiles"] == "A|B QU/.E"  # "/" only between rows
    assert parse_board(row["tiles"]).labels == [["A/B", "QU"], ["", "E"]]


def test_the_summary_counts_unsure_values_and_bonuses_not_only_letters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board whose letters are sure but a point value is not counts as unsure. The
    reader is replaced by a reading with an unsure value (the pipeline and the batch's
    counting are the real ones)."""
    from assistant import pipeline
    from assistant.batch import ImageProcessor
    from assistant.read import BoardReading

    letters = (("C", "A"), ("T", "S"))
    reading = BoardReading(
        rows=2, cols=2, tiles=letters, confidence=((0.99, 0.99), (0.99, 0.99)),
        candidates=tuple(tuple(((t, 0.99),) for t in row) for row in letters),
        values=((3, 2), (2, 2)), bonuses=None, game="wordament",
        corners=((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)), elapsed_ms=1.0,
        uncertain_values=((0, 1),), game_confidence=0.99,
    )  # fmt: skip

    def read_one(self: ImageProcessor, path: str, sha256: str | None) -> dict[str, Any]:
        outcome = pipeline.outcome_of(reading, self.settings.request, self.dictionary)
        return {"path": path, "sha256": sha256, "status": "ok", **outcome.to_json(top=3)}

    monkeypatch.setattr(ImageProcessor, "process", read_one)
    shutil.copy(REAL / GOOD[0], tmp_path / "a.jpg")
    out = tmp_path / "out.jsonl"
    summary = run_batch([tmp_path / "a.jpg"], BatchOptions(out=out, jobs=0))
    (record,) = _records(out)
    assert record["unsure"][0]["part"] == "value" and record["guessed"] == [[0, 1]]
    assert summary.unsure == 1 and "unsure: 1" in summary.describe()


class _InterruptedAfter:
    """The record file's real handle, with Ctrl-C arriving once ``after`` bytes went out:
    the moment between a write returning and the write loop ending."""

    def __init__(self, fh: Any, after: int) -> None:
        self._fh, self._left = fh, after

    def write(self, data: memoryview) -> int:
        n = self._fh.write(data[: self._left]) or 0
        self._left -= n
        if self._left <= 0:
            raise KeyboardInterrupt
        return n

    def fileno(self) -> int:
        return int(self._fh.fileno())


@pytest.mark.parametrize("whole", [True, False])
def test_an_interrupt_keeps_a_record_written_whole_and_cuts_a_torn_one(
    tmp_path: Path, whole: bool
) -> None:
    from assistant.batchrecords import RecordFile

    path = tmp_path / "out.jsonl"
    out = RecordFile(path, "jsonl")
    out.write('{"n": 1}\n')
    record = '{"n": 2}\n'
    real = out._fh
    out._fh = _InterruptedAfter(real, len(record) if whole else 4)  # type: ignore[assignment]
    with pytest.raises(KeyboardInterrupt):
        out.write(record)
    out._fh = real
    # A whole record stays (SIGTERM in batch had cut off a record the file already showed);
    # a torn one is cut back, so the file never ends in half a line.
    assert path.read_text() == '{"n": 1}\n' + (record if whole else "")
    out.write('{"n": 3}\n')
    out.close()
    assert [json.loads(line)["n"] for line in path.read_text().splitlines()] == (
        [1, 2, 3] if whole else [1, 3]
    )
