"""The Share dialog (run by PyScript): the link to the page's game, copied at once, in a
read-only field for manual copying; optionally at the position shown; and "Edit this
position in the Studio" (:func:`paisho_page.sharing.decisions.studio_entry_writes`).  For a
game whose link reveals hidden hands, a warning
(:func:`paisho_page.sharing.decisions.hidden_hands_warning`), and the link is made only when
asked for (:func:`paisho_page.sharing.decisions.link_on_open`).
"""

from __future__ import annotations

from typing import Any

import share_state  # the page and the replay cursor (site/share_state.py)
from clipboard import copy_text
from dom import apply, el, on, window

from paisho_page.sharing import decisions as sharing
from paisho_page.words.i18n import _


def fill_share() -> bool:
    """Put the link to the page's game (at the shown position if the box says so) in the
    Share field; False (and the reason shown) if there is none."""
    share = share_state.SHARE
    at_shown = bool(el("share-view").checked) and share.cursor.viewing
    view = share.cursor.ply if at_shown else None
    ok, writes = sharing.share_link_writes(
        share.game, str(window.location.href), view, share.cursor, at_shown
    )
    apply(writes)
    return ok


def copy_link() -> None:
    """Fill the Share field and copy the link (if the game has one)."""
    if fill_share():
        copy_text(str(el("share-link").value), el("share-link"), el("share-status"), "Link")


def on_share(_event: Any) -> None:
    """Open the Share dialog and copy the link at once."""
    cursor = share_state.SHARE.cursor
    game = share_state.SHARE.game
    apply(sharing.share_dialog_writes(
        cursor.viewing, cursor.shown_plies, cursor.total_plies, game
    ))
    view = cursor.ply if cursor.viewing else None
    apply(sharing.studio_entry_writes(game, view, str(window.location.href)))
    made_now = sharing.link_on_open(game)
    dialog = el("share-dialog")
    if not dialog.open:
        dialog.showModal()
    if made_now:
        copy_link()
    else:  # hidden hands: no link until the person asks for it
        el("share-link").value = ""
        el("share-status").textContent = _(sharing.LINK_ON_REQUEST)


def on_share_copy(_event: Any) -> None:
    """Copy the link again (or make it, for a game with hidden hands)."""
    copy_link()
    el("btn-share-copy").textContent = _(sharing.COPY_LINK_LABEL)


def on_share_view(_event: Any) -> None:
    """The "position shown" box changed: new link (if one was made)."""
    el("share-status").textContent = ""
    if sharing.link_on_open(share_state.SHARE.game) or str(el("share-link").value):
        fill_share()


def install() -> None:
    """Wire the Share button and the dialog's controls."""
    on(el("btn-share"), "click", on_share)
    on(el("btn-share-copy"), "click", on_share_copy)
    on(el("share-view"), "change", on_share_view)
