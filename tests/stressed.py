"""Pictures of ``benchmarks/stress.py``: one generated board changed one way, exactly as the
benchmark made it (its sources, its changes, its seeding), so that a test can read the
very picture a stress run found wrong."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from assistant.imageio import Image
from assistant.read import BoardReading, ReadOptions, read_array

STRESS = Path(__file__).resolve().parent.parent / "benchmarks" / "stress.py"


@cache
def _stress() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stress", STRESS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("stress", module)
    spec.loader.exec_module(module)
    return module


def stressed(look: str, seed: int, board: int, change: str) -> tuple[Image, dict[str, Any]]:
    """The picture of ``stress.py --seed seed`` for the generated ``look`` board ``board``
    (seed, or seed + 1) under ``change``, and that board's label."""
    stress = _stress()
    # Each generated board stands alone (rendered from its own seed): load only this one.
    sources = stress.load_sources("none", [look], 1, board)
    (source,) = [s for s in sources if s.name == f"gen/{look}_{board}"]
    rng = stress._seed(source.name, change, seed)
    image = stress.PERTURBATIONS[change](source.image, source.corners, source.tile_px, rng)
    return image, dict(source.label)


def read_stressed(
    look: str, seed: int, board: int, change: str
) -> tuple[BoardReading, list[list[str]]]:
    """That picture (``stressed``) read with the default options, and the board's letters
    as the reading shows them (upper case)."""
    image, label = stressed(look, seed, board, change)
    return read_array(image, ReadOptions()), [[t.upper() for t in row] for row in label["letters"]]


def confident_wrong(reading: BoardReading, want: list[list[str]]) -> list[tuple[int, int, str]]:
    """The tiles of ``reading`` read as another letter than ``want``'s, not unsure."""
    return [
        (r, c, reading.tiles[r][c])
        for r, row in enumerate(want)
        for c, letter in enumerate(row)
        if reading.tiles[r][c] not in (letter, "?")
    ]
