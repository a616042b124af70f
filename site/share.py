"""Links, replay and notation on the main page (issue 4), run by PyScript.

``game_page`` owns the game and the drawing; this module adds, in its own functions:

* opening a shared link from the address (``#<payload>``) on load and on ``hashchange``:
  the game is replayed by the engine (:func:`paisho_page.replay.open_link_steps`), a
  long one in chunks with its progress shown ("Opening shared game… 120/500"); a bad
  link shows the last legal position (or an empty board) and says what was wrong;
* the game that was on the page is never lost: it goes to a list of kept games in
  ``localStorage`` (``paisho.kept.v1``) and a notice offers "Resume it";
* the address bar kept in sync after every change (``history.replaceState``);
* the Share dialog (copy the link, and a read-only field for manual copying);
* the replay bar (slider and step buttons), refusing game changes while an earlier
  position is shown, and "Continue from here" (with confirmation);
* the Notation dialog: import a game's notation (the Skud community site's) or a
  link, export this game's notation.

All the logic is pure and tested under CPython in :mod:`paisho_page.replay`.  Text
from links, pasted notation or storage reaches the page only through ``textContent``
or form ``value``; the board SVG comes from the renderer, which escapes everything.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

import storage_ui  # set-aside saved data (site/storage_ui.py)
from dom import document, el, keep, nil, on, window
from pyodide.ffi import create_once_callable

from paisho_core import link, registry
from paisho_core.errors import PaiShoError
from paisho_core.render import RenderView
from paisho_page import safejson
from paisho_page.replay import (
    OpenedLink,
    ReplayCursor,
    contains,
    export_notation,
    game_of_record,
    import_notation,
    looks_like_link,
    open_link,
    open_link_steps,
    push_kept,
    record_of,
)
from paisho_page.ui import UIState, token_point

KEPT_KEY = "paisho.kept.v1"
"""``localStorage`` key of the games kept aside (newest first, see ``push_kept``)."""

OPEN_AT_ONCE_S = 0.2
"""A link is replayed in one go for this long; a longer one shows its progress."""
OPEN_FINISH_S = 0.1
"""…unless the rest, at the pace so far, takes at most this long: then it is finished at
once (a pause to paint the progress would only make it later)."""
OPEN_CHUNK_S = 0.1
"""Otherwise the replay runs in chunks this long, letting the page paint between."""



# ----------------------------------------------------------------------------- state
@dataclass
class Host:
    """What ``game_page`` lends this module: the page object and its redraw function.

    ``page`` has ``ui`` (a :class:`UIState`), ``variant``, ``accent_choice`` and
    ``save()``; ``refresh(message)`` redraws everything (``None``: the UI's message).
    """

    page: Any
    refresh: Callable[[str | None], None]


class Sharing:
    """The replay cursor, the address-bar state and the notices of one page."""

    def __init__(self, host: Host) -> None:
        """Attach to the page; nothing is drawn yet."""
        self.host = host
        self.cursor = ReplayCursor(host.page.ui.game)
        self.written = ""  # the last payload written to the address bar
        self.address_key: tuple[Any, ...] | None = None
        self.timer_pending = False
        self.partial: Any = None  # the legal part of a refused import
        self.copy_target: Any = None  # the status element of the copy under way
        self.copy_field: Any = None
        self.opening = 0  # counts links being opened: a newer one abandons an older one
        self.open_steps: Generator[Any, None, OpenedLink] | None = None

    @property
    def game(self) -> Any:
        """The live game."""
        return self.host.page.ui.game


SHARE: Sharing


# ------------------------------------------------------------------------------ what game_page asks
def sync() -> None:
    """Follow the live game (call before drawing)."""
    SHARE.cursor.sync(SHARE.game)


def viewing() -> bool:
    """True while the replay shows an earlier position than the live one."""
    return SHARE.cursor.viewing


def shown_game() -> Any:
    """The game at the shown position (the live game when not replaying)."""
    return SHARE.cursor.position()


def view_render() -> tuple[Any, RenderView]:
    """The shown earlier position and its marks (last action, ring, keyboard cursor)."""
    game = shown_game()
    ui = SHARE.host.page.ui
    points = frozenset(
        p for p in (token_point(t) for t in SHARE.cursor.last_clicks()) if p is not None
    )
    cursor = ui.cursor if ui.cursor_visible else None
    return game, RenderView(last_move=points, ring=UIState(game, undo=False).ring(), cursor=cursor)


def status() -> str:
    """The status line while replaying."""
    return f"{SHARE.cursor.label()} · {UIState(shown_game(), undo=False).status()}"


def refuse() -> bool:
    """While replaying: say why a game change is refused and return True."""
    if not viewing():
        return False
    el("message").textContent = SHARE.cursor.refusal(not no_going_back())
    return True


def go_live() -> None:
    """Leave the replay: show the live position again (before undo/redo)."""
    SHARE.cursor.last()
    el("confirm-truncate").hidden = True


def current_ply() -> int:
    """How many plies of the notation the shown position completes (move list mark)."""
    return SHARE.cursor.notation_ply() if viewing() else -1


def after_refresh() -> None:
    """Draw the replay bar and schedule the address-bar update."""
    draw_replay()
    schedule_address()


# ----------------------------------------------------------------------------- replay bar
def draw_replay() -> None:
    """Slider, step buttons, label and "Continue from here"."""
    cursor = SHARE.cursor
    total, index = cursor.total, cursor.index
    slider = el("replay-slider")
    slider.max = str(total)
    slider.value = str(index)
    slider.disabled = total == 0
    slider.setAttribute("aria-valuetext", cursor.label())
    el("btn-replay-first").disabled = index == 0
    el("btn-replay-prev").disabled = index == 0
    el("btn-replay-next").disabled = index >= total
    el("btn-replay-last").disabled = index >= total
    el("replay-label").textContent = cursor.label()
    el("btn-continue-here").hidden = not cursor.viewing or no_going_back()
    if not cursor.viewing:
        el("confirm-truncate").hidden = True
    holder = el("board-holder")
    holder.dataset.view = str(index)
    holder.dataset.viewing = "true" if cursor.viewing else "false"
    document.body.classList.toggle("replaying", cursor.viewing)
    el("btn-share").disabled = False
    el("btn-notation").disabled = False


def show_at(index: int) -> None:
    """Show the position after ``index`` actions and redraw."""
    SHARE.cursor.go(index)
    SHARE.host.refresh("")


def on_replay_step(delta: int | None) -> Callable[[Any], None]:
    """A handler stepping ``delta`` positions (``None``: to the live position)."""

    def handler(_event: Any) -> None:
        cursor = SHARE.cursor
        show_at(cursor.total if delta is None else cursor.index + delta)

    return handler


def on_slider(_event: Any) -> None:
    """The slider moved."""
    value = str(el("replay-slider").value)
    if value.isdigit():
        show_at(int(value))


def on_move_list_click(event: Any) -> None:
    """A click on a move of the list shows the position after it."""
    item = event.target.closest("li[data-ply]") if hasattr(event.target, "closest") else None
    if nil(item):
        return
    ply = str(item.dataset.ply)
    if ply.isdigit():
        show_at(SHARE.cursor.index_of_ply(int(ply)))


def no_going_back() -> bool:
    """True for a running game with hidden hands (Ancient): playing on from an earlier
    position would take back tiles already seen, so "Continue from here" is not offered."""
    game = SHARE.game
    return bool(getattr(game, "hidden_hands", False)) and not game.is_over


def on_continue_here(_event: Any) -> None:
    """Ask before dropping the moves after the shown position."""
    if no_going_back():
        el("message").textContent = (
            "A game with hidden hands cannot go back to an earlier position: tiles already"
            " seen would be taken back."
        )
        return
    cursor = SHARE.cursor
    drop = cursor.total - cursor.index
    el("confirm-truncate-text").textContent = (
        f"Drop the {drop} later move{'s' if drop != 1 else ''} and play on from move"
        f" {cursor.index}? Redo brings them back until a new move is made."
    )
    el("confirm-truncate").hidden = False
    el("btn-truncate-no").focus()


def on_truncate_yes(_event: Any) -> None:
    """Continue from the shown position: undo the later moves (Redo can restore them)."""
    el("confirm-truncate").hidden = True
    if no_going_back():
        return
    page = SHARE.host.page
    target = SHARE.cursor.index
    while len(page.ui.game.history) > target or page.ui.game.resigned is not None:
        if not page.ui.undo():
            page.ui = UIState(link.game_at(page.ui.game, target))
            break
    SHARE.cursor.ply = None
    page.accent_choice = []
    page.save()
    SHARE.host.refresh(f"Continuing from move {target}.")


def on_truncate_no(_event: Any) -> None:
    """Keep the game as it is."""
    el("confirm-truncate").hidden = True
    el("btn-continue-here").focus()


# ----------------------------------------------------------------------------- address bar
def schedule_address() -> None:
    """Update the address bar soon (after the page has painted), if the game changed."""
    game = SHARE.game
    key = (
        id(game),
        game.info.name,
        len(game.history),
        game.resigned,
        SHARE.cursor.ply,
    )
    if key == SHARE.address_key or SHARE.timer_pending or SHARE.open_steps is not None:
        return  # (while a link opens, the address already holds it)
    SHARE.timer_pending = True
    window.setTimeout(_ADDRESS_PROXY[0], 0)


def write_address() -> None:
    """Put the game (and the shown position, while replaying) in the URL fragment."""
    SHARE.timer_pending = False
    game = SHARE.game
    view = SHARE.cursor.ply
    key = (id(game), game.info.name, len(game.history), game.resigned, view)
    SHARE.address_key = key
    try:
        payload = link.encode(game, view)
    except PaiShoError:  # e.g. longer than a link holds: leave the address alone
        return
    if payload == SHARE.written and str(window.location.hash) == "#" + payload:
        return
    SHARE.written = payload
    with contextlib.suppress(Exception):  # a sandboxed frame may refuse
        window.history.replaceState(window.history.state, "", "#" + payload)


_ADDRESS_PROXY: list[Any] = []


def on_hash_change(_event: Any) -> None:
    """A link pasted into the address bar of the open page: open it."""
    raw = str(window.location.hash or "")
    if len(raw) > 1 and raw[1:] != SHARE.written:
        open_address(raw)


# ----------------------------------------------------------------------------- kept games
def load_kept() -> list[Any]:
    """The kept games; a damaged list is set aside (kept, downloadable) and gives []."""
    try:
        raw = window.localStorage.getItem(KEPT_KEY)
    except Exception:  # storage blocked
        return []
    if nil(raw) or not raw:
        return []
    text = str(raw)
    try:
        data = safejson.loads(text)
    except safejson.BadJSON as exc:  # e.g. 20,000 nested "[" (fatal in Pyodide's json)
        reason = str(exc)
    else:
        if isinstance(data, list):
            return data
        reason = "it is not a list of games"
    storage_ui.set_aside(KEPT_KEY, text, f"the list of kept games could not be read: {reason}")
    return []


def save_kept(kept: list[Any]) -> None:
    """Store the kept games (storage full or blocked: nothing else to do)."""
    with contextlib.suppress(Exception):
        window.localStorage.setItem(KEPT_KEY, json.dumps(kept))


def keep_game(game: Any, instead_of: Any, records: tuple[Any, Any] | None = None) -> bool:
    """Keep ``game`` aside before ``instead_of`` replaces it; True if it was kept.

    A game that ``instead_of`` continues (the same game, maybe with more moves), or an
    empty one, is not worth keeping.  A running game with hidden hands is not kept here
    (its record would hold the seed in clear): it stays in Your games, its seed sealed.
    ``records``: the records of ``game`` and ``instead_of``, if the caller has them (a
    long game's record formats every move).
    """
    if bool(getattr(game, "hidden_hands", False)) and not game.is_over:
        return False
    old, new = records or (record_of(game), record_of(instead_of))
    if contains(new, old):
        return False
    save_kept(push_kept(load_kept(), old))
    return True


def set_game(
    game: Any,
    view: int | None,
    message: str,
    kept: bool,
    kept_text: str = "",
    before_last: Any = None,
    records: tuple[Any, Any] | None = None,
) -> None:
    """Make ``game`` the page's game (shown at ``view``), save it and say so.

    ``before_last`` (a link's position before its last action) spares replaying the
    game for its undo stack until the first undo; ``records``, the records of ``game``
    and of the page's game if the caller has them, spares making them again."""
    page = SHARE.host.page
    new, old = records or (record_of(game), record_of(page.ui.game))
    if not contains(new, old):
        page.new_identity()  # another game: the one on the page keeps its own save
    page.ui = UIState(game, before_last=before_last)
    page.variant = str(game.info.name)
    page.accent_choice = []
    page.save()
    SHARE.cursor.sync(game)
    SHARE.cursor.go(len(game.history) if view is None else view)
    el("confirm-truncate").hidden = True
    notice(message, kept, kept_text)
    SHARE.host.refresh("")


def notice(text: str, kept: bool = False, kept_text: str = "") -> None:
    """Show (or hide, for empty text) the notice, with "Resume it" if a game was kept."""
    box = el("notice")
    el("notice-text").textContent = text
    el("kept-text").textContent = kept_text or "Your previous game was kept:"
    el("kept-bar").hidden = not kept
    box.hidden = not text and not kept
    box.classList.toggle("bad", text.startswith("This link could not") or "refused" in text)


def on_notice_close(_event: Any) -> None:
    """Dismiss the notice (the kept games stay kept)."""
    el("notice").hidden = True


def on_resume_kept(_event: Any) -> None:
    """Swap the page's game with the newest kept one (the page's game is kept in turn)."""
    kept = load_kept()
    current = SHARE.game
    while kept:
        record = kept.pop(0)
        try:
            game = game_of_record(record)
        except PaiShoError as exc:  # kept, not dropped: set aside with the reason
            storage_ui.set_aside(KEPT_KEY, json.dumps(record), f"a kept game: {exc}", False)
            continue
        if getattr(current, "hidden_hands", False) and not current.is_over:
            save_kept(kept)  # a running hidden-hand game stays in Your games, seed sealed
        else:
            save_kept(push_kept(kept, record_of(current)))
        swapped = not contains(record_of(game), record_of(current))
        set_game(
            game,
            None,
            f"Resumed your previous game ({len(game.history)} moves).",
            swapped,
            "The game you had open was kept too:",
        )
        return
    save_kept([])
    notice("No kept game could be resumed.")


def kept_after_new_game(before: Any) -> None:
    """After "New game": keep the game that was on the page, and offer it back."""
    if keep_game(before, SHARE.game):
        notice("New game started.", True)
    else:
        notice("")


# ----------------------------------------------------------------------------- opening links
def open_address(text: str) -> None:
    """Open a link (the address on load, a changed fragment, or a pasted link).

    A long link is replayed step by step: after :data:`OPEN_AT_ONCE_S` the page shows
    "Opening shared game… 120/500" and goes on in chunks between paints, so it stays
    responsive; a newer link abandons an older one still opening.  When done (for the
    benchmark), ``<html data-link-open-ms>`` holds the time from start to the game shown,
    ``data-link-decoded-ms`` from start to the end of the replay, ``data-link-busy-ms``
    the time spent replaying (without the paints between chunks) and
    ``data-link-show-ms`` the time taken to show the decoded game (save, redraw).
    """
    SHARE.opening += 1
    if SHARE.open_steps is not None:
        SHARE.open_steps.close()
    SHARE.open_steps = open_link_steps(text, 10)
    _open_more(SHARE.opening, time.perf_counter(), 0.0, OPEN_AT_ONCE_S)


def _open_more(token: int, started: float, busy: float, budget: float) -> None:
    """Replay more of the link being opened for ``budget`` seconds (longer when the rest
    should take at most :data:`OPEN_FINISH_S`), then yield."""
    steps = SHARE.open_steps
    if token != SHARE.opening or steps is None:
        return  # abandoned for a newer link
    began = time.perf_counter()
    stop = began + budget
    extended = False
    try:
        while True:
            progress = next(steps)
            now = time.perf_counter()
            if now >= stop:
                spent = busy + now - began
                left = spent * (progress.total - progress.done) / max(progress.done, 1)
                if extended or left > OPEN_FINISH_S:
                    break
                extended = True  # nearly done: finish without a pause (once per chunk)
                stop = now + 2 * OPEN_FINISH_S
    except StopIteration as done:
        SHARE.open_steps = None
        _show_progress("")
        now = time.perf_counter()
        _opened(done.value)
        shown = time.perf_counter()
        root = document.documentElement
        root.dataset.linkBusyMs = str(round((busy + now - began) * 1000))
        root.dataset.linkDecodedMs = str(round((now - started) * 1000))
        root.dataset.linkShowMs = str(round((shown - now) * 1000))
        root.dataset.linkOpenMs = str(round((shown - started) * 1000))
        return
    except Exception as exc:  # a bug here must not leave the page half-way
        SHARE.open_steps = None
        _show_progress("")
        notice(f"This link could not be opened (internal error: {type(exc).__name__}).")
        return
    _show_progress(f"Opening shared game… {progress.done}/{progress.total}")
    busy += time.perf_counter() - began
    window.setTimeout(
        create_once_callable(lambda: _open_more(token, started, busy, OPEN_CHUNK_S)), 0
    )


def _show_progress(text: str) -> None:
    """Show (or hide, for empty text) the progress of a link being opened."""
    root = document.documentElement
    if text:
        root.dataset.linkProgress = text
        notice(text)
    else:
        root.removeAttribute("data-link-progress")


def _opened(opened: OpenedLink) -> None:
    """Make the game of a decoded link the page's game, and say what was opened."""
    page = SHARE.host.page
    before = page.ui.game
    # nothing in a damaged link can be trusted: then an empty board of the page's variant
    game = opened.game if opened.game is not None else page._fresh(page.variant, ()).game
    new, old = record_of(game), record_of(before)  # once: each formats every move
    same = opened.ok and contains(new, old) and contains(old, new)
    kept = keep_game(before, game, (old, new))
    if same:  # a reload of this very game: nothing to say
        message = ""
    elif opened.ok:
        who = UIState(game, undo=False).player_name(game.to_move)
        if game.is_over:
            message = opened.message()
        elif opened.view_ply is not None and opened.view_ply < len(game.history):
            message = f"{opened.message()} Go to the last move to play on ({who} to move)."
        else:
            message = (
                f"{opened.message()} {who} to move: make your move, then Share the new link back."
            )
    else:
        message = opened.message()
    before_last = opened.before_last if game is opened.game else None
    set_game(game, opened.view_ply, message, kept, before_last=before_last, records=(new, old))


def open_from_address() -> None:
    """On load: open the link in the address, if there is one (never raises)."""
    raw = str(window.location.hash or "")
    if len(raw) > 1:
        try:
            open_address(raw)
        except Exception as exc:  # a bug here must not stop the page from starting
            notice(f"This link could not be opened (internal error: {type(exc).__name__}).")


# ----------------------------------------------------------------------------- copying
def copy_text(text: str, field: Any, status: Any, what: str) -> None:
    """Copy ``text`` (navigator.clipboard, else execCommand); ``field`` holds it too."""
    field.focus()
    field.select()
    SHARE.copy_target = status
    SHARE.copy_field = field
    status.textContent = ""
    clipboard = getattr(window.navigator, "clipboard", None)
    if not nil(clipboard) and hasattr(clipboard, "writeText"):
        try:
            clipboard.writeText(text).then(_COPY_PROXIES[0], _COPY_PROXIES[1])
            status.dataset.what = what
            return
        except Exception:  # no clipboard here: fall back
            pass
    status.dataset.what = what
    copy_fallback()


def copy_done(_value: Any = None) -> None:
    """The clipboard took the text."""
    status = SHARE.copy_target
    if status is not None:
        status.textContent = f"{status.dataset.what} copied to the clipboard."
        status.dataset.copied = "true"


def copy_fallback(_error: Any = None) -> None:
    """The clipboard refused: try the old way, and else ask for a manual copy."""
    status, field = SHARE.copy_target, SHARE.copy_field
    if status is None or field is None:
        return
    field.focus()
    field.select()
    ok = False
    with contextlib.suppress(Exception):
        ok = bool(document.execCommand("copy"))
    if ok:
        status.textContent = f"{status.dataset.what} copied to the clipboard."
        status.dataset.copied = "true"
    else:
        status.textContent = "Select the text above and copy it (Ctrl+C, or ⌘C on a Mac)."
        status.dataset.copied = "false"


_COPY_PROXIES: list[Any] = []


# ----------------------------------------------------------------------------- Share dialog
def share_url() -> str:
    """The link to the page's game (at the shown position if the box says so)."""
    view = SHARE.cursor.ply if el("share-view").checked and viewing() else None
    base = str(window.location.href).split("#", 1)[0]
    return base + link.fragment_for(SHARE.game, view)


def fill_share() -> bool:
    """Put the link in the Share field; False (and the reason shown) if there is none."""
    field = el("share-link")
    try:
        field.value = share_url()
    except PaiShoError as exc:
        field.value = ""
        el("share-status").textContent = f"This game cannot be shared as a link: {exc}."
        return False
    return True


def hidden_hands_warning(game: Any) -> str:
    """A warning for a game with secret hands that is not over (Ancient): its link
    carries the seed, so whoever opens it can work out every hand."""
    if str(game.info.name) != "ancient" or game.is_over:
        return ""
    return (
        "This game is not over: the link reveals every player's hand to whoever opens it"
        " (it carries the deal). Share it with care."
    )


def on_share(_event: Any) -> None:
    """Open the Share dialog and copy the link at once."""
    cursor = SHARE.cursor
    label = el("share-view-label")
    label.hidden = not cursor.viewing
    el("share-view").checked = cursor.viewing
    el(
        "share-view-text"
    ).textContent = f"Open at the position shown (move {cursor.index} of {cursor.total})"
    el("share-status").textContent = ""
    warning = hidden_hands_warning(SHARE.game)
    el("share-hands-warning").textContent = warning
    el("share-hands-warning").hidden = not warning
    dialog = el("share-dialog")
    if not dialog.open:
        dialog.showModal()
    if fill_share():
        copy_text(str(el("share-link").value), el("share-link"), el("share-status"), "Link")


def on_share_copy(_event: Any) -> None:
    """Copy the link again."""
    if fill_share():
        copy_text(str(el("share-link").value), el("share-link"), el("share-status"), "Link")


def on_share_view(_event: Any) -> None:
    """The "position shown" box changed: new link."""
    el("share-status").textContent = ""
    fill_share()


# ----------------------------------------------------------------------------- Notation dialog
def importable_variants() -> list[str]:
    """Variants whose notation alone replays a game (no seed needed)."""
    out = []
    for name in registry.variant_names():
        try:
            if not registry.get_variant(name).info.uses_seed:
                out.append(name)
        except PaiShoError:
            continue
    return out


def on_notation(_event: Any) -> None:
    """Open the Notation dialog."""
    select = el("notation-variant")
    select.replaceChildren()
    current = SHARE.host.page.variant
    names = importable_variants()
    for name in names:
        option = document.createElement("option")
        option.value = name
        option.textContent = str(registry.get_variant(name).info.title)
        option.selected = name == current
        select.appendChild(option)
    el("notation-error").textContent = ""
    el("notation-status").textContent = ""
    el("notation-partial").hidden = True
    show_set_aside(())
    SHARE.partial = None
    el("notation-dialog").showModal()
    el("notation-text").focus()


def on_notation_import(_event: Any) -> None:
    """Replay the pasted text (notation or a link) and show it, or say what is wrong.

    Bad text changes nothing: the dialog stays open with the text and says what is
    wrong, so the player can correct it (or open its legal beginning).  Notation is read
    as the reference site reads it (lenient); what that sets aside is listed in the
    dialog, which then stays open until the player closes it.
    """
    text = str(el("notation-text").value)
    error_box = el("notation-error")
    error_box.textContent = ""
    el("notation-status").textContent = ""
    el("notation-partial").hidden = True
    show_set_aside(())
    SHARE.partial = None
    if not text.strip():
        error_box.textContent = "Paste a game's notation (or a link) first."
        return
    if looks_like_link(text):
        opened = open_link(text)
        if not opened.ok:
            error_box.textContent = opened.dialog_message()
            if opened.game is not None and opened.game.history:
                SHARE.partial = (opened.game, "the link")
                show_partial(len(opened.game.history), "moves")
            focus_text()
            return
        el("notation-dialog").close("import")
        assert opened.game is not None
        game = opened.game
        kept = keep_game(SHARE.game, game)
        set_game(game, opened.view_ply, opened.message(), kept, before_last=opened.before_last)
        return
    variant = str(el("notation-variant").value or "skud")
    result = import_notation(variant, text, lenient=True)
    if result.error is None and result.game is not None:
        kept = keep_game(SHARE.game, result.game)
        set_game(result.game, None, result.message(), kept)
        if result.set_aside:
            el("notation-status").textContent = result.message()
            show_set_aside(result.set_aside)
        else:
            el("notation-dialog").close("import")
        return
    error_box.textContent = f"{result.message()} Correct the text and import it again."
    if result.game is not None and result.plies > 0:
        SHARE.partial = (result.game, "the notation")
        show_partial(result.plies, "plies")
    focus_text()


def focus_text() -> None:
    """Put the cursor back in the dialog's text box (the text is kept)."""
    el("notation-text").focus()


def show_set_aside(notes: tuple[str, ...]) -> None:
    """List what a lenient import set aside, one item per ply (hidden when empty)."""
    box = el("notation-set-aside")
    items = []
    for note in notes:
        item = document.createElement("li")
        item.textContent = note
        items.append(item)
    box.replaceChildren(*items)
    box.hidden = not notes


def show_partial(count: int, unit: str) -> None:
    """Offer to open the legal beginning of a refused import."""
    el("btn-notation-partial").textContent = f"Open the first {count} legal {unit}"
    el("notation-partial").hidden = False


def on_notation_partial(_event: Any) -> None:
    """Open the legal part of a refused import."""
    if SHARE.partial is None:
        return
    game, source = SHARE.partial
    SHARE.partial = None
    el("notation-dialog").close("import")
    kept = keep_game(SHARE.game, game)
    set_game(
        game,
        None,
        f"Opened the legal part of {source} ({len(game.history)} moves); the rest was refused.",
        kept,
    )


def on_notation_export(_event: Any) -> None:
    """Put this game's notation in the text box and copy it."""
    text = export_notation(SHARE.game)
    field = el("notation-text")
    field.value = text
    el("notation-error").textContent = ""
    el("notation-partial").hidden = True
    show_set_aside(())
    plies = len([p for p in text.split(";") if p.strip()])
    copy_text(text, field, el("notation-status"), f"This game's notation ({plies} plies)")


# ----------------------------------------------------------------------------- wiring
def install(host: Host) -> None:
    """Wire the links, replay and notation controls; open the link in the address."""
    global SHARE
    SHARE = Sharing(host)
    _ADDRESS_PROXY.append(keep(write_address))
    _COPY_PROXIES.extend([keep(copy_done), keep(copy_fallback)])
    on(el("btn-replay-first"), "click", on_replay_step(-(10**9)))
    on(el("btn-replay-prev"), "click", on_replay_step(-1))
    on(el("btn-replay-next"), "click", on_replay_step(1))
    on(el("btn-replay-last"), "click", on_replay_step(None))
    on(el("replay-slider"), "input", on_slider)
    on(el("move-list"), "click", on_move_list_click)
    on(el("btn-continue-here"), "click", on_continue_here)
    on(el("btn-truncate-yes"), "click", on_truncate_yes)
    on(el("btn-truncate-no"), "click", on_truncate_no)
    on(el("btn-notice-close"), "click", on_notice_close)
    on(el("btn-resume-kept"), "click", on_resume_kept)
    on(el("btn-share"), "click", on_share)
    on(el("btn-share-copy"), "click", on_share_copy)
    on(el("share-view"), "change", on_share_view)
    on(el("btn-notation"), "click", on_notation)
    on(el("btn-notation-import"), "click", on_notation_import)
    on(el("btn-notation-export"), "click", on_notation_export)
    on(el("btn-notation-partial"), "click", on_notation_partial)
    on(window, "hashchange", on_hash_change)
    open_from_address()
