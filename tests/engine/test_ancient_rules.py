"""One test per Ancient ruling on hand-built positions (``rules.html#ancient-r1`` … ``-r12``)."""

from __future__ import annotations

import pytest

from paisho_core import IllegalMove, InvalidMove, new_game
from paisho_core.ancient import AncientGame
from paisho_core.ancient.deal import deal
from paisho_core.ancient.rules import count_all, destinations
from paisho_core.ancient.tiles import CODES, POOL_COUNTS, POOL_SIZE
from paisho_core.board import CENTRE, Point

G = AncientGame.setup


def idx(text: str) -> int:
    return Point.parse(text).index


def dests(game: AncientGame, text: str) -> set[str]:
    return {str(Point.from_index(p)) for p in destinations(list(game.cells), idx(text))}


def texts(game: AncientGame) -> set[str]:
    return {game.format_action(a) for a in game.legal_actions()}


# --- R1 players, R2 pool -------------------------------------------------------------
def test_ancient_r1_two_to_four_seats_in_turn_order() -> None:
    for n in (2, 3, 4):
        game = AncientGame((), 11, n)
        assert game.players == ("P1", "P2", "P3", "P4")[:n]
    for bad in (1, 5):
        with pytest.raises(InvalidMove, match="2 to 4 players"):
            AncientGame((), 11, bad)


def test_ancient_r1_first_player_and_centre_piece_come_from_the_seed() -> None:
    firsts = set()
    for seed in range(40):
        a, b = AncientGame((), seed, 3), AncientGame((), seed, 3)
        assert a.state_key() == b.state_key()
        assert a.to_move == a.first_player == deal(seed, 3, 7).first
        assert a.cells[CENTRE] == a.centre_piece == deal(seed, 3, 7).centre
        firsts.add(a.to_move)
    assert firsts == {0, 1, 2}
    with pytest.raises(InvalidMove, match="seed"):
        AncientGame((), None, 2)


def test_ancient_r2_pool_deal_and_pile() -> None:
    assert POOL_SIZE == 54
    assert {CODES[k]: n for k, n in POOL_COUNTS.items()} == {
        "Ja": 6, "Li": 6, "WJ": 6, "Ro": 6, "Ch": 6, "Rh": 6,
        "W": 3, "B": 3, "C": 3, "K": 3, "D": 3, "L": 3,
    }  # fmt: skip
    game = AncientGame(("target=7", "hand=11"), 5, 4)
    assert [game.hand_size_of(s) for s in range(4)] == [11, 11, 11, 11]
    assert game.pile_left == 54 - 1 - 44


@pytest.mark.parametrize(("target", "hand"), [(3, 5), (5, 7), (7, 11), (11, 17)])
def test_ancient_r2_presets(target: int, hand: int) -> None:
    game = AncientGame((f"target={target}",), 1, 2)
    assert (game.target, game.hand_size) == (target, hand)
    assert game.options == {f"target={target}", f"hand={hand}"}


def test_ancient_r2_custom_pairs_and_refusals() -> None:
    game = new_game("ancient", ["target=4", "hand=9"], 3, players=3)
    assert isinstance(game, AncientGame)
    assert (game.target, game.hand_size, len(game.players)) == (4, 9, 3)
    assert AncientGame((), 3).options == {"target=5", "hand=7"}
    with pytest.raises(InvalidMove, match="give hand=N"):
        AncientGame(("target=4",), 1)
    with pytest.raises(InvalidMove, match="hand=17 for 4 players"):
        AncientGame(("target=11", "hand=17"), 1, 4)
    with pytest.raises(InvalidMove, match="whole number"):
        AncientGame(("target=x",), 1)
    with pytest.raises(InvalidMove, match="unknown option"):
        AncientGame(("colour=3",), 1)


# --- R3 turns -----------------------------------------------------------------------
def test_ancient_r3_draw_then_discard_is_one_turn() -> None:
    game = G({"(0,0)": "C"}, ["Ja", "Ro"], pile="K Li")
    assert "draw" in texts(game)
    game.play("draw")
    assert game.to_move == 0 and game.step == "discard" and game.last_drawn == "K"
    assert texts(game) == {"discard Ja", "discard K"}
    game.play("discard K")
    assert game.to_move == 1 and game.discards == ("K",) and game.turn == 2
    assert game.hand(0) == {"Ja": 1}


def test_ancient_r3_place_then_move_the_same_tile() -> None:
    game = G({}, ["Ja", "Ro"])
    game.play("Ja(2,2)")
    assert game.to_move == 0 and game.step == "move"
    assert "(2,2)-(2,5)" in texts(game)
    game.play("(2,2)-(2,5)")
    assert game.to_move == 1 and game.step == "start"
    with pytest.raises(IllegalMove, match="follows a placement"):
        game.play("(2,5)-(2,4)")


def test_ancient_r3_no_move_step_when_nothing_can_move() -> None:
    game = G({}, ["C", "Ro"])
    game.play("C(1,1)")  # a Coin never moves, and it is the only tile
    assert game.to_move == 1 and game.step == "start"


def test_ancient_r3_no_draw_from_an_empty_pile_and_passes_end_in_a_draw() -> None:
    game = G({"(0,0)": "C"}, ["", "Ja"], pile="")
    assert texts(game) == {"pass"}
    game.play("pass")
    assert game.to_move == 1 and "draw" not in texts(game)
    with pytest.raises(IllegalMove, match="only when it can neither"):
        game.play("pass")
    game.play("Ja(2,2)")  # no move: the Coin cannot, the Jasmine can
    game.play("(2,2)-(2,3)")
    game.play("pass")
    assert game.outcome() is None  # the round was broken by P2's placement
    game.play("pass")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "all-passed" and outcome.is_draw(2)


# --- R4 win ------------------------------------------------------------------------
def test_ancient_r4_exact_target_after_a_placement_wins_at_once() -> None:
    game = G({"(0,2)": "WJ"}, ["Li", "Ro"], target=1)
    game.play("Li(2,2)")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "exact-target"
    assert game.to_move is None and game.legal_actions() == []


def test_ancient_r4_overshoot_does_not_win_but_the_move_may() -> None:
    game = G({"(-2,2)": "Ja", "(2,2)": "Ja"}, ["Li", "Ro"], target=1)
    game.play("Li(0,2)")
    assert game.harmonies == 2 and game.outcome() is None
    game.play("(2,2)-(2,3)")
    outcome = game.outcome()
    assert game.harmonies == 1 and outcome is not None and outcome.winners == (0,)


# --- R5 colours ----------------------------------------------------------------------
def test_ancient_r5_white_flowers_on_red_points_red_flowers_on_white_points() -> None:
    game = G({}, ["Ja Ro", "Ro"])
    moves = texts(game)
    assert "Ja(2,2)" in moves and "Ja(-2,2)" not in moves  # NE red, NW white
    assert "Ro(-2,2)" in moves and "Ro(2,2)" not in moves
    assert {"Ja(0,3)", "Ro(0,3)", "Ja(7,0)", "Ro(7,0)"} <= moves  # midlines take both
    assert "Ja(5,5)" not in moves and "Ro(8,1)" not in moves  # neutral only
    with pytest.raises(IllegalMove, match="touching a red garden"):
        game.play("Ja(-2,2)")


def test_ancient_r5_special_tiles_anywhere_empty_but_never_on_a_gate() -> None:
    game = G({"(1,1)": "Ja"}, ["K", "Ro"])
    moves = texts(game)
    assert {"K(5,5)", "K(-2,2)", "K(8,1)"} <= moves
    assert "K(0,8)" not in moves and "K(1,1)" not in moves
    with pytest.raises(IllegalMove, match="Gate"):
        game.play("K(8,0)")


# --- R6 movement ---------------------------------------------------------------------
def test_ancient_r6_three_and_five_movers_go_straight_without_jumping() -> None:
    game = G({"(0,0)": "Ja", "(0,2)": "C", "(3,3)": "WJ"}, ["", ""])
    assert dests(game, "(0,0)") == {
        "(0,1)", "(1,0)", "(2,0)", "(3,0)", "(-1,0)", "(-2,0)", "(-3,0)",
        "(0,-1)", "(0,-2)", "(0,-3)",
    }  # fmt: skip
    five = dests(game, "(3,3)")
    assert "(3,8)" in five or "(3,8)" not in five  # (3,8) is off the board
    assert {"(3,4)", "(3,7)", "(8,3)", "(-2,3)", "(3,-2)"} <= five and "(3,-3)" not in five


def test_ancient_r6_l_movers_go_two_then_one_and_may_stop_early() -> None:
    game = G({"(0,0)": "Li"}, ["", ""])
    want = set()
    for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        want |= {f"({dx},{dy})", f"({2 * dx},{2 * dy})"}
        want |= {f"({2 * dx + dy},{2 * dy + dx})", f"({2 * dx - dy},{2 * dy - dx})"}
    assert dests(game, "(0,0)") == want and len(want) == 16
    blocked = G({"(0,0)": "Ch", "(0,1)": "C", "(2,0)": "C"}, ["", ""])
    assert not {"(0,1)", "(0,2)", "(1,2)", "(-1,2)"} & dests(blocked, "(0,0)")
    assert "(1,0)" in dests(blocked, "(0,0)")  # may stop after one straight point
    assert not {"(2,0)", "(2,1)", "(2,-1)"} & dests(blocked, "(0,0)")


def test_ancient_r6_dragon_exactly_one_or_six_jumping() -> None:
    game = G({"(0,0)": "D", "(0,1)": "C", "(0,3)": "Ja"}, ["", ""])
    got = dests(game, "(0,0)")
    assert len(got) == 16 and {"(0,1)", "(0,6)", "(6,6)", "(-1,-1)"} <= got
    assert "(0,2)" not in got


def test_ancient_r6_lotus_one_or_two_steps_may_turn() -> None:
    game = G({"(0,0)": "L", "(0,1)": "C"}, ["", ""])
    got = dests(game, "(0,0)")
    assert "(0,2)" not in got and {"(1,1)", "(-1,1)", "(2,0)", "(1,-1)"} <= got
    assert len(got) == 12 - 2  # (0,1) taken, (0,2) only through it


def test_ancient_r6_boat_coin_knotweed_wheel_and_drained_never_move() -> None:
    board = {"(0,0)": "B", "(2,0)": "C", "(4,0)": "K", "(-2,0)": "W", "(0,3)": "Ja*"}
    game = G(board, ["", ""])
    for point in board:
        assert dests(game, point) == set()


def test_ancient_r6_no_move_ends_on_a_gate() -> None:
    game = G({"(0,4)": "WJ"}, ["", ""])
    assert "(0,8)" not in dests(game, "(0,4)") and "(0,7)" in dests(game, "(0,4)")


def test_ancient_r6_knotweed_drains_the_flowers_around_it_when_placed() -> None:
    game = G({"(1,1)": "Ja", "(2,1)": "C", "(-1,0)": "Rh", "(3,3)": "Ro"}, ["K", ""])
    game.play("K(0,1)")
    flags = {str(t.point): t.flags for t in game.board_tiles()}
    assert flags["(1,1)"] == {"drained"} and flags["(-1,0)"] == {"drained"}
    assert flags["(2,1)"] == frozenset() and flags["(3,3)"] == frozenset()
    assert not any(m.startswith("(1,1)-") for m in texts(game))
    game.play("(3,3)-(2,3)")  # next to nothing drained; later neighbours stay fresh
    assert "drained" not in {f for t in game.board_tiles() for f in t.flags if t.code == "Ro"}


# --- R7 lines ----------------------------------------------------------------------
def test_ancient_r7_seed_example_lily_jade_jasmine_is_one_harmony() -> None:
    game = G({"(-2,2)": "Li", "(0,2)": "WJ", "(2,2)": "Ja"}, ["", ""])
    assert (game.harmonies, game.disharmonies) == (1, 0)


def test_ancient_r7_seed_example_jade_lily_jasmine_is_two_harmonies() -> None:
    game = G({"(-2,2)": "WJ", "(0,2)": "Li", "(2,2)": "Ja"}, ["", ""])
    assert (game.harmonies, game.disharmonies) == (2, 0)


def test_ancient_r7_pairs_of_the_seed() -> None:
    pairs = {("Li", "Ja"): 1, ("Li", "WJ"): 1, ("Ch", "Ro"): 1, ("Ch", "Rh"): 1,
             ("Ja", "Rh"): 1, ("Ro", "WJ"): 1, ("Ja", "Ro"): -1, ("Li", "Ch"): -1,
             ("WJ", "Rh"): -1}  # fmt: skip
    for a in ("Ja", "Li", "WJ", "Ro", "Ch", "Rh"):
        for b in ("Ja", "Li", "WJ", "Ro", "Ch", "Rh"):
            want = pairs.get((a, b), pairs.get((b, a), 0))
            game = G({"(0,1)": a, "(0,3)": b}, ["", ""])
            assert (game.harmonies, game.disharmonies) == (int(want > 0), int(want < 0)), (a, b)


def test_ancient_r7_special_tiles_are_transparent_and_drained_flowers_block() -> None:
    see = G({"(1,0)": "Li", "(2,0)": "K", "(3,0)": "B", "(5,0)": "Ja"}, ["", ""])
    assert see.harmonies == 1
    blocked = G({"(1,0)": "Li", "(2,0)": "Ro*", "(5,0)": "Ja"}, ["", ""])
    assert blocked.harmonies == 0


def test_ancient_r7_a_coin_cancels_every_pair_on_its_row_and_column() -> None:
    base = {"(1,0)": "Li", "(5,0)": "Ja", "(1,3)": "WJ"}
    assert G(base, ["", ""]).harmonies == 2  # Li-Ja on the row, Li-WJ on the column
    game = G({**base, "(-4,0)": "C"}, ["", ""])
    assert game.harmonies == 1  # the row's pair is gone, wherever the Coin stands on it
    game = G({**base, "(1,-3)": "C"}, ["", ""])
    assert game.harmonies == 1  # the column's pair


# --- R8 Lotus ------------------------------------------------------------------------
def test_ancient_r8_lotus_flips_pairs_on_its_lines_two_flip_back() -> None:
    base = {"(1,0)": "Li", "(5,0)": "Ja", "(2,2)": "Ja", "(4,2)": "Ro"}
    assert (G(base, ["", ""]).harmonies, G(base, ["", ""]).disharmonies) == (1, 1)
    game = G({**base, "(-3,0)": "L"}, ["", ""])
    assert (game.harmonies, game.disharmonies) == (0, 2)
    assert [f for *_, f in game.pairs()] == [True, False] or sorted(
        f for *_, f in game.pairs()
    ) == [False, True]
    game = G({**base, "(-3,0)": "L", "(6,0)": "L"}, ["", ""])
    assert (game.harmonies, game.disharmonies) == (1, 1)
    game = G({**base, "(3,-2)": "L"}, ["", ""])  # on neither pair's line
    assert (game.harmonies, game.disharmonies) == (1, 1)


# --- R9 Wheel ------------------------------------------------------------------------
def test_ancient_r9_wheel_turns_its_ring_by_multiples_of_45_degrees() -> None:
    game = G({"(1,2)": "Ja", "(2,1)": "Ro"}, ["W", ""])
    turns = {m for m in texts(game) if m.startswith("W(1,1)@")}
    assert turns == {f"W(1,1)@{d}" for d in range(0, 360, 45)}
    game.play("W(1,1)@90")  # N -> S? no: clockwise, N (1,2) goes to E (2,1), E to S
    codes = {str(t.point): t.code for t in game.board_tiles()}
    assert codes == {"(1,1)": "W", "(2,1)": "Ja", "(1,0)": "Ro"}
    assert game.step == "move" and "(2,1)-(2,4)" in texts(game)  # a turned tile may move


def test_ancient_r9_wheel_may_not_move_a_coin_or_a_drained_tile_or_leave_the_board() -> None:
    coin = G({"(1,2)": "C"}, ["W", ""])
    assert {m for m in texts(coin) if m.startswith("W(1,1)@")} == {"W(1,1)@0"}
    drained = G({"(1,2)": "Ja*"}, ["W", ""])
    assert {m for m in texts(drained) if m.startswith("W(1,1)@")} == {"W(1,1)@0"}
    empty = G({"(5,5)": "C"}, ["W", ""])
    assert {m for m in texts(empty) if m.startswith("W(1,1)@")} == {"W(1,1)@0"}
    edge = G({"(7,3)": "Ja"}, ["W", ""])  # ring of (7,4): (8,5) is off the board
    edge_turns = {m for m in texts(edge) if m.startswith("W(7,4)@")}
    assert "W(7,4)@0" in edge_turns and len(edge_turns) < 8
    with pytest.raises(IllegalMove, match="ancient R9"):
        coin.play("W(1,1)@45")


# --- R10 Boat ------------------------------------------------------------------------
def test_ancient_r10_boat_displaces_a_tile_to_any_empty_point() -> None:
    game = G({"(2,2)": "Ja"}, ["B", ""])
    moves = texts(game)
    assert "B(2,2)>(-3,3)" in moves  # a white flower onto a white-only point: allowed
    assert not any(m.startswith("B(1,1)") for m in moves)  # onto an empty point: no
    assert not any(m.endswith(">(0,8)") for m in moves)
    game.play("B(2,2)>(-3,3)")
    codes = {str(t.point): t.code for t in game.board_tiles()}
    assert codes == {"(2,2)": "B", "(-3,3)": "Ja"}


def test_ancient_r10_boat_cannot_take_a_drained_point() -> None:
    game = G({"(2,2)": "Ja*"}, ["B", ""])
    assert not any(m.startswith("B(") for m in texts(game))
    with pytest.raises(IllegalMove, match="drained"):
        game.play("B(2,2)>(3,3)")


# --- R11 Dragon ------------------------------------------------------------------------
def test_ancient_r11_dragon_takes_the_tile_it_lands_on_into_the_movers_hand() -> None:
    game = G({"(0,6)": "Rh", "(1,1)": "Ja*", "(3,3)": "C"}, ["D", "Ro"])
    game.play("D(0,0)")
    assert "(0,0)-(0,6)" in texts(game) and "(0,0)-(1,1)" not in texts(game)
    game.play("(0,0)-(0,6)")
    assert game.hand(0) == {"Rh": 1}
    assert game.reserves(1) == [{"?": 1}, {"Ro": 1}]
    assert {str(t.point): t.code for t in game.board_tiles()}["(0,6)"] == "D"


# --- R12 centre piece ------------------------------------------------------------------
@pytest.mark.parametrize("code", ["K", "W", "B"])
def test_ancient_r12_one_time_effect_tiles_in_the_centre_are_inert(code: str) -> None:
    for seed in range(400):
        game = AncientGame((), seed, 2)
        if CODES[game.centre_piece] == code:
            break
    else:
        pytest.skip(f"no seed below 400 has a {code} centre")
    assert [t.code for t in game.board_tiles()] == [code]
    assert game.harmonies == 0 and not any(t.flags for t in game.board_tiles())
    # the centre piece blocks the point: nothing is placed on it except a Boat
    legal = texts(game)
    assert not any(m.endswith("(0,0)") and not m.startswith("B") for m in legal)


def test_ancient_r12_a_knotweed_centre_does_not_drain() -> None:
    game = G({"(0,0)": "K"}, ["Ja", ""])
    game.play("Ja(1,1)")
    assert not any(t.flags for t in game.board_tiles())
    assert any(m.startswith("(1,1)-") for m in texts(game))


def test_ancient_counts_match_a_recount() -> None:
    game = G({"(-2,2)": "WJ", "(0,2)": "Li", "(2,2)": "Ja", "(0,-3)": "L"}, ["", ""])
    assert (game.harmonies, game.disharmonies) == count_all(list(game.cells))


def test_ancient_every_ruling_has_an_anchor_and_a_named_test() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "site" / "rules.html").read_text("utf-8")
    names = set(globals())
    for n in range(1, 13):
        assert f'id="ancient-r{n}"' in page
        assert any(name.startswith(f"test_ancient_r{n}_") for name in names), n
