"""The kept games in storage (paisho_page.storage.kept_store): a replaced game is kept, resumed
in turn, and a damaged list or entry is set aside, never dropped."""

from __future__ import annotations

from dict_storage import DictStorage

from paisho_core.registry import new_game
from paisho_page.storage import aside
from paisho_page.storage.kept_store import KEPT_KEY, KeptStore


def skud(first: int, plies: int = 2) -> object:
    game = new_game("skud", (), None)
    game.apply(game.legal_actions()[first])
    for _ in range(plies - 1):
        game.apply(game.legal_actions()[0])
    return game


def test_a_replaced_game_is_kept_and_resumed_and_the_other_kept_in_turn() -> None:
    store = KeptStore(DictStorage())  # type: ignore[arg-type]
    mine, other = skud(0), skud(-1)
    assert store.keep(mine, other)
    assert len(store.load()) == 1
    resumed = store.resume(other)
    assert resumed is not None and resumed.swapped
    assert resumed.game.to_text() == mine.to_text()  # type: ignore[attr-defined]
    assert resumed.message == "Resumed your previous game (2 moves)."
    assert len(store.load()) == 1  # the game it replaced


def test_a_continued_game_is_not_kept() -> None:
    store = KeptStore(DictStorage())  # type: ignore[arg-type]
    assert not store.keep(skud(0, 1), skud(0, 2))
    assert store.resume(skud(0)) is None


def test_a_damaged_list_is_set_aside() -> None:
    storage = DictStorage()
    storage.data[KEPT_KEY] = "{not a list"
    assert KeptStore(storage).load() == []  # type: ignore[arg-type]
    assert any(k.startswith(aside.SETASIDE_PREFIX) for k in storage.data)
