"""A game's review gathered position by position from the search worker.

:class:`ReviewCollector` holds a game's main line (:func:`paisho_core.analysis.main_line`)
and the evaluations received so far.  The page asks the worker for one position at a
time (:meth:`ReviewCollector.next_request`: an ``evaluate`` request,
:func:`paisho_core.worker.evaluate_position`), so the graph grows as the answers come and
the review is cancelled by asking no further.  A reply is kept only when it answers a
position of this game (its key, :func:`paisho_core.worker.asked_position`, is the one
this position's request has: a late reply about another game is dropped), and the
evaluations kept by key (:meth:`ReviewCollector.kept`) make a reload's review take none
again (:meth:`ReviewCollector.restore`).

A game with hidden hands is reviewed from one seat (``viewer``): each request carries
that seat's view of the position (its computer's ``seat_view``), never the seed, and the
moves of other seats are not judged (their hands are not the viewer's to know).  Pure.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from paisho_core.analysis import (
    DEFAULT_NODES,
    Evaluation,
    Review,
    Verdict,
    analyser_for,
    default_viewer,
    final,
    judge,
    main_line,
)
from paisho_core.evaluation import Judgement
from paisho_core.protocol import Game
from paisho_core.registry import get_computer
from paisho_core.render_graph import render_graph
from paisho_core.worker import asked_position, evaluation_key
from paisho_page.words.names import player

from .words import graph_words, summary_line

REQUEST_PREFIX = "review:"
"""The ``id`` of a review request starts so (``review:<ply>``)."""
MAX_KEPT = 400
"""Most evaluations a game keeps (a longer game is reviewed again past them)."""


class ReviewCollector:
    """The review of one game: what to ask the worker next, and what it answered."""

    def __init__(self, game: Game[Any], nodes: int = DEFAULT_NODES,
                 viewer: int | None = None) -> None:
        self.game = game
        self.nodes = nodes
        self.line = main_line(game)
        self.analyser = analyser_for(game.info.name)
        self.viewer = default_viewer(game, viewer)
        self.hidden = self.viewer is not None and bool(getattr(game, "hidden_hands", False))
        self.evaluations: dict[int, Evaluation] = {}
        self.keys: dict[int, str] = {}
        self._requests: dict[int, dict[str, Any]] = {}
        self._json: tuple[int, dict[str, object] | None] | None = None
        if game.to_move is None:  # a finished game's last position needs no search
            self.evaluations[len(self.line)] = final(game, self.analyser.scale)

    # ------------------------------------------------------------------ asking
    @property
    def total(self) -> int:
        """How many positions the review evaluates (before each ply, and the last)."""
        return len(self.line) + 1

    def done(self) -> int:
        """How many positions are evaluated."""
        return len(self.evaluations)

    def _position(self, ply: int) -> Game[Any]:
        return self.line[ply].before if ply < len(self.line) else self.game

    def request(self, ply: int) -> dict[str, Any]:
        """The evaluate request of the position before ply ``ply`` (``len(line)``: the
        last position)."""
        if ply in self._requests:
            return self._requests[ply]
        game = self.game
        asked: dict[str, Any] = {"kind": "evaluate", "id": f"{REQUEST_PREFIX}{ply}",
                                 "variant": game.info.name, "nodes": self.nodes, "ply": ply}
        if self.hidden:
            position = self._position(ply)
            view = getattr(get_computer(game.info.name), "seat_view")  # noqa: B009
            asked["view"] = view(position, self.viewer)
            if ply < len(self.line) and position.to_move == self.viewer:
                asked["played"] = position.format_action(self.line[ply].actions[0])
        else:
            from paisho_core import starts

            asked |= {"options": sorted(game.options), "seed": game.seed,
                      "moves": game.to_text()}
            if game.info.min_players != game.info.max_players:
                asked["players"] = len(game.players)
            if starts.of(game):
                asked["start"] = starts.of(game)
        self._requests[ply] = asked
        return asked

    def key(self, ply: int) -> str:
        """The key the worker gives the evaluation of ply ``ply``'s position."""
        if ply not in self.keys:
            self.keys[ply] = (asked_position(self.request(ply)).key if self.hidden
                              else self._game_key(ply))
        return self.keys[ply]

    def _game_key(self, ply: int) -> str:
        """The key of ply ``ply``'s position as the worker makes it from this game's
        request, without replaying the game (:func:`paisho_core.worker.evaluation_key`)."""
        from paisho_core import starts

        game = self.game
        players = (len(game.players) if game.info.min_players != game.info.max_players
                   else None)
        played = (self.line[ply].before.format_action(self.line[ply].actions[0])
                  if ply < len(self.line) else None)
        identity = [game.info.name, sorted(game.options), game.seed, players,
                    starts.of(game) or "", [p.text for p in self.line[:ply]], played]
        return evaluation_key(self.nodes, self.viewer, identity)

    def next_request(self) -> str | None:
        """The next request to send (JSON), the first position not evaluated yet;
        ``None`` once every position is."""
        for ply in range(self.total):
            if ply not in self.evaluations:
                return json.dumps(self.request(ply))
        return None

    # ------------------------------------------------------------------ answers
    def take(self, reply: Mapping[str, Any]) -> str | None:
        """Keep a worker's evaluation of one of this game's positions; what was wrong
        with it otherwise (``None``: kept)."""
        if reply.get("kind") != "evaluation":
            return "not an evaluation"
        if "error" in reply:
            return str(reply.get("error"))
        ply = reply.get("ply")
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply < self.total:
            return "not a position of this game"
        if reply.get("key") != self.key(ply):
            return "an evaluation of another position"
        data = reply.get("evaluation")
        evaluation = self._evaluation(data)
        if evaluation is None:
            return "a malformed evaluation"
        self.evaluations[ply] = evaluation
        return None

    def _evaluation(self, data: object) -> Evaluation | None:
        """``data`` as an evaluation of one of this game's positions, or ``None`` when it
        cannot be one (a worker's or storage's data is input like any other)."""
        if not isinstance(data, Mapping):
            return None
        try:
            evaluation = Evaluation.from_json(dict(data))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError):
            return None
        seats = len(self.game.players)
        mover = evaluation.mover
        if (len(evaluation.scores) != seats
                or (evaluation.after is not None and len(evaluation.after) != seats)
                or (mover is not None and not 0 <= mover < seats)
                or not (evaluation.best is None or isinstance(evaluation.best, str))):
            return None
        return evaluation

    def kept(self) -> dict[str, dict[str, object]]:
        """The evaluations received, by their key (to keep with the game)."""
        return {self.key(ply): e.to_json() for ply, e in sorted(self.evaluations.items())
                if ply < len(self.line) or self.game.to_move is not None}

    def restore(self, kept: Mapping[str, Any]) -> int:
        """Take back evaluations kept before (by key); how many of this game's positions
        they answer."""
        found = 0
        for ply in range(min(self.total, MAX_KEPT)):
            data = kept.get(self.key(ply)) if ply not in self.evaluations else None
            evaluation = self._evaluation(data) if data is not None else None
            if evaluation is not None:
                self.evaluations[ply] = evaluation
                found += 1
        return found

    # ------------------------------------------------------------------ the review
    def ready(self) -> int:
        """How many positions from the start are evaluated without a gap."""
        count = 0
        while count in self.evaluations:
            count += 1
        return count

    def review(self) -> Review | None:
        """The review of the plies whose positions before and after are evaluated
        (``None``: not even the first ply)."""
        ready = self.ready()
        if ready < 2:
            return None
        plies = tuple(self.line[:ready - 1])
        evaluations = tuple(self.evaluations[i] for i in range(ready))
        verdicts = tuple(self._verdict(i, evaluations[i]) for i in range(len(plies)))
        return Review(self.game.info.name, self.analyser.scale, self.nodes, self.viewer,
                      self.game.players, self.analyser.thresholds, plies, evaluations,
                      verdicts)

    def _verdict(self, ply: int, before: Evaluation) -> Verdict:
        position = self.line[ply].before
        if self.hidden and position.to_move != self.viewer:
            return Verdict(Judgement.NONE, 0.0, None)
        played = position.format_action(self.line[ply].actions[0])
        return judge(before, played, self.analyser.thresholds)

    def review_json(self) -> dict[str, object] | None:
        """:meth:`review` as JSON data (``None`` before its first ply); made once for
        each count of evaluations (they only grow)."""
        if self._json is None or self._json[0] != len(self.evaluations):
            review = self.review()
            self._json = (len(self.evaluations), None if review is None else review.to_json())
        return self._json[1]

    def graph(self, current: int | None = None) -> str:
        """The evaluation graph so far, in the page's language (empty before any ply);
        ``current``: the ply shown on the board."""
        data = self.review_json()
        return "" if data is None else render_graph(data, graph_words(), current)

    def summary_lines(self) -> list[str]:
        """A line per player once every position is evaluated (empty before)."""
        data = self.review_json()
        if data is None or self.ready() < self.total:
            return []
        summary = data.get("summary")
        if not isinstance(summary, Mapping):
            return []
        return [summary_line(player(name), figures) for name, figures in summary.items()
                if isinstance(figures, Mapping)]
