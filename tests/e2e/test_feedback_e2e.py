"""Play feedback (issue #21): the computer's seat shows it thinking and nothing is offered
to the person meanwhile; one result panel at the end of a game (New game, Rematch with
the seats swapped, Replay), focused, the result told once, the keyboard cursor off the
board, for every variant; the replay label counts what the move list numbers; a link
that cannot be opened stays in the notice with a Copy button."""

from __future__ import annotations

import os
from typing import Any

import pytest
from conftest import (
    SCREENSHOTS_ENV,
    PageErrors,
    SiteServer,
    click_token,
    desktop_context,
    goto_ready,
    new_watched_page,
    save_screenshot,
    wait_actions,
)
from playwright.sync_api import BrowserContext, Page, Route

from paisho_core import link
from paisho_core.registry import new_game
from paisho_core.skud import SkudGame
from paisho_page.panels import balance as bp
from paisho_page.play import result
from paisho_page.play.ui import UIState

pytestmark = pytest.mark.e2e

context = pytest.fixture(name="context")(desktop_context)

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}

SKIPPED = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+skip"
)
"""A Skud game whose last ply earned a Harmony Bonus, skipped: 10 actions, 9 plies."""

STATE_JS = """() => {
  const body = document.body.innerText;
  const line = document.querySelector('#result').textContent;
  return {
    status: document.querySelector('#status').textContent,
    badges: [...document.querySelectorAll('.player .turn-badge')].map(b => b.textContent),
    thinking: [...document.querySelectorAll('.player.thinking')].map(p => p.id),
    playable: document.querySelectorAll('.reserve-tile.playable').length,
    highlights: document.querySelectorAll('#board .pt.highlight').length,
    accents: !document.querySelector('#accent-chooser').hidden,
    panel: !document.querySelector('#result-panel').hidden,
    heading: document.querySelector('#result-heading').textContent,
    line, score: document.querySelector('#result-score').textContent,
    lineCount: line ? body.split(line).length - 1 : 0,
    focus: document.activeElement ? document.activeElement.id : '',
    cursor: document.querySelectorAll('#board .pt.cursor').length,
  };
}"""


def shots(page: Page, name: str) -> None:
    """Screenshots of the page at the desktop and the phone sizes (then back), when
    screenshots are asked for (:data:`conftest.SCREENSHOTS_ENV`)."""
    if not os.environ.get(SCREENSHOTS_ENV):
        return
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(100)  # (a layout pass; nothing is asserted on time)
        save_screenshot(page, f"feedback-{name}-{size_name}")
    page.set_viewport_size({"width": 1200, "height": 900})


def hang(route: Route) -> None:
    """Leave the request unanswered: the computer's worker never starts, so it stays
    "thinking" (starting up) for as long as the test looks."""


def state(page: Page) -> dict[str, Any]:
    """What the page shows, read at once (one task: nothing moves in between)."""
    result_: dict[str, Any] = page.evaluate(STATE_JS)
    return result_


def start_skud(page: Page, computer: str) -> None:
    """New Skud game from the dialog; the computer plays ``computer`` ("none": nobody)."""
    page.click("#btn-new")
    page.select_option("#variant-select", "skud")
    page.wait_for_selector("#computer-fields:not([hidden])")
    page.select_option("#computer-select", computer)
    page.select_option("#computer-level", "hard")
    page.click("#btn-new-start")


def resign(page: Page) -> None:
    """The player to move resigns (with the confirmation)."""
    page.click("#btn-resign")
    page.click("#btn-resign-yes")
    page.wait_for_selector("#result-panel:not([hidden])")


def test_the_result_panel_rematch_swaps_seats_and_the_computer_is_shown_thinking(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    context.route("**/search-worker.mjs", hang)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    start_skud(page, "1")  # the computer is the Guest; the Host (a person) starts
    page.wait_for_selector("#accent-chooser:not([hidden])")
    page.focus("#board")
    page.keyboard.press("ArrowRight")  # the keyboard cursor is on the board
    page.wait_for_selector("#board .pt.cursor", state="attached")
    resign(page)
    seen = state(page)
    want = "Guest wins by resignation."
    assert seen["panel"] and seen["heading"] == result.HEADING and seen["line"] == want
    assert seen["score"] == ""  # (Skud keeps no score)
    assert seen["status"] == result.STATUS_OVER  # the result is told once, in the panel
    assert seen["lineCount"] == 1
    assert seen["focus"] == "result-panel"  # focus moved to the panel (a labelled region)
    assert page.get_attribute("#result-panel", "aria-labelledby") == "result-heading"
    assert seen["cursor"] == 0  # the keyboard cursor left the board
    shots(page, "result")

    page.click("#btn-result-rematch")  # same variant, the seats swapped: the computer hosts
    page.wait_for_selector('#board-holder[data-actions="0"]', state="attached")
    page.wait_for_function("() => document.querySelector('#status').textContent"
                           ".includes('The computer (Host')")
    rec = page.evaluate("""() => JSON.parse(localStorage.getItem('paisho.game.v2.'
                            + sessionStorage.getItem('paisho.tab.v2')))""")
    assert rec["variant"] == "skud" and rec["computer"] == 0 and rec["moves"] == ""
    seen = state(page)
    assert "The computer (Host, hard)" in seen["status"], seen["status"]
    assert seen["badges"] == ["thinking…", ""] and seen["thinking"] == ["player-0"]
    assert seen["playable"] == 0 and seen["highlights"] == 0 and not seen["accents"]
    assert not seen["panel"]
    shots(page, "thinking")
    page_errors.check()


def _resigned(variant: str) -> Any:
    """A game of ``variant`` after a few actions, resigned by the player to move."""
    seed = {"balance": 7, "ancient": 5}.get(variant)
    game = new_game(variant, (), seed)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    game.resign()
    return game


@pytest.mark.parametrize("variant", ["skud", "wiki", "balance", "ancient"])
def test_one_result_panel_for_every_variant_and_replay_opens_at_the_start(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, variant: str
) -> None:
    game = _resigned(variant)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + link.fragment_for(game), page_errors)
    page.wait_for_selector("#result-panel:not([hidden])")
    panel_line = bp.end_text(game.outcome(), game) if variant == "balance" else ""
    want = result.result_view(game, UIState(game).result_text(), panel_line)
    assert want is not None
    seen = state(page)
    assert (seen["heading"], seen["line"], seen["score"]) == (want.heading, want.line, want.score)
    assert seen["lineCount"] == 1, seen  # not repeated by the status line nor a notice
    assert seen["focus"] == "result-panel"
    plies = len(game.to_text().split(";"))
    assert page.text_content("#replay-label") == f"Move {plies} of {plies}"
    page.click("#btn-result-replay")
    page.wait_for_selector('#board-holder[data-view="0"]', state="attached")
    assert page.is_hidden("#result-panel")
    assert page.text_content("#replay-label") == f"Start (0 of {plies})"
    assert page.evaluate("document.activeElement.id") == "btn-replay-next"
    page.click("#btn-replay-last")
    page.wait_for_selector("#result-panel:not([hidden])")
    page.click("#btn-result-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page_errors.check()


def test_the_replay_label_counts_the_plies_the_move_list_numbers(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = SkudGame.from_text(SKIPPED)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + link.fragment_for(game), page_errors)
    page.wait_for_selector('#board-holder[data-actions="10"]', state="attached")
    last = page.get_attribute("#move-list li:last-child", "data-ply")
    assert last == "9" and page.text_content("#replay-label") == "Move 9 of 9"
    page.click("#btn-replay-prev")  # the move before its bonus: still the 9th ply
    assert page.text_content("#replay-label") == "Move 9 of 9"
    assert page.get_attribute("#move-list li.current", "data-ply") == "9"
    page.click("#btn-replay-prev")
    assert page.text_content("#replay-label") == "Move 8 of 9"
    assert page.get_attribute("#move-list li.current", "data-ply") == "8"
    resigned = SkudGame()
    resigned.resign()
    page.goto(site.base_url + link.fragment_for(resigned))  # (a hashchange: same page)
    page.wait_for_selector("#result-panel:not([hidden])")
    assert page.text_content("#move-list li:last-child") == "0H.resign"
    assert page.text_content("#replay-label") == "Move 1 of 1"  # was "No moves yet"
    page_errors.check()


def test_a_link_that_cannot_be_opened_stays_in_the_notice_with_a_copy_button(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    good = link.fragment_for(SkudGame.from_text(SKIPPED))
    bad = good[:-3] + ("AAA" if not good.endswith("AAA") else "BBB")  # its checksum fails
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + bad, page_errors)
    page.wait_for_selector("#notice.bad:not([hidden])")
    assert "could not be opened" in (page.text_content("#notice-text") or "")
    assert page.is_visible("#bad-link-bar")
    assert page.input_value("#bad-link") == site.base_url + bad
    page.click("#btn-copy-bad-link")
    page.wait_for_function("() => document.querySelector('#bad-link-status').textContent")
    assert page.input_value("#bad-link") == site.base_url + bad  # still there to copy
    page_errors.check()


RED = "rgb(178, 58, 43)"
"""The error colour (``--red-ink`` in the light scheme)."""


def test_a_shared_links_notice_counts_its_moves_and_passes_and_messages_show_their_kind(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """One count (the notice, the replay bar, the move list), the notice taken down at
    the next move, a refusal in the error colour and nothing else in it."""
    game = SkudGame.from_text(SKIPPED)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + link.fragment_for(game), page_errors)
    wait_actions(page, len(game.history))
    assert "Opened a shared game (9 moves)" in (page.text_content("#notice-text") or "")
    assert page.text_content("#replay-label") == "Move 9 of 9"
    page.locator('#board [data-point="(0,0)"]').click()  # an empty point: refused
    message = page.locator("#message")
    assert message.get_attribute("data-kind") == "error"
    assert message.evaluate("e => getComputedStyle(e).color") == RED
    following = SkudGame.from_text(SKIPPED)
    action = following.legal_actions()[0]
    seat = following.to_move
    assert seat is not None
    for token in following.action_clicks(action):
        click_token(page, seat, token)
    wait_actions(page, len(game.history) + 1)
    page.wait_for_selector("#notice", state="hidden")
    page.click("#btn-new")
    page.click("#btn-new-start")
    page.wait_for_function("document.getElementById('message').textContent === 'New game.'")
    assert message.get_attribute("data-kind") == "info"
    assert message.evaluate("e => getComputedStyle(e).color") != RED
    page_errors.check()
