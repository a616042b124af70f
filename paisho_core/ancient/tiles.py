"""Ancient Pai Sho's tiles: kinds as small ints, codes, colours, moves and pair tables.

A board cell holds ``0`` (empty), a tile kind ``1..12``, or ``kind | DRAINED`` for a
flower drained by a Knotweed (``rules.html#ancient-r6``): a drained flower is neither
empty nor a flower, so one comparison tells the three apart.
"""

from __future__ import annotations

EMPTY = 0
JASMINE, LILY, WHITE_JADE, ROSE, CHRYSANTHEMUM, RHODODENDRON = 1, 2, 3, 4, 5, 6
WHEEL, BOAT, COIN, KNOTWEED, DRAGON, LOTUS = 7, 8, 9, 10, 11, 12
DRAINED = 16
"""Bit added to a flower's kind on the board once a Knotweed drains it."""
KINDS: tuple[int, ...] = tuple(range(1, 13))
"""Every tile kind, in the order hands and legal actions list them."""
FLOWERS: tuple[int, ...] = (JASMINE, LILY, WHITE_JADE, ROSE, CHRYSANTHEMUM, RHODODENDRON)
LAST_FLOWER = RHODODENDRON
"""``1 <= v <= LAST_FLOWER`` is an undrained flower."""

CODES: tuple[str, ...] = ("", "Ja", "Li", "WJ", "Ro", "Ch", "Rh", "W", "B", "C", "K", "D", "L")
"""Tile code of every kind (``CODES[kind]``)."""
KIND_OF_CODE: dict[str, int] = {code: kind for kind, code in enumerate(CODES) if code}
NAMES: tuple[str, ...] = (
    "",
    "Jasmine",
    "Lily",
    "White Jade",
    "Rose",
    "Chrysanthemum",
    "Rhododendron",
    "Wheel",
    "Boat",
    "Coin",
    "Knotweed",
    "Dragon",
    "Lotus",
)
"""Human name of every kind."""

POOL_COUNTS: dict[int, int] = {kind: (6 if kind <= LAST_FLOWER else 3) for kind in KINDS}
"""How many of each kind the 54-tile pool holds (``rules.html#ancient-r2``)."""
POOL_SIZE = sum(POOL_COUNTS.values())
assert POOL_SIZE == 54

WHITE, RED = 0, 1
COLOUR: tuple[int, ...] = (-1, WHITE, WHITE, WHITE, RED, RED, RED, -1, -1, -1, -1, -1, -1)
"""Colour of each flower kind (``-1`` for special tiles)."""
THREE, ELL, FIVE = 0, 1, 2
MOVE_TYPE: tuple[int, ...] = (-1, THREE, ELL, FIVE, THREE, ELL, FIVE, -1, -1, -1, -1, -1, -1)
"""Move type of each flower kind: ``•••`` (3), ``¬`` (L) or ``•••••`` (5)."""
REACH: tuple[int, ...] = (0, 3, 0, 5, 3, 0, 5, 0, 0, 0, 0, 0, 0)
"""How far a straight mover goes (0 for the others)."""


def _pair(a: int, b: int) -> int:
    """+1 harmony, -1 disharmony, 0 nothing for two flower kinds (the seed's six points)."""
    ca, cb, ma, mb = COLOUR[a], COLOUR[b], MOVE_TYPE[a], MOVE_TYPE[b]
    if ma == mb:
        return -1 if ca != cb else 0
    if ELL in (ma, mb):
        return 1 if ca == cb else 0
    return 1 if ca != cb else 0  # ••• with ••••• of the other colour


PAIR: tuple[int, ...] = tuple(
    _pair(a, b) if 1 <= a <= LAST_FLOWER and 1 <= b <= LAST_FLOWER else 0
    for a in range(8)
    for b in range(8)
)
"""``PAIR[a * 8 + b]`` for flower kinds ``a``, ``b``: +1 harmony, -1 disharmony, 0."""
