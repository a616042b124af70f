"""Opening a shared link (run by PyScript): from the address on load, a changed
fragment, or a link pasted in the Notation dialog.

The game is replayed by the engine (:func:`paisho_page.sharing.link_open.open_link_steps`), a long
one in chunks paced by :mod:`paisho_page.sharing.link_pacing`, its progress shown ("Opening
shared game… 120/500"); a bad link shows the last legal position (or an empty board),
says what was wrong and keeps the link itself in the notice, with a Copy button; the
game that was on the page is kept (``kept_games``).
"""

from __future__ import annotations

import time

import kept_games  # the game replaced is kept aside (site/kept_games.py)
import share_state  # the page, the notice (site/share_state.py)
from dom import document, window
from pyodide.ffi import create_once_callable

from paisho_core.errors import PaiShoError
from paisho_page.play import tree_links
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import link_pacing
from paisho_page.sharing.link_open import OpenedLink, open_link_steps


def open_address(text: str) -> None:
    """Open a link (the address on load, a changed fragment, or a pasted link).

    A long link is replayed step by step (see :mod:`paisho_page.sharing.link_pacing`), so the
    page stays responsive; a newer link abandons an older one still opening.  When done
    (for the benchmark), ``<html data-link-open-ms>`` holds the time from start to the
    game shown, ``data-link-decoded-ms`` from start to the end of the replay,
    ``data-link-busy-ms`` the time spent replaying (without the paints between chunks)
    and ``data-link-show-ms`` the time taken to show the decoded game (save, redraw).
    """
    share = share_state.SHARE
    share.opening += 1
    if share.open_steps is not None:
        share.open_steps.close()
    share.open_steps = open_link_steps(text, 10)
    share.open_text = text
    _open_more(share.opening, time.perf_counter(), 0.0, link_pacing.OPEN_AT_ONCE_S)


def _open_more(token: int, started: float, busy: float, budget: float) -> None:
    """Replay more of the link being opened for about ``budget`` seconds, then yield."""
    share = share_state.SHARE
    steps = share.open_steps
    if token != share.opening or steps is None:
        return  # abandoned for a newer link
    try:
        chunk = link_pacing.run_chunk(steps, budget, busy)
    except Exception as exc:  # a bug here must not leave the page half-way
        share.open_steps = None
        _show_progress("")
        share_state.notice(sharing.internal_error(exc))
        return
    if chunk.progress is not None:
        _show_progress(link_pacing.progress_text(chunk.progress))
        window.setTimeout(
            create_once_callable(
                lambda: _open_more(token, started, chunk.busy, link_pacing.OPEN_CHUNK_S)
            ),
            0,
        )
        return
    share.open_steps = None
    _show_progress("")
    assert chunk.opened is not None
    _opened(chunk.opened)
    shown = time.perf_counter()
    root = document.documentElement
    for name, value in link_pacing.timing_marks(chunk, started, shown).items():
        setattr(root.dataset, name, value)


def _show_progress(text: str) -> None:
    """Show (or hide, for empty text) the progress of a link being opened."""
    root = document.documentElement
    if text:
        root.dataset.linkProgress = text
        share_state.notice(text)
    else:
        root.removeAttribute("data-link-progress")


def _opened(opened: OpenedLink) -> None:
    """Make the game of a decoded link the page's game, and say what was opened."""
    page = share_state.SHARE.host.page
    before = page.ui.game
    # nothing in a damaged link can be trusted: then an empty board of the page's variant
    game = opened.game if opened.game is not None else page._fresh(page.variant, ()).game
    text, href = share_state.SHARE.open_text, str(window.location.href)
    shown = sharing.link_shown(opened, game, before, text, href)
    kept = kept_games.keep_game(before, game, (shown.old, shown.new))
    share_state.set_game(
        game,
        opened.view_ply,
        shown.message,
        kept,
        before_last=shown.before_last,
        records=(shown.new, shown.old),
        bad_link=shown.bad_link,
        fragment=sharing.opened_fragment(opened, text, str(window.location.hash or "")),
    )
    if opened.ok and opened.game is not None:
        _open_side_lines(text, shown.message)


def _open_side_lines(text: str, message: str) -> None:
    """Take the side lines and comments of the link ``text`` just opened, if it has any
    (a damaged part is left out and said so: the game itself stays open)."""
    share = share_state.SHARE
    try:
        taken = tree_links.restore(share.cursor, text)
    except PaiShoError as exc:
        share_state.notice(sharing.lines_refused(message, exc))
        return
    if taken:
        share.host.page.save()
        share.host.refresh("")


def open_from_address() -> None:
    """On load: open the link in the address, if there is one (never raises)."""
    raw = str(window.location.hash or "")
    if len(raw) > 1:
        try:
            open_address(raw)
        except Exception as exc:  # a bug here must not stop the page from starting
            share_state.notice(sharing.internal_error(exc))
