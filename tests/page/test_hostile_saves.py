"""Hostile saved data and links never reach the page as its game (issue #31's attack round).

A record that passes the save schema but holds a start the engine's set-up checker
refuses (an Ancient seat to move that no player holds: rules page ``ancient-setup``) is
set aside at start-up like any other bad save, so no tab resumes it; a link with such a
start opens nothing and saves nothing; set-aside data is kept once and bounded, and data
too large to keep is removed with a line and a notice saying so.
"""

from __future__ import annotations

import json
from typing import Any

from dict_storage import DictStorage

from paisho_core import link, starts
from paisho_core.ancient.game import AncientGame
from paisho_core.registry import new_game
from paisho_page.sharing import link_open
from paisho_page.storage import aside, game_store, records, saves, schema
from paisho_page.storage.game_store import GameStore

BAD_START = starts.canonical(
    {"setup": {"board": {}, "hands": ["Ja Ro", "Ja Ro"], "seat": 5}}
)
"""An Ancient start whose seat to move (P6) is not one of its two players."""


GOOD_START = {"setup": {"board": {}, "hands": ["Ja Ro", "Ja Ro"], "seat": 0}}


def bad_ancient() -> Any:
    """A game standing at that start, made past the engine's start reader (which refuses
    it) as a hostile record or link would carry it."""
    game = AncientGame.setup({}, ["Ja Ro", "Ja Ro"], seat=5)
    game.set_up = BAD_START
    return game


def link_with_start(text: str) -> str:
    """A checksum-valid ``#3…`` link whose packed start is ``text`` (a good game's link
    with its start swapped before the checksum is made)."""
    pack = starts.pack
    link.starts.pack = lambda _text: pack(text)  # type: ignore[assignment]
    try:
        return "#" + link.encode(starts.start_game("ancient", GOOD_START))
    finally:
        link.starts.pack = pack  # type: ignore[assignment]


def skud(plies: int) -> Any:
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def poisoned_record(ident: str) -> str:
    """A stored game that passes :func:`saves.parse_game` but cannot be shown."""
    return json.dumps({
        "v": 2, "id": ident, "variant": "ancient", "options": [], "seed": 0, "moves": "",
        "players": 2, "created": 1, "updated": 2**40, "rev": "a1", "plies": 0,
        "over": False, "start": BAD_START,
    })


def set_aside_keys(storage: DictStorage) -> list[str]:
    return [k for k in storage.data if k.startswith(aside.SETASIDE_PREFIX)]


def test_a_poisoned_record_passes_the_schema_but_is_set_aside_at_boot() -> None:
    storage = DictStorage()
    good = GameStore(storage)
    good.boot()
    good.save(skud(4), None)
    saves.parse_game(poisoned_record("zzpoison"), "zzpoison")  # the schema alone accepts it
    storage.data[schema.game_key("zzpoison")] = poisoned_record("zzpoison")
    storage.tab = "zzpoison"  # this tab showed it (a new tab would resume it: newest)
    store = GameStore(storage)
    found = store.boot()
    assert found.game is None or found.game.info.name == "skud"
    assert schema.game_key("zzpoison") not in storage.data
    assert any("P6" in note for note in found.notes), found.notes
    assert len(set_aside_keys(storage)) == 1
    # every later tab boots: the good game is still there to resume
    for _ in range(3):
        again = GameStore(storage).boot()
        assert again.game is None or again.game.to_text() == skud(4).to_text()
    assert good.game_id in {e.id for e in GameStore(storage).read_index()}


def test_a_link_with_a_refused_start_opens_nothing() -> None:
    opened = link_open.open_link(link_with_start(BAD_START))
    assert opened.game is None and opened.error is not None and "P6" in opened.error
    assert "P6" in opened.message()


def test_a_kept_game_with_a_refused_start_is_refused() -> None:
    record = records.record_of(bad_ancient())
    try:
        records.game_of_record(record)
    except ValueError as exc:
        assert "P6" in str(exc)
    else:  # pragma: no cover - the regression
        raise AssertionError("a kept game with a refused start was resumed")


def test_a_partly_restorable_save_is_set_aside_once() -> None:
    storage = DictStorage()
    store = GameStore(storage)
    store.boot()
    store.save(skud(4), None)
    key = schema.game_key(store.game_id)
    record = json.loads(storage.data[key])
    record["moves"] += ";Z9(99,99)"
    storage.data[key] = json.dumps(record)
    for _ in range(6):
        found = GameStore(storage).boot()
        assert found.game is not None and found.notes
    assert len(set_aside_keys(storage)) == 1


def test_the_set_aside_area_is_bounded() -> None:
    storage = DictStorage()
    for n in range(aside.MAX_SETASIDE_ENTRIES + 5):
        storage.data[schema.game_key(f"bad{n}")] = "{damaged " + str(n)
    store = GameStore(storage)
    store.boot()
    held = [storage.data[k] for k in set_aside_keys(storage)]
    assert len(held) <= aside.MAX_SETASIDE_ENTRIES + 5
    kept = [aside.parse_set_aside(text) for text in held]
    assert sum(1 for item in kept if item.raw) <= aside.MAX_SETASIDE_ENTRIES
    assert sum(len(text) for text in held) <= aside.MAX_SETASIDE_TOTAL
    assert not any(k.startswith(schema.GAME_PREFIX) for k in storage.data)  # none left to retry


def test_a_huge_damaged_save_is_listed_and_told_when_removed() -> None:
    storage = DictStorage()
    store = GameStore(storage)
    store.boot()
    store.save(skud(2), None)
    key = schema.game_key(store.game_id)
    storage.data[key] = "{" + "x" * 3_000_000
    found = GameStore(storage).boot()
    assert key not in storage.data
    assert any("too large to keep" in note for note in found.notes), found.notes
    rows = GameStore(storage).set_aside_rows()
    assert len(rows) == 1 and rows[0].raw == "" and "removed" in rows[0].reason


def test_a_save_that_fits_once_is_moved_not_copied() -> None:
    """Storage with room for one copy only: the save is moved into the set-aside area."""

    class Tight(DictStorage):
        def put(self, key: str, value: str) -> bool:
            if sum(map(len, self.data.values())) + len(value) > 1_400_000:
                return False
            return super().put(key, value)

    storage = Tight()
    storage.data[schema.game_key("bigone")] = "[" + "1," * 400_000
    outcome = game_store.set_aside(storage, schema.game_key("bigone"), storage.data[
        schema.game_key("bigone")], "damaged")
    assert outcome == game_store.KEPT
    rows = GameStore(storage).set_aside_rows()
    assert len(rows) == 1 and rows[0].raw.startswith("[1,1,")
    assert schema.game_key("bigone") not in storage.data
