"""Wiki Pai Sho's tile kinds as :class:`~paisho_core.tilefacts.TileFacts`, read off
:mod:`.tiles` and :mod:`.moves` (``rules.html#wiki-tiles``, ``#wiki-r3``, ``#wiki-r4``)."""

from __future__ import annotations

from ..tilefacts import ELL, FLY, JUMP, NONE, PATH, STRAIGHT, UNLIMITED, Movement, TileFacts
from .tiles import (
    BOAT,
    CHRYSANTHEMUM,
    CODE,
    DISHARMONY_PARTNERS,
    DRAGON,
    FULL_SET,
    HARMONY_PARTNERS,
    HOST,
    JASMINE,
    KINDS,
    KNOTWEED,
    LILY,
    LOTUS,
    NAME,
    RED_KINDS,
    RHODODENDRON,
    ROCK,
    ROSE,
    STRAIGHT_RANGE,
    UNCARRIABLE,
    WHEEL,
    WHITE_JADE,
    WHITE_KINDS,
    cell,
)

# entry ids (wiki R3)
ENTRY: dict[int, tuple[str, ...]] = {
    JASMINE: ("home-gate",),
    ROSE: ("foreign-gate",),
    LILY: ("side-gate",),
    CHRYSANTHEMUM: ("side-gate",),
    WHITE_JADE: ("centre",),
    RHODODENDRON: ("centre",),
    KNOTWEED: ("any-point-after-first-turn",),
    BOAT: ("any-point-after-first-turn",),
    ROCK: ("any-point-after-first-turn",),
    WHEEL: ("white-garden-after-first-turn",),
    DRAGON: ("opponent-half-from-fourth-turn",),
    LOTUS: ("own-half",),
}
_L_LEG = 2
"""Both legs of the Lily's and Chrysanthemum's L (wiki R4; ``moves.L_PATHS``)."""
_DRAGON_REACH = 6
"""The White Dragon's flight (wiki R4; ``moves.DRAGON_JUMPS``)."""
_BOAT_REACH = 5
"""The Boat's jump (wiki R4; ``moves.BOAT_JUMPS``)."""
_LOTUS_STEPS = 2
"""The White Lotus's steps (wiki R4)."""


def _movement(kind: int) -> Movement:
    reach = STRAIGHT_RANGE[cell(kind, HOST)]
    if reach:
        return Movement(STRAIGHT, reach)
    if kind in (LILY, CHRYSANTHEMUM):
        return Movement(ELL, _L_LEG, side=_L_LEG)
    if kind == WHEEL:
        return Movement(STRAIGHT, UNLIMITED)
    if kind == DRAGON:
        return Movement(FLY, _DRAGON_REACH)
    if kind == BOAT:
        return Movement(JUMP, _BOAT_REACH)
    if kind == LOTUS:
        return Movement(PATH, _LOTUS_STEPS)
    return Movement(NONE)


POWERS: dict[int, tuple[str, ...]] = {
    KNOTWEED: ("drains", "removed-with-capturer"),
    WHEEL: ("turns", "removed-with-capturer"),
    BOAT: ("pushes", "carries", "removed-with-capturer"),
    ROCK: ("takes-on-pairs", "removed-with-capturer"),
    DRAGON: ("captures-flowers",),
    LOTUS: ("captures-flowers", "lotus-bonus"),
}
_RULINGS: dict[int, tuple[str, ...]] = {
    KNOTWEED: ("wiki-r3", "wiki-r5", "wiki-r6"),
    WHEEL: ("wiki-r3", "wiki-r4", "wiki-r7"),
    BOAT: ("wiki-r3", "wiki-r4", "wiki-r5"),
    ROCK: ("wiki-r3", "wiki-r5", "wiki-r8"),
    DRAGON: ("wiki-r3", "wiki-r4", "wiki-r5"),
    LOTUS: ("wiki-r3", "wiki-r4", "wiki-r9"),
}
_DEMOS: dict[int, tuple[str, ...]] = {
    JASMINE: ("wiki-entry-flowers", "wiki-move-straight", "wiki-harmony"),
    ROSE: ("wiki-entry-flowers", "wiki-move-straight", "wiki-disharmony"),
    WHITE_JADE: ("wiki-entry-flowers", "wiki-move-straight", "wiki-harmony"),
    RHODODENDRON: ("wiki-entry-flowers", "wiki-move-straight", "wiki-disharmony"),
    LILY: ("wiki-entry-flowers", "wiki-move-l", "wiki-harmony"),
    CHRYSANTHEMUM: ("wiki-entry-flowers", "wiki-move-l", "wiki-harmony"),
    KNOTWEED: ("wiki-entry-others", "wiki-knotweed"),
    WHEEL: ("wiki-entry-others", "wiki-wheel"),
    BOAT: ("wiki-boat-jump", "wiki-boat-push", "wiki-boat-carry"),
    ROCK: ("wiki-entry-others", "wiki-rock", "wiki-mutual-removal"),
    DRAGON: ("wiki-dragon",),
    LOTUS: ("wiki-lotus", "wiki-scoring"),
}
_FLOWER_RULINGS = ("wiki-tiles", "wiki-r3", "wiki-r4", "wiki-r8")


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(CODE[k] for k in range(KINDS) if mask >> k & 1)


def _facts(kind: int) -> TileFacts:
    flower = kind in WHITE_KINDS or kind in RED_KINDS
    powers = ("never-pushed",) if flower and kind in UNCARRIABLE else ()
    return TileFacts(
        variant="wiki",
        code=CODE[kind],
        name=NAME[kind],
        group="white" if kind in WHITE_KINDS else "red" if flower else (
            "special" if kind in (DRAGON, LOTUS) else "non-flower"
        ),
        count=FULL_SET[kind],
        move=_movement(kind),
        enters=ENTRY[kind],
        harmonises=_codes(HARMONY_PARTNERS[kind]) if flower else (),
        clashes=_codes(DISHARMONY_PARTNERS[kind]) if flower else (),
        powers=powers if flower else POWERS[kind],
        rulings=_FLOWER_RULINGS if flower else _RULINGS[kind],
        demos=_DEMOS[kind],
    )


FACTS: tuple[TileFacts, ...] = tuple(_facts(kind) for kind in range(KINDS))
"""Every Wiki tile kind, in the order of :data:`.tiles.CODE`."""
