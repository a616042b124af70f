"""Wiki move-count tables ("perft"), used by ``tests/engine/test_wiki_perft.py`` (the counting
is :mod:`perft`'s, shared with Skud).

Regenerate after an intended change of move generation with
``python tests/support/wiki_perft.py > tests/support/data/wiki_perft.json`` (then review the diff!).
"""

from __future__ import annotations

import json
import random
import sys

from perft import perft_counts

from paisho_core.wiki import WikiGame


def random_game(seed: int, plies: int, options: tuple[str, ...] = ()) -> str:
    """The text of a seeded random game of ``plies`` plies (a stable mid-game position)."""
    rng = random.Random(seed)
    game = WikiGame(options)
    for _ in range(plies):
        actions = sorted(game.legal_actions(), key=game.format_action)
        game.apply(rng.choice(actions))
    return game.to_text()


POSITIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "start": ((), ""),
    "opened": ((), "1G.Ja(0,-8);1H.Li(8,0);2G.(0,-8)-(0,-5);2H.(8,0)-(6,2)"),
    "mid-30": ((), "random:7:30"),
    "mid-60": ((), "random:11:60"),
    "mirrored-opening": (("mirrored-opening",), ""),
}
DEPTHS = {"start": 3, "opened": 2, "mid-30": 2, "mid-60": 2, "mirrored-opening": 2}


def position(name: str) -> WikiGame:
    """The named position (``random:<seed>:<plies>`` is a seeded random game)."""
    options, spec = POSITIONS[name]
    if spec.startswith("random:"):
        _, seed, plies = spec.split(":")
        spec = random_game(int(seed), int(plies), options)
    return WikiGame.from_text(spec, options)


def table() -> dict[str, list[int]]:
    """``{position: [perft(1), …, perft(depth)]}``."""
    return {name: perft_counts(position(name), DEPTHS[name]) for name in POSITIONS}


if __name__ == "__main__":
    json.dump(table(), sys.stdout, indent=1)
    print()
