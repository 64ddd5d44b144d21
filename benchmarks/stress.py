"""Stress the board reader with pictures the generator never makes.

    .venv/bin/python benchmarks/stress.py [--seed 75000] [--per-look 1] [--looks LOOK,...]
                                          [--real all|some|none] [--only NAME,...]
                                          [--sources TEXT,...] [--json OUT]

The product is judged by the first real screenshot a player gives it, in a look we have
never seen. This takes the real fixtures (fixtures/real: Wordament, Word Hunt, physical
Boggle) and boards rendered by tools.synth, and changes each picture beyond the
generator's ranges: scaled so that tiles are 10-200 px, turned by a few degrees and by a
quarter or half turn, tilted in perspective, saved as JPEG at quality 20-60, blurred,
noisy, lighter or darker, inverted, grey, recoloured (hue turned, a dark-mode copy), cut
through a tile row, shown twice side by side, padded in odd colours, and shrunk into a big
desktop. Every change is a pure function of (picture, seed), so a run is reproducible.

Each reading is scored with benchmarks/ocr.py's own scoring (``score_tiles``,
``score_values``, ``label_game``) against the label, in any of the board's four quarter
turns (a board turned a quarter is the same board to a solver: the same neighbours), and
gets one outcome:

* **exact**: every tile right, the right shape, the game named right;
* **flagged**: not exact, but everything not right is reported unsure (a tile, a value, a
  bonus) or the game is left unknown: the user is asked, never told wrong;
* **refused**: the reader stopped with one of the product's errors (its kind is counted,
  e.g. no-board, unsure-shape);
* **cw-tile**: a tile read wrong without being marked unsure;
* **cw-value**: a point value read wrong without being marked unsure;
* **cw-shape**: a board of the wrong size and nothing unsure (``read`` would exit 0);
* **cw-game**: a game named wrong;
* **crash**: an exception that is not one of the product's errors (a bug).

A reading can be several kinds of confident-wrong at once; the table counts each. Exit
status 1 when anything is confident-wrong or crashed (every line is printed first).
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zlib  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from dataclasses import asdict, dataclass  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/ (ocr.py's scoring)
from ocr import (  # noqa: E402
    REAL,
    Label,
    Score,
    generated_cases,
    label_game,
    real_labels,
    score_tiles,
    score_values,
)

from assistant.errors import AssistantError  # noqa: E402
from assistant.imageio import decode_image  # noqa: E402
from assistant.read import BoardReading, ReadOptions, is_unsure, read_encoded  # noqa: E402

Image = npt.NDArray[np.uint8]
Quad = npt.NDArray[np.float64]  # 4x2: tl, tr, br, bl in image pixels
Rng = np.random.Generator

OUTCOMES = ("exact", "flagged", "refused", "cw-tile", "cw-value", "cw-shape", "cw-game", "crash")


# -- sources ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """One labelled picture to perturb, with where its board is (from a reading of the
    untouched picture): ``corners`` None when that reading failed."""

    name: str
    label: Label
    image: Image
    corners: Quad | None
    tile_px: float  # the board's pitch in pixels (0 when unknown)


def _board_of(reading: BoardReading) -> tuple[Quad, float]:
    quad = np.array(reading.corners, dtype=np.float64)
    width = float(np.linalg.norm(quad[1] - quad[0])) / reading.cols
    height = float(np.linalg.norm(quad[3] - quad[0])) / reading.rows
    return quad, (width + height) / 2


def load_sources(real: str, looks: Sequence[str], per_look: int, seed: int) -> list[Source]:
    labelled: list[tuple[str, Label, bytes]] = []
    labels = real_labels(quick=False)
    if real == "some":  # one of each kind and game, for a quick run
        seen: set[tuple[str, str]] = set()
        keep = []
        for x in labels:
            if (x["game"], x["kind"]) not in seen:
                seen.add((x["game"], x["kind"]))
                keep.append(x)
        labels = keep
    elif real == "none":
        labels = []
    for x in labels:
        labelled.append((f"real/{x['file']}", x, (REAL / x["file"]).read_bytes()))
    for case in generated_cases(looks, per_look, seed):
        label, data = case.load()
        labelled.append((f"gen/{case.name}", label, data))
    sources = []
    for name, label, data in labelled:
        image = decode_image(data, name=name)
        try:
            quad, pitch = _board_of(read_encoded(data, ReadOptions(), name=name))
            sources.append(Source(name, label, image, quad, pitch))
        except AssistantError:
            sources.append(Source(name, label, image, None, 0.0))
    return sources


# -- perturbations ------------------------------------------------------------------------
# Each takes the picture, its board corners (or None) and its pitch, and a generator seeded
# from (source, perturbation), and gives the changed picture (BGR uint8). A board turned a
# quarter or half turn needs no record of it: ``judge`` scores every quarter turn.

Change = Callable[[Image, "Quad | None", float, Rng], Image]


def _resize(image: Image, factor: float) -> Image:
    h, w = image.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    interp = cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC
    return np.ascontiguousarray(cv2.resize(image, size, interpolation=interp))


def _to_tile_px(px: float) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        factor = px / pitch if pitch else px / 100
        # A huge upscale of a full screenshot would pass the 50-megapixel bomb check: crop to
        # the board and a margin first (as a player zooming in would).
        h, w = image.shape[:2]
        if quad is not None and h * w * factor * factor > 30e6:
            x0, y0 = np.maximum(quad.min(axis=0) - pitch, 0).astype(int)
            x1, y1 = (quad.max(axis=0) + pitch).astype(int)
            image = np.ascontiguousarray(image[y0:y1, x0:x1])
        return _resize(image, factor)

    return change


def _fill_colour(image: Image) -> tuple[int, int, int]:
    corners = np.concatenate([image[:4, :4].reshape(-1, 3), image[-4:, -4:].reshape(-1, 3)])
    b, g, r = np.median(corners, axis=0)
    return int(b), int(g), int(r)


def _rotate(deg: float) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        h, w = image.shape[:2]
        m = cv2.getRotationMatrix2D((w / 2, h / 2), deg, 1.0)
        cos, sin = abs(m[0, 0]), abs(m[0, 1])
        nw, nh = int(h * sin + w * cos), int(h * cos + w * sin)
        m[0, 2] += nw / 2 - w / 2
        m[1, 2] += nh / 2 - h / 2
        out = cv2.warpAffine(
            image, m, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=_fill_colour(image)
        )
        return np.ascontiguousarray(out)

    return change


def _quarter_turns(k: int) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        return np.ascontiguousarray(np.rot90(image, k))

    return change


def _perspective(amount: float) -> Change:
    """One side of the picture pulled in by ``amount`` of its width (a phone held tilted)."""

    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        h, w = image.shape[:2]
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        dst = src.copy()
        side = int(rng.integers(4))
        d = amount * (w if side % 2 == 0 else h)
        if side == 0:  # top edge narrower
            dst[0, 0] += d
            dst[1, 0] -= d
        elif side == 1:  # right edge shorter
            dst[1, 1] += d
            dst[2, 1] -= d
        elif side == 2:  # bottom edge narrower
            dst[2, 0] -= d
            dst[3, 0] += d
        else:  # left edge shorter
            dst[0, 1] += d
            dst[3, 1] -= d
        m = cv2.getPerspectiveTransform(src, dst)
        out = cv2.warpPerspective(image, m, (w, h), borderValue=_fill_colour(image))
        return np.ascontiguousarray(out)

    return change


def _jpeg(quality: int) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        return np.ascontiguousarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))

    return change


def _blur(tile_fraction: float) -> Change:
    """A Gaussian blur whose sigma is a fraction of the tile pitch (a shaken phone)."""

    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        sigma = max(0.8, tile_fraction * (pitch or 100))
        return np.ascontiguousarray(cv2.GaussianBlur(image, (0, 0), sigma))

    return change


def _noise(sd: float) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        noisy = image.astype(np.float32) + rng.normal(0, sd, image.shape).astype(np.float32)
        return np.clip(noisy, 0, 255).astype(np.uint8)

    return change


def _levels(gain: float = 1.0, bias: float = 0.0, gamma: float = 1.0) -> Change:
    """Contrast ``gain`` about mid-grey, then ``bias``, then ``gamma``."""

    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        x = (image.astype(np.float32) - 128) * gain + 128 + bias
        x = 255 * (np.clip(x, 0, 255) / 255) ** gamma
        return np.asarray(np.clip(x + 0.5, 0, 255), np.uint8)

    return change


def _invert(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
    return np.ascontiguousarray(255 - image)


def _grey(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return np.ascontiguousarray(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR))


def _hue(degrees: int) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + degrees // 2) % 180).astype(np.uint8)
        return np.ascontiguousarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR))

    return change


def _dark_mode(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
    """Lightness inverted, hues kept (a browser's or a phone's forced dark mode)."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    lab[..., 0] = 255 - lab[..., 0]
    return np.ascontiguousarray(cv2.cvtColor(lab, cv2.COLOR_LAB2BGR))


def _cut_row(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
    """Cropped through the middle of the bottom tile row (a careless crop)."""
    if quad is None:
        raise _Skip("board not found in the untouched picture")
    bottom = float(max(quad[2, 1], quad[3, 1]))
    cut = round(bottom - pitch / 2)
    return np.ascontiguousarray(image[:cut])


def _cut_col(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
    """Cropped through the middle of the right tile column."""
    if quad is None:
        raise _Skip("board not found in the untouched picture")
    right = float(max(quad[1, 0], quad[2, 0]))
    cut = round(right - pitch / 2)
    return np.ascontiguousarray(image[:, :cut])


def _twice(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
    gap = np.full((image.shape[0], max(8, image.shape[1] // 20), 3), 255, np.uint8)
    return np.ascontiguousarray(np.hstack([image, gap, image]))


def _pad(colour: tuple[int, int, int]) -> Change:
    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        h, w = image.shape[:2]
        top, bottom = (int(h * f) for f in rng.uniform(0.1, 0.6, 2))
        left, right = (int(w * f) for f in rng.uniform(0.1, 0.6, 2))
        out = cv2.copyMakeBorder(image, top, bottom, left, right, cv2.BORDER_CONSTANT, value=colour)
        return np.ascontiguousarray(out)

    return change


def _desktop(tile_px: float) -> Change:
    """The picture shrunk so that its tiles are ``tile_px`` across, in a window on a
    2560x1440 desktop with other windows, a task bar and icons."""

    def change(image: Image, quad: Quad | None, pitch: float, rng: Rng) -> Image:
        small = _resize(image, tile_px / pitch if pitch else 0.2)
        sh, sw = small.shape[:2]
        h, w = 1440, 2560
        y = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
        top = rng.integers(40, 200, 3).astype(np.float32)
        low = rng.integers(40, 200, 3).astype(np.float32)
        desk = np.broadcast_to(top * (1 - y) + low * y, (h, w, 3)).astype(np.uint8).copy()
        for _ in range(3):  # other windows with text-like lines
            x0, y0 = int(rng.integers(0, w - 600)), int(rng.integers(0, h - 500))
            cv2.rectangle(desk, (x0, y0), (x0 + 600, y0 + 450), (245, 245, 245), -1)
            cv2.rectangle(desk, (x0, y0), (x0 + 600, y0 + 28), (60, 60, 60), -1)
            for k in range(12):
                cv2.putText(
                    desk,
                    "lorem ipsum dolor sit amet",
                    (x0 + 12, y0 + 60 + 30 * k),
                    cv2.FONT_HERSHEY_SIMPLEX,
                    0.6,
                    (30, 30, 30),
                    1,
                    cv2.LINE_AA,
                )
        cv2.rectangle(desk, (0, h - 48), (w, h), (30, 30, 30), -1)
        for k in range(6):  # icons
            cv2.rectangle(desk, (20, 20 + 90 * k), (80, 80 + 90 * k), (200, 120, 40), -1)
        ox = int(rng.integers(100, w - sw - 100)) if sw + 200 < w else 0
        oy = int(rng.integers(60, h - sh - 60)) if sh + 120 < h else 0
        desk[oy : oy + sh, ox : ox + sw] = small[: h - oy, : w - ox]
        return desk

    return change


class _Skip(Exception):
    """A perturbation that does not apply to this source."""


PERTURBATIONS: dict[str, Change] = {
    "tile10": _to_tile_px(10),
    "tile14": _to_tile_px(14),
    "tile20": _to_tile_px(20),
    "tile200": _to_tile_px(200),
    "rot3": _rotate(3),
    "rot-6": _rotate(-6),
    "rot90": _quarter_turns(1),
    "rot180": _quarter_turns(2),
    "rot270": _quarter_turns(3),
    "tilt12": _perspective(0.12),
    "tilt25": _perspective(0.25),
    "jpeg20": _jpeg(20),
    "jpeg40": _jpeg(40),
    "jpeg60": _jpeg(60),
    "blur4%": _blur(0.04),
    "blur8%": _blur(0.08),
    "noise15": _noise(15),
    "noise35": _noise(35),
    "dark": _levels(bias=-70),
    "bright": _levels(bias=70),
    "lowcontrast": _levels(gain=0.4),
    "gamma0.5": _levels(gamma=0.5),
    "gamma2": _levels(gamma=2.0),
    "invert": _invert,
    "grey": _grey,
    "hue60": _hue(60),
    "hue180": _hue(180),
    "darkmode": _dark_mode,
    "cutrow": _cut_row,
    "cutcol": _cut_col,
    "twice": _twice,
    "pad-magenta": _pad((255, 0, 255)),
    "pad-green": _pad((0, 200, 0)),
    "pad-black": _pad((0, 0, 0)),
    "desktop14": _desktop(14),
    "desktop24": _desktop(24),
}


# -- scoring ------------------------------------------------------------------------------


def _turn(grid: Sequence[Sequence[Any]], k: int) -> list[list[Any]]:
    """The label grid turned like np.rot90(image, k) turns the picture (counter-clockwise)."""
    out = [list(row) for row in grid]
    for _ in range(k % 4):
        out = [list(row) for row in zip(*out, strict=True)][::-1]
    return out


@dataclass(frozen=True)
class Outcome:
    source: str
    change: str
    kinds: tuple[str, ...]  # the OUTCOMES it falls in (one, or several confident-wrongs)
    detail: str  # what went wrong, or the error's message


def judge(label: Label, reading: BoardReading) -> tuple[tuple[str, ...], str]:
    """The outcome kinds of one reading against its label, in the best of the board's four
    quarter turns (by tiles right)."""
    letters = label["letters"]
    values = label.get("tile_values")
    best: tuple[Score, int] | None = None
    for k in range(4):
        s = score_tiles(reading.tiles, _turn(letters, k))
        if best is None or (s.exact, s.right, -s.wrong) > (
            best[0].exact,
            best[0].right,
            -best[0].wrong,
        ):
            best = (s, k)
    assert best is not None
    score, k = best
    want = _turn(letters, k)
    kinds: list[str] = []
    details: list[str] = []
    unsure_any = is_unsure(reading, reading.game) or bool(reading.uncertain)
    shape_ok = (reading.rows, reading.cols) == (len(want), len(want[0]))
    if not shape_ok and not unsure_any:
        kinds.append("cw-shape")
        details.append(f"read {reading.rows}x{reading.cols}, is {len(want)}x{len(want[0])}")
    if shape_ok and score.wrong:
        kinds.append("cw-tile")
        details.append(
            ", ".join(f"r{r}c{c} {g or '(none)'}!={w}" for r, c, g, w in score.misses if g != "?")
        )
    if shape_ok and values is not None and reading.values is not None:
        v = score_values(reading.values, _turn(values, k), set(reading.uncertain_values))
        if v.wrong:
            kinds.append("cw-value")
            details.append(
                ", ".join(f"v r{r}c{c} {g}!={w}" for r, c, g, w in v.misses if g is not None)
            )
    game_want = label_game(label)
    if reading.game is not None and reading.game != game_want:
        kinds.append("cw-game")
        details.append(f"game {reading.game} ({reading.game_confidence:.2f}), is {game_want}")
    if kinds:
        return tuple(kinds), "; ".join(details)
    if score.exact and reading.game == game_want:
        return ("exact",), ""
    why = []
    if not shape_ok:
        why.append(f"shape {reading.rows}x{reading.cols} with unsure tiles")
    if score.unsure:
        why.append(f"{score.unsure} unsure")
    if reading.game is None:
        why.append("game unknown")
    return ("flagged",), ", ".join(why) or "values or bonuses unsure"


def _seed(source: str, change: str, seed: int) -> Rng:
    return np.random.default_rng([zlib.crc32(source.encode()), zlib.crc32(change.encode()), seed])


def run_one(source: Source, name: str, seed: int) -> Outcome | None:
    try:
        image = PERTURBATIONS[name](
            source.image, source.corners, source.tile_px, _seed(source.name, name, seed)
        )
    except _Skip:
        return None
    ok, buf = cv2.imencode(".png", image)
    assert ok
    try:
        reading = read_encoded(buf.tobytes(), ReadOptions(), name=f"{source.name}+{name}")
    except AssistantError as exc:
        return Outcome(source.name, name, ("refused",), f"{exc.kind}: {exc}")
    except Exception as exc:  # a bug: recorded, not the end of the run
        return Outcome(source.name, name, ("crash",), f"{type(exc).__name__}: {exc}")
    kinds, detail = judge(source.label, reading)
    return Outcome(source.name, name, kinds, detail)


def run(
    sources: Sequence[Source], names: Sequence[str], seed: int, progress: Callable[[str], None]
) -> Iterator[Outcome]:
    for source in sources:
        progress(source.name)
        for name in names:
            out = run_one(source, name, seed)
            if out is not None:
                yield out


# -- report -------------------------------------------------------------------------------


def table(outcomes: Sequence[Outcome], by: Callable[[Outcome], str]) -> list[str]:
    groups: dict[str, Counter[str]] = {}
    for o in outcomes:
        counts = groups.setdefault(by(o), Counter())
        counts["n"] += 1
        counts.update(o.kinds)
    head = ["", "n", *OUTCOMES]
    rows = [[g, str(c["n"]), *(str(c[k]) for k in OUTCOMES)] for g, c in sorted(groups.items())]
    total: Counter[str] = Counter()
    for c in groups.values():
        total.update(c)
    rows.append(["all", str(total["n"]), *(str(total[k]) for k in OUTCOMES)])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    return [line(head), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def bad(o: Outcome) -> bool:
    return any(k.startswith("cw-") or k == "crash" for k in o.kinds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seed", type=int, default=75000, help="seed of the generated boards and of every change"
    )
    parser.add_argument("--per-look", type=int, default=1, help="generated boards per look")
    parser.add_argument("--looks", default="", help="comma-separated looks (default: all)")
    parser.add_argument(
        "--real", choices=("all", "some", "none"), default="some", help="which real fixtures"
    )
    parser.add_argument("--only", default="", help="comma-separated perturbations (default: all)")
    parser.add_argument(
        "--sources",
        default="",
        help="only sources whose name contains one of these (comma-separated)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write every outcome here")
    args = parser.parse_args(argv)
    from tools.synth import LOOKS

    looks = tuple(x for x in args.looks.split(",") if x) or LOOKS
    names = tuple(x for x in args.only.split(",") if x) or tuple(PERTURBATIONS)
    unknown = [x for x in names if x not in PERTURBATIONS]
    if unknown:
        parser.error(
            f"unknown perturbation(s) {', '.join(unknown)}; known: {', '.join(PERTURBATIONS)}"
        )
    started = time.perf_counter()
    sources = load_sources(args.real, looks, args.per_look, args.seed)
    if args.sources:
        keys = args.sources.split(",")
        sources = [s for s in sources if any(k in s.name for k in keys)]
    print(f"{len(sources)} sources x {len(names)} changes, seed {args.seed}", file=sys.stderr)
    for s in sources:
        if s.corners is None:
            print(f"  note: {s.name}: no board in the untouched picture", file=sys.stderr)
    outcomes = list(run(sources, names, args.seed, lambda t: print(f"  {t}", file=sys.stderr)))
    print("## by change")
    print("\n".join(table(outcomes, lambda o: o.change)))
    print("\n## by source")
    print("\n".join(table(outcomes, lambda o: o.source)))
    print("\n## confident-wrong and crashes")
    for o in outcomes:
        if bad(o):
            print(f"  {o.source} + {o.change}: {','.join(o.kinds)}: {o.detail}")
    print("\n## refusals by kind")
    kinds = Counter(o.detail.split(":", 1)[0] for o in outcomes if o.kinds == ("refused",))
    print("  " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"\n{len(outcomes)} readings in {time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    return 1 if any(bad(o) for o in outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
