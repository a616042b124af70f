"""The Learn page and an embedded lesson, as one model the DOM layer only draws.

:class:`LearnModel` holds the courses, the lesson being played (a
:class:`~paisho_page.learn.session.Session`) and, on the Learn page, the reader's
progress in the browser's storage (:class:`~paisho_page.learn.progress.ProgressStore`:
recorded after every step, merged with another tab's, a damaged entry set aside and
said once).  An embedded lesson keeps nothing (``storage=None``), as the embed page
keeps nothing.  What the page shows comes from here: the panel's writes, the mover's
tiles, the course list, the address fragment, the board's marks.  Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paisho_core import registry
from paisho_core.lessons import Course, courses
from paisho_core.render import RenderView
from paisho_page.base.dom_writes import BODY, Write, data, hidden, text
from paisho_page.base.elements import Element
from paisho_page.learn import address, screen
from paisho_page.learn.progress import Progress, ProgressStore
from paisho_page.learn.session import Session, State
from paisho_page.play.ui import ClickResult
from paisho_page.storage.game_store import Storage
from paisho_page.words.i18n import _


def ordered_courses() -> tuple[Course, ...]:
    """The courses in the registry's order of variants."""
    found = courses()
    return tuple(found[name] for name in registry.variant_names() if name in found)


def variant_titles() -> dict[str, str]:
    """Each variant's title (English), for the course list's headings."""
    return {name: str(registry.get_variant(name).info.title)
            for name in registry.variant_names()}


class LearnModel:
    """The courses, the lesson on the page and the reader's progress."""

    RESERVE = "lesson-reserve"
    """The id of the box of the mover's tiles."""

    def __init__(self, wanted: Mapping[str, str], storage: Storage | None = None) -> None:
        """Open the lesson the address asks for (``wanted``: its ``lesson`` and
        ``task``), else the reader's own next one; ``storage`` keeps the progress
        (``None``: nothing is kept)."""
        self.courses = ordered_courses()
        self.store = ProgressStore(storage) if storage is not None else None
        self.progress = Progress()
        notice = None
        if self.store is not None:
            self.progress, notice = self.store.load()
        choice = address.choose(self.courses, wanted, self.progress)
        self.notice = choice.message or notice or ""
        self.session = Session(choice.lesson, choice.task)
        self._record()

    def _record(self) -> None:
        """Store what the session has reached (merged with what storage holds)."""
        if self.store is not None:
            self.progress = self.store.save(self.session.record(self.progress))

    # -------------------------------------------------------------- the reader acts
    def click(self, token: str, owner: int | None = None) -> ClickResult:
        """A click in the lesson (a board point, a tile, a choice)."""
        result = self.session.click(token, owner)
        self.notice = ""
        if result.kind == "complete":
            self._record()
        return result

    def key(self, name: str) -> ClickResult:
        """A key on the board."""
        result = self.session.key(name)
        if result.kind == "complete":
            self._record()
        return result

    def button(self, name: str) -> None:
        """One of the panel's buttons (:data:`~paisho_page.learn.screen.BUTTONS`)."""
        self.notice = ""
        if name == "hint":
            self.session.hint()
        elif name == "show":
            self.session.show()
        elif name == "retry":
            self.session.retry()
        elif name == "next":
            self.next()
        self._record()

    def next(self) -> None:
        """The next task, or once the lesson is done the next lesson of the course."""
        if self.session.next():
            return
        following = self.following()
        if self.session.finished and following is not None:
            self.session = Session(following, 0)

    def open(self, name: str) -> bool:
        """Open lesson ``name`` from the course list, at the task the reader reached
        (its first task when it is done); ``False`` for a name no course holds."""
        lesson = next((x for c in self.courses for x in c.lessons if x.name == name), None)
        if lesson is None:
            return False
        reached = 0 if name in self.progress.done else self.progress.reached(name)
        self.session = Session(lesson, min(reached, len(lesson.tasks) - 1))
        self.notice = ""
        self._record()
        return True

    # -------------------------------------------------------------- what to show
    def following(self) -> Any:
        """The lesson after this one in its course, if any."""
        return address.following(self.courses, self.session.lesson)

    def view(self) -> RenderView:
        """The board's marks."""
        return self.session.view()

    def game(self) -> Any:
        """The position on the board."""
        return self.session.game

    def panel_writes(self) -> tuple[Write, ...]:
        """The lesson panel's words and buttons, and the notice (a bad address, a
        damaged progress set aside)."""
        following = self.following() if self.store is not None else None
        return (*screen.panel_writes(self.session, following),
                text("lesson-notice", self.notice))

    def panel(self) -> Element:
        """The lesson panel to build once."""
        return panel()

    def reserve_items(self) -> list[Element]:
        """The mover's tiles and choices."""
        return screen.reserve_items(self.session)

    def course_items(self) -> tuple[Element, ...]:
        """The course list with the reader's progress."""
        return screen.course_list(self.courses, variant_titles(), self.progress,
                                  self.session.lesson.name)

    def fragment(self) -> str:
        """The address fragment of the lesson and task shown."""
        return address.fragment(self.session.lesson, self.session.index)

    def done_text(self) -> str:
        """A line for the page's title area: how many lessons are done."""
        every = sum(len(c.lessons) for c in self.courses)
        done = len({x.name for c in self.courses for x in c.lessons} & self.progress.done)
        return _("{done} of {count} lessons done").format(done=done, count=every)

    @property
    def playing(self) -> bool:
        """Whether the task takes clicks now."""
        return self.session.state == State.PLAYING


def panel() -> Element:
    """The lesson panel to build once (with the notice line above it)."""
    return Element("div", cls="lesson-box", children=(
        Element("p", cls="notice-text lesson-notice", id="lesson-notice",
                attrs=(("role", "status"),)),
        screen.lesson_panel(),
    ))


def embed_box() -> Element:
    """The embed page's holder of the lesson panel (under the board)."""
    return Element("div", cls="embed-lesson", id="embed-lesson")


def embed_writes() -> tuple[Write, ...]:
    """The embed page in lesson mode: its replay bar, caption and status line give way
    to the lesson panel."""
    return (data(BODY, "lesson", "1"), hidden("caption", True), hidden("status", True),
            hidden("current-move", True), hidden("diagram-link", True))
