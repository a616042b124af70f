"""The tile card on the game page (site/cards_ui.py, words from paisho_page/words/cards.py):
selecting, hovering or focusing a tile shows what it does, with working links."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    goto_ready,
    new_watched_page,
    save_screenshot,
    wait_actions,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import link
from paisho_core.skud import SkudGame

pytestmark = pytest.mark.e2e

SKUD = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
"""Both accent choices and the opening plants: a Rose on each home Gate."""


LATE_IMPORTS_JS = """() => JSON.parse(window.__paishoPyodide.runPython(`
import json, sys
json.dumps(sorted(set(sys.modules) - getattr(sys, "_paisho_snapshot_modules", set(sys.modules))))
`))"""
"""The modules the page imported after its boot from the snapshot."""


@pytest.fixture(name="context")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    yield ctx
    ctx.close()


def card_text(page: Page) -> str:
    return str(page.text_content("#tile-card"))


def _gap(page: Page) -> float:
    """How far below the card's top the reserves start (viewport scrolling aside)."""
    card = page.locator("#tile-card").bounding_box()
    players = page.locator("#players").bounding_box()
    assert card is not None and players is not None
    return players["y"] - card["y"]


def start_wiki(page: Page) -> None:
    if page.is_visible("#btn-menu"):  # a narrow screen: New game is in the header's Menu
        page.click("#btn-menu")
    page.click("#btn-new")
    page.select_option("#variant-select", "wiki")
    page.click("#btn-new-start")
    page.wait_for_selector("#wiki-panel:not([hidden])")
    wait_actions(page, 0)


def test_selecting_a_wiki_lily_in_the_reserve_shows_its_card_and_ruling(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    # beside the board the card is there from the start, with a hint
    assert page.is_visible("#tile-card.empty .tile-card-hint")
    start_wiki(page)
    page.click('#reserve-1 [data-reserve="Li"]')  # the Guest moves first
    page.wait_for_selector('#tile-card:not(.empty)[data-tile="Li"]')
    assert page.text_content("#tile-card-title") == "Lily (Li)"
    text = card_text(page)
    assert "At the east or the west Gate" in text
    assert "exactly 2 points straight, then 2 points at a right angle" in text
    assert "Jasmine, White Jade" in text
    page.mouse.move(5, 5)  # away from the reserve: the card stays for its links
    save_screenshot(page, "tile-card-wiki-lily-1366")
    ruling = page.locator('#tile-card a.ruling[href$="#wiki-r4"]')
    assert ruling.text_content() == "R4"
    href = str(ruling.get_attribute("href"))
    demo = page.locator("#tile-card a.demo").first
    assert str(demo.get_attribute("href")).startswith("./embed.html#demo=wiki-")
    rules = context.new_page()
    rules.goto(site.base_url + href.removeprefix("./"))
    assert rules.locator("#wiki-r4").is_visible()
    assert "Lily, Chrysanthemum: exactly 2" in str(rules.text_content("#wiki-r4"))
    assert rules.locator('[data-tile-table="wiki"] #tile-wiki-li').count() == 1
    rules.close()
    gap = _gap(page)
    page.click("#btn-tile-card-close")  # folded to its title line
    assert page.is_hidden("#tile-card-lines")
    page.hover('#reserve-1 [data-reserve="Ro"]')
    page.wait_for_selector('#tile-card[data-tile="Ro"]')  # the title follows
    assert page.text_content("#tile-card-title") == "Rose (Ro)"
    page.click("#tile-card summary")  # unfolded again
    assert page.is_visible("#tile-card-lines")
    assert _gap(page) == gap  # the reserves did not move


def test_hovering_a_skud_tile_on_the_board_shows_its_card(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + "#" + link.encode(SkudGame.from_text(SKUD)), page_errors)
    wait_actions(page, 4)
    page.hover('#board [data-point="(0,-8)"]')
    page.wait_for_selector('#tile-card:not(.empty)[data-tile="R3"]')
    text = card_text(page)
    assert "Rose (R3)" in text and "Up to 3 steps" in text and "Clashes with" in text
    assert page.locator('#tile-card a.ruling[href$="#skud-r3"]').count() == 1
    page.hover('#reserve-1 [data-reserve="O"]')
    page.wait_for_selector('#tile-card[data-tile="O"]')
    assert "Up to 6 steps" in card_text(page)
    save_screenshot(page, "tile-card-skud-orchid-1366")
    # the cards' words and the engine's facts came with the memory snapshot: showing a
    # card imports nothing (no start-up cost, no module compiled on first hover)
    late = page.evaluate(LATE_IMPORTS_JS)
    assert not [m for m in late if m.startswith("paisho")], late


def test_hovering_an_accent_tile_to_choose_shows_its_card(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)  # a new Skud game: the Host chooses
    page.hover('#accent-pool [data-accent="R"]')
    page.wait_for_selector('#tile-card:not(.empty)[data-tile="R"]')
    assert "No harmony counts along its whole row" in card_text(page)
    assert page.is_visible('#tile-card a.ruling[href$="#skud-r2"]')  # the links stay in view


def test_the_card_follows_the_keyboard(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + "#" + link.encode(SkudGame.from_text(SKUD)), page_errors)
    wait_actions(page, 4)
    page.focus("#board")
    for _ in range(8):  # from the centre up to the Host's Gate, where a Rose stands
        page.keyboard.press("ArrowUp")
    page.wait_for_selector('#tile-card:not(.empty)[data-tile="R3"]')
    page.keyboard.press("ArrowDown")  # an empty point, nothing selected: the card stays
    page.wait_for_selector('#board [data-point="(0,7)"].cursor', state="attached")
    assert page.get_attribute("#tile-card", "data-tile") == "R3"
    page.focus('#reserve-0 [data-reserve="W4"]')  # Tab-like focus on a reserve tile
    page.wait_for_selector('#tile-card:not(.empty)[data-tile="W4"]')
    page.focus('#reserve-1 [data-reserve="W5"]')  # the Guest is to move
    page.keyboard.press("Enter")  # picks it; the cursor goes to an empty Gate
    page.wait_for_function("() => document.activeElement.id === 'board'")
    page.wait_for_selector('#tile-card:not(.empty)[data-tile="W5"]')  # the selection's
    assert "White Jade (W5)" in card_text(page)


def test_a_tap_shows_the_card_below_the_board_on_a_phone(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    try:
        page = new_watched_page(ctx, page_errors)
        goto_ready(page, site.base_url, page_errors)
        start_wiki(page)
        assert page.is_hidden("#tile-card")  # on a phone: not before a tile is tapped
        page.tap('#reserve-1 [data-reserve="Li"]')
        page.wait_for_selector('#tile-card:not(.empty)[data-tile="Li"]')
        board = page.locator("#board-holder").bounding_box()
        card = page.locator("#tile-card").bounding_box()
        assert board is not None and card is not None
        assert card["y"] >= board["y"] + board["height"]  # never over the board
        page.locator("#tile-card").scroll_into_view_if_needed()
        save_screenshot(page, "tile-card-wiki-lily-390")
        page.tap("#btn-tile-card-close")
        assert page.is_hidden("#tile-card-lines")
    finally:
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_filled_card_passes_the_accessibility_audit(
    browser: Browser, site: SiteServer, page_errors: PageErrors, scheme: str
) -> None:
    from test_a11y import audit

    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, color_scheme=scheme)
    try:
        page = new_watched_page(ctx, page_errors)
        goto_ready(page, site.base_url + "#" + link.encode(SkudGame.from_text(SKUD)), page_errors)
        page.hover('#reserve-1 [data-reserve="O"]')
        page.wait_for_selector('#tile-card:not(.empty)[data-tile="O"]')
        assert audit(page, f"tile card ({scheme})") == []
    finally:
        ctx.close()


def test_balance_drawn_tile_and_avatar_have_cards(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    from test_play_balance import SEED, start_from_dialog

    from paisho_core.balance import BalanceGame

    drawn = BalanceGame((), SEED).drawn
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    start_from_dialog(page, "seed", SEED)
    page.hover("#balance-drawn-icon")  # the drawn tile, in Balance's own panel
    page.wait_for_selector(f'#tile-card:not(.empty)[data-tile="{drawn}"]')
    assert "Placed" in card_text(page) and "Disharmony with" in card_text(page)
    page.hover('#board [data-point="(0,0)"]')  # the Avatar on the board
    page.wait_for_selector('#tile-card[data-tile="A"]')
    assert "Avatar (A)" in card_text(page)


RUSSIAN_GENDERS = {
    ("skud", "K"): ("Нотуид (K)", ["Поставленный на доску, больше не ходит."]),
    ("skud", "L"): ("Белый Лотос (L)", ["С ним гармонирует", "Захватить нельзя"]),
    ("wiki", "WJ"): ("Белый Нефрит (WJ)", ["толкнуть или перевезти его."]),
    ("wiki", "R"): ("Скала (R)", ["Поставленная на доску, больше не ходит.",
                                  "снимается вместе с ней."]),
    ("skud", "B"): ("Лодка (B)", ["Поставленная на доску, больше не ходит."]),
}
"""Three masculine tiles (Нотуид, Белый Лотос, Белый Нефрит) and two feminine ones
(Скала, Лодка): the phrases their Russian cards say in their own gender."""

WRONG_GENDER = {
    "masculine": ("Поставленная", "Поставленное", "вместе с ней", "перевезти её", "в её ряду",
                  "от неё", "Её нельзя"),
    "feminine": ("Поставленный", "Поставленное", "вместе с ним", "перевезти его", "в его ряду",
                 "от него"),
    "neuter": ("Поставленный", "Поставленная", "вместе с ней", "перевезти её", "в её ряду",
               "от неё"),
}
"""What a card must not say of a tile of each gender (the gendered card sentences)."""

EVERY_CARD_JS = """() => JSON.parse(window.__paishoPyodide.runPython(`
import json
from paisho_core import registry
from paisho_page.words import cards
from paisho_page.words import terms
out = []
for variant in ("skud", "balance", "wiki", "ancient"):
    for fact in registry.tile_facts(variant):
        card = cards.card(variant, fact.code)
        name = cards._english_name(fact)
        out.append([variant, card.title, terms.gender(name),
                    " ".join(text for _label, text in card.lines)])
json.dumps(out)
`))"""
"""Every tile card of every variant as the page words it: variant, title, the gender the
page's catalog gives the name, and the card's lines."""


def test_every_russian_tile_card_agrees_with_its_tile(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """In ru/, the cards shown on hover say the gendered phrases of three masculine and
    two feminine tiles, and no card of any variant's tile says a phrase of another gender."""
    page = new_watched_page(context, page_errors)
    skud = link.encode(SkudGame.from_text(SKUD))
    goto_ready(page, f"{site.base_url}ru/#{skud}", page_errors)
    wait_actions(page, 4)
    for (variant, code), (title, phrases) in sorted(RUSSIAN_GENDERS.items()):
        if variant == "wiki" and page.is_hidden("#wiki-panel"):
            start_wiki(page)  # after the Skud tiles ("skud" < "wiki")
        page.hover(f'#reserve-1 [data-reserve="{code}"]')
        page.wait_for_selector(f'#tile-card:not(.empty)[data-tile="{code}"]')
        assert page.text_content("#tile-card-title") == title
        text = card_text(page)
        for phrase in phrases:
            assert phrase in text, (title, phrase, text)
    cards = page.evaluate(EVERY_CARD_JS)
    assert len(cards) > 40  # every tile of the four variants
    genders = {title: gender for _v, title, gender, _t in cards}
    assert genders["Нотуид (K)"] == "masculine" and genders["Колесо (W)"] == "neuter"
    assert genders["Скала (R)"] == "feminine"
    wrong = [(variant, title, phrase) for variant, title, gender, text in cards
             for phrase in WRONG_GENDER[gender] if phrase in text]
    assert not wrong, wrong
    page_errors.check()
