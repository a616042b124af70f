"""Wiki legal-action generation from precomputed tables (``rules.html#wiki-r3`` … ``#wiki-r7``).

Pure functions over the board list; :mod:`.game` keeps the state and calls them.
Entries come from per-kind tables of ready-made actions, so listing several hundred
placements costs one filtered list comprehension each.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..board import (
    CELLS,
    CENTRE,
    DIAGONAL_RAYS,
    EAST_GATE,
    IS_GATE,
    IS_WHITE,
    NORTH_GATE,
    ON_BOARD,
    ORTHOGONAL,
    POINTS,
    RAYS,
    RING_CELLS,
    SIZE,
    SOUTH_GATE,
    SURROUNDING,
    WEST_GATE,
    Y_OF,
)
from .actions import (
    CARRY,
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    ENTER,
    MOVE,
    PUSH,
    TURN,
    WikiAction,
    carried_order,
)
from .tiles import (
    BOAT,
    CARRIABLE,
    CHRYSANTHEMUM,
    DRAGON,
    FLOWER_KINDS,
    GUEST,
    HOST,
    IS_NON_FLOWER,
    JASMINE,
    KIND_OF,
    KINDS,
    KNOTWEED,
    LILY,
    LOTUS,
    OWNER_OF,
    ROCK,
    ROSE,
    STRAIGHT_RANGE,
    VALUES,
    WHEEL,
)

NO, EMPTY, CAPTURE, MUTUAL = range(4)
"""What landing on a cell does (wiki R5)."""


def _landing(mover: int, target: int) -> int:
    if not target:
        return EMPTY
    if OWNER_OF[mover] == OWNER_OF[target]:
        return NO
    if IS_NON_FLOWER[target]:
        return MUTUAL
    if KIND_OF[target] in (DRAGON, LOTUS) or KIND_OF[mover] in (DRAGON, LOTUS):
        return CAPTURE
    return NO


LANDING: tuple[tuple[int, ...], ...] = tuple(
    tuple(_landing(m, t) if m else NO for t in range(VALUES)) for m in range(VALUES)
)
"""``LANDING[mover][target]``: :data:`NO`, :data:`EMPTY`, :data:`CAPTURE` or :data:`MUTUAL`."""

HOME_GATE = (NORTH_GATE, SOUTH_GATE)
"""Each player's home Gate (wiki R1): the Host sits north, the Guest south."""
FLOWER_ENTRY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        (HOME_GATE[player],)
        if kind == JASMINE
        else (HOME_GATE[1 - player],)
        if kind == ROSE
        else (EAST_GATE, WEST_GATE)
        if kind in (LILY, CHRYSANTHEMUM)
        else (CENTRE,)
        for player in (HOST, GUEST)
    )
    for kind in FLOWER_KINDS
)
"""``FLOWER_ENTRY[kind][player]``: the entry points of a flower (wiki R3)."""

HALF_OF: tuple[int, ...] = tuple(
    -1 if not ON_BOARD[i] or IS_GATE[i] or Y_OF[i] == 0 else HOST if Y_OF[i] > 0 else GUEST
    for i in range(CELLS)
)
"""The player whose half a non-Gate point is on (-1: the midline, a Gate, off the board)."""
NON_GATE: tuple[int, ...] = tuple(p for p in POINTS if not IS_GATE[p])
ENTER_ACTIONS: tuple[tuple[WikiAction | None, ...], ...] = tuple(
    tuple(WikiAction(ENTER, kind, -1, i) if ON_BOARD[i] else None for i in range(CELLS))
    for kind in range(KINDS)
)
"""Ready-made entry actions, ``ENTER_ACTIONS[kind][point]``."""


def _l_paths(p: int) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    out = []
    for d in range(4):
        first = RAYS[p][d]
        if len(first) < 2:
            continue
        corner = first[1]
        for e in ((d + 1) % 4, (d + 3) % 4):
            second = RAYS[corner][e]
            if len(second) < 2:
                continue
            out.append((second[1], (first[0], corner, second[0])))
    return tuple(out)


L_PATHS = tuple(_l_paths(i) if ON_BOARD[i] else () for i in range(CELLS))
"""``L_PATHS[p]``: ``(destination, (three points passed))`` of the 2 + 2 L (wiki R4)."""
ALL_RAYS = tuple(RAYS[i] + DIAGONAL_RAYS[i] for i in range(CELLS))
"""The eight straight lines from each point (the Dragon's flight)."""


def entries(
    board: list[int], reserve: list[int], me: int, turns: int, first_of_game: bool
) -> list[WikiAction]:
    """Every entry of player ``me`` who has had ``turns`` turns (wiki R3)."""
    out: list[WikiAction] = []
    for kind in FLOWER_KINDS:
        if reserve[kind]:
            for g in FLOWER_ENTRY[kind][me]:
                if not board[g]:
                    out.append(ENTER_ACTIONS[kind][g])  # type: ignore[arg-type]
    if first_of_game:
        return out
    empty = [p for p in NON_GATE if not board[p]]
    if turns >= 1:
        for kind in (KNOTWEED, BOAT, ROCK):
            if reserve[kind]:
                table = ENTER_ACTIONS[kind]
                out.extend([table[p] for p in empty])  # type: ignore[misc]
        if reserve[WHEEL]:
            table = ENTER_ACTIONS[WHEEL]
            out.extend([table[p] for p in empty if IS_WHITE[p]])  # type: ignore[misc]
    if turns >= 3 and reserve[DRAGON]:
        table = ENTER_ACTIONS[DRAGON]
        opp = 1 - me
        out.extend([table[p] for p in empty if HALF_OF[p] == opp])  # type: ignore[misc]
    if reserve[LOTUS]:
        table = ENTER_ACTIONS[LOTUS]
        out.extend([table[p] for p in empty if HALF_OF[p] == me])  # type: ignore[misc]
    return out


def turn_targets(board: list[int], drained: bytearray, wheel: int, spin: int) -> list[int] | None:
    """Where each of the 8 cells around ``wheel`` goes when it turns (wiki R7).

    Returns the list ``[(from, to), …]`` flattened (``from, to, from, to …``), or
    ``None`` when the turn is not allowed: no tile to turn, a Rock, a Knotweed or a
    drained tile would move, or a tile would leave the board or end on a Gate.
    """
    ring = RING_CELLS[wheel]
    step = 1 if spin == CLOCKWISE else 7
    out: list[int] = []
    for i in range(8):
        c = ring[i]
        if c is None:
            continue
        v = board[c]
        if not v:
            continue
        if KIND_OF[v] in (ROCK, KNOTWEED) or drained[c]:
            return None
        to = ring[(i + step) % 8]
        if to is None or IS_GATE[to]:
            return None
        out.append(c)
        out.append(to)
    return out or None


def _slide_rays(reach: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(ray[:reach] for ray in RAYS[i]) for i in range(CELLS))


SLIDE_RAYS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    reach: _slide_rays(reach) for reach in {*STRAIGHT_RANGE, SIZE} if reach
}
"""``SLIDE_RAYS[reach][p]``: the four orthogonal lines from ``p``, ``reach`` points long
(a Wheel's reach is :data:`~paisho_core.board.SIZE`: the whole line)."""
DRAGON_JUMPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for ray in ALL_RAYS[i] for q in ray[:6] if not IS_GATE[q]) for i in range(CELLS)
)
"""``DRAGON_JUMPS[p]``: the non-Gate points a Dragon on ``p`` may fly to, tiles in between
or not (wiki R4), line by line, nearest first."""
BOAT_JUMPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for ray in RAYS[i] for q in ray[:5] if not IS_GATE[q]) for i in range(CELLS)
)
"""``BOAT_JUMPS[p]``: the non-Gate points a Boat on ``p`` may move to, jumping (wiki R4),
line by line, nearest first."""


def move_targets(board: list[int], p: int) -> list[int]:
    """Where the tile on ``p`` may make a plain move (wiki R4, R5), in the order
    :func:`tile_actions` lists its moves: the destinations of its :data:`MOVE` actions
    (no duplicates; drained tiles excluded by the caller)."""
    v = board[p]
    kind = KIND_OF[v]
    landing = LANDING[v]
    reach = STRAIGHT_RANGE[v] or (SIZE if kind == WHEEL else 0)
    if reach:
        out: list[int] = []
        for ray in SLIDE_RAYS[reach][p]:
            for q in ray:
                t = board[q]
                if t:
                    if landing[t] > EMPTY and not IS_GATE[q]:
                        out.append(q)
                    break
                if not IS_GATE[q]:
                    out.append(q)
        return out
    if kind == DRAGON:
        return [q for q in DRAGON_JUMPS[p] if landing[board[q]]]
    if kind == BOAT:
        return [q for q in BOAT_JUMPS[p] if landing[board[q]]]
    if kind in (LILY, CHRYSANTHEMUM):
        out = []
        for dst, (a, b, c) in L_PATHS[p]:
            if (
                dst in out
                or IS_GATE[dst]
                or board[a]
                or board[b]
                or board[c]
                or not landing[board[dst]]
            ):
                continue
            out.append(dst)
        out.sort()
        return out
    if kind == LOTUS:
        found: set[int] = set()
        for q in ORTHOGONAL[p]:
            t = board[q]
            if t:
                if landing[t] > EMPTY and not IS_GATE[q]:
                    found.add(q)
                continue
            if not IS_GATE[q]:
                found.add(q)
            for r in ORTHOGONAL[q]:
                if r != p and not IS_GATE[r] and landing[board[r]]:
                    found.add(r)
        return sorted(found)
    return []  # Knotweed and Rock never move


def special_actions(board: list[int], drained: bytearray, p: int) -> list[WikiAction]:
    """The tile on ``p``'s actions other than plain moves, in :func:`tile_actions`'
    order: a Boat's pushes and carries (wiki R4), a Wheel's turns (wiki R7); none for
    other tiles."""
    kind = KIND_OF[board[p]]
    if kind == BOAT:
        return _boat_specials(board, drained, p)
    if kind == WHEEL:
        return [
            WikiAction(TURN, spin, p)
            for spin in (CLOCKWISE, COUNTER_CLOCKWISE)
            if turn_targets(board, drained, p, spin) is not None
        ]
    return []


def tile_actions(board: list[int], drained: bytearray, p: int) -> list[WikiAction]:
    """Every move of the tile on ``p`` (wiki R4, R5, R7), drained tiles excluded by caller:
    its plain moves (:func:`move_targets`), then its :func:`special_actions`."""
    out = [WikiAction(MOVE, -1, p, q) for q in move_targets(board, p)]
    kind = KIND_OF[board[p]]
    if kind in (BOAT, WHEEL):
        out.extend(special_actions(board, drained, p))
    return out


def _boat_specials(board: list[int], drained: bytearray, p: int) -> list[WikiAction]:
    """A Boat's pushes, then its carries (wiki R4)."""
    out: list[WikiAction] = []
    rays = RAYS[p]
    for ray in rays:
        if len(ray) >= 2:
            t, beyond = ray[0], ray[1]
            if (board[t] and CARRIABLE[board[t]] and not drained[t] and not IS_GATE[t]
                    and not board[beyond] and not IS_GATE[beyond]):
                out.append(WikiAction(PUSH, -1, p, t))
    near = [q for q in SURROUNDING[p] if CARRIABLE[board[q]] and not drained[q]]
    if near:
        out.extend(_carries(board, p, near))
    return out


def _carries(board: list[int], p: int, near: list[int]) -> list[WikiAction]:
    """The carries of the Boat on ``p`` with the carriable tiles ``near`` it (wiki R4):
    one, two or three of them (in the order of ``near``), one to five steps in each
    direction, every carried tile's path free of Gates and of tiles left behind."""
    out: list[WikiAction] = []
    rays = RAYS[p]
    for d, ray in enumerate(rays):
        if not ray or board[ray[0]] or IS_GATE[ray[0]]:
            continue  # the Boat itself cannot step this way
        # For each tile that may go: how far it could go were every tile near the Boat
        # carried along (``limit``), and which of them stand in its way (``blockers``:
        # ``(step, point)``; they block unless carried too).
        limit: dict[int, int] = {}
        blockers: dict[int, list[tuple[int, int]]] = {}
        for s in (p, *near):
            line = RAYS[s][d][:5]
            steps = len(line)
            found: list[tuple[int, int]] = []
            for k, q in enumerate(line):
                if IS_GATE[q]:
                    steps = k
                    break
                if board[q] and q != p:
                    if q not in near:
                        steps = k
                        break
                    found.append((k, q))
            limit[s] = steps
            blockers[s] = found
        movable = [q for q in near if limit[q]]
        for size in (1, 2, 3):
            for group in combinations(movable, size):
                steps = limit[p]
                for s in group:
                    if limit[s] < steps:
                        steps = limit[s]
                for s in (p, *group):
                    for k, q in blockers[s]:
                        if k < steps and q not in group:
                            steps = k
                if steps:
                    carried = carried_order(group)
                    out.extend(WikiAction(CARRY, -1, p, ray[k], carried) for k in range(steps))
    return out


_MOVER_OF: tuple[tuple[bool, ...], ...] = tuple(
    tuple(
        v != 0 and OWNER_OF[v] == me and KIND_OF[v] not in (KNOTWEED, ROCK)
        for v in range(VALUES)
    )
    for me in (HOST, GUEST)
)
"""``_MOVER_OF[me][cell]``: the cell holds a tile of ``me`` that may act."""


def movers(board: list[int], me: int, occupied: Sequence[int] = POINTS) -> list[int]:
    """Points of ``me``'s tiles that may act (not Knotweed or Rock; drain checked later),
    in the order of ``occupied`` (the points looked at: all of them, or those with a tile)."""
    mine = _MOVER_OF[me]
    return [p for p in occupied if mine[board[p]]]


__all__ = [
    "ALL_RAYS",
    "CAPTURE",
    "EMPTY",
    "ENTER_ACTIONS",
    "FLOWER_ENTRY",
    "HALF_OF",
    "HOME_GATE",
    "LANDING",
    "L_PATHS",
    "MUTUAL",
    "NO",
    "entries",
    "move_targets",
    "movers",
    "special_actions",
    "tile_actions",
    "turn_targets",
]
