"""The bounds of a Balance game's numbers come from the rules (``rules.html#balance``, R2–R6).

:func:`paisho_core.balance.limits.highest_score` bounds what the page accepts as a saved
best score, so it must never be below a score a game really reaches.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.balance import BalanceGame
from paisho_core.balance.bag import MAX_SEED
from paisho_core.balance.limits import LOWEST_SCORE, highest_score, most_pairs
from paisho_core.balance.position import interacting_pairs
from paisho_core.balance.solver import greedy_placement


def test_the_bound_is_above_the_perfect_balance_and_below_the_pairs_times_values() -> None:
    # balance R6: a score is min(H, D); Perfect Balance (20/20) is not the highest one
    assert 20 < highest_score() <= 2 * most_pairs()
    assert LOWEST_SCORE == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, MAX_SEED - 1), st.integers(0, 2**32))
def test_no_game_passes_the_bounds(seed: int, rng_seed: int) -> None:
    """Random and greedy play (the greedy one scores high) stay within the bounds."""
    rng = random.Random(rng_seed)
    game = BalanceGame((), seed)
    greedy = rng_seed % 2 == 0
    while not game.is_over:
        place = greedy_placement(game) if greedy else rng.choice(game.legal_actions())
        assert place is not None
        game.apply(place)
        cells = game.position.cells
        assert len(interacting_pairs(cells)) <= most_pairs()
        h, d = game.counts()
        assert min(h, d) <= highest_score()
    end = game.outcome()
    assert end is not None and LOWEST_SCORE <= (end.score or 0) <= highest_score()
