"""A static evaluation of Wiki positions for the computer's search (``rules.html#wiki``).

Read by :class:`.policy.WikiPolicy`.  In points of the R9 score, for one player:

* the score difference (wiki R9, the blocked harmonies of R8b among its terms) — what a
  chain (R10) or two passes (R2) end on;
* flowers left (R11: three or fewer loses), more dearly as the count nears three, and
  White Dragons and Lotuses lost;
* threats of capture (R5): what the side to move can take now (a Dragon or Lotus on a
  flower, any tile on a Dragon or Lotus), and what the other side threatens;
* chain progress (R10): connected harmonies and disharmonies (of either player) crossing
  three or four of the half-axes around the centre are most of a chain, which ends the
  game on the score — worth much to the player ahead, whoever closes it;
* drained tiles (R6), flowers on the board ready to pair, entries still in reserve.

Everything reads the board as small ints, once per position.
"""

from __future__ import annotations

from ..board import ORTHOGONAL, RAYS
from ..rings import ring_progress
from . import moves
from .game import WikiGame
from .rules import pair_value
from .tiles import (
    BOAT,
    CHRYSANTHEMUM,
    DRAGON,
    FLOWERS_AT_START,
    IS_FLOWER,
    KIND_OF,
    LILY,
    LOTUS,
    OWNER_OF,
    STRAIGHT_RANGE,
    VALUES,
    WHEEL,
)

WIN = 100_000.0
"""A decided game (the search's :data:`~paisho_core.search.WIN`)."""
FLOWER = 1.5
"""A flower still in the game (board or reserve), beside what it scores."""
SPECIAL = 2.5
"""A White Dragon or Lotus still in the game."""
DANGER_AT = 7
"""From this many flowers left down, each flower lost costs :data:`DANGER` more (R11)."""
DANGER = 4.0
TAKE_NOW = 0.7
"""Share of the best capture the side to move has that counts as already made."""
THREAT_FIRST, THREAT_SECOND = 0.25, 0.6
"""Shares of the other side's best and second-best captures (only one can be parried)."""
RING_AXES = (0.0, 0.0, 0.5, 3.0, 6.0)
"""Chain progress by half-axes crossed (of 4), to the player ahead on the score (R10)."""
DRAINED = 0.4
"""An own flower, Dragon or Lotus drained by a Knotweed (R6)."""
READY = 0.4
"""An own flower that has moved, is not drained and pairs with nothing yet (R8)."""
ON_BOARD = 0.5
"""An own flower on the board (a step towards harmonies; R9 charges 1 while unpaired)."""
TEMPO = 0.3

_SPECIAL = tuple(KIND_OF[v] in (DRAGON, LOTUS) for v in range(VALUES))
_DRAGON = tuple(KIND_OF[v] == DRAGON for v in range(VALUES))
_LOTUS = tuple(KIND_OF[v] == LOTUS for v in range(VALUES))
_WHEEL = tuple(KIND_OF[v] == WHEEL for v in range(VALUES))
_JUMPER = tuple(KIND_OF[v] in (DRAGON, BOAT) for v in range(VALUES))
_ELL = tuple(KIND_OF[v] in (LILY, CHRYSANTHEMUM) for v in range(VALUES))


def chain_progress(game: WikiGame) -> tuple[int, list[int]]:
    """(half-axes crossed by the best connected group of harmonies and disharmonies, of
    either player, its points): how near the board is to the chain that ends the game
    (wiki R10; :func:`~paisho_core.rings.ring_progress` on every link as one owner's)."""
    links = [(a, b, 0) for a, b, _ in game.harmony_list]
    links.extend((a, b, 0) for a, b, _ in game.disharmony_list)
    return ring_progress(links, 0)


def harmony_points(game: WikiGame) -> dict[int, int]:
    """For each point in a harmony, the score its harmonies bring (wiki R9)."""
    board = game.board
    out: dict[int, int] = {}
    for a, b, _ in game.harmony_list:
        value = pair_value(board, a, b)
        out[a] = out.get(a, 0) + value
        out[b] = out.get(b, 0) + value
    return out


def tile_value(game: WikiGame, point: int, paired: dict[int, int]) -> float:
    """What losing the tile on ``point`` costs its owner, in points (wiki R5, R9, R11)."""
    v = game.board[point]
    if IS_FLOWER[v]:
        owner = OWNER_OF[v]
        left = game.flowers_left(owner)
        if left <= 4:
            return WIN / 10  # the last flowers (R11)
        held = paired.get(point, 0)
        extra = DANGER if left <= DANGER_AT else 0.0
        return FLOWER + extra + (held if held else -1.0)
    if _SPECIAL[v]:
        return SPECIAL
    return 0.0


_DRAGON_REACH = tuple(frozenset(j) for j in moves.DRAGON_JUMPS)
_BOAT_REACH = tuple(frozenset(j) for j in moves.BOAT_JUMPS)


def attacked_by(
    game: WikiGame, target: int, side: int, jumpers: list[int], lotuses: list[int]
) -> bool:
    """Whether a tile of ``side`` could move onto ``target`` now (wiki R4), drained tiles
    never acting (R6): straight movers and Wheels along a free line, Lilies and
    Chrysanthemums by a free L, Dragons and Boats (on ``jumpers``) by a jump, Lotuses
    (on ``lotuses``) by two free steps."""
    board, drained = game.board, game.drained()
    for ray in RAYS[target]:
        for d, p in enumerate(ray, 1):
            v = board[p]
            if v:
                if OWNER_OF[v] == side and not drained[p] and (
                    STRAIGHT_RANGE[v] >= d or _WHEEL[v]
                ):
                    return True
                break
    for p in jumpers:
        if target in (_DRAGON_REACH if _DRAGON[board[p]] else _BOAT_REACH)[p]:
            return True
    for p, (a, b, c) in moves.L_PATHS[target]:
        v = board[p]
        if v and _ELL[v] and OWNER_OF[v] == side and not drained[p] and not (
            board[a] or board[b] or board[c]
        ):
            return True
    for p in lotuses:
        if p in ORTHOGONAL[target]:
            return True
        for q in ORTHOGONAL[p]:
            if not board[q] and target in ORTHOGONAL[q]:
                return True
    return False


def captures(game: WikiGame, side: int, paired: dict[int, int]) -> list[float]:
    """What ``side`` could take with one move now, best first (wiki R5): a Dragon or a
    Lotus onto a flower, any tile onto a Dragon or Lotus.  Drained tiles never act (R6);
    trading onto a non-flower (both leave) is left out."""
    board, drained = game.board, game.drained()
    out: list[float] = []
    targets: list[int] = []
    jumpers: list[int] = []
    lotuses: list[int] = []
    for p in game.occupied:
        v = board[p]
        if OWNER_OF[v] != side:
            if _SPECIAL[v]:
                targets.append(p)
            continue
        if drained[p]:
            continue
        if _JUMPER[v]:
            jumpers.append(p)
        if _SPECIAL[v]:
            if _LOTUS[v]:
                lotuses.append(p)
            for q in moves.move_targets(board, p):
                w = board[q]
                if w and IS_FLOWER[w]:
                    out.append(tile_value(game, q, paired))
    for p in targets:
        if attacked_by(game, p, side, jumpers, lotuses):
            out.append(SPECIAL)
    out.sort(reverse=True)
    return out


def _material(game: WikiGame, player: int) -> float:
    left = game.flowers_left(player)
    value = FLOWER * left
    if left < DANGER_AT:
        value -= DANGER * (DANGER_AT - left)
    captured = game.captured[player]
    value -= SPECIAL * (captured[DRAGON] + captured[LOTUS])
    return value


def evaluate(game: WikiGame, player: int) -> float:
    """Static value of a Wiki position for ``player`` (``±WIN`` once decided)."""
    ended = game.outcome()
    if ended is not None:
        if len(ended.winners) == 1:
            return WIN if ended.winners[0] == player else -WIN
        return 0.0
    totals = [row["total"] for row in game.scores()]
    value = [float(totals[0]), float(totals[1])]
    for side in (0, 1):
        value[side] += _material(game, side) - FLOWER * FLOWERS_AT_START
    board, drained = game.board, game.drained()
    paired = harmony_points(game)
    for p in game.occupied:
        v = board[p]
        owner = OWNER_OF[v]
        if IS_FLOWER[v]:
            value[owner] += ON_BOARD
            if drained[p]:
                value[owner] -= DRAINED
            elif game.moved[p] and p not in paired:
                value[owner] += READY
        elif _SPECIAL[v] and drained[p]:
            value[owner] -= DRAINED
    lead = totals[0] - totals[1]
    if lead and len(game.harmony_list) + len(game.disharmony_list) >= 3:
        axes = chain_progress(game)[0]
        if axes >= 2:
            value[0 if lead > 0 else 1] += RING_AXES[axes]
    mover = game.player
    now = captures(game, mover, paired)
    later = captures(game, 1 - mover, paired)
    value[mover] += TEMPO
    if now:
        value[mover] += TAKE_NOW * now[0]
    if later:
        value[1 - mover] += THREAT_FIRST * later[0]
        if len(later) > 1:
            value[1 - mover] += THREAT_SECOND * later[1]
    return value[player] - value[1 - player]

