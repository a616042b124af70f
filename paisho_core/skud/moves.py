"""Skud move generation: the main phase's Plants and Arranges (R1, R3, R7, R11).

Legal actions are generated with precomputed neighbour, ray and bit-mask tables and
checked incrementally: a move can only make a clash along the lines through the points
it changes, and R11 (the opponent must keep a move) is settled with a few "witness"
moves of the opponent that a change far from them cannot spoil.  Functions over a
:class:`~.position.SkudPosition` (the game is one), called by :class:`~.game.SkudGame`,
:mod:`.bonus` and the link reader.
"""

from __future__ import annotations

from itertools import compress

from ..board import (
    CELLS,
    COL_MASK,
    DIAMOND_MASK,
    GATE_MASK,
    GATES,
    IS_GATE,
    ON_MASK,
    ON_POINTS,
    ORTHOGONAL,
    POINTS,
    ROW_MASK,
    X_OF,
    Y_OF,
    spread,
)
from . import rules
from .actions import (
    ARRANGE,
    PLANT,
    SkudAction,
    pack_accents,
)
from .position import (
    FORBIDDEN,
    FORBIDDEN_MASK,
    MAIN,
    SkudPosition,
)
from .tiles import (
    BASIC_KINDS,
    CLASHING_KIND,
    IS_BASIC,
    IS_FLOWER,
    KIND_OF,
    KINDS,
    LOTUS,
    MOVE_RANGE,
    ORCHID,
    OWNER_OF,
    cell,
)


def accent_choices(pool: tuple[int, ...], pick: int, one_each: bool) -> list[int]:
    """The packed accent-tile choices of ``pick`` tiles from ``pool`` (R12)."""
    if one_each:
        return [pack_accents((pool[0] // 2, pool[1] // 2, pool[2] // 2, pool[3] // 2))]
    out = []
    for r in range(pool[0] + 1):
        for w in range(pool[1] + 1):
            for k in range(pool[2] + 1):
                b = pick - r - w - k
                if 0 <= b <= pool[3]:
                    out.append(pack_accents((r, w, k, b)))
    return out


_ARRANGE_ACTIONS: dict[int, SkudAction] = {}
"""Each Arrange made once, by ``src * CELLS + dst`` (the same value, and object, every
time it is legal: cheaper than building it again)."""


def opponent_can_move(pos: SkudPosition, me: int) -> bool:
    """R11 on the current board: the other player has a plant or an arrange."""
    opp = 1 - me
    if pos._has_basic(opp) and any(not pos.board[g] for g in GATES):
        return True
    return has_arrange(pos, opp)


def witness_masks(pos: SkudPosition, me: int) -> list[int]:
    """Masks of the points that could spoil each of a few quiet opponent Arranges.

    Used to settle R11 cheaply: an action that changes only points outside such a
    mask (farther from the moving tile than its range, and off the rows and columns
    of both ends) cannot block that move, trap it or make it clash, so the
    opponent keeps it.
    """
    board = pos.board
    out = []
    for s, d in arranges(pos, 1 - me, per_tile=3):
        if not board[d]:
            out.append(
                DIAMOND_MASK[s][MOVE_RANGE[board[s]]]
                | ROW_MASK[Y_OF[s] + 8]
                | ROW_MASK[Y_OF[d] + 8]
                | COL_MASK[X_OF[s] + 8]
                | COL_MASK[X_OF[d] + 8]
            )
    return out


def witnessed(witnesses: list[int], changed: tuple[int, ...]) -> bool:
    """Whether some witness move survives any change confined to ``changed`` points."""
    mask = 0
    for c in changed:
        mask |= 1 << c
    return any(not w & mask for w in witnesses)


def main_actions(pos: SkudPosition) -> list[SkudAction]:
    """The main phase's legal Plants and Arranges of the player to move (R1, R3, R7, R11)."""
    me, board = pos.player, pos.board
    opp = 1 - me
    out: list[SkudAction] = []
    open_gates = [g for g in GATES if not board[g]]
    opp_plants = pos._has_basic(opp)
    reserve = pos.reserve[me]
    witnesses: list[int] | None = None
    for g in open_gates:
        for k in BASIC_KINDS:
            if not reserve[k]:
                continue
            if not (opp_plants and len(open_gates) > 1):
                if witnesses is None:
                    witnesses = witness_masks(pos, me)
                if not witnessed(witnesses, (g,)):
                    board[g] = cell(k, me)
                    ok = opponent_can_move(pos, me)
                    board[g] = 0
                    if not ok:
                        continue
            out.append(SkudAction(PLANT, k, -1, g))
    for src, dst in arranges(pos, me, first_only=False):
        if not (opp_plants and (open_gates or IS_GATE[src])):
            if witnesses is None:
                witnesses = witness_masks(pos, me)
            if not witnessed(witnesses, (src, dst)):
                v, w = board[src], board[dst]
                board[src], board[dst] = 0, v
                ok = opponent_can_move(pos, me)
                board[src], board[dst] = v, w
                if not ok:
                    continue
        action = _ARRANGE_ACTIONS.get(src * CELLS + dst)
        if action is None:
            action = _ARRANGE_ACTIONS[src * CELLS + dst] = SkudAction(ARRANGE, -1, src, dst)
        out.append(action)
    return out


def has_legal_action(pos: SkudPosition) -> bool:
    """Whether the player to move has a legal action, deciding the common main-phase
    cases without listing them (R11's "no legal move" end)."""
    if pos._legal is not None or pos.phase != MAIN:
        return bool(pos.legal_actions())
    me, board = pos.player, pos.board
    open_gates = sum(not board[g] for g in GATES)
    if open_gates and pos._has_basic(1 - me):
        # the opponent keeps a Plant: any Arrange is legal, and so is a Plant
        # when another Gate stays open (as in main_actions)
        if open_gates > 1 and pos._has_basic(me):
            return True
        if has_arrange(pos, me):
            return True
    return bool(pos.legal_actions())


def main_action_ok(pos: SkudPosition, action: SkudAction) -> bool:
    """Whether one Plant or Arrange is legal in the main phase: the test
    :func:`main_actions` makes, for this action only (R1, R3, R7, R11)."""
    me, board = pos.player, pos.board
    kind, tile, src, dst = action
    open_gates = [g for g in GATES if not board[g]]
    opp_plants = pos._has_basic(1 - me)
    if kind == PLANT:
        if src != -1 or tile not in BASIC_KINDS or dst not in open_gates:
            return False
        if not pos.reserve[me][tile]:
            return False
        if opp_plants and len(open_gates) > 1:
            return True
        board[dst] = cell(tile, me)
        ok = opponent_can_move(pos, me)
        board[dst] = 0
        return ok
    if kind != ARRANGE or tile != -1 or not (0 <= src < CELLS and 0 <= dst < CELLS):
        return False
    if (src, dst) not in arranges(pos, me, only=src):
        return False
    if opp_plants and (open_gates or IS_GATE[src]):
        return True
    v, w = board[src], board[dst]
    board[src], board[dst] = 0, v
    ok = opponent_can_move(pos, me)
    board[src], board[dst] = v, w
    return ok


def has_arrange(pos: SkudPosition, player: int) -> bool:
    """Whether ``player`` has an Arrange (R1), one-step moves tried first."""
    board = pos.board
    for p in compress(POINTS, ON_POINTS(board)):
        v = board[p]
        if OWNER_OF[v] != player or not IS_FLOWER[v] or rules.is_trapped(board, p):
            continue
        forbidden = FORBIDDEN[v]
        for q in ORTHOGONAL[p]:
            if board[q] or IS_GATE[q] or forbidden[q]:
                continue
            board[p], board[q] = 0, v
            bad = rules.clash_at(board, q) or rules.clash_through(board, p)
            board[p], board[q] = v, 0
            if not bad:
                return True
    return bool(arranges(pos, player, first_only=True))


def arranges(
    pos: SkudPosition, me: int, first_only: bool = False, per_tile: int = 0, only: int = -1
) -> list[tuple[int, int]]:
    """Every (from, to) Arrange of ``me``'s flowers (R1), without the R11 check.

    Reachable points come from a breadth-first search over bit masks (one mask
    operation per step for the whole frontier); only the destinations then need a
    clash check, and only when a clashing tile shares their row or column.
    ``first_only`` stops at the first Arrange; ``per_tile`` keeps at most that many
    per tile (0: all); ``only`` (a point) lists that tile's Arranges alone.
    """
    board = pos.board
    out: list[tuple[int, int]] = []
    lotus = [False, False]
    # rows and columns holding a Blooming tile of each basic kind (clash filter)
    kind_rows: list[set[int]] = [set() for _ in range(KINDS)]
    kind_cols: list[set[int]] = [set() for _ in range(KINDS)]
    # Blooming tiles of each kind of the opponent, as masks (capture targets)
    theirs = [0] * KINDS
    occupied = 0
    mine: list[int] = []
    opp = 1 - me
    for p in compress(POINTS, ON_POINTS(board)):
        v = board[p]
        occupied |= 1 << p
        owner = OWNER_OF[v]
        if not IS_GATE[p]:
            kind = KIND_OF[v]
            kind_rows[kind].add(Y_OF[p])
            kind_cols[kind].add(X_OF[p])
            if kind == LOTUS:
                lotus[owner] = True
            if owner == opp:
                theirs[kind] |= 1 << p
        if owner == me and IS_FLOWER[v]:
            mine.append(p)
    if only >= 0:
        mine = [only] if only in mine else []
    opp_flowers = 0
    for kind in range(ORCHID + 1):
        opp_flowers |= theirs[kind]
    orchid_prey = theirs[ORCHID] if lotus[opp] else 0  # any flower may take it (R7)
    for p in mine:
        v = board[p]
        if rules.is_trapped(board, p):
            continue
        kind = KIND_OF[v]
        if kind == ORCHID and lotus[me]:
            prey = opp_flowers
        elif IS_BASIC[v]:
            prey = theirs[CLASHING_KIND[kind]] | orchid_prey
        else:
            prey = orchid_prey
        bit = 1 << p
        empty = ON_MASK & ~(occupied & ~bit)
        reach = frontier = bit
        touched = 0
        for _ in range(MOVE_RANGE[v]):
            around = spread(frontier)
            touched |= around
            frontier = around & empty & ~reach
            reach |= frontier
        allowed = ~(GATE_MASK | FORBIDDEN_MASK[v])
        dests = ((reach & ~bit) | (touched & prey)) & allowed
        if not dests:
            continue
        if IS_BASIC[v]:
            clash_rows = kind_rows[CLASHING_KIND[kind]]
            clash_cols = kind_cols[CLASHING_KIND[kind]]
        else:
            clash_rows = clash_cols = set()
        board[p] = 0
        through = rules.clash_through(board, p)
        taken = 0
        while dests:
            low = dests & -dests
            dests ^= low
            q = low.bit_length() - 1
            near = bool(clash_rows) and (Y_OF[q] in clash_rows or X_OF[q] in clash_cols)
            if near or through:
                w = board[q]
                board[q] = v
                bad = (near and rules.clash_at(board, q)) or (
                    through and rules.clash_through(board, p)
                )
                board[q] = w
                if bad:
                    continue
            out.append((p, q))
            if first_only:
                board[p] = v
                return out
            taken += 1
            if taken == per_tile:
                break
        board[p] = v
    return out
