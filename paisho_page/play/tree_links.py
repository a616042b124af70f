"""The replay cursor's side lines and comments in links and saved games.

A game's tree of moves travels as :mod:`paisho_core.treelink` writes it: the game's own
link, then ``~`` and a checksummed extension holding the side lines, the comments and a
side line's move to open on.  :func:`tree_payload` makes that link (the address bar, the
Share dialog), :func:`restore` takes it back from a link the game was decoded from;
a saved game keeps only the extension (:func:`extension`, :func:`restore_extension`),
whose checksum binds it to the game's own link, so side lines are never read onto
another game.  Pure (tested under CPython).
"""

from __future__ import annotations

from paisho_core import link, treelink
from paisho_page.play.replay_cursor import ReplayCursor


def tree_payload(cursor: ReplayCursor, view: bool = True) -> str:
    """The cursor's game's link payload with its side lines and comments
    (:func:`paisho_core.treelink.encode_tree`; ``view``: opening on the position shown).
    The engine's :class:`~paisho_core.errors.InvalidLink` when the tree cannot be a
    link."""
    where = cursor.path if view and cursor.viewing else None
    return treelink.encode_tree(cursor.full_tree(), cursor.game.resigned, where)


def restore(cursor: ReplayCursor, text: str) -> bool:
    """Take the side lines, comments and view of the tree link ``text``, which the
    cursor's game was decoded from (:func:`paisho_core.link.decode`); whether it had
    any.  The engine's :class:`~paisho_core.errors.InvalidLink` (and nothing changed)
    when they are damaged."""
    read = treelink.side_lines(text, cursor.game)
    if read is None:
        return False
    cursor.adopt(*read)
    return True


def extension(cursor: ReplayCursor) -> str:
    """The side lines and comments as a saved game keeps them: the tree link's
    extension (after :data:`~paisho_core.link.EXTENSION_MARK`), bound by its checksum to
    the game's link; ``""`` when there are none.  The engine's
    :class:`~paisho_core.errors.InvalidLink` when they cannot be a link."""
    if not cursor.has_side_lines:
        return ""
    payload = treelink.encode_tree(cursor.full_tree(), cursor.game.resigned)
    return payload.partition(link.EXTENSION_MARK)[2]


def restore_extension(cursor: ReplayCursor, kept: str) -> bool:
    """Take the side lines and comments a saved game kept (:func:`extension`); whether
    there were any.  :class:`~paisho_core.errors.InvalidLink` (and nothing changed) when
    they are damaged or belong to another game."""
    if not kept:
        return False
    return restore(cursor, f"{link.encode(cursor.game)}{link.EXTENSION_MARK}{kept}")
