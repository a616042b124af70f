"""Playing one task: the reader's actions checked against the task's goal.

:class:`TaskRun` holds a task's position and the turn being played on it.  Each action
the reader makes gets a :class:`Checked` verdict (:class:`Verdict`):

* ``met`` — the goal holds (it is checked after every action of the turn);
* ``going-on`` — the same player is still to act this turn (a Harmony Bonus to take or
  skip, an Ancient placement's move; a solitaire's turn is one action) and the goal
  may still be met;
* ``missed`` — the turn is over without the goal; the message says why, in words from
  the engine's facts (:meth:`.goals.Goal.why`); :meth:`TaskRun.reset` puts the position
  back;
* ``illegal`` — the rules refuse the action; the message is the engine's own, naming
  the rule, and nothing changed.

The task's solution is the Hint (:meth:`TaskRun.hint`: the next action of it from the
turn played so far) and "Show me" (:meth:`TaskRun.show`); after a met goal,
:meth:`TaskRun.play_reply` plays the opponent's scripted answer, when the task has one.
Pure; the page keeps one :class:`TaskRun` per open task.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .. import starts
from ..errors import PaiShoError
from ..messages import Message
from ..messages import text as plain
from .facts import AnyGame
from .goals import Turn, action_kind
from .model import Lesson, Task


class Verdict(StrEnum):
    """What an action did for the task's goal."""

    MET = "met"
    GOING_ON = "going-on"
    MISSED = "missed"
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class Checked:
    """An action's verdict, with why (``missed``) or the rule (``illegal``)."""

    verdict: Verdict
    message: Message | None = None
    action: Any = None


def turn_goes_on(game: AnyGame, mover: int) -> bool:
    """Whether ``mover`` still acts in the turn being played: the same player is to
    move in a game of several (a solitaire's turn is one action)."""
    return len(game.players) > 1 and game.to_move == mover


def rule_message(message: Message) -> Message:
    """The rule in an illegal action's message: its ``reason`` (the engine's words
    naming the rule) without the ply and the action around it, where it has one."""
    reason = message.args.get("reason")
    return reason if isinstance(reason, Message) else message


def task_game(lesson: Lesson, task: Task) -> AnyGame:
    """The task's position as a game: its set-up checked as the Studio checks one
    (:func:`paisho_core.starts.start_game`; :class:`~paisho_core.starts.BadStart`
    otherwise), then its ``moves`` played, each checked."""
    game = starts.start_game(lesson.variant, task.start, lesson.options)
    moves = str(task.start.get("moves", ""))
    if moves.strip():
        game.play_text(moves)
    return game


class TaskRun:
    """A task's position and the turn played on it so far."""

    def __init__(self, lesson: Lesson, index: int, start: AnyGame | None = None) -> None:
        """Task ``index`` (from 0) of ``lesson``, at its position (``start``: that
        position already built)."""
        self.lesson = lesson
        self.index = index
        self.task = lesson.tasks[index]
        self.start = start if start is not None else task_game(lesson, self.task)
        mover = self.start.to_move
        if mover is None:
            raise PaiShoError(f"lesson {lesson.name}, task {index + 1}: the position is over")
        self.mover: int = mover
        self.game: AnyGame = self.start.copy()
        self.actions: list[Any] = []
        self.clicks: list[tuple[str, ...]] = []
        self.kinds: list[str] = []
        self.done = False
        """True once the goal is met (or shown): the task takes no more actions."""
        self.replied = False
        """True once the scripted reply has been played (it is played once)."""

    # -- the turn
    def turn(self) -> Turn:
        """The turn so far, for the goal."""
        return Turn(self.start, self.game, self.mover, tuple(self.clicks), tuple(self.kinds))

    def reset(self) -> None:
        """Back to the task's position (after a missed goal, or to start again)."""
        self.game = self.start.copy()
        self.actions, self.clicks, self.kinds = [], [], []
        self.done = self.replied = False

    def check(self, action: Any) -> Checked:
        """Play ``action`` (if legal) and say what it did for the goal."""
        game = self.game
        if self.done or game.to_move != self.mover:
            return Checked(Verdict.ILLEGAL, plain("this task is over: go on to the next one"))
        try:
            if not game.is_legal(action):
                game.apply(action)  # raises, naming the rule
            clicks = tuple(game.action_clicks(action))
            kind = action_kind(game, action)
            game.apply(action)
        except PaiShoError as exc:
            return Checked(Verdict.ILLEGAL, rule_message(exc.message), action)
        self.actions.append(action)
        self.clicks.append(clicks)
        self.kinds.append(kind)
        return self._verdict(action)

    def check_text(self, text: str) -> Checked:
        """:meth:`check` of an action written in the variant's notation."""
        try:
            action = self.game.parse_action(text)
        except PaiShoError as exc:
            return Checked(Verdict.ILLEGAL, exc.message)
        return self.check(action)

    def _verdict(self, action: Any) -> Checked:
        turn = self.turn()
        goal = self.task.goal
        if goal.met(turn):
            self.done = True
            return Checked(Verdict.MET, None, action)
        if turn_goes_on(self.game, self.mover):
            return Checked(Verdict.GOING_ON, None, action)
        return Checked(Verdict.MISSED, goal.why(turn), action)

    # -- help
    def solution(self) -> list[Any]:
        """The task's solution as actions, each parsed in the position it is played in."""
        game = self.start.copy()
        out = []
        for text in self.task.solution:
            action = game.parse_action(text)
            game.apply(action)
            out.append(action)
        return out

    def hint(self) -> Any | None:
        """The next action of the solution: from the turn so far when it follows the
        solution, else its first action (``None`` once the task is done)."""
        if self.done:
            return None
        solution = self.solution()
        if self.actions == solution[: len(self.actions)] and len(self.actions) < len(solution):
            return solution[len(self.actions)]
        return solution[0]

    def show(self) -> list[Checked]:
        """Play the solution from the task's position ("Show me"); the verdicts."""
        self.reset()
        out = []
        for action in self.solution():
            out.append(self.check(action))
            if self.done:
                break
        return out

    def play_reply(self) -> list[Any]:
        """After a met goal, play the opponent's scripted answer once (each action that
        is legal here; it stops at the first that is not): the actions played."""
        played: list[Any] = []
        if not self.done or self.replied:
            return played
        self.replied = True
        for text in self.task.reply:
            try:
                action = self.game.parse_action(text)
                self.game.apply(action)
            except PaiShoError:
                break
            played.append(action)
        return played
