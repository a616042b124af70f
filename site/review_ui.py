"""The game page's computer review (a page-wide panel): "Review the game" asks a search
worker of its own (``search-worker.mjs``, apart from the computer's, so a review never
delays a move) for each position in turn, draws the evaluation graph as the answers come,
a click on the graph shows that move in the replay, the judged moves are marked in the
move list, and the move shown gets its verdict in words with the points of the move the
computer prefers marked on the board.  The evaluations received are kept in storage
(:mod:`paisho_page.review.keep`), so a reload shows the review again without asking.
The decisions are :class:`paisho_page.review.panel.ReviewPanel`'s, imported when a
review first starts or a kept one is taken back (not in the memory snapshot); the
graph's markup is the renderer's.
"""

from __future__ import annotations

import importlib
from typing import Any

import replay_bar  # the replay cursor (site/replay_bar.py)
import share_state  # the page's game (site/share_state.py)
import web_storage  # localStorage that never raises (site/web_storage.py)
from dom import apply, closest, document, el, nil, on, window
from pyodide.ffi import create_once_callable, create_proxy

from paisho_core.render import RenderView
from paisho_page.panels.hooks import Host, Panel
from paisho_page.play.board_view import COORDS_KEY, coords_shown
from paisho_page.review import keep
from paisho_page.words import i18n

WORKER_URL = "search-worker.mjs"
KEEP_EVERY = 8
"""The evaluations received are stored after this many (and when the review stops)."""
STATE: dict[str, Any] = {"panel": None, "worker": None, "proxies": [], "unkept": 0,
                         "draw_board": None, "better": ()}


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


def _shown_ply() -> int:
    """The move whose verdict is shown: the one that led to the replay's position, or
    a finished game's last (none while a game is played on)."""
    share = share_state.SHARE
    if replay_bar.viewing():
        return int(share.cursor.notation_ply())
    return int(share.cursor.notation_ply()) if share.game.to_move is None else 0


def _coordinates() -> bool:
    return bool(coords_shown(web_storage.get(COORDS_KEY)))


def draw() -> None:
    """The progress, the buttons, the summary, the graph (the shown move marked), the
    judged moves in the move list and the shown move's verdict."""
    panel = STATE["panel"]
    if panel is None:
        return
    game = share_state.SHARE.game
    apply(panel.writes())
    apply(panel.move_writes(game, _shown_ply(), _coordinates()))
    ply = replay_bar.current_ply()
    el("review-graph").innerHTML = panel.graph(ply if ply > 0 else None)
    moves = el("move-list")
    for number, writes in panel.marks(game):
        item = moves.querySelector(f'li[data-ply="{number}"]')
        if not nil(item):
            apply(writes, item)


def decorate(view: RenderView) -> RenderView:
    """The board with the points of the move the computer prefers (a judged move shown)."""
    panel = STATE["panel"]
    if panel is None:
        return view
    points = panel.shown(share_state.SHARE.game, _shown_ply(), _coordinates())[1]
    STATE["better"] = points
    return panel.decorate(view, points)


def _keep(now: bool = False) -> None:
    """Store the evaluations received (every :data:`KEEP_EVERY`, or ``now``)."""
    STATE["unkept"] += 1
    if now or STATE["unkept"] >= KEEP_EVERY:
        STATE["unkept"] = 0
        kept = _panel().kept()
        if kept:
            web_storage.put(keep.KEY, keep.merged(web_storage.get(keep.KEY), kept))


def _ask() -> None:
    request = _panel().next_request()
    if request is not None:
        _worker().postMessage(request)
    else:
        _keep(now=True)


def _on_reply(event: Any) -> None:
    panel = _panel()
    if panel.take(str(event.data), share_state.SHARE.game):
        _keep()
        _ask()
    draw()
    _redraw_board_if_marked()


def _redraw_board_if_marked() -> None:
    """Redraw the board when the shown move's preferred points changed."""
    points = _panel().shown(share_state.SHARE.game, _shown_ply(), _coordinates())[1]
    if points != STATE["better"] and STATE["draw_board"] is not None:
        STATE["draw_board"]()


def _resume(*_args: Any) -> None:
    """Show again a review kept for the page's game (nothing is asked)."""
    if not share_state.SHARE.game.history:
        return
    kept = keep.read(web_storage.get(keep.KEY))
    if kept and _panel().resume(share_state.SHARE.game, kept):
        draw()
        _redraw_board_if_marked()


def on_start(_event: Any) -> None:
    """Start (or restart) the review of the page's game."""
    kept = keep.read(web_storage.get(keep.KEY))
    refused = _panel().start(share_state.SHARE.game, kept=kept)
    if refused is not None:
        el("review-progress").hidden = False
        el("review-progress").textContent = refused
        return
    draw()
    _ask()


def on_cancel(_event: Any) -> None:
    """Stop the review."""
    _panel().cancel()
    _keep(now=True)
    draw()


def on_play_line(_event: Any) -> None:
    """Play the line the computer prefers at the move shown as a side line, and show its
    first move (the replay buttons step through it)."""
    panel, share = STATE["panel"], share_state.SHARE
    if panel is None:
        return
    start, actions = panel.better_line(share.game, _shown_ply())
    if not actions or replay_bar.no_going_back():
        return
    cursor = share.cursor
    cursor.go(start)
    first = None
    for action in actions:
        try:
            path = cursor.play(action)
        except Exception:  # (a line that stops being legal ends there)
            break
        first = first or path
    if first is not None:
        cursor.show(first)
    share.host.page.save()
    share.host.refresh(i18n._(LINE_PLAYED))


LINE_PLAYED = i18n.N_(
    "The computer's line is a side line now: step through it with the replay buttons."
)


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
        STATE["draw_board"] = host.draw_board
        on(el("btn-review-start"), "click", on_start)
        on(el("btn-review-cancel"), "click", on_cancel)
        on(el("btn-review-line"), "click", on_play_line)
        on(el("review-graph"), "click", on_graph_click)
        if web_storage.get(keep.KEY):  # a review kept: shown again once the page is idle
            later = create_once_callable(_resume)
            if hasattr(window, "requestIdleCallback"):
                window.requestIdleCallback(later, window.JSON.parse('{"timeout": 3000}'))
            else:
                window.setTimeout(later, 500)

    def decorate(self, view: Any) -> Any:
        """The points of the move the computer prefers, where a judged move is shown."""
        return decorate(view)

    def after_refresh(self) -> None:
        """The shown move marked on the graph."""
        draw()


PANEL = ReviewUIPanel()
"""The review's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
