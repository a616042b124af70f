"""A lesson on the page: the task shown, the reader's clicks and what the page says.

:class:`Session` is the lesson view's state machine, generic over the game protocol (it
never names a variant).  The task's position is played through the engine's
:class:`~paisho_core.lessons.TaskRun`; the reader's clicks are matched by a
:class:`~paisho_page.play.ui.UIState` over a copy of it, so a refused click gets the
engine's own rule message and changes nothing.  Each completed action is checked
against the task's goal:

* **met** — the praise, the opponent's scripted reply played, and *Next* opens the
  following task (or, after the last, the lesson is done);
* **going on** — the turn goes on (a Harmony Bonus, an Ancient placement's move): the
  status line says what to do;
* **missed** — why, in the engine's words, and the position is put back (the points
  tried stay marked);
* *Hint* marks the solution's next action on the board and says the task's hint;
  *Show me* plays the solution; *Start again* puts the position back.

What the reader has reached (:meth:`Session.record`) goes into their
:class:`~paisho_page.learn.progress.Progress`.  The clicks, the mover's reserve or hand
(never another seat's) and the choices are :class:`~paisho_page.learn.drill.BoardDrill`'s,
which a puzzle shares.  Pure.
"""

from __future__ import annotations

from typing import Any

from paisho_core.board import Point
from paisho_core.lessons import Lesson, TaskRun, Verdict
from paisho_core.lessons.goals import Score
from paisho_core.render import RenderView
from paisho_core.tokens import token_point
from paisho_page.learn.drill import (
    FOCUS_CLASS,
    HINT_CLASS,
    BoardDrill,
    ReserveTile,
    State,
    action_points,
    sentence,
)
from paisho_page.learn.progress import Progress
from paisho_page.words.i18n import _, demo_text, render
from paisho_page.words.names import player
from paisho_page.words.said import ERROR, INFO, SUCCESS

__all__ = ["FOCUS_CLASS", "HINT_CLASS", "ReserveTile", "Session", "State", "sentence"]


class Session(BoardDrill):
    """One lesson being played on the page, task by task."""

    def __init__(self, lesson: Lesson, index: int = 0) -> None:
        """Lesson ``lesson`` at task ``index`` (clamped to its tasks)."""
        self.lesson = lesson
        self.reached = 0
        """The first task not yet done since the lesson was opened."""
        self.finished = False
        self._open(max(0, min(index, len(lesson.tasks) - 1)))

    def _open(self, index: int) -> None:
        self.index = index
        self.run = TaskRun(self.lesson, index)
        self.state = State.PLAYING
        self.message, self.kind = "", INFO
        self.hinted: frozenset[Point] = frozenset()
        self.tried: frozenset[Point] = frozenset()
        self.replied: frozenset[Point] = frozenset()
        self._fresh_ui()

    def _fresh_ui(self) -> None:
        self.fresh_ui(self.run.game)

    # ---------------------------------------------------------------- the reader acts
    def checked(self, action: Any) -> None:
        """Check a completed action against the task's goal."""
        points = self.ui.last_move_points()
        checked = self.run.check(action)
        if checked.verdict == Verdict.MET:
            self._met()
        elif checked.verdict == Verdict.MISSED:
            why = render(checked.message) if checked.message is not None else ""
            self.tried = frozenset(self.tried | points)
            self.run.reset()
            self._fresh_ui()
            self.message = _("Not quite: {why}. The position is back: try again.").format(
                why=why)
            self.kind = ERROR
        elif checked.verdict == Verdict.ILLEGAL:  # the page and the engine disagree: a bug
            self.run.reset()
            self._fresh_ui()
            self.message = sentence(render(checked.message)) if checked.message else ""
            self.kind = ERROR
        else:
            self.tried = frozenset(self.tried | points)
            self._fresh_ui()
            self.message, self.kind = "", INFO

    def _met(self, shown: bool = False) -> None:
        task = self.run.task
        self.state = State.SHOWN if shown else State.MET
        self.reached = max(self.reached, self.index + 1)
        if shown:
            words = [_("That is one way to do it.")]
        else:
            words = [demo_text(task.praise) if task.praise else _("Well done!")]
        before = self.run.game.copy()
        replied = self.run.play_reply()
        if replied and before.to_move is not None:
            who = player(str(before.players[before.to_move]))
            words.append(_("{player} answers: {move}.").format(
                player=who, move=self._reply_texts(before, replied)))
        if self.index + 1 >= len(self.lesson.tasks):
            self.finished = True
            words.append(_("Lesson complete!"))
        self.message, self.kind = " ".join(words), SUCCESS
        self.tried = frozenset()
        self._fresh_ui()

    def _reply_texts(self, game: Any, replied: list[Any]) -> str:
        """The reply's actions in notation, each written in the position it was played
        in (``game``: the position before it), and their points marked."""
        self.replied = action_points(game.copy(), replied)
        out: list[str] = []
        for action in replied:
            out.append(game.format_action(action))
            game.apply(action)
        return "; ".join(out)

    def hint(self) -> None:
        """Mark the solution's next action on the board, with the task's hint."""
        if self.state != State.PLAYING:
            return
        action = self.run.hint()
        if action is None:
            return
        game = self.run.game
        clicks = game.action_clicks(action)
        self.hinted = frozenset(p for p in (token_point(t) for t in clicks) if p is not None)
        words = render(game.describe_action(action))
        text = demo_text(self.run.task.hint) if self.run.task.hint else ""
        self.message = _("Hint: {move}.").format(move=words) + (" " + text if text else "")
        self.kind = INFO
        self.ui.clicks = ()

    def show(self) -> None:
        """Play the solution ("Show me")."""
        if self.state != State.PLAYING:
            return
        checked = self.run.show()
        self.hinted = frozenset()
        if checked and checked[-1].verdict == Verdict.MET:
            self._met(shown=True)

    def retry(self) -> None:
        """Put the task's position back (its words too)."""
        self._open(self.index)

    def next(self) -> bool:
        """Open the following task; ``False`` when this was the last one."""
        if self.index + 1 >= len(self.lesson.tasks):
            return False
        self._open(self.index + 1)
        return True

    def record(self, progress: Progress) -> Progress:
        """``progress`` with what this run of the lesson reached (and the lesson as the last)."""
        out = progress.reach(self.lesson.name, min(self.reached, len(self.lesson.tasks)))
        return out.finish(self.lesson.name) if self.finished else out

    # ---------------------------------------------------------------- what to show
    def view(self) -> RenderView:
        """The board's marks: the selection and its legal clicks, the points the
        prompt names, a hint, the points tried before a miss, the last action."""
        ui = self.ui.view() if self.state == State.PLAYING else RenderView(ring=self.ui.ring())
        extra: dict[Point, str] = {p: FOCUS_CLASS for p in self.run.task.highlight}
        extra.update({p: HINT_CLASS for p in self.hinted})
        done = self.state != State.PLAYING
        last = (self._last_points() | self.replied) if done else (ui.last_move or self.tried)
        return RenderView(selected=ui.selected, highlights=ui.highlights, cursor=ui.cursor,
                          last_move=last, ring=ui.ring, extra_classes=extra)

    def _last_points(self) -> frozenset[Point]:
        return action_points(self.run.start.copy(), self.run.actions)

    def counter(self) -> str:
        """``Task 2 of 3``."""
        return _("Task {number} of {count}").format(number=self.index + 1,
                                                    count=len(self.lesson.tasks))

    def title(self) -> str:
        """The lesson's title in the reader's language."""
        return demo_text(self.lesson.title)

    def intro(self) -> str:
        """The lesson's introduction (shown with its first task)."""
        return demo_text(self.lesson.intro)

    def prompt(self) -> str:
        """What the task asks."""
        return demo_text(self.run.task.prompt)

    def now(self) -> str:
        """The number a score goal reads, as it stands (empty for other goals)."""
        goal = self.run.task.goal
        if not isinstance(goal, Score):
            return ""
        words = goal.now(self.ui.game, self.run.mover)
        return _("Now: {count}.").format(count=render(words))
