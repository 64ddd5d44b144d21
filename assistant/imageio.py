"""Stage 1: read an image file (or bytes) into a BGR ``uint8`` array.

Pillow reads only the header (format, size, EXIF orientation): ``Image.open`` is lazy and
decodes no pixels, so an image that is too large is refused before anything big is
allocated. The pixels are decoded once, by OpenCV (``cv2.imdecode``: libjpeg-turbo, libpng,
libwebp), which is the only large cost of this stage. The orientation is then applied with
a flip/transpose, alpha is composited onto white, 16-bit samples are scaled to 8 bits and
grayscale is expanded to three channels, so every later stage sees the same kind of array.

Truncated files are caught by checking the container before decoding (JPEG end-of-image
marker after the first scan, PNG ``IEND`` chunk, RIFF/BMP sizes), which is cheap and gives a
clear message instead of a half-grey picture.

JPEG and PNG headers (size, EXIF orientation) are read by walking their segments and chunks
here, without Pillow: importing Pillow and its format plugins costs ~20 ms, a fifth of a
one-shot read. Any header that walk cannot read is left to Pillow, whose errors we report.

The formats people have besides those -- HEIC/HEIF (iPhone photos, through pillow-heif),
TIFF, PNM (PBM/PGM/PPM) and GIF (the first frame) -- are decoded by Pillow after the same
header checks; Pillow's own decoders report a file that ends early ("truncated"), which is
the truncation check for them.
"""

from __future__ import annotations

import io
import re
import struct
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np
import numpy.typing as npt

from assistant.errors import ImageError

if TYPE_CHECKING:
    from PIL import Image as PILImage

Image = npt.NDArray[np.uint8]
"""A BGR (3-channel, ``uint8``) image, ``shape == (height, width, 3)``."""

FAST_FORMATS = ("PNG", "JPEG", "WEBP", "BMP")
"""Formats decoded by OpenCV (Pillow's names): the common screenshot and photo formats."""

PILLOW_FORMATS = ("HEIF", "TIFF", "PPM", "GIF")
"""Formats decoded by Pillow (PPM covers every PNM: .pbm, .pgm, .ppm, .pnm)."""

FORMATS = FAST_FORMATS + PILLOW_FORMATS
"""Formats read by :func:`decode_image` (Pillow's names)."""

SUPPORTED = "PNG, JPEG, WebP, BMP, HEIC/HEIF, TIFF, PNM (PBM/PGM/PPM) or GIF"
"""The supported formats as a user reads them (error messages, README)."""

_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1")

MAX_PIXELS = 50_000_000
"""Largest image accepted, in pixels (50 megapixels: above any phone screenshot or
desktop capture, and about 150 MB once decoded). Checked from the header, before decoding."""

_EXIF_ORIENTATION = 0x0112
_CONVERT_HINT = "save it as PNG or JPEG (e.g. re-export the screenshot) and try again"


@dataclass(frozen=True)
class _Header:
    format: str
    width: int
    height: int
    orientation: int  # EXIF orientation 1..8 (1 = as stored)


def load_image(path: str | Path) -> Image:
    """Read an image file into a BGR ``uint8`` array, upright (EXIF orientation applied).

    Raises :class:`ImageError` for a missing path, a directory, an empty or truncated file,
    a file in none of the :data:`FORMATS`, or an image above :data:`MAX_PIXELS`.
    """
    return decode_image(file_bytes(path), name=str(path))


def file_bytes(path: str | Path) -> bytes:
    """A file's bytes; :class:`ImageError` for a missing path, a directory or no access."""
    if str(path) == "":
        raise ImageError("no image file given (the path is empty)", hint="give an image's path")
    p = Path(path)
    if not p.exists():
        raise ImageError(f"no such image file: {p}", hint="check the path and spelling")
    if p.is_dir():
        raise ImageError(
            f"{p} is a directory, not an image file", hint="pass the path of one image file"
        )
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ImageError(
            f"cannot read {p}: {exc.strerror or exc}", hint="check the file's permissions"
        ) from exc
    return data


# A JPEG this much bigger than the reader needs is decoded at reduced size by libjpeg's own
# DCT scaling (``cv2.IMREAD_REDUCED_COLOR_2`` / ``_4``): a 1080x2400 phone screenshot
# decodes in ~4 ms at 540x1200 against ~12 ms at full size, and the reduced copy still has
# more pixels (>= 0.62 MP) than many screenshots the reader reads at full size.
REDUCE_2_PIXELS = 2_500_000
REDUCE_4_PIXELS = 10_000_000


def decode_for_reading(data: bytes, name: str = "<bytes>") -> tuple[Image, int]:
    """Like :func:`decode_image`, but a JPEG of at least :data:`REDUCE_2_PIXELS` is decoded
    at half size (a quarter from :data:`REDUCE_4_PIXELS`): returns the image and the factor
    (1, 2 or 4) from its coordinates to the full image's."""
    if data and _sniff(data) == "JPEG" and _container_complete("JPEG", data):
        header = _read_header(data, name)
        pixels = header.width * header.height
        if header.format == "JPEG" and pixels >= REDUCE_2_PIXELS:
            factor = 4 if pixels >= REDUCE_4_PIXELS else 2
            flag = cv2.IMREAD_REDUCED_COLOR_4 if factor == 4 else cv2.IMREAD_REDUCED_COLOR_2
            decoded = cv2.imdecode(
                np.frombuffer(data, dtype=np.uint8), flag | cv2.IMREAD_IGNORE_ORIENTATION
            )
            if decoded is not None:
                image = _to_bgr8(np.asarray(decoded))
                return _apply_orientation(image, header.orientation), factor
    return decode_image(data, name=name), 1


def decode_image(data: bytes, name: str = "<bytes>") -> Image:
    """Decode encoded image bytes (any of :data:`FORMATS`) into a BGR ``uint8`` array.

    ``name`` is only used in error messages. Alpha is composited onto white (what an image
    viewer shows), 16-bit samples are scaled to 8 bits, grayscale becomes BGR; of an
    animated GIF (or a HEIF/TIFF with several images) the first frame is read.
    """
    if not data:
        raise ImageError(f"{name} is empty (0 bytes)", hint="take the screenshot again")
    fmt = _sniff(data)
    if fmt is not None and not _container_complete(fmt, data):
        raise ImageError(
            f"{name} is truncated (the {fmt} data ends early)",
            hint="copy or download the file again",
        )
    if fmt == "WEBP" and (size := _webp_size(data)) is not None:
        # Pillow's WebP reader sets up libwebp's decoder, which allocates the whole canvas,
        # as soon as the file is opened: check the size before that.
        _check_size(*size, name)
    if fmt == "HEIF":
        _register_heif()
    header = _read_header(data, name)
    if header.format in PILLOW_FORMATS:
        image = _to_bgr8(_pillow_pixels(data, name, header.format))
        return _apply_orientation(image, header.orientation)
    buf = np.frombuffer(data, dtype=np.uint8)
    decoded = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED)
    if decoded is None:
        raise ImageError(
            f"{name} could not be decoded: the {header.format} data is corrupt",
            hint=_CONVERT_HINT,
        )
    image = _to_bgr8(np.asarray(decoded))
    return _apply_orientation(image, header.orientation)


def _read_header(data: bytes, name: str) -> _Header:
    """Format, size and EXIF orientation from the header only (no pixels are decoded)."""
    header = _fast_header(data)
    if header is not None:
        _check_size(header.width, header.height, name)
        return header
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Pillow warns above ~89 MP and raises above ~179 MP; our own limit is lower.
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(io.BytesIO(data)) as img:
                fmt = img.format or "?"
                width, height = img.size
                if fmt not in FORMATS:
                    raise ImageError(
                        f"{name} is a {fmt} image, which is not supported (supported: {SUPPORTED})",
                        hint=_CONVERT_HINT,
                    )
                _check_size(width, height, name)
                orientation = _orientation(img, fmt, data)
    except PILImage.DecompressionBombError as exc:
        # Pillow refuses before we see the size: say it in our words, from its numbers.
        pixels = re.search(r"\((\d+) pixels\)", str(exc))
        size = f" ({int(pixels.group(1)) / 1e6:.0f} megapixels)" if pixels else ""
        raise ImageError(
            f"{name} is too large to read safely{size}: the limit is "
            f"{MAX_PIXELS // 1_000_000} megapixels",
            hint="crop or scale the image down to under 50 megapixels",
        ) from exc
    except UnidentifiedImageError as exc:
        raise ImageError(
            f"{name} is not an image (or not a {SUPPORTED} file)",
            hint="pass a screenshot or photo file",
        ) from exc
    except (OSError, SyntaxError, ValueError, struct.error) as exc:
        raise ImageError(
            f"{name} has an unreadable image header ({_one_line(exc)})", hint=_CONVERT_HINT
        ) from exc
    return _Header(fmt, width, height, orientation)


def _fast_header(data: bytes) -> _Header | None:
    """The header of a JPEG (its frame header and APP1 EXIF segment) or a PNG (IHDR and an
    eXIf chunk) without Pillow; None for other formats and for anything unusual, which
    :func:`_read_header` then leaves to Pillow."""
    fmt = _sniff(data)
    if fmt == "PNG":
        if len(data) < 24 or data[12:16] != b"IHDR":
            return None
        width, height = struct.unpack(">II", data[16:24])
        return _Header("PNG", width, height, _png_orientation(data))
    if fmt != "JPEG":
        return None
    orientation, exif_seen = 1, False
    for marker, pos, length in _jpeg_segments(data):
        if marker == 0xE1 and data[pos + 4 : pos + 10] == b"Exif\x00\x00" and not exif_seen:
            orientation = _exif_orientation(data[pos + 10 : pos + 2 + length])
            exif_seen = True
        elif marker in _JPEG_FRAMES:  # start of frame: precision, height, width
            if pos + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
            return _Header("JPEG", width, height, orientation) if height > 0 else None
    return None  # a scan before any frame header, or the data ends


# Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are
# other segments.
_JPEG_FRAMES = frozenset(
    (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF)
)


def _exif_orientation(tiff: bytes) -> int:
    """The orientation tag of an EXIF block (a TIFF structure: byte order, then the first
    directory's 12-byte entries); 1 when absent, invalid or unreadable."""
    if tiff[:4] not in (b"II*\x00", b"MM\x00*") or len(tiff) < 8:
        return 1
    order = "<" if tiff[:2] == b"II" else ">"
    (ifd,) = struct.unpack(order + "I", tiff[4:8])
    if ifd + 2 > len(tiff):
        return 1
    (count,) = struct.unpack(order + "H", tiff[ifd : ifd + 2])
    for k in range(count):
        entry = tiff[ifd + 2 + 12 * k : ifd + 14 + 12 * k]
        if len(entry) < 12:
            return 1
        tag, kind = struct.unpack(order + "HH", entry[:4])
        if tag == _EXIF_ORIENTATION:
            if kind not in (3, 4):  # SHORT, LONG
                return 1
            (value,) = struct.unpack(
                order + ("H" if kind == 3 else "I"), entry[8 : 8 + 2 * (kind - 2)]
            )
            return value if 1 <= value <= 8 else 1
    return 1


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _register_heif() -> None:
    """Teach Pillow to open HEIC/HEIF (pillow-heif), once, only when such a file comes."""
    try:
        import pillow_heif
    except ImportError as exc:  # a core dependency, but say how to fix a broken install
        raise ImageError(
            "HEIC/HEIF images need the pillow-heif package, which is not installed",
            hint="pip install pillow-heif, or save the photo as JPEG",
        ) from exc
    pillow_heif.register_heif_opener()


def _pillow_pixels(data: bytes, name: str, fmt: str) -> npt.NDArray[Any]:
    """Decode the first frame with Pillow into a numpy array OpenCV-style (BGR/BGRA, or
    gray, 8 or 16 bits) for :func:`_to_bgr8`. The size was checked from the header."""
    from PIL import Image as PILImage

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(io.BytesIO(data)) as img:
                img.seek(0)  # the first frame of an animation
                img.load()
                return _pillow_array(img)
    except (OSError, SyntaxError, ValueError, EOFError, struct.error) as exc:
        text = _one_line(exc)
        if "truncated" in text or "end of file" in text.lower() or isinstance(exc, EOFError):
            raise ImageError(
                f"{name} is truncated (the {fmt} data ends early)",
                hint="copy or download the file again",
            ) from exc
        raise ImageError(
            f"{name} could not be decoded: the {fmt} data is corrupt ({text})",
            hint=_CONVERT_HINT,
        ) from exc


def _pillow_array(img: PILImage.Image) -> npt.NDArray[Any]:
    mode = img.mode
    if mode in ("I;16", "I;16L", "I;16B", "I;16N"):
        return np.asarray(img).astype(np.uint16)
    if mode in ("I", "F"):
        wide = np.asarray(img, dtype=np.float64)
        top = 255.0 if float(wide.max(initial=0.0)) <= 255.0 else 65535.0
        return np.clip(wide * (65535.0 / top), 0, 65535).astype(np.uint16)
    alpha = mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        mode == "P" and "transparency" in img.info
    )
    if mode in ("1", "L") and not alpha:
        return np.asarray(img.convert("L"), dtype=np.uint8)
    rgb = np.asarray(img.convert("RGBA" if alpha else "RGB"), dtype=np.uint8)
    return np.ascontiguousarray(rgb[:, :, [2, 1, 0, 3] if alpha else [2, 1, 0]])


def _check_size(width: int, height: int, name: str) -> None:
    if width <= 0 or height <= 0:
        raise ImageError(f"{name} has no pixels ({width}x{height})", hint=_CONVERT_HINT)
    if width * height > MAX_PIXELS:
        raise ImageError(
            f"{name} is too large to read safely ({width * height / 1e6:.0f} megapixels, "
            f"{width}x{height}): the limit is {MAX_PIXELS // 1_000_000} megapixels",
            hint="crop or scale the image down to under 50 megapixels",
        )


def _orientation(img: PILImage.Image, fmt: str, data: bytes) -> int:
    """The EXIF orientation tag (1 when absent or invalid), read without decoding pixels."""
    if fmt == "PNG":
        return _png_orientation(data)
    if fmt in ("BMP", "PPM", "GIF", "HEIF"):
        return 1  # no EXIF orientation (HEIF: pillow-heif already turned the pixels)
    value = img.getexif().get(_EXIF_ORIENTATION, 1)
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def _png_chunks(data: bytes) -> tuple[bool, bytes | None]:
    """Walk the PNG chunk list: (whether IEND is reached, the eXIf payload if any)."""
    pos, n, exif = 8, len(data), None
    while pos + 8 <= n:
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        ctype = data[pos + 4 : pos + 8]
        if ctype == b"IEND":
            return True, exif
        end = pos + 12 + length
        if end > n:
            break
        if ctype == b"eXIf":
            exif = data[pos + 8 : pos + 8 + length]
        pos = end
    return False, exif


def _png_orientation(data: bytes) -> int:
    """A PNG's EXIF orientation from its eXIf chunk (1 without one). Pillow's
    ``PngImageFile.getexif()`` decodes the whole image to look for the chunk after the
    pixel data; the chunk list is walked instead."""
    raw = _png_chunks(data)[1]
    return 1 if raw is None else _exif_orientation(raw)


def _jpeg_complete(data: bytes) -> bool:
    """Whether the JPEG has its end-of-image marker after the first scan.

    Segments before the first scan (including an EXIF thumbnail with its own markers) are
    skipped by their lengths; inside entropy-coded data a 0xFF byte is always followed by
    0x00 or a restart marker, so ``FF D9`` after the first scan is the real end of image.
    Data after that marker (e.g. a motion-photo video) is allowed.
    """
    for marker, pos, length in _jpeg_segments(data):
        if marker == 0xDA:  # start of scan
            # Searched from the end, where the marker is (a find from the scan read the
            # whole ~1 MB of a phone screenshot).
            return data.rfind(b"\xff\xd9", pos + 2 + length) != -1
    return False


def _jpeg_segments(data: bytes) -> Iterator[tuple[int, int, int]]:
    """(marker, position, length) of a JPEG's segments up to and including its first scan
    (start of scan, 0xDA); it stops early where the data is not a marker."""
    pos, n = 2, len(data)
    while pos + 4 <= n:
        if data[pos] != 0xFF:
            return
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:  # markers without a length
            pos += 2
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        yield marker, pos, length
        if marker == 0xDA:
            return
        pos += 2 + length


def _sniff(data: bytes) -> str | None:
    """The format by its magic bytes (Pillow's names), for the formats we read."""
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    if data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS:
        return "HEIF"
    if data.startswith((b"II*\x00", b"MM\x00*")):
        return "TIFF"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "GIF"
    if len(data) > 2 and data[0:1] == b"P" and data[1:2] in b"123456" and data[2:3].isspace():
        return "PPM"
    if data.startswith(b"BM") and len(data) >= 18:
        (dib_header_size,) = struct.unpack("<I", data[14:18])
        if dib_header_size in (12, 16, 40, 52, 56, 64, 108, 124):
            return "BMP"
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from the first chunk of a WebP file (VP8X, VP8L or VP8)."""
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        width = 1 + int.from_bytes(data[24:27], "little")
        height = 1 + int.from_bytes(data[27:30], "little")
        return width, height
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":
        width = int.from_bytes(data[26:28], "little") & 0x3FFF
        height = int.from_bytes(data[28:30], "little") & 0x3FFF
        return width, height
    return None


def _container_complete(fmt: str, data: bytes) -> bool:
    if fmt == "JPEG":
        return _jpeg_complete(data)
    if fmt == "PNG":
        return _png_chunks(data)[0]
    if fmt == "WEBP":
        riff_size = int(struct.unpack("<I", data[4:8])[0])
        return len(data) >= riff_size + 8
    if fmt == "BMP":
        file_size = int(struct.unpack("<I", data[2:6])[0])
        return file_size == 0 or len(data) >= file_size  # 0: size not recorded
    return True


def _to_bgr8(decoded: npt.NDArray[Any]) -> Image:
    """Any decoded array (gray/gray+alpha/BGR/BGRA, 8 or 16 bit) -> BGR uint8."""
    img: Image
    if decoded.dtype == np.uint16:
        img = np.asarray(cv2.convertScaleAbs(decoded, alpha=255.0 / 65535.0), dtype=np.uint8)
    elif decoded.dtype == np.uint8:
        img = decoded
    else:
        raise ImageError(f"unsupported sample type {decoded.dtype} in image", hint=_CONVERT_HINT)
    if img.ndim == 2:
        return np.asarray(cv2.cvtColor(img, cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    channels = img.shape[2]
    if channels == 3:
        return np.ascontiguousarray(img, dtype=np.uint8)
    if channels == 1:
        return np.asarray(cv2.cvtColor(img, cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    if channels == 2:  # gray + alpha
        color = cv2.cvtColor(np.ascontiguousarray(img[:, :, 0]), cv2.COLOR_GRAY2BGR)
        return _over_white(np.asarray(color, dtype=np.uint8), img[:, :, 1])
    if channels == 4:
        return _over_white(np.ascontiguousarray(img[:, :, :3]), img[:, :, 3])
    raise ImageError(f"unsupported image with {channels} channels", hint=_CONVERT_HINT)


def _over_white(bgr: Image, alpha: npt.NDArray[np.uint8]) -> Image:
    """Composite onto white, as a viewer shows a transparent image.

    Simply dropping alpha would expose whatever colour the transparent pixels happen to
    store (often black), which can hide dark letters drawn on a transparent background.
    Fully opaque images (most RGBA screenshots) take the fast path and are not touched.
    """
    if int(alpha.min()) == 255:
        return bgr
    a = alpha.astype(np.uint16)[:, :, None]
    out = (bgr.astype(np.uint16) * a + 255 * (255 - a) + 127) // 255
    return out.astype(np.uint8)


def _apply_orientation(image: Image, orientation: int) -> Image:
    """Turn stored pixels upright per EXIF orientation (same result as Pillow's
    ``ImageOps.exif_transpose``)."""
    if orientation == 2:
        out = cv2.flip(image, 1)
    elif orientation == 3:
        out = cv2.rotate(image, cv2.ROTATE_180)
    elif orientation == 4:
        out = cv2.flip(image, 0)
    elif orientation == 5:
        out = cv2.transpose(image)
    elif orientation == 6:
        out = cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
    elif orientation == 7:
        out = cv2.flip(cv2.transpose(image), -1)
    elif orientation == 8:
        out = cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
    else:
        return image
    return np.asarray(out, dtype=np.uint8)
