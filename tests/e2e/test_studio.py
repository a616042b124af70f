"""The Studio (studio.html, issue #23) in Chromium: a position built by clicks and by the
keyboard, the engine's problems live, the position's link; at 1366×768 and on a
390×844 touch phone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import demolink, setups

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

TILES_JS = """() => {
  const tiles = {};
  for (const t of document.querySelectorAll('#board [data-point] [data-tile]')) {
    tiles[t.closest('[data-point]').dataset.point] = [t.dataset.tile, t.dataset.owner || null];
  }
  return tiles;
}"""


@pytest.fixture(name="context")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    """A 1366×768 desktop context, no service worker."""
    ctx = browser.new_context(viewport=DESKTOP, service_workers="block")
    yield ctx
    ctx.close()


def tool(page: Page, label: str) -> None:
    """Take the palette's tile whose accessible name starts with ``label``."""
    page.locator(f'#studio-palette button[aria-label^="{label}"]').click()


def point(page: Page, where: str) -> None:
    """Click a board point."""
    page.locator(f'#board [data-point="{where}"]').click()


def open_studio(page: Page, site: SiteServer, errors: PageErrors) -> None:
    """Open the Studio and wait for the engine."""
    goto_ready(page, f"{site.base_url}studio.html", errors)


def test_a_skud_position_by_clicks_checked_live_and_shared(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    open_studio(page, site, page_errors)
    assert page.input_value("#studio-variant") == "skud"
    tool(page, "Host Rose (R3)")
    assert page.get_attribute('#studio-palette button[aria-label^="Host Rose (R3)"]',
                              "aria-pressed") == "true"
    allowed = setups.points_for(setups.empty("skud"), "R3", 0)
    assert page.locator("#board .pt.highlight").count() == len(allowed)
    point(page, "(1,1)")
    tool(page, "Guest White Jade (W5)")
    point(page, "(-3,2)")
    assert page.evaluate(TILES_JS) == {"(1,1)": ["R3", "host"], "(-3,2)": ["W5", "guest"]}
    assert page.text_content("#studio-problems") == "The position can be played."
    page.select_option("#studio-mover", "1")
    link = page.input_value("#studio-link")
    assert "/embed.html#demo=~1" in link
    data = demolink.decode(link).data
    assert data["start"]["setup"]["to_move"] == "guest"
    # a click on a tile with nothing in hand removes it
    tool(page, "Guest White Jade (W5)")  # put it down
    point(page, "(-3,2)")
    assert page.evaluate(TILES_JS) == {"(1,1)": ["R3", "host"]}
    # too many Roses: the engine says so in plain words, and there is no link
    tool(page, "Host Rose (R3)")
    for where in ("(1,2)", "(1,3)", "(2,1)"):
        point(page, where)
    problems = page.text_content("#studio-problems") or ""
    assert "at most 3" in problems
    assert page.input_value("#studio-link") == ""
    # a bad link keeps the board and says why, as text
    page.fill("#studio-link-input", link[:-6])
    page.click("#studio-link-form button[type=submit]")
    assert "cannot be opened" in (page.text_content("#studio-message") or "")
    page.fill("#studio-link-input", link)
    page.click("#studio-link-form button[type=submit]")
    assert page.evaluate(TILES_JS) == {"(1,1)": ["R3", "host"], "(-3,2)": ["W5", "guest"]}
    assert page.input_value("#studio-mover") == "1"


def test_the_board_editor_by_keyboard(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    open_studio(page, site, page_errors)
    page.click("#studio-standard")
    page.locator('#studio-palette button[aria-label^="Guest Rose (R3)"]').focus()
    page.keyboard.press("Enter")
    page.locator("#board-holder").focus()
    for key in ("ArrowDown", "ArrowDown", "Enter"):
        page.keyboard.press(key)
    assert page.evaluate(TILES_JS) == {"(0,-2)": ["R3", "guest"]}
    assert page.locator("#board .pt.cursor").count() == 1


def test_the_studio_on_a_phone(browser: Browser, site: SiteServer, page_errors: PageErrors) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                              service_workers="block")
    page = new_watched_page(ctx, page_errors)
    open_studio(page, site, page_errors)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator('#studio-palette button[aria-label^="Host White Lotus"]').tap()
    target = page.locator('#board [data-point="(0,5)"]')
    box = target.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate(TILES_JS).get("(0,5)") == ["L", "host"]
    page.screenshot(path="/tmp/studio-phone.png", full_page=True)
    ctx.close()
