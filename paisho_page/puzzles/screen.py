"""What the puzzle view writes: its panel, built once, and its words after every click.

Pure (:mod:`paisho_page.base.dom_writes` and :mod:`paisho_page.base.elements`); the
Puzzles page (``site/puzzles_page.py``) draws it beside the board, with the mover's tiles
from :func:`paisho_page.learn.screen.reserve_items` (only the mover's are shown).
"""

from __future__ import annotations

from collections.abc import Sequence

from paisho_page.base.dom_writes import Write, data, disabled, hidden, prop, text
from paisho_page.base.elements import Element
from paisho_page.learn.drill import State
from paisho_page.words.i18n import _

from .play import PuzzleSession
from .record import Record

PANEL = "puzzle"
RESERVE = "puzzle-reserve"
VARIANT = "puzzle-variant"
LINK = "puzzle-link"
BUTTONS = ("retry", "solution", "next", "daily")
"""The panel's buttons, by the ``data-panel-button`` value each carries."""


def _button(name: str, label: str, cls: str | None = None) -> Element:
    return Element("button", label, cls, id=f"btn-puzzle-{name}",
                   attrs=(("data-panel-button", name),), props=(("type", "button"),))


def puzzle_panel(variants: Sequence[tuple[str, str]]) -> Element:
    """The puzzle panel, empty (``variants``: each game with puzzles, as ``(name,
    title)``, for the choice of game): the words come with :func:`panel_writes`."""
    options = (Element("option", _("Any game"), props=(("value", ""),)),
               *(Element("option", title, props=(("value", name),))
                 for name, title in variants))
    return Element("section", cls="lesson puzzle", id=PANEL,
                   attrs=(("aria-labelledby", "puzzle-title"),), children=(
        Element("p", cls="notice-text lesson-notice", id="puzzle-notice",
                attrs=(("role", "status"),)),
        Element("p", cls="lesson-counter", id="puzzle-about"),
        Element("h2", cls="lesson-title", id="puzzle-title"),
        Element("p", cls="lesson-prompt", id="puzzle-prompt"),
        Element("p", cls="status", id="puzzle-status", attrs=(("role", "status"),)),
        Element("p", cls="message lesson-message", id="puzzle-message",
                attrs=(("aria-live", "assertive"),)),
        Element("div", cls="try-reserve lesson-reserve", id=RESERVE,
                attrs=(("role", "group"), ("aria-label", _("Your tiles")))),
        Element("div", cls="lesson-buttons", children=(
            Element("button", _("Pass"), id="btn-puzzle-skip",
                    attrs=(("data-token", "skip"),), props=(("type", "button"),)),
            _button("retry", _("Try again")),
            _button("solution", _("Show the solution")),
            _button("next", _("Next puzzle"), "primary"),
            _button("daily", _("Today's puzzle")),
        )),
        Element("div", cls="puzzle-share", id="puzzle-share", children=(
            Element("a", _("Play on from here"), id="puzzle-open", props=(("href", "./"),)),
            Element("label", _("Link to this puzzle"), props=(("htmlFor", LINK),)),
            Element("input", id=LINK, cls="puzzle-link",
                    props=(("readOnly", True), ("type", "text"))),
            Element("button", _("Copy link"), id="btn-puzzle-copy",
                    props=(("type", "button"),)),
            Element("span", cls="help", id="puzzle-copied", attrs=(("role", "status"),)),
        )),
        Element("p", cls="help puzzle-record", id="puzzle-record"),
        Element("p", cls="help", children=(
            Element("label", _("Puzzles from"), props=(("htmlFor", VARIANT),)),
            Element("select", id=VARIANT, children=options),
        )),
    ))


def record_text(record: Record) -> str:
    """The reader's rating and how many puzzles they solved and failed."""
    return _("Your puzzle rating: {rating} ({solved} solved, {failed} missed).").format(
        rating=record.rating, solved=len(record.solved), failed=len(record.failed))


def panel_writes(session: PuzzleSession, *, title: str, about: str, notice: str,
                 record: Record, daily: bool, link: str, play_on: str | None,
                 variant: str) -> tuple[Write, ...]:
    """Everything the panel says after a click (``link``: the puzzle's own address,
    ``play_on``: the game page's link to the position reached, ``None`` for none)."""
    state = session.state
    over = state in (State.MET, State.SHOWN)
    return (
        text("puzzle-notice", notice),
        text("puzzle-about", about),
        text("puzzle-title", title),
        text("puzzle-prompt", session.prompt()),
        text("puzzle-status", session.status()),
        text("puzzle-message", session.message),
        data("puzzle-message", "kind", session.kind),
        hidden("btn-puzzle-skip", not session.can_skip),
        text("btn-puzzle-skip", session.skip_label()),
        hidden("btn-puzzle-retry", state == State.PLAYING),
        hidden("btn-puzzle-solution", over),
        hidden("btn-puzzle-daily", daily),
        disabled("btn-puzzle-next", False),
        hidden("puzzle-share", not over),
        prop(LINK, "value", link),
        hidden("puzzle-open", play_on is None),
        prop("puzzle-open", "href", play_on or "./"),
        text("puzzle-record", record_text(record)),
        prop(VARIANT, "value", variant),
        data(PANEL, "state", state.value),
        data(PANEL, "puzzle", session.puzzle.id),
    )
