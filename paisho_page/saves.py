"""The page's saved games: storage layout, schema, validation, migration (pure Python).

Saved data is input like any other: every stored text is parsed with
:func:`paisho_page.safejson.loads` (bounded size and nesting) and checked against the
schema below before a game is built from it.  Data that fails is *set aside* by the
page (kept under :data:`SETASIDE_PREFIX`, downloadable), never silently dropped.

Layout in ``localStorage`` (schema version 2):

* :data:`GAME_PREFIX` ``+ id`` — one :class:`SavedGame` per game, as JSON.  Every game
  has its own id, so two tabs never write over each other's game.
* :data:`INDEX_KEY` — the list shown as "Your games": one :class:`IndexEntry` per game
  (variant, players, move count, date).  It is only a summary: the page rebuilds it
  from the game keys (:func:`reconcile`) when it is missing or damaged.
* :data:`LEGACY_KEY` — the single autosave of schema version 1; :func:`migrate_legacy`
  turns it into a version-2 game on first load.
* ``paisho.seal.v1`` (:data:`paisho_page.seal.KEY_NAME`) — this device's random key.  A
  game with hidden hands (Ancient) is saved with its seed *sealed* by it (``sealed``,
  ``seed`` null), so the record alone reveals no hand; records with the seed in clear
  (saved before) still load, and a seal that does not open is set aside like any bad
  save.  On one shared device the developer tools can still read everything.

A tab remembers which game it shows in ``sessionStorage`` (:data:`TAB_KEY`).  Each write
of a game carries a fresh ``rev``: a tab that finds another ``rev`` in storage than the
one it loaded knows another tab changed the game, and saves its own moves as a new game
instead of overwriting (see ``site/storage_ui.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from paisho_core import registry, starts
from paisho_core.ai import LEVELS
from paisho_core.errors import PaiShoError
from paisho_core.protocol import Game
from paisho_page import seal
from paisho_page.i18n import N_, _, ngettext
from paisho_page.names import player as player_word
from paisho_page.names import variant_title
from paisho_page.replay import MAX_NOTATION, import_notation, split_plies
from paisho_page.safejson import BadJSON, loads

AnyGame = Game[Any]

SCHEMA = 2
"""Version of the saved-game schema written by :meth:`SavedGame.to_json`."""
GAME_PREFIX = "paisho.game.v2."
INDEX_KEY = "paisho.games.v2"
LEGACY_KEY = "paisho.save.v1"
TAB_KEY = "paisho.tab.v2"
"""``sessionStorage`` key: the id of the game this tab shows."""
SETASIDE_PREFIX = "paisho.setaside.v1."
MAX_SAVE_CHARS = 2 * MAX_NOTATION
"""Longest stored game record read (characters)."""
MAX_INDEX_CHARS = 2_000_000
MAX_SEED_VALUE = 2**63
MAX_SEATS = 8
MAX_TIME = 2**53
"""Timestamps are milliseconds since 1970 (JavaScript's ``Date.now()``)."""
KEEP_FINISHED = 30
"""How many finished games "Your games" keeps (the newest); unfinished ones are all kept."""
MAX_SETASIDE_CHARS = 1_000_000
"""Longest datum kept as it is when set aside (characters); a longer one is removed and
only a line saying so is kept."""
MAX_SETASIDE_ENTRIES = 30
"""At most this many set-aside entries are kept (a further one: a line saying so)."""
MAX_SETASIDE_TOTAL = 2_500_000
"""At most this many characters of set-aside entries in all (browsers keep ~5 million)."""
MAX_SET_ASIDE_REASON = 400
"""Longest reason a set-aside entry keeps (characters): a longer one is cut when it is
written (:func:`cut_reason`), so the entry never reads back as damaged."""
MAX_SET_ASIDE_KEY = 200
"""Longest storage key a set-aside entry names (the page's keys are far shorter)."""

_ID = re.compile(r"[0-9a-z]{1,40}")
_REV = re.compile(r"[0-9a-z]{0,40}")


class BadSave(PaiShoError):
    """Stored data that does not match its schema; the message says why in plain words."""


def valid_id(text: object) -> bool:
    """True for a game id this module writes (lower-case letters and digits, ≤ 40)."""
    return isinstance(text, str) and _ID.fullmatch(text) is not None


def new_id(now_ms: int, random_bits: int) -> str:
    """A fresh game id: the time in base 36 and 40 random bits (sortable, unique)."""
    return _base36(max(0, now_ms)) + _base36(random_bits % (1 << 40)).rjust(8, "0")


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def game_key(game_id: str) -> str:
    """The ``localStorage`` key of a game."""
    return GAME_PREFIX + game_id


def id_of_key(key: str) -> str | None:
    """The game id of a game key, or ``None`` for any other key (or a bad id)."""
    if not key.startswith(GAME_PREFIX):
        return None
    ident = key[len(GAME_PREFIX) :]
    return ident if valid_id(ident) else None


# ----------------------------------------------------------------------------- schema helpers
def _int(
    data: Mapping[str, Any], name: str, low: int, high: int, default: int | None
) -> int | None:
    value = data.get(name, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value < high:
        raise BadSave(_("its {name} is not a whole number from {low} to {high}").format(
            name=name, low=low, high=high - 1
        ))
    return value


def _str(data: Mapping[str, Any], name: str, limit: int, default: str | None = None) -> str:
    value = data.get(name, default)
    if not isinstance(value, str):
        raise BadSave(_("its {name} is missing or not text").format(name=name))
    if len(value) > limit:
        raise BadSave(_("its {name} is too long ({n} characters)").format(name=name, n=len(value)))
    return value


def _object(raw: str, max_chars: int) -> dict[str, Any]:
    try:
        data = loads(raw, max_chars=max_chars)
    except BadJSON as exc:
        raise BadSave(exc.message) from None
    if not isinstance(data, dict):
        raise BadSave(_("it is not a saved-game record"))
    return data


def _setup(
    data: Mapping[str, Any], sealed: bool = False
) -> tuple[str, tuple[str, ...], int | None]:
    variant = _str(data, "variant", 40)
    if variant not in registry.variant_names():
        raise BadSave(_("its variant {variant} is unknown").format(variant=repr(variant[:40])))
    info = registry.get_variant(variant).info
    options = data.get("options") or []
    if not isinstance(options, list) or len(options) > 16:
        raise BadSave(_("its options are not a list"))
    for name in options:
        if not isinstance(name, str) or not _known_option(name, info.options, info.int_options):
            raise BadSave(_("its option {option} is unknown").format(option=repr(str(name)[:40])))
    seed = _int(data, "seed", 0, MAX_SEED_VALUE, None)
    if info.uses_seed and seed is None and not sealed:
        raise BadSave(_("a {variant} game needs its seed").format(variant=info.title))
    return variant, tuple(sorted(set(options))), seed if info.uses_seed else None


def _known_option(name: str, flags: tuple[str, ...], numbers: tuple[str, ...]) -> bool:
    """A flag of the variant, or ``n=digits`` for one of its whole-number options."""
    key, eq, value = name.partition("=")
    if not eq:
        return name in flags
    return key in numbers and value.isdigit() and len(value) <= 6


# ----------------------------------------------------------------------------- saved games
@dataclass(frozen=True)
class SavedGame:
    """One stored game (schema version 2).

    ``computer`` is the seat the computer plays (``None``: hot-seat; ``unknown_players``
    marks a migrated version-1 save, which did not record it).  ``plies`` and ``over``
    repeat what the moves give, for the list of games.
    """

    id: str
    variant: str
    options: tuple[str, ...]
    seed: int | None
    moves: str
    resigned: int | None = None
    computer: int | None = None
    created: int = 0
    updated: int = 0
    rev: str = ""
    plies: int = 0
    over: bool = False
    unknown_players: bool = False
    players: int | None = None
    """The number of seats, for a variant with a choice of seats (Ancient); else None."""
    computers: tuple[int, ...] = ()
    """Every seat a computer plays, when a variant lets several (Ancient)."""
    sealed: str = ""
    """A hidden-hand game's seed, sealed (:mod:`paisho_page.seal`); ``seed`` is then None."""
    level: str = ""
    """The computer's level (``easy``, ``medium``, ``hard``) for a game with a computer
    seat; empty in a save made before it was recorded (see :func:`level_to_restore`)."""
    start: str = ""
    """The set-up position the game started from (:mod:`paisho_core.starts`; empty: the
    variant's own start): its start text, or for a game with hidden hands that text
    sealed (:func:`paisho_page.seal.seal_text`), since it holds every hand."""

    def to_json(self) -> str:
        """The record as JSON text (what :func:`parse_game` reads back)."""
        return json.dumps(
            {
                "v": SCHEMA,
                "id": self.id,
                "variant": self.variant,
                "options": list(self.options),
                "seed": self.seed,
                "moves": self.moves,
                "resigned": self.resigned,
                "computer": self.computer,
                "created": self.created,
                "updated": self.updated,
                "rev": self.rev,
                "plies": self.plies,
                "over": self.over,
                **({} if self.players is None else {"players": self.players}),
                **({"computers": list(self.computers)} if self.computers else {}),
                **({"sealed": self.sealed} if self.sealed else {}),
                **({"level": self.level} if self.level else {}),
                **({"start": self.start} if self.start else {}),
            },
            separators=(",", ":"),
        )

    def entry(self) -> IndexEntry:
        """This game's line in "Your games"."""
        return IndexEntry(
            self.id,
            self.variant,
            self.computer,
            self.plies,
            self.updated,
            self.over,
            self.rev,
            self.players,
            self.computers,
        )


def parse_game(raw: str, expect_id: str | None = None) -> SavedGame:
    """Read and check a stored version-2 game; raise :class:`BadSave` if it is bad.

    ``expect_id``: the id its key names (the record must carry the same one).
    """
    data = _object(raw, MAX_SAVE_CHARS)
    if data.get("v") != SCHEMA:
        raise BadSave(_("its schema version {version} is not {schema}").format(
            version=repr(str(data.get("v"))[:20]), schema=SCHEMA
        ))
    ident = data.get("id")
    if not valid_id(ident) or (expect_id is not None and ident != expect_id):
        raise BadSave(_("its id is missing or does not match its key"))
    assert isinstance(ident, str)
    sealed = _str(data, "sealed", 40, "")
    if sealed and not seal.well_formed(sealed):
        raise BadSave(_("its sealed seed is malformed"))
    variant, options, seed = _setup(data, bool(sealed))
    moves = _str(data, "moves", MAX_NOTATION, "")
    rev = _str(data, "rev", 40, "")
    if _REV.fullmatch(rev) is None:
        raise BadSave(_("its revision mark is malformed"))
    over = data.get("over", False)
    if not isinstance(over, bool):
        raise BadSave(_("its 'over' mark is not true or false"))
    return SavedGame(
        id=ident,
        variant=variant,
        options=options,
        seed=seed,
        moves=moves,
        resigned=_int(data, "resigned", 0, MAX_SEATS, None),
        computer=_int(data, "computer", 0, MAX_SEATS, None),
        created=_int(data, "created", 0, MAX_TIME, 0) or 0,
        updated=_int(data, "updated", 0, MAX_TIME, 0) or 0,
        rev=rev,
        plies=len(split_plies(moves)),
        over=over,
        players=_int(data, "players", 1, MAX_SEATS, None),
        computers=_seats(data),
        sealed=sealed,
        level=_level(data),
        start=_start(data),
    )


def _start(data: dict[str, Any]) -> str:
    """The ``start``: a start text (JSON object) or a sealed one, or empty."""
    value = _str(data, "start", 2 * seal.MAX_TEXT, "")
    if value and not value.startswith("{") and not seal.text_well_formed(value):
        raise BadSave(_("its set-up position is malformed"))
    return value


def _level(data: dict[str, Any]) -> str:
    """The ``level``: one of :data:`paisho_core.ai.LEVELS`, or empty when not recorded."""
    value = _str(data, "level", 10, "")
    if value and value not in LEVELS:
        raise BadSave(_("its level {level} is not one of {levels}").format(
            level=repr(value), levels=", ".join(LEVELS)
        ))
    return value


def level_to_restore(saved: SavedGame) -> str | None:
    """The computer's level to take back with ``saved`` (``None``: keep the page's).

    A game with the variant's own computer seats (Ancient) saved before the level was
    recorded plays at ``medium``, as it did then; a one-computer game without a recorded
    level keeps the page's level (it always followed the page's choice)."""
    if saved.level:
        return saved.level
    return "medium" if saved.computers else None


def _seats(data: dict[str, Any]) -> tuple[int, ...]:
    """The ``computers`` list: distinct seat numbers, or BadSave."""
    value = data.get("computers", [])
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        raise BadSave(_("its 'computers' is not a short list of seats"))
    seats: list[int] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < MAX_SEATS:
            raise BadSave(_("its 'computers' names a seat that is not a small whole number"))
        if item not in seats:
            seats.append(item)
    return tuple(sorted(seats))


def migrate_legacy(raw: str, game_id: str, now_ms: int, computer: int | None) -> SavedGame:
    """Turn the version-1 single autosave (``paisho.save.v1``) into a version-2 game.

    Version 1 kept the computer's seat under its own key: pass it as ``computer``.
    Raise :class:`BadSave` if the old save is bad.
    """
    data = _object(raw, MAX_SAVE_CHARS)
    if data.get("v", 1) != 1:
        raise BadSave(_("its schema version {version} is not {schema}").format(
            version=repr(str(data.get("v"))[:20]), schema=1
        ))
    variant, options, seed = _setup(data)
    moves = _str(data, "moves", MAX_NOTATION, "")
    return SavedGame(
        id=game_id,
        variant=variant,
        options=options,
        seed=seed,
        moves=moves,
        resigned=_int(data, "resigned", 0, MAX_SEATS, None),
        computer=computer,
        created=now_ms,
        updated=now_ms,
        plies=len(split_plies(moves)),
        unknown_players=computer is None,
    )


@dataclass(frozen=True)
class Restored:
    """A saved game replayed: the game, and what was dropped (``None``: nothing)."""

    game: AnyGame
    dropped: str | None


def restore(saved: SavedGame, key: str = "") -> Restored:
    """Replay a saved game through the engine, every move checked.

    Moves that cannot be replayed (a damaged tail) are dropped and the good beginning
    is resumed; ``dropped`` then says in plain words what was lost.  Raise
    :class:`BadSave` if not even an empty game can be made, or if its sealed seed does
    not open with ``key`` (this device's sealing key).
    """
    seed, start = saved.seed, saved.start
    try:
        if saved.sealed:
            seed = seal.unseal(saved.sealed, key, saved.id)
        if start and not start.startswith("{"):
            start = seal.unseal_text(start, key, saved.id)
    except seal.BadSeal as exc:
        raise BadSave(exc.message) from None
    imported = import_notation(
        saved.variant, saved.moves, saved.options, seed, players=saved.players, start=start
    )
    if imported.game is None:
        raise BadSave(imported.error or _("its game could not be set up"))
    game = imported.game
    dropped: str | None = None
    if imported.error is not None and saved.moves.strip():
        total = len(split_plies(saved.moves))
        lost = total - imported.plies
        dropped = ngettext(
            "The saved game's last {lost} of {total} move could not be replayed and were"
            " not resumed ({error}).",
            "The saved game's last {lost} of {total} moves could not be replayed and were"
            " not resumed ({error}).",
            total,
        ).format(lost=lost, total=total, error=imported.error)
    elif saved.resigned is not None and game.to_move is not None:
        if saved.resigned >= len(game.players):
            dropped = _("The saved resignation names no player of this game and was dropped.")
        else:
            game.resign(saved.resigned)
    return Restored(game, dropped)


def record_game(
    game: AnyGame,
    game_id: str,
    computer: int | None,
    created: int,
    now_ms: int,
    rev: str,
    computers: tuple[int, ...] = (),
    key: str = "",
    level: str = "",
) -> SavedGame:
    """The record to store for ``game`` (its moves, resignation and players;
    ``computers``: every computer seat, for a game with several; ``level``: the
    computer's, kept only when the game has a computer seat).

    With ``key`` (this device's sealing key), a game with hidden hands keeps its seed
    only sealed (:mod:`paisho_page.seal`): the record holds no hand in clear."""
    info = game.info
    sealed = ""
    start = starts.of(game)
    if key and getattr(game, "hidden_hands", False):
        try:
            if game.seed is not None:
                sealed = seal.seal(game.seed, key, game_id)
            if start:
                start = seal.seal_text(start, key, game_id)
        except seal.BadSeal:  # pragma: no cover - the page's key is always well formed
            sealed = ""
    return SavedGame(
        id=game_id,
        start=start,
        variant=str(game.info.name),
        options=tuple(sorted(game.options)),
        seed=None if sealed else game.seed,
        sealed=sealed,
        moves=game.to_text(),
        resigned=game.resigned,
        computer=computer,
        created=created or now_ms,
        updated=now_ms,
        rev=rev,
        plies=len(split_plies(game.to_text())),
        over=game.is_over,
        players=None if info.min_players == info.max_players else len(game.players),
        computers=tuple(sorted(set(computers))),
        level=level if level in LEVELS and (computer is not None or computers) else "",
    )


# ----------------------------------------------------------------------------- the index
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
    variant = _str(data, "variant", 40)
    if variant not in registry.variant_names():
        raise BadSave(
            _("an entry's variant {variant} is unknown").format(variant=repr(variant[:40]))
        )
    over = data.get("over", False)
    rev = _str(data, "rev", 40, "")
    if not isinstance(over, bool) or _REV.fullmatch(rev) is None:
        raise BadSave(_("an entry is malformed"))
    return IndexEntry(
        ident,
        variant,
        _int(data, "computer", 0, MAX_SEATS, None),
        _int(data, "plies", 0, 10**7, 0) or 0,
        _int(data, "updated", 0, MAX_TIME, 0) or 0,
        over,
        rev,
        _int(data, "players", 1, MAX_SEATS, None),
        _seats(data),
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


# ----------------------------------------------------------------------------- set-aside data
@dataclass(frozen=True)
class SetAside:
    """Stored data that could not be used, kept so that nothing is lost."""

    key: str
    """The storage key it was found under."""
    reason: str
    when: int
    raw: str

    def to_json(self) -> str:
        """The entry as JSON text (its reason and key cut to what :func:`parse_set_aside`
        reads)."""
        return json.dumps(
            {"key": self.key[:MAX_SET_ASIDE_KEY], "reason": cut_reason(self.reason),
             "when": self.when, "raw": self.raw},
            separators=(",", ":"),
        )


def cut_reason(reason: str) -> str:
    """``reason`` as a set-aside entry keeps it: whole up to :data:`MAX_SET_ASIDE_REASON`
    characters, else cut to that with an ellipsis."""
    if len(reason) <= MAX_SET_ASIDE_REASON:
        return reason
    return reason[: MAX_SET_ASIDE_REASON - 1] + "…"


def set_aside_key(key: str, raw: str) -> str:
    """The storage key set-aside data ``raw`` (found under ``key``) is kept under: named
    by a hash of both, so the same data is kept once however often it is set aside."""
    digest = hashlib.sha256(f"{key}\n{raw}".encode("utf-8", "surrogatepass")).hexdigest()
    return SETASIDE_PREFIX + "h" + digest[:24]


def set_aside_room(held: Sequence[int], size: int) -> bool:
    """Whether a datum of ``size`` characters may be kept beside the set-aside entries
    already ``held`` (their sizes): the bounds above."""
    return (
        size <= MAX_SETASIDE_CHARS
        and len(held) < MAX_SETASIDE_ENTRIES
        and sum(held) + size <= MAX_SETASIDE_TOTAL
    )


def dropped_reason(reason: str, size: int) -> str:
    """The reason kept for data too large to set aside (``size`` characters), removed."""
    return ngettext(
        "{reason}; it was too large to keep ({n} character), so it was removed",
        "{reason}; it was too large to keep ({n} characters), so it was removed",
        size,
    ).format(reason=reason, n=size)


def dropped_notice(reason: str, size: int) -> str:
    """The notice for stored data that could not be read nor kept (too large)."""
    return ngettext(
        "A saved record could not be read ({reason}) and was too large to keep"
        " ({n} character), so it was removed; Your games → Set-aside saves lists it.",
        "A saved record could not be read ({reason}) and was too large to keep"
        " ({n} characters), so it was removed; Your games → Set-aside saves lists it.",
        size,
    ).format(reason=reason, n=size)


def parse_set_aside(raw: str) -> SetAside:
    """Read a set-aside entry; a damaged one is shown as raw text (never raises)."""
    try:
        data = loads(raw, max_chars=MAX_SETASIDE_CHARS * 7, max_depth=2)
        if not isinstance(data, dict):
            raise BadSave(_("not a record"))
        when = data.get("when", 0)
        if not isinstance(when, int) or isinstance(when, bool) or not 0 <= when < MAX_TIME:
            when = 0
        return SetAside(
            _str(data, "key", MAX_SET_ASIDE_KEY, "?"),
            _str(data, "reason", MAX_SET_ASIDE_REASON, ""),
            when,
            _str(data, "raw", MAX_SETASIDE_CHARS * 7, ""),
        )
    except (BadJSON, BadSave):
        return SetAside("?", _("this set-aside entry is itself damaged"), 0, raw)


YOUR_SAVED_GAME = "Your saved game"
THAT_SAVED_GAME = "That saved game"
OTHER_TABS_VERSION = "The other tab's version"
A_SAVED_GAME = "A saved game"
_SET_ASIDE: dict[str, str] = {
    YOUR_SAVED_GAME: N_(
        "Your saved game could not be read ({reason}), so it was set aside and nothing of it"
        " was used. You can download it under Your games → Set-aside saves."
    ),
    THAT_SAVED_GAME: N_(
        "That saved game could not be read ({reason}), so it was set aside and nothing of it"
        " was used. You can download it under Your games → Set-aside saves."
    ),
    OTHER_TABS_VERSION: N_(
        "The other tab's version could not be read ({reason}), so it was set aside and"
        " nothing of it was used. You can download it under Your games → Set-aside saves."
    ),
    A_SAVED_GAME: N_(
        "A saved game could not be read ({reason}), so it was set aside and nothing of it was"
        " used. You can download it under Your games → Set-aside saves."
    ),
    "Your Balance best scores": N_(
        "Your Balance best scores could not be read ({reason}), so it was set aside and"
        " nothing of it was used. You can download it under Your games → Set-aside saves."
    ),
}
"""The set-aside notice of each kind of data, whole sentences (by the English subject)."""


def set_aside_notice(what: str, reason: str) -> str:
    """The plain-words notice for data set aside at start-up: ``what`` is one of the
    subjects above (``Your saved game``, …), ``reason`` why it could not be read."""
    template = _SET_ASIDE.get(what)
    if template is None:
        return _(
            "{what} could not be read ({reason}), so it was set aside and nothing of it was"
            " used. You can download it under Your games → Set-aside saves."
        ).format(what=what, reason=reason)
    return _(template).format(reason=reason)
