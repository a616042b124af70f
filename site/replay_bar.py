"""The replay bar (run by PyScript): slider and step buttons, the earlier position shown,
side lines, comments and "Continue from here" (with confirmation).

While an earlier position (or a side line's) is shown, a click on the board or a
reserve goes to that position (:func:`take_click`): a move completed there opens a side
line, or follows one, and the game itself is never cut.  "Make it the main line" and
"Delete from here" act on the side line shown; the comment box on the position shown.
A game with hidden hands has no side lines (tiles already seen would be taken back):
its clicks are refused as before.  The cursor's logic is
:class:`paisho_page.play.replay_cursor.ReplayCursor`, what the bar shows
:mod:`paisho_page.play.replay_screen`, the rules and words :mod:`paisho_page.sharing.decisions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import share_state  # the page and the replay cursor (site/share_state.py)
from dom import apply, el, nil, on

from paisho_core.errors import PaiShoError
from paisho_core.render import RenderView
from paisho_page.play import redraws, replay_screen, side_lines, tree_links
from paisho_page.play.game_view import message_writes
from paisho_page.play.redraws import Part
from paisho_page.play.side_lines import read_path
from paisho_page.play.ui import Click, UIState
from paisho_page.sharing import decisions as sharing
from paisho_page.words.i18n import _, describe
from paisho_page.words.said import ERROR


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
    """The shown earlier position and its marks (last action, ring, keyboard cursor, and
    the selection of a move being made there)."""
    share = share_state.SHARE
    return replay_screen.shown_view(share.cursor, share.host.page.ui, explore())


def explore() -> UIState | None:
    """The UI state of the position shown while replaying, where a move opens or follows
    a side line (made once per position shown); ``None`` when live, or for a game whose
    positions may not be gone back to (hidden hands)."""
    share = share_state.SHARE
    cursor = share.cursor
    if not cursor.viewing or no_going_back():
        return None
    key = (id(cursor.game), cursor.version, cursor.path)
    if share.explore is None or share.explore_key != key:
        share.explore = UIState(cursor.position().copy(), undo=False)
        share.explore_key = key
    return share.explore


def take_click(token: str, owner: int | None = None) -> bool:
    """While replaying: ``token`` is a click on the position shown; True when it was
    taken here (played there, or refused with the reason shown), False when live."""
    if not viewing():
        return False
    ui = explore()
    if ui is None:
        return refuse()
    result = ui.click(token, owner)
    if result.kind is Click.COMPLETE and result.action is not None:
        cursor = share_state.SHARE.cursor
        try:
            cursor.play(result.action)
        except (PaiShoError, ValueError) as exc:  # (the engine's rules: never expected)
            apply(message_writes(describe(exc), ERROR))
            return True
        share_state.SHARE.explore = None
        share_state.SHARE.host.page.save()
        share_state.SHARE.host.refresh("")
        return True
    parts = redraws.after_click(result.kind)
    redraw = share_state.SHARE.host.redraw
    if parts == {Part.STATUS} or redraw is None:  # nothing changed: only say why
        apply(message_writes(ui.message, ui.message_kind))
    else:
        redraw(parts, ui.message)  # a selection: never the move list
    return True


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


def move_list_extras() -> dict[int, str]:
    """The side lines and comments of the move list (see
    :func:`paisho_page.play.side_lines.move_list_extras`)."""
    return side_lines.move_list_extras(share_state.SHARE.cursor)


def kept_lines(game: Any) -> str:
    """The side lines and comments to save with ``game`` (the page's game): ``""`` when
    there are none, or before the sharing features start."""
    share = getattr(share_state, "SHARE", None)
    if share is None:
        return ""
    cursor = share.cursor
    cursor.sync(game)
    try:
        return tree_links.extension(cursor)
    except PaiShoError:  # (more than a link holds: the game is saved without them)
        return ""


def restore_lines(game: Any, lines: str, message: str) -> str:
    """Take the side lines and comments saved with ``game`` (just shown); ``message``,
    with the reason they were left out if they could not be read."""
    cursor = share_state.SHARE.cursor
    cursor.sync(game)
    cursor.forget()  # (another game, even one with the same first moves)
    try:
        tree_links.restore_extension(cursor, lines)
    except PaiShoError as exc:
        return sharing.lines_refused(message, exc, sharing.SAVED_LINES_REFUSED)
    return message


def current_ply() -> int:
    """How many plies of the notation the shown position completes (move list mark)."""
    cursor = share_state.SHARE.cursor
    return cursor.notation_ply() if viewing() and not cursor.on_side_line else -1


def no_going_back() -> bool:
    """True when "Continue from here" is not offered (see :func:`sharing.no_going_back`)."""
    return sharing.no_going_back(share_state.SHARE.game)


def draw_replay() -> None:
    """Slider, step buttons, label, "Continue from here", the side-line buttons and the
    comment box."""
    cursor = share_state.SHARE.cursor
    apply(replay_screen.bar_writes(cursor, no_going_back()))
    key = (id(cursor.game), cursor.version, cursor.path, cursor.viewing)
    if share_state.SHARE.comment_key != key:  # (never over what is being typed)
        share_state.SHARE.comment_key = key
        apply(replay_screen.comment_writes(cursor, no_going_back()))


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
    """A click on a move of the list shows the position after it (a side line's too)."""
    if not hasattr(event.target, "closest"):
        return
    item = event.target.closest("li[data-path], li[data-ply]")
    if nil(item):
        return
    if item.hasAttribute("data-path"):
        path = read_path(str(item.dataset.path))
        cursor = share_state.SHARE.cursor
        if path is not None and cursor.tree.has(path):
            cursor.show(path)
            share_state.SHARE.host.refresh("")
        return
    ply = str(item.dataset.ply)
    if ply.isdigit():
        show_at(share_state.SHARE.cursor.index_of_ply(int(ply)))


def on_promote(_event: Any) -> None:
    """Make the side line shown the game's main line (the old moves stay a side line)."""
    share = share_state.SHARE
    cursor, page = share.cursor, share.host.page
    if not cursor.on_side_line:
        return
    why = sharing.promote_refusal(cursor, page.ui.game)
    if why:
        apply(message_writes(why, ERROR))
        return
    game = cursor.promote()
    page.show(UIState(game))
    cursor.sync(game)
    page.save()
    share.host.refresh(_(sharing.PROMOTED))


def on_delete_line(_event: Any) -> None:
    """Delete the side line's move shown and what follows it."""
    share = share_state.SHARE
    if not share.cursor.on_side_line:
        return
    share.cursor.delete()
    share.host.page.save()
    share.host.refresh(_(sharing.LINE_DELETED))
    el("btn-replay-prev").focus()


def on_comment_save(_event: Any) -> None:
    """Keep the comment box's text as the comment on the position shown."""
    share = share_state.SHARE
    try:
        share.cursor.set_comment(str(el("comment-text").value))
    except PaiShoError as exc:
        el("comment-status").textContent = describe(exc)
        return
    share.host.page.save()
    share.host.refresh("")
    el("comment-status").textContent = _(sharing.COMMENT_KEPT)


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
    on(el("btn-promote-line"), "click", on_promote)
    on(el("btn-delete-line"), "click", on_delete_line)
    on(el("btn-comment-save"), "click", on_comment_save)
    on(el("btn-truncate-yes"), "click", on_truncate_yes)
    on(el("btn-truncate-no"), "click", on_truncate_no)
