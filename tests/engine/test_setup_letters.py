"""A game played from a set-up position writes each ply with its player's letter
(``rules.html#skud-notation``; Wiki's record likewise), and reads back to the same game.

The Studio's "Play" with the Host to move wrote the Host's move as ``2G.…`` and the
Guest's reply as ``3H.…``: the copied notation described another game.
"""

from __future__ import annotations

from typing import Any

import pytest

from paisho_core import setups, starts
from paisho_core.errors import IllegalMove
from paisho_core.protocol import Game

LETTER = {"host": "H", "guest": "G"}


def _played(variant: str, mover: int, plies: int) -> tuple[Game[Any], list[str]]:
    game = setups.build(setups.set_mover(setups.standard(variant), mover))
    movers = []
    for _ in range(plies):
        seat = game.to_move
        assert seat is not None
        movers.append(LETTER[game.players[seat]])
        actions = game.legal_actions()
        game.apply(actions[len(actions) // 2])
        while getattr(game, "bonus_pending", False):  # a Skud bonus is part of its ply
            game.apply(game.legal_actions()[-1])
    return game, movers


@pytest.mark.parametrize("variant", ["skud", "wiki"])
@pytest.mark.parametrize("mover", [0, 1])
def test_each_ply_carries_the_letter_of_its_player(variant: str, mover: int) -> None:
    game, movers = _played(variant, mover, 5)
    record = game.to_text()
    letters = [ply.split(".", 1)[0][-1] for ply in record.split(";")]
    assert letters == movers
    first = "2" if variant == "skud" else "1"
    assert record.startswith(first + movers[0])
    again = starts.replay(variant, starts.of(game), record)
    assert again.state_key() == game.state_key()
    assert again.to_text() == record


@pytest.mark.parametrize(
    ("variant", "old", "new"),
    [
        ("skud", "2G.R3(8,0);2H.W3(0,-8);3G.(8,0)-(7,-2)",
         "2H.R3(8,0);3G.W3(0,-8);3H.(8,0)-(7,-2)"),
        ("wiki", "1G.R(-1,6);1H.R(-2,6);2G.R(0,6)", "1H.R(-1,6);2G.R(-2,6);2H.R(0,6)"),
    ],
)
def test_a_record_numbered_by_the_older_writer_still_reads(variant: str, old: str,
                                                           new: str) -> None:
    """Saves made before the fix (the Host's first ply numbered as the Guest's) resume."""
    start = starts.of(setups.build(setups.set_mover(setups.standard(variant), 0)))
    game = starts.replay(variant, start, old)
    assert game.to_text() == new
    assert starts.replay(variant, start, new).state_key() == game.state_key()
    with pytest.raises(IllegalMove):  # any other wrong number is still refused
        starts.replay(variant, start, old.replace(old[:2], "7" + old[1], 1))
    guest_start = starts.of(setups.build(setups.set_mover(setups.standard(variant), 1)))
    with pytest.raises(IllegalMove):  # a Guest-to-move record never shifts
        starts.replay(variant, guest_start, new)
