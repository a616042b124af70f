"""The computer opponent: legal, deterministic, takes a ring, beats random play."""

from __future__ import annotations

import random

from paisho_core import new_game
from paisho_core.ai import choose_action
from paisho_core.skud import SkudGame


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
