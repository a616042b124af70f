"""The address bar kept in sync with the page's game (run by PyScript).

After every change (and after the page has painted) the game, and the shown position
while replaying, is written to the URL fragment with ``history.replaceState``; a link
pasted into the address bar of the open page (``hashchange``) is opened.  A running
game with hidden hands has no fragment at all (its link would carry the deal): the
address is then the page's own, and a reload resumes the autosave.  What it holds
and when it changes: :mod:`paisho_page.sharing.decisions`.
"""

from __future__ import annotations

import contextlib
from typing import Any

import link_opening  # a changed fragment is opened (site/link_opening.py)
import share_state  # the page and the replay cursor (site/share_state.py)
from dom import keep, on, window

from paisho_page.sharing import decisions as sharing

_ADDRESS_PROXY: list[Any] = []


def schedule_address() -> None:
    """Update the address bar soon (after the page has painted), if the game changed."""
    share = share_state.SHARE
    key = sharing.address_key(share.game, share.cursor.ply, share.cursor)
    if key == share.address_key or share.timer_pending or share.open_steps is not None:
        return  # (while a link opens, the address already holds it)
    share.timer_pending = True
    window.setTimeout(_ADDRESS_PROXY[0], 0)


def write_address() -> None:
    """Put the game (and the shown position, while replaying) in the URL fragment."""
    share = share_state.SHARE
    share.timer_pending = False
    game, view = share.game, share.cursor.ply
    share.address_key = sharing.address_key(game, view, share.cursor)
    # (none: e.g. longer than a link holds; "": hidden hands, no link anywhere in the
    # address or the history)
    payload = sharing.address_payload(game, view, share.cursor)
    href, hash_ = str(window.location.href), str(window.location.hash)
    url, share.written = sharing.address_change(payload, share.written, href, hash_)
    if url is not None:
        with contextlib.suppress(Exception):  # a sandboxed frame may refuse
            window.history.replaceState(window.history.state, "", url)


def on_hash_change(_event: Any) -> None:
    """A link pasted into the address bar of the open page: open it."""
    raw = sharing.link_to_open(str(window.location.hash or ""), share_state.SHARE.written)
    if raw is not None:
        link_opening.open_address(raw)


def install() -> None:
    """Listen to ``hashchange`` and prepare the deferred address update."""
    _ADDRESS_PROXY.append(keep(write_address))
    on(window, "hashchange", on_hash_change)
