"""Play Ancient Pai Sho by clicks in real Chromium: three seats (two people and the
computer), hot-seat through the pass-the-device screen; the DOM never holds a hand other
than the one of the person holding the device (``rules.html#ancient``); reload keeps
the game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import (
    SAVED_GAME_JS,
    PageErrors,
    SiteServer,
    desktop_context,
    goto_ready,
    new_watched_page,
)
from conftest import click_token as play_click
from playwright.sync_api import BrowserContext, Page

from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.ancient.page import preview

pytestmark = pytest.mark.e2e

COMPUTER_SEAT = 2

HANDS_JS = """() => {
  const tiles = [...document.querySelectorAll('[data-reserve]')]
    .map(b => [b.dataset.seat, b.dataset.reserve, b.dataset.count]);
  const keys = [...document.querySelectorAll('#players .reserve')]
    .map(r => r.dataset.key || '');
  const overlay = !document.querySelector('#ancient-handover').hidden;
  return {tiles, keys, overlay, drawn: document.querySelector('#ancient-drawn').textContent,
          count: document.querySelector('#ancient-count').textContent,
          actions: Number(document.querySelector('#board-holder').dataset.actions)};
}"""


context = pytest.fixture(name="context")(desktop_context)


def saved_game(page: Page) -> AncientGame:
    """The game the page autosaved, replayed by the engine (the test knows every hand)."""
    rec: dict[str, Any] = page.evaluate(SAVED_GAME_JS)
    assert rec["variant"] == "ancient" and rec["players"] == 3
    assert rec["computers"] == [COMPUTER_SEAT]
    return AncientGame.replay_text(rec["moves"], rec["options"], rec["seed"], 3)


def check_hands(page: Page, game: AncientGame, viewer: int | None) -> dict[str, Any]:
    """Only ``viewer``'s hand is in the DOM (``None``: no hand at all), as the engine has it."""
    dom: dict[str, Any] = page.evaluate(HANDS_JS)
    shown = {(seat, code, count) for seat, code, count in dom["tiles"]}
    if viewer is None:
        assert shown == set()
    else:
        want = {(str(viewer), c, str(n)) for c, n in game.hand(viewer).items()}
        assert shown == want
    for seat, key in enumerate(dom["keys"]):
        if seat != viewer:
            size = game.hand_size_of(seat)
            assert key == (f'[["?", {size}]]' if size else "[]"), (seat, key)
    assert dom["count"] == f"Harmonies: {game.harmonies} of target {game.target}"
    return dom


def click_token(page: Page, seat: int, token: str) -> None:
    """Make one click of the page for a protocol click token (Ancient's skip is its Pass)."""
    play_click(page, seat, token, skip="#btn-ancient-pass")


def start_ancient(page: Page) -> None:
    """New game → Ancient, 3 seats: P1 and P2 people, P3 the computer; target 11/17
    (a far target: the game does not end before the test has seen several turns)."""
    page.click("#btn-new")
    page.select_option("#variant-select", "ancient")
    page.wait_for_selector("#ancient-fields:not([hidden])")
    assert page.locator("#computer-fields").is_hidden()
    page.select_option("#ancient-count-select", "3")
    page.select_option("#ancient-seat-0", "person")
    page.select_option("#ancient-seat-1", "person")
    page.select_option("#ancient-seat-2", "computer")
    page.select_option("#ancient-preset", "11/17")
    page.click("#btn-new-start")
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")


def test_three_seats_by_clicks_through_the_pass_the_device_screen(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    start_ancient(page)
    assert "Ancient" in page.text_content("#variant-title")
    rng = random.Random(1)
    handovers = human_actions = computer_turns = 0
    looking: int | None = None
    previewed = False
    for _ in range(60):
        game = saved_game(page)
        seat = game.to_move
        if seat is None or human_actions >= 14:
            break
        if seat == COMPUTER_SEAT:
            n = len(game.history)
            page.wait_for_function(
                f"() => Number(document.querySelector('#board-holder').dataset.actions) > {n}"
            )
            computer_turns += 1
            continue
        if looking != seat:  # another person: the device must be passed first
            dom = check_hands(page, game, None)
            assert dom["overlay"], "no pass-the-device screen between two people"
            assert page.text_content("#ancient-handover-text") == f"Pass the device to P{seat + 1}"
            page.click("#btn-ancient-ready")
            handovers += 1
            looking = seat
        dom = check_hands(page, game, seat)
        assert not dom["overlay"]
        assert (dom["drawn"] != "") == (game.step == "discard")
        action = choose(game, rng)
        assert action is not None
        tokens = game.action_clicks(action)
        if not previewed and len(tokens) == 2 and tokens[0].startswith("reserve:"):
            # hovering the target previews the count after the placement (ancient R4)
            click_token(page, seat, tokens[0])
            page.locator(f'#board [data-point="{tokens[1][6:]}"]').hover()
            count, wins = preview(game, action)
            want = f"There: {count} harmonies" + (" — that wins!" if wins else ".")
            page.wait_for_function(
                f"() => document.querySelector('#ancient-preview').textContent === {want!r}"
            )
            previewed = True
            tokens = tokens[1:]
        for token in tokens:
            click_token(page, seat, token)
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=len(game.history),
        )
        human_actions += 1
    before = saved_game(page)
    assert before.target == 11 and before.hand_size == 17
    assert handovers >= 2 and computer_turns >= 1 and previewed
    assert human_actions >= 6 or before.to_move is None
    assert page.is_disabled("#btn-undo")

    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")
    after = saved_game(page)
    assert after.to_text() == before.to_text()
    if after.to_move is not None and after.to_move != COMPUTER_SEAT:
        # after a reload nobody holds the device yet: no hand until the next person confirms
        dom = check_hands(page, after, None)
        assert dom["overlay"]
        page.click("#btn-ancient-ready")
        check_hands(page, after, after.to_move)
    if after.to_move is not None:
        # the Share dialog warns that the link of a running game reveals every hand
        page.click("#btn-share")
        page.wait_for_selector("#share-hands-warning:not([hidden])")
        assert "reveals every player's hand" in page.text_content("#share-hands-warning")
        page.click("#btn-share-close")
    page_errors.check()
