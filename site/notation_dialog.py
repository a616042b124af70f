"""The Notation dialog (run by PyScript): import a game's notation (the Skud community
site's) or a link, export this game's notation.  What the dialog does with pasted text
is :func:`paisho_page.sharing.notation_import.read_pasted`.

Bad text changes nothing: the dialog stays open with the text and says what is wrong,
and offers to open the legal beginning.  Text pasted reaches the page only through
``textContent`` or form ``value``.  The logic is :mod:`paisho_page.sharing.link_open`; what an
export may hold is :func:`paisho_page.sharing.exits.notation`'s word (the guard at every exit).
"""

from __future__ import annotations

from typing import Any

import kept_games  # the game replaced is kept aside (site/kept_games.py)
import share_state  # the page (site/share_state.py)
from clipboard import copy_text
from dom import apply, build, el, make, on

from paisho_core.errors import PaiShoError
from paisho_page.play import tree_links
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import exits, notation_import


class _Dialog:
    """The legal part of a refused import, (game, "the link" or "the notation")."""

    partial: Any = None


DIALOG = _Dialog()


def on_notation(_event: Any) -> None:
    """Open the Notation dialog."""
    options = notation_import.variant_options(share_state.SHARE.host.page.variant)
    el("notation-variant").replaceChildren(*[build(option) for option in options])
    clear()
    el("notation-dialog").showModal()
    el("notation-text").focus()


def clear() -> None:
    """Clear the dialog's messages and its offer of a legal beginning."""
    apply(notation_import.cleared_writes())
    show_set_aside(())
    DIALOG.partial = None


def take(
    game: Any, view: int | None, message: str, before_last: Any = None, tree: Any = None,
    link_text: str = "",
) -> None:
    """Make ``game`` the page's game, keeping the one it replaces, with the side lines
    and comments of the notation's ``tree`` or of the link ``link_text``."""
    kept = kept_games.keep_game(share_state.SHARE.game, game)
    share_state.set_game(game, view, message, kept, before_last=before_last)
    share = share_state.SHARE
    try:
        if tree is not None:
            share.cursor.adopt(tree)
        elif not link_text or not tree_links.restore(share.cursor, link_text):
            return
    except PaiShoError as exc:
        share_state.notice(sharing.lines_refused(message, exc))
        return
    share.host.page.save()
    share.host.refresh("")


def on_notation_import(_event: Any) -> None:
    """Replay the pasted text (notation or a link) and show it, or say what is wrong
    (a lenient read's set-aside notes keep the dialog open until the player closes it)."""
    text = str(el("notation-text").value)
    clear()
    chosen = str(el("notation-variant").value or share_state.SHARE.host.page.variant)
    pasted = notation_import.read_pasted(text, chosen)
    if pasted.close:
        el("notation-dialog").close("import")
    if pasted.take is not None:
        taken = pasted.take
        take(taken.game, taken.view, taken.message, taken.before_last, taken.tree, taken.link)
    apply(pasted.writes())
    show_set_aside(pasted.set_aside)
    DIALOG.partial = pasted.partial
    if pasted.error and text.strip():
        focus_text()


def focus_text() -> None:
    """Put the cursor back in the dialog's text box (the text is kept)."""
    el("notation-text").focus()


def show_set_aside(notes: tuple[str, ...]) -> None:
    """List what a lenient import set aside, one item per ply (hidden when empty)."""
    box = el("notation-set-aside")
    box.replaceChildren(*[make("li", note) for note in notes])
    box.hidden = not notes


def on_notation_partial(_event: Any) -> None:
    """Open the legal part of a refused import."""
    if DIALOG.partial is None:
        return
    game, source = DIALOG.partial
    DIALOG.partial = None
    el("notation-dialog").close("import")
    take(game, None, notation_import.partial_message(game, source))


def on_notation_export(_event: Any) -> None:
    """Put this game's notation in the text box and copy it."""
    text = exits.notation(share_state.SHARE.game, share_state.SHARE.cursor)
    apply(notation_import.export_writes(text))
    show_set_aside(())
    label = notation_import.export_label(text)
    copy_text(text, el("notation-text"), el("notation-status"), label)


def install() -> None:
    """Wire the Notation button and the dialog's controls."""
    on(el("btn-notation"), "click", on_notation)
    on(el("btn-notation-import"), "click", on_notation_import)
    on(el("btn-notation-export"), "click", on_notation_export)
    on(el("btn-notation-partial"), "click", on_notation_partial)
