"""The game page's review panel, as state and writes the DOM layer only carries out.

:class:`ReviewPanel` starts a review of the page's game (refused, in plain words, for a
game without a move and for a running game with hidden hands, whose review would need a
seat's view the page does not choose), hands out the worker's requests one at a time,
takes the replies meant for it (``id`` ``review:<ply>``) and says how far it is; it stops
when the review is whole, when the reader cancels, when the worker answers an error, or
when the page's game is no longer the one reviewed.  What it shows:
:meth:`ReviewPanel.writes` (the progress, the buttons, the summary),
:meth:`ReviewPanel.graph` (the renderer's SVG), the judged moves in the move list
(:meth:`ReviewPanel.marks`) and, for the move shown, its verdict in words and the points
of the move the computer prefers (:meth:`ReviewPanel.shown`).  The evaluations received
are kept (:meth:`ReviewPanel.kept`, stored by the page with
:mod:`paisho_page.review.keep`), and a reload takes them back
(:meth:`ReviewPanel.resume`): the review is shown again without asking.  Pure.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from paisho_core.board import Point
from paisho_core.render import RenderView
from paisho_page.base.dom_writes import Write, disabled, hidden, text
from paisho_page.sharing.exits import hides_hands
from paisho_page.words.i18n import _

from . import moves
from .collect import REQUEST_PREFIX, ReviewCollector

PROGRESS, START, CANCEL, GRAPH, SUMMARY, MOVE, PLAY_LINE = (
    "review-progress", "btn-review-start", "btn-review-cancel", "review-graph",
    "review-summary", "review-move", "btn-review-line")
"""The panel's element ids."""


def record_of(game: Any) -> tuple[str, tuple[str, ...], object, str]:
    """What tells one game from another for the review: variant, options, seed, record."""
    return (str(game.info.name), tuple(sorted(game.options)), game.seed, game.to_text())


class ReviewPanel:
    """The review on the game page: running, stopped or whole."""

    def __init__(self) -> None:
        self.collector: ReviewCollector | None = None
        self.running = False
        self.note = ""
        self._record: tuple[str, tuple[str, ...], object, str] | None = None

    def start(self, game: Any, nodes: int | None = None,
              kept: Mapping[str, Any] | None = None) -> str | None:
        """Start reviewing ``game`` (the positions ``kept`` evaluates are not asked
        again); the reason in words when it cannot be."""
        if not game.history:
            return _("There is no move to review yet.")
        if hides_hands(game):
            return _("A game with secret hands is reviewed once it is over.")
        self.collector = (ReviewCollector(game) if nodes is None
                          else ReviewCollector(game, nodes))
        if kept:
            self.collector.restore(kept)
        self._record = record_of(game)
        self.running, self.note = True, ""
        return None

    def next_request(self) -> str | None:
        """The next request for the worker (``None``: nothing to ask; the review stops
        when it is whole)."""
        if not self.running or self.collector is None:
            return None
        request = self.collector.next_request()
        if request is None:
            self.running = False
        return request

    def take(self, data: str, game: Any) -> bool:
        """Take one worker message; whether it was the review's (ask the next one then).
        ``game``: the page's game now (a changed game stops the review)."""
        try:
            reply = json.loads(data)
        except ValueError:
            return False
        if not isinstance(reply, dict) or not str(reply.get("id", "")).startswith(REQUEST_PREFIX):
            return False
        if not self.running or self.collector is None:
            return False
        if record_of(game) != self._record:
            self.running = False
            self.note = _("The game changed: review it again.")
            return False
        problem = self.collector.take(reply)
        if problem is not None:
            self.running = False
            self.note = _("The computer could not review this position ({problem}).").format(
                problem=problem)
            return False
        return True

    def cancel(self) -> None:
        """Stop asking (what was reviewed stays shown)."""
        if self.running:
            self.running = False
            self.note = _("Review stopped.")

    def progress(self) -> str:
        """How far the review is."""
        c = self.collector
        if c is None:
            return ""
        if self.running:
            return _("Reviewing: {done} of {count} positions…").format(done=c.done(),
                                                                        count=c.total)
        if c.done() >= c.total:
            return _("Review complete: {count} positions.").format(count=c.total)
        return " ".join(part for part in (self.note, _("{done} of {count} positions reviewed.")
                                          .format(done=c.done(), count=c.total)) if part)

    def writes(self) -> tuple[Write, ...]:
        """The progress, the buttons and the summary."""
        c = self.collector
        summary = c.summary_lines() if c is not None else []
        return (
            text(PROGRESS, self.progress()),
            hidden(PROGRESS, c is None),
            disabled(START, self.running),
            hidden(CANCEL, not self.running),
            text(SUMMARY, "\n".join(summary)),
            hidden(SUMMARY, not summary),
        )

    def graph(self, current: int | None = None) -> str:
        """The evaluation graph so far (empty before the first ply is reviewed)."""
        return "" if self.collector is None else self.collector.graph(current)

    # ------------------------------------------------------------------ at the moves
    def review_of(self, game: Any) -> dict[str, object] | None:
        """The review's JSON while ``game`` is the game reviewed (else ``None``)."""
        if self.collector is None or record_of(game) != self._record:
            return None
        return self.collector.review_json()

    def marks(self, game: Any) -> list[tuple[int, tuple[Write, ...]]]:
        """The move list entries to mark, ``(ply, writes)`` (none for another game)."""
        return moves.move_marks(self.review_of(game))

    def shown(self, game: Any, ply: int, coordinates: bool) -> tuple[str, tuple[Point, ...]]:
        """What the review says of move ``ply`` (the one that led to the position shown)
        and the board points of the move the computer prefers there (both empty for a
        move not judged)."""
        review = self.review_of(game)
        if review is None or self.collector is None or not 1 <= ply <= len(self.collector.line):
            return "", ()
        before = self.collector.line[ply - 1].before
        action = moves.better_action(before, review, ply)
        if action is None:
            return moves.verdict_text(review, ply, None), ()
        said = moves.better_words(before, action, coordinates)
        return moves.verdict_text(review, ply, said), moves.action_points(before, action)

    def move_writes(self, game: Any, ply: int, coordinates: bool) -> tuple[Write, ...]:
        """The verdict line of the move shown, and "Play the better line" when the
        computer prefers another move there."""
        said, points = self.shown(game, ply, coordinates)
        return (text(MOVE, said), hidden(MOVE, not said), hidden(PLAY_LINE, not points))

    def better_line(self, game: Any, ply: int) -> tuple[int, list[Any]]:
        """Where the line the computer prefers at move ``ply`` starts (how many of the
        game's actions lead there) and its actions (empty: none)."""
        review = self.review_of(game)
        if review is None or self.collector is None or not 1 <= ply <= len(self.collector.line):
            return 0, []
        before = self.collector.line[ply - 1].before
        start = len(before.history) - len(self.collector.line[0].before.history)
        return start, moves.better_line(before, review, ply)

    # ------------------------------------------------------------------ kept
    def kept(self) -> dict[str, dict[str, object]]:
        """The evaluations received so far, by key (for the page to store)."""
        return {} if self.collector is None else self.collector.kept()

    def resume(self, game: Any, kept: Mapping[str, Any], nodes: int | None = None) -> bool:
        """Show again the review of ``game`` from evaluations kept before (nothing is
        asked: Review the game goes on from there); whether any position was found."""
        if not game.history or hides_hands(game):
            return False
        collector = (ReviewCollector(game) if nodes is None
                     else ReviewCollector(game, nodes))
        if collector.restore(kept) == 0 or collector.review() is None:
            return False
        self.collector, self._record = collector, record_of(game)
        self.running, self.note = False, ""
        return True

    @staticmethod
    def decorate(view: RenderView, points: tuple[Point, ...]) -> RenderView:
        """The board ``view`` with ``points`` (:meth:`shown`'s) marked."""
        return moves.with_better(view, points)
