"""The pure page logic for Ancient: pass-the-device screens and per-seat views never show
another seat's hand while the game runs (``rules.html#ancient-reading``)."""

from __future__ import annotations

import random

from paisho_core.ancient import AncientGame
from paisho_core.ancient.actions import PLACE
from paisho_core.ancient.computer import choose
from paisho_page.panels.ancient import (
    COMPUTER,
    HANDOVER,
    OVER,
    PLAY,
    HotSeat,
    preview,
    replay_view,
    seat_view,
    undo_refusal,
)


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


# -- replay of a position (issue 11: "the replay of a finished game shows all hands") ----
def _finished(seed: int = 3) -> AncientGame:
    """A 3-seat game played by the computer to its end."""
    for s in range(seed, seed + 40):
        game = AncientGame(("target=3",), s, 3)
        rng = random.Random(s)
        while game.to_move is not None and len(game.history) < 400:
            action = choose(game, rng)
            assert action is not None
            game.apply(action)
        if game.outcome() is not None and len(game.history) >= 6:
            return game
    raise AssertionError("no finished game")  # pragma: no cover


def test_replay_of_a_finished_game_shows_every_hand_at_every_step() -> None:
    from paisho_core.link import game_at

    live = _finished()
    for k in range(len(live.history)):
        position = game_at(live, k)
        assert position.outcome() is None
        view = replay_view(position, live, None)
        assert view.hands == tuple(position.hand(s) for s in range(3)), k


def test_replay_of_a_running_game_shows_only_the_device_holders_hand() -> None:
    from paisho_core.link import game_at

    for seed in range(8, 60):
        live = AncientGame(("target=11",), seed, 3)
        rng = random.Random(seed)
        while live.to_move is not None and len(live.history) < 20:
            action = choose(live, rng)
            assert action is not None
            live.apply(action)
        if live.outcome() is None:
            break
    assert live.outcome() is None
    holder = live.to_move
    assert holder is not None
    for k in range(len(live.history)):
        position = game_at(live, k)
        hidden = replay_view(position, live, None)  # a hand-over: no hand at all
        assert all(set(h) <= {"?"} for h in hidden.hands)
        own = replay_view(position, live, holder)
        for seat, hand in enumerate(own.hands):
            assert hand == (position.hand(seat) if seat == holder else hidden.hands[seat])


# -- undo inside the turn being played (``rules.html#ancient-undo``) -----------------------
def test_a_placement_can_be_undone_and_redone_before_its_move() -> None:
    from paisho_page.play.ui import UIState

    game = AncientGame.setup({"(1,1)": "Ro"}, ["Ro Ja", "Li"], target=9)
    ui = UIState(game)
    place = next(a for a in game.legal_actions() if a.kind == PLACE)
    for token in game.action_clicks(place):
        ui.click(token)
    assert ui.game.step == "move" and ui.game.to_move == 0
    assert undo_refusal(ui.game) == ""
    assert ui.undo()
    assert ui.game.step == "start" and ui.game.hand(0) == {"Ro": 1, "Ja": 1}
    assert undo_refusal(ui.game) == "There is nothing to undo."
    assert ui.redo() and ui.game.step == "move"


def test_a_draw_is_never_undone() -> None:
    game = AncientGame.setup({"(0,0)": "C"}, ["Ja", "Ro"], pile="K Li")
    game.play("draw")
    assert "draw cannot be undone" in undo_refusal(game)
    assert "seen" in undo_refusal(game)


def test_undo_never_goes_back_past_the_start_of_the_turn() -> None:
    """After a discard the device is passed: the earlier turn is closed, also against the
    computer (the next seat may be a computer or a person)."""
    game = AncientGame.setup({"(0,0)": "C"}, ["Ja", "Ro"], pile="K Li")
    game.play("draw")
    game.play("discard K")
    assert game.to_move == 1
    why = undo_refusal(game)
    assert "turn being played" in why and "P2" in why
    place = next(a for a in game.legal_actions() if a.kind == PLACE)
    game.apply(place)
    if game.to_move == 1:  # its move is still to be made: the placement may be taken back
        assert undo_refusal(game) == ""


def test_a_finished_game_is_not_undone() -> None:
    game = AncientGame.setup({"(0,2)": "WJ"}, ["Li", "Ro"], target=1)
    game.play("Li(2,2)")
    assert game.outcome() is not None
    assert "every hand has been shown" in undo_refusal(game)
