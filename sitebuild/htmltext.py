"""The translatable text of an HTML page, found and replaced (standard library only).

The English pages in ``site/`` are the source: the Babel extractor
(``sitebuild/babel_html.py``) takes their messages with :func:`messages`, and the build
writes each language's pages with :func:`translate`, through the same walk, so the two
always agree.  A message is a text node (whitespace collapsed, entities decoded) or one
of the attributes in :data:`ATTRIBUTES` (and a ``<meta name="description">``'s
``content``).  Nothing inside :data:`SKIP` elements, comments, or text without a letter
(``×``, ``+``, ``0 / 3``) is a message.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
"""Attributes whose values a reader sees or hears."""
SKIP = frozenset({"script", "style", "code", "svg", "template", "textarea", "pre"})
"""Elements whose content is never translated (code, markup, the board)."""

_TOKEN = re.compile(
    r"(<!--.*?-->|<script\b[^>]*>.*?</script\s*>|<style\b[^>]*>.*?</style\s*>|<[^>]*>)",
    re.DOTALL | re.IGNORECASE,
)
_ATTR = re.compile(r'(\s)(' + "|".join(ATTRIBUTES) + r')="([^"]*)"')
_META_DESCRIPTION = re.compile(r'(<meta\s+name="description"\s+content=")([^"]*)(")')
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)")
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Found:
    """One message of a page: its text and the line it is on (1-based)."""

    text: str
    line: int


def normal(text: str) -> str:
    """A text node or attribute as a message: entities decoded, whitespace collapsed."""
    return " ".join(html.unescape(text).split())


def is_message(text: str) -> bool:
    """True when a normalised text holds a letter (``×`` and ``0 / 3`` are no messages)."""
    return bool(_LETTER.search(text))


def _walk(page: str) -> Iterator[tuple[str, bool, int]]:
    """The page's tokens: ``(token, in_skipped_element, line)``."""
    stack: list[str] = []
    line = 1
    for token in _TOKEN.split(page):
        if not token:
            continue
        if token.startswith("<") and not token.startswith("<!"):
            tag = _TAG_NAME.match(token)
            if tag is not None:
                closing, name = tag.group(1) == "/", tag.group(2).lower()
                if closing and stack and stack[-1] == name:
                    stack.pop()
                    yield token, True, line
                    line += token.count("\n")
                    continue
                if (not closing and name in SKIP and not token.endswith("/>")
                        and name not in ("script", "style")):
                    yield token, bool(stack), line
                    stack.append(name)
                    line += token.count("\n")
                    continue
        yield token, bool(stack), line
        line += token.count("\n")


def messages(page: str) -> list[Found]:
    """Every message of a page, in order (repeats included)."""
    found: list[Found] = []
    translate(page, lambda text: text, found)
    return found


def translate(page: str, lookup: Callable[[str], str], found: list[Found] | None = None) -> str:
    """The page with every message replaced by ``lookup(message)`` (HTML-escaped);
    ``found`` collects the messages with their lines."""
    out: list[str] = []

    def swap(value: str, line: int, quote: bool) -> str:
        text = normal(value)
        if not is_message(text):
            return value
        if found is not None:
            found.append(Found(text, line))
        return html.escape(lookup(text), quote=quote)

    for token, skipped, line in _walk(page):
        if token.startswith("<!") or token.lower().startswith(("<script", "<style")):
            out.append(token)
        elif token.startswith("<"):
            if skipped:
                out.append(token)
                continue
            token = _ATTR.sub(partial(_swap_attribute, swap, line), token)
            token = _META_DESCRIPTION.sub(partial(_swap_description, swap, line), token)
            out.append(token)
        elif skipped or not is_message(normal(token)):
            out.append(token)
        else:
            lead = token[: len(token) - len(token.lstrip())]
            trail = token[len(token.rstrip()):]
            out.append(lead + swap(token, line, False) + trail)
    return "".join(out)


def _swap_attribute(swap: Callable[[str, int, bool], str], line: int,
                    match: re.Match[str]) -> str:
    """A translatable attribute (``title="…"``) with its value translated."""
    return f'{match.group(1)}{match.group(2)}="{swap(match.group(3), line, True)}"'


def _swap_description(swap: Callable[[str, int, bool], str], line: int,
                      match: re.Match[str]) -> str:
    """A meta description with its content translated."""
    return match.group(1) + swap(match.group(2), line, True) + match.group(3)
