"""Stage 4: recognize tiles. Engines sit behind the small ``Recognizer`` protocol.

(Interface fixed; implementation pending.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class TileReading:
    """What the recognizers made of one tile.

    ``label`` is uppercase in display form: "A", "QU", "TH", "RE-", "-ING", "A/B", or ""
    for a blank tile. ``confidence`` is calibrated to 0..1; ``candidates`` lists the best
    labels with their confidences, best first (the first is ``label``).
    ``value``/``bonus`` are the small point value and the bonus square when the tile shows one.
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
