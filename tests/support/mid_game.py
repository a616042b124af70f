"""A game part-way through, the same for a test and a benchmark: seeded random legal
actions from a new game."""

from __future__ import annotations

import random
from typing import Any

from paisho_core import registry


def mid_game(variant: str, plies: int, seed: int = 11) -> Any:
    """A game of ``variant`` after ``plies`` seeded random legal actions (stops at an end)."""
    game = registry.new_game(variant, seed=seed)
    pick = random.Random(seed)
    for _ in range(plies):
        if game.outcome() is not None:
            break
        game.apply(pick.choice(game.legal_actions()))
    return game
