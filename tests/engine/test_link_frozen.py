"""Links keep opening forever: frozen links and what they must decode to.

``tests/support/data/links_v1.json`` was written by the version-1 encoder (before the
version-2 format existed), ``tests/support/data/links_v2.json`` by the first version-2 one:
several links per variant, with Skud Harmony Bonus steps, options, Ancient with a
seed, a number of players and whole-number options, resignations and a view ply.  Each
must decode to exactly the recorded game (and version 2 must still write them).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from paths import DATA

from paisho_core import link

FIXTURES = json.loads((DATA / "links_v1.json").read_text(encoding="utf-8"))
V2_FIXTURES = json.loads((DATA / "links_v2.json").read_text(encoding="utf-8"))
BOTH = [*FIXTURES, *V2_FIXTURES]


@pytest.mark.parametrize("record", BOTH, ids=[f"v{r['link'][0]} {r['note']}" for r in BOTH])
def test_frozen_link_decodes_to_the_same_game(record: dict[str, Any]) -> None:
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
    if record["link"].startswith("2"):  # the version this app writes: the same link
        assert link.encode(game, decoded.view_ply) == record["link"]


@pytest.mark.parametrize("records", [FIXTURES, V2_FIXTURES], ids=["v1", "v2"])
def test_frozen_links_cover_every_variant_and_feature(records: list[dict[str, Any]]) -> None:
    assert {r["link"][0] for r in records} == {records[0]["link"][0]}
    assert {r["variant"] for r in records} == {"skud", "balance", "wiki", "ancient"}
    assert any(r["view_ply"] is not None for r in records)
    assert any(r["resigned"] is not None for r in records)
    assert any("+" in r["notation"] for r in records if r["variant"] == "skud")
    assert any(r["players"] > 2 for r in records if r["variant"] == "ancient")


@pytest.mark.parametrize("variant", ["skud", "balance", "wiki", "ancient"])
def test_version_1_links_of_new_games_still_decode(variant: str) -> None:
    """The version-1 reader, on links written the version-1 way (``encode_v1``)."""
    import random

    from paisho_core.registry import get_variant, new_game

    rng = random.Random(41)
    for steps in (0, 7, 60):
        game = new_game(variant, (), 77 if get_variant(variant).info.uses_seed else None)
        for _ in range(steps):
            actions = game.legal_actions() if game.to_move is not None else []
            if not actions:
                break
            game.apply(rng.choice(actions))
        view = len(game.history) // 2
        payload = link.encode_v1(game, view)
        assert payload[0] == "1"
        decoded = link.decode(payload)
        assert decoded.game.to_text() == game.to_text()
        assert decoded.view_ply == view
        assert link.encode(decoded.game, view)[0] == "2"


def test_encode_v1_writes_the_frozen_links_again() -> None:
    for record in FIXTURES:
        decoded = link.decode(record["link"])
        assert link.encode_v1(decoded.game, decoded.view_ply) == record["link"]
