"""Balance games for the page tests (``from balance_helpers import finished``)."""

from __future__ import annotations

from paisho_core.balance import BalanceGame
from paisho_core.balance.solver import greedy_placement


def finished(seed: int) -> BalanceGame:
    """A game of ``seed`` played to its end by the greedy rule."""
    game = BalanceGame((), seed)
    while not game.is_over:
        place = greedy_placement(game)
        assert place is not None
        game.apply(place)
    return game
