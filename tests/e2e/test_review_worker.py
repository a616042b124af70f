"""The computer's review in the search worker (Pyodide in a web worker, as a page asks
it): each position of a Skud game evaluated by ``kind: "evaluate"``, the same answers as
the engine gives under CPython, the key stable, a bad request answered with an error and
the worker going on."""

from __future__ import annotations

import json

import pytest
from conftest import PageErrors, SiteServer, new_watched_page
from playwright.sync_api import BrowserContext
from worker_asks import ASK_WORKER_JS

from paisho_core.worker import evaluate_position

pytestmark = pytest.mark.e2e

MOVES = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
NODES = 60


def request(ply: int, **more: object) -> dict[str, object]:
    """An evaluate request for the position after ``ply`` plies of :data:`MOVES`."""
    return {"kind": "evaluate", "variant": "skud", "moves": MOVES, "ply": ply,
            "nodes": NODES, **more}


def test_the_worker_evaluates_a_games_positions_as_the_engine_does(
        context: BrowserContext, site: SiteServer, page_errors: PageErrors) -> None:
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}offline.html")
    asked = [request(ply, id=ply + 1) for ply in range(5)]
    asked += [request(9, id=9), {"kind": "evaluate", "variant": "nope", "id": 10},
              request(2, id=11)]
    result = page.evaluate(ASK_WORKER_JS, [json.dumps(r) for r in asked])
    replies = result["out"]
    assert [r["id"] for r in replies] == [r["id"] for r in asked]
    for reply, sent in zip(replies[:5], asked[:5], strict=True):
        here = evaluate_position(dict(sent))
        assert reply["kind"] == "evaluation" and "error" not in reply, reply
        assert reply["key"] == here["key"] and reply["ply"] == sent["ply"]
        assert reply["evaluation"] == here["evaluation"], sent["ply"]
        assert reply["played"] == here["played"] and reply["thresholds"] == here["thresholds"]
    assert replies[4]["played"] is None  # the end of the record
    assert "ply must be 0..4, not 9" in replies[5]["error"]
    assert "error" in replies[6]
    assert replies[7]["key"] == replies[2]["key"]  # asked again: the same key
