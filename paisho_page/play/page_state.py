"""The game page's own state beside its game: pure logic for ``site/game_page.py``.

:class:`PageState` is the page's game (a :class:`UIState`), its variant, the accent
tiles chosen in the accent chooser and what the page last built (the players' panels,
the chooser's buttons), so they are rebuilt only when they change.  The site's ``Page``
adds resuming, saving and starting games; the sharing features and the replay bar show
another game through :meth:`PageState.show`.
"""

from __future__ import annotations

from typing import Any

from paisho_page.play import accent_view
from paisho_page.play.accent_view import Chooser
from paisho_page.play.ui import UIState


class PageState:
    """The one game on the page, its UI state and the page's choices about it."""

    ui: UIState

    def __init__(self, variant: str) -> None:
        """No game yet (the subclass sets :attr:`ui`), ``variant`` the first one's."""
        self.variant = variant
        self.accent_choice: list[int] = []
        """Indices into the accent chooser's buttons."""
        self._accent_key: tuple[Any, ...] | None = None
        self._players_built: tuple[str, ...] = ()

    def show(self, ui: UIState) -> None:
        """Make ``ui`` the page's game's state: its variant, no accent tiles chosen."""
        self.ui = ui
        self.variant = str(ui.game.info.name)
        self.accent_choice = []

    def players_changed(self, names: tuple[str, ...]) -> bool:
        """True (once) when the players' panels must be built for ``names``."""
        if names == self._players_built:
            return False
        self._players_built = names
        return True

    def chooser_opened(self, chooser: Chooser | None) -> bool:
        """The accent chooser now shown (``None``: none); True when its buttons are to
        be built again (another position or choice: the choice is then reset)."""
        if chooser is None:
            self._accent_key = None
            return False
        if self._accent_key == chooser.key:
            return False
        self._accent_key = chooser.key
        self.accent_choice = accent_view.first_choice(len(chooser.items), chooser.tokens)
        return True

    def toggle_accent(self, idx: int) -> str | None:
        """Choose the chooser's tile ``idx``, or take it back; the refusal when as many
        tiles as the chooser asks for are chosen already."""
        _, size = self.ui.accent_pool()
        self.accent_choice, refusal = accent_view.toggle(self.accent_choice, idx, size)
        return refusal
