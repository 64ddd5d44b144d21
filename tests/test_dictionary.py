"""Word lists: folding, bad lists, the compiled table, and the on-disk cache."""

from __future__ import annotations

import gzip
import hashlib
import multiprocessing
import os
import string
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.dictionary import (
    CACHE_ENV,
    FORMAT_VERSION,
    CacheStatus,
    Dictionary,
    cache_file_name,
    default_cache_dir,
    dictionary_from_words,
    fold_word,
    load_dictionary,
)
from assistant.errors import ExitCode, WordListError


def write(path: Path, text: str | bytes) -> Path:
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


# -- folding ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("cat", "cat"),
        ("  Dog ", "dog"),
        ("Café", "cafe"),
        ("naïve", "naive"),
        ("élève", "eleve"),
        ("Œuvre", "oeuvre"),
        ("cœur", "coeur"),
        ("Æther", "aether"),
        ("straße", "strasse"),
        ("Ørsted", "orsted"),
        ("ﬁn", "fin"),  # the fi ligature decomposes under NFKD
        ("don't", None),
        ("e-mail", None),
        ("two words", None),
        ("abc1", None),
        ("€uro", None),
        ("日本", None),
        ("", None),
    ],
)
def test_fold_word(text: str, folded: str | None) -> None:
    assert fold_word(text) == folded


@given(st.text(alphabet=string.ascii_letters, min_size=1, max_size=12))
def test_fold_word_keeps_ascii_letters(word: str) -> None:
    assert fold_word(word) == word.lower()


# -- reading lists ----------------------------------------------------------------------


def test_comments_blank_lines_and_dropped_words(tmp_path: Path, cache: Path) -> None:
    text = "# a comment\n\ncat\n  Dog  \n\n   # indented comment\nCAFÉ\ndon't\nx y\n€uro\ncat\n"
    d = load_dictionary(write(tmp_path / "w.txt", text), cache_dir=cache)
    assert sorted(d) == ["cafe", "cat", "dog"]
    assert len(d) == 3
    assert d.dropped == 3
    assert d.dropped_examples == ("don't", "x y", "€uro")


def test_dropped_examples_are_capped(cache: Path) -> None:
    d = dictionary_from_words(["ok", *[f"bad{i}" for i in range(20)]])
    assert d.dropped == 20
    assert len(d.dropped_examples) == 5


def test_french_list_folds_accents(tmp_path: Path, cache: Path) -> None:
    path = write(tmp_path / "fr.txt", "élève\nœuvre\nfête\nÇa\nnaïf\nmaïs\ncœur\n")
    d = load_dictionary(path, cache_dir=cache)
    assert sorted(d) == ["ca", "coeur", "eleve", "fete", "mais", "naif", "oeuvre"]
    assert d.dropped == 0
    # Lookups fold the same way.
    assert "élève" in d
    assert "ELEVE" in d
    assert "œuvre" in d


def test_crlf_and_byte_order_mark(tmp_path: Path, cache: Path) -> None:
    d = load_dictionary(write(tmp_path / "w.txt", "\ufeffcat\r\ndog\r\n"), cache_dir=cache)
    assert sorted(d) == ["cat", "dog"]
    assert d.dropped == 0


def test_gzip_list(tmp_path: Path, cache: Path) -> None:
    d = load_dictionary(
        write(tmp_path / "w.txt.gz", gzip.compress(b"zebra\napple\n")), cache_dir=cache
    )
    assert list(d) == ["apple", "zebra"]


def test_membership_prefixes_and_iteration() -> None:
    d = dictionary_from_words(["cat", "cats", "catalog", "dog", "qi", "quit"])
    assert "cat" in d and "cats" in d and "catalog" in d
    assert "ca" not in d and "catalogs" not in d and "" not in d
    assert 42 not in d
    assert d.has_prefix("cata") and d.has_prefix("") and d.has_prefix("qu")
    assert not d.has_prefix("catz") and not d.has_prefix("x-")
    assert list(d) == ["cat", "catalog", "cats", "dog", "qi", "quit"]


@settings(max_examples=40)
@given(st.sets(st.text(alphabet="abcdeqsu", min_size=1, max_size=8), min_size=1, max_size=60))
def test_compiled_table_holds_exactly_the_words(words: set[str]) -> None:
    d = dictionary_from_words(words)
    assert list(d) == sorted(words)
    assert len(d) == len(words)
    for w in words:
        assert w in d
        for k in range(len(w)):
            assert d.has_prefix(w[:k])
            assert (w[:k] in d) == (w[:k] in words)


# -- bad lists --------------------------------------------------------------------------


def _bad(path: Path, cache: Path) -> WordListError:
    with pytest.raises(WordListError) as info:
        load_dictionary(path, cache_dir=cache)
    err = info.value
    assert err.exit_code is ExitCode.BAD_WORDLIST
    assert err.hint, "every word-list error carries a fix-it hint"
    return err


def test_missing_list(tmp_path: Path, cache: Path) -> None:
    err = _bad(tmp_path / "nope.txt", cache)
    assert "does not exist" in err.message and "nope.txt" in err.message
    assert err.hint is not None and "--dict" in err.hint


def test_directory_list(tmp_path: Path, cache: Path) -> None:
    err = _bad(tmp_path, cache)
    assert "is a directory" in err.message


def test_binary_list(tmp_path: Path, cache: Path) -> None:
    err = _bad(write(tmp_path / "w.bin", b"cat\ndog\x00\x01\x02\n"), cache)
    assert "binary" in err.message and "offset 7" in err.message


def test_empty_list(tmp_path: Path, cache: Path) -> None:
    err = _bad(write(tmp_path / "w.txt", ""), cache)
    assert "no usable words" in err.message


def test_comments_only_list(tmp_path: Path, cache: Path) -> None:
    err = _bad(write(tmp_path / "w.txt", "# nothing\n\n   \n"), cache)
    assert "no usable words" in err.message and "comments" in err.message


def test_list_of_only_dropped_words(tmp_path: Path, cache: Path) -> None:
    err = _bad(write(tmp_path / "w.txt", "1234\nfoo-bar\n"), cache)
    assert "all 2 lines" in err.message and "'1234'" in err.message


def test_not_utf8_names_line_and_offset(tmp_path: Path, cache: Path) -> None:
    data = "cat\ndog\ncafé\n".encode("latin-1")
    err = _bad(write(tmp_path / "latin1.txt", data), cache)
    assert "not UTF-8" in err.message
    assert "line 3" in err.message and "byte offset 11" in err.message and "0xe9" in err.message
    assert err.hint is not None and "iconv" in err.hint


def test_damaged_gzip(tmp_path: Path, cache: Path) -> None:
    data = gzip.compress(b"cat\ndog\n" * 100)
    err = _bad(write(tmp_path / "w.txt.gz", data[: len(data) // 2]), cache)
    assert "gzip" in err.message


def test_unreadable_list(tmp_path: Path, cache: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root can read any file")
    path = write(tmp_path / "w.txt", "cat\n")
    path.chmod(0)
    err = _bad(path, cache)
    assert "permission" in err.message


# -- the cache --------------------------------------------------------------------------


def test_second_load_uses_the_cache(tmp_path: Path, cache: Path) -> None:
    data = "apple\nbanana\ncherry\nnaïve\n1x\n"
    path = write(tmp_path / "w.txt", data)
    first = load_dictionary(path, cache_dir=cache)
    assert first.cache_status is CacheStatus.BUILT and not first.from_cache
    digest = hashlib.sha256(data.encode()).hexdigest()
    assert first.sha256 == digest
    assert first.cache_path == cache / f"{digest}-v{FORMAT_VERSION}.dawg"
    assert first.cache_path == cache / cache_file_name(digest)
    assert first.cache_path.is_file()

    second = load_dictionary(path, cache_dir=cache)
    assert second.from_cache and second.cache_status is CacheStatus.HIT
    assert second.cache_note is None
    assert list(second) == list(first) == ["apple", "banana", "cherry", "naive"]
    assert second.table == first.table
    # Counts and examples of dropped words survive the cache.
    assert (second.dropped, second.dropped_examples) == (1, ("1x",))
    assert second.source == str(path) and second.path == path


def test_changed_list_gets_a_new_cache_entry(tmp_path: Path, cache: Path) -> None:
    path = write(tmp_path / "w.txt", "apple\n")
    load_dictionary(path, cache_dir=cache)
    write(path, "apple\npear\n")
    d = load_dictionary(path, cache_dir=cache)
    assert d.cache_status is CacheStatus.BUILT
    assert "pear" in d
    assert len(list(cache.glob("*.dawg"))) == 2


def _corrupt_flip_payload(blob: bytes) -> bytes:
    i = len(blob) - 10
    return blob[:i] + bytes([blob[i] ^ 0x40]) + blob[i + 1 :]


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (_corrupt_flip_payload, "checksum"),
        (lambda b: b[: len(b) // 2], "truncated"),
        (lambda b: b[:20], "shorter than its header"),
        (lambda b: b + b"\x00" * 8, "truncated or padded"),
        (lambda b: b"not a cache file at all" * 10, "not a boggle-assistant cache"),
        (lambda b: b[:8] + (FORMAT_VERSION + 1).to_bytes(4, "little") + b[12:], "version"),
        (lambda b: b"", "shorter than its header"),
    ],
)
def test_damaged_cache_is_rebuilt(
    tmp_path: Path, cache: Path, damage: Callable[[bytes], bytes], why: str
) -> None:
    path = write(tmp_path / "w.txt", "apple\nbanana\ncherry\n")
    built = load_dictionary(path, cache_dir=cache)
    assert built.cache_path is not None
    built.cache_path.write_bytes(damage(built.cache_path.read_bytes()))

    rebuilt = load_dictionary(path, cache_dir=cache)
    assert rebuilt.cache_status is CacheStatus.REBUILT
    assert rebuilt.cache_note is not None and why in rebuilt.cache_note
    assert list(rebuilt) == ["apple", "banana", "cherry"]
    again = load_dictionary(path, cache_dir=cache)
    assert again.from_cache and list(again) == ["apple", "banana", "cherry"]


def test_cache_from_another_list_is_not_trusted(tmp_path: Path, cache: Path) -> None:
    a = load_dictionary(write(tmp_path / "a.txt", "apple\n"), cache_dir=cache)
    b_path = write(tmp_path / "b.txt", "banana\n")
    b_sha = hashlib.sha256(b"banana\n").hexdigest()
    assert a.cache_path is not None
    # Someone copies list a's cache over list b's cache file name.
    (cache / cache_file_name(b_sha)).write_bytes(a.cache_path.read_bytes())
    b = load_dictionary(b_path, cache_dir=cache)
    assert b.cache_status is CacheStatus.REBUILT and list(b) == ["banana"]
    assert b.cache_note is not None and "different word list" in b.cache_note


def test_unwritable_cache_dir_degrades_to_memory(tmp_path: Path) -> None:
    # A cache "directory" below a regular file cannot be created, even by root.
    blocker = write(tmp_path / "file", "x")
    path = write(tmp_path / "w.txt", "apple\nbanana\n")
    d = load_dictionary(path, cache_dir=blocker / "cache")
    assert d.cache_status is CacheStatus.UNCACHED
    assert d.in_memory_only and d.cache_path is None
    assert d.cache_note is not None and "in memory" in d.cache_note
    assert list(d) == ["apple", "banana"]


def test_read_only_cache_dir_degrades_to_memory(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root can write to read-only directories")
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        d = load_dictionary(write(tmp_path / "w.txt", "apple\n"), cache_dir=ro)
    finally:
        ro.chmod(0o700)
    assert d.in_memory_only and "apple" in d
    assert d.cache_note is not None and "Permission denied" in d.cache_note


def test_no_temporary_files_left_behind(tmp_path: Path, cache: Path) -> None:
    load_dictionary(write(tmp_path / "w.txt", "apple\n"), cache_dir=cache)
    assert [p.name for p in cache.iterdir() if p.name.startswith(".tmp")] == []


def _load_in_child(args: tuple[str, str, Any]) -> tuple[int, str]:
    path, cache_dir, go = args
    go.wait(10)
    d = load_dictionary(path, cache_dir=Path(cache_dir))
    return len(d), d.cache_status.value


def test_concurrent_first_runs_leave_a_valid_cache(tmp_path: Path, cache: Path) -> None:
    # Big enough that the builds overlap: every process compiles and writes the same file.
    words = sorted({"".join(w) for w in _word_stream(20000)})
    path = write(tmp_path / "w.txt", "\n".join(words) + "\n")
    ctx = multiprocessing.get_context("fork")
    with ctx.Manager() as manager:
        go = manager.Event()
        with ctx.Pool(4) as pool:
            pending = pool.map_async(_load_in_child, [(str(path), str(cache), go)] * 4)
            go.set()
            results = pending.get(timeout=120)
    assert all(count == len(words) for count, _ in results)
    assert {status for _, status in results} <= {"built", "hit"}
    d = load_dictionary(path, cache_dir=cache)
    assert d.from_cache and len(d) == len(words)
    assert sorted(p.name for p in cache.iterdir()) == [cache_file_name(d.sha256)]


def _word_stream(n: int) -> list[str]:
    letters = "etaoinshrdlucmfw"
    out = []
    x = 12345
    for _ in range(n):
        word = ""
        for _ in range(3 + x % 7):
            x = (x * 1103515245 + 12345) % 2**31
            word += letters[x % len(letters)]
        out.append(word)
    return out


def test_cache_dir_resolution(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "override"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "override"
    monkeypatch.delenv(CACHE_ENV)
    assert default_cache_dir() == tmp_path / "xdg" / "boggle-assistant"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # ignored, as the XDG spec says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "boggle-assistant"


def test_env_override_is_used_by_load(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "envcache"))
    d = load_dictionary(write(tmp_path / "w.txt", "apple\n"))
    assert d.cache_path is not None and d.cache_path.parent == tmp_path / "envcache"


# -- the built-in list ------------------------------------------------------------------


def test_builtin_enable(tmp_path: Path) -> None:
    cold = load_dictionary(cache_dir=tmp_path)
    assert cold.source == "ENABLE" and cold.path is None
    assert cold.cache_status is CacheStatus.BUILT
    warm = load_dictionary(cache_dir=tmp_path)
    assert warm.from_cache
    assert isinstance(warm, Dictionary)
    assert len(warm) == 172820 and warm.dropped == 0
    for word in ("aardvark", "quixotic", "zyzzyva", "cwm", "syzygy", "Aardvark"):
        assert word in warm
    for word in ("qi", "qz", "aardvarkz", "boggleassistant"):  # ENABLE (2000) predates "qi"
        assert word not in warm
    # Small enough for the memory budget: a minimal word graph, not a trie.
    assert warm.states < 60000 and len(warm.table) * 4 < 8 * 1024 * 1024


def test_builtin_sha256_constant_matches_the_shipped_list() -> None:
    """A cached load of ENABLE keys the cache on BUILTIN_SHA256 without reading the list:
    the constant must be the shipped file's hash (update it when the list changes)."""
    from assistant.dictionary import BUILTIN_SHA256, builtin_list_bytes

    assert hashlib.sha256(builtin_list_bytes()).hexdigest() == BUILTIN_SHA256


def test_cached_builtin_load_reads_only_the_cache(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from assistant.dictionary import load_dictionary\n"
        "d = load_dictionary()\n"
        "print(d.cache_status.value, sorted({'hashlib', 'gzip'} & set(sys.modules)))\n"
    )
    env = {**os.environ, CACHE_ENV: str(tmp_path)}
    run = [sys.executable, "-c", code]
    first = subprocess.run(run, capture_output=True, text=True, env=env, check=True)
    assert first.stdout.split()[0] == "built"
    again = subprocess.run(run, capture_output=True, text=True, env=env, check=True)
    assert again.stdout.strip() == "hit []"
