"""The game page's **Embed** button: the ``<iframe>`` snippet of the game (at the
position shown) for a wiki or a blog, and **Download diagram**, a standalone SVG of
that position for wikis that allow no iframes.

Plugged into the game page as a page-wide panel (:data:`PANEL`, whose ``install`` hook
is :func:`install`; see :mod:`paisho_page.panels.hooks`); it builds its dialog itself,
with ``textContent`` only, so ``index.html`` holds just the button.
"""

from __future__ import annotations

from typing import Any

import share  # the replay cursor and the copy helper (site/share.py)
from dom import document, el, keep, make, on, window
from pyodide.ffi import to_js

from paisho_core import link
from paisho_core.demos.diagram import diagram_svg
from paisho_core.errors import PaiShoError
from paisho_page.panels.hooks import Host, Panel

SNIPPET_SIZE = (400, 560)
"""Width and height of the suggested iframe (see wiki-editors.html, Sizing)."""


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


def site_base() -> str:
    """The site's folder URL (the page's address without file, query or fragment)."""
    href = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
    return href.rsplit("/", 1)[0] + "/"


def snippet(url: str) -> str:
    """The ``<iframe>`` snippet for ``url``."""
    width, height = SNIPPET_SIZE
    return (
        f'<iframe src="{url}" width="{width}" height="{height}" title="Pai Sho game" '
        'loading="lazy" style="border:0;max-width:100%"></iframe>'
    )


def _dialog() -> Any:
    """The Embed dialog (made once)."""
    dialog = el("embed-dialog")
    if dialog is not None:
        return dialog
    dialog = make("dialog", cls="share")
    dialog.id = "embed-dialog"
    dialog.setAttribute("aria-labelledby", "embed-title")
    form = make("form")
    form.setAttribute("method", "dialog")
    title = make("h2", "Embed this game")
    title.id = "embed-title"
    form.append(title)
    form.append(make("p", "Paste this into a web page or a wiki that allows iframes; the "
                     "viewer steps through the game. On wikis without iframes (Fandom, most "
                     "MediaWiki sites) upload the diagram instead.", "help"))
    label = make("label", "Snippet", "field")
    field = make("textarea")
    field.id = "embed-snippet"
    field.setAttribute("readonly", "")
    field.setAttribute("rows", "4")
    field.setAttribute("spellcheck", "false")
    label.append(field)
    form.append(label)
    status = make("p", "", "share-status")
    status.id = "embed-status"
    status.setAttribute("aria-live", "polite")
    form.append(status)
    guide = make("a", "How to embed, every parameter, and the rules demos")
    guide.href = "./wiki-editors.html"
    guide.target = "_blank"
    guide.rel = "noopener"
    form.append(make("p", "", "help"))
    form.lastChild.append(guide)
    buttons = make("div", cls="dialog-buttons")
    for ident, text, cls in (
        ("btn-embed-diagram", "Download diagram", ""),
        ("btn-embed-copy", "Copy snippet", "primary"),
        ("btn-embed-close", "Close", ""),
    ):
        button = make("button", text, cls or None)
        button.id = ident
        button.type = "submit" if ident == "btn-embed-close" else "button"
        buttons.append(button)
    form.append(buttons)
    dialog.append(form)
    document.body.append(dialog)
    on(el("btn-embed-copy"), "click", on_copy)
    on(el("btn-embed-diagram"), "click", on_diagram)
    return dialog


def fill() -> bool:
    """Put the snippet of the shown position in the dialog; False if there is none."""
    game, _, ply = _shown()
    field = el("embed-snippet")
    try:
        fragment = link.fragment_for(game, ply)
    except PaiShoError as exc:
        field.value = ""
        el("embed-status").textContent = f"This game cannot be embedded as a link: {exc}."
        return False
    field.value = snippet(f"{site_base()}embed.html{fragment}")
    return True


def on_embed(_event: Any) -> None:
    """Open the Embed dialog with the snippet of the position shown."""
    dialog = _dialog()
    el("embed-status").textContent = ""
    fill()
    if not dialog.open:
        dialog.showModal()


def on_copy(_event: Any) -> None:
    """Copy the snippet."""
    if fill():
        share.copy_text(str(el("embed-snippet").value), el("embed-snippet"),
                        el("embed-status"), "Snippet")


def diagram_text() -> tuple[str, str]:
    """The standalone SVG of the position shown and a file name for it."""
    _, (game, view), _ = _shown()
    shown_ply = len(game.history)
    title = f"{game.info.title}, position after {shown_ply} actions"
    return diagram_svg(game, view, "", title), f"paisho-{game.info.name}-{shown_ply}.svg"


def on_diagram(_event: Any) -> None:
    """Download the diagram of the position shown."""
    text, name = diagram_text()
    blob = window.Blob.new(to_js([text]), to_js({"type": "image/svg+xml"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    anchor = make("a")
    anchor.href = url
    anchor.download = name
    document.body.append(anchor)
    anchor.click()
    anchor.remove()
    window.setTimeout(keep(lambda: window.URL.revokeObjectURL(url)), 1000)
    el("embed-status").textContent = f"Diagram saved as {name}."


def install(page: Any) -> None:
    """Wire the Embed button of the game page (``page``: ``game_page.PAGE``)."""
    STATE.page = page
    button = el("btn-embed")
    if button is not None:
        on(button, "click", on_embed)
        button.disabled = False


class EmbedPanel(Panel):
    """The Embed button, for every game (``variant`` is ``None``)."""

    def install(self, host: Host) -> None:
        """Wire the Embed button."""
        install(host.page)


PANEL = EmbedPanel()
"""The Embed button's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
