"""The bag order from a seed (balance R1), shuffled by the engine's generator.

The generator and the seed range are :mod:`paisho_core.rng`'s (SplitMix64, seeds
``0 <= seed < 2**53``), shared with Ancient's deal.
"""

from __future__ import annotations

from ..rng import MAX_SEED, SplitMix64
from ..rng import check_seed as _check_seed
from .tiles import BAG_COUNTS, BAG_KINDS

__all__ = ["MAX_SEED", "SplitMix64", "bag_for_seed", "check_seed"]


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid Balance seed; raise :class:`InvalidMove` otherwise."""
    return _check_seed(seed, "balance")


def bag_for_seed(seed: int) -> tuple[int, ...]:
    """Return the 20 tile kinds in the order they are drawn for ``seed`` (R1)."""
    tiles = [kind for kind in BAG_KINDS for _ in range(BAG_COUNTS[kind])]
    SplitMix64(check_seed(seed)).shuffle(tiles)
    return tuple(tiles)
