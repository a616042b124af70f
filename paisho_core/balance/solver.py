"""Placement advice: a greedy one-move rule and a Monte Carlo solver.

The solver knows what a player knows: the board, the drawn tile and the *multiset* of
tiles still in the bag (:meth:`BalanceGame.remaining_counts`), never the seed's order.
For each legal point it plays the rest of the game many times over random orders of
the unseen tiles with the greedy rule, and keeps the point with the best mean final
score.  Candidates are pruned by successive halving, every round comparing them on the
same sampled bag orders (common random numbers).  It is deterministic given ``seed``;
``budget`` is the number of simulated placements, so its cost does not depend on the
clock.
"""

from __future__ import annotations

from ..rng import SplitMix64
from .action import Place, sort_key
from .game import BalanceGame
from .geometry import ALLOWED_ON_RAY, AVATAR_RAYS, DIAGONAL, POS_OF, SCAN
from .position import Position
from .tiles import AVATAR, KIND_OF_CODE, PAIR_D, PAIR_H

DEFAULT_BUDGET = 3000
"""Simulated placements per call (~25 µs each in CPython): 60–80 ms CPU on average and
0.13–0.21 s at worst (first moves) on a busy 2-core machine; 2000 is ~1/3 faster and
scores ~0.2 less (``benchmarks/balance.py``)."""

_NS_EW = ((0, 2), (1, 3))
_AV = AVATAR * 8


def greedy_key(h: int, d: int, pos: int) -> int:
    """Rank a placement: most ``min(h, d)``, then least ``|h - d|``, then farthest out."""
    return ((h if h < d else d) * 256 - abs(h - d)) * 16 + pos


def greedy_point(position: Position, kind: int) -> int:
    """The greedy rule's point for ``kind`` (-1 if there is none).

    Maximise the score the board would have now, then the balance, then keep the rays
    open by placing as far from the Avatar as possible.  (Inlined ``Position.delta``:
    this is the solver's inner loop.)
    """
    cells = position.cells
    reach = position.reach
    h0 = position.harmonies
    d0 = position.disharmonies
    kind8 = kind * 8
    best = -1
    best_key = -(1 << 30)
    for r, allowed in enumerate(ALLOWED_ON_RAY[kind]):
        limit = reach[r]
        for k, i in allowed:
            if k >= limit:
                break
            h = h0
            d = d0
            scan = SCAN[i]
            for d1, d2 in _NS_EW:
                a = b = 0
                for q in scan[d1]:
                    a = cells[q]
                    if a:
                        break
                for q in scan[d2]:
                    b = cells[q]
                    if b:
                        break
                if a:
                    h += PAIR_H[kind8 + a]
                    d += PAIR_D[kind8 + a]
                    if b:
                        h -= PAIR_H[a * 8 + b]
                        d -= PAIR_D[a * 8 + b]
                if b:
                    h += PAIR_H[kind8 + b]
                    d += PAIR_D[kind8 + b]
            if DIAGONAL[r]:
                h += PAIR_H[_AV + kind]
                d += PAIR_D[_AV + kind]
                ray = AVATAR_RAYS[r]
                if limit < len(ray):
                    c = cells[ray[limit]]
                    h -= PAIR_H[_AV + c]
                    d -= PAIR_D[_AV + c]
            key = ((h if h < d else d) * 256 - (h - d if h > d else d - h)) * 16 + k
            if key > best_key:
                best_key = key
                best = i
    return best


def rollout(position: Position, future: list[int]) -> int:
    """Play ``future`` greedily on ``position`` (mutated); return the final score."""
    for kind in future:
        i = greedy_point(position, kind)
        if i < 0:
            return 0
        position.place(i, kind)
    h, d = position.harmonies, position.disharmonies
    return h if h < d else d


def _drawn_kind(game: BalanceGame) -> int | None:
    code = game.drawn
    if game.to_move is None or code is None:
        return None
    return KIND_OF_CODE[code]


def greedy_placement(game: BalanceGame) -> Place | None:
    """The greedy one-move rule's placement for the drawn tile (``None`` once over)."""
    kind = _drawn_kind(game)
    if kind is None:
        return None
    return Place(greedy_point(game.position, kind))


def unseen_kinds(game: BalanceGame) -> list[int]:
    """The kinds still in the bag as a sorted list (the multiset; no order is known)."""
    return sorted(KIND_OF_CODE[c] for c, n in game.remaining_counts().items() for _ in range(n))


def best_placement(game: BalanceGame, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Place | None:
    """The solver's placement for the drawn tile (``None`` once the game is over).

    Monte Carlo over the unseen tiles' orders with greedy rollouts, about ``budget``
    simulated placements in all, candidates pruned by successive halving.  The same
    ``game`` position, remaining multiset and ``seed`` always give the same answer.
    """
    kind = _drawn_kind(game)
    if kind is None:
        return None
    position = game.position
    unseen = unseen_kinds(game)
    points = position.legal_points(kind)
    if len(points) == 1 or not unseen:
        return Place(greedy_point(position, kind))  # the last tile: greedy is exact
    h0, d0 = position.harmonies, position.disharmonies
    ranked = []
    for i in points:
        dh, dd = position.delta(i, kind)
        ranked.append((-greedy_key(h0 + dh, d0 + dd, POS_OF[i]), sort_key(i), i))
    ranked.sort()
    candidates = [i for _, _, i in ranked]
    # Successive halving gives every candidate a rollout in its first round: with a
    # long future and many points, keep only the greedy rule's best ones within budget.
    rounds = max(1, (len(candidates) - 1).bit_length())
    cap = max(2, budget // (len(unseen) * rounds))
    if len(candidates) > cap:
        candidates = candidates[:cap]
    children = []
    for i in candidates:
        child = position.copy()
        child.place(i, kind)
        children.append(child)
    return Place(candidates[_halving(children, unseen, budget, SplitMix64(seed))])


def _halving(children: list[Position], unseen: list[int], budget: int, rng: SplitMix64) -> int:
    """Index of the child with the best mean rollout score, by successive halving."""
    alive = list(range(len(children)))
    totals = [0] * len(children)
    runs = [0] * len(children)
    rounds = max(1, (len(alive) - 1).bit_length())
    per_round = max(len(alive), budget // len(unseen) // rounds)
    while len(alive) > 1:
        samples = max(1, per_round // len(alive))
        futures = []
        for _ in range(samples):
            future = unseen[:]
            rng.shuffle(future)
            futures.append(future)
        for c in alive:
            child = children[c]
            for future in futures:
                totals[c] += rollout(child.copy(), future)
            runs[c] += samples
        alive.sort(key=lambda c: -totals[c] / runs[c])  # stable: greedy order breaks ties
        alive = alive[: (len(alive) + 1) // 2]
    return alive[0]
