"""The review at the moves (paisho_page/review/moves.py, panel.py, keep.py): the blunder
of a known game (giving up a Harmony Ring, skud-r8) marked in the move list, its verdict
in words with the move the computer prefers and its points on the board; the
evaluations kept in storage and taken back after a reload without asking the worker;
whatever storage or a worker holds read without an exception."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.ai import choose_action
from paisho_core.ancient import AncientGame
from paisho_core.registry import new_game
from paisho_core.render import RenderView
from paisho_core.skud import SkudGame
from paisho_core.worker import answer, asked_position
from paisho_page.base.dom_writes import SELF, by_target
from paisho_page.review import keep, moves
from paisho_page.review.collect import ReviewCollector
from paisho_page.review.panel import ReviewPanel

ROOT = Path(__file__).resolve().parents[2]
RING = (ROOT / "examples" / "skud-ring.txt").read_text()
NODES = 120
"""The budget the engine's own test finds the blunder with (tests/engine/test_analysis.py)."""


def reviewed(panel: ReviewPanel, game: Any) -> None:
    """Run ``panel``'s review of ``game`` to its end (the worker: the engine's answer)."""
    while (request := panel.next_request()) is not None:
        assert panel.take(answer(request), game)


@pytest.fixture(scope="module")
def ring() -> tuple[ReviewPanel, SkudGame]:
    game = SkudGame.from_text(RING)
    panel = ReviewPanel()
    assert panel.start(game, nodes=NODES) is None
    reviewed(panel, game)
    return panel, game


def test_the_ring_given_up_is_marked_a_blunder_in_the_move_list(
    ring: tuple[ReviewPanel, SkudGame]
) -> None:
    """skud-r8: the Guest's move before the Host's ring is a blunder: its list entry is
    marked and its tooltip names it."""
    panel, game = ring
    marks = dict(panel.marks(game))
    given = game.plies - 1
    assert given in marks
    writes = by_target(marks[given])
    assert writes[(SELF, "judged")] == "blunder"
    assert str(writes[(SELF, "title")]).startswith("Blunder: ")
    assert all(by_target(w)[(SELF, "judged")] in moves.JUDGED for w in marks.values())
    assert panel.marks(SkudGame()) == []  # another game: nothing marked


def test_the_shown_blunder_is_worded_with_the_better_move_and_its_points(
    ring: tuple[ReviewPanel, SkudGame]
) -> None:
    panel, game = ring
    given = game.plies - 1
    said, points = panel.shown(game, given, coordinates=False)
    assert said.startswith(f"Move {given} by Guest is a blunder: their win chance drops by ")
    assert "The computer prefers: " in said
    assert "(" not in said.split("The computer prefers: ")[1].split(".")[0]  # in words
    assert points
    writes = by_target(panel.move_writes(game, given, coordinates=False))
    assert writes[("review-move", "textContent")] == said
    assert writes[("review-move", "hidden")] is False
    view = panel.decorate(RenderView(), points)
    assert {view.extra_classes[p] for p in points} == {moves.BETTER_CLASS}
    # a move not judged, the start and past the end say nothing and mark nothing
    unjudged = next(p for p in range(1, given) if p not in dict(panel.marks(game)))
    assert panel.shown(game, unjudged, False) == ("", ())
    assert panel.shown(game, 0, False) == ("", ())
    assert panel.shown(game, game.plies + 5, False) == ("", ())
    assert by_target(panel.move_writes(game, 0, False))[("review-move", "hidden")] is True


def test_the_better_line_plays_as_a_side_line_from_the_blunder(
    ring: tuple[ReviewPanel, SkudGame]
) -> None:
    """skud-r8: the line the computer prefers instead of giving up the ring starts
    where that move was played, with the preferred move, every move legal; played on the
    replay cursor it is a side line and the game is unchanged."""
    from paisho_page.play.replay_cursor import ReplayCursor

    panel, game = ring
    given = game.plies - 1
    start, actions = panel.better_line(game, given)
    assert actions and 0 < start < len(game.history)
    before = panel.collector.line[given - 1].before  # type: ignore[union-attr]
    assert actions[0] == moves.better_action(before, panel.review_of(game), given)
    assert by_target(panel.move_writes(game, given, False))[("btn-review-line", "hidden")] is False
    cursor = ReplayCursor(game)
    cursor.go(start)
    paths = [cursor.play(action) for action in actions]
    assert cursor.on_side_line and len(paths[-1]) == start + len(actions)
    assert list(cursor.game.history) == list(game.history)
    assert panel.better_line(game, 0) == (0, [])


def test_a_reload_shows_the_kept_review_without_asking(
    ring: tuple[ReviewPanel, SkudGame]
) -> None:
    panel, game = ring
    stored = keep.merged(None, panel.kept())
    again = ReviewPanel()
    assert again.resume(SkudGame.from_text(RING), keep.read(stored), nodes=NODES)
    assert again.next_request() is None and not again.running
    assert again.review_of(game) == panel.review_of(game)
    assert again.marks(game) == panel.marks(game)
    # Review the game again: every position kept, nothing asked
    third = ReviewPanel()
    assert third.start(game, nodes=NODES, kept=keep.read(stored)) is None
    assert third.next_request() is None
    assert third.progress() == f"Review complete: {game.plies + 1} positions."
    # nothing kept for this game: nothing shown
    assert not ReviewPanel().resume(SkudGame.from_text(RING), {}, nodes=NODES)
    assert not ReviewPanel().resume(SkudGame(), keep.read(stored), nodes=NODES)


def test_the_store_keeps_the_newest_within_its_bounds() -> None:
    first = {f"{i:032x}": {"mover": 0, "scores": [0.5, 0.5]} for i in range(keep.MAX_ENTRIES)}
    text = keep.merged(None, first)
    assert list(keep.read(text)) == list(first)
    newer = {f"{10**6:032x}": {"mover": 1, "scores": [0.4, 0.6]}}
    kept = keep.read(keep.merged(text, newer))
    assert len(kept) == keep.MAX_ENTRIES and list(kept)[-1] == f"{10**6:032x}"
    assert f"{0:032x}" not in kept  # the oldest went
    big = {f"{i:032x}": {"notes": ["x" * 5000]} for i in range(200)}
    assert len(keep.merged(None, big)) <= keep.MAX_CHARS
    assert keep.merged(None, {"not a key": {}}) == '{"v":1,"kept":{}}'


@pytest.mark.parametrize("text", [
    "", "null", "[]", '{"v": 2, "kept": {}}', '{"v": 1, "kept": []}', "{" * 5000,
    '{"v": 1, "kept": {"' + "a" * 32 + '": 3}}', "x" * (keep.MAX_CHARS + 1),
])
def test_a_damaged_store_is_read_as_nothing(text: str) -> None:
    assert keep.read(text) == {}


JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["mover", "scores", "after", "value", "best", "line",
                                        "notes", "nodes"]), JSONS))
def test_any_kept_evaluation_is_taken_or_dropped_never_raised(data: dict[str, Any]) -> None:
    """A stored (or a worker's) evaluation of any shape is taken when it fits the game or
    dropped; the review made from it never raises."""
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)")
    collector = ReviewCollector(game, 20)
    kept = {collector.key(ply): data for ply in range(collector.total)}
    collector.restore(kept)
    review = collector.review_json()
    for ply in range(collector.total + 1):
        moves.verdict_text(review, ply, None)
        moves.better_action(collector.line[0].before, review, ply)


def test_a_stored_note_that_asks_str_format_for_more_is_left_out() -> None:
    review = {"scale": "chance", "plies": [{
        "ply": 1, "player": "host", "judgement": "mistake", "loss": 0.2, "better": "x",
        "notes": [{"t": "{a:>999999999}", "p": {"a": "b"}}, {"t": "{a.__class__}", "p": {"a": 1}},
                  {"t": "Plain {a}.", "p": {"a": "words"}}]}]}
    said = moves.verdict_text(review, 1, None)
    assert said.endswith("The computer prefers: x. Plain words.")


@pytest.mark.parametrize("variant", ["skud", "wiki", "balance", "ancient"])
def test_the_collectors_keys_are_the_workers(variant: str) -> None:
    """The key of every position is the one the worker gives its evaluation (computed
    without replaying the game for each position)."""
    game = new_game(variant, seed=5) if variant in ("balance", "ancient") else new_game(variant)
    if isinstance(game, AncientGame):
        game = AncientGame(seed=5, players=3)
    while game.to_move is not None and game.plies < 7:
        game.apply(choose_action(game, seed=2, level="easy"))
    collector = ReviewCollector(game, 30)
    assert collector.hidden == isinstance(game, AncientGame)  # (a seat's views: asked)
    for ply in range(collector.total):
        assert collector.key(ply) == asked_position(json.loads(json.dumps(
            collector.request(ply)))).key, ply
