"""Wiki Pai Sho's computer opponent: what each level plays (registered in the registry).

* ``easy``: a beginner who tries things (:func:`easy_action`): a win it sees, else what it
  likes — a flower entering, a harmony formed, a capture, a Boat or Wheel tried —
  picked with chance, never an idle shuffle along the rim;
* ``medium``: one action ahead on the score (:func:`paisho_core.wiki.ai.best_action`);
* ``hard``: the search (:mod:`paisho_core.search`) with :class:`.policy.WikiPolicy`.

Every choice is deterministic for a position, a seed and (hard) a node budget.
"""

from __future__ import annotations

import random
from typing import Any

from ..ai import beginner_choice
from ..board import RIM
from ..messages import Message
from ..protocol import Game
from .actions import CARRY, ENTER, MOVE, PUSH, TURN, WikiAction
from .ai import best_action
from .game import WikiGame
from .notes import explain
from .policy import WikiPolicy
from .tiles import FLOWER_KINDS, IS_FLOWER

EASY_SAMPLE = 24
"""Entries of tiles other than flowers easy looks at (a seeded sample of them)."""
EASY_LIKES = {PUSH: 3.0, CARRY: 3.0, TURN: 3.0}
"""How much easy likes an action of each kind (entries: :data:`EASY_ENTRY`; a move that
forms nothing: nothing)."""
EASY_ENTRY = (4.0, 2.0)
"""A flower's entry, another tile's."""
EASY_FIRST_MOVE = 3.0
"""A flower's first move (a moved flower may form harmonies, wiki R8)."""
EASY_HARMONY = 8.0
EASY_CAPTURE = 4.0
EASY_CHANCE = 5.0
"""A uniform chance of up to this much added to each action's liking."""
EASY_RIM = -6.0
"""A move from the rim along the rim that forms and takes nothing."""


def _mine(game: WikiGame, player: int) -> int:
    return sum(1 for _a, _b, owner in game.harmony_list if owner == player)


def easy_liking(game: WikiGame, action: WikiAction, formed: int) -> float:
    """How much easy likes ``action`` (before chance), given the harmonies it ``formed``
    for the mover."""
    value = EASY_LIKES.get(action.kind, 0.0) + EASY_HARMONY * max(formed, 0)
    if action.kind == ENTER:
        value += EASY_ENTRY[0 if action.tile in FLOWER_KINDS else 1]
    elif action.kind == MOVE:
        if IS_FLOWER[game.board[action.src]] and not game.moved[action.src]:
            value += EASY_FIRST_MOVE
        if game.board[action.dst]:
            value += EASY_CAPTURE
        elif formed <= 0 and action.src in RIM and action.dst in RIM:
            value += EASY_RIM
    return value


def easy_action(game: WikiGame, actions: list[WikiAction], rng: random.Random) -> WikiAction:
    """Easy, a beginner who tries things: a win it sees, else the action it likes best
    (:func:`easy_liking`) with a chance added to each; it never looks at the answer."""
    entries = [a for a in actions if a.kind == ENTER and a.tile not in FLOWER_KINDS]
    others = [a for a in actions if not (a.kind == ENTER and a.tile not in FLOWER_KINDS)]
    if len(entries) > EASY_SAMPLE:
        entries = rng.sample(entries, EASY_SAMPLE)
    return beginner_choice(game, others + entries, rng, harmonies=_mine,
                           liking=easy_liking, ended=lambda g: g.outcome(), chance=EASY_CHANCE)


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

    def explain(self, game: Game[Any], coordinates: bool = True) -> list[Message]:
        """Threats, chain chances and the score, in plain sentences for the player to move."""
        assert isinstance(game, WikiGame)
        return explain(game, coordinates)


COMPUTER = WikiComputer()
