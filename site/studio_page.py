"""The Studio page (studio.html): the board editor's DOM glue (issue #23).

The editor's state is :class:`paisho_page.studio.Studio` and what the page says of it
:mod:`paisho_page.studio_screen` (pure, tested under CPython); this module draws the
board, builds the menus and the palette, and passes clicks and keys on.  Every text is
set with ``textContent``; a link's contents reach the page only through the engine.
"""

from __future__ import annotations

from typing import Any

import clipboard
from dom import apply, build, closest, document, el, freeze_heap, on, window

from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_core.render import render_svg
from paisho_page import studio_screen
from paisho_page.studio import Studio


class _State:
    studio: Studio = Studio()


STATE = _State()


def _fill(element_id: str, items: list[Any]) -> None:
    el(element_id).replaceChildren(*[build(item) for item in items])


def draw() -> None:
    """The board, the palette, the menus, the problems and the link."""
    studio = STATE.studio
    el("board-holder").innerHTML = render_svg(studio.picture(), studio.view(), "Studio board")
    _fill("studio-palette", studio_screen.palette_items(studio))
    _fill("studio-mover", studio_screen.mover_options(studio))
    _fill("studio-problems", studio_screen.problem_items(studio))
    apply(studio_screen.writes(studio, str(window.location.href)))


def on_board(event: Any) -> None:
    """A click on a point: put the tile in hand, or remove the tile there."""
    group = closest(event.target, "[data-point]")
    if group is None:
        return
    try:
        point = Point.parse(str(group.getAttribute("data-point")))
    except PaiShoError:
        return
    STATE.studio.click(point)
    draw()


def on_board_key(event: Any) -> None:
    """Arrows move the cursor over the board, Enter or Space click under it."""
    if studio_screen.key_target(str(event.key)) and STATE.studio.key(str(event.key)):
        event.preventDefault()
        draw()


def on_palette(event: Any) -> None:
    """A palette button: take that tile (or the remove tool), or put it down."""
    button = closest(event.target, "[data-tool]")
    if button is not None:
        STATE.studio.select(int(str(button.dataset.tool)))
        draw()
        pressed = el("studio-palette").querySelector("[aria-pressed='true']")
        (pressed or el("studio-palette").querySelector("button")).focus()


def on_start(how: str) -> None:
    """Empty board or standard start, of the variant chosen."""
    STATE.studio.start(how, str(el("studio-variant").value))
    draw()


def on_open_link(event: Any) -> None:
    """Open a pasted demo or position link."""
    event.preventDefault()
    if STATE.studio.open_link(str(el("studio-link-input").value)):
        _fill("studio-variant", studio_screen.variant_options(STATE.studio.setup.variant))
    draw()


def on_copy(_event: Any) -> None:
    """Copy the position's link."""
    field = el("studio-link")
    if str(field.value):
        clipboard.copy_text(str(field.value), field, el("studio-link-status"), "Link")


def start() -> None:
    """Build the menus, wire the controls, draw, and mark the page ready."""
    _fill("studio-variant", studio_screen.variant_options(STATE.studio.setup.variant))
    on(el("studio-variant"), "change", lambda _e: on_start("empty"))
    on(el("studio-empty"), "click", lambda _e: on_start("empty"))
    on(el("studio-standard"), "click", lambda _e: on_start("standard"))
    on(
        el("studio-mover"),
        "change",
        lambda _e: (STATE.studio.set_mover(int(str(el("studio-mover").value))), draw()),
    )
    on(el("studio-palette"), "click", on_palette)
    on(el("board-holder"), "click", on_board)
    on(el("board-holder"), "keydown", on_board_key)
    on(el("studio-link-form"), "submit", on_open_link)
    on(el("studio-copy-link"), "click", on_copy)
    draw()
    freeze_heap()
    document.documentElement.dataset.engine = "ready"
