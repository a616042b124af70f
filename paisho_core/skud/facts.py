"""Skud Pai Sho's tile kinds as :class:`~paisho_core.tilefacts.TileFacts`, read off
:mod:`.tiles` (``rules.html#skud-tiles``)."""

from __future__ import annotations

from ..tilefacts import NONE, PATH, Movement, TileFacts
from .tiles import (
    ACCENT_KINDS,
    BASIC_KINDS,
    BOAT,
    CLASHES,
    CODE,
    FULL_SET,
    GUEST,
    HARMONY_OWNER,
    HOST,
    KINDS,
    KNOTWEED,
    LOTUS,
    MOVE_RANGE,
    NAME,
    ORCHID,
    ROCK,
    WHEEL,
    cell,
)

# entry ids
OPEN_GATE = "open-gate"
"""Planted into an open Gate (a turn's Plant, or a Harmony Bonus)."""
BONUS_GATE = "bonus-gate"
"""Planted into an open Gate, only as a Harmony Bonus."""
BONUS_POINT = "bonus-point"
"""Put on an empty point (not a Gate), only as a Harmony Bonus."""
BONUS_ONTO = "bonus-onto"
"""Put onto a Blooming flower or an accent tile, only as a Harmony Bonus."""

# power ids
POWERS: dict[int, tuple[str, ...]] = {
    LOTUS: ("harmonises-with-all", "hard-to-capture"),
    ORCHID: ("traps", "orchid-captures"),
    ROCK: ("cancels-lines",),
    WHEEL: ("rotates",),
    KNOTWEED: ("drains",),
    BOAT: ("pushes",),
}
_BASIC_POWERS = ("captures-clashing",)

_RULINGS: dict[int, tuple[str, ...]] = {
    LOTUS: ("skud-special", "skud-r7"),
    ORCHID: ("skud-special", "skud-r7"),
    ROCK: ("skud-accents", "skud-r2"),
    WHEEL: ("skud-accents", "skud-r5"),
    KNOTWEED: ("skud-accents", "skud-r6"),
    BOAT: ("skud-accents",),
}
_BASIC_RULINGS = ("skud-tiles", "skud-r1", "skud-r2", "skud-r3", "skud-r7b")
_DEMOS: dict[int, tuple[str, ...]] = {
    LOTUS: ("skud-white-lotus",),
    ORCHID: ("skud-orchid-trap", "skud-orchid-capture", "skud-orchid-exposed"),
    ROCK: ("skud-rock",),
    WHEEL: ("skud-wheel",),
    KNOTWEED: ("skud-knotweed",),
    BOAT: ("skud-boat", "skud-boat-accent"),
}
_BASIC_DEMOS = ("skud-planting", "skud-harmony", "skud-clash", "skud-capture")
_OWNERS = (HOST, GUEST)


def _harmonises(a: int) -> tuple[str, ...]:
    return tuple(
        CODE[b]
        for b in range(KINDS)
        if b != a
        and any(HARMONY_OWNER[cell(a, o)][cell(b, p)] >= 0 for o in _OWNERS for p in _OWNERS)
    )


def _clashes(a: int) -> tuple[str, ...]:
    return tuple(
        CODE[b]
        for b in range(KINDS)
        if any(CLASHES[cell(a, o)][cell(b, p)] for o in _OWNERS for p in _OWNERS)
    )


def _facts(kind: int) -> TileFacts:
    basic = kind in BASIC_KINDS
    accent = kind in ACCENT_KINDS
    reach = MOVE_RANGE[cell(kind, HOST)]
    if basic:
        enters: tuple[str, ...] = (OPEN_GATE,)
    elif accent:
        enters = (BONUS_ONTO,) if kind == BOAT else (BONUS_POINT,)
    else:
        enters = (BONUS_GATE,)
    return TileFacts(
        variant="skud",
        code=CODE[kind],
        name=NAME[kind],
        group="basic" if basic else "accent" if accent else "special",
        count=FULL_SET[kind],
        move=Movement(PATH, reach) if reach else Movement(NONE),
        enters=enters,
        harmonises=_harmonises(kind),
        clashes=_clashes(kind),
        powers=_BASIC_POWERS if basic else POWERS[kind],
        rulings=_BASIC_RULINGS if basic else _RULINGS[kind],
        demos=_BASIC_DEMOS if basic else _DEMOS[kind],
    )


FACTS: tuple[TileFacts, ...] = tuple(_facts(kind) for kind in range(KINDS))
"""Every Skud tile kind, in the order of :data:`.tiles.CODE`."""
