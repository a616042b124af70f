"""The Balance action: place the drawn tile on a point; its text is ``(x,y)``."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import ON_BOARD, POINT_OF, TEXT_OF, Point
from ..errors import InvalidMove, quote
from ..messages import msg


@dataclass(frozen=True, slots=True)
class Place:
    """Place the drawn tile on the point with grid index ``index`` (see :mod:`board`)."""

    index: int

    @property
    def point(self) -> Point:
        """The point as a typed :class:`Point`."""
        return POINT_OF[self.index]

    @classmethod
    def at(cls, x: int, y: int) -> Place:
        """The action placing on ``(x, y)``; raise :class:`InvalidMove` off the board."""
        point = Point(x, y)
        if not (-8 <= x <= 8 and -8 <= y <= 8 and ON_BOARD[point.index]):
            raise InvalidMove(msg("point ({x},{y}) is not on the board", x=x, y=y))
        return cls(point.index)

    def __str__(self) -> str:
        text: str = TEXT_OF[self.index]
        return text


def parse_place(text: str) -> Place:
    """Parse ``(x,y)``; raise :class:`InvalidMove` naming the text if malformed or off-board."""
    if not isinstance(text, str):
        raise InvalidMove(msg("not a point: {text} (expected '(x,y)')", text=quote(text)))
    return Place(Point.parse(text).index)


def sort_key(index: int) -> tuple[int, int]:
    """Reading order of a point (top row first, west to east), as :data:`board.POINTS`."""
    x, y = POINT_OF[index]
    return -y, x
