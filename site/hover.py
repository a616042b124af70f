"""The board point a variant's preview is about: the keyboard cursor when it is shown,
else the point under the mouse (shared by ``wiki_ui`` and ``balance_ui``), and the point
a click or tap means (:func:`tapped_point`, for ``game_page``).

A variant makes one :class:`BoardHover` with a test "is this my game?" and its redraw
function, and calls :meth:`BoardHover.install` once: the board's ``mouseover`` and
``mouseleave`` then keep :attr:`BoardHover.point` up to date and redraw the preview
whenever it changes.  The point comes from the board's own ``data-point`` attributes,
parsed by the engine; anything else under the mouse counts as no point.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from dom import closest, el, on

from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_page.play.board_view import nearest_point


def point_of(node: Any) -> Point | None:
    """The board point of ``node`` (or of the nearest element around it with a
    ``data-point``), ``None`` if it is not on a point."""
    found = closest(node, "[data-point]")
    if found is None:
        return None
    with contextlib.suppress(PaiShoError, ValueError):
        return Point.parse(str(found.dataset.point))
    return None


def tapped_point(event: Any) -> Point | None:
    """The board point a click or tap means: the point under it, else (between points,
    on the board's own art) the nearest point to where it landed, if one is near
    (:func:`paisho_page.play.board_view.nearest_point`)."""
    point = point_of(event.target)
    if point is not None or closest(event.target, "#board-static") is None:
        return point
    board = el("board")
    matrix = None if board is None else board.getScreenCTM()
    if matrix is None:
        return None
    where = board.createSVGPoint()
    where.x, where.y = event.clientX, event.clientY
    svg = where.matrixTransform(matrix.inverse())
    return nearest_point(float(svg.x), float(svg.y))


class BoardHover:
    """The point under the mouse for one variant's preview."""

    def __init__(self, applies: Callable[[], bool], redraw: Callable[[], None]) -> None:
        """``applies()`` tells whether the page shows this variant's game; ``redraw()``
        draws its preview again (it reads :meth:`target`)."""
        self.applies = applies
        self.redraw = redraw
        self.point: Point | None = None

    def install(self) -> None:
        """Listen to the mouse over the board (once per page)."""
        holder = el("board-holder")
        on(holder, "mouseover", self.on_over)
        on(holder, "mouseleave", self.on_leave)

    def target(self, ui: Any) -> Point | None:
        """The point to preview: ``ui``'s keyboard cursor if shown, else the hovered one."""
        if ui.cursor_visible:
            return Point(ui.cursor.x, ui.cursor.y)
        return self.point

    def on_over(self, event: Any) -> None:
        """The mouse moved onto something: preview the point under it (if it changed)."""
        if not self.applies():
            return
        point = point_of(event.target)
        if point != self.point:
            self.point = point
            self.redraw()

    def on_leave(self, _event: Any) -> None:
        """The mouse left the board: clear the preview."""
        if self.point is not None:
            self.point = None
            self.redraw()
