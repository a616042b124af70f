"""The seats of the page's Ancient game and what its panel shows: pure logic for the page.

:class:`AncientSeats` keeps the computer seats of the page's Ancient game and who holds
the device (:class:`~paisho_page.panels.ancient.HotSeat`): a new or resumed game gets the
seats given to :meth:`AncientSeats.prepare`; a game that came another way (a link to
another game) is played by people only.  From it come the refusals (a click, Undo, Redo),
what may be shown of a position (:meth:`AncientSeats.view_of`) and everything the panel
writes after a redraw (:func:`panel_screen`: texts, buttons, the pass-the-device
screen; :func:`hidden_writes` for another variant's game), the previews' words
(:func:`preview_text`, :func:`hover_preview`, :func:`turn_preview`) and the result
panel's line (:func:`result_line`).

``site/ancient_ui.py`` reads the DOM, calls these and writes their results as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from paisho_core.ancient.tiles import CODES
from paisho_core.board import Point
from paisho_core.tokens import DRAW, SKIP, point_token, turn_token, turn_way
from paisho_page.base.dom_writes import BODY, Write, classed, hidden, text
from paisho_page.panels.ancient import (
    COMPUTER,
    HANDOVER,
    HotSeat,
    PanelTexts,
    SeatView,
    panel_texts,
    preview,
    replay_view,
    screen_refusal,
    seat_view,
    undo_refusal_on,
)
from paisho_page.panels.ancient_ring import RingChoice, current_focus, ring_choices
from paisho_page.words.i18n import _, ngettext
from paisho_page.words.names import tile_name
from paisho_page.words.terms import player

VARIANT = "ancient"
"""The engine registry's name of Ancient Pai Sho."""
TURN_KEYS = "01234567"
"""Keys that choose the Wheel's turn directly (× 45°)."""


def is_ancient(game: Any) -> bool:
    """Whether ``game`` is an Ancient Pai Sho game."""
    return str(getattr(getattr(game, "info", None), "name", "")) == VARIANT


def _identity(game: Any) -> tuple[Any, ...]:
    return (str(game.info.name), frozenset(game.options), game.seed, len(game.players))


class AncientSeats:
    """The computer seats of the page's Ancient game and who holds the device."""

    def __init__(self) -> None:
        """No game yet: no computer seat, nobody holds the device."""
        self.computers: tuple[int, ...] = ()
        self.hotseat: HotSeat | None = None
        self.identity: tuple[Any, ...] | None = None

    def set_seats(self, game: Any, computers: Iterable[int]) -> None:
        """The seats of ``game`` the computer plays (the others are people)."""
        n = len(game.players)
        self.computers = tuple(sorted({int(s) for s in computers if 0 <= int(s) < n}))
        self.hotseat = HotSeat([i not in self.computers for i in range(n)])
        self.identity = _identity(game)

    def prepare(self, seats: Iterable[int]) -> None:
        """The next game (a new one, or one resumed) has these computer seats; the
        device is then held by nobody until the first person confirms."""
        self.computers = tuple(sorted({int(s) for s in seats}))
        self.hotseat = None

    def hotseat_of(self, game: Any) -> HotSeat:
        """The hot-seat of ``game`` (the page's live game): made with the seats given to
        :meth:`prepare`; another game (a link) is played by people only."""
        if self.hotseat is None:
            self.set_seats(game, self.computers)
        elif self.identity != _identity(game):
            self.set_seats(game, ())
        assert self.hotseat is not None
        return self.hotseat

    def computers_of(self, game: Any) -> tuple[int, ...]:
        """The computer seats of ``game`` (the live game; empty unless it is Ancient)."""
        if not is_ancient(game):
            return ()
        self.hotseat_of(game)  # the seats of this very game
        return self.computers

    def screen(self, live: Any) -> str:
        """The screen of the live game: ``play``, ``handover``, ``computer`` or ``over``."""
        return self.hotseat_of(live).screen(live)

    def view_of(self, shown: Any, live: Any) -> SeatView:
        """What may be shown of ``shown``: the live game for the seat holding the device;
        an earlier position in the replay by :func:`replay_view`."""
        holder = self.hotseat_of(live).viewer(live)
        if shown is not live:
            return replay_view(shown, live, holder)
        return seat_view(live, holder)

    def refuse(self, live: Any, viewing: bool) -> str:
        """Why a click on the game cannot be taken now (empty if it can)."""
        if not is_ancient(live) or viewing:
            return ""
        return screen_refusal(self.screen(live))

    def undo_refusal(self, live: Any) -> str:
        """Why Undo is refused now (empty if it may go ahead, or the game is not
        Ancient): undo stays inside the turn being played and never takes back a draw."""
        if not is_ancient(live):
            return ""
        return undo_refusal_on(live, self.screen(live))

    def redo_refusal(self, live: Any, viewing: bool) -> str:
        """Why Redo is refused now (empty if it may go ahead): only the turn's own
        holder redoes what they took back."""
        return self.refuse(live, viewing)

    def ring(self, ui: Any, viewing: bool) -> tuple[RingChoice, ...]:
        """The marks of the Wheel's ring while its turn is asked in the live game."""
        if not is_ancient(ui.game) or viewing or self.refuse(ui.game, viewing):
            return ()
        return ring_choices(ui.clicks, ui.next_tokens())


@dataclass(frozen=True)
class PanelScreen:
    """Everything Ancient's panel writes after a redraw (plain text and flags)."""

    texts: PanelTexts
    status: str | None
    """The status line (``None``: leave the page's own, e.g. during a selection)."""
    can_draw: bool
    can_pass: bool
    turns: frozenset[str]
    """The Wheel turns offered (their ways, ``"90"``); none: the turn buttons hidden."""
    handover: bool
    """Whether the opaque pass-the-device screen covers the page."""
    handover_text: str
    ready_text: str
    drawn: tuple[int, str] | None = None
    """The seat and code of the tile just drawn, marked in that seat's hand while it is
    shown (:data:`DRAWN_CLASS`)."""

    def writes(self) -> tuple[Write, ...]:
        """The page marked as showing an Ancient game, the panel's lines, its buttons,
        the status line and the pass-the-device screen (the page's body marked
        ``handover-on`` while it covers the page), as page writes (the turn buttons and
        the focus are the page's own)."""
        return (
            classed(BODY, "variant-ancient", True),
            hidden("ancient-panel", False),
            hidden("bonus-bar", True),  # a pass is the panel's own button here
            text("ancient-count", self.texts.count),
            text("ancient-pairs", self.texts.pairs),
            text("ancient-drawn", self.texts.drawn),
            text("ancient-pile", self.texts.pile),
            hidden("btn-ancient-draw", not self.can_draw),
            hidden("btn-ancient-pass", not self.can_pass),
            hidden("ancient-turns", not self.turns),
            *(() if self.status is None else (text("status", self.status),)),
            hidden("ancient-handover", not self.handover),
            *(
                (text("ancient-handover-text", self.handover_text),
                 text("btn-ancient-ready", self.ready_text))
                if self.handover
                else ()
            ),
            classed(BODY, "handover-on", self.handover),
        )


DRAWN_CLASS = "drawn"
"""The class of the hand's button of the tile just drawn."""


def drawn_selector(screen: PanelScreen) -> str | None:
    """The CSS selector of the hand's button of the tile just drawn (``None``: none
    drawn, or the hand is not shown); codes are the engine's, never the user's."""
    if screen.drawn is None or screen.handover:
        return None
    seat, code = screen.drawn
    return f'.reserve-tile[data-reserve="{code}"][data-seat="{seat}"]'


def hidden_writes() -> tuple[Write, ...]:
    """The panel and the pass-the-device screen hidden, and the page no longer marked
    as showing an Ancient game: the game shown is another variant's."""
    return (
        classed(BODY, "variant-ancient", False),
        hidden("ancient-panel", True),
        hidden("ancient-handover", True),
        classed(BODY, "handover-on", False),
    )


def _buttons(seats: AncientSeats, ui: Any, live_play: bool) -> tuple[bool, bool, frozenset[str]]:
    """Draw, Pass and the Wheel's turns, as the live game offers them."""
    offered = live_play and seats.screen(ui.game) not in (HANDOVER, COMPUTER)
    tokens = ui.next_tokens() if offered else frozenset()
    turns = frozenset(way for t in tokens if (way := turn_way(t)) is not None)
    return DRAW in tokens, SKIP in tokens, turns


def panel_screen(seats: AncientSeats, ui: Any, shown: Any, viewing: bool) -> PanelScreen:
    """The panel, status line and pass-the-device screen for ``shown`` (the game the
    page shows; ``ui.game`` is the live one; ``viewing``: the replay shows an earlier
    position)."""
    live = ui.game
    view = seats.view_of(shown, live)
    drawn = tile_name(VARIANT, view.drawn) if view.drawn else ""
    texts = panel_texts(shown, view, drawn, CODES[shown.centre_piece])
    live_play = not viewing and live.to_move is not None
    can_draw, can_pass, turns = _buttons(seats, ui, live_play)
    status = None
    if not viewing and not ui.clicks and not live.is_over:
        # (a selection: the UI's own line; the end: the result panel's)
        status = view.status
        if live.to_move is not None and seats.screen(live) == COMPUTER:
            status = _("The computer ({player}) is playing…").format(
                player=player(live.players[live.to_move]))
    handover = live_play and seats.screen(live) == HANDOVER
    hotseat = seats.hotseat_of(live)
    return PanelScreen(
        texts,
        status,
        can_draw,
        can_pass,
        turns,
        handover,
        hotseat.handover_text(live) if handover else "",
        _("I am {player}: show my hand").format(player=player(live.players[live.to_move]))
        if handover else "",
        (view.to_move, view.drawn) if view.drawn and view.to_move is not None else None,
    )


def _one_action(ui: Any, token: str) -> Any:
    """The one action the click ``token`` would complete now (``None``: none, or several)."""
    actions = ui.paths().get((*ui.clicks, token), [])
    return actions[0] if len(actions) == 1 else None


def hover_preview(ui: Any, point: Point | None, viewing: bool) -> str:
    """The count after the action a click on ``point`` (under the mouse) would complete,
    ``There: 3 harmonies.`` (empty when there is none)."""
    if not is_ancient(ui.game) or viewing or point is None:
        return ""
    action = _one_action(ui, point_token(point))
    if action is None:
        return ""
    count, wins = preview(ui.game, action)
    if wins:
        return ngettext("There: {n} harmony — that wins!", "There: {n} harmonies — that wins!",
                        count).format(n=count)
    return ngettext("There: {n} harmony.", "There: {n} harmonies.", count).format(n=count)


def turn_preview(ui: Any, degrees: int) -> str | None:
    """The count after the Wheel turn of ``degrees`` (``None``: no such single action,
    the preview then keeps what it says)."""
    action = _one_action(ui, turn_token(degrees))
    if action is None:
        return None
    count, wins = preview(ui.game, action)
    if wins:
        return ngettext("Turned {degrees}°: {n} harmony — that wins!",
                        "Turned {degrees}°: {n} harmonies — that wins!",
                        count).format(n=count, degrees=degrees)
    return ngettext("Turned {degrees}°: {n} harmony.", "Turned {degrees}°: {n} harmonies.",
                    count).format(n=count, degrees=degrees)


def preview_text(
    ui: Any,
    ring: Sequence[RingChoice],
    ring_focus: int | None,
    hover: Point | None,
    viewing: bool,
) -> str | None:
    """What the preview says: the count after the Wheel turn the keyboard focus is on
    (``ring_focus``, while the ``ring`` is shown and the keyboard cursor too), else after
    the action a click on ``hover`` (the point under the mouse) would complete; ``None``
    leaves the preview as it is (no single action for that turn)."""
    focus = current_focus(ring, ring_focus, ui.cursor_visible)
    if focus is not None:
        return turn_preview(ui, focus)
    return hover_preview(ui, hover, viewing)


def preview_writes(said: str | None) -> tuple[Write, ...]:
    """The preview's line saying ``said`` (``None``: left as it is)."""
    return () if said is None else (text("ancient-preview", said),)


def result_line(game: Any) -> str:
    """The result panel's line of a finished game: who won and how (empty while it runs,
    and for a resignation: the page's own sentence names the winner)."""
    end = game.outcome()
    if end is None or end.reason == "resign":
        return ""
    return seat_view(game, None).status


def key_turn(key: str, typing: bool) -> str | None:
    """The Wheel turn's token a key chooses (keys 0–7, × 45°), unless the focus is in
    a text field (``typing``); ``None`` for any other key."""
    if typing or len(key) != 1 or key not in TURN_KEYS:
        return None
    return turn_token(45 * int(key))


def dialog_seat_rows(players: int, seats: int) -> tuple[bool, ...]:
    """Per seat row of the New game dialog, whether it is hidden (``players`` chosen)."""
    return tuple(i >= players for i in range(seats))


def turns_disabled(ways: Sequence[str], offered: frozenset[str]) -> tuple[bool, ...]:
    """Per Wheel turn button (its way), whether it is disabled (not offered now)."""
    return tuple(way not in offered for way in ways)

