"""JSON from storage, read defensively: bounded size, bounded nesting, finite numbers.

Anything a browser's storage holds may have been written by an older page, another
program or a person with the developer tools open, so it is input like any other.
``json.loads`` recurses once per ``[``/``{``: twenty thousand of them overflow the
interpreter's stack (in Pyodide, the JavaScript stack: a fatal "Maximum call stack size
exceeded").  :func:`loads` therefore measures the nesting *before* parsing, refuses
``NaN``/``Infinity`` and numbers that overflow (``1e999``), and raises one typed error,
:class:`BadJSON`, whose message says in plain words what is wrong.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from paisho_core.errors import PaiShoError
from paisho_page.i18n import _

MAX_CHARS = 1_000_000
"""Longest text :func:`loads` parses by default (characters)."""
MAX_DEPTH = 16
"""Deepest nesting of arrays/objects :func:`loads` accepts by default."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class BadJSON(PaiShoError):
    """Stored text that is not JSON this project accepts (the message says why)."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in ``text``, brackets inside strings ignored.

    Iterative (no recursion), so any text is safe to measure.
    """
    if text.count("[") + text.count("{") <= 1:
        return 1 if ("[" in text or "{" in text) else 0
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJSON(_("the number {number} is too large").format(number=repr(text[:40])))
    return value


def _no_constant(text: str) -> Any:
    raise BadJSON(_("{text} is not a number this page stores").format(text=repr(text)))


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse stored JSON text; raise :class:`BadJSON` (never anything else) if it is
    too long, nested deeper than ``max_depth``, malformed, or holds a non-finite or
    oversized number."""
    if not isinstance(text, str):
        raise BadJSON(_("stored data must be text, not {kind}").format(kind=type(text).__name__))
    if len(text) > max_chars:
        raise BadJSON(_("it is too long ({n} characters, at most {limit})").format(
            n=len(text), limit=max_chars
        ))
    depth = nesting_depth(text)
    if depth > max_depth:
        raise BadJSON(_("it is nested too deeply ({depth} levels, at most {limit})").format(
            depth=depth, limit=max_depth
        ))
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except BadJSON:
        raise
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadJSON(_("it is nested too deeply")) from None
    except json.JSONDecodeError as exc:
        raise BadJSON(
            _("it is not valid JSON (a fault at character {n})").format(n=exc.pos + 1)
        ) from None
    except ValueError:  # an integer with more digits than Python converts
        raise BadJSON(_("it holds a number with too many digits")) from None
