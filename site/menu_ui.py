"""The header's Menu button (a page-wide panel of the game page): on narrow screens the
game's buttons fold into a menu that this button opens and closes (a disclosure:
``aria-expanded`` on the button, ``aria-controls`` the buttons' ``<nav>``; the CSS shows
the button and hides the buttons only on narrow screens).

Escape closes the open menu and gives the focus back to the button; choosing a button in
it, or a click elsewhere, closes it too.
"""

from __future__ import annotations

from typing import Any

from dom import closest, document, el, on

from paisho_page.panels.hooks import Host, Panel


def is_open() -> bool:
    """Whether the menu is open."""
    return str(el("btn-menu").getAttribute("aria-expanded")) == "true"


def set_open(shown: bool) -> None:
    """Open or close the menu."""
    el("btn-menu").setAttribute("aria-expanded", "true" if shown else "false")
    header = closest(el("btn-menu"), "header")
    if header is not None:
        header.classList.toggle("menu-open", shown)


def on_menu(_event: Any) -> None:
    """The Menu button: open or close."""
    set_open(not is_open())


def on_key(event: Any) -> None:
    """Escape closes the open menu, the focus back on its button."""
    if str(event.key) == "Escape" and is_open():
        set_open(False)
        el("btn-menu").focus()


def on_click(event: Any) -> None:
    """A button chosen in the menu, or a click outside it, closes it."""
    if not is_open() or closest(event.target, "#btn-menu") is not None:
        return
    inside = closest(event.target, "#game-actions")
    if inside is None or closest(event.target, "button, a") is not None:
        set_open(False)


class MenuPanel(Panel):
    """The header menu's hooks (for every game)."""

    def install(self, host: Host) -> None:
        """Wire the Menu button, Escape and clicks."""
        on(el("btn-menu"), "click", on_menu)
        on(document, "keydown", on_key)
        on(document, "click", on_click)


PANEL = MenuPanel()
"""The header menu's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
