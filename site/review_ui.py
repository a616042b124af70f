"""The game page's computer review (a page-wide panel): "Review the game" asks a search
worker of its own (``search-worker.mjs``, apart from the computer's, so a review never
delays a move) for each position in turn, draws the evaluation graph as the answers come,
and a click on the graph shows that move in the replay.  The decisions are
:class:`paisho_page.review.panel.ReviewPanel`'s, imported when a review first starts (not
in the memory snapshot); the graph's markup is the renderer's.
"""

from __future__ import annotations

import importlib
from typing import Any

import replay_bar  # the replay cursor (site/replay_bar.py)
import share_state  # the page's game (site/share_state.py)
from dom import apply, closest, document, el, on, window
from pyodide.ffi import create_proxy

from paisho_page.panels.hooks import Host, Panel
from paisho_page.words import i18n

WORKER_URL = "search-worker.mjs"
STATE: dict[str, Any] = {"panel": None, "worker": None, "proxies": []}


def _panel() -> Any:
    if STATE["panel"] is None:
        STATE["panel"] = importlib.import_module("paisho_page.review.panel").ReviewPanel()
    return STATE["panel"]


def _worker() -> Any:
    """The review's worker (started on first use)."""
    if STATE["worker"] is None:
        url = window.URL.new(i18n.site_root() + WORKER_URL, document.baseURI).href
        worker = window.Worker.new(url, window.JSON.parse('{"type": "module"}'))
        proxy = create_proxy(_on_reply)
        STATE["proxies"].append(proxy)
        worker.addEventListener("message", proxy)
        STATE["worker"] = worker
    return STATE["worker"]


def draw() -> None:
    """The progress, the buttons, the summary and the graph (the shown move marked)."""
    panel = STATE["panel"]
    if panel is None:
        return
    apply(panel.writes())
    ply = replay_bar.current_ply()
    el("review-graph").innerHTML = panel.graph(ply if ply > 0 else None)


def _ask() -> None:
    request = _panel().next_request()
    if request is not None:
        _worker().postMessage(request)


def _on_reply(event: Any) -> None:
    if _panel().take(str(event.data), share_state.SHARE.game):
        _ask()
    draw()


def on_start(_event: Any) -> None:
    """Start (or restart) the review of the page's game."""
    refused = _panel().start(share_state.SHARE.game)
    if refused is not None:
        el("review-progress").hidden = False
        el("review-progress").textContent = refused
        return
    draw()
    _ask()


def on_cancel(_event: Any) -> None:
    """Stop the review."""
    _panel().cancel()
    draw()


def on_graph_click(event: Any) -> None:
    """A move of the graph: show the position after it."""
    column = closest(event.target, "[data-ply]")
    if column is None:
        return
    ply = str(column.getAttribute("data-ply"))
    if ply.isdigit():
        replay_bar.show_at(share_state.SHARE.cursor.index_of_ply(int(ply)))


class ReviewUIPanel(Panel):
    """The review panel (for every game)."""

    def install(self, host: Host) -> None:
        """Wire the panel's buttons and graph."""
        if el("review") is None:
            return
        on(el("btn-review-start"), "click", on_start)
        on(el("btn-review-cancel"), "click", on_cancel)
        on(el("review-graph"), "click", on_graph_click)

    def after_refresh(self) -> None:
        """The shown move marked on the graph."""
        draw()


PANEL = ReviewUIPanel()
"""The review's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
