"""Stage 4: recognize tiles. Engines sit behind the small ``Recognizer`` protocol.

``recognize_tiles`` runs the template matcher on every tile, asks Tesseract (one call for
the whole board) about the tiles the matcher is unsure of, and returns one ``TileReading``
per tile with a calibrated confidence. Nothing is guessed silently: a reading below
``RecognizeConfig.threshold`` keeps its best candidates so the caller can refuse or ask.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from assistant.recognize.glyphs import GlyphConfig

if TYPE_CHECKING:
    from assistant.cut import TileImage


@dataclass(frozen=True)
class TileReading:
    """What the recognizers made of one tile.

    ``label`` is uppercase in display form: "A", "QU", "TH", "RE-", "-ING", "A/B", or ""
    for a blank tile. ``confidence`` is calibrated to 0..1; ``candidates`` lists the best
    labels with their confidences, best first (the first is ``label``).
    ``value``/``bonus`` are the small point value and the bonus square when the tile shows one.
    ``turn`` is how many counter-clockwise quarter turns made the glyph upright (dice);
    ``note`` says what would help when the reading is unsure (e.g. installing Tesseract).
    """

    row: int
    col: int
    label: str
    confidence: float
    candidates: tuple[tuple[str, float], ...]
    value: int | None = None
    value_confidence: float = 1.0
    bonus: str | None = None
    engine: str = "template"
    turn: int = 0
    note: str = ""


@dataclass(frozen=True)
class Candidate:
    """One engine's guess for a tile: ``label`` (TileReading form), calibrated
    ``confidence``, the engine's raw ``score``, the quarter ``turn`` it was read at."""

    label: str
    confidence: float
    score: float = 0.0
    turn: int = 0
    engine: str = ""


class Recognizer(Protocol):
    """An engine: reads a batch of tiles at once (Tesseract needs one call per board)."""

    name: str

    def recognize(self, tiles: Sequence[TileImage]) -> list[list[Candidate]]:
        """Candidates per tile, best first, in the order of ``tiles``."""
        ...


@dataclass(frozen=True)
class RecognizeConfig:
    """Tuned numbers for recognizing tiles.

    Calibration (``calib_*``): a character's confidence is
    ``sigmoid(calib_bias + calib_score * s1 + calib_margin * (s1 - s2))`` where s1 is its
    best class score and s2 the best other class's. The three numbers are a logistic fit
    (``python -m assistant.recognize.calibrate fixtures/real``) of 171 true readings of
    fixtures/real (positives) against a stress set of wrong readings: each character read
    again with its true class withheld, which is what an unknown font or a mis-cut glyph
    looks like to the matcher (negatives, weighted equally). A tile's confidence is the
    product over its characters; a different reading at another quarter turn of a die
    competes like a runner-up class.
    """

    threshold: float = 0.8  # readings below this are unsure: the caller must not use them
    glyph: GlyphConfig = field(default_factory=GlyphConfig)
    calib_bias: float = -118.0
    calib_score: float = 130.0
    calib_margin: float = 40.0
    hole_penalty: float = 0.15  # score lost by a template with another hole count (A/V, R/U)
    rotations: Literal["auto", "upright", "any"] = "auto"  # quarter turns tried (dice: any)
    turn_check: float = 0.93  # tiles reading worse than this upright are tried turned
    turn_evidence: float = 0.05  # a tile reads this much better turned than upright...
    turn_min_tiles: int = 2  # ...on at least this many tiles...
    turn_share: float = 0.1  # ...and this share of the board: the board is dice, any turn
    underline_penalty: float = 0.1  # turns that do not put a die's underline at the bottom
    min_tilt: float = 1.5  # degrees; smaller tilts of the tile face are not undone
    invalid_factor: float = 0.3  # confidence kept by a malformed label ("A-B", "/A")
    obstructed_factor: float = 0.5  # ...and by a tile crossed by a line from outside
    max_candidates: int = 4
    learned_styles: bool = True  # also match styles stored by ``learn``
    # Tesseract (second opinion): agreement removes this share of the remaining doubt,
    # disagreement keeps only this share of the confidence.
    tesseract: Literal["auto", "never", "required"] = "auto"
    agree_weight: float = 0.8
    disagree_factor: float = 0.4
    tesseract_all_multi: bool = True  # also ask about confident multi-letter tiles


def calibrated(score: float, margin: float, config: RecognizeConfig) -> float:
    """The calibrated confidence of a reading with best score ``score`` and ``margin``
    over the best other class (see ``RecognizeConfig``)."""
    z = config.calib_bias + config.calib_score * score + config.calib_margin * margin
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
