"""Wiki Pai Sho as the registry knows it (:class:`~paisho_core.spec.VariantSpec`)."""

from __future__ import annotations

from enum import StrEnum

from ..messages import msg, term
from ..protocol import VariantInfo
from ..spec import EndReason, VariantSpec

OPTIONS = ("mirrored-opening",)
"""Game options (wiki R12); append new ones, never reorder (links keep their meaning)."""


class WikiEnd(StrEnum):
    """The ways a Wiki game ends besides the shared ones (R10)."""

    THREE_FLOWERS = "three-flowers"
    """A player is down to three flowers: the other wins."""
    TWO_PASSES = "two-passes"
    """Two passes in a row: the points decide."""
    CHAIN = "chain"
    """A chain of harmonies and disharmonies closed around the centre: the points decide."""


SPEC = VariantSpec(
    info=VariantInfo(
        name="wiki",
        title=msg("Wiki Pai Sho").template,
        options=OPTIONS,
        min_players=2,
        max_players=2,
        uses_seed=False,
    ),
    game="paisho_core.wiki.game:WikiGame",
    link_id=2,
    tile_names={
        "Ja": term("tile", "Jasmine"),
        "Li": term("tile", "Lily"),
        "WJ": term("tile", "White Jade"),
        "Ro": term("tile", "Rose"),
        "Ch": term("tile", "Chrysanthemum"),
        "Rh": term("tile", "Rhododendron"),
        "K": term("tile", "Knotweed"),
        "W": term("tile", "Wheel"),
        "B": term("tile", "Boat"),
        "R": term("tile", "Rock"),
        "D": term("tile", "White Dragon"),
        "L": term("tile", "White Lotus"),
    },
    tile_genders=(
        term("tile gender", "Jasmine"),
        term("tile gender", "Lily"),
        term("tile gender", "White Jade"),
        term("tile gender", "Rose"),
        term("tile gender", "Chrysanthemum"),
        term("tile gender", "Rhododendron"),
        term("tile gender", "Knotweed"),
        term("tile gender", "Wheel"),
        term("tile gender", "Boat"),
        term("tile gender", "Rock"),
        term("tile gender", "White Dragon"),
        term("tile gender", "White Lotus"),
    ),
    seats=(term("player", "Host"), term("player", "Guest")),
    option_labels={
        "mirrored-opening": msg(
            "Mirrored opening (the Guest places 4 to 12 tiles first, each mirrored for the"
            " Host)"
        ),
    },
    end_reasons={
        WikiEnd.CHAIN: EndReason(
            msg("a chain of harmonies and disharmonies around the centre"), (
                msg("{player} wins on points: a chain of harmonies and disharmonies closed "
                    "around the centre."),
                msg("{player} wins on points: a chain of harmonies and disharmonies closed "
                    "around the centre ({score})."),
                msg("Draw on points: a chain of harmonies and disharmonies closed around the "
                    "centre."),
                msg("Draw on points: a chain of harmonies and disharmonies closed around the "
                    "centre ({score})."),
            )),
        WikiEnd.THREE_FLOWERS: EndReason(msg("a player down to three flowers"), (
            msg("{player} wins as the other player is down to three flowers."),
            msg("{player} wins as the other player is down to three flowers ({score})."),
            msg("Draw as the other player is down to three flowers."),
            msg("Draw as the other player is down to three flowers ({score})."),
        )),
        WikiEnd.TWO_PASSES: EndReason(msg("two passes in a row"), (
            msg("{player} wins after two passes in a row."),
            msg("{player} wins after two passes in a row ({score})."),
            msg("Draw after two passes in a row."),
            msg("Draw after two passes in a row ({score})."),
        )),
    },
    art="paisho_core.wiki.art:ART",
    computer="paisho_core.wiki.computer:COMPUTER",
    analyser="paisho_core.wiki.analysis:ANALYSER",
    facts="paisho_core.wiki.facts:FACTS",
    setups="paisho_core.wiki.setups:RULES",
    link_coder="paisho_core.wiki.linkcode:CODER",
    demos="paisho_core.demos:wiki.json",
    puzzles="paisho_core.puzzles:wiki.json",
    puzzle_kinds={
        "win-on-points": {"goal": "win", "reasons": ["chain", "two-passes"]},
        "best-capture": {"goal": "best-capture"},
    },
)
"""Wiki Pai Sho's spec."""
