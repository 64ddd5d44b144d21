"""A game that prints one table of letter values (SpellCast): a value too small or blurred
to read, on a letter read surely, is the table's and says so; a value read surely but
unlike the table's is reported unsure (issue 9: values never silently wrong, and a small
SpellCast screenshot is still solved with the right scores)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

from assistant.cli import main
from assistant.imageio import decode_image
from assistant.read import ReadOptions, read_array
from assistant.registry import SPELLCAST, fixed_values

# spellcast-discord at 32 px tiles and JPEG quality 40: the 4 px values are blobs. Before
# the table, 21 of the 25 values of seed 77001 were unsure (every letter read surely).
SMALL = ("spellcast-discord", 77001, {"tile_px": 32, "jpeg_quality": 40})


@cache
def _small() -> tuple[bytes, dict[str, object]]:
    from tools.synth import render_board

    look, seed, knobs = SMALL
    board = render_board(look, seed, **knobs)
    return board.data, board.label


def test_only_a_game_with_one_printed_table_has_fixed_values() -> None:
    assert fixed_values("spellcast") is SPELLCAST
    assert fixed_values("discord") is SPELLCAST  # an alias
    # Wordament's digram and affix tiles print their own values; length games print none.
    for game in ("wordament", "ruzzle", "scramble", "boggle", "wordhunt", None, "unknown"):
        assert fixed_values(game) is None


def test_values_too_small_to_read_come_from_the_table() -> None:
    data, label = _small()
    reading = read_array(decode_image(data), ReadOptions())
    assert reading.game == "spellcast"
    sure = [(r, c) for r in range(5) for c in range(5) if reading.tiles[r][c] != "?"]
    assert len(sure) >= 24
    assert reading.values is not None
    want = label["tile_values"]
    assert isinstance(want, list)
    for r, c in sure:
        assert reading.values[r][c] == want[r][c], (r, c)
        assert (r, c) not in reading.uncertain_values
    taken = [n for n in reading.notes if "SpellCast (Discord)'s table" in n]
    assert len(taken) == 1 and "too small or faint to read" in taken[0]


def test_the_note_is_shown_and_the_board_solves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = _small()
    shot = tmp_path / "small.jpg"
    shot.write_bytes(data)
    # The 8 px DL badge of one tile is unsure at this size (bonus squares have no table).
    assert main(["solve", str(shot), "--top", "3", "--best-guess"]) == 0
    out = capsys.readouterr().out
    assert "note: point values of" in out and "SpellCast (Discord)'s table" in out
    assert "words, top 3 shown" in out


def test_a_value_read_surely_but_unlike_the_table_is_unsure() -> None:
    # spellcast-discord 2024 at 60 px: the 3 printed on its L (row 2, column 4) is copied
    # onto the N beside it (row 2, column 2; an N is worth 2 and the board has one N, so
    # no other N's value doubts it). The 3 reads surely; the table says 2.
    from tools.synth import render_board

    board = render_board(
        "spellcast-discord", 2024, tile_px=60, jpeg_quality=None, kind="cropped-grid"
    )
    assert board.label["letters"][1][1] == "N" and board.label["tile_values"][1][3] == 3
    image = np.array(decode_image(board.data))
    (x0, y0), (x1, _) = board.label["corners"][0], board.label["corners"][1]
    pitch = (x1 - x0) / 5

    def corner(r: int, c: int) -> tuple[slice, slice]:
        y, x = round(y0 + (r + 0.68) * pitch), round(x0 + (c + 0.66) * pitch)
        return slice(y, y + round(0.3 * pitch)), slice(x, x + round(0.32 * pitch))

    image[corner(1, 1)] = image[corner(1, 3)]
    reading = read_array(image, ReadOptions())
    assert reading.game == "spellcast" and reading.tiles[1][1] == "N"
    assert reading.values is not None and reading.values[1][1] == 3
    assert (1, 1) in reading.uncertain_values
    assert not any("table" in n for n in reading.notes)


def test_two_engines_agreeing_on_a_value_under_5_px_lift_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # benchmarks/stress.py 78000: tools.synth wordament-desktop 78001 shrunk to 24 px tiles
    # in a window on a 2560x1440 desktop. Its two I's print a 2, 4.15 source px tall: the
    # matcher read 1 at 0.27 and Tesseract 1 at 0.41, which lifted one to 0.95, and the
    # other I's 1 rose with it (the same letter's value). Both engines read the same few
    # pixels: under 4.5 px their agreement is not a second opinion.
    import importlib
    import zlib

    bench = Path(__file__).resolve().parent.parent / "benchmarks"
    monkeypatch.syspath_prepend(str(bench))
    stress = importlib.import_module("stress")
    from tools.synth import render_board

    board = render_board("wordament-desktop", 78001)
    image = decode_image(board.data)
    quad, pitch = stress._board_of(read_array(image, ReadOptions()))
    name = "gen/wordament-desktop_78001"
    rng = np.random.default_rng([zlib.crc32(name.encode()), zlib.crc32(b"desktop24"), 78000])
    desk = stress.PERTURBATIONS["desktop24"](image, quad, pitch, rng)
    reading = read_array(desk, ReadOptions())
    assert reading.values is not None
    want = board.label["tile_values"]
    for r in range(4):
        for c in range(4):
            if (r, c) not in reading.uncertain_values:
                assert reading.values[r][c] == want[r][c], (r, c)


@pytest.mark.tesseract
def test_a_value_its_letter_vouched_for_is_unsure_when_the_letter_ends_unsure() -> None:
    # benchmarks/stress.py 92100, spellcast-arrows 92100 at 200 px tiles: r3c2 is a 2X
    # tile whose gold S a pink arrow's dot covers, its value a clear 2. Read again at the
    # game's size, the letter came out P, at first sure, and a speck read as the value 4
    # at 0.00001 rose to 0.9 for matching another P's 4 (``same_letter_values``). The P was
    # then doubted (the tile is unsure), but the 4 stayed sure: a confident wrong value.
    # A value lifted for its letter falls back where that letter ends unsure.
    from stressed import stressed

    image, label = stressed("spellcast-arrows", 92100, 92100, "tile200")
    reading = read_array(image, ReadOptions())
    assert reading.values is not None
    want = label["tile_values"]
    for r, row in enumerate(want):
        for c, value in enumerate(row):
            if (r, c) not in reading.uncertain_values:
                assert reading.values[r][c] == value, (r, c)


def test_a_tail_the_value_zone_cut_off_leaves_its_letter_unsure() -> None:
    # benchmarks/stress.py 92600: spellcast-discord 92600 shrunk to 20 px tiles, r3c3 a Q
    # whose tail runs into its 8. The board's value zone cut the tail off with the 8 and
    # left an O, read O at 0.95 (Tesseract agreeing on the same O) and its value 1. What
    # the zone cut off is unknown, as under a line (``TileImage.cut_off``): O and Q differ
    # only there, so the tile is unsure with both listed, and its value with it.
    from stressed import confident_wrong, read_stressed

    reading, want = read_stressed("spellcast-discord", 92600, 92600, "tile20")
    assert want[2][2] == "Q"
    assert reading.tiles[2][2] == "?"
    assert {"O", "Q"} <= {label for label, _ in reading.candidates[2][2]}
    assert (2, 2) in reading.uncertain_values
    assert confident_wrong(reading, want) == []


def test_a_tail_the_first_cut_kept_off_the_value_is_not_given_to_it() -> None:
    # tools.synth spellcast-arrows 103173 r2c4 (no line on it): an Open Sans Q whose tail
    # reaches down into the board's value zone without touching its 8. The first cut had
    # the Q whole and the 8 alone; cut again with the zone, the tail went to the value (as
    # two more "digits"), the O left read O at 0.95 and the value 1, both wrong and not
    # flagged. A zone cut that gives the value ink the first cut found the letter's, where
    # that cut found the value in the same corner, is not kept.
    from stressed import confident_wrong

    from tools.synth import render_board

    board = render_board("spellcast-arrows", 103173)
    want = board.label["letters"]
    assert want[1][3] == "Q" and board.label["tile_values"][1][3] == 8
    reading = read_array(decode_image(board.data), ReadOptions())
    assert confident_wrong(reading, want) == []
    assert reading.tiles[1][3] in ("Q", "?")
    assert "Q" in [label for label, _ in reading.candidates[1][3]]
    assert reading.values[1][3] == 8 or (1, 3) in reading.uncertain_values
