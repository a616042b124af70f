"""Random playouts of every variant, checking invariants after every action.

The number of games per variant is ``PAISHO_PLAYOUTS`` (default: a few hundred, so the
suite stays quick); run e.g. ``PAISHO_PLAYOUTS=5000 python -m pytest
tests/engine/test_playouts.py`` for the long run.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from wiki_helpers import wiki_invariants, wiki_policy

from paisho_core import Game, get_variant, variant_names
from paisho_core.board import POINTS
from paisho_core.skud import PLANT, SkudGame
from paisho_core.skud import rules as skud_rules
from paisho_core.skud.tiles import FULL_SET, KIND_OF, OWNER_OF, ROCK

DEFAULT_GAMES = {"skud": 12, "balance": 400, "wiki": 4}
FULL_CHECK_EVERY = 40


def _games(variant: str) -> int:
    env = os.environ.get("PAISHO_PLAYOUTS")
    return int(env) if env else DEFAULT_GAMES.get(variant, 100)


def _skud_invariants(game: SkudGame) -> None:
    assert not skud_rules.has_clash(game.board), "a clash on the board (R3)"
    on_board = [[0] * len(FULL_SET), [0] * len(FULL_SET)]
    for p in POINTS:
        v = game.board[p]
        if v:
            on_board[OWNER_OF[v]][KIND_OF[v]] += 1
    for player in (0, 1):
        for kind, full in enumerate(FULL_SET):
            total = game.reserve[player][kind] + on_board[player][kind]
            total += game.captured[player][kind]
            if kind >= ROCK:
                continue  # accents: only the chosen ones enter the game
            assert total == full, f"tile conservation broken for player {player}, kind {kind}"


VARIANT_INVARIANTS: dict[str, Callable[[Any], None]] = {
    "skud": _skud_invariants,
    "wiki": wiki_invariants,
}


def _policy(variant: str, rng: random.Random, game: Game) -> Any:  # type: ignore[type-arg]
    actions = game.legal_actions()
    if variant == "wiki":  # resigns after a cap: random Wiki games never end by themselves
        return wiki_policy(rng, game)
    if variant == "skud":
        # random, but plant more often than uniform so games end in ~150 plies
        plants = [a for a in actions if a.kind == PLANT]
        if plants and rng.random() < 0.25:
            return rng.choice(plants)
    return rng.choice(actions)


def _seed_for(variant: str, index: int) -> int | None:
    return index * 7919 + 17 if get_variant(variant).info.uses_seed else None


@pytest.mark.parametrize("variant", variant_names())
def test_random_playouts_keep_invariants(variant: str) -> None:
    cls = get_variant(variant)
    check = VARIANT_INVARIANTS.get(variant)
    rng = random.Random(f"playouts-{variant}")
    ended = 0
    for index in range(_games(variant)):
        seed = _seed_for(variant, index)
        game = cls((), seed)
        plies = 0
        while game.to_move is not None and plies < 2000:
            actions = game.legal_actions()
            assert actions, "a player to move always has a legal action"
            action = _policy(variant, rng, game)
            assert game.parse_action(game.format_action(action)) == action
            before = game.copy()
            game.apply(action)
            before.apply(action)
            assert before.state_key() == game.state_key(), "copy() diverged"
            if check is not None:
                check(game)
            plies += 1
            if plies % FULL_CHECK_EVERY == 0:
                again = cls.from_text(game.to_text(), game.options, seed)
                assert again.state_key() == game.state_key(), "text round-trip diverged"
        outcome = game.outcome()
        assert outcome is not None, f"game {index} did not end in 2000 actions"
        ended += 1
        replay = cls.from_text(game.to_text(), game.options, seed)
        assert replay.state_key() == game.state_key()
        assert replay.outcome() == outcome
        assert game.outcome() == outcome, "outcome must be stable"
        assert game.legal_actions() == []
        with pytest.raises(ValueError):
            game.apply(before_last := action)  # noqa: F841 - nothing is legal after the end
    assert ended == _games(variant)
