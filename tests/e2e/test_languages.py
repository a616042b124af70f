"""The site's languages in Chromium (issue #24): pages per language, lang= in an embed's
URL, the first visit's redirect, the switch keeping a game, no text overflowing its box
in Russian or the pseudo-locale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page, wait_ready
from first_visit import sw_list, wait_until_precached
from layout_js import CLIPPED_JS, OVERFLOW_JS
from playwright.sync_api import Browser, Page

from paisho_core import link
from paisho_core.demos import get_demo
from paisho_core.registry import new_game, tile_facts, variant_names
from paisho_core.skud import SkudGame
from paisho_page.storage import aside, games_index, saves, schema
from paisho_page.studio.editor import Studio
from paisho_page.words.i18n import LANGUAGES, SOURCE
from sitebuild.catalogs import PSEUDO, read_catalog
from sitebuild.languages import pseudo_root

pytestmark = pytest.mark.e2e

FRISIAN = read_catalog("fy", "demos").lookup()
GAME = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5)"
SHARED = link.fragment_for(SkudGame.from_text(GAME))
"""A link to :data:`GAME` (``#GAME`` itself is a link the page cannot read)."""
PAGES = ("", "embed.html", "studio.html", "learn.html", "wiki-editors.html", "offline.html",
         "rules.html", "demo-wiki-wheel.html")


def caption(page: Page) -> str:
    return str(page.locator("#caption").text_content() or "").strip()


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_html_lang_on_every_language_page(dist: Path, lang: str) -> None:
    root = pseudo_root(dist) if lang == PSEUDO else dist  # (built for the tests only)
    folder = dist if lang == "en" else root / lang
    for name in PAGES:
        text = (folder / (name or "index.html")).read_text()
        assert f'<html lang="{lang}"' in text, (lang, name)
        if lang != "xx" and name not in ("embed.html", "offline.html", "demo-wiki-wheel.html"):
            assert 'class="lang-switch"' in text, (lang, name)


def test_lang_fy_in_an_embed_snippet_shows_the_frisian_caption(
    page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    page_errors.watch(page)
    demo = get_demo("skud-wheel")
    page.goto(f"{site.base_url}embed.html?lang=fy#demo=skud-wheel")
    page.wait_for_url("**/fy/demo-skud-wheel.html*")
    assert page.evaluate("document.documentElement.lang") == "fy"
    assert caption(page) == FRISIAN[demo.steps[0].caption] != demo.steps[0].caption
    page.click("#btn-next")
    assert caption(page) == FRISIAN[demo.steps[1].caption]
    assert page.locator("#btn-play").text_content() == "Spylje"


def test_fy_embed_page_with_python_shows_frisian_captions(
    page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    demo = get_demo("wiki-wheel")
    goto_ready(page, f"{site.base_url}fy/demo-wiki-wheel.html?mode=try", page_errors)
    assert caption(page) == FRISIAN[demo.steps[0].caption]
    page.click("#btn-next")
    page.wait_for_function("document.getElementById('ply').textContent.startsWith('1 ')")
    assert caption(page) == FRISIAN[demo.steps[1].caption]
    assert page.locator("#btn-play").text_content() == "Spylje"


def test_a_studio_demo_link_keeps_its_authors_text(
    page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    import json

    from paisho_core import demolink
    from paisho_core.demos import FOLDER

    demo = get_demo("skud-wheel")
    data = next(d for d in json.loads((FOLDER / "skud.json").read_text())["demos"]
                if d["name"] == "skud-wheel")
    payload = demolink.encode({"variant": "skud", **data})
    goto_ready(page, f"{site.base_url}fy/embed.html#demo={payload}", page_errors)
    assert caption(page) == demo.steps[0].caption  # shown as written


def test_first_visit_follows_the_browsers_language(
    browser: Browser, site: SiteServer
) -> None:
    context = browser.new_context(locale="ru-RU")
    try:
        page = context.new_page()
        page.goto(f"{site.base_url}wiki-editors.html#demos")
        page.wait_for_url("**/ru/wiki-editors.html#demos")
        assert page.evaluate("document.documentElement.lang") == "ru"
        assert page.title().startswith("Для редакторов вики")
        # the switch: English is remembered, and no redirect happens again
        page.click(".lang-switch a[hreflang=en]")
        page.wait_for_url("**/wiki-editors.html#demos")
        assert "/ru/" not in page.url
        assert page.evaluate("localStorage.getItem('paisho.lang.v1')") == "en"
        page.goto(f"{site.base_url}wiki-editors.html")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()


def test_the_switch_keeps_the_game_in_progress(
    page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    game = new_game("skud")
    for ply in GAME.split(";"):
        game.play(ply.split(".", 1)[1])
    fragment = link.fragment_for(game)
    goto_ready(page, f"{site.base_url}{fragment}", page_errors)
    moves = page.locator("#move-list li:not(.none)").count()
    assert moves > 0
    page.click(".lang-switch a[hreflang=ru]")
    page.wait_for_url("**/ru/**")
    wait_ready(page, page_errors)
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.locator("#move-list li:not(.none)").count() == moves
    assert page.locator("#btn-new").text_content() == "Новая игра"


CACHED_JS = """async () => {
  const name = (await caches.keys()).find((key) => key.startsWith("paisho-"));
  return name ? (await (await caches.open(name)).keys()).map((r) => r.url) : [];
}"""
"""Every URL the service worker's cache holds."""


@pytest.mark.fresh_contexts  # the service worker's cache, offline
def test_an_english_reader_caches_no_other_language(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """An English reader's first visit caches none of the other languages' pages or
    catalogs (about 12 MB a language with its demo pages): only a reader of it does."""
    context = browser.new_context(locale="en-GB")
    site.take()
    try:
        page = new_watched_page(context, page_errors)
        goto_ready(page, site.base_url, page_errors)
        wait_until_precached(page, site.dist)
        page.wait_for_timeout(500)
        cached = page.evaluate(CACHED_JS)
        assert not [url for url in cached if "/ru/" in url or "/fy/" in url or "/locale/" in url]
        requests = [r for r in site.take() if "/ru/" in r or "/fy/" in r or "/locale/" in r]
        assert requests == []
    finally:
        context.close()


@pytest.mark.fresh_contexts  # the service worker's cache, offline
def test_a_russian_reader_has_the_site_offline_in_russian(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """A Russian reader (sent to ``ru/`` by the browser's language) has the Russian pages
    and catalogs cached with the first visit, not the Frisian ones nor any demo page;
    offline, the Russian game page boots and its Rules page opens, and a demo not yet
    saved shows the Russian placeholder; a later visit's idle precache then caches the
    Russian demo pages, not the English ones."""
    russian = sw_list(site.dist, "LANGUAGES")["ru"]
    assert "./ru/rules.html" in russian and "./locale/ru/page.mo" in russian
    context = browser.new_context(locale="ru-RU")
    try:
        page = new_watched_page(context, page_errors)
        goto_ready(page, site.base_url, page_errors)
        assert page.url.split("#")[0] == f"{site.base_url}ru/"  # (the new game's link may follow)
        wait_until_precached(page, site.dist, lang="ru", root=site.base_url)
        page.wait_for_timeout(500)
        cached = page.evaluate(CACHED_JS)
        assert not [url for url in cached if "/fy/" in url or "/demo-" in url]
        context.set_offline(True)
        offline = new_watched_page(context, page_errors)
        goto_ready(offline, f"{site.base_url}ru/", page_errors)
        assert offline.locator("#btn-new").text_content() == "Новая игра"
        offline.goto(f"{site.base_url}ru/rules.html")
        assert offline.evaluate("document.documentElement.lang") == "ru"
        offline.goto(f"{site.base_url}ru/demo-skud-wheel.html")
        offline.wait_for_function(
            "() => document.body && document.body.innerText.includes('Это демо ещё не')"
        )
        offline.close()
        context.set_offline(False)
        page.close()
        again = new_watched_page(context, page_errors)
        goto_ready(again, f"{site.base_url}ru/", page_errors)
        again.wait_for_function("() => window.__paishoLaterIdle !== undefined",
                                timeout=30_000)
        later = sw_list(site.dist, "LATER")
        assert again.evaluate("() => window.__paishoLaterIdle") == len(later)
        cached = again.evaluate(CACHED_JS)
        demos = [url for url in cached if "/demo-" in url]
        assert len(demos) == len(later) and all("/ru/demo-" in url for url in demos)
    finally:
        context.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_no_text_overflows_on_the_embed_page(
    browser: Browser, site: SiteServer, lang: str, size: tuple[int, int]
) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        folder = "" if lang == SOURCE else f"{lang}/"
        for name in ("demo-wiki-wheel.html", "demo-skud-harmony-bonus.html?step=2",
                     "embed.html#" + link.fragment_for(new_game("skud"))[1:],
                     "offline.html"):
            page.goto(f"{site.base_url}{folder}{name}")
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.evaluate(OVERFLOW_JS, ["body"]) == [], (lang, name, size)
    finally:
        context.close()


DIALOGS = (
    ("#btn-share", "#share-dialog", "#btn-share-close"),
    ("#btn-embed", "#embed-dialog", "#btn-embed-close"),
    ("#btn-notation", "#notation-dialog", "#btn-notation-close"),
    ("#btn-games", "#games-dialog", "#btn-games-close"),
)
"""The game page's dialogs besides New game: the header button that opens each, the
dialog and its Close button."""

def stored_data() -> dict[str, str]:
    """Saved games (a 4-seat Ancient game against the computer, a Wiki game between
    people) and a set-aside entry with a long reason, so that Your games lists each kind
    of line."""
    ancient = new_game("ancient", (), 7, players=4)
    wiki = new_game("wiki")
    for game in (ancient, wiki):
        for _ in range(6):
            game.apply(game.legal_actions()[0])
    records = [
        saves.record_game(ancient, "a1", None, 1, 2, "r1", (1, 2, 3),
                          key="0" * 32, level="hard"),
        saves.record_game(wiki, "w1", None, 1, 3, "r1"),
    ]
    reason = "its moves could not be replayed: " + "a long reason " * 20
    kept = aside.SetAside("paisho.game.v2.old", reason, 4, "{damaged")
    return {
        **{schema.game_key(r.id): r.to_json() for r in records},
        schema.INDEX_KEY: games_index.index_json(r.entry() for r in records),
        "paisho.seal.v1": "0" * 32,
        aside.set_aside_key("paisho.game.v2.old", "{damaged"): kept.to_json(),
    }


STORED_JS = """
if (!sessionStorage.getItem('overflow-test')) {
  sessionStorage.setItem('overflow-test', '1');
  const stored = %s;
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
}
"""
"""Put :func:`stored_data` into the browser's storage once, before the first page."""

FILL_CARD_PY = """
import cards_ui
from paisho_page.words import cards
cards_ui.fill(cards.card_or_none({variant!r}, {code!r}))
"""
"""Show the card of one tile as the page does (site/cards_ui.py's ``fill``)."""


def _menu(page: Page) -> None:
    """Open the header's Menu where the buttons are folded into it (a phone)."""
    if page.locator("#btn-menu").is_visible():
        page.click("#btn-menu")


def _fits(page: Page, where: str, roots: list[str], box: str) -> None:
    """Nothing under ``roots`` is wider than its box or the page, and nothing in ``box``
    is cut (or scrolls) inside it."""
    assert page.evaluate(OVERFLOW_JS, roots) == [], where
    assert page.evaluate(CLIPPED_JS, box) == [], where


def _dialogs_fit(page: Page, where: str) -> None:
    """Every dialog of the game page, New game with each variant's fields, fits."""
    _menu(page)
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    for variant in variant_names():
        page.select_option("#variant-select", variant)
        _fits(page, f"{where} new game {variant}", ["dialog[open]"], "#new-game-form")
    page.click("#btn-new-cancel")
    for button, dialog, close in DIALOGS:
        _menu(page)
        page.click(button)
        page.wait_for_selector(f"{dialog}[open]")
        if dialog == "#games-dialog":  # the stored games and the set-aside entry listed
            page.wait_for_selector("#games-list li[data-game]")
            page.wait_for_selector("#setaside-list li")
        _fits(page, f"{where} {dialog}", ["dialog[open]"], f"{dialog} > form")
        page.click(close)
        page.wait_for_selector(f"{dialog}:not([open])", state="attached")


def _studio_fits(page: Page, where: str) -> None:
    """The Studio in every variant (its palette, reserves or hands, the bag to come, the
    play and share sections), and its Play a step box, show their whole text."""
    roots = [".studio-start", ".studio-link-form", ".studio-side", ".studio-play",
             ".studio-out"]
    for variant in variant_names():
        page.select_option("#studio-variant", variant)
        page.wait_for_function(  # its palette: its tiles and the remove tool
            "(n) => document.querySelectorAll('#studio-palette [data-tool]').length === n",
            arg=len(Studio(variant).palette) + 1)
        for root in roots:
            _fits(page, f"{where} studio {variant} {root}", [root], root)
    page.select_option("#studio-variant", "skud")
    page.click("#studio-standard")
    page.click("#studio-mode-play")
    page.wait_for_selector("#studio-step-box:not([hidden])")
    _fits(page, f"{where} studio play a step", [".studio-side"], "#studio-step-box")
    page.click("#studio-mode-setup")


def _cards_fit(page: Page, where: str) -> None:
    """The tile card of every tile of every variant shows its whole text."""
    for variant in variant_names():
        for facts in tile_facts(variant):
            page.evaluate("(code) => window.__paishoPyodide.runPython(code)",
                          FILL_CARD_PY.format(variant=variant, code=facts.code))
            page.wait_for_selector(f'#tile-card:not(.empty)[data-tile="{facts.code}"]')
            _fits(page, f"{where} card {variant} {facts.code}", ["#tile-card"], "#tile-card")


def _confirms_fit(page: Page, where: str) -> None:
    """The replay's "Drop the later moves?" bar and the Resign bar fit (the game is
    then resigned)."""
    page.click("#btn-replay-prev")
    page.click("#btn-continue-here")
    page.wait_for_selector("#confirm-truncate:not([hidden])")
    _fits(page, f"{where} drop the later moves", ["#confirm-truncate"], "#confirm-truncate")
    page.click("#btn-truncate-no")
    page.click("#btn-replay-last")
    _menu(page)
    page.click("#btn-resign")
    page.wait_for_selector("#confirm-resign:not([hidden])")
    _fits(page, f"{where} resign", ["#confirm-resign"], "#confirm-resign")
    page.click("#btn-resign-yes")


def _handover_fits(page: Page, where: str) -> None:
    """A hot-seat Ancient game's pass-the-device screen fits."""
    _menu(page)
    page.click("#btn-new")
    page.select_option("#variant-select", "ancient")
    page.wait_for_selector("#ancient-fields:not([hidden])")
    page.select_option("#ancient-count-select", "3")
    for seat in range(3):
        page.select_option(f"#ancient-seat-{seat}", "person")
    page.click("#btn-new-start")
    page.wait_for_selector("#ancient-handover:not([hidden])")
    _fits(page, f"{where} pass the device", ["#ancient-handover"], "#ancient-handover")


PHONE, LAPTOP = (390, 844), (1366, 768)
OVERFLOW_RUNS = [(PSEUDO, PHONE), (PSEUDO, LAPTOP), *((lang, size) for lang in LANGUAGES
                                                    if lang != SOURCE
                                                    for size in (PHONE, LAPTOP))]
"""The languages and sizes the site's pages are checked in: the pseudo-locale (the
source's every message ~40 % longer) at both sizes stands for the source language;
each translation at both sizes (on a laptop the game page, its dialogs and cards, and
the Learn and Puzzles pages: the Studio, the rules and the editors' page are checked in
the pseudo-locale there)."""
LAPTOP_SKIPS = ("studio.html", "rules.html", "wiki-editors.html")
"""Pages a translation is not checked on at laptop size (see :data:`OVERFLOW_RUNS`)."""


@pytest.mark.parametrize(("lang", "size"), OVERFLOW_RUNS,
                         ids=[f"{lang}-{w}x{h}" for lang, (w, h) in OVERFLOW_RUNS])
def test_no_text_overflows_on_the_sites_pages(
    browser: Browser, site: SiteServer, page_errors: PageErrors, lang: str,
    size: tuple[int, int],
) -> None:
    """The game page (a game under way, with its menu open on a phone), every dialog of
    it (Your games listing stored games and a set-aside entry), the replay's and Resign's
    confirmation bars, the result of a game, Ancient's pass-the-device screen, the tile
    card of every tile of every variant, the Studio in every variant and its Play a step
    box, the rules, the wiki editors' page, a lesson and today's puzzle: no text wider
    than its box or the page, none cut inside its box, in every language and in the
    pseudo-locale (every message ~40 % longer)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=size[0] < 500, is_mobile=size[0] < 500)
    context.add_init_script(STORED_JS % json.dumps(stored_data()))
    folder = "" if lang == SOURCE else f"{lang}/"
    try:
        page = page_errors.watch(context.new_page())
        for name in (f"#{GAME}", "studio.html", "rules.html", "wiki-editors.html",
                     "learn.html#lesson=skud-harmony", "puzzles.html"):
            if lang not in (SOURCE, PSEUDO) and size == LAPTOP and name in LAPTOP_SKIPS:
                continue
            page.goto(f"{site.base_url}{folder}{name}")
            if not name.endswith(("rules.html", "wiki-editors.html")):
                wait_ready(page, page_errors)
            else:
                page.wait_for_load_state("load")
            where = f"{lang} {name} {size}"
            assert page.evaluate(OVERFLOW_JS) == [], where
            if name == "studio.html":
                _studio_fits(page, where)
            if not name.startswith("#"):
                continue
            if page.locator("#btn-menu").is_visible():
                page.click("#btn-menu")
                assert page.evaluate(OVERFLOW_JS) == [], f"{where} menu"
                page.keyboard.press("Escape")
            _dialogs_fit(page, where)
            _cards_fit(page, where)
            page.goto(f"{site.base_url}{folder}{SHARED}")  # (the page above: a bad link's)
            wait_ready(page, page_errors)
            _confirms_fit(page, where)
            page.wait_for_selector("#result-panel:not([hidden])")
            _fits(page, f"{where} result", ["main"], "#result-panel")
            _handover_fits(page, where)
    finally:
        context.close()
