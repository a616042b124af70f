"""Opening a shared link: the game to show, where to open it, and what went wrong.

* :func:`open_link` (and :func:`open_link_steps`, in steps so the page stays
  responsive) — decode a shared link into the game to show, where to open it and, for a
  bad link, the last legal position and a message for the player;
* :data:`FAILURES` — the templates of the page's failure notices.

Variant-agnostic (it only uses :mod:`paisho_core.link` and :mod:`paisho_core.registry`)
and free of any browser module, so it is tested under CPython.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from paisho_core import link
from paisho_core.protocol import Game
from paisho_page.play.move_list import move_count
from paisho_page.sharing.notation import IMPORT_REFUSED
from paisho_page.storage.vetting import problem as unusable
from paisho_page.words.i18n import N_, _, ngettext, render

AnyGame = Game[Any]

LINK_NOT_OPENED = N_("This link could not be opened: {error} An empty board is shown.")
LINK_AT_START = N_("This link could not be opened fully: {error} The start position is shown.")
LINK_PARTLY_OPENED = N_(
    "This link could not be opened fully: {error} The last legal position (move {n}) is shown."
)
LINK_REFUSED = N_(
    "This link could not be opened: {error} Your game is unchanged: correct the link and"
    " import it again."
)
FAILURES = (LINK_NOT_OPENED, LINK_AT_START, LINK_PARTLY_OPENED, LINK_REFUSED, IMPORT_REFUSED)
"""The templates of the page's failure notices (a notice starting like one of them, in
the active language, is shown as a failure: :func:`paisho_page.sharing.decisions.notice_is_bad`)."""


@dataclass(frozen=True)
class OpenedLink:
    """What opening a link gives the page.

    ``game`` is the game to show: the whole game for a good link, the last legal
    position for a link with an illegal move, ``None`` when nothing in the link can be
    trusted.  ``view_ply`` is where to open it; ``error`` is the reason a link was bad
    (in words for the player, quoting nothing from the link).
    """

    game: AnyGame | None
    view_ply: int | None
    error: str | None
    before_last: AnyGame | None = None
    """For a good link: the position before its last action (see :class:`UIState`'s
    ``before_last``), so that showing the game replays nothing more."""

    @property
    def ok(self) -> bool:
        """True for a link that decoded completely."""
        return self.error is None

    def message(self) -> str:
        """One sentence for the page: what was opened, or what was wrong."""
        if self.error is None:
            if self.game is None:  # pragma: no cover - a good link always has a game
                return ""
            moves = move_count(self.game)
            if self.view_ply is None:
                return ngettext(
                    "Opened a shared game ({n} move).", "Opened a shared game ({n} moves).", moves
                ).format(n=moves)
            shown = move_count(link.game_at(self.game, self.view_ply))
            return ngettext(
                "Opened a shared game ({n} move, shown at move {ply}).",
                "Opened a shared game ({n} moves, shown at move {ply}).",
                moves,
            ).format(n=moves, ply=shown)
        what = _sentence(self.error)
        if self.game is None:
            return _(LINK_NOT_OPENED).format(error=what)
        moves = move_count(self.game)
        if moves == 0:
            return _(LINK_AT_START).format(error=what)
        return _(LINK_PARTLY_OPENED).format(error=what, n=moves)


    def dialog_message(self) -> str:
        """What the Notation dialog says about a pasted link that could not be opened.

        Unlike :meth:`message` (for a link in the address bar, which replaces the game),
        nothing has changed yet: the dialog keeps the text for the player to correct.
        """
        if self.error is None:
            return self.message()
        moves = 0 if self.game is None else move_count(self.game)
        if moves:
            return ngettext(
                "This link could not be opened: {error} Its first {n} move is legal. Your game"
                " is unchanged: correct the link and import it again.",
                "This link could not be opened: {error} Its first {n} moves are legal. Your"
                " game is unchanged: correct the link and import it again.",
                moves,
            ).format(
                error=_sentence(self.error), n=moves
            )
        return _(LINK_REFUSED).format(error=_sentence(self.error))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return _("unknown error.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def open_link(text: str) -> OpenedLink:
    """Decode a link (URL, ``#fragment`` or payload); never raises."""
    steps = open_link_steps(text)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            opened: OpenedLink = stop.value
            return opened


def open_link_steps(text: str, every: int = 25) -> Generator[link.Progress, None, OpenedLink]:
    """:func:`open_link` step by step, for a page that must stay responsive.

    Yields a :class:`~paisho_core.link.Progress` every ``every`` actions replayed (see
    :func:`paisho_core.link.decode_steps`) and returns the :class:`OpenedLink` (the
    generator's return value).  Never raises.
    """
    try:
        result = yield from link.decode_steps(text, every)
    except Exception as exc:  # an engine bug must not become a stack trace
        why = _("the link could not be read (internal error: {error})").format(
            error=type(exc).__name__
        )
        return OpenedLink(None, None, why)
    if result.link is not None:
        decoded = result.link
        refused = unusable(decoded.game)
        if refused is not None:  # built, but not a game the page can show or save
            return OpenedLink(None, None, refused)
        return OpenedLink(decoded.game, decoded.view_ply, None, decoded.before_last)
    game = result.game
    refused = None if game is None else unusable(game)
    if refused is not None:
        return OpenedLink(None, None, refused)
    if result.message is None:
        return OpenedLink(game, None, _("the link could not be read"))
    return OpenedLink(game, None, render(result.message))


def looks_like_link(text: str) -> bool:
    """True when pasted text is a link or a bare payload rather than notation."""
    text = text.strip()
    if "#" in text or text.startswith(("http://", "https://")):
        return True
    main, _mark, extension = text.partition(link.EXTENSION_MARK)  # (side lines: after "~")
    return (
        len(main) > 1
        and main[0] in link.READ_VERSIONS
        and all(c in link.ALPHABET for c in main[1:] + extension)
    )
