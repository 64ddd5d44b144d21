"""Drawn paths told by their shape where their colour cannot tell them: the straight
strokes a solver's overlay draws from tile centre to tile centre.

A line in the colour of the letter it crosses (a gold line over a SpellCast bonus tile's
gold letter) takes the letter with it when lines are taken out by colour: the cut's
``TileImage.line`` then covers the letter whole and nothing is left to read. Between the
letter and the tile's edge the line runs alone, though, and a path's stroke runs from the
tile's centre towards one of its eight neighbours: where the line's pixels run so, in a
band of even width, the stroke is that band, on across the tile to its centre
(``line_rays``), and the ink beside it is the letter's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from assistant.geometry import Box, Mask
from assistant.numeric import median, percentile


@dataclass(frozen=True)
class RayConfig:
    """How a stroke is told from the line's pixels between the letters and the edge."""

    # Sampled from just outside the letter box to ``outer`` of the way from the tile's
    # centre to its edge (a bonus tile's outline and a rounded corner's rim lie beyond).
    outer: float = 0.85
    # A stroke covers ``cover`` of the samples, each a run across the ray (through the
    # ray or within ``drift`` of the tile's side from it)...
    cover: float = 0.85
    drift: float = 0.1
    # ...``min_px`` pixels wide or more and at most ``max_width`` of the tile's side,
    # the middle 80 % of the runs' widths within ``even`` of their median or ``even_px``
    # pixels of each other (a stroke a few pixels wide blurs by a pixel or two).
    min_px: int = 2
    max_width: float = 0.3
    even: float = 0.35
    even_px: float = 3.0
    samples: int = 6  # fewer samples than that between letters and edge: no stroke told
    # The band taken out: the runs' width and ``pad`` pixels on each side, from the edge
    # to ``past`` of the stroke's width beyond the centre (a path's dot or arrowhead
    # spreads there; what they hide stays unknown).
    pad: int = 2
    past: float = 1.5
    # ...and where the line fills blob_fill of the triangle of an arrowhead (its tip at
    # the stroke's end on the centre, head_length of the stroke's width long and
    # head_half of it to each side at its base), or of a dot dot_radius of the width
    # round the centre, that too (tools.synth draws heads 2.5 widths long, 0.5 rad to
    # each side, and dots 1.2 widths round).
    head_length: float = 2.4
    head_half: float = 1.3
    dot_radius: float = 1.25
    blob_fill: float = 0.8


def line_rays(line: Mask, letters: Box, config: RayConfig | None = None) -> Mask | None:
    """The band of each stroke ``line`` (255 where a removed line was taken) runs in from
    the tile's edge towards its centre along one of the eight directions to the
    neighbouring tiles, 255; None when no such stroke shows between ``letters`` (where the
    board's letters sit) and the edge."""
    cfg = config or RayConfig()
    h, w = line.shape
    side = float(min(h, w))
    cy, cx = (h - 1) / 2.0, (w - 1) / 2.0
    on = line > 0
    band = np.zeros((h, w), np.uint8)
    origins: list[tuple[tuple[float, float], tuple[float, float], float]] = []
    for k in range(8):
        theta = k * math.pi / 4.0
        dx, dy = math.cos(theta), math.sin(theta)
        nx, ny = -dy, dx
        reach = _to_edge(cx, cy, dx, dy, w, h)
        start = _leave_box(cx, cy, dx, dy, letters) + 1.0
        stop = cfg.outer * reach
        if stop - start < cfg.samples:
            continue
        widths: list[float] = []
        offsets: list[float] = []
        radii = np.arange(start, stop, 1.0)
        for r in radii:
            run = _run_across(
                on, cx + r * dx, cy + r * dy, nx, ny, cfg.drift * side, cfg.max_width * side
            )
            if run is not None:
                offsets.append(run[0])
                widths.append(run[1])
        if len(widths) < cfg.cover * len(radii):
            continue
        width = float(median(widths))
        if width < cfg.min_px or width > cfg.max_width * side:
            continue
        spread = percentile(widths, 90.0) - percentile(widths, 10.0)
        if spread > max(cfg.even * width, cfg.even_px):
            continue  # a stroke is as wide all along (a badge's chord, a wedge are not)
        shift = float(median(offsets))
        half = width / 2.0 + cfg.pad
        a = (cx + shift * nx - cfg.past * width * dx, cy + shift * ny - cfg.past * width * dy)
        b = (cx + shift * nx + reach * 1.5 * dx, cy + shift * ny + reach * 1.5 * dy)
        cv2.line(
            band,
            (round(a[0]), round(a[1])),
            (round(b[0]), round(b[1])),
            255,
            thickness=max(1, round(2 * half)),
        )
        origins.append(((cx + shift * nx, cy + shift * ny), (dx, dy), width))
    if not origins:
        return None
    for (ox, oy), (dx, dy), width in origins:
        # Where a stroke ends, a path draws a dot or an arrowhead, a blob the line fills
        # wider than the stroke: taken out with the stroke where the line fills it.
        head = np.array(
            [
                (ox, oy),
                (ox + cfg.head_length * width * dx - cfg.head_half * width * dy,
                 oy + cfg.head_length * width * dy + cfg.head_half * width * dx),
                (ox + cfg.head_length * width * dx + cfg.head_half * width * dy,
                 oy + cfg.head_length * width * dy - cfg.head_half * width * dx),
            ],
            np.float32,
        )  # fmt: skip
        blobs = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(blobs, np.rint(head).astype(np.int32), 255)
        dot = np.zeros((h, w), np.uint8)
        cv2.circle(dot, (round(ox), round(oy)), max(1, round(cfg.dot_radius * width)), 255, -1)
        for blob in (blobs, dot):
            inside = blob > 0
            if np.count_nonzero(on & inside) >= cfg.blob_fill * np.count_nonzero(inside):
                grown = cv2.dilate(blob, np.ones((2 * cfg.pad + 1, 2 * cfg.pad + 1), np.uint8))
                band[grown > 0] = 255
    return band


def _to_edge(cx: float, cy: float, dx: float, dy: float, w: float, h: float) -> float:
    """How far from (cx, cy) the ray (dx, dy) leaves the box 0..w x 0..h."""
    ts = []
    if dx > 1e-9:
        ts.append((w - 1 - cx) / dx)
    elif dx < -1e-9:
        ts.append(-cx / dx)
    if dy > 1e-9:
        ts.append((h - 1 - cy) / dy)
    elif dy < -1e-9:
        ts.append(-cy / dy)
    return max(0.0, min(ts))


def _leave_box(cx: float, cy: float, dx: float, dy: float, box: Box) -> float:
    """How far from (cx, cy) the ray (dx, dy) leaves ``box`` (0 when it starts outside)."""
    if not (box.x <= cx <= box.x1 and box.y <= cy <= box.y1):
        return 0.0
    return _to_edge(cx - box.x, cy - box.y, dx, dy, box.w, box.h)


def _run_across(
    on: np.ndarray, px: float, py: float, nx: float, ny: float, drift: float, widest: float
) -> tuple[float, float] | None:
    """The run of ``on`` pixels across the ray at (px, py) (along (nx, ny)) nearest the
    ray, its middle within ``drift`` of it: its middle's offset from the ray and its width
    (runs cut off by the window, ``widest`` wide or more, are none)."""
    h, w = on.shape
    reach = math.ceil(drift + widest / 2.0) + 2
    ts = np.arange(-reach, reach + 1, dtype=np.float64)
    xs = np.rint(px + ts * nx).astype(int)
    ys = np.rint(py + ts * ny).astype(int)
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    vals = np.zeros(len(ts), bool)
    vals[inside] = on[ys[inside], xs[inside]]
    edges = np.diff(np.concatenate(([0], vals.astype(np.int8), [0])))
    starts = np.flatnonzero(edges == 1)
    ends = np.flatnonzero(edges == -1) - 1
    mids = (ts[starts] + ts[ends]) / 2.0
    # whole runs (not cut off by the window) with their middle near the ray
    near = (starts > 0) & (ends < len(ts) - 1) & (np.abs(mids) <= drift)
    if not near.any():
        return None
    k = np.flatnonzero(near)[int(np.argmin(np.abs(mids[near])))]
    return float(mids[k]), float(ends[k] - starts[k] + 1)
