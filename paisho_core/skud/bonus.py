"""The Skud Harmony Bonus step (R4–R7, R11) and the legal-action dispatch.

After an Arrange that forms a new harmony the same player may plant a flower in an open
Gate, place an accent tile (a Wheel turns its neighbours) or use a Boat, or skip.  The
choices are generated lazily, so "is there any bonus besides skipping?" costs the first
one only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from operator import not_

from ..board import (
    GATES,
    IS_GATE,
    NORTH_GATE,
    POINTS,
    RING_CELLS,
    SOUTH_GATE,
    SURROUNDING,
)
from . import rules
from .actions import (
    ACCENTS,
    BOAT_MOVE,
    BONUS_PLANT,
    PLACE_ACCENT,
    PLANT,
    SKIP,
    SkudAction,
)
from .moves import SkudMoves, accent_choices
from .position import (
    ACCENT_PHASE,
    BONUS,
    FORBIDDEN,
    MAIN,
    ON_OPEN_POINTS,
    OPEN_POINTS,
    OPENING,
)
from .tiles import (
    BASIC_KINDS,
    BOAT,
    CLASHING_KIND,
    IS_ACCENT,
    KIND_OF,
    KNOTWEED,
    LOTUS,
    ORCHID,
    OWNER_OF,
    ROCK,
    WHEEL,
    cell,
)


class SkudBonus(SkudMoves):
    """Harmony Bonus choices and their effect on the board; every phase's legal list."""

    def legal_actions(self) -> list[SkudAction]:
        """Every legal action of the player to move, in a deterministic order."""
        if self._legal is None:
            if self._ended is not None or self.resigned is not None:
                self._legal = []
            elif self.phase == MAIN:
                self._legal = self._main_actions()
            elif self.phase == BONUS:
                self._legal = self._bonus_actions()
            elif self.phase == ACCENT_PHASE:
                self._legal = [
                    SkudAction(ACCENTS, packed)
                    for packed in accent_choices(
                        self.accent_pool, self.accent_pick, "one-of-each" in self.options
                    )
                ]
            elif self.phase == OPENING:
                self._legal = [
                    SkudAction(PLANT, k, -1, SOUTH_GATE) for k in BASIC_KINDS
                ]
            else:  # MIRROR
                kind = KIND_OF[self.board[SOUTH_GATE]]
                if "clashing-start" in self.options:
                    kind = CLASHING_KIND[kind]
                self._legal = [SkudAction(PLANT, kind, -1, NORTH_GATE)]
        return list(self._legal)

    def _bonus_actions(self) -> list[SkudAction]:
        """The Harmony Bonus choices (R4, accent tiles, special flowers) and SKIP."""
        legal = list(self._iter_bonus_actions())
        legal.append(SkudAction(SKIP))
        return legal

    def _iter_bonus_actions(self) -> Iterator[SkudAction]:
        """The Harmony Bonus choices besides SKIP, in order, generated lazily.

        Lazy so that :meth:`apply` can tell "is there any bonus besides skipping?"
        from the first choice, without building them all (R4, R11).
        """
        me, board = self.player, self.board
        reserve = self.reserve[me]
        open_gates = [g for g in GATES if not board[g]]
        opp = 1 - me
        if self._has_basic(opp) and len(open_gates) > 1:
            keep: Callable[[SkudAction], bool] | None = None  # the opponent can plant (R11)
        else:
            # witnesses settle R11 in bulk; the first few choices are checked directly,
            # which is cheaper when only "is there any?" is asked
            witnesses: list[int] | None = None
            checked = 0

            def keep(a: SkudAction) -> bool:
                nonlocal witnesses, checked
                if witnesses is None:
                    checked += 1
                    if checked <= 3:
                        return self._leaves_opponent_a_move(a)
                    witnesses = self._witnesses(me)
                return self._witnessed(witnesses, self._changed_by(a)) or (
                    self._leaves_opponent_a_move(a)
                )

        plantable = [k for k in (LOTUS, ORCHID) if reserve[k]]
        if not self.growing(me):
            plantable = [k for k in BASIC_KINDS if reserve[k]] + plantable
        for g in open_gates:
            for k in plantable:
                action = SkudAction(BONUS_PLANT, k, -1, g)
                if keep is None or keep(action):
                    yield action
        empty: list[int] | None = None
        for kind in (ROCK, WHEEL, KNOTWEED):
            if not reserve[kind]:
                continue
            if empty is None:
                empty = list(compress(OPEN_POINTS, map(not_, ON_OPEN_POINTS(board))))
            for p in empty:
                if kind != WHEEL or self._wheel_ok(p):
                    action = SkudAction(PLACE_ACCENT, kind, -1, p)
                    if keep is None or keep(action):
                        yield action
        if reserve[BOAT]:
            for action in self._boat_actions():
                if keep is None or keep(action):
                    yield action

    def _boat_actions(self) -> list[SkudAction]:
        board = self.board
        out: list[SkudAction] = []
        for p in POINTS:
            v = board[p]
            if not v or IS_GATE[p]:
                continue
            if IS_ACCENT[v]:
                board[p] = 0
                bad = rules.clash_through(board, p)
                board[p] = v
                if not bad:
                    out.append(SkudAction(BOAT_MOVE, BOAT, p, -1))
                continue
            forbidden = FORBIDDEN[v]
            board[p] = cell(BOAT, self.player)
            for q in SURROUNDING[p]:
                if board[q] or IS_GATE[q] or forbidden[q]:
                    continue
                board[q] = v
                bad = rules.clash_at(board, q)
                board[q] = 0
                if not bad:
                    out.append(SkudAction(BOAT_MOVE, BOAT, p, q))
            board[p] = v
        return out

    def _wheel_moves(self, centre: int) -> list[tuple[int, int]] | None:
        """The (from, to) moves a Wheel on ``centre`` makes, or ``None`` if not allowed (R5)."""
        board = self.board
        ring = RING_CELLS[centre]
        moves: list[tuple[int, int]] = []
        for i, src in enumerate(ring):
            if src is None:
                continue
            v = board[src]
            if not v:
                continue
            dst = ring[(i + 1) % 8]
            if (
                IS_GATE[src]
                or KIND_OF[v] == ROCK
                or dst is None
                or IS_GATE[dst]
                or FORBIDDEN[v][dst]
            ):
                return None
            moves.append((src, dst))
        return moves

    def _turn(self, moves: list[tuple[int, int]]) -> None:
        values = [self.board[s] for s, _ in moves]
        for s, _ in moves:
            self.board[s] = 0
        for (_, d), v in zip(moves, values, strict=True):
            self.board[d] = v

    def _wheel_ok(self, centre: int) -> bool:
        moves = self._wheel_moves(centre)
        if moves is None:
            return False
        if not moves:
            return True
        board = self.board
        cells = [centre, *(c for c in RING_CELLS[centre] if c is not None)]
        saved = [board[c] for c in cells]
        self._turn(moves)
        board[centre] = cell(WHEEL, self.player)
        # a new clash must run through a cell whose content changed
        bad = any(
            rules.clash_at(board, c) if board[c] else rules.clash_through(board, c)
            for c, v in zip(cells, saved, strict=True)
            if board[c] != v
        )
        for c, v in zip(cells, saved, strict=True):
            board[c] = v
        return not bad

    @staticmethod
    def _changed_by(action: SkudAction) -> tuple[int, ...]:
        """Every point a bonus action may change (a Wheel: its 8 neighbours too)."""
        if action.kind == PLACE_ACCENT and action.tile == WHEEL:
            return (action.dst, *(c for c in RING_CELLS[action.dst] if c is not None))
        return tuple(p for p in (action.src, action.dst) if p >= 0)

    def _leaves_opponent_a_move(self, action: SkudAction) -> bool:
        """R11 for a bonus action: only checked when the opponent cannot plant."""
        opp = 1 - self.player
        if self._has_basic(opp) and any(not self.board[g] for g in GATES) and (
            action.kind != BONUS_PLANT or sum(not self.board[g] for g in GATES) > 1
        ):
            return True
        saved_board = self.board[:]
        saved_reserve = [self.reserve[0][:], self.reserve[1][:]]
        saved_captured = [self.captured[0][:], self.captured[1][:]]
        self._do_bonus(action)
        ok = self._opponent_can_move(self.player)
        self.board[:] = saved_board
        self.reserve[0][:], self.reserve[1][:] = saved_reserve
        self.captured[0][:], self.captured[1][:] = saved_captured
        return ok

    def _do_bonus(self, action: SkudAction) -> None:
        me, board = self.player, self.board
        kind = action.kind
        if kind == BONUS_PLANT:
            board[action.dst] = cell(action.tile, me)
            self.reserve[me][action.tile] -= 1
        elif kind == PLACE_ACCENT:
            if action.tile == WHEEL:
                moves = self._wheel_moves(action.dst) or []
                self._turn(moves)
            board[action.dst] = cell(action.tile, me)
            self.reserve[me][action.tile] -= 1
        elif kind == BOAT_MOVE:
            self.reserve[me][BOAT] -= 1
            if action.dst < 0:
                taken = board[action.src]
                self.captured[OWNER_OF[taken]][KIND_OF[taken]] += 1
                self.captured[me][BOAT] += 1
                board[action.src] = 0
            else:
                board[action.dst] = board[action.src]
                board[action.src] = cell(BOAT, me)

