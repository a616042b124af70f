"""The game on a phone (issue #21): 390×844, touch.  A Skud opening played by taps with
nothing to scroll, a tap between points picking the nearest one, the header's Menu, the
board's zoom; and the two small options of the same issue: the coordinate labels and the
wiki-editors page's Copy buttons."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    actions_done,
    desktop_context,
    game_clicks,
    goto_ready,
    new_watched_page,
    wait_actions,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Locator, Page

from paisho_core.board import Point
from paisho_core.render import STEP, VIEW_HALF, svg_xy
from paisho_core.skud import SkudGame
from paisho_page.words.i18n import LANGUAGES, SOURCE

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
OPENING = (
    "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5);2H.(0,8)-(0,5);3G.R4(0,-8)"
)
"""Accents, the first plantings, two arranges and a planting in the emptied Gate."""


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A touch phone's browser context."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield ctx
    ctx.close()


@pytest.fixture
def phone_page(phone: BrowserContext, site: SiteServer, page_errors: PageErrors) -> Page:
    page = new_watched_page(phone, page_errors)
    goto_ready(page, site.base_url, page_errors)
    return page


def in_view(page: Page, locator: Locator) -> None:
    """``locator`` is wholly inside the viewport (nothing to scroll to reach it)."""
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def tap(page: Page, locator: Locator, check_view: bool = True) -> None:
    """Tap ``locator``, which must already be in view (unless ``check_view`` is false)."""
    if check_view:
        in_view(page, locator)
    locator.tap()


def board_spot(page: Page, point: Point, dx: float = 0, dy: float = 0) -> tuple[float, float]:
    """Where on the screen ``point`` is, moved ``dx``/``dy`` steps (screen directions)."""
    box = page.locator("#board").bounding_box()
    assert box is not None
    scale = box["width"] / (2 * VIEW_HALF)
    x, y = svg_xy(point)
    return (
        box["x"] + (x + dx * STEP + VIEW_HALF) * scale,
        box["y"] + (y + dy * STEP + VIEW_HALF) * scale,
    )


def tap_token(page: Page, seat: int, token: str, check_view: bool = True) -> None:
    """The tap (or taps) for one click token of the player in ``seat``."""
    if token.startswith("point:"):
        tap(page, page.locator(f'#board [data-point="{token[6:]}"]'), check_view)
    elif token.startswith("reserve:"):
        tap(page, page.locator(f'#reserve-{seat} [data-reserve="{token[8:]}"]'), check_view)
    elif token.startswith("accents:"):
        for code in token[8:].split(","):
            free = f'#accent-pool [data-accent="{code}"][aria-pressed="false"]'
            tap(page, page.locator(free).first, check_view)
        tap(page, page.locator("#btn-accents"), check_view)
    else:  # pragma: no cover
        raise AssertionError(token)


def test_a_skud_opening_by_taps_needs_no_scrolling(phone_page: Page) -> None:
    page = phone_page
    in_view(page, page.locator("#board"))
    start = actions_done(page)
    between_done = False
    for i, (seat, tokens) in enumerate(game_clicks(SkudGame, OPENING)):
        in_view(page, page.locator("#status"))
        for token in tokens:
            if token.startswith("point:") and not between_done and i >= 2:
                # a tap between points, nearer this one than any other, off its circle
                point = Point.parse(token[6:])
                x, y = board_spot(page, point, 0.42, -0.42)
                page.touchscreen.tap(x, y)
                between_done = True
            else:
                tap_token(page, seat, token)
        wait_actions(page, start + i + 1)
        assert page.evaluate("window.scrollY") == 0
    in_view(page, page.locator("#status"))
    in_view(page, page.locator("#board"))
    in_view(page, page.locator(".player.to-move .reserve"))
    assert between_done
    assert page.evaluate("window.scrollY") == 0
    moves = page.locator("#move-list li").all_text_contents()
    assert [m.strip() for m in moves] == OPENING.split(";")


def test_a_tap_between_points_selects_the_nearest(phone_page: Page) -> None:
    page = phone_page
    for seat, tokens in game_clicks(SkudGame, "0H.R,W,K,B;0G.R,W,K,B"):
        for token in tokens:
            tap_token(page, seat, token, check_view=False)
    wait_actions(page, 2)
    tap(page, page.locator('#reserve-1 [data-reserve="R3"]'), check_view=False)
    page.evaluate("window.scrollTo(0, 0)")
    # the Gate (0,-8), tapped in the corner of its cell towards (1,-7): not on its circle
    x, y = board_spot(page, Point(0, -8), 0.45, -0.45)
    hit = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " return [!!e.closest('[data-point]'), !!e.closest('#board-static')]; }",
        [x, y],
    )
    assert hit == [False, True]  # the tap lands on the board's art, not on a point
    page.touchscreen.tap(x, y)
    wait_actions(page, 3)
    assert page.locator('#board [data-point="(0,-8)"] [data-tile="R3"]').count() == 1
    # far off every point (the frame's corner): nothing happens
    box = page.locator("#board").bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + 3, box["y"] + 3)
    assert actions_done(page) == 3 and page.locator("#message").text_content() == ""


def test_the_header_buttons_fold_into_a_keyboard_menu(phone_page: Page) -> None:
    page = phone_page
    header = page.locator("header.top").bounding_box()
    assert header is not None and header["height"] < 70  # one row, not three
    menu = page.locator("#btn-menu")
    assert menu.is_visible() and menu.get_attribute("aria-expanded") == "false"
    assert menu.get_attribute("aria-controls") == "game-actions"
    assert not page.locator("#btn-new").is_visible()
    menu.focus()
    page.keyboard.press("Enter")
    assert menu.get_attribute("aria-expanded") == "true"
    assert page.locator("#btn-new").is_visible() and page.locator("#link-rules").is_visible()
    in_view(page, page.locator("#btn-games"))
    page.keyboard.press("Escape")
    assert menu.get_attribute("aria-expanded") == "false"
    assert not page.locator("#btn-new").is_visible()
    assert page.evaluate("document.activeElement.id") == "btn-menu"
    tap(page, menu)
    tap(page, page.locator("#btn-new"))  # choosing a button closes the menu
    assert page.locator("#new-game-dialog").is_visible()
    assert menu.get_attribute("aria-expanded") == "false"


def test_the_board_zooms_and_pans_and_still_takes_taps(phone_page: Page) -> None:
    page = phone_page
    holder = page.locator("#board-holder")
    frame = holder.bounding_box()
    assert frame is not None
    tap(page, page.locator("#btn-zoom-in"))
    tap(page, page.locator("#btn-zoom-in"))
    board = page.locator("#board").bounding_box()
    assert board is not None and board["width"] == pytest.approx(2 * frame["width"], rel=0.02)
    sizes: dict[str, Any] = holder.evaluate(
        "h => ({left: h.scrollLeft, top: h.scrollTop, width: h.clientWidth,"
        " scroll: h.scrollWidth})"
    )
    assert sizes["scroll"] > sizes["width"]  # the frame scrolls: the board pans
    assert sizes["left"] == pytest.approx(sizes["width"] / 2, abs=2)  # centre kept
    assert holder.bounding_box() == frame  # the frame keeps its place and size
    assert page.locator("#zoom-level").text_content() == "Zoom 200%"
    # accents, then a planting on the zoomed board, each tapped where it is shown
    for seat, tokens in game_clicks(SkudGame, "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)"):
        for token in tokens:
            if token.startswith("point:"):
                page.locator(f'#board [data-point="{token[6:]}"]').tap()
            else:
                tap_token(page, seat, token)
    wait_actions(page, 3)
    assert page.evaluate("window.scrollY") == 0
    tap(page, page.locator("#btn-zoom-reset"))
    board = page.locator("#board").bounding_box()
    assert board is not None and board["width"] == pytest.approx(frame["width"], rel=0.02)
    assert page.locator("#btn-zoom-out").is_disabled()


def test_coordinate_labels_are_an_option_kept_in_this_browser(
    phone_page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    page = phone_page
    assert page.locator("#board .coords").count() == 0  # off by default
    button = page.locator("#btn-coords")
    assert button.get_attribute("aria-pressed") == "false"
    tap(page, button)
    assert button.get_attribute("aria-pressed") == "true"
    labels = page.locator("#board .coords text").all_text_contents()
    assert sorted(set(labels), key=int) == [str(k) for k in range(-6, 7)]
    assert page.evaluate("localStorage.getItem('paisho.coords.v1')") == "1"
    goto_ready(page, site.base_url, page_errors)
    assert page.locator("#board .coords text").count() == 26
    assert page.locator("#btn-coords").get_attribute("aria-pressed") == "true"
    page.locator("#btn-coords").tap()
    assert page.locator("#board .coords").count() == 0
    assert page.evaluate("localStorage.getItem('paisho.coords.v1')") == "0"


context = pytest.fixture(name="context")(desktop_context)


def test_every_wiki_snippet_has_a_copy_button(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    page = new_watched_page(context, page_errors)
    page.goto(site.base_url + "wiki-editors.html")
    snippets = page.locator(".snippet")
    assert snippets.count() > 3
    buttons = page.locator(".snippet + button.copy-snippet")
    assert buttons.count() == snippets.count()
    first = page.locator("#snippet-demo")
    page.locator("#snippet-demo + button.copy-snippet").click()
    page.wait_for_function("() => document.querySelector('.copy-status').textContent !== ''")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == first.text_content() and site.base_url in copied
    assert "YOUR-SITE" not in copied


def test_no_page_is_wider_than_a_phone(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """The game page, the Studio, the rules and the wiki editors' page at 390 px (the
    demo list's table, long words), in every language (Russian words are long): nothing
    makes the page scroll sideways."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = page_errors.watch(ctx.new_page())
    for folder in ("", *(f"{lang}/" for lang in LANGUAGES if lang != SOURCE)):
        for name in ("", "studio.html", "rules.html", "wiki-editors.html"):
            page.goto(f"{site.base_url}{folder}{name}")
            if name in ("", "studio.html"):
                wait_ready(page, page_errors)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{folder}{name or 'index'}: {width} px wide"
    ctx.close()
