"""The Puzzles page as one model the DOM layer only draws.

:class:`PuzzlesModel` holds the puzzle on the board (a
:class:`~paisho_page.puzzles.play.PuzzleSession`), today's puzzle and the reader's record
in the browser's storage (:class:`~paisho_page.puzzles.record.RecordStore`: the first
outcome of each puzzle moves the rating, stored at once and merged with another tab's; a
damaged entry set aside and said once).  The reader may keep to one game's puzzles.
Its interface is the lesson model's (:class:`paisho_page.learn.page.LearnModel`), so the
same board view draws both.  Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paisho_core import registry
from paisho_core.puzzles import Puzzle, get_puzzle, library
from paisho_core.render import RenderView
from paisho_page.base.dom_writes import Write
from paisho_page.base.elements import Element
from paisho_page.learn.drill import State
from paisho_page.learn.screen import reserve_items
from paisho_page.play.ui import ClickResult
from paisho_page.sharing.exits import Exit, link_for
from paisho_page.storage.game_store import Storage
from paisho_page.words.i18n import _
from paisho_page.words.names import variant_title

from . import address, screen
from .play import PuzzleSession
from .record import Record, RecordStore


def variants() -> tuple[tuple[str, str], ...]:
    """Each game with puzzles, in the registry's order, as ``(name, title)``."""
    shipped = library()
    return tuple((name, variant_title(str(registry.spec(name).info.title)))
                 for name in registry.variant_names() if name in shipped)


class PuzzlesModel:
    """The puzzle on the page, today's puzzle and the reader's record."""

    RESERVE = screen.RESERVE
    """The id of the box of the mover's tiles."""

    def __init__(self, wanted: Mapping[str, str], storage: Storage | None, day: int) -> None:
        """Open the puzzle the address asks for (``wanted``), else today's (``day``:
        ``YYYYMMDD``) or the next one for the reader; ``storage`` keeps the record."""
        self.store = RecordStore(storage) if storage is not None else None
        self.record = Record()
        notice = None
        if self.store is not None:
            self.record, notice = self.store.load()
        self.daily = address.daily_id(day)
        self.variant = ""
        choice = address.choose(wanted, self.record, day)
        self.notice = choice.message or notice or ""
        self.session = PuzzleSession(choice.puzzle)
        self._recorded = False

    def _open(self, puzzle: Puzzle) -> None:
        self.session = PuzzleSession(puzzle)
        self._recorded = False
        self.notice = ""

    def _record(self) -> None:
        """Keep the puzzle's first outcome in the reader's record (once)."""
        result = self.session.result
        if result is None or self._recorded:
            return
        self._recorded = True
        puzzle = self.session.puzzle
        record = self.record.result(puzzle.id, puzzle.rating, result)
        self.record = self.store.save(record) if self.store is not None else record

    # -------------------------------------------------------------- the reader acts
    def click(self, token: str, owner: int | None = None) -> ClickResult:
        """A click on the puzzle (a board point, a tile, a choice)."""
        result = self.session.click(token, owner)
        self.notice = ""
        self._record()
        return result

    def key(self, name: str) -> ClickResult:
        """A key on the board."""
        result = self.session.key(name)
        self._record()
        return result

    def button(self, name: str) -> None:
        """One of the panel's buttons (:data:`~paisho_page.puzzles.screen.BUTTONS`)."""
        self.notice = ""
        if name == "retry":
            self.session.retry()
        elif name == "solution":
            self.session.show()
        elif name == "next":
            wanted = self.variant or None
            self._open(address.next_for(self.record, wanted))
        elif name == "daily":
            self._open(get_puzzle(self.daily))
        self._record()

    def choose_variant(self, name: str) -> None:
        """Keep to ``name``'s puzzles (``""``: any game); a name without puzzles is
        ignored.  A puzzle of another game gives way to the next one of this game."""
        if name and name not in dict(variants()):
            return
        self.variant = name
        if name and self.session.puzzle.variant != name:
            self._open(address.next_for(self.record, name))

    # -------------------------------------------------------------- what to show
    @property
    def playing(self) -> bool:
        """Whether the puzzle takes clicks now."""
        return self.session.playing

    def game(self) -> Any:
        """The position on the board."""
        return self.session.game

    def view(self) -> RenderView:
        """The board's marks."""
        return self.session.view()

    def panel(self) -> Element:
        """The puzzle panel to build once."""
        return screen.puzzle_panel(variants())

    def panel_writes(self) -> tuple[Write, ...]:
        """The panel's words and buttons, and the notice."""
        puzzle = self.session.puzzle
        daily = puzzle.id == self.daily
        title = _("Today's puzzle") if daily else _("Puzzle")
        game = dict(variants()).get(puzzle.variant, puzzle.variant)
        about = _("{game} · puzzle rating {rating}").format(game=game, rating=puzzle.rating)
        shown = self.session.state in (State.MET, State.SHOWN)
        play_on = None
        if shown:
            found = link_for(self.session.game, None, Exit.SHARE)
            play_on = None if found is None else "./" + found
        return screen.panel_writes(
            self.session, title=title, about=about, notice=self.notice,
            record=self.record, daily=daily, link=self.link(), play_on=play_on,
            variant=self.variant)

    def reserve_items(self) -> list[Element]:
        """The mover's tiles and choices."""
        return reserve_items(self.session)

    def fragment(self) -> str:
        """The address fragment of the puzzle shown."""
        return address.fragment(self.session.puzzle)

    def link(self) -> str:
        """The puzzle's own address, relative to the site (``./puzzles.html#puzzle=…``)."""
        return "./puzzles.html" + self.fragment()
