"""What an Ancient game shows, and to whom (``rules.html#ancient``).

Functions over an :class:`~paisho_core.ancient.position.AncientPosition`, which
:class:`~paisho_core.ancient.game.AncientGame`'s views call: the tiles on the board
(ownerless; drained flowers flagged), the harmony and disharmony pairs (those a Lotus
flipped marked), each seat's hand as a given viewer may see it, and the page's click
paths of an action.
"""

from __future__ import annotations

from ..board import POINT_OF, POINTS, Point
from ..protocol import TileView
from ..tokens import DRAW as DRAW_TOKEN
from ..tokens import POINT_TOKENS, reserve_token, turn_token
from ..tokens import SKIP as SKIP_TOKEN
from . import rules
from .actions import DISCARD, DRAW, MOVE, PASS, AncientAction
from .position import AncientPosition
from .tiles import BOAT, CODES, DRAINED, LOTUS, WHEEL


def hand(pos: AncientPosition, seat: int) -> dict[str, int]:
    """Everything in ``seat``'s hand (engine knowledge: not for another seat's eyes)."""
    return {CODES[k]: n for k, n in enumerate(pos.hands[seat]) if n}


def hand_size_of(pos: AncientPosition, seat: int) -> int:
    """How many tiles ``seat`` holds (public)."""
    return sum(pos.hands[seat])


# -- views ----------------------------------------------------------------------------------
def board_tiles(pos: AncientPosition) -> list[TileView]:
    """Every tile, ownerless; drained flowers carry the flag ``drained``."""
    cells = pos.cells
    out = []
    for p in POINTS:
        v = cells[p]
        if v:
            flags = frozenset(("drained",)) if v & DRAINED else frozenset()
            out.append(TileView(POINT_OF[p], CODES[v & 15], None, flags))
    return out


def pairs(pos: AncientPosition) -> list[tuple[int, int, int, bool]]:
    """Every interacting pair as ``(a, b, value, flipped)``: value +1 harmony, -1
    disharmony; ``flipped`` when a Lotus turned it (R8).  Points as grid indices."""
    cells = pos.cells
    out = []
    for line in range(rules.LINE_COUNT):
        flipped = sum(1 for p in rules.LINES[line] if cells[p] == LOTUS) % 2 == 1
        for a, b, value in rules.line_pairs(cells, line):
            out.append((a, b, value, flipped))
    return out


def flipped_lines(pos: AncientPosition) -> list[tuple[Point, Point]]:
    """The harmonies and disharmonies a Lotus flipped (R8), for the board's marks."""
    return [(POINT_OF[a], POINT_OF[b]) for a, b, _, f in pairs(pos) if f]


def harmony_lines(pos: AncientPosition) -> list[tuple[Point, Point, int]]:
    """The harmonies as ``(a, b, -1)``: tiles here have no owner."""
    return [(POINT_OF[a], POINT_OF[b], -1) for a, b, v, _ in pairs(pos) if v > 0]


def disharmony_lines(pos: AncientPosition) -> list[tuple[Point, Point, int]]:
    """The disharmonies as ``(a, b, -1)``."""
    return [(POINT_OF[a], POINT_OF[b], -1) for a, b, v, _ in pairs(pos) if v < 0]


def reserves(pos: AncientPosition, viewer: int | None = None) -> list[dict[str, int]]:
    """Each seat's hand; a seat other than ``viewer`` shows only ``{"?": size}``.

    ``viewer=None`` is an onlooker who sees every hand (a finished game's replay).
    """
    out: list[dict[str, int]] = []
    for seat in range(pos.n):
        if viewer is None or viewer == seat:
            out.append(hand(pos, seat))
        else:
            size = hand_size_of(pos, seat)
            out.append({"?": size} if size else {})
    return out


def action_clicks(action: AncientAction) -> tuple[str, ...]:
    """``draw``; ``reserve:Ja`` (discard); ``reserve:Ja``, ``point:(x,y)`` (and
    ``turn:90`` for a Wheel, ``point:(x2,y2)`` for a Boat); two points for a move;
    ``skip`` for a pass."""
    kind = action.kind
    if kind == DRAW:
        return (DRAW_TOKEN,)
    if kind == PASS:
        return (SKIP_TOKEN,)
    if kind == DISCARD:
        return (reserve_token(CODES[action.tile]),)
    if kind == MOVE:
        return (POINT_TOKENS[action.src], POINT_TOKENS[action.dst])
    clicks = (reserve_token(CODES[action.tile]), POINT_TOKENS[action.src])
    if action.tile == WHEEL:
        return (*clicks, turn_token(45 * action.turn))
    if action.tile == BOAT:
        return (*clicks, POINT_TOKENS[action.dst])
    return clicks
