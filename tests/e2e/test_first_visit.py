"""A first visit's downloads, counted at the server, and the site offline before and
after the rules demos are saved (issue #21): against ``build.py serve`` (``dev``) and a
plain static host with GitHub Pages' caching headers (``pages``)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PageErrors, goto_ready, new_watched_page
from first_visit import BIG, AnswerLog, file_sizes, first_visit, served, wait_until_precached
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright

pytestmark = [pytest.mark.e2e, pytest.mark.fresh_contexts]  # first visits, caches, boots

PLACEHOLDER_TEXT = "This demo isn't saved for offline use yet: open it once while online."
"""What the offline placeholder page (site/offline.html) tells the reader."""
DEMO = "skud-wheel"


class Served:
    """A site served in one mode, with its answers counted."""

    def __init__(self, base_url: str, log: AnswerLog, dist: Path) -> None:
        """Remember where it is served and its log."""
        self.base_url = base_url
        self.log = log
        self.dist = dist


@pytest.fixture(params=["dev", "pages"])
def counted_site(request: pytest.FixtureRequest, dist: Path) -> Iterator[Served]:
    """The site on a server of its own in each mode (``dev``: build.py serve, no-cache and
    gzip; ``pages``: ETag, Last-Modified, max-age=600, no compression)."""
    log = AnswerLog()
    with served(dist, request.param, log) as url:
        yield Served(url, log, dist)


def test_first_visit_sends_and_asks_for_each_big_file_once(
    browser: Browser, counted_site: Served
) -> None:
    """Page, search-worker-free first visit and service worker precache together: no
    file of 50 KB or more is sent twice, the server sends at most 5 % more than the
    files' own bytes (each path once), and no file of 100 KB or more is even asked for
    twice (not a revalidation, a 304).  Before the fix the 9.6 MB wasm was sent twice by
    the ``pages`` server (Chromium's in-memory HTTP cache keeps no entry that big, so the
    precache's revalidation downloaded it again).  PyScript's core module (136 KB), which
    the page imports by its address, is the case in point for asking: the page copies
    what it loaded by address from the HTTP cache into the build's cache
    (interpreter.mjs, ``handOverLoaded``), as it does for what it fetches itself, so the
    precache does not ask for it again."""
    context = browser.new_context()
    visit = first_visit(context, counted_site.base_url, counted_site.dist, counted_site.log)
    context.close()
    assert any("/snapshot-" in path for path, _, _ in visit.answers)
    assert visit.sent_twice(SENT_ONCE) == {}
    assert visit.sent <= 1.05 * visit.needed, (visit.sent, visit.needed)
    assert any(path.startswith("/pyscript/core-") for path, _, _ in visit.answers)
    assert visit.requested_twice(file_sizes(counted_site.dist)) == {}


SENT_ONCE = 50_000
"""No file this big (bytes) is sent twice on a first visit."""


MODULE_SCRIPTS = ("/pyscript/core-",)
"""PyScript's core, the one big ES module the page imports by its URL on a first visit
(its entry imports it, and so do its other chunks): no page code sees its bytes, so
without an HTTP cache to copy it from the precache downloads it again (136 KB).
Pyodide's Emscripten module (1.25 MB) is downloaded by interpreter.mjs itself and
imported from those bytes."""
SMALL_AGAIN = 1.05
"""Without an HTTP cache the small files the page loads by their address (style sheet,
scripts, PyScript's chunks: ~0.35 MB in all) are downloaded again by the precache."""


def test_first_visit_without_http_cache_hands_over_what_the_page_fetched(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], counted_site: Served
) -> None:
    """With the browser's HTTP cache off (a fresh profile with a 1-byte disk cache: how
    the issue's figures were measured), the files the page and its workers fetch (Pyodide's
    Emscripten module, the wasm (unpacked), the lock file, the wheel, the snapshot and its
    decoder) are put in the build's cache, and the service worker is registered once they
    are stored there, so the precache sends none of them again: the server sends at most
    5 % more than the files' own bytes (:data:`SMALL_AGAIN`).  Before the fix every big
    file was sent twice (21.1 MB sent for 10.6 MB of files, 36.5 MB for 18.4 MB with
    Pages' headers); then Pyodide's module still was, and the wasm and stdlib whenever
    storing the page's copies took longer than booting (1.094 and up to 1.61 with Pages'
    headers)."""
    args = [*browser_type_launch_args.get("args", []), "--disk-cache-size=1"]
    with tempfile.TemporaryDirectory(prefix="paisho-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, **{**browser_type_launch_args, "args": args}
        )
        visit = first_visit(context, counted_site.base_url, counted_site.dist, counted_site.log)
        context.close()
    again = {path for path in visit.sent_twice(BIG) if not path.startswith(MODULE_SCRIPTS)}
    assert again == set()
    assert visit.sent <= SMALL_AGAIN * visit.needed, (visit.sent, visit.needed)


def _later_count(dist: Path) -> int:
    """How many demo pages the service worker caches later (its LATER list)."""
    return (dist / "sw.js").read_text().split("const LATER = ", 1)[1].split("];", 1)[0].count(
        "./demo-"
    )


def _game_visit(context: BrowserContext, site: Served, errors: PageErrors) -> Page:
    """Visit the game page until the service worker has precached; return the page."""
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url, errors)
    wait_until_precached(page, site.dist)
    return page


def _frame_text(frame: Frame) -> str:
    """The body text of a frame once it has loaded ("" for an error page)."""
    frame.wait_for_load_state()
    if frame.url.startswith("chrome-error:"):
        return ""
    return str(frame.evaluate("() => document.body ? document.body.innerText : ''"))


def _demo_frames(page: Page) -> list[Frame]:
    """Every rules demo iframe's frame (each scrolled into view, so it loads)."""
    frames = []
    for handle in page.query_selector_all("iframe[data-demo]"):
        # (scrolled by the page itself: Playwright's own scroll first waits for the frame
        # to stand still, which a busy machine's layout may not grant within its timeout)
        handle.evaluate("(frame) => frame.scrollIntoView({block: 'center'})")
        frame = handle.content_frame()
        assert frame is not None
        frames.append(frame)
    return frames


@pytest.fixture
def dev_site(dist: Path) -> Iterator[Served]:
    """The site on a ``dev`` server of its own."""
    log = AnswerLog()
    with served(dist, "dev", log) as url:
        yield Served(url, log, dist)


def test_offline_demos_show_the_placeholder_after_the_game_page_only(
    browser: Browser, dev_site: Served, page_errors: PageErrors
) -> None:
    """After a visit of the game page only, offline, the Rules page's demo iframes and
    ``embed.html#demo=…`` show the placeholder page, never the browser's error page."""
    context = browser.new_context()
    _game_visit(context, dev_site, page_errors)
    context.set_offline(True)
    rules = context.new_page()
    rules.goto(dev_site.base_url + "rules.html")
    frames = _demo_frames(rules)
    assert len(frames) >= 10
    texts = [_frame_text(frame) for frame in frames]
    assert all(PLACEHOLDER_TEXT in text for text in texts), texts[:3]
    embed = context.new_page()
    embed.goto(dev_site.base_url + f"embed.html#demo={DEMO}")
    embed.wait_for_function(
        "(text) => document.body && document.body.innerText.includes(text)",
        arg=PLACEHOLDER_TEXT, timeout=30_000,
    )
    assert not embed.url.startswith("chrome-error:")
    context.close()


def test_demos_work_offline_after_the_idle_precache(
    browser: Browser, dev_site: Served, page_errors: PageErrors
) -> None:
    """A later visit of the game page caches the demo pages once it is idle (the first
    visit does not); the next visit fetches nothing but the worker's update check;
    offline, the demos then work, on the Rules page and alone."""
    context = browser.new_context()
    first = _game_visit(context, dev_site, page_errors)
    first.wait_for_timeout(1000)
    assert first.evaluate("() => window.__paishoLaterIdle === undefined")
    first.close()
    again = _game_visit(context, dev_site, page_errors)
    again.wait_for_function("() => window.__paishoLaterIdle !== undefined", timeout=30_000)
    assert again.evaluate("() => window.__paishoLaterIdle") == _later_count(dev_site.dist)
    again.close()
    dev_site.log.take()
    third = _game_visit(context, dev_site, page_errors)
    third.wait_for_function("() => window.__paishoLaterIdle !== undefined", timeout=30_000)
    third.evaluate("() => window.__paishoLaterIdle")
    assert {path for path, _, _ in dev_site.log.take()} <= {"/sw.js"}
    context.set_offline(True)
    demo = context.new_page()
    demo.goto(dev_site.base_url + f"demo-{DEMO}.html")
    demo.wait_for_function("() => document.documentElement.dataset.steps === 'ready'")
    rules = context.new_page()
    rules.goto(dev_site.base_url + "rules.html")
    texts = [_frame_text(frame) for frame in _demo_frames(rules)[:3]]
    assert all(text and PLACEHOLDER_TEXT not in text for text in texts), texts
    context.close()
