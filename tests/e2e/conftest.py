"""Playwright harness for the built site.

A session fixture builds ``dist/`` once (unless ``PAISHO_DIST_PREBUILT=1`` says the
caller just built it, as ``python build.py test`` does) and serves it from a
``ThreadingHTTPServer`` on ``127.0.0.1:0``, recording every request; the pseudo-locale
(``dist-xx/``, built for the tests only) is served over it.  Pages fail fast on
``pageerror`` and console errors, and :func:`wait_ready` waits for
``<html data-engine="ready">``.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error, Frame, Page

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from context_pool import PoolingBrowser  # noqa: E402

import build as site_build  # noqa: E402  (the repository's build.py)
from paisho_core.protocol import Game  # noqa: E402
from paisho_page.play.ui import page_clicks  # noqa: E402
from sitebuild import common as build_common  # noqa: E402
from sitebuild import devenv as build_devenv  # noqa: E402
from sitebuild import languages as build_languages  # noqa: E402
from sitebuild import serve as build_serve  # noqa: E402

_FUNCTION_LITERAL = re.compile(r"\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")


def as_function(expression: str) -> str:
    """``expression`` as a JS function literal (``() => (expression)``) unless it is one.

    The pages' Content-Security-Policy forbids ``eval``, and Playwright's
    ``wait_for_function`` evaluates a bare expression string with ``eval`` while it
    polls (a function literal is compiled by the debugger protocol instead, past the
    CSP).  ``evaluate`` needs no such care.
    """
    if _FUNCTION_LITERAL.match(expression):
        return expression
    return f"() => ({expression})"


def _csp_safe_wait_for_function(original: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap ``Page``/``Frame.wait_for_function`` so a bare expression works under the CSP,
    and a wait without a timeout allows a page's boot under load (:data:`READY_TIMEOUT_MS`,
    as :func:`wait_ready`), not Playwright's 30 s."""

    def wait_for_function(self: Any, expression: str, **kwargs: Any) -> Any:
        kwargs.setdefault("timeout", READY_TIMEOUT_MS)
        return original(self, as_function(expression), **kwargs)

    wait_for_function.__doc__ = original.__doc__
    return wait_for_function


Page.wait_for_function = _csp_safe_wait_for_function(Page.wait_for_function)  # type: ignore[method-assign]
Frame.wait_for_function = _csp_safe_wait_for_function(Frame.wait_for_function)  # type: ignore[method-assign]

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = build_devenv.DEBIAN_CHROMIUM_FLAGS
READY_TIMEOUT_MS = 60_000
"""Pyodide boots in 3–6 s here; this only bounds a page that never gets ready."""


SERIAL_TESTS = frozenset(
    {
        "test_computer.py::test_hard_thinks_in_a_worker_while_the_board_stays_responsive",
    }
)
"""Tests that time the page (long tasks), marked ``serial``: ``build.py test`` runs them
after the others, alone, so that no other test's browser competes for the CPU."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as ``e2e``, and :data:`SERIAL_TESTS` as ``serial``."""
    for item in items:
        path = Path(str(item.fspath))
        if path.is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)
            if f"{path.name}::{item.originalname}" in SERIAL_TESTS:
                item.add_marker(pytest.mark.serial)


def same_origin(url: str, origin: str) -> bool:
    """Tell whether a request for ``url`` stays in ``origin`` (``scheme://host:port``): a
    data: URL, and a blob: URL made by a page of ``origin`` (Pyodide's module on a first
    visit, see interpreter.mjs), count as local: neither is a download."""
    if url.startswith("data:"):
        return True
    if url.startswith("blob:"):
        url = url[len("blob:") :]
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" == origin


@dataclass
class SiteServer:
    """A running server for ``dist/`` and the requests it has answered."""

    base_url: str
    """The site's URL, ending in ``/`` (may include a sub-path)."""
    origin: str
    dist: Path
    requests: list[str] = field(default_factory=list)
    answers: list[tuple[str, int, int]] = field(default_factory=list)
    """``(path, status, body bytes)`` of every answer, in order."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, method: str, path: str) -> None:
        """Remember one request (called from the server's threads)."""
        with self.lock:
            self.requests.append(f"{method} {path}")

    def record_answer(self, path: str, status: int, size: int) -> None:
        """Remember one answer (called from the server's threads)."""
        with self.lock:
            self.answers.append((path, status, size))

    def take(self) -> list[str]:
        """Return the requests recorded so far and forget them."""
        with self.lock:
            taken, self.requests = self.requests, []
        return taken


def serve_site(dist: Path, mount: str = "/", roots: tuple[Path, ...] = ()) -> Iterator[SiteServer]:
    """Serve ``dist`` (plus extra ``roots``, and its pseudo-locale where it was built) on a
    free port while the generator is open."""
    holder: list[SiteServer] = []
    pseudo = build_languages.pseudo_root(dist)
    roots = (*roots, pseudo) if pseudo.is_dir() else roots

    def record(method: str, path: str) -> None:
        holder[0].record(method, path)

    def record_answer(path: str, status: int, size: int) -> None:
        holder[0].record_answer(path, status, size)

    server = build_serve.make_server(
        roots=(dist, *roots), port=0, mount=mount, on_request=record, on_response=record_answer
    )
    port = server.server_address[1]
    origin = f"http://127.0.0.1:{port}"
    holder.append(SiteServer(f"{origin}{mount}", origin, dist))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield holder[0]
    finally:
        server.shutdown()
        server.server_close()


HOST_RECORDER = """window.received = [];
window.addEventListener("message", (event) => window.received.push(event.data));"""


def host_page(frame_src: str, width: int, height: int, head: str = "") -> str:
    """A page of another site embedding ``frame_src`` in ``iframe#frame``, with ``head``
    in its head; every message it receives is kept in ``window.received``.  The recorder
    is an inline script ahead of everything, so it hears the frame's first message (a
    deferred script may run after it: each runs when fetched, with tasks in between)."""
    return (
        '<!doctype html><html><head><meta charset="utf-8"><title>Host</title>'
        f'<link rel="icon" href="data:,"><script>{HOST_RECORDER}</script>{head}</head><body>'
        f'<iframe id="frame" src="{frame_src}" width="{width}" height="{height}"'
        ' style="border:0"></iframe></body></html>'
    )


@pytest.fixture(scope="module")
def host_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """Another origin, serving a folder a test writes its host page to (its ``dist``)."""
    yield from serve_site(tmp_path_factory.mktemp("host"))


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site (built once per session)."""
    built = build_common.DIST
    if os.environ.get("PAISHO_DIST_PREBUILT") == "1" and (built / "index.html").is_file():
        return built
    return site_build.build(pseudo=True).dist


@pytest.fixture(scope="session")
def site(dist: Path) -> Iterator[SiteServer]:
    """The site served at the root of a local origin."""
    yield from serve_site(dist)


@pytest.fixture(scope="session")
def site_without_snapshot(
    dist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SiteServer]:
    """A copy of the site with its memory snapshot deleted: pages take the fallback boot.

    The page then logs 404s for the snapshot (its preload and its fetch): use
    :func:`ignore_snapshot_errors` on the page's error collector.
    """
    copy = tmp_path_factory.mktemp("no-snapshot") / "site"
    shutil.copytree(dist, copy)
    for snapshot in copy.glob("pyodide/snapshot-*"):
        snapshot.unlink()
    yield from serve_site(copy)


def ignore_snapshot_errors(errors: PageErrors) -> None:
    """Let ``errors`` ignore failed loads of the memory snapshot (fallback tests)."""
    errors.ignored.append("/pyodide/snapshot-")


BASELINE_WASM_FLAGS = ["--js-flags=--liftoff-only"]
"""Chromium flags of a run without timing tests: WebAssembly compiled by V8's baseline
compiler (Liftoff) alone.  Each test's page compiles Pyodide again, and the optimising
compiler's work (eager top-tier functions and tier-up) costs more CPU than the tests
gain from it: ``--liftoff-only`` takes about 0.45 CPU-s off each page boot, about a
tenth of the suite.  A run holding a ``serial`` test keeps V8's defaults: those time the
page as a user's browser runs it."""


@pytest.fixture(scope="session")
def browser(launch_browser: Callable[[], Browser]) -> Iterator[PoolingBrowser]:
    """The session's browser, lending kept contexts (:mod:`context_pool`)."""
    pooling = PoolingBrowser(launch_browser())
    yield pooling
    pooling.close()


@pytest.fixture(autouse=True)
def _fresh_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """In a test marked ``fresh_contexts`` (or ``serial``: it times first visits), every
    ``browser.new_context`` is a new one."""
    marks = ("fresh_contexts", "serial")
    if not any(request.node.get_closest_marker(mark) for mark in marks):
        yield
        return
    pooling = request.getfixturevalue("browser")
    pooling.fresh = True
    yield
    pooling.fresh = False


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], request: pytest.FixtureRequest
) -> dict[str, Any]:
    """Use Debian's Chromium where Playwright's own browser is not installed; without
    timing tests in the run, :data:`BASELINE_WASM_FLAGS`."""
    timed = any(item.get_closest_marker("serial") for item in request.session.items)
    extra = [] if timed else BASELINE_WASM_FLAGS
    args = [*browser_type_launch_args.get("args", []), *extra]
    if build_devenv.playwright_chromium() is None and DEBIAN_CHROMIUM.exists():
        return {
            **browser_type_launch_args,
            "executable_path": str(DEBIAN_CHROMIUM),
            "args": [*args, *CHROMIUM_FLAGS],
        }
    return {**browser_type_launch_args, "args": args}


class PageErrors:
    """Collects page errors and console errors of the pages it watches."""

    def __init__(self) -> None:
        """Start with no errors."""
        self.errors: list[str] = []
        self.ignored: list[str] = []
        """Substrings of console errors to ignore (e.g. an expected 404)."""

    def watch(self, page: Page) -> Page:
        """Record this page's uncaught errors and console errors; return the page."""
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", self._on_console)
        return page

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            text = f"console.error: {message.text} ({message.location.get('url', '')})"
            if not any(part in text for part in self.ignored):
                self.errors.append(text)

    def check(self) -> None:
        """Fail the test if any error was seen."""
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


@pytest.fixture
def page_errors() -> Iterator[PageErrors]:
    """Error collector; the test fails at teardown if any watched page had an error."""
    collector = PageErrors()
    yield collector
    collector.check()


@pytest.fixture
def watched_page(page: Page, page_errors: PageErrors) -> Page:
    """pytest-playwright's page, failing the test on page and console errors."""
    return page_errors.watch(page)


def wait_ready(
    page: Page, errors: PageErrors | None = None, timeout_ms: int = READY_TIMEOUT_MS
) -> None:
    """Wait for ``<html data-engine="ready">``; fail at once if the page reports an error."""
    poll_ms = 100
    waited = 0
    while waited < timeout_ms:
        if errors is not None and errors.errors:
            errors.check()
        if page.evaluate("document.documentElement.dataset.engine") == "ready":
            return
        page.wait_for_timeout(poll_ms)
        waited += poll_ms
    raise AssertionError(f"page not ready after {timeout_ms} ms")


SCREENSHOTS_ENV = "PAISHO_SCREENSHOTS"
"""Environment variable: a folder the e2e tests save their screenshots in (to look at
what they built); unset, no test takes one (a full-page screenshot costs a busy run a
second of CPU)."""


def save_screenshot(page: Page, name: str, full_page: bool = False) -> None:
    """Save ``page`` as ``<name>.png`` in the :data:`SCREENSHOTS_ENV` folder, if set."""
    folder = os.environ.get(SCREENSHOTS_ENV)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def new_watched_page(context: BrowserContext, errors: PageErrors) -> Page:
    """A new page of ``context`` whose errors go to ``errors``."""
    return errors.watch(context.new_page())


def goto_ready(page: Page, url: str, errors: PageErrors) -> None:
    """Open ``url`` and wait until the engine is ready."""
    try:
        page.goto(url)
    except Error as exc:  # a navigation error is a test failure, with the page's errors
        errors.errors.append(f"navigation: {exc}")
        errors.check()
    wait_ready(page, errors)


@pytest.fixture(name="wait_ready")
def wait_ready_fixture(page_errors: PageErrors) -> Callable[[Page], None]:
    """``wait_ready(page)``: wait for ``data-engine="ready"``, failing fast on page errors."""
    return lambda page: wait_ready(page, page_errors)


SAVED_GAME_JS = """() => {
  const id = sessionStorage.getItem('paisho.tab.v2');
  const raw = id && localStorage.getItem('paisho.game.v2.' + id);
  return raw ? JSON.parse(raw) : null;
}"""
"""The game this tab autosaved (schema 2: one key per game, the tab's id in
``sessionStorage``; see ``paisho_page/storage/saves.py``)."""


def saved_game(page: Page) -> Any:
    """The record of the game this tab autosaved (``None`` if none)."""
    return page.evaluate(SAVED_GAME_JS)


# --------------------------------------------------------------- playing by clicks
VIEWPORT = {"width": 1200, "height": 900}
"""The desktop viewport of the play tests."""


def desktop_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser context with :data:`VIEWPORT`, closed after the test.

    A test module uses it as its ``context`` fixture with
    ``context = pytest.fixture(name="context")(desktop_context)``.
    """
    ctx = browser.new_context(viewport=VIEWPORT)
    yield ctx
    ctx.close()


BOARD_STATE_JS = """
  const tiles = {};
  for (const t of document.querySelectorAll('#board [data-point] [data-tile]')) {
    tiles[t.closest('[data-point]').dataset.point] = [t.dataset.tile, t.dataset.owner || null];
  }
  const moves = [...document.querySelectorAll('#move-list li:not(.none)')]
    .map(li => li.textContent);
"""
"""JavaScript statements setting ``tiles`` (point → [code, owner]) and ``moves`` (the
move list's texts) from the page; a test's state function adds what it needs."""


TILES_JS = """() => {
  const tiles = {};
  for (const t of document.querySelectorAll('#board [data-point] [data-tile]')) {
    tiles[t.closest('[data-point]').dataset.point] = [t.dataset.tile, t.dataset.owner || null];
  }
  return tiles;
}"""
"""A function (the CSP: no string evaluation) returning the board's tiles: point →
[code, owner]."""


def actions_done(page: Page) -> int:
    """The number of actions the page's game holds (``#board-holder[data-actions]``)."""
    return int(page.get_attribute("#board-holder", "data-actions") or 0)


def wait_actions(page: Page, n: int) -> None:
    """Wait until the page's game holds ``n`` actions."""
    page.wait_for_selector(f'#board-holder[data-actions="{n}"]', state="attached")


def click_token(page: Page, seat: int, token: str, skip: str = "#btn-skip") -> None:
    """Make the page's click for one protocol click token (see ``Game.action_clicks``)
    of the player in ``seat``; ``skip`` is the selector of the variant's skip button."""
    if token.startswith("point:"):
        page.locator(f'#board [data-point="{token[6:]}"]').click()
    elif token.startswith("reserve:"):
        page.locator(f'#reserve-{seat} [data-reserve="{token[8:]}"]').click()
    elif token.startswith("accents:"):
        for pressed in page.locator('#accent-pool [aria-pressed="true"]').all():
            pressed.click()
        for code in token[8:].split(","):
            page.locator(f'#accent-pool [data-accent="{code}"][aria-pressed="false"]').first.click()
        page.locator("#btn-accents").click()
    elif token == "draw":
        page.locator("#btn-ancient-draw").click()
    elif token.startswith("turn:"):
        page.locator(f'#ancient-turns [data-turn="{token[5:]}"]').click()
    elif token == "skip":
        page.locator(skip).click()
    else:  # pragma: no cover
        raise AssertionError(token)


def game_clicks(
    cls: type[Game[Any]], text: str, options: tuple[str, ...] = ()
) -> list[tuple[int, tuple[str, ...]]]:
    """For each action of the game ``text`` of variant ``cls``: the seat to act and the
    click tokens that make it."""
    actions = cls.from_text(text, options).history
    game = cls(options)
    out = []
    for action in actions:
        seat = game.to_move
        assert seat is not None
        out.append((seat, page_clicks(game, action)))
        game.apply(action)
    return out


def play_game(page: Page, cls: type[Game[Any]], text: str) -> None:
    """Play the game ``text`` of variant ``cls`` by clicks, checking each action lands."""
    start = actions_done(page)
    for i, (seat, tokens) in enumerate(game_clicks(cls, text)):
        for token in tokens:
            click_token(page, seat, token)
        wait_actions(page, start + i + 1)
