"""One test per Wiki ruling and per tile effect, on hand-built positions (``rules.html#wiki``).

Test names carry the ruling ("wiki R5" = ``rules.html#wiki-r5``).
"""

from __future__ import annotations

import pytest
from wiki_helpers import (
    blocked,
    disharmonies,
    empty_reserves,
    harmonies,
    legal_texts,
    moves_from,
    play,
    tile_at,
)

from paisho_core import IllegalMove, InvalidMove, link, new_game, starts
from paisho_core.wiki import WikiGame, rules

OPENING_FLOWERS = {
    "Ja(0,-8)", "Ro(0,8)", "Li(8,0)", "Li(-8,0)", "Ch(8,0)", "Ch(-8,0)", "WJ(0,0)", "Rh(0,0)",
}


# --- R1 board and seats ---
def test_wiki_r1_guest_moves_first_from_the_south() -> None:
    game = new_game("wiki")
    assert game.players == ("host", "guest")
    assert game.to_move == 1
    assert "Ja(0,-8)" in legal_texts(game)  # the Guest's home Gate is the south one


# --- R2 turns, passes, resignation ---
def test_wiki_r2_pass_only_without_a_legal_action() -> None:
    game = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR"}, to_move="guest")
    empty_reserves(game)
    assert legal_texts(game) == {"pass"}
    game = WikiGame.setup({"(2,2)": "GJa"}, to_move="guest")
    assert "pass" not in legal_texts(game)
    with pytest.raises(IllegalMove, match="wiki R2"):
        game.play("pass")


def test_wiki_r2_two_passes_in_a_row_end_and_score_the_game() -> None:
    game = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR", "(1,-4)": "HJa"}, to_move="guest")
    empty_reserves(game)
    play(game, "pass", "(1,-4)-(1,-3)", "pass")
    assert game.outcome() is None  # the passes were not in a row
    stuck = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR"}, to_move="guest")
    empty_reserves(stuck)
    play(stuck, "pass", "pass")
    outcome = stuck.outcome()
    assert outcome is not None and outcome.reason == "two-passes"
    assert outcome.winners == (0, 1)  # -1 : -1 is a draw
    assert outcome.result == "host -1, guest -1"  # each Rock is a tile in no harmony (R9)


def test_wiki_r2_resign_ends_the_game_and_is_written() -> None:
    game = new_game("wiki")
    play(game, "Ja(0,-8)", "resign")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "resign" and outcome.winners == (1,)
    assert game.to_text() == "1G.Ja(0,-8);1H.resign"
    again = WikiGame.from_text(game.to_text())
    assert again.outcome() == outcome


# --- R3 entry ---
def test_wiki_r3_the_game_opens_with_a_flower() -> None:
    game = new_game("wiki")
    assert legal_texts(game) == OPENING_FLOWERS
    with pytest.raises(IllegalMove, match=r"ply 1 \(1G\.\).*wiki R3"):
        game.play("L(0,-3)")


def test_wiki_r3_flowers_enter_on_their_entry_points() -> None:
    game = new_game("wiki")
    play(game, "WJ(0,0)")
    host = legal_texts(game)
    assert {"Ja(0,8)", "Ro(0,-8)", "Li(8,0)", "Ch(-8,0)"} <= host
    assert "Rh(0,0)" not in host  # the centre is taken
    assert "Ja(0,-8)" not in host and "Ro(0,8)" not in host
    assert "L(0,3)" in host and "L(0,-3)" not in host  # the Lotus: own half only


def test_wiki_r3_non_flowers_not_on_the_first_turn() -> None:
    game = new_game("wiki")
    play(game, "Ja(0,-8)")
    assert not any(t[0] in "KWBR" and t[1] == "(" for t in legal_texts(game))
    play(game, "Ja(0,8)")
    texts = legal_texts(game)
    assert {"K(3,3)", "B(-2,5)", "R(0,1)", "W(-3,3)"} <= texts  # second turn of the Guest
    assert "W(3,3)" not in texts  # a Wheel enters touching a White garden
    assert "K(0,8)" not in texts and "K(8,0)" not in texts  # never on a Gate


def test_wiki_r3_dragon_from_the_fourth_turn_on_the_opponents_half() -> None:
    game = new_game("wiki")
    play(game, "Ja(0,-8)", "Ja(0,8)", "(0,-8)-(0,-6)", "(0,8)-(0,6)")
    assert not any(t.startswith("D(") for t in legal_texts(game))  # the Guest's 3rd turn
    play(game, "Ja(0,-8)", "Ja(0,8)")
    texts = legal_texts(game)
    dragons = {t for t in texts if t.startswith("D(")}
    assert "D(2,3)" in dragons and "D(2,-3)" not in dragons and "D(2,0)" not in dragons


def test_wiki_r3_lotus_on_its_owners_half_from_the_first_turn() -> None:
    game = new_game("wiki")
    play(game, "Li(8,0)")
    texts = legal_texts(game)
    assert "L(1,1)" in texts and "L(1,-1)" not in texts and "L(1,0)" not in texts


def test_wiki_r3_entry_point_must_be_empty() -> None:
    game = new_game("wiki")
    play(game, "Ja(0,-8)")
    assert "Ro(0,-8)" not in legal_texts(game)  # the Host's Rose enters at (0,-8): taken
    with pytest.raises(IllegalMove, match="taken"):
        game.play("Ro(0,-8)")


# --- R4 movement ---
def test_wiki_r4_jasmine_moves_one_to_three_straight() -> None:
    game = WikiGame.setup({"(0,0)": "GJa"})
    dests = moves_from(game, "(0,0)")
    assert dests == {f"({x},{y})" for d in (1, 2, 3) for x, y in ((d, 0), (-d, 0), (0, d), (0, -d))}


def test_wiki_r4_white_jade_moves_up_to_five_never_jumping() -> None:
    game = WikiGame.setup({"(0,0)": "GWJ", "(3,0)": "GR"})
    dests = moves_from(game, "(0,0)")
    assert "(0,5)" in dests and "(0,6)" not in dests
    assert "(2,0)" in dests and "(4,0)" not in dests  # the Rock blocks; it is no target
    assert "(3,0)" not in dests  # landing on an own tile is never allowed


def test_wiki_r4_no_tile_ends_on_a_gate() -> None:
    game = WikiGame.setup({"(0,6)": "GRh"})
    assert "(0,8)" not in moves_from(game, "(0,6)")
    assert "(0,7)" in moves_from(game, "(0,6)")


def test_wiki_r4_lily_moves_in_the_two_plus_two_l() -> None:
    game = WikiGame.setup({"(0,0)": "GLi"})
    assert moves_from(game, "(0,0)") == {"(2,2)", "(2,-2)", "(-2,2)", "(-2,-2)"}
    blocked = WikiGame.setup({"(0,0)": "GLi", "(1,0)": "GR", "(0,1)": "GR"})
    assert moves_from(blocked, "(0,0)") == {"(-2,2)", "(2,-2)", "(-2,-2)"}  # not (2,2)
    one_way = WikiGame.setup({"(0,0)": "GCh", "(1,0)": "GR"})
    assert "(2,2)" in moves_from(one_way, "(0,0)")  # north then east is still open


def test_wiki_r4_lotus_moves_two_steps_and_may_turn() -> None:
    game = WikiGame.setup({"(0,0)": "GL"})
    dests = moves_from(game, "(0,0)")
    assert {"(1,1)", "(0,2)", "(-1,0)", "(1,-1)"} <= dests and "(2,1)" not in dests
    assert len(dests) == 12


def test_wiki_r4_dragon_flies_six_in_eight_directions() -> None:
    game = WikiGame.setup({"(0,0)": "GD", "(1,1)": "GR", "(0,1)": "HR"})
    dests = moves_from(game, "(0,0)")
    assert "(4,4)" in dests  # flies over its own Rock
    assert "(0,6)" in dests and "(0,7)" not in dests  # at most six
    assert "(1,1)" not in dests


def test_wiki_r4_wheel_moves_any_distance_without_jumping() -> None:
    game = WikiGame.setup({"(-4,0)": "GW", "(3,0)": "GR"})
    dests = moves_from(game, "(-4,0)")
    assert "(2,0)" in dests and "(4,0)" not in dests and "(-7,0)" in dests
    assert "(-4,-8)" in dests and "(-4,-1)" in dests


def test_wiki_r4_boat_jumps_over_tiles() -> None:
    game = WikiGame.setup({"(0,0)": "GB", "(0,1)": "HRh", "(0,2)": "GR"})
    dests = moves_from(game, "(0,0)")
    assert "(0,3)" in dests and "(0,5)" in dests and "(0,6)" not in dests
    assert "(0,1)" not in dests  # a Boat does not land on a flower: it pushes


def test_wiki_r4_boat_pushes_a_tile_one_point_on() -> None:
    game = WikiGame.setup({"(0,0)": "GB", "(0,1)": "HJa", "(1,0)": "GLi"})
    texts = legal_texts(game)
    assert {"(0,0)>(0,1)", "(0,0)>(1,0)"} <= texts
    play(game, "(0,0)>(0,1)")
    assert tile_at(game, "(0,1)") == "GB" and tile_at(game, "(0,2)") == "HJa"
    assert tile_at(game, "(0,0)") is None


def test_wiki_r4_boat_push_needs_an_empty_point_beyond() -> None:
    game = WikiGame.setup({"(0,0)": "GB", "(0,1)": "HJa", "(0,2)": "HR"})
    assert "(0,0)>(0,1)" not in legal_texts(game)
    gate = WikiGame.setup({"(0,6)": "GB", "(0,7)": "HJa"})
    assert "(0,6)>(0,7)" not in legal_texts(gate)  # the tile would end on a Gate


def test_wiki_r4_rock_knotweed_white_jade_rhododendron_never_pushed_or_carried() -> None:
    tiles = {"(0,0)": "GB", "(0,1)": "HWJ", "(1,0)": "GRh", "(0,-1)": "HR", "(-1,0)": "HK"}
    game = WikiGame.setup(tiles)
    texts = legal_texts(game)
    assert not any(">" in t or "=" in t for t in texts)


def test_wiki_r4_boat_carries_up_to_three_tiles() -> None:
    tiles = {"(0,0)": "GB", "(-1,0)": "GJa", "(1,1)": "HLi", "(1,-1)": "GL", "(-1,-1)": "GCh"}
    game = WikiGame.setup(tiles)
    texts = legal_texts(game)
    assert "(0,0)=(0,2)[(1,1),(-1,0)]" in texts
    assert not any(t.count("(") > 5 for t in texts if "=" in t)  # never four carried
    play(game, "(0,0)=(0,2)[(1,1),(-1,0)]")
    assert tile_at(game, "(0,2)") == "GB"
    assert tile_at(game, "(1,3)") == "HLi" and tile_at(game, "(-1,2)") == "GJa"
    assert tile_at(game, "(0,0)") is None and tile_at(game, "(1,1)") is None


def test_wiki_r4_boat_carry_never_jumps_nor_takes_the_tile_ahead() -> None:
    game = WikiGame.setup({"(0,0)": "GB", "(1,0)": "GJa", "(1,2)": "HR"})
    texts = legal_texts(game)
    assert "(0,0)=(0,1)[(1,0)]" in texts
    assert "(0,0)=(0,2)[(1,0)]" not in texts  # the Jasmine would pass the Rock
    ahead = WikiGame.setup({"(0,0)": "GB", "(0,1)": "GLi"})
    texts = legal_texts(ahead)
    assert not any(t.startswith(("(0,0)=(0,1)", "(0,0)=(0,2)")) for t in texts)  # in the way
    assert "(0,0)=(1,0)[(0,1)]" in texts  # but it rides along going east


def test_wiki_r4_knotweed_and_rock_never_move() -> None:
    game = WikiGame.setup({"(0,0)": "GK", "(3,3)": "GR"})
    assert moves_from(game, "(0,0)") == set() and moves_from(game, "(3,3)") == set()


# --- R5 captures ---
def test_wiki_r5_lotus_captures_any() -> None:
    game = WikiGame.setup({"(0,0)": "GL", "(0,1)": "HJa"})
    play(game, "(0,0)-(0,1)")
    assert tile_at(game, "(0,1)") == "GL"
    assert game.captured[0][0] == 1 and game.flowers_left(0) == 35


def test_wiki_r5_dragon_captures_an_enemy_flower() -> None:
    game = WikiGame.setup({"(0,0)": "GD", "(3,3)": "HRo"})
    play(game, "(0,0)-(3,3)")
    assert tile_at(game, "(3,3)") == "GD"


def test_wiki_r5_any_tile_captures_a_dragon_or_lotus() -> None:
    game = WikiGame.setup({"(0,0)": "GJa", "(0,2)": "HD", "(2,0)": "HL"})
    assert {"(0,2)", "(2,0)"} <= moves_from(game, "(0,0)")
    play(game, "(0,0)-(0,2)")
    assert tile_at(game, "(0,2)") == "GJa"


def test_wiki_r5_flower_never_lands_on_an_enemy_flower() -> None:
    game = WikiGame.setup({"(0,0)": "GJa", "(0,2)": "HJa"})
    assert "(0,2)" not in moves_from(game, "(0,0)")
    with pytest.raises(IllegalMove, match="wiki R5"):
        game.play("(0,0)-(0,2)")


def test_wiki_r5_landing_on_an_enemy_non_flower_removes_both() -> None:
    game = WikiGame.setup({"(0,0)": "GJa", "(0,2)": "HK"})
    play(game, "(0,0)-(0,2)")
    assert tile_at(game, "(0,2)") is None and tile_at(game, "(0,0)") is None
    assert game.captured[1][0] == 1 and game.captured[0][6] == 1


def test_wiki_r5_no_tile_lands_on_its_own_side() -> None:
    game = WikiGame.setup({"(0,0)": "GD", "(2,2)": "GJa"})
    assert "(2,2)" not in moves_from(game, "(0,0)")


# --- R6 drain ---
def test_wiki_r6_knotweed_drains_the_eight_around_it() -> None:
    game = WikiGame.setup({"(0,0)": "HK", "(1,1)": "GJa", "(2,2)": "GRo"})
    assert moves_from(game, "(1,1)") == set()
    assert moves_from(game, "(2,2)")
    flags = {str(t.point): t.flags for t in game.board_tiles()}
    assert "drained" in flags["(1,1)"] and "drained" not in flags["(0,0)"]


def test_wiki_r6_a_tile_moved_next_to_a_knotweed_is_drained() -> None:
    game = WikiGame.setup({"(0,0)": "HK", "(3,1)": "GJa"})
    play(game, "(3,1)-(1,1)")
    assert "drained" in next(t.flags for t in game.board_tiles() if str(t.point) == "(1,1)")


def test_wiki_r6_drained_tiles_form_no_harmony_and_are_not_pushed() -> None:
    tiles = {"(0,0)": "HK", "(1,0)": "GJa", "(1,3)": "GLi", "(1,-1)": "GB"}
    game = WikiGame.setup(tiles)
    assert harmonies(game) == set()
    assert "(1,-1)>(1,0)" not in legal_texts(game)
    free = WikiGame.setup({"(1,0)": "GJa", "(1,3)": "GLi"})
    assert harmonies(free) == {("(1,0)", "(1,3)", "guest")}


# --- R7 Wheel turn ---
def test_wiki_r7_wheel_turns_its_neighbours_both_ways() -> None:
    game = WikiGame.setup({"(0,0)": "GW", "(0,1)": "HJa", "(1,0)": "GLi"})
    texts = legal_texts(game)
    assert {"(0,0)@cw", "(0,0)@ccw"} <= texts
    cw = game.copy()
    play(cw, "(0,0)@cw")
    assert tile_at(cw, "(1,1)") == "HJa" and tile_at(cw, "(1,-1)") == "GLi"
    play(game, "(0,0)@ccw")
    assert tile_at(game, "(-1,1)") == "HJa" and tile_at(game, "(1,1)") == "GLi"


def test_wiki_r7_wheel_never_turns_a_rock_knotweed_or_drained_tile() -> None:
    game = WikiGame.setup({"(0,0)": "GW", "(0,1)": "HR"})
    assert "(0,0)@cw" not in legal_texts(game)
    drained = WikiGame.setup({"(0,0)": "GW", "(1,1)": "HJa", "(2,2)": "HK"})
    assert "(0,0)@cw" not in legal_texts(drained)


def test_wiki_r7_wheel_turn_never_puts_a_tile_off_the_board_or_on_a_gate() -> None:
    game = WikiGame.setup({"(-4,7)": "GW", "(-5,7)": "HJa"})  # (-5,8) is off the board
    texts = legal_texts(game)
    assert "(-4,7)@cw" not in texts and "(-4,7)@ccw" in texts
    gate = WikiGame.setup({"(1,7)": "GW", "(1,8)": "HJa"})  # cw goes to (2,8)? ccw to (0,8)
    assert "(1,7)@ccw" not in legal_texts(gate)


# --- R8 harmony ---
def test_wiki_r8_harmony_along_a_line_through_boats() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,3)": "GB", "(0,5)": "GLi"})
    assert harmonies(game) == {("(0,1)", "(0,5)", "guest")}


def test_wiki_r8_any_other_tile_blocks() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,3)": "HW", "(0,5)": "GLi"})
    assert harmonies(game) == set()
    game = WikiGame.setup({"(0,1)": "GJa", "(0,3)": "HK", "(0,5)": "GLi"})
    assert harmonies(game) == set()
    assert blocked(game) == {("(0,1)", "(0,5)", "guest")}  # a Knotweed blocks it (R8b)


def test_wiki_r8_harmony_needs_one_owner_disharmony_does_not() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,5)": "HLi", "(3,1)": "HRo"})
    assert harmonies(game) == set()
    assert disharmonies(game) == {("(0,1)", "(3,1)")}


def test_wiki_r8_a_tile_that_never_moved_forms_nothing() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,5)": "GLi"}, unmoved=["(0,5)"])
    assert harmonies(game) == set()


def test_wiki_r8_rock_takes_on_the_pairs_of_its_neighbours() -> None:
    game = WikiGame.setup({"(0,0)": "GR", "(0,1)": "HWJ", "(3,0)": "GLi"})
    assert harmonies(game) == {("(0,0)", "(3,0)", "guest")}  # Rock as White Jade + Lily


# --- R8b blocked harmony ---
def test_wiki_r8b_a_rock_between_blocks_the_harmony_and_costs_its_owner_a_point() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,3)": "HR", "(0,5)": "GLi"})
    assert harmonies(game) == set()
    assert blocked(game) == {("(0,1)", "(0,5)", "guest")}  # whoever owns the Rock
    guest, host = game.scores()[1], game.scores()[0]
    assert guest["blocked"] == -1 and host["blocked"] == 0
    assert guest["total"] == sum(guest[t] for t in ("harmonies", "disharmonies", "blocked",
                                                     "lotus", "unharmonised"))


def test_wiki_r8b_a_knotweed_next_to_either_tile_blocks_the_harmony() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,5)": "GLi", "(1,6)": "HK"})
    assert harmonies(game) == set()  # the Lily is drained (R6)
    assert blocked(game) == {("(0,1)", "(0,5)", "guest")}
    assert game.scores()[1]["blocked"] == -1


def test_wiki_r8b_one_point_for_each_blocked_harmony_rocks_and_knotweeds_together() -> None:
    game = WikiGame.setup({
        "(0,1)": "GJa", "(0,2)": "HR", "(0,4)": "GK", "(0,6)": "GLi",  # one harmony, two walls
        "(-3,1)": "HRh", "(-3,3)": "HR", "(-3,5)": "HCh",  # the Host's own Rock blocks it
    })
    assert blocked(game) == {("(0,1)", "(0,6)", "guest"), ("(-3,1)", "(-3,5)", "host")}
    assert [row["blocked"] for row in game.scores()] == [-1, -1]


@pytest.mark.parametrize("tiles, unmoved", [
    ({"(0,1)": "GJa", "(0,3)": "GB", "(0,5)": "GLi"}, []),  # a Boat does not break it (R8)
    ({"(0,1)": "GJa", "(0,3)": "HR", "(0,5)": "GLi"}, ["(0,5)"]),  # never moved: no harmony
    ({"(0,1)": "GJa", "(0,2)": "HR", "(0,3)": "HW", "(0,5)": "GLi"}, []),  # a Wheel between
    ({"(0,1)": "GJa", "(0,3)": "HR", "(0,5)": "HLi"}, []),  # two owners: no harmony to make
    ({"(0,1)": "GJa", "(0,3)": "HR", "(0,5)": "GRo"}, []),  # a disharmonising pair
    ({"(0,1)": "GJa", "(0,3)": "HR", "(0,5)": "GJa"}, []),  # two of a kind do not harmonise
])
def test_wiki_r8b_no_penalty_without_a_harmony_that_a_rock_or_knotweed_prevents(
    tiles: dict[str, str], unmoved: list[str]
) -> None:
    game = WikiGame.setup(tiles, unmoved=unmoved)
    assert blocked(game) == set()
    assert [row["blocked"] for row in game.scores()] == [0, 0]


def test_wiki_r8b_the_penalty_lasts_while_the_harmony_stays_blocked() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,5)": "GLi", "(3,3)": "GRo"}, to_move="host")
    assert harmonies(game) == {("(0,1)", "(0,5)", "guest")}
    play(game, "R(0,3)")  # the Host's Rock breaks the Guest's harmony
    assert harmonies(game) == set() and blocked(game) == {("(0,1)", "(0,5)", "guest")}
    assert game.scores()[1]["blocked"] == -1
    play(game, "(3,3)-(0,3)")  # the Rose lands on the Rock: both leave the game (R5)
    assert harmonies(game) == {("(0,1)", "(0,5)", "guest")} and blocked(game) == set()
    assert game.scores()[1]["blocked"] == 0


# --- R9 scoring ---
def test_wiki_r9_harmony_scores_double_in_a_garden_of_its_colour() -> None:
    white = WikiGame.setup({"(-1,1)": "GJa", "(-1,4)": "GLi"})  # NW: a White garden
    assert white.scores()[1]["harmonies"] == 2
    red = WikiGame.setup({"(1,1)": "GJa", "(1,4)": "GLi"})  # NE: a Red garden
    assert red.scores()[1]["harmonies"] == 1
    mixed = WikiGame.setup({"(-1,1)": "GJa", "(-1,4)": "GRh"})  # the Red one in a White garden
    assert mixed.scores()[1]["harmonies"] == 1
    own = WikiGame.setup({"(-2,2)": "GJa", "(2,2)": "GRh"})  # each in a garden of its colour
    assert own.scores()[1]["harmonies"] == 2


def test_wiki_r9_disharmony_costs_double_when_each_flower_is_in_its_own_colour() -> None:
    game = WikiGame.setup({"(-2,2)": "GJa", "(4,3)": "HRo"}, to_move="host")
    play(game, "(4,3)-(4,2)")  # a White flower in a White garden, a Red one in a Red garden
    assert disharmonies(game) == {("(-2,2)", "(4,2)")}
    assert game.scores()[1]["disharmonies"] == -2
    play(game, "(-2,2)-(-2,1)", "(4,2)-(4,1)")  # the Jasmine stays White, …
    assert disharmonies(game) == {("(-2,1)", "(4,1)")}
    assert game.scores()[1]["disharmonies"] == -2
    border = WikiGame.setup({"(-5,2)": "GJa", "(4,3)": "HRo"}, to_move="host")
    play(border, "(4,3)-(4,2)")  # (-5,2) is White and neutral: in every area it touches
    assert border.scores()[1]["disharmonies"] == -2
    neutral = WikiGame.setup({"(-6,3)": "GJa", "(4,4)": "HRo"}, to_move="host")
    play(neutral, "(4,4)-(4,3)")  # (-6,3) is neutral only
    assert neutral.scores()[1]["disharmonies"] == -1
    red = WikiGame.setup({"(2,2)": "GJa", "(4,3)": "HRo"}, to_move="host")
    play(red, "(4,3)-(4,2)")  # the Jasmine in a Red garden: 1
    assert red.scores()[1]["disharmonies"] == -1


def test_wiki_r9_disharmony_costs_the_player_who_did_not_make_it() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(4,3)": "HRo"}, to_move="host")
    play(game, "(4,3)-(4,1)")  # the Host's move makes the disharmony
    # -2: the Jasmine on a midline is in a White garden, the Rose in a Red one
    assert game.scores()[1]["disharmonies"] == -2 and game.scores()[0]["disharmonies"] == 0
    play(game, "(0,1)-(0,2)")  # the Guest moves away and back: now it is theirs
    assert game.scores()[1]["disharmonies"] == 0
    play(game, "(4,1)-(4,2)")
    assert disharmonies(game) == {("(0,2)", "(4,2)")}
    assert game.scores()[1]["disharmonies"] == -2  # made by the Host's move again


def test_wiki_r9_disharmony_credit_stays_while_it_stands() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(4,3)": "HRo", "(-5,-5)": "GLi"}, to_move="host")
    play(game, "(4,3)-(4,1)", "(-5,-5)-(-3,-3)")
    assert game.scores()[1]["disharmonies"] == -2


def test_wiki_r9_lotus_proximity_and_unharmonised_penalty() -> None:
    tiles = {"(0,0)": "GL", "(1,2)": "GJa", "(2,1)": "GRo", "(-4,0)": "GCh", "(0,-3)": "HJa"}
    game = WikiGame.setup(tiles)
    guest = game.scores()[1]
    assert guest["lotus"] == 2  # (1,2) and (2,1); (-4,0) is four steps away
    assert guest["unharmonised"] == -4  # the three flowers and the Lotus: every tile counts
    assert game.scores()[0]["lotus"] == 0  # the Lotus helps only its owner
    assert guest["total"] == sum(guest[t] for t in ("harmonies", "disharmonies", "blocked",
                                                     "lotus", "unharmonised"))


def test_wiki_r9_every_tile_counts_near_a_lotus_and_in_no_harmony() -> None:
    tiles = {"(0,0)": "GL", "(0,2)": "GL", "(2,0)": "GK", "(-1,-1)": "GD", "(0,-6)": "GW"}
    game = WikiGame.setup(tiles)
    guest = game.scores()[1]
    assert guest["lotus"] == 4  # each Lotus near the other, the Knotweed, the Dragon
    assert guest["unharmonised"] == -5  # none of them can harmonise


def test_wiki_r9_a_boat_between_the_tiles_of_its_owners_harmony_is_in_harmony() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,3)": "GB", "(0,4)": "HB", "(0,5)": "GLi"})
    assert harmonies(game) == {("(0,1)", "(0,5)", "guest")}
    assert [row["unharmonised"] for row in game.scores()] == [-1, 0]  # the Host's Boat


# --- R10 ring ---
RING = {
    "(-2,2)": "GJa", "(2,2)": "GLi", "(2,-2)": "GJa", "(-2,-2)": "GLi",
}


def test_wiki_r10_a_ring_around_the_centre_ends_the_game() -> None:
    tiles = dict(RING)
    tiles["(-4,-4)"] = "GLi"
    del tiles["(-2,-2)"]
    game = WikiGame.setup(tiles)
    assert game.outcome() is None
    play(game, "(-4,-4)-(-2,-2)")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "chain"
    assert outcome.winners == (1,)  # the Guest has more points
    assert game.to_move is None and game.legal_actions() == []


# harmonies of both players and disharmonies: Ja ♥ Li (Guest), Li ✗ Ch, Ch ♥ Ro (Host), Ro ✗ Ja
CHAIN = {"(-2,2)": "GJa", "(2,2)": "GLi", "(2,-2)": "HCh", "(-5,-2)": "HRo"}


def test_wiki_r10_a_chain_of_harmonies_and_disharmonies_ends_the_game_on_the_score() -> None:
    game = WikiGame.setup(CHAIN, to_move="host")
    assert game.outcome() is None
    play(game, "(-5,-2)-(-2,-2)")  # the Rose closes the chain around the centre
    assert len(harmonies(game)) == 2 and len(disharmonies(game)) == 2
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "chain"
    totals = [row["total"] for row in game.scores()]
    assert outcome.result == f"host {totals[0]}, guest {totals[1]}"
    expected = (0,) if totals[0] > totals[1] else (1,) if totals[1] > totals[0] else (0, 1)
    assert outcome.winners == expected


def test_wiki_r10_a_chain_that_misses_the_centre_does_not_end_the_game() -> None:
    tiles = {"(1,1)": "GJa", "(5,1)": "GLi", "(5,5)": "HCh", "(1,8)": "HRo"}
    game = WikiGame.setup(tiles, to_move="host")
    play(game, "(1,8)-(1,5)")  # a closed loop, but in the north-east quadrant
    assert len(harmonies(game)) + len(disharmonies(game)) == 4
    assert game.outcome() is None


def test_wiki_r10_a_record_that_goes_on_after_a_chain_reads_on_under_the_earlier_rule() -> None:
    start = starts.start_game("wiki", {"setup": {"tiles": CHAIN, "to_move": "host"}})
    assert isinstance(start, WikiGame)
    played = start.copy()
    play(played, "(-5,-2)-(-2,-2)")
    assert played.outcome() is not None and not played.earlier_end
    # a record made when only a ring of one player's harmonies ended the game goes on:
    game = start.copy()
    play(game, "(-5,-2)-(-2,-2)", "(-2,2)-(-2,3)")
    assert game.earlier_end and game.outcome() is None
    assert game.extra_json()["end_rule"] == "earlier-r10"
    assert len(game.history) == 2 and game.to_move == 0
    # and the link of such a game opens to the same moves
    decoded = link.decode(link.encode(game)).game
    assert decoded.to_text() == game.to_text() and decoded.earlier_end


PAST_A_CHAIN = (
    "1G.WJ(0,0);1H.Ch(-8,0);2G.Ro(0,8);2H.Ch(8,0);3G.(0,0)-(-5,0);3H.(8,0)-(6,2);"
    "4G.(-5,0)-(-5,4);4H.(-8,0)-(-6,-2);5G.(-5,4)-(-5,0);5H.K(4,3);6G.Li(-8,0);6H.K(-1,6);"
    "7G.(-8,0)-(-6,2);7H.Ro(0,-8);8G.(-5,0)-(0,0);8H.(6,2)-(8,4);9G.(0,0)-(0,4);9H.Li(8,0);"
    "10G.(0,4)-(-1,4);10H.(0,-8)-(0,-7);11G.(-1,4)-(-1,6);11H.(8,4)-(6,2);12G.(0,8)-(1,8);"
    "12H.(8,0)-(6,-2)"
)
"""A random game whose 24th ply closes a chain of both players' harmonies and
disharmonies, none of them a ring of one player's harmonies (wiki R10)."""


@pytest.mark.parametrize("write", [link.encode, link.encode_v1], ids=["v2", "v1"])
def test_wiki_r10_links_of_a_game_played_on_past_a_chain_open_to_the_same_moves(
    write: object,
) -> None:
    ended = WikiGame.from_text(PAST_A_CHAIN)
    outcome = ended.outcome()
    assert outcome is not None and outcome.reason == "chain"
    record = PAST_A_CHAIN + ";13G.(1,8)-(2,8)"  # made under the earlier R10
    game = WikiGame.from_text(record)
    assert game.earlier_end and game.outcome() is None and game.to_text() == record
    assert callable(write)
    decoded = link.decode(write(game)).game
    assert decoded.to_text() == record and decoded.state_key() == game.state_key()


def test_wiki_r10_a_ring_of_one_players_harmonies_refuses_any_further_move() -> None:
    tiles = dict(RING)
    tiles["(-4,-4)"] = "GLi"
    del tiles["(-2,-2)"]
    game = WikiGame.setup(tiles)
    play(game, "(-4,-4)-(-2,-2)")
    assert not game.read_past_end()  # the earlier rule ended it as well
    with pytest.raises(IllegalMove, match=r"the game is over: a chain .* \(wiki-r10\)"):
        game.play("(-2,2)-(-2,3)")


# --- R11 three flowers ---
def test_wiki_r11_three_flowers_left_loses() -> None:
    game = WikiGame.setup({"(0,0)": "GL", "(0,1)": "HJa"})
    game.captured[0][0] = 32  # the Host's last four flowers …
    play(game, "(0,0)-(0,1)")  # … lose one more
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "three-flowers" and outcome.winners == (1,)


# --- R12 mirrored opening ---
def test_wiki_r12_mirrored_opening_places_both_players_tiles() -> None:
    game = new_game("wiki", ["mirrored-opening"])
    texts = legal_texts(game)
    assert "pass" not in texts and "WJ(0,0)" not in texts and "K(2,-3)" in texts
    play(game, "K(2,-3)", "Ja(0,-8)", "L(1,-1)", "D(3,2)")
    assert tile_at(game, "(-2,3)") == "HK" and tile_at(game, "(0,8)") == "HJa"
    assert tile_at(game, "(-3,-2)") == "HD"
    play(game, "pass")
    assert game.to_move == 1 and "1G." not in game.to_text()
    play(game, "Li(8,0)")
    assert game.to_text().split(";")[-1] == "1G.Li(8,0)"
    assert game.to_text().startswith("0G.K(2,-3);0G.Ja(0,-8)")
    again = WikiGame.from_text(game.to_text(), ["mirrored-opening"])
    assert again.state_key() == game.state_key()


def test_wiki_r12_opening_ends_after_twelve_tiles() -> None:
    game = new_game("wiki", ["mirrored-opening"])
    for x in range(1, 7):
        play(game, f"K({x},-1)" if x <= 3 else f"R({x},-1)")
    for x in range(1, 7):
        play(game, f"B({x},-2)" if x <= 3 else f"L({x - 3},-3)")
    assert game.phase == 1 and game.to_move == 1


# --- notation and errors ---
def test_wiki_notation_malformed_text_is_quoted() -> None:
    game = new_game("wiki")
    with pytest.raises(InvalidMove, match="'Xx\\(0,-8\\)'"):
        game.play("Xx(0,-8)")
    with pytest.raises(InvalidMove, match="'hello'"):
        game.play("hello")
    with pytest.raises(InvalidMove, match="not on the board"):
        game.play("Ja(8,8)")


def test_wiki_notation_ply_prefixes_are_checked_and_optional() -> None:
    game = WikiGame.from_text("Ja(0,-8);1H.Ja(0,8)")
    assert game.to_text() == "1G.Ja(0,-8);1H.Ja(0,8)"
    with pytest.raises(IllegalMove, match="expected 1H"):
        WikiGame.from_text("1G.Ja(0,-8);2G.Ja(0,8)")


def test_wiki_state_key_and_copy() -> None:
    game = WikiGame.from_text("Ja(0,-8);Ja(0,8)")
    other = game.copy()
    other.play("(0,-8)-(0,-6)")
    assert game.state_key() != other.state_key()
    assert WikiGame.from_text(other.to_text()).state_key() == other.state_key()


def test_wiki_setup_reserves_leave_the_rest_captured_wiki_r11() -> None:
    # the demo hook: a player named in ``reserves`` keeps exactly those tiles; the rest of
    # their set has left the game, so rules.html#wiki-r11 counts it as lost
    game = WikiGame.setup(
        {"(1,1)": "GJa", "(2,2)": "GRo", "(3,3)": "GLi", "(1,4)": "HD"},
        to_move="host",
        reserves={"guest": {"Ch": 1}},
    )
    assert game.reserves()[1] == {"Ch": 1}
    assert game.flowers_left(1) == 4 and game.flowers_left(0) == 36
    assert game.reserves()[0]["D"] == 2  # the Host's reserve is the set minus the board
    play(game, "(1,4)-(1,1)")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "three-flowers" and outcome.winners == (0,)


@pytest.mark.parametrize("reserve", [{"Ja": 6}, {"Xy": 1}, {"Ro": -1}])
def test_wiki_setup_refuses_reserves_that_do_not_fit_the_set(reserve: dict[str, int]) -> None:
    with pytest.raises(InvalidMove, match="does not fit the set"):
        WikiGame.setup({"(1,1)": "GJa"}, reserves={"guest": reserve})


def test_wiki_r8b_blocked_harmonies_are_the_same_over_every_point_or_the_occupied_ones() -> None:
    game = WikiGame.setup({"(0,1)": "GJa", "(0,3)": "HR", "(0,6)": "GLi", "(-4,1)": "GLi"})
    drained = rules.drained_points(game.board)
    assert rules.blocked_harmonies(game.board, game.moved, drained) == game.blocked_list()
    assert blocked(game) == {("(0,1)", "(0,6)", "guest")}
