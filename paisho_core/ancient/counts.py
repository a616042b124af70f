"""Harmony counts an action leads to, without copying the game (``rules.html#ancient-r4``).

The computer weighs hundreds of actions a turn, and only the count after each matters
to it (an exact hit wins, R4).  :func:`count_after` carries an action out on the
position's cells, recounts only the rows and columns it touched (R7, R8), and puts the
cells back: the exact count, for a fraction of a copy's cost.  :func:`move_deltas` and
:func:`reach` answer "which counts could a seat holding this tile reach in one turn?"
for the computer's estimate of the danger a position holds; they look at the board only,
never at a hand.
"""

from __future__ import annotations

from ..board import RING_CELLS, SURROUNDING
from . import moves, rules
from .actions import MOVE, PLACE, AncientAction
from .position import AncientPosition
from .tiles import BOAT, COIN, DRAGON, KNOTWEED, LAST_FLOWER, LOTUS, WHEEL

_INERT = (DRAGON, BOAT, WHEEL)
"""Tiles whose bare placement changes no pair (transparent, R7); a Boat's displacement
and a Wheel's turn are counted apart."""


def _carry_out(cells: list[int], action: AncientAction) -> list[tuple[int, int]]:
    """Do ``action`` on ``cells``; return ``(point, old value)`` to undo it, in order."""
    src, dst = action.src, action.dst
    if action.kind == MOVE:
        undo = [(src, cells[src]), (dst, cells[dst])]
        cells[dst], cells[src] = cells[src], 0
        return undo
    tile = action.tile
    if tile == BOAT:
        undo = [(src, cells[src]), (dst, cells[dst])]
        cells[dst], cells[src] = cells[src], BOAT
        return undo
    undo = [(src, cells[src])]
    if tile == WHEEL and action.turn:
        ring = [p for p in RING_CELLS[src] if p is not None]
        undo += [(p, cells[p]) for p in ring]
        cells[src] = tile
        rules.turn_ring(cells, src, action.turn)
        return undo
    if tile == KNOTWEED:
        undo += [(p, cells[p]) for p in SURROUNDING[src]]
    cells[src] = tile
    if tile == KNOTWEED:
        rules.drain_around(cells, src)
    return undo


def count_after(pos: AncientPosition, action: AncientAction) -> int:
    """The harmony count right after a legal placement or move (``pos`` is left as it
    was); a draw, discard or pass keeps the count."""
    if action.kind not in (PLACE, MOVE):
        return pos.harmonies
    cells = pos.cells
    undo = _carry_out(cells, action)
    count = pos.harmonies
    lh = pos.lh
    for line in rules.lines_through([p for p, _ in undo]):
        count += rules.line_counts(cells, line)[0] - lh[line]
    for p, value in reversed(undo):
        cells[p] = value
    return count


def move_deltas(pos: AncientPosition) -> frozenset[int]:
    """How much one move of a tile on the board (any tile, R6) can change the count."""
    base = pos.harmonies
    return frozenset(count_after(pos, move) - base for move in moves.moves(pos))


def _quick_delta(pos: AncientPosition, kind: int, point: int) -> int | None:
    """The count change of placing a Coin, Lotus or inert tile on ``point`` (no
    recount needed), else ``None``."""
    if kind in _INERT:
        return 0
    row, col = rules.ROW_OF[point], rules.COL_OF[point]
    lh, ld = pos.lh, pos.ld
    if kind == COIN:  # the Coin cancels its row and column (R7)
        return -lh[row] - lh[col]
    if kind == LOTUS:  # the Lotus flips them (R8); a Coin's line stays empty
        return ld[row] - lh[row] + ld[col] - lh[col]
    if kind == KNOTWEED and not any(
        1 <= pos.cells[p] <= LAST_FLOWER for p in SURROUNDING[point]
    ):
        return 0
    return None


def plain_count(pos: AncientPosition, kind: int, point: int) -> int:
    """The count after placing ``kind`` on the empty ``point`` with no Boat displacement
    or Wheel turn (the quick path of :func:`count_after`)."""
    quick = _quick_delta(pos, kind, point)
    if quick is not None:
        return pos.harmonies + quick
    if kind == KNOTWEED:
        return count_after(pos, AncientAction(PLACE, kind, point))
    cells, lh = pos.cells, pos.lh
    row, col = rules.ROW_OF[point], rules.COL_OF[point]
    cells[point] = kind
    count = pos.harmonies + rules.line_counts(cells, row)[0] - lh[row]
    count += rules.line_counts(cells, col)[0] - lh[col]
    cells[point] = 0
    return count


def place_counts(pos: AncientPosition, kind: int, deltas: frozenset[int]) -> frozenset[int]:
    """Every count a placement of ``kind`` can leave on the board as it is.

    A Boat's displacement and a Wheel's turn carry tiles about like moves: their
    counts are estimated from ``deltas`` (:func:`move_deltas`), not enumerated (hundreds
    of them); every other placement is counted exactly."""
    base = pos.harmonies
    if kind in (BOAT, WHEEL):
        return frozenset({base, *(base + d for d in deltas)})
    out: set[int] = set()
    for action in moves.placements_of(pos, kind):
        quick = _quick_delta(pos, kind, action.src)
        out.add(base + quick if quick is not None else count_after(pos, action))
    return frozenset(out)


def reach(place: frozenset[int], deltas: frozenset[int]) -> frozenset[int]:
    """The counts a turn can pass through: each placement's count, and that count
    changed by a move (the move's change measured before the placement: an estimate)."""
    return frozenset(place) | frozenset(c + d for c in place for d in deltas)

