"""The bounds of a Balance game's numbers, derived from the rules' tables (R2, R5, R6).

What the page keeps of a game (a best score) is checked against these bounds, so the
bound comes from the rules, never from a hand-typed number.

:func:`highest_score` is an upper bound on any game's score (``min(H, D)``): no game
can score more, however its bag is drawn and its tiles placed.  It is derived as
follows, every number read off the engine's tables:

* **Tiles.**  A finished board holds at most ``1 + BAG_SIZE`` tiles (the Avatar and the
  whole bag), every one on a row and a column through a point of the Avatar's rays
  (:data:`~paisho_core.balance.geometry.LINE_POINTS`: R2).
* **Pairs along rows and columns.**  ``k`` tiles on one row make exactly ``k - 1``
  interacting pairs along it (neighbours, R6), so all rows together make
  ``tiles - (rows holding a tile)``; at least as many rows hold a tile as it takes to
  seat every tile, filling the roomiest rows first.  Columns likewise.
* **Pairs along diagonals**: only the Avatar interacts diagonally, once per diagonal ray.
* **Values.**  Each pair makes at most the table's highest harmonies (disharmonies) of
  a pair of bag tiles, except the Avatar's pairs (at most 4 along its row and column and
  1 per diagonal), which may make more: the surplus of its best partners in the bag
  is added.

The score is at most the smaller of the two sums.
"""

from __future__ import annotations

from functools import cache

from ..board import CENTRE, DIAGONAL_RAYS, X_OF, Y_OF
from .geometry import LINE_POINTS
from .tiles import AVATAR, BAG_COUNTS, BAG_SIZE, KINDS, PAIR_D, PAIR_H

LOWEST_SCORE = 0
"""No game scores less (a Failure and an abandoned game score 0)."""


def _fewest_lines(capacities: list[int], tiles: int) -> int:
    """How few lines of these capacities can hold ``tiles`` tiles."""
    lines = 0
    for room in sorted(capacities, reverse=True):
        if tiles <= 0:
            break
        tiles -= room
        lines += 1
    return lines


def most_pairs() -> int:
    """An upper bound on the interacting pairs of any board a game reaches (R2, R6)."""
    tiles = 1 + BAG_SIZE
    rows: dict[int, int] = {}
    columns: dict[int, int] = {}
    for i in LINE_POINTS:
        rows[Y_OF[i]] = rows.get(Y_OF[i], 0) + 1
        columns[X_OF[i]] = columns.get(X_OF[i], 0) + 1
    along_rows = tiles - _fewest_lines(list(rows.values()), tiles)
    along_columns = tiles - _fewest_lines(list(columns.values()), tiles)
    return along_rows + along_columns + len(DIAGONAL_RAYS[CENTRE])


def _side_bound(table: tuple[int, ...], pairs: int) -> int:
    """The most harmonies (``PAIR_H``) or disharmonies (``PAIR_D``) ``pairs`` pairs make."""
    kinds = list(BAG_COUNTS)
    best_pair = max(table[a * KINDS + b] for a in kinds for b in kinds)
    bag = sorted(
        (table[AVATAR * KINDS + k] - best_pair for k in kinds for _ in range(BAG_COUNTS[k])),
        reverse=True,
    )
    avatar_partners = 4 + len(DIAGONAL_RAYS[CENTRE])
    surplus = sum(s for s in bag[:avatar_partners] if s > 0)
    return pairs * best_pair + surplus


@cache
def highest_score() -> int:
    """An upper bound on the score of any Balance game (see the module docstring)."""
    pairs = most_pairs()
    return min(_side_bound(PAIR_H, pairs), _side_bound(PAIR_D, pairs))


__all__ = ["LOWEST_SCORE", "highest_score", "most_pairs"]
