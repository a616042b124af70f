"""The computer opponent on the page: which seat it plays, and its moves.

Thin DOM glue around :func:`paisho_core.ai.choose_action`.  The seat is chosen in the
New game dialog and kept in ``localStorage`` (``paisho.computer.v1``) beside the
autosaved game.  After every redraw, when the computer is to move in the live
position, its move is scheduled with ``setTimeout`` so the page paints first.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import ancient_ui  # Ancient Pai Sho's seats (site/ancient_ui.py)
from dom import document, window
from pyodide.ffi import create_once_callable

from paisho_core.ai import choose_action
from paisho_core.ancient.computer import choose as ancient_choose

KEY = "paisho.computer.v1"
DELAY_MS = 250


class _State:
    page: Any = None
    after_action: Callable[[], None] | None = None
    viewing: Callable[[], bool] | None = None
    seat: int | None = None
    pending = False


STATE = _State()


def install(page: Any, after_action: Callable[[], None], viewing: Callable[[], bool]) -> None:
    """Remember the page, how to finish an action, and how to tell a replay view."""
    STATE.page, STATE.after_action, STATE.viewing = page, after_action, viewing
    with contextlib.suppress(Exception):
        raw = window.localStorage.getItem(KEY)
        if raw is not None and str(raw) not in ("", "none"):
            STATE.seat = int(str(raw))


def seat() -> int | None:
    """The seat the computer plays, or ``None`` (hot-seat)."""
    game = STATE.page.ui.game
    if STATE.seat is None or STATE.seat >= len(game.players) or len(game.players) < 2:
        return None
    if ancient_ui.is_ancient(game):  # its seats are ancient_ui.computers()
        return None
    return STATE.seat


def seats() -> frozenset[int]:
    """Every seat the computer plays: Ancient's chosen seats, else :func:`seat`."""
    game = STATE.page.ui.game
    if ancient_ui.is_ancient(game):
        return frozenset(ancient_ui.computers())
    mover = seat()
    return frozenset() if mover is None else frozenset((mover,))


def _choose(game: Any) -> Any:
    if ancient_ui.is_ancient(game):
        return ancient_choose(game, random.Random(len(game.history)))
    return choose_action(game, seed=len(game.history))


def set_seat(value: int | None) -> None:
    """Choose the computer's seat (``None``: nobody) and remember it."""
    STATE.seat = value
    with contextlib.suppress(Exception):
        window.localStorage.setItem(KEY, "none" if value is None else str(value))


def on_dialog_variant(variant: str, players: tuple[str, ...]) -> None:
    """Fill the dialog's "Computer plays" choice for a variant's seats."""
    fields = document.getElementById("computer-fields")
    select = document.getElementById("computer-select")
    select.replaceChildren()
    choices = [("none", "Nobody: two people on this screen")]
    choices += [(str(i), name.capitalize()) for i, name in enumerate(players)]
    for value, label in choices:
        option = document.createElement("option")
        option.value = value
        option.textContent = label
        option.selected = value == ("none" if STATE.seat is None else str(STATE.seat))
        select.appendChild(option)
    fields.hidden = len(players) < 2


def dialog_seat() -> int | None:
    """The seat picked in the dialog (``None``: nobody)."""
    fields = document.getElementById("computer-fields")
    value = str(document.getElementById("computer-select").value)
    if fields.hidden or value in ("", "none"):
        return None
    return int(value)


def thinking() -> str | None:
    """A status line while the computer is about to move, else ``None``."""
    game = STATE.page.ui.game
    mover = game.to_move
    if mover is None or mover not in seats():
        return None
    return f"The computer ({game.players[mover].capitalize()}) is thinking…"


def after_refresh() -> None:
    """Schedule the computer's move when it is its turn in the live position."""
    game = STATE.page.ui.game
    if game.to_move is None or game.to_move not in seats() or STATE.pending:
        return
    if STATE.viewing is not None and STATE.viewing():
        return
    STATE.pending = True
    status = thinking()
    if status:
        document.getElementById("status").textContent = status
    window.setTimeout(create_once_callable(_move), DELAY_MS)


def _move(*_args: Any) -> None:
    STATE.pending = False
    ui = STATE.page.ui
    if ui.game.to_move is None or ui.game.to_move not in seats():
        return
    if STATE.viewing is not None and STATE.viewing():
        return
    action = _choose(ui.game)
    if action is None:
        return
    ui.apply(action)
    if STATE.after_action is not None:
        STATE.after_action()


def after_undo() -> None:
    """Undo back to a position where the person is to move (the computer's moves too)."""
    mover = seat()
    ui = STATE.page.ui
    while mover is not None and ui.game.to_move == mover and ui.can_undo:
        ui.undo()


def after_redo() -> None:
    """Redo through the computer's moves, so the person is to move again."""
    mover = seat()
    ui = STATE.page.ui
    while mover is not None and ui.game.to_move == mover and ui.can_redo:
        ui.redo()
