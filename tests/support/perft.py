"""Move-count tables ("perft"): legal action sequences of a given depth from a position.

:func:`perft` and :func:`perft_counts` work for any variant (``tests/support/wiki_perft.py``
uses them too); the rest is Skud's table, used by ``tests/engine/test_skud_perft.py``.
Regenerate the stored table after an intended change of move generation with
``python tests/support/perft.py > tests/support/data/skud_perft.json`` (then review the diff!).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from paisho_core.protocol import Game
from paisho_core.skud import SkudGame

POSITIONS = {
    "main-start": "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)",
    "g002-ply30": "g002:30",
    "g032-ply31": "g032:31",
    "g042-ply70": "g042:70",
    "bonus-pending": "g002:36+",
}
DEPTHS = {"main-start": 3, "g002-ply30": 2, "g032-ply31": 2, "g042-ply70": 2, "bonus-pending": 2}


def position(spec: str, games: dict[str, str]) -> SkudGame:
    """A position: notation, or ``<game id>:<plies>`` of a reference game (``+``: before
    the bonus part of the last ply, so the bonus is pending)."""
    if ":" not in spec:
        return SkudGame.from_text(spec)
    gid, count = spec.split(":")
    pending = count.endswith("+")
    plies = games[gid].split(";")[: int(count.rstrip("+"))]
    if pending:
        plies[-1] = plies[-1].split("+")[0] + "+"  # a bare '+': the bonus is still open
    return SkudGame.from_text(";".join(plies))


def perft(game: Game[Any], depth: int) -> int:
    """The number of action sequences of length ``depth`` (fewer where a game ends)."""
    actions = game.legal_actions()
    if depth == 1 or not actions:
        return len(actions) if depth == 1 else 1
    total = 0
    for action in actions:
        child = game.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def perft_counts(game: Game[Any], depth: int) -> list[int]:
    """``[perft(game, 1), …, perft(game, depth)]``."""
    return [perft(game, d) for d in range(1, depth + 1)]


def table(games: dict[str, str]) -> dict[str, list[int]]:
    """``{position: [perft(1), …, perft(depth)]}`` for every stored position."""
    out = {}
    for name, spec in POSITIONS.items():
        game = position(spec, games)
        out[name] = perft_counts(game, DEPTHS[name])
    return out


def reference_notations() -> dict[str, str]:
    """The reference games' notation by id."""
    from skud_helpers import reference_games

    return {g["id"]: g["notation"] for g in reference_games()}


if __name__ == "__main__":
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    json.dump(table(reference_notations()), sys.stdout, indent=1)
    print()
