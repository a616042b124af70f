"""The game page's layout at a laptop's 1366×768 and a phone's 390×844 (touch): in every
game the reserve of the player to move and any choice waiting for them (the accent
chooser, a Harmony Bonus's tiles, Balance's drawn tile, a Boat's targets and their legend,
the Wheel's turns) are on screen without scrolling; the marks of legal points are big
enough to see and to tap, in the light and the dark scheme."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from layout_js import IN_VIEW_JS
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import link, setups
from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.board import Point
from paisho_core.skud import SkudGame

pytestmark = pytest.mark.e2e

SIZES = {"laptop": (1366, 768), "phone": (390, 844)}

SKUD_BONUS = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+"
)
"""A Skud game stopped at a Harmony Bonus: the Guest picks an accent tile or skips."""

WIKI_BOATS = (((0, 0), "B", 1), ((1, 0), "Ro", 1), ((-1, 1), "Ja", 1), ((0, -4), "B", 0),
              ((1, -4), "Ro", 0))
"""Each side's Boat beside a flower it may push or carry (``rules.html#wiki-r4``)."""


@pytest.fixture(params=list(SIZES))
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    """A laptop's or a touch phone's browser context."""
    width, height = SIZES[request.param]
    phone = width < 500
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              has_touch=phone, is_mobile=phone)
    yield ctx
    ctx.close()


def in_view(page: Page, *selectors: str) -> None:
    """Each of ``selectors`` is wholly on screen with the page scrolled to its top."""
    page.evaluate("() => window.scrollTo(0, 0)")
    problems = [page.evaluate(IN_VIEW_JS, s) for s in selectors]
    assert [p for p in problems if p] == []


def open_game(page: Page, site: SiteServer, errors: PageErrors, fragment: str = "") -> None:
    """The game page, with the game of a link's ``fragment``; the notice that a shared
    game was opened stays open (it must not push what the mover acts on off screen)."""
    goto_ready(page, site.base_url + fragment, errors)


def start_from_dialog(page: Page, variant: str) -> None:
    """A new game of ``variant`` from the New game dialog (its default options)."""
    if page.locator("#btn-menu").is_visible():
        page.click("#btn-menu")
    page.click("#btn-new")
    page.select_option("#variant-select", variant)
    page.click("#btn-new-start")
    page.wait_for_selector('#board-holder[data-actions="0"]', state="attached")


def tap(page: Page, selector: str) -> None:
    """A tap on a phone, a click on a laptop."""
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def wheel_position() -> tuple[AncientGame, str]:
    """A 2-seat Ancient game where the seat to move holds a Wheel with a point that
    offers a choice of turns (``rules.html#ancient-r9``), and that point."""
    for seed in range(300):
        game = AncientGame(("target=11",), seed, 2)
        rng = random.Random(seed)
        while game.to_move is not None and len(game.history) < 80:
            if game.step == "start" and "W" in game.hand(game.to_move):
                turns: dict[str, int] = {}
                for action in game.legal_actions():
                    text = game.format_action(action)
                    if text.startswith("W("):
                        point = text.split("@")[0][1:]
                        turns[point] = turns.get(point, 0) + 1
                good = sorted(p for p, n in turns.items() if 2 < n < 8)
                if good:
                    return game, good[0]
            action = choose(game, rng)
            assert action is not None
            game.apply(action)
    raise AssertionError("no position with a Wheel to place")  # pragma: no cover


def skud(page: Page, site: SiteServer, errors: PageErrors) -> None:
    # a new game: the accent chooser (skud-r2), its tiles and its button
    open_game(page, site, errors)
    in_view(page, "#status", "#accent-chooser", "#btn-accents")
    # a Harmony Bonus waiting: the bar and the mover's reserve with the accent tiles
    open_game(page, site, errors, link.fragment_for(SkudGame.from_text(SKUD_BONUS)))
    page.wait_for_selector("#bonus-bar:not([hidden])")
    assert page.locator("#notice").is_visible()  # "Opened a shared game …", left open
    assert page.locator(".player.to-move .reserve-tile.playable").count() > 0
    in_view(page, "#status", "#bonus-bar", ".player.to-move .reserve")


def balance(page: Page, site: SiteServer, errors: PageErrors) -> None:
    open_game(page, site, errors)
    start_from_dialog(page, "balance")
    in_view(page, "#status", "#balance-drawn-icon", "#balance-bag-tiles", "#btn-hint")


def wiki(page: Page, site: SiteServer, errors: PageErrors) -> None:
    open_game(page, site, errors)
    start_from_dialog(page, "wiki")
    in_view(page, "#status", ".player.to-move .reserve")
    setup = setups.empty("wiki")
    for (x, y), code, owner in WIKI_BOATS:
        setup = setups.put(setup, Point(x, y), code, owner)
    open_game(page, site, errors, link.fragment_for(setups.build(setup)))
    tap(page, '#board [data-point="(0,0)"]')  # the Guest's Boat: push, carry or go
    page.wait_for_selector("#wiki-guide:not([hidden])")
    in_view(page, "#status", "#wiki-guide", "#board", ".player.to-move .reserve")
    # after the Boat's move nothing is selected: no legend, no marks by role (wiki-r4)
    tap(page, '#board [data-point="(0,3)"]')
    if page.locator('#board-holder[data-actions="0"]').count():
        tap(page, '#board [data-point="(0,3)"]')  # "move it alone": the same point again
    page.wait_for_selector('#board-holder[data-actions="1"]', state="attached")
    assert page.locator("#wiki-guide").is_hidden()
    assert page.locator("#board .mark-kinds").count() == 0
    in_view(page, "#status", ".player.to-move .reserve")


def ancient(page: Page, site: SiteServer, errors: PageErrors) -> None:
    game, point = wheel_position()
    seat = game.to_move
    open_game(page, site, errors, link.fragment_for(game))
    tap(page, "#btn-ancient-ready")  # a link's game is played by people: pass the device
    in_view(page, "#status", f"#reserve-{seat}", "#btn-ancient-draw")
    tap(page, f'#reserve-{seat} [data-reserve="W"]')
    tap(page, f'#board [data-point="{point}"]')
    page.wait_for_selector("#wheel-ring")  # the turn is chosen on the ring (ancient-r9)
    in_view(page, "#status", "#board", "#wheel-ring")
    if not page.evaluate("() => navigator.maxTouchPoints > 0"):
        in_view(page, "#ancient-turns")  # and by its buttons, beside the board


GAMES: dict[str, Callable[[Page, SiteServer, PageErrors], None]] = {
    "skud": skud, "balance": balance, "wiki": wiki, "ancient": ancient,
}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_movers_reserve_and_pending_choice_need_no_scrolling(
    screen: BrowserContext, site: SiteServer, page_errors: PageErrors, game: str
) -> None:
    page = new_watched_page(screen, page_errors)
    GAMES[game](page, site, page_errors)


MARKS_JS = """(selector) => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const scale = board.width / 800;  // the board's viewBox is 800 units across
  const el = document.querySelector(selector);
  const style = getComputedStyle(el);
  return {size: el.getBoundingClientRect().width, stroke: parseFloat(style.strokeWidth) * scale,
          fill: style.fill, colour: style.stroke, step: 40 * scale};
}"""
"""The on-screen size and stroke (px) and the colours of the first mark of ``selector``,
and the distance between two points (``step``)."""

FACE = (0xEC, 0xD9, 0xB0)
"""The board face's colour (paisho_core/render.py), the same in both schemes."""


def _luminance(rgb: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(css: str, other: tuple[int, int, int] = FACE) -> float:
    """The WCAG contrast ratio of the CSS colour ``rgb(r, g, b)`` against ``other``."""
    rgb = tuple(int(v) for v in css[css.index("(") + 1:css.index(")")].split(","))
    a, b = sorted((_luminance(rgb), _luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_legal_point_marks_are_big_and_clear(
    screen: BrowserContext, site: SiteServer, page_errors: PageErrors, scheme: str
) -> None:
    """The marks of legal points: an empty point's dot at least 10 px across (on a touch
    screen a third of a step at least), a tile's ring 2.5 px on a wider white halo, a
    Boat's marks by what they do as big as the dot; each stands out from the board by
    WCAG's 3:1 for graphics, in either scheme (the board is drawn the same in both)."""
    page = new_watched_page(screen, page_errors)
    page.emulate_media(color_scheme=scheme)
    setup = setups.empty("wiki")
    for (x, y), code, owner in WIKI_BOATS[:2]:
        setup = setups.put(setup, Point(x, y), code, owner)
    open_game(page, site, page_errors, link.fragment_for(setups.build(setup)))
    touch = page.evaluate("() => navigator.maxTouchPoints > 0")
    tap(page, '#reserve-1 [data-reserve="Ja"]')  # an entry: the Gates are marked (wiki-r3)
    page.wait_for_selector("#board .mark-target", state="attached")
    dot: dict[str, Any] = page.evaluate(MARKS_JS, "#board .mark-target")
    assert dot["size"] >= max(10, dot["step"] / 3 if touch else 0), dot
    assert dot["stroke"] >= 1 and contrast(dot["fill"]) >= 3, dot
    page.keyboard.press("Escape")
    tap(page, '#board [data-point="(0,0)"]')  # the Boat: its Rose may be pushed or carried
    page.wait_for_selector('#board [data-point="(1,0)"] .mark-target-ring', state="attached")
    ring: dict[str, Any] = page.evaluate(MARKS_JS, "#board .mark-target-ring")
    halo: dict[str, Any] = page.evaluate(MARKS_JS, "#board .mark-target-halo")
    assert ring["stroke"] >= 2.5 and halo["stroke"] > ring["stroke"] + 2, (ring, halo)
    assert contrast(ring["colour"]) >= 3 and contrast(ring["colour"], (255, 255, 255)) >= 3
    kind: dict[str, Any] = page.evaluate(MARKS_JS, "#board .mark-kind")
    assert kind["size"] >= 0.8 * dot["size"], (kind, dot)
