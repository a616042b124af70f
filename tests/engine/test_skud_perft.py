"""Move-count tables: a change that alters Skud move generation changes these numbers.

The stored numbers come from this engine (which agrees with the reference engine on
every position of ``tests/support/data/reference``); see ``tests/support/perft.py`` to
regenerate them.
"""

from __future__ import annotations

import json

import pytest
from paths import DATA
from perft import DEPTHS, POSITIONS, perft_counts, position, reference_notations

STORED = json.loads((DATA / "skud_perft.json").read_text())


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_skud_perft_table(name: str) -> None:
    game = position(POSITIONS[name], reference_notations())
    assert perft_counts(game, DEPTHS[name]) == STORED[name]


def test_perft_positions_cover_bonus_and_main_phases() -> None:
    games = reference_notations()
    assert position(POSITIONS["bonus-pending"], games).bonus_pending
    assert not position(POSITIONS["main-start"], games).bonus_pending
