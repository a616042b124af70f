"""The kept games (run by PyScript): the game on the page is never lost.

When a link, an import or "New game" replaces the page's game, it goes to a list of
kept games in ``localStorage`` (:data:`KEPT_KEY`, newest first, see
:func:`paisho_page.replay.push_kept`) and the notice offers "Resume it".  A damaged
list is set aside (kept, downloadable in Your games).  The decisions are
:func:`paisho_page.sharing.parse_kept` and :func:`paisho_page.sharing.worth_keeping`.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import share_state  # the page and the notice (site/share_state.py)
import web_storage  # set-aside data (site/web_storage.py)
from clipboard import copy_text
from dom import el, on, window

from paisho_core.errors import PaiShoError
from paisho_page import sharing
from paisho_page.replay import contains, game_of_record, push_kept, record_of

KEPT_KEY = "paisho.kept.v1"
"""``localStorage`` key of the games kept aside (newest first, see ``push_kept``)."""


def load_kept() -> list[Any]:
    """The kept games; a damaged list is set aside (kept, downloadable) and gives []."""
    text = web_storage.get(KEPT_KEY)
    kept, reason = sharing.parse_kept(text)
    if reason is not None and text is not None:
        web_storage.set_aside(
            KEPT_KEY, text, f"the list of kept games could not be read: {reason}"
        )
    return kept


def save_kept(kept: list[Any]) -> None:
    """Store the kept games (storage full or blocked: nothing else to do)."""
    with contextlib.suppress(Exception):
        window.localStorage.setItem(KEPT_KEY, json.dumps(kept))


def keep_game(game: Any, instead_of: Any, records: tuple[Any, Any] | None = None) -> bool:
    """Keep ``game`` aside before ``instead_of`` replaces it; True if it was kept.

    See :func:`paisho_page.sharing.worth_keeping`.  ``records``: the records of ``game``
    and ``instead_of``, if the caller has them (a long game's record formats every move).
    """
    if sharing.hides_hands(game):
        return False
    old, new = records or (record_of(game), record_of(instead_of))
    if not sharing.worth_keeping(game, old, new):
        return False
    save_kept(push_kept(load_kept(), old))
    return True


def on_notice_close(_event: Any) -> None:
    """Dismiss the notice (the kept games stay kept)."""
    el("notice").hidden = True


def on_resume_kept(_event: Any) -> None:
    """Swap the page's game with the newest kept one (the page's game is kept in turn)."""
    kept = load_kept()
    current = share_state.SHARE.game
    while kept:
        record = kept.pop(0)
        try:
            game = game_of_record(record)
        except PaiShoError as exc:  # kept, not dropped: set aside with the reason
            web_storage.set_aside(KEPT_KEY, json.dumps(record), f"a kept game: {exc}", False)
            continue
        if sharing.hides_hands(current):
            save_kept(kept)  # a running hidden-hand game stays in Your games, seed sealed
        else:
            save_kept(push_kept(kept, record_of(current)))
        swapped = not contains(record_of(game), record_of(current))
        share_state.set_game(
            game,
            None,
            f"Resumed your previous game ({len(game.history)} moves).",
            swapped,
            "The game you had open was kept too:",
        )
        return
    save_kept([])
    share_state.notice("No kept game could be resumed.")


def kept_after_new_game(before: Any) -> None:
    """After "New game": keep the game that was on the page, and offer it back."""
    if keep_game(before, share_state.SHARE.game):
        share_state.notice("New game started.", True)
    else:
        share_state.notice("")


def on_copy_bad_link(_event: Any) -> None:
    """Copy the link that could not be opened (kept in the notice)."""
    copy_text(str(el("bad-link").value), el("bad-link"), el("bad-link-status"), "Link")


def install() -> None:
    """Wire the notice's Close, "Resume it" and the Copy of a link that failed."""
    on(el("btn-notice-close"), "click", on_notice_close)
    on(el("btn-copy-bad-link"), "click", on_copy_bad_link)
    on(el("btn-resume-kept"), "click", on_resume_kept)
