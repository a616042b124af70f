"""Ancient Pai Sho on the page (``rules.html#ancient``): seats, hidden hands, the panel.

Hooks (:data:`PANEL`, an :class:`AncientPanel`; see :mod:`paisho_page.panels.hooks`):
``install`` once at start; ``show`` after every redraw of an Ancient game (the panel,
the status line and the pass-the-device screen), ``hide`` after the redraw of another
variant's game; ``after_draw_board`` after every board drawing (the Wheel's ring of
angles, :mod:`paisho_page.panels.ancient_ring`) and ``on_board_key`` (:func:`ring_key`)
for the board's keys while it is shown; ``reserves`` gives ``draw_players`` the hands the
holder of the device may see (their own; the others' as counts; in the replay of a
finished game, every hand); ``refuse``, ``undo_refusal`` and ``redo_refusal`` keep undo
inside the turn being played; ``computer_seats`` and ``restore_seats`` (:func:`prepare`)
are the game's computer seats, saved with it; the New game dialog's
``show_dialog_fields``, ``dialog_players``, ``dialog_options`` and ``take_dialog_seats``.

Who holds the device is :class:`paisho_page.panels.ancient.HotSeat` (pure logic, tested
under CPython).  While the device is to be passed, the page holds no hand at all (only
counts) and an opaque screen covers it until the next person confirms.  Only text is set
from the engine's values; nothing is inserted as HTML.
"""

from __future__ import annotations

from typing import Any

import share  # links, replay and notation (site/share.py)
from dom import closest, document, el, on
from hover import point_of  # the board point under the mouse (site/hover.py)

from paisho_core.ancient.tiles import CODES
from paisho_core.board import Point
from paisho_core.render import tile_name
from paisho_page.panels import ancient as seats  # (its dialog_options, computer_seats)
from paisho_page.panels import ancient_ring as wheel_ring  # (its ring_key, refusal)
from paisho_page.panels.ancient import (
    COMPUTER,
    HANDOVER,
    HotSeat,
    SeatView,
    panel_texts,
    preview,
    replay_view,
    screen_refusal,
    seat_view,
    undo_refusal_on,
)
from paisho_page.panels.ancient_ring import current_focus, render_ring, ring_choices
from paisho_page.panels.hooks import Host, Panel

SEATS = 4
TURNS = (0, 45, 90, 135, 180, 225, 270, 315)


class _State:
    """The page, how to handle a click result, and the seats of the current game."""

    page: Any = None
    handle: Any = None
    computers: tuple[int, ...] = ()
    hotseat: HotSeat | None = None
    handle_refresh: Any = None
    redraw_board: Any = None
    identity: Any = None
    hover: Point | None = None
    ring_focus: int | None = None
    """The Wheel's ring mark the keyboard focus is on (its angle), if any."""


STATE = _State()


def is_ancient(game: Any) -> bool:
    """Whether ``game`` is an Ancient Pai Sho game."""
    return PANEL.is_mine(game)


# ------------------------------------------------------------------------------ seats
def _identity(game: Any) -> tuple[Any, ...]:
    return (str(game.info.name), frozenset(game.options), game.seed, len(game.players))


def set_seats(game: Any, computers: tuple[int, ...] | list[int]) -> None:
    """The seats of ``game`` the computer plays (the others are people)."""
    n = len(game.players)
    STATE.computers = tuple(sorted({int(s) for s in computers if 0 <= int(s) < n}))
    STATE.hotseat = HotSeat([i not in STATE.computers for i in range(n)])
    STATE.identity = _identity(game)


def prepare(seats: tuple[int, ...] | list[int]) -> None:
    """The next game (a new one, or one resumed) has these computer seats; the device
    is then held by nobody until the first person confirms."""
    STATE.computers = tuple(sorted({int(s) for s in seats}))
    STATE.hotseat = None


def computers() -> tuple[int, ...]:
    """The computer seats of the page's game (empty unless it is an Ancient game)."""
    game = STATE.page.ui.game if STATE.page is not None else None
    if not is_ancient(game):
        return ()
    hotseat()  # the seats of this very game
    return STATE.computers


def hotseat() -> HotSeat:
    """The hot-seat of the page's game: made with the seats given to :func:`prepare`;
    a game that came another way (a link to another game) is played by people only."""
    game = STATE.page.ui.game
    hs = STATE.hotseat
    if hs is None:  # a new or resumed game: its seats were given to prepare()
        set_seats(game, STATE.computers)
    elif STATE.identity != _identity(game):  # another game (a link): people only
        set_seats(game, ())
    hs = STATE.hotseat
    assert hs is not None
    return hs


def screen() -> str:
    """The screen of the live game: ``play``, ``handover``, ``computer`` or ``over``."""
    return hotseat().screen(STATE.page.ui.game)


def view_of(game: Any) -> SeatView:
    """What may be shown of ``game`` (the shown one): the live game for the seat holding
    the device; an earlier position in the replay by :func:`replay_view` (every hand once
    the game is over; while it runs, only the device holder's own)."""
    live = STATE.page.ui.game
    holder = hotseat().viewer(live)
    if game is not live:
        return replay_view(game, live, holder)
    return seat_view(live, holder)


def reserves(game: Any) -> list[dict[str, int]]:
    """The hands ``draw_players`` may render: the viewer's own, the others' as counts."""
    return list(view_of(game).hands)


def refuse() -> str:
    """Why a click on the game cannot be taken now (empty if it can)."""
    game = STATE.page.ui.game
    if not is_ancient(game) or share.viewing():
        return ""
    return screen_refusal(screen())


def undo_refusal() -> str:
    """Why Undo is refused now (empty if it may go ahead, or the game is not Ancient):
    undo stays inside the turn being played and never takes back a draw."""
    game = STATE.page.ui.game
    if not is_ancient(game):
        return ""
    return undo_refusal_on(game, screen())


def redo_refusal() -> str:
    """Why Redo is refused now (empty if it may go ahead): only the turn's own holder
    redoes what they took back."""
    if not is_ancient(STATE.page.ui.game):
        return ""
    return refuse()


# ------------------------------------------------------------------------------ panel
def hide() -> None:
    """Hide the panel and the pass-the-device screen: the game shown is another one."""
    document.body.classList.toggle("variant-ancient", False)
    el("ancient-panel").hidden = True
    el("ancient-handover").hidden = True
    document.body.classList.remove("handover-on")
    STATE.ring_focus = None


def show(game: Any) -> None:
    """Show the panel, the status line and the pass-the-device screen, from ``game``
    (the game shown)."""
    document.body.classList.toggle("variant-ancient", True)
    el("ancient-panel").hidden = False
    el("bonus-bar").hidden = True  # a pass is the panel's own button here
    view = view_of(game)
    drawn = tile_name(PANEL.variant, view.drawn) if view.drawn else ""
    texts = panel_texts(game, view, drawn, CODES[game.centre_piece])
    el("ancient-count").textContent = texts.count
    el("ancient-pairs").textContent = texts.pairs
    el("ancient-drawn").textContent = texts.drawn
    el("ancient-pile").textContent = texts.pile
    live = STATE.page.ui.game
    live_play = not share.viewing() and live.to_move is not None
    show_buttons(live_play)
    if not share.viewing() and not STATE.page.ui.clicks and not live.is_over:
        # (a selection: the UI's own line; the end: the result panel's)
        el("status").textContent = view.status
        if live.to_move is not None and screen() == COMPUTER:
            el("status").textContent = f"The computer ({live.players[live.to_move]}) is playing…"
    show_handover(live, live_play and screen() == HANDOVER and not share.viewing())
    draw_preview()


def show_buttons(live_play: bool) -> None:
    """The Draw and Pass buttons and the Wheel's turns, as the live game offers them."""
    ui = STATE.page.ui
    tokens = ui.next_tokens() if live_play and screen() not in (HANDOVER, COMPUTER) else set()
    el("btn-ancient-draw").hidden = "draw" not in tokens
    el("btn-ancient-pass").hidden = "skip" not in tokens
    turns = [t for t in tokens if t.startswith("turn:")]
    box = el("ancient-turns")
    box.hidden = not turns
    for btn in box.querySelectorAll("[data-turn]"):
        btn.disabled = f"turn:{btn.dataset.turn}" not in turns


def show_handover(live: Any, handover: bool) -> None:
    """Show (or take away) the opaque pass-the-device screen."""
    overlay = el("ancient-handover")
    shown_before = not overlay.hidden
    overlay.hidden = not handover
    document.body.classList.toggle("handover-on", handover)
    if handover:
        el("ancient-handover-text").textContent = hotseat().handover_text(live)
        el("btn-ancient-ready").textContent = f"I am {live.players[live.to_move]}: show my hand"
        if not shown_before:
            el("btn-ancient-ready").focus()


def draw_preview() -> None:
    """The count after the action a click on the point under the mouse would complete
    (or after the Wheel turn the keyboard focus is on)."""
    ui = STATE.page.ui
    box = el("ancient-preview")
    focus = current_focus(ring(), STATE.ring_focus, ui.cursor_visible)
    if box is not None and focus is not None:
        preview_turn(focus)
        return
    if box is None or not is_ancient(ui.game) or share.viewing() or STATE.hover is None:
        if box is not None:
            box.textContent = ""
        return
    token = f"point:{STATE.hover}"
    actions = ui.paths().get((*ui.clicks, token), [])
    if len(actions) != 1:
        box.textContent = ""
        return
    count, wins = preview(ui.game, actions[0])
    box.textContent = f"There: {count} harmonies" + (" — that wins!" if wins else ".")


def preview_turn(degrees: int) -> None:
    """The count after the Wheel turn under the mouse."""
    ui = STATE.page.ui
    actions = ui.paths().get((*ui.clicks, f"turn:{degrees}"), [])
    if len(actions) == 1:
        count, wins = preview(ui.game, actions[0])
        el("ancient-preview").textContent = f"Turned {degrees}°: {count} harmonies" + (
            " — that wins!" if wins else "."
        )


# ---------------------------------------------------------------------- the Wheel's ring
def ring() -> tuple[Any, ...]:
    """The marks of the Wheel's ring while its turn is asked in the live game (else ())."""
    ui = STATE.page.ui
    if not is_ancient(ui.game) or share.viewing() or refuse():
        return ()
    return ring_choices(ui.clicks, ui.next_tokens())


def after_draw_board() -> None:
    """Put the Wheel's ring of angles on the board, over the tiles, while it is asked."""
    choices = ring()
    dyn = el("board-dynamic")
    if dyn is None or not choices:
        STATE.ring_focus = None
        return
    focus = current_focus(choices, STATE.ring_focus, STATE.page.ui.cursor_visible)
    dyn.insertAdjacentHTML("beforeend", render_ring(choices, focus))
    board = el("board")
    if focus is not None and board is not None:
        board.setAttribute("aria-activedescendant", f"ring-turn-{focus}")


def ring_key(key: str) -> bool:
    """A key on the board while the ring is shown: arrows move among its marks, Enter
    or Space chooses; True when the key was taken."""
    choices = ring()
    handled, focus, token = wheel_ring.ring_key(choices, STATE.ring_focus, key)
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


def on_ring_click(event: Any) -> None:
    """A click on a mark of the ring chooses that turn (a dimmed one says why not)."""
    mark = closest(event.target, "[data-ring-turn]")
    if mark is None:
        return
    degrees = int(str(mark.getAttribute("data-ring-turn")))
    if mark.getAttribute("aria-disabled") == "true":
        el("message").textContent = wheel_ring.refusal(degrees)
        return
    STATE.page.ui.cursor_visible = False
    _token(f"turn:{degrees}")


# ------------------------------------------------------------------------------ events
def _token(token: str) -> None:
    why = refuse()
    if why:
        el("message").textContent = why
        return
    if share.refuse():
        return
    STATE.handle(STATE.page.ui.click(token))


def on_draw(_event: Any) -> None:
    """The Draw button."""
    _token("draw")


def on_pass(_event: Any) -> None:
    """The Pass button."""
    _token("skip")


def on_turn(event: Any) -> None:
    """A button of the Wheel's ring of angles."""
    btn = closest(event.target, "[data-turn]")
    if btn is not None:
        _token(f"turn:{btn.dataset.turn}")


def on_turn_hover(event: Any) -> None:
    """Preview the count of the Wheel turn under the mouse."""
    btn = closest(event.target, "[data-turn]")
    if btn is not None and not btn.disabled:
        preview_turn(int(str(btn.dataset.turn)))


def on_ready(_event: Any) -> None:
    """The next person has the device: show their hand."""
    game = STATE.page.ui.game
    hotseat().confirm(game)
    STATE.page.ui.message = ""
    STATE.handle_refresh()


def on_board_over(event: Any) -> None:
    """Remember the point under the mouse for the preview (a ring mark: its turn's)."""
    mark = closest(event.target, "[data-ring-turn]")
    if mark is not None:
        if mark.getAttribute("aria-disabled") != "true":
            preview_turn(int(str(mark.getAttribute("data-ring-turn"))))
        return
    point = point_of(event.target)
    if point != STATE.hover:
        STATE.hover = point
        draw_preview()


def on_key(event: Any) -> None:
    """Keys 0–7 choose the Wheel's turn (×45°) while the ring is offered."""
    key = str(event.key)
    if el("ancient-turns").hidden or len(key) != 1 or key not in "01234567":
        return
    tag = str(getattr(document.activeElement, "tagName", "")).lower()
    if tag in ("input", "select", "textarea"):
        return
    _token(f"turn:{45 * int(key)}")


def install(page: Any, handle: Any, refresh: Any, redraw_board: Any = None) -> None:
    """Wire the panel, the pass-the-device screen, the Wheel's ring and the board's
    mouse-over (``redraw_board`` redraws the board alone)."""
    STATE.page, STATE.handle = page, handle
    STATE.handle_refresh = refresh
    STATE.redraw_board = redraw_board or (lambda: refresh(None))
    on(el("board-holder"), "click", on_ring_click)
    on(el("btn-ancient-draw"), "click", on_draw)
    on(el("btn-ancient-pass"), "click", on_pass)
    on(el("ancient-turns"), "click", on_turn)
    on(el("ancient-turns"), "mouseover", on_turn_hover)
    on(el("btn-ancient-ready"), "click", on_ready)
    on(el("board-holder"), "mouseover", on_board_over)
    on(document, "keydown", on_key)
    on(el("ancient-count-select"), "change", lambda _e: show_seat_rows())
    on(el("ancient-preset"), "change", lambda _e: show_custom())


# ------------------------------------------------------------------------- new game dialog
def show_seat_rows() -> None:
    """Show one person/computer choice per seat."""
    n = int(str(el("ancient-count-select").value))
    for i in range(SEATS):
        el(f"ancient-seat-row-{i}").hidden = i >= n


def show_custom() -> None:
    """Show the target and hand fields for a custom pair."""
    el("ancient-custom").hidden = str(el("ancient-preset").value) != "custom"


def show_dialog_fields(shown: bool) -> None:
    """Show the seat and target fields for Ancient (and hide the one-computer choice)."""
    el("ancient-fields").hidden = not shown
    if shown:
        el("computer-fields").hidden = True
        show_seat_rows()
        show_custom()


def dialog_players() -> int:
    """The number of seats chosen."""
    return int(str(el("ancient-count-select").value))


def dialog_computers() -> tuple[int, ...]:
    """The seats chosen to be played by the computer."""
    n = dialog_players()
    return seats.computer_seats([str(el(f"ancient-seat-{i}").value) for i in range(n)])


def dialog_options() -> tuple[str, ...]:
    """``target=N``, ``hand=N`` from the preset or the custom fields."""
    return seats.dialog_options(
        str(el("ancient-preset").value), str(el("ancient-target").value),
        str(el("ancient-hand").value),
    )


class AncientPanel(Panel):
    """Ancient's hooks for game_page (see the module docstring)."""

    variant = "ancient"

    def install(self, host: Host) -> None:
        """The panel, the pass-the-device screen, the Wheel's ring, the mouse-over."""
        install(host.page, host.handle, host.refresh, host.draw_board)

    def after_draw_board(self) -> None:
        """The Wheel's ring of angles."""
        after_draw_board()

    def reserves(self, game: Any) -> list[dict[str, int]] | None:
        """Only the hand of the seat holding the device (the others: counts)."""
        return reserves(game)

    def show(self, game: Any) -> None:
        """The panel, the status line, the pass-the-device screen."""
        show(game)

    def hide(self) -> None:
        """No panel for another variant's game."""
        hide()

    def result_line(self, game: Any) -> str:
        """Who won and how (a resignation: the page's own sentence, naming the winner)."""
        end = game.outcome()
        if end is None or end.reason == "resign":
            return ""
        return seat_view(game, None).status

    def refuse(self) -> str:
        """No click while the device is to be passed or a computer seat plays."""
        return refuse()

    def undo_refusal(self) -> str:
        """Undo stays inside the turn being played."""
        return undo_refusal()

    def redo_refusal(self) -> str:
        """Only the turn's own holder redoes."""
        return redo_refusal()

    def on_board_key(self, key: str) -> bool:
        """Keys on the Wheel's ring of angles."""
        return ring_key(key)

    def computer_seats(self) -> tuple[int, ...]:
        """The seats the computer plays."""
        return computers()

    def restore_seats(self, seat: int | None, computers: tuple[int, ...]) -> None:
        """The next game's computer seats (``seat``, the one-computer choice, is not ours)."""
        prepare(computers)

    def show_dialog_fields(self, shown: bool) -> None:
        """The seat and target fields."""
        show_dialog_fields(shown)

    def dialog_options(self, options: tuple[str, ...]) -> tuple[str, ...]:
        """The target and hand chosen (the option boxes are not used)."""
        return dialog_options()

    def dialog_players(self) -> int | None:
        """The number of seats chosen."""
        return dialog_players()

    def take_dialog_seats(self) -> bool:
        """The computer seats chosen (several, Ancient's own)."""
        prepare(dialog_computers())
        return True


PANEL = AncientPanel()
"""Ancient's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
