"""Wiki Pai Sho's score panel (``rules.html#wiki-r9``): each player's points by term, live.

Hooks (``# wiki hook`` in ``game_page.py``): :func:`install` once at start (the board's
mouse-over preview); :func:`after_refresh` after every redraw shows the panel for a Wiki
game, hides it otherwise, and fills it from the shown game (the live game, or the
position the replay bar shows); :func:`draw_preview` after the board is redrawn says how
the action that a click on the point under the mouse (or the keyboard cursor) would
complete changes each score.  Pure text from the engine's numbers: nothing from a link
or storage is inserted as HTML.
"""

from __future__ import annotations

import contextlib
from typing import Any

import share  # links, replay and notation (site/share.py)
from dom import document, el, make, nil, on

from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_core.wiki.page import pass_texts, preview_action, preview_text


class _State:
    """The page (set by :func:`install`) and the point under the mouse."""

    page: Any = None
    hover: Point | None = None
    key: Any = None


STATE = _State()

TERMS = (
    ("harmonies", "Harmonies"),
    ("disharmonies", "Disharmonies"),
    ("lotus", "Near a White Lotus"),
    ("unharmonised", "Flowers in no harmony"),
    ("total", "Total"),
)
"""The R9 terms in the panel's order, with their row labels."""


def is_wiki(game: Any) -> bool:
    """Whether ``game`` is a Wiki Pai Sho game."""
    return str(getattr(getattr(game, "info", None), "name", "")) == "wiki"


def score_rows(game: Any) -> list[tuple[str, str, list[int]]]:
    """``(term, label, [host, guest])`` rows of the score table."""
    scores = game.scores()
    return [(term, label, [int(row[term]) for row in scores]) for term, label in TERMS]


def after_refresh(game: Any) -> None:
    """Show or hide the Wiki panel and fill it from ``game``."""
    on_ = is_wiki(game)
    document.body.classList.toggle("variant-wiki", on_)
    panel = el("wiki-panel")
    if panel is None:
        return
    panel.hidden = not on_
    bar_text, skip = el("bonus-bar").querySelector("span"), el("btn-skip")
    texts = pass_texts(game) if on_ and not share.viewing() else None
    if texts is None:  # Skud's words for the same bar
        bar_text.textContent = "Pick a highlighted reserve tile, or"
        skip.textContent = "Skip the bonus"
    else:
        el("status").textContent, bar_text.textContent, skip.textContent = texts
    if not on_:
        return
    body = el("wiki-score-rows")
    body.replaceChildren()
    players = game.players
    for term, label, values in score_rows(game):
        tr = make("tr")
        tr.dataset.term = term
        tr.appendChild(make("th", label))
        for value in values:
            tr.appendChild(make("td", f"{value:+d}" if term != "total" else str(value)))
        body.appendChild(tr)
        if term == "total":
            tr.className = "total"
            for name, value in zip(players, values, strict=False):
                panel.setAttribute(f"data-{name}", str(value))
    left = ", ".join(
        f"{name.capitalize()} {game.flowers_left(i)}" for i, name in enumerate(players)
    )
    el("wiki-flowers").textContent = f"Flowers left: {left} (three or fewer loses)."
    draw_preview()


def install(page: Any) -> None:
    """Wire the board's mouse-over preview to game_page's page."""
    STATE.page = page
    holder = el("board-holder")
    on(holder, "mouseover", on_board_hover)
    on(holder, "mouseleave", on_board_leave)


def draw_preview() -> None:
    """Say how the action a click would complete changes the scores (or clear it)."""
    page = STATE.page
    box = el("wiki-preview")
    if page is None or box is None:
        return
    ui = page.ui
    point = Point(ui.cursor.x, ui.cursor.y) if ui.cursor_visible else STATE.hover
    game = ui.game
    action = None
    if is_wiki(game) and not share.viewing() and point is not None:
        action = preview_action(ui, point)
    key = (id(game), len(game.history), ui.clicks, point, action)
    if key == STATE.key:
        return
    STATE.key = key
    box.textContent = "" if action is None else preview_text(game, action)
    box.dataset.point = "" if action is None else str(point)


def on_board_hover(event: Any) -> None:
    """Preview the action under the mouse."""
    if STATE.page is None or not is_wiki(STATE.page.ui.game):
        return
    target = event.target
    found = None
    if not nil(target) and hasattr(target, "closest"):
        found = target.closest("[data-point]")
    point = None
    if not nil(found):
        with contextlib.suppress(PaiShoError, ValueError):
            point = Point.parse(str(found.dataset.point))
    if point != STATE.hover:
        STATE.hover = point
        draw_preview()


def on_board_leave(_event: Any) -> None:
    """The mouse left the board: clear the preview."""
    if STATE.hover is not None:
        STATE.hover = None
        draw_preview()
