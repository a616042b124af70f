"""Ancient Pai Sho: 2–4 seats, secret hands, an exact target (``rules.html#ancient``).

Rule decisions beyond the rulings R1–R12 (documented on the rules page):

* **Knotweed** drains the flowers on the 8 points around it when it is placed, for good
  (a one-time effect, as the seed lists it); flowers that come next to it later are not
  drained.  A drained flower never moves, is never turned by a Wheel, displaced by a
  Boat or taken by a Dragon, and blocks lines.
* **Boat** must be placed onto a tile that is not drained (R10 over R5's "special tiles
  on any empty point").
* **Wheel**: a ring with no tile (or with a Coin or a drained tile) allows only ``@0``.
* **Coin / Lotus** act on the row and the column they stand on, wherever the pair is on
  that line (R7, R8); the centre piece acts like any placed tile except that a Boat,
  Wheel or Knotweed there had no placement effect (R12).
* **Seeds** are ``0 <= seed < 2**53``; the deal is described in :mod:`.deal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import lazy_exports

if TYPE_CHECKING:
    from .actions import AncientAction
    from .deal import PRESETS
    from .game import AncientGame

__all__ = [
    "PRESETS",
    "AncientAction",
    "AncientGame",
]

__getattr__ = lazy_exports(__name__, {
    "AncientAction": ".actions",
    "AncientGame": ".game",
    "PRESETS": ".deal",
})
"""The names above, each imported from its module on first use (the package and its
``spec`` import nothing else)."""
