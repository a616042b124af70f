"""Why a Wiki action is not legal, in words that name the ruling (``rules.html#wiki``).

:meth:`WikiGame.explain_illegal <paisho_core.wiki.game.WikiGame.explain_illegal>` puts
the ply in front; these functions find the reason.  They read only the position (and
its public :meth:`~paisho_core.protocol.Game.outcome`), never the game module.
"""

from __future__ import annotations

from ..board import CELLS, IS_GATE, POINT_OF, SURROUNDING
from ..messages import Message, msg, msgn, term
from ..tokens import reserve_code, token_point
from . import moves
from .actions import CARRY, CLOCKWISE, ENTER, MOVE, PASS, PUSH, TURN, WikiAction, format_action
from .position import WikiPosition
from .spec import WikiEnd
from .tiles import (
    DRAGON,
    FLOWER_KINDS,
    KIND_OF,
    KIND_OF_CODE,
    KINDS,
    KNOTWEED,
    LOTUS,
    MAIN,
    NAME,
    OPENING,
    OPENING_MIN,
    OWNER_OF,
    PLAYERS,
    ROCK,
)


def reason(game: WikiPosition, action: WikiAction) -> Message:
    """Why ``action`` is not legal in ``game``, naming the ruling."""
    ended = game.outcome()
    if ended is not None:
        if ended.reason == WikiEnd.CHAIN:
            return msg("the game is over: a chain of harmonies and disharmonies closed around "
                       "the centre (wiki-r10)")
        return msg("the game is over (wiki-score)")
    me, board, kind = game.player, game.board, action.kind
    who = term("player", PLAYERS[me].capitalize())
    if kind == PASS:
        if game.phase == OPENING:
            return msgn("the opening has at least {count} tile each (wiki R12)",
                        "the opening has at least {count} tiles each (wiki R12)",
                        OPENING_MIN, count=OPENING_MIN)
        return msg("a player passes only with no legal action (wiki R2)")
    if game.phase == OPENING and kind != ENTER:
        return msg("the opening is made of mirrored entries, then pass (wiki R12)")
    if kind == ENTER:
        return entry_reason(game, action, who)
    if game.first_of_game:
        return msg("the game opens with a White or Red flower entering (wiki R3)")
    src = action.src
    v = board[src] if 0 <= src < CELLS else 0
    if not v:
        return msg("there is no tile on {point} (wiki R2)", point=str(POINT_OF[src]))
    if OWNER_OF[v] != me:
        return msg("the tile on {point} is not the {player}'s (wiki R2)", point=str(POINT_OF[src]),
                   player=who)
    tile = term("tile", NAME[KIND_OF[v]])
    if game.drained()[src]:
        return drained_reason(game, src)
    if kind == TURN:
        if KIND_OF[v] != KIND_OF_CODE["W"]:
            return msg("only a Wheel turns (wiki R7)")
        return msg("a Wheel turn needs a tile around it and may not move a Rock, a Knotweed "
                   "or a drained tile, nor put a tile off the board or on a Gate (wiki R7)")
    if kind in (PUSH, CARRY):
        if KIND_OF[v] != KIND_OF_CODE["B"]:
            return msg("only a Boat pushes or carries (wiki R4)")
        if kind == PUSH:
            return msg("a Boat pushes an orthogonally adjacent tile (not a Rock, Knotweed, "
                       "White Jade, Rhododendron or drained tile) one point on, onto an "
                       "empty point that is not a Gate (wiki R4)")
        return msg("a Boat carries one to three tiles from the 8 points around it (not the "
                   "one ahead, not a Rock, Knotweed, White Jade, Rhododendron or drained "
                   "tile) 1-5 points in one orthogonal direction, nothing jumped, nothing "
                   "ending on a tile or a Gate (wiki R4)")
    dst = action.dst
    if IS_GATE[dst]:
        return msg("no tile may end a move on a Gate (wiki R4)")
    target = board[dst]
    if target and moves.LANDING[v][target] == moves.NO:
        if OWNER_OF[target] == me:
            return msg("{point} holds the {player}'s own tile (wiki R5)",
                       point=str(POINT_OF[dst]), player=who)
        return msg("a {tile} may not land on the {other} there (wiki R5)", tile=tile,
                   other=term("tile", NAME[KIND_OF[target]]))
    return msg("the {tile} cannot reach {point} that way (wiki R4)", tile=tile,
               point=str(POINT_OF[dst]))


def entry_reason(game: WikiPosition, action: WikiAction, who: Message) -> Message:
    """Why an entry is not legal (wiki R3, R12)."""
    me, kind, dst = game.player, action.tile, action.dst
    if not 0 <= kind < KINDS:
        return msg("unknown tile (wiki-tiles)")
    tile = term("tile", NAME[kind])
    if game.reserve[me][kind] <= 0:
        return msg("the {player} has no {tile} left in reserve (wiki R3)", player=who, tile=tile)
    if game.phase == MAIN and kind in FLOWER_KINDS and dst not in moves.FLOWER_ENTRY[kind][me]:
        return _enters_only_on(game, kind, who)
    if game.board[dst]:
        return msg("{point} is taken (wiki R3)", point=str(POINT_OF[dst]))
    if game.phase == OPENING:
        return msg("opening tiles enter by their entry rule, never at the centre, and the "
                   "mirrored point must be empty (wiki R12)")
    if game.first_of_game and kind not in FLOWER_KINDS:
        return msg("the game opens with a White or Red flower (wiki R3)")
    if kind in FLOWER_KINDS:
        return _enters_only_on(game, kind, who)
    if kind == DRAGON:
        if game.turns[me] < 3:
            return msg("the White Dragon enters from the player's fourth turn (wiki R3)")
        return msg("the White Dragon enters on the opponent's half, not a Gate (wiki R3)")
    if kind == LOTUS:
        return msg("the White Lotus enters on its owner's half, not a Gate (wiki R3)")
    if game.turns[me] < 1:
        return msg("non-flowers may not enter on the player's first turn (wiki R3)")
    if kind == KIND_OF_CODE["W"]:
        return msg("a Wheel enters on a point touching a White garden, not a Gate (wiki R3)")
    return msg("a {tile} enters on any empty point but a Gate (wiki R3)", tile=tile)


def _enters_only_on(game: WikiPosition, kind: int, who: Message) -> Message:
    """A flower enters only on its entry points (wiki R3)."""
    points = ", ".join(str(POINT_OF[p]) for p in moves.FLOWER_ENTRY[kind][game.player])
    return msg("the {player}'s {tile} enters only on {points} (wiki R3)", player=who,
               tile=term("tile", NAME[kind]), points=points)


def drained_reason(game: WikiPosition, src: int) -> Message:
    """The tile on ``src`` is drained: name it and the Knotweed beside it (wiki R6)."""
    board = game.board
    knotweed = next((q for q in SURROUNDING[src] if board[q] and KIND_OF[board[q]] == KNOTWEED),
                    -1)
    return msg("the {tile} at {point} is drained by the Knotweed at {knotweed} and cannot move "
               "(wiki R6)", tile=term("tile", NAME[KIND_OF[board[src]]]),
               point=str(POINT_OF[src]),
               knotweed=str(POINT_OF[knotweed]) if knotweed >= 0 else "?")


def click_reason(game: WikiPosition, clicks: tuple[str, ...], token: str) -> Message | None:
    """Why the click ``token`` after ``clicks`` makes or starts no legal action, naming
    the tile, the point and the ruling (``None``: the page words it)."""
    point = token_point(token)
    if point is None or game.outcome() is not None:
        return None
    at, me, board = point.index, game.player, game.board
    if not clicks:
        v = board[at]
        if not v or OWNER_OF[v] != me:
            return None
        tile = term("tile", NAME[KIND_OF[v]])
        if game.phase == OPENING:
            return msg("the opening is made of mirrored entries, then pass (wiki R12)")
        if game.first_of_game:
            return msg("the game opens with a White or Red flower entering (wiki R3)")
        if KIND_OF[v] in (ROCK, KNOTWEED):
            return msg("the {tile} at {point} never moves (wiki R4)", tile=tile,
                       point=str(point))
        if game.drained()[at]:
            return drained_reason(game, at)
        return msg("the {tile} at {point} has no free way to move now (wiki R4)", tile=tile,
                   point=str(point))
    code = reserve_code(clicks[0])
    if len(clicks) == 1 and code is not None and code in KIND_OF_CODE:
        return reason(game, WikiAction(ENTER, KIND_OF_CODE[code], -1, at))
    src = token_point(clicks[0])
    if len(clicks) == 1 and src is not None:
        return reason(game, WikiAction(MOVE, -1, src.index, at))
    return None


def describe(game: WikiPosition, action: WikiAction, coordinates: bool = False) -> Message:
    """``action`` in words for the player to make it, the points named only when
    ``coordinates`` are shown (the board marks them otherwise)."""
    kind, board = action.kind, game.board
    if kind == PASS:
        return msg("end the opening") if game.phase == OPENING else msg("pass")
    if kind == ENTER:
        tile = term("tile", NAME[action.tile])
        return (msg("bring your {tile} onto {point}", tile=tile, point=_at(action.dst))
                if coordinates else msg("bring your {tile} onto the marked point", tile=tile))
    v = board[action.src] if 0 <= action.src < CELLS else 0
    if not v:
        return msg("play {move}", move=format_action(action))
    mine = term("tile", NAME[KIND_OF[v]])
    if kind == TURN:
        way = action.tile == CLOCKWISE
        if coordinates:
            return (msg("turn your Wheel at {point} clockwise", point=_at(action.src)) if way
                    else msg("turn your Wheel at {point} counter-clockwise",
                             point=_at(action.src)))
        return (msg("turn your marked Wheel clockwise") if way
                else msg("turn your marked Wheel counter-clockwise"))
    if kind == CARRY:
        n = len(action.carried)
        return (msgn("move your Boat from {point} to {to}, carrying {count} tile with it",
                     "move your Boat from {point} to {to}, carrying {count} tiles with it",
                     n, point=_at(action.src), to=_at(action.dst), count=n)
                if coordinates else
                msgn("move your Boat to the marked point, carrying {count} marked tile with it",
                     "move your Boat to the marked point, carrying {count} marked tiles with it",
                     n, count=n))
    target = board[action.dst] if 0 <= action.dst < CELLS else 0
    other = term("tile", NAME[KIND_OF[target]]) if target else mine
    if kind == PUSH:
        return (msg("move your Boat from {point} onto {to}, pushing the {other} one point on",
                    point=_at(action.src), to=_at(action.dst), other=other)
                if coordinates else
                msg("move your Boat onto the marked {other}, pushing it one point on",
                    other=other))
    if target:
        return (msg("move your {tile} from {point} onto the {other} at {to}, capturing it",
                    tile=mine, point=_at(action.src), other=other, to=_at(action.dst))
                if coordinates else
                msg("move your {tile} onto the marked {other}, capturing it", tile=mine,
                    other=other))
    return (msg("move your {tile} from {point} to {to}", tile=mine, point=_at(action.src),
                to=_at(action.dst))
            if coordinates else msg("move your {tile} to the marked point", tile=mine))


def _at(index: int) -> str:
    """A point's name in notation, ``(x,y)``."""
    return str(POINT_OF[index])
