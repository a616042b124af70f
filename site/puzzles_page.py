"""The Puzzles page (puzzles.html): today's puzzle, the next one for the reader's rating,
a puzzle named by the address (``#puzzle=…``), played on the real board.

The board and the panel are the lesson view's (``learn_view``) over
:class:`paisho_page.puzzles.page.PuzzlesModel`; this module adds the address (kept in
step with ``history.replaceState``), the choice of game and the puzzle's link copied.
The puzzles' page logic is imported when the page starts, not in the snapshot.
"""

from __future__ import annotations

import time
from typing import Any

import clipboard  # copying the link (site/clipboard.py)
import learn_view  # the board and panel view (site/learn_view.py)
import web_storage  # the browser's storage (site/web_storage.py)
from dom import document, el, freeze_heap, on, window


def after_draw() -> None:
    """The address of the puzzle shown."""
    window.history.replaceState(None, "", learn_view.model().fragment())


def today() -> int:
    """Today's date in the browser's local calendar, as ``YYYYMMDD``."""
    now = window.Date.new()
    return int(now.getFullYear()) * 10000 + (int(now.getMonth()) + 1) * 100 + int(now.getDate())


def on_variant(event: Any) -> None:
    """Keep to one game's puzzles (or any game's)."""
    learn_view.model().choose_variant(str(event.target.value))
    learn_view.redraw()


def on_copy(_event: Any) -> None:
    """Copy the puzzle's own address."""
    url = str(window.URL.new(learn_view.model().link(), window.location.href).href)
    field = el("puzzle-link")
    field.value = url
    clipboard.copy_text(url, field, el("puzzle-copied"), "Link")


def start() -> None:
    """Open the puzzle the address or the reader's record asks for, then mark the page
    ready (``<html data-puzzle-ms>``: from Python's start here to the puzzle drawn)."""
    began = time.perf_counter()
    page = learn_view.logic("page", "puzzles")
    wanted = learn_view.logic("address", "puzzles").params(str(window.location.search),
                                                           str(window.location.hash))
    the_model = page.PuzzlesModel(wanted, web_storage.BROWSER, today())
    el("status").remove()
    clipboard.install()
    learn_view.install(el("puzzle-holder"), the_model, after_draw)
    on(el("puzzle-variant"), "change", on_variant)
    on(el("btn-puzzle-copy"), "click", on_copy)
    learn_view.redraw()
    root = document.documentElement
    root.dataset.puzzleMs = f"{(time.perf_counter() - began) * 1000:.1f}"
    freeze_heap()
    root.dataset.engine = "ready"
