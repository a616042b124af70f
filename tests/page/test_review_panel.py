"""The game page's review panel (what ``site/review_ui.py`` carries out): refusals in
plain words, the worker's requests one at a time until the review is whole, a changed
game or a worker's error stopping it, Stop, and the words it writes."""

from __future__ import annotations

import json

from paisho_core.ancient import AncientGame
from paisho_core.skud import SkudGame
from paisho_core.worker import answer
from paisho_page.base.dom_writes import by_target
from paisho_page.review.panel import ReviewPanel

RECORD = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5)"


def test_a_review_runs_to_its_end_and_says_so() -> None:
    game = SkudGame.from_text(RECORD)
    panel = ReviewPanel()
    assert panel.start(game, nodes=40) is None
    writes = by_target(panel.writes())
    assert writes[("btn-review-start", "disabled")] is True
    assert writes[("btn-review-cancel", "hidden")] is False
    asked = 0
    while (request := panel.next_request()) is not None:
        asked += 1
        assert panel.take(answer(request), game)
        assert panel.progress().startswith("Reviewing: ") or not panel.running
    assert asked == panel.collector.total  # type: ignore[union-attr]
    assert panel.progress() == f"Review complete: {asked} positions."
    writes = by_target(panel.writes())
    assert writes[("review-summary", "hidden")] is False
    assert str(writes[("review-summary", "textContent")]).startswith("Host: ")
    assert panel.graph(current=2).count('class="graph-ply') == asked - 1


def test_refusals_other_messages_a_changed_game_and_stop() -> None:
    panel = ReviewPanel()
    assert panel.start(SkudGame()) == "There is no move to review yet."
    running = AncientGame(seed=3)
    running.apply(running.legal_actions()[1])
    assert panel.start(running) == "A game with secret hands is reviewed once it is over."
    game = SkudGame.from_text(RECORD)
    assert panel.start(game, nodes=40) is None
    request = panel.next_request()
    assert request is not None
    assert not panel.take('{"ready": 1.5}', game)  # the worker's boot: not the review's
    assert not panel.take("not json", game)
    moved = game.copy()
    moved.apply(moved.legal_actions()[0])
    assert not panel.take(answer(request), moved)
    assert not panel.running and panel.progress().startswith("The game changed")
    panel.start(game, nodes=40)
    bad = json.dumps({"id": "review:0", "kind": "evaluation", "error": "boom"})
    assert not panel.take(bad, game)
    assert panel.progress().startswith("The computer could not review this position (boom).")
    panel.start(game, nodes=40)
    assert panel.take(answer(str(panel.next_request())), game)
    panel.cancel()
    assert panel.next_request() is None
    assert panel.progress() == "Review stopped. 1 of 6 positions reviewed."
