"""Iterative-deepening alpha-beta search over the game protocol, with a node budget.

Written once for every variant: a variant supplies a :class:`Policy` (a static
evaluation and the actions worth searching, best guess first) and the search uses only
the protocol's ``legal_actions``/``push``/``pop``/``to_move``/``plies``.  A turn may be
several actions (Skud's Harmony Bonus): an action after which the same ply goes on does
not use up depth, so a bonus is searched as part of its turn.

The search is deterministic for a given game, policy, ``seed`` and ``max_nodes``: the
budget counts pushes, never time.  ``time_cap`` is only a safety net (a search it stops
depends on the machine's speed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .messages import Message
from .protocol import Game

A = TypeVar("A", bound=Hashable)

WIN = 100_000.0
"""The value of a won game (a lost one is ``-WIN``); evaluations stay far below it."""


class Policy(Protocol[A]):
    """What the search needs to know about a variant."""

    def evaluate(self, game: Game[A], player: int) -> float:
        """Static value of the position for ``player`` (``±WIN`` once decided)."""

    def candidates(self, game: Game[A], depth: int) -> list[A]:
        """The actions to search in this position with ``depth`` plies left, best first.

        May leave out actions not worth searching at this depth (never all of them
        while some are legal); the root always searches every legal action.
        """


class RootPolicy(Policy[A], Protocol[A]):
    """A policy that also narrows the root (optional: the search uses it when a policy
    has :meth:`root_candidates`, else it searches every legal action at the root)."""

    def root_candidates(self, game: Game[A]) -> list[A]:
        """The actions to search at the root, never none while some are legal (e.g.
        every move but only the entries at useful points, when there are a thousand)."""


class Computer(Protocol):
    """What a variant gives the computer opponent (registered in
    :mod:`~paisho_core.registry`, played by :mod:`~paisho_core.ai`)."""

    def choose(
        self, game: Game[Any], actions: list[Any], level: str, seed: int, rng: random.Random
    ) -> Any | None:
        """The action ``level`` plays among ``actions`` (the legal ones, two or more),
        leaving ``game`` as it was; ``None`` to let the search decide with :meth:`policy`."""

    def policy(self, level: str) -> Policy[Any]:
        """The search policy (evaluation and candidate actions) for ``level``."""

    def explain(self, game: Game[Any], coordinates: bool = True) -> list[Message]:
        """Plain sentences on the position for the player to move (may be none), as
        :class:`~paisho_core.messages.Message` s the page translates; points and moves
        named in notation only with ``coordinates`` (the page's setting: off, the
        sentences name no point and no move)."""


class NeutralPolicy:
    """For variants without an evaluation of their own: only wins and losses count."""

    def evaluate(self, game: Game[Any], player: int) -> float:
        """``±WIN`` for a decided game, else 0."""
        outcome = game.outcome()
        if outcome is None or len(outcome.winners) != 1:
            return 0.0
        return WIN if outcome.winners[0] == player else -WIN

    def candidates(self, game: Game[Any], depth: int) -> list[Any]:
        """Every legal action."""
        return game.legal_actions()


@dataclass(frozen=True)
class SearchResult(Generic[A]):
    """What a search found: the action, its value for the mover and how deep it looked."""

    action: A | None
    value: float
    depth: int
    """Plies (turns) of the deepest iteration that finished (the line may go deeper)."""
    nodes: int
    """Positions visited (pushes)."""
    line: tuple[A, ...]
    """The principal variation: the expected continuation, starting with ``action``."""
    seconds: float


class _OutOfBudget(Exception):
    """Raised inside the tree when the node budget (or the time cap) is spent."""


class _Searcher(Generic[A]):
    def __init__(
        self, game: Game[A], policy: Policy[A], max_nodes: int, time_cap: float | None
    ) -> None:
        self.game = game
        self.policy = policy
        self.max_nodes = max_nodes
        self.deadline = None if time_cap is None else time.perf_counter() + time_cap
        self.root = game.to_move
        self.nodes = 0
        self.killers: dict[int, list[A]] = {}
        self.history: dict[A, int] = {}
        """Cut-offs each action caused so far, weighted by depth (the history heuristic)."""

    def _spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and self.nodes & 63 == 0 and (
            time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget

    def _leaf(self) -> float:
        assert self.root is not None
        return self.policy.evaluate(self.game, self.root)

    def value(self, depth: int, alpha: float, beta: float, ply: int) -> tuple[float, list[A]]:
        """Minimax value (for the root player) of the current position, with its line."""
        if depth <= 0:
            return self._leaf(), []
        game = self.game
        mover = game.to_move
        if mover is None:
            return self._leaf(), []
        actions = self.policy.candidates(game, depth)
        history = self.history
        if history:
            actions = sorted(actions, key=lambda a: -history.get(a, 0))
        killers = self.killers.get(ply)
        if killers:
            front = [k for k in killers if k in actions]
            if front:
                actions = front + [a for a in actions if a not in front]
        maximise = mover == self.root
        best = -float("inf") if maximise else float("inf")
        line: list[A] = []
        plies = game.plies
        for action in actions:
            self._spend()
            game.push(action)
            try:
                child_depth = depth if game.plies == plies else depth - 1
                value, sub = self.value(child_depth, alpha, beta, ply + 1)
            finally:
                game.pop()
            if maximise:
                if value > best:
                    best, line = value, [action, *sub]
                    alpha = max(alpha, value)
            elif value < best:
                best, line = value, [action, *sub]
                beta = min(beta, value)
            if alpha >= beta:
                history[action] = history.get(action, 0) + depth * depth
                slot = self.killers.setdefault(ply, [])
                if action not in slot:
                    slot.insert(0, action)
                    del slot[2:]
                break
        return best, line


def search(
    game: Game[A],
    policy: Policy[A],
    *,
    max_nodes: int,
    max_depth: int = 6,
    seed: int = 0,
    time_cap: float | None = None,
) -> SearchResult[A]:
    """Search the position for the player to move; return the best action found.

    Iterative deepening: depth 1, 2, … ``max_depth`` plies, each iteration trying the
    previous one's best actions first.  When the budget runs out inside an iteration,
    the best of its fully searched actions is kept (the previous best is always searched
    first, so it is never worse informed).  ``seed`` shuffles the first iteration's order,
    which decides between equal actions.  The root searches every legal action, or
    only those a :class:`RootPolicy` names.  The game is left as it was.
    """
    start = time.perf_counter()
    mover = game.to_move
    if mover is None:
        return SearchResult(None, 0.0, 0, 0, (), 0.0)
    narrow = getattr(policy, "root_candidates", None)
    actions: list[Any] = list(narrow(game) if narrow is not None else game.legal_actions())
    if not actions:
        actions = list(game.legal_actions())
    random.Random(seed).shuffle(actions)
    searcher = _Searcher(game, policy, max_nodes, time_cap)
    best_action = actions[0]
    best_value = -float("inf")
    best_line: tuple[A, ...] = (best_action,)
    done_depth = 0
    plies = game.plies
    for depth in range(1, max_depth + 1):
        scored: list[tuple[float, int, A, list[A]]] = []
        alpha = -float("inf")
        try:
            for order, action in enumerate(actions):
                searcher._spend()
                game.push(action)
                try:
                    child_depth = depth if game.plies == plies else depth - 1
                    value, sub = searcher.value(child_depth, alpha, float("inf"), 1)
                finally:
                    game.pop()
                scored.append((value, order, action, sub))
                alpha = max(alpha, value)
        except _OutOfBudget:
            if scored:  # the previous best was searched first: this is never worse
                value, _, action, sub = max(scored, key=lambda s: (s[0], -s[1]))
                best_action, best_value, best_line = action, value, (action, *sub)
            break
        value, _, action, sub = max(scored, key=lambda s: (s[0], -s[1]))
        best_action, best_value, best_line = action, value, (action, *sub)
        done_depth = depth
        # next iteration: the best first (values below alpha are bounds, but still a guide)
        scored.sort(key=lambda s: (-s[0], s[1]))
        actions = [s[2] for s in scored]
        if abs(best_value) >= WIN or len(actions) == 1:
            break
    return SearchResult(
        best_action, best_value, done_depth, searcher.nodes, best_line,
        time.perf_counter() - start,
    )


def action_value(
    game: Game[A], policy: Policy[A], action: A, *, depth: int, max_nodes: int
) -> tuple[float, int] | None:
    """The value for the player to move of playing ``action`` and searching on to
    ``depth`` plies (the same depth for every action compared: a move judged against the
    best one), with the depth it reached; ``None`` when even one ply does not fit the
    budget.  A shallower depth is tried when ``depth`` does not fit.  The game is left as
    it was."""
    for reach in range(max(1, depth), 0, -1):
        searcher = _Searcher(game, policy, max_nodes, None)
        plies = game.plies
        game.push(action)
        try:
            child_depth = reach if game.plies == plies else reach - 1
            value, _ = searcher.value(child_depth, -float("inf"), float("inf"), 1)
        except _OutOfBudget:
            continue
        finally:
            game.pop()
        return value, reach
    return None
