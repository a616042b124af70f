"""Balance geometry: the Avatar's eight rays and the tables derived from them.

Every tile is placed on a ray from the Avatar (R2), so only the 57 points of the
row, the column and the two diagonals through the centre ever hold a tile.  The scan
tables below keep, along each row/column from a point, only those points: a scan for
"the first tile along a line" then looks at a handful of cells instead of up to 16.

Gates (decision, see :mod:`paisho_core.balance`): in Balance a Gate is only a
*placement* limit (only Sky Bison may go there).  It does not block lines and a tile on
it interacts like any other.  An empty Gate can never lie strictly between two tiles
anyway: each Gate ends the Avatar ray it lies on, and the only other line through it (the
row ``y = ±8`` or column ``x = ±8``) holds no other point of any Avatar ray.
"""

from __future__ import annotations

from ..board import (
    CELLS,
    CENTRE,
    DIAGONAL_RAYS,
    IS_GATE,
    ON_BOARD,
    RAYS,
    WHOLLY_RED,
    WHOLLY_WHITE,
)
from .tiles import DRAGON, KINDS, KOI, SKY_BISON

AVATAR_RAYS: tuple[tuple[int, ...], ...] = RAYS[CENTRE] + DIAGONAL_RAYS[CENTRE]
"""The 8 rays from the centre, nearest point first: N, E, S, W, then NE, SE, SW, NW."""
DIAGONAL = (False, False, False, False, True, True, True, True)
"""``DIAGONAL[r]``: whether Avatar ray ``r`` is a diagonal."""
RAY_NAMES = (
    "north",
    "east",
    "south",
    "west",
    "north-east",
    "south-east",
    "south-west",
    "north-west",
)

RAY_OF: tuple[int, ...] = tuple(
    next((r for r, ray in enumerate(AVATAR_RAYS) if i in ray), -1) for i in range(CELLS)
)
"""``RAY_OF[i]``: the Avatar ray through point ``i``, or -1 (the centre, or off every ray)."""
POS_OF: tuple[int, ...] = tuple(
    AVATAR_RAYS[RAY_OF[i]].index(i) if RAY_OF[i] >= 0 else -1 for i in range(CELLS)
)
"""``POS_OF[i]``: position of ``i`` on its Avatar ray (0 = next to the Avatar), or -1."""
RAY_POINTS: frozenset[int] = frozenset(i for ray in AVATAR_RAYS for i in ray)
"""The 56 points on the Avatar's rays (the only points a tile can ever be placed on)."""
LINE_POINTS: frozenset[int] = RAY_POINTS | {CENTRE}

SCAN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(q for q in RAYS[i][d] if q in LINE_POINTS) for d in range(4)) for i in range(CELLS)
)
"""``SCAN[i][d]``: the points of ``board.RAYS[i][d]`` (N, E, S, W) that can hold a tile."""


def _allowed(kind: int, i: int) -> bool:
    if not ON_BOARD[i] or i not in RAY_POINTS:
        return False
    if IS_GATE[i]:
        return kind == SKY_BISON
    if kind == DRAGON:
        return not WHOLLY_WHITE[i]  # R3: border points accept both colours
    if kind == KOI:
        return not WHOLLY_RED[i]
    return True


ALLOWED: tuple[tuple[bool, ...], ...] = tuple(
    tuple(_allowed(k, i) for i in range(CELLS)) for k in range(KINDS)
)
"""``ALLOWED[kind][i]``: the zone and Gate limits for ``kind`` on point ``i`` (R3)."""
ALLOWED_ON_RAY: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((pos, i) for pos, i in enumerate(ray) if ALLOWED[k][i]) for ray in AVATAR_RAYS)
    for k in range(KINDS)
)
"""``ALLOWED_ON_RAY[kind][r]``: ``(position, point)`` on ray ``r`` where ``kind`` may go."""
