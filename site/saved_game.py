"""This tab's saved game (run by PyScript): one key per game, resumed at start, autosaved.

Thin DOM glue around :class:`paisho_page.storage.game_store.GameStore` (start-up, autosave,
other tabs; over the browser's storage, ``site/web_storage.py``): this module holds the
tab's store and what the page lends it, and shows the storage notice (text only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dom import FAILURE_HOOKS, el, window
from web_storage import BROWSER

from paisho_page.base import page_guard
from paisho_page.storage.game_store import Booted, GameStore
from paisho_page.words.i18n import _

Switch = Callable[..., None]
"""``switch(game, computer_seat, message, computers=(), level=None)``: make ``game`` the
page's game and redraw."""


class _State(GameStore):
    """This tab's saved game (:class:`GameStore`) and what the page lends this module."""

    def __init__(self) -> None:
        """No game yet."""
        super().__init__(BROWSER)
        self.switch: Switch | None = None
        self.page: Any = None
        self.seat: Callable[[], int | None] | None = None

    def page_seat(self) -> int | None:
        """The page's one computer seat (``None``: people only, or not known yet)."""
        return self.seat() if self.seat is not None else None


STATE = _State()


def boot() -> Booted:
    """Read storage at start-up; never raises for bad data (it is set aside).  After
    "Start fresh" (``?fresh=1``, :mod:`paisho_page.base.page_guard`) nothing is resumed, and
    the address loses the parameter (a reload then resumes the new game)."""
    fresh = page_guard.is_fresh(str(window.location.search or ""))
    if fresh:
        window.history.replaceState(None, "", page_guard.without_fresh(str(window.location.href)))
    return STATE.boot(fresh)


def _start_failed(_failure: page_guard.Failure) -> None:
    """The page's start failed: the game it resumed is not resumed by itself again."""
    STATE.start_failed()


FAILURE_HOOKS.append(_start_failed)


def new_identity() -> None:
    """The page's game becomes a game of its own (the old one keeps its entry)."""
    STATE.new_identity()
    notice("", newer=False)


def save(
    game: Any, seat: int | None, computers: tuple[int, ...] = (), level: str = "",
    lines: str = "",
) -> None:
    """Autosave ``game`` (see :meth:`GameStore.save`) and show its notice, if any."""
    text = STATE.save(game, seat, computers, level, lines)
    if text is not None:
        notice(text)


# ----------------------------------------------------------------------------- notices
def notice(text: str, newer: bool = False) -> None:
    """Show (or hide, for empty text) the storage notice; ``newer`` offers the load."""
    box = el("storage-notice")
    if box is None:
        return
    el("storage-notice-text").textContent = _(text) if text else ""  # a notice constant
    el("btn-load-newer").hidden = not newer
    box.hidden = not text


def add_notice(text: str) -> None:
    """Add ``text`` to the storage notice (after what it already says, if shown)."""
    box = el("storage-notice")
    if box is None:
        return
    before = "" if box.hidden else str(el("storage-notice-text").textContent or "")
    notice(f"{before} {text}".strip(), newer=not el("btn-load-newer").hidden and bool(before))
