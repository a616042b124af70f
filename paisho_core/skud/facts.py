"""Skud Pai Sho's tile kinds as :class:`~paisho_core.tilefacts.TileFacts`, read off
:mod:`.tiles` (``rules.html#skud-tiles``)."""

from __future__ import annotations

from ..messages import msg
from ..tilefacts import NONE, PATH, FactWords, Movement, TileFacts
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


WORDS = FactWords(
    caption=msg("Every Skud tile: where it enters, how it moves, its pairs"),
    entries={
        "open-gate": msg("Planted into an open Gate: as your turn, or as a Harmony Bonus when "
        "you have no Growing flower."),
        "bonus-gate": msg("Planted into an open Gate, only as a Harmony Bonus."),
        "bonus-point": msg("Put on an empty point (never a Gate), only as a Harmony Bonus."),
        "bonus-onto": msg("Put onto a Blooming flower or an accent tile, only as a Harmony Bonus."),
    },
    powers={
        "captures-clashing": msg("Ending its move on an opponent's Blooming flower that it "
        "clashes with captures it."),
        "harmonises-with-all": msg("Every basic flower of either player harmonises with it; the "
        "harmony is the flower owner's."),
        "hard-to-capture": msg("Cannot be captured, except by an Orchid able to capture."),
        "traps": msg("Opponent Blooming flowers on the 8 points around it cannot move."),
        "orchid-captures": msg("While you have a Blooming White Lotus it may capture any "
        "opponent flower, and any opponent flower may capture it."),
        "cancels-lines": msg("No harmony counts along its whole row or its whole column."),
        "rotates": msg("Turns the tiles on the 8 points around it one step clockwise."),
        "drains": msg("Blooming flowers on the 8 points around it form no harmony."),
        "pushes": msg("Pushes a flower to an empty point beside it and takes its place, or "
        "removes an accent tile together with itself."),
    },
    sections={"tiles": msg("Tiles"), "special": msg("Special flowers"),
              "accents": msg("Accent tiles")},
)
"""The words of the ids above (:class:`~paisho_core.tilefacts.FactWords`)."""
