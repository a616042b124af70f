"""Wiki Pai Sho: the game state, legal actions and their effects (``rules.html#wiki``).

The position is a flat board list (cells from :mod:`.tiles`), a ``moved`` flag per
point (wiki R8's never-moved rule), each player's reserve, the turns each has taken
(R3's timing), the passes in a row (R2) and which player is credited with each
disharmony on the board (R9).  Legal actions come from :mod:`.moves`; harmonies,
scores and the ring from :mod:`.rules`, recomputed once per action.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable

from ..board import CELLS, IS_WHITE, POINT_OF, POINTS, X_OF, Y_OF, Point, index_of
from ..errors import IllegalMove, InvalidMove
from ..protocol import Game, Outcome, TileView, VariantInfo
from . import explain, moves, rules
from .actions import CARRY, ENTER, MOVE, PASS, PUSH, RESIGN, TURN, WikiAction, format_action
from .actions import parse_action as parse_wiki_action
from .tiles import (
    CODE,
    DRAGON,
    FLOWER_KINDS,
    FLOWERS_AT_START,
    FULL_SET,
    GUEST,
    HOST,
    KIND_OF,
    KIND_OF_CODE,
    KINDS,
    LOTUS,
    MAIN,
    OPENING,
    OPENING_MAX,
    OPENING_MIN,
    OWNER_OF,
    PLAYERS,
    RHODODENDRON,
    WHITE_JADE,
    cell,
)

OPTIONS = ("mirrored-opening",)
"""Game options (wiki R12); append new ones, never reorder (links keep their meaning)."""

MIRROR: tuple[int, ...] = tuple(index_of(-X_OF[i], -Y_OF[i]) for i in range(CELLS))
"""The point opposite each point through the centre."""

_PLY_RE = re.compile(r"\s*(?:(\d+)\s*([HG])\s*\.)?\s*(.*?)\s*", re.S)
Credit = dict[tuple[int, int, int, int], int]


class WikiGame(Game[WikiAction]):
    """A game of Wiki Pai Sho between the Host (player 0) and the Guest (player 1)."""

    info = VariantInfo(
        name="wiki",
        title="Wiki Pai Sho",
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
            raise InvalidMove("Wiki Pai Sho is for two players")
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
        self.passes = 0
        self.credit: Credit = {}
        self.custom_start = False
        self.harmony_list: list[rules.Pair] = []
        self.disharmony_list: list[rules.Pair] = []
        self._ended: Outcome | None = None
        self._legal: list[WikiAction] | None = None
        self._legal_set: frozenset[WikiAction] | None = None
        self._scores: list[dict[str, int]] | None = None

    # ------------------------------------------------------------------ protocol basics
    @property
    def players(self) -> tuple[str, ...]:
        """``("host", "guest")``."""
        return PLAYERS

    @property
    def to_move(self) -> int | None:
        """The player to act (0 Host, 1 Guest), or ``None`` when the game is over."""
        return None if self.outcome() is not None else self.player

    def copy(self) -> WikiGame:
        """An independent copy (cheaper than replaying)."""
        other = object.__new__(WikiGame)
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
        """Board, moved flags, reserves, whose turn, timing, passes, credit, resignation."""
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
        )

    @property
    def first_of_game(self) -> bool:
        """True before the first action of the main phase (it must enter a flower, R3)."""
        return self.phase == MAIN and self.turns[GUEST] == 0 and self.turns[HOST] == 0

    # ------------------------------------------------------------------ outcome
    def outcome(self) -> Outcome | None:
        """Ring (R10), three flowers (R11), two passes (R2) or resignation."""
        if self._ended is not None:
            return self._ended
        return self._resign_outcome()

    def resign(self, player: int | None = None) -> None:
        """The player to move resigns (the other one wins)."""
        super().resign(player)
        self._legal = None
        self._legal_set = None

    def flowers_left(self, player: int) -> int:
        """The player's flowers on the board and in reserve (wiki R11)."""
        return FLOWERS_AT_START - sum(self.captured[player][k] for k in FLOWER_KINDS)

    def scores(self) -> list[dict[str, int]]:
        """Each player's score by R9 term (``harmonies``, ``disharmonies``, ``lotus``,
        ``unharmonised``) and ``total``."""
        if self._scores is None:
            self._scores = rules.scores(self.board, self.harmony_list, self.disharmony_list)
        return self._scores

    def _scored_outcome(self, reason: str) -> Outcome:
        totals = [row["total"] for row in self.scores()]
        if totals[HOST] == totals[GUEST]:
            winners: tuple[int, ...] = (HOST, GUEST)
        else:
            winners = (HOST,) if totals[HOST] > totals[GUEST] else (GUEST,)
        return Outcome(winners, reason, None, f"host {totals[HOST]}, guest {totals[GUEST]}")

    def _check_end(self) -> None:
        losers = [p for p in (HOST, GUEST) if self.flowers_left(p) <= 3]
        if losers:
            winners = tuple(p for p in (HOST, GUEST) if p not in losers) or (HOST, GUEST)
            self._ended = Outcome(winners, "three-flowers")
            return
        if rules.ring_closers(self.harmony_list):
            self._ended = self._scored_outcome("harmony-ring")
            return
        if self.passes >= 2:
            self._ended = self._scored_outcome("two-passes")

    # ------------------------------------------------------------------ legal actions
    def drained(self) -> bytearray:
        """1 on every point next to a Knotweed (wiki R6)."""
        return rules.drained_points(self.board)

    def legal_actions(self) -> list[WikiAction]:
        """Every legal action of the player to move: entries, then each tile's actions."""
        if self._legal is None:
            if self._ended is not None or self.resigned is not None:
                self._legal = []
            elif self.phase == OPENING:
                self._legal = self._opening_actions()
            else:
                self._legal = self._main_actions()
        return list(self._legal)

    def _main_actions(self) -> list[WikiAction]:
        me, board = self.player, self.board
        out = moves.entries(board, self.reserve[me], me, self.turns[me], self.first_of_game)
        if not self.first_of_game:
            drained = self.drained()
            for p in moves.movers(board, me):
                if not drained[p]:
                    out.extend(moves.tile_actions(board, drained, p))
        if not out:
            out.append(WikiAction(PASS))
        return out

    def _opening_actions(self) -> list[WikiAction]:
        board, reserve = self.board, self.reserve[GUEST]
        out = []
        for kind in range(KINDS):
            if not reserve[kind] or kind in (WHITE_JADE, RHODODENDRON):
                continue
            for p in self._opening_points(kind):
                if not board[p] and not board[MIRROR[p]] and MIRROR[p] != p:
                    out.append(moves.ENTER_ACTIONS[kind][p])
        if self.opening_plies >= OPENING_MIN:
            out.append(WikiAction(PASS))
        return [a for a in out if a is not None]

    @staticmethod
    def _opening_points(kind: int) -> tuple[int, ...]:
        if kind in FLOWER_KINDS:
            return moves.FLOWER_ENTRY[kind][GUEST]
        if kind == DRAGON:
            return tuple(p for p in moves.NON_GATE if moves.HALF_OF[p] == HOST)
        if kind == LOTUS:
            return tuple(p for p in moves.NON_GATE if moves.HALF_OF[p] == GUEST)
        if KIND_OF_CODE["W"] == kind:
            return tuple(p for p in moves.NON_GATE if IS_WHITE[p])
        return moves.NON_GATE

    def is_legal(self, action: WikiAction) -> bool:
        """Tell whether ``action`` is legal now."""
        if self.to_move is None:
            return False
        if self._legal_set is None:
            self._legal_set = frozenset(self.legal_actions())
        return action in self._legal_set

    # ------------------------------------------------------------------ applying
    def apply(self, action: WikiAction) -> None:
        """Play ``action``; raise :class:`IllegalMove` naming the ply and the ruling."""
        if action.kind == RESIGN:
            if self.to_move is None:
                raise IllegalMove(f"ply {len(self.history) + 1}: resign: the game is over")
            self.resign()
            return
        if not self.is_legal(action):
            raise IllegalMove(self.explain_illegal(action))
        me = self.player
        if self.phase == OPENING:
            self._apply_opening(action)
        else:
            self._do(action)
            self.turns[me] += 1
            self.passes = self.passes + 1 if action.kind == PASS else 0
            self.player = 1 - me
        self.history.append(action)
        self._legal = None
        self._legal_set = None
        self._refresh(me)
        if self.phase == MAIN:
            self._check_end()

    def _apply_opening(self, action: WikiAction) -> None:
        self.opening_plies += 1
        if action.kind == PASS:
            self.phase = MAIN
            return
        p, kind = action.dst, action.tile
        self.board[p] = cell(kind, GUEST)
        self.board[MIRROR[p]] = cell(kind, HOST)
        self.reserve[GUEST][kind] -= 1
        self.reserve[HOST][kind] -= 1
        if self.opening_plies >= OPENING_MAX:
            self.phase = MAIN

    def _take(self, point: int) -> None:
        v = self.board[point]
        self.captured[OWNER_OF[v]][KIND_OF[v]] += 1
        self.board[point] = 0
        self.moved[point] = 0

    def _put(self, point: int, value: int) -> None:
        self.board[point] = value
        self.moved[point] = 1

    def _do(self, action: WikiAction) -> None:
        board, kind = self.board, action.kind
        me = self.player
        if kind == ENTER:
            board[action.dst] = cell(action.tile, me)
            self.moved[action.dst] = 0
            self.reserve[me][action.tile] -= 1
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
        elif kind == PUSH:
            boat, pushed = board[action.src], board[action.dst]
            beyond = 2 * action.dst - action.src
            board[action.src] = 0
            self.moved[action.src] = 0
            self._put(beyond, pushed)
            self._put(action.dst, boat)
        elif kind == CARRY:
            offset = action.dst - action.src
            group = (action.src, *action.carried)
            values = [board[s] for s in group]
            for s in group:
                board[s] = 0
                self.moved[s] = 0
            for s, v in zip(group, values, strict=True):
                self._put(s + offset, v)
        elif kind == TURN:
            pairs = moves.turn_targets(board, self.drained(), action.src, action.tile) or []
            values = [board[pairs[i]] for i in range(0, len(pairs), 2)]
            for i in range(0, len(pairs), 2):
                board[pairs[i]] = 0
                self.moved[pairs[i]] = 0
            for i, v in enumerate(values):
                self._put(pairs[2 * i + 1], v)

    def _refresh(self, mover: int) -> None:
        """Recompute harmonies and disharmonies; new disharmonies are the mover's (R9)."""
        board = self.board
        self.harmony_list, found = rules.pairs(board, self.moved)
        credit: Credit = {}
        listed: list[rules.Pair] = []
        for a, b in found:
            key = (a, b, board[a], board[b])
            who = self.credit.get(key, mover)
            credit[key] = who
            listed.append((a, b, who))
        self.credit = credit
        self.disharmony_list = listed
        self._scores = None

    # ------------------------------------------------------------------ explaining
    def explain_illegal(self, action: WikiAction) -> str:
        """A sentence naming the ply, the action and the ruling that forbids it."""
        ply = len(self.history) + 1
        try:
            text = format_action(action)
        except (InvalidMove, IndexError, TypeError):
            text = repr(action)
        prefix = self.ply_prefix(len(self.history))
        return f"ply {ply} ({prefix}.): {text} is not legal: {explain.reason(self, action)}"

    # ------------------------------------------------------------------ text
    def ply_prefix(self, ply: int) -> str:
        """The prefix of the ``ply``-th ply (0-based): opening ``0G``, then ``1G``, ``1H``…"""
        opening = self.opening_plies if self.phase == MAIN else ply + 1
        if ply < opening:
            return "0G"
        j = ply - opening
        return f"{j // 2 + 1}{'G' if j % 2 == 0 else 'H'}"

    def format_action(self, action: WikiAction) -> str:
        """The action's notation without ply prefix."""
        return format_action(action)

    def parse_action(self, text: str) -> WikiAction:
        """Parse one action's notation; raise :class:`InvalidMove` quoting it."""
        return parse_wiki_action(text)

    def ply_texts(self, reference: bool = False) -> list[str]:
        """Each ply with its prefix, e.g. ``["1G.Ja(0,-8)", "1H.Ja(0,8)", …]``.

        ``reference`` is accepted for the page's export (Skud's reference form); Wiki has
        one notation only, so it changes nothing.
        """
        out = [f"{self.ply_prefix(i)}.{format_action(a)}" for i, a in enumerate(self.history)]
        if self.resigned is not None:
            out.append(f"{self.ply_prefix(len(self.history))}.resign")
        return out

    def to_text(self) -> str:
        """The game in notation, plies joined by ``;``."""
        return ";".join(self.ply_texts())

    @classmethod
    def from_text(
        cls, text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> WikiGame:
        """Replay a game from its notation (ply prefixes optional), checking every ply."""
        game = cls(options, seed)
        game.play_plies(text)
        return game

    def play_plies(self, text: str) -> None:
        """Play ``;``-separated plies (prefix ``1G.`` optional) onto this game."""
        if len(text) > 200_000:
            raise InvalidMove("game text too long")
        plies = [p for p in text.split(";") if p.strip()]
        for i, ply in enumerate(plies):
            match = _PLY_RE.fullmatch(ply)
            if match is None:  # pragma: no cover - the pattern matches any text
                raise InvalidMove(f"not a ply: {ply.strip()!r}")
            number, letter, body = match.groups()
            expected = self.ply_prefix(len(self.history))
            if number is not None:
                found = f"{int(number)}{letter}"
                if found != expected:
                    raise IllegalMove(
                        f"ply {len(self.history) + 1}: expected {expected}. but found "
                        f"{found}. in {ply.strip()!r}"
                    )
            action = parse_wiki_action(body)
            if action.kind == RESIGN and i != len(plies) - 1:
                raise IllegalMove(f"ply {len(self.history) + 1}: moves after a resignation")
            self.apply(action)

    # ------------------------------------------------------------------ set-up positions
    @classmethod
    def setup(
        cls,
        tiles: dict[str, str],
        to_move: str = "guest",
        unmoved: Iterable[str] = (),
        turns: int = 4,
        reserves: dict[str, dict[str, int]] | None = None,
    ) -> WikiGame:
        """A main-phase position for rule demos and tests, e.g. ``{"(0,3)": "HJa"}``.

        Tile text is the owner letter (``H``/``G``) and the tile code.  Every tile
        counts as moved except those on the ``unmoved`` points; both players have had
        ``turns`` turns; reserves are the full sets minus the tiles on the board, or,
        for a player named in ``reserves`` (``{"guest": {"Ja": 2}}``), exactly the tiles
        given there, every other tile of theirs having left the game (so it counts as
        captured for wiki R11).  Such a game has no history: it cannot be written as
        notation or shared as a link.
        """
        game = cls()
        on_board = [[0] * KINDS, [0] * KINDS]
        for text_point, text_tile in tiles.items():
            point = Point.parse(text_point).index
            owner = "HG".index(text_tile[0])
            kind = KIND_OF_CODE[text_tile[1:]]
            game.board[point] = cell(kind, owner)
            game.moved[point] = 1
            game.reserve[owner][kind] -= 1
            on_board[owner][kind] += 1
        for name, reserve in (reserves or {}).items():
            owner = PLAYERS.index(name)
            kept = [reserve.get(CODE[k], 0) for k in range(KINDS)]
            left = [FULL_SET[k] - on_board[owner][k] - kept[k] for k in range(KINDS)]
            if min(left) < 0 or min(kept) < 0 or set(reserve) - set(CODE):
                raise InvalidMove(f"set-up: {name}'s reserve {reserve!r} does not fit the set")
            game.reserve[owner] = kept
            game.captured[owner] = left
        for text_point in unmoved:
            game.moved[Point.parse(text_point).index] = 0
        game.player = PLAYERS.index(to_move)
        game.turns = [turns, turns]
        game.custom_start = True
        game._refresh(1 - game.player)
        return game

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
        point = POINT_OF
        if kind == ENTER:
            return (f"reserve:{CODE[action.tile]}", f"point:{point[action.dst]}")
        if kind == MOVE:
            return (f"point:{point[action.src]}", f"point:{point[action.dst]}")
        if kind == PUSH:
            beyond = 2 * action.dst - action.src
            return (
                f"point:{point[action.src]}",
                f"point:{point[action.dst]}",
                f"point:{point[beyond]}",
            )
        if kind == CARRY:
            return (
                f"point:{point[action.src]}",
                *(f"point:{point[p]}" for p in action.carried),
                f"point:{point[action.dst]}",
            )
        if kind == TURN:
            pairs = moves.turn_targets(self.board, self.drained(), action.src, action.tile)
            if pairs:
                return (
                    f"point:{point[action.src]}",
                    f"point:{point[pairs[0]]}",
                    f"point:{point[pairs[1]]}",
                )
            return (f"point:{point[action.src]}", f"turn:{('cw', 'ccw')[action.tile]}")
        return ("skip",)

    def extra_json(self) -> dict[str, object]:
        """Phase, reserves, scores by R9 term, disharmonies, flowers left and passes."""
        names = PLAYERS
        return {
            "phase": ("opening", "main")[self.phase],
            "reserves": {names[i]: r for i, r in enumerate(self.reserves())},
            "scores": {names[i]: row for i, row in enumerate(self.scores())},
            "disharmonies": [
                {"points": [str(POINT_OF[a]), str(POINT_OF[b])], "credited": names[o]}
                for a, b, o in self.disharmony_list
            ],
            "flowers_left": {names[i]: self.flowers_left(i) for i in (HOST, GUEST)},
            "passes_in_a_row": self.passes,
        }
