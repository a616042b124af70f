"""The search-based analysers (:class:`paisho_core.analysis.Analyser`): a position's
value from the variant's Hard search (:mod:`paisho_core.search`), turned into a win
chance by a :class:`WinCurve`.

:class:`SearchAnalyser` searches with the policy of the variant's computer (its
``hard`` level), or with wins and losses only for a variant without one (the neutral
evaluation: every undecided position is even).  Its curve is the variant's own, fitted
on the computer's games against itself (``benchmarks/calibration.py``), or
:data:`NEUTRAL_CURVE`.  Deterministic for a position and budget.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .ai import line_texts
from .evaluation import LINE_PLIES, NOTES, Evaluation, Scale
from .messages import as_message
from .protocol import Game
from .search import WIN, NeutralPolicy, action_value, search

THRESHOLDS = (0.10, 0.20, 0.30)
"""Drops in the mover's win chance that make an inaccuracy, a mistake and a blunder: ten
points is a clear but recoverable slip, thirty turns a won game into a lost-leaning
one (the same steps as lichess's)."""


@dataclass(frozen=True)
class WinCurve:
    """A logistic curve from the search's value ``v`` for the mover to the mover's win
    chance: ``1 / (1 + exp(-(v - bias) / scale))``; a decided value (``±WIN``) is 1 or 0."""

    scale: float
    bias: float = 0.0

    def chance(self, value: float) -> float:
        """The mover's win chance for the search's ``value``."""
        if value >= WIN:
            return 1.0
        if value <= -WIN:
            return 0.0
        z = (value - self.bias) / self.scale
        if z < -60:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


NEUTRAL_CURVE = WinCurve(scale=1.0)
"""The curve of a variant without one of its own: any value that is not a decided game
is near zero, so near an even chance."""


def seat_chances(mover: int, seats: int, chance: float) -> tuple[float, ...]:
    """Each seat's win chance when the mover's is ``chance`` (the rest shared equally)."""
    rest = (1.0 - chance) / (seats - 1) if seats > 1 else 0.0
    return tuple(chance if s == mover else rest for s in range(seats))


@dataclass(frozen=True)
class SearchAnalyser:
    """Positions valued by the variant's Hard search, chances by its :class:`WinCurve`."""

    curve: WinCurve = field(default=NEUTRAL_CURVE)
    scale: Scale = Scale.CHANCE
    thresholds: tuple[float, float, float] = THRESHOLDS

    def evaluate(
        self, game: Game[Any], nodes: int, viewer: int | None, played: Any | None
    ) -> Evaluation:
        """The search's best action and line for the mover, the best and the ``played``
        action weighed at the same depth (:func:`~paisho_core.search.action_value`), and
        the computer's explanation (``viewer`` is not needed: everything is public)."""
        from .registry import get_computer

        mover = game.to_move
        assert mover is not None
        seats = len(game.players)
        computer = get_computer(game.info.name)
        policy: Any = NeutralPolicy() if computer is None else computer.policy("hard")
        result = search(game, policy, max_nodes=max(1, nodes), seed=0)
        spent = result.nodes
        value = result.value
        after: tuple[float, ...] | None = None
        if played is not None and result.action is not None:
            depth = max(1, result.depth)
            best = action_value(game, policy, result.action, depth=depth, max_nodes=nodes)
            if best is not None:
                value, depth = best
            mine = (value, depth) if played == result.action else action_value(
                game, policy, played, depth=depth, max_nodes=nodes)
            if mine is not None:
                after = seat_chances(mover, seats, self.curve.chance(mine[0]))
            spent += 2 * nodes
        said = computer.explain(game, True)[:NOTES] if computer is not None else []
        line = line_texts(game, result.line[:LINE_PLIES])
        return Evaluation(
            mover, seat_chances(mover, seats, self.curve.chance(value)), after, value,
            line[0] if line else None, line, tuple(as_message(note) for note in said), spent,
        )
