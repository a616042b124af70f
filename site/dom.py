"""Small DOM helpers shared by the page modules (``game_page``, ``share``, ``balance_ui``,
``embed_page``, ``computer``): the page's ``document`` and ``window``, JavaScript
``null`` as ``None``, element look-ups, event listeners whose proxies live as long as
the page, text-only element creation, and carrying out the page logic's writes."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
from collections.abc import Callable, Iterable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from paisho_page.base import page_guard
from paisho_page.base.dom_writes import ATTR, BODY, CLASS, DATA, DROP, SELF, Write
from paisho_page.base.elements import Element
from paisho_page.words import i18n


class _PageGlobal:
    """A global of the page (``document``, ``window``) looked up each time it is used.

    The page modules import these instead of PyScript's, so they import without a page:
    the build imports them into the memory snapshot (in Node), and pages start with
    them compiled and loaded.
    """

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        """Stand for ``js.<name>``."""
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        """``js.<name>.<attr>`` (raises ``AttributeError`` if there is none)."""
        return getattr(getattr(js, self._name), attr)

    def __repr__(self) -> str:
        """Name the global it stands for."""
        return f"<page {self._name}>"


document: Any = _PageGlobal("document")
window: Any = _PageGlobal("window")

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
    """Add an event listener whose proxy lives as long as the page; an exception that
    escapes it is caught and shown (:func:`show_failure`), never left to the console."""

    def guarded(*args: Any) -> Any:
        try:
            return handler(*args)
        except Exception as exc:
            show_failure(page_guard.caught("event", exc))
            return None

    element.addEventListener(event, keep(guarded))


def idle(work: Callable[[], None], timeout_ms: int = 2000) -> None:
    """Run ``work`` once when the browser is next idle (at the latest after
    ``timeout_ms``); an exception that escapes it is caught and shown, as in :func:`on`."""
    _when_idle(lambda _deadline: work(), timeout_ms)


def idle_steps(steps: Iterable[object], reserve_ms: float = 20.0) -> None:
    """Run ``steps`` while the browser is idle: at each idle period as many steps as fit
    while at least ``reserve_ms`` of it remain (at least one), then wait for the next;
    without ``requestIdleCallback``, a step at each wait.  An exception that escapes a
    step ends them and is shown, as in :func:`on`."""
    each = iter(steps)

    def run(deadline: Any) -> None:
        for _ in each:
            if deadline is None or deadline.timeRemaining() < reserve_ms:
                _when_idle(run)
                return

    _when_idle(run)


def _when_idle(work: Callable[[Any], None], timeout_ms: int = 2000) -> None:
    """Call ``work(deadline)`` once when the browser is next idle (at the latest after
    ``timeout_ms``), with its ``IdleDeadline``; without ``requestIdleCallback``
    (Safari), after 200 ms with ``None``.  An exception that escapes it is shown."""

    def guarded(deadline: Any = None) -> None:
        try:
            work(deadline)
        except Exception as exc:
            show_failure(page_guard.caught("event", exc))

    callback = create_once_callable(guarded)
    if hasattr(js.window, "requestIdleCallback"):
        options = to_js({"timeout": timeout_ms}, dict_converter=js.Object.fromEntries)
        js.window.requestIdleCallback(callback, options)
    else:  # (Safari)
        js.window.setTimeout(callback, 200)


FAILURE_HOOKS: list[Callable[[page_guard.Failure], None]] = []
"""Called when a page's start fails (e.g. the saved game it was resuming is marked)."""


def show_failure(failure: page_guard.Failure) -> None:
    """Show ``failure`` in the page's failure box (:mod:`paisho_page.base.page_guard`) and,
    for a failed start, end it (``<html data-engine="failed">``).  Never raises."""
    try:
        js.console.error(f"paisho: {failure.stage} failed: {failure.kind}")
        apply(page_guard.failure_writes(failure))
        button = el(page_guard.BUTTON)
        if button is not None and not _WIRED:
            _WIRED.append(button)
            button.addEventListener("click", keep(_start_fresh))
    except Exception as exc:  # the page is beyond help: the console says why
        js.console.error(f"paisho: the failure could not be shown: {exc!r}")
    if failure.at_start:
        for hook in FAILURE_HOOKS:
            with contextlib.suppress(Exception):
                hook(failure)
        with contextlib.suppress(Exception):
            document.documentElement.dataset.engine = "failed"


_WIRED: list[Any] = []
"""The Start fresh button, once its listener is added."""


def _start_fresh(_event: Any) -> None:
    """"Start fresh": the page again, without its link (the game page: resume nothing)."""
    box = el(page_guard.BOX)
    game_page = box is not None and str(box.dataset.page or "") == "game"
    window.location.assign(page_guard.fresh_address(str(window.location.href), game_page))


async def guarded_start(module: str) -> None:
    """Start a page: its language, then ``module``'s ``start()``; whatever escapes either
    is caught and shown (:func:`show_failure`), so no page is left half-started."""
    try:
        await load_language()
    except Exception as exc:  # the page goes on in English
        js.console.error(f"paisho: the page's language could not be loaded: {exc!r}")
    try:
        importlib.import_module(module).start()
    except Exception as exc:
        show_failure(page_guard.caught("start", exc))


def make(tag: str, text: str | None = None, cls: str | None = None) -> Any:
    """A new element, its text set with ``textContent`` (never parsed as HTML)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    return node


async def load_language() -> None:
    """Make the page's language (``<html lang>``) the active one: English needs nothing;
    another language's compiled catalogs are fetched from ``locale/<lang>/`` (one folder
    up: its pages are in ``<lang>/``).  A catalog that cannot be had leaves its words in
    English."""
    lang = str(document.documentElement.lang or i18n.SOURCE)
    if lang == i18n.SOURCE:
        return
    catalogs: dict[str, bytes] = {}

    async def fetch(domain: str) -> None:
        # (interpreter.mjs fetches these as the page starts: the answer is usually there)
        try:
            response = await js.fetch(f"../locale/{lang}/{domain}.mo")
            if response.ok:
                catalogs[domain] = (await response.arrayBuffer()).to_py().tobytes()
        except Exception as exc:
            js.console.warn(f"catalog {lang}/{domain} not loaded: {exc}")

    await asyncio.gather(*(fetch(domain) for domain in i18n.DOMAINS))
    try:
        i18n.activate(lang, catalogs)
    except i18n.CatalogError as exc:
        js.console.warn(str(exc))
        i18n.activate(lang)


def freeze_heap() -> None:
    """Move every object alive now into the garbage collector's permanent generation.

    Called once a page has started: its modules and start-up objects live as long as the
    page, and each collection would scan them all again (Python 3.14's collector scans
    part of the old objects at every young collection).  Frozen, they are skipped, so
    work that makes many short-lived objects (replaying a link, drawing) runs ~2x faster.
    """
    gc.freeze()


def apply(writes: Iterable[Write], node: Any = None) -> None:
    """Carry out the page logic's writes (:mod:`paisho_page.base.dom_writes`); an element the
    page does not have is skipped.  A write to ``SELF`` goes to ``node`` (an element
    without an id), one to ``BODY`` to the page's body.  Text is only ever set as
    ``textContent``."""
    for write in writes:
        target = node if write.target == SELF else _target(write.target)
        if target is None:
            continue
        if write.kind == ATTR:
            target.setAttribute(write.name, write.value)
        elif write.kind == DROP:
            target.removeAttribute(write.name)
        elif write.kind == CLASS:
            target.classList.toggle(write.name, bool(write.value))
        elif write.kind == DATA:
            setattr(target.dataset, write.name, write.value)
        else:  # TEXT (textContent) or PROP
            setattr(target, write.name, write.value)


def _target(name: str) -> Any:
    """The element a write names: the body for ``BODY``, else the one of that id."""
    return document.body if name == BODY else el(name)


def build(element: Element) -> Any:
    """The DOM node of ``element`` (:mod:`paisho_page.base.elements`) and its children; its
    text is set with ``textContent`` only (``innerHTML`` only for the renderer's SVG)."""
    node = make(element.tag, element.text, element.cls)
    if element.id:
        node.id = element.id
    for name, value in element.attrs:
        node.setAttribute(name, value)
    for name, value in element.props:
        setattr(node, name, value)
    if element.svg:
        node.innerHTML = element.svg  # the renderer's output (it escapes everything)
    for child in element.children:
        node.append(build(child))
    return node


def download(text: str, name: str, mime: str) -> None:
    """Save ``text`` as the file ``name`` (a Blob URL, revoked a second later)."""
    kind = to_js({"type": mime}, dict_converter=window.Object.fromEntries)
    url = window.URL.createObjectURL(window.Blob.new(to_js([text]), kind))
    anchor = make("a")
    anchor.href, anchor.download = url, name
    document.body.append(anchor)
    anchor.click()
    anchor.remove()
    window.setTimeout(keep(lambda: window.URL.revokeObjectURL(url)), 1000)
