"""Wiki actions in a version-2 link (:mod:`paisho_core.link`).

One digit per action: its index among the legal actions in *rules order*, radix = how
many there are (a forced action, e.g. a pass when nothing else is legal, costs
nothing).  Rules order sorts by, in turn: the type (entry, move, Boat push, Boat
carry, Wheel turn, pass — ``rules.html#wiki-notation``); the entering tile's kind in
the order of the tile codes ``Ja Li WJ Ro Ch Rh K W B R D L``, or the Wheel's
direction (clockwise first); the point the acting tile leaves; the point it ends on;
then the carried tiles' points.  Points are compared in point order (by row from
``y = -8``, then by ``x``).

The same size as version 1 (which sorted by notation text), but cheaper to read: no
action is formatted.
"""

from __future__ import annotations

from typing import Any

from ..linkcode import IndexCoder
from ..protocol import Game


def _ordered(game: Game[Any]) -> list[Any]:
    legal = game.legal_actions()
    legal.sort()
    return legal


CODER = IndexCoder(_ordered)
"""The Wiki coder (found by :func:`paisho_core.linkcode.coder_for`)."""
