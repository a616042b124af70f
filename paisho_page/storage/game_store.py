"""This tab's saved games over a key-value storage: pure logic for the page.

The page's storage (``localStorage`` and ``sessionStorage``, through ``site/web_storage.py``)
is a :class:`Storage`; everything decided about it is here, tested under CPython with a
dictionary for storage:

* at start (:meth:`GameStore.boot`), migrate the old single autosave, check the list of
  games against the game keys, and resume this tab's game (or the newest unfinished
  one); anything that fails its schema is *set aside* (:func:`set_aside`: kept under its
  own key, listed and downloadable in "Your games") with a plain-words notice;
* autosave (:meth:`GameStore.save`) under the game's own id with a fresh revision mark;
  a tab that finds another tab's mark there saves its moves as a new game instead;
* "Your games": resume (:meth:`GameStore.resume`) or delete a game, list and delete the
  set-aside data; another tab's newer version (:meth:`GameStore.load_newer`).

The schema, validation and migration are :mod:`paisho_page.storage.saves`; which save wins
between tabs is :mod:`paisho_page.storage.tab_sync`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from paisho_page.base import page_guard
from paisho_page.play.move_list import move_count
from paisho_page.storage import aside, games_index, saves, schema, seal, tab_sync
from paisho_page.storage.games_index import IndexEntry
from paisho_page.storage.records import contains, record_of
from paisho_page.storage.schema import BadSave
from paisho_page.storage.tab_sync import TabGame
from paisho_page.words.i18n import N_, _, describe, ngettext

SEAT_KEY = "paisho.computer.v1"
"""The computer's seat of version 1 (one for all games), used when migrating."""
FULL_NOTICE = N_("This browser's storage is full or blocked: this game is not being saved.")
FORK_NOTICE = N_(
    "This game was changed in another tab, so the moves made here were saved as a"
    " separate game (see Your games); the other tab's version is kept as it was."
)
DELETED_NOTICE = N_("This game was deleted in another tab; your next move here saves it again.")
CHANGED_NOTICE = N_("This game was changed in another tab.")
"""The storage notices (English, as the page's code compares them: the notice box
translates what it shows)."""


class Storage(Protocol):
    """The page's storage; no method raises (a full or blocked storage says so)."""

    def get(self, key: str) -> str | None:
        """The text stored under ``key`` (``None``: missing, or storage blocked)."""

    def put(self, key: str, value: str) -> bool:
        """Store ``value`` under ``key``; False if storage is full or blocked."""

    def drop(self, key: str) -> None:
        """Remove ``key``."""

    def all_keys(self) -> list[str]:
        """Every stored key."""

    def tab_get(self) -> str | None:
        """The text this tab keeps across reloads (``sessionStorage``), if any."""

    def tab_put(self, text: str) -> None:
        """Keep ``text`` for this tab across reloads."""

    def now_ms(self) -> int:
        """Milliseconds since 1970."""

    def random_bits(self, bits: int) -> int:
        """A random number of ``bits`` bits (from a secure source)."""


def fresh_id(storage: Storage) -> str:
    """A new game id."""
    return schema.new_id(storage.now_ms(), storage.random_bits(40))


def new_rev(storage: Storage) -> str:
    """A fresh revision mark (ten hexadecimal digits)."""
    return f"{storage.random_bits(40):010x}"


KEPT = "kept"
DROPPED = "dropped"
"""What :func:`set_aside` did: kept the data (or found it kept already), or, for data
too large to keep, removed it and kept only a line saying so (``""``: neither)."""


def set_aside(storage: Storage, key: str, raw: str, reason: str, remove: bool = True) -> str:
    """Keep ``raw`` (found under ``key``) as set-aside data; remove the original if
    ``remove`` and the copy was stored.

    The same data is kept once (its entry is named by a hash of key and text, so a save
    set aside at every load is stored once).  The set-aside area is bounded
    (:func:`paisho_page.storage.aside.set_aside_room`): data past it or past
    :data:`~paisho_page.storage.aside.MAX_SETASIDE_CHARS` is removed (when ``remove``) and only
    a line saying why is kept.  Returns :data:`KEPT`, :data:`DROPPED` or ``""`` (storage
    full or blocked: the original is left where it was)."""
    target = aside.set_aside_key(key, raw)
    if storage.get(target) is not None:
        if remove:
            storage.drop(key)
        return KEPT
    held = [
        len(text)
        for name in storage.all_keys()
        if name.startswith(aside.SETASIDE_PREFIX) and (text := storage.get(name)) is not None
    ]
    if aside.set_aside_room(held, len(raw)):
        item = aside.SetAside(key, reason, storage.now_ms(), raw)
        if storage.put(target, item.to_json()):
            if remove:
                storage.drop(key)
            return KEPT
        if not remove:
            return ""
        # a large save may not fit twice: move it (put back if the copy still fails)
        storage.drop(key)
        if storage.put(target, item.to_json()):
            return KEPT
        storage.put(key, raw)
    if not remove:
        return ""
    line = aside.SetAside(key, aside.dropped_reason(reason, len(raw)), storage.now_ms(), "")
    storage.drop(key)
    if storage.put(target, line.to_json()):
        return DROPPED
    storage.put(key, raw)
    return ""


def seal_key(storage: Storage, needed: object = True) -> str:
    """This device's key sealing hidden hands' seeds in saves (made once, stored under
    its own key; see :mod:`paisho_page.storage.seal`); ``""`` when not ``needed``."""
    if not needed:
        return ""
    key = storage.get(seal.KEY_NAME)
    if not seal.valid_key(key):
        key = seal.new_key(storage.random_bits(128))
        storage.put(seal.KEY_NAME, key)
    assert key is not None
    return key


def tab_id(storage: Storage) -> str | None:
    """The id of the game this tab showed last, if valid."""
    text = storage.tab_get()
    return text if schema.valid_id(text) else None


def hidden_hands(game: Any) -> bool:
    """Whether ``game`` keeps secret hands (Ancient): its seed is saved sealed."""
    return bool(getattr(game, "hidden_hands", False))


@dataclass
class Booted:
    """What :meth:`GameStore.boot` found: the game to resume (or ``None``), its computer
    seat (``known`` False: keep the page's default) and notices for the player."""

    game: Any = None
    seat: int | None = None
    computers: tuple[int, ...] = ()
    """Every computer seat of a game with several (Ancient)."""
    level: str | None = None
    """The computer's level saved with the game (``None``: keep the page's)."""
    known: bool = False
    notes: list[str] = field(default_factory=list)
    lines: str = ""
    """The game's side lines and comments, as saved (see :class:`~paisho_page.storage.
    saves.SavedGame`)."""


@dataclass(frozen=True)
class Switch:
    """A saved game the page is to show: the game, its computer seats, the message."""

    game: Any
    seat: int | None
    computers: tuple[int, ...]
    message: str
    level: str | None = None
    """The computer's level saved with the game (``None``: keep the page's)."""
    lines: str = ""
    """The game's side lines and comments, as saved."""


@dataclass(frozen=True)
class SetAsideRow:
    """One set-aside datum as "Your games" lists it (plain text)."""

    key: str
    when: int
    reason: str
    raw: str

    @property
    def file_name(self) -> str:
        """The download's file name."""
        return f"paisho-set-aside-{self.key[len(aside.SETASIDE_PREFIX) :]}.txt"

    def text(self, when_text: str) -> str:
        """Its line, ``when_text`` being its time as the browser writes it."""
        size = len(self.raw)
        if when_text:
            return ngettext(
                "{when}: {reason} ({n} character)", "{when}: {reason} ({n} characters)", size
            ).format(when=when_text, reason=self.reason, n=size)
        return ngettext("{reason} ({n} character)", "{reason} ({n} characters)", size).format(
            reason=self.reason, n=size
        )


class GameStore(TabGame):
    """This tab's saved game (:class:`TabGame`) over ``storage``."""

    def __init__(self, storage: Storage) -> None:
        """No game yet."""
        super().__init__()
        self.storage = storage
        self.full_warned = False

    # -- the list of games
    def read_index(self) -> list[IndexEntry]:
        """The stored list of games (empty if missing or bad; see :meth:`check_index`)."""
        raw = self.storage.get(schema.INDEX_KEY)
        if raw is None:
            return []
        try:
            return games_index.parse_index(raw)
        except BadSave:
            return []

    def write_index(self, entries: list[IndexEntry]) -> None:
        """Store the list of games."""
        self.storage.put(schema.INDEX_KEY, games_index.index_json(entries))

    def check_index(self, notes: list[str]) -> list[IndexEntry]:
        """Read the list of games, set aside bad data, make it agree with the game keys."""
        stored: dict[str, str] = {}
        for key in self.storage.all_keys():
            raw = self.storage.get(key) if key.startswith(schema.GAME_PREFIX) else None
            if raw is not None:
                stored[key] = raw
        check = tab_sync.check_index(self.storage.get(schema.INDEX_KEY), stored)
        for item in check.set_aside:
            kept = set_aside(self.storage, item.key, item.raw, item.reason)
            if kept == DROPPED and item.note is not None:
                notes.append(aside.dropped_notice(item.shown or item.reason, len(item.raw)))
            elif item.note is not None and (kept or item.always):
                notes.append(item.note)
        if check.write:
            self.write_index(check.entries)
        return check.entries

    def set_aside_told(
        self, key: str, raw: str, exc: BadSave, what: str, always: bool = False
    ) -> list[str]:
        """Set aside ``raw`` (under ``key``, refused with ``exc``): the notice to show
        (none when storage kept nothing, unless ``always``)."""
        kept = set_aside(self.storage, key, raw, str(exc))
        if kept == DROPPED:
            return [aside.dropped_notice(describe(exc), len(raw))]
        if kept or always:
            return [aside.set_aside_notice(what, describe(exc))]
        return []

    # -- start-up
    def _legacy_seat(self) -> int | None:
        raw = self.storage.get(SEAT_KEY)
        if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > 1:
            return None
        return int(raw)

    def migrate(self, notes: list[str]) -> None:
        """Turn the version-1 autosave into a game of its own (this tab's game)."""
        raw = self.storage.get(schema.LEGACY_KEY)
        if raw is None:
            return
        ident = fresh_id(self.storage)
        try:
            saved = saves.migrate_legacy(raw, ident, self.storage.now_ms(), self._legacy_seat())
        except BadSave as exc:
            said = self.set_aside_told(schema.LEGACY_KEY, raw, exc, aside.YOUR_SAVED_GAME)
            notes.extend(said)
            return
        record = replace(saved, rev=new_rev(self.storage))
        if self.storage.put(schema.game_key(ident), record.to_json()):
            self.storage.drop(schema.LEGACY_KEY)
            self.storage.tab_put(ident)

    def load(self, ident: str, raw: str) -> tuple[saves.SavedGame, saves.Restored]:
        """The stored game ``ident`` (text ``raw``) and its game; raises :class:`BadSave`."""
        saved = saves.parse_game(raw, ident)
        sealed = saved.sealed or saved.start.startswith(seal.TEXT_PREFIX)
        return saved, saves.restore(saved, seal_key(self.storage, sealed))

    def boot(self, fresh: bool = False) -> Booted:
        """Read storage at start-up; never raises for bad data (it is set aside).

        ``fresh`` ("Start fresh", :mod:`paisho_page.base.page_guard`): resume nothing, the
        tab's game is a new one.  The game whose start failed before
        (:meth:`start_failed`) is not resumed by itself (it stays listed)."""
        found = Booted()
        self.become(fresh_id(self.storage))
        self.migrate(found.notes)
        entries = self.check_index(found.notes)
        if fresh:
            self.storage.tab_put(self.game_id)
            return found
        failed = self.storage.get(page_guard.FAILED_KEY)
        mine = tab_id(self.storage)
        live = [e for e in entries if e.id != failed]
        ident = mine if mine in {e.id for e in live} else games_index.resume_candidate(live)
        if ident is None:
            return found
        key = schema.game_key(ident)
        raw = self.storage.get(key) or ""
        try:
            saved, restored = self.load(ident, raw)
        except BadSave as exc:
            found.notes.extend(self.set_aside_told(key, raw, exc, aside.YOUR_SAVED_GAME))
            self.write_index(games_index.remove(entries, ident))
            return found
        if restored.dropped:
            set_aside(self.storage, key, raw, restored.dropped, remove=False)
            found.notes.append(
                _(
                    "{problem} The saved game as it was is kept under Your games →"
                    " Set-aside saves."
                ).format(problem=restored.dropped)
            )
        self.become(ident, saved.rev, saved.created)
        self.storage.tab_put(ident)
        found.game, found.seat, found.known = restored.game, saved.computer, True
        found.computers, found.level = saved.computers, saves.level_to_restore(saved)
        found.lines = saved.lines
        return found

    def start_failed(self) -> None:
        """The page's start failed: if it was showing a saved game, no tab resumes that
        game by itself again (:meth:`boot`); it stays in storage and in "Your games"."""
        if self.rev and schema.valid_id(self.game_id):
            self.storage.put(page_guard.FAILED_KEY, self.game_id)

    # -- saving
    def new_identity(self) -> None:
        """The page's game becomes a game of its own (the old one keeps its entry)."""
        self.become(fresh_id(self.storage))
        self.storage.tab_put(self.game_id)

    def save(
        self, game: Any, seat: int | None, computers: tuple[int, ...] = (), level: str = "",
        lines: str = "",
    ) -> str | None:
        """Autosave ``game`` under this tab's game id, never over another tab's newer
        save (``computers``: every computer seat of a game with several; ``level``: the
        computer's; ``lines``: its side lines and comments); the notice to show, if any
        (storage full, or the moves saved as a separate game)."""
        forked = self.must_fork(self.storage.get(schema.game_key(self.game_id)))
        if forked:
            self.fork(fresh_id(self.storage))
        rev = new_rev(self.storage)
        record = saves.record_game(
            game, self.game_id, seat, self.created, self.storage.now_ms(), rev, computers,
            seal_key(self.storage, hidden_hands(game)), level, lines,
        )
        if not self.storage.put(schema.game_key(self.game_id), record.to_json()):
            if not self.full_warned:
                self.full_warned = True
                return FULL_NOTICE
            return None
        self.saved(rev, record.created)
        self.storage.tab_put(self.game_id)
        entries = games_index.upsert(self.read_index(), record.entry())
        for gone in games_index.to_prune(entries, keep=[self.game_id]):
            self.storage.drop(schema.game_key(gone))
            entries = games_index.remove(entries, gone)
        self.write_index(entries)
        return FORK_NOTICE if forked else None

    def keep_separately(self, game: Any, seat: int | None) -> None:
        """Store ``game`` as a game of its own (a new id), not as the tab's game."""
        record = saves.record_game(
            game, fresh_id(self.storage), seat, 0, self.storage.now_ms(),
            new_rev(self.storage), key=seal_key(self.storage, hidden_hands(game)),
        )
        if self.storage.put(schema.game_key(record.id), record.to_json()):
            self.write_index(games_index.upsert(self.read_index(), record.entry()))

    # -- "Your games"
    def listed(self, page_game: Any, seat: int | None) -> list[IndexEntry]:
        """The games to list, the page's own first (listed even before its first save),
        then the others, newest first."""
        entries = self.read_index()
        if not any(e.id == self.game_id for e in entries):
            record = saves.record_game(page_game, self.game_id, seat, 0, 0, "")
            entries = games_index.upsert(entries, record.entry())
        return sorted(entries, key=lambda e: (e.id != self.game_id, -e.updated))

    def set_aside_rows(self) -> list[SetAsideRow]:
        """The set-aside data stored, oldest first."""
        rows = []
        keys = (k for k in self.storage.all_keys() if k.startswith(aside.SETASIDE_PREFIX))
        for key in keys:
            raw = self.storage.get(key)
            if raw is not None:
                item = aside.parse_set_aside(raw)
                rows.append(SetAsideRow(key, item.when, item.reason, item.raw))
        return sorted(rows, key=lambda row: (row.when, row.key))

    def delete_game(self, ident: str) -> None:
        """Delete the stored game ``ident`` (never the tab's own)."""
        if schema.valid_id(ident) and ident != self.game_id:
            self.storage.drop(schema.game_key(ident))
            self.write_index(games_index.remove(self.read_index(), ident))

    def delete_set_aside(self, key: str) -> None:
        """Delete the set-aside datum under ``key`` (only set-aside keys)."""
        if key.startswith(aside.SETASIDE_PREFIX):
            self.storage.drop(key)

    def resume(self, ident: str) -> tuple[Switch | None, str | None]:
        """Make the stored game ``ident`` the tab's game: what the page is to show (``None``
        when nothing is to be shown) and the notice to show (``None``: leave it)."""
        if not schema.valid_id(ident) or ident == self.game_id:
            return None, None
        key = schema.game_key(ident)
        raw = self.storage.get(key)
        if raw is None:
            return None, None
        try:
            saved, restored = self.load(ident, raw)
        except BadSave as exc:
            said = self.set_aside_told(key, raw, exc, aside.THAT_SAVED_GAME, always=True)
            self.write_index(games_index.remove(self.read_index(), ident))
            return None, " ".join(said)
        if restored.dropped:
            set_aside(self.storage, key, raw, restored.dropped, remove=False)
        if self.storage.get(page_guard.FAILED_KEY) == ident:  # asked for: tried again
            self.storage.drop(page_guard.FAILED_KEY)
        self.become(ident, saved.rev, saved.created)
        self.storage.tab_put(ident)
        count = move_count(restored.game)
        message = ngettext(
            "Resumed a saved game ({n} move).", "Resumed a saved game ({n} moves).", count
        ).format(n=count)
        switch = Switch(
            restored.game, saved.computer, saved.computers, message,
            saves.level_to_restore(saved), saved.lines,
        )
        return switch, restored.dropped or ""

    # -- other tabs
    def other_tab_notice(self, key: str | None) -> tuple[str, bool] | None:
        """After another tab wrote ``key`` (``None``: storage cleared): the notice to
        show and whether it offers to load the newer version (``None``: nothing)."""
        if key is not None and key != schema.game_key(self.game_id):
            return None
        change = self.other_tab_wrote(self.storage.get(schema.game_key(self.game_id)))
        if change == "deleted":
            return DELETED_NOTICE, False
        if change == "changed":
            return CHANGED_NOTICE, True
        return None

    def load_newer(self, page_game: Any, seat: int | None) -> tuple[Switch | None, str]:
        """Load the other tab's version of this game (this tab's version is kept as a
        game of its own if it has moves the newer one lacks): what to show, and the
        notice (empty: hide it)."""
        key = schema.game_key(self.game_id)
        raw = self.storage.get(key)
        if raw is None:
            return None, _("The other version is no longer stored.")
        try:
            saved, restored = self.load(self.game_id, raw)
        except BadSave as exc:
            said = self.set_aside_told(key, raw, exc, aside.OTHER_TABS_VERSION, always=True)
            return None, " ".join(said)
        message = _("Loaded the newer version of this game.")
        if not contains(record_of(restored.game), record_of(page_game)):
            self.keep_separately(page_game, seat)
            message = _(
                "Loaded the newer version of this game. The version that was here is kept"
                " as a separate game in Your games."
            )
        self.become(self.game_id, saved.rev, saved.created)
        return Switch(
            restored.game, saved.computer, saved.computers, message,
            saves.level_to_restore(saved), saved.lines,
        ), ""
