"""Wiki's score panel, marks' legend and preview as data: pure logic for
``site/wiki_ui.py``, which builds these elements and applies these writes.

The score table's rows (:func:`score_elements`), each player's total and the flowers
left (:func:`panel_writes`), the panel shown and a pass asked (:func:`shown`), the
legend of the board's marks (:func:`legend_elements`) and the guide's status line and
legend (:func:`guide`), the panel hidden for another variant's game
(:func:`hidden_writes`), and which action the preview shows and what it says
(:func:`preview_choice`, :func:`preview_writes`, ``rules.html#wiki-r9``).
"""

from __future__ import annotations

from typing import Any

from paisho_core.board import Point
from paisho_core.tokens import turn_token
from paisho_core.wiki.game import WikiGame
from paisho_page.base import dom_writes as w
from paisho_page.base.elements import Element
from paisho_page.panels import wiki_guide
from paisho_page.panels.wiki import (
    flowers_text,
    pass_texts,
    preview_action,
    preview_text,
    score_rows,
    totals,
)
from paisho_page.play.ui import UIState
from paisho_page.words.i18n import N_, _

PREVIEW_LEAD = {"again": N_("Click again: {preview}"), "push": N_("If pushed: {preview}"),
                "way": N_("Turned: {preview}")}
"""What the preview's text starts with when no single click makes the action shown."""


def score_elements(game: WikiGame) -> tuple[Element, ...]:
    """One table row per term of the score (``data-term``), its label then each
    player's cell; the totals' row has the class ``total``."""
    return tuple(
        Element(
            "tr",
            cls="total" if term == "total" else None,
            attrs=(("data-term", term),),
            children=(Element("th", label), *(Element("td", cell) for cell in cells)),
        )
        for term, label, cells in score_rows(game)
    )


def panel_writes(game: WikiGame) -> tuple[w.Write, ...]:
    """Each player's total on the panel (``data-<name>``) and the flowers left."""
    return (
        *(w.attr("wiki-panel", f"data-{name}", str(value)) for name, value in totals(game).items()),
        w.text("wiki-flowers", flowers_text(game)),
    )


def shown(game: WikiGame, viewing: bool) -> tuple[tuple[str, str] | None, tuple[w.Write, ...]]:
    """The panel for ``game``, the game shown (``viewing``: an earlier position in the
    replay): the bonus bar's words while a pass is legal in the live game (its text and
    its button's label, :func:`pass_texts`; ``None``: Skud's), and the writes: the page
    marked as showing a Wiki game, the panel shown with its totals and flowers
    (:func:`panel_writes`) and the status line asking for the pass (``wiki-r2``)."""
    texts = None if viewing else pass_texts(game)
    return (None if texts is None else texts[1:]), (
        w.classed(w.BODY, "variant-wiki", True),
        w.hidden("wiki-panel", False),
        *(() if texts is None else (w.text("status", texts[0]),)),
        *panel_writes(game),
    )


def hidden_writes() -> tuple[w.Write, ...]:
    """The panel and the marks' legend hidden, and the page no longer marked as showing
    a Wiki game: the game shown is another variant's."""
    return (
        w.classed(w.BODY, "variant-wiki", False),
        w.hidden("wiki-panel", True),
        w.hidden("wiki-guide", True),
    )


def guide(ui: UIState, shown: bool) -> tuple[tuple[Element, ...], tuple[w.Write, ...]]:
    """The guide (``shown``: while the live game is shown and no pass is asked): the
    legend's keys (:func:`legend_elements` of :func:`wiki_guide.legend`), and the writes:
    the status line saying what the next click does (when :func:`wiki_guide.guide_status`
    says it) and the legend's box, shown when it has keys."""
    if not shown:
        return (), (w.hidden("wiki-guide", True),)
    entries = wiki_guide.legend(ui)
    status = wiki_guide.guide_status(ui)
    return legend_elements(entries), (
        *(() if status is None else (w.text("status", status),)),
        w.hidden("wiki-guide", not entries),
    )


def guide_box() -> Element:
    """The (hidden) box of the marks' legend, made once below the message line."""
    return Element(
        "div",
        cls="wiki-guide",
        id="wiki-guide",
        attrs=(("aria-label", _("What the marks on the board do")),),
        props=(("hidden", True),),
    )


def legend_elements(entries: list[tuple[str, str]]) -> tuple[Element, ...]:
    """One key per ``(icon, words)`` entry of :func:`wiki_guide.legend`: the icon's
    renderer-made SVG, then its words."""
    return tuple(
        Element(
            "span",
            cls="key",
            attrs=(("data-icon", icon),),
            children=(Element("span", words),),
            svg=wiki_guide.legend_icon(icon),
        )
        for icon, words in entries
    )


def preview_choice(
    ui: UIState, point: Point | None, way: str | None, live: bool
) -> tuple[Any | None, str]:
    """The action the preview shows and how it is made (a :data:`PREVIEW_LEAD` key, or
    ``""``): the Wheel's turn ``way`` under the mouse or focus, else the action a click
    on ``point`` completes, else what the guide previews there (nothing in a replay)."""
    if way is not None and live:
        found = ui.paths().get((*ui.clicks, turn_token(way)), [])
        return (found[0], "way") if len(found) == 1 else (None, "")
    if live and point is not None:
        action = preview_action(ui, point)
        seen = wiki_guide.preview_of(ui, point) if action is None else None
        return seen if seen is not None else (action, "")
    return None, ""


def preview_writes(
    game: WikiGame, action: Any | None, how: str, point: Point | None,
    coordinates: bool = False,
) -> tuple[w.Write, ...]:
    """The preview's text (the action in words, its points named only when
    ``coordinates`` are shown, and how the scores change) and its
    ``data-point``/``data-how``."""
    text = "" if action is None else preview_text(game, action, coordinates)
    return (
        w.text("wiki-preview", _(PREVIEW_LEAD[how]).format(preview=text)
               if how in PREVIEW_LEAD and text else text[:1].upper() + text[1:]),
        w.data("wiki-preview", "point", "" if action is None or how == "way" else str(point)),
        w.data("wiki-preview", "how", how),
    )
