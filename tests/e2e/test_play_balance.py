"""Balance Pai Sho in real Chromium: a seeded game by clicks, preview, hint, daily, best
scores, links, undo and the rules page.  The DOM must agree with the engine."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    goto_ready,
    new_watched_page,
    save_screenshot,
    saved_game,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import link
from paisho_core.balance import BalanceGame, Place
from paisho_core.balance.solver import best_placement, greedy_placement
from paisho_page.panels import balance as bp

pytestmark = pytest.mark.e2e

SEED = 12345


def greedy_game(seed: int, plies: int = 20) -> BalanceGame:
    """The game of ``seed`` with up to ``plies`` placements by the greedy rule."""
    game = BalanceGame((), seed)
    while not game.is_over and len(game.history) < plies:
        place = greedy_placement(game)
        assert place is not None
        game.apply(place)
    return game


def wait_actions(page: Page, n: int) -> None:
    page.wait_for_selector(f'#board-holder[data-actions="{n}"]', state="attached")


def panel(page: Page) -> dict[str, str]:
    """The Balance panel's data attributes (what the page shows, as numbers and codes)."""
    data: dict[str, str] = page.evaluate(
        "() => Object.assign({}, document.getElementById('balance-panel').dataset)"
    )
    return data


def legal_points(page: Page) -> list[str]:
    return page.eval_on_selector_all("#board .pt.highlight", "els => els.map(e => e.dataset.point)")


def check_position(page: Page, game: BalanceGame) -> None:
    """The page shows the engine's position: panel, highlights, tiles, lines."""
    h, d = game.counts()
    end = game.outcome()
    assert panel(page) == {
        "h": str(h),
        "d": str(d),
        "score": str(end.score if end else min(h, d)),
        "result": (end.result or "") if end else "",
        "drawn": game.drawn or "",
        "bagLeft": str(game.bag_left),
        "seed": str(game.seed),
    }
    assert page.text_content("#balance-h") == str(h)
    assert page.text_content("#balance-d") == str(d)
    assert page.text_content("#balance-score") == str(min(h, d))
    assert sorted(legal_points(page)) == sorted(str(a) for a in game.legal_actions())
    tiles = page.eval_on_selector_all(
        "#board .points [data-point] [data-tile]",
        "els => els.map(t => [t.closest('[data-point]').dataset.point, t.dataset.tile])",
    )
    assert sorted(map(tuple, tiles)) == sorted((str(t.point), t.code) for t in game.board_tiles())

    def lines(kind: str) -> list[tuple[str, str]]:
        got = page.eval_on_selector_all(
            f"#board .{kind[:-1]}ies line.{kind}",
            "els => els.map(e => [e.dataset.a, e.dataset.b])",
        )
        return sorted(map(tuple, got))

    def want(pairs: list[tuple[object, object, int]]) -> list[tuple[str, str]]:
        return sorted((str(min(a, b)), str(max(a, b))) for a, b, _ in pairs)  # type: ignore[type-var]

    assert lines("harmony") == want(game.harmony_lines())  # type: ignore[arg-type]
    assert lines("disharmony") == want(game.disharmony_lines())  # type: ignore[arg-type]


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    yield ctx
    ctx.close()


def open_game(
    context: BrowserContext, site: SiteServer, errors: PageErrors, game: BalanceGame
) -> Page:
    """A page of ``context`` opened on a link to ``game``."""
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url + link.fragment_for(game), errors)
    return page


def start_from_dialog(page: Page, choice: str, seed: int | None = None) -> None:
    """New game → Balance, with the bag ``choice`` (random, daily or seed)."""
    page.click("#btn-new")
    page.select_option("#variant-select", "balance")
    page.wait_for_selector("#balance-seed-fields:not([hidden])")
    page.check(f'input[name="balance-seed"][value="{choice}"]')
    if seed is not None:
        page.fill("#balance-seed-input", str(seed))
    page.click("#btn-new-start")
    page.wait_for_selector("#balance-panel:not([hidden])")
    wait_actions(page, 0)


# ----------------------------------------------------------------------------- a whole game
def test_seeded_game_by_clicks_matches_engine(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    start_from_dialog(page, "seed", SEED)
    game = BalanceGame((), SEED)
    check_position(page, game)
    assert page.text_content("#balance-seed") == f"Seed {SEED}"
    plan = greedy_game(SEED).history
    for i, action in enumerate(plan):
        page.locator(f'#board [data-point="{action}"]').click()
        wait_actions(page, i + 1)
        game.apply(action)
        if i in (0, 9):
            check_position(page, game)
    end = game.outcome()
    assert end is not None and end.result in ("balance", "perfect-balance", "unbalance")
    check_position(page, game)
    # the end screen names the result and the score, as the engine does
    result = page.locator("#result")
    assert result.is_visible()
    assert result.text_content() == bp.end_text(end, game)
    assert result.get_attribute("data-result") == end.result
    assert result.get_attribute("data-score") == str(end.score)
    assert bp.result_name(end.result) in (result.text_content() or "")
    assert page.text_content("#status") == bp.status_text(game)
    assert page.is_disabled("#btn-hint")
    moves = page.eval_on_selector_all(
        "#move-list li:not(.none)", "els => els.map(e => e.textContent)"
    )
    assert ";".join(moves) == game.to_text()
    # autosave carries the seed; the best score is kept
    saved = saved_game(page)
    assert saved["variant"] == "balance" and saved["seed"] == SEED
    assert saved["moves"] == game.to_text()
    assert page.get_attribute("#balance-best", "data-best") == str(end.score)
    assert "Games finished1" in (page.text_content("#balance-best") or "")

    # undo / redo follow the engine
    page.click("#btn-undo")
    wait_actions(page, 19)
    check_position(page, BalanceGame.from_actions(plan[:19], (), SEED))
    assert page.locator("#result").is_hidden()
    page.click("#btn-redo")
    wait_actions(page, 20)
    check_position(page, game)

    # reload: the game and the best score are still there (and it counts once)
    page.reload()
    goto_ready(page, page.url, page_errors)
    wait_actions(page, 20)
    check_position(page, game)
    assert page.get_attribute("#balance-best", "data-best") == str(end.score)
    assert "Games finished1" in (page.text_content("#balance-best") or "")
    save_screenshot(page, "balance-end")


# ----------------------------------------------------------------------------- preview
def test_hover_and_cursor_preview_show_lines(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = greedy_game(777, 8)
    page = open_game(context, site, page_errors, game)
    wait_actions(page, 8)
    check_position(page, game)
    # a legal point whose placement connects to two or more tiles
    target = max(game.legal_actions(), key=lambda a: len(game.preview(a).new_pairs))
    preview = game.preview(target)
    assert len(preview.new_pairs) >= 2
    page.hover(f'#board [data-point="{target}"]')
    box = page.locator("#balance-preview")
    box.wait_for(state="visible")
    page.wait_for_function(
        f"document.getElementById('balance-preview').dataset.point === '{target}'"
    )
    assert box.get_attribute("data-h") == str(preview.harmonies)
    assert box.get_attribute("data-d") == str(preview.disharmonies)
    assert box.text_content() == bp.preview_text(game, preview)
    drawn = page.eval_on_selector_all(
        "#board-preview line.preview-line:not(.cut)",
        "els => els.map(e => [e.dataset.a, e.dataset.b, e.getAttribute('class')])",
    )
    want = set()
    for partner, h, d in preview.new_pairs:
        a, b = str(min(target.point, partner)), str(max(target.point, partner))
        if h:
            want.add((a, b, "preview-line harmony"))
        if d:
            want.add((a, b, "preview-line disharmony"))
        if not h and not d:
            want.add((a, b, "preview-line neutral"))
    assert set(map(tuple, drawn)) == want
    cut = page.locator("#board-preview line.preview-line.cut").count()
    assert cut == len(preview.cut_pairs)
    ghost = page.locator("#board-preview-top .preview-ghost")
    assert ghost.get_attribute("data-tile") == game.drawn
    save_screenshot(page, "balance-preview")
    # leaving the board clears it
    page.mouse.move(2, 2)
    page.wait_for_function("document.getElementById('balance-preview').textContent === ''")
    assert page.locator("#board-preview line").count() == 0

    # keyboard: the cursor on a legal point previews it too
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor starts on the Avatar (0,0)
    cursor = page.get_attribute("#board", "aria-activedescendant")
    assert cursor == "pt0_1"
    if "(0,1)" in legal_points(page):
        page.wait_for_function(
            "document.getElementById('balance-preview').dataset.point === '(0,1)'"
        )
        pv = game.preview(Place.at(0, 1))
        assert page.get_attribute("#balance-preview", "data-h") == str(pv.harmonies)
    else:
        assert page.text_content("#balance-preview") == ""


# ----------------------------------------------------------------------------- hint
def test_hint_highlights_the_solvers_legal_point(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    times: list[float] = []
    for plies in (0, 6, 14):
        game = greedy_game(2024, plies)
        page = open_game(context, site, page_errors, game)
        wait_actions(page, plies)
        page.click("#btn-hint")
        page.wait_for_selector("#board .pt.hint")
        hinted = page.eval_on_selector_all(
            "#board .pt.hint", "els => els.map(e => e.dataset.point)"
        )
        assert len(hinted) == 1
        assert hinted[0] in [str(a) for a in game.legal_actions()]
        want = best_placement(game, bp.HINT_BUDGET, 0)
        assert hinted[0] == str(want)  # the same search in Pyodide as in CPython
        assert page.locator(f'#board [data-point="{hinted[0]}"].highlight').count() == 1
        said = page.text_content("#message") or ""
        assert "on the marked point" in said and hinted[0] not in said, said  # in words
        times.append(float(page.get_attribute("#btn-hint", "data-seconds") or "nan"))
        if plies == 6:
            save_screenshot(page, "balance-hint")
        # the player still clicks: the hint placed nothing; a move clears it
        assert page.get_attribute("#board-holder", "data-actions") == str(plies)
        page.locator(f'#board [data-point="{hinted[0]}"]').click()
        wait_actions(page, plies + 1)
        assert page.locator("#board .pt.hint").count() == 0
        page.close()
    print(f"hint seconds in the page (plies 0, 6, 14): {times}")
    assert all(t < 5 for t in times)  # the budget's target (0.5 s) is measured, not asserted


# ----------------------------------------------------------------------------- daily
def test_daily_is_the_same_bag_for_everyone_today(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    seen = []
    for how in ("dialog", "button"):
        ctx = browser.new_context()
        page = new_watched_page(ctx, page_errors)
        goto_ready(page, site.base_url, page_errors)
        today = int(
            page.evaluate(
                "(() => { const d = new Date();"
                " return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate(); })()"
            )
        )
        if how == "dialog":
            start_from_dialog(page, "daily")
        else:  # from a random Balance game, the panel's Daily button
            start_from_dialog(page, "random")
            seed = int(panel(page)["seed"])
            assert not bp.is_daily(seed) and seed >= bp.RANDOM_SEED_MIN
            page.click("#btn-daily")
            page.wait_for_function(
                f"document.getElementById('balance-panel').dataset.seed === '{today}'"
            )
        data = panel(page)
        assert data["seed"] == str(today)
        game = BalanceGame((), today)
        assert data["drawn"] == game.drawn
        assert (page.text_content("#balance-seed") or "").startswith("Daily ")
        seen.append((data["seed"], data["drawn"], legal_points(page)))
        ctx.close()
    assert seen[0] == seen[1]


# ----------------------------------------------------------------------------- links
def test_link_opens_the_same_balance_game(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = greedy_game(99, 11)
    page = open_game(context, site, page_errors, game)
    wait_actions(page, 11)
    check_position(page, game)
    # the page's own Share link opens the same game elsewhere
    page.click("#btn-share")
    url = page.input_value("#share-link")
    assert url.split("#", 1)[1] == link.fragment_for(game)[1:]
    other = new_watched_page(context, page_errors)
    goto_ready(other, url, page_errors)
    wait_actions(other, 11)
    check_position(other, game)


# ----------------------------------------------------------------------------- rules page
def test_rules_page(context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.click("#link-rules")
    page.wait_for_url(re.compile(r"rules\.html"))
    page.wait_for_load_state("load")
    ids = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
    want = {f"skud-r{i}" for i in range(1, 13)} | {"skud-r7b"}
    want |= {f"balance-r{i}" for i in range(1, 7)} | {"site-reading", "skud", "balance"}
    assert want <= ids
    assert page.locator("h1").count() == 1
    text = page.text_content("main") or ""
    for phrase in ("+skip", "resign", "Gate", "Perfect Balance", "YYYYMMDD", "R,W,K,B"):
        assert phrase in text, phrase
    for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
        assert href.startswith(site.origin), href
    page.goto(site.base_url + "rules.html#skud-r8")
    assert page.evaluate("document.querySelector(':target').id") == "skud-r8"


def test_random_new_game_differs_between_loads(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """Both pages boot from the same memory snapshot, yet a random Balance game gets a
    new bag in each (the snapshot's random state is not reused)."""
    seeds = []
    for _ in range(2):
        ctx = browser.new_context()
        page = new_watched_page(ctx, page_errors)
        goto_ready(page, site.base_url, page_errors)
        assert page.evaluate("window.__paishoBoot") == "snapshot"
        start_from_dialog(page, "random")
        seeds.append(panel(page)["seed"])
        ctx.close()
    assert seeds[0] != seeds[1]
