"""The one guard at every way a game leaves the page, for games with hidden hands.

A running game with hidden hands (:func:`hides_hands`: the engine's ``hidden_hands``,
e.g. Ancient, not over) must not leave the page in a form that deals its hands: its
link (and its record) carry the deal's seed, from which every hand and the pile's
order follow.  Every way out of the page that writes a game is an :class:`Exit`, and
:func:`guard` says what may leave by it and what the person is told
(:class:`Verdict`).  The page makes what leaves through this module too
(:func:`link_for`, :func:`diagram_view`, :func:`notation`), so no exit writes a game
without asking the guard.  For a running game with hidden hands:

=================  ==========================================================
exit               what leaves
=================  ==========================================================
``ADDRESS``        nothing: no fragment (a reload resumes the sealed autosave)
``HISTORY``        nothing: no entry holds a link (``replaceState`` writes the
                   address's own)
``SHARE``          the link, made only when the person asks, after a warning
``EMBED``          nothing: no snippet (an embed is for publishing, and its
                   ``mode=try`` would show hands); the dialog says why
``STUDIO``         nothing: no "Edit this position in the Studio" entry
``KEPT``           nothing: not kept aside (it stays in Your games, sealed)
``NOTATION``       the public record: the actions, which name only tiles played,
                   discarded or drawn unseen (``draw``), never a hand or the pile
``DIAGRAM``        the board alone, with the last action's points (no selected
                   hand tile, no legal points of one)
=================  ==========================================================

Every other game, and a finished one (its hands are shown), leaves by every exit in
full.  Pure (tested under CPython).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from paisho_core import link
from paisho_core.render import RenderView
from paisho_core.treetext import write_tree
from paisho_page.play.tree_links import tree_payload
from paisho_page.sharing.notation import export_notation
from paisho_page.words.i18n import N_, _

AnyGame = Any


class Exit(enum.Enum):
    """A way out of the page that writes a game."""

    ADDRESS = "address"
    """The address bar's fragment."""
    HISTORY = "history"
    """The browser's history entries (``pushState`` / ``replaceState``)."""
    SHARE = "share"
    """The Share dialog's link (and the clipboard)."""
    EMBED = "embed"
    """The Embed dialog's snippet and the embed page's link in it."""
    STUDIO = "studio"
    """The Share dialog's "Edit this position in the Studio" entry."""
    KEPT = "kept"
    """A game kept aside in storage when another replaces it on the page."""
    NOTATION = "notation"
    """The Notation dialog's export (and the clipboard)."""
    DIAGRAM = "diagram"
    """The Embed dialog's standalone SVG download."""


class Leaves(enum.Enum):
    """How much of a game may leave by an exit."""

    ALL = "all"
    """The whole game, its link included."""
    ON_REQUEST = "on-request"
    """The whole game, but only once the person asks for it (after the warning)."""
    PUBLIC = "public"
    """What every seat sees only (the board, the actions)."""
    NOTHING = "nothing"
    """Nothing at all."""


@dataclass(frozen=True)
class Verdict:
    """What may leave the page by one exit, and what the person is told."""

    leaves: Leaves
    notice: str = ""
    """The words shown by the exit (translated; ``""``: nothing to say)."""

    @property
    def link(self) -> bool:
        """Whether a link to the game may be made at once."""
        return self.leaves is Leaves.ALL


SHARE_WARNING = N_(
    "This game is not over: the link reveals every player's hand to whoever opens it"
    " (it carries the deal). Share it with care."
)
"""What the Share dialog says of a running game with hidden hands."""
EMBED_REFUSED = N_(
    "This game is not over and its hands are secret: an embed's link would reveal every"
    " hand. Embed it once it is over; Download diagram shows the board alone."
)
"""What the Embed dialog says instead of a snippet for a running game with hidden hands."""

_HIDDEN: dict[Exit, tuple[Leaves, str]] = {
    Exit.ADDRESS: (Leaves.NOTHING, ""),
    Exit.HISTORY: (Leaves.NOTHING, ""),
    Exit.SHARE: (Leaves.ON_REQUEST, SHARE_WARNING),
    Exit.EMBED: (Leaves.NOTHING, EMBED_REFUSED),
    Exit.STUDIO: (Leaves.NOTHING, ""),
    Exit.KEPT: (Leaves.NOTHING, ""),
    Exit.NOTATION: (Leaves.PUBLIC, ""),
    Exit.DIAGRAM: (Leaves.PUBLIC, ""),
}
"""Each exit's verdict for a running game with hidden hands (the table above)."""


def hides_hands(game: AnyGame) -> bool:
    """A running game with hidden hands (the engine's ``hidden_hands``, e.g. Ancient):
    its record and its link would hold the seed, which deals every hand."""
    return bool(getattr(game, "hidden_hands", False)) and not game.is_over


def guard(game: AnyGame, way: Exit) -> Verdict:
    """What of ``game`` may leave the page by ``way``, and the words to show."""
    if not hides_hands(game):
        return Verdict(Leaves.ALL)
    leaves, notice = _HIDDEN[way]
    return Verdict(leaves, _(notice) if notice else "")


def link_for(game: AnyGame, view: int | None, way: Exit, asked: bool = False) -> str | None:
    """The fragment (``#…``) of ``game`` shown at ``view`` (a ply; ``None``: its end)
    that ``way`` may carry (``asked``: the person asked for it, after the warning), or
    ``None`` when no link may leave by it.  A game that cannot be a link raises the
    engine's error (:func:`paisho_core.link.fragment_for`)."""
    leaves = guard(game, way).leaves
    if leaves is Leaves.ALL or (leaves is Leaves.ON_REQUEST and asked):
        return link.fragment_for(game, view)
    return None


def tree_link_for(cursor: Any, view: bool, way: Exit, asked: bool = False) -> str | None:
    """The fragment of the cursor's game with its side lines and comments (opening on
    the position shown, with ``view``), for ``way`` as :func:`link_for` decides; the plain
    link when the tree holds neither.  The engine's error when it cannot be a link."""
    game = cursor.game
    if not (cursor.has_side_lines or cursor.on_side_line):
        return link_for(game, cursor.ply if view and cursor.viewing else None, way, asked)
    leaves = guard(game, way).leaves
    if leaves is Leaves.ALL or (leaves is Leaves.ON_REQUEST and asked):
        return "#" + tree_payload(cursor, view)
    return None


def diagram_view(game: AnyGame, view: RenderView) -> RenderView:
    """The marks a diagram of ``game`` may carry from the page's ``view``: all of them,
    or for a running game with hidden hands the last action's points alone (a selected
    hand tile and its legal points would tell a tile of the hand)."""
    if guard(game, Exit.DIAGRAM).leaves is Leaves.ALL:
        return view
    return RenderView(last_move=view.last_move)


def notation(game: AnyGame, cursor: Any = None) -> str:
    """The notation the Notation dialog exports for ``game`` (the reference site's form
    for Skud): the actions, public for every game (:data:`Exit.NOTATION` is never
    refused: a hidden hand's tile appears in it only once played or discarded).  With
    the replay ``cursor`` holding side lines or comments, the record with them in
    brackets and braces (:func:`paisho_core.treetext.write_tree`)."""
    if guard(game, Exit.NOTATION).leaves is Leaves.NOTHING:
        return ""
    if cursor is not None and cursor.has_side_lines and not hides_hands(game):
        cursor.sync(game)
        return write_tree(cursor.full_tree(), game.resigned)
    return export_notation(game)
