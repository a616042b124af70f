"""Games that start from a set-up position (the Studio's Play and Analyse).

Most games start where their variant starts (``cls(options, seed)``).  A game built from
a set-up (:func:`paisho_core.setups.build`, or a demo's ``setup``/``bag`` start) carries
that start as :attr:`paisho_core.protocol.Game.set_up`: the canonical JSON text of a
*start*, the same mapping as a demo's ``start`` without moves (``{"setup": {…}}``, the
keyword arguments of the variant's ``setup`` class method, or ``{"bag": "…"}``,
Balance's fixed bag).  Everything that replays a game from its beginning asks this
module for that beginning, so a set-up game links, saves, undoes and replays like any
other:

* :func:`fresh` — a new game at ``game``'s start (no actions);
* :func:`build` — the start game of a variant from a start text (checked: bounded JSON,
  :mod:`paisho_core.boundedjson`; every field read and typed, then the set-up checked
  as the Studio checks it, :func:`paisho_core.setups.check`), marked with its
  canonical text;
* :func:`replay` — a start text and a game's notation, every ply checked;
* :func:`mark` — a game built from a start mapping, marked with it;
* :func:`pack` / :func:`unpack` — a start text compressed for a URL (link version 3,
  :mod:`paisho_core.link`).

Every failure is a :class:`BadStart` whose message says what is wrong in plain words
and quotes no input beyond a short excerpt.  A start is refused, never opened, when the
game would already be over in it (a Harmony Ring on the board, a player with no tile
left to play): a set-up is a position to play on from, and a finished game is opened
from its moves instead (a link or save of the whole game).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

from . import boundedjson, setup_check
from .errors import PaiShoError
from .messages import msg
from .protocol import Game
from .registry import get_variant

AnyGame = Game[Any]

MAX_START = 16_000
"""Longest start text (characters of JSON) read from a link or a save."""
MAX_PACKED = 8_000
"""Longest packed start (URL characters) read from a link."""
MAX_DEPTH = 8
"""Deepest nesting of a start text's JSON (a start needs 4)."""
KINDS = ("setup", "bag")
"""The kinds of start (one key each)."""

_ZDICT = b'{"setup":{"tiles":{"(0,0)":"to_move":"host","guest","reserves":"board":"hands":'
"""Preset dictionary of the packed form (common words of start texts)."""


class BadStart(PaiShoError):
    """A start that cannot be read or that the engine refuses (plain words)."""


def canonical(start: Mapping[str, Any]) -> str:
    """The canonical text of a start mapping: compact JSON with sorted keys."""
    return json.dumps(start, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def of(game: AnyGame) -> str:
    """The start text of ``game`` (``""``: its variant's own start)."""
    return str(getattr(game, "set_up", "") or "")


def mark(game: AnyGame, start: Mapping[str, Any]) -> AnyGame:
    """``game`` (built from ``start``) marked with the start's canonical text."""
    game.set_up = canonical({k: v for k, v in start.items() if k != "moves"})
    return game


def _parse(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise BadStart(msg("the set-up position is not text"))
    if len(text) > MAX_START:
        raise BadStart(msg(
            "the set-up position is too long: {count} characters (at most {limit})",
            count=len(text), limit=MAX_START,
        ))
    try:
        data = boundedjson.loads(text, MAX_START, MAX_DEPTH)
    except boundedjson.BadJSON as error:
        raise BadStart(msg("the set-up position is damaged: {reason}",
                           reason=error.message)) from None
    if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in KINDS:
        raise BadStart(msg("the set-up position is damaged (it must hold one 'setup' or 'bag')"))
    return data


def start_game(
    variant: str, start: Mapping[str, Any], options: Iterable[str] = (), seed: int | None = None
) -> AnyGame:
    """The game a start mapping (``setup`` or ``bag``; ``moves`` aside) stands for,
    marked; raise :class:`BadStart` (the checker's words) unless the set-up it holds
    passes :func:`paisho_core.setups.check`, the Studio's checker."""
    cls = get_variant(variant)
    try:
        setup = setup_check.from_start(variant, start, tuple(options))
        game = setup_check.checked_game(setup)
    except PaiShoError as error:
        raise BadStart(error.message) from None
    except Exception as error:  # an engine bug must not become a stack trace
        raise BadStart(msg("the set-up position cannot be set up (internal error: {error})",
                           error=type(error).__name__)) from None
    if seed is not None and cls.info.uses_seed and game.seed is None:
        game.seed = seed
    return mark(game, start)


def build(variant: str, text: str, options: Iterable[str] = (), seed: int | None = None) -> AnyGame:
    """The start game of ``variant`` from the start ``text`` (as :func:`of` gives it);
    :class:`BadStart` if it is malformed or refused."""
    return start_game(variant, _parse(text), options, seed)


def fresh(game: AnyGame) -> AnyGame:
    """A new game at ``game``'s start: its set-up, or its variant's own start."""
    cls = type(game)
    text = of(game)
    if text:
        out = build(game.info.name, text, game.options, game.seed)
        out.seed = game.seed
        return out
    if game.info.min_players != game.info.max_players:
        return cls(game.options, game.seed, len(game.players))
    return cls(game.options, game.seed)


def replay(
    variant: str,
    text: str,
    moves: str,
    options: Iterable[str] = (),
    seed: int | None = None,
    players: int | None = None,
) -> AnyGame:
    """The game of ``moves`` (notation, plies separated by ``;``) played from the start
    ``text`` (``""``: the variant's own start, as ``replay_text``), every ply checked."""
    cls = get_variant(variant)
    if not text:
        return cls.replay_text(moves, options, seed, players)
    game = build(variant, text, options, seed)
    game.play_text(moves)
    return game


# ----------------------------------------------------------------------------- URL form
def pack(text: str) -> str:
    """``text`` compressed (raw DEFLATE with a preset dictionary) in URL-safe base 64."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _ZDICT)
    data = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unpack(packed: str) -> str:
    """The start text of :func:`pack`'s output; :class:`BadStart` if damaged or too long."""
    if len(packed) > MAX_PACKED:
        raise BadStart(msg(
            "the link's set-up position is too long ({count} characters)",
            count=len(packed),
        ))
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        unpacker = zlib.decompressobj(-15, _ZDICT)
        raw = unpacker.decompress(data, MAX_START * 4 + 1)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise BadStart(msg("the link's set-up position is damaged or too long"))
        return raw.decode("utf-8")
    except BadStart:
        raise
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise BadStart(msg("the link's set-up position is damaged")) from None
