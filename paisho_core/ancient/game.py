"""``AncientGame``: Ancient Pai Sho through the engine's game protocol.

Two to four seats hold secret hands; tiles belong to nobody once placed; whoever brings
the board to exactly ``target`` harmonies wins (``rules.html#ancient``, rulings R1–R12).
A turn is two actions by the same seat: ``draw`` then ``discard``, or a placement then
(when any tile can move) a move; a seat that can do neither passes.

The game holds an :class:`~.position.AncientPosition` (board, hands, pile, step and
counts, and what an action does to them) and calls functions over it, each module with
one job: :mod:`.moves` (the legal actions of the current step), :mod:`.explain` (why
another is refused, an action in words), :mod:`.views` (board, pairs, hands per viewer,
click paths), :mod:`.deal` (the seed's deal, the target and hand sizes) and
:mod:`.notation` (the record as text); this module sets up, keeps the turn order and
the end.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import ClassVar

from ..board import (
    CELLS,
    CENTRE,
    TEXT_OF,
    Point,
)
from ..end_reasons import reason_message
from ..errors import IllegalMove, InvalidMove, quote
from ..messages import Message, msg
from ..protocol import Game, Outcome, TileView, VariantInfo
from . import explain, knowledge, moves, rules, views
from .actions import (
    DISCARD,
    DRAW,
    MOVE,
    PASS,
    AncientAction,
    format_action,
    parse_action,
)
from .deal import deal, sizes
from .notation import play_record, record_text
from .position import DISCARD_STEP, MOVE_STEP, STEP_NAMES, AncientPosition
from .spec import SPEC, AncientEnd
from .tiles import CODES, DRAINED, KIND_OF_CODE


def _kind_of(code: str) -> int:
    kind = KIND_OF_CODE.get(code)
    if kind is None:
        raise InvalidMove(msg("unknown tile code {code}", code=quote(code)))
    return kind


class AncientGame(Game[AncientAction]):
    """Ancient Pai Sho for 2–4 seats (``rules.html#ancient``).

    Options ``target=N`` and ``hand=N`` (default 5 and 7; ``target`` alone takes its
    preset's hand).  The engine knows every hand; :meth:`reserves` and :meth:`hand_view`
    show a viewer only their own hand and the sizes of the others'.
    """

    info: ClassVar[VariantInfo] = SPEC.info
    hidden_hands: ClassVar[bool] = True
    """Each seat's hand is secret: the page seals the seed in saves, and undo stays
    inside the turn being played (the page logic's saves and Ancient panel)."""

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)  # checks 2 <= players <= 4
        n = self.info.min_players if players is None else players
        target, hand = sizes(self.option_value("target"), self.option_value("hand"), n)
        self.options = frozenset({f"target={target}", f"hand={hand}"})
        self.target = target
        """Harmonies to reach exactly (R4)."""
        self.hand_size = hand
        """Tiles dealt to each seat (R2)."""
        assert self.seed is not None
        dealt = deal(self.seed, n, hand)
        cells = [0] * CELLS
        cells[CENTRE] = dealt.centre
        self._pos = AncientPosition(
            cells, AncientPosition.hand_rows(dealt.hands), dealt.pile, dealt.first
        )
        self.centre_piece = dealt.centre
        """Kind of the centre piece (R1, R12)."""
        self.first_player = dealt.first
        """The seat that played first (R1)."""
        self._entries: list[tuple[int, int]] = []
        self._end: Outcome | None = None
        self._legal: list[AncientAction] | None = None

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
        cells = [0] * CELLS
        for text, code in board.items():
            point = Point.parse(text).index
            drained = code.endswith("*")
            kind = _kind_of(code.rstrip("*"))
            cells[point] = kind | (DRAINED if drained else 0)
        rows = AncientPosition.hand_rows([_kind_of(c) for c in t.split()] for t in hand_texts)
        pile_kinds = tuple(_kind_of(code) for code in pile.split())
        game._pos = AncientPosition(cells, rows, pile_kinds, seat)
        game.first_player = seat
        game.centre_piece = cells[CENTRE] & 15
        return game

    @classmethod
    def at_position(
        cls,
        position: AncientPosition,
        target: int,
        hand: int,
        first: int,
        record: Iterable[tuple[AncientAction, tuple[int, int]]] = (),
    ) -> AncientGame:
        """A game standing at ``position``, with its record's entries (each action with
        its turn and seat) listed but not replayed, and no seed: a seat's view made back
        into a game (:mod:`.seatview`)."""
        game = cls((f"target={target}", f"hand={hand}"), 0, position.n)
        game._pos = position
        game.first_player = first
        game.centre_piece = position.cells[CENTRE] & 15
        for action, entry in record:
            game.history.append(action)
            game._entries.append(entry)
        game.seed = None
        return game

    # -- the position --------------------------------------------------------------------
    @property
    def position(self) -> AncientPosition:
        """The position itself (live, not a copy): for the engine's own helpers."""
        return self._pos

    @property
    def harmonies(self) -> int:
        """Harmonies on the board now (R7, R8)."""
        return self._pos.harmonies

    @property
    def disharmonies(self) -> int:
        """Disharmonies on the board now."""
        return self._pos.disharmonies

    @property
    def pile_left(self) -> int:
        """Tiles left in the draw pile."""
        return self._pos.pile_left

    # -- players ---------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Seats ``("P1", "P2", …)`` in turn order."""
        return ("P1", "P2", "P3", "P4")[: self._pos.n]

    @property
    def to_move(self) -> int | None:
        """The seat to act (it stays for the second action of its turn), or ``None``."""
        return None if self.outcome() is not None else self._pos.seat

    @property
    def turn(self) -> int:
        """The number of the turn being played (1 for the first)."""
        return self._pos.turn

    @property
    def entries(self) -> tuple[tuple[int, int], ...]:
        """Each action's turn number and seat, in the order of :attr:`history`."""
        return tuple(self._entries)

    @property
    def step(self) -> str:
        """``start`` (draw or place), ``discard`` (after a draw) or ``move`` (after a place)."""
        return STEP_NAMES[self._pos.step]

    @property
    def discards(self) -> tuple[str, ...]:
        """Codes of the discarded tiles, in order (public)."""
        return tuple(CODES[k] for k in self._pos.discards)

    @property
    def cells(self) -> tuple[int, ...]:
        """The board as cell values (see :mod:`.tiles`); a snapshot."""
        return tuple(self._pos.cells)

    @property
    def last_drawn(self) -> str | None:
        """The tile the seat to move just drew (during its discard step), else None."""
        pos = self._pos
        return CODES[pos.last_draw] if pos.step == DISCARD_STEP else None

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[AncientAction]:
        """The actions of the current step only, in a deterministic order."""
        if self.outcome() is not None:
            return []
        if self._legal is None:
            self._legal = moves.legal_actions(self._pos)
        return self._legal[:]

    # -- playing -------------------------------------------------------------------------------
    def apply(self, action: AncientAction) -> None:
        """Play one action; raise :class:`IllegalMove` naming the entry and the ruling."""
        pos = self._pos
        entry = msg("turn {turn} (P{seat})", turn=pos.turn, seat=pos.seat + 1)
        if not isinstance(action, AncientAction):
            raise IllegalMove(msg(
                "{entry}: not an Ancient action: {action}",
                entry=entry, action=repr(action),
            ))
        end = self.outcome()
        if end is not None:
            raise IllegalMove(msg(
                "{entry}: {move} after the end of the game ({reason})",
                entry=entry, move=format_action(action), reason=reason_message(end.reason),
            ))
        why = explain.why_illegal(pos, action)
        if why is not None:
            raise IllegalMove(msg("{entry}: {move} is not legal: {reason}", entry=entry,
                                  move=format_action(action), reason=why))
        self.history.append(action)
        self._entries.append((pos.turn, pos.seat))
        self._legal = None
        kind = action.kind
        if kind == PASS:
            pos.passes += 1
            if pos.passes >= pos.n:
                self._end = Outcome((), AncientEnd.ALL_PASSED)
            else:
                pos.end_turn()
            return
        pos.passes = 0
        touched = pos.do(action)
        if kind == DRAW:
            pos.step = DISCARD_STEP
        elif kind == DISCARD:
            pos.end_turn()
        else:
            pos.recount(rules.lines_through(touched))
            if pos.harmonies == self.target:  # an exact hit ends the game (R4)
                self._end = Outcome((pos.seat,), AncientEnd.EXACT_TARGET)
            elif kind != MOVE and moves.moves(pos):
                pos.step = MOVE_STEP
            else:
                pos.end_turn()

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
        new._pos = self._pos.copy()
        new._legal = None
        return new

    def state_key(self) -> Hashable:
        """Board, hands, pile position, discards, seat, step, passes and the end."""
        pos = self._pos
        return (
            bytes(pos.cells),
            tuple(tuple(h) for h in pos.hands),
            pos.drawn,
            tuple(pos.discards),
            pos.seat,
            pos.step,
            pos.passes,
            self._end,
            self.resigned,
        )

    # -- text ----------------------------------------------------------------------------------
    def describe_action(self, action: AncientAction, coordinates: bool = False) -> Message:
        """``action`` in words (:func:`.explain.describe`)."""
        return explain.describe(self._pos, action, coordinates)

    def click_refusal(self, clicks: tuple[str, ...], token: str) -> Message | None:
        """Why a click is refused, from the rules (:func:`.explain.click_reason`)."""
        return explain.click_reason(self._pos, clicks, token)

    def format_action(self, action: AncientAction) -> str:
        """The entry without its prefix: ``draw``, ``Ja(1,2)``, ``(1,2)-(1,4)``, …"""
        return format_action(action)

    def format_entry(self, action: AncientAction) -> str:
        """The entry as the record writes it now, with its turn and seat: ``3.P2:draw``."""
        return f"{self._pos.turn}.P{self._pos.seat + 1}:{format_action(action)}"

    def parse_action(self, text: str) -> AncientAction:
        """Parse one entry (its ``3.P2:`` prefix, if any, is not checked here)."""
        return parse_action(text)

    def to_text(self) -> str:
        """Every entry so far with its prefix, ``;``-separated (the record's header —
        players, seed, target/hand — is given apart)."""
        return record_text(self.history, self._entries)

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
            raise InvalidMove(msg("not Ancient notation: {text}", text=quote(text)))
        game = cls(options, seed, players)
        game.play_text(text)
        return game

    def play_text(self, text: str) -> None:
        """Play record entries (``turn.Pseat:action``, prefixes checked) onto this game
        (:func:`.notation.play_record`)."""
        play_record(self, text)

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

    def determinize(self, seat: int, rng: random.Random) -> AncientGame:
        """A copy where every tile ``seat`` cannot see (the others' hands but for the
        tiles a Dragon took, the pile) is dealt afresh by ``rng`` (:mod:`.knowledge`;
        the hook of :mod:`paisho_core.determinized`)."""
        return knowledge.determinize(self, seat, rng)

    # -- views (:mod:`.views`) -----------------------------------------------------------------
    def hand(self, seat: int) -> dict[str, int]:
        """Everything in ``seat``'s hand (engine knowledge: not for another seat's eyes)."""
        return views.hand(self._pos, seat)

    def hand_size_of(self, seat: int) -> int:
        """How many tiles ``seat`` holds (public)."""
        return views.hand_size_of(self._pos, seat)

    def board_tiles(self) -> list[TileView]:
        """Every tile, ownerless; drained flowers carry the flag ``drained``."""
        return views.board_tiles(self._pos)

    def pairs(self) -> list[tuple[int, int, int, bool]]:
        """Every interacting pair as ``(a, b, value, flipped)`` (see :func:`.views.pairs`)."""
        return views.pairs(self._pos)

    def flipped_lines(self) -> list[tuple[Point, Point]]:
        """The harmonies and disharmonies a Lotus flipped (R8), for the board's marks."""
        return views.flipped_lines(self._pos)

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The harmonies as ``(a, b, -1)``: tiles here have no owner."""
        return views.harmony_lines(self._pos)

    def disharmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The disharmonies as ``(a, b, -1)``."""
        return views.disharmony_lines(self._pos)

    def reserves(self, viewer: int | None = None) -> list[dict[str, int]]:
        """Each seat's hand; a seat other than ``viewer`` shows only ``{"?": size}``
        (``viewer=None``: an onlooker who sees every hand, a finished game's replay)."""
        return views.reserves(self._pos, viewer)

    def action_clicks(self, action: AncientAction) -> tuple[str, ...]:
        """The page's clicks for ``action`` (see :func:`.views.action_clicks`)."""
        return views.action_clicks(action)

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
            "turn": self._pos.turn,
            "step": self.step,
        }
