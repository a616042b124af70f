"""The values of position set-up (:mod:`paisho_core.setups`) and what a variant provides.

Kept apart from :mod:`paisho_core.setups` so that the registry and the variants'
``setups.py`` modules can name these types without importing the registry back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .board import POINT_OF, POINTS, Point
from .errors import PaiShoError
from .messages import Message, msg, term
from .protocol import Game
from .rings import find_ring

AnyGame = Game[Any]
Reserve = tuple[tuple[str, int], ...]
"""One seat's reserve (or hand): ``(code, count)`` pairs in the variant's tile order;
``("?", n)`` stands for ``n`` tiles the editor does not show (another seat's hidden hand)."""

HIDDEN = "?"
"""The code of tiles a seat holds that the set-up does not show (dealt when built)."""


class SetupError(PaiShoError):
    """A set-up the engine refuses: the message lists its problems in plain words
    (:func:`joined`)."""


@dataclass(frozen=True, order=True)
class Placed:
    """One tile on the board: where, which (its code), whose (``None``: nobody's)."""

    point: Point
    code: str
    owner: int | None = None
    flags: tuple[str, ...] = ()
    """States the rules give a tile that the board alone does not show (Wiki:
    ``unmoved``; Ancient: ``drained``)."""


@dataclass(frozen=True)
class Setup:
    """A position being set up (see the module docstring); build it with :func:`build`."""

    variant: str
    tiles: tuple[Placed, ...] = ()
    """The tiles, one per point, in point order (the edits keep it so)."""
    to_move: int = 0
    """The seat to move (0 = the first of ``game.players``)."""
    seats: int = 2
    reserves: tuple[Reserve, ...] | None = None
    """Each seat's reserve, or ``None`` for the variant's default."""
    pile: tuple[str, ...] | None = None
    """The draw pile, top first (Balance: the bag from the drawn tile on; Ancient: the
    pile), or ``None`` for the variant's default."""
    options: tuple[str, ...] = ()
    seed: int | None = None
    """Deals what the set-up leaves unseen (Ancient: others' hands and the pile)."""

    def at(self, point: Point) -> Placed | None:
        """The tile on ``point``, if any."""
        for tile in self.tiles:
            if tile.point == point:
                return tile
        return None

    def reserve(self, seat: int) -> dict[str, int] | None:
        """``seat``'s reserve as set (``None``: the default)."""
        if self.reserves is None or not 0 <= seat < len(self.reserves):
            return None
        return dict(self.reserves[seat])


@dataclass(frozen=True)
class PaletteTile:
    """A tile the editor may put down: its code, owner, name, how many exist, where."""

    code: str
    owner: int | None
    name: str
    count: int
    """How many of it the seat owns (or the pool or bag holds)."""
    points: frozenset[Point]
    """The points it may stand on (the rules' Gates and gardens)."""


@dataclass(frozen=True)
class ReserveTerms:
    """How the board editor speaks of what is not on the board, for one variant."""

    reserve: str = "reserve"
    """What a seat's tiles not yet played are called (``"hand"``)."""
    default: str = "everything not on the board"
    """The default reserves, in words."""
    pile: str = ""
    """What the draw pile the editor sets is called (``"bag"``); ``""``: the editor
    does not set the pile."""
    pile_default: str = ""
    """The default pile, in words."""


class SetupRules(Protocol):
    """What a variant provides for set-ups (its ``setups.py``'s ``RULES``)."""

    terms: ReserveTerms
    """How the editor names the reserves and the pile, and which of them it sets."""

    def palette(self, setup: Setup) -> tuple[PaletteTile, ...]:
        """Every tile of every seat, in the variant's tile order."""
        ...

    def empty(self, options: tuple[str, ...], seats: int | None) -> Setup:
        """An empty board (with what the variant always has on it)."""
        ...

    def standard(self, options: tuple[str, ...], seed: int | None, seats: int | None) -> Setup:
        """The position the variant's game starts from."""
        ...

    def of_game(self, game: AnyGame) -> Setup:
        """The set-up of a game's current position (hidden hands stay hidden)."""
        ...

    def reserves(self, setup: Setup) -> tuple[Reserve, ...]:
        """The reserves in effect: those set, or the default ones."""
        ...

    def reserve_codes(self, setup: Setup, seat: int) -> tuple[str, ...]:
        """The tile codes the editor offers in ``seat``'s reserve, in the variant's tile
        order (:data:`HIDDEN`: a count of tiles not shown); ``()``: the seat has no
        reserve to set."""
        ...

    def shown_pile(self, setup: Setup) -> tuple[str, ...] | None:
        """The draw pile in effect, top first, when the editor sets it
        (``terms.pile``); ``None`` otherwise."""
        ...

    def from_start(self, start: Mapping[str, Any], options: tuple[str, ...]) -> Setup:
        """The set-up a start mapping stands for (``{"setup": {…}}``, the keyword
        arguments of the variant's ``setup`` class method, or ``{"bag": …}``; its
        ``moves`` aside), every field read and typed; :class:`SetupError` naming the
        first field that is wrong (the rules' checks come after, in :meth:`problems`)."""
        ...

    def problems(self, setup: Setup) -> list[Message]:
        """Every problem of the set-up, one message each (before building)."""
        ...

    def build(self, setup: Setup) -> AnyGame:
        """The game of a set-up without problems."""
        ...

    def demo_start(self, setup: Setup) -> dict[str, Any]:
        """The demo JSON's keys for the set-up: ``start``, and ``options`` if any."""
        ...


# ----------------------------------------------------------------------------- helpers
def ring_problems(game: AnyGame, rule: str) -> list[Message]:
    """For variants won by a Harmony Ring: a ring already on the board, one message each."""
    out = []
    for owner, name in enumerate(game.players):
        ring = find_ring([(a, b) for a, b, o in game.harmony_lines() if o == owner])
        if ring:
            out.append(msg(
                "the {player} already has a Harmony Ring ({ring}): the game would be over"
                " ({rule})",
                player=term("player", name.capitalize()), ring=" ".join(map(str, ring)),
                rule=rule,
            ))
    return out


def cannot_stand(english: str, tile: Message, point: Point, why: Message) -> Message:
    """``a Rose cannot stand at (1,2): <why>``, the article chosen by ``english`` (the
    tile's English words: ``an Avatar``)."""
    if english[:1] in "AEIOU":
        return msg("an {tile} cannot stand at {point}: {reason}",
                   tile=tile, point=str(point), reason=why)
    return msg("a {tile} cannot stand at {point}: {reason}",
               tile=tile, point=str(point), reason=why)


def joined(problems: Sequence[Message]) -> Message:
    """Several problems as one message, separated by ``; `` (a list, not a sentence: its
    template is not extracted, and every problem is translated in its turn)."""
    out = problems[0]
    for more in problems[1:]:
        out = Message("{first}; {more}", (("first", out), ("more", more)))
    return out


def reserve_text(reserve: Mapping[str, int]) -> str:
    """A reserve in words for a message: ``R3×2, L×1`` (``nothing`` when empty)."""
    return ", ".join(f"{c}×{n}" for c, n in reserve.items() if n) or "nothing"


def ownerless_palette(
    kinds: Iterable[int],
    codes: Mapping[int, str] | Sequence[str],
    names: Mapping[int, str] | Sequence[str],
    counts: Mapping[int, int] | Sequence[int],
    refusal: Callable[[int, int], Message | None],
) -> tuple[PaletteTile, ...]:
    """The palette of a variant whose tiles belong to nobody (Ancient's pool, Balance's
    bag): each kind with its code, name and count, and the points where ``refusal(kind,
    point index)`` finds nothing to refuse."""
    return tuple(
        PaletteTile(
            codes[k],
            None,
            names[k],
            counts[k],
            frozenset(POINT_OF[p] for p in POINTS if refusal(k, p) is None),
        )
        for k in kinds
    )
