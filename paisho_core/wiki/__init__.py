"""Wiki Pai Sho (``rules.html#wiki``): the Russian fan rules for two, with rulings R1–R12."""

from .actions import (
    CARRY,
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    ENTER,
    MOVE,
    PASS,
    PUSH,
    RESIGN,
    TURN,
    WikiAction,
    format_action,
    parse_action,
)
from .game import WikiGame

__all__ = [
    "CARRY",
    "CLOCKWISE",
    "COUNTER_CLOCKWISE",
    "ENTER",
    "MOVE",
    "PASS",
    "PUSH",
    "RESIGN",
    "TURN",
    "WikiAction",
    "WikiGame",
    "format_action",
    "parse_action",
]
