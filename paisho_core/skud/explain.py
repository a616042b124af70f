"""Why a Skud action is refused: one plain sentence naming the ply and the rule.

Functions over a :class:`~.position.SkudPosition` (the game is one), called by
:meth:`SkudGame.explain_illegal <paisho_core.skud.game.SkudGame.explain_illegal>`.
"""

from __future__ import annotations

from ..board import (
    IS_GATE,
    ORTHOGONAL,
    POINT_OF,
    SURROUNDING,
)
from ..errors import InvalidMove
from ..messages import Message, msg, msgn, term
from ..tokens import reserve_code, token_point
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
    unpack_accents,
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
    ACCENT_KINDS,
    BOAT,
    CODE,
    IS_BASIC,
    IS_FLOWER,
    IS_WHITE_FLOWER,
    KIND_OF,
    KIND_OF_CODE,
    MOVE_RANGE,
    NAME,
    ORCHID,
    OWNER_OF,
    PLAYERS,
    ROCK,
    WHEEL,
    cell,
)


def explain_illegal(pos: SkudPosition, action: SkudAction) -> Message:
    """A sentence naming the ply, the action and the rule that forbids it."""
    ply = len(pos._plies) + (
        0 if action.kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP) else 1
    )
    prefix = ply_prefix(max(ply - 1, 0))
    try:
        text = format_action(action)
    except InvalidMove:
        text = repr(action)
    return msg("ply {ply} ({prefix}): {move} is not legal: {reason}",
               ply=ply, prefix=prefix, move=text, reason=reason(pos, action))


def reason(pos: SkudPosition, action: SkudAction) -> Message:
    """Why ``action`` is not legal now, naming the rule (without the ply)."""
    if pos._ended is not None or pos.resigned is not None:
        return msg("the game is over (skud-winning)")
    me, board, kind = pos.player, pos.board, action.kind
    who = term("player", PLAYERS[me].capitalize())
    if pos.phase == ACCENT_PHASE:
        if kind != ACCENTS:
            return msg("the {player} must first choose accent tiles (R12)", player=who)
        return msg(
            "choose {count} accent tiles from {pool} (R,W,K,B) (R12)",
            count=pos.accent_pick, pool=",".join(str(n) for n in pos.accent_pool),
        )
    if kind == ACCENTS:
        return msg("accent tiles are chosen only before the first plant (R12)")
    if pos.phase == OPENING:
        return msg("the Guest opens by planting a basic flower in their own Gate (0,-8) (R7b)")
    if pos.phase == MIRROR:
        mirror = pos.legal_actions()
        return msg("the Host must answer with {move} (skud-start)",
                   move=format_action(mirror[0]) if mirror else "?")
    if pos.phase == BONUS and kind not in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
        return msg(
            "the {player} earned a Harmony Bonus: take it (+…) or skip it first (skud-bonus)",
            player=who)
    if pos.phase == MAIN and kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
        return msg(
            "no Harmony Bonus was earned: a bonus follows only an Arrange that makes a "
            "new harmony (R4)"
        )
    if kind in (PLANT, BONUS_PLANT, PLACE_ACCENT) and pos.reserve[me][action.tile] <= 0:
        if kind == PLANT:
            return msg("the {player} has no {tile} left in reserve (skud-turn)",
                       player=who, tile=term("tile", NAME[action.tile]))
        return msg("the {player} has no {tile} left in reserve (skud-bonus)",
                   player=who, tile=term("tile", NAME[action.tile]))
    if kind in (PLANT, BONUS_PLANT):
        if not IS_GATE[action.dst]:
            return msg("flowers are planted only in a Gate (R7b)")
        if board[action.dst]:
            return msg("the Gate {point} is not open (R7b)", point=str(POINT_OF[action.dst]))
        if kind == BONUS_PLANT and IS_BASIC[cell(action.tile, me)] and pos.growing(me):
            return msg("a bonus plant of a basic flower needs no Growing flower of yours (R4)")
        return _STRANDS
    if kind == PLACE_ACCENT:
        if board[action.dst] or IS_GATE[action.dst]:
            return msg("accent tiles go on an open point that is not a Gate (skud-accents)")
        if action.tile == WHEEL:
            return msg(
                "a Wheel may not turn a Rock, a tile on or onto a Gate or off the "
                "board, a flower into the wrong garden, nor make a clash (R5)"
            )
        return _STRANDS
    if kind == BOAT_MOVE:
        if pos.reserve[me][BOAT] <= 0:
            return msg("the {player} has no Boat left in reserve (skud-bonus)", player=who)
        target = board[action.src] if action.src >= 0 else 0
        if not target or IS_GATE[action.src]:
            return msg("a Boat goes onto a Blooming flower or an accent tile (skud-accents)")
        return msg(
            "the Boat may not make a clash, nor move a flower onto a Gate, into the "
            "wrong garden or onto a tile (skud-accents)"
        )
    if kind == ARRANGE:
        return _arrange_reason(pos, action)
    return msg("not a legal move here (skud-turn)")


_STRANDS = msg("it would leave the opponent without a move (R11)")


def _arrange_reason(pos: SkudPosition, action: SkudAction) -> Message:
    """Why an Arrange is not legal now, naming the rule."""
    me, board = pos.player, pos.board
    src, dst = action.src, action.dst
    v = board[src] if src >= 0 else 0
    if not v:
        return msg("there is no tile on {point} (skud-turn)", point=str(POINT_OF[src]))
    if OWNER_OF[v] != me:
        return msg("the tile on {point} is not the {player}'s (skud-turn)",
                   point=str(POINT_OF[src]), player=term("player", PLAYERS[me].capitalize()))
    if not IS_FLOWER[v]:
        return msg("accent tiles do not move (skud-turn)")
    if rules.is_trapped(board, src):
        return _trapped(pos, src)
    if IS_GATE[dst]:
        return msg("no tile may move onto a Gate (R1)")
    if FORBIDDEN[v][dst]:
        if IS_WHITE_FLOWER[v]:
            return msg("a white flower may not end wholly inside a red garden (skud-gardens)")
        return msg("a red flower may not end wholly inside a white garden (skud-gardens)")
    w = board[dst]
    if w and (OWNER_OF[w] == me or not IS_FLOWER[w]):
        return msg("{point} is taken (R1)", point=str(POINT_OF[dst]))
    if w:
        return msg("{code} cannot capture the {tile} there (skud-turn)", code=CODE[KIND_OF[v]],
                   tile=term("tile", NAME[KIND_OF[w]]))
    if not any(d == dst for s, d in arranges(pos, me, first_only=False) if s == src):
        reach = MOVE_RANGE[v]
        reachable = reachable_points(pos, src, reach)
        if dst not in reachable:
            return msgn("{code} moves at most {count} step and may not pass over tiles (R1)",
                        "{code} moves at most {count} steps and may not pass over tiles (R1)",
                        reach, code=CODE[KIND_OF[v]], count=reach)
        return msg("it would make two tiles clash (R3)")
    return _STRANDS


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


def describe(pos: SkudPosition, action: SkudAction, coordinates: bool = False) -> Message:
    """``action`` in words for the player to make it, e.g. "move your Rose from (0,-8) to
    (0,-5)" — the points named only when ``coordinates`` are shown (the board marks them
    otherwise)."""
    kind, board = action.kind, pos.board
    if kind == ACCENTS:
        return msg("choose your accent tiles: {tiles}", tiles=_accent_words(action))
    if kind == SKIP:
        return msg("skip the Harmony Bonus")
    tile = term("tile", NAME[action.tile]) if action.tile >= 0 else term("tile", "Boat")
    if kind in (PLANT, BONUS_PLANT):
        said = (msg("plant your {tile} in the Gate {point}", tile=tile, point=_at(action.dst))
                if coordinates else msg("plant your {tile} in the marked Gate", tile=tile))
        return said if kind == PLANT else msg("as your Harmony Bonus, {action}", action=said)
    if kind == PLACE_ACCENT:
        said = (msg("place your {tile} on {point}", tile=tile, point=_at(action.dst))
                if coordinates else msg("place your {tile} on the marked point", tile=tile))
        return msg("as your Harmony Bonus, {action}", action=said)
    if kind == BOAT_MOVE:
        other = term("tile", NAME[KIND_OF[board[action.src]]]) if board[action.src] else tile
        if action.dst < 0:
            said = (msg("put your Boat on the {other} at {point}, which leaves the board",
                        other=other, point=_at(action.src)) if coordinates else
                    msg("put your Boat on the marked {other}, which leaves the board",
                        other=other))
        else:
            said = (msg("put your Boat on the {other} at {point} and move that tile to {to}",
                        other=other, point=_at(action.src), to=_at(action.dst))
                    if coordinates else
                    msg("put your Boat on the marked {other} and move that tile to the "
                        "marked point", other=other))
        return msg("as your Harmony Bonus, {action}", action=said)
    if kind == ARRANGE and action.src >= 0 and board[action.src]:
        mine = term("tile", NAME[KIND_OF[board[action.src]]])
        taken = board[action.dst]
        if taken:
            other = term("tile", NAME[KIND_OF[taken]])
            return (msg("move your {tile} from {point} onto the {other} at {to}, capturing it",
                        tile=mine, point=_at(action.src), other=other, to=_at(action.dst))
                    if coordinates else
                    msg("move your {tile} onto the marked {other}, capturing it",
                        tile=mine, other=other))
        return (msg("move your {tile} from {point} to {to}", tile=mine,
                    point=_at(action.src), to=_at(action.dst))
                if coordinates else msg("move your {tile} to the marked point", tile=mine))
    return msg("play {move}", move=format_action(action))


def _accent_words(action: SkudAction) -> Message:
    """An accent choice's tiles in words (``Rock, 2 × Wheel, Boat``), not its codes."""
    items = [
        term("tile", NAME[ROCK + i]) if n == 1
        else msg("{count} × {tile}", count=n, tile=term("tile", NAME[ROCK + i]))
        for i, n in enumerate(unpack_accents(action.tile)) if n
    ]
    said = items[0]
    for item in items[1:]:
        said = msg("{list}, {item}", list=said, item=item)
    return said


def _at(index: int) -> str:
    """A point's name in notation, ``(x,y)``."""
    return str(POINT_OF[index])


def _trapped(pos: SkudPosition, src: int) -> Message:
    """The flower on ``src`` is trapped: name it and the Orchid that traps it (R7)."""
    board = pos.board
    orchid = next((q for q in SURROUNDING[src] if board[q] and KIND_OF[board[q]] == ORCHID
                   and not IS_GATE[q] and OWNER_OF[board[q]] != OWNER_OF[board[src]]), -1)
    return msg("the {tile} at {point} is trapped by the Orchid at {orchid} and cannot move (R7)",
               tile=term("tile", NAME[KIND_OF[board[src]]]), point=_at(src),
               orchid=_at(orchid) if orchid >= 0 else "?")


def click_reason(pos: SkudPosition, clicks: tuple[str, ...], token: str) -> Message | None:
    """Why the click ``token`` after ``clicks`` makes or starts no legal action, naming
    the tile, the point and the rule (``None``: no reason the rules give, e.g. a click on
    an opponent's tile, which the page words itself)."""
    point = token_point(token)
    if point is None or pos._ended is not None or pos.phase == ACCENT_PHASE:
        return None
    at = point.index
    me, board = pos.player, pos.board
    if not clicks:
        v = board[at]
        if not v or OWNER_OF[v] != me or pos.phase == BONUS:
            return None
        if pos.phase != MAIN:
            return reason(pos, SkudAction(ARRANGE, -1, at, at))
        if not IS_FLOWER[v]:
            return msg(
                "the {tile} at {point} is an accent tile: accent tiles do not move (skud-turn)",
                tile=term("tile", NAME[KIND_OF[v]]), point=_at(at))
        if rules.is_trapped(board, at):
            return _trapped(pos, at)
        return msgn("the {tile} at {point} has no open point within {count} step to move to (R1)",
                    "the {tile} at {point} has no open point within {count} steps to move to (R1)",
                    MOVE_RANGE[v], tile=term("tile", NAME[KIND_OF[v]]), point=_at(at),
                    count=MOVE_RANGE[v])
    first = clicks[0]
    code = reserve_code(first)
    if len(clicks) == 1 and code is not None and code in KIND_OF_CODE:
        tile = KIND_OF_CODE[code]
        if pos.phase == BONUS:
            kind = BONUS_PLANT if tile not in ACCENT_KINDS else (
                BOAT_MOVE if tile == BOAT else PLACE_ACCENT)
        else:
            kind = PLANT
        if kind == BOAT_MOVE:
            return reason(pos, SkudAction(kind, BOAT, at, -1))
        return reason(pos, SkudAction(kind, tile, -1, at))
    src = token_point(first)
    if len(clicks) == 1 and src is not None and pos.phase == MAIN:
        return reason(pos, SkudAction(ARRANGE, -1, src.index, at))
    return None
