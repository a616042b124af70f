"""The board under the pointer: the point an event is about (:func:`point_of`), the point
a click or tap means (:func:`tapped_point`), the control drawn on the board under it
(:func:`control_of`: a Wheel's turn button, any ``role="button"`` that is no point), and
the point a variant's preview is about (:class:`BoardHover`: the keyboard cursor when it
is shown, else the point under the mouse).

``game_page`` listens to the board once and works these out once per event; the panels
get them through their hooks (:mod:`paisho_page.panels.hooks`).  The point comes from the
board's own ``data-point`` attributes, parsed by the engine; anything else under the
mouse counts as no point.
"""

from __future__ import annotations

import contextlib
from typing import Any

from dom import closest, el

from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_page.play.board_view import nearest_point

CONTROL = '[role="button"]:not([data-point])'
"""A control drawn on the board (not one of its points)."""


def point_of(node: Any) -> Point | None:
    """The board point of ``node`` (or of the nearest element around it with a
    ``data-point``), ``None`` if it is not on a point."""
    found = closest(node, "[data-point]")
    if found is None:
        return None
    with contextlib.suppress(PaiShoError, ValueError):
        return Point.parse(str(found.dataset.point))
    return None


def control_of(node: Any) -> Any:
    """The control drawn on the board at ``node`` or around it (``None``: none)."""
    return closest(node, CONTROL)


def control_name(control: Any) -> str | None:
    """The name a control is known by (its ``id``; ``None`` for no control)."""
    return None if control is None else str(control.id or "") or None


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
    """The point under the mouse for one variant's preview (told by the panel's
    ``board_hover`` and ``board_leave`` hooks)."""

    def __init__(self) -> None:
        """No point yet."""
        self.point: Point | None = None

    def moved(self, point: Point | None) -> bool:
        """The mouse is over ``point`` (``None``: no point); True when it changed."""
        if point == self.point:
            return False
        self.point = point
        return True

    def target(self, ui: Any) -> Point | None:
        """The point to preview: ``ui``'s keyboard cursor if shown, else the hovered one."""
        if ui.cursor_visible:
            return Point(ui.cursor.x, ui.cursor.y)
        return self.point
