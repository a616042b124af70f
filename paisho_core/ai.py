"""A computer opponent for every variant, through the game protocol.

``choose_action(game)`` returns the action the computer plays for the player to
move.  Skud looks one action ahead with a hand-tuned evaluation (harmony rings end the
game, then harmonies that cross the midlines, harmonies and captures); a Harmony Bonus
is chosen the same way.  Balance uses its solver (which never peeks at the bag); Wiki
looks one action ahead on the score (:mod:`paisho_core.wiki.ai`).  Any other variant
plays a random legal action.  The choice is deterministic for a given
``seed``, so a game against the computer replays.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from .protocol import Game

if TYPE_CHECKING:
    from .skud import SkudGame

WIN = 1_000_000


def _skud_score(game: SkudGame, player: int) -> float:
    """Static evaluation of a Skud position for ``player`` (higher is better)."""
    from .skud.rules import crosses_midline  # lazy: keeps start-up small

    ended = game._ended
    if ended is not None:
        if len(ended.winners) == 1:
            return WIN if ended.winners[0] == player else -WIN
        return 0.0
    opp = 1 - player
    harmonies = game.harmonies()
    score = 0.0
    for a, b, owner in harmonies:
        value = 10.0 + (8.0 if crosses_midline(a, b) else 0.0)
        score += value if owner == player else -value
    captured = game.captured
    score += 6.0 * (sum(captured[opp][:6]) - sum(captured[player][:6]))
    return score


def choose_action(game: Game[Any], seed: int = 0, level: int = 1) -> Any:
    """The computer's action for the player to move (``None`` when the game is over).

    ``level`` 0 plays a random legal action; 1 (default) looks one action ahead.
    """
    actions = game.legal_actions()
    if not actions or game.to_move is None:
        return None
    rng = random.Random(f"{seed}:{len(game.history)}")
    if level <= 0 or len(actions) == 1:
        return rng.choice(actions)
    name = game.info.name
    if name == "balance":
        from .balance.solver import best_placement  # lazy: keeps start-up small

        return best_placement(game, seed=seed)  # type: ignore[arg-type]
    if name == "ancient":
        from .ancient.computer import choose  # lazy: keeps start-up small

        return choose(game, rng)  # type: ignore[arg-type]
    if name == "wiki":
        from .wiki.ai import best_action  # lazy: keeps start-up small

        return best_action(game, actions, rng)  # type: ignore[arg-type]
    if name != "skud":
        return rng.choice(actions)
    return _best_skud(cast("SkudGame", game), actions, rng)


def _best_skud(game: SkudGame, actions: list[Any], rng: random.Random) -> Any:
    me = game.player
    best: list[Any] = []
    best_value = -float("inf")
    for action in actions:
        child = game.copy()
        child.apply(action)
        value = _skud_score(child, me)
        if child.bonus_pending and child.player == me:
            # the bonus is ours to take next: count the best of a few quick options
            value += 4.0
        value += rng.random() * 0.5  # break ties, vary play
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0]
