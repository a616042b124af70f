"""The reader's puzzle rating: Elo, with a larger step while the rating is new.

A puzzle's rating (:attr:`paisho_core.puzzles.Puzzle.rating`) is its difficulty on the
same scale.  :func:`expected` is the chance to solve it; :func:`update` moves the
reader's rating towards the result by :func:`k_factor` times the surprise.  Pure.
"""

from __future__ import annotations

START = 1200
"""A new reader's rating."""
FLOOR, CEILING = 400, 3000
"""The rating never leaves this range."""


def expected(rating: int, puzzle: int) -> float:
    """The chance that a reader of ``rating`` solves a puzzle of rating ``puzzle``."""
    return 1.0 / (1.0 + 10 ** ((puzzle - rating) / 400))


def k_factor(played: int) -> int:
    """The step: 40 for the first 10 puzzles, then 20."""
    return 40 if played < 10 else 20


def update(rating: int, puzzle: int, solved: bool, played: int = 0) -> int:
    """The reader's rating after solving (or failing) a puzzle of rating ``puzzle``,
    with ``played`` puzzles done before it."""
    change = k_factor(played) * ((1.0 if solved else 0.0) - expected(rating, puzzle))
    return max(FLOOR, min(CEILING, round(rating + change)))
