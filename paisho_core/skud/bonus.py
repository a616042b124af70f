"""The Skud Harmony Bonus step (R4–R7, R11) and the legal-action dispatch.

After an Arrange that forms a new harmony the same player may plant a flower in an open
Gate, place an accent tile (a Wheel turns its neighbours) or use a Boat, or skip.  The
choices are generated lazily, so "is there any bonus besides skipping?" costs the first
one only.  Functions over a :class:`~.position.SkudPosition` (the game is one), called
by :class:`~.game.SkudGame`; :func:`do_bonus` is what a bonus action does to the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from operator import not_

from ..board import (
    GATES,
    IS_GATE,
    NORTH_GATE,
    POINTS,
    RING_CELLS,
    SOUTH_GATE,
    SURROUNDING,
)
from . import rules
from .actions import (
    ACCENTS,
    BOAT_MOVE,
    BONUS_PLANT,
    PLACE_ACCENT,
    PLANT,
    SKIP,
    SkudAction,
)
from .moves import accent_choices, main_actions, opponent_can_move, witness_masks, witnessed
from .position import (
    ACCENT_PHASE,
    BONUS,
    FORBIDDEN,
    MAIN,
    ON_OPEN_POINTS,
    OPEN_POINTS,
    OPENING,
    SkudPosition,
)
from .tiles import (
    BASIC_KINDS,
    BOAT,
    CLASHING_KIND,
    IS_ACCENT,
    KIND_OF,
    KNOTWEED,
    LOTUS,
    ORCHID,
    OWNER_OF,
    ROCK,
    WHEEL,
    cell,
)


def legal_list(pos: SkudPosition) -> list[SkudAction]:
    """Every legal action of the player to move, in a deterministic order (worked out
    afresh: :meth:`SkudGame.legal_actions <.game.SkudGame.legal_actions>` keeps it)."""
    if pos._ended is not None or pos.resigned is not None:
        return []
    phase = pos.phase
    if phase == MAIN:
        return main_actions(pos)
    if phase == BONUS:
        return bonus_actions(pos)
    if phase == ACCENT_PHASE:
        one_each = "one-of-each" in pos.options
        return [
            SkudAction(ACCENTS, packed)
            for packed in accent_choices(pos.accent_pool, pos.accent_pick, one_each)
        ]
    if phase == OPENING:
        return [SkudAction(PLANT, k, -1, SOUTH_GATE) for k in BASIC_KINDS]
    kind = KIND_OF[pos.board[SOUTH_GATE]]  # MIRROR
    if "clashing-start" in pos.options:
        kind = CLASHING_KIND[kind]
    return [SkudAction(PLANT, kind, -1, NORTH_GATE)]


def bonus_actions(pos: SkudPosition) -> list[SkudAction]:
    """The Harmony Bonus choices (R4, accent tiles, special flowers) and SKIP."""
    legal = list(iter_bonus_actions(pos))
    legal.append(SkudAction(SKIP))
    return legal


def iter_bonus_actions(pos: SkudPosition) -> Iterator[SkudAction]:
    """The Harmony Bonus choices besides SKIP, in order, generated lazily.

    Lazy so that :meth:`apply` can tell "is there any bonus besides skipping?"
    from the first choice, without building them all (R4, R11).
    """
    me, board = pos.player, pos.board
    reserve = pos.reserve[me]
    open_gates = [g for g in GATES if not board[g]]
    opp = 1 - me
    if pos._has_basic(opp) and len(open_gates) > 1:
        keep: Callable[[SkudAction], bool] | None = None  # the opponent can plant (R11)
    else:
        # witnesses settle R11 in bulk; the first few choices are checked directly,
        # which is cheaper when only "is there any?" is asked
        witnesses: list[int] | None = None
        checked = 0

        def keep(a: SkudAction) -> bool:
            nonlocal witnesses, checked
            if witnesses is None:
                checked += 1
                if checked <= 3:
                    return leaves_opponent_a_move(pos, a)
                witnesses = witness_masks(pos, me)
            return witnessed(witnesses, changed_by(a)) or (leaves_opponent_a_move(pos, a))

    plantable = [k for k in (LOTUS, ORCHID) if reserve[k]]
    if not pos.growing(me):
        plantable = [k for k in BASIC_KINDS if reserve[k]] + plantable
    for g in open_gates:
        for k in plantable:
            action = SkudAction(BONUS_PLANT, k, -1, g)
            if keep is None or keep(action):
                yield action
    empty: list[int] | None = None
    for kind in (ROCK, WHEEL, KNOTWEED):
        if not reserve[kind]:
            continue
        if empty is None:
            empty = list(compress(OPEN_POINTS, map(not_, ON_OPEN_POINTS(board))))
        for p in empty:
            if kind != WHEEL or wheel_ok(pos, p):
                action = SkudAction(PLACE_ACCENT, kind, -1, p)
                if keep is None or keep(action):
                    yield action
    if reserve[BOAT]:
        for action in boat_actions(pos):
            if keep is None or keep(action):
                yield action


def boat_actions(pos: SkudPosition) -> list[SkudAction]:
    """The Boat bonus choices: onto an accent tile (both leave the game), or onto a
    flower, which moves to a point around it."""
    board = pos.board
    out: list[SkudAction] = []
    for p in POINTS:
        v = board[p]
        if not v or IS_GATE[p]:
            continue
        if IS_ACCENT[v]:
            board[p] = 0
            bad = rules.clash_through(board, p)
            board[p] = v
            if not bad:
                out.append(SkudAction(BOAT_MOVE, BOAT, p, -1))
            continue
        forbidden = FORBIDDEN[v]
        board[p] = cell(BOAT, pos.player)
        for q in SURROUNDING[p]:
            if board[q] or IS_GATE[q] or forbidden[q]:
                continue
            board[q] = v
            bad = rules.clash_at(board, q)
            board[q] = 0
            if not bad:
                out.append(SkudAction(BOAT_MOVE, BOAT, p, q))
        board[p] = v
    return out


def wheel_moves(pos: SkudPosition, centre: int) -> list[tuple[int, int]] | None:
    """The (from, to) moves a Wheel on ``centre`` makes, or ``None`` if not allowed (R5)."""
    board = pos.board
    ring = RING_CELLS[centre]
    moves: list[tuple[int, int]] = []
    for i, src in enumerate(ring):
        if src is None:
            continue
        v = board[src]
        if not v:
            continue
        dst = ring[(i + 1) % 8]
        if IS_GATE[src] or KIND_OF[v] == ROCK or dst is None or IS_GATE[dst] or FORBIDDEN[v][dst]:
            return None
        moves.append((src, dst))
    return moves


def turn_ring(pos: SkudPosition, moves: list[tuple[int, int]]) -> None:
    """Make a Wheel's ``moves`` (from :func:`wheel_moves`) on the board at once (R5)."""
    values = [pos.board[s] for s, _ in moves]
    for s, _ in moves:
        pos.board[s] = 0
    for (_, d), v in zip(moves, values, strict=True):
        pos.board[d] = v


def wheel_ok(pos: SkudPosition, centre: int) -> bool:
    """Whether a Wheel may go on ``centre``: its turn is allowed and makes no clash (R5)."""
    moves = wheel_moves(pos, centre)
    if moves is None:
        return False
    if not moves:
        return True
    board = pos.board
    cells = [centre, *(c for c in RING_CELLS[centre] if c is not None)]
    saved = [board[c] for c in cells]
    turn_ring(pos, moves)
    board[centre] = cell(WHEEL, pos.player)
    # a new clash must run through a cell whose content changed
    bad = any(
        rules.clash_at(board, c) if board[c] else rules.clash_through(board, c)
        for c, v in zip(cells, saved, strict=True)
        if board[c] != v
    )
    for c, v in zip(cells, saved, strict=True):
        board[c] = v
    return not bad


def changed_by(action: SkudAction) -> tuple[int, ...]:
    """Every point a bonus action may change (a Wheel: its 8 neighbours too)."""
    if action.kind == PLACE_ACCENT and action.tile == WHEEL:
        return (action.dst, *(c for c in RING_CELLS[action.dst] if c is not None))
    return tuple(p for p in (action.src, action.dst) if p >= 0)


def leaves_opponent_a_move(pos: SkudPosition, action: SkudAction) -> bool:
    """R11 for a bonus action: only checked when the opponent cannot plant."""
    opp = 1 - pos.player
    if (
        pos._has_basic(opp)
        and any(not pos.board[g] for g in GATES)
        and (action.kind != BONUS_PLANT or sum(not pos.board[g] for g in GATES) > 1)
    ):
        return True
    saved_board = pos.board[:]
    saved_reserve = [pos.reserve[0][:], pos.reserve[1][:]]
    saved_captured = [pos.captured[0][:], pos.captured[1][:]]
    do_bonus(pos, action)
    ok = opponent_can_move(pos, pos.player)
    pos.board[:] = saved_board
    pos.reserve[0][:], pos.reserve[1][:] = saved_reserve
    pos.captured[0][:], pos.captured[1][:] = saved_captured
    return ok


def do_bonus(pos: SkudPosition, action: SkudAction) -> None:
    """What a legal bonus action does to the board, the reserves and the captures."""
    me, board = pos.player, pos.board
    kind = action.kind
    if kind == BONUS_PLANT:
        board[action.dst] = cell(action.tile, me)
        pos.reserve[me][action.tile] -= 1
    elif kind == PLACE_ACCENT:
        if action.tile == WHEEL:
            moves = wheel_moves(pos, action.dst) or []
            turn_ring(pos, moves)
        board[action.dst] = cell(action.tile, me)
        pos.reserve[me][action.tile] -= 1
    elif kind == BOAT_MOVE:
        pos.reserve[me][BOAT] -= 1
        if action.dst < 0:
            taken = board[action.src]
            pos.captured[OWNER_OF[taken]][KIND_OF[taken]] += 1
            pos.captured[me][BOAT] += 1
            board[action.src] = 0
        else:
            board[action.dst] = board[action.src]
            board[action.src] = cell(BOAT, me)
