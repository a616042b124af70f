"""Engine messages in the reader's language (issue #24): a bad link opened in Russian
names the same ply and ruling as in English; the CLI's English is unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from refused_link import refused_skud_payload

from paisho_core import demolink
from paisho_core.demolink import DemoLinkError
from paisho_core.errors import IllegalMove
from paisho_core.skud.game import SkudGame
from paisho_page.sharing.link_open import open_link
from paisho_page.words import i18n
from sitebuild.catalogs import compile_mo, read_catalog

RULING = re.compile(r"\(R\d+[a-z]?\)")


@pytest.fixture
def russian() -> Iterator[None]:
    """The shipped Russian page catalog, active; English again after the test."""
    i18n.activate("ru", {"page": compile_mo(read_catalog("ru", "page"))})
    yield None
    i18n.activate("en")


def test_a_bad_link_in_russian_names_the_same_ply_and_ruling(russian: None) -> None:
    payload, count = refused_skud_payload()
    said = open_link("#" + payload)
    i18n.activate("en")
    english = open_link("#" + payload)
    assert english.error is not None and said.error is not None
    assert english.error.startswith(f"move {count + 1} is not legal: ")
    assert said.error.startswith(f"ход {count + 1} недопустим: ")
    assert "недопустимый ход" in said.error
    assert RULING.findall(said.error) == RULING.findall(english.error) != []
    assert said.game is not None and said.game.history == english.game.history  # type: ignore[union-attr]


def test_an_illegal_move_in_russian_keeps_its_ruling_anchor(russian: None) -> None:
    game = SkudGame.from_text("0H.R,R,W,B;0G.R,K,K,B")
    with pytest.raises(IllegalMove) as caught:
        game.apply(game.parse_action("R3(0,8)"))
    assert i18n.describe(caught.value) == (
        "полуход 3 (1G): R3(0,8) — недопустимый ход: Гость открывает партию, сажая основной"
        " цветок в свой порт (0,-8) (R7b)"
    )
    assert str(caught.value).endswith("(R7b)")  # the CLI's text stays English


def test_frisian_too(russian: None) -> None:
    i18n.activate("fy", {"page": compile_mo(read_catalog("fy", "page"))})
    payload, count = refused_skud_payload()
    said = open_link("#" + payload)
    assert said.error is not None and said.error.startswith(f"set {count + 1} is net jildich: ")
    assert RULING.search(said.error)


def test_english_is_the_engine_text() -> None:
    payload, count = refused_skud_payload()
    opened = open_link("#" + payload)
    assert opened.error is not None and opened.error.startswith(f"move {count + 1} is not legal")


def test_a_damaged_demo_link_in_russian(russian: None) -> None:
    with pytest.raises(DemoLinkError) as caught:
        demolink.decode("#demo=~1AAAA")
    assert str(caught.value).startswith("the demo link is damaged or incomplete")
    assert i18n.describe(caught.value).startswith("ссылка на демо повреждена или неполна")
