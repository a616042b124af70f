"""The computer's review of a game (:mod:`paisho_core.analysis`): every position of the
main line evaluated through its variant's analyser, moves judged by the drop in the
mover's win chance (or, in Balance, in the best reachable score), the same result every
time as a JSON value; Ancient reviewed from one seat's view only; a made-up variant
falls back to the neutral analyser."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_ancient_hidden import positions, twin
from toy_helpers import TOY, toy_registered

from paisho_core import analysis
from paisho_core.analysers import THRESHOLDS, SearchAnalyser, WinCurve
from paisho_core.ancient import AncientGame
from paisho_core.ancient.actions import DRAW
from paisho_core.balance import BalanceGame
from paisho_core.registry import get_variant
from paisho_core.skud import SkudGame

ROOT = Path(__file__).resolve().parents[2]
RING = (ROOT / "examples" / "skud-ring.txt").read_text()
NODES = 120


@pytest.fixture(scope="module")
def ring_review() -> dict[str, object]:
    game = SkudGame.from_text(RING)
    return analysis.analyse_game(game, NODES).to_json()


def test_a_review_is_a_json_value_and_the_same_twice(ring_review: dict[str, object]) -> None:
    again = analysis.analyse_game(SkudGame.from_text(RING), NODES).to_json()
    assert json.dumps(again, sort_keys=True) == json.dumps(ring_review, sort_keys=True)
    assert json.loads(json.dumps(ring_review)) == ring_review
    plies = ring_review["plies"]
    assert isinstance(plies, list) and len(plies) == SkudGame.from_text(RING).plies
    for entry in plies:
        assert 0.0 <= entry["win_chance"] <= 1.0
        assert entry["judgement"] in ("none", "inaccuracy", "mistake", "blunder")
        assert ("better" in entry) == (entry["judgement"] != "none")


def test_giving_up_a_ring_is_a_blunder(ring_review: dict[str, object]) -> None:
    """skud-r8: the Host's Harmony Ring ends the game; the Guest's move before it let the
    ring through, where the computer blocks it."""
    plies = ring_review["plies"]
    assert isinstance(plies, list)
    last, given = plies[-1], plies[-2]
    assert last["player"] == "host" and last["win_chance"] == 1.0
    assert given["player"] == "guest" and given["judgement"] == "blunder"
    assert given["better"] != given["move"] and given["loss"] >= THRESHOLDS[2]
    summary = ring_review["summary"]
    assert isinstance(summary, dict) and summary["guest"]["blunders"] >= 1
    assert set(summary["host"]) == {"moves", "inaccuracies", "mistakes", "blunders",
                                    "average_loss"}


def test_the_main_line_groups_a_turn_s_actions_into_its_ply() -> None:
    game = SkudGame.from_text(RING)
    line = analysis.main_line(game)
    assert len(line) == game.plies
    assert sum(len(ply.actions) for ply in line) == len(game.history)
    assert [ply.before.plies for ply in line] == list(range(game.plies))


def test_thresholds_judge_the_drop_in_the_mover_s_chance() -> None:
    before = analysis.Evaluation(0, (0.8, 0.2), (0.55, 0.45), best="a")
    assert analysis.judge(before, "a", THRESHOLDS).judgement is analysis.Judgement.NONE
    verdict = analysis.judge(before, "b", THRESHOLDS)
    assert verdict.judgement is analysis.Judgement.MISTAKE and verdict.better == "a"
    assert verdict.loss == pytest.approx(0.25)
    small = analysis.Evaluation(1, (0.5, 0.5), (0.45, 0.55), best="a")
    assert analysis.judge(small, "b", THRESHOLDS).judgement is analysis.Judgement.NONE
    better = analysis.Evaluation(1, (0.5, 0.5), (0.2, 0.8), best="a")  # played beat best
    assert analysis.judge(better, "b", THRESHOLDS).loss == 0.0
    back = analysis.Evaluation.from_json(json.loads(json.dumps(before.to_json())))
    assert back == before


def test_the_curve_maps_values_to_chances() -> None:
    curve = WinCurve(scale=10.0)
    assert curve.chance(0.0) == 0.5 and curve.chance(100_000.0) == 1.0
    assert curve.chance(-100_000.0) == 0.0 and 0.5 < curve.chance(5.0) < curve.chance(20.0)


def test_a_made_up_variant_is_reviewed_by_the_neutral_analyser() -> None:
    """Toy: the Guest does not block the Host's row, which the Host then completes."""
    with toy_registered():
        assert isinstance(analysis.analyser_for(TOY), SearchAnalyser)
        game = get_variant(TOY).from_text("S(-1,1);S(0,0);S(1,1);S(-1,-1);S(0,1)")
        review = analysis.analyse_game(game, 300).to_json()
    plies = review["plies"]
    assert isinstance(plies, list) and len(plies) == 5
    assert plies[3]["judgement"] == "blunder" and plies[3]["better"] == "S(0,1)"
    assert plies[4]["win_chance"] == 1.0 and review["start"] == 0.5


def test_balance_is_judged_by_the_best_reachable_score() -> None:
    game = get_variant("balance").from_text("(-4,0);(6,-6);(0,6)", (), 42)
    assert isinstance(game, BalanceGame)
    review = analysis.analyse_game(game, 30).to_json()
    assert review["scale"] == "score" and review["thresholds"]["blunder"] == 3.0
    plies = review["plies"]
    assert isinstance(plies, list) and all(p["win_chance"] > 1 for p in plies)
    before = analysis.evaluate(game, 30)
    worst = min(game.legal_actions(), key=lambda a: analysis.evaluate(game, 30, None, a)
                .after or (0.0,))
    judged = analysis.evaluate(game, 30, None, worst)
    assert judged.after is not None and judged.after[0] < before.scores[0]
    verdict = analysis.judge(judged, game.format_action(worst), (0.01, 0.02, 0.03))
    assert verdict.judgement is not analysis.Judgement.NONE and verdict.better == before.best


def _seat_plies(game: AncientGame, seat: int) -> list[analysis.Ply]:
    """The seat's own plies of its turn (no draw: the tile drawn would differ between
    the deals), as Medium plays them, each with the position before it."""
    from paisho_core.ai import choose_action

    out = []
    probe = game.copy()
    while probe.to_move == seat:
        action = choose_action(probe, seed=len(out), level="medium")
        if action.kind == DRAW:
            others = [a for a in probe.legal_actions() if a.kind != DRAW]
            if not others:
                break
            action = others[0]
        out.append(analysis.Ply(probe.copy(), (action,), probe.format_action(action)))
        probe.apply(action)
    return out


def _replayed(game: AncientGame, plies: list[analysis.Ply]) -> list[analysis.Ply]:
    """The same plies played on ``game`` (another deal)."""
    out = []
    probe = game.copy()
    for ply in plies:
        out.append(analysis.Ply(probe.copy(), ply.actions, ply.text))
        for action in ply.actions:
            probe.apply(action)
    return out


def test_ancient_is_reviewed_from_one_seat_and_two_deals_agree() -> None:
    """rules.html#ancient-reading: hidden hands.  Two deals that differ only in tiles the
    seat cannot see give the same review; the other seats' hands are never read."""
    checked = 0
    for players, seed in ((2, 3), (3, 8)):
        for game in positions(players, seed, 7)[1:3]:
            seat = game.to_move
            assert seat is not None
            other = twin(game, seat, random.Random(5))
            assert (other.position.hands, other.position.pile) != (
                game.position.hands, game.position.pile)
            mine = _seat_plies(game, seat)
            if not mine:
                continue
            one = analysis.analyse_game(game, 100, seat, mine).to_json()
            two = analysis.analyse_game(other, 100, seat, _replayed(other, mine)).to_json()
            assert one == two and one["viewer"] == game.players[seat]
            checked += 1
    assert checked >= 2


def test_the_cli_prints_one_json_object_with_every_ply(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    from paisho_core import cli

    record = tmp_path / "toy.txt"
    record.write_text("S(-1,1);S(0,0);S(1,1);S(-1,-1);S(0,1)\n")
    with toy_registered():
        assert cli.main(["analyse", "--variant", TOY, "--nodes", "200", "--compact",
                         str(record)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"plies", "summary", "start", "scale", "thresholds", "nodes"}
    assert [p["ply"] for p in data["plies"]] == [1, 2, 3, 4, 5]
    for entry in data["plies"]:
        assert {"win_chance", "judgement", "move", "player", "loss"} <= set(entry)
    assert data["plies"][3]["better"] == "S(0,1)"
    assert set(data["summary"]) == {"host", "guest"}
    assert cli.main(["analyse", "--nodes", "0", str(record)]) == 2
    assert "--nodes" in capsys.readouterr().err


def test_the_cli_reviews_a_game_from_a_puzzles_start(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """``analyse --start`` reviews the moves played from a set-up (here a Wiki puzzle's
    start and its solution): the solution is never judged a mistake."""
    from paisho_core import cli

    assert cli.main(["puzzle", "list", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    puzzle = next(p for p in lines if p["variant"] == "wiki")
    record = tmp_path / "solution.txt"
    record.write_text(puzzle["solution"] + "\n")
    assert cli.main(["analyse", "--start", puzzle["start"], "--nodes", "60", "--compact",
                     str(record)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "wiki" and len(data["plies"]) == 1
    assert data["plies"][0]["judgement"] in {"none", "inaccuracy"}
