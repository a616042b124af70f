"""Ancient puzzles: hit the target exactly this turn, from the mover's own hand.

A whole Ancient turn is a placement from the mover's hand and then, when any tile can
move, a move; the game ends the moment the board counts exactly the target
(``rules.html#ancient-r4``).  :data:`PUZZLES` (the spec's ``puzzle_rules``,
:class:`paisho_core.puzzles.variant.PuzzleRules`) gives the puzzles two things:

* **the search** (:func:`tally`) — every whole turn of the mover, counted straight on the
  position: each placement played on a copy, each move after it tried on the board's
  lines and taken back.  These are the turns, in the order, of the generic push/pop walk
  (:func:`paisho_core.lessons.proof.walk`, draws left out), and a turn *hits* when the
  walk's ``win`` goal by ``exact-target`` is met; it is only faster.  A *plausible*
  wrong turn changes the board's harmonies and leaves it one harmony from the target.
* **the positions** (:meth:`AncientPuzzles.starts`) — a turn start of the computer's own
  games has thousands of whole turns and, when any hits, nearly always several (with
  another tile or on another point), so a position is made a puzzle by choosing the
  mover's hand, from what the mover sees alone: the mover's own tiles whose every turn
  misses (the wrong tiles to try), and one tile whose turns hit exactly once (the first
  such kind in the tiles' order) — one of the mover's own, else one of the tiles the
  mover has not seen (the pool less the board, the discards and the mover's hand; never
  a look at another seat's hand), the hand no larger than a dealt one
  (:func:`hand_limit`).  Kinds that hit more than once are left out, so are wrong tiles
  beyond :data:`MAX_TURNS` whole turns; a puzzle holds at least :data:`MIN_KINDS` kinds
  of tile and :data:`MIN_PLAUSIBLE` plausible wrong turns.

A puzzle's start is a set-up (:mod:`.setups`): the board, the mover's hand, the target,
and every other seat's hand as a count of hidden tiles (``"?"``), dealt when the game
is built from the tiles the set-up does not place; the pile is empty.  So a start (and
its ``#3…`` link) holds no tile of another seat, and the proof searches the mover's
turn alone.  A puzzle's difficulty (:meth:`paisho_core.puzzles.proof.Proof.rating`) comes
from its depth (1 when the placement alone hits, 2 with the move after it), its plausible
wrong turns and its whole turns.  Pure; the search leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..board import TEXT_OF
from ..protocol import Game
from ..puzzles.goals import Kind, Win
from ..puzzles.variant import Searched
from . import moves, rules
from .actions import DRAW, PLACE, AncientAction, format_action
from .deal import PRESETS
from .game import AncientGame
from .position import START, AncientPosition
from .tiles import CODES, KINDS, LAST_FLOWER, POOL_COUNTS

REASON = "exact-target"
"""The outcome reason of the puzzles' goal (:class:`~.spec.AncientEnd`)."""
MIN_KINDS = 2
"""The fewest kinds of tile in a puzzle's hand (one of them solves it)."""
MIN_PLAUSIBLE = 1
"""The fewest plausible wrong turns of a puzzle."""
MAX_TURNS = 20_000
"""The most whole turns of a puzzle's position (its proof stays quick)."""


@dataclass(frozen=True)
class KindTally:
    """The whole turns that begin with placing one kind of tile."""

    turns: int = 0
    hits: int = 0
    plausible: int = 0


@dataclass(frozen=True)
class Tally:
    """What the search of the mover's whole turn found."""

    turns: int
    """Every whole turn searched."""
    hits: tuple[tuple[str, ...], ...]
    """The first ``keep`` turns that hit the target exactly (their actions' notation)."""
    count: int
    """How many turns hit, all told."""
    plausible: int
    """Wrong turns that change the harmonies and leave the board one from the target."""
    by_kind: Mapping[int, KindTally] = field(default_factory=dict)
    """The same by the kind of tile placed (kinds with a placement only)."""


def _harmonies(cells: list[int], line: int) -> int:
    return sum(1 for _, _, value in rules.line_pairs(cells, line) if value > 0)


def _after_move(pos: AncientPosition, action: AncientAction) -> int:
    """The harmonies on the board once the move ``action`` is played on ``pos`` (as
    :meth:`AncientPosition.do` and its recount would); the board is left as it was."""
    cells, lh = pos.cells, pos.lh
    src, dst = action.src, action.dst
    lines = {rules.ROW_OF[src], rules.COL_OF[src], rules.ROW_OF[dst], rules.COL_OF[dst]}
    before = sum(lh[line] for line in lines)
    moved, taken = cells[src], cells[dst]
    cells[dst], cells[src] = moved, 0
    try:
        after = sum(_harmonies(cells, line) for line in lines)
    finally:
        cells[src], cells[dst] = moved, taken
    return pos.harmonies - before + after


class _Counter:
    """Counts turns as :func:`tally` finds them."""

    def __init__(self, start: int, target: int, keep: int) -> None:
        self.start, self.target, self.keep = start, target, keep
        self.hits: list[tuple[str, ...]] = []
        self.kinds: dict[int, list[int]] = {}
        self.turns = self.count = self.plausible = 0

    def add(self, kind: int, harmonies: int, actions: tuple[AncientAction, ...]) -> None:
        row = self.kinds.setdefault(kind, [0, 0, 0])
        self.turns += 1
        row[0] += 1
        if harmonies == self.target:
            self.count += 1
            row[1] += 1
            if len(self.hits) < self.keep:
                self.hits.append(tuple(format_action(a) for a in actions))
        elif harmonies != self.start and abs(harmonies - self.target) == 1:
            self.plausible += 1
            row[2] += 1

    def result(self) -> Tally:
        by_kind = {k: KindTally(*row) for k, row in self.kinds.items()}
        return Tally(self.turns, tuple(self.hits), self.count, self.plausible, by_kind)


def _placements(game: AncientGame, kinds: frozenset[int] | None) -> list[AncientAction]:
    """The placements searched: the hand's (``kinds``: of these kinds, held or not)."""
    start = game.position
    if kinds is None:
        return [a for a in moves.legal_actions(start) if a.kind != DRAW]
    out: list[AncientAction] = []
    for kind in KINDS:
        if kind in kinds:
            out += moves.placements_of(start, kind)
    return out


def tally(game: AncientGame, kinds: frozenset[int] | None = None, keep: int = 2,
          stop: int | None = None) -> Tally:
    """Every whole turn of the player to move in ``game``, at the start of their turn:
    a placement from their hand (``kinds``: a placement of each of these kinds instead,
    whether held or not), then a move when any tile can move, with the turns that hit
    the target exactly; a pass (no tile can be placed) is one turn.  Draws are left out
    (a drawn tile is hidden).  With ``stop``, the search ends once that many turns hit
    (the tally then counts only the turns searched).  ``game`` is left as it was."""
    start = game.position
    counter = _Counter(start.harmonies, game.target, keep)
    for placement in _placements(game, kinds):
        if stop is not None and counter.count >= stop:
            break
        if placement.kind != PLACE:
            counter.add(0, start.harmonies, (placement,))
            continue
        pos = start.copy()
        touched = pos.do(placement)
        pos.recount(rules.lines_through(touched))
        after = [] if pos.harmonies == game.target else moves.moves(pos)
        if not after:
            counter.add(placement.tile, pos.harmonies, (placement,))
        for move in after:
            counter.add(placement.tile, _after_move(pos, move), (placement, move))
    return counter.result()


def _decides(game: Game[Any], kind: Kind) -> bool:
    """Whether :func:`tally` decides ``kind`` in ``game``: a win by the exact target
    alone, at the start of the mover's turn."""
    goal = kind.goal
    return (isinstance(game, AncientGame) and isinstance(goal, Win)
            and goal.reasons == (REASON,) and game.outcome() is None
            and game.position.step == START)


def unseen(game: AncientGame, seat: int) -> dict[int, int]:
    """The tiles ``seat`` has not seen, by kind: the pool less the board, the discards
    and ``seat``'s own hand (the others' hands and the pile, together)."""
    pos = game.position
    left = dict(POOL_COUNTS)
    for cell in pos.cells:
        if cell:
            left[cell & 15] -= 1
    for kind in pos.discards:
        left[kind] -= 1
    for kind, count in enumerate(pos.hands[seat]):
        if count:
            left[kind] -= count
    return {k: n for k, n in left.items() if n > 0}


def may_hit(game: AncientGame) -> bool:
    """Whether a turn could bring the board to the target at all: a harmony pairs two
    flowers next to each other on a row or a column, so ``n`` flowers make at most
    ``2 (n - 1)``, and a turn adds one flower at most."""
    flowers = sum(1 for cell in game.position.cells if 1 <= cell <= LAST_FLOWER)
    return 2 * flowers >= game.target


def hand_limit(game: AncientGame) -> int:
    """The most tiles a puzzle's hand holds: the game's hand size, or its target's
    preset hand (R2) when larger (a set-up game is dealt no hand of its own)."""
    return max(game.hand_size, dict(PRESETS).get(game.target, 0))


def _kind_tally(game: AncientGame, kind: int) -> KindTally:
    """The turns that begin with placing ``kind``, the search ended at a second hit."""
    found = tally(game, frozenset({kind}), keep=0, stop=2)
    return found.by_kind.get(kind, KindTally())


def puzzle_hand(by_kind: Mapping[int, KindTally], hand: Mapping[int, int],
                solution: int, size: int) -> dict[int, int] | None:
    """The puzzle's hand (counts by kind): ``solution`` (one, or as many as the mover's
    ``hand`` holds) and the wrong tiles of ``hand`` (kinds whose turns never hit, by
    ``by_kind``) with the fewest turns first, within :data:`MAX_TURNS` whole turns and
    ``size`` tiles; ``None`` when fewer than :data:`MIN_KINDS` kinds or
    :data:`MIN_PLAUSIBLE` plausible wrong turns are left."""
    chosen = {solution: hand.get(solution, 1)}
    turns = by_kind[solution].turns
    wrong = [k for k in hand
             if k != solution and k in by_kind and by_kind[k].turns and not by_kind[k].hits]
    for k in sorted(wrong, key=lambda k: (by_kind[k].turns, k)):
        if turns + by_kind[k].turns > MAX_TURNS or sum(chosen.values()) + hand[k] > size:
            continue
        chosen[k] = hand[k]
        turns += by_kind[k].turns
    plausible = sum(by_kind[k].plausible for k in chosen)
    if len(chosen) < MIN_KINDS or plausible < MIN_PLAUSIBLE:
        return None
    return dict(sorted(chosen.items()))


def start_of(game: AncientGame, hand: Mapping[int, int]) -> dict[str, Any]:
    """The set-up start of ``game``'s position with the mover holding ``hand`` (counts
    by kind), every other seat's hand a count of hidden tiles and an empty pile."""
    mover = game.to_move
    assert mover is not None
    board = {TEXT_OF[t.point.index]: t.code + ("*" if "drained" in t.flags else "")
             for t in game.board_tiles()}
    hands = []
    for seat in range(len(game.players)):
        if seat == mover:
            hands.append(" ".join(CODES[k] for k in KINDS for _ in range(hand.get(k, 0))))
        else:
            hands.append(" ".join("?" for _ in range(game.hand_size_of(seat))))
    return {"setup": {"board": board, "hands": hands, "seat": mover, "target": game.target,
                      "pile": ""}}


class AncientPuzzles:
    """Ancient's puzzle rules (:class:`paisho_core.puzzles.variant.PuzzleRules`)."""

    def search(self, game: Game[Any], kind: Kind) -> Searched | None:
        """Every whole turn of the mover for an ``exact-target`` win (:func:`tally`);
        ``None`` for any other kind or step."""
        if not _decides(game, kind):
            return None
        assert isinstance(game, AncientGame)
        found = tally(game)
        return Searched(found.turns, found.hits, found.count, found.plausible)

    def starts(self, game: Game[Any], kind: Kind) -> Iterator[dict[str, Any]]:
        """The puzzle a self-play turn start offers, if any (the module docstring): the
        kinds of the mover's hand searched one by one, then, when none of them hits
        exactly once, the kinds they have not seen, until one does."""
        if not _decides(game, kind):
            return
        assert isinstance(game, AncientGame)
        if not may_hit(game):
            return
        mover = game.to_move
        assert mover is not None
        hand = {k: n for k, n in enumerate(game.position.hands[mover]) if n}
        by_kind = {k: _kind_tally(game, k) for k in sorted(hand)}
        once = [k for k in sorted(hand) if by_kind[k].hits == 1]
        if not once:
            hidden = unseen(game, mover)
            for k in KINDS:
                if k in hidden and k not in hand:
                    by_kind[k] = _kind_tally(game, k)
                    if by_kind[k].hits == 1:
                        once.append(k)
                        break
        if once:
            chosen = puzzle_hand(by_kind, hand, once[0], hand_limit(game))
            if chosen is not None:
                yield start_of(game, chosen)


PUZZLES = AncientPuzzles()
"""Ancient's puzzle rules (the spec's ``puzzle_rules``)."""
