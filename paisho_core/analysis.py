"""The computer's review of a game, written once over the protocol: every position of
the main line evaluated, every move judged, a summary per player.

A variant says how its positions are evaluated through its spec's ``analyser`` (an
:class:`~paisho_core.evaluation.Analyser`, :mod:`paisho_core.analysers` for the
search-based ones); a variant
without one is evaluated by the generic search analyser over its computer's policy, or
over wins and losses only.  The pieces work one position at a time so that a page can
ask for them as they are computed (:mod:`paisho_core.worker`):

* :func:`main_line` — the positions before each ply of a game, with the ply's actions;
* :func:`evaluate` — one position's :class:`Evaluation` (each seat's win chance, or for a
  solitaire the best final score still reachable; the move the computer prefers and its
  line; a sentence of its explanation);
* :func:`judge` — one move judged: the drop in the mover's chance (or score) from the
  best move to the one played, both weighed in the same search of the position before
  it (the same depth: a shallow search's swings from one ply to the next do not count),
  against the analyser's :attr:`Analyser.thresholds`;
* :func:`analyse_game` — all of it for a whole game, as a JSON-ready :class:`Review`.

A game with hidden hands is evaluated from one seat's view only (``viewer``): the
analyser never reads another seat's tiles.  Deterministic for a game, budget and
viewer: the budget counts positions searched, never time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import starts
from .evaluation import DEFAULT_NODES, LINE_PLIES, NOTES, Analyser, Evaluation, Judgement, Scale
from .protocol import Game

__all__ = [
    "DEFAULT_NODES", "LINE_PLIES", "NOTES", "Analyser", "Evaluation", "Judgement", "Ply",
    "Review", "Scale", "Verdict", "analyse_game", "analyser_for", "evaluate", "judge",
    "main_line",
]

@dataclass(frozen=True)
class Ply:
    """One ply of the main line: the position before it and what was played."""

    before: Game[Any]
    actions: tuple[Any, ...]
    text: str
    """The ply in notation (its actions, each as ``format_action`` writes it)."""


@dataclass(frozen=True)
class Verdict:
    """One move judged."""

    judgement: Judgement
    loss: float
    """The mover's drop (chance or score); 0 when the computer agrees or gains."""
    better: str | None
    """The computer's preferred move where the move was judged, else ``None``."""


@dataclass(frozen=True)
class Review:
    """A whole game reviewed: JSON-ready by :meth:`to_json`."""

    variant: str
    scale: Scale
    nodes: int
    viewer: int | None
    players: tuple[str, ...]
    thresholds: tuple[float, float, float]
    plies: tuple[Ply, ...]
    evaluations: tuple[Evaluation, ...]
    """One per position: before each ply, then the final position."""
    verdicts: tuple[Verdict, ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        """``plies`` (one entry per ply: ``win_chance`` for the Host after it — with
        :attr:`Scale.SCORE` the best final score still reachable —, ``judgement``,
        ``loss``, and where judged ``better``, ``line`` and ``notes``), ``start`` (the
        first position's figure) and ``summary`` (per player)."""
        entries: list[dict[str, object]] = []
        for i, (ply, verdict) in enumerate(zip(self.plies, self.verdicts, strict=True)):
            before, after = self.evaluations[i], self.evaluations[i + 1]
            entry: dict[str, object] = {
                "ply": i + 1,
                "player": None if before.mover is None else self.players[before.mover],
                "move": ply.text,
                "win_chance": round(after_figure(before, after), 4),
                "judgement": str(verdict.judgement),
                "loss": round(verdict.loss, 4),
            }
            if verdict.better is not None:
                entry["better"] = verdict.better
                entry["line"] = list(before.line)
                entry["notes"] = [note.to_json() for note in before.notes]
                entry["explanation"] = [str(note) for note in before.notes]
            entries.append(entry)
        return {
            "variant": self.variant,
            "scale": str(self.scale),
            "nodes": self.nodes,
            "viewer": None if self.viewer is None else self.players[self.viewer],
            "thresholds": dict(zip(("inaccuracy", "mistake", "blunder"), self.thresholds,
                                   strict=True)),
            "start": round(host_figure(self.evaluations[0]), 4) if self.evaluations else None,
            "plies": entries,
            "summary": summary(self),
        }


def after_figure(before: Evaluation, after: Evaluation) -> float:
    """The Host's figure after a ply: as weighed in the search before it (the same depth
    as the best move's), else the next position's own."""
    if before.after is not None and after.mover is not None:
        return before.after[0] if before.after else 0.5
    return host_figure(after)


def host_figure(evaluation: Evaluation) -> float:
    """The first seat's (the Host's) win chance, or the solitaire's score."""
    return evaluation.scores[0] if evaluation.scores else 0.5


def analyser_for(name: str) -> Analyser:
    """The analyser of the variant called ``name``: its spec's, else the generic one."""
    from .registry import analyser

    found: Analyser | None = analyser(name)
    if found is not None:
        return found
    from .analysers import SearchAnalyser

    return SearchAnalyser()


def default_viewer(game: Game[Any], viewer: int | None) -> int | None:
    """``viewer``, or the first seat for a game with hidden hands (one whose computer
    gives a ``seat_view``): such a game is always reviewed from one seat."""
    if viewer is not None:
        return viewer
    from .registry import get_computer

    return 0 if hasattr(get_computer(game.info.name), "seat_view") else None


def main_line(game: Game[Any]) -> list[Ply]:
    """The plies of ``game`` from its start (its set-up, or the variant's own), each with
    the position before it.  A ply may be several actions (Skud's Harmony Bonus)."""
    probe = starts.fresh(game)
    out: list[tuple[Game[Any], list[Any], list[str]]] = []
    for action in game.history:
        snapshot = probe.copy()
        before = probe.plies
        text = probe.format_action(action)
        probe.apply(action)
        if probe.plies != before or not out:
            out.append((snapshot, [action], [text]))
        else:
            out[-1][1].append(action)
            out[-1][2].append(text)
    return [Ply(before, tuple(actions), " ".join(texts)) for before, actions, texts in out]


def evaluate(
    game: Game[Any], nodes: int = DEFAULT_NODES, viewer: int | None = None,
    played: Any | None = None,
) -> Evaluation:
    """One position's evaluation by its variant's analyser, with the action ``played``
    there weighed too (a finished game: its result)."""
    if game.to_move is None:
        return final(game, analyser_for(game.info.name).scale)
    return analyser_for(game.info.name).evaluate(game, nodes, viewer, played)


def final(game: Game[Any], scale: Scale) -> Evaluation:
    """A finished game as an evaluation: 1 for each winner, 0 for the others, a draw
    shared; with :attr:`Scale.SCORE` the final score."""
    outcome = game.outcome()
    seats = len(game.players)
    if scale is Scale.SCORE:
        score = float(outcome.score or 0) if outcome is not None else 0.0
        return Evaluation(None, (score,) * seats)
    if outcome is None or not outcome.winners:
        return Evaluation(None, (1.0 / seats,) * seats)
    share = 1.0 / len(outcome.winners)
    return Evaluation(None, tuple(share if s in outcome.winners else 0.0 for s in range(seats)))


def judge(before: Evaluation, played: str, thresholds: Sequence[float]) -> Verdict:
    """The move ``played`` (its first action, in notation) judged by the mover's drop
    from the best move's figure to its own (:attr:`Evaluation.after`); a move the
    computer would play too is never judged."""
    mover = before.mover
    if mover is None or before.best is None or before.after is None or played == before.best:
        return Verdict(Judgement.NONE, 0.0, None)
    loss = max(0.0, before.scores[mover] - before.after[mover])
    judgement = Judgement.NONE
    for threshold, name in zip(thresholds, (Judgement.INACCURACY, Judgement.MISTAKE,
                                            Judgement.BLUNDER), strict=True):
        if loss >= threshold:
            judgement = name
    return Verdict(judgement, loss, before.best if judgement is not Judgement.NONE else None)


def analyse_game(
    game: Game[Any], nodes: int = DEFAULT_NODES, viewer: int | None = None,
    plies: Sequence[Ply] | None = None,
) -> Review:
    """Every position of ``game``'s main line (or of ``plies``) evaluated and every move
    judged, seen by ``viewer`` for a game with hidden hands."""
    line = list(main_line(game) if plies is None else plies)
    analyser = analyser_for(game.info.name)
    viewer = default_viewer(game, viewer)
    last = game.copy() if plies is None else _after(line[-1]) if line else game.copy()
    evaluations = [evaluate(ply.before, nodes, viewer, ply.actions[0]) for ply in line]
    evaluations.append(evaluate(last, nodes, viewer))
    verdicts = tuple(
        judge(evaluations[i], line[i].before.format_action(line[i].actions[0]),
              analyser.thresholds)
        for i in range(len(line))
    )
    return Review(game.info.name, analyser.scale, nodes, viewer, game.players,
                  analyser.thresholds, tuple(line), tuple(evaluations), verdicts)


def _after(ply: Ply) -> Game[Any]:
    out = ply.before.copy()
    for action in ply.actions:
        out.apply(action)
    return out


def summary(review: Review) -> dict[str, dict[str, object]]:
    """Per player: moves judged, inaccuracies, mistakes, blunders and the average loss
    (over every move of theirs)."""
    out: dict[str, dict[str, object]] = {}
    for seat, name in enumerate(review.players):
        mine = [v for ply, v in zip(review.plies, review.verdicts, strict=True)
                if ply.before.to_move == seat]
        counts = {j: sum(1 for v in mine if v.judgement is j) for j in Judgement}
        out[name] = {
            "moves": len(mine),
            "inaccuracies": counts[Judgement.INACCURACY],
            "mistakes": counts[Judgement.MISTAKE],
            "blunders": counts[Judgement.BLUNDER],
            "average_loss": round(sum(v.loss for v in mine) / len(mine), 4) if mine else 0.0,
        }
    return out
