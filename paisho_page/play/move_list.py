"""The page's move list as markup, made in one piece (a 500-move list is one DOM call).

A *move* is a ply of the game's record, as its notation numbers them: one entry of
:func:`move_texts` (a whole turn, a Harmony Bonus included; a resignation is one).
:func:`move_count` is that count, and every text that counts a game's moves says it
with it: the move list, the replay bar (:class:`paisho_page.play.replay_cursor.ReplayCursor`), the
Share dialog and the notices (a link opened, a game resumed or imported).

Every text is escaped (:func:`html.escape`), as the board's SVG is by
:mod:`paisho_core.render`: the move texts are the engine's notation, but nothing that
reaches the page as markup is trusted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from paisho_page.words.i18n import N_, _

ITEM_TITLE = N_("Show the position after this move")
"""The tooltip of every move of the list."""
EMPTY_TEXT = N_("no moves yet")
"""The list's only item when there is no move."""


def move_texts(record: str) -> list[str]:
    """The entries of the move list: the plies of a game's record (``game.to_text()``),
    stripped, blanks dropped; ``moves[i]`` is ply ``i + 1``."""
    return [m.strip() for m in record.split(";") if m.strip()] if record else []


def move_count(game: Any) -> int:
    """How many moves ``game`` has: the entries of its record (:func:`move_texts`)."""
    return len(move_texts(str(game.to_text())))


_NUMBERED = re.compile(r"\d+\s*[A-Z]?\s*\.")
"""A record entry that carries its own number (``0H.``, ``12G.``, ``3.P2:``)."""


def numbered(move: str) -> bool:
    """Whether the record entry ``move`` writes its own number (``2G.R3(8,0)``,
    ``1.P2:draw``; Balance's ``(1,0)`` does not)."""
    return _NUMBERED.match(move) is not None


def move_list_html(
    moves: Sequence[str], current: int = -1, extras: Mapping[int, str] | None = None
) -> str:
    """The ``<li>`` items of the move list: ``moves[i]`` is ply ``i + 1`` (``data-ply``),
    the one of ply ``current`` marked ``class="current"`` and ``aria-current="step"``
    (-1: none); with no move, one ``<li class="none">no moves yet</li>``.  Each move is
    numbered once: the list shows no numbers of its own, so an entry that writes none
    (:func:`numbered`) carries its ply as ``data-n``, which the style sheet shows
    before it.  ``extras[i]`` is markup put after ply ``i`` (0: before the first), made
    escaped by its maker (:func:`paisho_page.play.side_lines.move_list_extras`: comments
    and side lines)."""
    extras = extras or {}
    if not moves:
        return f'<li class="none">{escape(_(EMPTY_TEXT))}</li>' + extras.get(0, "")
    title = escape(_(ITEM_TITLE))
    out = [extras.get(0, "")]
    for i, move in enumerate(moves, 1):
        mark = ' class="current" aria-current="step"' if i == current else ""
        number = "" if numbered(move) else f' data-n="{i}"'
        out.append(f'<li data-ply="{i}"{number} title="{title}"{mark}>{escape(move)}</li>')
        out.append(extras.get(i, ""))
    return "".join(out)
