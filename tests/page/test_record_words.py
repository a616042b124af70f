"""One count of a game's moves, messages shown as what they tell, notices that pass,
a move list numbered once and options in words (en/ru/fy); and every stored setting
round-trips through its reader."""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from language import speaking

from paisho_core import link, registry, setups
from paisho_core.ai import LEVELS
from paisho_core.registry import get_variant, new_game, variant_names
from paisho_core.skud import SkudGame
from paisho_page.computer import worker_client
from paisho_page.play import board_view, game_view
from paisho_page.play.move_list import move_count, move_list_html, move_texts, numbered
from paisho_page.play.new_game_view import option_boxes
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.ui import UIState
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing.link_open import open_link
from paisho_page.words.said import ERROR, INFO, SUCCESS


def _writes(writes: tuple[object, ...]) -> dict[tuple[str, str], object]:
    return {(w.target, w.name): w.value for w in writes}  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- one count
def test_a_link_the_replay_bar_and_the_move_list_say_one_count() -> None:
    game, rng = SkudGame(), random.Random(4)
    while len(game.history) <= len(move_texts(game.to_text())) or len(game.history) < 8:
        game.apply(rng.choice(game.legal_actions()))  # till a bonus makes two actions a move
    moves = move_count(game)
    assert moves < len(game.history)
    assert moves == len(move_texts(game.to_text())) == ReplayCursor(game).total_plies
    opened = open_link("#" + link.encode(game))
    assert opened.message() == f"Opened a shared game ({moves} moves)."
    view = link.encode(game, 5)
    shown = open_link("#" + view).message()
    assert shown == f"Opened a shared game ({moves} moves, shown at move 5)."
    assert ReplayCursor(game).label() == f"Move {moves} of {moves}"


def test_a_set_up_games_replay_bar_counts_from_its_position() -> None:
    """A Skud set-up's imaginary opening plies are no moves (skud-notation)."""
    game = setups.build(setups.set_mover(setups.standard("skud"), 0))
    for _ in range(3):
        game.apply(game.legal_actions()[0])
        while getattr(game, "bonus_pending", False):
            game.apply(game.legal_actions()[-1])
    cursor = ReplayCursor(game)
    cursor.go(1)
    assert cursor.label() == f"Move 1 of {move_count(game)}"
    assert cursor.index_of_ply(1) == 1


# ----------------------------------------------------------------------------- move list
@pytest.mark.parametrize("variant", variant_names())
def test_the_move_list_numbers_each_move_once(variant: str) -> None:
    cls = get_variant(variant)
    game = cls((), 7) if cls.info.uses_seed else cls()
    for _ in range(6):
        if game.to_move is None:
            break
        game.apply(game.legal_actions()[0])
    moves = move_texts(game.to_text())
    html = move_list_html(moves)
    items = re.findall(r"<li ([^>]*)>([^<]*)</li>", html)
    assert len(items) == len(moves) > 0
    for k, (attrs, shown) in enumerate(items, 1):
        own = numbered(shown)
        assert own != (f'data-n="{k}"' in attrs)  # one number: its own, or the list's


# ----------------------------------------------------------------------------- message kinds
def test_messages_carry_what_they_tell() -> None:
    ui = UIState(new_game("skud", (), None))
    said = _writes(game_view.status_writes(ui, None, "New game."))
    assert said[("message", "kind")] == INFO
    result = ui.click("point:(0,0)")
    assert result.kind == "refuse" and ui.message_kind == ERROR
    assert _writes(game_view.status_writes(ui, None, None))[("message", "kind")] == ERROR
    ui.cancel()
    best = _writes(game_view.message_writes("A new best score ever!", SUCCESS))
    assert best[("message", "kind")] == SUCCESS
    assert _writes(game_view.message_writes(""))[("message", "kind")] == ""
    assert _writes(game_view.message_writes("That tile cannot move."))[("message", "kind")] == ERROR


def test_a_passing_notice_goes_on_the_next_move_but_a_kept_link_stays() -> None:
    game = new_game("skud", (), None)
    shown = sharing.notice_key(game)
    assert not sharing.notice_outlived(shown, game, False)
    assert not sharing.notice_outlived(None, game, False)
    game.apply(game.legal_actions()[0])
    assert sharing.notice_outlived(shown, game, False)
    assert not sharing.notice_outlived(shown, game, True)  # the link it holds stays
    assert sharing.notice_outlived(shown, new_game("wiki", (), None), False)


# ----------------------------------------------------------------------------- options
@pytest.mark.parametrize("lang", ["en", "ru", "fy"])
def test_every_option_has_words_in_every_language(lang: str) -> None:
    for variant in variant_names():
        spec = registry.spec(variant)
        names = set(spec.info.options)
        assert names <= set(spec.option_labels), variant
        english = {m.template for m in spec.option_labels.values()}
        with speaking(lang) if lang != "en" else contextlib.nullcontext():
            for box in option_boxes(variant, sorted(names), ()):
                words = box.children[1].text
                assert words and words not in names and "-" not in words.split()[0]
                assert lang == "en" or words not in english  # translated


# ----------------------------------------------------------------------------- settings
@given(st.booleans())
def test_the_coordinates_setting_round_trips(shown: bool) -> None:
    assert board_view.coords_shown(board_view.coords_value(shown)) is shown


@given(st.sampled_from(variant_names()), st.data())
def test_the_computer_seat_round_trips_for_every_seat(variant: str, data: st.DataObject) -> None:
    """Every seat a game has, the smallest (0) and the largest, and "none"."""
    info = get_variant(variant).info
    seat = data.draw(st.sampled_from([0, info.max_players - 1, None]))
    stored = "none" if seat is None else str(seat)
    assert worker_client.parse_seat(stored) == seat


def test_the_level_and_node_settings_round_trip() -> None:
    for level in LEVELS:
        assert worker_client.parse_level(level) == level
    for nodes in (1, worker_client.MAX_NODES):
        assert worker_client.parse_nodes(str(nodes)) == nodes
    for bad in ("0", str(worker_client.MAX_NODES + 1), "-1", "²"):
        assert worker_client.parse_nodes(bad) is None
