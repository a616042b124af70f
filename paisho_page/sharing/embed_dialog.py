"""The game page's Embed dialog: its content, the snippet and the diagram's name.

:func:`dialog` describes the dialog (:class:`~paisho_page.base.elements.Element`, built by
``site/embed_ui.py`` with text only); :func:`snippet` is the ``<iframe>`` for a link,
:func:`site_base` the site's folder from the page's address, :func:`embed_snippet` and
:func:`snippet_writes` the snippet of a position (or why there is none),
:func:`diagram_title_and_name` the standalone diagram's title and file name.  What of
a game with hidden hands may leave (no snippet while it runs; the diagram's board
alone) is :func:`paisho_page.sharing.exits.guard`'s word.  Pure (tested under CPython).
"""

from __future__ import annotations

from typing import Any

from paisho_core.errors import PaiShoError
from paisho_page.base.dom_writes import Write, disabled, hidden, prop, text
from paisho_page.base.elements import Element
from paisho_page.sharing.exits import Exit, guard, link_for
from paisho_page.words.i18n import N_, _, describe, ngettext
from paisho_page.words.names import variant_title

SNIPPET_SIZE = (400, 560)
"""Width and height of the suggested iframe (see wiki-editors.html, Sizing)."""
HELP = N_(
    "Paste this into a web page or a wiki that allows iframes; the viewer steps through"
    " the game. On wikis without iframes (Fandom, most MediaWiki sites) upload the"
    " diagram instead."
)
BUTTONS = (
    ("btn-embed-diagram", N_("Download diagram"), None),
    ("btn-embed-copy", N_("Copy snippet"), "primary"),
    ("btn-embed-close", N_("Close"), None),
)


def dialog() -> Element:
    """The Embed dialog: title, help, the snippet's text box, a status line, the guide's
    link and the buttons (Close submits the dialog's form)."""
    field = Element(
        "textarea", id="embed-snippet",
        attrs=(("readonly", ""), ("rows", "4"), ("spellcheck", "false")),
    )
    guide = Element(
        "a", _("How to embed, every parameter, and the rules demos"),
        props=(("href", "./wiki-editors.html"), ("target", "_blank"), ("rel", "noopener")),
    )
    buttons = tuple(
        Element(
            "button", _(text), cls, ident,
            props=(("type", "submit" if ident == "btn-embed-close" else "button"),),
        )
        for ident, text, cls in BUTTONS
    )
    form = Element("form", attrs=(("method", "dialog"),), children=(
        Element("h2", _("Embed this game"), id="embed-title"),
        Element("p", _(HELP), "help"),
        Element("p", "", "share-warning", "embed-hands-warning",
                attrs=(("role", "note"), ("hidden", ""))),
        Element("label", _("Snippet"), "field", children=(field,)),
        Element("p", "", "share-status", "embed-status", attrs=(("aria-live", "polite"),)),
        Element("p", "", "help", children=(guide,)),
        Element("div", cls="dialog-buttons", children=buttons),
    ))
    return Element(
        "dialog", cls="share", id="embed-dialog",
        attrs=(("aria-labelledby", "embed-title"),), children=(form,),
    )


def site_base(href: str) -> str:
    """The site's folder URL (the page's address without file, query or fragment)."""
    return href.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0] + "/"


def snippet(url: str) -> str:
    """The ``<iframe>`` snippet for ``url``."""
    width, height = SNIPPET_SIZE
    return (
        f'<iframe src="{url}" width="{width}" height="{height}" title="Pai Sho game" '
        'loading="lazy" style="border:0;max-width:100%"></iframe>'
    )


def embed_snippet(game: Any, ply: int | None, href: str) -> tuple[str, str]:
    """The snippet of ``game`` shown after ``ply`` actions (``None``: its end) on the
    page at ``href``, and an error to show (empty when there is none): none and the
    guard's words for a running game with hidden hands (its link deals every hand)."""
    try:
        fragment = link_for(game, ply, Exit.EMBED)
    except PaiShoError as exc:
        return "", _("This game cannot be embedded as a link: {error}.").format(error=describe(exc))
    if fragment is None:
        return "", guard(game, Exit.EMBED).notice
    return snippet(f"{site_base(href)}embed.html{fragment}"), ""


def snippet_writes(game: Any, ply: int | None, href: str) -> tuple[bool, tuple[Write, ...]]:
    """The dialog's snippet field for ``game`` shown after ``ply`` actions (a form
    value, never markup), and whether there is a snippet: without one the Copy button
    is off, and the reason is the hidden hands' notice (the guard's words) or the
    status line."""
    made, error = embed_snippet(game, ply, href)
    notice = guard(game, Exit.EMBED).notice
    return bool(made), (
        prop("embed-snippet", "value", made),
        text("embed-hands-warning", notice),
        hidden("embed-hands-warning", not notice),
        disabled("btn-embed-copy", not made),
        text("embed-status", "" if notice else error),
    )


def diagram_title_and_name(game: Any) -> tuple[str, str]:
    """The standalone diagram's title and file name for the position ``game``."""
    ply = len(game.history)
    return (
        ngettext("{game}, position after {count} action",
                 "{game}, position after {count} actions", ply).format(
                     game=variant_title(str(game.info.title)), count=ply),
        f"paisho-{game.info.name}-{ply}.svg",
    )
