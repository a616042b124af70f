"""Hint sentences for Ancient, from the asking seat's view only (``rules.html#ancient``).

What Hard weighs (:func:`.hard.decide`), said plainly: an exact hit this turn, or the
count the chosen way to end the turn leaves and how often the next seat could then hit
it in the deals the seat can imagine.  Everything comes from the seat's determinizations:
the board, the seat's own hand, and hands the others *may* hold — never their real
tiles, so the sentences are the same whatever the others hold.  They are
:class:`~paisho_core.messages.Message` s (counts and shares nested), which the page shows
in its language.
"""

from __future__ import annotations

from ..messages import Message, msg, msgn, term
from . import hard
from .actions import DRAW, MOVE
from .game import AncientGame
from .tiles import NAMES


def _harmonies(n: int) -> Message:
    return msgn("{count} harmony", "{count} harmonies", n, count=n)


def _share(share: float) -> Message:
    return msg("about {percent} %", percent=round(100 * share))


def explain(game: AncientGame, coordinates: bool = True) -> list[Message]:
    """One to three sentences for the seat to move, as messages the page translates
    (their ``str()`` is the English); empty once the game is over.  The move is named in
    notation only with ``coordinates`` (otherwise as "this move": the hint that comes
    with the sentences names it in words and marks it on the board)."""
    seat = game.to_move
    if seat is None:
        return []
    names = [term("player", name.capitalize()) for name in game.players]  # P1, P2…
    target, count = game.target, game.harmonies
    lines = [msg("The board has {harmonies}; the target is exactly {target}.",
                 harmonies=_harmonies(count), target=target)]
    decision = hard.decide(game, hard.rng_for(game))
    action = decision.action
    if action is None:
        return lines
    text = game.format_action(action)
    nxt = names[(seat + 1) % len(names)]
    if decision.reason == "win":
        after = game.copy()
        after.apply(action)
        if after.outcome() is not None:
            lines.append(msg("{move} makes exactly {target}: {player} wins.",
                             move=text, target=target, player=names[seat]) if coordinates
                         else msg("This move makes exactly {target}: {player} wins.",
                                  target=target, player=names[seat]))
        else:
            lines.append(msg("{move}, then a move, makes exactly {target}: {player} wins.",
                             move=text, target=target, player=names[seat]) if coordinates
                         else msg("This move, then another, makes exactly {target}: {player}"
                                  " wins.", target=target, player=names[seat]))
    elif decision.reason == "discard":
        lines.append(msg("Discard one of the tiles you hold most of: {move}.", move=text)
                     if coordinates else
                     msg("Discard one of the tiles you hold most of: {tile}.",
                         tile=term("tile", NAMES[action.tile])))
    elif decision.reason == "vote" and decision.end_count is not None:
        end = _harmonies(decision.end_count)
        if action.kind == DRAW:
            what = msg("Drawing keeps {harmonies} on the board", harmonies=end)
        elif action.kind == MOVE:
            what = (msg("{move} would leave {harmonies}", move=text, harmonies=end)
                    if coordinates else msg("This move would leave {harmonies}", harmonies=end))
        else:
            what = (msg("A placement here ({move}), with its move, would leave {harmonies}",
                        move=text, harmonies=end) if coordinates else
                    msg("This placement, with its move, would leave {harmonies}",
                        harmonies=end))
        if decision.next_share:
            lines.append(msg("{outcome}: {player} could then hit {target} with {share} of the "
                             "hands they may hold.", outcome=what, player=nxt, target=target,
                             share=_share(decision.next_share)))
        else:
            lines.append(msg("{outcome}: none of the hands {player} may hold could then hit "
                             "{target}.", outcome=what, player=nxt, target=target))
        other = decision.other_share
        if other is not None and other > decision.next_share:
            if action.kind == DRAW:
                lines.append(msg("Placing instead would leave {player} a hit with {share} of "
                                 "them.", player=nxt, share=_share(other)))
            else:
                lines.append(msg("Drawing instead would leave {player} a hit with {share} of "
                                 "them.", player=nxt, share=_share(other)))
    return lines
