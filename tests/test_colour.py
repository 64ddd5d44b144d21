"""assistant.colour: OpenCV's 8-bit CIELAB without OpenCV's first-call table set-up, CIELAB
proper for palettes, and the colour distances every vision stage uses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from assistant.colour import (
    bgr_to_lab8,
    chroma,
    delta_e,
    lab8_distance,
    lab8_to_bgr,
    rgb_lab,
    to_lab,
)

ROOT = Path(__file__).resolve().parent.parent
SHOT = ROOT / "fixtures" / "real" / "wordament" / "blackmonk13_mobile_2_letter_or.jpg"


def test_matches_opencv_within_its_rounding() -> None:
    rng = np.random.default_rng(7)
    noise = rng.integers(0, 256, (64, 64, 3), dtype=np.uint8)
    shot = cv2.imread(str(SHOT))
    assert shot is not None
    corners = np.array([[[0, 0, 0], [255, 255, 255], [0, 0, 255], [255, 0, 0]]], np.uint8)
    for image in (noise, shot[::4, ::4].copy(), corners):
        ours = bgr_to_lab8(image).astype(int)
        theirs = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(int)
        assert ours.shape == theirs.shape and ours.dtype == int
        diff = np.abs(ours - theirs)
        assert diff.max() <= 2 and (diff > 1).mean() < 0.001 and (diff > 0).mean() < 0.25


def test_each_pixel_converts_alike_with_or_without_dark_pixels_beside_it() -> None:
    # A strip with no pixel in the cube root's linear segment skips that segment's masked
    # copies: its pixels must convert exactly as they do next to very dark ones.
    rng = np.random.default_rng(11)
    bright = rng.integers(40, 256, (24, 32, 3), dtype=np.uint8)
    dark = rng.integers(0, 12, (24, 32, 3), dtype=np.uint8)
    alone = bgr_to_lab8(bright)
    mixed = bgr_to_lab8(np.hstack([bright, dark]))
    assert np.array_equal(alone, mixed[:, :32])
    assert np.array_equal(bgr_to_lab8(dark), mixed[:, 32:])


def test_inverse_matches_opencv() -> None:
    rng = np.random.default_rng(8)
    for lab in rng.integers(0, 256, (300, 3)):
        pixel = lab.astype(np.uint8).reshape(1, 1, 3)
        theirs = tuple(int(v) for v in cv2.cvtColor(pixel, cv2.COLOR_LAB2BGR)[0, 0])
        assert max(abs(a - b) for a, b in zip(lab8_to_bgr(lab), theirs, strict=True)) <= 1


def test_cielab_proper_matches_opencv_float_conversion() -> None:
    rng = np.random.default_rng(9)
    image = rng.integers(0, 256, (32, 32, 3), dtype=np.uint8)
    theirs = cv2.cvtColor(image.astype(np.float32) / 255, cv2.COLOR_BGR2Lab)
    assert np.abs(to_lab(image) - theirs).max() < 1.0  # 8-bit rounding: under one dE
    white, red = rgb_lab((255, 255, 255)), rgb_lab((255, 0, 0))
    assert abs(float(white[0]) - 100) < 0.5 and float(chroma(white)) < 1.0
    assert float(chroma(red)) > 100  # sRGB red: a* ~80, b* ~67
    assert delta_e(white, red) == pytest.approx(float(np.sqrt(((white - red) ** 2).sum())))
    with pytest.raises(ValueError):
        white[0] = 0  # palette colours are shared: read-only


def test_lab8_distance_is_the_euclidean_distance_per_pixel() -> None:
    rng = np.random.default_rng(10)
    lab8 = rng.integers(0, 256, (16, 24, 3), dtype=np.uint8)
    colour = np.array([120.4, 130.6, 99.5])
    want = np.linalg.norm(lab8.astype(np.float64) - np.round(colour), axis=2)
    got = lab8_distance(lab8, colour)
    assert got.dtype == np.float32 and got.shape == (16, 24)
    assert np.abs(got - want).max() < 1e-3


def test_a_read_never_asks_opencv_for_lab(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenCV builds its Lab tables on the first Lab conversion of a process (tens to
    hundreds of ms): the reader must not ask for one."""
    from assistant.read import read_image

    real = cv2.cvtColor

    def guarded(src: Any, code: int, *args: Any, **kwargs: Any) -> Any:
        lab_codes = {cv2.COLOR_BGR2LAB, cv2.COLOR_LAB2BGR, cv2.COLOR_BGR2Lab, cv2.COLOR_Lab2BGR}
        assert code not in lab_codes, "the reader converted to or from Lab with OpenCV"
        return real(src, code, *args, **kwargs)

    monkeypatch.setattr(cv2, "cvtColor", guarded)
    reading = read_image(SHOT)
    assert reading.rows == 4 and reading.cols == 4
