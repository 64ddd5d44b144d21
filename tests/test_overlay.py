"""Drawing the best words' paths on the picture (assistant.overlay).

The drawn picture is read back: paths are drawn in pure colours no board uses, fully
opaque, and the pixels at the tile centres say which tiles each path went through.
"""

from __future__ import annotations

import itertools
import json
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.board import Board
from assistant.errors import OutputError
from assistant.imageio import Image, load_image
from assistant.locate import LocatedBoard, locate_board
from assistant.overlay import (
    BoardGeometry,
    OverlayConfig,
    draw_overlay,
    plan_paths,
    save_overlay,
)
from assistant.read import tile_from_label
from assistant.solver import WordPath, solve

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real"
LABELS = {e["file"]: e for e in json.loads((REAL / "labels.json").read_text())}

MAGENTA, CYAN, YELLOW, RED, GREEN = (
    (255, 0, 255),
    (0, 255, 255),
    (255, 255, 0),
    (255, 0, 0),
    (0, 255, 0),
)
PURE = OverlayConfig(palette=(MAGENTA, CYAN, YELLOW, RED, GREEN), opacity=1.0, legend_opacity=1.0)
TILE, BACK = (228, 226, 220), (60, 62, 70)  # RGB


def _picture(
    rows: int = 4,
    cols: int = 4,
    pitch: int = 100,
    *,
    left: int = 40,
    top: int = 40,
    width: int | None = None,
    height: int | None = None,
) -> tuple[Image, BoardGeometry]:
    """Plain tiles on a dark background (BGR) and the board's geometry."""
    w = width or left * 2 + cols * pitch
    h = height or top * 2 + rows * pitch
    image = np.full((h, w, 3), BACK[::-1], np.uint8)
    for r in range(rows):
        for c in range(cols):
            x0, y0 = left + c * pitch + 5, top + r * pitch + 5
            cv2.rectangle(image, (x0, y0), (x0 + pitch - 10, y0 + pitch - 10), TILE[::-1], -1)
    corners = [
        (left, top),
        (left + cols * pitch, top),
        (left + cols * pitch, top + rows * pitch),
        (left, top + rows * pitch),
    ]
    return image, BoardGeometry.from_corners(rows, cols, corners)


def _rgb(image: Image, point: tuple[float, float]) -> tuple[int, int, int]:
    b, g, r = image[round(point[1] - 0.5), round(point[0] - 0.5)]
    return int(r), int(g), int(b)


def _disc_colour(image: Image, centre: tuple[float, float], radius: float) -> tuple[int, int, int]:
    """The colour most of a ring inside a start disc has (the number covers its middle)."""
    seen: dict[tuple[int, int, int], int] = {}
    for k in range(16):
        a = 2 * np.pi * k / 16
        p = (centre[0] + 0.8 * radius * np.cos(a), centre[1] + 0.8 * radius * np.sin(a))
        seen[_rgb(image, p)] = seen.get(_rgb(image, p), 0) + 1
    return max(seen, key=lambda k: seen[k])


def _word(path: list[tuple[int, int]], word: str = "word", score: int = 1) -> WordPath:
    return WordPath(word, score, tuple(path))


def test_one_path_passes_through_its_tiles_and_no_other() -> None:
    image, geometry = _picture(height=900)
    path = [(0, 0), (1, 1), (1, 2), (2, 3), (3, 3)]
    out = draw_overlay(image, geometry, [_word(path)], config=PURE)
    assert out.shape == image.shape  # the legend fits below the board
    pitch = geometry.pitch
    start = geometry.centre(*path[0])
    assert _disc_colour(out, start, PURE.marker_radius * pitch) == MAGENTA
    for r, c in path[1:]:
        assert _rgb(out, geometry.centre(r, c)) == MAGENTA, (r, c)
    for r in range(4):
        for c in range(4):
            if (r, c) in path:
                continue
            x, y = geometry.centre(r, c)
            half = round(0.25 * pitch)
            patch = out[round(y) - half : round(y) + half, round(x) - half : round(x) + half]
            same = image[round(y) - half : round(y) + half, round(x) - half : round(x) + half]
            assert np.array_equal(patch, same), (r, c)


def test_several_words_each_through_their_own_tiles() -> None:
    image, geometry = _picture(5, 5, 90, height=1100)
    words = [
        _word([(0, 0), (0, 1), (0, 2), (0, 3)], "first", 9),
        _word([(4, 4), (4, 3), (4, 2)], "second", 5),
        _word([(2, 0), (3, 1), (2, 2)], "third", 2),
    ]
    out = draw_overlay(image, geometry, words, config=PURE)
    for drawn in plan_paths(geometry, words, config=PURE):
        colour = PURE.palette[drawn.rank - 1]
        assert _disc_colour(out, drawn.marker, PURE.marker_radius * geometry.pitch) == colour
        for point in drawn.points[1:]:
            assert _rgb(out, point) == colour, (drawn.word, point)


def test_words_sharing_a_step_run_side_by_side_whatever_their_direction() -> None:
    image, geometry = _picture(height=900)
    words = [
        _word([(1, 0), (1, 1), (1, 2)], "east"),
        _word([(0, 3), (1, 2), (1, 1), (2, 0)], "west"),
    ]
    out = draw_overlay(image, geometry, words, top=2, config=PURE)
    # Across the shared step (1,1)-(1,2), a quarter of the way along: both colours, apart.
    x = geometry.centre(1, 1)[0] + 0.25 * geometry.pitch
    ys = np.arange(geometry.centre(1, 1)[1] - 30, geometry.centre(1, 1)[1] + 30)
    column = [_rgb(out, (x, y)) for y in ys]
    assert MAGENTA in column and CYAN in column
    first = [i for i, c in enumerate(column) if c == MAGENTA]
    second = [i for i, c in enumerate(column) if c == CYAN]
    assert max(first) < min(second) or max(second) < min(first)  # lanes do not overlap


def test_words_starting_on_one_tile_get_their_own_discs() -> None:
    _, geometry = _picture()
    words = [_word([(1, 1), (1, 2)]), _word([(1, 1), (2, 1)]), _word([(1, 1), (0, 0)])]
    discs = [d.marker for d in plan_paths(geometry, words, config=PURE)]
    radius = PURE.marker_radius * geometry.pitch
    for i in range(3):
        for j in range(i):
            assert np.hypot(discs[i][0] - discs[j][0], discs[i][1] - discs[j][1]) > 2 * radius


def test_only_the_top_words_are_drawn() -> None:
    image, geometry = _picture(height=900)
    words = [_word([(0, c), (1, c)], f"w{c}") for c in range(4)]
    out = draw_overlay(image, geometry, words, top=2, config=PURE)
    colours = {tuple(int(v) for v in px[::-1]) for px in out.reshape(-1, 3)}
    assert MAGENTA in colours and CYAN in colours
    assert YELLOW not in colours and RED not in colours


def test_the_legend_has_one_row_per_word_in_rank_order() -> None:
    # The board fills the picture: the legend goes on a panel added below it.
    image, geometry = _picture(left=0, top=0)
    words = [_word([(0, c), (1, c), (2, c)], f"word{c}", 10 - c) for c in range(4)]
    out = draw_overlay(image, geometry, words, config=PURE)
    assert out.shape[1] == image.shape[1] and out.shape[0] > image.shape[0]
    panel = out[image.shape[0] :]
    rows = []
    for colour in PURE.palette[:4]:
        ys, xs = np.nonzero(np.all(panel[:, :, ::-1] == colour, axis=2))
        assert len(ys) > 20, colour  # the numbered disc of that word
        rows.append((ys.min(), ys.max(), xs.max()))
    for (_, bottom0, _), (top1, _, _) in itertools.pairwise(rows):
        assert bottom0 < top1  # one row each, best first
    for top_y, bottom_y, right_x in rows:  # the word and its score: white text on the right
        band = panel[top_y : bottom_y + 1, right_x + 1 :]
        assert np.count_nonzero(np.all(band > 200, axis=2)) > 30


def test_the_legend_goes_beside_the_board_without_covering_it() -> None:
    image, geometry = _picture(height=1000)  # room below the board
    out = draw_overlay(image, geometry, [_word([(0, 0), (0, 1)])], config=PURE)
    assert out.shape == image.shape
    legend = np.all(out[:, :, ::-1] == PURE.legend_bg, axis=2)
    ys, _ = np.nonzero(legend)
    assert len(ys) > 1000
    assert ys.min() > geometry.corners[:, 1].max()  # all of it below the board


def test_paths_follow_the_tiles_of_a_perspective_photo() -> None:
    name = "wordament/blackmonk13_grid_regular_grid_small.jpg"
    image = cv2.copyMakeBorder(
        load_image(REAL / name), 80, 80, 80, 80, cv2.BORDER_CONSTANT, value=(60, 60, 60)
    )
    h, w = image.shape[:2]
    k = 0.15  # a photo of the screen from the lower left: the far side shrinks
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = np.array([[k * w, 0], [w - k * w, 0.3 * k * h], [w, h], [0, h - 0.2 * k * h]], np.float32)
    photo: Image = np.asarray(
        cv2.warpPerspective(
            image, cv2.getPerspectiveTransform(src, dst), (w, h), borderValue=(60, 60, 60)
        ),
        np.uint8,
    )
    located = locate_board(photo)
    board = Board.from_rows([[tile_from_label(t) for t in row] for row in LABELS[name]["letters"]])
    best = solve(board, game="wordament").words[0]
    out = draw_overlay(photo, located, [best], config=PURE)
    geometry = BoardGeometry.from_located(located)
    start = geometry.centre(*best.path[0])
    assert _disc_colour(out, start, PURE.marker_radius * geometry.pitch) == MAGENTA
    for r, c in best.path[1:]:
        assert _rgb(out, geometry.centre(r, c)) == MAGENTA
    off_path = [(r, c) for r in range(4) for c in range(4) if (r, c) not in best.path]
    for r, c in off_path:
        point = geometry.centre(r, c)
        assert _rgb(out, point) == _rgb(photo, point)


def test_geometry_from_corners_and_from_a_located_board_agree() -> None:
    image = load_image(REAL / "wordament/blackmonk13_grid_regular_grid_small.jpg")
    located = locate_board(image)
    a = BoardGeometry.from_located(located)
    b = BoardGeometry.from_corners(located.rows, located.cols, located.corners)
    for r, c in ((0, 0), (1, 2), (3, 3)):
        assert np.allclose(a.centre(r, c), b.centre(r, c), atol=0.5)
        p = located.cell_px
        assert np.allclose(a.centre(r, c), located.to_source((c + 0.5) * p, (r + 0.5) * p))


def test_no_words_leave_the_picture_as_it_was() -> None:
    image, geometry = _picture()
    out = draw_overlay(image, geometry, [])
    assert out is not image and np.array_equal(out, image)


def test_save_writes_the_png_in_one_go(tmp_path: Path) -> None:
    image, geometry = _picture(height=900)
    words = [_word([(0, 0), (1, 1)])]
    target = save_overlay(tmp_path / "overlay.png", image, geometry, words)
    assert np.array_equal(load_image(target), draw_overlay(image, geometry, words))
    assert [p.name for p in tmp_path.iterdir()] == ["overlay.png"]  # no temporary left
    save_overlay(target, image, geometry, [])  # refreshing replaces the file
    assert np.array_equal(load_image(target), image)
    with pytest.raises(OutputError, match="does not exist"):
        save_overlay(tmp_path / "missing" / "o.png", image, geometry, words)


@cache
def _phone() -> tuple[Image, LocatedBoard]:
    image = load_image(REAL / "wordament/blackmonk13_mobile_regular.jpg")
    return image, locate_board(image)


def test_a_phone_screenshot_keeps_its_size_and_gets_the_legend_below_the_board() -> None:
    image, located = _phone()
    board = Board.from_rows(
        [
            [tile_from_label(t) for t in row]
            for row in LABELS["wordament/blackmonk13_mobile_regular.jpg"]["letters"]
        ]
    )
    words = solve(board, game="wordament").words
    out = draw_overlay(image, located, words, config=PURE)
    assert out.shape == image.shape
    ys, _ = np.nonzero(np.all(out[:, :, ::-1] == PURE.legend_bg, axis=2))
    assert ys.min() > max(y for _, y in located.corners)
    for drawn in plan_paths(located, words, config=PURE):
        colour = PURE.palette[drawn.rank - 1]
        radius = PURE.marker_radius * BoardGeometry.from_located(located).pitch
        assert _disc_colour(out, drawn.marker, radius) == colour
        assert colour in {_rgb(out, p) for p in drawn.points[1:]}


def test_a_small_board_also_gets_an_enlarged_copy_beside_it() -> None:
    image, geometry = _picture(pitch=40, width=1200, height=800)
    out = draw_overlay(image, geometry, [_word([(0, 0), (1, 1), (2, 1)])], config=PURE)
    assert out.shape == image.shape
    x1, y1 = geometry.corners[:, 0].max(), geometry.corners[:, 1].max()
    beside = np.all(out[:, :, ::-1] == MAGENTA, axis=2)
    beside[: round(y1) + 1, : round(x1) + 1] = False  # outside the board only
    ys, xs = np.nonzero(beside)
    # The copy is drawn at zoom_pitch_px a tile: its path is about that much wider.
    assert len(xs) > 0
    assert xs.max() - xs.min() > 0.8 * PURE.zoom_pitch_px
    assert ys.max() - ys.min() > 1.6 * PURE.zoom_pitch_px
