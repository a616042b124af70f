"""How the computer reviews a Balance game: after each placement, the best final score
still reachable, as the solver sees it (:mod:`.solver`).

A position's figure is the mean final score over :data:`SAMPLES` orders of the tiles
still in the bag (the multiset only: the bag's order is never read), each played out
by the greedy rule after the solver's best placement of the drawn tile.  A move is
judged by the drop in that figure (points, :data:`THRESHOLDS`).  Deterministic: the
orders are drawn from the position's own seed (the number of tiles placed).
"""

from __future__ import annotations

from typing import Any

from ..evaluation import Evaluation, Scale
from ..protocol import Game
from ..rng import SplitMix64
from .game import BalanceGame
from .solver import best_placement, rollout, unseen_kinds

SAMPLES = 48
"""Bag orders the figure is averaged over."""
MIN_BUDGET = 300
"""The least solver budget (simulated placements) a position is given."""
THRESHOLDS = (1.0, 2.0, 3.0)
"""Drops in the best reachable final score (points) that make an inaccuracy, a mistake
and a blunder: final scores are small whole numbers, so one point lost is a slip and
three is most of a good game's margin."""


class BalanceAnalyser:
    """The solver's best placement and the final score it still reaches on average."""

    scale = Scale.SCORE
    thresholds = THRESHOLDS

    def evaluate(
        self, game: Game[Any], nodes: int, viewer: int | None, played: Any | None
    ) -> Evaluation:
        """The best reachable final score after the solver's placement, and after the
        ``played`` one on the same bag orders (``nodes``: a tenth of the solver's budget,
        at least :data:`MIN_BUDGET`)."""
        assert isinstance(game, BalanceGame)
        mover = game.to_move
        assert mover is not None
        seats = len(game.players)
        best = best_placement(game, budget=max(MIN_BUDGET, nodes * 10), seed=0)
        if best is None:
            return Evaluation(mover, (0.0,) * seats)
        figure = reachable(game, best)
        after = None
        if played is not None:
            mine = figure if played == best else reachable(game, played)
            after = (mine,) * seats
        text = game.format_action(best)
        return Evaluation(mover, (figure,) * seats, after, figure, text, (text,), (), SAMPLES)


def reachable(game: BalanceGame, placement: Any) -> float:
    """The mean final score after ``placement`` over :data:`SAMPLES` orders of the bag as
    the player knows it (the same orders for every placement of a position)."""
    child = game.copy()
    child.apply(placement)
    outcome = child.outcome()
    if outcome is not None:
        return float(outcome.score or 0)
    unseen = unseen_kinds(game)  # the bag before the next draw: its multiset only
    rng = SplitMix64(len(game.history))
    total = 0
    for _ in range(SAMPLES):
        future = unseen[:]
        rng.shuffle(future)
        total += rollout(child.position.copy(), future)
    return total / SAMPLES


ANALYSER = BalanceAnalyser()
"""Balance's analyser (its spec's ``analyser``)."""
