"""The search worker's Python side: JSON in, the computer's choice (or an error) out."""

from __future__ import annotations

import json

from paisho_core.messages import from_json
from paisho_core.skud import SkudGame
from paisho_core.worker import answer

MOVES = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"


def test_answer_gives_a_legal_action_in_notation_for_each_level() -> None:
    for level in ("easy", "medium", "hard"):
        reply = json.loads(answer(json.dumps({
            "id": 7, "variant": "skud", "options": [], "seed": None, "moves": MOVES,
            "level": level, "ai_seed": 3, "nodes": 150,
        })))
        assert reply["id"] == 7 and "error" not in reply
        game = SkudGame.from_text(MOVES)
        game.play(reply["action"])
        assert reply["line"][0] == reply["action"]


def test_answer_is_reproducible_and_explains_on_request() -> None:
    request = json.dumps({"id": 1, "variant": "skud", "moves": MOVES, "level": "hard",
                          "ai_seed": 2, "nodes": 150, "explain": True})
    first, again = json.loads(answer(request)), json.loads(answer(request))
    assert first["action"] == again["action"] and first["line"] == again["line"]
    assert first["notes"] == again["notes"]
    assert any(str(from_json(note)).startswith("Harmonies:") for note in first["notes"])


def test_bad_requests_become_plain_error_messages() -> None:
    cases = {
        "not json": "not valid JSON",
        "[" * 5000: "nested too deeply",
        "[1]": "request is not an object",
        json.dumps({"id": 2, "variant": "chess"}): "unknown variant 'chess'",
        json.dumps({"id": 3, "variant": "skud", "moves": "0H.X"}): "not a Skud action",
        json.dumps({"id": 4, "variant": "skud", "level": "expert"}): "unknown level",
    }
    for text, message in cases.items():
        reply = json.loads(answer(text))
        assert message in reply["error"], (text, reply)
