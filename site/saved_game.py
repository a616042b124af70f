"""This tab's saved game (run by PyScript): one key per game, resumed at start, autosaved.

Thin DOM glue around :mod:`paisho_page.saves` (the schema, validation and migration)
and :mod:`paisho_page.tab_sync` (which save wins between tabs, the check of the list of
games):

* at start, migrate the old single autosave, check the list of games against the game
  keys, and resume this tab's game (or the newest unfinished one); anything that fails
  its schema is *set aside* (kept under its own key, listed and downloadable in "Your
  games"), and the page starts a new game with a plain-words notice;
* autosave the page's game under its own id, with a fresh revision mark each time; a
  tab that finds another tab's mark there saves its own moves as a new game instead of
  overwriting;
* the storage notice (text only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dom import el
from web_storage import (
    all_keys,
    drop,
    fresh_id,
    get,
    new_rev,
    now_ms,
    put,
    remember_tab,
    seal_key,
    set_aside,
    tab_id,
)

from paisho_page import saves, tab_sync
from paisho_page.saves import BadSave, IndexEntry
from paisho_page.tab_sync import TabGame

SEAT_KEY = "paisho.computer.v1"
"""The computer's seat of version 1 (one for all games), used when migrating."""

Switch = Callable[..., None]
"""``switch(game, computer_seat, message, computers=())``: make ``game`` the page's game
and redraw."""


class _State(TabGame):
    """This tab's saved game (:class:`TabGame`) and what the page lends this module."""

    def __init__(self) -> None:
        """No game yet."""
        super().__init__()
        self.full_warned = False
        self.switch: Switch | None = None
        self.page: Any = None
        self.seat: Callable[[], int | None] | None = None


STATE = _State()


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


def write_index(entries: list[IndexEntry]) -> None:
    """Store the list of games."""
    put(saves.INDEX_KEY, saves.index_json(entries))


def check_index(notes: list[str]) -> list[IndexEntry]:
    """Read the list of games, set aside bad data, and make it agree with the game keys."""
    stored: dict[str, str] = {}
    for key in all_keys():
        raw = get(key) if key.startswith(saves.GAME_PREFIX) else None
        if raw is not None:
            stored[key] = raw
    check = tab_sync.check_index(get(saves.INDEX_KEY), stored)
    for item in check.set_aside:
        kept = set_aside(item.key, item.raw, item.reason)
        if item.note is not None and (kept or item.always):
            notes.append(item.note)
    if check.write:
        write_index(check.entries)
    return check.entries


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


def load(ident: str, raw: str) -> tuple[saves.SavedGame, saves.Restored]:
    """The stored game ``ident`` (text ``raw``) and its game; raises :class:`BadSave`."""
    saved = saves.parse_game(raw, ident)
    return saved, saves.restore(saved, seal_key(saved.sealed))


def boot() -> Booted:
    """Read storage at start-up; never raises for bad data (it is set aside)."""
    found = Booted()
    STATE.become(fresh_id())
    _migrate(found.notes)
    entries = check_index(found.notes)
    mine = tab_id()
    ident = mine if mine in {e.id for e in entries} else saves.resume_candidate(entries)
    if ident is None:
        return found
    key = saves.game_key(ident)
    raw = get(key) or ""
    try:
        saved, restored = load(ident, raw)
    except BadSave as exc:
        if set_aside(key, raw, str(exc)):
            found.notes.append(saves.set_aside_notice("Your saved game", str(exc)))
        write_index(saves.remove(entries, ident))
        return found
    if restored.dropped:
        set_aside(key, raw, restored.dropped, remove=False)
        found.notes.append(
            f"{restored.dropped} The saved game as it was is kept under Your games →"
            " Set-aside saves."
        )
    STATE.become(ident, saved.rev, saved.created)
    remember_tab(ident)
    found.game, found.seat, found.known = restored.game, saved.computer, True
    found.computers = saved.computers
    return found


# ----------------------------------------------------------------------------- saving
def hidden_hands(game: Any) -> bool:
    """Whether ``game`` keeps secret hands (Ancient): its seed is saved sealed."""
    return bool(getattr(game, "hidden_hands", False))


def new_identity() -> None:
    """The page's game becomes a game of its own (the old one keeps its entry)."""
    STATE.become(fresh_id())
    remember_tab(STATE.game_id)
    notice("", newer=False)


def save(game: Any, seat: int | None, computers: tuple[int, ...] = ()) -> None:
    """Autosave ``game`` under this tab's game id, never over another tab's newer save
    (``computers``: every computer seat of a game with several)."""
    forked = STATE.must_fork(get(saves.game_key(STATE.game_id)))
    if forked:
        STATE.fork(fresh_id())
    rev = new_rev()
    record = saves.record_game(
        game, STATE.game_id, seat, STATE.created, now_ms(), rev, computers,
        seal_key(hidden_hands(game)),
    )
    if not put(saves.game_key(STATE.game_id), record.to_json()):
        if not STATE.full_warned:
            STATE.full_warned = True
            notice("This browser's storage is full or blocked: this game is not being saved.")
        return
    STATE.saved(rev, record.created)
    remember_tab(STATE.game_id)
    entries = saves.upsert(read_index(), record.entry())
    for gone in saves.to_prune(entries, keep=[STATE.game_id]):
        drop(saves.game_key(gone))
        entries = saves.remove(entries, gone)
    write_index(entries)
    if forked:
        notice(
            "This game was changed in another tab, so the moves made here were saved as a"
            " separate game (see Your games); the other tab's version is kept as it was."
        )


def keep_separately(game: Any) -> None:
    """Store ``game`` as a game of its own (a new id) without making it the tab's game."""
    seat = STATE.seat() if STATE.seat is not None else None
    record = saves.record_game(
        game, fresh_id(), seat, 0, now_ms(), new_rev(), key=seal_key(hidden_hands(game))
    )
    if put(saves.game_key(record.id), record.to_json()):
        write_index(saves.upsert(read_index(), record.entry()))


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
