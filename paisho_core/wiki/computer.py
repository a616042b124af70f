"""Wiki Pai Sho's computer opponent: what each level plays (registered in the registry).

* ``easy``: a beginner — one action ahead on the score (wiki R9) over a short, seeded
  list of actions, blurred by noise, and now and then any action of that list;
* ``medium``: one action ahead on the score (:func:`paisho_core.wiki.ai.best_action`);
* ``hard``: the search (:mod:`paisho_core.search`) with :class:`.policy.WikiPolicy`.

Every choice is deterministic for a position, a seed and (hard) a node budget.
"""

from __future__ import annotations

import random
from typing import Any

from ..messages import Message
from ..protocol import Game
from .actions import WikiAction
from .ai import best_action
from .ai import evaluate as score_difference
from .game import WikiGame
from .notes import explain
from .policy import WikiPolicy

EASY_SAMPLE = 24
"""Actions easy looks at (a seeded sample of the legal ones)."""
EASY_NOISE = 1.5
"""Standard deviation of the noise added to easy's score of each action (in points)."""
EASY_SLIP = 0.35
"""Easy plays any action of its sample this often."""


def easy_action(game: WikiGame, actions: list[WikiAction], rng: random.Random) -> WikiAction:
    """Easy: the best of a few actions by the score one action ahead, noisy, and now and
    then a careless one (it never sees what the opponent answers)."""
    sample = actions if len(actions) <= EASY_SAMPLE else rng.sample(actions, EASY_SAMPLE)
    if rng.random() < EASY_SLIP:
        return rng.choice(sample)
    me = game.player
    best, best_value = sample[0], -float("inf")
    for action in sample:
        game.push(action)
        value = score_difference(game, me)
        game.pop()
        value += rng.gauss(0.0, EASY_NOISE)
        if value > best_value:
            best, best_value = action, value
    return best


class WikiComputer:
    """Wiki's levels: easy and medium look one action ahead, hard searches."""

    def choose(
        self, game: Game[Any], actions: list[Any], level: str, seed: int, rng: random.Random
    ) -> Any | None:
        """Easy's or medium's action; ``None`` for hard (it searches with :meth:`policy`)."""
        assert isinstance(game, WikiGame)
        if level == "medium":
            return best_action(game, actions, rng)
        if level == "easy":
            return easy_action(game, actions, rng)
        return None

    def policy(self, level: str) -> WikiPolicy:
        """The search policy: the Wiki evaluation, useful entries and a beam."""
        return WikiPolicy()

    def explain(self, game: Game[Any]) -> list[Message]:
        """Threats, ring chances and the score, in plain sentences for the player to move."""
        assert isinstance(game, WikiGame)
        return explain(game)


COMPUTER = WikiComputer()
