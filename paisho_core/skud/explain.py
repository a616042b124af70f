"""Why a Skud action is refused: one plain sentence naming the ply and the rule.

Functions over a :class:`~.position.SkudPosition` (the game is one), called by
:meth:`SkudGame.explain_illegal <paisho_core.skud.game.SkudGame.explain_illegal>`.
"""

from __future__ import annotations

from ..board import (
    IS_GATE,
    ORTHOGONAL,
    POINT_OF,
)
from ..errors import InvalidMove
from . import rules
from .actions import (
    ACCENTS,
    ARRANGE,
    BOAT_MOVE,
    BONUS_PLANT,
    PLACE_ACCENT,
    PLANT,
    SKIP,
    SkudAction,
    format_action,
)
from .moves import arranges
from .notation import ply_prefix
from .position import (
    ACCENT_PHASE,
    BONUS,
    FORBIDDEN,
    MAIN,
    MIRROR,
    OPENING,
    SkudPosition,
)
from .tiles import (
    BOAT,
    CODE,
    IS_BASIC,
    IS_FLOWER,
    IS_WHITE_FLOWER,
    KIND_OF,
    MOVE_RANGE,
    NAME,
    OWNER_OF,
    PLAYERS,
    WHEEL,
    cell,
)


def explain_illegal(pos: SkudPosition, action: SkudAction) -> str:
    """A sentence naming the ply, the action and the rule that forbids it."""
    ply = len(pos._plies) + (
        0 if action.kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP) else 1
    )
    prefix = ply_prefix(max(ply - 1, 0))
    try:
        text = format_action(action)
    except InvalidMove:
        text = repr(action)
    head = f"ply {ply} ({prefix}): {text} is not legal"
    return f"{head}: {reason(pos, action)}"


def reason(pos: SkudPosition, action: SkudAction) -> str:
    """Why ``action`` is not legal now, naming the rule (without the ply)."""
    if pos._ended is not None or pos.resigned is not None:
        return "the game is over"
    me, board, kind = pos.player, pos.board, action.kind
    who = PLAYERS[me].capitalize()
    if pos.phase == ACCENT_PHASE:
        if kind != ACCENTS:
            return f"the {who} must first choose accent tiles"
        return (
            f"choose {pos.accent_pick} accent tiles from "
            f"{','.join(str(n) for n in pos.accent_pool)} (R,W,K,B) (R12)"
        )
    if kind == ACCENTS:
        return "accent tiles are chosen only before the first plant"
    if pos.phase == OPENING:
        return "the Guest opens by planting a basic flower in their own Gate (0,-8) (R7b)"
    if pos.phase == MIRROR:
        mirror = pos.legal_actions()
        return "the Host must answer with " + (format_action(mirror[0]) if mirror else "?")
    if pos.phase == BONUS and kind not in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
        return f"the {who} earned a Harmony Bonus: take it (+…) or skip it first"
    if pos.phase == MAIN and kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
        return (
            "no Harmony Bonus was earned: a bonus follows only an Arrange that makes a "
            "new harmony (R4)"
        )
    if kind in (PLANT, BONUS_PLANT, PLACE_ACCENT) and pos.reserve[me][action.tile] <= 0:
        return f"the {who} has no {NAME[action.tile]} left in reserve"
    if kind in (PLANT, BONUS_PLANT):
        if not IS_GATE[action.dst]:
            return "flowers are planted only in a Gate"
        if board[action.dst]:
            return f"the Gate {POINT_OF[action.dst]} is not open"
        if kind == BONUS_PLANT and IS_BASIC[cell(action.tile, me)] and pos.growing(me):
            return "a bonus plant of a basic flower needs no Growing flower of yours (R4)"
        return "it would leave the opponent without a move (R11)"
    if kind == PLACE_ACCENT:
        if board[action.dst] or IS_GATE[action.dst]:
            return "accent tiles go on an open point that is not a Gate"
        if action.tile == WHEEL:
            return (
                "a Wheel may not turn a Rock, a tile on or onto a Gate or off the "
                "board, a flower into the wrong garden, nor make a clash (R5)"
            )
        return "it would leave the opponent without a move (R11)"
    if kind == BOAT_MOVE:
        if pos.reserve[me][BOAT] <= 0:
            return f"the {who} has no Boat left in reserve"
        target = board[action.src] if action.src >= 0 else 0
        if not target or IS_GATE[action.src]:
            return "a Boat goes onto a Blooming flower or an accent tile"
        return (
            "the Boat may not make a clash, nor move a flower onto a Gate, into the "
            "wrong garden or onto a tile"
        )
    if kind == ARRANGE:
        src, dst = action.src, action.dst
        v = board[src] if src >= 0 else 0
        if not v:
            return f"there is no tile on {POINT_OF[src]}"
        if OWNER_OF[v] != me:
            return f"the tile on {POINT_OF[src]} is not the {who}'s"
        if not IS_FLOWER[v]:
            return "accent tiles do not move"
        if rules.is_trapped(board, src):
            return "that flower is trapped by an Orchid (R7)"
        if IS_GATE[dst]:
            return "no tile may move onto a Gate"
        if FORBIDDEN[v][dst]:
            colour = "white" if IS_WHITE_FLOWER[v] else "red"
            other = "red" if colour == "white" else "white"
            return f"a {colour} flower may not end wholly inside a {other} garden"
        w = board[dst]
        if w and (OWNER_OF[w] == me or not IS_FLOWER[w]):
            return f"{POINT_OF[dst]} is taken"
        if w:
            return f"{CODE[KIND_OF[v]]} cannot capture the {NAME[KIND_OF[w]]} there"
        if not any(d == dst for s, d in arranges(pos, me, first_only=False) if s == src):
            reach = MOVE_RANGE[v]
            reachable = reachable_points(pos, src, reach)
            if dst not in reachable:
                return (
                    f"{CODE[KIND_OF[v]]} moves at most {reach} steps and may not "
                    "pass over tiles (R1)"
                )
            return "it would make two tiles clash (R3)"
        return "it would leave the opponent without a move (R11)"
    return "not a legal move here"


def reachable_points(pos: SkudPosition, src: int, steps: int) -> set[int]:
    """The points ``steps`` orthogonal steps over empty points reach from ``src``."""
    seen, frontier = {src}, [src]
    for _ in range(steps):
        nxt = []
        for u in frontier:
            for q in ORTHOGONAL[u]:
                if q not in seen and not pos.board[q]:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    return seen
