"""Shared links, replay and notation on the main page, in real Chromium (issue 4)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    goto_ready,
    new_watched_page,
    same_origin,
    save_screenshot,
    saved_game,
)
from playwright.sync_api import Browser, BrowserContext, Page
from test_play_skud import DOM_STATE_JS, click_token, clicks_for, engine_state, wait_actions

from paisho_core import link
from paisho_core.protocol import Game
from paisho_core.registry import get_variant
from paisho_core.skud import SkudGame
from paisho_page.play.move_list import move_count

pytestmark = pytest.mark.e2e

GAME = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+K(4,-4)"
)
OTHER = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(-3,-8)"
REFERENCE = Path(__file__).resolve().parents[1] / "support" / "data" / "reference"
REFERENCE_GAMES = REFERENCE / "skud_reference_games.jsonl"
HOSTILE = "<script>window.__pwned=1</script><img src=x onerror=alert(1)><b>bold</b>"

MARKUP_JS = """() => ({
  scripts: document.querySelectorAll('script').length,
  imgs: document.querySelectorAll('img').length,
  bold: document.querySelectorAll('b').length,
  pwned: window.__pwned === 1,
})"""


# ----------------------------------------------------------------------------- helpers
def tiles_of(game: Game[Any]) -> dict[str, list[Any]]:
    """What the DOM should show for the tiles of ``game`` (as ``DOM_STATE_JS`` reads it)."""
    return {str(t.point): [t.code, game.players[t.owner]] for t in game.board_tiles()}


def moves_of(game: Game[Any]) -> list[str]:
    return [m for m in game.to_text().split(";") if m]


def payload_in(page: Page) -> str:
    return str(page.evaluate("location.hash")).removeprefix("#")


def wait_hash_not(page: Page, old: str) -> str:
    """Wait until the address fragment differs from ``old``; return the new payload."""
    page.wait_for_function("(old) => location.hash.slice(1) !== old", arg=old)
    return payload_in(page)


def wait_hash_for(page: Page, game: Game[Any], view: int | None = None) -> None:
    """Wait until the address fragment is the link of ``game``."""
    page.wait_for_function("(p) => location.hash === '#' + p", arg=link.encode(game, view))


def play_by_clicks(page: Page, text: str, before: int) -> None:
    """Play the actions of ``text`` after the first ``before`` ones, by clicks."""
    for i, (seat, tokens) in enumerate(clicks_for(text)):
        if i < before:
            continue
        for token in tokens:
            click_token(page, seat, token)
        wait_actions(page, i + 1)


@pytest.fixture
def context(browser: Browser, site: SiteServer) -> Iterator[BrowserContext]:
    """A clean browser context (empty storage, :mod:`context_pool`) that fails the test on
    foreign requests."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    own: list[str] = []
    if not hasattr(ctx, "requests_seen"):  # a new context (PAISHO_E2E_FRESH_CONTEXTS)
        ctx.on("request", lambda request: own.append(request.url))
    yield ctx
    seen = ctx.requests_seen() if hasattr(ctx, "requests_seen") else own
    ctx.close()
    foreign = [u for u in seen if not same_origin(u, site.origin)]
    assert not foreign, f"requests left the origin: {foreign}"


def open_page(context: BrowserContext, site: SiteServer, errors: PageErrors, tail: str) -> Page:
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url + tail, errors)
    return page


# ----------------------------------------------------------------------------- opening links
def test_opening_a_link_writes_back_the_same_fragment(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A link opened from the address stays there as it came (an earlier version's, which
    the encoder would now write otherwise): decoding fills the game, nothing re-encodes it;
    the next move writes the game's link."""
    game = SkudGame.from_text(GAME)
    old = link.encode_v1(game)
    assert old != link.encode(game)
    page = open_page(context, site, page_errors, "#" + old)
    page.wait_for_function("document.documentElement.dataset.linkOpenMs !== undefined")
    assert page.evaluate(DOM_STATE_JS) == engine_state(GAME)
    page.wait_for_timeout(300)  # (an address update would come after a paint)
    assert payload_in(page) == old
    page_errors.check()


def test_open_link_shows_the_exact_game(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = SkudGame.from_text(GAME)
    page = open_page(context, site, page_errors, link.fragment_for(game))
    state = page.evaluate(DOM_STATE_JS)
    assert state == engine_state(GAME)
    assert state["tiles"] == tiles_of(game)
    assert state["moves"] == moves_of(game)
    assert page.get_attribute("#board-holder", "data-actions") == "10"
    assert page.get_attribute("#board-holder", "data-viewing") == "false"
    assert "Host to move" in page.text_content("#notice-text")
    assert page.is_hidden("#kept-bar")  # there was no game to keep
    # the opened game is autosaved
    saved = saved_game(page)
    assert saved["moves"] == GAME
    save_screenshot(page, "link-opened")


def test_open_link_at_a_view_ply_then_replay(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = SkudGame.from_text(GAME)
    page = open_page(context, site, page_errors, link.fragment_for(game, 4))
    assert page.get_attribute("#board-holder", "data-view") == "4"
    assert page.get_attribute("#board-holder", "data-viewing") == "true"
    state = page.evaluate(DOM_STATE_JS)
    assert state["tiles"] == tiles_of(link.game_at(game, 4))
    assert state["moves"] == moves_of(game)  # the whole game is listed
    assert page.text_content("#replay-label") == "Move 4 of 9"  # plies (the last has a bonus)
    assert page.text_content("#move-list li.current") == "1H.R4(0,8)"
    assert page.input_value("#replay-slider") == "4"
    # the address keeps the view
    wait_hash_for(page, game, 4)
    # a click while viewing move 4 is a click on that position (a move there would open
    # a side line): the Host's tile is refused there, it is the Guest's turn; the game
    # is unchanged
    page.locator('#reserve-0 [data-reserve="R3"]').click()
    assert page.text_content("#message") == "Not your tile: it is Guest's turn."
    page.locator('#board [data-point="(0,8)"]').click()
    assert page.get_attribute("#board-holder", "data-actions") == "10"
    assert page.get_attribute("#board-holder", "data-view") == "4"
    save_screenshot(page, "link-view-ply")
    # step buttons and slider walk the game
    page.click("#btn-replay-next")
    assert page.get_attribute("#board-holder", "data-view") == "5"
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(link.game_at(game, 5))
    page.click("#btn-replay-first")
    assert page.evaluate(DOM_STATE_JS)["tiles"] == {}
    page.fill("#replay-slider", "8")
    assert page.get_attribute("#board-holder", "data-view") == "8"
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(link.game_at(game, 8))
    page.click("#move-list li[data-ply='3']")
    assert page.get_attribute("#board-holder", "data-view") == "3"
    page.click("#btn-replay-last")
    assert page.get_attribute("#board-holder", "data-viewing") == "false"
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(game)
    wait_hash_for(page, game)
    # live again: the game goes on
    page.locator('#reserve-0 [data-reserve="R3"]').click()
    assert "viewing" not in page.text_content("#message")


def test_continue_from_an_earlier_move(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = SkudGame.from_text(GAME)
    page = open_page(context, site, page_errors, link.fragment_for(game))
    for _ in range(3):
        page.click("#btn-replay-prev")
    assert page.get_attribute("#board-holder", "data-view") == "7"
    page.click("#btn-continue-here")
    assert "Drop the 2 later moves" in page.text_content("#confirm-truncate-text")
    page.click("#btn-truncate-no")
    assert page.get_attribute("#board-holder", "data-actions") == "10"
    page.click("#btn-continue-here")
    page.click("#btn-truncate-yes")
    wait_actions(page, 7)
    short = link.game_at(game, 7)
    assert page.get_attribute("#board-holder", "data-viewing") == "false"
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(short)
    wait_hash_for(page, short)
    # Redo brings the dropped moves back
    page.click("#btn-redo")
    wait_actions(page, 8)


def test_a_move_updates_the_address(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    start = SkudGame.from_text(OTHER)
    page = open_page(context, site, page_errors, link.fragment_for(start))
    entries = page.evaluate("history.length")
    before = payload_in(page)
    assert link.decode(before).game.to_text() == OTHER
    reply = OTHER + ";2H.(0,8)-(2,7)"
    play_by_clicks(page, reply, len(start.history))
    after = wait_hash_not(page, before)
    decoded = link.decode(after).game
    assert decoded.to_text() == reply
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(decoded)
    # undo and redo keep the address in sync, without new history entries
    page.click("#btn-undo")
    assert link.decode(wait_hash_not(page, after)).game.to_text() == OTHER
    page.click("#btn-redo")
    assert wait_hash_not(page, before) == after
    assert page.evaluate("history.length") == entries
    # the address is a working link: a new tab opens the same game
    other = open_page(context, site, page_errors, "#" + after)
    assert other.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(decoded)


def test_share_button_copies_and_shows_the_link(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    game = SkudGame.from_text(GAME)
    page = open_page(context, site, page_errors, link.fragment_for(game))
    page.click("#btn-share")
    page.wait_for_selector("#share-dialog[open]")
    assert "Send this link to your opponent" in page.text_content("#share-dialog")
    page.wait_for_function("document.getElementById('share-status').dataset.copied")
    url = page.input_value("#share-link")
    assert page.get_attribute("#share-link", "readonly") is not None
    assert url.startswith(site.base_url + "#")
    assert link.decode(url).game.to_text() == GAME
    assert link.decode(url).view_ply is None
    assert page.evaluate("navigator.clipboard.readText()") == url
    assert page.is_hidden("#share-view-label")  # nothing earlier is shown
    save_screenshot(page, "share-dialog")
    page.click("#btn-share-close")
    # share this position: from an earlier move, the link may open there
    page.click("#btn-replay-prev")
    page.click("#btn-share")
    assert page.is_checked("#share-view")
    assert link.decode(page.input_value("#share-link")).view_ply == 9
    page.uncheck("#share-view")
    assert link.decode(page.input_value("#share-link")).view_ply is None


def test_previous_game_is_kept_and_resumable(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = open_page(context, site, page_errors, "")
    play_by_clicks(page, OTHER, 0)
    mine = page.evaluate(DOM_STATE_JS)
    shared = SkudGame.from_text(GAME)
    page.goto(site.base_url + link.fragment_for(shared))
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    wait_actions(page, 10)
    assert page.is_visible("#kept-bar")
    assert "Your previous game was kept" in page.text_content("#kept-bar")
    kept = page.evaluate("JSON.parse(localStorage.getItem('paisho.kept.v1'))")
    assert kept[0]["moves"] == OTHER
    save_screenshot(page, "kept-previous-game")
    page.click("#btn-resume-kept")
    wait_actions(page, 5)
    assert page.evaluate(DOM_STATE_JS) == mine
    wait_hash_for(page, SkudGame.from_text(OTHER))
    # the shared game was kept in turn: swapping back loses nothing
    page.click("#btn-resume-kept")
    wait_actions(page, 10)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(shared)
    # a reload (the address holds the game) is the same game: nothing new to keep
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    assert page.is_hidden("#notice")
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(shared)


# ----------------------------------------------------------------------------- bad links
@pytest.mark.parametrize("kind", ["truncated", "random"])
def test_broken_link_shows_message_and_page_works(
    kind: str, context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    payload = link.encode(SkudGame.from_text(GAME))
    if kind == "truncated":
        bad = payload[: len(payload) // 2]
    else:
        rng = random.Random(4)
        bad = "1" + "".join(rng.choice(link.ALPHABET) for _ in range(20))
    page = open_page(context, site, page_errors, "#" + bad)
    notice = page.text_content("#notice-text")
    assert notice.startswith("This link could not be opened:")
    assert "damaged" in notice and "empty board" in notice
    assert page.evaluate(DOM_STATE_JS)["tiles"] == {}
    # the page still works: a whole opening can be played
    play_by_clicks(page, "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)", 0)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == {"(0,-8)": ["R3", "guest"]}
    wait_hash_for(page, SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)"))
    if kind == "truncated":
        save_screenshot(page, "broken-link")


def test_wrong_version_and_illegal_move_links(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    # a future format version
    page = open_page(context, site, page_errors, "#9" + link.encode(SkudGame())[1:])
    assert "Unknown link format version '9'" in page.text_content("#notice-text")
    # an intact link whose last move comes after the end of a finished Balance game
    cls = get_variant("balance")
    game = cls((), 4)
    rng = random.Random(0)
    while game.to_move is not None and game.legal_actions():
        game.apply(rng.choice(game.legal_actions()))
    fields: list[tuple[int, int]] = []
    link._put_uint(fields, link.variant_id("balance"), 3)
    link._put_uint(fields, 0, 3)
    link._put_uint(fields, link._zigzag(4), 7)
    link._put_uint(fields, len(game.history) + 1, 5)
    fields += [*link._replay_for(game).digits, (0, 1)]
    n = len(game.history)
    page.goto(site.base_url + "#" + link._payload(fields))
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    wait_actions(page, n)
    notice = page.text_content("#notice-text")
    assert f"Move {n + 1} is not legal: the game was already over" in notice
    assert f"The last legal position (move {n}) is shown." in notice
    tiles = page.evaluate(DOM_STATE_JS)["tiles"]
    assert sorted(tiles) == sorted(str(t.point) for t in game.board_tiles())


def test_html_in_a_link_is_inert(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    dialogs: list[str] = []
    clean = open_page(context, site, page_errors, "")
    want = clean.evaluate(MARKUP_JS)
    page = new_watched_page(context, page_errors)
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    goto_ready(page, site.base_url + "#1" + HOSTILE, page_errors)
    assert page.evaluate(MARKUP_JS) == want
    assert "This link could not be opened" in page.text_content("#notice-text")
    assert "<" not in page.text_content("#notice-text")  # the message quotes nothing
    # the same text pasted as a link into the address of the open page
    page.evaluate("(h) => { location.hash = h; }", "1" + HOSTILE)
    page.wait_for_timeout(300)
    assert page.evaluate(MARKUP_JS) == want
    assert not dialogs


# ----------------------------------------------------------------------------- notation
def reference_game(game_id: str) -> dict[str, Any]:
    with open(REFERENCE_GAMES, encoding="utf-8") as handle:
        for line in handle:
            data = json.loads(line)
            if data["id"] == game_id:
                return dict(data)
    raise AssertionError(game_id)


def test_import_and_export_reference_notation(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    ref = reference_game("g032")  # Host wins with a Harmony Ring
    want = SkudGame.from_text(ref["notation"])
    page = open_page(context, site, page_errors, "")
    page.click("#btn-notation")
    page.wait_for_selector("#notation-dialog[open]")
    page.fill("#notation-text", ref["notation"])
    save_screenshot(page, "notation-dialog")
    page.click("#btn-notation-import")
    wait_actions(page, len(want.history))
    assert page.is_hidden("#notation-dialog")
    state = page.evaluate(DOM_STATE_JS)
    assert state["tiles"] == tiles_of(want)
    assert state["moves"] == moves_of(want)
    assert page.text_content("#result") == "Host wins with a Harmony Ring."
    assert page.text_content("#notice-text") == f"Imported a game of {ref['plies']} moves."
    wait_hash_for(page, want)
    save_screenshot(page, "imported-reference-game")
    # export: the reference form, in the box and on the clipboard
    page.click("#btn-notation")
    page.click("#btn-notation-export")
    exported = ";".join(want.ply_texts(reference=True))
    assert page.input_value("#notation-text") == exported  # accents in R,W,K,B order
    page.wait_for_function("document.getElementById('notation-status').dataset.copied")
    assert page.evaluate("navigator.clipboard.readText()") == exported


def test_import_errors_name_the_ply_and_rule(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    dialogs: list[str] = []
    page = open_page(context, site, page_errors, "")
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    want = page.evaluate(MARKUP_JS)
    page.click("#btn-notation")
    bad = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,0);2H.(0,8)-(1,6)"
    page.fill("#notation-text", bad)
    page.click("#btn-notation-import")
    error = page.text_content("#notation-error")
    assert error.startswith("The game could not be imported: ply 5 (2G)")
    assert "(R1)" in error
    assert page.get_attribute("#board-holder", "data-actions") == "0"  # nothing replaced yet
    assert page.text_content("#btn-notation-partial") == "Open the first 4 legal moves"
    save_screenshot(page, "notation-error")
    page.click("#btn-notation-partial")
    wait_actions(page, 4)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(
        SkudGame.from_text(";".join(bad.split(";")[:4]))
    )
    # HTML pasted as notation is only ever text
    page.click("#btn-notation")
    page.fill("#notation-text", HOSTILE)
    page.click("#btn-notation-import")
    error = page.text_content("#notation-error")
    assert error.startswith("The game could not be imported: ply 1: not a ply: ")
    assert "<script>" in error  # quoted as text
    assert page.evaluate(MARKUP_JS) == want
    assert page.is_hidden("#notation-partial")
    # a link pasted into the box opens too
    page.fill("#notation-text", site.base_url + link.fragment_for(SkudGame.from_text(GAME)))
    page.click("#btn-notation-import")
    wait_actions(page, 10)
    assert page.is_visible("#kept-bar")  # the 4-ply game was kept
    assert not dialogs


def test_notation_dialog_keeps_bad_text_and_the_game(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A damaged link or bad notation is reported in the dialog, which stays open with the
    text so it can be corrected; the game on the page is unchanged (issue 13)."""
    game = SkudGame.from_text(GAME)
    fragment = link.fragment_for(game)
    page = open_page(context, site, page_errors, fragment)
    wait_actions(page, len(game.history))
    page.click("#btn-notation")
    page.wait_for_selector("#notation-dialog[open]")
    damaged = site.base_url + fragment[:-3]
    page.fill("#notation-text", damaged)
    page.click("#btn-notation-import")
    page.wait_for_function("document.getElementById('notation-error').textContent !== ''")
    error = page.text_content("#notation-error")
    assert error.startswith("This link could not be opened: The link is damaged"), error
    assert error.endswith("Your game is unchanged: correct the link and import it again.")
    assert "empty board" not in error
    assert page.is_visible("#notation-dialog") and page.input_value("#notation-text") == damaged
    assert page.evaluate("document.activeElement.id") == "notation-text"
    assert page.get_attribute("#board-holder", "data-actions") == str(len(game.history))
    assert payload_in(page) == fragment[1:]
    save_screenshot(page, "notation-damaged-link")
    # bad notation: the same, the text kept
    bad = OTHER.replace("(-3,-8)", "(-3,-9)")
    page.fill("#notation-text", bad)
    page.click("#btn-notation-import")
    page.wait_for_function(
        "document.getElementById('notation-error').textContent.includes('(2G)')"
    )
    error = page.text_content("#notation-error")
    assert error.startswith("The game could not be imported: ply 5 (2G): ")
    assert error.endswith("Correct the text and import it again.")
    assert page.is_visible("#notation-dialog") and page.input_value("#notation-text") == bad
    assert page.get_attribute("#board-holder", "data-actions") == str(len(game.history))
    # corrected, it imports and the dialog closes
    page.fill("#notation-text", OTHER)
    page.click("#btn-notation-import")
    wait_actions(page, len(SkudGame.from_text(OTHER).history))
    assert page.is_hidden("#notation-dialog")
    assert page.is_visible("#kept-bar")  # the game that was open is kept


def test_notation_dialog_imports_a_community_record_leniently(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A bonus after a move that earned none, and one after the ring, are set aside and
    listed in the dialog (rules.html#reading-notation)."""
    plies = reference_game("g032")["notation"].split(";")
    plain = SkudGame.from_text(";".join(plies))
    plies[35] += "+W3(8,0)"
    plies[37] += "+L(8,0)"
    page = open_page(context, site, page_errors, "")
    page.click("#btn-notation")
    page.wait_for_selector("#notation-dialog[open]")
    page.fill("#notation-text", ";".join(plies))
    page.click("#btn-notation-import")
    wait_actions(page, len(plain.history))
    assert page.is_visible("#notation-dialog") and page.text_content("#notation-error") == ""
    assert page.text_content("#notation-status") == (
        "Imported a game of 38 moves. 2 bonuses written in it were set aside, as the"
        " reference site does."
    )
    assert page.eval_on_selector_all(
        "#notation-set-aside li", "items => items.map(i => i.textContent)"
    ) == [
        "ply 36 (17H): bonus '+W3(8,0)' ignored — this move formed no new harmony",
        "ply 38 (18H): the game ended with a Harmony Ring; the bonus written after it is not"
        " played",
    ]
    save_screenshot(page, "notation-set-aside")
    state = page.evaluate(DOM_STATE_JS)
    assert state["tiles"] == tiles_of(plain) and state["moves"] == moves_of(plain)
    assert page.text_content("#result") == "Host wins with a Harmony Ring."
    page.click("#btn-notation-close")
    assert page.is_hidden("#notation-dialog")
    page.click("#btn-notation")  # opened again: no old list
    assert page.is_hidden("#notation-set-aside")


# ----------------------------------------------------------------------------- long links
PROGRESS_WATCH_JS = """
window.__linkProgress = [];
new MutationObserver(() => {
  const text = document.documentElement.dataset.linkProgress;
  if (text) window.__linkProgress.push(text);
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-link-progress']});
"""


def long_skud_game(actions: int = 500) -> SkudGame:
    """A random Skud game of exactly ``actions`` actions (still running)."""
    for seed in range(100):
        rng = random.Random(seed)
        game = SkudGame()
        while game.to_move is not None and len(game.history) < actions:
            game.apply(rng.choice(game.legal_actions()))
        if len(game.history) == actions:
            return game
    raise AssertionError("no random game that long")  # pragma: no cover


def test_long_link_opens_with_progress_or_at_once(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A 500-action link (format 2) opens to the exact position; past 0.2 s the page
    shows "Opening shared game… N/500" while it replays in chunks."""
    game = long_skud_game()
    fragment = link.fragment_for(game)
    assert fragment.startswith("#2")
    page = new_watched_page(context, page_errors)
    page.add_init_script(PROGRESS_WATCH_JS)
    goto_ready(page, site.base_url + fragment, page_errors)
    wait_actions(page, 500)
    page.wait_for_function("document.documentElement.dataset.linkOpenMs !== undefined")
    # replaying (without showing the game): past 0.2 s, progress unless nearly done
    took = int(page.evaluate("document.documentElement.dataset.linkDecodedMs"))
    seen = page.evaluate("window.__linkProgress")
    assert seen or took < 450, (took, seen)
    for text in seen:
        done, total = text.removeprefix("Opening shared game… ").split("/")
        assert total == "500" and 0 < int(done) <= 500
    assert page.evaluate("document.documentElement.dataset.linkProgress") is None
    state = page.evaluate(DOM_STATE_JS)
    assert state["tiles"] == tiles_of(game)
    assert state["moves"] == moves_of(game)
    moves = move_count(game)  # plies, as the move list and the replay bar count them
    assert f"Opened a shared game ({moves} moves)" in page.text_content("#notice-text")
    page_errors.check()


def test_long_link_pasted_into_the_open_page(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A long link given to a page already running (hashchange) replaces its game; the
    move list scrolls down to its last move, and to the move the replay bar shows."""
    page = open_page(context, site, page_errors, "")
    game = long_skud_game()
    page.evaluate("(h) => { location.hash = h; }", link.fragment_for(game))
    wait_actions(page, 500)
    page.wait_for_function("document.documentElement.dataset.linkProgress === undefined")
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(game)
    page.wait_for_function(IN_VIEW_JS, arg="#move-list li:last-child")
    assert page.evaluate("document.getElementById('move-list').scrollTop") > 0
    page.fill("#replay-slider", "40")
    page.wait_for_function(IN_VIEW_JS, arg="#move-list li.current")
    assert not page.evaluate(IN_VIEW_JS, "#move-list li:last-child")
    page_errors.check()


IN_VIEW_JS = """(selector) => {
  const item = document.querySelector(selector).getBoundingClientRect();
  const list = document.getElementById('move-list').getBoundingClientRect();
  return item.top >= list.top - 1 && item.bottom <= list.bottom + 1
    && item.left >= list.left - 1 && item.right <= list.right + 1;
}"""
"""Whether the element ``selector`` names is inside the move list's visible box."""


def long_wiki_game(actions: int = 500) -> Game[Any]:
    """A random Wiki game of exactly ``actions`` actions (random Wiki games run long)."""
    rng = random.Random(3)
    game = get_variant("wiki")()
    while game.to_move is not None and len(game.history) < actions:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.history) == actions
    return game


def test_long_wiki_link_marks_the_last_move_and_undoes(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A 500-action Wiki link opens to the exact position with its last move marked; the
    undo stack is only made at the first undo (issue 14), which then takes back one
    action at a time, exactly."""
    game = long_wiki_game()
    page = open_page(context, site, page_errors, "")
    page.evaluate("(h) => { location.hash = h; }", link.fragment_for(game))
    wait_actions(page, 500)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(game)
    assert page.evaluate(DOM_STATE_JS)["moves"] == moves_of(game)
    before = link.game_at(game, 499)
    marked = page.eval_on_selector_all(
        "#board [data-point].last-move", "els => els.map(e => e.dataset.point)"
    )
    clicks = before.action_clicks(game.history[-1])
    assert marked and {f"point:{p}" for p in marked} <= set(clicks)
    assert page.is_enabled("#btn-undo")
    page.click("#btn-undo")
    wait_actions(page, 499)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(before)
    page.click("#btn-undo")
    wait_actions(page, 498)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(link.game_at(game, 498))
    page.click("#btn-redo")
    wait_actions(page, 499)
    assert page.evaluate(DOM_STATE_JS)["tiles"] == tiles_of(before)
    page_errors.check()
