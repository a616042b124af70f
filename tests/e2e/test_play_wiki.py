"""Play Wiki Pai Sho by clicks in real Chromium: a Boat push, a Wheel turn and a Boat carry;
the DOM and the score panel must match the engine; reload and share keep the game."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import (
    BOARD_STATE_JS,
    PageErrors,
    SiteServer,
    desktop_context,
    goto_ready,
    new_watched_page,
    play_game,
    saved_game,
    wait_actions,
)
from playwright.sync_api import BrowserContext, Page

from paisho_core.wiki import WikiGame
from paisho_page.panels.wiki import preview_text

pytestmark = pytest.mark.e2e

GAME = (
    "1G.Ja(0,-8);1H.Ja(0,8);2G.(0,-8)-(0,-5);2H.(0,8)-(0,5);3G.B(1,-5);3H.W(-1,4);"
    "4G.(1,-5)>(0,-5);4H.(-1,4)@cw;5G.(0,-5)=(0,-3)[(-1,-5)];5H.L(1,2)"
)

DOM_STATE_JS = (
    "() => {"
    + BOARD_STATE_JS
    + """
  const panel = document.querySelector('#wiki-panel');
  const rows = {};
  for (const tr of document.querySelectorAll('#wiki-score-rows tr')) {
    rows[tr.dataset.term] = [...tr.querySelectorAll('td')].map(td => td.textContent);
  }
  return {tiles, moves, hidden: panel.hidden, host: panel.dataset.host,
          guest: panel.dataset.guest, rows};
}"""
)


def engine_state(text: str) -> dict[str, Any]:
    """What the DOM should show for the game in ``text``."""
    game = WikiGame.from_text(text)
    tiles = {str(t.point): [t.code, game.players[t.owner or 0]] for t in game.board_tiles()}
    scores = game.scores()
    rows = {
        term: [str(s[term]) if term == "total" else f"{s[term]:+d}" for s in scores]
        for term in ("harmonies", "disharmonies", "blocked", "lotus", "unharmonised", "total")
    }
    return {
        "tiles": tiles,
        "moves": game.ply_texts(),
        "hidden": False,
        "host": str(scores[0]["total"]),
        "guest": str(scores[1]["total"]),
        "rows": rows,
    }


def play(page: Page, text: str) -> None:
    """Play the game by clicks, each action's clicks from the engine."""
    play_game(page, WikiGame, text)


context = pytest.fixture(name="context")(desktop_context)


def start_wiki(page: Page) -> None:
    """New game → Wiki Pai Sho, hot-seat."""
    page.click("#btn-new")
    page.select_option("#variant-select", "wiki")
    page.click("#btn-new-start")
    page.wait_for_selector("#wiki-panel:not([hidden])")
    wait_actions(page, 0)


def test_wiki_game_by_clicks_push_turn_carry_reload_and_share(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    start_wiki(page)
    assert "Wiki" in page.text_content("#variant-title")
    play(page, GAME)
    want = engine_state(GAME)
    # the Host: Wheel, Jasmine and White Lotus in no harmony, the Jasmine near the Lotus (R9)
    assert want["host"] == "-2" and want["rows"]["lotus"] == ["+1", "+0"]
    assert page.evaluate(DOM_STATE_JS) == want
    saved = saved_game(page)
    assert saved["variant"] == "wiki" and saved["moves"] == GAME

    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    assert page.evaluate(DOM_STATE_JS) == want

    fragment = page.evaluate("location.hash")
    assert fragment.startswith("#2")  # link format 2
    other = new_watched_page(context, page_errors)
    goto_ready(other, site.base_url + fragment, page_errors)
    assert other.evaluate(DOM_STATE_JS) == want

    # hovering a target after choosing a tile previews the score change (wiki R9)
    game = WikiGame.from_text(GAME)
    action = game.parse_action("(-1,-3)-(-1,-1)")
    other.locator('#board [data-point="(-1,-3)"]').click()
    other.locator('#board [data-point="(-1,-1)"]').hover()
    other.wait_for_selector('#wiki-preview[data-point="(-1,-1)"]')
    said = preview_text(game, action)  # in words (coordinates are off): no notation
    assert other.text_content("#wiki-preview") == said[:1].upper() + said[1:]
    assert "(-1,-3)" not in said
    page_errors.check()


def test_wiki_illegal_click_says_why(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    start_wiki(page)
    # the Guest's Rock cannot open the game (wiki R3): the reserve tile is not playable
    page.locator('#reserve-1 [data-reserve="R"]').click()
    assert "cannot be played now" in page.text_content("#message")
    page.locator('#reserve-1 [data-reserve="Ja"]').click()
    page.locator('#board [data-point="(0,8)"]').click()
    # the refusal names the cause and the ruling (wiki-r3), from the engine
    assert page.text_content("#message") == "The Guest's Jasmine enters only on (0,-8) (wiki R3)."
    page.locator('#board [data-point="(0,-8)"]').click()
    wait_actions(page, 1)
