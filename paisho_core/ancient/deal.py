"""The seeded deal (``rules.html#ancient-r1``, ``#ancient-r2``).

The 54 tiles are listed kind by kind (:data:`.tiles.KINDS` order), shuffled with the
engine's SplitMix64 Fisher–Yates (:mod:`paisho_core.rng`, the same generator as
Balance's bag), then the first player is ``below(players)`` of the same generator.  The
first tile of the shuffle is the centre piece, the next ``hand`` tiles are seat 1's hand,
and so on; the rest is the draw pile, drawn from its first tile on.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rng import SplitMix64
from ..rng import check_seed as _check_seed
from .tiles import KINDS, POOL_COUNTS


class Deal(NamedTuple):
    """What the seed decides before the first turn."""

    centre: int
    """Kind of the centre piece."""
    hands: tuple[tuple[int, ...], ...]
    """Each seat's tiles, in deal order."""
    pile: tuple[int, ...]
    """The draw pile, top (next drawn) first."""
    first: int
    """The seat that plays first."""


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid seed (``0 <= seed < 2**53``); else InvalidMove."""
    return _check_seed(seed, "ancient")


def deal(seed: int, players: int, hand: int) -> Deal:
    """The deal for ``seed``, ``players`` seats and ``hand`` tiles each."""
    tiles = [kind for kind in KINDS for _ in range(POOL_COUNTS[kind])]
    rng = SplitMix64(check_seed(seed))
    rng.shuffle(tiles)
    first = rng.below(players)
    hands = tuple(tuple(tiles[1 + s * hand : 1 + (s + 1) * hand]) for s in range(players))
    return Deal(tiles[0], hands, tuple(tiles[1 + players * hand :]), first)
