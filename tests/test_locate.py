"""Stage 2: finding the letter grid (assistant.locate).

Expected answers come from two independent sources:

- ``labels.json`` (rows x cols of each real fixture), and
- the outer lattice corners below, measured by hand on each image: for the screenshots,
  from the runs of tile-coloured pixels along a line through the first/last tile row and
  column (tile faces; their 3D bottom edge is left out, so the truth sits up to ~2.5% of a
  pitch higher than the tile's full extent), corners = outer tile centres -/+ half a pitch;
  for the two photos, from the die outlines read against a 10/50-pixel coordinate grid
  drawn over the image (dice wobble in their cells, so those are good to ~10% of a pitch).

Transformed copies of the fixtures carry their corners through the same transform.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from assistant.errors import BoardNotFoundError, ExitCode, UnsureShapeError
from assistant.imageio import Image, load_image
from assistant.locate import LocateConfig, LocatedBoard, locate_board

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real"
LABELS = {e["file"]: e for e in json.loads((REAL / "labels.json").read_text())}
FILES = sorted(LABELS)
Corners = npt.NDArray[np.float64]


def _rect(x0: float, x1: float, y0: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


# Hand-measured outer lattice corners (TL, TR, BR, BL) in source pixels.
_PHONE = _rect(22.7, 1069.3, 499.2, 1545.8)  # all "Puzzles" screenshots share the layout
HAND: dict[str, list[tuple[float, float]]] = {
    "wordament/blackmonk13_mobile_2_letter_online.jpg": _rect(17.2, 1063.8, 500.1, 1547.4),
    "wordament/blackmonk13_desktop_full_2_letter.png": _rect(785.3, 1098.7, 263.8, 577.2),
    "wordament/blackmonk13_grid_2_letter_desktop_grid.png": _rect(-3.7, 309.7, -3.2, 310.2),
    "wordament/blackmonk13_grid_2_letter_grid.jpg": _rect(1.2, 1047.8, -2.5, 1045.5),
    "wordament/blackmonk13_grid_2_letter_or_grid.jpg": _rect(0.1, 1047.4, -3.0, 1045.0),
    "wordament/blackmonk13_grid_2_letter_prefix_grid.jpg": _rect(4.2, 1050.8, -1.3, 1045.3),
    "wordament/blackmonk13_grid_2_letter_suffix_grid.jpg": _rect(3.2, 1049.8, -2.3, 1044.3),
    "wordament/blackmonk13_grid_3_letter_prefix_grid.jpg": _rect(0.1, 1047.4, -3.0, 1045.0),
    "wordament/blackmonk13_grid_regular_grid.jpg": _rect(5.6, 1052.9, -5.4, 1041.9),
    "wordament/blackmonk13_grid_regular_grid_small.jpg": _rect(2.5, 478.5, -2.5, 473.5),
    "boggle_physical/StevieG47_example.jpg": [(313, 626), (1213, 627), (1220, 1539), (310, 1546)],
    "boggle_physical/UO-CIS211_sample-board.jpeg": [(30, 15), (227, 15), (234, 212), (25, 212)],
    # Word Hunt crops: wood faces 175 px wide every 204 px (gap 29-30), measured on the
    # faces' colour runs; corners = outer face edges -/+ half the gap.
    "wordhunt/JosephYoon13_WordHuntBot_boardpic.png": _rect(91.0, 908.0, 90.0, 908.0),
    "wordhunt/JosephYoon13_WordHuntBot_boardpic_a0f6dedd.png": _rect(91.0, 908.0, 90.0, 908.0),
    "wordhunt/JosephYoon13_WordHuntBot_boardpic_70187565.png": _rect(96.0, 913.0, 91.0, 907.0),
}

PHONE = "wordament/blackmonk13_mobile_regular.jpg"
ONLINE = "wordament/blackmonk13_mobile_2_letter_online.jpg"
DESKTOP = "wordament/blackmonk13_desktop_full_2_letter.png"
DESKTOP_GRID = "wordament/blackmonk13_grid_2_letter_desktop_grid.png"
SMALL_CROP = "wordament/blackmonk13_grid_regular_grid_small.jpg"
STEVIE = "boggle_physical/StevieG47_example.jpg"
UO = "boggle_physical/UO-CIS211_sample-board.jpeg"


def _is_photo(name: str) -> bool:
    return name.startswith("boggle_physical/")


@cache
def _image(name: str) -> Image:
    image = load_image(REAL / name)
    image.setflags(write=False)  # shared between tests
    return image


def _f32(values: npt.ArrayLike) -> npt.NDArray[np.float32]:
    return np.asarray(values, dtype=np.float32)


def _hand(name: str) -> Corners:
    return np.array(HAND.get(name, _PHONE), dtype=np.float64)


# -- measuring a result ---------------------------------------------------------------------


def _project(hmat: npt.NDArray[np.float64], pts: npt.ArrayLike) -> Corners:
    arr = np.asarray(pts, dtype=np.float64).reshape(-1, 1, 2)
    return np.asarray(cv2.perspectiveTransform(arr, hmat).reshape(-1, 2), dtype=np.float64)


def _lattice_from_corners(corners: Corners, rows: int, cols: int) -> npt.NDArray[np.float64]:
    """Homography taking lattice units (col, row; cell corners at integers) to pixels."""
    unit = _f32([[0, 0], [cols, 0], [cols, rows], [0, rows]])
    return np.asarray(cv2.getPerspectiveTransform(unit, _f32(corners)), dtype=np.float64)


def _centre_error(lb: LocatedBoard, corners: Corners) -> float:
    """Largest distance between a found cell centre and the expected one, in pitches."""
    hmat = _lattice_from_corners(corners, lb.rows, lb.cols)
    grid = np.array([[c + 0.5, r + 0.5] for r in range(lb.rows) for c in range(lb.cols)])
    expected = _project(hmat, grid)
    pitch = np.hypot(*(_project(hmat, grid + np.array([1.0, 0.0])) - expected).T)
    p = lb.cell_px
    found = np.array(
        [lb.to_source((c + 0.5) * p, (r + 0.5) * p) for r in range(lb.rows) for c in range(lb.cols)]
    )
    return float(np.max(np.hypot(*(found - expected).T) / pitch))


def _corner_error(lb: LocatedBoard, corners: Corners) -> float:
    pitch = float(np.hypot(*(corners[1] - corners[0]))) / lb.cols
    return float(np.max(np.hypot(*(np.array(lb.corners) - corners).T)) / pitch)


def _tile_offsets(lb: LocatedBoard) -> npt.NDArray[np.float64]:
    """Per cell, how far the tile's middle is from the cell's middle (x, y; in cells).

    The tile is the Otsu class of the cell that holds the cell's median grey; its extent
    is the longest run of columns (rows) where it covers at least a quarter of the cell's
    height (width). A column through a letter keeps more than that (letters are at most
    ~60% of a cell high), so letters do not break the run; a gap inside the cell (a
    misplaced grid) does.
    """
    gray = cv2.cvtColor(lb.board, cv2.COLOR_BGR2GRAY)
    p = lb.cell_px
    out = []
    for r in range(lb.rows):
        for c in range(lb.cols):
            cell = gray[r * p : (r + 1) * p, c * p : (c + 1) * p]
            t, _ = cv2.threshold(cell, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
            tile = (cell > t) if np.median(cell) > t else (cell <= t)
            offsets = []
            for profile in (tile.mean(axis=0), tile.mean(axis=1)):
                lo, hi = _longest_run(profile >= 0.25)
                offsets.append(((lo + hi) / 2 - (p - 1) / 2) / p)
            out.append(offsets)
    return np.array(out)


def _longest_run(on: npt.NDArray[np.bool_]) -> tuple[int, int]:
    best, start = (0, -1), None
    for i, v in enumerate([*on.tolist(), False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            if i - 1 - start > best[1] - best[0]:
                best = (start, i - 1)
            start = None
    return best


# -- the real fixtures ----------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_real_fixture_is_found_where_measured(name: str) -> None:
    lb = locate_board(_image(name))
    label = LABELS[name]
    assert (lb.rows, lb.cols) == (label["rows"], label["cols"]) == (4, 4)
    photo = _is_photo(name)
    assert _centre_error(lb, _hand(name)) < (0.12 if photo else 0.05)
    assert _corner_error(lb, _hand(name)) < (0.15 if photo else 0.06)


@pytest.mark.parametrize("name", FILES)
def test_real_fixture_cells_are_centred_on_tiles(name: str) -> None:
    lb = locate_board(_image(name))
    assert lb.board.shape == (4 * lb.cell_px, 4 * lb.cell_px, 3)
    offsets = _tile_offsets(lb)
    # Dice wobble in their tray cells; screen tiles sit on an exact lattice.
    assert np.abs(offsets).max() < (0.09 if _is_photo(name) else 0.04)
    assert lb.missing == ()
    assert 0.6 < lb.score <= 1.0
    assert 0.8 < lb.tile_ratio <= 1.0


def test_centring_check_catches_a_shifted_grid() -> None:
    """The check above can fail: move a good grid by 15% of a cell and it says so."""
    good = locate_board(_image(SMALL_CROP))
    shift = np.array([[1.0, 0.0, 0.15 * good.cell_px], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    hmat = good.homography @ shift
    board = cv2.warpPerspective(
        _image(SMALL_CROP),
        hmat,
        good.board.shape[1::-1],
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    moved = LocatedBoard(4, 4, good.corners, np.asarray(board, np.uint8), good.cell_px, hmat)
    assert np.median(np.abs(_tile_offsets(moved)[:, 0])) > 0.06


def test_located_board_geometry_is_consistent() -> None:
    lb = locate_board(_image(DESKTOP))
    p = lb.cell_px
    assert lb.cell(3, 2).shape == (p, p, 3)
    np.testing.assert_array_equal(lb.cell(1, 2), lb.board[p : 2 * p, 2 * p : 3 * p])
    # The corners are the board image's corners taken back to the source.
    w, h = lb.board.shape[1], lb.board.shape[0]
    for corner, (x, y) in zip(lb.corners, [(0, 0), (w, 0), (w, h), (0, h)], strict=True):
        np.testing.assert_allclose(lb.to_source(x - 0.5, y - 0.5), corner, atol=0.5)
    np.testing.assert_allclose(lb.cell_quad(0, 0)[0], lb.corners[0], atol=0.5)
    np.testing.assert_allclose(lb.cell_quad(3, 3)[2], lb.corners[2], atol=0.5)
    # Rectified pixels are the source pixels the homography points at.
    src = _image(DESKTOP)
    x, y = lb.to_source(2.5 * p, 1.5 * p)
    diff = lb.board[int(1.5 * p), int(2.5 * p)].astype(int) - src[round(y), round(x)].astype(int)
    assert np.abs(diff).max() < 40


def test_cell_size_is_configurable() -> None:
    lb = locate_board(_image(SMALL_CROP), config=LocateConfig(cell_px=64))
    assert lb.board.shape == (256, 256, 3) and lb.cell(0, 0).shape == (64, 64, 3)


# -- transformed fixtures -------------------------------------------------------------------


def _apply(m: npt.NDArray[np.float64], corners: Corners) -> Corners:
    return _project(m, corners)


def _pad(image: Image, corners: Corners, frac: float = 0.08) -> tuple[Image, Corners]:
    m = int(frac * max(image.shape[:2]))
    out = cv2.copyMakeBorder(image, m, m, m, m, cv2.BORDER_CONSTANT, value=(60, 60, 60))
    return np.asarray(out, np.uint8), corners + m


def _rotate(image: Image, corners: Corners, degrees: float) -> tuple[Image, Corners]:
    image, corners = _pad(image, corners)
    h, w = image.shape[:2]
    a = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    cos, sin = abs(a[0, 0]), abs(a[0, 1])
    nw, nh = int(h * sin + w * cos), int(h * cos + w * sin)
    a[0, 2] += nw / 2 - w / 2
    a[1, 2] += nh / 2 - h / 2
    out = cv2.warpAffine(image, a, (nw, nh), borderValue=(60, 60, 60))
    return np.asarray(out, np.uint8), _apply(np.vstack([a, [0, 0, 1]]), corners)


def _perspective(image: Image, corners: Corners, k: float = 0.12) -> tuple[Image, Corners]:
    """A photo of the screen taken from the lower left: the far (top-right) side shrinks."""
    image, corners = _pad(image, corners)
    h, w = image.shape[:2]
    src = _f32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = _f32([[k * w, 0], [w - k * w, 0.3 * k * h], [w, h], [0, h - 0.2 * k * h]])
    m = np.asarray(cv2.getPerspectiveTransform(src, dst), np.float64)
    out = cv2.warpPerspective(image, m, (w, h), borderValue=(60, 60, 60))
    return np.asarray(out, np.uint8), _apply(m, corners)


def _desktop(rng: np.random.Generator, w: int = 1920, h: int = 1080) -> Image:
    """A cluttered desktop: gradient wallpaper, windows, outlines, text, round icons."""
    gx = np.linspace(0, 1, w)[None, :, None]
    gy = np.linspace(0, 1, h)[:, None, None]
    canvas = (40 + 80 * gx + 60 * gy * np.array([1.0, 0.5, 0.2])).astype(np.uint8)

    def colour() -> tuple[int, int, int]:
        b, g, r = rng.integers(0, 255, 3)
        return int(b), int(g), int(r)

    for _ in range(25):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        x2, y2 = x + int(rng.integers(30, 500)), y + int(rng.integers(20, 300))
        cv2.rectangle(canvas, (x, y), (x2, y2), colour(), -1 if rng.random() < 0.7 else 2)
    for _ in range(40):
        org = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        scale = float(rng.uniform(0.4, 1.2))
        text = "File Edit View 12:34 Lorem ipsum"
        cv2.putText(canvas, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour(), 1, cv2.LINE_AA)
    for _ in range(10):
        centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        cv2.circle(canvas, centre, int(rng.integers(5, 60)), colour(), -1)
    return np.ascontiguousarray(canvas)


def _on_desktop(
    image: Image, corners: Corners, rng: np.random.Generator, pitch_px: float, cols: int = 4
) -> tuple[Image, Corners]:
    """Scale so that the board's pitch is ``pitch_px`` and paste into a 1920x1080 desktop."""
    s = pitch_px / (float(np.hypot(*(corners[1] - corners[0]))) / cols)
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    canvas = _desktop(rng)
    h, w = small.shape[:2]
    x0 = int(rng.integers(0, canvas.shape[1] - w))
    y0 = int(rng.integers(0, canvas.shape[0] - h))
    canvas[y0 : y0 + h, x0 : x0 + w] = small
    m = np.array([[s, 0, x0 + 0.5 * s - 0.5], [0, s, y0 + 0.5 * s - 0.5], [0, 0, 1.0]])
    return canvas, _apply(m, corners)


def _jpeg(image: Image, quality: int) -> Image:
    _ok, enc = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.asarray(cv2.imdecode(enc, cv2.IMREAD_COLOR), np.uint8)


def _noise(image: Image, rng: np.random.Generator, sd: float) -> Image:
    noisy = image.astype(np.int16) + rng.normal(0, sd, image.shape).astype(np.int16)
    return np.clip(noisy, 0, 255).astype(np.uint8)


Transform = Callable[[Image, Corners, np.random.Generator], tuple[Image, Corners]]

TRANSFORMS: dict[str, Transform] = {
    # tiles of ~25 px on a cluttered 1920x1080 desktop (a mirrored phone, a browser game)
    "small-on-desktop": lambda im, c, rng: _on_desktop(im, c, rng, 25.0),
    "rotated-4deg": lambda im, c, rng: _rotate(im, c, 4.0),
    "rotated-minus-6deg": lambda im, c, rng: _rotate(im, c, -6.0),
    "perspective": lambda im, c, rng: _perspective(im, c),
    "jpeg-q20": lambda im, c, rng: (_jpeg(im, 20), c),
    "blur": lambda im, c, rng: (np.asarray(cv2.GaussianBlur(im, (0, 0), 2.5), np.uint8), c),
    "noise-sd15": lambda im, c, rng: (_noise(im, rng, 15.0), c),
    "dark-theme": lambda im, c, rng: (255 - im, c),
    "rotated-small-noisy-jpeg": lambda im, c, rng: _rotated_small_noisy(im, c, rng),
}


def _rotated_small_noisy(
    image: Image, corners: Corners, rng: np.random.Generator
) -> tuple[Image, Corners]:
    image, corners = _rotate(image, corners, 3.0)
    image, corners = _on_desktop(image, corners, rng, 30.0)
    return _jpeg(_noise(image, rng, 6.0), 50), corners


TRANSFORMED = [PHONE, ONLINE, DESKTOP, DESKTOP_GRID, SMALL_CROP, STEVIE, UO]
# Known limits (see the report): an inverted photo turns the UO dice into dark discs
# that no longer look square, and at 30 px with noise the UO dice blur into the tray.
SKIP = {("dark-theme", UO), ("rotated-small-noisy-jpeg", UO)}


@pytest.mark.parametrize(
    ("transform", "name"),
    [(t, n) for t in TRANSFORMS for n in TRANSFORMED if (t, n) not in SKIP],
)
def test_transformed_fixture_is_found(transform: str, name: str) -> None:
    rng = np.random.default_rng(FILES.index(name))
    image, corners = TRANSFORMS[transform](_image(name), _hand(name), rng)
    lb = locate_board(image)
    assert (lb.rows, lb.cols) == (4, 4)
    assert _centre_error(lb, corners) < (0.15 if _is_photo(name) else 0.08)


# -- other sizes, built from real tiles -----------------------------------------------------


def _cells(name: str, px: int = 200) -> list[Image]:
    """The 16 cells of a fixture (tile plus its share of the gaps), cut along the
    hand-measured lattice, each ``px`` square."""
    hmat = _lattice_from_corners(_hand(name), 4, 4)
    out = []
    for r in range(4):
        for c in range(4):
            quad = _f32(_project(hmat, [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]))
            square = _f32([[0, 0], [px, 0], [px, px], [0, px]])
            m = cv2.getPerspectiveTransform(quad, square)
            out.append(np.asarray(cv2.warpPerspective(_image(name), m, (px, px)), np.uint8))
    return out


def _board_screen(
    name: str, rows: int, cols: int, rng: np.random.Generator, blanks: int = 0
) -> tuple[Image, Corners]:
    """A phone-sized screen with a ``rows`` x ``cols`` board of the fixture's real tiles
    (cells side by side reproduce its gaps), a title bar, a word list and a button.
    The last ``blanks`` cells of the bottom row are left empty (background)."""
    cells = _cells(name)
    px = cells[0].shape[0]
    bg = tuple(int(v) for v in np.median(cells[0][:6, :].reshape(-1, 3), axis=0))
    board = np.zeros((rows * px, cols * px, 3), np.uint8)
    board[:] = bg
    for r in range(rows):
        for c in range(cols):
            if r == rows - 1 and c >= cols - blanks:
                continue
            board[r * px : (r + 1) * px, c * px : (c + 1) * px] = cells[int(rng.integers(16))]
    pitch = min(200, 1000 // max(rows, cols))
    board = cv2.resize(board, None, fx=pitch / px, fy=pitch / px, interpolation=cv2.INTER_AREA)
    w, h = 1080, 2200
    screen = np.zeros((h, w, 3), np.uint8)
    screen[:] = bg
    cv2.rectangle(screen, (0, 0), (w, 120), (90, 40, 30), -1)
    cv2.putText(screen, "Puzzle 12  Score 0/3000", (40, 80), 0, 1.6, (255, 255, 255), 3)
    for i in range(6):
        cv2.putText(screen, f"{3 * i + 4}  word{i}", (60, h - 600 + 80 * i), 0, 1.4, (40,) * 3, 2)
    cv2.circle(screen, (w - 200, h - 400), 80, (30, 30, 30), -1)
    bh, bw = board.shape[:2]
    x0, y0 = (w - bw) // 2, 300
    screen[y0 : y0 + bh, x0 : x0 + bw] = board
    corners = np.array([[x0, y0], [x0 + bw, y0], [x0 + bw, y0 + bh], [x0, y0 + bh]], float)
    return screen, corners - 0.5


SHAPES = [(5, 5), (6, 6), (3, 3), (8, 8), (4, 5), (7, 5)]


@pytest.mark.parametrize("name", [PHONE, ONLINE, DESKTOP, STEVIE])
@pytest.mark.parametrize("shape", SHAPES, ids=[f"{r}x{c}" for r, c in SHAPES])
def test_other_board_sizes_are_detected(name: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    rng = np.random.default_rng(rows * 10 + cols)
    screen, corners = _board_screen(name, rows, cols, rng)
    lb = locate_board(screen)
    assert (lb.rows, lb.cols) == shape
    assert _centre_error(lb, corners) < (0.08 if _is_photo(name) else 0.04)
    assert lb.board.shape == (rows * lb.cell_px, cols * lb.cell_px, 3)


@pytest.mark.parametrize("name", [PHONE, ONLINE, DESKTOP])
@pytest.mark.parametrize("shape", [(5, 5), (6, 6)], ids=["5x5", "6x6"])
def test_other_board_sizes_small_on_a_desktop(name: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    rng = np.random.default_rng(rows)
    screen, corners = _board_screen(name, rows, cols, rng)
    image, corners = _on_desktop(screen, corners, rng, 24.0, cols)
    lb = locate_board(image)
    assert (lb.rows, lb.cols) == shape
    assert _centre_error(lb, corners) < 0.08


# -- --size ---------------------------------------------------------------------------------


def test_size_agrees_with_detection() -> None:
    found = locate_board(_image(PHONE))
    forced = locate_board(_image(PHONE), size=(4, 4))
    np.testing.assert_allclose(forced.corners, found.corners, atol=1.0)


def test_size_recovers_a_sparse_row() -> None:
    """Three of the five bottom tiles are gone: is the row with two tiles the board's?
    Detection says it cannot tell (never a confident 4x5); ``size`` puts the row back (the
    window holding the most tiles)."""
    rng = np.random.default_rng(7)
    screen, corners = _board_screen(ONLINE, 5, 5, rng, blanks=3)
    with pytest.raises(UnsureShapeError) as info:
        locate_board(screen)
    assert info.value.exit_code == ExitCode.BAD_SHAPE
    assert "--size" in str(info.value) and "\n" not in str(info.value)
    lb = locate_board(screen, size=(5, 5))
    assert (lb.rows, lb.cols) == (5, 5)
    assert _centre_error(lb, corners) < 0.04
    assert set(lb.missing) == {(4, 2), (4, 3), (4, 4)}
    # Read, the doubt stands: read 5x5 the board looks like Wordament, whose boards are
    # 4x4 (``read._read_grown``).
    from assistant.read import ReadOptions, read_array

    with pytest.raises(UnsureShapeError):
        read_array(screen, ReadOptions())


def test_two_by_two_needs_size() -> None:
    rng = np.random.default_rng(2)
    screen, corners = _board_screen(ONLINE, 2, 2, rng)
    with pytest.raises(BoardNotFoundError):
        locate_board(screen)
    lb = locate_board(screen, size=(2, 2))
    assert (lb.rows, lb.cols) == (2, 2)
    assert _centre_error(lb, corners) < 0.04


def test_size_far_from_the_board_is_refused() -> None:
    with pytest.raises(BoardNotFoundError):
        locate_board(_image(SMALL_CROP), size=(8, 8))


@pytest.mark.parametrize("size", [(1, 4), (4, 9), (0, 0)])
def test_size_out_of_range_is_a_programming_error(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match=r"2\.\.8"):
        locate_board(_image(SMALL_CROP), size=size)


# -- no board -------------------------------------------------------------------------------


def _chart_grid() -> Image:
    """Empty grey squares between white lines, like a chart's background grid."""
    img = np.full((900, 1200, 3), 235, np.uint8)
    for y in range(100, 800, 100):
        for x in range(200, 1000, 100):
            img[y + 3 : y + 97, x + 3 : x + 97] = (210, 210, 210)
    return img


def _code_page() -> Image:
    img = np.full((1000, 1400, 3), 250, np.uint8)
    for i in range(40):
        text = f"    if self.board[{i}] == 'o': return max(x, y) + {i * 7}  # ok"
        cv2.putText(img, text, (20, 24 + 24 * i), cv2.FONT_HERSHEY_PLAIN, 1.3, (20, 20, 20), 1)
    return img


def _smooth_photo(rng: np.random.Generator) -> Image:
    """Blotchy natural-looking picture: blurred noise, big soft shapes, some fur."""
    base = rng.normal(128, 60, (68, 120, 3)).astype(np.float32)
    img = np.asarray(cv2.resize(cv2.GaussianBlur(base, (0, 0), 3), (1920, 1080)), np.float32)
    for _ in range(8):
        centre = (int(rng.integers(0, 1920)), int(rng.integers(0, 1080)))
        axes = (int(rng.integers(50, 400)), int(rng.integers(50, 300)))
        colour = tuple(float(v) for v in rng.integers(0, 255, 3))
        cv2.ellipse(img, centre, axes, float(rng.integers(0, 180)), 0, 360, colour, -1)
    noisy = img + rng.normal(0, 12, img.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def _chessboard() -> Image:
    squares = (np.indices((8, 8)).sum(axis=0) % 2 * 255).astype(np.uint8)
    board = cv2.resize(squares, (640, 640), interpolation=cv2.INTER_NEAREST)
    img = np.full((800, 800), 128, np.uint8)
    img[80:720, 80:720] = board
    return np.asarray(cv2.cvtColor(img, cv2.COLOR_GRAY2BGR), np.uint8)


NO_BOARD: dict[str, Callable[[np.random.Generator], Image]] = {
    "white": lambda rng: np.full((2400, 1080, 3), 255, np.uint8),
    "black": lambda rng: np.zeros((768, 1366, 3), np.uint8),
    "noise": lambda rng: rng.integers(0, 256, (1080, 1920, 3), dtype=np.uint8),
    "photo": _smooth_photo,
    "chart-grid": lambda rng: _chart_grid(),
    "code": lambda rng: _code_page(),
    "chessboard": lambda rng: _chessboard(),
    "desktop": _desktop,
}


@pytest.mark.parametrize("kind", list(NO_BOARD))
def test_no_board_raises_with_a_hint(kind: str) -> None:
    image = NO_BOARD[kind](np.random.default_rng(3))
    with pytest.raises(BoardNotFoundError) as info:
        locate_board(image)
    err = info.value
    assert err.exit_code == ExitCode.NO_BOARD
    assert err.hint is not None and "--size" in err.hint and "crop closer" in err.hint
    assert "\n" not in str(err)


def test_tiny_image_raises() -> None:
    with pytest.raises(BoardNotFoundError, match="only 12x10 pixels"):
        locate_board(np.zeros((10, 12, 3), np.uint8))


def test_not_a_bgr_image_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="BGR uint8"):
        locate_board(np.zeros((100, 100), np.uint8))


# -- the board's shape is never wrong with confidence -----------------------------------------


def _drawn_board(
    letters: list[str],
    *,
    strip_col: int | None = None,
    blank_col: bool = False,
    tile: int = 110,
    gap: int = 14,
) -> Image:
    """Black-and-white copy of a board: white tiles with black letters on black. The
    tiles of ``strip_col`` run into one white strip (as a threshold that swallowed their
    gaps leaves them: no square tile outline there); ``blank_col`` adds a column of empty
    tiles at the right (a crop's margin of empty tile-like squares)."""
    rows, cols = len(letters), len(letters[0]) + int(blank_col)
    pitch = tile + gap
    img = np.zeros((rows * pitch + gap + 80, cols * pitch + gap + 80, 3), np.uint8)
    for r in range(rows):
        for c in range(cols):
            x0, y0 = 40 + gap + c * pitch, 40 + gap + r * pitch
            y1 = y0 + tile + (gap if c == strip_col and r < rows - 1 else 0)
            cv2.rectangle(img, (x0, y0), (x0 + tile - 1, y1 - 1), (255, 255, 255), -1)
            if c < len(letters[0]):
                ch = letters[r][c]
                (tw, th), _ = cv2.getTextSize(ch, cv2.FONT_HERSHEY_DUPLEX, 2.6, 7)
                org = (x0 + (tile - tw) // 2, y0 + (tile + th) // 2)
                cv2.putText(img, ch, org, cv2.FONT_HERSHEY_DUPLEX, 2.6, (0, 0, 0), 7, cv2.LINE_AA)
    return img


NARROW = ["ALIS", "TLIR", "HMLR", "SPNK"]  # column 3: I, I, L, N


@pytest.mark.parametrize("col", [0, 2, 3])
def test_a_column_of_narrow_letters_without_tile_outlines_is_kept(col: int) -> None:
    """A Word Hunt black-and-white copy lost a column of I, L, I, N (read as 4x3, exit 0):
    a column whose tiles show no outline but whose glyphs sit on the lattice is kept."""
    letters = ["".join(row[(k + 2 - col) % 4] for k in range(4)) for row in NARROW]
    lb = locate_board(_drawn_board(letters, strip_col=col))
    assert (lb.rows, lb.cols) == (4, 4)


def test_narrow_letters_read_on_a_black_and_white_copy() -> None:
    from assistant.read import ReadOptions, read_array

    reading = read_array(_drawn_board(NARROW, strip_col=2), ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    assert ["".join(row) for row in reading.tiles] == NARROW


def test_an_empty_column_is_not_a_tile_column() -> None:
    """A tight crop once read as 4x5 with an empty fifth column, exit 0."""
    lb = locate_board(_drawn_board(NARROW, blank_col=True))
    assert (lb.rows, lb.cols) == (4, 4)
    # ... and the board is the lettered part, not the empty column.
    assert lb.corners[1][0] < 40 + 14 + 4 * 124


def test_a_line_half_like_tiles_makes_the_size_unsure() -> None:
    """Two of four cells beyond the grid look like tiles: refuse, and say to pass --size."""
    img = _drawn_board(NARROW, strip_col=3)
    x0 = 40 + 14 + 3 * 124
    img[40 + 14 + 2 * 124 :, x0 - 2 :] = 0  # the lower half of the strip column is gone
    with pytest.raises(UnsureShapeError) as info:
        locate_board(img)
    assert "--size 4x3" in str(info.value) and "--size 4x4" in str(info.value)
    assert info.value.sizes == ((4, 3), (4, 4))
    assert locate_board(img, size=(4, 4)).cols == 4
    # Read, the doubt stands: the board found at 4x4 has an empty edge column
    # (``read.check_size``).
    from assistant.read import ReadOptions, read_array

    with pytest.raises(UnsureShapeError):
        read_array(img, ReadOptions())


def test_a_line_in_doubt_is_read_where_only_that_size_is_the_games() -> None:
    """tools.synth spellcast-arrows 106518 (a 49 px cropped grid): an orange arrow runs
    down the first column over its J and T, and two of that column's five cells still look
    like tiles: the locator is unsure between 5x4 and 5x5. Read at 5x5 the board is named
    SpellCast, which deals 5x5 only, and every cell holds a tile: it is read so, noted,
    the crossed T unsure, none wrong (the crossed J, unsure too until session 44, reads
    around the line since the templates lose their ink there as the glyph does; since
    session 45 the outlined orange line is seen through inside its outline, the J's stem
    shows whole and the join of its hook stays unknown: I and J both fit, unsure again)."""
    from stressed import confident_wrong

    from assistant.imageio import decode_image
    from assistant.read import ReadOptions, read_array
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 106518)
    image = decode_image(board.data)
    with pytest.raises(UnsureShapeError) as info:
        locate_board(image)
    assert info.value.sizes == ((5, 4), (5, 5))
    reading = read_array(image, ReadOptions())
    assert (reading.rows, reading.cols) == (5, 5) and reading.game == "spellcast"
    assert confident_wrong(reading, board.label["letters"]) == []
    assert [reading.tiles[r][0] for r in range(5)] == ["I", "W", "?", "?", "M"]
    assert "J" in [label for label, _ in reading.candidates[2][0]]
    assert any(
        n.startswith("read as 5x5, the size spellcast boards have, not 5x4") for n in reading.notes
    )


def test_a_line_in_doubt_with_cells_without_tiles_is_not_grown() -> None:
    """tools.synth spellcast-discord 2024 (a cropped grid) with the last three tiles of
    its last column painted over in the board's colour: the locator is unsure between 5x4
    and 5x5. Read at 5x5 it is SpellCast, whose one size that is, but three cells hold no
    tile: the doubt is raised, not a board with holes."""
    from assistant.imageio import decode_image
    from assistant.read import ReadOptions, read_array
    from tools.synth import render_board

    board = render_board("spellcast-discord", 2024, kind="cropped-grid", jpeg_quality=None)
    image = np.array(decode_image(board.data))
    (x0, y0), (x1, _), (_, y1), _ = locate_board(image).corners
    w, h = (x1 - x0) / 5, (y1 - y0) / 5
    navy = image[max(0, int(y0) - 3), int(x0 + w / 2)].copy()
    for r in (2, 3, 4):
        image[int(y0 + r * h) : int(y0 + (r + 1) * h) + 2, int(x0 + 4 * w) : int(x1) + 2] = navy
    with pytest.raises(UnsureShapeError) as info:
        locate_board(image)
    assert info.value.sizes == ((5, 4), (5, 5))
    at_five = read_array(image, ReadOptions(size=(5, 5)))  # what the grown read finds
    assert at_five.game == "spellcast" and [at_five.tiles[r][4] for r in (2, 3, 4)] == [""] * 3
    with pytest.raises(UnsureShapeError):
        read_array(image, ReadOptions())


# -- small boards, and black-and-white copies with no tile faces ------------------------------


def _letters_only(image: Image, invert: bool = False) -> Image:
    """A black-and-white copy that keeps only the letters (what solver scripts feed to OCR)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    out = np.where(gray < 90, 0, 255).astype(np.uint8)
    out = 255 - out if invert else out
    return np.asarray(cv2.cvtColor(out, cv2.COLOR_GRAY2BGR), np.uint8)


@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize("name", [SMALL_CROP, PHONE])
def test_letters_only_copy_is_read(name: str, invert: bool) -> None:
    from assistant.read import ReadOptions, read_array

    reading = read_array(_letters_only(_image(name), invert), ReadOptions())
    want = [[t.upper() for t in row] for row in LABELS[name]["letters"]]
    assert [list(row) for row in reading.tiles] == want


def _tiny_on_desktop(pitch: float, seed: int = 5) -> tuple[Image, list[list[str]]]:
    """A synthetic Word Hunt board scaled to ``pitch`` px per tile on a 2560x1440 desktop."""
    from tools.synth import render_board

    b = render_board("wordhunt-phone", seed, kind="cropped-grid", jpeg_quality=None)
    corners = np.array(b.label["corners"], np.float64)
    s = pitch / (float(np.hypot(*(corners[1] - corners[0]))) / 4)
    small = cv2.resize(b.image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    rng = np.random.default_rng(seed)
    canvas = cv2.resize(_desktop(rng), (2560, 1440), interpolation=cv2.INTER_LINEAR)
    h, w = small.shape[:2]
    canvas[700 : 700 + h, 1900 : 1900 + w] = small
    return np.ascontiguousarray(canvas), [[t.upper() for t in row] for row in b.label["letters"]]


@pytest.mark.parametrize(("pitch", "most_unsure"), [(11.0, 16), (14.0, 4)])
def test_tiles_of_about_ten_pixels_on_a_big_desktop_are_read(
    pitch: float, most_unsure: int
) -> None:
    """A board of ~11 px tiles on a 2560x1440 desktop once gave "no board". It is found;
    its 5-7 px letters read or come back unsure, never wrong."""
    from assistant.read import ReadOptions, read_array

    image, want = _tiny_on_desktop(pitch)
    reading = read_array(image, ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    wrong = [
        (r, c) for r in range(4) for c in range(4) if reading.tiles[r][c] not in (want[r][c], "?")
    ]
    assert wrong == []
    assert len(reading.uncertain) <= most_unsure


def test_a_board_too_small_to_find_says_zoom_in() -> None:
    image, _ = _tiny_on_desktop(6.0)
    with pytest.raises(BoardNotFoundError) as info:
        locate_board(image)
    assert "too small" in str(info.value) and "zoom in" in str(info.value)


def test_stacked_medians_and_percentiles_equal_numpys() -> None:
    # The shape check measures all cells around a grid at once; its medians and its
    # percentiles from counts must be numpy's own, value for value.
    from assistant.locate import _count_percentiles, _medians

    rng = np.random.default_rng(7)
    for n in (1, 2, 5, 784, 785):
        stack = rng.integers(0, 256, size=(6, n, 3), dtype=np.uint8)
        want = np.array([np.median(cell, axis=0) for cell in stack])
        np.testing.assert_array_equal(_medians(stack), want)
    for _ in range(200):
        samples = [rng.integers(0, 28, size=int(rng.integers(1, 60))) for _ in range(5)]
        counts = np.array([np.bincount(s, minlength=28) for s in samples])
        low, high = _count_percentiles(counts, (0.03, 0.97))
        for k, s in enumerate(samples):
            assert (low[k], high[k]) == tuple(np.percentile(s, [3, 97]))


def _grid_on_desktop(file: str, tile_px: int) -> Image:
    """A real cropped grid shrunk to ``tile_px`` pixels a tile on a dark 2560x1440 canvas."""
    grid = load_image(REAL / file)
    h, w = grid.shape[:2]
    scale = tile_px * LABELS[file]["cols"] / w
    small = cv2.resize(grid, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    canvas = np.full((1440, 2560, 3), 40, np.uint8)
    canvas[600 : 600 + small.shape[0], 1200 : 1200 + small.shape[1]] = small
    return canvas


def test_a_14_px_board_on_a_desktop_is_found_and_a_tinier_one_is_named_too_small() -> None:
    file = "wordament/blackmonk13_grid_regular_grid.jpg"
    board = locate_board(_grid_on_desktop(file, 14))
    assert (board.rows, board.cols) == (4, 4)
    with pytest.raises(BoardNotFoundError) as info:
        locate_board(_grid_on_desktop(file, 5))
    err = info.value
    assert "under about 14 pixels may be too small to find" in err.message
    assert err.hint is not None and "zoom in on the board" in err.hint


def test_a_line_is_not_dropped_as_empty_where_ink_is_lost_in_most_tiles() -> None:
    # tools.synth wordament-orange 97000 shrunk to 14 px tiles (benchmarks/stress.py,
    # tile14): the first column sits at the picture's left edge, and at that size the
    # cells' ink is lost to blur in 13 of 16 tiles. Its column, no ink found in it, was
    # dropped as an empty margin: a 4x3 board read with confidence. An outer line counts
    # as empty only where the other tiles show their ink.
    from assistant.imageio import decode_image
    from tools.synth import render_board

    board = render_board("wordament-orange", 97000)
    image = decode_image(board.data)
    factor = 14 / board.label["params"]["tile_px_actual"]
    h, w = image.shape[:2]
    small = cv2.resize(image, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_AREA)
    located = locate_board(np.ascontiguousarray(small))
    assert (located.rows, located.cols) == (4, 4)


def test_a_degenerate_fit_while_harvesting_is_no_board_not_a_crash() -> None:
    # benchmarks/stress.py 76000: tools.synth wordament-desktop 76000 on 14 px tiles in a
    # window on a 2560x1440 desktop. A stray group's RANSAC fit was singular and
    # inverting it raised LinAlgError out of locate_board: "internal error", exit 1.
    from stressed import stressed

    image, _ = stressed("wordament-desktop", 76000, 76000, "desktop14")
    with pytest.raises(BoardNotFoundError, match="too small to find"):
        locate_board(image)


def test_light_letters_on_a_pale_face_are_glyphs() -> None:
    """benchmarks/stress.py 112500, wordament-orange brightened (levels + 70): white letters
    on pale yellow tiles differ by 40 in grey, no more than the ink check asked, and the
    grid found whole was dropped as an empty look-alike ("no letter grid found"). In
    colour they differ by 62: the board is found and read."""
    from stressed import read_stressed

    reading, want = read_stressed("wordament-orange", 112500, 112500, "bright")
    assert [list(row) for row in reading.tiles] == want
    assert reading.game == "wordament"


@pytest.mark.tesseract
def test_an_outer_line_with_neither_tile_face_nor_edges_is_no_line_of_tiles() -> None:
    """benchmarks/stress.py 119700: a Wordament desktop screenshot cut through the board's
    last column. The grid was found 4x4 a pitch to the left, its first column over the wood
    beside the board (one cell over a button's edge, so not empty), the cut column left
    out: every tile read as its left neighbour, values too, with confidence. No cell of
    that column has the tiles' face or edges: it is dropped, the three whole columns are
    found where they are, and Wordament deals 4x4, so the reading is refused with the size
    to pass."""
    from stressed import stressed

    from assistant.errors import BoardShapeError
    from assistant.read import ReadOptions, read_array

    image, label = stressed("wordament-desktop", 119700, 119700, "cutcol")
    located = locate_board(image)
    assert (located.rows, located.cols) == (4, 3)
    left_x = float(label["corners"][0][0])
    assert abs(located.corners[0][0] - left_x) < 0.1 * (located.corners[1][0] - left_x) / 3
    with pytest.raises(BoardShapeError, match="--size 4x4"):
        read_array(image, ReadOptions())
