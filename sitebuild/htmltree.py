"""An HTML page as a tree of its own tokens (standard library only).

Just enough of HTML for :mod:`sitebuild.htmltext`: elements with their start and end
tags as written, text, and *raw* pieces (comments, the doctype, scripts and styles, a
stray end tag). Writing the tree back (:func:`source`) gives the page byte for byte: no
tag is ever made up, so a page translated through the tree keeps its markup exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                  "meta", "param", "source", "track", "wbr"})
"""Elements with no end tag."""

_TOKEN = re.compile(
    r"(<!--.*?-->|<script\b[^>]*>.*?</script\s*>|<style\b[^>]*>.*?</style\s*>|<[^>]*>)",
    re.DOTALL | re.IGNORECASE,
)
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)")


@dataclass
class Text:
    """A text node as written (entities not decoded), and the line it starts on."""

    text: str
    line: int


@dataclass
class Raw:
    """Markup that is never a message nor holds one: a comment, the doctype, a script or
    style element, a stray end tag."""

    text: str
    line: int


@dataclass
class Element:
    """An element: its name, its start tag as written, its children and its end tag as
    written (``""`` for a void element or one left open)."""

    name: str
    start: str
    line: int
    children: list[Node] = field(default_factory=list)
    end: str = ""


Node = Text | Raw | Element


def parse(page: str) -> list[Node]:
    """The page's top-level nodes. An end tag closes the nearest open element of its
    name (and any left open inside it); one with no open element is :class:`Raw`."""
    root = Element("", "", 1)
    stack = [root]
    line = 1
    for token in _TOKEN.split(page):
        if not token:
            continue
        _add(stack, token, line)
        line += token.count("\n")
    return root.children


def _add(stack: list[Element], token: str, line: int) -> None:
    """Put one token into the tree whose open elements are ``stack``."""
    tag = _TAG_NAME.match(token) if token.startswith("<") else None
    if not token.startswith("<"):
        stack[-1].children.append(Text(token, line))
    elif tag is None or token.lower().startswith(("<script", "<style")):
        stack[-1].children.append(Raw(token, line))
    elif tag.group(1) == "/":
        name = tag.group(2).lower()
        open_names = [element.name for element in stack]
        if name not in open_names[1:]:
            stack[-1].children.append(Raw(token, line))
            return
        while stack[-1].name != name:
            stack.pop()
        stack.pop().end = token
    else:
        element = Element(tag.group(2).lower(), token, line)
        stack[-1].children.append(element)
        if element.name not in VOID and not token.endswith("/>"):
            stack.append(element)


def source(nodes: list[Node]) -> str:
    """The nodes written back as they were parsed."""
    return "".join(_source(node) for node in nodes)


def _source(node: Node) -> str:
    if isinstance(node, Element):
        return node.start + source(node.children) + node.end
    return node.text


def text_content(node: Node) -> str:
    """The text of a node and everything inside it, as written (comments and scripts
    left out)."""
    if isinstance(node, Text):
        return node.text
    if isinstance(node, Element):
        return "".join(text_content(child) for child in node.children)
    return ""
