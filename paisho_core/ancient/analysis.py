"""How the computer reviews an Ancient game: from one seat's view only.

Every position is first reduced to what the viewing seat knows (:mod:`.seatview`: the
public board and record, its own hand, the others' hand sizes and known tiles); the
hidden tiles are then dealt afresh (:mod:`paisho_core.determinized`) :func:`deals` times
and each deal is played out by careful players (:mod:`.rollout`) for at most
:data:`TURNS` turns: a seat's win chance is the share of the deals it wins (a deal
nobody wins is shared).  Where the viewing seat is to move, the move the computer
prefers is Hard's (:mod:`.hard`), so only that seat's moves are judged: another seat's
move cannot be weighed without its hand.  So two deals that differ only in tiles the
seat cannot see get the same review.  Deterministic: every generator is seeded by the
public record's length.
"""

from __future__ import annotations

import random
from typing import Any

from ..analysers import THRESHOLDS
from ..analysis import final
from ..determinized import sample
from ..evaluation import NOTES, Evaluation, Scale
from ..protocol import Game
from . import advice, hard, seatview
from .actions import DRAW
from .game import AncientGame
from .rollout import careful_turn

TURNS = 24
"""Turns each sampled deal is played out for (a longer game counts as shared)."""


def deals(nodes: int) -> int:
    """Sampled deals for a budget of ``nodes`` (one per 25 positions, 4 to 32)."""
    return max(4, min(32, nodes // 25))


def seat_view(game: AncientGame, seat: int) -> AncientGame:
    """The game as ``seat`` knows it: the hidden tiles are stand-ins."""
    return seatview.from_view(seatview.to_view(game, seat))


class AncientAnalyser:
    """Win chances by play-outs over sampled deals, seen by one seat."""

    scale = Scale.CHANCE
    thresholds = THRESHOLDS

    def evaluate(
        self, game: Game[Any], nodes: int, viewer: int | None, played: Any | None
    ) -> Evaluation:
        """Each seat's chance as ``viewer`` (default: the first seat) sees it; where
        ``viewer`` is to move, Hard's action, a sentence of advice and the chances after
        the ``played`` action (a draw's tile is unseen: a draw is not weighed)."""
        assert isinstance(game, AncientGame)
        seat = 0 if viewer is None else viewer
        view = seat_view(game, seat)
        mover = view.to_move
        assert mover is not None
        count = deals(nodes)
        scores = chances(view, seat, count)
        if mover != seat:
            return Evaluation(mover, scores, nodes=count)
        after = None
        if played is not None and played.kind != DRAW and played in view.legal_actions():
            child = view.copy()
            child.apply(played)
            after = final_chances(child) or chances(child, seat, count)
        best = hard.choose(view)
        text = None if best is None else view.format_action(best)
        notes = tuple(advice.explain(view, True)[:NOTES])
        return Evaluation(mover, scores, after, None, text, () if text is None else (text,),
                          notes, count)


def final_chances(game: AncientGame) -> tuple[float, ...] | None:
    """1 for the winner and 0 for the others once ``game`` is over, else ``None``."""
    return None if game.outcome() is None else final(game, Scale.CHANCE).scores


def chances(view: AncientGame, seat: int, count: int) -> tuple[float, ...]:
    """Each seat's share of ``count`` deals sampled for ``seat`` and played out."""
    seats = len(view.players)
    wins = [0.0] * seats
    rng = random.Random(f"ancient-analysis:{len(view.history)}")
    for _ in range(count):
        winner = _play_out(sample(view, seat, rng), rng)
        if winner is None:
            for s in range(seats):
                wins[s] += 1.0 / seats
        else:
            wins[winner] += 1.0
    return tuple(w / count for w in wins)


def _play_out(deal: Game[Any], rng: random.Random) -> int | None:
    """The seat that hits the target in ``deal`` within :data:`TURNS` careful turns."""
    assert isinstance(deal, AncientGame)
    for _ in range(TURNS):
        seat = deal.to_move
        if seat is None:
            break
        if careful_turn(deal, rng):
            return seat
    outcome = deal.outcome()
    if outcome is not None and len(outcome.winners) == 1:
        return outcome.winners[0]
    return None


ANALYSER = AncientAnalyser()
"""Ancient's analyser (its spec's ``analyser``)."""
