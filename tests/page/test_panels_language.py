"""The panels, the computer's lines and the tile cards in Russian and Frisian (the
shipped catalogs compiled from ``locale/<lang>/LC_MESSAGES/page.po``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from language import speaking

from paisho_core.ancient.game import AncientGame
from paisho_core.board import Point
from paisho_core.protocol import Outcome
from paisho_core.tokens import point_token
from paisho_core.wiki import WikiGame
from paisho_page.base.dom_writes import by_target
from paisho_page.computer import choices as computer_page
from paisho_page.computer import worker_client
from paisho_page.panels import ancient, wiki_guide, wiki_view
from paisho_page.panels import balance as bp
from paisho_page.panels.wiki import pass_texts, score_rows
from paisho_page.play import card_view
from paisho_page.play.ui import UIState
from paisho_page.words import cards


@pytest.fixture()
def russian() -> Iterator[None]:
    with speaking("ru"):
        yield


@pytest.fixture()
def frisian() -> Iterator[None]:
    with speaking("fy"):
        yield


@pytest.mark.usefixtures("russian")
def test_the_wiki_score_panel_in_russian() -> None:
    game = WikiGame()
    labels = [label for _, label, _ in score_rows(game)]
    assert labels == ["Гармонии", "Дисгармонии", "Заблокированные гармонии",
                      "Рядом с Белым Лотосом", "Фишки вне гармоний", "Итого"]
    said = by_target(wiki_view.panel_writes(game))
    assert said[("wiki-flowers", "textContent")] == (
        "Осталось цветов: Хозяин 36, Гость 36 (у кого три или меньше — проигрывает).")


@pytest.mark.usefixtures("russian")
def test_the_wiki_guide_names_the_boat_in_russian() -> None:
    tiles = {"(0,0)": "GB", "(1,0)": "GRo", "(-1,1)": "GJa", "(0,-4)": "HJa"}
    ui = UIState(WikiGame.setup(tiles), undo=False)
    ui.click(point_token(Point(0, 0)))
    status = wiki_guide.guide_status(ui)
    assert status is not None
    assert "выбрано: Лодка — выберите куда идёт Лодка" in status
    assert "соседнюю фишку, чтобы её толкнуть или перевезти" in status


@pytest.mark.usefixtures("russian")
def test_balance_texts_use_russian_plurals_and_tile_names() -> None:
    assert [bp.plural(n, "harmony") for n in (1, 3, 5, 21)] == [
        "1 гармония", "3 гармонии", "5 гармоний", "21 гармония"]
    assert bp.bag_text(2) == "В мешке осталось 2 фишки"
    assert bp.tile_label("B") == "Кротобарсук"
    assert bp.end_text(Outcome((), "bag-empty", 6, "unbalance")) == "Дисбаланс. Счёт 6."
    assert bp.seed_text(20261130) == "Игра дня 2026-11-30 (зерно 20261130)"


@pytest.mark.usefixtures("russian")
def test_the_ancient_pass_the_device_screen_in_russian() -> None:
    game = AncientGame(seed=3, players=3)
    view = ancient.seat_view(game, 0)
    assert view.status.startswith("Игрок ") and "· гармоний 0 из " in view.status
    assert ancient.screen_refusal(ancient.HANDOVER) == "Сначала передайте устройство."


@pytest.mark.usefixtures("russian")
def test_the_computer_lines_in_russian() -> None:
    assert computer_page.seat_choices(("host", "guest")) == [
        ("none", "Никто: два человека за этим экраном"), ("0", "Хозяин"), ("1", "Гость")]
    assert worker_client.level_name("hard") == "сложный"
    assert computer_page.hint_waiting_text(True) == "Компьютер ищет подсказку…"


@pytest.mark.usefixtures("russian")
def test_a_tile_card_in_russian() -> None:
    card = cards.card("wiki", "Li")
    lines = dict(card.lines)
    assert card.title == "Лилия (Li)"
    assert lines["Вводится"] == "В восточный или западный порт, если он свободен."
    assert lines["Гармонирует с"] == "Жасмин, Белый Нефрит"
    assert "ровно 2 точки прямо, затем 2 точки под прямым углом" in lines["Ходы"]
    said = by_target(card_view.card_writes(None))
    assert said[("tile-card-title", "textContent")] != "Tile card"


@pytest.mark.usefixtures("frisian")
def test_a_tile_card_and_rules_table_in_frisian() -> None:
    card = cards.card("skud", "R3")
    assert card.title == "Roas (R3)"
    table = cards.rules_table_html("ancient")
    assert "Elke tegel fan Ancient" in table and "Jasmyn" in table


def test_a_card_is_kept_per_language() -> None:
    english = cards.card("wiki", "Ro")
    with speaking("ru"):
        assert cards.card("wiki", "Ro").title == "Роза (Ro)"
    assert cards.card("wiki", "Ro") is english


@pytest.mark.usefixtures("russian")
def test_wiki_pass_texts_in_russian() -> None:
    game = WikiGame.setup({"(0,0)": "GJa"})
    texts = pass_texts(game)
    if texts is not None:
        assert texts[2] in ("Пас", "Закончить дебют")
