"""The Puzzles page in Chromium, by clicks and taps: today's puzzle solved, the next one
missed (the wrong turn left on the board, with why), the record kept across a reload,
a puzzle named by the address on a phone in Russian, and an unknown id with a poisoned
record in Frisian."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page, save_screenshot
from drill_clicks import play, press
from playwright.sync_api import Browser, BrowserContext, Page
from puzzle_helpers import a_wrong_turn, clicks

from paisho_core.puzzles import get_puzzle, puzzles
from paisho_page.puzzles.record import KEY

pytestmark = pytest.mark.e2e


@pytest.fixture
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, service_workers="block")
    yield ctx
    ctx.close()


def shown(page: Page) -> str:
    """The id of the puzzle on the page."""
    return str(page.get_attribute("#puzzle", "data-puzzle"))


def record(page: Page) -> dict[str, object]:
    """The reader's stored puzzle record."""
    text = page.evaluate("(key) => localStorage.getItem(key)", KEY)
    return json.loads(text) if text else {}


def test_todays_puzzle_solved_the_next_missed_and_the_record_kept(
        desktop: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    page = new_watched_page(desktop, page_errors)
    goto_ready(page, f"{site.base_url}puzzles.html", page_errors)
    today = get_puzzle(shown(page))
    assert page.text_content("#puzzle-title") == "Today's puzzle"
    assert page.url.endswith(f"#puzzle={today.id}")
    play(page, clicks(today), panel="puzzle")
    assert page.text_content("#puzzle-message") == "Solved! That is the one move."
    assert page.get_attribute("#puzzle", "data-state") == "met"
    assert page.locator("#puzzle-open").is_visible()
    assert str(page.get_attribute("#puzzle-open", "href")).startswith("./#3")
    page.click("#btn-puzzle-copy")
    assert page.input_value("#puzzle-link") == f"{site.base_url}puzzles.html#puzzle={today.id}"
    save_screenshot(page, "puzzles-desktop-solved")
    press(page, "#btn-puzzle-next", False)
    following = get_puzzle(shown(page))
    assert following.id != today.id and page.url.endswith(f"#puzzle={following.id}")
    play(page, clicks(following, a_wrong_turn(following)), panel="puzzle")
    assert str(page.text_content("#puzzle-message")).startswith("Not this one: ")
    assert page.get_attribute("#puzzle", "data-state") == "missed"
    assert page.locator("#board [data-point].last-move").count() >= 1  # the wrong turn
    assert page.locator("#btn-puzzle-retry").is_visible()
    saved = record(page)
    assert saved["solved"] == [today.id] and saved["failed"] == [following.id]
    page.reload()
    page.locator("html[data-engine='ready']").wait_for()
    assert shown(page) == following.id  # the address reopens it
    assert page.text_content("#puzzle-record") == (
        f"Your puzzle rating: {saved['rating']} (1 solved, 1 missed).")
    page.click("#btn-puzzle-daily")
    assert shown(page) == today.id


def test_a_puzzle_from_its_link_on_a_phone_in_russian(
        phone: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    puzzle = next(p for p in puzzles().values() if p.variant == "wiki")
    page = new_watched_page(phone, page_errors)
    goto_ready(page, f"{site.base_url}ru/puzzles.html#puzzle={puzzle.id}", page_errors)
    assert shown(page) == puzzle.id
    assert page.text_content("#puzzle-title") == "Задача"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    play(page, clicks(puzzle), touch=True, panel="puzzle")
    assert page.text_content("#puzzle-message") == "Решено! Это единственный ход."
    save_screenshot(page, "puzzles-phone-ru", full_page=True)


def test_an_unknown_puzzle_and_a_poisoned_record_in_frisian(
        desktop: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    page = new_watched_page(desktop, page_errors)
    page.goto(f"{site.base_url}offline.html")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [KEY, '{"v": 1, "rating": "<img src=x onerror=alert(1)>", "solved": [1]}'])
    goto_ready(page, f"{site.base_url}fy/puzzles.html#puzzle=<b>nope</b>", page_errors)
    notice = str(page.text_content("#puzzle-notice"))
    assert "de puzel fan hjoed wurdt ynstee sjen litten" in notice, notice
    assert page.locator("#puzzle img, #puzzle b").count() == 0
    press(page, "#btn-puzzle-solution", False)
    assert page.text_content("#puzzle-message") == "De oplossing stiet op it boerd."
    assert record(page)["failed"] == [shown(page)]
    assert page.evaluate("Object.keys(localStorage).some(k => k.startsWith('paisho.setaside'))")
