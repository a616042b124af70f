"""JSON from outside the engine, read defensively: bounded size, nesting and numbers.

Anything a link, a save or a file holds may have been written by hand, by an older app
or by someone probing the site, so it is input like any other.  ``json.loads`` recurses
once per ``[``/``{``: a few thousand of them overflow the interpreter's stack (in
Pyodide, whose limit is far lower than CPython's, the JavaScript stack: a fatal
"Maximum call stack size exceeded").  :func:`loads` therefore measures the nesting
*before* parsing, without recursion, and then parses with the standard library, refusing
``NaN``/``Infinity``, numbers that overflow (``1e999``) or have more digits than
:data:`MAX_DIGITS`, and an object that names a key twice.  Every failure is one typed
error, :class:`BadJSON` (a :class:`~paisho_core.errors.PaiShoError`), whose message says
in plain words what is wrong and quotes at most a short excerpt of the text.

Every JSON the engine reads from a link (a demo link, a game's set-up position) goes
through :func:`loads`; the page's storage reader (``paisho_page.storage.safejson``) is this one.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import PaiShoError, quote
from .messages import msg

MAX_CHARS = 1_000_000
"""Longest text :func:`loads` parses by default (characters)."""
MAX_DEPTH = 16
"""Deepest nesting of arrays/objects :func:`loads` accepts by default (every format of
the project needs at most 6; Pyodide's stack holds far more than 16)."""
MAX_DIGITS = 400
"""Most digits of one number :func:`loads` accepts (a seed needs 39)."""

_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A string (to its end when it is not closed: each character is read once) or a bracket."""


class BadJSON(PaiShoError):
    """Text that is not JSON this project accepts (the message says why)."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in ``text``, brackets inside strings ignored.

    Iterative (no recursion) and linear in the text's length, so any text is safe to
    measure; an unclosed string hides the brackets after it (the parser refuses it
    there, before reading them).
    """
    if "[" not in text and "{" not in text:
        return 0
    depth = deepest = 0
    for match in _TOKEN.finditer(text):
        char = match.group()[0]
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char != '"':
            depth = max(0, depth - 1)
    return deepest


def _digits(text: str) -> str:
    if len(text) > MAX_DIGITS:
        raise BadJSON(msg("it holds a number with too many digits"))
    return text


def _float(text: str) -> float:
    value = float(_digits(text))
    if not math.isfinite(value):
        raise BadJSON(msg("the number {number} is too large", number=quote(text)))
    return value


def _int(text: str) -> int:
    return int(_digits(text))


def _constant(text: str) -> Any:
    raise BadJSON(msg("{text} is not a number this page stores", text=quote(text)))


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BadJSON(msg("it names the key {key} twice", key=quote(key)))
        out[key] = value
    return out


def loads(text: object, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text``; raise :class:`BadJSON` (never anything else) if it is not
    text, too long, nested deeper than ``max_depth``, malformed, names a key twice, or
    holds a non-finite or oversized number."""
    if not isinstance(text, str):
        raise BadJSON(msg("stored data must be text, not {kind}", kind=type(text).__name__))
    if len(text) > max_chars:
        raise BadJSON(msg("it is too long ({n} characters, at most {limit})",
                          n=len(text), limit=max_chars))
    depth = nesting_depth(text)
    if depth > max_depth:
        raise BadJSON(msg("it is nested too deeply ({depth} levels, at most {limit})",
                          depth=depth, limit=max_depth))
    try:
        return json.loads(
            text,
            parse_float=_float,
            parse_int=_int,
            parse_constant=_constant,
            object_pairs_hook=_object,
        )
    except BadJSON:
        raise
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadJSON(msg("it is nested too deeply")) from None
    except json.JSONDecodeError as exc:
        raise BadJSON(
            msg("it is not valid JSON (a fault at character {n})", n=exc.pos + 1)
        ) from None
    except ValueError:  # pragma: no cover - the digit bound comes first
        raise BadJSON(msg("it holds a number with too many digits")) from None
