"""Position set-up (issue 23's board editor, engine side): every impossible position is
refused with a plain message naming the point or tile, per variant; sound ones build a
game to play on; the palette comes from the engine's tables; edits are pure."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from paisho_core import demolink, new_game
from paisho_core import setups as S
from paisho_core.board import GATES, IS_GATE, POINT_OF, POINTS, WHOLLY_RED, Point
from paisho_core.demos import frames, get_demo, start_game
from paisho_core.registry import setup_rules, tile_facts, variant_names
from paisho_core.setups import Placed, Setup, SetupError

P = Point


def problems_of(setup: Setup) -> list[str]:
    """The problems' English, and :func:`S.build` refusing with the same words."""
    found = [str(problem) for problem in S.check(setup)]
    if found:
        with pytest.raises(SetupError) as info:
            S.build(setup)
        assert str(info.value) == "; ".join(found)
    return found


def refused(setup: Setup, message: str) -> None:
    """``setup`` is refused, one of its problems being ``message`` exactly."""
    found = problems_of(setup)
    assert message in found, found


def tiles(variant: str, *placed: tuple[str, str, int | None], **kw: Any) -> Setup:
    """A set-up of ``variant`` with ``(point, code, owner)`` tiles."""
    setup = S.empty(variant)
    for point, code, owner in placed:
        setup = S.put(setup, Point.parse(point), code, owner)
    return replace(setup, **kw)


HOST, GUEST = 0, 1


# ----------------------------------------------------------------------------- every variant
@pytest.mark.parametrize("variant", variant_names())
def test_empty_and_standard_positions_are_sound(variant: str) -> None:
    assert problems_of(S.empty(variant)) == []
    assert problems_of(S.standard(variant, seed=3)) == []
    game = S.build(S.standard(variant, seed=3))
    assert game.to_move is not None


@pytest.mark.parametrize("variant", variant_names())
def test_any_step_of_a_game_rebuilds_the_same_position(variant: str) -> None:
    rng = random.Random(variant)
    for trial in range(8):
        game = (
            new_game(variant, seed=trial)
            if variant in ("balance", "ancient")
            else new_game(variant)
        )
        for _ in range(rng.randrange(4, 40)):
            if game.outcome() is not None:
                break
            game.apply(rng.choice(game.legal_actions()))
        setup = S.of_game(game)
        if game.outcome() is not None or S.check(setup):
            continue  # a finished game (or an emptied bag) is not a position to set up
        built = S.build(setup)
        assert sorted(map(str, built.board_tiles())) == sorted(map(str, game.board_tiles()))
        assert built.to_move == game.to_move
        assert built.reserves(built.to_move) == game.reserves(game.to_move)
        # … and it can be shared as a demo's start
        demo = {"variant": variant, "name": f"{variant}-studio", "title": "T", "caption": "c"}
        demo |= S.demo_start(setup)
        shared = demolink.decode(demolink.fragment(demo))
        again = start_game(shared.demo)
        assert sorted(map(str, again.board_tiles())) == sorted(map(str, game.board_tiles()))


@pytest.mark.parametrize("variant", variant_names())
def test_the_palette_is_the_engines_tile_table(variant: str) -> None:
    setup = S.empty(variant)
    palette = S.palette(setup)
    facts = {f.code: f for f in tile_facts(variant)}
    assert {t.code for t in palette} <= set(facts)
    for tile in palette:
        assert tile.name == facts[tile.code].name
        assert tile.points, tile
        assert S.points_for(setup, tile.code, tile.owner) == tile.points
        # a tile put on a point of its palette is no problem of its own
        point = min(tile.points)
        put = S.put(setup, point, tile.code, tile.owner)
        assert not [m for m in S.check(put) if "cannot stand" in str(m)]
    owners = {t.owner for t in palette}
    assert owners == ({0, 1} if variant in ("skud", "wiki") else {None})


def test_skud_palette_points_are_the_rules_gardens_and_gates() -> None:
    setup = S.empty("skud")
    jasmine = S.points_for(setup, "W3", HOST)  # a white flower
    assert jasmine == {POINT_OF[p] for p in POINTS if not WHOLLY_RED[p]}
    rock = S.points_for(setup, "R", GUEST)
    assert rock == {POINT_OF[p] for p in POINTS if not IS_GATE[p]}
    assert S.points_for(setup, "L", HOST) == {POINT_OF[p] for p in POINTS}
    counts = {(t.code, t.owner): t.count for t in S.palette(setup)}
    assert counts["R3", HOST] == 3 and counts["L", GUEST] == 1 and counts["W", HOST] == 2
    no_wheels = replace(setup, options=("no-wheels",))
    assert {(t.code, t.owner): t.count for t in S.palette(no_wheels)}["W", HOST] == 0


def test_every_variant_has_set_up_rules() -> None:
    for variant in variant_names():
        assert setup_rules(variant) is not None


# ----------------------------------------------------------------------------- edits
def test_edits_are_pure_functions() -> None:
    start = S.empty("skud")
    one = S.put(start, P(1, 1), "R3", HOST)
    assert start.tiles == () and one.at(P(1, 1)) == Placed(P(1, 1), "R3", HOST)
    two = S.move(one, P(1, 1), P(2, 2))
    assert one.at(P(1, 1)) is not None and two.at(P(1, 1)) is None
    assert two.at(P(2, 2)) == Placed(P(2, 2), "R3", HOST)
    assert S.remove(two, P(2, 2)).tiles == ()
    replaced = S.put(two, P(2, 2), "W5", GUEST)
    assert [t.code for t in replaced.tiles] == ["W5"]
    assert S.set_mover(start, GUEST).to_move == GUEST and start.to_move == HOST
    with pytest.raises(SetupError, match=r"there is no tile at \(3,3\) to move"):
        S.move(start, P(3, 3), P(1, 1))


def test_tiles_stay_in_point_order() -> None:
    setup = S.empty("wiki")
    for point in (P(0, -3), P(2, 5), P(-2, 5), P(0, 0)):
        setup = S.put(setup, point, "Ja", HOST)
    assert [t.point for t in setup.tiles] == [P(-2, 5), P(2, 5), P(0, 0), P(0, -3)]


def test_reserves_default_to_everything_not_on_the_board_until_set() -> None:
    setup = S.put(S.empty("skud"), P(1, 1), "R3", HOST)
    assert dict(S.reserves(setup)[HOST])["R3"] == 2
    assert dict(S.reserves(setup)[GUEST])["R3"] == 3
    set_ = S.set_reserve(setup, GUEST, "R", 1)
    assert dict(set_.reserves[GUEST]) == {**dict(S.reserves(setup)[GUEST]), "R": 1}  # type: ignore[index]
    assert S.default_reserves(set_).reserves is None
    game = S.build(set_)
    assert game.reserves()[GUEST]["R"] == 1
    with pytest.raises(SetupError, match="there is no seat 3"):
        S.set_reserve(setup, 2, "R3", 1)


def test_a_game_position_keeps_default_reserves_as_the_default() -> None:
    game = new_game("wiki")
    game.play("Ja(0,-8)")
    setup = S.of_game(game)
    assert setup.reserves is None
    assert setup.at(P(0, -8)) == Placed(P(0, -8), "Ja", GUEST, ("unmoved",))


# ----------------------------------------------------------------------------- Skud
def test_skud_too_many_of_a_tile() -> None:
    setup = tiles(
        "skud", ("(1,1)", "R3", 0), ("(1,2)", "R3", 0), ("(1,3)", "R3", 0), ("(1,4)", "R3", 0)
    )
    refused(setup, "4 Host Rose (R3) on the board: at most 3 (skud-tiles)")
    setup = S.set_reserve(tiles("skud", ("(1,1)", "W5", 1)), GUEST, "W5", 3)
    refused(
        setup,
        "1 Guest White Jade (W5) on the board and 3 in the reserve: at most 3 in all (skud-tiles)",
    )


def test_skud_gates_and_gardens() -> None:
    refused(
        tiles("skud", ("(0,8)", "R", 0)),
        "a Host Rock (R) cannot stand at (0,8): accent tiles never go on a Gate (skud-gardens)",
    )
    refused(
        tiles("skud", ("(4,1)", "W3", 1)),
        "a Guest Jasmine (W3) cannot stand at (4,1): a white flower never stands wholly inside"
        " a red garden (skud-gardens)",
    )
    refused(
        tiles("skud", ("(-2,3)", "R4", 0)),
        "a Host Chrysanthemum (R4) cannot stand at (-2,3): a red flower never stands wholly"
        " inside a white garden (skud-gardens)",
    )
    for gate in GATES:  # flowers, special ones too, may grow on any Gate
        assert problems_of(tiles("skud", (str(POINT_OF[gate]), "L", 1))) == []


def test_skud_clash_accents_and_the_end_by_tiles() -> None:
    refused(
        tiles("skud", ("(1,1)", "R3", 0), ("(1,-3)", "W3", 1)),
        "the Guest Jasmine (W3) at (1,-3) and the Host Rose (R3) at (1,1) face each other and"
        " clash: no action may leave a clash on the board (skud-r3)",
    )
    assert problems_of(tiles("skud", ("(1,1)", "R3", 0), ("(1,-3)", "W4", 1))) == []
    setup = S.empty("skud")
    for code, count in (("R", 2), ("W", 2), ("K", 1)):
        setup = S.set_reserve(setup, HOST, code, count)
    refused(
        setup,
        "5 accent tiles of the Host on the board and in the reserve: each player chooses 4"
        " (skud-accents)",
    )
    setup = S.set_reserve(S.empty("skud"), GUEST, "R3", 0)
    for code in ("R4", "R5", "W3", "W4", "W5"):
        setup = S.set_reserve(setup, GUEST, code, 0)
    refused(
        setup,
        "the Guest has no basic flower left in the reserve: the game would be over (skud-r10)",
    )


def test_skud_a_harmony_ring_already_made() -> None:
    finished = frames(get_demo("skud-harmony-ring"))[-1].game
    found = problems_of(S.of_game(finished))
    assert len(found) == 1 and found[0].startswith("the Host already has a Harmony Ring (")
    assert found[0].endswith("): the game would be over (skud-r8)")


def test_skud_unknown_tiles_owners_and_seats() -> None:
    bad = Setup("skud", (Placed(P(1, 1), "Q", 0), Placed(P(2, 2), "R3", None)), 2, 3)
    found = problems_of(bad)
    assert "Skud Pai Sho is for 2 players, not 3 (skud-turn)" in found
    assert "the player to move must be the Host or the Guest, not seat 3 (skud-turn)" in found
    assert any(m.startswith("unknown Skud Pai Sho tile 'Q' at (1,1) (tiles: R3, R4") for m in found)
    assert (
        "the Rose at (2,2) has no owner: every Skud Pai Sho tile is the Host's or the Guest's"
        " (skud-tiles)" in found
    )
    two = Setup("skud", (Placed(P(1, 1), "R3", 0), Placed(P(1, 1), "R4", 0)))
    refused(two, "two tiles on (1,1): a point holds one tile (skud-turn)")
    refused(
        replace(S.empty("skud"), reserves=((("R3", -1),), ())),
        "the Host's reserve holds -1 R3: a count is a whole number, 0 or more (skud-tiles)",
    )


def test_skud_a_sound_position_plays_on() -> None:
    setup = S.set_mover(tiles("skud", ("(1,1)", "R3", 0), ("(-4,-3)", "W4", 1)), GUEST)
    game = S.build(setup)
    assert game.to_move == GUEST
    assert game.legal_actions()
    assert S.demo_start(setup) == {
        "start": {"setup": {"tiles": {"(1,1)": "HR3", "(-4,-3)": "GW4"}, "to_move": "guest"}}
    }


# ----------------------------------------------------------------------------- Wiki
def test_wiki_gates_take_only_their_entering_flowers() -> None:
    refused(
        tiles("wiki", ("(0,8)", "L", 1)),
        "a Guest White Lotus (L) cannot stand at (0,8): only a flower that has just entered on"
        " it stands on a Gate, and no tile ends a move there (wiki-r3, wiki-r4)",
    )
    refused(
        tiles("wiki", ("(0,8)", "Ro", 0)),  # the Host's Rose enters on the Guest's Gate
        "a Host Rose (Ro) cannot stand at (0,8): only a flower that has just entered on it"
        " stands on a Gate, and no tile ends a move there (wiki-r3, wiki-r4)",
    )
    setup = tiles(
        "wiki", ("(0,8)", "Ja", 0), ("(0,8)", "Ja", 0), ("(0,-8)", "Ro", 0), ("(8,0)", "Li", 1)
    )
    assert problems_of(setup) == []
    game = S.build(setup)
    assert {str(t.point): "moved" in t.flags for t in game.board_tiles()} == {
        "(0,8)": False,
        "(0,-8)": False,
        "(8,0)": False,
    }


def test_wiki_counts_three_flowers_and_options() -> None:
    setup = S.empty("wiki")
    for x in range(-3, 4):
        setup = S.put(setup, P(x, 2), "R", 0)
    refused(setup, "7 Host Rock (R) on the board: at most 3 (wiki-tiles)")
    setup = replace(
        tiles("wiki", ("(1,1)", "Ja", 0)),
        reserves=((("Ja", 2), ("K", 3)), (("Ro", 6),)),
    )
    refused(
        setup,
        "the Host has 3 White and Red flowers on the board and in the reserve: three or fewer"
        " lose, the game would be over (wiki-r11)",
    )
    refused(
        replace(S.empty("wiki"), options=("mirrored-opening",)),
        "a Wiki set-up is a position after the opening: the option 'mirrored-opening' does"
        " not apply (wiki-r12)",
    )
    refused(
        S.put(S.empty("wiki"), P(1, 1), "Ja", 0, ("sleeping",)),
        "the Host Jasmine (Ja) at (1,1) has an unknown state 'sleeping' (states: unmoved)"
        " (wiki-r8)",
    )


def test_wiki_a_harmony_ring_already_made() -> None:
    finished = frames(get_demo("wiki-ring"))[-1].game
    found = problems_of(S.of_game(finished))
    assert any("already has a Harmony Ring" in m and "(wiki-r10)" in m for m in found), found


def test_wiki_unmoved_flowers_form_no_harmony() -> None:
    moved = tiles("wiki", ("(1,1)", "Ja", 0), ("(1,4)", "Li", 0))
    unmoved = S.put(moved, P(1, 4), "Li", 0, ("unmoved",))
    assert len(S.build(moved).harmony_lines()) == 1
    assert S.build(unmoved).harmony_lines() == []


# ----------------------------------------------------------------------------- Ancient
def test_ancient_gates_counts_and_pool() -> None:
    refused(
        tiles("ancient", ("(8,0)", "D", None)),
        "a Dragon cannot stand at (8,0): no placement or move ends on a Gate (ancient-r5)",
    )
    setup = S.empty("ancient")
    for x in range(-3, 4):
        setup = S.put(setup, P(x, 1), "Ja", None)
    refused(
        setup,
        "7 Jasmine (Ja) on the board, in the hands and the pile: the pool holds 6 (ancient-r2)",
    )
    refused(
        replace(S.empty("ancient"), reserves=((("Ja", 1),), (("?", 60),))),
        "61 tiles on the board, in the hands and the pile: the pool holds 54 (ancient-r2)",
    )


def test_ancient_hands_seats_states_and_target() -> None:
    refused(
        replace(S.empty("ancient"), reserves=((("?", 3),), ())),
        "P1 is to move: show their hand (no '?' tiles) (ancient-r2)",
    )
    refused(
        replace(S.empty("ancient"), seats=5),
        "Ancient Pai Sho is for 2 to 4 players, not 5 (ancient-r1)",
    )
    refused(
        S.put(S.empty("ancient"), P(1, 1), "C", None, ("drained",)),
        "the Coin at (1,1) cannot be 'drained' (only a flower may be drained) (ancient-special)",
    )
    refused(
        replace(S.empty("ancient"), options=("target=0",)),
        "the options 'target=0' are not a target: give target=N, N from 1 to 99 (ancient-r4)",
    )
    refused(
        tiles("ancient", ("(1,1)", "Ja", 0)),
        "the Jasmine at (1,1) has an owner: tiles belong to nobody (ancient-tiles)",
    )


def test_ancient_hidden_hands_are_dealt_from_what_is_unseen() -> None:
    setup = replace(
        tiles("ancient", ("(0,0)", "K", None), ("(1,2)", "Ja", None)),
        reserves=((("Ro", 2),), (("?", 5),), (("?", 5),)),
        seats=3,
        seed=11,
        options=("target=3",),
    )
    assert problems_of(setup) == []
    game = S.build(setup)
    hands = game.reserves(None)
    assert hands[0] == {"Ro": 2} and sum(hands[1].values()) == sum(hands[2].values()) == 5
    assert game.reserves(0)[1] == {"?": 5}
    assert S.build(setup).reserves(None) == hands  # the deal is the seed's
    assert game.option_value("target") == 3
    assert game.to_move == 0


# ----------------------------------------------------------------------------- Balance
def test_balance_points_on_the_avatars_lines() -> None:
    refused(
        tiles("balance", ("(1,2)", "B", None)),
        "a Badgermole cannot stand at (1,2): not on the row, column or a diagonal of the"
        " Avatar (balance-r2)",
    )
    refused(
        tiles("balance", ("(0,8)", "K", None)),
        "a Koi cannot stand at (0,8): only a Sky Bison may go on a Gate (balance-r3)",
    )
    refused(
        tiles("balance", ("(-3,3)", "D", None)),
        "a Dragon cannot stand at (-3,3): a Dragon never goes wholly inside a White garden"
        " (balance-r3)",
    )
    refused(
        tiles("balance", ("(3,3)", "K", None)),
        "a Koi cannot stand at (3,3): a Koi never goes wholly inside a Red garden (balance-r3)",
    )
    moved = S.move(S.empty("balance"), P(0, 0), P(1, 1))
    refused(moved, "the Avatar must stand at (0,0) (balance)")
    refused(
        moved,
        "an Avatar cannot stand at (1,1): the Avatar stands at (0,0) and nowhere else (balance)",
    )


def test_balance_the_bag() -> None:
    setup = S.set_pile(tiles("balance", ("(0,3)", "D", None), ("(0,5)", "D", None)), "DDD")
    refused(setup, "5 Dragon (D) on the board and in the bag: the bag holds 4 (balance-r1)")
    refused(
        S.set_pile(S.empty("balance"), ()),
        "the bag is empty: there is no tile left to place, the game would be over (balance-end)",
    )
    refused(S.set_pile(S.empty("balance"), "A"), "the bag holds 'A', not a bag tile (balance)")
    ring = [
        ("(0,1)", "B"),
        ("(1,0)", "B"),
        ("(0,-1)", "B"),
        ("(-1,0)", "B"),
        ("(1,1)", "S"),
        ("(1,-1)", "S"),
        ("(-1,-1)", "S"),
        ("(-1,1)", "S"),
    ]
    blocked = S.set_pile(tiles("balance", *[(p, c, None) for p, c in ring]), "D")
    refused(
        blocked,
        "the game is already over in this position (a drawn tile with nowhere to go):"
        " set up one that goes on",
    )


def test_balance_a_board_builds_by_placing_the_farthest_tiles_first() -> None:
    setup = S.set_pile(
        tiles("balance", ("(0,2)", "B", None), ("(0,6)", "S", None), ("(0,8)", "S", None)),
        "KPL",
    )
    game = S.build(setup)
    assert game.drawn == "K"
    assert game.to_text() == "(0,8);(0,6);(0,2)"
    assert S.demo_start(setup) == {"start": {"bag": "SSBKPL", "moves": "(0,8);(0,6);(0,2)"}}
