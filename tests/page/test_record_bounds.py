"""Every saved record kind reads back every value the engine and the page can write,
and each reader that sets data aside is tried with the largest and smallest legal values.

The kinds: a saved game (:func:`paisho_page.storage.saves.record_game` / ``parse_game`` /
``restore``), its line in Your games (``IndexEntry``), a set-aside entry
(``SetAside`` / ``parse_set_aside``), the kept games (:class:`~paisho_page.storage.kept_store.
KeptStore`), the settings (coordinates, the computer's seat, level and node budget) and
a Studio draft (its demo link: ``test_record_roundtrip.py``); Balance's best scores are
``test_balance_records.py``'s.  A value the writer can make and the reader refuses
would be set aside at the next load: a game lost to its own save.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from dict_storage import DictStorage
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from setup_games import random_setup, same_game

from paisho_core import setups, starts
from paisho_core.ai import LEVELS
from paisho_core.ancient.deal import MAX_TARGET
from paisho_core.ancient.tiles import POOL_SIZE
from paisho_core.registry import get_variant, variant_names
from paisho_core.rng import MAX_SEED
from paisho_page.computer import choices as computer_page
from paisho_page.computer import worker_client
from paisho_page.play.board_view import coords_shown, coords_value
from paisho_page.sharing.notation import MAX_NOTATION
from paisho_page.storage import aside, game_store, games_index, saves, schema, seal
from paisho_page.storage.kept_store import KEPT_KEY, KeptStore
from paisho_page.storage.records import MAX_KEPT, record_of

KEY = "0123456789abcdef0123456789abcdef"
"""This device's sealing key (32 hex digits)."""


def _options(variant: str, players: int, pick: int) -> tuple[str, ...]:
    """The variant's options at their bounds: Ancient's target and hand smallest or
    largest for the number of seats (``rules.html#ancient-r2``), others none or all."""
    info = get_variant(variant).info
    if variant == "ancient":
        most = (POOL_SIZE - 1) // players
        return (f"target={(1, MAX_TARGET)[pick % 2]}", f"hand={(1, most)[pick // 2 % 2]}")
    return tuple(info.options) if pick % 2 else ()


def _game(variant: str, players: int, pick: int, seed: int, plies: int, rng: random.Random
          ) -> Any:
    cls = get_variant(variant)
    info = cls.info
    game = cls(_options(variant, players, pick), seed if info.uses_seed else None,
               None if info.min_players == info.max_players else players)
    for _ in range(plies):
        if game.to_move is None or not game.legal_actions():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _seats(variant: str) -> list[int]:
    info = get_variant(variant).info
    return sorted({info.min_players, info.max_players})


SEEDS = st.sampled_from([0, 1, 2**31 - 1, MAX_SEED - 1])
TIMES = st.sampled_from([0, 1, schema.MAX_TIME - 1])
IDS = st.sampled_from(["0", "z" * 40, "m2k4h0a000000001"])
REVS = st.sampled_from(["", "0", "z" * 40])


@pytest.mark.parametrize("variant", variant_names())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_saved_game_reads_back_at_every_bound(variant: str, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(_seats(variant)))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    game = _game(variant, players, data.draw(st.integers(0, 3)), data.draw(SEEDS),
                 data.draw(st.integers(0, 40)), rng)
    if data.draw(st.booleans()) and game.to_move is not None and len(game.players) > 1:
        game.resign()  # (the page's Resign: the player to move resigns)
    seat = data.draw(st.one_of(st.none(), st.integers(0, len(game.players) - 1)))
    several = tuple(data.draw(st.sets(st.integers(0, len(game.players) - 1))))
    ident = data.draw(IDS)
    created, now = sorted((data.draw(TIMES), data.draw(TIMES)))
    record = saves.record_game(game, ident, seat, created, now, data.draw(REVS), several,
                               key=KEY, level=data.draw(st.sampled_from([*LEVELS, ""])))
    read = saves.parse_game(record.to_json(), ident)
    assert read == record
    restored = saves.restore(read, KEY)
    assert restored.dropped is None
    same_game(game, restored.game)
    entry = games_index.parse_index(games_index.index_json([record.entry()]))
    assert entry == [record.entry()]


@pytest.mark.parametrize("variant", variant_names())
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_a_set_up_game_reads_back_sealed_or_not(variant: str, rng_seed: int) -> None:
    """A game from the Studio (its start saved, sealed where hands are hidden) reads
    back, at every number of seats."""
    rng = random.Random(rng_seed)
    for players in _seats(variant):
        info = get_variant(variant).info
        count = None if info.min_players == info.max_players else players
        setup = random_setup(variant, count, rng.randrange(1 if variant == "balance"
                                                            else players), rng)
        game = setups.build(setup)
        record = saves.record_game(game, "g1", None, 1, 2, "r", key=KEY)
        assert len(record.start) <= 2 * seal.MAX_TEXT
        restored = saves.restore(saves.parse_game(record.to_json(), "g1"), KEY)
        assert restored.dropped is None
        same_game(game, restored.game)


def test_the_longest_record_the_reader_takes_is_kept_whole() -> None:
    """A game's notation up to :data:`~paisho_page.sharing.notation.MAX_NOTATION` characters is a
    record the reader takes (its moves are checked when it is restored)."""
    longest = saves.SavedGame("g1", "skud", (), None, "x" * MAX_NOTATION)
    assert saves.parse_game(longest.to_json(), "g1").moves == longest.moves
    with pytest.raises(schema.BadSave):
        saves.parse_game(saves.SavedGame("g1", "skud", (), None, "x" * (MAX_NOTATION + 1))
                         .to_json(), "g1")


def test_the_fullest_list_of_kept_games_is_read_back_not_set_aside() -> None:
    """:data:`~paisho_page.storage.records.MAX_KEPT` kept games, each as long as a record may be
    (its notation and a set-up start at their bounds), are read back as a list."""
    record = record_of(get_variant("skud")(()))
    record["moves"] = "1G.R3(0,-8);" * (MAX_NOTATION // 12)
    record["start"] = "{" + "x" * (starts.MAX_START - 2) + "}"
    storage = DictStorage()
    store = KeptStore(storage)  # type: ignore[arg-type]
    store.save([dict(record, seed=i) for i in range(MAX_KEPT)])
    kept = store.load()
    assert len(kept) == MAX_KEPT
    assert not any(k.startswith(aside.SETASIDE_PREFIX) for k in storage.data)
    assert storage.data[KEPT_KEY]  # (left where it was)
    store.save([])
    assert store.load() == []


@given(st.text(min_size=0, max_size=3 * aside.MAX_SET_ASIDE_REASON),
       st.sampled_from(["paisho.game.v2." + "z" * 40, KEPT_KEY, schema.INDEX_KEY, "x"]),
       TIMES, st.sampled_from(["", "x", "é" * 5000]))
@settings(max_examples=60, deadline=None)
def test_a_set_aside_entry_reads_back_whatever_its_reason(
    reason: str, key: str, when: int, raw: str
) -> None:
    """The reason is kept as written up to its bound (then cut, with an ellipsis), so the
    entry itself never reads as damaged; its datum is kept whole."""
    storage = DictStorage()
    assert game_store.set_aside(storage, key, raw, reason) == game_store.KEPT
    (name,) = [k for k in storage.data if k.startswith(aside.SETASIDE_PREFIX)]
    item = aside.parse_set_aside(storage.data[name])
    assert item.key == key and item.raw == raw
    assert item.reason == aside.cut_reason(reason)
    assert len(item.reason) <= aside.MAX_SET_ASIDE_REASON
    if len(reason) <= aside.MAX_SET_ASIDE_REASON:
        assert item.reason == reason


def test_the_largest_set_aside_datum_is_kept_and_a_larger_one_told() -> None:
    storage = DictStorage()
    largest = "x" * aside.MAX_SETASIDE_CHARS
    assert game_store.set_aside(storage, "k1", largest, "why") == game_store.KEPT
    (name,) = [k for k in storage.data if k.startswith(aside.SETASIDE_PREFIX)]
    assert aside.parse_set_aside(storage.data[name]).raw == largest
    assert game_store.set_aside(storage, "k2", largest + "x", "why") == game_store.DROPPED


@pytest.mark.parametrize("seat", [None, 0, 1, 2, 3])
def test_the_computers_seat_reads_back_for_every_seat(seat: int | None) -> None:
    assert worker_client.parse_seat(computer_page.seat_value(seat)) == seat


@pytest.mark.parametrize("nodes", [1, 1000, worker_client.MAX_NODES])
def test_the_node_budget_reads_back_at_its_bounds(nodes: int) -> None:
    assert worker_client.parse_nodes(str(nodes)) == nodes
    assert worker_client.parse_nodes(str(worker_client.MAX_NODES + 1)) is None
    assert worker_client.parse_nodes("0") is None


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_and_the_coordinates_read_back(level: str) -> None:
    assert worker_client.parse_level(level) == level
    for shown in (True, False):
        assert coords_shown(coords_value(shown)) is shown


# ----------------------------------------------------------------------------- the engine's bounds
def _most_seated() -> str:
    """The registered variant that seats the most players."""
    return max(variant_names(), key=lambda name: get_variant(name).info.max_players)


def test_the_saves_bounds_are_the_engines() -> None:
    """Seeds and seats are bounded by the engine (its seeds, its variants' seats), not by
    numbers of the page's own."""
    assert schema.MAX_SEED_VALUE == MAX_SEED
    assert schema.most_seats() == max(get_variant(n).info.max_players for n in variant_names())


@pytest.mark.parametrize("variant", [n for n in variant_names() if get_variant(n).info.uses_seed])
def test_a_seed_at_the_engines_bound_reads_and_one_past_it_is_refused(variant: str) -> None:
    info = get_variant(variant).info
    record = saves.record_game(_game(variant, info.min_players, 0, MAX_SEED - 1, 2,
                                     random.Random(1)), "g1", None, 1, 2, "r")
    assert record.seed == MAX_SEED - 1
    same_game(_game(variant, info.min_players, 0, MAX_SEED - 1, 2, random.Random(1)),
              saves.restore(saves.parse_game(record.to_json(), "g1")).game)
    past = record.to_json().replace(str(MAX_SEED - 1), str(MAX_SEED))
    with pytest.raises(schema.BadSave, match="seed"):
        saves.parse_game(past, "g1")


def test_seats_at_the_engines_bound_read_and_one_past_them_are_refused() -> None:
    """The variant seating the most players, every seat a computer's and the last seat
    resigned: the record and its line in Your games read back; a seat or a number of
    players one past the engine's is refused by both readers."""
    variant = _most_seated()
    most = get_variant(variant).info.max_players
    game = _game(variant, most, 0, 5, 0, random.Random(1))
    game.resign(most - 1)
    record = saves.record_game(game, "g1", most - 1, 1, 2, "r", tuple(range(most)), key=KEY)
    assert (record.players, record.resigned, record.computers) == (
        most, most - 1, tuple(range(most)))
    assert saves.parse_game(record.to_json(), "g1") == record
    same_game(game, saves.restore(saves.parse_game(record.to_json(), "g1"), KEY).game)
    assert games_index.parse_index(games_index.index_json([record.entry()])) == [
        record.entry()]
    data = json.loads(record.to_json())
    entry = json.loads(games_index.index_json([record.entry()]))
    past = [("players", most + 1), ("resigned", most), ("computer", most),
            ("computers", list(range(most + 1))), ("computers", [most])]
    for field, value in past:
        with pytest.raises(schema.BadSave):
            saves.parse_game(json.dumps({**data, field: value}), "g1")
        if field != "resigned":  # (Your games lists no resignation)
            line = {**entry["games"][0], field: value}
            with pytest.raises(schema.BadSave):
                games_index.parse_index(json.dumps({**entry, "games": [line]}))
