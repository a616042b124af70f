"""Wiki actions in a version-2 link (:mod:`paisho_core.link`).

One digit per action: its index among the legal actions in *rules order*, radix = how
many there are (a forced action, e.g. a pass when nothing else is legal, costs
nothing).  Rules order sorts by, in turn: the type (entry, move, Boat push, Boat
carry, Wheel turn, pass — ``rules.html#wiki-notation``); the entering tile's kind in
the order of the tile codes ``Ja Li WJ Ro Ch Rh K W B R D L``, or the Wheel's
direction (clockwise first); the point the acting tile leaves; the point it ends on;
then the carried tiles' points.  Points are compared in point order (by row from
``y = -8``, then by ``x``).

The same size as version 1 (which sorted by notation text), but cheaper to read: no
action is formatted.  Reading does not list the entries either (most of the legal
actions: each reserve tile on each empty point it may enter): they come first in
rules order, so they are counted from the few occupied points, and the one a digit
names is found directly.  The plain moves come next, grouped by the point the tile
leaves, so each tile's moves are counted from its destinations
(:func:`.moves.move_targets`) and only the tile a digit falls on has its moves
built; the rare Boat pushes and carries and Wheel turns are listed and sorted.
"""

from __future__ import annotations

from typing import Any

from ..board import CELLS, IS_WHITE
from ..linkcode import IndexCoder, Take
from ..protocol import Game
from . import moves
from .actions import MOVE, PASS, WikiAction
from .game import WikiGame
from .tiles import BOAT, DRAGON, FLOWER_KINDS, KIND_OF, KNOTWEED, LOTUS, MAIN, ROCK, WHEEL


def _ordered(game: Game[Any]) -> list[Any]:
    legal = game.legal_actions()
    legal.sort()
    return legal


_ANYWHERE = tuple(sorted(moves.NON_GATE))
"""Where a Knotweed, Boat or Rock may enter (wiki R3), in point order."""
_WHITE = tuple(p for p in _ANYWHERE if IS_WHITE[p])
"""Where a Wheel may enter: the white points (wiki R3)."""
_HALF = tuple(tuple(p for p in _ANYWHERE if moves.HALF_OF[p] == player) for player in (0, 1))
"""``_HALF[player]``: the points of a player's half (a Lotus enters its own, a Dragon the
other's; wiki R3)."""
_FLOWER_GATES = tuple(
    tuple(tuple(sorted(moves.FLOWER_ENTRY[kind][player])) for player in (0, 1))
    for kind in FLOWER_KINDS
)
"""``_FLOWER_GATES[kind][player]``: a flower's entry points (wiki R3), in point order."""


def _flags(points: tuple[int, ...]) -> tuple[int, ...]:
    """1 on each cell of ``points``, else 0."""
    inside = set(points)
    return tuple(int(i in inside) for i in range(CELLS))


_IN_ANYWHERE = _flags(_ANYWHERE)
_IN_WHITE = _flags(_WHITE)
_IN_HALF = (_flags(_HALF[0]), _flags(_HALF[1]))


def _entry_points(game: WikiGame) -> list[tuple[int, tuple[int, ...], int]]:
    """The entries of the player to move, in rules order, as ``(kind, points, count)``:
    the kind may enter each *empty* point of ``points`` (in point order), ``count`` of
    them — the same entries as :func:`.moves.entries` (wiki R3), none listed."""
    board, me = game.board, game.player
    reserve = game.reserve[me]
    out: list[tuple[int, tuple[int, ...], int]] = []
    for kind in FLOWER_KINDS:
        if reserve[kind]:
            gates = _FLOWER_GATES[kind][me]
            count = 0
            for g in gates:
                if not board[g]:
                    count += 1
            if count:
                out.append((kind, gates, count))
    if game.first_of_game:
        return out
    occupied = game.occupied
    turns = game.turns[me]
    later: list[tuple[int, tuple[int, ...], int]] = []
    if turns >= 1:
        if reserve[KNOTWEED] or reserve[BOAT] or reserve[ROCK]:
            empty = len(_ANYWHERE) - sum(map(_IN_ANYWHERE.__getitem__, occupied))
            for kind in (KNOTWEED, BOAT, ROCK):
                if reserve[kind]:
                    later.append((kind, _ANYWHERE, empty))
        if reserve[WHEEL]:
            taken = sum(map(_IN_WHITE.__getitem__, occupied))
            later.append((WHEEL, _WHITE, len(_WHITE) - taken))
    if turns >= 3 and reserve[DRAGON]:
        taken = sum(map(_IN_HALF[1 - me].__getitem__, occupied))
        later.append((DRAGON, _HALF[1 - me], len(_HALF[1 - me]) - taken))
    if reserve[LOTUS]:
        taken = sum(map(_IN_HALF[me].__getitem__, occupied))
        later.append((LOTUS, _HALF[me], len(_HALF[me]) - taken))
    later.sort()
    out.extend(entry for entry in later if entry[2])
    return out


def _nth_empty(board: list[int], points: tuple[int, ...], n: int) -> int:
    """The ``n``-th (from 0) empty point of ``points``."""
    for p in points:
        if not board[p]:
            if not n:
                return p
            n -= 1
    raise AssertionError("fewer empty points than counted")  # pragma: no cover


class _TileActions:
    """The tiles' own actions (moves, pushes, carries, turns) in rules order, listed
    only as far as needed: the plain moves come first (grouped by the point the tile
    leaves, in point order, then by destination), so they are counted per tile and
    only the tile a digit falls on has its moves listed; the rare pushes, carries and
    turns are listed and sorted."""

    def __init__(self, game: WikiGame) -> None:
        self.movers: list[tuple[int, list[int]]] = []
        """``(point, destinations)`` of each tile that may move, in point order."""
        self.specials: list[WikiAction] = []
        self.count = 0
        if game.first_of_game:
            return
        board = game.board
        drained = game.drained()
        count = 0
        for p in sorted(moves.movers(board, game.player, game.occupied)):
            if drained[p]:
                continue
            targets = moves.move_targets(board, p)
            if targets:
                self.movers.append((p, targets))
                count += len(targets)
            if KIND_OF[board[p]] in (BOAT, WHEEL):
                self.specials.extend(moves.special_actions(board, drained, p))
        self.specials.sort()
        self.count = count + len(self.specials)

    def nth(self, n: int) -> WikiAction:
        """The ``n``-th (from 0) action in rules order."""
        for p, targets in self.movers:
            if n < len(targets):
                return WikiAction(MOVE, -1, p, sorted(targets)[n])
            n -= len(targets)
        return self.specials[n]


class WikiCoder(IndexCoder):
    """The Wiki code: :class:`~paisho_core.linkcode.IndexCoder` in rules order, read
    without listing the entries (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(_ordered)

    def read(self, game: Game[Any], take: Take) -> Any:
        """The action at the digit's index in rules order (the same as
        :meth:`IndexCoder.read`, faster in the main phase)."""
        if (
            not isinstance(game, WikiGame)
            or game.phase != MAIN
            or game.outcome() is not None
        ):
            return super().read(game, take)
        entries = _entry_points(game)
        entry_count = sum(count for _, _, count in entries)
        others = _TileActions(game)
        total = entry_count + others.count
        if not total:  # nothing else: the pass is forced
            take(1)
            return WikiAction(PASS)
        digit = take(total)
        if digit >= entry_count:
            return others.nth(digit - entry_count)
        for kind, points, count in entries:
            if digit < count:
                return moves.ENTER_ACTIONS[kind][_nth_empty(game.board, points, digit)]
            digit -= count
        raise AssertionError("the digit is below the number of entries")  # pragma: no cover

    def play(self, game: Game[Any], action: Any) -> None:
        """Apply an action :meth:`read` found among the legal ones, sparing the engine
        the list of every legal action to check it once more."""
        game.apply_checked(action)


CODER = WikiCoder()
"""The Wiki coder (found by :func:`paisho_core.linkcode.coder_for`)."""
