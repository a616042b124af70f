"""The hooks through which each variant's panel (and every page-wide part, such as the
computer opponent) plugs into the game page, in the shape of python-chess's variant
classes: :class:`Panel` has a no-op default for every hook, and a panel overrides the
ones it needs.

A panel with a :attr:`Panel.variant` (the engine registry's short name, e.g.
``"balance"``) serves that variant's games only; one without (``None``) is *global*:
it gets its hooks for every game.  :class:`PanelSet` holds the panels the page found and
dispatches each hook: to the panel of the game's variant (:meth:`PanelSet.panel_for`;
the base :class:`Panel` for a variant with no panel of its own) and to the global ones.
Whatever the page calls is a method here, so the page itself names no variant and no
panel.

The board's pointer and keys come to the panels through one path: the page listens once
to the board (one ``click``, one ``mouseover``, one ``mouseleave``, its focus and its
keys), works out once per event the board point under the pointer and the control drawn
on the board there (a Wheel's turn button: an element, not a point), and hands them to
:meth:`PanelSet.board_click`, :meth:`PanelSet.board_hover`,
:meth:`PanelSet.board_leave`, :meth:`PanelSet.board_control_focus` and
:meth:`PanelSet.board_control_key`, which call only the panels serving the game shown
(its variant's own, then the global ones).

:func:`discover` finds the panels: it imports the modules it is given by name and takes
each one's module-level ``PANEL`` (a module with none, or ``None``, adds nothing);
:func:`panel_module_names` lists, in a folder, the modules that follow the naming
convention (``*_ui.py``).  Pure Python (no DOM): the hooks' arguments are whatever the
page passes (its UI state, render views, games).
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

PANEL_SUFFIX = "_ui.py"
"""The file name ending of a module that may define a ``PANEL``."""


@dataclass(frozen=True)
class Host:
    """What the game page lends its panels when they are installed."""

    page: Any
    """The page object (its ``ui`` is the game's :class:`~paisho_page.play.ui.UIState`)."""
    refresh: Callable[..., None]
    """Redraw everything (optionally with a message)."""
    handle: Callable[[Any], None]
    """Redraw after a click's result (:meth:`~paisho_page.play.ui.UIState.click`)."""
    after_action: Callable[[], None]
    """Autosave and redraw after the game changed."""
    draw_board: Callable[[], None]
    """Redraw the board alone."""
    viewing: Callable[[], bool]
    """Whether the replay shows an earlier position than the live one."""
    panels: PanelSet | None = None
    """Every panel of the page (set by :meth:`PanelSet.install`), so a page-wide panel
    can ask the game's own panel (e.g. the computer: its variant's computer seats)."""


class Panel:
    """One panel's hooks, each a no-op by default (see the module docstring)."""

    variant: str | None = None
    """The engine registry's name of the variant served, or ``None`` for every game."""

    def is_mine(self, game: Any) -> bool:
        """Whether ``game`` is a game of this panel's variant (always, for a global one)."""
        if self.variant is None:
            return True
        return str(getattr(getattr(game, "info", None), "name", "")) == self.variant

    # -- start and new games
    def install(self, host: Host) -> None:
        """Once at start: wire the panel's own controls to the page."""

    def fresh_seed(self) -> int | None:
        """A seed for a new game of this variant (``None``: the page's random one)."""
        return None

    # -- drawing
    def decorate(self, view: Any) -> Any:
        """The board's render view, with this panel's marks added."""
        return view

    def after_draw_board(self) -> None:
        """The board was drawn again: its dynamic layer whole (a new, empty preview
        layer), or only its points' marks.  A control drawn on the board goes into the
        layer's ``#board-controls`` group, replacing what was there (it is not emptied
        when only the marks are drawn)."""

    def reserves(self, game: Any) -> list[dict[str, int]] | None:
        """The reserves the page may show of ``game`` (``None``: all of them)."""
        return None

    def result_line(self, game: Any) -> str:
        """The result of the finished ``game`` in the variant's own words, for the
        result panel (``""``: the page's sentence, see :mod:`paisho_page.play.result`)."""
        return ""

    def show(self, game: Any) -> None:
        """After every redraw: show the panel, filled from ``game`` (the game shown)."""

    def hide(self) -> None:
        """After every redraw of another variant's game: hide the panel."""

    def after_refresh(self) -> None:
        """After every redraw, once the variant's panel and the replay bar are drawn."""

    def after_action(self) -> None:
        """The game changed (it was saved; the page is redrawn next)."""

    def warm(self) -> None:
        """Once, when the page is idle after start: compute what a first hover or click
        on the game shown would (a preview, a card), writing nothing, so that the code
        it runs is compiled and warm when the player comes (a browser compiles the
        interpreter's code as it is first run)."""

    # -- what is refused
    def refuse(self) -> str:
        """Why a click on the game cannot be taken now (empty if it can)."""
        return ""

    def undo_refusal(self) -> str:
        """Why Undo is refused now (empty if it may go ahead)."""
        return ""

    def redo_refusal(self) -> str:
        """Why Redo is refused now (empty if it may go ahead)."""
        return ""

    def on_board_key(self, key: str) -> bool:
        """A key on the board (arrows, Enter, Space); True when the panel took it."""
        return False

    # -- the board's pointer (one listener each, in the page; see the module docstring)
    def board_click(self, point: Any, control: Any) -> bool:
        """A click on the board: ``point`` is the board point it means (``None``: none),
        ``control`` the control drawn on the board under it (``None``: none).  True when
        the panel took the click (the page then does nothing more with it)."""
        return False

    def board_hover(self, point: Any, control: Any) -> None:
        """The pointer moved onto another point or control of the board (``None``:
        none): redraw only what depends on it (a preview, the tile card)."""

    def board_leave(self) -> None:
        """The pointer left the board."""

    def board_control_focus(self, control: Any, focused: bool) -> None:
        """The keyboard focus came to (``focused``) or left a control drawn on the board."""

    def board_control_key(self, control: Any, key: str) -> bool:
        """A key on a control drawn on the board; True when the panel took it (the page
        then prevents the key's default)."""
        return False

    def after_undo(self) -> None:
        """The Undo button took an action back (before the page saves and redraws)."""

    def after_redo(self) -> None:
        """The Redo button made an action again (before the page saves and redraws)."""

    # -- the computer's seats, saved with the game
    def computer_seat(self) -> int | None:
        """The one seat the computer plays in the page's game, if this panel knows it."""
        return None

    def computer_seats(self) -> tuple[int, ...]:
        """The seats the computer plays in this variant's game (a variant of its own)."""
        return ()

    def own_computer_seats(self, game: Any) -> tuple[int, ...] | None:
        """The seats the computer plays in ``game`` when its variant decides them itself
        (several at once; the page-wide computer plays each in turn, in its search
        worker, at its level); ``None``: the page-wide computer's one seat applies."""
        return None

    def restore_seats(self, seat: int | None, computers: tuple[int, ...]) -> None:
        """The page shows another saved game, with these computer seats."""

    def computer_level(self) -> str | None:
        """(Global panels) the computer's level, saved with the game (``None``: none)."""
        return None

    def restore_level(self, level: str) -> None:
        """(Global panels) the page shows another saved game, saved with this level."""

    # -- the New game dialog
    def on_dialog_variant(self, variant: str, players: tuple[str, ...]) -> None:
        """(Global panels) the dialog's variant is now ``variant``, with these seats."""

    def show_dialog_fields(self, shown: bool) -> None:
        """(Variant panels) show this variant's own fields, or hide them."""

    def dialog_options(self, options: tuple[str, ...]) -> tuple[str, ...]:
        """The new game's options (``options``: the dialog's checked boxes)."""
        return options

    def dialog_players(self) -> int | None:
        """The number of seats chosen (``None``: the variant's own number)."""
        return None

    def dialog_seed(self) -> int | None:
        """The seed asked for (``None``: a fresh one); may raise ``PaiShoError``."""
        return None

    def take_dialog_seats(self) -> bool:
        """Take the computer seats chosen in the dialog; a variant panel returns True
        when it chose them itself (the global panels' choice is then not taken)."""
        return False

    def take_dialog_level(self) -> None:
        """(Global panels) the variant chose its computer seats itself: take only the
        dialog's level for them."""


class PanelSet:
    """The page's panels: at most one per variant, and the global ones."""

    def __init__(self, panels: Iterable[Panel]) -> None:
        """Sort ``panels`` into variant panels and global ones (in the order given)."""
        self.panels: tuple[Panel, ...] = tuple(panels)
        self.globals: tuple[Panel, ...] = tuple(p for p in self.panels if p.variant is None)
        self.by_variant: dict[str, Panel] = {}
        for panel in self.panels:
            if panel.variant is not None:
                if panel.variant in self.by_variant:
                    raise ValueError(f"two panels for the variant {panel.variant!r}")
                self.by_variant[panel.variant] = panel
        self.default = Panel()

    def panel_for(self, variant: str) -> Panel:
        """The panel of ``variant`` (the no-op base panel if it has none)."""
        return self.by_variant.get(variant, self.default)

    def active(self, variant: str) -> tuple[Panel, ...]:
        """The panels that serve a game of ``variant``: its own, then the global ones."""
        own = self.by_variant.get(variant)
        return self.globals if own is None else (own, *self.globals)

    # -- dispatch
    def install(self, host: Host) -> None:
        """Install every panel (in the order given), lending each this set too."""
        host = dataclasses.replace(host, panels=self)
        for panel in self.panels:
            panel.install(host)

    def of_game(self, game: Any) -> Panel:
        """The panel of ``game``'s variant (the no-op base panel if it has none)."""
        return self.panel_for(str(getattr(getattr(game, "info", None), "name", "")))

    def decorate(self, variant: str, view: Any) -> Any:
        """``view`` with the marks of every panel serving ``variant``."""
        for panel in self.active(variant):
            view = panel.decorate(view)
        return view

    def show(self, game: Any) -> None:
        """Hide the other variants' panels, then show the one of ``game``'s variant."""
        own = self.by_variant.get(str(game.info.name))
        for panel in self.by_variant.values():
            if panel is not own:
                panel.hide()
        if own is not None:
            own.show(game)

    def computer_seat(self) -> int | None:
        """The one computer seat, as the first global panel that knows it says."""
        for panel in self.globals:
            seat = panel.computer_seat()
            if seat is not None:
                return seat
        return None

    def restore_seats(
        self, seat: int | None, computers: Sequence[int], level: str | None = None
    ) -> None:
        """Give every panel the computer seats of the game the page now shows, and the
        global panels its computer's level (``None``: the page's stays)."""
        for panel in self.panels:
            panel.restore_seats(seat, tuple(computers))
        if level is not None:
            for panel in self.globals:
                panel.restore_level(level)

    def computer_level(self) -> str:
        """The computer's level, as the first global panel that knows it says (``""``)."""
        for panel in self.globals:
            level = panel.computer_level()
            if level is not None:
                return level
        return ""

    def on_dialog_variant(self, variant: str, players: tuple[str, ...]) -> None:
        """The dialog's variant changed: the global panels first, then each variant
        panel shows its own fields (only the picked variant's)."""
        for panel in self.globals:
            panel.on_dialog_variant(variant, players)
        for name, panel in self.by_variant.items():
            panel.show_dialog_fields(name == variant)

    def take_dialog_seats(self, variant: str) -> None:
        """Take the dialog's computer seats: the variant's own (then the global panels
        take only the level), or the global panels'."""
        own = self.panel_for(variant).take_dialog_seats()
        for panel in self.globals:
            if own:
                panel.take_dialog_level()
            else:
                panel.take_dialog_seats()

    def after_draw_board(self, variant: str) -> None:
        """The board was drawn again: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.after_draw_board()

    def after_refresh(self, variant: str) -> None:
        """The page was redrawn: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.after_refresh()

    def after_action(self, variant: str) -> None:
        """The game changed: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.after_action()

    def warm(self, variant: str) -> None:
        """The page is idle after start: every panel serving ``variant`` warms up."""
        for panel in self.active(variant):
            panel.warm()

    def after_undo(self, variant: str) -> None:
        """The Undo button took an action back: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.after_undo()

    def after_redo(self, variant: str) -> None:
        """The Redo button made an action again: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.after_redo()

    # -- the board's pointer
    def board_click(self, variant: str, point: Any, control: Any) -> bool:
        """A click on the board, for the panels serving ``variant`` in turn until one
        takes it; True when one did."""
        return any(panel.board_click(point, control) for panel in self.active(variant))

    def board_hover(self, variant: str, point: Any, control: Any) -> None:
        """The pointer is on another point or control: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.board_hover(point, control)

    def board_leave(self, variant: str) -> None:
        """The pointer left the board: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.board_leave()

    def board_control_focus(self, variant: str, control: Any, focused: bool) -> None:
        """The focus came to or left a board control: tell every panel serving ``variant``."""
        for panel in self.active(variant):
            panel.board_control_focus(control, focused)

    def board_control_key(self, variant: str, control: Any, key: str) -> bool:
        """A key on a board control, for the panels serving ``variant`` in turn until
        one takes it; True when one did."""
        return any(panel.board_control_key(control, key) for panel in self.active(variant))


def panel_module_names(folder: str) -> list[str]:
    """The modules in ``folder`` that may define a panel (``*_ui.py``), sorted."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(n[: -len(".py")] for n in names if n.endswith(PANEL_SUFFIX))


def discover(module_names: Iterable[str]) -> PanelSet:
    """Import the modules (by name) and gather their ``PANEL`` objects, in that order."""
    found: list[Panel] = []
    for name in module_names:
        panel = getattr(importlib.import_module(name), "PANEL", None)
        if panel is not None:
            if not isinstance(panel, Panel):
                raise TypeError(f"{name}.PANEL is not a Panel")
            found.append(panel)
    return PanelSet(found)
