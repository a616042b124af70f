"""Which Ancient actions are legal now (``rules.html#ancient``).

Functions over an :class:`~paisho_core.ancient.position.AncientPosition`, called by
:class:`~paisho_core.ancient.game.AncientGame`: the step-by-step enumeration of the
current step's actions (a place-then-move turn is listed one step at a time, never as
a cross product).  Why another action is refused is :mod:`.explain`'s.
"""

from __future__ import annotations

from ..board import IS_RED, IS_WHITE, POINTS
from . import rules
from .actions import (
    DRAW_ACTION,
    PASS_ACTION,
    AncientAction,
    boat_row,
    discard,
    move_row,
    place_row,
    wheel_turns,
)
from .position import DISCARD_STEP, MOVE_STEP, AncientPosition
from .tiles import (
    BOAT,
    COLOUR,
    DRAINED,
    KINDS,
    LAST_FLOWER,
    WHEEL,
    WHITE,
)


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
