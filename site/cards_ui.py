"""The tile card: what the selected or hovered tile does (words from
:mod:`paisho_page.words.cards`, which reads the engine's tile facts).

A page-wide panel (:data:`PANEL`, ``variant = None``): it is told of the mouse over the
board (its ``board_hover`` hook, from ``game_page``'s one listener), listens to the side
panel (reserves, and a drawn tile's ``data-drawn``) and to the focus there, and after
every redraw shows the card of the tile the page logic picks
(:func:`paisho_page.words.cards.subject`): the tile pointed at, else the one under the
keyboard cursor, else the selection's; with none of them, the last card stays (so the
panel does not jump while the mouse moves).  The card is filled with ``textContent``
only; its links are built from the engine's anchors and demo names.  It folds to its
title line (its summary, or its close button), and then only its title follows the
tiles.  Beside the board it is always there, with a hint until a tile is shown (so
nothing moves when it first fills); on a phone it shows once a tile is tapped, below the
board.
"""

from __future__ import annotations

from typing import Any

import share  # the position the replay shows (site/share.py)
from dom import apply, build, closest, document, el, on

from paisho_core.tokens import point_token
from paisho_page.panels.hooks import Host, Panel
from paisho_page.play import card_view
from paisho_page.words import cards


class _State:
    host: Host | None = None
    follower = card_view.CardFollower()
    """The tile pointed at and the card shown (:mod:`paisho_page.play.card_view`)."""
    touch = False
    """The last pointer pressed was a finger (until a key is pressed): the ``mouseover``
    and ``focusin`` a tap makes as the finger lands are no hover (a card shown then moves
    the panel under the finger before it lifts, so the click lands on another element);
    the tap's click or selection shows the card instead."""


STATE = _State()


def _point(token: str | None) -> None:
    """A tile was pointed at (``None``: something that is no tile): show its card."""
    if STATE.follower.point(token):
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


def on_board_over(point: Any) -> None:
    """The mouse is over another point of the board (``None``: none): a point with a
    tile becomes the card's subject (not as a finger lands: see :attr:`_State.touch`)."""
    if STATE.touch or point is None or STATE.host is None:
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
    reserve, accent, drawn = (_data(event, name) for name in ("reserve", "accent", "drawn"))
    _point(card_view.pointed_token(reserve, accent, drawn))


def _data(event: Any, name: str) -> str | None:
    """The ``data-<name>`` of the element under the event or around it (``None``: none)."""
    node = closest(event.target, f"[data-{name}]")
    return None if node is None else str(node.getAttribute(f"data-{name}") or "")


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
    clicks = () if viewing else tuple(ui.clicks)
    cursor = ui.cursor if ui.cursor_visible else None
    changed, card = STATE.follower.update(_game(), viewing, clicks, cursor)
    if changed:
        fill(card)


def fill(card: cards.Card | None) -> None:
    """Put ``card`` into the card element (text only; links from trusted anchors);
    ``None``: back to the card's hint (the game changed to another variant)."""
    apply(card_view.card_writes(card))
    if card is not None:
        el("tile-card-lines").replaceChildren(*(build(e) for e in card_view.line_elements(card)))
        el("tile-card-links").replaceChildren(*(build(e) for e in card_view.link_rows(card)))


def warm() -> None:
    """Word and build the card of the first tile on the board of the game shown, into no
    page element (see :meth:`~paisho_page.panels.hooks.Panel.warm`)."""
    if STATE.host is None:
        return
    game = _game()
    tiles = list(game.board_tiles())
    if not tiles:
        return
    card = cards.card_or_none(str(game.info.name), str(tiles[0].code))
    if card is not None:
        for element in (*card_view.line_elements(card), *card_view.link_rows(card)):
            build(element)


class CardPanel(Panel):
    """The tile card, for every game (a global panel: its ``variant`` is ``None``)."""

    def install(self, host: Host) -> None:
        """Listen to the reserves and the close button (the board: ``board_hover``)."""
        STATE.host = host
        on(document, "pointerdown", on_pointer_down)
        on(document, "keydown", on_key_down)
        panel = document.querySelector(".panel")
        on(panel, "mouseover", on_panel_over)
        on(panel, "focusin", on_panel_over)
        on(panel, "click", on_panel_click)
        on(el("btn-tile-card-close"), "click", on_close)

    def board_hover(self, point: Any, control: Any) -> None:
        """The mouse onto another point: its tile's card."""
        on_board_over(point)

    def after_draw_board(self) -> None:
        """The keyboard cursor may have moved: the card follows it."""
        update()

    def after_refresh(self) -> None:
        """The selection or the game may have changed: show the right card."""
        update()

    def warm(self) -> None:
        """The card of a tile on the board, worded and built but not shown."""
        warm()


PANEL = CardPanel()
