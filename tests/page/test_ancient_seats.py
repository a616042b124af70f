"""The seats of the page's Ancient game and what its panel says
(paisho_page.panels.ancient_seats): computer seats kept per game, the pass-the-device
screen (``rules.html#ancient-r3``), the Wheel's turn keys and previews
(``rules.html#ancient-r9``)."""

from __future__ import annotations

from paisho_core.ancient import AncientGame
from paisho_core.registry import new_game
from paisho_core.tokens import DRAW
from paisho_page.base.dom_writes import by_target
from paisho_page.panels.ancient import COMPUTER, HANDOVER, PLAY, seat_view
from paisho_page.panels.ancient_seats import (
    AncientSeats,
    dialog_seat_rows,
    hidden_writes,
    hover_preview,
    is_ancient,
    key_turn,
    panel_screen,
    result_line,
    turn_preview,
    turns_disabled,
)
from paisho_page.play.ui import UIState


def game(players: int = 3) -> AncientGame:
    return AncientGame(("target=5",), 11, players)


def test_a_prepared_game_gets_its_computer_seats_and_another_game_none() -> None:
    seats = AncientSeats()
    seats.prepare([2, 2])
    live = game()
    assert seats.computers_of(live) == (2,)
    assert seats.computers_of(new_game("skud", (), None)) == ()
    other = AncientGame(("target=5",), 12, 3)  # a link to another game: people only
    assert seats.computers_of(other) == ()
    assert not is_ancient(None) and is_ancient(live)


def test_two_people_pass_the_device_and_clicks_wait_for_it() -> None:
    seats = AncientSeats()
    live = game()
    mover = live.to_move
    assert mover is not None
    seats.prepare([(mover + 1) % 3])
    assert seats.screen(live) == HANDOVER
    assert seats.refuse(live, viewing=False) == "Pass the device first."
    assert seats.refuse(live, viewing=True) == ""  # the replay's own refusal
    assert seats.redo_refusal(live, viewing=False) == "Pass the device first."
    assert seats.undo_refusal(live) == "There is nothing to undo."
    ui = UIState(live)
    screen = panel_screen(seats, ui, live, viewing=False)
    assert screen.handover and screen.handover_text == f"Pass the device to {live.players[mover]}"
    assert screen.ready_text == f"I am {live.players[mover]}: show my hand"
    assert not screen.can_draw and not screen.turns  # nothing offered under the screen
    writes = by_target(screen.writes())
    assert writes[("ancient-handover", "hidden")] is False
    assert writes[("btn-ancient-ready", "textContent")] == screen.ready_text
    assert writes[("btn-ancient-draw", "hidden")] is True
    assert all(set(hand) <= {"?"} for hand in seats.view_of(live, live).hands)
    seats.hotseat_of(live).confirm(live)
    assert seats.screen(live) == PLAY and seats.refuse(live, False) == ""
    screen = panel_screen(seats, ui, live, viewing=False)
    assert not screen.handover and screen.can_draw and screen.status is not None
    writes = by_target(screen.writes())
    assert writes[("ancient-handover", "hidden")] is True
    assert ("btn-ancient-ready", "textContent") not in writes
    assert writes[("status", "textContent")] == screen.status
    assert screen.texts.count == "Harmonies: 0 of target 5"


def test_a_computer_seat_to_move_is_said_in_the_status_line() -> None:
    seats = AncientSeats()
    live = game(2)
    assert live.to_move is not None
    seats.prepare([live.to_move])
    assert seats.screen(live) == COMPUTER
    screen = panel_screen(seats, UIState(live), live, viewing=False)
    assert screen.status == f"The computer ({live.players[live.to_move]}) is playing…"
    assert seats.refuse(live, False) == "The computer is playing."


def test_a_selection_keeps_the_pages_own_status_line() -> None:
    seats = AncientSeats()
    live = game(1 + 1)
    seats.prepare([])
    seats.hotseat_of(live).confirm(live)
    ui = UIState(live)
    code = next(iter(live.hand(live.to_move)))  # type: ignore[arg-type]
    ui.click(f"reserve:{code}")
    assert panel_screen(seats, ui, live, viewing=False).status is None


def test_keys_and_buttons_of_the_wheels_turns() -> None:
    assert key_turn("2", typing=False) == "turn:90"
    assert key_turn("2", typing=True) is None
    assert key_turn("8", typing=False) is None and key_turn("Enter", False) is None
    assert turns_disabled(["0", "45", "90"], frozenset({"90"})) == (True, True, False)
    assert dialog_seat_rows(2, 4) == (False, False, True, True)


def test_previews_of_a_point_and_of_a_wheel_turn() -> None:
    board = AncientGame.setup({"(1,1)": "Ro", "(2,2)": "Ja"}, ["W", "Ro"], target=9)
    ui = UIState(board)
    assert hover_preview(ui, None, viewing=False) == ""
    ui.click("reserve:W")
    ui.click("point:(1,2)")
    texts = [turn_preview(ui, 45 * k) for k in range(8)]
    assert any(t is not None and t.startswith("Turned ") for t in texts)
    assert hover_preview(ui, None, viewing=True) == ""


def test_the_draw_button_is_offered_by_its_token() -> None:
    seats = AncientSeats()
    live = game(2)
    seats.prepare([])
    seats.hotseat_of(live).confirm(live)
    assert DRAW in UIState(live).next_tokens()
    assert panel_screen(seats, UIState(live), live, viewing=True).can_draw is False


def test_the_page_is_marked_while_an_ancient_game_and_its_screen_show() -> None:
    seats = AncientSeats()
    live = game()
    seats.prepare([])
    ui = UIState(live)
    covered = by_target(panel_screen(seats, ui, live, viewing=False).writes())
    assert covered[("<body>", "variant-ancient")] is True
    assert covered[("<body>", "handover-on")] is True  # (the pass-the-device screen)
    seats.hotseat_of(live).confirm(live)
    playing = by_target(panel_screen(seats, ui, live, viewing=False).writes())
    assert playing[("<body>", "handover-on")] is False
    assert by_target(hidden_writes()) == {
        ("<body>", "variant-ancient"): False,
        ("ancient-panel", "hidden"): True,
        ("ancient-handover", "hidden"): True,
        ("<body>", "handover-on"): False,
    }


def test_the_result_line_names_the_winner_but_not_for_a_resignation() -> None:
    live = game(2)
    assert result_line(live) == ""  # (still running)
    live.resign()
    assert live.outcome() is not None and result_line(live) == ""  # the page's own sentence
    drawn = AncientGame.setup({"(1,1)": "Ro", "(2,2)": "Ja"}, ["W", "Ro"], target=9)
    while drawn.outcome() is None and drawn.to_move is not None:
        drawn.apply(drawn.legal_actions()[0])  # (every seat passes in the end)
    assert result_line(drawn) == seat_view(drawn, None).status
    assert result_line(drawn) == "Nobody could play: the game is a draw."


def test_the_tile_just_drawn_is_marked_in_the_hand_and_said() -> None:
    # ancient-r3: draw, then discard; the drawn tile is marked until the discard
    from paisho_page.panels.ancient_seats import DRAWN_CLASS, drawn_selector

    seats = AncientSeats()
    live = game(2)
    seats.hotseat_of(live).confirm(live)
    ui = UIState(live)
    assert drawn_selector(panel_screen(seats, ui, live, viewing=False)) is None
    mover = live.to_move
    assert ui.click(DRAW).kind == "complete"
    code = live.last_drawn
    assert code is not None
    screen = panel_screen(seats, ui, live, viewing=False)
    assert screen.drawn == (mover, code)
    assert drawn_selector(screen) == f'.reserve-tile[data-reserve="{code}"][data-seat="{mover}"]'
    assert "(marked in your hand)" in screen.texts.drawn and DRAWN_CLASS == "drawn"
    assert ui.click(f"reserve:{code}").kind == "extend"  # selected: a discard asks again
    assert ui.click(f"reserve:{code}").kind == "complete"  # discarded: nothing marked
    assert drawn_selector(panel_screen(seats, ui, live, viewing=False)) is None
