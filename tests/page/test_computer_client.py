"""The computer opponent's decisions on the page (paisho_page.computer.client): its seat,
the plan after a redraw for either kind of computer seat, the worker's messages, the Hint
controls and the board marked while it thinks."""

from __future__ import annotations

import json
from typing import Any

from paisho_core.board import Point
from paisho_core.protocol import Game
from paisho_core.registry import new_game
from paisho_page.base import dom_writes
from paisho_page.base.dom_writes import by_target
from paisho_page.computer import choices as computer_page
from paisho_page.computer.client import ComputerClient, Reply, thinking_writes
from paisho_page.computer.worker_client import RefreshPlan, boot_writes, fallback_warning


def skud(plies: int = 0) -> Game[Any]:
    """A Skud game after its first ``plies`` legal actions."""
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def test_the_one_computer_seat_gives_way_to_the_variants_own_seats() -> None:
    client, game = ComputerClient(), skud()
    client.seat = 1
    assert client.seat_for(game, None) == 1
    assert client.seat_for(game, (0, 2)) is None  # (the variant decides its seats itself)
    client.seat = 5  # no such seat in a game of two
    assert client.seat_for(game, None) is None


def test_the_plan_for_the_variants_own_seats_schedules_their_action_once() -> None:
    client, game = ComputerClient(), skud()
    mover = game.to_move
    assert mover is not None
    # the worker boots for them, and the status says the seat to move thinks
    assert client.plan(game, (mover,), True) == RefreshPlan(False, True, False, True, True)
    assert client.pending  # (scheduled: not again until the timer fires)
    assert client.plan(game, (mover,), True) == RefreshPlan(False, True, False, False, False)
    client.pending = False
    assert not client.plan(game, (1 - mover,), True).schedule  # a person is to move
    assert not client.plan(game, (mover,), False).schedule  # a replay is shown


def test_a_person_beside_the_variants_own_seats_may_ask_for_a_hint() -> None:
    # Ancient: the seat holding the device, on its turn, live (never a computer's turn)
    client, game = ComputerClient(), skud()
    mover = game.to_move
    assert mover is not None
    assert client.plan(game, (1 - mover,), True).hint_turn
    assert client.plan(game, (), True).hint_turn  # people only (hot-seat)
    assert not client.plan(game, (1 - mover,), False).hint_turn  # a replay is shown
    assert not client.plan(game, (mover,), True).hint_turn


def test_the_plan_for_the_one_computer_seat_is_the_search_clients() -> None:
    client, game = ComputerClient(), skud()
    client.seat = game.to_move
    assert client.plan(game, None, True) == RefreshPlan(False, True, False, True, True)
    client.seat = None
    assert client.plan(game, None, True) == RefreshPlan(True, False, False, False, False)


def test_the_workers_boot_marks_it_ready_and_says_it_thinks_if_asked_meanwhile() -> None:
    client, game = ComputerClient(), skud()
    ready = json.dumps({"ready": 1.5, "boot": "snapshot"})
    assert client.reply(game, None, ready) == Reply(
        writes=boot_writes({"ready": 1.5, "boot": "snapshot"})
    )
    assert client.worker_ready
    client.ask(game)
    assert client.reply(game, game.to_move, ready).show_thinking


def test_unreadable_and_stale_messages_change_nothing() -> None:
    client, game = ComputerClient(), skud()
    assert client.reply(game, 0, "not json") == Reply()
    assert client.reply(game, 0, "[1, 2]") == Reply()
    assert client.reply(game, 0, json.dumps({"id": "hint-7", "action": "x"})) == Reply()
    assert client.reply(game, 0, json.dumps({"id": 99, "action": "x"})) == Reply()


def test_a_move_reply_is_played_or_falls_back_to_medium_with_a_warning() -> None:
    client, game = ComputerClient(), skud()
    mover = game.to_move
    request = json.loads(client.ask(game))
    action = game.format_action(game.legal_actions()[0])
    reply = client.reply(game, mover, json.dumps({"id": request["id"], "action": action}))
    assert reply == Reply(unmark=True, play=True, action=game.legal_actions()[0])
    request = json.loads(client.ask(game))
    empty = client.reply(game, mover, json.dumps({"id": request["id"], "error": "x"}))
    assert empty == Reply(unmark=True, warning=fallback_warning({"error": "x"}), play=True)
    request = json.loads(client.ask(game))
    moved = skud(1)  # the position changed meanwhile: ends the search, plays nothing
    assert client.reply(moved, mover, json.dumps({"id": request["id"], "action": action})) == (
        Reply(unmark=True)
    )


def test_a_hint_reply_makes_the_bar_writes_its_line_and_redraws() -> None:
    client, game = ComputerClient(), skud(2)
    request, writes = client.hint_request(game, worker=True)
    assert request is not None
    waiting = computer_page.hint_waiting_text(False)
    assert writes == (dom_writes.text("skud-eval", waiting),)
    action = game.format_action(game.legal_actions()[0])
    answer = json.dumps({"id": json.loads(request)["id"], "action": action})
    reply = client.reply(game, None, answer)
    assert reply.hint_bar and reply.redraw and not reply.play
    # in words, not notation: the board marks the points while coordinates are off
    assert by_target(reply.writes)[("skud-eval", "textContent")] == (
        "Hint: plant your Rose in the marked Gate.")
    assert client.hint_shown(game, viewing=False) == (Point(0, -8),)
    request, _writes = client.hint_request(game, worker=True)
    answer = json.dumps({"id": json.loads(request or "{}")["id"], "action": action})
    reply = client.reply(game, None, answer, coordinates=True)
    assert by_target(reply.writes)[("skud-eval", "textContent")] == (
        "Hint: plant your Rose in the Gate (0,-8).")


def test_no_hint_without_a_worker_after_the_game_or_for_another_variant() -> None:
    client = ComputerClient()
    no_hint = (None, (dom_writes.text("skud-eval", computer_page.NO_HINT),))
    assert client.hint_request(skud(2), worker=False) == no_hint
    assert client.hint_request(new_game("balance", (), 7), worker=True) == no_hint
    over = skud()
    over.resign()
    assert client.hint_request(over, worker=True) == no_hint
    assert client.hint_asked is None  # (nothing was asked)


def test_the_hint_controls_follow_the_variant_the_turn_and_the_position() -> None:
    client, game = ComputerClient(), skud(2)
    writes = by_target(client.hint_control_writes(game, True, game.to_text()))
    assert writes == {("skud-hint-bar", "hidden"): False, ("btn-skud-hint", "disabled"): False}
    stale = by_target(client.hint_control_writes(game, False, "an earlier position"))
    assert stale[("btn-skud-hint", "disabled")] is True
    assert stale[("skud-eval", "textContent")] == ""  # the line of another position goes
    balance = by_target(client.hint_control_writes(new_game("balance", (), 7), True, None))
    assert balance[("skud-hint-bar", "hidden")] is True


def test_the_board_is_marked_while_the_computer_thinks() -> None:
    assert thinking_writes(True, "hard") == (
        dom_writes.attr("board-holder", "data-thinking", "hard"),
    )
    assert thinking_writes(False, "hard") == (dom_writes.no_attr("board-holder", "data-thinking"),)


def ancient(players: int = 3) -> Game[Any]:
    """A new Ancient game (hidden hands) of ``players`` seats."""
    return new_game("ancient", (), 11, players)


def test_the_variants_own_seat_to_move_is_the_searched_one() -> None:
    client, game = ComputerClient(), ancient()
    mover = game.to_move
    assert mover is not None
    assert client.mover_for(game, (mover, (mover + 1) % 3)) == mover
    assert client.mover_for(game, ((mover + 1) % 3,)) is None  # a person is to move
    assert client.mover_for(game, ()) is None  # people only
    client.seat = mover  # the one-computer choice is not these seats'
    assert client.mover_for(game, ((mover + 1) % 3,)) is None
    assert client.mover_for(game, None) == mover


def test_several_computer_seats_ask_the_worker_with_the_movers_view_only() -> None:
    # issue #22: Ancient's computer seats search in the worker, at the chosen level
    client, game = ComputerClient(), ancient()
    mover = game.to_move
    assert mover is not None
    client.set_level("hard")
    own = (mover, (mover + 1) % 3)
    assert client.plan(game, own, True) == RefreshPlan(False, True, False, True, True)
    client.pending = False
    request = json.loads(client.ask(game))
    assert request["level"] == "hard" and request["seed"] is None and "view" in request
    assert client.thinking(game, client.mover_for(game, own), False) == (
        f"The computer ({game.players[mover].capitalize()}, hard) is thinking…"
    )
    # while it thinks, a redraw of the same position keeps the search going
    assert client.plan(game, own, True) == RefreshPlan(False, True, False, True, False)
    action = game.format_action(game.legal_actions()[0])
    reply = client.reply(
        game, client.mover_for(game, own), json.dumps({"id": request["id"], "action": action})
    )
    assert reply == Reply(unmark=True, play=True, action=game.legal_actions()[0])


def test_undo_or_a_new_game_drops_the_answer_of_a_computer_seat() -> None:
    client, game = ComputerClient(), ancient()
    mover = game.to_move
    assert mover is not None
    request = json.loads(client.ask(game))
    client.cancel()  # (Undo, a new game, another level)
    action = game.format_action(game.legal_actions()[0])
    answer = json.dumps({"id": request["id"], "action": action})
    assert client.reply(game, mover, answer) == Reply()
    request = json.loads(client.ask(game))
    fresh = ancient()  # another game with the same notation: the search is dropped
    assert client.plan(game, (mover,), False).unmark  # a replay shown: no longer fits
    assert client.asked is None and request["id"] < client.request
    assert client.plan(fresh, (), True) == RefreshPlan(True, False, False, False, False)


def test_with_no_worker_the_variants_own_seats_are_scheduled_to_play_medium() -> None:
    # the fallback (no worker can start) is the page's Medium, chosen at once: the plan
    # schedules the seat's move whether or not a worker answers
    client, game = ComputerClient(), ancient(2)
    mover = game.to_move
    assert client.plan(game, (mover,), True).schedule
