"""Reading a whole Skud record in the reference notation (``rules.html#skud-notation``).

A record is plies joined by ``;`` (or line breaks), each ``N X.`` and a move, e.g.
``17G.(-1,-6)-(-1,-3)+W3(-8,0)``.  A ply is a whole turn, as in the reference
notation: a move written without a ``+`` bonus part took no bonus, so an Arrange that
earned a Harmony Bonus is followed by skipping it.  A bare trailing ``+`` (``…-(2,-5)+``)
leaves the bonus to be chosen: the same player stays to move (``rules.html#reading-notation``).

Strict reading (the default) refuses a bonus part where no bonus can be taken.  Lenient
reading accepts what the community's reference site accepts and ignores — a bonus
written on the ply that formed a Harmony Ring, or after a move that formed no new
harmony — and reports each as a note naming the ply.

A game played from a set-up position numbers its plies on from the position (see
:data:`SETUP_PLIES`).
"""

from __future__ import annotations

import re
from typing import Protocol

from ..errors import IllegalMove, InvalidMove, quote
from ..messages import Message, msg
from ..protocol import Outcome
from .actions import SKIP, SkudAction, parse_action


class PlyTarget(Protocol):
    """What a record is read onto: a :class:`~paisho_core.skud.game.SkudGame` (the
    reader needs only these, so it does not import the game that uses it)."""

    @property
    def plies(self) -> int:
        """Whole turns played so far."""

    @property
    def bonus_pending(self) -> bool:
        """True while the mover still chooses (or skips) a Harmony Bonus."""

    @property
    def custom_start(self) -> bool:
        """True for a game that started from a set-up position."""

    def apply(self, action: SkudAction) -> None:
        """Play ``action`` or raise :class:`IllegalMove`."""

    def resign(self) -> None:
        """The player to move resigns."""

    def outcome(self) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""

MAX_TEXT = 200_000
"""Longest game text read (characters)."""

PLY_RE = re.compile(r"\s*(\d+)\s*([HG])\s*\.\s*(.*?)\s*", re.S)
"""One ply: move number, ``H``/``G``, the dot, and the body."""


SETUP_PLIES = 4
"""The imaginary opening plies before a set-up position with the Guest to move (``0H``,
``0G``, ``1G``, ``1H``: its first ply is ``2G``); with the Host to move there is one more
(its first ply is ``2H``), so a ply's letter always names its player."""


def ply_prefix(ply: int) -> str:
    """The reference prefix of the ``ply``-th ply (0-based): ``0H``, ``0G``, ``1G``, ``1H``…"""
    if ply < 2:
        return "0H" if ply == 0 else "0G"
    return f"{(ply - 2) // 2 + 1}{'G' if ply % 2 == 0 else 'H'}"


def _parse(text: str, where: Message) -> SkudAction:
    """Parse one action; a malformed one names the ply it is in."""
    try:
        return parse_action(text)
    except InvalidMove as error:
        raise InvalidMove(msg("{where}: {error}", where=where, error=error.message)) from None


def _split(body: str) -> tuple[str, str]:
    """A ply's body as (move, bonus part starting with ``+``/``_``, or ``""``)."""
    cut = min((body.find(c) for c in "+_" if c in body), default=-1)
    return (body, "") if cut < 0 else (body[:cut], body[cut:])


def _bare(bonus: str) -> bool:
    """True for a bonus part that is only the ``+`` (the bonus is still to be chosen)."""
    return bonus.strip() in ("+", "_")


def _unplayable_bonus(game: PlyTarget, bonus: str, where: Message, lenient: bool) -> str:
    """A bonus part written where no bonus can be taken: the note, or raise if strict."""
    shown = "+" if _bare(bonus) else bonus.strip()
    outcome = game.outcome()
    if outcome is not None:
        if outcome.reason == "harmony-ring":
            strict = msg("the game ended with this move's Harmony Ring, so no bonus follows (R8)")
            note = "the game ended with a Harmony Ring; the bonus written after it is not played"
        else:
            strict = msg("the game ended with this move, so no bonus follows")
            note = "the game ended with this move; the bonus written after it is not played"
    else:
        strict = msg("no Harmony Bonus was earned by this move (R4)")
        note = f"bonus {quote(shown)} ignored — this move formed no new harmony"
    if not lenient:
        raise IllegalMove(msg("{where}: {bonus} — {reason}", where=where, bonus=quote(shown),
                              reason=strict))
    if not _bare(bonus):
        _parse(bonus, where)  # set aside, but it must still be notation
    return f"{where}: {note}"


def _old_setup_numbering(game: PlyTarget, found: str) -> bool:
    """True when a record played from a set-up position with the Host to move starts
    with the number an older writer gave it (``2G``, as if the Guest moved: the page's
    saves of such games keep reading, their plies renumbered one back)."""
    return game.custom_start and game.plies == SETUP_PLIES + 1 and found == ply_prefix(
        SETUP_PLIES
    )


def read_plies(game: PlyTarget, text: str, lenient: bool = False) -> list[str]:
    """Play ``;``-separated plies (with their prefixes) onto ``game``.

    Each ply is a whole turn (see the module docstring).  Malformed text raises
    :class:`InvalidMove` and an illegal ply :class:`IllegalMove`, both naming the ply.
    Returns what lenient reading set aside, one line per ply (always empty when strict).
    """
    if len(text) > MAX_TEXT:
        raise InvalidMove(msg("the game text is too long: {length} characters (at most {limit})",
                              length=len(text), limit=MAX_TEXT))
    notes: list[str] = []
    shift = 0  # 1: an older record of a set-up game with the Host to move (see below)
    plies = [p for p in text.replace("\r", "\n").replace("\n", ";").split(";") if p.strip()]
    for i, ply in enumerate(plies):
        match = PLY_RE.fullmatch(ply)
        if match is None:
            raise InvalidMove(msg(
                "ply {ply}: not a ply: {text} (expected e.g. '3G.(8,0)-(3,0)')",
                ply=game.plies + 1, text=quote(ply.strip()),
            ))
        body = match.group(3)
        if game.bonus_pending and body != "resign":
            game.apply(SkudAction(SKIP))  # a bonus left open by a bare '+' was not taken
        expected = ply_prefix(game.plies - shift)
        found = f"{int(match.group(1))}{match.group(2)}"
        if found != expected and i == 0 and _old_setup_numbering(game, found):
            shift, expected = 1, found
        if found != expected:
            raise IllegalMove(msg(
                "ply {ply}: expected {expected}. but found {found}. in {text}",
                ply=game.plies + 1, expected=expected, found=found, text=quote(ply.strip()),
            ))
        if body == "resign":
            if i != len(plies) - 1:
                raise IllegalMove(msg("ply {ply}: moves after a resignation", ply=game.plies + 1))
            game.resign()
            continue
        where = msg("ply {ply} ({prefix})", ply=game.plies + 1, prefix=expected)
        base, bonus = _split(body)
        game.apply(_parse(base, where))
        if not bonus:
            if game.bonus_pending:
                game.apply(SkudAction(SKIP))  # no bonus part: no bonus taken
        elif not game.bonus_pending:
            notes.append(_unplayable_bonus(game, bonus, where, lenient))
        elif not _bare(bonus):
            game.apply(_parse(bonus, where))
        # else: a bare '+' leaves the bonus to be chosen
    return notes
