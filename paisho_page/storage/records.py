"""The autosave record of a game, and the list of games kept aside.

:func:`record_of`, :func:`game_of_record`, :func:`contains`, :func:`push_kept` — the
autosave record of a game, and the list of games kept aside when a link or an import
replaces the game on the page (so that no game in progress is ever lost).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paisho_core import registry, starts
from paisho_core.errors import PaiShoError
from paisho_core.protocol import Game
from paisho_page.sharing.notation import MAX_NOTATION, split_plies
from paisho_page.storage.vetting import check as check_game
from paisho_page.words.i18n import _

AnyGame = Game[Any]
Record = dict[str, Any]
"""An autosave record: ``variant``, ``options``, ``seed``, ``moves``, ``resigned``."""

MAX_KEPT = 10
"""How many games :func:`push_kept` keeps aside."""
MAX_KEPT_CHARS = MAX_KEPT * (MAX_NOTATION + starts.MAX_START + 1_000)
"""Longest stored list of kept games read back (characters): :data:`MAX_KEPT` records,
each with its notation and set-up start at their bounds, and its other fields."""


def record_of(game: AnyGame) -> Record:
    """The autosave record of a game (JSON-ready); ``players`` only for a variant
    with a choice of seats (Ancient)."""
    record: Record = {
        "v": 1,
        "variant": str(game.info.name),
        "options": sorted(game.options),
        "seed": game.seed,
        "moves": game.to_text(),
        "resigned": game.resigned,
    }
    if game.info.min_players != game.info.max_players:
        record["players"] = len(game.players)
    if starts.of(game):
        record["start"] = starts.of(game)
    return record


def game_of_record(record: Any) -> AnyGame:
    """Replay a record made by :func:`record_of`; raise :class:`PaiShoError` if bad."""
    if not isinstance(record, dict):
        raise PaiShoError(_("the saved game is not a record"))
    try:
        variant = str(record["variant"])
        options = tuple(str(o) for o in record.get("options") or [])
        seed_value = record.get("seed")
        if seed_value is not None and (
            not isinstance(seed_value, int) or isinstance(seed_value, bool)
        ):
            raise PaiShoError(_("the saved game's seed is not a whole number"))
        seed = seed_value
        moves = str(record.get("moves") or "")
        resigned = record.get("resigned")
        registry.get_variant(variant)
        players = record.get("players")
        start = record.get("start") or ""
        if not isinstance(start, str):
            raise PaiShoError(_("the saved game's set-up position is not text"))
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise PaiShoError(
                _("the saved game's number of players is not a whole number")
            )
        game = starts.replay(variant, start, moves, options, seed, players)
        if resigned is not None and game.to_move is not None:
            game.resign(int(resigned))
        check_game(game)
    except PaiShoError:
        raise
    except Exception as exc:  # an engine bug must not become a stack trace
        raise PaiShoError(
            _("the saved game is damaged ({error})").format(error=type(exc).__name__)
        ) from None
    return game


def _norm_plies(moves: Any) -> list[str]:
    out = []
    for ply in split_plies(str(moves or "")):
        if ply.endswith(".resign"):
            continue
        out.append(ply.removesuffix("+skip").replace(" ", ""))
    return out


def _options(record: Record) -> list[str]:
    """A record's options as sorted text (a damaged field compares as what it holds,
    never raises: records are compared before they are checked)."""
    raw = record.get("options") or []
    return sorted(map(str, raw)) if isinstance(raw, list) else [repr(raw)]


def _same_setup(a: Record, b: Record) -> bool:
    return (
        a.get("variant") == b.get("variant")
        and _options(a) == _options(b)
        and a.get("seed") == b.get("seed")
        and a.get("players") == b.get("players")
        and (a.get("start") or "") == (b.get("start") or "")
    )


def contains(big: Record, small: Record) -> bool:
    """True when the game ``big`` holds everything of ``small``: the same game set-up,
    and ``small``'s moves are a beginning of ``big``'s (so keeping ``small`` is
    pointless).  A game without any move is held by every game."""
    small_moves = _norm_plies(small.get("moves"))
    if not small_moves and small.get("resigned") is None:
        return True
    if not _same_setup(big, small):
        return False
    big_moves = _norm_plies(big.get("moves"))
    head, last = small_moves[:-1], small_moves[-1] if small_moves else ""
    if big_moves[: len(head)] != head:
        return False
    if small_moves:
        other = big_moves[len(head)] if len(big_moves) > len(head) else None
        # a bare trailing '+' (a bonus still to choose) is continued by any bonus or none
        pending = last.endswith("+") and other is not None and (
            other == last[:-1] or other.startswith(last)
        )
        if other != last and not pending:
            return False
    resigned = small.get("resigned")
    return resigned is None or (
        resigned == big.get("resigned") and len(big_moves) == len(small_moves)
    )


def push_kept(kept: Sequence[Any], record: Record, limit: int = MAX_KEPT) -> list[Record]:
    """The kept-games list with ``record`` first (if worth keeping), without games it
    holds or duplicates, at most ``limit`` long (a game held by another stays when it
    has side lines or comments, its ``lines``, that the other has not).  Bad entries are
    dropped."""
    out: list[Record] = []
    if not contains({}, record) or record.get("lines"):
        out.append(record)
    for old in kept:
        if not isinstance(old, dict) or any(_holds(mine, old) for mine in out):
            continue
        out.append(old)
    return out[:limit]



def _holds(big: Record, small: Record) -> bool:
    """Whether keeping ``small`` beside ``big`` is pointless: ``big`` holds its game
    (:func:`contains`) and its side lines and comments, if any, are the same."""
    lines = small.get("lines")
    return contains(big, small) and (not lines or big.get("lines") == lines)
