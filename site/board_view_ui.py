"""The board's view tools (a page-wide panel of the game page): zoom in and out (with the
buttons or a pinch; the board frame then scrolls, so a finger pans the board), back to the
whole board, and the coordinate labels, remembered in ``localStorage``.

The decisions (levels, the scroll that keeps the centre, the stored setting) are in
:mod:`paisho_page.play.board_view`; this module only applies them.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

from dom import apply, el, on, window

from paisho_page.panels.hooks import Host, Panel
from paisho_page.play.board_view import (
    COORDS_KEY,
    Zoom,
    coords_shown,
    coords_value,
    coords_writes,
    frame_writes,
    keep_centre,
    pinch_step,
    spread,
    zoom_writes,
)


class _State:
    """The zoom shown, the coordinates setting and how to redraw the board."""

    def __init__(self) -> None:
        self.zoom = Zoom()
        self.coords = False
        self.draw_board: Any = None
        self.pinch = 0.0
        """The distance between two fingers when the pinch last stepped (0: none)."""


STATE = _State()


def _stored_coords() -> bool:
    with contextlib.suppress(Exception):  # storage may be blocked (privacy settings)
        return coords_shown(window.localStorage.getItem(COORDS_KEY))
    return False


def set_zoom(zoom: Zoom) -> None:
    """Draw the board at ``zoom``, keeping the point at the frame's centre in place."""
    holder = el("board-holder")
    old = STATE.zoom.scale
    STATE.zoom = zoom
    left, top = float(holder.scrollLeft), float(holder.scrollTop)
    holder.style.setProperty("--zoom", str(zoom.scale))
    apply(frame_writes(zoom))  # (before the frame's size is read: it changes it)
    width, height = float(holder.clientWidth), float(holder.clientHeight)
    holder.scrollLeft = keep_centre(left, width, old, zoom.scale)
    holder.scrollTop = keep_centre(top, height, old, zoom.scale)
    apply(zoom_writes(zoom))


def set_coords(shown: bool) -> None:
    """Show or hide the coordinate labels, and remember the choice."""
    STATE.coords = shown
    apply(coords_writes(shown))
    with contextlib.suppress(Exception):
        window.localStorage.setItem(COORDS_KEY, coords_value(shown))
    if STATE.draw_board is not None:
        STATE.draw_board()


def _spread(event: Any) -> float:
    """The distance between the first two touches of ``event`` (0 unless two)."""
    touches = event.touches
    if int(touches.length) != 2:
        return 0.0
    a, b = touches.item(0), touches.item(1)
    return spread((float(a.clientX), float(a.clientY)), (float(b.clientX), float(b.clientY)))


def on_touch_start(event: Any) -> None:
    """Two fingers on the board start a pinch."""
    STATE.pinch = _spread(event)


def on_touch_move(event: Any) -> None:
    """A pinch zooms one level each time the fingers spread or close enough."""
    spread = _spread(event)
    if not STATE.pinch or not spread:
        return
    event.preventDefault()
    step = pinch_step(STATE.pinch, spread)
    if step:
        STATE.pinch = spread
        set_zoom(STATE.zoom.zoom_in() if step > 0 else STATE.zoom.zoom_out())


def install(draw_board: Any) -> None:
    """Wire the tools' buttons and apply the stored coordinates setting."""
    STATE.draw_board = draw_board
    STATE.coords = _stored_coords()
    apply(coords_writes(STATE.coords))
    on(el("btn-zoom-in"), "click", lambda _e: set_zoom(STATE.zoom.zoom_in()))
    on(el("btn-zoom-out"), "click", lambda _e: set_zoom(STATE.zoom.zoom_out()))
    on(el("btn-zoom-reset"), "click", lambda _e: set_zoom(Zoom()))
    on(el("btn-coords"), "click", lambda _e: set_coords(not STATE.coords))
    holder = el("board-holder")
    on(holder, "touchstart", on_touch_start)
    on(holder, "touchmove", on_touch_move)
    set_zoom(STATE.zoom)


class BoardViewPanel(Panel):
    """The view tools' hooks (for every game)."""

    def install(self, host: Host) -> None:
        """Wire the buttons; the board is redrawn when the coordinates are toggled."""
        install(host.draw_board)

    def decorate(self, view: Any) -> Any:
        """The coordinate labels, when chosen."""
        return replace(view, coordinates=True) if STATE.coords else view


PANEL = BoardViewPanel()
"""The board view tools' panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
