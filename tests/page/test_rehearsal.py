"""The build's rehearsal (:mod:`paisho_page.play.rehearsal`): a short game of every
variant through the page logic, undone, before the page's memory snapshot is taken."""

from __future__ import annotations

import pytest

from paisho_core import registry
from paisho_page.play.rehearsal import rehearse


@pytest.mark.parametrize("variant", registry.variant_names())
def test_every_variant_plays_its_short_game(variant: str) -> None:
    assert rehearse(variant, actions=4, seed=3) == 4
    assert rehearse(variant, actions=4, seed=3) == 4  # (again: it changed nothing shared)
