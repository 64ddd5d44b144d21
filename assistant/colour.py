"""Colour, in one place: CIELAB conversions and colour distances for every vision stage.

Two scales of CIELAB are used: OpenCV's 8-bit one (``bgr_to_lab8``: L 0..255, a and b
offset by 128; ``cut`` and ``locate`` measure ink in it) and CIELAB proper (``to_lab``:
L 0..100, dE in the units colour tables use; ``bonus`` and ``games`` compare with palettes
in it). ``lab8_distance`` is the distance of every pixel from one colour, ``delta_e`` that
of two colours, ``chroma`` how saturated a colour is.

8-bit CIELAB as OpenCV's ``COLOR_BGR2LAB`` gives it, without OpenCV's set-up cost.
OpenCV builds large interpolation tables (in software floating point) the first time any
process converts to or from Lab: ~60-250 ms, paid by every one-shot ``solve shot.png`` and
by the first read of every batch worker, against ~1 ms for the conversion itself. The same
conversion from a 256-entry sRGB table, two ``cv2.transform`` colour matrices and a cube
root (``cv2.pow``) costs ~3 ms on a 512 x 512 board and no set-up. It follows OpenCV's formulas
(D65 white, L scaled to 0..255, a and b offset by 128); its results differ from OpenCV's
table interpolation by at most one unit on ~15% of pixels (OpenCV's own rounding error).
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np
import numpy.typing as npt

RGB = tuple[int, int, int]
FloatArray = npt.NDArray[np.float32]

# sRGB (D65) to XYZ, as OpenCV's colour conversions use it.
_RGB_TO_XYZ = np.array(
    [[0.412453, 0.357580, 0.180423], [0.212671, 0.715160, 0.072169], [0.019334, 0.119193, 0.950227]]
)
_WHITE = np.array([0.950456, 1.0, 1.088754])
_LEVELS = np.arange(256) / 255.0
# 8-bit sRGB -> linear light.
_LINEAR = np.where(_LEVELS <= 0.04045, _LEVELS / 12.92, ((_LEVELS + 0.055) / 1.055) ** 2.4).astype(
    np.float32
)
# Linear B, G, R -> X/Xn, Y/Yn, Z/Zn.
_BGR_TO_XYZN = (_RGB_TO_XYZ / _WHITE[:, None])[:, ::-1].astype(np.float32)
# f(X), f(Y), f(Z) -> 8-bit L (L * 255 / 100), a + 128, b + 128.
_F_TO_LAB8 = np.array(
    [[0, 116 * 255 / 100, 0, -16 * 255 / 100], [500, -500, 0, 128], [0, 200, -200, 128]],
    np.float32,
)
_EPSILON = 0.008856  # below it f(t) is linear, not a cube root (CIE)
_KAPPA = 903.3


# Rows converted at a time: each pixel is converted on its own, so strips give the same
# result, while their float32 temporaries (~16 bytes a pixel, several at once) stay small:
# a 512 x 512 board converted whole faulted in ~12 MB of fresh pages (~3,000 page faults,
# ~7 ms) at the first read of a process.
_STRIP_PIXELS = 1 << 15


def bgr_to_lab8(bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """``cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB)`` for a BGR ``uint8`` image (see above)."""
    h, w = bgr.shape[:2]
    step = max(1, _STRIP_PIXELS // max(1, w))
    if h <= 2 * step:
        return _bgr_to_lab8(bgr)
    out = np.empty(bgr.shape, np.uint8)
    for y in range(0, h, step):
        out[y : y + step] = _bgr_to_lab8(bgr[y : y + step])
    return out


def _bgr_to_lab8(bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    xyz = np.asarray(cv2.transform(cv2.LUT(bgr, _LINEAR), _BGR_TO_XYZN), np.float32)
    # The cube root as OpenCV's power (xyz is never negative): numpy's cbrt took 11.8 ms of
    # a 512 x 512 board's 12 ms, cv2.pow 1 ms (relative error 3e-7: of all 2^24 colours,
    # 806 come out one unit apart, rounded the other way at a half).
    f = np.asarray(cv2.pow(xyz, 1.0 / 3.0), np.float32)
    dark = xyz <= _EPSILON  # masked copies, not fancy indexing: dark backgrounds are common
    # Most strips of a board have no pixel that dark: the masked copies would change
    # nothing, so their full-size temporaries (a third of the conversion) are skipped.
    any_dark = bool(dark.any())
    if any_dark:
        np.copyto(f, xyz * np.float32(7.787) + np.float32(16.0 / 116.0), where=dark)
    lab = np.asarray(cv2.transform(f, _F_TO_LAB8), np.float32)
    if any_dark:
        np.copyto(lab[..., 0], xyz[..., 1] * np.float32(_KAPPA * 255 / 100), where=dark[..., 1])
    return np.asarray(cv2.convertScaleAbs(lab), np.uint8)  # rounded, saturated to 0..255


def lab8_to_bgr(lab8: npt.ArrayLike) -> tuple[int, int, int]:
    """The BGR colour of one 8-bit Lab colour (``COLOR_LAB2BGR`` of one pixel)."""
    light, a, b = (int(v) for v in np.clip(np.round(np.asarray(lab8, float)), 0, 255))
    return _lab8_to_bgr(light, a, b)


@functools.lru_cache(maxsize=1024)  # every tile of a board asks for its face's colour
def _lab8_to_bgr(l_lab: int, a_lab: int, b_lab: int) -> tuple[int, int, int]:
    light, a, b = float(l_lab), float(a_lab), float(b_lab)
    fy = (light * 100 / 255 + 16) / 116
    f = np.array([fy + (a - 128) / 500, fy, fy - (b - 128) / 200])
    t = np.where(f > 6 / 29, f**3, (f - 16 / 116) / 7.787) * _WHITE
    rgb = np.clip(np.linalg.solve(_RGB_TO_XYZ, t), 0, 1)
    srgb = np.where(rgb <= 0.0031308, 12.92 * rgb, 1.055 * rgb ** (1 / 2.4) - 0.055)
    r, g, b8 = (round(float(v) * 255) for v in np.clip(srgb, 0, 1))
    return b8, g, r


# OpenCV's 8-bit Lab (L x 255/100, a + 128, b + 128) to CIELAB, as one affine map.
_LAB_MAP = np.array([[100.0 / 255.0, 0, 0, 0], [0, 1, 0, -128.0], [0, 0, 1, -128.0]], np.float32)


def to_lab(bgr: npt.NDArray[np.uint8]) -> FloatArray:
    """CIELAB (L 0..100, a/b about -128..127) of a BGR uint8 image or colour array."""
    lab8 = np.asarray(bgr_to_lab8(bgr), np.float32)
    return np.asarray(cv2.transform(lab8, _LAB_MAP), np.float32).reshape(lab8.shape)


@functools.lru_cache(maxsize=256)  # palette colours, converted once (a pure function)
def rgb_lab(rgb: RGB) -> FloatArray:
    """CIELAB of one sRGB colour (read-only)."""
    lab: FloatArray = to_lab(np.array([[rgb[::-1]]], np.uint8))[0, 0]
    lab.setflags(write=False)
    return lab


def chroma(lab: FloatArray) -> FloatArray:
    """How saturated CIELAB colours are: the length of (a, b)."""
    return np.hypot(lab[..., 1], lab[..., 2])


def hue(a: float, b: float) -> float:
    """The hue angle (degrees, -180..180) of a colour's CIELAB (a*, b*)."""
    return math.degrees(math.atan2(b, a))


def hue_apart(h1: float, h2: float) -> float:
    """Degrees between two hues, 0..180."""
    return abs((h1 - h2 + 180.0) % 360.0 - 180.0)


def delta_e(a: npt.ArrayLike, b: npt.ArrayLike) -> float:
    """The distance of two colours of one Lab scale (CIE76 dE on ``to_lab``'s scale)."""
    return length(np.asarray(a) - np.asarray(b))  # in the colours' own dtype


def length(x: npt.ArrayLike) -> float:
    """``float(np.linalg.norm(x))``: the 2-norm of all of a real array's values, in its own
    float dtype (integers as float64), by numpy's own steps (``sqrt(x.dot(x))``) without
    its argument handling, ~3 us of each of the ~300 colour distances of a read."""
    v = np.asarray(x)
    if v.dtype.kind not in "fcO":  # not inexact (nor object): as float64, as numpy does
        v = v.astype(float)
    v = v.ravel(order="K")
    return float(np.sqrt(v.dot(v)))


def pixel_distances(
    pixels: npt.NDArray[np.float32], colour: npt.ArrayLike
) -> npt.NDArray[np.float32]:
    """Each colour of a list of Lab ``pixels`` (N x 3, float32): its distance from ``colour``
    (the same scale), computed in float32."""
    return np.asarray(
        np.linalg.norm(pixels - np.asarray(colour).astype(np.float32), axis=1), np.float32
    )


def lab8_distance(lab8: npt.NDArray[np.uint8], colour: npt.ArrayLike) -> npt.NDArray[np.float32]:
    """Per-pixel Euclidean distance of an 8-bit Lab picture from one colour (8-bit Lab)."""
    ref = np.zeros(4)  # an OpenCV scalar: one value per channel
    ref[:3] = np.clip(np.round(np.asarray(colour, np.float64)), 0, 255)
    diff = cv2.absdiff(lab8, ref)
    lum, a, b = (np.asarray(ch, np.float32) for ch in cv2.split(diff))
    return np.asarray(cv2.magnitude(cv2.magnitude(lum, a), b), np.float32)
