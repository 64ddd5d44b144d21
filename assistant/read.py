"""The reading pipeline: load -> locate -> cut -> recognize -> BoardReading.

Each stage lives in its own module and is a plain function over small frozen dataclasses;
this module only strings them together, times them, applies user fixes, and turns the
result into a ``Board`` -- refusing to do so while any tile is unsure, unless asked.
"""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.board import Board, Bonus, Tile, parse_tile
from assistant.errors import (
    BoardNotFoundError,
    BoardShapeError,
    BoardTextError,
    MissingDependencyError,
    UnsureShapeError,
    UnsureTilesError,
)

if TYPE_CHECKING:
    # Annotations only: typed boards go through this module (pipeline) without loading
    # numpy or OpenCV.
    from assistant.bonus import BonusConfig, BonusGrid
    from assistant.cut import CutConfig, TileImage
    from assistant.games import GameGuess, GamesConfig
    from assistant.geometry import Quad
    from assistant.locate import Image, LocateConfig, LocatedBoard
    from assistant.recognize import RecognizeConfig, Recognizer, TileReading
    from assistant.registry import Game

Candidates = tuple[tuple[str, float], ...]
UNSURE = "?"


@dataclass(frozen=True)
class ReaderConfig:
    """Every reading stage's tuned numbers in one value, which ``read_array`` passes down:
    ``locate`` (finding the board), ``games`` (recognising the game), ``cut`` (glyphs and
    point values), ``recognize`` (the engines, the confidence ``threshold``, Tesseract) and
    ``bonus`` (bonus squares, and their ``sure`` level; it is also the one the game
    recognizer measures faces with, replacing ``games.bonus``). A section left None is that
    stage's own default config class, which documents how each number was tuned.
    ``engines``: the recognizers to read tiles with, first engine first (None: the template
    matcher, then Tesseract for unsure tiles); any ``Recognizer``, a test's fake too."""

    locate: LocateConfig | None = None
    games: GamesConfig | None = None
    cut: CutConfig | None = None
    recognize: RecognizeConfig | None = None
    bonus: BonusConfig | None = None
    engines: tuple[Recognizer, ...] | None = None

    def games_config(self) -> GamesConfig:
        from assistant.games import GamesConfig

        games = self.games or GamesConfig()
        return games if self.bonus is None else replace(games, bonus=self.bonus)

    def recognize_config(self) -> RecognizeConfig:
        from assistant.recognize import RecognizeConfig

        return self.recognize or RecognizeConfig()


@dataclass(frozen=True)
class ReadOptions:
    size: tuple[int, int] | None = None  # (rows, cols): skip size detection
    fixes: tuple[tuple[int, int, str], ...] = ()  # 0-based (row, col, board-text token)
    debug_dir: Path | None = None  # write the located board, tile crops and masks here
    literal_q: bool = False  # a fixed "Q" means a plain Q
    game: str | None = None  # the user's --game (None: recognize it from the picture)
    config: ReaderConfig = field(default_factory=ReaderConfig)  # the stages' tuned numbers


@dataclass(frozen=True)
class BoardReading:
    """A board read from an image. ``tiles`` hold display labels ("?" where unsure, "" for a
    blank); positions are 0-based (row, col)."""

    rows: int
    cols: int
    tiles: tuple[tuple[str, ...], ...]
    confidence: tuple[tuple[float, ...], ...]
    candidates: tuple[tuple[Candidates, ...], ...]
    values: tuple[tuple[int | None, ...], ...] | None
    bonuses: tuple[tuple[str | None, ...], ...] | None
    game: str | None
    corners: Quad
    elapsed_ms: float
    fixed: tuple[tuple[int, int], ...] = ()
    # Point values and bonus squares read below the confidence threshold: (row, col). They
    # matter only to games that score with them (see ``unsure_error``).
    uncertain_values: tuple[tuple[int, int], ...] = ()
    uncertain_bonuses: tuple[tuple[int, int], ...] = ()
    game_confidence: float = 0.0
    # An unknown game (``game`` None): the games it may be, with their shares, best first.
    game_candidates: tuple[tuple[str, float], ...] = ()
    # Why: "looks like Word Hunt (92%: ...)" or "game unknown (...): pass --game".
    game_why: str = ""
    notes: tuple[str, ...] = ()  # what would help with unsure tiles (e.g. install Tesseract)
    # Tiles something over the board partly hides (a solver's path line, a neighbour's ink,
    # glare: the cut's ``TileImage.crossed``): (row, col). A reduced read is never kept with
    # one (``read_encoded``): how a line hides a letter depends on the resolution.
    crossed: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    timings: dict[str, float] = field(default_factory=dict, compare=False)

    @property
    def uncertain(self) -> list[tuple[int, int]]:
        return [
            (r, c) for r in range(self.rows) for c in range(self.cols) if self.tiles[r][c] == UNSURE
        ]

    def best_label(self, r: int, c: int) -> str:
        """The tile's label, or for an unsure tile its best candidate that is a tile (a
        piece of a drawn line may leave "-" as the best candidate: not a tile alone)."""
        label = self.tiles[r][c]
        if label != UNSURE:
            return label
        for candidate, _ in self.candidates[r][c]:
            try:
                tile_from_label(candidate)
            except BoardTextError:
                continue
            return candidate
        return ""

    def to_board(self, *, best_guess: bool = False) -> Board:
        """The Board for solving. Raises UnsureTilesError while tiles are unsure, unless
        ``best_guess`` (then each unsure tile takes its best candidate)."""
        if self.uncertain and not best_guess:
            raise unsure_error(self)
        rows = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                tile = tile_from_label(self.best_label(r, c), r, c)
                value = self.values[r][c] if self.values else None
                bonus_name = self.bonuses[r][c] if self.bonuses else None
                bonus = Bonus(bonus_name) if bonus_name else None
                row.append(tile.with_extras(value, bonus))
            rows.append(row)
        return Board.from_rows(rows)

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "cols": self.cols,
            "tiles": [list(row) for row in self.tiles],
            "confidence": [[round(x, 3) for x in row] for row in self.confidence],
            "uncertain": [[r, c] for r, c in self.uncertain],
            "candidates": {
                f"{r},{c}": [[label, round(conf, 3)] for label, conf in self.candidates[r][c]]
                for r, c in self.uncertain
            },
            "values": [list(row) for row in self.values] if self.values else None,
            "uncertain_values": [[r, c] for r, c in self.uncertain_values],
            "bonuses": [list(row) for row in self.bonuses] if self.bonuses else None,
            "uncertain_bonuses": [[r, c] for r, c in self.uncertain_bonuses],
            "game": self.game,
            "game_confidence": round(self.game_confidence, 3),
            "game_candidates": [[name, round(share, 3)] for name, share in self.game_candidates],
            "game_why": self.game_why,
            "notes": list(self.notes),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


def tile_from_label(label: str, r: int = 0, c: int = 0) -> Tile:
    """A Tile from a display label ("A", "QU", "Q", "RE-", "-ING", "A/B", ""): "QU" is the
    Qu tile and "Q" a plain Q (as the game's Q rule made it, see ``reading_from_tiles``)."""
    if label == "":
        return Tile.blank()
    return parse_tile(label.replace("/", "|"), literal_q=True, row=r, col=c)


def q_label(label: str, plain_q: bool) -> str:
    """A recognizer's label under the game's Q rule: the recognizer reads a printed Q (or
    Qu) as "QU"; in a game whose Q tile is a plain Q (SpellCast), or with ``--literal-q``,
    it is "Q"."""
    return "Q" if plain_q and label == "QU" else label


def unsure_error(
    reading: BoardReading, game: str | None = None, *, all_extras: bool = False
) -> UnsureTilesError | MissingDependencyError:
    """The message for unsure tiles: where they are, the candidates, and the exact fix.

    Unsure point values count when ``game`` scores with tile values (Wordament, Ruzzle,
    SpellCast), unsure bonus squares when it scores with bonuses (both with ``all_extras``,
    as for ``read``, which solves nothing).

    One rule for every command: when Tesseract, the second opinion for unsure tiles, was
    wanted but is not installed, it is a MissingDependencyError (exit 10) naming it and how
    to install it, with the same ``--fix`` hint; otherwise an UnsureTilesError (exit 9)."""
    parts, fixes = [], []
    for r, c in reading.uncertain:
        cands = [label or "blank" for label, _ in reading.candidates[r][c][:3]]
        parts.append(f"tile r{r + 1}c{c + 1} unsure ({' or '.join(cands) or 'unreadable'})")
        best = reading.candidates[r][c][0][0] if reading.candidates[r][c] else "?"
        fixes.append(f"--fix {r + 1},{c + 1}={best.replace('/', '|') or '.'}")
    needs_values, needs_bonuses = (True, True) if all_extras else _scored_extras(game)
    if needs_values:
        for r, c in reading.uncertain_values:
            value = reading.values[r][c] if reading.values else None
            seen = f"{value}?" if value is not None else "unreadable"
            parts.append(f"point value of tile r{r + 1}c{c + 1} unsure ({seen})")
            fixes.append(f"--fix {r + 1},{c + 1}={_fix_label(reading, r, c)}:{value or 'N'}")
    if needs_bonuses:
        for r, c in reading.uncertain_bonuses:
            kind = reading.bonuses[r][c] if reading.bonuses else None
            parts.append(f"bonus square of tile r{r + 1}c{c + 1} unsure ({kind or '?'}?)")
            fixes.append(f"--fix {r + 1},{c + 1}={_fix_label(reading, r, c)}*{kind or 'DL'}")
    hint = f"re-run with {' '.join(fixes)} (or --best-guess to solve anyway)"
    from assistant.recognize import TINY_NOTE

    if TINY_NOTE in reading.notes and 2 * len(reading.uncertain) >= reading.rows * reading.cols:
        # Most of a board too small to read: say that first, not sixteen tiles.
        shown = f"{len(reading.uncertain)} of {reading.rows * reading.cols} tiles unsure"
        parts.insert(0, f"the board is too small to read surely ({shown})")
    from assistant.recognize.tesseract import INSTALL_HINT, MISSING_NOTE

    missing = any(note.startswith(MISSING_NOTE) for note in reading.notes)
    notes = [note for note in reading.notes if not note.startswith(MISSING_NOTE)]
    if notes:
        hint += "; " + "; ".join(notes)
    if missing:
        return MissingDependencyError(
            "; ".join(parts) + "; Tesseract (tesseract-ocr), the second opinion for unsure "
            "tiles, is not installed",
            hint=f"{INSTALL_HINT}, or {hint}",
        )
    return UnsureTilesError("; ".join(parts), hint=hint)


def _prints_values(game: GameGuess | None) -> bool:
    """Whether ``game``'s tiles each show a point value (its look has a value corner)."""
    from assistant.registry import look_records

    return game is not None and any(g.value_corner for g in look_records(game.name))


def _fix_label(reading: BoardReading, r: int, c: int) -> str:
    return reading.best_label(r, c).replace("/", "|") or "."


def _scored_extras(game: str | None) -> tuple[bool, bool]:
    """Whether ``game`` scores with tile values, and with bonus squares."""
    if game is None:
        return False, False
    from assistant.registry import get_game

    rules = get_game(game)
    return (not rules.by_length), (rules.letter_bonuses or rules.word_bonuses)


def is_unsure(reading: BoardReading, game: str | None) -> bool:
    """Whether solving ``reading`` under ``game`` would rest on anything unsure."""
    needs_values, needs_bonuses = _scored_extras(game)
    return bool(
        reading.uncertain
        or (needs_values and reading.uncertain_values)
        or (needs_bonuses and reading.uncertain_bonuses)
    )


def _q_shares(game: GameGuess | None) -> dict[str, float]:
    """What a printed Q means on this board, with the chance of each reading: the named
    game's rule alone; when the game is unknown, each candidate's rule weighted by its
    probability, and what no game's look takes ("none of these": a look like no game's,
    such as an inverted copy of a SpellCast board that only Word Hunt fits at all) split
    evenly between a plain Q and Qu, a game we do not know may print either. No guess at
    all (a board given as text) reads Qu."""
    from assistant.registry import q_rule

    if game is None:
        return {"qu": 1.0}
    if game.known:
        return {q_rule(game.name): 1.0}
    # The games' part of the probability: the best candidate's probability over its share
    # among the games (``games._decide``).
    fits = min(1.0, game.confidence / game.candidates[0][1]) if game.candidates else 0.0
    total = sum(share for _, share in game.candidates)
    shares = {"qu": (1.0 - fits) / 2, "q": (1.0 - fits) / 2}
    for name, share in game.candidates:
        shares[q_rule(name)] += fits * share / total
    return {rule: share for rule, share in shares.items() if share > 0.0}


def _tiles(n: int) -> str:
    """How the notes count tiles: "1 tile", "2 tiles"."""
    return "1 tile" if n == 1 else f"{n} tiles"


def _table_note(game: Game, tiles: int) -> str:
    """What ``reading_from_tiles`` says when it took ``tiles`` values from ``game``'s table."""
    return (
        f"point values of {_tiles(tiles)} too small or faint to read: taken from "
        f"{game.title}'s table"
    )


def _by_value_note(game: Game, tiles: int) -> str:
    """What ``reading_from_tiles`` says when printed values settled ``tiles`` letters."""
    return (
        f"letters of {_tiles(tiles)} unsure by their shape: read from the point values "
        f"printed on them ({game.title}'s table)"
    )


def _by_agreement_note(game: Game, tiles: int) -> str:
    """What ``reading_from_tiles`` says when ``by_agreement`` read ``tiles`` letters."""
    return (
        f"letters of {_tiles(tiles)} a line crosses: read where what shows of the letter "
        f"and its point value agree ({game.title}'s table)"
    )


def _prints(table: Game, label: str, value: int) -> bool:
    """Whether ``label`` is one letter whose tile prints ``value`` in the game's ``table``."""
    return len(label) == 1 and table.table_value(label.lower()) == value


def _of_value(around_line: Candidates, value: int, table: Game) -> list[tuple[str, float]]:
    """The letters of ``around_line`` (best first) whose tile prints ``value``."""
    return [(x, score) for x, score in around_line if _prints(table, x, value)]


def _hidden_of_value(
    candidates: Candidates, value: int, table: Game, around_line: Candidates, margin: float
) -> Candidates:
    """An unsure tile's ``candidates`` with, last, the letters that print ``value`` and fit
    the glyph outside the line (``around_line``) within ``margin`` of the best of them,
    where they do not list them: a D an arrow hid the top of, read L, printing a clear 3,
    lists D (spellcast-arrows 106443)."""
    of_value = _of_value(around_line, value, table)
    if not of_value:
        return candidates
    listed = {x for x, _ in candidates}
    hidden = [x for x, score in of_value if x not in listed and score >= of_value[0][1] - margin]
    floor = min((c for _, c in candidates), default=0.0)
    return (*candidates, *((x, floor) for x in hidden))


def _first_of_value(
    candidates: Candidates, value: int, table: Game, cfg: RecognizeConfig
) -> str | None:
    """The letter printing ``value`` that an unsure tile's ``candidates`` (labels under the
    game's Q rule) list clearly first among those printing it; or None.
    It must be among the first ``value_letter_rank`` listed, at ``value_letter_floor`` at
    least, and no other listed letter of that value score ``value_letter_share`` of it."""
    listed = [
        (rank, label, conf)
        for rank, (label, conf) in enumerate(candidates)
        if _prints(table, label, value)
    ]
    if not listed:
        return None
    rank, label, conf = listed[0]
    others = (c for _, x, c in listed[1:] if x != label)
    if rank >= cfg.value_letter_rank or any(c >= cfg.value_letter_share * conf for c in others):
        return None
    if conf < cfg.value_letter_floor:
        return None  # listed to fill the list: the glyph fits it no better than any
    return label


def by_value(
    candidates: Candidates,
    value: int,
    table: Game,
    cfg: RecognizeConfig,
    around_line: Candidates = (),
    *,
    seen: float = 1.0,
    unlisted: Collection[str] = (),
) -> tuple[str, float] | None:
    """The letter a surely read printed ``value`` settles among an unsure tile's
    ``candidates`` in a game printing one ``table`` of values (``_first_of_value``), with
    its confidence; or None. On a tile a line crossed (``around_line``: every letter's fit
    outside the line, best first, ``seen`` of the letter's frame in sight there) it must
    also fit best of the letters of that value, by ``value_around_margin`` (by
    ``line_value_margin`` with under ``value_low_seen`` of the frame in sight), and at
    ``value_around_floor`` at least, with ``buried_min_visible`` in sight (under it every
    letter fits alike: a U under a green start dot, 0.04 in sight, read Y by its 4,
    spellcast-arrows 110236 r3c4). An O under a line that may hide a Q's tail, its 1
    clear, is an O (a Q prints 8). Not a letter only the second engine listed, against
    the templates (``unlisted``, ``TileReading.unlisted``): a gold I under a gold arrowhead
    no line was found for, which no template fitted, read A by Tesseract alone at 0.29 and
    its 1 (A, E, I and O print 1) settled A (spellcast-arrows 110166 r4c5)."""
    label = _first_of_value(candidates, value, table, cfg)
    if label is None or label in unlisted:
        return None
    if around_line:
        if seen < cfg.buried_min_visible:
            return None
        fits = _of_value(around_line, value, table)
        if not fits or fits[0][0] != label or fits[0][1] < cfg.value_around_floor:
            return None
        margin = cfg.value_around_margin
        if seen < cfg.value_low_seen:
            margin = max(margin, cfg.line_value_margin)
        if len(fits) > 1 and fits[0][1] - fits[1][1] < margin:
            return None
        if not _told_from_its_value(fits, cfg):
            return None
    return label, cfg.value_letter_confidence


def _told_from_its_value(of_value: Sequence[tuple[str, float]], cfg: RecognizeConfig) -> bool:
    """Whether the best of the letters printing one value (``of_value``: their fits
    outside a line, best first) is told from the next of them: a value says nothing
    between letters printing it alike, so where the next fits within
    ``line_value_margin``, the glyph alone must, as a letter read around a line is sure
    only fitting ``masked_min_score`` (an L under a cyan start dot fit D at 0.788, L
    0.061 behind, and its sure 3, D's and L's, read D: spellcast-arrows 126396 r0c0)."""
    if len(of_value) < 2 or of_value[0][1] - of_value[1][1] >= cfg.line_value_margin:
        return True
    return of_value[0][1] >= cfg.masked_min_score


def by_agreement(
    value: int | None,
    value_confidence: float,
    table: Game,
    around_line: Candidates,
    cfg: RecognizeConfig,
    candidates: Candidates = (),
    *,
    seen: float = 1.0,
    value_min: float | None = None,
) -> str | None:
    """The letter of an unsure tile a line crossed (``around_line``: every letter's fit
    outside the line, best first, with ``seen`` of the letter's frame in sight there) that
    its unsure printed ``value`` agrees with, in a game printing one ``table`` of values;
    or None. Under ``buried_min_visible`` in sight every letter fits alike (an I under a
    start dot, 0.10 of it in sight, fit O best and read O by its 1: spellcast-arrows
    109818 r5c5): nothing. The value must be read at ``line_value_min`` at least (and at
    ``value_min`` where given); of the letters printing it, the best fit must be within
    ``line_value_lead`` of the best fit of all letters, at ``value_around_floor`` at least,
    and ahead of the next of its value by ``line_value_margin``, or by ``hidden_margin``
    where the whole glyph lists it clearly first of them too (``candidates``,
    ``_first_of_value``, as ``by_value`` asks).
    Neither is evidence enough alone (a line crossing a tile often crosses its value too);
    two independent readings agreeing are."""
    least = cfg.line_value_min if value_min is None else max(cfg.line_value_min, value_min)
    if value is None or value_confidence < least or not around_line:
        return None
    if seen < cfg.buried_min_visible:  # every letter fits alike
        return None
    of_value = _of_value(around_line, value, table)
    if not of_value:
        return None
    label, score = of_value[0]
    if score < around_line[0][1] - cfg.line_value_lead or score < cfg.value_around_floor:
        return None
    # A letter of another value fitting about as well (within hidden_margin) differs from
    # it only under the line: the value alone tells them apart, and a value read barely
    # at line_value_min is no such word (a G whose spur a gold line hid fit C 0.014
    # ahead, its 3 read 5 at 0.10: C at 0.85; stress 113800, spellcast-arrows 113804 +
    # gamma0.5). It must be read at close_value_min there (0.15: the right letters so
    # settled on spellcast-arrows 110100-110399, 112000-112199 and 113100-113299 had
    # their values at 0.21-0.28).
    other = next((s for x, s in around_line if not _prints(table, x, value)), None)
    close = other is not None and score - other < cfg.hidden_margin
    if close and value_confidence < cfg.close_value_min:
        return None
    margin = score - of_value[1][1] if len(of_value) > 1 else math.inf
    if margin < cfg.line_value_margin and (
        margin < cfg.hidden_margin or _first_of_value(candidates, value, table, cfg) != label
    ):
        return None
    if not _told_from_its_value(of_value, cfg):
        return None
    return label


def _q_both(candidates: Candidates, q_shares: dict[str, float]) -> Candidates:
    """A Q tile's candidates when the game is unknown and its candidates read a Q both
    ways: each reading of the Q as Qu and as a plain Q, weighted by the games' shares."""
    out: list[tuple[str, float]] = []
    for label, conf in candidates:
        if label == "QU":
            out += [("QU", conf * q_shares["qu"]), ("Q", conf * q_shares["q"])]
        else:
            out.append((label, conf))
    return tuple(sorted(out, key=lambda c: -c[1]))


def reading_from_tiles(
    located: LocatedBoard,
    readings: Sequence[TileReading],
    *,
    threshold: float,
    game: GameGuess | None,
    bonuses: BonusGrid | None,
    elapsed_ms: float,
    options: ReadOptions,
) -> BoardReading:
    """Assemble per-tile readings into a BoardReading, marking letters, point values and
    bonus squares under ``threshold`` as unsure and applying the user's fixes (certain by
    definition; a fix like ``E:2*DL`` also sets the value and the bonus)."""

    grid: dict[tuple[int, int], TileReading] = {(t.row, t.col): t for t in readings}
    # The game's Q rule (SpellCast's Q is a plain Q), or the user's --literal-q. An unknown
    # game that may read a Q both ways (``_q_shares``) leaves a Q tile unsure, with both,
    # unless one reading is sure even so.
    q_shares = _q_shares(game)
    plain_q = options.literal_q or q_shares.get("q", 0.0) > q_shares.get("qu", 0.0)
    q_doubt = not options.literal_q and len(q_shares) > 1
    fixes: dict[tuple[int, int], Tile] = {}
    for r, c, token in options.fixes:
        if r >= located.rows or c >= located.cols:
            raise BoardTextError(
                f"--fix {r + 1},{c + 1}: the board has {located.rows} rows and "
                f"{located.cols} columns"
            )
        fixes[(r, c)] = parse_tile(token, literal_q=plain_q, row=r, col=c)
    tiles, conf, values, bonus_grid = [], [], [], []
    cands: list[tuple[Candidates, ...]] = []
    unsure_values: list[tuple[int, int]] = []
    unsure_bonuses: list[tuple[int, int]] = []
    prints_values = _prints_values(game)
    # A game that may print a prefix's or suffix's hyphen (Wordament; an unknown game):
    # on glyphs under ``multi_min_px`` a single letter read may have lost it.
    from assistant.recognize import RIM_READS, TINY_NOTE
    from assistant.registry import fixed_values, prints_affixes

    hyphens = prints_affixes(game.name if game is not None and game.known else None)
    # A game printing one table of values (SpellCast): a value too small or blurred to read
    # on a letter read surely is the table's, and one read surely but unlike it is doubted.
    fixed = fixed_values(game.name) if game is not None and game.known else None
    # ...and a game left unknown: its likeliest game's table only doubts (a letter settled
    # under a line whose value, read surely, that table says it does not print).
    likeliest = fixed_values(game.likeliest) if game is not None and not game.known else None
    from_table = by_values = by_agreements = 0
    recognize = options.config.recognize_config()
    tiny_cap, invalid_factor = recognize.multi_tiny_cap, recognize.invalid_factor
    lost_hyphens = False
    for r in range(located.rows):
        t_row, c_row, v_row, b_row = [], [], [], []
        k_row: list[Candidates] = []
        for c in range(located.cols):
            tr = grid[(r, c)]
            bonus = bonuses[r][c] if bonuses is not None else None
            value, bonus_kind = tr.value, (bonus.kind if bonus is not None else None)
            fix = fixes.get((r, c))
            agreed: str | None = None  # the letter its unsure value agreed on (by_agreement)
            if fix is not None:
                t_row.append(fix.label)
                c_row.append(1.0)
                k_row.append(((fix.label, 1.0),))
                value = fix.value if fix.value is not None else value
                bonus_kind = fix.bonus.value if fix.bonus is not None else bonus_kind
            elif q_doubt and tr.label == "QU":
                sure = tr.confidence * max(q_shares.values())
                t_row.append(q_label(tr.label, plain_q) if sure >= threshold else UNSURE)
                c_row.append(sure)
                k_row.append(_q_both(tr.candidates, q_shares))
            elif hyphens and tr.tiny and tr.label and "-" not in tr.label:
                # A hyphen a pixel or two tall may be lost: "-S" read S at 0.83 on 14 px
                # Wordament tiles (benchmarks/stress.py 97000, desktop14).
                label = q_label(tr.label, plain_q)
                sure = min(tr.confidence, tiny_cap)
                t_row.append(UNSURE)
                c_row.append(sure)
                k_row.append(((label, sure), (f"-{label}", sure / 2), (f"{label}-", sure / 2)))
                lost_hyphens = True
            elif not hyphens and "-" in tr.label:
                # A game that prints no prefix or suffix (SpellCast, dice): a hyphen read
                # is something else beside the letter, a line's end ("-R" at 0.95 on a
                # darkened SpellCast board, benchmarks/stress.py 91600): unsure, the
                # letters without it listed first.
                kept = invalid_factor * tr.confidence
                bare = q_label(tr.label.strip("-"), plain_q)
                rest = tuple((q_label(x, plain_q), invalid_factor * cf) for x, cf in tr.candidates)
                t_row.append(UNSURE)
                c_row.append(kept)
                k_row.append(((bare, kept), *((x, cf) for x, cf in rest if x != bare)))
            else:
                label, sure = q_label(tr.label, plain_q), tr.confidence
                listed = tuple((q_label(x, plain_q), cf) for x, cf in tr.candidates)
                around = tuple((q_label(x, plain_q), cf) for x, cf in tr.around_line)
                # A game of one value table: a value read surely may settle the letter,
                # or name the letter a line hid; a line crossing both, an unsure value may
                # agree with what shows of the letter beside the line. Not where what shows
                # may be the rim of a mark over the letter (``TileReading.buried``): an
                # orange dot's rim over an I fit O beside the line, and its 1 (A, E, I, O
                # print 1) agreed: O at 0.85 (spellcast-arrows 112002 r4c5).
                if (
                    fixed is not None
                    and sure < threshold
                    and tr.value is not None
                    and not tr.buried
                ):
                    sure_value = tr.value_confidence >= threshold
                    # An O where the glyph's ink clear of the line is in a line's hue may be
                    # the ring of a start dot's dark rim, the letter hidden under it (an E,
                    # spellcast-arrows 113285 r1c1; an I, benchmarks/stress.py 114000,
                    # 114005 + jpeg60 and + darkmode, r2c2); so may one read only through
                    # a see-through line (115700, 115704 + dark, r3c3): no value settles it.
                    rims = RIM_READS if tr.maybe_rim else frozenset()
                    by = (
                        by_value(
                            listed,
                            tr.value,
                            fixed,
                            recognize,
                            around,
                            seen=tr.around_seen,
                            unlisted={q_label(x, plain_q) for x in tr.unlisted} | rims,
                        )
                        if sure_value
                        else None
                    )
                    if by is not None:
                        by = (by[0], min(by[1], tr.value_confidence))
                        by_values += 1
                    else:
                        # A sure value by_value found too near another letter of it beside
                        # the line: agreement asks the full margin there, not the whole
                        # glyph's word (a B whose bowl two lines hid, its 4 sure, P 0.052
                        # ahead beside them and first in the whole glyph, read P at 0.85:
                        # spellcast-arrows 109352 r3c2).
                        # ...nor where what shows may be a mark's rim or dot (``maybe_rim``):
                        # the whole glyph is the mark's as much as the letter's (a pink dot
                        # over a gold I fit A 0.056 ahead of O beside the line, and first of
                        # the 1's in the whole glyph, its 1 read at 0.26: A at 0.85,
                        # spellcast-arrows 123528 r0c3).
                        whole = () if sure_value or tr.maybe_rim else listed
                        agreed = by_agreement(
                            tr.value,
                            tr.value_confidence,
                            fixed,
                            around,
                            recognize,
                            whole,
                            seen=tr.around_seen,
                            # What shows may be a mark's rim or dot (``maybe_rim``): an
                            # orange start dot over a gold E, the dot and the E's top bar
                            # one glyph, fit A best (0.76) and its 1 read at 0.101 agreed:
                            # A at 0.85 (spellcast-arrows 123210 r0c1). There the value must
                            # be read as where a letter of another value fits as well.
                            value_min=recognize.close_value_min if tr.maybe_rim else None,
                        )
                        if agreed is not None and agreed not in rims:
                            by = (agreed, recognize.line_value_confidence)
                            by_agreements += 1
                        elif sure_value:
                            listed = _hidden_of_value(
                                listed, tr.value, fixed, around, recognize.hidden_margin
                            )
                    if by is not None:
                        label, sure = by
                        listed = ((label, sure), *((x, cf) for x, cf in listed if x != label))
                t_row.append(label if sure >= threshold else UNSURE)
                c_row.append(sure)
                k_row.append(listed)
            # A game that prints a value on every tile: a value not seen is unsure, never
            # silently absent (a blurred board would be scored with the default table),
            # unless the tile is surely blank (a gold W cut away with its bonus tile's
            # outline, read blank at 0.5, gave no value and no flag: spellcast-arrows
            # 107520 r2c5).
            unseen = (
                prints_values and tr.value is None and (tr.label != "" or tr.confidence < threshold)
            )
            doubted = tr.value_confidence < threshold or unseen
            letter = t_row[-1] if fix is None or fix.value is None else ""
            printed = fixed.table_value(letter.lower()) if fixed is not None and letter else None
            settled = bool(tr.around_line) and fix is None  # settled since the glyph's read
            if printed is not None:
                if doubted:
                    near = recognize.contradict_value if settled else recognize.contradict_whole
                    near_sure = tr.value_confidence >= near
                    against = tr.value is not None and tr.value != printed
                    if near_sure and against:
                        # ...a value read nearly surely against the letter: the two cannot
                        # both be right (``RecognizeConfig.contradict_value``, and
                        # ``contradict_whole`` for a letter read sure whole: a pale dot
                        # with a dark rim in a gold D's counter, the line not seen on the
                        # tile, read B at 0.95, its 3 read at 0.795; spellcast-arrows
                        # 128565 r3c0).
                        t_row[-1] = UNSURE
                    else:
                        value, doubted = printed, False
                        if agreed is None:  # an agreed value was read, not too small
                            from_table += 1
                elif value != printed:
                    doubted = True
                    # ...and the letter is as doubtful as the value read surely that
                    # contradicts it, settled under a line since (a red start dot over a
                    # C read O at 0.9 by its copies, its 5 sure: spellcast-arrows 110376
                    # r2c5) or read sure whole.
                    t_row[-1] = UNSURE
            elif likeliest is not None and letter and settled:
                maybe = likeliest.table_value(letter.lower())
                if not doubted and maybe is not None and value != maybe:
                    # A letter settled under a line against a value read surely, the game
                    # unknown but likeliest one that prints one table: the two cannot both
                    # be right there (an O 0.14 in sight settled G, its 1 sure; SpellCast
                    # 71%: benchmarks/stress.py 113400, spellcast-arrows + gamma0.5).
                    t_row[-1] = UNSURE
            if doubted and (fix is None or fix.value is None):
                unsure_values.append((r, c))
            bonus_unsure = bonus is not None and not bonus.sure  # at its config's level
            if bonus_unsure and (fix is None or fix.bonus is None):
                unsure_bonuses.append((r, c))
            v_row.append(value)
            b_row.append(bonus_kind)
        tiles.append(tuple(t_row))
        conf.append(tuple(c_row))
        cands.append(tuple(k_row))
        values.append(tuple(v_row))
        bonus_grid.append(tuple(b_row))
    any_values = any(v is not None for row in values for v in row)
    any_bonus = any(b is not None for row in bonus_grid for b in row)
    name = game.name if game is not None and game.known else None
    return BoardReading(
        rows=located.rows,
        cols=located.cols,
        tiles=tuple(tiles),
        confidence=tuple(conf),
        candidates=tuple(cands),
        values=tuple(values) if any_values else None,
        bonuses=tuple(bonus_grid) if any_bonus else None,
        game=name,
        corners=located.corners,
        elapsed_ms=elapsed_ms,
        fixed=tuple(sorted(fixes)),
        uncertain_values=tuple(unsure_values),
        uncertain_bonuses=tuple(unsure_bonuses),
        game_confidence=game.confidence if game is not None else 0.0,
        game_candidates=game.candidates if game is not None else (),
        game_why=game.why if game is not None else "",
        notes=tuple(
            dict.fromkeys(
                [t.note for t in readings if t.note and (t.row, t.col) not in fixes]
                + ([TINY_NOTE] if lost_hyphens else [])
                + ([_table_note(fixed, from_table)] if fixed and from_table else [])
                + ([_by_value_note(fixed, by_values)] if fixed and by_values else [])
                + ([_by_agreement_note(fixed, by_agreements)] if fixed and by_agreements else [])
            )
        ),
    )


def read_image(source: str | Path | Image, options: ReadOptions | None = None) -> BoardReading:
    """Read the board in an image file (or a BGR array): the whole pipeline (a big JPEG
    file is read as :func:`read_encoded` says)."""
    from assistant.imageio import file_bytes

    options = options or ReadOptions()
    start = time.perf_counter()
    if isinstance(source, (str, Path)):
        return read_encoded(file_bytes(source), options, name=str(source), start=start)
    return read_array(source, options, start=start)


# A reading of a reduced decode is kept only when its tiles are at least this many pixels
# across (in the reduced image), nothing in it is unsure and its game is named; otherwise
# the file is read again at full size, so that reducing never costs accuracy (small tiles'
# value digits and bonus labels are the first to suffer). Nor is one kept where a drawn
# line crosses a tile (``BoardReading.crossed``).
REDUCED_MIN_TILE_PX = 100.0


def read_encoded(
    data: bytes, options: ReadOptions, *, name: str = "<bytes>", start: float | None = None
) -> BoardReading:
    """Read the board in encoded image bytes: a JPEG much bigger than the reader needs is
    decoded reduced (:func:`assistant.imageio.decode_for_reading`) and that reading kept
    only when it is as sure as a full one would be (:data:`REDUCED_MIN_TILE_PX`, nothing
    unsure, the game named); else the bytes are decoded and read again at full size. The
    corners are in the full image's pixels."""
    from assistant.imageio import decode_for_reading, decode_image

    t0 = start if start is not None else time.perf_counter()
    image, scale = decode_for_reading(data, name=name)
    reading = read_array(image, options, start=t0)
    if scale == 1:
        return reading
    if _reduced_is_enough(reading):
        tl, tr, br, bl = ((x * scale, y * scale) for x, y in reading.corners)
        return replace(reading, corners=(tl, tr, br, bl))
    del image
    return read_array(decode_image(data, name=name), options, start=t0)


def _reduced_is_enough(reading: BoardReading) -> bool:
    (x0, y0), (x1, y1), _, (x3, y3) = reading.corners
    tile = min(
        math.hypot(x1 - x0, y1 - y0) / reading.cols, math.hypot(x3 - x0, y3 - y0) / reading.rows
    )
    unsure = reading.uncertain or reading.uncertain_values or reading.uncertain_bonuses
    # A letter a drawn line crosses is read at full size whatever the reduced read said:
    # halved, the line's fringe and the letter's strokes blur together and a crossed E has
    # been read L at 0.96 where the full-size read reports it unsure (tools.synth
    # spellcast-arrows, seed 71039, r5c4).
    crossed = bool(reading.crossed)
    return tile >= REDUCED_MIN_TILE_PX and not unsure and not crossed and reading.game is not None


def read_array(image: Image, options: ReadOptions, *, start: float | None = None) -> BoardReading:
    """Read a BGR image already in memory: locate -> cut -> recognize -> BoardReading. A
    picture turned a quarter or half turn (its letters all upright at one and the same
    turn: ``recognize.picture_turn``) is turned upright and read again, so that the game's
    look (the values' corner), multi-letter tiles and values are read the right way up;
    the corners stay in the given picture's pixels."""
    return _read_array(image, options, start=start, may_turn=True)


def _turned_back(corners: Quad, turn: int, shape: tuple[int, ...]) -> Quad:
    """``corners`` in ``numpy.rot90(image, turn)`` as pixels of ``image`` (of ``shape``)."""
    height, width = shape[:2]
    out = []
    for x, y in corners:
        for k in range(turn % 4):  # undo one counter-clockwise quarter turn at a time
            w = height if (turn - k) % 2 == 0 else width  # the width before this turn
            x, y = w - 1 - y, x
        out.append((float(x), float(y)))
    tl, tr, br, bl = out
    return (tl, tr, br, bl)


def _read_array(
    image: Image, options: ReadOptions, *, start: float | None, may_turn: bool
) -> BoardReading:
    from assistant.allocator import keep_freed_memory
    from assistant.copies import find_copies, locate_apart, pick_copy
    from assistant.cut import cut_tiles
    from assistant.games import read_game_and_bonuses, with_turned_letters
    from assistant.locate import locate_boards
    from assistant.recognize import is_multi, picture_turn, recognize_tiles, upright_at
    from assistant.recognize.badges import BadgeText
    from assistant.registry import deals_dice

    t0 = start if start is not None else time.perf_counter()
    timings: dict[str, float] = {}
    mark = time.perf_counter()
    timings["load"] = (mark - t0) * 1000

    def lap(name: str) -> None:
        nonlocal mark
        now = time.perf_counter()
        timings[name] = (now - mark) * 1000
        mark = now

    cfg = options.config
    try:
        boards = locate_boards(image, size=options.size, config=cfg.locate)
    except UnsureShapeError as unsure:
        if options.size is not None:
            raise
        return _read_grown(image, options, unsure, start=t0, may_turn=may_turn)
    located = boards[0]
    if options.size is not None:
        check_size(image, located)
    lap("locate")
    games = cfg.games_config()
    text = BadgeText()  # reads the bonus badges' labels (the look stage cannot import it)
    guess, bonuses = read_game_and_bonuses(
        image, located, game=options.game, config=games, text=text
    )
    lap("game")
    tiles = cut_tiles(located, cfg.cut)
    lap("cut")
    config = cfg.recognize_config()
    threshold = config.threshold
    engines = cfg.engines

    def _recognize(cut: Sequence[TileImage]) -> tuple[TileReading, ...]:
        return recognize_tiles(cut, config=config, engines=engines, cut=cfg.cut)

    readings = _recognize(tiles)
    if len(boards) > 1:  # the board shown more than once, apart: read every copy
        each = [(located, readings)] + [(b, _recognize(cut_tiles(b, cfg.cut))) for b in boards[1:]]
        chosen, readings = pick_copy(each, threshold=threshold)
        if chosen is not located:
            located = chosen
            guess, bonuses = read_game_and_bonuses(
                image, located, game=options.game, config=games, text=text
            )
            tiles = cut_tiles(located, cfg.cut)
    lap("recognize")
    copies = find_copies(located, readings, threshold=threshold)
    if copies is not None:  # one board shown twice: read it once, from both copies
        located, readings = copies.located, copies.readings
        apart = locate_apart(image, copies.parts, locate=cfg.locate)
        if apart is None:
            tiles = cut_tiles(located, cfg.cut)
        else:  # each copy on its own lattice, read again there
            cut_each = [(b, cut_tiles(b, cfg.cut)) for b in apart]
            located, readings = pick_copy(
                [(b, _recognize(cut)) for b, cut in cut_each], threshold=threshold
            )
            tiles = next(cut for b, cut in cut_each if b is located)
        guess, bonuses = read_game_and_bonuses(
            image, located, game=options.game, config=games, text=text
        )
    # Dice lie every way: a tray's letters say little of which way up the picture is. A
    # board that looks most like a dice game (named, or the best candidate of an unknown
    # game: a tray in colours no game's look has) is read as it lies, unless every letter
    # read lies one way (``RecognizeConfig.picture_turn_tray``).
    tray = deals_dice(guess.likeliest)
    turn = picture_turn(readings, config, tray=tray) if may_turn else 0
    if turn:  # the picture is turned, not its tiles: read it again upright
        import numpy as np

        upright = np.ascontiguousarray(np.rot90(image, turn))
        size = options.size
        if size is not None and turn % 2:
            size = (size[1], size[0])
        again = _read_array(upright, replace(options, size=size), start=t0, may_turn=False)
        note = f"the picture is turned: read it turned {90 * turn} degrees counter-clockwise"
        return replace(
            again,
            corners=_turned_back(again.corners, turn, image.shape),
            notes=(*again.notes, note),
        )
    # Dice lie every way, screens show letters upright: a cue only the reading gives.
    read = [t for t in readings if t.label and t.confidence >= threshold]
    # ...and so do the point values printed beside letters read surely (a game's table).
    values = [
        (t.label, t.value)
        for t in read
        if len(t.label) == 1 and t.value is not None and t.value_confidence >= threshold
    ]
    # A letter the same under a half turn (N, S, Z...) read upside down is as upright: N's
    # read so on a blurred Word Hunt photo counted 3 of 13 letters turned, and the board
    # was named Boggle at 0.91 (benchmarks/stress.py 91800, wordhunt-photo + blur4%).
    # Dice lie every way, a picture turned as a whole turns every letter alike: where every
    # letter read is upright at one turn, none counts as turned. A small SpellCast board
    # turned a half turn, its 8 telling letters too few to turn the picture back as a
    # tray's (``picture_turn_tray``), counted 8 of 16 turned and was named Boggle at 0.99
    # (benchmarks/stress.py 117400, spellcast-arrows 117405 + rot180). Not so where some
    # lie other ways: a tray with 11 of its 16 dice one way (boggle-classic 71674) is dice.
    one_way = any(all(upright_at(t, k) for t in read) for k in range(4))
    turned = 0 if one_way else sum(1 for t in read if not upright_at(t, 0))
    # ...and tiles of several letters, which only some games print.
    digrams = sum(1 for t in read if is_multi(t.label))
    guess = with_turned_letters(guess, turned, len(read), values=values, digrams=digrams)
    # A size the game never deals is judged only now, with every cue in: a dice tray the
    # colour of SpellCast's board is Boggle once its turned letters are seen.
    if options.size is None and copies is None and guess.size_conflict:
        return _read_at_games_size(image, options, located, guess, start=t0)
    reading = reading_from_tiles(
        located,
        readings,
        threshold=config.threshold,
        game=guess,
        bonuses=bonuses,
        elapsed_ms=(time.perf_counter() - t0) * 1000,
        options=options,
    )
    crossed = tuple((t.row, t.col) for t in tiles if t.crossed)
    if options.debug_dir is not None:
        write_debug(options.debug_dir, image, located, tiles, reading)
    # A process that reads again keeps the memory this read freed (assistant.allocator).
    keep_freed_memory()
    return replace(reading, timings=timings, crossed=crossed)


def _read_at_games_size(
    image: Image, options: ReadOptions, located: LocatedBoard, guess: GameGuess, *, start: float
) -> BoardReading:
    """The board read at the one size its game deals, where the grid found is larger in
    a dimension and no smaller in the other (a column of round buttons beside a Wordament
    board taken in as tiles), with a note saying so; or the size conflict raised
    (``_size_conflict``). The read at that size stands only where ``check_size`` accepts
    it: the larger grid was not seen whole, and no edge line of the smaller one is empty;
    and where it names a game. A grid smaller than the game's is never grown here: a line
    lost under drawn arrows may hold any letters."""
    conflict = _size_conflict(guess.size_conflict, guess.expected_sizes)
    rows, cols = located.rows, located.cols
    if len(guess.expected_sizes) != 1 or min(rows, cols) < guess.expected_sizes[0]:
        raise conflict
    n = guess.expected_sizes[0]
    try:
        again = _read_array(image, replace(options, size=(n, n)), start=start, may_turn=False)
    except (BoardShapeError, BoardNotFoundError):
        raise conflict from None
    if again.game is None:  # an unknown game: nothing says which size
        raise conflict
    note = (
        f"read as {n}x{n}, the size {again.game} boards have: the {rows}x{cols} grid first "
        "found was not seen whole (pass --size to choose)"
    )
    return replace(again, notes=(*again.notes, note))


def _read_grown(
    image: Image,
    options: ReadOptions,
    unsure: UnsureShapeError,
    *,
    start: float,
    may_turn: bool,
) -> BoardReading:
    """The board read at ``grown``, the grid ``found`` with the line beyond it that looked
    like tiles in part (``unsure.sizes``; without them the doubt is raised), where the
    game named at that size deals it (its look's games: Boggle's and Big Boggle's sizes)
    and not ``found``: a SpellCast board whose first column an arrow ran down was found
    5x4, and SpellCast deals 5x5 only. The read must pass ``check_size`` (no empty edge
    line), find a tile in every cell (the games' boards have no holes) and carries a
    note; else the doubt is raised. A grid of a size the game deals is never grown: a
    4x4 Boggle board with two tile-like cells beside it may be a Big Boggle board cut
    off, or not."""
    from assistant.registry import look_sizes

    if unsure.sizes is None:
        raise unsure
    found, grown = unsure.sizes
    try:
        again = _read_array(image, replace(options, size=grown), start=start, may_turn=may_turn)
    except (BoardShapeError, BoardNotFoundError):
        raise unsure from None
    sizes = look_sizes(again.game)
    if again.game is None or grown not in sizes or found in sizes:
        raise unsure
    if any(tile == "" for row in again.tiles for tile in row):
        raise unsure  # a cell with no tile: not every cell of the line is the board's
    doubt = unsure.message.removeprefix("the board's size is unclear: ")
    note = (
        f"read as {grown[0]}x{grown[1]}, the size {again.game} boards have, not "
        f"{found[0]}x{found[1]}: {doubt} (pass --size to choose)"
    )
    return replace(again, notes=(*again.notes, note))


def _size_conflict(message: str, sizes: Sequence[int]) -> BoardShapeError:
    n = sizes[0]
    return BoardShapeError(
        message,
        hint=f"check the picture and re-run with --size {n}x{n}, or --game to say which game it is",
    )


def check_size(image: Image, located: LocatedBoard) -> None:
    """``--size`` must agree with the picture: raise BoardShapeError when the board found at
    the asked size has a whole edge row or column with no tile in it (the size is too big:
    the board would be padded and every path shifted), or when the picture, read without
    a size, shows a larger board with every tile seen (the size is too small: rows or
    columns would be dropped). One more board search, only when ``--size`` is given."""
    from assistant.locate import locate_board

    rows, cols = located.rows, located.cols
    missing = set(located.missing)
    empty_edges = [
        name
        for name, cells in (
            ("first row", [(0, c) for c in range(cols)]),
            ("last row", [(rows - 1, c) for c in range(cols)]),
            ("first column", [(r, 0) for r in range(rows)]),
            ("last column", [(r, cols - 1) for r in range(rows)]),
        )
        if missing.issuperset(cells)
    ]
    try:
        free = locate_board(image)
    except (BoardNotFoundError, UnsureShapeError):  # the size the user gives decides
        free = None
    too_small = free is not None and not free.missing and (free.rows > rows or free.cols > cols)
    if not empty_edges and not too_small:
        return
    asked = f"--size says {rows}x{cols}"
    if free is not None and (free.rows, free.cols) != (rows, cols):
        shown = f"the picture shows a {free.rows}x{free.cols} board, but {asked}"
    else:
        shown = f"the picture has no tiles in the {' and '.join(empty_edges)} of the board {asked}"
    raise BoardShapeError(
        shown,
        hint="leave out --size to use the size found, or check the size (rows x columns)",
    )


def write_debug(
    directory: Path,
    image: Image,
    located: LocatedBoard,
    tiles: Sequence[TileImage],
    reading: BoardReading,
) -> None:
    """``--debug-dir``: the located board outlined on the image, the rectified board, and
    each tile's crop and glyph mask as PNGs, plus the reading as JSON."""
    import json

    import cv2
    import numpy as np

    from assistant.files import make_folder, save_atomically, save_image

    make_folder(directory, what="the debug pictures")
    outlined = image.copy()
    quad = np.array(located.corners, dtype=np.float32).round().astype(np.int32)
    width = max(2, round(max(image.shape[:2]) / 400))
    cv2.polylines(outlined, [quad], isClosed=True, color=(0, 0, 255), thickness=width)
    save_image(directory / "located.png", outlined, what="a debug picture")
    save_image(directory / "board.png", located.board, what="a debug picture")
    for tile in tiles:
        name = f"tile_r{tile.row + 1}c{tile.col + 1}"
        save_image(directory / f"{name}.png", tile.crop, what="a debug picture")
        save_image(directory / f"{name}_glyph.png", tile.glyph, what="a debug picture")
        if tile.value_mask is not None:
            save_image(directory / f"{name}_value.png", tile.value_mask, what="a debug picture")
    save_atomically(
        directory / "reading.json",
        (json.dumps(reading.to_json(), indent=1) + "\n").encode(),
        what="the debug reading",
    )


@dataclass(frozen=True)
class LearnResult:
    style: str
    directory: Path
    glyphs: int
    # Tiles whose label contradicts what the reader confidently sees before learning:
    # (row, col, label given, label read, confidence). Learned as labelled (a new look may
    # be misread: that is what learning is for), and reported so a typo is not learned
    # silently.
    contradictions: tuple[tuple[int, int, str, str, float], ...] = ()


def learn_image(
    path: str | Path,
    board: Board,
    *,
    style: str | None = None,
    into: Path | None = None,
    size: tuple[int, int] | None = None,
) -> LearnResult:
    """``learn``: cut the tiles of a labeled screenshot and store their glyphs as templates
    of ``style`` (default: the image's name) in the user data directory or ``into``."""
    import json

    from assistant.cut import cut_tiles
    from assistant.errors import OutputError
    from assistant.imageio import load_image
    from assistant.locate import locate_board
    from assistant.recognize.learning import learn
    from assistant.recognize.store import check_style_name

    name = check_style_name(style) if style is not None else _style_name(Path(path).stem)
    if into is not None and into.exists() and not into.is_dir():
        raise OutputError(
            f"--into {into} is a file, not a folder",
            hint="give a folder to store the style in (it is created if missing)",
        )
    if all(not label.strip() for row in board.labels for label in row):
        raise BoardTextError(
            "the letters are all blank: there is nothing to learn",
            hint="type the board's letters row by row, e.g. --letters 'ABCD/EFGH/IJKL/MNOP'",
        )
    image = load_image(path)
    located = locate_board(image, size=size)
    if (located.rows, located.cols) != (board.rows, board.cols):
        raise BoardTextError(
            f"the letters give a {board.rows}x{board.cols} board but the image shows "
            f"{located.rows}x{located.cols}",
            hint="give one tile per tile of the picture, row by row",
        )
    values = [[t.value for t in row] for row in board.tiles] if board.has_values else None
    tiles = cut_tiles(located)
    contradictions = _contradictions(tiles, board)
    directory = learn(
        tiles,
        board.labels,
        values=values,
        style=name,
        directory=(into / name) if into is not None else None,
    )
    manifest = json.loads((directory / "manifest.json").read_text())
    return LearnResult(
        style=name, directory=directory, glyphs=len(manifest), contradictions=contradictions
    )


def _contradictions(
    tiles: Sequence[TileImage], board: Board
) -> tuple[tuple[int, int, str, str, float], ...]:
    """Tiles the reader reads confidently as something other than their label."""
    from assistant.recognize import RecognizeConfig, recognize_tiles

    config = RecognizeConfig(tesseract="never")  # the templates' own view, fast
    found = []
    for reading in recognize_tiles(tiles, config=config):
        label = board.labels[reading.row][reading.col]
        if reading.confidence >= config.threshold and reading.label != label:
            found.append((reading.row, reading.col, label, reading.label, reading.confidence))
    return tuple(found)


def _style_name(stem: str) -> str:
    """A plain style name (``check_style_name``) made from an image's file name."""
    cleaned = "".join(
        ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "-" for ch in stem.lower()
    )
    return cleaned.strip("-_")[:64].rstrip("-_") or "learned"
