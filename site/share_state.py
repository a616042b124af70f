"""What the page's sharing features share (run by PyScript): the page, the replay cursor,
and making a game the page's game with a notice.

The features themselves are modules of their own: the replay bar (``replay_bar``), the
address bar (``address_bar``), opening links (``link_opening``), the kept games
(``kept_games``), copying (``clipboard``), the Share and the Notation dialogs
(``share_dialog``, ``notation_dialog``); ``share`` wires them (see its docstring).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from dom import apply, el

from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.ui import UIState
from paisho_page.sharing.decisions import address_key, notice_key, notice_outlived, notice_writes
from paisho_page.sharing.link_open import OpenedLink
from paisho_page.storage.records import contains, record_of


@dataclass
class Host:
    """What ``game_page`` lends the sharing features: the page object and its redraw.

    ``page`` is a :class:`paisho_page.play.page_state.PageState` (``ui``, ``variant``,
    ``show(ui)``) with ``save()``; ``refresh(message)`` redraws everything (``None``:
    the UI's message).
    """

    page: Any
    refresh: Callable[[str | None], None]
    redraw: Callable[..., None] | None = None
    """``redraw(parts, message)``: draw only those parts of the page (``None``: refresh)."""


class Sharing:
    """The replay cursor, the address-bar state and the link being opened of one page."""

    def __init__(self, host: Host) -> None:
        """Attach to the page; nothing is drawn yet."""
        self.host = host
        self.cursor = ReplayCursor(host.page.ui.game)
        self.written = ""  # the last payload written to the address bar
        self.address_key: tuple[Any, ...] | None = None
        self.timer_pending = False
        self.opening = 0  # counts links being opened: a newer one abandons an older one
        self.open_steps: Generator[Any, None, OpenedLink] | None = None
        self.open_text = ""  # the link being opened (kept in the notice if it fails)
        self.notice_key: tuple[int, int] | None = None  # what the notice shown belongs to
        self.notice_holds_link = False
        self.explore: UIState | None = None
        """The UI state of the position shown while replaying (``replay_bar.explore``)."""
        self.explore_key: tuple[Any, ...] | None = None
        self.comment_key: tuple[Any, ...] | None = None
        """The position whose comment the comment box shows."""

    @property
    def game(self) -> Any:
        """The live game."""
        return self.host.page.ui.game


SHARE: Sharing


def start(host: Host) -> Sharing:
    """Attach the sharing features to the page."""
    global SHARE
    SHARE = Sharing(host)
    return SHARE


def set_game(
    game: Any,
    view: int | None,
    message: str,
    kept: bool,
    kept_text: str = "",
    before_last: Any = None,
    records: tuple[Any, Any] | None = None,
    bad_link: str = "",
    fragment: str | None = None,
) -> None:
    """Make ``game`` the page's game (shown at ``view``), save it and say so.

    ``fragment``: the address's fragment already holds the game, as it came (a link
    opened from the address): it is kept, never written again.

    ``before_last`` (a link's position before its last action) spares replaying the
    game for its undo stack until the first undo; ``records``, the records of ``game``
    and of the page's game if the caller has them, spares making them again."""
    page = SHARE.host.page
    new, old = records or (record_of(game), record_of(page.ui.game))
    if not contains(new, old):
        page.new_identity()  # another game: the one on the page keeps its own save
    page.show(UIState(game, before_last=before_last))
    SHARE.cursor.sync(game)
    SHARE.cursor.forget()  # (its side lines, if any, are the link's: link_opening)
    page.save()
    SHARE.cursor.go(len(game.history) if view is None else view)
    el("confirm-truncate").hidden = True
    if fragment is not None:
        SHARE.written = fragment
        SHARE.address_key = address_key(game, SHARE.cursor.ply, SHARE.cursor)
    notice(message, kept, kept_text, bad_link)
    SHARE.host.refresh("")


def notice(text: str, kept: bool = False, kept_text: str = "", bad_link: str = "") -> None:
    """Show (or hide, for empty text) the notice, with "Resume it" if a game was kept
    and, for a link that could not be opened (``bad_link``), that link and a Copy button;
    it is taken down on the next move (:func:`expire_notice`)."""
    apply(notice_writes(text, kept, kept_text, bad_link))
    SHARE.notice_key = notice_key(SHARE.game) if text or kept else None
    SHARE.notice_holds_link = bool(bad_link)


def expire_notice() -> None:
    """Take the notice down once the game moved on (:func:`notice_outlived`)."""
    if notice_outlived(SHARE.notice_key, SHARE.game, SHARE.notice_holds_link):
        SHARE.notice_key = None
        el("notice").hidden = True
