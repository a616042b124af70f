"""The page's saved games (run by PyScript): one key per game, "Your games", two tabs.

Thin DOM glue around :mod:`paisho_page.saves` (the schema, validation and migration,
tested under CPython).  What it does:

* at start, migrate the old single autosave, check the list of games against the game
  keys, and resume this tab's game (or the newest unfinished one); anything that fails
  its schema is *set aside* (kept under its own key, listed and downloadable in "Your
  games"), and the page starts a new game with a plain-words notice;
* autosave the page's game under its own id, with a fresh revision mark each time; a
  tab that finds another tab's mark there saves its own moves as a new game instead of
  overwriting;
* tell the tab when another tab changed or deleted its game (the ``storage`` event),
  with "Load the newer version";
* the "Your games" dialog: resume or delete a game, download or delete set-aside data.

Text from storage only ever reaches the page through ``textContent``; downloads are
Blob URLs of the raw text.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dom import el, make, nil, on, window
from pyodide.ffi import to_js

from paisho_page import saves, seal
from paisho_page.replay import contains, record_of
from paisho_page.saves import BadSave, IndexEntry

SEAT_KEY = "paisho.computer.v1"
"""The computer's seat of version 1 (one for all games), used when migrating."""

Switch = Callable[..., None]
"""``switch(game, computer_seat, message, computers=())``."""
"""``switch(game, computer_seat, message)``: make ``game`` the page's game and redraw."""


class _State:
    """This tab's saved game: its id, the revision it last loaded or wrote, and hooks."""

    def __init__(self) -> None:
        """No game yet."""
        self.game_id = ""
        self.rev = ""  # the revision this tab last loaded or wrote ("": none yet)
        self.created = 0
        self.stale = False  # another tab changed this game; this tab has not reloaded it
        self.full_warned = False
        self.switch: Switch | None = None
        self.page: Any = None
        self.blob_urls: list[str] = []
        self.seat: Callable[[], int | None] | None = None


STATE = _State()


# ----------------------------------------------------------------------------- storage access
def now_ms() -> int:
    """Milliseconds since 1970 (the browser's clock)."""
    return int(window.Date.now())


def get(key: str) -> str | None:
    """``localStorage[key]`` as text, ``None`` if missing or storage is blocked."""
    try:
        raw = window.localStorage.getItem(key)
    except Exception:
        return None
    return None if nil(raw) else str(raw)


def put(key: str, value: str) -> bool:
    """Store ``value``; False if storage is full or blocked."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        return False
    return True


def drop(key: str) -> None:
    """Remove a key (storage blocked: nothing to do)."""
    with contextlib.suppress(Exception):
        window.localStorage.removeItem(key)


def all_keys() -> list[str]:
    """Every ``localStorage`` key."""
    try:
        store = window.localStorage
        return [str(store.key(i)) for i in range(int(store.length))]
    except Exception:
        return []


def tab_id() -> str | None:
    """The id of the game this tab showed last (``sessionStorage``), if valid."""
    try:
        raw = window.sessionStorage.getItem(saves.TAB_KEY)
    except Exception:
        return None
    text = None if nil(raw) else str(raw)
    return text if saves.valid_id(text) else None


def remember_tab(game_id: str) -> None:
    """Remember this tab's game across reloads."""
    with contextlib.suppress(Exception):
        window.sessionStorage.setItem(saves.TAB_KEY, game_id)


def fresh_id() -> str:
    """A new game id."""
    return saves.new_id(now_ms(), secrets.randbits(40))


def set_aside(key: str, raw: str, reason: str, remove: bool = True) -> bool:
    """Keep ``raw`` (found under ``key``) as set-aside data; remove the original if
    ``remove`` and the copy was stored.  True if kept."""
    item = saves.SetAside(key, reason, now_ms(), raw)
    if not put(saves.SETASIDE_PREFIX + fresh_id(), item.to_json()):
        return False
    if remove:
        drop(key)
    return True


# ----------------------------------------------------------------------------- start-up
def _legacy_seat() -> int | None:
    raw = get(SEAT_KEY)
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > 1:
        return None
    return int(raw)


def _migrate(notes: list[str]) -> None:
    """Turn the version-1 autosave into a game of its own (this tab's game)."""
    raw = get(saves.LEGACY_KEY)
    if raw is None:
        return
    ident = fresh_id()
    try:
        saved = saves.migrate_legacy(raw, ident, now_ms(), _legacy_seat())
    except BadSave as exc:
        if set_aside(saves.LEGACY_KEY, raw, str(exc)):
            notes.append(saves.set_aside_notice("Your saved game", str(exc)))
        return
    if put(saves.game_key(ident), replace(saved, rev=new_rev()).to_json()):
        drop(saves.LEGACY_KEY)
        remember_tab(ident)


def read_index() -> list[IndexEntry]:
    """The stored list of games (empty if missing or bad; see :func:`check_index`)."""
    raw = get(saves.INDEX_KEY)
    if raw is None:
        return []
    try:
        return saves.parse_index(raw)
    except BadSave:
        return []


def check_index(notes: list[str]) -> list[IndexEntry]:
    """Read the list of games, set aside bad data, and make it agree with the game keys."""
    raw = get(saves.INDEX_KEY)
    entries: list[IndexEntry] = []
    if raw is not None:
        try:
            entries = saves.parse_index(raw)
        except BadSave as exc:  # only a summary: rebuilt from the games below
            set_aside(saves.INDEX_KEY, raw, f"the list of games was damaged: {exc}")
    known = {e.id for e in entries}
    stored: dict[str, IndexEntry | None] = {}
    for key in all_keys():
        if not key.startswith(saves.GAME_PREFIX):
            continue
        ident = saves.id_of_key(key)
        game_raw = get(key)
        if game_raw is None:
            continue
        if ident is None:
            set_aside(key, game_raw, "its storage key is malformed")
            notes.append(saves.set_aside_notice("A saved game", "its storage key is malformed"))
            continue
        if ident in known:
            stored[ident] = None
            continue
        try:
            stored[ident] = saves.parse_game(game_raw, ident).entry()
        except BadSave as exc:
            if set_aside(key, game_raw, str(exc)):
                notes.append(saves.set_aside_notice("A saved game", str(exc)))
    fixed = saves.reconcile(entries, stored)
    if fixed != entries or raw is None:
        put(saves.INDEX_KEY, saves.index_json(fixed))
    return fixed


class Booted:
    """What :func:`boot` found: the game to resume (or ``None``), its computer seat
    (``known`` False: keep the page's default) and notices for the player."""

    def __init__(self) -> None:
        """Nothing found yet."""
        self.game: Any = None
        self.seat: int | None = None
        self.computers: tuple[int, ...] = ()
        """Every computer seat of a game with several (Ancient)."""
        self.known = False
        self.notes: list[str] = []


def boot() -> Booted:
    """Read storage at start-up; never raises for bad data (it is set aside)."""
    found = Booted()
    STATE.game_id, STATE.rev, STATE.created = fresh_id(), "", 0
    _migrate(found.notes)
    entries = check_index(found.notes)
    ids = {e.id for e in entries}
    mine = tab_id()
    ident = mine if mine in ids else saves.resume_candidate(entries)
    if ident is None:
        return found
    key = saves.game_key(ident)
    raw = get(key) or ""
    try:
        saved = saves.parse_game(raw, ident)
        restored = saves.restore(saved, seal_key(saved.sealed))
    except BadSave as exc:
        if set_aside(key, raw, str(exc)):
            found.notes.append(saves.set_aside_notice("Your saved game", str(exc)))
        put(saves.INDEX_KEY, saves.index_json(saves.remove(entries, ident)))
        return found
    if restored.dropped:
        set_aside(key, raw, restored.dropped, remove=False)
        found.notes.append(
            f"{restored.dropped} The saved game as it was is kept under Your games →"
            " Set-aside saves."
        )
    STATE.game_id, STATE.rev, STATE.created = ident, saved.rev, saved.created
    remember_tab(ident)
    found.game, found.seat, found.known = restored.game, saved.computer, True
    found.computers = saved.computers
    return found


# ----------------------------------------------------------------------------- saving
def seal_key(needed: object = True) -> str:
    """This device's key sealing hidden hands' seeds in saves (made once, stored under
    its own key; see ``paisho_page/seal.py``); ``""`` when not ``needed`` (a game
    without hidden hands: no key is made for it)."""
    if not needed:
        return ""
    key = get(seal.KEY_NAME)
    if not seal.valid_key(key):
        key = seal.new_key(secrets.randbits(128))
        put(seal.KEY_NAME, key)
    assert key is not None
    return key


def hidden_hands(game: Any) -> bool:
    """Whether ``game`` keeps secret hands (Ancient): its seed is saved sealed."""
    return bool(getattr(game, "hidden_hands", False))


def new_rev() -> str:
    """A fresh revision mark."""
    return secrets.token_hex(5)


def rev_of(raw: str | None) -> str | None:
    """The revision mark of a stored game (``None``: missing; ``"?"``: unreadable)."""
    if raw is None:
        return None
    try:
        return saves.parse_game(raw).rev
    except BadSave:
        return "?"


def new_identity() -> None:
    """The page's game becomes a game of its own (the old one keeps its entry)."""
    STATE.game_id, STATE.rev, STATE.created, STATE.stale = fresh_id(), "", 0, False
    remember_tab(STATE.game_id)
    notice("", newer=False)


def save(game: Any, seat: int | None, computers: tuple[int, ...] = ()) -> None:
    """Autosave ``game`` under this tab's game id, never over another tab's newer save
    (``computers``: every computer seat of a game with several)."""
    key = saves.game_key(STATE.game_id)
    stored = rev_of(get(key))
    forked = False
    if STATE.rev and stored is not None and stored != STATE.rev:
        STATE.game_id, STATE.created = fresh_id(), 0
        key = saves.game_key(STATE.game_id)
        forked = True
    rev = new_rev()
    record = saves.record_game(
        game,
        STATE.game_id,
        seat,
        STATE.created,
        now_ms(),
        rev,
        computers,
        seal_key(hidden_hands(game)),
    )
    if not put(key, record.to_json()):
        if not STATE.full_warned:
            STATE.full_warned = True
            notice("This browser's storage is full or blocked: this game is not being saved.")
        return
    STATE.rev, STATE.created, STATE.stale = rev, record.created, False
    remember_tab(STATE.game_id)
    entries = saves.upsert(read_index(), record.entry())
    for gone in saves.to_prune(entries, keep=[STATE.game_id]):
        drop(saves.game_key(gone))
        entries = saves.remove(entries, gone)
    put(saves.INDEX_KEY, saves.index_json(entries))
    if forked:
        notice(
            "This game was changed in another tab, so the moves made here were saved as a"
            " separate game (see Your games); the other tab's version is kept as it was."
        )


# ----------------------------------------------------------------------------- notices
def notice(text: str, newer: bool = False) -> None:
    """Show (or hide, for empty text) the storage notice; ``newer`` offers the load."""
    box = el("storage-notice")
    if box is None:
        return
    el("storage-notice-text").textContent = text
    el("btn-load-newer").hidden = not newer
    box.hidden = not text


def add_notice(text: str) -> None:
    """Add ``text`` to the storage notice (after what it already says, if shown)."""
    box = el("storage-notice")
    if box is None:
        return
    before = "" if box.hidden else str(el("storage-notice-text").textContent or "")
    notice(f"{before} {text}".strip(), newer=not el("btn-load-newer").hidden and bool(before))


def on_notice_close(_event: Any) -> None:
    """Dismiss the storage notice."""
    el("storage-notice").hidden = True


def on_storage(event: Any) -> None:
    """Another tab wrote to storage: tell this tab if it was this tab's game."""
    key = None if nil(event.key) else str(event.key)
    if key is None or key == saves.game_key(STATE.game_id):
        raw = get(saves.game_key(STATE.game_id))
        rev = rev_of(raw)
        if raw is None and STATE.rev:
            STATE.rev = ""
            notice("This game was deleted in another tab; your next move here saves it again.")
        elif rev is not None and rev != STATE.rev:
            STATE.stale = True
            notice("This game was changed in another tab.", newer=True)
    dialog = el("games-dialog")
    if dialog is not None and dialog.open:
        draw_games()


def on_load_newer(_event: Any) -> None:
    """Load the other tab's version of this game (this tab's version is kept if it
    has moves the newer one lacks)."""
    key = saves.game_key(STATE.game_id)
    raw = get(key)
    if raw is None:
        notice("The other version is no longer stored.")
        return
    try:
        saved = saves.parse_game(raw, STATE.game_id)
        restored = saves.restore(saved, seal_key(saved.sealed))
    except BadSave as exc:
        set_aside(key, raw, str(exc))
        notice(saves.set_aside_notice("The other tab's version", str(exc)))
        return
    page_game = STATE.page.ui.game
    message = "Loaded the newer version of this game."
    if not contains(record_of(restored.game), record_of(page_game)):
        keep_separately(page_game)
        message += " The version that was here is kept as a separate game in Your games."
    STATE.rev, STATE.created, STATE.stale = saved.rev, saved.created, False
    notice("")
    if STATE.switch is not None:
        STATE.switch(restored.game, saved.computer, message, saved.computers)


def keep_separately(game: Any) -> None:
    """Store ``game`` as a game of its own (a new id) without making it the tab's game."""
    seat = STATE.seat() if STATE.seat is not None else None
    record = saves.record_game(
        game, fresh_id(), seat, 0, now_ms(), new_rev(), key=seal_key(hidden_hands(game))
    )
    if put(saves.game_key(record.id), record.to_json()):
        put(saves.INDEX_KEY, saves.index_json(saves.upsert(read_index(), record.entry())))


# ----------------------------------------------------------------------------- Your games
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


def draw_games() -> None:
    """Fill the list of games and of set-aside data (text only)."""
    listing = el("games-list")
    listing.replaceChildren()
    entries = read_index()
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
            resume = make("button", "Resume")
            resume.type = "button"
            resume.dataset.resume = entry.id
            resume.setAttribute("aria-label", f"Resume: {saves.describe(entry)}")
            item.appendChild(resume)
            delete = make("button", "Delete")
            delete.type = "button"
            delete.dataset.delete = entry.id
            delete.setAttribute("aria-label", f"Delete: {saves.describe(entry)}")
            item.appendChild(delete)
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
    for url in STATE.blob_urls:
        with contextlib.suppress(Exception):
            window.URL.revokeObjectURL(url)
    STATE.blob_urls = []
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
        delete = make("button", "Delete")
        delete.type = "button"
        delete.dataset.deleteSetAside = key
        delete.setAttribute("aria-label", f"Delete the set-aside data: {item.reason}")
        row.appendChild(delete)
        listing.appendChild(row)
    el("setaside-section").hidden = not keys


def blob_url(text: str) -> str:
    """An object URL for a plain-text download of ``text``."""
    options = to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = str(window.URL.createObjectURL(blob))
    STATE.blob_urls.append(url)
    return url


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
    armed = button.getAttribute("data-armed")
    if nil(armed) or str(armed) != "yes":
        button.dataset.armed = "yes"
        button.textContent = "Really delete?"
        label = button.getAttribute("aria-label")
        if not nil(label):
            button.setAttribute("aria-label", f"Really delete? {label}")
        return
    if not nil(button.getAttribute("data-delete")):
        ident = str(button.dataset.delete)
        if saves.valid_id(ident) and ident != STATE.game_id:
            drop(saves.game_key(ident))
            put(saves.INDEX_KEY, saves.index_json(saves.remove(read_index(), ident)))
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
        saved = saves.parse_game(raw, ident)
        restored = saves.restore(saved, seal_key(saved.sealed))
    except BadSave as exc:
        set_aside(key, raw, str(exc))
        put(saves.INDEX_KEY, saves.index_json(saves.remove(read_index(), ident)))
        notice(saves.set_aside_notice("That saved game", str(exc)))
        draw_games()
        return
    if restored.dropped:
        set_aside(key, raw, restored.dropped, remove=False)
    el("games-dialog").close("resume")
    STATE.game_id, STATE.rev, STATE.created, STATE.stale = ident, saved.rev, saved.created, False
    remember_tab(ident)
    notice(restored.dropped or "")
    if STATE.switch is not None:
        count = len(restored.game.history)
        STATE.switch(
            restored.game,
            saved.computer,
            f"Resumed a saved game ({count} moves).",
            saved.computers,
        )


# ----------------------------------------------------------------------------- wiring
def install(page: Any, switch: Switch, seat: Callable[[], int | None], notes: list[str]) -> None:
    """Wire "Your games", the storage notice and the ``storage`` event; show ``notes``."""
    STATE.page, STATE.switch, STATE.seat = page, switch, seat
    on(el("btn-games"), "click", on_games)
    on(el("games-dialog"), "click", on_games_click)
    on(el("btn-storage-notice-close"), "click", on_notice_close)
    on(el("btn-load-newer"), "click", on_load_newer)
    on(el("btn-storage-games"), "click", on_games)
    on(window, "storage", on_storage)
    el("btn-games").disabled = False
    if notes:
        notice(" ".join(notes))
