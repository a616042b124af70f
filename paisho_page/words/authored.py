"""Text an author wrote (a demo link's title and captions, the Studio's) or a link holds
(one kept in the notice), and text from storage (a set-aside reason), made safe to show.

Such text is shown as text (``textContent``, never markup), but a right-to-left
override or an invisible character would still change what the reader sees: an
override turns the words after it around (``‮txt.exe`` reads as ``exe.txt``), a
zero-width space hides inside a word.  :func:`neutral` takes out every bidirectional
control (the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, the
marks U+200E, U+200F and U+061C) and every zero-width character (U+200B–U+200D,
U+2060, U+FEFF); the page shows the rest in an element of its own direction
(``dir="auto"`` or ``<bdi>``), so a right-to-left caption keeps its own order without
turning the page's words around it.  Pure (tested under CPython).
"""

from __future__ import annotations

BIDI_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\u200e", "\u200f", "\u061c"]
)
"""The bidirectional formatting characters: embeddings, overrides, isolates, marks."""
ZERO_WIDTH = frozenset(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
"""The zero-width characters: spaces, joiners, the word joiner, the byte-order mark."""

_DROP = {ord(c): None for c in BIDI_CONTROLS | ZERO_WIDTH}


def neutral(text: str) -> str:
    """``text`` without its bidirectional controls and zero-width characters."""
    return text.translate(_DROP)
