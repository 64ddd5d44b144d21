"""Render the shipped glyph templates (templates/glyphs/*/*.png) and templates/manifest.json.

Run from the repository root whenever the font list or the character set changes, then commit
the PNGs and the manifest::

    .venv/bin/python templates/render_templates.py

Each PNG holds one character, white (255) ink on black (0), cropped to the ink with a
``MARGIN_PX`` border, rendered at ``SIZE_PX`` pixels per em. The recognizer normalizes these
exactly as it normalizes glyphs cut from tiles, so the render size only needs to be large
enough to keep the stroke shapes (64 px per em gives cap heights of about 46 px).

Fonts come from Debian packages (fonts-dejavu-core, fonts-roboto-unhinted, fonts-open-sans,
fonts-noto-core, fonts-lato, fonts-league-spartan, fonts-croscore; League Spartan, a
geometric face, is close to the lettering of Boggle dice; Arimo, from croscore, has the
shapes and metrics of Arial and Helvetica, the faces of many phone games and dice sets).
Their licences (Bitstream Vera, Apache-2.0, SIL OFL 1.1) allow using and redistributing the
fonts, and rendered glyph bitmaps are output made with them. Liberation 1.07 (GPL-2 with a
font exception) is left out on purpose to keep the shipped data under permissive terms
only; Arimo (SIL OFL 1.1 as Debian ships it) draws the same letters.

The character set: A-Z (tile letters), lowercase u (the "u" of a "Qu" tile), 0-9 (point
values), "-" (prefix/suffix tiles) and "/" (either/or tiles). The digits of every sans face
are also rendered small (``SMALL_EMS``: cap heights of about 6, 8 and 11 px, drawn four
times larger and averaged down, as a screen's anti-aliasing does): point values are often
only a few pixels tall, and a blurred small digit matches the shapes of small renders much
better than those of a sharp large one (on held-out synthetic Wordament, Ruzzle and
Scramble boards 1,000 of 1,050 value digits read confidently instead of 800, with no wrong
one; real Wordament stays 334/334). The capitals of the bold faces are rendered small
too (``SMALL_LETTER_EMS``, cap heights of about 12 and 17 px), for blurred dice letters
in small photos: an upside-down R at 50 px per die read as P (0.818 against 0.813) and
reads as R with them; on held-out synthetic dice photos the unsure tiles went from 2 to 0
of 615. One bold serif face (Noto Serif Bold) adds the
letters (some dice sets are printed in a serif face); the other serif and monospaced fonts
contribute only their serifed "I": Boggle dice print a serifed I so that it cannot be
mistaken for a rotated bar. (tools.synth prints serif dice in DejaVu Serif Bold, whose
letters are not shipped, so the dice looks measure a serif face the matcher has not seen.)
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

SIZE_PX = 64
MARGIN_PX = 2
SMALL_EMS = (8, 11, 15)  # pixels per em of the small digit renders
SMALL_LETTER_EMS = (16, 24)  # ... and of the small letter renders of the bold faces
SUPERSAMPLE = 4
DIGITS = "0123456789"
CAPITALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
FONT_ROOT = Path("/usr/share/fonts")
SANS_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZu0123456789-/"
SERIF_CHARS = "I"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZu"


@dataclass(frozen=True)
class Font:
    family: str
    weight: str
    path: str  # relative to FONT_ROOT
    licence: str
    chars: str = SANS_CHARS
    # "match": templates the matcher reads tiles with; "drawn": capitals only drawn as a
    # board's font (``recognize.exemplars.board_font``), never matched (manifest "use").
    use: str = "match"

    @property
    def key(self) -> str:
        return f"{self.family}-{self.weight}".replace(" ", "")


FONTS = (
    Font("DejaVu Sans", "Book", "truetype/dejavu/DejaVuSans.ttf", "Bitstream-Vera"),
    Font("DejaVu Sans", "Bold", "truetype/dejavu/DejaVuSans-Bold.ttf", "Bitstream-Vera"),
    Font(
        "Roboto", "Regular", "truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "Apache-2.0"
    ),
    Font("Roboto", "Medium", "truetype/roboto/unhinted/RobotoTTF/Roboto-Medium.ttf", "Apache-2.0"),
    Font("Roboto", "Bold", "truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf", "Apache-2.0"),
    Font("Open Sans", "Regular", "truetype/open-sans/OpenSans-Regular.ttf", "Apache-2.0"),
    Font("Open Sans", "Semibold", "truetype/open-sans/OpenSans-Semibold.ttf", "Apache-2.0"),
    Font("Open Sans", "Bold", "truetype/open-sans/OpenSans-Bold.ttf", "Apache-2.0"),
    Font("Noto Sans", "Regular", "truetype/noto/NotoSans-Regular.ttf", "OFL-1.1"),
    Font("Noto Sans", "Bold", "truetype/noto/NotoSans-Bold.ttf", "OFL-1.1"),
    Font(
        "DejaVu Sans Condensed", "Book", "truetype/dejavu/DejaVuSansCondensed.ttf", "Bitstream-Vera"
    ),
    Font(
        "DejaVu Sans Condensed",
        "Bold",
        "truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
        "Bitstream-Vera",
    ),
    Font(
        "Roboto Condensed",
        "Regular",
        "truetype/roboto/unhinted/RobotoCondensed-Regular.ttf",
        "Apache-2.0",
    ),
    Font(
        "Roboto Condensed",
        "Bold",
        "truetype/roboto/unhinted/RobotoCondensed-Bold.ttf",
        "Apache-2.0",
    ),
    Font("Open Sans Condensed", "Bold", "truetype/open-sans/OpenSans-CondBold.ttf", "Apache-2.0"),
    Font("Arimo", "Regular", "truetype/croscore/Arimo-Regular.ttf", "OFL-1.1"),
    Font("Arimo", "Bold", "truetype/croscore/Arimo-Bold.ttf", "OFL-1.1"),
    Font("Lato", "Regular", "truetype/lato/Lato-Regular.ttf", "OFL-1.1"),
    Font("Lato", "Bold", "truetype/lato/Lato-Bold.ttf", "OFL-1.1"),
    Font("League Spartan", "Medium", "opentype/league-spartan/LeagueSpartan-Medium.otf", "OFL-1.1"),
    Font("League Spartan", "Bold", "opentype/league-spartan/LeagueSpartan-Bold.otf", "OFL-1.1"),
    Font(
        "DejaVu Serif",
        "Bold",
        "truetype/dejavu/DejaVuSerif-Bold.ttf",
        "Bitstream-Vera",
        SERIF_CHARS,
    ),
    Font("Noto Serif", "Bold", "truetype/noto/NotoSerif-Bold.ttf", "OFL-1.1", LETTERS),
    Font("Noto Serif", "Regular", "truetype/noto/NotoSerif-Regular.ttf", "OFL-1.1", SERIF_CHARS),
    Font(
        "DejaVu Sans Mono",
        "Book",
        "truetype/dejavu/DejaVuSansMono.ttf",
        "Bitstream-Vera",
        SERIF_CHARS,
    ),
    Font(
        "DejaVu Sans Mono",
        "Bold",
        "truetype/dejavu/DejaVuSansMono-Bold.ttf",
        "Bitstream-Vera",
        SERIF_CHARS,
    ),
    # Heavy weights, drawn only: a crossed letter's rivals without a clean copy on the board
    # are drawn in the font its clean letters are printed in, and games print their tiles
    # in heavy faces too (SpellCast's letters are black-weight) that the bold templates
    # fit at 0.07-0.10 only (over ExemplarConfig.font_fit). Not matched: reading every
    # tile against them too would change every look's readings.
    Font(
        "Open Sans", "ExtraBold", "truetype/open-sans/OpenSans-ExtraBold.ttf", "Apache-2.0",
        CAPITALS, "drawn",
    ),  # fmt: skip
    Font(
        "Roboto", "Black", "truetype/roboto/unhinted/RobotoTTF/Roboto-Black.ttf", "Apache-2.0",
        CAPITALS, "drawn",
    ),  # fmt: skip
    Font("Lato", "Black", "truetype/lato/Lato-Black.ttf", "OFL-1.1", CAPITALS, "drawn"),
    Font(
        "League Spartan", "Black", "opentype/league-spartan/LeagueSpartan-Black.otf", "OFL-1.1",
        CAPITALS, "drawn",
    ),  # fmt: skip
)


def file_stem(ch: str) -> str:
    """A file name for a character that is safe on every file system."""
    names = {"-": "hyphen", "/": "slash"}
    if ch in names:
        return names[ch]
    return f"{ch}_lower" if ch.islower() else ch


def render(font: ImageFont.FreeTypeFont, ch: str) -> Image.Image:
    """One character, white on black, cropped to its ink plus MARGIN_PX."""
    canvas = Image.new("L", (SIZE_PX * 3, SIZE_PX * 3), 0)
    ImageDraw.Draw(canvas).text((SIZE_PX, SIZE_PX), ch, fill=255, font=font)
    box = canvas.getbbox()
    if box is None:
        raise SystemExit(f"font {font.getname()} has no ink for {ch!r}")
    left, top, right, bottom = box
    return canvas.crop((left - MARGIN_PX, top - MARGIN_PX, right + MARGIN_PX, bottom + MARGIN_PX))


def render_small(path: Path, em: int, ch: str) -> Image.Image:
    """One character at ``em`` pixels per em, anti-aliased by drawing it ``SUPERSAMPLE``
    times larger and averaging blocks, cropped to its ink plus MARGIN_PX, its strongest
    ink stretched to 255."""
    big = ImageFont.truetype(str(path), em * SUPERSAMPLE)
    side = em * SUPERSAMPLE * 3
    canvas = Image.new("L", (side, side), 0)
    ImageDraw.Draw(canvas).text((side // 3, side // 3), ch, fill=255, font=big)
    small = canvas.resize((side // SUPERSAMPLE, side // SUPERSAMPLE), Image.Resampling.BOX)
    box = small.getbbox()
    if box is None:
        raise SystemExit(f"font {path.name} has no ink for {ch!r} at {em} px")
    left, top, right, bottom = box
    crop = small.crop((left - MARGIN_PX, top - MARGIN_PX, right + MARGIN_PX, bottom + MARGIN_PX))
    peak = crop.getextrema()[1]
    # A thin stroke never covers a whole pixel: stretch the ink to full strength, as the
    # cut measures ink against the strongest ink around it.
    return crop.point(lambda v: min(255, round(v * 255 / peak)))


def main(out_dir: Path) -> int:
    manifest: list[dict[str, object]] = []
    for spec in FONTS:
        path = FONT_ROOT / spec.path
        if not path.exists():
            raise SystemExit(f"{path} is missing: sudo apt-get install {package_hint(spec)}")
        font = ImageFont.truetype(str(path), SIZE_PX)
        folder = out_dir / "glyphs" / spec.key
        folder.mkdir(parents=True, exist_ok=True)
        for ch in spec.chars:
            rel = Path("glyphs") / spec.key / f"{file_stem(ch)}.png"
            render(font, ch).save(out_dir / rel, optimize=True)
            manifest.append(
                {
                    "file": rel.as_posix(),
                    "char": ch,
                    "font": spec.family,
                    "weight": spec.weight,
                    "size": SIZE_PX,
                    "licence": spec.licence,
                    **({"use": spec.use} if spec.use != "match" else {}),
                }
            )
        small: list[tuple[int, str]] = []
        if spec.chars == SANS_CHARS:
            small += [(em, ch) for em in SMALL_EMS for ch in DIGITS]
        if spec.use == "match" and spec.weight == "Bold" and set(CAPITALS) <= set(spec.chars):
            small += [(em, ch) for em in SMALL_LETTER_EMS for ch in CAPITALS]
        for em, ch in small:
            rel = Path("glyphs") / spec.key / f"{file_stem(ch)}_em{em}.png"
            render_small(path, em, ch).save(out_dir / rel, optimize=True)
            manifest.append(
                {
                    "file": rel.as_posix(),
                    "char": ch,
                    "font": spec.family,
                    "weight": spec.weight,
                    "size": em,
                    "licence": spec.licence,
                }
            )
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return 0


def package_hint(spec: Font) -> str:
    return {
        "DejaVu": "fonts-dejavu-core",
        "Roboto": "fonts-roboto-unhinted",
        "Open": "fonts-open-sans",
        "Noto": "fonts-noto-core",
        "Lato": "fonts-lato",
        "League": "fonts-league-spartan",
        "Arimo": "fonts-croscore",
    }[spec.family.split()[0]]


if __name__ == "__main__":
    sys.exit(main(Path(__file__).resolve().parent))
