"""paisho_page/words/terms.py: every tile and seat name of the engine's tables is named in a
variant's spec (marked there for translation), and translated by the catalogs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from language import speaking

from paisho_core import registry
from paisho_core.ancient import tiles as ancient_tiles
from paisho_core.balance import tiles as balance_tiles
from paisho_core.registry import new_game
from paisho_core.skud import tiles as skud_tiles
from paisho_core.wiki import tiles as wiki_tiles
from paisho_page.words import terms


def _engine_tile_names() -> set[str]:
    names = {*ancient_tiles.NAMES, *balance_tiles.NAMES, *skud_tiles.NAME, *wiki_tiles.NAME}
    for variant in registry.variant_names():
        names |= {fact.name.rstrip(" 0123456789") for fact in registry.tile_facts(variant)}
    return names - {"", "empty"}


def _engine_player_names() -> set[str]:
    names = {*skud_tiles.PLAYERS, *wiki_tiles.PLAYERS}
    for variant, players in (("skud", None), ("wiki", None), ("balance", None),
                             ("ancient", 2), ("ancient", 3), ("ancient", 4)):
        names |= set(new_game(variant, seed=1, players=players).players)
    return {name[:1].upper() + name[1:] for name in names}


def test_every_engine_tile_name_is_a_term() -> None:
    assert _engine_tile_names() <= set(terms.tile_names())


def test_every_engine_seat_name_is_a_term() -> None:
    assert _engine_player_names() <= set(terms.seat_names())


@pytest.fixture()
def russian() -> Iterator[None]:
    with speaking("ru"):
        yield


@pytest.fixture()
def frisian() -> Iterator[None]:
    with speaking("fy"):
        yield


def test_english_terms_are_the_source() -> None:
    assert terms.tile("White Jade") == "White Jade"
    assert terms.player("host") == "Host"


@pytest.mark.usefixtures("russian")
def test_russian_uses_the_russian_rulebook_names() -> None:
    assert [terms.tile(n) for n in ("Jasmine", "Lily", "White Jade", "Rose", "Boat")] == [
        "Жасмин", "Лилия", "Белый Нефрит", "Роза", "Лодка"]
    assert terms.player("host") == "Хозяин"
    assert all(terms.tile(n) != n or n == "Koi" for n in terms.tile_names())


@pytest.mark.usefixtures("frisian")
def test_frisian_uses_the_frisian_texts_names() -> None:
    assert [terms.tile(n) for n in ("Jasmine", "Rock", "Wheel", "Dragon")] == [
        "Jasmyn", "Rots", "Tsjil", "Draak"]
    assert terms.player("guest") == "Gast"


def test_every_spec_names_every_tile_its_facts_have() -> None:
    """The renderer's names (a spec's ``tile_names``) and the tile facts agree."""
    for spec in registry.specs():
        for fact in registry.tile_facts(spec.name):
            assert spec.tile_names[fact.code].template == fact.name.rstrip(" 0123456789"), (
                spec.name, fact.code)
