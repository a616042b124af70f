"""Play Skud against the computer in Chromium: it moves by itself, legally, and undo
takes back its reply together with the person's move."""

from __future__ import annotations

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from playwright.sync_api import Browser, Page
from test_play_skud import DOM_STATE_JS, click_token, engine_state, wait_actions

from paisho_core.skud import SkudGame

pytestmark = pytest.mark.e2e


def _moves(page: Page) -> list[str]:
    return [
        str(t)
        for t in page.eval_on_selector_all(
            "#move-list li:not(.none)", "l => l.map(x => x.textContent)"
        )
    ]


def _start_against_computer(page: Page, seat: str) -> None:
    page.click("#btn-new")
    page.select_option("#variant-select", "skud")
    page.wait_for_selector("#computer-fields:not([hidden])")
    page.select_option("#computer-select", seat)
    page.click("#btn-new-start")


def test_computer_plays_the_host_and_answers_moves(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    _start_against_computer(page, "0")  # the computer is the Host: it chooses accents
    wait_actions(page, 1)
    moves = _moves(page)
    assert moves[0].startswith("0H.")
    # the person (Guest) chooses accents, then plants; the computer mirrors by itself
    game = SkudGame.from_text(";".join(moves))
    accents = next(a for a in game.legal_actions())
    for token in game.action_clicks(accents):
        click_token(page, 1, token)
    wait_actions(page, 2)
    game.apply(accents)
    plant = game.legal_actions()[0]
    for token in game.action_clicks(plant):
        click_token(page, 1, token)
    wait_actions(page, 4)  # the Guest's plant and the computer's mirror
    text = ";".join(_moves(page))
    replayed = SkudGame.from_text(text)  # every move the computer made is legal
    assert replayed.to_move == 1
    assert page.evaluate(DOM_STATE_JS) == engine_state(text)
    # undo takes back the computer's mirror and the person's plant together
    page.click("#btn-undo")
    wait_actions(page, 2)
    context.close()


def test_hot_seat_is_the_default(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.click("#btn-new")
    assert page.input_value("#computer-select") == "none"
    page.click("#btn-new-cancel")
    page.wait_for_timeout(600)
    assert page.get_attribute("#board-holder", "data-actions") == "0"
    context.close()
