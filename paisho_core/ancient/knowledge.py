"""What one seat knows of an Ancient game, and a deal consistent with it (a
*determinization*; ``rules.html#ancient-reading``, hidden hands).

A seat sees its own hand, the board, the discards, the size of every hand and of the
pile, and the tiles a Dragon took into another hand (R11) until that hand has played as
many of that kind.  Everything else — the rest of the others' hands and the pile — is
*unseen*: :func:`knowledge` lists it as a multiset, kind by kind, computed only from
what the seat sees (never from the hidden tiles themselves), and :func:`determinize`
deals it afresh at random into a copy of the game.  Two games that differ only in what
the seat cannot see give the same :class:`SeatKnowledge`, hence the same samples for the
same ``rng``: a computer that reads only samples cannot cheat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .position import AncientPosition
from .tiles import DRAINED, KINDS, POOL_COUNTS


class Dealt(Protocol):
    """What this module needs of a game (an :class:`~.game.AncientGame`, named so that
    the game may import this module without an import cycle)."""

    seed: int | None

    @property
    def position(self) -> AncientPosition:
        """The game's live position."""

    def copy(self: G) -> G:
        """An independent copy of the game."""


G = TypeVar("G", bound=Dealt)


@dataclass(frozen=True)
class SeatKnowledge:
    """Everything ``seat`` knows of the tiles (not the board, which is public)."""

    seat: int
    own: tuple[int, ...]
    """The seat's own hand, a count per kind (index 0 unused)."""
    known: tuple[tuple[int, ...], ...]
    """Per seat, the tiles everyone knows it holds (by kind); the seat's own is its hand."""
    hidden: tuple[int, ...]
    """Per seat, how many of its tiles ``seat`` cannot see (0 for itself)."""
    pile_left: int
    unseen: tuple[int, ...]
    """Every tile ``seat`` cannot see, kinds in order (others' hidden tiles and the pile)."""


def knowledge(game: Dealt, seat: int) -> SeatKnowledge:
    """The knowledge of ``seat`` in ``game``: built from the public board, discards,
    sizes and known tiles, and the seat's own hand only."""
    pos = game.position
    left = dict(POOL_COUNTS)
    for value in pos.cells:
        if value:
            left[value & ~DRAINED] -= 1
    for kind in pos.discards:
        left[kind] -= 1
    own = tuple(pos.hands[seat])
    known: list[tuple[int, ...]] = []
    hidden: list[int] = []
    for other in range(pos.n):
        row = own if other == seat else tuple(pos.known[other])
        known.append(row)
        for kind in KINDS:
            left[kind] -= row[kind]
        hidden.append(0 if other == seat else sum(pos.hands[other]) - sum(row))
    unseen = tuple(kind for kind in KINDS for _ in range(max(0, left[kind])))
    return SeatKnowledge(seat, own, tuple(known), tuple(hidden), pos.pile_left, unseen)


def determinize(game: G, seat: int, rng: random.Random) -> G:
    """A copy of ``game`` where every tile ``seat`` cannot see is dealt afresh from the
    unseen tiles (shuffled by ``rng``): the others' hands keep their sizes and their
    known tiles, the pile its length.  The copy has no seed (it no longer matches one).

    A hand-built position (:meth:`AncientGame.setup`) may hold fewer unseen tiles than
    the pool leaves: the surplus is simply not dealt; should the pool run short (tiles
    beyond the pool's counts), the missing ones are repeated from the unseen ones.
    """
    know = knowledge(game, seat)
    tiles = list(know.unseen)
    rng.shuffle(tiles)
    need = sum(know.hidden) + know.pile_left
    while len(tiles) < need:
        tiles.append(tiles[len(tiles) % len(know.unseen)] if know.unseen else KINDS[0])
    sample = game.copy()
    pos = sample.position
    at = 0
    for other in range(pos.n):
        if other == seat:
            continue
        row = list(know.known[other])
        for kind in tiles[at : at + know.hidden[other]]:
            row[kind] += 1
        at += know.hidden[other]
        pos.hands[other] = row
    pos.pile = tuple(tiles[at : at + know.pile_left])
    pos.drawn = 0
    sample.seed = None
    return sample
