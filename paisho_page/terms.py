"""Every word of the engine's tables a player reads: tile names and player (seat) names.

The engine names its tiles and seats in English (``paisho_core/*/tiles.py`` ``NAME`` /
``NAMES``, each game's ``players``); the page shows them through :func:`tile` and
:func:`player` (or :func:`paisho_page.i18n.word`, and an engine message's
``term("tile", …)``), which look them up in the ``page`` catalog in their context.
This module marks each of them with :func:`~paisho_page.i18n.NC_` so Babel extracts
them (``msgctxt "tile"`` / ``"player"``); ``tests/page/test_terms.py`` fails when an
engine table has a name missing here.  A player's word is the engine's seat name
capitalised (``host`` → ``Host``, ``P1``, ``player`` → ``Player``).  Pure.
"""

from __future__ import annotations

from paisho_page.i18n import NC_, word

TILES: tuple[str, ...] = (
    # flowers (Wiki, Skud, Ancient)
    NC_("tile", "Jasmine"),
    NC_("tile", "Lily"),
    NC_("tile", "White Jade"),
    NC_("tile", "Rose"),
    NC_("tile", "Chrysanthemum"),
    NC_("tile", "Rhododendron"),
    # non-flowers / accent tiles
    NC_("tile", "Knotweed"),
    NC_("tile", "Wheel"),
    NC_("tile", "Boat"),
    NC_("tile", "Rock"),
    NC_("tile", "Coin"),
    # special tiles
    NC_("tile", "White Dragon"),
    NC_("tile", "White Lotus"),
    NC_("tile", "Orchid"),
    NC_("tile", "Dragon"),
    NC_("tile", "Lotus"),
    # Balance
    NC_("tile", "Avatar"),
    NC_("tile", "Badgermole"),
    NC_("tile", "Sky Bison"),
    NC_("tile", "Koi"),
    NC_("tile", "Spirit"),
)
"""Every tile name of every variant (English, as the engine's tables spell them)."""

PLAYERS: tuple[str, ...] = (
    NC_("player", "Host"),
    NC_("player", "Guest"),
    NC_("player", "P1"),
    NC_("player", "P2"),
    NC_("player", "P3"),
    NC_("player", "P4"),
    NC_("player", "Player"),
)
"""Every seat name of every variant, capitalised as the page shows it."""


def tile(name: str) -> str:
    """A tile's name (``"Rose"``) in the active language."""
    return word("tile", name)


def player(name: str) -> str:
    """A seat's name from the engine (``"host"``, ``"P2"``) in the active language."""
    return word("player", name[:1].upper() + name[1:])
