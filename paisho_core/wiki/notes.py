"""Plain sentences on a Wiki position for the player to move (the Hint's explanation).

What :func:`explain` says, most urgent first: captures the opponent threatens and those
the player can make (wiki R5), a player near the three-flowers loss (R11), a chain of
harmonies and disharmonies one action away and who it would make win (R10 ends the game
on the score), a chain in the making, drained tiles (R6), blocked harmonies (R8b), the
score (R9) and who stands better.  Each sentence is
a :class:`~paisho_core.messages.Message` (a whole sentence per case, tiles and players as
terms), which the page shows in its language.
"""

from __future__ import annotations

from ..board import POINT_OF, X_OF, Y_OF
from ..messages import Message, msg, msgn, term
from ..protocol import Reason
from . import moves
from .actions import ENTER, WikiAction
from .evaluate import chain_progress, evaluate
from .game import WikiGame
from .spec import WikiEnd
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


def chain_in_one(game: WikiGame, player: int) -> list[WikiAction]:
    """The actions with which ``player`` would close a chain of harmonies and
    disharmonies around the centre (R10) were it their turn (looked at on a copy with
    ``player`` to move).  Entries other than a Rock's are not tried: a tile that has
    just entered pairs with nothing (R8)."""
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
            continue  # an entered tile pairs only if it is a Rock (R8): no new link
        probe.push(action)
        ended = probe.outcome()
        probe.pop()
        if ended is not None and ended.reason in (WikiEnd.CHAIN, Reason.HARMONY_RING):
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


def _tile(game: WikiGame, point: int) -> Message:
    """The name of the tile at ``point`` (a term, translated by the page)."""
    return term("tile", NAME[KIND_OF[game.board[point]]])


_WIN = {
    1: msg("You can close a chain of harmonies and disharmonies around the centre with "
           "{moves}: the game would end on the score and you would win ({mine} to {theirs}) "
           "(R10)."),
    -1: msg("You can close a chain of harmonies and disharmonies around the centre with "
            "{moves}: the game would end on the score and you would lose ({mine} to "
            "{theirs}) (R10)."),
    0: msg("You can close a chain of harmonies and disharmonies around the centre with "
           "{moves}: the game would end on the score and you would draw ({mine} to {theirs}) "
           "(R10)."),
}
"""Your chain in one, by the sign of your lead after it (the templates; ``explain``
fills them)."""
_THREAT = {
    1: msg("{player} can close a chain of harmonies and disharmonies around the centre with "
           "{moves}: the game would end on the score and they would win ({theirs} to {mine}) "
           "(R10)."),
    -1: msg("{player} can close a chain of harmonies and disharmonies around the centre with "
            "{moves}: the game would end on the score and they would lose ({theirs} to "
            "{mine}) (R10)."),
    0: msg("{player} can close a chain of harmonies and disharmonies around the centre with "
           "{moves}: the game would end on the score and they would draw ({theirs} to "
           "{mine}) (R10)."),
}
"""The opponent's chain in one, by the sign of their lead after it."""
_WIN_IN_ONE = {
    1: msg("You can close a chain of harmonies and disharmonies around the centre in one "
           "move: the game would end on the score and you would win ({mine} to {theirs}) "
           "(R10)."),
    -1: msg("You can close a chain of harmonies and disharmonies around the centre in one "
            "move: the game would end on the score and you would lose ({mine} to {theirs}) "
            "(R10)."),
    0: msg("You can close a chain of harmonies and disharmonies around the centre in one "
           "move: the game would end on the score and you would draw ({mine} to {theirs}) "
           "(R10)."),
}
"""As :data:`_WIN`, naming no move (coordinates off)."""
_THREAT_IN_ONE = {
    1: msg("{player} can close a chain of harmonies and disharmonies around the centre in "
           "one move: the game would end on the score and they would win ({theirs} to "
           "{mine}) (R10)."),
    -1: msg("{player} can close a chain of harmonies and disharmonies around the centre in "
            "one move: the game would end on the score and they would lose ({theirs} to "
            "{mine}) (R10)."),
    0: msg("{player} can close a chain of harmonies and disharmonies around the centre in "
           "one move: the game would end on the score and they would draw ({theirs} to "
           "{mine}) (R10)."),
}
"""As :data:`_THREAT`, naming no move (coordinates off)."""


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def explain(game: WikiGame, coordinates: bool = True) -> list[Message]:
    """Plain sentences on the position for the player to move (for a hint), as messages
    the page translates (their ``str()`` is the English); points and moves in notation
    only with ``coordinates``."""
    if game.outcome() is not None:
        return [msg("The game is over.")]
    me, opp = game.player, 1 - game.player
    rival = term("player", PLAYERS[opp].capitalize())
    out: list[Message] = []
    for p, q in capture_pairs(game, opp)[:MOST]:
        out.append(msg("{player}'s {tile} at {point} threatens your {target} at {target_point}.",
                       player=rival, tile=_tile(game, p), point=str(POINT_OF[p]),
                       target=_tile(game, q), target_point=str(POINT_OF[q])) if coordinates
                   else msg("{player}'s {tile} threatens your {target}.", player=rival,
                            tile=_tile(game, p), target=_tile(game, q)))
    for p, q in capture_pairs(game, me)[:MOST]:
        out.append(msg("Your {tile} at {point} can take {player}'s {target} at {target_point}.",
                       tile=_tile(game, p), point=str(POINT_OF[p]), player=rival,
                       target=_tile(game, q), target_point=str(POINT_OF[q])) if coordinates
                   else msg("Your {tile} can take {player}'s {target}.", tile=_tile(game, p),
                            player=rival, target=_tile(game, q)))
    for side in (me, opp):
        left = game.flowers_left(side)
        if left <= 6:
            if side == me:
                out.append(msgn("You have {flowers} flower left: three or fewer loses (R11).",
                                "You have {flowers} flowers left: three or fewer loses (R11).",
                                left, flowers=left))
            else:
                out.append(msgn("{player} has {flowers} flower left: three or fewer loses "
                                "(R11).", "{player} has {flowers} flowers left: three or "
                                "fewer loses (R11).", left, player=rival, flowers=left))
    totals = [row["total"] for row in game.scores()]
    for side in (me, opp):
        closers = chain_in_one(game, side)
        if not closers:
            continue
        shown = ", ".join(game.format_action(a) for a in closers[:MOST])
        after = _totals_after(game, side, closers[0])
        lead = _sign(after[side] - after[1 - side])
        if side == me:
            win = _WIN if coordinates else _WIN_IN_ONE
            out.append(msg(win[lead].template, moves=shown, mine=after[me], theirs=after[opp]))
        else:
            threat = _THREAT if coordinates else _THREAT_IN_ONE
            out.append(msg(threat[lead].template, player=rival, moves=shown, mine=after[me],
                           theirs=after[opp]))
    axes, points = chain_progress(game)
    if axes >= 3 and not coordinates:
        out.append(msg("The harmonies and disharmonies on the board cross {axes} of the 4 "
                       "half-axes around the centre: most of a chain that would end the game "
                       "(R10).", axes=axes))
    elif axes >= 3:
        where = min(points, key=lambda p: (X_OF[p] ** 2 + Y_OF[p] ** 2, p))
        out.append(msg("The harmonies and disharmonies around {point} cross {axes} of the 4 "
                       "half-axes around the centre: most of a chain that would end the game "
                       "(R10).", point=str(POINT_OF[where]), axes=axes))
    drained = game.drained()
    mine = sum(1 for p in game.occupied
               if drained[p] and OWNER_OF[game.board[p]] == me
               and KIND_OF[game.board[p]] not in _FIXED)
    if mine == 1:
        out.append(msg("Knotweeds drain one of your tiles: it cannot move or pair (R6)."))
    elif mine:
        out.append(msgn("Knotweeds drain {tiles} of your tiles: they cannot move or pair (R6).",
                        "Knotweeds drain {tiles} of your tiles: they cannot move or pair (R6).",
                        mine, tiles=mine))
    mine = sum(1 for _, _, owner in game.blocked_list() if owner == me)
    if mine == 1:
        out.append(msg("A Rock or a Knotweed blocks one of your harmonies: it costs you a point "
                       "(R8b)."))
    elif mine:
        out.append(msgn("A Rock or a Knotweed blocks {count} of your harmonies: each costs you "
                        "a point (R8b).", "A Rock or a Knotweed blocks {count} of your "
                        "harmonies: each costs you a point (R8b).", mine, count=mine))
    out.append(msg("Score: Host {host}, Guest {guest} (R9).", host=totals[0], guest=totals[1]))
    value = evaluate(game, me)
    if abs(value) < 2:
        out.append(msg("The position is about even."))
    elif value > 0:
        out.append(msg("You stand better ({points} points by the evaluation).",
                       points=f"{abs(value):.0f}"))
    else:
        out.append(msg("{player} stands better ({points} points by the evaluation).",
                       player=rival, points=f"{abs(value):.0f}"))
    return out
