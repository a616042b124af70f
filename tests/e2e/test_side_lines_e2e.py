"""Side lines on the game page, in Chromium: a different move played while replaying a
shared game opens a side line (the game is not cut), shown indented in the move list
with its own controls; a comment is kept; the link carries both, and opened in a new
context on a phone (touch) it shows them; "Make it the main line" makes the side line
the game and keeps the old moves as a side line; a reload keeps everything."""

from __future__ import annotations

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    actions_done,
    click_token,
    goto_ready,
    new_watched_page,
    save_screenshot,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import link
from paisho_core.skud import SkudGame
from paisho_page.play.ui import page_clicks

pytestmark = pytest.mark.e2e

RECORD = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5);2H.R4(8,0)"
PHONE = {"width": 390, "height": 844}
AT = 4
"""The side line branches after this many moves (the Guest's Arrange replaced)."""


def _other_move() -> tuple[int, tuple[str, ...], str]:
    """The seat, click tokens and notation of a plant the game did not make at AT."""
    game = SkudGame.from_text(RECORD)
    before = link.game_at(game, AT)
    action = next(a for a in before.legal_actions()
                  if a != game.history[AT] and before.format_action(a)[0] in "RW")
    seat = before.to_move
    assert seat is not None
    return seat, tuple(page_clicks(before, action)), before.format_action(action)


def _branch(page: Page, site: SiteServer, errors: PageErrors) -> str:
    """Open the game of :data:`RECORD`, go back to move :data:`AT` and play another move
    there; the side line's move is shown.  Return that move's notation."""
    goto_ready(page, f"{site.base_url}{link.fragment_for(SkudGame.from_text(RECORD))}", errors)
    page.click(f"#move-list li[data-ply='{AT}']")
    seat, tokens, text = _other_move()
    for token in tokens:
        click_token(page, seat, token)
    page.locator("#move-list li.lines li[data-path].current").wait_for()
    return text


def test_a_side_line_is_played_commented_shared_promoted_and_kept(
        browser: Browser, context: BrowserContext, site: SiteServer,
        page_errors: PageErrors) -> None:
    game = SkudGame.from_text(RECORD)
    page = new_watched_page(context, page_errors)
    text = _branch(page, site, page_errors)
    side = page.locator("#move-list li.lines li[data-path].current")
    assert text in str(side.text_content())
    assert actions_done(page) == len(game.history)  # the game is not cut
    assert page.locator("#move-list > li[data-ply]").count() == len(game.history)
    assert page.is_visible("#side-line-bar") and page.is_hidden("#btn-continue-here")
    assert str(page.text_content("#replay-label")).startswith("Side line, move ")
    # a comment on the side line's move, plain text
    page.click("#comment-box summary")
    page.fill("#comment-text", "<b>sharper</b> than the game")
    page.click("#btn-comment-save")
    note = page.locator("#move-list li.lines li.note")
    note.wait_for()
    assert note.text_content() == "<b>sharper</b> than the game"
    assert page.locator("#move-list b").count() == 0
    page.wait_for_function("() => location.hash.includes('~')")
    page.click("#btn-share")
    shared = str(page.input_value("#share-link"))
    assert "~" in shared and shared.split("#", 1)[1].startswith(link.encode(game)[:8])
    page.keyboard.press("Escape")
    save_screenshot(page, "side-line-desktop", full_page=True)

    # the link in a new context, on a phone with touch
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        other = new_watched_page(phone, page_errors)
        goto_ready(other, shared, page_errors)
        current = other.locator("#move-list li.lines li[data-path].current")
        current.wait_for()
        assert text in str(current.text_content())
        assert other.locator("#move-list li.lines li.note").text_content() == (
            "<b>sharper</b> than the game")
        assert other.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        other.locator("#btn-promote-line").scroll_into_view_if_needed()
        save_screenshot(other, "side-line-phone")
        other.tap("#btn-promote-line")
        other.wait_for_function(f"() => document.getElementById('board-holder')"
                                f".dataset.actions === '{AT + 1}'")
        old = other.locator("#move-list li.lines li[data-path]")
        assert old.count() == len(game.history) - AT  # the old moves: a side line now
        assert other.is_hidden("#side-line-bar")
        other.reload()
        wait_ready(other, page_errors)
        other.locator("#move-list li.lines").wait_for()
        assert actions_done(other) == AT + 1
        assert other.locator("#move-list li.lines li[data-path]").count() == (
            len(game.history) - AT)
    finally:
        phone.close()

    # back in the first tab: delete the side line; a reload keeps the game whole
    page.locator("#move-list li.lines li[data-path]").first.click()
    page.click("#btn-delete-line")
    page.wait_for_function("() => !document.querySelector('#move-list li.lines')")
    page.reload()
    wait_ready(page, page_errors)
    assert actions_done(page) == len(game.history)
    assert page.locator("#move-list li.lines").count() == 0


def test_a_game_replaced_by_a_link_is_kept_with_its_side_lines(
        context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    """Another link opened over a game with a side line and a comment: "Resume it" gives
    the game back with both."""
    game = SkudGame.from_text(RECORD)
    page = new_watched_page(context, page_errors)
    text = _branch(page, site, page_errors)
    page.click("#comment-box summary")
    page.fill("#comment-text", "keep me")
    page.click("#btn-comment-save")
    page.locator("#move-list li.lines li.note").wait_for()
    page.wait_for_function("() => location.hash.includes('~')")
    page.goto(f"{site.base_url}{link.fragment_for(SkudGame.from_text('0H.R,W,K,B'))}")
    page.wait_for_function("() => document.getElementById('board-holder')"
                           ".dataset.actions === '1'")
    assert page.locator("#move-list li.lines").count() == 0
    assert page.is_visible("#kept-bar")
    page.click("#btn-resume-kept")
    page.wait_for_function("() => document.getElementById('board-holder')"
                           f".dataset.actions === '{len(game.history)}'")
    page.locator("#move-list li.lines li.note").wait_for()
    assert page.locator("#move-list li.lines li.note").text_content() == "keep me"
    assert text in str(page.locator("#move-list li.lines li[data-path]").first.text_content())
    page.wait_for_function("() => location.hash.includes('~')")
