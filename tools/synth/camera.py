"""The camera: what happens to a flat scene on its way to a file. Tilt (rotation and
perspective), lighting for photos, rescaling to the wanted tile size, blur, sensor noise and
JPEG/PNG encoding. The lattice corners follow every geometric step exactly.

Coordinates are pixel-edge coordinates: (0, 0) is the top-left corner of the top-left pixel,
so a tile drawn over pixels x0..x1-1 spans [x0, x1).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from tools.synth.base import Corners

U8Image = npt.NDArray[np.uint8]
FloatImage = npt.NDArray[np.float32]


@dataclass(frozen=True)
class CameraConfig:
    """Tuned numbers of the camera stage. Chosen by eye against the real photos in
    shared/realboards/boggle_physical (vignette and colour cast strength) and to keep images
    within what a phone produces."""

    max_side: int = 4096  # never produce an image larger than a 16-megapixel photo
    min_side: int = 48  # nor one smaller than this
    vignette: tuple[float, float] = (0.03, 0.20)  # darkening at the photo corners
    gradient: tuple[float, float] = (0.03, 0.22)  # one-sided light fall-off across the frame
    color_cast: float = 0.06  # per-channel gain jitter (white balance)
    png_compression: int = 9


def _apply_h(h: npt.NDArray[np.float64], pts: Corners) -> Corners:
    """Map edge-coordinate points through a homography that works on pixel centres."""
    c = pts - 0.5
    ones = np.ones((c.shape[0], 1))
    p = np.hstack([c, ones]) @ h.T
    out: Corners = p[:, :2] / p[:, 2:3] + 0.5
    return out


def tilt(
    img: U8Image,
    corners: Corners,
    rng: np.random.Generator,
    *,
    rotate_deg: float,
    perspective: float,
    keep_frame: bool,
    fill: tuple[int, int, int],
) -> tuple[U8Image, Corners]:
    """Rotate about the centre by ``rotate_deg`` and move each image corner by up to
    ``perspective`` of the shorter side. ``keep_frame`` keeps the picture size (a photo,
    edges reflected); otherwise the canvas grows to hold the whole tilted picture and the
    uncovered area takes ``fill`` (RGB)."""
    if rotate_deg == 0 and perspective == 0:
        return img, corners
    h, w = img.shape[:2]
    src = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float64)
    cx, cy = (w - 1) / 2, (h - 1) / 2
    a = np.deg2rad(rotate_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    dst = (src - [cx, cy]) @ rot.T + [cx, cy]
    dst += rng.uniform(-1, 1, (4, 2)) * perspective * min(w, h)
    if keep_frame:
        # Zoom in so the tilted picture still covers the frame's middle.
        scale = 1.0 + abs(np.sin(a)) * 0.9 + perspective * 1.2
        dst = (dst - [cx, cy]) * scale + [cx, cy]
        out_w, out_h = w, h
    else:
        dst -= dst.min(axis=0)
        out_w, out_h = int(np.ceil(dst[:, 0].max())) + 1, int(np.ceil(dst[:, 1].max())) + 1
    hm = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    out = cv2.warpPerspective(
        img,
        hm,
        (out_w, out_h),
        flags=cv2.INTER_CUBIC,
        borderMode=cv2.BORDER_REFLECT_101 if keep_frame else cv2.BORDER_CONSTANT,
        borderValue=fill,
    )
    return np.asarray(out, dtype=np.uint8), _apply_h(np.asarray(hm, dtype=np.float64), corners)


def light(img: U8Image, rng: np.random.Generator, config: CameraConfig) -> U8Image:
    """Uneven lighting of a photo: a one-sided fall-off, a vignette and a colour cast."""
    h, w = img.shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    xn, yn = x / max(1, w - 1) - 0.5, y / max(1, h - 1) - 0.5
    ang = rng.uniform(0, 2 * np.pi)
    g = rng.uniform(*config.gradient)
    field = 1.0 - g * (0.5 + xn * np.cos(ang) + yn * np.sin(ang))
    v = rng.uniform(*config.vignette)
    field *= 1.0 - v * (xn**2 + yn**2) * 2
    gain = 1.0 + rng.uniform(-config.color_cast, config.color_cast, 3).astype(np.float32)
    out = img.astype(np.float32) * field[..., None] * gain[None, None, :]
    return np.asarray(np.clip(out, 0, 255), dtype=np.uint8)


def rescale(img: U8Image, corners: Corners, factor: float) -> tuple[U8Image, Corners]:
    """Resize by ``factor`` (area averaging when shrinking, as a screenshot scaler does)."""
    if abs(factor - 1.0) < 1e-6:
        return img, corners
    h, w = img.shape[:2]
    nw, nh = max(1, round(w * factor)), max(1, round(h * factor))
    interp = cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC
    out = np.asarray(cv2.resize(img, (nw, nh), interpolation=interp), dtype=np.uint8)
    sx, sy = nw / w, nh / h
    scaled: Corners = corners * np.array([sx, sy])
    return out, scaled


def pitch_of(corners: Corners, rows: int, cols: int) -> float:
    """Mean cell pitch of a lattice quad."""
    top = np.linalg.norm(corners[1] - corners[0])
    bottom = np.linalg.norm(corners[2] - corners[3])
    left = np.linalg.norm(corners[3] - corners[0])
    right = np.linalg.norm(corners[2] - corners[1])
    return float(((top + bottom) / (2 * cols) + (left + right) / (2 * rows)) / 2)


def blur(img: U8Image, sigma: float) -> U8Image:
    if sigma <= 0:
        return img
    return np.asarray(cv2.GaussianBlur(img, (0, 0), sigma), dtype=np.uint8)


def add_noise(img: U8Image, rng: np.random.Generator, sigma: float) -> U8Image:
    """Sensor-like noise: mostly luminance, a little colour."""
    if sigma <= 0:
        return img
    h, w = img.shape[:2]
    lum = rng.normal(0, sigma, (h, w, 1)).astype(np.float32)
    chroma = rng.normal(0, sigma * 0.35, (h, w, 3)).astype(np.float32)
    out = img.astype(np.float32) + lum + chroma
    return np.asarray(np.clip(out, 0, 255), dtype=np.uint8)


def encode(bgr: U8Image, jpeg_quality: int | None, config: CameraConfig) -> tuple[bytes, str]:
    """The file bytes and extension: JPEG at ``jpeg_quality`` or a lossless PNG."""
    if jpeg_quality is None:
        ok, buf = cv2.imencode(".png", bgr, [cv2.IMWRITE_PNG_COMPRESSION, config.png_compression])
        ext = ".png"
    else:
        ok, buf = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)])
        ext = ".jpg"
    if not ok:  # pragma: no cover - OpenCV only fails here on invalid arguments
        raise ValueError(f"OpenCV could not encode a {bgr.shape} image as {ext}")
    return buf.tobytes(), ext


def decode(data: bytes) -> U8Image:
    arr = np.frombuffer(data, np.uint8)
    out = cv2.imdecode(arr, cv2.IMREAD_COLOR)
    if out is None:  # pragma: no cover - only for bytes that encode() did not make
        raise ValueError("OpenCV could not decode the image bytes")
    return np.asarray(out, dtype=np.uint8)
