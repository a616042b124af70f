"""The board picture's words in the page's language: the
:class:`~paisho_core.board_words.BoardWords` every board the page draws is rendered with
(the game page, the embed and its demos, the Studio), and the build's pre-rendered
boards of each language.

Each phrase is a whole message of the ``page`` catalog in context ``board`` (a
translator gets ``Host {tile} at {point}``, never ``Host`` and `` at `` apart); tile and
seat names are the words of :mod:`paisho_page.words.terms`.  The words are built once per
activated catalog and kept, so a redraw costs no catalog look-up, and the renderer's
cache of point names (kept on the words object) lives as long as the language.  In
English they are the engine's own :data:`~paisho_core.board_words.ENGLISH` (the very
object, whose cache the memory snapshot's warm-up render has filled already:
``tests/page/test_board_words.py``).  Pure.
"""

from __future__ import annotations

from paisho_core.board_words import ENGLISH, BoardWords
from paisho_page.words.i18n import _, pgettext, translation, word
from paisho_page.words.terms import seat_names, tile, tile_names

_BUILT: list[tuple[object, BoardWords]] = []


def board_words() -> BoardWords:
    """The board's words in the active language (the same object until the language
    changes)."""
    key = translation("page")
    if _BUILT and _BUILT[0][0] is key:
        return _BUILT[0][1]
    words = build_words()
    if words == ENGLISH:  # (the cache is no part of the comparison)
        words = ENGLISH
    _BUILT[:] = [(key, words)]
    return words


def build_words() -> BoardWords:
    """A new :class:`BoardWords` from the active ``page`` catalog (tile and seat names
    only where the language has its own)."""
    tiles = {name: tile(name) for name in tile_names()}
    seats = {name: word("player", name) for name in seat_names()}
    return BoardWords(
        board=_("Pai Sho board"),
        role=pgettext("board", "board"),
        empty=pgettext("board", "point {point}, empty"),
        unowned=pgettext("board", "{tile} at {point}"),
        owned={
            "host": pgettext("board", "Host {tile} at {point}"),
            "guest": pgettext("board", "Guest {tile} at {point}"),
        },
        other_owner=pgettext("board", "{owner} {tile} at {point}"),
        seats={name: shown for name, shown in seats.items() if shown != name},
        tiles={name: shown for name, shown in tiles.items() if shown != name},
        states={
            "drained": pgettext("board", "drained"),
            "growing": pgettext("board", "growing"),
            "moved": pgettext("board", "moved"),
            "trapped": pgettext("board", "trapped"),
            "unmoved": pgettext("board", "unmoved"),
        },
        separator=pgettext("list separator", ", "),
        selected=pgettext("board", "selected"),
        choosable=pgettext("board", "can be chosen"),
        choosable_as=pgettext("board", "can be chosen: {what}"),
    )
