"""Which tile card the page shows, and the card as elements: pure logic for the tile card
(``site/cards_ui.py`` reads the mouse, the focus and the game, and builds what this says).

:class:`CardFollower` remembers the tile last pointed at, the selection it was pointed
in and the card shown; at each redraw it says whether the card stays, goes back to its
hint, or shows another tile (:func:`paisho_page.words.cards.subject` picks the tile).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paisho_core.board import Point
from paisho_core.tokens import reserve_token
from paisho_page.base import dom_writes as w
from paisho_page.base.elements import Element
from paisho_page.words import cards
from paisho_page.words.i18n import N_, _

EMPTY_TITLE = N_("Tile card")
"""The card's title while it shows no tile."""


class CardFollower:
    """The tile pointed at, the selection it belongs to and the card shown."""

    def __init__(self) -> None:
        """No tile pointed at, no card shown."""
        self.pointed: str | None = None
        """The click token of the tile last pointed at (mouse or reserve focus)."""
        self.selection: tuple[Any, ...] | None = None
        self.shown: tuple[str, str] | None = None
        """The variant and code of the tile whose card is shown (it stays while no other
        tile is pointed at or selected, so the card does not come and go)."""

    def point(self, token: str | None) -> bool:
        """A tile was pointed at (``None``: something that is no tile); True when it is
        another one (the card is then to be updated)."""
        if token is None or token == self.pointed:
            return False
        self.pointed = token
        return True

    def update(
        self, game: Any, viewing: bool, clicks: Sequence[str], cursor: Point | None
    ) -> tuple[bool, cards.Card | None]:
        """``(changed, card)`` for the game shown: ``changed`` is False when the card
        shown stays; else ``card`` is the card to show (``None``: back to the hint)."""
        selection = (str(game.info.name), viewing, len(game.history), tuple(clicks), cursor)
        if selection != self.selection:  # a newer selection or cursor beats an old pointing
            self.selection = selection
            self.pointed = None
        name = str(game.info.name)
        code = cards.subject(game, clicks, cursor, self.pointed)
        if code is None:  # no tile now: the last card stays, unless of another game
            if self.shown is not None and self.shown[0] != name:
                self.shown = None
                return True, None
            return False, None
        key = (name, code)
        if key == self.shown:
            return False, None
        self.shown = key
        return True, cards.card_or_none(name, code)


def pointed_token(reserve: str | None, accent: str | None, drawn: str | None) -> str | None:
    """The click token of the tile the mouse or the focus is on in the side panel: a
    reserve tile's code (``reserve``), else an accent tile to choose (``accent``), else a
    part of a variant's panel about a drawn tile (``drawn``, empty: none); each is
    ``None`` when the pointer is not on such an element."""
    if reserve is not None:
        return reserve_token(reserve)
    if accent is not None:
        return reserve_token(accent)
    return reserve_token(drawn) if drawn else None


def card_writes(card: cards.Card | None) -> tuple[w.Write, ...]:
    """The card's title and its ``data-tile``; ``None``: the hint's title, no
    ``data-tile``, and the card marked ``empty`` (its class)."""
    if card is None:
        return (
            w.classed("tile-card", "empty", True),
            w.no_attr("tile-card", "data-tile"),
            w.text("tile-card-title", _(EMPTY_TITLE)),
        )
    return (
        w.classed("tile-card", "empty", False),
        w.data("tile-card", "tile", card.code),
        w.text("tile-card-title", card.title),
    )


def line_elements(card: cards.Card) -> tuple[Element, ...]:
    """The card's labelled lines: a ``dt`` and a ``dd`` each."""
    return tuple(
        item for label, text in card.lines for item in (Element("dt", label), Element("dd", text))
    )


def link_rows(card: cards.Card) -> tuple[Element, ...]:
    """The card's Rules and Demos rows: each link opens in a new tab."""
    rows = []
    for title, group, cls in ((_("Rules:"), card.rulings, "ruling"),
                              (_("Demos:"), card.demos, "demo")):
        items = [Element("span", f"{title} ", "tile-card-label")]

        for i, link in enumerate(group):
            if i:
                items.append(Element("span", " · "))
            props: tuple[tuple[str, str | bool], ...] = (
                ("href", link.href),
                ("target", "_blank"),
                ("rel", "noopener"),
            )
            items.append(Element("a", link.text, cls, props=props))
        rows.append(Element("p", cls="tile-card-row", children=tuple(items)))
    return tuple(rows)
