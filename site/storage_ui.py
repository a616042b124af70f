"""The page's saved games (run by PyScript): one key per game, "Your games", two tabs.

The features are modules of their own: the browser's storage (``web_storage``), this
tab's saved game and the storage notice (``saved_game``), the "Your games" dialog
(``games_dialog``).  This module tells the tab when another tab changed or deleted its
game (the ``storage`` event, decided by :meth:`paisho_page.tab_sync.TabGame.other_tab_wrote`),
offers "Load the newer version", wires the controls, and keeps the names the other page
modules call (``storage_ui.boot()``, ``storage_ui.save()``, …).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import games_dialog
import saved_game
from dom import el, nil, on, window
from saved_game import STATE, Booted, Switch, add_notice, boot, new_identity, notice, save
from web_storage import get, set_aside

from paisho_page import saves
from paisho_page.replay import contains, record_of
from paisho_page.saves import BadSave

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
    key = None if nil(event.key) else str(event.key)
    if key is None or key == saves.game_key(STATE.game_id):
        change = STATE.other_tab_wrote(get(saves.game_key(STATE.game_id)))
        if change == "deleted":
            notice("This game was deleted in another tab; your next move here saves it again.")
        elif change == "changed":
            notice("This game was changed in another tab.", newer=True)
    games_dialog.redraw_if_open()


def on_load_newer(_event: Any) -> None:
    """Load the other tab's version of this game (this tab's version is kept if it
    has moves the newer one lacks)."""
    key = saves.game_key(STATE.game_id)
    raw = get(key)
    if raw is None:
        notice("The other version is no longer stored.")
        return
    try:
        saved, restored = saved_game.load(STATE.game_id, raw)
    except BadSave as exc:
        set_aside(key, raw, str(exc))
        notice(saves.set_aside_notice("The other tab's version", str(exc)))
        return
    page_game = STATE.page.ui.game
    message = "Loaded the newer version of this game."
    if not contains(record_of(restored.game), record_of(page_game)):
        saved_game.keep_separately(page_game)
        message += " The version that was here is kept as a separate game in Your games."
    STATE.become(STATE.game_id, saved.rev, saved.created)
    notice("")
    if STATE.switch is not None:
        STATE.switch(restored.game, saved.computer, message, saved.computers)


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
