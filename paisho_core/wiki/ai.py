"""The computer's choice in Wiki Pai Sho: one action ahead on the score (wiki R9).

Every move, push, carry and turn is tried, with the flower entries and a seeded sample
of the other entries (there can be a thousand placements), and the action leaving the
best score difference (a won game above all) is played.
"""

from __future__ import annotations

import random

from .actions import ENTER, WikiAction
from .game import WikiGame
from .tiles import FLOWER_KINDS

WIN = 1_000_000
SAMPLE = 120
"""Non-flower entries tried per move (a seeded sample)."""


def evaluate(game: WikiGame, player: int) -> float:
    """The score difference for ``player`` (a finished game: ±:data:`WIN`, a draw 0)."""
    ended = game.outcome()
    if ended is not None:
        if len(ended.winners) == 1:
            return WIN if ended.winners[0] == player else -WIN
        return 0.0
    totals = [row["total"] for row in game.scores()]
    return float(totals[player] - totals[1 - player])


def best_action(game: WikiGame, actions: list[WikiAction], rng: random.Random) -> WikiAction:
    """The action with the best score difference after it (ties broken by ``rng``)."""
    me = game.player
    entries = [a for a in actions if a.kind == ENTER and a.tile not in FLOWER_KINDS]
    others = [a for a in actions if not (a.kind == ENTER and a.tile not in FLOWER_KINDS)]
    if len(entries) > SAMPLE:
        entries = rng.sample(entries, SAMPLE)
    best: WikiAction = actions[0]
    best_value = -float("inf")
    for action in others + entries:
        child = game.copy()
        child.apply(action)
        value = evaluate(child, me) + rng.random() * 0.5
        if value > best_value:
            best_value, best = value, action
    return best
