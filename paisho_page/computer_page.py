"""The computer opponent's words and choices on the page: pure logic for the page.

The New game dialog's "Computer plays" and "Level" choices (:func:`seat_choices`,
:func:`level_choices`, :func:`dialog_seat`), the Hint line's words
(:func:`hint_waiting_text`, :data:`NO_HINT`), the Hint bar (:func:`hint_bar`) and the
board's marks of the hint (:func:`with_marks`).  The protocol with the search worker is
:mod:`paisho_page.worker_client`; ``site/computer.py`` carries these out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from paisho_core.ai import LEVELS
from paisho_core.board import Point
from paisho_core.render import RenderView
from paisho_page.elements import Element
from paisho_page.i18n import N_, _
from paisho_page.terms import player
from paisho_page.ui import UIState

NOBODY = "none"
"""The "Computer plays" value of a game of people only."""
LEVEL_LABELS = {
    "easy": N_("Easy: a beginner, makes mistakes"),
    "medium": N_("Medium: looks one action ahead"),
    "hard": N_("Hard: searches a few turns ahead"),
}
"""Each level's label (English: :func:`level_choices` translates them)."""
NO_HINT = N_("No hint here (the game is over or no worker can run).")
"""The Hint line when no hint can be had (English: translate it with ``_()``)."""
HINT_CLASS = "hint"
"""The CSS class of the hinted action's points on the board (as Balance's hint mark)."""


def seat_choices(players: Iterable[str]) -> list[tuple[str, str]]:
    """The dialog's "Computer plays" choices, ``(value, label)``: nobody, or a seat."""
    choices = [(NOBODY, _("Nobody: two people on this screen"))]
    choices += [(str(i), player(name)) for i, name in enumerate(players)]
    return choices


def select_options(choices: list[tuple[str, str]], chosen: str) -> tuple[Element, ...]:
    """The ``<option>`` elements of ``choices`` (value, label), ``chosen`` selected."""
    return tuple(
        Element("option", label, props=(("value", value), ("selected", value == chosen)))
        for value, label in choices
    )


def seat_value(seat: int | None) -> str:
    """The "Computer plays" value of ``seat`` (``None``: nobody)."""
    return NOBODY if seat is None else str(seat)


def level_choices() -> list[tuple[str, str]]:
    """The dialog's "Level" choices, ``(value, label)``, easiest first."""
    return [(level, _(LEVEL_LABELS[level])) for level in LEVELS]


def dialog_seat(value: str, hidden: bool) -> int | None:
    """The seat picked in the dialog (``None``: nobody, or the choice is not shown)."""
    if hidden or value in ("", NOBODY):
        return None
    return int(value)


def hint_waiting_text(ready: bool) -> str:
    """The Hint line while the worker looks for a hint (``ready``: it has booted)."""
    if ready:
        return _("The computer is looking for a hint…")
    return _("The computer is starting up, then it will look for a hint…")


def with_marks(view: RenderView, points: Iterable[Point], cls: str = HINT_CLASS) -> RenderView:
    """``view`` with ``points`` marked by the CSS class ``cls`` (the view itself when
    there is none)."""
    extra = dict(view.extra_classes)
    for point in points:
        extra[point] = cls
    if extra == view.extra_classes:
        return view
    return dataclasses.replace(view, extra_classes=extra)


def hint_bar() -> Element:
    """The Hint button and the evaluation line, made once under the status box."""
    button = Element(
        "button", _("Hint"), id="btn-skud-hint",
        props=(
            ("type", "button"),
            ("title", _("Ask the computer (Hard) for a move, and how it sees the position")),

        ),
    )
    line = Element("p", cls="help skud-eval", id="skud-eval", attrs=(("aria-live", "polite"),))
    return Element("div", cls="skud-hint-bar", id="skud-hint-bar", children=(button, line))


def undo_through(ui: UIState, seat: int | None) -> None:
    """Undo back to a position where a person is to move: the computer's (``seat``'s)
    replies are taken back too."""
    while seat is not None and ui.game.to_move == seat and ui.can_undo:
        ui.undo()


def redo_through(ui: UIState, seat: int | None) -> None:
    """Redo through the computer's (``seat``'s) moves, so a person is to move again."""
    while seat is not None and ui.game.to_move == seat and ui.can_redo:
        ui.redo()
