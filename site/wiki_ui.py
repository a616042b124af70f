"""Wiki Pai Sho's score panel (``rules.html#wiki-r9``): each player's points by term, live.

:func:`after_refresh` runs after every redraw (``# wiki hook`` in ``game_page.py``); it
shows the panel for a Wiki game, hides it otherwise, and fills it from the shown game
(the live game, or the position the replay bar shows).  Pure text from the engine's
numbers: nothing from a link or storage is inserted as HTML.
"""

from __future__ import annotations

from typing import Any

from dom import document, el, make

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
