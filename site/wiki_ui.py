"""Wiki Pai Sho's score panel (``rules.html#wiki-r9``): each player's points by term, live.

Hooks (:data:`PANEL`, a :class:`WikiPanel`; see :mod:`paisho_page.panels.hooks`):
``install`` once at start (the board's mouse-over preview); ``show`` after every redraw
of a Wiki game fills the panel from the shown game (the live game, or the position the
replay bar shows), ``hide`` after the redraw of another variant's game; ``after_draw_board``
(:func:`draw_preview`) says how the action that a click on the point under the mouse (or
the keyboard cursor) would complete changes each score.  The texts come from
:mod:`paisho_page.panels.wiki`: pure text from the engine's numbers, nothing from a link
or storage is inserted as HTML.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import share  # links, replay and notation (site/share.py)
import web_storage  # localStorage that never raises (site/web_storage.py)
from dom import apply, build, closest, el, on
from hover import BoardHover  # the point under the mouse or the cursor (site/hover.py)

from paisho_core.tokens import turn_token
from paisho_page.panels import wiki_guide, wiki_motion, wiki_view, wiki_wheel
from paisho_page.panels.hooks import Host, Panel
from paisho_page.panels.wiki import SKUD_BAR_TEXTS
from paisho_page.play.board_view import COORDS_KEY, coords_shown
from paisho_page.words.i18n import _


class _State:
    """The page (set by :func:`install`), the point under the mouse and what the
    preview shows."""

    page: Any = None
    hover: BoardHover | None = None
    key: Any = None
    handle: Any = None
    way: str | None = None
    """The Wheel control's button under the mouse or the keyboard focus, if any."""


STATE = _State()


def bar_texts(texts: tuple[str, str] | None) -> None:
    """The bonus bar's text and its button's label (``None``: Skud's words)."""
    bar_text, skip = el("bonus-bar").querySelector("span"), el("btn-skip")
    bar_text.textContent, skip.textContent = texts or tuple(_(t) for t in SKUD_BAR_TEXTS)



def hide() -> None:
    """Hide the Wiki panel, its legend and its preview; the bonus bar speaks Skud's words."""
    apply(wiki_view.hidden_writes())
    if el("wiki-panel") is None:
        return
    bar_texts(None)
    draw_preview()


def show(game: Any) -> None:
    """Show the Wiki panel and fill it from ``game`` (the game shown)."""
    if el("wiki-panel") is None:
        return
    bar, writes = wiki_view.shown(game, share.viewing())
    apply(writes)
    bar_texts(bar)
    el("wiki-score-rows").replaceChildren(*(build(e) for e in wiki_view.score_elements(game)))
    show_guide(bar is None and not share.viewing())
    draw_preview()


def install(page: Any, handle: Any = None) -> None:
    """Wire the board's mouse-over preview, the Wheel's control and the legend of the
    marks to game_page's page (``handle`` redraws after a click's result)."""
    STATE.page, STATE.handle = page, handle
    STATE.hover = BoardHover(lambda: PANEL.is_mine(page.ui.game), draw_preview)
    STATE.hover.install()
    holder = el("board-holder")
    on(holder, "click", on_way_click)
    on(holder, "mouseover", on_way_over)
    on(holder, "focusin", on_way_focus)
    on(holder, "focusout", on_way_focus)
    on(holder, "keydown", on_way_key)
    message = el("message")
    if message is not None and el("wiki-guide") is None:
        message.after(build(wiki_view.guide_box()))


# ------------------------------------------------------------------ guidance (wiki R4, R7)
def live() -> bool:
    """Whether the page shows the live Wiki game (not a replay)."""
    page = STATE.page
    return page is not None and PANEL.is_mine(page.ui.game) and not share.viewing()


def show_guide(shown: bool) -> None:
    """The status line saying what the next click does, and the marks' legend."""
    keys, writes = wiki_view.guide(STATE.page.ui, shown and live())
    apply(writes)
    box = el("wiki-guide")
    if box is not None:
        box.replaceChildren(*(build(e) for e in keys))


def decorate(view: Any) -> Any:
    """The board's view with each target marked by what a click there does."""
    if not live():
        return view
    marks = wiki_guide.target_marks(STATE.page.ui)
    return replace(view, target_marks=marks) if marks else view


def ways() -> tuple[Any, ...]:
    """The Wheel control's buttons, while the selected Wheel may turn in the live game."""
    if not live():
        return ()
    ui = STATE.page.ui
    return wiki_wheel.wheel_ways(ui.clicks, ui.next_tokens())


def draw_wheel() -> None:
    """Put the Wheel's turn control on the board, over the tiles, while it is offered."""
    found = ways()
    dyn = el("board-dynamic")
    if not found:
        STATE.way = None
    if dyn is not None and found:
        dyn.insertAdjacentHTML("beforeend", wiki_wheel.render_wheel(found, STATE.way))


def turn(way: str) -> None:
    """Turn the selected Wheel ``way`` (``cw`` / ``ccw``)."""
    if share.refuse() or STATE.handle is None:
        return
    STATE.way = None
    STATE.handle(STATE.page.ui.click(turn_token(way)))


def on_way_click(event: Any) -> None:
    """A click on a button of the Wheel's control turns it."""
    mark = closest(event.target, "[data-wiki-turn]")
    if mark is not None:
        STATE.page.ui.cursor_visible = False
        turn(str(mark.getAttribute("data-wiki-turn")))


def on_way_over(event: Any) -> None:
    """The mouse over a button of the Wheel's control previews its turn."""
    mark = closest(event.target, "[data-wiki-turn]")
    way = None if mark is None else str(mark.getAttribute("data-wiki-turn"))
    if way != STATE.way:
        STATE.way = way
        draw_preview()


def on_way_focus(event: Any) -> None:
    """Focus on a button of the Wheel's control previews its turn (leaving it clears)."""
    mark = closest(event.target, "[data-wiki-turn]")
    way = str(mark.getAttribute("data-wiki-turn")) if mark is not None else None
    STATE.way = way if str(event.type) == "focusin" else None
    draw_preview()


def on_way_key(event: Any) -> None:
    """On a focused button: an arrow moves to the other one, Enter or Space turns, Esc
    goes back to the board (the page then cancels the selection)."""
    mark = closest(event.target, "[data-wiki-turn]")
    if mark is None:
        return
    focused = str(mark.getAttribute("data-wiki-turn"))
    if str(event.key) in ("Escape", "Esc"):  # the page cancels the selection: back to the board
        el("board").focus()
        return
    handled, focus, token = wiki_wheel.wheel_key(ways(), focused, str(event.key))
    if not handled:
        return
    event.preventDefault()
    if token is not None:
        turn(focused)
        STATE.page.ui.cursor_visible = True
        el("board").focus()
        return
    other = el(f"wiki-turn-{focus}")
    if other is not None:
        other.focus()


def draw_preview() -> None:
    """Say how the action a click would complete changes the scores (or clear it)."""
    page = STATE.page
    box = el("wiki-preview")
    if page is None or box is None or STATE.hover is None:
        return
    ui = page.ui
    point = STATE.hover.target(ui)
    game = ui.game
    action, how = wiki_view.preview_choice(ui, point, STATE.way, live())
    coordinates = coords_shown(web_storage.get(COORDS_KEY))
    key = (id(game), len(game.history), ui.clicks, point, action, how, coordinates)
    if key == STATE.key:
        return
    STATE.key = key
    apply(wiki_view.preview_writes(game, action, how, point, coordinates))
    top = el("board-preview-top")
    if top is not None and PANEL.is_mine(game):
        found = [] if action is None else wiki_motion.motions(game, action)
        top.innerHTML = wiki_motion.render_motions(found)  # numbers and engine codes only


class WikiPanel(Panel):
    """Wiki's hooks for game_page (see the module docstring)."""

    variant = "wiki"

    def install(self, host: Host) -> None:
        """The board's mouse-over preview, the Wheel's control, the marks' legend."""
        install(host.page, host.handle)

    def decorate(self, view: Any) -> Any:
        """Each target marked by what a click there does (move, push, carry, turn)."""
        return decorate(view)

    def after_draw_board(self) -> None:
        """The Wheel's control, and the preview of the action under the mouse."""
        draw_wheel()
        STATE.key = None  # the preview layer is new
        draw_preview()

    def show(self, game: Any) -> None:
        """The score panel, and the status line and bonus bar of a pass."""
        show(game)

    def hide(self) -> None:
        """No panel (nor legend) for another variant's game."""
        hide()


PANEL = WikiPanel()
"""Wiki's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
