"""The page's saved games: storage layout, schema, validation, migration (pure Python).

Saved data is input like any other: every stored text is parsed with
:func:`paisho_page.storage.safejson.loads` (bounded size and nesting) and checked against the
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
* ``paisho.seal.v1`` (:data:`paisho_page.storage.seal.KEY_NAME`) — this device's random key.  A
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

import json
from dataclasses import dataclass
from typing import Any

from paisho_core import link, starts, treelink
from paisho_core.ai import LEVELS
from paisho_core.protocol import Game
from paisho_page.sharing.notation import MAX_NOTATION, import_notation, split_plies
from paisho_page.storage import seal
from paisho_page.storage.games_index import IndexEntry
from paisho_page.storage.schema import (
    MAX_SAVE_CHARS,
    MAX_TIME,
    REV_PATTERN,
    SCHEMA,
    BadSave,
    int_field,
    json_object,
    players_field,
    seat_field,
    seats_field,
    setup_field,
    str_field,
    valid_id,
)
from paisho_page.words.i18n import _, ngettext

AnyGame = Game[Any]


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
    """A hidden-hand game's seed, sealed (:mod:`paisho_page.storage.seal`); ``seed`` is then
    None."""
    level: str = ""
    """The computer's level (``easy``, ``medium``, ``hard``) for a game with a computer
    seat; empty in a save made before it was recorded (see :func:`level_to_restore`)."""
    start: str = ""
    """The set-up position the game started from (:mod:`paisho_core.starts`; empty: the
    variant's own start): its start text, or for a game with hidden hands that text
    sealed (:func:`paisho_page.storage.seal.seal_text`), since it holds every hand."""
    lines: str = ""
    """The side lines and comments (:meth:`paisho_page.play.replay_cursor.ReplayCursor.
    extension`: a tree link's extension, bound by its checksum to this game; empty:
    none)."""

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
                **({"lines": self.lines} if self.lines else {}),
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
    data = json_object(raw, MAX_SAVE_CHARS)
    if data.get("v") != SCHEMA:
        raise BadSave(_("its schema version {version} is not {schema}").format(
            version=repr(str(data.get("v"))[:20]), schema=SCHEMA
        ))
    ident = data.get("id")
    if not valid_id(ident) or (expect_id is not None and ident != expect_id):
        raise BadSave(_("its id is missing or does not match its key"))
    assert isinstance(ident, str)
    sealed = str_field(data, "sealed", 40, "")
    if sealed and not seal.well_formed(sealed):
        raise BadSave(_("its sealed seed is malformed"))
    variant, options, seed = setup_field(data, bool(sealed))
    moves = str_field(data, "moves", MAX_NOTATION, "")
    rev = str_field(data, "rev", 40, "")
    if REV_PATTERN.fullmatch(rev) is None:
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
        resigned=seat_field(data, "resigned"),
        computer=seat_field(data, "computer"),
        created=int_field(data, "created", 0, MAX_TIME, 0) or 0,
        updated=int_field(data, "updated", 0, MAX_TIME, 0) or 0,
        rev=rev,
        plies=len(split_plies(moves)),
        over=over,
        players=players_field(data),
        computers=seats_field(data),
        sealed=sealed,
        level=_level(data),
        start=_start(data),
        lines=_lines(data),
    )


def _lines(data: dict[str, Any]) -> str:
    """The ``lines``: a tree link's extension (checked in full when the game is shown:
    its checksum binds it to the game's moves), or empty."""
    value = str_field(data, "lines", treelink.MAX_EXTENSION, "")
    if value and any(char not in link.ALPHABET for char in value[1:]):
        raise BadSave(_("its side lines are malformed"))
    return value


def _start(data: dict[str, Any]) -> str:
    """The ``start``: a start text (JSON object) or a sealed one, or empty."""
    value = str_field(data, "start", 2 * seal.MAX_TEXT, "")
    if value and not value.startswith("{") and not seal.text_well_formed(value):
        raise BadSave(_("its set-up position is malformed"))
    return value


def _level(data: dict[str, Any]) -> str:
    """The ``level``: one of :data:`paisho_core.ai.LEVELS`, or empty when not recorded."""
    value = str_field(data, "level", 10, "")
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


def migrate_legacy(raw: str, game_id: str, now_ms: int, computer: int | None) -> SavedGame:
    """Turn the version-1 single autosave (``paisho.save.v1``) into a version-2 game.

    Version 1 kept the computer's seat under its own key: pass it as ``computer``.
    Raise :class:`BadSave` if the old save is bad.
    """
    data = json_object(raw, MAX_SAVE_CHARS)
    if data.get("v", 1) != 1:
        raise BadSave(_("its schema version {version} is not {schema}").format(
            version=repr(str(data.get("v"))[:20]), schema=1
        ))
    variant, options, seed = setup_field(data)
    moves = str_field(data, "moves", MAX_NOTATION, "")
    return SavedGame(
        id=game_id,
        variant=variant,
        options=options,
        seed=seed,
        moves=moves,
        resigned=seat_field(data, "resigned"),
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
    lines: str = "",
) -> SavedGame:
    """The record to store for ``game`` (its moves, resignation and players;
    ``computers``: every computer seat, for a game with several; ``level``: the
    computer's, kept only when the game has a computer seat; ``lines``: its side lines
    and comments, never for a game with hidden hands).

    With ``key`` (this device's sealing key), a game with hidden hands keeps its seed
    only sealed (:mod:`paisho_page.storage.seal`): the record holds no hand in clear."""
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
        lines="" if getattr(game, "hidden_hands", False) else lines,
        created=created or now_ms,
        updated=now_ms,
        rev=rev,
        plies=len(split_plies(game.to_text())),
        over=game.is_over,
        players=None if info.min_players == info.max_players else len(game.players),
        computers=tuple(sorted(set(computers))),
        level=level if level in LEVELS and (computer is not None or computers) else "",
    )
