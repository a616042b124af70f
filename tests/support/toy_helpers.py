"""The made-up variant of the tests (``tests/support/toyvariant``) registered while a
test module runs, and the engine-protocol checks any variant must pass."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from paisho_core import registry
from paisho_core.protocol import Game

TOY = "toy"


@contextmanager
def toy_registered() -> Iterator[None]:
    """The toy variant in the registry for the duration (its one registration line)."""
    registry.register("toyvariant.spec")
    try:
        yield
    finally:
        registry.unregister(TOY)


def check_protocol(game: Game[Any], rng: random.Random, max_plies: int = 500) -> Game[Any]:
    """Play ``game`` out at random, checking the protocol after every action: legal
    actions exist while someone is to move, notation and click paths name one action
    each, ``copy`` is independent, ``push``/``pop`` restore the position, the text
    replays, the outcome is stable and nothing is legal after it.  Returns the game."""
    cls = type(game)
    for _ in range(max_plies):
        if game.to_move is None:
            break
        actions = game.legal_actions()
        assert actions, "a player to move has a legal action"
        texts = [game.format_action(a) for a in actions]
        assert len(set(texts)) == len(texts), "one text per action"
        assert [game.parse_action(t) for t in texts] == actions
        paths = [tuple(game.action_clicks(a)) for a in actions]
        assert all(paths) and len(set(paths)) == len(paths), "one click path per action"
        key = game.state_key()
        for action in actions:
            game.push(action)
            game.pop()
            assert game.state_key() == key, "push + pop restores the position"
        assert sorted(map(game.format_action, game.legal_actions())) == sorted(texts)
        action = rng.choice(actions)
        twin = game.copy()
        game.apply(action)
        assert twin.state_key() == key, "a copy is independent"
        twin.apply(action)
        assert twin.state_key() == game.state_key()
        again = cls.from_text(game.to_text(), game.options, game.seed)
        assert again.state_key() == game.state_key(), "the text replays"
    outcome = game.outcome()
    assert outcome is not None and game.to_move is None
    assert game.outcome() == outcome and game.legal_actions() == []
    with pytest.raises(ValueError):
        game.apply(action)
    return game
