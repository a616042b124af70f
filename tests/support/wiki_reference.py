"""Wiki rules as the engine computed them before the link reader was sped up: the
straightforward versions the faster code must agree with, in the same order.

* :func:`reference_tile_actions`: a tile's actions, every one built
  (``rules.html#wiki-r4``, ``#wiki-r5``, ``#wiki-r7``);
* :func:`reference_pairs`: harmonies and disharmonies found by walking every line from
  every point (``rules.html#wiki-r8``);
* :func:`reference_blocked`: blocked harmonies found the same way (``rules.html#wiki-r8b``).
"""

from __future__ import annotations

from itertools import combinations

from paisho_core.board import CELLS, IS_GATE, ORTHOGONAL, POINTS, RAYS, SURROUNDING
from paisho_core.wiki.actions import (
    CARRY,
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    MOVE,
    PUSH,
    TURN,
    WikiAction,
    carried_order,
)
from paisho_core.wiki.moves import ALL_RAYS, EMPTY, L_PATHS, LANDING, turn_targets
from paisho_core.wiki.rules import Pair
from paisho_core.wiki.tiles import (
    BOAT,
    CARRIABLE,
    CHRYSANTHEMUM,
    DISHARMONY_OF_MASK,
    DRAGON,
    HARMONY_OF_MASK,
    IS_FLOWER,
    KIND_OF,
    KNOTWEED,
    LILY,
    LOTUS,
    OWNER_OF,
    ROCK,
    STRAIGHT_RANGE,
    WHEEL,
)


def reference_tile_actions(board: list[int], drained: bytearray, p: int) -> list[WikiAction]:
    """Every move of the tile on ``p`` (wiki R4, R5, R7), drained tiles excluded by caller."""
    v = board[p]
    kind = KIND_OF[v]
    landing = LANDING[v]
    out: list[WikiAction] = []
    reach = STRAIGHT_RANGE[v]
    if reach:
        for ray in RAYS[p]:
            for q in ray[:reach]:
                t = board[q]
                if t:
                    if landing[t] > EMPTY and not IS_GATE[q]:
                        out.append(WikiAction(MOVE, -1, p, q))
                    break
                if not IS_GATE[q]:
                    out.append(WikiAction(MOVE, -1, p, q))
        return out
    if kind in (LILY, CHRYSANTHEMUM):
        seen: set[int] = set()
        for dst, (a, b, c) in L_PATHS[p]:
            if dst in seen or IS_GATE[dst] or board[a] or board[b] or board[c]:
                continue
            if landing[board[dst]]:
                seen.add(dst)
                out.append(WikiAction(MOVE, -1, p, dst))
        out.sort(key=lambda action: action.dst)
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
        return [WikiAction(MOVE, -1, p, q) for q in sorted(found)]
    if kind == DRAGON:
        for ray in ALL_RAYS[p]:
            for q in ray[:6]:
                if not IS_GATE[q] and landing[board[q]]:
                    out.append(WikiAction(MOVE, -1, p, q))
        return out
    if kind == WHEEL:
        for ray in RAYS[p]:
            for q in ray:
                t = board[q]
                if t:
                    if landing[t] > EMPTY and not IS_GATE[q]:
                        out.append(WikiAction(MOVE, -1, p, q))
                    break
                if not IS_GATE[q]:
                    out.append(WikiAction(MOVE, -1, p, q))
        for spin in (CLOCKWISE, COUNTER_CLOCKWISE):
            if turn_targets(board, drained, p, spin) is not None:
                out.append(WikiAction(TURN, spin, p))
        return out
    if kind == BOAT:
        return reference_boat_actions(board, drained, p)
    return out  # Knotweed and Rock never move


def reference_boat_actions(board: list[int], drained: bytearray, p: int) -> list[WikiAction]:
    """A Boat's plain moves (jumping), pushes and carries (wiki R4)."""
    v = board[p]
    landing = LANDING[v]
    out: list[WikiAction] = []
    rays = RAYS[p]
    for ray in rays:
        for q in ray[:5]:
            if not IS_GATE[q] and landing[board[q]]:
                out.append(WikiAction(MOVE, -1, p, q))
    for ray in rays:
        if len(ray) >= 2:
            t, beyond = ray[0], ray[1]
            if (board[t] and CARRIABLE[board[t]] and not drained[t] and not IS_GATE[t]
                    and not board[beyond] and not IS_GATE[beyond]):
                out.append(WikiAction(PUSH, -1, p, t))
    near = [q for q in SURROUNDING[p] if CARRIABLE[board[q]] and not drained[q]]
    if not near:
        return out
    carries: list[WikiAction] = []
    for d, ray in enumerate(rays):
        if not ray:
            continue
        ahead = ray[0]
        candidates = [q for q in near if q != ahead]
        for size in (1, 2, 3):
            for group in combinations(candidates, size):
                members = (p, *group)
                inside = set(members)
                for k in range(5):
                    ok = True
                    for s in members:
                        line = RAYS[s][d]
                        if len(line) <= k:
                            ok = False
                            break
                        q = line[k]
                        if IS_GATE[q] or (board[q] and q not in inside):
                            ok = False
                            break
                    if not ok:
                        break
                    carries.append(
                        WikiAction(CARRY, -1, p, rays[d][k], carried_order(group))
                    )
    out.extend(carries)
    return out




def reference_pairs(
    board: list[int], moved: bytearray
) -> tuple[list[Pair], list[tuple[int, int]]]:
    """The harmonies ``(a, b, owner)`` and disharmonies ``(a, b)``: from every point
    with a pairing tile, east then north, the first tile that is not a Boat (wiki R8)."""
    drained = bytearray(CELLS)
    for p in POINTS:
        v = board[p]
        if v and KIND_OF[v] == KNOTWEED:
            for q in SURROUNDING[p]:
                drained[q] = 1
    masks = [0] * CELLS
    for p in POINTS:
        v = board[p]
        if not v or drained[p]:
            continue
        if IS_FLOWER[v]:
            if moved[p]:
                masks[p] = 1 << KIND_OF[v]
        elif KIND_OF[v] == ROCK:
            m = 0
            for q in ORTHOGONAL[p]:
                w = board[q]
                if IS_FLOWER[w]:
                    m |= 1 << KIND_OF[w]
            masks[p] = m
    harmonies: list[Pair] = []
    disharmonies: list[tuple[int, int]] = []
    boat_cells = (1 + 2 * BOAT, 2 + 2 * BOAT)
    for p in POINTS:
        m = masks[p]
        if not m:
            continue
        for direction in (1, 0):  # east, then north
            for q in RAYS[p][direction]:
                w = board[q]
                if not w or w in boat_cells:
                    continue
                mq = masks[q]
                if mq:
                    if HARMONY_OF_MASK[m] & mq and OWNER_OF[w] == OWNER_OF[board[p]]:
                        harmonies.append((p, q, OWNER_OF[w]))
                    if DISHARMONY_OF_MASK[m] & mq:
                        disharmonies.append((p, q))
                break
    return harmonies, disharmonies


def reference_blocked(board: list[int], moved: bytearray) -> set[Pair]:
    """The blocked harmonies ``(a, b, owner)``, ``a`` the west (south) end: from every
    moved flower, east then north, past Boats, Rocks and Knotweeds to the first other
    tile; a moved flower of the same owner that harmonises with it, with a Rock or a
    Knotweed passed on the way or either of the two drained (wiki R8b)."""
    drained = bytearray(CELLS)
    for p in POINTS:
        v = board[p]
        if v and KIND_OF[v] == KNOTWEED:
            for q in SURROUNDING[p]:
                drained[q] = 1
    out: set[Pair] = set()
    for p in POINTS:
        v = board[p]
        if not (IS_FLOWER[v] and moved[p]):
            continue
        for direction in (1, 0):  # east, then north
            wall = False
            for q in RAYS[p][direction]:
                w = board[q]
                if not w or KIND_OF[w] == BOAT:
                    continue
                if KIND_OF[w] in (ROCK, KNOTWEED):
                    wall = True
                    continue
                if (
                    IS_FLOWER[w] and moved[q] and OWNER_OF[w] == OWNER_OF[v]
                    and HARMONY_OF_MASK[1 << KIND_OF[v]] & 1 << KIND_OF[w]
                    and (wall or drained[p] or drained[q])
                ):
                    out.add((p, q, OWNER_OF[v]))
                break
    return out
