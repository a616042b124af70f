"""The translatable text of an HTML page, found and replaced (standard library only).

The English pages in ``site/`` are the source: the Babel extractor
(``sitebuild/babel_html.py``) takes their messages with :func:`messages`, and the build
writes each language's pages with :func:`translate`, through the same walk, so the two
always agree.

A message is a *sentence*: the inline content of a block (``p``, ``li``, ``td``,
``button``, ``label``, ``h2``…; any element not in :data:`INLINE` or :data:`KEPT`
delimits messages, and so does a comment) with its inline elements as numbered tag
placeholders (:mod:`sitebuild.tagholders`), entities decoded and whitespace collapsed::

    In the game, choose <1>Embed</1> (or <2>Share</2>) and use its link's <3/> part

``<1>…</1>`` is an element whose words are translated (:data:`INLINE`), ``<3/>`` one
kept whole (:data:`KEPT`: code, an icon, an input). A run of elements with no words
between them (``<a>Play</a> <a>Rules</a>``, ``<a>Back</a> · <a>Rules</a>``) is no
sentence: each element is its own message. Elements with no text at either end of a
sentence (an icon before a button's word) stay out of it. A translation puts the
original tags, every attribute kept, around its words in its own order; one whose
placeholders differ from the source's is not used (the English stays).

The attributes in :data:`ATTRIBUTES` and a ``<meta name="description">``'s ``content``
are messages of their own. Nothing inside :data:`SKIP` elements or comments, and no text
without a letter (``×``, ``+``, ``0 / 3``), is a message.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from .htmltree import Element, Node, Raw, Text, parse, source, text_content
from .tagholders import pieces, same_tags

ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
"""Attributes whose values a reader sees or hears."""
INLINE = frozenset({"a", "abbr", "b", "bdi", "bdo", "cite", "data", "del", "dfn", "em",
                    "i", "ins", "mark", "q", "s", "small", "span", "strong", "sub", "sup",
                    "time", "u"})
"""Elements inside a sentence whose words are part of it (``<1>words</1>``)."""
KEPT = frozenset({"code", "kbd", "samp", "var", "svg", "math", "img", "br", "wbr",
                  "input"})
"""Elements inside a sentence kept whole (``<1/>``): code, pictures, line breaks."""
SKIP = frozenset({"script", "style", "code", "kbd", "samp", "var", "svg", "math",
                  "template", "textarea", "pre"})
"""Elements whose content is never translated (code, markup, the board); their own
start tag's attributes are."""

_ATTR = re.compile(r'(\s)(' + "|".join(ATTRIBUTES) + r')="([^"]*)"')
_META_DESCRIPTION = re.compile(r'(<meta\s+name="description"\s+content=")([^"]*)(")')
_LETTER = re.compile(r"[^\W\d_]")

Lookup = Callable[[str], str]


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


def messages(page: str) -> list[Found]:
    """Every message of a page, in order (repeats included)."""
    found: list[Found] = []
    translate(page, _same, found)
    return found


def translate(page: str, lookup: Lookup, found: list[Found] | None = None,
              refused: list[str] | None = None) -> str:
    """The page with every message replaced by ``lookup(message)`` (HTML-escaped, the
    tags of a sentence's placeholders put back); ``found`` collects the messages with
    their lines, ``refused`` the translations not used because their tag placeholders
    differ from the message's."""
    return _Walk(lookup, found, refused).nodes(parse(page))


def _same(text: str) -> str:
    return text


def flows(node: Node) -> bool:
    """True for a node that can be part of a sentence: text, a kept element, or an
    inline element with nothing but such nodes inside."""
    if isinstance(node, Text):
        return True
    if isinstance(node, Raw):
        return False
    if node.name in KEPT:
        return True
    return node.name in INLINE and all(flows(child) for child in node.children)


def _blank(node: Node) -> bool:
    """True for whitespace, or an element without any text (an icon, a ``<br>``)."""
    return not text_content(node).strip()


class _Walk:
    """One walk over a page's tree, writing it with its messages translated."""

    def __init__(self, lookup: Lookup, found: list[Found] | None,
                 refused: list[str] | None) -> None:
        self.lookup = lookup
        self.found = found
        self.refused = refused

    def nodes(self, nodes: list[Node]) -> str:
        """A block's children: runs of inline nodes between the delimiting ones."""
        out: list[str] = []
        run: list[Node] = []
        for node in nodes:
            if flows(node):
                run.append(node)
                continue
            out.append(self.run(run))
            run = []
            out.append(self.block(node) if isinstance(node, Element) else node.text)
        out.append(self.run(run))
        return "".join(out)

    def block(self, element: Element) -> str:
        """An element that delimits messages, with its content translated (unless it is
        one of :data:`SKIP`)."""
        start = self.tag(element.start, element.line)
        if element.name in SKIP:
            return start + source(element.children) + element.end
        return start + self.nodes(element.children) + element.end

    def run(self, run: list[Node]) -> str:
        """A run of inline nodes: a sentence if it has words of its own, else each of
        its elements on its own."""
        if not any(isinstance(node, Text) and is_message(normal(node.text))
                   for node in run):
            return "".join(self.loose(node) for node in run)
        first, last = 0, len(run)
        while _blank(run[first]):
            first += 1
        while _blank(run[last - 1]):
            last -= 1
        return ("".join(self.loose(node) for node in run[:first])
                + self.sentence(run[first:last])
                + "".join(self.loose(node) for node in run[last:]))

    def loose(self, node: Node) -> str:
        """An inline node outside any sentence (its own content may hold one)."""
        if isinstance(node, Element) and node.name not in KEPT:
            return self.tag(node.start, node.line) + self.run(node.children) + node.end
        if isinstance(node, Element):
            return self.kept(node)
        return node.text

    def kept(self, element: Element) -> str:
        """An element kept whole, its start tag's attributes translated."""
        return self.tag(element.start, element.line) + source(element.children) + element.end

    def sentence(self, nodes: list[Node]) -> str:
        """Inline nodes as one message, translated, the tags put back in the
        translation's order."""
        numbered: dict[int, Element] = {}
        raw = "".join(_holders(nodes, numbered))
        lead = raw[: len(raw) - len(raw.lstrip())]
        trail = raw[len(raw.rstrip()):]
        text = normal(raw)
        translated = self.message(text, nodes[0].line)
        if not same_tags(text, translated):
            if self.refused is not None:
                self.refused.append(translated)
            translated = text
        out = [lead]
        for piece in pieces(translated):
            if isinstance(piece, str):
                out.append(html.escape(piece, quote=False))
                continue
            kind, number = piece
            element = numbered[number]
            if kind == "<":
                out.append(self.tag(element.start, element.line))
            elif kind == "</":
                out.append(element.end)
            else:
                out.append(self.kept(element))
        out.append(trail)
        return "".join(out)

    def message(self, text: str, line: int) -> str:
        """A message noted and looked up."""
        if self.found is not None:
            self.found.append(Found(text, line))
        return self.lookup(text)

    def swap(self, value: str, line: int) -> str:
        """An attribute's value translated (as it is when it holds no message)."""
        text = normal(value)
        if not is_message(text):
            return value
        return html.escape(self.message(text, line), quote=True)

    def tag(self, token: str, line: int) -> str:
        """A start tag with its translatable attributes translated."""
        token = _ATTR.sub(partial(_swap_attribute, self.swap, line), token)
        return _META_DESCRIPTION.sub(partial(_swap_description, self.swap, line), token)


def _holders(nodes: list[Node], numbered: dict[int, Element]) -> list[str]:
    """A sentence's nodes as text with tag placeholders; ``numbered`` gets each
    placeholder's element."""
    out: list[str] = []
    for node in nodes:
        if not isinstance(node, Element):
            out.append(node.text)
            continue
        number = len(numbered) + 1
        numbered[number] = node
        if node.name in KEPT:
            out.append(f"<{number}/>")
        else:
            out.append(f"<{number}>")
            out.extend(_holders(node.children, numbered))
            out.append(f"</{number}>")
    return out


def _swap_attribute(swap: Callable[[str, int], str], line: int,
                    match: re.Match[str]) -> str:
    """A translatable attribute (``title="…"``) with its value translated."""
    return f'{match.group(1)}{match.group(2)}="{swap(match.group(3), line)}"'


def _swap_description(swap: Callable[[str, int], str], line: int,
                      match: re.Match[str]) -> str:
    """A meta description with its content translated."""
    return match.group(1) + swap(match.group(2), line) + match.group(3)
