"""Ancient's board rules on a flat cell list: lines and harmonies, moves, the Wheel.

Pure functions over ``cells`` (a ``list[int]`` of :data:`board.CELLS` values, see
:mod:`.tiles`) and precomputed tables; the game (:mod:`.game`) keeps the state.
"""

from __future__ import annotations

from ..board import (
    CELLS,
    CLOCKWISE_RING,
    IS_GATE,
    ON_BOARD,
    ORTHOGONAL,
    POINTS,
    RAYS,
    RING_CELLS,
    SURROUNDING,
    X_OF,
    Y_OF,
    index_of,
    on_board,
)
from .tiles import COIN, DRAGON, DRAINED, ELL, LAST_FLOWER, LOTUS, MOVE_TYPE, PAIR, REACH

# --- lines (rules.html#ancient-r7) --------------------------------------------------
LINE_COUNT = 34
"""17 rows (``y + 8``) then 17 columns (``17 + x + 8``)."""
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(index_of(x, y) for x in range(-8, 9) if on_board(x, y)) for y in range(-8, 9)
) + tuple(tuple(index_of(x, y) for y in range(-8, 9) if on_board(x, y)) for x in range(-8, 9))
"""The points of every line in order (rows west to east, columns south to north)."""
ROW_OF: tuple[int, ...] = tuple(Y_OF[i] + 8 for i in range(CELLS))
COL_OF: tuple[int, ...] = tuple(17 + X_OF[i] + 8 for i in range(CELLS))


def line_pairs(cells: list[int], line: int) -> list[tuple[int, int, int]]:
    """The interacting flower pairs of one line as ``(a, b, value)``.

    ``value`` is +1 for a harmony and -1 for a disharmony, after the Lotus flip (R8);
    empty when a Coin stands on the line (R7).  Each flower pairs with the nearest
    flower each way; other tiles are transparent; a drained flower blocks.
    """
    pairs: list[tuple[int, int, int]] = []
    prev = -1
    prev_kind = 0
    lotus = 1
    for p in LINES[line]:
        v = cells[p]
        if not v:
            continue
        if v <= LAST_FLOWER:
            if prev >= 0:
                value = PAIR[prev_kind * 8 + v]
                if value:
                    pairs.append((prev, p, value))
            prev, prev_kind = p, v
        elif v & DRAINED:
            prev = -1
        elif v == COIN:
            return []
        elif v == LOTUS:
            lotus = -lotus
    if lotus < 0:
        return [(a, b, -value) for a, b, value in pairs]
    return pairs


def line_counts(cells: list[int], line: int) -> tuple[int, int]:
    """``(harmonies, disharmonies)`` of one line."""
    h = d = 0
    for _, _, value in line_pairs(cells, line):
        if value > 0:
            h += 1
        else:
            d += 1
    return h, d


def count_all(cells: list[int]) -> tuple[int, int]:
    """``(harmonies, disharmonies)`` of the whole board, from scratch."""
    h = d = 0
    for line in range(LINE_COUNT):
        lh, ld = line_counts(cells, line)
        h += lh
        d += ld
    return h, d


def lines_through(points: list[int] | tuple[int, ...]) -> set[int]:
    """The rows and columns of some points."""
    out: set[int] = set()
    for p in points:
        out.add(ROW_OF[p])
        out.add(COL_OF[p])
    return out


# --- movement (rules.html#ancient-r6) ---------------------------------------------------
def _dragon_targets(i: int) -> tuple[int, ...]:
    x, y = X_OF[i], Y_OF[i]
    out = []
    for dx, dy in CLOCKWISE_RING:
        for n in (1, 6):
            tx, ty = x + n * dx, y + n * dy
            if on_board(tx, ty) and not IS_GATE[index_of(tx, ty)]:
                out.append(index_of(tx, ty))
    return tuple(sorted(out))


DRAGON_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    _dragon_targets(i) if ON_BOARD[i] else () for i in range(CELLS)
)
"""Points exactly 1 or 6 away in the 8 directions (no Gates), for every point."""
_PERPENDICULAR = ((1, 3), (0, 2), (1, 3), (0, 2))
"""For each of board.DIRECTIONS, the two directions at right angles."""


def destinations(cells: list[int], src: int) -> list[int]:
    """Where the tile on ``src`` may move (sorted), per R6; empty if it cannot move.

    A Dragon may end on a tile that is not drained (it takes it, R11); every other
    move ends on an empty point; no move ends on a Gate.
    """
    v = cells[src]
    if v & DRAINED or not v:
        return []
    if v <= LAST_FLOWER:
        reach = REACH[v]
        out: list[int] = []
        if MOVE_TYPE[v] == ELL:
            for d, ray in enumerate(RAYS[src]):
                if not ray or cells[ray[0]]:
                    continue
                if not IS_GATE[ray[0]]:
                    out.append(ray[0])
                if len(ray) < 2 or cells[ray[1]]:
                    continue
                corner = ray[1]
                if not IS_GATE[corner]:
                    out.append(corner)
                for side in _PERPENDICULAR[d]:
                    step = RAYS[corner][side]
                    if step and not cells[step[0]] and not IS_GATE[step[0]]:
                        out.append(step[0])
            return sorted(out)
        for ray in RAYS[src]:
            for p in ray[:reach]:
                if cells[p]:
                    break
                if not IS_GATE[p]:
                    out.append(p)
        return sorted(out)
    if v == DRAGON:
        return [p for p in DRAGON_TARGETS[src] if not cells[p] & DRAINED]
    if v == LOTUS:
        seen: set[int] = set()
        for one in ORTHOGONAL[src]:
            if cells[one]:
                continue
            seen.add(one)
            for two in ORTHOGONAL[one]:
                if two != src and not cells[two]:
                    seen.add(two)
        return sorted(p for p in seen if not IS_GATE[p])
    return []  # Boat, Coin, Knotweed and Wheel never move


# --- the Wheel (rules.html#ancient-r9) ---------------------------------------------------
def _bad_slots(i: int) -> int:
    bits = 0
    for k, cell in enumerate(RING_CELLS[i]):
        if cell is None or IS_GATE[cell]:
            bits |= 1 << k
    return bits


BAD_SLOTS: tuple[int, ...] = tuple(_bad_slots(i) if ON_BOARD[i] else 255 for i in range(CELLS))
"""For every point, a bit per ring slot (clockwise from NW) off the board or on a Gate."""
_TURNS_CACHE: dict[int, tuple[int, ...]] = {}


def _rotl8(bits: int, n: int) -> int:
    return ((bits << n) | (bits >> (8 - n))) & 255


def legal_turns(cells: list[int], point: int) -> tuple[int, ...]:
    """The Wheel turns (in 45° steps) allowed when a Wheel is placed on ``point``.

    Only ``(0,)`` when the ring holds no tile (every turn would be the same) or holds
    a Coin or a drained tile (R9); otherwise every turn that puts no tile off the
    board or on a Gate.
    """
    occupied = 0
    for k, cell in enumerate(RING_CELLS[point]):
        if cell is not None:
            v = cells[cell]
            if v:
                if v == COIN or v & DRAINED:
                    return (0,)
                occupied |= 1 << k
    if not occupied:
        return (0,)
    key = BAD_SLOTS[point] << 8 | occupied
    turns = _TURNS_CACHE.get(key)
    if turns is None:
        bad = BAD_SLOTS[point]
        turns = (0, *(t for t in range(1, 8) if not _rotl8(occupied, t) & bad))
        _TURNS_CACHE[key] = turns
    return turns


def turn_ring(cells: list[int], point: int, turn: int) -> list[int]:
    """Turn the ring around ``point`` clockwise by ``turn`` × 45°; return changed points."""
    ring = RING_CELLS[point]
    values = [cells[c] if c is not None else 0 for c in ring]
    changed = []
    for k, cell in enumerate(ring):
        if cell is None:
            continue
        new = values[(k - turn) % 8]
        if cells[cell] != new:
            cells[cell] = new
            changed.append(cell)
    return changed


def drain_around(cells: list[int], point: int) -> list[int]:
    """Drain every undrained flower on the 8 points around ``point`` (a Knotweed, R6)."""
    drained = []
    for p in SURROUNDING[point]:
        v = cells[p]
        if 1 <= v <= LAST_FLOWER:
            cells[p] = v | DRAINED
            drained.append(p)
    return drained


EMPTYABLE: tuple[int, ...] = tuple(p for p in POINTS if not IS_GATE[p])
"""Every point a tile may end on (all but the Gates), in reading order."""
