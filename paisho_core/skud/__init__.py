"""Skud Pai Sho, the flagship two-player variant (``rules.html#skud``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import lazy_exports

if TYPE_CHECKING:
    from .actions import (
        ACCENTS,
        ARRANGE,
        BOAT_MOVE,
        BONUS_PLANT,
        PLACE_ACCENT,
        PLANT,
        SKIP,
        SkudAction,
        format_action,
        parse_action,
    )
    from .game import SkudGame
    from .notation import ply_prefix
    from .spec import OPTIONS

__all__ = [
    "ACCENTS",
    "ARRANGE",
    "BOAT_MOVE",
    "BONUS_PLANT",
    "OPTIONS",
    "PLACE_ACCENT",
    "PLANT",
    "SKIP",
    "SkudAction",
    "SkudGame",
    "format_action",
    "parse_action",
    "ply_prefix",
]

__getattr__ = lazy_exports(__name__, {
    "ACCENTS": ".actions",
    "ARRANGE": ".actions",
    "BOAT_MOVE": ".actions",
    "BONUS_PLANT": ".actions",
    "OPTIONS": ".spec",
    "PLACE_ACCENT": ".actions",
    "PLANT": ".actions",
    "SKIP": ".actions",
    "SkudAction": ".actions",
    "SkudGame": ".game",
    "format_action": ".actions",
    "parse_action": ".actions",
    "ply_prefix": ".notation",
})
"""The names above, each imported from its module on first use (the package and its
``spec`` import nothing else)."""
