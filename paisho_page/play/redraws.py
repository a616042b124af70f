"""What the game page redraws after a click or a hover: only the parts it changed.

A selection (a click that grows, restarts or shrinks it) changes the board's marks, the
reserves' highlights, the buttons, the status line and the panels' previews: never the
move list or the board's tiles, so those are not drawn again (of the board, only the
points whose marks changed: :mod:`paisho_page.play.board_marks`).  A refused or ignored
click changes only the message; a keyboard cursor move only the board's marks; a
completed action everything.

A hover (the pointer onto something else on the board) changes only what depends on the
point or control under the pointer, :attr:`Part.PREVIEW` (the panels' previews, the tile
card), and only when that point or control is another one (:class:`Pointer`): never the
board, the move list, the players, the buttons or the scores.  Pure:
``site/game_page.py`` draws the parts named.
"""

from __future__ import annotations

from enum import StrEnum

from paisho_page.play.ui import Click


class Part(StrEnum):
    """A part of the game page drawn on its own."""

    BOARD_MARKS = "board-marks"
    """The board's dynamic layer: its points' marks (selection, targets, cursor) alone
    when its tiles and lines are the ones shown, else the whole layer."""
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
    PREVIEW = "preview"
    """What depends on the point or control under the pointer: the panels' previews and
    the tile card (drawn again with the board and the panels, and alone on a hover)."""


EVERYTHING = frozenset(Part)
"""Every part: after a game changed (a move, undo, redo, another game)."""

SELECTION = EVERYTHING - {Part.MOVES}
"""What a selection changes: all but the move list."""

HOVER = frozenset({Part.PREVIEW})
"""What a hover onto another point or control changes."""

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


class Pointer:
    """Where the pointer is on the board: the point under it and the control drawn there
    (its name), in a game of which variant, as the page last told the panels."""

    def __init__(self) -> None:
        """Nowhere on the board."""
        self.at: tuple[str, object, str | None] = ("", None, None)

    def over(self, variant: str, point: object, control: str | None) -> frozenset[Part]:
        """The pointer is over ``point`` (``None``: no point) and ``control`` (the name
        of the control drawn on the board there, ``None``: none) of a game of
        ``variant``: :data:`HOVER` when that is somewhere else than before (or another
        variant's game: its panels have not been told), else nothing to redraw."""
        at = (variant, point, control)
        if at == self.at:
            return frozenset()
        self.at = at
        return HOVER

    def leave(self, variant: str) -> frozenset[Part]:
        """The pointer left the board: :data:`HOVER` unless it was on nothing already."""
        return self.over(variant, None, None)
