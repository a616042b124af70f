"""Helpers shared by the Skud tests: reference data and compact action builders."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

from paisho_core.skud import SkudGame, parse_action

TESTDATA = Path(__file__).resolve().parent / "data" / "reference"
"""The community reference engine's Skud games and legal-action lists (see its README)."""


@cache
def reference_games() -> list[dict[str, Any]]:
    """The 22 reference games (``tests/support/data/reference/skud_reference_games.jsonl``)."""
    with open(TESTDATA / "skud_reference_games.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@cache
def reference_legal_moves() -> dict[str, list[list[str] | None]]:
    """Per game id, the sorted legal base actions before every ply."""
    with gzip.open(TESTDATA / "skud_reference_legal_moves.jsonl.gz", "rt") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return {row["id"]: row["legal_moves"] for row in rows}


def legal_texts(game: SkudGame) -> set[str]:
    """The notation of every legal action of the game."""
    return {game.format_action(a) for a in game.legal_actions()}


def play(game: SkudGame, *texts: str) -> SkudGame:
    """Apply actions given as notation (``"(0,1)-(0,3)"``, ``"+R(2,2)"``…)."""
    for text in texts:
        game.apply(parse_action(text))
    return game


def reference_plies(game_id: str) -> list[str]:
    """The plies of one reference game."""
    record = next(g for g in reference_games() if g["id"] == game_id)
    return str(record["notation"]).split(";")


LENIENT_NOTES = [
    "ply 36 (17H): bonus '+W3(8,0)' ignored — this move formed no new harmony",
    "ply 38 (18H): the game ended with a Harmony Ring; the bonus written after it is not"
    " played",
]
"""What lenient reading sets aside in :func:`lenient_record`."""


def lenient_record() -> str:
    """Reference game g032 as the reference site may write it (rules.html#reading-ring).

    Ply 36 (``17H.(4,0)-(4,-3)``) forms no new harmony, yet carries a bonus (the site
    ignores it); the last ply, 38, forms the Host's Harmony Ring and carries a bonus (the
    site still offers one there).  The site's result: the Host wins by the ring.
    """
    plies = reference_plies("g032")
    assert plies[35] == "17H.(4,0)-(4,-3)" and plies[37] == "18H.(-6,-1)-(-6,-3)"
    plies[35] += "+W3(8,0)"
    plies[37] += "+L(8,0)"
    return ";".join(plies)
