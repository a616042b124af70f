"""Every word of the engine's tables a player reads: tile names and player (seat) names.

The engine names its tiles and seats in English (each variant's spec: ``tile_names``
and ``seats``, marked there with ``term("tile", …)`` / ``term("player", …)`` so Babel
extracts them with their context, ``msgctxt "tile"`` / ``"player"``); the page shows
them through :func:`tile` and :func:`player` (or :func:`paisho_page.i18n.word`, and an
engine message's ``term("tile", …)``), which look them up in the ``page`` catalog in
their context.  ``tests/page/test_terms.py`` fails when an engine table has a name that
no spec names.  A player's word is the engine's seat name capitalised (``host`` →
``Host``, ``P1``, ``player`` → ``Player``).  Pure.
"""

from __future__ import annotations

from paisho_core import registry
from paisho_page.i18n import word


def tile_names() -> tuple[str, ...]:
    """Every tile name of every registered variant (English, as the specs spell them)."""
    names = (m.template for s in registry.specs() for m in s.tile_names.values())
    return tuple(dict.fromkeys(names))


def seat_names() -> tuple[str, ...]:
    """Every seat name of every registered variant, capitalised as the page shows it."""
    return tuple(dict.fromkeys(m.template for s in registry.specs() for m in s.seats))


def tile(name: str) -> str:
    """A tile's name (``"Rose"``) in the active language."""
    return word("tile", name)


def player(name: str) -> str:
    """A seat's name from the engine (``"host"``, ``"P2"``) in the active language."""
    return word("player", name[:1].upper() + name[1:])
