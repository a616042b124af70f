"""Board-level Skud rules on a flat board list: scans, harmonies, clashes, rings.

Pure functions over ``board: list[int]`` (see :mod:`.tiles` for cell values) so that
the game, the tests and a search can share them.  Rule numbers refer to
the rules page, ``rules.html#skud-rulings``.
"""

from __future__ import annotations

from itertools import compress

from ..board import (
    GATE_MASK,
    IS_GATE,
    ON_POINTS,
    POINTS,
    RAYS,
    SURROUNDING,
    X_OF,
    Y_OF,
    xy_of,
)
from .harmony import EAST_RAY, NORTH_RAY, environment
from .tiles import (
    CAN_HARMONISE,
    CLASHES,
    HARMONY_OWNER,
    IS_BASIC,
    IS_FLOWER,
    KIND_OF,
    KNOTWEED,
    ORCHID,
    OWNER_OF,
    ROCK,
)

NORTH, EAST, SOUTH, WEST = range(4)


def facing(board: list[int], point: int, direction: int) -> int:
    """The first occupied point seen from ``point`` in ``direction``, or -1.

    Gates block the view (a Gate between two tiles stops harmony and clash, R2);
    a tile standing on a Gate is met but never pairs, so it counts as -1 too.
    """
    for q in RAYS[point][direction]:
        if IS_GATE[q]:
            return -1
        if board[q]:
            return q
    return -1


def is_drained(board: list[int], point: int) -> bool:
    """A flower not on a Gate next to any Knotweed is drained (R6), Orchids excepted."""
    v = board[point]
    if not IS_FLOWER[v] or KIND_OF[v] == ORCHID or IS_GATE[point]:
        return False
    return any(board[q] and KIND_OF[board[q]] == KNOTWEED for q in SURROUNDING[point])


def is_trapped(board: list[int], point: int) -> bool:
    """A Blooming flower next to a Blooming opponent Orchid cannot move (R7)."""
    v = board[point]
    if not IS_FLOWER[v] or IS_GATE[point]:
        return False
    for q in SURROUNDING[point]:
        w = board[q]
        if w and KIND_OF[w] == ORCHID and OWNER_OF[w] != OWNER_OF[v] and not IS_GATE[q]:
            return True
    return False


def _rock_lines(board: list[int]) -> tuple[set[int], set[int]]:
    rows: set[int] = set()
    cols: set[int] = set()
    for p in POINTS:
        v = board[p]
        if v and KIND_OF[v] == ROCK:
            x, y = xy_of(p)
            rows.add(y)
            cols.add(x)
    return rows, cols


def harmonies(board: list[int]) -> list[tuple[int, int, int]]:
    """Every harmony on the board as ``(a, b, owner)`` with ``a`` west/south of ``b``.

    R2: partners face each other along a row or column, neither on a Gate, neither
    drained (R6); a Rock anywhere on the row (column) cancels horizontal (vertical)
    harmonies there.  The partner facing each tile comes from bit masks (the first
    occupied point or Gate along the ray), so the cost grows with the tiles, not the
    empty points between them.  Listed in point order, each tile's east harmony first.
    """
    tiles = list(compress(POINTS, ON_POINTS(board)))
    occupied, rock_rows, rock_cols, near_knotweed = environment(board)
    occupied |= GATE_MASK
    out: list[tuple[int, int, int]] = []
    for p in tiles:
        v = board[p]
        if not CAN_HARMONISE[v] or IS_GATE[p] or near_knotweed >> p & 1:
            continue  # a harmonising tile is never an Orchid, so near Knotweed = drained
        row = HARMONY_OWNER[v]
        if not rock_rows >> Y_OF[p] + 8 & 1:
            ray = EAST_RAY[p] & occupied
            if ray:
                q = (ray & -ray).bit_length() - 1
                owner = row[board[q]]
                if owner >= 0 and not IS_GATE[q] and not near_knotweed >> q & 1:
                    out.append((p, q, owner))
        if not rock_cols >> X_OF[p] + 8 & 1:
            ray = NORTH_RAY[p] & occupied
            if ray:
                q = (ray & -ray).bit_length() - 1
                owner = row[board[q]]
                if owner >= 0 and not IS_GATE[q] and not near_knotweed >> q & 1:
                    out.append((p, q, owner))
    return out


def has_clash(board: list[int]) -> bool:
    """Whether any two Blooming basic flowers that clash face each other (R3)."""
    for p in POINTS:
        v = board[p]
        if not IS_BASIC[v] or IS_GATE[p]:
            continue
        row = CLASHES[v]
        for direction in (EAST, NORTH):
            q = facing(board, p, direction)
            if q >= 0 and row[board[q]]:
                return True
    return False


def clash_at(board: list[int], point: int) -> bool:
    """Whether the tile at ``point`` clashes with a tile it faces (R3)."""
    v = board[point]
    if not IS_BASIC[v] or IS_GATE[point]:
        return False
    row = CLASHES[v]
    for direction in range(4):
        q = facing(board, point, direction)
        if q >= 0 and row[board[q]]:
            return True
    return False


def clash_through(board: list[int], point: int) -> bool:
    """Whether the tiles now facing each other *through* empty ``point`` clash (R3)."""
    if IS_GATE[point]:
        return False
    for a, b in ((NORTH, SOUTH), (EAST, WEST)):
        p = facing(board, point, a)
        if p < 0 or not IS_BASIC[board[p]]:
            continue
        q = facing(board, point, b)
        if q >= 0 and CLASHES[board[p]][board[q]]:
            return True
    return False


def crosses_midline(a: int, b: int) -> bool:
    """R9: the ends lie on opposite sides of a midline and the harmony is not on the other."""
    xa, ya = xy_of(a)
    xb, yb = xy_of(b)
    if xa == xb:  # vertical: must cross y = 0 and not lie along x = 0
        return xa != 0 and ya * yb < 0
    return ya != 0 and xa * xb < 0
