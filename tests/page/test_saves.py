"""Saved games: guarded JSON, schema, migration, restore, index (paisho_page.storage.saves)."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.errors import PaiShoError
from paisho_core.skud import SkudGame
from paisho_page.storage import aside, games_index, safejson, saves, schema
from paisho_page.storage.records import record_of

GAME = "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8)"


def v2(**fields: object) -> str:
    record: dict[str, object] = {
        "v": 2,
        "id": "abc1",
        "variant": "skud",
        "options": [],
        "seed": None,
        "moves": GAME,
        "resigned": None,
        "computer": None,
        "created": 1,
        "updated": 2,
        "rev": "r1",
    }
    record.update(fields)
    return json.dumps(record)


# ----------------------------------------------------------------------------- guarded JSON
@pytest.mark.parametrize(
    "text",
    [
        "[" * 20_000,  # killed Pyodide ("Maximum call stack size exceeded"), issue 13
        '{"a":' * 5_000 + "1" + "}" * 5_000,
        '{"seed": 1e999}',  # OverflowError in int(float("inf")), issue 13
        '{"seed": -1e999}',
        '{"seed": NaN}',
        '{"seed": Infinity}',
        '{"seed": ' + "9" * 5000 + "}",  # int() digit limit
        "not json",
        "",
        '{"a": 1',
        "x" * (safejson.MAX_CHARS + 1),
    ],
)
def test_loads_refuses_hostile_text_with_its_own_error(text: str):
    with pytest.raises(safejson.BadJSON) as info:
        safejson.loads(text)
    assert isinstance(info.value, ValueError) and str(info.value)


def test_loads_says_what_is_wrong_in_plain_words():
    with pytest.raises(safejson.BadJSON, match=r"not valid JSON \(a fault at character 6\)"):
        safejson.loads('{"a" 1}')
    with pytest.raises(safejson.BadJSON, match="too many digits"):
        safejson.loads("9" * 5000)


def test_loads_ignores_brackets_inside_strings():
    text = json.dumps({"moves": "[" * 500 + "{" * 500 + '\\"['})
    assert safejson.loads(text)["moves"].startswith("[[[")


def test_nesting_depth_counts_real_levels():
    assert safejson.nesting_depth('{"a": [[1], {"b": []}]}') == 4
    assert safejson.nesting_depth('"[[[["') == 0
    assert safejson.nesting_depth("1") == 0


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='[]{}"\\,:0123456789.eE-+ntrufalsNIy ', max_size=200))
def test_loads_only_ever_raises_bad_json(text: str):
    with contextlib.suppress(safejson.BadJSON):
        safejson.loads(text, max_depth=8)


# ----------------------------------------------------------------------------- schema
def test_a_good_record_round_trips_and_restores():
    saved = saves.parse_game(v2(), "abc1")
    assert saved.plies == 5 and saved.variant == "skud" and saved.computer is None
    again = saves.parse_game(saved.to_json(), "abc1")
    assert again == saved
    restored = saves.restore(saved)
    assert (
        restored.dropped is None and restored.game.to_text() == SkudGame.from_text(GAME).to_text()
    )


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"seed": 1e999}, "Infinity"),
        ({"seed": True}, "seed"),
        ({"variant": "chess"}, "variant"),
        ({"variant": None}, "variant"),
        ({"options": ["fly"]}, "option"),
        ({"options": "no-wheels"}, "options"),
        ({"moves": 5}, "moves"),
        ({"moves": "x" * 200_000}, "too long"),
        ({"resigned": 9}, "resigned"),
        ({"computer": -1}, "computer"),
        ({"id": "ABC"}, "id"),
        ({"id": "other"}, "id"),
        ({"v": 3}, "version"),
        ({"rev": "<b>"}, "revision"),
        ({"over": "yes"}, "over"),
        ({"updated": 2**60}, "updated"),
    ],
)
def test_bad_records_are_refused_in_plain_words(fields: dict[str, object], words: str):
    with pytest.raises(schema.BadSave) as info:
        saves.parse_game(v2(**fields), "abc1")
    assert words in str(info.value)
    assert "Traceback" not in str(info.value) and "Error" not in str(info.value)


def test_a_seed_of_1e999_is_refused():
    # issue 13: int(1e999) raised OverflowError and the page stuck at "Loading the engine…"
    raw = v2(variant="balance", seed=7).replace('"seed": 7', '"seed": 1e999')
    with pytest.raises(schema.BadSave, match="too large"):
        saves.parse_game(raw, "abc1")


def test_a_balance_record_needs_its_seed():
    with pytest.raises(schema.BadSave, match="seed"):
        saves.parse_game(v2(variant="balance", moves=""), "abc1")
    saved = saves.parse_game(v2(variant="balance", moves="", seed=42), "abc1")
    assert saves.restore(saved).game.seed == 42


def test_good_plies_with_a_bad_tail_resume_the_good_plies():
    saved = saves.parse_game(v2(moves=GAME + ";2H.(9,9)-(0,0);3G.zzz"), "abc1")
    restored = saves.restore(saved)
    assert len(restored.game.history) == len(SkudGame.from_text(GAME).history)
    assert restored.dropped is not None
    assert "last 2 of 7 moves" in restored.dropped and "ply 6" in restored.dropped


def test_resignation_is_restored_and_a_bad_one_dropped():
    saved = saves.parse_game(v2(resigned=1), "abc1")
    assert saves.restore(saved).game.resigned == 1
    restored = saves.restore(saves.parse_game(v2(resigned=2), "abc1"))  # no such seat here
    assert restored.game.resigned is None and restored.dropped
    with pytest.raises(schema.BadSave):  # no variant has such a seat
        saves.parse_game(v2(resigned=schema.most_seats()), "abc1")


def test_legacy_save_migrates_with_a_new_id():
    game = SkudGame.from_text(GAME)
    raw = json.dumps(record_of(game))
    saved = saves.migrate_legacy(raw, "new1", 1000, 1)
    assert saved.id == "new1" and saved.computer == 1 and saved.created == 1000
    assert saves.restore(saved).game.to_text() == game.to_text()
    assert saves.migrate_legacy(raw, "new1", 1000, None).unknown_players
    with pytest.raises(schema.BadSave):
        saves.migrate_legacy('{"variant": "skud", "seed": 1e999}', "x", 0, None)
    with pytest.raises(schema.BadSave):
        saves.migrate_legacy("[" * 20_000, "x", 0, None)


def test_record_game_round_trips():
    game = SkudGame.from_text(GAME)
    rec = saves.record_game(game, "id9", 0, 0, 500, "rv")
    assert rec.created == 500 and rec.plies == 5 and not rec.over
    assert saves.parse_game(rec.to_json(), "id9") == rec


def test_new_ids_are_valid_and_distinct():
    ids = {schema.new_id(1_700_000_000_000, n) for n in range(100)}
    assert len(ids) == 100 and all(schema.valid_id(i) for i in ids)
    assert schema.id_of_key(schema.game_key("abc")) == "abc"
    assert schema.id_of_key("paisho.game.v2.<x>") is None
    assert schema.id_of_key("paisho.save.v1") is None


# ----------------------------------------------------------------------------- index
def entry(
    ident: str, plies: int = 3, updated: int = 1, over: bool = False
) -> games_index.IndexEntry:
    return games_index.IndexEntry(ident, "skud", None, plies, updated, over)


def test_index_round_trips_newest_first():
    entries = [entry("a", updated=1), entry("b", updated=5)]
    again = games_index.parse_index(games_index.index_json(entries))
    assert [e.id for e in again] == ["b", "a"]


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 20_000,
        "[]",
        '{"v": 2}',
        '{"v": 2, "games": [{"id": "a"}]}',
        '{"v": 2, "games": [{"id": "<img>", "variant": "skud"}]}',
        '{"v": 2, "games": [{"id": "a", "variant": "skud", "plies": 1e999}]}',
    ],
)
def test_bad_index_is_refused(raw: str):
    with pytest.raises(schema.BadSave):
        games_index.parse_index(raw)


def test_reconcile_follows_the_game_keys():
    index = [entry("a"), entry("gone")]
    fresh = entry("new", updated=9)
    out = games_index.reconcile(index, {"a": None, "new": fresh})
    assert [e.id for e in out] == ["new", "a"]


def test_prune_keeps_every_unfinished_game():
    entries = [entry(f"u{i}", updated=i) for i in range(50)]
    entries += [entry(f"f{i}", updated=i, over=True) for i in range(40)]
    entries += [entry("empty", plies=0), entry("mine", plies=0)]
    gone = games_index.to_prune(entries, keep=["mine"])
    assert not any(g.startswith("u") for g in gone)
    assert sorted(gone) == sorted([f"f{i}" for i in range(10)] + ["empty"])


def test_resume_candidate_is_the_newest_unfinished_game():
    entries = [
        entry("a", updated=1),
        entry("b", updated=3, over=True),
        entry("c", plies=0, updated=9),
    ]
    assert games_index.resume_candidate(entries) == "a"
    assert games_index.resume_candidate([]) is None


def test_describe_names_variant_players_and_moves():
    assert games_index.describe(entry("a")) == "Skud Pai Sho · hot-seat · 3 moves"
    vs = games_index.IndexEntry("a", "skud", 0, 1, 0, True)
    said = games_index.describe(vs)
    assert said == "Skud Pai Sho · vs computer (it plays Host) · 1 move · finished"
    solitaire = games_index.IndexEntry("b", "balance", None, 2, 0, False)
    assert "solitaire" in games_index.describe(solitaire)


# ----------------------------------------------------------------------------- set aside
def test_set_aside_entries_round_trip_and_a_damaged_one_stays_readable():
    item = aside.SetAside("paisho.game.v2.x", "bad", 5, "[" * 20_000)
    assert aside.parse_set_aside(item.to_json()) == item
    damaged = aside.parse_set_aside("{" * 30_000)
    assert damaged.raw == "{" * 30_000 and "damaged" in damaged.reason


def test_errors_are_value_errors():
    assert issubclass(schema.BadSave, PaiShoError) and issubclass(safejson.BadJSON, ValueError)
