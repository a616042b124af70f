"""Play Wiki against the Hard computer in Chromium: it searches in the web worker while the
board stays responsive (no long task on the main thread), undo cancels the search, and
its replies are legal; Hint names a legal Wiki action and explains the position."""

from __future__ import annotations

import pytest
from conftest import (
    VIEWPORT,
    PageErrors,
    SiteServer,
    click_token,
    goto_ready,
    new_watched_page,
    wait_actions,
)
from playwright.sync_api import Browser, Page
from test_computer import LONG_TASK_LIMIT_MS, LONG_TASKS_JS

from paisho_core.wiki import WikiGame
from paisho_core.wiki.actions import ENTER, MOVE, WikiAction

pytestmark = pytest.mark.e2e


def _moves(page: Page) -> list[str]:
    return [
        str(t)
        for t in page.eval_on_selector_all(
            "#move-list li:not(.none)", "l => l.map(x => x.textContent)"
        )
    ]


def _start_wiki(page: Page, seat: str, level: str | None = None) -> None:
    """New Wiki game from the dialog with the computer in ``seat`` ("none": hot-seat)."""
    page.click("#btn-new")
    page.select_option("#variant-select", "wiki")
    page.wait_for_selector("#computer-fields:not([hidden])")
    page.select_option("#computer-select", seat)
    if level is not None:
        page.select_option("#computer-level", level)
    page.click("#btn-new-start")


def _play(page: Page, game: WikiGame, action: WikiAction) -> None:
    """Make ``action`` by its clicks on the page, and in ``game``."""
    mover = game.to_move
    assert mover is not None
    for token in game.action_clicks(action):
        click_token(page, mover, token)
    game.apply(action)


def _simple_action(game: WikiGame) -> WikiAction:
    """A plain move to an empty point if there is one, else the first entry."""
    actions = game.legal_actions()
    for action in actions:
        if action.kind == MOVE and not game.board[action.dst]:
            return action
    return next(a for a in actions if a.kind == ENTER)


def _page_game(page: Page) -> WikiGame:
    return WikiGame.from_text(";".join(_moves(page)))


def test_wiki_hard_thinks_in_a_worker_while_the_board_stays_responsive(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(LONG_TASKS_JS)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    # a few quick rounds first (a small budget): an opening's tree is small enough for
    # Hard to search it through at once
    page.evaluate("localStorage.setItem('paisho.computer.nodes.v1', '200')")
    _start_wiki(page, "0", "hard")  # the computer is the Host; the Guest moves first
    game = WikiGame()
    for done in range(0, 8, 2):
        _play(page, game, _simple_action(game))
        page.wait_for_selector(f'#board-holder[data-actions="{done + 2}"]', state="attached",
                               timeout=120_000)
        game = _page_game(page)  # the computer's replies are legal
    # a big budget, so that Hard is still thinking while the test looks (the search
    # stops at its 10 s safety cap)
    page.evaluate("localStorage.setItem('paisho.computer.nodes.v1', '500000')")
    _play(page, game, _simple_action(game))
    wait_actions(page, 9)
    page.wait_for_selector("#board-holder[data-thinking=hard]", state="attached")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.includes('is thinking')"
    )
    started = page.evaluate("performance.now()")
    for point in ("(0,0)", "(3,4)", "(-2,-5)"):  # the page answers while it thinks
        page.hover(f'#board [data-point="{point}"]')
        page.locator(f'#board [data-point="{point}"]').click()
    page.wait_for_timeout(600)
    now, still, tasks = page.evaluate(
        "() => [performance.now(), document.getElementById('board-holder').dataset.thinking,"
        " window.__longTasks]"
    )
    assert still == "hard", "the computer answered before the test could look"
    during = [d for start, d in tasks if started <= start <= now]
    assert max(during, default=0) <= LONG_TASK_LIMIT_MS, during
    page.click("#btn-undo")  # undo while it thinks: the move is taken back, search dropped
    wait_actions(page, 8)
    assert page.get_attribute("#board-holder", "data-thinking") is None
    page.evaluate("localStorage.setItem('paisho.computer.nodes.v1', '300')")
    game = _page_game(page)
    _play(page, game, _simple_action(game))
    page.wait_for_selector('#board-holder[data-actions="10"]', state="attached",
                           timeout=120_000)
    assert _page_game(page).plies == 10  # the reply is legal
    context.close()


def test_wiki_hint_names_a_legal_action_and_explains_the_position(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.evaluate("localStorage.setItem('paisho.computer.nodes.v1', '300')")
    _start_wiki(page, "none")
    page.wait_for_selector("#btn-skud-hint:not([disabled])")
    page.click("#btn-skud-hint")
    page.wait_for_function(
        "() => (document.getElementById('skud-eval').textContent || '').startsWith('Hint: ')",
        timeout=120_000,
    )
    text = page.text_content("#skud-eval") or ""
    action = page.get_attribute("#skud-eval", "data-hint-action") or ""
    WikiGame().play(action)  # a legal first action for the Guest, in notation
    assert action not in text and text.startswith("Hint: bring your "), text  # in words
    assert "Score: Host 0, Guest 0 (R9)." in text
    context.close()
