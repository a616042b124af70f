"""Click tokens: how a page's clicks are named (see :meth:`Game.action_clicks`).

``point:(x,y)`` a board point, ``reserve:<code>`` a tile of the mover's reserve,
``accents:<codes>`` a choice of the accent chooser, ``turn:<way>`` which way a Wheel
turns (Wiki ``cw``/``ccw``, Ancient degrees), ``skip`` the skip button and ``draw``
Ancient's draw button.  Every variant builds its tokens here, never by hand.
"""

from __future__ import annotations

from .board import TEXT_OF, Point
from .errors import PaiShoError

POINT_PREFIX = "point:"
RESERVE_PREFIX = "reserve:"
ACCENTS_PREFIX = "accents:"
TURN_PREFIX = "turn:"
SKIP = "skip"
DRAW = "draw"

POINT_TOKENS: tuple[str, ...] = tuple(POINT_PREFIX + text for text in TEXT_OF)
"""The ``point:`` token of every board index (off-board indices too, never clicked):
what :func:`point_token` gives, looked up rather than built, for the variants' cell
indices."""


def point_token(point: Point | str) -> str:
    """The click token of a board point, ``point:(x,y)`` (``point``: a :class:`Point`,
    or its text as the page's ``data-point`` attributes hold it)."""
    return f"{POINT_PREFIX}{point}"


def reserve_token(code: str) -> str:
    """The click token of a reserve tile by its code, ``reserve:<code>``."""
    return RESERVE_PREFIX + code


def accents_token(text: str) -> str:
    """The click token of an accent choice written ``text``, ``accents:<text>``."""
    return ACCENTS_PREFIX + text


def turn_token(way: object) -> str:
    """The click token of a Wheel turn ``way`` (``cw``, ``ccw``, or degrees), ``turn:<way>``."""
    return f"{TURN_PREFIX}{way}"


def is_turn(token: str) -> bool:
    """Whether ``token`` is a Wheel turn's token (``turn:<way>``)."""
    return token.startswith(TURN_PREFIX)


def turn_way(token: str) -> str | None:
    """The way of a ``turn:<way>`` token (``cw``, ``ccw`` or degrees), else ``None``."""
    return token[len(TURN_PREFIX) :] if is_turn(token) else None


def reserve_code(token: str) -> str | None:
    """The tile code of a ``reserve:<code>`` token, else ``None``."""
    return token[len(RESERVE_PREFIX) :] if token.startswith(RESERVE_PREFIX) else None


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
