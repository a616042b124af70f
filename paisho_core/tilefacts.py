"""What each tile kind of a variant is, as structured facts read off its tile tables.

Every variant package has a ``facts.py`` whose ``FACTS`` is a tuple of :class:`TileFacts`,
one per tile kind, built from the same tables its rules read (move ranges, harmony and
clash tables, entry tables); :func:`paisho_core.registry.tile_facts` finds them by the
variant's short name (its spec's ``facts``).  There is no English here beyond the tiles'
names: movement shapes, entry places and special powers are short stable ids (the
constants below), which the page logic turns into plain words (``paisho_page/words/cards.py``,
with each variant's words in ``paisho_page/panels/<variant>_cards.py``), and the Rules
page's tile tables are generated from the same words, so the two cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- movement shapes -------------------------------------------------------------------
NONE = "none"
"""The tile never moves once on the board."""
PATH = "path"
"""Up to ``reach`` orthogonal steps through empty points, turning freely."""
STRAIGHT = "straight"
"""1 to ``reach`` points in one orthogonal direction, through empty points."""
ELL = "ell"
"""``reach`` points straight, then ``side`` points at a right angle (Ancient also allows
stopping after 1 or ``reach`` straight points: ``short_stops``)."""
FLY = "fly"
"""1 to ``reach`` points in one of the eight directions, flying over tiles."""
LEAP = "leap"
"""Exactly one of the distances in ``exact``, in one of the eight directions, jumping."""
JUMP = "jump"
"""1 to ``reach`` points in one orthogonal direction, jumping over tiles."""
SHAPES = frozenset({NONE, PATH, STRAIGHT, ELL, FLY, LEAP, JUMP})

UNLIMITED = -1
"""A ``reach`` with no limit but the board's edge."""


@dataclass(frozen=True)
class Movement:
    """How a tile moves: a shape id (:data:`SHAPES`) and its distances."""

    shape: str
    reach: int = 0
    """Most points it goes (:data:`UNLIMITED`: any distance); 0 when it does not move."""
    side: int = 0
    """For :data:`ELL`: the points of the second leg, at a right angle."""
    exact: tuple[int, ...] = ()
    """For :data:`LEAP`: the only distances allowed."""
    short_stops: bool = False
    """For :data:`ELL`: it may also stop after fewer straight points (Ancient's L)."""


@dataclass(frozen=True)
class TileFacts:
    """One tile kind of one variant, as the rules see it.

    ``enters`` and ``powers`` are ids local to the variant (see each ``facts.py``);
    ``harmonises`` and ``clashes`` are the codes of the kinds it pairs with (Balance:
    worth a harmony / a disharmony; Wiki: harmony / disharmony); ``rulings`` are anchors
    of ``rules.html`` and ``demos`` names of the demo library
    (``paisho_core/demos/<variant>.json``).
    """

    variant: str
    code: str
    name: str
    group: str
    """The kind's family id (``basic``, ``accent``, ``special``, ``white``, ``red`` …)."""
    count: int
    """How many a player owns (or the pool/bag holds, where tiles have no owner)."""
    move: Movement
    enters: tuple[str, ...]
    harmonises: tuple[str, ...]
    clashes: tuple[str, ...]
    powers: tuple[str, ...]
    rulings: tuple[str, ...]
    demos: tuple[str, ...]

