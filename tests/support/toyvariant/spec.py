"""Toy Pai Sho as the registry knows it (:class:`~paisho_core.spec.VariantSpec`)."""

from __future__ import annotations

from enum import StrEnum

from paisho_core.messages import msg, term
from paisho_core.protocol import VariantInfo
from paisho_core.spec import EndReason, VariantSpec


class ToyEnd(StrEnum):
    """How a Toy game ends besides resigning."""

    THREE_IN_A_ROW = "three-in-a-row"
    """A player has three tiles in a line: they win."""
    FULL_BOARD = "full-board"
    """The nine points are full with no line: a draw."""


SPEC = VariantSpec(
    info=VariantInfo(
        name="toy",
        title="Toy Pai Sho",
        options=(),
        min_players=2,
        max_players=2,
        uses_seed=False,
    ),
    game="toyvariant.game:ToyGame",
    link_id=40,
    tile_names={"S": term("tile", "Stone"), "F": term("tile", "Flower")},
    seats=(term("player", "Host"), term("player", "Guest")),
    end_reasons={
        ToyEnd.THREE_IN_A_ROW: EndReason(msg("three in a row")),
        ToyEnd.FULL_BOARD: EndReason(msg("a full board")),
    },
    art="toyvariant.art:ART",
    demos="toyvariant:demos.json",
)
"""Toy Pai Sho's spec: no computer (the neutral search plays), no link coder (the
generic code), no tile facts and no set-ups."""
