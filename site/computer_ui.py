"""The computer opponent (``site/computer.py``) as a page-wide panel of the game page.

:data:`PANEL` (a :class:`ComputerPanel`, ``variant`` ``None``: it serves every game)
forwards game_page's hooks (see :mod:`paisho_page.panels.hooks`) to :mod:`computer`'s
functions: its install, the hint's marks on the board, its move after every redraw,
taking back (or redoing) its replies with the person's undo (redo), its seat and level
(saved with the game and restored with it) and the New game dialog's "Computer plays" and "Level".
"""

from __future__ import annotations

from typing import Any

import computer  # the computer opponent (site/computer.py)

from paisho_page.panels.hooks import Host, Panel


class ComputerPanel(Panel):
    """The computer opponent's hooks (for every game)."""

    def install(self, host: Host) -> None:
        """Remember the page, how to finish an action, the replay test, the board's redraw."""
        computer.install(
            host.page, host.after_action, host.viewing, host.draw_board, host.panels
        )

    def decorate(self, view: Any) -> Any:
        """The points of the hint shown."""
        return computer.decorate(view)

    def after_draw_board(self) -> None:
        """The reserve tile the hint shown plays, marked (the board marks its point)."""
        computer.mark_hinted_tile()

    def after_refresh(self) -> None:
        """Its move, when it is its turn in the live position."""
        computer.after_refresh()

    def after_undo(self) -> None:
        """Take back its reply too."""
        computer.after_undo()

    def after_redo(self) -> None:
        """Redo through its moves."""
        computer.after_redo()

    def computer_seat(self) -> int | None:
        """The seat it plays (``None``: people only)."""
        return computer.seat()

    def restore_seats(self, seat: int | None, computers: tuple[int, ...]) -> None:
        """The seat it plays in the game now shown (a search in progress is dropped)."""
        computer.cancel()
        computer.STATE.seat = seat

    def computer_level(self) -> str | None:
        """Its level (saved with the game)."""
        return computer.level()

    def restore_level(self, level: str) -> None:
        """The level saved with the game now shown."""
        computer.set_level(level)

    def on_dialog_variant(self, variant: str, players: tuple[str, ...]) -> None:
        """The dialog's "Computer plays" and "Level" choices, for the variant's seats."""
        computer.on_dialog_variant(variant, players)

    def take_dialog_seats(self) -> bool:
        """Take the seat (and level) chosen in the dialog."""
        computer.set_seat(computer.dialog_seat())
        return False

    def take_dialog_level(self) -> None:
        """The level chosen in the dialog, for the variant's own computer seats."""
        computer.take_dialog_level()


PANEL = ComputerPanel()
"""The computer opponent's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
