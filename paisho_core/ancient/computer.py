"""A computer seat for Ancient: it wins when it can and avoids handing the next seat an
exact hit.

It looks at one action at a time (never the cross product of placements and moves):

* an action that brings the board to exactly the target wins: it is played;
* otherwise each action is scored by the harmony count it leaves.  When the action ends
  the turn, a count within :data:`DANGER` of the target is an easy hit for the next
  seat and is avoided; in the middle of a turn (a placement before its move) a count
  from which one of our own moves hits the target is preferred.  A draw keeps the count;
  a discard throws the kind the hand holds most of.

Only the player's own hand and the public board are used (never another hand or the
pile), so the computer cannot cheat.  Deterministic for a given ``rng``.
"""

from __future__ import annotations

import random
from typing import Any

from ..messages import Message
from ..protocol import Game
from ..search import NeutralPolicy
from . import advice, hard, seatview
from .actions import DISCARD, DRAW, MOVE, PASS, PLACE, AncientAction
from .game import AncientGame

DANGER = 1
"""A count this close to the target (but not on it) is left to the next seat at a risk."""
LOOKAHEAD = 12
"""How many placements are tried for a winning follow-up move."""


def _ends_turn(game: AncientGame, child: AncientGame) -> bool:
    return child.to_move != game.to_move or child.outcome() is not None


def _value(game: AncientGame, action: AncientAction, rng: random.Random) -> tuple[float, int]:
    """(score, count after) of one action; the win is scored highest."""
    me = game.to_move
    if action.kind in (DRAW, PASS, DISCARD):
        count = game.harmonies
        child = None
    else:
        child = game.copy()
        child.apply(action)
        outcome = child.outcome()
        if outcome is not None and outcome.winners == (me,):
            return 1e9, child.harmonies
        count = child.harmonies
    gap = abs(count - game.target)
    score = -0.1 * gap + rng.random() * 0.05
    turn_over = action.kind in (DISCARD, PASS) or (child is not None and _ends_turn(game, child))
    if action.kind == DRAW:
        turn_over = True  # the discard changes nothing on the board
    if turn_over and gap <= DANGER:
        score -= 10.0
    return score, count


def choose(game: AncientGame, rng: random.Random | None = None) -> AncientAction | None:
    """The computer's action for the seat to move (``None`` once the game is over)."""
    actions = game.legal_actions()
    if not actions or game.to_move is None:
        return None
    rng = rng or random.Random(len(game.history))
    if game.step == "discard":
        hand = game.position.hands[game.to_move]
        return max(actions, key=lambda a: (hand[a.tile], -a.tile))
    scored = [(_value(game, a, rng), a) for a in actions]
    scored.sort(key=lambda item: item[0][0], reverse=True)
    (best_score, _), best = scored[0]
    if best_score >= 1e9:
        return best
    if game.step == "start":
        # a placement from which one of our own moves hits the target wins this turn
        near = [a for (s, c), a in scored if a.kind == PLACE and abs(c - game.target) <= 2]
        for action in near[:LOOKAHEAD]:
            child = game.copy()
            child.apply(action)
            if child.to_move != game.to_move:
                continue
            for move in child.legal_actions():
                if move.kind != MOVE:
                    continue
                probe = child.copy()
                probe.apply(move)
                if probe.outcome() is not None:
                    return action
    return best


EASY_SLIP = 0.5
"""How often Easy plays a random legal action instead of Medium's."""


def easy(game: AncientGame, rng: random.Random) -> AncientAction | None:
    """Easy: Medium's action, but now and then (:data:`EASY_SLIP`) a random one."""
    actions = game.legal_actions()
    if not actions:
        return None
    if rng.random() < EASY_SLIP:
        return rng.choice(actions)
    return choose(game, rng)


class AncientComputer:
    """The registry's computer for Ancient: Easy, Medium (:func:`choose`) and Hard
    (:func:`.hard.choose`), each deciding from the seat's view only."""

    def choose(
        self, game: Game[Any], actions: list[Any], level: str, seed: int, rng: random.Random
    ) -> Any | None:
        """The level's action for the seat to move, chosen on a deal where every tile
        the seat cannot see was dealt afresh (:mod:`.knowledge`): it cannot cheat."""
        assert isinstance(game, AncientGame)
        seat = game.to_move
        if seat is None:
            return None
        if level == "hard":  # its own generator: the hint's sentences weigh the same deals
            return hard.choose(game)
        view = game.determinize(seat, rng)
        if level == "easy":
            return easy(view, rng)
        return choose(view, rng)

    def seat_view(self, game: Game[Any], seat: int) -> dict[str, object]:
        """What ``seat`` knows of ``game`` as JSON (:mod:`.seatview`): what the page's
        worker is sent instead of the seed, which reveals every hand."""
        assert isinstance(game, AncientGame)
        return seatview.to_view(game, seat)

    def from_seat_view(self, data: object) -> AncientGame:
        """A game made back from :meth:`seat_view` (the hidden tiles a stand-in)."""
        return seatview.from_view(data)

    def policy(self, level: str) -> NeutralPolicy:
        """Not used (:meth:`AncientComputer.choose` always answers)."""
        return NeutralPolicy()

    def explain(self, game: Game[Any], coordinates: bool = True) -> list[Message]:
        """Plain sentences for the seat to move, from its own view (:mod:`.advice`)."""
        assert isinstance(game, AncientGame)
        return advice.explain(game, coordinates)


COMPUTER = AncientComputer()
