"""The engine's shortcuts agree with the full legal list they stand in for.

Replaying a record checks each action alone (without listing the others) and the end of
the game asks only whether any legal action is left (R11, ``rules.html#skud-rulings``):
both must give exactly the answers of :meth:`SkudGame.legal_actions`.
"""

from __future__ import annotations

import random

import pytest

from paisho_core.board import GATES, POINTS
from paisho_core.errors import IllegalMove
from paisho_core.skud import ARRANGE, PLANT, SkudAction, SkudGame
from paisho_core.skud.game import MAIN
from paisho_core.skud.moves import has_legal_action, main_action_ok
from paisho_core.skud.tiles import BASIC_KINDS, OWNER_OF


def _candidates(game: SkudGame, rng: random.Random) -> list[SkudAction]:
    """Every Plant at every Gate, and Arranges of the mover's tiles to random points."""
    out = [SkudAction(PLANT, k, -1, g) for g in GATES for k in BASIC_KINDS]
    out.append(SkudAction(PLANT, BASIC_KINDS[0], 5, GATES[0]))  # malformed: a source
    mine = [p for p in POINTS if game.board[p] and OWNER_OF[game.board[p]] == game.player]
    for src in mine:
        out.extend(SkudAction(ARRANGE, -1, src, dst) for dst in rng.sample(POINTS, 40))
    out.append(SkudAction(ARRANGE, -1, -1, POINTS[0]))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_one_action_check_and_any_move_test_match_the_legal_list(seed: int) -> None:
    rng = random.Random(seed)
    game = SkudGame()
    checked = 0
    while game.to_move is not None and len(game.history) < 200:
        if game.phase == MAIN and len(game.history) % 5 == 0:
            probe = game.copy()
            probe._legal = None
            probe._legal_set = None
            assert has_legal_action(probe) == bool(game.legal_actions())
            legal = set(game.legal_actions())
            for action in [*_candidates(game, rng), *legal]:
                probe._legal = None
                assert main_action_ok(probe, action) == (action in legal), action
                checked += 1
            assert probe.state_key() == game.state_key()  # the checks leave no trace
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 1000


def test_a_replayed_illegal_arrange_is_refused_with_the_same_message() -> None:
    text = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
    game = SkudGame.from_text(text)
    bad = game.parse_action("(0,-8)-(0,-3)")  # a Rose moves at most 3 points
    listed = game.copy()
    listed.legal_actions()  # the check against the list
    with pytest.raises(IllegalMove) as alone:
        game.apply(bad)
    with pytest.raises(IllegalMove) as from_list:
        listed.apply(bad)
    assert str(alone.value) == str(from_list.value)
    assert "moves at most 3" in str(alone.value)
