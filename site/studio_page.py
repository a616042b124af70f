"""The Studio page (studio.html): the board editor's DOM glue.

The editor's state is :class:`paisho_page.studio.editor.Studio` and what the page says of it
:mod:`paisho_page.studio.screen` (pure, tested under CPython); this module draws the
board, builds the menus and the palette, and passes clicks and keys on.  Every text is
set with ``textContent``; a link's contents reach the page only through the engine.
"""

from __future__ import annotations

from typing import Any

import clipboard
from dom import apply, build, closest, document, download, el, freeze_heap, keep, on, window

from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_core.tokens import reserve_token
from paisho_page.play import players_view
from paisho_page.studio import play as studio_play
from paisho_page.studio import reserves as studio_reserves
from paisho_page.studio import screen as studio_screen
from paisho_page.studio import step as studio_step
from paisho_page.studio import what_if
from paisho_page.studio.editor import Studio
from paisho_page.words.i18n import _


class _State:
    studio: Studio = Studio()
    preview = ""
    board = ""
    """The board's markup as last drawn."""
    idle: Any = None
    """The pending timer that makes the link once typing pauses (``None``: none)."""
    on_idle: Any = None


STATE = _State()


def _fill(element_id: str, items: list[Any]) -> None:
    el(element_id).replaceChildren(*[build(item) for item in items])


def write_address() -> None:
    """The Studio's demo link in the address bar, in place of the address (never a new
    entry in the history), so that a reload or Back opens the work again."""
    url = studio_screen.address(STATE.studio, str(window.location.href))
    if url is not None:
        window.history.replaceState(window.history.state, "", url)


def show_preview(src: str) -> None:
    """Show ``src`` in the preview frame (``location.replace``: setting its ``src`` would
    add an entry to the history at each change, and Back would step through them; a
    new fragment of the same page is shown by the embed in place)."""
    frame = el("studio-preview")
    url = str(window.URL.new(src, window.location.href).href)
    if frame.contentWindow is None:
        frame.src = url
    else:
        frame.contentWindow.location.replace(url)


def draw_board() -> None:
    """The board picture, replaced only when it changed: a redraw for anything else
    (a caption's ``change`` as the field loses the focus to a click on the board) must
    not swap the point under a click being made for a copy of it (the click is lost)."""
    svg = STATE.studio.board_svg()
    if svg != STATE.board:
        STATE.board = svg
        el("board-holder").innerHTML = svg


def draw_step_box() -> None:
    """The mover's reserve, Skip and other choices of the step being played."""
    studio = STATE.studio
    _fill(studio_step.CHOICES, studio_step.items(studio))
    tiles = studio_step.tile_writes(studio)
    for button in el(studio_step.CHOICES).querySelectorAll("[data-reserve]"):
        apply(tiles[str(button.dataset.reserve)].writes(), button)
    apply(studio_step.writes(studio))


def draw(address: bool = True) -> None:
    """The board, the palette, the menus, the problems and the link; ``address``: the
    address bar too (not on load: a bad link stays there until a change)."""
    studio = STATE.studio
    draw_board()
    draw_step_box()
    _fill("studio-palette", studio_screen.palette_items(studio))
    _fill("studio-reserves", studio_reserves.reserve_items(studio))
    apply(studio_reserves.writes(studio))
    _fill("studio-mover", studio_screen.mover_options(studio))
    _fill("studio-problems", studio_screen.problem_items(studio))
    _fill("studio-steps", studio_screen.step_items(studio))
    _fill(what_if.LIST, what_if.items(studio))
    apply(studio_screen.writes(studio, str(window.location.href)))
    _fill("studio-play-seat", list(studio_play.seat_options(studio, _chosen_seat())))
    apply(studio_play.writes(studio))
    fragment, _why = studio.share_fragment()
    if fragment != STATE.preview:
        STATE.preview = fragment
        show_preview(studio_screen.preview_src(fragment))
    if address:
        write_address()


def on_board(event: Any) -> None:
    """A click on a point: put the tile in hand, or remove the tile there."""
    group = closest(event.target, "[data-point]")
    if group is None:
        return
    try:
        point = Point.parse(str(group.getAttribute("data-point")))
    except PaiShoError:
        return
    STATE.studio.click(point)
    draw()


def on_step_box(event: Any) -> None:
    """A reserve tile, Skip or another choice of the step being played."""
    tile = closest(event.target, "[data-reserve]")
    if tile is not None:
        owner = players_view.tile_owner(str(tile.getAttribute("data-seat") or ""))
        STATE.studio.play(reserve_token(str(tile.dataset.reserve)), owner)
    else:
        button = closest(event.target, "[data-token]")
        if button is None:
            return
        STATE.studio.play(str(button.dataset.token))
    draw()
    if int(getattr(event, "detail", 1) or 0) == 0:  # by the keyboard: the board takes the next
        el("board-holder").focus()


def on_board_key(event: Any) -> None:
    """Arrows move the cursor over the board, Enter or Space click under it."""
    if studio_screen.key_target(str(event.key)) and STATE.studio.key(str(event.key)):
        event.preventDefault()
        draw()


def on_palette(event: Any) -> None:
    """A palette button: take that tile (or the remove tool), or put it down."""
    button = closest(event.target, "[data-tool]")
    if button is not None:
        STATE.studio.select(int(str(button.dataset.tool)))
        draw()
        pressed = el("studio-palette").querySelector("[aria-pressed='true']")
        (pressed or el("studio-palette").querySelector("button")).focus()


def on_reserves(event: Any) -> None:
    """A − or + button: one fewer or one more of that tile in that seat's reserve; the
    focus stays on it (or on its pair once it is disabled)."""
    button = closest(event.target, "[data-by]")
    if button is None or button.disabled:
        return
    seat, code, by = int(str(button.dataset.seat)), str(button.dataset.code), str(button.dataset.by)
    STATE.studio.change_reserve(seat, code, int(by))
    draw()
    for selector in studio_reserves.focus_after(seat, code, by):
        again = el("studio-reserves").querySelector(selector)
        if again is not None and not again.disabled:
            again.focus()
            break


def on_start(how: str) -> None:
    """Empty board or standard start, of the variant chosen."""
    STATE.studio.start(how, str(el("studio-variant").value))
    draw()


def open_link(text: str) -> None:
    """Open a demo or game link (or say why not), the variant menu following."""
    if STATE.studio.open_link(text):
        _fill("studio-variant", studio_screen.variant_options(STATE.studio.setup.variant))


def on_open_link(event: Any) -> None:
    """Open a pasted demo, position or game link."""
    event.preventDefault()
    open_link(str(el("studio-link-input").value))
    draw()


def on_hash(_event: Any) -> None:
    """A link typed into the address bar (this page's own writes fire no event)."""
    open_link(str(window.location.hash))
    draw()


def on_copy(field_id: str, what: str) -> None:
    """Copy the link or the snippet."""
    field = el(field_id)
    if str(field.value):
        clipboard.copy_text(str(field.value), field, el("studio-link-status"), what)


def on_steps(event: Any) -> None:
    """A step's button: show it, move it up or down, delete it."""
    button = closest(event.target, "[data-do]")
    if button is None:
        return
    draft = STATE.studio.draft
    draft.act(str(button.dataset.do), int(str(button.dataset.step)))
    draw()
    focus = el("studio-steps").querySelector(f"[data-step='{draft.at}'][data-do='show']")
    if focus is not None:
        focus.focus()


def on_alternative(do: str, event: Any = None) -> None:
    """The “if instead” box: add one to the shown step, open one (a list's button),
    back to the demo, delete the one written; the focus then on what comes next."""
    number = 0
    if do == "open":
        button = closest(event.target, "[data-alt]")
        if button is None:
            return
        number = int(str(button.dataset.alt))
    STATE.studio.alternative(do, number)
    draw()
    after = el(what_if.DONE) if STATE.studio.draft.branch is not None else el(what_if.ADD)
    if after is not None and not after.hidden and not after.disabled:
        after.focus()


def wire_alternatives() -> None:
    """The “if instead” box's buttons."""
    on(el(what_if.LIST), "click", lambda event: on_alternative("open", event))
    for do, target in (("add", what_if.ADD), ("done", what_if.DONE), ("delete", what_if.DELETE)):
        on(el(target), "click", lambda _e, d=do: on_alternative(d))


def on_typed(field: str) -> None:
    """The shown step's caption or refused moves, as typed (the board is not drawn
    again, the field is left alone); the link once typing pauses."""
    studio_screen.typed(STATE.studio, field, str(el(field).value))
    apply(studio_screen.writes(STATE.studio, str(window.location.href), typing=field))
    _fill("studio-steps", studio_screen.step_items(STATE.studio))
    if STATE.idle is not None:
        window.clearTimeout(STATE.idle)
    STATE.idle = window.setTimeout(STATE.on_idle, studio_screen.TYPING_IDLE_MS)


def on_idle() -> None:
    """Typing paused: the link, the snippet and the address."""
    STATE.idle = None
    apply(studio_screen.link_writes(STATE.studio, str(window.location.href)))
    write_address()


def on_diagram(_event: Any) -> None:
    """Download the SVG diagram of the shown step."""
    svg, name = studio_screen.diagram(STATE.studio)
    if not svg:
        return
    download(svg, name, "image/svg+xml")
    el("studio-link-status").textContent = _("Diagram saved as {name}.").format(name=name)


def _chosen_seat() -> int:
    value = str(el("studio-play-seat").value or "0")
    return int(value) if value.isdigit() else 0


def on_play(how: str) -> None:
    """Open the shown position on the game page, as this tab's new game (against the
    computer, or hot seat to analyse it)."""
    plan, why = studio_play.plan(
        STATE.studio, how, _chosen_seat(), str(el("studio-play-level").value)
    )
    if plan is None:
        apply(studio_play.writes(STATE.studio, why))
        return
    from web_storage import BrowserStorage  # (the saved games: only when asked)

    from paisho_page.storage.game_store import FULL_NOTICE, GameStore

    store = GameStore(BrowserStorage())
    store.new_identity()
    if store.save(plan.game, plan.computer, plan.computers, plan.level) == FULL_NOTICE:
        apply(studio_play.writes(STATE.studio, _(FULL_NOTICE)))
        return
    window.location.href = studio_play.PAGE


def on_mode(mode: str) -> None:
    """Set up the position, play a step's move, or highlight points."""
    STATE.studio.set_mode(mode)
    draw()


def start() -> None:
    """Open the link in the address (a demo or game link), build the menus, wire the
    controls, draw, and mark the page ready."""
    clipboard.install()
    STATE.studio = Studio()  # made again in the page's language (its default caption)
    STATE.on_idle = keep(on_idle)
    if len(str(window.location.hash)) > 1:
        STATE.studio.open_link(str(window.location.hash))
    _fill("studio-variant", studio_screen.variant_options(STATE.studio.setup.variant))
    on(el("studio-variant"), "change", lambda _e: on_start("empty"))
    on(el("studio-empty"), "click", lambda _e: on_start("empty"))
    on(el("studio-standard"), "click", lambda _e: on_start("standard"))
    on(
        el("studio-mover"),
        "change",
        lambda _e: (STATE.studio.set_mover(int(str(el("studio-mover").value))), draw()),
    )
    on(el("studio-palette"), "click", on_palette)
    on(el("board-holder"), "click", on_board)
    on(el("board-holder"), "keydown", on_board_key)
    on(el(studio_step.BOX), "click", on_step_box)
    on(el("studio-link-form"), "submit", on_open_link)
    on(el("studio-copy-link"), "click", lambda _e: on_copy("studio-link", "Link"))
    on(el("studio-copy-snippet"), "click", lambda _e: on_copy("studio-snippet", "Snippet"))
    on(el("studio-diagram"), "click", on_diagram)
    on(el("studio-steps"), "click", on_steps)
    wire_alternatives()
    for field in (studio_screen.CAPTION_FIELD, studio_screen.REFUSED_FIELD):
        on(el(field), "input", lambda _e, f=field: on_typed(f))
        on(el(field), "change", lambda _e: draw())  # the board and preview, once typed
    on(window, "hashchange", on_hash)
    on(
        el("studio-title"),
        "change",
        lambda _e: (STATE.studio.draft.set_title(str(el("studio-title").value)), draw()),
    )
    _fill("studio-play-level", list(studio_play.level_options("medium")))
    on(el("studio-play-computer"), "click", lambda _e: on_play(studio_play.COMPUTER))
    on(el("studio-play-analyse"), "click", lambda _e: on_play(studio_play.ANALYSE))
    on(el("studio-reserves"), "click", on_reserves)
    on(el("studio-reserves-reset"), "click", lambda _e: (STATE.studio.reset_reserves(), draw()))
    on(el("studio-pile-default"), "click", lambda _e: (STATE.studio.default_pile(), draw()))
    on(
        el("studio-pile"),
        "change",
        lambda _e: (STATE.studio.set_pile_text(str(el("studio-pile").value)), draw()),
    )
    on(el("studio-flip"), "click", lambda _e: (STATE.studio.flip(), draw()))
    for mode in ("setup", "play", "mark"):
        on(el(f"studio-mode-{mode}"), "click", lambda _e, m=mode: on_mode(m))
    draw(address=False)
    freeze_heap()
    document.documentElement.dataset.engine = "ready"
