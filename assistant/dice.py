"""Random boards rolled from the real Boggle dice sets.

Each die is six faces. A face is a letter, ``Qu`` (the Qu tile), a two-letter face such as
``Th`` (a multi-letter tile), or ``""`` (a blank face, Super Big Boggle only). A roll shuffles
the dice into the grid positions and shows one random face of each; the same seed gives the
same board.
"""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from types import MappingProxyType

from assistant.board import Board, Tile, TileKind
from assistant.errors import BoardShapeError

Die = tuple[str, ...]  # six faces


def _dice(spec: str) -> tuple[Die, ...]:
    """``"AAEEGN ABBJOO ..."``: one die per word, Q meaning the Qu face."""
    out = []
    for word in spec.split():
        faces = tuple("Qu" if ch == "Q" else ch for ch in word)
        if len(faces) != 6:
            raise AssertionError(f"a die has six faces: {word}")
        out.append(faces)
    return tuple(out)


# Boggle (4x4), the "new" 16-dice set sold since the late 1980s (replacing the 1976 set
# AACIOT ABILTY ...). Source: boardgames.stackexchange.com/questions/29264 ("Boggle: what is
# the dice configuration for Boggle in various languages?") and the Boggle dice table at
# had2know.org ("newer 4x4 games"); one face of HIMNQU is Qu.
CLASSIC_DICE: tuple[Die, ...] = _dice(
    "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY "
    "DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNQU HLNNRZ"
)

# Big Boggle (5x5), 25 dice. Source: the "Big Boggle original" list in the
# boardgamegeek.com thread 300883 ("letter distribution") as reproduced by open-source
# Boggle games; printings differ by a die or two (some list DHHLOR twice and DHLNOR once,
# Boggle Deluxe has CCNSTW/DDLNOR/HIPRRY), this is the most widely reproduced version.
BIG_DICE: tuple[Die, ...] = _dice(
    "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQXZ CCENST CEIILT CEILPT "
    "CEIPST DDHNOT DHHLOR DHLNOR DHLNOR EIIITT EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW "
    "OOOTTU"
)

# Super Big Boggle (6x6, 2011), 36 dice: 34 letter dice, one die of two-letter faces
# (An Er He In Qu Th) and one die with three blank faces (EIO and three blanks).
# Source: the same boardgamegeek thread and open-source Super Big Boggle implementations,
# which agree on this set.
SUPER_BIG_DICE: tuple[Die, ...] = (
    *_dice(
        "AAAFRS AAEEEE AAEEOO AAFIRS ABDEIO ADENNN AEEEEM AEEGMU AEGMNN AEILMN AEINOU AFIRSY "
        "BBJKXZ CCENST CDDLNN CEIITT CEIPST CFGNUY DDHNOT DHHLOR DHHNOW DHLNOR EHILRS EIILST "
        "EILPST EMTTTO ENSSSU GORRVW HIRSTV HOPRST IPRSYY JKQWXZ NOOTUW OOOTTU"
    ),
    ("An", "Er", "He", "In", "Qu", "Th"),
    ("E", "I", "O", "", "", ""),
)

DICE_SETS: Mapping[int, tuple[Die, ...]] = MappingProxyType(
    {4: CLASSIC_DICE, 5: BIG_DICE, 6: SUPER_BIG_DICE}
)


# Every face of more than one letter that a die of any set shows, as a tile label reads it
# (upper case): a die's reading of two letters is one of these or no face at all.
MULTI_FACES: frozenset[str] = frozenset(
    face.upper() for dice in DICE_SETS.values() for die in dice for face in die if len(face) > 1
)


def face_tile(face: str) -> Tile:
    """The tile a die face shows: a letter, a multi-letter tile (Qu, Th) or a blank."""
    if not face:
        return Tile.blank()
    if len(face) == 1:
        return Tile.letter(face)
    return Tile(TileKind.MULTI, (face.lower(),))


def roll(dice: Sequence[Die], rows: int, cols: int, rng: random.Random) -> Board:
    """Shuffle ``dice`` into a rows x cols grid and show one random face of each."""
    if len(dice) != rows * cols:
        raise BoardShapeError(
            f"{len(dice)} dice do not fill a {rows}x{cols} board",
            hint="give exactly one die per grid position",
        )
    order = list(dice)
    rng.shuffle(order)
    faces = [face_tile(rng.choice(die)) for die in order]
    return Board.from_rows([faces[r * cols : (r + 1) * cols] for r in range(rows)])


def random_board(size: int = 4, seed: int | None = None) -> Board:
    """A size x size board rolled from the Boggle dice set for that size (4: classic,
    5: Big Boggle, 6: Super Big Boggle). The same seed gives the same board."""
    dice = DICE_SETS.get(size)
    if dice is None:
        raise BoardShapeError(
            f"there is no dice set for a {size}x{size} board",
            hint="random boards come in sizes 4 (Boggle), 5 (Big Boggle), 6 (Super Big Boggle)",
        )
    return roll(dice, size, size, random.Random(seed))


def faces_fit_dice(faces: Sequence[str], dice: Sequence[Container[str]]) -> bool:
    """Whether every face can be shown by a different die of ``dice`` (a bipartite matching
    by augmenting paths): a board that fails this cannot come from that dice set."""
    owner: dict[int, int] = {}  # die index -> face index

    def place(f: int, seen: set[int]) -> bool:
        for d, die in enumerate(dice):
            if faces[f] in die and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = f
                    return True
        return False

    return all(place(f, set()) for f in range(len(faces)))
