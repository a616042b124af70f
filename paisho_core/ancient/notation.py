"""An Ancient record as text: ``turn.Pseat:action`` entries, ``;``-separated
(``rules.html#ancient``).

The record's header (players, seed, target and hand) is given apart; each entry is the
action's notation (:mod:`.actions`) after its turn and seat.  Writing lists the entries
of a game's history; reading plays them onto a game, checking every action through the
engine and every prefix against whose turn it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..errors import IllegalMove, InvalidMove, quote
from ..messages import msg
from .actions import AncientAction, format_action, parse_action, split_prefix


class Playing(Protocol):
    """What :func:`play_record` plays onto (an :class:`~.game.AncientGame`)."""

    @property
    def to_move(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @property
    def turn(self) -> int:
        """The turn being played (1 for the first)."""

    def apply(self, action: AncientAction) -> None:
        """Play ``action`` (checked)."""


def record_text(
    history: Iterable[AncientAction], entries: Iterable[tuple[int, int]]
) -> str:
    """The entries of ``history``, each with its ``(turn, seat)`` from ``entries``."""
    return ";".join(
        f"{turn}.P{seat + 1}:{format_action(a)}"
        for a, (turn, seat) in zip(history, entries, strict=True)
    )


def play_record(game: Playing, text: str) -> None:
    """Play record entries (``turn.Pseat:action``, prefixes checked) onto ``game``; raise
    :class:`~paisho_core.errors.InvalidMove` for an empty or malformed entry and
    :class:`~paisho_core.errors.IllegalMove` for a prefix that is not whose turn it is."""
    body = text.strip()
    if not body:
        return
    parts = body.split(";")
    if parts and not parts[-1].strip():
        parts.pop()  # a trailing ';'
    for n, part in enumerate(parts, 1):
        if not part.strip():
            raise InvalidMove(msg("empty entry {number} in the record", number=n))
        prefix, _ = split_prefix(part)
        action = parse_action(part)
        seat = game.to_move
        if prefix is not None and seat is not None and prefix != (game.turn, seat):
            raise IllegalMove(msg(
                "entry {number} {text}: it is turn {turn} of P{seat}",
                number=n, text=quote(part.strip()), turn=game.turn, seat=seat + 1,
            ))
        game.apply(action)
