"""The end of a game on the page: what the result panel says and what its buttons do
(pure Python, tested under CPython).

One panel (``site/result_panel.py`` moves it into the page) says who won, why, and the
score where the variant has one; the status line then says nothing (a variant panel may
add its own line, e.g. why the game ended), so the result is not told twice.  Its
buttons: **New game** (the dialog), **Rematch** (:func:`rematch`: the same variant and
options, the seats swapped) and **Replay** (the replay bar at the start).
Variant-agnostic: it reads the protocol's :class:`~paisho_core.protocol.Outcome`; a
variant panel may word the result itself
(:meth:`paisho_page.panels.hooks.Panel.result_line`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paisho_core import starts
from paisho_page.base import dom_writes as w
from paisho_page.play import ui_text
from paisho_page.words.i18n import N_, _

HEADING = N_("Game over")
"""The panel's heading (English: translated where it is shown)."""
STATUS_OVER = ""
"""The status line while the result panel shows: empty, the result is in the panel
(whose heading already says the game is over; the focus moves to it)."""
NEW_GAME = N_("New game")
REMATCH = N_("Rematch")
REMATCH_TITLE = N_("The same game again, with the seats swapped")
REPLAY = N_("Replay")
REPLAY_TITLE = N_("Watch the game again from the start")


@dataclass(frozen=True)
class ResultView:
    """What the result panel shows: its heading, the result in one sentence (who won
    and why) and the score line (``""``: the variant keeps no score, or the sentence
    holds it)."""

    heading: str
    line: str
    score: str


def result_view(game: Any, result_text: str, panel_line: str = "") -> ResultView | None:
    """The result panel of ``game`` (``None`` while it runs).

    ``result_text`` is the page's sentence for the result
    (:meth:`paisho_page.play.ui.UIState.result_text`); ``panel_line``, the variant panel's own
    wording, replaces it when given.  A scored game of several players (e.g. Wiki's
    "host 5, guest 3") gets the score on a line of its own; a solitaire's score (Balance)
    stays in its sentence.
    """
    out = game.outcome()
    if out is None:
        return None
    line = panel_line or result_text
    score = ""
    if len(game.players) > 1 and out.result and (out.winners or out.score is None):
        score = _("Score: {score}").format(score=ui_text.score_words(out.result))
        if not panel_line:
            line = ui_text.result_sentence(game, with_score=False)
    return ResultView(_(HEADING), line, score)


@dataclass(frozen=True)
class Rematch:
    """A new game like the one that ended: variant, options and number of seats
    (``None``: the variant's own), with the computer's seats moved one seat on."""

    variant: str
    options: tuple[str, ...]
    players: int | None
    seat: int | None
    computers: tuple[int, ...]
    start: Any = None
    """A game set up in the Studio starts again from its set-up position (a new game at
    that start, :func:`paisho_core.starts.fresh`); ``None``: the variant's own start."""


def result_writes(view: ResultView | None) -> tuple[w.Write, ...]:
    """The result panel showing ``view`` (``None``: hidden, its lines emptied)."""
    if view is None:
        return (
            w.hidden("result-panel", True),
            w.hidden("result", True),
            w.text("result", ""),
            w.text("result-score", ""),
        )
    return (
        w.text("result-heading", view.heading),
        w.text("result", view.line),
        w.hidden("result", False),
        w.text("result-score", view.score),
        w.hidden("result-score", not view.score),
        w.hidden("result-panel", False),
    )


def swapped(seat: int, players: int) -> int:
    """The seat ``seat`` moves to in a rematch: the next one (with two, the other)."""
    return (seat + 1) % players if players > 0 else seat


def rematch(game: Any, seat: int | None, computers: tuple[int, ...] = ()) -> Rematch:
    """The rematch of ``game``, whose computer played ``seat`` (the one-computer choice)
    or ``computers`` (a variant with several computer seats): the same variant and
    options (and set-up position, if the game had one), the seats swapped."""
    n = len(game.players)
    info = game.info
    players = n if info.min_players != info.max_players else None
    return Rematch(
        str(info.name),
        tuple(sorted(game.options)),
        players,
        None if seat is None or n < 2 else swapped(seat, n),
        tuple(sorted(swapped(s, n) for s in computers)) if n >= 2 else (),
        starts.fresh(game) if starts.of(game) else None,
    )
