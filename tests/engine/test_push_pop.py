"""Search support: ``push``/``pop`` take an action back exactly, for every variant."""

from __future__ import annotations

import random

import pytest

from paisho_core import new_game
from paisho_core.errors import IllegalMove
from paisho_core.registry import get_variant
from paisho_core.rings import ring_owners
from paisho_core.skud import SkudGame, harmony, rules


def _snapshot(game: SkudGame) -> tuple[object, ...]:
    return (game.state_key(), game.to_text(), list(game.history), game.plies,
            game.outcome(), game.legal_actions(), game.harmonies(), game.captured,
            game._env)


def _assert_caches_match_the_board(game: SkudGame) -> None:
    """The incrementally kept harmonies and masks equal a full scan of the board."""
    assert game.harmonies() == rules.harmonies(game.board)
    assert game._env == harmony.environment(game.board)
    ring = ring_owners(game.harmonies())
    if game._ended is not None and game._ended.reason == "harmony-ring":
        assert ring == set(game._ended.winners)
    else:
        assert not ring


@pytest.mark.parametrize("seed", range(6))
def test_skud_push_pop_restores_every_position_of_random_games(seed: int) -> None:
    rng = random.Random(seed)
    game = SkudGame()
    while game.to_move is not None and len(game.history) < 160:
        before = _snapshot(game)
        actions = game.legal_actions()
        for action in rng.sample(actions, min(4, len(actions))):
            game.push(action)
            after = game.copy()
            game.pop()
            assert _snapshot(game) == before
            _assert_caches_match_the_board(after)
            replayed = game.copy()
            replayed.apply(action)
            assert replayed.state_key() == after.state_key()
        game.push(rng.choice(actions))  # a deep stack, popped at the end
    while game.history:
        game.pop()
    assert game.state_key() == SkudGame().state_key() and game.to_text() == ""


def test_push_refuses_an_illegal_action_and_pop_needs_a_push() -> None:
    game = SkudGame()
    with pytest.raises(IllegalMove):
        game.pop()
    with pytest.raises(IllegalMove, match="is not legal"):
        game.push(game.parse_action("R3(0,-8)"))  # accents come first
    assert game.state_key() == SkudGame().state_key()


def test_a_copy_starts_with_nothing_to_pop() -> None:
    game = SkudGame()
    game.push(game.legal_actions()[0])
    with pytest.raises(IllegalMove):
        game.copy().pop()


def test_default_push_pop_is_copy_based_for_other_variants() -> None:
    game = new_game("balance", seed=11)
    start = game.state_key()
    keys = []
    for _ in range(5):
        keys.append(game.state_key())
        game.push(game.legal_actions()[0])
    copy = game.copy()
    with pytest.raises(IllegalMove):
        copy.pop()
    for key in reversed(keys):
        game.pop()
        assert game.state_key() == key
    assert game.state_key() == start and not game.history


@pytest.mark.parametrize("seed", range(3))
def test_skud_incremental_harmonies_match_a_full_scan_after_every_action(seed: int) -> None:
    """Every legal action of every position of a random game (Wheels, Rocks, Knotweeds,
    Boats and captures included) leaves the kept harmonies equal to a full scan (R2, R8;
    ``rules.html#skud-rulings``)."""
    rng = random.Random(100 + seed)
    game = SkudGame()
    while game.to_move is not None and len(game.history) < 120:
        for action in game.legal_actions():
            game.push(action)
            _assert_caches_match_the_board(game)
            game.pop()
        game.apply(rng.choice(game.legal_actions()))
        _assert_caches_match_the_board(game)


@pytest.mark.parametrize("variant", ["skud", "balance", "wiki", "ancient"])
@pytest.mark.parametrize("seed", range(3))
def test_apply_checked_plays_a_legal_action_exactly_as_apply(variant: str, seed: int) -> None:
    """``apply_checked`` (a link reader's way to play the action it checked) leaves the
    same game as ``apply``, at every ply of random games, every variant."""
    rng = random.Random(seed)
    uses_seed = get_variant(variant).info.uses_seed
    checked = new_game(variant, (), seed if uses_seed else None)
    plain = checked.copy()
    while checked.to_move is not None and len(checked.history) < 120:
        actions = checked.legal_actions()
        if not actions:
            break
        action = rng.choice(actions)
        checked.apply_checked(action)
        plain.apply(action)
        assert checked.state_key() == plain.state_key()
        assert checked.to_text() == plain.to_text()
        assert checked.outcome() == plain.outcome()
        assert checked.legal_actions() == plain.legal_actions()
