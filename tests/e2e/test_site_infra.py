"""The site's infrastructure in real Chromium: same-origin only, ready, offline, sub-path."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page, serve_site
from playwright.sync_api import Browser, Page, Request

pytestmark = pytest.mark.e2e


def test_ready_without_errors_and_same_origin(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """A first load reaches ready, with no error and no request to another origin."""
    context = browser.new_context()
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    context.close()
    foreign = [url for url in seen if not _same_origin(url, site.origin)]
    assert not foreign, f"requests left the origin: {foreign}"
    assert any(url.endswith(".whl") for url in seen), "the wheel was not loaded"


def test_board_is_prerendered(site: SiteServer) -> None:
    """Every page has its board SVG in the HTML (no placeholder left)."""
    for page in site.dist.rglob("*.html"):
        assert "<!--BOARD-->" not in page.read_text(), f"{page.name}: board not pre-rendered"


def test_no_optional_pyscript_chunk_is_fetched(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """Pages fetch only precached files: editor/terminal chunks are never loaded."""
    precache = _precache_list(site.dist)
    context = browser.new_context(service_workers="block")
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(_site_path(request, site)))
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    context.close()
    missing = sorted({path for path in fetched if path not in precache})
    assert not missing, f"fetched but not precached (offline would break): {missing}"


def test_works_offline_after_first_visit(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """After one visit the service worker serves the whole site with the network off."""
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    _wait_for_controller(page)
    context.set_offline(True)
    site.take()
    offline = new_watched_page(context, page_errors)
    goto_ready(offline, site.base_url, page_errors)
    assert offline.evaluate("navigator.onLine") is False
    context.close()


@pytest.fixture(scope="module")
def sub_site(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """A copy of dist/ served under ``/repo/`` as on GitHub Pages (``user.github.io/repo/``)."""
    copy = tmp_path_factory.mktemp("pages") / "repo"
    shutil.copytree(dist, copy)
    yield from serve_site(copy, mount="/repo/")


def test_works_under_a_sub_path(
    browser: Browser, sub_site: SiteServer, page_errors: PageErrors
) -> None:
    """Served under /repo/, the page gets ready and requests nothing outside /repo/."""
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, sub_site.base_url, page_errors)
    context.close()
    outside = [r for r in sub_site.take() if not r.split(" ", 1)[1].startswith("/repo/")]
    assert not outside, f"requests outside the sub-path: {outside}"


def _same_origin(url: str, origin: str) -> bool:
    """Tell whether ``url`` belongs to ``origin`` (data: and blob: URLs count as local)."""
    if url.startswith(("data:", "blob:")):
        return True
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" == origin


def _site_path(request: Request, site: SiteServer) -> str:
    """The ``./path`` of a request relative to the site root, without its query."""
    path = urlsplit(request.url).path
    base = urlsplit(site.base_url).path
    rel = path[len(base):] if path.startswith(base) else path
    return "./" + rel


def _precache_list(dist: Path) -> set[str]:
    """The URLs that the built service worker precaches."""
    text = (dist / "sw.js").read_text()
    lines = (line.strip() for line in text.splitlines())
    return {line.strip('",') for line in lines if line.startswith('"./')}


def _wait_for_controller(page: Page) -> None:
    """Wait until the service worker has taken control of the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
