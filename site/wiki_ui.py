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

from typing import Any

import share  # links, replay and notation (site/share.py)
from dom import document, el, make
from hover import BoardHover  # the point under the mouse or the cursor (site/hover.py)

from paisho_page.panels.wiki import pass_texts, preview_action, preview_text


class _State:
    """The page (set by :func:`install`), the point under the mouse and what the
    preview shows."""

    page: Any = None
    hover: BoardHover | None = None
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
    STATE.hover = BoardHover(lambda: is_wiki(page.ui.game), draw_preview)
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
    if is_wiki(game) and not share.viewing() and point is not None:
        action = preview_action(ui, point)
    key = (id(game), len(game.history), ui.clicks, point, action)
    if key == STATE.key:
        return
    STATE.key = key
    box.textContent = "" if action is None else preview_text(game, action)
    box.dataset.point = "" if action is None else str(point)
