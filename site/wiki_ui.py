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

from typing import Any

import share  # links, replay and notation (site/share.py)
from dom import document, el, make
from hover import BoardHover  # the point under the mouse or the cursor (site/hover.py)

from paisho_page.panels.hooks import Host, Panel
from paisho_page.panels.wiki import (
    SKUD_BAR_TEXTS,
    flowers_text,
    pass_texts,
    preview_action,
    preview_text,
    score_rows,
    totals,
)


class _State:
    """The page (set by :func:`install`), the point under the mouse and what the
    preview shows."""

    page: Any = None
    hover: BoardHover | None = None
    key: Any = None


STATE = _State()


def bar_texts(texts: tuple[str, str] | None) -> None:
    """The bonus bar's text and its button's label (``None``: Skud's words)."""
    bar_text, skip = el("bonus-bar").querySelector("span"), el("btn-skip")
    bar_text.textContent, skip.textContent = texts or SKUD_BAR_TEXTS


def hide() -> None:
    """Hide the Wiki panel and its preview; the bonus bar speaks Skud's words."""
    document.body.classList.toggle("variant-wiki", False)
    panel = el("wiki-panel")
    if panel is None:
        return
    panel.hidden = True
    bar_texts(None)
    draw_preview()


def show(game: Any) -> None:
    """Show the Wiki panel and fill it from ``game`` (the game shown)."""
    document.body.classList.toggle("variant-wiki", True)
    panel = el("wiki-panel")
    if panel is None:
        return
    panel.hidden = False
    texts = None if share.viewing() else pass_texts(game)
    if texts is not None:
        el("status").textContent = texts[0]
    bar_texts(None if texts is None else texts[1:])
    body = el("wiki-score-rows")
    body.replaceChildren()
    for term, label, cells in score_rows(game):
        tr = make("tr")
        tr.dataset.term = term
        tr.appendChild(make("th", label))
        for cell in cells:
            tr.appendChild(make("td", cell))
        body.appendChild(tr)
        if term == "total":
            tr.className = "total"
    for name, value in totals(game).items():
        panel.setAttribute(f"data-{name}", str(value))
    el("wiki-flowers").textContent = flowers_text(game)
    draw_preview()


def install(page: Any) -> None:
    """Wire the board's mouse-over preview to game_page's page."""
    STATE.page = page
    STATE.hover = BoardHover(lambda: PANEL.is_mine(page.ui.game), draw_preview)
    STATE.hover.install()


def draw_preview() -> None:
    """Say how the action a click would complete changes the scores (or clear it)."""
    page = STATE.page
    box = el("wiki-preview")
    if page is None or box is None or STATE.hover is None:
        return
    ui = page.ui
    point = STATE.hover.target(ui)
    game = ui.game
    action = None
    if PANEL.is_mine(game) and not share.viewing() and point is not None:
        action = preview_action(ui, point)
    key = (id(game), len(game.history), ui.clicks, point, action)
    if key == STATE.key:
        return
    STATE.key = key
    box.textContent = "" if action is None else preview_text(game, action)
    box.dataset.point = "" if action is None else str(point)


class WikiPanel(Panel):
    """Wiki's hooks for game_page (see the module docstring)."""

    variant = "wiki"

    def install(self, host: Host) -> None:
        """The board's mouse-over preview."""
        install(host.page)

    def after_draw_board(self) -> None:
        """The score preview."""
        draw_preview()

    def show(self, game: Any) -> None:
        """The score panel, and the status line and bonus bar of a pass."""
        show(game)

    def hide(self) -> None:
        """No panel for another variant's game."""
        hide()


PANEL = WikiPanel()
"""Wiki's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
