"""This tab's saved games over a storage (paisho_page.storage.game_store): start-up, autosave,
another tab's save, "Your games"; a dictionary stands for the browser's storage."""

from __future__ import annotations

from typing import Any

from dict_storage import DictStorage

from paisho_core.registry import new_game
from paisho_page.storage import aside, game_store, schema, seal
from paisho_page.storage.game_store import GameStore


def skud(plies: int) -> Any:
    """A Skud game of ``plies`` actions."""
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def booted(storage: DictStorage) -> tuple[GameStore, game_store.Booted]:
    store = GameStore(storage)
    return store, store.boot()


def test_an_empty_storage_boots_a_new_game() -> None:
    store, found = booted(DictStorage())
    assert found.game is None and not found.known and found.notes == []
    assert schema.valid_id(store.game_id)


def test_a_saved_game_is_resumed_with_its_computer_seat() -> None:
    storage = DictStorage()
    store, _ = booted(storage)
    assert store.save(skud(3), 1) is None
    assert storage.tab == store.game_id
    again, found = booted(storage)
    assert found.known and found.seat == 1
    assert found.game.to_text() == skud(3).to_text()
    assert again.game_id == store.game_id
    assert [e.id for e in again.read_index()] == [store.game_id]


def test_a_damaged_save_is_set_aside_with_a_notice() -> None:
    storage = DictStorage()
    store, _ = booted(storage)
    store.save(skud(2), None)
    storage.data[schema.game_key(store.game_id)] = "{damaged"
    _, found = booted(storage)
    assert found.game is None and found.notes
    kept = [k for k in storage.data if k.startswith(aside.SETASIDE_PREFIX)]
    assert len(kept) == 1 and aside.parse_set_aside(storage.data[kept[0]]).raw == "{damaged"
    rows = GameStore(storage).set_aside_rows()
    assert [r.raw for r in rows] == ["{damaged"]
    assert rows[0].file_name.startswith("paisho-set-aside-") and rows[0].file_name.endswith(".txt")
    assert rows[0].text("today").startswith("today: ") and "(8 characters)" in rows[0].text("")


def test_another_tabs_newer_save_makes_this_tab_save_a_separate_game() -> None:
    storage = DictStorage()
    mine, _ = booted(storage)
    mine.save(skud(2), None)
    other = GameStore(storage)
    other.become(mine.game_id, mine.rev, mine.created)
    other.save(skud(3), None)
    first_id = mine.game_id
    assert mine.save(skud(4), None) == game_store.FORK_NOTICE
    assert mine.game_id != first_id
    assert {e.id for e in mine.read_index()} == {first_id, mine.game_id}


def test_a_full_storage_is_said_once() -> None:
    storage = DictStorage()
    store, _ = booted(storage)
    storage.full = True
    assert store.save(skud(1), None) == game_store.FULL_NOTICE
    assert store.save(skud(2), None) is None


def test_other_tab_notices() -> None:
    storage = DictStorage()
    store, _ = booted(storage)
    store.save(skud(2), None)
    assert store.other_tab_notice("some.other.key") is None
    other = GameStore(storage)
    other.become(store.game_id, store.rev, store.created)
    other.save(skud(3), None)
    assert store.other_tab_notice(schema.game_key(store.game_id)) == (
        game_store.CHANGED_NOTICE, True,
    )
    storage.drop(schema.game_key(store.game_id))
    assert store.other_tab_notice(None) == (game_store.DELETED_NOTICE, False)


def test_load_newer_keeps_this_tabs_own_moves_as_a_game_of_its_own() -> None:
    storage = DictStorage()
    store, _ = booted(storage)
    store.save(skud(2), None)
    other = GameStore(storage)
    other.become(store.game_id, store.rev, store.created)
    other.save(skud(3), None)
    mine = new_game("skud", (), None)
    mine.apply(mine.legal_actions()[-1])  # a move the newer version lacks
    switch, text = store.load_newer(mine, None)
    assert switch is not None and text == ""
    assert switch.game.to_text() == skud(3).to_text()
    assert "kept as a separate game" in switch.message
    assert len(store.read_index()) == 2
    switch, _ = store.load_newer(skud(1), None)  # a beginning of the newer one: not kept
    assert switch is not None and "separate" not in switch.message
    storage.drop(schema.game_key(store.game_id))
    assert store.load_newer(skud(1), None) == (None, "The other version is no longer stored.")


def test_your_games_lists_resumes_and_deletes() -> None:
    storage = DictStorage()
    first, _ = booted(storage)
    first.save(skud(2), None)
    first_id = first.game_id
    first.new_identity()
    listed = first.listed(skud(1), None)
    assert [e.id for e in listed] == [first.game_id, first_id]  # the page's own first
    first.delete_game(first.game_id)  # never the tab's own
    switch, text = first.resume(first_id)
    assert switch is not None and switch.message == "Resumed a saved game (2 moves)."
    assert text == "" and first.game_id == first_id and storage.tab == first_id
    assert first.resume(first_id) == (None, None)  # already the page's game
    other = GameStore(storage)
    other.become(schema.new_id(5, 5))
    other.delete_game(first_id)
    assert schema.game_key(first_id) not in storage.data and other.read_index() == []


def test_resuming_a_damaged_game_sets_it_aside() -> None:
    storage = DictStorage()
    store, _ = booted(storage)
    ident = schema.new_id(7, 7)
    storage.data[schema.game_key(ident)] = "{bad"
    switch, text = store.resume(ident)
    assert switch is None and text is not None and "That saved game" in text
    assert schema.game_key(ident) not in storage.data
    store.delete_set_aside("paisho.not.set.aside")
    key = store.set_aside_rows()[0].key
    store.delete_set_aside(key)
    assert store.set_aside_rows() == []


def test_the_sealing_key_is_made_once_and_only_when_needed() -> None:
    storage = DictStorage()
    assert game_store.seal_key(storage, False) == ""
    key = game_store.seal_key(storage)
    assert seal.valid_key(key) and game_store.seal_key(storage) == key
    assert game_store.new_rev(storage) != game_store.new_rev(storage)
    assert len(game_store.new_rev(storage)) == 10


def test_the_computers_level_comes_back_with_its_game() -> None:
    """issue #22: the level is saved with a game that has a computer seat; resuming it
    (at start or from "Your games") gives it back; without a computer seat, none."""
    storage = DictStorage()
    store, _ = booted(storage)
    assert store.save(skud(3), 1, (), "hard") is None
    _, found = booted(storage)
    assert found.known and found.level == "hard"
    first = store.game_id
    store.new_identity()
    store.save(skud(2), None, (), "easy")  # people only: the page's level stays
    switch, _ = store.resume(first)
    assert switch is not None and switch.level == "hard"
    _, found = booted(storage)
    assert found.level == "hard"
