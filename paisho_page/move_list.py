"""The page's move list as markup, made in one piece (a 500-move list is one DOM call).

The list numbers the plies of the game's record (:func:`move_texts`: its
``;``-separated entries, a resignation included); the replay bar's label counts the
same plies (:class:`paisho_page.replay.ReplayCursor`).

Every text is escaped (:func:`html.escape`), as the board's SVG is by
:mod:`paisho_core.render`: the move texts are the engine's notation, but nothing that
reaches the page as markup is trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from paisho_page.i18n import N_, _

ITEM_TITLE = N_("Show the position after this move")
"""The tooltip of every move of the list."""
EMPTY_TEXT = N_("no moves yet")
"""The list's only item when there is no move."""


def move_texts(record: str) -> list[str]:
    """The entries of the move list: the plies of a game's record (``game.to_text()``),
    stripped, blanks dropped; ``moves[i]`` is ply ``i + 1``."""
    return [m.strip() for m in record.split(";") if m.strip()] if record else []


def move_list_html(moves: Sequence[str], current: int = -1) -> str:
    """The ``<li>`` items of the move list: ``moves[i]`` is ply ``i + 1`` (``data-ply``),
    the one of ply ``current`` marked ``class="current"`` and ``aria-current="step"``
    (-1: none); with no move, one ``<li class="none">no moves yet</li>``."""
    if not moves:
        return f'<li class="none">{escape(_(EMPTY_TEXT))}</li>'
    title = escape(_(ITEM_TITLE))
    out = []
    for i, move in enumerate(moves, 1):
        mark = ' class="current" aria-current="step"' if i == current else ""
        out.append(f'<li data-ply="{i}" title="{title}"{mark}>{escape(move)}</li>')
    return "".join(out)
