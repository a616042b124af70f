"""``AncientGame``: Ancient Pai Sho through the engine's game protocol.

Two to four seats hold secret hands; tiles belong to nobody once placed; whoever brings
the board to exactly ``target`` harmonies wins (``rules.html#ancient``, rulings R1–R12).
A turn is two actions by the same seat: ``draw`` then ``discard``, or a placement then
(when any tile can move) a move; a seat that can do neither passes.

The class is made of parts, each with one job: :mod:`.checks` (the legal actions of
the current step and why another is refused), :mod:`.views` (board, pairs, hands per
viewer, click paths) and this module (setting up, playing, copying and the record).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import ClassVar

from ..board import (
    CELLS,
    CENTRE,
    TEXT_OF,
    Point,
)
from ..errors import IllegalMove, InvalidMove
from ..protocol import Game, Outcome, VariantInfo
from . import rules
from .actions import (
    DISCARD,
    DRAW,
    MOVE,
    PASS,
    AncientAction,
    format_action,
    parse_action,
    split_prefix,
)
from .checks import DISCARD_STEP, MOVE_STEP, START, STEP_NAMES, AncientChecks
from .deal import deal
from .tiles import (
    BOAT,
    CODES,
    DRAINED,
    KIND_OF_CODE,
    KNOTWEED,
    POOL_SIZE,
    WHEEL,
)
from .views import AncientViews

PRESETS: tuple[tuple[int, int], ...] = ((3, 5), (5, 7), (7, 11), (11, 17))
"""The seed's target/hand pairs (``rules.html#ancient-r2``); any other pair may be chosen."""
DEFAULT_TARGET, DEFAULT_HAND = 5, 7
MAX_TARGET = 99


def _kind_of(code: str) -> int:
    kind = KIND_OF_CODE.get(code)
    if kind is None:
        raise InvalidMove(f"unknown tile code {code!r}")
    return kind


class AncientGame(AncientChecks, AncientViews, Game[AncientAction]):
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
    hidden_hands: ClassVar[bool] = True
    """Each seat's hand is secret: the page seals the seed in saves, and undo stays
    inside the turn being played (the page logic's saves and Ancient panel)."""

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
    def entries(self) -> tuple[tuple[int, int], ...]:
        """Each action's turn number and seat, in the order of :attr:`history`."""
        return tuple(self._entries)

    @property
    def step(self) -> str:
        """``start`` (draw or place), ``discard`` (after a draw) or ``move`` (after a place)."""
        return STEP_NAMES[self._step]

    @property
    def discards(self) -> tuple[str, ...]:
        """Codes of the discarded tiles, in order (public)."""
        return tuple(CODES[k] for k in self._discards)

    @property
    def cells(self) -> tuple[int, ...]:
        """The board as cell values (see :mod:`.tiles`); a snapshot."""
        return tuple(self._cells)

    @property
    def last_drawn(self) -> str | None:
        """The tile the seat to move just drew (during its discard step), else None."""
        return CODES[self._last_draw] if self._step == DISCARD_STEP else None

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
