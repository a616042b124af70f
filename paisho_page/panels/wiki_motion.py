"""The result of a Wiki action drawn over the board: each tile it moves, ghosted where it
ends, with an arrow from where it stands (``rules.html#wiki-r4``, ``#wiki-r7``).

Pure (tested under CPython); ``site/wiki_ui.py`` puts :func:`render_motions` into the
board's preview layer over the tiles.  Only numbers and tile codes from the engine's
tables reach the SVG (and those through the renderer, which escapes them).
"""

from __future__ import annotations

import math
from typing import Any

from paisho_core.board import Point, index_of
from paisho_core.render import TILE_RADIUS, render_preview_tile, svg_xy
from paisho_core.wiki import moves
from paisho_core.wiki.actions import CARRY, MOVE, PUSH, TURN, WikiAction
from paisho_core.wiki.tiles import CODE, KIND_OF

Motion = tuple[Point, Point, str]
"""``(from, to, tile code)``: one tile an action moves."""


def motions(game: Any, action: WikiAction) -> list[Motion]:
    """``(from, to, tile code)`` of every tile ``action`` moves (wiki R4, R7)."""
    board = game.board

    def code(index: int) -> str:
        return str(CODE[KIND_OF[board[index]]])

    def pt(index: int) -> Point:
        return Point.from_index(index)

    kind = action.kind
    if kind == MOVE:
        return [(pt(action.src), pt(action.dst), code(action.src))]
    if kind == PUSH:
        src, dst = pt(action.src), pt(action.dst)
        beyond = Point(2 * dst.x - src.x, 2 * dst.y - src.y)
        return [(src, dst, code(action.src)), (dst, beyond, code(action.dst))]
    if kind == CARRY:
        src, dst = pt(action.src), pt(action.dst)
        dx, dy = dst.x - src.x, dst.y - src.y
        out = [(src, dst, code(action.src))]
        for c in action.carried:
            p = pt(c)
            out.append((p, Point.from_index(index_of(p.x + dx, p.y + dy)), code(c)))
        return out
    if kind == TURN:
        pairs = moves.turn_targets(board, game.drained(), action.src, action.tile) or []
        return [(pt(a), pt(b), code(a)) for a, b in zip(pairs[::2], pairs[1::2], strict=True)]
    return []  # an entry, a pass: nothing on the board moves


def _arrow(a: Point, b: Point) -> str:
    """A line with an arrowhead from ``a`` towards ``b``, stopping short of both tiles."""
    (x1, y1), (x2, y2) = svg_xy(a), svg_xy(b)
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    sx, sy = x1 + ux * (TILE_RADIUS - 4), y1 + uy * (TILE_RADIUS - 4)
    tx, ty = x2 - ux * (TILE_RADIUS + 2), y2 - uy * (TILE_RADIUS + 2)
    bx, by = tx - ux * 9, ty - uy * 9
    wings = ((tx, ty), (bx - uy * 5, by + ux * 5), (bx + uy * 5, by - ux * 5))
    head = " ".join(f"{x:.1f},{y:.1f}" for x, y in wings)
    return (
        f'<line class="motion-line" x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}"/>'
        f'<polygon class="motion-head" points="{head}"/>'
    )


def render_motions(found: list[Motion]) -> str:
    """The SVG of ``found`` (:func:`motions`): a ghost of each tile where it ends, and an
    arrow from where it stands (``<g class="wiki-motions">``; empty with no motion)."""
    if not found:
        return ""
    out = ['<g class="wiki-motions">']
    for a, b, code in found:
        out.append(f'<g class="motion" data-from="{a}" data-to="{b}">')
        out.append(render_preview_tile("wiki", code, b))
        out.append(_arrow(a, b))
        out.append("</g>")
    out.append("</g>")
    return "".join(out)
