"""The embed pages (embed.html, demo-<name>.html): a demo, a shared game or moves.

What is shown comes from :class:`paisho_page.embed.demo_viewer.EmbedModel` and what the page
says of it from :mod:`paisho_page.embed.screen` (pure, tested under CPython); this module
moves it into the page.  Parameters, in the query or the
fragment (the fragment wins)::

    demo=<name>  step=K | #1<link> ply=K | variant=…&moves=…&options=…&seed=…
    | lesson=<name> task=K
    orient=host|guest  theme=light|dark  mode=read|try  autoplay=1  speed=ms  id=…

``embed.js`` handles theme, orientation, the height message and, on a pre-rendered
demo page, the steps before Python runs; once this module is ready
(``<html data-engine="ready">``) it owns the buttons.  Nothing is saved.  Text from the
URL reaches the page only through ``textContent`` and the engine.
"""

from __future__ import annotations

import time
from typing import Any

import learn_view  # an embedded lesson (site/learn_view.py)
from dom import apply, build, closest, document, el, freeze_heap, keep, on, window

from paisho_core.board import Point
from paisho_core.demos.diagram import rotate_dynamic
from paisho_core.errors import PaiShoError
from paisho_core.render import render_dynamic, render_svg
from paisho_core.tokens import SKIP, point_token
from paisho_page.embed import screen as embed_screen
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.words.board_words import board_words

MODEL: EmbedModel
PARAMS: dict[str, str] = {}
"""The page's parameters (:func:`paisho_page.embed.screen.page_params`) as last shown."""
TRYING = False
"""True in "try it" mode (``mode=try``): board clicks play on from the shown step."""
_timer: list[Any] = []


def _html_data(name: str) -> str:
    value = document.documentElement.getAttribute(f"data-{name}")
    return "" if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else str(value)


def draw() -> None:
    """Show the current position, its caption, the step counter and the buttons' state."""
    m = MODEL
    dyn = el("board-dynamic")
    if dyn is None:
        el("board-holder").innerHTML = render_svg(m.shown.game, m.view(), words=board_words())
    else:
        markup = render_dynamic(m.shown.game, m.view(), board_words())
        dyn.innerHTML = rotate_dynamic(markup) if _html_data("orient") == "guest" else markup
    apply(embed_screen.embed_writes(m, TRYING))
    box = el("what-if-list")
    if box is not None:
        box.replaceChildren(*[build(item) for item in embed_screen.what_if_items(m)])
    draw_reserve()


def on_what_if(event: Any) -> None:
    """A "What if…" button: show that alternative from its introduction."""
    button = closest(event.target, "[data-alt]")
    if button is None or not MODEL.open_alternative(int(str(button.dataset.alt))):
        return
    stop()
    draw()
    (el("btn-back-demo") if el("btn-next").disabled else el("btn-next")).focus()


def back_to_demo() -> None:
    """Back from an alternative to the step that carries it (the focus on its list)."""
    stop()
    MODEL.back_to_demo()
    draw()
    first = el("what-if-list").querySelector("button")
    if first is not None:
        first.focus()


def draw_reserve() -> None:
    """Try it: the mover's reserve as buttons (to plant, or to take a bonus tile)."""
    box = el("try-reserve")
    if box is not None:
        items = embed_screen.reserve_items(MODEL, TRYING)
        box.replaceChildren(*[build(item) for item in items])
        box.hidden = not items


def on_reserve_click(event: Any) -> None:
    """Try it: a reserve tile picked (plant, or a bonus tile), or a choice (draw, turn)."""
    button = closest(event.target, "[data-token]")
    if button is None or button.disabled:
        return
    stop()
    MODEL.try_click(str(button.dataset.token))
    draw()


def go(index: int) -> None:
    """Show position ``index``."""
    MODEL.go(index)
    draw()


def stop() -> None:
    """Stop autoplay."""
    while _timer:
        window.clearInterval(_timer.pop())
    apply(embed_screen.play_label(False))


def tick() -> None:
    """One autoplay step."""
    if MODEL.at >= MODEL.last:
        stop()
        return
    go(MODEL.at + 1)


def play(speed: int) -> None:
    """Start autoplay (from the start if at the end)."""
    stop()
    if MODEL.at >= MODEL.last:
        go(0)
    _timer.append(window.setInterval(keep(tick), speed))
    apply(embed_screen.play_label(True))


def on_key(event: Any) -> None:
    """Arrow keys step, Home/End jump, Escape leaves an alternative."""
    if embed_screen.key_back(str(event.key), MODEL):
        event.preventDefault()
        back_to_demo()
        return
    index = embed_screen.key_step(str(event.key), MODEL.at, MODEL.last)
    if index is not None:
        event.preventDefault()
        stop()
        go(index)


def on_board_click(event: Any) -> None:
    """Try it: a click on a board point plays on from the shown position."""
    group = closest(event.target, "[data-point]")
    if group is None:
        return
    try:
        point = Point.parse(str(group.getAttribute("data-point")))
    except PaiShoError:
        return
    stop()
    MODEL.try_click(point_token(point))
    draw()


def on_skip(_event: Any) -> None:
    """Try it: decline a Harmony Bonus."""
    MODEL.click(SKIP)
    draw()


def on_hash_change(_event: Any) -> None:
    """A new fragment (the Studio's preview, as its demo is edited): another demo, link or
    step is shown in place, Python already running; a change of how it is shown (see
    :func:`paisho_page.embed.screen.shown_in_place`), on a demo page or a lesson, loads
    the page again."""
    global MODEL, PARAMS
    fragment = str(window.location.hash)
    params = embed_screen.page_params(str(window.location.search), fragment, "", "")
    if _html_data("demo") or PARAMS.get("lesson") or not embed_screen.shown_in_place(
        PARAMS, params
    ):
        window.location.reload()
        return
    stop()
    PARAMS = params
    MODEL = EmbedModel(params, embed_screen.link_fragment(fragment))
    draw()


def start() -> None:
    """Read the URL, replay, wire the buttons, and mark the page ready
    (``<html data-first-step-ms>``: from Python's start here to the first step drawn,
    for ``benchmarks/links.py --embed-demo``)."""
    global MODEL, PARAMS, TRYING
    began = time.perf_counter()
    demo = _html_data("demo")
    at = str(el("board-holder").dataset.step or "") if demo else ""  # (where embed.js was)
    search, fragment = str(window.location.search), str(window.location.hash)
    read = getattr(window, "paishoEmbedHash", None)  # (the fragment embed.js applied)
    if isinstance(read, str) and not embed_screen.started_as_read(search, read, fragment):
        window.location.reload()
        return
    params = PARAMS = embed_screen.page_params(search, fragment, demo, at)
    on(window, "hashchange", on_hash_change)
    if params.get("lesson") and not demo:  # a lesson (site/learn_view.py)
        learn_view.start_embedded(search, fragment, _html_data("orient") == "guest")
        freeze_heap()
        document.documentElement.dataset.engine = "ready"
        return
    TRYING = params.get("mode") == "try"
    MODEL = EmbedModel(params, embed_screen.link_fragment(fragment))
    speed = embed_screen.autoplay_speed(params.get("speed", ""), MODEL.demo is not None)
    on(el("btn-first"), "click", lambda _e: (stop(), go(0)))
    on(el("btn-prev"), "click", lambda _e: (stop(), go(MODEL.at - 1)))
    on(el("btn-next"), "click", lambda _e: (stop(), go(MODEL.at + 1)))
    on(el("btn-last"), "click", lambda _e: (stop(), go(MODEL.last)))
    on(el("btn-play"), "click", lambda _e: stop() if _timer else play(speed))
    on(document, "keydown", on_key)
    on(el("what-if-list"), "click", on_what_if)
    on(el("btn-back-demo"), "click", lambda _e: back_to_demo())
    if TRYING:
        box = build(embed_screen.try_box())
        el("status").before(box)
        on(box, "click", on_reserve_click)
        on(el("board-holder"), "click", on_board_click)
        on(el("btn-skip"), "click", on_skip)
    if embed_screen.autoplay(params, demo):
        MODEL.at = 0
        draw()
        play(speed)
    else:
        draw()
    document.documentElement.dataset.firstStepMs = f"{(time.perf_counter() - began) * 1000:.1f}"
    freeze_heap()
    document.documentElement.dataset.engine = "ready"
