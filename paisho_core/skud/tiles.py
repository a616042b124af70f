"""Skud Pai Sho tiles as small integers, and the tables the rules read.

A board cell holds ``0`` (empty) or ``1 + 2 * kind + owner``; :data:`KIND_OF` and
:data:`OWNER_OF` decode it.  Owners: :data:`HOST` 0, :data:`GUEST` 1.
"""

from __future__ import annotations

HOST, GUEST = 0, 1
PLAYERS = ("host", "guest")
PLAYER_LETTER = ("H", "G")

R3, R4, R5, W3, W4, W5, LOTUS, ORCHID, ROCK, WHEEL, KNOTWEED, BOAT = range(12)
KINDS = 12
BASIC_KINDS = (R3, R4, R5, W3, W4, W5)
ACCENT_KINDS = (ROCK, WHEEL, KNOTWEED, BOAT)
SPECIAL_KINDS = (LOTUS, ORCHID)

CODE: tuple[str, ...] = ("R3", "R4", "R5", "W3", "W4", "W5", "L", "O", "R", "W", "K", "B")
"""Notation code of each kind (accent tiles are single letters, as in the reference)."""
NAME: tuple[str, ...] = (
    "Rose",
    "Chrysanthemum",
    "Rhododendron",
    "Jasmine",
    "Lily",
    "White Jade",
    "White Lotus",
    "Orchid",
    "Rock",
    "Wheel",
    "Knotweed",
    "Boat",
)
KIND_OF_CODE: dict[str, int] = {c: k for k, c in enumerate(CODE)}

FULL_SET: tuple[int, ...] = (3, 3, 3, 3, 3, 3, 1, 1, 2, 2, 2, 2)
"""How many tiles of each kind one player owns (accents before the choice)."""


def cell(kind: int, owner: int) -> int:
    """The board-cell value of a tile of ``kind`` owned by ``owner``."""
    return 1 + 2 * kind + owner


CELL_VALUES = range(1, 1 + 2 * KINDS)
KIND_OF: tuple[int, ...] = tuple(-1 if v == 0 else (v - 1) >> 1 for v in range(1 + 2 * KINDS))
OWNER_OF: tuple[int, ...] = tuple(-1 if v == 0 else (v - 1) & 1 for v in range(1 + 2 * KINDS))
IS_BASIC: tuple[bool, ...] = tuple(0 <= KIND_OF[v] <= W5 for v in range(1 + 2 * KINDS))
IS_FLOWER: tuple[bool, ...] = tuple(0 <= KIND_OF[v] <= ORCHID for v in range(1 + 2 * KINDS))
IS_ACCENT: tuple[bool, ...] = tuple(KIND_OF[v] >= ROCK for v in range(1 + 2 * KINDS))
IS_RED_FLOWER: tuple[bool, ...] = tuple(KIND_OF[v] in (R3, R4, R5) for v in range(1 + 2 * KINDS))
IS_WHITE_FLOWER: tuple[bool, ...] = tuple(KIND_OF[v] in (W3, W4, W5) for v in range(1 + 2 * KINDS))
CAN_HARMONISE: tuple[bool, ...] = tuple(0 <= KIND_OF[v] <= LOTUS for v in range(1 + 2 * KINDS))
"""Basic flowers and the White Lotus form harmonies; other tiles never do."""
_MOVES = (3, 4, 5, 3, 4, 5, 2, 6, 0, 0, 0, 0)
MOVE_RANGE: tuple[int, ...] = tuple(
    0 if v == 0 else _MOVES[KIND_OF[v]] for v in range(1 + 2 * KINDS)
)
"""How many steps the tile in a cell may move (0: it does not move)."""


def _basic_harmony(a: int, b: int) -> bool:
    """Same colour and numbers 1 apart, or different colours and numbers 2 apart (R2)."""
    ca, na = divmod(a, 3)
    cb, nb = divmod(b, 3)
    return abs(na - nb) == (1 if ca == cb else 2)


def _harmony_owner(u: int, v: int) -> int:
    if u == 0 or v == 0:
        return -1
    ku, kv = KIND_OF[u], KIND_OF[v]
    if ku <= W5 and kv <= W5:
        if OWNER_OF[u] == OWNER_OF[v] and _basic_harmony(ku, kv):
            return OWNER_OF[u]
        return -1
    if ku == LOTUS and kv <= W5:
        return OWNER_OF[v]
    if kv == LOTUS and ku <= W5:
        return OWNER_OF[u]
    return -1


HARMONY_OWNER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_harmony_owner(u, v) for v in range(1 + 2 * KINDS)) for u in range(1 + 2 * KINDS)
)
"""``HARMONY_OWNER[u][v]``: owner of the harmony two facing cells would form, or -1 (R2)."""
CLASHES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(
        IS_BASIC[u]
        and IS_BASIC[v]
        and KIND_OF[u] % 3 == KIND_OF[v] % 3
        and KIND_OF[u] != KIND_OF[v]
        for v in range(1 + 2 * KINDS)
    )
    for u in range(1 + 2 * KINDS)
)
"""``CLASHES[u][v]``: the two cells' tiles clash when they face each other (R3)."""
CLASHING_KIND: tuple[int, ...] = (W3, W4, W5, R3, R4, R5)
"""The basic kind that clashes with each basic kind (R3 ✗ W3, …)."""
