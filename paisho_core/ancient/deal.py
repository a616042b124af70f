"""The seeded deal (``rules.html#ancient-r1``, ``#ancient-r2``).

The 54 tiles are listed kind by kind (:data:`.tiles.KINDS` order), shuffled with the
engine's SplitMix64 Fisher–Yates (:mod:`paisho_core.rng`, the same generator as
Balance's bag), then the first player is ``below(players)`` of the same generator.  The
first tile of the shuffle is the centre piece, the next ``hand`` tiles are seat 1's hand,
and so on; the rest is the draw pile, drawn from its first tile on.  How many: the
target and hand size a game's options ask for (:func:`sizes`, the presets of R2).
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import InvalidMove
from ..messages import msg
from ..rng import SplitMix64
from ..rng import check_seed as _check_seed
from .tiles import KINDS, POOL_COUNTS, POOL_SIZE

PRESETS: tuple[tuple[int, int], ...] = ((3, 5), (5, 7), (7, 11), (11, 17))
"""The seed's target/hand pairs (``rules.html#ancient-r2``); any other pair may be chosen."""
DEFAULT_TARGET, DEFAULT_HAND = 5, 7
MAX_TARGET = 99


def sizes(target: int | None, hand: int | None, players: int) -> tuple[int, int]:
    """The target and the hand size a game's options ask for (``target`` alone takes its
    preset's hand; neither: 5 and 7); raise :class:`~paisho_core.errors.InvalidMove`
    naming the option when they cannot be dealt to ``players`` seats."""
    if target is None:
        target = DEFAULT_TARGET if hand is None else 0
        if target == 0:
            raise InvalidMove(msg(
                "option hand={hand} needs a target too, e.g. target=5",
                hand=str(hand),
            ))
    if hand is None:
        preset = dict(PRESETS).get(target)
        if preset is None:
            raise InvalidMove(msg(
                "target={target} is not a preset (3/5, 5/7, 7/11, 11/17): give hand=N too",
                target=target,
            ))
        hand = preset
    if not 1 <= target <= MAX_TARGET:
        raise InvalidMove(msg(
            "target={target}: the target is 1 to {limit} harmonies",
            target=target, limit=MAX_TARGET,
        ))
    if hand < 1 or players * hand + 1 > POOL_SIZE:
        raise InvalidMove(msg(
            "hand={hand} for {players} players: each hand holds 1 to {limit}"
            " tiles (the pool has {pool}, one is the centre piece)",
            hand=hand, players=players, limit=(POOL_SIZE - 1) // players, pool=POOL_SIZE,
        ))
    return target, hand


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
