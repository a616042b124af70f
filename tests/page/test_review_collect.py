"""The review gathered from the worker, position by position (the worker's answers made
here by :func:`paisho_core.worker.answer`, as the page's worker makes them): the same
review as the engine's in one go, replies of another game or malformed dropped, kept
evaluations taken back after a reload, and a hidden-hands game reviewed from one seat
without any other seat's tile in a request."""

from __future__ import annotations

import json

from paisho_core.ai import choose_action
from paisho_core.analysis import analyse_game
from paisho_core.ancient import AncientGame
from paisho_core.registry import new_game
from paisho_core.skud import SkudGame
from paisho_core.worker import answer
from paisho_page.review.collect import ReviewCollector

NODES = 40


def played(variant: str, plies: int, seed: int = 1) -> object:
    """A game of the computer against itself (medium), at most ``plies`` plies."""
    game = new_game(variant)
    while game.to_move is not None and game.plies < plies:
        game.apply(choose_action(game, seed=seed, level="easy"))
    return game


def run(collector: ReviewCollector, limit: int = 1000) -> int:
    """Ask the worker (here: the engine's ``answer``) until the review is whole; how
    many requests were sent."""
    sent = 0
    while sent < limit and (text := collector.next_request()) is not None:
        sent += 1
        assert collector.take(json.loads(answer(text))) is None
    return sent


def test_the_review_gathered_by_position_is_the_engines_in_one_go() -> None:
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);"
                              "2G.(0,-8)-(0,-5);2H.R4(8,0)")
    collector = ReviewCollector(game, NODES)
    assert collector.graph() == "" and collector.summary_lines() == []
    assert run(collector) == collector.total == len(collector.line) + 1
    whole = analyse_game(game, NODES).to_json()
    assert collector.review_json() == whole
    svg = collector.graph(current=2)
    assert svg.startswith("<svg") and svg.count('class="graph-ply') == len(collector.line)
    assert [line.split(":")[0] for line in collector.summary_lines()] == ["Host", "Guest"]


def test_the_graph_grows_as_the_answers_come() -> None:
    collector = ReviewCollector(played("wiki", 6), NODES)
    assert run(collector, limit=3) == 3
    data = collector.review_json()
    assert data is not None and len(data["plies"]) == 2  # type: ignore[arg-type]
    assert collector.done() == 3 and collector.summary_lines() == []


def test_a_reply_of_another_game_or_malformed_is_dropped() -> None:
    collector = ReviewCollector(played("skud", 6), NODES)
    other = ReviewCollector(played("skud", 8, seed=2), NODES)
    reply = json.loads(answer(json.dumps(other.request(1))))
    assert collector.take(reply) == "an evaluation of another position"
    assert collector.take({"kind": "evaluation", "ply": 99, "key": "x"}) == (
        "not a position of this game")
    assert collector.take({"kind": "evaluation", "error": "ply must be 0..4, not 9"}) == (
        "ply must be 0..4, not 9")
    good = json.loads(answer(json.dumps(collector.request(0))))
    assert collector.take({**good, "evaluation": {"scores": ["x"]}}).startswith(
        "a malformed evaluation")
    assert collector.done() == 0
    assert collector.take(good) is None and collector.done() == 1


def test_kept_evaluations_are_taken_back_after_a_reload() -> None:
    game = played("skud", 8)
    first = ReviewCollector(game, NODES)
    run(first)
    kept = json.loads(json.dumps(first.kept()))
    again = ReviewCollector(game.copy(), NODES)
    assert again.restore(kept) == len(kept)
    assert again.next_request() is None and again.review_json() == first.review_json()
    other_budget = ReviewCollector(game.copy(), NODES * 2)
    assert other_budget.restore(kept) == 0  # another budget: another key


def test_a_hidden_hands_game_is_reviewed_from_one_seat_only() -> None:
    game = AncientGame(seed=7)
    while game.to_move is not None and game.plies < 6:
        game.apply(choose_action(game, seed=3, level="easy"))
    collector = ReviewCollector(game, NODES, viewer=0)
    requests = []
    while (text := collector.next_request()) is not None:
        requests.append(json.loads(text))
        assert collector.take(json.loads(answer(text))) is None
    assert all("seed" not in r and "moves" not in r and r["view"]["seat"] == 0
               for r in requests)
    assert all(r["view"]["own"] == dict(collector.line[r["ply"]].before.reserves(0)[0])
               for r in requests if r["ply"] < len(collector.line))  # only seat 0's own hand
    data = collector.review_json()
    assert data is not None
    judged_by_other = [p for p, ply in zip(data["plies"], collector.line, strict=True)  # type: ignore[arg-type]
                       if ply.before.to_move != 0 and p["judgement"] != "none"]
    assert judged_by_other == []
