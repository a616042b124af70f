"""Click tokens: how a page's clicks are named (see :meth:`Game.action_clicks`).

``point:(x,y)`` a board point, ``reserve:<code>`` a tile of the mover's reserve,
``accents:<codes>`` a choice of the accent chooser, ``skip`` the skip button.
"""

from __future__ import annotations

from .board import Point
from .errors import PaiShoError

POINT_PREFIX = "point:"
RESERVE_PREFIX = "reserve:"
ACCENTS_PREFIX = "accents:"
SKIP = "skip"


def point_token(point: Point) -> str:
    """The click token of a board point, ``point:(x,y)``."""
    return f"{POINT_PREFIX}{point}"


def token_point(token: str) -> Point | None:
    """The board point of a ``point:(x,y)`` token, or ``None`` for other tokens."""
    if not token.startswith(POINT_PREFIX):
        return None
    try:
        return Point.parse(token[len(POINT_PREFIX) :])
    except PaiShoError:
        return None


def accent_codes(token: str) -> list[str]:
    """The accent codes of an ``accents:`` token (``accents:R,W,K,B`` → R, W, K, B)."""
    text = token[len(ACCENTS_PREFIX) :] if token.startswith(ACCENTS_PREFIX) else token
    return [c.strip() for c in text.replace(" ", ",").split(",") if c.strip()]
