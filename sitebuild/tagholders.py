"""Numbered tag placeholders in a message (standard library only).

A sentence of a page with inline markup is one message (:mod:`sitebuild.htmltext`); its
elements are numbered in the order they open: ``<1>Embed</1>`` stands for an element
whose words are translated, ``<3/>`` for one kept whole (``<code>``, an icon, ``<br>``).
A translation may move them, never add, drop or re-nest one: :func:`same_tags` says
whether it keeps them, and a translation that does not is not used.
"""

from __future__ import annotations

import re

TAG_HOLDER = re.compile(r"<(/?)([1-9][0-9]*)(/?)>")
"""A tag placeholder: ``<1>``, ``</1>`` or ``<2/>``."""

Shape = dict[str, int]
"""Each placeholder of a message (``"1"`` for ``<1>…</1>``, ``"2/"`` for ``<2/>``) →
the number of the element it is inside (0: none)."""


def shape(message: str) -> Shape | None:
    """The placeholders of a message and how they nest; ``None`` when they are
    malformed (one opened twice or never closed, ``</2>`` closing ``<1>``)."""
    out: Shape = {}
    stack = [0]
    for match in TAG_HOLDER.finditer(message):
        closing, number, empty = match.group(1), int(match.group(2)), match.group(3)
        if closing and empty:
            return None
        if closing:
            if stack[-1] != number:
                return None
            stack.pop()
            continue
        key = f"{number}/" if empty else str(number)
        if key in out or (f"{number}/" if not empty else str(number)) in out:
            return None
        out[key] = stack[-1]
        if not empty:
            stack.append(number)
    return out if len(stack) == 1 else None


def same_tags(source: str, translation: str) -> bool:
    """True when ``translation`` has exactly the tag placeholders of ``source``, each
    inside the same one (their order and the words around them may differ)."""
    mine = shape(translation)
    return mine is not None and mine == shape(source)


def pieces(message: str) -> list[str | tuple[str, int]]:
    """A well-formed message cut into text and placeholders: ``"a <1>b</1>"`` →
    ``["a ", ("<", 1), "b", ("</", 1)]`` (``("<>", n)`` for ``<n/>``)."""
    out: list[str | tuple[str, int]] = []
    at = 0
    for match in TAG_HOLDER.finditer(message):
        if match.start() > at:
            out.append(message[at:match.start()])
        kind = "</" if match.group(1) else "<>" if match.group(3) else "<"
        out.append((kind, int(match.group(2))))
        at = match.end()
    if at < len(message):
        out.append(message[at:])
    return out
