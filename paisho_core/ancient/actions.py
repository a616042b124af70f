"""Ancient actions: a typed, frozen, hashable value, interned, and their notation.

One entry per action (``rules.html#ancient-notation``): ``draw``, ``discard Ja``, a
placement ``Ja(x,y)`` (a Wheel with its turn ``W(x,y)@90``, a Boat with the displaced
tile's new point ``B(x,y)>(x2,y2)``), a move ``(x,y)-(x2,y2)`` and ``pass``.  A game
record prefixes each entry with its turn and seat, ``3.P2:``.

Actions are interned: :func:`place`, :func:`move`, … return one shared object per
value, built once, so enumerating thousands of legal actions costs a list look-up each.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..board import CELLS, INDEX_OF_TEXT, ON_BOARD, TEXT_OF, Point
from ..errors import InvalidMove, quote
from ..messages import msg
from .tiles import BOAT, CODES, KIND_OF_CODE, KINDS, WHEEL

DRAW, DISCARD, PLACE, MOVE, PASS = range(5)
"""Action kinds."""


class AncientAction(NamedTuple):
    """One Ancient action.

    ``kind`` is :data:`DRAW`, :data:`DISCARD`, :data:`PLACE`, :data:`MOVE` or
    :data:`PASS`; ``tile`` the tile kind placed or discarded (-1 otherwise); ``src`` the
    point placed on or moved from; ``dst`` where a move ends or where a Boat puts the
    tile it displaces (-1 otherwise); ``turn`` a Wheel's turn in 45° steps clockwise.
    """

    kind: int
    tile: int = -1
    src: int = -1
    dst: int = -1
    turn: int = 0

    @property
    def source(self) -> Point | None:
        """The point placed on or moved from, if any."""
        return Point.from_index(self.src) if self.src >= 0 else None

    @property
    def target(self) -> Point | None:
        """The point a move ends on (or a displaced tile goes to), if any."""
        return Point.from_index(self.dst) if self.dst >= 0 else None

    def __str__(self) -> str:
        return format_action(self)


DRAW_ACTION = AncientAction(DRAW)
PASS_ACTION = AncientAction(PASS)
_DISCARDS: tuple[AncientAction, ...] = tuple(AncientAction(DISCARD, k) for k in range(13))
_PLACES: tuple[tuple[AncientAction | None, ...], ...] = tuple(
    tuple(AncientAction(PLACE, k, i) if ON_BOARD[i] else None for i in range(CELLS))
    for k in range(13)
)
_WHEELS: tuple[tuple[AncientAction, ...] | None, ...] = tuple(
    tuple(AncientAction(PLACE, WHEEL, i, -1, t) for t in range(8)) if ON_BOARD[i] else None
    for i in range(CELLS)
)
_BOATS: list[list[AncientAction] | None] = [None] * CELLS
_MOVES: list[list[AncientAction] | None] = [None] * CELLS


def discard(kind: int) -> AncientAction:
    """The interned ``discard`` of a tile kind."""
    return _DISCARDS[kind]


def place_row(kind: int) -> tuple[AncientAction | None, ...]:
    """Interned placements of ``kind`` (not Wheel or Boat), indexed by point."""
    return _PLACES[kind]


def wheel_turns(point: int) -> tuple[AncientAction, ...]:
    """Interned Wheel placements on ``point``, indexed by turn (0..7)."""
    row = _WHEELS[point]
    assert row is not None
    return row


def _row(table: list[list[AncientAction] | None], point: int, kind: int) -> list[AncientAction]:
    row = table[point]
    if row is None:
        tile = BOAT if kind == PLACE else -1
        dummy = AncientAction(kind, tile, point, -1)
        row = [AncientAction(kind, tile, point, d) if ON_BOARD[d] else dummy for d in range(CELLS)]
        table[point] = row
    return row


def boat_row(point: int) -> list[AncientAction]:
    """Interned Boat placements onto ``point``, indexed by the displaced tile's new point."""
    return _row(_BOATS, point, PLACE)


def move_row(point: int) -> list[AncientAction]:
    """Interned moves from ``point``, indexed by destination."""
    return _row(_MOVES, point, MOVE)


def format_action(action: AncientAction) -> str:
    """The notation of one action, without the turn and seat prefix."""
    kind = action.kind
    if kind == MOVE:
        return f"{TEXT_OF[action.src]}-{TEXT_OF[action.dst]}"
    if kind == PLACE:
        text = CODES[action.tile] + TEXT_OF[action.src]
        if action.tile == WHEEL:
            return f"{text}@{45 * action.turn}"
        if action.tile == BOAT:
            return f"{text}>{TEXT_OF[action.dst]}"
        return text
    if kind == DISCARD:
        return "discard " + CODES[action.tile]
    return "draw" if kind == DRAW else "pass"


_POINT = r"\(\s*-?\d{1,2}\s*,\s*-?\d{1,2}\s*\)"
_PREFIX_RE = re.compile(r"\s*(\d{1,5})\s*\.\s*P(\d)\s*:\s*")
_PLACE_RE = re.compile(rf"([A-Za-z]{{1,2}})\s*({_POINT})\s*(?:@\s*(\d{{1,3}})|>\s*({_POINT}))?")
_MOVE_RE = re.compile(rf"({_POINT})\s*-\s*({_POINT})")
_DISCARD_RE = re.compile(r"discard\s+([A-Za-z]{1,2})")


def _point(text: str, whole: str) -> int:
    key = re.sub(r"\s+", "", text)
    index = INDEX_OF_TEXT.get(key)
    if index is None:
        raise InvalidMove(msg(
            "not a point of the board: {text} in {whole}",
            text=quote(text), whole=quote(whole),
        ))
    return index


def _kind(code: str, whole: str) -> int:
    kind = KIND_OF_CODE.get(code)
    if kind is None:
        known = " ".join(CODES[k] for k in KINDS)
        raise InvalidMove(msg(
            "unknown tile code {code} in {whole} (codes: {known})",
            code=quote(code), whole=quote(whole), known=known,
        ))
    return kind


def split_prefix(text: str) -> tuple[tuple[int, int] | None, str]:
    """Split ``"3.P2: Ja(1,2)"`` into ``((3, 1), "Ja(1,2)")``; the prefix is optional.

    The seat is returned 0-based.  Raise :class:`InvalidMove` for a malformed prefix.
    """
    match = _PREFIX_RE.match(text)
    if match is None:
        if re.match(r"\s*\d", text):
            raise InvalidMove(msg(
                "malformed turn prefix in {text} (expected e.g. '3.P2:')",
                text=quote(text),
            ))
        return None, text.strip()
    turn, seat = int(match.group(1)), int(match.group(2))
    if turn < 1 or seat < 1:
        raise InvalidMove(msg("turn and seat count from 1: {text}", text=quote(text)))
    return (turn, seat - 1), text[match.end() :].strip()


def parse_action(text: str) -> AncientAction:
    """Parse one entry (an optional ``3.P2:`` prefix is ignored here).

    Raise :class:`InvalidMove` quoting the text when it is not well-formed.
    """
    if not isinstance(text, str):
        raise InvalidMove(msg("not Ancient notation: {text}", text=quote(text)))
    _, body = split_prefix(text)
    if body == "draw":
        return DRAW_ACTION
    if body == "pass":
        return PASS_ACTION
    match = _DISCARD_RE.fullmatch(body)
    if match:
        return _DISCARDS[_kind(match.group(1), text)]
    match = _MOVE_RE.fullmatch(body)
    if match:
        src, dst = _point(match.group(1), text), _point(match.group(2), text)
        if src == dst:
            raise InvalidMove(msg("a move must change point: {text}", text=quote(text)))
        return move_row(src)[dst]
    match = _PLACE_RE.fullmatch(body)
    if match is None:
        raise InvalidMove(msg(
            "not Ancient notation: {text} (expected draw, discard Ja, Ja(x,y), W(x,y)@90,"
            " B(x,y)>(x2,y2), (x,y)-(x2,y2) or pass)",
            text=quote(text),
        ))
    kind = _kind(match.group(1), text)
    at = _point(match.group(2), text)
    angle, boat_to = match.group(3), match.group(4)
    if kind == WHEEL:
        if angle is None:
            raise InvalidMove(msg(
                "a Wheel placement needs its turn, e.g. W(0,1)@90: {text}",
                text=quote(text),
            ))
        degrees = int(angle)
        if degrees % 45 or degrees >= 360:
            raise InvalidMove(msg(
                "a Wheel turns by a multiple of 45 degrees below 360: {text}",
                text=quote(text),
            ))
        return wheel_turns(at)[degrees // 45]
    if angle is not None:
        raise InvalidMove(msg("only a Wheel takes a turn '@…': {text}", text=quote(text)))
    if kind == BOAT:
        if boat_to is None:
            raise InvalidMove(msg(
                "a Boat placement names where the displaced tile goes, e.g. B(0,1)>(2,3): {text}",
                text=quote(text),
            ))
        dst = _point(boat_to, text)
        if dst == at:
            raise InvalidMove(msg(
                "the displaced tile must go to another point: {text}",
                text=quote(text),
            ))
        return boat_row(at)[dst]
    if boat_to is not None:
        raise InvalidMove(msg("only a Boat displaces a tile '>…': {text}", text=quote(text)))
    row = _PLACES[kind][at]
    assert row is not None
    return row
