"""The Share dialog (run by PyScript): the link to the page's game, copied at once, in a
read-only field for manual copying; optionally at the position shown; a warning for a
game whose link reveals hidden hands (:func:`paisho_page.sharing.hidden_hands_warning`).
"""

from __future__ import annotations

from typing import Any

import share_state  # the page and the replay cursor (site/share_state.py)
from clipboard import copy_text
from dom import apply, el, on, window

from paisho_core import link
from paisho_core.errors import PaiShoError
from paisho_page import sharing


def share_url() -> str:
    """The link to the page's game (at the shown position if the box says so)."""
    share = share_state.SHARE
    view = share.cursor.ply if el("share-view").checked and share.cursor.viewing else None
    base = str(window.location.href).split("#", 1)[0]
    return base + link.fragment_for(share.game, view)


def fill_share() -> bool:
    """Put the link in the Share field; False (and the reason shown) if there is none."""
    field = el("share-link")
    try:
        field.value = share_url()
    except PaiShoError as exc:
        field.value = ""
        el("share-status").textContent = f"This game cannot be shared as a link: {exc}."
        return False
    return True


def copy_link() -> None:
    """Fill the Share field and copy the link (if the game has one)."""
    if fill_share():
        copy_text(str(el("share-link").value), el("share-link"), el("share-status"), "Link")


def on_share(_event: Any) -> None:
    """Open the Share dialog and copy the link at once."""
    cursor = share_state.SHARE.cursor
    apply(sharing.share_dialog_writes(
        cursor.viewing, cursor.index, cursor.total, share_state.SHARE.game
    ))
    dialog = el("share-dialog")
    if not dialog.open:
        dialog.showModal()
    copy_link()


def on_share_copy(_event: Any) -> None:
    """Copy the link again."""
    copy_link()


def on_share_view(_event: Any) -> None:
    """The "position shown" box changed: new link."""
    el("share-status").textContent = ""
    fill_share()


def install() -> None:
    """Wire the Share button and the dialog's controls."""
    on(el("btn-share"), "click", on_share)
    on(el("btn-share-copy"), "click", on_share_copy)
    on(el("share-view"), "change", on_share_view)
