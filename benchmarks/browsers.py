#!/usr/bin/env python3
"""Start-up and bytes on the wire in Chromium, Firefox and WebKit, side by side in one
run (prints figures, asserts nothing).

Usage: ``python benchmarks/browsers.py [--runs 5] [--dist DIR] [--before DIR]
[--browsers chromium firefox webkit] [--no-wire]``

The built site is served as GitHub Pages serves it (``sitebuild/serve.py`` mode
``pages``: its caching headers; the bytes are counted as Pages compresses them, see
``benchmarks/wire.py``), each page with a probe script added that marks when it is
ready (``<html data-engine="ready">``).  For each browser:

- **cold ready**: ``--runs`` loads of the game page and as many of a bare Pyodide page
  (boot and import of the wheel: the yardstick), each in a fresh browser context or
  session (empty caches, no service worker), interleaved (bare, site, bare, site, …)
  and the browsers in turn, so that a shared machine's load falls on both alike;
  medians, ranges and the ratio of the medians, and the median of the run-by-run
  ratios.  The load average is printed before and after.
- **on the wire**: a first visit of the game page until the service worker has
  precached, then a repeat visit (a reload in the same session), counted at the server.

Chromium is driven by Playwright, Firefox over WebDriver BiDi (``puppeteer-core``) and
WebKit (WebKitGTK's MiniBrowser) over WebDriver, as ``tests/browsers/`` does; a browser
that is not installed is left out with a note.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "tests" / "support", ROOT / "tests" / "browsers", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import first_visit  # noqa: E402  (tests/support/first_visit.py)
from drivers import Driver, Firefox, WebKit  # noqa: E402  (tests/browsers/drivers.py)
from harness import probed_pages  # noqa: E402  (tests/browsers/harness.py)
from playwright.sync_api import sync_playwright  # noqa: E402
from startup import prepare  # noqa: E402  (the bare page)
from wire import on_wire  # noqa: E402

from sitebuild import devenv  # noqa: E402
from sitebuild.common import DIST  # noqa: E402

READY_PROBE = """(() => {
  const mark = () => {
    if (document.documentElement && document.documentElement.dataset.engine === "ready"
        && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, attributeFilter: ["data-engine"], subtree: true, childList: true,
  });
})();
"""
"""Added to every page before its own scripts: ``window.__readyAt``, the ms after the
navigation started when the page said it is ready."""
BARE = "bare Pyodide"
SITE = "site"
BEFORE = "site, before"
READY_AT_JS = "() => window.__readyAt === undefined ? null : window.__readyAt"
BOOT_JS = "() => String(window.__paishoBoot || '-')"
TIMEOUT_S = 180.0


class Session:
    """One browser session of a benchmark: a page to open, a function to call in it."""

    def __init__(self, goto: Callable[[str], None], call: Callable[..., Any],
                 close: Callable[[], None]) -> None:
        """Wrap the three operations of a driver."""
        self.goto = goto
        self.call = call
        self.close = close


def wait_value(session: Session, function: str, *args: Any, timeout: float = TIMEOUT_S) -> Any:
    """Call ``function`` every 50 ms until it answers something other than null/false."""
    deadline = time.monotonic() + timeout
    while True:
        value = session.call(function, *args)
        if value not in (None, False):
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"no answer from {function!r} within {timeout} s")
        time.sleep(0.05)


def driver_session(driver: Driver) -> Session:
    """A session over one of ``tests/browsers/``' drivers."""
    return Session(driver.goto, driver.call, driver.close)


@dataclass
class Browser:
    """How to open fresh sessions of one browser."""

    name: str
    open: Callable[[], Session]


@contextmanager
def browsers(names: list[str]) -> Iterator[list[Browser]]:
    """The browsers of ``names`` that are installed (the others named on stderr)."""
    found: list[Browser] = []
    with sync_playwright() as play:
        chromium = None
        if "chromium" in names:
            chromium = play.chromium.launch(**devenv.chromium_launch_options())

            def open_chromium() -> Session:
                assert chromium is not None
                context = chromium.new_context()
                page = context.new_page()
                def goto(url: str) -> None:
                    page.goto(url)

                return Session(
                    goto,
                    lambda function, *args: page.evaluate(
                        f"(args) => ({function})(...args)", list(args)
                    ),
                    context.close,
                )

            found.append(Browser("chromium", open_chromium))
        firefox = devenv.firefox()
        if "firefox" in names:
            if firefox is None or not (ROOT / "node_modules" / "puppeteer-core").is_dir():
                print("firefox: not installed (firefox-esr, npm ci): left out", file=sys.stderr)
            else:
                found.append(Browser("firefox", lambda: driver_session(Firefox(firefox))))
        minibrowser = devenv.minibrowser()
        if "webkit" in names:
            if minibrowser is None or not devenv.WEBKIT_DRIVER.exists() \
                    or shutil.which("Xvfb") is None:
                print("webkit: not installed (webkit2gtk-driver, xvfb): left out",
                      file=sys.stderr)
            else:
                found.append(Browser(
                    "webkit",
                    lambda: driver_session(WebKit(devenv.WEBKIT_DRIVER, minibrowser)),
                ))
        try:
            yield found
        finally:
            if chromium is not None:
                chromium.close()


def cold_ready(browser: Browser, url: str) -> tuple[float, str]:
    """One cold load of ``url`` in a fresh session: ms to ready, and how Python booted."""
    session = browser.open()
    try:
        session.goto(url)
        ready = float(wait_value(session, READY_AT_JS))
        boot = str(session.call(BOOT_JS))
    finally:
        session.close()
    return ready, boot


@dataclass
class Timings:
    """The cold loads of one browser: ms to ready of each page, by its name."""

    pages: dict[str, list[float]] = field(default_factory=dict)
    boots: set[str] = field(default_factory=set)


@dataclass
class Wire:
    """A first and a repeat visit's bytes on the wire (and raw), counted at the server."""

    first: tuple[int, int]
    repeat: tuple[int, int]
    repeat_paths: list[str]


def _site_answers(log: first_visit.AnswerLog) -> tuple[tuple[str, int, int], ...]:
    """The answers recorded since the last call, but the benchmark's own probe script."""
    return tuple(answer for answer in log.take() if answer[0] != "/__probe.js")


def visits(browser: Browser, url: str, dist: Path, log: first_visit.AnswerLog) -> Wire:
    """A first visit until the service worker has precached, then a reload."""
    log.take()
    session = browser.open()
    try:
        session.goto(url)
        wait_value(session, READY_AT_JS)
        urls = first_visit.precache_urls(dist)
        wait_value(session, first_visit.HOLDS_ALL_JS, urls, timeout=120)
        time.sleep(1)
        first = _site_answers(log)
        session.goto(url)
        wait_value(session, READY_AT_JS)
        time.sleep(2)
        repeat = _site_answers(log)
    finally:
        session.close()
    return Wire(on_wire(dist, first), on_wire(dist, repeat),
                sorted({f"{path} ({status})" for path, status, _ in repeat}))


def spread(values: list[float]) -> str:
    """``median (min–max)`` of seconds given in ms."""
    if not values:
        return "-"
    return (f"{statistics.median(values) / 1000:.2f} s "
            f"({min(values) / 1000:.2f}–{max(values) / 1000:.2f})")


def report(timings: dict[str, Timings], wires: dict[str, Wire], loads: tuple[str, str]) -> None:
    """Print the figures, one browser a row."""
    print(f"\nload average (1, 5, 15 min): before {loads[0]}; after {loads[1]}")
    if timings:
        print("\ncold ready: median (range); then the ratio to the bare boot's median, and"
              " the run-by-run ratios' median (range)")
        for name, t in timings.items():
            bare = t.pages.get(BARE, [])
            print(f"{name} ({', '.join(sorted(t.boots))})")
            for page, times in t.pages.items():
                line = f"  {page:<14}{spread(times):>24}"
                if page != BARE and bare:
                    ratio = statistics.median(times) / statistics.median(bare)
                    pairs = [s / b for s, b in zip(times, bare, strict=False)]
                    line += (f"{ratio:>8.2f}  {statistics.median(pairs):.2f} "
                             f"({min(pairs):.2f}–{max(pairs):.2f})")
                print(line)
    if wires:
        print("\ngame page on the wire, as GitHub Pages sends it (MB = 10^6 bytes; raw in"
              " parentheses)")
        print(f"{'browser':<10}{'first visit':>22}{'repeat visit':>22}  repeat fetched")
        for name, w in wires.items():
            first = f"{w.first[0] / 1e6:.2f} ({w.first[1] / 1e6:.2f})"
            repeat = f"{w.repeat[0] / 1e6:.3f} ({w.repeat[1] / 1e6:.3f})"
            print(f"{name:<10}{first:>22}{repeat:>22}  {', '.join(w.repeat_paths) or 'nothing'}")


def main(argv: list[str] | None = None) -> int:
    """Serve the site, measure every browser, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="cold loads of each page")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (dist/)")
    parser.add_argument("--browsers", nargs="+", default=["chromium", "firefox", "webkit"],
                        choices=["chromium", "firefox", "webkit"])
    parser.add_argument("--no-wire", action="store_true", help="cold ready only")
    parser.add_argument("--before", type=Path, default=None, metavar="DIR",
                        help="another built site (e.g. an older dist/) measured in the same"
                             " runs, interleaved, for a before/after comparison")
    args = parser.parse_args(argv)
    if not (args.dist / "sw.js").is_file():
        raise SystemExit(f"no site in {args.dist}: run python3 build.py build first")
    loads_before = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    timings: dict[str, Timings] = {}
    wires: dict[str, Wire] = {}
    with tempfile.TemporaryDirectory(prefix="bench-browsers-") as tmp:
        dist = Path(shutil.copytree(args.dist, Path(tmp) / "site"))
        extra, _ = prepare(dist, Path(tmp))
        probe = probed_pages((extra, dist), Path(tmp) / "probed")
        (probe / "__probe.js").write_text(READY_PROBE)
        before = Path(tmp) / "before"
        if args.before is not None:
            shutil.copytree(args.before, before / "site")
            probed_pages((before / "site",), before / "probed")
            (before / "probed" / "__probe.js").write_text(READY_PROBE)
        log = first_visit.AnswerLog()
        with first_visit.served(probe, "pages", log, (extra, dist)) as base, \
                first_visit.served(before / "probed", "pages", first_visit.AnswerLog(),
                                   (before / "site",)) as old, \
                browsers(args.browsers) as found:
            pages = {BARE: base + "bench/bare.html", SITE: base}
            if args.before is not None:
                pages[BEFORE] = old
            for run in range(args.runs):
                for browser in found:
                    print(f"run {run + 1}/{args.runs}: {browser.name}", flush=True)
                    t = timings.setdefault(browser.name, Timings())
                    for page, url in pages.items():
                        ready, boot = cold_ready(browser, url)
                        t.pages.setdefault(page, []).append(ready)
                        if page != BARE:
                            t.boots.add(boot)
            if not args.no_wire:
                for browser in found:
                    print(f"on the wire: {browser.name}", flush=True)
                    wires[browser.name] = visits(browser, base, dist, log)
    loads_after = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    report(timings, wires, (loads_before, loads_after))
    return 0


if __name__ == "__main__":
    sys.exit(main())
