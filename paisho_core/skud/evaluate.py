"""A static evaluation of Skud positions, and the actions a search should try.

Read by :mod:`paisho_core.ai` through :class:`SkudPolicy` (the search's
:class:`~paisho_core.search.Policy`).  What counts (rules.html#skud):

* harmonies, and more those that cross a midline (R9), the more so as the
  no-basic-flowers end (R10) nears;
* ring threats (R8): one owner's connected harmonies that cross three or four of the
  four half-axes around the centre are most of a ring;
* captured tiles; flowers trapped by an Orchid (R7); accent tiles kept in reserve for
  later Harmony Bonuses; a bonus about to be taken.

The Harmony Bonus list is long (accent tiles may go on almost any point), so inside the
tree only the bonus actions that touch a harmony are searched.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import IS_GATE, POINT_OF, SURROUNDING, X_OF, Y_OF
from ..messages import Message, msg, term
from ..protocol import Game
from ..rings import ring_progress
from . import rules
from .actions import ARRANGE, BOAT_MOVE, BONUS_PLANT, PLACE_ACCENT, PLANT, SKIP, SkudAction
from .bonus import iter_bonus_actions
from .game import SkudGame
from .tiles import (
    ACCENT_KINDS,
    BASIC_KINDS,
    GUEST,
    HOST,
    IS_FLOWER,
    KNOTWEED,
    ORCHID,
    OWNER_OF,
    PLAYERS,
    ROCK,
    WHEEL,
    cell,
)

WIN = 100_000.0
HARMONY = 10.0
CROSSING = 8.0
CAPTURE = 7.0
TRAPPED = 3.0
ACCENT_KEPT = 1.5
BONUS_PENDING = 6.0
AXES_VALUE = (0.0, 0.0, 6.0, 35.0, 70.0)
"""Value of one owner's best harmony group by how many half-axes (of 4) it crosses."""

def _basic_reserve(game: SkudGame, player: int) -> int:
    reserve = game.reserve[player]
    return sum(reserve[k] for k in BASIC_KINDS)


def evaluate(game: SkudGame, player: int) -> float:
    """Static value of a Skud position for ``player`` (``±WIN`` for a decided game)."""
    ended = game._ended
    if ended is None and game.resigned is not None:
        ended = game.outcome()
    if ended is not None:
        if len(ended.winners) == 1:
            return WIN if ended.winners[0] == player else -WIN
        return 0.0
    harmonies = game.harmonies()
    low = min(_basic_reserve(game, HOST), _basic_reserve(game, GUEST))
    crossing_weight = CROSSING + 40.0 / (1 + low)
    score = [0.0, 0.0]
    for a, b, owner in harmonies:
        score[owner] += HARMONY
        if rules.crosses_midline(a, b):
            score[owner] += crossing_weight
    for owner in (HOST, GUEST):
        if len(harmonies) >= 3:
            score[owner] += AXES_VALUE[ring_progress(harmonies, owner)[0]]
        reserve = game.reserve[owner]
        score[owner] += ACCENT_KEPT * sum(reserve[k] for k in ACCENT_KINDS)
        captured = game.captured[owner]
        score[owner] -= CAPTURE * sum(captured[:ORCHID + 1])
    board = game.board
    for owner in (HOST, GUEST):
        orchid = cell(ORCHID, owner)
        if orchid in board:  # one Orchid each
            at = board.index(orchid)
            if not IS_GATE[at]:
                for q in SURROUNDING[at]:
                    w = board[q]
                    if w and IS_FLOWER[w] and OWNER_OF[w] != owner and not IS_GATE[q]:
                        score[1 - owner] -= TRAPPED
    if game.bonus_pending:
        score[game.player] += BONUS_PENDING
    return score[player] - score[1 - player]


def _quick_bonus(game: SkudGame) -> list[SkudAction]:
    """Near the leaves: the bonus plants (listed first, so found without the rest), or skip."""
    out = []
    for action in iter_bonus_actions(game):
        if action.kind != BONUS_PLANT:
            break
        out.append(action)
    out.append(SkudAction(SKIP))
    return out


def _bonus_candidates(game: SkudGame) -> list[SkudAction]:
    """The bonus actions worth searching: plants, and accents/Boats near a harmony."""
    me = game.player
    harmonies = game.harmonies()
    theirs = {p for a, b, owner in harmonies if owner != me for p in (a, b)}
    lines = {("y", Y_OF[a]) if Y_OF[a] == Y_OF[b] else ("x", X_OF[a])
             for a, b, owner in harmonies if owner != me}
    near_theirs = {q for p in theirs for q in SURROUNDING[p]}
    out: list[SkudAction] = []
    rocks = 0
    for action in game.legal_actions():
        kind = action.kind
        if kind in (SKIP, BONUS_PLANT):
            out.append(action)
        elif kind == BOAT_MOVE:
            if action.src in theirs or action.dst < 0:
                out.append(action)
        elif kind == PLACE_ACCENT:
            p = action.dst
            if action.tile == ROCK:
                if rocks < 6 and (("y", Y_OF[p]) in lines or ("x", X_OF[p]) in lines):
                    rocks += 1
                    out.append(action)
            elif action.tile in (KNOTWEED, WHEEL) and p in near_theirs:
                out.append(action)
    return out


@dataclass
class SkudPolicy:
    """The search policy for Skud: :func:`evaluate`, and the actions worth trying."""

    beam: int = 10
    """At nodes with two or more plies left (below the root), how many actions to keep."""
    bonus_beam: int = 4
    """The same for Harmony Bonus choices."""

    def evaluate(self, game: Game[SkudAction], player: int) -> float:
        """See :func:`evaluate`."""
        assert isinstance(game, SkudGame)
        return evaluate(game, player)

    def candidates(self, game: Game[SkudAction], depth: int) -> list[SkudAction]:
        """Every action near the leaves; the best ``beam`` by a one-action look deeper."""
        assert isinstance(game, SkudGame)
        beam = self.beam
        if not game.bonus_pending:
            actions = game.legal_actions()
        elif depth < 2:
            actions = _quick_bonus(game)
        else:
            actions, beam = _bonus_candidates(game), self.bonus_beam
        if depth < 2 or len(actions) <= beam:
            return sorted(actions, key=_quick_key)
        mover = game.player
        scored = []
        for action in actions:
            game.push(action)
            scored.append((evaluate(game, mover), action))
            game.pop()
        scored.sort(key=lambda s: -s[0])
        return [action for _, action in scored[:beam]]


def _quick_key(action: SkudAction) -> int:
    """A cheap ordering guess: captures and arranges before plants, skipping last."""
    kind = action.kind
    if kind == ARRANGE:
        return 1
    if kind == PLANT:
        return 2
    if kind == SKIP:
        return 4
    return 3


def ring_in_one(game: SkudGame, player: int) -> list[SkudAction]:
    """The actions with which ``player`` would complete a Harmony Ring if it were their turn.

    For analysis, not for the search (it generates that player's moves): the position is
    looked at as if ``player`` were to move in the main phase.
    """
    if game._ended is not None or game.phase < 3:
        return []
    probe = game.copy()
    if probe.player != player or probe.bonus_pending:
        probe.player = player
        probe.phase = 3  # MAIN
        probe._legal = None
    out = []
    for action in probe.legal_actions():
        probe.push(action)
        ended = probe._ended
        probe.pop()
        if ended is not None and ended.reason == "harmony-ring" and player in ended.winners:
            out.append(action)
    return out


def explain(game: SkudGame, coordinates: bool = True) -> list[Message]:
    """Plain sentences on who stands better and why (for a hint's evaluation line), as
    messages the page translates (their ``str()`` is the English); moves and points in
    notation only with ``coordinates``."""
    if game.outcome() is not None:
        return [msg("The game is over.")]
    names = [term("player", name.capitalize()) for name in PLAYERS]
    harmonies = game.harmonies()
    out = []
    for owner in (HOST, GUEST):
        threats = ring_in_one(game, owner)
        if threats and not coordinates:
            out.append(msg("{player} can complete a Harmony Ring in one move.",
                           player=names[owner]) if owner == game.player else
                       msg("{player} threatens a Harmony Ring in one move.",
                           player=names[owner]))
        elif threats:
            shown = ", ".join(game.format_action(a) for a in threats[:3])
            if owner == game.player:
                out.append(msg("{player} can complete a Harmony Ring with {moves}.",
                               player=names[owner], moves=shown))
            else:
                out.append(msg("{player} threatens a Harmony Ring with {moves}.",
                               player=names[owner], moves=shown))
    counts = [sum(1 for h in harmonies if h[2] == o) for o in (HOST, GUEST)]
    crossing = game.crossing_counts()
    out.append(msg(
        "Harmonies: Host {host} ({host_across} across a midline), "
        "Guest {guest} ({guest_across} across a midline).",
        host=counts[0], host_across=crossing[0], guest=counts[1], guest_across=crossing[1],
    ))
    for owner in (HOST, GUEST):
        axes, points = ring_progress(harmonies, owner)
        if axes >= 3 and not coordinates:
            out.append(msg("{player}'s harmonies cross {axes} of the 4 half-axes around the "
                           "centre: most of a ring.", player=names[owner], axes=axes))
        elif axes >= 3:
            where = min(points, key=lambda p: (X_OF[p] ** 2 + Y_OF[p] ** 2, p))
            out.append(msg("{player}'s harmonies around {point} cross {axes} of the 4 "
                           "half-axes around the centre: most of a ring.",
                           player=names[owner], point=str(POINT_OF[where]), axes=axes))
    low = min(_basic_reserve(game, HOST), _basic_reserve(game, GUEST))
    if low <= 3:
        out.append(msg("The game ends when a player has no basic flower left ({fewest} at "
                       "the fewest): midline-crossing harmonies decide it.", fewest=low))
    value = evaluate(game, HOST)
    if abs(value) < 8:
        out.append(msg("The position is about even."))
    else:
        better = names[HOST] if value > 0 else names[GUEST]
        out.append(msg("{player} stands better ({points} points by the evaluation).",
                       player=better, points=f"{abs(value):.0f}"))
    return out

