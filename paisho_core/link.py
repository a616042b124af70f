"""Share a game as a link: the whole game in the URL fragment, replayed and checked.

The codec is pure and variant-agnostic: it only uses the game protocol
(:mod:`paisho_core.protocol`), the registry and, where a variant has one, its action
coder (:mod:`paisho_core.linkcode`), so every registered variant can be shared.
Decoding replays every action through the engine, so a link can never carry an
illegal position; every failure is an :class:`~paisho_core.errors.InvalidLink`
whose message says what was wrong, in words fit to show to a player.

Where the link goes
-------------------
The link is ``https://…/#<payload>``: the payload is the whole URL fragment, so it
never reaches a server.  :func:`payload_of` (and therefore :func:`decode`) accepts a
full URL, a ``#fragment`` or a bare payload; anything before the first ``#`` is
ignored, and so is surrounding white space.  There is no ``key=value`` form: the
fragment is the payload.

A link may go on after its payload with :data:`EXTENSION_MARK` (``~``, outside the
digits' alphabet and kept as it is in a URL) and an *extension*: a game's side lines and
comments, written and read by :mod:`paisho_core.treelink`.  This module reads the payload
before the mark, so :func:`decode` opens such a link's main line exactly as it opens the
same link without its extension (:func:`split_extension`); only
:func:`paisho_core.treelink.decode_tree` reads and checks the extension.

Format (versions 1 and 2)
-------------------------
``payload = version + digits``

* ``version`` is one character: this module writes ``"2"`` (:data:`FORMAT_VERSION`),
  or ``"3"`` for a set-up game (below), and reads ``"1"``, ``"2"`` and ``"3"``
  (:data:`READ_VERSIONS`).  Any other first character
  is refused ("unknown link format version"), so a future format can take another
  one while old links keep decoding with their own reader, forever.
* ``digits`` is one natural number ``N`` written in base 64, most significant digit
  first, with the URL-safe alphabet ``A–Z a–z 0–9 - _`` (``A`` = 0): no padding, no
  leading ``A`` (unless ``N`` = 0), so each game has exactly one link.
* ``N = M·2**24 + crc24(version + bytes(M))``: the low 24 bits are a checksum (CRC-24,
  OpenPGP polynomial ``0x864CFB``, initial value ``0xB704CE``) of the version
  character followed by ``M`` as a big-endian byte string of minimal length (empty
  for 0).  A truncated or altered link fails it, instead of silently decoding to
  another game (any change within 24 consecutive bits of ``M`` is always detected).
* ``M`` is a *mixed-radix* number: fields are read from the least significant end,
  each as ``digit = M mod radix; M = M div radix``.  In read order:

  1. variant id, unsigned *varint(3)*: the variant spec's ``link_id`` (``skud`` = 0,
     ``balance`` = 1, ``wiki`` = 2, ``ancient`` = 3; :func:`variant_id`; stable forever,
     new variants take new numbers);
  2. options, varint(3): a bit mask, bit *i* set when ``info.options[i]`` is on.
     **New options must be appended to a variant's ``info.options``**, never inserted
     or reordered, so that old links keep their meaning (an unknown bit is refused);
     Then, for each name of ``info.int_options`` in order (whole-number options such as
     Ancient's ``target`` and ``hand``; none for Skud and Balance), varint(5) of
     ``value + 1``, or 0 when the option is not set;
  3. the seed, only when ``info.uses_seed``: varint(7) of the zig-zag encoded seed
     (``2s`` for ``s >= 0``, ``-2s-1`` otherwise);
  4. the number of players, only when ``info.min_players != info.max_players``:
     radix ``max_players - min_players + 1``, digit ``players - min_players``;
  5. the number of actions *n*, varint(5), at most :data:`MAX_ACTIONS`;
  6. the *n* actions, each as its version writes it (below).  Every step of every
     variant counts, e.g. Skud's Harmony Bonus step (bonus options and ``+skip``)
     after an Arrange that earns one;
  7. resignation, radix ``players + 1``: 0 = none, ``p + 1`` = player *p* resigned
     after the last action;
  8. view, radix ``n + 2``: 0 = none, ``k + 1`` = open the link at ply *k*, i.e. after
     the first *k* actions of the history (0 = the start);

  and ``M`` must then be 0.  *varint(b)* is a little-endian sequence of groups, each
  one digit of radix ``2**(b+1)`` = ``value_bits << 1 | more``; the last group may
  only be 0 when it is the first.

Actions in version 1: at each step the legal actions of the position, sorted by their
notation text (``game.format_action``, code-point order), radix = how many there are,
digit = the index of the action played; a step with a single legal action (a forced
move) costs nothing.  Reading one needs every legal action of every position, each
formatted and sorted (the slowest read: ``docs/benchmarks.md``, links).

Actions in version 2: each variant's *action coder* writes one or more digits per
action (:mod:`paisho_core.linkcode`): a variant package with a ``linkcode`` module
(``paisho_core/skud/linkcode.py``) defines its code in rules terms, in that module's
docstring; a variant without one (Balance, Ancient) uses the version-1 code above.
Skud's code names the tile and where it goes among a cheap superset of candidates, so
reading an action checks that one action instead of listing every legal one (links a
few per cent longer than version 1's).  Wiki's is version 1's index with the legal
actions in rules order instead of notation order (the same size, nothing formatted; the
reader counts the entries instead of listing them).  A coder gives each
legal action exactly one code; digits that name no legal action are refused ("move N
is not legal: …").  Reading a version-2 link never asks the engine for the outcome
at every step: only a read that finds no legal action does.

Version 3: a game that starts from a set-up position (the Studio's Play and Analyse,
:mod:`paisho_core.starts`).  ``payload = "3" + start + "." + digits``: ``start`` is the
game's start text (canonical JSON, ``{"setup": …}`` or ``{"bag": …}``) packed by
:func:`paisho_core.starts.pack` (raw DEFLATE, URL-safe base 64, at most
:data:`paisho_core.starts.MAX_PACKED` characters); ``digits`` are version 2's fields and
action code, read from the start instead of the variant's own start, and the checksum
covers ``"3" + start + "."`` followed by ``M``'s bytes, so a changed position fails it
like a changed move.  The engine builds the start and refuses one it cannot play.

Both codes depend only on the rules and the notation, not on how an engine represents
or orders its actions.  A change of the rules that alters the legal actions of some
position changes what old links mean: such a change must come with a new format
version (keeping the old readers for old links).

Limits: a payload of at most :data:`MAX_PAYLOAD` characters and at most
:data:`MAX_ACTIONS` actions, so that a hostile link cannot freeze the page.

What the page calls
-------------------
* :func:`fragment_for` ``(game, view_ply=None)`` → ``"#…"`` for the Share button and
  ``history.replaceState``; it keeps the last replay, so calling it after every move
  replays only the new actions.
* :func:`decode` ``(text)`` → :class:`DecodedLink` (``game``, ``view_ply``,
  ``variant``, and ``before_last``, the position before the last action, so that the
  page marks the last move and makes its undo stack only at the first undo) or raises
  :class:`InvalidLink`;
* :func:`decode_steps` ``(text)``: the same, step by step — a generator yielding
  :class:`Progress` (``done``/``total`` actions) and returning a :class:`Partial`, so
  the page can show "Opening shared game… 120/500" and stay responsive;
* :func:`decode_partial` ``(text)`` → ``(game or None, message or None)``: the last
  legal position of a bad link (``None`` when nothing can be trusted) and the message.
* :func:`game_at` / :func:`positions` for a replay slider.

Nothing from a link is ever text to show except the error message, which quotes no
input; it holds no player names.
"""

from __future__ import annotations

import base64
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import registry, starts
from .end_reasons import reason_message
from .errors import InvalidLink, PaiShoError
from .linkcode import GameOver, NotLegal, canonical_actions, coder_for
from .messages import Message, as_message, msg
from .messages import text as plain
from .protocol import Game, Outcome
from .registry import get_variant

FORMAT_VERSION = "2"
"""The version character that starts every payload this module writes."""

SETUP_VERSION = "3"
"""The version character of a game that starts from a set-up position (its start rides
in the payload, :mod:`paisho_core.starts`)."""

READ_VERSIONS = ("1", "2", SETUP_VERSION)
"""The versions :func:`decode` reads (version-1 links keep opening forever)."""


def variant_id(name: str) -> int | None:
    """A variant's number in links (its spec's ``link_id``: stable forever, new variants
    take new numbers), or ``None`` for a variant that cannot be shared."""
    spec = registry.find(name)
    return spec.link_id if spec is not None else None


MAX_PAYLOAD = 8192
"""Longest payload (characters after ``#``) that :func:`decode` accepts."""

MAX_ACTIONS = 1000
"""Most actions a link may hold (longer games cannot be shared)."""

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The digits of the payload, value 0 to 63 (URL-safe base64)."""

_DIGIT_SET = frozenset(ALPHABET)
_CHECK_BITS = 24
_MAX_SEED_BITS = 128

_DAMAGED = msg(
    "the link is damaged or incomplete (its checksum does not match): copy the whole link again"
)


# ----------------------------------------------------------------------------- checksum
def _crc24_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
        table.append(crc & 0xFFFFFF)
    return tuple(table)


_CRC24 = _crc24_table()


def crc24(data: bytes) -> int:
    """CRC-24 (OpenPGP, RFC 4880) of ``data``: the link checksum."""
    crc = 0xB704CE
    table = _CRC24
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFF) ^ table[(crc >> 16) ^ byte]
    return crc


def _int_bytes(value: int) -> bytes:
    return value.to_bytes((value.bit_length() + 7) // 8, "big")


def _checksum(body: int, version: str = FORMAT_VERSION) -> int:
    return crc24(version.encode("ascii") + _int_bytes(body))


# ----------------------------------------------------------------------------- digits
def _int_to_digits(value: int) -> str:
    if value == 0:
        return ALPHABET[0]
    size = (value.bit_length() + 7) // 8
    size += (-size) % 3
    text = base64.urlsafe_b64encode(value.to_bytes(size, "big")).decode("ascii")
    return text.lstrip(ALPHABET[0]) or ALPHABET[0]


def _digits_to_int(text: str) -> int:
    padded = ALPHABET[0] * ((-len(text)) % 4) + text
    return int.from_bytes(base64.urlsafe_b64decode(padded), "big")


# ----------------------------------------------------------------------------- mixed radix
Digits = list[tuple[int, int]]
"""``(digit, radix)`` pairs in read order (least significant first)."""


def _put_uint(out: Digits, value: int, bits: int) -> None:
    mask = (1 << bits) - 1
    while True:
        group = value & mask
        value >>= bits
        more = 1 if value else 0
        out.append((group << 1 | more, 1 << (bits + 1)))
        if not more:
            return


def _pack(fields: Sequence[tuple[int, int]]) -> int:
    value = 0
    for digit, radix in reversed(fields):
        value = value * radix + digit
    return value


def _payload(fields: Sequence[tuple[int, int]], version: str = FORMAT_VERSION) -> str:
    body = _pack(fields)
    number = (body << _CHECK_BITS) | _checksum(body, version)
    return version + _int_to_digits(number)


class _Reader:
    """Takes digits off the mixed-radix number, least significant first."""

    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, radix: int) -> int:
        if radix == 1:
            return 0
        self.value, digit = divmod(self.value, radix)
        return digit

    def uint(self, bits: int, max_bits: int, what: Message) -> int:
        value = 0
        shift = 0
        while True:
            digit = self.take(1 << (bits + 1))
            group, more = digit >> 1, digit & 1
            value |= group << shift
            shift += bits
            if not more:
                if group == 0 and shift > bits:
                    raise _Failure(msg("the link is damaged (badly formed {what})", what=what))
                return value
            if shift >= max_bits:
                raise _Failure(msg("the link is damaged ({what} too large)", what=what))


class _Failure(Exception):
    """A decoding failure; ``game`` is the last legal position worth showing, if any."""

    def __init__(self, message: str | Message, game: Game[Any] | None = None) -> None:
        self.message: Message = as_message(message)
        super().__init__(str(self.message))
        self.game = game


# ----------------------------------------------------------------------------- helpers
def _zigzag(value: int) -> int:
    return 2 * value if value >= 0 else -2 * value - 1


def _unzigzag(value: int) -> int:
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


# ----------------------------------------------------------------------------- replay cache
@dataclass
class _Replay:
    """A replay of a game's actions with the link digit of each (kept between calls)."""

    identity: tuple[str, frozenset[str], int | None, int, str]
    actions: list[Any]
    digits: Digits
    """The version-2 digits of the actions, one after the other."""
    ends: list[int]
    """``ends[k]``: how many of :attr:`digits` the first ``k + 1`` actions take."""
    game: Game[Any]
    checkpoints: dict[int, Game[Any]] = field(default_factory=dict)
    """Copies of the game after every :data:`CHECKPOINT_EVERY` actions (for undo)."""


CHECKPOINT_EVERY = 16


_last: _Replay | None = None


def _identity(game: Game[Any]) -> tuple[str, frozenset[str], int | None, int, str]:
    return game.info.name, frozenset(game.options), game.seed, len(game.players), starts.of(game)


def _variable_players(game_or_cls: Game[Any] | type[Game[Any]]) -> bool:
    info = game_or_cls.info
    return info.min_players != info.max_players


def _start_like(game: Game[Any]) -> Game[Any]:
    """A new game at ``game``'s start: the same variant, options, seed, number of players
    and set-up position, if any."""
    return starts.fresh(game)


def _replay_for(game: Game[Any]) -> _Replay:
    """The replay of ``game.history``, extending the previous one when it is a prefix."""
    global _last
    history = game.history
    ident = _identity(game)
    cached = _last
    if (
        cached is not None
        and cached.identity == ident
        and len(cached.actions) <= len(history)
        and cached.actions == history[: len(cached.actions)]
    ):
        replay = cached
    elif cached is not None and cached.identity == ident and cached.checkpoints:
        # an undo or a new branch: restart from the last checkpoint of the common prefix
        common = 0
        for mine, theirs in zip(cached.actions, history, strict=False):
            if mine != theirs:
                break
            common += 1
        start = max((k for k in cached.checkpoints if k <= common), default=0)
        kept = {k: g for k, g in cached.checkpoints.items() if k <= start}
        base = kept[start].copy() if start in kept else _start_like(game)
        used = cached.ends[start - 1] if start else 0
        replay = _Replay(
            ident, cached.actions[:start], cached.digits[:used], cached.ends[:start], base, kept
        )
    else:
        replay = _Replay(ident, [], [], [], _start_like(game))
    target = replay.game
    if not replay.actions:
        replay.checkpoints[0] = target.copy()
    coder = coder_for(type(target))
    for number in range(len(replay.actions), len(history)):
        action = history[number]
        try:
            digits = coder.write(target, action)
            target.apply(action)
        except (NotLegal, PaiShoError):
            raise InvalidLink(msg(
                "cannot make a link: move {number} ({move})"
                " is not legal when the game is replayed from the start",
                number=number + 1, move=game.format_action(action),
            )) from None
        replay.actions.append(action)
        replay.digits.extend(digits)
        replay.ends.append(len(replay.digits))
        if (number + 1) % CHECKPOINT_EVERY == 0:
            replay.checkpoints[number + 1] = target.copy()
    _last = replay
    return replay


# ----------------------------------------------------------------------------- encode
def encode(game: Game[Any], view_ply: int | None = None) -> str:
    """The link payload of ``game`` (no ``#``), opening at ``view_ply`` if given.

    ``view_ply`` counts actions: ``k`` opens the position after the first ``k``
    actions of ``game.history`` (0 = the start).  Raises :class:`InvalidLink` for a
    game that cannot be shared: a variant without a link id, more than
    :data:`MAX_ACTIONS` actions, or a game that does not replay from its actions
    (e.g. a set-up position).
    """
    info = game.info
    number = variant_id(info.name)
    if number is None:
        raise InvalidLink(msg("cannot make a link: variant {variant} has no link id",
                              variant=repr(info.name)))
    count = len(game.history)
    if count > MAX_ACTIONS:
        raise InvalidLink(msg(
            "cannot make a link: the game has {count} moves (a link holds at most {limit})",
            count=count, limit=MAX_ACTIONS,
        ))
    if view_ply is not None and not 0 <= view_ply <= count:
        raise InvalidLink(msg("cannot make a link: no ply {ply} (the game has {count})",
                              ply=view_ply, count=count))
    replay = _replay_for(game)
    final = replay.game
    if game.resigned is not None:
        final = final.copy()
        final.resign(game.resigned)
    if final.state_key() != game.state_key():
        raise InvalidLink(msg(
            "cannot make a link: the position does not follow from the moves (a set-up position?)"
        ))
    text = starts.of(game)
    version = f"{SETUP_VERSION}{starts.pack(text)}." if text else FORMAT_VERSION
    return _payload(_fields(game, view_ply, number, replay.digits), version)


def _fields(game: Game[Any], view_ply: int | None, number: int, actions: Digits) -> Digits:
    """Every field of a link in read order, the actions' digits given."""
    info = game.info
    count = len(game.history)
    fields: Digits = []
    _put_uint(fields, number, 3)
    mask = sum(1 << i for i, name in enumerate(info.options) if name in game.options)
    _put_uint(fields, mask, 3)
    for name in info.int_options:
        value = game.option_value(name)
        _put_uint(fields, 0 if value is None else value + 1, 5)
    if info.uses_seed:
        _put_uint(fields, _zigzag(game.seed if game.seed is not None else 0), 7)
    if _variable_players(game):
        fields.append(
            (len(game.players) - info.min_players, info.max_players - info.min_players + 1)
        )
    _put_uint(fields, count, 5)
    fields.extend(actions)
    players = len(game.players)
    fields.append((0 if game.resigned is None else game.resigned + 1, players + 1))
    fields.append((0 if view_ply is None else view_ply + 1, count + 2))
    return fields


def encode_v1(game: Game[Any], view_ply: int | None = None) -> str:
    """The version-1 payload of ``game`` (for tests and benchmarks: the app writes
    version 2).  Every action is its index among the legal actions sorted by their
    notation text.  Raises :class:`InvalidLink` as :func:`encode` does."""
    encode(game, view_ply)  # the same checks
    replay = _start_like(game)
    digits: Digits = []
    for action in game.history:
        if replay.outcome() is not None:
            replay.read_past_end()
        ordered = canonical_actions(replay)
        digits.append((ordered.index(action), len(ordered)))
        replay.apply(action)
    number = variant_id(game.info.name)
    if number is None:
        raise InvalidLink(msg("cannot make a link: variant {variant} has no link id",
                              variant=repr(game.info.name)))
    return _payload(_fields(game, view_ply, number, digits), "1")


def fragment_for(game: Game[Any], view_ply: int | None = None) -> str:
    """``"#" + encode(game, view_ply)``: the fragment to put in the address bar."""
    return "#" + encode(game, view_ply)


# ----------------------------------------------------------------------------- decode
@dataclass(frozen=True)
class DecodedLink:
    """A decoded link: the replayed game, where to open it, and the variant name."""

    game: Game[Any]
    """The whole game, every action replayed and checked (play on from it)."""
    view_ply: int | None
    """Open at the position after this many actions (``None``: the last position)."""
    variant: str
    """The variant's short name (as in the registry)."""
    before_last: Game[Any] | None = field(default=None, compare=False, repr=False)
    """The position before the last action (``None`` without actions): what the page
    needs to mark the last move without replaying the game once more."""

    def view_game(self) -> Game[Any]:
        """The game at :attr:`view_ply` (the game itself when no view is set)."""
        if self.view_ply is None or self.view_ply == len(self.game.history):
            return self.game
        return game_at(self.game, self.view_ply)


def payload_of(text: str) -> str:
    """The payload in a full URL, a ``#fragment`` or a bare payload (white space trimmed)."""
    _, hash_mark, after = text.partition("#")
    return (after if hash_mark else text).strip()


EXTENSION_MARK = "~"
"""What separates a payload from its extension (:mod:`paisho_core.treelink`)."""


def split_extension(text: str) -> tuple[str, str | None]:
    """The payload of ``text`` (as :func:`payload_of`) before :data:`EXTENSION_MARK` and
    the extension after it (``None`` when there is no mark; ``""`` when nothing follows
    it)."""
    main, mark, extension = payload_of(text).partition(EXTENSION_MARK)
    return (main, extension) if mark else (main, None)


_Steps = Generator[tuple[int, int], None, tuple[Game[Any], int | None, Game[Any] | None]]


def _decode_steps(text: str) -> _Steps:
    """Decode ``text``, yielding ``(actions replayed, actions in the link)`` as it goes.

    Returns ``(game, view_ply, position before the last action)``; raises :class:`_Failure`.
    """
    if not isinstance(text, str):
        raise _Failure(msg("the link is not text"))
    payload, _ = split_extension(text)
    if not payload:
        raise _Failure(msg("the link is empty: there is no game after '#'"))
    if len(payload) > MAX_PAYLOAD:
        raise _Failure(msg("the link is too long: {length} characters (at most {limit})",
                           length=len(payload), limit=MAX_PAYLOAD))
    version, digits = payload[0], payload[1:]
    packed = ""
    if version == SETUP_VERSION:
        packed, dot, digits = digits.partition(".")
        if not dot or not packed:
            raise _Failure(msg("the link is incomplete: its set-up position is cut short"))
        if any(char not in _DIGIT_SET for char in packed):
            raise _Failure(_DAMAGED)
    if version not in READ_VERSIONS:
        shown = version if version in _DIGIT_SET else "?"
        raise _Failure(msg(
            "unknown link format version {version}: this app reads versions"
            " {versions} (the link may come from a newer app, or be damaged)",
            version=repr(shown), versions=plain(" and ".join(READ_VERSIONS)),
        ))
    for position, char in enumerate(digits, 2):
        if char not in _DIGIT_SET:
            raise _Failure(msg(
                "the link has a character that links never contain at position {position}",
                position=position,
            ))
    if not digits:
        raise _Failure(msg("the link is incomplete: nothing after the version"))
    if len(digits) > 1 and digits[0] == ALPHABET[0]:
        raise _Failure(_DAMAGED)
    number = _digits_to_int(digits)
    body = number >> _CHECK_BITS
    if number & ((1 << _CHECK_BITS) - 1) != _checksum(
        body, f"{version}{packed}." if packed else version
    ):
        raise _Failure(_DAMAGED)
    reader = _Reader(body)

    number = reader.uint(3, 30, msg("variant"))
    spec = registry.by_link_id(number)
    if spec is None:
        raise _Failure(msg(
            "the link is for an unknown variant (#{id}); it may come from a newer app",
            id=number,
        ))
    name = spec.name
    cls = get_variant(name)
    info = cls.info
    mask = reader.uint(3, 64, msg("options"))
    if mask >> len(info.options):
        raise _Failure(msg(
            "the link has a {variant} option this app does not know (it knows"
            " {count}); it may come from a newer app",
            variant=name, count=len(info.options),
        ))
    options = [option for i, option in enumerate(info.options) if mask >> i & 1]
    for option_name in info.int_options:
        value = reader.uint(5, 40, msg("option {name}", name=option_name))
        if value:
            options.append(f"{option_name}={value - 1}")
    seed: int | None = None
    if info.uses_seed:
        seed = _unzigzag(reader.uint(7, _MAX_SEED_BITS, msg("seed")))
    players: int | None = None
    if _variable_players(cls):
        players = info.min_players + reader.take(info.max_players - info.min_players + 1)
    count = reader.uint(5, 32, msg("number of moves"))
    if count > MAX_ACTIONS:
        raise _Failure(msg("the link has too many moves: {count} (at most {limit})",
                           count=count, limit=MAX_ACTIONS))
    try:
        if packed:
            game = starts.build(name, starts.unpack(packed), options, seed)
        else:
            game = cls(options, seed) if players is None else cls(options, seed, players)
    except PaiShoError as error:
        raise _Failure(msg("the link's game cannot be set up: {reason}",
                           reason=error.message)) from None
    if players is not None and len(game.players) != players:
        raise _Failure(
            msg("the link is damaged (its number of players does not match its position)")
        )
    if game.options != frozenset(options):
        raise _Failure(msg("the link is damaged (its options are not written in full)"))

    yield 0, count
    before_last: list[Game[Any]] = []
    if version == "1":
        yield from _read_v1(game, reader, count, before_last)
        replay: _Replay | None = None
    else:
        replay = yield from _read_v2(game, reader, count, before_last)
    resigned = reader.take(len(game.players) + 1)
    if resigned:
        try:
            game.resign(resigned - 1)
        except PaiShoError as error:
            raise _Failure(msg("the link's resignation is not valid: {reason}",
                               reason=error.message), game) from None
    view = reader.take(count + 2)
    if reader.value:
        raise _Failure(msg("the link is damaged (unexpected data after the moves)"))

    global _last
    _last = replay
    return game, (view - 1 if view else None), (before_last[0] if before_last else None)


def _not_legal(number: int, reason: Message) -> Message:
    """``move N is not legal: <reason>``: the ply and the engine's reason."""
    return msg("move {number} is not legal: {reason}", number=number, reason=reason)


def _over(number: int, ended: Outcome | None) -> Message:
    """Move ``number`` comes after the end of the game (``ended``: how it ended)."""
    if ended is None:
        return msg("move {number} is not legal: the game was already over after move {last}",
                   number=number, last=number - 1)
    return msg(
        "move {number} is not legal: the game was already over ({reason}) after move {last}",
        number=number, reason=reason_message(ended.reason), last=number - 1,
    )


def _internal(number: int, error: Exception) -> Message:
    """Move ``number`` made the engine fail (a bug): the error's type, not a stack trace."""
    return msg("move {number} could not be replayed (internal error: {error})",
               number=number, error=type(error).__name__)


def _read_v1(
    game: Game[Any], reader: _Reader, count: int, before_last: list[Game[Any]]
) -> Generator[tuple[int, int], None, None]:
    """Replay version-1 actions: indices among the actions sorted by notation text (the
    position before the last one is added to ``before_last``)."""
    for number_ in range(1, count + 1):
        ended = game.outcome()
        if ended is not None and game.read_past_end():
            ended = None
        ordered = [] if ended is not None else canonical_actions(game)
        if not ordered:
            raise _Failure(_over(number_, ended), game)
        index = reader.take(len(ordered))
        action = ordered[index]
        before = game.copy()
        try:
            game.apply(action)
        except PaiShoError as error:
            raise _Failure(_not_legal(number_, error.message), before) from None
        except Exception as error:  # an engine bug must not become a stack trace
            raise _Failure(_internal(number_, error), before) from None
        if number_ == count:
            before_last.append(before)
        yield number_, count


def _read_v2(
    game: Game[Any], reader: _Reader, count: int, before_last: list[Game[Any]]
) -> Generator[tuple[int, int], None, _Replay]:
    """Replay version-2 actions with the variant's coder; the replay kept for encoding
    (the position before the last action is added to ``before_last``)."""
    coder = coder_for(type(game))
    start = game.copy()
    actions: list[Any] = []
    digits: Digits = []
    ends: list[int] = []

    def take(radix: int) -> int:
        digit = reader.take(radix)
        if radix > 1:
            digits.append((digit, radix))
        return digit

    def replayed() -> Game[Any]:
        again = start.copy()
        for done in actions:
            again.apply(done)
        return again

    for number_ in range(1, count + 1):
        try:
            action = coder.read(game, take)
        except GameOver:
            raise _Failure(_over(number_, game.outcome()), game) from None
        except NotLegal as error:
            raise _Failure(_not_legal(number_, error.message), game) from None
        if number_ == count:
            before_last.append(game.copy())
        try:
            coder.play(game, action)
        except PaiShoError as error:
            raise _Failure(_not_legal(number_, error.message), replayed()) from None
        except Exception as error:  # an engine bug must not become a stack trace
            raise _Failure(_internal(number_, error), replayed()) from None
        actions.append(action)
        ends.append(len(digits))
        yield number_, count
    return _Replay(_identity(game), actions, digits, ends, game.copy())


def _run(steps: _Steps) -> tuple[Game[Any], int | None, Game[Any] | None]:
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: tuple[Game[Any], int | None, Game[Any] | None] = stop.value
            return result


def decode(text: str) -> DecodedLink:
    """Decode a link (full URL, ``#fragment`` or payload), replaying every action.

    Raises :class:`InvalidLink` with a message fit for the player on any problem:
    truncated or altered (checksum), unknown version or variant, oversized, or
    ``move N is not legal: …``.
    """
    try:
        game, view, before_last = _run(_decode_steps(text))
    except _Failure as failure:
        raise InvalidLink(failure.message) from None
    return DecodedLink(game, view, game.info.name, before_last)


def decode_partial(text: str) -> tuple[Game[Any] | None, Message | None]:
    """Decode as far as possible: ``(game, None)`` for a good link, else ``(game, message)``.

    On a bad link, ``game`` is the last legal position when the link is intact but
    a move in it is not legal (or the game after the last legal move), and ``None``
    when nothing in the link can be trusted (damaged, wrong version, unknown variant,
    oversized).  Never raises.
    """
    try:
        game, _, _ = _run(_decode_steps(text))
    except _Failure as failure:
        return failure.game, failure.message
    return game, None


@dataclass(frozen=True)
class Progress:
    """How far :func:`decode_steps` has got: ``done`` of ``total`` actions replayed."""

    done: int
    total: int


@dataclass(frozen=True)
class Partial:
    """What :func:`decode_steps` ends with: the decoded link, or what went wrong.

    ``link`` is set for a good link; otherwise ``message`` says what was wrong and
    ``game`` is the last legal position worth showing (as :func:`decode_partial`).
    """

    link: DecodedLink | None
    game: Game[Any] | None
    message: Message | None


def decode_steps(text: str, every: int = 25) -> Generator[Progress, None, Partial]:
    """Decode step by step for a page that must stay responsive (never raises).

    Yields a :class:`Progress` after every ``every`` actions replayed (so the caller
    can show "120/500" and let the browser breathe), and returns a :class:`Partial`
    (the generator's return value, ``StopIteration.value``).
    """
    steps = _decode_steps(text)
    try:
        while True:
            try:
                done, total = next(steps)
            except StopIteration as stop:
                game, view, before_last = stop.value
                return Partial(DecodedLink(game, view, game.info.name, before_last), game, None)
            if done and done % every == 0:
                yield Progress(done, total)
    except _Failure as failure:
        return Partial(None, failure.game, failure.message)


# ----------------------------------------------------------------------------- replay helpers
def game_at(game: Game[Any], ply: int) -> Game[Any]:
    """A new game with the first ``ply`` actions of ``game.history`` (0 = the start)."""
    if not 0 <= ply <= len(game.history):
        raise InvalidLink(msg("no ply {ply}: the game has {count}", ply=ply,
                              count=len(game.history)))
    out = _start_like(game)
    for action in game.history[:ply]:
        out.apply(action)
    return out


def positions(game: Game[Any]) -> list[Game[Any]]:
    """Every position of ``game``: after 0, 1, … ``len(history)`` actions (for a slider).

    The last one carries the game's resignation, if any.
    """
    current = _start_like(game)
    out = [current.copy()]
    for action in game.history:
        current.apply(action)
        out.append(current.copy())
    if game.resigned is not None:
        out[-1].resign(game.resigned)
    return out
