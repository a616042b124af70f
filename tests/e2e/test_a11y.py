"""Accessibility audit with axe-core: every page and every dialog in the light colour
scheme, the game page and its dialogs in the dark one too, with no serious or critical
finding.

axe-core comes bundled in the ``axe-playwright-python`` wheel (the ``test`` extra), so the
audit runs offline; it is injected into the page by Playwright, outside the page's CSP.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from playwright.sync_api import Browser, BrowserContext, Page
from test_play_balance import SEED, start_from_dialog
from test_play_skud import GAME, play

pytestmark = pytest.mark.e2e

BLOCKING = ("serious", "critical")
"""axe impacts that fail the audit ("minor" and "moderate" are reported, not failed)."""

AXE = Axe()


def audit(page: Page, where: str) -> list[str]:
    """Run axe-core on the page as it is now; return its serious and critical findings."""
    results = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            nodes = "; ".join(
                f"{' '.join(node['target'])}: {node.get('failureSummary', '')}".replace("\n", " ")
                for node in violation["nodes"][:5]
            )
            found.append(
                f"{where}: {violation['id']} ({violation['impact']}, "
                f"{len(violation['nodes'])} nodes) {nodes}"
            )
    return found


@pytest.fixture
def context(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context in one colour scheme: light, unless the test asks for others (the
    game page, whose board, panels and dialogs use every colour of both schemes)."""
    scheme = getattr(request, "param", "light")
    ctx = browser.new_context(viewport={"width": 1200, "height": 900}, color_scheme=scheme)
    yield ctx
    ctx.close()


def _open(page: Page, button: str, dialog: str) -> Callable[[], None]:
    """Open a dialog with its button; return a function that closes it with Escape."""
    page.click(button)
    page.wait_for_selector(f"{dialog}[open]")

    def close() -> None:
        page.keyboard.press("Escape")
        page.wait_for_selector(dialog, state="hidden")

    return close


@pytest.mark.parametrize("context", ["light", "dark"], indirect=True)
def test_game_page_and_its_dialogs(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """The game page: fresh (accent chooser), mid-game, each dialog open, Balance."""
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    found = audit(page, "game page, new game")
    play(page, GAME)
    found += audit(page, "game page, after 10 actions")
    for button, dialog in (
        ("#btn-new", "#new-game-dialog"),
        ("#btn-share", "#share-dialog"),
        ("#btn-notation", "#notation-dialog"),
    ):
        close = _open(page, button, dialog)
        found += audit(page, f"{dialog} open")
        close()
    close = _open(page, "#btn-notation", "#notation-dialog")
    page.fill("#notation-text", "0H.R,W,K,B;0G.R,W,K,B;1G.R3(9,9)")
    page.click("#btn-notation-import")
    page.wait_for_function("document.getElementById('notation-error').textContent !== ''")
    found += audit(page, "#notation-dialog with an error")
    close()
    page.click("#btn-resign")
    page.wait_for_selector("#confirm-resign:not([hidden])")
    found += audit(page, "resign confirmation")
    page.click("#btn-resign-no")
    start_from_dialog(page, "seed", SEED)
    page.locator("#board .pt.highlight").first.click()
    found += audit(page, "Balance game")
    assert found == [], "\n".join(found)


def test_embed_and_rules_pages(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """The embed viewer (with a game) and the rules page."""
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}embed.html?variant=skud&moves={quote(GAME)}", page_errors)
    found = audit(page, "embed page")
    assert page.locator("h1").count() == 1
    page.goto(f"{site.base_url}rules.html")
    page.wait_for_load_state("load")
    found += audit(page, "rules page")
    assert found == [], "\n".join(found)


def test_a_demo_pages_what_if_list_and_an_alternative(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A demo page at a step with alternatives (the What-if list), then one opened."""
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}demo-skud-harmony.html?step=3")
    page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
    found = audit(page, "demo page, What if")
    page.locator("#what-if-list button").first.click()
    found += audit(page, "demo page, an alternative")
    assert found == [], "\n".join(found)


def test_studio_page(context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    """The Studio (issue #23): the editor with a tile in hand, then a step played."""
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}studio.html", page_errors)
    page.locator('#studio-palette button[aria-label^="Host Rose (R3)"]').click()
    page.click("#board [data-point='(1,1)']")
    found = audit(page, "Studio, set up")
    page.click("#studio-mode-play")
    page.click("#board [data-point='(1,1)']")
    page.click("#board [data-point='(1,2)']")
    found += audit(page, "Studio, a step played")
    page.click("#studio-alt-add")
    found += audit(page, "Studio, an “if instead” written")
    assert page.locator("h1").count() == 1
    assert found == [], "\n".join(found)


def test_learn_page(context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    """The Learn page: a task with the mover's tiles, a missed try, a Hint, a task shown."""
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}learn.html#lesson=skud-harmony-bonus", page_errors)
    page.click("#board [data-point='(1,1)']")
    page.click("#board [data-point='(2,1)']")  # a miss: its reason in the message line
    found = audit(page, "Learn, a missed try")
    page.click("#btn-lesson-hint")
    found += audit(page, "Learn, a hint")
    page.click("#btn-lesson-show")
    found += audit(page, "Learn, a task shown")
    assert page.locator("h1").count() == 1
    assert found == [], "\n".join(found)
