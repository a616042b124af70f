"""The computer opponent on the page: which seat it plays, at which level, and its moves.

Thin DOM glue around :mod:`paisho_core.ai`.  The seat and the level (easy, medium,
hard) are chosen in the New game dialog and kept in ``localStorage``
(``paisho.computer.v1``, ``paisho.computer.level.v1``) beside the autosaved game.  After
every redraw, when the computer is to move in the live position, the position is posted
(as notation, JSON) to a web worker, ``search-worker.mjs``, which searches in its own
Pyodide, so the board and undo stay responsive while it thinks; ``<div id=board-holder
data-thinking>`` and the status line say that it is thinking.  A reply is played only if
it answers the latest request in the position it was asked about: undo, a new game or a
new level cancel the search in progress (its answer is dropped).  Where no worker can
start, the computer plays at medium on the main thread.  The worker starts booting as
soon as a computer seat is picked in the dialog; until it posts ``{"ready": seconds}``
the status line says the computer is starting up.

**Hint** (Skud, Wiki, Ancient) asks the worker for Hard's choice for the player to move, shows it
in notation with Skud's evaluation line, and marks its action's board points (class
``hint``, through :func:`decorate`, a hook of the board's drawing).

A variant may decide its computer seats itself (several at once: Ancient Pai Sho): its
panel's ``own_computer_seats`` hook names them (see :mod:`paisho_page.panels.hooks`), and
each asks the worker in turn, at the dialog's level, exactly as the one computer seat
does (a game with hidden hands sends only the mover's view); this module names no
variant.  The dialog's "Level" stays shown for such a variant (its own fields hide
"Computer plays"), and is taken by :func:`take_dialog_level`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, ClassVar

import web_storage  # localStorage that never raises (site/web_storage.py)
from dom import apply, build, document, nil, opt, window
from pyodide.ffi import create_once_callable, create_proxy

from paisho_core.render import RenderView
from paisho_page.computer import choices as computer_page
from paisho_page.computer import worker_client
from paisho_page.computer.client import (
    ComputerClient,
    medium_move,
    opening_writes,
    side_writes,
    thinking_writes,
)
from paisho_page.computer.worker_client import LEVEL_KEY, NODES_KEY, SEAT_KEY
from paisho_page.panels.hooks import PanelSet
from paisho_page.play.board_view import COORDS_KEY, coords_shown
from paisho_page.words import i18n

DELAY_MS = 250
WORKER_URL = "search-worker.mjs"
"""The search worker, in the site's root folder (one up from a language's pages)."""


class _State(ComputerClient):
    """The protocol state and decisions (:class:`ComputerClient`) and what the page lends
    this module."""

    page: Any = None
    after_action: Callable[[], None] | None = None
    redraw: Callable[[], None] | None = None
    """Redraws the board (after a hint arrives, to mark its points)."""
    viewing: Callable[[], bool] | None = None
    panels: PanelSet | None = None
    """Every panel of the page (a variant's own computer seats are its panel's)."""
    worker: Any = None
    worker_failed = False
    seat_hooked = False
    """The dialog's seat choice starts the worker (its listener is added once)."""
    dialog_variant = ""
    """The variant chosen in the New game dialog."""
    proxies: ClassVar[list[Any]] = []
    """JS callbacks kept alive for the worker."""


STATE = _State()


def install(
    page: Any,
    after_action: Callable[[], None],
    viewing: Callable[[], bool],
    redraw: Callable[[], None] | None = None,
    panels: PanelSet | None = None,
) -> None:
    """Remember the page, how to finish an action, how to tell a replay view, how to
    redraw the board and the page's panels."""
    STATE.page, STATE.after_action, STATE.viewing = page, after_action, viewing
    STATE.redraw, STATE.panels = redraw, panels
    STATE.load(web_storage.get(SEAT_KEY), web_storage.get(LEVEL_KEY))


def _live() -> bool:
    """True unless the replay shows an earlier position."""
    return not (STATE.viewing is not None and STATE.viewing())


def _own_seats(game: Any) -> tuple[int, ...] | None:
    """The computer seats ``game``'s variant decides itself (``None``: it does not)."""
    return None if STATE.panels is None else STATE.panels.of_game(game).own_computer_seats(game)


def seat() -> int | None:
    """The seat the computer plays, or ``None`` (hot-seat, or the variant's own seats)."""
    game = STATE.page.ui.game
    return STATE.seat_for(game, _own_seats(game))


def _mover(game: Any) -> int | None:
    """The computer seat to move whose action the worker searches (either kind)."""
    return STATE.mover_for(game, _own_seats(game))


def level() -> str:
    """The computer's level: ``easy``, ``medium`` or ``hard``."""
    return STATE.level


def set_seat(value: int | None) -> None:
    """Choose the computer's seat (``None``: nobody) and remember it; cancels a search."""
    cancel()
    STATE.seat = value
    web_storage.put(SEAT_KEY, "none" if value is None else str(value))


def set_level(value: str) -> None:
    """Choose the computer's level and remember it; cancels a search in progress."""
    if STATE.set_level(value):
        _mark_thinking(False)
        web_storage.put(LEVEL_KEY, value)


def _fill_select(select: Any, choices: list[tuple[str, str]], chosen: str) -> None:
    """Replace the options of ``select`` with ``choices`` (value, label)."""
    select.replaceChildren(*(build(e) for e in computer_page.select_options(choices, chosen)))


def on_dialog_variant(variant: str, players: tuple[str, ...]) -> None:
    """Fill the dialog's "Computer plays" and "Level" choices for a variant's seats."""
    fields = document.getElementById("computer-fields")
    select = document.getElementById("computer-select")
    choices = computer_page.seat_choices(players)
    _fill_select(select, choices, computer_page.seat_value(STATE.seat))
    levels = document.getElementById("computer-level")
    if not nil(levels):
        _fill_select(levels, computer_page.level_choices(), STATE.level)
    fields.hidden = len(players) < 2
    document.getElementById("computer-seat-row").hidden = False  # (a variant may hide it)
    STATE.dialog_variant = variant
    _side()
    if not STATE.seat_hooked:  # start the worker as soon as a computer seat is picked
        STATE.seat_hooked = True
        proxy = create_proxy(_on_seat_picked)
        STATE.proxies.append(proxy)
        select.addEventListener("change", proxy)
    if STATE.seat is not None and len(players) >= 2:
        _worker()  # the computer is likely to play again: boot while the person chooses


def _on_seat_picked(*_args: Any) -> None:
    """A computer seat was picked in the dialog: start booting the worker now."""
    with contextlib.suppress(Exception):
        value = str(document.getElementById("computer-select").value)
        _side()
        if computer_page.dialog_seat(value, hidden=False) is not None:
            _worker()


def _side() -> None:
    """The dialog's line on who plays which side and who opens (made on first use)."""
    if nil(document.getElementById(computer_page.SIDE_ID)):
        document.getElementById("computer-fields").appendChild(build(computer_page.side_line()))
    value = str(document.getElementById("computer-select").value)
    apply(side_writes(STATE.dialog_variant, value))


def dialog_seat() -> int | None:
    """The seat picked in the dialog (``None``: nobody); also takes the level picked."""
    fields = document.getElementById("computer-fields")
    value = str(document.getElementById("computer-select").value)
    levels = document.getElementById("computer-level")
    if not nil(levels) and not fields.hidden:
        set_level(str(levels.value))
    return computer_page.dialog_seat(value, bool(fields.hidden))


def take_dialog_level() -> None:
    """A new game whose variant chose its computer seats itself: take the dialog's level
    (cancelling a search in progress, whose answer belongs to the old game)."""
    cancel()
    levels = document.getElementById("computer-level")
    if not nil(levels) and not document.getElementById("computer-fields").hidden:
        set_level(str(levels.value))


def thinking() -> str | None:
    """A status line while the computer is about to move, else ``None``."""
    booting = STATE.worker is not None and not STATE.worker_ready
    game = STATE.page.ui.game
    return STATE.thinking(game, _mover(game), booting)


def cancel() -> None:
    """Drop the search in progress (its answer will be ignored) and a scheduled move."""
    STATE.cancel()
    _mark_thinking(False)


def _mark_thinking(on: bool) -> None:
    with contextlib.suppress(Exception):
        apply(thinking_writes(on, STATE.level))


def after_refresh() -> None:
    """Schedule the computer's move when it is its turn in the live position (the one
    computer seat's, or one of the seats the variant decides itself: several may be)."""
    game = STATE.page.ui.game
    plan = STATE.plan(game, _own_seats(game), _live())
    _refresh_hint(game, plan.hint_turn)
    mark_hinted_tile()
    if plan.boot:
        _worker()  # boots in the background while the person plays
    if plan.unmark:
        _mark_thinking(False)
    if plan.show_thinking:
        _show_thinking()
    if plan.schedule:
        window.setTimeout(create_once_callable(_move), DELAY_MS)
    elif _live():  # who plays which side, at the start (never in the computer's way)
        with contextlib.suppress(Exception):
            status = str(document.getElementById("status").textContent)
            apply(opening_writes(game, seat(), status))


def _show_thinking() -> None:
    status = thinking()
    if status:
        document.getElementById("status").textContent = status


def _worker() -> Any:
    """The search worker (started on first use), or ``None`` where none can start."""
    if STATE.worker is None and not STATE.worker_failed:
        try:
            url = window.URL.new(i18n.site_root() + WORKER_URL, document.baseURI).href
            worker = window.Worker.new(url, window.JSON.parse('{"type": "module"}'))
            on_message = create_proxy(_on_reply)
            on_error = create_proxy(_on_worker_error)
            STATE.proxies += [on_message, on_error]
            worker.addEventListener("message", on_message)
            worker.addEventListener("error", on_error)
            STATE.worker = worker
        except Exception as error:  # no Worker here: play on the main thread
            window.console.warn(f"Pai Sho: no search worker ({error}); medium on the page")
            STATE.worker_failed = True
    return STATE.worker


def _medium(game: Any) -> Any:
    """Medium's action, chosen on the main thread (no worker, or a bad reply)."""
    return medium_move(game)


def _move(*_args: Any) -> None:
    STATE.pending = False
    game = STATE.page.ui.game
    mover = _mover(game)
    if mover is None or game.to_move != mover or not _live():
        return
    worker = _worker()
    if worker is None:
        _play(_medium(game))
        return
    request = STATE.ask(game, worker_client.parse_nodes(web_storage.get(NODES_KEY)))
    _mark_thinking(True)
    worker.postMessage(request)


def _on_reply(event: Any) -> None:
    """The worker's message: its boot, a hint or a move (see :meth:`ComputerClient.reply`)."""
    game = STATE.page.ui.game
    coordinates = coords_shown(web_storage.get(COORDS_KEY))
    reply = STATE.reply(game, _mover(game), str(event.data), coordinates)
    if reply.hint_bar:
        _hint_controls()
    with contextlib.suppress(Exception):
        apply(reply.writes)
    if reply.show_thinking:
        _show_thinking()
    if reply.unmark:
        _mark_thinking(False)
    if reply.redraw and STATE.redraw is not None:
        STATE.redraw()
    if reply.warning:
        window.console.warn(reply.warning)
    if reply.play:
        _play(_medium(game) if reply.action is None else reply.action)


def _on_worker_error(event: Any) -> None:
    window.console.warn(f"Pai Sho: search worker failed: {getattr(event, 'message', event)}")
    STATE.worker_failed = True
    STATE.worker = None
    STATE.worker_ready = False
    if STATE.asked is not None:
        cancel()
        after_refresh()  # play on the main thread instead


def _play(action: Any) -> None:
    if action is None:
        return
    STATE.page.ui.apply(action)
    if STATE.after_action is not None:
        STATE.after_action()


def after_undo() -> None:
    """Undo back to a position where the person is to move (the computer's moves too).

    Cancels a search in progress."""
    cancel()
    computer_page.undo_through(STATE.page.ui, seat())


def after_redo() -> None:
    """Redo through the computer's moves, so the person is to move again."""
    cancel()
    computer_page.redo_through(STATE.page.ui, seat())


# -- Hint and evaluation line (Skud, Wiki) ------------------------------------------------
def decorate(view: RenderView) -> RenderView:
    """Mark the points of the hint shown, when it belongs to the live position."""
    if STATE.page is None:
        return view
    return computer_page.with_marks(view, STATE.hint_shown(STATE.page.ui.game, not _live()))


def mark_hinted_tile() -> None:
    """Mark the mover's reserve tile the hint shown plays (none when it plays none)."""
    if STATE.page is None:
        return
    game = STATE.page.ui.game
    hinted = STATE.hint_tile_shown(game, not _live())
    # (with no hint shown, only the buttons still marked need a write: mostly none)
    buttons = (".reserve-tile[data-reserve]" if hinted is not None
               else f".reserve-tile.{computer_page.HINT_CLASS}")
    for button in document.querySelectorAll(buttons):
        seat = str(button.dataset.seat)
        code = str(button.dataset.reserve) if seat == str(game.to_move) else ""
        apply(computer_page.reserve_hint_writes(code, hinted), button)


def _hint_controls() -> tuple[Any, Any]:
    """The Hint button and the evaluation line, made once under the status box."""
    button = document.getElementById("btn-skud-hint")
    if nil(button):
        document.querySelector(".status-box").appendChild(build(computer_page.hint_bar()))
        button = document.getElementById("btn-skud-hint")
        proxy = create_proxy(_ask_hint)
        STATE.proxies.append(proxy)
        button.addEventListener("click", proxy)
    return button, document.getElementById("skud-eval")


def _refresh_hint(game: Any, persons_turn: bool) -> None:
    """Show the Hint button for Skud when a person is to move; drop a stale hint."""
    try:
        line_for = opt(_hint_controls()[1].getAttribute("data-hint-for"))
        line_for = None if line_for is None else str(line_for)
        apply(STATE.hint_control_writes(game, persons_turn, line_for))
    except Exception as error:  # never break the page's refresh for the hint
        window.console.warn(f"Pai Sho: hint controls: {error}")


def _ask_hint(*_args: Any) -> None:
    """Post a Hint request (Hard, with its explanation) for the player to move."""
    worker = _worker()
    _hint_controls()
    coordinates = coords_shown(web_storage.get(COORDS_KEY))
    request, writes = STATE.hint_request(STATE.page.ui.game, worker is not None, coordinates)
    apply(writes)
    if request is not None:
        worker.postMessage(request)
