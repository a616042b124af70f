"""The Pai Sho board shared by every variant (``rules.html#board``), as tables computed once.

Points are small integers: the index ``(x + 8) + 17 * (y + 8)`` of a 17×17 grid, so
that a board can be a flat ``list`` of 289 cells.  Only the 249 indices in
:data:`POINTS` are on the board.  :class:`Point` is the public, typed value for the same
thing (``Point(0, -8)``, text ``(0,-8)``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from operator import itemgetter

from .errors import InvalidMove, quote
from .messages import msg

SIZE = 17
"""Width of the grid that holds the board (x and y run from -8 to 8)."""
CELLS = SIZE * SIZE
"""Number of grid cells, on and off the board (289)."""
CENTRE = 8 + SIZE * 8
"""Index of the centre point (0, 0)."""


def index_of(x: int, y: int) -> int:
    """Return the grid index of ``(x, y)``; the point need not be on the board."""
    return (x + 8) + SIZE * (y + 8)


def xy_of(index: int) -> tuple[int, int]:
    """Return the ``(x, y)`` coordinates of a grid index."""
    return index % SIZE - 8, index // SIZE - 8


def on_board(x: int, y: int) -> bool:
    """Tell whether ``(x, y)`` is one of the 249 points (``x² + y² <= 80``)."""
    return -8 <= x <= 8 and -8 <= y <= 8 and x * x + y * y <= 80


_POINT_RE = re.compile(r"\(\s*(-?\d{1,2})\s*,\s*(-?\d{1,2})\s*\)")


@dataclass(frozen=True, slots=True, order=True)
class Point:
    """A point of the board, ``+y`` north (the Host's side), ``+x`` east."""

    x: int
    y: int

    def __iter__(self) -> Iterator[int]:
        yield self.x
        yield self.y

    @property
    def index(self) -> int:
        """The point's grid index (see the module docstring)."""
        return (self.x + 8) + SIZE * (self.y + 8)

    @classmethod
    def from_index(cls, index: int) -> Point:
        """Return the point with this grid index."""
        return POINT_OF[index]

    @classmethod
    def parse(cls, text: str) -> Point:
        """Parse ``(x,y)``; raise :class:`InvalidMove` unless it is a point on the board."""
        match = _POINT_RE.fullmatch(text.strip())
        if match is None:
            raise InvalidMove(msg("not a point: {text} (expected '(x,y)')", text=quote(text)))
        x, y = int(match.group(1)), int(match.group(2))
        if not on_board(x, y):
            raise InvalidMove(msg("point {text} is not on the board (x² + y² must be <= 80)",
                                  text=quote(text)))
        return cls(x, y)

    def __str__(self) -> str:
        return f"({self.x},{self.y})"

    def __repr__(self) -> str:
        return f"Point({self.x}, {self.y})"


def parse_index(text: str) -> int:
    """Parse ``(x,y)`` to a grid index; raise :class:`InvalidMove` if it is not on the board."""
    return Point.parse(text).index


# --- the points ---------------------------------------------------------------------
POINTS: tuple[int, ...] = tuple(
    index_of(x, y) for y in range(8, -9, -1) for x in range(-8, 9) if on_board(x, y)
)
"""All 249 on-board grid indices, in reading order (top row first, west to east)."""
_PLACE = {p: i for i, p in enumerate(POINTS)}
BOARD_RANK: tuple[int, ...] = tuple(_PLACE.get(i, -1) for i in range(CELLS))
"""Each point's place in :data:`POINTS` (reading order; -1 off the board): a sort key."""
X_OF: tuple[int, ...] = tuple(i % SIZE - 8 for i in range(CELLS))
"""The x coordinate of every grid index (a table, faster than :func:`xy_of`)."""
Y_OF: tuple[int, ...] = tuple(i // SIZE - 8 for i in range(CELLS))
"""The y coordinate of every grid index."""
ON_BOARD: tuple[bool, ...] = tuple(on_board(*xy_of(i)) for i in range(CELLS))
"""``ON_BOARD[i]`` tells whether grid index ``i`` is a point."""
POINT_OF: tuple[Point, ...] = tuple(Point(*xy_of(i)) for i in range(CELLS))
"""The :class:`Point` of every grid index (off-board ones included)."""
TEXT_OF: tuple[str, ...] = tuple(str(p) for p in POINT_OF)
"""The text ``(x,y)`` of every grid index, precomputed for fast notation."""
INDEX_OF_TEXT: dict[str, int] = {TEXT_OF[i]: i for i in POINTS}
"""Grid index of every on-board point's canonical text."""

# --- areas (rules.html#board, "Areas") --------------------------------------------------------
GATES: tuple[int, ...] = (index_of(0, 8), index_of(0, -8), index_of(8, 0), index_of(-8, 0))
"""The four Gates: north (Host's), south (Guest's), east, west."""
NORTH_GATE, SOUTH_GATE, EAST_GATE, WEST_GATE = GATES
IS_GATE: tuple[bool, ...] = tuple(i in GATES for i in range(CELLS))


def _area(i: int) -> tuple[bool, bool, bool]:
    x, y = xy_of(i)
    d = abs(x) + abs(y)
    gate = i in GATES
    red = d <= 7 and x * y >= 0
    white = d <= 7 and x * y <= 0
    neutral = d >= 7 and not gate
    return red, white, neutral


IS_RED: tuple[bool, ...] = tuple(ON_BOARD[i] and _area(i)[0] for i in range(CELLS))
IS_WHITE: tuple[bool, ...] = tuple(ON_BOARD[i] and _area(i)[1] for i in range(CELLS))
IS_NEUTRAL: tuple[bool, ...] = tuple(ON_BOARD[i] and _area(i)[2] for i in range(CELLS))
WHOLLY_RED: tuple[bool, ...] = tuple(
    IS_RED[i] and not IS_WHITE[i] and not IS_NEUTRAL[i] for i in range(CELLS)
)
"""Points wholly inside a red garden (red, neither white nor neutral)."""
WHOLLY_WHITE: tuple[bool, ...] = tuple(
    IS_WHITE[i] and not IS_RED[i] and not IS_NEUTRAL[i] for i in range(CELLS)
)
"""Points wholly inside a white garden."""


def quadrant(i: int) -> int:
    """Return 0 NE, 1 NW, 2 SW, 3 SE, or -1 for a point on a midline."""
    x, y = xy_of(i)
    if x == 0 or y == 0:
        return -1
    if y > 0:
        return 0 if x > 0 else 1
    return 2 if x < 0 else 3


QUADRANT: tuple[int, ...] = tuple(quadrant(i) for i in range(CELLS))

# --- lines and neighbours --------------------------------------------------------------
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""The four line directions: north, east, south, west."""
STEP: tuple[int, ...] = tuple(dx + SIZE * dy for dx, dy in DIRECTIONS)
"""Grid-index offset of one step in each of :data:`DIRECTIONS`."""


def _ray(i: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y = xy_of(i)
    out = []
    x, y = x + dx, y + dy
    while on_board(x, y):
        out.append(index_of(x, y))
        x, y = x + dx, y + dy
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(i, dx, dy) for dx, dy in DIRECTIONS) if ON_BOARD[i] else ((), (), (), ())
    for i in range(CELLS)
)
"""``RAYS[i][d]``: the points met going from ``i`` in direction ``d``, nearest first."""
DIAGONAL_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(i, dx, dy) for dx, dy in ((1, 1), (1, -1), (-1, -1), (-1, 1)))
    if ON_BOARD[i]
    else ((), (), (), ())
    for i in range(CELLS)
)
"""``DIAGONAL_RAYS[i][d]``: points along the NE, SE, SW, NW diagonals from ``i``."""
ORTHOGONAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(r[0] for r in RAYS[i] if r) for i in range(CELLS)
)
"""The on-board orthogonal neighbours of each point."""
RIM = frozenset(i for i, near in enumerate(ORTHOGONAL) if 0 < len(near) < 4)
"""The points at the board's edge (fewer than four orthogonal neighbours)."""

CLOCKWISE_RING: tuple[tuple[int, int], ...] = (
    (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0),
)
"""The 8 surrounding offsets in clockwise order (north-west first)."""


def _surrounding(i: int) -> tuple[int, ...]:
    x, y = xy_of(i)
    return tuple(index_of(x + dx, y + dy) for dx, dy in CLOCKWISE_RING if on_board(x + dx, y + dy))


SURROUNDING: tuple[tuple[int, ...], ...] = tuple(
    _surrounding(i) if ON_BOARD[i] else () for i in range(CELLS)
)
"""The on-board surrounding points (8 directions) of each point, clockwise."""
SURROUNDING_MASK: tuple[int, ...] = tuple(sum(1 << q for q in SURROUNDING[i]) for i in range(CELLS))
"""``SURROUNDING_MASK[i]``: a bit for each point of ``SURROUNDING[i]``."""
RING_CELLS: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(
        index_of(xy_of(i)[0] + dx, xy_of(i)[1] + dy)
        if on_board(xy_of(i)[0] + dx, xy_of(i)[1] + dy)
        else None
        for dx, dy in CLOCKWISE_RING
    )
    if ON_BOARD[i]
    else ()
    for i in range(CELLS)
)
"""The 8 surrounding cells of each point, clockwise, ``None`` where off the board."""

# --- bit masks over grid indices (for fast "does a change touch this?" tests) ----------
ROW_MASK: tuple[int, ...] = tuple(
    sum(1 << index_of(x, y) for x in range(-8, 9)) for y in range(-8, 9)
)
"""``ROW_MASK[y + 8]``: a bit for every cell of row ``y``."""
COL_MASK: tuple[int, ...] = tuple(
    sum(1 << index_of(x, y) for y in range(-8, 9)) for x in range(-8, 9)
)
"""``COL_MASK[x + 8]``: a bit for every cell of column ``x``."""
DIAMOND_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(
            1 << index_of(xy_of(i)[0] + dx, xy_of(i)[1] + dy)
            for dx in range(-r, r + 1)
            for dy in range(-(r - abs(dx)), r - abs(dx) + 1)
            if -8 <= xy_of(i)[0] + dx <= 8 and -8 <= xy_of(i)[1] + dy <= 8
        )
        for r in range(7)
    )
    if ON_BOARD[i]
    else ()
    for i in range(CELLS)
)
"""``DIAMOND_MASK[i][r]``: a bit for every cell within ``r`` orthogonal steps of ``i``."""
ON_MASK: int = sum(1 << i for i in POINTS)
"""A bit for every on-board point."""
ON_POINTS = itemgetter(*POINTS)
"""``ON_POINTS(board)``: the cells of a board list at the 249 points, in point order (one
C call; ``compress(POINTS, ON_POINTS(board))`` lists the occupied points)."""
GATE_MASK: int = sum(1 << g for g in GATES)
"""A bit for each of the four Gates."""
NOT_EAST_EDGE: int = sum(1 << i for i in range(CELLS) if i % SIZE != SIZE - 1)
"""Cells that may step east (x < 8) without wrapping to the next row."""
NOT_WEST_EDGE: int = sum(1 << i for i in range(CELLS) if i % SIZE != 0)
"""Cells that may step west (x > -8)."""


def spread(cells: int) -> int:
    """The on-board orthogonal neighbours of a set of cells given as a bit mask."""
    return (
        ((cells & NOT_EAST_EDGE) << 1)
        | ((cells & NOT_WEST_EDGE) >> 1)
        | (cells << SIZE)
        | (cells >> SIZE)
    ) & ON_MASK
