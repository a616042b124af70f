"""A demo step's alternatives ("What if…") in Chromium: on a pre-rendered demo page with
JavaScript alone (no Python is loaded), and from a demo link written in the Studio,
opened in another browser; the What-if list fits a phone and a laptop."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from conftest import TILES_JS, PageErrors, SiteServer, goto_ready, new_watched_page
from layout_js import OVERFLOW_JS
from playwright.sync_api import Browser, Page

from paisho_core import demolink
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


def test_an_alternative_written_in_the_studio_opens_from_its_link_elsewhere(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    author = browser.new_context(viewport={"width": 1366, "height": 768},
                                 service_workers="block")
    try:
        page = new_watched_page(author, page_errors)
        goto_ready(page, f"{site.base_url}studio.html", page_errors)
        for label, where in (("Host Rose (R3)", "(1,1)"), ("Guest White Jade (W5)", "(-3,2)")):
            page.locator(f'#studio-palette button[aria-label^="{label}"]').click()
            page.locator(f'#board [data-point="{where}"]').click()
        page.click("#studio-mode-play")
        for where in ("(1,1)", "(1,2)", "(-3,2)", "(-3,3)"):
            page.locator(f'#board [data-point="{where}"]').click()
        assert page.locator("#studio-steps li").count() == 3
        page.click("#studio-alt-add")
        assert page.locator("#studio-alt-done").is_visible()
        assert page.evaluate(TILES_JS) == {"(1,2)": ["R3", "host"], "(-3,2)": ["W5", "guest"]}
        page.fill("#studio-caption", "If instead the Guest goes right?")
        page.locator("#studio-title").focus()
        for where in ("(-3,2)", "(-2,2)"):
            page.locator(f'#board [data-point="{where}"]').click()
        page.fill("#studio-caption", "The Jade steps right.")
        page.locator("#studio-title").focus()
        for where in ("(1,2)", "(1,3)"):
            page.locator(f'#board [data-point="{where}"]').click()
        assert page.locator("#studio-steps li").count() == 3  # the alternative's own line
        assert page.evaluate(TILES_JS) == {"(1,3)": ["R3", "host"], "(-2,2)": ["W5", "guest"]}
        page.click("#studio-alt-done")
        assert "(and 1 “if instead”)" in (page.locator("#studio-steps li").nth(2).text_content()
                                          or "")
        button = page.locator("#studio-alts-list button")
        assert "If instead the Guest goes right?" in (button.text_content() or "")
        page.wait_for_function("document.getElementById('studio-link').value !== ''")
        url = page.input_value("#studio-link")
        (alt,) = demolink.decode(url).data["steps"][1]["alternatives"]
        assert alt["caption"] == "If instead the Guest goes right?"
        assert [s["action"] for s in alt["steps"]] == ["(-3,2)-(-2,2)", "(1,2)-(1,3)"]
        # the preview (the embed page in the Studio) carries the alternative too
        frame = page.frame_locator("#studio-preview")
        frame.locator("html[data-engine='ready']").wait_for()
        frame.locator("#btn-last").click()
        assert frame.locator("#what-if-list button").count() == 1
    finally:
        author.close()
    reader = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                 is_mobile=True, service_workers="block")
    try:
        page = new_watched_page(reader, page_errors)
        goto_ready(page, url, page_errors)
        page.keyboard.press("End")
        state = page.evaluate(STATE_JS)
        assert state["whatIf"] == ["If instead the Guest goes right?"] and state["listShown"]
        assert page.evaluate(FITS_JS, "what-if")
        assert page.evaluate(OVERFLOW_JS, ["body"]) == []
        page.locator("#what-if-list button").first.tap()
        state = page.evaluate(STATE_JS)
        assert state["ply"] == "0 / 2" and state["caption"] == "If instead the Guest goes right?"
        assert state["tiles"] == {"(1,2)": "R3", "(-3,2)": "W5"} and state["backShown"]
        page.locator("#btn-next").tap()
        state = page.evaluate(STATE_JS)
        assert state["caption"] == "The Jade steps right." and state["ply"] == "1 / 2"
        page.keyboard.press("ArrowRight")
        assert page.evaluate(STATE_JS)["tiles"] == {"(1,3)": "R3", "(-2,2)": "W5"}
        assert page.evaluate(FITS_JS, "alt-bar")
        page.locator("#btn-back-demo").tap()
        state = page.evaluate(STATE_JS)
        assert state["ply"] == "2 / 2" and not state["backShown"] and state["listShown"]
        assert state["tiles"] == {"(1,2)": "R3", "(-3,3)": "W5"}
        assert page.locator("#what-if-list img, #caption *").count() == 0
    finally:
        reader.close()
