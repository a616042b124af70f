"""Share a rules demo by its link alone: the demo's JSON in the URL fragment, checked.

A demo made in the Studio (or any demo of the library, ``paisho_core/demos/``) travels
as the same JSON object as the library's demos, plus a ``"variant"`` key (a library
file names the variant once for all its demos)::

    {"variant": "skud", "name": "skud-my-point", "title": "…", "rules": [],
     "start": {"setup": {…}} | {"moves": "…"} | {"bag": "…"}, "caption": "…",
     "highlight": ["(1,1)"], "steps": [{"action": "…", "caption": "…",
     "alternatives": [{"caption": "If instead …", "steps": [{"action": "…", …}]}]}], …}

A step's ``alternatives`` ("if instead…", :mod:`paisho_core.demos`) are optional JSON
like any other key: a demo without them writes the same link as before they existed.

:func:`encode` checks it (shape, bounds, and every step replayed through the engine)
and writes its payload; :func:`decode` trusts nothing in a payload and gives back the
identical JSON object (same keys, same order, same values) with the parsed
:class:`~paisho_core.demos.Demo`, or raises :class:`DemoLinkError` with a message fit
for the reader (it names the first bad step, quoting no caption).

Where the payload goes
----------------------
The embed page reads it as ``embed.html#demo=~1<digits>`` (and the same in the query),
beside the library's ``embed.html#demo=NAME``; the Studio writes such links and opens
``studio.html#demo=~1…`` to edit one again.  A demo name never holds ``~`` (lower-case
letters, digits and ``-`` only), so a page tells the two apart by the first character of
the value, and ``embed.js``'s redirect to a pre-rendered demo page (names it knows)
leaves it alone.  The other embed parameters sit beside it as beside a demo name
(``#demo=~1…&step=2&orient=guest``): the digits use only ``A–Z a–z 0–9 - _``, which
``URLSearchParams`` leaves untouched.  :func:`fragment` writes ``#demo=~1…``;
:func:`payload_of` accepts a full URL, a fragment or query (``demo=`` among other
parameters), or the bare payload.

Format, version 1
-----------------
``payload = "~" + version + digits``; ``version`` is one character, ``"1"``
(:data:`FORMAT_VERSION`); any other is refused ("unknown demo link version"), so a
later format can take another while old links keep their reader.

``digits`` is URL-safe base64 without padding (``A–Z a–z 0–9 - _``) of
``body + crc24("~" + version + body)`` (3 bytes, big-endian; the CRC-24 of game
links, :func:`paisho_core.link.crc24`), where ``body`` is the demo's JSON text
(UTF-8, no spaces: ``json.dumps(demo, ensure_ascii=False, separators=(",", ":"))``)
compressed with raw DEFLATE (``zlib``, ``wbits=-15``, level 9) against the preset
dictionary :data:`ZDICT` (the schema's keys and common words: part of version 1,
never to change).  A truncated or altered link fails the checksum instead of opening
another demo.

Bounds (each refused with a plain message): a payload of at most
:data:`MAX_PAYLOAD` characters, a JSON text of at most :data:`MAX_JSON` bytes nested at
most :data:`MAX_DEPTH` deep (read by :mod:`paisho_core.boundedjson`: no repeated key,
no overlong number), at most
:data:`MAX_STEPS` steps, a caption of at most :data:`MAX_CAPTION` characters, a title
of at most :data:`MAX_TITLE`, at most :data:`MAX_MARKS` highlighted points or refused
actions per step (and ``rules`` or ``options`` entries), a ``start.moves`` of at most
:data:`MAX_MOVES` characters; at most :data:`MAX_ALTERNATIVES` alternatives on a step,
each of at most :data:`MAX_ALTERNATIVE_STEPS` steps, and :data:`MAX_ALTERNATIVE_TOTAL`
steps of alternatives in the whole demo (an alternative's caption and steps bounded as
the main steps'; its steps carry no alternatives).

Captions and titles are text: the engine never interprets them (``<img src=x …>``
comes back as those characters); the page sets them with ``textContent``.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import boundedjson
from .demos import (
    MAX_ALTERNATIVE_STEPS,
    MAX_ALTERNATIVE_TOTAL,
    MAX_ALTERNATIVES,
    Demo,
    DemoError,
    frames,
    parse_demo,
)
from .errors import PaiShoError, quote
from .link import crc24
from .messages import Message, msg
from .registry import variant_names

PREFIX = "~"
"""First character of a demo payload (never in a demo name)."""
FORMAT_VERSION = "1"
"""The version character this module writes and reads."""
KEY = "demo"
"""The fragment's (or query's) key: ``#demo=~1…``."""

MAX_PAYLOAD = 8000
"""Longest payload (``~1…``) accepted, in characters."""
MAX_JSON = 64_000
"""Longest JSON text a payload may unpack to, in bytes (a zip bomb opens nothing)."""
MAX_STEPS = 100
"""Most steps after the start."""
MAX_CAPTION = 500
"""Longest caption, in characters."""
MAX_TITLE = 120
"""Longest title, in characters."""
MAX_MARKS = 60
"""Most highlighted points, or refused actions, of one step."""
MAX_MOVES = 20_000
"""Longest ``start.moves`` text, in characters."""
MAX_DEPTH = 8
"""Deepest nesting of the demo's JSON (a demo needs 5: a step's marks, a start's
reserves; 8 with alternatives: the marks of an alternative's step); measured before
parsing (:mod:`paisho_core.boundedjson`)."""

ZDICT = (
    b'"refused":["(0,0)"],"highlight":["(1,1)","(-1,-1)"],"to_move":"guest"},'
    b'"reserves":{"host":{},"guest":{}},"tiles":{"(0,8)":"HR3"},"board":{},"hands":[],'
    b'"start":{"setup":{"bag":"","moves":""},"options":[],"seed":null,"outcome":"'
    b'harmony-ring","rules":["skud-r1"],"title":"","steps":[{"action":"","caption":"'
    b"The Host Guest White Lotus Orchid Jasmine Lily Jade Rose Rhododendron Chrysanthemum"
    b" Knotweed Wheel Boat Rock Dragon harmony clash capture Gate garden move moves tile"
    b" tiles flower point points plant of the and to a is it on in its this that can not"
    b' with by from one two here now", "name":"skud-","wiki-","ancient-","balance-'
    b'","variant":"skud","name":"'
)
"""The DEFLATE preset dictionary of version 1 (frozen: changing it changes the format)."""

_DIGITS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_TOP_KEYS = frozenset(
    {
        "variant",
        "name",
        "title",
        "rules",
        "options",
        "seed",
        "start",
        "caption",
        "highlight",
        "refused",
        "steps",
        "outcome",
    }
)
_MARK_KEYS = frozenset({"action", "caption", "highlight", "refused"})
"""The keys of an alternative's step."""
_STEP_KEYS = _MARK_KEYS | {"alternatives"}
_ALTERNATIVE_KEYS = frozenset({"caption", "steps"})
_DAMAGED = msg(
    "the demo link is damaged or incomplete (its checksum does not match): copy it again"
)


class DemoLinkError(PaiShoError):
    """A demo that cannot be shared, or a demo link that cannot be opened (says why)."""


@dataclass(frozen=True)
class DecodedDemo:
    """A demo read from a link: its JSON object (as it was encoded) and the parsed demo."""

    data: dict[str, Any]
    demo: Demo


# ----------------------------------------------------------------------------- checks
def _text_ok(value: str, what: Message, limit: int) -> None:
    """``value`` (``what``: the text it is, in words) is at most ``limit`` characters of
    text, else :class:`DemoLinkError`."""
    if len(value) > limit:
        raise DemoLinkError(msg("{what} is too long: {length} characters (at most {limit})",
                                what=what, length=len(value), limit=limit))
    if "\0" in value:
        raise DemoLinkError(msg("{what} holds a NUL character", what=what))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise DemoLinkError(msg(
            "{what} holds a character that is not text (a lone surrogate)", what=what
        )) from None


def _step_bounds(raw: Mapping[str, Any], where: Message) -> None:
    caption = raw.get("caption")
    if isinstance(caption, str):
        _text_ok(caption, msg("the caption of {where}", where=where), MAX_CAPTION)
    for key in ("highlight", "refused"):
        items = raw.get(key)
        if isinstance(items, list):
            if len(items) > MAX_MARKS:
                raise DemoLinkError(msg("{where} has {count} {key} entries (at most {limit})",
                                        where=where, count=len(items), key=key,
                                        limit=MAX_MARKS))
            for item in items:
                if isinstance(item, str):
                    _text_ok(item, msg("a {key} entry of {where}", key=key, where=where), 200)
    action = raw.get("action")
    if isinstance(action, str):
        _text_ok(action, msg("the action of {where}", where=where), 200)


def _alternatives_bounds(found: object, number: int) -> int:
    """Check step ``number``'s alternatives (their count, keys, captions and steps) and
    give how many steps they have; the shape itself is :func:`~paisho_core.demos.parse_demo`'s."""
    if not isinstance(found, list):
        return 0
    if len(found) > MAX_ALTERNATIVES:
        raise DemoLinkError(msg("step {number} has {count} alternatives (at most {limit})",
                                number=number, count=len(found), limit=MAX_ALTERNATIVES))
    steps = 0
    for index, alt in enumerate(found, 1):
        if not isinstance(alt, Mapping):
            continue
        where = msg("alternative {index} of step {number}", index=index, number=number)
        unknown = sorted(str(k) for k in set(alt) - _ALTERNATIVE_KEYS)
        if unknown:
            raise DemoLinkError(msg("{where} has an unknown key {key}", where=where,
                                    key=quote(unknown[0])))
        caption = alt.get("caption")
        if isinstance(caption, str):
            _text_ok(caption, msg("the caption of {where}", where=where), MAX_CAPTION)
        inner = alt.get("steps")
        if not isinstance(inner, list):
            continue
        if len(inner) > MAX_ALTERNATIVE_STEPS:
            raise DemoLinkError(msg("{where} has {count} steps (at most {limit})", where=where,
                                    count=len(inner), limit=MAX_ALTERNATIVE_STEPS))
        for place, step in enumerate(inner, 1):
            if isinstance(step, Mapping):
                there = msg("step {place} of {where}", place=place, where=where)
                unknown = sorted(str(k) for k in set(step) - _MARK_KEYS)
                if unknown:
                    raise DemoLinkError(msg("{where} has an unknown key {key}", where=there,
                                            key=quote(unknown[0])))
                _step_bounds(step, there)
        steps += len(inner)
    return steps


def check_shape(data: object) -> Demo:
    """The demo of a JSON object, its shape and bounds checked (not yet replayed).

    Raises :class:`DemoLinkError` naming the first thing wrong (the key, the step).
    """
    if not isinstance(data, Mapping):
        raise DemoLinkError(msg("a demo must be a JSON object"))
    unknown = sorted(str(k) for k in set(data) - _TOP_KEYS)
    if unknown:
        raise DemoLinkError(msg("the demo has an unknown key {key}", key=quote(unknown[0])))
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in variant_names():
        raise DemoLinkError(msg("the demo's 'variant' must be one of {known}, not {value}",
                                known=", ".join(variant_names()), value=quote(variant)))
    title = data.get("title")
    if isinstance(title, str):
        _text_ok(title, msg("the title"), MAX_TITLE)
    _step_bounds(data, msg("the start (step 0)"))
    steps = data.get("steps", [])
    if isinstance(steps, list):
        if len(steps) > MAX_STEPS:
            raise DemoLinkError(msg("the demo has {count} steps (at most {limit})",
                                    count=len(steps), limit=MAX_STEPS))
        total = 0
        for number, step in enumerate(steps, 1):
            if isinstance(step, Mapping):
                unknown = sorted(str(k) for k in set(step) - _STEP_KEYS)
                if unknown:
                    raise DemoLinkError(msg("step {number} has an unknown key {key}",
                                            number=number, key=quote(unknown[0])))
                _step_bounds(step, msg("step {number}", number=number))
                total += _alternatives_bounds(step.get("alternatives"), number)
                if total > MAX_ALTERNATIVE_TOTAL:
                    raise DemoLinkError(msg(
                        "the demo's alternatives have {count} steps in all (at most {limit})",
                        count=total, limit=MAX_ALTERNATIVE_TOTAL,
                    ))
    for key in ("rules", "options"):
        items = data.get(key)
        if isinstance(items, list):
            if len(items) > MAX_MARKS:
                raise DemoLinkError(msg("the demo has {count} {key} (at most {limit})",
                                        count=len(items), key=key, limit=MAX_MARKS))
            for item in items:
                if isinstance(item, str):
                    _text_ok(item, msg("an entry of {key}", key=key), MAX_TITLE)
    start = data.get("start")
    if isinstance(start, Mapping) and isinstance(start.get("moves"), str):
        _text_ok(start["moves"], msg("the start's moves"), MAX_MOVES)
    raw = {k: v for k, v in data.items() if k != "variant"}
    try:
        return parse_demo(raw, variant)
    except DemoError as error:
        raise DemoLinkError(error.message) from None


def check(data: object) -> Demo:
    """Check a demo's JSON object through and through: shape, bounds, then every step
    replayed by the engine (legal actions, refused ones illegal, the outcome).

    Returns the parsed demo; raises :class:`DemoLinkError` naming the first bad step
    (``demo skud-x, step 3: …``).  An engine that chokes on a hostile set-up is
    reported as a message too, never as a stack trace.
    """
    demo = check_shape(data)
    try:
        frames(demo)
    except PaiShoError as error:
        raise DemoLinkError(error.message) from None
    except Exception as error:  # a hostile start must not become a stack trace
        raise DemoLinkError(msg(
            "demo {name}: the start cannot be set up ({error})",
            name=demo.name, error=type(error).__name__,
        )) from None
    return demo


# ----------------------------------------------------------------------------- encode
def _json_text(data: Mapping[str, Any]) -> bytes:
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise DemoLinkError(msg("the demo is not plain JSON ({error})", error=str(error))) from None
    return text.encode("utf-8")


def _compress(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ZDICT)
    return packer.compress(data) + packer.flush()


def _sum(body: bytes) -> bytes:
    return crc24((PREFIX + FORMAT_VERSION).encode("ascii") + body).to_bytes(3, "big")


def encode(data: Mapping[str, Any]) -> str:
    """The payload (``~1…``) of a demo's JSON object, checked by :func:`check` first.

    Raises :class:`DemoLinkError` when the demo is malformed, out of bounds, replays to
    an illegal step, or makes a payload longer than :data:`MAX_PAYLOAD`.
    """
    check(data)
    text = _json_text(data)
    if len(text) > MAX_JSON:
        raise DemoLinkError(msg("the demo is too big: {size} bytes of JSON (at most {limit})",
                                size=len(text), limit=MAX_JSON))
    body = _compress(text)
    digits = base64.urlsafe_b64encode(body + _sum(body)).decode("ascii").rstrip("=")
    payload = PREFIX + FORMAT_VERSION + digits
    if len(payload) > MAX_PAYLOAD:
        raise DemoLinkError(msg(
            "the demo link would be {length} characters long (at most {limit}): shorten the"
            " captions or use fewer steps",
            length=len(payload), limit=MAX_PAYLOAD,
        ))
    return payload


def fragment(data: Mapping[str, Any]) -> str:
    """``"#demo=" + encode(data)``: the fragment for ``embed.html`` (see the docstring)."""
    return f"#{KEY}={encode(data)}"


# ----------------------------------------------------------------------------- decode
def payload_of(text: str) -> str:
    """The payload in a full URL, a ``#…``/``?…`` part holding ``demo=~1…`` among other
    parameters, or a bare payload (white space trimmed)."""
    text = text.strip()
    if text.startswith(PREFIX):
        return text
    for part in text.replace("?", "&").replace("#", "&").split("&"):
        key, eq, value = part.partition("=")
        if eq and key == KEY and value.startswith(PREFIX):
            return value.strip()
    return text


def _unpack(payload: str) -> bytes:
    if not payload:
        raise DemoLinkError(msg("the demo link is empty"))
    if len(payload) > MAX_PAYLOAD:
        raise DemoLinkError(msg(
            "the demo link is too long: {length} characters (at most {limit})",
            length=len(payload), limit=MAX_PAYLOAD,
        ))
    if not payload.startswith(PREFIX):
        raise DemoLinkError(msg("this is not a demo link (a demo link starts with '~')"))
    version, digits = payload[1:2], payload[2:]
    if version != FORMAT_VERSION:
        shown = version if version in _DIGITS else "?"
        raise DemoLinkError(msg(
            "unknown demo link version {version}: this app reads version {known}"
            " (the link may come from a newer app, or be damaged)",
            version=repr(shown), known=FORMAT_VERSION,
        ))
    for position, char in enumerate(digits, 3):
        if char not in _DIGITS:
            raise DemoLinkError(msg(
                "the demo link has a character that demo links never contain at position"
                " {position}",
                position=position,
            ))
    if len(digits) % 4 == 1:
        raise DemoLinkError(_DAMAGED)
    try:
        raw = base64.urlsafe_b64decode(digits + "=" * (-len(digits) % 4))
    except (binascii.Error, ValueError):
        raise DemoLinkError(_DAMAGED) from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != digits:
        raise DemoLinkError(_DAMAGED)  # stray bits in the last digit: one link per demo
    body, check_sum = raw[:-3], raw[-3:]
    if len(raw) < 4 or _sum(body) != check_sum:
        raise DemoLinkError(_DAMAGED)
    unpacker = zlib.decompressobj(-15, ZDICT)
    try:
        text = unpacker.decompress(body, MAX_JSON + 1)
    except zlib.error:
        raise DemoLinkError(_DAMAGED) from None
    if len(text) > MAX_JSON or unpacker.unconsumed_tail:
        raise DemoLinkError(msg("the demo link unpacks to more than {limit} bytes: refused",
                                limit=MAX_JSON))
    if not unpacker.eof or unpacker.unused_data:
        raise DemoLinkError(_DAMAGED)
    return text


def decode(text: str) -> DecodedDemo:
    """Open a demo link (see :func:`payload_of` for what ``text`` may be).

    Returns the identical JSON object that was encoded and its parsed demo, every step
    replayed and checked.  Raises :class:`DemoLinkError` for a damaged, oversized or
    unknown-version link, JSON of the wrong shape, bounds exceeded, or an illegal step
    (the message names the first bad step).
    """
    if not isinstance(text, str):
        raise DemoLinkError(msg("the demo link is not text"))
    raw = _unpack(payload_of(text))
    try:
        data = boundedjson.loads(raw.decode("utf-8"), MAX_JSON, MAX_DEPTH)
    except UnicodeDecodeError:
        raise DemoLinkError(
            msg("the demo link does not hold a demo (its JSON is not valid)")
        ) from None
    except boundedjson.BadJSON as error:
        raise DemoLinkError(msg("the demo link does not hold a demo: {reason}",
                                reason=error.message)) from None
    demo = check(data)
    return DecodedDemo(data, demo)
