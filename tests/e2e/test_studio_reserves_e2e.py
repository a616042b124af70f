"""The Studio's reserves editor and board flip (studio.html, issue #23) in Chromium, by
clicks: Skud reserves set (no basic flower left: skud-r10; reset), an accent tile put in
a reserve (skud-accents), a tile put by click on the flipped board, the arrows on it,
the link and preview turned the same way; at 1366×768 and on a 390×844 touch phone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import TILES_JS, PageErrors, SiteServer, goto_ready, new_watched_page, save_screenshot
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import demolink

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
BASICS = ("R3", "R4", "R5", "W3", "W4", "W5")
NAMES = {
    "R3": "Rose",
    "R4": "Chrysanthemum",
    "R5": "Rhododendron",
    "W3": "Jasmine",
    "W4": "Lily",
    "W5": "White Jade",
}


@pytest.fixture(name="context")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    """A 1366×768 desktop context, no service worker."""
    ctx = browser.new_context(viewport=DESKTOP, service_workers="block")
    yield ctx
    ctx.close()


def open_studio(page: Page, site: SiteServer, errors: PageErrors) -> None:
    """Open the Studio and wait for the engine."""
    goto_ready(page, f"{site.base_url}studio.html", errors)


def step(page: Page, label: str) -> None:
    """Click the reserves editor's button named ``label``."""
    page.locator(f'#studio-reserves button[aria-label="{label}"]').click()


def count(page: Page, seat: int, code: str) -> str:
    """The count the editor shows for ``seat``'s ``code``."""
    row = page.locator(f'#studio-reserves button[data-seat="{seat}"][data-code="{code}"]').first
    return str(row.locator("xpath=..").locator(".studio-reserve-count").text_content())


def centre(page: Page, where: str) -> tuple[float, float]:
    """The screen centre of a board point's click target."""
    box = page.locator(f'#board [data-point="{where}"] circle.hit').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_skud_reserves_set_by_clicks_checked_live_and_reset(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    open_studio(page, site, page_errors)
    page.click("#studio-standard")
    assert page.text_content("#studio-stock-title") == "Reserves"
    assert count(page, 1, "R3") == "3"
    # the Guest gives up every basic flower: the game would be over (skud-r10)
    for code in BASICS:
        for _ in range(3):
            step(page, f"One fewer Guest {NAMES[code]} ({code}) in the reserve")
        assert count(page, 1, code) == "0"
    fewer = '#studio-reserves button[aria-label="One fewer Guest Rose (R3) in the reserve"]'
    assert page.locator(fewer).is_disabled()
    problems = page.text_content("#studio-problems") or ""
    assert "no basic flower left" in problems and "skud-r10" in problems
    assert page.input_value("#studio-link") == ""
    page.click("#studio-reserves-reset")
    assert page.text_content("#studio-problems") == "The position can be played."
    assert count(page, 1, "R3") == "3"
    # an accent tile chosen by putting it in the Host's reserve (skud-accents), by keyboard
    more_rock = '#studio-reserves button[aria-label="One more Host Rock (R) in the reserve"]'
    page.locator(more_rock).focus()
    page.keyboard.press("Enter")
    assert count(page, 0, "R") == "1"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "One more Host Rock (R) in the reserve"
    )
    page.keyboard.press("Enter")  # two Rocks: as many as exist; + is then disabled
    assert count(page, 0, "R") == "2"
    assert page.locator(more_rock).is_disabled()
    assert page.evaluate("document.activeElement.dataset.by") == "-1"  # focus on its pair
    data = demolink.decode(page.input_value("#studio-link")).data
    assert data["start"]["setup"]["reserves"]["host"]["R"] == 2
    # the editor belongs to Set-up mode
    page.click("#studio-mode-mark")
    assert page.locator("#studio-stock").is_hidden()
    page.click("#studio-mode-setup")
    assert page.locator("#studio-stock").is_visible()
    save_screenshot(page, "studio-reserves-desktop", full_page=True)


def test_a_tile_put_by_click_on_the_flipped_board(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    open_studio(page, site, page_errors)
    page.click("#studio-standard")
    # where (-2,-3) is drawn upright is where (2,3) is drawn on the flipped board
    x, y = centre(page, "(-2,-3)")
    page.click("#studio-flip")
    assert page.get_attribute("#studio-flip", "aria-pressed") == "true"
    flipped_x, flipped_y = centre(page, "(2,3)")
    assert abs(flipped_x - x) < 2 and abs(flipped_y - y) < 2
    page.locator('#studio-palette button[aria-label^="Host Rose (R3)"]').click()
    page.mouse.click(x, y)
    assert page.evaluate(TILES_JS) == {"(2,3)": ["R3", "host"]}
    assert page.text_content("#studio-problems") == "The position can be played."
    # the arrows move as the board is seen: up the screen is down the board
    page.locator("#board-holder").focus()
    page.keyboard.press("ArrowUp")
    cursor = page.locator("#board .pt.cursor")
    assert cursor.get_attribute("data-point") == "(0,-1)"
    _, above = centre(page, "(0,-1)")
    _, middle = centre(page, "(0,0)")
    assert above < middle
    # the link opens the embed the same way, and the preview shows it
    link = page.input_value("#studio-link")
    assert link.endswith("&orient=guest")
    assert "&amp;orient=guest" in page.input_value("#studio-snippet")
    preview = page.frame_locator("#studio-preview")
    preview.locator("html[data-orient='guest'][data-engine='ready']").wait_for(
        state="attached", timeout=60_000
    )
    page.click("#studio-flip")
    assert page.get_attribute("#studio-flip", "aria-pressed") == "false"
    assert not page.input_value("#studio-link").endswith("&orient=guest")


def test_the_reserves_editor_on_a_phone(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    ctx = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = new_watched_page(ctx, page_errors)
    open_studio(page, site, page_errors)
    page.locator("#studio-standard").tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    rights = page.evaluate(
        "[...document.querySelectorAll('#studio-stock, #studio-reserves li')]"
        ".map(e => e.getBoundingClientRect().right)"
    )
    assert len(rights) > 20 and max(rights) <= PHONE["width"]
    page.locator(
        '#studio-reserves button[aria-label="One more Guest Boat (B) in the reserve"]'
    ).tap()
    assert count(page, 1, "B") == "1"
    page.locator("#studio-flip").tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save_screenshot(page, "studio-reserves-phone", full_page=True)
    ctx.close()
