"""The letter templates as a reader of bonus badges' text (``assistant.bonus.TextReader``).

The bonus stage sits below the recognizer and never imports it: the board reader passes
this in, and the badge's characters are matched to the shipped letter templates here.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from assistant.geometry import Box, Mask
from assistant.recognize.glyphs import char_groups, features, holes, raster
from assistant.recognize.store import TemplateSet, load_templates


class BadgeText:
    """Reads badge characters with ``templates`` (default: the shipped set, loaded once per
    process; later reads cost ~0.1 ms). ``hole_penalty`` is what a character's hole count
    disagreeing with a template's costs its score (as for badge text since it was read)."""

    def __init__(self, templates: TemplateSet | None = None, *, hole_penalty: float = 0.15):
        self._templates = templates
        self._hole_penalty = hole_penalty

    def char_groups(self, boxes: Sequence[Box], w: int, h: int) -> list[list[int]]:
        return char_groups(boxes, 0, w, h)

    def char_scores(
        self, masks: Sequence[Mask], alphabet: str
    ) -> tuple[tuple[str, ...], npt.NDArray[np.float32]]:
        reader = (self._templates or load_templates()).subset(alphabet)
        feats = np.stack([features(raster(m)).ravel() for m in masks])
        hole_counts = np.array([holes(m) for m in masks], np.int8)
        scores = reader.class_scores(feats, hole_counts, self._hole_penalty)
        return reader.classes, scores
