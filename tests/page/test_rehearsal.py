"""The game page's rehearsal (:mod:`paisho_page.play.rehearsal`): a short game of every
variant through the page logic, undone, played in steps while the page is idle."""

from __future__ import annotations

import pytest

from paisho_core import registry
from paisho_page.play.rehearsal import rehearsal


@pytest.mark.parametrize("variant", registry.variant_names())
def test_every_variant_plays_its_short_game(variant: str) -> None:
    assert list(rehearsal(variant, actions=4, seed=3))[-1] == 4
    assert list(rehearsal(variant, actions=4, seed=3))[-1] == 4  # (it changed nothing shared)


@pytest.mark.parametrize("variant", registry.variant_names())
def test_the_steps_are_single_clicks_and_undos(variant: str) -> None:
    played = list(rehearsal(variant, actions=3, seed=1))
    assert played == sorted(played)  # the count of actions never goes back
    assert played[-1] == 3
    undos = played.count(3) - 1  # the steps after the third action: its undos
    assert undos >= 3  # every action taken back, a step each (a click may be undone too)
    assert len(played) >= 3 + undos
