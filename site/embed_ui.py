"""The game page's **Embed** button: the ``<iframe>`` snippet of the game (at the
position shown) for a wiki or a blog, and **Download diagram**, a standalone SVG of
that position for wikis that allow no iframes.

Plugged into the game page as a page-wide panel (:data:`PANEL`; see
:mod:`paisho_page.panels.hooks`); it builds its dialog itself from
:func:`paisho_page.sharing.embed_dialog.dialog`, with ``textContent`` only, so ``index.html``
holds just the button.  The snippet and the diagram's name are
:mod:`paisho_page.sharing.embed_dialog`'s; what of a game with hidden hands may leave (no
snippet while it runs, the diagram's board alone) is :func:`paisho_page.sharing.exits.guard`'s.
"""

from __future__ import annotations

from typing import Any

import share  # the replay cursor and the copy helper (site/share.py)
from dom import apply, build, document, download, el, on, window

from paisho_core.demos.diagram import diagram_svg
from paisho_page.panels.hooks import Host, Panel
from paisho_page.sharing import embed_dialog, exits
from paisho_page.words.board_words import board_words
from paisho_page.words.i18n import _


class _State:
    page: Any = None


STATE = _State()


def _shown() -> tuple[Any, Any, int | None]:
    """The game on the page, the position shown with its marks, and the replay ply."""
    page = STATE.page
    if share.viewing():
        game, view = share.view_render()
        return page.ui.game, (game, view), share.SHARE.cursor.ply
    ui = page.ui
    return ui.game, (ui.game, ui.view()), None


def _dialog() -> Any:
    """The Embed dialog (made once)."""
    dialog = el("embed-dialog")
    if dialog is not None:
        return dialog
    dialog = build(embed_dialog.dialog())
    document.body.append(dialog)
    on(el("btn-embed-copy"), "click", on_copy)
    on(el("btn-embed-diagram"), "click", on_diagram)
    return dialog


def fill() -> bool:
    """Put the snippet of the shown position in the dialog; False if there is none."""
    game, _, ply = _shown()
    made, writes = embed_dialog.snippet_writes(game, ply, str(window.location.href))
    apply(writes)
    return made


def on_embed(_event: Any) -> None:
    """Open the Embed dialog with the snippet of the position shown."""
    dialog = _dialog()
    fill()
    if not dialog.open:
        dialog.showModal()


def on_copy(_event: Any) -> None:
    """Copy the snippet."""
    if fill():
        share.copy_text(str(el("embed-snippet").value), el("embed-snippet"),
                        el("embed-status"), "Snippet")


def diagram_text() -> tuple[str, str]:
    """The standalone SVG of the position shown (the marks the guard lets out) and a
    file name for it."""
    whole, (game, view), _ = _shown()
    title, name = embed_dialog.diagram_title_and_name(game)
    marks = exits.diagram_view(whole, view)
    return diagram_svg(game, marks, "", title, words=board_words()), name


def on_diagram(_event: Any) -> None:
    """Download the diagram of the position shown."""
    text, name = diagram_text()
    download(text, name, "image/svg+xml")
    el("embed-status").textContent = _("Diagram saved as {name}.").format(name=name)


class EmbedPanel(Panel):
    """The Embed button, for every game (``variant`` is ``None``)."""

    def install(self, host: Host) -> None:
        """Wire the Embed button of the game page."""
        STATE.page = host.page
        button = el("btn-embed")
        if button is not None:
            on(button, "click", on_embed)
            button.disabled = False


PANEL = EmbedPanel()
"""The Embed button's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
