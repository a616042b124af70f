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

from ..linkcode import GameOver, NotLegal, Take
from ..protocol import Game


def _ordered(game: Game[Any]) -> list[Any]:
    legal = game.legal_actions()
    legal.sort()
    return legal


class WikiCoder:
    """The Wiki action code of version-2 links (see the module docstring)."""

    def write(self, game: Game[Any], action: Any) -> list[tuple[int, int]]:
        """The digit of a legal ``action`` in ``game`` (before it is played)."""
        legal = _ordered(game)
        try:
            index = legal.index(action)
        except ValueError:
            raise NotLegal("the action is not legal") from None
        return [(index, len(legal))] if len(legal) > 1 else []

    def read(self, game: Game[Any], take: Take) -> Any:
        """The action the next digit names."""
        legal = _ordered(game)
        if not legal:
            raise GameOver("the game is over")
        return legal[take(len(legal))]

    def play(self, game: Game[Any], action: Any) -> None:
        """``game.apply(action)``."""
        game.apply(action)


CODER = WikiCoder()
"""The Wiki coder (found by :func:`paisho_core.linkcode.coder_for`)."""
