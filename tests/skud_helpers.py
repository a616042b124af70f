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
    """The 22 reference games (``tests/data/reference/skud_reference_games.jsonl``)."""
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
