"""Skud Pai Sho (``rules.html#skud``): applying actions, the end of the game, undo, text.

:class:`SkudGame` is the variant's :class:`~paisho_core.protocol.Game` and its
position (it extends :class:`~.position.SkudPosition`, one level: see the package
docstring of :mod:`paisho_core`).  Its jobs are split by module: the state and its views
(:mod:`.position`); functions over it for main-phase moves (:mod:`.moves`), the Harmony
Bonus (:mod:`.bonus`) and refusal messages (:mod:`.explain`); the harmony bookkeeping
(:mod:`.harmony`).  This module applies actions, decides the end (R8-R11), keeps the
undo log for a search and reads and writes the notation.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..board import (
    Point,
)
from ..errors import IllegalMove, quote
from ..messages import Message, msg
from ..protocol import Outcome, Reason
from ..rings import ring_owners
from . import explain, harmony, rules
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
    parse_action,
    unpack_accents,
)
from .bonus import do_bonus, iter_bonus_actions, legal_list
from .explain import explain_illegal as refusal
from .moves import has_legal_action, main_action_ok
from .notation import SETUP_PLIES, ply_prefix, read_plies
from .position import (
    ACCENT_PHASE,
    BONUS,
    FORBIDDEN,
    MAIN,
    MIRROR,
    OPENING,
    PHASE_NAMES,
    SkudPosition,
    UndoRecord,
)
from .spec import OPTIONS, SPEC, SkudEnd
from .tiles import (
    BOAT,
    CODE,
    FULL_SET,
    GUEST,
    HOST,
    KIND_OF,
    KIND_OF_CODE,
    KINDS,
    KNOTWEED,
    OWNER_OF,
    PLAYERS,
    ROCK,
    WHEEL,
    cell,
)

__all__ = [
    "ACCENT_PHASE",
    "BONUS",
    "FORBIDDEN",
    "MAIN",
    "MIRROR",
    "OPENING",
    "OPTIONS",
    "PHASE_NAMES",
    "SkudGame",
]


class SkudGame(SkudPosition):
    """A game of Skud Pai Sho between the Host (player 0) and the Guest (player 1)."""

    info = SPEC.info

    @property
    def to_move(self) -> int | None:
        """The player to act (0 Host, 1 Guest), or ``None`` when the game is over."""
        return None if self.outcome() is not None else self.player

    def legal_actions(self) -> list[SkudAction]:
        """Every legal action of the player to move, in a deterministic order (see
        :func:`.bonus.legal_list`; kept until the position changes)."""
        if self._legal is None:
            self._legal = legal_list(self)
        return list(self._legal)

    def describe_action(self, action: SkudAction, coordinates: bool = False) -> Message:
        """``action`` in words (:func:`.explain.describe`)."""
        return explain.describe(self, action, coordinates)

    def click_refusal(self, clicks: tuple[str, ...], token: str) -> Message | None:
        """Why a click is refused, from the rules (:func:`.explain.click_reason`)."""
        return explain.click_reason(self, clicks, token)

    def explain_illegal(self, action: SkudAction) -> Message:
        """A sentence naming the ply, the action and the rule that forbids it."""
        return refusal(self, action)

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

        Records the points the action changes (the whole board for a Wheel), the
        reserves, captures and the scalar state: far cheaper than :meth:`copy`, which
        also copies the history.
        """
        self._check_legal(action, True)
        board = self.board
        kind, src, dst = action.kind, action.src, action.dst
        cells: list[int] | tuple[int, ...]
        if kind == ARRANGE or (kind == BOAT_MOVE and dst >= 0):
            cells = (src, board[src], dst, board[dst])
        elif kind == BOAT_MOVE:
            cells = (src, board[src])
        elif kind == PLACE_ACCENT and action.tile == WHEEL:
            cells = board[:]  # a Wheel turns its eight neighbours too
        elif kind in (PLANT, BONUS_PLANT, PLACE_ACCENT):
            cells = (dst, board[dst])
        else:
            cells = ()
        record: UndoRecord = (
            cells,
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
            raise IllegalMove(msg("nothing to take back: pop() needs an earlier push()"))
        (cells, r0, r1, c0, c1, self.phase, self.player, self._ended, self._legal,
         self._legal_set, self._harmonies, self._env, self.resigned, plies) = self._undo.pop()
        board = self.board
        if type(cells) is list:
            board[:] = cells
        else:
            for i in range(0, len(cells), 2):
                board[cells[i]] = cells[i + 1]
        self.reserve[0][:] = r0
        self.reserve[1][:] = r1
        self.captured[0][:] = c0
        self.captured[1][:] = c1
        self.history.pop()
        if len(self._plies) > plies:
            self._plies.pop()
        else:
            self._plies[-1] = self._plies[-1][:-1]

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
        if not has_legal_action(self):
            self._ended = Outcome((HOST, GUEST), SkudEnd.NO_MOVE)
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
            owners = ring_owners(self._harmonies)
        elif candidates:
            owners = ring_owners(self._harmonies, tuple(candidates))
        else:
            owners = set()
        if owners:
            self._ended = Outcome(tuple(sorted(owners)), Reason.HARMONY_RING)
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
            self._ended = Outcome(winners, SkudEnd.NO_BASIC_FLOWERS)

    # ------------------------------------------------------------------ applying
    def apply(self, action: SkudAction) -> None:
        """Play one action; raise :class:`IllegalMove` naming it and why it is refused."""
        self._check_legal(action, False)
        self._do(action)

    def apply_checked(self, action: SkudAction) -> None:
        """Play an action the caller has found legal (see :meth:`Game.apply_checked`)
        without listing or checking the legal actions again."""
        self._do(action)

    def _check_legal(self, action: SkudAction, searching: bool) -> None:
        """Raise :class:`IllegalMove` unless ``action`` is legal here.

        ``searching``: more actions of this position will follow (:meth:`push`), so the
        check builds (or reuses) a set of the legal actions instead of scanning the list.
        """
        if not isinstance(action, SkudAction):
            raise IllegalMove(msg("not a Skud action: {action}", action=quote(action)))
        legal = self._legal
        if legal is None and self.phase == BONUS and self._ended is None and (
            self.resigned is None
        ):
            # a bonus is checked lazily: its whole list is long and rarely needed
            ok = action.kind == SKIP or (
                action.kind in BONUS_KINDS and action in iter_bonus_actions(self)
            )
        elif (legal is None and not searching and self.phase == MAIN
              and self._ended is None and self.resigned is None):
            ok = main_action_ok(self, action)  # one action (a replay): no list needed
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
            do_bonus(self, action)
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
                if next(iter_bonus_actions(self), None) is not None:
                    return
        else:
            self._check_end([])
        self._end_turn(checked=True)

    def _refresh_board(self) -> None:
        """Recompute the harmonies and masks from the board (after a Wheel, Rock…)."""
        self._env = harmony.environment(self.board)
        self._harmonies = rules.harmonies(self.board)

    def _end_turn(self, checked: bool = False, candidates: list[int] | None = None) -> None:
        """Pass the turn; check the end unless the caller just did on this board.

        ``candidates`` as for :meth:`_check_end` (``[]``: the harmonies did not change).
        """
        self.player = 1 - self.player
        self.phase = MAIN
        if self._ended is None and not checked:
            self._check_end(candidates)

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

    def play_text(self, text: str) -> None:
        """Play plies in the reference notation onto this position (:meth:`play_plies`)."""
        self.play_plies(text)

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
        and no accent tiles.  Such a game has no history (:attr:`custom_start` is
        set); its record numbers the plies played from it on from ``2G``, or ``2H``
        with the Host to move, so every ply's letter names the player who made it
        (:mod:`paisho_core.starts` carries the position itself).
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
        extra = 0 if game.player == GUEST else 1  # the next ply is 2G, or 2H
        game._plies = [() for _ in range(SETUP_PLIES + extra)]
        game.custom_start = True
        return game

