"""Balance Pai Sho's computer (registered in the registry): its solver at every level
(:func:`paisho_core.balance.solver.best_placement`; it never peeks at the bag)."""

from __future__ import annotations

import random
from typing import Any

from ..messages import Message
from ..protocol import Game
from ..search import NeutralPolicy
from .game import BalanceGame
from .solver import best_placement


class BalanceComputer:
    """Every level plays the solver's best placement."""

    def choose(
        self, game: Game[Any], actions: list[Any], level: str, seed: int, rng: random.Random
    ) -> Any | None:
        """The solver's best placement for ``seed``."""
        assert isinstance(game, BalanceGame)
        return best_placement(game, seed=seed)

    def policy(self, level: str) -> NeutralPolicy:
        """Not used (:meth:`choose` always answers)."""
        return NeutralPolicy()

    def explain(self, game: Game[Any], coordinates: bool = True) -> list[Message]:
        """No explanation for Balance (its hint names the point)."""
        return []


COMPUTER = BalanceComputer()
