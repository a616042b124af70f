"""Balance Pai Sho: the seeded solitaire of the rules page, ``rules.html#balance`` (R1–R6).

Rule decisions beyond the rulings:

* **Gates.**  A Gate is only a placement limit here: only a Sky Bison may be placed on
  one (and a Sky Bison may go anywhere else too).  A Gate does not block lines, and a
  tile on a Gate interacts like any other tile (Skud's "a Growing flower forms no
  harmony" belongs to Skud's planting, which Balance does not have).  An empty Gate can
  never stand strictly between two tiles: each Gate ends the Avatar ray it lies on and
  the other line through it holds no other placeable point.  So the only effect of the
  choice is that a Sky Bison on a Gate counts.
* **Interactions** are per pair of tiles, counted once: two tiles on one row or column
  with no tile between, and the Avatar with the first tile along each diagonal.  Other
  tiles never interact along diagonals.
* **Failure** is decided as soon as the tile is drawn: when it has no legal point, the
  game is over (score 0) and ``drawn`` still names that tile.
* **Seeds** are integers ``0 <= seed < 2**53``; the bag is a SplitMix64 Fisher–Yates
  shuffle of ``BBBBDDDDSSSSKKKKPPLL`` (see :mod:`.bag`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import lazy_exports

if TYPE_CHECKING:
    from .action import Place
    from .game import BalanceGame, Counts, Preview

__all__ = [
    "BalanceGame",
    "Counts",
    "Place",
    "Preview",
]

__getattr__ = lazy_exports(__name__, {
    "BalanceGame": ".game",
    "Counts": ".game",
    "Place": ".action",
    "Preview": ".game",
})
"""The names above, each imported from its module on first use (the package and its
``spec`` import nothing else)."""
