"""Wiki Pai Sho: the position and what an action does to it (``rules.html#wiki``).

The position is a flat board list (cells from :mod:`.tiles`), a ``moved`` flag per
point (wiki R8's never-moved rule), each player's reserve and captured tiles, the turns
each has taken (R3's timing), the passes in a row (R2) and which player is credited with
each disharmony on the board (R9).  :class:`WikiPosition` holds it, carries out legal
actions on it, recomputes harmonies and scores (from :mod:`.rules`) once per action,
and shows it to the UI and the CLI; :class:`.game.WikiGame` adds turn order, legal
actions, the outcome and the notation.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Hashable, Iterable
from itertools import permutations
from operator import itemgetter
from typing import Self

from ..board import BOARD_RANK, CELLS, POINT_OF, POINTS, X_OF, Y_OF, Point, index_of
from ..protocol import Game, TileView
from ..tokens import POINT_TOKENS, reserve_token, turn_token
from ..tokens import SKIP as SKIP_TOKEN
from . import moves, rules
from .actions import CARRY, ENTER, MOVE, PASS, PUSH, SPIN_TEXT, TURN, WikiAction
from .tiles import (
    CODE,
    FLOWER_KINDS,
    FLOWERS_AT_START,
    FULL_SET,
    GUEST,
    HOST,
    KIND_OF,
    KIND_OF_CODE,
    KINDS,
    KNOTWEED,
    MAIN,
    OPENING,
    OPENING_MAX,
    OWNER_OF,
    PLAYERS,
    cell,
)

_WALLS = (KIND_OF_CODE["R"], KNOTWEED)
"""The kinds that can block a harmony (wiki R8b): Rock and Knotweed."""

MIRROR: tuple[int, ...] = tuple(index_of(-X_OF[i], -Y_OF[i]) for i in range(CELLS))
"""The point opposite each point through the centre."""

_FLOWERS_OF = itemgetter(*FLOWER_KINDS)
"""The flower kinds' entries of a list by kind."""

Credit = dict[tuple[int, int, int, int], int]
"""Who is credited with each disharmony: ``(a, b, cell at a, cell at b)`` → player."""


class WikiPosition(Game[WikiAction]):
    """The state of a Wiki game, its effects and its views (see :class:`.game.WikiGame`)."""

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)
        self.board: list[int] = [0] * CELLS
        self.moved = bytearray(CELLS)
        """1 on a point whose tile has moved since it entered (wiki R8)."""
        self.reserve: list[list[int]] = [list(FULL_SET), list(FULL_SET)]
        self.captured: list[list[int]] = [[0] * KINDS, [0] * KINDS]
        """Tiles of each player that left the game, by kind (wiki R5)."""
        self.turns = [0, 0]
        """Turns each player has taken in the main phase (passes included; wiki R3)."""
        self.player = GUEST
        self.phase = OPENING if "mirrored-opening" in self.options else MAIN
        self.opening_plies = 0
        self.first_ply = 0
        """1 when the record's first main-phase ply is the Host's (a set-up with the Host
        to move: numbered ``1H``), else 0 (``1G``)."""
        self.passes = 0
        self.earlier_end = False
        """True when the game is read under the earlier R10 (a ring of one player's
        harmonies ends it, not a chain of harmonies and disharmonies): a record that goes
        on after such a chain closed (:meth:`.game.WikiGame.read_past_end`)."""
        self.credit: Credit = {}
        self.custom_start = False
        self.harmony_list: list[rules.Pair] = []
        self.disharmony_list: list[rules.Pair] = []
        self._scores: list[dict[str, int]] | None = None
        self.occupied: list[int] = []
        """The points with a tile, in board order (kept up to date by every action)."""
        self._drained = bytearray(CELLS)
        self._knotweeds = (-1, -1, -1, -1)
        """The reserves' and captured Knotweeds when :attr:`_drained` was computed."""

    # ------------------------------------------------------------------ the position
    @property
    def players(self) -> tuple[str, ...]:
        """``("host", "guest")``."""
        return PLAYERS

    def copy(self) -> Self:
        """An independent copy (cheaper than replaying)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other.moved = self.moved[:]
        other.reserve = [self.reserve[0][:], self.reserve[1][:]]
        other.captured = [self.captured[0][:], self.captured[1][:]]
        other.turns = self.turns[:]
        other.credit = dict(self.credit)
        other.history = self.history[:]
        return other

    def state_key(self) -> Hashable:
        """Board, moved flags, reserves, whose turn, timing, passes, credit, resignation,
        the end rule."""
        return (
            tuple(self.board),
            bytes(self.moved),
            tuple(self.reserve[0]),
            tuple(self.reserve[1]),
            self.player,
            self.phase,
            min(self.turns[0], 3),
            min(self.turns[1], 3),
            self.first_of_game,
            self.passes,
            frozenset(self.credit.items()),
            self.resigned,
            self.earlier_end,
        )

    @property
    def first_of_game(self) -> bool:
        """True before the first action of the main phase (it must enter a flower, R3)."""
        return self.phase == MAIN and self.turns[GUEST] == 0 and self.turns[HOST] == 0

    def flowers_left(self, player: int) -> int:
        """The player's flowers on the board and in reserve (wiki R11)."""
        flowers: tuple[int, ...] = _FLOWERS_OF(self.captured[player])
        return FLOWERS_AT_START - sum(flowers)

    def scores(self) -> list[dict[str, int]]:
        """Each player's score by R9 term (``harmonies``, ``disharmonies``, ``blocked``,
        ``lotus``, ``unharmonised``) and ``total``."""
        if self._scores is None:
            self._scores = rules.scores(
                self.board, self.harmony_list, self.disharmony_list, self.occupied,
                self.blocked_list(),
            )
        return self._scores

    def blocked_list(self) -> list[rules.Pair]:
        """The blocked harmonies ``(a, b, owner)`` on the board (wiki R8b): none while no
        Rock or Knotweed is on the board (they alone block, a Knotweed by draining too)."""
        reserve, captured = self.reserve, self.captured
        if all(
            reserve[o][k] + captured[o][k] == FULL_SET[k] for o in (HOST, GUEST) for k in _WALLS
        ):
            return []
        return rules.blocked_harmonies(self.board, self.moved, self._drained, self.occupied)

    def drained(self) -> bytearray:
        """1 on every point next to a Knotweed (wiki R6); computed once per position
        (after every action), not to be changed by the caller."""
        return self._drained

    # ------------------------------------------------------------------ effects
    def _apply_opening(self, action: WikiAction) -> list[int]:
        """Play an opening action; return the points whose tiles changed."""
        self.opening_plies += 1
        if action.kind == PASS:
            self.phase = MAIN
            return []
        p, kind = action.dst, action.tile
        self.board[p] = cell(kind, GUEST)
        self.board[MIRROR[p]] = cell(kind, HOST)
        self.reserve[GUEST][kind] -= 1
        self.reserve[HOST][kind] -= 1
        if self.opening_plies >= OPENING_MAX:
            self.phase = MAIN
        return [p, MIRROR[p]]

    def _take(self, point: int) -> None:
        v = self.board[point]
        self.captured[OWNER_OF[v]][KIND_OF[v]] += 1
        self.board[point] = 0
        self.moved[point] = 0

    def _put(self, point: int, value: int) -> None:
        self.board[point] = value
        self.moved[point] = 1

    def _do(self, action: WikiAction) -> list[int]:
        """Carry out a main-phase action; return the points whose tiles changed."""
        board, kind = self.board, action.kind
        me = self.player
        if kind == ENTER:
            board[action.dst] = cell(action.tile, me)
            self.moved[action.dst] = 0
            self.reserve[me][action.tile] -= 1
            return [action.dst]
        elif kind == MOVE:
            v = board[action.src]
            landing = moves.LANDING[v][board[action.dst]]
            board[action.src] = 0
            self.moved[action.src] = 0
            if landing in (moves.CAPTURE, moves.MUTUAL):
                self._take(action.dst)
            if landing == moves.MUTUAL:
                self.captured[me][KIND_OF[v]] += 1
            else:
                self._put(action.dst, v)
            return [action.src, action.dst]
        elif kind == PUSH:
            boat, pushed = board[action.src], board[action.dst]
            beyond = 2 * action.dst - action.src
            board[action.src] = 0
            self.moved[action.src] = 0
            self._put(beyond, pushed)
            self._put(action.dst, boat)
            return [action.src, action.dst, beyond]
        elif kind == CARRY:
            offset = action.dst - action.src
            group = (action.src, *action.carried)
            values = [board[s] for s in group]
            for s in group:
                board[s] = 0
                self.moved[s] = 0
            for s, v in zip(group, values, strict=True):
                self._put(s + offset, v)
            return [*group, *(s + offset for s in group)]
        elif kind == TURN:
            pairs = moves.turn_targets(board, self.drained(), action.src, action.tile) or []
            values = [board[pairs[i]] for i in range(0, len(pairs), 2)]
            for i in range(0, len(pairs), 2):
                board[pairs[i]] = 0
                self.moved[pairs[i]] = 0
            for i, v in enumerate(values):
                self._put(pairs[2 * i + 1], v)
            return pairs
        return []

    def _refresh(self, mover: int, changed: list[int] | None = None) -> None:
        """Recompute the occupied points, the drained ones, harmonies and disharmonies
        (after every change of the board); new disharmonies are the mover's (R9).

        ``changed``: the only points whose tiles may have changed since the last
        refresh (``None``: any)."""
        board = self.board
        if changed is None:
            occupied = rules.occupied_points(board)
        else:
            occupied = self.occupied[:]  # a copy of the game may share the list
            for p in changed:
                if board[p]:
                    if p not in occupied:
                        insort(occupied, p, key=BOARD_RANK.__getitem__)
                elif p in occupied:
                    occupied.remove(p)
        self.occupied = occupied
        # Knotweeds never move (wiki R4-R7), so the drained points change only when
        # one enters or leaves the game: when the reserves' or the captured Knotweeds
        # change.
        knotweeds = (
            self.reserve[0][KNOTWEED],
            self.reserve[1][KNOTWEED],
            self.captured[0][KNOTWEED],
            self.captured[1][KNOTWEED],
        )
        if changed is None or knotweeds != self._knotweeds:
            self._drained = rules.drained_points(board, occupied)
            self._knotweeds = knotweeds
        drained = self._drained
        self.harmony_list, found = rules.pairs(board, self.moved, drained, occupied)
        if found or self.credit:
            old = self.credit
            credit: Credit = {}
            listed: list[rules.Pair] = []
            for a, b in found:
                key = (a, b, board[a], board[b])
                who = old.get(key, mover)
                credit[key] = who
                listed.append((a, b, who))
            self.credit = credit
            self.disharmony_list = listed
        self._scores = None

    # ------------------------------------------------------------------ views
    def tile_flags(self, point: int, drained: bytearray | None = None) -> frozenset[str]:
        """``moved`` and ``drained`` flags of the tile on ``point``."""
        flags = []
        if self.moved[point]:
            flags.append("moved")
        if (drained if drained is not None else self.drained())[point] and KIND_OF[
            self.board[point]
        ] != KIND_OF_CODE["K"]:
            flags.append("drained")
        return frozenset(flags)

    def board_tiles(self) -> list[TileView]:
        """Every tile with owner and flags ``moved``/``drained``."""
        drained = self.drained()
        return [
            TileView(POINT_OF[p], CODE[KIND_OF[v]], OWNER_OF[v], self.tile_flags(p, drained))
            for p in POINTS
            if (v := self.board[p])
        ]

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The harmonies as ``(a, b, owner)`` points."""
        return [(POINT_OF[a], POINT_OF[b], o) for a, b, o in self.harmony_list]

    def blocked_lines(self) -> list[tuple[Point, Point, int]]:
        """The blocked harmonies as ``(a, b, owner)`` points (wiki R8b)."""
        return [(POINT_OF[a], POINT_OF[b], o) for a, b, o in self.blocked_list()]

    def disharmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The disharmonies as ``(a, b, credited player)`` points (wiki R9)."""
        return [(POINT_OF[a], POINT_OF[b], o) for a, b, o in self.disharmony_list]

    def reserves(self, viewer: int | None = None) -> list[dict[str, int]]:
        """Each player's reserve by tile code (nothing is hidden in Wiki)."""
        return [{CODE[k]: n for k, n in enumerate(r) if n} for r in self.reserve]

    def action_clicks(self, action: WikiAction) -> tuple[str, ...]:
        """Clicks that make ``action`` (see :meth:`Game.action_clicks`); board points only.

        An entry is the reserve tile then the point; a move the tile then where it goes; a
        push the Boat, the pushed tile, then where that tile goes; a carry the Boat, each
        carried tile (in notation order), then where the Boat goes; a Wheel turn the Wheel,
        the first tile around it (clockwise from the north-west), then where that tile goes
        (one step round, either way); a pass the ``skip`` button.
        """
        kind = action.kind
        point = POINT_TOKENS
        if kind == ENTER:
            return (reserve_token(CODE[action.tile]), point[action.dst])
        if kind == MOVE:
            return (point[action.src], point[action.dst])
        if kind == PUSH:
            beyond = 2 * action.dst - action.src
            return (point[action.src], point[action.dst], point[beyond])
        if kind == CARRY:
            return (
                point[action.src],
                *(point[p] for p in action.carried),
                point[action.dst],
            )
        if kind == TURN:
            pairs = moves.turn_targets(self.board, self.drained(), action.src, action.tile)
            if pairs:
                return (point[action.src], point[pairs[0]], point[pairs[1]])
            return (point[action.src], turn_token(("cw", "ccw")[action.tile]))
        return (SKIP_TOKEN,)

    def action_click_paths(self, action: WikiAction) -> tuple[tuple[str, ...], ...]:
        """The click paths the page takes for ``action`` (:meth:`action_clicks` first).

        A carry (wiki R4) also takes its tiles in any order, and the Boat's destination
        before them as well as after; a Wheel turn (R7) also takes the Wheel then its
        direction, ``turn:cw`` or ``turn:ccw`` (the page's on-board control).
        """
        first = self.action_clicks(action)
        out = [first]
        if action.kind == CARRY:
            boat, dst = POINT_TOKENS[action.src], POINT_TOKENS[action.dst]
            for order in permutations(action.carried):
                tiles = tuple(POINT_TOKENS[p] for p in order)
                out.extend(p for p in ((boat, *tiles, dst), (boat, dst, *tiles)) if p not in out)
        elif action.kind == TURN:
            way = (POINT_TOKENS[action.src], turn_token(SPIN_TEXT[action.tile]))
            if way != first:
                out.append(way)
        return tuple(out)

    def extra_json(self) -> dict[str, object]:
        """Phase, reserves, scores by R9 term, disharmonies, blocked harmonies, flowers
        left and passes (and the end rule, when the game is read under the earlier R10)."""
        names = PLAYERS
        return {
            "phase": ("opening", "main")[self.phase],
            "reserves": {names[i]: r for i, r in enumerate(self.reserves())},
            "scores": {names[i]: row for i, row in enumerate(self.scores())},
            "disharmonies": [
                {"points": [str(POINT_OF[a]), str(POINT_OF[b])], "credited": names[o]}
                for a, b, o in self.disharmony_list
            ],
            "blocked": [
                {"points": [str(POINT_OF[a]), str(POINT_OF[b])], "owner": names[o]}
                for a, b, o in self.blocked_list()
            ],
            "flowers_left": {names[i]: self.flowers_left(i) for i in (HOST, GUEST)},
            "passes_in_a_row": self.passes,
            **({"end_rule": "earlier-r10"} if self.earlier_end else {}),
        }
