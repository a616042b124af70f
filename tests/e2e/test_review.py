"""The computer's review on the game page, in Chromium: a shared game reviewed in a
worker of its own (the progress shown as it goes), the graph drawn, a click on the graph
showing that move in the replay, the summary per player; on a phone, the judged moves
marked in the move list, a judged move's verdict and better move, and the review kept
across a reload."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    actions_done,
    goto_ready,
    new_watched_page,
    save_screenshot,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext

from paisho_core import link
from paisho_core.skud import SkudGame

pytestmark = pytest.mark.e2e

RECORD = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5);2H.R4(8,0)"


def test_a_shared_game_reviewed_and_a_move_shown_from_the_graph(
        context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    game = SkudGame.from_text(RECORD)
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}{link.fragment_for(game)}", page_errors)
    page.click("#btn-review-start")
    page.wait_for_function("() => document.getElementById('review-progress')"
                           ".textContent.startsWith('Review complete')")
    positions = len(game.history) + 1
    plies = page.locator("#review-graph [data-ply]").count()
    assert 0 < plies < positions
    assert page.is_hidden("#btn-review-cancel") and page.is_enabled("#btn-review-start")
    summary = str(page.text_content("#review-summary"))
    assert summary.startswith("Host: ") and "Guest: " in summary
    page.locator("#review-graph [data-ply='2']").dispatch_event("click")
    page.wait_for_function("() => document.getElementById('replay-slider').value !== "
                           "document.getElementById('replay-slider').max")
    slider = page.evaluate("document.getElementById('replay-slider').value")
    page.click("#move-list li[data-ply='2']")
    assert page.evaluate("document.getElementById('replay-slider').value") == slider
    assert page.locator("#review-graph [data-ply='2'].current, "
                        "#review-graph [data-ply='2'][aria-current]").count() == 1
    save_screenshot(page, "review-desktop", full_page=True)


RING = (Path(__file__).resolve().parents[2] / "examples" / "skud-ring.txt").read_text()
PHONE = {"width": 390, "height": 844}


def test_on_a_phone_the_blunder_is_marked_its_better_move_shown_and_a_reload_keeps_it(
        browser: Browser, site: SiteServer, page_errors: PageErrors) -> None:
    """skud-r8: the Guest's move that let the Host's Harmony Ring through is marked a
    blunder in the move list; tapped, it says so with the move the computer prefers, whose
    points the board marks; a reload shows the review again without asking the worker."""
    game = SkudGame.from_text(RING)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}{link.fragment_for(game)}", page_errors)
    page.locator("#btn-review-start").scroll_into_view_if_needed()
    page.tap("#btn-review-start")
    page.wait_for_function("() => document.getElementById('review-progress')"
                           ".textContent.startsWith('Review complete')")
    blunder = page.locator("#move-list li[data-judged='blunder']").last
    assert blunder.get_attribute("title", timeout=5_000).startswith("Blunder: ")  # type: ignore[union-attr]
    blunder.scroll_into_view_if_needed()
    blunder.tap()
    verdict = page.locator("#review-move")
    verdict.wait_for(state="visible")
    said = str(verdict.text_content())
    assert " by Guest is a blunder: " in said and "The computer prefers: " in said
    page.wait_for_function("() => document.querySelectorAll('.board .pt.better').length > 0")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    verdict.scroll_into_view_if_needed()
    save_screenshot(page, "review-phone")
    marked = page.locator("#move-list li[data-judged]").count()

    page.reload()
    wait_ready(page, page_errors)
    page.wait_for_function("() => document.querySelectorAll('#review-graph [data-ply]').length"
                           f" === {game.plies}")
    assert page.locator("#move-list li[data-judged]").count() == marked
    assert str(page.text_content("#review-progress")).startswith("Review complete")

    # the better line, played as a side line from the blunder, stepped through
    blunder = page.locator("#move-list li[data-judged='blunder']").last
    blunder.scroll_into_view_if_needed()
    blunder.tap()
    page.locator("#btn-review-line").scroll_into_view_if_needed()
    page.tap("#btn-review-line")
    first = page.locator("#move-list li.lines li[data-path].current")
    first.wait_for()
    assert actions_done(page) == len(game.history)  # the game is unchanged
    moves = page.locator("#move-list li.lines li[data-path]").count()
    assert moves >= 1 and str(page.text_content("#replay-label")).startswith("Side line")
    if moves > 1:
        page.locator("#btn-replay-next").scroll_into_view_if_needed()
        page.tap("#btn-replay-next")
        page.wait_for_function("() => document.querySelector('#move-list li.lines "
                               "li[data-path].current') !== null && document.querySelector("
                               "'#move-list li.lines li[data-path]') !== document.querySelector("
                               "'#move-list li.lines li[data-path].current')")
    context.close()
