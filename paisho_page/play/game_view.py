"""The game page's board, buttons, status line and message, as writes: pure logic for the
game page (``site/game_page.py`` applies them with ``dom.apply`` at each redraw)."""

from __future__ import annotations

import dataclasses

from paisho_core.render import RenderView, point_id
from paisho_page.base import dom_writes as w
from paisho_page.play import result
from paisho_page.play.ui import UIState
from paisho_page.words.i18n import N_, _
from paisho_page.words.names import variant_title
from paisho_page.words.said import ERROR, INFO, Kind

UNDO_TITLE = N_("Undo (Ctrl+Z)")
"""The Undo button's title when its panel gives no reason to refuse it."""


def board_view(view: RenderView, people: bool) -> RenderView:
    """The board's view as drawn: ``view``, without its playable points' highlights
    unless ``people`` (a person may play now, or the replay shows a move): while the
    computer's seat is to move, nothing on the board is offered to the person."""
    return view if people else dataclasses.replace(view, highlights=frozenset())


def board_writes(view: RenderView) -> tuple[w.Write, ...]:
    """The board's ``aria-activedescendant``: the point under the keyboard cursor (the
    renderer's :func:`~paisho_core.render.point_id`), or none when the cursor is not
    shown."""
    cursor = view.cursor
    point = None if cursor is None else point_id(cursor)
    return (w.attr_or_none("board", "aria-activedescendant", point),)


def control_writes(ui: UIState, refusal: str, people: bool, viewing: bool) -> tuple[w.Write, ...]:
    """Undo, Redo, Resign and New enabled or not, the bonus bar shown or not, the
    variant's title, and the page marked ``game-over`` (its body's class).
    ``refusal``: the panel's reason Undo would be refused (shown as its title);
    ``people``: a person may play now (else the computer's seat is to move, and Resign
    would resign it for the person); ``viewing``: the replay bar shows a move."""
    over = ui.game.is_over
    return (
        w.disabled("btn-undo", not ui.can_undo),
        w.disabled("btn-redo", not ui.can_redo),
        w.prop("btn-undo", "title", refusal or _(UNDO_TITLE)),
        w.disabled("btn-resign", over or len(ui.game.players) < 2 or not people),
        w.disabled("btn-new", False),
        w.hidden("bonus-bar", viewing or not ui.can_skip or not people),
        w.text("variant-title", variant_title(str(ui.game.info.title))),
        w.classed(w.BODY, "game-over", over),
    )


def message_writes(message: str, kind: Kind = ERROR) -> tuple[w.Write, ...]:
    """The message line: ``message`` and what it tells (:mod:`paisho_page.words.said`, its
    ``data-kind``: the style sheet's colour; none for an empty line).  Every write to
    the message line goes through here, so a kind never outlives its text."""
    return (w.text("message", message), w.data("message", "kind", kind if message else ""))


def status_writes(
    ui: UIState, replay_status: str | None, message: str | None, kind: Kind = INFO
) -> tuple[w.Write, ...]:
    """The board's count of actions, the status line (``replay_status`` while the replay
    bar shows a move; a finished game's result is in its panel) and the message line
    (``message`` of ``kind``, or the UI's own message and kind)."""
    live = result.STATUS_OVER if ui.game.is_over else ui.status()
    said = message_writes(ui.message, ui.message_kind) if message is None else message_writes(
        message, kind
    )
    return (
        w.data("board-holder", "actions", str(len(ui.game.history))),
        w.text("status", live if replay_status is None else replay_status),
        *said,
    )


def resign_question(who: str) -> str:
    """The question asked before ``who`` resigns."""
    return _("{player}, resign this game?").format(player=who)
