"""Harmony Rings: the rules' test and the ring as drawn.

:func:`ring_owners` is the rules' test, shared by Skud (R8) and Wiki (R10, where the
links of both players, harmonies and disharmonies, count as one owner's): which owners
have a cycle of harmonies around the centre, on board indices and fast (it runs after
every move of a search).  The variants decide *that* a game was won by a ring with it;
:func:`find_ring` and :func:`winning_ring` find *which* points form it, for the board's
highlight, the demo pages and diagrams; :func:`ring_progress` how near one owner's
harmonies are to a ring, for the computers' evaluations.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from .board import CENTRE, X_OF, Y_OF, Point
from .protocol import Game, Reason


def _crossing(a: int, b: int) -> int:
    """Signed crossings of the ray ``y = 0, x > 0`` by the segment a→b (half-open rule)."""
    xa, ya = X_OF[a], Y_OF[a]
    xb, yb = X_OF[b], Y_OF[b]
    if xa != xb or xa <= 0:
        return 0
    if ya < 0 <= yb:
        return 1
    if yb < 0 <= ya:
        return -1
    return 0


def _index_through_centre(a: int, b: int) -> bool:
    xa, ya = X_OF[a], Y_OF[a]
    xb, yb = X_OF[b], Y_OF[b]
    return (xa == xb == 0 and ya * yb <= 0) or (ya == yb == 0 and xa * xb <= 0)


def ring_owners(
    harmony_list: list[tuple[int, int, int]], candidates: tuple[int, ...] = (0, 1)
) -> set[int]:
    """The owners among ``candidates`` (both by default) that have a Harmony Ring (Skud
    R8, Wiki R10); ``harmony_list`` holds ``(a, b, owner)`` with board indices.

    A ring is a cycle of one owner's harmonies whose polygon winds around (0, 0);
    harmonies with an end on the centre or running along a midline through it are
    left out.  Each harmony is a segment on a row or column, so the winding number of a
    cycle is the signed count of its crossings of the positive x axis; a cycle with a
    non-zero count exists exactly when the crossing counts are not a potential
    difference on the graph, which one search per connected component decides (and
    with no crossing at all, or fewer than four harmonies, there is nothing to search).
    """
    owners: set[int] = set()
    for owner in candidates:
        edges = [(a, b) for a, b, who in harmony_list if who == owner]
        if len(edges) < 4 or not any(_crossing(a, b) for a, b in edges):
            continue
        adjacency: dict[int, list[tuple[int, int]]] = {}
        for a, b in edges:
            if a == CENTRE or b == CENTRE or _index_through_centre(a, b):
                continue
            w = _crossing(a, b)
            adjacency.setdefault(a, []).append((b, w))
            adjacency.setdefault(b, []).append((a, -w))
        if len(adjacency) < 4:
            continue
        potential: dict[int, int] = {}
        for start in adjacency:
            if start in potential:
                continue
            potential[start] = 0
            stack = [start]
            while stack and owner not in owners:
                u = stack.pop()
                pu = potential[u]
                for v, w in adjacency[u]:
                    pv = potential.get(v)
                    if pv is None:
                        potential[v] = pu + w
                        stack.append(v)
                    elif pv != pu + w:
                        owners.add(owner)
                        break
            if owner in owners:
                break
    return owners


_PLUS_X, _MINUS_X, _PLUS_Y, _MINUS_Y = 1, 2, 4, 8


def _axis_bit(a: int, b: int) -> int:
    """Which half-axis around the centre the harmony a–b crosses (0: none)."""
    xa, ya, xb, yb = X_OF[a], Y_OF[a], X_OF[b], Y_OF[b]
    if xa == xb and xa != 0 and min(ya, yb) < 0 < max(ya, yb):
        return _PLUS_X if xa > 0 else _MINUS_X
    if ya == yb and ya != 0 and min(xa, xb) < 0 < max(xa, xb):
        return _PLUS_Y if ya > 0 else _MINUS_Y
    return 0


def ring_progress(harmonies: list[tuple[int, int, int]], owner: int) -> tuple[int, list[int]]:
    """(half-axes crossed by ``owner``'s best connected harmony group, its points).

    A Harmony Ring (Skud R8, Wiki R10) winds around the centre, so it crosses all four
    half-axes; a group crossing three is usually a harmony or two from one.  For the
    computer's evaluations, not the rules (:func:`ring_owners` decides a ring).
    """
    parent: dict[int, int] = {}

    def find(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    edges = [(a, b) for a, b, who in harmonies if who == owner and CENTRE not in (a, b)]
    for a, b in edges:
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    axes: dict[int, int] = {}
    for a, b in edges:
        root = find(a)
        axes[root] = axes.get(root, 0) | _axis_bit(a, b)
    if not axes:
        return 0, []
    root = max(axes, key=lambda r: (bin(axes[r]).count("1"), -r))
    return bin(axes[root]).count("1"), [p for p in parent if find(p) == root]


def winning_ring(game: Game[Any]) -> tuple[Point, ...]:
    """The winning Harmony Ring's points, when ``game`` was won by one, or the points of
    the ring among the game's :meth:`~paisho_core.protocol.Game.ending_links` that ended
    it (Wiki's chain, R10); else ``()``."""
    out = game.outcome()
    if out is None:
        return ()
    links = game.ending_links()
    if links:
        return find_ring(links)
    if out.reason != Reason.HARMONY_RING:
        return ()
    for owner in out.winners:
        ring = find_ring([(a, b) for a, b, o in game.harmony_lines() if o == owner])
        if ring:
            return ring
    return ()


def _winding(points: Sequence[Point]) -> int:
    """How many times the closed polygon through ``points`` winds around (0, 0)."""
    total = 0.0
    n = len(points)
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        angle = math.atan2(b.y, b.x) - math.atan2(a.y, a.x)
        while angle > math.pi:
            angle -= 2 * math.pi
        while angle < -math.pi:
            angle += 2 * math.pi
        total += angle
    return round(total / (2 * math.pi))


def _through_centre(a: Point, b: Point) -> bool:
    return (a.x == b.x == 0 and a.y * b.y <= 0) or (a.y == b.y == 0 and a.x * b.x <= 0)


def find_ring(edges: Iterable[tuple[Point, Point]], limit: int = 50_000) -> tuple[Point, ...]:
    """A cycle of ``edges`` whose polygon winds around the centre (a Harmony Ring), or ``()``.

    Edges through the centre along a midline, and vertices on the centre, do not count.
    The search is bounded by ``limit`` steps (boards hold few harmonies).
    """
    graph: dict[Point, list[Point]] = {}
    for a, b in edges:
        a, b = Point(a.x, a.y), Point(b.x, b.y)
        if a == b or _through_centre(a, b) or (0, 0) in (tuple(a), tuple(b)):
            continue
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)
    for adj in graph.values():
        adj.sort()
    steps = 0
    for start in sorted(graph):
        stack: list[tuple[Point, list[Point]]] = [(start, [start])]
        while stack:
            node, path = stack.pop()
            steps += 1
            if steps > limit:
                return ()
            for nxt in graph[node]:
                if nxt == start and len(path) >= 3:
                    if _winding(path) != 0:
                        return tuple(path)
                elif nxt not in path and nxt > start:
                    stack.append((nxt, [*path, nxt]))
    return ()
