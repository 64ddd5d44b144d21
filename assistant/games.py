"""Recognize the game from the look of the board: Wordament, Ruzzle, Word Hunt, SpellCast,
Scramble, physical Boggle dice, or none of them ("generic").

Cheap cues, measured on a small copy of the rectified board (``BonusConfig.work_cell_px``
per cell) and a ring of the picture around it (``describe_look``):

* **Point values**: where small marks sit apart from the letter, in the same corner of
  most tiles: top-left is Wordament, top-right Ruzzle or SpellCast, bottom-right Scramble;
  none for Word Hunt and Boggle. The strongest cue, and it does not care about themes.
* **Colours**: the colour most tile faces share and the colour between the tiles (the
  board's background): Word Hunt's tan tiles on green, Ruzzle's cream on dark blue,
  SpellCast's cream on purple, Scramble's white on blue, Wordament's orange on blue or
  cream on wood. Each game lists the colours of its themes in ``PROFILES``.
* **Bonus squares** (``assistant.bonus.find_marks``): coloured badges or filled tiles,
  whose colours belong to one game's palette.
* **A photo of dice**: light, unsaturated faces on a board that is turned in the picture or
  whose tiles sit irregularly in their cells (``LocatedBoard.score``); screenshots are
  square to the screen and regular.

Every game's profile collects points from the cues (``GamesConfig`` holds the weights);
the best profile wins, and its confidence is its share of ``exp(points)`` over all
profiles. When no profile reaches ``GamesConfig.min_points`` the board is "generic": the
pipeline then reports the game as unknown, with the candidates, and asks for ``--game``.

Names: ``GameGuess.name`` is a look, one of ``GAME_NAMES``; ``assistant.registry``
(``game_for_look``) maps a look to its game record (the "boggle" look is Boggle on 4x4 and
Big Boggle on 5x5 and 6x6; "scramble" is Scramble / Boggle With Friends).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

from assistant.bonus import (
    BONUS_STYLES,
    BoardFaces,
    BonusConfig,
    BonusGrid,
    Mark,
    board_faces,
    find_marks,
    read_bonuses,
    rgb_lab,
    to_lab,
)
from assistant.locate import Image, LocatedBoard

RGB = tuple[int, int, int]
FloatArray = npt.NDArray[np.float32]
Corner = Literal["top-left", "top-right", "bottom-right", "bottom-left"]
CORNERS: tuple[Corner, ...] = ("top-left", "top-right", "bottom-right", "bottom-left")

GAME_NAMES = ("wordament", "ruzzle", "wordhunt", "spellcast", "scramble", "boggle", "generic")


@dataclass(frozen=True)
class LookProfile:
    """What one game's boards look like: the corner of its point values (None: no values),
    the face colours of its themes, the colours between/around its tiles (empty: any), and
    whether it is a photo of dice."""

    game: str
    values: Corner | None
    faces: tuple[RGB, ...]
    gaps: tuple[RGB, ...] = ()
    dice: bool = False
    gap_scale: float | None = None  # a patterned background's own tolerance (dE scale)


# Colours measured on fixtures/real (Wordament phone/desktop, two dice photos) and on the
# synthetic looks of the other games (fixtures/synthetic), which follow the games' screens.
PROFILES: tuple[LookProfile, ...] = (
    LookProfile(
        "wordament",
        "top-left",
        faces=((253, 150, 12), (255, 255, 249), (237, 232, 223), (249, 247, 240)),
        gaps=((6, 65, 133), (27, 81, 160), (133, 125, 107), (118, 106, 84), (127, 91, 43)),
    ),
    LookProfile("ruzzle", "top-right", faces=((242, 238, 230),), gaps=((21, 38, 76),)),
    LookProfile("spellcast", "top-right", faces=((236, 228, 218),), gaps=((43, 26, 72),)),
    LookProfile(
        "scramble",
        "bottom-right",
        faces=((242, 247, 250), (223, 228, 237)),
        gaps=((48, 125, 216), (38, 64, 107)),
    ),
    # Word Hunt's green is patterned: gap samples vary by ~15 around it.
    LookProfile("wordhunt", None, faces=((235, 206, 147),), gaps=((53, 106, 44),), gap_scale=16.0),
    LookProfile(
        "boggle",
        None,
        faces=((219, 211, 201), (208, 197, 185), (212, 223, 220), (197, 193, 174)),
        dice=True,
    ),
)


@dataclass(frozen=True)
class GamesConfig:
    """Tuned numbers for recognizing games.

    Tuned on fixtures/real (20 Wordament boards, 2 dice photos) and fixtures/synthetic (4
    boards of each of 10 looks), which all come out right with the margins noted, then
    checked on 1,000 fresh renders of the generator (``assistant.synth``, seeds 5000-5024,
    6000-6024, 7000-7024 and 8000-8024 of every look): all games and all bonus squares
    right (that check led to measuring the face boxes, the bottom-edge rule and Word Hunt's
    gap tolerance). Colour distances are CIELAB dE (L 0..100).
    """

    bonus: BonusConfig = field(default_factory=BonusConfig)
    # -- point values in a corner -----------------------------------------------------------
    # Probed 12..18: all fixtures right at both ends; SpellCast's ~5 px digits fade above
    # 18 (0.6 of the tiles at 18), dice specks and JPEG noise grow below 12 (0.38 at 12).
    ink_delta_e: float = 14.0
    # A value mark lies inside this share of the face from two of its edges (letters reach
    # farther in), covers mark_min_area..mark_max_area of the face and is at most
    # mark_max_side of it long (strokes along the face's edge: rims, shadows). It may touch
    # one side of the face box (digits close to the edge) but not two (the gap showing past
    # a rounded corner) nor the bottom one (the tiles' 3D edge or shadow).
    corner_reach: float = 0.42
    mark_min_area: float = 0.002
    mark_max_area: float = 0.05
    mark_max_side: float = 0.3
    # Values are printed at one place: a tile counts when its mark nearest the corner has
    # its outer edges within this share of the face side of the median over the tiles.
    mark_align: float = 0.06
    # Values: in the same corner of at least this share of tiles, while no other corner has
    # marks on more than corner_other_max of them. Measured on the fixtures: value corners
    # 0.88-1.0, other corners 0-0.25 (bonus badges and labels in Ruzzle's and Scramble's
    # top-left, dice specks).
    corner_share: float = 0.5
    corner_other_max: float = 0.35
    # -- photo of dice ----------------------------------------------------------------------
    # The board's edges turned by more than this in the picture (screenshots: < 0.25
    # degrees; the dice photos 0.7-7).
    photo_tilt_deg: float = 0.5
    # LocatedBoard.score below this: tiles sit irregularly (screens 0.89-0.99, dice 0.69-0.87).
    photo_fit: float = 0.88
    # -- points -----------------------------------------------------------------------------
    values_match: float = 3.0  # the values' corner is the game's
    values_mismatch: float = -3.0  # values where the game has none, or in another corner
    # No values seen although the game prints them (small or blurred digits can go unseen).
    values_missing: float = -0.5
    face_weight: float = 2.0  # x exp(-(dE / colour_scale)^2 / 2) for the nearest face colour
    gap_weight: float = 1.5  # ... and for the nearest gap colour
    colour_scale: float = 14.0  # faces
    gap_scale: float = 10.0  # backgrounds (Ruzzle's navy and SpellCast's purple are 12 apart)
    badge_weight: float = 1.0  # per palette-matched badge kind (at most 2 kinds counted)
    badge_foreign: float = -1.0  # bonus marks on a game without bonus squares
    dice_weight: float = 2.0  # photo cues for the dice profile
    screen_photo: float = -0.5  # photo cues for a screen game (a photographed screen)
    min_points: float = 2.5  # below this the board is "generic"
    # Ring of the picture around the board sampled for the background (fractions of the
    # board's side beyond its edge), used when the gaps between tiles are too thin.
    ring: tuple[float, float] = (0.04, 0.12)
    min_gap_px: float = 1.0  # gap strips narrower than this (work pixels) are not sampled


@dataclass(frozen=True)
class BoardLook:
    """The cues measured on one board (see the module docstring)."""

    face_lab: tuple[float, float, float]
    gap_lab: tuple[float, float, float] | None
    corner_share: tuple[float, float, float, float]  # TL, TR, BR, BL
    value_corner: Corner | None
    badges: tuple[tuple[str, str], ...]  # (marker, nearest palette "game:kind") per mark
    tilt_deg: float
    fit: float
    photo: bool  # turned in the picture or irregular: a photo rather than a screenshot


@dataclass(frozen=True)
class GameGuess:
    """The game a board looks like: ``name`` (one of ``GAME_NAMES``, or the user's own name
    for a game chosen with ``--game``), ``confidence`` 0..1, the ``evidence`` for it in
    words, and every profile's ``points`` (best first)."""

    name: str
    confidence: float
    evidence: tuple[str, ...]
    points: tuple[tuple[str, float], ...] = ()

    @property
    def rules(self) -> str:
        """The game to score with (``assistant.scoring.get_game`` name)."""
        return "boggle" if self.name == "generic" else self.name


def detect_game(
    image: Image | None, located: LocatedBoard, *, config: GamesConfig | None = None
) -> GameGuess:
    """Recognize the game of the board ``located`` in ``image`` (the picture it was found
    in; None to judge from the board alone)."""
    cfg = config or GamesConfig()
    return _detect(describe_look(image, located, config=cfg), cfg)


def _detect(look: BoardLook, cfg: GamesConfig) -> GameGuess:
    scored = [(_points(profile, look, cfg), profile.game) for profile in PROFILES]
    scored.sort(key=lambda item: -item[0][0])
    (best, evidence), game = scored[0]
    total = sum(math.exp(p - best) for (p, _), _ in scored)
    confidence = 1.0 / total
    points = tuple((g, round(p, 2)) for (p, _), g in scored)
    if best < cfg.min_points:
        # Sure it is none of them when the best profile falls far short of min_points or
        # does not even lead clearly.
        return GameGuess(
            "generic",
            round(1.0 - min(1.0, max(0.0, best) / cfg.min_points) * confidence, 3),
            (f"no game's look fits (best: {game}, {best:.1f} points)", *_describe(look)),
            points,
        )
    return GameGuess(game, round(confidence, 3), tuple(evidence), points)


def read_game_and_bonuses(
    image: Image | None,
    located: LocatedBoard,
    *,
    game: str | None = None,
    config: GamesConfig | None = None,
) -> tuple[GameGuess, BonusGrid]:
    """``detect_game`` and ``read_bonuses`` in one go, measuring the faces once. A ``game``
    chosen by the user (``--game``) is taken as given (confidence 1) and only picks the
    bonus palette."""
    cfg = config or GamesConfig()
    faces = board_faces(located, cfg.bonus)
    if game is None:
        guess = _detect(describe_look(image, located, config=cfg, faces=faces), cfg)
    else:
        guess = GameGuess(game, 1.0, ("chosen by the user",))
    bonuses = read_bonuses(located, guess.name, config=cfg.bonus, faces=faces)
    return guess, bonuses


def describe_look(
    image: Image | None,
    located: LocatedBoard,
    *,
    config: GamesConfig | None = None,
    faces: BoardFaces | None = None,
) -> BoardLook:
    """Measure the cues ``detect_game`` weighs (``faces``: already measured with this
    config's ``bonus`` settings)."""
    cfg = config or GamesConfig()
    if faces is None:
        faces = board_faces(located, cfg.bonus)
    shares = _corner_shares(faces, cfg)
    order = sorted(range(4), key=lambda k: -shares[k])
    value_corner = None
    if shares[order[0]] >= cfg.corner_share and shares[order[1]] <= cfg.corner_other_max:
        value_corner = CORNERS[order[0]]
    gap = _gap_colour(faces, located, cfg)
    if gap is None and image is not None:
        gap = _ring_colour(image, located, cfg)
    marks = find_marks(faces, cfg.bonus)
    tilt = _tilt(located)
    return BoardLook(
        face_lab=_triple(faces.face_lab),
        gap_lab=None if gap is None else _triple(gap),
        corner_share=(shares[0], shares[1], shares[2], shares[3]),
        value_corner=value_corner,
        badges=tuple((m.marker, _nearest_bonus(m)) for m in marks),
        tilt_deg=round(tilt, 2),
        fit=located.score,
        photo=tilt > cfg.photo_tilt_deg or located.score < cfg.photo_fit,
    )


# --------------------------------------------------------------------------- cues


def _corner_shares(faces: BoardFaces, cfg: GamesConfig) -> list[float]:
    """For each corner (TL, TR, BR, BL), the share of tiles with a value-like mark there."""
    rows, cols = faces.tile_lab.shape[:2]
    # Ink: far from the tile's face colour, but not much more saturated than the face (those
    # are bonus badges, not values); only inside the face boxes.
    far = (faces.delta >= cfg.ink_delta_e) & (faces.sat < faces.face_sat + cfg.bonus.badge_chroma)
    ink = np.zeros(far.shape, np.uint8)
    for row in faces.boxes:
        for x0, y0, x1, y1 in row:
            ink[y0:y1, x0:x1] = far[y0:y1, x0:x1]
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    # Per corner and tile, the mark nearest the corner: its edges on the corner's sides
    # (left or right x, top or bottom y) as shares of the face side.
    nearest: list[dict[tuple[int, int], tuple[float, float, float]]] = [{}, {}, {}, {}]
    cell = faces.cell
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        r, c = min(rows - 1, (y + h // 2) // cell), min(cols - 1, (x + w // 2) // cell)
        fx0, fy0, fx1, fy1 = faces.boxes[r][c]
        side = fx1 - fx0
        if not (cfg.mark_min_area <= area / (side * side) <= cfg.mark_max_area):
            continue
        if max(w, h) > cfg.mark_max_side * side:
            continue  # a stroke along the face's edge: rim, shadow, gap
        if (x <= fx0 or x + w >= fx1) and (y <= fy0 or y + h >= fy1):
            continue  # in the very corner: the gap showing past a rounded corner
        if y + h >= fy1:
            continue  # on the bottom edge: the tiles' 3D edge or shadow (values sit above)
        reach = cfg.corner_reach * side
        left, right = (x - fx0) / side, (fx1 - x - w) / side  # distances from the edges
        top, bottom = (y - fy0) / side, (fy1 - y - h) / side
        inside = (x + w <= fx0 + reach, x >= fx1 - reach, y + h <= fy0 + reach, y >= fy1 - reach)
        for k, (dx, dy, ok) in enumerate(
            (
                (left, top, inside[0] and inside[2]),
                (right, top, inside[1] and inside[2]),
                (right, bottom, inside[1] and inside[3]),
                (left, bottom, inside[0] and inside[3]),
            )
        ):
            d = dx + dy
            if ok and d < nearest[k].get((r, c), (math.inf, 0.0, 0.0))[0]:
                nearest[k][(r, c)] = (d, dx, dy)
    shares = []
    for marks in nearest:
        if not marks:
            shares.append(0.0)
            continue
        xs = np.array([m[1] for m in marks.values()])
        ys = np.array([m[2] for m in marks.values()])
        aligned = (np.abs(xs - np.median(xs)) <= cfg.mark_align) & (
            np.abs(ys - np.median(ys)) <= cfg.mark_align
        )
        shares.append(float(np.count_nonzero(aligned)) / (rows * cols))
    return shares


def _gap_colour(faces: BoardFaces, located: LocatedBoard, cfg: GamesConfig) -> FloatArray | None:
    """Median colour of the strips between the tile faces (None when they are too thin)."""
    cell = faces.cell
    gap = (1.0 - located.tile_ratio) * cell / 2
    if gap < cfg.min_gap_px:
        return None
    band = max(1, int(gap * 0.6))
    rows, cols = faces.tile_lab.shape[:2]
    mask = np.zeros(faces.lab.shape[:2], bool)
    for i in range(rows + 1):
        mask[max(0, i * cell - band) : i * cell + band, :] = True
    for j in range(cols + 1):
        mask[:, max(0, j * cell - band) : j * cell + band] = True
    return np.median(faces.lab[mask], axis=0).astype(np.float32)


def _ring_colour(image: Image, located: LocatedBoard, cfg: GamesConfig) -> FloatArray | None:
    """Median colour of a ring of the picture just outside the board."""
    p = located.cell_px
    w, h = located.cols * p, located.rows * p
    inner, outer = cfg.ring
    points = []
    for frac in np.linspace(inner, outer, 4):
        dx, dy = frac * w, frac * h
        for t in np.linspace(0.0, 1.0, 24):
            points += [
                (-dx + t * (w + 2 * dx), -dy),
                (-dx + t * (w + 2 * dx), h + dy),
                (-dx, -dy + t * (h + 2 * dy)),
                (w + dx, -dy + t * (h + 2 * dy)),
            ]
    pts = np.array(points, np.float64)
    src = cv2.perspectiveTransform(pts[None], located.homography)[0]
    ih, iw = image.shape[:2]
    ok = (src[:, 0] >= 0) & (src[:, 0] < iw) & (src[:, 1] >= 0) & (src[:, 1] < ih)
    if np.count_nonzero(ok) < len(pts) // 4:
        return None
    xs, ys = src[ok, 0].astype(int), src[ok, 1].astype(int)
    samples = to_lab(np.ascontiguousarray(image[ys, xs][None]))[0]
    return np.asarray(np.median(samples, axis=0), np.float32)


def _tilt(located: LocatedBoard) -> float:
    """How far the board's edges are turned from the picture's axes, in degrees."""
    tl, tr, br, bl = located.corners
    angles = []
    for (x0, y0), (x1, y1) in ((tl, tr), (bl, br)):
        angles.append(math.degrees(math.atan2(y1 - y0, x1 - x0)))
    for (x0, y0), (x1, y1) in ((tl, bl), (tr, br)):
        angles.append(math.degrees(math.atan2(x0 - x1, y1 - y0)))
    return max(abs(a) for a in angles)


def _nearest_bonus(mark: Mark) -> str:
    """The nearest palette colour of the mark's kind of marker, as "game:kind"."""
    best, name = math.inf, ""
    for style in BONUS_STYLES.values():
        if style.marker != mark.marker:
            continue
        for kind, rgb in style.palette.items():
            d = float(np.linalg.norm(mark.lab - rgb_lab(rgb)))
            if d < best:
                best, name = d, f"{style.game}:{kind}"
    return name


def _triple(v: FloatArray) -> tuple[float, float, float]:
    return (round(float(v[0]), 1), round(float(v[1]), 1), round(float(v[2]), 1))


# --------------------------------------------------------------------------- points


def _points(profile: LookProfile, look: BoardLook, cfg: GamesConfig) -> tuple[float, list[str]]:
    """A profile's points for the look, and the cues that earned them."""
    points = 0.0
    why: list[str] = []
    if look.value_corner is not None:
        if profile.values == look.value_corner:
            points += cfg.values_match
            why.append(f"point values in the {look.value_corner} corner")
        else:
            points += cfg.values_mismatch
    elif profile.values is not None:
        points += cfg.values_missing
    face = np.array(look.face_lab, np.float32)
    d_face = min(float(np.linalg.norm(face - rgb_lab(c))) for c in profile.faces)
    s_face = math.exp(-0.5 * (d_face / cfg.colour_scale) ** 2)
    points += cfg.face_weight * s_face
    if s_face > 0.5:
        why.append(f"tile colour (dE {d_face:.0f})")
    if profile.gaps and look.gap_lab is not None:
        gap = np.array(look.gap_lab, np.float32)
        d_gap = min(float(np.linalg.norm(gap - rgb_lab(c))) for c in profile.gaps)
        s_gap = math.exp(-0.5 * (d_gap / (profile.gap_scale or cfg.gap_scale)) ** 2)
        points += cfg.gap_weight * s_gap
        if s_gap > 0.5:
            why.append(f"background colour (dE {d_gap:.0f})")
    kinds = {name for _, name in look.badges if name.startswith(profile.game + ":")}
    if kinds:
        points += cfg.badge_weight * min(2, len(kinds))
        why.append(f"bonus squares in its colours ({', '.join(sorted(kinds))})")
    elif look.badges and profile.game not in BONUS_STYLES:
        points += cfg.badge_foreign
    if look.photo:
        if profile.dice:
            points += cfg.dice_weight
            why.append(f"a photo (board turned {look.tilt_deg:.1f} deg, fit {look.fit:.2f})")
        else:
            points += cfg.screen_photo
    return points, why


def _describe(look: BoardLook) -> list[str]:
    return [
        f"values: {look.value_corner or 'none'}",
        f"tile colour Lab {look.face_lab}",
        f"background Lab {look.gap_lab}",
        "photo" if look.photo else "screenshot",
    ]
