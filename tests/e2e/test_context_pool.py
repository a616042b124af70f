"""The kept browser contexts (``context_pool.py``): the next test starts clean.

What a test's pages stored is gone when its context is lent again (local storage,
IndexedDB, cookies; session storage goes with the closed pages), no service worker is
registered in a kept context, and only the build's Cache Storage stays.
"""

from __future__ import annotations

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from context_pool import PooledContext, PoolingBrowser

pytestmark = pytest.mark.e2e

STORE_JS = """async () => {
  localStorage.setItem("paisho.test.left", "1");
  document.cookie = "left=1";
  await new Promise((done) => {
    const open = indexedDB.open("left-behind", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("things");
    open.onsuccess = () => { open.result.close(); done(); };
  });
  return true;
}"""
"""Leaves something in every kind of storage a test could use."""

FOUND_JS = """async () => ({
  local: localStorage.getItem("paisho.test.left"),
  cookie: document.cookie,
  database: (await indexedDB.databases()).some((d) => d.name === "left-behind"),
  workers: (await navigator.serviceWorker.getRegistrations()).length,
  caches: (await caches.keys()).filter((name) => name.startsWith("paisho-")).length,
})"""
"""What the page finds of the above, of service workers and of the build's cache."""


def test_a_kept_context_is_lent_again_clean_but_for_the_builds_cache(
    browser: PoolingBrowser, site: SiteServer, page_errors: PageErrors
) -> None:
    """One test leaves storage behind and gives its context back; the next one to ask
    for the same options gets that context, with none of it, no service worker, and the
    build's files still in Cache Storage (the page's kept copies)."""
    options = {"viewport": {"width": 1001, "height": 700}}  # (options no other test uses)
    first = browser.new_context(**options)
    assert isinstance(first, PooledContext)
    page = new_watched_page(first, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.evaluate(STORE_JS)
    page.wait_for_function("window.__paishoKept !== undefined", timeout=30_000)
    first.close()
    again = browser.new_context(**options)
    assert again is first  # the same context, lent again
    page = new_watched_page(again, page_errors)
    goto_ready(page, site.base_url, page_errors)
    found = page.evaluate(FOUND_JS)
    assert page.evaluate("window.__paishoSnapshotSource") == "unpacked"  # the kept copy
    again.close()
    assert found == {"local": None, "cookie": "", "database": False, "workers": 0, "caches": 1}
