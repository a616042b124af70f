"""The pure page logic for Ancient: pass-the-device screens and per-seat views never show
another seat's hand while the game runs (``rules.html#ancient-reading``)."""

from __future__ import annotations

import random

from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.ancient.page import COMPUTER, HANDOVER, OVER, PLAY, HotSeat, preview, seat_view


def test_three_seats_two_people_one_computer_never_show_another_hand() -> None:
    game = AncientGame(("target=3",), 99, 3)
    seats = HotSeat([True, True, False])
    rng = random.Random(4)
    screens = set()
    for _ in range(300):
        screen = seats.screen(game)
        screens.add(screen)
        if screen == OVER:
            break
        viewer = seats.viewer(game)
        if screen == HANDOVER:
            assert viewer is None and seats.handover_text(game).startswith("Pass the device")
            seats.confirm(game)
            continue
        view = seat_view(game, viewer)
        for seat, hand in enumerate(view.hands):
            if seat != viewer:
                assert set(hand) <= {"?"}
            else:
                assert hand == game.hand(seat)
        if screen == COMPUTER:
            action = choose(game, rng)
        else:
            assert screen == PLAY and viewer == game.to_move
            action = rng.choice(game.legal_actions())
        assert action is not None
        game.apply(action)
    assert {PLAY, HANDOVER, COMPUTER} <= screens
    if game.outcome() is not None:
        final = seat_view(game, None)
        assert final.hands == tuple(game.hand(s) for s in range(3))


def test_one_person_never_sees_a_handover() -> None:
    game = AncientGame((), 5, 2)
    seats = HotSeat([False, True])
    assert seats.looking == 1 and seats.screen(game) in (PLAY, COMPUTER)


def test_no_full_view_while_the_game_runs_and_drawn_tile_only_to_the_drawer() -> None:
    game = AncientGame.setup({"(0,0)": "C"}, ["Ja", "Ro"], pile="K")
    assert seat_view(game, None).hands == ({"?": 1}, {"?": 1})  # a hand-over hides all
    game.play("draw")
    assert seat_view(game, 0).drawn == "K" and seat_view(game, 1).drawn is None
    assert "P1 to discard" in seat_view(game, 1).status


def test_preview_counts_and_flags_a_win() -> None:
    game = AncientGame.setup({"(0,2)": "WJ"}, ["Li", "Ro"], target=1)
    action = game.parse_action("Li(2,2)")
    assert preview(game, action) == (1, True)
    assert game.harmonies == 0 and game.outcome() is None  # unchanged
