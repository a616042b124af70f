"""Balance Pai Sho on the main page, run by PyScript.

``game_page`` owns the game, the board and the buttons; it calls this module through
the hooks of :data:`PANEL` (:class:`BalancePanel`, see :mod:`paisho_page.panels.hooks`),
for Balance games only:

* ``install`` once at start (wires the Balance panel, the Hint and Daily buttons);
* ``board_hover`` and ``board_leave`` (from ``game_page``'s one listener each): the point
  under the mouse, previewed;
* ``fresh_seed`` for a new Balance game's seed, ``dialog_seed`` for the seed the New game
  dialog asks for, ``show_dialog_fields`` when the dialog's variant changes;
* ``decorate`` on the board's render view (the hint mark) and ``after_draw_board``
  once the board was drawn (the preview is redrawn into its layer);
* ``show`` after every redraw (panel, status line, end screen), ``hide`` after a redraw
  of another variant's game;
* ``after_action`` after every change of the game (best scores, hint forgotten).

The texts, numbers and decisions come from :mod:`paisho_page.panels.balance` and
:mod:`paisho_page.panels.balance_page` (pure, tested under CPython).  Text from storage
or links only ever reaches the page through ``textContent``; the SVG set with
``innerHTML`` comes from the renderer, which escapes.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from typing import Any

import share  # links, replay and notation (site/share.py)
import storage_ui  # saved data set aside (site/storage_ui.py)
from dom import apply, build, document, el, on, window
from hover import BoardHover  # the point under the mouse or the cursor (site/hover.py)
from pyodide.ffi import create_once_callable
from web_storage import BROWSER

from paisho_core.errors import PaiShoError
from paisho_core.render import render_preview, render_preview_tile, tile_svg
from paisho_page.panels import balance as bp
from paisho_page.panels import balance_page as page
from paisho_page.panels import balance_view
from paisho_page.panels.balance_page import BestStore, Hint, is_balance, live_key
from paisho_page.panels.hooks import Host, Panel
from paisho_page.play.board_view import COORDS_KEY, coords_shown
from paisho_page.play.game_view import message_writes
from paisho_page.words import i18n
from paisho_page.words.said import INFO, SUCCESS


class State:
    """The Balance widgets' own state (the game itself is ``page.ui.game``)."""

    def __init__(self, page: Any, refresh: Any) -> None:
        """Attach to game_page's page object and its redraw function."""
        self.page = page
        self.refresh = refresh
        self.hint = Hint()
        self.best = BestStore(BROWSER)
        self.hover = BoardHover()
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
    return balance_view.daily_seed(
        int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate())
    )


def load_best() -> bp.BestScores:
    """The stored best-score table (empty if missing or damaged); a damaged table is
    set aside once, with a notice for the player (:meth:`BestStore.load`)."""
    table, notice = STATE.best.load()
    if notice is not None:
        storage_ui.add_notice(notice)
    return table


# ----------------------------------------------------------------------------- drawing
def draw_preview() -> None:
    """Draw (or clear) the lines and H/D change of placing the drawn tile on the point."""
    game = STATE.game
    layer = el("board-preview")
    ui = STATE.page.ui
    point = page.preview_point(
        game, share.viewing(), STATE.hover.target(ui), ui.highlighted_points()
    )
    key = (live_key(game), point, layer is None)  # (a new layer: after_draw_board)
    if key == STATE.preview_key:
        return
    STATE.preview_key = key
    if point is None:
        clear_preview()
        return
    preview = bp.preview_at(game, point)
    if layer is not None:
        layer.innerHTML = render_preview(
            "balance", game.drawn, point, preview.new_pairs, preview.cut_pairs
        )
    top = el("board-preview-top")
    if top is not None:
        top.innerHTML = render_preview_tile("balance", game.drawn, point)
    apply(balance_view.preview_writes(game, preview, point, _coordinates()))


def _coordinates() -> bool:
    """Whether the board shows coordinates (the stored setting): points named in words."""
    return coords_shown(BROWSER.get(COORDS_KEY))


def clear_preview() -> None:
    """Take the preview off the board and out of the panel."""
    for group in (el("board-preview"), el("board-preview-top")):
        if group is not None:
            group.replaceChildren()
    apply(balance_view.cleared_preview_writes())


def draw_drawn(game: Any) -> None:
    """The drawn tile's picture and name, and the count left in the bag."""
    code = game.drawn
    key = (code, game.outcome() is None)
    if key != STATE.icon_key:
        STATE.icon_key = key
        icon = el("balance-drawn-icon")
        icon.innerHTML = tile_svg("balance", code, None, 56) if code else ""
        icon.classList.toggle("failed", game.outcome() is not None and code is not None)
    apply(balance_view.drawn_writes(game))


def draw_bag(game: Any) -> None:
    """What is still in the bag (the multiset a player knows), one icon per kind."""
    remaining = game.remaining_counts()
    key = tuple(sorted(remaining.items()))
    apply(balance_view.bag_writes(remaining))
    if key == STATE.bag_key:
        return
    STATE.bag_key = key
    el("balance-bag-tiles").replaceChildren(*[build(item) for item in page.bag_items(remaining)])


def draw_best(game: Any) -> None:
    """The best-score table: today's daily, this game's daily, best ever, games."""
    view = page.best_view(load_best(), today_seed(), game.seed)
    box = el("balance-best")
    box.replaceChildren(*[build(item) for item in page.best_items(view)])
    box.dataset.best = view.best
    box.dataset.today = view.today


# ----------------------------------------------------------------------------- events
def on_hint(_event: Any) -> None:
    """Ask the solver for the drawn tile's best point (it never sees the bag's order)."""
    game = STATE.game
    if share.refuse() or not is_balance(game) or game.to_move is None:
        return
    apply(balance_view.hint_busy_writes())
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
    place = bp.hint_placement(game)
    seconds = time.perf_counter() - start
    if place is None:
        button.disabled = False
        return
    STATE.page.ui.message = STATE.hint.take(game, key, place, seconds, _coordinates())
    STATE.page.ui.message_kind = INFO
    apply(balance_view.hint_found_writes(seconds, STATE.hint.point))
    STATE.refresh(None)


def on_daily(_event: Any) -> None:
    """Start today's daily game (everyone draws the same bag today)."""
    before = STATE.game
    lines = share.kept_lines(before)  # (before the new game takes the replay cursor)
    try:
        STATE.page.new_game(PANEL.variant, (), today_seed())
    except PaiShoError as exc:
        apply(message_writes(i18n.describe(exc)))
        return
    share.kept_after_new_game(before, lines)


def warm_up() -> None:
    """Run a small search once, when the page is idle, so the first Hint is not slow
    (:func:`paisho_page.panels.balance.warm_up_search`)."""
    if STATE.warmed:
        return
    STATE.warmed = True
    with contextlib.suppress(PaiShoError):
        bp.warm_up_search()


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


class BalancePanel(Panel):
    """Balance's hooks for game_page (see the module docstring)."""

    variant = "balance"

    def install(self, host: Host) -> None:
        """Wire the panel and the board's preview to game_page's page."""
        global STATE
        STATE = State(host.page, host.refresh)
        on(el("btn-hint"), "click", on_hint)
        on(el("btn-daily"), "click", on_daily)

    def board_hover(self, point: Any, control: Any) -> None:
        """Preview placing the drawn tile on the point under the mouse (if it changed)."""
        if STATE.hover.moved(point):
            draw_preview()

    def board_leave(self) -> None:
        """The mouse left the board: clear the preview."""
        if STATE.hover.moved(None):
            draw_preview()

    def fresh_seed(self) -> int | None:
        """A fresh seed that never looks like a daily one."""
        return bp.random_seed(secrets.randbelow)

    def result_line(self, game: Any) -> str:
        """The result named, with the score (the end screen's line)."""
        return bp.end_text(game.outcome(), game)

    def decorate(self, view: Any) -> Any:
        """Add the hint mark to the board's view when a hint for this position is shown."""
        return balance_view.with_hint(view, STATE.hint.shown_on(STATE.game, share.viewing()))

    def after_draw_board(self) -> None:
        """The board's dynamic layer was replaced: draw the preview again."""
        STATE.preview_key = None
        draw_preview()

    def show(self, game: Any) -> None:
        """Show the Balance panel and fill it from ``game`` (the game shown)."""
        draw_drawn(game)
        draw_bag(game)
        draw_best(game)
        apply(page.balance_screen(game, share.viewing(), today_seed()).writes())
        STATE.preview_key = None
        draw_preview()
        if game.to_move is not None:
            schedule_warm_up()

    def hide(self) -> None:
        """Hide the Balance panel (and clear its preview): the game shown is another one."""
        apply(page.hidden_writes())
        STATE.preview_key = None
        clear_preview()

    def after_action(self) -> None:
        """The game changed: forget the hint; remember the score of a game that just ended."""
        game = STATE.game
        STATE.hint.forget()
        if not is_balance(game) or not game.is_over:
            return
        message = STATE.best.record(load_best(), game)
        if message is not None:
            STATE.page.ui.message, STATE.page.ui.message_kind = message, SUCCESS

    def show_dialog_fields(self, shown: bool) -> None:
        """The seed choice in the New game dialog (when Balance is picked)."""
        el("balance-seed-fields").hidden = not shown
        el("balance-daily-label").textContent = page.daily_label(today_seed())

    def dialog_seed(self) -> int | None:
        """The seed the New game dialog asks for (``None``: a fresh random one)."""
        boxes = document.querySelectorAll("input[name=balance-seed]")
        choice = page.seed_choice([str(box.value) for box in boxes if box.checked])
        return page.dialog_seed(choice, str(el("balance-seed-input").value or ""), today_seed())


PANEL = BalancePanel()
"""Balance's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
