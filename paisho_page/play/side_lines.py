"""Side lines and comments in the move list, and the words of the side-line controls.

The main line's moves are :func:`~paisho_page.play.move_list.move_list_html`'s items;
:func:`move_list_extras` gives, for each of them, the markup that follows it: its
comments, then the side lines that replace it (each an indented ``<li class="lines">``
holding an ``<ol class="line">`` of its moves, side lines of its own nested the same
way), as :func:`paisho_core.treetext.line_plies` reads them from the cursor's tree.  A
side line's move carries its node's path in ``data-path`` (:func:`path_text`, read back
by :func:`read_path`); a comment is ``<li class="note">``.  Every text is escaped:
comments are a reader's plain text, never markup.  Pure (tested under CPython).
"""

from __future__ import annotations

from html import escape

from paisho_core.errors import PaiShoError
from paisho_core.gametree import Path
from paisho_core.treetext import Line, Ply, line_plies, main_line
from paisho_page.play.move_list import ITEM_TITLE
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.words.i18n import N_, _

LINE_LABEL = N_("Side line")
"""The accessible name of a side line's list."""
MAX_PATH_TEXT = 4000
"""Longest ``data-path`` read back (a path deeper than any link holds is refused)."""


def path_text(path: Path) -> str:
    """A node's path as ``data-path`` writes it: ``"0.0.1"`` (``"r"`` for the start)."""
    return ".".join(map(str, path)) if path else "r"


def read_path(text: str) -> Path | None:
    """The path ``data-path`` holds (:func:`path_text`), or ``None`` when it is not one."""
    if text == "r":
        return ()
    if not text or len(text) > MAX_PATH_TEXT:
        return None
    parts = text.split(".")
    if not all(part.isdigit() and part.isascii() and len(part) < 5 for part in parts):
        return None
    return tuple(int(part) for part in parts)


def _notes(ply: Ply) -> str:
    return "".join(
        f'<li class="note" data-path="{path_text(ply.path[: len(ply.path) - offset])}">'
        f"{escape(text)}</li>"
        for offset, text in ply.comments
    )


def _line_html(cursor: ReplayCursor, line: Line, shown: Path | None, title: str) -> str:
    """One side line's ``<li class="lines">`` (its own side lines nested in it)."""
    tree = cursor.tree
    out: list[str] = []
    work: list[str | Line] = [line]
    while work:
        item = work.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        plies, _resigned = line_plies(tree, item)
        parts: list[str | Line] = [
            f'<li class="lines"><ol class="line" aria-label="{escape(_(LINE_LABEL))}">'
        ]
        for ply in plies:
            mark = ' class="current" aria-current="step"' if ply.path == shown else ""
            parts.append(
                f'<li data-path="{path_text(ply.path)}" title="{title}"{mark}>'
                f"{escape(ply.text)}</li>{_notes(ply)}"
            )
            parts.extend(ply.lines)
        parts.append("</ol></li>")
        work.extend(reversed(parts))
    return "".join(out)


def move_list_extras(cursor: ReplayCursor) -> dict[int, str]:
    """The markup after each main-line move of the list (key: its ply, 1 for the first;
    0: before them, the start's comment): its comments and the side lines that replace
    it.  Empty when the tree holds neither; a tree whose moves no longer replay (never
    for a tree the cursor built) shows none."""
    if not cursor.has_side_lines:
        return {}
    tree = cursor.full_tree()
    shown = cursor.path if cursor.on_side_line else None
    title = escape(_(ITEM_TITLE))
    try:
        plies, _resigned = line_plies(tree, main_line(tree))
        out: dict[int, str] = {}
        start = tree.comment(())
        if start:
            out[0] = f'<li class="note" data-path="r">{escape(start)}</li>'
        for number, ply in enumerate(plies, 1):
            html = _notes(ply) + "".join(_line_html(cursor, side, shown, title)
                                         for side in ply.lines)
            if html:
                out[number] = html
    except PaiShoError:
        return {}
    return out
