"""What a lesson's goal reads off a position: the engine's own views, for every variant.

A goal (:mod:`.goals`) never looks inside a variant: it reads what the game protocol
shows every page — the tiles on the board with their owner and states
(:meth:`~paisho_core.protocol.Game.board_tiles`: ``growing``, ``drained``, ``trapped``,
``moved``), the harmonies (:meth:`~paisho_core.protocol.Game.harmony_lines`), the
outcome, the variant's own numbers (:meth:`~paisho_core.protocol.Game.extra_json`: a
score, its terms, a harmony count, a target) and the tile facts of the registry (names,
and which tiles drain or cancel the lines they stand on).  This module holds those
readings, and the areas of the board a goal may name.  Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..board import (
    CENTRE,
    GATES,
    IS_GATE,
    IS_NEUTRAL,
    IS_RED,
    IS_WHITE,
    POINT_OF,
    POINTS,
    SURROUNDING,
    WHOLLY_RED,
    WHOLLY_WHITE,
    Point,
)
from ..messages import Message, msg, term, text
from ..protocol import Game, TileView
from ..registry import tile_facts

AnyGame = Game[Any]

AREAS: dict[str, frozenset[Point]] = {
    "red-garden": frozenset(POINT_OF[p] for p in POINTS if WHOLLY_RED[p]),
    "white-garden": frozenset(POINT_OF[p] for p in POINTS if WHOLLY_WHITE[p]),
    "red": frozenset(POINT_OF[p] for p in POINTS if IS_RED[p] and not IS_GATE[p]),
    "white": frozenset(POINT_OF[p] for p in POINTS if IS_WHITE[p] and not IS_GATE[p]),
    "neutral": frozenset(
        POINT_OF[p] for p in POINTS if IS_NEUTRAL[p] and not (IS_RED[p] or IS_WHITE[p])
    ),
    "gate": frozenset(POINT_OF[p] for p in GATES),
    "centre": frozenset({POINT_OF[CENTRE]}),
}
"""The areas a goal may name: wholly inside a red or white garden, any point touching
a colour (Gates aside), the neutral ring only, the four Gates, the centre point."""


def area_words(name: str) -> Message:
    """Where an area is, in words (``in the red garden``)."""
    words = {
        "red-garden": msg("inside a red garden"),
        "white-garden": msg("inside a white garden"),
        "red": msg("on a point touching a red garden"),
        "white": msg("on a point touching a white garden"),
        "neutral": msg("on the neutral ring"),
        "gate": msg("in a Gate"),
        "centre": msg("on the centre point"),
    }
    return words.get(name, msg("on one of the marked points"))


@dataclass(frozen=True)
class Kinds:
    """A variant's tile names by code, and the codes of tiles with a power a goal's
    reasons mention."""

    names: Mapping[str, str]
    drains: frozenset[str]
    """Codes of tiles that drain the tiles around them (Skud's and Wiki's Knotweed)."""
    cancels: frozenset[str]
    """Codes of tiles that cancel the harmonies of their row and column (Skud's Rock,
    Ancient's Coin)."""


@cache
def kinds(variant: str) -> Kinds:
    """The tile names and powers of ``variant`` (from its tile facts)."""
    facts = tile_facts(variant)
    return Kinds(
        names={f.code: f.name for f in facts},
        drains=frozenset(f.code for f in facts if "drains" in f.powers),
        cancels=frozenset(f.code for f in facts if "cancels-lines" in f.powers),
    )


def tile_word(game: AnyGame, code: str) -> Message:
    """A tile's name as a term (``Rose``), or its code when the variant has no name."""
    name = kinds(game.info.name).names.get(code)
    return term("tile", name) if name is not None else text(code)


def owned_by(tile: TileView, seat: int) -> bool:
    """Whether ``tile`` counts as ``seat``'s: its own, or a tile nobody owns."""
    return tile.owner is None or tile.owner < 0 or tile.owner == seat


def tiles(game: AnyGame) -> dict[Point, TileView]:
    """Every tile on the board by its point."""
    return {t.point: t for t in game.board_tiles()}


def own_tiles(game: AnyGame, seat: int, code: str) -> list[TileView]:
    """``seat``'s tiles of ``code`` on the board (ownerless tiles count for everyone)."""
    return [t for t in game.board_tiles() if t.code == code and owned_by(t, seat)]


def harmonies(game: AnyGame, seat: int) -> frozenset[frozenset[Point]]:
    """``seat``'s harmonies (or the ownerless ones) as pairs of points."""
    return frozenset(
        frozenset((a, b)) for a, b, owner in game.harmony_lines() if owner < 0 or owner == seat
    )


def between(a: Point, b: Point) -> tuple[Point, ...]:
    """The points strictly between ``a`` and ``b`` on their row or column (none when
    they share neither)."""
    if a.x == b.x:
        low, high = sorted((a.y, b.y))
        return tuple(Point(a.x, y) for y in range(low + 1, high))
    if a.y == b.y:
        low, high = sorted((a.x, b.x))
        return tuple(Point(x, a.y) for x in range(low + 1, high))
    return ()


def line_points(a: Point, b: Point) -> Iterable[Point]:
    """Every point of the board on the row (``a.y == b.y``) or column they share."""
    if a.y == b.y:
        return (POINT_OF[p] for p in POINTS if POINT_OF[p].y == a.y)
    return (POINT_OF[p] for p in POINTS if POINT_OF[p].x == a.x)


def neighbours(point: Point) -> tuple[Point, ...]:
    """The 8 points around ``point`` that are on the board."""
    return tuple(POINT_OF[q] for q in SURROUNDING[point.index])


def numbers(game: AnyGame) -> dict[str, object]:
    """The variant's own numbers (:meth:`~paisho_core.protocol.Game.extra_json`)."""
    return game.extra_json()


def score(game: AnyGame, seat: int, of: str = "total") -> int | None:
    """``seat``'s number ``of`` (``total``: the score) as the engine counts it, or
    ``None`` where the variant has no such number.

    Read from the variant's numbers: a score per seat by term (``scores``: ``{seat's
    name: {term: n, "total": n}}``), a solitaire's ``score`` and ``counts``
    (``harmonies``, ``disharmonies``), or the board's ``harmony_count`` and
    ``disharmony_count``."""
    data = numbers(game)
    rows = data.get("scores")
    if isinstance(rows, dict):
        row = rows.get(game.players[seat])
        value = row.get(of) if isinstance(row, dict) else None
        return value if isinstance(value, int) else None
    if of == "total" and isinstance(data.get("score"), int):
        return int(str(data["score"]))
    counts = data.get("counts")
    if isinstance(counts, dict) and isinstance(counts.get(of), int):
        return int(counts[of])
    single = {"harmonies": "harmony_count", "disharmonies": "disharmony_count"}.get(of)
    value = data.get(single) if single is not None else None
    return value if isinstance(value, int) else None


def scored_by_term(game: AnyGame) -> bool:
    """Whether the variant scores each seat by term (its numbers hold ``scores``)."""
    return isinstance(numbers(game).get("scores"), dict)


def target(game: AnyGame) -> int | None:
    """The number of harmonies that wins, where the variant has one (Ancient's)."""
    value = numbers(game).get("target")
    return value if isinstance(value, int) else None
