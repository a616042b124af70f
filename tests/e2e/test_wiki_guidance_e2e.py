"""Wiki's multi-step actions guided in real Chromium (issue #21, ``rules.html#wiki-r4``,
``#wiki-r7``): a Boat's push and a carry in both orders by clicks, with the status line
saying what the next click does and the targets marked by what they do; a Wheel turned
by its on-board control, by clicks and by keyboard, with its tiles' destinations
previewed.  ``PAISHO_SCREENSHOTS=<folder>`` saves screenshots at 1366×768 and 390×844."""

from __future__ import annotations

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    actions_done,
    goto_ready,
    new_watched_page,
    save_screenshot,
    wait_actions,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import link
from paisho_core.wiki import WikiGame

pytestmark = pytest.mark.e2e

OPENING = "1G.Ja(0,-8);1H.Ja(0,8);2G.(0,-8)-(0,-5);2H.(0,8)-(0,5);3G.B(1,-5);3H.W(-1,4)"
"""Guest to move: its Boat on (1,-5) beside its Jasmine on (0,-5); the Host's Wheel on
(-1,4) beside its Jasmine on (0,5)."""
WHEEL = OPENING + ";4G.(1,-5)-(1,-4)"
"""Host to move, its Wheel may turn."""


def point(page: Page, text: str) -> str:
    """The selector of a board point."""
    return f'#board [data-point="{text}"]'


def open_game(context: BrowserContext, site: SiteServer, errors: PageErrors, text: str) -> Page:
    """A page showing the Wiki game ``text`` opened from its link."""
    page = new_watched_page(context, errors)
    game = WikiGame.from_text(text)
    goto_ready(page, f"{site.base_url}#{link.encode(game)}", errors)
    wait_actions(page, len(game.history))
    return page


def last_move(page: Page) -> str:
    """The last entry of the move list."""
    return str(page.locator("#move-list li:not(.none)").last.text_content())


def shoot(page: Page, name: str) -> None:
    """Save a screenshot named after ``name`` and the viewport (:func:`save_screenshot`)."""
    size = page.viewport_size or {"width": 0, "height": 0}
    save_screenshot(page, f"{name}-{size['width']}x{size['height']}")


@pytest.fixture(params=[(1366, 768), (390, 844)], ids=["desktop", "phone"])
def context(browser: Browser, request: pytest.FixtureRequest) -> BrowserContext:
    """A browser context at each of the two sizes."""
    width, height = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height})
    request.addfinalizer(ctx.close)
    return ctx


def test_boat_push_by_clicks_is_guided(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = open_game(context, site, page_errors, OPENING)
    page.locator(point(page, "(1,-5)")).click()
    assert page.text_content("#status") == (
        "Guest: Boat selected — choose where the Boat goes, or a neighbouring tile to push"
        " or to carry."
    )
    # the Jasmine may be pushed or carried, (1,-3) is a move: marked apart, with a legend
    assert page.get_attribute(f'{point(page, "(0,-5)")} .mark-kinds', "data-mark") == (
        "triangle square"
    )
    assert page.get_attribute(f'{point(page, "(1,-3)")} .mark-kinds', "data-mark") == "dot"
    assert page.locator("#wiki-guide").is_visible()
    legend = page.locator("#wiki-guide .key").all_text_contents()
    assert legend == ["the Boat goes here", "push this tile", "carry this tile"]
    # hovering the Jasmine previews its push: Boat and Jasmine each one step west
    page.locator(point(page, "(0,-5)")).hover()
    page.wait_for_selector('#wiki-preview[data-how="push"]')
    assert str(page.text_content("#wiki-preview")).startswith(
        "If pushed: move your Boat onto the marked Jasmine, pushing it one point on:"
    )  # in words while coordinates are off, no notation
    assert page.locator("#board-preview-top .motion").count() == 2
    shoot(page, "wiki-boat-mixed-targets")
    page.locator(point(page, "(0,-5)")).click()
    status = str(page.text_content("#status"))
    assert status.startswith("Guest: Boat and Jasmine selected — choose where the Boat takes the")
    assert "where the Jasmine is pushed" in status
    page.locator(point(page, "(-1,-5)")).click()
    wait_actions(page, 7)
    assert last_move(page) == "4G.(1,-5)>(0,-5)"
    page_errors.check()


@pytest.mark.parametrize(
    "order", [("(0,-5)", "(1,-3)"), ("(1,-3)", "(0,-5)")], ids=["tile-first", "destination-first"]
)
def test_boat_carry_in_either_order(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, order: tuple[str, str]
) -> None:
    page = open_game(context, site, page_errors, OPENING)
    page.locator(point(page, "(1,-5)")).click()
    page.locator(point(page, order[0])).click()
    if order[0] == "(1,-3)":  # not a silent plain move: the page asks
        assert actions_done(page) == 6
        assert str(page.text_content("#status")).startswith(
            "Guest: move the Boat alone to (1,-3), or carry the Jasmine?"
        )
        assert page.get_attribute(f'{point(page, "(0,-5)")} .mark-kinds', "data-mark") == "square"
    else:
        assert "where the Boat takes the Jasmine" in str(page.text_content("#status"))
    page.locator(point(page, order[1])).click()
    wait_actions(page, 7)
    assert last_move(page) == "4G.(1,-5)=(1,-3)[(0,-5)]"
    page_errors.check()


def test_wheel_turns_by_its_control_with_a_preview(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = open_game(context, site, page_errors, WHEEL)
    page.locator(point(page, "(-1,4)")).click()
    assert "↻ (clockwise) or ↺ (counter-clockwise)" in str(page.text_content("#status"))
    cw = page.locator("#wiki-turn-cw")
    assert cw.get_attribute("aria-label") == (
        "Turn the Wheel clockwise: each tile around it moves one step"
    )
    cw.hover()
    page.wait_for_selector('#wiki-preview[data-how="way"]')
    assert str(page.text_content("#wiki-preview")).startswith(
        "Turned: turn your marked Wheel clockwise:"
    )
    moved = page.locator("#board-preview-top .motion")
    assert moved.count() == 1
    assert moved.get_attribute("data-from") == "(0,5)"
    assert moved.get_attribute("data-to") == "(0,4)"  # one step clockwise round the Wheel
    shoot(page, "wiki-wheel-control")
    cw.click()
    wait_actions(page, 8)
    assert last_move(page) == "4H.(-1,4)@cw"
    page_errors.check()


def test_wheel_turns_by_keyboard(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = open_game(context, site, page_errors, WHEEL)
    page.focus("#board")
    for key in ("ArrowLeft", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "Enter"):
        page.keyboard.press(key)
    page.wait_for_selector("#wiki-turn-cw")
    page.keyboard.press("Tab")  # from the board to the control's first button
    assert page.evaluate("document.activeElement.id") == "wiki-turn-cw"
    page.wait_for_selector('#wiki-preview[data-how="way"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "wiki-turn-ccw"
    page.wait_for_function(
        "document.querySelector('#wiki-preview').textContent"
        ".startsWith('Turned: turn your marked Wheel counter-clockwise')"
    )
    page.keyboard.press("Enter")
    wait_actions(page, 8)
    assert last_move(page) == "4H.(-1,4)@ccw"
    assert page.evaluate("document.activeElement.id") == "board"
    page_errors.check()
