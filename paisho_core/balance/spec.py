"""Balance Pai Sho as the registry knows it (:class:`~paisho_core.spec.VariantSpec`)."""

from __future__ import annotations

from enum import StrEnum

from ..messages import msg, term
from ..protocol import VariantInfo
from ..spec import EndReason, VariantSpec


class BalanceEnd(StrEnum):
    """The ways a Balance game ends besides resigning (R5)."""

    BAG_EMPTY = "bag-empty"
    """Every tile of the bag was placed: the smaller count is the score."""
    FAILURE = "failure"
    """A drawn tile had nowhere to go: the score is 0."""


SPEC = VariantSpec(
    info=VariantInfo(
        name="balance",
        title=msg("Balance Pai Sho").template,
        options=(),
        min_players=1,
        max_players=1,
        uses_seed=True,
    ),
    game="paisho_core.balance.game:BalanceGame",
    link_id=1,
    tile_names={
        "A": term("tile", "Avatar"),
        "B": term("tile", "Badgermole"),
        "D": term("tile", "Dragon"),
        "S": term("tile", "Sky Bison"),
        "K": term("tile", "Koi"),
        "P": term("tile", "Spirit"),
        "L": term("tile", "White Lotus"),
    },
    tile_genders=(
        term("tile gender", "Avatar"),
        term("tile gender", "Badgermole"),
        term("tile gender", "Dragon"),
        term("tile gender", "Sky Bison"),
        term("tile gender", "Koi"),
        term("tile gender", "Spirit"),
        term("tile gender", "White Lotus"),
    ),
    seats=(term("player", "Player"),),
    end_reasons={
        BalanceEnd.BAG_EMPTY: EndReason(msg("an empty bag")),
        BalanceEnd.FAILURE: EndReason(msg("a drawn tile with nowhere to go")),
    },
    results={
        "perfect-balance": msg("perfect balance"),
        "balance": msg("balance"),
        "unbalance": msg("unbalance"),
        "failure": msg("failure"),
    },
    art="paisho_core.balance.art:ART",
    computer="paisho_core.balance.computer:COMPUTER",
    analyser="paisho_core.balance.analysis:ANALYSER",
    facts="paisho_core.balance.facts:FACTS",
    setups="paisho_core.balance.setups:RULES",
    demos="paisho_core.demos:balance.json",
    puzzles="paisho_core.puzzles:balance.json",
    puzzle_kinds={"best-final": {"goal": "best-final"}},
)
"""Balance Pai Sho's spec."""
