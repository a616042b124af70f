"""Wiki Pai Sho tiles as small integers, and the tables the rules read (``rules.html#wiki``).

A board cell holds ``0`` (empty) or ``1 + 2 * kind + owner``; :data:`KIND_OF` and
:data:`OWNER_OF` decode it.  Owners: :data:`HOST` 0 (north), :data:`GUEST` 1 (south);
the Guest moves first (wiki R1).
"""

from __future__ import annotations

HOST, GUEST = 0, 1
PLAYERS = ("host", "guest")
PLAYER_LETTER = ("H", "G")

JASMINE, LILY, WHITE_JADE, ROSE, CHRYSANTHEMUM, RHODODENDRON = range(6)
KNOTWEED, WHEEL, BOAT, ROCK, DRAGON, LOTUS = range(6, 12)
KINDS = 12
FLOWER_KINDS = (JASMINE, LILY, WHITE_JADE, ROSE, CHRYSANTHEMUM, RHODODENDRON)
WHITE_KINDS = (JASMINE, LILY, WHITE_JADE)
RED_KINDS = (ROSE, CHRYSANTHEMUM, RHODODENDRON)
NON_FLOWER_KINDS = (KNOTWEED, WHEEL, BOAT, ROCK)
SPECIAL_KINDS = (DRAGON, LOTUS)

CODE: tuple[str, ...] = ("Ja", "Li", "WJ", "Ro", "Ch", "Rh", "K", "W", "B", "R", "D", "L")
"""Notation code of each kind (issue 10's notation)."""
NAME: tuple[str, ...] = (
    "Jasmine",
    "Lily",
    "White Jade",
    "Rose",
    "Chrysanthemum",
    "Rhododendron",
    "Knotweed",
    "Wheel",
    "Boat",
    "Rock",
    "White Dragon",
    "White Lotus",
)
KIND_OF_CODE: dict[str, int] = {c: k for k, c in enumerate(CODE)}

FULL_SET: tuple[int, ...] = (6, 6, 6, 6, 6, 6, 3, 3, 3, 3, 3, 3)
"""How many tiles of each kind one player owns (54 in all)."""
FLOWERS_AT_START = sum(FULL_SET[k] for k in FLOWER_KINDS)
"""Flowers a player owns at the start (36); three or fewer left loses (wiki R11)."""

VALUES = 1 + 2 * KINDS

OPENING, MAIN = 0, 1
"""Game phases: the optional mirrored opening (wiki R12), then the game proper."""
OPENING_MIN, OPENING_MAX = 4, 12
"""Opening tiles a player places with ``mirrored-opening`` (wiki R12)."""


def cell(kind: int, owner: int) -> int:
    """The board-cell value of a tile of ``kind`` owned by ``owner``."""
    return 1 + 2 * kind + owner


KIND_OF: tuple[int, ...] = tuple(-1 if v == 0 else (v - 1) >> 1 for v in range(VALUES))
OWNER_OF: tuple[int, ...] = tuple(-1 if v == 0 else (v - 1) & 1 for v in range(VALUES))
IS_FLOWER: tuple[bool, ...] = tuple(0 <= KIND_OF[v] <= RHODODENDRON for v in range(VALUES))
"""The six basic flowers (not the Dragon or the Lotus)."""
IS_NON_FLOWER: tuple[bool, ...] = tuple(KIND_OF[v] in NON_FLOWER_KINDS for v in range(VALUES))
COLOUR: tuple[int, ...] = tuple(
    0 if KIND_OF[v] in WHITE_KINDS else 1 if KIND_OF[v] in RED_KINDS else -1
    for v in range(VALUES)
)
"""0 white flower, 1 red flower, -1 any other tile."""

_STRAIGHT = {JASMINE: 3, ROSE: 3, WHITE_JADE: 5, RHODODENDRON: 5}
STRAIGHT_RANGE: tuple[int, ...] = tuple(_STRAIGHT.get(KIND_OF[v], 0) for v in range(VALUES))
"""Steps a straight-moving flower may go in one orthogonal direction (wiki R4)."""

UNCARRIABLE = frozenset((ROCK, KNOTWEED, WHITE_JADE, RHODODENDRON))
"""Kinds never pushed or carried by a Boat (wiki R4)."""
CARRIABLE: tuple[bool, ...] = tuple(
    v != 0 and KIND_OF[v] not in UNCARRIABLE for v in range(VALUES)
)

# --- harmony and disharmony (wiki R8) -----------------------------------------------------
_HARMONY_PAIRS = (
    (JASMINE, LILY),
    (JASMINE, RHODODENDRON),
    (WHITE_JADE, LILY),
    (WHITE_JADE, ROSE),
    (CHRYSANTHEMUM, ROSE),
    (CHRYSANTHEMUM, RHODODENDRON),
)
_DISHARMONY_PAIRS = ((JASMINE, ROSE), (WHITE_JADE, RHODODENDRON), (LILY, CHRYSANTHEMUM))


def _partners(pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    out = [0] * 6
    for a, b in pairs:
        out[a] |= 1 << b
        out[b] |= 1 << a
    return tuple(out)


HARMONY_PARTNERS = _partners(_HARMONY_PAIRS)
"""``HARMONY_PARTNERS[k]``: bit mask of the flower kinds that harmonise with kind ``k``."""
DISHARMONY_PARTNERS = _partners(_DISHARMONY_PAIRS)
"""``DISHARMONY_PARTNERS[k]``: bit mask of the flower kinds that disharmonise with ``k``."""


def _of_mask(partners: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for mask in range(64):
        acc = 0
        for k in range(6):
            if mask >> k & 1:
                acc |= partners[k]
        out.append(acc)
    return tuple(out)


HARMONY_OF_MASK = _of_mask(HARMONY_PARTNERS)
"""For a mask of flower kinds (a flower, or a Rock's taken-on kinds), the partners' mask."""
DISHARMONY_OF_MASK = _of_mask(DISHARMONY_PARTNERS)
