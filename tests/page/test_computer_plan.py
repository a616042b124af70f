"""What the page does after a redraw and with a move reply for the computer's seat
(paisho_page.computer.worker_client), and the dialog's options (paisho_page.computer.choices)."""

from __future__ import annotations

import json
from typing import Any

from paisho_core.protocol import Game
from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.computer import choices as computer_page
from paisho_page.computer import worker_client
from paisho_page.computer.worker_client import MoveReply, RefreshPlan, SearchClient


def skud(plies: int = 0) -> Game[Any]:
    """A Skud game after its first ``plies`` legal actions."""
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def test_the_computers_turn_is_scheduled_once_then_it_keeps_thinking() -> None:
    client, game = SearchClient(), skud()
    host = game.to_move
    assert client.after_refresh(game, host, True) == RefreshPlan(False, True, False, True, True)
    assert client.after_refresh(game, host, True) == RefreshPlan(False, True, False, False, False)
    client.pending = False
    client.ask(game)
    assert client.after_refresh(game, host, True) == RefreshPlan(False, True, False, True, False)


def test_a_search_of_another_position_is_dropped_after_a_redraw() -> None:
    client, game = SearchClient(), skud()
    client.ask(game)
    other = 1 - int(game.to_move or 0)
    plan = client.after_refresh(game, other, True)  # the person is to move now
    assert plan == RefreshPlan(True, True, True, False, False) and client.asked is None
    assert client.after_refresh(game, None, True) == RefreshPlan(True, False, False, False, False)
    assert not client.after_refresh(game, None, False).hint_turn  # a replay


def test_a_move_reply_is_played_only_for_the_search_in_progress_and_position() -> None:
    client, game = SearchClient(), skud()
    mover = game.to_move
    request = client.ask(game)
    action = game.format_action(game.legal_actions()[0])
    stale = {"id": json.loads(request)["id"] + 1, "action": action}
    assert client.take_move(game, mover, stale) == MoveReply(False, False)
    move = client.take_move(game, mover, {"id": json.loads(request)["id"], "action": action})
    assert move.answered and move.play and move.action == game.legal_actions()[0]
    request = client.ask(game)
    moved = skud(1)
    assert client.take_move(moved, mover, {"id": json.loads(request)["id"]}) == MoveReply(
        True, False
    )
    request = client.ask(game)
    empty = client.take_move(game, mover, {"id": json.loads(request)["id"], "error": "x"})
    assert empty == MoveReply(True, True, None)
    assert worker_client.fallback_warning({"error": "x"}) == (
        "Pai Sho: search worker: x; medium on the page"
    )


def test_the_boot_reply_is_written_on_the_board_holder() -> None:
    writes = by_target(worker_client.boot_writes({"ready": 1.5, "boot": "snapshot"}))
    assert writes == {("board-holder", "workerBoot"): "1.5",
                      ("board-holder", "workerBootKind"): "snapshot"}
    assert by_target(worker_client.boot_writes({"ready": 2}))[
        ("board-holder", "workerBootKind")
    ] == "fallback"


def test_the_dialogs_options_select_the_chosen_value() -> None:
    options = computer_page.select_options(computer_page.level_choices(), "hard")
    assert [o.text for o in options] == [label for _, label in computer_page.level_choices()]
    assert [dict(o.props)["selected"] for o in options] == [False, False, True]
    assert dict(options[0].props)["value"] == "easy" and options[0].tag == "option"


def test_the_stored_seat_and_level_are_taken_when_readable() -> None:
    client = SearchClient()
    client.load("1", "hard")
    assert client.seat == 1 and client.level == "hard"
    client.load("x", "godlike")  # unreadable: the settings stay
    assert client.seat == 1 and client.level == "hard"
    client.load(None, None)
    assert client.seat == 1 and client.level == "hard"
    assert worker_client.SEAT_KEY == "paisho.computer.v1"  # (the storage keys do not change)
    assert worker_client.LEVEL_KEY == "paisho.computer.level.v1"
    assert worker_client.NODES_KEY == "paisho.computer.nodes.v1"


def test_a_hint_reply_writes_the_evaluation_line_and_its_points() -> None:
    client, game = SearchClient(), skud(2)  # (after the accents: a planting, on a point)
    request = client.ask_hint(game)
    action = game.format_action(game.legal_actions()[0])
    answer = client.hint_reply(game, {"id": json.loads(request)["id"], "action": action})
    assert answer is not None
    writes, shown = answer
    line = by_target(writes)
    assert shown and line[("skud-eval", "textContent")] == (
        "Hint: plant your Rose in the marked Gate.")
    assert line[("skud-eval", "data-hint-action")] == action
    assert line[("skud-eval", "data-hint-for")] == game.to_text()
    assert line[("skud-eval", "data-hint-points")] == " ".join(str(p) for p in client.hint_points)
    assert client.hint_points  # (marked on the board)
    assert client.hint_reply(game, {"id": json.loads(request)["id"], "action": action}) is None
    request = client.ask_hint(game)
    failed = client.hint_reply(game, {"id": json.loads(request)["id"], "error": "timeout"})
    assert failed == ((worker_client.w.text("skud-eval", "No hint: timeout"),), False)


def test_a_hinted_plant_marks_its_reserve_tile_as_well_as_its_gate() -> None:
    """The hint is shown on the board: the tile (here in the mover's reserve) and where
    it goes; a move's tile is on the board, so no reserve tile is marked; the marks go
    with the position they belong to (``rules.html#skud-r3``: a plant in a Gate)."""
    client, game = SearchClient(), skud(2)
    request = client.ask_hint(game)
    action = game.legal_actions()[0]
    assert client.hint_reply(game, {"id": json.loads(request)["id"],
                                    "action": game.format_action(action)})
    code = game.format_action(action)[:2]  # e.g. R3(0,-8): the Rose of the Host's reserve
    assert client.hint_tile_shown(game, viewing=False) == code
    assert client.hint_tile_shown(game, viewing=True) is None  # not in a replay
    assert client.hint_shown(game, viewing=False)  # its Gate, on the board
    mark = by_target(computer_page.reserve_hint_writes(code, code))
    assert mark[(worker_client.w.SELF, "hint")] is True
    other = by_target(computer_page.reserve_hint_writes("W3", code))
    assert other[(worker_client.w.SELF, "hint")] is False
    game.apply(action)
    assert client.hint_tile_shown(game, viewing=False) is None  # another position
    assert client.drop_stale_hint(game.to_text(), None)
    assert client.hint_tile_shown(game, viewing=False) is None


def test_a_hinted_move_marks_no_reserve_tile() -> None:
    game = new_game("skud", (), None)
    game.play("R,W,K,B")
    game.play("R,W,K,B")
    game.play("R3(0,-8)")
    game.play("R3(0,8)")
    client = SearchClient()
    request = client.ask_hint(game)
    move = next(a for a in game.legal_actions() if ")-(" in game.format_action(a))
    assert client.hint_reply(game, {"id": json.loads(request)["id"],
                                    "action": game.format_action(move)})
    assert client.hint_tile_shown(game, viewing=False) is None
    assert len(client.hint_shown(game, viewing=False)) == 2  # the tile's point and its goal


def test_a_hint_request_asks_for_sentences_in_words_unless_coordinates_are_shown() -> None:
    client, game = SearchClient(), skud(2)
    assert json.loads(client.ask_hint(game))["coordinates"] is False
    assert json.loads(client.ask_hint(game, coordinates=True))["coordinates"] is True
    move = json.loads(worker_client.request_text(game, 1, "medium"))
    assert "coordinates" not in move  # a move request asks for no sentences
