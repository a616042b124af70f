"""Hint sentences for Ancient, from the asking seat's view only (``rules.html#ancient``).

What Hard weighs, said plainly: whether an exact hit is there now, and what the board
would offer the next seat.  Everything is read from the seat's determinization
(:meth:`~.game.AncientGame.determinize`): the board, the seat's own hand, and hands the
next seat *may* hold — never another seat's real tiles.
"""

from __future__ import annotations

import random

from ..determinized import sample
from . import hard
from .game import AncientGame

SAMPLES = 24
"""Deals sampled to say how often the next seat could hit."""


def explain(game: AncientGame) -> list[str]:
    """One or two sentences for the seat to move; empty once the game is over."""
    seat = game.to_move
    if seat is None:
        return []
    rng = random.Random(f"advice:{len(game.history)}")
    view = sample(game, seat, rng)
    assert isinstance(view, AncientGame)
    names = view.players
    target, count = view.target, view.harmonies
    lines = [f"The board has {count} harmonies; the target is exactly {target}."]
    actions = view.legal_actions()
    win = hard._win_now(view, actions) if len(actions) > 1 or actions else None
    if win is not None:
        how = "a placement, then a move," if view.step == "start" and win.kind == 2 else ""
        if how and hard.counts.count_after(view.position, win) == target:
            how = ""
        lines.append(
            f"{names[seat]} can hit {target} now with {view.format_action(win)}"
            + (f" ({how.strip(',')})" if how else "") + "."
        )
        return lines
    nxt = (seat + 1) % len(names)
    here = hard.End(view.copy())
    hits = sum(here.hits(sample(view, seat, rng).position.hands[nxt]) for _ in range(SAMPLES))
    share = round(100 * hits / SAMPLES)
    if view.step == "move":
        lines.append(
            f"Whatever move ends this turn, mind the count it leaves: {names[nxt]} plays next."
        )
    if hits:
        lines.append(
            f"Leaving {count} harmonies, {names[nxt]} could then hit {target}"
            f" with about {share} % of the hands they may hold."
        )
    else:
        lines.append(
            f"Leaving {count} harmonies looks safe: none of the hands {names[nxt]} may hold"
            f" could hit {target} from here."
        )
    return lines
