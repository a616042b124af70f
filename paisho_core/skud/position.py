"""Skud Pai Sho: the position (board, reserves, phase) and what can be read off it.

The position is a flat board list (cells from :mod:`.tiles`) plus each player's
reserve counts, the phase and the player to move (``rules.html#skud``).  This module
holds the state, the board queries (harmonies, midline crossings, Growing) and the
views the page and the CLI draw; :mod:`.moves`, :mod:`.bonus`, :mod:`.explain` and
:mod:`.game` add move generation, the Harmony Bonus, refusals and applying actions.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from operator import itemgetter

from ..board import (
    CELLS,
    GATES,
    IS_GATE,
    POINT_OF,
    POINTS,
    WHOLLY_RED,
    WHOLLY_WHITE,
    Point,
)
from ..protocol import Game, Outcome, TileView
from ..tokens import POINT_TOKENS, accents_token, reserve_token
from ..tokens import SKIP as SKIP_TOKEN
from . import harmony, rules
from .actions import (
    ARRANGE,
    BOAT_MOVE,
    BONUS_PLANT,
    PLACE_ACCENT,
    PLANT,
    SKIP,
    SkudAction,
    format_action,
)
from .tiles import (
    BASIC_KINDS,
    BOAT,
    CODE,
    FULL_SET,
    HOST,
    IS_RED_FLOWER,
    IS_WHITE_FLOWER,
    KIND_OF,
    KINDS,
    KNOTWEED,
    LOTUS,
    OWNER_OF,
    PLAYERS,
    ROCK,
    WHEEL,
    cell,
)

ACCENT_PHASE, OPENING, MIRROR, MAIN, BONUS = range(5)
PHASE_NAMES = ("accents", "opening", "mirror", "main", "bonus")


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

OPEN_POINTS = tuple(p for p in POINTS if not IS_GATE[p])
"""The points that are not Gates, in point order."""
ON_OPEN_POINTS = itemgetter(*OPEN_POINTS)
"""``ON_OPEN_POINTS(board)``: the cells of :data:`OPEN_POINTS`."""
LegalSet = tuple[list[SkudAction], frozenset[SkudAction]] | None
"""The legal list of a position and the same actions as a set (for quick checks)."""
UndoRecord = tuple[
    "list[int] | tuple[int, ...]", list[int], list[int], list[int], list[int], int, int,
    "Outcome | None",
    "list[SkudAction] | None", "LegalSet", "list[harmony.Harmony]", harmony.Environment,
    "int | None", int,
]
"""What :meth:`SkudGame.push` records: the changed points as ``(point, cell, …)`` (or
the whole board as a list), reserves, captures, phase, player, end, caches,
resignation and the number of ply groups."""



class SkudPosition(Game[SkudAction]):
    """The state of a Skud game and the queries on it (see :class:`.game.SkudGame`)."""

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)
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
        self._legal_set: LegalSet = None
        self._harmonies: list[harmony.Harmony] = []
        """The harmonies on the board, kept up to date by :meth:`apply`."""
        self._env: harmony.Environment = (0, 0, 0, 0)
        """The board's occupied, Rock and drained masks (:mod:`.harmony`)."""
        self._undo: list[UndoRecord] = []
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
    def plies(self) -> int:
        """Plies begun so far (a ply awaiting its Harmony Bonus counts)."""
        return len(self._plies)

    @property
    def bonus_pending(self) -> bool:
        """True while the player to move may take a Harmony Bonus."""
        return self.phase == BONUS and self._ended is None

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
            return (POINT_TOKENS[action.src], POINT_TOKENS[action.dst])
        if kind in (PLANT, BONUS_PLANT, PLACE_ACCENT):
            return (reserve_token(CODE[action.tile]), POINT_TOKENS[action.dst])
        if kind == BOAT_MOVE:
            clicks = (reserve_token("B"), POINT_TOKENS[action.src])
            return clicks + ((POINT_TOKENS[action.dst],) if action.dst >= 0 else ())
        if kind == SKIP:
            return (SKIP_TOKEN,)
        return (accents_token(format_action(action)),)

    def extra_json(self) -> dict[str, object]:
        """Phase, whether a bonus is pending, the reserves and the R9 counts."""
        host, guest = self.crossing_counts()
        return {
            "phase": PHASE_NAMES[self.phase],
            "bonus_pending": self.bonus_pending,
            "reserves": {PLAYERS[i]: r for i, r in enumerate(self.reserves())},
            "midline_harmonies": {"host": host, "guest": guest},
        }


