"""One test per Skud ruling and per tile effect, on hand-built positions.

Rulings: the rules page, ``rules.html#skud-rulings``.
"""

from __future__ import annotations

import pytest
from skud_helpers import legal_texts, play

from paisho_core import IllegalMove, InvalidMove
from paisho_core.board import Point
from paisho_core.rings import ring_owners
from paisho_core.skud import SKIP, SkudAction, SkudGame, parse_action, rules
from paisho_core.skud.game import BONUS, MAIN


def arranges_from(game: SkudGame, point: str) -> set[str]:
    """Destinations of the legal Arranges from ``point``."""
    return {t[len(point) + 1 :] for t in legal_texts(game) if t.startswith(point + "-")}


def tile_at(game: SkudGame, point: str) -> str | None:
    """``HR3``-style text of the tile on ``point``, or None."""
    for t in game.board_tiles():
        if str(t.point) == point:
            return "HG"[t.owner or 0] + t.code
    return None


def harmony_pairs(game: SkudGame) -> set[tuple[str, str, int]]:
    return {(str(a), str(b), o) for a, b, o in game.harmony_lines()}


# --- R1 movement ---
def test_skud_r1_moves_up_to_its_number_turning_freely() -> None:
    game = SkudGame.setup({"(1,1)": "HR3"}, to_move="host")
    dests = arranges_from(game, "(1,1)")
    assert {"(1,4)", "(2,3)", "(4,1)", "(3,2)", "(0,3)"} <= dests
    assert "(1,5)" not in dests  # four steps away
    assert "(-1,2)" not in dests  # wholly inside a white garden


def test_skud_r1_cannot_pass_over_tiles() -> None:
    walls = {"(1,2)": "HR", "(2,1)": "HR", "(0,1)": "HK", "(1,0)": "HK"}
    game = SkudGame.setup({"(1,1)": "HR3", **walls}, to_move="host")
    assert arranges_from(game, "(1,1)") == set()


def test_skud_r1_empty_gate_passed_through_never_ended_on() -> None:
    game = SkudGame.setup({"(-1,8)": "HR3"}, to_move="host")
    dests = arranges_from(game, "(-1,8)")
    assert "(1,8)" in dests  # only reachable through the empty Gate (0,8)
    assert "(0,8)" not in dests


def test_skud_r1_destination_may_be_a_capturable_tile() -> None:
    game = SkudGame.setup({"(1,1)": "HR3", "(3,0)": "GW3"}, to_move="host")
    play(game, "(1,1)-(3,0)")
    assert tile_at(game, "(3,0)") == "HR3"
    assert tile_at(game, "(1,1)") is None
    assert game.reserves()[1]["W3"] == 2  # the captured tile leaves the game


def test_skud_r1_trapped_tiles_cannot_move_drained_tiles_can() -> None:
    trapped = SkudGame.setup({"(1,1)": "HR3", "(2,2)": "GO"}, to_move="host")
    assert arranges_from(trapped, "(1,1)") == set()
    drained = SkudGame.setup({"(1,1)": "HR3", "(2,2)": "GK"}, to_move="host")
    assert arranges_from(drained, "(1,1)")


def test_skud_r1_no_tile_moves_onto_a_gate_and_accents_never_move() -> None:
    game = SkudGame.setup({"(1,7)": "HR3", "(2,2)": "HR"}, to_move="host")
    assert "(0,8)" not in arranges_from(game, "(1,7)")
    assert arranges_from(game, "(2,2)") == set()
    with pytest.raises(IllegalMove, match="onto a Gate"):
        game.apply(parse_action("(1,7)-(0,8)"))


# --- R2 harmony ---
def test_skud_r2_harmony_needs_same_owner_facing_pair() -> None:
    game = SkudGame.setup({"(1,2)": "HR3", "(1,5)": "HR4"})
    assert harmony_pairs(game) == {("(1,2)", "(1,5)", 0)}
    other = SkudGame.setup({"(1,2)": "HR3", "(1,5)": "GR4"})
    assert harmony_pairs(other) == set()
    clashing_colours = SkudGame.setup({"(1,2)": "HR3", "(1,5)": "HW5"})  # R3 ♥ W5
    assert harmony_pairs(clashing_colours) == {("(1,2)", "(1,5)", 0)}
    no_pair = SkudGame.setup({"(1,2)": "HR3", "(1,5)": "HR5"})
    assert harmony_pairs(no_pair) == set()


def test_skud_r2_lotus_pairs_with_either_players_flowers_for_the_flower_owner() -> None:
    game = SkudGame.setup({"(2,1)": "HL", "(2,4)": "GR3", "(5,1)": "HW4"})
    assert harmony_pairs(game) == {("(2,1)", "(2,4)", 1), ("(2,1)", "(5,1)", 0)}


def test_skud_r2_gate_between_blocks_and_growing_tiles_never_harmonise() -> None:
    across_gate = SkudGame.setup({"(-2,8)": "HR3", "(2,8)": "HR4"})
    assert harmony_pairs(across_gate) == set()
    growing = SkudGame.setup({"(0,8)": "HR3", "(0,5)": "HR4"})
    assert harmony_pairs(growing) == set()


def test_skud_r2_rock_cancels_harmonies_along_its_whole_row() -> None:
    game = SkudGame.setup({"(1,2)": "HR3", "(4,2)": "HR4", "(-3,2)": "GR"})
    assert harmony_pairs(game) == set()
    column = SkudGame.setup({"(1,2)": "HR3", "(4,2)": "HR4", "(1,-3)": "GR"})
    assert harmony_pairs(column) == {("(1,2)", "(4,2)", 0)}


# --- R3 clash ---
def test_skud_r3_move_that_makes_a_clash_is_illegal() -> None:
    game = SkudGame.setup({"(1,1)": "HR3", "(4,4)": "GW3"}, to_move="host")
    dests = arranges_from(game, "(1,1)")
    assert "(1,4)" not in dests and "(4,1)" not in dests
    with pytest.raises(IllegalMove, match="clash"):
        game.apply(parse_action("(1,1)-(1,4)"))


def test_skud_r3_rock_elsewhere_does_not_stop_a_clash_but_one_between_does() -> None:
    elsewhere = SkudGame.setup({"(1,1)": "HR3", "(4,4)": "GW3", "(-3,4)": "GR"}, to_move="host")
    assert "(1,4)" not in arranges_from(elsewhere, "(1,1)")
    between = SkudGame.setup({"(1,1)": "HR3", "(4,4)": "GW3", "(2,4)": "GR"}, to_move="host")
    assert "(1,4)" in arranges_from(between, "(1,1)")


def test_skud_r3_drained_tiles_still_clash() -> None:
    game = SkudGame.setup({"(1,1)": "HR3", "(4,4)": "GW3", "(5,5)": "GK"}, to_move="host")
    assert "(1,4)" not in arranges_from(game, "(1,1)")


def test_skud_r3_leaving_a_line_that_opens_a_clash_is_illegal() -> None:
    game = SkudGame.setup({"(2,0)": "GR4", "(2,2)": "HR5", "(2,4)": "HW4"}, to_move="host")
    dests = arranges_from(game, "(2,2)")
    assert "(3,2)" not in dests  # R4 and W4 would then face each other
    assert "(2,3)" in dests  # still between them
    assert "(2,1)" in dests


# --- R4 harmony bonus ---
def test_skud_r4_arrange_making_a_new_harmony_earns_one_bonus() -> None:
    game = SkudGame.setup(
        {"(1,1)": "HR3", "(4,3)": "HR4"},
        to_move="host",
        reserves={"host": {"R3": 2, "R": 1}, "guest": {"R3": 3}},
    )
    play(game, "(1,1)-(1,3)")
    assert game.phase == BONUS and game.to_move == 0
    assert "+R(2,2)" in legal_texts(game) and "+skip" in legal_texts(game)
    play(game, "+R(5,5)")
    assert game.to_move == 1 and game.phase == MAIN  # one bonus, then the turn passes


def test_skud_r4_keeping_the_same_harmony_earns_nothing() -> None:
    game = SkudGame.setup(
        {"(1,3)": "HR3", "(4,3)": "HR4"},
        to_move="host",
        reserves={"host": {"R3": 2, "R": 1}, "guest": {"R3": 3}},
    )
    play(game, "(1,3)-(0,3)")
    assert game.to_move == 1


def test_skud_r4_bonus_plant_of_basic_flower_only_without_growing_flowers() -> None:
    tiles = {"(1,1)": "HR3", "(4,3)": "HR4"}
    reserves = {"host": {"R5": 1, "L": 1}, "guest": {"R3": 3}}
    free = SkudGame.setup(tiles, to_move="host", reserves=reserves)
    play(free, "(1,1)-(1,3)")
    assert {"+R5(8,0)", "+L(8,0)"} <= legal_texts(free)
    growing = SkudGame.setup({**tiles, "(0,8)": "HW3"}, to_move="host", reserves=reserves)
    play(growing, "(1,1)-(1,3)")
    texts = legal_texts(growing)
    assert "+L(8,0)" in texts
    assert not any(t.startswith("+R5") for t in texts)


def test_skud_r4_no_bonus_without_harmony_and_bonus_refused_in_main_phase() -> None:
    game = SkudGame.setup(
        {"(1,1)": "HR3"}, to_move="host", reserves={"host": {"R3": 2, "R": 1}, "guest": {"R3": 3}}
    )
    with pytest.raises(IllegalMove, match="R4"):
        game.apply(parse_action("+R(2,2)"))


# --- accent tiles ---
def _bonus_game(tiles: dict[str, str], accents: dict[str, int]) -> SkudGame:
    """Host to move, one Arrange (1,1)-(1,3) away from a bonus with these accents."""
    base = {"(1,1)": "HR3", "(4,3)": "HR4"}
    game = SkudGame.setup(
        {**base, **tiles},
        to_move="host",
        reserves={"host": {"R3": 2, **accents}, "guest": {"R3": 3}},
    )
    play(game, "(1,1)-(1,3)")
    assert game.bonus_pending
    return game


def test_skud_rock_on_open_point_cancels_harmonies_of_its_lines() -> None:
    game = _bonus_game({}, {"R": 1})
    assert "+R(0,8)" not in legal_texts(game)  # never on a Gate
    play(game, "+R(-4,3)")
    assert harmony_pairs(game) == set()


def test_skud_r5_wheel_turns_surrounding_tiles_clockwise() -> None:
    game = _bonus_game({"(6,3)": "GR4"}, {"W": 1})
    # wheel at (5,2): (6,3) is its north-east neighbour, which goes to the east (6,2)
    play(game, "+W(5,2)")
    assert tile_at(game, "(6,2)") == "GR4" and tile_at(game, "(6,3)") is None
    assert tile_at(game, "(5,2)") == "HW"


def test_skud_r5_wheel_refused_next_to_rock_gate_tile_or_bad_landing() -> None:
    rock = _bonus_game({"(-3,-3)": "GR"}, {"W": 1})
    assert "+W(-2,-2)" not in legal_texts(rock)
    gate = _bonus_game({"(8,0)": "GR5"}, {"W": 1})
    assert "+W(7,1)" not in legal_texts(gate)
    garden = _bonus_game({"(-3,0)": "GR5"}, {"W": 1})
    # wheel at (-4,0): (-3,0) is east of it and goes south-east to (-3,-1), a red garden
    assert "+W(-4,0)" in legal_texts(garden)
    # wheel at (-2,0): (-3,0) is west and goes north-west to (-3,1), wholly white
    assert "+W(-2,0)" not in legal_texts(garden)
    edge = _bonus_game({"(4,8)": "GR5"}, {"W": 1})
    assert "+W(4,7)" not in legal_texts(edge)  # (4,8), north of it, would go off the board
    assert "+W(3,7)" in legal_texts(edge)


def test_skud_r5_wheel_refused_when_it_makes_a_clash() -> None:
    game = _bonus_game({"(-4,-4)": "GR3", "(-3,0)": "GW3"}, {"W": 1})
    # wheel at (-4,-5): the Rose (north) turns to north-east (-3,-4), facing the Jasmine
    assert "+W(-4,-5)" not in legal_texts(game)
    assert "+W(-5,-4)" in legal_texts(game)


def test_skud_r6_knotweed_drains_neighbours_not_orchids_nor_growing() -> None:
    game = _bonus_game({"(6,5)": "GL", "(6,4)": "GO", "(6,3)": "GR4"}, {"K": 1})
    play(game, "+K(5,4)")
    flags = {str(t.point): t.flags for t in game.board_tiles()}
    assert "drained" in flags["(4,3)"]  # the host's R4: its harmony is gone
    assert "drained" in flags["(6,5)"]  # the Lotus is drained too
    assert "drained" in flags["(6,3)"]
    assert "drained" not in flags["(6,4)"]  # never the Orchid
    assert harmony_pairs(game) == set()
    gate = SkudGame.setup({"(7,1)": "GK", "(8,0)": "HR3", "(6,0)": "GO"})
    gate_flags = {str(t.point): t.flags for t in gate.board_tiles()}
    assert "drained" not in gate_flags["(8,0)"] and "drained" not in gate_flags["(6,0)"]


def test_skud_boat_moves_a_flower_or_takes_an_accent_tile() -> None:
    game = _bonus_game({"(6,6)": "GR5", "(-5,-5)": "GK"}, {"B": 2})
    texts = legal_texts(game)
    assert "+B(6,6)-(6,5)" in texts
    assert "+B(6,6)-(5,7)" in texts
    assert "+B(-5,-5)" in texts
    play(game, "+B(6,6)-(6,5)")
    assert tile_at(game, "(6,5)") == "GR5" and tile_at(game, "(6,6)") == "HB"
    other = _bonus_game({"(-5,-5)": "GK"}, {"B": 1})
    play(other, "+B(-5,-5)")
    assert tile_at(other, "(-5,-5)") is None


def test_skud_boat_refused_onto_gate_wrong_garden_or_into_a_clash() -> None:
    game = _bonus_game({"(7,1)": "GR5", "(-4,4)": "GR5", "(5,-4)": "GW5"}, {"B": 1})
    texts = legal_texts(game)
    assert "+B(7,1)-(8,0)" not in texts  # onto a Gate
    assert "+B(-4,4)-(-3,3)" not in texts  # red flower into the white garden
    assert "+B(7,1)-(6,0)" in texts
    assert "+B(5,-4)-(5,-3)" in texts
    clash = _bonus_game({"(5,5)": "GR5", "(2,4)": "GW5"}, {"B": 1})
    assert "+B(5,5)-(5,4)" not in legal_texts(clash)  # it would face the White Jade
    assert "+B(5,5)-(6,5)" in legal_texts(clash)


# --- R7 Orchid and Lotus ---
def test_skud_r7_orchid_traps_neighbours_but_not_on_gates() -> None:
    game = SkudGame.setup({"(1,7)": "HR3", "(2,7)": "GO", "(0,8)": "HW4"}, to_move="host")
    assert arranges_from(game, "(1,7)") == set()
    assert arranges_from(game, "(0,8)")  # a Growing flower is spared
    on_gate = SkudGame.setup({"(7,1)": "HR3", "(8,0)": "GO"}, to_move="host")
    assert arranges_from(on_gate, "(7,1)")


def test_skud_r7_lotus_is_captured_only_by_an_orchid_with_a_blooming_lotus() -> None:
    plain = SkudGame.setup({"(1,1)": "HR3", "(1,3)": "GL"}, to_move="host")
    assert "(1,3)" not in arranges_from(plain, "(1,1)")
    orchid = SkudGame.setup({"(1,1)": "HO", "(1,3)": "GL", "(-3,4)": "HL"}, to_move="host")
    assert "(1,3)" in arranges_from(orchid, "(1,1)")
    no_lotus = SkudGame.setup({"(1,1)": "HO", "(1,3)": "GL"}, to_move="host")
    assert "(1,3)" not in arranges_from(no_lotus, "(1,1)")


def test_skud_r7_orchid_with_blooming_lotus_can_be_captured_by_any_flower() -> None:
    safe = SkudGame.setup({"(1,1)": "HR3", "(2,3)": "GO"}, to_move="host")
    assert "(2,3)" not in arranges_from(safe, "(1,1)")
    exposed = SkudGame.setup({"(1,1)": "HR3", "(2,3)": "GO", "(-4,-2)": "GL"}, to_move="host")
    assert "(2,3)" in arranges_from(exposed, "(1,1)")
    lotus_on_gate = SkudGame.setup({"(1,1)": "HR3", "(2,3)": "GO", "(8,0)": "GL"}, to_move="host")
    assert "(2,3)" not in arranges_from(lotus_on_gate, "(1,1)")  # a Growing Lotus does not count


def test_skud_r7b_plant_into_any_open_gate_opening_only_own_gate() -> None:
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B")
    assert legal_texts(game) == {f"{c}(0,-8)" for c in ("R3", "R4", "R5", "W3", "W4", "W5")}
    later = SkudGame.setup({}, to_move="guest")
    assert {"R3(0,8)", "R3(0,-8)", "R3(8,0)", "R3(-8,0)"} <= legal_texts(later)


def test_skud_opening_mirror_and_clashing_start_option_r12() -> None:
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R4(0,-8)")
    assert legal_texts(game) == {"R4(0,8)"}
    clashing = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R4(0,-8)", ["clashing-start"])
    assert legal_texts(clashing) == {"W4(0,8)"}
    with pytest.raises(IllegalMove):
        SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R4(0,-8);1H.W4(0,8)")


# --- R8 ring ---
SQUARE = {"(-3,3)": "HR3", "(3,3)": "HR4", "(3,-3)": "HR3", "(-3,-3)": "HR4"}


def test_skud_r8_rectangle_around_the_centre_wins() -> None:
    almost = dict(SQUARE)
    del almost["(3,3)"]
    game = SkudGame.setup({**almost, "(3,5)": "HR4"}, to_move="host")
    play(game, "(3,5)-(3,3)")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "harmony-ring"
    assert game.to_move is None


def test_skud_r8_irregular_ring_and_ring_through_the_lotus() -> None:
    hexagon = {
        "(-2,4)": "HR3",
        "(4,4)": "HR4",
        "(4,-3)": "HR3",
        "(1,-3)": "HR4",
        "(1,-1)": "HR3",
        "(-2,-1)": "HR4",
    }
    board = SkudGame.setup(hexagon).board
    assert ring_owners(rules.harmonies(board)) == {0}
    lotus = dict(SQUARE, **{"(3,-3)": "GL"})
    assert ring_owners(rules.harmonies(SkudGame.setup(lotus).board)) == {0}


def test_skud_r8_ring_rejected_through_centre_or_not_around_it() -> None:
    on_midline = {"(0,-3)": "HR3", "(0,3)": "HR4", "(3,3)": "HR3", "(3,-3)": "HR4"}
    assert ring_owners(rules.harmonies(SkudGame.setup(on_midline).board)) == set()
    centre_vertex = {
        "(0,0)": "HR3",
        "(0,3)": "HR4",
        "(-3,3)": "HR3",
        "(-3,0)": "HR4",
        "(3,0)": "HR4",
        "(3,3)": "HR3",
    }
    assert ring_owners(rules.harmonies(SkudGame.setup(centre_vertex).board)) == set()
    aside = {"(1,1)": "HR3", "(4,1)": "HR4", "(4,4)": "HR3", "(1,4)": "HR4"}
    assert ring_owners(rules.harmonies(SkudGame.setup(aside).board)) == set()


def test_skud_r8_both_players_with_a_ring_is_a_draw() -> None:
    guest_ring = {"(-5,5)": "GR3", "(5,5)": "GR4", "(5,-5)": "GR3", "(-5,-5)": "GR4"}
    almost = {k: v for k, v in SQUARE.items() if k != "(3,3)"}
    game = SkudGame.setup({**almost, **guest_ring, "(2,2)": "HR4"}, to_move="host")
    play(game, "(2,2)-(3,3)")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.is_draw(2)


# --- R9 / R10 end by tiles ---
def test_skud_r9_midline_crossing_harmonies() -> None:
    assert rules.crosses_midline(Point(2, 7).index, Point(2, -8).index)
    assert not rules.crosses_midline(Point(0, 3).index, Point(0, -3).index)
    assert not rules.crosses_midline(Point(1, 0).index, Point(1, 4).index)
    assert rules.crosses_midline(Point(-3, 2).index, Point(4, 2).index)


def test_skud_r10_planting_the_last_basic_flower_ends_and_r9_decides() -> None:
    tiles = {"(2,3)": "GR3", "(2,-3)": "GW5"}  # a guest harmony crossing y = 0
    game = SkudGame.setup(tiles, to_move="host", reserves={"host": {"R3": 1}, "guest": {"R3": 3}})
    play(game, "R3(8,0)")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "no-basic-flowers"
    assert outcome.winners == (1,)
    tie = SkudGame.setup({}, to_move="host", reserves={"host": {"R3": 1}, "guest": {"R3": 3}})
    play(tie, "R3(8,0)")
    tie_outcome = tie.outcome()
    assert tie_outcome is not None and tie_outcome.winners == (0, 1)


# --- R11 no-move rule ---
BLOCKED = {
    "(0,8)": "HR3",
    "(8,0)": "HR4",
    "(-8,0)": "HR5",  # every other Gate is taken
    "(0,-8)": "GW3",
    "(-1,-8)": "HR",
    "(1,-8)": "HR",  # the guest's only flower, boxed in
}


def test_skud_r11_move_leaving_opponent_without_move_is_illegal() -> None:
    game = SkudGame.setup({**BLOCKED, "(0,-5)": "HK", "(2,-6)": "HR4"}, to_move="host")
    assert "(2,-6)-(0,-7)" not in legal_texts(game)
    assert "(2,-6)-(2,-5)" in legal_texts(game)
    with pytest.raises(IllegalMove, match="R11"):
        game.apply(parse_action("(2,-6)-(0,-7)"))


def test_skud_r11_player_without_legal_move_draws() -> None:
    game = SkudGame.setup({**BLOCKED, "(0,-7)": "HK"}, to_move="guest")
    assert game.legal_actions() == []
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "no-move" and outcome.winners == (0, 1)


# --- R12 options and accent choice ---
def test_skud_r12_accent_choice_options() -> None:
    default = SkudGame()
    choices = legal_texts(default)
    assert "R,W,K,B" in choices and "R,R,B,B" in choices and len(choices) == 19
    assert legal_texts(SkudGame(["one-of-each"])) == {"R,W,K,B"}
    assert legal_texts(SkudGame(["one-of-each", "no-wheels"])) == {"R,K,B"}
    assert all("W" not in t for t in legal_texts(SkudGame(["no-wheels"])))
    double = legal_texts(SkudGame(["double-accents"]))
    assert "R,R,R,R,W,W,W,W" in double and all(len(t.split(",")) == 8 for t in double)


def test_skud_r12_options_are_part_of_the_game_identity() -> None:
    with pytest.raises(InvalidMove, match="unknown option"):
        SkudGame(["no-such-option"])
    text = "0H.R,W,K,B;0G.R,W,K,B;1G.R4(0,-8);1H.W4(0,8)"
    assert SkudGame.from_text(text, ["clashing-start"]).options == {"clashing-start"}


# --- capture ---
def test_skud_capture_only_clashing_blooming_opponent_basic() -> None:
    game = SkudGame.setup({"(1,1)": "HR3", "(1,3)": "GW4", "(3,0)": "HW3"}, to_move="host")
    dests = arranges_from(game, "(1,1)")
    assert "(1,3)" not in dests  # R3 does not clash with W4
    assert "(3,0)" not in dests  # own tile


# --- turn flow, resign, errors ---
def test_skud_skip_passes_the_bonus_and_resign_ends() -> None:
    game = _bonus_game({}, {"R": 1})
    game.apply(SkudAction(SKIP))
    assert game.to_move == 1
    game.resign()
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "resign" and outcome.winners == (0,)


def test_skud_errors_name_the_input() -> None:
    game = SkudGame()
    with pytest.raises(InvalidMove, match="nonsense"):
        game.play("nonsense")
    with pytest.raises(InvalidMove, match=r"\(9,9\)"):
        parse_action("R3(9,9)")
    with pytest.raises(IllegalMove, match="ply 3"):
        SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(8,0)")
    with pytest.raises(IllegalMove, match="expected 1H"):
        SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);2G.R3(0,8)")
