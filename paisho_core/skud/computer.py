"""Skud Pai Sho's computer opponent: what each level plays (registered in the registry).

* ``easy``: one action ahead with :func:`~paisho_core.skud.evaluate.evaluate`, blurred by
  noise, and now and then a merely good action instead of the best.
* ``medium``: one action ahead with a hand-tuned score (a ring ends the game, then
  harmonies that cross the midlines, harmonies and captures) — the site's first opponent.
* ``hard``: the search (:mod:`paisho_core.search`) with :class:`SkudPolicy`.
"""

from __future__ import annotations

import random
from typing import Any

from ..messages import Message
from ..protocol import Game
from .evaluate import SkudPolicy, evaluate, explain
from .game import SkudGame
from .rules import crosses_midline

WIN = 1_000_000
EASY_NOISE = 12.0
"""Standard deviation of the noise added to easy's evaluation of each action."""
EASY_SLIP = 0.3
"""Easy plays one of its five best actions at random this often."""


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


def easy_action(game: SkudGame, actions: list[Any], rng: random.Random) -> Any:
    """Easy: one step ahead with the full evaluation, noisy, and sometimes careless."""
    me = game.player
    scored = []
    for action in actions:
        game.push(action)
        value = evaluate(game, me)
        game.pop()
        scored.append((value + rng.gauss(0.0, EASY_NOISE), action))
    scored.sort(key=lambda s: -s[0])
    if rng.random() < EASY_SLIP:
        return rng.choice(scored[:5])[1]
    return scored[0][1]


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

    def explain(self, game: Game[Any]) -> list[Message]:
        """Who stands better and why, in plain sentences."""
        assert isinstance(game, SkudGame)
        return explain(game)


COMPUTER = SkudComputer()
