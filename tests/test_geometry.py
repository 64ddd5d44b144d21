"""The geometry building blocks every vision stage shares (assistant.geometry): the zone at
one corner of a tile face, where values (``values``), value-like marks (``games``), bonus
badges (``bonus``) and SpellCast's gems (``games``) are searched."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.geometry import CORNERS, Box, Corner, clear_of_inner_edges, components, corner_zone

FACE = Box(10, 20, 40, 30)


@pytest.mark.parametrize(
    ("corner", "zone"),
    [
        ("top-left", Box(10, 20, 12, 8)),
        ("top-right", Box(38, 20, 12, 8)),
        ("bottom-right", Box(38, 42, 12, 8)),
        ("bottom-left", Box(10, 42, 12, 8)),
    ],
)
def test_a_corner_zone_sits_in_its_corner_of_the_face(corner: Corner, zone: Box) -> None:
    assert corner_zone(FACE, corner, 12, 8) == zone
    assert FACE.contains(zone)


def test_contains_means_wholly_inside() -> None:
    assert FACE.contains(FACE)
    assert FACE.contains(Box(11, 21, 5, 5))
    assert not FACE.contains(Box(9, 21, 5, 5))  # pokes out on the left
    assert not FACE.contains(Box(46, 21, 5, 5))  # ... on the right


@pytest.mark.parametrize("corner", CORNERS)
def test_a_piece_in_the_corner_stays_off_the_zones_inner_edges(corner: Corner) -> None:
    zone = corner_zone(FACE, corner, 12, 8)
    middle = Box(4, 2, 4, 4)  # in zone pixels: touches no edge
    assert clear_of_inner_edges(middle, zone, corner)
    # A letter stroke reaching across the zone touches both of its vertical edges: never
    # wholly in the corner, whichever corner it is.
    stroke = Box(0, 2, 12, 4)
    assert not clear_of_inner_edges(stroke, zone, corner)
    # Touching the face's own outer edge is fine; touching the inner one is not.
    outer_x = 0 if corner.endswith("left") else 8
    inner_x = 8 if corner.endswith("left") else 0
    assert clear_of_inner_edges(Box(outer_x, 2, 4, 4), zone, corner)
    assert not clear_of_inner_edges(Box(inner_x, 2, 4, 4), zone, corner)


def test_components_are_opencvs_default_labels_and_stats() -> None:
    # The reader's blobs (smooth shapes, thin strokes) and noise, at odd sizes, 0/1 and
    # 0/255, contiguous or a view: the same labels, in the same order, and the same stats
    # as cv2.connectedComponentsWithStats gives with its default algorithm.
    rng = np.random.default_rng(3)
    for trial in range(400):
        h, w = (int(v) for v in rng.integers(1, 140, 2))
        if trial % 2:
            blur = cv2.GaussianBlur(rng.integers(0, 256, (h, w), dtype=np.uint8), (0, 0), 1.5)
            mask = (blur > rng.integers(100, 160)).astype(np.uint8)
        else:
            mask = (rng.random((h, w)) < rng.random()).astype(np.uint8)
        if trial % 3 == 0:
            mask *= 255
        if trial % 5 == 0 and h > 2:
            mask = mask[1:-1]
        n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        ours = components(mask)
        assert ours[0] == n
        assert np.array_equal(ours[1], labels) and ours[1].dtype == np.int32
        assert np.array_equal(ours[2], stats) and ours[2].dtype == np.int32


def test_components_of_an_empty_mask_are_the_background_alone() -> None:
    n, labels, stats = components(np.zeros((0, 7), np.uint8))
    assert n == 1 and labels.shape == (0, 7) and stats.shape == (1, 5)
