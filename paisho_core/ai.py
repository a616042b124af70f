"""A computer opponent for every variant, through the game protocol, in three levels.

``choose_action(game, seed, level)`` returns the action the computer plays for the player
to move; ``analyse`` adds the value, the expected line and (Skud) an explanation.

* ``easy``: looks one action ahead with the evaluation, blurred by noise, and now and
  then takes a merely good move instead of the best: the mistakes of a beginner.
* ``medium``: looks one action ahead with a hand-tuned score (harmony rings end the game,
  then harmonies that cross the midlines, harmonies and captures) — the first
  computer opponent of this site.
* ``hard``: iterative-deepening alpha-beta (:mod:`paisho_core.search`) over the Skud
  evaluation (:mod:`paisho_core.skud.evaluate`), with a node budget; the Harmony Bonus is
  searched as part of its turn.

Balance uses its solver at every level (it never peeks at the bag); a variant without a
policy of its own searches with a neutral evaluation (wins and losses only).  Every
choice is deterministic for a given position, ``seed`` and level, so a game against the
computer replays.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .errors import InvalidMove
from .protocol import Game

if TYPE_CHECKING:
    from .search import Policy
    from .skud import SkudGame

LEVELS = ("easy", "medium", "hard")
"""The levels offered to players, weakest first."""
HARD_NODES = 2500
"""Hard's node budget (pushes).  About 0.4 s a move in CPython on the test machine."""
EASY_NOISE = 12.0
EASY_SLIP = 0.3
"""Easy plays one of its five best actions at random this often."""
WIN = 1_000_000


def level_name(level: int | str) -> str:
    """The level's name: ``random``, ``easy``, ``medium`` or ``hard`` (0, 1, 2 = random,
    medium, hard for older callers); raise :class:`InvalidMove` naming a bad level."""
    if isinstance(level, int):
        names = {0: "random", 1: "medium", 2: "hard"}
        if level in names:
            return names[level]
    elif level in ("random", *LEVELS):
        return level
    raise InvalidMove(f"unknown level {level!r} (known: {', '.join(LEVELS)}, random)")


def _skud_score(game: SkudGame, player: int) -> float:
    """Medium's static evaluation of a Skud position for ``player`` (higher is better)."""
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


@dataclass(frozen=True)
class Analysis:
    """The computer's choice for the player to move, and why."""

    action: Any
    level: str
    value: float | None
    """The search's value for the mover (hard), ``None`` where the level does not search."""
    line: tuple[str, ...]
    """The expected continuation in notation, starting with ``action``."""
    depth: int
    nodes: int
    explanation: tuple[str, ...]
    """Plain sentences on the position (Skud), e.g. who threatens a ring."""


def choose_action(
    game: Game[Any], seed: int = 0, level: int | str = "medium", max_nodes: int | None = None
) -> Any:
    """The computer's action for the player to move (``None`` when the game is over).

    ``level`` is ``easy``, ``medium`` (default) or ``hard`` (or ``random``);
    ``max_nodes`` overrides hard's budget.
    """
    return analyse(game, seed, level, max_nodes, explain=False).action


def analyse(
    game: Game[Any],
    seed: int = 0,
    level: int | str = "medium",
    max_nodes: int | None = None,
    explain: bool = True,
) -> Analysis:
    """The computer's choice with its value, expected line and (Skud) explanation."""
    name = level_name(level)
    notes: tuple[str, ...] = ()
    if explain and game.info.name == "skud" and game.to_move is not None:
        from .skud.evaluate import explain as explain_skud  # lazy: keeps start-up small

        notes = tuple(explain_skud(cast("SkudGame", game)))
    actions = game.legal_actions()
    if not actions or game.to_move is None:
        return Analysis(None, name, None, (), 0, 0, notes)
    rng = random.Random(f"{seed}:{len(game.history)}")

    def simple(action: Any) -> Analysis:
        return Analysis(action, name, None, (game.format_action(action),), 1, 0, notes)

    if name == "random" or len(actions) == 1:
        return simple(rng.choice(actions))
    variant = game.info.name
    if variant == "balance":
        from .balance.solver import best_placement  # lazy: keeps start-up small

        return simple(best_placement(game, seed=seed))  # type: ignore[arg-type]
    if variant == "ancient":  # its own policy at every level (exact hits, no gifts)
        from .ancient.computer import choose  # lazy: keeps start-up small

        return simple(choose(game, rng))  # type: ignore[arg-type]
    if variant == "wiki":  # its own policy at every level (one action ahead on the score)
        from .wiki.ai import best_action  # lazy: keeps start-up small

        return simple(best_action(game, actions, rng))  # type: ignore[arg-type]
    if variant == "skud" and name == "medium":
        return simple(_best_skud(cast("SkudGame", game), actions, rng))
    if variant == "skud" and name == "easy":
        return simple(_easy_skud(cast("SkudGame", game), actions, rng))
    from .search import search  # lazy: keeps start-up small

    budget = max_nodes if max_nodes is not None else HARD_NODES
    if name == "easy":
        budget = min(budget, 10 * len(actions))
    result = search(game, _policy(game), max_nodes=budget, seed=seed, time_cap=10.0)
    line = _line_texts(game, result.line)
    return Analysis(result.action, name, result.value, line, result.depth, result.nodes, notes)


def _policy(game: Game[Any]) -> Policy[Any]:
    if game.info.name == "skud":
        from .skud.evaluate import SkudPolicy  # lazy: keeps start-up small

        return SkudPolicy()
    return _NeutralPolicy()


class _NeutralPolicy:
    """For variants without an evaluation of their own: only wins and losses count."""

    def evaluate(self, game: Game[Hashable], player: int) -> float:
        """``±WIN`` for a decided game, else 0."""
        from .search import WIN as SEARCH_WIN

        outcome = game.outcome()
        if outcome is None or len(outcome.winners) != 1:
            return 0.0
        return SEARCH_WIN if outcome.winners[0] == player else -SEARCH_WIN

    def candidates(self, game: Game[Hashable], depth: int) -> list[Hashable]:
        """Every legal action."""
        return game.legal_actions()


def _line_texts(game: Game[Any], line: tuple[Any, ...]) -> tuple[str, ...]:
    out = []
    probe = game.copy()
    for action in line:
        out.append(probe.format_action(action))
        probe.apply(action)
    return tuple(out)


def _best_skud(game: SkudGame, actions: list[Any], rng: random.Random) -> Any:
    """Medium: the best action one step ahead by :func:`_skud_score`."""
    me = game.player
    best: list[Any] = []
    best_value = -float("inf")
    for action in actions:
        game.push(action)
        value = _skud_score(game, me)
        if game.bonus_pending and game.player == me:
            # the bonus is ours to take next: count the best of a few quick options
            value += 4.0
        game.pop()
        value += rng.random() * 0.5  # break ties, vary play
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0]


def _easy_skud(game: SkudGame, actions: list[Any], rng: random.Random) -> Any:
    """Easy: one step ahead with the full evaluation, noisy, and sometimes careless."""
    from .skud.evaluate import evaluate

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
