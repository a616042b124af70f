"""What the replay bar shows and does on the game page: pure logic for the page.

From the :class:`~paisho_page.play.replay_cursor.ReplayCursor`: the bar's writes
(:func:`bar_writes`, as :mod:`paisho_page.base.dom_writes`: the side-line buttons too),
the comment box's (:func:`comment_writes`), the earlier position shown and its marks
(:func:`shown_view`), the status line while replaying (:func:`status`), and "Continue
from here" (:func:`continue_from`).  ``site/replay_bar.py`` carries them out.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from paisho_core import link
from paisho_core.render import RenderView
from paisho_page.base.dom_writes import (
    BODY,
    Write,
    attr,
    classed,
    data,
    disabled,
    hidden,
    prop,
    text,
)
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.ui import UIState, token_point


def bar_writes(cursor: ReplayCursor, no_going_back: bool) -> tuple[Write, ...]:
    """The slider, step buttons, label, "Continue from here", the board's marks of the
    position shown and the page marked ``replaying`` while it shows an earlier one
    (``no_going_back``: "Continue from here" is not offered)."""
    total, index, viewing = cursor.total, cursor.index, cursor.viewing
    return (
        prop("replay-slider", "max", str(total)),
        prop("replay-slider", "value", str(index)),
        disabled("replay-slider", total == 0),
        attr("replay-slider", "aria-valuetext", cursor.label()),
        disabled("btn-replay-first", index == 0),
        disabled("btn-replay-prev", index == 0),
        disabled("btn-replay-next", index >= total),
        disabled("btn-replay-last", index >= total),
        text("replay-label", cursor.label()),
        hidden("btn-continue-here", not viewing or no_going_back or cursor.on_side_line),
        hidden("side-line-bar", not cursor.on_side_line),
        *(() if viewing else (hidden("confirm-truncate", True),)),
        data("board-holder", "view", str(index)),
        data("board-holder", "viewing", "true" if viewing else "false"),
        disabled("btn-share", False),
        disabled("btn-notation", False),
        classed(BODY, "replaying", viewing),
    )


def shown_view(
    cursor: ReplayCursor, ui: UIState, explore: UIState | None = None
) -> tuple[Any, RenderView]:
    """The shown earlier position and its marks (last action, ring, keyboard cursor;
    with ``explore``, the UI state of a move being made there, its selection and the
    points it may go to)."""
    game = cursor.position()
    points = frozenset(
        p for p in (token_point(t) for t in cursor.last_clicks()) if p is not None
    )
    mark = ui.cursor if ui.cursor_visible else None
    if explore is not None:
        view = dataclasses.replace(explore.view(), last_move=points, cursor=mark)
        return explore.game, view
    return game, RenderView(last_move=points, ring=UIState(game, undo=False).ring(), cursor=mark)


def comment_writes(cursor: ReplayCursor, no_going_back: bool) -> tuple[Write, ...]:
    """The comment box while replaying: the comment on the position shown, its status
    cleared (hidden on the live position, so a game in play keeps the mover's reserve in
    view on a phone, and for a game with hidden hands, whose tree is never shared)."""
    if no_going_back or not cursor.viewing:
        return (hidden("comment-box", True),)
    return (
        hidden("comment-box", False),
        prop("comment-text", "value", cursor.comment()),
        text("comment-status", ""),
    )


def status(cursor: ReplayCursor) -> str:
    """The status line while replaying."""
    return f"{cursor.label()} · {UIState(cursor.position(), undo=False).status()}"


def continue_from(ui: UIState, target: int) -> UIState:
    """The page's UI state once the actions after the first ``target`` are taken back
    (by undo, so Redo can restore them; a game undo cannot take back is replayed)."""
    while len(ui.game.history) > target or ui.game.resigned is not None:
        if not ui.undo():
            return UIState(link.game_at(ui.game, target))
    return ui
