"""Determinized search for games with hidden information, written over the protocol.

A seat that cannot see every tile (hidden hands, a pile) must not decide from the
engine's full state.  A variant with hidden information gives its games a
:class:`Determinizable` hook, ``determinize(seat, rng)``: a copy of the game where every
tile the seat cannot see is dealt afresh, consistently with what it can see.  Here:

* :func:`sample` — that copy (a game without the hook is copied as it is: it has
  nothing hidden);
* :func:`vote` — information-set Monte Carlo: sample ``k`` deals, score every candidate
  action in each one (the caller's scorer: a shallow search, a rollout, …), and choose
  the action with the highest sum over the samples, the first listed among equals.

Deterministic for a given ``rng``; nothing here reads a hidden tile.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .protocol import Game

A = TypeVar("A", bound=Hashable)


@runtime_checkable
class Determinizable(Protocol):
    """The hook of a game with hidden information."""

    def determinize(self, seat: int, rng: random.Random) -> Game[Any]:
        """A copy where what ``seat`` cannot see is resampled consistently with what it
        can (sizes, tiles revealed by public actions)."""


def sample(game: Game[Any], seat: int, rng: random.Random) -> Game[Any]:
    """One deal ``seat`` cannot tell from the real one (a plain copy without the hook)."""
    if isinstance(game, Determinizable):
        return game.determinize(seat, rng)
    return game.copy()


def vote(
    game: Game[A],
    seat: int,
    candidates: Sequence[A],
    k: int,
    rng: random.Random,
    score: Callable[[Game[A], Sequence[A]], Sequence[float]],
) -> tuple[A, list[float]]:
    """The candidate with the best total score over ``k`` sampled deals, and the totals.

    ``score(deal, candidates)`` values every candidate in one deal (higher is better for
    ``seat``); the candidates must be legal in every deal (they are, when they depend
    only on what the seat sees).  Ties go to the earliest candidate.
    """
    if not candidates:
        raise ValueError("vote needs at least one candidate action")
    totals = [0.0] * len(candidates)
    for _ in range(max(1, k)):
        deal: Game[A] = sample(game, seat, rng)
        for i, value in enumerate(score(deal, candidates)):
            totals[i] += value
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best], totals
