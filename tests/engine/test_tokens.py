"""Click tokens are built in one place (paisho_core.tokens) for every variant."""

from __future__ import annotations

import pytest

from paisho_core import new_game
from paisho_core.board import POINT_OF, POINTS
from paisho_core.tokens import (
    ACCENTS_PREFIX,
    DRAW,
    POINT_TOKENS,
    RESERVE_PREFIX,
    SKIP,
    TURN_PREFIX,
    accent_codes,
    accents_token,
    point_token,
    reserve_token,
    token_point,
    turn_token,
)


def test_the_point_table_is_point_token_of_every_index() -> None:
    for i in POINTS:
        assert POINT_TOKENS[i] == point_token(POINT_OF[i])
        assert token_point(POINT_TOKENS[i]) == POINT_OF[i]


def test_the_builders_write_each_prefix() -> None:
    assert reserve_token("R3") == "reserve:R3" and reserve_token("B").startswith(RESERVE_PREFIX)
    assert accents_token("R,W,K,B") == "accents:R,W,K,B"
    assert accent_codes(accents_token("R,W,K,B")) == ["R", "W", "K", "B"]
    assert accents_token("x").startswith(ACCENTS_PREFIX)
    assert turn_token("cw") == "turn:cw" and turn_token(90) == "turn:90"
    assert turn_token(0).startswith(TURN_PREFIX)
    assert (SKIP, DRAW) == ("skip", "draw")
    assert token_point("reserve:R3") is None and token_point("point:nonsense") is None


KNOWN = (
    lambda t: token_point(t) is not None,
    lambda t: t.startswith((RESERVE_PREFIX, ACCENTS_PREFIX, TURN_PREFIX)),
    lambda t: t in (SKIP, DRAW),
)


@pytest.mark.parametrize("variant", ["skud", "balance", "ancient", "wiki"])
def test_every_variant_clicks_only_known_tokens(variant: str) -> None:
    """The first position's legal actions click only tokens of the kinds named here."""
    game = new_game(variant, seed=3)
    for action in game.legal_actions():
        for token in game.action_clicks(action):
            assert any(ok(token) for ok in KNOWN), (variant, token)
