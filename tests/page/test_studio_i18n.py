"""The Studio in the page's language (issue #24): its messages, menus, labels and the
reserves' sentences come from the page catalog (here the shipped Russian one), tile and
player names through ``i18n.word``; every word the engine uses for reserves and piles
has its whole sentences."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from paisho_core import setups
from paisho_core.board import Point
from paisho_core.registry import variant_names
from paisho_page.base.dom_writes import by_target
from paisho_page.studio import play as studio_play
from paisho_page.studio import reserves as studio_reserves
from paisho_page.studio import screen as studio_screen
from paisho_page.studio import terms as studio_terms
from paisho_page.studio.demo import START_CAPTION, Draft
from paisho_page.studio.editor import MARK, Studio
from paisho_page.words import i18n
from sitebuild.catalogs import compile_mo, read_catalog


@pytest.fixture
def russian() -> Iterator[None]:
    """The shipped Russian page catalog active for the test; English again after it."""
    i18n.activate("ru", {"page": compile_mo(read_catalog("ru", "page"))})
    yield None
    i18n.activate("en")


def host() -> str:
    return i18n.word("player", "Host")


def test_every_reserve_and_pile_word_of_the_engine_has_its_sentences() -> None:
    reserves, piles = studio_terms.REACHED
    for name in variant_names():
        terms = setups.terms(setups.empty(name))
        assert terms.reserve in reserves, name
        assert not terms.pile or terms.pile in piles, name
        for words in (terms.default, terms.pile_default):
            assert not words or words in studio_terms.DEFAULTS, (name, words)


@pytest.mark.usefixtures("russian")
def test_studio_messages_in_russian() -> None:
    studio = Studio("skud")
    studio.edit(Point(0, 0))
    assert studio.message == "Сначала выберите фишку, затем точку, куда её поставить."
    studio.flip()
    assert studio.message == "Доска перевёрнута."
    rose = next(i for i, t in enumerate(studio.palette) if t.code == "R3" and t.owner == 0)
    studio.select(rose)
    studio.flip()
    point = next(iter(studio.allowed()))
    studio.edit(point)
    label = f"{i18n.word('tile', 'Rose')} (R3), {host()}"
    assert studio.message == f"Поставлено на {point}: {label}."
    studio.edit(point)
    assert studio.message == f"Поставлено на {point}: {label}."  # the same tile again
    studio.select(rose)  # put the tile down: a click now removes
    studio.edit(point)
    assert studio.message == f"Фишка убрана с точки {point}."


@pytest.mark.usefixtures("russian")
def test_studio_screen_in_russian() -> None:
    studio = Studio("skud")
    studio.start("standard")
    writes = by_target(studio_screen.writes(studio, "https://example.org/ru/studio.html"))
    assert writes[("studio-hint", "textContent")] == (
        "Выберите фишку, затем отмеченную точку. Щелчок по фишке на доске убирает её."
    )
    assert writes[("studio-caption-label", "textContent")] == "Подпись к шагу 0"
    assert studio_screen.problem_items(studio)[0].text == "Позицию можно играть."
    titles = [o.text for o in studio_screen.variant_options("wiki")]
    assert "Вики Пай Шо" in titles and "Скуд Пай Шо" in titles
    assert studio_screen.mover_options(studio)[0].text == host()
    remove = studio_screen.palette_items(studio)[-1]
    assert remove.text == "Убрать"
    first = studio_screen.step_items(studio)[0].children[0]
    assert first.text == "0. Начало: Позиция, расставленная в Студии Пай Шо."
    assert 'title="Демо Пай Шо"' in studio_screen.snippet("https://x/embed.html#demo=~1")


@pytest.mark.usefixtures("russian")
def test_a_new_draft_gets_its_caption_in_the_page_language() -> None:
    assert Draft().steps[0].caption == "Позиция, расставленная в Студии Пай Шо."
    i18n.activate("en")
    assert Draft().steps[0].caption == START_CAPTION


@pytest.mark.usefixtures("russian")
def test_plural_limits_in_russian() -> None:
    draft = Draft()
    draft.set_caption("x" * 10_000)
    assert draft.message.startswith("Подпись — не более ")
    assert draft.message.endswith(" символов.")
    studio = Studio("skud")
    studio.set_mode(MARK)
    assert studio_screen.writes(studio, "https://x/studio.html")  # no error in any text


@pytest.mark.usefixtures("russian")
def test_reserves_in_russian() -> None:
    studio = Studio("skud")
    studio.start("standard")
    assert studio_reserves.heading(studio) == "Запасы"
    assert studio_reserves.seat_title(studio, 0) == f"Запас: {host()} (ходит)"
    row = studio_reserves.rows(studio, 0)[0]
    assert row.more_label() == f"Добавить одну фишку в запас: {row.label}"
    writes = by_target(studio_reserves.writes(studio))
    assert writes[("studio-reserves-reset", "textContent")] == (
        "Вернуть запасы по умолчанию (всё, чего нет на доске)"
    )
    studio.reset_reserves()
    assert studio.message == "Запасы снова по умолчанию."


@pytest.mark.usefixtures("russian")
def test_hands_and_the_bag_in_russian() -> None:
    ancient = Studio("ancient")
    ancient.start("standard")
    if studio_reserves.seats_with_reserves(ancient):
        assert studio_reserves.heading(ancient) == "Руки"
        row = studio_reserves.rows(ancient, 0)[0]
        assert row.fewer_label().startswith("Убрать одну фишку из руки (")
    balance = Studio("balance")
    balance.start("standard")
    writes = by_target(studio_reserves.writes(balance))
    assert writes[("studio-pile-default", "textContent")] == (
        "Мешок по умолчанию (мешок по зерну, без фишек на доске)"
    )
    balance.default_pile()
    assert balance.message == "Мешок снова по умолчанию."


@pytest.mark.usefixtures("russian")
def test_play_section_in_russian() -> None:
    studio = Studio("skud")
    studio.start("standard")
    plan, why = studio_play.plan(studio, studio_play.COMPUTER, 5, "medium")
    assert plan is None and why == "Места 6 нет (места с 1 по 2)."


def test_english_is_unchanged() -> None:
    studio = Studio("skud")
    studio.start("standard")
    assert studio_reserves.seat_title(studio, 0) == "The Host's reserve (to move)"
    assert studio_reserves.rows(studio, 0)[0].more_label().startswith("One more Host ")
    ancient = Studio("ancient")
    ancient.start("standard")
    for seat in studio_reserves.seats_with_reserves(ancient):
        assert studio_reserves.seat_title(ancient, seat).startswith(f"P{seat + 1}'s hand")
    assert studio_screen.step_items(studio)[0].children[0].text == (
        "0. Start: A position set up in the Pai Sho Studio."
    )
