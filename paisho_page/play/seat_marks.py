"""What each player's panel says about the turn (pure Python, tested under CPython).

The seat to move is marked "to move"; a seat the computer plays is marked "thinking…"
while it is its turn, and then no reserve is offered to the person at the page (its
tiles are the computer's to play).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from paisho_page.words.i18n import N_, _

TO_MOVE = N_("to move")
THINKING = N_("thinking…")
"""The badges' words (English: :func:`seat_marks` translates them)."""


@dataclass(frozen=True)
class SeatMark:
    """One seat's mark: the badge's words, whether it is to move, and whether it is
    the computer thinking."""

    badge: str
    to_move: bool
    thinking: bool


def seat_marks(players: int, mover: int | None, computers: Collection[int]) -> tuple[SeatMark, ...]:
    """The mark of each of ``players`` seats, ``mover`` to move (``None``: nobody),
    ``computers`` the seats the computer plays."""
    out = []
    for seat in range(players):
        moving = seat == mover
        thinking = moving and seat in computers
        badge = _(THINKING) if thinking else _(TO_MOVE) if moving else ""
        out.append(SeatMark(badge, moving, thinking))
    return tuple(out)


def people_may_play(mover: int | None, computers: Collection[int]) -> bool:
    """Whether the person at the page may play now: a seat is to move and it is not
    one the computer plays (while it thinks, nothing is shown as playable)."""
    return mover is not None and mover not in computers
