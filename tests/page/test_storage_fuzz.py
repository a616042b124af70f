"""Every record the site keeps in storage, fuzzed with hostile JSON (issue #31).

For each storage key the site writes — games, the list of games, the old single save,
kept games, set-aside entries, Balance's best scores, the lessons' progress, the puzzle
record, the review's evaluations, the computer's seat, level and node budget, the
coordinates setting, the chosen language, the sealing key, the tab's game id, the failed
start mark — Hypothesis generates hostile text (deep nesting, huge numbers, wrong
types, out-of-range values, duplicate keys, long strings) and near-valid records with
one field made hostile.  Property: the reader returns a valid value or refuses with a
typed error / sets the data aside with a message — never another exception, and within
Hypothesis' deadline (no hang); what a store writes back over damaged data reads again
without a problem.  Start-up over a storage full of such data never raises.
"""

from __future__ import annotations

import json
from typing import Any

from dict_storage import DictStorage
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from paisho_core.errors import PaiShoError
from paisho_page.base import page_guard
from paisho_page.computer import worker_client as wc
from paisho_page.learn import progress as learn
from paisho_page.panels import balance as bp
from paisho_page.panels.balance_page import BEST_KEY, BestStore
from paisho_page.play import board_view
from paisho_page.puzzles import rating as elo
from paisho_page.puzzles import record as puzzles
from paisho_page.review import keep as review_keep
from paisho_page.review.panel import ReviewPanel
from paisho_page.sharing import decisions as sharing
from paisho_page.storage import aside, game_store, games_index, kept_store, saves, schema, seal
from paisho_page.storage.game_store import GameStore
from paisho_page.storage.records import game_of_record
from paisho_page.words import i18n

FUZZ = settings(max_examples=60, deadline=3000, suppress_health_check=[HealthCheck.too_slow])

HUGE_NUMBERS = st.sampled_from(
    [2**64, -(2**63) - 1, 10**400, 1e308, -0.0, 3.5, 2**53 + 1, -1, 0, 7, 99]
)
SCALARS = st.one_of(
    st.none(), st.booleans(), HUGE_NUMBERS, st.integers(), st.floats(allow_nan=False),
    st.text(max_size=30), st.sampled_from(["x" * 5000, "\u202e\u0000\ufffd", "P6", "{", "["]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def nested(depth: int, kind: str) -> str:
    return (kind * depth) + ("]" if kind == "[" else "}") * depth


HOSTILE_TEXT = st.one_of(
    st.text(max_size=60),
    VALUES.map(json.dumps),
    st.builds(nested, st.integers(10, 30_000), st.sampled_from(["["])),
    st.integers(10, 5000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.sampled_from([
        '{"v":2,"v":3}', '{"id":"a","id":"b"}', "1e999", "-1e999", "NaN", "Infinity",
        "9" * 5000, '"' + "x" * 100_000 + '"', "[1e400]", '{"moves":' + '"1,"' * 3 + "}",
        "\ud800", "null", "true", "[]", "{}",
    ]),
)

GOOD_GAME = {
    "v": 2, "id": "g1", "variant": "skud", "options": [], "seed": None,
    "moves": "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8)", "resigned": None, "computer": None,
    "created": 1, "updated": 2, "rev": "r1", "plies": 3, "over": False,
}
ANCIENT_GAME = {
    "v": 2, "id": "g1", "variant": "ancient", "options": [], "seed": 7, "moves": "",
    "players": 2, "created": 1, "updated": 2, "rev": "r1", "plies": 0, "over": False,
    "start": json.dumps({"setup": {"board": {}, "hands": ["Ja Ro", "Ja Ro"], "seat": 0}}),
}
GOOD_INDEX = {"v": 2, "games": [
    {"id": "g1", "variant": "skud", "computer": None, "plies": 3, "updated": 2,
     "over": False, "rev": "r1"}
]}


@st.composite
def near_valid(draw: st.DrawFn, base: dict[str, Any]) -> str:
    """``base`` with one field (or one nested field) replaced by a hostile value."""
    record = json.loads(json.dumps(base))
    field = draw(st.sampled_from([*record, "extra"]))
    record[field] = draw(VALUES)
    if field == "start" and draw(st.booleans()):
        start = {"setup": {"board": {}, "hands": ["Ja Ro", "Ja Ro"], "seat": 0}}
        start["setup"][draw(st.sampled_from(["seat", "board", "hands", "target", "pile"]))] = (
            draw(VALUES)
        )
        record[field] = json.dumps(start)
    return json.dumps(record)


GAME_TEXT = st.one_of(HOSTILE_TEXT, near_valid(GOOD_GAME), near_valid(ANCIENT_GAME))


@FUZZ
@given(GAME_TEXT)
def test_a_stored_game_is_read_or_refused(raw: str) -> None:
    store = GameStore(DictStorage())
    try:
        saved = saves.parse_game(raw, "g1")
        store.load("g1", raw)
    except schema.BadSave as exc:
        assert str(exc)
    else:
        assert saved.id == "g1"


@FUZZ
@given(st.one_of(HOSTILE_TEXT, near_valid(GOOD_INDEX)))
def test_the_list_of_games_is_read_or_refused(raw: str) -> None:
    try:
        entries = games_index.parse_index(raw)
    except schema.BadSave as exc:
        assert str(exc)
    else:
        assert all(schema.valid_id(e.id) for e in entries)


@FUZZ
@given(st.one_of(HOSTILE_TEXT, near_valid({k: v for k, v in GOOD_GAME.items() if k != "v"})))
def test_the_old_single_save_is_migrated_or_refused(raw: str) -> None:
    try:
        saves.migrate_legacy(raw, "g2", 5, None)
    except schema.BadSave as exc:
        assert str(exc)


@FUZZ
@given(st.one_of(HOSTILE_TEXT, near_valid({"key": "k", "reason": "r", "when": 1, "raw": "x"})))
def test_a_set_aside_entry_is_always_listed(raw: str) -> None:
    item = aside.parse_set_aside(raw)
    assert isinstance(item.raw, str) and isinstance(item.reason, str)


@FUZZ
@given(st.one_of(HOSTILE_TEXT, st.lists(st.one_of(VALUES, near_valid(GOOD_GAME).map(
    json.loads)), max_size=3).map(json.dumps)))
@example(json.dumps([{**GOOD_GAME, "v": None},
                     {**GOOD_GAME, "options": 2**64}]))  # options not a list
def test_kept_games_are_read_resumed_or_set_aside(raw: str) -> None:
    storage = DictStorage()
    storage.data[kept_store.KEPT_KEY] = raw
    kept, reason = sharing.parse_kept(raw)
    assert isinstance(kept, list) and (reason is None or reason)
    for record in kept:
        try:
            game_of_record(record)
        except PaiShoError as exc:
            assert str(exc)
    store = kept_store.KeptStore(storage)
    store.resume(game_of_record(json.loads(json.dumps(GOOD_GAME))))


@FUZZ
@given(st.one_of(HOSTILE_TEXT, st.dictionaries(st.sampled_from(
    ["best", "daily", "played", "last", "v"]), VALUES, max_size=5).map(json.dumps)))
def test_best_scores_are_read_or_set_aside(raw: str) -> None:
    table, problem = bp.BestScores.read(raw)
    assert problem is None or problem
    storage = DictStorage()
    storage.data[BEST_KEY] = raw
    BestStore(storage).load()
    bp.BestScores.read(storage.data[BEST_KEY])  # what was stored back reads again
    assert table.to_json()


@FUZZ
@given(st.one_of(HOSTILE_TEXT, st.none()))
def test_settings_and_marks_are_read_or_ignored(raw: str | None) -> None:
    seat = wc.parse_seat(raw)
    assert seat is None or isinstance(seat, int)
    assert wc.parse_level(raw) in (None, "easy", "medium", "hard")
    nodes = wc.parse_nodes(raw)
    assert nodes is None or 1 <= nodes <= wc.MAX_NODES
    assert board_view.coords_shown(raw) in (True, False)
    assert seal.valid_key(raw) in (True, False)
    storage = DictStorage()
    storage.tab = raw
    assert game_store.tab_id(storage) is None or schema.valid_id(raw)


REVIEWED = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"


@FUZZ
@given(st.one_of(HOSTILE_TEXT, st.dictionaries(st.sampled_from(["v", "kept"]), VALUES,
                                               max_size=2).map(json.dumps)))
def test_kept_review_evaluations_are_read_or_dropped(raw: str) -> None:
    """The review's cache (paisho.review.v1): read as nothing or as well-formed entries,
    merged over, and a review resumed from it never raises."""
    from paisho_core.skud import SkudGame

    kept = review_keep.read(raw)
    assert all(isinstance(value, dict) for value in kept.values())
    assert review_keep.read(review_keep.merged(raw, {})) == kept
    game = SkudGame.from_text(REVIEWED)
    panel = ReviewPanel()
    panel.resume(game, kept, nodes=20)
    panel.marks(game)
    panel.shown(game, 1, False)

# ----------------------------------------------------------------------------- lessons, puzzles
LESSON_NAMES = st.one_of(st.sampled_from(
    ["skud-board", "skud-harmony", "a", "z" * 60, "z" * 61, "Skud-board", "-x", "skud-board\n",
     "skud board", ""]), VALUES)
GOOD_PROGRESS = {"v": 1, "done": ["skud-board"], "at": {"skud-harmony": 2},
                 "last": "skud-harmony", "offer": "dismissed"}
PROGRESS_TEXT = st.one_of(
    HOSTILE_TEXT, near_valid(GOOD_PROGRESS),
    st.fixed_dictionaries({}, optional={
        "v": st.one_of(st.just(1), VALUES), "done": st.lists(LESSON_NAMES, max_size=4),
        "at": st.dictionaries(st.text(max_size=8) | LESSON_NAMES.filter(
            lambda n: isinstance(n, str)), st.sampled_from(
            [-1, 0, learn.MAX_TASK, learn.MAX_TASK + 1, True, 2.0, 2**64]), max_size=3),
        "last": LESSON_NAMES, "offer": st.sampled_from(["dismissed", "x", None, 1, True]),
    }).map(json.dumps),
)


@FUZZ
@given(PROGRESS_TEXT)
@example(json.dumps({"v": 1, "done": [f"l{i}" for i in range(learn.MAX_LESSONS)],
                     "at": {f"m{i}": 1 for i in range(learn.MAX_LESSONS)}}))  # at the bound
@example(json.dumps({"v": 1, "done": [f"l{i}" for i in range(learn.MAX_LESSONS + 1)],
                     "at": {f"m{i}": 1 for i in range(learn.MAX_LESSONS)}}))  # past it
def test_the_lessons_progress_is_read_or_set_aside_and_what_is_stored_back_reads(
    raw: str,
) -> None:
    """``paisho.learn.v1``: a progress (the good parts) and at most one plain problem;
    a damaged entry is set aside once, its good parts stored back and read again
    without a problem; a later write keeps them."""
    progress, problem = learn.Progress.read(raw)
    assert problem is None or (isinstance(problem, str) and problem)
    storage = DictStorage()
    storage.data[learn.KEY] = raw
    store = learn.ProgressStore(storage)
    loaded, notice = store.load()
    assert loaded == progress
    assert (notice is None) == (problem is None or not raw), (problem, notice)
    again, problem_again = learn.Progress.read(storage.data[learn.KEY])
    assert again == progress and (problem is None or problem_again is None)
    if problem is not None and raw:
        assert any(k.startswith(aside.SETASIDE_PREFIX) for k in storage.data)
        assert store.load() == (progress, None)  # told once
    saved = store.save(learn.Progress().reach("skud-board", 1))
    stored, problem_stored = learn.Progress.read(storage.data[learn.KEY])
    assert problem_stored is None and stored.done <= saved.done  # (cut past its bound)
    assert saved.reached("skud-board") >= 1 and progress.done <= saved.done


PUZZLE_IDS = st.one_of(st.sampled_from(
    ["skud-1a2b3c4d", "wiki-0000ffff", "a" * 20 + "-00000000", "a" * 21 + "-00000000",
     "SKUD-1A2B3C4D", "skud-1a2b3c4d\n", "skud-1a2b3c4", "-00000000"]), VALUES)
GOOD_PUZZLES = {"v": 1, "rating": 1260, "played": 7, "solved": ["skud-1a2b3c4d"],
                "failed": ["wiki-0000ffff"]}
BOUNDS = st.sampled_from([elo.FLOOR - 1, elo.FLOOR, elo.START, elo.CEILING, elo.CEILING + 1,
                          -1, 0, puzzles.MAX_PLAYED, puzzles.MAX_PLAYED + 1, True, 1260.0,
                          2**64])
PUZZLES_TEXT = st.one_of(
    HOSTILE_TEXT, near_valid(GOOD_PUZZLES),
    st.fixed_dictionaries({}, optional={
        "v": st.one_of(st.just(1), VALUES), "rating": BOUNDS, "played": BOUNDS,
        "solved": st.lists(PUZZLE_IDS, max_size=4), "failed": st.lists(PUZZLE_IDS, max_size=4),
    }).map(json.dumps),
)


@FUZZ
@given(PUZZLES_TEXT)
@example(json.dumps({**GOOD_PUZZLES, "solved": [f"s-{i:08x}" for i in range(puzzles.MAX_IDS)]}))
def test_the_puzzle_record_is_read_or_set_aside_and_what_is_stored_back_reads(
    raw: str,
) -> None:
    """``paisho.puzzles.v1``: a record (the good parts) and at most one plain problem;
    a damaged entry is set aside once, its good parts stored back and read again without
    a problem; a later result is kept."""
    record, problem = puzzles.Record.read(raw)
    assert problem is None or (isinstance(problem, str) and problem)
    assert elo.FLOOR <= record.rating <= elo.CEILING and not record.solved & record.failed
    storage = DictStorage()
    storage.data[puzzles.KEY] = raw
    store = puzzles.RecordStore(storage)
    loaded, notice = store.load()
    assert loaded == record
    assert (notice is None) == (problem is None or not raw), (problem, notice)
    again, problem_again = puzzles.Record.read(storage.data[puzzles.KEY])
    assert again == record and (problem is None or problem_again is None)
    if problem is not None and raw:
        assert any(k.startswith(aside.SETASIDE_PREFIX) for k in storage.data)
        assert store.load() == (record, None)  # told once
    saved = store.save(record.result("ancient-0badc0de", 1500, True))
    stored, problem_stored = puzzles.Record.read(storage.data[puzzles.KEY])
    assert problem_stored is None and stored.solved <= saved.solved  # (cut past its bound)
    assert "ancient-0badc0de" in saved.solved and record.solved <= saved.solved


# ----------------------------------------------------------------------------- language
@FUZZ
@given(st.one_of(HOSTILE_TEXT, st.none(), st.sampled_from(
    [*i18n.LANGUAGES, "RU", "ru-RU", "ru_RU", "fy-NL", " ru ", "xx", "r", "ru\u0000", "-ru"])),
    st.one_of(st.none(), st.sampled_from(["", "ru", "xx"])),
    st.lists(st.one_of(st.text(max_size=8), st.sampled_from(["fy", "ru-RU"])), max_size=3))
def test_the_stored_language_picks_a_shipped_language_or_is_ignored(
    stored: str | None, param: str | None, browser: list[str]
) -> None:
    """``paisho.lang.v1``: whatever is stored, the page's language is a shipped one; a
    stored shipped language (any case, with or without a region) is chosen unless a
    ``lang=`` parameter names a shipped one; anything else stored is ignored."""
    chosen = i18n.negotiate(param, stored, browser)
    assert chosen in i18n.LANGUAGES
    if param in i18n.LANGUAGES:
        assert chosen == param
        return
    primary = (stored or "").strip().lower().replace("_", "-").split("-")[0]
    if primary in i18n.LANGUAGES:
        assert chosen == primary
    else:
        assert chosen == i18n.negotiate(param, None, browser)


KEYS = [
    schema.INDEX_KEY, schema.LEGACY_KEY, schema.game_key("g1"), schema.game_key("g2"),
    schema.GAME_PREFIX + "BAD KEY", aside.SETASIDE_PREFIX + "x", kept_store.KEPT_KEY, BEST_KEY,
    game_store.SEAT_KEY, seal.KEY_NAME, page_guard.FAILED_KEY, wc.LEVEL_KEY, wc.NODES_KEY,
]


@settings(max_examples=40, deadline=6000, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KEYS), GAME_TEXT, max_size=6), st.one_of(
    st.none(), st.sampled_from(["g1", "g2", "zz"])))
def test_start_up_over_hostile_storage_never_raises(
    stored: dict[str, str], tab: str | None
) -> None:
    storage = DictStorage()
    storage.data.update(stored)
    storage.tab = tab
    store = GameStore(storage)
    found = store.boot()
    assert all(isinstance(note, str) and note for note in found.notes)
    store.listed(found.game if found.game is not None else None, None) if found.game else None
    store.set_aside_rows()
    again = GameStore(storage).boot()  # a second start finds nothing new to set aside
    assert not [n for n in again.notes if "set aside" in n and "kept under" not in n]
