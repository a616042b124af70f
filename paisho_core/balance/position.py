"""The Balance position: the board, the open length of each ray and the live counts.

This is the fast core shared by the game and the solver: ``place`` updates the
harmony/disharmony counts incrementally (R6) and ``delta`` tells what a placement would
change without making it.  :func:`interacting_pairs` is the slow, direct reading of
the rules, used for the lines shown on the page and to check the fast counts.
"""

from __future__ import annotations

from ..board import CELLS, CENTRE, DIAGONAL_RAYS, POINTS, RAYS
from .geometry import ALLOWED_ON_RAY, AVATAR_RAYS, DIAGONAL, POS_OF, RAY_OF, SCAN
from .tiles import AVATAR, PAIR_D, PAIR_H

_NS_EW = ((0, 2), (1, 3))


class Position:
    """A mutable Balance board with incremental counts; no bag, no history."""

    __slots__ = ("cells", "disharmonies", "harmonies", "reach")

    def __init__(self) -> None:
        self.cells: list[int] = [0] * CELLS
        self.cells[CENTRE] = AVATAR
        self.reach: list[int] = [len(ray) for ray in AVATAR_RAYS]
        """``reach[r]``: how many points of Avatar ray ``r`` are connected (R2)."""
        self.harmonies = 0
        self.disharmonies = 0

    def copy(self) -> Position:
        """Return an independent copy."""
        new = Position.__new__(Position)
        new.cells = self.cells[:]
        new.reach = self.reach[:]
        new.harmonies = self.harmonies
        new.disharmonies = self.disharmonies
        return new

    def legal_points(self, kind: int) -> list[int]:
        """Points where ``kind`` may be placed now: connected (R2), zone and Gate limits (R3)."""
        reach = self.reach
        out: list[int] = []
        for r, allowed in enumerate(ALLOWED_ON_RAY[kind]):
            limit = reach[r]
            for pos, i in allowed:
                if pos >= limit:
                    break
                out.append(i)
        return out

    def is_connected(self, i: int) -> bool:
        """Tell whether point ``i`` is on an Avatar ray with no tile between (R2)."""
        r = RAY_OF[i]
        return r >= 0 and POS_OF[i] < self.reach[r]

    def delta(self, i: int, kind: int) -> tuple[int, int]:
        """Return the ``(harmonies, disharmonies)`` change of placing ``kind`` on legal ``i``."""
        cells = self.cells
        dh = dd = 0
        scan = SCAN[i]
        for d1, d2 in _NS_EW:
            a = b = 0
            for q in scan[d1]:
                a = cells[q]
                if a:
                    break
            for q in scan[d2]:
                b = cells[q]
                if b:
                    break
            if a:
                dh += PAIR_H[kind * 8 + a]
                dd += PAIR_D[kind * 8 + a]
                if b:  # R6: the new tile ends the a–b connection
                    dh -= PAIR_H[a * 8 + b]
                    dd -= PAIR_D[a * 8 + b]
            if b:
                dh += PAIR_H[kind * 8 + b]
                dd += PAIR_D[kind * 8 + b]
        r = RAY_OF[i]
        if DIAGONAL[r]:  # the Avatar also interacts along the diagonals
            dh += PAIR_H[AVATAR * 8 + kind]
            dd += PAIR_D[AVATAR * 8 + kind]
            ray = AVATAR_RAYS[r]
            k = self.reach[r]
            if k < len(ray):
                c = cells[ray[k]]
                dh -= PAIR_H[AVATAR * 8 + c]
                dd -= PAIR_D[AVATAR * 8 + c]
        return dh, dd

    def place(self, i: int, kind: int) -> None:
        """Place ``kind`` on point ``i`` (assumed legal) and update the counts (R6)."""
        dh, dd = self.delta(i, kind)
        self.cells[i] = kind
        self.reach[RAY_OF[i]] = POS_OF[i]
        self.harmonies += dh
        self.disharmonies += dd


def interacting_pairs(cells: list[int]) -> list[tuple[int, int]]:
    """Every pair of tiles that interact, straight from the rules, each pair once.

    Two tiles interact when they are on one row or column with no tile between, or
    when one is the Avatar and the other the first tile along one of its diagonals.
    Uses the full board rays (no shortcuts), so it also checks the fast counts.
    """
    pairs: list[tuple[int, int]] = []
    for i in POINTS:
        if not cells[i]:
            continue
        for d in (0, 1):  # north and east: each row/column pair is found once
            for q in RAYS[i][d]:
                if cells[q]:
                    pairs.append((i, q))
                    break
    for ray in DIAGONAL_RAYS[CENTRE]:
        for q in ray:
            if cells[q]:
                pairs.append((CENTRE, q))
                break
    return pairs


def recount(cells: list[int]) -> tuple[int, int]:
    """Return ``(harmonies, disharmonies)`` of a board by a full recount (R6)."""
    h = d = 0
    for a, b in interacting_pairs(cells):
        h += PAIR_H[cells[a] * 8 + cells[b]]
        d += PAIR_D[cells[a] * 8 + cells[b]]
    return h, d


__all__ = ["Position", "interacting_pairs", "recount"]
