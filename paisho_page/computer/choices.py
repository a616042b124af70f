"""The computer opponent's words and choices on the page: pure logic for the page.

The New game dialog's "Computer plays" and "Level" choices (:func:`seat_choices`,
:func:`level_choices`, :func:`dialog_seat`), who plays which side and who opens
(:func:`opener`, :func:`side_text`, :func:`dialog_side_text`, :func:`opening_status`),
the Hint line's words
(:func:`hint_waiting_text`, :data:`NO_HINT`), the Hint bar (:func:`hint_bar`), the
board's marks of the hint (:func:`with_marks`) and the reserve tile it plays
(:func:`reserve_hint_writes`).  The protocol with the search worker is
:mod:`paisho_page.computer.worker_client`; ``site/computer.py`` carries these out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from paisho_core.ai import LEVELS
from paisho_core.board import Point
from paisho_core.protocol import Game
from paisho_core.registry import get_variant, new_game
from paisho_core.render import RenderView
from paisho_core.tokens import token_point
from paisho_page.base import dom_writes as w
from paisho_page.base.elements import Element
from paisho_page.play.ui import UIState
from paisho_page.words.i18n import N_, _
from paisho_page.words.terms import player

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


SIDE_ID = "computer-side"
"""The id of the New game dialog's line saying who plays which side and who opens."""
_LOOK_AHEAD = 8
"""Actions :func:`opener` plays through (set-up choices such as Skud's accent tiles)."""


def opener(game: Game[Any]) -> int | None:
    """The seat that makes the first move on the board from ``game``'s position: the
    first, playing on, whose legal actions put a tile on a point (Skud's accent choices
    come before the Guest's opening plant, skud-r7b); ``None`` if none is found."""
    probe = game.copy()
    for _step in range(_LOOK_AHEAD):
        actions = probe.legal_actions() if probe.to_move is not None else []
        if not actions:
            return None
        if any(token_point(t) is not None for a in actions for t in probe.action_clicks(a)):
            return probe.to_move
        probe.apply(actions[0])
    return None


def side_text(players: tuple[str, ...], computer: int | None, first: int | None,
              seats: bool = False) -> str:
    """Who plays which side and who opens, e.g. "You play Guest; Host opens." (the
    ``computer`` seat's opponent is "you"; nobody: two people); for a variant of a choice
    of ``seats`` (Ancient), who starts.  Empty for a solitaire or no opener."""
    if first is None or len(players) < 2:
        return ""
    opens = player(players[first])
    if seats:
        return _("{player} starts; then each seat plays in turn.").format(player=opens)
    if computer is None or len(players) != 2 or not 0 <= computer < 2:
        return _("{player} opens.").format(player=opens)
    you = player(players[1 - computer])
    if 1 - computer == first:
        return _("You play {player} and open the game.").format(player=you)
    return _("You play {you}; {first} opens.").format(you=you, first=opens)


def dialog_side_text(variant: str, value: str) -> str:
    """The New game dialog's line for a new game of ``variant`` with the "Computer plays"
    choice ``value`` (empty where the seed decides who starts: Ancient's seats, said when
    the game starts)."""
    try:
        info = get_variant(variant).info
    except ValueError:
        return ""
    if info.uses_seed:
        return ""
    game = new_game(variant)
    seat = None if value in ("", NOBODY) or not value.isdigit() else int(value)
    return side_text(game.players, seat, opener(game))


def opening_status(game: Game[Any], computer: int | None, status: str) -> str:
    """The status line ``status`` with who plays which side and who opens while nothing
    stands on the board yet (against the computer), or who starts before the first
    action (a game of a choice of seats); ``status`` as it is otherwise."""
    seats = game.info.max_players > 2
    started = bool(game.history) if seats else bool(game.board_tiles())
    if game.to_move is None or started or (computer is None and not seats):
        return status
    said = side_text(game.players, computer, opener(game), seats)
    if not said or said in status:
        return status
    return f"{status} {said}".strip()


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


def reserve_hint_writes(code: str, hinted: str | None) -> tuple[w.Write, ...]:
    """A reserve button (tile ``code``, written to the button itself) marked by
    :data:`HINT_CLASS` when the hint shown plays it (``hinted``: that tile's code, or
    ``None``): the hint marks the tile as well as its destination on the board."""
    return (w.classed(w.SELF, HINT_CLASS, code == hinted),)


def side_line() -> Element:
    """The New game dialog's line on who plays which side (made once, in its Opponent
    fields)."""
    return Element("p", cls="help", id=SIDE_ID, attrs=(("aria-live", "polite"),))


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
