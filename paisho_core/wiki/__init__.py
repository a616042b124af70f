"""Wiki Pai Sho (``rules.html#wiki``): the Russian fan rules for two, with rulings R1–R12."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import lazy_exports

if TYPE_CHECKING:
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

__getattr__ = lazy_exports(__name__, {
    "CARRY": ".actions",
    "CLOCKWISE": ".actions",
    "COUNTER_CLOCKWISE": ".actions",
    "ENTER": ".actions",
    "MOVE": ".actions",
    "PASS": ".actions",
    "PUSH": ".actions",
    "RESIGN": ".actions",
    "TURN": ".actions",
    "WikiAction": ".actions",
    "WikiGame": ".game",
    "format_action": ".actions",
    "parse_action": ".actions",
})
"""The names above, each imported from its module on first use (the package and its
``spec`` import nothing else)."""
