"""Wiki move-count tables: a change of move generation changes these numbers.

See ``tests/support/wiki_perft.py`` to regenerate ``tests/support/data/wiki_perft.json``.
"""

from __future__ import annotations

import json

import pytest
from paths import DATA
from perft import perft_counts
from wiki_perft import DEPTHS, POSITIONS, position

STORED = json.loads((DATA / "wiki_perft.json").read_text())


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_wiki_perft_table(name: str) -> None:
    game = position(name)
    assert perft_counts(game, DEPTHS[name]) == STORED[name]


def test_wiki_perft_start_counts_by_hand() -> None:
    # wiki R3: the Guest opens with one of eight flower entries (R1: the Guest first)
    assert STORED["start"][0] == 8
