"""The engine's one seeded generator: SplitMix64, and the seeds it accepts.

SplitMix64 (Steele, Lea and Flood) with explicit 64-bit masking gives the same numbers
on every Python (CPython 3.11, Pyodide 3.14) and is never tied to :mod:`random`'s
internals, so a seed in a link or a save always deals the same game.  Balance's bag
(:mod:`.balance.bag`), its solver and Ancient's deal (:mod:`.ancient.deal`) draw from it.
Seeds are integers with ``0 <= seed < 2**53`` so that JavaScript can carry them exactly.
"""

from __future__ import annotations

from .errors import InvalidMove, quote
from .messages import msg

MASK64 = (1 << 64) - 1
MAX_SEED = 1 << 53
"""Seeds are ``0 <= seed < MAX_SEED``."""


class SplitMix64:
    """A tiny deterministic 64-bit generator (Steele, Lea and Flood's SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``0 .. n-1`` (``n >= 1``), without modulo bias."""
        limit = ((1 << 64) // n) * n
        r = self.next()
        while r >= limit:
            r = self.next()
        return r % n

    def shuffle(self, items: list[int]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates, last index first)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def check_seed(seed: object, variant: str) -> int:
    """Return ``seed`` if it is a valid seed (``0 <= seed < 2**53``); raise
    :class:`InvalidMove` naming ``variant`` otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidMove(msg("{variant} seed must be an integer, not {seed}", variant=variant,
                              seed=quote(seed)))
    if not 0 <= seed < MAX_SEED:
        raise InvalidMove(msg("{variant} seed {seed} out of range (0 <= seed < 2**53)",
                              variant=variant, seed=seed))
    return seed
