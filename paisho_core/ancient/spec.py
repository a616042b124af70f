"""Ancient Pai Sho as the registry knows it (:class:`~paisho_core.spec.VariantSpec`)."""

from __future__ import annotations

from enum import StrEnum

from ..messages import msg, term
from ..protocol import VariantInfo
from ..spec import EndReason, VariantSpec


class AncientEnd(StrEnum):
    """The ways an Ancient game ends besides resigning (R4)."""

    ALL_PASSED = "all-passed"
    """Every seat passed in a row: nobody wins."""
    EXACT_TARGET = "exact-target"
    """A seat reached the target exactly: it wins."""


SPEC = VariantSpec(
    info=VariantInfo(
        name="ancient",
        title=msg("Ancient Pai Sho").template,
        options=(),
        min_players=2,
        max_players=4,
        uses_seed=True,
        int_options=("target", "hand"),
    ),
    game="paisho_core.ancient.game:AncientGame",
    link_id=3,
    tile_names={
        "Ja": term("tile", "Jasmine"),
        "Li": term("tile", "Lily"),
        "WJ": term("tile", "White Jade"),
        "Ro": term("tile", "Rose"),
        "Ch": term("tile", "Chrysanthemum"),
        "Rh": term("tile", "Rhododendron"),
        "W": term("tile", "Wheel"),
        "B": term("tile", "Boat"),
        "C": term("tile", "Coin"),
        "K": term("tile", "Knotweed"),
        "D": term("tile", "Dragon"),
        "L": term("tile", "Lotus"),
    },
    tile_genders=(
        term("tile gender", "Jasmine"),
        term("tile gender", "Lily"),
        term("tile gender", "White Jade"),
        term("tile gender", "Rose"),
        term("tile gender", "Chrysanthemum"),
        term("tile gender", "Rhododendron"),
        term("tile gender", "Wheel"),
        term("tile gender", "Boat"),
        term("tile gender", "Coin"),
        term("tile gender", "Knotweed"),
        term("tile gender", "Dragon"),
        term("tile gender", "Lotus"),
    ),
    seats=(term("player", "P1"), term("player", "P2"), term("player", "P3"),
           term("player", "P4")),
    end_reasons={
        AncientEnd.ALL_PASSED: EndReason(msg("a round of passes"), (
            msg("{player} wins."),
            msg("{player} wins ({score})."),
            msg("Draw as every seat passed."),
            msg("Draw as every seat passed ({score})."),
        )),
        AncientEnd.EXACT_TARGET: EndReason(msg("the target reached exactly"), (
            msg("{player} wins by reaching the target exactly."),
            msg("{player} wins by reaching the target exactly ({score})."),
            msg("Draw."),
            msg("Draw ({score})."),
        )),
    },
    art="paisho_core.ancient.art:ART",
    computer="paisho_core.ancient.computer:COMPUTER",
    analyser="paisho_core.ancient.analysis:ANALYSER",
    facts="paisho_core.ancient.facts:FACTS",
    setups="paisho_core.ancient.setups:RULES",
    demos="paisho_core.demos:ancient.json",
    puzzles="paisho_core.puzzles:ancient.json",
    puzzle_kinds={"exact-target": {"goal": "win", "reasons": ["exact-target"]}},
    puzzle_rules="paisho_core.ancient.puzzles:PUZZLES",
)
"""Ancient Pai Sho's spec."""
