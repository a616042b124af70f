"""Skud Pai Sho, the flagship two-player variant (``rules.html#skud``)."""

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
from .game import OPTIONS, SkudGame
from .notation import ply_prefix

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
