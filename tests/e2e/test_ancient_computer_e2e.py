"""Ancient Pai Sho against two Hard computer seats in Chromium (issue #22): each computer
seat asks the search worker (with its own view only, never the seed) while the board
stays usable — the status says it thinks, the board answers the keyboard and the mouse,
the person's reserve cannot be played — and its actions are legal; Hint gives a legal
action for the asking seat; no other seat's hand is ever in the DOM
(``rules.html#ancient``).  The level chosen in the dialog is saved with the game."""

from __future__ import annotations

import random

import pytest
from conftest import (
    SAVED_GAME_JS,
    PageErrors,
    SiteServer,
    desktop_context,
    goto_ready,
    new_watched_page,
)
from playwright.sync_api import BrowserContext, Page
from test_computer import LONG_TASK_LIMIT_MS, LONG_TASKS_JS
from test_play_ancient import HANDS_JS, check_hands, click_token, saved_game

from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_page.play.ui import page_clicks

pytestmark = pytest.mark.e2e

PERSON = 0
COMPUTERS = (1, 2)

SLOW_WORKER_JS = """
(() => {
  // the test's slow search: while window.__workerDelayMs is set, every message to a
  // worker is posted that much later (the page itself is not changed)
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    const delay = window.__workerDelayMs || 0;
    if (!delay) return post.apply(this, args);
    setTimeout(() => post.apply(this, args), delay);
  };
})();
"""

context = pytest.fixture(name="context")(desktop_context)


def _actions(page: Page) -> int:
    return int(page.get_attribute("#board-holder", "data-actions") or 0)


def _start(page: Page) -> None:
    """New game → Ancient, 3 seats: P1 a person, P2 and P3 the computer at Hard; 11/17."""
    page.click("#btn-new")
    page.select_option("#variant-select", "ancient")
    page.wait_for_selector("#ancient-fields:not([hidden])")
    assert page.locator("#computer-seat-row").is_hidden()
    page.select_option("#computer-level", "hard")
    page.select_option("#ancient-count-select", "3")
    page.select_option("#ancient-seat-0", "person")
    page.select_option("#ancient-seat-1", "computer")
    page.select_option("#ancient-seat-2", "computer")
    page.select_option("#ancient-preset", "11/17")
    page.click("#btn-new-start")
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")


def _hold_device(page: Page) -> None:
    """Confirm the pass-the-device screen if it is up (a person's turn after a reload)."""
    if not page.locator("#ancient-handover").is_hidden():
        page.click("#btn-ancient-ready")


def _only_the_persons_hand(page: Page) -> None:
    """No tile of a computer seat's hand is in the DOM (counts only)."""
    tiles = page.evaluate(HANDS_JS)["tiles"]
    assert {seat for seat, _, _ in tiles} <= {str(PERSON)}, tiles


def _ask_hint(page: Page, game: AncientGame) -> None:
    """Hint for the person: a legal action of theirs, read from their view only."""
    page.wait_for_selector("#btn-skud-hint:not([disabled])")
    page.click("#btn-skud-hint")
    page.wait_for_function(
        "() => /^(Hint|No hint): /.test(document.getElementById('skud-eval').textContent || '')",
        timeout=120_000,
    )
    text = page.text_content("#skud-eval") or ""
    assert text.startswith("Hint: "), text
    action = game.parse_action(page.get_attribute("#skud-eval", "data-hint-action") or "")
    assert game.is_legal(action), text


def _while_thinking(page: Page, game: AncientGame) -> None:
    """The computer seat to move thinks (the worker slowed by the test): the status says
    so, the board answers the keyboard and the mouse, the person's reserve is refused."""
    mover = game.to_move
    assert mover in COMPUTERS
    page.wait_for_selector("#board-holder[data-thinking=hard]", state="attached")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.includes('is thinking')",
        timeout=120_000,
    )
    assert f"P{mover + 1}, hard" in (page.text_content("#status") or "")
    assert page.locator(f"#player-{mover}.thinking").count() == 1
    started = page.evaluate("performance.now()")
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the keyboard cursor appears and moves
    first = page.get_attribute("#board .pt.cursor", "data-point")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(p) => document.querySelector('#board .pt.cursor')?.dataset.point !== p", arg=first
    )
    page.locator('#board [data-point="(0,0)"]').hover()
    hand = page.locator(f"#reserve-{PERSON} [data-reserve]")
    if hand.count():
        hand.first.click()  # the person's reserve is not playable now
        assert "computer is playing" in (page.text_content("#message") or "")
    now, still, tasks = page.evaluate(
        "() => [performance.now(), document.getElementById('board-holder').dataset.thinking,"
        " window.__longTasks]"
    )
    assert still == "hard", "the computer answered before the test could look"
    during = [d for start, d in tasks if started <= start <= now]
    assert max(during, default=0) <= LONG_TASK_LIMIT_MS, during
    assert _actions(page) == len(game.history)
    _only_the_persons_hand(page)


def test_two_hard_seats_play_in_the_worker_while_the_board_stays_usable(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    context.add_init_script(LONG_TASKS_JS)
    context.add_init_script(SLOW_WORKER_JS)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    _start(page)
    rng = random.Random(5)
    person_turns = computer_turns = 0
    looked = hinted = False
    for _ in range(80):
        game = saved_game(page, 3, COMPUTERS)
        if game.to_move is None or (person_turns >= 4 and computer_turns >= 4):
            break
        n = len(game.history)
        if game.to_move in COMPUTERS:
            if not looked and page.evaluate("() => !!window.__workerDelayMs"):
                _while_thinking(page, game)
                page.evaluate("() => { window.__workerDelayMs = 0; }")
                looked = True
            page.wait_for_function(
                "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
                arg=n,
                timeout=120_000,
            )
            computer_turns += 1
            continue
        _hold_device(page)
        check_hands(page, game, PERSON)
        if not hinted and game.step == "start":
            _ask_hint(page, game)
            hinted = True
        action = choose(game, rng)
        assert action is not None
        after = game.copy()
        after.apply(action)
        if not looked and after.to_move in COMPUTERS:
            # the worker has booted (it boots with the game): the status will say thinking
            page.wait_for_selector(
                "#board-holder[data-worker-boot]", state="attached", timeout=120_000
            )
            page.evaluate("() => { window.__workerDelayMs = 4000; }")
        for token in page_clicks(game, action):  # a discard: its tile twice
            click_token(page, PERSON, token)
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=n,
            timeout=60_000,
        )
        person_turns += 1
    final = saved_game(page, 3, COMPUTERS)
    assert looked and hinted
    assert computer_turns >= 2 and (person_turns >= 2 or final.to_move is None)
    # (saved_game replays every action of the page with the seed: all of them are legal)
    # the level comes back with the game after a reload (saved with it: the page's own
    # choice, changed meanwhile, gives way)
    assert page.evaluate(SAVED_GAME_JS)["level"] == "hard"
    page.evaluate("localStorage.setItem('paisho.computer.level.v1', 'easy')")
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    page.click("#btn-new")
    page.wait_for_selector("#ancient-fields:not([hidden])")
    assert page.input_value("#computer-level") == "hard"
    page.click("#btn-new-cancel")
    page_errors.check()
