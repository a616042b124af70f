"""Ancient Pai Sho on the page (``rules.html#ancient``): seats, hidden hands, the panel.

Hooks (:data:`PANEL`, an :class:`AncientPanel`; see :mod:`paisho_page.panels.hooks`):
``install`` once at start; ``board_click`` and ``board_hover`` (from ``game_page``'s one
listener each: a mark of the Wheel's ring chooses or previews its turn, a point previews
the action a click there completes); ``show`` after every redraw of an Ancient game (the panel,
the status line and the pass-the-device screen), ``hide`` after the redraw of another
variant's game; ``after_draw_board`` after every board drawing (the Wheel's ring of
angles, :mod:`paisho_page.panels.ancient_ring`) and ``on_board_key`` (:func:`ring_key`)
for the board's keys while it is shown; ``reserves`` gives ``draw_players`` the hands the
holder of the device may see (their own; the others' as counts; in the replay of a
finished game, every hand); ``refuse``, ``undo_refusal`` and ``redo_refusal`` keep undo
inside the turn being played; ``computer_seats``, ``own_computer_seats``,
and ``restore_seats`` are the game's computer seats (several at once, saved with it;
the page-wide computer, ``site/computer.py``, plays each in its search worker at the
dialog's level, from that seat's view only); the New game dialog's
``show_dialog_fields``, ``dialog_players``, ``dialog_options`` and ``take_dialog_seats``.

The seats, who holds the device and everything the panel says are
:mod:`paisho_page.panels.ancient_seats` (pure logic, tested under CPython); this module
reads the DOM, calls it and writes its results.  While the device is to be passed, the
page holds no hand at all (only counts) and an opaque screen covers it until the next
person confirms.  Only text is set from the engine's values; nothing is inserted as HTML.
"""

from __future__ import annotations

from typing import Any

import share  # links, replay and notation (site/share.py)
from dom import apply, closest, document, el, on

from paisho_core.board import Point
from paisho_core.render import CONTROLS_ID
from paisho_core.tokens import DRAW, SKIP, turn_token
from paisho_page.panels import ancient as seats  # (its dialog_options, computer_seats)
from paisho_page.panels import ancient_ring as wheel_ring  # (its ring_key, refusal)
from paisho_page.panels.ancient_ring import current_focus, render_ring
from paisho_page.panels.ancient_seats import (
    DRAWN_CLASS,
    AncientSeats,
    dialog_seat_rows,
    drawn_selector,
    hidden_writes,
    key_turn,
    panel_screen,
    preview_text,
    preview_writes,
    result_line,
    turn_preview,
    turns_disabled,
)
from paisho_page.panels.hooks import Host, Panel
from paisho_page.play.game_view import message_writes

SEATS = 4


class _State:
    """The page, how to handle a click result, and the seats of the current game."""

    page: Any = None
    handle: Any = None
    seats = AncientSeats()
    handle_refresh: Any = None
    redraw_board: Any = None
    hover: Point | None = None
    ring_focus: int | None = None
    """The Wheel's ring mark the keyboard focus is on (its angle), if any."""


STATE = _State()


def refuse() -> str:
    """Why a click on the game cannot be taken now (empty if it can)."""
    return STATE.seats.refuse(STATE.page.ui.game, share.viewing())


# ------------------------------------------------------------------------------ panel
def mark_drawn(selector: str | None) -> None:
    """Mark the hand's button of the tile just drawn (``selector``; none: unmark)."""
    for button in document.querySelectorAll(f".reserve-tile.{DRAWN_CLASS}"):
        button.classList.remove(DRAWN_CLASS)
    button = document.querySelector(selector) if selector else None
    if button is not None:
        button.classList.add(DRAWN_CLASS)


def draw_preview() -> None:
    """The count after the action a click on the point under the mouse would complete
    (or after the Wheel turn the keyboard focus is on)."""
    said = preview_text(STATE.page.ui, ring(), STATE.ring_focus, STATE.hover, share.viewing())
    apply(preview_writes(said))


def preview_turn(degrees: int) -> None:
    """The count after the Wheel turn under the mouse."""
    apply(preview_writes(turn_preview(STATE.page.ui, degrees)))


# ---------------------------------------------------------------------- the Wheel's ring
def ring() -> tuple[Any, ...]:
    """The marks of the Wheel's ring while its turn is asked in the live game (else ())."""
    return STATE.seats.ring(STATE.page.ui, share.viewing())


def ring_key(key: str) -> bool:
    """A key on the board while the ring is shown: arrows move among its marks, Enter
    or Space chooses; True when the key was taken."""
    handled, focus, token = wheel_ring.ring_key(ring(), STATE.ring_focus, key)
    if not handled:
        return False
    STATE.page.ui.cursor_visible = True
    STATE.ring_focus = focus
    if token is not None:
        _token(token)
        return True
    STATE.redraw_board()
    draw_preview()
    return True


def ring_mark(control: Any) -> Any:
    """``control`` if it is a mark of the Wheel's ring (``None``: another, or none)."""
    if control is None or control.getAttribute("data-ring-turn") is None:
        return None
    return control


def on_ring_click(control: Any) -> bool:
    """A click on a mark of the ring chooses that turn (a dimmed one says why not);
    True when it was one."""
    mark = ring_mark(control)
    if mark is None:
        return False
    degrees = int(str(mark.getAttribute("data-ring-turn")))
    if mark.getAttribute("aria-disabled") == "true":
        apply(message_writes(wheel_ring.refusal(degrees)))
        return True
    STATE.page.ui.cursor_visible = False
    _token(turn_token(degrees))
    return True


# ------------------------------------------------------------------------------ events
def _token(token: str) -> None:
    why = refuse()
    if why:
        apply(message_writes(why))
        return
    if share.refuse():
        return
    STATE.handle(STATE.page.ui.click(token))


def on_turn(event: Any) -> None:
    """A button of the Wheel's ring of angles."""
    btn = closest(event.target, "[data-turn]")
    if btn is not None:
        _token(turn_token(btn.dataset.turn))


def on_turn_hover(event: Any) -> None:
    """Preview the count of the Wheel turn under the mouse."""
    btn = closest(event.target, "[data-turn]")
    if btn is not None and not btn.disabled:
        preview_turn(int(str(btn.dataset.turn)))


def on_ready(_event: Any) -> None:
    """The next person has the device: show their hand."""
    game = STATE.page.ui.game
    STATE.seats.hotseat_of(game).confirm(game)
    STATE.page.ui.message = ""
    STATE.handle_refresh()


def on_board_over(point: Point | None, control: Any) -> None:
    """Remember the point under the mouse for the preview (a ring mark: its turn's)."""
    mark = ring_mark(control)
    if mark is not None:
        if mark.getAttribute("aria-disabled") != "true":
            preview_turn(int(str(mark.getAttribute("data-ring-turn"))))
        return
    if point != STATE.hover:
        STATE.hover = point
        draw_preview()


def on_key(event: Any) -> None:
    """Keys 0–7 choose the Wheel's turn (×45°) while the ring is offered."""
    if el("ancient-turns").hidden:
        return
    tag = str(getattr(document.activeElement, "tagName", "")).lower()
    token = key_turn(str(event.key), tag in ("input", "select", "textarea"))
    if token is not None:
        _token(token)


# ------------------------------------------------------------------------- new game dialog
def show_seat_rows() -> None:
    """Show one person/computer choice per seat."""
    for i, hidden in enumerate(dialog_seat_rows(dialog_players(), SEATS)):
        el(f"ancient-seat-row-{i}").hidden = hidden


def show_custom() -> None:
    """Show the target and hand fields for a custom pair."""
    el("ancient-custom").hidden = str(el("ancient-preset").value) != "custom"


def dialog_players() -> int:
    """The number of seats chosen."""
    return int(str(el("ancient-count-select").value))


class AncientPanel(Panel):
    """Ancient's hooks for game_page (see the module docstring)."""

    variant = "ancient"

    def install(self, host: Host) -> None:
        """Wire the panel, the pass-the-device screen and the Wheel's ring buttons."""
        STATE.page, STATE.handle = host.page, host.handle
        STATE.handle_refresh, STATE.redraw_board = host.refresh, host.draw_board
        on(el("btn-ancient-draw"), "click", lambda _e: _token(DRAW))
        on(el("btn-ancient-pass"), "click", lambda _e: _token(SKIP))
        on(el("ancient-turns"), "click", on_turn)
        on(el("ancient-turns"), "mouseover", on_turn_hover)
        on(el("btn-ancient-ready"), "click", on_ready)
        on(document, "keydown", on_key)
        on(el("ancient-count-select"), "change", lambda _e: show_seat_rows())
        on(el("ancient-preset"), "change", lambda _e: show_custom())

    def board_click(self, point: Any, control: Any) -> bool:
        """A mark of the Wheel's ring chooses its turn."""
        return on_ring_click(control)

    def board_hover(self, point: Any, control: Any) -> None:
        """The count after the turn of the ring's mark, or the action on the point."""
        on_board_over(point, control)

    def after_draw_board(self) -> None:
        """Put the Wheel's ring of angles on the board, over the tiles, while it is asked."""
        choices = ring()
        layer = el(CONTROLS_ID)  # (the board's controls layer: emptied when not asked)
        if layer is None or not choices:
            STATE.ring_focus = None
            if layer is not None:
                layer.innerHTML = ""
            return
        focus = current_focus(choices, STATE.ring_focus, STATE.page.ui.cursor_visible)
        layer.innerHTML = render_ring(choices, focus)
        apply(wheel_ring.focus_writes(focus))

    def reserves(self, game: Any) -> list[dict[str, int]] | None:
        """Only the hand of the seat holding the device (the others: counts)."""
        return list(STATE.seats.view_of(game, STATE.page.ui.game).hands)

    def show(self, game: Any) -> None:
        """Show the panel, the status line and the pass-the-device screen, from ``game``
        (the game shown)."""
        screen = panel_screen(STATE.seats, STATE.page.ui, game, share.viewing())
        handover_before = not el("ancient-handover").hidden
        apply(screen.writes())
        buttons = list(el("ancient-turns").querySelectorAll("[data-turn]"))
        ways = [str(btn.dataset.turn) for btn in buttons]
        for btn, off in zip(buttons, turns_disabled(ways, screen.turns), strict=True):
            btn.disabled = off
        if screen.handover and not handover_before:
            el("btn-ancient-ready").focus()
        mark_drawn(drawn_selector(screen))
        draw_preview()

    def hide(self) -> None:
        """Hide the panel and the pass-the-device screen: the game shown is another one."""
        apply(hidden_writes())
        STATE.ring_focus = None

    def result_line(self, game: Any) -> str:
        """Who won and how (a resignation: the page's own sentence, naming the winner)."""
        return result_line(game)

    def refuse(self) -> str:
        """No click while the device is to be passed or a computer seat plays."""
        return refuse()

    def undo_refusal(self) -> str:
        """Undo stays inside the turn being played."""
        return STATE.seats.undo_refusal(STATE.page.ui.game)

    def redo_refusal(self) -> str:
        """Only the turn's own holder redoes."""
        return STATE.seats.redo_refusal(STATE.page.ui.game, share.viewing())

    def on_board_key(self, key: str) -> bool:
        """Keys on the Wheel's ring of angles."""
        return ring_key(key)

    def computer_seats(self) -> tuple[int, ...]:
        """The seats the computer plays."""
        game = STATE.page.ui.game if STATE.page is not None else None
        return STATE.seats.computers_of(game)

    def own_computer_seats(self, game: Any) -> tuple[int, ...] | None:
        """Ancient's own computer seats (several at once), not the one-computer seat."""
        return STATE.seats.computers_of(game)

    def restore_seats(self, seat: int | None, computers: tuple[int, ...]) -> None:
        """The next game's computer seats (``seat``, the one-computer choice, is not ours)."""
        STATE.seats.prepare(computers)

    def show_dialog_fields(self, shown: bool) -> None:
        """The seat and target fields (and hide the one-computer choice, keeping the
        computer's level for the computer seats)."""
        el("ancient-fields").hidden = not shown
        if shown:
            el("computer-seat-row").hidden = True
            show_seat_rows()
            show_custom()

    def dialog_options(self, options: tuple[str, ...]) -> tuple[str, ...]:
        """``target=N``, ``hand=N`` from the preset or the custom fields (the option
        boxes are not used)."""
        return seats.dialog_options(
            str(el("ancient-preset").value), str(el("ancient-target").value),
            str(el("ancient-hand").value),
        )

    def dialog_players(self) -> int | None:
        """The number of seats chosen."""
        return dialog_players()

    def take_dialog_seats(self) -> bool:
        """The computer seats chosen (several, Ancient's own)."""
        choices = [str(el(f"ancient-seat-{i}").value) for i in range(dialog_players())]
        STATE.seats.prepare(seats.computer_seats(choices))
        return True


PANEL = AncientPanel()
"""Ancient's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
