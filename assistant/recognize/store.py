"""The template store: every shipped and learned character picture as one read-only matrix.

``load_templates`` reads template styles (a folder with ``manifest.json``, or a folder of
such folders) into one ``TemplateSet``: the oriented-gradient features (``glyphs.features``)
of every picture plus its hole count. Decoding and featurizing the ~2,000 shipped PNGs takes
seconds, so the compiled matrix is kept once per process and across processes in a disk
cache that is memory-mapped on the next start (``TEMPLATE_CACHE_VERSION``). The matcher
(``recognize.matcher``) reads tiles against it; ``recognize.learning`` adds styles to it.
"""

from __future__ import annotations

import functools
import os
import re
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from assistant.cachefile import building, clean, default_cache_dir
from assistant.errors import AssistantError, ImageError, UsageError
from assistant.geometry import Mask
from assistant.recognize.glyphs import GlyphConfig, crop_to_ink, features, holes, raster
from assistant.version import __version__

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
GLYPH_CLASSES = LETTERS + "u-/"
APP_NAME = "boggle-assistant"


@dataclass(frozen=True, eq=False)
class TemplateSet:
    """Templates as one read-only matrix: row ``i`` of ``weights`` holds the features of a
    picture of ``chars[i]`` followed by the one-hot of its hole count (``HOLE_BUCKETS``
    columns), so that the hole penalty rides along in the one matrix product. Rows are
    grouped by class (``class_order``: the glyph classes, then the digits, each block one
    contiguous run), ``classes`` are the distinct characters in row order and ``starts``
    the first row of each (for ``np.maximum.reduceat``). Loaded from the disk cache,
    ``weights`` is a view of the memory-mapped file."""

    chars: tuple[str, ...]
    styles: tuple[str, ...]
    weights: npt.NDArray[np.float32]
    holes: npt.NDArray[np.int8]
    classes: tuple[str, ...]
    starts: npt.NDArray[np.intp]
    config: GlyphConfig = field(default_factory=GlyphConfig)
    # Subsets already cut from this set (a memo: the set itself never changes).
    _subsets: dict[str, TemplateSet] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.chars)

    @property
    def matrix(self) -> npt.NDArray[np.float32]:
        """The features, one row per template (a read-only view of ``weights``)."""
        return self.weights[:, : self.weights.shape[1] - HOLE_BUCKETS]

    @functools.cached_property
    def squared(self) -> npt.NDArray[np.float32]:
        """``matrix`` squared element by element (for the templates' norms over some of
        the columns: ``TemplateRecognizer.masked_scores``)."""
        return np.ascontiguousarray(np.square(self.matrix))

    def products(self, feats: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Each template's features times ``feats`` (one vector), as one product with the
        contiguous ``weights`` (the hole columns times zero): ``matrix`` is a strided view,
        which a product would copy first."""
        padded = np.zeros(self.weights.shape[1], np.float32)
        padded[: len(feats)] = feats
        return np.asarray(self.weights @ padded, np.float32)

    def subset(self, allowed: str) -> TemplateSet:
        """The templates of the classes in ``allowed`` only (a view when they are one run
        of rows, as the glyph and digit classes are)."""
        if allowed in self._subsets:
            return self._subsets[allowed]
        kept = [k for k, c in enumerate(self.classes) if c in allowed]
        if kept and kept[-1] - kept[0] + 1 == len(kept):
            # One run of classes, so one run of rows: views, cut by class, not row by row.
            ends = (*self.starts[1:].tolist(), len(self.chars))
            first, last = int(self.starts[kept[0]]), ends[kept[-1]]
            subset = _template_set(
                self.chars[first:last],
                self.styles[first:last],
                self.weights[first:last],
                self.holes[first:last],
                self.config,
            )
        else:
            keep = np.array([c in allowed for c in self.chars], bool)
            chars = tuple(c for c, k in zip(self.chars, keep, strict=True) if k)
            styles = tuple(s for s, k in zip(self.styles, keep, strict=True) if k)
            subset = _template_set(chars, styles, self.weights[keep], self.holes[keep], self.config)
        self._subsets[allowed] = subset
        return subset

    def class_scores(
        self, feats: npt.NDArray[np.float32], hole_counts: npt.NDArray[np.int8], penalty: float
    ) -> npt.NDArray[np.float32]:
        """Best template score per class for each row of ``feats`` (rows x classes); templates
        whose hole count differs from the glyph's lose ``penalty``."""
        # f.t + penalty * [same holes] - penalty = f.t - penalty * [other holes]
        same = _one_hot(hole_counts) * np.float32(penalty)
        scores = np.hstack([feats.astype(np.float32, copy=False), same]) @ self.weights.T
        scores -= np.float32(penalty)
        return np.maximum.reduceat(scores, self.starts, axis=1)


def class_order(char: str) -> tuple[bool, str]:
    """Sort key of template rows: the glyph classes (``-``, ``/``, A-Z, ``u``), then the
    digits, so that the two subsets the recognizer uses are views, not copies."""
    return char in DIGITS, char


HOLE_BUCKETS = 4  # hole counts 0, 1, 2 and "3 or more" (no template has more than 2)


UNKNOWN_HOLES = -1  # a character whose hole count is unknown: no template pays the penalty


def _one_hot(holes: npt.NDArray[np.int8]) -> npt.NDArray[np.float32]:
    out = np.zeros((len(holes), HOLE_BUCKETS), np.float32)
    out[np.arange(len(holes)), np.minimum(holes, HOLE_BUCKETS - 1)] = 1.0
    out[holes == UNKNOWN_HOLES] = 1.0
    return out


def builtin_template_dir() -> Traversable:
    """The shipped templates: ``assistant/templates`` in an installed wheel, or the
    repository's ``templates/`` next to the package in a source checkout."""
    package = Path(__file__).resolve().parents[1]
    if package.is_dir():  # a package on disk: what importlib.resources would give, without
        packaged: Traversable = package / "templates"  # importing it (~10 ms, first read)
    else:  # zipped
        from importlib import resources

        packaged = resources.files("assistant") / "templates"
    if packaged.is_dir():
        return packaged
    return package.parent / "templates"


def user_template_dir() -> Path:
    """Where ``learn`` stores styles: $XDG_DATA_HOME/boggle-assistant/templates (default
    ~/.local/share/boggle-assistant/templates)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_NAME / "templates"


STYLE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A style is a plain name: it becomes a folder name, so no separators, dots or spaces."""


def check_style_name(name: str) -> str:
    """``name`` if it is a plain style name (letters, digits, ``-`` and ``_``), else a
    BoardTextError: a name such as ``../../x`` would write outside the templates folder."""
    if not STYLE_NAME.fullmatch(name):
        raise UsageError(
            f"{name!r} is not a style name",
            hint="use letters, digits, - and _ only (up to 64), e.g. --style mygame",
        )
    return name


def _style_dirs(root: Traversable) -> Iterator[Traversable]:
    """``root`` itself when it has a manifest, else its sub-directories that have one."""
    if (root / "manifest.json").is_file():
        yield root
        return
    if root.is_dir():
        for sub in sorted(root.iterdir(), key=lambda t: t.name):
            if sub.is_dir() and (sub / "manifest.json").is_file():
                yield sub


def _read_png(source: Traversable) -> Mask:
    data = np.frombuffer(source.read_bytes(), np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise ImageError(f"template {source} is not a readable PNG")
    return np.asarray(image, np.uint8)


def load_templates(
    sources: Sequence[Traversable] | None = None, config: GlyphConfig | None = None
) -> TemplateSet:
    """Load template styles (a directory with ``manifest.json``, or a directory of such
    directories) into one ``TemplateSet``. Default: the shipped templates plus every style
    learned into ``user_template_dir()``.

    The shipped set is read once per process and kept (``_load_cached``); learned styles are
    re-read when their manifests change."""
    cfg = config or GlyphConfig()
    return _load_cached(_styles_key(sources), cfg)


def _styles_key(sources: Sequence[Traversable] | None) -> tuple[tuple[str, float], ...]:
    """Every style directory of ``sources`` (None: the shipped and the learned) with the
    time of its manifest."""
    if sources is None:
        sources = [builtin_template_dir(), user_template_dir()]
    return tuple(
        (str(d), _mtime(d)) for root in sources for d in _style_dirs(root)
    )  # fmt: skip


def _mtime(style: Traversable) -> float:
    return os.stat(str(style / "manifest.json")).st_mtime if isinstance(style, Path) else 0.0


# Bump when the features, the hole counts or the cache file layout change (older files are
# removed by the next build).
TEMPLATE_CACHE_VERSION = 4
_CACHE_MAGIC = b"BGATMPL\x00"
# magic, version, rows, columns of weights, metadata length; then a CRC-32 of the fields,
# the metadata, the weights and the hole counts. The metadata is UTF-8 text (no JSON to
# import at start-up): ``_cache_head``, each row's character, each row's style, the three
# parts separated by NUL and the items of a list by the unit separator (neither can be in a
# path, a character or a style name).
_META_SEP, _LIST_SEP = "\0", "\x1f"
_CACHE_FIELDS = struct.Struct("<8sIIII")
_CACHE_CRC = struct.Struct("<I")
_CACHE_ALIGN = 64  # the weights start at a multiple of this (aligned float32 rows)


@functools.lru_cache(maxsize=8)
def _load_cached(key: tuple[tuple[str, float], ...], cfg: GlyphConfig) -> TemplateSet:
    """The templates of the style directories in ``key``, compiled once per process, and
    across processes through a disk cache (``_disk_cache_path``): decoding and featurizing
    the ~2,000 shipped PNGs takes seconds, mapping the compiled matrix a few ms."""
    styles = [_traversable(path) for path, _ in key]
    manifests = [(style, (style / "manifest.json").read_bytes()) for style in styles]
    cache = _disk_cache_path(manifests, cfg, key)
    cached = _read_disk_cache(cache, cfg, _cache_head(cfg, key)) if cache is not None else None
    if cached is not None:
        return cached
    entries = [e for style, manifest_bytes in manifests for e in _matched(style, manifest_bytes)]
    if not entries:
        raise AssistantError(
            "no letter templates found",
            hint="reinstall boggle-assistant (the wheel ships assistant/templates)",
        )
    entries.sort(key=lambda e: class_order(e[0]))
    width = cfg.dim + HOLE_BUCKETS
    weights = np.zeros((len(entries), width), np.float32)
    hole_counts = np.zeros(len(entries), np.int8)
    with building("building the letter-template cache") as progress:
        for i, (_, _, source) in enumerate(entries):
            mask = _read_png(source)
            # Features from the anti-aliased rendering (it matched real glyphs better:
            # smallest true margin 0.060 against 0.036 binarized), holes from the binarized.
            weights[i, : cfg.dim] = features(raster(mask, cfg), cfg).ravel()
            hole_counts[i] = holes((mask > 127).astype(np.uint8) * 255, cfg)
            progress.update((i + 1) / len(entries))
    weights[:, cfg.dim :] = _one_hot(hole_counts)
    chars = tuple(e[0] for e in entries)
    names = tuple(e[1] for e in entries)
    if cache is not None:
        _write_disk_cache(cache, _cache_head(cfg, key), chars, names, weights, hole_counts)
    return _template_set(chars, names, weights, hole_counts, cfg)


def _matched(style: Traversable, manifest_bytes: bytes) -> Iterator[tuple[str, str, Traversable]]:
    """The templates ``style``'s manifest names for matching (character, style name,
    picture file), in its order; not those drawn only (``recognize.exemplars``)."""
    import json  # only to build the cache or read pictures again: a cached start reads none

    for item in json.loads(manifest_bytes):
        if item.get("use", "match") == "match":
            yield str(item["char"]), style.name, style / str(item["file"])


def template_pictures(
    templates: TemplateSet, sources: Sequence[Traversable] | None = None
) -> tuple[Traversable | None, ...]:
    """The picture file of each row of ``templates`` (loaded from ``sources`` as
    ``load_templates`` loads them; None: the shipped and the learned styles), None for a
    row no manifest names: a style's rows of one character follow its manifest's order,
    as ``_load_cached`` lays them out (``recognize.matcher`` reads a template's picture
    again where a drawn line hides part of the glyph)."""
    files: dict[tuple[str, str], list[Traversable]] = {}
    for path, _ in _styles_key(sources):
        style = _traversable(path)
        for char, name, source in _matched(style, (style / "manifest.json").read_bytes()):
            files.setdefault((name, char), []).append(source)
    seen: dict[tuple[str, str], int] = {}
    out: list[Traversable | None] = []
    for char, style_name in zip(templates.chars, templates.styles, strict=True):
        k = seen.get((style_name, char), 0)
        seen[(style_name, char)] = k + 1
        named = files.get((style_name, char), [])
        out.append(named[k] if k < len(named) else None)
    return tuple(out)


def template_ink(source: Traversable) -> npt.NDArray[np.float32]:
    """A template's picture cropped to its ink, ink 1 (``recognize.partition`` places it
    at the size of the board's letters)."""
    return crop_to_ink(_read_png(source)).astype(np.float32) / 255.0


def template_raster(source: Traversable, config: GlyphConfig) -> npt.NDArray[np.float32]:
    """A template's picture as its features are taken from (``glyphs.raster``)."""
    return raster(_read_png(source), config)


def _template_set(
    chars: tuple[str, ...],
    styles: tuple[str, ...],
    weights: npt.NDArray[np.float32],
    hole_counts: npt.NDArray[np.int8],
    cfg: GlyphConfig,
) -> TemplateSet:
    classes = tuple(dict.fromkeys(chars))  # row order: each class is one run of rows
    first = [0] * len(classes)
    at = 0
    for k, c in enumerate(classes):  # each first row after the one before: one pass
        first[k] = at = chars.index(c, at)
    starts = np.array(first, np.intp)
    weights.setflags(write=False)
    hole_counts.setflags(write=False)
    return TemplateSet(chars, styles, weights, hole_counts, classes, starts, cfg)


def _disk_cache_path(
    manifests: Sequence[tuple[Traversable, bytes]],
    cfg: GlyphConfig,
    key: tuple[tuple[str, float], ...],
) -> Path | None:
    """``<cache dir>/templates-v<TEMPLATE_CACHE_VERSION>-<digest>.bin``, the digest covering
    every style's path, manifest and manifest time, the package version and the glyph
    settings; None without a cache dir. The digest is a CRC-32 and an Adler-32 (64 bits,
    from zlib, which a read imports anyway: hashlib would load OpenSSL, ~2 ms of every
    first read); the file also holds ``_cache_head`` and is used only when it matches."""
    import zlib

    head = _cache_head(cfg, key).encode()
    crc, adler = zlib.crc32(head), zlib.adler32(head)
    for style, manifest_bytes in manifests:
        part = str(style).encode() + b"\0" + manifest_bytes + b"\0"
        crc, adler = zlib.crc32(part, crc), zlib.adler32(part, adler)
    try:
        name = f"templates-v{TEMPLATE_CACHE_VERSION}-{crc:08x}{adler:08x}.bin"
        return default_cache_dir() / name
    except RuntimeError:  # no home directory to put a cache in
        return None


def _cache_head(cfg: GlyphConfig, key: tuple[tuple[str, float], ...]) -> str:
    """What a cache file was built from, but the manifests' contents: the cache version,
    the package version, the glyph settings and every style's path and manifest time."""
    return f"v{TEMPLATE_CACHE_VERSION} {__version__} {cfg!r} {key!r}"


def _stale_cache_name(name: str) -> bool:
    """Template cache files of other versions (the first format was ``templates-*.npz``)."""
    return name.startswith("templates-") and not name.startswith(
        f"templates-v{TEMPLATE_CACHE_VERSION}-"
    )


def _read_disk_cache(path: Path, cfg: GlyphConfig, built_from: str) -> TemplateSet | None:
    """The cached set, its weights memory-mapped from the file; None when the file is
    missing, of another version, truncated, fails its checksum or was built from other
    sources than ``built_from`` (``_cache_head``) says (then it is rebuilt). The checksum
    is skipped for a file verified before and not written since (``_verified_stamp``)."""
    import mmap
    import zlib

    try:
        with open(path, "rb") as fh:
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
            identity = _file_identity(os.fstat(fh.fileno()))
    except (OSError, ValueError):  # missing, unreadable, or empty (mmap of 0 bytes)
        return None
    try:
        view = memoryview(mapped)
        head = _CACHE_FIELDS.size + _CACHE_CRC.size
        if len(view) < head:
            return None
        magic, version, rows, width, meta_len = _CACHE_FIELDS.unpack_from(view)
        (crc,) = _CACHE_CRC.unpack_from(view, _CACHE_FIELDS.size)
        at = -(-(head + meta_len) // _CACHE_ALIGN) * _CACHE_ALIGN
        size = at + rows * width * 4 + rows
        if magic != _CACHE_MAGIC or version != TEMPLATE_CACHE_VERSION or len(view) != size:
            return None
        if width != cfg.dim + HOLE_BUCKETS or not rows:
            return None
        verified = _verified_stamp(path) == identity
        if not verified:
            check = zlib.crc32(view[head:], zlib.crc32(view[: _CACHE_FIELDS.size]))
            if check != crc:
                return None
        meta = bytes(view[head : head + meta_len]).decode().split(_META_SEP)
        if len(meta) != 3 or meta[0] != built_from:
            return None
        chars, styles = tuple(meta[1].split(_LIST_SEP)), tuple(meta[2].split(_LIST_SEP))
    except (ValueError, struct.error):
        return None
    if not (len(chars) == len(styles) == rows):
        return None
    if not verified:
        _stamp_verified(path, identity)
    weights = np.frombuffer(mapped, np.dtype("<f4"), rows * width, at).reshape(rows, width)
    hole_counts = np.frombuffer(mapped, np.int8, rows, at + rows * width * 4)
    return _template_set(chars, styles, weights, hole_counts, cfg)


# The checksum of a 17 MB cache file costs ~2.5 ms of every process's first read. The first
# process to verify a file writes its identity (inode, size, modification and change times
# in ns) to ``<file>.ok``; a process that finds the same identity there skips the checksum.
# Any write to the file changes its change time (which no user can set back), and a rebuilt
# file is a new inode, so a file changed since it was verified is verified again.
def _file_identity(st: os.stat_result) -> str:
    return f"{st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}"


def _stamp_path(path: Path) -> Path:
    return path.with_name(path.name + ".ok")


def _verified_stamp(path: Path) -> str | None:
    try:
        return _stamp_path(path).read_text(encoding="ascii")
    except (OSError, ValueError):
        return None


def _stamp_verified(path: Path, identity: str) -> None:
    """Best effort (once per cache file): a stamp not written only means the next process
    checks the file again."""
    from assistant.files import replace_atomically

    try:
        replace_atomically(_stamp_path(path), identity.encode("ascii"))
    except OSError:
        return


def _write_disk_cache(
    path: Path,
    built_from: str,
    chars: tuple[str, ...],
    styles: tuple[str, ...],
    weights: npt.NDArray[np.float32],
    hole_counts: npt.NDArray[np.int8],
) -> None:
    """Write the cache file (see ``_read_disk_cache``) atomically
    (``assistant.files.replace_atomically``) and remove the files of older versions and of
    killed runs. An unwritable cache directory only costs the speed-up."""
    import zlib

    from assistant.files import replace_atomically

    meta = _META_SEP.join((built_from, _LIST_SEP.join(chars), _LIST_SEP.join(styles))).encode()
    rows, width = weights.shape
    fields = _CACHE_FIELDS.pack(_CACHE_MAGIC, TEMPLATE_CACHE_VERSION, rows, width, len(meta))
    head = len(fields) + _CACHE_CRC.size
    pad = b"\0" * (-(head + len(meta)) % _CACHE_ALIGN)
    body = meta + pad + np.ascontiguousarray(weights, "<f4").tobytes() + hole_counts.tobytes()
    crc = zlib.crc32(body, zlib.crc32(fields))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        clean(path.parent, _stale_cache_name)
        replace_atomically(path, fields + _CACHE_CRC.pack(crc) + body)
    except OSError:
        return


def _traversable(path: str) -> Traversable:
    builtin = builtin_template_dir()
    if str(builtin) == path:
        return builtin
    return Path(path)
