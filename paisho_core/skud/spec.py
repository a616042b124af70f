"""Skud Pai Sho as the registry knows it (:class:`~paisho_core.spec.VariantSpec`)."""

from __future__ import annotations

from enum import StrEnum

from ..messages import msg, term
from ..protocol import VariantInfo
from ..spec import EndReason, VariantSpec

OPTIONS = ("clashing-start", "one-of-each", "no-wheels", "double-accents")
"""The R12 options; each is part of a game's identity (append new ones, never reorder:
links keep their meaning)."""


class SkudEnd(StrEnum):
    """The ways a Skud game ends besides the shared ones (R8–R11)."""

    NO_BASIC_FLOWERS = "no-basic-flowers"
    """The last basic flower was planted: the most harmonies win (R9)."""
    NO_MOVE = "no-move"
    """The player to move has no legal action (a draw)."""


SPEC = VariantSpec(
    info=VariantInfo(
        name="skud",
        title=msg("Skud Pai Sho").template,
        options=OPTIONS,
        min_players=2,
        max_players=2,
        uses_seed=False,
    ),
    game="paisho_core.skud.game:SkudGame",
    link_id=0,
    tile_names={
        "R3": term("tile", "Rose"),
        "R4": term("tile", "Chrysanthemum"),
        "R5": term("tile", "Rhododendron"),
        "W3": term("tile", "Jasmine"),
        "W4": term("tile", "Lily"),
        "W5": term("tile", "White Jade"),
        "R": term("tile", "Rock"),
        "W": term("tile", "Wheel"),
        "K": term("tile", "Knotweed"),
        "B": term("tile", "Boat"),
        "L": term("tile", "White Lotus"),
        "O": term("tile", "Orchid"),
    },
    tile_genders=(
        term("tile gender", "Rose"),
        term("tile gender", "Chrysanthemum"),
        term("tile gender", "Rhododendron"),
        term("tile gender", "Jasmine"),
        term("tile gender", "Lily"),
        term("tile gender", "White Jade"),
        term("tile gender", "Rock"),
        term("tile gender", "Wheel"),
        term("tile gender", "Knotweed"),
        term("tile gender", "Boat"),
        term("tile gender", "White Lotus"),
        term("tile gender", "Orchid"),
    ),
    seats=(term("player", "Host"), term("player", "Guest")),
    option_labels={
        "clashing-start": msg("Clashing start (the Host opens with the clashing flower)"),
        "one-of-each": msg("One of each accent tile (no choosing)"),
        "no-wheels": msg("No Wheels"),
        "double-accents": msg("Double accent tiles (choose 8 of 16)"),
    },
    end_reasons={
        SkudEnd.NO_BASIC_FLOWERS: EndReason(msg("the last basic flower planted"), (
            msg("{player} wins when the last basic flower was planted."),
            msg("{player} wins when the last basic flower was planted ({score})."),
            msg("Draw when the last basic flower was planted."),
            msg("Draw when the last basic flower was planted ({score})."),
        )),
        SkudEnd.NO_MOVE: EndReason(msg("no move left"), (
            msg("{player} wins as no move was left."),
            msg("{player} wins as no move was left ({score})."),
            msg("Draw as no move was left."),
            msg("Draw as no move was left ({score})."),
        )),
    },
    art="paisho_core.skud.art:ART",
    computer="paisho_core.skud.computer:COMPUTER",
    analyser="paisho_core.skud.analysis:ANALYSER",
    facts="paisho_core.skud.facts:FACTS",
    setups="paisho_core.skud.setups:RULES",
    link_coder="paisho_core.skud.linkcode:CODER",
    demos="paisho_core.demos:skud.json",
    puzzles="paisho_core.puzzles:skud.json",
    puzzle_kinds={
        "ring": {"goal": "win", "reasons": ["harmony-ring"]},
        "double-harmony": {"goal": "harmonies", "count": 2},
    },
)
"""Skud Pai Sho's spec."""
