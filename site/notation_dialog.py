"""The Notation dialog (run by PyScript): import a game's notation (the Skud community
site's) or a link, export this game's notation.

Bad text changes nothing: the dialog stays open with the text and says what is wrong,
and offers to open the legal beginning.  Text pasted reaches the page only through
``textContent`` or form ``value``.  The logic is :mod:`paisho_page.replay`.
"""

from __future__ import annotations

from typing import Any

import kept_games  # the game replaced is kept aside (site/kept_games.py)
import share_state  # the page (site/share_state.py)
from clipboard import copy_text
from dom import document, el, on

from paisho_core import registry
from paisho_page import sharing
from paisho_page.replay import export_notation, import_notation, looks_like_link, open_link


class _Dialog:
    """The legal part of a refused import, (game, "the link" or "the notation")."""

    partial: Any = None


DIALOG = _Dialog()


def on_notation(_event: Any) -> None:
    """Open the Notation dialog."""
    select = el("notation-variant")
    select.replaceChildren()
    current = share_state.SHARE.host.page.variant
    for name in sharing.importable_variants():
        option = document.createElement("option")
        option.value = name
        option.textContent = str(registry.get_variant(name).info.title)
        option.selected = name == current
        select.appendChild(option)
    clear()
    el("notation-dialog").showModal()
    el("notation-text").focus()


def clear() -> None:
    """Clear the dialog's messages and its offer of a legal beginning."""
    el("notation-error").textContent = ""
    el("notation-status").textContent = ""
    el("notation-partial").hidden = True
    show_set_aside(())
    DIALOG.partial = None


def take(game: Any, view: int | None, message: str, before_last: Any = None) -> None:
    """Make ``game`` the page's game, keeping the one it replaces."""
    kept = kept_games.keep_game(share_state.SHARE.game, game)
    share_state.set_game(game, view, message, kept, before_last=before_last)


def on_notation_import(_event: Any) -> None:
    """Replay the pasted text (notation or a link) and show it, or say what is wrong.

    Notation is read as the reference site reads it (lenient); what that sets aside is
    listed in the dialog, which then stays open until the player closes it.
    """
    text = str(el("notation-text").value)
    clear()
    if not text.strip():
        el("notation-error").textContent = "Paste a game's notation (or a link) first."
        return
    if looks_like_link(text):
        import_link(text)
        return
    variant = str(el("notation-variant").value or "skud")
    result = import_notation(variant, text, lenient=True)
    if result.error is None and result.game is not None:
        take(result.game, None, result.message())
        if result.set_aside:
            el("notation-status").textContent = result.message()
            show_set_aside(result.set_aside)
        else:
            el("notation-dialog").close("import")
        return
    el("notation-error").textContent = (
        f"{result.message()} Correct the text and import it again."
    )
    if result.game is not None and result.plies > 0:
        DIALOG.partial = (result.game, "the notation")
        show_partial(result.plies, "plies")
    focus_text()


def import_link(text: str) -> None:
    """Open a link pasted in the dialog, or say what is wrong with it."""
    opened = open_link(text)
    if not opened.ok:
        el("notation-error").textContent = opened.dialog_message()
        if opened.game is not None and opened.game.history:
            DIALOG.partial = (opened.game, "the link")
            show_partial(len(opened.game.history), "moves")
        focus_text()
        return
    el("notation-dialog").close("import")
    assert opened.game is not None
    take(opened.game, opened.view_ply, opened.message(), opened.before_last)


def focus_text() -> None:
    """Put the cursor back in the dialog's text box (the text is kept)."""
    el("notation-text").focus()


def show_set_aside(notes: tuple[str, ...]) -> None:
    """List what a lenient import set aside, one item per ply (hidden when empty)."""
    box = el("notation-set-aside")
    items = []
    for note in notes:
        item = document.createElement("li")
        item.textContent = note
        items.append(item)
    box.replaceChildren(*items)
    box.hidden = not notes


def show_partial(count: int, unit: str) -> None:
    """Offer to open the legal beginning of a refused import."""
    el("btn-notation-partial").textContent = f"Open the first {count} legal {unit}"
    el("notation-partial").hidden = False


def on_notation_partial(_event: Any) -> None:
    """Open the legal part of a refused import."""
    if DIALOG.partial is None:
        return
    game, source = DIALOG.partial
    DIALOG.partial = None
    el("notation-dialog").close("import")
    take(
        game,
        None,
        f"Opened the legal part of {source} ({len(game.history)} moves); the rest was refused.",
    )


def on_notation_export(_event: Any) -> None:
    """Put this game's notation in the text box and copy it."""
    text = export_notation(share_state.SHARE.game)
    field = el("notation-text")
    field.value = text
    el("notation-error").textContent = ""
    el("notation-partial").hidden = True
    show_set_aside(())
    plies = sharing.count_plies(text)
    copy_text(text, field, el("notation-status"), f"This game's notation ({plies} plies)")


def install() -> None:
    """Wire the Notation button and the dialog's controls."""
    on(el("btn-notation"), "click", on_notation)
    on(el("btn-notation-import"), "click", on_notation_import)
    on(el("btn-notation-export"), "click", on_notation_export)
    on(el("btn-notation-partial"), "click", on_notation_partial)
