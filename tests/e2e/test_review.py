"""The computer's review on the game page, in Chromium: a shared game reviewed in a
worker of its own (the progress shown as it goes), the graph drawn, a click on the graph
showing that move in the replay, the summary per player."""

from __future__ import annotations

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from playwright.sync_api import BrowserContext

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
    page.screenshot(path="/tmp/review-desktop.png", full_page=True)
