"""Stage 3: cut the rectified board into tiles and separate each tile's glyph from the rest.

For every cell of a :class:`~assistant.locate.LocatedBoard` this finds the tile face, the
face colour, and the ink on it, then sorts the ink into

* the **glyph**: the letters in the middle of the tile ("A", "QU", "SUB-", "U/M"), one text
  band of components, left to right;
* the **value**: the small point value printed in a corner (Wordament top-left, Ruzzle
  top-right), above or below the glyph's text band, cut by ``assistant.values``;
* an **underline**: the bar some Boggle dice print under M, W, Z, N, 6, 9 to show which way up
  the die is;
* everything else (bonus badges, specks, letters on the visible sides of dice, the gap between
  tiles, lines drawn across the board), which is dropped.

Ink is "anything far from the face colour" in CIELAB, so dark letters on cream tiles, white
letters on orange tiles, blue or red letters on white dice all work the same way; the
polarity is reported, not assumed.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

from assistant.colour import (
    bgr_to_lab8,
    delta_e,
    hue,
    hue_apart,
    lab8_distance,
    lab8_to_bgr,
    length,
    pixel_distances,
)
from assistant.geometry import (
    CORNERS,
    Box,
    Corner,
    Labels,
    Mask,
    cell_side,
    components,
    corner_zone,
    is_left,
    is_top,
    mask_box,
    overlap,
    union,
)
from assistant.imageio import Image
from assistant.locate import LocatedBoard
from assistant.numeric import distinct, median, percentile
from assistant.values import (
    ValueConfig,
    ValueOption,
    board_corner,
    board_zone,
    corners_to_search,
    find_values,
    tile_default,
    trim_tail,
    zone_misses,
)

# Which corners of a tile hold its frame's badge square (``_frame_area``).
FrameCorners = Literal["all", "left", "top-left"]


class Polarity(Enum):
    DARK_ON_LIGHT = "dark-on-light"
    LIGHT_ON_DARK = "light-on-dark"


class Side(Enum):
    """Where an underline sits relative to the glyph, in the tile crop as seen."""

    BOTTOM = "bottom"
    RIGHT = "right"
    TOP = "top"
    LEFT = "left"


# Quarter turns (counter-clockwise, as np.rot90) that bring an underline on each side, or
# whatever lies there, to the bottom.
UPRIGHT_FOR_UNDERLINE = {Side.BOTTOM: 0, Side.LEFT: 1, Side.TOP: 2, Side.RIGHT: 3}
# Black in OpenCV's 8-bit Lab.
LAB_BLACK = np.array([0.0, 128.0, 128.0])


@dataclass(frozen=True)
class CutConfig:
    """Tuned numbers for cutting tiles.

    Tuned on the tight-crop Wordament fixtures (cream and orange tiles, 480-1059 px boards)
    and hand-rectified crops of the two physical Boggle photos in fixtures/real, resampled to
    128 px cells; distances are CIELAB on OpenCV's 8-bit scale (L 0..255). The ink threshold
    sits in a wide valley: glyph strokes are 110-210 away from the face colour, face shading
    and JPEG noise below 35. The low (hysteresis) threshold keeps hairlines of blurred serif
    dice letters (synthetic boards from tools.synth): 0.35 took the wrong readings there
    from 13 to 5 of 730 tiles; 0.3 (7 wrong) also swelled the small serifed dice I of the
    UO-CIS211 photo into a blob that Tesseract no longer read.
    """

    centre_frac: float = 0.6  # side of the central square whose colours give the face colour
    blank_contrast: float = 45.0  # 99th-percentile ink distance below this: a blank tile
    ink_frac: float = 0.45  # ink = distance above this fraction of the tile's ink contrast
    ink_low_frac: float = 0.35  # ...plus ink above this fraction connected to such ink
    # The face colour's own two halves (``_face_colour``) are face and a letter of another
    # colour where they lie face_apart apart (8-bit CIELAB: SpellCast's cream and gold
    # ~70; a face's shading and JPEG noise under 30), the smaller half is face_share of
    # the pixels or more (an anti-aliased rim, as far from the face, is a few pixels), and
    # the median of both lies nearer the letter than ink_frac of its distance from the
    # tile's darker ink: a letter that takes nearly half of them pulls the median off the
    # face until the letter no longer reaches the ink threshold against it. Only then does
    # the ring pick the face among the halves: spellcast-discord 9101 and 3298, a gold M
    # at 0.47 and 0.45 of the light pixels and 0.34 and 0.44 of the way to the grey value
    # (the M dropped under the threshold, or joined its 4). A gold W at 0.41 and 0.60 of
    # the way (spellcast-discord 3319) read sure against the mix, and against the pure
    # cream its bonus tile's gold glow counted as strokes lost (capped at 0.6). On 3
    # boards of each look, halves of 0.25 and up split off only on SpellCast bonus tiles
    # and 2 Word Hunt tiles.
    face_apart: float = 45.0
    face_share: float = 0.4
    # ...and where it still reached it, the ring's half is the face when the mix leaves a
    # face narrower than face_min_span of the cell across or down (``_narrowest``; a
    # plain tile's face spans ~0.85 of its cell).
    face_min_span: float = 0.5
    # A letter joined to the tile's own frame (``_frame_seam``): the ink at the border is
    # opened by frame_open of the cell, a piece at least frame_letter tall is left in the
    # middle, and the rest lies within frame_band of an edge or badge_band of a corner
    # along both. SpellCast draws a bonus tile's outline ~4 % of the cell thick and its
    # badge ~25 % across on the corner, in the gold of its letter; a big W or M touches
    # the badge (spellcast-discord 3100, 3235, 3376: obstructed, read "?"). Faint ink
    # within frame_band of an edge is no stroke a letter lost either (``_lost_strokes``).
    frame_open: float = 0.06
    frame_letter: float = 0.3
    frame_band: float = 0.12
    badge_band: float = 0.3
    # ...or does so once the badge's disc is taken out (``_badge_disc``): the widest place
    # of the ink in the top-left badge_band, badge_min of the cell or more from the face.
    # SpellCast's badge has a radius of ~0.13 of the cell; a bold letter's stroke is ~0.05
    # of the cell from its middle to its edge.
    badge_min: float = 0.09
    # ...and with the badge out, a letter drawn thinner than the opening (a gold W in a
    # light weight, its strokes ~0.07 of the cell: five pieces, none frame_letter tall,
    # spellcast-discord 116403 r1c1, held out) is opened again by frame_open_thin only:
    # only then (a line's end joined to a T by a wide neck stayed with it at that opening,
    # read "?", spellcast-arrows 114535 r3c3).
    frame_open_thin: float = 0.04
    # A tile's outline bends in at its rounded corners past frame_band: the frame takes in
    # every corner to frame_corner of the cell along both axes too (SpellCast's corner
    # radius is ~0.1 of the tile: its outline reached 16 px in on a 128 px cell, a pixel
    # past the band, and a 2X tile's gold W joined to its badge was taken for a line drawn
    # across the tile, read "?": spellcast-arrows 129444 r1c3).
    frame_corner: float = 0.16
    face_frac: float = 0.3  # a row/column belongs to the face when this share is face-coloured
    min_component: float = 0.0012  # smaller components (share of the cell area) are specks
    band_overlap: float = 0.5  # share of a component's height inside the text band to join it
    band_tall: float = 0.6  # components this tall (share of the band) widen the band
    max_gap: float = 0.2  # largest gap between characters of one glyph (share of the cell)
    # A hyphen (prefix "OVER-", suffix "-IC") can be smaller than a speck: a component under
    # ``min_component`` still joins the glyph when it is a level bar (``hyphen_aspect`` times
    # wider than tall, ``hyphen_width`` shares of the band height wide) at the band's middle
    # height (``hyphen_mid``), just beside the glyph (``hyphen_gap`` x band height). Measured
    # on rendered prefix/suffix tiles in 8 fonts: hyphens are 0.3-0.55 of the cap height wide,
    # their centre at 0.5-0.65 of it, 0.05-0.3 of it from the next letter.
    hyphen_aspect: float = 1.8
    hyphen_width: tuple[float, float] = (0.2, 0.8)
    hyphen_mid: tuple[float, float] = (0.35, 0.75)
    hyphen_gap: float = 0.6
    faint_hyphen_aspect: float = 1.2  # a hyphen paler than the threshold (``_faint_hyphen``)
    # ...looked for in faint ink at lost_frac of the contrast, then at faint_hyphen_frac:
    # a face whose shading lies at lost_frac (a blurred Wordament wood tile, its dark rim
    # spread onto it) joins a blurred hyphen to its rim there, and not at 0.3 ("RE-" read
    # "RE" at 0.95, benchmarks/stress.py 90600, wordament-wood + blur4%).
    faint_hyphen_frac: float = 0.3
    # A piece of the glyph (a hyphen too) is a character only when at least char_tint of
    # its pixels are of the main piece's tint (a face-ink mix within ``lost_tint``): an
    # arrowhead of a blue line beside an S, the line too pale to be ink, was read as a
    # hyphen (tools.synth spellcast-arrows 94532: "S-" at 0.95, Tesseract agreeing).
    # Judged on the tile's colours median-filtered over lost_tint_smooth pixels, within
    # char_tint_off: JPEG smears the colour of thin strokes. The T of a white "ST" and the
    # hyphen of "-S" on orange Wordament tiles (92015 and 92029 of session 21's held-out
    # range) had 0.41-0.5 of their pixels within 8 of the mix and were left out (the
    # tiles unsure); so judged, 0.59 and more.
    char_tint: float = 0.5
    char_tint_off: float = 10.0
    # Blobs in the text band under speck_height of the tallest piece's height and speck_area
    # of its ink are dust or sparkles, not characters (the u of "Qu" is 0.7 of the Q's
    # height and half its ink; "/" is tall; a hyphen is a level bar and stays).
    speck_height: float = 0.45
    # ...and so is a sliver at most speck_thin_px thick and under speck_thin of its own
    # length, with under speck_area of the largest piece's ink: a letter's stroke is ~0.08
    # of its height in a light face and several pixels in the cut; a hue-turned Word Hunt
    # U's 1 px edge beside its right stem read "UI" at 0.92 (benchmarks/stress.py 117300,
    # wordhunt-phone + hue180, r2c1).
    speck_thin_px: int = 2
    speck_thin: float = 0.05
    # Glare on a photographed die: CIELAB lightness at least glare_min_l and glare_delta
    # above the face over glare_area of the glyph's box makes the tile obstructed (its
    # reading at most half as sure). White screen tiles (face L 250+) never qualify.
    glare_min_l: float = 235.0
    glare_delta: float = 25.0
    glare_area: float = 0.08
    # Strokes the cut lost: on a blurred serif die the thin strokes (an E's arms, a T's
    # crossbar) can stay under the ink threshold while the thick stem passes it, and what is
    # left is another letter (I, F) that both engines read surely, since both read the cut
    # glyph. Ink over lost_frac of the contrast joined to the glyph, farther from it than
    # lost_reach of the glyph's longer side, over lost_share of that side squared, makes
    # the glyph ``lost_strokes`` (looked for within lost_window of that side around the
    # glyph; not where such faint ink covers lost_flood of that window: an uneven face).
    # Only ink inside the square the letter fills counts (a point value beside it, which
    # faint ink can join to a pale gold SpellCast letter, lies outside). Measured on
    # tools.synth dice (boggle-classic/-big seeds 3000-3019 as drawn, 53000-53014 at 20 px
    # and 53100-53109 at 28 px per die, and boggle-big 15015): the glyphs read wrong as I
    # or F with confidence measured 0.040-0.13; of 1,771 right and sure ones, 2 reached
    # 0.02, both on 20-28 px dice; every tile of fixtures/real, fixtures/synthetic,
    # ../shared/realboards and the screen looks (seeds 3000-3003) measured under it.
    lost_frac: float = 0.2
    lost_reach: float = 0.15
    lost_share: float = 0.02
    # ...or beyond the glyph's box by lost_box_reach of its side: a stroke lost where it
    # carries on one the cut kept (the upper half of a serif T's crossbar on a die on its
    # side, its lower half kept: the rest reads L, matcher and Tesseract alike at 0.95,
    # boggle-big 92509, boggle-classic 95006) lies along the glyph, at most lost_reach
    # from it for most of its length, but well outside its box. On the dice looks
    # (boggle-classic/-big seeds 3000-3019 and 95000-95019, 1,640 tiles) those two T's
    # had 0.031 and 0.035 of the side squared there (lost_share is 0.02); no other tile
    # any (at 0.05 of the side beyond the box, blur halos: 0.001 at most). Only where the
    # letter may reach counts: its box grown along its shorter side to a square either way.
    lost_box_reach: float = 0.1
    lost_window: float = 0.35
    lost_flood: float = 0.5
    # ... and beside the letters, in line with them: a blurred prefix or suffix hyphen
    # ("-ER" read as ER at 0.95) is paler than the ink threshold and lies left or right of
    # the square; only the middle lost_level of the glyph's height counts there (a point
    # value sits in a corner, above or below it), against lost_share of that height
    # squared (a hyphen's size follows the letters' height, not the width of "-ER"), and
    # only ink of the letter's own tint (a line drawn to the tile's centre in another
    # colour, spellcast-arrows seed 3001, is no hyphen).
    lost_level: tuple[float, float] = (0.3, 0.7)
    lost_tint: float = 8.0  # ... in the letter's colour (a*/b* this near a face-ink mix)
    # ...and the median of that faint ink this near it: a pale see-through blue line
    # joined to a black Z at its middle was 6.1 off (its pixels within lost_tint one by
    # one), and the Z, read 0.99, was capped unsure (spellcast-arrows 123940 r0c2).
    lost_tint_whole: float = 4.0
    lost_tint_smooth: int = 7  # ... judged on the tint median-filtered over this many pixels
    speck_area: float = 0.15
    # A glyph running top to bottom (the Qu of a die on its side: Q and u stacked) is
    # taken whole when every stacked piece has this share of the main piece's ink (the u
    # of Qu has about half the Q's; a point value or a gem a tenth or less), its narrower
    # side this share of the main piece's (a die's underline is thinner: 12 px against 36
    # on boggle-big 12005), and its centre this share of the main piece's width from the
    # main piece's (a Ruzzle bonus label above and left of its W was taken in, 3004).
    stack_area: float = 0.25
    stack_side: float = 0.5
    stack_offset: float = 0.25
    # A component under mark_height of the text band's height whose centre lies more than
    # mark_offset of it from the band's middle is a corner mark (a value), not a character.
    mark_height: float = 0.45
    mark_offset: float = 0.2
    values: ValueConfig = field(default_factory=ValueConfig)  # the point values
    # An underline is at least bar_aspect times longer than thick. Blur thickens a bar at
    # both ends and sides alike, so a photo's small die shows its bar at 2.8-2.9 (40 x 14 px
    # on boggle-classic 72018, 31 x 11 on 72042: read "ZI" and "IN" for a turned N and Z);
    # the other pieces beside or under a dice glyph stay under 1.2 (the u of Qu), measured
    # on 200 trays (3000-3009, 72000-72059 classic, 72000-72039 big).
    bar_aspect: float = 2.4
    bar_min_length: float = 0.4  # ... at least this share of the glyph's width
    bar_max_gap: float = 0.45  # ... and this close to the glyph (share of the band height)
    # An underline blur joined to its letter (a small die: a 1-3 px bridge between an M's
    # middle and its bar on boggle-big 72030, a turned Z and its bar on 72038) is cut off at
    # the neck between them: a line across the glyph within bar_window of its extent from
    # one side, crossed by at most bar_neck of the glyph's width there and by at most half
    # of the ink on either side of it, beyond which lies one solid piece (bar_fill of its
    # box) shaped like an underline (the bar_* rules above) and shorter than bar_span of the
    # letter (a T's top, an L's foot or a serif's base spans the whole glyph).
    bar_window: float = 0.35
    bar_neck: float = 0.12
    bar_fill: float = 0.6
    bar_span: float = 0.9
    # ...and the neck is a bridge of blur, at most bar_bridge of the bar's thickness (a
    # serif U lying on its side has an arm joined through its bowl's wall, a stroke as thick
    # as the arm: boggle-classic 72007).
    bar_bridge: float = 0.5
    # ...meeting the bar at least bar_end of its length in from either end (the thin stem
    # of a serif U, its foot joined to the bowl by a hairline, is a bar beside the rest
    # joined at its very end: DejaVu Serif Bold blurred, tests/test_cut).
    bar_end: float = 0.1
    soft_low: float = 0.25  # the anti-aliased glyph (alpha) ramps from this share of the
    soft_high: float = 0.65  # contrast (transparent) to this one (full ink)
    # A letter told from its face by hue as well as lightness (SpellCast's gold letters on
    # cream) is anti-aliased from lightness alone (``_luma_alpha``) where its lightness
    # differs by luma_min or more and its hue (a, b) by at least luma_chroma times as much
    # (8-bit CIELAB, L scaled to 0-255): JPEG keeps colour at half the resolution and
    # quantizes it harder, so at ~30 px tiles the colour distance smeared a gold E's arms
    # into one blob (its soft picture matched E at 0.85; from lightness 0.93-0.97:
    # tools.synth spellcast-discord 3317, 3233; gold on cream differs by 57 in L, 40 in
    # a, b), while lightness is kept sharp. Dark letters differ by hue 0.01-0.03 times as
    # much as by lightness: their alpha is as before.
    luma_min: float = 30.0
    luma_chroma: float = 0.5
    ring_inner: float = 0.12  # the ring that checks the face colour, as inset shares of
    ring_outer: float = 0.2  # the cell (inside gaps and rims, outside most letters)
    frame_fill: float = 0.35  # an enclosing component filling less of its box is a rim
    # ...with no more than this share of the middle third of its box inked (a rim is a
    # ring): a letter joined to the line crossing it encloses the value beside it too
    # (spellcast-arrows 112061 r4c1: an A and a red line, filling 0.32 of their box
    # round the 1, dropped as a rim, and the 1 read as the letter).
    frame_middle: float = 0.05
    frame_span: float = 0.75  # ...and, on a tile a line cut, spanning this share of it
    tilt_open: int = 5  # opening (px) that cuts a die's face from touching neighbours
    max_tilt: float = 20.0  # face outlines turned by more than this are not trusted (degrees)
    # Lines drawn over a tile: their colour is sampled over the face's margin (at least
    # line_min_px pixels), and ink nearer to it than line_colour of its distance from the
    # face colour is line. Checked on the SpellCast look's drawn arrows (tools.synth,
    # seeds 3000-3039): coloured lines come off black and gold letters.
    line_min_px: int = 4
    line_corner_px: int = 24
    # ...and over the band's corners too, where ink is still joined to the border across
    # the middle once the lines are out (line_corners "joined": the tile is cut again so,
    # and that cut kept where it takes every line out; "always", "never"): a line that
    # enters by a corner shows its colour there alone (a red line in by a corner, beside
    # a green one the band's sides found, joined the P under both to the border and the
    # P went with the lines: spellcast-arrows 125739 r1c1). Sampled always, corners took
    # a faint bonus outline's pink for a line, and a spotted red line over an R's leg
    # left it read P at 0.82 (107703 r2c0).
    line_corners: Literal["never", "joined", "always"] = "joined"
    line_colour: float = 0.5
    # ...over the face's outer band, up to line_margin of the cell from its edge: there a
    # line that enters the tile lies on the face, clear of even a wide letter (W, M).
    line_margin: float = 0.15
    line_inset: float = 0.07  # ...from this share of the cell inside the face (not its outline)
    # Ink along a line taken out, within fringe_reach of the cell of it, that an opening
    # fringe_open of the cell wide takes away, is the line's blurred edge (``_line_fringe``;
    # fringe_open 0 keeps it as ink). Session 27, spellcast-arrows 104800-104899 (fresh):
    # 67 -> 72 exact boards, 10 letters read that the fringe had joined to the tile's
    # border or drawn out past the letters' box, none lost; 0.04 the same, 0.07 one worse
    # and one confident wrong letter.
    fringe_reach: float = 0.03
    fringe_open: float = 0.05
    # ...and beside a faint line over the letter (``_faint_line``), the pieces of such ink
    # spur_aspect times as long as wide are the line's darker edge left along it (an
    # outlined see-through teal line left its outline's edge as a thin spur out of an R,
    # read "R-": spellcast-arrows 122351 r3c1); a short blob there is the letter's.
    spur_aspect: float = 3.0
    # A coloured outline round the face (``_outline_colour``: at least outline_share of the
    # ring outline_ring of the cell wide outside the face neither face, gap nor their mix,
    # and outline_side of it on outline_sides of the four sides) keeps the band at least
    # line_band wide, and its mixes with the face and the gap are rim, not line, all
    # round. Session 7, spellcast-arrows 3000-3009 + 94000-94009, the tiles a line crosses:
    # plain ones 0-0.14 of the ring and at most 2 sides but one (0.14, 3 sides), SpellCast
    # bonus tiles 0.17-0.86, 3-4 sides but one (0.17, 2 sides: a 36 px tile); a broad
    # see-through line across a Wordament tile (tests/test_overlays) made 2 sides.
    outline_ring: float = 0.04
    outline_share: float = 0.16
    outline_side: float = 0.1
    outline_sides: int = 3
    line_band: float = 0.04
    # A piece of a line's pixels apart from its strokes (value_off_edge px clear of the
    # face's edge), outside the letters' box in a value corner, at most value_off_line of
    # the letters' height tall and of no hue (a chroma off the face's under value_off_tint)
    # where every line has one (twice that) is the tile's point value
    # (``_values_off_line``): a grey 1 beside a blue line, 1-2 off the face, the line 21-37;
    # a purple line's stretch its mask cut off at the tile's rounded corner, 47-50.
    value_off_edge: int = 2
    value_off_line: float = 0.6
    value_off_tint: float = 10.0
    # ...and on such a tile the badge's disc (``_badge_disc``, grown by a pixel more) is no
    # line either: where it reaches out of the band's corner, its gold (the gold of the
    # tile's letter) was sampled as a line colour and the letter went with the line.
    # Session 23, tools.synth spellcast-arrows: 3000-3099 62 -> 64 boards exact,
    # 91700-91729 20 -> 21, 91100-91129 19, 100000-100029 (held out) 20 -> 22 (gold
    # letters under green, blue and see-through gold lines now read; one blurred 2X tile
    # under two lines, already missed on its board, lost its C); eleven looks (77300) and
    # 80 spellcast-discord boards read as before.
    # With the letter's own ink colour known (pixels of the line component ink_apart of the
    # line's distance from the face away from both), a pixel is line when it lies nearer
    # the face-line or line-ink mixes than the face-ink one, and more than line_face of
    # the line's distance off the face.
    ink_apart: float = 0.6
    ink_off_line: float = 0.25  # a dark blue line (L 55) is this far from a black letter
    # A line's dark outline (its colour darkened, within ink_shade_on of the line's distance
    # from the face off the mixes of the line and black) lies beside the line as the letter
    # does: where at least ink_shade_share of those pixels are such and as many lie
    # ink_shade_off or more off those mixes, the latter are the letter's ink. Their
    # median mixed a gold E's ink with a blue line's outline (L 169, b 151: neither),
    # and the E's bottom arm under the see-through blue went for face: F at 0.98
    # (spellcast-arrows 114524 r2c3, a fresh seed). Only for undoing the blend: telling
    # the line from the letter with it lost a gold B and N to the line (114652, 114605).
    # Session 38: 114500-114699 that tile alone changed (E best, unsure); 113100-113299
    # one C more read (113167), 112000-112199 and 110100-110399 alike; six other looks
    # (113300-113359) alike.
    ink_shade_on: float = 0.3
    ink_shade_off: float = 0.6
    ink_shade_share: float = 0.2
    line_face: float = 0.25
    line_rim: float = 0.15  # margin pixels this near a face-gap mix (of their distance) are rim
    line_max_colours: int = 3  # lines of this many colours on one tile are told apart
    line_share: float = 0.15  # ...each at least this share of the line pixels on the margin
    line_chroma: float = 0.5
    line_tie: float = 2.0  # a pixel this much nearer a line mix than the face-ink one is line
    # Line pixels are kept only on the straight strokes that enter the tile across a ring
    # round the letter (stroke_ring of the cell from the centre, in stroke_bins directions,
    # stroke_fill of a direction's ring pixels being line; line all round, over
    # stroke_most of the directions, is a rim or the face, not a stroke) and run towards
    # its centre (``_strokes``): stroke_pad pixels beside a stroke, or stroke_head of its
    # width from its axis for the dot and the arrowheads (1.2 and 1.25 widths in
    # tools.synth's look: a dot of radius 1.2 w, heads 2.5 w long at +-0.5 rad).
    stroke_ring: tuple[float, float] = (0.3, 0.44)
    stroke_bins: int = 90
    stroke_fill: float = 0.3
    stroke_most: float = 0.5
    stroke_pad: float = 2.0
    stroke_head: float = 1.3
    # A see-through line (``_see_through``): line pixels within see_fit of the face-ink
    # distance of the model (the line's colour moved towards the ink) are explained by
    # it; the line lets the see_top percentile of the way to the ink show (measured inside
    # the stroke, two pixels in from its edge), and is seen through from see_min on, but
    # not when pixels darker than the line lie see_edge or more from the centre, on the
    # face see_rim of the cell in from its edge (an outline or a dark core along the
    # stroke). Checked on tools.synth's arrows (seeds 3000-3009, 51000-51029) and on lines
    # with dark outlines drawn over a real screenshot (tests/test_overlays.py).
    see_fit: float = 0.12
    see_top: float = 90.0
    # see_min 0.25 -> 0.1 (session 16): a line letting 0.1-0.25 of the letter show (an
    # opacity of 190-230 of 255) still shows a letter's stroke 20-50 levels of L darker than
    # the face beneath it, far above JPEG's noise, where taken as opaque it hid the stroke
    # (tests/test_overlays.py: an R, an I, a J). tools.synth spellcast-arrows 3000-3099 (tuned
    # on): tiles left unsure 71 -> 69; 99500-99599 (not) 70 -> 67, 57 -> 59 boards;
    # 98500-98559 (not) 47 -> 44, 33 -> 36 boards; no tile wrong that was not before
    # (98533 r4c4, an R whose leg an opaque line covers, read P on both; settled unsure
    # since, ``ExemplarConfig.edge``).
    see_min: float = 0.1
    # A line seen through over the letter is seen through over the gap between tiles too:
    # there it is its colour moved towards the gap's by the same share. Where the
    # see_gap_pct percentile of that shift, over the line's pixels off the face (moved
    # less than see_gap_upto of the way), is under see_gap, the line hides the gap, and
    # what looked like the letter showing through it is JPEG's ringing or blur beside the
    # letter's edge: the line is opaque (``_opaque_over_gap``). On 120 tools.synth
    # spellcast-arrows boards (102840-102959), of 65 tiles read surely through a line but
    # unsure as under an opaque one, the share over the gap followed the drawn line's
    # opacity (alpha 149: 0.35, 200: 0.09-0.17, 231: 0.06, 239-254: -0.08-0.02) where the
    # share over the letter did not (0.23-0.41 for alpha 231-254); the two confident wrong
    # tiles had 0.01 and -0.08 (102867 r2c3, an R whose leg an opaque blue line covers
    # read P at 0.85: the stem's ringing taken for a share of 0.41; 102931 r3c3, an L
    # under an outlined purple start dot read O at 0.999). Those boards: 78 exact as
    # before, one more tile unsure; 100 more (103000-103099): 67 -> 69 exact.
    see_gap: float = 0.05
    see_gap_pct: float = 10.0
    see_gap_upto: float = 0.9  # (nearer the gap's colour: the gap itself, or its edge)
    # A pixel on the model darker than the line by see_darker of the way to the ink is
    # evidence of ink beneath, or of an outline where it lies out by the tile's edge
    # (``see_edge``): 0.125, half the old see_min, the level it was tuned at. At half the
    # new one (0.05) an outlined line over an I was no longer read both ways
    # (tests/test_overlays.py).
    see_darker: float = 0.125
    # Beneath a see-through line lies face or ink: a pixel the undone blend puts between
    # see_faint of the way from face to ink, more than see_faint_edge from any pixel it puts
    # at ink (a stroke's anti-aliased edge beneath), is neither, and stays unknown. It is
    # ink beneath a line more opaque than its measured share: tools.synth spellcast-arrows
    # 70266 r3c4, a teal line of opacity 0.95 along an E's stem, was measured 0.34
    # see-through from the mixes at its edge over the stem, the arms beneath it came out
    # 0.15-0.26 of the way to ink, i.e. face, and the E read L at 0.999 (a confident wrong
    # tile on main). Without the edge rule, a thin see-through red line lost its letters'
    # edges beneath it (4 letters unsure on spellcast-arrows 3002 and 3004).
    see_faint: tuple[float, float] = (0.1, 0.35)
    see_faint_edge: int = 2
    see_edge: float = 0.38
    see_rim: float = 0.06
    # ...but not in the corner where the board prints its point values (see_value of the
    # cell, once that corner is known): there a see-through line is darker over the digit
    # beneath it, not along an outline. A teal line over an O and the 1 at its foot
    # (spellcast-arrows 110971 r3c1) was taken for outlined, hence opaque, and the O left
    # unsure beside Q.
    see_value: float = 0.4
    # ...that is, when such darker pixels are see_dark_share or more of the stroke's outer
    # pixels there (and line_min_px at least): an outline is a third to a half of a
    # stroke's width all along it, while JPEG's ringing beside a see-through stroke darkens
    # a few here and there (the crop is the tile scaled to 128 px, so line_min_px alone
    # is a fraction of one source pixel). Session 6, tools.synth spellcast-arrows: 0.15
    # read 3 more letters on seeds 3000-3009 and 91000-91009 (tuned on; JPEG 40 at 31 px:
    # 7-15 % of the outer pixels darker) and the same on 91500-91509, none wrong; 0.12
    # and 0.2 read the same.
    see_dark_share: float = 0.15
    # A tile whose line was seen through is also cut as if the line were opaque
    # (TileImage.opaque), and one whose line was taken for outlined (see_dark_share) also
    # with the blend undone (TileImage.undone); the recognizer reads both. Session 6,
    # spellcast-arrows: unsure tiles 40 -> 35 (3000-3009, 91000-91009), 15 -> 14
    # (91500-91509), 54 -> 45 (91510-91539), with see_dark_share; none wrong.
    see_both: bool = True
    # Lines of several colours on one tile are each undone (``_see_through_each``), but
    # not when one colour is another moved towards the ink within see_outline times
    # see_fit of its model: that is the line's dark outline (or the line over the letter),
    # which ``_see_through`` must see with the line to tell it. A red line's dark rim in
    # tests/test_overlays.py lay 1.25 see_fit off the red's model. Within see_fit of it,
    # and not on the stroke's outer band, the colour is the line over the letter (session
    # 41): left out, the rest undone. spellcast-arrows 120200-120399, 117000-117199 and
    # 114500-114699: 447 -> 448 exact, one more tile read, none lost, none wrong.
    see_outline: float = 2.0
    # An outlined see-through line is undone inside its outline (``_inside_outline``):
    # the outline is the band along the stroke's edge, as deep as its pixels in the outer
    # band (``_outer_band``, where no letter is) are darker than the line (see_darker) on
    # most (outline_dark) of each depth (the stroke's blurred fringe, lighter, may lie
    # outside it); what lies see_outline_pad pixels deeper is the stroke's body, undone as
    # a line of one colour. The outline's own pixels stay unknown. Until session 45 an
    # outlined line was taken as opaque: a gold line of opacity 153 hid an N's diagonal,
    # and H and N tied around it (spellcast-arrows 125005 r4c1). Outlined see-through
    # lines, a fifth of tools.synth's, crossed 55 of the 155 tiles left unsure on 400
    # arrows boards (124800-125199). Boards exact before -> after: 124800-124999 146 ->
    # 148, 125000-125199 146 -> 150, 123900-124099 148 -> 153, 123400-123599 151 = 151;
    # no confident-wrong tile more there, but a fresh held-out run found one: an outlined
    # start dot's ring left round what the dot lets show of an A read O, settled by its 1
    # (125302 r3c0). A tile is now asked whether its glyph rings a dot as cut with the
    # line opaque too (``TileImage.rings_dot``).
    see_within_outline: bool = True
    outline_dark: float = 0.5
    see_outline_pad: int = 1
    # A stroke of another hue than the face (chroma distance above tint_min, 8-bit CIELAB
    # a/b) that comes in from the tile's border and touches the glyph (grown by tint_reach
    # pixels) is a drawn line too, even where its body is too light to be ink (a green
    # arrow on a cream SpellCast tile whose dark tip joined the O, read as Q).
    tint_min: float = 30.0
    tint_reach: int = 3
    # A stroke paler than that, faint_tint or more off the face, that touches the glyph
    # and runs from beside it out to the cell's edge band (faint_band of its side;
    # faint_px pixels there, faint_share of the cell between) may be a line across the
    # letter too faint to take out (``_faint_line``, ``TileImage.faint_line``): a gold
    # arrow on a cream tile blurred to chroma 25-41 over the D it pointed into, 10-26 where
    # it came in (spellcast-arrows 102832 r3c4: read O by both engines). The letter is read
    # as it is; the second engine's agreement counts less there
    # (``RecognizeConfig.agree_faint_conf``). Not on a letter faint_own of whose ink is
    # that far off the face itself (Wordament's white on orange, a gold letter).
    faint_tint: float = 18.0
    faint_band: float = 0.15
    faint_px: int = 4
    faint_share: float = 0.01
    faint_own: float = 0.5
    # The face's chroma is taken from the ring round the letter instead where the two lie
    # face_pull or more apart (``_ring_tint``): half tint_min. A gold W on a SpellCast
    # 2X tile pulled the face's b 23 off the ring's (spellcast-arrows 3042: the cream
    # face counted as a pale line, the W was lost); a pale line's own pixels in the ring
    # moved it 4 (3019).
    face_pull: float = 15.0
    # A tinted piece that runs along tint_outline of the tile's sides (on average, within
    # ``frame_band`` of them) is the tile's own outline: what is joined to it in the
    # tile's frame (a badge, a gem) is no stroke. A stroke crosses a side or two.
    tint_outline: float = 0.5
    # The mark at a path's start (a dot or a ring at the tile's centre) apart from its
    # stroke, where the stroke stops short of the centre: a tinted piece of the glyph within
    # mark_hue degrees of the hue of a tinted stroke at least mark_stroke of the cell long
    # that enters the tile, on a glyph mark_rest of whose pixels are untinted beside it
    # (``_start_marks``).
    mark_hue: float = 30.0
    # A glyph ringing the dot at a path's start (inside its hull, off it, mark_hole of the
    # cell or more, mark_ring of that under the line, round and centred) whose inked core
    # is in a line's hue from rim_chroma (the dark rim of an outlined line is its colour
    # mixed with black: a red line's rim, 26) and in a hue no letter clear of lines has,
    # is the line's own mark, not the letter (``_marks_alone``). Session 35: 20 -> 15, as a
    # teal line's rim is 17.5 (spellcast-arrows 110284 r4c4: an I under an outlined teal
    # dot, the rim left as the glyph read O and settled by the I's 1, confident and
    # wrong). The inked cores of black letters clear of a line on 110100-110159 (650
    # tiles): median 4, 99th percentile 13 (the rest, to 17.7, rims left as the glyph
    # like 110284's). spellcast-arrows 110100-110399, 110900-111099, 107340-107539,
    # 109300-109399: 110284 unsure, one more tile unsure on a board already unsure, no
    # board lost.
    rim_chroma: float = 15.0
    mark_hole: float = 0.01
    mark_ring: float = 0.8
    # Whatever its hue, a glyph ringing such a dot with rim_ring of its hull's inside under
    # the line may be the dot's dark rim round a hidden letter (``TileImage.rings_dot``):
    # no printed value settles it (an I under an orange dot, its rim left as the glyph
    # round 0.67 of line, read O and settled by its 1: stress 121300, spellcast-arrows
    # 121300 + dark, r3c4). Cost on spellcast-arrows 120200-120399, 117000-117199 and
    # 114500-114699: 3 right O's whose counter a dot fills (0.96-0.98 of it) now unsure,
    # 2 boards; none wrong. Their 1 cannot tell them from that rim round an I.
    rim_ring: float = 0.6
    # ...or, the line inside not round (the rim split from the dot pixel by pixel, jagged;
    # a see-through dot spotted by the letter beneath), a glyph that is a thin ring or an
    # arc of one round it: its pixels' distances from the line's middle spread over
    # rim_spread of their median at most and go rim_cover of the way round
    # (``_thin_ring``). An orange dot's rim round an I, its right half the glyph, spread
    # 0.28 and went 0.67 round (its line inside 0.50 round), and read O, settled by the
    # I's 1 (spellcast-arrows 124014 r1c4, fresh); an outlined see-through purple dot
    # over a gold A, 0.52 and 0.89 round (0.28), read O by the A's 1 (123432 r2c0). An A
    # whose counter a gold line filled: 1.02. A black O round a line spreads 0.38-0.54
    # too (6 of them on 400 boards, read by their 1 before): told by its ink below.
    rim_spread: float = 0.55
    rim_cover: float = 0.5
    # ...and whose inked core lies rim_ink_apart or more (CIELAB distance) from the board's
    # letters' (median of the clean tiles'): a black O round a line's dot or stroke is
    # printed in the letters' ink (0-5 from it on spellcast-arrows 123400-123599,
    # 123900-124099, 124212), the two rims above were 88 and 107 from it.
    rim_ink_apart: float = 25.0
    # ...round: 109340's dot with the stroke's end at its edge 0.69; the gaps a line runs
    # over between an E's arms, an A's legs, beside a gold I: 0.26-0.40 (107402, 107440,
    # 107411, whose letters' hue the lines shared on boards with no other gold letter).
    mark_round: float = 0.6
    mark_centre: float = 0.12  # ...and at the tile's centre, where a path's start dot sits
    # ...or a glyph that is such a dot, filled (mark_fill of the area inside its outline
    # inked) and round from dot_round (``_is_dot``): spellcast-arrows 107435's teal dot,
    # rim and all, 0.83 round; an oblong twice as tall as wide (a bold I) is 0.70.
    mark_fill: float = 0.9
    dot_round: float = 0.75
    mark_stroke: float = 0.08  # ...and touching fewer than three sides (a frame is the gap)
    mark_rest: float = 0.2
    mark_least: float = 0.0025  # ...a piece at least this share of the cell (40 px of 128^2)
    # ...and a stroke at least mark_gap (dE) from the gap's colour (the crop's edge): a
    # blue tray's corners by a die's rounded face measured 1-23 from it on boggle-big 3003
    # (its blue letters' edges are tinted too), the arrows' strokes 41-151 on
    # spellcast-arrows 98012.
    mark_gap: float = 30.0
    # ...and a mark is drawn over the letter, no darker than its ink: a tinted piece of
    # the glyph more than mark_dark (8-bit CIELAB L) darker than the glyph's untinted
    # pixels is the letter's own coloured ink (a navy die letter's core, where its
    # anti-aliased edge shows no tint), never a mark. Session 9: on boggle-classic 78500
    # and 78502 the tray's corners by a die's rounded face came 31-39 dE from the crop's
    # edge (the tray's shading), passed for strokes, and the navy letters' cores (L 41-80
    # against 106-135 for their untinted edge) were taken for marks: 10 dice cut as
    # overdrawn, read unsure. The marks of spellcast-arrows 3000-3009 and 98000-98039
    # (42 pieces) lay 10 darker to 161 lighter than their letters' untinted ink. Of the
    # 117 dice so cut on 72100-72499 and 72600-72999, 112 now read right and sure, 5
    # unsure, none wrong.
    mark_dark: float = 20.0
    # On a board with lines found, a letter no line was found over whose glyph has
    # unmarked_line of its pixels or more in a found line's hue (chroma tint_min or more,
    # within mark_hue; smoothed as lost_tint_smooth), its own ink not in that hue, lies
    # partly under a line too pale for the cut: it is read around those pixels as around
    # a line (``_unmarked_line``). Two thin outlined orange lines meeting under an I's foot
    # (spellcast-arrows 100218 r2c4), their dark junction joined to the I as a J's hook:
    # J at 0.95, both engines agreeing; 28% of the glyph in the lines' hue.
    unmarked_line: float = 0.1
    # A tile whose middle clip_zone of the cell (where its letter sits) reaches past the
    # picture's edge is ``clipped``: part of its letter may be cut off (a picture cut
    # through a column: an O whose right half was outside read C at 1.0, stress 102200,
    # wordhunt-photo 102200 + cutcol).
    clip_zone: float = 0.6
    # Where a board's letters sit (``letter_box``) is measured on at least letter_tiles
    # clean tiles; a piece of a letter cut by a line lies letter_inside in that box grown by
    # letter_slack of its height (a Q's tail, a J's hook; the point value and the gems of
    # SpellCast lie outside).
    letter_tiles: int = 3
    # A tile's glyph under letter_misplaced of the board's letter height, lying beyond the
    # board's letter box on both axes (in a corner, where values are printed), is no letter:
    # something took the letter and left the value (``TileImage.misplaced``).
    letter_misplaced: float = 0.6
    # A face with only a line over it is blank when that line covers at most
    # blank_line_share of the board's letter box, and blank_pure of its pixels there are
    # plain face-line mixes (within line_rim of one).
    blank_line_share: float = 0.35
    blank_pure: float = 0.9
    letter_inside: float = 0.7
    letter_slack: float = 0.12
    # ...and a piece that starts in the box and hangs below it by up to letter_descend of
    # its height, touching a piece inside, is the letter's descender (Open Sans prints a
    # J's hook 0.34 of the capitals' height below them: left out, the stem read I at 0.86
    # on tools.synth spellcast-arrows 98510, a confident wrong tile).
    letter_descend: float = 0.4
    # A descender is part of the letter's body: at least letter_descend_in of its own
    # height lies above the box's bottom (the J's hook of 98510: 0.46). The point value
    # printed under a SpellCast tile's corner starts at the letters' baseline (0.05-0.16
    # on spellcast-arrows 78502, 78504, 71028, 98510): taken in with the letter, a G or D
    # and its 3, a C and its 5 read "QU" (unsure, at the hidden cap).
    letter_descend_in: float = 0.3
    # A small piece (under slack_share of the letter's biggest piece) kept for lying in
    # the letters' box grown by letter_slack, but wholly outside the box itself, is not
    # known to be the letter (a piece of the point value a line cut off): unknown, as
    # the line is. Kept as ink, the top of a 3 a purple line cut off framed a D with a
    # "tail" and read QU (spellcast-arrows 3059, 101 px tiles). On 160 boards of the look
    # no other reading changed.
    slack_share: float = 0.08


@dataclass(frozen=True, eq=False)
class TileImage:
    """One cut tile. Masks are ``uint8`` images the size of ``crop`` with ink = 255.

    ``glyph_boxes`` are the glyph's connected components, left to right; ``glyph_box`` their
    union. ``value_box``/``value_mask`` hold the corner point value when one was found
    (``value_boxes``: one box per digit; ``value_alpha`` the digits anti-aliased;
    ``value_doubt``: ink next to the value was left out; ``value_options``: the candidates
    in every corner, from which ``cut_tiles`` keeps the board's corner; ``scale`` says how
    many source pixels a crop pixel stands for);
    ``underline`` the bar under a die's letter. ``face`` marks the face-coloured pixels
    (``face_tilt`` measures from it how far a die lies askew). ``obstructed`` says that
    something (a drawn line, a neighbour's ink) runs from the cell border into the middle of
    the tile, so the glyph may be incomplete; ``overdrawn`` that such a line, in another
    colour than the letter, was taken out (the glyph may have a gap), and ``line`` marks
    the pixels it covered (255): what the letter looks like there is unknown. ``alpha`` is
    the glyph anti-aliased (ink 255).
    """

    row: int
    col: int
    crop: Image
    glyph: Mask
    glyph_box: Box | None
    glyph_boxes: tuple[Box, ...]
    value_mask: Mask | None
    value_box: Box | None
    polarity: Polarity
    blank: bool
    face_bgr: tuple[int, int, int]
    contrast: float
    underline: Box | None = None
    underline_side: Side | None = None
    glare: bool = False  # a bright patch over the glyph (part of the letter may be gone)
    misplaced: bool = False  # the glyph lies in a corner, not where the board's letters sit
    clipped: bool = False  # the picture's edge cuts where the letter sits (``clip_zone``)
    lost_strokes: bool = False  # faint strokes joined to the glyph were left out of it
    # ...but only through the board's point value beside the letter (faint ink joins a
    # SpellCast W to the 5 at its foot): no stroke lost, where the board prints values
    # (``recognize_tiles``: not on dice, whose junk "values" may be the strokes lost).
    lost_by_value: bool = False
    # ...and where the stroke lost is a prefix's or suffix's hyphen paler than the ink
    # threshold: which side of the glyph it lies on (True: after it, "RE-").
    faint_hyphens: tuple[bool, ...] = ()
    obstructed: bool = False
    overdrawn: bool = False
    value_boxes: tuple[Box, ...] = field(default=())
    face: Mask | None = None
    alpha: Mask | None = None
    value_alpha: Mask | None = None
    value_corner: Corner | None = None
    value_doubt: bool = False
    value_options: tuple[ValueOption, ...] = field(default=())
    scale: float = 1.0  # source-image pixels per crop pixel (how small the tile really is)
    # Where a removed line ran, or ink left joined to the border over the middle (overdrawn
    # tiles): what lies there is unknown. 255 there.
    line: Mask | None = None
    # Ink of the glyph that the board's value zone cut off with its value (a Q's tail run
    # into its 8 on a tiny tile), 255: the letter's stroke there is unknown.
    cut_off: Mask | None = None
    # Where the board's letters usually sit (``letter_box``): set on overdrawn tiles cut
    # again with it, so the matcher frames a letter partly hidden under a line correctly.
    letter_box: Box | None = None
    # The same tile cut as if its see-through line hid all it covers (set only when a line
    # was seen through): the recognizer reads both (``recognize_tiles``).
    opaque: TileImage | None = None
    # The same tile with its line's blend undone though pixels darker than the line by the
    # tile's edge made it look outlined, hence opaque (set only then): read both ways too.
    undone: TileImage | None = None
    seen_through: bool = False  # a see-through line's blend was undone
    # A line too faint to take out touches the glyph (``CutConfig.faint_tint``): the
    # letter may be damaged where both engines see it alike.
    faint_line: bool = False
    # The glyph's ink clear of the line taken out is in a line's hue (``_in_line_hue``,
    # from ``CutConfig.rim_chroma``): it may be the line's own rim round the mark at a
    # path's start, not the letter (``_marks_alone`` decides with the board's letters;
    # no printed value settles an O there: ``TileReading.maybe_rim``).
    line_hued: bool = False
    # ...and rings the mark at a path's start in the hue of a letter of the board (a gold
    # letter beside an orange line): the letter, or the mark's rim with the letter hidden
    # under it; the reader cannot tell (``_marks_alone``).
    ringed: bool = False
    # The glyph rings a round, centred stretch of the line, whatever its hue
    # (``_rings_dot``): it may be the dark rim of the dot at a path's start round a hidden
    # letter, or a letter's counter the dot fills (``TileReading.maybe_rim``); or, as cut
    # with a see-through line opaque (``opaque``), did so.
    rings_dot: bool = False

    @property
    def crossed(self) -> bool:
        """Whether something over the tile hides part of it (``obstructed``, glare
        included, or ``overdrawn``): one rule for "a tile no line crosses" everywhere."""
        return self.obstructed or self.overdrawn


def cut_tiles(located: LocatedBoard, config: CutConfig | None = None) -> tuple[TileImage, ...]:
    """Cut every tile of ``located`` (row by row) and separate glyph, value and the rest."""
    cfg = config or CutConfig()
    lab = bgr_to_lab8(located.board)
    p = located.cell_px
    ring = _ring(p, p, cfg)
    tiles = []
    scale = source_scale(located)
    search = CORNERS
    seen: list[tuple[ValueOption, ...]] = []
    for r in range(located.rows):
        for c in range(located.cols):
            sl = _cell(r, c, p)
            tile = cut_tile(
                located.board[sl], lab[sl], r, c, cfg, ring=ring, corners=search, scale=scale
            )
            tiles.append(tile)
            if search == CORNERS and not tile.blank:
                seen.append(tile.value_options)
                search = corners_to_search(seen, cfg.values)
    box = letter_box(tiles, cfg)
    if box is not None and any(t.overdrawn and t.line is not None for t in tiles):
        ink = letter_ink(tiles, lab, p)
        # A line drawn over a tile can cut its letter into pieces (the stem of an E under
        # it, the arms left): cut those tiles again, taking as the glyph every piece inside
        # the box where the board's other letters sit.
        # ...and where the board prints its values, a see-through line over them is seen
        # as such (``CutConfig.see_value``).
        corner = _values_corner(tiles, cfg)
        for i, t in enumerate(tiles):
            if t.overdrawn and t.line is not None:
                r, c = t.row, t.col
                sl = _cell(r, c, p)
                tiles[i] = cut_tile(
                    located.board[sl], lab[sl], r, c, cfg, ring=ring, corners=search,
                    scale=scale, letters=box, letters_ink=ink, value_corner=corner,
                )  # fmt: skip
    tiles = [_clipped(t, located, cfg) for t in tiles]
    if box is not None:
        tiles = [_misplaced(t, box, cfg) for t in tiles]
        hues = _line_hues(tiles, lab, p, cfg)
        if hues:
            cells = [lab[_cell(t.row, t.col, p)] for t in tiles]
            tiles = [
                _hued_as_lines(_unmarked_line(t, cell, hues, box, cfg), cell, hues, cfg)
                for t, cell in zip(tiles, cells, strict=True)
            ]
        tiles = _marks_alone(tiles, lab, p, cfg)
        rim = cfg.rim_ring

        @functools.cache
        def letters_core() -> npt.NDArray[np.float64] | None:  # (asked once at most)
            cores = [
                _glyph_core(t, lab[_cell(t.row, t.col, p)])
                for t in tiles
                if not (t.blank or t.crossed) and t.glyph_box is not None
            ]
            found = [c for c in cores if c is not None]
            return np.asarray(median(np.stack(found), axis=0), np.float64) if found else None

        def rimmed(t: TileImage) -> bool:
            under = _under_hull(t, cfg, rim)  # (both checks ask the same)
            if under is None:
                return False
            cell = lab[_cell(t.row, t.col, p)]
            return _round_under(under, cfg) or _rims_dot(t, under, cell, letters_core, cfg)

        # (a line seen through is asked as cut opaque too: where it is seen through
        # inside its outline, the outline's ring round an outlined dot is left as the
        # glyph round what the dot lets show, which it no longer rings as line:
        # spellcast-arrows 125302 r3c0, an A read O, settled by its 1)
        tiles = [
            replace(t, rings_dot=True)
            if rimmed(t) or (t.opaque is not None and rimmed(t.opaque))
            else t
            for t in tiles
        ]
    _zone_cut(located, lab, tiles, cfg, ring, scale)
    return board_values(tiles, cfg)


def _values_corner(tiles: Sequence[TileImage], cfg: CutConfig) -> Corner | None:
    """The corner the board prints its point values in (``values.board_corner``, from the
    candidates of its non-blank tiles), or None."""
    return board_corner([t.value_options for t in tiles if not t.blank], cfg.values)


def _clipped(tile: TileImage, located: LocatedBoard, cfg: CutConfig) -> TileImage:
    """``tile``, ``clipped`` (and obstructed) where the middle of its cell, ``clip_zone``
    of its side, reaches past the edge of the picture the board was found in."""
    if located.source_size is None:
        return tile
    width, height = located.source_size
    p = located.cell_px
    inset = (1.0 - cfg.clip_zone) / 2.0 * p
    x0, y0 = tile.col * p + inset, tile.row * p + inset
    x1, y1 = (tile.col + 1) * p - inset, (tile.row + 1) * p - inset
    for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        sx, sy = located.to_source(x, y)
        if not (-1.0 <= sx <= width and -1.0 <= sy <= height):
            return replace(tile, clipped=True, obstructed=True)
    return tile


def _line_hues(
    tiles: Sequence[TileImage], lab: npt.NDArray[np.uint8], p: int, cfg: CutConfig
) -> list[float]:
    """The hues of the lines found over the board's tiles: of each overdrawn tile, the
    median a*, b* of its line's pixels of chroma ``tint_min`` or more, where at least
    ``line_min_px`` are."""
    hues = []
    for t in tiles:
        if not t.overdrawn or t.line is None:
            continue
        ab = lab[_cell(t.row, t.col, p)][t.line > 0][:, 1:].astype(np.float64) - 128.0
        tinted = ab[np.hypot(ab[:, 0], ab[:, 1]) >= cfg.tint_min]
        if len(tinted) >= cfg.line_min_px:
            a, b = median(tinted, axis=0)
            hues.append(hue(float(a), float(b)))
    return hues


def _face_lab(tile: TileImage) -> npt.NDArray[np.float64]:
    """``tile``'s face colour on the 8-bit CIELAB scale ``bgr_to_lab8`` gives a crop."""
    lab = bgr_to_lab8(np.asarray(tile.face_bgr, np.uint8).reshape(1, 1, 3))[0, 0]
    return np.asarray(lab, np.float64)


def _glyph_hue(
    tile: TileImage, lab: npt.NDArray[np.uint8], cfg: CutConfig, whole: bool = False
) -> float | None:
    """The hue of the inked core of ``tile``'s glyph clear of its line (``lab``: its
    cell), or of all of it (``whole``: a dot, whose core is its dark rim), or None where
    that is of little colour (under ``rim_chroma``: black, navy, white) or nothing of the
    glyph is clear of the line."""
    clear = tile.glyph > 0
    if tile.line is not None:
        clear &= tile.line == 0
    core = _core_hue(lab[clear], None if whole else _face_lab(tile))
    return core[0] if core is not None and core[1] >= cfg.rim_chroma else None


def _rings_line(tile: TileImage, cfg: CutConfig) -> bool:
    """Whether ``tile``'s glyph, in a line's hue (``line_hued``), rings a dot of the line at
    the tile's centre: inside the glyph's convex hull, off the glyph, lie ``mark_hole``
    of the cell or more, ``mark_ring`` of them under the line, and that part under the
    line is round (``mark_round``, 4 pi area / perimeter squared, of its biggest piece)
    and centred (``mark_centre`` of the cell from the middle at most): a dot whose dark
    rim, open where the stroke joins it, is left as the glyph. A letter's counter shows
    face beside a line crossing it; the gaps between an E's arms or an A's legs a line
    runs over are no disc."""
    return tile.line_hued and _rings_dot(tile, cfg, cfg.mark_ring)


def _rings_dot(tile: TileImage, cfg: CutConfig, ring: float) -> bool:
    """Whether ``tile``'s glyph rings a round, centred stretch of its line at the tile's
    centre, ``ring`` of the inside of its hull under the line, whatever its hue
    (``_rings_line`` asks the rest): the dot at a path's start with its rim left as the
    glyph, or a letter whose counter a dot fills."""
    under = _under_hull(tile, cfg, ring)
    return under is not None and _round_under(under, cfg)


def _round_under(under: npt.NDArray[np.bool_], cfg: CutConfig) -> bool:
    """Whether the line inside a glyph's hull (``_under_hull``) is a round, centred stretch
    (``_round_and_centred``, ``mark_round``)."""
    contours, _ = cv2.findContours(under.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    piece = max(contours, key=cv2.contourArea)
    return _round_and_centred(piece, under.shape, cfg.mark_round, cfg)


def _under_hull(tile: TileImage, cfg: CutConfig, ring: float) -> npt.NDArray[np.bool_] | None:
    """The line inside ``tile``'s glyph's convex hull (off the glyph), where that inside is
    ``mark_hole`` of the cell or more and ``ring`` of it lies under the line; else None."""
    if tile.line is None or not tile.glyph.any():
        return None
    h, w = tile.glyph.shape
    hull = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(hull, cv2.convexHull(cv2.findNonZero(tile.glyph)), 255)
    inside = (hull > 0) & (tile.glyph == 0)
    n = int(np.count_nonzero(inside))
    under = inside & (tile.line > 0)
    if n < cfg.mark_hole * h * w or np.count_nonzero(under) < ring * n:
        return None
    return np.asarray(under, np.bool_)


def _rims_dot(
    tile: TileImage,
    under: npt.NDArray[np.bool_],
    cell: Image,
    ink: Callable[[], npt.NDArray[np.float64] | None],
    cfg: CutConfig,
) -> bool:
    """Whether ``tile``'s glyph may be the rim of a start dot though the line inside it is
    not round (``_round_under`` asks that): the glyph is a thin ring or an arc of one
    round the line's middle (``_thin_ring``; ``under``: the line inside its hull,
    ``_under_hull`` at ``rim_ring``) and not printed in the board's letters' ink (``ink``:
    their inked core, asked only here; ``rim_ink_apart``), which a letter's ring (an O
    round a line) is."""
    if not _thin_ring(tile.glyph, under, cfg.rim_spread, cfg):
        return False
    letters = ink()
    mine = _glyph_core(tile, cell)
    if letters is None or mine is None:
        return True
    return float(np.linalg.norm(mine - letters)) >= cfg.rim_ink_apart


def _glyph_core(tile: TileImage, cell: Image) -> npt.NDArray[np.float64] | None:
    """The median of the inked core (``_inked_core``) of ``tile``'s glyph, 8-bit CIELAB
    (``cell``: the tile's cell so converted); None without a glyph."""
    if not tile.glyph.any():
        return None
    return _core_median(cell[tile.glyph > 0], _face_lab(tile))


def _thin_ring(glyph: Mask, under: npt.NDArray[np.bool_], spread: float, cfg: CutConfig) -> bool:
    """Whether ``glyph`` lies round the middle of the line inside it (``under``, centred
    within ``mark_centre``) as a ring or an arc of one: the distances of its pixels from
    that middle spread over ``spread`` of their median at most (10th to 90th percentile),
    and they lie round at least ``rim_cover`` of the way (in 36 sectors)."""
    centre = _centred_at(cv2.moments(under.astype(np.uint8), binaryImage=True), glyph.shape, cfg)
    if centre is None:
        return False
    cx, cy = centre
    ys, xs = np.nonzero(glyph)
    far = np.hypot(xs - cx, ys - cy)
    lo, mid, hi = np.percentile(far, [10, 50, 90])
    if mid <= 0 or hi - lo > spread * mid:
        return False
    sectors = ((np.arctan2(ys - cy, xs - cx) + np.pi) / (2 * np.pi) * 36).astype(int) % 36
    return len(np.unique(sectors)) >= cfg.rim_cover * 36


def _is_dot(tile: TileImage, cfg: CutConfig) -> bool:
    """Whether ``tile``, a line crossing it, has for its glyph a filled disc at its centre:
    one piece, round (``dot_round``), holding no face (``mark_fill`` of its outline
    inked) and centred (``mark_centre``), the dot at a path's start in a colour no line
    sampled on the tile showed. Every letter's ink leaves face inside its outline (an O's
    counter, the bays of a C), but a bold I's: it is no rounder than an oblong."""
    if not tile.overdrawn or tile.glyph_box is None:
        return False
    contours, _ = cv2.findContours(tile.glyph, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if len(contours) != 1:
        return False
    if np.count_nonzero(tile.glyph) < cfg.mark_fill * cv2.contourArea(contours[0]):
        return False
    return _round_and_centred(contours[0], tile.glyph.shape, cfg.dot_round, cfg)


def _round_and_centred(
    piece: cv2.typing.MatLike, shape: tuple[int, ...], least: float, cfg: CutConfig
) -> bool:
    """Whether the contour ``piece`` of a cell of ``shape`` is round (4 pi area / perimeter
    squared ``least`` or more) and centred (``mark_centre`` of the cell from the middle
    at most): a path's start dot."""
    area, rim = cv2.contourArea(piece), cv2.arcLength(piece, closed=True)
    if rim <= 0 or 4.0 * math.pi * area / rim**2 < least:
        return False
    return _centred_at(cv2.moments(piece), shape, cfg) is not None


def _centred_at(
    moments: cv2.typing.Moments, shape: tuple[int, ...], cfg: CutConfig
) -> tuple[float, float] | None:
    """The centroid (x, y) of a shape of ``moments`` where it lies within ``mark_centre``
    of a cell of ``shape`` from the cell's middle (where a path's start dot sits); else
    None."""
    if moments["m00"] <= 0:
        return None
    h, w = shape[:2]
    cx, cy = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
    if max(abs(cx - w / 2) / w, abs(cy - h / 2) / h) > cfg.mark_centre:
        return None
    return cx, cy


def _marks_alone(
    tiles: Sequence[TileImage], lab: npt.NDArray[np.uint8], p: int, cfg: CutConfig
) -> list[TileImage]:
    """``tiles`` with the glyph taken off (made line) each whose glyph rings the line in
    the line's hue (``_rings_line``) or is a filled disc (``_is_dot``), in a hue no letter
    a line does not cross has (within ``mark_hue``): what is left is the dot at a path's
    start, or its dark rim, and the letter is hidden under the dot. A tile's ink is as the
    board prints its letters (black, or a bonus tile's gold); a dot is in its stroke's
    colour. Left whole, a red dot's rim round an I read O at 0.9, settled by its clear 1
    (spellcast-arrows 109340 r2c2, held out); a teal dot over an I, its colour sampled
    nowhere on the tile's band, O at 0.9 (107435 r5c4). A mark in a letter's hue is left,
    ``ringed`` and obstructed: an orange dot's rim over an I on a board of gold letters,
    left as the glyph, fit O beside the line and its value 1 agreed, O at 0.85
    (spellcast-arrows 112002 r4c5)."""

    def hue_at(t: TileImage, whole: bool = False) -> float | None:
        return _glyph_hue(t, lab[_cell(t.row, t.col, p)], cfg, whole)

    def marked_hue(t: TileImage) -> float | None:  # a ringed dot's rim, or a dot's own
        if _rings_line(t, cfg):
            return hue_at(t)
        return hue_at(t, whole=True) if _is_dot(t, cfg) else None

    ringed = {(t.row, t.col): h for t in tiles if (h := marked_hue(t)) is not None}
    if not ringed:
        return list(tiles)
    letter_hues = [
        h
        for t in tiles
        if not (t.blank or t.crossed or t.glyph_box is None) and (h := hue_at(t)) is not None
    ]
    out = []
    for t in tiles:
        seen = ringed.get((t.row, t.col))
        if seen is None:
            out.append(t)
            continue
        if any(hue_apart(seen, h) <= cfg.mark_hue for h in letter_hues):
            out.append(replace(t, obstructed=True, ringed=True))
            continue
        empty = np.zeros_like(t.glyph)
        mark = t.glyph > 0 if t.line is None else (t.glyph > 0) | (t.line > 0)
        grown = cv2.dilate(mark.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        line = np.where(grown, np.uint8(255), np.uint8(0)).astype(np.uint8)
        gone = replace(t, glyph=empty, glyph_box=None, glyph_boxes=(), alpha=empty, line=line)
        out.append(replace(gone, obstructed=True, opaque=None, undone=None))
    return out


def _hued_as_lines(
    tile: TileImage, lab: npt.NDArray[np.uint8], hues: Sequence[float], cfg: CutConfig
) -> TileImage:
    """``tile`` (``lab``: its cell) marked ``line_hued`` also where the ink of its glyph
    clear of its line is in the hue of a line found over the board (``hues``, within
    ``mark_hue``), not only of the line sampled on the tile: a see-through red line's
    blend with the face sampled orange there (57 degrees, the board's red lines 24-29),
    its dot's dark rim (18) left as the glyph round a hidden I, read O and settled by its
    1 (benchmarks/stress.py 114000, spellcast-arrows 114005 + jpeg60, r2c2)."""
    if tile.line_hued or not tile.overdrawn or tile.line is None or not tile.glyph.any():
        return tile
    seen = _glyph_hue(tile, lab, cfg)
    if seen is None or not any(hue_apart(seen, h) <= cfg.mark_hue for h in hues):
        return tile
    return replace(tile, line_hued=True)


def _unmarked_line(
    tile: TileImage, lab: npt.NDArray[np.uint8], hues: Sequence[float], letters: Box,
    cfg: CutConfig,
) -> TileImage:  # fmt: skip
    """``tile`` read around the pixels of its glyph in a line's hue (``hues``) where they
    are ``unmarked_line`` of it or more and its letter's own ink is not in that hue: as
    a tile a line crosses (``overdrawn``, ``line``, ``letter_box`` set); else as it is."""
    if tile.blank or tile.overdrawn or tile.glyph_box is None:
        return tile
    mine = tile.glyph > 0
    pixels = lab[mine]
    if not len(pixels):
        return tile

    def in_hue(ab: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
        seen = np.degrees(np.arctan2(ab[:, 1], ab[:, 0]))  # ``hue``, pixel by pixel
        near = np.zeros(len(ab), bool)
        for h in hues:
            near |= np.abs((seen - h + 180.0) % 360.0 - 180.0) <= cfg.mark_hue
        return near & (np.hypot(ab[:, 0], ab[:, 1]) >= cfg.tint_min)

    face = _face_lab(tile)
    core = _core_median(pixels, face)[1:] - 128.0
    if in_hue(core.reshape(1, 2))[0]:
        return tile  # a letter printed in the line's colour (a gold letter, an orange line)
    smooth = cv2.medianBlur(np.ascontiguousarray(lab), cfg.lost_tint_smooth)
    tinted = np.zeros(mine.shape, bool)
    tinted[mine] = in_hue(smooth[mine][:, 1:].astype(np.float64) - 128.0)
    if np.count_nonzero(tinted) < cfg.unmarked_line * len(pixels):
        return tile
    line = tinted.astype(np.uint8) * 255
    return replace(tile, overdrawn=True, line=line, letter_box=letters)


def _misplaced(tile: TileImage, letters: Box, cfg: CutConfig) -> TileImage:
    """``tile``, ``misplaced`` where its glyph is small and in a corner of the board's
    letter box (``CutConfig.letter_misplaced``)."""
    g = tile.glyph_box
    if tile.blank or g is None or g.h >= cfg.letter_misplaced * letters.h:
        return tile
    beyond_x = g.cx < letters.x or g.cx > letters.x1
    beyond_y = g.cy < letters.y or g.cy > letters.y1
    return replace(tile, misplaced=True) if beyond_x and beyond_y else tile


def _cell(row: int, col: int, p: int) -> tuple[slice, slice]:
    """The pixels of the tile at ``row``, ``col`` of a rectified board of ``p`` px cells."""
    return slice(row * p, (row + 1) * p), slice(col * p, (col + 1) * p)


def _zone_seam(zone: Box, corner: Corner, h: int, w: int) -> npt.NDArray[np.bool_]:
    """The pixels just outside the two sides of a value ``zone`` that face the middle of
    an ``h`` x ``w`` tile (its value printed in ``corner``): ink there is cut, so that
    nothing outside the zone (a letter's tail) joins what lies inside it."""
    seam = np.zeros((h, w), bool)
    y0, y1 = max(0, zone.y - 1), min(h, zone.y1 + 1)
    x0, x1 = max(0, zone.x - 1), min(w, zone.x1 + 1)
    side_x = zone.x1 if is_left(corner) else zone.x - 1
    side_y = zone.y1 if is_top(corner) else zone.y - 1
    if 0 <= side_x < w:
        seam[y0:y1, side_x] = True
    if 0 <= side_y < h:
        seam[side_y, x0:x1] = True
    return seam


def _face_span(
    face: Mask | npt.NDArray[np.bool_], cfg: CutConfig
) -> tuple[float, float, float, float]:
    """The face's extent in a tile crop (``TileImage.face``), as ``cut_tile`` measures it:
    (x0, x1, y0, y1) of the rows and columns at least ``face_frac`` face-coloured."""
    h, w = face.shape
    on = face > 0
    y0, y1 = _span(np.count_nonzero(on, axis=1) >= cfg.face_frac * w)
    x0, x1 = _span(np.count_nonzero(on, axis=0) >= cfg.face_frac * h)
    return float(x0), float(x1), float(y0), float(y1)


def _tile_zone(
    zone: Box,
    corner: Corner,
    tile: TileImage,
    clean: Sequence[tuple[TileImage, Box]],
    usual: tuple[float, float, float, float] | None,
    cfg: CutConfig,
) -> Box:
    """The board's value ``zone`` (``values.board_zone``) where ``tile`` prints its value:
    moved up or down with the values of its own row, from ``clean`` (the tiles whose value
    was cut clean, with its box), for a crop a pixel or two off the lattice (digits share
    their top and bottom lines, while a 1 is narrower than a 4 on either side: no such
    move sideways); and moved in with the tile's face where that face is inset from the
    board's ``usual`` one on the corner's sides (a bonus tile's coloured outline: SpellCast
    prints its value that much further in). By at most half a digit each way."""
    left, top = is_left(corner), is_top(corner)

    def edge_y(b: Box) -> int:
        return b.y if top else b.y1

    dx = dy = 0.0
    row = [edge_y(b) for t, b in clean if t.row == tile.row and t is not tile]
    if len(row) >= 2:
        dy = median(row) - median([edge_y(b) for _, b in clean])
    if usual is not None and tile.face is not None:
        x0, x1, y0, y1 = _face_span(tile.face, cfg)
        ux0, ux1, uy0, uy1 = usual
        dx += max(0.0, x0 - ux0) if left else -max(0.0, ux1 - x1)
        dy += max(0.0, y0 - uy0) if top else -max(0.0, uy1 - y1)
    most = (zone.h - 2 * cfg.values.zone_margin) / 2
    sx = round(min(max(dx, -most), most))
    sy = round(min(max(dy, -most), most))
    return Box(max(0, zone.x + sx), max(0, zone.y + sy), zone.w, zone.h)


def _zone_cut(
    located: LocatedBoard,
    lab: Image,
    tiles: list[TileImage],
    cfg: CutConfig,
    ring: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]],
    scale: float,
) -> None:
    """Tiles whose value the board's value zone says was missed or cut short
    (``values.zone_misses``) are cut again with that zone (in place), or where that cut is
    not kept, with the zone moved to where the tile prints its value (``_tile_zone``). A
    new cut is kept only when it finds a value of the board's digit height there and every
    piece of the old glyph inside the zone went to that value (nothing of the letter was
    cut off)."""
    corner = _values_corner(tiles, cfg)
    if corner is None:
        return
    chosen = [
        next((o for o in t.value_options if o.corner == corner), None) for t in tiles
    ]  # fmt: skip
    # The zone from values nothing crosses: a gold line's pieces over a T's value, taken
    # as three digits 56 px wide, widened the zone over a Q's tail beside its 8, cut with
    # the 8 as a value "93" and the O left read O (spellcast-arrows 109607 r3c2).
    zone = board_zone(
        [o for t, o in zip(tiles, chosen, strict=True) if o is not None and not t.crossed],
        corner,
        cfg.values,
    )
    if zone is None:
        return
    digit_h = zone.h - 2 * cfg.values.zone_margin
    spans = [_face_span(t.face, cfg) for t in tiles if t.face is not None and not t.blank]
    x0, x1, y0, y1 = (median([s[k] for s in spans]) for k in range(4)) if spans else (0,) * 4
    usual = (x0, x1, y0, y1) if spans else None
    clean = [
        (t, o.box) for t, o in zip(tiles, chosen, strict=True)
        if o is not None and not o.doubt and not t.blank
    ]  # fmt: skip
    value_ink: npt.NDArray[np.float64] | None = None  # found when first needed
    for i, (t, option) in enumerate(zip(tiles, chosen, strict=True)):
        if t.blank or t.overdrawn or not zone_misses(option, zone, cfg.values):
            continue
        # The board's zone first; where that cut is not kept, the zone where this tile
        # prints its value (its row's, its inset face's: ``_tile_zone``).
        own = _tile_zone(zone, corner, t, clean, usual, cfg)
        for where in dict.fromkeys((zone, own)):
            again = _cut_in_zone(located, lab, t, where, corner, digit_h, cfg, ring, scale)
            if again is not None:
                tiles[i] = again
                break
        else:
            # Neither zone cuts the letter from its value: where the two are inked in
            # different colours (a gold bonus letter, a grey value), the colours do.
            if value_ink is None:
                value_ink = _value_ink(located, lab, clean, corner)
            seam = _colour_seam(lab[_cell(t.row, t.col, located.cell_px)], t, own, value_ink, cfg)
            if seam is not None:
                again = _cut_in_zone(
                    located, lab, t, own, corner, digit_h, cfg, ring, scale, seam=seam
                )
                if again is not None:
                    tiles[i] = again


def _cut_in_zone(
    located: LocatedBoard,
    lab: Image,
    t: TileImage,
    zone: Box,
    corner: Corner,
    digit_h: int,
    cfg: CutConfig,
    ring: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]],
    scale: float,
    seam: npt.NDArray[np.bool_] | None = None,
) -> TileImage | None:
    """``t`` cut again with the value ``zone`` (see ``_zone_cut``), or None when that cut
    is not to be kept. ``seam``: the pixels that cut the letter from the value
    (``_colour_seam``) instead of the zone's sides; the letter's ink inside the zone then
    stays with the letter."""
    m = cfg.values.zone_margin if seam is not None else 0
    # With a seam the zone's sides cut nothing: it is grown by its margin, so that a
    # digit of this tile a little off the board's zone stays whole.
    cut_zone = Box(max(0, zone.x - m), max(0, zone.y - m), zone.w + 2 * m, zone.h + 2 * m)
    window = (slice(cut_zone.y, cut_zone.y1), slice(cut_zone.x, cut_zone.x1))
    # The zone's inner sides facing the letter: its last column and row (``_zone_seam``
    # cuts just outside them).
    side_x = zone.x1 - 1 if is_left(corner) else zone.x
    side_y = zone.y1 - 1 if is_top(corner) else zone.y
    r, c = t.row, t.col
    sl = _cell(r, c, located.cell_px)
    again = cut_tile(
        located.board[sl], lab[sl], r, c, cfg, ring=ring, corners=(corner,), scale=scale,
        value_zone=cut_zone, seam=seam, values_known=True,
    )  # fmt: skip
    found = next((o for o in again.value_options if o.corner == corner), None)
    if again.blank or found is None or zone_misses(found, zone, cfg.values):
        return None
    value, _ = found.paint(*t.glyph.shape)
    trimmed = trim_tail(found, zone) if seam is None else found
    # Much of the value along the seam once a letter's tail is trimmed off: a digit the
    # seam cut (one further in than the board's others, as on a bonus tile's narrower
    # face: an 8 cut in two reads 3), not the tip of a letter's tail (a K's leg on
    # SpellCast, wider where it meets the 6 than zone_contact of the digits' height).
    kept, _ = trimmed.paint(*t.glyph.shape)
    # Nor may the value take ink the first cut found the letter's where that cut found the
    # value in this corner, apart from the letter (``zone_whole``): an Open Sans Q's tail
    # reaching into the zone beside its 8 went to the value as two more "digits", the O
    # left read O at 0.95 and the value 1 (spellcast-arrows 103173 r2c4, no line on it).
    first = t.value_box if t.value_corner == corner else None
    if first is not None and first.h >= cfg.values.zone_whole * digit_h and first.w <= zone.w:
        stolen = (t.glyph > 0) & (kept > 0)
        if int(np.count_nonzero(stolen)) > cfg.values.zone_slack:
            return None
    along = max(
        np.count_nonzero(kept[zone.y : zone.y1, side_x]),
        np.count_nonzero(kept[side_y, zone.x : zone.x1]),
    )
    if seam is None and along > cfg.values.zone_contact * digit_h:
        return None
    left = (t.glyph[window] > 0) & (value[window] == 0)
    if seam is not None:
        # The letter keeps its ink inside the zone; the seam is lost, and the value's
        # rim may be cut a pixel thinner than the old glyph's.
        rim = cv2.dilate(value, np.ones((3, 3), np.uint8))
        left &= (again.glyph[window] == 0) & ~seam[window] & (rim[window] == 0)
    if int(np.count_nonzero(left)) > cfg.values.zone_slack:
        return None
    # Nor may the letter lose ink outside the zone (grown by the seam's reach): a blurred
    # T whose crossbar ran into a Wordament value top left kept only its stem, read I at
    # 0.96 (benchmarks/stress.py 78000, wordament-wood 78001, blur 4 %).
    zone_px = np.zeros(t.glyph.shape, np.uint8)
    zone_px[window] = 1
    near = cv2.dilate(zone_px, np.ones((5, 5), np.uint8)) > 0
    lost = (t.glyph > 0) & (again.glyph == 0) & ~near
    if int(np.count_nonzero(lost)) > cfg.values.zone_slack:
        return None
    options = tuple(trimmed if o is found else o for o in again.value_options)
    # What the zone took of the old glyph near it, and left out of the value (its tail
    # trimmed), is a stroke the letter may have had (``TileImage.cut_off``): a Q's tail
    # run into its 8 on a 20 px SpellCast tile left an O, read O at 0.95, Tesseract
    # agreeing (stress 92600, spellcast-discord + tile20).
    taken = (t.glyph > 0) & (again.glyph == 0) & near & (kept == 0)
    # ...joined to the letter's ink: the rim round the value's digits the zone took with
    # them is the value's, no stroke (a gold N on a blurred bonus tile, its 2's rim taken
    # for a cut-off stroke, read unsure beside K, R and P: spellcast-arrows 112071 r5c2).
    joined = (taken | (again.glyph > 0)).astype(np.uint8)
    _, pieces = cv2.connectedComponents(joined, connectivity=8)
    letter = np.unique(pieces[again.glyph > 0])
    taken &= np.isin(pieces, letter[letter > 0])
    if int(np.count_nonzero(taken)) > cfg.values.zone_slack:
        again = replace(again, cut_off=taken.astype(np.uint8) * 255)
    return _with_value(replace(again, value_options=options), trimmed)


def _value_ink(
    located: LocatedBoard,
    lab: Image,
    clean: Sequence[tuple[TileImage, Box]],
    corner: Corner,
) -> npt.NDArray[np.float64] | None:
    """The board's value ink (8-bit CIELAB): the median over the ``clean`` values'
    (``_zone_cut``) cores, their darker half; None without any."""
    found = []
    for t, _ in clean:
        option = next((o for o in t.value_options if o.corner == corner), None)
        if option is None:
            continue
        mask, _alpha = option.paint(*t.glyph.shape)
        pixels = lab[_cell(t.row, t.col, located.cell_px)][mask > 0].astype(np.float64)
        if len(pixels):
            found.append(pixels[pixels[:, 0] <= np.median(pixels[:, 0])])
    if not found:
        return None
    return np.asarray(np.median(np.concatenate(found), axis=0), np.float64)


def _colour_seam(
    cell: Image,
    t: TileImage,
    zone: Box,
    value_ink: npt.NDArray[np.float64] | None,
    cfg: CutConfig,
) -> npt.NDArray[np.bool_] | None:
    """Where ``t``'s letter, inked in another colour than the board's values
    (``value_ink``, 8-bit CIELAB; their a and b ``ValueConfig.zone_colour_apart``),
    touches ink of the values' colour in the value ``zone`` grown by a margin: the pixels
    of either colour next to the other (``cell`` is the tile's 8-bit CIELAB). Each pixel
    goes to the nearer of the two in lightness and colour alike: on a small blurred tile
    (a JPEG halves its colour's resolution) a grey digit's colour runs into the gold letter
    beside it, its lightness does not (spellcast-discord 3043's R and A, 85010's M: the
    M's leg at L 170-180, the 4 against it at 50-120, a and b the same for both). None
    where the colours are not that far apart or do not touch there."""
    if value_ink is None or not np.any(t.glyph):
        return None
    lab = cell.astype(np.float64)
    letter = np.median(lab[t.glyph > 0], axis=0)
    if float(np.hypot(*(letter[1:] - value_ink[1:]))) < cfg.values.zone_colour_apart:
        return None
    h, w = t.glyph.shape
    m = cfg.values.zone_margin
    near = np.zeros((h, w), bool)
    near[max(0, zone.y - m) : zone.y1 + m, max(0, zone.x - m) : zone.x1 + m] = True
    face = _face_lab(t)
    ink = near & (lab8_distance(cell, face) > cfg.ink_low_frac * t.contrast)
    to_letter = np.linalg.norm(lab - letter, axis=-1)
    to_value = np.linalg.norm(lab - value_ink, axis=-1)
    gold = (ink & (to_letter < to_value)).astype(np.uint8)
    grey = (ink & (to_letter >= to_value)).astype(np.uint8)
    kernel = np.ones((3, 3), np.uint8)
    seam = ((gold > 0) & (cv2.dilate(grey, kernel) > 0)) | (
        (grey > 0) & (cv2.dilate(gold, kernel) > 0)
    )
    return seam if seam.any() else None


def letter_box(tiles: Sequence[TileImage], config: CutConfig | None = None) -> Box | None:
    """Where the board's letters sit in a tile (crop pixels): the median cap top, bottom
    and centre of the tiles no line crosses that read as one character, as wide as the
    widest of them; None with fewer than ``letter_tiles`` such tiles. Games centre every
    letter of a board at one size, so a letter a line partly hides sits in this box."""
    cfg = config or CutConfig()
    clean = [
        t.glyph_box
        for t in tiles
        if t.glyph_box is not None and not (t.blank or t.crossed) and len(t.glyph_boxes) == 1
    ]
    if len(clean) < cfg.letter_tiles:
        return None
    y0 = float(median([b.y for b in clean]))
    y1 = float(median([b.y1 for b in clean]))
    cx = float(median([b.cx for b in clean]))
    half = float(percentile([b.w for b in clean], 90)) / 2
    return Box(round(cx - half), round(y0), round(2 * half), round(y1 - y0))


def letter_ink(tiles: Sequence[TileImage], lab: Image, cell: int) -> npt.NDArray[np.float64] | None:
    """The board's usual letter colour (8-bit CIELAB): the median over the glyph pixels of
    the tiles no line crosses; None without such a tile."""
    pixels = [
        lab[t.row * cell : (t.row + 1) * cell, t.col * cell : (t.col + 1) * cell][t.glyph > 0]
        for t in tiles
        if not (t.blank or t.crossed) and t.glyph_box is not None
    ]
    if not pixels:
        return None
    return np.asarray(median(np.concatenate(pixels).astype(np.float64), axis=0), np.float64)


def _empty_under_line(
    lab: Image,
    covered: Mask,
    face: npt.NDArray[np.float64],
    colours: Sequence[npt.NDArray[np.float64]],
    letters: Box,
    ink: npt.NDArray[np.float64],
    cfg: CutConfig,
) -> bool:
    """A face a line crosses with no letter under it: the board's letters (colour ``ink``)
    would have shown beside every line colour (``ink_off_line``), the line covers at most
    ``blank_line_share`` of where a letter sits (``letters``), and nearly all
    (``blank_pure``) of its pixels there are plain mixes of the face and a line colour,
    none darkened or tinted by a letter under a see-through line."""
    if not colours:
        return False
    for colour in colours:
        if delta_e(colour, ink) <= cfg.ink_off_line * _apart(colour, face):
            return False
    window = (slice(letters.y, letters.y1), slice(letters.x, letters.x1))
    inside = covered[window] > 0
    if inside.size == 0 or float(inside.mean()) > cfg.blank_line_share:
        return False
    pixels = lab[window][inside].reshape(-1, 3).astype(np.float32)
    if len(pixels) == 0:
        return True
    plain = np.zeros(len(pixels), bool)
    for colour in colours:
        plain |= _segment_distance(pixels, face, colour) < cfg.line_rim * _apart(colour, face)
    return float(plain.mean()) >= cfg.blank_pure


def source_scale(located: LocatedBoard) -> float:
    """Source-image pixels per rectified pixel: the lattice's mean cell side in the source
    over its side in the rectified board."""
    return cell_side(located.corners, located.rows, located.cols) / located.cell_px


def board_values(
    tiles: Sequence[TileImage], config: CutConfig | None = None
) -> tuple[TileImage, ...]:
    """Every tile's value taken from the same corner: games print the point value in one
    corner of every tile (Wordament top-left, Ruzzle and SpellCast top-right, Scramble
    bottom-right), while badges and specks sit anywhere. The corner where at least
    ``ValueConfig.vote`` of the non-blank tiles have a candidate wins; without one, the board
    shows no values."""
    cfg = config or CutConfig()
    corner = _values_corner(tiles, cfg)
    out = []
    for t in tiles:
        chosen = next((o for o in t.value_options if o.corner == corner), None)
        if t.blank or (chosen is None and t.value_corner is None):
            out.append(t)
            continue
        if chosen is not None and chosen.corner == t.value_corner:
            out.append(t)
            continue
        out.append(_with_value(t, chosen))
    return tuple(out)


def _with_value(tile: TileImage, option: ValueOption | None) -> TileImage:
    if option is None:
        return replace(
            tile, value_mask=None, value_box=None, value_boxes=(), value_alpha=None,
            value_corner=None, value_doubt=False,
        )  # fmt: skip
    h, w = tile.glyph.shape
    mask, alpha = option.paint(h, w)
    return replace(
        tile, value_mask=mask, value_box=option.box, value_boxes=option.digits,
        value_alpha=alpha, value_corner=option.corner, value_doubt=option.doubt,
    )  # fmt: skip


def cut_tile(
    crop: Image,
    lab: Image | None = None,
    row: int = 0,
    col: int = 0,
    config: CutConfig | None = None,
    *,
    ring: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]] | None = None,
    corners: Sequence[Corner] = CORNERS,
    scale: float = 1.0,
    letters: Box | None = None,
    letters_ink: npt.NDArray[np.float64] | None = None,
    tinted: npt.NDArray[np.bool_] | None = None,
    value_zone: Box | None = None,
    seam: npt.NDArray[np.bool_] | None = None,
    values_known: bool = False,
    value_corner: Corner | None = None,
) -> TileImage:
    """Cut one square tile crop (BGR). ``lab`` may pass its 8-bit CIELAB conversion and
    ``ring`` the face-colour ring (``_ring``) shared by all cells of a board; ``corners``
    are the corners searched for a point value; ``scale`` is the source pixels per crop
    pixel; ``letters`` is where the board's letters sit (``letter_box``): when a line is
    taken out, the glyph is every piece inside it; ``letters_ink`` is their ink colour
    (8-bit CIELAB): with both, a face a line crosses but no letter is blank when a letter
    of that colour would have shown (``_empty_under_line``); ``tinted`` marks a line too
    pale to be ink and the glyph it touches, found by a first cut (``_tinted_line``);
    ``value_zone`` is where the board prints its values (``values.board_zone``): the ink
    there is cut off from the rest (a letter's tail touching the value) and no keep-out
    around the glyph reaches into it; ``seam`` cuts there instead of the zone's sides (the
    letter and value told apart by colour: ``_colour_seam``); ``values_known``: the values
    found are the board's (its value zone is known), and faint ink there is no lost
    stroke; ``value_corner``: the corner where the board prints its values, where a
    see-through line is darker over a digit, not along an outline (``_see_through``)."""
    cfg = config or CutConfig()
    if lab is None:
        lab = bgr_to_lab8(crop)
    h, w = crop.shape[:2]
    m_y, m_x = int(h * (1 - cfg.centre_frac) / 2), int(w * (1 - cfg.centre_frac) / 2)
    sparse = (slice(m_y, h - m_y, 3), slice(m_x, w - m_x, 3))  # every third pixel is plenty
    around = lab[ring if ring is not None else _ring(h, w, cfg)]  # the ring's pixels
    face, dist, contrast = _tile_face(lab, lab[sparse].reshape(-1, 3), around, (m_y, m_x), cfg)
    face_bgr = lab8_to_bgr(face)
    empty = np.zeros((h, w), np.uint8)

    def recut(again: CutConfig, lines: npt.NDArray[np.bool_] | None) -> TileImage:
        # This tile cut again, under ``again`` and with ``lines`` as its ``tinted``.
        assert lab is not None
        return cut_tile(
            crop, lab, row, col, again, ring=ring, corners=corners, scale=scale,
            letters=letters, letters_ink=letters_ink, tinted=lines, value_zone=value_zone,
            seam=seam, values_known=values_known, value_corner=value_corner,
        )  # fmt: skip

    def blank_tile(polarity: Polarity = Polarity.DARK_ON_LIGHT) -> TileImage:
        return TileImage(
            row, col, crop, empty, None, (), None, None, polarity, True, face_bgr, contrast,
            scale=scale,
        )  # fmt: skip

    if contrast < cfg.blank_contrast:
        return blank_tile()
    threshold = cfg.ink_frac * contrast
    # Hysteresis: ink is anything above the low threshold that touches a pixel above the
    # high one, so thin or blurred strokes stay attached to their letter.
    ink = (dist > cfg.ink_low_frac * contrast).astype(np.uint8)
    strong = dist > threshold
    if value_zone is not None and corners:
        cut = _zone_seam(value_zone, corners[0], h, w) if seam is None else seam
        ink[cut] = 0
        strong[cut] = False
    face_like = dist < threshold / 2
    fy0, fy1 = _span(np.count_nonzero(face_like, axis=1) >= cfg.face_frac * w)
    fx0, fx1 = _span(np.count_nonzero(face_like, axis=0) >= cfg.face_frac * h)

    min_area = cfg.min_component * h * w
    span = (fx0, fx1, fy0, fy1)
    n, labels, boxes, areas, border_ids, lines, small = _components(
        ink, strong, span, min_area, cfg.hyphen_aspect
    )
    frame: npt.NDArray[np.bool_] | None = None  # the tile's frame cut off a letter
    off = _off_frame(ink, strong, labels, lines, span, min_area, cfg) if lines else None
    if off is not None:  # a letter joined to the tile's frame: cut off at the neck
        strong, frame, (n, labels, boxes, areas, border_ids, lines, small) = off
    # A "rim" spanning the face that runs through its middle is lines drawn across it,
    # stopping short of the tile's border, joined to the letter they cross: taken out as a
    # line, not dropped with the letter (two thin orange lines crossed over a W on a
    # JPEG of quality 41, spellcast-arrows 91426: the W went with them and the point
    # value 5 beside it read S at 0.95).
    lines += [
        i
        for i in _rims(boxes, areas, cfg, labels=labels)
        if min(boxes[i].w / w, boxes[i].h / h) >= cfg.frame_span
        and _reaches_middle(labels, i, h, w)
    ]
    obstructed = bool(lines)
    overdrawn = False  # a line of another colour than the letter was taken out
    covered: Mask | None = None  # the pixels that line covered
    bordered: npt.NDArray[np.bool_] | None = None  # ink left joined to the border (below)
    seen_through = False  # a see-through line's blend was undone
    line_colours: list[npt.NDArray[np.float64]] = []

    def empty_under_line() -> bool:
        # Nothing inked is left where a letter sits (not even ink a dark line joined to the
        # border), and the line could not have hidden one (``_empty_under_line``).
        if covered is None or letters is None or letters_ink is None:
            return False
        window = dist[letters.y : letters.y1, letters.x : letters.x1]
        if window.size == 0 or float(window.max()) >= cfg.blank_contrast:
            return False
        return _empty_under_line(lab, covered, face, line_colours, letters, letters_ink, cfg)

    altered: npt.NDArray[np.bool_] | None = None  # pixels whose distance the line changed
    line_hued = False  # the glyph clear of the line is in its hue (``_in_line_hue``)
    drawn = np.isin(labels, lines) if lines else tinted
    if drawn is not None:
        # A line drawn over the tile (another solver's arrow, a swipe trail): take out the
        # pixels of its colours and cut again without them, the ink threshold set by what
        # is left (a pale gold letter under a dark line). A letter in another colour comes
        # back, in pieces where the line cut it (``line`` keeps where it ran: the matcher
        # treats the letter as unknown there); one in the line's colour stays hidden
        # (obstructed: the recognizer reports it unsure).
        values_at = None if value_corner is None else _corner_area(h, w, value_corner, cfg)
        line, told, line_colours, beneath = _line_pixels(
            lab, drawn, face, span, cfg, letters, values_at
        )
        if letters is not None:
            line = _values_off_line(line, lab, face, line_colours, letters, corners, span, cfg)
        altered = line.copy()
        dist = dist.copy()
        dist[line] = 0
        if beneath is not None:
            # A see-through line: what shows beneath it counts (face or letter), and only
            # the pixels it left unknown stay hidden.
            seen = ~np.isnan(beneath) & line
            dist[seen] = beneath[seen]
            line = line & ~seen
            seen_through = bool(seen.any())
        contrast = max(_contrast(dist, m_y, m_x), 1.0)
        threshold = cfg.ink_frac * contrast
        ink = (dist > cfg.ink_low_frac * contrast).astype(np.uint8)
        strong = dist > threshold
        n, labels, boxes, areas, border_ids, left, small = _components(
            ink, strong, span, min_area, cfg.hyphen_aspect
        )
        # The line's blurred edge left as ink can join the letter to the tile's border or
        # draw it out past where letters sit: taken off those pieces as line.
        fringed = list(left) + [i for i in boxes if _drawn_out(boxes[i], letters, cfg)]
        fringe = _line_fringe(ink, altered, cfg) & np.isin(labels, fringed) if fringed else None
        if fringe is not None and fringe.any():
            ink[fringe] = 0
            dist[fringe] = 0
            strong &= ~fringe
            line = line | fringe
            n, labels, boxes, areas, border_ids, left, small = _components(
                ink, strong, span, min_area, cfg.hyphen_aspect
            )
        if left and frame is None:
            # A letter joined to the frame and to the line (a big gold W touching its
            # tile's outline, a line's arrowhead touching both): with the line out, it
            # is cut off the frame as above (spellcast-arrows 3054).
            off = _off_frame(ink, strong, labels, left, span, min_area, cfg)
            if off is not None:
                strong, frame, (n, labels, boxes, areas, border_ids, left, small) = off
        if left and cfg.line_corners == "joined":
            # Ink still joined to the border across the middle may be a line that enters
            # by a corner, whose colour the band's sides never showed: cut again with the
            # band's corners sampled too, and kept where that takes every line out (a red
            # line in by a corner, beside a green one the sides found, joined the P
            # under both to the border and the P went with them: spellcast-arrows
            # 125739 r1c1).
            again = recut(replace(cfg, line_corners="always"), tinted)
            if not again.obstructed:
                return again
        obstructed = bool(left) or contrast < cfg.blank_contrast or not told
        overdrawn = True
        covered = line.astype(np.uint8) * 255
        # Ink still joined to the tile's border across the middle (a line not told from
        # the letter, and the letter with it) hides what lies under it as a line does
        # where a glyph is left to read around it: counted as face seen clear of the
        # line, it let a sliver of a gold A by a blue line read I around it, settled by
        # the A's 1 (an orange line near the outline's hue joined the A to it;
        # spellcast-arrows 122336 r4c3). Where no glyph is left, that ink is what the
        # letters under the line are read from (``recognize._letters_under_line``).
        bordered = np.isin(labels, left) if left else None
    boxes = _drop_frames(boxes, areas, cfg, labels, cut_by_line=h if overdrawn else 0)
    if not boxes and empty_under_line():
        return blank_tile()
    if not boxes:
        if obstructed or overdrawn:
            # Not blank: something lies over the face. Nothing readable is left, so the
            # recognizer gets an empty glyph and reports the tile unsure.
            return TileImage(
                row, col, crop, empty, None, (), None, None, Polarity.DARK_ON_LIGHT, False,
                face_bgr, contrast, obstructed=True, overdrawn=overdrawn, line=covered,
                face=face_like.astype(np.uint8) * 255, alpha=empty, scale=scale,
                letter_box=letters if overdrawn else None,
            )  # fmt: skip
        return blank_tile()

    glyph_ids = _text_band(boxes, h, w, cfg)
    specks = _specks(glyph_ids, boxes, areas, cfg, slivers=not overdrawn)
    glyph_ids -= specks
    # A speck that is a hyphen blur padded may join as one, as the bars too small to be
    # letters do (``_hyphens`` below: beside the glyph, of its tint, one on a side).
    small = {**small, **_padded_bars(specks, boxes, labels, strong, cfg)}
    if len(glyph_ids) == 1:
        glyph_ids |= _stacked_band(boxes, areas, h, w, glyph_ids, cfg)
    if overdrawn and letters is not None:
        cut_pieces: set[int] = set()  # the pieces beside the line (within 2 pixels)
        if covered is not None:
            beside_line = cv2.dilate(covered, np.ones((5, 5), np.uint8)) > 0
            cut_pieces = set(np.unique(labels[beside_line]).tolist())
        glyph_ids = _pieces_inside(boxes, letters, cfg, cut_pieces)
        # Ink reaching into where the letter sits but left out of it (a dark outline of the
        # line merged with the ends of the letter's arms) may be letter or line: unknown,
        # never face (an E whose arm ends joined the line's dark rim read L at 0.997).
        # So is a piece hanging below it where a descender would, by the line: a J's hook
        # the line cut off its stem, left out as face, read I at 0.83 (spellcast-arrows
        # 103071 r1c5, Open Sans). Such a piece is unknown below the box too, down to where
        # a descender ends: a J's hook that a line cut off at the baseline starts in the box
        # like a point value; left face below it, J's hook "showed no tail" and the stem
        # read I at 0.9 (spellcast-arrows 109328 r3c4, 109375 r1c3, held out).
        unsure_ids = [i for i in boxes if i not in glyph_ids and _crosses(boxes[i], letters)]
        if covered is not None:
            unknown = np.zeros((h, w), bool)
            if unsure_ids:
                low = letters.y1 + round(cfg.letter_descend * letters.h)
                unknown[letters.y : low, letters.x : letters.x1] = True
                unknown &= select_components(labels, n, unsure_ids) > 0
            hanging = _hanging_by_line(boxes, glyph_ids, cut_pieces, letters, cfg)
            if hanging:
                unknown |= np.isin(labels, hanging)
            covered[unknown] = 255
        outside = _beside_letters(glyph_ids, boxes, areas, letters, cfg)
        if outside and covered is not None:
            glyph_ids -= outside
            taken = select_components(labels, n, outside)
            covered = np.where(taken > 0, np.uint8(255), covered).astype(np.uint8)
        if not glyph_ids and empty_under_line():
            return blank_tile()
        if not glyph_ids:
            return TileImage(
                row, col, crop, empty, None, (), None, None, Polarity.DARK_ON_LIGHT, False,
                face_bgr, contrast, obstructed=True, overdrawn=True, line=covered,
                face=face_like.astype(np.uint8) * 255, alpha=empty, scale=scale,
                letter_box=letters,
            )  # fmt: skip
        # A glyph whose ink clear of the line is in the line's own hue may be the line,
        # not the letter: obstructed (the dark rim of an outlined line's dot round a gold
        # B it hid, left whole as an O, read O at 0.95: benchmarks/stress.py 92400,
        # spellcast-arrows + gamma0.5). A letter seen through a line takes the line's
        # tint only under it.
        glyph_px = np.isin(labels, sorted(glyph_ids))
        clear = glyph_px if altered is None else glyph_px & ~altered
        core = _core_hue(lab[clear], face)
        if _in_line_hue(core, line_colours, cfg, cfg.tint_min):
            obstructed = True
        # ...and one in its hue at less chroma (its dark rim) may be the mark at a path's
        # start, the letter hidden under it: the board decides (``_marks_alone``).
        line_hued = _in_line_hue(core, line_colours, cfg, cfg.rim_chroma)
    # A tile's characters are printed in one colour: a piece of another hue beside the
    # letter (an arrowhead whose pale line the ink threshold left out) is something over
    # the tile, not a character (an S and a blue arrowhead read "S-" at 0.95).
    main = max(glyph_ids, key=lambda i: areas.get(i, 0))
    tint = _core_median(lab[labels == main], face)
    smooth = cv2.medianBlur(lab, cfg.lost_tint_smooth) if len(glyph_ids) > 1 or small else lab

    def character(i: int) -> bool:
        return _tinted_like(smooth[labels == i], face, tint, cfg, cfg.char_tint_off)

    foreign = {i for i in glyph_ids if i != main and not overdrawn and not character(i)}
    # A piece left out for its tint may yet be a character whose colour noise moved (a C
    # of "CH", a hyphen of "-ER" under noise of sd 35, benchmarks/stress.py 75000): the
    # letters kept are not sure either (``lost_strokes``: capped). Not a piece whose
    # median tint is off the letters' too (``char_tint_off``): noise moves pixels, not
    # the middle of a piece, and such a piece is another colour, something over the tile
    # (an orange line's rounded end level with an A's middle, taken for its hyphen and
    # left out, capped the A at 0.6: spellcast-arrows 124728 r0c2, held out).
    tint_dropped = any(
        _blend_middle(smooth[labels == i], face, tint, cfg.char_tint_off) for i in foreign
    )
    if foreign:
        glyph_ids -= foreign
        obstructed = True
    band = union([boxes[i] for i in glyph_ids])
    for i in _hyphens(small, band, cfg):
        if not character(i):
            tint_dropped |= _blend_middle(smooth[labels == i], face, tint, cfg.char_tint_off)
            continue
        boxes[i] = small[i]
        glyph_ids.add(i)
        band = band.union(small[i])
    rest = {i: b for i, b in boxes.items() if i not in glyph_ids}
    underline_id, side = _underline(rest, band, glyph_ids, boxes, cfg)
    if underline_id is None and len(glyph_ids) == 1:
        (only,) = glyph_ids
        joined = _joined_bar(labels, only, boxes[only], n, cfg)
        if joined is not None:
            cut_labels, glyph_box, bar_box, bar_side = joined
            cut_boxes = {**boxes, only: glyph_box, n: bar_box}
            beside = bar_side in (Side.LEFT, Side.RIGHT)  # a die on its side: the bar is
            cut_ids = {only, n} if beside else {only}  # in the text band, as _underline asks
            cut_band = union([cut_boxes[i] for i in cut_ids])
            cut_rest = rest if beside else {**rest, n: bar_box}
            found = _underline(cut_rest, cut_band, cut_ids, cut_boxes, cfg)
            if found == (n, bar_side):
                labels, boxes, glyph_ids, band, rest = (
                    cut_labels,
                    cut_boxes,
                    cut_ids,
                    cut_band,
                    cut_rest,
                )
                areas = {**areas, n: bar_box.w * bar_box.h}
                underline_id, side = found
                n += 1
                # Where a line was taken out, the neck may be what it cut of a letter's
                # arm: an E whose bottom arm a line met at both ends read F at 0.95
                # (spellcast-arrows 78508). A reading so cut is not sure.
                obstructed = obstructed or overdrawn
    if underline_id is not None:
        rest.pop(underline_id, None)
    glyph = select_components(labels, n, glyph_ids)
    faint = False
    if not overdrawn and tinted is None:
        # A line too pale to be ink (a pale green arrow on a cream tile) that comes in from
        # the border onto the glyph: cut again, taking it and the ink it touches out.
        ring_face = _ring_tint(face, around, cfg)
        pale = _tinted_line(lab, ring_face, glyph, cfg)
        if pale is None:
            strokes = _faint_line(lab, ring_face, glyph, cfg)
            faint = strokes is not None
            if strokes is not None:
                # The line's own edge darker than it (a dark outline round a pale line),
                # left as thin ink along it, is no stroke of the letter (``_line_fringe``).
                edge = _thin_runs(_line_fringe(glyph, strokes, cfg), cfg.spur_aspect)
                if edge.any() and np.count_nonzero(edge) < np.count_nonzero(glyph):
                    glyph = np.where(edge, np.uint8(0), glyph).astype(np.uint8)
                    left_of = {i: (labels == i) & (glyph > 0) for i in glyph_ids}
                    glyph_ids = {i for i, piece in left_of.items() if piece.any()}
                    boxes = {**boxes, **{i: mask_box(left_of[i]) for i in glyph_ids}}
                    band = mask_box(glyph)
        if pale is not None:
            return recut(cfg, (pale > 0) | (glyph > 0))
    alpha = _alpha(dist, glyph, band, contrast, cfg)
    luma = _luma_alpha(lab, glyph, band, face, tint, cfg)
    if luma is not None:
        # Where a line was taken out, the colour model (a see-through line undone, the
        # line's own pixels dropped) says what shows: lightness alone does not.
        alpha = luma if altered is None else np.where(altered, alpha, luma).astype(np.uint8)
    ink_l = float(lab[..., 0][glyph > 0].mean())
    polarity = Polarity.DARK_ON_LIGHT if ink_l < face[0] else Polarity.LIGHT_ON_DARK
    # Glare shows as light on dark letters (on light letters, light is the letter itself).
    glare = polarity is Polarity.DARK_ON_LIGHT and _glare(lab, face, band, cfg)
    underline = boxes[underline_id] if underline_id is not None else None
    options: tuple[ValueOption, ...] = ()
    if corners:
        # Nothing of the glyph, the underline or the ink at the border is ever a value.
        keep_out_ids = set(glyph_ids) | border_ids
        if underline_id is not None:
            keep_out_ids.add(underline_id)
        kept = select_components(labels, n, keep_out_ids)
        keep_out = np.asarray(
            cv2.dilate(kept, np.ones((cfg.values.keep_out, cfg.values.keep_out), np.uint8)),
            np.uint8,
        )
        if value_zone is not None:
            zone = (slice(value_zone.y, value_zone.y1), slice(value_zone.x, value_zone.x1))
            keep_out[zone] = kept[zone]
        ink_colour = None
        if len(corners) > 1:  # the colour only decides between corners
            main = max(glyph_ids, key=lambda i: boxes[i].w * boxes[i].h)
            ink_colour = _colour(lab, labels, main, boxes[main])
        span = (fy0, fy1, fx0, fx1)
        # Where a line took out part of the letter, what is left of it is no measure of the
        # letter's size: where the board's letters sit is (a 1 beside the top of an I whose
        # stem a line hid was too tall for the I's stub to be its value).
        sized = band.union(letters) if overdrawn and letters is not None else band
        options = find_values(
            dist, lab, keep_out, sized, span, contrast, ink_colour, cfg.values, corners,
            value_zone,
        )  # fmt: skip
    # A prefix's or suffix's hyphen too pale to cut, looked for once: a stroke the glyph
    # lost, and the side it lies on is kept (``TileImage.faint_hyphens``).
    # Not beside a faint line over the letter: its pale stroke by the letter is no hyphen
    # (a pale teal line out of a B's waist read "B-", spellcast-arrows 122371 r5c1).
    hyphens = (
        ()
        if overdrawn or tint_dropped or faint
        else _faint_hyphen(dist, glyph, band, contrast, lab, face, cfg)
    )
    lost = tint_dropped or (
        not overdrawn
        and _lost_strokes(
            dist, glyph, band, contrast, underline, cfg, lab, face, hyphens=hyphens, frame=frame
        )
    )
    # Faint ink that joins the glyph only through the board's point values (asked only
    # where the board's value zone is known: ``_cut_in_zone``) is ``lost_by_value``.
    painted = [o.paint(h, w)[0] for o in options if not o.doubt] if values_known else []
    by_value = bool(painted) and lost and not tint_dropped
    if by_value:
        digits = np.bitwise_or.reduce(painted)
        by_value = not _lost_strokes(
            dist, glyph, band, contrast, underline, cfg, lab, face, digits,
            hyphens=hyphens, frame=frame,
        )  # fmt: skip
    default = tile_default(options, h, w, cfg.values)
    value_mask = value_box = value_alpha = None
    value_boxes: tuple[Box, ...] = ()
    if default is not None:
        value_mask, value_alpha = default.paint(h, w)
        value_box, value_boxes = default.box, default.digits
    out = TileImage(
        row=row,
        col=col,
        crop=crop,
        glyph=glyph,
        glyph_box=band,
        glyph_boxes=tuple(sorted((boxes[i] for i in glyph_ids), key=lambda b: b.x)),
        value_mask=value_mask,
        value_box=value_box,
        polarity=polarity,
        blank=False,
        face_bgr=face_bgr,
        contrast=contrast,
        underline=underline,
        underline_side=side,
        obstructed=obstructed or glare,
        glare=glare,
        lost_strokes=lost,
        lost_by_value=by_value,
        faint_hyphens=hyphens if lost and not by_value else (),
        overdrawn=overdrawn,
        line=covered if bordered is None or covered is None else covered | bordered * np.uint8(255),
        value_boxes=value_boxes,
        face=face_like.astype(np.uint8) * 255,
        alpha=alpha,
        value_alpha=value_alpha,
        value_corner=default.corner if default is not None else None,
        value_doubt=default.doubt if default is not None else False,
        value_options=options,
        scale=scale,
        letter_box=letters if overdrawn else None,
        seen_through=seen_through,
        faint_line=faint,
        line_hued=line_hued,
    )
    if not cfg.see_both or not overdrawn:
        return out
    if not seen_through:
        undone = cut_tile(
            crop, lab, row, col, replace(cfg, see_dark_share=math.inf, see_both=False),
            ring=ring, corners=corners, scale=scale, letters=letters, letters_ink=letters_ink,
            tinted=tinted, value_zone=value_zone, seam=seam, value_corner=value_corner,
        )  # fmt: skip
        return replace(out, undone=undone) if undone.seen_through else out
    # What the blend undone shows is read, and what the line hides is read around too:
    # a narrow letter along the line (an I) can lose to noise what the masked reading
    # keeps (``recognize_tiles`` takes the two together).
    opaque = cut_tile(
        crop, lab, row, col, replace(cfg, see_min=math.inf, see_both=False), ring=ring,
        corners=corners, scale=scale, letters=letters, letters_ink=letters_ink, tinted=tinted,
        value_zone=value_zone, seam=seam, value_corner=value_corner,
    )  # fmt: skip
    return replace(out, opaque=opaque)


def _pieces_inside(
    boxes: dict[int, Box], letters: Box, cfg: CutConfig, by_line: Collection[int] = ()
) -> set[int]:
    """The components lying mostly (``letter_inside``) in ``letters`` grown by
    ``letter_slack`` of its height on every side: the pieces of a letter a line cut; and
    a letter's descender (a J's hook, a Q's tail below the line the capitals sit on, in
    fonts that print them so): a piece that starts in the box, lies mostly inside it
    across, ends no more than ``letter_descend`` of its height below it, and touches a
    piece inside, or touches the line (``by_line``: the pieces beside it) that a piece
    inside touches too: the letter's lower part the line cut off its top."""
    x0, x1, y0, y1 = _slack(letters, cfg)
    out = set()
    for i, b in boxes.items():
        inside = overlap(b.x, b.x1, x0, x1) * overlap(b.y, b.y1, y0, y1)
        if inside >= cfg.letter_inside * b.w * b.h:
            out.add(i)
    low = letters.y1 + cfg.letter_descend * letters.h
    for i, b in boxes.items():
        if i in out or not (letters.y <= b.y < letters.y1 and b.y1 <= low):
            continue
        if letters.y1 - b.y < cfg.letter_descend_in * b.h:
            continue  # a point value under the corner, not a descender
        if overlap(b.x, b.x1, x0, x1) < cfg.letter_inside * b.w:
            continue
        near = Box(b.x - 2, b.y - 2, b.w + 4, b.h + 4)
        joined = any(_crosses(near, boxes[j]) for j in out)
        if joined or (i in by_line and any(j in by_line for j in out)):
            out.add(i)
    return out


def _values_off_line(
    line: npt.NDArray[np.bool_],
    lab: Image,
    face: npt.NDArray[np.float64],
    colours: Sequence[npt.NDArray[np.float64]],
    letters: Box,
    corners: Sequence[Corner],
    span: tuple[int, int, int, int],
    cfg: CutConfig,
) -> npt.NDArray[np.bool_]:
    """``line`` without its pieces that are a point value, not a line: apart from every
    stroke (clear of the face's edge, where a line enters the tile), wholly outside
    ``letters`` and in a corner searched for the value, at most ``value_off_line`` of the
    letters' height tall, and of the face's hue where every line ``colours`` has one of
    its own (``value_off_tint``). A grey value beside a grey-blue see-through line is
    nearer the line's mixes than the letter's: SpellCast's 1 beside an I a line crossed
    went with the line, the value was lost and the I stayed unsure."""
    h, w = line.shape
    fx0, fx1, fy0, fy1 = span
    e = cfg.value_off_edge
    n, labels, stats, _ = cv2.connectedComponentsWithStats(line.astype(np.uint8), connectivity=8)
    out = line.copy()
    for i in range(1, n):
        x, y, bw, bh = (int(v) for v in stats[i, :4])
        piece = Box(x, y, bw, bh)
        inside = x >= fx0 + e and y >= fy0 + e and x + bw <= fx1 - e and y + bh <= fy1 - e
        if not inside or _crosses(piece, letters) or bh > cfg.value_off_line * letters.h:
            continue
        cx, cy = x + bw / 2, y + bh / 2
        if not any((cx < w / 2) == is_left(c) and (cy < h / 2) == is_top(c) for c in corners):
            continue
        # ...and of no hue of its own where the lines have one (a stretch of a coloured
        # line that its mask cut off where it crosses the tile's rounded corner is no value).
        own = labels == i
        tint = _tint(lab[own], face)
        if tint < cfg.value_off_tint and all(
            _tint(c[None], face) >= 2 * cfg.value_off_tint for c in colours
        ):
            out[own] = False
    return out


def _tint(pixels: npt.NDArray[np.generic], face: npt.NDArray[np.float64]) -> float:
    """How far the median chroma of ``pixels`` (CIELAB, one per row) lies from the
    ``face``'s."""
    return length(median(pixels.reshape(-1, 3)[:, 1:].astype(np.float64), axis=0) - face[1:])


def _beside_letters(
    ids: set[int], boxes: dict[int, Box], areas: dict[int, int], letters: Box, cfg: CutConfig
) -> set[int]:
    """The small pieces among ``ids`` (``CutConfig.slack_share`` of the biggest) that lie
    wholly outside ``letters``, in its slack only: not known to be the letter."""
    if len(ids) < 2:
        return set()
    biggest = max(areas.get(i, 0) for i in ids)
    return {
        i
        for i in ids
        if areas.get(i, 0) < cfg.slack_share * biggest and not _crosses(boxes[i], letters)
    }


def _core_hue(
    pixels: npt.NDArray[np.uint8], face: npt.NDArray[np.float64] | None
) -> tuple[float, float] | None:
    """The hue and the chroma of the median of the inked core (``_inked_core``) of
    ``pixels`` (CIELAB, one per row), or of them all without a ``face``; None for no
    pixels."""
    if not len(pixels):
        return None
    core = pixels.reshape(-1, 3) if face is None else _inked_core(pixels, face)
    a, b = (float(v) - 128.0 for v in median(core[:, 1:].astype(np.float64), axis=0))
    return hue(a, b), math.hypot(a, b)


def _in_line_hue(
    core: tuple[float, float] | None,
    line_colours: Sequence[npt.NDArray[np.float64]],
    cfg: CutConfig,
    least: float,
) -> bool:
    """Whether the inked core of the glyph clear of the line taken out (``core``: its hue
    and chroma, ``_core_hue``) is coloured (chroma ``least`` or more) in the hue of one of
    the ``line_colours`` (within ``mark_hue`` degrees): what is left may be the line's own
    dark rim, not the letter."""
    if core is None or not line_colours:
        return False
    mine, chroma = core
    if chroma < least:
        return False
    for colour in line_colours:
        la, lb = float(colour[1]) - 128.0, float(colour[2]) - 128.0
        if math.hypot(la, lb) >= cfg.tint_min and hue_apart(mine, hue(la, lb)) <= cfg.mark_hue:
            return True
    return False


def _core_median(
    pixels: npt.NDArray[np.uint8], face: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """The median colour (CIELAB, per channel) of the inked core of ``pixels``
    (``_inked_core``)."""
    return np.asarray(median(_inked_core(pixels, face).astype(np.float64), axis=0), np.float64)


def _inked_core(
    pixels: npt.NDArray[np.uint8], face: npt.NDArray[np.float64]
) -> npt.NDArray[np.uint8]:
    """The half of ``pixels`` (CIELAB) farthest from the ``face``: their inked core."""
    far = lab8_distance(pixels.reshape(-1, 1, 3), face).ravel()
    return np.asarray(pixels.reshape(-1, 3)[far >= median(far)], np.uint8)


def _hanging_by_line(
    boxes: dict[int, Box],
    glyph_ids: set[int],
    by_line: Collection[int],
    letters: Box,
    cfg: CutConfig,
) -> list[int]:
    """The pieces left out of the glyph that hang below ``letters`` where a descender would
    (within ``letter_descend`` of its height, ``letter_inside`` of their width across it)
    and touch the line (``by_line``: the pieces beside it): a descender the line cut off
    the letter."""
    below = letters.y1 + cfg.letter_descend * letters.h
    return [
        i
        for i, b in boxes.items()
        if i not in glyph_ids
        and letters.y1 <= b.y < below
        and overlap(b.x, b.x1, letters.x, letters.x1) >= cfg.letter_inside * b.w
        and i in by_line
    ]


def _crosses(box: Box, letters: Box) -> bool:
    """Whether ``box`` shares pixels with ``letters``."""
    return (
        overlap(box.x, box.x1, letters.x, letters.x1)
        * overlap(box.y, box.y1, letters.y, letters.y1)
        > 0
    )


def _tile_face(
    lab: Image, centre: Image, ring: Image, margins: tuple[int, int], cfg: CutConfig
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float32], float]:
    """A tile's face colour (``_face_colour`` of its ``centre`` and ``ring`` pixels), every
    pixel's distance from it and the tile's ink contrast (``_contrast`` inside
    ``margins``). Where the face colour is a mix of face and a big pale letter, the face it
    leaves does not span the tile (a gold W on a SpellCast bonus tile at 0.46 and 0.51 of
    the way to its grey 5: face-coloured only 26 of 128 columns, the W dropped with the
    tile's outline as a frame, read blank or "/": spellcast-arrows 107520 r2c5, 109368
    r1c3): under ``face_min_span`` of the cell, the ring's half of the light pixels is the
    face where it spans more of the tile; with no such half, the ring's median colour."""
    m_y, m_x = margins
    face, resplit = _face_colour(centre, ring, cfg)
    dist = lab8_distance(lab, face)
    contrast = _contrast(dist, m_y, m_x)
    narrow = _narrowest(dist, contrast, cfg)
    if narrow >= cfg.face_min_span:
        return face, dist, contrast
    # ...or, with no such half, the ring's own median colour: a big gold O blurred over a
    # pale pink 2X tile tinted every centre pixel, the face taken was the mix, and the
    # face it left spanned 0.2 of the tile below the O; the O, cut as the tile's border,
    # was dropped and the tile read blank (spellcast-arrows 120333 r2c1).
    other = resplit if resplit is not None else median(ring.reshape(-1, 3), axis=0)
    other = np.asarray(other, np.float64)
    dist_r = lab8_distance(lab, other)
    contrast_r = _contrast(dist_r, m_y, m_x)
    if _narrowest(dist_r, contrast_r, cfg) > narrow:
        return other, dist_r, contrast_r
    return face, dist, contrast


def _narrowest(dist: npt.NDArray[np.float32], contrast: float, cfg: CutConfig) -> float:
    """The share of the cell's side that the narrower of the face's extents spans, the
    face being the pixels under half the ink threshold from the face colour (``dist``), as
    ``cut_tile`` measures it (``_face_span``)."""
    h, w = dist.shape
    x0, x1, y0, y1 = _face_span(dist < cfg.ink_frac * contrast / 2, cfg)
    return float(min((y1 - y0) / h, (x1 - x0) / w))


def _face_colour(
    centre: Image, ring: Image, cfg: CutConfig | None = None
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64] | None]:
    """The tile face's colour: split the centre's pixels into two colours (face and ink, by
    a few rounds of 2-means) and keep the one that most of a ring around the centre has.
    (A plain median fails when a big bold letter covers half the centre.) Where the kept
    colour splits again (``CutConfig.face_apart``), the ring picks between its halves too:
    a tile with a pale letter and a dark value (a SpellCast bonus tile's gold M and grey
    4) splits dark from light first, and the light half is face and letter at once.
    Second, the ring's half where it split so but the letter still reached the ink
    threshold against the whole (``_tile_face`` takes it where the face it leaves spans
    the tile better), or None."""
    whole = centre.dtype == np.uint8
    members, _, other = _ring_side(centre.astype(np.float32), ring, whole)
    face = _median(members)  # robust to edge pixels
    if cfg is None or len(members) < 2:
        return np.asarray(face, np.float64), None
    # A cheap bound first (most tiles stop here): two halves face_apart apart, the smaller
    # face_share of the pixels, put at least that share a third of the way from the median.
    far = np.square(members - face) @ np.ones(3, np.float32) >= (cfg.face_apart / 3) ** 2
    if np.count_nonzero(far) >= cfg.face_share * len(members):
        inner, kept, letter = _ring_side(members, ring, whole)
        minor = 1 - len(inner) / len(members)
        if float(np.linalg.norm(kept - letter)) >= cfg.face_apart and (
            min(minor, 1 - minor) >= cfg.face_share
        ):
            half = np.asarray(_median(inner), np.float64)
            if float(np.linalg.norm(face - letter)) < cfg.ink_frac * float(
                np.linalg.norm(face - other)
            ):
                return half, None
            return np.asarray(face, np.float64), half
    return np.asarray(face, np.float64), None


def _ring_side(
    pts: npt.NDArray[np.float32], ring: Image, whole: bool
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """``pts`` split into two colours by a few rounds of 2-means: (the pixels of the colour
    most of ``ring`` is nearer to, that colour's mean, the other's). ``whole``: the
    pixels are 8-bit colours."""
    # The pixels are 8-bit colours: their sums (up to 65,793 pixels) and squared distances
    # are whole numbers below 2^24, exact in float32 in any order, so BLAS products give
    # what numpy's reductions along the short axis give, ~8x faster.
    exact = whole and len(pts) * 255 < 1 << 24
    total = np.ones(len(pts), np.float32) @ pts if exact else pts.sum(axis=0)
    a = _median(pts)
    far = np.square(pts - a) @ np.ones(3, np.float32) if exact else ((pts - a) ** 2).sum(axis=1)
    b = pts[int(np.argmax(far))]
    nearer_a = np.ones(len(pts), bool)
    for _ in range(6):
        # Nearer to a than to b is one side of a plane: a single projection per pixel.
        axis = b - a
        split = pts @ axis <= float((b @ b - a @ a) / 2)
        count = int(np.count_nonzero(split))
        if count in (0, len(pts)):
            return a[None, :], a, a
        if np.array_equal(split, nearer_a):
            break  # converged
        nearer_a = split
        sum_a = split.astype(np.float32) @ pts  # both means from one product
        a, b = sum_a / count, (total - sum_a) / (len(pts) - count)
    axis = b - a
    ring_a = ring.astype(np.float32) @ axis <= float((b @ b - a @ a) / 2)
    if ring_a.mean() >= 0.5:
        return pts[nearer_a], a, b
    return pts[~nearer_a], b, a


def _median(pts: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Per-column (upper) median: a partition, four times faster than ``np.median``."""
    k = len(pts) // 2
    return np.asarray(np.partition(pts, k, axis=0)[k], np.float32)


def _contrast(dist: npt.NDArray[np.float32], m_y: int, m_x: int) -> float:
    """The 99th percentile of the distance from the face colour in the centre."""
    h, w = dist.shape
    centre = dist[m_y : h - m_y : 2, m_x : w - m_x : 2].ravel()
    k = int(0.99 * (centre.size - 1))
    return float(np.partition(centre, k)[k])


def _ring(h: int, w: int, cfg: CutConfig) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Pixel indices of a thin square ring between the centre and the tile edge."""
    inner, outer = cfg.ring_inner, cfg.ring_outer
    ys, xs = [], []
    for t in np.linspace(0.0, 1.0, 24, endpoint=False):
        for d in (inner, outer):
            a, b = int(d * h), int((1 - d) * h) - 1
            pos = int(a + t * (b - a))
            ys += [a, b, pos, pos]
            xs += [pos, pos, int(d * w), int((1 - d) * w) - 1]
    return np.array(ys, np.intp), np.array(xs, np.intp)


def _alpha(
    dist: npt.NDArray[np.float32], glyph: Mask, band: Box, contrast: float, cfg: CutConfig
) -> Mask:
    """The glyph anti-aliased: ink distance ramped from ``soft_low`` to ``soft_high`` of the
    contrast, on the glyph and its one-pixel rim."""
    h, w = glyph.shape
    y0, y1, x0, x1 = (
        max(band.y - 1, 0),
        min(band.y1 + 1, h),
        max(band.x - 1, 0),
        min(band.x1 + 1, w),
    )
    near = cv2.dilate(glyph[y0:y1, x0:x1], np.ones((3, 3), np.uint8))
    lo, span = cfg.soft_low * contrast, (cfg.soft_high - cfg.soft_low) * contrast
    ramp = np.clip((dist[y0:y1, x0:x1] - lo) * (255.0 / span), 0, 255)
    alpha = np.zeros((h, w), np.uint8)
    alpha[y0:y1, x0:x1] = np.where(near > 0, ramp, 0)
    return alpha


def _luma_alpha(
    lab: Image,
    glyph: Mask,
    band: Box,
    face: npt.NDArray[np.float64],
    ink: npt.NDArray[np.float64],
    cfg: CutConfig,
) -> Mask | None:
    """The glyph anti-aliased from lightness alone (``_alpha``'s ramp over the lightness
    difference between face and ``ink``, the letter's inked core), for a letter told from
    its face more by hue than by lightness (see ``CutConfig.luma_min``); None otherwise."""
    d_l = float(face[0]) - float(ink[0])
    d_ab = float(np.hypot(float(ink[1]) - float(face[1]), float(ink[2]) - float(face[2])))
    if abs(d_l) < cfg.luma_min or d_ab < cfg.luma_chroma * abs(d_l):
        return None
    towards_ink = (np.float32(face[0]) - lab[..., 0].astype(np.float32)) * np.float32(np.sign(d_l))
    return _alpha(towards_ink, glyph, band, abs(d_l), cfg)


def select_components(labels: Labels, n: int, ids: Iterable[int]) -> Mask:
    """A 0/255 mask of the components ``ids`` of a label image with ``n`` labels."""
    if n <= 256:  # OpenCV's table lookup is several times faster than numpy indexing
        table = np.zeros((1, 256), np.uint8)
        table[0, list(ids)] = 255
        return np.asarray(cv2.LUT(labels.astype(np.uint8), table), np.uint8)
    lut = np.zeros(n, np.uint8)
    lut[list(ids)] = 255
    return lut[labels]


def face_tilt(tile: TileImage, config: CutConfig | None = None) -> float:
    """How far the tile face (the biggest face-coloured blob, glyph included) is turned from
    the axes: the angle of its minimum-area rectangle, in degrees counter-clockwise as seen.
    0 for blank tiles and outlines turned by more than ``max_tilt``."""
    cfg = config or CutConfig()
    if tile.face is None or tile.blank:
        return 0.0
    k = np.ones((cfg.tilt_open, cfg.tilt_open), np.uint8)
    blob = cv2.morphologyEx(cv2.bitwise_or(tile.face, tile.glyph), cv2.MORPH_OPEN, k)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(blob, connectivity=4)
    if n < 2:
        return 0.0
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _ = cv2.findContours(
        (labels == biggest).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    (_, _), (_, _), angle = cv2.minAreaRect(max(contours, key=len))
    # OpenCV's rectangle angle is clockwise as seen (y points down); report counter-clockwise.
    angle = -((float(angle) + 45.0) % 90.0 - 45.0)
    return angle if abs(angle) <= cfg.max_tilt else 0.0


def _span(flags: npt.NDArray[np.bool_]) -> tuple[int, int]:
    """From the first to the last True (the whole range when there is none)."""
    idx = np.flatnonzero(flags)
    if idx.size == 0:
        return 0, len(flags)
    return int(idx[0]), int(idx[-1]) + 1


# What ``_components`` finds: the count, the label image, the glyph candidates' boxes and
# areas, the border ids, the border components reaching the middle, the level bars.
Components = tuple[int, Labels, dict[int, Box], dict[int, int], set[int], list[int], dict[int, Box]]


def _slack(letters: Box, cfg: CutConfig) -> tuple[float, float, float, float]:
    """``letters`` grown by ``letter_slack`` of its height on every side: x0, x1, y0, y1."""
    pad = cfg.letter_slack * letters.h
    return letters.x - pad, letters.x1 + pad, letters.y - pad, letters.y1 + pad


def _drawn_out(box: Box, letters: Box | None, cfg: CutConfig) -> bool:
    """Whether ``box`` reaches into ``letters`` and out past it grown by ``letter_slack`` of
    its height (``_slack``; False where the board's letter box is not known)."""
    if letters is None or not _crosses(box, letters):
        return False
    x0, x1, y0, y1 = _slack(letters, cfg)
    return box.x < x0 or box.x1 > x1 or box.y < y0 or box.y1 > y1


def _line_fringe(ink: Mask, line: npt.NDArray[np.bool_], cfg: CutConfig) -> npt.NDArray[np.bool_]:
    """The ink left along a line taken out that is too thin to be a letter's stroke (the
    line's anti-aliased or JPEG-blurred edge): pixels within ``fringe_reach`` of the cell
    of the line that an opening by a disc ``fringe_open`` of the cell wide takes away."""
    h = ink.shape[0]
    if not line.any() or cfg.fringe_open <= 0:
        return np.zeros(ink.shape, bool)
    reach = max(1, round(cfg.fringe_reach * h))
    near = cv2.dilate(line.astype(np.uint8), np.ones((2 * reach + 1,) * 2, np.uint8)) > 0
    k = max(3, round(cfg.fringe_open * h) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    kept = cv2.morphologyEx(ink, cv2.MORPH_OPEN, disc) > 0
    return np.asarray((ink > 0) & ~kept & near, np.bool_)


def _thin_runs(pieces: npt.NDArray[np.bool_], aspect: float) -> npt.NDArray[np.bool_]:
    """The connected pieces of ``pieces`` at least ``aspect`` times as long as wide (by
    their boxes): stretches of a line's edge, not blobs."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(pieces.astype(np.uint8))
    sides = stats[1:, [cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT]]
    long = np.flatnonzero(sides.max(axis=1) >= aspect * sides.min(axis=1)) + 1
    return np.isin(labels, long)


def _components(
    ink: Mask,
    strong: npt.NDArray[np.bool_],
    span: tuple[int, int, int, int],
    min_area: float,
    bar_aspect: float,
) -> Components:
    """Connected ink components of a tile: the candidates for its glyph (inside the face,
    clear of the border) with their boxes and areas, the ids of the components at the
    border or outside the face, and those of the border components that reach into the
    middle third (lines drawn over the tile, smears); last, the level bars too small to be
    letters (``bar_aspect`` times wider than tall), which can only be a hyphen."""
    h, w = ink.shape
    fx0, fx1, fy0, fy1 = span
    n, label_image, stats = components(ink)
    labels: Labels = np.asarray(label_image, np.int32)
    has_strong = np.bincount(labels[strong], minlength=n) > 0
    boxes: dict[int, Box] = {}
    areas: dict[int, int] = {}
    border_ids: set[int] = set()
    lines: list[int] = []
    small: dict[int, Box] = {}
    for i in range(1, n):
        if not has_strong[i]:
            continue
        x, y, bw, bh, area = (int(v) for v in stats[i])
        box = Box(x, y, bw, bh)
        inside = fx0 <= box.cx < fx1 and fy0 <= box.cy < fy1
        touches = x <= 0 or y <= 0 or box.x1 >= w or box.y1 >= h
        if touches:
            border_ids.add(i)
            if area >= min_area and _reaches_middle(labels, i, h, w):
                lines.append(i)
            continue
        if not inside:
            border_ids.add(i)  # outside the face: a rim, the gap, a neighbour
            continue
        if area < min_area:
            if bw >= bar_aspect * bh:
                small[i] = box
            continue
        boxes[i] = box
        areas[i] = area
    return n, labels, boxes, areas, border_ids, lines, small


def _line_pixels(
    lab: Image,
    mine: npt.NDArray[np.bool_],
    face: npt.NDArray[np.float64],
    span: tuple[int, int, int, int],
    cfg: CutConfig,
    letter_box: Box | None = None,
    values_at: npt.NDArray[np.bool_] | None = None,
) -> tuple[
    npt.NDArray[np.bool_],
    bool,
    list[npt.NDArray[np.float64]],
    npt.NDArray[np.float32] | None,
]:
    """The pixels of a tile that show a line, not the letter, whether the letter's ink
    could be told from the lines at all, the lines' colours, and what a see-through line
    lets show beneath it (``_see_through``); ``mine`` marks the ink
    the lines belong to (the components a line joined, or a tinted stroke and the glyph
    it touches).

    The lines' colours are the main colours of ``mine`` (and of pixels of another hue than
    the face, ``tint_min``) over the face's outer band
    (``line_margin``: there a line lies on the face, clear of the letter;
    ``_line_colours``); the letter's ink colour is the median of the pixels of ``mine``
    far from the face and from every line colour (``_ink_beside``). Each pixel of the face
    is then told by the mix it lies nearest to: face with a line, a line with ink (where
    it crosses the letter: unknown) or two lines are line; face with ink (the letter's own
    anti-aliased edge) is not. Without an ink colour of its own (a line in the letter's
    colour, or no letter left), a pixel of ``mine`` nearer a line colour than
    ``line_colour`` of its distance from the face is line and the letter counts as
    hidden. The mask is grown by a pixel to take a line's outer fringe. Where nothing of
    a line lies on the band clear of its corners and a bonus tile's badge, the line is
    sampled between the band and ``letter_box`` (where the board's letters sit), off the
    badge. ``values_at`` marks the corner where the board prints its point values, where
    known (``_see_through``)."""
    h, w = mine.shape
    fx0, fx1, fy0, fy1 = span
    face_area = np.zeros((h, w), bool)
    face_area[fy0:fy1, fx0:fx1] = True
    # The gap between tiles, and the face's shaded rim (mixes of face and gap colour) that
    # the band reaches at a rounded corner, are not the line (a grey-blue line may look
    # like such a mix: the rim is only looked for in the band's corners).
    gap = _edge_colour(lab)
    # A bonus tile's coloured outline (SpellCast's gold or pink) is no line either, nor its
    # glow on the face; it moves the face's edge in, and the band with it.
    outline = _outline_colour(lab, face_area, face, gap, cfg)
    margin = np.zeros((h, w), bool)
    iy, ix = int(h * cfg.line_inset), int(w * cfg.line_inset)
    margin[fy0 + iy : fy1 - iy, fx0 + ix : fx1 - ix] = True
    my, mx = int(h * cfg.line_margin), int(w * cfg.line_margin)
    if outline is not None:
        by, bx = int(h * cfg.line_band), int(w * cfg.line_band)
        my, mx = (
            max(my, fy0 + iy + by, h - (fy1 - iy - by)),
            max(mx, fx0 + ix + bx, w - (fx1 - ix - bx)),
        )
    margin[my : h - my, mx : w - mx] = False
    # A line too pale to be ink still shows its hue on the band.
    chroma = lab[..., 1:].astype(np.float32) - face[1:].astype(np.float32)
    tinted = _from_border(np.hypot(chroma[..., 0], chroma[..., 1]) > cfg.tint_min)
    # At the band's corners sit the rim (a rounded tile's corner), badges, gems and point
    # values: they are sampled only when too little of a line shows elsewhere.
    corner = np.zeros((h, w), bool)
    corner[:my, :mx] = corner[:my, w - mx :] = corner[h - my :, :mx] = True
    corner[h - my :, w - mx :] = True
    off_badge: npt.NDArray[np.bool_] | None = None
    if outline is not None:  # ...nor its badge (line_band)
        badge = _badge_disc((mine | tinted).astype(np.uint8), cfg)
        if badge is not None:
            off_badge = cv2.dilate(badge, np.ones((3, 3), np.uint8)) == 0
            margin &= off_badge
    sample = (mine | tinted) & margin & ~corner
    if np.count_nonzero(sample) < cfg.line_corner_px or cfg.line_corners == "always":
        sample = (mine | (tinted & ~corner)) & margin  # a line that enters by a corner
    if not np.any(sample) and letter_box is not None and off_badge is not None:
        # ...over the badge, all of the band it crosses the badge's: its stretch between
        # the band and where the letters sit (a purple arrow in over a TL tile's badge to
        # its gold A: no colour sampled, nothing taken out, the A lost with the line).
        clear = np.zeros((h, w), bool)
        clear[my : h - my, mx : w - mx] = True
        clear &= off_badge
        box = letter_box
        clear[box.y : box.y1, box.x : box.x1] = False
        sample = mine & clear
    on_face = lab[sample].reshape(-1, 3).astype(np.float32)
    rim = _segment_distance(on_face, face, gap) < cfg.line_rim * _apart(face, gap)
    rim &= corner[sample]
    face_rim = rim.copy()  # the rim of face and gap alone (not a bonus tile's outline)
    letters = mine
    if outline is not None:
        for end in (face, gap):
            rim |= _segment_distance(on_face, end, outline) < cfg.line_rim * _apart(end, outline)
        # The letter's ink is looked for inside the band only (the outline may be in its
        # colour: a gold letter on a gold-edged tile).
        inside = np.zeros((h, w), bool)
        inside[my : h - my, mx : w - mx] = True
        letters = mine & inside
    colours = _line_colours(on_face[~rim], face, cfg)
    if not colours and outline is not None:
        # Nothing but the outline's colour crosses the band: a line in that colour (a pink
        # arrow over a pink-edged 2X tile). The rim of face and gap is still no line.
        # Session 18, tools.synth spellcast-arrows: 20 obstructed tiles of 3000-3099,
        # 99500-99599, 98500-98559 and 97100-97199 had no line colour; 2 are now read
        # (97158's X, 99531's E), the rest stay unsure (a gold letter under a gold line has
        # no colour of its own), no other tile changed; eleven other looks unchanged.
        colours = _line_colours(on_face[~face_rim], face, cfg)
    if not colours:
        return np.zeros((h, w), bool), True, [], None
    beside = lab[letters].reshape(-1, 3).astype(np.float32)
    ink = _ink_beside(beside, face, colours, cfg)
    # JPEG keeps colour at half the resolution of lightness: near a line, the letter's own
    # pixels take its tint. Mixes are told with colour weighed at line_chroma.
    weigh = np.array([1.0, cfg.line_chroma, cfg.line_chroma])
    pixels = lab.reshape(-1, 3).astype(np.float32) * weigh.astype(np.float32)
    face_w = face * weigh
    lines_w = [c * weigh for c in colours]
    if ink is None:
        near = np.zeros(len(pixels), bool)
        for colour in lines_w:
            near |= _segment_distance(pixels, colour, colour) < cfg.line_colour * _apart(
                colour, face_w
            )
        found = near.reshape(h, w) & mine
    else:
        ink_w = ink * weigh
        to_face_ink = _segment_distance(pixels, face_w, ink_w)
        to_lines = np.full(len(pixels), np.inf, np.float32)
        ends = [face_w, ink_w, *lines_w]
        for k, colour in enumerate(lines_w):
            for other in ends[: 2 + k]:
                to_lines = np.minimum(to_lines, _segment_distance(pixels, other, colour))
        # Pixels past the ink colour are as near a line-ink mix as the face-ink one: a tie
        # is ink. Barely off the face (JPEG noise, the face's shading) is not line.
        off_face = pixel_distances(pixels, face_w)
        flags = (to_lines + cfg.line_tie < to_face_ink) & (
            off_face > cfg.line_face * min(_apart(c, face_w) for c in lines_w)
        )
        # Every pixel of the face is told (a line hides what is under it wherever it
        # runs); outside the face, only the lines' own components.
        found = flags.reshape(h, w) & (mine | face_area)
        # A grey line (a see-through dark one) is itself a mix of face and ink: its pixels
        # are told by being nearer its colour than the face's and the ink's, on a stroke.
        nearest = np.zeros(len(pixels), bool)
        off_ink = None
        for colour, plain in zip(lines_w, colours, strict=True):
            grey = _segment_distance(plain[None].astype(np.float32), face, ink)[0]
            if grey >= cfg.line_rim * _apart(face, ink):
                continue  # not a mix of face and ink: told by its mixes above
            if off_ink is None:
                off_ink = pixel_distances(pixels, ink_w)
            d = pixel_distances(pixels, colour)
            nearest |= (d < off_face) & (d < off_ink)
        likely = found | (nearest.reshape(h, w) & (mine | face_area))
    strokes = _strokes(found if ink is None else likely, h, w, cfg)
    told = ink is not None
    if strokes is not None:
        wide, narrow = strokes
        if ink is None:
            # A line in the letter's own colour: it is the straight stroke, the letter the
            # rest of the ink (what the stroke covers stays unknown).
            found &= narrow
            told = bool(found.any())
        else:
            # A letter's edge tinted like the line, off the strokes, is letter.
            found = (found & wide) | (likely & narrow)
    grown = cv2.dilate(found.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    line = np.asarray(grown & (mine | face_area), np.bool_)
    beneath = None
    if ink is not None and math.isfinite(cfg.see_min):  # the opaque cut (see_min inf) sees none
        seen_ink = _ink_beside(beside, face, colours, cfg, unshaded=True)
        beneath = _see_through_each(
            lab, line, face_area, face, gap, colours, ink if seen_ink is None else seen_ink,
            cfg, values_at,
        )  # fmt: skip
    return line, told, colours, beneath


def _see_through_each(
    lab: Image,
    line: npt.NDArray[np.bool_],
    face_area: npt.NDArray[np.bool_],
    face: npt.NDArray[np.float64],
    gap: npt.NDArray[np.float64],
    colours: Sequence[npt.NDArray[np.float64]],
    ink: npt.NDArray[np.float64],
    cfg: CutConfig,
    values_at: npt.NDArray[np.bool_] | None = None,
) -> npt.NDArray[np.float32] | None:
    """What lines of several ``colours`` let show beneath them (``_see_through``), each
    line on its own pixels: those whose colour its see-through model (its colour moved
    towards the ink) fits best. Where two lines cross, a pixel fits neither and stays
    unknown. None when no line is seen through. ``gap``: the colour between tiles."""
    axis = ink - face
    span = float(axis @ axis)
    if span <= 1.0:
        return None
    if len(colours) == 1:
        return _see_through(lab, line, face_area, face, gap, colours[0], ink, cfg, values_at)
    # Two colours of which one is the other moved towards the ink are one line: its dark
    # outline (which ``_see_through`` tells by the darker pixels along its edge only when
    # they are of its colour) or the line over the letter. An outlined line is not undone:
    # a gold line's dark outline, undone as a line of its own, showed as ink all along.
    # Only a colour on the other's model itself (within see_fit, as ``_see_through``
    # takes a pixel for the line over ink) may be the line over the letter; one off it by
    # up to see_outline times that is an outline (or another line), and nothing is undone.
    fit = cfg.see_fit * np.sqrt(span)
    rim = cfg.see_outline * fit

    def blend(k: int, within: float) -> bool:
        others = (o for j, o in enumerate(colours) if j != k)
        return any(_on_blend(colours[k], o, axis, span, within) for o in others)

    def within_outline(outline: Sequence[int]) -> npt.NDArray[np.float32] | None:
        # The outline's colours left, one line's colour is undone inside its outline.
        rest = [c for k, c in enumerate(colours) if k not in outline]
        if not cfg.see_within_outline or len(rest) != 1:
            return None
        return _see_through(
            lab, line, face_area, face, gap, rest[0], ink, cfg, values_at, outlined=True
        )  # fmt: skip

    over = [k for k in range(len(colours)) if blend(k, fit)]
    outlines = [k for k in range(len(colours)) if k not in over and blend(k, rim)]
    if outlines:
        return within_outline([*over, *outlines])
    if over:
        # ...and on the model, it is still an outline where it shows along the stroke's
        # outer band (``_outer_band``: where no letter is), or where the line is undone
        # though outlined (see_dark_share inf: there nothing of it is the letter's).
        # Shown only within, it is the line over the letter: left out, its pixels the
        # line's (a see-through orange line across a black A, dark orange over the A,
        # was taken for outlined and the A hid whole: spellcast-arrows 114687 r2c4).
        if not math.isfinite(cfg.see_dark_share):
            return None
        _, outer = _outer_band(line, face_area, cfg, values_at)
        band = lab[outer].reshape(-1, 3).astype(np.float32)
        dark = np.zeros(len(band), bool)
        for k in over:
            dark |= pixel_distances(band, colours[k].astype(np.float32)) < fit
        if _outlined(dark, len(band), cfg):
            return within_outline(over)
        colours = [c for k, c in enumerate(colours) if k not in over]
        if len(colours) == 1:
            return _see_through(lab, line, face_area, face, gap, colours[0], ink, cfg, values_at)
    pixels = lab[line].reshape(-1, 3).astype(np.float64)
    if len(pixels) == 0:
        return None
    misfit = []
    for colour in colours:
        # (no lighter than the line's colour: a pixel short of it is that far from it)
        shift, residual = _on_model(pixels, colour, axis, span)
        misfit.append(np.where(shift >= 0, residual, np.linalg.norm(pixels - colour, axis=1)))
    nearest = np.argmin(np.stack(misfit), axis=0)
    # Where one line crosses another, its pixels mix the two colours: darker than the
    # lighter line, they would pass for that line over ink (an opaque orange line over an
    # E's bottom arm, crossed by a purple one, was taken as see-through and the arm as
    # face: the E read F at 0.8, spellcast-arrows 71509 r1c4). They fit no line's model.
    crossing = np.zeros(len(pixels), bool)
    px32 = pixels.astype(np.float32)
    for a, b in itertools.combinations(colours, 2):
        mixed = _segment_distance(px32, a, b) < fit
        mixed &= pixel_distances(px32, a) >= fit
        mixed &= pixel_distances(px32, b) >= fit
        crossing |= mixed
    out: npt.NDArray[np.float32] | None = None
    for k, colour in enumerate(colours):
        part = np.zeros(line.shape, bool)
        part[line] = (nearest == k) & ~crossing
        seen = _see_through(lab, part, face_area, face, gap, colour, ink, cfg, values_at)
        if seen is None:
            continue
        if out is None:
            out = np.full(line.shape, np.nan, np.float32)
        out[part] = seen[part]
    return out


def _from_border(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The pieces of ``flags`` (8-connected) that touch the crop's border: a line drawn
    over the board comes onto a tile from the gap, while what a tile prints in colour
    inside its face (a SpellCast gem) touches no border."""
    n, labels = cv2.connectedComponents(flags.astype(np.uint8), connectivity=8)
    if n <= 1:
        return flags
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    return np.isin(labels, edge[edge > 0])


def _outline_colour(
    lab: Image,
    face_area: npt.NDArray[np.bool_],
    face: npt.NDArray[np.float64],
    gap: npt.NDArray[np.float64],
    cfg: CutConfig,
) -> npt.NDArray[np.float64] | None:
    """The colour of a coloured outline round the tile's face (a SpellCast bonus tile's gold
    or pink edge), or None: the main colour of the ring ``outline_ring`` of the cell wide
    just outside the face, when at least ``outline_share`` of the ring is neither face,
    gap nor a mix of the two (a line crossing the ring takes a small share of it), and
    ``outline_side`` of it on ``outline_sides`` of the four sides."""
    h, w = face_area.shape
    reach = max(1, int(cfg.outline_ring * max(h, w)))
    grown = cv2.dilate(
        face_area.astype(np.uint8), np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
    )
    ring = (grown > 0) & ~face_area
    pixels = lab[ring].reshape(-1, 3).astype(np.float32)
    if len(pixels) < cfg.line_min_px:
        return None
    plain = _segment_distance(pixels, face, gap) < cfg.line_rim * _apart(face, gap)
    coloured = pixels[~plain]
    if len(coloured) < cfg.outline_share * len(pixels):
        return None
    # ...all round: on outline_sides of the four sides (a broad line crossing the tile
    # colours the ring on two).
    flags = np.zeros((h, w), bool)
    flags[ring] = ~plain
    ys, xs = np.nonzero(face_area)
    y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    sides = (
        (slice(max(0, y0 - reach), y0), slice(x0, x1)),
        (slice(y1, y1 + reach), slice(x0, x1)),
        (slice(y0, y1), slice(max(0, x0 - reach), x0)),
        (slice(y0, y1), slice(x1, x1 + reach)),
    )
    seen = sum(
        1
        for side in sides
        if ring[side].any() and float(flags[side][ring[side]].mean()) >= cfg.outline_side
    )
    return _mode(coloured) if seen >= cfg.outline_sides else None


def _see_through(
    lab: Image,
    line: npt.NDArray[np.bool_],
    face_area: npt.NDArray[np.bool_],
    face: npt.NDArray[np.float64],
    gap: npt.NDArray[np.float64],
    colour: npt.NDArray[np.float64],
    ink: npt.NDArray[np.float64],
    cfg: CutConfig,
    values_at: npt.NDArray[np.bool_] | None = None,
    *,
    outlined: bool = False,
) -> npt.NDArray[np.float32] | None:
    """What a see-through line lets show of the tile beneath it. Over the face the line
    has ``colour``; over the letter it is darker by the share of the letter that shows
    through it: each line pixel is ``colour`` moved some way towards the ink along the
    face-ink direction (``s`` of it). That share (the line's see-through) is read off the
    line pixels lying on that model (``see_fit`` of the face-ink distance off it): its
    ``see_top`` percentile. Returns, for each line pixel it explains, the distance from
    the face of what lies beneath (NaN where unknown: off the model, or the line too
    opaque, under ``see_min``); None when the line hides everything, or the gap between
    tiles (its colour ``gap``) shows it opaque (``_opaque_over_gap``). Darker pixels in
    ``values_at`` (the corner where the board prints its values) are no outline. An
    outlined line (``outlined``: one of its colours was its outline, or darker pixels along
    its outer band show one) is seen through only inside its outline (``_inside_outline``,
    where nothing is outline any more: ``see_dark_share`` inf)."""
    pixels = lab[line].reshape(-1, 3).astype(np.float64)
    if len(pixels) < cfg.line_min_px:
        return None
    axis = ink - face
    span = float(axis @ axis)
    if span <= 1.0:
        return None
    shift, residual = _on_model(pixels, colour, axis, span)
    on_model = residual < cfg.see_fit * np.sqrt(span)
    darker = on_model & (shift > cfg.see_darker)
    # The evidence is the letter showing through: inside the stroke (not the letter's own
    # pixels beside it, nor the stroke's fringe), and nowhere near the tile's edge, where
    # no letter is: a darker outline or core along the whole stroke is no see-through.
    edge, outer = _outer_band(line, face_area, cfg, values_at)
    if outlined or _outlined(darker[outer[line]], int(np.count_nonzero(outer)), cfg):
        core = _inside_outline(line, outer, shift, cfg) if cfg.see_within_outline else None
        if core is None:
            return None
        inside = replace(cfg, see_dark_share=math.inf)
        return _see_through(lab, core, face_area, face, gap, colour, ink, inside, values_at)
    inner = cv2.erode(line.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=2)
    # ...over the face, clear of its rim and corners: over the gap between tiles a line
    # is darker too (an opaque orange line leaving an E's tile over the navy gap passed
    # for one letting half the E show, and its arm beneath it for face: the E read F at
    # 0.9, spellcast-arrows 71509 r1c4).
    over_ink = darker & (inner[line] > 0) & edge[line]
    if int(np.count_nonzero(over_ink)) < 2 * cfg.line_min_px:
        return None
    share = percentile(shift[over_ink], cfg.see_top)
    if share < cfg.see_min or _opaque_over_gap(lab, face_area, face, gap, colour, cfg):
        return None
    t = np.clip(shift / share, 0.0, 1.0)
    out = np.full(line.shape, np.nan, np.float32)
    # Off the model, only a pixel no darker than the line over the face is face beneath
    # (the line's own fringe); the rest stays unknown.
    known = on_model | (shift <= 0)
    # ...and between face and ink only at the edge of ink beneath (``see_faint``).
    lo, hi = cfg.see_faint
    inked = np.zeros(line.shape, np.uint8)
    inked[line] = known & (t >= hi)
    grow = np.ones((3, 3), np.uint8)
    near_ink = cv2.dilate(inked, grow, iterations=cfg.see_faint_edge)[line] > 0
    known &= (t <= lo) | (t >= hi) | near_ink
    values = np.where(known, t * np.sqrt(span), np.nan).astype(np.float32)
    out[line] = values
    return out


def _outer_band(
    line: npt.NDArray[np.bool_],
    face_area: npt.NDArray[np.bool_],
    cfg: CutConfig,
    values_at: npt.NDArray[np.bool_] | None = None,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Where a line lies over the face clear of its shaded rim and corners (over the gap
    between tiles, or there, a line is darker too), and of that, the stretch of ``line``
    ``see_edge`` or more from the centre, out of the board's value corner ``values_at``:
    where no letter is, so a line darker there is outlined (``_outlined``)."""
    h, w = line.shape
    rim = int(cfg.see_rim * max(h, w))
    edge = np.zeros((h, w), bool)
    edge[rim : h - rim, rim : w - rim] = face_area[rim : h - rim, rim : w - rim]
    cy0, cx0 = int(cfg.line_margin * h), int(cfg.line_margin * w)
    for sy in (slice(0, cy0 + rim), slice(h - cy0 - rim, h)):
        for sx in (slice(0, cx0 + rim), slice(w - cx0 - rim, w)):
            edge[sy, sx] = False
    ys, xs = np.nonzero(line & edge)
    far = np.hypot(ys - (h - 1) / 2, xs - (w - 1) / 2) >= cfg.see_edge * max(h, w)
    outer = np.zeros((h, w), bool)
    outer[ys[far], xs[far]] = True
    if values_at is not None:
        outer &= ~values_at
    return edge, outer


def _inside_outline(
    line: npt.NDArray[np.bool_],
    outer: npt.NDArray[np.bool_],
    shift: npt.NDArray[np.float64],
    cfg: CutConfig,
) -> npt.NDArray[np.bool_] | None:
    """The body of an outlined ``line`` inside its outline: the pixels deeper in the stroke
    than the outline reaches (``see_outline_pad`` more), the outline's depth being the
    depths (whole pixels from the stroke's edge) at which most (``outline_dark``) of the
    stroke's ``outer`` band is darker than the line (``shift``, over the line's pixels,
    past ``see_darker`` towards the ink, on the line's model or off it: an outline is of
    its own hue). None when no such band runs along the edge, or no body is left inside."""
    depth = cv2.distanceTransform(line.astype(np.uint8), cv2.DIST_L2, 3)
    at = np.floor(depth[outer]).astype(np.int32)
    dark = shift[outer[line]] > cfg.see_darker
    # (the stroke's blurred fringe, lighter, may lie outside the outline)
    reach = 0
    for d in range(1, int(at.max(initial=0)) + 1):
        ring = at == d
        if int(np.count_nonzero(ring)) < cfg.line_min_px:
            break
        if float(dark[ring].mean()) >= cfg.outline_dark:
            reach = d
        elif reach:
            break
    if reach == 0:
        return None
    core = line & (depth > reach + cfg.see_outline_pad)
    return core if int(np.count_nonzero(core)) >= 2 * cfg.line_min_px else None


def _outlined(dark: npt.NDArray[np.bool_], outer: int, cfg: CutConfig) -> bool:
    """Whether ``dark`` (the pixels of a line's outer band, ``_outer_band``, that many,
    flagged darker than the line) are enough to be its outline (``see_dark_share``)."""
    return int(np.count_nonzero(dark)) >= max(cfg.line_min_px, cfg.see_dark_share * outer)


def _corner_area(h: int, w: int, corner: Corner, cfg: CutConfig) -> npt.NDArray[np.bool_]:
    """The ``corner`` of an h x w cell where the board prints its point values,
    ``see_value`` of the cell on each side."""
    out = np.zeros((h, w), bool)
    zone = corner_zone(Box(0, 0, w, h), corner, round(cfg.see_value * w), round(cfg.see_value * h))
    out[zone.y : zone.y1, zone.x : zone.x1] = True
    return out


def _opaque_over_gap(
    lab: Image,
    face_area: npt.NDArray[np.bool_],
    face: npt.NDArray[np.float64],
    gap: npt.NDArray[np.float64],
    colour: npt.NDArray[np.float64],
    cfg: CutConfig,
) -> bool:
    """Whether the line of ``colour`` (over the face) hides the gap between tiles (of
    colour ``gap``) where it crosses it (``see_gap``): its pixels off the face, on its
    colour moved towards the gap's (not the gap itself), hardly moved. Unknown (False)
    where fewer than 2 ``line_min_px`` such pixels lie in the crop."""
    axis = gap - face
    span = float(axis @ axis)
    if span <= 1.0:
        return False
    pixels = lab[~face_area].reshape(-1, 3).astype(np.float64)
    shift, residual = _on_model(pixels, colour, axis, span)
    # (the gap's own pixels, at a shift of 1, are no evidence either way; nor the face's
    # edge blurred into the gap, nearer a mix of the two)
    rim = _segment_distance(pixels.astype(np.float32), face, gap)
    on = (residual < cfg.see_fit * np.sqrt(span)) & (shift < cfg.see_gap_upto) & (residual < rim)
    if np.count_nonzero(on) < 2 * cfg.line_min_px:
        return False
    return bool(percentile(shift[on], cfg.see_gap_pct) < cfg.see_gap)


def _on_blend(
    colour: npt.NDArray[np.float64],
    line: npt.NDArray[np.float64],
    axis: npt.NDArray[np.float64],
    span: float,
    fit: float,
) -> bool:
    """Whether ``colour`` is ``line``'s colour moved some way along ``axis`` (face to
    ink, ``span`` its squared length), within ``fit``: the line over ink, or its outline."""
    shift, residual = _on_model(colour[None], line, axis, span)
    return bool(shift[0] > 0 and residual[0] < fit)


def _on_model(
    pixels: npt.NDArray[np.float64],
    colour: npt.NDArray[np.float64],
    axis: npt.NDArray[np.float64],
    span: float,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Where colours (rows of ``pixels``) lie against a see-through line's model, the
    line's ``colour`` moved along ``axis`` (face to ink, ``span`` its squared length): each
    one's shift along it (1: the whole way to ink) and its distance off it."""
    shift = (pixels - colour) @ axis / span
    residual = np.linalg.norm(pixels - (colour + shift[:, None] * axis), axis=1)
    return shift, residual


def _strokes(
    found: npt.NDArray[np.bool_], h: int, w: int, cfg: CutConfig
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None:
    """Where the straight strokes of a drawn line can lie on a tile: solvers draw a path
    as straight strokes from tile centre to tile centre, so each stroke that enters the
    tile (a run of directions from the centre in which line pixels ``found`` fill
    ``stroke_fill`` of a ring between the letter and the tile's edge, ``stroke_ring``
    of the cell from the centre) runs on from there towards the tile's centre, as wide as
    it crosses the ring. Returns the strokes widened to take the dot at a path's start
    and the arrowheads (``stroke_head`` of the stroke's width from its axis), and the
    strokes themselves (``stroke_pad`` pixels wider); None when no stroke enters, or when
    line pixels fill the ring all round (a rim or the face itself, not a stroke)."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cy, cx = (h - 1) / 2.0, (w - 1) / 2.0
    dx, dy = xs - cx, ys - cy
    radius = np.hypot(dx, dy) / max(h, w)
    ring = (radius >= cfg.stroke_ring[0]) & (radius <= cfg.stroke_ring[1])
    bins = cfg.stroke_bins
    angle = ((np.arctan2(dy, dx) + np.pi) / (2 * np.pi) * bins).astype(np.intp) % bins
    total = np.bincount(angle[ring], minlength=bins).astype(np.float64)
    hit = np.bincount(angle[ring & found], minlength=bins).astype(np.float64)
    full = hit >= cfg.stroke_fill * np.maximum(total, 1.0)
    if not full.any() or full.mean() > cfg.stroke_most:
        return None
    # Runs of filled directions (the histogram is circular: start after an empty bin).
    start = int(np.argmin(full))
    order = [(start + k) % bins for k in range(bins)]
    runs: list[list[int]] = []
    for b in order:
        if full[b]:
            if runs and runs[-1][-1] == (b - 1) % bins:
                runs[-1].append(b)
            else:
                runs.append([b])
    wide = np.zeros((h, w), bool)
    narrow = np.zeros((h, w), bool)
    for run in runs:
        sel = ring & found & np.isin(angle, run)
        if np.count_nonzero(sel) < cfg.line_min_px:
            continue
        px, py = dx[sel], dy[sel]
        ux, uy = float(px.mean()), float(py.mean())
        length = float(np.hypot(ux, uy))
        if length < 1.0:
            continue
        ux, uy = ux / length, uy / length
        # Offsets across the stroke (it may pass beside the centre).
        across = px * -uy + py * ux
        lo, hi = percentile(across, 5), percentile(across, 95)
        mid, half = float(lo + hi) / 2, float(hi - lo) / 2 + 0.5
        along = dx * ux + dy * uy
        off = np.abs(dx * -uy + dy * ux - mid)
        ahead = along >= -cfg.stroke_head * 2 * half
        narrow |= ahead & (off <= half + cfg.stroke_pad)
        wide |= ahead & (off <= cfg.stroke_head * 2 * half + cfg.stroke_pad)
    if not narrow.any():
        return None
    return wide, narrow


def _line_colours(
    pixels: npt.NDArray[np.float32], face: npt.NDArray[np.float64], cfg: CutConfig
) -> list[npt.NDArray[np.float64]]:
    """The main colours of line pixels (at most ``line_max_colours``): their mode, then the
    mode of what lies farther than ``line_colour`` of its distance from the face from it,
    and so on while ``line_min_px`` pixels and ``line_share`` of them are left (two
    solvers' arrows of different colours cross on one tile)."""
    colours: list[npt.NDArray[np.float64]] = []
    rest = pixels
    least = max(cfg.line_min_px, cfg.line_share * len(pixels))
    while len(rest) >= least and len(colours) < cfg.line_max_colours:
        colour = _mode(rest)
        reach = _apart(colour, face)
        if reach <= 1.0:
            break
        colours.append(colour)
        far = pixel_distances(rest, colour) > cfg.line_colour * reach
        if far.all():
            break
        rest = rest[far]
    return colours


def _mode(pixels: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """The colour most of ``pixels`` gather around: from the median, twice the median of
    the half nearest to it (the per-channel median of two colours is neither)."""
    colour = median(pixels.astype(np.float64), axis=0)
    for _ in range(2):
        d = pixel_distances(pixels, colour)
        near = pixels[d <= median(d)]
        colour = median(near.astype(np.float64), axis=0)
    return np.asarray(colour, np.float64)


def _ink_beside(
    pixels: npt.NDArray[np.float32],
    face: npt.NDArray[np.float64],
    lines: Sequence[npt.NDArray[np.float64]],
    cfg: CutConfig,
    *,
    unshaded: bool = False,
) -> npt.NDArray[np.float64] | None:
    """The letter's ink colour among a line component's ``pixels``: the median of those at
    least ``ink_apart`` of each line's distance from the face away from the face, and
    ``ink_off_line`` of it from every line colour; None when fewer than ``line_min_px``
    are (a line in the letter's own colour, or a line over an empty face). ``unshaded``:
    not a line's dark outline beside it either (``ink_shade_on``), for undoing a line's
    blend; the line is told from the letter with the plain median, as tuned."""
    far = np.ones(len(pixels), bool)
    for line in lines:
        reach = _apart(line, face)
        far &= pixel_distances(pixels, line) > cfg.ink_off_line * reach
        far &= pixel_distances(pixels, face) > cfg.ink_apart * reach
    if int(np.count_nonzero(far)) < cfg.line_min_px:
        return None
    inks = pixels[far]
    if unshaded:
        shade = np.zeros(len(inks), bool)
        off = np.ones(len(inks), bool)
        for line in lines:
            reach = _apart(line, face)
            dist = _segment_distance(inks, line, LAB_BLACK)
            shade |= dist < cfg.ink_shade_on * reach
            off &= dist >= cfg.ink_shade_off * reach
        least = max(cfg.line_min_px, cfg.ink_shade_share * len(inks))
        if np.count_nonzero(shade) >= least and np.count_nonzero(off) >= least:
            inks = inks[off]  # the letter's ink beside the line's dark outline
    return np.asarray(median(inks.astype(np.float64), axis=0), np.float64)


def _apart(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> float:
    return max(delta_e(a, b), 1.0)


def _segment_distance(
    pixels: npt.NDArray[np.float32], a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]
) -> npt.NDArray[np.float32]:
    """Each pixel colour's distance from the segment of colours mixing ``a`` and ``b``."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    axis = b32 - a32
    length = float(axis @ axis)
    if length <= 0:
        return pixel_distances(pixels, a32)
    t = np.clip((pixels - a32) @ axis / length, 0.0, 1.0)
    return np.asarray(np.linalg.norm(pixels - (a32 + t[:, None] * axis), axis=1), np.float32)


def _ring_tint(
    face: npt.NDArray[np.float64], around: Image, cfg: CutConfig
) -> npt.NDArray[np.float64]:
    """The face colour to tell tinted strokes against (``_tinted_line``): ``face``, but
    with the a/b of the ring round the letter (``around``: its pixels) where those lie
    ``face_pull`` or more away (a big gold letter pulled the face colour's median towards
    gold, ``_face_colour``, and the cream face itself then counted as tinted)."""
    rim = _median(around.astype(np.float32))
    if float(np.hypot(*(rim[1:] - face[1:]))) < cfg.face_pull:
        return face
    return np.array([face[0], rim[1], rim[2]], np.float64)


def _tinted_line(
    lab: Image, face: npt.NDArray[np.float64], glyph: Mask, cfg: CutConfig
) -> Mask | None:
    """The pixels (255) of a stroke of another hue than the face that runs from the tile's
    border to the glyph (see ``CutConfig.tint_min``), with the start mark of its path on
    the glyph (``_start_marks``), or None."""
    face_ab = face[1:].astype(np.float32)
    if _chroma_bound(lab, face_ab) <= cfg.tint_min:
        return None  # no pixel is tinted: the common case, ~20x cheaper than the test below
    chroma = lab[..., 1:].astype(np.float32) - face_ab
    tint = (np.hypot(chroma[..., 0], chroma[..., 1]) > cfg.tint_min).astype(np.uint8)
    if not tint.any():
        return None
    _, labels = cv2.connectedComponents(tint, connectivity=8)
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    entering = set(distinct(edge[edge > 0]).tolist())
    if not entering:
        return None
    size = 2 * cfg.tint_reach + 1
    near = cv2.dilate(glyph, np.ones((size, size), np.uint8)) > 0
    touching = set(distinct(labels[near]).tolist()) & entering
    if touching:
        # A gold letter joined to its bonus tile's own gold or pink frame is tinted with
        # it: a piece that, beside the glyph, lies in the tile's frame (its outline, the
        # badge on its top-left corner and a gem on its bottom-left one, joined to an
        # outline running round the tile) is that frame, not a stroke drawn over the tile.
        # A stroke runs on across the face, comes in through a right-hand corner (a
        # diagonal arrow into a Y's arm, spellcast-arrows 3000), or is no outline. An
        # outline that meets the glyph only in the frame (a badge beside a big letter's
        # corner) is the frame however its rounded corners bend in past the frame's band: a
        # pixel or two there took a 2X tile's gold W out as a pale line, read blank
        # (spellcast-arrows 129585 r2c2, 129582 r2c4, 129419 r0c2).
        h, w = glyph.shape
        frame = _frame_area(h, w, cfg.frame_band * h, cfg.badge_band * h, "left")
        band = max(1, round(cfg.frame_band * h))
        beside = ~near & ~frame
        crossed = labels[near & ~frame]

        def outline(i: int) -> bool:
            # Along each side, the share of places where the piece runs in the band.
            piece = labels == i
            runs = (
                piece[:band].any(axis=0).mean(),
                piece[-band:].any(axis=0).mean(),
                piece[:, :band].any(axis=1).mean(),
                piece[:, -band:].any(axis=1).mean(),
            )
            return float(np.mean(runs)) >= cfg.tint_outline

        touching = {
            i
            for i in touching
            if not outline(i) or ((labels[beside] == i).any() and (crossed == i).any())
        }
    marks = _start_marks(lab, labels, entering, chroma, face_ab, glyph, cfg)
    if not touching and not marks:
        return None
    return np.isin(labels, sorted(touching | marks)).astype(np.uint8) * 255


def _faint_line(
    lab: Image, face: npt.NDArray[np.float64], glyph: Mask, cfg: CutConfig
) -> npt.NDArray[np.bool_] | None:
    """The strokes of chroma ``faint_tint`` or more off ``face`` (its a/b) that touch the
    glyph and run from beside it out to the edge band of the cell (``faint_band``, the
    corners where a SpellCast tile prints its badge and gem aside): a pale line over the
    letter, too faint for ``_tinted_line``; None where there is none. Not looked for on a
    letter printed in a colour of its own (``faint_own`` of its ink that far off the face:
    white on orange, gold on cream), whose pixels would pass for such a stroke."""
    face_ab = face[1:].astype(np.float32)
    if _chroma_bound(lab, face_ab) <= cfg.faint_tint:
        return None  # no pixel is tinted (the common case)
    _, a, b = cv2.split(lab)
    chroma = cv2.magnitude(a.astype(np.float32) - face_ab[0], b.astype(np.float32) - face_ab[1])
    tinted = chroma > cfg.faint_tint
    inked = glyph > 0
    if np.count_nonzero(tinted & inked) > cfg.faint_own * np.count_nonzero(inked):
        return None
    size = 2 * cfg.tint_reach + 1
    near = cv2.dilate(glyph, np.ones((size, size), np.uint8)) > 0
    if not (tinted & near).any():
        return None  # nothing tinted by the letter (a tile's shaded rim, a gem)
    n, labels = cv2.connectedComponents(tinted.astype(np.uint8), connectivity=8)
    touching = distinct(labels[near & tinted])
    h, w = glyph.shape
    band = round(cfg.faint_band * min(h, w))
    inner = np.zeros((h, w), bool)
    inner[band : h - band, band : w - band] = True
    edge = ~inner & ~_frame_area(h, w, 0, cfg.badge_band * h, "left")
    # Per piece, its pixels beside the glyph in the edge band and between it and the glyph.
    at_edge = np.bincount(labels[edge & ~near], minlength=n)[touching]
    between = np.bincount(labels[inner & ~near], minlength=n)[touching]
    strokes = touching[(at_edge >= cfg.faint_px) & (between >= cfg.faint_share * h * w)]
    return np.isin(labels, strokes) if len(strokes) else None


def _start_marks(
    lab: Image,
    labels: Labels,
    entering: set[int],
    chroma: npt.NDArray[np.float32],
    face_ab: npt.NDArray[np.float32],
    glyph: Mask,
    cfg: CutConfig,
) -> set[int]:
    """The tinted pieces on the glyph that are the mark at a path's start (a dot or a ring
    drawn where the path begins, apart from its stroke when the stroke stops short of the
    tile's centre), with the entering strokes of their hue: on a face of little colour
    (its chroma under half ``tint_min``), a coloured piece of the glyph in the hue (within
    ``mark_hue`` degrees) of a coloured stroke that comes in from the tile's border (at
    least ``mark_stroke`` of the cell's side long) is no letter, while the glyph keeps
    ``mark_rest`` of its pixels untinted beside it (a gold letter is tinted whole: never a
    mark) and the piece is no darker than those (``mark_dark``: a navy letter's core is
    its own ink). ``chroma`` is each pixel's a/b off the face's. Empty when there is none."""
    neutral = np.float32(128.0)
    if float(np.hypot(*(face_ab - neutral))) >= cfg.tint_min / 2:
        return set()  # a coloured face: a light or dark letter is tinted against it
    h, w = glyph.shape
    inked = glyph > 0
    on_glyph = set(distinct(labels[inked & (labels > 0)]).tolist()) - entering
    if not on_glyph:
        return set()
    grown = cv2.dilate((labels > 0).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    if np.count_nonzero(inked & ~grown) < cfg.mark_rest * np.count_nonzero(inked):
        return set()
    own = chroma + (face_ab - neutral)  # a/b off grey

    def piece_hue(i: int) -> float:
        a, b = median(own[labels == i].astype(np.float64), axis=0)
        return hue(float(a), float(b))

    gap = _edge_colour(lab)

    def stroke(i: int) -> bool:
        # Long enough, no frame (the gap or a tray round the face touches every side) and
        # not the gap's colour (a tray's corners beside a rounded face).
        ys, xs = np.nonzero(labels == i)
        reach = max(int(xs.max()) - int(xs.min()), int(ys.max()) - int(ys.min()))
        sides = (ys.min() == 0) + (ys.max() == h - 1) + (xs.min() == 0) + (xs.max() == w - 1)
        colour = median(lab[ys, xs].astype(np.float64), axis=0)
        return (
            bool(reach >= cfg.mark_stroke * max(h, w))
            and int(sides) < 3
            and delta_e(colour, gap) > cfg.mark_gap
        )

    strokes = {i: piece_hue(i) for i in entering if stroke(i)}
    least = cfg.mark_least * h * w
    lightness = lab[..., 0]
    untinted = float(np.median(lightness[inked & ~grown]))
    found: set[int] = set()
    for i in on_glyph:
        piece = labels == i
        if np.count_nonzero(piece) < least:
            continue  # a speck of colour (JPEG's chroma at a letter's edge)
        if float(np.median(lightness[piece])) < untinted - cfg.mark_dark:
            continue  # the letter's own coloured ink, darker than its untinted edge
        mine = piece_hue(i)
        alike = {j for j, other in strokes.items() if hue_apart(mine, other) <= cfg.mark_hue}
        if alike:
            found |= {i, *alike}
    return found


def _edge_colour(lab: Image) -> npt.NDArray[np.float64]:
    """The median colour of a tile crop's outermost pixels: the gap between tiles."""
    edge = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]]).astype(np.float64)
    return np.asarray(median(edge, axis=0), np.float64)


def _chroma_bound(lab: Image, face_ab: npt.NDArray[np.float32]) -> float:
    """An upper bound of every pixel's chroma distance from the face, as ``_tinted_line``
    computes it (float32 a/b differences, then their hypot), from the extremes of the a and
    b channels: the float32 differences and the hypot both grow with their inputs, so no
    pixel's distance exceeds that of the extremes."""
    _, a, b = cv2.split(lab)
    (a_lo, a_hi, _, _), (b_lo, b_hi, _, _) = cv2.minMaxLoc(a), cv2.minMaxLoc(b)
    fa, fb = face_ab
    da = max(np.float32(a_hi) - fa, fa - np.float32(a_lo))
    db = max(np.float32(b_hi) - fb, fb - np.float32(b_lo))
    return float(np.hypot(da, db))


def _off_frame(
    ink: Mask,
    strong: npt.NDArray[np.bool_],
    labels: Labels,
    lines: Sequence[int],
    span: tuple[int, int, int, int],
    min_area: float,
    cfg: CutConfig,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], Components] | None:
    """A letter in ``lines`` (border components reaching the middle) cut off the tile's
    frame (``_frame_seam``): the seam taken out of ``ink`` (in place), and the strong ink,
    the frame and the components cut again without it; None where no letter touches the
    frame."""
    framed = _frame_seam(labels, lines, span, cfg)
    if framed is None:
        return None
    seam, frame = framed
    ink[seam] = 0
    strong = strong & ~seam
    return strong, frame, _components(ink, strong, span, min_area, cfg.hyphen_aspect)


def _frame_seam(
    labels: Labels, lines: Sequence[int], span: tuple[int, int, int, int], cfg: CutConfig
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None:
    """Where a letter touches the tile's own frame (a SpellCast bonus tile's outline and
    corner badge, in the letter's gold): the pixels that cut it off and the frame's, or
    None. A component at the border that reaches the middle (``lines``) is opened by
    ``frame_open`` of the cell: a letter's strokes outlast it, an outline does not, and a
    neck to a badge breaks. The piece left in the middle ``frame_letter`` tall (with the
    badge out, every piece there, one so tall) is a letter joined to the frame only where
    the rest lies in the tile's frame (within ``frame_band`` of an edge, or ``badge_band``
    of a corner along both): a line drawn across the tile runs into the face and is left
    to the line cut. Where no piece is left so, the badge's disc is taken out and the
    component opened again (``_with_and_without_badge``), by ``frame_open_thin`` too."""
    h, w = labels.shape
    fx0, fx1, fy0, fy1 = span
    k = max(3, round(cfg.frame_open * h) | 1)
    every = _frame_area(h, w, cfg.frame_band * h, cfg.badge_band * h, rounded=cfg.frame_corner * h)
    # Without its badge, the rest of a bonus tile's frame lies along its edges and on the
    # badge's corner: a line drawn in through another corner is no part of it (the teal
    # arrow into a gold A, spellcast-arrows 89222).
    badged = _frame_area(
        h, w, cfg.frame_band * h, cfg.badge_band * h, "top-left", rounded=cfg.frame_corner * h
    )
    thin = max(3, round(cfg.frame_open_thin * h) | 1)
    for i in lines:
        comp = (labels == i).astype(np.uint8)
        for piece, badge in _with_and_without_badge(comp, cfg):
            frame = badged if badge else every
            # With the badge out, a letter drawn thinner than the opening is in pieces, none
            # tall: opened again by frame_open_thin only then (a light gold W).
            for size in (k, thin) if badge and thin < k else (k,):
                opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
                opened = cv2.morphologyEx(piece, cv2.MORPH_OPEN, opening)
                n, parts, stats, _ = cv2.connectedComponentsWithStats(opened)
                middle = [
                    j
                    for j in range(1, n)
                    if fx0 <= stats[j, 0] and stats[j, 0] + stats[j, 2] <= fx1
                    and fy0 <= stats[j, 1] and stats[j, 1] + stats[j, 3] <= fy1
                ]  # fmt: skip
                tall = [j for j in middle if stats[j, 3] >= cfg.frame_letter * h]
                if tall or len(middle) < 2:
                    break
            # With the badge out, the opening may have broken the letter's thin joints too
            # (a gold W's strokes 12 px wide on a 128 px cell, the opening 9: four pieces,
            # spellcast-arrows 109368 r1c3): every piece left in the middle is the
            # letter's. Not so without a badge: there they may be the middle of lines drawn
            # in from two corners (an E under a dot, 107715 r4c4); one tall piece is.
            if not (badge and tall):
                if len(tall) != 1:
                    continue
                middle = tall
            grown_part = cv2.dilate(np.isin(parts, middle).astype(np.uint8), opening)
            letter = np.asarray(grown_part, np.uint8) & piece
            rest = (comp > 0) & (letter == 0)
            if badge and rest.any():
                # With the badge out, what the opening took off the letter and no longer
                # reaches the border (its point value joined to it, a thin stroke's end)
                # is the letter's again.
                letter |= (rest & ~_from_border(rest) & (piece > 0)).astype(np.uint8)
                rest = (comp > 0) & (letter == 0)
            if not rest.any() or (rest & ~frame).any():
                continue
            grown = cv2.dilate(letter, np.ones((3, 3), np.uint8)) > 0
            return np.asarray(rest & grown, np.bool_), rest
    return None


def _with_and_without_badge(comp: Mask, cfg: CutConfig) -> Iterator[tuple[Mask, bool]]:
    """``comp`` as it is, then without the disc of its badge (``_badge_disc``) where it has
    one, each with whether the badge was taken out: where a letter's arm overlaps the
    badge too widely for ``_frame_seam``'s opening to break the neck (spellcast-discord
    3235), it breaks once the disc is out."""
    yield comp, False
    badge = _badge_disc(comp, cfg)
    if badge is not None:
        yield np.where(badge > 0, 0, comp).astype(np.uint8), True


def _badge_disc(comp: Mask, cfg: CutConfig) -> Mask | None:
    """The disc of a badge on the tile's top-left corner within ``comp`` (1 where inked),
    grown by a pixel, or None: the widest place of ``comp`` within ``badge_band`` of that
    corner, when it is ``badge_min`` of the cell's side or more from the nearest uninked
    pixel (a badge is solid ink once its text is closed over; a letter's stroke is
    thinner)."""
    h, w = comp.shape
    reach = round(cfg.badge_band * h)
    # Outside the crop counts as uninked: the gap round the tile is ink, but thin. The
    # badge's text may be left out of the ink (pale on a JPEG): closed over first.
    padded = cv2.copyMakeBorder(comp, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    padded = cv2.morphologyEx(padded, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    depth = cv2.distanceTransform(padded, cv2.DIST_L2, 5)[1 : reach + 1, 1 : reach + 1]
    y, x = np.unravel_index(int(np.argmax(depth)), depth.shape)
    radius = float(depth[y, x])
    if radius < cfg.badge_min * h:
        return None
    out = np.zeros((h, w), np.uint8)
    cv2.circle(out, (int(x), int(y)), round(radius) + 1, 1, -1)
    return out


@functools.cache
def _frame_area(
    h: int,
    w: int,
    band: float,
    badge: float,
    corners: FrameCorners = "all",
    *,
    rounded: float = 0.0,
) -> npt.NDArray[np.bool_]:
    """The pixels of an ``h`` x ``w`` cell within ``band`` of an edge, within ``rounded``
    of any corner along both axes (where a rounded outline bends in) or within ``badge``
    of a corner along both axes (``_frame_seam``): of every corner, of the left-hand ones
    (where SpellCast puts its badges and gems) or of the top-left one (its badges); the
    same for every cell of a board."""
    ys, xs = np.mgrid[0:h, 0:w]
    edge = np.minimum(np.minimum(ys, h - 1 - ys), np.minimum(xs, w - 1 - xs))
    across = np.minimum(xs, w - 1 - xs)
    down = np.minimum(ys, h - 1 - ys)
    bend = np.maximum(down, across) < rounded
    if corners == "top-left":
        down = ys
    corner = np.maximum(down, across if corners == "all" else xs)
    area = (edge < band) | (corner < badge) | bend
    area.flags.writeable = False
    return np.asarray(area, np.bool_)


def _reaches_middle(labels: Labels, i: int, h: int, w: int) -> bool:
    mid = labels[h // 3 : h - h // 3, w // 3 : w - w // 3]
    return bool((mid == i).any())


def _drop_frames(
    boxes: dict[int, Box],
    areas: dict[int, int],
    cfg: CutConfig,
    labels: Labels | None = None,
    *,
    cut_by_line: int = 0,
) -> dict[int, Box]:
    """Without the rims: thin components that surround another component (the shaded edge
    of a die face, a drawn tile border). No letter encloses another letter, but a letter a
    line cut can enclose its own pieces (an E whose arms the line cut off): on such a tile
    (``cut_by_line``: the cell's side) a rim also spans ``frame_span`` of the cell."""

    rims = _rims(boxes, areas, cfg, cut_by_line=cut_by_line, labels=labels)
    return {i: a for i, a in boxes.items() if i not in rims}


def _rims(
    boxes: dict[int, Box],
    areas: dict[int, int],
    cfg: CutConfig,
    *,
    cut_by_line: int = 0,
    labels: Labels | None = None,
) -> set[int]:
    """The components ``_drop_frames`` takes for rims (with ``labels``, only rings:
    ``frame_middle``)."""

    def encloses(a: Box, b: Box) -> bool:
        return a.x < b.x and a.y < b.y and a.x1 > b.x1 and a.y1 > b.y1

    def small(a: Box) -> bool:
        return bool(cut_by_line) and min(a.w, a.h) < cfg.frame_span * cut_by_line

    def ring(i: int, a: Box) -> bool:
        if labels is None:
            return True
        middle = labels[a.y + a.h // 3 : a.y1 - a.h // 3, a.x + a.w // 3 : a.x1 - a.w // 3]
        return bool(np.count_nonzero(middle == i) <= cfg.frame_middle * max(middle.size, 1))

    return {
        i
        for i, a in boxes.items()
        if areas[i] <= cfg.frame_fill * a.w * a.h
        and not small(a)
        and any(j != i and encloses(a, b) for j, b in boxes.items())
        and ring(i, a)
    }


def _text_band(boxes: dict[int, Box], h: int, w: int, cfg: CutConfig) -> set[int]:
    """The components making up the glyph: start from the biggest component near the middle
    and add neighbours that sit in the same text band, left and right."""

    def weight(b: Box) -> float:
        off = max(abs(b.cx - w / 2) / (w / 2), abs(b.cy - h / 2) / (h / 2))
        return b.w * b.h * max(0.0, 1.0 - off) ** 2

    anchor = max(boxes, key=lambda i: weight(boxes[i]))
    chosen = {anchor}
    band_y0, band_y1 = boxes[anchor].y, boxes[anchor].y1
    gx0, gx1 = boxes[anchor].x, boxes[anchor].x1
    max_gap = cfg.max_gap * w
    changed = True
    while changed:
        changed = False
        for i, b in sorted(boxes.items(), key=lambda kv: abs(kv[1].cx - w / 2)):
            if i in chosen:
                continue
            inside = overlap(b.y, b.y1, band_y0, band_y1)
            if inside < cfg.band_overlap * min(b.h, band_y1 - band_y0):
                continue
            gap = max(gx0 - b.x1, b.x - gx1, 0)
            if gap > max_gap:
                continue
            band_h = band_y1 - band_y0
            low_or_high = abs(b.cy - (band_y0 + band_y1) / 2) > cfg.mark_offset * band_h
            if b.h < cfg.mark_height * band_h and low_or_high:
                # Small and off the band's middle: a point value in a corner next to the
                # letter (SpellCast's 8 beside the tail of its Q), not a character. A
                # hyphen sits mid-band, the u of Qu fills the lower two thirds.
                continue
            chosen.add(i)
            changed = True
            gx0, gx1 = min(gx0, b.x), max(gx1, b.x1)
            if b.h >= cfg.band_tall * (band_y1 - band_y0):
                band_y0, band_y1 = min(band_y0, b.y), max(band_y1, b.y1)
    return chosen


def _stacked_band(
    boxes: dict[int, Box], areas: dict[int, int], h: int, w: int, one: set[int], cfg: CutConfig
) -> set[int]:
    """The pieces of a glyph whose text runs top to bottom: a die lying on its side shows
    "Qu" as a Q above (or below) a u, which a left-to-right text band splits, keeping only
    one of them (the u alone read as U with confidence). The text band is found again in
    the picture turned a quarter (boxes transposed); it is used only when the upright band
    is the lone component ``one`` and every piece it adds is a character's worth of it: at
    least ``stack_area`` of its ink, its narrower side at least ``stack_side`` of the
    component's narrower side (not the underline under a die's Z or M), centred on the same
    line within ``stack_offset`` of its width (not a bonus label or a value in a corner)."""
    turned = {i: Box(b.y, b.x, b.h, b.w) for i, b in boxes.items()}
    ids = _text_band(turned, w, h, cfg)
    ids -= _specks(ids, turned, areas, cfg)
    (anchor,) = one
    if anchor not in ids or len(ids) < 2:
        return set()
    a = boxes[anchor]
    added = ids - one
    for i in added:
        b = boxes[i]
        if (
            areas[i] < cfg.stack_area * areas[anchor]
            or min(b.w, b.h) < cfg.stack_side * min(a.w, a.h)
            or abs(b.cx - a.cx) > cfg.stack_offset * a.w
        ):
            return set()
    return added


def _glare(lab: Image, face: npt.NDArray[np.float64], band: Box, cfg: CutConfig) -> bool:
    """Glare over the glyph: a patch much brighter than the face, near white, covering
    ``glare_area`` of the glyph's box (a strip of the letter may be gone under it)."""
    light = lab[band.y : band.y1, band.x : band.x1, 0].astype(np.float64)
    if light.size == 0:
        return False
    bright = (light >= cfg.glare_min_l) & (light >= face[0] + cfg.glare_delta)
    return float(bright.mean()) >= cfg.glare_area


def _lost_strokes(
    dist: npt.NDArray[np.float32],
    glyph: Mask,
    band: Box,
    contrast: float,
    underline: Box | None,
    cfg: CutConfig,
    lab: npt.NDArray[np.uint8],
    face: npt.NDArray[np.float64],
    digits: Mask | None = None,
    *,
    hyphens: Sequence[bool],
    frame: npt.NDArray[np.bool_] | None = None,
) -> bool:
    """Whether faint ink joined to the glyph reaches well beyond it inside the square the
    letter fills (its longer side, centred on it), or beside it in line with the letters
    in the letter's own tint (``lab`` near a mix of ``face`` and the glyph's colour: a
    blurred hyphen, ``CutConfig.lost_level``), or a hyphen too pale to cut lies apart
    beside it (``hyphens``, from ``_faint_hyphen``): strokes too faint for the ink threshold
    that the glyph is missing (see ``CutConfig.lost_frac``); or beyond the glyph's box
    where the letter may reach, a stroke the cut kept only part of (``lost_box_reach``).
    A point value beside the letter, which faint ink can join to it, lies outside both, or
    is among the values found (``digits``: their pixels, grown by the values' keep-out);
    nor is the tile's ``frame`` the letter was cut off (``_frame_seam``), grown the same."""
    h, w = glyph.shape
    side = max(band.w, band.h)
    pad = int(cfg.lost_window * side) + 2
    y0, y1 = max(band.y - pad, 0), min(band.y1 + pad, h)
    x0, x1 = max(band.x - pad, 0), min(band.x1 + pad, w)
    mine = glyph[y0:y1, x0:x1] > 0
    faint = dist[y0:y1, x0:x1] > cfg.lost_frac * contrast
    if underline is not None:  # the bar under a die's letter is no lost stroke
        u = underline
        ya, yb = max(u.y - 2 - y0, 0), max(u.y1 + 2 - y0, 0)
        xa, xb = max(u.x - 2 - x0, 0), max(u.x1 + 2 - x0, 0)
        faint[ya:yb, xa:xb] = False
    grow = np.ones((cfg.values.keep_out, cfg.values.keep_out), np.uint8)
    if digits is not None:
        faint &= cv2.dilate(digits, grow)[y0:y1, x0:x1] == 0
    if frame is not None:
        faint &= cv2.dilate(frame.astype(np.uint8), grow)[y0:y1, x0:x1] == 0
    # Nor is the tile's own edge (``frame_band`` of the cell), where no letter reaches: a
    # SpellCast bonus tile's outline is in its letter's gold, and a small gold W's faint
    # halo joined it through its 5 (spellcast-arrows 108439: read W at 0.6, capped).
    faint &= ~_frame_area(h, w, cfg.frame_band * h, 0.0)[y0:y1, x0:x1]
    off = np.count_nonzero(faint & ~mine)
    if off >= cfg.lost_flood * faint.size:
        return False
    if hyphens:
        return True
    need_level = cfg.lost_share * band.h * band.h  # a hyphen's size follows the letters' height
    if off < need_level:  # every test below counts faint ink off the glyph, at least this
        return False
    need = cfg.lost_share * side * side
    sy0, sx0 = max(round(band.cy - side / 2) - y0, 0), max(round(band.cx - side / 2) - x0, 0)
    square = (slice(sy0, sy0 + side + 1), slice(sx0, sx0 + side + 1))
    lo, hi = cfg.lost_level
    level = slice(
        max(round(band.y + lo * band.h) - y0, 0), max(round(band.y + hi * band.h) - y0, 0)
    )
    # A quick bound first (most tiles stop here): a pixel farther than the reach from the
    # glyph is farther than reach / sqrt(2) along both axes, outside a square dilation.
    k = int(cfg.lost_reach * side / math.sqrt(2))
    near = cv2.dilate(mine.astype(np.uint8), np.ones((2 * k + 1, 2 * k + 1), np.uint8))
    out_box = _beyond_box(faint.shape, band, (y0, x0), cfg.lost_box_reach * side)
    beyond = faint & (near == 0)
    past_box = np.count_nonzero(faint & out_box) >= need
    if (
        not past_box
        and np.count_nonzero(beyond[square]) < need
        and np.count_nonzero(beyond[level]) < need_level
    ):
        return False
    n, labels = cv2.connectedComponents(faint.astype(np.uint8), connectivity=8)
    touching = np.bincount(labels[mine & faint], minlength=n) > 0  # (no np.unique: numpy.ma)
    touching[0] = False
    joined = touching[labels]
    away = cv2.distanceTransform(np.where(mine, 0, 255).astype(np.uint8), cv2.DIST_L2, 3)
    # Only ink of the letter's own colour, paled by the blur, is a stroke it lost: a line
    # drawn to the tile's centre in another colour (an arrowhead whose pale line stays
    # under the ink threshold, touching a letter) is no stroke of it, nor a lost hyphen.
    window = lab[y0:y1, x0:x1]
    ink = window[mine].astype(np.float64).mean(axis=0)
    # The tint is judged smoothed (lost_tint_smooth): a line's colour holds over its
    # neighbours, a noisy photo's does not. Pixel by pixel, noise of sd 35 took the pale
    # crossbar of a blurred T and an E's arm for another colour: the dice read L and F at
    # 0.95 (benchmarks/stress.py 78000, boggle-classic 78001 and boggle-big 78000, noise35).
    smooth = np.asarray(
        cv2.medianBlur(np.ascontiguousarray(window), cfg.lost_tint_smooth), np.uint8
    )
    joined = joined & _blend_of(smooth, face, ink, cfg.lost_tint)
    far = joined & (away > cfg.lost_reach * side)
    if (
        np.count_nonzero(far[square]) < need
        and np.count_nonzero(joined & out_box) < need
        and np.count_nonzero(far[level]) < need_level
    ):
        return False
    # ...judged pixel by pixel, and as a whole: near the face's and the ink's neutral
    # tints, lost_tint takes in any pale colour, but a stroke of the letter paled by
    # blur keeps the letter's tint through its middle, and a pale line of another
    # colour keeps its own (``lost_tint_whole``).
    return _blend_middle(smooth[joined & (far | out_box)], face, ink, cfg.lost_tint_whole)


def _faint_hyphen(
    dist: npt.NDArray[np.float32],
    glyph: Mask,
    band: Box,
    contrast: float,
    lab: npt.NDArray[np.uint8],
    face: npt.NDArray[np.float64],
    cfg: CutConfig,
) -> tuple[bool, ...]:
    """The sides (True: after the glyph) where a prefix's or suffix's hyphen paler than the
    ink threshold lies beside the glyph, apart from it even in faint ink: faint ink
    (``lost_frac`` of the contrast, or ``faint_hyphen_frac``) off the glyph, wider than
    tall by ``faint_hyphen_aspect`` (blur pads a bar on every side), ``lost_share`` of the
    text height squared or more, where ``_hyphens`` puts a hyphen (searched as far out as
    one may lie), and of the letters' tint. A blurred "-S", its hyphen a grey bar paler
    than the S's strokes, was read S at 0.98 (benchmarks/stress.py 78000, wordament-wood
    + blur4%)."""
    h, w = glyph.shape
    reach = round((cfg.hyphen_gap + cfg.hyphen_width[1]) * band.h) + 2
    y0, y1 = max(band.y, 0), min(band.y1, h)
    x0, x1 = max(band.x - reach, 0), min(band.x1 + reach, w)
    mine = glyph[y0:y1, x0:x1] > 0
    if not mine.any():
        return ()
    window = lab[y0:y1, x0:x1]
    ink = window[mine].astype(np.float64).mean(axis=0)
    need = cfg.lost_share * band.h * band.h
    for frac in (cfg.lost_frac, cfg.faint_hyphen_frac):
        faint = (dist[y0:y1, x0:x1] > frac * contrast).astype(np.uint8)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(faint, connectivity=8)
        touching = np.bincount(labels[mine & (faint > 0)], minlength=n) > 0
        bars = {
            i: Box(int(x) + x0, int(y) + y0, int(bw), int(bh))
            for i, (x, y, bw, bh, area) in enumerate(stats)
            if i and not touching[i] and area >= need and bw >= cfg.faint_hyphen_aspect * bh
        }
        found = [
            i
            for i in _hyphens(bars, band, cfg)
            if _tinted_like(window[labels == i], face, ink, cfg)
        ]
        if found:
            return tuple(bars[i].x >= band.x1 for i in found)
    return ()


def _blend_middle(
    pixels: npt.NDArray[np.uint8],
    face: npt.NDArray[np.float64],
    ink: npt.NDArray[np.float64],
    tolerance: float,
) -> bool:
    """Whether the median of ``pixels`` (CIELAB) is of the letters' tint: a mix of ``face``
    and ``ink`` within ``tolerance`` (``_blend_of``). Noise moves pixels, not the middle
    of many: a piece of another colour keeps its own there."""
    middle = median(pixels.reshape(-1, 3).astype(np.float64), axis=0)
    return bool(_blend_of(middle[None, None, :].astype(np.uint8), face, ink, tolerance))


def _tinted_like(
    pixels: npt.NDArray[np.uint8],
    face: npt.NDArray[np.float64],
    ink: npt.NDArray[np.float64],
    cfg: CutConfig,
    tolerance: float | None = None,
) -> bool:
    """Whether at least ``char_tint`` of ``pixels`` (CIELAB) are of the letters' tint: a
    mix of ``face`` and the letters' ``ink`` within ``tolerance`` (default ``lost_tint``)."""
    if len(pixels) == 0:
        return False
    off = cfg.lost_tint if tolerance is None else tolerance
    near = _blend_of(pixels.reshape(-1, 1, 3), face, ink, off)
    return float(np.count_nonzero(near)) >= cfg.char_tint * len(pixels)


def _beyond_box(
    shape: tuple[int, ...], band: Box, origin: tuple[int, int], reach: float
) -> npt.NDArray[np.bool_]:
    """The pixels of a window of ``shape`` at ``origin`` (y, x) of the tile that lie more
    than ``reach`` beyond the glyph's box ``band``, inside the box grown on each side along
    its shorter side by the difference of its sides (where the letter, were it as wide as
    tall, may reach; a point value beside it lies outside: see ``CutConfig.lost_box_reach``)."""
    y0, x0 = origin
    side = max(band.w, band.h)
    gx, gy = side - band.w, side - band.h
    ys = np.arange(y0, y0 + shape[0])[:, None]
    xs = np.arange(x0, x0 + shape[1])[None, :]
    inside = (xs >= band.x - gx) & (xs < band.x1 + gx) & (ys >= band.y - gy) & (ys < band.y1 + gy)
    near = (
        (xs >= band.x - reach)
        & (xs < band.x1 + reach)
        & (ys >= band.y - reach)
        & (ys < band.y1 + reach)
    )
    return np.asarray(inside & ~near)


def _blend_of(
    lab: npt.NDArray[np.uint8],
    face: npt.NDArray[np.float64],
    ink: npt.NDArray[np.float64],
    tolerance: float,
) -> npt.NDArray[np.bool_]:
    """Pixels whose tint (a*, b*) lies within ``tolerance`` of a mix of ``face`` and ``ink``
    (what blur makes of a letter's stroke on its face)."""
    ab = lab[..., 1:].astype(np.float32)
    f, d = face[1:].astype(np.float32), (ink[1:] - face[1:]).astype(np.float32)
    t = np.clip(((ab - f) @ d) / max(float(d @ d), 1e-6), 0.0, 1.0)
    off = ab - (f + t[..., None] * d)
    return np.asarray(np.hypot(off[..., 0], off[..., 1]) <= tolerance)


def _specks(
    ids: set[int],
    boxes: dict[int, Box],
    areas: dict[int, int],
    cfg: CutConfig,
    *,
    slivers: bool = True,
) -> set[int]:
    """Blobs in the text band that are no character: under ``speck_height`` of the tallest
    piece's height and ``speck_area`` of the largest piece's ink, and not a level bar (a
    hyphen). Dust, an LED sparkle or a glint beside a letter ("N" read as "GN"). With
    ``slivers``, slivers too (``speck_thin_px``): a letter's edge the threshold split off.
    Not where a line was taken out: what shows of a stroke between two lines may be as
    thin (a T's crossbar under a red line, spellcast-arrows 117144 r3c5, read Y)."""
    if len(ids) < 2:
        return set()
    tallest = max(boxes[i].h for i in ids)
    largest = max(areas[i] for i in ids)

    def sliver(b: Box) -> bool:
        thin, long = min(b.w, b.h), max(b.w, b.h)
        return thin <= cfg.speck_thin_px and thin < cfg.speck_thin * long

    return {
        i
        for i in ids
        if areas[i] < cfg.speck_area * largest
        and (
            (slivers and sliver(boxes[i]))
            or (
                boxes[i].h < cfg.speck_height * tallest
                and boxes[i].w < cfg.hyphen_aspect * boxes[i].h
            )
        )
    }


def _padded_bars(
    specks: set[int],
    boxes: dict[int, Box],
    labels: Labels,
    strong: npt.NDArray[np.bool_],
    cfg: CutConfig,
) -> dict[int, Box]:
    """The ``specks`` that may be a prefix's or suffix's hyphen blur padded on every side,
    with their boxes: JPEG smears a bar a pixel or two thick over several rows of faint
    ink, so its box is no longer ``hyphen_aspect`` times wider than tall (an "-ION"
    hyphen on an orange Wordament tile, 11 x 8 px, was dropped as a speck and the tile
    left unsure, held-out 105417). Such a bar's strong ink (over the ink threshold) is
    still a level bar, its widest row ``hyphen_aspect`` times the number of rows at least
    half as wide (10 px against 4 rows there), and its box at least
    ``faint_hyphen_aspect`` wider than tall. A speck of dust is as dark at its middle as
    at its edge: its strong ink keeps its shape. Whether one is a hyphen is ``_hyphens``'s
    to say, as for the bars too small to be letters."""
    bars: dict[int, Box] = {}
    for i in specks:
        box = boxes[i]
        if box.w < cfg.faint_hyphen_aspect * box.h:
            continue
        window = (slice(box.y, box.y1), slice(box.x, box.x1))
        rows = np.count_nonzero(strong[window] & (labels[window] == i), axis=1)
        widest = int(rows.max())
        # The strong rows' height: those at least half as wide as the widest (a stray
        # pixel above or below the bar is no part of its thickness).
        if widest >= cfg.hyphen_aspect * np.count_nonzero(2 * rows >= widest):
            bars[i] = box
    return bars


def _hyphens(small: dict[int, Box], band: Box, cfg: CutConfig) -> list[int]:
    """Components too small to be letters (or specks that are a bar blur padded,
    ``_padded_bars``) that are the hyphen of a prefix or suffix tile: a level bar at the
    text's middle height, just before or after the glyph (at most one on each side)."""
    found: dict[bool, tuple[int, int]] = {}  # side (after the glyph?) -> (gap, id)
    lo_w, hi_w = cfg.hyphen_width
    lo_m, hi_m = cfg.hyphen_mid
    for i, b in small.items():
        if not lo_w * band.h <= b.w <= hi_w * band.h:
            continue
        if not band.y + lo_m * band.h <= b.cy <= band.y + hi_m * band.h:
            continue
        after = b.x >= band.x1
        gap = b.x - band.x1 if after else band.x - b.x1
        if (b.x1 > band.x and b.x < band.x1) or gap > cfg.hyphen_gap * band.h:
            continue
        if after not in found or gap < found[after][0]:
            found[after] = (gap, i)
    return [i for _, i in found.values()]


def _underline(
    rest: dict[int, Box],
    band: Box,
    glyph_ids: set[int],
    boxes: dict[int, Box],
    cfg: CutConfig,
) -> tuple[int | None, Side | None]:
    """A bar parallel to one side of the glyph, just outside it: a die's underline.

    Bars above or below the text band are never part of the glyph; a bar beside a
    single-component glyph, as long as the glyph is wide, is reported too (the die may be
    lying on its side) but stays in the glyph, and the recognizer tries both readings.
    Of several such bars the nearest to the letter (its gap as a share of the letter's
    side it runs along) is the underline: the dark gap between two dice below a die
    lying on its side lies within reach too, farther than the bar printed beside its
    letter (boggle-big 93073: an M read "ZI")."""
    found: list[tuple[float, int, Side]] = []
    for i, b in rest.items():
        long, thick = max(b.w, b.h), min(b.w, b.h)
        if b.w < b.h or long < cfg.bar_aspect * thick:
            continue
        if long < cfg.bar_min_length * band.w:
            continue
        if overlap(b.x, b.x1, band.x, band.x1) < 0.6 * b.w:
            continue
        gap_below, gap_above = b.y - band.y1, band.y - b.y1
        if 0 <= gap_below <= cfg.bar_max_gap * band.h:
            found.append((gap_below / band.h, i, Side.BOTTOM))
        elif 0 <= gap_above <= cfg.bar_max_gap * band.h:
            found.append((gap_above / band.h, i, Side.TOP))
    if len(glyph_ids) == 2:
        # A vertical bar beside one other component: maybe the underline of a die on its
        # side.
        a, b = sorted((boxes[i] for i in glyph_ids), key=lambda bx: bx.x)
        ids = sorted(glyph_ids, key=lambda i: boxes[i].x)
        for bar_id, bar, other, side in ((ids[0], a, b, Side.LEFT), (ids[1], b, a, Side.RIGHT)):
            if bar.h < cfg.bar_aspect * bar.w or bar.h < cfg.bar_min_length * other.h:
                continue
            if overlap(bar.y, bar.y1, other.y, other.y1) < 0.6 * bar.h:
                continue
            gap = other.x - bar.x1 if side is Side.LEFT else bar.x - other.x1
            if 0 <= gap <= cfg.bar_max_gap * other.w and bar.h <= 1.1 * other.h:
                found.append((gap / other.w, bar_id, side))
                break
    if not found:
        return None, None
    # The nearest; at equal gaps, a bar below before one above before one beside.
    order = (Side.BOTTOM, Side.TOP, Side.LEFT, Side.RIGHT)
    _, i, side = min(found, key=lambda f: (f[0], order.index(f[2])))
    return i, side


def _joined_bar(
    labels: Labels, gid: int, box: Box, n: int, cfg: CutConfig
) -> tuple[Labels, Box, Box, Side] | None:
    """A die's underline joined to its letter by blur (see ``CutConfig.bar_window``):
    the label image with the bar relabelled ``n`` and the neck between them cleared, the
    letter's box, the bar's box and the side it lies on; None when the glyph ``gid`` (in
    ``box``) has no such bar."""
    piece = labels[box.y : box.y1, box.x : box.x1] == gid
    across, down = piece.sum(axis=1, dtype=np.int32), piece.sum(axis=0, dtype=np.int32)
    # Each side's line counts from that side inwards, and the length of its lines.
    profiles = {
        Side.BOTTOM: (across[::-1], box.w),
        Side.TOP: (across, box.w),
        Side.LEFT: (down, box.h),
        Side.RIGHT: (down[::-1], box.h),
    }
    for side, (rows, width) in profiles.items():
        height = len(rows)
        deepest = min(math.ceil(cfg.bar_window * height), height - 3)
        # The usual letter has no narrow line there under a wider one (a first look in
        # plain Python: every one-piece glyph of every game comes here, and numpy's cost
        # per call would be most of the time).
        if deepest < 2 or not _narrow_after_wide(
            rows[: deepest + 1].tolist(), cfg.bar_neck * width
        ):
            continue
        # Line k is a neck when narrow, and at most half as wide as the widest line on
        # either side of it (k lines of bar beneath it, the letter above).
        necks = rows[2 : deepest + 1]
        ks = np.arange(2, deepest + 1)
        beneath = np.maximum.accumulate(rows)[ks - 1]
        above_max = np.maximum.accumulate(rows[::-1])[::-1][ks + 1]
        ok = (necks <= cfg.bar_neck * width) & (2 * necks <= np.minimum(beneath, above_max))
        if not ok.any():
            continue
        narrow = necks[ok]
        best = int(ks[ok][narrow == narrow.min()].max())  # the narrowest, nearest the letter
        # The glyph seen with this side at the bottom, so one cut serves every side.
        seen = np.rot90(piece, UPRIGHT_FOR_UNDERLINE[side])
        height = seen.shape[0]
        y_neck = height - 1 - best
        cut = seen.copy()
        cut[y_neck] = False
        _, parts = cv2.connectedComponents(cut.astype(np.uint8), connectivity=8)
        below = set(np.unique(parts[y_neck + 1 :])) - {0}
        above = set(np.unique(parts[:y_neck])) - {0}
        if len(below) != 1 or below & above:
            continue
        bar = parts == next(iter(below))
        # The bar is its solid lines (what is left of the bridge above them is thin).
        counts = np.count_nonzero(bar, axis=1)
        solid = counts >= 0.5 * counts.max()
        xs = np.nonzero(bar[solid].any(axis=0))[0]
        long, thick = int(xs.max() - xs.min() + 1), int(np.count_nonzero(solid))
        lx = np.nonzero((cut & ~bar).any(axis=0))[0]
        span = int(lx.max() - lx.min() + 1) if len(lx) else 0
        if (
            long < cfg.bar_aspect * thick
            or long < cfg.bar_min_length * span
            or long > cfg.bar_span * span
            or rows[best] > cfg.bar_bridge * thick
            or not _inside_ends(np.nonzero(seen[y_neck])[0], int(xs.min()), long, cfg.bar_end)
            or int(counts[solid].sum()) < cfg.bar_fill * long * thick
        ):
            continue
        back = (4 - UPRIGHT_FOR_UNDERLINE[side]) % 4
        bar_mask = np.rot90(bar, back)
        neck_mask = np.rot90(cut != seen, back)
        out = labels.copy()
        window = out[box.y : box.y1, box.x : box.x1]
        window[bar_mask] = n
        window[neck_mask] = 0
        return out, _mask_box(window == gid, box), _mask_box(bar_mask, box), side
    return None


def _inside_ends(xs: npt.NDArray[np.intp], start: int, long: int, end: float) -> bool:
    """Whether the pixels at ``xs`` lie, on average, at least ``end`` of ``long`` in from
    both ends of the run ``start .. start + long``."""
    at = float(xs.mean()) - start
    return bool(len(xs)) and end * long <= at <= (1 - end) * long


def _narrow_after_wide(lines: list[int], narrow: float) -> bool:
    """Whether some line from the third on is at most ``narrow`` and at most half of the
    widest line before it."""
    widest = max(lines[:2])
    for width in lines[2:]:
        if width <= narrow and 2 * width <= widest:
            return True
        widest = max(widest, width)
    return False


def _mask_box(mask: npt.NDArray[np.bool_], at: Box) -> Box:
    """The box of ``mask``'s pixels, in the frame ``at`` is given in."""
    box = mask_box(mask)
    return Box(at.x + box.x, at.y + box.y, box.w, box.h)


def _colour(lab: Image, labels: Labels, i: int, box: Box) -> npt.NDArray[np.float64]:
    """Mean Lab colour of component ``i`` (inside its ``box``)."""
    window = (slice(box.y, box.y1), slice(box.x, box.x1))
    return np.asarray(lab[window][labels[window] == i].mean(axis=0), np.float64)
