"""The house has three floors (STYLE.md, "The house we are heading for"; README, "Layout"):
front-ends call the seam (``assistant.pipeline``), the seam calls the stages, and nothing
imports a floor above its own. Checked on the source with ``ast``: every ``import`` of every
module, those made inside functions too.

A front-end may name a stage's *type* for its annotations (imports under
``TYPE_CHECKING``); it never calls a stage: what it runs, it runs through the seam.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "assistant"
# The front-ends, with the presentation of an outcome for people (text, pictures).
FRONT_ENDS = {
    "cli", "batch", "batchpool", "batchrecords", "watch", "live", "web", "render", "overlay",
}  # fmt: skip
SEAM = "pipeline"
# What a front-end may use besides the seam and the other front-ends: the facts (board
# model, game registry, errors, version), the geometry building blocks (points, boxes,
# quads: to draw on a picture) and the edges it reads its input from (files, the screen,
# the word list, the dice sets for `random`).
FRONT_END_MAY_USE = {
    "board", "errors", "registry", "version", "geometry", "files", "capture", "dictionary",
    "dice",
}  # fmt: skip


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        name = ".".join(p for p in parts if p != "__init__")
        out[name] = path
    return out


def _imports(path: Path, *, types: bool) -> set[str]:
    """The ``assistant`` modules ``path`` imports ("" for the package root), without those
    under ``if TYPE_CHECKING:`` unless ``types``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    if not types:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip.update(id(n) for n in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name == "assistant" and isinstance(node, ast.ImportFrom):
                # `from assistant import pipeline` names a module; `... import X` the root
                found.update(
                    a.name if (PACKAGE / f"{a.name}.py").exists() or (PACKAGE / a.name).is_dir()
                    else ""
                    for a in node.names
                )  # fmt: skip
            elif name == "assistant" or name.startswith("assistant."):
                found.add(name.removeprefix("assistant").removeprefix("."))
    return found


def _floor(module: str) -> str:
    top = module.split(".")[0]
    if top in FRONT_ENDS or module == "__main__":
        return "front-end"
    if module == SEAM:
        return "seam"
    if module == "":
        return "root"
    return "stage"


MODULES = _modules()


def test_the_layout_is_what_the_readme_says() -> None:
    assert {"pipeline", "cli", "watch", "batch", "read", "registry"} <= set(MODULES)
    assert {_floor(m) for m in MODULES} == {"front-end", "seam", "stage", "root"}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _floor(m) == "front-end"))
def test_front_ends_run_only_the_seam(module: str) -> None:
    below = {
        m
        for m in _imports(MODULES[module], types=False)
        if _floor(m) not in ("front-end", "seam") and m.split(".")[0] not in FRONT_END_MAY_USE
    }
    assert below == set(), f"{module} calls {sorted(below)} directly: go through pipeline"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _floor(m) in ("seam", "stage")))
def test_nothing_imports_a_floor_above_its_own(module: str) -> None:
    floors = {"seam": 1, "stage": 0}
    mine = floors[_floor(module)]
    above = {
        m
        for m in _imports(MODULES[module], types=True)
        if _floor(m) in ("front-end", "root") or (_floor(m) == "seam" and mine < 1)
    }
    assert above == set(), f"{module} imports {sorted(above)}, a floor above its own"


# Inside the stages, the vision stages that measure pixels and hand tiles up sit below the
# recognizer (STYLE.md: load/capture, locate, cut, then recognize; the look -- game and bonus
# squares -- measures pixels too): they never import it, nor the reader that drives them all.
# What they need of it is passed in (``bonus.TextReader``, given by ``read``).
VISION_BELOW_RECOGNIZER = {
    "geometry", "colour", "imageio", "capture", "locate", "cut", "values", "bonus", "games",
}  # fmt: skip
RECOGNIZER_AND_ABOVE = {"recognize", "copies", "read"}


@pytest.mark.parametrize("module", sorted(VISION_BELOW_RECOGNIZER))
def test_vision_stages_do_not_reach_up_into_the_recognizer(module: str) -> None:
    assert module in MODULES, f"{module} is gone: update VISION_BELOW_RECOGNIZER"
    above = {
        m for m in _imports(MODULES[module], types=True) if m.split(".")[0] in RECOGNIZER_AND_ABOVE
    }
    assert above == set(), f"{module} imports {sorted(above)}: pass what it needs in instead"
