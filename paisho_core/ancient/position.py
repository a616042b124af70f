"""The Ancient position and what an action does to it (``rules.html#ancient``).

:class:`AncientPosition` holds the board (cells from :mod:`.tiles`), every seat's hand,
the draw pile and how far it is drawn, the discards, the seat to act and its step, the
passes in a row, and the harmony and disharmony counts of every line, kept up to date
line by line.  It knows nothing of turn order's end, the record or the notation: those
are :class:`~paisho_core.ancient.game.AncientGame`'s; which actions are legal is
:mod:`.moves`', why another is refused :mod:`.explain`'s, what the board shows
:mod:`.views`'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import rules
from .actions import DISCARD, DRAW, MOVE, AncientAction
from .tiles import BOAT, KNOTWEED, WHEEL

START, DISCARD_STEP, MOVE_STEP = 0, 1, 2
"""The steps of a turn: draw or place, discard (after a draw), move (after a place)."""
STEP_NAMES = ("start", "discard", "move")
HAND_SLOTS = 13
"""Length of a hand row: one count per tile kind (index 0 unused)."""


class AncientPosition:
    """A mutable Ancient position with incremental line counts; no history, no end."""

    __slots__ = (
        "cells",
        "discards",
        "disharmonies",
        "drawn",
        "hands",
        "harmonies",
        "known",
        "last_draw",
        "ld",
        "lh",
        "n",
        "passes",
        "pile",
        "seat",
        "step",
        "turn",
    )

    def __init__(
        self, cells: list[int], hands: list[list[int]], pile: tuple[int, ...], seat: int
    ) -> None:
        self.n = len(hands)
        """Seats in the game."""
        self.cells = cells
        self.hands = hands
        """Each seat's count of each tile kind."""
        self.known = [[0] * HAND_SLOTS for _ in hands]
        """Each seat's tiles every seat knows it holds (by kind): the tiles its Dragon
        took off the board (R11), less as many of each kind as it has placed or
        discarded since — a lower bound, public knowledge (for a seat's determinization,
        :mod:`.knowledge`)."""
        self.pile = pile
        """The draw pile, top first; ``pile[drawn:]`` is still to draw."""
        self.drawn = 0
        self.discards: list[int] = []
        self.seat = seat
        self.turn = 1
        self.step = START
        self.passes = 0
        self.last_draw = -1
        self.lh = [0] * rules.LINE_COUNT
        self.ld = [0] * rules.LINE_COUNT
        self.harmonies = 0
        """Harmonies on the board now (R7, R8)."""
        self.disharmonies = 0
        """Disharmonies on the board now."""
        self.recount(range(rules.LINE_COUNT))

    @staticmethod
    def hand_rows(hands: Iterable[Sequence[int]]) -> list[list[int]]:
        """Hand rows (counts by kind) from each seat's tiles listed by kind."""
        rows = []
        for tiles in hands:
            row = [0] * HAND_SLOTS
            for kind in tiles:
                row[kind] += 1
            rows.append(row)
        return rows

    def copy(self) -> AncientPosition:
        """An independent copy."""
        new = object.__new__(AncientPosition)
        new.n, new.pile, new.drawn = self.n, self.pile, self.drawn
        new.seat, new.turn, new.step = self.seat, self.turn, self.step
        new.passes, new.last_draw = self.passes, self.last_draw
        new.harmonies, new.disharmonies = self.harmonies, self.disharmonies
        new.cells = self.cells[:]
        new.hands = [h[:] for h in self.hands]
        new.known = [k[:] for k in self.known]
        new.discards = self.discards[:]
        new.lh = self.lh[:]
        new.ld = self.ld[:]
        return new

    @property
    def pile_left(self) -> int:
        """Tiles left in the draw pile."""
        return len(self.pile) - self.drawn

    def recount(self, lines: Iterable[int]) -> None:
        """Count the harmonies and disharmonies of ``lines`` afresh (after a change)."""
        cells, lh, ld = self.cells, self.lh, self.ld
        for line in lines:
            h, d = rules.line_counts(cells, line)
            self.harmonies += h - lh[line]
            self.disharmonies += d - ld[line]
            lh[line], ld[line] = h, d

    def end_turn(self) -> None:
        """The next seat starts its turn."""
        self.seat = (self.seat + 1) % self.n
        self.turn += 1
        self.step = START
        self.last_draw = -1

    def _forget(self, kind: int) -> None:
        """The seat to act played a ``kind`` from its hand: one fewer is known there."""
        known = self.known[self.seat]
        if known[kind]:
            known[kind] -= 1

    def do(self, action: AncientAction) -> list[int]:
        """Carry out a legal draw, discard, move or placement on the tiles, the hand and
        the pile (not the step); return the points whose tiles changed."""
        kind = action.kind
        hand = self.hands[self.seat]
        cells = self.cells
        if kind == DRAW:
            tile = self.pile[self.drawn]
            self.drawn += 1
            hand[tile] += 1
            self.last_draw = tile
            return []
        if kind == DISCARD:
            hand[action.tile] -= 1
            self._forget(action.tile)
            self.discards.append(action.tile)
            return []
        if kind == MOVE:
            src, dst = action.src, action.dst
            taken = cells[dst]
            cells[dst], cells[src] = cells[src], 0
            if taken:
                hand[taken] += 1  # a Dragon takes the tile into the mover's hand (R11)
                self.known[self.seat][taken] += 1  # everyone saw it taken
            return [src, dst]
        tile, src = action.tile, action.src
        hand[tile] -= 1
        self._forget(tile)
        touched = [src]
        if tile == BOAT:
            cells[action.dst] = cells[src]
            touched.append(action.dst)
        cells[src] = tile
        if tile == WHEEL and action.turn:
            touched += rules.turn_ring(cells, src, action.turn)
        elif tile == KNOTWEED:
            touched += rules.drain_around(cells, src)
        return touched
