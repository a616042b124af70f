"""A made-up variant (``tests/support/toyvariant``) works in the page logic with no
line of the page naming it: the New game dialog offers it, a game is played by clicks
to its end with the generic UI (status, refusals, result), it is saved and resumed,
shared and opened as a link, imported as notation, shown by the embed (its demo) and
drawn with the page's words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dict_storage import DictStorage
from toy_helpers import TOY, toy_registered

from paisho_core import link, registry
from paisho_core.render import render_svg
from paisho_core.tokens import point_token, reserve_token
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.play import new_game_view
from paisho_page.play.ui import Click, UIState
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import notation_import
from paisho_page.sharing.link_open import open_link
from paisho_page.storage.game_store import GameStore
from paisho_page.studio import screen as studio_screen
from paisho_page.words import cards
from paisho_page.words.board_words import board_words

WIN = "S(0,0);S(1,1);F(0,1);S(1,0);S(0,-1)"
"""A game the Host wins with a column of three."""


@pytest.fixture(autouse=True, scope="module")
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


def test_the_new_game_dialog_offers_it_and_starts_one() -> None:
    options = {e.props[0][1]: e.text for e in new_game_view.variant_choices(TOY)}
    assert options[TOY] == "Toy Pai Sho"
    chosen = [e for e in new_game_view.variant_choices(TOY) if ("selected", True) in e.props]
    assert [e.props[0][1] for e in chosen] == [TOY]
    assert new_game_view.option_fields(TOY, "skud", ()) == ()
    game = new_game_view.fresh_game(TOY, (), None, None, lambda: None)
    assert game.info.name == TOY and new_game_view.dialog_players(TOY) == ("host", "guest")


def test_a_game_is_played_by_clicks_to_its_end() -> None:
    ui = UIState(registry.new_game(TOY))
    assert ui.status() == "Host to move: plant a tile from the reserve."
    for text in WIN.split(";"):
        code, point = text[0], text[1:]
        assert ui.click(reserve_token(code)).kind is Click.EXTEND
        assert ui.click(point_token(point)).kind is Click.COMPLETE
    assert ui.game.outcome() is not None
    assert ui.result_text() == "Host wins (three in a row)."
    assert ui.click(point_token("(-1,-1)")).kind is Click.REFUSE


def test_a_click_on_a_taken_point_is_refused_in_words() -> None:
    ui = UIState(registry.get_variant(TOY).from_text("S(0,0)"))
    ui.click(reserve_token("F"))
    refused = ui.click(point_token("(0,0)"))
    assert refused.kind is Click.REFUSE and refused.message
    assert ui.undo() and ui.game.to_text() == ""


def test_a_draw_names_its_reason() -> None:
    game = registry.get_variant(TOY).from_text(
        "S(0,0);S(1,1);S(-1,-1);S(1,-1);S(1,0);S(-1,0);F(0,1);F(0,-1);F(-1,1)")
    assert UIState(game).result_text() == "Draw (a full board)."


def test_it_is_saved_and_resumed() -> None:
    storage = DictStorage()
    store = GameStore(storage)
    store.boot()
    game = registry.get_variant(TOY).from_text(WIN.rpartition(";")[0])
    assert store.save(game, None) is None
    found = GameStore(storage).boot()
    assert found.known and found.game is not None
    assert found.game.info.name == TOY and found.game.to_text() == game.to_text()
    assert [e.variant for e in GameStore(storage).read_index()] == [TOY]


def test_it_is_shared_and_opened_as_a_link() -> None:
    game = registry.get_variant(TOY).from_text(WIN)
    opened = open_link(link.fragment_for(game, 2))
    assert opened.ok and opened.game is not None and opened.game.to_text() == WIN
    assert opened.view_ply == 2


def test_its_notation_is_imported() -> None:
    assert TOY in sharing.importable_variants()
    pasted = notation_import.read_pasted(WIN, TOY)
    assert pasted.take is not None and pasted.take.game.to_text() == WIN
    labels = [e.props[0][1] for e in notation_import.variant_options(TOY)]
    assert TOY in labels


def test_the_studio_leaves_out_a_variant_without_set_ups() -> None:
    assert TOY not in [e.props[0][1] for e in studio_screen.variant_options("skud")]


def test_the_embed_shows_its_demo_and_its_moves() -> None:
    model = EmbedModel({"demo": "toy-three-in-a-row"})
    assert model.demo is not None and len(model.positions) == 4 and not model.message
    moves = EmbedModel({"variant": TOY, "moves": WIN})
    assert not moves.message and moves.positions[-1].game.to_text() == WIN


def test_it_is_drawn_with_the_pages_words_and_has_no_card() -> None:
    game = registry.get_variant(TOY).from_text("F(0,0)")
    assert "Host Flower at (0,0)" in render_svg(game, words=board_words())
    assert cards.card_or_none(TOY, "F") is None
