"""What the game page redraws after a click: only the parts the click changed.

A selection (a click that grows, restarts or shrinks it) changes the board's marks, the
reserves' highlights, the buttons, the status line and the panels' previews: never the
move list or the board's tiles, so those are not drawn again.  A refused or ignored
click changes only the message; a keyboard cursor move only the board's marks; a
completed action everything.  Pure: ``site/game_page.py`` draws the parts named.
"""

from __future__ import annotations

from enum import StrEnum

from paisho_page.play.ui import Click


class Part(StrEnum):
    """A part of the game page drawn on its own."""

    BOARD_MARKS = "board-marks"
    """The board's dynamic layer (selection, targets, cursor, last move)."""
    PLAYERS = "players"
    """The players' sections and reserves."""
    ACCENTS = "accents"
    """The accent chooser."""
    MOVES = "moves"
    """The move list."""
    CONTROLS = "controls"
    """The buttons and the result panel."""
    STATUS = "status"
    """The status line and the message."""
    PANELS = "panels"
    """The variant's and the page-wide panels."""


EVERYTHING = frozenset(Part)
"""Every part: after a game changed (a move, undo, redo, another game)."""

SELECTION = EVERYTHING - {Part.MOVES}
"""What a selection changes: all but the move list."""

_AFTER: dict[Click, frozenset[Part]] = {
    Click.COMPLETE: EVERYTHING,
    Click.EXTEND: SELECTION,
    Click.RESELECT: SELECTION,
    Click.CANCEL: SELECTION,
    Click.CURSOR: frozenset({Part.BOARD_MARKS}),
    Click.REFUSE: frozenset({Part.STATUS}),
    Click.NONE: frozenset({Part.STATUS}),
}


def after_click(kind: Click) -> frozenset[Part]:
    """The parts a click of ``kind`` changed."""
    return _AFTER[kind]
