"""A demo step's alternatives ("What if…") in Chromium: on a pre-rendered demo page with
JavaScript alone (no Python is loaded), and from a demo link written in the Studio,
opened in another browser; the What-if list fits a phone and a laptop."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from conftest import PageErrors, SiteServer, new_watched_page
from layout_js import OVERFLOW_JS
from playwright.sync_api import Browser, Page

from paisho_core.demos import alternative_frames, frames, get_demo

pytestmark = pytest.mark.e2e

STATE_JS = """() => {
  const tiles = {};
  for (const t of document.querySelectorAll('#board [data-point] [data-tile]')) {
    tiles[t.closest('[data-point]').dataset.point] = t.dataset.tile;
  }
  return {
    tiles,
    caption: document.querySelector('[data-caption]').textContent,
    ply: document.getElementById('ply').textContent,
    whatIf: [...document.querySelectorAll('#what-if-list button')].map((b) => b.textContent),
    listShown: !document.getElementById('what-if').hidden,
    backShown: !document.getElementById('alt-bar').hidden,
  };
}"""

FITS_JS = """(id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  return box.left >= 0 && box.right <= document.documentElement.clientWidth + 1;
}"""


def tiles_of(game: object) -> dict[str, str]:
    """The tiles of an engine game, as :data:`STATE_JS` reads them off the board."""
    return {str(t.point): t.code for t in game.board_tiles()}  # type: ignore[attr-defined]


def check_alternative(page: Page, name: str, index: int, labels: list[str]) -> None:
    """At step ``index`` of demo ``name`` (the page shows it): its What-if list, then its
    first alternative stepped through with the buttons and the keys, then back."""
    demo = get_demo(name)
    main = frames(demo)[index]
    alt = alternative_frames(demo, index, 0)
    state = page.evaluate(STATE_JS)
    assert state["whatIf"] == labels and state["listShown"] and not state["backShown"]
    assert state["tiles"] == tiles_of(main.game)
    page.locator("#what-if-list button").first.click()
    for place, frame in enumerate(alt):
        state = page.evaluate(STATE_JS)
        assert state["ply"] == f"{place} / {len(alt) - 1}", place
        assert state["tiles"] == tiles_of(frame.game), place
        assert state["backShown"] and not state["listShown"] and state["whatIf"] == []
        assert page.locator("#alt-label").text_content() == f"What if, at step {index}"
        if place < len(alt) - 1:
            page.keyboard.press("ArrowRight") if place % 2 else page.click("#btn-next")
    assert page.locator("#btn-next").is_disabled()
    assert page.evaluate(STATE_JS)["caption"] == alt[-1].caption
    page.keyboard.press("Home")
    assert page.evaluate(STATE_JS)["caption"] == alt[0].caption
    page.click("#btn-back-demo")
    state = page.evaluate(STATE_JS)
    assert state["ply"] == f"{index} / {len(demo.steps) - 1}" and not state["backShown"]
    assert state["tiles"] == tiles_of(main.game) and state["caption"] == main.caption
    page.locator("#what-if-list button").first.press("Enter")  # the keyboard alone
    assert page.evaluate(STATE_JS)["backShown"]
    page.keyboard.press("Escape")
    assert page.evaluate(STATE_JS)["ply"] == f"{index} / {len(demo.steps) - 1}"


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_what_if_on_a_demo_page_works_without_python(
    browser: Browser, site: SiteServer, page_errors: PageErrors, size: tuple[int, int]
) -> None:
    phone = size[0] < 500
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=phone, is_mobile=phone, service_workers="block")
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    try:
        page = new_watched_page(context, page_errors)
        page.goto(f"{site.base_url}demo-skud-harmony.html?step=2")
        page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
        assert not page.evaluate(STATE_JS)["listShown"]  # step 2 carries none
        page.click("#btn-next")
        demo = get_demo("skud-harmony")
        labels = [alt.caption for alt in demo.steps[3].alternatives]
        assert page.evaluate(FITS_JS, "what-if")
        assert page.evaluate(OVERFLOW_JS, ["body"]) == []
        check_alternative(page, "skud-harmony", 3, labels)
        page.locator("#what-if-list button").first.click()
        assert page.evaluate(FITS_JS, "alt-bar")
        assert page.evaluate(OVERFLOW_JS, ["body"]) == []
        assert page.evaluate("document.documentElement.dataset.engine") is None
    finally:
        context.close()
    assert all(urlsplit(url).netloc == urlsplit(site.base_url).netloc for url in seen)
    assert not any("/pyodide/" in url or url.endswith(".whl") for url in seen), "Python loaded"


def test_what_if_in_russian_on_a_demo_page(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  service_workers="block")
    try:
        page = new_watched_page(context, page_errors)
        page.goto(f"{site.base_url}ru/demo-skud-rock.html?step=2")
        page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
        (label,) = page.evaluate(STATE_JS)["whatIf"]
        assert label and label != get_demo("skud-rock").steps[2].alternatives[0].caption
        page.locator("#what-if-list button").first.tap()
        assert page.locator("#btn-back-demo").text_content() != "Back to the demo"
        assert page.evaluate(OVERFLOW_JS, ["body"]) == []
    finally:
        context.close()
