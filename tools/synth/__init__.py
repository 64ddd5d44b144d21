"""Synthetic boards: labelled pictures of Boggle-style boards in the looks of the real games,
for tests and benchmarks of the locate and recognize stages.

    board = render_board("wordament-orange", seed=7, tile_px=60, jpeg_quality=70)
    board.image        # BGR uint8, exactly what board.data decodes to
    board.label        # the shared/realboards/labels.json schema, plus look/corners/params
    board.data         # the encoded file (JPEG or PNG); board.ext is ".jpg" or ".png"

Every render is a pure function of (look, seed, knobs). ``python -m tools.synth`` writes
a labelled set (see ``tools/synth/__main__.py``). Dev/benchmark tool: it draws with the
system fonts of the Debian packages fonts-dejavu-core, fonts-liberation,
fonts-roboto-unhinted and fonts-open-sans, and says which to install when one is missing.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from tools.synth import camera
from tools.synth.base import Ctx, Knobs, Scene
from tools.synth.content import (
    BIG_DICE,
    CLASSIC_DICE,
    RUZZLE_VALUES,
    SCRAMBLE_VALUES,
    SPELLCAST_VALUES,
    BoardContent,
    deal_app,
    deal_wordament,
    roll_dice,
)
from tools.synth.looks_boggle import render_boggle
from tools.synth.looks_desktop import (
    render_spellcast_arrows,
    render_spellcast_discord,
    render_wordament_desktop,
    render_wordhunt_desktop,
)
from tools.synth.looks_phone import (
    render_ruzzle,
    render_scramble,
    render_wordament_orange,
    render_wordament_wood,
)
from tools.synth.looks_wordhunt import render_wordhunt, render_wordhunt_photo
from tools.synth.paint import check_fonts

__all__ = ["LOOKS", "LOOK_SPECS", "KnobRanges", "LookSpec", "SynthBoard", "render_board"]


@dataclass(frozen=True)
class KnobRanges:
    """Ranges the unset knobs are drawn from. Set by eye: photos get the tilt, blur and noise
    of a hand-held phone photo like shared/realboards/boggle_physical; screenshots are mostly
    clean, sometimes re-compressed or scaled down as when shared through a chat app."""

    tile_px: tuple[float, float] = (20.0, 200.0)  # allowed range of the tile_px knob
    photo_tile_px: tuple[float, float] = (40.0, 160.0)
    screen_tile_px: tuple[float, float] = (70.0, 200.0)
    desktop_tile_px: tuple[float, float] = (28.0, 110.0)
    native_chance: float = 0.3  # screenshots kept at their native size
    photo_jpeg: tuple[int, int] = (60, 92)
    screen_jpeg: tuple[int, int] = (40, 95)
    png_chance: float = 0.2  # screenshots saved losslessly
    photo_blur: tuple[float, float] = (0.3, 1.4)
    screen_blur_chance: float = 0.2
    screen_blur: tuple[float, float] = (0.3, 0.9)
    photo_noise: tuple[float, float] = (2.0, 7.0)
    screen_noise_chance: float = 0.15
    screen_noise: tuple[float, float] = (1.0, 4.0)
    photo_rotate: float = 6.0  # degrees either way
    photo_perspective: tuple[float, float] = (0.01, 0.07)
    clutter_chance: float = 0.5
    crop_chance: float = 0.15  # screenshot looks rendered as a tight crop of the grid
    crop_margin: tuple[float, float] = (0.0, 0.15)  # of a pitch, around a cropped grid


Dealer = Callable[[np.random.Generator, int, int], tuple[BoardContent, dict[str, Any]]]
Renderer = Callable[[Ctx, BoardContent, Knobs], Scene]


@dataclass(frozen=True)
class LookSpec:
    """One look: the game it belongs to, its board sizes, kinds and themes (first = the
    usual), and how its boards are dealt and drawn."""

    name: str
    game: str
    sizes: tuple[int, ...]
    kinds: tuple[str, ...]
    themes: tuple[str, ...]
    deal: Dealer
    render: Renderer
    has_values: bool = False
    has_bonuses: bool = False
    notes: str = ""
    photo: bool = False
    tile_range: tuple[float, float] | None = None  # default tile_px range, else by kind
    # Kept at the screen's own scale unless tile_px is given (a full-screen app whose board
    # size is fixed by the screen, like Wordament on Windows: ~310 px board at 1366x768).
    native: bool = False


def _deal_classic(
    rng: np.random.Generator, rows: int, cols: int
) -> tuple[BoardContent, dict[str, Any]]:
    return roll_dice(rng, CLASSIC_DICE, rows, cols, turn=True), {"dice": "classic"}


def _deal_big(
    rng: np.random.Generator, rows: int, cols: int
) -> tuple[BoardContent, dict[str, Any]]:
    return roll_dice(rng, BIG_DICE, rows, cols, turn=True), {"dice": "big"}


def _deal_wordament(
    rng: np.random.Generator, rows: int, cols: int
) -> tuple[BoardContent, dict[str, Any]]:
    content, theme = deal_wordament(rng, rows, cols)
    return content, {"board_theme": theme}


def _dealer(values: dict[str, int] | None, bonuses: dict[str, tuple[int, int]] | None) -> Dealer:
    def deal(rng: np.random.Generator, rows: int, cols: int) -> tuple[BoardContent, dict[str, Any]]:
        return deal_app(rng, rows, cols, values=values, bonus_counts=bonuses), {}

    return deal


def _deal_spellcast(
    rng: np.random.Generator, rows: int, cols: int
) -> tuple[BoardContent, dict[str, Any]]:
    """SpellCast's letters include the plain Q (worth 8; there is no Qu tile)."""
    content = deal_app(
        rng,
        rows,
        cols,
        values=SPELLCAST_VALUES,
        bonus_counts={"DL": (0, 1), "TL": (0, 1), "DW": (0, 1)},
        q_chance=0.08,
    )
    return content, {}


def _specs() -> Mapping[str, LookSpec]:
    specs = [
        LookSpec(
            "boggle-classic",
            "boggle_physical",
            (4,),
            ("photo",),
            ("tray",),
            _deal_classic,
            render_boggle,
            photo=True,
            notes="classic 16-dice Boggle tray photographed from above",
        ),
        LookSpec(
            "boggle-big",
            "boggle_physical",
            (5,),
            ("photo",),
            ("tray",),
            _deal_big,
            render_boggle,
            photo=True,
            notes="Big Boggle 25-dice tray photographed from above",
        ),
        LookSpec(
            "wordhunt-phone",
            "wordhunt",
            (4,),
            ("full-screenshot",),
            ("light", "dark"),
            _dealer(None, None),
            render_wordhunt,
            notes="GamePigeon Word Hunt in iMessage, iPhone screenshot",
        ),
        LookSpec(
            "wordhunt-photo",
            "wordhunt",
            (4,),
            ("photo",),
            ("light", "dark"),
            _dealer(None, None),
            render_wordhunt_photo,
            photo=True,
            notes="a photo of an iPhone screen showing Word Hunt: moire, glare, sparkles, a finger",
        ),
        LookSpec(
            "wordhunt-desktop",
            "wordhunt",
            (4,),
            ("desktop-screenshot",),
            ("light", "dark"),
            _dealer(None, None),
            render_wordhunt_desktop,
            notes="Word Hunt in an iPhone Mirroring window on a macOS-like desktop",
        ),
        LookSpec(
            "wordament-orange",
            "wordament",
            (4,),
            ("full-screenshot",),
            ("live",),
            _deal_wordament,
            render_wordament_orange,
            has_values=True,
            notes="Wordament live round: orange tiles, white letters, blue background",
        ),
        LookSpec(
            "wordament-wood",
            "wordament",
            (4,),
            ("full-screenshot",),
            ("puzzle",),
            _deal_wordament,
            render_wordament_wood,
            has_values=True,
            notes="Wordament puzzle mode: cream tiles, dark letters, light wood",
        ),
        LookSpec(
            "wordament-desktop",
            "wordament",
            (4,),
            ("full-screenshot",),
            ("puzzle",),
            _deal_wordament,
            render_wordament_desktop,
            has_values=True,
            native=True,
            notes="Wordament Windows app full screen: wood table, small board at the right",
        ),
        LookSpec(
            "ruzzle",
            "ruzzle",
            (4,),
            ("full-screenshot",),
            ("dark",),
            _dealer(RUZZLE_VALUES, {"DL": (1, 2), "TL": (0, 2), "DW": (0, 1), "TW": (0, 1)}),
            render_ruzzle,
            has_values=True,
            has_bonuses=True,
            notes="Ruzzle: cream tiles, value top right, DL/TL/DW/TW badges, dark blue",
        ),
        LookSpec(
            "scramble",
            "scramble",
            (4, 5),
            ("full-screenshot",),
            ("light", "dark"),
            _dealer(SCRAMBLE_VALUES, {"DL": (0, 2), "TL": (0, 1), "DW": (0, 1), "TW": (0, 1)}),
            render_scramble,
            has_values=True,
            has_bonuses=True,
            notes="Scramble / Boggle With Friends: white tiles on a blue panel, bonus tiles",
        ),
        LookSpec(
            "spellcast-discord",
            "spellcast",
            (5,),
            ("desktop-screenshot",),
            ("dark", "light"),
            _deal_spellcast,
            render_spellcast_discord,
            has_values=True,
            has_bonuses=True,
            notes="SpellCast 5x5 as a Discord activity; 2x is labelled DW",
        ),
        LookSpec(
            "spellcast-arrows",
            "spellcast",
            (5,),
            ("desktop-screenshot",),
            ("dark", "light"),
            _deal_spellcast,
            render_spellcast_arrows,
            has_values=True,
            has_bonuses=True,
            notes="SpellCast shared with another solver's arrows drawn over the board",
        ),
    ]
    return MappingProxyType({s.name: s for s in specs})


LOOK_SPECS: Mapping[str, LookSpec] = _specs()
LOOKS: tuple[str, ...] = tuple(LOOK_SPECS)

Image = npt.NDArray[np.uint8]


@dataclass(frozen=True, eq=False)
class SynthBoard:
    """A rendered board: ``image`` (BGR uint8) is exactly what ``data`` (the encoded file,
    extension ``ext``) decodes to; ``label`` follows shared/realboards/labels.json."""

    image: Image
    label: dict[str, Any]
    data: bytes = b""
    ext: str = ".png"


_KNOB_NAMES = frozenset(
    {
        "size",
        "rows",
        "cols",
        "tile_px",
        "jpeg_quality",
        "blur",
        "noise",
        "rotate_deg",
        "perspective",
        "theme",
        "clutter",
        "kind",
    }
)


def _resolve(
    spec: LookSpec, rng: np.random.Generator, seed: int, given: dict[str, Any], r: KnobRanges
) -> Knobs:
    unknown = set(given) - _KNOB_NAMES
    if unknown:
        raise ValueError(f"unknown knob(s) {sorted(unknown)}; knobs are {sorted(_KNOB_NAMES)}")
    photo = spec.photo
    # Draw every default, used or not, so one knob's value never shifts the others.
    d_size = spec.sizes[int(rng.integers(len(spec.sizes)))]
    d_kind = spec.kinds[0]
    if not photo and rng.random() < r.crop_chance:
        d_kind = "cropped-grid"
    if spec.tile_range is not None:
        lo, hi = spec.tile_range
    elif photo:
        lo, hi = r.photo_tile_px
    elif spec.kinds[0] == "desktop-screenshot":
        lo, hi = r.desktop_tile_px
    else:
        lo, hi = r.screen_tile_px
    d_tile = math.exp(rng.uniform(math.log(lo), math.log(hi)))
    native = rng.random() < r.native_chance
    if photo:
        d_jpeg: int | None = int(rng.integers(r.photo_jpeg[0], r.photo_jpeg[1] + 1))
    else:
        q = int(rng.integers(r.screen_jpeg[0], r.screen_jpeg[1] + 1))
        d_jpeg = None if rng.random() < r.png_chance else q
    b = float(rng.uniform(*r.photo_blur)) if photo else float(rng.uniform(*r.screen_blur))
    d_blur = b if photo or rng.random() < r.screen_blur_chance else 0.0
    nz = float(rng.uniform(*r.photo_noise)) if photo else float(rng.uniform(*r.screen_noise))
    d_noise = nz if photo or rng.random() < r.screen_noise_chance else 0.0
    d_rot = float(rng.uniform(-r.photo_rotate, r.photo_rotate)) if photo else 0.0
    d_persp = float(rng.uniform(*r.photo_perspective)) if photo else 0.0
    d_theme = spec.themes[seed % len(spec.themes)]  # themes take turns over the seeds
    d_clutter = bool(rng.random() < r.clutter_chance)

    size = int(given.get("size", d_size))
    rows = int(given.get("rows", size))
    cols = int(given.get("cols", size))
    if (rows, cols) not in {(s, s) for s in spec.sizes}:
        raise ValueError(f"look {spec.name!r} has boards of size {spec.sizes}, not {rows}x{cols}")
    kind = str(given.get("kind", d_kind))
    allowed_kinds = spec.kinds if photo else (*spec.kinds, "cropped-grid")
    if kind not in allowed_kinds:
        raise ValueError(f"look {spec.name!r} renders kinds {allowed_kinds}, not {kind!r}")
    if "tile_px" in given:
        tile_px = float(given["tile_px"])
        if not r.tile_px[0] <= tile_px <= r.tile_px[1]:
            raise ValueError(f"tile_px must be within {r.tile_px}, not {tile_px}")
    else:
        native = spec.native or (native and not photo and kind != "desktop-screenshot")
        tile_px = 0.0 if native else d_tile
    jpeg = given.get("jpeg_quality", d_jpeg)
    if jpeg is not None and not 1 <= int(jpeg) <= 100:
        raise ValueError(f"jpeg_quality must be 1-100 or None, not {jpeg}")
    theme = str(given.get("theme", d_theme))
    if theme not in spec.themes:
        raise ValueError(f"look {spec.name!r} has themes {spec.themes}, not {theme!r}")
    knobs = Knobs(
        rows=rows,
        cols=cols,
        tile_px=round(tile_px, 2),
        jpeg_quality=None if jpeg is None else int(jpeg),
        blur=round(float(given.get("blur", d_blur)), 3),
        # A lossless screenshot has no noise unless asked for.
        noise=round(float(given.get("noise", d_noise if photo or jpeg is not None else 0.0)), 3),
        rotate_deg=round(float(given.get("rotate_deg", d_rot)), 3),
        perspective=round(float(given.get("perspective", d_persp)), 4),
        theme=theme,
        clutter=bool(given.get("clutter", d_clutter)),
        kind=kind,
    )
    if knobs.blur < 0 or knobs.noise < 0 or not 0 <= knobs.perspective <= 0.3:
        raise ValueError("blur and noise must be >= 0 and perspective within 0..0.3")
    if abs(knobs.rotate_deg) > 45:
        raise ValueError("rotate_deg must be within -45..45 degrees")
    return knobs


def _crop_grid(
    img: Image, corners: npt.NDArray[np.float64], margin: float
) -> tuple[Image, npt.NDArray[np.float64]]:
    """Cut the picture to the lattice's bounding box plus ``margin`` pixels."""
    h, w = img.shape[:2]
    x0 = max(0, math.floor(corners[:, 0].min() - margin))
    y0 = max(0, math.floor(corners[:, 1].min() - margin))
    x1 = min(w, math.ceil(corners[:, 0].max() + margin))
    y1 = min(h, math.ceil(corners[:, 1].max() + margin))
    return img[y0:y1, x0:x1].copy(), corners - np.array([x0, y0], np.float64)


def _inside(corners: npt.NDArray[np.float64], w: int, h: int) -> bool:
    return bool(
        corners[:, 0].min() >= 0
        and corners[:, 1].min() >= 0
        and corners[:, 0].max() <= w
        and corners[:, 1].max() <= h
    )


def render_board(look: str, seed: int, **knobs: Any) -> SynthBoard:
    """Render one labelled board of ``look`` (one of ``LOOKS``), a pure function of
    (look, seed, knobs). Knobs left out are drawn from the seed (``KnobRanges``):
    size (or rows/cols), tile_px (20-200: tile pitch in the final image), jpeg_quality
    (40-95, or None for PNG), blur, noise, rotate_deg, perspective, theme (by default the
    look's themes take turns over the seeds), clutter, kind.
    Raises ValueError for an unknown look or a knob out of range, MissingDependencyError
    when a font package is missing."""
    if look not in LOOK_SPECS:
        raise ValueError(f"unknown look {look!r}; looks are {', '.join(LOOKS)}")
    check_fonts()
    spec = LOOK_SPECS[look]
    ranges = KnobRanges()
    cam = camera.CameraConfig()
    rng = np.random.default_rng([zlib.crc32(look.encode()), int(seed) & 0xFFFFFFFF])
    k = _resolve(spec, rng, int(seed), knobs, ranges)
    content, deal_info = spec.deal(rng, k.rows, k.cols)
    ctx = Ctx(rng)
    scene = spec.render(ctx, content, k)

    rgb = np.asarray(scene.image.convert("RGB"), dtype=np.uint8)
    corners = scene.corners.astype(np.float64)
    if k.kind == "cropped-grid":
        pitch = camera.pitch_of(corners, k.rows, k.cols)
        rgb, corners = _crop_grid(rgb, corners, pitch * float(rng.uniform(*ranges.crop_margin)))
    # Tilt; a tilt that would push the board out of a photo's frame is halved until it fits.
    rot, persp = k.rotate_deg, k.perspective
    for _ in range(6):
        sub = np.random.default_rng(rng.integers(2**32))
        out, out_corners = camera.tilt(
            rgb,
            corners,
            sub,
            rotate_deg=rot,
            perspective=persp,
            keep_frame=scene.photo,
            fill=scene.fill,
        )
        h, w = out.shape[:2]
        if _inside(out_corners, w, h):
            break
        rot, persp = rot / 2, persp / 2
    rgb, corners = out, out_corners
    if scene.photo:
        rgb = camera.light(rgb, rng, cam)
    # Scale so the pitch matches tile_px (0 = keep the native size), within the size limits.
    pitch = camera.pitch_of(corners, k.rows, k.cols)
    if scene.rescale and k.tile_px > 0:
        factor = k.tile_px / pitch
        h, w = rgb.shape[:2]
        factor = min(factor, cam.max_side / max(h, w))
        factor = max(factor, cam.min_side / min(h, w))
        rgb, corners = camera.rescale(rgb, corners, factor)
    rgb = camera.blur(rgb, k.blur)
    rgb = camera.add_noise(rgb, rng, k.noise)
    bgr = np.ascontiguousarray(cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR), dtype=np.uint8)
    data, ext = camera.encode(bgr, k.jpeg_quality, cam)
    image = camera.decode(data)
    h, w = image.shape[:2]
    label: dict[str, Any] = {
        "file": f"{look}_{seed}{ext}",
        "game": spec.game,
        "look": look,
        "rows": k.rows,
        "cols": k.cols,
        "letters": content.letters_list(),
        "tile_values": content.values_list() if spec.has_values else None,
        "bonuses": content.bonuses_list() if spec.has_bonuses else None,
        "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in corners],
        "kind": k.kind,
        "width": int(w),
        "height": int(h),
        "seed": int(seed),
        "params": {
            **{f: getattr(k, f) for f in Knobs.__dataclass_fields__ if f not in ("rows", "cols")},
            "tile_px_actual": round(camera.pitch_of(corners, k.rows, k.cols), 2),
            "rotate_deg_applied": round(rot, 3),
            "perspective_applied": round(persp, 4),
            "face_rgb": [[list(c) for c in row] for row in scene.faces],
            **deal_info,
            **scene.extra,
        },
    }
    return SynthBoard(image=image, label=label, data=data, ext=ext)
