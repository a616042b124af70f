"""The game page's review panel, as state and writes the DOM layer only carries out.

:class:`ReviewPanel` starts a review of the page's game (refused, in plain words, for a
game without a move and for a running game with hidden hands, whose review would need a
seat's view the page does not choose), hands out the worker's requests one at a time,
takes the replies meant for it (``id`` ``review:<ply>``) and says how far it is; it stops
when the review is whole, when the reader cancels, when the worker answers an error, or
when the page's game is no longer the one reviewed.  What it shows:
:meth:`ReviewPanel.writes` (the progress, the buttons, the summary) and
:meth:`ReviewPanel.graph` (the renderer's SVG).  Pure.
"""

from __future__ import annotations

import json
from typing import Any

from paisho_page.base.dom_writes import Write, disabled, hidden, text
from paisho_page.sharing.exits import hides_hands
from paisho_page.words.i18n import _

from .collect import REQUEST_PREFIX, ReviewCollector

PROGRESS, START, CANCEL, GRAPH, SUMMARY = (
    "review-progress", "btn-review-start", "btn-review-cancel", "review-graph",
    "review-summary")
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

    def start(self, game: Any, nodes: int | None = None) -> str | None:
        """Start reviewing ``game``; the reason in words when it cannot be."""
        if not game.history:
            return _("There is no move to review yet.")
        if hides_hands(game):
            return _("A game with secret hands is reviewed once it is over.")
        self.collector = (ReviewCollector(game) if nodes is None
                          else ReviewCollector(game, nodes))
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
