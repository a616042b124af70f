"""A puzzle on the page: the reader's clicks on its position and what the page says.

:class:`PuzzleSession` plays a :class:`~paisho_page.puzzles.session.PuzzleRun` on the
real board (the clicks, the mover's tiles and choices are
:class:`~paisho_page.learn.drill.BoardDrill`'s):

* **solved** — the turn is the puzzle's one solution: praised, the solution's points
  marked;
* **going on** — the turn follows the solution and goes on (a Skud Harmony Bonus);
* **wrong** — the wrong turn stays on the board, its points marked, with the engine's
  words why it fails; *Try again* puts the position back, *Show the solution* plays it.

:attr:`PuzzleSession.result` is what the reader's rating records: ``True`` once solved
at the first try, ``False`` once a turn went wrong or the solution was shown first.
Pure.
"""

from __future__ import annotations

from typing import Any

from paisho_core.board import Point
from paisho_core.lessons import Verdict
from paisho_core.puzzles import Puzzle
from paisho_core.render import RenderView
from paisho_page.learn.drill import HINT_CLASS, BoardDrill, State, action_points, sentence
from paisho_page.words.i18n import _, render
from paisho_page.words.said import ERROR, INFO, SUCCESS

from .session import PuzzleRun


class PuzzleSession(BoardDrill):
    """One puzzle being played on the page."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.run = PuzzleRun(puzzle)
        self.result: bool | None = None
        """The first outcome: solved (``True``) or not (``False``); ``None`` until then."""
        self.retry()

    def retry(self) -> None:
        """Back to the puzzle's position (its words too)."""
        self.run.reset()
        self.state = State.PLAYING
        self.message, self.kind = "", INFO
        self.hinted = frozenset()
        self.fresh_ui(self.run.game)

    def done_refusal(self) -> str:
        """What a click says once the turn is over."""
        return _("This puzzle is over: try again or go on with the next one.")

    def checked(self, action: Any) -> None:
        """Check a completed action against the puzzle's solution."""
        checked = self.run.check(action)
        if checked.verdict == Verdict.MET:
            self.state = State.MET
            if self.result is None:
                self.result = True
            self.message, self.kind = _("Solved! That is the one move."), SUCCESS
        elif checked.verdict == Verdict.MISSED:
            self.state = State.MISSED
            if self.result is None:
                self.result = False
            why = render(checked.message) if checked.message is not None else ""
            self.message = _("Not this one: {why}.").format(why=why)
            self.kind = ERROR
        elif checked.verdict == Verdict.ILLEGAL:  # the page and the engine disagree: a bug
            self.run.reset()
            self.message = sentence(render(checked.message)) if checked.message else ""
            self.kind = ERROR
        else:
            self.message, self.kind = "", INFO
        self.fresh_ui(self.run.game)

    def show(self) -> None:
        """Play the solution ("Show the solution"): a puzzle not yet solved counts as
        failed."""
        if self.result is None:
            self.result = False
        self.run.show()
        self.state = State.SHOWN
        self.hinted = frozenset()
        self.message, self.kind = _("The solution is on the board."), INFO
        self.fresh_ui(self.run.game)

    def view(self) -> RenderView:
        """The board's marks: the selection and its clicks while playing; the turn
        played (right, wrong or shown) once it is over."""
        if self.playing:
            ui = self.ui.view()
            extra = {p: HINT_CLASS for p in self.hinted}
            return RenderView(selected=ui.selected, highlights=ui.highlights,
                              cursor=ui.cursor, last_move=ui.last_move or self._played(),
                              ring=ui.ring, extra_classes=extra)
        return RenderView(last_move=self._played(), ring=self.ui.ring())

    def _played(self) -> frozenset[Point]:
        """The points of the turn played so far on the puzzle's position."""
        return action_points(self.run.start.copy(), self.run.actions)

    def prompt(self) -> str:
        """What the puzzle asks."""
        return render(self.run.kind.prompt(self.run.start))
