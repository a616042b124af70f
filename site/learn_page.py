"""The Learn page (learn.html): the courses, a lesson on the real board, the progress.

The lesson view itself is ``learn_view`` (shared with an embedded lesson); this module
adds the course list (a click opens a lesson), the address (``#lesson=…&task=…``,
kept in step with ``history.replaceState``) and the reader's progress in the browser's
storage, all decided by :class:`paisho_page.learn.page.LearnModel`.  The lessons' page
logic is imported when the page starts (``learn_view.logic``), not in the snapshot.
"""

from __future__ import annotations

import time
from typing import Any

import learn_view  # the lesson view (site/learn_view.py)
import web_storage  # the browser's storage (site/web_storage.py)
from dom import build, closest, document, el, freeze_heap, on, window


def draw_courses() -> None:
    """The course list with the reader's progress, and the address of the lesson."""
    m = learn_view.model()
    el("course-list").replaceChildren(*(build(e) for e in m.course_items()))
    el("learn-done").textContent = m.done_text()
    window.history.replaceState(None, "", m.fragment())


def on_course_click(event: Any) -> None:
    """A lesson chosen in the course list."""
    button = closest(event.target, "[data-lesson]")
    if button is None:
        return
    if learn_view.model().open(str(button.getAttribute("data-lesson"))):
        learn_view.redraw()
        el("board-holder").focus()


def start() -> None:
    """Open the lesson the address or the progress asks for, then mark the page ready
    (``<html data-lesson-ms>``: from Python's start here to the lesson drawn)."""
    began = time.perf_counter()
    page = learn_view.logic("page")
    wanted = learn_view.logic("address").params(str(window.location.search),
                                                str(window.location.hash))
    the_model = page.LearnModel(wanted, web_storage.BROWSER)
    el("status").remove()
    learn_view.install(el("learn-panel"), the_model, draw_courses)
    on(el("course-list"), "click", on_course_click)
    learn_view.redraw()
    root = document.documentElement
    root.dataset.lessonMs = f"{(time.perf_counter() - began) * 1000:.1f}"
    freeze_heap()
    root.dataset.engine = "ready"
