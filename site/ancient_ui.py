"""Ancient Pai Sho on the page (``rules.html#ancient``): seats, hidden hands, the panel.

Hooks (``# ancient hook`` in ``game_page.py``): :func:`install` once at start;
:func:`after_refresh` after every redraw (the panel, the status line and the
pass-the-device screen); :func:`after_draw_board` after every board drawing (the Wheel's
ring of angles, :mod:`paisho_page.panels.ancient_ring`) and :func:`ring_key` for the board's
keys while it is shown; :func:`reserves` gives ``draw_players`` the hands the holder of
the device may see (their own; the others' as counts; in the replay of a finished game,
every hand); :func:`undo_refusal`, :func:`redo_refusal` and :func:`undo_titles` keep undo
inside the turn being played; the New game dialog's :func:`on_dialog_variant`,
:func:`dialog_players`, :func:`dialog_options` and :func:`dialog_computers`.

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
from paisho_page.panels import ancient as seats  # (its undo_refusal: the game's own)
from paisho_page.panels import ancient_ring as wheel_ring  # (its ring_key, refusal)
from paisho_page.panels.ancient import (
    COMPUTER,
    HANDOVER,
    HotSeat,
    SeatView,
    preview,
    replay_view,
    seat_view,
)
from paisho_page.panels.ancient_ring import current_focus, render_ring, ring_choices

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
    return str(getattr(getattr(game, "info", None), "name", "")) == "ancient"


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
    now = screen()
    if now == HANDOVER:
        return "Pass the device first."
    if now == COMPUTER:
        return "The computer is playing."
    return ""


def undo_refusal() -> str:
    """Why Undo is refused now (empty if it may go ahead, or the game is not Ancient):
    undo stays inside the turn being played and never takes back a draw."""
    game = STATE.page.ui.game
    if not is_ancient(game):
        return ""
    if game.to_move is not None and screen() == COMPUTER:
        return "The computer is playing: undo waits for a person's turn."
    why = seats.undo_refusal(game)
    if not why and screen() == HANDOVER:
        return "Pass the device first."
    return why


def redo_refusal() -> str:
    """Why Redo is refused now (empty if it may go ahead): only the turn's own holder
    redoes what they took back."""
    if not is_ancient(STATE.page.ui.game):
        return ""
    return refuse()


def undo_titles() -> None:
    """Give the Undo button the plain-words reason it would be refused, as its tooltip."""
    game = STATE.page.ui.game
    why = undo_refusal() if is_ancient(game) and STATE.page.ui.can_undo else ""
    el("btn-undo").title = why or "Undo (Ctrl+Z)"


# ------------------------------------------------------------------------------ panel
def after_refresh() -> None:
    """Show or hide the panel and the pass-the-device screen; fill them."""
    ui = STATE.page.ui
    live = ui.game
    game = share.shown_game() if share.viewing() else live
    on_ = is_ancient(game)
    document.body.classList.toggle("variant-ancient", on_)
    el("ancient-panel").hidden = not on_
    overlay = el("ancient-handover")
    if not on_:
        overlay.hidden = True
        document.body.classList.remove("handover-on")
        return
    el("bonus-bar").hidden = True  # a pass is the panel's own button here
    view = view_of(game)
    el("ancient-count").textContent = f"Harmonies: {view.harmonies} of target {view.target}"
    flipped = sum(1 for *_, value, f in game.pairs() if f and value > 0)
    text = f"Disharmonies: {game.disharmonies}."
    if flipped:
        text += f" {flipped} of the harmonies are flipped by a Lotus."
    el("ancient-pairs").textContent = text
    el("ancient-drawn").textContent = (
        f"You drew: {tile_name('ancient', view.drawn)}. Now discard a tile from your hand."
        if view.drawn
        else ""
    )
    discards = " ".join(game.discards) or "none"
    el("ancient-pile").textContent = (
        f"Draw pile: {game.pile_left} tiles. Centre piece: {CODES[game.centre_piece]}."
        f" Discarded: {discards}."
    )
    live_play = not share.viewing() and live.to_move is not None
    tokens = ui.next_tokens() if live_play and screen() not in (HANDOVER, COMPUTER) else set()
    el("btn-ancient-draw").hidden = "draw" not in tokens
    el("btn-ancient-pass").hidden = "skip" not in tokens
    turns = [t for t in tokens if t.startswith("turn:")]
    box = el("ancient-turns")
    box.hidden = not turns
    for btn in box.querySelectorAll("[data-turn]"):
        btn.disabled = f"turn:{btn.dataset.turn}" not in turns
    if not share.viewing() and not ui.clicks:  # (a selection keeps the UI's own line)
        el("status").textContent = view.status
        if live.to_move is not None and screen() == COMPUTER:
            el("status").textContent = f"The computer ({live.players[live.to_move]}) is playing…"
    handover = live_play and screen() == HANDOVER and not share.viewing()
    shown_before = not overlay.hidden
    overlay.hidden = not handover
    document.body.classList.toggle("handover-on", handover)
    if handover:
        text = hotseat().handover_text(live)
        el("ancient-handover-text").textContent = text
        el("btn-ancient-ready").textContent = f"I am {live.players[live.to_move]}: show my hand"
        if not shown_before:
            el("btn-ancient-ready").focus()
    draw_preview()


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


def on_dialog_variant(variant: str) -> None:
    """Show the seat and target fields for Ancient (and hide the one-computer choice)."""
    ancient = variant == "ancient"
    el("ancient-fields").hidden = not ancient
    if ancient:
        el("computer-fields").hidden = True
        show_seat_rows()
        show_custom()


def dialog_players() -> int:
    """The number of seats chosen."""
    return int(str(el("ancient-count-select").value))


def dialog_computers() -> tuple[int, ...]:
    """The seats chosen to be played by the computer."""
    n = dialog_players()
    return tuple(i for i in range(n) if str(el(f"ancient-seat-{i}").value) == "computer")


def dialog_options() -> tuple[str, ...]:
    """``target=N``, ``hand=N`` from the preset or the custom fields."""
    value = str(el("ancient-preset").value)
    if value == "custom":
        target, hand = str(el("ancient-target").value), str(el("ancient-hand").value)
    else:
        target, hand = value.split("/")
    return (f"target={target.strip()}", f"hand={hand.strip()}")
