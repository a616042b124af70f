"""Ancient's levels (``rules.html#ancient-r4``): Hard takes an exact hit when there is one,
does not hand the next seat one when it can help it, and every level plays only legal,
reproducible actions."""

from __future__ import annotations

import random

from paisho_core import new_game
from paisho_core.ai import analyse, choose_action
from paisho_core.ancient import AncientGame, hard
from paisho_core.ancient.tiles import RHODODENDRON


def _wins_in_one_turn(game: AncientGame) -> bool:
    """Whether the seat to move can reach the target exactly this turn (brute force)."""
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        if child.outcome() is not None:
            return True
        if child.step == "move":
            for move in child.legal_actions():
                probe = child.copy()
                probe.apply(move)
                if probe.outcome() is not None:
                    return True
    return False


def test_hard_takes_an_exact_hit_by_placement() -> None:
    game = AncientGame.setup({"(0,2)": "WJ"}, ["Li Ro K", "Ja"], target=1)
    action = hard.choose(game, random.Random(0))
    assert action is not None
    game.apply(action)
    assert game.outcome() is not None and game.outcome().winners == (0,)  # type: ignore[union-attr]


def test_hard_takes_an_exact_hit_with_a_placement_and_its_move() -> None:
    # two harmonies; target 1: no placement hits, but a placement then a move does
    board = {"(-2,2)": "Ja", "(0,2)": "Li", "(2,2)": "Ja"}
    game = AncientGame.setup(board, ["C", "Ja"], target=1, pile="K")
    for _ in range(2):
        action = hard.choose(game, random.Random(0))
        assert action is not None
        game.apply(action)
    assert game.outcome() is not None and game.outcome().winners == (0,)  # type: ignore[union-attr]


def _gift_position(players: int) -> AncientGame:
    """Target 1 on a bare board: any Jasmine placed lets a Rhododendron pair with it."""
    game = AncientGame.setup({}, ["Ja Ja", *["Rh"] * (players - 1)], target=1,
                             pile="K K K K")  # fmt: skip
    for seat in range(1, players):
        game.position.known[seat][RHODODENDRON] = 1  # e.g. a Dragon took it (R11)
    return game


def _finish_turn(game: AncientGame, level: str) -> None:
    seat = game.to_move
    while game.to_move == seat and game.outcome() is None:
        game.apply(choose_action(game, seed=1, level=level))


def test_hard_does_not_hand_the_next_seat_an_exact_hit() -> None:
    for players in (2, 3):
        game = _gift_position(players)
        placed = game.copy()  # what a placement leaves: the next seat then hits
        _finish_turn(placed, "medium")
        assert placed.hand_size_of(0) == 1 and _wins_in_one_turn(placed)
        _finish_turn(game, "hard")
        assert game.to_move == 1 and game.harmonies == 0
        assert not _wins_in_one_turn(game), game.to_text()


def test_every_level_plays_legal_reproducible_actions() -> None:
    for players, seed in ((2, 31), (3, 32), (4, 33)):
        game = new_game("ancient", ["target=5"], seed, players=players)
        levels = ["hard", "easy", "medium", "hard"][:players]
        while game.to_move is not None and game.plies < 30:
            level = levels[game.to_move]
            action = choose_action(game, seed=seed, level=level)
            assert action in game.legal_actions()
            if game.plies % 5 == 0:
                assert choose_action(game.copy(), seed=seed, level=level) == action
            game.apply(action)


def test_easy_slips_but_is_deterministic_for_a_seed() -> None:
    game = new_game("ancient", ["target=5"], 9, players=2)
    easy = [choose_action(game, seed=s, level="easy") for s in range(12)]
    medium = [choose_action(game, seed=s, level="medium") for s in range(12)]
    assert easy == [choose_action(game, seed=s, level="easy") for s in range(12)]
    assert easy != medium


def test_hard_explains_from_the_seat_s_view() -> None:
    game = _gift_position(2)
    notes = [str(note) for note in analyse(game, 0, "hard").explanation]
    assert notes[0] == "The board has 0 harmonies; the target is exactly 1."
    assert any("P2" in note for note in notes)
    win = AncientGame.setup({"(0,2)": "WJ"}, ["Li Ro K", "Ja"], target=1)
    assert "makes exactly 1: P1 wins" in " ".join(map(str, analyse(win, 0, "hard").explanation))
