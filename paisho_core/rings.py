"""Harmony Rings as drawn: find the cycle of harmony lines that encloses the centre.

The rules decide *that* a game was won by a ring (each variant's outcome); this module
finds *which* points form it, for the board's highlight, the demo pages and diagrams.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from .board import Point
from .protocol import Game


def winning_ring(game: Game[Any]) -> tuple[Point, ...]:
    """The winning Harmony Ring's points, when ``game`` was won by one (else ``()``)."""
    out = game.outcome()
    if out is None or out.reason != "harmony-ring":
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
