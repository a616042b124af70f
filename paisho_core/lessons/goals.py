"""The goals a lesson's task may set, as typed, frozen values the engine checks.

A goal says what the player to move must bring about with their turn (all its actions:
a Skud move and its Harmony Bonus, an Ancient placement and its move); it is checked
after every action of the turn, so it is met as soon as it holds.  Each goal reads only
what the game protocol shows (:mod:`.facts`), so one vocabulary serves every variant:

* :class:`Harmony` — a new harmony of the mover between a tile of each of two kinds;
* :class:`Break` — a harmony of the opponent between two kinds of tile is gone;
* :class:`Reach` — a tile of that kind of the mover ends on a point of an area;
* :class:`Place` — a tile from the mover's reserve or hand put on the board (of a kind,
  on an area);
* :class:`Capture` — the tile on a point leaves the board;
* :class:`TileAt` — a point holds a tile of a kind (the mover's, the opponent's, any);
* :class:`Flag` — the tile on a point is ``drained`` or ``trapped``;
* :class:`Score` — the mover's score (or one of its terms, a count) at least or exactly N;
* :class:`End` — the turn ends the game by a reason (``harmony-ring``,
  ``exact-target``…), the mover among the winners;
* :class:`Act` — any legal action of a kind (``draw``, ``pass``, ``turn``…).

:meth:`Goal.met` tells whether a turn meets it and :meth:`Goal.why` why it does not, in
words from the engine's facts (a :class:`~paisho_core.messages.Message`: "your Rose
(R3) is drained by the Knotweed next to it").  :func:`parse_goal` reads one from a
lesson's JSON and :meth:`Goal.to_json` writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ..board import Point
from ..errors import PaiShoError
from ..messages import Message, msg, msgn
from ..protocol import TileView
from ..tokens import (
    ACCENTS_PREFIX,
    DRAW,
    SKIP,
    is_turn,
    reserve_code,
    token_point,
)
from . import facts
from .facts import AnyGame


class GoalError(PaiShoError):
    """A goal that cannot be read (the message names the field; English: only the
    build, the tests and the command line read the course files)."""


ACTION_KINDS = ("move", "place", "discard", "draw", "pass", "turn", "accents")
"""The kinds of action an :class:`Act` goal may ask for."""
FLAGS = ("drained", "trapped", "growing")
"""The tile states a :class:`Flag` goal may ask for."""
OWNERS = ("mover", "opponent", "any")
"""Whose tile a :class:`TileAt` goal asks for."""


def action_kind(game: AnyGame, action: Any) -> str:
    """The kind of ``action`` in ``game`` (one of :data:`ACTION_KINDS`), from its clicks:
    a Wheel's turn, a draw, a pass or skip, a discard (a reserve tile alone), a placement
    (a reserve tile then a point), a move (a board point first), an accent choice."""
    paths = game.action_click_paths(action)
    first = paths[0]
    if any(is_turn(token) for path in paths for token in path):
        return "turn"
    if not first or first[0] == SKIP:
        return "pass"
    if first[0] == DRAW:
        return "draw"
    if first[0].startswith(ACCENTS_PREFIX):
        return "accents"
    if reserve_code(first[0]) is not None:
        return "discard" if len(first) == 1 else "place"
    return "move"


@dataclass(frozen=True)
class Turn:
    """A turn so far: the position before it, the one now, the mover and each action's
    clicks and kind (as played)."""

    before: AnyGame
    after: AnyGame
    mover: int
    clicks: tuple[tuple[str, ...], ...] = ()
    kinds: tuple[str, ...] = ()

    def last_point(self) -> Point | None:
        """The last board point the turn's clicks name (where the last tile went)."""
        for clicks in reversed(self.clicks):
            for token in reversed(clicks):
                point = token_point(token)
                if point is not None:
                    return point
        return None

    def placed(self) -> list[tuple[str, Point]]:
        """Each tile the turn put on the board from a reserve or hand: its code and point."""
        out = []
        for clicks, kind in zip(self.clicks, self.kinds, strict=True):
            if kind == "place":
                code, point = reserve_code(clicks[0]), token_point(clicks[1])
                if code is not None and point is not None:
                    out.append((code, point))
        return out


class Goal(Protocol):
    """A goal: met or not by a turn, and why not."""

    kind: ClassVar[str]

    def met(self, turn: Turn) -> bool:
        """Whether ``turn`` meets the goal."""

    def why(self, turn: Turn) -> Message:
        """Why ``turn`` does not meet the goal, from the engine's facts."""

    def to_json(self) -> dict[str, Any]:
        """The goal as a lesson's JSON holds it."""


def _yours(tile: TileView, mover: int) -> bool:
    return tile.owner is not None and tile.owner == mover


def _named(game: AnyGame, tile: TileView, mover: int) -> Message:
    """``your Rose (R3)`` / ``the Jasmine (Ja)``: a tile on the board, by its owner."""
    word = facts.tile_word(game, tile.code)
    if _yours(tile, mover):
        return msg("your {tile} ({code})", tile=word, code=tile.code)
    return msg("the {tile} ({code})", tile=word, code=tile.code)


# ----------------------------------------------------------------------------- harmony
@dataclass(frozen=True)
class Harmony:
    """A new harmony of the mover between a tile of kind ``tiles[0]`` and one of
    ``tiles[1]`` (codes; tiles nobody owns count for everyone)."""

    tiles: tuple[str, str]
    kind: ClassVar[str] = "harmony"

    def _pairs(self, game: AnyGame, mover: int) -> set[frozenset[Point]]:
        firsts = facts.own_tiles(game, mover, self.tiles[0])
        seconds = facts.own_tiles(game, mover, self.tiles[1])
        return {frozenset((a.point, b.point)) for a in firsts for b in seconds
                if a.point != b.point}

    def met(self, turn: Turn) -> bool:
        """A harmony of the mover between the two kinds that was not there before."""
        new = facts.harmonies(turn.after, turn.mover) - facts.harmonies(turn.before, turn.mover)
        return bool(new & self._pairs(turn.after, turn.mover))

    def why(self, turn: Turn) -> Message:
        """The first thing that keeps the nearest pair apart: a Gate, a drain, a line
        not shared, a tile between, a tile that cancels the line."""
        game, mover = turn.after, turn.mover
        board = facts.tiles(game)
        moved = turn.last_point()
        pairs = sorted(
            ((board[a], board[b]) for a, b in (tuple(p) for p in self._pairs(game, mover))),
            key=lambda pair: (moved not in (pair[0].point, pair[1].point),
                              abs(pair[0].point.x - pair[1].point.x)
                              + abs(pair[0].point.y - pair[1].point.y)),
        )
        if not pairs:
            word = facts.tile_word(game, self.tiles[0])
            other = facts.tile_word(game, self.tiles[1])
            return msg("you have no {tile} and {other} on the board to pair", tile=word,
                       other=other)
        first, second = pairs[0]
        if first.point == moved or second.point != moved:
            first, second = (first, second) if first.point == moved else (second, first)
        return _pair_reason(game, mover, first, second, board)

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "harmony", "tiles": [a, b]}``."""
        return {"goal": self.kind, "tiles": list(self.tiles)}


def _pair_reason(game: AnyGame, mover: int, one: TileView, two: TileView,
                 board: Mapping[Point, TileView]) -> Message:
    """Why ``one`` and ``two`` form no harmony, from the board."""
    for tile in (one, two):
        if "growing" in tile.flags:
            return msg("{tile} is still Growing in its Gate: it forms no harmony there",
                       tile=_named(game, tile, mover))
        if "drained" in tile.flags:
            drainers = facts.kinds(game.info.name).drains
            for point in facts.neighbours(tile.point):
                near = board.get(point)
                if near is not None and near.code in drainers:
                    return msg("{tile} is drained by the {drainer} next to it",
                               tile=_named(game, tile, mover),
                               drainer=facts.tile_word(game, near.code))
            return msg("{tile} is drained: it forms no harmony", tile=_named(game, tile, mover))
    seen_moved = any("moved" in t.flags for t in board.values())
    for tile in (one, two):
        if seen_moved and "moved" not in tile.flags:
            return msg("{tile} has not moved since it entered: it forms no harmony yet",
                       tile=_named(game, tile, mover))
    if one.point.x != two.point.x and one.point.y != two.point.y:
        return msg("{tile} and {other} do not face each other on a row or column",
                   tile=_named(game, one, mover), other=_named(game, two, mover))
    for point in facts.between(one.point, two.point):
        if point in board:
            return msg("{blocker} at {point} stands between {tile} and {other}",
                       blocker=_named(game, board[point], mover), point=str(point),
                       tile=_named(game, one, mover), other=_named(game, two, mover))
    cancels = facts.kinds(game.info.name).cancels
    for point in facts.line_points(one.point, two.point):
        found = board.get(point)
        if found is not None and found.code in cancels:
            return msg("{blocker} at {point} cancels every harmony along its line",
                       blocker=_named(game, found, mover), point=str(point))
    return msg("{tile} and {other} are not in harmony", tile=_named(game, one, mover),
               other=_named(game, two, mover))


@dataclass(frozen=True)
class Break:
    """The opponent had a harmony (or, where tiles have no owner, there was one) between
    a tile of kind ``tiles[0]`` and one of ``tiles[1]`` before the turn, and there is
    no such harmony after it."""

    tiles: tuple[str, str]
    kind: ClassVar[str] = "break"

    def _theirs(self, game: AnyGame, mover: int) -> set[frozenset[Point]]:
        board = facts.tiles(game)
        out = set()
        for a, b, owner in game.harmony_lines():
            if a not in board or b not in board:
                continue
            if owner == mover and mover in (board[a].owner, board[b].owner):
                continue  # the mover's own harmony
            codes = {board[a].code, board[b].code}
            if codes == set(self.tiles):
                out.add(frozenset((a, b)))
        return out

    def met(self, turn: Turn) -> bool:
        """The opponent had such a harmony, and has none now (a tile turned or pushed
        along the same line into another such harmony breaks nothing)."""
        return bool(self._theirs(turn.before, turn.mover)) and not self._theirs(
            turn.after, turn.mover)

    def why(self, turn: Turn) -> Message:
        """Which of those harmonies still stands."""
        game = turn.after
        board = facts.tiles(game)
        left = sorted(self._theirs(game, turn.mover),
                      key=lambda pair: sorted((p.y, p.x) for p in pair))
        if not left:
            return msg("the harmony was not there to break")
        one, two = sorted(left[0], key=lambda p: (-p.y, p.x))
        return msg("{tile} and {other} are still in harmony",
                   tile=_named(game, board[one], turn.mover),
                   other=_named(game, board[two], turn.mover))

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "break", "tiles": [a, b]}``."""
        return {"goal": self.kind, "tiles": list(self.tiles)}


# ----------------------------------------------------------------------------- reach
def _area_points(area: str, points: frozenset[Point]) -> frozenset[Point]:
    return points if area == "points" else facts.AREAS[area]


def _where(area: str, points: frozenset[Point]) -> Message:
    if area == "points":
        text = ", ".join(str(p) for p in sorted(points, key=lambda p: (-p.y, p.x)))
        return msg("on {points}", points=text)
    return facts.area_words(area)


@dataclass(frozen=True)
class Reach:
    """A tile of kind ``tile`` (the mover's) ends the turn on a point of ``area``
    (a name of :data:`.facts.AREAS`, or ``points``: one of :attr:`points`) where no
    such tile stood before."""

    tile: str
    area: str
    points: frozenset[Point] = frozenset()
    kind: ClassVar[str] = "reach"

    def _new(self, turn: Turn) -> set[Point]:
        before = {t.point for t in facts.own_tiles(turn.before, turn.mover, self.tile)}
        after = {t.point for t in facts.own_tiles(turn.after, turn.mover, self.tile)}
        return after - before

    def met(self, turn: Turn) -> bool:
        """A new point of the tile's kind in the area."""
        return bool(self._new(turn) & _area_points(self.area, self.points))

    def why(self, turn: Turn) -> Message:
        """Where the tile went instead, or which tile moved."""
        game = turn.after
        word = facts.tile_word(game, self.tile)
        where = _where(self.area, self.points)
        new = sorted(self._new(turn), key=lambda p: (p.y, p.x))
        if new:
            return msg("your {tile} ended on {point}, not {where}", tile=word,
                       point=str(new[0]), where=where)
        placed = turn.placed()
        if placed:
            return msg("you put a {other} on the board, and the task asks you to move your"
                       " {tile}", other=facts.tile_word(game, placed[-1][0]), tile=word)
        moved = turn.last_point()
        tile = facts.tiles(game).get(moved) if moved is not None else None
        if tile is not None and tile.code != self.tile:
            return msg("that moved {other}, not your {tile}", other=_named(game, tile,
                       turn.mover), tile=word)
        return msg("your {tile} is not {where}", tile=word, where=where)

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "reach", "tile": code, "area": name}`` (or ``"points": [...]``)."""
        out: dict[str, Any] = {"goal": self.kind, "tile": self.tile}
        if self.area == "points":
            out["points"] = [str(p) for p in sorted(self.points, key=lambda p: (-p.y, p.x))]
        else:
            out["area"] = self.area
        return out


@dataclass(frozen=True)
class Place:
    """A tile from the mover's reserve or hand put on the board: of kind ``tile``
    (``None``: any), on a point of ``area`` (``None``: anywhere)."""

    tile: str | None = None
    area: str | None = None
    points: frozenset[Point] = frozenset()
    kind: ClassVar[str] = "place"

    def _fits(self, code: str, point: Point) -> bool:
        if self.tile is not None and code != self.tile:
            return False
        return self.area is None or point in _area_points(self.area, self.points)

    def met(self, turn: Turn) -> bool:
        """Some placement of the turn has the kind and the area asked for."""
        return any(self._fits(code, point) for code, point in turn.placed())

    def why(self, turn: Turn) -> Message:
        """What the turn placed instead, or that it placed nothing."""
        game = turn.after
        placed = turn.placed()
        if not placed:
            return msg("you did not put a tile from your reserve or hand on the board")
        code, point = placed[-1]
        if self.tile is not None and code != self.tile:
            return msg("you put a {other} on the board, not a {tile}",
                       other=facts.tile_word(game, code), tile=facts.tile_word(game, self.tile))
        where = _where(self.area or "points", self.points)
        return msg("your {tile} went to {point}, not {where}",
                   tile=facts.tile_word(game, code), point=str(point), where=where)

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "place"}`` with its ``tile`` and ``area`` (or ``points``)."""
        out: dict[str, Any] = {"goal": self.kind}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.area == "points":
            out["points"] = [str(p) for p in sorted(self.points, key=lambda p: (-p.y, p.x))]
        elif self.area is not None:
            out["area"] = self.area
        return out


# ----------------------------------------------------------------------------- tiles
@dataclass(frozen=True)
class Capture:
    """The tile standing on ``at`` before the turn leaves the board."""

    at: Point
    kind: ClassVar[str] = "capture"

    def _count(self, game: AnyGame, code: str, owner: int | None) -> int:
        return sum(1 for t in game.board_tiles() if t.code == code and t.owner == owner)

    def met(self, turn: Turn) -> bool:
        """Fewer tiles of that kind and owner on the board than before."""
        tile = facts.tiles(turn.before).get(self.at)
        if tile is None:
            return False
        return self._count(turn.after, tile.code, tile.owner) < self._count(
            turn.before, tile.code, tile.owner)

    def why(self, turn: Turn) -> Message:
        """Where the tile still stands."""
        tile = facts.tiles(turn.before).get(self.at)
        if tile is None:
            return msg("there is no tile at {point} to capture", point=str(self.at))
        return msg("{tile} at {point} is still on the board",
                   tile=_named(turn.after, tile, turn.mover), point=str(self.at))

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "capture", "at": "(x,y)"}``."""
        return {"goal": self.kind, "at": str(self.at)}


@dataclass(frozen=True)
class TileAt:
    """``at`` holds a tile of kind ``tile`` after the turn (``owner``: the mover's, the
    opponent's or anyone's)."""

    at: Point
    tile: str
    owner: str = "any"
    kind: ClassVar[str] = "tile-at"

    def met(self, turn: Turn) -> bool:
        """The point holds the kind asked for, of the owner asked for."""
        tile = facts.tiles(turn.after).get(self.at)
        if tile is None or tile.code != self.tile:
            return False
        if self.owner == "mover":
            return facts.owned_by(tile, turn.mover)
        if self.owner == "opponent":
            return tile.owner is not None and tile.owner >= 0 and tile.owner != turn.mover
        return True

    def why(self, turn: Turn) -> Message:
        """What the point holds instead."""
        game = turn.after
        tile = facts.tiles(game).get(self.at)
        wanted = facts.tile_word(game, self.tile)
        if tile is None:
            return msg("{point} is still empty, and the task wants a {tile} there",
                       point=str(self.at), tile=wanted)
        return msg("{point} holds {other}, and the task wants a {tile} there",
                   point=str(self.at), other=_named(game, tile, turn.mover), tile=wanted)

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "tile-at", "at": "(x,y)", "tile": code, "owner": …}``."""
        return {"goal": self.kind, "at": str(self.at), "tile": self.tile, "owner": self.owner}


@dataclass(frozen=True)
class Flag:
    """The tile on ``at`` is in state ``flag`` (``drained``, ``trapped``) after the turn."""

    at: Point
    flag: str
    kind: ClassVar[str] = "flag"

    def met(self, turn: Turn) -> bool:
        """The tile there has the state."""
        tile = facts.tiles(turn.after).get(self.at)
        return tile is not None and self.flag in tile.flags

    def why(self, turn: Turn) -> Message:
        """That the tile is not in that state (or gone)."""
        game = turn.after
        tile = facts.tiles(game).get(self.at)
        if tile is None:
            return msg("no tile stands at {point} any more", point=str(self.at))
        named = _named(game, tile, turn.mover)
        if self.flag == "drained":
            return msg("{tile} at {point} is not drained: nothing that drains stands next"
                       " to it", tile=named, point=str(self.at))
        if self.flag == "trapped":
            return msg("{tile} at {point} is not trapped", tile=named, point=str(self.at))
        return msg("{tile} at {point} is not Growing", tile=named, point=str(self.at))

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "flag", "at": "(x,y)", "flag": name}``."""
        return {"goal": self.kind, "at": str(self.at), "flag": self.flag}


# ----------------------------------------------------------------------------- numbers
@dataclass(frozen=True)
class Score:
    """The mover's number ``of`` (``total``: the score; a term such as ``harmonies``)
    is at least ``at_least`` and, when set, exactly ``exactly``."""

    of: str = "total"
    at_least: int | None = None
    exactly: int | None = None
    kind: ClassVar[str] = "score"

    def met(self, turn: Turn) -> bool:
        """The number is in range."""
        value = facts.score(turn.after, turn.mover, self.of)
        if value is None:
            return False
        if self.exactly is not None:
            return value == self.exactly
        return self.at_least is not None and value >= self.at_least

    def now(self, game: AnyGame, mover: int) -> Message:
        """The number as it stands in ``game``, in words (``the board counts 2
        harmonies``)."""
        value = facts.score(game, mover, self.of)
        return _score_words(self.of, 0 if value is None else value, facts.scored_by_term(game))

    def why(self, turn: Turn) -> Message:
        """The number now, and what the task asks."""
        what = self.now(turn.after, turn.mover)
        if self.exactly is not None:
            return msg("{what}, and the task asks for exactly {target}", what=what,
                       target=self.exactly)
        return msg("{what}, and the task asks for at least {target}", what=what,
                   target=self.at_least or 0)

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "score", "of": term, "at_least": n}`` (or ``"exactly"``)."""
        out: dict[str, Any] = {"goal": self.kind, "of": self.of}
        if self.at_least is not None:
            out["at_least"] = self.at_least
        if self.exactly is not None:
            out["exactly"] = self.exactly
        return out


def _score_words(of: str, value: int, points: bool) -> Message:
    """A number a :class:`Score` goal reads, in words: a score's term (``points``: the
    variant scores each seat by term), else a count of the board."""
    if of == "total":
        return msg("your score is {value}", value=value)
    if points:
        terms = {
            "harmonies": msg("your harmonies score {value}", value=value),
            "disharmonies": msg("the disharmonies you suffer score {value}", value=value),
            "blocked": msg("your blocked harmonies score {value}", value=value),
            "lotus": msg("your tiles near your White Lotus score {value}", value=value),
            "unharmonised": msg("your tiles in no harmony score {value}", value=value),
        }
        return terms.get(of, msg("your {term} term is {value}", term=of, value=value))
    if of == "disharmonies":
        return msgn("the board counts {value} disharmony", "the board counts {value}"
                    " disharmonies", value, value=value)
    return msgn("the board counts {value} harmony", "the board counts {value} harmonies",
                value, value=value)


@dataclass(frozen=True)
class End:
    """The turn ends the game by ``reason`` (an outcome's reason, ``harmony-ring``) with
    the mover among the winners (a solitaire's result: ``result``, when set)."""

    reason: str
    result: str | None = None
    kind: ClassVar[str] = "end"

    def met(self, turn: Turn) -> bool:
        """The outcome has the reason (and result), the mover winning where anyone wins."""
        outcome = turn.after.outcome()
        if outcome is None or outcome.reason != self.reason:
            return False
        if self.result is not None and outcome.result != self.result:
            return False
        return len(turn.after.players) == 1 or turn.mover in outcome.winners

    def why(self, turn: Turn) -> Message:
        """How far the game is from that end."""
        game = turn.after
        outcome = game.outcome()
        if outcome is not None and outcome.reason == self.reason:
            harmonies = facts.score(game, turn.mover, "harmonies")
            disharmonies = facts.score(game, turn.mover, "disharmonies")
            if harmonies is not None and disharmonies is not None:
                return msg("the game ended with {harmonies} harmonies and {disharmonies}"
                           " disharmonies", harmonies=harmonies, disharmonies=disharmonies)
            return msg("the game ended that way, but not as the task asks")
        if outcome is not None:
            return msg("the game ended another way")
        goal = facts.target(game)
        count = facts.score(game, turn.mover, "harmonies")
        if goal is not None and count is not None:
            return msgn("the board counts {count} harmony, not exactly {target}",
                        "the board counts {count} harmonies, not exactly {target}",
                        count, count=count, target=goal)
        if self.reason == "harmony-ring":
            return msg("your harmonies do not close a ring around the centre yet")
        return msg("the game goes on")

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "end", "reason": slug}`` (and ``result``)."""
        out: dict[str, Any] = {"goal": self.kind, "reason": self.reason}
        if self.result is not None:
            out["result"] = self.result
        return out


@dataclass(frozen=True)
class Act:
    """Any legal action of kind ``action`` (:data:`ACTION_KINDS`); with ``tile``, one
    whose reserve or hand tile is of that kind (a discard of a Rose)."""

    action: str
    tile: str | None = None
    kind: ClassVar[str] = "action"

    def _fits(self, clicks: tuple[str, ...], kind: str) -> bool:
        if kind != self.action:
            return False
        return self.tile is None or (bool(clicks) and reserve_code(clicks[0]) == self.tile)

    def met(self, turn: Turn) -> bool:
        """The turn holds an action of that kind (and tile)."""
        return any(self._fits(c, k) for c, k in zip(turn.clicks, turn.kinds, strict=True))

    def why(self, turn: Turn) -> Message:
        """What kind of action the turn made instead."""
        words = {
            "move": msg("a move"), "place": msg("a placement"), "discard": msg("a discard"),
            "draw": msg("a draw"), "pass": msg("a pass"), "turn": msg("a Wheel's turn"),
            "accents": msg("a choice of accent tiles"),
        }
        made = turn.kinds[-1] if turn.kinds else "pass"
        if made == self.action and self.tile is not None:
            return msg("that was another tile, and the task asks for your {tile}",
                       tile=facts.tile_word(turn.after, self.tile))
        return msg("that was {made}, and the task asks for {wanted}", made=words[made],
                   wanted=words[self.action])

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "action", "action": kind}`` (and ``tile``)."""
        out: dict[str, Any] = {"goal": self.kind, "action": self.action}
        if self.tile is not None:
            out["tile"] = self.tile
        return out


AnyGoal = Harmony | Break | Reach | Place | Capture | TileAt | Flag | Score | End | Act
"""Every goal of the vocabulary."""


# ----------------------------------------------------------------------------- parsing
def _point(raw: Mapping[str, Any], key: str) -> Point:
    value = raw.get(key)
    if not isinstance(value, str):
        raise GoalError(f"the goal's {key!r} must be a point like \"(1,2)\"")
    try:
        return Point.parse(value)
    except PaiShoError as exc:
        raise GoalError(f"the goal's {key!r}: {exc}") from None


def _code(raw: Mapping[str, Any], key: str, required: bool = True) -> str | None:
    value = raw.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value or len(value) > 4:
        raise GoalError(f"the goal's {key!r} must be a tile code like \"R3\"")
    return value


def _number(raw: Mapping[str, Any], key: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10_000:
        raise GoalError(f"the goal's {key!r} must be a whole number")
    return value


def _choice(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...],
            default: str | None = None) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise GoalError(f"the goal's {key!r} must be one of {', '.join(allowed)}")
    return str(value)


def _area(raw: Mapping[str, Any], required: bool) -> tuple[str | None, frozenset[Point]]:
    if "points" in raw:
        points = raw["points"]
        if not isinstance(points, list) or not points or not all(
                isinstance(p, str) for p in points):
            raise GoalError("the goal's 'points' must be a list of points")
        try:
            return "points", frozenset(Point.parse(p) for p in points)
        except PaiShoError as exc:
            raise GoalError(f"the goal's 'points': {exc}") from None
    if "area" not in raw and not required:
        return None, frozenset()
    return _choice(raw, "area", tuple(facts.AREAS)), frozenset()


def parse_goal(raw: object) -> AnyGoal:
    """A goal from its JSON object; :class:`GoalError` naming what is wrong."""
    if not isinstance(raw, Mapping):
        raise GoalError("a goal must be an object")
    kinds = (Harmony, Break, Reach, Place, Capture, TileAt, Flag, Score, End, Act)
    kind = _choice(raw, "goal", tuple(k.kind for k in kinds))
    if kind in ("harmony", "break"):
        tiles = raw.get("tiles")
        if not isinstance(tiles, list) or len(tiles) != 2 or not all(
                isinstance(t, str) and t for t in tiles):
            raise GoalError("the goal's 'tiles' must be two tile codes")
        pair = (str(tiles[0]), str(tiles[1]))
        return Harmony(pair) if kind == "harmony" else Break(pair)
    if kind == "reach":
        area, points = _area(raw, True)
        return Reach(str(_code(raw, "tile")), str(area), points)
    if kind == "place":
        area, points = _area(raw, False)
        return Place(_code(raw, "tile", False), area, points)
    if kind == "capture":
        return Capture(_point(raw, "at"))
    if kind == "tile-at":
        return TileAt(_point(raw, "at"), str(_code(raw, "tile")),
                      _choice(raw, "owner", OWNERS, "any"))
    if kind == "flag":
        return Flag(_point(raw, "at"), _choice(raw, "flag", FLAGS))
    if kind == "score":
        of = raw.get("of", "total")
        if not isinstance(of, str) or not of.isidentifier():
            raise GoalError("a score goal's 'of' must name a term")
        at_least, exactly = _number(raw, "at_least"), _number(raw, "exactly")
        if (at_least is None) == (exactly is None):
            raise GoalError("a score goal needs one of 'at_least' and 'exactly'")
        return Score(of, at_least, exactly)
    if kind == "end":
        reason, result = raw.get("reason"), raw.get("result")
        if not isinstance(reason, str) or not reason:
            raise GoalError("an end goal's 'reason' must name an outcome")
        if result is not None and not isinstance(result, str):
            raise GoalError("an end goal's 'result' must be a text")
        return End(reason, result)
    return Act(_choice(raw, "action", ACTION_KINDS), _code(raw, "tile", False))
