"""Tests of the pure UI state (paisho_page.play.ui) with a fake game, and with Skud if present."""

from __future__ import annotations

import pytest
from ui_fake import FakeGame, P, opened

from paisho_page.play.ui import UIState, accent_codes, find_ring, point_token, token_point


def pt(x: int, y: int) -> str:
    return point_token(P(x, y))


def planted() -> FakeGame:
    """Host planted R3 north... (host at (0,8), guest at (0,-8)); host to move."""
    g = opened()
    g.apply(("plant", "R3", P(0, 8)))
    g.apply(("plant", "R3", P(0, -8)))
    return g


# ------------------------------------------------------------------ tokens
def test_tokens():
    assert pt(3, -2) == "point:(3,-2)"
    assert token_point("point:(3,-2)") == P(3, -2)
    assert token_point("reserve:R3") is None
    assert token_point("point:(9,9)") is None
    assert accent_codes("accents:R,W,K,B") == ["R", "W", "K", "B"]


# ------------------------------------------------------------------ accents
def test_accent_chooser():
    ui = UIState(FakeGame())
    assert ui.status() == "Host: choose 2 accent tiles."
    pool, n = ui.accent_pool()
    assert n == 2 and pool == {"R": 1, "W": 1, "B": 1, "K": 1}
    assert ui.accent_token_for(["W", "R"]) == "accents:R,W"
    assert ui.accent_token_for(["R", "K"]) is None
    r = ui.click(pt(0, 0))
    assert r.kind == "refuse" and "accent" in r.message
    r = ui.click("accents:R,W")
    assert r.kind == "complete" and r.action == ("accents", ("R", "W"))
    assert ui.game.accents[0] == ("R", "W")
    assert ui.status().startswith("Guest")


def test_accent_chooser_one_of_each():
    ui = UIState(FakeGame(["one-of-each"]))
    pool, n = ui.accent_pool()
    assert n == 4 and pool == {"B": 1, "K": 1, "R": 1, "W": 1}
    assert ui.accent_tokens() == ["accents:B,K,R,W"]


# ------------------------------------------------------------------ planting
def test_plant_by_reserve_then_gate():
    ui = UIState(opened())
    assert ui.highlighted_reserve() == {"R3", "W4"}
    r = ui.click("reserve:R3")
    assert r.kind == "extend" and ui.clicks == ("reserve:R3",)
    assert ui.selected_reserve == "R3"
    assert ui.highlighted_points() == {P(0, 8), P(0, -8), P(8, 0), P(-8, 0)}
    assert ui.view().highlights == ui.highlighted_points()
    # keyboard cursor jumped onto a legal point
    assert ui.cursor in ui.highlighted_points()
    r = ui.click(pt(8, 0))
    assert r.kind == "complete" and r.action == ("plant", "R3", P(8, 0))
    assert ui.clicks == ()
    assert ui.last_move_points() == {P(8, 0)}
    assert ui.game.tiles[P(8, 0)][0] == "R3"


def test_refuse_bad_gate_changes_nothing():
    ui = UIState(opened())
    ui.click("reserve:R3")
    key = ui.game.state_key()
    r = ui.click(pt(1, 1))
    assert r.kind == "refuse"
    assert r.message == "R3 cannot go there."
    assert ui.message == r.message
    assert ui.clicks == ("reserve:R3",)
    assert ui.game.state_key() == key


def test_refuse_opponent_reserve():
    ui = UIState(opened())
    r = ui.click("reserve:R3", owner=1)
    assert r.kind == "refuse" and r.message.startswith("Not your tile")
    assert ui.clicks == ()


def test_refuse_empty_point_without_selection():
    ui = UIState(planted())
    r = ui.click(pt(2, 2))
    assert r.kind == "refuse"
    assert "empty" in r.message


# ------------------------------------------------------------------ arranging
def test_arrange_select_then_destination():
    ui = UIState(planted())
    assert ui.game.to_move == 0
    r = ui.click(pt(0, 8))
    assert r.kind == "extend"
    assert ui.view().selected == {P(0, 8)}
    assert ui.highlighted_points() == {P(0, 7), P(0, 6), P(1, 8), P(2, 8), P(-1, 8), P(-2, 8)}
    r = ui.click(pt(0, 6))
    assert r.kind == "complete" and r.action == ("move", P(0, 8), P(0, 6))
    assert ui.last_move_points() == {P(0, 8), P(0, 6)}


def test_not_your_tile():
    ui = UIState(planted())
    r = ui.click(pt(0, -8))
    assert r.kind == "refuse" and r.message == "Not your tile: it is Host's turn."


def test_tile_cannot_move():
    g = planted()
    g.tiles[P(2, 2)] = ("R", 0, frozenset())  # accents never move
    g.tiles[P(-2, 2)] = ("R3", 0, frozenset({"trapped"}))
    ui = UIState(g)
    r = ui.click(pt(2, 2))
    assert r.kind == "refuse" and r.message == "That tile cannot move."
    r = ui.click(pt(-2, 2))
    assert r.kind == "refuse" and "trapped" in r.message


def test_reselect_and_deselect():
    g = planted()
    g.tiles[P(3, 3)] = ("W4", 0, frozenset())
    ui = UIState(g)
    ui.click(pt(0, 8))
    r = ui.click(pt(3, 3))
    assert r.kind == "reselect" and ui.clicks == (pt(3, 3),)
    r = ui.click("reserve:R3")
    assert r.kind == "reselect" and ui.clicks == ("reserve:R3",)
    r = ui.click("reserve:R3")  # same again: deselect
    assert r.kind == "cancel" and ui.clicks == ()


def test_cancel_with_escape():
    ui = UIState(planted())
    ui.click(pt(0, 8))
    r = ui.key("Escape")
    assert r.kind == "cancel" and ui.clicks == ()
    assert ui.key("Escape").kind == "none"


def test_game_over_refuses():
    ui = UIState(planted())
    ui.resign()
    assert ui.game.is_over
    r = ui.click(pt(0, 8))
    assert r.kind == "refuse" and r.message == "The game is over."
    assert ui.status() == "Guest wins by resignation."
    assert ui.paths() == {}


def test_win_result_text():
    g = planted()
    g.tiles[P(0, 2)] = ("R3", 0, frozenset())
    ui = UIState(g)
    ui.click(pt(0, 2))
    r = ui.click(pt(0, 0))
    assert r.kind == "complete"
    assert ui.result_text() == "Host wins with a Harmony Ring."


# ------------------------------------------------------------------ bonus
def bonus_game() -> UIState:
    g = planted()
    g.tiles[P(2, 2)] = ("R4", 0, frozenset())
    g.tiles[P(1, 0)] = ("R", 1, frozenset())
    ui = UIState(g)
    ui.click(pt(2, 2))
    r = ui.click(pt(2, 0))
    assert r.kind == "complete"
    assert ui.game.to_move == 0 and ui.game.bonus
    return ui


def test_bonus_offer_and_skip():
    ui = bonus_game()
    assert ui.can_skip
    assert ui.highlighted_reserve() == {"R"}  # host took R,W: a rock, no boat
    assert "Harmony Bonus" in ui.status()
    r = ui.click(pt(3, 3))
    assert r.kind == "refuse" and "Harmony Bonus" in r.message
    r = ui.click("reserve:W")
    assert r.kind == "refuse" and r.message == "Wheel cannot be played now."
    ui.click("reserve:R")
    assert ui.can_skip  # still offered while the bonus tile is selected
    r = ui.click("skip")
    assert r.kind == "complete" and r.action == ("skip",)
    assert ui.game.to_move == 1
    assert ui.click("skip").message == "There is nothing to skip now."


def test_bonus_rock():
    ui = bonus_game()
    ui.click("reserve:R")
    assert P(3, 1) in ui.highlighted_points()
    r = ui.click(pt(3, 1))
    assert r.kind == "complete" and r.action == ("rock", P(3, 1))
    assert ui.game.tiles[P(3, 1)] == ("R", 0, frozenset())


def test_bonus_boat_two_steps_and_on_accent():
    g = planted()
    g.accents[1] = ("B", "K")
    g.turn = 1
    g.tiles[P(-2, -2)] = ("W4", 1, frozenset())
    g.tiles[P(-1, -1)] = ("R3", 1, frozenset())
    g.tiles[P(-3, -1)] = ("R", 0, frozenset())
    ui = UIState(g)
    ui.click(pt(-2, -2))
    assert ui.click(pt(-2, 0)).kind == "complete"
    assert ui.can_skip and ui.highlighted_reserve() == {"B"}
    ui.click("reserve:B")
    assert ui.highlighted_points() == {P(-1, -1), P(-3, -1)}
    # boat on the flower: two steps
    assert ui.click(pt(-1, -1)).kind == "extend"
    assert P(0, -1) in ui.highlighted_points()
    key = ui.game.state_key()
    assert ui.click(pt(5, 5)).message == "B cannot go there."
    assert ui.game.state_key() == key
    # back up and use the boat on the rock instead: one step
    assert ui.click(pt(-1, -1)).kind == "cancel"
    r = ui.click(pt(-3, -1))
    assert r.kind == "complete" and r.action == ("boat", P(-3, -1), None)
    assert P(-3, -1) not in ui.game.tiles


# ------------------------------------------------------------------ keyboard
def test_keyboard_cursor_moves_over_points_and_skips_gaps():
    ui = UIState(planted())
    assert ui.view().cursor is None
    ui.key("ArrowUp")
    assert ui.cursor == P(0, 1) and ui.view().cursor == P(0, 1)
    for _ in range(20):
        ui.key("ArrowUp")
    assert ui.cursor == P(0, 8)
    for _ in range(20):
        ui.key("ArrowRight")
    assert ui.cursor == P(4, 8)  # (5,8) is off the board
    for _ in range(4):
        ui.key("ArrowDown")
    ui.key("ArrowRight")
    assert ui.cursor == P(5, 4) or ui.cursor.x > 4
    assert ui.key("Tab").kind == "none"


def test_keyboard_enter_clicks_the_cursor_point():
    ui = UIState(planted())
    for _ in range(8):
        ui.key("ArrowUp")
    assert ui.cursor == P(0, 8)
    assert ui.key("Enter").kind == "extend"
    ui.key("ArrowDown")
    ui.key("ArrowDown")
    r = ui.key("Enter")
    assert r.kind == "complete" and r.action == ("move", P(0, 8), P(0, 6))


# ------------------------------------------------------------------ undo / redo
def test_undo_redo():
    ui = UIState(planted())
    k0 = ui.game.state_key()
    ui.click(pt(0, 8))
    ui.click(pt(0, 6))
    k1 = ui.game.state_key()
    assert ui.can_undo and not ui.can_redo
    assert ui.undo()
    assert ui.game.state_key() == k0
    assert ui.last_move_points() == {P(0, -8)}
    assert ui.redo()
    assert ui.game.state_key() == k1
    assert ui.last_move_points() == {P(0, 8), P(0, 6)}
    ui.undo()
    ui.click(pt(0, 8))
    ui.click(pt(0, 7))
    assert not ui.can_redo


def test_undo_resign_and_history_rebuilt():
    g = planted()
    ui = UIState(g.copy())
    assert len(ui._undo) == 4  # rebuilt from the history
    ui.resign()
    assert ui.game.is_over
    ui.undo()
    assert not ui.game.is_over
    ui.redo()
    assert ui.game.is_over
    for _ in range(5):
        assert ui.undo()
    assert not ui.undo()
    assert ui.game.history == []


def test_selection_survives_nothing_after_undo():
    ui = UIState(planted())
    ui.click(pt(0, 8))
    ui.click(pt(0, 6))
    ui.click(pt(0, -8))
    ui.undo()
    assert ui.clicks == ()


# ------------------------------------------------------------------ with Skud
def skud():
    try:
        from paisho_core.skud import SkudGame
    except ImportError:
        pytest.skip("Skud engine not there yet")
    return SkudGame


def test_skud_opening_by_clicks():
    SkudGame = skud()
    ui = UIState(SkudGame())
    pool, n = ui.accent_pool()
    assert n == 4 and pool == {"R": 2, "W": 2, "K": 2, "B": 2}
    for codes in (["R", "W", "K", "B"], ["R", "R", "B", "B"]):
        tok = ui.accent_token_for(codes)
        assert tok is not None
        assert ui.click(tok).kind == "complete"
    # guest's opening plant: only into the guest's gate
    r = ui.click("reserve:R3")
    assert r.kind == "extend"
    assert ui.highlighted_points() == {P(0, -8)}
    r = ui.click(pt(8, 0))
    assert r.kind == "refuse" and "(R7b)" in r.message and "(0,-8)" in r.message  # skud-r7b
    assert ui.click(pt(0, -8)).kind == "complete"
    text = ui.game.to_text()
    assert SkudGame.from_text(text).state_key() == ui.game.state_key()


def test_skud_every_legal_action_is_clickable():
    SkudGame = skud()
    import random

    rng = random.Random(5)
    game = SkudGame()
    for _ in range(40):
        if game.is_over:
            break
        ui = UIState(game.copy())
        acts = game.legal_actions()
        a = rng.choice(acts)
        result = None
        for tok in game.action_clicks(a):
            result = ui.click(tok)
            assert result.kind in ("extend", "complete", "reselect"), (tok, result)
        assert result is not None and result.kind == "complete" and result.action == a
        game.apply(a)


# ------------------------------------------------------------------ rings
def test_find_ring():
    square = [
        (P(2, 2), P(2, -2)),
        (P(2, -2), P(-2, -2)),
        (P(-2, -2), P(-2, 2)),
        (P(-2, 2), P(2, 2)),
    ]
    ring = find_ring(square)
    assert set(ring) == {P(2, 2), P(2, -2), P(-2, -2), P(-2, 2)}
    # a cycle that does not go around the centre is no ring
    off = [(P(1, 1), P(1, 3)), (P(1, 3), P(3, 3)), (P(3, 3), P(3, 1)), (P(3, 1), P(1, 1))]
    assert find_ring(off) == ()
    # a path is no ring; edges through the centre do not count
    assert find_ring(square[:3]) == ()
    cross = [(P(0, 3), P(0, -3)), (P(0, -3), P(3, -3)), (P(3, -3), P(3, 3)), (P(3, 3), P(0, 3))]
    assert find_ring(cross) == ()


def test_ring_drawn_when_won_by_a_ring():
    g = planted()
    g.tiles[P(0, 2)] = ("R3", 0, frozenset())
    g.harmony_lines = lambda: [  # type: ignore[method-assign]
        (P(2, 2), P(2, -2), 0),
        (P(2, -2), P(-2, -2), 0),
        (P(-2, -2), P(-2, 2), 0),
        (P(-2, 2), P(2, 2), 0),
    ]
    ui = UIState(g)
    assert ui.view().ring == ()
    ui.click(pt(0, 2))
    ui.click(pt(0, 0))
    assert len(ui.view().ring) == 4


def test_a_clicks_kind_is_a_closed_vocabulary_that_reads_as_its_id() -> None:
    """``ClickResult.kind`` is a :class:`Click`; each member is the id it replaced, so
    code comparing ids (or logging them) reads the same."""
    from paisho_page.play.ui import Click, ClickResult

    assert [str(k) for k in Click] == [
        "extend", "complete", "reselect", "cancel", "cursor", "refuse", "none"]
    assert Click.REFUSE == "refuse" and f"{Click.COMPLETE}" == "complete"
    assert not ClickResult(Click.REFUSE, "no").changed and not ClickResult(Click.NONE).changed
    assert all(ClickResult(k).changed for k in Click if k not in (Click.REFUSE, Click.NONE))
