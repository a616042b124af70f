"""What the board picture says: its name and every point's accessible name, as whole
phrases in one language.

The renderer (:mod:`paisho_core.render`) knows no language: it is handed a
:class:`BoardWords` value.  The default one, :data:`ENGLISH`, says what the board has
always said (``point (0,0), empty``, ``Host Rose R3 at (3,-2), drained, selected``); the
page builds one from its catalog (``paisho_page/words/board_words.py``), and the build does
the same for each language's pre-rendered boards.

Every phrase is a whole template, so a translator never gets glued fragments: a tile's
phrase per owning seat (``Host {tile} at {point}``; ``{owner} {tile} at {point}`` for any
other seat), one for a tile nobody owns, one for an empty point, and the words of a
point's states, which are a list (joined by :attr:`BoardWords.separator`).  A point's
name is built once per words object and kept (:meth:`BoardWords.cache`): a redraw looks
up ~250 names and formats only those of points whose tile changed.  Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape

CACHE_LIMIT = 20_000
"""Names kept per words object before the cache starts again (a long session's board
shows a few thousand (point, tile, state) combinations at most)."""


def _owned() -> dict[str, str]:
    return {"host": "Host {tile} at {point}", "guest": "Guest {tile} at {point}"}


def _states() -> dict[str, str]:
    return {
        "drained": "drained",
        "growing": "growing",
        "moved": "moved",
        "trapped": "trapped",
        "unmoved": "unmoved",
    }


@dataclass(frozen=True)
class BoardWords:
    """The board's words in one language (defaults: English).  Placeholders: ``{point}``
    (a point's notation, ``(3,-2)``), ``{tile}`` (a tile's name, ``Rose R3``),
    ``{owner}`` (a seat's name), ``{what}`` (what a click on the point does)."""

    board: str = "Pai Sho board"
    """The board's accessible name (``aria-label`` of the ``<svg>``)."""
    role: str = "board"
    """What the board is (its ``aria-roledescription``)."""
    empty: str = "point {point}, empty"
    """An empty point."""
    unowned: str = "{tile} at {point}"
    """A tile nobody owns (Ancient, Balance)."""
    owned: Mapping[str, str] = field(default_factory=_owned)
    """A tile owned by a seat, by the engine's seat name (``host``)."""
    other_owner: str = "{owner} {tile} at {point}"
    """A tile owned by a seat not in :attr:`owned` (``{owner}``: its :attr:`seats` name)."""
    seats: Mapping[str, str] = field(default_factory=dict)
    """Seat names for :attr:`other_owner`, by the engine's name capitalised (``P1``,
    ``Player``; missing: that name)."""
    tiles: Mapping[str, str] = field(default_factory=dict)
    """Tile names by their English name (``Rose``; missing: the English name)."""
    states: Mapping[str, str] = field(default_factory=_states)
    """A tile's states (the engine's flags: ``drained``…; missing: the flag itself)."""
    separator: str = ", "
    """Between a point's phrase and each of its states."""
    selected: str = "selected"
    """A point clicked in the action being built."""
    choosable: str = "can be chosen"
    """A point that is a legal next click."""
    choosable_as: str = "can be chosen: {what}"
    """A legal next click with what it does (a target mark's words)."""
    _cache: dict[object, str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def cache(self) -> dict[object, str]:
        """The escaped point names made so far with these words (emptied now and then:
        see :data:`CACHE_LIMIT`), for the renderer to look up and fill."""
        if len(self._cache) > CACHE_LIMIT:
            self._cache.clear()
        return self._cache

    def empty_name(self, point: object) -> str:
        """An empty point's name (not escaped)."""
        return self.empty.format(point=point)

    def tile_name_at(
        self, point: object, tile: str, owner: str | None, flags: Iterable[str] = ()
    ) -> str:
        """The name of ``point`` holding the tile named ``tile`` (already in this
        language) owned by seat ``owner`` (``None``: nobody), with its states
        ``flags`` (not escaped)."""
        if owner is None:
            text = self.unowned.format(tile=tile, point=point)
        elif owner in self.owned:
            text = self.owned[owner].format(tile=tile, point=point)
        else:
            seat = owner.capitalize()
            seat = self.seats.get(seat, seat)
            text = self.other_owner.format(owner=seat, tile=tile, point=point)
        for flag in sorted(flags):
            text += self.separator + self.states.get(flag, flag)
        return text

    def tile_word(self, english: str) -> str:
        """A tile's name (``Rose``) in this language."""
        return self.tiles.get(english, english)

    def selected_suffix(self) -> str:
        """What a selected point's name ends with (escaped)."""
        return escape(self.separator + self.selected)

    def choosable_suffix(self, what: str | None = None) -> str:
        """What a legal next click's name ends with, saying ``what`` it does if given
        (escaped)."""
        if what is None:
            return escape(self.separator + self.choosable)
        return escape(self.separator + self.choosable_as.format(what=what))


ENGLISH = BoardWords()
"""The board's words in English (what the CLI's, tests' and English pages' boards say)."""
