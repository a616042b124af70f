"""The search worker's protocol on the page's side (paisho_page.computer.worker_client)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from paisho_core.ai import action_points
from paisho_core.messages import from_json
from paisho_core.protocol import Game
from paisho_core.registry import new_game
from paisho_page.computer import worker_client
from paisho_page.computer.worker_client import SearchClient


def skud(plies: int = 0) -> Game[Any]:
    """A Skud game after its first ``plies`` legal actions (the first of each list)."""
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def reply_for(request: str, game: Game[Any] | None = None, **extra: Any) -> dict[str, Any]:
    """The worker's answer to ``request``: its id and the first legal action of ``game``."""
    answer: dict[str, Any] = {"id": json.loads(request)["id"]}
    if game is not None:
        answer["action"] = game.format_action(game.legal_actions()[0])
    answer.update(extra)
    return answer


# ----------------------------------------------------------------------------- settings
@pytest.mark.parametrize(
    ("raw", "seat"), [(None, None), ("", None), ("none", None), ("1", 1), ("0", 0), ("x", None)]
)
def test_a_stored_seat_is_read_or_ignored(raw: str | None, seat: int | None) -> None:
    assert worker_client.parse_seat(raw) == seat


def test_a_stored_level_must_be_a_level() -> None:
    assert worker_client.parse_level("hard") == "hard"
    assert worker_client.parse_level("HARD") is None
    assert worker_client.parse_level(None) is None
    assert worker_client.parse_level("") is None


@pytest.mark.parametrize(
    ("raw", "nodes"),
    [
        ("500", 500),
        (" 500 ", 500),
        ("1", 1),
        ("1000000", 1_000_000),
        ("1000001", None),
        ("0", None),
        ("-5", None),
        ("5.5", None),
        ("", None),
        ("١٢", None),  # Arabic-Indic digits: isdigit() but not ASCII
        ("1e3", None),
        (None, None),
    ],
)
def test_the_node_budget_is_a_whole_number_in_range(raw: str | None, nodes: int | None) -> None:
    assert worker_client.parse_nodes(raw) == nodes


# ----------------------------------------------------------------------------- replies
def test_replies_that_are_not_json_objects_are_dropped() -> None:
    assert worker_client.parse_reply("not json") is None
    assert worker_client.parse_reply("[1, 2]") is None
    assert worker_client.parse_reply('"text"') is None
    assert worker_client.parse_reply('{"id": 3}') == {"id": 3}


def test_replies_are_told_apart() -> None:
    assert worker_client.reply_kind({"ready": 1.5}) == "ready"
    assert worker_client.reply_kind({"id": "hint-2", "action": "x"}) == "hint"
    assert worker_client.reply_kind({"id": 4, "action": "x"}) == "move"
    assert worker_client.reply_kind({}) == "move"


def test_a_move_request_holds_the_position_and_level() -> None:
    client = SearchClient()
    client.level = "hard"
    game = skud(3)
    request = json.loads(client.ask(game, nodes=200))
    assert request == {
        "id": 1,
        "variant": "skud",
        "options": [],
        "seed": game.seed,
        "moves": game.to_text(),
        "level": "hard",
        "ai_seed": 3,
        "nodes": 200,
    }
    assert "nodes" not in json.loads(client.ask(game))
    assert client.asked == (2, game.to_text())


def test_only_the_latest_request_is_answered() -> None:
    client = SearchClient()
    game = skud(2)
    first = client.ask(game)
    second = client.ask(game)
    assert client.take_reply(reply_for(first, game)) is None  # stale: a newer one is asked
    assert client.asked is not None
    assert client.take_reply(reply_for(second, game)) == game.to_text()
    assert client.asked is None
    assert client.take_reply(reply_for(second, game)) is None  # answered once only


def test_a_cancel_during_the_search_makes_its_answer_stale() -> None:
    client = SearchClient()
    game = skud(2)
    request = client.ask(game)
    client.pending = True
    client.cancel()
    assert client.asked is None and not client.pending
    assert client.take_reply(reply_for(request, game)) is None
    again = client.ask(game)  # a new search gets a new id
    assert json.loads(again)["id"] != json.loads(request)["id"]


def test_a_new_level_cancels_but_a_bad_one_changes_nothing() -> None:
    client = SearchClient()
    request = client.ask(skud())
    assert not client.set_level("impossible")
    assert client.asked is not None and client.level == "medium"
    assert client.set_level("easy")
    assert client.level == "easy" and client.asked is None
    assert client.take_reply(reply_for(request)) is None


def test_a_hint_reply_never_answers_the_move_search() -> None:
    client = SearchClient()
    game = skud(2)
    client.ask(game)
    hint = client.ask_hint(game)
    assert client.take_reply(reply_for(hint, game)) is None
    assert client.asked is not None
    assert client.take_hint(reply_for(hint, game)) == game.to_text()


def test_the_search_goes_on_only_in_the_position_asked_about() -> None:
    client = SearchClient()
    game = skud(2)
    mover = game.to_move
    client.ask(game)
    assert client.keeps_thinking(game, mover, live=True)
    assert client.asked is not None
    assert not client.keeps_thinking(game, mover, live=False)  # replaying: cancelled
    assert client.asked is None
    client.ask(game)
    other = skud(3)
    assert not client.keeps_thinking(other, other.to_move, live=True)
    assert client.asked is None
    assert not client.keeps_thinking(game, mover, live=True)  # nothing asked


def test_an_answer_is_played_only_in_the_position_asked_about() -> None:
    game = skud(2)
    text = game.to_text()
    assert SearchClient.still_asked(game, game.to_move, text)
    assert not SearchClient.still_asked(game, None, text)
    assert not SearchClient.still_asked(game, 1 - (game.to_move or 0), text)
    assert not SearchClient.still_asked(skud(3), skud(3).to_move, text)


def test_a_move_is_scheduled_once_and_only_on_the_computers_live_turn() -> None:
    client = SearchClient()
    game = skud()
    assert not client.should_schedule(game, None, True)
    assert not client.should_schedule(game, 1 - (game.to_move or 0), True)
    assert not client.should_schedule(game, game.to_move, False)
    assert client.should_schedule(game, game.to_move, True)
    assert not client.should_schedule(game, game.to_move, True)  # already pending
    client.cancel()
    assert client.should_schedule(game, game.to_move, True)


def test_only_a_legal_action_of_a_reply_is_played() -> None:
    game = skud(1)
    legal = game.legal_actions()[0]
    assert worker_client.reply_action(game, {"action": game.format_action(legal)}) == legal
    assert worker_client.reply_action(game, {"action": "zz nonsense"}) is None
    assert worker_client.reply_action(game, {"action": ""}) is None
    assert worker_client.reply_action(game, {"error": "boom"}) is None
    before = skud(0)  # an action of another position
    foreign = before.format_action(before.legal_actions()[0])
    action = worker_client.reply_action(game, {"action": foreign})
    assert action is None or game.is_legal(action)


def test_the_seat_exists_only_in_a_game_of_two_or_more() -> None:
    client = SearchClient()
    game = skud()
    assert client.seat_in(game) is None
    client.seat = 1
    assert client.seat_in(game) == 1
    client.seat = 2
    assert client.seat_in(game) is None


def test_the_status_line_while_the_computer_thinks() -> None:
    client = SearchClient()
    game = skud()
    mover = game.to_move
    assert mover is not None
    who = game.players[mover].capitalize()
    assert client.thinking(game, mover, False) == f"The computer ({who}, medium) is thinking…"
    assert "starting up" in (client.thinking(game, mover, True) or "")
    assert client.thinking(game, 1 - mover, False) is None
    assert client.thinking(game, None, False) is None


# ----------------------------------------------------------------------------- hints
def test_a_hint_request_is_hard_and_explained() -> None:
    client = SearchClient()
    client.level = "easy"
    request = json.loads(client.ask_hint(skud()))
    assert request["id"] == "hint-1" and request["level"] == "hard" and request["explain"]
    assert json.loads(client.ask_hint(skud()))["id"] == "hint-2"


def test_only_the_latest_hint_is_shown() -> None:
    client = SearchClient()
    game = skud()
    first = client.ask_hint(game)
    second = client.ask_hint(game)
    assert client.take_hint(reply_for(first, game)) is None
    assert client.take_hint(reply_for(second, game)) == game.to_text()
    assert client.take_hint(reply_for(second, game)) is None


def test_the_hint_line() -> None:
    assert worker_client.hint_text({"action": "R3-4 (5,5)", "notes": ["+1.5", "good"]}) == (
        "Hint: R3-4 (5,5). +1.5 good",
        True,
    )
    assert worker_client.hint_text({"action": "A"}) == ("Hint: A.", True)
    assert worker_client.hint_text({"error": "timeout"}) == ("No hint: timeout", False)
    assert worker_client.hint_text({}) == ("No hint: no action", False)


def test_a_hint_marks_its_points_only_in_its_live_position() -> None:
    client = SearchClient()
    game = skud(2)
    request = client.ask_hint(game)
    reply = reply_for(request, game)
    asked = client.take_hint(reply)
    assert asked is not None
    client.show_hint(game, asked, reply)
    points = action_points(game, game.legal_actions()[0])
    assert points and client.hint_points == points
    assert client.hint_shown(game, viewing=False) == points
    assert client.hint_shown(game, viewing=True) == ()
    assert client.hint_shown(skud(3), viewing=False) == ()


def test_a_hint_for_a_position_left_marks_nothing() -> None:
    client = SearchClient()
    game = skud(2)
    reply = reply_for(client.ask_hint(game), game)
    asked = client.take_hint(reply)
    assert asked is not None
    client.show_hint(skud(3), asked, reply)  # the game moved on meanwhile
    assert client.hint_points == () and client.hint_for == asked


def test_a_bad_hint_reply_marks_nothing() -> None:
    client = SearchClient()
    game = skud(2)
    asked = client.take_hint(reply_for(client.ask_hint(game)))
    assert asked is not None
    client.show_hint(game, asked, {"action": "nonsense"})
    assert client.hint_points == ()


def test_a_stale_hint_is_dropped_when_the_position_changes() -> None:
    client = SearchClient()
    game = skud(2)
    reply = reply_for(client.ask_hint(game), game)
    asked = client.take_hint(reply)
    assert asked is not None
    client.show_hint(game, asked, reply)
    assert not client.drop_stale_hint(game.to_text(), game.to_text())  # same position
    assert client.hint_points
    later = skud(3).to_text()
    assert client.drop_stale_hint(later, game.to_text())  # the line is of another position
    assert client.hint_points == () and client.hint_for is None


def test_a_hint_asked_is_forgotten_when_the_position_changes() -> None:
    client = SearchClient()
    game = skud(2)
    request = client.ask_hint(game)
    assert not client.drop_stale_hint(game.to_text(), None)  # still searching this one
    assert client.drop_stale_hint(skud(3).to_text(), None)
    assert client.hint_asked is None
    assert client.take_hint(reply_for(request, game)) is None


def test_a_request_for_a_game_of_several_seats_names_them_and_the_worker_replays_it() -> None:
    from paisho_core.worker import answer

    game = new_game("ancient", ["target=5"], 12, players=3)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    client = SearchClient()
    text = client.ask_hint(game)
    request = json.loads(text)
    assert request["players"] == 3 and request["level"] == "hard" and request["explain"]
    assert "players" not in json.loads(client.ask(skud(2)))
    # hidden hands: the mover's view, no seed; another deal of the same public game
    # (the others' hands and the pile dealt otherwise) sends the very same request
    assert request["seed"] is None and request["view"]["own"] == game.hand(game.to_move)
    other = game.determinize(game.to_move, random.Random(1))  # type: ignore[attr-defined]
    assert other.position.hands != game.position.hands  # type: ignore[attr-defined]
    assert SearchClient().ask_hint(other) == text
    reply = json.loads(answer(json.dumps(request)))
    assert "error" not in reply, reply
    assert game.is_legal(game.parse_action(reply["action"]))
    assert str(from_json(reply["notes"][0])).startswith("The board has")


def test_the_hint_is_offered_for_every_variant_for_two_or_more_with_a_computer() -> None:
    """The Hint bar follows the registry (no variant named): Skud, Wiki and Ancient have
    it; Balance, a solitaire, has its own."""
    from paisho_core.registry import get_variant, variant_names
    from paisho_page.computer.worker_client import has_hint

    shown = {name for name in variant_names() if has_hint(get_variant(name).info)}
    assert shown == {"skud", "wiki", "ancient"}
