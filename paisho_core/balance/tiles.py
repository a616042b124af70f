"""Balance tiles: small-int kinds, their codes and names, and the interaction table.

Kinds are small ints so a board is a flat ``list[int]`` and the table a flat tuple
indexed ``a * 8 + b`` (fast in CPython and in Pyodide).
"""

from __future__ import annotations

EMPTY = 0
AVATAR = 1
BADGERMOLE = 2
DRAGON = 3
SKY_BISON = 4
KOI = 5
SPIRIT = 6
LOTUS = 7
KINDS = 8
"""Size of a kind index (0 is empty)."""

CODES = ".ABDSKPL"
"""``CODES[kind]``: the one-letter code of a kind (``A`` Avatar … ``L`` White Lotus)."""
NAMES = ("empty", "Avatar", "Badgermole", "Dragon", "Sky Bison", "Koi", "Spirit", "White Lotus")
"""``NAMES[kind]``: the English name of a kind, as used in error messages."""
KIND_OF_CODE: dict[str, int] = {c: k for k, c in enumerate(CODES) if k != EMPTY}
"""Kind of each tile code."""

BASIC = frozenset({BADGERMOLE, DRAGON, SKY_BISON, KOI})
"""The four basic kinds."""
BAG_KINDS = (BADGERMOLE, DRAGON, SKY_BISON, KOI, SPIRIT, LOTUS)
"""Kinds that go into the bag, in a fixed order."""
BAG_COUNTS: dict[int, int] = {
    BADGERMOLE: 4,
    DRAGON: 4,
    SKY_BISON: 4,
    KOI: 4,
    SPIRIT: 2,
    LOTUS: 2,
}
"""How many of each kind the bag holds at the start (20 tiles; the Avatar is on the board)."""
BAG_SIZE = sum(BAG_COUNTS.values())

_BASIC_HARMONY = frozenset(
    {
        frozenset({BADGERMOLE, DRAGON}),
        frozenset({BADGERMOLE, KOI}),
        frozenset({DRAGON, SKY_BISON}),
        frozenset({SKY_BISON, KOI}),
    }
)
_BASIC_DISHARMONY = frozenset({frozenset({BADGERMOLE, SKY_BISON}), frozenset({DRAGON, KOI})})


def pair_value(a: int, b: int) -> tuple[int, int]:
    """Return ``(harmonies, disharmonies)`` that two interacting tiles make (the table, R5)."""
    if a == AVATAR or b == AVATAR:
        other = b if a == AVATAR else a
        if other == SPIRIT:
            return 1, 2
        if other == LOTUS:
            return 2, 1
        return (1, 1) if other in BASIC else (0, 0)
    if {a, b} == {SPIRIT, LOTUS}:
        return 1, 1  # R5: each keeps its nature
    if SPIRIT in (a, b):
        return 0, 1  # Spirit–any (Spirit–Spirit too, R5)
    if LOTUS in (a, b):
        return 1, 0  # Lotus–any (Lotus–Lotus too, R5)
    if a == b:
        return 0, 0
    pair = frozenset({a, b})
    if pair in _BASIC_HARMONY:
        return 1, 0
    if pair in _BASIC_DISHARMONY:
        return 0, 1
    return 0, 0


PAIR_H: tuple[int, ...] = tuple(
    pair_value(a, b)[0] if a and b else 0 for a in range(KINDS) for b in range(KINDS)
)
"""``PAIR_H[a * 8 + b]``: harmonies of an interacting pair of kinds ``a`` and ``b``."""
PAIR_D: tuple[int, ...] = tuple(
    pair_value(a, b)[1] if a and b else 0 for a in range(KINDS) for b in range(KINDS)
)
"""``PAIR_D[a * 8 + b]``: disharmonies of an interacting pair of kinds ``a`` and ``b``."""
