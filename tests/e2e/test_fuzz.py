"""In-page fuzzing (issue 13): Hypothesis-generated URL fragments, notation texts and
saved data, fed to the real page.

Every example must leave the page with no uncaught error and no console error, nothing
injected (no new element outside the page's dynamic containers, no ``img``/``iframe``/
inline handler, the hostile payloads' ``window.__pwned`` unset), and the game in
progress intact: the saved game ``mine`` keeps its moves, and a refused import leaves
the page's game as it was.  Bounded (``max_examples`` per kind) so the module runs in
about a minute here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page

from paisho_core import link
from paisho_core.skud import SkudGame

GAME = "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8)"
MINE = "mine"
MINE_RECORD = json.dumps(
    {
        "v": 2, "id": MINE, "variant": "skud", "options": [], "seed": None, "moves": GAME,
        "resigned": None, "computer": None, "created": 1, "updated": 2, "rev": "r1",
        "plies": 5, "over": False,
    }
)  # fmt: skip

SETTINGS = settings(
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HOSTILE = [
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=1</script>",
    '"><svg onload="window.__pwned=1">',
    "<iframe src=javascript:window.__pwned=1>",
    "javascript:window.__pwned=1",
    "{{7*7}}${7*7}",
    "\u202e\u0000\ufffd",
]
GOOD_LINK = link.fragment_for(SkudGame.from_text(GAME)).removeprefix("#")

DYNAMIC = [
    "#board-holder", "#players", "#move-list", "#accent-pool", "#balance-panel",
    "#games-list", "#setaside-list", "select", "#option-fields", "#replay",
]  # fmt: skip
"""Containers the page fills itself: elements inside them may come and go."""

SHAPE_JS = """(dynamic) => {
  const fixed = [...document.body.querySelectorAll('*')].filter(e =>
    !dynamic.some(s => { const c = e.parentElement && e.parentElement.closest(s); return c; }));
  const handlers = [...document.querySelectorAll('*')].filter(e =>
    [...e.attributes].some(a => a.name.toLowerCase().startsWith('on'))).length;
  return {
    fixed: fixed.map(e => e.tagName + '#' + e.id).join(' '),
    handlers,
    dangerous: document.querySelectorAll(
      'img, iframe, object, embed, body script:not([type=py])').length,
    pwned: window.__pwned === 1,
  };
}"""

MINE_JS = f"""() => {{
  const raw = localStorage.getItem('paisho.game.v2.{MINE}');
  return raw ? JSON.parse(raw).moves : null;
}}"""


class Fuzzed:
    """The one page the fuzzing runs in, and what it looked like at the start."""

    def __init__(self, page: Page, errors: PageErrors, url: str) -> None:
        """Remember the page, its address and its clean shape."""
        self.page = page
        self.url = url
        self.errors = errors
        self.dialogs: list[str] = []
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.shape = page.evaluate(SHAPE_JS, DYNAMIC)

    def start(self) -> None:
        """Forget what an earlier example left (so that shrinking sees its own errors)."""
        self.errors.errors.clear()
        self.dialogs.clear()

    def check(self) -> None:
        """No error, nothing injected, the saved game ``mine`` intact."""
        assert not self.errors.errors, self.errors.errors
        shape = self.page.evaluate(SHAPE_JS, DYNAMIC)
        assert shape == self.shape
        assert not self.dialogs
        assert self.page.evaluate(MINE_JS) == GAME
        assert self.page.evaluate("document.documentElement.dataset.engine") == "ready"


def moves_shown(page: Page) -> list[str]:
    return list(
        page.eval_on_selector_all("#move-list li[data-ply]", "e => e.map(x => x.textContent)")
    )


def reset_to_mine(page: Page, errors: PageErrors, url: str) -> None:
    """Storage holds only the game ``mine``, this tab's game; reload into it."""
    page.evaluate(
        """([key, raw]) => { location.hash = ''; localStorage.clear();
        localStorage.setItem(key, raw); sessionStorage.setItem('paisho.tab.v2', 'mine'); }""",
        [f"paisho.game.v2.{MINE}", MINE_RECORD],
    )
    goto_ready(page, url, errors)  # not reload(): the address holds the game's link


@pytest.fixture(scope="module")
def fuzzed(browser: Browser, site: SiteServer) -> Iterator[Fuzzed]:
    errors = PageErrors()
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url, errors)
    reset_to_mine(page, errors, site.base_url)
    assert moves_shown(page) == GAME.split(";")
    yield Fuzzed(page, errors, site.base_url)
    context.close()


# ----------------------------------------------------------------------------- strategies
text = st.text(max_size=300)
hostile = st.sampled_from(HOSTILE)
fragments = st.one_of(
    text,
    hostile,
    st.builds(lambda t, h: t + h, text, hostile),
    st.text(alphabet=link.ALPHABET, max_size=200).map(lambda t: "1" + t),
    st.integers(0, len(GOOD_LINK)).map(lambda n: GOOD_LINK[:n]),
    st.builds(lambda n, t: GOOD_LINK[:n] + t, st.integers(0, len(GOOD_LINK)), text),
)
plies = st.sampled_from([*GAME.split(";"), "2H.(0,8)-(-2,6)", "3G.R5(0,8)", "9Z.zz", "0H.resign"])
notations = st.one_of(
    text,
    hostile,
    st.lists(st.one_of(plies, hostile, text), max_size=12).map(";".join),
    st.builds(lambda t, h: t + h, st.lists(plies, max_size=8).map(";".join), hostile),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40) | hostile,
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)
    ),
    max_leaves=12,
)
records = st.fixed_dictionaries(
    {
        "v": st.sampled_from([1, 2, 3, "2", None]),
        "id": st.sampled_from(["zz1", MINE, "<b>", "", None]),
        "variant": st.sampled_from(["skud", "balance", "chess", "", None, 1]),
        "options": st.one_of(st.lists(st.sampled_from(["no-wheels", "fly", "<b>"])), json_values),
        "seed": st.one_of(
            st.none(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=5)
        ),
        "moves": notations,
        "resigned": st.one_of(st.none(), st.integers(-3, 9), st.floats()),
        "computer": st.one_of(st.none(), st.integers(-3, 9)),
        "rev": st.one_of(st.text(max_size=6), st.none()),
    }
).map(lambda d: json.dumps(d).replace("Infinity", "1e999"))
blobs = st.one_of(
    text,
    hostile,
    records,
    json_values.map(lambda v: json.dumps(v).replace("Infinity", "1e999")),
    st.integers(1, 30_000).map(lambda n: "[" * n),
    st.integers(1, 5_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 5_000).map(lambda n: '{"v":2,"games":' + "[" * n),
)
keys = st.sampled_from(
    [
        "paisho.save.v1",
        "paisho.games.v2",
        "paisho.game.v2.zz1",
        "paisho.game.v2.<img>",
        "paisho.kept.v1",
        "paisho.balance.best.v1",
        "paisho.computer.v1",
        "paisho.computer.nodes.v1",
        "paisho.seal.v1",
        "paisho.setaside.v1.zz2",
    ]
)


# ----------------------------------------------------------------------------- the fuzzing
@settings(SETTINGS, max_examples=30)
@given(fragment=fragments)
def test_fragments(fuzzed: Fuzzed, fragment: str) -> None:
    fuzzed.start()
    fuzzed.page.evaluate(
        """(h) => new Promise(done => {
          addEventListener('hashchange', () => setTimeout(done, 50), {once: true});
          setTimeout(done, 1500);
          location.hash = h;
        })""",
        fragment,
    )
    fuzzed.check()


@settings(SETTINGS, max_examples=30)
@given(notation=notations)
def test_notation(fuzzed: Fuzzed, notation: str) -> None:
    fuzzed.start()
    page = fuzzed.page
    before = moves_shown(page)
    page.click("#btn-notation")
    page.fill("#notation-text", notation)
    page.click("#btn-notation-import")
    if page.evaluate("document.getElementById('notation-dialog').open"):
        assert moves_shown(page) == before  # refused: the game on the page is unchanged
        assert page.text_content("#notation-error")
        page.click("#btn-notation-close")
    fuzzed.check()


@settings(SETTINGS, max_examples=12)  # each reloads the page; test_storage has the cases
@given(key=keys, blob=blobs)
def test_saved_data(fuzzed: Fuzzed, key: str, blob: str) -> None:
    fuzzed.start()
    page = fuzzed.page
    page.evaluate(
        """([key, raw, mine, record]) => { location.hash = ''; localStorage.clear();
        localStorage.setItem(mine, record); localStorage.setItem(key, raw);
        sessionStorage.setItem('paisho.tab.v2', 'mine'); }""",
        [key, blob, f"paisho.game.v2.{MINE}", MINE_RECORD],
    )
    goto_ready(page, fuzzed.url, fuzzed.errors)
    fuzzed.check()
    if key != "paisho.save.v1":  # a good old save becomes this tab's game when migrated
        assert moves_shown(page) == GAME.split(";")
    # whatever was not used is kept: the raw text is still in storage somewhere
    kept = page.evaluate(
        """(raw) => Object.keys(localStorage).some(k => localStorage.getItem(k) === raw
          || (k.startsWith('paisho.setaside.v1.')
              && JSON.parse(localStorage.getItem(k)).raw === raw))""",
        blob,
    )
    assert kept or key in ("paisho.save.v1", "paisho.games.v2", "paisho.game.v2.zz1")
