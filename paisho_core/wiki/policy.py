"""The Wiki search policy: which actions the search tries, best guess first.

An opening offers about a thousand entries (wiki R3: Knotweeds, Boats, Rocks and
Lotuses almost anywhere), so a search that tried them all would look one action ahead
and no further.  :class:`WikiPolicy` keeps every move, push, carry and turn and every
flower entry, and of the other entries only those at useful points, found from the board
deterministically (:func:`useful_entries`):

* a Knotweed where it drains the opponent's tiles more than one's own (R6), an
  opponent's flower or Dragon or Lotus counting fully and a Boat or Wheel only a little
  (:data:`ACCENT_DRAIN`: draining one pays only when it threatens something, which the
  search sees);
* a Rock next to one's own moved flowers, whose pairs it takes on (R8);
* any tile between the two ends of an opponent's harmony, which it blocks (R8), a Rock or
  a Knotweed all the more, since such a blocked harmony costs the opponent a point (R8b);
* a White Dragon where it attacks the opponent's flowers (R4, R5);
* a White Lotus near one's own tiles (its R9 bonus);
* a Wheel or a Boat among tiles it could turn or carry (R4, R7).

Below the root, actions are ordered by a cheap guess (:func:`order_key`: captures, then
moves that make a harmony, then escapes from a capture, flower entries …) and cut to a
beam.  The evaluation is :func:`.evaluate.evaluate`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import CELLS, DIAMOND_MASK, ON_BOARD, ORTHOGONAL, POINTS, RAYS, SIZE, SURROUNDING
from ..protocol import Game
from . import moves
from .actions import ENTER, MOVE, WikiAction
from .evaluate import evaluate
from .game import WikiGame
from .tiles import (
    BOAT,
    CARRIABLE,
    DRAGON,
    FLOWER_KINDS,
    HARMONY_PARTNERS,
    IS_FLOWER,
    KIND_OF,
    KNOTWEED,
    LOTUS,
    OWNER_OF,
    ROCK,
    VALUES,
    WHEEL,
)

_SPECIAL = tuple(KIND_OF[v] in (DRAGON, LOTUS) for v in range(VALUES))
ACCENT_DRAIN = 0.25
"""What draining an opponent's Boat or Wheel counts for a Knotweed's entry point (a
flower, Dragon or Lotus: 1), so Hard spends no Knotweed on an idle Boat or Wheel."""
_BOATS = tuple(KIND_OF[v] == BOAT for v in range(VALUES))
_TURNABLE = tuple(v != 0 and KIND_OF[v] not in (ROCK, KNOTWEED) for v in range(VALUES))


@dataclass(frozen=True)
class BoardFacts:
    """What the ordering and the entry choice read off one position, for the mover."""

    me: int
    harmony_mask: dict[int, int]
    """Empty point → bit mask of the flower kinds that would harmonise there (R8)."""
    blocking: dict[int, int]
    """Empty point between the ends of an opponent's harmony → its value."""
    attacked: frozenset[int]
    """Points of the mover's tiles the opponent's Dragons and Lotuses can take (R5)."""


def board_facts(game: WikiGame) -> BoardFacts:
    """The :class:`BoardFacts` of ``game`` for the player to move."""
    board, drained, me = game.board, game.drained(), game.player
    mask: dict[int, int] = {}
    for p in game.occupied:
        v = board[p]
        if OWNER_OF[v] != me or not IS_FLOWER[v] or drained[p] or not game.moved[p]:
            continue
        partners = HARMONY_PARTNERS[KIND_OF[v]]
        for ray in RAYS[p]:
            for q in ray:
                w = board[q]
                if w:
                    if _BOATS[w]:
                        continue
                    break
                mask[q] = mask.get(q, 0) | partners
    blocking: dict[int, int] = {}
    for a, b, owner in game.harmony_list:
        if owner == me:
            continue
        lo, hi = min(a, b), max(a, b)
        step = 1 if lo // SIZE == hi // SIZE else SIZE
        for q in range(lo + step, hi, step):
            if not board[q]:
                blocking[q] = blocking.get(q, 0) + 1
    attacked: set[int] = set()
    for p in game.occupied:
        v = board[p]
        if OWNER_OF[v] == me or not _SPECIAL[v] or drained[p]:
            continue
        for q in moves.move_targets(board, p):
            w = board[q]
            if w and (IS_FLOWER[w] or _SPECIAL[w]):
                attacked.add(q)
    return BoardFacts(me, mask, blocking, frozenset(attacked))


def _diamond(p: int) -> tuple[int, ...]:
    mask = DIAMOND_MASK[p][3] if ON_BOARD[p] else 0
    return tuple(q for q in POINTS if mask >> q & 1)


_NEAR_LOTUS = tuple(_diamond(p) for p in range(CELLS))
"""The points within 3 orthogonal steps of each point (a White Lotus's reach, R9)."""


def entry_values(
    game: WikiGame, facts: BoardFacts, every_kind: bool = True
) -> dict[int, dict[int, float]]:
    """For each non-flower kind, the points where its entry looks useful and how much
    (positive values only; where it is legal is not checked here).  Without
    ``every_kind``, only Knotweeds, Rocks and Dragons (the cheap tables)."""
    board, me, moved = game.board, facts.me, game.moved
    knot: dict[int, float] = {}
    rock: dict[int, float] = {}
    dragon: dict[int, float] = {}
    lotus: dict[int, float] = {}
    wheel: dict[int, float] = {}
    boat: dict[int, float] = {}
    for q in game.occupied:
        w = board[q]
        mine = OWNER_OF[w] == me
        if _TURNABLE[w]:
            drain = -1.5 if mine else (
                1.0 if IS_FLOWER[w] or _SPECIAL[w] else ACCENT_DRAIN)
            for p in SURROUNDING[q]:
                knot[p] = knot.get(p, 0.0) + drain
                if every_kind:
                    wheel[p] = wheel.get(p, -0.5) + 0.5
                    if mine and CARRIABLE[w]:
                        boat[p] = boat.get(p, -0.5) + 0.5
        if mine and every_kind:
            for p in _NEAR_LOTUS[q]:
                lotus[p] = lotus.get(p, -1.0) + 1.0
        if IS_FLOWER[w] and mine:
            if moved[q]:
                for p in ORTHOGONAL[q]:
                    rock[p] = rock.get(p, 0.0) + 1.0
        elif not mine and (IS_FLOWER[w] or _SPECIAL[w]):
            for p in moves.DRAGON_JUMPS[q]:
                dragon[p] = dragon.get(p, 0.0) + 1.0
    tables = {KNOTWEED: knot, ROCK: rock, DRAGON: dragon, LOTUS: lotus, WHEEL: wheel,
              BOAT: boat}
    for p, value in facts.blocking.items():
        for table in tables.values():
            table[p] = table.get(p, 0.0) + value
        for table in (knot, rock):  # the blocked harmony costs the opponent a point (R8b)
            table[p] += value
    return tables


def useful_entries(
    game: WikiGame,
    facts: BoardFacts,
    actions: list[WikiAction],
    per_kind: int,
    every_kind: bool = True,
) -> tuple[list[WikiAction], list[WikiAction]]:
    """(every action but entries, the entries worth trying): every flower entry, and of
    the other kinds the ``per_kind`` most useful legal points each (ties by point);
    without ``every_kind`` only Knotweeds, Rocks and Dragons (below the root)."""
    cut = len(actions)
    while cut and actions[cut - 1].kind != ENTER:
        cut -= 1  # the legal list holds the entries first
    others = actions[cut:]
    chosen = [a for a in actions[:cut] if a.tile in FLOWER_KINDS]
    reserve = game.reserve[facts.me]
    for kind, table in entry_values(game, facts, every_kind).items():
        if not reserve[kind]:
            continue
        ranked = sorted((-value, p) for p, value in table.items() if value > 0)
        taken = 0
        for _, p in ranked:
            action = moves.ENTER_ACTIONS[kind][p]
            if action is not None and game.is_legal(action):
                chosen.append(action)
                taken += 1
                if taken == per_kind:
                    break
    return others, chosen


def order_key(game: WikiGame, facts: BoardFacts, action: WikiAction) -> float:
    """A cheap guess of how good ``action`` is, to try the best first (higher first)."""
    kind = action.kind
    board = game.board
    if kind == ENTER:
        return 10.0 if action.tile in FLOWER_KINDS else 5.0
    if kind != MOVE:
        return 3.0 + (20.0 if action.src in facts.attacked else 0.0)
    v, t = board[action.src], board[action.dst]
    key = 2.0
    if t:
        captures = moves.LANDING[v][t] == moves.CAPTURE
        key = (120.0 if _SPECIAL[t] else 100.0) if captures else 30.0
    elif IS_FLOWER[v]:
        key = 4.0
        if facts.harmony_mask.get(action.dst, 0) >> KIND_OF[v] & 1:
            key = 50.0
        elif not game.moved[action.src]:
            key = 6.0
    elif _SPECIAL[v]:
        key = 5.0
    if action.src in facts.attacked:
        key += 25.0
    return key


@dataclass(frozen=True)
class WikiPolicy:
    """The search policy for Wiki: :func:`.evaluate.evaluate` and the actions worth trying."""

    beam: int = 12
    """Actions kept at nodes with two or more plies left (below the root)."""
    leaf_beam: int = 24
    """Actions kept at nodes one ply above the leaves."""
    root_entries: int = 5
    """Non-flower entries of each kind tried at the root (the most useful points)."""
    entries: int = 2
    """The same below the root."""

    def evaluate(self, game: Game[WikiAction], player: int) -> float:
        """See :func:`.evaluate.evaluate`."""
        assert isinstance(game, WikiGame)
        return evaluate(game, player)

    def root_candidates(self, game: Game[WikiAction]) -> list[WikiAction]:
        """Every move, push, carry and turn, every flower entry, and the other entries
        at their most useful points (never none while some action is legal)."""
        assert isinstance(game, WikiGame)
        actions = game.legal_actions()
        others, entries = useful_entries(game, board_facts(game), actions, self.root_entries)
        return (others + entries) or actions

    def candidates(self, game: Game[WikiAction], depth: int) -> list[WikiAction]:
        """The root's kind of list with fewer entries, best guess first, cut to a beam."""
        assert isinstance(game, WikiGame)
        actions = game.legal_actions()
        facts = board_facts(game)
        others, entries = useful_entries(game, facts, actions, self.entries, False)
        chosen = (others + entries) or actions
        keyed = sorted(chosen, key=lambda a: -order_key(game, facts, a))
        return keyed[: self.beam if depth >= 2 else self.leaf_beam]
