"""The on-disk caches (compiled letter templates, compiled word lists): a corrupt file is
verified, rebuilt and the run carries on; files of killed runs and older versions are
cleaned; long first builds say so on stderr."""

from __future__ import annotations

import fcntl
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from assistant import cachefile
from assistant.cachefile import CACHE_ENV, Progress, clean
from assistant.recognize import store
from assistant.recognize.glyphs import GlyphConfig

ROOT = Path(__file__).resolve().parent.parent
GRID = ROOT / "fixtures" / "real" / "wordament" / "blackmonk13_grid_regular_grid.jpg"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    where = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(where))
    store._load_cached.cache_clear()
    yield where
    store._load_cached.cache_clear()


def build_templates() -> store.TemplateSet:
    store._load_cached.cache_clear()
    return store.load_templates([store.builtin_template_dir()], GlyphConfig())


def the_cache(where: Path) -> Path:
    (found,) = where.glob("templates-*.bin")
    return found


def run(
    args: list[str], cache: Path, limit_mb: int | None = None
) -> subprocess.CompletedProcess[str]:
    """A real CLI process, optionally under an address-space limit (as a small container
    would set)."""
    import resource

    def limit() -> None:
        if limit_mb is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))

    env = {**os.environ, CACHE_ENV: str(cache), "OMP_NUM_THREADS": "1"}
    return subprocess.run(
        [sys.executable, "-m", "assistant", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        preexec_fn=limit,
        timeout=300,
    )


# -- the template cache: verified, rebuilt, carried on -----------------------------------


def test_template_cache_is_memory_mapped_and_read_back_unchanged(cache_dir: Path) -> None:
    built = build_templates()
    cache = the_cache(cache_dir)
    again = build_templates()
    assert isinstance(again.weights.base, np.ndarray)  # frombuffer over the mapped file
    assert not again.weights.flags.writeable
    assert again.chars == built.chars and again.styles == built.styles
    assert np.array_equal(again.weights, built.weights)
    assert np.array_equal(again.holes, built.holes)
    # The glyph and digit subsets the recognizer uses are views of the mapped matrix.
    glyphs = again.subset(store.GLYPH_CLASSES)
    assert np.shares_memory(glyphs.weights, again.weights)
    assert np.shares_memory(again.subset(store.DIGITS).weights, again.weights)
    assert cache.stat().st_size > 1_000_000


@pytest.mark.parametrize("damage", ["truncated", "byte flipped in the matrix", "bad header"])
def test_corrupt_template_cache_is_rebuilt(cache_dir: Path, damage: str) -> None:
    built = build_templates()
    cache = the_cache(cache_dir)
    good = cache.read_bytes()
    data = bytearray(good)
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "bad header":
        data[:8] = b"garbage!"
    else:
        data[len(data) // 2] ^= 0x10
    cache.write_bytes(bytes(data))
    rebuilt = build_templates()
    assert rebuilt.chars == built.chars
    assert np.allclose(rebuilt.weights, built.weights, rtol=0, atol=1e-6)
    assert the_cache(cache_dir).stat().st_size == len(good)  # rewritten whole


def test_a_verified_cache_file_is_checksummed_again_only_once_changed(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first read verifies the file's checksum and stamps its identity beside it; later
    reads of the same file skip the checksum; a file written since is checked again."""
    import zlib

    build_templates()
    cache = the_cache(cache_dir)
    cfg = GlyphConfig()
    head = store._cache_head(cfg, store._styles_key([store.builtin_template_dir()]))
    real_crc32, calls = zlib.crc32, []

    def counting(*args: object) -> int:
        calls.append(1)
        return real_crc32(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(zlib, "crc32", counting)
    assert store._read_disk_cache(cache, cfg, head) is not None
    assert calls  # verified ...
    stamp = cache.with_name(cache.name + ".ok")
    assert stamp.read_text() == store._file_identity(cache.stat())
    calls.clear()
    assert store._read_disk_cache(cache, cfg, head) is not None
    assert not calls  # ... once
    time.sleep(0.05)  # past the file system's clock tick
    data = bytearray(cache.read_bytes())
    data[len(data) // 2] ^= 0x10
    cache.write_bytes(bytes(data))  # changed in place: same inode and size
    assert store._read_disk_cache(cache, cfg, head) is None
    assert calls


def test_template_cache_of_other_sources_is_not_used(cache_dir: Path) -> None:
    """The file name is a 64-bit checksum of what the cache was built from; the file also
    holds that description in full and is used only when it matches."""
    build_templates()
    cache = the_cache(cache_dir)
    cfg = GlyphConfig()
    key = store._styles_key([store.builtin_template_dir()])
    assert store._read_disk_cache(cache, cfg, store._cache_head(cfg, key)) is not None
    other = ((key[0][0], key[0][1] + 1.0),)  # the same folder, its manifest changed since
    assert store._read_disk_cache(cache, cfg, store._cache_head(cfg, other)) is None


@pytest.mark.parametrize("damage", ["truncated", "byte flipped"])
def test_image_commands_carry_on_over_a_corrupt_template_cache(tmp_path: Path, damage: str) -> None:
    """A real `read` process with a damaged cache file: same answer as with a good one."""
    cache = tmp_path / "cache"
    first = run(["read", str(GRID), "--json"], cache)
    assert first.returncode == 0, first.stderr
    (compiled,) = cache.glob("templates-*.bin")
    data = bytearray(compiled.read_bytes())
    if damage == "truncated":
        data = data[:1000]
    else:
        data[len(data) - 5000] ^= 0xFF
    compiled.write_bytes(bytes(data))
    again = run(["read", str(GRID), "--json"], cache)
    assert again.returncode == 0, again.stderr
    assert "Traceback" not in again.stderr
    assert json.loads(again.stdout)["tiles"] == json.loads(first.stdout)["tiles"]
    (fixed,) = cache.glob("templates-*.bin")
    built_from = store._cache_head(GlyphConfig(), store._styles_key(None))
    assert store._read_disk_cache(fixed, GlyphConfig(), built_from) is not None  # rebuilt


def test_batch_carries_on_over_a_corrupt_template_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shots = tmp_path / "shots"
    shots.mkdir()
    for i in range(3):
        os.link(GRID, shots / f"shot{i}.jpg")
    assert run(["read", str(GRID)], cache).returncode == 0
    (compiled,) = cache.glob("templates-*.bin")
    compiled.write_bytes(compiled.read_bytes()[:-100])
    out = tmp_path / "boards.jsonl"
    done = run(["batch", str(shots), "--out", str(out), "--jobs", "2", "--no-solve"], cache)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 3 and all("error" not in r or not r["error"] for r in records)


# -- cleaning: killed runs and older versions ------------------------------------------------


def make_old(path: Path, data: bytes = b"x" * 100) -> Path:
    path.write_bytes(data)
    old = time.time() - 2 * cachefile.STALE_TEMP_S
    os.utime(path, (old, old))
    return path


def test_build_removes_killed_runs_temp_files_and_older_versions(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    leftovers = [
        make_old(cache_dir / ".templates-k3j4h5.npz"),  # the first format's temp file
        make_old(cache_dir / ".templates-v2-0123.bin.k3j4h5.tmp"),
        cache_dir / "templates-27fbdd5c4fb74204e6f1a1c2934c982e.npz",  # version 1
        cache_dir / "templates-v1-27fbdd5c4fb74204e6f1a1c2934c982e.bin",
    ]
    leftovers[2].write_bytes(b"old")
    leftovers[3].write_bytes(b"old")
    young = cache_dir / ".templates-v2-0123.bin.young.tmp"
    young.write_bytes(b"a build in progress")
    kept = [young, cache_dir / "notes.txt"]
    kept[1].write_text("not ours")
    build_templates()
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in kept)
    assert len(list(cache_dir.glob("templates-v*.bin"))) == 1


def test_a_temp_file_being_written_is_left_alone(tmp_path: Path) -> None:
    busy = make_old(tmp_path / ".words.dawg.busy.tmp")
    dead = make_old(tmp_path / ".words.dawg.dead.tmp")
    with open(busy, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        removed = clean(tmp_path, lambda name: False)
    assert removed == [dead] and busy.exists()


def test_a_killed_first_run_is_cleaned_by_the_next(tmp_path: Path) -> None:
    """A process killed while writing a cache (SIGKILL: no handler runs) leaves its temp
    file; the next build removes it once its lock is gone, never while it is held."""
    target = tmp_path / "templates-v2-x.bin"
    code = (
        "import os, time\n"
        "from assistant import files\n"
        "def stall(*args):\n"
        "    print('writing', flush=True)\n"
        "    time.sleep(60)\n"
        "files.os.fsync = stall\n"
        f"files.replace_atomically({str(target)!r}, b'x' * 1000)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "writing"
    (temp,) = tmp_path.glob(".*.tmp")
    old = time.time() - 2 * cachefile.STALE_TEMP_S
    os.utime(temp, (old, old))
    assert clean(tmp_path, lambda name: False) == []  # still locked by the live writer
    child.kill()
    child.wait()
    assert temp.exists()
    assert clean(tmp_path, lambda name: False) == [temp]


# -- feedback while a cache is built ---------------------------------------------------------


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_silent_for_quick_work() -> None:
    stream = io.StringIO()
    progress = Progress("building the letter-template cache", stream)
    progress.update(0.5)
    progress.finish()
    assert stream.getvalue() == ""


def test_progress_line_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cachefile, "NOTICE_AFTER_S", 0.0)
    monkeypatch.setattr(cachefile, "NOTICE_EVERY_S", 0.0)
    tty = Tty()
    progress = Progress("compiling the word list", tty)
    progress.update(0.25)
    progress.update(0.5)
    progress.finish()
    text = tty.getvalue()
    assert text.startswith("\rboggle-assistant: compiling the word list (once)... 25%")
    assert "\rboggle-assistant: compiling the word list (once)... 50%" in text
    assert text.endswith(" s\n") and "(once)... done in" in text
    log = io.StringIO()  # a log file or a pipe: no progress bar
    progress = Progress("compiling the word list", log)
    progress.update(0.5)
    progress.finish()
    assert log.getvalue() == ""


def test_first_template_build_says_so_on_a_terminal(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cachefile, "NOTICE_AFTER_S", 0.0)
    stderr = Tty()
    monkeypatch.setattr(sys, "stderr", stderr)
    build_templates()
    assert "building the letter-template cache (once)... done in" in stderr.getvalue()
    stderr.truncate(0)
    stderr.seek(0)
    build_templates()  # from the cache: nothing to say
    assert stderr.getvalue() == ""


# -- word lists: bounded reading, bounded compile, cleaning ---------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_word_list_is_a_clear_error_under_a_memory_limit(
    tmp_path: Path, device: str
) -> None:
    done = run(["solve", "TestingTheSolver", "--dict", device], tmp_path, 1024)
    assert done.returncode == 6, done.stderr  # ExitCode: bad word list
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert device in done.stderr and len(done.stderr.strip().splitlines()) <= 2


def test_an_endless_pipe_as_word_list_stops_at_the_bound(tmp_path: Path) -> None:
    fifo = tmp_path / "words"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"yes apple > {fifo}"], stderr=subprocess.DEVNULL)
    try:
        done = run(["solve", "TestingTheSolver", "--dict", str(fifo)], tmp_path, 1024)
    finally:
        writer.kill()
        writer.wait()
    assert done.returncode == 6, done.stderr
    assert "over 64 MB" in done.stderr and "Traceback" not in done.stderr


def test_word_list_bounds(tmp_path: Path) -> None:
    from assistant.dictionary import load_dictionary
    from assistant.errors import WordListError

    long_line = tmp_path / "long.txt"
    long_line.write_text("apple\n" + "x" * 5000 + "\nbanana\n")
    with pytest.raises(WordListError, match="line 2 is 5,000 characters long"):
        load_dictionary(long_line, cache_dir=tmp_path / "cache")
    sparse = tmp_path / "huge.txt"
    with sparse.open("wb") as fh:
        fh.truncate(65 << 20)
    with pytest.raises(WordListError, match="over 64 MB"):
        load_dictionary(sparse, cache_dir=tmp_path / "cache")
    import gzip

    bomb = tmp_path / "bomb.txt.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as fh:
        for _ in range(65):
            fh.write(b"a\n" * (1 << 19))
    with pytest.raises(WordListError, match="unpacks to over 64 MB"):
        load_dictionary(bomb, cache_dir=tmp_path / "cache")


def test_compiling_a_big_list_keeps_only_the_minimal_automaton() -> None:
    """Merged states are recycled: the states allocated stay within the minimal automaton
    plus one word's worth, however many letters the list has (a 1.5 M-word list used to
    hold every letter's state: gigabytes)."""
    from assistant.dictionary import STRIDE, _build_automaton, compile_words

    words = sorted(
        {f"{a}{b}{c}{d}ing" for a in "bcdfg" for b in "aeiou" for c in "lmnrst" for d in "aeiouy"}
        | {f"re{a}{b}ed" for a in "bcdfgklm" for b in "aeiou"}
    )
    edges, _ = _build_automaton(words)
    states = len(compile_words(words)) // STRIDE
    letters = sum(len(w) for w in words)
    assert len(edges) <= states + max(len(w) for w in words) + 1
    assert len(edges) < letters // 10


def test_first_word_list_compile_says_so_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assistant.dictionary import load_dictionary

    monkeypatch.setattr(cachefile, "NOTICE_AFTER_S", 0.0)
    stderr = Tty()
    monkeypatch.setattr(sys, "stderr", stderr)
    words = tmp_path / "words.txt"
    words.write_text("apple\nbanana\ncherry\n")
    load_dictionary(words, cache_dir=tmp_path / "cache")
    assert f"compiling the word list {words} (once)... done in" in stderr.getvalue()
    stderr.truncate(0)
    stderr.seek(0)
    assert load_dictionary(words, cache_dir=tmp_path / "cache").from_cache
    assert stderr.getvalue() == ""


def test_word_list_build_removes_older_versions_and_killed_runs(tmp_path: Path) -> None:
    from assistant.dictionary import FORMAT_VERSION, load_dictionary

    cache = tmp_path / "cache"
    cache.mkdir()
    other_list = cache / f"{'ab' * 32}-v{FORMAT_VERSION}.dawg"
    other_list.write_bytes(b"another list's cache: kept")
    old_version = cache / f"{'cd' * 32}-v{FORMAT_VERSION - 1}.dawg"
    old_version.write_bytes(b"old")
    dead = make_old(cache / ".tmp-0123.dawg")
    words = tmp_path / "words.txt"
    words.write_text("apple\n")
    load_dictionary(words, cache_dir=cache)
    assert other_list.exists() and not old_version.exists() and not dead.exists()
