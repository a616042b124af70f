"""The page's thin DOM layer (run by PyScript on Pyodide).

It only turns DOM events into calls on :class:`paisho_page.ui.UIState` and that state
into DOM updates: the board's dynamic SVG layer, the status line, the reserves, the
move list and the buttons.  All the selection logic lives in ``paisho_page.ui``
(tested under CPython).  Text that comes from storage is only ever set with
``textContent``; the SVG/HTML strings set with ``innerHTML`` come from the renderer,
which escapes everything.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import ancient_ui  # Ancient Pai Sho's seats, hidden hands and panel (site/ancient_ui.py)
import balance_ui  # Balance Pai Sho's panel, preview, hint and daily game (site/balance_ui.py)
import computer  # the computer opponent (site/computer.py)
import embed_ui  # the Embed dialog and diagram download (site/embed_ui.py)
import share  # links, replay and notation (site/share.py)
import storage_ui  # saved games, "Your games", other tabs (site/storage_ui.py)
import wiki_ui  # Wiki Pai Sho's score panel (site/wiki_ui.py)
from dom import (  # shared DOM helpers (site/dom.py)
    closest,
    document,
    el,
    freeze_heap,
    keep,
    make,
    on,
    opt,
    window,
)

from paisho_core import registry
from paisho_core.errors import PaiShoError
from paisho_core.render import render_dynamic, render_svg, tile_name, tile_svg
from paisho_page.move_list import move_list_html
from paisho_page.ui import RESERVE_PREFIX, UIState

OPTION_LABELS = {
    "clashing-start": "Clashing start (the Host opens with the clashing flower)",
    "one-of-each": "One of each accent tile (no choosing)",
    "no-wheels": "No Wheels",
    "double-accents": "Double accent tiles (choose 8 of 16)",
}


# ---------------------------------------------------------------------------- state
class Page:
    """The one game on the page and its UI state."""

    def __init__(self) -> None:
        """Resume the saved game, or start a new Skud game."""
        self.variant = "skud"
        self.booted = storage_ui.Booted()
        self.ui: UIState = self._resume() or self._fresh("skud", ())
        self.accent_choice: list[int] = []  # indices into the accent pool buttons
        self._accent_key: tuple[Any, ...] | None = None
        self._players_built: tuple[str, ...] = ()

    # -- games
    def _fresh(
        self,
        variant: str,
        options: tuple[str, ...],
        seed: int | None = None,
        players: int | None = None,
    ) -> UIState:
        cls = registry.get_variant(variant)
        if seed is None and cls.info.uses_seed:
            # balance hook: fresh Balance seeds never look like a daily (YYYYMMDD) one
            seed = balance_ui.fresh_seed() if variant == "balance" else secrets.randbelow(2**31)
        self.variant = variant
        if players is not None:  # a choice of seats (ancient hook)
            return UIState(cls(options, seed, players))
        return UIState(cls(options, seed))

    def _resume(self) -> UIState | None:
        """This tab's saved game (bad saved data is set aside, see storage_ui.boot)."""
        try:
            self.booted = storage_ui.boot()
        except Exception as exc:  # a bug here must not stop the page from starting
            self.booted = storage_ui.Booted()
            self.booted.notes.append(
                f"Your saved games could not be read (internal error: {type(exc).__name__});"
                " a new game starts."
            )
            return None
        game = self.booted.game
        if game is None:
            return None
        self.variant = str(game.info.name)
        return UIState(game)

    def save(self) -> None:
        """Autosave the game under its own id (variant, options, seed, moves, players)."""
        storage_ui.save(self.ui.game, computer.seat(), ancient_ui.computers())  # ancient hook

    def new_identity(self) -> None:
        """The page's game becomes another game: the old one keeps its own save."""
        storage_ui.new_identity()

    def new_game(
        self,
        variant: str,
        options: tuple[str, ...],
        seed: int | None = None,
        players: int | None = None,
    ) -> None:
        """Start a new game (with ``seed``, or a fresh one); the old one stays saved."""
        self.ui = self._fresh(variant, options, seed, players)
        self.accent_choice = []
        self.new_identity()
        self.save()
        refresh("New game.")


def switch_to(game: Any, seat: int | None, message: str, computers: Any = ()) -> None:
    """Show another saved game (from "Your games" or another tab) and redraw."""
    share.go_live()
    ancient_ui.prepare(tuple(computers))  # ancient hook: its computer seats
    PAGE.ui = UIState(game)
    PAGE.variant = str(game.info.name)
    PAGE.accent_choice = []
    computer.STATE.seat = seat
    refresh(message)


PAGE: Page


# -------------------------------------------------------------------------- drawing
def draw_board() -> None:
    """Swap the board's dynamic layer (or draw the whole board if it is missing)."""
    ui = PAGE.ui
    game, view = share.view_render() if share.viewing() else (ui.game, ui.view())
    view = balance_ui.decorate(view)  # balance hook: the hint mark
    view = computer.decorate(view)  # computer hook: the hint's points
    dyn = el("board-dynamic")
    board = el("board")
    if dyn is None or board is None:
        el("board-holder").innerHTML = render_svg(game, view)
        balance_ui.after_draw_board()  # balance hook: the placement preview
        wiki_ui.draw_preview()  # wiki hook: the score preview
        ancient_ui.after_draw_board()  # ancient hook: the Wheel's ring of angles
        return
    dyn.innerHTML = render_dynamic(game, view)
    if view.cursor is not None:
        board.setAttribute("aria-activedescendant", f"pt{view.cursor.x}_{view.cursor.y}")
    else:
        board.removeAttribute("aria-activedescendant")
    ancient_ui.after_draw_board()  # ancient hook: the Wheel's ring of angles
    balance_ui.after_draw_board()  # balance hook: the placement preview
    wiki_ui.draw_preview()  # wiki hook: the score preview


def build_players() -> None:
    """Make one panel per player (name + reserve) when the players change."""
    names = tuple(PAGE.ui.game.players)
    if names == PAGE._players_built:
        return
    holder = el("players")
    holder.replaceChildren()
    for i, name in enumerate(names):
        sec = make("section", cls="player")
        sec.dataset.owner = name
        sec.id = f"player-{i}"
        head = make("h2")
        head.appendChild(make("span", "", "seat-dot"))
        head.appendChild(make("span", name.capitalize(), "seat-name"))
        head.appendChild(make("span", "", "turn-badge"))
        sec.appendChild(head)
        res = make("div", cls="reserve")
        res.id = f"reserve-{i}"
        res.setAttribute("role", "group")
        res.setAttribute("aria-label", f"{name.capitalize()}'s reserve")
        sec.appendChild(res)
        holder.appendChild(sec)
    PAGE._players_built = names


def draw_players() -> None:
    """Fill each player's reserve with clickable tiles (rebuilt only when it changes)."""
    ui = PAGE.ui
    replaying = share.viewing()
    game = share.shown_game() if replaying else ui.game
    build_players()
    mover = game.to_move
    playable = frozenset() if replaying else ui.highlighted_reserve()
    selected = None if replaying else ui.selected_reserve
    variant = ui.variant
    # ancient hook: only the hand of the seat holding the device (the others: counts)
    reserves = ancient_ui.reserves(game) if ancient_ui.is_ancient(game) else game.reserves()
    for i, name in enumerate(game.players):
        sec = el(f"player-{i}")
        sec.classList.toggle("to-move", mover == i)
        badge = sec.querySelector(".turn-badge")
        badge.textContent = "to move" if mover == i else ""
        res = el(f"reserve-{i}")
        reserve = reserves[i]
        key = json.dumps(sorted(reserve.items()))
        if res.getAttribute("data-key") != key:
            res.dataset.key = key
            res.replaceChildren()
            if not reserve:
                res.appendChild(make("span", "empty", "reserve-empty"))
            for code, count in reserve.items():
                if code == "?":  # a hidden hand (Ancient): its size only
                    res.appendChild(make("span", f"{count} tiles in hand", "hidden-hand"))
                    continue
                btn = make("button", cls="reserve-tile")
                btn.type = "button"
                btn.dataset.reserve = code
                btn.dataset.owner = name
                btn.dataset.seat = str(i)
                btn.dataset.count = str(count)
                btn.title = tile_name(variant, code)
                btn.innerHTML = tile_svg(variant, code, name, 38)
                btn.appendChild(make("span", str(count), "count"))
                res.appendChild(btn)
        for btn in res.querySelectorAll("[data-reserve]"):
            code = str(btn.dataset.reserve)
            can = mover == i and code in playable
            sel = mover == i and code == selected
            btn.classList.toggle("playable", can)
            btn.classList.toggle("selected", sel)
            btn.setAttribute("aria-pressed", "true" if sel else "false")
            label = (
                f"{name.capitalize()} {tile_name(variant, code)}, {btn.dataset.count} in reserve"
            )
            if can:
                label += ", can be played"
            btn.setAttribute("aria-label", label)


def draw_moves() -> None:
    """The move list in the variant's notation."""
    text = PAGE.ui.game.to_text()
    moves = [m for m in text.split(";") if m.strip()] if text else []
    ol = el("move-list")
    # one DOM call for the whole list (every text escaped): a 500-move list is shown
    # at once, where an element per move took ~0.1 s in the page
    ol.innerHTML = move_list_html([m.strip() for m in moves], share.current_ply())
    if not _SCROLL:
        _SCROLL.append(keep(lambda _time: scroll_moves()))
    window.requestAnimationFrame(_SCROLL[0])


_SCROLL: list[Any] = []
"""The one ``requestAnimationFrame`` callback of :func:`draw_moves` (made on first use)."""


def scroll_moves() -> None:
    """Scroll the move list to the shown move, or to its end.

    Called before the next frame, not by :func:`draw_moves`: reading the layout there, in
    the middle of a redraw, made the browser lay out the whole page (~0.1 s at start)
    and then again for the rest of the redraw.
    """
    ol = el("move-list")
    if ol is None:
        return
    current = opt(ol.querySelector("li.current"))
    if current is not None:
        ol.scrollTop = max(0, int(current.offsetTop) - int(ol.offsetTop) - 40)
    else:
        ol.scrollTop = ol.scrollHeight


def accent_items() -> list[str]:
    """The accent chooser's tiles, one per button (e.g. R R W W K K B B)."""
    pool, _ = PAGE.ui.accent_pool()
    return [code for code in sorted(pool, key="RWKB".find) for _ in range(pool[code])]


def draw_accents() -> None:
    """Show the accent chooser while the player to move must choose accent tiles."""
    ui = PAGE.ui
    box = el("accent-chooser")
    tokens = [] if share.viewing() else ui.accent_tokens()
    if not tokens:
        box.hidden = True
        PAGE._accent_key = None
        return
    box.hidden = False
    _, size = ui.accent_pool()
    items = accent_items()
    key = (ui.game.plies, ui.game.to_move, tuple(tokens))
    pool_box = el("accent-pool")
    if PAGE._accent_key != key:
        PAGE._accent_key = key
        PAGE.accent_choice = list(range(len(items))) if len(tokens) == 1 else []
        owner = ui.game.players[ui.game.to_move] if ui.game.to_move is not None else None
        pool_box.replaceChildren()
        for idx, code in enumerate(items):
            btn = make("button", cls="accent-tile")
            btn.type = "button"
            btn.dataset.accentIndex = str(idx)
            btn.dataset.accent = code
            btn.title = tile_name(ui.variant, code)
            btn.innerHTML = tile_svg(ui.variant, code, owner, 40)
            btn.appendChild(make("span", tile_name(ui.variant, code), "accent-name"))
            pool_box.appendChild(btn)
    for btn in pool_box.querySelectorAll("[data-accent-index]"):
        on_ = int(btn.dataset.accentIndex) in PAGE.accent_choice
        btn.setAttribute("aria-pressed", "true" if on_ else "false")
        btn.setAttribute(
            "aria-label",
            f"{tile_name(ui.variant, str(btn.dataset.accent))}, "
            + ("chosen" if on_ else "not chosen"),
        )
    who = ui.player_name(ui.game.to_move)
    el("accent-title").textContent = f"{who}: choose {size} accent tiles"
    el(
        "accent-help"
    ).textContent = (
        f"{len(PAGE.accent_choice)} of {size} chosen. Accent tiles are played as a Harmony Bonus."
    )
    codes = [items[i] for i in PAGE.accent_choice if i < len(items)]
    el("btn-accents").disabled = ui.accent_token_for(codes) is None


def draw_controls() -> None:
    """Enable/disable the buttons, show the bonus bar and the result."""
    ui = PAGE.ui
    over = ui.game.is_over
    el("btn-undo").disabled = not ui.can_undo
    el("btn-redo").disabled = not ui.can_redo
    ancient_ui.undo_titles()  # ancient hook: why undo/redo are refused (hidden hands)
    el("btn-resign").disabled = over or len(ui.game.players) < 2
    el("btn-new").disabled = False
    el("bonus-bar").hidden = share.viewing() or not ui.can_skip
    result = el("result")
    if over and not share.viewing():
        result.hidden = False
        result.textContent = ui.result_text()
    else:
        result.hidden = True
        result.textContent = ""
    document.body.classList.toggle("game-over", over)
    el("variant-title").textContent = str(ui.game.info.title)


def refresh(message: str | None = None) -> None:
    """Redraw everything from the UI state."""
    ui = PAGE.ui
    share.sync()
    draw_board()
    draw_players()
    draw_accents()
    draw_moves()
    draw_controls()
    el("board-holder").dataset.actions = str(len(ui.game.history))
    el("status").textContent = share.status() if share.viewing() else ui.status()
    el("message").textContent = ui.message if message is None else message
    balance_ui.after_refresh()  # balance hook: panel, status line, end screen
    wiki_ui.after_refresh(share.shown_game() if share.viewing() else ui.game)  # wiki hook
    ancient_ui.after_refresh()  # ancient hook: panel, status, pass-the-device screen
    share.after_refresh()
    computer.after_refresh()  # computer hook: its move, when it is its turn


def after_action() -> None:
    """Autosave and redraw after the game changed."""
    PAGE.save()
    balance_ui.after_action()  # balance hook: best scores, stale hint
    refresh()


# --------------------------------------------------------------------------- events
def handle(result: Any) -> None:
    """Redraw after a click; save if an action was made."""
    if result.kind == "complete":
        after_action()
    elif result.kind in ("refuse", "none"):  # nothing changed: only say why
        el("message").textContent = PAGE.ui.message
    elif result.kind == "cursor":
        draw_board()
    else:
        refresh()


def on_board_click(event: Any) -> None:
    """A click on the board: the point under it becomes a token."""
    target = closest(event.target, "[data-point]")
    if target is None or share.refuse() or ancient_refused():
        return
    PAGE.ui.cursor_visible = False
    handle(PAGE.ui.click("point:" + str(target.dataset.point)))


def on_panel_click(event: Any) -> None:
    """Clicks on reserve tiles, the accent chooser and the Skip button."""
    target = event.target
    game_click = "[data-reserve], [data-accent-index], #btn-accents, #btn-skip"
    if closest(target, game_click) is not None and (share.refuse() or ancient_refused()):
        return
    tile = closest(target, "[data-reserve]")
    if tile is not None:
        seat = str(tile.getAttribute("data-seat") or "")
        owner = int(seat) if seat.isdigit() else None
        result = PAGE.ui.click(RESERVE_PREFIX + str(tile.dataset.reserve), owner)
        handle(result)
        if is_keyboard(event) and result.kind in ("extend", "reselect"):
            PAGE.ui.cursor_visible = True
            draw_board()
            el("board").focus()
        return
    accent = closest(target, "[data-accent-index]")
    if accent is not None:
        idx = int(accent.dataset.accentIndex)
        _, size = PAGE.ui.accent_pool()
        if idx in PAGE.accent_choice:
            PAGE.accent_choice.remove(idx)
        elif len(PAGE.accent_choice) < size:
            PAGE.accent_choice.append(idx)
        else:
            PAGE.ui.message = f"You already chose {size}: take one back first."
        refresh()
        return
    if closest(target, "#btn-accents") is not None:
        items = accent_items()
        codes = [items[i] for i in PAGE.accent_choice if i < len(items)]
        token = PAGE.ui.accent_token_for(codes)
        if token is None:
            PAGE.ui.message = "That accent choice is not allowed."
            refresh()
            return
        handle(PAGE.ui.click(token))
        if is_keyboard(event):
            first = opt(el("accent-pool").querySelector("button"))
            if first is not None and not el("accent-chooser").hidden:
                first.focus()
            else:
                focus_next_control()
        return
    if closest(target, "#btn-skip") is not None:
        handle(PAGE.ui.click("skip"))
        if is_keyboard(event):
            focus_next_control()


def ancient_refused(reason: str | None = None) -> bool:
    """True (and the reason shown) when an Ancient game takes no click now (or when
    ``reason``, an Ancient refusal of something else, is not empty)."""
    why = ancient_ui.refuse() if reason is None else reason
    if why:
        el("message").textContent = why
    return bool(why)


def is_keyboard(event: Any) -> bool:
    """True for a click made with the keyboard (Enter/Space on a button)."""
    return int(getattr(event, "detail", 1) or 0) == 0


def focus_next_control() -> None:
    """After a keyboard action hid the focused control, focus what comes next."""
    ui = PAGE.ui
    if ui.highlighted_reserve() and ui.game.to_move is not None:
        btn = opt(document.querySelector(f"#reserve-{ui.game.to_move} .reserve-tile.playable"))
        if btn is not None:
            btn.focus()
            return
    el("board").focus()


def focus_board_if(event: Any) -> bool:
    """True when a key event happens on the board."""
    active = opt(document.activeElement)
    return active is not None and str(active.id) == "board"


def on_keydown(event: Any) -> None:
    """Keyboard: arrows/Enter/Space on the board; Esc anywhere; Ctrl+Z/Ctrl+Y."""
    key = str(event.key)
    if (event.ctrlKey or event.metaKey) and key.lower() in ("z", "y"):
        tag = str(getattr(document.activeElement, "tagName", "")).lower()
        if tag in ("input", "select", "textarea"):
            return
        event.preventDefault()
        redo = key.lower() == "y" or (key.lower() == "z" and event.shiftKey)
        share.go_live()
        if ancient_refused(ancient_ui.redo_refusal() if redo else ancient_ui.undo_refusal()):
            return  # ancient hook: undo only inside the turn being played
        done = PAGE.ui.redo() if redo else PAGE.ui.undo()
        if done:
            after_action()
        return
    if key in ("Escape", "Esc"):
        if el("new-game-dialog").open:
            return
        result = PAGE.ui.cancel()
        if result.kind != "none":
            refresh()
        return
    if not focus_board_if(event):
        return
    if key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " "):
        event.preventDefault()
        if key in ("Enter", " ") and (share.refuse() or ancient_refused()):
            return
        if ancient_ui.ring_key(key):  # ancient hook: keys on the Wheel's ring of angles
            return
        handle(PAGE.ui.key(key))


def on_undo(_event: Any) -> None:
    """Undo one action."""
    share.go_live()
    if ancient_refused(ancient_ui.undo_refusal()):  # ancient hook: only inside the turn
        return
    if PAGE.ui.undo():
        computer.after_undo()  # computer hook: take back its reply too
        after_action()


def on_redo(_event: Any) -> None:
    """Redo one action."""
    share.go_live()
    if ancient_refused(ancient_ui.redo_refusal()):  # ancient hook
        return
    if PAGE.ui.redo():
        computer.after_redo()  # computer hook
        after_action()


def on_resign(_event: Any) -> None:
    """Ask before resigning."""
    if share.refuse():
        return
    who = PAGE.ui.player_name(PAGE.ui.game.to_move)
    el("confirm-resign-text").textContent = f"{who}, resign this game?"
    el("confirm-resign").hidden = False
    el("btn-resign-no").focus()


def on_resign_yes(_event: Any) -> None:
    """The player to move resigns."""
    el("confirm-resign").hidden = True
    PAGE.ui.resign()
    PAGE.save()
    refresh(PAGE.ui.message)


def on_resign_no(_event: Any) -> None:
    """Keep playing."""
    el("confirm-resign").hidden = True
    el("btn-resign").focus()


NOT_ON_PAGE_YET: frozenset[str] = frozenset()
"""Variants of the engine that the page cannot play yet (the New game dialog leaves
them out)."""


def fill_options(variant: str) -> None:
    """Put the variant's option checkboxes into the New game dialog."""
    box = el("option-fields")
    for old in list(box.querySelectorAll("label")):
        old.remove()
    info = registry.get_variant(variant).info
    current = PAGE.ui.game.options if PAGE.variant == variant else frozenset()
    for name in info.options:
        label = make("label", cls="check")
        box_ = make("input")
        box_.type = "checkbox"
        box_.name = "option"
        box_.value = name
        box_.id = f"opt-{name}"
        box_.checked = name in current
        label.appendChild(box_)
        label.appendChild(make("span", OPTION_LABELS.get(name, name)))
        box.appendChild(label)
    box.hidden = not info.options


def on_new(_event: Any) -> None:
    """Open the New game dialog."""
    select = el("variant-select")
    select.replaceChildren()
    for name in registry.variant_names():
        if name in NOT_ON_PAGE_YET:
            continue
        try:
            title = registry.get_variant(name).info.title
        except Exception:  # a variant that is not there yet
            continue
        opt = make("option", str(title))
        opt.value = name
        opt.selected = name == PAGE.variant
        select.appendChild(opt)
    fill_options(PAGE.variant)
    balance_ui.on_dialog_variant(PAGE.variant)  # balance hook: seed choice
    computer.on_dialog_variant(PAGE.variant, PAGE.ui.game.players)  # computer hook
    ancient_ui.on_dialog_variant(PAGE.variant)  # ancient hook: seats and target
    el("new-game-dialog").showModal()


def on_variant_change(_event: Any) -> None:
    """Show the options of the picked variant."""
    variant = str(el("variant-select").value)
    fill_options(variant)
    balance_ui.on_dialog_variant(variant)  # balance hook
    cls = registry.get_variant(variant)
    players = cls((), 0 if cls.info.uses_seed else None).players
    computer.on_dialog_variant(variant, players)  # computer hook
    ancient_ui.on_dialog_variant(variant)  # ancient hook


def on_dialog_close(_event: Any) -> None:
    """Start the new game if the dialog was confirmed."""
    dialog = el("new-game-dialog")
    if str(dialog.returnValue) != "start":
        return
    variant = str(el("variant-select").value)
    options = tuple(
        str(b.value)
        for b in el("option-fields").querySelectorAll("input[name=option]")
        if b.checked
    )
    before = PAGE.ui.game
    players = None
    if variant == "ancient":  # ancient hook: seats, computer seats, target/hand
        options, players = ancient_ui.dialog_options(), ancient_ui.dialog_players()
        ancient_ui.prepare(ancient_ui.dialog_computers())
    else:
        computer.set_seat(computer.dialog_seat())  # computer hook
    try:
        PAGE.new_game(variant, options, balance_ui.dialog_seed(variant), players)  # balance hook
    except PaiShoError as exc:
        el("message").textContent = str(exc)
        return
    share.kept_after_new_game(before)


def start() -> None:
    """Set up the page, then tell the world the engine is ready."""
    global PAGE
    PAGE = Page()
    board = el("board-holder")
    panel = document.querySelector(".panel")
    on(board, "click", on_board_click)
    on(panel, "click", on_panel_click)
    on(document, "keydown", on_keydown)
    on(el("btn-undo"), "click", on_undo)
    on(el("btn-redo"), "click", on_redo)
    on(el("btn-resign"), "click", on_resign)
    on(el("btn-resign-yes"), "click", on_resign_yes)
    on(el("btn-resign-no"), "click", on_resign_no)
    on(el("btn-new"), "click", on_new)
    on(el("variant-select"), "change", on_variant_change)
    on(el("new-game-dialog"), "close", on_dialog_close)
    on(el("btn-new-cancel"), "click", lambda _e: el("new-game-dialog").close("cancel"))
    balance_ui.install(PAGE, refresh)  # balance hook
    wiki_ui.install(PAGE)  # wiki hook: the score preview under the mouse or the cursor
    computer.install(PAGE, after_action, share.viewing, draw_board)  # computer hook
    ancient_ui.install(PAGE, handle, refresh, draw_board)  # ancient hook
    if PAGE.booted.known:  # the resumed game's own players
        computer.STATE.seat = PAGE.booted.seat
        ancient_ui.prepare(PAGE.booted.computers)  # ancient hook
    storage_ui.install(PAGE, switch_to, computer.seat, PAGE.booted.notes)
    share.install(share.Host(PAGE, refresh))
    embed_ui.install(PAGE)  # embed hook
    refresh("")
    freeze_heap()
    document.documentElement.dataset.engine = "ready"
