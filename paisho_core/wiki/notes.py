"""Plain sentences on a Wiki position for the player to move (the Hint's explanation).

What :func:`explain` says, most urgent first: captures the opponent threatens and those
the player can make (wiki R5), a player near the three-flowers loss (R11), a Harmony
Ring one action away and who it would make win (R10 ends the game on the score), rings
in the making, drained tiles (R6), the score (R9) and who stands better.
"""

from __future__ import annotations

from ..board import POINT_OF, X_OF, Y_OF
from ..rings import ring_progress
from . import moves
from .actions import ENTER, WikiAction
from .evaluate import evaluate
from .game import WikiGame
from .tiles import (
    DRAGON,
    IS_FLOWER,
    KIND_OF,
    KNOTWEED,
    LOTUS,
    NAME,
    OWNER_OF,
    PLAYERS,
    ROCK,
    VALUES,
)

_SPECIAL = tuple(KIND_OF[v] in (DRAGON, LOTUS) for v in range(VALUES))
_FIXED = (KNOTWEED, ROCK)
"""Kinds that never move (wiki R4)."""
MOST = 3
"""Threats or captures listed, at most, of each side."""


def capture_pairs(game: WikiGame, side: int) -> list[tuple[int, int]]:
    """``(from, to)`` of the captures ``side`` could make with one move (wiki R5): a
    Dragon or Lotus onto a flower, Dragon or Lotus; any tile onto a Dragon or Lotus."""
    board, drained = game.board, game.drained()
    out = []
    for p in game.occupied:
        v = board[p]
        if OWNER_OF[v] != side or drained[p] or KIND_OF[v] in _FIXED:
            continue
        for q in moves.move_targets(board, p):
            w = board[q]
            if w and moves.LANDING[v][w] == moves.CAPTURE and (IS_FLOWER[w] or _SPECIAL[w]):
                out.append((p, q))
    return out


def ring_in_one(game: WikiGame, player: int) -> list[WikiAction]:
    """The actions with which ``player`` would close a Harmony Ring (R10) were it their
    turn (looked at on a copy with ``player`` to move).  Entries other than a Rock's
    are not tried: a tile that has just entered pairs with nothing (R8)."""
    if game.outcome() is not None:
        return []
    probe = game.copy()
    if probe.player != player:
        probe.player = player
        probe._legal = None
        probe._legal_set = None
    out = []
    for action in probe.legal_actions():
        if action.kind == ENTER and action.tile != ROCK:
            continue  # an entered tile pairs only if it is a Rock (R8): no new harmony
        probe.push(action)
        ended = probe.outcome()
        probe.pop()
        if ended is not None and ended.reason == "harmony-ring":
            out.append(action)
    return out


def _totals_after(game: WikiGame, side: int, action: WikiAction) -> list[int]:
    """The score totals after ``side`` plays ``action`` (on a copy, ``side`` to move)."""
    probe = game.copy()
    if probe.player != side:
        probe.player = side
        probe._legal = None
        probe._legal_set = None
    probe.apply(action)
    return [row["total"] for row in probe.scores()]


def _tile(game: WikiGame, point: int) -> str:
    return f"{NAME[KIND_OF[game.board[point]]]} at {POINT_OF[point]}"


def explain(game: WikiGame) -> list[str]:
    """Plain sentences on the position for the player to move (for a hint)."""
    if game.outcome() is not None:
        return ["The game is over."]
    me, opp = game.player, 1 - game.player
    names = [name.capitalize() for name in PLAYERS]
    out: list[str] = []
    for p, q in capture_pairs(game, opp)[:MOST]:
        out.append(f"{names[opp]}'s {_tile(game, p)} threatens your {_tile(game, q)}.")
    for p, q in capture_pairs(game, me)[:MOST]:
        out.append(f"Your {_tile(game, p)} can take {names[opp]}'s {_tile(game, q)}.")
    for side in (me, opp):
        left = game.flowers_left(side)
        if left <= 6:
            who = "You have" if side == me else f"{names[side]} has"
            out.append(f"{who} {left} flowers left: three or fewer loses (R11).")
    totals = [row["total"] for row in game.scores()]
    for side in (me, opp):
        closers = ring_in_one(game, side)
        if not closers:
            continue
        shown = ", ".join(game.format_action(a) for a in closers[:MOST])
        after = _totals_after(game, side, closers[0])
        lead = after[side] - after[1 - side]
        verdict = "win" if lead > 0 else "lose" if lead < 0 else "draw"
        if side == me:
            out.append(f"You can close a Harmony Ring with {shown}: the game would end on "
                       f"the score and you would {verdict} ({after[me]} to {after[opp]}) (R10).")
        else:
            out.append(f"{names[side]} threatens a Harmony Ring with {shown}: the game would "
                       f"end on the score and they would {verdict} ({after[side]} to "
                       f"{after[me]}) (R10).")
    for side in (me, opp):
        axes, points = ring_progress(game.harmony_list, side)
        if axes >= 3:
            where = min(points, key=lambda p: (X_OF[p] ** 2 + Y_OF[p] ** 2, p))
            whose = "Your" if side == me else f"{names[side]}'s"
            out.append(f"{whose} harmonies around {POINT_OF[where]} cross {axes} of the 4 "
                       "half-axes around the centre: most of a ring.")
    drained = game.drained()
    mine = sum(1 for p in game.occupied
               if drained[p] and OWNER_OF[game.board[p]] == me
               and KIND_OF[game.board[p]] not in _FIXED)
    if mine:
        which = "one of your tiles: it" if mine == 1 else f"{mine} of your tiles: they"
        out.append(f"Knotweeds drain {which} cannot move or pair (R6).")
    out.append(f"Score: {names[0]} {totals[0]}, {names[1]} {totals[1]} (R9).")
    value = evaluate(game, me)
    if abs(value) < 2:
        out.append("The position is about even.")
    else:
        better = "You stand" if value > 0 else f"{names[opp]} stands"
        out.append(f"{better} better ({abs(value):.0f} points by the evaluation).")
    return out
