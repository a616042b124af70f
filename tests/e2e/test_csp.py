"""The Content-Security-Policy of every page (issue 13): declared before anything it
governs, no inline script or handler, and no violation while the site is used."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from playwright.sync_api import Browser, BrowserContext, Page
from test_play_balance import SEED, start_from_dialog
from test_play_skud import GAME, play, wait_actions

from sitebuild import pages as build_pages

pytestmark = pytest.mark.e2e

OTHER = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(-3,-8)"
"""A short Skud game to import through the Notation dialog."""

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ` +
    `(${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
}, true);
"""
"""Init script: every CSP violation of the page, as text, in ``window.__cspViolations``."""


def _policy(html: str) -> dict[str, list[str]]:
    """The page's CSP ``<meta>`` as ``{directive: [sources]}``."""
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert match is not None, "no Content-Security-Policy <meta>"
    policy: dict[str, list[str]] = {}
    for part in match.group(1).split(";"):
        name, *sources = part.split()
        policy[name] = sources
    return policy


class _HeadOrder(HTMLParser):
    """Records the tags of a page in order, inline scripts and style/event attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline_scripts = 0
        self.handlers: list[str] = []
        self.style_attrs: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        self.handlers += [f"<{tag} {name}>" for name in found if name.startswith("on")]
        if "style" in found:
            self.style_attrs.append(f"<{tag} style={found['style']!r}>")
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1


def _pages(dist: Path) -> list[Path]:
    return sorted(dist.glob("*.html"))


def test_every_page_declares_the_policy_first(site: SiteServer) -> None:
    """Each page's CSP ``<meta>`` comes right after ``<meta charset>``, before any script,
    style sheet or preload; it forbids inline script, eval, plugins and other origins."""
    pages = _pages(site.dist)
    assert {p.name for p in pages} >= {"index.html", "embed.html", "rules.html", "studio.html"}
    for page in pages:
        html = page.read_text()
        parsed = _HeadOrder()
        parsed.feed(html)
        first = [tag for tag in parsed.tags if tag[0] in ("meta", "link", "script", "style")][:2]
        assert first[0][1].get("charset"), page.name
        assert first[1][1].get("http-equiv") == "Content-Security-Policy", page.name
        policy = _policy(html)
        # blob: for Pyodide's Emscripten module, imported on a first visit from the bytes
        # interpreter.mjs downloaded (so that it is downloaded once)
        assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'", "blob:"], page.name
        assert policy["default-src"] == ["'self'"]
        assert policy["connect-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"]
        assert policy["base-uri"] == ["'self'"]
        assert policy["worker-src"] == ["'self'"]
        assert "'unsafe-inline'" not in policy["style-src"]
        assert [s for s in policy["style-src"] if s != "'self'"], "the board's style hash"
        # Nothing the policy would block is left in the page.
        assert parsed.inline_scripts == 0, f"{page.name}: inline <script>"
        assert parsed.handlers == [], f"{page.name}: inline event handlers {parsed.handlers}"
        assert parsed.style_attrs == [], f"{page.name}: style attributes {parsed.style_attrs}"


def test_policy_is_built_from_the_source() -> None:
    """``build.csp_meta`` allows exactly the board's inline ``<style>`` blocks by hash."""
    board = build_pages.prerender_board()
    assert board is not None
    meta = build_pages.csp_meta(board)
    assert len(re.findall(r"'sha256-[A-Za-z0-9+/=]{44}'", meta)) == 1
    assert build_pages.csp_meta(board.replace("{", "{ ")) != meta  # another style, another hash
    assert "frame-ancestors" not in meta  # ignored in a <meta>: embedding stays allowed


@pytest.fixture
def context(browser: Browser, site: SiteServer) -> Iterator[BrowserContext]:
    """A fresh context that records CSP violations in every page it opens."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    ctx.add_init_script(RECORD_VIOLATIONS)
    yield ctx
    ctx.close()


def _violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__cspViolations"))


def test_no_violation_while_playing_sharing_importing_and_embedding(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """Skud by clicks, Share, Notation import, a Balance game, the embed and rules pages:
    no CSP violation is reported (and no console error, which a violation also logs)."""
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    play(page, GAME)
    page.click("#btn-share")
    page.wait_for_selector("#share-dialog[open]")
    page.wait_for_function("document.getElementById('share-status').dataset.copied")
    page.click("#btn-share-close")
    page.click("#btn-notation")
    page.wait_for_selector("#notation-dialog[open]")
    page.fill("#notation-text", OTHER)
    page.click("#btn-notation-import")
    page.wait_for_selector("#notation-dialog", state="hidden")
    wait_actions(page, len(OTHER.split(";")))
    assert _violations(page) == []

    start_from_dialog(page, "seed", SEED)
    for n in range(1, 4):
        page.locator("#board .pt.highlight").first.click()
        wait_actions(page, n)
    assert _violations(page) == []

    embed = new_watched_page(context, page_errors)
    goto_ready(embed, f"{site.base_url}embed.html?variant=skud&moves={quote(GAME)}", page_errors)
    embed.click("#btn-prev")
    embed.click("#btn-first")
    embed.click("#btn-play")
    embed.wait_for_timeout(1500)
    assert _violations(embed) == []

    rules = new_watched_page(context, page_errors)
    rules.goto(f"{site.base_url}rules.html")
    rules.wait_for_load_state("load")
    assert _violations(rules) == []


def test_fallback_boot_has_no_violation(
    context: BrowserContext, site_without_snapshot: SiteServer, page_errors: PageErrors
) -> None:
    """Pyodide's normal boot (no snapshot) needs nothing more from the policy."""
    page_errors.ignored.append("/pyodide/snapshot-")
    page = new_watched_page(context, page_errors)
    goto_ready(page, site_without_snapshot.base_url, page_errors)
    assert page.evaluate("document.documentElement.dataset.boot") == "fallback"
    play(page, GAME.split(";2G")[0])
    assert _violations(page) == []


def test_no_violation_in_the_studio_and_its_preview(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """The Studio: a tile put, a step played, its link in the preview frame (the embed)."""
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}studio.html", page_errors)
    page.locator('#studio-palette button[aria-label^="Host Rose (R3)"]').click()
    page.click("#board [data-point='(1,1)']")
    page.click("#studio-mode-play")
    page.click("#board [data-point='(1,1)']")
    page.click("#board [data-point='(1,2)']")
    page.click("#studio-copy-link")
    page.wait_for_function("document.getElementById('studio-link-status').dataset.copied")
    frame = page.frame_locator("#studio-preview")
    frame.locator("html[data-engine='ready']").wait_for(state="attached", timeout=60_000)
    assert _violations(page) == []
    assert page.frame_locator("#studio-preview").locator("html").evaluate(
        "() => window.__cspViolations") == []
