"""What a page writes into its elements, as data: pure logic for the page.

A :class:`Write` names an element by id and one thing to set on it: its text (always
``textContent``, never HTML), a property (``hidden``, ``disabled``, ``value``, ``href``,
``max``…), an attribute (or its removal), a ``data-*`` entry or a class switched on or
off.  The page logic returns a tuple of them (tested under CPython: which element says
what); ``site/dom.py``'s ``apply`` carries them out and skips an element the page does
not have.  Two targets are no id: :data:`BODY`, the page's ``<body>``, and :data:`SELF`,
the element ``apply`` is given (one without an id, such as a reserve tile's button).
"""

from __future__ import annotations

from dataclasses import dataclass

TEXT, PROP, ATTR, DATA = "text", "prop", "attr", "data"
"""The kinds of write: text content, a property, an attribute, a ``dataset`` entry."""
CLASS, DROP = "class", "drop"
"""Two more kinds: a class switched on or off (``classList.toggle``), an attribute
removed (``removeAttribute``)."""
BODY = "<body>"
"""The target that stands for the page's ``<body>`` (it has no id)."""
SELF = ""
"""The target that stands for the element the writes are applied to (``site/dom.py``'s
``apply(writes, node)``): an element without an id."""


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


def classed(target: str, cls: str, on: bool) -> Write:
    """Switch the element's class ``cls`` on (or off)."""
    return Write(target, CLASS, cls, on)


def no_attr(target: str, name: str) -> Write:
    """Remove the element's attribute ``name`` (its value is False: so it reads in
    :func:`by_target`)."""
    return Write(target, DROP, name, False)


def attr_or_none(target: str, name: str, value: str | None) -> Write:
    """Set the element's attribute ``name`` to ``value``, or remove it (``None``)."""
    return no_attr(target, name) if value is None else attr(target, name, value)


def pressed(target: str, flag: bool) -> Write:
    """The toggle button's ``aria-pressed``: ``"true"`` or ``"false"``."""
    return attr(target, "aria-pressed", "true" if flag else "false")


def by_target(writes: tuple[Write, ...]) -> dict[tuple[str, str], str | bool]:
    """The writes as ``{(target, name): value}`` (the last write wins), for tests."""
    return {(w.target, w.name): w.value for w in writes}
