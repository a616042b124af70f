"""Which Ancient actions are legal now, and why another one is not (``rules.html#ancient``).

Functions over an :class:`~paisho_core.ancient.position.AncientPosition`, called by
:class:`~paisho_core.ancient.game.AncientGame`: the step-by-step enumeration of the
current step's actions (a place-then-move turn is listed one step at a time, never as
a cross product) and the plain-words reason an action is refused, naming the ruling.
"""

from __future__ import annotations

from ..board import CELLS, IS_GATE, IS_RED, IS_WHITE, ON_BOARD, POINTS, TEXT_OF
from . import rules
from .actions import (
    DISCARD,
    DRAW,
    DRAW_ACTION,
    MOVE,
    PASS,
    PASS_ACTION,
    PLACE,
    AncientAction,
    boat_row,
    discard,
    move_row,
    place_row,
    wheel_turns,
)
from .position import DISCARD_STEP, MOVE_STEP, START, STEP_NAMES, AncientPosition
from .tiles import BOAT, COLOUR, DRAINED, KINDS, LAST_FLOWER, NAMES, WHEEL, WHITE


# -- legal actions ---------------------------------------------------------------------
def _empties(pos: AncientPosition) -> list[int]:
    cells = pos.cells
    return [p for p in rules.EMPTYABLE if not cells[p]]


def placements_of(
    pos: AncientPosition, kind: int, empties: list[int] | None = None
) -> list[AncientAction]:
    """Every placement of a ``kind`` on the board as it is, whoever holds one (the
    seat's hand is not looked at); ``empties``: the empty points, if already known."""
    cells = pos.cells
    if empties is None:
        empties = _empties(pos)
    if kind <= LAST_FLOWER:
        row = place_row(kind)
        red = COLOUR[kind] == WHITE  # white flowers go on points touching a red garden
        return [row[p] for p in empties if (IS_RED[p] if red else IS_WHITE[p])]  # type: ignore[misc]
    if kind == WHEEL:
        out: list[AncientAction] = []
        for p in empties:
            turns = wheel_turns(p)
            out += [turns[t] for t in rules.legal_turns(cells, p)]
        return out
    if kind == BOAT:
        out = []
        for p in POINTS:
            v = cells[p]
            if v and not v & DRAINED:
                row2 = boat_row(p)
                out += [row2[d] for d in empties]
        return out
    row = place_row(kind)
    return [row[p] for p in empties]  # type: ignore[misc]


def _placements(pos: AncientPosition) -> list[AncientAction]:
    hand = pos.hands[pos.seat]
    empties = _empties(pos)
    out: list[AncientAction] = []
    for kind in KINDS:
        if hand[kind]:
            out += placements_of(pos, kind, empties)
    return out


def can_place(pos: AncientPosition) -> bool:
    """Whether the seat to act can place any tile of its hand (else it may pass)."""
    hand = pos.hands[pos.seat]
    cells = pos.cells
    for kind in KINDS:
        if not hand[kind]:
            continue
        if kind == BOAT:
            if any(cells[p] and not cells[p] & DRAINED for p in POINTS) and _empties(pos):
                return True
            continue
        colour = COLOUR[kind]
        for p in rules.EMPTYABLE:
            if not cells[p] and (colour < 0 or (IS_RED[p] if colour == WHITE else IS_WHITE[p])):
                return True
    return False


def moves(pos: AncientPosition) -> list[AncientAction]:
    """Every move of a tile on the board (the step after a placement, R6)."""
    cells = pos.cells
    out: list[AncientAction] = []
    for p in POINTS:
        if cells[p]:
            dests = rules.destinations(cells, p)
            if dests:
                row = move_row(p)
                out += [row[d] for d in dests]
    return out


def legal_actions(pos: AncientPosition) -> list[AncientAction]:
    """The actions of the current step only, in a deterministic order (the game is
    not over: the caller checks)."""
    if pos.step == DISCARD_STEP:
        hand = pos.hands[pos.seat]
        return [discard(k) for k in KINDS if hand[k]]
    if pos.step == MOVE_STEP:
        return moves(pos)
    out = [DRAW_ACTION] if pos.pile_left else []
    out += _placements(pos)
    return out or [PASS_ACTION]


# -- checking --------------------------------------------------------------------------
def _why_not_place(pos: AncientPosition, action: AncientAction) -> str | None:
    kind, src, dst = action.tile, action.src, action.dst
    cells = pos.cells
    name = NAMES[kind] if 0 < kind < len(NAMES) else "tile"
    if not 1 <= kind <= 12 or not pos.hands[pos.seat][kind]:
        return f"P{pos.seat + 1} has no {name} in hand (ancient R3)"
    if not 0 <= src < CELLS or not ON_BOARD[src]:
        return "not a point of the board"
    if IS_GATE[src]:
        return f"no tile is placed on a Gate (ancient R5): {TEXT_OF[src]}"
    if kind == BOAT:
        v = cells[src]
        if not v:
            return f"a Boat is placed onto a tile, and {TEXT_OF[src]} is empty (ancient R10)"
        if v & DRAINED:
            return f"no tile may take a drained tile's point {TEXT_OF[src]} (ancient R6)"
        if not (0 <= dst < CELLS and ON_BOARD[dst]) or dst == src or cells[dst]:
            return "the displaced tile goes to an empty point (ancient R10)"
        if IS_GATE[dst]:
            return f"the displaced tile cannot go on a Gate {TEXT_OF[dst]} (ancient R5)"
        return None
    if cells[src]:
        return f"{TEXT_OF[src]} is taken (ancient R5)"
    if kind <= LAST_FLOWER:
        if COLOUR[kind] == WHITE and not IS_RED[src]:
            return "a white flower goes on a point touching a red garden (ancient R5)"
        if COLOUR[kind] != WHITE and not IS_WHITE[src]:
            return "a red flower goes on a point touching a white garden (ancient R5)"
    if kind == WHEEL and action.turn not in rules.legal_turns(cells, src):
        return (
            f"the Wheel cannot turn its ring by {45 * action.turn} degrees: it would move a"
            " Coin or a drained tile, or put a tile off the board or on a Gate (ancient R9)"
        )
    return None


def why_illegal(pos: AncientPosition, action: AncientAction) -> str | None:
    """Why ``action`` is not legal now, naming the ruling, or ``None`` when it is."""
    step, kind = pos.step, action.kind
    if kind == DRAW:
        if step != START:
            return f"a draw starts a turn, but P{pos.seat + 1} must {STEP_NAMES[step]}"
        if not pos.pile_left:
            return "the draw pile is empty (ancient R3)"
        return None
    if kind == DISCARD:
        if step != DISCARD_STEP:
            return "a discard follows a draw (ancient R3)"
        tile = action.tile
        if not 1 <= tile <= 12 or not pos.hands[pos.seat][tile]:
            return f"P{pos.seat + 1} has no such tile to discard (ancient R3)"
        return None
    if kind == PLACE:
        if step != START:
            return f"a placement starts a turn, but P{pos.seat + 1} must {STEP_NAMES[step]}"
        return _why_not_place(pos, action)
    if kind == MOVE:
        if step != MOVE_STEP:
            return "a move follows a placement (ancient R3)"
        src, dst = action.src, action.dst
        if not (0 <= src < CELLS and ON_BOARD[src]) or not pos.cells[src]:
            return "there is no tile to move there"
        if dst not in rules.destinations(pos.cells, src):
            return f"the {NAMES[pos.cells[src] & 15]} cannot move so (ancient R6)"
        return None
    if kind == PASS:
        if step != START or pos.pile_left or can_place(pos):
            return "a seat passes only when it can neither draw nor place (ancient R3)"
        return None
    return "not an Ancient action"
