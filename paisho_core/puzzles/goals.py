"""The goals a puzzle sets beyond the lessons' vocabulary, and the kinds of puzzle.

A puzzle kind is either a *goal kind* — exactly one turn of the mover meets a goal (a
lesson goal, :mod:`paisho_core.lessons.goals`, or one of this module's) — or a *best
kind* — exactly one turn scores strictly best by a number the engine counts:

* :class:`Win` — the turn ends the game with the mover the only winner (by one of
  ``reasons``, when given): a Harmony Ring, a win on the points, the exact target;
* :class:`Harmonies` — the turn makes at least ``count`` new harmonies of the mover;
* ``best-capture`` — among the turns that capture, the one that leaves the mover's
  points furthest ahead (:func:`margin`);
* ``best-final`` — a solitaire's placement after which the best final score is still
  reachable, every later draw known (the set-up's pile).

:func:`parse_kind` reads a kind's definition (a variant spec's ``puzzle_kinds`` entry).
Goals read only what the game protocol shows (:mod:`paisho_core.lessons.facts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..lessons import facts
from ..lessons.goals import AnyGoal, Turn, parse_goal
from ..messages import Message, msg, msgn
from .errors import PuzzleError

BEST_KINDS = ("best-capture", "best-final")
"""The kinds that compare turns by a number instead of meeting a goal."""


def harmony_count(game: facts.AnyGame, seat: int) -> int:
    """How many harmonies ``seat`` has on the board."""
    return len(facts.harmonies(game, seat))


def margin(game: facts.AnyGame, seat: int) -> int | None:
    """``seat``'s points minus the best of the others' (``None`` without points)."""
    mine = facts.score(game, seat)
    if mine is None:
        return None
    others = [facts.score(game, s) for s in range(len(game.players)) if s != seat]
    return mine - max((o for o in others if o is not None), default=0)


@dataclass(frozen=True)
class Win:
    """The turn ends the game and the mover alone wins (by one of ``reasons``)."""

    reasons: tuple[str, ...] = ()
    kind: ClassVar[str] = "win"

    def met(self, turn: Turn) -> bool:
        """The game is over, the mover the only winner, by an allowed reason."""
        outcome = turn.after.outcome()
        if outcome is None or outcome.winners != (turn.mover,):
            return False
        return not self.reasons or outcome.reason in self.reasons

    def why(self, turn: Turn) -> Message:
        """How the turn falls short of a win."""
        outcome = turn.after.outcome()
        if outcome is None:
            if "harmony-ring" in self.reasons:
                return msg("your harmonies do not close a ring around the centre yet")
            target = facts.target(turn.after)
            count = facts.score(turn.after, turn.mover, "harmonies")
            if "exact-target" in self.reasons and target is not None and count is not None:
                return msgn("the board counts {count} harmony, not exactly {target}",
                            "the board counts {count} harmonies, not exactly {target}",
                            count, count=count, target=target)
            return msg("the game goes on: that turn does not end it")
        if turn.mover not in outcome.winners:
            return msg("the game ends, but you do not win it")
        return msg("the game ends, but not the way the puzzle asks")

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "win", "reasons": [...]}``."""
        return {"goal": self.kind, "reasons": list(self.reasons)}


@dataclass(frozen=True)
class Harmonies:
    """The turn makes at least ``count`` new harmonies of the mover."""

    count: int
    kind: ClassVar[str] = "harmonies"

    def met(self, turn: Turn) -> bool:
        """The mover has ``count`` harmonies more than before the turn."""
        return self.made(turn) >= self.count

    @staticmethod
    def made(turn: Turn) -> int:
        """How many harmonies of the mover the turn added (net)."""
        return harmony_count(turn.after, turn.mover) - harmony_count(turn.before, turn.mover)

    def why(self, turn: Turn) -> Message:
        """How many the turn made."""
        made = max(0, self.made(turn))
        return msgn("that turn makes {count} new harmony, not {wanted}",
                    "that turn makes {count} new harmonies, not {wanted}",
                    made, count=made, wanted=self.count)

    def to_json(self) -> dict[str, Any]:
        """``{"goal": "harmonies", "count": n}``."""
        return {"goal": self.kind, "count": self.count}


PuzzleGoal = AnyGoal | Win | Harmonies


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle: its name and its goal (``None`` for a best kind)."""

    name: str
    goal: PuzzleGoal | None
    best: str | None = None

    def prompt(self, game: facts.AnyGame | None = None) -> Message:
        """What a puzzle of this kind asks of the mover, in the engine's words (with the
        board's count and the target of ``game``, the puzzle's position, where the kind
        is to reach the target exactly)."""
        goal = self.goal
        if isinstance(goal, Win):
            if "harmony-ring" in goal.reasons:
                return msg("Win with a Harmony Ring this turn.")
            if goal.reasons == ("exact-target",):
                target = None if game is None else facts.target(game)
                count = None if game is None or game.to_move is None else facts.score(
                    game, game.to_move, "harmonies")
                if target is not None and count is not None:
                    return msgn(
                        "The board counts {count} harmony: bring it to exactly {target}"
                        " this turn.",
                        "The board counts {count} harmonies: bring it to exactly {target}"
                        " this turn.", count, count=count, target=target)
                return msg("Win by reaching the target exactly this turn.")
            return msg("Win the game this turn.")
        if isinstance(goal, Harmonies):
            return msgn("Make {count} new harmony this turn.",
                        "Make {count} new harmonies this turn.", goal.count, count=goal.count)
        if self.best == "best-capture":
            return msg("Find the capture that leaves you furthest ahead on the points.")
        if self.best == "best-final":
            return msg("Place the tile so that the best final score stays within reach.")
        return msg("Find the one move that solves the puzzle.")

    def why(self, turn: Turn) -> Message:
        """Why ``turn`` (not the solution) misses, in the engine's words."""
        if self.goal is not None:
            return self.goal.why(turn)
        if self.best == "best-capture":
            return msg("another capture leaves you further ahead on the points")
        return msg("after that placement the best final score is out of reach")


def parse_kind(name: str, raw: Mapping[str, Any]) -> Kind:
    """The kind ``name`` defined by ``raw`` (``{"goal": …}``; :class:`PuzzleError`)."""
    goal = raw.get("goal") if isinstance(raw, Mapping) else None
    if goal in BEST_KINDS:
        return Kind(name, None, str(goal))
    if goal == Win.kind:
        reasons = raw.get("reasons", ())
        if not isinstance(reasons, list | tuple) or not all(isinstance(r, str) for r in reasons):
            raise PuzzleError(f"puzzle kind {name}: 'reasons' must be a list of reasons")
        return Kind(name, Win(tuple(reasons)))
    if goal == Harmonies.kind:
        count = raw.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 8:
            raise PuzzleError(f"puzzle kind {name}: 'count' must be 1 to 8")
        return Kind(name, Harmonies(count))
    try:
        return Kind(name, parse_goal(raw))
    except Exception as error:
        raise PuzzleError(f"puzzle kind {name}: {error}") from None
