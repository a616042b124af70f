"""The lesson view's DOM side, shared by the Learn page, an embedded lesson and the
Puzzles page.

It draws what its model decides (:class:`paisho_page.learn.page.LearnModel` or
:class:`paisho_page.puzzles.page.PuzzlesModel`, one interface: the board, the panel
built once and its writes, the mover's tiles) and turns clicks into calls on it; the
page logic is imported on first use (:func:`logic`), so it is not part of the memory
snapshot the game page boots from.  Text from the address, storage or the lessons is
set with ``textContent`` only; the board's markup is the renderer's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from dom import apply, build, closest, el, nil, on

from paisho_core.board import Point
from paisho_core.demos.diagram import rotate_dynamic
from paisho_core.errors import PaiShoError
from paisho_core.render import render_dynamic, render_svg
from paisho_core.tokens import point_token
from paisho_page.words.board_words import board_words

STATE: dict[str, Any] = {}
"""The page's :class:`~paisho_page.learn.page.LearnModel` (``model``), its redraw
callback (``after``) and whether the board is drawn turned (``turned``)."""


def logic(module: str, package: str = "learn") -> Any:
    """A module of the lessons' (or ``package``'s) page logic (``page``, ``address``…),
    imported when a page first needs it."""
    return importlib.import_module(f"paisho_page.{package}.{module}")


def model() -> Any:
    """The page's lesson model."""
    return STATE["model"]


def install(holder: Any, the_model: Any, after: Callable[[], None], turned: bool = False) -> None:
    """Build the model's panel into ``holder`` and wire the board and the panel."""
    STATE.update(model=the_model, after=after, turned=turned)
    panel = build(the_model.panel())
    holder.replaceChildren(panel)
    on(panel, "click", on_panel_click)
    on(el("board-holder"), "click", on_board_click)
    on(el("board-holder"), "keydown", on_board_key)


def draw() -> None:
    """The board, the panel and the mover's tiles as the model says."""
    m = model()
    game, view = m.game(), m.view()
    dyn = el("board-dynamic")
    if dyn is None:
        el("board-holder").innerHTML = render_svg(game, view, words=board_words())
    else:
        markup = render_dynamic(game, view, board_words())
        dyn.innerHTML = rotate_dynamic(markup) if STATE.get("turned") else markup
    apply(m.panel_writes())
    box = el(m.RESERVE)
    items = m.reserve_items()
    box.replaceChildren(*(build(item) for item in items))
    box.hidden = not items


def redraw() -> None:
    """Draw, then let the page add its own (the course list, the address)."""
    draw()
    STATE["after"]()


def on_board_click(event: Any) -> None:
    """A click on a board point plays it in the task."""
    group = closest(event.target, "[data-point]")
    if group is None:
        return
    try:
        point = Point.parse(str(group.getAttribute("data-point")))
    except PaiShoError:
        return
    model().click(point_token(point))
    redraw()


def on_board_key(event: Any) -> None:
    """Arrows, Enter and Escape on the focused board."""
    key = str(event.key)
    if key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape"):
        event.preventDefault()
        model().key(key)
        redraw()


def on_panel_click(event: Any) -> None:
    """A tile, a choice, Skip or one of the panel's buttons."""
    button = closest(event.target, "[data-token], [data-panel-button]")
    if button is None or button.disabled:
        return
    raw = button.getAttribute("data-panel-button")
    name = "" if nil(raw) else str(raw)
    if name:
        model().button(name)
    else:
        model().click(str(button.dataset.token))
    redraw()
    if name == "next" and model().playing:
        el("board-holder").focus()


def start_embedded(search: str, fragment: str, turned: bool) -> None:
    """The embed page's lesson (``embed.html?lesson=…``): the lesson view under the
    board, nothing kept, "Open in the full site" leading to the Learn page."""
    wanted = logic("address").params(search, fragment)
    the_model = logic("page").LearnModel(wanted, None)
    box = build(logic("page").embed_box())
    el("status").before(box)
    apply(logic("page").embed_writes())

    def after() -> None:
        el("open-full").href = "./learn.html" + model().fragment()

    install(box, the_model, after, turned)
    redraw()
