"""The page's saved games (run by PyScript): one key per game, "Your games", two tabs.

The features are modules of their own: the browser's storage (``web_storage``), this
tab's saved game and the storage notice (``saved_game``), the "Your games" dialog
(``games_dialog``).  This module tells the tab when another tab changed or deleted its
game (the ``storage`` event, decided by
:meth:`paisho_page.storage.game_store.GameStore.other_tab_notice`), offers "Load the newer
version", wires the controls, and keeps the names the other page modules call
(``storage_ui.boot()``, ``storage_ui.save()``, …).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import games_dialog
from dom import el, nil, on, window
from saved_game import STATE, Switch, add_notice, boot, new_identity, notice, save
from web_storage import set_aside

from paisho_page.storage.game_store import Booted

__all__ = [
    "Booted",
    "add_notice",
    "boot",
    "install",
    "new_identity",
    "save",
    "set_aside",
]


def on_notice_close(_event: Any) -> None:
    """Dismiss the storage notice."""
    el("storage-notice").hidden = True


def on_storage(event: Any) -> None:
    """Another tab wrote to storage: tell this tab if it was this tab's game."""
    said = STATE.other_tab_notice(None if nil(event.key) else str(event.key))
    if said is not None:
        notice(*said)
    games_dialog.redraw_if_open()


def on_load_newer(_event: Any) -> None:
    """Load the other tab's version of this game (this tab's version is kept if it
    has moves the newer one lacks)."""
    switch, text = STATE.load_newer(STATE.page.ui.game, STATE.page_seat())
    notice(text)
    if switch is not None and STATE.switch is not None:
        STATE.switch(
            switch.game, switch.seat, switch.message, switch.computers, switch.level,
            switch.lines,
        )


def install(page: Any, switch: Switch, seat: Callable[[], int | None], notes: list[str]) -> None:
    """Wire "Your games", the storage notice and the ``storage`` event; show ``notes``."""
    STATE.page, STATE.switch, STATE.seat = page, switch, seat
    on(el("btn-games"), "click", games_dialog.on_games)
    on(el("games-dialog"), "click", games_dialog.on_games_click)
    on(el("btn-storage-notice-close"), "click", on_notice_close)
    on(el("btn-load-newer"), "click", on_load_newer)
    on(el("btn-storage-games"), "click", games_dialog.on_games)
    on(window, "storage", on_storage)
    el("btn-games").disabled = False
    if notes:
        notice(" ".join(notes))
