"""Play and Analyse from a Studio position in Chromium (issue #23): a Wiki position set up
by clicks, played on against the computer on the game page; a Skud position analysed hot
seat, with the Hint, Undo back to the set-up, Share as a link and a reload."""

from __future__ import annotations

import pytest
from conftest import (
    TILES_JS,
    VIEWPORT,
    PageErrors,
    SiteServer,
    actions_done,
    click_token,
    goto_ready,
    new_watched_page,
    saved_game,
    wait_actions,
    wait_ready,
)
from playwright.sync_api import Browser, Page
from test_computer import _ask_hint

from paisho_core import link, setups, starts
from paisho_core.board import Point

pytestmark = pytest.mark.e2e


def _put(page: Page, label: str, where: str) -> None:
    page.locator(f'#studio-palette button[aria-label^="{label}"]').click()
    page.locator(f'#board [data-point="{where}"]').click()


def _studio(page: Page, site: SiteServer, errors: PageErrors, variant: str) -> None:
    goto_ready(page, f"{site.base_url}studio.html", errors)
    page.select_option("#studio-variant", variant)


def _to_game_page(page: Page, errors: PageErrors, button: str) -> None:
    page.click(button)
    page.wait_for_url(lambda url: not url.split("#")[0].endswith("studio.html"))
    wait_ready(page, errors)


def test_a_wiki_position_set_up_by_clicks_is_played_on_against_the_computer(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = new_watched_page(context, page_errors)
    _studio(page, site, page_errors, "wiki")
    _put(page, "Host Jasmine (Ja)", "(0,3)")
    _put(page, "Guest Lily (Li)", "(3,0)")
    page.select_option("#studio-mover", "0")  # the Host to move
    assert page.text_content("#studio-problems") == "The position can be played."
    page.select_option("#studio-play-seat", "0")
    page.select_option("#studio-play-level", "easy")
    _to_game_page(page, page_errors, "#studio-play-computer")

    tiles = page.evaluate(TILES_JS)
    assert tiles["(0,3)"] == ["Ja", "host"] and tiles["(3,0)"] == ["Li", "guest"]
    record = saved_game(page)
    assert record["computer"] == 1 and record["level"] == "easy" and record["start"]

    setup = setups.set_mover(
        setups.put(setups.put(setups.empty("wiki"), Point(0, 3), "Ja", 0), Point(3, 0), "Li", 1),
        0,
    )
    game = setups.build(setup)
    assert starts.of(game) == record["start"]
    action = game.legal_actions()[0]  # the Host enters a tile from the reserve
    for token in game.action_clicks(action):
        click_token(page, 0, token)
    wait_actions(page, 2)  # the Host's move, and the computer's reply as the Guest
    record = saved_game(page)
    replayed = starts.replay("wiki", record["start"], record["moves"])
    assert len(replayed.history) == 2 and replayed.history[0] == action
    page.reload()
    wait_ready(page, page_errors)
    assert actions_done(page) == 2
    assert page.evaluate(TILES_JS)["(3,0)"] in (["Li", "guest"], None)
    page_errors.check()
    context.close()


def test_a_skud_position_analysed_hot_seat_with_hint_undo_and_a_link(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = new_watched_page(context, page_errors)
    _studio(page, site, page_errors, "skud")
    _put(page, "Host Rose (R3)", "(1,1)")
    _put(page, "Guest White Jade (W5)", "(-2,3)")
    _to_game_page(page, page_errors, "#studio-play-analyse")
    assert page.evaluate(TILES_JS)["(1,1)"] == ["R3", "host"]
    assert saved_game(page)["computer"] is None

    hint = _ask_hint(page)

    setup = setups.put(
        setups.put(setups.empty("skud"), Point(1, 1), "R3", 0), Point(-2, 3), "W5", 1
    )
    game = setups.build(setup)
    seat = game.to_move
    assert seat is not None
    action = game.legal_actions()[0]
    assert hint.startswith("Hint: ")
    hinted = page.get_attribute("#skud-eval", "data-hint-action") or ""
    game.copy().play(hinted)  # legal in the set-up
    for token in game.action_clicks(action):
        click_token(page, seat, token)
    wait_actions(page, 1)
    page.click("#btn-undo")
    wait_actions(page, 0)
    assert page.evaluate(TILES_JS)["(1,1)"] == ["R3", "host"]  # back to the set-up, not further

    for token in game.action_clicks(action):
        click_token(page, seat, token)
    wait_actions(page, 1)
    for _ in range(100):  # the address bar follows the move once the page has redrawn
        address = page.url
        assert "#3" in address  # a set-up game's link carries its start (version 3)
        opened = link.decode(address)
        if len(opened.game.history) == 1:
            break
        page.wait_for_timeout(100)
    game.apply(action)
    assert opened.game.state_key() == game.state_key()
    fresh = new_watched_page(context, page_errors)
    goto_ready(fresh, f"{site.base_url}#{link.encode(game)}", page_errors)
    assert fresh.evaluate(TILES_JS)["(1,1)"] == ["R3", "host"]
    assert actions_done(fresh) == 1
    page_errors.check()
    context.close()
