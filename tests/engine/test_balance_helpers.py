"""Helpers for the Balance tests (no tests here): constructed games, an independent recount."""

from __future__ import annotations

from itertools import combinations

from paisho_core.balance import BalanceGame

# The table of the Balance rules (rules.html#balance-table), transcribed literally
# (R5 included); the Avatar pairs apart.
AVATAR_PAIR = {"B": (1, 1), "D": (1, 1), "S": (1, 1), "K": (1, 1), "P": (1, 2), "L": (2, 1)}
_HARMONY = [{"B", "D"}, {"B", "K"}, {"D", "S"}, {"S", "K"}]
_DISHARMONY = [{"B", "S"}, {"D", "K"}]


def spec_pair(a: str, b: str) -> tuple[int, int]:
    """(harmonies, disharmonies) of two interacting tiles, read off the spec's table."""
    if a == "A" or b == "A":
        return AVATAR_PAIR[b if a == "A" else a]
    if {a, b} == {"P", "L"}:
        return 1, 1
    if "P" in (a, b):
        return 0, 1
    if "L" in (a, b):
        return 1, 0
    if {a, b} in _HARMONY:
        return 1, 0
    if {a, b} in _DISHARMONY:
        return 0, 1
    return 0, 0


def spec_counts(game: BalanceGame) -> tuple[int, int]:
    """Recount harmonies/disharmonies from the tiles by coordinates (O(n²), no tables)."""
    tiles = {(t.point.x, t.point.y): t.code for t in game.board_tiles()}
    h = d = 0
    for (ax, ay), (bx, by) in combinations(tiles, 2):
        a, b = tiles[(ax, ay)], tiles[(bx, by)]
        dx, dy = bx - ax, by - ay
        straight = dx == 0 or dy == 0
        diagonal = abs(dx) == abs(dy) and "A" in (a, b)
        if not (straight or diagonal):
            continue
        n = max(abs(dx), abs(dy))
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        if any((ax + sx * k, ay + sy * k) in tiles for k in range(1, n)):
            continue
        ph, pd = spec_pair(a, b)
        h += ph
        d += pd
    return h, d


def play(bag: str, *points: str) -> BalanceGame:
    """A game with the given bag order and these placements made."""
    game = BalanceGame.with_bag(bag)
    for text in points:
        game.play(text)
    return game


def counts(game: BalanceGame) -> tuple[int, int]:
    """The game's counts as a plain tuple."""
    return tuple(game.counts())  # type: ignore[return-value]


def legal_texts(game: BalanceGame) -> set[str]:
    """The legal points as ``(x,y)`` texts."""
    return {game.format_action(a) for a in game.legal_actions()}
