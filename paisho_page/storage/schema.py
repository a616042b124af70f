"""The saved games' storage keys, ids and field readers, shared by the saved games,
their index and the set-aside data (:mod:`.saves`, :mod:`.games_index`, :mod:`.aside`).

Every field is read and typed; a field that fails raises :class:`BadSave`, whose message
says why in plain words.  The bounds of seeds and seats are the engine's: a seed read is
one the engine deals from (:data:`paisho_core.rng.MAX_SEED`), a seat one some registered
variant has (:func:`most_seats`), so a record the engine could never have written is
refused when it is read, not when it is replayed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from paisho_core import registry
from paisho_core.errors import PaiShoError
from paisho_core.rng import MAX_SEED
from paisho_page.sharing.notation import MAX_NOTATION
from paisho_page.storage.safejson import BadJSON, loads
from paisho_page.words.i18n import _

SCHEMA = 2
"""Version of the saved-game schema written by :meth:`SavedGame.to_json`."""
GAME_PREFIX = "paisho.game.v2."
INDEX_KEY = "paisho.games.v2"
LEGACY_KEY = "paisho.save.v1"
TAB_KEY = "paisho.tab.v2"
"""``sessionStorage`` key: the id of the game this tab shows."""
MAX_SAVE_CHARS = 2 * MAX_NOTATION
"""Longest stored game record read (characters)."""
MAX_SEED_VALUE = MAX_SEED
"""Seeds read are ``0 <= seed < MAX_SEED_VALUE``: the engine's bound on seeds."""
MAX_TIME = 2**53
"""Timestamps are milliseconds since 1970 (JavaScript's ``Date.now()``)."""
ID_PATTERN = re.compile(r"[0-9a-z]{1,40}")
REV_PATTERN = re.compile(r"[0-9a-z]{0,40}")


class BadSave(PaiShoError):
    """Stored data that does not match its schema; the message says why in plain words."""


def most_seats() -> int:
    """The most players any registered variant seats (its ``info.max_players``): a seat
    read is below it, a number of players at most it."""
    return max(spec.info.max_players for spec in registry.specs())


def seat_field(data: Mapping[str, Any], name: str) -> int | None:
    """A seat number (``0 <= seat <`` :func:`most_seats`), or ``None`` when absent."""
    return int_field(data, name, 0, most_seats(), None)


def players_field(data: Mapping[str, Any]) -> int | None:
    """The ``players``: ``1 <= players <=`` :func:`most_seats`, or ``None`` when absent."""
    return int_field(data, "players", 1, most_seats() + 1, None)


def valid_id(text: object) -> bool:
    """True for a game id this module writes (lower-case letters and digits, ≤ 40)."""
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None


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
def int_field(
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


def str_field(data: Mapping[str, Any], name: str, limit: int, default: str | None = None) -> str:
    value = data.get(name, default)
    if not isinstance(value, str):
        raise BadSave(_("its {name} is missing or not text").format(name=name))
    if len(value) > limit:
        raise BadSave(_("its {name} is too long ({n} characters)").format(name=name, n=len(value)))
    return value


def json_object(raw: str, max_chars: int) -> dict[str, Any]:
    try:
        data = loads(raw, max_chars=max_chars)
    except BadJSON as exc:
        raise BadSave(exc.message) from None
    if not isinstance(data, dict):
        raise BadSave(_("it is not a saved-game record"))
    return data


def setup_field(
    data: Mapping[str, Any], sealed: bool = False
) -> tuple[str, tuple[str, ...], int | None]:
    variant = str_field(data, "variant", 40)
    if variant not in registry.variant_names():
        raise BadSave(_("its variant {variant} is unknown").format(variant=repr(variant[:40])))
    info = registry.get_variant(variant).info
    options = data.get("options") or []
    if not isinstance(options, list) or len(options) > 16:
        raise BadSave(_("its options are not a list"))
    for name in options:
        if not isinstance(name, str) or not known_option(name, info.options, info.int_options):
            raise BadSave(_("its option {option} is unknown").format(option=repr(str(name)[:40])))
    seed = int_field(data, "seed", 0, MAX_SEED_VALUE, None)
    if info.uses_seed and seed is None and not sealed:
        raise BadSave(_("a {variant} game needs its seed").format(variant=info.title))
    return variant, tuple(sorted(set(options))), seed if info.uses_seed else None


def known_option(name: str, flags: tuple[str, ...], numbers: tuple[str, ...]) -> bool:
    """A flag of the variant, or ``n=digits`` for one of its whole-number options."""
    key, eq, value = name.partition("=")
    if not eq:
        return name in flags
    return key in numbers and value.isdigit() and len(value) <= 6


def seats_field(data: dict[str, Any]) -> tuple[int, ...]:
    """The ``computers`` list: distinct seat numbers, or BadSave."""
    value = data.get("computers", [])
    seats_known = most_seats()
    if not isinstance(value, list) or len(value) > seats_known:
        raise BadSave(_("its 'computers' is not a short list of seats"))
    seats: list[int] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < seats_known:
            raise BadSave(_("its 'computers' names a seat that is not a small whole number"))
        if item not in seats:
            seats.append(item)
    return tuple(sorted(seats))
