"""The whole reading pipeline on committed fixtures, and `read`/`solve IMAGE` on the CLI."""

from __future__ import annotations

import json
import platform
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from assistant.cli import main
from assistant.errors import ExitCode, UnsureTilesError
from assistant.read import BoardReading, ReadOptions, read_image

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "fixtures" / "real"
SYNTHETIC = ROOT / "fixtures" / "synthetic"


def _labels(folder: Path) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((folder / "labels.json").read_text())
    return data


REAL_LABELS = _labels(REAL)
SYNTHETIC_LABELS = _labels(SYNTHETIC)


def _id(label: dict[str, Any]) -> str:
    return str(Path(label["file"]).stem)


@cache
def _fixture_reading(path: Path) -> BoardReading:
    """A committed fixture read with the default options, once per worker: the letters,
    values, bonuses and confident-wrong tests below each look at the same reading."""
    return read_image(path)


def _each(labels: list[dict[str, Any]]) -> list[Any]:
    """``labels`` as parameters, each fixture's tests in one group, which ``make test``
    (``--dist loadgroup``) runs in one worker so that the fixture is read once."""
    return [
        pytest.param(x, id=_id(x), marks=pytest.mark.xdist_group(f"fixture-{x['file']}"))
        for x in labels
    ]


@pytest.mark.parametrize("label", _each(REAL_LABELS))
def test_real_fixture_reads_exactly(label: dict[str, Any]) -> None:
    reading = _fixture_reading(REAL / label["file"])
    assert (reading.rows, reading.cols) == (label["rows"], label["cols"])
    assert [list(row) for row in reading.tiles] == label["letters"]
    assert reading.uncertain == []


@pytest.mark.parametrize("label", _each(SYNTHETIC_LABELS))
def test_synthetic_fixture_reads_exactly(label: dict[str, Any]) -> None:
    reading = _fixture_reading(SYNTHETIC / label["file"])
    assert (reading.rows, reading.cols) == (label["rows"], label["cols"])
    assert [list(row) for row in reading.tiles] == label["letters"]


@pytest.mark.parametrize("label", _each(REAL_LABELS + SYNTHETIC_LABELS))
def test_no_confident_wrong_tile(label: dict[str, Any]) -> None:
    folder = REAL if label in REAL_LABELS else SYNTHETIC
    reading = _fixture_reading(folder / label["file"])
    wrong = [
        (r, c, got, want)
        for r, (row, truth) in enumerate(zip(reading.tiles, label["letters"], strict=True))
        for c, (got, want) in enumerate(zip(row, truth, strict=True))
        if got not in ("?", want)
    ]
    assert wrong == []


def _occluded(tmp_path: Path) -> Path:
    """The regular Wordament crop with half of tile r2c2's glyph painted over."""
    image = cv2.imread(str(REAL / "wordament" / "blackmonk13_grid_regular_grid.jpg"))
    p = image.shape[1] // 4
    y0 = x0 = p
    colour = [int(v) for v in image[y0 + int(p * 0.85), x0 + p // 2]]
    cv2.rectangle(
        image, (x0 + p // 2, y0 + p // 4), (x0 + int(p * 0.8), y0 + int(p * 0.8)), colour, -1
    )
    out = tmp_path / "occluded.png"
    cv2.imwrite(str(out), image)
    return out


def test_damaged_tile_is_unsure_not_guessed(tmp_path: Path) -> None:
    reading = read_image(_occluded(tmp_path))
    assert reading.uncertain == [(1, 1)]
    assert reading.tiles[1][1] == "?"
    assert reading.candidates[1][1]
    with pytest.raises(UnsureTilesError) as info:
        reading.to_board()
    assert "tile r2c2 unsure" in str(info.value) and "--fix 2,2=" in str(info.value)


def test_solve_refuses_unsure_then_fix_and_best_guess(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = str(_occluded(tmp_path))
    assert main(["solve", image]) == ExitCode.UNSURE_TILES
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "tile r2c2 unsure" in err and "--fix 2,2=" in err

    assert main(["solve", image, "--fix", "2,2=A", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tiles"][1][1] == "A" and data["reading"]["uncertain"] == []
    assert {"resale", "easier"} <= {w["word"] for w in data["words"]}

    assert main(["solve", image, "--best-guess", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["guessed"] == [[1, 1]] and "guessed tiles r2c2" in err


def test_read_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    label = REAL_LABELS[0]
    assert main(["read", str(REAL / label["file"]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # the one outcome schema (as solve --json), not solved, with the reading's details
    for key in ("rows", "cols", "tiles", "values", "bonuses", "game", "game_confidence",
                "game_source", "words", "unsure", "guessed", "reading", "elapsed_ms"):  # fmt: skip
        assert key in data
    assert data["solved"] is False and data["words"] == [] and data["word_count"] is None
    assert data["tiles"] == label["letters"]
    # ... key for key: solve --json of the same picture writes the same object, solved
    assert main(["solve", str(REAL / label["file"]), "--json", "--best-guess"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert set(solved) == set(data) and set(solved["reading"]) == set(data["reading"])
    assert solved["solved"] is True and solved["tiles"] == data["tiles"]
    reading = data["reading"]
    for key in ("confidence", "uncertain", "candidates", "values", "bonuses", "corners"):
        assert key in reading
    assert len(reading["corners"]) == 4 and all(len(p) == 2 for p in reading["corners"])
    assert np.array(reading["confidence"]).shape == (4, 4)


def test_special_tiles_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    specials = {"U/M", "SUB-", "-ER", "VE", "DE-"}
    seen: set[str] = set()
    for label in REAL_LABELS:
        if label["kind"] != "full-screenshot":
            continue
        assert main(["read", str(REAL / label["file"]), "--json"]) == 0
        tiles = json.loads(capsys.readouterr().out)["tiles"]
        seen |= {t for row in tiles for t in row}
    assert specials <= seen


def test_solve_image_uses_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    image = REAL / "wordament" / "blackmonk13_mobile_regular.jpg"
    assert main(["solve", str(image), "--json", "--game", "boggle"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tiles"][0] == ["E", "S", "F", "E"]
    words = {w["word"] for w in data["words"]}
    # words the game itself lists as found in this screenshot (its "lare" is not in ENABLE)
    assert {"resale", "smug", "ease", "easier"} <= words


def test_the_reader_reads_with_any_recognizer() -> None:
    """An engine passed in the reader's config is used in place of the template matcher
    (through the Recognizer protocol, not the matcher's class): the whole reader runs on a
    fake that reads every tile as Z, and its readings are the board's."""
    from collections.abc import Sequence

    from assistant.cut import TileImage
    from assistant.read import ReaderConfig
    from assistant.recognize import Candidate

    class AllZ:
        name = "all-z"

        def __init__(self) -> None:
            self.tiles = 0

        def recognize(self, tiles: Sequence[TileImage]) -> list[list[Candidate]]:
            self.tiles += len(tiles)
            return [[Candidate("Z", 0.99, 0.99, 0, self.name)] for _ in tiles]

    fake = AllZ()
    image = REAL / "wordament" / "blackmonk13_mobile_regular.jpg"
    reading = read_image(image, ReadOptions(config=ReaderConfig(engines=(fake,))))
    assert fake.tiles >= 16 and reading.tiles == (("Z",) * 4,) * 4


def test_debug_dir_writes_pictures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = REAL / "wordament" / "blackmonk13_grid_regular_grid_small.jpg"
    out = tmp_path / "debug"
    assert main(["read", str(image), "--debug-dir", str(out)]) == 0
    names = {p.name for p in out.iterdir()}
    assert {"located.png", "board.png", "tile_r1c1.png", "tile_r4c4_glyph.png"} <= names
    assert cv2.imread(str(out / "board.png")).shape[:2] == (4 * 128, 4 * 128)


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda d: d / "missing.png", "no such image file"),
        (lambda d: d, "directory"),
        (lambda d: (d / "empty.png").write_bytes(b"") or d / "empty.png", "0 bytes"),
        (lambda d: (d / "t.png").write_text("hello") and d / "t.png", "not an image"),
    ],
)
def test_bad_images_one_line_and_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, fragment: str
) -> None:
    path = make(tmp_path)
    assert main(["read", str(path)]) == ExitCode.BAD_IMAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


def test_no_board_in_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = np.random.default_rng(1)
    noise = rng.integers(0, 255, (600, 800, 3), dtype=np.uint8)
    path = tmp_path / "noise.png"
    cv2.imwrite(str(path), noise)
    assert main(["solve", str(path)]) == ExitCode.NO_BOARD
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--size" in err


def test_size_override() -> None:
    image = REAL / "wordament" / "blackmonk13_grid_regular_grid.jpg"
    reading = read_image(image, ReadOptions(size=(4, 4)))
    assert reading.tiles[0] == ("E", "S", "F", "E")


def test_game_is_recognized_and_used_for_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    image = REAL / "wordament" / "blackmonk13_mobile_2_letter_or.jpg"
    assert main(["solve", str(image), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "wordament" and data["reading"]["game"] == "wordament"
    words = {w["word"]: w for w in data["words"]}
    # GULAGS = G4 + U/M 20 + L3 + A2 + G4 + S2 = 35, x2 for six letters (hand-computed)
    assert words["gulags"]["score"] == 70
    assert data["words"][0]["score"] >= 70
    # --game overrides the recognized game
    assert main(["solve", str(image), "--json", "--game", "boggle"]) == 0
    assert json.loads(capsys.readouterr().out)["words"][0]["score"] <= 11


def test_overlay_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = REAL / "wordament" / "blackmonk13_mobile_regular.jpg"
    out = tmp_path / "paths.png"
    assert main(["solve", str(image), "--top", "3", "--overlay", str(out)]) == 0
    drawn = cv2.imread(str(out))
    source = cv2.imread(str(image))
    assert drawn is not None and drawn.shape[1] >= source.shape[1]
    assert main(["solve", "TestingTheSolver", "--overlay", str(out)]) == ExitCode.BAD_BOARD
    assert "--overlay draws on a picture" in capsys.readouterr().err


def test_unsure_value_stops_value_games_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Paint over tile r1c1's point value: the letter stays sure, the value does not, so a
    Wordament solve stops while a Boggle solve (which ignores values) goes on."""
    image = cv2.imread(str(REAL / "wordament" / "blackmonk13_grid_regular_grid.jpg"))
    p = image.shape[1] // 4
    colour = [int(v) for v in image[int(p * 0.5), int(p * 0.9)]]
    cv2.rectangle(image, (int(p * 0.04), int(p * 0.04)), (int(p * 0.3), int(p * 0.3)), colour, -1)
    # a smudge where the digit was, not a clean blank: a faint grey blot
    cv2.circle(image, (int(p * 0.14), int(p * 0.14)), int(p * 0.05), (150, 150, 150), -1)
    path = tmp_path / "smudged.png"
    cv2.imwrite(str(path), image)
    reading = read_image(path)
    assert reading.uncertain == []
    assert (0, 0) in reading.uncertain_values
    assert main(["solve", str(path), "--game", "wordament"]) == ExitCode.UNSURE_TILES
    err = capsys.readouterr().err
    assert "point value of tile r1c1 unsure" in err and "--fix 1,1=E:" in err
    assert main(["solve", str(path), "--game", "boggle", "--json"]) == 0
    capsys.readouterr()
    assert main(["solve", str(path), "--game", "wordament", "--fix", "1,1=E:2", "--json"]) == 0


def test_without_tesseract_the_message_says_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real engine with its binary gone (not a mock of the matcher): template-readable
    boards still read, and an unsure tile's message says how to get the second opinion."""
    import pytesseract

    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/tesseract")
    image = REAL / "wordament" / "blackmonk13_mobile_2_letter.jpg"
    assert main(["read", str(image), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tiles"] == REAL_LABELS[5]["letters"]
    assert main(["solve", str(_occluded(tmp_path))]) == ExitCode.MISSING_DEPENDENCY
    err = capsys.readouterr().err
    assert "tile r2c2 unsure" in err and "sudo apt-get install tesseract-ocr" in err


def _values_of(label: dict[str, Any]) -> list[list[int]] | None:
    return label.get("tile_values")


@pytest.mark.parametrize(
    "label", _each([x for x in REAL_LABELS + SYNTHETIC_LABELS if _values_of(x)])
)
def test_point_values_read_exactly(label: dict[str, Any]) -> None:
    folder = REAL if label in REAL_LABELS else SYNTHETIC
    reading = _fixture_reading(folder / label["file"])
    assert reading.values is not None
    assert [list(row) for row in reading.values] == label["tile_values"]
    assert reading.uncertain_values == ()


@pytest.mark.parametrize("label", _each(SYNTHETIC_LABELS))
def test_bonus_squares_read_exactly(label: dict[str, Any]) -> None:
    reading = _fixture_reading(SYNTHETIC / label["file"])
    want = label.get("bonuses")
    if want is None or all(b is None for row in want for b in row):
        assert reading.bonuses is None
    else:
        assert reading.bonuses is not None
        got = [list(row) for row in reading.bonuses]
        unsure = set(reading.uncertain_bonuses)
        for r, row in enumerate(want):
            for c, kind in enumerate(row):
                # SpellCast's DL and TL share one gold: where the badge's text is too small
                # to read, the bonus comes out unsure as one of the two, never sure and wrong.
                gold = label["game"] == "spellcast" and kind in ("DL", "TL")
                if gold and (r, c) in unsure:
                    assert got[r][c] in ("DL", "TL")
                    continue
                assert got[r][c] == kind and (r, c) not in unsure, (r, c, got[r][c], kind)


def test_learn_stores_a_style_that_later_reads_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    label = REAL_LABELS[0]
    letters = "/".join(
        " ".join(f"{t}:{v}" for t, v in zip(row, values, strict=True))
        for row, values in zip(label["letters"], label["tile_values"], strict=True)
    )
    code = main(["learn", str(REAL / label["file"]), "--letters", letters, "--style", "wood"])
    assert code == 0
    err = capsys.readouterr().err
    style_dir = tmp_path / "data" / "boggle-assistant" / "templates" / "wood"
    manifest = json.loads((style_dir / "manifest.json").read_text())
    assert "learned" in err and str(style_dir) in err
    assert {m["char"] for m in manifest} >= set("ESFLABDRMGIU") | {"2", "3", "4", "5"}
    assert len(list(style_dir.glob("*.png"))) == len(manifest)
    # the learned style is picked up: the same game's other screenshots still read exactly
    assert main(["read", str(REAL / REAL_LABELS[1]["file"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tiles"] == REAL_LABELS[1]["letters"]
    # into a chosen directory (e.g. the repository's templates/)
    into = tmp_path / "repo-templates"
    assert (
        main(["learn", str(REAL / label["file"]), "--letters", letters, "--into", str(into)]) == 0
    )
    assert (into / "blackmonk13_mobile_regular" / "manifest.json").exists()


def test_learn_with_wrong_letter_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    image = REAL / REAL_LABELS[0]["file"]
    assert main(["learn", str(image), "--letters", "ABCDEFGHI"]) == ExitCode.BAD_BOARD
    assert "3x3" in capsys.readouterr().err


def test_learn_warns_when_a_label_contradicts_what_the_reader_sees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    label = REAL_LABELS[0]
    rows = [list(row) for row in label["letters"]]
    assert rows[0][0] == "E"
    rows[0][0] = "X"  # a typo: the first tile shows an E
    letters = "/".join(" ".join(row) for row in rows)
    assert main(["learn", str(REAL / label["file"]), "--letters", letters]) == 0
    err = capsys.readouterr().err
    assert "tile r1c1 is labelled X but reads as E" in err
    assert err.count("warning:") == 1  # the other fifteen agree


def test_one_reader_config_reaches_every_stage() -> None:
    """ReadOptions.config: each section is the one its stage uses (tuned numbers are passed
    down, never re-read from the stage's defaults)."""
    from assistant.bonus import BonusConfig
    from assistant.locate import LocateConfig
    from assistant.read import ReaderConfig
    from assistant.recognize import RecognizeConfig

    shot = SYNTHETIC / "ruzzle_2025.png"
    plain = read_image(shot)
    assert plain.bonuses is not None and plain.uncertain_bonuses == ()
    # recognize: a stricter threshold makes tiles unsure
    strict = ReaderConfig(recognize=RecognizeConfig(threshold=0.999999, tesseract="never"))
    assert len(read_image(shot, ReadOptions(config=strict)).uncertain) > len(plain.uncertain)
    # bonus: the sure level decides which bonus squares are unsure
    doubtful = read_image(shot, ReadOptions(config=ReaderConfig(bonus=BonusConfig(sure=1.01))))
    n_bonuses = sum(b is not None for row in plain.bonuses for b in row)
    assert len(doubtful.uncertain_bonuses) == n_bonuses > 0
    # locate: asking for more tile shapes than a 4x4 board has finds no board
    from assistant.errors import BoardNotFoundError

    tiny = ReaderConfig(locate=LocateConfig(min_tiles=100))
    with pytest.raises(BoardNotFoundError):
        read_image(shot, ReadOptions(config=tiny))


def _shrunk_dice(seed: int, pitch: float) -> tuple[np.ndarray, list[list[str]]]:
    """A dice photo (tools.synth boggle-classic ``seed``) shrunk to ``pitch`` px per die
    on a 2560x1440 desktop, and its letters."""
    from tools.synth import render_board

    board = render_board("boggle-classic", seed)
    corners = np.array(board.label["corners"], float)
    factor = pitch / (np.linalg.norm(corners[1] - corners[0]) / board.label["cols"])
    small = cv2.resize(board.image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    canvas = np.full((1440, 2560, 3), (60, 50, 40), np.uint8)
    canvas[200 : 200 + small.shape[0], 900 : 900 + small.shape[1]] = small
    return canvas, [[x.upper() for x in row] for row in board.label["letters"]]


@pytest.mark.parametrize("pitch", [12, 16])
def test_dice_too_small_to_read_are_unsure_and_the_message_says_zoom_in(pitch: int) -> None:
    """A tray of dice at 12-16 px per die: letters a few pixels tall lose strokes (an L read
    as I at 0.93, an E as F with both engines agreeing). They are reported unsure, never
    read confidently wrong, and the message says to zoom in or crop (issue 9 item 8)."""
    from assistant.read import read_array, unsure_error

    image, want = _shrunk_dice(3001, pitch)
    reading = read_array(image, ReadOptions())
    assert (reading.rows, reading.cols) == (4, 4)
    for r, row in enumerate(want):
        for c, label in enumerate(row):
            assert reading.tiles[r][c] in (label, "?"), (r, c, reading.tiles[r][c], label)
    assert reading.uncertain
    assert "zoom in on the board or crop closer" in str(unsure_error(reading, "boggle"))


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc tuning is for glibc only")
def test_a_warm_read_reuses_the_memory_the_last_read_freed() -> None:
    # After a process's first read, freed memory is kept for the next one
    # (assistant.allocator): a warm read of a phone screenshot faults in almost no new
    # pages (~2,300 each read, ~6 ms of kernel time, when glibc gives them back).
    import resource

    from assistant.allocator import keep_freed_memory

    shot = REAL / "wordament" / "blackmonk13_mobile_2_letter_or.jpg"
    read_image(shot)
    assert keep_freed_memory()  # done by the first read
    read_image(shot)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    read_image(shot)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before < 300


def test_reduced_read_is_never_kept_where_a_drawn_line_crosses_a_tile() -> None:
    """A big JPEG is read reduced and that reading kept only when it is sure; a tile a
    drawn line crosses is not sure of its letter at any size (halved, a crossed E has been
    read L at 0.96 where the full-size read reported it unsure), so the tiles a line
    crosses are recorded on the reading and a reading with one is read again at full size,
    however sure the rest of it is. A board with no line records none."""
    from dataclasses import replace

    from assistant.imageio import decode_image
    from assistant.read import _reduced_is_enough, read_array
    from tools.synth import render_board

    options = ReadOptions(game="spellcast")
    drawn = render_board(
        "spellcast-arrows", 76002, kind="cropped-grid", jpeg_quality=None, tile_px=110
    )
    crossed = read_array(decode_image(drawn.data), options)
    assert crossed.crossed  # the arrows cross tiles...
    assert set(crossed.crossed) >= {
        tuple(rc) for a in drawn.label["params"]["arrows"] for rc in a["tiles"][1:-1]
    }
    # ...and however sure every tile, value and bonus, the reduced reading is not kept.
    sure = replace(
        crossed,
        tiles=tuple(
            tuple(crossed.best_label(r, c) for c in range(crossed.cols))
            for r in range(crossed.rows)
        ),
        uncertain_values=(),
        uncertain_bonuses=(),
    )
    assert not sure.uncertain
    assert _reduced_is_enough(replace(sure, crossed=()))
    assert not _reduced_is_enough(sure)
    plain = render_board(
        "spellcast-discord", 76002, kind="cropped-grid", jpeg_quality=None, tile_px=110
    )
    assert read_array(decode_image(plain.data), options).crossed == ()


def test_a_letter_a_line_buries_is_unsure_with_letters_not_blank() -> None:
    """A tile whose letter drawn lines all but bury (tools.synth spellcast-arrows 100007
    r4c4: an A crossed by thin outlined lines, whose dark edges joined the letter past
    where the board's letters sit, and the cut kept no glyph) is not clearly empty: it is
    unsure, with the letters its ink matches around the lines among its candidates, the
    true A among them, and not the blank. (The case was 70132's gold A until session 24,
    when its badge was found and the A read; before that, 3004's U under a blue line.
    Since session 27 the cut takes those edges off as the lines' fringe and reads the A:
    the case is read with the fringe kept, ``fringe_open`` 0.)"""
    from tools.synth import render_board

    board = render_board("spellcast-arrows", 100007)
    from assistant.cut import CutConfig
    from assistant.read import ReaderConfig, read_encoded

    kept = ReadOptions(config=ReaderConfig(cut=CutConfig(fringe_open=0.0)))
    reading = read_encoded(board.data, kept, name=board.label["file"])
    cands = [label for label, _ in reading.candidates[3][3]]
    assert board.label["letters"][3][3] == "A"
    assert (3, 3) in reading.uncertain
    assert "" not in cands
    assert "A" in cands


def test_a_best_guess_skips_a_candidate_that_is_not_a_tile() -> None:
    """An unsure tile under a drawn line whose best candidate is a stray "-" (a piece of the
    line): the best guess takes the next candidate that is a tile, so ``solve
    --best-guess`` and ``read`` (which solves the best guess) do not fail with a board-text
    error about a picture."""
    from assistant.read import BoardReading

    reading = BoardReading(
        rows=3,
        cols=3,
        tiles=(("A", "B", "C"), ("D", "?", "F"), ("G", "H", "?")),
        confidence=((0.99,) * 3, (0.99, 0.3, 0.99), (0.99, 0.99, 0.2)),
        candidates=(
            ((("A", 0.99),), (("B", 0.99),), (("C", 0.99),)),
            ((("D", 0.99),), (("-", 0.3), ("Q", 0.2), ("X", 0.1)), (("F", 0.99),)),
            ((("G", 0.99),), (("H", 0.99),), (("-", 0.2),)),
        ),
        values=None,
        bonuses=None,
        game=None,
        corners=((0.0, 0.0), (90.0, 0.0), (90.0, 90.0), (0.0, 90.0)),
        elapsed_ms=1.0,
    )
    assert reading.best_label(1, 1) == "Q"
    assert reading.best_label(2, 2) == ""  # no candidate is a tile: a blank
    board = reading.to_board(best_guess=True)
    assert board.rows == 3 and board.cols == 3


@pytest.mark.tesseract
def test_a_hyphen_in_a_game_that_prints_no_affixes_leaves_the_tile_unsure() -> None:
    """A SpellCast board with drawn arrows, darkened (benchmarks/stress.py 91600,
    spellcast-arrows 91601, dark): an arrowhead's end beside the R of r1c5 was cut as a
    hyphen and the tile read "-R" at 0.95, both engines agreeing. SpellCast prints no
    prefix or suffix tile (``registry.prints_affixes``), so a hyphen there is something
    else: the tile is unsure with R listed first, and no tile of the board is wrong."""
    from stressed import confident_wrong, read_stressed

    reading, want = read_stressed("spellcast-arrows", 91600, 91601, "dark")
    assert reading.game == "spellcast" and want[0][4] == "R"
    assert reading.tiles[0][4] == "?" and reading.candidates[0][4][0][0] == "R"
    assert not confident_wrong(reading, want)
