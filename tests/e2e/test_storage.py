"""Saved games in the real page (issue 13): bad saved data is set aside and the page
boots; one key per game; "Your games"; two tabs never overwrite each other."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    click_token,
    goto_ready,
    new_watched_page,
    saved_game,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import link
from paisho_core.skud import SkudGame

GAME = "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8)"
MORE = GAME + ";2H.(0,8)-(-2,6)"

INDEX_JS = "() => JSON.parse(localStorage.getItem('paisho.games.v2'))"
SET_ASIDE_JS = """() => Object.keys(localStorage).filter(k => k.startsWith('paisho.setaside.v1.'))
  .map(k => JSON.parse(localStorage.getItem(k)))"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    yield ctx
    ctx.close()


def actions(page: Page) -> int:
    return int(page.get_attribute("#board-holder", "data-actions") or 0)


def moves_shown(page: Page) -> list[str]:
    return list(
        page.eval_on_selector_all("#move-list li[data-ply]", "e => e.map(x => x.textContent)")
    )


def open_with_storage(
    context: BrowserContext, site: SiteServer, errors: PageErrors, items: dict[str, str]
) -> Page:
    """A page whose storage holds ``items`` (raw text) when it boots."""
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url, errors)
    page.evaluate(
        "items => { localStorage.clear();"
        " for (const k in items) localStorage.setItem(k, items[k]); }",
        items,
    )
    goto_ready(page, site.base_url, errors)  # not reload(): the address holds a link
    return page


def v2_record(ident: str, moves: str, **extra: Any) -> str:
    record = {
        "v": 2,
        "id": ident,
        "variant": "skud",
        "options": [],
        "seed": None,
        "moves": moves,
        "resigned": None,
        "computer": None,
        "created": 1,
        "updated": 2,
        "rev": "r1",
    }
    record.update(extra)
    return json.dumps(record)


def play_move_via_engine_clicks(page: Page, text: str) -> None:
    """Play the actions of ``text`` that the page has not made yet, by clicks."""
    target = SkudGame.from_text(text)
    game = SkudGame()
    for n, action in enumerate(target.history):
        if n >= actions(page):
            seat = game.to_move
            for token in game.action_clicks(action):
                click_token(page, seat, token)
            page.wait_for_selector(f'#board-holder[data-actions="{n + 1}"]', state="attached")
        game.apply(action)


# ----------------------------------------------------------------------------- bad saved data
DEEP = "[" * 20_000
BAD_SAVES = {
    "legacy seed 1e999": {
        "paisho.save.v1": '{"variant":"balance","options":[],"seed":1e999,"moves":""}'
    },
    "legacy deep nesting": {"paisho.save.v1": DEEP},
    "game seed 1e999": {
        "paisho.game.v2.abc": v2_record("abc", "", variant="balance", seed=7).replace(
            '"seed": 7', '"seed": 1e999'
        ),
        "paisho.games.v2": (
            '{"v":2,"games":[{"id":"abc","variant":"balance","plies":1,"updated":5,"over":false}]}'
        ),
    },
    "game deep nesting": {"paisho.game.v2.abc": DEEP},
    "index deep nesting": {"paisho.games.v2": DEEP},
    "kept deep nesting": {"paisho.kept.v1": DEEP, "paisho.game.v2.k1": v2_record("k1", GAME)},
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_bad_saved_data_is_set_aside_and_the_page_boots(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, name: str
) -> None:
    items = BAD_SAVES[name]
    page = open_with_storage(context, site, page_errors, items)
    assert page.text_content("#status") != "Loading the engine…"
    if name.startswith("kept"):  # the page plays the good game; the kept list is read
        assert actions(page) == len(SkudGame.from_text(GAME).history)  # when a link opens
        other = link.fragment_for(SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B"))  # not a
        page.evaluate(f"location.hash = {json.dumps(other)}")  # continuation: GAME is kept
        page.wait_for_selector('#board-holder[data-actions="2"]', state="attached")
        kept = page.evaluate(SET_ASIDE_JS)  # the damaged kept list was set aside, not lost
        assert any(i["key"] == "paisho.kept.v1" and i["raw"] == DEEP for i in kept)
        return
    assert actions(page) == 0  # a new game
    notice = page.text_content("#storage-notice-text") or ""
    if not name.startswith("index"):  # the list of games is only a summary: rebuilt quietly
        assert page.is_visible("#storage-notice")
        assert "set aside" in notice and "Set-aside saves" in notice
        assert "Error" not in notice and "Traceback" not in notice
    kept = page.evaluate(SET_ASIDE_JS)
    raws = {k: v for k, v in items.items() if k != "paisho.games.v2" or name.startswith("index")}
    for key, raw in raws.items():
        assert any(item["key"] == key and item["raw"] == raw for item in kept), key
    # readable and downloadable from the page
    page.click("#btn-games")
    assert page.is_visible("#setaside-section")
    anchor = page.locator("#setaside-list a").first
    href = anchor.get_attribute("href") or ""
    assert href.startswith("blob:") and (anchor.get_attribute("download") or "").endswith(".txt")
    texts = set()
    for anchor in page.locator("#setaside-list a").all():  # a download, not a fetch (CSP)
        with page.expect_download() as download:
            anchor.click()
        texts.add(Path(download.value.path()).read_text(encoding="utf-8"))
    assert set(raws.values()) <= set(texts)
    # the page plays on and autosaves a valid game
    page.click("#btn-games-close")
    for i in range(4):
        page.locator(f'#accent-pool [data-accent-index="{i}"]').click()
    page.click("#btn-accents")
    page.wait_for_selector('#board-holder[data-actions="1"]', state="attached")
    assert saved_game(page)["moves"].startswith("0H.")


def test_balance_best_score_key_superscript_two(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    # "²".isdigit() is True, int("²") raised and stopped the Balance page (issue 13)
    best = json.dumps({"daily": {"²": {"score": 3, "result": "balance", "seed": 1}}, "played": 2})
    items = {
        "paisho.save.v1": json.dumps(
            {"variant": "balance", "options": [], "seed": 42, "moves": ""}
        ),
        "paisho.balance.best.v1": best,
    }
    page = open_with_storage(context, site, page_errors, items)
    assert page.is_visible("#balance-panel")
    assert "Games finished2" in (page.text_content("#balance-best") or "")
    assert "Balance best scores" in (page.text_content("#storage-notice-text") or "")
    assert any(i["raw"] == best for i in page.evaluate(SET_ASIDE_JS))
    page.reload()  # the good parts were stored back: nothing more to set aside
    wait_ready(page, page_errors)
    assert len(page.evaluate(SET_ASIDE_JS)) == 1


def test_good_plies_with_a_bad_tail_resume_the_good_plies(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    raw = v2_record("tail1", GAME + ";2H.(9,9)-(0,0);3G.zz")
    page = open_with_storage(context, site, page_errors, {"paisho.game.v2.tail1": raw})
    assert actions(page) == len(SkudGame.from_text(GAME).history)
    notice = page.text_content("#storage-notice-text") or ""
    assert "last 2 of 7 moves" in notice and "ply 6" in notice
    assert any(i["raw"] == raw for i in page.evaluate(SET_ASIDE_JS))


def test_the_old_single_save_is_migrated(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    old = json.dumps(
        {"v": 1, "variant": "skud", "options": [], "seed": None, "moves": GAME, "resigned": None}
    )
    page = open_with_storage(context, site, page_errors, {"paisho.save.v1": old})
    assert moves_shown(page) == GAME.split(";")
    assert page.evaluate("localStorage.getItem('paisho.save.v1')") is None
    assert saved_game(page)["moves"] == GAME
    assert page.is_hidden("#storage-notice")


# ----------------------------------------------------------------------------- two tabs
def test_two_tabs_never_overwrite_each_other(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    a = new_watched_page(context, page_errors)
    goto_ready(a, site.base_url, page_errors)
    play_move_via_engine_clicks(a, GAME)
    # a second tab resumes the newest unfinished game: the same one
    b = new_watched_page(context, page_errors)
    goto_ready(b, site.base_url, page_errors)
    assert moves_shown(b) == GAME.split(";")
    play_move_via_engine_clicks(b, MORE)
    # tab A is told, and can load the newer version
    a.wait_for_selector("#btn-load-newer:visible")
    assert "changed in another tab" in (a.text_content("#storage-notice-text") or "")
    a.click("#btn-load-newer")
    a.wait_for_selector(f'#board-holder[data-actions="{actions(b)}"]', state="attached")
    assert moves_shown(a) == MORE.split(";")
    # B moves on; A, not reloading, moves too: A's moves become a game of their own
    b.click("#btn-undo")
    a.wait_for_selector("#btn-load-newer:visible")
    a.click("#btn-undo")  # A's change to the stale version
    assert "saved as a separate game" in (a.text_content("#storage-notice-text") or "")
    index = a.evaluate(INDEX_JS)["games"]
    assert len([g for g in index if g["plies"]]) == 2
    # a new game in B keeps both games; a closed tab's game is listed and resumable
    a_id = a.evaluate("sessionStorage.getItem('paisho.tab.v2')")
    a.close()
    b.click("#btn-new")
    b.click("#btn-new-start")
    b.wait_for_selector('#board-holder[data-actions="0"]', state="attached")
    b.click("#btn-games")
    rows = b.locator("#games-list li")
    assert rows.count() == 3
    text = b.text_content("#games-list") or ""
    assert "Skud Pai Sho · hot-seat · " in text and "on this page" in text
    b.click(f'#games-list [data-resume="{a_id}"]')
    b.wait_for_selector("#games-dialog:not([open])", state="attached")
    assert moves_shown(b) == MORE.split(";")[:-1]
    # delete explicitly (asks once more); the empty game on the page is let go
    b.click("#btn-games")
    other = b.locator("#games-list [data-delete]").first
    ident = other.get_attribute("data-delete")
    other.click()
    assert other.text_content() == "Really delete?"
    other.click()
    assert b.evaluate(f"localStorage.getItem('paisho.game.v2.{ident}')") is None
    assert b.locator(f'#games-list [data-game="{ident}"]').count() == 0
