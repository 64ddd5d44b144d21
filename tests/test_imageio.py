"""Stage 1: reading images (assistant.imageio)."""

from __future__ import annotations

import io
import struct
import time
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image as PILImage
from PIL import ImageOps

from assistant.errors import ExitCode, ImageError
from assistant.imageio import MAX_PIXELS, _webp_size, decode_image, load_image

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real"
PHONE_JPEG = REAL / "wordament" / "blackmonk13_mobile_regular.jpg"


def _pattern(h: int = 60, w: int = 100) -> np.ndarray:
    """A BGR image whose every quadrant has a different flat colour (survives JPEG)."""
    img = np.zeros((h, w, 3), np.uint8)
    img[: h // 2, : w // 2] = (0, 0, 255)  # red top-left
    img[: h // 2, w // 2 :] = (0, 255, 0)  # green top-right
    img[h // 2 :, : w // 2] = (255, 0, 0)  # blue bottom-left
    img[h // 2 :, w // 2 :] = (255, 255, 255)  # white bottom-right
    return img


def _png_chunk(ctype: bytes, payload: bytes) -> bytes:
    crc = zlib.crc32(ctype + payload) & 0xFFFFFFFF
    return struct.pack(">I", len(payload)) + ctype + payload + struct.pack(">I", crc)


def _png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose IHDR claims ``width`` x ``height`` (8-bit RGB)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 16)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", ihdr)
        + _png_chunk(b"IDAT", idat)
        + _png_chunk(b"IEND", b"")
    )


def _error(path_or_bytes: Path | bytes) -> ImageError:
    with pytest.raises(ImageError) as info:
        if isinstance(path_or_bytes, Path):
            load_image(path_or_bytes)
        else:
            decode_image(path_or_bytes)
    err = info.value
    text = str(err)
    assert "\n" not in text, "error messages are one line"
    assert err.hint, "every image error carries a fix-it hint"
    assert err.exit_code == ExitCode.BAD_IMAGE
    return err


# -- errors ---------------------------------------------------------------------------------


def test_missing_path(tmp_path: Path) -> None:
    err = _error(tmp_path / "nope.png")
    assert "no such image file" in str(err)
    assert "nope.png" in str(err)


def test_directory(tmp_path: Path) -> None:
    assert "is a directory" in str(_error(tmp_path))


def test_empty_file(tmp_path: Path) -> None:
    p = tmp_path / "empty.png"
    p.write_bytes(b"")
    assert "empty (0 bytes)" in str(_error(p))


def test_text_file(tmp_path: Path) -> None:
    p = tmp_path / "board.png"
    p.write_text("E S F E\nL A B D\n")
    assert "is not an image" in str(_error(p))


def test_truncated_jpeg(tmp_path: Path) -> None:
    data = PHONE_JPEG.read_bytes()
    for cut in (len(data) // 2, len(data) - 10, 700):
        p = tmp_path / "cut.jpg"
        p.write_bytes(data[:cut])
        msg = str(_error(p))
        assert "truncated" in msg or "unreadable image header" in msg, msg


def test_truncated_png_webp_bmp(tmp_path: Path) -> None:
    img = _pattern(200, 300)
    for ext in (".png", ".webp", ".bmp"):
        ok, enc = cv2.imencode(ext, img)
        assert ok
        data = enc.tobytes()
        assert "truncated" in str(_error(data[: len(data) * 2 // 3])), ext


def test_trailing_data_after_jpeg_is_fine() -> None:
    # Motion photos append a video after the JPEG end-of-image marker.
    data = PHONE_JPEG.read_bytes() + b"\x00\x00\x00\x18ftypmp42" + b"\x01" * 1000
    assert decode_image(data).shape == (2400, 1080, 3)


def test_header_claiming_huge_size_is_refused_fast() -> None:
    data = _png_claiming(100_000, 100_000)
    start = time.perf_counter()
    err = _error(data)
    assert time.perf_counter() - start < 0.5
    assert "too large" in str(err) or "megapixel" in str(err)


def test_webp_header_claiming_huge_size_is_refused_fast() -> None:
    # VP8X chunk: flags, reserved, then canvas width-1 and height-1 (24 bits each).
    vp8x = b"\x00" * 4 + (20_000 - 1).to_bytes(3, "little") + (20_000 - 1).to_bytes(3, "little")
    body = b"WEBP" + b"VP8X" + len(vp8x).to_bytes(4, "little") + vp8x
    data = b"RIFF" + len(body).to_bytes(4, "little") + body
    start = time.perf_counter()
    err = _error(data)
    assert time.perf_counter() - start < 0.5
    assert "20000x20000" in str(err)


@pytest.mark.parametrize("lossless", [True, False])
def test_webp_size_is_read_from_the_header(tmp_path: Path, lossless: bool) -> None:
    img = _pattern(37, 53)
    quality = 101 if lossless else 80
    ok, enc = cv2.imencode(".webp", img, [cv2.IMWRITE_WEBP_QUALITY, quality])
    assert ok
    assert decode_image(enc.tobytes()).shape == (37, 53, 3)
    assert _webp_size(enc.tobytes()) == (53, 37)


def test_over_pixel_limit_names_size() -> None:
    width = 10_000
    height = MAX_PIXELS // width + 1
    err = _error(_png_claiming(width, height))
    assert f"{width}x{height}" in str(err)
    assert "50 megapixel" in str(err)


def test_unsupported_format_is_named() -> None:
    buf = io.BytesIO()
    PILImage.fromarray(_pattern()).save(buf, "GIF")
    msg = str(_error(buf.getvalue()))
    assert "GIF" in msg and "not supported" in msg


def test_corrupt_pixels_after_valid_header() -> None:
    _ok, enc = cv2.imencode(".png", _pattern())
    data = bytearray(enc.tobytes())
    # Keep signature + IHDR; scramble the compressed pixel data (chunk lengths stay valid).
    idat = data.index(b"IDAT")
    for i in range(idat + 4, idat + 24):
        data[i] ^= 0x5A
    assert "could not be decoded" in str(_error(bytes(data)))


# -- formats and conversions ----------------------------------------------------------------


@pytest.mark.parametrize("ext", [".png", ".webp", ".bmp"])
def test_lossless_formats_round_trip(tmp_path: Path, ext: str) -> None:
    img = _pattern()
    p = tmp_path / f"img{ext}"
    params = [cv2.IMWRITE_WEBP_QUALITY, 101] if ext == ".webp" else []  # 101 = lossless
    assert cv2.imwrite(str(p), img, params)
    out = load_image(p)
    assert out.dtype == np.uint8 and out.shape == (60, 100, 3)
    np.testing.assert_array_equal(out, img)


def test_jpeg_phone_screenshot() -> None:
    out = load_image(str(PHONE_JPEG))  # str paths work too
    assert out.shape == (2400, 1080, 3) and out.dtype == np.uint8
    assert out.flags.c_contiguous


def test_sixteen_bit_png_scaled_to_eight(tmp_path: Path) -> None:
    img16 = np.zeros((4, 6, 3), np.uint16)
    img16[:, :, 0] = 65535
    img16[:, :, 1] = 32896  # 128 * 257
    img16[:, :, 2] = 257
    p = tmp_path / "deep.png"
    assert cv2.imwrite(str(p), img16)
    out = load_image(p)
    assert out.dtype == np.uint8
    assert out[0, 0].tolist() == [255, 128, 1]


def test_grayscale_becomes_bgr(tmp_path: Path) -> None:
    gray = np.tile(np.arange(0, 250, 10, dtype=np.uint8), (5, 1))
    p = tmp_path / "gray.png"
    assert cv2.imwrite(str(p), gray)
    out = load_image(p)
    assert out.shape == (5, 25, 3)
    for ch in range(3):
        np.testing.assert_array_equal(out[:, :, ch], gray)


def test_rgba_is_composited_on_white(tmp_path: Path) -> None:
    bgra = np.zeros((10, 10, 4), np.uint8)  # transparent black ...
    bgra[2:8, 2:8] = (40, 30, 20, 255)  # ... around an opaque dark square
    bgra[0, 0] = (0, 0, 0, 128)  # half-transparent black
    p = tmp_path / "rgba.png"
    assert cv2.imwrite(str(p), bgra)
    out = load_image(p)
    assert out.shape == (10, 10, 3)
    assert out[5, 5].tolist() == [40, 30, 20]  # opaque pixels untouched
    assert out[9, 9].tolist() == [255, 255, 255]  # transparent -> white, not black
    assert out[0, 0].tolist() == [127, 127, 127]


def test_opaque_rgba_keeps_colours(tmp_path: Path) -> None:
    bgr = _pattern()
    bgra = np.dstack([bgr, np.full(bgr.shape[:2], 255, np.uint8)])
    p = tmp_path / "opaque.png"
    assert cv2.imwrite(str(p), bgra)
    np.testing.assert_array_equal(load_image(p), bgr)


@pytest.mark.parametrize("fmt", ["JPEG", "WEBP", "PNG"])
@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientation_applied(tmp_path: Path, fmt: str, orientation: int) -> None:
    rgb = _pattern()[:, :, ::-1]
    exif = PILImage.Exif()
    exif[0x0112] = orientation
    p = tmp_path / f"o{orientation}.{fmt.lower()}"
    extra = {"quality": 95} if fmt != "PNG" else {}
    PILImage.fromarray(np.ascontiguousarray(rgb)).save(p, fmt, exif=exif.tobytes(), **extra)
    with PILImage.open(p) as stored:
        expected = np.asarray(ImageOps.exif_transpose(stored).convert("RGB"))[:, :, ::-1]
    out = load_image(p)
    assert out.shape == expected.shape
    # Same decoder library underneath; allow for rounding in JPEG/WebP colour conversion.
    assert np.abs(out.astype(int) - expected.astype(int)).mean() < 2.0


def test_exif_rotate_90_puts_corners_where_a_viewer_shows_them(tmp_path: Path) -> None:
    rgb = np.ascontiguousarray(_pattern()[:, :, ::-1])
    exif = PILImage.Exif()
    exif[0x0112] = 6  # stored sideways: display rotated 90 degrees clockwise
    p = tmp_path / "phone.jpg"
    PILImage.fromarray(rgb).save(p, "JPEG", exif=exif.tobytes(), quality=95)
    out = load_image(p)
    assert out.shape == (100, 60, 3)
    # After a clockwise turn the stored bottom-left (blue) is at the top-left.
    b, g, r = out[5, 5].tolist()
    assert b > 200 and g < 60 and r < 60
    # ... and the stored top-left (red) is at the top-right.
    b, g, r = out[5, 55].tolist()
    assert r > 200 and g < 60 and b < 60
