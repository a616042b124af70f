"""A computer opponent for every variant, through the game protocol, in three levels.

``choose_action(game, seed, level)`` returns the action the computer plays for the player
to move; ``analyse`` adds the value, the expected line and an explanation.

Each variant provides its own :class:`~paisho_core.search.Computer` through the registry
(:func:`paisho_core.registry.get_computer`): it answers the levels it plays directly
(Skud's and Wiki's easy and medium look one action ahead; Balance's solver and Ancient's
levels answer at every level — Ancient's from the mover's view only, Hard a determinized
vote, :mod:`paisho_core.determinized`) and gives the search policy for the others.  Skud's
``hard`` is iterative-deepening alpha-beta (:mod:`paisho_core.search`) over the Skud
evaluation (:mod:`paisho_core.skud.evaluate`) with a node budget; the Harmony Bonus is
searched as part of its turn.  Wiki's ``hard`` is the same search over
:mod:`paisho_core.wiki.evaluate`, trying the actions :mod:`paisho_core.wiki.policy`
names.  A variant without a computer of its own is searched with a neutral evaluation
(wins and losses only); so a new variant plugs in through the registry without editing
this module.

Every choice is deterministic for a given position, ``seed``, level and budget, so a
game against the computer replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .board import Point
from .errors import InvalidMove
from .messages import Message, as_message
from .protocol import Game, Outcome
from .tokens import token_point

if TYPE_CHECKING:
    from .search import Computer

LEVELS = ("easy", "medium", "hard")
"""The levels offered to players, weakest first."""
HARD_NODES = 2000
"""Hard's node budget (positions visited, including those a policy looks at to order its
candidates)."""


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
    explanation: tuple[Message, ...]
    """Plain sentences on the position (Skud, Wiki, Ancient), e.g. who threatens a ring, as
    messages (``str()`` is the English; the page shows them in its language)."""


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
    coordinates: bool = True,
) -> Analysis:
    """The computer's choice with its value, expected line and (Skud, Wiki, Ancient)
    explanation (naming points and moves in notation only with ``coordinates``)."""
    name = level_name(level)
    from .registry import get_computer  # lazy: keeps start-up small

    computer: Computer | None = get_computer(game.info.name)
    notes: tuple[Message, ...] = ()
    if explain and computer is not None and game.to_move is not None:
        said = computer.explain(game, coordinates)
        notes = tuple(as_message(note) for note in said)  # str: as written
    actions = game.legal_actions()
    if not actions or game.to_move is None:
        return Analysis(None, name, None, (), 0, 0, notes)
    rng = random.Random(f"{seed}:{len(game.history)}")

    def simple(action: Any) -> Analysis:
        return Analysis(action, name, None, (game.format_action(action),), 1, 0, notes)

    if name == "random" or len(actions) == 1:
        return simple(rng.choice(actions))
    if computer is not None:
        chosen = computer.choose(game, actions, name, seed, rng)
        if chosen is not None:
            return simple(chosen)
        policy = computer.policy(name)
    else:
        from .search import NeutralPolicy  # lazy: keeps start-up small

        policy = NeutralPolicy()
    from .search import search  # lazy: keeps start-up small

    budget = max_nodes if max_nodes is not None else HARD_NODES
    if name == "easy":
        budget = min(budget, 10 * len(actions))
    result = search(game, policy, max_nodes=budget, seed=seed, time_cap=10.0)
    line = line_texts(game, result.line)
    return Analysis(result.action, name, result.value, line, result.depth, result.nodes, notes)


def action_points(game: Game[Any], action: Any) -> tuple[Point, ...]:
    """The board points ``action`` is made with (its ``point:`` clicks, in order): what a
    page marks to show a hint, e.g. a planting point, or a move's from and to."""
    points = (token_point(token) for token in game.action_clicks(action))
    return tuple(p for p in points if p is not None)


def line_texts(game: Game[Any], line: tuple[Any, ...]) -> tuple[str, ...]:
    """The actions of ``line``, played in turn from ``game``'s position, in notation."""
    out = []
    probe = game.copy()
    for action in line:
        out.append(probe.format_action(action))
        probe.apply(action)
    return tuple(out)


_Action = TypeVar("_Action")


def beginner_choice(
    game: Game[Any],
    actions: list[_Action],
    rng: random.Random,
    *,
    harmonies: Callable[[Any, int], int],
    liking: Callable[[Any, _Action, int], float],
    ended: Callable[[Any], Outcome | None],
    chance: float,
) -> _Action:
    """Easy's choice, a beginner who tries things: the first of ``actions`` after which
    ``ended`` says the mover has won, else the one ``liking(game, action, formed)`` rates
    best with up to ``chance`` added at random (``formed``: how many harmonies of the
    mover, counted by ``harmonies(game, seat)``, the action adds). Each action is tried
    with ``push``/``pop``; the answer is never looked at."""
    me = game.to_move
    assert me is not None
    before = harmonies(game, me)
    best, best_value = actions[0], -float("inf")
    for action in actions:
        game.push(action)
        end = ended(game)
        formed = harmonies(game, me) - before
        game.pop()
        if end is not None and end.winners == (me,):
            return action
        value = liking(game, action, formed) + rng.random() * chance
        if value > best_value:
            best, best_value = action, value
    return best
