"""Links, replay and notation on the main page, run by PyScript: the wiring.

``game_page`` owns the game and the drawing; each feature is a module of its own:

* ``link_opening`` — opening a shared link from the address (``#<payload>``) on load
  and on ``hashchange``, a long one in chunks with its progress shown;
* ``kept_games`` — the game that was on the page is never lost (``paisho.kept.v1``),
  and the notice offers "Resume it";
* ``address_bar`` — the address bar kept in sync after every change;
* ``replay_bar`` — the slider and step buttons, side lines played from an earlier
  position (promoted, deleted), comments, and "Continue from here";
* ``share_dialog``, ``notation_dialog`` (and ``clipboard``) — the two dialogs;
* ``share_state`` — what they share: the page, the replay cursor, the notice.

This module keeps the names the other page modules call (``share.viewing()``, …).  All
the logic is pure and tested under CPython in :mod:`paisho_page.sharing.link_open`,
:mod:`paisho_page.sharing.decisions` and :mod:`paisho_page.sharing.link_pacing`.  Text from links,
pasted notation or storage reaches the page only through ``textContent`` or form
``value``; the board SVG comes from the renderer, which escapes everything.
"""

from __future__ import annotations

import address_bar
import clipboard
import kept_games
import link_opening
import notation_dialog
import replay_bar
import share_dialog
import share_state
from clipboard import copy_text
from kept_games import kept_after_new_game
from replay_bar import (
    current_ply,
    explore,
    go_live,
    kept_lines,
    move_list_extras,
    refuse,
    replay_from_start,
    restore_lines,
    shown_game,
    status,
    sync,
    take_click,
    view_render,
    viewing,
)
from share_state import Host, Sharing

__all__ = [
    "SHARE",
    "Host",
    "after_refresh",
    "copy_text",
    "current_ply",
    "explore",
    "go_live",
    "install",
    "kept_after_new_game",
    "kept_lines",
    "move_list_extras",
    "refuse",
    "replay_from_start",
    "restore_lines",
    "shown_game",
    "status",
    "sync",
    "take_click",
    "view_render",
    "viewing",
]

SHARE: Sharing
"""The page's sharing state (set by :func:`install`)."""


def after_refresh() -> None:
    """Draw the replay bar, take a passing notice down once the game moved on and
    schedule the address-bar update."""
    replay_bar.draw_replay()
    share_state.expire_notice()
    address_bar.schedule_address()


def install(host: Host) -> None:
    """Wire the links, replay and notation controls; open the link in the address."""
    global SHARE
    SHARE = share_state.start(host)
    clipboard.install()
    replay_bar.install()
    kept_games.install()
    share_dialog.install()
    notation_dialog.install()
    address_bar.install()
    link_opening.open_from_address()
