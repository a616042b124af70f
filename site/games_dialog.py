"""The "Your games" dialog (run by PyScript): resume or delete a saved game, download
or delete set-aside data (Delete asks once more).

Text from storage only ever reaches the page through ``textContent``; downloads are
Blob URLs of the raw text.
"""

from __future__ import annotations

import contextlib
from typing import Any

import saved_game  # this tab's saved game (site/saved_game.py)
from dom import el, make, nil, window
from pyodide.ffi import to_js
from saved_game import STATE
from web_storage import all_keys, drop, get, remember_tab, set_aside

from paisho_page import saves
from paisho_page.saves import BadSave, IndexEntry


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
        return str(window.Date.new(ms).toLocaleString())
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


def _button(text: str, label: str, **data: str) -> Any:
    """A button with its ``aria-label`` and ``data-*`` attributes."""
    button = make("button", text)
    button.type = "button"
    for name, value in data.items():
        setattr(button.dataset, name, value)
    button.setAttribute("aria-label", label)
    return button


def draw_games() -> None:
    """Fill the list of games and of set-aside data (text only)."""
    listing = el("games-list")
    listing.replaceChildren()
    entries = saved_game.read_index()
    if not any(e.id == STATE.game_id for e in entries):
        entries = saves.upsert(entries, current_entry())
    for entry in sorted(entries, key=lambda e: (e.id != STATE.game_id, -e.updated)):
        item = make("li", cls="game-item")
        item.dataset.game = entry.id
        item.appendChild(make("span", saves.describe(entry), "game-desc"))
        item.appendChild(make("span", date_text(entry.updated), "game-date"))
        if entry.id == STATE.game_id:
            item.appendChild(make("span", "on this page", "game-here"))
        else:
            described = saves.describe(entry)
            item.appendChild(_button("Resume", f"Resume: {described}", resume=entry.id))
            item.appendChild(_button("Delete", f"Delete: {described}", delete=entry.id))
        listing.appendChild(item)
    draw_set_aside()


def current_entry() -> IndexEntry:
    """The page's game as a list entry (before it was first saved)."""
    game = STATE.page.ui.game
    seat = STATE.seat() if STATE.seat is not None else None
    record = saves.record_game(game, STATE.game_id, seat, 0, 0, "")
    return record.entry()


def draw_set_aside() -> None:
    """The set-aside saves, each with a download link and a Delete button."""
    for url in DOWNLOADS.urls:
        with contextlib.suppress(Exception):
            window.URL.revokeObjectURL(url)
    DOWNLOADS.urls = []
    listing = el("setaside-list")
    listing.replaceChildren()
    keys = sorted(k for k in all_keys() if k.startswith(saves.SETASIDE_PREFIX))
    for key in keys:
        raw = get(key)
        if raw is None:
            continue
        item = saves.parse_set_aside(raw)
        row = make("li", cls="setaside-item")
        when = date_text(item.when)
        head = f"{when}: " if when else ""
        row.appendChild(make("span", f"{head}{item.reason} ({len(item.raw)} characters)"))
        link = make("a", "Download")
        link.href = blob_url(item.raw)
        link.setAttribute("aria-label", f"Download the set-aside data: {item.reason}")
        link.download = f"paisho-set-aside-{key[len(saves.SETASIDE_PREFIX) :]}.txt"
        row.appendChild(link)
        label = f"Delete the set-aside data: {item.reason}"
        row.appendChild(_button("Delete", label, deleteSetAside=key))
        listing.appendChild(row)
    el("setaside-section").hidden = not keys


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
    button.dataset.armed = "yes"
    button.textContent = "Really delete?"
    label = button.getAttribute("aria-label")
    if not nil(label):
        button.setAttribute("aria-label", f"Really delete? {label}")
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
        ident = str(button.dataset.delete)
        if saves.valid_id(ident) and ident != STATE.game_id:
            drop(saves.game_key(ident))
            saved_game.write_index(saves.remove(saved_game.read_index(), ident))
    else:
        key = str(button.dataset.deleteSetAside)
        if key.startswith(saves.SETASIDE_PREFIX):
            drop(key)
    draw_games()
    el("btn-games-close").focus()  # the row and its button are gone


def resume(ident: str) -> None:
    """Make the game ``ident`` the page's game (the current one stays saved)."""
    if not saves.valid_id(ident) or ident == STATE.game_id:
        return
    key = saves.game_key(ident)
    raw = get(key)
    if raw is None:
        draw_games()
        return
    try:
        saved, restored = saved_game.load(ident, raw)
    except BadSave as exc:
        set_aside(key, raw, str(exc))
        saved_game.write_index(saves.remove(saved_game.read_index(), ident))
        saved_game.notice(saves.set_aside_notice("That saved game", str(exc)))
        draw_games()
        return
    if restored.dropped:
        set_aside(key, raw, restored.dropped, remove=False)
    el("games-dialog").close("resume")
    STATE.become(ident, saved.rev, saved.created)
    remember_tab(ident)
    saved_game.notice(restored.dropped or "")
    if STATE.switch is not None:
        count = len(restored.game.history)
        STATE.switch(
            restored.game, saved.computer, f"Resumed a saved game ({count} moves).",
            saved.computers,
        )
