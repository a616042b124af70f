"""The page's decoders, fuzzed in the page's own Pyodide (whose recursion limit and stack
are smaller than CPython's): a few hundred generated hostile payloads, each giving a
typed refusal or an accepted value — and the very verdict and words CPython gives.

The payloads are the decoders' fuzz corpus (``tests/support/hostile_inputs.py``): game
and set-up links and demo links framed with the codecs' own checksums (so they reach the
hostile content), notation, and storage texts for every stored record's reader (saved
games, the list of games, kept games, best scores, set-aside entries, the lessons'
progress, the puzzle record, the review's kept evaluations, and the settings: the
computer's seat, level and node budget, the coordinates, the chosen language).  Each is given to
the page's own opener or reader (:data:`PROBE`, run in Pyodide through the
``window.__paishoPyodide`` hook, and in this CPython), which reports what it made of it;
an exception escaping a decoder is reported as ``raised`` and fails the test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PageErrors, SiteServer, goto_ready, new_watched_page
from hostile_inputs import (
    ANY_JSON,
    DEMO_TEXTS,
    HOSTILE_TEXTS,
    NOTATION,
    NUMBERS,
    VARIANT_AND_START,
    VARIANTS,
)
from hostile_links import demo_payload, game_payload, setup_payload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page

from paisho_core.registry import get_variant

pytestmark = pytest.mark.e2e

PROBE = '''
import json
from paisho_page.sharing import link_open
from paisho_page.sharing import notation
from paisho_page.storage import safejson
from paisho_page.storage import aside
from paisho_page.storage import games_index
from paisho_page.storage import saves
from paisho_page.storage import schema
from paisho_page.sharing import decisions as sharing
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.panels.balance import BestScores
from paisho_page.learn.progress import Progress
from paisho_page.puzzles.record import Record
from paisho_page.review import keep as review_keep
from paisho_page.computer import worker_client
from paisho_page.play.board_view import coords_shown
from paisho_page.words.i18n import negotiate
from paisho_core.registry import get_variant


def fuzz_probe(kind, text):
    """What the page's decoder of ``kind`` makes of ``text``: [verdict, words]."""
    try:
        if kind == "link":
            opened = link_open.open_link(text)
            return ["ok" if opened.ok else "refused", opened.error or ""]
        if kind == "demo":
            model = EmbedModel({"demo": text})
            return ["refused" if model.failed else "ok", model.message]
        if kind == "notation":
            variant, body = text.split("|", 1)
            seed = 1 if get_variant(variant).info.uses_seed else None
            imported = notation.import_notation(variant, body, (), seed)
            return ["ok" if imported.error is None else "refused", imported.error or ""]
        if kind == "game":
            try:
                saved = saves.parse_game(text)
            except schema.BadSave as exc:
                return ["refused", str(exc)]
            restored = saves.restore(saved)
            return ["ok", restored.game.to_text()]
        if kind == "index":
            try:
                return ["ok", str(len(games_index.parse_index(text)))]
            except schema.BadSave as exc:
                return ["refused", str(exc)]
        if kind == "kept":
            kept, why = sharing.parse_kept(text)
            return ["ok" if why is None else "refused", why or str(len(kept))]
        if kind == "best":
            _table, why = BestScores.read(text)
            return ["ok" if why is None else "refused", why or ""]
        if kind == "setaside":
            item = aside.parse_set_aside(text)
            return ["ok", item.reason]
        if kind == "learn":
            progress, why = Progress.read(text)
            return ["ok" if why is None else "refused", why or progress.to_json()]
        if kind == "puzzles":
            record, why = Record.read(text)
            return ["ok" if why is None else "refused", why or record.to_json()]
        if kind == "review":
            kept = review_keep.read(text)
            return ["ok", " ".join(kept) + " " + review_keep.merged(text, {})[:200]]
        if kind == "settings":
            return ["ok", json.dumps([
                worker_client.parse_seat(text), worker_client.parse_level(text),
                worker_client.parse_nodes(text), coords_shown(text), negotiate(None, text)])]
        if kind == "json":
            try:
                return ["ok", json.dumps(safejson.loads(text))[:200]]
            except safejson.BadJSON as exc:
                return ["refused", str(exc)]
        return ["raised", "unknown kind " + kind]
    except schema.BadSave as exc:  # a damaged save is refused by restore too
        return ["refused", str(exc)]
    except Exception as exc:
        return ["raised", type(exc).__name__ + ": " + str(exc)[:200]]


def fuzz_probe_all(batch):
    return json.dumps([fuzz_probe(kind, text) for kind, text in json.loads(batch)])
'''
"""The page's decoders as the test calls them (the same source in Pyodide and CPython)."""

RUN_JS = """(batch) => {
  const py = window.__paishoPyodide;
  py.globals.set('fuzz_batch', batch);
  return py.runPython('fuzz_probe_all(fuzz_batch)');
}"""

SETTINGS = settings(deadline=None, database=None, max_examples=15,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

_LOCAL: dict[str, Any] = {}
exec(compile(PROBE, "probe", "exec"), _LOCAL)  # (the same source as in the page)


@pytest.fixture(scope="module")
def pyodide_page(browser: Browser, site: SiteServer) -> Iterator[Page]:
    errors = PageErrors()
    context = browser.new_context()
    page = new_watched_page(context, errors)
    goto_ready(page, site.base_url, errors)
    page.evaluate("(code) => window.__paishoPyodide.runPython(code)", PROBE)
    yield page
    assert errors.errors == [], errors.errors
    context.close()


def _set_up(draw: st.DrawFn) -> str:
    variant, text = draw(VARIANT_AND_START)
    info = get_variant(variant).info
    players = draw(st.integers(info.min_players, info.max_players))
    return "#" + setup_payload(variant, text, players=players, seed=draw(NUMBERS),
                               count=draw(st.integers(0, 3)), options=draw(st.integers(0, 6)))


def _game_link(draw: st.DrawFn) -> str:
    actions = draw(st.integers(0, 2**200))
    return "#" + game_payload(
        draw(VARIANTS), options=draw(st.integers(0, 2**80)),
        int_options=draw(st.lists(st.integers(0, 2**40), max_size=3)), seed=draw(NUMBERS),
        players=draw(st.integers(0, 6)), count=draw(st.integers(0, 8)),
        actions=[(actions, actions + 1)])


RECORD = st.fixed_dictionaries(
    {"v": st.sampled_from([2, 2, 1, "2"]), "id": st.sampled_from(["g1", "", "<b>"]),
     "variant": st.one_of(VARIANTS, ANY_JSON)},
    optional={"options": ANY_JSON, "seed": st.one_of(NUMBERS, ANY_JSON),
              "moves": st.one_of(NOTATION, ANY_JSON), "resigned": st.one_of(NUMBERS, ANY_JSON),
              "players": st.one_of(NUMBERS, ANY_JSON), "start": st.one_of(
                  VARIANT_AND_START.map(lambda vs: vs[1]), ANY_JSON),
              "computers": ANY_JSON, "level": ANY_JSON, "sealed": ANY_JSON},
).map(json.dumps)
STORED = st.one_of(HOSTILE_TEXTS, ANY_JSON.map(json.dumps), RECORD)
LESSON = st.one_of(st.sampled_from(["skud-board", "x y", "Skud", "z" * 61]), ANY_JSON)
LEARN = st.fixed_dictionaries({"v": st.sampled_from([1, 1, 2, "1"])}, optional={
    "done": st.one_of(st.lists(LESSON, max_size=3), ANY_JSON),
    "at": st.one_of(st.dictionaries(st.sampled_from(["skud-board", "x y", ""]),
                                    st.one_of(NUMBERS, ANY_JSON), max_size=3), ANY_JSON),
    "last": LESSON, "offer": st.one_of(st.just("dismissed"), ANY_JSON),
}).map(json.dumps)
PUZZLE_ID = st.one_of(st.sampled_from(["skud-1a2b3c4d", "SKUD-1A2B3C4D", "a-1"]), ANY_JSON)
PUZZLES = st.fixed_dictionaries({"v": st.sampled_from([1, 1, 2, "1"])}, optional={
    "rating": st.one_of(st.sampled_from([399, 400, 1260, 3000, 3001]), NUMBERS, ANY_JSON),
    "played": st.one_of(NUMBERS, ANY_JSON),
    "solved": st.one_of(st.lists(PUZZLE_ID, max_size=3), ANY_JSON),
    "failed": st.one_of(st.lists(PUZZLE_ID, max_size=3), ANY_JSON),
}).map(json.dumps)
REVIEW = st.fixed_dictionaries({"v": st.sampled_from([1, 1, 2])}, optional={
    "kept": st.one_of(st.dictionaries(st.sampled_from(["0" * 32, "f" * 32, "x", "F" * 32]),
                                      ANY_JSON, max_size=3), ANY_JSON),
}).map(json.dumps)
SETTINGS_TEXT = st.one_of(st.sampled_from(
    ["0", "1", "3", "-1", "none", "", "easy", "hard", "HARD", "100000", "1e3", "ru", "fy-NL",
     " 1", "1\n", "\u0661"]), st.text(max_size=12), HOSTILE_TEXTS)
OWN_RECORDS = {"learn": LEARN, "puzzles": PUZZLES, "review": REVIEW, "settings": SETTINGS_TEXT}
"""Near-valid records for the readers that have a record of their own."""


@st.composite
def payloads(draw: st.DrawFn) -> list[str]:
    """One hostile payload for one of the page's decoders: ``[kind, text]``."""
    kind = draw(st.sampled_from(["link", "link", "demo", "notation", "game", "index",
                                 "kept", "best", "setaside", "json", "learn", "puzzles",
                                 "review", "settings"]))
    if kind == "link":
        return [kind, draw(st.sampled_from([_set_up, _game_link]))(draw)]
    if kind == "demo":
        return [kind, demo_payload(draw(DEMO_TEXTS))]
    if kind == "notation":
        return [kind, f"{draw(VARIANTS)}|{draw(NOTATION)}"]
    if kind in OWN_RECORDS and draw(st.booleans()):
        return [kind, draw(OWN_RECORDS[kind])]
    return [kind, draw(STORED)]


@SETTINGS
@given(st.lists(payloads(), min_size=20, max_size=20))
def test_the_page_decoders_refuse_or_accept_in_pyodide_as_in_cpython(
    pyodide_page: Page, batch: list[list[str]]
) -> None:
    """Fifteen batches of twenty: three hundred payloads in the page's Pyodide."""
    text = json.dumps(batch)
    there = json.loads(pyodide_page.evaluate(RUN_JS, text))
    here = json.loads(_LOCAL["fuzz_probe_all"](text))
    for (kind, payload), got, want in zip(batch, there, here, strict=True):
        assert got[0] != "raised", (kind, payload[:200], got)
        assert want[0] != "raised", (kind, payload[:200], want)
        assert got == want, (kind, payload[:200], got, want)
