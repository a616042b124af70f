"""Whole games in Russian (issue #24): a Skud game and a Wiki game played by clicks on
``ru/``, every visible word Cyrillic (notation aside), at 1366×768."""

from __future__ import annotations

import re

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    desktop_context,
    goto_ready,
    new_watched_page,
    play_game,
    wait_actions,
)
from playwright.sync_api import BrowserContext, Page
from refused_link import refused_skud_payload
from visible_text import VISIBLE_TEXT_JS, english_templates

from paisho_core.skud.game import SkudGame
from paisho_core.wiki.game import WikiGame

pytestmark = pytest.mark.e2e

context = pytest.fixture(name="context")(desktop_context)

SKUD = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+K(4,-4)"
)
WIKI = (
    "1G.Ja(0,-8);1H.Ja(0,8);2G.(0,-8)-(0,-5);2H.(0,8)-(0,5);3G.B(1,-5);3H.W(-1,4);"
    "4G.(1,-5)>(0,-5);4H.(-1,4)@cw;5G.(0,-5)=(0,-3)[(-1,-5)];5H.L(1,2)"
)

NOTATION = re.compile(
    r"\(-?\d+,\s*-?\d+\)"          # points
    r"|\b\d*[A-Z][A-Za-z]?\d*\b"   # tile codes (R3, Ja, WL), ply prefixes (1G)
    r"|\b(?:cw|ccw|Tab|Enter|Esc|Ctrl|Shift|Alt)\b"  # turn directions, key names
    r"|\b[A-Z]{2,}\b"             # acronyms (SVG)
)


def english_words(texts: list[str]) -> list[str]:
    """The texts that still hold a Latin word once notation is taken out."""
    return [text for text in texts if re.search(r"[A-Za-z]{2,}", NOTATION.sub(" ", text))]


class Reader:
    """Reads the page at each step of a game; what is not Russian is kept for the end."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.english: list[str] = []

    def read(self, where: str) -> None:
        texts = self.page.evaluate(VISIBLE_TEXT_JS)
        assert any(re.search("[а-яё]", text) for text in texts), where
        self.english += [f"{where}: {text}" for text in english_words(texts)]


def new_game(page: Page, reader: Reader, variant: str) -> None:
    page.click("#btn-new")
    reader.read(f"the New game dialog ({variant})")
    page.select_option("#variant-select", variant)
    page.click("#btn-new-start")
    wait_actions(page, 0)


@pytest.mark.parametrize(("variant", "cls", "text"), [
    ("skud", SkudGame, SKUD),
    ("wiki", WikiGame, WIKI),
])
def test_a_game_in_russian_shows_only_russian_words(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
    variant: str, cls: type[SkudGame] | type[WikiGame], text: str,
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}ru/", page_errors)
    assert page.evaluate("document.documentElement.lang") == "ru"
    reader = Reader(page)
    new_game(page, reader, variant)
    reader.read(f"a new {variant} game")
    play_game(page, cls, text)
    reader.read(f"{variant} after {text}")
    page.click("#btn-resign")
    reader.read("the resign question")
    page.click("#btn-resign-yes")
    page.wait_for_selector("#result:not([hidden])")
    reader.read("the end of the game")
    page.click("#btn-share")
    reader.read("the Share dialog")
    assert reader.english == []
    page_errors.check()


def test_a_bad_link_opened_in_russian_names_the_same_move_and_ruling(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
) -> None:
    """A link whose move N the rules refuse: the Russian page says so in Russian, naming
    the same move and ruling as the English page, and keeps the moves before it."""
    payload, count = refused_skud_payload()
    said = {}
    for folder in ("", "ru/"):
        page = new_watched_page(context, page_errors)
        goto_ready(page, f"{site.base_url}{folder}#{payload}", page_errors)
        wait_actions(page, count)
        said[folder] = str(page.text_content("#notice-text"))
        page.close()
    english, russian = said[""], said["ru/"]
    assert f"Move {count + 1} is not legal" in english, english
    assert f"{count + 1}" in russian and "недопустим" in russian, russian
    rulings = re.compile(r"\b(?:[a-z]+-)?R\d+[a-z]?\b")
    assert rulings.findall(russian) == rulings.findall(english) != []
    assert english_words([russian]) == [], russian
    page_errors.check()


def test_a_wiki_readers_journey_in_russian(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
) -> None:
    """A Russian wiki embeds a Wiki Pai Sho demo with ``lang=ru`` (as the wiki editors'
    page says): the caption is Russian, and the frame's links lead to the rules and the
    game, all in Russian."""
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}demo-wiki-wheel.html?lang=ru")
    page.wait_for_url("**/ru/demo-wiki-wheel.html*")
    assert page.evaluate("document.documentElement.lang") == "ru"
    reader = Reader(page)
    reader.read("the demo")
    page.click("#btn-next")
    reader.read("the demo's second step")
    rules = str(page.get_attribute(".embed-links a[href$='rules.html']", "href"))
    full = str(page.get_attribute("#open-full", "href"))
    page.goto(page.url.split("demo-wiki-wheel.html")[0] + rules.removeprefix("./"))
    assert page.evaluate("document.documentElement.lang") == "ru"
    texts = page.evaluate("() => document.querySelector('main').innerText")
    assert len(re.findall("[а-яё]", texts)) > 0.6 * len(re.findall("[A-Za-zа-яё]", texts))
    page.goto(page.url.split("rules.html")[0] + full.removeprefix("./"))
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    assert page.evaluate("document.documentElement.lang") == "ru"
    reader.read("the game page")
    assert reader.english == []
    page_errors.check()


def test_the_wiki_editors_page_in_russian(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
) -> None:
    """Its snippets point to the Russian pages, its table explains ``lang``, and its Copy
    buttons speak Russian."""
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}ru/wiki-editors.html")
    assert f"{site.base_url}ru/demo-skud-wheel.html" in str(
        page.text_content("#snippet-demo"))
    assert page.locator("td code", has_text="lang").count() == 1
    # (the page names iframes, MediaWiki, Fandom…: no English sentence of the catalog)
    english = english_templates("ru")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(".copy-snippet").first.click()
    page.wait_for_function("document.querySelector('.copy-status').textContent !== ''")
    left = [text for text in page.evaluate(VISIBLE_TEXT_JS)
            if any(pattern.fullmatch(text) for pattern in english)]
    assert left == []
    assert re.search("[а-яё]", str(page.text_content(".copy-status")))
    page_errors.check()
