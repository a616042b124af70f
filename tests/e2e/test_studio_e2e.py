"""The Studio (studio.html, issue #23) in Chromium: a position built by clicks and by the
keyboard, the engine's problems live, the position's link; at 1366×768 and on a
390×844 touch phone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    TILES_JS,
    PageErrors,
    SiteServer,
    goto_ready,
    new_watched_page,
    save_screenshot,
    serve_site,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import demolink, setups

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(name="context")
def desktop(browser: Browser, site: SiteServer) -> Iterator[BrowserContext]:
    """A 1366×768 desktop context that may use the clipboard, no service worker."""
    ctx = browser.new_context(viewport=DESKTOP, service_workers="block")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def host_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for a wiki-like host page (written by the test)."""
    return tmp_path_factory.mktemp("studio-host")


@pytest.fixture(scope="module")
def host_site(host_root: Path) -> Iterator[SiteServer]:
    """Another origin, where the snippet is pasted."""
    yield from serve_site(host_root)


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
    assert (
        page.get_attribute('#studio-palette button[aria-label^="Host Rose (R3)"]', "aria-pressed")
        == "true"
    )
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
    ctx = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = new_watched_page(ctx, page_errors)
    open_studio(page, site, page_errors)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator('#studio-palette button[aria-label^="Host White Lotus"]').tap()
    target = page.locator('#board [data-point="(0,5)"]')
    box = target.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate(TILES_JS).get("(0,5)") == ["L", "host"]
    page.click("#studio-mode-play")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save_screenshot(page, "studio-phone", full_page=True)
    ctx.close()


STEPS = (
    # (move played, caption, highlighted points)
    (None, "Two tiles face each other: a Host Rose and a Guest White Jade.", ("(1,1)", "(-3,2)")),
    (("(1,1)", "(1,2)"), "The Rose moves up one point.", ("(1,2)",)),
    (("(-3,2)", "(-3,3)"), "The Jade answers <b>here</b>.", ("(-3,3)", "(0,3)")),
    (("(1,2)", "(2,2)"), "The Rose steps aside.", ("(2,2)",)),
)


def caption_and_marks(page: Page, caption: str, marks: tuple[str, ...]) -> None:
    """Write the shown step's caption and highlight ``marks``."""
    page.fill("#studio-caption", caption)
    page.click("#studio-mode-mark")
    for where in marks:
        point(page, where)


def test_a_skud_demo_of_three_steps_copied_into_a_host_page_and_stepped_through(
    context: BrowserContext,
    site: SiteServer,
    host_site: SiteServer,
    host_root: Path,
    page_errors: PageErrors,
) -> None:
    page = new_watched_page(context, page_errors)
    open_studio(page, site, page_errors)
    tool(page, "Host Rose (R3)")
    point(page, "(1,1)")
    tool(page, "Guest White Jade (W5)")
    point(page, "(-3,2)")
    page.fill("#studio-title", "A first lesson")
    page.press("#studio-title", "Enter")
    for move, caption, marks in STEPS:
        if move is not None:
            page.click("#studio-mode-play")
            point(page, move[0])
            point(page, move[1])
        caption_and_marks(page, caption, marks)
    page.locator("#studio-title").focus()  # the caption's change: the preview follows
    assert page.locator("#studio-steps li").count() == 4
    assert page.text_content("#studio-caption-shown") == STEPS[-1][1]
    assert page.locator("#board .pt.focus").count() == 1
    page.click("#studio-copy-snippet")
    page.wait_for_function("document.getElementById('studio-link-status').dataset.copied")
    snippet = page.evaluate("navigator.clipboard.readText()")
    assert snippet == page.input_value("#studio-snippet")
    assert snippet.startswith(f'<iframe src="{site.base_url}embed.html#demo=~1')
    # the live preview is the real embed with the same link
    preview = page.frame_locator("#studio-preview")
    preview.locator("html[data-engine='ready']").wait_for(state="attached", timeout=60_000)
    assert preview.locator("#ply").text_content() == "0 / 3"
    save_screenshot(page, "studio-desktop", full_page=True)
    # pasted into another site's page: the reader steps through it
    (host_root / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"</head><body><h1>Wiki</h1>{snippet}</body></html>"
    )
    host = new_watched_page(context, page_errors)
    host.goto(host_site.base_url)
    frame = host.frame_locator("iframe")
    frame.locator("html[data-engine='ready']").wait_for(state="attached", timeout=60_000)
    for index, (_, caption, marks) in enumerate(STEPS):
        assert frame.locator("#ply").text_content() == f"{index} / 3"
        assert frame.locator("[data-caption]").text_content() == caption
        assert frame.locator("[data-caption] *").count() == 0
        focus = frame.locator("#board [data-point].focus")
        assert sorted(focus.evaluate_all("gs => gs.map(g => g.dataset.point)")) == sorted(marks)
        if index < 3:
            frame.locator("#btn-next").click()
    tiles = frame.locator("#board [data-tile]")
    assert tiles.count() == 2


def _bonus_position(page: Page, site: SiteServer, errors: PageErrors) -> None:
    """Host Rose (1,1), Host White Jade (4,4), Guest White Jade (-3,2), Host to move."""
    open_studio(page, site, errors)
    for label, where in (
        ("Host Rose (R3)", "(1,1)"),
        ("Host White Jade (W5)", "(4,4)"),
        ("Guest White Jade (W5)", "(-3,2)"),
    ):
        tool(page, label)
        point(page, where)
    tool(page, "Guest White Jade (W5)")  # put it down
    assert page.text_content("#studio-problems") == "The position can be played."


def test_play_a_step_that_forms_a_harmony_offers_the_bonus_and_skip_by_clicks(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """skud-bonus: the White Jade's move to (6,1) makes a harmony with the Rose; the
    Studio then offers the Host's reserve and Skip, and both are played by clicks."""
    page = new_watched_page(context, page_errors)
    _bonus_position(page, site, page_errors)
    box = page.locator("#studio-step-box")
    page.click("#studio-mode-play")
    assert box.is_visible()  # a plant would need the reserve too
    point(page, "(4,4)")
    point(page, "(6,1)")
    assert "Harmony Bonus" in (page.text_content("#studio-step-status") or "")
    skip = box.get_by_role("button", name="Skip the bonus")
    assert skip.is_visible()
    rose = box.locator('[data-reserve="R3"]')
    assert "playable" in (rose.get_attribute("class") or "")
    rose.click()
    assert "selected" in (rose.get_attribute("class") or "")
    point(page, "(0,8)")
    steps = page.locator("#studio-steps .studio-step-show")
    assert steps.count() == 3 and "+R3(0,8)" in (steps.nth(2).text_content() or "")
    assert page.input_value("#studio-link") != ""  # the engine replays the demo
    page.click('#studio-steps [data-step="2"][data-do="delete"]')
    page.click("#studio-mode-play")
    skip.focus()
    page.keyboard.press("Enter")  # by the keyboard: the board takes the next move
    assert steps.count() == 3 and "+skip" in (steps.nth(2).text_content() or "")
    assert page.evaluate("document.activeElement.id") == "board-holder"
    assert page.input_value("#studio-link") != ""
    save_screenshot(page, "studio-bonus", full_page=True)


def test_the_first_board_click_after_typing_a_caption_is_taken(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """The caption's change (as it loses the focus to the board) redraws the page: the
    board's point under the click stays the same element, so the click is taken."""
    page = new_watched_page(context, page_errors)
    _bonus_position(page, site, page_errors)
    page.click("#studio-mode-play")
    rose = page.locator('#board [data-point="(1,1)"]')
    for round_ in range(4):
        page.click("#studio-caption")
        page.keyboard.type(f" {round_}")
        rose.click()  # the first click after typing
        assert "selected" in (rose.get_attribute("class") or ""), round_
        assert page.text_content("#studio-message") == ""
        rose.click()  # again: the selection is dropped
        assert "selected" not in (rose.get_attribute("class") or "")
    assert page.input_value("#studio-caption").endswith(" 0 1 2 3")
