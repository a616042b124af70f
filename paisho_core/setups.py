"""Position set-up for the Studio's board editor: a typed value, checked in plain words.

Variant-neutral: a :class:`Setup` holds the tiles per point (with their owner, if tiles
have one), the seat to move, the seats' reserves (``None``: the variant's default,
everything not on the board) and, for variants that draw, the draw pile.  Each variant
implements :class:`SetupRules` in its package (``skud/setups.py``, …) and the registry
finds it by short name (:func:`paisho_core.registry.setup_rules`), so the page never
names a variant.  What the page calls:

* :func:`empty`, :func:`standard`, :func:`of_game` (the position of any step of a game)
  — where an editor starts;
* :func:`palette` — every tile a seat may put down, its name, how many exist and the
  points it may stand on (read off the engine's tables, never written by hand);
* :func:`put`, :func:`remove`, :func:`move`, :func:`set_mover`, :func:`set_reserve`,
  :func:`default_reserves`, :func:`set_pile` — edits, pure functions returning a new
  value.  Flipping the board is the view's business: a set-up has no orientation (the
  page turns the drawing as the embed does for ``orient=guest``);
* :func:`terms`, :func:`reserve_codes`, :func:`shown_pile`, :func:`parse_pile` — what
  the editor offers besides the board (each seat's reserve or hand, the draw pile it
  sets) and how it names them, so that one reserves editor serves every variant;
* :func:`from_start` — the set-up a start mapping (a link's, a save's, a demo's) stands
  for, each field read and typed, so it is checked as a Studio position is;
* :func:`check` — every problem as a message naming the point or the tile
  (:mod:`paisho_core.messages`: English ``"4 Guest Rose (R3) on the board: at most 3
  (skud-tiles)"``, translated by the page), empty when the position can be played;
* :func:`build` — the position as a :class:`~paisho_core.protocol.Game` to play or
  analyse from, or :class:`SetupError` with the problems;
* :func:`demo_start` — the ``start`` (and ``options``) of a demo's JSON for the
  position, so a Studio position can be a demo and shared by
  :mod:`paisho_core.demolink`.

The checks are the rules' real constraints (counts of each tile, Gates, gardens, clashes,
a game already over); a position that passes them may still be one that no game
reaches (the engine plays on from it all the same).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from . import setup_check, starts
from .board import Point
from .messages import Message, msg
from .registry import setup_rules
from .setup_model import (
    HIDDEN,
    AnyGame,
    PaletteTile,
    Placed,
    Reserve,
    ReserveTerms,
    Setup,
    SetupError,
    SetupRules,
)

__all__ = [
    "HIDDEN",
    "PaletteTile",
    "Placed",
    "Reserve",
    "ReserveTerms",
    "Setup",
    "SetupError",
    "SetupRules",
    "build",
    "check",
    "default_reserves",
    "demo_start",
    "empty",
    "from_start",
    "move",
    "of_game",
    "palette",
    "parse_pile",
    "points_for",
    "put",
    "remove",
    "reserve_codes",
    "reserves",
    "set_mover",
    "set_pile",
    "set_reserve",
    "shown_pile",
    "standard",
    "terms",
]


# ----------------------------------------------------------------------------- starts
def empty(variant: str, options: Iterable[str] = (), seats: int | None = None) -> Setup:
    """An empty board of ``variant`` (its fixed pieces only), the first seat to move."""
    return setup_rules(variant).empty(tuple(options), seats)


def standard(
    variant: str, options: Iterable[str] = (), seed: int | None = None, seats: int | None = None
) -> Setup:
    """The position a new game of ``variant`` starts from (reserves left as the default
    when they are).  Skud's has no accent tile: a set-up starts in the main phase, so
    set the chosen accent tiles in the reserves (or play a new game for the choice)."""
    return _normal(setup_rules(variant), setup_rules(variant).standard(tuple(options), seed, seats))


def _normal(rules: SetupRules, setup: Setup) -> Setup:
    if setup.reserves is not None and setup.reserves == rules.reserves(
        replace(setup, reserves=None)
    ):
        return replace(setup, reserves=None)
    return setup


def of_game(game: AnyGame) -> Setup:
    """The set-up of ``game``'s current position ("edit from this step"); reserves equal
    to the default are left as the default, so later edits keep them in step."""
    rules = setup_rules(game.info.name)
    return _normal(rules, rules.of_game(game))


def palette(setup: Setup) -> tuple[PaletteTile, ...]:
    """Every tile the editor offers for ``setup``'s variant, options and seats."""
    return setup_rules(setup.variant).palette(setup)


def points_for(setup: Setup, code: str, owner: int | None) -> frozenset[Point]:
    """The points where ``owner``'s ``code`` may stand (empty for an unknown tile)."""
    for tile in palette(setup):
        if tile.code == code and tile.owner == owner:
            return tile.points
    return frozenset()


def reserves(setup: Setup) -> tuple[Reserve, ...]:
    """The reserves in effect (the default ones when none are set)."""
    return setup_rules(setup.variant).reserves(setup)


def terms(setup: Setup) -> ReserveTerms:
    """How the editor names ``setup``'s reserves and pile, and whether it sets the pile."""
    return setup_rules(setup.variant).terms


def reserve_codes(setup: Setup, seat: int) -> tuple[str, ...]:
    """The tile codes the editor offers in ``seat``'s reserve (:data:`HIDDEN`: a count of
    tiles not shown, another seat's hidden hand); ``()`` when there is none to set."""
    return setup_rules(setup.variant).reserve_codes(setup, seat)


def shown_pile(setup: Setup) -> tuple[str, ...] | None:
    """The draw pile in effect, top first, when the editor sets it; else ``None``."""
    return setup_rules(setup.variant).shown_pile(setup)


def parse_pile(setup: Setup, text: str) -> tuple[str, ...]:
    """The tile codes of a typed pile, top first: separated by spaces or commas, and a
    run of codes without separators read longest code first (``"SKD"``); what is no
    tile of the palette is kept as typed, for :func:`check` to name."""
    codes = sorted({t.code for t in palette(setup)}, key=len, reverse=True)
    out: list[str] = []
    for word in text.replace(",", " ").split():
        rest = word
        while rest:
            code = next((c for c in codes if rest.startswith(c)), None)
            if code is None:
                out.append(rest)
                break
            out.append(code)
            rest = rest[len(code) :]
    return tuple(out)


# ----------------------------------------------------------------------------- edits
def _sorted(tiles: Iterable[Placed]) -> tuple[Placed, ...]:
    return tuple(sorted(tiles, key=lambda t: (-t.point.y, t.point.x)))


def put(
    setup: Setup, point: Point, code: str, owner: int | None = None, flags: Iterable[str] = ()
) -> Setup:
    """``setup`` with ``owner``'s ``code`` on ``point`` (replacing what stood there)."""
    kept = [t for t in setup.tiles if t.point != point]
    placed = Placed(point, code, owner, tuple(sorted(set(flags))))
    return replace(setup, tiles=_sorted([*kept, placed]))


def remove(setup: Setup, point: Point) -> Setup:
    """``setup`` without the tile on ``point`` (unchanged if there is none)."""
    return replace(setup, tiles=tuple(t for t in setup.tiles if t.point != point))


def move(setup: Setup, src: Point, dst: Point) -> Setup:
    """``setup`` with the tile of ``src`` on ``dst`` (replacing what stood there);
    :class:`SetupError` if ``src`` is empty."""
    tile = setup.at(src)
    if tile is None:
        raise SetupError(msg("there is no tile at {src} to move", src=str(src)))
    if src == dst:
        return setup
    kept = [t for t in setup.tiles if t.point not in (src, dst)]
    return replace(setup, tiles=_sorted([*kept, replace(tile, point=dst)]))


def set_mover(setup: Setup, seat: int) -> Setup:
    """``setup`` with ``seat`` to move (checked by :func:`check`)."""
    return replace(setup, to_move=seat)


def set_reserve(setup: Setup, seat: int, code: str, count: int) -> Setup:
    """``setup`` with ``count`` of ``code`` in ``seat``'s reserve (the other reserves
    as they are in effect); :class:`SetupError` for a seat that does not exist."""
    current = [dict(r) for r in reserves(setup)]
    if not 0 <= seat < len(current):
        raise SetupError(msg("there is no seat {seat} (seats: 1 to {count})", seat=seat + 1,
                             count=len(current)))
    current[seat][code] = count
    order = [t.code for t in palette(setup)] + [HIDDEN]
    rank = {c: i for i, c in enumerate(dict.fromkeys(order))}

    def key(item: tuple[str, int]) -> tuple[int, str]:
        return (rank.get(item[0], len(rank)), item[0])

    return replace(
        setup,
        reserves=tuple(
            tuple(sorted(((c, n) for c, n in r.items() if n), key=key)) for r in current
        ),
    )


def default_reserves(setup: Setup) -> Setup:
    """``setup`` with the default reserves again (everything not on the board)."""
    return replace(setup, reserves=None)


def set_pile(setup: Setup, pile: Iterable[str] | None) -> Setup:
    """``setup`` with this draw pile, top first (``None``: the default)."""
    return replace(setup, pile=None if pile is None else tuple(pile))


# ----------------------------------------------------------------------------- check, build
def check(setup: Setup) -> list[Message]:
    """Every problem of ``setup``, one message each (``str()``: its English sentence,
    uncapitalised; a page renders it in its language); ``[]`` when it can be played
    (:func:`paisho_core.setup_check.check`: the one checker of links, saves and the
    Studio)."""
    return setup_check.check(setup)


def build(setup: Setup) -> AnyGame:
    """The game of ``setup``, to play or analyse from; :class:`SetupError` with every
    problem (joined by ``"; "``) when the engine refuses it."""
    game = setup_check.checked_game(setup)
    return starts.mark(game, setup_rules(setup.variant).demo_start(setup)["start"])


def from_start(
    variant: str, start: Mapping[str, Any], options: Iterable[str] = ()
) -> Setup:
    """The set-up of a start mapping (a demo's or a link's ``{"setup": …}`` or
    ``{"bag": …}``), read field by field; :class:`SetupError` naming a bad field."""
    return setup_check.from_start(variant, start, tuple(options))


def demo_start(setup: Setup) -> dict[str, Any]:
    """The demo JSON keys of ``setup``: ``start`` (and ``options`` when set), checked.

    Merge them into a demo object (``{"variant": …, "name": …, **demo_start(s), …}``)
    to make a demo or a link of the position.
    """
    build(setup)
    return setup_rules(setup.variant).demo_start(setup)
