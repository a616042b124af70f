"""What each tile kind of a variant is, as structured facts read off its tile tables.

Every variant package has a ``facts.py`` whose ``FACTS`` is a tuple of :class:`TileFacts`,
one per tile kind, built from the same tables its rules read (move ranges, harmony and
clash tables, entry tables), and whose ``WORDS`` (:class:`FactWords`) words the ids
local to the variant; :func:`paisho_core.registry.tile_facts` and
:func:`~paisho_core.registry.fact_words` find them by the variant's short name (its
spec's ``facts`` and ``fact_words``).  The facts hold no English beyond the tiles'
names: movement shapes, entry places and special powers are short stable ids (the
shapes are the constants below); the words are message templates the page translates
(``paisho_page/cards.py`` words a card from them, and the Rules page's tile tables are
generated from the same words, so the two cannot disagree).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .messages import Message

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


@dataclass(frozen=True)
class FactWords:
    """The words of a variant's tile facts: its entry and power ids, the Rules page's
    sections its tiles cite that are not numbered rulings, and its own names for the
    card's lines where they differ from the page's (``enters``, ``harmonises``,
    ``clashes``…), each a message template."""

    caption: Message
    """The caption of the variant's tile table on the Rules page."""
    entries: Mapping[str, Message]
    """Where a tile enters the board, by entry id (:attr:`TileFacts.enters`)."""
    powers: Mapping[str, Message]
    """A tile's special powers, by power id (:attr:`TileFacts.powers`)."""
    sections: Mapping[str, Message] = field(default_factory=dict)
    """Link texts of the Rules page's sections that are not numbered rulings, by anchor
    without the variant's prefix (``skud-accents`` → ``accents``)."""
    labels: Mapping[str, Message] = field(default_factory=dict)
    """The variant's own names of the card's lines (``enters``: "Placed")."""
