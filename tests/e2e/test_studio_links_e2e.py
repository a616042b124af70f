"""The Studio's links in Chromium (issue #23): a hostile demo link with a refused move
opened from the Studio's address, the work kept in the address over a reload, the
preview sized by the embed's height messages, and "Edit this position in the Studio"
from the game page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import (
    TILES_JS,
    PageErrors,
    SiteServer,
    goto_ready,
    new_watched_page,
    play_game,
    save_screenshot,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext

from paisho_core import demolink, link
from paisho_core.skud import SkudGame

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
HOSTILE = '<img src=x onerror="document.title=1">'


@pytest.fixture(name="context")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    """A 1366×768 desktop context, no service worker."""
    ctx = browser.new_context(viewport=DESKTOP, service_workers="block")
    yield ctx
    ctx.close()


def hostile_demo() -> dict[str, Any]:
    """A Skud demo: a hostile title and captions, a refused move at the start and one
    at step 1."""
    return {
        "variant": "skud",
        "name": "skud-studio",
        "title": HOSTILE,
        "start": {"setup": {"tiles": {"(1,1)": "HR3", "(-3,2)": "GW5"}, "to_move": "host"}},
        "caption": HOSTILE,
        "refused": ["(1,1)-(1,7)"],
        "steps": [
            {"action": "(1,1)-(1,2)", "caption": f"{HOSTILE} moves", "refused": ["(-3,2)-(-3,8)"]}
        ],
    }


def test_a_hostile_demo_link_in_the_address_keeps_its_refused_moves(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    data = hostile_demo()
    fragment = demolink.fragment(data)
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}studio.html{fragment}", page_errors)
    assert page.evaluate(TILES_JS) == {"(1,1)": ["R3", "host"], "(-3,2)": ["W5", "guest"]}
    assert page.input_value("#studio-refused") == "(1,1)-(1,7)"
    assert page.input_value("#studio-title") == HOSTILE
    assert page.text_content("#studio-caption-shown") == HOSTILE
    assert page.locator("#studio-caption-shown *, #studio-steps img, img").count() == 0
    assert page.title() != "1"
    steps = page.locator("#studio-steps .studio-step-show")
    assert steps.count() == 2
    assert "(refused: (-3,2)-(-3,8))" in (steps.nth(1).text_content() or "")
    # the link it makes is the same demo, refused moves kept
    assert demolink.decode(page.input_value("#studio-link")).data == data
    steps.nth(1).click()
    assert page.input_value("#studio-refused") == "(-3,2)-(-3,8)"
    # a legal move shown as refused: the engine's message, no link until fixed
    page.fill("#studio-refused", "(-3,2)-(-3,3)")
    page.locator("#studio-title").focus()
    status = page.locator("#studio-link-status")
    assert "(-3,2)-(-3,3) is legal, but the demo shows it refused" in (status.text_content() or "")
    assert page.input_value("#studio-link") == ""
    page.fill("#studio-refused", "(-3,2)-(-3,8); (-3,2)-(3,2)")
    page.wait_for_function("document.getElementById('studio-link').value !== ''")
    refused = demolink.decode(page.input_value("#studio-link")).data["steps"][0]["refused"]
    assert refused == ["(-3,2)-(-3,8)", "(-3,2)-(3,2)"]


def test_a_bad_fragment_opens_nothing_but_the_message(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    good = demolink.fragment(hostile_demo())
    page = new_watched_page(context, page_errors)
    bad = good[:-4] + ("A" if good[-4] != "A" else "B") + good[-3:]
    goto_ready(page, f"{site.base_url}studio.html{bad}", page_errors)
    message = page.text_content("#studio-message") or ""
    assert message.startswith("That link cannot be opened: the demo link is damaged")
    assert page.evaluate(TILES_JS) == {}
    assert page.evaluate("location.hash") == bad  # left as it was until a change
    goto_ready(page, f"{site.base_url}studio.html#{HOSTILE}", page_errors)
    assert "cannot be opened" in (page.text_content("#studio-message") or "")
    assert page.locator("main img").count() == 0 and page.title() != "1"


def test_a_reload_keeps_a_step_added(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}studio.html", page_errors)
    assert page.evaluate("location.hash") == ""  # nothing written before a change
    start = page.evaluate("history.length")
    for label, where in (("Host Rose (R3)", "(1,1)"), ("Guest White Jade (W5)", "(-3,2)")):
        page.locator(f'#studio-palette button[aria-label^="{label}"]').click()
        page.locator(f'#board [data-point="{where}"]').click()
    assert page.evaluate("location.hash").startswith("#demo=~1")
    page.click("#studio-mode-play")
    for where in ("(1,1)", "(1,2)"):
        page.locator(f'#board [data-point="{where}"]').click()
    before = page.evaluate("location.hash")
    page.fill("#studio-caption", "Typed, then the page is reloaded.")
    page.wait_for_function(  # once typing pauses: the link, then the address
        f"location.hash !== '{before}' && document.getElementById('studio-link')"
        ".value.endsWith(location.hash)"
    )
    assert page.evaluate("history.length") == start  # replaced, never pushed
    data = demolink.decode(page.evaluate("location.hash")).data
    assert len(data["steps"]) == 1 and data["steps"][0]["caption"].startswith("Typed")
    page.reload()
    wait_ready(page, page_errors)
    assert page.locator("#studio-steps li").count() == 2
    assert page.evaluate(TILES_JS) == {"(1,1)": ["R3", "host"], "(-3,2)": ["W5", "guest"]}
    assert demolink.decode(page.input_value("#studio-link")).data == data


def test_the_preview_follows_the_embeds_height(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}studio.html{demolink.fragment(hostile_demo())}", page_errors)
    preview = page.locator("#studio-preview")
    page.wait_for_function("document.getElementById('studio-preview').dataset.sized === '1'")
    frame = page.frame_locator("#studio-preview")
    # the embed reports each change of its height (its status line may wrap while it
    # loads, and Python taking over the board changes it again): the preview follows the
    # last one, so wait for the embed's engine and then for the heights to settle
    frame.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    sizes: list[tuple[float, int]] = []
    for _ in range(50):
        main = frame.locator("main").evaluate(
            "m => Math.ceil(m.getBoundingClientRect().bottom + window.scrollY + 8)"
        )
        box = preview.bounding_box()
        assert box is not None
        sizes.append((box["height"], main))
        if abs(box["height"] - main) <= 4:
            break
        page.wait_for_timeout(200)
    assert abs(sizes[-1][0] - sizes[-1][1]) <= 4, sizes
    save_screenshot(page, "studio-links-desktop", full_page=True)
    # a message from the frame sets its height (bounded), one from elsewhere does not
    frame.locator("html").evaluate(
        "() => parent.postMessage({type: 'paisho-embed-height', height: 999999}, '*')"
    )
    page.wait_for_function("document.getElementById('studio-preview').style.height === '4000px'")
    page.evaluate("window.postMessage({type: 'paisho-embed-height', height: 300}, '*')")
    page.wait_for_timeout(200)
    assert page.evaluate("document.getElementById('studio-preview').style.height") == "4000px"


def test_edit_this_position_in_the_studio_from_the_game_page(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    record = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
    play_game(page, SkudGame, record)
    page.click("#btn-replay-prev")  # the position before the Host's plant
    page.click("#btn-share")
    entry = page.locator("#share-studio")
    assert entry.is_visible() and entry.text_content() == "Edit this position in the Studio"
    href = entry.get_attribute("href") or ""
    game = SkudGame.from_text(record)
    assert href == f"{site.base_url}studio.html{link.fragment_for(game, 3)}"
    save_screenshot(page, "studio-links-share")
    entry.click()
    page.wait_for_url(f"{site.base_url}studio.html#*")
    wait_ready(page, page_errors)
    assert page.evaluate(TILES_JS) == {"(0,-8)": ["R3", "guest"]}
    assert page.input_value("#studio-mover") == "0"
    assert "Opened the link's position" in (page.text_content("#studio-message") or "")


def test_the_studio_links_on_a_phone(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    ctx = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = new_watched_page(ctx, page_errors)
    goto_ready(page, f"{site.base_url}studio.html{demolink.fragment(hostile_demo())}", page_errors)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.wait_for_function("document.getElementById('studio-preview').dataset.sized === '1'")
    save_screenshot(page, "studio-links-phone", full_page=True)
    ctx.close()
