"""boggle-assistant: read Boggle-style letter grids from images and list every word.

The library is usable without the CLI:

>>> import assistant
>>> result = assistant.solve(assistant.parse_board("TestingTheSolver"), game="boggle")
>>> best = result.words[0]
>>> best.word, best.score, best.path[:2]
('seventies', 11, ((2, 2), (3, 2)))

Image support (``assistant.read_image``) imports OpenCV lazily, so solving typed boards
never loads an image library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.board import Board, Bonus, Tile, TileKind, parse_board
from assistant.errors import AssistantError, ExitCode
from assistant.version import __version__

if TYPE_CHECKING:
    from assistant.dictionary import Dictionary, load_dictionary
    from assistant.read import BoardReading, read_image
    from assistant.solver import Solution, WordPath, solve


_LAZY = {
    "solve": "assistant.solver",
    "Solution": "assistant.solver",
    "WordPath": "assistant.solver",
    "Dictionary": "assistant.dictionary",
    "load_dictionary": "assistant.dictionary",
    "read_image": "assistant.read",
    "BoardReading": "assistant.read",
}

__all__ = [
    "AssistantError",
    "Board",
    "BoardReading",
    "Bonus",
    "Dictionary",
    "ExitCode",
    "Solution",
    "Tile",
    "TileKind",
    "WordPath",
    "__version__",
    "load_dictionary",
    "parse_board",
    "read_image",
    "solve",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'assistant' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
