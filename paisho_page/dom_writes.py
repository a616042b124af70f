"""What a page writes into its elements, as data: pure logic for the page.

A :class:`Write` names an element by id and one thing to set on it: its text (always
``textContent``, never HTML), a property (``hidden``, ``disabled``, ``value``, ``href``,
``max``…), an attribute or a ``data-*`` entry.  The page logic returns a tuple of them
(tested under CPython: which element says what); ``site/dom.py``'s ``apply`` carries
them out and skips an element the page does not have.
"""

from __future__ import annotations

from dataclasses import dataclass

TEXT, PROP, ATTR, DATA = "text", "prop", "attr", "data"
"""The kinds of write: text content, a property, an attribute, a ``dataset`` entry."""


@dataclass(frozen=True)
class Write:
    """Set ``name`` (of kind ``kind``) of the element ``target`` (an id) to ``value``."""

    target: str
    kind: str
    name: str
    value: str | bool


def text(target: str, value: str) -> Write:
    """Set the element's text (``textContent``)."""
    return Write(target, TEXT, "textContent", value)


def hidden(target: str, flag: bool) -> Write:
    """Hide (or show) the element."""
    return Write(target, PROP, "hidden", flag)


def disabled(target: str, flag: bool) -> Write:
    """Disable (or enable) the control."""
    return Write(target, PROP, "disabled", flag)


def prop(target: str, name: str, value: str | bool) -> Write:
    """Set the element's property ``name`` (``value``, ``href``, ``max``…)."""
    return Write(target, PROP, name, value)


def attr(target: str, name: str, value: str) -> Write:
    """Set the element's attribute ``name``."""
    return Write(target, ATTR, name, value)


def data(target: str, name: str, value: str) -> Write:
    """Set the element's ``dataset[name]`` (camel case, as ``dataset`` names it)."""
    return Write(target, DATA, name, value)


def by_target(writes: tuple[Write, ...]) -> dict[tuple[str, str], str | bool]:
    """The writes as ``{(target, name): value}`` (the last write wins), for tests."""
    return {(w.target, w.name): w.value for w in writes}
