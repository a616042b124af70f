"""Ancient Pai Sho's tile kinds as :class:`~paisho_core.tilefacts.TileFacts`, read off
:mod:`.tiles` (``rules.html#ancient-tiles``, ``#ancient-r5``, ``#ancient-r6``)."""

from __future__ import annotations

from ..tilefacts import ELL, LEAP, NONE, PATH, STRAIGHT, Movement, TileFacts
from .tiles import (
    BOAT,
    CODES,
    COIN,
    COLOUR,
    DRAGON,
    FLOWERS,
    KINDS,
    KNOTWEED,
    LOTUS,
    MOVE_TYPE,
    NAMES,
    PAIR,
    POOL_COUNTS,
    REACH,
    WHEEL,
    WHITE,
)
from .tiles import (
    ELL as ELL_TYPE,
)

_L_STRAIGHT, _L_SIDE = 2, 1
"""The L-mover's 2 points straight, then 1 to the side (ancient R6; ``rules.destinations``)."""
_DRAGON_JUMPS = (1, 6)
"""The Dragon's only distances (ancient R6; ``rules.DRAGON_TARGETS``)."""
_LOTUS_STEPS = 2
"""The Lotus's orthogonal steps (ancient R6)."""

POWERS: dict[int, tuple[str, ...]] = {
    WHEEL: ("turns-ring",),
    BOAT: ("moves-tile",),
    COIN: ("cancels-lines",),
    KNOTWEED: ("drains-once",),
    DRAGON: ("takes-tile",),
    LOTUS: ("flips-lines",),
}
_RULINGS: dict[int, tuple[str, ...]] = {
    WHEEL: ("ancient-special", "ancient-r9"),
    BOAT: ("ancient-special", "ancient-r10"),
    COIN: ("ancient-special", "ancient-r7"),
    KNOTWEED: ("ancient-special", "ancient-r7"),
    DRAGON: ("ancient-special", "ancient-r6", "ancient-r11"),
    LOTUS: ("ancient-special", "ancient-r6", "ancient-r8"),
}
_DEMOS: dict[int, tuple[str, ...]] = {
    WHEEL: ("ancient-wheel",),
    BOAT: ("ancient-boat",),
    COIN: ("ancient-coin",),
    KNOTWEED: ("ancient-knotweed",),
    DRAGON: ("ancient-dragon",),
    LOTUS: ("ancient-lotus",),
}
_FLOWER_RULINGS = ("ancient-tiles", "ancient-r5", "ancient-r6", "ancient-harmony", "ancient-r7")
_FLOWER_DEMOS = ("ancient-movement", "ancient-nearest-flower")


def _movement(kind: int) -> Movement:
    if kind in FLOWERS:
        if MOVE_TYPE[kind] == ELL_TYPE:
            return Movement(ELL, _L_STRAIGHT, side=_L_SIDE, short_stops=True)
        return Movement(STRAIGHT, REACH[kind])
    if kind == DRAGON:
        return Movement(LEAP, exact=_DRAGON_JUMPS)
    if kind == LOTUS:
        return Movement(PATH, _LOTUS_STEPS)
    return Movement(NONE)


def _pairs(kind: int, value: int) -> tuple[str, ...]:
    if kind not in FLOWERS:
        return ()
    return tuple(CODES[b] for b in FLOWERS if PAIR[kind * 8 + b] == value)


def _facts(kind: int) -> TileFacts:
    flower = kind in FLOWERS
    white = flower and COLOUR[kind] == WHITE
    return TileFacts(
        variant="ancient",
        code=CODES[kind],
        name=NAMES[kind],
        group=("white" if white else "red") if flower else "special",
        count=POOL_COUNTS[kind],
        move=_movement(kind),
        enters=(("touches-red-garden",) if white else ("touches-white-garden",))
        if flower
        else ("onto-tile",) if kind == BOAT else ("any-point",),
        harmonises=_pairs(kind, 1),
        clashes=_pairs(kind, -1),
        powers=() if flower else POWERS[kind],
        rulings=_FLOWER_RULINGS if flower else _RULINGS[kind],
        demos=_FLOWER_DEMOS if flower else _DEMOS[kind],
    )


FACTS: tuple[TileFacts, ...] = tuple(_facts(kind) for kind in KINDS)
"""Every Ancient tile kind, in the order of :data:`.tiles.KINDS`."""
