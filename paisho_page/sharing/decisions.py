"""The decisions of the page's sharing features, free of the DOM (tested under CPython).

The site's modules for the address bar, the kept games, the replay bar, the Share and
the Notation dialogs (``site/address_bar.py``, ``kept_games.py``, ``replay_bar.py``,
``share_dialog.py``, ``notation_dialog.py``) only move what these functions decide
into the page:

* the address bar: when the game shown has changed (:func:`address_key`), the fragment
  that holds it (:func:`address_payload`), and which changed fragment is a link to open
  (:func:`link_to_open`);
* the kept games: reading the stored list (:func:`parse_kept`) and whether a game
  replaced on the page is worth keeping (:func:`worth_keeping`);
* the replay bar: whether a game may go back to an earlier position
  (:func:`no_going_back`) and the question before dropping later moves;
* the words of the notices and dialogs (:func:`opened_message`, :func:`notice_is_bad`,
  :func:`hidden_hands_warning`, …), when a notice is taken down (:func:`notice_outlived`:
  on the next move) and the variants whose notation can be imported.

What of a game with hidden hands may leave by the address bar, the history, the Share
dialog, the Studio entry and the kept games is :func:`paisho_page.sharing.exits.guard`'s word.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paisho_core import registry
from paisho_core.errors import PaiShoError
from paisho_page.base.dom_writes import Write, classed, hidden, prop, text
from paisho_page.play.ui import UIState
from paisho_page.sharing.exits import Exit, Leaves, guard, link_for, tree_link_for
from paisho_page.sharing.exits import (
    hides_hands as hides_hands,  # (the page's other modules ask here)
)
from paisho_page.sharing.link_open import FAILURES, AnyGame, OpenedLink
from paisho_page.storage import safejson
from paisho_page.storage.records import MAX_KEPT_CHARS, Record, contains, record_of
from paisho_page.words.authored import neutral
from paisho_page.words.i18n import N_, _, describe, ngettext

NO_GOING_BACK = N_(
    "A game with hidden hands cannot go back to an earlier position: tiles already"
    " seen would be taken back."
)
"""(Translated where it is shown.)"""


PROMOTED = N_("This side line is now the game: the moves it replaced are kept as a side line.")
LINE_DELETED = N_("The side line's moves from there on were deleted.")
COMMENT_KEPT = N_("Comment kept.")
PROMOTE_AFTER_RESIGNATION = N_(
    "The game ended by resignation: its moves stay the main line (a side line cannot"
    " replace them)."
)


def promote_refusal(cursor: Any, game: AnyGame) -> str:
    """Why the side line shown cannot become the main line (``""``: it can): none is
    shown, or the game was resigned (the resignation belongs to its moves)."""
    if not cursor.on_side_line:
        return ""
    if game.resigned is not None:
        return _(PROMOTE_AFTER_RESIGNATION)
    return ""


# ----------------------------------------------------------------------------- address bar
def address_key(game: AnyGame, view: int | None, cursor: Any = None) -> tuple[Any, ...]:
    """What the address bar depends on: the game object, its variant, length,
    resignation and the shown position (``view``, a ply, while replaying), and with the
    replay ``cursor``, its side lines and comments and the side line's move shown."""
    lines = None if cursor is None else (cursor.version, cursor.path if cursor.on_side_line
                                         else None)
    return (id(game), game.info.name, len(game.history), game.resigned, view, lines)


def address_payload(game: AnyGame, view: int | None, cursor: Any = None) -> str | None:
    """The fragment (without ``#``) holding ``game`` shown at ``view``; ``None`` when it
    cannot be a link (e.g. longer than a link holds): the address is left alone.

    ``""`` (no fragment at all) when the guard lets no link out by the address bar
    or the history (:func:`paisho_page.sharing.exits.guard`: a running game with hidden hands,
    whose link carries the deal); the autosave (its seed sealed) keeps the game over a
    reload."""
    if not (guard(game, Exit.ADDRESS).link and guard(game, Exit.HISTORY).link):
        return ""
    try:
        if cursor is not None:  # (the side lines and comments too: the tree's link)
            fragment = tree_link_for(cursor, True, Exit.ADDRESS)
        else:
            fragment = link_for(game, view, Exit.ADDRESS)
    except PaiShoError:
        return None
    return "" if fragment is None else fragment[1:]


def without_fragment(href: str) -> str:
    """``href`` without its fragment (the address bar of a game whose link is secret)."""
    return href.split("#", 1)[0]


def address_change(
    payload: str | None, written: str, href: str, fragment: str
) -> tuple[str | None, str]:
    """How the address bar changes to hold ``payload`` (:func:`address_payload`; the
    address is now ``href``, its fragment ``fragment`` with its ``#``; ``written``: the
    payload this page wrote last): the URL to put in its place (``None``: leave it as it
    is) and the payload written now.  ``None`` leaves the address alone; ``""`` takes
    the fragment away, if there is one; another payload becomes the fragment, unless
    the address holds it already."""
    if payload is None:
        return None, written
    if payload == "":
        bare = without_fragment(href)
        return (None if bare == href else bare), ""
    if payload == written and fragment == "#" + payload:
        return None, written
    return "#" + payload, payload


def share_link_writes(
    game: AnyGame, href: str, view: int | None, cursor: Any = None, at_shown: bool = False
) -> tuple[bool, tuple[Write, ...]]:
    """The Share dialog's field holding the link to ``game`` (shown at ``view``, a ply;
    ``href``: the page's address), made because the person asked for it (the guard
    makes a running game's with hidden hands only then: :func:`link_on_open`), and
    whether there is one: a game that cannot be a link leaves the field empty and its
    status says why."""
    try:
        if cursor is not None:  # its side lines and comments too (the shown one: at_shown)
            fragment = tree_link_for(cursor, at_shown, Exit.SHARE, asked=True)
        else:
            fragment = link_for(game, view, Exit.SHARE, asked=True)
    except PaiShoError as exc:
        reason = _("This game cannot be shared as a link: {error}.").format(error=describe(exc))
        return False, (prop("share-link", "value", ""), text("share-status", reason))
    if fragment is None:
        return False, (prop("share-link", "value", ""),)
    return True, (prop("share-link", "value", without_fragment(href) + fragment),)


STUDIO_PAGE = "studio.html"
"""The Studio, beside the game page: ``studio.html#<game link>`` opens the position."""


def studio_address(game: AnyGame, view: int | None, href: str) -> str | None:
    """Where "Edit this position in the Studio" goes: the Studio next to the page at
    ``href``, with the link the Share dialog makes of ``game`` shown at ``view`` (a
    ply; ``None``: the last position).  ``None`` (no entry) when the guard lets no
    link out to the Studio (:func:`paisho_page.sharing.exits.guard`: a running game with
    hidden hands, whose link would deal every hand) or a game that cannot be a link."""
    try:
        fragment = link_for(game, view, Exit.STUDIO)
    except PaiShoError:
        return None
    if fragment is None:
        return None
    page = without_fragment(href).split("?", 1)[0]
    return f"{page[: page.rfind('/') + 1]}{STUDIO_PAGE}{fragment}"


def studio_entry_writes(game: AnyGame, view: int | None, href: str) -> tuple[Write, ...]:
    """The Share dialog's "Edit this position in the Studio" entry: its address
    (:func:`studio_address`), or hidden when there is none."""
    url = studio_address(game, view, href)
    return (hidden("share-studio-row", url is None), prop("share-studio", "href", url or ""))


def opened_fragment(opened: OpenedLink, text: str, address: str) -> str | None:
    """The fragment (without ``#``) the address keeps after the link ``text`` opened as
    ``opened``, the address's fragment being ``address``: the link as it came, never
    encoded again, when it opened whole from the address and may stay there (not a
    running game with hidden hands: :func:`paisho_page.sharing.exits.guard`); else
    ``None`` (the page writes the address from the game)."""
    game = opened.game
    if not opened.ok or game is None or len(text) < 2 or text != address:
        return None
    if not (guard(game, Exit.ADDRESS).link and guard(game, Exit.HISTORY).link):
        return None
    return text[1:]


def link_to_open(fragment: str, written: str) -> str | None:
    """The address's fragment (with its ``#``) if it is a link to open: not empty and
    not the one this page wrote itself."""
    if len(fragment) > 1 and fragment[1:] != written:
        return fragment
    return None


# ----------------------------------------------------------------------------- kept games
def parse_kept(text: str | None) -> tuple[list[Any], str | None]:
    """The stored list of kept games, and why it cannot be read (``None``: it can).

    Missing or empty: ``([], None)``; damaged: ``([], reason)`` (the page sets it aside)."""
    if not text:
        return [], None
    try:
        data = safejson.loads(text, max_chars=MAX_KEPT_CHARS)
    except safejson.BadJSON as exc:  # e.g. 20,000 nested "[" (fatal in Pyodide's json)
        return [], str(exc)
    if isinstance(data, list):
        return data, None
    return [], _("it is not a list of games")


def worth_keeping(game: AnyGame, old: Record, new: Record, has_lines: bool = False) -> bool:
    """Whether ``game`` (record ``old``; ``has_lines``: with side lines or comments) is
    kept aside when a game of record ``new`` replaces it: not if the new one continues
    it and it has no side lines or comments to lose, nor if the guard keeps it in (a
    running game with hidden hands stays in Your games, its seed sealed)."""
    return guard(game, Exit.KEPT).leaves is Leaves.ALL and (
        has_lines or not contains(new, old)
    )


# ----------------------------------------------------------------------------- notices
BAD_LINK_KEPT = N_("The link you opened is kept here:")
"""The notice's words before the Copy button of a link that could not be opened."""


@dataclass(frozen=True)
class LinkShown:
    """How the page shows the game a link opened (:func:`link_shown`)."""

    new: Record
    """The record of the game shown."""
    old: Record
    """The record of the game it replaces (once each: each formats every move)."""
    message: str
    """What the notice says (:func:`opened_message`)."""
    before_last: Any
    """The link's position before its last action, when the game shown is the link's
    (it spares replaying the game for its undo stack until the first undo)."""
    bad_link: str
    """The link kept in the notice when it could not be opened fully (:func:`failed_link`)."""


def link_shown(
    opened: OpenedLink, game: AnyGame, before: AnyGame, text: str, page: str
) -> LinkShown:
    """How the page shows ``game`` after opening ``text`` (a fragment of the address of
    ``page``, or a whole link) gave ``opened``: ``game`` is the link's, or an empty
    board when nothing in the link could be trusted; ``before`` is the page's game,
    which it replaces (the same game again, e.g. after a reload, says nothing)."""
    new, old = record_of(game), record_of(before)
    same = opened.ok and contains(new, old) and contains(old, new)
    before_last = opened.before_last if game is opened.game else None
    message = opened_message(opened, game, same)
    return LinkShown(new, old, message, before_last, failed_link(opened, text, page))


def failed_link(opened: OpenedLink, text: str, page: str) -> str:
    """The link to keep in the notice (with a Copy button) after opening ``text`` (a
    fragment of the address of ``page``, or a whole link) gave ``opened``: the link
    itself when it could not be opened fully (the address bar then holds the game
    shown, so the link is not lost; without bidi controls or zero-width characters,
    which no link needs), else ``""``."""
    if opened.ok or not text:
        return ""
    kept = without_fragment(page) + text if text.startswith("#") else text
    return neutral(kept)  # (a pasted link's bidi controls and invisible characters out)

SIDE_LINES_REFUSED = N_(
    "The link's side lines and comments could not be opened ({error}): the game itself"
    " is shown."
)
"""Said when a link's game opened but its side lines did not."""
SAVED_LINES_REFUSED = N_(
    "The side lines and comments saved with this game could not be read ({error}): the"
    " game itself is shown."
)
"""Said when a saved game opened but its side lines did not."""


def lines_refused(message: str, error: PaiShoError, why: str = SIDE_LINES_REFUSED) -> str:
    """The notice after a game opened but its side lines did not: ``message`` (what was
    said of the game), then ``why`` (:data:`SIDE_LINES_REFUSED` or
    :data:`SAVED_LINES_REFUSED`) with the reason they were left out."""
    return f"{message} {_(why).format(error=describe(error))}".strip()


def opened_message(opened: OpenedLink, game: AnyGame, same: bool) -> str:
    """What the notice says after a link opened ``game`` (``same``: it is the game that
    was on the page, e.g. a reload: nothing to say)."""
    if same:
        return ""
    if not opened.ok:
        return opened.message()
    who = UIState(game, undo=False).player_name(game.to_move)
    if game.is_over:
        return opened.message()
    if opened.view_ply is not None and opened.view_ply < len(game.history):
        return _("{opened} Go to the last move to play on ({player} to move).").format(
            opened=opened.message(), player=who
        )
    return _("{opened} {player} to move: make your move, then Share the new link back.").format(
        opened=opened.message(), player=who
    )


def notice_is_bad(text: str) -> bool:
    """Whether the notice tells of a failure (shown as such)."""
    starts = [_(t).split("{", 1)[0] for t in (*FAILURES, INTERNAL_ERROR)]
    ends = [partly_opened(source, n).rsplit(")", 1)[-1]
            for source in ("the link", "the notation") for n in (1, 2, 5)]
    return any(s and text.startswith(s) for s in starts) or any(
        e and text.endswith(e) for e in ends
    )


def internal_error(exc: BaseException) -> str:
    """The notice for a bug met while opening a link."""
    return _(INTERNAL_ERROR).format(error=type(exc).__name__)


INTERNAL_ERROR = N_("This link could not be opened (internal error: {error}).")


def partly_opened(source: str, moves: int) -> str:
    """The notice after opening the legal part (``moves`` moves) of a refused import of
    ``source`` (``the link`` or ``the notation``): a failure too."""
    if source == "the link":
        return ngettext(
            "Opened the legal part of the link ({n} move); the rest was refused.",
            "Opened the legal part of the link ({n} moves); the rest was refused.",
            moves,
        ).format(n=moves)
    return ngettext(
        "Opened the legal part of the notation ({n} move); the rest was refused.",
        "Opened the legal part of the notation ({n} moves); the rest was refused.",
        moves,
    ).format(n=moves)


# ----------------------------------------------------------------------------- replay bar
def no_going_back(game: AnyGame) -> bool:
    """True for a running game with hidden hands (Ancient): playing on from an earlier
    position would take back tiles already seen, so "Continue from here" is not offered."""
    return hides_hands(game)


def truncate_question(total: int, index: int) -> str:
    """The question before dropping the moves after position ``index`` of ``total``."""
    drop = total - index
    return ngettext(
        "Drop the {n} later move and play on from move {index}? Redo brings them back until"
        " a new move is made.",
        "Drop the {n} later moves and play on from move {index}? Redo brings them back until"
        " a new move is made.",
        drop,
    ).format(n=drop, index=index)


# ----------------------------------------------------------------------------- dialogs
def hidden_hands_warning(game: AnyGame) -> str:
    """The Share dialog's warning for ``game`` (the guard's notice): for a game with
    secret hands that is not over, its link carries the seed, so whoever opens it can
    work out every hand; ``""`` otherwise."""
    return guard(game, Exit.SHARE).notice


LINK_ON_REQUEST = N_(
    "The link is made only if you ask for it: press “Make and copy the link”."
)
"""What the Share dialog of a game with hidden hands says before the link is made."""
MAKE_LINK_LABEL = N_("Make and copy the link")
"""The Share dialog's copy button while the link of a game with hidden hands is not made."""
COPY_LINK_LABEL = N_("Copy link")
"""The Share dialog's copy button otherwise."""


def link_on_open(game: AnyGame) -> bool:
    """Whether the Share dialog makes (and copies) the link as it opens: not for a game
    whose link the guard lets out only on request (a running game with hidden hands)."""
    return guard(game, Exit.SHARE).link


def share_view_text(index: int, total: int) -> str:
    """The label of the Share dialog's "position shown" box."""
    return _("Open at the position shown (move {index} of {total})").format(
        index=index, total=total
    )


def importable_variants() -> list[str]:
    """Variants whose notation alone replays a game (no seed needed)."""
    return [spec.name for spec in registry.specs() if not spec.info.uses_seed]


def count_plies(notation: str) -> int:
    """How many plies an exported notation holds (its ``;``-separated entries)."""
    return len([p for p in notation.split(";") if p.strip()])


def share_dialog_writes(viewing: bool, index: int, total: int, game: AnyGame) -> tuple[Write, ...]:
    """The Share dialog as it opens: the "position shown" box (offered while the replay
    shows an earlier position; ``index`` and ``total`` counted in plies, as the move list
    numbers them), no status yet, the hidden hands' warning, and the copy button's label
    (a game with hidden hands makes its link only on request: :func:`link_on_open`)."""
    warning = hidden_hands_warning(game)
    label = _(COPY_LINK_LABEL) if link_on_open(game) else _(MAKE_LINK_LABEL)
    return (
        hidden("share-view-label", not viewing),
        prop("share-view", "checked", viewing),
        text("share-view-text", share_view_text(index, total)),
        text("share-status", ""),
        text("share-hands-warning", warning),
        hidden("share-hands-warning", not warning),
        text("btn-share-copy", label),
    )


def notice_writes(
    message: str, kept: bool, kept_text: str = "", bad_link: str = ""
) -> tuple[Write, ...]:
    """The notice (hidden for empty text unless a game was kept, then with "Resume it");
    for a link that could not be opened (``bad_link``), that link (a form value, never
    markup) and a Copy button: the game shown replaces it in the address bar, so the
    link is not lost.  A notice that tells of a failure is marked ``bad``
    (:func:`notice_is_bad`)."""
    return (
        text("notice-text", message),
        text("kept-text", kept_text or _("Your previous game was kept:")),
        hidden("kept-bar", not kept),
        text("bad-link-text", _(BAD_LINK_KEPT)),
        prop("bad-link", "value", bad_link),
        text("bad-link-status", ""),
        hidden("bad-link-bar", not bad_link),
        hidden("notice", not message and not kept),
        classed("notice", "bad", notice_is_bad(message)),
    )


def notice_key(game: AnyGame) -> tuple[int, int]:
    """What a notice shown over ``game`` belongs to: the game and its length."""
    return (id(game), len(game.history))


def notice_outlived(shown: tuple[int, int] | None, game: AnyGame, holds_link: bool) -> bool:
    """Whether the notice shown over the game of :func:`notice_key` ``shown`` is taken
    down now that ``game`` is on the page: once a move is made (or taken back) or
    another game is shown, as a passing notice is; never one that holds a link that
    could not be opened (``holds_link``: it stays until closed, or the link is lost)."""
    return shown is not None and not holds_link and shown != notice_key(game)


MANUAL_COPY = N_("Select the text above and copy it (Ctrl+C, or ⌘C on a Mac).")
"""What the copy status says when neither the clipboard nor the old way took the text."""


def copy_words(what: str, ok: bool) -> tuple[str, str]:
    """The copy status's text and its ``data-copied`` once ``what`` (one of
    :data:`COPIED`'s keys, e.g. ``Snippet``) was copied (``ok``) or could not be."""
    if ok:
        plies = what.removeprefix(NOTATION_OF)
        if plies != what and plies.isdigit():
            return ngettext(
                "This game's notation ({n} move) copied to the clipboard.",
                "This game's notation ({n} moves) copied to the clipboard.",
                int(plies),
            ).format(n=int(plies)), "true"
        template = COPIED.get(what)
        if template is None:
            return _("{what} copied to the clipboard.").format(what=what), "true"
        return _(template), "true"
    return _(MANUAL_COPY), "false"


COPIED: dict[str, str] = {
    "Link": N_("Link copied to the clipboard."),
    "Snippet": N_("Snippet copied to the clipboard."),
}
"""What the copy status says once each kind of text was copied (by its English name)."""
NOTATION_OF = "notation:"
"""``notation:12``: the copied text is this game's notation of 12 plies."""
