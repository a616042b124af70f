"""The board's words in the page's language (issue #24): every point's accessible name and
the board's own name come from the page catalog as whole phrases (here the shipped
Russian and Frisian ones), tile and seat names from the glossary's words; in English the
page's words say exactly what the engine's default does."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from language import speaking
from studio_positions import skud_position
from ui_fake import opened

from paisho_core.board import Point
from paisho_core.board_words import ENGLISH, BoardWords
from paisho_core.registry import new_game
from paisho_core.render import RenderView, TargetMark, render_dynamic, render_svg
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.editor import PLAY, Studio
from paisho_page.words import i18n
from paisho_page.words.board_words import board_words, build_words


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield None
    i18n.activate("en")


def played(name: str, plies: int, seed: int = 5) -> object:
    """A game of ``name`` after ``plies`` random legal actions (fewer if it ends)."""
    game = new_game(name, seed=seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        actions = list(game.legal_actions())
        if not actions or game.outcome() is not None:
            break
        game.apply(rnd.choice(actions))
    return game


def names(svg: str) -> dict[str, str]:
    """Point → its accessible name."""
    return dict(re.findall(r'data-point="([^"]*)" id="[^"]*" role="button" aria-label="([^"]*)"',
                           svg))


def test_english_page_words_are_the_engine_default() -> None:
    assert board_words() is ENGLISH  # (its names already made by the snapshot's warm-up)
    words = build_words()
    assert words == ENGLISH
    for field in ("board", "role", "empty", "unowned", "other_owner", "separator",
                  "selected", "choosable", "choosable_as"):
        assert getattr(words, field) == getattr(ENGLISH, field), field
    assert dict(words.owned) == dict(ENGLISH.owned)
    assert dict(words.states) == dict(ENGLISH.states)  # every state the engine names
    assert not words.tiles and not words.seats  # English names as they are
    for name in ("skud", "wiki", "ancient", "balance"):
        game = played(name, 30)
        tiles = [t.point for t in game.board_tiles()]  # type: ignore[attr-defined]
        view = RenderView(selected=frozenset(tiles[:1]), highlights=frozenset(tiles[:3]),
                          target_marks={tiles[1]: TargetMark(("dot",), "go")})
        assert render_svg(game, view, words=words) == render_svg(game, view), name


def test_the_words_are_built_once_per_language() -> None:
    english = board_words()
    assert board_words() is english
    with speaking("ru"):
        russian = board_words()
        assert russian is not english and board_words() is russian
        assert russian.empty == "точка {point}, свободна"
    assert board_words() is not russian and board_words().empty == ENGLISH.empty


def test_russian_board_names_its_points_and_tiles() -> None:
    game = opened()
    game.apply(("plant", "R3", Point(0, -8)))  # the Host plants in a Gate: growing
    with speaking("ru"):
        words = board_words()
        view = RenderView(selected=frozenset({Point(0, -8)}),
                          highlights=frozenset({Point(0, -7), Point(1, -7)}),
                          target_marks={Point(1, -7): TargetMark(("dot",), "сюда")})
        svg = render_svg(game, view, words=words)
    found = names(svg)
    assert found["(0,0)"] == "точка (0,0), свободна"
    assert found["(0,-8)"] == "фишка Роза R3 Хозяина на (0,-8), растущая, выбрана"
    assert found["(0,-7)"] == "точка (0,-7), свободна, можно выбрать"
    assert found["(1,-7)"] == "точка (1,-7), свободна, можно выбрать: сюда"
    assert 'aria-label="Доска Пай Шо" aria-roledescription="доска"' in svg


def test_frisian_board_names_its_points_and_tiles() -> None:
    game = opened()
    game.apply(("plant", "W4", Point(0, -8)))  # the Host plants in a Gate: growing
    with speaking("fy"):
        svg = render_svg(game, RenderView(selected=frozenset({Point(0, -8)})),
                         words=board_words())
    found = names(svg)
    assert found["(0,0)"] == "punt (0,0), leech"
    assert found["(0,-8)"] == "Lily W4 fan de Gasthear op (0,-8), groeiend, selektearre"
    assert 'aria-roledescription="boerd"' in svg


def test_no_english_left_on_a_played_board_in_russian() -> None:
    for name in ("skud", "wiki", "ancient", "balance"):
        game = played(name, 40)
        with speaking("ru"):
            found = names(render_dynamic(game, None, board_words()))
        flagged = [t for t in game.board_tiles() if t.flags]  # type: ignore[attr-defined]
        for label in found.values():
            words = re.sub(r"\(-?\d+,-?\d+\)|\b[A-Z]{1,2}\d?\b", "", label)
            assert not re.search(r"[a-z]{2,}", words), (name, label)
        for tile in flagged:
            assert found[str(tile.point)].count(", ") >= len(tile.flags), (name, tile)


def test_a_seat_without_its_own_phrase_is_named_by_its_word() -> None:
    with speaking("ru"):
        words = build_words()
    assert words.tile_name_at("(1,1)", "Роза R3", "player") == "фишка Роза R3 (Игрок) на (1,1)"
    assert isinstance(words, BoardWords)


def test_the_studio_board_in_russian() -> None:
    with speaking("ru"):
        studio = Studio("skud")
        rose = next(i for i, t in enumerate(studio.palette) if t.code == "R3" and t.owner == 0)
        studio.select(rose)
        point = next(iter(studio.allowed()))
        studio.edit(point)
        svg = studio.board_svg()
        studio_board = i18n._("Studio board")
    found = names(svg)
    assert found[str(point)].startswith("фишка Роза R3 Хозяина на ")
    assert all("point" not in label for label in found.values())
    assert f'aria-label="{studio_board}" aria-roledescription="доска"' in svg


def test_the_studio_diagram_in_russian() -> None:
    with speaking("ru"):
        studio = skud_position()
        studio.set_mode(PLAY)
        studio.click(Point(1, 1))
        studio.click(Point(1, 2))
        svg, _name = studio_screen.diagram(studio)
    assert "фишка Роза R3 Хозяина на (1,2)" in svg and "точка (0,0), свободна" in svg
    assert "point (0,0)" not in svg
