"""The computer opponent: legal, deterministic, takes a ring, blocks one, beats random play."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from paths import DATA

from paisho_core import new_game, registry
from paisho_core.ai import LEVELS, action_points, analyse, choose_action
from paisho_core.board import Point
from paisho_core.errors import InvalidMove
from paisho_core.messages import text
from paisho_core.search import NeutralPolicy
from paisho_core.skud import SkudGame
from paisho_core.skud.evaluate import ring_in_one


def test_ai_plays_legal_deterministic_actions_in_every_variant() -> None:
    for name, seed in (("skud", None), ("balance", 7)):
        game = new_game(name, seed=seed)
        for _ in range(12):
            if game.to_move is None:
                break
            action = choose_action(game, seed=3)
            assert action in game.legal_actions()
            assert choose_action(game.copy(), seed=3) == action
            game.apply(action)


def test_ai_completes_a_harmony_ring_when_it_can() -> None:
    # skud R8: three sides of a square around the centre, the fourth one move away
    tiles = {"(-3,3)": "HR3", "(3,-3)": "HR3", "(-3,-3)": "HR4", "(3,5)": "HR4"}
    game = SkudGame.setup(tiles, to_move="host")
    action = choose_action(game)
    game.apply(action)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "harmony-ring" and outcome.winners == (0,)


def test_ai_beats_random_play() -> None:
    for seed in (0, 1):
        game = SkudGame()
        rng = random.Random(seed)
        while game.to_move is not None and len(game.history) < 400:
            mover = game.to_move
            action = (
                choose_action(game, seed=seed) if mover == 0 else rng.choice(game.legal_actions())
            )
            game.apply(action)
        outcome = game.outcome()
        assert outcome is not None and outcome.winners == (0,)


def test_ai_returns_none_when_the_game_is_over() -> None:
    game = SkudGame()
    game.resign()
    assert choose_action(game) is None


# -- levels and the search (issue 14) ---------------------------------------------------

RING_IN_ONE = {"(-3,3)": "HR3", "(3,-3)": "HR3", "(-3,-3)": "HR4", "(3,5)": "HR4"}
"""skud R8 (rules.html#skud-r8): three sides of a square round the centre, one move short."""
GUEST_THREATENS = {"(-3,3)": "GR3", "(3,-3)": "GR3", "(-3,-3)": "GR4", "(3,5)": "GR4",
                   "(-7,-1)": "HR5"}
"""The Guest is one move from a ring; 3 of the Host's 63 actions stop every such move."""


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_completes_a_harmony_ring_in_one(level: str) -> None:
    game = SkudGame.setup(RING_IN_ONE, to_move="host")
    # easy is careless now and then; over a few seeds it must mostly see a ring
    wins = 0
    for seed in range(5):
        probe = game.copy()
        probe.apply(choose_action(probe, seed=seed, level=level))
        outcome = probe.outcome()
        wins += outcome is not None and outcome.reason == "harmony-ring"
    assert wins >= (3 if level == "easy" else 5)


def test_hard_blocks_the_opponents_ring_in_one() -> None:
    game = SkudGame.setup(GUEST_THREATENS, to_move="host")
    assert ring_in_one(game, 1)  # the threat is real
    for seed in range(3):
        probe = game.copy()
        probe.apply(choose_action(probe, seed=seed, level="hard"))
        assert probe.outcome() is None and not ring_in_one(probe, 1)


def test_explanation_names_the_ring_threat() -> None:
    game = SkudGame.setup(GUEST_THREATENS, to_move="host")
    notes = [str(note) for note in analyse(game, level="medium").explanation]
    assert any(note.startswith("Guest threatens a Harmony Ring with") for note in notes)


def _random_positions(count: int, seed: int) -> list[SkudGame]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game = SkudGame()
        for _ in range(rng.randrange(4, 90)):
            if game.to_move is None:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.to_move is not None:
            out.append(game)
    return out


def test_levels_play_legal_actions_on_random_positions_and_leave_the_game_as_it_was() -> None:
    for game in _random_positions(8, 21):
        key, text = game.state_key(), game.to_text()
        for level in LEVELS:
            action = choose_action(game, seed=5, level=level, max_nodes=300)
            assert action in game.legal_actions()
            assert (game.state_key(), game.to_text()) == (key, text)


def test_a_levels_choice_is_reproducible_for_a_seed() -> None:
    for game in _random_positions(3, 8):
        for level in LEVELS:
            first = analyse(game, seed=9, level=level, max_nodes=400, explain=False)
            again = analyse(game.copy(), seed=9, level=level, max_nodes=400, explain=False)
            assert first == again


def test_hard_searches_the_harmony_bonus_as_part_of_its_turn() -> None:
    # the first bonus of a reference game, with the bonus pending at the root
    line = (DATA / "reference" / "skud_reference_games.jsonl")
    plies = json.loads(line.read_text().splitlines()[0])["notation"].split(";")
    at = next(i for i, ply in enumerate(plies) if "+" in ply)
    # a bare trailing '+' leaves the bonus open (a ply without '+' took none)
    game = SkudGame.from_text(";".join([*plies[:at], plies[at].split("+")[0] + "+"]))
    assert game.bonus_pending
    choice = choose_action(game, level="hard", max_nodes=600)
    assert choice.is_bonus and choice in game.legal_actions()
    game.apply(choice)
    assert game.to_move in (0, 1, None) and not game.bonus_pending


def test_an_unknown_level_is_refused_by_name() -> None:
    with pytest.raises(InvalidMove, match="unknown level 'expert'"):
        choose_action(SkudGame(), level="expert")


# -- per-variant computers through the registry (issue 14) ---------------------------------


def test_every_variant_provides_its_computer_through_the_registry() -> None:
    for name in registry.variant_names():
        computer = registry.get_computer(name)
        assert computer is not None, name
        assert callable(computer.choose) and callable(computer.policy)
    assert registry.get_computer("no-such-variant") is None


def test_a_plugged_in_computer_is_used_without_editing_ai(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class LastAction:
        """A made-up variant computer: plays the last legal action, searches nothing."""

        def choose(self, game: Any, actions: list[Any], level: str, seed: int,
                   rng: random.Random) -> Any:
            return actions[-1]

        def policy(self, level: str) -> NeutralPolicy:
            return NeutralPolicy()

        def explain(self, game: Any, coordinates: bool = True) -> list[str]:
            return ["made up"]

    monkeypatch.setattr(registry, "get_computer", lambda name: LastAction())
    game = SkudGame()
    analysis = analyse(game, level="hard")
    assert analysis.action == game.legal_actions()[-1]
    assert analysis.explanation == (text("made up"),)  # a plain sentence is kept as written


def test_a_variant_without_a_computer_searches_for_wins_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # no computer registered: the neutral search still takes a ring in one (skud R8,
    # rules.html#skud-r8) and plays legal actions elsewhere
    monkeypatch.setattr(registry, "get_computer", lambda name: None)
    game = SkudGame.setup(RING_IN_ONE, to_move="host")
    game.apply(choose_action(game, level="medium", max_nodes=400))
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "harmony-ring"
    other = SkudGame()
    assert choose_action(other, level="medium", max_nodes=50) in other.legal_actions()


def test_action_points_are_the_points_an_action_is_made_with() -> None:
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B")
    plant = game.parse_action("R3(0,-8)")
    assert action_points(game, plant) == (Point(0, -8),)
    game.play("R3(0,-8)")
    game.play("R3(0,8)")
    move = next(a for a in game.legal_actions() if len(action_points(game, a)) == 2)
    written = re.findall(r"\(-?\d+,-?\d+\)", game.format_action(move))  # "(x,y)-(x2,y2)"
    assert [str(p) for p in action_points(game, move)] == written
    assert action_points(SkudGame(), SkudGame().legal_actions()[0]) == ()  # accents
