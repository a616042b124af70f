"""Why an Ancient action or click is refused, and an action in words
(``rules.html#ancient``).

Functions over an :class:`~paisho_core.ancient.position.AncientPosition`, called by
:class:`~paisho_core.ancient.game.AncientGame`: the plain-words reason an action is
refused, naming the ruling, why a click is refused, and what an action does.  Which
actions are legal is :mod:`.moves`'.
"""

from __future__ import annotations

from ..board import CELLS, IS_GATE, IS_RED, IS_WHITE, ON_BOARD, SURROUNDING, TEXT_OF
from ..messages import Message, msg, term
from ..tokens import reserve_code, token_point
from . import rules
from .actions import (
    DISCARD,
    DRAW,
    MOVE,
    PASS,
    PLACE,
    AncientAction,
    format_action,
)
from .moves import can_place
from .position import DISCARD_STEP, MOVE_STEP, START, STEP_NAMES, AncientPosition
from .tiles import (
    BOAT,
    COIN,
    COLOUR,
    DRAGON,
    DRAINED,
    KIND_OF_CODE,
    KNOTWEED,
    LAST_FLOWER,
    NAMES,
    WHEEL,
    WHITE,
)


# -- checking --------------------------------------------------------------------------
def _why_not_place(pos: AncientPosition, action: AncientAction) -> Message | None:
    kind, src, dst = action.tile, action.src, action.dst
    cells = pos.cells
    seat = pos.seat + 1
    if not 1 <= kind <= 12 or not pos.hands[pos.seat][kind]:
        if 0 < kind < len(NAMES):
            return msg("P{seat} has no {tile} in hand (ancient R3)", seat=seat,
                       tile=term("tile", NAMES[kind]))
        return msg("P{seat} has no tile in hand (ancient R3)", seat=seat)
    if not 0 <= src < CELLS or not ON_BOARD[src]:
        return msg("not a point of the board (ancient-turn)")
    if IS_GATE[src]:
        return msg("no tile is placed on a Gate (ancient R5): {point}", point=TEXT_OF[src])
    if kind == BOAT:
        v = cells[src]
        if not v:
            return msg("a Boat is placed onto a tile, and {point} is empty (ancient R10)",
                       point=TEXT_OF[src])
        if v & DRAINED:
            return msg("no tile may take a drained tile's point {point} (ancient R6)",
                       point=TEXT_OF[src])
        if not (0 <= dst < CELLS and ON_BOARD[dst]) or dst == src or cells[dst]:
            return msg("the displaced tile goes to an empty point (ancient R10)")
        if IS_GATE[dst]:
            return msg("the displaced tile cannot go on a Gate {point} (ancient R5)",
                       point=TEXT_OF[dst])
        return None
    if cells[src]:
        return msg("{point} is taken (ancient R5)", point=TEXT_OF[src])
    if kind <= LAST_FLOWER:
        if COLOUR[kind] == WHITE and not IS_RED[src]:
            return msg("a white flower goes on a point touching a red garden (ancient R5)")
        if COLOUR[kind] != WHITE and not IS_WHITE[src]:
            return msg("a red flower goes on a point touching a white garden (ancient R5)")
    if kind == WHEEL and action.turn not in rules.legal_turns(cells, src):
        return msg(
            "the Wheel cannot turn its ring by {degrees} degrees: it would move a"
            " Coin or a drained tile, or put a tile off the board or on a Gate (ancient R9)",
            degrees=45 * action.turn,
        )
    return None


def _wrong_step(pos: AncientPosition, kind: int) -> Message:
    """A draw or a placement when the seat must discard or move first (ancient R3)."""
    seat, step = pos.seat + 1, STEP_NAMES[pos.step]
    if kind == DRAW:
        if step == "discard":
            return msg("a draw starts a turn, but P{seat} must discard (ancient R3)", seat=seat)
        return msg("a draw starts a turn, but P{seat} must move (ancient R3)", seat=seat)
    if step == "discard":
        return msg("a placement starts a turn, but P{seat} must discard (ancient R3)", seat=seat)
    return msg("a placement starts a turn, but P{seat} must move (ancient R3)", seat=seat)


def why_illegal(pos: AncientPosition, action: AncientAction) -> Message | None:
    """Why ``action`` is not legal now, naming the ruling, or ``None`` when it is."""
    step, kind = pos.step, action.kind
    if kind == DRAW:
        if step != START:
            return _wrong_step(pos, kind)
        if not pos.pile_left:
            return msg("the draw pile is empty (ancient R3)")
        return None
    if kind == DISCARD:
        if step != DISCARD_STEP:
            return msg("a discard follows a draw (ancient R3)")
        tile = action.tile
        if not 1 <= tile <= 12 or not pos.hands[pos.seat][tile]:
            return msg("P{seat} has no such tile to discard (ancient R3)", seat=pos.seat + 1)
        return None
    if kind == PLACE:
        if step != START:
            return _wrong_step(pos, kind)
        return _why_not_place(pos, action)
    if kind == MOVE:
        if step != MOVE_STEP:
            return msg("a move follows a placement (ancient R3)")
        src, dst = action.src, action.dst
        if not (0 <= src < CELLS and ON_BOARD[src]) or not pos.cells[src]:
            return msg("there is no tile to move there (ancient R6)")
        if dst not in rules.destinations(pos.cells, src):
            return msg("the {tile} cannot move so (ancient R6)",
                       tile=term("tile", NAMES[pos.cells[src] & 15]))
        return None
    if kind == PASS:
        if step != START or pos.pile_left or can_place(pos):
            return msg("a seat passes only when it can neither draw nor place (ancient R3)")
        return None
    return msg("not an Ancient action")


def click_reason(pos: AncientPosition, clicks: tuple[str, ...], token: str) -> Message | None:
    """Why the click ``token`` after ``clicks`` makes or starts no legal action, naming
    the tile, the point and the ruling (``None``: the page words it)."""
    point = token_point(token)
    if point is None:
        return None
    at, cells, seat = point.index, pos.cells, pos.seat + 1
    if not clicks:
        v = cells[at]
        if not v:
            return None
        tile, where = term("tile", NAMES[v & 15]), TEXT_OF[at]
        if pos.step == START:
            return msg("the {tile} at {point} cannot move yet: a turn starts with a placement"
                       " from the hand or a draw (ancient R3)", tile=tile, point=where)
        if pos.step == DISCARD_STEP:
            return msg("P{seat} drew and must now discard a tile from the hand (ancient R3)",
                       seat=seat)
        if v & DRAINED:
            knotweed = next((q for q in SURROUNDING[at] if cells[q] == KNOTWEED), -1)
            return msg("the {tile} at {point} is drained by the Knotweed at {knotweed} and "
                       "cannot move (ancient R6)", tile=tile, point=where,
                       knotweed=TEXT_OF[knotweed] if knotweed >= 0 else "?")
        if v in (BOAT, COIN, KNOTWEED, WHEEL):
            return msg("the {tile} at {point} never moves (ancient R6)", tile=tile, point=where)
        return msg("the {tile} at {point} has no free way to move now (ancient R6)", tile=tile,
                   point=where)
    code = reserve_code(clicks[0])
    if len(clicks) == 1 and code is not None and code in KIND_OF_CODE:
        kind = KIND_OF_CODE[code]
        if kind in (BOAT, WHEEL):
            return None
        return why_illegal(pos, AncientAction(PLACE, kind, at))
    src = token_point(clicks[0])
    if len(clicks) == 1 and src is not None:
        return why_illegal(pos, AncientAction(MOVE, -1, src.index, at))
    return None


def describe(pos: AncientPosition, action: AncientAction, coordinates: bool = False) -> Message:
    """``action`` in words for the seat to make it, the points named only when
    ``coordinates`` are shown (the board marks them otherwise)."""
    kind, cells = action.kind, pos.cells
    if kind == DRAW:
        return msg("draw a tile from the pile")
    if kind == PASS:
        return msg("pass")
    if kind == DISCARD:
        return msg("discard your {tile}", tile=term("tile", NAMES[action.tile]))
    src = TEXT_OF[action.src] if 0 <= action.src < CELLS else "?"
    to = TEXT_OF[action.dst] if 0 <= action.dst < CELLS else "?"
    if kind == PLACE:
        tile = term("tile", NAMES[action.tile])
        if action.tile == WHEEL and not action.turn:
            return (msg("place your Wheel on {point}, its ring not turned", point=src)
                    if coordinates else
                    msg("place your Wheel on the marked point, its ring not turned"))
        if action.tile == WHEEL:
            return (msg("place your Wheel on {point} and turn its ring by {degrees} degrees",
                        point=src, degrees=45 * action.turn) if coordinates else
                    msg("place your Wheel on the marked point and turn its ring by {degrees}"
                        " degrees", degrees=45 * action.turn))
        if action.tile == BOAT and cells[action.src]:
            other = term("tile", NAMES[cells[action.src] & 15])
            return (msg("place your Boat on the {other} at {point} and put that tile on {to}",
                        other=other, point=src, to=to) if coordinates else
                    msg("place your Boat on the marked {other} and put that tile on the "
                        "marked point", other=other))
        return (msg("place your {tile} on {point}", tile=tile, point=src) if coordinates
                else msg("place your {tile} on the marked point", tile=tile))
    v = cells[action.src] if 0 <= action.src < CELLS else 0
    if kind == MOVE and v:
        tile = term("tile", NAMES[v & 15])
        if v == DRAGON and cells[action.dst]:
            other = term("tile", NAMES[cells[action.dst] & 15])
            return (msg("move the Dragon from {point} onto the {other} at {to}, taking it",
                        point=src, other=other, to=to) if coordinates else
                    msg("move the Dragon onto the marked {other}, taking it", other=other))
        return (msg("move the {tile} from {point} to {to}", tile=tile, point=src, to=to)
                if coordinates else msg("move the {tile} to the marked point", tile=tile))
    return msg("play {move}", move=format_action(action))
