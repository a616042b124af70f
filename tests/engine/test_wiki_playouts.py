"""Random Wiki playouts with invariants after every action (``rules.html#wiki``).

``PAISHO_PLAYOUTS`` sets the number of games (default a dozen; e.g.
``PAISHO_PLAYOUTS=2000 python -m pytest tests/engine/test_wiki_playouts.py`` for the long run).
After every action: tile conservation (board + reserve + captured = 54 a player), no
tile on a Gate but at entry, no drained tile moved (wiki R6), scores equal to a
from-scratch recount, a copy replaying the action equals the game; every 100 plies and
at the end the game replays from its text; at the end it survives a link round-trip;
every 25 plies each legal action has its own click path.
"""

from __future__ import annotations

import os
import random

import pytest
from wiki_helpers import moved_tiles_were_free, wiki_invariants, wiki_policy

from paisho_core.link import decode, encode
from paisho_core.wiki import RESIGN, WikiGame

DEFAULT_GAMES = 12
TEXT_CHECK_EVERY = 100


def _games() -> int:
    env = os.environ.get("PAISHO_PLAYOUTS")
    return int(env) if env else DEFAULT_GAMES


@pytest.mark.parametrize("options", [(), ("mirrored-opening",)])
def test_wiki_random_playouts_keep_invariants(options: tuple[str, ...]) -> None:
    rng = random.Random(f"wiki-playouts-{options}")
    games = _games() if not options else max(2, _games() // 4)
    for _ in range(games):
        game = WikiGame(options)
        while game.to_move is not None:
            action = wiki_policy(rng, game)
            assert game.parse_action(game.format_action(action)) == action
            if action.kind != RESIGN:
                moved_tiles_were_free(game, action)
            before = game.copy()
            game.apply(action)
            before.apply(action)
            assert before.state_key() == game.state_key(), "copy() diverged"
            wiki_invariants(game)
            if len(game.history) % 25 == 0 and game.to_move is not None:
                paths = [game.action_clicks(a) for a in game.legal_actions()]
                assert len(paths) == len(set(paths)), "two actions share one click path"
            if len(game.history) % TEXT_CHECK_EVERY == 0:
                again = WikiGame.from_text(game.to_text(), options)
                assert again.state_key() == game.state_key(), "text round-trip diverged"
        outcome = game.outcome()
        assert outcome is not None
        replay = WikiGame.from_text(game.to_text(), options)
        assert replay.state_key() == game.state_key() and replay.outcome() == outcome
        decoded = decode(encode(game)).game
        assert decoded.state_key() == game.state_key(), "link round-trip diverged"
        assert decoded.to_text() == game.to_text()
