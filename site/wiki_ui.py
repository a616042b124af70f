"""Wiki Pai Sho's score panel (``rules.html#wiki-r9``): each player's points by term, live.

Hooks (:data:`PANEL`, a :class:`WikiPanel`; see :mod:`paisho_page.panels.hooks`):
``install`` once at start (the marks' legend); the board's pointer hooks
(``board_hover``, ``board_leave``: the point or Wheel button under the mouse, previewed;
``board_click``: a Wheel button turns; ``board_control_focus``, ``board_control_key``:
the Wheel's buttons by keyboard), given by ``game_page``'s one listener each; ``show``
after every redraw of a Wiki game fills the panel from the shown game (the live game, or
the position the replay bar shows; the score rows only when the position changed),
``hide`` after the redraw of another variant's game; ``after_draw_board``
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
from dom import apply, build, el
from hover import BoardHover  # the point under the mouse or the cursor (site/hover.py)

from paisho_core.board import POINT_OF, POINTS
from paisho_core.render import CONTROLS_ID
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
    hover = BoardHover()
    key: Any = None
    shown_key: Any = None
    """The game (held, so its identity is not reused) and position whose score rows are
    shown: drawn again only when it changes."""
    preview: Any = None
    """What the preview last wrote (written again only when it changes)."""
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
    shown_key = (game, len(game.history), game.to_move)
    old = STATE.shown_key
    if old is None or old[0] is not game or old[1:] != shown_key[1:]:  # (not a selection)
        STATE.shown_key = shown_key
        rows = wiki_view.score_elements(game)
        el("wiki-score-rows").replaceChildren(*(build(e) for e in rows))
    show_guide(bar is None and not share.viewing())
    draw_preview()


def install(page: Any, handle: Any = None) -> None:
    """Lend the panel game_page's page (``handle`` redraws after a click's result) and
    put the legend of the marks below the message line."""
    STATE.page, STATE.handle = page, handle
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
    """Put the Wheel's turn control on the board, over the tiles, while it is offered
    (into the board's controls layer: none there when it is not)."""
    found = ways()
    layer = el(CONTROLS_ID)
    if not found:
        STATE.way = None
    if layer is not None:
        layer.innerHTML = wiki_wheel.render_wheel(found, STATE.way) if found else ""


def turn(way: str) -> None:
    """Turn the selected Wheel ``way`` (``cw`` / ``ccw``)."""
    if share.refuse() or STATE.handle is None:
        return
    STATE.way = None
    STATE.handle(STATE.page.ui.click(turn_token(way)))


def way_of(control: Any) -> str | None:
    """The way (``cw`` / ``ccw``) of a button of the Wheel's control (``None``: another
    control, or none)."""
    if control is None:
        return None
    way = control.getAttribute("data-wiki-turn")
    return None if way is None else str(way)


def on_way_click(control: Any) -> bool:
    """A click on a button of the Wheel's control turns it; True when it was one."""
    way = way_of(control)
    if way is None:
        return False
    STATE.page.ui.cursor_visible = False
    turn(way)
    return True


def on_over(point: Any, control: Any) -> None:
    """The mouse onto another point or control: preview the point, or the turn of the
    Wheel's button under it (drawn again only if either changed)."""
    way = way_of(control)
    moved = STATE.hover.moved(point)
    if way != STATE.way or moved:
        STATE.way = way
        draw_preview()


def on_way_focus(control: Any, focused: bool) -> None:
    """Focus on a button of the Wheel's control previews its turn (leaving it clears)."""
    way = way_of(control)
    STATE.way = way if focused else None
    draw_preview()


def on_way_key(control: Any, key: str) -> bool:
    """On a focused button: an arrow moves to the other one, Enter or Space turns, Esc
    goes back to the board (the page then cancels the selection); True when the key was
    taken."""
    focused = way_of(control)
    if focused is None:
        return False
    if key in ("Escape", "Esc"):  # the page cancels the selection: back to the board
        el("board").focus()
        return False
    handled, focus, token = wiki_wheel.wheel_key(ways(), focused, key)
    if not handled:
        return False
    if token is not None:
        turn(focused)
        STATE.page.ui.cursor_visible = True
        el("board").focus()
        return True
    other = el(f"wiki-turn-{focus}")
    if other is not None:
        other.focus()
    return True


def draw_preview() -> None:
    """Say how the action a click would complete changes the scores (or clear it)."""
    page = STATE.page
    box = el("wiki-preview")
    if page is None or box is None:
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
    writes = wiki_view.preview_writes(game, action, how, point, coordinates)
    top = el("board-preview-top")
    mine = top is not None and PANEL.is_mine(game)
    found = [] if action is None or not mine else wiki_motion.motions(game, action)
    motions = wiki_motion.render_motions(found) if mine else None
    shown = (writes, motions)
    if shown == STATE.preview:  # (e.g. from one point with no action to another)
        return
    STATE.preview = shown
    apply(writes)
    if motions is not None:
        top.innerHTML = motions  # numbers and engine codes only


def warm() -> None:
    """Compute the preview of the first points whose click completes an action, writing
    nothing (see :meth:`~paisho_page.panels.hooks.Panel.warm`)."""
    page = STATE.page
    if page is None or not PANEL.is_mine(page.ui.game):
        return
    ui, found = page.ui, 0
    for point in (POINT_OF[index] for index in POINTS):
        action, how = wiki_view.preview_choice(ui, point, None, live())
        if action is None:
            continue
        wiki_view.preview_writes(ui.game, action, how, point)
        wiki_motion.render_motions(wiki_motion.motions(ui.game, action))
        found += 1
        if found == 2:
            return


class WikiPanel(Panel):
    """Wiki's hooks for game_page (see the module docstring)."""

    variant = "wiki"

    def install(self, host: Host) -> None:
        """The page lent, the marks' legend."""
        install(host.page, host.handle)

    def board_click(self, point: Any, control: Any) -> bool:
        """A button of the Wheel's control turns it."""
        return on_way_click(control)

    def board_hover(self, point: Any, control: Any) -> None:
        """Preview the action a click on the point (or the Wheel's button) makes."""
        on_over(point, control)

    def board_leave(self) -> None:
        """The mouse left the board: no point previewed."""
        if STATE.hover.moved(None):
            draw_preview()

    def board_control_focus(self, control: Any, focused: bool) -> None:
        """The focus on a Wheel's button previews its turn."""
        on_way_focus(control, focused)

    def board_control_key(self, control: Any, key: str) -> bool:
        """Arrows, Enter, Space and Esc on a Wheel's button."""
        return on_way_key(control, key)

    def decorate(self, view: Any) -> Any:
        """Each target marked by what a click there does (move, push, carry, turn)."""
        return decorate(view)

    def warm(self) -> None:
        """The previews of the first points with an action, computed and not shown."""
        warm()

    def after_draw_board(self) -> None:
        """The Wheel's control, and the preview of the action under the mouse."""
        draw_wheel()
        STATE.key = STATE.preview = None  # (the preview layer may be a new one)
        draw_preview()

    def show(self, game: Any) -> None:
        """The score panel, and the status line and bonus bar of a pass."""
        show(game)

    def hide(self) -> None:
        """No panel (nor legend) for another variant's game."""
        hide()


PANEL = WikiPanel()
"""Wiki's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
