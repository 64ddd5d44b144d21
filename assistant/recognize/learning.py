"""Learning: store a board's characters, labelled by the user, as a template style.

``learn`` cuts each tile's characters with the matcher's own cut (``cut_chars``) and saves
them (with the corner value digits, when given) under ``user_template_dir()/<style>``; the store
(``recognize.store``) picks the style up on the next read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from assistant.cut import TileImage, face_tilt
from assistant.errors import BoardTextError, UsageError
from assistant.geometry import Mask
from assistant.recognize.glyphs import crop_to_ink, straighten
from assistant.recognize.matcher import ALL_TURNS, Hypothesis, TemplateRecognizer
from assistant.recognize.store import check_style_name, user_template_dir


def learn(
    tiles: Sequence[TileImage],
    labels: Sequence[Sequence[str]],
    *,
    values: Sequence[Sequence[int | None]] | None = None,
    style: str = "learned",
    directory: Path | None = None,
    recognizer: TemplateRecognizer | None = None,
) -> Path:
    """Store every glyph character of ``tiles`` as a template of the style ``style``, given
    the true ``labels`` row by row ("A", "QU", "SUB-", "U/M", "" for blank), and return the
    style directory (``directory`` or ``user_template_dir()/style``). With ``values`` (row by
    row, None where a tile shows none) the corner digits are stored too.

    Characters are cut the way the matcher cuts them; a tile whose characters do not match
    its label one to one is skipped (named in the error if nothing could be learned). Dice
    are stored upright: at the quarter turn where the current templates read the true label
    best. Templates are appended to the style's manifest, so a style can grow over boards.
    """
    from assistant.files import save_atomically, save_image, write_error

    check_style_name(style)
    out_dir = directory if directory is not None else user_template_dir() / style
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(exc, out_dir, what=f"the style {style!r}") from None
    manifest_path = out_dir / "manifest.json"
    manifest: list[dict[str, object]] = []
    if manifest_path.exists():
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise UsageError(
                f"{manifest_path} is not a template manifest ({exc})",
                hint="learn into a new style name (--style), or delete that folder",
            ) from None
    reader = recognizer or TemplateRecognizer()
    turns: tuple[int, ...] = (0,)
    tilts = [0.0] * len(tiles)
    if reader.board_is_turned(tiles):
        turns, tilts = ALL_TURNS, [face_tilt(t) for t in tiles]
    per_tile = reader.hypotheses(tiles, tilts, turns)
    skipped: list[str] = []
    before = len(manifest)

    def store(mask: Mask, char: str, tile: TileImage) -> None:
        name = f"{style}_{len(manifest):05d}.png"
        save_image(out_dir / name, mask, what="a learned glyph")
        manifest.append(
            {"file": name, "char": char, "font": style, "weight": "learned",
             "size": int(max(mask.shape)), "tile": [tile.row, tile.col]}
        )  # fmt: skip

    for tile, tilt, hyps in zip(tiles, tilts, per_tile, strict=True):
        truth = labels[tile.row][tile.col].strip()
        if tile.blank or not truth:
            continue
        # The matcher's cut, one segmentation per hypothesis, in the same order.
        cuts = reader.cut_chars(tile, turns) if hyps else iter(())
        fitting = [
            (h, pieces, want)
            for h, (_, pieces, _) in zip(hyps, cuts, strict=True)
            for want in _label_chars(truth, len(h.chars))
        ]
        if not fitting:
            skipped.append(f"{tile.row + 1},{tile.col + 1}")
            continue
        best, pieces, want = max(fitting, key=lambda f: _agreement(f[0], f[2]))
        for char, (_, mask, soft) in zip(want, pieces, strict=True):
            store(_upright(soft if soft is not None else mask, best.turn, tilt, reader), char, tile)
        value = values[tile.row][tile.col] if values is not None else None
        digits = reader.value_masks(tile)
        if value is not None and len(digits) == len(str(value)):
            for char, mask in zip(str(value), digits, strict=True):
                store(np.pad(crop_to_ink(mask), 2), char, tile)
    if len(manifest) == before:
        raise BoardTextError(
            "nothing to learn from this board",
            hint="check the labels against the picture; tiles whose glyph did not split "
            f"as labelled: {', '.join(skipped) or 'none'}",
        )
    save_atomically(
        manifest_path, (json.dumps(manifest, indent=1) + "\n").encode(), what="the manifest"
    )
    return out_dir


def _label_chars(label: str, count: int) -> list[list[str]]:
    """The ways ``label`` can be drawn with ``count`` characters ("QU": Q, or Q and u)."""
    text = label.upper()
    options = [["Q"], ["Q", "u"]] if text == "QU" else [list(text)]
    return [o for o in options if len(o) == count]


def _agreement(h: Hypothesis, want: Sequence[str]) -> float:
    return sum(
        c.score if c.char.upper() == w.upper() else 0.0 for c, w in zip(h.chars, want, strict=True)
    )


def _upright(picture: Mask, turn: int, tilt: float, reader: TemplateRecognizer) -> Mask:
    """A character picture as the templates store it: its tilt undone, cropped to its ink
    with a 2 px margin, turned upright."""
    if abs(tilt) >= reader.config.min_tilt:
        picture = straighten(picture, -tilt, binary=False)
    upright = np.rot90(np.pad(crop_to_ink(picture), 2), turn)
    return np.ascontiguousarray(upright)
