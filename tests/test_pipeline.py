"""The seam (assistant.pipeline): one game decision, one unsure policy, one JSON schema --
and the front-ends (solve, batch, watch) giving the same outcome for the same picture."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import cv2
import pytest
from xvfb import VirtualScreen, desktop

from assistant import pipeline, render
from assistant.board import parse_board
from assistant.cli import main
from assistant.errors import UnknownGameError, UnsureTilesError
from assistant.read import BoardReading

REPO = Path(__file__).resolve().parent.parent
REAL = REPO / "fixtures" / "real"
SHOT = REAL / "wordament" / "blackmonk13_mobile_regular.jpg"
LETTERS = [["E", "S", "F", "E"], ["L", "A", "B", "D"], ["R", "S", "M", "G"], ["E", "I", "U", "E"]]


def _reading(
    *,
    game: str | None,
    confidence: float = 0.95,
    unsure: frozenset[tuple[int, int]] = frozenset(),
    unsure_values: tuple[tuple[int, int], ...] = (),
    values: bool = False,
) -> BoardReading:
    """A reading as the reader makes it (tests of the decision need no picture)."""
    shown = tuple(
        tuple("?" if (r, c) in unsure else LETTERS[r][c] for c in range(4)) for r in range(4)
    )
    return BoardReading(
        rows=4,
        cols=4,
        tiles=shown,
        confidence=tuple(
            tuple(0.3 if (r, c) in unsure else 0.99 for c in range(4)) for r in range(4)
        ),
        candidates=tuple(
            tuple(((LETTERS[r][c], 0.6), ("O", 0.2)) for c in range(4)) for r in range(4)
        ),
        values=tuple(tuple(2 for _ in range(4)) for _ in range(4)) if values else None,
        bonuses=None,
        game=game,
        corners=((0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)),
        elapsed_ms=5.0,
        uncertain_values=unsure_values,
        game_confidence=confidence,
        game_candidates=(("wordament", 0.4), ("ruzzle", 0.35), ("scramble", 0.25)),
    )


# --------------------------------------------------------------------------- decide


def test_the_user_game_wins_then_the_recognised_one() -> None:
    reading = _reading(game="wordament", values=True)
    chosen = pipeline.decide(reading, pipeline.Request(game="Word Hunt"))
    assert (chosen.game, chosen.source, chosen.confidence) == ("wordhunt", "user", 1.0)
    seen = pipeline.decide(reading, pipeline.Request())
    assert (seen.game, seen.source, seen.scored_as) == ("wordament", "picture", "wordament")
    with pytest.raises(UnknownGameError):
        pipeline.decide(reading, pipeline.Request(game="chess"))


def test_an_unsure_or_unrecognised_game_is_unknown_never_stated() -> None:
    for reading in (_reading(game=None, confidence=0.2), _reading(game="generic")):
        outcome = pipeline.outcome_of(reading, pipeline.Request(), None)
        assert outcome.decision.game is None and outcome.decision.source == "unknown"
        assert outcome.decision.scored_as == pipeline.FALLBACK_RULES
        data = outcome.to_json()
        assert data["game"] is None and data["scored_as"] == pipeline.FALLBACK_RULES
        assert data["game_candidates"][0] == ["wordament", 0.4]
        text = render.game_text(outcome)
        assert text.startswith("game unknown: pass --game") and "as a fallback" in text


def test_one_unsure_policy_for_letters_values_and_bonuses() -> None:
    # An unsure point value stops a game that scores with values, not one that does not.
    reading = _reading(game="wordament", values=True, unsure_values=((1, 2),))
    with pytest.raises(UnsureTilesError, match="point value of tile r2c3"):
        pipeline.decide(reading, pipeline.Request())
    boggle = pipeline.decide(reading, pipeline.Request(game="boggle"))
    assert boggle.guessed == () and [u.part for u in boggle.unsure] == ["value"]
    assert boggle.unsure[0].scored is False
    guessed = pipeline.decide(reading, pipeline.Request(best_guess=True))
    assert guessed.guessed == ((1, 2),)
    # An unsure letter matters to every game; reading without solving never stops.
    letters = _reading(game="wordament", unsure=frozenset({(0, 0)}))
    with pytest.raises(UnsureTilesError, match="tile r1c1 unsure"):
        pipeline.decide(letters, pipeline.Request(game="boggle"))
    read_only = pipeline.decide(letters, pipeline.Request(solve=False))
    assert read_only.guessed == () and read_only.unsure[0].seen == "E"


def test_typed_board_outcome_has_the_one_schema() -> None:
    board = parse_board("TestingTheSolver")
    outcome = pipeline.run_board(board, pipeline.Request(), None)
    image = pipeline.outcome_of(_reading(game="wordament", values=True), pipeline.Request(), None)
    text, picture = outcome.to_json(top=3), image.to_json(top=3)
    assert set(text) == set(picture)  # one schema, whatever the source
    assert text["game"] == "boggle" and text["game_source"] == "default"
    assert text["reading"] is None and picture["reading"]["corners"]
    assert isinstance(text["words"], list) and len(text["words"]) == 3
    assert text["word_count"] == len(outcome.words) and text["total_score"] > 0


def _named(cell: str) -> set[str]:
    """The names a README table cell writes as code (`like_this`)."""
    return set(re.findall(r"`([a-z_]+)`", cell))


def test_the_readme_documents_every_key_of_the_one_schema() -> None:
    """README's "JSON output" table names every key ``Outcome.to_json`` writes (the first
    column) and every key of its ``reading`` (that row's list), and nothing else."""
    section = (REPO / "README.md").read_text().split("## JSON output", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| `")]
    documented = set().union(*(_named(cells[0]) for cells in rows))
    reading_row = next(cells[1] for cells in rows if cells[0] == "| `reading`")
    image = pipeline.outcome_of(_reading(game="wordament", values=True), pipeline.Request(), None)
    data = image.to_json(top=3)
    assert documented == set(data)
    listed = _named(reading_row.split(":", 1)[1])
    assert set(data["reading"]) <= listed
    assert listed - set(data["reading"]) <= {"null"}  # "`null` for typed boards"


# --------------------------------------------------------------------------- front-ends agree


SAME = ("game", "game_source", "tiles", "values", "bonuses", "scored_as", "min_len",
        "word_count", "total_score", "words", "guessed")  # fmt: skip


def _same_part(data: dict[str, Any]) -> dict[str, Any]:
    out = {k: data[k] for k in SAME}
    out["unsure"] = [(u["row"], u["col"], u["part"]) for u in data["unsure"]]
    return out


@pytest.mark.display
def test_solve_batch_and_watch_give_the_same_outcome(
    screen: VirtualScreen,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same picture through the three front-ends: the same record, field for field
    (watch reads it off a real X screen, scaled down as a mirrored phone)."""
    assert main(["solve", str(SHOT), "--json", "--top", "10", "--best-guess"]) == 0
    solved = json.loads(capsys.readouterr().out)

    out = tmp_path / "batch.jsonl"
    assert main(["batch", str(SHOT), "--out", str(out), "--jobs", "1", "--top", "10"]) == 0
    capsys.readouterr()
    (batched,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert batched["path"] == str(SHOT) and batched["status"] == "ok"

    image = cv2.imread(str(SHOT))
    assert image is not None
    screen.show(desktop(image))
    monkeypatch.setenv("DISPLAY", screen.display)
    log = tmp_path / "watch.jsonl"
    assert main(["watch", "--once", "--interval", "0.05", "--top", "10", "--output", str(log)]) == 0
    capsys.readouterr()
    (watched,) = [json.loads(line) for line in log.read_text().splitlines()]

    assert solved["tiles"] == LETTERS and solved["game"] == "wordament"
    assert _same_part(batched) == _same_part(solved)
    assert _same_part(watched) == _same_part(solved)
    assert set(batched) - set(solved) == {"path", "sha256", "status"}
    assert set(watched) - set(solved) == {"timestamp", "board_number", "region"}


# --------------------------------------------------------------------------- the registry


def test_the_registry_decides_size_minimum_length_and_q() -> None:
    # A 5x5 Boggle board is Big Boggle: words of 4 letters and more.
    big = pipeline.run_board(parse_board("A" * 25), pipeline.Request(), None)
    assert big.decision.game == "bigboggle" and big.decision.min_len == 4
    typed = pipeline.run_board(
        parse_board("SEVEN/TIESA/BCDFG/HJKLM/NPRST"), pipeline.Request(game="boggle"), None
    )
    assert typed.words and min(len(w.word) for w in typed.words) >= 4
    # --min-len still wins
    three = pipeline.decide(None, pipeline.Request(min_len=3), board=parse_board("A" * 25))
    assert three.min_len == 3
    # a recognised look maps to its record: the scramble look is scored as Scramble
    scramble = pipeline.decide(_reading(game="scramble", values=True), pipeline.Request())
    assert scramble.game == "scramble" and scramble.scored_as == "scramble"


def test_spellcast_text_reads_a_bare_q_as_q(capsys: pytest.CaptureFixture[str]) -> None:
    board = "QATSE/ABCDE/EFGHE/IJKLE/MNOPE"
    assert main(["solve", board, "--game", "spellcast", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tiles"][0][0] == "Q" and data["game"] == "spellcast"
    assert main(["solve", board, "--game", "bigboggle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tiles"][0][0] == "QU"  # Boggle's Qu die
