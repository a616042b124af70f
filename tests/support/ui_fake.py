"""A small fake game implementing the protocol, for the UI and render tests.

Rules (made up, Skud-shaped): round 0 each player picks accents (``accents:R,W`` or
``accents:K,B``); then a player either plants a flower from the reserve into an open
Gate, or moves one of their flowers 1 or 2 steps along a row/column to an empty point
(accents never move).  A move that ends on the east-west midline (``y == 0``) earns a
bonus: a Rock from the reserve on any empty point next to the moved tile, a Boat on a
neighbouring tile of yours (then to an empty point next to that tile) or on a
neighbouring Rock, or skip.  A flower that reaches ``(0,0)`` wins.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from paisho_core.board import GATES, POINT_OF, SURROUNDING, Point, on_board
from paisho_core.errors import IllegalMove, InvalidMove
from paisho_core.protocol import Game, Outcome, TileView, VariantInfo

Act = tuple[Any, ...]


def P(x: int, y: int) -> Point:
    return Point(x, y)


class FakeGame(Game[Act]):
    info = VariantInfo("skud", "Fake Skud", ("one-of-each",), 2, 2, False)

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed)
        self.tiles: dict[Point, tuple[str, int, frozenset[str]]] = {}
        self.reserve: list[dict[str, int]] = [
            {"R3": 2, "W4": 1},
            {"R3": 2, "W4": 1},
        ]
        self.accents: list[tuple[str, ...] | None] = [None, None]
        self.turn = 0
        self.bonus = False
        self.last_moved: Point | None = None
        self.winner: int | None = None

    # -- protocol
    @property
    def players(self) -> tuple[str, ...]:
        return ("host", "guest")

    @property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        return self.turn

    def _open_gates(self) -> list[Point]:
        return [POINT_OF[g] for g in GATES if POINT_OF[g] not in self.tiles]

    def legal_actions(self) -> list[Act]:
        if self.to_move is None:
            return []
        me = self.turn
        if self.accents[me] is None:
            if "one-of-each" in self.options:
                return [("accents", ("B", "K", "R", "W"))]
            return [("accents", ("R", "W")), ("accents", ("B", "K"))]
        acts: list[Act] = []
        if self.bonus:
            assert self.last_moved is not None
            around = [POINT_OF[i] for i in SURROUNDING[self.last_moved.index]]
            accs = self.accents[me] or ()
            if "R" in accs:
                acts += [("rock", p) for p in around if p not in self.tiles]
            if "B" in accs:
                for p in around:
                    t = self.tiles.get(p)
                    if t is None:
                        continue
                    if t[0] == "R":
                        acts.append(("boat", p, None))
                    elif t[1] == me:
                        for q in (POINT_OF[i] for i in SURROUNDING[p.index]):
                            if q not in self.tiles:
                                acts.append(("boat", p, q))
            acts.append(("skip",))
            return sorted(acts, key=repr)
        for code, n in sorted(self.reserve[me].items()):
            if n:
                acts += [("plant", code, g) for g in self._open_gates()]
        for p, (code, owner, flags) in sorted(self.tiles.items()):
            if owner != me or code in ("R", "B") or "trapped" in flags:
                continue
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                for k in (1, 2):
                    q = P(p.x + dx * k, p.y + dy * k)
                    if not on_board(*q) or q in self.tiles:
                        break
                    acts.append(("move", p, q))
        return sorted(acts, key=repr)

    def apply(self, action: Act) -> None:
        if action not in self.legal_actions():
            raise IllegalMove(f"illegal: {action!r}")
        me = self.turn
        kind = action[0]
        stay = False
        if kind == "accents":
            self.accents[me] = action[1]
        elif kind == "plant":
            self.reserve[me][action[1]] -= 1
            self.tiles[action[2]] = (action[1], me, frozenset({"growing"}))
        elif kind == "move":
            code, owner, _ = self.tiles.pop(action[1])
            self.tiles[action[2]] = (code, owner, frozenset())
            if action[2] == P(0, 0):
                self.winner = me
            elif action[2].y == 0:
                stay = True
                self.last_moved = action[2]
        elif kind == "rock":
            self.tiles[action[1]] = ("R", me, frozenset())
        elif kind == "boat":
            if action[2] is None:
                del self.tiles[action[1]]
            else:
                t = self.tiles.pop(action[1])
                self.tiles[action[2]] = t
                self.tiles[action[1]] = ("B", me, frozenset())
        self.bonus = stay
        self.history.append(action)
        if not stay:
            self.turn = 1 - me

    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            return self._resign_outcome()
        if self.winner is not None:
            return Outcome((self.winner,), "harmony-ring")
        return None

    def copy(self) -> FakeGame:
        g = FakeGame(self.options, self.seed)
        g.tiles = dict(self.tiles)
        g.reserve = [dict(r) for r in self.reserve]
        g.accents = list(self.accents)
        g.turn, g.bonus, g.last_moved, g.winner = (
            self.turn,
            self.bonus,
            self.last_moved,
            self.winner,
        )
        g.history = list(self.history)
        g.resigned = self.resigned
        return g

    def state_key(self) -> Hashable:
        return (tuple(sorted(self.tiles.items())), self.turn, self.bonus, self.winner)

    def format_action(self, action: Act) -> str:
        return repr(action)

    def parse_action(self, text: str) -> Act:
        raise InvalidMove(text)

    def to_text(self) -> str:
        return ";".join(self.format_action(a) for a in self.history)

    @classmethod
    def from_text(cls, text: str, options: Iterable[str] = (), seed: int | None = None) -> FakeGame:
        raise InvalidMove(text)

    def board_tiles(self) -> list[TileView]:
        return [
            TileView(p, code, owner, flags)
            for p, (code, owner, flags) in sorted(self.tiles.items(), key=lambda kv: kv[0].index)
        ]

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        out = []
        pts = sorted(self.tiles)
        for i, a in enumerate(pts):
            for b in pts[i + 1 :]:
                ta, tb = self.tiles[a], self.tiles[b]
                if ta[1] == tb[1] and (a.x == b.x or a.y == b.y) and ta[0] != tb[0]:
                    out.append((a, b, ta[1]))
        return out

    def reserves(self) -> list[dict[str, int]]:
        return [dict(r) for r in self.reserve]

    def action_clicks(self, action: Act) -> tuple[str, ...]:
        kind = action[0]
        if kind == "accents":
            return ("accents:" + ",".join(action[1]),)
        if kind == "plant":
            return (f"reserve:{action[1]}", f"point:{action[2]}")
        if kind == "move":
            return (f"point:{action[1]}", f"point:{action[2]}")
        if kind == "rock":
            return ("reserve:R", f"point:{action[1]}")
        if kind == "boat":
            if action[2] is None:
                return ("reserve:B", f"point:{action[1]}")
            return ("reserve:B", f"point:{action[1]}", f"point:{action[2]}")
        return ("skip",)


def opened(options: Iterable[str] = ()) -> FakeGame:
    """A fake game past the accent round (host R,W; guest K,B)."""
    g = FakeGame(options)
    g.apply(("accents", ("R", "W")))
    g.apply(("accents", ("B", "K")))
    return g
