"""Which save wins between tabs, and the check of the stored list of games (pure).

Each saved game carries a revision mark, new at every save.  A tab remembers the mark
it last loaded or wrote (:class:`TabGame`); the rules, tested under CPython:

* a tab saving over a mark it does not know (another tab saved this game since) saves
  its moves as a new game instead (:meth:`TabGame.must_fork`): neither version is lost;
* another tab's write to this tab's game makes it stale (offer "Load the newer
  version"), its deletion makes the next save write it again
  (:meth:`TabGame.other_tab_wrote`);
* at start the list of games is checked against the games stored
  (:func:`check_index`): damaged data is set aside, the list rebuilt to agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from paisho_page.storage import aside, games_index, saves, schema
from paisho_page.storage.games_index import IndexEntry
from paisho_page.storage.schema import BadSave
from paisho_page.words.i18n import _, describe

UNREADABLE = "?"
"""The revision of a stored game that cannot be read (never a real mark)."""


def rev_of(raw: str | None) -> str | None:
    """The revision mark of a stored game (``None``: missing; ``"?"``: unreadable)."""
    if raw is None:
        return None
    try:
        return saves.parse_game(raw).rev
    except BadSave:
        return UNREADABLE


@dataclass
class TabGame:
    """This tab's saved game: its id and the revision it last loaded or wrote."""

    game_id: str = ""
    rev: str = ""
    """The revision this tab last loaded or wrote (``""``: none yet)."""
    created: int = 0
    stale: bool = False
    """Another tab changed this game; this tab has not reloaded it."""

    def become(self, game_id: str, rev: str = "", created: int = 0) -> None:
        """Be the game ``game_id`` as loaded at ``rev`` (``""``: a new, unsaved game)."""
        self.game_id, self.rev, self.created, self.stale = game_id, rev, created, False

    def must_fork(self, stored_raw: str | None) -> bool:
        """Whether saving over ``stored_raw`` (what is stored under this game's key)
        would overwrite another tab's save: then the moves go to a new game."""
        stored = rev_of(stored_raw)
        return bool(self.rev) and stored is not None and stored != self.rev

    def fork(self, game_id: str) -> None:
        """Save from now on as the new game ``game_id``."""
        self.game_id, self.created = game_id, 0

    def saved(self, rev: str, created: int) -> None:
        """This tab wrote its game at ``rev``."""
        self.rev, self.created, self.stale = rev, created, False

    def other_tab_wrote(self, raw: str | None) -> str | None:
        """Another tab wrote this game's key (now ``raw``): ``"deleted"``, ``"changed"``
        (this tab is stale) or ``None`` (nothing new for this tab)."""
        if raw is None:
            if self.rev:
                self.rev = ""
                return "deleted"
            return None
        rev = rev_of(raw)
        if rev is not None and rev != self.rev:
            self.stale = True
            return "changed"
        return None


@dataclass(frozen=True)
class SetAsideItem:
    """Stored data to set aside: its key, the raw text and why; ``note`` is told to the
    player if it was set aside (``always``: even if it could not be)."""

    key: str
    raw: str
    reason: str
    note: str | None = None
    always: bool = False
    shown: str = ""
    """The reason in the page's language (``reason`` is kept with the data)."""


@dataclass
class IndexCheck:
    """What :func:`check_index` found: the list of games, data to set aside (in
    order), and whether the list must be written back."""

    entries: list[IndexEntry]
    set_aside: list[SetAsideItem] = field(default_factory=list)
    write: bool = False


def check_index(raw_index: str | None, stored: Mapping[str, str]) -> IndexCheck:
    """Check the stored list of games ``raw_index`` against the games ``stored``
    (storage key → raw text, every key of :data:`schema.GAME_PREFIX`)."""
    entries: list[IndexEntry] = []
    out: list[SetAsideItem] = []
    if raw_index is not None:
        try:
            entries = games_index.parse_index(raw_index)
        except BadSave as exc:  # only a summary: rebuilt from the games below
            out.append(SetAsideItem(
                schema.INDEX_KEY,
                raw_index,
                _("the list of games was damaged: {error}").format(error=describe(exc)),
            ))
    known = {e.id for e in entries}
    found: dict[str, IndexEntry | None] = {}
    for key, game_raw in stored.items():
        ident = schema.id_of_key(key)
        if ident is None:
            why = _("its storage key is malformed")
            out.append(SetAsideItem(
                key, game_raw, why, aside.set_aside_notice(aside.A_SAVED_GAME, why), True, why
            ))
            continue
        if ident in known:
            found[ident] = None
            continue
        try:
            found[ident] = saves.parse_game(game_raw, ident).entry()
        except BadSave as exc:
            note = aside.set_aside_notice(aside.A_SAVED_GAME, describe(exc))
            out.append(SetAsideItem(key, game_raw, str(exc), note, shown=describe(exc)))
    fixed = games_index.reconcile(entries, found)
    return IndexCheck(fixed, out, fixed != entries or raw_index is None)
