"""The Puzzles page in Chromium, by clicks and taps: today's puzzle solved, the next one
missed (the wrong turn left on the board, with why), the record kept across a reload,
a puzzle named by the address on a phone in Russian, an unknown id with a poisoned
record in Frisian, and an Ancient puzzle solved by clicks with no tile of another seat's
hidden hand anywhere in the page."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page, save_screenshot
from drill_clicks import play, press
from playwright.sync_api import Browser, BrowserContext, Page
from puzzle_helpers import a_wrong_turn, clicks

from paisho_core.puzzles import Puzzle, get_puzzle, library, puzzles
from paisho_core.puzzles.model import puzzle_game
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


def secret_tiles(puzzle: Puzzle) -> tuple[set[str], set[str]]:
    """The mover's hand, and the codes another seat holds in the puzzle's position that
    the mover neither holds nor sees on the board."""
    game = puzzle_game(puzzle)
    mover = game.to_move
    mine = set(game.hand(mover))
    held = set()
    for seat in range(len(game.players)):
        if seat != mover:
            held |= set(game.hand(seat))
    return mine, held - mine - {t.code for t in game.board_tiles()}


def test_an_ancient_puzzle_solved_by_clicks_shows_no_other_seats_tile(
        desktop: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    puzzle, mine, secret = next((p, *secret_tiles(p)) for p in library()["ancient"].puzzles
                                if secret_tiles(p)[1])
    page = new_watched_page(desktop, page_errors)
    goto_ready(page, f"{site.base_url}puzzles.html#puzzle={puzzle.id}", page_errors)
    assert shown(page) == puzzle.id
    count = puzzle_game(puzzle).harmonies
    assert page.text_content("#puzzle-prompt") == (
        f"The board counts {count} {'harmony' if count == 1 else 'harmonies'}: bring it to"
        " exactly 5 this turn.")

    def no_secret() -> None:
        html = page.content()
        for code in secret:
            assert f"reserve:{code}" not in html, code
        assert page.locator("[data-token='reserve:?']").count() == 0

    tokens = page.eval_on_selector_all("#puzzle-reserve [data-token^='reserve:']",
                                       "els => els.map(e => e.dataset.token)")
    assert {t.removeprefix("reserve:") for t in tokens} == mine
    no_secret()
    play(page, clicks(puzzle), panel="puzzle")
    assert page.text_content("#puzzle-message") == "Solved! That is the one move."
    assert page.get_attribute("#puzzle", "data-state") == "met"
    no_secret()
    page.screenshot(path="/tmp/puzzles-desktop-ancient.png")
