"""The review's evaluations kept in the browser, so that a reload (or a second review
of a game that shares positions) asks the worker for none of them again.

One ``localStorage`` entry, :data:`KEY`, holds::

    {"v": 1, "kept": {"<key>": <evaluation JSON>, …}}

keyed as the worker keys an evaluation (:func:`paisho_core.worker.asked_position`: the
position, the move played there, the budget and the viewer), oldest first, at most
:data:`MAX_ENTRIES`.  It is a cache of what the computer can work out again, so a
damaged entry is dropped, never set aside: :func:`read` keeps what is well formed and
:func:`merged` writes the rest over.  Pure: the storage is the page's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from paisho_page.storage.safejson import BadJSON, loads

KEY = "paisho.review.v1"
"""The ``localStorage`` key of the kept evaluations."""
VERSION = 1
MAX_ENTRIES = 600
"""Most evaluations kept (the oldest go first)."""
MAX_CHARS = 600_000
"""Longest stored text read (a longer one is dropped)."""
MAX_DEPTH = 12
"""Deepest nesting read (an evaluation's notes are nested messages)."""
KEY_FORM = re.compile(r"[0-9a-f]{32}")
"""An evaluation's key as the worker writes it."""


def read(text: str | None) -> dict[str, dict[str, Any]]:
    """The kept evaluations (JSON objects, by key), oldest first; whatever is not well
    formed is left out (nothing at all when the text is not a record of them)."""
    if not text:
        return {}
    try:
        data = loads(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except BadJSON:
        return {}
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return {}
    kept = data.get("kept")
    if not isinstance(kept, dict):
        return {}
    return {key: value for key, value in list(kept.items())[-MAX_ENTRIES:]
            if KEY_FORM.fullmatch(key) and isinstance(value, dict)}


def merged(text: str | None, new: Mapping[str, Mapping[str, object]]) -> str:
    """The stored text with ``new`` evaluations added (the newest last, the oldest
    dropped past :data:`MAX_ENTRIES` or :data:`MAX_CHARS`)."""
    kept: dict[str, object] = dict(read(text))
    for key, value in new.items():
        if KEY_FORM.fullmatch(key):
            kept.pop(key, None)
            kept[key] = dict(value)
    items = list(kept.items())[-MAX_ENTRIES:]
    while True:  # the oldest go until the text fits what read() takes
        out = json.dumps({"v": VERSION, "kept": dict(items)}, separators=(",", ":"))
        if len(out) <= MAX_CHARS or not items:
            return out
        items = items[max(1, len(items) // 8):]
