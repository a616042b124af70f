"""Skud Pai Sho's computer opponent: what each level plays (registered in the registry).

* ``easy``: a beginner who tries things (:func:`easy_action`): it takes a ring it sees,
  else prefers an action that forms a harmony, a plant, a capture or a bonus taken, picked
  with chance; it never shuffles a tile along the rim for nothing.
* ``medium``: one action ahead with a hand-tuned score (a ring ends the game, then
  harmonies that cross the midlines, harmonies and captures) — the site's first opponent.
* ``hard``: the search (:mod:`paisho_core.search`) with :class:`SkudPolicy`.
"""

from __future__ import annotations

import random
from typing import Any

from ..ai import beginner_choice
from ..board import RIM
from ..messages import Message
from ..protocol import Game
from .actions import ARRANGE, BOAT_MOVE, BONUS_PLANT, PLACE_ACCENT, PLANT
from .evaluate import SkudPolicy, explain
from .game import SkudGame
from .rules import crosses_midline

WIN = 1_000_000
EASY_LIKES = {PLANT: 6.0, BONUS_PLANT: 5.0, PLACE_ACCENT: 5.0, BOAT_MOVE: 5.0}
"""How much easy likes an action of each kind (a harmony formed counts
:data:`EASY_HARMONY` more; an Arrange that forms none, nothing)."""
EASY_HARMONY = 8.0
EASY_CAPTURE = 4.0
EASY_CHANCE = 5.0
"""Easy adds a uniform chance of up to this much to each action's liking: a plant beats an
idle Arrange, and among what it likes it picks by chance."""
EASY_RIM = -6.0
"""An Arrange from the rim along the rim that forms nothing (a random walk's move)."""


def medium_score(game: SkudGame, player: int) -> float:
    """Medium's static evaluation of a Skud position for ``player`` (higher is better)."""
    ended = game._ended
    if ended is not None:
        if len(ended.winners) == 1:
            return WIN if ended.winners[0] == player else -WIN
        return 0.0
    opp = 1 - player
    score = 0.0
    for a, b, owner in game.harmonies():
        value = 10.0 + (8.0 if crosses_midline(a, b) else 0.0)
        score += value if owner == player else -value
    captured = game.captured
    score += 6.0 * (sum(captured[opp][:6]) - sum(captured[player][:6]))
    return score


def medium_action(game: SkudGame, actions: list[Any], rng: random.Random) -> Any:
    """Medium: the best action one step ahead by :func:`medium_score`."""
    me = game.player
    best: list[Any] = []
    best_value = -float("inf")
    for action in actions:
        game.push(action)
        value = medium_score(game, me)
        if game.bonus_pending and game.player == me:
            value += 4.0  # the bonus is ours to take next
        game.pop()
        value += rng.random() * 0.5  # break ties, vary play
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0]


def _mine(game: SkudGame, player: int) -> int:
    return sum(1 for _a, _b, owner in game.harmonies() if owner == player)


def easy_liking(game: SkudGame, action: Any, formed: int) -> float:
    """How much easy likes ``action`` (before chance), given the harmonies it ``formed``
    for the mover (:data:`EASY_LIKES`, :data:`EASY_HARMONY`, :data:`EASY_CAPTURE`,
    :data:`EASY_RIM`)."""
    value = EASY_LIKES.get(action.kind, 0.0) + EASY_HARMONY * max(formed, 0)
    if action.kind == ARRANGE:
        if game.board[action.dst]:
            value += EASY_CAPTURE
        elif formed <= 0 and action.src in RIM and action.dst in RIM:
            value += EASY_RIM
    return value


def easy_action(game: SkudGame, actions: list[Any], rng: random.Random) -> Any:
    """Easy, a beginner who tries things: a ring it sees wins, else the action it likes
    best (:func:`easy_liking`) with a chance added to each — plants, harmonies, captures
    and bonuses, never a look at what the opponent answers."""
    return beginner_choice(game, actions, rng, harmonies=_mine, liking=easy_liking,
                           ended=lambda g: g._ended, chance=EASY_CHANCE)


class SkudComputer:
    """Skud's levels: easy and medium look one action ahead, hard searches."""

    def choose(
        self, game: Game[Any], actions: list[Any], level: str, seed: int, rng: random.Random
    ) -> Any | None:
        """Easy's or medium's action; ``None`` for hard (it searches with :meth:`policy`)."""
        assert isinstance(game, SkudGame)
        if level == "medium":
            return medium_action(game, actions, rng)
        if level == "easy":
            return easy_action(game, actions, rng)
        return None

    def policy(self, level: str) -> SkudPolicy:
        """The search policy: the Skud evaluation and its beam."""
        return SkudPolicy()

    def explain(self, game: Game[Any], coordinates: bool = True) -> list[Message]:
        """Who stands better and why, in plain sentences."""
        assert isinstance(game, SkudGame)
        return explain(game, coordinates)


COMPUTER = SkudComputer()
