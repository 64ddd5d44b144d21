"""The shipped glyph templates (templates/, installed as assistant/templates) and the
learned-style directory."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.recognize import store
from assistant.recognize.glyphs import GlyphConfig
from assistant.recognize.store import (
    DIGITS,
    GLYPH_CLASSES,
    builtin_template_dir,
    load_templates,
    user_template_dir,
)

ROOT = Path(__file__).resolve().parent.parent / "templates"
MANIFEST = json.loads((ROOT / "manifest.json").read_text())
FREE_LICENCES = {"Bitstream-Vera", "Apache-2.0", "OFL-1.1"}


def test_manifest_lists_existing_pngs_with_their_font() -> None:
    for entry in MANIFEST:
        assert set(entry) >= {"file", "char", "font", "weight", "size", "licence"}
        image = cv2.imread(str(ROOT / entry["file"]), cv2.IMREAD_GRAYSCALE)
        assert image is not None, entry["file"]
        assert image.max() == 255 and image[0].max() == 0  # white ink, black margin
        assert entry["licence"] in FREE_LICENCES


def test_every_character_comes_in_several_sans_serif_fonts() -> None:
    per_char: dict[str, set[str]] = {}
    for entry in MANIFEST:
        per_char.setdefault(entry["char"], set()).add(f"{entry['font']} {entry['weight']}")
    assert set(per_char) == set(GLYPH_CLASSES + DIGITS)
    assert min(len(fonts) for fonts in per_char.values()) >= 10
    families = {e["font"] for e in MANIFEST}
    assert len(families) >= 5


def test_templates_load_once_into_one_read_only_matrix() -> None:
    cfg = GlyphConfig()
    first = load_templates([builtin_template_dir()], cfg)
    assert load_templates([builtin_template_dir()], cfg) is first  # read once per process
    # The heavy faces drawn only (manifest "use": "drawn", recognize.exemplars) are not read.
    matched = [e for e in MANIFEST if e.get("use", "match") == "match"]
    assert len(matched) < len(MANIFEST)
    assert first.matrix.shape == (len(matched), cfg.dim)
    assert first.matrix.dtype == np.float32 and not first.matrix.flags.writeable
    assert np.allclose(np.linalg.norm(first.matrix, axis=1), 1.0, atol=1e-4)
    assert set(first.classes) == set(GLYPH_CLASSES + DIGITS)
    # Grouped by class for reduceat, in class order (glyph classes first, then digits).
    assert list(first.chars) == sorted(first.chars, key=store.class_order)
    assert first.classes == tuple(dict.fromkeys(first.chars))
    holes = dict(zip(first.chars, first.holes, strict=True))
    assert holes["B"] == 2 and holes["A"] == 1 and holes["E"] == 0


def test_products_and_squares_are_those_of_the_matrix() -> None:
    """``TemplateSet.products`` and ``squared`` (masked reading's one product and the
    templates' norms over the columns a line leaves) equal the matrix's own, on columns
    kept at random."""
    templates = load_templates([builtin_template_dir()], GlyphConfig())
    rng = np.random.default_rng(7)
    kept = rng.random(templates.matrix.shape[1]) < 0.6
    feats = np.where(kept, rng.standard_normal(templates.matrix.shape[1]), 0).astype(np.float32)
    want = templates.matrix[:, kept] @ feats[kept]
    assert np.allclose(templates.products(feats), want, atol=1e-5)
    norms = np.sqrt(templates.squared @ kept.astype(np.float32))
    assert np.allclose(norms, np.linalg.norm(templates.matrix[:, kept], axis=1), atol=1e-5)


def test_builtin_templates_are_found_in_a_source_checkout() -> None:
    where = builtin_template_dir()
    assert (where / "manifest.json").is_file()


def test_learned_styles_live_in_the_xdg_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert user_template_dir() == tmp_path / "boggle-assistant" / "templates"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert user_template_dir() == Path.home() / ".local/share/boggle-assistant/templates"


def test_the_render_script_reproduces_the_shipped_templates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location("render_templates", ROOT / "render_templates.py")
    assert spec is not None and spec.loader is not None
    render = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "render_templates", render)
    spec.loader.exec_module(render)
    missing = [f.path for f in render.FONTS if not (render.FONT_ROOT / f.path).exists()]
    if missing:
        pytest.skip(f"fonts not installed: {missing[0]} (see templates/render_templates.py)")
    assert render.main(tmp_path) == 0
    assert json.loads((tmp_path / "manifest.json").read_text()) == MANIFEST
    for entry in MANIFEST[::25]:
        ours = cv2.imread(str(tmp_path / entry["file"]), cv2.IMREAD_GRAYSCALE)
        shipped = cv2.imread(str(ROOT / entry["file"]), cv2.IMREAD_GRAYSCALE)
        assert ours is not None and shipped is not None
        assert np.array_equal(ours, shipped), entry["file"]


def test_compiled_templates_are_cached_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first load writes the compiled matrix; later processes read it back unchanged;
    a corrupt cache file is rebuilt rather than trusted."""
    from assistant.recognize import store

    monkeypatch.setenv("BOGGLE_ASSISTANT_CACHE_DIR", str(tmp_path))
    sources = [store.builtin_template_dir()]
    store._load_cached.cache_clear()
    built = store.load_templates(sources)
    (cache,) = tmp_path.glob("templates-*.bin")
    store._load_cached.cache_clear()
    again = store.load_templates(sources)
    assert again.chars == built.chars and again.styles == built.styles
    assert np.array_equal(again.matrix, built.matrix)
    assert np.array_equal(again.holes, built.holes)
    cache.write_bytes(b"not a cache file")
    store._load_cached.cache_clear()
    rebuilt = store.load_templates(sources)
    # a rebuild matches to float precision (threaded sums may differ in the last bit)
    assert np.allclose(rebuilt.matrix, built.matrix, rtol=0, atol=1e-6)
    assert cache.stat().st_size > 1000
    store._load_cached.cache_clear()
