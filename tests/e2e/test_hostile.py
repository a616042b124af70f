"""Hostile links and failures in the real page (issue #31): nothing takes a page down.

* A ``#3…`` set-up link the engine refuses (an Ancient seat to move no player holds, or a
  start of thousands of nested brackets) opens nothing and is never saved: a reload and
  a new tab boot, and the good game saved before is resumed, nothing lost.
* A failure injected into the game page's start-up (a test-only init script removes an
  element the page fills; the build ships no such hook) shows the failure box in plain
  words with Start fresh, which opens a new game and keeps every saved game in Your games.
* The page's decoders run in the page's own Pyodide (whose recursion limit is lower than
  CPython's) on the deep-nesting cases: each refuses them with its typed error.
* A checksum-valid demo link of thousands of nested brackets, opened in ``embed.html``
  and in ``studio.html`` and pasted into the live Studio, and nested links pasted into
  the live game page (its address bar and its Notation dialog), each show their plain
  message; the page stays ready and its next good action works.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import TILES_JS, PageErrors, SiteServer, goto_ready, new_watched_page, wait_ready
from hostile_links import demo_payload
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import demolink, link, starts
from paisho_core.registry import get_variant

GAME = "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8)"
MINE = json.dumps({
    "v": 2, "id": "mine", "variant": "skud", "options": [], "seed": None, "moves": GAME,
    "resigned": None, "computer": None, "created": 1, "updated": 2, "rev": "r1",
    "plies": 5, "over": False,
})
INDEX = json.dumps({"v": 2, "games": [
    {"id": "mine", "variant": "skud", "computer": None, "plies": 5, "updated": 2,
     "over": False, "rev": "r1"},
]})
BAD_START = starts.canonical({"setup": {"board": {}, "hands": ["Ja Ro", "Ja Ro"], "seat": 5}})
GOOD_START = {"setup": {"board": {}, "hands": ["Ja Ro", "Ja Ro"], "seat": 0}}


def link_with_start(text: str) -> str:
    """A checksum-valid ``#3…`` link whose packed start is ``text`` (a good game's link
    with its start swapped before the checksum is made)."""
    pack = starts.pack
    link.starts.pack = lambda _text: pack(text)  # type: ignore[assignment]
    try:
        return "#" + link.encode(starts.start_game("ancient", GOOD_START))
    finally:
        link.starts.pack = pack  # type: ignore[assignment]


HOSTILE_LINK = link_with_start(BAD_START)


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    yield ctx
    ctx.close()


def with_good_game(context: BrowserContext, site: SiteServer, errors: PageErrors) -> Page:
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url, errors)
    page.evaluate(
        "([game, index]) => { localStorage.clear(); sessionStorage.clear();"
        " localStorage.setItem('paisho.game.v2.mine', game);"
        " localStorage.setItem('paisho.games.v2', index); }",
        [MINE, INDEX],
    )
    return page


def actions(page: Page) -> int:
    return int(page.get_attribute("#board-holder", "data-actions") or 0)


def stored_starts(page: Page) -> list[str]:
    return list(page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('paisho.game.v2.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).start || '')"
    ))


def deep_setup_link(depth: int) -> str:
    """A checksum-valid ``#3…`` link (63 characters for ``depth`` 7990) whose packed start
    is ``depth`` nested brackets: the engine's start reader must refuse it unparsed."""
    return link_with_start('{"setup":' + "[" * depth + "]" * depth + "}")


@pytest.mark.parametrize(("hostile", "said", "stored"), [
    (HOSTILE_LINK, "P6", '"seat":5'),  # a seat to move no player holds
    (deep_setup_link(7990), "set-up position", "[[["),  # thousands of nested brackets
])
def test_a_refused_setup_link_is_never_saved_and_the_good_game_resumes(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, hostile: str,
    said: str, stored: str,
) -> None:
    page = with_good_game(context, site, page_errors)
    goto_ready(page, site.base_url + hostile, page_errors)
    notice = page.text_content("#notice-text") or ""
    assert said in notice, notice
    assert all(stored not in start for start in stored_starts(page))
    page.reload()
    wait_ready(page, page_errors)
    assert all(stored not in start for start in stored_starts(page))
    other = new_watched_page(context, page_errors)  # a new tab resumes the good game
    goto_ready(other, site.base_url, page_errors)
    assert actions(other) == 5
    assert other.evaluate("() => sessionStorage.getItem('paisho.tab.v2')") == "mine"


SABOTAGE = """
if (!location.search.includes('fresh')) {
  document.addEventListener('DOMContentLoaded', () => document.getElementById('players').remove());
}
"""
"""A test-only failure: the game page's start finds no players' panel to fill."""


def test_a_failed_start_shows_start_fresh_which_keeps_every_game(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page_errors.ignored.append("paisho: start failed")
    with_good_game(context, site, page_errors).close()
    page = new_watched_page(context, page_errors)
    page.add_init_script(SABOTAGE)
    page.goto(site.base_url)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'failed'")
    assert page.is_visible("#page-failure")
    text = page.text_content("#page-failure-text") or ""
    assert "could not start" in text and "Traceback" not in text
    page.click("#btn-start-fresh")
    wait_ready(page, page_errors)
    assert "fresh" not in page.url and actions(page) == 0
    assert page.is_hidden("#page-failure")
    page.click("#btn-games")
    listed = page.text_content("#games-list") or ""
    assert "5 moves" in listed  # the game that was being resumed is still there
    assert page.evaluate("() => localStorage.getItem('paisho.game.v2.mine')") == MINE


DECODERS = """() => window.__paishoPyodide.runPython(`
import json
from paisho_page.storage import safejson
from paisho_page.storage import aside
from paisho_page.storage import games_index
from paisho_page.storage import saves
from paisho_page.storage import schema
from paisho_page.sharing import decisions as sharing
from paisho_page.panels import balance as bp
deep = "[" * 100000
out = []
for name, read in [
    ("safejson", lambda t: safejson.loads(t)),
    ("game", lambda t: saves.parse_game(t)),
    ("index", lambda t: games_index.parse_index(t)),
    ("legacy", lambda t: saves.migrate_legacy(t, "a1", 1, None)),
]:
    for text in (deep, '{"a":' * 5000 + "1" + "}" * 5000, "[1e999]", "9" * 5000):
        try:
            read(text)
            out.append([name, "accepted"])
        except (safejson.BadJSON, schema.BadSave) as exc:
            out.append([name, type(exc).__name__])
out.append(["kept", sharing.parse_kept(deep)[1] is not None])
out.append(["best", bp.BestScores.read(deep)[1] is not None])
out.append(["setaside", aside.parse_set_aside(deep).raw == deep])
json.dumps(out)
`)"""


def test_the_page_decoders_refuse_deep_nesting_in_pyodide(
    page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    page_errors.watch(page)
    goto_ready(page, site.base_url, page_errors)
    results = json.loads(page.evaluate(DECODERS))
    assert results, "nothing ran"
    for name, outcome in results:
        assert outcome in ("BadJSON", "BadSave", True), (name, outcome)


SABOTAGE_WITH_LINK = """
if (window === window.top && location.hash.length > 1) {
  document.addEventListener('DOMContentLoaded', () => document.getElementById(%s)?.remove());
}
"""
"""A test-only failure of a page opened with a link: an element it wires is missing (in the
top page only: the Studio's preview frame, an ``embed.html#…``, loads untouched)."""


@pytest.mark.parametrize(("path", "element"), [
    ("embed.html#2abc", "btn-first"), ("studio.html#2abc", "studio-palette"),
    ("learn.html#lesson=skud-harmony", "board-holder"),
    ("puzzles.html#puzzle=skud-00000000", "board-holder"),
])
def test_the_embed_the_studio_and_the_lessons_fail_plainly_and_start_fresh(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, path: str, element: str
) -> None:
    """Each page opened with a link, its start failing: the failure box in plain words,
    and Start fresh opens the page without the link."""
    page_errors.ignored.append("paisho: start failed")
    page = new_watched_page(context, page_errors)
    page.add_init_script(SABOTAGE_WITH_LINK % json.dumps(element))
    page.goto(site.base_url + path)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'failed'")
    assert page.is_visible("#page-failure")
    assert "could not start" in (page.text_content("#page-failure-text") or "")
    page.click("#btn-start-fresh")
    wait_ready(page, page_errors)
    assert page.is_hidden("#page-failure")
    # the link is gone (the Learn and Puzzles pages then write their own place there)
    assert path.split("#", 1)[1] not in page.url or path.startswith("learn")
    assert "#" not in page.url or path.startswith(("learn", "puzzles"))


@pytest.mark.skipif(
    not hasattr(starts, "MAX_DEPTH"), reason="needs the engine's bounded start reader"
)
def test_a_deeply_nested_setup_link_is_refused_in_pyodide(
    page: Page, site: SiteServer, page_errors: PageErrors
) -> None:
    page_errors.watch(page)
    goto_ready(page, site.base_url, page_errors)
    probe = (
        "(text) => window.__paishoPyodide.runPython("
        "'from paisho_page.sharing import link_open\\n"
        "link_open.open_link(' + JSON.stringify(text) + ').error')"
    )
    error = page.evaluate(probe, deep_setup_link(7990))
    assert error and "set-up position" in error


NESTED_DEMO = "#demo=" + demo_payload('{"variant":"skud","start":' + "[" * 5000 + "]" * 5000 + "}")
"""A checksum-valid demo link (63 characters) whose demo is 5,000 nested brackets."""
NESTED_SAID = "nested too deeply"
GOOD_DEMO = demolink.fragment({
    "variant": "skud", "name": "skud-good", "title": "Good", "caption": "The start",
    "start": {"setup": {"tiles": {"(1,1)": "HR3", "(-3,2)": "GW5"}, "to_move": "host"}},
    "steps": [{"action": "(1,1)-(1,2)", "caption": "A move"}],
})


def ready(page: Page) -> bool:
    return page.evaluate("document.documentElement.dataset.engine") == "ready"


def test_a_nested_demo_link_in_the_embed_and_the_studio_shows_its_message(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """On load in ``embed.html`` and ``studio.html``, and pasted into the live Studio:
    the plain message, the page ready, and the next good link or button works."""
    assert len(NESTED_DEMO) < 80
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}embed.html{NESTED_DEMO}", page_errors)
    assert NESTED_SAID in (page.text_content("#message") or "") and ready(page)
    assert page.locator("img").count() == 0
    goto_ready(page, f"{site.base_url}studio.html{NESTED_DEMO}", page_errors)
    message = page.text_content("#studio-message") or ""
    assert message.startswith("That link cannot be opened") and NESTED_SAID in message
    page.fill("#studio-link-input", site.base_url + "embed.html" + GOOD_DEMO)
    page.press("#studio-link-input", "Enter")  # a good link opens after it
    page.wait_for_function("document.getElementById('studio-title').value === 'Good'")
    tiles = page.evaluate(TILES_JS)
    assert tiles == {"(1,1)": ["R3", "host"], "(-3,2)": ["W5", "guest"]}
    page.fill("#studio-link-input", site.base_url + "embed.html" + NESTED_DEMO)
    page.press("#studio-link-input", "Enter")  # pasted into the live Studio
    page.wait_for_function(
        "(said) => document.getElementById('studio-message').textContent.includes(said)",
        arg=NESTED_SAID)
    assert page.evaluate(TILES_JS) == tiles  # the work is kept
    assert ready(page) and page_errors.errors == []


def test_nested_links_pasted_into_the_live_game_page_show_their_message(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """A deep ``#3…`` set-up link pasted into the address bar (refused as any bad link
    is: an empty board shown, the good game kept in storage), then it and the nested
    demo link pasted into the Notation dialog (refused, the game shown unchanged): each
    in plain words, and a good link pasted after them opens."""
    with_good_game(context, site, page_errors)  # (its own fresh game stays its tab's)
    page = new_watched_page(context, page_errors)  # a new tab resumes the good game
    goto_ready(page, site.base_url, page_errors)
    assert actions(page) == 5
    deep = deep_setup_link(7990)
    page.evaluate("(hash) => { location.hash = hash; }", deep)  # the address bar
    page.wait_for_function(
        "() => document.getElementById('notice-text').textContent.includes('set-up position')")
    assert ready(page)
    assert page.evaluate("() => localStorage.getItem('paisho.game.v2.mine')") == MINE
    shown = actions(page)
    page.click("#btn-notation")
    page.wait_for_selector("#notation-dialog[open]")
    for pasted, said in [(site.base_url + deep, "set-up position"),
                         (site.base_url + NESTED_DEMO, "could not be opened")]:
        page.fill("#notation-text", pasted)
        page.click("#btn-notation-import")
        page.wait_for_function(
            "(said) => document.getElementById('notation-error').textContent.includes(said)",
            arg=said)
        assert ready(page) and actions(page) == shown
    good = get_variant("wiki")(())
    good.play("Ja(0,-8)")
    page.fill("#notation-text", site.base_url + "#" + link.encode(good))
    page.click("#btn-notation-import")
    page.wait_for_selector("#notation-dialog", state="hidden")
    page.wait_for_function("() => document.getElementById('board-holder').dataset.actions"
                           " === '1'")
    assert ready(page) and page_errors.errors == []
