"""The "Your games" dialog (run by PyScript): resume or delete a saved game, download
or delete set-aside data (Delete asks once more).

The lists are :mod:`paisho_page.storage.games_list`'s elements: text from storage only ever
reaches the page through ``textContent``; downloads are Blob URLs of the raw text.
"""

from __future__ import annotations

import contextlib
from typing import Any

import saved_game  # this tab's saved game (site/saved_game.py)
from dom import apply, build, el, nil, opt, window
from pyodide.ffi import to_js
from saved_game import STATE

from paisho_page.storage import games_list, schema
from paisho_page.words import i18n


class _Downloads:
    """The Blob URLs of the set-aside data listed (revoked when the list is redrawn)."""

    urls: list[str]

    def __init__(self) -> None:
        """None yet."""
        self.urls = []


DOWNLOADS = _Downloads()


def date_text(ms: int) -> str:
    """A stored time as the browser's local date and time."""
    if not ms:
        return ""
    try:
        when = window.Date.new(ms)
        if i18n.active() == i18n.SOURCE:  # the browser's own format, as before
            return str(when.toLocaleString())
        return str(when.toLocaleString(i18n.active()))
    except Exception:
        return ""


def on_games(_event: Any) -> None:
    """Open the "Your games" dialog."""
    draw_games()
    el("games-dialog").showModal()


def redraw_if_open() -> None:
    """Redraw the dialog's lists if it is open (storage changed)."""
    dialog = el("games-dialog")
    if dialog is not None and dialog.open:
        draw_games()


def draw_games() -> None:
    """Fill the list of games and of set-aside data (text only)."""
    entries = STATE.listed(STATE.page.ui.game, STATE.page_seat())
    items = games_list.game_items(entries, STATE.game_id, date_text)
    el("games-list").replaceChildren(*[build(item) for item in items])
    draw_set_aside()


def draw_set_aside() -> None:
    """The set-aside saves, each with a download link and a Delete button."""
    for url in DOWNLOADS.urls:
        with contextlib.suppress(Exception):
            window.URL.revokeObjectURL(url)
    DOWNLOADS.urls = []
    rows = STATE.set_aside_rows()
    urls = [blob_url(row.raw) for row in rows]
    items = games_list.set_aside_items(rows, date_text, urls)
    el("setaside-list").replaceChildren(*[build(item) for item in items])
    el("setaside-section").hidden = not rows


def blob_url(text: str) -> str:
    """An object URL for a plain-text download of ``text``."""
    options = to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = str(window.URL.createObjectURL(blob))
    DOWNLOADS.urls.append(url)
    return url


def _arm(button: Any) -> bool:
    """A Delete button's first click arms it (True); the second one deletes (False)."""
    armed = button.getAttribute("data-armed")
    if not nil(armed) and str(armed) == "yes":
        return False
    label = opt(button.getAttribute("aria-label"))
    apply(games_list.arm_writes(None if label is None else str(label)), button)
    return True


def on_games_click(event: Any) -> None:
    """Resume or delete a game, delete set-aside data (Delete asks once more)."""
    target = event.target
    if nil(target) or not hasattr(target, "closest"):
        return
    button = target.closest(
        "button[data-resume], button[data-delete], button[data-delete-set-aside]"
    )
    if nil(button):
        return
    if not nil(button.getAttribute("data-resume")):
        resume(str(button.dataset.resume))
        return
    if _arm(button):
        return
    if not nil(button.getAttribute("data-delete")):
        STATE.delete_game(str(button.dataset.delete))
    else:
        STATE.delete_set_aside(str(button.dataset.deleteSetAside))
    draw_games()
    el("btn-games-close").focus()  # the row and its button are gone


def resume(ident: str) -> None:
    """Make the game ``ident`` the page's game (the current one stays saved)."""
    switch, text = STATE.resume(ident)
    if switch is None:
        if text is not None:
            saved_game.notice(text)
        if schema.valid_id(ident) and ident != STATE.game_id:
            draw_games()
        return
    el("games-dialog").close("resume")
    saved_game.notice(text or "")
    if STATE.switch is not None:
        STATE.switch(
            switch.game, switch.seat, switch.message, switch.computers, switch.level,
            switch.lines,
        )
