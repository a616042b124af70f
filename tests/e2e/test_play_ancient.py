"""Play Ancient Pai Sho by clicks in real Chromium: three seats (two people and the
computer), hot-seat through the pass-the-device screen; the DOM never holds a hand other
than the one of the person holding the device (``rules.html#ancient``); the autosave
holds the seed only sealed (``rules.html#ancient-autosave``); reload keeps the game;
the Wheel's angle is chosen on its ring of marks by clicks and by keys
(``rules.html#ancient-r9``); undo stays inside the turn (``rules.html#ancient-undo``)."""

from __future__ import annotations

import json
import random
import re
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

from paisho_core import link
from paisho_core.ancient import AncientGame
from paisho_core.ancient.actions import DISCARD, DRAW
from paisho_core.ancient.computer import choose
from paisho_page.panels.ancient import preview
from paisho_page.play.ui import UIState, page_clicks
from paisho_page.storage import seal

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


def saved_game(page: Page, players: int = 3, computers: Any = (COMPUTER_SEAT,)) -> AncientGame:
    """The game the page autosaved, replayed by the engine (the test knows every hand):
    its seed is stored only sealed, opened here with the device's key."""
    rec: dict[str, Any] = page.evaluate(SAVED_GAME_JS)
    assert rec["variant"] == "ancient" and rec["players"] == players
    assert rec.get("computers", []) == list(computers)
    assert rec["seed"] is None, "the autosave holds the seed in clear"
    rest = json.dumps({k: v for k, v in rec.items() if k != "moves"})
    assert not re.search(r"[A-Z]", rest), rest  # no tile code outside the public moves
    key = page.evaluate(f"() => localStorage.getItem({seal.KEY_NAME!r})")
    seed = seal.unseal(rec["sealed"], key, rec["id"])
    return AncientGame.replay_text(rec["moves"], rec["options"], seed, players)


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
    assert page.locator("#computer-seat-row").is_hidden()  # (the level stays shown)
    assert page.locator("#computer-level").is_visible()
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
    previewed = refused_draw_undo = cancelled = False
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
        if game.step == "discard" and not refused_draw_undo:
            # a draw is never undone: the tile has been seen (rules.html#ancient-undo)
            page.click("#btn-undo")
            page.wait_for_function(
                "() => document.querySelector('#message').textContent.includes('draw')"
            )
            assert "cannot be undone" in page.text_content("#message")
            assert page.evaluate(HANDS_JS)["actions"] == len(game.history)
            refused_draw_undo = True
        action = choose(game, rng)
        assert action is not None
        draw = next((a for a in game.legal_actions() if a.kind == DRAW), None)
        if not cancelled and previewed and draw is not None:
            action = draw  # then a discard, clicked in two steps (below)
        tokens = game.action_clicks(action)
        if not previewed and len(tokens) == 2 and tokens[0].startswith("reserve:"):
            # hovering the target previews the count after the placement (ancient R4)
            click_token(page, seat, tokens[0])
            page.locator(f'#board [data-point="{tokens[1][6:]}"]').hover()
            count, wins = preview(game, action)
            word = "harmony" if count == 1 else "harmonies"
            want = f"There: {count} {word}" + (" — that wins!" if wins else ".")
            page.wait_for_function(
                f"() => document.querySelector('#ancient-preview').textContent === {want!r}"
            )
            previewed = True
            tokens = tokens[1:]
        if action.kind == DISCARD:
            # a discard cannot be undone: the first click selects, the second discards
            # (rules.html#ancient-r3); a click on the board drops the selection
            click_token(page, seat, tokens[0])
            page.wait_for_function(
                "() => document.querySelector('#message').textContent.includes('again')"
            )
            assert "to discard it" in page.text_content("#message")
            assert page.evaluate(HANDS_JS)["actions"] == len(game.history)
            if not cancelled:
                page.keyboard.press("Escape")
                page.wait_for_function(
                    "() => document.querySelector('#message').textContent.includes('cancel')"
                )
                assert page.evaluate(HANDS_JS)["actions"] == len(game.history)
                click_token(page, seat, tokens[0])
                cancelled = True
            tokens = page_clicks(game, action)[1:]
        for token in tokens:
            click_token(page, seat, token)
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=len(game.history),
        )
        human_actions += 1
    before = saved_game(page)
    while before.to_move == COMPUTER_SEAT:  # the computer's turn ends before the reload
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=len(before.history),
        )
        before = saved_game(page)
    assert before.target == 11 and before.hand_size == 17
    assert handovers >= 2 and computer_turns >= 1 and previewed and cancelled
    assert human_actions >= 6 or before.to_move is None

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


def _wheel_position() -> tuple[AncientGame, str, list[int]]:
    """A 2-seat game where the seat to move holds a Wheel and some point gives it a
    choice of turns (not all 8): the game, that point and its legal turns."""
    for seed in range(300):
        game = AncientGame(("target=11",), seed, 2)
        rng = random.Random(seed)
        while game.to_move is not None and len(game.history) < 80:
            if game.step == "start" and "W" in game.hand(game.to_move):
                turns: dict[str, list[int]] = {}
                for action in game.legal_actions():
                    text = game.format_action(action)
                    if text.startswith("W("):
                        turns.setdefault(text.split("@")[0][1:], []).append(45 * action.turn)
                good = sorted((p, sorted(t)) for p, t in turns.items() if 2 < len(t) < 8)
                if good:
                    return game, good[0][0], good[0][1]
            action = choose(game, rng)
            assert action is not None
            game.apply(action)
    raise AssertionError("no position with a Wheel to place")  # pragma: no cover


def test_the_wheel_turn_on_its_ring_by_clicks_and_keys_and_undo_inside_the_turn(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game, point, legal = _wheel_position()
    seat = game.to_move
    assert seat is not None
    n = len(game.history)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + link.fragment_for(game), page_errors)
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")
    page.click("#btn-ancient-ready")  # a link's game is played by people: pass the device
    page.locator(f'#reserve-{seat} [data-reserve="W"]').click()
    page.locator(f'#board [data-point="{point}"]').click()
    # the ring: eight marks around the Wheel, the legal ones as the engine has them
    page.wait_for_selector("#wheel-ring")
    assert page.get_attribute("#wheel-ring", "data-wheel") == point
    marks = page.evaluate(
        """() => [...document.querySelectorAll('#wheel-ring [data-ring-turn]')].map(m =>
             [Number(m.dataset.ringTurn), m.getAttribute('aria-disabled') !== 'true'])"""
    )
    assert [d for d, _ in marks] == [45 * k for k in range(8)]
    assert [d for d, on in marks if on] == legal
    # hovering a mark previews the count after that turn
    chosen = legal[-1]
    ui = UIState(game.copy())
    ui.click("reserve:W")
    ui.click(f"point:{point}")
    (action,) = ui.paths()[(*ui.clicks, f"turn:{chosen}")]
    count, wins = preview(game, action)
    page.hover(f"#ring-turn-{chosen}")
    word = "harmony" if count == 1 else "harmonies"
    want = f"Turned {chosen}°: {count} {word}" + (" — that wins!" if wins else ".")
    page.wait_for_function(
        f"() => document.querySelector('#ancient-preview').textContent === {want!r}"
    )
    # a dimmed mark says why it cannot be chosen
    off = next(d for d, on in marks if not on)
    page.click(f"#ring-turn-{off}", force=True)
    assert "R9" in page.text_content("#message")
    page.click(f"#ring-turn-{chosen}")
    page.wait_for_function(
        "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n", arg=n
    )
    after = saved_game(page, 2, ())
    assert after.to_text().endswith(f"W{point}@{chosen}")
    assert page.locator("#wheel-ring").count() == 0
    if after.to_move != seat or after.step != "move":
        return  # (the placement ended the turn or the game: nothing to take back)
    # undo inside the turn: the placement comes back to the hand, and redo replays it
    page.click("#btn-undo")
    page.wait_for_function(
        "(n) => Number(document.querySelector('#board-holder').dataset.actions) === n", arg=n
    )
    assert page.locator(f'#reserve-{seat} [data-reserve="W"]').count() == 1
    page.click("#btn-redo")
    page.wait_for_function(
        "(n) => Number(document.querySelector('#board-holder').dataset.actions) === n + 1", arg=n
    )
    assert saved_game(page, 2, ()).to_text() == after.to_text()
    page.click("#btn-undo")
    page.wait_for_function(
        "(n) => Number(document.querySelector('#board-holder').dataset.actions) === n", arg=n
    )
    # now by keys: the cursor to the point, Enter, an arrow round the ring, Enter
    page.locator(f'#reserve-{seat} [data-reserve="W"]').click()
    page.focus("#board")
    page.keyboard.press("ArrowUp")
    target = tuple(int(v) for v in point.strip("()").split(","))
    for _ in range(40):
        at = page.get_attribute("#board .pt.cursor", "data-point")
        assert at is not None
        x, y = (int(v) for v in at.strip("()").split(","))
        if (x, y) == target:
            break
        key = (
            "ArrowUp"
            if y < target[1]
            else "ArrowDown"
            if y > target[1]
            else ("ArrowRight" if x < target[0] else "ArrowLeft")
        )
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#ring-turn-{legal[0]}.focused")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#ring-turn-{legal[1]}.focused")
    assert page.get_attribute("#board", "aria-activedescendant") == f"ring-turn-{legal[1]}"
    assert page.text_content("#ancient-preview").startswith(f"Turned {legal[1]}°:")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n", arg=n
    )
    assert saved_game(page, 2, ()).to_text().endswith(f"W{point}@{legal[1]}")
    page_errors.check()


def test_the_replay_of_a_finished_game_shows_every_hand_at_every_step(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """issue 11: the game is over and its link carries the seed: nothing is hidden."""
    for seed in range(40):
        game = AncientGame(("target=3",), seed, 2)
        rng = random.Random(seed)
        while game.to_move is not None and len(game.history) < 200:
            action = choose(game, rng)
            assert action is not None
            game.apply(action)
        if game.outcome() is not None and len(game.history) >= 4:
            break
    assert game.outcome() is not None
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + link.fragment_for(game), page_errors)
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")
    total = len(game.history)
    for k in (total, total - 1, total // 2, 0):
        if k != total:
            page.evaluate(
                """(k) => { const s = document.querySelector('#replay-slider');
                           s.value = String(k); s.dispatchEvent(new Event('input')); }""",
                k,
            )
            page.wait_for_function(
                "(k) => document.querySelector('#board-holder').dataset.view === String(k)",
                arg=k,
            )
        position = link.game_at(game, k)
        dom = page.evaluate(HANDS_JS)
        assert not dom["overlay"]
        shown = {(seat, code, count) for seat, code, count in dom["tiles"]}
        want = {(str(s), c, str(n)) for s in range(2) for c, n in position.hand(s).items()}
        assert shown == want, k
    page_errors.check()
