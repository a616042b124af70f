"""Which puzzle the Puzzles page opens, and the address that names it.

``puzzles.html#puzzle=<id>`` (or ``?puzzle=<id>``) opens one puzzle; an id no shipped
puzzle has gets a plain message and today's puzzle instead.  Without one, the page opens
today's puzzle until the reader has tried it, then the next puzzle for their rating
(:mod:`.pick`).  Nothing from the address reaches the page but a known puzzle's id.  Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from paisho_core.errors import PaiShoError
from paisho_core.puzzles import Puzzle, get_puzzle, puzzles
from paisho_page.learn.address import params as address_params
from paisho_page.words.i18n import _, describe

from . import pick
from .record import Record

KEYS = ("puzzle",)
"""The address's parameters the page reads."""


@dataclass(frozen=True)
class Choice:
    """A puzzle to open and what to tell the reader about it."""

    puzzle: Puzzle
    message: str = ""


def params(search: str, fragment: str) -> dict[str, str]:
    """``puzzle`` from the query, then the fragment (which wins)."""
    return address_params(search, fragment, KEYS)


def daily_id(day: int) -> str:
    """Today's puzzle (``day``: ``YYYYMMDD``), among every shipped puzzle."""
    found = pick.daily(day, puzzles())
    if found is None:
        raise LookupError("no puzzles are shipped")
    return found


def next_for(record: Record, variant: str | None = None) -> Puzzle:
    """The next puzzle for ``record``'s rating (of ``variant``, when given)."""
    every = puzzles()
    found = pick.next_puzzle(record.rating, {i: p.rating for i, p in every.items()},
                             record.tried, {i: p.variant for i, p in every.items()}, variant)
    return every[found] if found is not None else every[sorted(every)[0]]


def choose(wanted: Mapping[str, str], record: Record, day: int) -> Choice:
    """The puzzle to open for the address's ``wanted`` parameters."""
    ident = wanted.get("puzzle", "")
    message = ""
    if ident:
        try:
            return Choice(get_puzzle(ident))
        except PaiShoError as exc:
            message = _("{error}: today's puzzle is shown instead.").format(error=describe(exc))
            message = message[:1].upper() + message[1:]
    today = daily_id(day)
    if message or today not in record.tried:
        return Choice(get_puzzle(today), message)
    return Choice(next_for(record))


def fragment(puzzle: Puzzle) -> str:
    """The address fragment that opens ``puzzle``."""
    return f"#puzzle={puzzle.id}"
