"""Small DOM helpers shared by the page modules (``main``, ``share``, ``balance_ui``,
``embed``, ``computer``): JavaScript ``null`` as ``None``, element look-ups, event
listeners whose proxies live as long as the page, and text-only element creation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

_proxies: list[Any] = []  # keep event proxies alive for the page's lifetime


def nil(value: Any) -> bool:
    """True for Python ``None`` and JavaScript ``null``/``undefined``."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def opt(value: Any) -> Any:
    """A DOM result, with JavaScript ``null`` turned into ``None``."""
    return None if nil(value) else value


def el(element_id: str) -> Any:
    """The element with this id (``None`` if there is none)."""
    return opt(document.getElementById(element_id))


def closest(node: Any, selector: str) -> Any:
    """``node.closest(selector)``, or ``None``."""
    if nil(node) or not hasattr(node, "closest"):
        return None
    return opt(node.closest(selector))


def keep(handler: Callable[..., Any]) -> Any:
    """A JavaScript function for ``handler`` that lives as long as the page."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    return proxy


def on(element: Any, event: str, handler: Any) -> None:
    """Add an event listener whose proxy lives as long as the page."""
    element.addEventListener(event, keep(handler))


def make(tag: str, text: str | None = None, cls: str | None = None) -> Any:
    """A new element, its text set with ``textContent`` (never parsed as HTML)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    return node
