"""``AncientGame``: Ancient Pai Sho through the engine's game protocol.

Two to four seats hold secret hands; tiles belong to nobody once placed; whoever brings
the board to exactly ``target`` harmonies wins (``rules.html#ancient``, rulings R1–R12).
A turn is two actions by the same seat: ``draw`` then ``discard``, or a placement then
(when any tile can move) a move; a seat that can do neither passes.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import ClassVar

from ..board import (
    CELLS,
    CENTRE,
    IS_GATE,
    IS_RED,
    IS_WHITE,
    ON_BOARD,
    POINT_OF,
    POINTS,
    TEXT_OF,
    Point,
)
from ..errors import IllegalMove, InvalidMove
from ..protocol import Game, Outcome, TileView, VariantInfo
from . import rules
from .actions import (
    DISCARD,
    DRAW,
    DRAW_ACTION,
    MOVE,
    PASS,
    PASS_ACTION,
    PLACE,
    AncientAction,
    boat_row,
    discard,
    format_action,
    move_row,
    parse_action,
    place_row,
    split_prefix,
    wheel_turns,
)
from .deal import deal
from .tiles import (
    BOAT,
    CODES,
    COLOUR,
    DRAINED,
    KIND_OF_CODE,
    KINDS,
    KNOTWEED,
    LAST_FLOWER,
    LOTUS,
    NAMES,
    POOL_SIZE,
    WHEEL,
    WHITE,
)

PRESETS: tuple[tuple[int, int], ...] = ((3, 5), (5, 7), (7, 11), (11, 17))
"""The seed's target/hand pairs (``rules.html#ancient-r2``); any other pair may be chosen."""
DEFAULT_TARGET, DEFAULT_HAND = 5, 7
MAX_TARGET = 99
START, DISCARD_STEP, MOVE_STEP = 0, 1, 2
STEP_NAMES = ("start", "discard", "move")


def _kind_of(code: str) -> int:
    kind = KIND_OF_CODE.get(code)
    if kind is None:
        raise InvalidMove(f"unknown tile code {code!r}")
    return kind


class AncientGame(Game[AncientAction]):
    """Ancient Pai Sho for 2–4 seats (``rules.html#ancient``).

    Options ``target=N`` and ``hand=N`` (default 5 and 7; ``target`` alone takes its
    preset's hand).  The engine knows every hand; :meth:`reserves` and :meth:`hand_view`
    show a viewer only their own hand and the sizes of the others'.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="ancient",
        title="Ancient Pai Sho",
        options=(),
        min_players=2,
        max_players=4,
        uses_seed=True,
        int_options=("target", "hand"),
    )

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)  # checks 2 <= players <= 4
        n = self.info.min_players if players is None else players
        target = self.option_value("target")
        hand = self.option_value("hand")
        if target is None:
            target = DEFAULT_TARGET if hand is None else 0
            if target == 0:
                raise InvalidMove(f"option hand={hand} needs a target too, e.g. target=5")
        if hand is None:
            preset = dict(PRESETS).get(target)
            if preset is None:
                raise InvalidMove(
                    f"target={target} is not a preset (3/5, 5/7, 7/11, 11/17): give hand=N too"
                )
            hand = preset
        if not 1 <= target <= MAX_TARGET:
            raise InvalidMove(f"target={target}: the target is 1 to {MAX_TARGET} harmonies")
        if hand < 1 or n * hand + 1 > POOL_SIZE:
            raise InvalidMove(
                f"hand={hand} for {n} players: each hand holds 1 to {(POOL_SIZE - 1) // n}"
                f" tiles (the pool has {POOL_SIZE}, one is the centre piece)"
            )
        self.options = frozenset({f"target={target}", f"hand={hand}"})
        self.target = target
        """Harmonies to reach exactly (R4)."""
        self.hand_size = hand
        """Tiles dealt to each seat (R2)."""
        assert self.seed is not None
        dealt = deal(self.seed, n, hand)
        self._n = n
        self._cells = [0] * CELLS
        self._cells[CENTRE] = dealt.centre
        self.centre_piece = dealt.centre
        """Kind of the centre piece (R1, R12)."""
        self._hands = [[0] * 13 for _ in range(n)]
        for seat, tiles in enumerate(dealt.hands):
            for kind in tiles:
                self._hands[seat][kind] += 1
        self._pile = dealt.pile
        self._drawn = 0
        self._discards: list[int] = []
        self._seat = dealt.first
        self.first_player = dealt.first
        """The seat that played first (R1)."""
        self._turn = 1
        self._step = START
        self._passes = 0
        self._last_draw = -1
        self._entries: list[tuple[int, int]] = []
        self._end: Outcome | None = None
        self._legal: list[AncientAction] | None = None
        self._lh = [0] * rules.LINE_COUNT
        self._ld = [0] * rules.LINE_COUNT
        self.harmonies = 0
        """Harmonies on the board now (R7, R8)."""
        self.disharmonies = 0
        """Disharmonies on the board now."""
        self._recount(range(rules.LINE_COUNT))

    @classmethod
    def setup(
        cls,
        board: dict[str, str],
        hands: Iterable[str],
        *,
        seat: int = 0,
        target: int = 5,
        pile: str = "",
    ) -> AncientGame:
        """A hand-built position for tests and puzzles (its text does not replay).

        ``board`` maps ``"(x,y)"`` to a code (``"Ja*"`` for a drained flower; the centre
        is empty unless given); ``hands`` gives each seat's tiles as codes separated by
        spaces; ``pile`` the draw pile, top first; ``seat`` plays first.
        """
        hand_texts = list(hands)
        game = cls((f"target={target}", "hand=1"), 0, len(hand_texts))
        cells = game._cells
        cells[CENTRE] = 0
        for text, code in board.items():
            point = Point.parse(text).index
            drained = code.endswith("*")
            kind = _kind_of(code.rstrip("*"))
            cells[point] = kind | (DRAINED if drained else 0)
        game._hands = [[0] * 13 for _ in hand_texts]
        for s, text in enumerate(hand_texts):
            for code in text.split():
                game._hands[s][_kind_of(code)] += 1
        game._pile = tuple(_kind_of(code) for code in pile.split())
        game._drawn = 0
        game._seat = game.first_player = seat
        game.centre_piece = cells[CENTRE] & 15
        game._lh = [0] * rules.LINE_COUNT
        game._ld = [0] * rules.LINE_COUNT
        game.harmonies = game.disharmonies = 0
        game._recount(range(rules.LINE_COUNT))
        return game

    # -- counting ------------------------------------------------------------------------
    def _recount(self, lines: Iterable[int]) -> None:
        cells, lh, ld = self._cells, self._lh, self._ld
        for line in lines:
            h, d = rules.line_counts(cells, line)
            self.harmonies += h - lh[line]
            self.disharmonies += d - ld[line]
            lh[line], ld[line] = h, d

    # -- players ---------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Seats ``("P1", "P2", …)`` in turn order."""
        return ("P1", "P2", "P3", "P4")[: self._n]

    @property
    def to_move(self) -> int | None:
        """The seat to act (it stays for the second action of its turn), or ``None``."""
        return None if self.outcome() is not None else self._seat

    @property
    def turn(self) -> int:
        """The number of the turn being played (1 for the first)."""
        return self._turn

    @property
    def step(self) -> str:
        """``start`` (draw or place), ``discard`` (after a draw) or ``move`` (after a place)."""
        return STEP_NAMES[self._step]

    @property
    def pile_left(self) -> int:
        """Tiles left in the draw pile."""
        return len(self._pile) - self._drawn

    @property
    def discards(self) -> tuple[str, ...]:
        """Codes of the discarded tiles, in order (public)."""
        return tuple(CODES[k] for k in self._discards)

    @property
    def cells(self) -> tuple[int, ...]:
        """The board as cell values (see :mod:`.tiles`); a snapshot."""
        return tuple(self._cells)

    def hand(self, seat: int) -> dict[str, int]:
        """Everything in ``seat``'s hand (engine knowledge: not for another seat's eyes)."""
        return {CODES[k]: n for k, n in enumerate(self._hands[seat]) if n}

    def hand_size_of(self, seat: int) -> int:
        """How many tiles ``seat`` holds (public)."""
        return sum(self._hands[seat])

    @property
    def last_drawn(self) -> str | None:
        """The tile the seat to move just drew (during its discard step), else None."""
        return CODES[self._last_draw] if self._step == DISCARD_STEP else None

    # -- legal actions -------------------------------------------------------------------------
    def _empties(self) -> list[int]:
        cells = self._cells
        return [p for p in rules.EMPTYABLE if not cells[p]]

    def _placements(self) -> list[AncientAction]:
        cells = self._cells
        hand = self._hands[self._seat]
        empties = self._empties()
        out: list[AncientAction] = []
        on_red: list[int] | None = None
        on_white: list[int] | None = None
        for kind in KINDS:
            if not hand[kind]:
                continue
            if kind <= LAST_FLOWER:
                row = place_row(kind)
                if COLOUR[kind] == WHITE:
                    if on_red is None:
                        on_red = [p for p in empties if IS_RED[p]]
                    out += [row[p] for p in on_red]  # type: ignore[misc]
                else:
                    if on_white is None:
                        on_white = [p for p in empties if IS_WHITE[p]]
                    out += [row[p] for p in on_white]  # type: ignore[misc]
            elif kind == WHEEL:
                for p in empties:
                    turns = wheel_turns(p)
                    out += [turns[t] for t in rules.legal_turns(cells, p)]
            elif kind == BOAT:
                for p in POINTS:
                    v = cells[p]
                    if v and not v & DRAINED:
                        row2 = boat_row(p)
                        out += [row2[d] for d in empties]
            else:
                row = place_row(kind)
                out += [row[p] for p in empties]  # type: ignore[misc]
        return out

    def _can_place(self) -> bool:
        hand = self._hands[self._seat]
        cells = self._cells
        for kind in KINDS:
            if not hand[kind]:
                continue
            if kind == BOAT:
                if any(cells[p] and not cells[p] & DRAINED for p in POINTS) and self._empties():
                    return True
                continue
            colour = COLOUR[kind]
            for p in rules.EMPTYABLE:
                if not cells[p] and (colour < 0 or (IS_RED[p] if colour == WHITE else IS_WHITE[p])):
                    return True
        return False

    def _moves(self) -> list[AncientAction]:
        cells = self._cells
        out: list[AncientAction] = []
        for p in POINTS:
            if cells[p]:
                dests = rules.destinations(cells, p)
                if dests:
                    row = move_row(p)
                    out += [row[d] for d in dests]
        return out

    def legal_actions(self) -> list[AncientAction]:
        """The actions of the current step only, in a deterministic order."""
        if self.outcome() is not None:
            return []
        if self._legal is None:
            if self._step == DISCARD_STEP:
                hand = self._hands[self._seat]
                self._legal = [discard(k) for k in KINDS if hand[k]]
            elif self._step == MOVE_STEP:
                self._legal = self._moves()
            else:
                out = [DRAW_ACTION] if self.pile_left else []
                out += self._placements()
                self._legal = out or [PASS_ACTION]
        return self._legal[:]

    # -- checking ------------------------------------------------------------------------------
    def _why_not_place(self, action: AncientAction) -> str | None:
        kind, src, dst = action.tile, action.src, action.dst
        cells = self._cells
        name = NAMES[kind] if 0 < kind < len(NAMES) else "tile"
        if not 1 <= kind <= 12 or not self._hands[self._seat][kind]:
            return f"P{self._seat + 1} has no {name} in hand (ancient R3)"
        if not 0 <= src < CELLS or not ON_BOARD[src]:
            return "not a point of the board"
        if IS_GATE[src]:
            return f"no tile is placed on a Gate (ancient R5): {TEXT_OF[src]}"
        if kind == BOAT:
            v = cells[src]
            if not v:
                return f"a Boat is placed onto a tile, and {TEXT_OF[src]} is empty (ancient R10)"
            if v & DRAINED:
                return f"no tile may take a drained tile's point {TEXT_OF[src]} (ancient R6)"
            if not (0 <= dst < CELLS and ON_BOARD[dst]) or dst == src or cells[dst]:
                return "the displaced tile goes to an empty point (ancient R10)"
            if IS_GATE[dst]:
                return f"the displaced tile cannot go on a Gate {TEXT_OF[dst]} (ancient R5)"
            return None
        if cells[src]:
            return f"{TEXT_OF[src]} is taken (ancient R5)"
        if kind <= LAST_FLOWER:
            if COLOUR[kind] == WHITE and not IS_RED[src]:
                return "a white flower goes on a point touching a red garden (ancient R5)"
            if COLOUR[kind] != WHITE and not IS_WHITE[src]:
                return "a red flower goes on a point touching a white garden (ancient R5)"
        if kind == WHEEL and action.turn not in rules.legal_turns(cells, src):
            return (
                f"the Wheel cannot turn its ring by {45 * action.turn} degrees: it would move a"
                " Coin or a drained tile, or put a tile off the board or on a Gate (ancient R9)"
            )
        return None

    def _why_illegal(self, action: AncientAction) -> str | None:
        step, kind = self._step, action.kind
        if kind == DRAW:
            if step != START:
                return f"a draw starts a turn, but P{self._seat + 1} must {STEP_NAMES[step]}"
            if not self.pile_left:
                return "the draw pile is empty (ancient R3)"
            return None
        if kind == DISCARD:
            if step != DISCARD_STEP:
                return "a discard follows a draw (ancient R3)"
            tile = action.tile
            if not 1 <= tile <= 12 or not self._hands[self._seat][tile]:
                return f"P{self._seat + 1} has no such tile to discard (ancient R3)"
            return None
        if kind == PLACE:
            if step != START:
                return f"a placement starts a turn, but P{self._seat + 1} must {STEP_NAMES[step]}"
            return self._why_not_place(action)
        if kind == MOVE:
            if step != MOVE_STEP:
                return "a move follows a placement (ancient R3)"
            src, dst = action.src, action.dst
            if not (0 <= src < CELLS and ON_BOARD[src]) or not self._cells[src]:
                return "there is no tile to move there"
            if dst not in rules.destinations(self._cells, src):
                return f"the {NAMES[self._cells[src] & 15]} cannot move so (ancient R6)"
            return None
        if kind == PASS:
            if step != START or self.pile_left or self._can_place():
                return "a seat passes only when it can neither draw nor place (ancient R3)"
            return None
        return "not an Ancient action"

    # -- playing -------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        self._seat = (self._seat + 1) % self._n
        self._turn += 1
        self._step = START
        self._last_draw = -1

    def _after_board_change(self, touched: list[int]) -> bool:
        """Recount the touched lines; end the game on an exact hit (R4). True if won."""
        self._recount(rules.lines_through(touched))
        if self.harmonies == self.target:
            self._end = Outcome((self._seat,), "exact-target")
            return True
        return False

    def apply(self, action: AncientAction) -> None:
        """Play one action; raise :class:`IllegalMove` naming the entry and the ruling."""
        entry = f"turn {self._turn} (P{self._seat + 1})"
        if not isinstance(action, AncientAction):
            raise IllegalMove(f"{entry}: not an Ancient action: {action!r}")
        end = self.outcome()
        if end is not None:
            raise IllegalMove(
                f"{entry}: {format_action(action)} after the end of the game ({end.reason})"
            )
        why = self._why_illegal(action)
        if why is not None:
            raise IllegalMove(f"{entry}: {format_action(action)} is not legal: {why}")
        self.history.append(action)
        self._entries.append((self._turn, self._seat))
        self._legal = None
        seat, kind = self._seat, action.kind
        hand = self._hands[seat]
        cells = self._cells
        if kind == PASS:
            self._passes += 1
            if self._passes >= self._n:
                self._end = Outcome((), "all-passed")
            else:
                self._end_turn()
            return
        self._passes = 0
        if kind == DRAW:
            tile = self._pile[self._drawn]
            self._drawn += 1
            hand[tile] += 1
            self._last_draw = tile
            self._step = DISCARD_STEP
            return
        if kind == DISCARD:
            hand[action.tile] -= 1
            self._discards.append(action.tile)
            self._end_turn()
            return
        if kind == MOVE:
            src, dst = action.src, action.dst
            taken = cells[dst]
            cells[dst], cells[src] = cells[src], 0
            if taken:
                hand[taken] += 1  # a Dragon takes the tile into the mover's hand (R11)
            if not self._after_board_change([src, dst]):
                self._end_turn()
            return
        tile, src = action.tile, action.src
        hand[tile] -= 1
        touched = [src]
        if tile == BOAT:
            cells[action.dst] = cells[src]
            touched.append(action.dst)
        cells[src] = tile
        if tile == WHEEL and action.turn:
            touched += rules.turn_ring(cells, src, action.turn)
        elif tile == KNOTWEED:
            touched += rules.drain_around(cells, src)
        if self._after_board_change(touched):
            return
        if self._moves():
            self._step = MOVE_STEP
        else:
            self._end_turn()

    def outcome(self) -> Outcome | None:
        """``exact-target`` (one winner), ``all-passed`` (a draw), ``resign``; else None."""
        if self._end is None:
            return self._resign_outcome()
        return self._end

    def copy(self) -> AncientGame:
        """An independent copy."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = self.history[:]
        new._entries = self._entries[:]
        new._cells = self._cells[:]
        new._hands = [h[:] for h in self._hands]
        new._discards = self._discards[:]
        new._lh = self._lh[:]
        new._ld = self._ld[:]
        new._legal = None
        return new

    def state_key(self) -> Hashable:
        """Board, hands, pile position, discards, seat, step, passes and the end."""
        return (
            bytes(self._cells),
            tuple(tuple(h) for h in self._hands),
            self._drawn,
            tuple(self._discards),
            self._seat,
            self._step,
            self._passes,
            self._end,
            self.resigned,
        )

    # -- text ----------------------------------------------------------------------------------
    def format_action(self, action: AncientAction) -> str:
        """The entry without its prefix: ``draw``, ``Ja(1,2)``, ``(1,2)-(1,4)``, …"""
        return format_action(action)

    def format_entry(self, action: AncientAction) -> str:
        """The entry as the record writes it now, with its turn and seat: ``3.P2:draw``."""
        return f"{self._turn}.P{self._seat + 1}:{format_action(action)}"

    def parse_action(self, text: str) -> AncientAction:
        """Parse one entry (its ``3.P2:`` prefix, if any, is not checked here)."""
        return parse_action(text)

    def to_text(self) -> str:
        """Every entry so far with its prefix, ``;``-separated (the record's header —
        players, seed, target/hand — is given apart)."""
        return ";".join(
            f"{turn}.P{seat + 1}:{format_action(a)}"
            for a, (turn, seat) in zip(self.history, self._entries, strict=True)
        )

    @classmethod
    def from_text(
        cls,
        text: str,
        options: Iterable[str] = (),
        seed: int | None = None,
        players: int | None = None,
    ) -> AncientGame:
        """Replay a record's entries, checking every action and any ``3.P2:`` prefix."""
        if not isinstance(text, str):
            raise InvalidMove(f"not Ancient notation: {text!r}")
        game = cls(options, seed, players)
        body = text.strip()
        if not body:
            return game
        parts = body.split(";")
        if parts and not parts[-1].strip():
            parts.pop()  # a trailing ';'
        for n, part in enumerate(parts, 1):
            if not part.strip():
                raise InvalidMove(f"empty entry {n} in the record")
            prefix, _ = split_prefix(part)
            action = parse_action(part)
            seat = game.to_move
            if prefix is not None and seat is not None and prefix != (game.turn, seat):
                raise IllegalMove(
                    f"entry {n} {part.strip()!r}: it is turn {game.turn} of P{seat + 1}"
                )
            game.apply(action)
        return game

    @classmethod
    def replay_text(
        cls,
        text: str,
        options: Iterable[str] = (),
        seed: int | None = None,
        players: int | None = None,
    ) -> AncientGame:
        """:meth:`from_text` for ``players`` seats (default 2)."""
        return cls.from_text(text, options, seed, players)

    @classmethod
    def from_actions(
        cls,
        actions: Iterable[AncientAction],
        options: Iterable[str] = (),
        seed: int | None = None,
        players: int | None = None,
    ) -> AncientGame:
        """A new game with ``actions`` applied in order."""
        game = cls(options, seed, players)
        for action in actions:
            game.apply(action)
        return game

    # -- views ----------------------------------------------------------------------------------
    def board_tiles(self) -> list[TileView]:
        """Every tile, ownerless; drained flowers carry the flag ``drained``."""
        cells = self._cells
        out = []
        for p in POINTS:
            v = cells[p]
            if v:
                flags = frozenset(("drained",)) if v & DRAINED else frozenset()
                out.append(TileView(POINT_OF[p], CODES[v & 15], None, flags))
        return out

    def pairs(self) -> list[tuple[int, int, int, bool]]:
        """Every interacting pair as ``(a, b, value, flipped)``: value +1 harmony, -1
        disharmony; ``flipped`` when a Lotus turned it (R8).  Points as grid indices."""
        cells = self._cells
        out = []
        for line in range(rules.LINE_COUNT):
            flipped = sum(1 for p in rules.LINES[line] if cells[p] == LOTUS) % 2 == 1
            for a, b, value in rules.line_pairs(cells, line):
                out.append((a, b, value, flipped))
        return out

    def flipped_lines(self) -> list[tuple[Point, Point]]:
        """The harmonies and disharmonies a Lotus flipped (R8), for the board's marks."""
        return [(POINT_OF[a], POINT_OF[b]) for a, b, _, f in self.pairs() if f]

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The harmonies as ``(a, b, -1)``: tiles here have no owner."""
        return [(POINT_OF[a], POINT_OF[b], -1) for a, b, v, _ in self.pairs() if v > 0]

    def disharmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The disharmonies as ``(a, b, -1)``."""
        return [(POINT_OF[a], POINT_OF[b], -1) for a, b, v, _ in self.pairs() if v < 0]

    def reserves(self, viewer: int | None = None) -> list[dict[str, int]]:
        """Each seat's hand; a seat other than ``viewer`` shows only ``{"?": size}``.

        ``viewer=None`` is an onlooker who sees every hand (a finished game's replay).
        """
        out: list[dict[str, int]] = []
        for seat in range(self._n):
            if viewer is None or viewer == seat:
                out.append(self.hand(seat))
            else:
                size = self.hand_size_of(seat)
                out.append({"?": size} if size else {})
        return out

    def action_clicks(self, action: AncientAction) -> tuple[str, ...]:
        """``draw``; ``reserve:Ja`` (discard); ``reserve:Ja``, ``point:(x,y)`` (and
        ``turn:90`` for a Wheel, ``point:(x2,y2)`` for a Boat); two points for a move;
        ``skip`` for a pass."""
        kind = action.kind
        if kind == DRAW:
            return ("draw",)
        if kind == PASS:
            return ("skip",)
        if kind == DISCARD:
            return ("reserve:" + CODES[action.tile],)
        if kind == MOVE:
            return ("point:" + TEXT_OF[action.src], "point:" + TEXT_OF[action.dst])
        clicks = ("reserve:" + CODES[action.tile], "point:" + TEXT_OF[action.src])
        if action.tile == WHEEL:
            return (*clicks, f"turn:{45 * action.turn}")
        if action.tile == BOAT:
            return (*clicks, "point:" + TEXT_OF[action.dst])
        return clicks

    def extra_json(self) -> dict[str, object]:
        """Target, hand size, counts, pair lists (flipped marked), every hand, pile, step."""

        def entry(a: int, b: int, flipped: bool) -> dict[str, object]:
            return {"points": [TEXT_OF[a], TEXT_OF[b]], "flipped": flipped}

        pairs = self.pairs()
        names = self.players
        return {
            "players": len(names),
            "target": self.target,
            "hand": self.hand_size,
            "harmony_count": self.harmonies,
            "disharmony_count": self.disharmonies,
            "harmonies": [entry(a, b, f) for a, b, v, f in pairs if v > 0],
            "disharmonies": [entry(a, b, f) for a, b, v, f in pairs if v < 0],
            "hands": {names[s]: r for s, r in enumerate(self.reserves(None))},
            "pile_left": self.pile_left,
            "discards": list(self.discards),
            "centre_piece": CODES[self.centre_piece],
            "first_player": names[self.first_player],
            "turn": self._turn,
            "step": self.step,
        }
