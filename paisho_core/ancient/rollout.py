"""The round after a turn, played out on one sampled deal (for Hard's last look).

Hard weighs its options with estimates (:mod:`.hard`); for the few best it then plays
the round out on sampled deals, the later seats played as careful players: each takes
an exact hit when it has one (a placement, or a placement and its move:
``rules.html#ancient-r4``), else places as near the target as it can and moves so as
not to leave the count one away from it (the next seat's easy hit); for speed it does
not weigh a Boat's displacements or a Wheel's turns.  The deals are the
seat's determinizations: nothing here reads a hidden tile of the real game.
"""

from __future__ import annotations

import random

from . import counts
from .actions import DRAW, MOVE, PLACE, AncientAction
from .game import AncientGame
from .tiles import BOAT

VERIFY = 12
"""Placements a careful player checks exactly for a hit by their move."""


def _discard(game: AncientGame) -> None:
    """Discard a tile of the kind the hand holds most of."""
    seat = game.to_move
    assert seat is not None
    hand = game.position.hands[seat]
    game.apply(max(game.legal_actions(), key=lambda a: (hand[a.tile], -a.tile)))


def _plain(game: AncientGame) -> list[tuple[AncientAction, int]]:
    """The placements of the seat to move a careful player weighs, with their counts:
    every one but a Boat's displacements and a Wheel's turns (hundreds of them)."""
    pos = game.position
    return [
        (a, counts.plain_count(pos, a.tile, a.src))
        for a in game.legal_actions()
        if a.kind == PLACE and a.tile != BOAT and not a.turn
    ]


def win_in_turn(
    game: AncientGame, places: list[tuple[AncientAction, int]] | None = None
) -> list[AncientAction] | None:
    """The actions of an exact hit this turn for the seat to move (a placement, or a
    placement and its move; Boats and Wheel turns left out), else ``None``; ``places``:
    :func:`_plain`, if already made.  ``game`` is left as it was."""
    pos = game.position
    target = game.target
    if game.step == "move":
        for move in game.legal_actions():
            if counts.count_after(pos, move) == target:
                return [move]
        return None
    if game.step != "start":
        return None
    after = _plain(game) if places is None else places
    for action, count in after:
        if count == target:
            return [action]
    deltas = counts.move_deltas(pos)
    for action, _ in [(a, c) for a, c in after if target - c in deltas][:VERIFY]:
        child = game.copy()
        child.apply(action)
        if child.step == "move":
            for move in child.legal_actions():
                if counts.count_after(child.position, move) == target:
                    return [action, move]
    return None


def careful_turn(game: AncientGame, rng: random.Random) -> bool:
    """Play one careful turn for the seat to move (in place); True if it hit the target."""
    places = _plain(game) if game.step == "start" else []
    win = win_in_turn(game, places)
    if win is not None:
        for action in win:
            game.apply(action)
        return True
    target = game.target
    actions = game.legal_actions()
    if game.step == "start":
        if not places:
            first = actions[0]
            game.apply(first)
            if first.kind == DRAW:
                _discard(game)
            return False
        rng.shuffle(places)
        best, count = min(places, key=lambda item: abs(item[1] - target))
        if actions[0].kind == DRAW and abs(count - target) > abs(game.harmonies - target):
            game.apply(actions[0])
            _discard(game)
            return False
        game.apply(best)
        if game.outcome() is not None:
            return True
        actions = game.legal_actions()
    if game.step == "move" and actions and actions[0].kind == MOVE:
        moves = actions[:]
        rng.shuffle(moves)
        pos = game.position

        def worth(move: AncientAction) -> tuple[bool, int]:
            gap = abs(counts.count_after(pos, move) - target)
            return gap <= 1, gap

        game.apply(min(moves, key=worth))
    return game.outcome() is not None


def on_deal(end: AncientGame, deal: AncientGame, me: int) -> AncientGame:
    """``end``'s board and ``me``'s hand with the others' hands and the pile of ``deal``
    (a sampled deal of the same game)."""
    sim = end.copy()
    pos, dealt = sim.position, deal.position
    for seat in range(pos.n):
        if seat != me:
            pos.hands[seat] = dealt.hands[seat][:]
    pos.pile = dealt.pile[dealt.drawn :]
    pos.drawn = 0
    return sim


def play_round(sim: AncientGame, me: int, rng: random.Random) -> int | None:
    """Finish ``me``'s turn (a draw's discard) and play the other seats' turns carefully;
    return the seat that hit the target (``None``: nobody, and ``me`` is to move)."""
    if sim.to_move == me and sim.step == "start":
        sim.apply(AncientAction(DRAW))
        _discard(sim)
    elif sim.to_move == me and sim.step == "discard":
        _discard(sim)
    while sim.to_move is not None and sim.to_move != me:
        seat = sim.to_move
        if careful_turn(sim, rng):
            return seat
    return None
