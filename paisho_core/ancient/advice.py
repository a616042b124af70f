"""Hint sentences for Ancient, from the asking seat's view only (``rules.html#ancient``).

What Hard weighs (:func:`.hard.decide`), said plainly: an exact hit this turn, or the
count the chosen way to end the turn leaves and how often the next seat could then hit
it in the deals the seat can imagine.  Everything comes from the seat's determinizations:
the board, the seat's own hand, and hands the others *may* hold — never their real
tiles, so the sentences are the same whatever the others hold.
"""

from __future__ import annotations

from . import hard
from .actions import DRAW, MOVE
from .game import AncientGame


def _harmonies(n: int) -> str:
    return f"{n} harmony" if n == 1 else f"{n} harmonies"


def _share(share: float) -> str:
    return f"about {round(100 * share)} %"


def explain(game: AncientGame) -> list[str]:
    """One to three sentences for the seat to move; empty once the game is over."""
    seat = game.to_move
    if seat is None:
        return []
    names = game.players
    target, count = game.target, game.harmonies
    lines = [f"The board has {_harmonies(count)}; the target is exactly {target}."]
    decision = hard.decide(game, hard.rng_for(game))
    action = decision.action
    if action is None:
        return lines
    text = game.format_action(action)
    nxt = names[(seat + 1) % len(names)]
    if decision.reason == "win":
        after = game.copy()
        after.apply(action)
        how = "" if after.outcome() is not None else ", then a move,"
        lines.append(f"{text}{how} makes exactly {target}: {names[seat]} wins.")
    elif decision.reason == "discard":
        lines.append(f"Discard one of the tiles you hold most of: {text}.")
    elif decision.reason == "vote" and decision.end_count is not None:
        end = decision.end_count
        if action.kind == DRAW:
            what = f"Drawing keeps {_harmonies(end)} on the board"
        elif action.kind == MOVE:
            what = f"{text} would leave {_harmonies(end)}"
        else:
            what = f"A placement here ({text}), with its move, would leave {_harmonies(end)}"
        if decision.next_share:
            lines.append(f"{what}: {nxt} could then hit {target} with"
                         f" {_share(decision.next_share)} of the hands they may hold.")
        else:
            lines.append(f"{what}: none of the hands {nxt} may hold could then hit {target}.")
        other = decision.other_share
        if other is not None and other > decision.next_share:
            instead = "Placing instead" if action.kind == DRAW else "Drawing instead"
            lines.append(f"{instead} would leave {nxt} a hit with {_share(other)} of them.")
    return lines
