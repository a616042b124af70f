"""The result panel at the end of a game (run by PyScript): who won, why and the score
(:func:`paisho_page.play.result.result_view`), with New game, Rematch and Replay.

When it appears the keyboard focus moves to it (a region with a heading) and the
board's keyboard cursor is put away; the status line then leaves the result to it.
Only text is set (``textContent``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dom import apply, el, on

from paisho_page.play.result import ResultView, result_writes


class _State:
    """Whether the panel shows, and what its buttons call."""

    shown = False


STATE = _State()


def opening(over: bool) -> bool:
    """True when the panel is about to appear (``over``: a finished game is shown live)."""
    return over and not STATE.shown


def draw(view: ResultView | None) -> None:
    """Show ``view`` (``None``: hide the panel); focus the panel as it appears."""
    apply(result_writes(view))
    if view is None:
        STATE.shown = False
        return
    if not STATE.shown:
        STATE.shown = True
        el("result-panel").focus()


def install(
    new_game: Callable[[Any], None], rematch: Callable[[], None], replay: Callable[[], None]
) -> None:
    """Wire the panel's buttons."""
    on(el("btn-result-new"), "click", new_game)
    on(el("btn-result-rematch"), "click", lambda _e: rematch())
    on(el("btn-result-replay"), "click", lambda _e: replay())
