"""A letter under a drawn line read from the tile's colours: the colour partition.

Where a line crosses a tile the cut takes the line out and the matcher reads the letter
around it, or with a see-through line's blend undone (``cut._see_through``). On a small,
blurred, JPEG'd tile both lose strokes: the undone blend comes out in blobs, and what is
left around an opaque line may fit several letters. This stage asks the picture itself.

Each candidate letter's template is placed where the board's letters sit (the cut's
``letter_box``: the board's letter height, the tile's letter centre), at a few sizes and
shifts, and splits the pixels round the letter into four parts: ink and face, each off the
line and on it. Every part is one colour in the picture where the letter is the right one:
face, ink, the line over the face and the line over the ink (darker when the line lets the
ink show; the same colour as the line over the face when it is opaque). The letter's score
is the share of the colour variance (CIE Lab) the four parts' means explain, at its best
template and placement. An opaque line explains the same for every letter under it (the
two parts on it have one colour), so letters that differ only there tie: this stage tells
letters apart only by what shows.

It reads the colours the cut's thresholds lost (a see-through line over a stroke is darker
than over the face however faint the difference), and needs no line colour or opacity: the
parts' means are fitted for each letter. The line's edge (its blend into what is beside it,
a dark outline round it) counts in no part: a green line's dark outline inside its mask,
over an R's hidden leg, made P lead by 0.054 (spellcast-arrows 128335 r0c2); without its
edge, by 0.027. It is the slowest reader (a template per font per letter, ~0.15 s a tile
for all 26 letters), so it runs only for the tiles a line crosses whose reading is unsure,
for the letters listed there and the masked read's best (``recognize._by_partition``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from assistant.cut import TileImage

FloatImage = npt.NDArray[np.float32]


@dataclass(frozen=True)
class PartitionConfig:
    """How the colour partition reads (``work_px`` ... ``edge``) and when its verdict
    settles a tile (``lift_*``, ``adopt_*``).

    Measured on every tile a line crosses of 119 SpellCast arrows boards (session 49: 686
    tiles, seeds 128000-128399, all 26 letters asked): the partition's first letter was the
    true one on 556 of the 560 tiles the reader had right and on 98 of the 126 it had not;
    where it was wrong it led the next letter by at most 0.027, but for a letter hidden
    whole under a start dot, whose dark rim scored O 0.12 ahead (such tiles are not asked).
    Its right firsts led by a median of ~0.1.
    """

    work_px: int = 32  # the board's letter height in the partition's pixels
    reach: int = 2  # shifts tried each way round where the letter should sit, in those pixels
    # Template heights tried, as shares of the letter height; the taller ones also with the
    # template's top at the letter's top (a Q's tail, a J's hook below the line of letters).
    scales: tuple[float, ...] = (0.94, 1.0, 1.06, 1.14, 1.24)
    tall: float = 1.08
    # The window round the letter box, as shares of its width and height each way.
    margin_x: float = 0.2
    margin_y: float = 0.12
    # Pixels within edge (work pixels) of the line's border count in no part.
    edge: int = 1
    # An unsure reading the partition ranks first, ahead of every other listed letter by
    # lift_gap of the variance, is settled at lift_confidence.
    lift_gap: float = 0.04
    lift_confidence: float = 0.9
    # ...and one the partition ranks another letter first for, ahead of every other by
    # adopt_gap, takes that letter at adopt_confidence.
    adopt_gap: float = 0.08
    adopt_confidence: float = 0.85


@dataclass(frozen=True)
class Template:
    """One letter template: its class and its ink (float 0..1) cropped to the ink's box."""

    label: str
    ink: FloatImage


class PartitionReader:
    """Scores letters on a tile by the colour partition (see the module docstring). The
    templates are laid out once per height tried: each at that height, centred in a
    canvas as wide as the widest, one row of a matrix; a tile's window at every shift is
    one column per picture (``_Window``), and one product gives every template's ink count
    and colour sums at every shift."""

    def __init__(self, templates: Sequence[Template], config: PartitionConfig) -> None:
        self.config = config
        self.labels = np.array([t.label for t in templates])
        self._layouts = [
            (scale, *_layout(templates, max(2, round(config.work_px * scale))))
            for scale in config.scales
        ]

    def scores(self, tile: TileImage, labels: Iterable[str]) -> list[tuple[str, float]]:
        """The share of the colour variance each letter of ``labels`` explains on ``tile``
        (a line crossing it: ``tile.line`` where it ran, the whole line for a see-through
        one), best first; empty when the tile has no letter box or line."""
        window = _Window.of(tile, self.config)
        wanted = list(dict.fromkeys(labels))
        rows = np.isin(self.labels, wanted)
        if window is None or window.total <= 1e-6 or not rows.any():
            return []
        cfg = self.config
        best = np.full(len(self.labels), -np.inf)
        for scale, height, width, matrix in self._layouts:
            tops = [0.0] if scale <= cfg.tall else [0.0, (height - cfg.work_px) / 2]
            for drop in tops:
                explained = window.explained(matrix[rows], height, width, drop)
                if explained is not None:
                    best[rows] = np.maximum(best[rows], explained)
        out: dict[str, float] = {}
        for label in wanted:
            mine = best[self.labels == label]
            if mine.size and np.isfinite(mine.max()):
                out[label] = float(1.0 - (window.squares - mine.max()) / window.total)
        return sorted(out.items(), key=lambda kv: -kv[1])


def _layout(templates: Sequence[Template], height: int) -> tuple[int, int, FloatImage]:
    """The templates at ``height``, each centred in a canvas as wide as the widest, ink
    0/1: (height, width, one row per template)."""
    inks = []
    for t in templates:
        th, tw = t.ink.shape
        ww = max(1, round(tw * height / th))
        inks.append(cv2.resize(t.ink, (ww, height), interpolation=cv2.INTER_AREA) > 0.5)
    width = max(i.shape[1] for i in inks)
    matrix = np.zeros((len(inks), height * width), np.float32)
    for k, ink in enumerate(inks):
        canvas = np.zeros((height, width), np.float32)
        x = (width - ink.shape[1]) // 2
        canvas[:, x : x + ink.shape[1]] = ink
        matrix[k] = canvas.ravel()
    return height, width, matrix


@dataclass(frozen=True)
class _Window:
    """The pixels round a tile's letter, scaled to ``work_px`` letter height, split into
    the halves off and on the line: per half its pixel count and colour sums, and its
    pictures (the half's weight, and the colours' three channels in it), padded."""

    halves: tuple[tuple[float, npt.NDArray[np.float64], tuple[FloatImage, ...]], ...]
    centre: tuple[float, float]
    squares: float
    total: float
    pad: int
    reach: int

    @staticmethod
    def of(tile: TileImage, cfg: PartitionConfig) -> _Window | None:
        box = tile.letter_box
        line = _whole_line(tile)
        if box is None or line is None or box.h < 2 or box.w < 1:
            return None
        h, w = line.shape
        mx, my = int(cfg.margin_x * box.w) + 2, int(cfg.margin_y * box.h) + 2
        x0, y0 = max(0, box.x - mx), max(0, box.y - my)
        x1, y1 = min(w, box.x1 + mx), min(h, box.y1 + my)
        if x1 - x0 < 2 or y1 - y0 < 2:
            return None
        f = cfg.work_px / box.h
        size = (max(4, round((x1 - x0) * f)), max(4, round((y1 - y0) * f)))
        crop = tile.crop if tile.crop.ndim == 3 else cv2.cvtColor(tile.crop, cv2.COLOR_GRAY2BGR)
        lab = cv2.cvtColor(crop[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).astype(np.float32)
        colours = cv2.resize(lab, size, interpolation=cv2.INTER_AREA)
        on = (
            cv2.resize(line[y0:y1, x0:x1].astype(np.float32), size, interpolation=cv2.INTER_AREA)
            > 0
        )
        pad = 2 * cfg.work_px
        # The line's edge (its blend into what is beside it, a dark outline round it) is
        # neither: ``edge`` work pixels each side of it count in no part.
        grow = np.ones((2 * cfg.edge + 1, 2 * cfg.edge + 1), np.uint8)
        near = cv2.dilate(on.astype(np.uint8), grow) > 0
        inner = cv2.erode(on.astype(np.uint8), grow) > 0
        counted = (~near | inner).ravel()
        flat = colours.reshape(-1, 3).astype(np.float64)[counted]
        if len(flat) == 0:
            return None
        squares = float((flat * flat).sum())
        total = squares - float((flat.sum(0) ** 2).sum()) / len(flat)
        halves = []
        for half in (~near, inner):
            weight = half.astype(np.float32)
            sums = (colours * weight[..., None]).reshape(-1, 3).sum(0).astype(np.float64)
            pictures = [weight, *(colours[..., c] * weight for c in range(3))]
            padded = tuple(
                np.asarray(
                    cv2.copyMakeBorder(p, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0),
                    np.float32,
                )
                for p in pictures
            )
            halves.append((float(weight.sum()), sums, padded))
        centre = ((box.x + box.w / 2 - x0) * f, (box.y + box.h / 2 - y0) * f)
        return _Window(tuple(halves), centre, squares, total, pad, cfg.reach)

    def explained(
        self, matrix: FloatImage, height: int, width: int, drop: float
    ) -> npt.NDArray[np.float64] | None:
        """For each template row of ``matrix`` (``height`` x ``width`` canvases) centred
        on the letter (lowered by ``drop``: a tall template's top at the letter's top),
        the most its four parts explain (sum over parts of |colour sum|^2 / count) at any
        shift within ``reach``; None when the canvas does not fit the padded window."""
        cx, cy = self.centre
        r = self.reach
        top = round(cy - height / 2 + drop) + self.pad - r
        left = round(cx - width / 2) + self.pad - r
        rows, cols = self.halves[0][2][0].shape
        if top < 0 or left < 0 or top + height + 2 * r > rows or left + width + 2 * r > cols:
            return None
        span = 2 * r + 1
        out = np.zeros((len(matrix), span * span), np.float64)
        for n, sums, pictures in self.halves:
            windows = [
                np.lib.stride_tricks.sliding_window_view(
                    p[top : top + height + 2 * r, left : left + width + 2 * r], (height, width)
                ).reshape(span * span, height * width)
                for p in pictures
            ]
            patches = np.concatenate(windows)  # (pictures x shifts) x pixels
            product = (matrix @ patches.T).reshape(len(matrix), len(pictures), span * span)
            product = product.astype(np.float64)
            count, inked = product[:, 0], product[:, 1:].transpose(0, 2, 1)
            rest_n, rest_s = n - count, sums - inked
            out += np.where(count > 0.5, (inked**2).sum(-1) / np.maximum(count, 1e-6), 0.0)
            out += np.where(rest_n > 0.5, (rest_s**2).sum(-1) / np.maximum(rest_n, 1e-6), 0.0)
        best: npt.NDArray[np.float64] = out.max(axis=1)
        return best


def _whole_line(tile: TileImage) -> npt.NDArray[np.bool_] | None:
    """Where the line ran over ``tile``: for a see-through line undone, the cut taking it as
    opaque keeps all of it (``TileImage.opaque``); the tile's own ``line`` keeps only what
    the undoing left unknown."""
    whole = tile.opaque.line if tile.opaque is not None else None
    line = whole if whole is not None else tile.line
    return None if line is None else np.asarray(line) > 0
