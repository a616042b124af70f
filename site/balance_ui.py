"""Balance Pai Sho on the main page (issue 5), run by PyScript.

``game_page`` owns the game, the board and the buttons; it calls this module through
the hooks of :data:`PANEL` (:class:`BalancePanel`, see :mod:`paisho_page.panels.hooks`),
for Balance games only:

* ``install`` once at start (wires the Balance panel, the Hint and Daily buttons, the
  board's hover preview);
* ``fresh_seed`` for a new Balance game's seed, ``dialog_seed`` for the seed the New game
  dialog asks for, ``show_dialog_fields`` when the dialog's variant changes;
* ``decorate`` on the board's render view (the hint mark) and ``after_draw_board``
  once the board's dynamic layer was replaced (the preview is redrawn into it);
* ``show`` after every redraw (panel, status line, end screen), ``hide`` after a redraw
  of another variant's game;
* ``after_action`` after every change of the game (best scores, hint forgotten).

The texts and numbers come from :mod:`paisho_page.panels.balance` (pure, tested under
CPython).  Text from storage or links only ever reaches the page through
``textContent``; the SVG set with ``innerHTML`` comes from the renderer, which escapes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import secrets
import time
from typing import Any

import share  # links, replay and notation (site/share.py)
import storage_ui  # saved data set aside (site/storage_ui.py)
from dom import document, el, nil, on, window
from hover import BoardHover  # the point under the mouse or the cursor (site/hover.py)
from pyodide.ffi import create_once_callable

from paisho_core.balance import BalanceGame, Place
from paisho_core.balance.solver import best_placement
from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_core.render import RenderView, render_preview, render_preview_tile, tile_svg
from paisho_page import saves
from paisho_page.panels import balance as bp
from paisho_page.panels.hooks import Host, Panel

BEST_KEY = "paisho.balance.best.v1"
"""``localStorage`` key of the best-score table (:class:`bp.BestScores` JSON)."""



class State:
    """The Balance widgets' own state (the game itself is ``page.ui.game``)."""

    def __init__(self, page: Any, refresh: Any) -> None:
        """Attach to game_page's page object and its redraw function."""
        self.page = page
        self.refresh = refresh
        self.hint: Point | None = None
        self.hint_key: Any = None  # (seed, placements) the hint was computed for
        self.hint_seconds: float | None = None
        self.hover = BoardHover(lambda: is_balance(self.game), draw_preview)
        self.preview_key: Any = None
        self.icon_key: Any = None
        self.bag_key: Any = None
        self.warmed = False
        self.warm_scheduled = False

    @property
    def game(self) -> Any:
        """The live game."""
        return self.page.ui.game


STATE: State


# ----------------------------------------------------------------------------- helpers
def today_seed() -> int:
    """Today's daily seed, from the browser's local calendar date (``YYYYMMDD``)."""
    now = window.Date.new()
    return int(now.getFullYear()) * 10000 + (int(now.getMonth()) + 1) * 100 + int(now.getDate())


def fresh_seed() -> int:
    """A random seed for a new Balance game (never a daily one)."""
    return bp.random_seed(secrets.randbelow)


def is_balance(game: Any) -> bool:
    """True for a Balance game."""
    return isinstance(game, BalanceGame)


def load_best() -> bp.BestScores:
    """The stored best-score table (empty if missing or damaged).

    A damaged table is set aside (kept, downloadable in "Your games") once, and its good
    parts are stored back, with a notice for the player.
    """
    raw = None
    with contextlib.suppress(Exception):
        raw = window.localStorage.getItem(BEST_KEY)
    text = None if nil(raw) else str(raw)
    table, problem = bp.BestScores.read(text)
    if problem is not None and text is not None and text not in _SET_ASIDE:
        _SET_ASIDE.add(text)
        storage_ui.set_aside(BEST_KEY, text, f"the Balance best scores: {problem}", remove=False)
        save_best(table)
        storage_ui.add_notice(saves.set_aside_notice("Your Balance best scores", problem))
    return table


_SET_ASIDE: set[str] = set()
"""Damaged best-score texts already set aside by this page (each is set aside once)."""


def save_best(table: bp.BestScores) -> None:
    """Store the best-score table (storage full or blocked: play on)."""
    with contextlib.suppress(Exception):
        window.localStorage.setItem(BEST_KEY, table.to_json())


def live_key(game: Any) -> Any:
    """What a hint belongs to: the game's seed and its placements."""
    return (game.seed, game.to_text())


# -------------------------------------------------------------------------------- game_page's hooks
def decorate(view: RenderView) -> RenderView:
    """Add the hint mark to the board's view when a hint for this position is shown."""
    game = STATE.game
    if STATE.hint is None or share.viewing() or STATE.hint_key != live_key(game):
        return view
    extra = dict(view.extra_classes)
    extra[STATE.hint] = "hint"
    return dataclasses.replace(view, extra_classes=extra)


def after_draw_board() -> None:
    """The board's dynamic layer was replaced: draw the preview again."""
    STATE.preview_key = None
    draw_preview()


def preview_point() -> Point | None:
    """The point to preview: the keyboard cursor if shown, else the hovered point."""
    return STATE.hover.target(STATE.page.ui)


def draw_preview() -> None:
    """Draw (or clear) the lines and H/D change of placing the drawn tile on the point."""
    game = STATE.game
    layer = el("board-preview")
    top = el("board-preview-top")
    box = el("balance-preview")
    point = preview_point()
    legal = (
        is_balance(game)
        and not share.viewing()
        and game.to_move is not None
        and point is not None
        and point in STATE.page.ui.highlighted_points()
    )
    key = (live_key(game), point if legal else None, id(layer))
    if key == STATE.preview_key:
        return
    STATE.preview_key = key
    if not legal or point is None:
        clear_preview()
        return
    preview = game.preview(Place(point.index))
    if layer is not None:
        layer.innerHTML = render_preview(
            "balance", game.drawn, point, preview.new_pairs, preview.cut_pairs
        )
    if top is not None:
        top.innerHTML = render_preview_tile("balance", game.drawn, point)
    if box is not None:
        box.textContent = bp.preview_text(game, preview)
        box.dataset.point = str(point)
        box.dataset.h = str(preview.harmonies)
        box.dataset.d = str(preview.disharmonies)


def clear_preview() -> None:
    """Take the preview off the board and out of the panel."""
    for group in (el("board-preview"), el("board-preview-top")):
        if group is not None:
            group.replaceChildren()
    box = el("balance-preview")
    if box is not None:
        box.textContent = ""
        box.dataset.point = ""


def hide() -> None:
    """Hide the Balance panel (and clear its preview): the game shown is another one."""
    document.body.classList.toggle("variant-balance", False)
    el("balance-panel").hidden = True
    STATE.preview_key = None
    clear_preview()


def show(game: Any) -> None:
    """Show the Balance panel and fill it from ``game`` (the game shown)."""
    document.body.classList.toggle("variant-balance", True)
    panel = el("balance-panel")
    panel.hidden = False
    h, d = game.counts()
    el("balance-h").textContent = str(h)
    el("balance-d").textContent = str(d)
    el("balance-score").textContent = str(min(h, d))
    panel.dataset.h = str(h)
    panel.dataset.d = str(d)
    end = game.outcome()
    panel.dataset.score = str(end.score if end is not None else min(h, d))
    panel.dataset.result = (end.result or "") if end is not None else ""
    panel.dataset.drawn = game.drawn or ""
    panel.dataset.bagLeft = str(game.bag_left)
    panel.dataset.seed = str(game.seed)
    draw_drawn(game)
    draw_bag(game)
    el("balance-seed").textContent = bp.seed_text(game.seed)
    draw_best(game)
    show_end(game, end)
    STATE.preview_key = None
    draw_preview()
    if game.to_move is not None:
        schedule_warm_up()


def show_end(game: Any, end: Any) -> None:
    """The status line, the end screen and the Hint and Daily buttons, in Balance's words."""
    if not share.viewing():
        el("status").textContent = bp.status_text(game)
    result = el("result")
    if end is not None and not share.viewing():
        result.hidden = False
        result.textContent = bp.end_text(end, game)
        result.dataset.result = end.result or ""
        result.dataset.score = str(end.score or 0)
    else:
        result.dataset.result = ""
        result.dataset.score = ""
    hint = el("btn-hint")
    hint.disabled = share.viewing() or game.to_move is None
    daily = today_seed()
    el("btn-daily").textContent = (
        "Today's daily game" if game.seed != daily else "Restart today's daily"
    )


def draw_drawn(game: Any) -> None:
    """The drawn tile's picture and name, and the count left in the bag."""
    code = game.drawn
    key = (code, game.outcome() is None)
    if key != STATE.icon_key:
        STATE.icon_key = key
        icon = el("balance-drawn-icon")
        icon.innerHTML = tile_svg("balance", code, None, 56) if code else ""
        icon.classList.toggle("failed", game.outcome() is not None and code is not None)
    el("balance-drawn").textContent = bp.drawn_text(game)
    el("balance-bag").textContent = bp.bag_text(game.bag_left)


def draw_bag(game: Any) -> None:
    """What is still in the bag (the multiset a player knows), one icon per kind."""
    remaining = game.remaining_counts()
    key = tuple(sorted(remaining.items()))
    box = el("balance-bag-tiles")
    box.setAttribute("aria-label", "Still in the bag: " + bp.remaining_text(remaining))
    if key == STATE.bag_key:
        return
    STATE.bag_key = key
    box.replaceChildren()
    for code, count in remaining.items():
        item = document.createElement("span")
        item.className = "bag-tile" + ("" if count else " none")
        item.title = f"{bp.tile_label(code)}: {count}"
        item.innerHTML = tile_svg("balance", code, None, 26)
        num = document.createElement("span")
        num.className = "count"
        num.textContent = str(count)
        item.appendChild(num)
        box.appendChild(item)


def draw_best(game: Any) -> None:
    """The best-score table: today's daily, this game's daily, best ever, games."""
    table = load_best()
    rows = table.lines(today_seed(), game.seed)
    box = el("balance-best")
    box.replaceChildren()
    for label, value in rows:
        dt = document.createElement("dt")
        dt.textContent = label
        dd = document.createElement("dd")
        dd.textContent = value
        box.appendChild(dt)
        box.appendChild(dd)
    best = table.overall
    box.dataset.best = str(best.score) if best else ""
    today = table.daily_best(today_seed())
    box.dataset.today = str(today.score) if today else ""


def after_action() -> None:
    """The game changed: forget the hint; remember the score of a game that just ended."""
    game = STATE.game
    STATE.hint = None
    STATE.hint_key = None
    if not is_balance(game) or not game.is_over:
        return
    table = load_best()
    new_overall, new_daily = table.record(game)
    save_best(table)
    if new_overall or new_daily:
        what = "best score ever" if new_overall else "best score for this daily game"
        STATE.page.ui.message = f"A new {what}!"


def dialog_seed() -> int | None:
    """The seed the New game dialog asks for (``None``: a fresh random one)."""
    choice = "random"
    for box in document.querySelectorAll("input[name=balance-seed]"):
        if box.checked:
            choice = str(box.value)
    if choice == "daily":
        return today_seed()
    if choice == "seed":
        seed = bp.parse_seed(str(el("balance-seed-input").value or ""))
        if seed is None:
            raise PaiShoError("Type a seed: a whole number below 2^53.")
        return seed
    return None


def show_dialog_fields(shown: bool) -> None:
    """Show the seed choice in the New game dialog (when Balance is picked)."""
    el("balance-seed-fields").hidden = not shown
    el("balance-daily-label").textContent = f"Today's daily bag (seed {today_seed()})"


# ----------------------------------------------------------------------------- events
def on_hint(_event: Any) -> None:
    """Ask the solver for the drawn tile's best point (it never sees the bag's order)."""
    game = STATE.game
    if share.refuse() or not is_balance(game) or game.to_move is None:
        return
    button = el("btn-hint")
    button.disabled = True
    button.setAttribute("aria-busy", "true")
    el("message").textContent = "Thinking…"
    # let the browser paint "Thinking…" before the search blocks the page
    window.setTimeout(create_once_callable(lambda: run_hint(live_key(game))), 30)


def run_hint(key: Any) -> None:
    """Compute the hint for the position ``key``, mark it and say how long it took."""
    button = el("btn-hint")
    button.removeAttribute("aria-busy")
    game = STATE.game
    if not is_balance(game) or live_key(game) != key or game.to_move is None:
        button.disabled = game.to_move is None
        return
    STATE.warmed = True  # (a pending warm-up would now be wasted work)
    start = time.perf_counter()
    place = best_placement(game, bp.HINT_BUDGET, 0)
    seconds = time.perf_counter() - start
    button.disabled = False
    if place is None:
        return
    STATE.hint = Point(place.point.x, place.point.y)
    STATE.hint_key = key
    STATE.hint_seconds = seconds
    button.dataset.seconds = f"{seconds:.3f}"
    button.dataset.point = str(STATE.hint)
    preview = game.preview(place)
    STATE.page.ui.message = (
        f"Hint: {bp.tile_label(game.drawn)} on {STATE.hint}"
        f" (H {preview.harmonies:+d}, D {preview.disharmonies:+d} now;"
        f" the solver's best bet for the whole game, {seconds:.2f} s)."
    )
    STATE.refresh(None)


def on_daily(_event: Any) -> None:
    """Start today's daily game (everyone draws the same bag today)."""
    before = STATE.game
    seed = today_seed()
    try:
        STATE.page.new_game(PANEL.variant, (), seed)
    except PaiShoError as exc:
        el("message").textContent = str(exc)
        return
    share.kept_after_new_game(before)


def warm_up() -> None:
    """Run a small search once, when the page is idle, so the first Hint is not slow.

    Measured: in a fresh page the first search runs 3–4 times slower than the next ones
    (the browser compiles Pyodide's hot code in tiers); a ~0.1 s warm-up pays that early.
    """
    if STATE.warmed:
        return
    STATE.warmed = True
    with contextlib.suppress(PaiShoError):
        best_placement(BalanceGame((), 0), bp.HINT_BUDGET // 4, 0)


def schedule_warm_up() -> None:
    """Ask for :func:`warm_up` when the browser is idle (once per page)."""
    if STATE.warm_scheduled:
        return
    STATE.warm_scheduled = True
    callback = create_once_callable(lambda *_args: warm_up())
    if hasattr(window, "requestIdleCallback"):
        window.requestIdleCallback(callback, {"timeout": 4000})
    else:
        window.setTimeout(callback, 1500)


def install(page: Any, refresh: Any) -> None:
    """Wire the Balance panel and the board's preview to game_page's page."""
    global STATE
    STATE = State(page, refresh)
    STATE.hover.install()
    on(el("btn-hint"), "click", on_hint)
    on(el("btn-daily"), "click", on_daily)


class BalancePanel(Panel):
    """Balance's hooks for game_page (see the module docstring)."""

    variant = "balance"

    def install(self, host: Host) -> None:
        """Wire the panel and the board's preview."""
        install(host.page, host.refresh)

    def fresh_seed(self) -> int | None:
        """A fresh seed that never looks like a daily one."""
        return fresh_seed()

    def result_line(self, game: Any) -> str:
        """The result named, with the score (the end screen's line)."""
        return bp.end_text(game.outcome(), game)

    def decorate(self, view: Any) -> Any:
        """The hint mark."""
        return decorate(view)

    def after_draw_board(self) -> None:
        """The placement preview, drawn into the new layer."""
        after_draw_board()

    def show(self, game: Any) -> None:
        """The panel, the status line, the end screen."""
        show(game)

    def hide(self) -> None:
        """No panel for another variant's game."""
        hide()

    def after_action(self) -> None:
        """Best scores; the hint is forgotten."""
        after_action()

    def show_dialog_fields(self, shown: bool) -> None:
        """The seed choice."""
        show_dialog_fields(shown)

    def dialog_seed(self) -> int | None:
        """The seed chosen in the dialog."""
        return dialog_seed()


PANEL = BalancePanel()
"""Balance's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
