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
from assistant.imageio import (
    MAX_PIXELS,
    _fast_header,
    _webp_size,
    decode_image,
    load_image,
)

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
    PILImage.fromarray(_pattern()).save(buf, "ICO")
    msg = str(_error(buf.getvalue()))
    assert "ICO" in msg and "not supported" in msg and "HEIC" in msg


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


def _pillow_header(data: bytes) -> tuple[str, int, int, int]:
    """What Pillow says: format, size, and the EXIF orientation (1 when absent or invalid)."""
    with PILImage.open(io.BytesIO(data)) as img:
        value = img.getexif().get(0x0112, 1)
        orientation = value if isinstance(value, int) and 1 <= value <= 8 else 1
        return img.format or "?", img.size[0], img.size[1], orientation


def test_fast_header_agrees_with_pillow_on_every_fixture() -> None:
    # JPEG and PNG headers are read without Pillow (its import is a fifth of a one-shot
    # read): every real and synthetic fixture and shared real board must give the same
    # format, size and orientation as Pillow does.
    roots = [REAL.parent, REAL.parent.parent.parent / "shared" / "realboards"]
    paths = [
        p
        for root in roots
        for p in root.rglob("*")
        if p.suffix.lower() in (".jpg", ".jpeg", ".png")
    ]
    assert len(paths) > 40
    for p in paths:
        data = p.read_bytes()
        header = _fast_header(data)
        assert header is not None, p
        fmt, width, height, orientation = _pillow_header(data)
        assert (header.format, header.width, header.height, header.orientation) == (
            "JPEG" if fmt == "MPO" else fmt,
            width,
            height,
            orientation,
        ), p


@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
@pytest.mark.parametrize("big_endian", [False, True])
@pytest.mark.parametrize("orientation", [1, 3, 6, 8, 0, 9])
def test_fast_header_reads_orientation_like_pillow(
    fmt: str, big_endian: bool, orientation: int
) -> None:
    exif = PILImage.Exif()
    exif[0x0110] = "phone"  # another tag first: the walk must skip entries
    exif[0x0112] = orientation
    exif.endian = ">" if big_endian else "<"
    buf = io.BytesIO()
    rgb = np.ascontiguousarray(_pattern(37, 53)[:, :, ::-1])
    PILImage.fromarray(rgb).save(buf, fmt, exif=exif.tobytes())
    data = buf.getvalue()
    header = _fast_header(data)
    assert header is not None
    assert (header.format, header.width, header.height, header.orientation) == _pillow_header(data)
    assert header.orientation == (orientation if 1 <= orientation <= 8 else 1)


def test_fast_header_leaves_odd_files_to_pillow() -> None:
    jpeg = cv2.imencode(".jpg", _pattern())[1].tobytes()
    assert _fast_header(jpeg[:2] + b"\x00\x00" + jpeg[4:]) is None  # not a marker
    assert _fast_header(jpeg[:20]) is None  # ends before the frame header
    assert _fast_header(b"GIF89a" + b"\x00" * 20) is None  # not JPEG or PNG


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


# -- more formats: HEIC/HEIF, TIFF, PNM, GIF (decoded by Pillow) -----------------------------


def _pillow_bytes(img: np.ndarray, fmt: str, **params: object) -> bytes:
    if fmt == "HEIF":
        import pillow_heif

        pillow_heif.register_heif_opener()
    buf = io.BytesIO()
    rgb = PILImage.fromarray(np.ascontiguousarray(img[:, :, ::-1]))
    rgb.save(buf, format=fmt, **params)
    return buf.getvalue()


@pytest.mark.parametrize(
    ("ext", "fmt"),
    [(".tif", "TIFF"), (".tiff", "TIFF"), (".pnm", "PPM"), (".ppm", "PPM"), (".gif", "GIF")],
)
def test_lossless_pillow_formats_round_trip(tmp_path: Path, ext: str, fmt: str) -> None:
    img = _pattern()
    p = tmp_path / f"board{ext}"
    p.write_bytes(_pillow_bytes(img, fmt))
    np.testing.assert_array_equal(load_image(p), img)


def test_heic_photo_is_read(tmp_path: Path) -> None:
    img = _pattern(64, 96)
    p = tmp_path / "IMG_0001.HEIC"
    p.write_bytes(_pillow_bytes(img, "HEIF", quality=95))
    out = load_image(p)
    assert out.shape == (64, 96, 3)
    # Lossy, but every quadrant keeps its colour.
    for y, x in ((10, 10), (10, 80), (50, 10), (50, 80)):
        assert np.abs(out[y, x].astype(int) - img[y, x].astype(int)).max() < 40


def test_heic_real_board_reads_like_the_png(tmp_path: Path) -> None:
    from assistant.read import read_image

    board = cv2.imread(str(REAL / "wordament" / "blackmonk13_grid_regular_grid_small.jpg"))
    p = tmp_path / "board.heic"
    p.write_bytes(_pillow_bytes(board, "HEIF", quality=90))
    reading = read_image(p)
    assert reading.tiles == read_image(board).tiles


def test_gif_first_frame_of_an_animation(tmp_path: Path) -> None:
    first, second = _pattern(), 255 - _pattern()
    frames = [PILImage.fromarray(np.ascontiguousarray(f[:, :, ::-1])) for f in (first, second)]
    p = tmp_path / "anim.gif"
    frames[0].save(p, save_all=True, append_images=frames[1:], duration=100, loop=0)
    np.testing.assert_array_equal(load_image(p), first)


def test_pbm_and_pgm_become_bgr(tmp_path: Path) -> None:
    gray = np.zeros((20, 30), np.uint8)
    gray[:, 15:] = 255
    (tmp_path / "a.pbm").write_bytes(b"P4\n30 20\n" + np.packbits(gray == 0, axis=1).tobytes())
    (tmp_path / "a.pgm").write_bytes(b"P5\n30 20\n255\n" + gray.tobytes())
    for name in ("a.pbm", "a.pgm"):
        out = load_image(tmp_path / name)
        assert out.shape == (20, 30, 3)
        np.testing.assert_array_equal(out[:, :, 0], gray)


def test_sixteen_bit_tiff_and_pgm_scaled_to_eight(tmp_path: Path) -> None:
    ramp = (np.arange(64, dtype=np.uint16).reshape(8, 8) * 1000).astype(np.uint16)
    (tmp_path / "a.pgm").write_bytes(b"P5\n8 8\n65535\n" + ramp.astype(">u2").tobytes())
    ok = cv2.imwrite(str(tmp_path / "a.tif"), ramp)
    assert ok
    for name in ("a.pgm", "a.tif"):
        out = load_image(tmp_path / name)
        np.testing.assert_allclose(out[:, :, 0], ramp / 257.0, atol=1.0)


def test_transparent_gif_on_white(tmp_path: Path) -> None:
    pal = PILImage.new("P", (10, 10), 1)
    pal.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    pal.paste(0, (0, 0, 5, 10))
    p = tmp_path / "t.gif"
    pal.save(p, transparency=0)
    out = load_image(p)
    assert tuple(out[5, 2]) == (255, 255, 255)  # transparent: white
    assert tuple(out[5, 8]) == (0, 0, 255)  # red (BGR)


@pytest.mark.parametrize("fmt", ["TIFF", "PPM", "GIF", "HEIF"])
def test_truncated_pillow_formats(fmt: str) -> None:
    rng = np.random.default_rng(1)
    data = _pillow_bytes(rng.integers(0, 255, (120, 160, 3)).astype(np.uint8), fmt)
    for cut in (len(data) // 2, len(data) - 3):
        msg = str(_error(data[:cut]))
        assert "truncated" in msg or "unreadable image header" in msg, msg


def _gif_claiming(width: int, height: int) -> bytes:
    data = bytearray(_pillow_bytes(_pattern(), "GIF"))
    data[6:10] = struct.pack("<HH", width, height)  # the logical screen size
    return bytes(data)


@pytest.mark.parametrize(
    "data",
    [b"P6\n100000 100000\n255\n" + b"\x00" * 64, _gif_claiming(60_000, 60_000)],
    ids=["pnm", "gif"],
)
def test_pillow_formats_claiming_huge_size_are_refused_fast(data: bytes) -> None:
    start = time.perf_counter()
    err = _error(data)
    assert time.perf_counter() - start < 0.5
    assert "megapixel" in str(err)


def test_huge_tiff_is_refused_from_its_header() -> None:
    data = bytearray(_pillow_bytes(_pattern(), "TIFF"))
    # Patch ImageWidth/ImageLength (tags 256/257) to 8000 in the first IFD: 64 megapixels,
    # over our limit and under Pillow's own.
    (ifd,) = struct.unpack("<I", data[4:8])
    (count,) = struct.unpack("<H", data[ifd : ifd + 2])
    for k in range(count):
        entry = ifd + 2 + 12 * k
        tag, typ = struct.unpack("<HH", data[entry : entry + 4])
        if tag in (256, 257):
            fmtc = "<H" if typ == 3 else "<I"
            data[entry + 8 : entry + 8 + struct.calcsize(fmtc)] = struct.pack(fmtc, 8_000)
    assert "8000x8000" in str(_error(bytes(data)))


@pytest.mark.parametrize("ext", [".pnm", ".heic", ".tiff", ".gif"])
def test_cli_reads_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ext: str
) -> None:
    """`read board.pnm` is an image, not a text file (a real user's `.pnm` was refused)."""
    import json

    from assistant.cli import main

    board = cv2.imread(str(REAL / "wordament" / "blackmonk13_grid_regular_grid_small.jpg"))
    fmt = {".pnm": "PPM", ".heic": "HEIF", ".tiff": "TIFF", ".gif": "GIF"}[ext]
    p = tmp_path / f"board{ext}"
    p.write_bytes(_pillow_bytes(board, fmt, **({"quality": 90} if fmt == "HEIF" else {})))
    assert main(["read", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["rows"], out["cols"]) == (4, 4)
    assert out["tiles"][0] == ["E", "S", "F", "E"]
