"""Board-level Wiki rules on a flat board list: drain, harmony lines, score, the end.

Pure functions over ``board: list[int]`` (cells from :mod:`.tiles`) and ``moved`` (a
``bytearray``: 1 where the tile has moved since it entered), so that the game, the
tests and a search share them.  Rulings: ``rules.html#wiki-r6`` (drain), ``#wiki-r8``
(harmony), ``#wiki-r8b`` (blocked harmony), ``#wiki-r9`` (score), ``#wiki-r10`` (the
chain that ends the game).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import (
    CELLS,
    DIAMOND_MASK,
    IS_RED,
    IS_WHITE,
    ORTHOGONAL,
    POINTS,
    SIZE,
    SURROUNDING,
)
from ..rings import ring_owners
from .tiles import (
    BOAT,
    COLOUR,
    DISHARMONY_OF_MASK,
    HARMONY_OF_MASK,
    IS_FLOWER,
    KIND_OF,
    KNOTWEED,
    LOTUS,
    OWNER_OF,
    ROCK,
    VALUES,
)

NORTH, EAST = 0, 1
IN_GARDEN: tuple[tuple[bool, ...], tuple[bool, ...]] = (IS_WHITE, IS_RED)
"""``IN_GARDEN[colour][p]``: point ``p`` touches a garden of that colour (0 white, 1 red)."""

TERMS = ("harmonies", "disharmonies", "blocked", "lotus", "unharmonised")
"""The R9 terms of a player's score, in the order the breakdown lists them."""

Pair = tuple[int, int, int]
"""``(a, b, owner)``: a harmony, or a disharmony credited to ``owner`` (wiki R9)."""


_IS_KNOTWEED = tuple(KIND_OF[v] == KNOTWEED for v in range(VALUES))
_IS_LOTUS = tuple(KIND_OF[v] == LOTUS for v in range(VALUES))
_LOTUS_REACH: tuple[int, ...] = tuple(
    mask[3] & ~(1 << p) if mask else 0 for p, mask in enumerate(DIAMOND_MASK)
)
"""``_LOTUS_REACH[p]``: a bit for each point within 3 orthogonal steps of ``p``, ``p``
itself aside (where a White Lotus on ``p`` scores its owner's tiles, wiki R9)."""


def occupied_points(board: list[int]) -> list[int]:
    """The points with a tile on them, in :data:`~paisho_core.board.POINTS` order."""
    return [p for p in POINTS if board[p]]


def drained_points(board: list[int], occupied: Sequence[int] = POINTS) -> bytearray:
    """1 for every point next to a Knotweed (any owner), on the 8 around it (wiki R6).

    Only a tile on such a point is drained; a Knotweed is never drained by another.
    ``occupied`` may narrow the points looked at to those with a tile
    (:func:`occupied_points`).
    """
    out = bytearray(CELLS)
    for p in occupied:
        if _IS_KNOTWEED[board[p]]:
            for q in SURROUNDING[p]:
                out[q] = 1
    return out


def is_drained(board: list[int], point: int) -> bool:
    """Whether the tile on ``point`` is drained (wiki R6)."""
    v = board[point]
    if not v or KIND_OF[v] == KNOTWEED:
        return False
    return any(board[q] and KIND_OF[board[q]] == KNOTWEED for q in SURROUNDING[point])


_BOAT_CELLS = (1 + 2 * BOAT, 2 + 2 * BOAT)
_ROCK_CELLS = (1 + 2 * ROCK, 2 + 2 * ROCK)
_FLOWER_BIT = tuple(1 << KIND_OF[v] if IS_FLOWER[v] else 0 for v in range(VALUES))
"""``_FLOWER_BIT[cell]``: the bit of a flower's kind (0: not a flower)."""


def _pair(
    board: list[int],
    a: int,
    mask_a: int,
    b: int,
    mask_b: int,
    harmonies: list[Pair],
    disharmonies: list[tuple[int, int]],
) -> None:
    """List the harmony and the disharmony (if any) of tiles ``a`` and ``b`` (R8)."""
    if HARMONY_OF_MASK[mask_a] & mask_b and OWNER_OF[board[a]] == OWNER_OF[board[b]]:
        harmonies.append((a, b, OWNER_OF[board[b]]))
    if DISHARMONY_OF_MASK[mask_a] & mask_b:
        disharmonies.append((a, b))


def pairs(
    board: list[int],
    moved: bytearray,
    drained: bytearray | None = None,
    occupied: Sequence[int] | None = None,
) -> tuple[list[Pair], list[tuple[int, int]]]:
    """The harmonies ``(a, b, owner)`` and the disharmonies ``(a, b)`` on the board (R8).

    Two tiles pair when they share a row or column with only Boats (or nothing)
    between them; ``a`` is the west (south) end.  A harmony needs one owner; a
    disharmony may join tiles of either owner.  What a tile pairs as: a flower that has
    moved since it entered and is not drained, its own kind; a Rock that is not drained,
    the kinds of every flower orthogonally next to it; any other tile nothing (but it
    still blocks the line, except a Boat).  ``drained`` (:func:`drained_points`) and
    ``occupied`` (:func:`occupied_points`) may be given when the caller has them.
    """
    if occupied is None:
        occupied = occupied_points(board)
    if drained is None:
        drained = drained_points(board, occupied)
    # One sweep over the tiles in board order (west to east along each row, rows north
    # to south; rows and columns have no gaps), Boats skipped: a tile's partner east is
    # the next tile in its row, its partner north the last tile seen in its column.  A
    # tile's pairs are listed (east, then north) once the next tile shows its east one.
    harmonies: list[Pair] = []
    disharmonies: list[tuple[int, int]] = []
    column_end = [-1] * SIZE
    column_mask = [0] * SIZE
    west = north = row = -1
    west_mask = north_mask = 0
    for q in occupied:
        v = board[q]
        if v in _BOAT_CELLS:
            continue
        if drained[q]:
            mask = 0
        elif IS_FLOWER[v]:
            mask = _FLOWER_BIT[v] if moved[q] else 0
        elif v in _ROCK_CELLS:
            mask = 0
            for r in ORTHOGONAL[q]:
                mask |= _FLOWER_BIT[board[r]]
        else:
            mask = 0
        y = q // SIZE
        if west_mask:
            if mask and y == row:
                _pair(board, west, west_mask, q, mask, harmonies, disharmonies)
            if north_mask:
                _pair(board, west, west_mask, north, north_mask, harmonies, disharmonies)
        x = q - y * SIZE
        north, north_mask = column_end[x], column_mask[x]
        column_end[x], column_mask[x] = q, mask
        west, west_mask, row = q, mask, y
    if west_mask and north_mask:
        _pair(board, west, west_mask, north, north_mask, harmonies, disharmonies)
    return harmonies, disharmonies


def pair_value(board: list[int], a: int, b: int) -> int:
    """2 when both tiles are flowers and each stands in a garden of its own colour (a
    White flower in a white garden, a Red one in a red garden); else 1 (wiki R9)."""
    colour_a, colour_b = COLOUR[board[a]], COLOUR[board[b]]
    if colour_a >= 0 and colour_b >= 0 and IN_GARDEN[colour_a][a] and IN_GARDEN[colour_b][b]:
        return 2
    return 1


_WALL = tuple(KIND_OF[v] in (ROCK, KNOTWEED) for v in range(VALUES))
"""The tiles that can block a harmony (wiki R8b): Rocks and Knotweeds."""
_CLEAR = tuple(v == 0 or v in _BOAT_CELLS for v in range(VALUES))
"""What a line between two harmonising tiles may hold without breaking: nothing, Boats."""


def blocked_harmonies(
    board: list[int],
    moved: bytearray,
    drained: bytearray,
    occupied: Sequence[int] = POINTS,
) -> list[Pair]:
    """The blocked harmonies ``(a, b, owner)`` on the board (wiki R8b).

    Two flowers of one owner that harmonise and have both moved since they entered,
    on one row or column with nothing between them but Boats, Rocks and Knotweeds: a
    blocked harmony when a Rock or a Knotweed stands between them, or when either of
    them is drained (a harmony with only Boats between and neither drained is an R8
    harmony).  ``a`` is the earlier of the two in board order.
    """
    out: list[Pair] = []
    column_prev = [-1] * SIZE
    column_wall = [False] * SIZE
    row = -1
    row_prev = -1
    row_wall = False
    for q in occupied:
        v = board[q]
        if _CLEAR[v]:
            continue
        y = q // SIZE
        x = q - y * SIZE
        if y != row:
            row, row_prev, row_wall = y, -1, False
        if _WALL[v]:
            row_wall = True
            column_wall[x] = True
            continue
        if not (IS_FLOWER[v] and moved[q]):
            row_prev = column_prev[x] = -1  # any other tile breaks the line
            continue
        bits = HARMONY_OF_MASK[_FLOWER_BIT[v]]
        owner = OWNER_OF[v]
        p = row_prev  # west of q
        if p >= 0 and (row_wall or drained[p] or drained[q]):
            w = board[p]
            if bits & _FLOWER_BIT[w] and OWNER_OF[w] == owner:
                out.append((p, q, owner))
        p = column_prev[x]  # north of q
        if p >= 0 and (column_wall[x] or drained[p] or drained[q]):
            w = board[p]
            if bits & _FLOWER_BIT[w] and OWNER_OF[w] == owner:
                out.append((q, p, owner))
        row_prev, row_wall = q, False
        column_prev[x], column_wall[x] = q, False
    return out


def scores(
    board: list[int],
    harmonies: list[Pair],
    disharmonies: list[Pair],
    occupied: Sequence[int] = POINTS,
    blocked: Sequence[Pair] = (),
) -> list[dict[str, int]]:
    """Each player's score broken down by R9 term, plus ``total``.

    ``disharmonies`` carry the player credited with each (the one whose move made it);
    it costs the *other* player.  ``blocked`` (:func:`blocked_harmonies`): -1 to the
    owner of each (wiki R8b).  ``lotus``: +1 per own tile within 3 orthogonal steps of
    another own White Lotus; ``unharmonised``: -1 per own tile on the board in no harmony
    (neither one of a harmony's two tiles nor an own Boat standing between them).
    ``occupied`` may narrow the points looked at to those with a tile.
    """
    harmony = [0, 0]
    disharmony = [0, 0]
    walls = [0, 0]
    in_harmony: set[int] = set()
    for a, b, owner in harmonies:
        harmony[owner] += pair_value(board, a, b)
        in_harmony.add(a)
        in_harmony.add(b)
    for a, b, credited in disharmonies:
        disharmony[1 - credited] -= pair_value(board, a, b)
    for _, _, owner in blocked:
        walls[owner] -= 1
    near = [0, 0]  # the points within 3 steps of each player's Lotuses (not their own)
    for p in occupied:
        v = board[p]
        if _IS_LOTUS[v]:
            near[OWNER_OF[v]] |= _LOTUS_REACH[p]
    lotus = [0, 0]
    alone = [0, 0]
    boats: list[int] = []
    for p in occupied:
        v = board[p]
        if not v:
            continue
        owner = OWNER_OF[v]
        if near[owner] >> p & 1:
            lotus[owner] += 1
        if p not in in_harmony:
            if v in _BOAT_CELLS:
                boats.append(p)  # few: looked at below
            else:
                alone[owner] += 1
    for q in boats:  # a Boat between the two tiles of its owner's harmony is in it
        owner = OWNER_OF[board[q]]
        if not any(_between(a, b, q) for a, b, who in harmonies if who == owner):
            alone[owner] += 1
    return [
        {
            "harmonies": harmony[o],
            "disharmonies": disharmony[o],
            "blocked": walls[o],
            "lotus": lotus[o],
            "unharmonised": -alone[o],
            "total": harmony[o] + disharmony[o] + walls[o] + lotus[o] - alone[o],
        }
        for o in (0, 1)
    ]


def _between(a: int, b: int, q: int) -> bool:
    """Whether point ``q`` lies strictly between ``a`` and ``b`` on their row or column."""
    lo, hi = (a, b) if a < b else (b, a)
    if not lo < q < hi:
        return False
    return q // SIZE == lo // SIZE == hi // SIZE or (q - lo) % SIZE == 0 == (hi - lo) % SIZE


def ring_closers(harmonies: list[Pair]) -> set[int]:
    """Owners with a ring of their own harmonies around the centre: the same test as
    Skud's (the end of a game read under the earlier R10, :meth:`.game.WikiGame.read_past_end`)."""
    return ring_owners(harmonies)


def chain_closed(harmonies: list[Pair], disharmonies: list[Pair]) -> bool:
    """Whether the harmonies (of either player) and the disharmonies on the board hold a
    chain around the centre: a cycle of them whose polygon winds around it, tested as
    Skud's Harmony Ring (wiki R10)."""
    if len(harmonies) + len(disharmonies) < 4:
        return False
    links = [(a, b, 0) for a, b, _ in harmonies]
    links.extend((a, b, 0) for a, b, _ in disharmonies)
    return bool(ring_owners(links, (0,)))
