"""A made-up variant in the real page: a test build adds ``tests/support/toyvariant``
(``dist-toyvariant/``, :mod:`sitebuild.variants`), whose New game dialog offers it and
whose generic UI plays a game by clicks to its end, with the result, the move list and
the address bar's link.  The site names no variant: only the registry knows it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    desktop_context,
    goto_ready,
    new_watched_page,
    play_game,
    serve_site,
)
from playwright.sync_api import BrowserContext
from toy_helpers import TOY, toy_registered

from paisho_core import link, registry
from sitebuild.variants import add_variants

pytestmark = pytest.mark.e2e

TOY_PACKAGE = Path(__file__).resolve().parents[1] / "support" / "toyvariant"
WIN = "S(0,0);S(1,1);F(0,1);S(1,0);S(0,-1)"

context = pytest.fixture(name="context")(desktop_context)


@pytest.fixture(scope="module")
def toy_site(dist: Path) -> Iterator[SiteServer]:
    """The built site with the toy variant added, served (and the toy registered here,
    to read its links)."""
    with toy_registered():
        yield from serve_site(add_variants(dist, [TOY_PACKAGE]))


def test_the_new_game_dialog_offers_the_toy_and_a_game_is_played_to_its_end(
    toy_site: SiteServer, context: BrowserContext, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, toy_site.base_url, page_errors)
    assert page.get_attribute("html", "data-boot") == "fallback"  # (no snapshot: see above)
    page.click("#btn-new")
    offered = page.eval_on_selector_all(
        "#variant-select option", "els => els.map(e => [e.value, e.textContent])")
    assert [TOY, "Toy Pai Sho"] in offered and offered[0][0] == registry.default_variant()
    page.select_option("#variant-select", TOY)
    if page.is_visible("#computer-select"):
        page.select_option("#computer-select", "none")
    page.click("#btn-new-start")
    # (the page's first game had no action either: wait for the toy's own reserve)
    page.wait_for_selector('#reserve-0 [data-reserve="S"]', state="attached")
    page.wait_for_selector('#board-holder[data-actions="0"]', state="attached")
    assert page.locator('#reserve-0 [data-reserve="S"]').count() == 1
    play_game(page, registry.get_variant(TOY), WIN)
    page.wait_for_function("() => (document.getElementById('result').textContent || '') !== ''")
    assert page.text_content("#result") == "Host wins (three in a row)."
    moves = page.eval_on_selector_all("#move-list li:not(.none)", "els => els.length")
    assert moves >= 3
    decoded = link.decode(page.url)
    assert decoded.variant == TOY and decoded.game.to_text() == WIN
    page_errors.check()
