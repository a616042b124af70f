"""``BalanceGame``: Balance Pai Sho through the engine's game protocol.

A solitaire: the bag order comes from the seed (R1); each action places the drawn tile
on a point connected to the Avatar (R2) within the zone and Gate limits (R3).  The game
ends when the bag is empty (score ``min(H, D)``) or when the drawn tile has no legal
point (Failure, score 0).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ..board import (
    CELLS,
    IS_GATE,
    ON_BOARD,
    POINT_OF,
    POINTS,
    TEXT_OF,
    WHOLLY_RED,
    WHOLLY_WHITE,
    Point,
)
from ..end_reasons import reason_message
from ..errors import IllegalMove, InvalidMove, quote
from ..messages import Message, msg, term
from ..protocol import Game, Outcome, Reason, TileView, VariantInfo
from ..tokens import POINT_TOKENS
from .action import Place, parse_place, sort_key
from .bag import bag_for_seed
from .geometry import AVATAR_RAYS, POS_OF, RAY_OF
from .position import Position, interacting_pairs
from .spec import SPEC, BalanceEnd
from .tiles import (
    BAG_COUNTS,
    CODES,
    DRAGON,
    KIND_OF_CODE,
    KOI,
    NAMES,
    PAIR_D,
    PAIR_H,
    SKY_BISON,
)

PERFECT = 20
"""Harmonies and disharmonies both equal to this: Perfect Balance."""


class Counts(NamedTuple):
    """Harmonies and disharmonies on the board."""

    harmonies: int
    disharmonies: int


@dataclass(frozen=True)
class Preview:
    """What placing the drawn tile on ``point`` would do (for the page's hover)."""

    point: Point
    new_pairs: tuple[tuple[Point, int, int], ...]
    """Each tile it would interact with: ``(partner, harmonies, disharmonies)``."""
    cut_pairs: tuple[tuple[Point, Point, int, int], ...]
    """Each connection it would end (R6): ``(a, b, harmonies, disharmonies)``."""
    harmonies: int
    """Net change of the harmony count."""
    disharmonies: int
    """Net change of the disharmony count."""

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form: points as ``(x,y)`` text."""
        return {
            "point": str(self.point),
            "lines": [[str(self.point), str(p), h, d] for p, h, d in self.new_pairs],
            "cut": [[str(a), str(b), h, d] for a, b, h, d in self.cut_pairs],
            "harmonies": self.harmonies,
            "disharmonies": self.disharmonies,
        }


def result_of(harmonies: int, disharmonies: int) -> str:
    """Name the result of a game that emptied the bag with these counts."""
    if harmonies != disharmonies:
        return "unbalance"
    return "perfect-balance" if harmonies == PERFECT else "balance"


class BalanceGame(Game[Place]):
    """Balance Pai Sho, a seeded solitaire (``rules.html#balance``, rulings R1–R6).

    The player index is always 0; ``drawn`` is the tile to place, ``counts()`` the live
    harmonies and disharmonies, ``preview(point)`` what a placement would do.
    """

    info: ClassVar[VariantInfo] = SPEC.info

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)
        assert self.seed is not None  # the base class refuses a missing seed
        self._start(bag_for_seed(self.seed))

    @classmethod
    def with_bag(cls, codes: str) -> BalanceGame:
        """A game whose bag order is ``codes`` (e.g. ``"DKS"``) instead of the seed's.

        For tests and puzzles only: its text replays only with the same bag.
        """
        kinds = []
        for c in codes:
            if c not in KIND_OF_CODE or c == "A":
                raise InvalidMove(msg("not a bag tile code: {code} in {codes}", code=quote(c),
                                      codes=quote(codes)))
            kinds.append(KIND_OF_CODE[c])
        game = cls((), 0)
        game._start(tuple(kinds))
        return game

    def _start(self, bag: tuple[int, ...]) -> None:
        self._bag = bag
        self._pos = Position()
        self._unseen: dict[int, int] = {k: 0 for k in BAG_COUNTS}
        for kind in bag[1:]:
            self._unseen[kind] += 1
        self._refresh()

    def _refresh(self) -> None:
        """Recompute the legal points of the drawn tile and the end of the game."""
        ply = len(self.history)
        pos = self._pos
        self._end: Outcome | None
        if ply >= len(self._bag):
            self._legal: list[int] = []
            h, d = pos.harmonies, pos.disharmonies
            self._end = Outcome((), BalanceEnd.BAG_EMPTY, min(h, d), result_of(h, d))
            return
        self._legal = sorted(pos.legal_points(self._bag[ply]), key=sort_key)
        self._end = None if self._legal else Outcome((), BalanceEnd.FAILURE, 0, "failure")

    # -- players -------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The one seat: ``("player",)``."""
        return ("player",)

    @property
    def to_move(self) -> int | None:
        """0 while a tile waits to be placed, ``None`` once the game is over."""
        return None if self.outcome() is not None else 0

    # -- state the page reads --------------------------------------------------------------
    @property
    def drawn(self) -> str | None:
        """Code of the drawn tile (still so at a Failure: the tile that had no point)."""
        ply = len(self.history)
        if ply >= len(self._bag) or self.resigned is not None:
            return None
        return CODES[self._bag[ply]]

    @property
    def bag_left(self) -> int:
        """Tiles still in the bag, the drawn one not counted."""
        return max(0, len(self._bag) - len(self.history) - 1)

    def counts(self) -> Counts:
        """The harmonies and disharmonies on the board now (R6)."""
        return Counts(self._pos.harmonies, self._pos.disharmonies)

    def remaining_counts(self) -> dict[str, int]:
        """How many of each tile code are still in the bag (drawn tile excluded).

        The multiset only, never the order: this is what a player can know.
        """
        return {CODES[k]: n for k, n in self._unseen.items()}

    @property
    def position(self) -> Position:
        """The board and counts (do not mutate: use ``copy()``)."""
        return self._pos

    # -- actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Place]:
        """The legal points for the drawn tile, in reading order; empty once over."""
        if self.resigned is not None:
            return []
        return [Place(i) for i in self._legal]

    def _why_illegal(self, index: int, kind: int) -> Message:
        where = TEXT_OF[index] if 0 <= index < CELLS else f"point #{index}"
        ply, tile = len(self.history) + 1, term("tile", NAMES[kind])
        if not (0 <= index < CELLS and ON_BOARD[index]):
            why = msg("not a point of the board (balance-turn)")
            return msg("ply {ply}: {tile} cannot go on {point}: {reason}", ply=ply, tile=tile,
                       point=where, reason=why)
        cells = self._pos.cells
        if cells[index]:
            why = msg("occupied by the {tile} (balance-turn)",
                      tile=term("tile", NAMES[cells[index]]))
            return msg("ply {ply}: {tile} cannot go on {point}: {reason}", ply=ply, tile=tile,
                       point=where, reason=why)
        return msg("ply {ply}: {tile} cannot go on {point}: {reason}", ply=ply, tile=tile,
                   point=where, reason=self._reasons(index, kind))

    def _reasons(self, index: int, kind: int) -> Message:
        """Why ``kind`` cannot go on the empty board point ``index`` now, with the rules."""
        cells = self._pos.cells
        reasons: list[Message] = []
        r = RAY_OF[index]
        if r < 0:
            reasons.append(
                msg("not on the row, column or a diagonal of the Avatar (balance R2)"))
        elif POS_OF[index] >= self._pos.reach[r]:
            blocker = AVATAR_RAYS[r][self._pos.reach[r]]
            reasons.append(msg(
                "the {tile} on {point} stands between it and the Avatar (balance R2)",
                tile=term("tile", NAMES[cells[blocker]]), point=TEXT_OF[blocker],
            ))
        if IS_GATE[index] and kind != SKY_BISON:
            reasons.append(msg("only a Sky Bison may go on a Gate (balance-turn)"))
        if kind == DRAGON and WHOLLY_WHITE[index]:
            reasons.append(msg("wholly inside a White garden (balance R3)"))
        if kind == KOI and WHOLLY_RED[index]:
            reasons.append(msg("wholly inside a Red garden (balance R3)"))
        if not reasons:
            reasons.append(msg("not legal (balance-turn)"))
        return _joined(reasons)

    def click_refusal(self, clicks: tuple[str, ...], token: str) -> Message | None:
        """Why a click on a point is refused: the drawn tile, the cause and the rule
        (``None`` for a legal point, a point of no board, or a game over)."""
        index = _TOKEN_INDEX.get(token)
        if index is None or self.to_move is None or index in self._legal:
            return None
        kind = self._bag[len(self.history)]
        tile = term("tile", NAMES[kind])
        occupant = self._pos.cells[index]
        if occupant:
            return msg("the {tile} cannot go there: the point is taken by the {other} "
                       "(balance-turn)", tile=tile, other=term("tile", NAMES[occupant]))
        return msg("the {tile} cannot go there: {reason}", tile=tile,
                   reason=self._reasons(index, kind))

    def _check(self, action: object) -> int:
        """Return the point index of a legal ``action``; raise :class:`IllegalMove`."""
        if not isinstance(action, Place) or not isinstance(action.index, int):
            raise IllegalMove(msg("ply {ply}: not a Balance action: {action}",
                                  ply=len(self.history) + 1, action=quote(action)))
        end = self.outcome()
        if end is not None:
            raise IllegalMove(msg(
                "ply {ply}: {action} after the end of the game ({reason})",
                ply=len(self.history) + 1, action=str(action), reason=reason_message(end.reason),
            ))
        index = action.index
        if index in self._legal:
            return index
        raise IllegalMove(self._why_illegal(index, self._bag[len(self.history)]))

    def apply(self, action: Place) -> None:
        """Place the drawn tile; raise :class:`IllegalMove` naming the ply and the rule."""
        index = self._check(action)
        kind = self._bag[len(self.history)]
        self._pos.place(index, kind)
        self.history.append(Place(index))
        if len(self.history) < len(self._bag):
            self._unseen[self._bag[len(self.history)]] -= 1
        self._refresh()

    def outcome(self) -> Outcome | None:
        """``bag-empty`` (balance / perfect-balance / unbalance) or ``failure``; else None.

        A resignation (abandoning the solitaire) ends it as ``resign`` with score 0.
        """
        if self._end is None and self.resigned is not None:
            return Outcome((), Reason.RESIGN, 0, "failure")
        return self._end

    def copy(self) -> BalanceGame:
        """An independent copy (the bag tuple is shared: it is immutable)."""
        new = object.__new__(type(self))
        new.options = self.options
        new.seed = self.seed
        new.history = self.history[:]
        new.resigned = self.resigned
        new.set_up = self.set_up
        new._bag = self._bag
        new._pos = self._pos.copy()
        new._unseen = dict(self._unseen)
        new._legal = self._legal[:]
        new._end = self._end
        return new

    def state_key(self) -> Hashable:
        """The board, the bag still to come (in order) and any resignation."""
        return bytes(self._pos.cells), self._bag[len(self.history) :], self.resigned

    # -- text ------------------------------------------------------------------------------
    def format_action(self, action: Place) -> str:
        """``(x,y)``."""
        text: str = TEXT_OF[action.index]
        return text

    def parse_action(self, text: str) -> Place:
        """Parse ``(x,y)``; raise :class:`InvalidMove` naming the text if malformed."""
        return parse_place(text)

    def to_text(self) -> str:
        """The placed points in order, ``;``-separated (the seed is given apart)."""
        return ";".join(TEXT_OF[a.index] for a in self.history)

    @classmethod
    def from_text(
        cls, text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> BalanceGame:
        """Replay ``(x,y);(x,y);…`` for ``seed``, checking every placement."""
        if not isinstance(text, str):
            raise InvalidMove(msg("not Balance notation: {text}", text=quote(text)))
        game = cls(options, seed)
        body = text.strip()
        if not body:
            return game
        for n, part in enumerate(body.split(";"), 1):
            if not part.strip():
                raise InvalidMove(msg("ply {ply}: empty move in {text}", ply=n, text=quote(text)))
            try:
                place = parse_place(part)
            except InvalidMove as error:
                raise InvalidMove(msg("ply {ply}: {reason}", ply=n, reason=error.message)) from None
            game.apply(place)
        return game

    # -- for the UI, the CLI and the renderer -------------------------------------------------
    def board_tiles(self) -> list[TileView]:
        """Every tile (the Avatar included) in :data:`board.POINTS` order; no owners."""
        cells = self._pos.cells
        return [TileView(POINT_OF[i], CODES[cells[i]], None) for i in POINTS if cells[i]]

    def _lines(self, table: tuple[int, ...]) -> list[tuple[Point, Point, int]]:
        cells = self._pos.cells
        return [
            (POINT_OF[a], POINT_OF[b], 0)
            for a, b in interacting_pairs(cells)
            if table[cells[a] * 8 + cells[b]]
        ]

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        """Each interacting pair that makes at least one harmony, once, as ``(a, b, 0)``."""
        return self._lines(PAIR_H)

    def disharmony_lines(self) -> list[tuple[Point, Point, int]]:
        """Each interacting pair that makes at least one disharmony, once, as ``(a, b, 0)``."""
        return self._lines(PAIR_D)

    def action_clicks(self, action: Place) -> tuple[str, ...]:
        """One click on the point: ``("point:(x,y)",)``."""
        return (POINT_TOKENS[action.index],)

    def extra_json(self) -> dict[str, object]:
        """Counts, score (the final one, or the one the game would end with now), result."""
        h, d = self._pos.harmonies, self._pos.disharmonies
        end = self.outcome()
        return {
            "counts": {"harmonies": h, "disharmonies": d},
            "score": end.score if end is not None else min(h, d),
            "result": end.result if end is not None else None,
            "drawn": self.drawn,
            "bag_left": self.bag_left,
        }

    def preview(self, point: Point | Place) -> Preview:
        """What placing the drawn tile on a legal ``point`` would connect and change.

        Raise :class:`IllegalMove` (as ``apply`` would) if the point is not legal.
        """
        index = point.index
        self._check(Place(index))
        kind = self._bag[len(self.history)]
        after = self._pos.copy()
        after.place(index, kind)
        old_cells, new_cells = self._pos.cells, after.cells
        before = set(interacting_pairs(old_cells))
        now = set(interacting_pairs(new_cells))
        new_pairs = []
        for a, b in sorted(now - before):
            other = b if a == index else a
            v = kind * 8 + new_cells[other]
            new_pairs.append((POINT_OF[other], PAIR_H[v], PAIR_D[v]))
        cut = []
        for a, b in sorted(before - now):
            v = old_cells[a] * 8 + old_cells[b]
            cut.append((POINT_OF[a], POINT_OF[b], PAIR_H[v], PAIR_D[v]))
        return Preview(
            POINT_OF[index],
            tuple(new_pairs),
            tuple(cut),
            after.harmonies - self._pos.harmonies,
            after.disharmonies - self._pos.disharmonies,
        )


_TOKEN_INDEX: dict[str, int] = {
    token: index for index, token in enumerate(POINT_TOKENS) if token and ON_BOARD[index]
}
"""A point's click token → its board index."""


def _joined(reasons: list[Message]) -> Message:
    """Several reasons as one, separated by ``; `` (a list, not a sentence: not extracted)."""
    joined = reasons[0]
    for more in reasons[1:]:
        joined = Message("{first}; {more}", (("first", joined), ("more", more)))
    return joined
