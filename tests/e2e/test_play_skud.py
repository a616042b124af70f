"""Play Skud by clicks in real Chromium; the DOM must match the engine's replay."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import (
    BOARD_STATE_JS,
    PageErrors,
    SiteServer,
    actions_done,
    click_token,  # noqa: F401  (test_computer and test_links import it from here)
    desktop_context,
    game_clicks,
    goto_ready,
    new_watched_page,
    play_game,
    saved_game,
    wait_actions,
)
from playwright.sync_api import BrowserContext, Page

from paisho_core.skud import SkudGame

pytestmark = pytest.mark.e2e

# accents (doubles on both sides), the opening plants, arranges, a plant into the
# opponent's home Gate, and an arrange that earns a Harmony Bonus taken with Knotweed.
GAME = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+K(4,-4)"
)

DOM_STATE_JS = (
    "() => {"
    + BOARD_STATE_JS
    + """
  const harmonies = [...document.querySelectorAll('#board .harmony')]
    .map(l => [l.dataset.a, l.dataset.b, l.getAttribute('class')]).sort();
  const points = document.querySelectorAll('#board [data-point]').length;
  return {tiles, harmonies, moves, points};
}"""
)


def clicks_for(text: str, options: tuple[str, ...] = ()) -> list[tuple[int, tuple[str, ...]]]:
    """For each action of the game: the seat to act and the click tokens that make it."""
    return game_clicks(SkudGame, text, options)


def engine_state(text: str) -> dict[str, Any]:
    """What the DOM should show for the game in ``text``."""
    game = SkudGame.from_text(text)
    tiles = {str(t.point): [t.code, game.players[t.owner]] for t in game.board_tiles()}
    harmonies = sorted(
        [str(min(a, b)), str(max(a, b)), f"harmony {game.players[o]}"]
        for a, b, o in game.harmony_lines()
    )
    moves = [m for m in game.to_text().split(";") if m]
    return {"tiles": tiles, "harmonies": harmonies, "moves": moves, "points": 249}


def play(page: Page, text: str) -> None:
    """Play a whole game by clicks, checking each action lands."""
    play_game(page, SkudGame, text)


context = pytest.fixture(name="context")(desktop_context)


@pytest.fixture
def game_page(context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> Page:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    return page


def test_scripted_game_by_clicks_matches_engine(
    game_page: Page, context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = game_page
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    assert page.evaluate(DOM_STATE_JS)["points"] == 249
    play(page, GAME)
    state = page.evaluate(DOM_STATE_JS)
    want = engine_state(GAME)
    assert state == want
    assert want["harmonies"], "the scripted game shows a harmony"
    assert state["tiles"]["(4,-4)"] == ["K", "guest"]
    assert "Host" in page.text_content("#status")
    # the last action is marked, the whole game is saved
    assert page.locator('#board [data-point="(4,-4)"].last-move').count() == 1
    saved = saved_game(page)
    assert saved["moves"] == GAME and saved["variant"] == "skud"
    assert all(u.startswith(site.origin) for u in seen)

    # undo twice (the Knotweed, then the arrange), redo once: DOM follows the engine
    page.click("#btn-undo")
    page.click("#btn-undo")
    wait_actions(page, 8)
    assert page.evaluate(DOM_STATE_JS) == engine_state(GAME.rsplit(";", 1)[0])
    page.click("#btn-redo")
    wait_actions(page, 9)
    bonus_text = GAME.rsplit("+", 1)[0] + "+"  # a bare "+": the bonus is still open
    assert page.evaluate(DOM_STATE_JS) == engine_state(bonus_text)
    assert page.is_visible("#btn-skip")
    page.click("#btn-redo")
    wait_actions(page, 10)
    assert page.evaluate(DOM_STATE_JS) == want


def test_bonus_offered_and_skip(game_page: Page) -> None:
    page = game_page
    play(page, GAME.rsplit("+", 1)[0] + "+")  # stop at the bonus
    assert page.is_visible("#bonus-bar")
    playable = page.locator("#reserve-1 .reserve-tile.playable")
    codes = sorted(b.get_attribute("data-reserve") for b in playable.all())
    assert "K" in codes and "R" in codes
    assert "Harmony Bonus" in page.text_content("#status")
    # the knotweed's legal points light up once it is picked
    page.locator('#reserve-1 [data-reserve="K"]').click()
    assert page.locator("#board .pt.highlight").count() > 10
    page.click("#btn-skip")
    wait_actions(page, 10)
    assert page.is_hidden("#bonus-bar")
    assert "Host" in page.text_content("#status")


def test_illegal_click_changes_nothing(game_page: Page) -> None:
    page = game_page
    play(page, "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)")
    before = page.evaluate(DOM_STATE_JS)
    board_before = page.inner_html("#board-dynamic")
    # Host to move: the Guest's tile is not theirs
    page.locator('#board [data-point="(0,-8)"]').click()
    assert "Not your tile" in page.text_content("#message")
    assert page.inner_html("#board-dynamic") == board_before
    # a reserve tile of the player not to move
    page.locator('#reserve-1 [data-reserve="R3"]').click()
    assert "Not your tile" in page.text_content("#message")
    # the Host must plant R3 in (0,8): another Gate is refused with the reason
    page.locator('#reserve-0 [data-reserve="R3"]').click()
    page.locator('#board [data-point="(8,0)"]').click()
    # the rules' why, with its anchor
    assert page.text_content("#message") == "The Host must answer with R3(0,8) (skud-start)."
    assert page.evaluate(DOM_STATE_JS) == before
    assert actions_done(page) == 3


def test_a_selection_draws_only_the_marks(game_page: Page) -> None:
    page = game_page
    play(page, GAME.split(";3H.")[0])  # the Host to move, its tile on (-2,6)
    before = page.inner_html("#board-dynamic")
    kept = "() => { for (const n of document.querySelectorAll('#board .tile, #board line'))" \
        " n.__kept = 1; return document.querySelectorAll('#board .tile').length; }"
    tiles = page.evaluate(kept)
    page.locator('#board [data-point="(-2,6)"]').click()
    assert page.locator("#board .pt.selected .mark-selected").count() == 1
    assert page.locator("#board .pt.highlight").count() > 1
    page.locator('#board [data-point="(-2,6)"]').click()  # the selection taken back
    assert page.locator("#board .pt.selected").count() == 0
    # the same tiles and lines (not drawn again), and the marks as a whole drawing makes
    same = "() => [...document.querySelectorAll('#board .tile, #board line')]" \
        ".every((n) => n.__kept === 1) && document.querySelectorAll('#board .tile').length"
    assert page.evaluate(same) == tiles
    assert page.inner_html("#board-dynamic") == before


def test_reload_resumes_the_game(
    game_page: Page, context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = game_page
    play(page, GAME)
    want = page.evaluate(DOM_STATE_JS)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    assert page.evaluate(DOM_STATE_JS) == want == engine_state(GAME)
    # undo still works after the reload (history rebuilt from the notation)
    assert page.is_enabled("#btn-undo")
    page.click("#btn-undo")
    wait_actions(page, 9)
    assert page.is_visible("#bonus-bar")


def test_resign_and_new_game(game_page: Page) -> None:
    page = game_page
    play(page, "0H.R,W,K,B;0G.R,W,K,B")
    page.click("#btn-resign")
    page.click("#btn-resign-yes")
    page.wait_for_selector("#result:not([hidden])")
    assert page.text_content("#result") == "Host wins by resignation."  # the Guest was to move
    page.locator('#board [data-point="(0,0)"]').click()
    assert page.text_content("#message") == "The game is over."
    # new game with options from the dialog
    page.click("#btn-new")
    page.check("#opt-one-of-each")
    page.check("#opt-clashing-start")
    page.click("#btn-new-start")
    wait_actions(page, 0)
    saved = saved_game(page)
    assert saved["options"] == ["clashing-start", "one-of-each"]
    assert saved["moves"] == ""
    # one of each: the chooser comes preselected
    assert page.locator('#accent-pool [aria-pressed="true"]').count() == 4
    page.click("#btn-accents")
    wait_actions(page, 1)
    page.click("#btn-accents")
    wait_actions(page, 2)
    page.locator('#reserve-1 [data-reserve="R3"]').click()
    page.locator('#board [data-point="(0,-8)"]').click()
    wait_actions(page, 3)
    # clashing start: the Host's only plant is the clashing W3
    assert page.locator("#reserve-0 .reserve-tile.playable").get_attribute("data-reserve") == "W3"


def test_hostile_save_is_inert(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    page.goto(site.base_url)
    page.evaluate(
        """localStorage.setItem('paisho.save.v1', JSON.stringify({variant: 'skud',
        options: [], seed: null, moves: '<img src=x onerror=alert(1)>'}))"""
    )
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    assert page.locator("img").count() == 0
    notice = page.text_content("#storage-notice-text") or ""
    assert "could not be replayed and were not resumed" in notice  # and it was set aside
    assert page.evaluate(DOM_STATE_JS)["moves"] == []


def test_embed_viewer_steps_through_a_game(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    from urllib.parse import quote

    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}embed.html?variant=skud&moves={quote(GAME)}", page_errors)
    state = page.evaluate(DOM_STATE_JS)
    want = engine_state(GAME)
    assert state["tiles"] == want["tiles"] and state["harmonies"] == want["harmonies"]
    assert page.text_content("#ply") == "10 / 10"
    page.click("#btn-prev")
    assert page.evaluate(DOM_STATE_JS)["tiles"] == engine_state(GAME.rsplit("+", 1)[0])["tiles"]
    page.click("#btn-first")
    assert page.evaluate(DOM_STATE_JS)["tiles"] == {}
    page.keyboard.press("End")
    assert page.text_content("#ply") == "10 / 10"
    assert localStorage_is_empty(page)


def localStorage_is_empty(page: Page) -> bool:
    return bool(page.evaluate("localStorage.length === 0"))


def test_embed_bad_link_is_inert(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    from urllib.parse import quote

    bad = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);<img src=x onerror=alert(1)>"
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}embed.html#variant=skud&moves={quote(bad)}", page_errors)
    assert page.locator("img").count() == 0
    assert page.text_content("#message").startswith("Stopped at move 4")
    assert page.text_content("#ply") == "3 / 3"
    assert page.evaluate(DOM_STATE_JS)["tiles"] == {"(0,-8)": ["R3", "guest"]}
