"""The game page's Python words in another language: the status line, the end screen,
the saved-game notices and counted words come out of the shipped catalogs (Russian's
three plural forms, Frisian's two); English again afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from dict_storage import DictStorage

from paisho_core.registry import new_game
from paisho_core.skud.game import SkudGame
from paisho_core.wiki.game import WikiGame
from paisho_page.play import result
from paisho_page.play.ui import UIState
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import link_open
from paisho_page.storage import game_store, games_index, schema
from paisho_page.storage.game_store import GameStore
from paisho_page.words import i18n
from sitebuild.catalogs import compile_mo, read_catalog


def _activate(lang: str) -> None:
    i18n.activate(lang, {"page": compile_mo(read_catalog(lang, "page"))})


@pytest.fixture
def russian() -> Iterator[None]:
    _activate("ru")
    yield None
    i18n.activate("en")


@pytest.fixture
def frisian() -> Iterator[None]:
    _activate("fy")
    yield None
    i18n.activate("en")


def skud(plies: int) -> Any:
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def test_the_status_line_in_russian(russian: None) -> None:
    host = i18n.word("player", "Host")
    assert UIState(SkudGame()).status() == f"{host}: выберите 4 акцентные фишки."


def test_a_refusal_in_russian(russian: None) -> None:
    ui = UIState(SkudGame())
    ui.resign()
    assert ui.click("point:(0,8)").message == "Игра окончена."


def test_the_end_screen_in_russian(russian: None) -> None:
    game = SkudGame()
    game.resign()
    view = result.result_view(game, UIState(game).result_text())
    guest = i18n.word("player", "Guest")
    assert view == result.ResultView("Игра окончена", f"Побеждает {guest}: соперник сдался.", "")


def test_a_scored_end_screen_in_russian(russian: None) -> None:
    game = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR"})
    game.reserve = [[0] * 12, [0] * 12]
    game._legal = None
    ui = UIState(game, undo=False)
    ui.click("skip")
    ui.click("skip")
    assert ui.result_text() == "Ничья после двух пасов подряд (хозяин -1, гость -1)."
    view = result.result_view(game, ui.result_text())
    assert view is not None
    assert (view.line, view.score) == (
        "Ничья после двух пасов подряд.", "Счёт: хозяин -1, гость -1")


def test_a_save_notice_in_russian(russian: None) -> None:
    storage = DictStorage()
    store = GameStore(storage)
    store.boot()
    store.save(skud(2), None)
    storage.data[schema.game_key(store.game_id)] = "{damaged"
    found = GameStore(storage).boot()
    assert len(found.notes) == 1
    assert found.notes[0].startswith("Не удалось прочитать вашу сохранённую партию (")
    assert found.notes[0].endswith("«Ваши партии» → «Отложенные сохранения».")
    # a notice kept as a constant is translated where the notice box shows it
    assert i18n._(game_store.FULL_NOTICE).startswith("Хранилище браузера переполнено")


@pytest.mark.parametrize(("n", "words"), [(1, "1 ход"), (3, "3 хода"), (5, "5 ходов"),
                                          (11, "11 ходов"), (21, "21 ход")])
def test_counted_moves_take_the_three_russian_forms(russian: None, n: int, words: str) -> None:
    assert i18n.ngettext("{n} move", "{n} moves", n).format(n=n) == words
    entry = games_index.IndexEntry("a" * 12, "skud", None, n, 1, False)
    assert games_index.describe(entry) == f"Скуд Пай Шо · за одним экраном · {words}"


def test_a_failed_link_is_a_failure_notice_in_russian(russian: None) -> None:
    opened = link_open.OpenedLink(None, None, "the link is damaged")
    text = opened.message()
    assert text == "Не удалось открыть эту ссылку: The link is damaged. Показана пустая доска."
    assert sharing.notice_is_bad(text)
    assert sharing.notice_is_bad(sharing.partly_opened("the link", 3))
    assert not sharing.notice_is_bad(opened_ok_message())


def opened_ok_message() -> str:
    return i18n.ngettext(
        "Opened a shared game ({n} move).", "Opened a shared game ({n} moves).", 4
    ).format(n=4)


def test_the_status_line_and_counts_in_frisian(frisian: None) -> None:
    host = i18n.word("player", "Host")
    assert UIState(SkudGame()).status() == f"{host}: kies 4 aksinttegels."
    assert [i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (1, 2)] == [
        "1 set", "2 setten"]


def test_english_again_after_another_language() -> None:
    _activate("ru")
    i18n.activate("en")
    assert UIState(SkudGame()).status() == "Host: choose 4 accent tiles."
