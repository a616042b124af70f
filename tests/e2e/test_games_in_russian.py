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

VISIBLE_TEXT_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || !parent.checkVisibility({visibilityProperty: true})) continue;
    if (parent.closest('svg, script, style, code, kbd, .lang-switch, #move-list, .notation')) {
      continue;
    }
    out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    // the board's points are read by their names (paisho_page.board_words); other
    // pictures (tile icons) are aria-hidden
    if (!el.checkVisibility({visibilityProperty: true})
        || el.closest('svg:not(#board), .lang-switch')) {
      continue;
    }
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) out.push(value);
    }
  }
  return out;
}"""
"""Every visible text node and label of the page, the board's points' names included
(the move list, the SVGs' text, code and the language switch's own names aside)."""

NOTATION = re.compile(
    r"\(-?\d+,\s*-?\d+\)"          # points
    r"|\b\d*[A-Z][A-Za-z]?\d*\b"   # tile codes (R3, Ja, WL), ply prefixes (1G)
    r"|\b(?:cw|ccw|Tab|Enter|Esc|Ctrl|Shift|Alt)\b"  # turn directions, key names
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
