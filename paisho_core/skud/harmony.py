"""Harmony bookkeeping for Skud: the harmony list kept up to date move by move (R2, R8).

:func:`.rules.harmonies` scans the whole board; a search applies thousands of Arranges
a second, and an Arrange only changes the lines through the two points it touches.
:func:`after_arrange` updates the list from there: it drops the harmonies that ended on
or ran through those points and looks for new ones along their rows and columns, with
the board's Rocks (which cancel whole rows and columns) and Knotweeds (which drain their
neighbours) read from masks kept in an :data:`Environment` (an Arrange never moves an
accent tile).

The list is kept in the order :func:`.rules.harmonies` gives (point order of the
west/south end, its east harmony first), so the two are interchangeable.
"""

from __future__ import annotations

from bisect import insort
from itertools import compress

from ..board import (
    CELLS,
    CENTRE,
    GATE_MASK,
    IS_GATE,
    ON_POINTS,
    POINTS,
    RAYS,
    SURROUNDING_MASK,
    X_OF,
    Y_OF,
)
from .tiles import HARMONY_OWNER, KIND_OF, KNOTWEED, ROCK

Harmony = tuple[int, int, int]
"""``(a, b, owner)``: point indices, ``a`` west or south of ``b`` (so ``a < b``)."""

Environment = tuple[int, int, int, int]
"""``(occupied, rock_rows, rock_cols, drained)`` bit masks of a board: occupied points,
rows (bit ``y + 8``) and columns (bit ``x + 8``) holding a Rock, and the points next to a
Knotweed."""

_NORTH, _EAST, _SOUTH, _WEST = range(4)


def _ray_mask(direction: int) -> tuple[int, ...]:
    return tuple(sum(1 << q for q in RAYS[p][direction]) for p in range(CELLS))


EAST_RAY = _ray_mask(_EAST)
"""``EAST_RAY[p]``: a bit per point east of ``p`` on its row (lowest bit nearest)."""
WEST_RAY = _ray_mask(_WEST)
"""``WEST_RAY[p]``: a bit per point west of ``p`` (highest bit nearest)."""
NORTH_RAY = _ray_mask(_NORTH)
"""``NORTH_RAY[p]``: a bit per point north of ``p`` (lowest bit nearest)."""
SOUTH_RAY = _ray_mask(_SOUTH)
"""``SOUTH_RAY[p]``: a bit per point south of ``p`` (highest bit nearest)."""
_RANK = [0] * CELLS
for _i, _p in enumerate(POINTS):
    _RANK[_p] = _i * CELLS
RANK: tuple[int, ...] = tuple(_RANK)
"""Sort key of a harmony's west/south end: ``RANK[a] + b`` orders harmonies as
:func:`.rules.harmonies` lists them."""


def order_key(harmony: Harmony) -> int:
    """The sort key that puts harmonies in :func:`.rules.harmonies` order."""
    return RANK[harmony[0]] + harmony[1]


def environment(board: list[int]) -> Environment:
    """The :data:`Environment` masks of ``board`` (one scan)."""
    occupied = rock_rows = rock_cols = drained = 0
    for p in compress(POINTS, ON_POINTS(board)):
        occupied |= 1 << p
        kind = KIND_OF[board[p]]
        if kind == ROCK:
            rock_rows |= 1 << Y_OF[p] + 8
            rock_cols |= 1 << X_OF[p] + 8
        elif kind == KNOTWEED:
            drained |= SURROUNDING_MASK[p]
    return occupied, rock_rows, rock_cols, drained


def after_arrange(
    board: list[int],
    old: list[Harmony],
    env: Environment,
    src: int,
    dst: int,
) -> tuple[list[Harmony], list[Harmony]]:
    """The harmonies after a flower moved from ``src`` to ``dst``, and those it added.

    ``board`` and ``env`` are already the position after the move (a flower captured on
    ``dst`` is gone); ``old`` is the list before it (left unchanged).  A moving flower
    is never a Rock or a Knotweed, so the Rock lines and the drained points stay.
    """
    occupied, rock_rows, rock_cols, drained = env
    blockers = occupied | GATE_MASK
    new = [h for h in old if h[0] != src and h[1] != src and h[0] != dst and h[1] != dst]
    # what the moved flower faces from its new point
    ray = WEST_RAY[dst] & blockers
    west = ray.bit_length() - 1
    ray = EAST_RAY[dst] & blockers
    east = (ray & -ray).bit_length() - 1
    ray = SOUTH_RAY[dst] & blockers
    south = ray.bit_length() - 1
    ray = NORTH_RAY[dst] & blockers
    north = (ray & -ray).bit_length() - 1
    # a harmony that ran through dst is blocked now (unless it ended on src: gone above)
    for a, b in ((west, east), (south, north)):
        if a >= 0 and b >= 0:
            owner = HARMONY_OWNER[board[a]][board[b]]
            if owner >= 0 and (a, b, owner) in new:
                new.remove((a, b, owner))
    added: list[Harmony] = []
    v = board[dst]
    row = HARMONY_OWNER[v]
    if not drained >> dst & 1:
        if not rock_rows >> Y_OF[dst] + 8 & 1:
            for q in (west, east):
                if q >= 0 and not IS_GATE[q] and not drained >> q & 1:
                    owner = row[board[q]]
                    if owner >= 0:
                        added.append((q, dst, owner) if q < dst else (dst, q, owner))
        if not rock_cols >> X_OF[dst] + 8 & 1:
            for q in (south, north):
                if q >= 0 and not IS_GATE[q] and not drained >> q & 1:
                    owner = row[board[q]]
                    if owner >= 0:
                        added.append((q, dst, owner) if q < dst else (dst, q, owner))
    if not IS_GATE[src]:
        # the tiles now facing each other through the emptied src
        if not rock_rows >> Y_OF[src] + 8 & 1:
            ray = WEST_RAY[src] & blockers
            a = ray.bit_length() - 1
            ray = EAST_RAY[src] & blockers
            b = (ray & -ray).bit_length() - 1
            if a >= 0 and b >= 0 and a != dst and b != dst:
                owner = HARMONY_OWNER[board[a]][board[b]]
                if (owner >= 0 and not IS_GATE[a] and not IS_GATE[b]
                        and not (drained >> a | drained >> b) & 1):
                    added.append((a, b, owner))
        if not rock_cols >> X_OF[src] + 8 & 1:
            ray = SOUTH_RAY[src] & blockers
            a = ray.bit_length() - 1
            ray = NORTH_RAY[src] & blockers
            b = (ray & -ray).bit_length() - 1
            if a >= 0 and b >= 0 and a != dst and b != dst:
                owner = HARMONY_OWNER[board[a]][board[b]]
                if (owner >= 0 and not IS_GATE[a] and not IS_GATE[b]
                        and not (drained >> a | drained >> b) & 1):
                    added.append((a, b, owner))
    for h in added:
        insort(new, h, key=order_key)
    return new, added


def earns_bonus(
    old: list[Harmony], added: list[Harmony], me: int, src: int, dst: int
) -> bool:
    """Whether an Arrange ``src``→``dst`` formed a harmony of ``me`` it did not have (R4).

    A harmony the moving flower already had with the same partner, before the move,
    is not new; harmonies of a flower captured on ``dst`` are gone.
    """
    for a, b, owner in added:
        if owner != me:
            continue
        if a == dst:
            a = src
        elif b == dst:
            b = src
        if not ((a, b, owner) in old if a < b else (b, a, owner) in old):
            return True
    return False


def may_ring(new: list[Harmony], added: list[Harmony]) -> list[int]:
    """The owners whose new harmonies could close a Harmony Ring (R8).

    Removing harmonies never makes a ring, so only owners with an added harmony are
    candidates, and only if both its ends have another harmony of theirs (a cycle
    passes through each end twice) and the harmony stays off the centre point.
    """
    owners: list[int] = []
    for a, b, owner in added:
        if owner in owners or a == CENTRE or b == CENTRE:
            continue
        at_a = at_b = False
        for h in new:
            if h[2] != owner or (h[0] == a and h[1] == b):
                continue
            if h[0] == a or h[1] == a:
                at_a = True
            if h[0] == b or h[1] == b:
                at_b = True
        if at_a and at_b:
            owners.append(owner)
    return owners
