"""The kept games in storage (paisho_page.storage.kept_store): a replaced game is kept, resumed
in turn, and a damaged list or entry is set aside, never dropped."""

from __future__ import annotations

from typing import Any

from dict_storage import DictStorage

from paisho_core import link
from paisho_core.registry import new_game
from paisho_page.play import tree_links
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.storage import aside
from paisho_page.storage.kept_store import KEPT_KEY, KeptStore, kept_lines


def skud(first: int, plies: int = 2) -> Any:
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


def _with_side_line(game: Any) -> str:
    """The side lines of ``game`` with one side line at its first move, as a saved game
    keeps them (:func:`paisho_page.play.tree_links.extension`)."""
    cursor = ReplayCursor(game)
    cursor.go(0)
    cursor.play(link.game_at(game, 0).legal_actions()[3])
    cursor.set_comment("my idea")
    return tree_links.extension(cursor)


def test_a_kept_game_keeps_its_side_lines_and_gets_them_back() -> None:
    store = KeptStore(DictStorage())  # type: ignore[arg-type]
    mine, other = skud(0, 4), skud(-1)
    lines = _with_side_line(mine)
    assert lines
    assert store.keep(mine, other, lines=lines)
    resumed = store.resume(other)
    assert resumed is not None and resumed.lines == lines
    cursor = ReplayCursor(resumed.game)
    assert tree_links.restore_extension(cursor, resumed.lines)
    assert cursor.has_side_lines


def test_a_game_continued_by_the_new_one_is_kept_when_it_has_side_lines() -> None:
    """A link that continues the page's game would take the side lines with it."""
    store = KeptStore(DictStorage())  # type: ignore[arg-type]
    mine = skud(0, 4)
    lines = _with_side_line(mine)
    assert not store.keep(mine, skud(0, 6))
    assert store.keep(mine, skud(0, 6), lines=lines)
    # a later game that holds it does not push it out of the list
    assert store.keep(skud(0, 5), skud(-1))
    assert [kept_lines(r) for r in store.load()] == ["", lines]


def test_the_game_swapped_in_by_resume_keeps_its_side_lines() -> None:
    store = KeptStore(DictStorage())  # type: ignore[arg-type]
    mine, other = skud(0, 4), skud(-1, 4)
    assert store.keep(mine, other)
    lines = _with_side_line(other)
    resumed = store.resume(other, lines)
    assert resumed is not None and resumed.lines == ""
    assert [kept_lines(r) for r in store.load()] == [lines]


def test_kept_side_lines_that_are_not_text_are_left_out() -> None:
    assert kept_lines({"lines": 7}) == ""
    assert kept_lines({"lines": "x" * 20_000}) == ""
    assert kept_lines({"lines": "1AB"}) == "1AB"
