"""The list shown as "Your games": one :class:`IndexEntry` per game (variant, players,
move count, date), stored under :data:`~paisho_page.storage.schema.INDEX_KEY`.

It is only a summary: the page rebuilds it from the game keys (:func:`reconcile`) when
it is missing or damaged.  Pure.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from paisho_core import registry
from paisho_core.errors import PaiShoError
from paisho_page.storage.safejson import BadJSON, loads
from paisho_page.storage.schema import (
    MAX_TIME,
    REV_PATTERN,
    SCHEMA,
    BadSave,
    int_field,
    players_field,
    seat_field,
    seats_field,
    str_field,
    valid_id,
)
from paisho_page.words.i18n import _, ngettext
from paisho_page.words.names import player as player_word
from paisho_page.words.names import variant_title

MAX_INDEX_CHARS = 2_000_000
KEEP_FINISHED = 30


@dataclass(frozen=True)
class IndexEntry:
    """One line of "Your games": which game, who plays, how far, when."""

    id: str
    variant: str
    computer: int | None
    plies: int
    updated: int
    over: bool
    rev: str = ""
    players: int | None = None
    """The number of seats of a variant with a choice (Ancient), else None."""
    computers: tuple[int, ...] = ()
    """Every computer seat of a game with several (Ancient)."""

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        out: dict[str, object] = {
            "id": self.id,
            "variant": self.variant,
            "computer": self.computer,
            "plies": self.plies,
            "updated": self.updated,
            "over": self.over,
            "rev": self.rev,
        }
        if self.players is not None:
            out["players"] = self.players
        if self.computers:
            out["computers"] = list(self.computers)
        return out


def _entry(data: object) -> IndexEntry:
    if not isinstance(data, dict):
        raise BadSave(_("an entry is not a record"))
    ident = data.get("id")
    if not valid_id(ident):
        raise BadSave(_("an entry's id is malformed"))
    assert isinstance(ident, str)
    variant = str_field(data, "variant", 40)
    if variant not in registry.variant_names():
        raise BadSave(
            _("an entry's variant {variant} is unknown").format(variant=repr(variant[:40]))
        )
    over = data.get("over", False)
    rev = str_field(data, "rev", 40, "")
    if not isinstance(over, bool) or REV_PATTERN.fullmatch(rev) is None:
        raise BadSave(_("an entry is malformed"))
    return IndexEntry(
        ident,
        variant,
        seat_field(data, "computer"),
        int_field(data, "plies", 0, 10**7, 0) or 0,
        int_field(data, "updated", 0, MAX_TIME, 0) or 0,
        over,
        rev,
        players_field(data),
        seats_field(data),
    )


def parse_index(raw: str) -> list[IndexEntry]:
    """Read the stored list of games; raise :class:`BadSave` if any part is bad."""
    try:
        data = loads(raw, max_chars=MAX_INDEX_CHARS)
    except BadJSON as exc:
        raise BadSave(exc.message) from None
    if not isinstance(data, dict) or data.get("v") != SCHEMA:
        raise BadSave(_("it is not a list of games of this version"))
    games = data.get("games")
    if not isinstance(games, list):
        raise BadSave(_("it has no list of games"))
    entries = [_entry(item) for item in games]
    if len({e.id for e in entries}) != len(entries):
        raise BadSave(_("it names a game twice"))
    return entries


def index_json(entries: Iterable[IndexEntry]) -> str:
    """The list of games as JSON text (newest first)."""
    ordered = sorted(entries, key=lambda e: (-e.updated, e.id))
    return json.dumps({"v": SCHEMA, "games": [e.to_dict() for e in ordered]}, separators=(",", ":"))


def upsert(entries: Sequence[IndexEntry], entry: IndexEntry) -> list[IndexEntry]:
    """The list with ``entry`` added or replacing the entry of the same id."""
    return [entry, *(e for e in entries if e.id != entry.id)]


def remove(entries: Sequence[IndexEntry], game_id: str) -> list[IndexEntry]:
    """The list without the game ``game_id``."""
    return [e for e in entries if e.id != game_id]


def reconcile(
    entries: Sequence[IndexEntry], stored: Mapping[str, IndexEntry | None]
) -> list[IndexEntry]:
    """Make the index agree with the game keys present in storage.

    ``stored`` maps the id of every game key to its entry (from its record), or to
    ``None`` where only the index's entry is needed (the record was not read).  Entries
    of games without a key are dropped; games without an entry are added.
    """
    by_id = {e.id: e for e in entries}
    out: list[IndexEntry] = []
    for ident, entry in stored.items():
        known = by_id.get(ident)
        chosen = entry if entry is not None else known
        if chosen is not None:
            out.append(chosen)
    return sorted(out, key=lambda e: (-e.updated, e.id))


def to_prune(entries: Sequence[IndexEntry], keep: Iterable[str] = ()) -> list[str]:
    """Ids of games "Your games" lets go: finished games past the newest
    :data:`KEEP_FINISHED`, and games without a move (except those in ``keep``).
    Unfinished games with moves are always kept."""
    protected = set(keep)
    finished = sorted(
        (e for e in entries if e.over and e.plies and e.id not in protected),
        key=lambda e: -e.updated,
    )
    out = [e.id for e in finished[KEEP_FINISHED:]]
    out += [e.id for e in entries if not e.plies and e.id not in protected]
    return out


def resume_candidate(entries: Sequence[IndexEntry]) -> str | None:
    """The game a new tab resumes: the most recently saved unfinished game with moves."""
    live = [e for e in entries if not e.over and e.plies]
    return max(live, key=lambda e: (e.updated, e.id)).id if live else None


def players_text(
    variant: str,
    computer: int | None,
    unknown: bool = False,
    players: int | None = None,
    computers: tuple[int, ...] = (),
) -> str:
    """ "hot-seat", "vs computer (it plays Host)" or "solitaire" for a game's players;
    for a game with a choice of seats, ``3 players, the computer plays P3``."""
    if players is not None:
        names = [f"P{s + 1}" for s in computers if 0 <= s < players]
        if not names:
            return ngettext("{n} player, hot-seat", "{n} players, hot-seat", players).format(
                n=players
            )
        if len(names) == 1:
            return ngettext(
                "{n} player, the computer plays {seat}",
                "{n} players, the computer plays {seat}",
                players,
            ).format(n=players, seat=names[0])
        return ngettext(
            "{n} player, the computer plays {seats} and {last}",
            "{n} players, the computer plays {seats} and {last}",
            players,
        ).format(n=players, seats=", ".join(names[:-1]), last=names[-1])
    try:
        cls = registry.get_variant(variant)
        seats = cls((), 0 if cls.info.uses_seed else None).players
    except PaiShoError:  # pragma: no cover - the variant was checked when read
        return ""
    if len(seats) < 2:
        return _("solitaire")
    if unknown:
        return _("two players")
    if computer is None or computer >= len(seats):
        return _("hot-seat")
    return _("vs computer (it plays {player})").format(player=player_word(seats[computer]))


def describe(entry: IndexEntry) -> str:
    """``Skud Pai Sho · hot-seat · 12 moves`` (the date is added by the page)."""
    try:
        title = variant_title(registry.get_variant(entry.variant).info.title)
    except PaiShoError:  # pragma: no cover - the variant was checked when read
        title = entry.variant
    moves = ngettext("{n} move", "{n} moves", entry.plies).format(n=entry.plies)
    who = players_text(entry.variant, entry.computer, False, entry.players, entry.computers)
    parts = [title, who, moves, _("finished")] if entry.over else [title, who, moves]
    return " · ".join(parts)
