"""The kept games (run by PyScript): the game on the page is never lost.

When a link, an import or "New game" replaces the page's game, it goes to a list of
kept games in ``localStorage`` and the notice offers "Resume it".  The list and its
decisions are :class:`paisho_page.storage.kept_store.KeptStore` (over the browser's storage,
``site/web_storage.py``); this module wires the notice.
"""

from __future__ import annotations

from typing import Any

import replay_bar  # the replay cursor's side lines (site/replay_bar.py)
import share_state  # the page and the notice (site/share_state.py)
from clipboard import copy_text
from dom import el, on
from web_storage import BROWSER

from paisho_page.storage.kept_store import NONE_RESUMED, KeptStore
from paisho_page.words.i18n import _

KEPT = KeptStore(BROWSER)


def keep_game(
    game: Any, instead_of: Any, records: tuple[Any, Any] | None = None, lines: str | None = None
) -> bool:
    """Keep ``game`` aside, with its side lines and comments (``lines``; ``None``: the
    replay cursor's, ``game`` being still the page's game), before ``instead_of``
    replaces it; True if it was kept (see :meth:`KeptStore.keep`)."""
    kept = replay_bar.kept_lines(game) if lines is None else lines
    return KEPT.keep(game, instead_of, records, kept)


def on_notice_close(_event: Any) -> None:
    """Dismiss the notice (the kept games stay kept)."""
    el("notice").hidden = True


def on_resume_kept(_event: Any) -> None:
    """Swap the page's game with the newest kept one (the page's game is kept in turn)."""
    current = share_state.SHARE.game
    resumed = KEPT.resume(current, replay_bar.kept_lines(current))
    if resumed is None:
        share_state.notice(_(NONE_RESUMED))
        return
    share_state.set_game(
        resumed.game, None, resumed.message, resumed.swapped,
        _("The game you had open was kept too:"),
    )
    if resumed.lines:  # (a damaged part is left out and said so: the game stays)
        said = replay_bar.restore_lines(resumed.game, resumed.lines, resumed.message)
        if said != resumed.message:
            share_state.notice(said)
        share_state.SHARE.host.page.save()
        share_state.SHARE.host.refresh("")


def kept_after_new_game(before: Any, lines: str) -> None:
    """After "New game": keep the game that was on the page, with the side lines and
    comments it had (``lines``, taken before the new game: :func:`replay_bar.kept_lines`),
    and offer it back."""
    if keep_game(before, share_state.SHARE.game, None, lines):
        share_state.notice(_("New game started."), True)
    else:
        share_state.notice("")


def on_copy_bad_link(_event: Any) -> None:
    """Copy the link that could not be opened (kept in the notice)."""
    copy_text(str(el("bad-link").value), el("bad-link"), el("bad-link-status"), "Link")


def install() -> None:
    """Wire the notice's Close and "Resume it"."""
    on(el("btn-notice-close"), "click", on_notice_close)
    on(el("btn-copy-bad-link"), "click", on_copy_bad_link)
    on(el("btn-resume-kept"), "click", on_resume_kept)
