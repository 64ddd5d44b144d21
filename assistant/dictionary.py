"""Word lists, compiled once to a minimal word graph in one flat array and cached on disk.

``load_dictionary()`` reads a word list (the built-in ENABLE list by default), folds every
word to the letters a-z, and compiles the words to a minimal deterministic automaton (a
DAWG: a trie whose identical subtrees are merged). The compiled form is one ``array`` of
32-bit integers, written to the user cache directory keyed by the list file's sha256 and
``FORMAT_VERSION``; later loads read it back with ``array.frombytes`` in a few
milliseconds instead of re-parsing the list.

Table layout (the solver steps through it directly):

* a state is a block of ``STRIDE`` cells at offset ``b`` (the root is the block at 0);
* ``table[b + i]`` for ``i`` in 0..25 is the state reached on letter ``chr(97 + i)``,
  ``table[b + QU_SLOT]`` the state reached on ``q`` then ``u`` (the Qu tile in one step),
  and ``table[b + MASK_SLOT]`` a bitmask of which of those slots are non-zero;
* a state is referred to by its offset ``b``, or by ``b - len(table)`` when it is final
  (it ends a word). Python's negative indexing makes ``table[ref + i]`` address the same
  block either way, so stepping needs no flag stripping and "is this a word?" is
  ``ref < 0``. Zero means "no transition" (the root is never a target).

Cache file (``<sha256>-v<FORMAT_VERSION>.dawg``): a fixed header (magic, format version,
stride, table length, word and dropped counts, the list's sha256, the metadata length and a
CRC-32 of everything else), a small UTF-8 JSON metadata block (examples of dropped lines)
and the table as little-endian int32. A file whose header, lengths or checksum do not match
is rebuilt. Files are written to a temporary name in the same directory and moved into
place with ``os.replace``, so concurrent first runs never leave a torn file.
"""

from __future__ import annotations

import functools
import io
import os
import struct
import sys
import time
import zlib
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from assistant.cachefile import CACHE_APP_DIR as CACHE_APP_DIR  # re-exported
from assistant.cachefile import CACHE_ENV as CACHE_ENV
from assistant.cachefile import Progress, building, clean
from assistant.cachefile import default_cache_dir as default_cache_dir
from assistant.errors import WordListError

FORMAT_VERSION = 1  # bump when the table layout or the word folding rules change
STRIDE = 28
QU_SLOT = 26
MASK_SLOT = 27
LETTER_Q = ord("q") - 97
LETTER_U = ord("u") - 97

BUILTIN_NAME = "ENABLE"
BUILTIN_RESOURCE = ("data", "enable1.txt.gz")
# The sha256 of BUILTIN_RESOURCE (tests check it): a cached load of the built-in list then
# reads only the cache file, not the list (and imports neither hashlib nor gzip).
BUILTIN_SHA256 = "f84a5c351fdcb2ff0686c5a0a3f8f7ba1b0f59a04d764db7ddf3f079b564b4b5"

# Bounds on what is read as a word list, so that a wrong file (a device, a disk image, a
# pipe that never ends) gives a clear error instead of exhausting memory. The largest real
# word lists (~1.5 M words) are ~20 MB; no word on any board comes near the line bound.
MAX_LIST_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 1000
READ_CHUNK = 1 << 20
DROPPED_EXAMPLES = 5

_MAGIC = b"BGADAWG\x00"
# magic, version, stride, table length, word count, dropped count, sha256, meta length;
# then the CRC-32 of those fields, the metadata and the table.
_FIELDS = struct.Struct("<8sIIIII32sI")
_CRC = struct.Struct("<I")
_HEADER_SIZE = _FIELDS.size + _CRC.size
# Letters that Unicode decomposition does not reduce to a-z (NFKD leaves them whole).
_LIGATURES = str.maketrans(
    {"œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ĳ": "ij"}
)
_TYPECODE = "i" if array("i").itemsize == 4 else "l"


class CacheStatus(Enum):
    """How a Dictionary was obtained (``Dictionary.cache_status``)."""

    HIT = "hit"  # read from a valid cache file
    BUILT = "built"  # compiled from the list and written to the cache
    REBUILT = "rebuilt"  # the cache file was corrupt or truncated: compiled and rewritten
    UNCACHED = "uncached"  # compiled in memory only (cache unwritable, or words from code)


@dataclass(frozen=True, eq=False)
class Dictionary:
    """A compiled word list. ``word in d`` folds ``word`` the same way the list was folded.

    ``dropped`` counts the list's lines that held characters other than letters (after
    folding accents); ``dropped_examples`` shows a few. ``cache_note`` says why the cache was
    not used or had to be rebuilt (None when all went well).
    """

    source: str  # "ENABLE" for the built-in list, else the list's path as given
    path: Path | None  # None for the built-in list and for words given in code
    sha256: str  # of the list file's bytes (the .gz for the built-in list)
    word_count: int
    dropped: int
    dropped_examples: tuple[str, ...]
    table: array[int]  # the compiled automaton, see the module docstring
    cache_status: CacheStatus
    cache_path: Path | None  # the cache file read or written; None if there is none
    cache_note: str | None = None
    load_ms: float = 0.0

    @property
    def from_cache(self) -> bool:
        return self.cache_status is CacheStatus.HIT

    @property
    def in_memory_only(self) -> bool:
        """True when the compiled form could not be cached (see ``cache_note``)."""
        return self.cache_path is None

    @property
    def states(self) -> int:
        return len(self.table) // STRIDE

    def __len__(self) -> int:
        return self.word_count

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        folded = fold_word(word)
        return folded is not None and self._walk(folded) < 0

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (folded like the words)."""
        if not prefix:
            return True
        folded = fold_word(prefix)
        return folded is not None and self._walk(folded) != 0

    def _walk(self, letters: str) -> int:
        table, ref = self.table, 0
        for ch in letters:
            ref = table[ref + ord(ch) - 97]
            if not ref:
                return 0
        return ref

    def __iter__(self) -> Iterator[str]:
        """The words in alphabetical order."""
        table = self.table
        stack: list[tuple[int, str]] = [(0, "")]
        while stack:
            ref, prefix = stack.pop()
            if ref < 0:
                yield prefix
            for i in range(25, -1, -1):
                nxt = table[ref + i]
                if nxt:
                    stack.append((nxt, prefix + chr(97 + i)))

    def __repr__(self) -> str:
        return (
            f"Dictionary(source={self.source!r}, words={self.word_count}, "
            f"dropped={self.dropped}, cache={self.cache_status.value})"
        )


# -- folding ----------------------------------------------------------------------------


def fold_word(text: str) -> str | None:
    """Lowercase ``text`` and fold accents to a-z (NFKD, combining marks dropped, and
    œ->oe, æ->ae, ß->ss, ø->o, ł->l, đ->d). None if anything else remains."""
    word = text.strip().lower()
    if word.isascii():
        return word if word.isalpha() else None
    import unicodedata

    word = unicodedata.normalize("NFKD", word.translate(_LIGATURES))
    word = "".join(ch for ch in word if not unicodedata.combining(ch))
    return word if word.isascii() and word.isalpha() else None


@dataclass(frozen=True)
class _WordList:
    words: list[str]  # sorted, unique, a-z
    dropped: int
    dropped_examples: tuple[str, ...]


def _fold_lines(lines: Iterable[str], name: str = "<words>") -> _WordList:
    words: set[str] = set()
    dropped = 0
    examples: list[str] = []
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise WordListError(
                f"word list {name}: line {number} is {len(line.rstrip()):,} characters long",
                hint="give a plain text file with one word per line",
            )
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        word = fold_word(text)
        if word is None:
            dropped += 1
            if len(examples) < DROPPED_EXAMPLES:
                examples.append(text[:40])
        else:
            words.add(word)
    return _WordList(sorted(words), dropped, tuple(examples))


def _parse_list(data: bytes, name: str) -> _WordList:
    if data[:2] == b"\x1f\x8b":
        try:
            import gzip

            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
                data = unpacked.read(MAX_LIST_BYTES + 1)
            if len(data) > MAX_LIST_BYTES:
                raise WordListError(
                    f"word list {name} unpacks to over {MAX_LIST_BYTES // (1024 * 1024)} MB",
                    hint=f"word lists are plain text under {MAX_LIST_BYTES // (1024 * 1024)} MB",
                )
        except (OSError, EOFError, zlib.error) as exc:
            raise WordListError(
                f"word list {name} is a damaged gzip file ({exc})",
                hint="decompress it with gunzip to check it, or give the plain text list",
            ) from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise WordListError(
            f"word list {name} is a binary file (NUL byte at byte offset {nul})",
            hint="give a plain UTF-8 text file with one word per line",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise WordListError(
            f"word list {name} is not UTF-8: byte 0x{data[exc.start]:02x} on line {line} "
            f"(byte offset {exc.start})",
            hint="convert it to UTF-8, e.g. iconv -f latin1 -t utf-8 old.txt > new.txt",
        ) from None
    parsed = _fold_lines(io.StringIO(text.removeprefix("\ufeff"), newline=None), name)
    if not parsed.words:
        why = (
            f"all {parsed.dropped} lines hold characters other than letters, e.g. "
            f"{parsed.dropped_examples[0]!r}"
            if parsed.dropped
            else "it is empty or holds only blank lines and # comments"
        )
        raise WordListError(
            f"word list {name} has no usable words: {why}",
            hint="put one word per line using letters (accents are folded to a-z)",
        )
    return parsed


# -- compiling ----------------------------------------------------------------------------


def _build_automaton(
    words: list[str], progress: Progress | None = None
) -> tuple[list[dict[int, int]], list[bool]]:
    """Daciuk et al.'s incremental construction of the minimal automaton from sorted
    words. States are indices into the returned lists; a state merged into an equal one is
    recycled for the next new state, so memory grows with the minimal automaton, not with
    the letters of the list (unreachable leftovers are dropped by ``_layout``)."""
    edges: list[dict[int, int]] = [{}]
    final = [False]
    free: list[int] = []  # merged states, to be reused
    register: dict[tuple[object, ...], int] = {}
    unchecked: list[tuple[int, int, int]] = []  # (parent, letter, child) along the last word

    def minimize(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, letter, child = unchecked.pop()
            out = edges[child]
            key = (final[child], *sorted(out.items())) if out else (final[child],)
            same = register.get(key)
            if same is None:
                register[key] = child
            else:
                edges[parent][letter] = same
                out.clear()
                free.append(child)

    previous = ""
    step = max(1, len(words) // 100)
    for count, word in enumerate(words, 1):
        if progress is not None and not count % step:
            progress.update(count / len(words))
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        minimize(common)
        state = unchecked[-1][2] if unchecked else 0
        for ch in word[common:]:
            if free:
                new = free.pop()
                final[new] = False
            else:
                new = len(edges)
                edges.append({})
                final.append(False)
            letter = ord(ch) - 97
            edges[state][letter] = new
            unchecked.append((state, letter, new))
            state = new
        final[state] = True
        previous = word
    minimize(0)
    return edges, final


def _layout(edges: list[dict[int, int]], final: list[bool]) -> array[int]:
    order = [0]
    offset = {0: 0}
    i = 0
    while i < len(order):
        for child in edges[order[i]].values():
            if child not in offset:
                offset[child] = len(order) * STRIDE
                order.append(child)
        i += 1
    size = len(order) * STRIDE
    table = array(_TYPECODE, bytes(4 * size))

    def ref(state: int) -> int:
        return offset[state] - size if final[state] else offset[state]

    for state in order:
        base = offset[state]
        out = edges[state]
        mask = 0
        for letter, child in out.items():
            table[base + letter] = ref(child)
            mask |= 1 << letter
        q = out.get(LETTER_Q)
        if q is not None and LETTER_U in edges[q]:
            table[base + QU_SLOT] = ref(edges[q][LETTER_U])
            mask |= 1 << QU_SLOT
        table[base + MASK_SLOT] = mask
    return table


def compile_words(words: list[str], progress: Progress | None = None) -> array[int]:
    """The table for sorted, unique, non-empty a-z ``words``."""
    edges, final = _build_automaton(words, progress)
    return _layout(edges, final)


def dictionary_from_words(words: Iterable[str], *, source: str = "<words>") -> Dictionary:
    """A Dictionary of ``words`` (folded like a list file), compiled in memory, not cached."""
    start = time.perf_counter()
    parsed = _fold_lines(words)
    if not parsed.words:
        raise WordListError(
            f"{source} has no usable words", hint="give at least one word made of letters"
        )
    table = compile_words(parsed.words)
    import hashlib

    digest = hashlib.sha256("\n".join(parsed.words).encode()).hexdigest()
    return Dictionary(
        source=source,
        path=None,
        sha256=digest,
        word_count=len(parsed.words),
        dropped=parsed.dropped,
        dropped_examples=parsed.dropped_examples,
        table=table,
        cache_status=CacheStatus.UNCACHED,
        cache_path=None,
        load_ms=(time.perf_counter() - start) * 1000,
    )


# -- the cache ----------------------------------------------------------------------------


def cache_file_name(sha256: str) -> str:
    return f"{sha256}-v{FORMAT_VERSION}.dawg"


@dataclass(frozen=True)
class _Compiled:
    table: array[int]
    word_count: int
    dropped: int
    dropped_examples: tuple[str, ...]


def _encode(compiled: _Compiled, sha256: str) -> bytes:
    import json

    meta = json.dumps({"dropped_examples": list(compiled.dropped_examples)}).encode()
    table = compiled.table
    if sys.byteorder == "big":
        table = array(_TYPECODE, table)
        table.byteswap()
    payload = table.tobytes()
    fields = (
        _MAGIC,
        FORMAT_VERSION,
        STRIDE,
        len(compiled.table),
        compiled.word_count,
        compiled.dropped,
        bytes.fromhex(sha256),
        len(meta),
    )
    head = _FIELDS.pack(*fields)
    crc = zlib.crc32(payload, zlib.crc32(meta, zlib.crc32(head)))
    return head + _CRC.pack(crc) + meta + payload


def _read_cache(path: Path, sha256: str) -> _Compiled:
    """Read a cache file, the table straight into its array (no second copy of the file in
    memory); ValueError says what is wrong with it, OSError that it cannot be read."""
    with path.open("rb") as fh:
        head = fh.read(_HEADER_SIZE)
        if len(head) < _HEADER_SIZE:
            raise ValueError("shorter than its header")
        magic, version, stride, length, words, dropped, digest, meta_len = _FIELDS.unpack_from(head)
        (crc,) = _CRC.unpack_from(head, _FIELDS.size)
        if magic != _MAGIC:
            raise ValueError("not a boggle-assistant cache file")
        if version != FORMAT_VERSION or stride != STRIDE:
            raise ValueError(f"format version {version}, expected {FORMAT_VERSION}")
        if digest != bytes.fromhex(sha256):
            raise ValueError("built from a different word list")
        if length % STRIDE or not length:
            raise ValueError("truncated or padded")
        meta = fh.read(meta_len)
        size = fh.seek(0, os.SEEK_END)
        if len(meta) != meta_len or size != _HEADER_SIZE + meta_len + 4 * length:
            raise ValueError("truncated or padded")
        fh.seek(_HEADER_SIZE + meta_len)
        table = array(_TYPECODE, bytes(4 * length))
        if fh.readinto(memoryview(table).cast("B")) != 4 * length:
            raise ValueError("truncated or padded")
    if zlib.crc32(table, zlib.crc32(meta, zlib.crc32(head[: _FIELDS.size]))) != crc:
        raise ValueError("checksum mismatch")
    if sys.byteorder == "big":
        table.byteswap()
    import json

    try:
        examples = tuple(str(e) for e in json.loads(meta)["dropped_examples"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"bad metadata ({exc})") from None
    return _Compiled(table, words, dropped, examples)


def _stale_cache_name(name: str) -> bool:
    """Word-list cache files of other format versions."""
    return name.endswith(".dawg") and not name.endswith(f"-v{FORMAT_VERSION}.dawg")


def _write_cache(path: Path, blob: bytes) -> None:
    """Write ``blob`` to ``path`` atomically (``assistant.files.replace_atomically``),
    after removing the cache files of older format versions and the temporary files of
    killed runs."""
    from assistant.files import replace_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    clean(path.parent, _stale_cache_name)
    replace_atomically(path, blob)


# -- loading ----------------------------------------------------------------------------


def _read_list(path: Path) -> bytes:
    name = str(path)
    try:
        if path.is_dir():
            raise WordListError(
                f"word list {name} is a directory",
                hint="give the path of a text file with one word per line",
            )
        too_big = WordListError(
            f"word list {name} is over {MAX_LIST_BYTES // (1024 * 1024)} MB",
            hint=f"word lists are plain text under {MAX_LIST_BYTES // (1024 * 1024)} MB",
        )
        if path.stat().st_size > MAX_LIST_BYTES:
            raise too_big
        # Read in chunks up to the bound: a device or a pipe has no size to check first.
        chunks: list[bytes] = []
        total = 0
        with path.open("rb") as fh:
            while chunk := fh.read(READ_CHUNK):
                if total + len(chunk) > MAX_LIST_BYTES:
                    raise too_big
                if b"\x00" in chunk and not chunks and chunk[:2] != b"\x1f\x8b":
                    nul = chunk.find(b"\x00")
                    raise WordListError(
                        f"word list {name} is a binary file (NUL byte at byte offset {nul})",
                        hint="give a plain UTF-8 text file with one word per line",
                    )
                chunks.append(chunk)
                total += len(chunk)
        return b"".join(chunks)
    except FileNotFoundError:
        raise WordListError(
            f"word list {name} does not exist",
            hint="check the path, or leave out --dict to use the built-in ENABLE list",
        ) from None
    except PermissionError:
        raise WordListError(
            f"word list {name} cannot be read (permission denied)",
            hint="check the file's permissions",
        ) from None
    except OSError as exc:
        raise WordListError(
            f"word list {name} cannot be read ({exc.strerror or exc})",
            hint="give the path of a readable text file with one word per line",
        ) from None


def load_dictionary(path: str | Path | None = None, *, cache_dir: Path | None = None) -> Dictionary:
    """Load a word list (the built-in ENABLE list when ``path`` is None).

    The compiled form is cached in ``cache_dir`` (default: ``default_cache_dir()``). A
    corrupt cache file is rebuilt; an unwritable cache directory gives a Dictionary compiled
    in memory (``in_memory_only``, with the reason in ``cache_note``). Raises WordListError
    for a missing, unreadable, binary, non-UTF-8 or empty list.
    """
    start = time.perf_counter()
    data: bytes | None = None
    if path is None:
        source, list_path, sha256 = BUILTIN_NAME, None, BUILTIN_SHA256
    else:
        if str(path) == "":
            raise WordListError(
                "no word list given (the --dict path is empty)",
                hint="give a word list's path, or leave out --dict to use ENABLE",
            )
        list_path = Path(path)
        source = str(path)
        data = _read_list(list_path)
        import hashlib

        sha256 = hashlib.sha256(data).hexdigest()

    note: str | None = None
    status = CacheStatus.BUILT
    cache_file: Path | None = None
    try:
        cache_file = (default_cache_dir() if cache_dir is None else cache_dir) / cache_file_name(
            sha256
        )
    except (RuntimeError, KeyError) as exc:  # Path.home() with no home directory
        note = f"no cache directory ({exc}); compiled the word list in memory"

    compiled: _Compiled | None = None
    if cache_file is not None:
        try:
            compiled = _read_cache(cache_file, sha256)
        except FileNotFoundError:
            pass
        except OSError as exc:
            note = f"cannot read cache file {cache_file} ({exc.strerror or exc}); rebuilt it"
            status = CacheStatus.REBUILT
        except ValueError as exc:
            note = f"cache file {cache_file} was unusable ({exc}); rebuilt it"
            status = CacheStatus.REBUILT

    if compiled is not None:
        status = CacheStatus.HIT
    else:
        if data is None:
            data = builtin_list_bytes()
        with building(f"compiling the word list {source}") as progress:
            parsed = _parse_list(data, source)
            progress.update(0.0)
            table = compile_words(parsed.words, progress)
        compiled = _Compiled(table, len(parsed.words), parsed.dropped, parsed.dropped_examples)
        if cache_file is None:
            status = CacheStatus.UNCACHED
        else:
            try:
                _write_cache(cache_file, _encode(compiled, sha256))
            except OSError as exc:
                note = (
                    f"cannot write the word-list cache in {cache_file.parent} "
                    f"({exc.strerror or exc}); compiled the word list in memory"
                )
                status = CacheStatus.UNCACHED
                cache_file = None

    return Dictionary(
        source=source,
        path=list_path,
        sha256=sha256,
        word_count=compiled.word_count,
        dropped=compiled.dropped,
        dropped_examples=compiled.dropped_examples,
        table=compiled.table,
        cache_status=status,
        cache_path=cache_file,
        cache_note=note,
        load_ms=(time.perf_counter() - start) * 1000,
    )


def builtin_list_bytes() -> bytes:
    """The built-in ENABLE list as shipped (gzip-compressed)."""
    from importlib import resources

    return resources.files("assistant").joinpath(*BUILTIN_RESOURCE).read_bytes()


@functools.cache
def default_dictionary() -> Dictionary:
    """The built-in ENABLE list, loaded once per process (the solver's default)."""
    return load_dictionary()
