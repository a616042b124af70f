"""Version-1 links keep opening forever: frozen links and what they must decode to.

``tests/data/links_v1.json`` was written by the version-1 encoder (before the
version-2 format existed): several links per variant, with Skud Harmony Bonus steps,
options, Ancient with a seed, a number of players and whole-number options,
resignations and a view ply.  Each must decode to exactly the recorded game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paisho_core import link

FIXTURES = json.loads(
    (Path(__file__).parent / "data" / "links_v1.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("record", FIXTURES, ids=[r["note"] for r in FIXTURES])
def test_frozen_v1_link_decodes_to_the_same_game(record: dict[str, Any]) -> None:
    assert record["link"].startswith("1")
    decoded = link.decode(record["link"])
    game = decoded.game
    assert decoded.variant == record["variant"]
    assert sorted(game.options) == record["options"]
    assert game.seed == record["seed"]
    assert len(game.players) == record["players"]
    assert len(game.history) == record["actions"]
    assert game.to_text() == record["notation"]
    assert decoded.view_ply == record["view_ply"]
    assert game.resigned == record["resigned"]
    outcome = game.outcome()
    expected = record["outcome"]
    if expected is None:
        assert outcome is None
    else:
        assert outcome is not None
        assert list(outcome.winners) == expected["winners"]
        assert outcome.reason == expected["reason"]
        assert outcome.score == expected["score"]


def test_frozen_v1_links_cover_every_variant_and_feature() -> None:
    assert {r["variant"] for r in FIXTURES} == {"skud", "balance", "wiki", "ancient"}
    assert any(r["view_ply"] is not None for r in FIXTURES)
    assert any(r["resigned"] is not None for r in FIXTURES)
    assert any("+" in r["notation"] for r in FIXTURES if r["variant"] == "skud")
    assert any(r["players"] > 2 for r in FIXTURES if r["variant"] == "ancient")
