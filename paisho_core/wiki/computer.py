"""Wiki Pai Sho's computer opponent (registered in the registry): at every level, one
action ahead on the score (:func:`paisho_core.wiki.ai.best_action`)."""

from __future__ import annotations

import random
from typing import Any

from ..protocol import Game
from ..search import NeutralPolicy
from .ai import best_action
from .game import WikiGame


class WikiComputer:
    """Every level plays :func:`~paisho_core.wiki.ai.best_action`."""

    def choose(
        self, game: Game[Any], actions: list[Any], level: str, seed: int, rng: random.Random
    ) -> Any | None:
        """The best action one step ahead by the score (ties broken by ``rng``)."""
        assert isinstance(game, WikiGame)
        return best_action(game, actions, rng)

    def policy(self, level: str) -> NeutralPolicy:
        """Not used (:meth:`choose` always answers); wins and losses only."""
        return NeutralPolicy()

    def explain(self, game: Game[Any]) -> list[str]:
        """No explanation for Wiki yet."""
        return []


COMPUTER = WikiComputer()
