"""JSON from storage, read defensively: the engine's bounded reader, in the page's words.

Anything a browser's storage holds may have been written by an older page, another
program or a person with the developer tools open, so it is input like any other.
:func:`loads` is :func:`paisho_core.boundedjson.loads` (size and nesting measured
before parsing, without recursion; non-finite, oversized and overlong numbers and
repeated keys refused); its one typed error, :class:`BadJSON`, is the engine's
:class:`~paisho_core.boundedjson.BadJSON` whose ``str()`` is the message in the page's
language.
"""

from __future__ import annotations

from typing import Any

from paisho_core import boundedjson
from paisho_core.boundedjson import MAX_CHARS, MAX_DEPTH, nesting_depth
from paisho_page.words.i18n import describe

__all__ = ["MAX_CHARS", "MAX_DEPTH", "BadJSON", "loads", "nesting_depth"]


class BadJSON(boundedjson.BadJSON):
    """Stored text that is not JSON this project accepts (``str()``: why, translated)."""


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse stored JSON text; raise :class:`BadJSON` (never anything else) if it is
    too long, nested deeper than ``max_depth``, malformed, or holds a non-finite or
    oversized number or a repeated key."""
    try:
        return boundedjson.loads(text, max_chars, max_depth)
    except boundedjson.BadJSON as exc:
        raise BadJSON(describe(exc)) from None
