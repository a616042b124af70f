"""Ancient on the page, the parts testable under CPython: click paths for the draw, the
discard, the Wheel's ring and the Boat's second point (``rules.html#ancient-r3``,
``#ancient-r9``, ``#ancient-r10``); undo snapshots for 3 seats; saves, kept records and
imported notation that keep the number of seats and the computer seats."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.ancient import AncientGame
from paisho_core.ancient.actions import DISCARD, DRAW, MOVE, PLACE
from paisho_core.ancient.computer import choose
from paisho_page.play.ui import UIState
from paisho_page.sharing.notation import import_notation
from paisho_page.storage import games_index, saves, schema
from paisho_page.storage.records import game_of_record, record_of


def _played(seed: int, players: int, steps: int) -> AncientGame:
    game = AncientGame(("target=5",), seed, players)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.to_move is None:
            break
        action = choose(game, rng)
        assert action is not None
        game.apply(action)
    return game


def test_every_legal_action_has_its_own_click_path() -> None:
    """wiki-style check: each legal action of each step is reached by exactly one path."""
    game = _played(7, 3, 30)
    ui = UIState(game)
    for action in game.legal_actions():
        assert ui.paths()[tuple(game.action_clicks(action))] == [action]


def test_draw_then_discard_by_clicks() -> None:
    """ancient R3 (``rules.html#ancient-r3``): the draw button, then a hand tile."""
    game = AncientGame(("target=5",), 11, 3)
    ui = UIState(game)
    seat = game.to_move
    assert "draw" in ui.next_tokens()
    result = ui.click("draw")
    assert result.kind == "complete" and result.action is not None
    assert result.action.kind == DRAW and game.to_move == seat and game.step == "discard"
    code = next(iter(game.hand(seat)))  # type: ignore[arg-type]
    result = ui.click(f"reserve:{code}")  # the first click selects: a discard asks again
    assert result.kind == "extend" and game.to_move == seat and ui.selected_reserve == code
    assert "again to discard" in ui.message and ui.confirming == ui.message
    result = ui.click(f"reserve:{code}")
    assert result.kind == "complete" and result.action.kind == DISCARD  # type: ignore[union-attr]
    assert game.to_move != seat


def _drawn(seed: int) -> tuple[AncientGame, UIState, list[str]]:
    game = AncientGame(("target=5",), seed, 3)
    ui = UIState(game)
    ui.click("draw")
    seat = game.to_move
    assert seat is not None and game.step == "discard"
    return game, ui, sorted(game.hand(seat))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_discard_waits_for_its_second_click_and_anything_else_cancels(
    seed: int, data: st.DataObject
) -> None:
    """ancient R3 (``rules.html#ancient-r3``): a discard cannot be undone, so the first
    click on a hand tile selects it and says so; another hand tile selects that one;
    Esc or a click on the board drops it; nothing is discarded until the second click."""
    game, ui, codes = _drawn(seed)
    seat, hand = game.to_move, dict(game.hand(game.to_move))  # type: ignore[arg-type]
    first = data.draw(st.sampled_from(codes))
    assert ui.click(f"reserve:{first}").kind == "extend"
    other = data.draw(st.sampled_from(codes))
    if other != first:
        assert ui.click(f"reserve:{other}").kind == "reselect"
        assert ui.selected_reserve == other and "again to discard" in ui.message
    how = data.draw(st.sampled_from(["escape", "board"]))
    result = ui.key("Escape") if how == "escape" else ui.click("point:(0,0)")
    assert result.kind == "cancel" and ui.clicks == () and not ui.confirming
    assert game.to_move == seat and game.step == "discard" and dict(game.hand(seat)) == hand
    assert ui.click(f"reserve:{first}").kind == "extend"
    assert ui.click(f"reserve:{first}").kind == "complete"
    assert game.discards[-1] == first and game.to_move != seat


def test_wheel_turn_is_a_third_click() -> None:
    """ancient R9 (``rules.html#ancient-r9``): Wheel, its point, then the ring's angle."""
    game = AncientGame.setup({"(1,1)": "Ro", "(2,2)": "Ja"}, ["W", "Ro"], target=9)
    ui = UIState(game)
    assert ui.click("reserve:W").kind == "extend"
    assert ui.click("point:(1,2)").kind == "extend"
    turns = {t for t in ui.next_tokens() if t.startswith("turn:")}
    assert "turn:0" in turns and len(turns) > 1
    result = ui.click("turn:90")
    assert result.kind == "complete" and result.action.kind == PLACE  # type: ignore[union-attr]
    assert game.format_action(result.action) == "W(1,2)@90"


def test_boat_displaced_tile_goes_to_a_second_point() -> None:
    """ancient R10 (``rules.html#ancient-r10``): Boat, the tile it lands on, then where
    that tile goes."""
    game = AncientGame.setup({"(1,1)": "Ro"}, ["B", "Ro"], target=9)
    ui = UIState(game)
    ui.click("reserve:B")
    assert ui.click("point:(1,1)").kind == "extend"
    result = ui.click("point:(3,3)")
    assert result.kind == "complete"
    assert game.format_action(result.action) == "B(1,1)>(3,3)"
    assert any(t.code == "Ro" and (t.point.x, t.point.y) == (3, 3) for t in game.board_tiles())


def test_a_placement_then_its_move_by_clicks() -> None:
    """ancient R3: after a placement the same seat moves a tile (two point clicks)."""
    game = AncientGame.setup({"(1,1)": "Ro"}, ["Ro", "Ja"], target=9)
    ui = UIState(game)
    place = next(a for a in game.legal_actions() if a.kind == PLACE)
    first, second = game.action_clicks(place)
    assert ui.click(first).kind == "extend"
    assert ui.click(second).kind == "complete"
    assert game.step == "move" and game.to_move == 0
    move = next(a for a in game.legal_actions() if a.kind == MOVE)
    a, b = game.action_clicks(move)
    assert ui.click(a).kind == "extend"
    assert ui.click(b).kind == "complete"
    assert game.to_move == 1


def test_undo_snapshots_of_a_three_seat_game_are_rebuilt() -> None:
    game = _played(5, 3, 12)
    ui = UIState(game)
    assert len(ui._undo) == len(game.history)
    ui.undo()
    assert len(ui.game.history) == len(game.history) - 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_saves_keep_the_seats_and_the_computer_seats(players: int) -> None:
    game = _played(3, players, 10)
    record = saves.record_game(game, "abcdefgh1234", None, 1, 2, "r1", (players - 1, 0))
    assert record.players == players and record.computers == (0, players - 1)
    back = saves.parse_game(record.to_json(), "abcdefgh1234")
    assert back.players == players and back.computers == (0, players - 1)
    restored = saves.restore(back)
    assert restored.dropped is None
    assert restored.game.to_text() == game.to_text()
    assert len(restored.game.players) == players


def test_a_two_player_variant_saves_no_player_count() -> None:
    from paisho_core.skud import SkudGame

    record = saves.record_game(SkudGame(), "abcdefgh1234", 1, 1, 2, "r1")
    assert record.players is None and '"players"' not in record.to_json()


@pytest.mark.parametrize(
    ("field", "value"),
    [("computers", "1"), ("computers", [True]), ("computers", [99]), ("players", 0)],
)
def test_bad_seat_fields_are_refused(field: str, value: object) -> None:
    import json

    game = _played(3, 3, 4)
    data = json.loads(saves.record_game(game, "abcdefgh1234", None, 1, 2, "r1").to_json())
    data[field] = value
    with pytest.raises(schema.BadSave):
        saves.parse_game(json.dumps(data), "abcdefgh1234")


def test_kept_records_and_imports_keep_the_seats() -> None:
    game = _played(9, 4, 15)
    record = record_of(game)
    assert record["players"] == 4
    assert game_of_record(record).to_text() == game.to_text()
    imported = import_notation("ancient", game.to_text(), game.options, game.seed, players=4)
    assert imported.error is None and imported.game is not None
    assert len(imported.game.players) == 4


def test_your_games_names_the_seats_of_an_ancient_game() -> None:
    game = _played(3, 3, 4)
    record = saves.record_game(game, "abcdefgh1234", None, 1, 2, "r1", (2,))
    entry = record.entry()
    index = games_index.parse_index(games_index.index_json([entry]))
    assert index == [entry]
    assert "3 players, the computer plays P3" in games_index.describe(entry)
    hot = saves.record_game(game, "abcdefgh1234", None, 1, 2, "r1").entry()
    assert "3 players, hot-seat" in games_index.describe(hot)


def test_the_board_marks_the_pairs_a_lotus_flipped() -> None:
    """ancient R8 (``rules.html#ancient-r8``): flipped harmonies/disharmonies are drawn
    with a mark of their own."""
    from paisho_core.render import render_svg

    for seed in range(200):
        game = AncientGame(("target=99", "hand=13"), seed, 2)
        rng = random.Random(seed)
        for _ in range(80):
            if game.to_move is None or any(f for *_, f in game.pairs()):
                break
            game.apply(rng.choice(game.legal_actions()))
        flipped = [p for p in game.pairs() if p[3]]
        if flipped:
            break
    assert flipped, "no Lotus flip in 200 random games"
    svg = render_svg(game)
    assert svg.count(' flipped"') == len(flipped) == len(game.flipped_lines())
    assert render_svg(AncientGame(("target=5",), 1, 2)).count(' flipped"') == 0
