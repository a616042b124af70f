"""The tile card: what the selected or hovered tile does (words from
:mod:`paisho_page.cards`, which reads the engine's tile facts).

A page-wide panel (:data:`PANEL`, ``variant = None``): it listens to the mouse over the
board and the side panel (reserves, and a drawn tile's ``data-drawn``) and to the focus
there, and after every redraw shows the
card of the tile the page logic picks (:func:`paisho_page.cards.subject`): the tile
pointed at, else the one under the keyboard cursor, else the selection's; with none of
them, the last card stays (so the panel does not jump while the mouse moves).  The card is
filled with ``textContent`` only; its links are built from the engine's anchors and demo
names.  It folds to its title line (its summary, or its close button), and then only its
title follows the tiles.  Beside the board it is always there, with a hint until a tile
is shown (so nothing moves when it first fills); on a phone it shows once a tile is
tapped, below the board.
"""

from __future__ import annotations

from typing import Any

import share  # the position the replay shows (site/share.py)
from dom import closest, document, el, make, on
from hover import point_of

from paisho_page import cards
from paisho_page.panels.hooks import Host, Panel
from paisho_page.ui import RESERVE_PREFIX, point_token


class _State:
    host: Host | None = None
    pointed: str | None = None
    """The click token of the tile last pointed at (mouse or reserve focus)."""
    selection: tuple[Any, ...] | None = None
    touch = False
    """The last pointer pressed was a finger (until a key is pressed): the ``mouseover``
    and ``focusin`` a tap makes before its click are no hover (a card shown then changes
    the page under the finger, and Chromium drops that tap's click); the tap's click or
    selection shows the card instead."""
    shown: tuple[str, str] | None = None
    """The variant and code of the tile whose card is shown (it stays while no other
    tile is pointed at or selected, so the card does not come and go, moving the panel)."""


STATE = _State()


def _point(token: str | None) -> None:
    """A tile was pointed at (``None``: something that is no tile): show its card."""
    if token is not None and token != STATE.pointed:
        STATE.pointed = token
        update()


def on_pointer_down(event: Any) -> None:
    """Note whether a finger or a mouse/pen pressed (see :attr:`_State.touch`)."""
    STATE.touch = str(event.pointerType) == "touch"


def on_key_down(_event: Any) -> None:
    """A key: the focus that follows is the keyboard's (see :attr:`_State.touch`)."""
    STATE.touch = False


def touch_hover(event: Any) -> bool:
    """Whether ``event`` is a ``mouseover`` or ``focusin`` that a tap makes."""
    return STATE.touch and str(event.type) in ("mouseover", "focusin")


def on_panel_click(event: Any) -> None:
    """After a tap's click in the side panel, its tile becomes the card's subject."""
    if STATE.touch:
        panel_subject(event)


def on_board_over(event: Any) -> None:
    """The mouse is over the board: a point with a tile becomes the card's subject."""
    if touch_hover(event):
        return
    point = point_of(event.target)
    if point is None or STATE.host is None:
        return
    token = point_token(point)
    game = _game()
    if cards.tile_at(game, token) is not None:
        _point(token)


def on_panel_over(event: Any) -> None:
    """The mouse or the focus is on a reserve tile, an accent tile to choose, or a part
    of a variant's panel about a drawn tile (``data-drawn``): that tile becomes the
    card's subject."""
    if not touch_hover(event):
        panel_subject(event)


def panel_subject(event: Any) -> None:
    """The tile ``event`` is about in the side panel (a reserve tile, an accent tile to
    choose, a drawn tile) becomes the card's subject."""
    tile = closest(event.target, "[data-reserve]")
    if tile is not None:
        _point(RESERVE_PREFIX + str(tile.dataset.reserve))
        return
    accent = closest(event.target, "[data-accent]")  # (an accent tile to choose)
    if accent is not None:
        _point(RESERVE_PREFIX + str(accent.dataset.accent))
        return
    drawn = closest(event.target, "[data-drawn]")
    code = "" if drawn is None else str(drawn.dataset.drawn or "")
    if code:
        _point(RESERVE_PREFIX + code)


def on_close(_event: Any) -> None:
    """Fold the card to its title line (its summary unfolds it again)."""
    el("tile-card-details").open = False


def _game() -> Any:
    host = STATE.host
    assert host is not None
    return share.shown_game() if host.viewing() else host.page.ui.game


def update() -> None:
    """Show the card of the tile the page logic picks (if it is another tile)."""
    host = STATE.host
    if host is None:
        return
    ui = host.page.ui
    viewing = host.viewing()
    game = _game()
    clicks = () if viewing else tuple(ui.clicks)
    cursor = ui.cursor if ui.cursor_visible else None
    selection = (str(game.info.name), viewing, len(game.history), clicks, cursor)
    if selection != STATE.selection:  # a newer selection or cursor beats an old pointing
        STATE.selection = selection
        STATE.pointed = None
    name = str(game.info.name)
    code = cards.subject(game, clicks, cursor, STATE.pointed)
    if code is None:  # no tile now: the last card stays, unless of another game
        if STATE.shown is not None and STATE.shown[0] != name:
            STATE.shown = None
            _empty()
        return
    key = (name, code)
    if key == STATE.shown:
        return
    STATE.shown = key
    card = cards.card_or_none(name, code)
    if card is None:
        _empty()
    else:
        fill(card)


def _empty() -> None:
    """Back to the card's hint (the game changed to another variant)."""
    box = el("tile-card")
    box.classList.add("empty")
    box.removeAttribute("data-tile")
    el("tile-card-title").textContent = "Tile card"


def fill(card: cards.Card) -> None:
    """Put ``card`` into the card element (text only; links from trusted anchors)."""
    box = el("tile-card")
    box.classList.remove("empty")
    box.dataset.tile = card.code
    el("tile-card-title").textContent = card.title
    lines = el("tile-card-lines")
    lines.replaceChildren()
    for label, text in card.lines:
        lines.appendChild(make("dt", label))
        lines.appendChild(make("dd", text))
    links = el("tile-card-links")
    links.replaceChildren()
    for title, group, cls in (("Rules", card.rulings, "ruling"), ("Demos", card.demos, "demo")):
        row = make("p", cls="tile-card-row")
        row.appendChild(make("span", f"{title}: ", "tile-card-label"))
        for i, link in enumerate(group):
            if i:
                row.appendChild(make("span", " · "))
            a = make("a", link.text, cls)
            a.href = link.href
            a.target = "_blank"
            a.rel = "noopener"
            row.appendChild(a)
        links.appendChild(row)


class CardPanel(Panel):
    """The tile card, for every game (a global panel: its ``variant`` is ``None``)."""

    def install(self, host: Host) -> None:
        """Listen to the board, the reserves and the close button."""
        STATE.host = host
        on(document, "pointerdown", on_pointer_down)
        on(document, "keydown", on_key_down)
        on(el("board-holder"), "mouseover", on_board_over)
        panel = document.querySelector(".panel")
        on(panel, "mouseover", on_panel_over)
        on(panel, "focusin", on_panel_over)
        on(panel, "click", on_panel_click)
        on(el("btn-tile-card-close"), "click", on_close)

    def after_draw_board(self) -> None:
        """The keyboard cursor may have moved: the card follows it."""
        update()

    def after_refresh(self) -> None:
        """The selection or the game may have changed: show the right card."""
        update()


PANEL = CardPanel()
