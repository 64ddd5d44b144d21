"""Tesseract behind one small module: the second opinion and the fallback engine.

All tiles to read go into ONE picture (a sheet: one tile glyph per line, black on white,
upright at the turn the template matcher found) and ONE ``tesseract`` process
(``image_to_data``, page segmentation mode 6, a character whitelist); words are mapped back
to tiles by the line they sit on. Tesseract is never started once per tile.

``available()`` and ``version()`` say whether the binary is there; ``require()`` raises
``MissingDependencyError`` with the install hint when it is not.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from assistant.cut import TileImage
from assistant.errors import MissingDependencyError
from assistant.recognize import Candidate
from assistant.recognize.matcher import assemble_label

INSTALL_HINT = "install it with: sudo apt-get install tesseract-ocr (Debian/Ubuntu)"
MISSING_NOTE = "tesseract-ocr is not installed, so no second engine checked this tile"
"""The note an unsure tile carries when Tesseract was wanted but is missing (the reader
then reports the board as needing a missing dependency: exit 10, not 9)."""
WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZu-/"
DIGITS = "0123456789"


@dataclass(frozen=True)
class TesseractConfig:
    """Tuned numbers for the Tesseract sheet.

    Tuned on the glyphs of fixtures/real: Tesseract 5 (LSTM) reads single capitals best at
    cap heights of 40-60 px with at least half a line of white around them; psm 6 ("a
    uniform block of text") keeps one line per tile, psm 7/8/10 would need one call each.
    A lone I thinner than a quarter of its height is taken for a rule line and dropped
    (11 of 160 tiles); thickened to that width, all of them are read.
    """

    line_height: int = 48  # glyph height on the sheet (px)
    gap: int = 40  # white space between lines and around the sheet (px)
    psm: int = 6
    timeout: float = 10.0  # seconds for the whole sheet
    min_conf: float = 0.0  # Tesseract word confidences (0-100) below this are dropped
    min_width: float = 0.25  # thinner glyphs are thickened to this share of the line height
    # The binary glyph, not the anti-aliased one (TileImage.alpha): with anti-aliased dice
    # glyphs Tesseract missed or misread many more synthetic dice letters.
    soft: bool = False
    # ...but a bold blurred dice glyph that the binary line leaves unread (a clear E, D or
    # R in a heavy face: Tesseract returns no word at all) is read again, anti-aliased.
    soft_retry: bool = True
    # Point values: the anti-aliased digits scaled smoothly to this height read best (on the
    # value digits of held-out synthetic Wordament and Scramble boards 603/612 right, none
    # wrong; the binary mask: 7 wrong); SpellCast's 5-px digits: 70 % right, 6 % wrong.
    number_height: int = 40
    # A glyph whose strokes are heavier than this share of the line height (twice its
    # area over its outline's length) is thinned by a pixel all round, once: Tesseract
    # finds no text at all on a sheet of such blobs (a blurred gold SpellCast letter cut at
    # the low ink threshold; five bold tiles of spellcast-discord 9158 read as nothing,
    # thinned all five right).
    heavy: float = 0.22
    # OpenMP threads per Tesseract process (its ``OMP_THREAD_LIMIT``, unless the user set
    # one): Tesseract 5's default of several threads for one small sheet spins more than
    # it works. A 14 px SpellCast board (benchmarks/stress.py 116300, tile14) took 17.5 s
    # to read with the default, 6.9 s with one thread, on 2 cores (the Tesseract FAQ
    # advises one thread where processes run side by side). None leaves it alone.
    threads: int | None = 1


def _cmd() -> str:
    import pytesseract

    return str(pytesseract.pytesseract.tesseract_cmd)


def available() -> bool:
    """Whether the tesseract binary (pytesseract's ``tesseract_cmd``) can be run."""
    try:
        import pytesseract
    except ImportError:
        return False
    if shutil.which(_cmd()) is None:
        return False
    try:
        pytesseract.get_tesseract_version()
    except (pytesseract.TesseractNotFoundError, OSError):
        return False
    return True


def version() -> str | None:
    """The tesseract version ("5.3.0"), or None when it is not installed."""
    if not available():
        return None
    import pytesseract

    return str(pytesseract.get_tesseract_version())


def require() -> None:
    """Raise ``MissingDependencyError`` (with the install hint) unless Tesseract runs."""
    if not available():
        raise MissingDependencyError(
            f"tesseract-ocr is not installed (looked for {_cmd()!r})", hint=INSTALL_HINT
        )


@dataclass(frozen=True)
class Sheet:
    """The composed picture and the vertical band (y0, y1) of each tile's line."""

    image: npt.NDArray[np.uint8]
    bands: tuple[tuple[int, int], ...]


def compose_sheet(
    tiles: Sequence[TileImage], turns: Sequence[int], config: TesseractConfig | None = None
) -> Sheet:
    """One tile glyph per line, black on white, each turned upright by its ``turns`` entry
    and scaled to ``line_height``."""
    cfg = config or TesseractConfig()
    lines = []
    for tile, turn in zip(tiles, turns, strict=True):
        source = tile.alpha if (cfg.soft and tile.alpha is not None) else tile.glyph
        x, y, w, h = cv2.boundingRect(tile.glyph)
        glyph = source[y : y + h, x : x + w]
        if glyph.size == 0:
            glyph = np.zeros((cfg.line_height, cfg.line_height), np.uint8)
        glyph = np.ascontiguousarray(np.rot90(glyph, turn))
        h, w = glyph.shape
        scale = cfg.line_height / h
        size = (max(1, round(w * scale)), cfg.line_height)
        line = np.asarray(cv2.resize(glyph, size, interpolation=cv2.INTER_AREA), np.uint8)
        line = _thinned(line, cfg.heavy)
        lines.append(255 - _thicken(line, int(cfg.min_width * cfg.line_height)))
    return _stack(lines, cfg.line_height, cfg.gap)


def compose_number_sheet(
    pictures: Sequence[npt.NDArray[np.uint8]], config: TesseractConfig | None = None
) -> Sheet:
    """One picture (ink 255: a tile's point value, anti-aliased) per line, black on white,
    scaled smoothly to ``number_height``."""
    cfg = config or TesseractConfig()
    lines = []
    for picture in pictures:
        x, y, w, h = cv2.boundingRect(picture)
        crop = picture[y : y + h, x : x + w] if w and h else np.zeros((2, 2), np.uint8)
        scale = cfg.number_height / crop.shape[0]
        size = (max(1, round(crop.shape[1] * scale)), cfg.number_height)
        line = np.asarray(cv2.resize(crop, size, interpolation=cv2.INTER_CUBIC), np.uint8)
        lines.append(255 - _thicken(line, int(cfg.min_width * cfg.number_height)))
    return _stack(lines, cfg.number_height, cfg.gap)


def _thinned(line: npt.NDArray[np.uint8], heavy: float) -> npt.NDArray[np.uint8]:
    """A glyph line (ink 255) thinned by a pixel all round when its strokes are heavier
    than ``heavy`` of its height (``TesseractConfig.heavy``)."""
    ink = (line > 127).astype(np.uint8)
    area = int(np.count_nonzero(ink))
    if area == 0:
        return line
    outlines, _ = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    length = sum(cv2.arcLength(c, True) for c in outlines)
    if length == 0 or 2 * area / length <= heavy * line.shape[0]:
        return line
    return np.asarray(cv2.erode(line, np.ones((3, 3), np.uint8)), np.uint8)


def _thicken(line: npt.NDArray[np.uint8], least: int) -> npt.NDArray[np.uint8]:
    """A glyph line narrower than ``least`` px widened to it: Tesseract drops a lone thin
    bar (an I, a 1) as a rule line."""
    if line.shape[1] >= least:
        return line
    grow = least - line.shape[1] + 1
    padded = np.pad(line, ((0, 0), (grow, grow)))
    return np.asarray(cv2.dilate(padded, np.ones((1, grow), np.uint8)), np.uint8)


def _stack(lines: Sequence[npt.NDArray[np.uint8]], line_height: int, gap: int) -> Sheet:
    width = max(line.shape[1] for line in lines) + 2 * gap
    height = len(lines) * (line_height + gap) + gap
    sheet = np.full((height, width), 255, np.uint8)
    bands = []
    y = gap
    for line in lines:
        sheet[y : y + line.shape[0], gap : gap + line.shape[1]] = line
        bands.append((y, y + line.shape[0]))
        y += line_height + gap
    return Sheet(sheet, tuple(bands))


class TesseractRecognizer:
    """Reads a batch of tiles with one tesseract call. ``turns`` (quarter turns per tile,
    from the template matcher) put dice upright first; upright otherwise."""

    name = "tesseract"

    def __init__(self, config: TesseractConfig | None = None) -> None:
        self.config = config or TesseractConfig()
        if self.config.threads is not None:
            # pytesseract takes no environment: its processes inherit ours (a user's own
            # setting stands).
            os.environ.setdefault("OMP_THREAD_LIMIT", str(self.config.threads))

    def recognize(
        self, tiles: Sequence[TileImage], turns: Sequence[int] | None = None
    ) -> list[list[Candidate]]:
        require()

        out: list[list[Candidate]] = [[] for _ in tiles]
        readable = [i for i, t in enumerate(tiles) if not t.blank]
        for i, t in enumerate(tiles):
            if t.blank:
                out[i] = [Candidate("", 1.0, engine=self.name)]
        if not readable:
            return out
        chosen = [tiles[i] for i in readable]
        sheet = compose_sheet(
            chosen, [turns[i] if turns else 0 for i in readable], self.config
        )  # fmt: skip
        words = self._read_sheet(sheet, WHITELIST)
        retry = self.config.soft_retry and not self.config.soft
        unread = [
            line
            for line, i in enumerate(readable)
            if retry and not words[line] and tiles[i].alpha is not None
        ]
        if unread:
            soft = replace(self.config, soft=True)
            again = compose_sheet(
                [chosen[line] for line in unread],
                [turns[readable[line]] if turns else 0 for line in unread],
                soft,
            )
            for line, found in zip(unread, self._read_sheet(again, WHITELIST), strict=True):
                words[line] = found
        retried = set(unread)  # read again, anti-aliased
        for line, i in enumerate(readable):
            found = sorted(words[line])
            if not found:
                out[i] = []
                continue
            text = "".join(w for _, w, _ in found)
            label, valid = assemble_label(list(text))
            conf = min(c for _, _, c in found) * (1.0 if valid else 0.5)
            turn = turns[i] if turns else 0
            out[i] = [Candidate(label, conf, conf, turn, self.name, soft=line in retried)]
        return out

    def read_numbers(self, pictures: Sequence[npt.NDArray[np.uint8]]) -> list[tuple[str, float]]:
        """Read each picture (ink 255: a tile's point value) as digits, all in one tesseract
        call: (digits, confidence 0..1) per picture, ("", 0.0) where nothing was read."""
        require()
        if not pictures:
            return []
        sheet = compose_number_sheet(pictures, self.config)
        out = []
        for found in self._read_sheet(sheet, DIGITS):
            found.sort()
            text = "".join(w for _, w, _ in found)
            out.append((text, min((c for _, _, c in found), default=0.0)))
        return out

    def _read_sheet(self, sheet: Sheet, whitelist: str) -> list[list[tuple[int, str, float]]]:
        """One tesseract call: the words of each line of ``sheet`` as (left, text, conf)."""
        import pytesseract

        options = f"--psm {self.config.psm} -c tessedit_char_whitelist={whitelist}"
        try:
            data = pytesseract.image_to_data(
                sheet.image,
                config=options,
                output_type=pytesseract.Output.DICT,
                timeout=self.config.timeout,
            )
        except pytesseract.TesseractNotFoundError as err:
            raise MissingDependencyError(str(err), hint=INSTALL_HINT) from None
        except RuntimeError as err:  # pytesseract's timeout
            raise MissingDependencyError(
                f"tesseract did not answer within {self.config.timeout:.0f} s ({err})",
                hint="check that tesseract-ocr runs: tesseract --version",
            ) from None
        words: list[list[tuple[int, str, float]]] = [[] for _ in sheet.bands]
        for text, conf, left, top, height in zip(
            data["text"], data["conf"], data["left"], data["top"], data["height"], strict=True
        ):
            text = str(text).strip()
            score = float(conf)
            if not text or score < self.config.min_conf:
                continue
            centre = int(top) + int(height) / 2
            for line, (y0, y1) in enumerate(sheet.bands):
                if y0 - self.config.gap / 2 <= centre < y1 + self.config.gap / 2:
                    words[line].append((int(left), text, score / 100.0))
                    break
        return words
