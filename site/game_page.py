"""The page's thin DOM layer (run by PyScript on Pyodide).

It only turns DOM events into calls on :class:`paisho_page.play.ui.UIState` and that state
into DOM updates: the board's dynamic SVG layer, the status line, the reserves, the
move list and the buttons.  All the selection logic lives in ``paisho_page.play.ui``
(tested under CPython).  Text that comes from storage is only ever set with
``textContent``; the SVG/HTML strings set with ``innerHTML`` come from the renderer,
which escapes everything.

Each variant's own panel (and each page-wide part: a computer opponent, the Embed
dialog) plugs in through the hooks of :class:`paisho_page.panels.hooks.Panel`, found
without being named here: every ``site/*_ui.py`` module may define a module-level
``PANEL`` (a ``Panel`` subclass' instance with its ``variant``, the engine registry's
short name, or ``None`` for every game); :data:`PANELS` imports each such module by name
(they are the site's files PyScript wrote beside this one) and this page calls the hooks
through it.  A new variant's panel is one new ``site/<variant>_ui.py``: no site module
changes.  The snapshot (``sitebuild/snapshot.py``) imports every site module at build
time, so finding them costs nothing at start.

The board has one event path: this page alone listens to it (one ``click``, one
``mouseover``, one ``mouseleave``, its ``focusin``/``focusout`` and ``keydown``), works
out once per event the point and the control drawn on the board under the pointer
(``site/hover.py``) and hands them to the hooks of the shown game's panel and the global
ones (``board_click``, ``board_hover``, ``board_leave``, ``board_control_focus``,
``board_control_key``).  A hover calls the panels only when the point or control under
the pointer changed (:class:`paisho_page.play.redraws.Pointer`), and they redraw only
their previews and the tile card.
"""

from __future__ import annotations

import os
from typing import Any

import result_panel  # the end of a game (site/result_panel.py)
import share  # links, replay and notation (site/share.py)
import storage_ui  # saved games, "Your games", other tabs (site/storage_ui.py)
from dom import (  # shared DOM helpers (site/dom.py)
    apply,
    build,
    closest,
    document,
    el,
    freeze_heap,
    idle,
    idle_steps,
    keep,
    on,
    opt,
    window,
)
from hover import (  # the board under the pointer (site/hover.py)
    control_name,
    control_of,
    point_of,
    tapped_point,
)

from paisho_core.errors import PaiShoError
from paisho_core.render import dynamic_layer, render_svg
from paisho_core.tokens import SKIP, point_token, reserve_token
from paisho_page.panels.hooks import Host, Panel, PanelSet, discover, panel_module_names
from paisho_page.play import (
    accent_view,
    board_marks,
    new_game_view,
    page_keys,
    players_view,
    redraws,
    rehearsal,
    result,
)
from paisho_page.play.game_view import (
    board_view,
    board_writes,
    control_writes,
    message_writes,
    resign_question,
    status_writes,
)
from paisho_page.play.move_list import move_list_html, move_texts
from paisho_page.play.page_state import PageState
from paisho_page.play.players_view import player_section, reserve_elements, reserve_key
from paisho_page.play.redraws import Part
from paisho_page.play.seat_marks import people_may_play, seat_marks
from paisho_page.play.ui import Click, UIState
from paisho_page.words import i18n
from paisho_page.words.board_words import board_words
from paisho_page.words.said import ERROR, INFO, Kind

PANELS: PanelSet = discover(panel_module_names(os.path.dirname(os.path.abspath(__file__))))
"""The variants' panels and the page-wide ones (a computer opponent, the Embed dialog): the
``PANEL`` of every ``*_ui.py`` module beside this one (see :mod:`paisho_page.panels.hooks`).
Found when this module is imported, i.e. at build time, in the memory snapshot."""

DEFAULT_VARIANT = new_game_view.default_variant()
"""The variant of the page's first game (when no saved game is resumed)."""


# ---------------------------------------------------------------------------- state
class Page(PageState):
    """The one game on the page and its UI state (:class:`PageState`), saved."""

    def __init__(self) -> None:
        """Resume the saved game, or start a new game of the first variant."""
        super().__init__(DEFAULT_VARIANT)
        self.booted = storage_ui.Booted()
        self.ui = self._resume() or self._fresh(DEFAULT_VARIANT, ())

    # -- games
    def _fresh(
        self,
        variant: str,
        options: tuple[str, ...],
        seed: int | None = None,
        players: int | None = None,
        start: Any = None,
    ) -> UIState:
        own_seed = PANELS.panel_for(variant).fresh_seed
        game = start or new_game_view.fresh_game(variant, options, seed, players, own_seed)
        self.variant = variant
        return UIState(game)

    def _resume(self) -> UIState | None:
        """This tab's saved game (bad saved data is set aside, see storage_ui.boot)."""
        try:
            self.booted = storage_ui.boot()
        except Exception as exc:  # a bug here must not stop the page from starting
            self.booted = storage_ui.Booted()
            self.booted.notes.append(new_game_view.unreadable_saves_note(exc))
            return None
        game = self.booted.game
        if game is None:
            return None
        self.variant = str(game.info.name)
        return UIState(game)

    def save(self) -> None:
        """Autosave the game under its own id (variant, options, seed, moves, players)."""
        storage_ui.save(
            self.ui.game, PANELS.computer_seat(), panel().computer_seats(), PANELS.computer_level(),
            share.kept_lines(self.ui.game),
        )

    def new_identity(self) -> None:
        """The page's game becomes another game: the old one keeps its own save."""
        storage_ui.new_identity()

    def new_game(
        self,
        variant: str,
        options: tuple[str, ...],
        seed: int | None = None,
        players: int | None = None,
        start: Any = None,
    ) -> None:
        """Start a new game (with ``seed``, or a fresh one; ``start``: this game, at a
        set-up position); the old one stays saved."""
        self.show(self._fresh(variant, options, seed, players, start))
        self.new_identity()
        self.save()
        refresh(i18n._("New game."))


def switch_to(
    game: Any, seat: int | None, message: str, computers: Any = (), level: str | None = None,
    lines: str = "",
) -> None:
    """Show another saved game (from "Your games" or another tab), with its side lines
    and comments, and redraw."""
    share.go_live()
    PANELS.restore_seats(seat, tuple(computers), level)
    PAGE.show(UIState(game))
    refresh(share.restore_lines(game, lines, message))


PAGE: Page

SHOWN = board_marks.ShownLayer()
"""The board's dynamic layer as last drawn (a selection draws only the marks it changed)."""

POINTER = redraws.Pointer()
"""Where the pointer is on the board, as the panels were last told (a hover elsewhere
only redraws the previews and the tile card)."""


def variant() -> str:
    """The short name of the page's game's variant."""
    return str(PAGE.ui.game.info.name)


def panel() -> Panel:
    """The panel of the page's game's variant (a no-op one if it has none)."""
    return PANELS.panel_for(variant())


# -------------------------------------------------------------------------- drawing
def draw_board() -> None:
    """Draw the board's dynamic layer: only what changed when the layer shown is the one
    last drawn (a selection, the keyboard cursor or a hint's marks: the marks; an action:
    the lines and the points whose tiles changed too), else the whole layer (or the whole
    board if it is missing)."""
    ui = PAGE.ui
    game, view = share.view_render() if share.viewing() else (ui.game, ui.view())
    view = PANELS.decorate(variant(), view)  # e.g. a hint's marks
    people = share.viewing() or people_may_play(game.to_move, computer_seats())
    view = board_view(view, people)  # (no highlights on the computer's turn)
    words = board_words()
    dyn = el("board-dynamic")
    if el("board") is None:
        dyn = None
    update = SHOWN.draw(dynamic_layer(game, view, words), _stamp(dyn))
    if update.whole is None:
        for target, markup in update.inner:  # (the lines; the emptied previews)
            el(target).innerHTML = markup
        for target, markup in update.outer:  # (a point whose tile or last-move mark changed)
            el(target).outerHTML = markup
        apply(update.writes)
        for target, markup in update.marks:
            el(target).lastElementChild.innerHTML = markup  # (its <g class="marks">)
    elif dyn is None:
        el("board-holder").innerHTML = render_svg(game, view, words=words)
        el("board-dynamic").setAttribute(board_marks.STAMP, update.stamp)
    else:
        dyn.innerHTML = update.whole
        dyn.setAttribute(board_marks.STAMP, update.stamp)
    apply(board_writes(view))
    PANELS.after_draw_board(variant())  # e.g. a preview, the controls drawn on the board


def _stamp(dyn: Any) -> str | None:
    """The :data:`board_marks.STAMP` of the dynamic layer ``dyn`` (``None``: none)."""
    if dyn is None:
        return None
    stamp = opt(dyn.getAttribute(board_marks.STAMP))
    return None if stamp is None else str(stamp)


def computer_seats() -> frozenset[int]:
    """The seats the computer plays in the page's game (one, or a variant's several)."""
    one = PANELS.computer_seat()
    return frozenset(panel().computer_seats()) | ({one} if one is not None else set())


def build_players() -> None:
    """Make one panel per player (name + reserve) when the players change."""
    names = tuple(PAGE.ui.game.players)
    if not PAGE.players_changed(names):
        return
    el("players").replaceChildren(*(build(player_section(i, name)) for i, name in enumerate(names)))


def draw_players() -> None:
    """Fill each player's reserve with clickable tiles (rebuilt only when it changes)."""
    ui = PAGE.ui
    replaying = share.viewing()
    game = share.shown_game() if replaying else ui.game
    build_players()
    mover = game.to_move
    computers = computer_seats()
    exploring = share.explore()  # (a move being made at the position shown)
    if exploring is not None:
        offer = players_view.offered(exploring, False, True)
    else:
        offer = players_view.offered(ui, replaying, people_may_play(mover, computers))
    variant = ui.variant
    # (a variant with hidden hands shows only those of the seat holding the device)
    reserves = panel().reserves(game)
    if reserves is None:
        reserves = game.reserves()
    marks = seat_marks(len(game.players), mover, () if replaying else computers)
    for i, name in enumerate(game.players):
        apply(players_view.seat_writes(i, marks[i]))
        el(f"player-{i}").querySelector(".turn-badge").textContent = marks[i].badge
        res = el(f"reserve-{i}")
        shown = {} if fill_reserve(res, reserves[i], i, name, variant) else _TILES_SHOWN.get(i, {})
        tiles = players_view.seat_tiles(variant, i, name, mover, reserves[i], offer)
        changed = {code for code, tile in tiles.items() if shown.get(code) != tile}
        if changed:  # (a selection changes one seat's buttons, a refused click none)
            for btn in res.querySelectorAll("[data-reserve]"):
                code = str(btn.dataset.reserve)
                if code in changed:
                    apply(tiles[code].writes(), btn)
        _TILES_SHOWN[i] = tiles


_TILES_SHOWN: dict[int, dict[str, players_view.ReserveTile]] = {}
"""How each seat's reserve buttons were last shown, by tile code: only the buttons that
show something else are written again."""


def fill_reserve(res: Any, reserve: dict[str, int], seat: int, name: str, variant: str) -> bool:
    """Put one button per tile kind of ``reserve`` into ``res`` (only when it changed);
    whether it did."""
    key = reserve_key(reserve)
    if res.getAttribute("data-key") == key:
        return False
    res.dataset.key = key
    res.replaceChildren(*(build(e) for e in reserve_elements(reserve, seat, name, variant)))
    return True


def draw_moves() -> None:
    """The move list in the variant's notation."""
    moves = move_texts(str(PAGE.ui.game.to_text()))  # (the plies the replay bar counts)
    ol = el("move-list")
    # one DOM call for the whole list (every text escaped): a 500-move list is shown
    # at once, where an element per move took ~0.1 s in the page
    ol.innerHTML = move_list_html(moves, share.current_ply(), share.move_list_extras())
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
    return accent_view.accent_items(PAGE.ui.accent_pool()[0])


def draw_accents() -> None:
    """Show the accent chooser while the player to move must choose accent tiles."""
    ui = PAGE.ui
    people = people_may_play(ui.game.to_move, computer_seats())
    chooser = accent_view.chooser(ui, not share.viewing() and people)
    el("accent-chooser").hidden = chooser is None
    rebuild = PAGE.chooser_opened(chooser)
    if chooser is None:
        return
    pool_box = el("accent-pool")
    if rebuild:
        buttons = accent_view.accent_buttons(chooser.items, ui.variant, chooser.owner)
        pool_box.replaceChildren(*(build(e) for e in buttons))
    for btn in pool_box.querySelectorAll("[data-accent-index]"):
        chosen = int(btn.dataset.accentIndex) in PAGE.accent_choice
        apply(accent_view.button_writes(ui.variant, str(btn.dataset.accent), chosen), btn)
    apply(accent_view.chooser_writes(ui, chooser, PAGE.accent_choice))


def draw_controls() -> None:
    """Enable/disable the buttons, show the bonus bar and the result."""
    ui = PAGE.ui
    over = ui.game.is_over
    why = panel().undo_refusal() if ui.can_undo else ""  # (the reason Undo would be refused)
    people = people_may_play(ui.game.to_move, computer_seats())
    apply(control_writes(ui, why, people, share.viewing()))
    shown = over and not share.viewing()
    line = panel().result_line(ui.game) if shown else ""
    result_panel.draw(result.result_view(ui.game, ui.result_text(), line) if shown else None)


def refresh(message: str | None = None, kind: Kind = INFO) -> None:
    """Redraw everything from the UI state (``message`` of ``kind``: the message line's,
    else the UI's own)."""
    ui = PAGE.ui
    share.sync()
    if result_panel.opening(ui.game.is_over and not share.viewing()):
        ui.cursor_visible = False  # the game is over: the keyboard cursor leaves the board
    redraw(redraws.EVERYTHING, message, kind)
    share.after_refresh()
    PANELS.after_refresh(variant())  # e.g. the computer's move, when it is its turn


def redraw(parts: frozenset[Part], message: str | None = None, kind: Kind = INFO) -> None:
    """Draw the ``parts`` of the page from the UI state (the rest is left as it is)."""
    ui = PAGE.ui
    if Part.BOARD_MARKS in parts:
        draw_board()
    if Part.PLAYERS in parts:
        draw_players()
    if Part.ACCENTS in parts:
        draw_accents()
    if Part.MOVES in parts:
        draw_moves()
    if Part.CONTROLS in parts:
        draw_controls()
    if Part.STATUS in parts:
        apply(status_writes(ui, share.status() if share.viewing() else None, message, kind))
    if Part.PANELS in parts:
        PANELS.show(share.shown_game() if share.viewing() else ui.game)  # (its status line)


def after_action() -> None:
    """Autosave and redraw after the game changed."""
    PAGE.save()
    PANELS.after_action(variant())  # e.g. best scores, a stale hint
    refresh()


# --------------------------------------------------------------------------- events
def handle(result: Any) -> None:
    """Redraw after a click; save if an action was made."""
    parts = redraws.after_click(result.kind)
    if result.kind is Click.COMPLETE:
        after_action()
    elif parts == {Part.STATUS}:  # nothing changed: only say why
        apply(message_writes(PAGE.ui.message, PAGE.ui.message_kind))
    else:
        redraw(parts)  # a selection: never the move list
        PANELS.after_refresh(variant())  # (the panels' own state: e.g. a tile card)


def on_board_click(event: Any) -> None:
    """A click on the board (its one listener): the panels of the game shown may take it
    (a control drawn on the board), else the point under it becomes a token."""
    point = tapped_point(event)  # the nearest point for a tap between points
    if PANELS.board_click(variant(), point, control_of(event.target)):
        return
    if point is None or refused():
        return
    PAGE.ui.cursor_visible = False
    if share.take_click(point_token(point)):  # (a position shown while replaying)
        return
    handle(PAGE.ui.click(point_token(point)))


def on_board_over(event: Any) -> None:
    """The mouse onto something on the board (its one ``mouseover`` listener): when that
    is another point or control, the panels of the game shown redraw what depends on it
    (previews, the tile card), nothing else."""
    control = control_of(event.target)
    point = point_of(event.target)
    shown = variant()
    if Part.PREVIEW in POINTER.over(shown, point, control_name(control)):
        PANELS.board_hover(shown, point, control)


def on_board_leave(_event: Any) -> None:
    """The mouse left the board: the panels of the game shown clear their previews."""
    shown = variant()
    if Part.PREVIEW in POINTER.leave(shown):
        PANELS.board_leave(shown)


def on_board_focus(event: Any) -> None:
    """The focus came to (``focusin``) or left (``focusout``) something on the board."""
    focused = str(event.type) == "focusin"
    PANELS.board_control_focus(variant(), control_of(event.target), focused)


def on_board_key(event: Any) -> None:
    """A key on a control drawn on the board: its panel may take it (the page's own keys
    are :func:`on_keydown`'s, on the document, after this)."""
    control = control_of(event.target)
    if control is not None and PANELS.board_control_key(variant(), control, str(event.key)):
        event.preventDefault()


def on_panel_click(event: Any) -> None:
    """Clicks on reserve tiles, the accent chooser and the Skip button."""
    target = event.target
    game_click = "[data-reserve], [data-accent-index], #btn-accents, #btn-skip"
    if closest(target, game_click) is not None and refused():
        return
    tile = closest(target, "[data-reserve]")
    if tile is not None:
        owner = players_view.tile_owner(str(tile.getAttribute("data-seat") or ""))
        if share.take_click(reserve_token(str(tile.dataset.reserve)), owner):
            return
        result = PAGE.ui.click(reserve_token(str(tile.dataset.reserve)), owner)
        handle(result)
        if is_keyboard(event) and result.kind in (Click.EXTEND, Click.RESELECT):
            PAGE.ui.cursor_visible = True
            draw_board()
            el("board").focus()
        return
    accent = closest(target, "[data-accent-index]")
    if accent is not None and share.refuse():  # (the accent choice: the live game's)
        return
    if accent is not None:
        on_accent_tile(int(accent.dataset.accentIndex))
        return
    if closest(target, "#btn-accents") is not None:
        if share.refuse():
            return
        on_accents_chosen(event)
        return
    if closest(target, "#btn-skip") is not None:
        if share.take_click(SKIP):
            return
        handle(PAGE.ui.click(SKIP))
        if is_keyboard(event):
            focus_next_control()


def on_accent_tile(idx: int) -> None:
    """A click on the accent chooser's tile ``idx``: choose it, or take it back."""
    refusal = PAGE.toggle_accent(idx)
    if refusal is not None:
        PAGE.ui.message, PAGE.ui.message_kind = refusal, ERROR
    refresh()


def on_accents_chosen(event: Any) -> None:
    """The accent chooser's button: play the accent tiles chosen."""
    codes = accent_view.chosen_codes(accent_items(), PAGE.accent_choice)
    token = PAGE.ui.accent_token_for(codes)
    if token is None:
        PAGE.ui.message, PAGE.ui.message_kind = i18n._(accent_view.NOT_ALLOWED), ERROR
        refresh()
        return
    handle(PAGE.ui.click(token))
    if is_keyboard(event):
        first = opt(el("accent-pool").querySelector("button"))
        if first is not None and not el("accent-chooser").hidden:
            first.focus()
        else:
            focus_next_control()


def refused(reason: str | None = None) -> bool:
    """True (and the reason shown) when the game's panel takes no click now (or when
    ``reason``, the panel's refusal of something else, is not empty)."""
    why = panel().refuse() if reason is None else reason
    if why:
        apply(message_writes(why))
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
    tag = str(getattr(document.activeElement, "tagName", ""))
    ctrl = bool(event.ctrlKey or event.metaKey)
    command = page_keys.key_command(key, ctrl, bool(event.shiftKey), tag)
    if command in (page_keys.UNDO, page_keys.REDO):
        event.preventDefault()
        redo = command == page_keys.REDO
        share.go_live()
        if refused(panel().redo_refusal() if redo else panel().undo_refusal()):
            return
        done = PAGE.ui.redo() if redo else PAGE.ui.undo()
        if done:
            after_action()
        return
    if command == page_keys.CANCEL:
        if el("new-game-dialog").open:
            return
        result = PAGE.ui.cancel()
        if result.kind is not Click.NONE:
            refresh()
        return
    if command is None or not focus_board_if(event):
        return
    event.preventDefault()
    if command == page_keys.CHOOSE and refused():
        return
    if command == page_keys.CHOOSE and share.take_click(point_token(PAGE.ui.cursor)):
        return
    if panel().on_board_key(key):  # (e.g. a ring of choices on the board)
        return
    handle(PAGE.ui.key(key))


def on_undo(_event: Any) -> None:
    """Undo one action."""
    share.go_live()
    if refused(panel().undo_refusal()):
        return
    if PAGE.ui.undo():
        PANELS.after_undo(variant())  # (the computer takes back its reply too)
        after_action()


def on_redo(_event: Any) -> None:
    """Redo one action."""
    share.go_live()
    if refused(panel().redo_refusal()):
        return
    if PAGE.ui.redo():
        PANELS.after_redo(variant())
        after_action()


def on_resign(_event: Any) -> None:
    """Ask before resigning."""
    if share.refuse():
        return
    who = PAGE.ui.player_name(PAGE.ui.game.to_move)
    el("confirm-resign-text").textContent = resign_question(who)
    el("confirm-resign").hidden = False
    el("btn-resign-no").focus()


def on_resign_yes(_event: Any) -> None:
    """The player to move resigns (not a computer's seat: it moved meanwhile)."""
    el("confirm-resign").hidden = True
    if not people_may_play(PAGE.ui.game.to_move, computer_seats()):
        return
    PAGE.ui.resign()
    PAGE.save()
    refresh(PAGE.ui.message, PAGE.ui.message_kind)


def on_resign_no(_event: Any) -> None:
    """Keep playing."""
    el("confirm-resign").hidden = True
    el("btn-resign").focus()


def fill_options(variant: str) -> None:
    """Put the variant's option checkboxes into the New game dialog."""
    box = el("option-fields")
    for old in list(box.querySelectorAll("label")):
        old.remove()
    boxes = new_game_view.option_fields(variant, PAGE.variant, PAGE.ui.game.options)
    box.append(*(build(e) for e in boxes))
    box.hidden = not boxes


def on_new(_event: Any) -> None:
    """Open the New game dialog."""
    choices = new_game_view.variant_choices(PAGE.variant)
    el("variant-select").replaceChildren(*(build(e) for e in choices))
    fill_options(PAGE.variant)
    PANELS.on_dialog_variant(PAGE.variant, tuple(PAGE.ui.game.players))
    el("new-game-dialog").showModal()


def on_variant_change(_event: Any) -> None:
    """Show the options of the picked variant."""
    variant = str(el("variant-select").value)
    fill_options(variant)
    PANELS.on_dialog_variant(variant, new_game_view.dialog_players(variant))


def on_rematch() -> None:
    """The result panel's Rematch: the same variant and options, the seats swapped."""
    before = PAGE.ui.game
    lines = share.kept_lines(before)  # (before the new game takes the replay cursor)
    again = result.rematch(before, PANELS.computer_seat(), panel().computer_seats())
    share.go_live()
    PANELS.restore_seats(again.seat, again.computers)
    try:
        PAGE.new_game(again.variant, again.options, None, again.players, again.start)
    except PaiShoError as exc:
        apply(message_writes(i18n.describe(exc)))
        return
    share.kept_after_new_game(before, lines)


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
    lines = share.kept_lines(before)  # (before the new game takes the replay cursor)
    chosen = PANELS.panel_for(variant)  # (its own fields: seats, target, seed...)
    options, players = chosen.dialog_options(options), chosen.dialog_players()
    PANELS.take_dialog_seats(variant)
    try:
        PAGE.new_game(variant, options, chosen.dialog_seed(), players)
    except PaiShoError as exc:
        apply(message_writes(i18n.describe(exc)))
        return
    share.kept_after_new_game(before, lines)


def start() -> None:
    """Set up the page, then tell the world the engine is ready."""
    global PAGE
    PAGE = Page()
    board = el("board-holder")
    panel = document.querySelector(".panel")
    on(board, "click", on_board_click)  # the board's one click listener, and its one
    on(board, "mouseover", on_board_over)  # mouseover: each dispatches to the panels
    on(board, "mouseleave", on_board_leave)
    on(board, "focusin", on_board_focus)
    on(board, "focusout", on_board_focus)
    on(board, "keydown", on_board_key)
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
    result_panel.install(on_new, on_rematch, share.replay_from_start)
    PANELS.install(Host(PAGE, refresh, handle, after_action, draw_board, share.viewing))
    if PAGE.booted.known:  # the resumed game's own players
        PANELS.restore_seats(PAGE.booted.seat, tuple(PAGE.booted.computers), PAGE.booted.level)
    storage_ui.install(PAGE, switch_to, PANELS.computer_seat, PAGE.booted.notes)
    share.install(share.Host(PAGE, refresh, redraw))  # (may open the address's link)
    resumed = PAGE.booted.lines and PAGE.ui.game is PAGE.booted.game
    refresh(share.restore_lines(PAGE.ui.game, PAGE.booted.lines, "") if resumed else "")
    freeze_heap()
    document.documentElement.dataset.engine = "ready"
    idle(lambda: PANELS.warm(variant()))  # (a first hover then runs compiled code)
    idle_steps(rehearsal.rehearsal(variant()))  # (and the browser optimises the hot paths)
