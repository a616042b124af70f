"""The computer seat for Ancient: legal, deterministic, wins when it can (rules.html#ancient-r4),
and does not hand the next seat an exact hit when it can help it."""

from __future__ import annotations

import random

from paisho_core import new_game
from paisho_core.ai import choose_action
from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import DANGER, choose


def test_ancient_computer_plays_legal_deterministic_actions() -> None:
    game = new_game("ancient", ["target=5"], 21, players=3)
    for _ in range(30):
        if game.to_move is None:
            break
        action = choose_action(game, seed=3)
        assert action in game.legal_actions()
        assert choose_action(game.copy(), seed=3) == action
        game.apply(action)


def test_ancient_computer_takes_an_exact_hit_by_placement() -> None:
    game = AncientGame.setup({"(0,2)": "WJ"}, ["Li Ro K", "Ja"], target=1)
    action = choose(game, random.Random(0))
    assert action is not None
    game.apply(action)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_ancient_computer_takes_an_exact_hit_by_moving() -> None:
    # two harmonies on the board; target 1: a move must break exactly one of them
    board = {"(-2,2)": "Ja", "(0,2)": "Li", "(2,2)": "Ja"}
    game = AncientGame.setup(board, ["C", "Ja"], target=1)
    game.play("C(-6,-4)")  # out of every line that matters
    assert game.step == "move"
    action = choose(game, random.Random(0))
    assert action is not None
    game.apply(action)
    assert game.outcome() is not None and game.outcome().winners == (0,)  # type: ignore[union-attr]


def test_ancient_computer_avoids_leaving_the_count_next_to_the_target() -> None:
    # target 3, one harmony on the board: placing a Lily next to the Jasmine would leave
    # 2, one short of the target, for the next seat; drawing keeps 1 (also 2 away).
    game = AncientGame.setup({"(1,-4)": "Ja", "(5,-4)": "Ja"}, ["Li", "Ja Li"], target=3,
                             pile="Ro Ro")  # fmt: skip
    action = choose(game, random.Random(1))
    assert action is not None
    child = game.copy()
    child.apply(action)
    if child.to_move == game.to_move and child.step == "move":
        child.apply(choose(child, random.Random(1)))  # type: ignore[arg-type]
    if child.step == "discard":
        child.apply(choose(child, random.Random(1)))  # type: ignore[arg-type]
    assert abs(child.harmonies - child.target) > DANGER or child.outcome() is not None


def test_ancient_computer_beats_random_seats() -> None:
    wins = {"computer": 0, "random": 0}
    for seed in range(16):
        game = AncientGame(("target=3",), seed, 2)
        rng = random.Random(seed)
        computer_seat = seed % 2
        for _ in range(400):
            seat = game.to_move
            if seat is None:
                break
            if seat == computer_seat:
                action = choose(game, random.Random(len(game.history)))
            else:
                action = rng.choice(game.legal_actions())
            assert action is not None
            game.apply(action)
        outcome = game.outcome()
        if outcome is not None and len(outcome.winners) == 1:
            who = "computer" if outcome.winners[0] == computer_seat else "random"
            wins[who] += 1
    assert wins["computer"] > wins["random"], wins
