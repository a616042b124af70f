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
:class:`~paisho_page.learn.progress.Progress`.  The mover's reserve or hand is the only
one shown (:meth:`Session.reserve`): another seat's hidden hand never reaches the page.
Pure; a position plus a goal plus a solution is all it needs, so a puzzle can be played
the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from paisho_core.board import Point
from paisho_core.lessons import Lesson, TaskRun, Verdict
from paisho_core.lessons.goals import Score
from paisho_core.render import RenderView
from paisho_core.tokens import SKIP, point_token, reserve_code, reserve_token, token_point
from paisho_page.embed.demo_viewer import choice_label, choice_order
from paisho_page.learn.progress import Progress
from paisho_page.play.ui import Click, ClickResult, UIState
from paisho_page.words.i18n import _, demo_text, render
from paisho_page.words.names import player
from paisho_page.words.said import ERROR, INFO, SUCCESS

HINT_CLASS = "hint"
FOCUS_CLASS = "focus"
"""The board's classes for a hinted point and a point the prompt names."""


class State(StrEnum):
    """Where the reader is in the task."""

    PLAYING = "playing"
    MET = "met"
    SHOWN = "shown"
    DONE = "done"
    """The lesson's last task is met (or shown)."""


@dataclass(frozen=True)
class ReserveTile:
    """One tile of the mover's reserve or hand, as the lesson view offers it."""

    code: str
    count: int
    playable: bool
    selected: bool


def sentence(text: str) -> str:
    """``text`` with a capital first letter (an engine message starts small)."""
    return text[:1].upper() + text[1:]


class Session:
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
        self.ui = UIState(self.run.game.copy(), undo=False)

    # ---------------------------------------------------------------- the reader acts
    def click(self, token: str, owner: int | None = None) -> ClickResult:
        """A click on the board, a reserve tile or a choice (a token)."""
        if self.state != State.PLAYING:
            return ClickResult(Click.REFUSE, _("This task is done: go on with Next."))
        result = self.ui.click(token, owner)
        self.hinted = frozenset()
        if result.kind == Click.REFUSE:
            self.message, self.kind = result.message, ERROR
        elif result.kind == Click.COMPLETE and result.action is not None:
            self._checked(result.action)
        else:
            self.message, self.kind = result.message, INFO
        return result

    def key(self, name: str) -> ClickResult:
        """A key on the board (arrows, Enter, Escape), as the game page takes it."""
        if self.state != State.PLAYING:
            return ClickResult(Click.NONE)
        if name in ("Enter", " ", "Spacebar"):
            self.ui.cursor_visible = True
            return self.click(point_token(self.ui.cursor))
        return self.ui.key(name)

    def _checked(self, action: Any) -> None:
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
        out: list[str] = []
        points: set[Point] = set()
        for action in replied:
            out.append(game.format_action(action))
            points.update(p for p in (token_point(t) for t in game.action_clicks(action))
                          if p is not None)
            game.apply(action)
        self.replied = frozenset(points)
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
    @property
    def game(self) -> Any:
        """The game the board shows."""
        return self.ui.game

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
        game = self.run.start.copy()
        points: set[Point] = set()
        for action in self.run.actions:
            points.update(p for p in (token_point(t) for t in game.action_clicks(action))
                          if p is not None)
            game.apply(action)
        return frozenset(points)

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

    def status(self) -> str:
        """Whose turn and what to do (while playing), else empty."""
        return self.ui.status() if self.state == State.PLAYING else ""

    def now(self) -> str:
        """The number a score goal reads, as it stands (empty for other goals)."""
        goal = self.run.task.goal
        if not isinstance(goal, Score):
            return ""
        words = goal.now(self.ui.game, self.run.mover)
        return _("Now: {count}.").format(count=render(words))

    def drawn(self) -> str | None:
        """The code of the tile to place, where the game draws it for the player."""
        value = self.ui.game.extra_json().get("drawn")
        return value if isinstance(value, str) else None

    def reserve(self) -> tuple[str, list[ReserveTile]]:
        """The mover's name and their reserve or hand (never another seat's)."""
        game = self.ui.game
        mover = game.to_move
        if mover is None or self.state != State.PLAYING:
            return "", []
        hands = game.reserves(mover)
        if mover >= len(hands):
            return "", []
        playable = self.ui.next_tokens()
        selected = self.ui.selected_reserve
        tiles = [ReserveTile(code, n, reserve_token(code) in playable, code == selected)
                 for code, n in sorted(hands[mover].items()) if n > 0 and code != "?"]
        return str(game.players[mover]), tiles

    def choices(self) -> list[tuple[str, str]]:
        """The next clicks that are neither a point nor a reserve tile nor Skip, as
        ``(token, label)``: a draw, a Wheel's turns."""
        if self.state != State.PLAYING or self.ui.game.to_move is None:
            return []
        out = []
        for token in sorted(self.ui.next_tokens(), key=choice_order):
            label = choice_label(token)
            if label is not None and reserve_code(token) is None:
                out.append((token, label))
        return out

    @property
    def can_skip(self) -> bool:
        """Whether Skip (a bonus declined) or Pass is a legal click now."""
        return self.state == State.PLAYING and SKIP in self.ui.next_tokens(())

    def skip_label(self) -> str:
        """"Skip bonus" for a Harmony Bonus, else "Pass"."""
        return _("Skip bonus") if getattr(self.ui.game, "bonus_pending", False) else _("Pass")
