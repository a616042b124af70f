"""The standard library's archive, left out of a boot from the snapshot: no page
downloads it to start, an import the snapshot lacks downloads it (once), and the service
worker's later precache keeps it for such an import offline."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page, serve_site
from first_visit import wait_until_precached
from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.e2e, pytest.mark.fresh_contexts]  # first visits, caches, boots

ARCHIVE = "/pyodide/python_stdlib.zip"
LOADS_JS = """() => JSON.parse(window.__paishoPyodide.runPython(`
import json, sys
json.dumps(sys._paisho_stdlib_loads)
`))"""
"""The imports that needed the archive so far (the snapshot's finder records them)."""
IMPORT_JS = """(name) => window.__paishoPyodide.runPython(`
import importlib
importlib.import_module("${name}").__name__
`)"""
"""Import a standard-library module by name in the page; its name back."""
MISSING = ("pprint", "shlex")
"""Two modules of the archive that no page imports, so the snapshot lacks them."""


@pytest.fixture
def own_site(dist: Path) -> Iterator[SiteServer]:
    """The site on a server of its own: its requests are this test's only."""
    yield from serve_site(dist)


def _archive_requests(site: SiteServer) -> int:
    return sum(1 for request in site.take() if request.split(" ", 1)[1].startswith(ARCHIVE))


def test_pages_start_without_the_archive_and_an_import_fetches_it_once(
    browser: Browser, own_site: SiteServer, page_errors: PageErrors
) -> None:
    """The game, embed and Studio pages boot from the snapshot without asking for the
    archive; importing a module the snapshot lacks downloads it, once."""
    context = browser.new_context(service_workers="block")
    for name in ("", "embed.html", "studio.html"):
        page = new_watched_page(context, page_errors)
        goto_ready(page, own_site.base_url + name, page_errors)
        assert page.evaluate(LOADS_JS) == [], name
    assert _archive_requests(own_site) == 0
    for module in MISSING:
        assert page.evaluate(IMPORT_JS, module) == module
    assert page.evaluate(LOADS_JS) == [MISSING[0]]
    assert _archive_requests(own_site) == 1
    context.close()


def _visit(page: Page, site: SiteServer, errors: PageErrors) -> None:
    goto_ready(page, site.base_url, errors)
    wait_until_precached(page, site.dist)


def test_the_later_precache_keeps_the_archive_for_an_import_offline(
    browser: Browser, own_site: SiteServer, page_errors: PageErrors
) -> None:
    """A first visit leaves the archive out of the service worker's cache; a later visit,
    once idle, caches it; offline, a page copies it from there in the background (a
    synchronous request, all an import can wait for, goes past the service worker in
    Chromium), after which an import the snapshot lacks works."""
    context = browser.new_context()
    first = new_watched_page(context, page_errors)
    _visit(first, own_site, page_errors)
    first.close()
    assert _archive_requests(own_site) == 0
    again = new_watched_page(context, page_errors)
    _visit(again, own_site, page_errors)
    again.wait_for_function("() => window.__paishoLaterIdle !== undefined", timeout=30_000)
    again.evaluate("() => window.__paishoLaterIdle")
    assert _archive_requests(own_site) == 1
    again.close()
    context.set_offline(True)
    offline = new_watched_page(context, page_errors)
    goto_ready(offline, own_site.base_url, page_errors)
    offline.wait_for_function("() => window.__paishoStdlibLoaded === true", timeout=30_000)
    assert offline.evaluate(IMPORT_JS, MISSING[0]) == MISSING[0]
    assert offline.evaluate(LOADS_JS) == [MISSING[0]]
    context.close()
