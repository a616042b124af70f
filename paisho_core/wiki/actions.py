"""Wiki actions: a typed, frozen, hashable value, and their notation (``rules.html#wiki-notation``).

One action per turn (wiki R2).  Text forms, without ply prefix:

* entry ``Ja(0,-8)`` (tile code, then the point);
* move ``(0,-8)-(0,-5)`` (any tile, a Boat's plain move and the Wheel's included);
* Boat push ``(x,y)>(x2,y2)``: the Boat steps onto the tile at ``(x2,y2)``, which is
  pushed one point on;
* Boat carry ``(x,y)=(x2,y2)[(a,b),(c,d)]``: the Boat goes to ``(x2,y2)`` with the tiles
  that stood on the listed points (written in board order: north row first, west to east);
* Wheel turn ``(x,y)@cw`` / ``(x,y)@ccw``;
* ``pass`` and ``resign``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..board import BOARD_RANK, INDEX_OF_TEXT, ON_BOARD, TEXT_OF, Point
from ..errors import InvalidMove, quote
from ..messages import msg
from .tiles import CODE, KIND_OF_CODE

ENTER, MOVE, PUSH, CARRY, TURN, PASS, RESIGN = range(7)
CLOCKWISE, COUNTER_CLOCKWISE = 0, 1
SPIN_TEXT = ("cw", "ccw")


class WikiAction(NamedTuple):
    """One Wiki action.

    ``kind`` is :data:`ENTER`, :data:`MOVE`, :data:`PUSH`, :data:`CARRY`, :data:`TURN`,
    :data:`PASS` or :data:`RESIGN`.  ``tile`` is the entering kind (:data:`ENTER`) or the
    Wheel's direction (:data:`TURN`: :data:`CLOCKWISE` / :data:`COUNTER_CLOCKWISE`);
    ``src``/``dst`` are point indices or -1 (for a push, ``dst`` is the pushed tile's
    point, where the Boat ends); ``carried`` holds the carried tiles' points, in board
    order.
    """

    kind: int
    tile: int = -1
    src: int = -1
    dst: int = -1
    carried: tuple[int, ...] = ()

    @property
    def source(self) -> Point | None:
        """The point the acting tile leaves (or the Wheel turns on), if any."""
        return Point.from_index(self.src) if self.src >= 0 else None

    @property
    def target(self) -> Point | None:
        """The point the acting tile ends on, if any."""
        return Point.from_index(self.dst) if self.dst >= 0 else None

    def __str__(self) -> str:
        return format_action(self)


def carried_order(points: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Carried points in notation order: board order (north row first, west to east)."""
    return tuple(sorted(points, key=BOARD_RANK.__getitem__))


def format_action(action: WikiAction) -> str:
    """The notation of one action (no ply prefix)."""
    kind = action.kind
    if kind == MOVE:
        return f"{TEXT_OF[action.src]}-{TEXT_OF[action.dst]}"
    if kind == ENTER:
        return CODE[action.tile] + TEXT_OF[action.dst]
    if kind == PUSH:
        return f"{TEXT_OF[action.src]}>{TEXT_OF[action.dst]}"
    if kind == CARRY:
        inner = ",".join(TEXT_OF[p] for p in action.carried)
        return f"{TEXT_OF[action.src]}={TEXT_OF[action.dst]}[{inner}]"
    if kind == TURN:
        return f"{TEXT_OF[action.src]}@{SPIN_TEXT[action.tile]}"
    if kind == PASS:
        return "pass"
    if kind == RESIGN:
        return "resign"
    raise InvalidMove(msg("not a Wiki action: {text}", text=repr(action)))


_P = r"\(\s*-?\d{1,2}\s*,\s*-?\d{1,2}\s*\)"
_ENTER_RE = re.compile(rf"([A-Za-z]{{1,2}})\s*({_P})")
_MOVE_RE = re.compile(rf"({_P})\s*([->=])\s*({_P})\s*(?:\[\s*((?:{_P}\s*,?\s*)*)\])?")
_TURN_RE = re.compile(rf"({_P})\s*@\s*(cw|ccw)", re.I)
_POINT_RE = re.compile(_P)


def _point(text: str, whole: str) -> int:
    compact = re.sub(r"\s+", "", text)
    index = INDEX_OF_TEXT.get(compact)
    if index is None or not ON_BOARD[index]:
        raise InvalidMove(msg("not a Wiki action: {text} ({point} is not on the board)",
                              text=quote(whole), point=compact))
    return index


def parse_action(text: str) -> WikiAction:
    """Parse one action; raise :class:`InvalidMove` quoting the text when malformed."""
    if not isinstance(text, str):
        raise InvalidMove(msg("not a Wiki action: {text}", text=quote(text)))
    body = text.strip()
    lowered = body.lower()
    if lowered == "pass":
        return WikiAction(PASS)
    if lowered == "resign":
        return WikiAction(RESIGN)
    match = _ENTER_RE.fullmatch(body)
    if match is not None:
        code = match.group(1)
        kind = KIND_OF_CODE.get(code)
        if kind is None:
            raise InvalidMove(msg(
                "not a Wiki action: {text} (unknown tile code {code}; codes: {codes})",
                text=quote(text), code=quote(code), codes=" ".join(CODE),
            ))
        return WikiAction(ENTER, kind, -1, _point(match.group(2), text))
    match = _TURN_RE.fullmatch(body)
    if match is not None:
        spin = SPIN_TEXT.index(match.group(2).lower())
        return WikiAction(TURN, spin, _point(match.group(1), text))
    match = _MOVE_RE.fullmatch(body)
    if match is not None:
        src, sign, dst, inner = match.groups()
        a, b = _point(src, text), _point(dst, text)
        if sign == "=":
            if inner is None:
                raise InvalidMove(msg(
                    "not a Wiki action: {text} (a carry lists the carried tiles: "
                    "'(x,y)=(x2,y2)[(a,b)]')",
                    text=quote(text),
                ))
            points = [_point(p, text) for p in _POINT_RE.findall(inner)]
            if not points or len(set(points)) != len(points):
                raise InvalidMove(msg(
                    "not a Wiki action: {text} (list one to three different carried tiles)",
                    text=quote(text),
                ))
            return WikiAction(CARRY, -1, a, b, carried_order(points))
        if inner is not None:
            raise InvalidMove(msg("not a Wiki action: {text} (only a carry '=' lists tiles)",
                                  text=quote(text)))
        return WikiAction(MOVE if sign == "-" else PUSH, -1, a, b)
    raise InvalidMove(msg(
        "not a Wiki action: {text} (expected e.g. 'Ja(0,-8)', '(0,-8)-(0,-5)', "
        "'(1,1)>(1,2)', '(1,1)=(1,4)[(0,1)]', '(2,-3)@cw', 'pass' or 'resign')",
        text=quote(text),
    ))
