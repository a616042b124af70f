"""Skud actions in a version-2 link (:mod:`paisho_core.link`): a code fast to read.

The code is defined in rules terms (``rules.html#skud``), so that a link keeps its
meaning however the engine generates its moves.  *Point order* is the order
of the board's cells (by row from ``y = -8``, then by ``x``); *kind order*
is ``R3 R4 R5 W3 W4 W5 L O R W K B``.

A main action (the first action of a turn after the opening) is one digit: its index
among these *candidates*, radix = how many there are:

1. Plants: for each basic flower kind the mover has in reserve, in kind order, each
   open Gate in point order;
2. Arranges: for each of the mover's flowers on the board (basic flowers, Lotus,
   Orchid) in point order that is not trapped by an Orchid (R7): each point it could
   reach in point order — the empty points within its move range by steps through
   empty points, and the opponent's tiles it may capture one step beyond (R7), never
   a Gate nor a garden of the other colour (R1).

Candidates ignore clashes (R3) and the rule that a move must leave the opponent a move
(R11), so a few candidates are not legal: a link naming one is refused.  Reading one
action therefore takes only the reach of the mover's tiles (bit masks) and the check
of one action, not the list of every legal action.

Any other action (the accent-tile choice, the opening plants, a Harmony Bonus step
and its ``+skip``) is the index among the legal actions sorted by ``(type, tile kind,
first point, second point)``, with types ordered choice of accents, plant, arrange,
bonus plant, accent placement, Boat, skip; a forced action costs nothing.
"""

from __future__ import annotations

from typing import Any

from ..board import (
    DIAMOND_MASK,
    GATE_MASK,
    GATES,
    IS_GATE,
    ON_MASK,
    SURROUNDING_MASK,
    spread,
)
from ..linkcode import GameOver, NotLegal, Take
from ..messages import Message, msg
from ..protocol import Game
from . import rules
from .actions import ARRANGE, PLANT, SkudAction
from .game import MAIN, SkudGame
from .moves import opponent_can_move
from .position import FORBIDDEN_MASK
from .tiles import (
    BASIC_KINDS,
    CLASHING_KIND,
    IS_BASIC,
    IS_FLOWER,
    KIND_OF,
    KINDS,
    LOTUS,
    MOVE_RANGE,
    ORCHID,
    OWNER_OF,
    cell,
)

_Candidates = tuple[list[int], list[int], int, list[tuple[int, int, int]]]
"""Plant kinds, open Gates, the occupied mask, and ``(point, zone mask, prey mask)`` of
each movable flower."""


def _trapped(point: int, orchids: int) -> bool:
    """Whether a flower on ``point`` is trapped by one of ``orchids`` (the mask of the
    opponent's Blooming Orchids): next to one, and not on a Gate itself (R7)."""
    return bool(SURROUNDING_MASK[point] & orchids) and not IS_GATE[point]


def _zones(board: list[int], occupied: int, me: int) -> list[tuple[int, int, int]]:
    """``(point, zone, prey)`` of each of ``me``'s untrapped flowers, in point order
    (``occupied``: the board's occupied mask, kept by the game).

    The zone is every point within the tile's move range (orthogonal steps, obstacles
    ignored) that is empty or holds a tile it may capture (``prey``), never a Gate nor
    a garden of the other colour: a superset of where it can go (R1, R7).
    """
    lotus = [False, False]
    theirs = [0] * KINDS
    mine: list[int] = []
    opp = 1 - me
    rest = occupied
    while rest:  # the occupied points, lowest bit (point order) first
        low = rest & -rest
        rest ^= low
        p = low.bit_length() - 1
        v = board[p]
        owner = OWNER_OF[v]
        if not IS_GATE[p]:
            kind = KIND_OF[v]
            if kind == LOTUS:
                lotus[owner] = True
            if owner == opp:
                theirs[kind] |= 1 << p
        if owner == me and IS_FLOWER[v]:
            mine.append(p)
    opp_flowers = 0
    for kind in range(ORCHID + 1):
        opp_flowers |= theirs[kind]
    orchids = theirs[ORCHID]  # the opponent's Blooming Orchids
    orchid_prey = orchids if lotus[opp] else 0
    free = ON_MASK & ~occupied & ~GATE_MASK
    out: list[tuple[int, int, int]] = []
    for p in mine:
        if orchids and _trapped(p, orchids):
            continue
        v = board[p]
        kind = KIND_OF[v]
        if kind == ORCHID and lotus[me]:
            prey = opp_flowers
        elif IS_BASIC[v]:
            prey = theirs[CLASHING_KIND[kind]] | orchid_prey
        else:
            prey = orchid_prey
        zone = DIAMOND_MASK[p][MOVE_RANGE[v]] & (free | prey) & ~FORBIDDEN_MASK[v]
        if zone:
            out.append((p, zone, prey))
    return out


def _reachable(board: list[int], occupied: int, p: int, q: int, prey: int) -> bool:
    """Whether the flower on ``p`` can step to ``q`` (R1), or capture on ``q`` (R7)."""
    bit = 1 << p
    empty = ON_MASK & ~(occupied & ~bit)
    target = 1 << q
    reach = frontier = bit
    for _ in range(MOVE_RANGE[board[p]]):
        around = spread(frontier)
        if around & target and (target & empty or target & prey):
            return True
        frontier = around & empty & ~reach
        reach |= frontier
    return False


def _candidates(game: SkudGame) -> _Candidates:
    me, board = game.player, game.board
    reserve = game.reserve[me]
    kinds = [k for k in BASIC_KINDS if reserve[k]]
    gates = [g for g in GATES if not board[g]]
    gates.sort()
    occupied = game._env[0]
    return kinds, gates, occupied, _zones(board, occupied, me)


def _nth_bit(mask: int, n: int) -> int:
    """The point of the ``n``-th set bit of ``mask`` (0 = the lowest)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _legal_main(game: SkudGame, action: SkudAction) -> Message | None:
    """``None`` when a candidate ``action`` is legal, else why not (R3, R11)."""
    me, board = game.player, game.board
    opp = 1 - me
    opp_plants = any(game.reserve[opp][k] for k in BASIC_KINDS)
    open_gates = sum(1 for g in GATES if not board[g])
    if action.kind == PLANT:
        if opp_plants and open_gates > 1:
            return None
        g = action.dst
        board[g] = cell(action.tile, me)
        ok = opponent_can_move(game, me)
        board[g] = 0
        return None if ok else _NO_MOVE
    p, q = action.src, action.dst
    v, w = board[p], board[q]
    board[p], board[q] = 0, v
    try:
        if (IS_BASIC[v] and rules.clash_at(board, q)) or rules.clash_through(board, p):
            return msg("it would make clashing flowers face each other (R3)")
        if not (opp_plants and (open_gates or IS_GATE[p])) and not opponent_can_move(game, me):
            return _NO_MOVE
        return None
    finally:
        board[p], board[q] = v, w


_NO_MOVE = msg("it would leave the opponent no move (R11)")


def _sorted_legal(game: SkudGame) -> list[SkudAction]:
    legal = game.legal_actions()
    legal.sort()
    return legal


class SkudCoder:
    """The Skud action code of version-2 links (see the module docstring)."""

    def write(self, game: Game[Any], action: Any) -> list[tuple[int, int]]:
        """The digits of a legal ``action`` in ``game`` (before it is played)."""
        assert isinstance(game, SkudGame)
        if game.phase != MAIN:
            legal = _sorted_legal(game)
            if action not in legal:
                raise NotLegal(msg("the action is not legal"))
            return [(legal.index(action), len(legal))] if len(legal) > 1 else []
        kinds, gates, occupied, zones = _candidates(game)
        found = -1
        if action.kind == PLANT and action.tile in kinds and action.dst in gates:
            found = kinds.index(action.tile) * len(gates) + gates.index(action.dst)
        index = len(kinds) * len(gates)
        for p, zone, prey in zones:
            if action.kind == ARRANGE and p == action.src and zone >> action.dst & 1:
                if not _reachable(game.board, occupied, p, action.dst, prey):
                    break
                found = index + (zone & ((1 << action.dst) - 1)).bit_count()
            index += zone.bit_count()
        if found < 0 or _legal_main(game, action) is not None:
            raise NotLegal(msg("the action is not legal"))
        return [(found, index)] if index > 1 else []

    def read(self, game: Game[Any], take: Take) -> Any:
        """The action the next digits name, checked legal."""
        assert isinstance(game, SkudGame)
        if game._ended is not None or game.resigned is not None:
            raise GameOver(msg("the game is over"))
        if game.phase != MAIN:
            legal = _sorted_legal(game)
            if not legal:
                raise GameOver(msg("the game is over"))
            return legal[take(len(legal))]
        kinds, gates, occupied, zones = _candidates(game)
        plants = len(kinds) * len(gates)
        total = plants
        for _, zone, _ in zones:
            total += zone.bit_count()
        if not total:
            raise GameOver(msg("the player to move has no move"))
        digit = take(total)
        if digit < plants:
            kind, gate = divmod(digit, len(gates))
            action = SkudAction(PLANT, kinds[kind], -1, gates[gate])
        else:
            digit -= plants
            for p, zone, prey in zones:
                count = zone.bit_count()
                if digit < count:
                    q = _nth_bit(zone, digit)
                    action = SkudAction(ARRANGE, -1, p, q)
                    if not _reachable(game.board, occupied, p, q, prey):
                        raise NotLegal(msg(
                            "{move} is not legal: the tile cannot reach that point (R1)",
                            move=game.format_action(action),
                        ))
                    break
                digit -= count
        why = _legal_main(game, action)
        if why is not None:
            raise NotLegal(msg("{move} is not legal: {reason}",
                               move=game.format_action(action), reason=why))
        return action

    def play(self, game: Game[Any], action: Any) -> None:
        """Apply an action :meth:`read` checked, without the engine listing every move."""
        assert isinstance(game, SkudGame)
        if game.phase == MAIN:  # read() checked this one action
            game.apply_checked(action)
        else:  # from the legal list: the engine checks it once more
            game.apply(action)


CODER = SkudCoder()
"""The Skud coder (found by :func:`paisho_core.linkcode.coder_for`)."""
