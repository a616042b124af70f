"""The worker's review protocol (:func:`paisho_core.worker.evaluate_position`): one
position per request, so a page shows results as they come and cancels between
positions; a key per position to keep results with the game; hidden hands come as the
seat's view, never the seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paisho_core import analysis, new_game, worker
from paisho_core.ai import choose_action
from paisho_core.ancient import AncientGame
from paisho_core.ancient.actions import DRAW
from paisho_core.ancient.seatview import to_view
from paisho_core.skud import SkudGame

ROOT = Path(__file__).resolve().parents[2]
RING = (ROOT / "examples" / "skud-ring.txt").read_text().replace("\n", ";")


def ask(**request: Any) -> dict[str, Any]:
    reply = json.loads(worker.answer(json.dumps({"id": 7, "kind": "evaluate", **request})))
    assert isinstance(reply, dict) and reply["id"] == 7
    return reply


def test_each_position_is_answered_as_the_whole_review_evaluates_it() -> None:
    game = SkudGame.from_text(RING)
    review = analysis.analyse_game(game, 80)
    for ply in (0, 20, 36, 37, game.plies):
        reply = ask(variant="skud", moves=RING, ply=ply, nodes=80)
        assert reply["kind"] == "evaluation" and reply["ply"] == ply
        assert reply["evaluation"] == review.evaluations[ply].to_json()
        assert reply["scale"] == "chance" and reply["thresholds"] == [0.1, 0.2, 0.3]
        if ply < game.plies:
            line = review.plies[ply]
            assert reply["played"] == line.before.format_action(line.actions[0])
        else:
            assert reply["played"] is None
    judged = ask(variant="skud", moves=RING, ply=36, nodes=80)
    evaluation = analysis.Evaluation.from_json(judged["evaluation"])
    verdict = analysis.judge(evaluation, judged["played"], judged["thresholds"])
    expected = review.verdicts[36]
    assert (verdict.judgement, verdict.better) == (expected.judgement, expected.better)
    assert abs(verdict.loss - expected.loss) < 1e-3


def test_the_key_names_the_position_budget_and_viewer() -> None:
    first = ask(variant="skud", moves=RING, ply=10, nodes=40)
    again = ask(variant="skud", moves=RING, ply=10, nodes=40)
    assert first["key"] == again["key"] and len(first["key"]) == 32
    longer = ask(variant="skud", moves=RING, ply=10, nodes=41)
    later = ask(variant="skud", moves=RING, ply=11, nodes=40)
    shorter_game = ";".join(RING.split(";")[:12])
    same_start = ask(variant="skud", moves=shorter_game, ply=10, nodes=40)
    assert len({first["key"], longer["key"], later["key"]}) == 3
    assert same_start["key"] == first["key"]  # the moves after the position do not count


def test_bad_requests_get_a_message() -> None:
    for request in ({"variant": "skud", "moves": RING, "ply": 99},
                    {"variant": "skud", "moves": "nonsense", "ply": 0},
                    {"variant": "nope", "ply": 0},
                    {"variant": "skud", "ply": 0, "nodes": -3},
                    {"variant": "skud", "ply": 0, "view": {"seat": 0}}):
        reply = ask(**request)
        assert reply["kind"] == "evaluation" and isinstance(reply["error"], str)


def test_hidden_hands_come_as_the_seat_s_view() -> None:
    game = new_game("ancient", ["target=5"], 4, players=2)
    assert isinstance(game, AncientGame)
    for ply in range(3):
        game.apply(choose_action(game, seed=ply, level="medium"))
    seat = 1
    view = to_view(game, seat)
    assert "seed" not in view
    reply = ask(variant="ancient", view=view, ply=3, nodes=100)
    assert reply["evaluation"] == analysis.evaluate(game, 100, seat).to_json()
    assert reply["played"] is None
    assert ask(variant="ancient", view=view, ply=3, nodes=100)["key"] == reply["key"]
    assert game.to_move == seat
    action = next(a for a in game.legal_actions() if a.kind != DRAW)
    text = game.format_action(action)
    weighed = ask(variant="ancient", view=view, ply=3, nodes=100, played=text)
    assert weighed["played"] == text and weighed["key"] != reply["key"]
    assert weighed["evaluation"] == analysis.evaluate(game, 100, seat, action).to_json()
    assert weighed["evaluation"]["after"] is not None
