"""Browser contexts kept from one e2e test to the next, each test still starting clean.

A new Chromium context costs about a CPU-second before the page's own work: the
context's network and storage set-up, and a renderer process for Playwright's first
``about:blank`` page.  A test only needs what a fresh context gives its pages: no
storage of any origin, no cached response.  The e2e ``browser`` fixture is a
:class:`PoolingBrowser`: its ``new_context`` hands out a kept context made with the same
options when there is one, and a context's ``close`` gives it back:

- every page the test opened is closed;
- the storage of every origin the context requested while lent (local and session
  storage, IndexedDB, cookies; Cache Storage and service workers too where service
  workers are allowed, see below) and the HTTP cache are cleared through the DevTools
  protocol, from an ``about:blank`` page the pool keeps open in the context (it is in
  ``context.pages``, never navigated);
- a context whose test changed the context itself (routes, init scripts, offline mode,
  permissions, listeners, headers, cookies added…: :data:`CHANGING`) is closed, never
  handed out again.

A kept context blocks service workers unless the test asks for them
(``service_workers="allow"``), and keeps the build's Cache Storage from one test to the
next: the copies the page itself keeps there on a visit (Pyodide, the wheel, the
unpacked memory snapshot: ``site/interpreter.mjs``) are the same for every test of a
run, and a page finding them boots in about two thirds of the CPU of one that fetches
and unpacks them.  So a test in a kept context sees a visitor whose browser already
holds the build's files but runs no service worker: what is only true of a first visit
or of a worker's control is tested in new contexts.  A test that needs what only a new
context has (a first visit's HTTP and code caches, the snapshot's first unpacking, a
service worker's install and its cache, a first visit timed) is marked
``fresh_contexts``: its ``new_context`` calls make new contexts, with the browser's own
defaults.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page

CHANGING = frozenset({
    "add_cookies", "add_init_script", "clear_cookies", "clear_permissions", "expose_binding",
    "expose_function", "grant_permissions", "on", "once", "remove_listener", "route",
    "route_from_har", "route_web_socket", "set_default_navigation_timeout",
    "set_default_timeout", "set_extra_http_headers", "set_geolocation", "set_offline",
    "unroute", "unroute_all", "expect_event", "wait_for_event", "expect_page",
    "expect_console_message",
})
"""The context's methods whose use may leave something behind for the next test: a
context they were used on is closed when its test gives it back."""

FRESH_ENV = "PAISHO_E2E_FRESH_CONTEXTS"
"""Set (to anything) in the environment, every test gets new contexts: none is kept (to
tell a test's own failure from one the pool lets through)."""

KEPT_PER_OPTIONS = 2
"""At most this many free contexts are kept for one set of options."""

KEPT_STORAGE = "local_storage,indexeddb,websql,cookies,file_systems,shader_cache,service_workers"
"""The storage a kept context's origins lose between tests when it blocks service
workers: all but Cache Storage (the build's files, see the module's docstring)."""


class PooledContext:
    """A kept :class:`BrowserContext` as a test sees it: every attribute is the
    context's, ``close`` gives it back to its pool, and the use of a :data:`CHANGING`
    method is noted."""

    def __init__(
        self, pool: ContextPool, key: str, context: BrowserContext, workers_allowed: bool
    ) -> None:
        """Wrap ``context``, made by ``pool`` with the options ``key`` names (service
        workers allowed or blocked); open the anchor page and its DevTools session."""
        self._pool = pool
        self._workers_allowed = workers_allowed
        self._key = key
        self._context = context
        self._anchor: Page = context.new_page()
        self._cdp: CDPSession = context.new_cdp_session(self._anchor)
        self._changed = False
        self._lent = True
        self._seen: list[str] = []
        context.on("request", lambda request: self._seen.append(request.url))

    def requests_seen(self) -> list[str]:
        """The URLs this context requested since it was lent (pages, frames, workers)."""
        return list(self._seen)

    def __getattr__(self, name: str) -> Any:
        """The context's attribute ``name`` (a :data:`CHANGING` one marks the context)."""
        if name in CHANGING:
            self._changed = True
        return getattr(self._context, name)

    def close(self, **kwargs: Any) -> None:
        """Give the context back to its pool (closed if it cannot serve again)."""
        if self._lent:
            self._lent = False
            self._pool.give_back(self)

    def reusable(self) -> bool:
        """Whether the context may serve another test: unchanged, its anchor page open."""
        return not self._changed and not self._anchor.is_closed()

    def clean(self) -> None:
        """Close the test's pages; clear every test origin's storage and the HTTP cache."""
        for page in self._context.pages:
            if page is not self._anchor:
                page.close(run_before_unload=False)
        types = "all" if self._workers_allowed else KEPT_STORAGE
        for origin in sorted(self.origins_seen()):
            self._cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": types})
        if self._seen:
            self._cdp.send("Network.clearBrowserCache")

    def origins_seen(self) -> set[str]:
        """The http(s) origins this context requested since it was lent: the only ones
        whose pages or workers could have stored anything."""
        origins = set()
        for url in self._seen:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https"):
                origins.add(f"{parts.scheme}://{parts.netloc}")
        return origins


class ContextPool:
    """Kept contexts of one browser, by their options."""

    def __init__(self, browser: Browser) -> None:
        """An empty pool for ``browser``."""
        self.browser = browser
        self.free: dict[str, list[PooledContext]] = {}
        self.made = 0
        self.lent = 0

    def take(self, **options: Any) -> PooledContext:
        """A clean context made with ``options`` (a kept one when there is one); service
        workers blocked unless ``options`` allow them."""
        options.setdefault("service_workers", "block")
        key = json.dumps(options, sort_keys=True, default=str)
        self.lent += 1
        kept = self.free.get(key)
        if kept:
            pooled = kept.pop()
            for name in [n for n in vars(pooled) if not n.startswith("_")]:
                delattr(pooled, name)  # set by the last borrower (pytest-playwright's close)
            pooled._lent = True
            pooled._seen.clear()
            return pooled
        self.made += 1
        allowed = options["service_workers"] != "block"
        return PooledContext(self, key, self.browser.new_context(**options), allowed)

    def give_back(self, pooled: PooledContext) -> None:
        """Clean ``pooled`` and keep it for a later test, or close it."""
        kept = self.free.setdefault(pooled._key, [])
        if pooled.reusable() and len(kept) < KEPT_PER_OPTIONS:
            try:
                pooled.clean()
            except Exception:  # a page that will not close, a lost session: not kept
                pass
            else:
                kept.append(pooled)
                return
        _close_quietly(pooled._context)

    def close(self) -> None:
        """Close every kept context."""
        for kept in self.free.values():
            for pooled in kept:
                _close_quietly(pooled._context)
        self.free.clear()


def _close_quietly(context: BrowserContext) -> None:
    """Close ``context``; one already gone with its browser is no error."""
    with contextlib.suppress(Exception):
        context.close()


class PoolingBrowser:
    """A :class:`Browser` whose ``new_context`` lends from a :class:`ContextPool`
    (every other attribute is the browser's)."""

    def __init__(self, browser: Browser) -> None:
        """Wrap ``browser`` with an empty pool."""
        self._browser = browser
        self.pool = ContextPool(browser)
        self.always_fresh = bool(os.environ.get(FRESH_ENV))
        self.fresh = False
        """Set while a ``fresh_contexts`` test runs: ``new_context`` makes new ones."""

    def __getattr__(self, name: str) -> Any:
        """The browser's attribute ``name``."""
        return getattr(self._browser, name)

    def new_context(self, **options: Any) -> Any:
        """A clean context with ``options``: kept, unless :attr:`fresh` is set."""
        if self.fresh or self.always_fresh:
            return self._browser.new_context(**options)
        return self.pool.take(**options)

    def close(self) -> None:
        """Close the kept contexts, then the browser."""
        self.pool.close()
        self._browser.close()
