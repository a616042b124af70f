"""Skud Pai Sho: the game state, legal actions and their effects (``rules.html#skud``).

The position is a flat board list (cells from :mod:`.tiles`) plus each player's
reserve counts, the phase and the player to move.  Legal actions are generated with
precomputed neighbour and ray tables and checked incrementally: a move can only make a
clash along the lines through the points it changes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import compress
from operator import itemgetter, not_

from ..board import (
    CELLS,
    COL_MASK,
    DIAMOND_MASK,
    GATE_MASK,
    GATES,
    IS_GATE,
    NORTH_GATE,
    ON_MASK,
    ORTHOGONAL,
    POINT_OF,
    POINTS,
    RING_CELLS,
    ROW_MASK,
    SOUTH_GATE,
    SURROUNDING,
    WHOLLY_RED,
    WHOLLY_WHITE,
    X_OF,
    Y_OF,
    Point,
    spread,
)
from ..errors import IllegalMove, InvalidMove, quote
from ..protocol import Game, Outcome, TileView, VariantInfo
from . import harmony, rules
from .actions import (
    ACCENTS,
    ARRANGE,
    BOAT_MOVE,
    BONUS_KINDS,
    BONUS_PLANT,
    PLACE_ACCENT,
    PLANT,
    SKIP,
    SkudAction,
    format_action,
    pack_accents,
    parse_action,
    unpack_accents,
)
from .notation import ply_prefix, read_plies
from .tiles import (
    BASIC_KINDS,
    BOAT,
    CLASHING_KIND,
    CODE,
    FULL_SET,
    GUEST,
    HOST,
    IS_ACCENT,
    IS_BASIC,
    IS_FLOWER,
    IS_RED_FLOWER,
    IS_WHITE_FLOWER,
    KIND_OF,
    KIND_OF_CODE,
    KINDS,
    KNOTWEED,
    LOTUS,
    MOVE_RANGE,
    NAME,
    ORCHID,
    OWNER_OF,
    PLAYERS,
    ROCK,
    WHEEL,
    cell,
)

ACCENT_PHASE, OPENING, MIRROR, MAIN, BONUS = range(5)
PHASE_NAMES = ("accents", "opening", "mirror", "main", "bonus")

OPTIONS = ("clashing-start", "one-of-each", "no-wheels", "double-accents")
"""The R12 options; each is part of a game's identity."""

_NEVER: tuple[bool, ...] = (False,) * CELLS
FORBIDDEN: tuple[tuple[bool, ...], ...] = tuple(
    WHOLLY_RED if IS_WHITE_FLOWER[v] else WHOLLY_WHITE if IS_RED_FLOWER[v] else _NEVER
    for v in range(1 + 2 * KINDS)
)
"""``FORBIDDEN[v][p]``: the tile in cell ``v`` may not end a move on ``p`` (gardens)."""
FORBIDDEN_MASK: tuple[int, ...] = tuple(
    sum(1 << p for p in POINTS if FORBIDDEN[v][p]) for v in range(1 + 2 * KINDS)
)
""":data:`FORBIDDEN` as a bit mask per cell value."""

_ON_POINTS = itemgetter(*POINTS)
"""``_ON_POINTS(board)``: the cells of the 249 points, in point order."""
_OPEN_POINTS = tuple(p for p in POINTS if not IS_GATE[p])
"""The points that are not Gates, in point order."""
_ON_OPEN_POINTS = itemgetter(*_OPEN_POINTS)
"""``_ON_OPEN_POINTS(board)``: the cells of :data:`_OPEN_POINTS`."""
_LegalSet = tuple[list[SkudAction], frozenset[SkudAction]] | None
"""The legal list of a position and the same actions as a set (for quick checks)."""
_UndoRecord = tuple[
    list[int], list[int], list[int], list[int], list[int], int, int, "Outcome | None",
    "list[SkudAction] | None", "_LegalSet", "list[harmony.Harmony]", harmony.Environment, "int | None", int,
]
"""What :meth:`SkudGame.push` records: board, reserves, captures, phase, player, end,
caches, resignation and the number of ply groups."""


def _accent_choices(pool: tuple[int, ...], pick: int, one_each: bool) -> list[int]:
    if one_each:
        return [pack_accents((pool[0] // 2, pool[1] // 2, pool[2] // 2, pool[3] // 2))]
    out = []
    for r in range(pool[0] + 1):
        for w in range(pool[1] + 1):
            for k in range(pool[2] + 1):
                b = pick - r - w - k
                if 0 <= b <= pool[3]:
                    out.append(pack_accents((r, w, k, b)))
    return out


class SkudGame(Game[SkudAction]):
    """A game of Skud Pai Sho between the Host (player 0) and the Guest (player 1)."""

    info = VariantInfo(
        name="skud",
        title="Skud Pai Sho",
        options=OPTIONS,
        min_players=2,
        max_players=2,
        uses_seed=False,
    )

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed)
        if players not in (None, 2):
            raise InvalidMove("Skud Pai Sho is for two players")
        self.board: list[int] = [0] * CELLS
        start = list(FULL_SET)
        for k in (ROCK, WHEEL, KNOTWEED, BOAT):
            start[k] = 0
        self.reserve: list[list[int]] = [list(start), list(start)]
        self.captured: list[list[int]] = [[0] * KINDS, [0] * KINDS]
        """Tiles of each player that left the game, by kind."""
        self.phase = ACCENT_PHASE
        self.player = HOST
        self._plies: list[tuple[SkudAction, ...]] = []
        """The actions of each ply (a base action and its bonus), as tuples so that a
        copy can share them."""
        self._ended: Outcome | None = None
        self._legal: list[SkudAction] | None = None
        self._legal_set: _LegalSet = None
        self._harmonies: list[harmony.Harmony] = []
        """The harmonies on the board, kept up to date by :meth:`apply`."""
        self._env: harmony.Environment = (0, 0, 0, 0)
        """The board's occupied, Rock and drained masks (:mod:`.harmony`)."""
        self._undo: list[_UndoRecord] = []
        self.custom_start = False
        double = "double-accents" in self.options
        per_kind = 4 if double else 2
        self.accent_pool = (per_kind, 0 if "no-wheels" in self.options else per_kind,
                            per_kind, per_kind)
        self.accent_pick = min(8 if double else 4, sum(self.accent_pool))

    # ------------------------------------------------------------------ protocol basics
    @property
    def players(self) -> tuple[str, ...]:
        """``("host", "guest")``."""
        return PLAYERS

    @property
    def to_move(self) -> int | None:
        """The player to act (0 Host, 1 Guest), or ``None`` when the game is over."""
        return None if self.outcome() is not None else self.player

    @property
    def plies(self) -> int:
        """Plies begun so far (a ply awaiting its Harmony Bonus counts)."""
        return len(self._plies)

    @property
    def bonus_pending(self) -> bool:
        """True while the player to move may take a Harmony Bonus."""
        return self.phase == BONUS and self._ended is None

    def copy(self) -> SkudGame:
        """An independent copy (cheaper than replaying)."""
        other = object.__new__(SkudGame)
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other.reserve = [self.reserve[0][:], self.reserve[1][:]]
        other.captured = [self.captured[0][:], self.captured[1][:]]
        other.history = self.history[:]
        other._plies = self._plies[:]
        # the cached legal list is never mutated in place (legal_actions returns a copy)
        other._legal = self._legal
        other._undo = []
        return other

    def push(self, action: SkudAction) -> None:
        """Apply a legal ``action`` so that :meth:`pop` takes it back (for a search).

        Records the board, reserves, captures and the scalar state (a few list copies,
        far cheaper than :meth:`copy`, which also copies the history).
        """
        self._check_legal(action, True)
        record: _UndoRecord = (
            self.board[:],
            self.reserve[0][:],
            self.reserve[1][:],
            self.captured[0][:],
            self.captured[1][:],
            self.phase,
            self.player,
            self._ended,
            self._legal,
            self._legal_set,
            self._harmonies,
            self._env,
            self.resigned,
            len(self._plies),
        )
        self._do(action)
        self._undo.append(record)

    def pop(self) -> None:
        """Take back the last :meth:`push`; raise :class:`IllegalMove` if there is none."""
        if not self._undo:
            raise IllegalMove("nothing to take back: pop() needs an earlier push()")
        (board, r0, r1, c0, c1, self.phase, self.player, self._ended, self._legal,
         self._legal_set, self._harmonies, self._env, self.resigned, plies) = self._undo.pop()
        self.board[:] = board
        self.reserve[0][:] = r0
        self.reserve[1][:] = r1
        self.captured[0][:] = c0
        self.captured[1][:] = c1
        self.history.pop()
        if len(self._plies) > plies:
            self._plies.pop()
        else:
            self._plies[-1] = self._plies[-1][:-1]

    def state_key(self) -> Hashable:
        """Board, reserves, phase, player to move and resignation."""
        return (
            tuple(self.board),
            tuple(self.reserve[0]),
            tuple(self.reserve[1]),
            self.phase,
            self.player,
            self.resigned,
        )

    # ------------------------------------------------------------------ outcome
    def outcome(self) -> Outcome | None:
        """Ring (R8), last basic flower (R9/R10), resignation, or no legal move (R11)."""
        if self._ended is not None:
            return self._ended
        resigned = self._resign_outcome()
        if resigned is not None:
            return resigned
        if self.phase == BONUS:
            return None  # skipping the bonus is always legal
        if not self.legal_actions():
            self._ended = Outcome((HOST, GUEST), "no-move")
            return self._ended
        return None

    def resign(self, player: int | None = None) -> None:
        """The player to move resigns (the other one wins)."""
        super().resign(player)
        self._legal = None

    def _check_end(self, candidates: list[int] | None = None) -> None:
        """After an action: Harmony Ring first (R8), then the last basic flower (R10).

        ``candidates``: the only owners that can have formed a ring (those with a new
        harmony, :func:`.harmony.may_ring`); ``None`` checks both.
        """
        if candidates is None or self.custom_start:
            owners = rules.ring_owners(self._harmonies)
        elif candidates:
            owners = rules.ring_owners(self._harmonies, tuple(candidates))
        else:
            owners = set()
        if owners:
            self._ended = Outcome(tuple(sorted(owners)), "harmony-ring")
            return
        reserve = self.reserve
        if self.phase in (MAIN, BONUS) and not (any(reserve[HOST][:6]) and any(
            reserve[GUEST][:6]
        )):
            counts = self.crossing_counts()
            if counts[HOST] == counts[GUEST]:
                winners: tuple[int, ...] = (HOST, GUEST)
            else:
                winners = (HOST,) if counts[HOST] > counts[GUEST] else (GUEST,)
            self._ended = Outcome(winners, "no-basic-flowers")

    # ------------------------------------------------------------------ board queries
    def harmonies(self) -> list[tuple[int, int, int]]:
        """The harmonies on the board, ``(a, b, owner)`` with point indices.

        Kept up to date move by move (:mod:`.harmony`), in :func:`.rules.harmonies` order.
        """
        return self._harmonies

    def crossing_counts(self) -> tuple[int, int]:
        """Midline-crossing harmonies of the Host and of the Guest (R9)."""
        counts = [0, 0]
        for a, b, owner in self.harmonies():
            if rules.crosses_midline(a, b):
                counts[owner] += 1
        return counts[0], counts[1]

    def growing(self, player: int) -> bool:
        """Whether ``player`` has a flower on a Gate (Growing)."""
        return any(self.board[g] and OWNER_OF[self.board[g]] == player for g in GATES)

    def _blooming_lotus(self, player: int) -> bool:
        lotus = cell(LOTUS, player)
        return any(self.board[p] == lotus and not IS_GATE[p] for p in POINTS)

    def _has_basic(self, player: int) -> bool:
        reserve = self.reserve[player]
        return any(reserve[k] for k in BASIC_KINDS)

    # ------------------------------------------------------------------ legal actions
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
                    for packed in _accent_choices(
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

    def _opponent_can_move(self, me: int) -> bool:
        """R11 on the current board: the other player has a plant or an arrange."""
        opp = 1 - me
        if self._has_basic(opp) and any(not self.board[g] for g in GATES):
            return True
        return self._has_arrange(opp)

    def _witnesses(self, me: int) -> list[int]:
        """Masks of the points that could spoil each of a few quiet opponent Arranges.

        Used to settle R11 cheaply: an action that changes only points outside such a
        mask (farther from the moving tile than its range, and off the rows and columns
        of both ends) cannot block that move, trap it or make it clash, so the
        opponent keeps it.
        """
        board = self.board
        out = []
        for s, d in self._arranges(1 - me, per_tile=3):
            if not board[d]:
                out.append(
                    DIAMOND_MASK[s][MOVE_RANGE[board[s]]]
                    | ROW_MASK[Y_OF[s] + 8]
                    | ROW_MASK[Y_OF[d] + 8]
                    | COL_MASK[X_OF[s] + 8]
                    | COL_MASK[X_OF[d] + 8]
                )
        return out

    @staticmethod
    def _witnessed(witnesses: list[int], changed: tuple[int, ...]) -> bool:
        """Whether some witness move survives any change confined to ``changed`` points."""
        mask = 0
        for c in changed:
            mask |= 1 << c
        return any(not w & mask for w in witnesses)

    def _main_actions(self) -> list[SkudAction]:
        me, board = self.player, self.board
        opp = 1 - me
        out: list[SkudAction] = []
        open_gates = [g for g in GATES if not board[g]]
        opp_plants = self._has_basic(opp)
        reserve = self.reserve[me]
        witnesses: list[int] | None = None
        for g in open_gates:
            for k in BASIC_KINDS:
                if not reserve[k]:
                    continue
                if not (opp_plants and len(open_gates) > 1):
                    if witnesses is None:
                        witnesses = self._witnesses(me)
                    if not self._witnessed(witnesses, (g,)):
                        board[g] = cell(k, me)
                        ok = self._opponent_can_move(me)
                        board[g] = 0
                        if not ok:
                            continue
                out.append(SkudAction(PLANT, k, -1, g))
        for src, dst in self._arranges(me, first_only=False):
            if not (opp_plants and (open_gates or IS_GATE[src])):
                if witnesses is None:
                    witnesses = self._witnesses(me)
                if not self._witnessed(witnesses, (src, dst)):
                    v, w = board[src], board[dst]
                    board[src], board[dst] = 0, v
                    ok = self._opponent_can_move(me)
                    board[src], board[dst] = v, w
                    if not ok:
                        continue
            out.append(SkudAction(ARRANGE, -1, src, dst))
        return out

    def _has_arrange(self, player: int) -> bool:
        """Whether ``player`` has an Arrange (R1), one-step moves tried first."""
        board = self.board
        for p in compress(POINTS, _ON_POINTS(board)):
            v = board[p]
            if OWNER_OF[v] != player or not IS_FLOWER[v] or rules.is_trapped(board, p):
                continue
            forbidden = FORBIDDEN[v]
            for q in ORTHOGONAL[p]:
                if board[q] or IS_GATE[q] or forbidden[q]:
                    continue
                board[p], board[q] = 0, v
                bad = rules.clash_at(board, q) or rules.clash_through(board, p)
                board[p], board[q] = v, 0
                if not bad:
                    return True
        return bool(self._arranges(player, first_only=True))

    def _arranges(
        self, me: int, first_only: bool = False, per_tile: int = 0
    ) -> list[tuple[int, int]]:
        """Every (from, to) Arrange of ``me``'s flowers (R1), without the R11 check.

        Reachable points come from a breadth-first search over bit masks (one mask
        operation per step for the whole frontier); only the destinations then need a
        clash check, and only when a clashing tile shares their row or column.
        ``first_only`` stops at the first Arrange; ``per_tile`` keeps at most that many
        per tile (0: all).
        """
        board = self.board
        out: list[tuple[int, int]] = []
        lotus = [False, False]
        # rows and columns holding a Blooming tile of each basic kind (clash filter)
        kind_rows: list[set[int]] = [set() for _ in range(KINDS)]
        kind_cols: list[set[int]] = [set() for _ in range(KINDS)]
        # Blooming tiles of each kind of the opponent, as masks (capture targets)
        theirs = [0] * KINDS
        occupied = 0
        mine: list[int] = []
        opp = 1 - me
        for p in POINTS:
            v = board[p]
            if not v:
                continue
            occupied |= 1 << p
            owner = OWNER_OF[v]
            if not IS_GATE[p]:
                kind = KIND_OF[v]
                kind_rows[kind].add(Y_OF[p])
                kind_cols[kind].add(X_OF[p])
                if kind == LOTUS:
                    lotus[owner] = True
                if owner == opp:
                    theirs[kind] |= 1 << p
            if owner == me and IS_FLOWER[v]:
                mine.append(p)
        opp_flowers = 0
        for kind in range(ORCHID + 1):
            opp_flowers |= theirs[kind]
        orchid_prey = theirs[ORCHID] if lotus[opp] else 0  # any flower may take it (R7)
        for p in mine:
            v = board[p]
            if rules.is_trapped(board, p):
                continue
            kind = KIND_OF[v]
            if kind == ORCHID and lotus[me]:
                prey = opp_flowers
            elif IS_BASIC[v]:
                prey = theirs[CLASHING_KIND[kind]] | orchid_prey
            else:
                prey = orchid_prey
            bit = 1 << p
            empty = ON_MASK & ~(occupied & ~bit)
            reach = frontier = bit
            touched = 0
            for _ in range(MOVE_RANGE[v]):
                around = spread(frontier)
                touched |= around
                frontier = around & empty & ~reach
                reach |= frontier
            allowed = ~(GATE_MASK | FORBIDDEN_MASK[v])
            dests = ((reach & ~bit) | (touched & prey)) & allowed
            if not dests:
                continue
            if IS_BASIC[v]:
                clash_rows = kind_rows[CLASHING_KIND[kind]]
                clash_cols = kind_cols[CLASHING_KIND[kind]]
            else:
                clash_rows = clash_cols = set()
            board[p] = 0
            through = rules.clash_through(board, p)
            taken = 0
            while dests:
                low = dests & -dests
                dests ^= low
                q = low.bit_length() - 1
                near = bool(clash_rows) and (Y_OF[q] in clash_rows or X_OF[q] in clash_cols)
                if near or through:
                    w = board[q]
                    board[q] = v
                    bad = (near and rules.clash_at(board, q)) or (
                        through and rules.clash_through(board, p)
                    )
                    board[q] = w
                    if bad:
                        continue
                out.append((p, q))
                if first_only:
                    board[p] = v
                    return out
                taken += 1
                if taken == per_tile:
                    break
            board[p] = v
        return out

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
                empty = list(compress(_OPEN_POINTS, map(not_, _ON_OPEN_POINTS(board))))
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

    # ------------------------------------------------------------------ applying
    def apply(self, action: SkudAction) -> None:
        """Play one action; raise :class:`IllegalMove` naming it and why it is refused."""
        self._check_legal(action, False)
        self._do(action)

    def _check_legal(self, action: SkudAction, searching: bool) -> None:
        """Raise :class:`IllegalMove` unless ``action`` is legal here.

        ``searching``: more actions of this position will follow (:meth:`push`), so the
        check builds (or reuses) a set of the legal actions instead of scanning the list.
        """
        if not isinstance(action, SkudAction):
            raise IllegalMove(f"not a Skud action: {quote(action)}")
        legal = self._legal
        if legal is None and self.phase == BONUS and self._ended is None and (
            self.resigned is None
        ):
            # a bonus is checked lazily: its whole list is long and rarely needed
            ok = action.kind == SKIP or (
                action.kind in BONUS_KINDS and action in self._iter_bonus_actions()
            )
        else:
            if legal is None:
                self.legal_actions()
                legal = self._legal
            cache = self._legal_set
            if cache is not None and cache[0] is legal:
                ok = action in cache[1]
            elif searching and legal is not None:
                self._legal_set = (legal, frozenset(legal))
                ok = action in self._legal_set[1]
            else:
                ok = action in (legal or ())
        if not ok:
            raise IllegalMove(self.explain_illegal(action))

    def _do(self, action: SkudAction) -> None:
        """Play a legal ``action``."""
        me = self.player
        kind = action.kind
        self.history.append(action)
        self._legal = None
        if kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
            self._plies[-1] += (action,)
            self._do_bonus(action)
            if kind == BONUS_PLANT:  # on a Gate: no harmony changes
                occupied, rows, cols, drained = self._env
                self._env = (occupied | 1 << action.dst, rows, cols, drained)
                self._end_turn(candidates=[])
            elif kind == SKIP:
                self._end_turn(candidates=[])
            else:
                self._refresh_board()
                self._end_turn()
            return
        self._plies.append((action,))
        if kind == ACCENTS:
            r, w, k, b = unpack_accents(action.tile)
            reserve = self.reserve[me]
            reserve[ROCK], reserve[WHEEL], reserve[KNOTWEED], reserve[BOAT] = r, w, k, b
            if me == HOST:
                self.player = GUEST
            else:
                self.phase, self.player = OPENING, GUEST
            return
        if kind == PLANT:  # on a Gate: no harmony changes
            dst = action.dst
            self.board[dst] = cell(action.tile, me)
            self.reserve[me][action.tile] -= 1
            occupied, rows, cols, drained = self._env
            self._env = (occupied | 1 << dst, rows, cols, drained)
            if self.phase == OPENING:
                self.phase, self.player = MIRROR, HOST
            elif self.phase == MIRROR:
                self.phase, self.player = MAIN, GUEST
            else:
                self._end_turn(candidates=[])
            return
        # ARRANGE
        board = self.board
        src, dst = action.src, action.dst
        taken = board[dst]
        if taken:
            self.captured[OWNER_OF[taken]][KIND_OF[taken]] += 1
        board[dst] = board[src]
        board[src] = 0
        occupied, rows, cols, drained = self._env
        self._env = env = ((occupied & ~(1 << src)) | 1 << dst, rows, cols, drained)
        old = self._harmonies
        self._harmonies, added = harmony.after_arrange(board, old, env, src, dst)
        if added:
            self._check_end(harmony.may_ring(self._harmonies, added))
            if self._ended is None and harmony.earns_bonus(old, added, me, src, dst):
                self.phase = BONUS
                if next(self._iter_bonus_actions(), None) is not None:
                    return
        else:
            self._check_end([])
        self._end_turn(checked=True)

    def _refresh_board(self) -> None:
        """Recompute the harmonies and masks from the board (after a Wheel, Rock…)."""
        self._env = harmony.environment(self.board)
        self._harmonies = rules.harmonies(self.board)

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

    def _end_turn(self, checked: bool = False, candidates: list[int] | None = None) -> None:
        """Pass the turn; check the end unless the caller just did on this board.

        ``candidates`` as for :meth:`_check_end` (``[]``: the harmonies did not change).
        """
        self.player = 1 - self.player
        self.phase = MAIN
        if self._ended is None and not checked:
            self._check_end(candidates)

    # ------------------------------------------------------------------ explaining
    def explain_illegal(self, action: SkudAction) -> str:
        """A sentence naming the ply, the action and the rule that forbids it."""
        ply = len(self._plies) + (0 if action.kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE,
                                                        SKIP) else 1)
        prefix = ply_prefix(max(ply - 1, 0))
        try:
            text = format_action(action)
        except InvalidMove:
            text = repr(action)
        head = f"ply {ply} ({prefix}): {text} is not legal"
        return f"{head}: {self._reason(action)}"

    def _reason(self, action: SkudAction) -> str:
        if self._ended is not None or self.resigned is not None:
            return "the game is over"
        me, board, kind = self.player, self.board, action.kind
        who = PLAYERS[me].capitalize()
        if self.phase == ACCENT_PHASE:
            if kind != ACCENTS:
                return f"the {who} must first choose accent tiles"
            return (f"choose {self.accent_pick} accent tiles from "
                    f"{','.join(str(n) for n in self.accent_pool)} (R,W,K,B) (R12)")
        if kind == ACCENTS:
            return "accent tiles are chosen only before the first plant"
        if self.phase == OPENING:
            return "the Guest opens by planting a basic flower in their own Gate (0,-8) (R7b)"
        if self.phase == MIRROR:
            mirror = self.legal_actions()
            return "the Host must answer with " + (format_action(mirror[0]) if mirror else "?")
        if self.phase == BONUS and kind not in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
            return f"the {who} earned a Harmony Bonus: take it (+…) or skip it first"
        if self.phase == MAIN and kind in (BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP):
            return "no Harmony Bonus was earned: a bonus follows only an Arrange that makes a " \
                "new harmony (R4)"
        if kind in (PLANT, BONUS_PLANT, PLACE_ACCENT) and self.reserve[me][action.tile] <= 0:
            return f"the {who} has no {NAME[action.tile]} left in reserve"
        if kind in (PLANT, BONUS_PLANT):
            if not IS_GATE[action.dst]:
                return "flowers are planted only in a Gate"
            if board[action.dst]:
                return f"the Gate {POINT_OF[action.dst]} is not open"
            if kind == BONUS_PLANT and IS_BASIC[cell(action.tile, me)] and self.growing(me):
                return "a bonus plant of a basic flower needs no Growing flower of yours (R4)"
            return "it would leave the opponent without a move (R11)"
        if kind == PLACE_ACCENT:
            if board[action.dst] or IS_GATE[action.dst]:
                return "accent tiles go on an open point that is not a Gate"
            if action.tile == WHEEL:
                return ("a Wheel may not turn a Rock, a tile on or onto a Gate or off the "
                        "board, a flower into the wrong garden, nor make a clash (R5)")
            return "it would leave the opponent without a move (R11)"
        if kind == BOAT_MOVE:
            if self.reserve[me][BOAT] <= 0:
                return f"the {who} has no Boat left in reserve"
            target = board[action.src] if action.src >= 0 else 0
            if not target or IS_GATE[action.src]:
                return "a Boat goes onto a Blooming flower or an accent tile"
            return "the Boat may not make a clash, nor move a flower onto a Gate, into the " \
                "wrong garden or onto a tile"
        if kind == ARRANGE:
            src, dst = action.src, action.dst
            v = board[src] if src >= 0 else 0
            if not v:
                return f"there is no tile on {POINT_OF[src]}"
            if OWNER_OF[v] != me:
                return f"the tile on {POINT_OF[src]} is not the {who}'s"
            if not IS_FLOWER[v]:
                return "accent tiles do not move"
            if rules.is_trapped(board, src):
                return "that flower is trapped by an Orchid (R7)"
            if IS_GATE[dst]:
                return "no tile may move onto a Gate"
            if FORBIDDEN[v][dst]:
                colour = "white" if IS_WHITE_FLOWER[v] else "red"
                other = "red" if colour == "white" else "white"
                return f"a {colour} flower may not end wholly inside a {other} garden"
            w = board[dst]
            if w and (OWNER_OF[w] == me or not IS_FLOWER[w]):
                return f"{POINT_OF[dst]} is taken"
            if w:
                return f"{CODE[KIND_OF[v]]} cannot capture the {NAME[KIND_OF[w]]} there"
            if not any(d == dst for s, d in self._arranges(me, first_only=False) if s == src):
                reach = MOVE_RANGE[v]
                reachable = self._reachable(src, reach)
                if dst not in reachable:
                    return f"{CODE[KIND_OF[v]]} moves at most {reach} steps and may not " \
                        "pass over tiles (R1)"
                return "it would make two tiles clash (R3)"
            return "it would leave the opponent without a move (R11)"
        return "not a legal move here"


    def _reachable(self, src: int, steps: int) -> set[int]:
        seen, frontier = {src}, [src]
        for _ in range(steps):
            nxt = []
            for u in frontier:
                for q in ORTHOGONAL[u]:
                    if q not in seen and not self.board[q]:
                        seen.add(q)
                        nxt.append(q)
            frontier = nxt
        return seen

    # ------------------------------------------------------------------ text
    def format_action(self, action: SkudAction) -> str:
        """The action's notation without ply prefix (bonus parts start with ``+``)."""
        return format_action(action)

    def parse_action(self, text: str) -> SkudAction:
        """Parse one action's notation; raise :class:`InvalidMove` quoting it."""
        return parse_action(text)

    def ply_texts(self, reference: bool = False) -> list[str]:
        """Each ply with its prefix, e.g. ``["0H.R,W,K,B", …, "4G.(1,2)-(1,5)+R(3,3)"]``.

        A ply without a bonus part took no bonus; a skipped bonus is still written
        ``+skip`` at the very end of the game unless ``reference=True``.  A bonus still
        to be chosen is written as a bare trailing ``+`` (so the text replays to it).
        """
        out = []
        last = len(self._plies) - 1
        for i, group in enumerate(self._plies):
            if not group:  # a set-up position's imaginary opening plies
                continue
            parts = [
                format_action(a)
                for a in group
                if a.kind != SKIP or (i == last and not reference)
            ]
            if i == last and self.bonus_pending:
                parts.append("+")  # the bonus is still to be chosen
            out.append(f"{ply_prefix(i)}.{''.join(parts)}")
        if self.resigned is not None and not reference:
            out.append(f"{ply_prefix(len(self._plies))}.resign")
        return out

    def to_text(self) -> str:
        """The game in the reference notation, plies joined by ``;``."""
        return ";".join(self.ply_texts())

    @classmethod
    def from_text(
        cls, text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> SkudGame:
        """Replay a game in the reference notation, checking every ply.

        Malformed text raises :class:`InvalidMove`; a well-formed but illegal ply raises
        :class:`IllegalMove` naming the ply and the rule.
        """
        game = cls(options, seed)
        game.play_plies(text)
        return game

    @classmethod
    def from_text_lenient(
        cls, text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> tuple[SkudGame, list[str]]:
        """Replay a record from the reference site as it reads it (see :mod:`.notation`).

        A bonus written on the ply that formed a Harmony Ring, or after a move that
        earned none, is set aside with a note instead of refused.
        """
        game = cls(options, seed)
        notes = read_plies(game, text, lenient=True)
        return game, notes

    def play_plies(self, text: str, lenient: bool = False) -> list[str]:
        """Play ``;``-separated plies (with their prefixes) onto this game.

        A ply is a whole turn: without a ``+`` bonus part no bonus is taken; a bare
        trailing ``+`` leaves it to be chosen.  Returns what lenient reading set aside.
        """
        return read_plies(self, text, lenient)

    # ------------------------------------------------------------------ set-up positions
    @classmethod
    def setup(
        cls,
        tiles: dict[str, str],
        to_move: str = "guest",
        reserves: dict[str, dict[str, int]] | None = None,
        options: Iterable[str] = (),
    ) -> SkudGame:
        """A main-phase position for rule demos and tests, e.g. ``{"(0,3)": "HR3"}``.

        Tile text is the owner letter (``H``/``G``) and the tile code.  Reserves
        default to each player's basic and special flowers minus those on the board,
        and no accent tiles.  Such a game has no history: it cannot be written as
        notation or shared as a link (:attr:`custom_start` is set).
        """
        game = cls(options)
        counts = [list(FULL_SET), list(FULL_SET)]
        for text_point, text_tile in tiles.items():
            point = Point.parse(text_point).index
            owner = "HG".index(text_tile[0])
            kind = KIND_OF_CODE[text_tile[1:]]
            game.board[point] = cell(kind, owner)
            counts[owner][kind] -= 1
        for owner in (HOST, GUEST):
            for k in (ROCK, WHEEL, KNOTWEED, BOAT):
                counts[owner][k] = 0
            game.reserve[owner] = [max(0, n) for n in counts[owner]]
        for name, reserve in (reserves or {}).items():
            owner = PLAYERS.index(name)
            game.reserve[owner] = [reserve.get(CODE[k], 0) for k in range(KINDS)]
        game.phase, game.player = MAIN, PLAYERS.index(to_move)
        game._refresh_board()
        game._plies = [() for _ in range(4)]
        game.custom_start = True
        return game

    # ------------------------------------------------------------------ views
    def board_tiles(self) -> list[TileView]:
        """Every tile with owner and flags ``growing``/``drained``/``trapped``."""
        out = []
        board = self.board
        for p in POINTS:
            v = board[p]
            if not v:
                continue
            flags = []
            if IS_GATE[p]:
                flags.append("growing")
            if rules.is_drained(board, p):
                flags.append("drained")
            if rules.is_trapped(board, p):
                flags.append("trapped")
            out.append(TileView(POINT_OF[p], CODE[KIND_OF[v]], OWNER_OF[v], frozenset(flags)))
        return out

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The harmonies as ``(a, b, owner)`` points."""
        return [(POINT_OF[a], POINT_OF[b], o) for a, b, o in self.harmonies()]

    def reserves(self, viewer: int | None = None) -> list[dict[str, int]]:
        """Each player's reserve by tile code (accent tiles after the choice).

        Nothing is hidden in Skud, so ``viewer`` changes nothing.
        """
        return [
            {CODE[k]: n for k, n in enumerate(reserve) if n} for reserve in self.reserve
        ]

    def action_clicks(self, action: SkudAction) -> tuple[str, ...]:
        """Clicks that make ``action`` (see :meth:`Game.action_clicks`)."""
        kind = action.kind
        if kind == ARRANGE:
            return (f"point:{POINT_OF[action.src]}", f"point:{POINT_OF[action.dst]}")
        if kind in (PLANT, BONUS_PLANT, PLACE_ACCENT):
            return (f"reserve:{CODE[action.tile]}", f"point:{POINT_OF[action.dst]}")
        if kind == BOAT_MOVE:
            clicks = ("reserve:B", f"point:{POINT_OF[action.src]}")
            return clicks + ((f"point:{POINT_OF[action.dst]}",) if action.dst >= 0 else ())
        if kind == SKIP:
            return ("skip",)
        return (f"accents:{format_action(action)}",)

    def extra_json(self) -> dict[str, object]:
        """Phase, whether a bonus is pending, the reserves and the R9 counts."""
        host, guest = self.crossing_counts()
        return {
            "phase": PHASE_NAMES[self.phase],
            "bonus_pending": self.bonus_pending,
            "reserves": {PLAYERS[i]: r for i, r in enumerate(self.reserves())},
            "midline_harmonies": {"host": host, "guest": guest},
        }


