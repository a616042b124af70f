"""Wiki move-count tables: a change of move generation changes these numbers.

See ``tests/wiki_perft.py`` to regenerate ``tests/data/wiki_perft.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wiki_perft import DEPTHS, POSITIONS, perft, position

STORED = json.loads((Path(__file__).parent / "data" / "wiki_perft.json").read_text())


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_wiki_perft_table(name: str) -> None:
    game = position(name)
    counts = [perft(game, depth) for depth in range(1, DEPTHS[name] + 1)]
    assert counts == STORED[name]


def test_wiki_perft_start_counts_by_hand() -> None:
    # wiki R3: the Guest opens with one of eight flower entries (R1: the Guest first)
    assert STORED["start"][0] == 8
