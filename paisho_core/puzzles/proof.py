"""Proving a puzzle: exactly one turn of the mover reaches its goal, searched exhaustively.

:func:`prove` walks every turn the mover can play (every action until the other player
is to move: a Skud move and its Harmony Bonus, an Ancient placement and its move; a
solitaire's placement), by push and pop (:func:`paisho_core.lessons.proof.walk`), never
asking an evaluation:

* a *goal kind* is proved when exactly one turn meets the goal (a turn stops where the
  goal is met, so a Harmony Ring closed by the move needs no bonus after it);
* ``best-capture`` when at least two turns capture and exactly one of them leaves the
  mover strictly furthest ahead on the points;
* ``best-final`` (a solitaire) when exactly one placement keeps the best final score
  reachable, every later placement searched to the end with the set-up's pile.

A variant whose spec names ``puzzle_rules`` may search a goal kind itself, on its own
position (:mod:`.variant`: Ancient's exact target, whose positions have tens of
thousands of whole turns): the same turns as the walk, counted faster, still every one.

Turns that draw a tile are never searched: a puzzle is solved from what the mover can
see (their own hand).  A :class:`Proof` holds the solution, how many turns were searched,
how deep, and how many *plausible* turns fail (that make a new harmony of the mover, or
capture, or come within two points of the best final score): the puzzle's difficulty.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..lessons import facts
from ..lessons.goals import Turn
from ..lessons.proof import walk
from ..messages import Message
from .goals import Kind, harmony_count, margin
from .variant import rules_of

EXCLUDE = frozenset({"draw"})
"""Action kinds a puzzle's turn never takes (a drawn tile is hidden)."""
MAX_TURNS = 60_000
"""The most whole turns one proof searches (a larger position is not a puzzle)."""
MAX_FINAL_DRAWS = 4
"""A ``best-final`` puzzle is tried only this near a solitaire's end."""
MAX_FINAL_NODES = 200_000
"""The most positions a ``best-final`` proof searches to the end."""


@dataclass(frozen=True)
class Proof:
    """A proved puzzle: the solution's actions and what the search went through."""

    solution: tuple[str, ...]
    turns: int
    depth: int
    plausible: int

    def rating(self) -> int:
        """The puzzle's rating (Elo scale): deeper searches and more plausible wrong
        turns make it harder."""
        return round(900 + 150 * (self.depth - 1) + 120 * math.log2(1 + self.plausible)
                     + 40 * math.log10(1 + self.turns))


class _Never:
    """A goal no turn meets: :func:`walk` then yields every whole turn."""

    kind = "never"

    def met(self, turn: Turn) -> bool:
        return False

    def why(self, turn: Turn) -> Message:  # pragma: no cover - never asked
        raise NotImplementedError


def _tiles_of_others(game: facts.AnyGame, seat: int) -> int:
    return sum(1 for t in game.board_tiles() if t.owner is not None and t.owner != seat)


def _prove_goal(game: facts.AnyGame, kind: Kind) -> Proof | None:
    mover = game.to_move
    assert mover is not None and kind.goal is not None
    work = game.copy()
    base = harmony_count(game, mover)
    found: tuple[str, ...] | None = None
    turns = plausible = 0
    for met, actions in walk(work, game, mover, kind.goal, [], EXCLUDE):  # type: ignore[arg-type]
        turns += 1
        if met:
            if found is not None:
                return None
            found = actions
        elif harmony_count(work, mover) > base:
            plausible += 1
        if turns > MAX_TURNS:
            return None
    if found is None:
        return None
    return Proof(found, turns, len(found), plausible)


def _prove_capture(game: facts.AnyGame) -> Proof | None:
    mover = game.to_move
    assert mover is not None
    before = _tiles_of_others(game, mover)
    values: list[tuple[int, tuple[str, ...]]] = []
    work = game.copy()
    turns = 0
    for _, actions in walk(work, game, mover, _Never(), [], EXCLUDE):  # type: ignore[arg-type]
        turns += 1
        if turns > MAX_TURNS:
            return None
        if _tiles_of_others(work, mover) < before:
            value = margin(work, mover)
            if value is None:
                return None
            values.append((value, actions))
    if len(values) < 2:
        return None
    values.sort(key=lambda item: -item[0])
    if values[0][0] == values[1][0]:
        return None
    return Proof(values[0][1], turns, 1, len(values) - 1)


def final_score(game: facts.AnyGame) -> int:
    """A finished solitaire's score (0 when it failed)."""
    outcome = game.outcome()
    if outcome is not None and outcome.score is not None:
        return int(outcome.score)
    return facts.score(game, 0) or 0


class _Budget:
    def __init__(self, nodes: int) -> None:
        self.left = nodes


def best_final(game: facts.AnyGame, budget: Any) -> int | None:
    """The best final score reachable from ``game`` (every placement to the end), or
    ``None`` when the budget runs out.  Pushes and pops ``game``."""
    if game.outcome() is not None:
        return final_score(game)
    best = -1
    for action in game.legal_actions():
        budget.left -= 1
        if budget.left < 0:
            return None
        game.push(action)
        try:
            value = best_final(game, budget)
        finally:
            game.pop()
        if value is None:
            return None
        best = max(best, value)
    return best if best >= 0 else final_score(game)


def _prove_final(game: facts.AnyGame, depth: int) -> Proof | None:
    budget = _Budget(MAX_FINAL_NODES)
    work = game.copy()
    values: list[tuple[int, str]] = []
    for action in work.legal_actions():
        text = work.format_action(action)
        work.push(action)
        try:
            value = best_final(work, budget)
        finally:
            work.pop()
        if value is None:
            return None
        values.append((value, text))
    if len(values) < 2:
        return None
    values.sort(key=lambda item: -item[0])
    if values[0][0] == values[1][0] or values[0][0] <= 0:
        return None
    close = sum(1 for v, _ in values[1:] if v >= values[0][0] - 2)
    return Proof((values[0][1],), MAX_FINAL_NODES - budget.left, depth, close)


def remaining_draws(game: facts.AnyGame) -> int | None:
    """How many placements a solitaire has left (its pile and the drawn tile), if known."""
    data = facts.numbers(game)
    left = data.get("bag_left", data.get("remaining"))
    return left + 1 if isinstance(left, int) else None


def prove(game: facts.AnyGame, kind: Kind) -> Proof | None:
    """The proof that exactly one turn of the player to move in ``game`` solves a
    puzzle of ``kind``, or ``None`` (no turn does, several do, or the search is too
    large).  ``game`` is left as it was."""
    if game.to_move is None or game.outcome() is not None:
        return None
    if kind.best == "best-capture":
        return _prove_capture(game)
    if kind.best == "best-final":
        left = remaining_draws(game)
        return None if left is None or left > MAX_FINAL_DRAWS else _prove_final(game, left)
    rules = rules_of(game.info.name)
    searched = None if rules is None else rules.search(game, kind)
    if searched is not None:
        if searched.count != 1 or searched.turns > MAX_TURNS:
            return None
        solution = searched.solutions[0]
        return Proof(solution, searched.turns, len(solution), searched.plausible)
    return _prove_goal(game, kind)
