"""Balance Pai Sho's tile kinds as :class:`~paisho_core.tilefacts.TileFacts`, read off
:mod:`.tiles` and :mod:`.geometry` (``rules.html#balance-turn``, ``#balance-table``)."""

from __future__ import annotations

from ..tilefacts import NONE, Movement, TileFacts
from .tiles import (
    AVATAR,
    BAG_COUNTS,
    CODES,
    DRAGON,
    KINDS,
    KOI,
    LOTUS,
    NAMES,
    PAIR_D,
    PAIR_H,
    SKY_BISON,
    SPIRIT,
)

ENTRY: dict[int, tuple[str, ...]] = {
    AVATAR: ("centre",),
    DRAGON: ("avatar-line", "not-wholly-white"),
    KOI: ("avatar-line", "not-wholly-red"),
    SKY_BISON: ("avatar-line", "gate-allowed"),
}
"""Where each kind may be placed (balance R2, R3; ``geometry.ALLOWED``)."""
POWERS: dict[int, tuple[str, ...]] = {
    AVATAR: ("sees-diagonals",),
    SPIRIT: ("disharmony-with-all",),
    LOTUS: ("harmony-with-all",),
}
_RULINGS: dict[int, tuple[str, ...]] = {
    AVATAR: ("balance-turn", "balance-r2", "balance-table"),
    SPIRIT: ("balance-turn", "balance-table", "balance-r5"),
    LOTUS: ("balance-turn", "balance-table", "balance-r5"),
}
_BASIC_RULINGS = ("balance-turn", "balance-r2", "balance-r3", "balance-table")


def _codes(table: tuple[int, ...], kind: int) -> tuple[str, ...]:
    return tuple(CODES[b] for b in range(1, KINDS) if table[kind * KINDS + b])


def _facts(kind: int) -> TileFacts:
    special = kind in (AVATAR, SPIRIT, LOTUS)
    return TileFacts(
        variant="balance",
        code=CODES[kind],
        name=NAMES[kind],
        group="special" if special else "basic",
        count=BAG_COUNTS.get(kind, 1),
        move=Movement(NONE),
        enters=ENTRY.get(kind, ("avatar-line",)),
        harmonises=_codes(PAIR_H, kind),
        clashes=_codes(PAIR_D, kind),
        powers=POWERS.get(kind, ()),
        rulings=_RULINGS.get(kind, _BASIC_RULINGS),
        demos=("balance-spirit-lotus",)
        if kind in (SPIRIT, LOTUS)
        else ("balance-placement", "balance-counting"),
    )


FACTS: tuple[TileFacts, ...] = tuple(_facts(kind) for kind in range(1, KINDS))
"""Every Balance tile kind, in the order of :data:`.tiles.CODES`."""
