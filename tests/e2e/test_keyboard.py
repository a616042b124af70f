"""Keyboard-only play of the Skud opening in real Chromium (no mouse at all)."""

from __future__ import annotations

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from playwright.sync_api import Browser, Page
from test_play_skud import DOM_STATE_JS, engine_state, wait_actions

pytestmark = pytest.mark.e2e


def focused_matches(page: Page, selector: str) -> bool:
    return bool(
        page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        )
    )


def tab_to(page: Page, selector: str, key: str = "Tab", limit: int = 80) -> None:
    """Press Tab (or Shift+Tab) until the focused element matches ``selector``."""
    for _ in range(limit):
        if focused_matches(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"could not reach {selector} with {key}")


def press(page: Page, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)


def choose_accents_by_keyboard(page: Page) -> None:
    """Pick Rock, Wheel, Knotweed, Boat (buttons R R W W K K B B) and confirm."""
    tab_to(page, "#accent-pool button")
    for i in range(4):
        if i:
            press(page, "Tab", 2)
        page.keyboard.press("Enter")
    tab_to(page, "#btn-accents")
    page.keyboard.press("Enter")


def test_keyboard_only_opening(browser: Browser, site: SiteServer, page_errors: PageErrors) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)

    choose_accents_by_keyboard(page)  # Host
    wait_actions(page, 1)
    choose_accents_by_keyboard(page)  # Guest
    wait_actions(page, 2)

    # the Guest's opening plant: focus lands on the reserve, Enter picks the Rose
    tab_to(page, '#reserve-1 [data-reserve="R3"]')
    page.keyboard.press("Enter")
    assert focused_matches(page, "#board"), "picking a reserve tile moves focus to the board"
    assert page.get_attribute("#board", "aria-activedescendant") == "pt0_-8"
    page.keyboard.press("Enter")
    wait_actions(page, 3)

    # the Host answers in the opposite Gate
    tab_to(page, '#reserve-0 [data-reserve="R3"]')
    page.keyboard.press("Enter")
    assert page.get_attribute("#board", "aria-activedescendant") == "pt0_8"
    page.keyboard.press("Enter")
    wait_actions(page, 4)

    # the Guest arranges (0,-8) -> (0,-5) with the arrow keys; Esc cancels a selection
    assert focused_matches(page, "#board")
    press(page, "ArrowDown", 16)
    assert page.get_attribute("#board", "aria-activedescendant") == "pt0_-8"
    page.keyboard.press("Enter")
    assert page.locator('#board [data-point="(0,-8)"].selected').count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#board .pt.selected").count() == 0
    page.keyboard.press("Enter")
    press(page, "ArrowUp", 3)
    assert "can be chosen" in (
        page.get_attribute('#board [data-point="(0,-5)"]', "aria-label") or ""
    )
    page.keyboard.press("Enter")
    wait_actions(page, 5)

    text = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5)"
    assert page.evaluate(DOM_STATE_JS) == engine_state(text)
    assert page.get_attribute('#board [data-point="(0,-5)"]', "aria-label") == (
        "Guest Rose R3 at (0,-5)"
    )
    # undo from the keyboard
    page.keyboard.press("Control+z")
    wait_actions(page, 4)
    page.keyboard.press("Control+y")
    wait_actions(page, 5)
    context.close()
