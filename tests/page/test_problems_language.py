"""The engine's set-up problems, end reasons and demo errors in the reader's language
(issue #24): the Studio's problems list, the result line, a move after the end of a game,
a demo link out of bounds and an unknown demo, with the shipped Russian (and Frisian)
catalog; English again afterwards."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pytest
from language import speaking

from paisho_core import demolink, link, setups
from paisho_core.board import Point
from paisho_core.demolink import DemoLinkError
from paisho_core.protocol import Outcome
from paisho_core.registry import get_variant
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.play.ui_text import result_sentence
from paisho_page.studio import play as studio_play
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.editor import Studio
from paisho_page.words import i18n


def _guest_roses(studio: Studio, count: int) -> None:
    setup = studio.setup
    for y in range(1, count + 1):
        setup = setups.put(setup, Point(1, y), "R3", 1)
    studio.setup = setup


def _problems(studio: Studio) -> list[str]:
    return [item.text for item in studio_screen.problem_items(studio)]


def test_a_studio_problem_in_russian_and_frisian() -> None:
    studio = Studio("skud")
    _guest_roses(studio, 4)
    english = _problems(studio)
    assert english == ["4 Guest Rose (R3) on the board: at most 3 (skud-tiles)."]
    with speaking("ru"):
        assert _problems(studio) == [
            "Роза (R3), Гость: на доске 4, а можно не больше 3 (skud-tiles)."
        ]
        plan, why = studio_play.plan(studio, studio_play.ANALYSE, 0, "medium")
        assert plan is None and why.startswith("Сначала исправьте позицию: Роза (R3), Гость:")
    with speaking("fy"):
        assert _problems(studio) == [
            "Roas (R3), Gast: 4 op it boerd, mar op syn heechst 3 (skud-tiles)."
        ]
    assert _problems(studio) == english


def test_a_studio_problem_is_capitalised_after_translation() -> None:
    studio = Studio("skud")
    studio.setup = setups.put(studio.setup, Point(0, 8), "R", 0)  # a Rock on a Gate
    with speaking("ru"):
        (said,) = _problems(studio)
    assert said == (
        "Скала (R), Хозяин: не может стоять на (0,8) — акцентные фишки никогда не ставят"
        " в порт (skud-gardens)."
    )


def test_a_wiki_problem_names_its_player_in_russian() -> None:
    studio = Studio("wiki")
    few = setups.put(setups.empty("wiki"), Point(1, 1), "Ja", 0)
    studio.setup = replace(few, reserves=((("Ja", 2), ("K", 3)), (("Ro", 6),)))
    with speaking("ru"):
        said = _problems(studio)
    assert said == [
        "Хозяин: Белых и Красных цветов на доске и в запасе — 3; у кого их три или меньше,"
        " тот проигрывает, партия была бы окончена (wiki-r11)."
    ]


def test_a_finished_set_up_names_the_end_in_russian() -> None:
    studio = Studio("balance")
    for point, code in (("(0,1)", "B"), ("(1,0)", "B"), ("(0,-1)", "B"), ("(-1,0)", "B"),
                        ("(1,1)", "S"), ("(1,-1)", "S"), ("(-1,-1)", "S"), ("(-1,1)", "S")):
        studio.setup = setups.put(studio.setup, Point.parse(point), code)
    studio.setup = setups.set_pile(studio.setup, "D")  # a Dragon with nowhere to go
    with speaking("ru"):
        assert _problems(studio) == [
            "В этой позиции партия уже окончена (взятую фишку некуда поставить): расставьте"
            " такую, в которой игра продолжается."
        ]


@dataclass
class _Finished:
    """What ``result_sentence`` reads of a finished game."""

    players: tuple[str, ...]
    ended: Outcome
    info: Any = get_variant("ancient").info

    def outcome(self) -> Outcome:
        return self.ended


def test_end_reasons_in_the_result_line() -> None:
    target = _Finished(("P1", "P2", "P3"), Outcome((1,), "exact-target"))
    passed = _Finished(("P1", "P2"), Outcome((), "all-passed"))
    other: Any = _Finished(("host", "guest"), Outcome((0,), "failure"))
    assert result_sentence(target) == "P2 wins by reaching the target exactly."
    assert result_sentence(other) == "Host wins (a drawn tile with nowhere to go)."
    with speaking("ru"):
        assert result_sentence(target) == "Побеждает Игрок 2, точно достигнув цели."
        assert result_sentence(passed) == "Ничья: все спасовали."
        assert "(взятую фишку некуда поставить)" in result_sentence(other)
    with speaking("fy"):
        assert result_sentence(target) == "Spiler 2 wint troch it doel krekt te heljen."


def test_a_move_after_the_end_in_russian() -> None:
    said = link._over(13, Outcome((0,), "harmony-ring"))
    assert str(said) == (
        "move 13 is not legal: the game was already over (a Harmony Ring) after move 12")
    with speaking("ru"):
        assert i18n.render(said) == (
            "ход 13 недопустим: партия уже закончилась (кольцо гармонии) после хода 12")


def test_demo_errors_in_russian() -> None:
    demo = {"variant": "skud", "name": "skud-x", "title": "T" * 200, "caption": "c"}
    with pytest.raises(DemoLinkError) as caught:
        demolink.check(demo)
    with speaking("ru"):
        assert i18n.describe(caught.value) == (
            "заголовок: слишком длинно (символов: 200, допустимо не больше 120)")
        shown = EmbedModel({"demo": "skud-nothing"}).message
    assert shown.startswith("Демо с именем 'skud-nothing' нет")
