"""The replay bar (run by PyScript): slider and step buttons, the earlier position shown,
game changes refused while replaying, and "Continue from here" (with confirmation).

The cursor's logic is :class:`paisho_page.play.replay_cursor.ReplayCursor`, what the bar shows
:mod:`paisho_page.play.replay_screen`, the rules and words :mod:`paisho_page.sharing.decisions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import share_state  # the page and the replay cursor (site/share_state.py)
from dom import apply, el, nil, on

from paisho_core.render import RenderView
from paisho_page.play import replay_screen
from paisho_page.play.game_view import message_writes
from paisho_page.sharing import decisions as sharing
from paisho_page.words.i18n import _


def sync() -> None:
    """Follow the live game (call before drawing)."""
    share_state.SHARE.cursor.sync(share_state.SHARE.game)


def viewing() -> bool:
    """True while the replay shows an earlier position than the live one."""
    return share_state.SHARE.cursor.viewing


def shown_game() -> Any:
    """The game at the shown position (the live game when not replaying)."""
    return share_state.SHARE.cursor.position()


def view_render() -> tuple[Any, RenderView]:
    """The shown earlier position and its marks (last action, ring, keyboard cursor)."""
    return replay_screen.shown_view(share_state.SHARE.cursor, share_state.SHARE.host.page.ui)


def status() -> str:
    """The status line while replaying."""
    return replay_screen.status(share_state.SHARE.cursor)


def refuse() -> bool:
    """While replaying: say why a game change is refused and return True."""
    if not viewing():
        return False
    apply(message_writes(share_state.SHARE.cursor.refusal(not no_going_back())))
    return True


def go_live() -> None:
    """Leave the replay: show the live position again (before undo/redo)."""
    share_state.SHARE.cursor.last()
    el("confirm-truncate").hidden = True


def current_ply() -> int:
    """How many plies of the notation the shown position completes (move list mark)."""
    return share_state.SHARE.cursor.notation_ply() if viewing() else -1


def no_going_back() -> bool:
    """True when "Continue from here" is not offered (see :func:`sharing.no_going_back`)."""
    return sharing.no_going_back(share_state.SHARE.game)


def draw_replay() -> None:
    """Slider, step buttons, label and "Continue from here"."""
    cursor = share_state.SHARE.cursor
    apply(replay_screen.bar_writes(cursor, no_going_back()))


def show_at(index: int) -> None:
    """Show the position after ``index`` actions and redraw."""
    share_state.SHARE.cursor.go(index)
    share_state.SHARE.host.refresh("")


def replay_from_start() -> None:
    """The result panel's Replay: the replay bar at the start, its Next button focused."""
    show_at(0)
    el("btn-replay-next").focus()


def on_replay_step(delta: int | None) -> Callable[[Any], None]:
    """A handler stepping ``delta`` positions (``None``: to the live position)."""

    def handler(_event: Any) -> None:
        cursor = share_state.SHARE.cursor
        show_at(cursor.total if delta is None else cursor.index + delta)

    return handler


def on_slider(_event: Any) -> None:
    """The slider moved."""
    value = str(el("replay-slider").value)
    if value.isdigit():
        show_at(int(value))


def on_move_list_click(event: Any) -> None:
    """A click on a move of the list shows the position after it."""
    item = event.target.closest("li[data-ply]") if hasattr(event.target, "closest") else None
    if nil(item):
        return
    ply = str(item.dataset.ply)
    if ply.isdigit():
        show_at(share_state.SHARE.cursor.index_of_ply(int(ply)))


def on_continue_here(_event: Any) -> None:
    """Ask before dropping the moves after the shown position."""
    if no_going_back():
        apply(message_writes(_(sharing.NO_GOING_BACK)))
        return
    cursor = share_state.SHARE.cursor
    el("confirm-truncate-text").textContent = sharing.truncate_question(
        cursor.total_plies, cursor.shown_plies
    )
    el("confirm-truncate").hidden = False
    el("btn-truncate-no").focus()


def on_truncate_yes(_event: Any) -> None:
    """Continue from the shown position: undo the later moves (Redo can restore them)."""
    el("confirm-truncate").hidden = True
    if no_going_back():
        return
    page = share_state.SHARE.host.page
    target = share_state.SHARE.cursor.index
    target_ply = share_state.SHARE.cursor.shown_plies
    page.show(replay_screen.continue_from(page.ui, target))
    share_state.SHARE.cursor.ply = None
    page.save()
    share_state.SHARE.host.refresh(_("Continuing from move {ply}.").format(ply=target_ply))


def on_truncate_no(_event: Any) -> None:
    """Keep the game as it is."""
    el("confirm-truncate").hidden = True
    el("btn-continue-here").focus()


def install() -> None:
    """Wire the replay bar, the move list's clicks and "Continue from here"."""
    on(el("btn-replay-first"), "click", on_replay_step(-(10**9)))
    on(el("btn-replay-prev"), "click", on_replay_step(-1))
    on(el("btn-replay-next"), "click", on_replay_step(1))
    on(el("btn-replay-last"), "click", on_replay_step(None))
    on(el("replay-slider"), "input", on_slider)
    on(el("move-list"), "click", on_move_list_click)
    on(el("btn-continue-here"), "click", on_continue_here)
    on(el("btn-truncate-yes"), "click", on_truncate_yes)
    on(el("btn-truncate-no"), "click", on_truncate_no)
