"""Toy Pai Sho: the game (:class:`ToyGame`), written on the engine's protocol alone.

The nine points around the centre, ``(-1,-1)`` … ``(1,1)``, are the board.  Each
player holds 3 Stones (``S``) and 2 Flowers (``F``); a turn puts one of them on an empty
point (``S(0,1)``), the Host first.  Three tiles of one player in a row, a column or a
diagonal win; a full board with no such line is a draw.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from paisho_core.board import Point
from paisho_core.errors import IllegalMove, InvalidMove, quote
from paisho_core.messages import msg
from paisho_core.protocol import Game, Outcome, TileView
from paisho_core.tokens import point_token, reserve_token

from .spec import SPEC, ToyEnd

CODES = ("S", "F")
"""The tile kinds, by code."""
FULL = {"S": 3, "F": 2}
"""How many of each kind a player holds at the start."""
SQUARE = tuple(Point(x, y) for y in (1, 0, -1) for x in (-1, 0, 1))
"""The nine points of the board, in reading order."""
LINES = tuple(
    tuple(Point(x, y) for x, y in line)
    for line in (
        *(((-1, y), (0, y), (1, y)) for y in (-1, 0, 1)),
        *(((x, -1), (x, 0), (x, 1)) for x in (-1, 0, 1)),
        ((-1, -1), (0, 0), (1, 1)),
        ((-1, 1), (0, 0), (1, -1)),
    )
)
"""The eight lines of three."""


@dataclass(frozen=True)
class Put:
    """Put a tile of ``code`` on ``point``."""

    code: str
    point: Point

    def __str__(self) -> str:
        return f"{self.code}{self.point}"


class ToyGame(Game[Put]):
    """A game of Toy Pai Sho between the Host (0) and the Guest (1)."""

    info = SPEC.info

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)
        self.cells: dict[Point, tuple[str, int]] = {}
        self.held = [dict(FULL), dict(FULL)]

    @property
    def players(self) -> tuple[str, ...]:
        """The Host and the Guest."""
        return ("host", "guest")

    @property
    def to_move(self) -> int | None:
        """Whose turn it is (``None`` once the game is over)."""
        return None if self.outcome() is not None else len(self.history) % 2

    def legal_actions(self) -> list[Put]:
        """Every tile the mover holds on every empty point."""
        mover = self.to_move
        if mover is None:
            return []
        return [Put(code, p) for code in CODES if self.held[mover][code]
                for p in SQUARE if p not in self.cells]

    def apply(self, action: Put) -> None:
        """Put the tile; raise :class:`IllegalMove` naming the action when it cannot go."""
        if action not in self.legal_actions():
            raise IllegalMove(msg("move {number} {move} is not legal",
                                  number=len(self.history) + 1, move=str(action)))
        mover = len(self.history) % 2
        self.cells[action.point] = (action.code, mover)
        self.held[mover][action.code] -= 1
        self.history.append(action)

    def outcome(self) -> Outcome | None:
        """A line of three, a full board, or a resignation."""
        resigned = self._resign_outcome()
        if resigned is not None:
            return resigned
        for line in LINES:
            owners = {self.cells[p][1] for p in line if p in self.cells}
            if len(owners) == 1 and all(p in self.cells for p in line):
                return Outcome((owners.pop(),), ToyEnd.THREE_IN_A_ROW)
        if len(self.cells) == len(SQUARE):  # (5 tiles each: nobody runs out first)
            return Outcome((), ToyEnd.FULL_BOARD)
        return None

    def copy(self) -> ToyGame:
        """An independent copy."""
        game = ToyGame(self.options)
        game.cells = dict(self.cells)
        game.held = [dict(h) for h in self.held]
        game.history = list(self.history)
        game.resigned = self.resigned
        return game

    def state_key(self) -> Hashable:
        """The board, the tiles held and whose turn it is."""
        return (tuple(sorted((p.index, v) for p, v in self.cells.items())),
                tuple(tuple(sorted(h.items())) for h in self.held), len(self.history) % 2)

    def format_action(self, action: Put) -> str:
        """``S(0,1)``."""
        return str(action)

    def parse_action(self, text: str) -> Put:
        """Read ``S(0,1)``; raise :class:`InvalidMove` quoting a text that is not one."""
        body = text.strip()
        if body[:1] not in CODES:
            raise InvalidMove(msg("not a Toy move: {text}", text=quote(text)))
        try:
            return Put(body[0], Point.parse(body[1:]))
        except ValueError:
            raise InvalidMove(msg("not a Toy move: {text}", text=quote(text))) from None

    def to_text(self) -> str:
        """Every action, ``;``-separated."""
        return ";".join(map(str, self.history))

    @classmethod
    def from_text(
        cls, text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> ToyGame:
        """Replay a game text, every action checked."""
        game = cls(options, seed)
        game.play_text(text)
        return game

    def board_tiles(self) -> list[TileView]:
        """The tiles on the board, in point order."""
        return [TileView(p, code, owner) for p, (code, owner) in
                sorted(self.cells.items(), key=lambda item: item[0].index)]

    def reserves(self, viewer: int | None = None) -> list[dict[str, int]]:
        """The tiles each player still holds."""
        return [{code: n for code, n in held.items() if n} for held in self.held]

    def action_clicks(self, action: Put) -> tuple[str, ...]:
        """The tile in the reserve, then the point."""
        return (reserve_token(action.code), point_token(action.point))
