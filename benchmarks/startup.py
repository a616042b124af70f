#!/usr/bin/env python3
"""Start-up benchmark of the site in headless Chromium (prints figures, asserts nothing).

Usage: ``python benchmarks/startup.py [--runs 5] [--no-build | --dist DIR] [--only bare embed]``

For each page, ``--runs`` cold loads (each in a new browser context: empty HTTP cache,
no service worker) and as many warm reloads (same context, after a first visit: HTTP
cache, service worker and the kept unpacked snapshot in place), medians printed:

- ``paint``: first contentful paint (the pre-rendered board is the page's content);
- ``ready``: ``<html data-engine="ready">`` (clicks work);
- ``KiB``: body bytes the server sent for the load (compressed), the service worker's
  precache included;
- PyScript's steps (``py:progress`` events) for the site, and the first visit's biggest
  downloads and what each repeat visit fetched;
- ``boot``: how Python started (``window.__paishoBoot``: ``snapshot`` or ``fallback``),
  and where the snapshot came from: ``packed`` (the shipped file, unpacked at start) or
  ``unpacked`` (the copy an earlier visit kept in the service worker's cache).

Pages: a bare Pyodide page that only boots and imports the wheel (the yardstick); the
same page booted from our snapshot through ``interpreter.mjs`` (no PyScript, so the
difference to the site is PyScript's own set-up); the site; the site in Russian and in
Frisian (``ru/``, ``fy/``: their catalogs fetched and read); the site with its memory
snapshot removed (the fallback boot); the embed page when there is one; a rules demo's
page (``ready`` = its pre-rendered steps work, no Python) and the same in "try it" mode
(``ready`` = Python took over).  The ratio
of each page's ready time to the bare boot is printed last.

Then ``first visit``: the bytes a first visit of the game page costs the server (page,
snapshot and search workers, and the service worker until it has precached), counted at
the server, for ``build.py serve`` (``dev``: no-cache, gzip) and a plain static server
with GitHub Pages' headers (``pages``: ETag, Last-Modified, max-age=600, no compression),
next to the bytes of the distinct files sent and the page's own count (its Resource
Timing entries), in a fresh incognito context, a fresh profile on disk, and a fresh
profile with no HTTP cache (``--disk-cache-size=1``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

import first_visit  # noqa: E402  (tests/support/first_visit.py)

import build as site_build  # noqa: E402
from sitebuild import common as build_common  # noqa: E402
from sitebuild import devenv as build_devenv  # noqa: E402
from sitebuild import serve as build_serve  # noqa: E402

DEMO = "skud-wheel"
"""The rules demo whose page is measured (``demo-skud-wheel.html``)."""
READY_TIMEOUT_MS = 120_000
KEEP_DELAY_MS = 4_000
"""A page keeps the unpacked snapshot for later visits 3 s after it starts."""

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>bare Pyodide boot + import of the wheel</p>
<script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ packages: [new URL("../WHEEL", location).href] });
pyodide.runPython("import paisho_core");
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""

READY_PROBE = """
(() => {
  const mark = () => {
    if (document.documentElement && document.documentElement.dataset.engine === "ready"
        && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  const steps = () => {
    if (document.documentElement && document.documentElement.dataset.steps === "ready"
        && window.__stepsAt === undefined) {
      window.__stepsAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, attributeFilter: ["data-engine"], subtree: true, childList: true,
  });
  new MutationObserver(steps).observe(document, {
    attributes: true, attributeFilter: ["data-steps"], subtree: true, childList: true,
  });
  window.__phases = [];
  for (const type of ["py:progress", "py:ready"]) {
    addEventListener(type, (event) => {
      const what = typeof event.detail === "string" ? `${type} ${event.detail}` : type;
      window.__phases.push([performance.now(), what]);
    });
  }
})();
"""
"""Marks when the page is ready (``__readyAt``; a demo page's pre-rendered steps:
``__stepsAt``), and when PyScript reports each step of its start."""


@dataclass
class Sample:
    """One page load."""

    paint_ms: float
    ready_ms: float
    bytes: int
    boot: str
    answers: list[tuple[str, int]] = field(default_factory=list)
    """``(path, body bytes)`` of every answer the server gave for this load."""
    phases: list[tuple[float, str]] = field(default_factory=list)
    """``(ms, step)`` of PyScript's ``py:progress``/``py:ready`` events."""


@dataclass
class Result:
    """All loads of one page."""

    name: str
    cold: list[Sample] = field(default_factory=list)
    warm: list[Sample] = field(default_factory=list)


def median(values: list[float]) -> float:
    """The median, or NaN for no values."""
    return statistics.median(values) if values else float("nan")


class ByteCounter:
    """Counts the body bytes a local server sends (page and service worker alike)."""

    def __init__(self) -> None:
        """Start at zero."""
        self.total = 0
        self.answers: list[tuple[str, int]] = []
        self.lock = threading.Lock()

    def add(self, path: str, status: int, size: int) -> None:
        """Called by the server for every answer."""
        del status
        with self.lock:
            self.total += size
            self.answers.append((path, size))

    def take(self) -> tuple[int, list[tuple[str, int]]]:
        """Bytes counted since the last call, and the ``(path, bytes)`` answers."""
        with self.lock:
            total, self.total = self.total, 0
            answers, self.answers = self.answers, []
        return total, answers


def load(page: Page, url: str, counter: ByteCounter, steps: bool = False) -> Sample:
    """Open ``url`` in ``page`` and measure one load (bytes: until the service worker,
    if the page registers one, has finished precaching).  ``steps``: ready is when a
    demo page's pre-rendered steps work (no Python)."""
    counter.take()
    page.goto(url)
    mark = "__stepsAt" if steps else "__readyAt"
    page.wait_for_function(  # a function: the site's CSP forbids eval of an expression
        f"() => window.{mark} !== undefined", timeout=READY_TIMEOUT_MS, polling=50
    )
    # a page without Python can be ready before its first paint is reported
    page.wait_for_function(
        '() => performance.getEntriesByName("first-contentful-paint").length > 0',
        timeout=READY_TIMEOUT_MS, polling=50,
    )
    _settle_service_worker(page)
    figures = page.evaluate(
        f"""() => ({{
            ready: window.{mark},
            paint: (performance.getEntriesByName("first-contentful-paint")[0] || {{}}).startTime,
            phases: window.__phases || [],
            boot: String(window.__paishoBoot || "-")
                + (window.__paishoSnapshotSource ? "/" + window.__paishoSnapshotSource : ""),
        }})"""
    )
    paint = figures["paint"] if figures["paint"] is not None else float("nan")
    sent, answers = counter.take()
    phases = [(float(at), str(what)) for at, what in figures["phases"]]
    return Sample(float(paint), float(figures["ready"]), sent, figures["boot"], answers, phases)


def measure(
    browser: Browser, name: str, url: str, counter: ByteCounter, runs: int, steps: bool = False
) -> Result:
    """Cold loads in fresh contexts, then warm reloads in one context."""
    result = Result(name)
    for _ in range(runs):
        context = browser.new_context()
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        result.cold.append(load(page, url, counter, steps))
        context.close()
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    load(page, url, counter, steps)
    page.wait_for_timeout(KEEP_DELAY_MS)  # let the page keep its unpacked snapshot
    for _ in range(runs):
        result.warm.append(load(page, url, counter, steps))
    context.close()
    return result


def _settle_service_worker(page: Page) -> None:
    """Wait (briefly) for the page's service worker to finish precaching."""
    try:
        page.wait_for_function(
            """() => !document.querySelector('script[src*="sw-register"]')
                     || navigator.serviceWorker.controller !== null""",
            timeout=30_000,
            polling=100,
        )
    except PlaywrightError:
        print("  (service worker did not take control within 30 s)", flush=True)
    page.wait_for_timeout(200)


def prepare(dist: Path, scratch: Path) -> tuple[Path, Path]:
    """Write the bare page and a copy of dist/ without the snapshot; return both roots."""
    wheel = json.loads((dist / "pyscript.json").read_text())["packages"][0].removeprefix("./")
    bench = scratch / "extra" / "bench"
    bench.mkdir(parents=True)
    (bench / "bare.html").write_text(BARE_PAGE.replace("WHEEL", wheel))
    snapshot_page = BARE_PAGE.replace("WHEEL", wheel).replace("/pyodide.mjs", "/interpreter.mjs")
    (bench / "bare-snapshot.html").write_text(snapshot_page)
    no_snapshot = scratch / "no-snapshot"
    shutil.copytree(dist, no_snapshot)
    for snap in no_snapshot.glob("pyodide/snapshot*"):
        snap.unlink()
    return scratch / "extra", no_snapshot


def launch(play: Any) -> Browser:
    """Playwright's Chromium if installed, else Debian's with the flags it needs here."""
    launched: Browser = play.chromium.launch(**build_devenv.chromium_launch_options())
    return launched


def report(results: list[Result], runs: int) -> None:
    """Print the medians and the ratios to the bare boot."""
    print(f"\nmedians of {runs} loads (ms; KiB sent by the server, compressed, incl. the"
          " service worker's precache)")
    print(f"{'page':<22}{'paint':>8}{'ready':>8}{'KiB':>9}   {'warm paint':>10}{'ready':>8}"
          f"{'KiB':>8}  boot")
    for r in results:
        cold, warm = r.cold, r.warm
        boots = ",".join(sorted({s.boot for s in cold + warm}))
        print(
            f"{r.name:<22}{median([s.paint_ms for s in cold]):>8.0f}"
            f"{median([s.ready_ms for s in cold]):>8.0f}"
            f"{median([s.bytes for s in cold]) / 1024:>9.0f}   "
            f"{median([s.paint_ms for s in warm]):>10.0f}"
            f"{median([s.ready_ms for s in warm]):>8.0f}"
            f"{median([s.bytes for s in warm]) / 1024:>8.0f}  {boots}"
        )
    site = next((r for r in results if r.name == "site (snapshot)"), None)
    if site is not None and site.cold:
        report_phases(site)
        report_requests(site)
    for other in results:  # the languages' pages: where their extra time goes
        if other is not site and other.name.startswith("site ") and "(snapshot)" in other.name \
                and other.cold:
            report_phases(other)
    bare = next((r for r in results if r.name == "bare pyodide"), None)
    if bare is None:
        return
    bare_cold = median([s.ready_ms for s in bare.cold])
    bare_warm = median([s.ready_ms for s in bare.warm])
    print("\nready / bare Pyodide boot (cold, warm)")
    for r in results:
        if r is not bare:
            cold_ratio = median([s.ready_ms for s in r.cold]) / bare_cold
            warm_ratio = median([s.ready_ms for s in r.warm]) / bare_warm
            print(f"{r.name:<22}{cold_ratio:>8.2f}{warm_ratio:>8.2f}")


def report_phases(result: Result) -> None:
    """Print the median time of each step of PyScript's start (cold loads), then ready:
    where the time between navigation and a working page goes."""
    steps: dict[str, list[float]] = {}
    for sample in result.cold:
        for at, what in sample.phases:
            steps.setdefault(what, []).append(at)
        steps.setdefault("ready (data-engine)", []).append(sample.ready_ms)
    if len(steps) <= 1:
        return
    print(f"\n{result.name}: PyScript's steps, cold (median ms after navigation)")
    for what, times in sorted(steps.items(), key=lambda item: median(item[1])):
        print(f"{median(times):>9.0f}  {what}")


def report_requests(result: Result) -> None:
    """Print what a first visit downloads, biggest first, and what a repeat visit fetches."""
    first = result.cold[0].answers
    total = sum(size for _, size in first)
    print(f"\n{result.name}: first visit, {len(first)} answers, {total / 1e6:.2f} MB sent"
          " (compressed)")
    for path, size in sorted(first, key=lambda answer: -answer[1])[:12]:
        print(f"{size / 1024:>9.0f} KiB  {path}")
    rest = sum(size for _, size in sorted(first, key=lambda answer: -answer[1])[12:])
    print(f"{rest / 1024:>9.0f} KiB  ({max(len(first) - 12, 0)} smaller answers)")
    for i, sample in enumerate(result.warm, 1):
        fetched = ", ".join(f"{path} ({size} B)" for path, size in sample.answers) or "nothing"
        print(f"repeat visit {i}: {fetched}")


PAGE_BYTES_JS = """() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .reduce((sum, entry) => sum + (entry.encodedBodySize || 0), 0)"""
"""Body bytes of the page's own loads, as its Resource Timing counts them (workers'
loads not included)."""


def first_visit_bytes(play: Any, browser: Browser, dist: Path) -> None:
    """Print what a first visit costs the server, in both server modes, next to the
    distinct files' bytes and the page's own count."""
    print("\nfirst visit of the game page, until the service worker has precached"
          " (MB = 10^6 bytes)")
    print(f"{'server':<8}{'browser':<11}{'answers':>8}{'sent MB':>9}{'files MB':>10}"
          f"{'page MB':>9}{'ratio':>7}  files >= 100 KB sent twice")
    for mode in build_serve.SERVER_MODES:
        for kind in ("incognito", "profile", "no cache"):
            log = first_visit.AnswerLog()
            with first_visit.served(dist, mode, log) as url, tempfile.TemporaryDirectory(
                prefix="bench-profile-"
            ) as profile:
                if kind == "incognito":
                    context = browser.new_context()
                else:
                    options = build_devenv.chromium_launch_options()
                    if kind == "no cache":  # a 1-byte disk cache: no HTTP cache at all
                        options["args"] = [*options.get("args", []), "--disk-cache-size=1"]
                    context = play.chromium.launch_persistent_context(profile, **options)
                visit = first_visit.first_visit(context, url, dist, log)
                page_bytes = int(context.pages[-1].evaluate(PAGE_BYTES_JS))
                context.close()
            twice = ", ".join(f"{path} x{n}" for path, n in visit.sent_twice().items()) or "none"
            print(f"{mode:<8}{kind:<11}{len(visit.answers):>8}{visit.sent / 1e6:>9.2f}"
                  f"{visit.needed / 1e6:>10.2f}{page_bytes / 1e6:>9.2f}"
                  f"{visit.sent / visit.needed:>7.3f}  {twice}")


def _in_folder(folder: str, base: str, _no_snapshot: str) -> str:
    """The address of a language's game page (``ru/``) on the benchmark's server."""
    return f"{base}{folder}/"


def main(argv: list[str] | None = None) -> int:
    """Build (unless told not to), serve, measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument(
        "--dist", type=Path, default=None, metavar="DIR",
        help="measure this built site (e.g. a copy of an older dist/) instead; no build",
    )
    parser.add_argument(
        "--only", nargs="*", default=None, metavar="TEXT",
        help="measure only the pages whose name holds one of these texts (e.g. bare embed)",
    )
    args = parser.parse_args(argv)
    if args.dist is not None:
        dist = args.dist
    else:
        dist = build_common.DIST if args.no_build else site_build.build().dist
    pages: list[tuple[str, Callable[[str, str], str], bool]] = [
        ("bare pyodide", lambda base, _: base + "bench/bare.html", False),
        ("pyodide + snapshot", lambda base, _: base + "bench/bare-snapshot.html", False),
        ("site (snapshot)", lambda base, _: base, False),
        ("site (no snapshot)", lambda _, nosnap: nosnap, False),
    ]
    for lang in ("ru", "fy"):  # a language's pages (issue #24), when the build has them
        if (dist / lang / "index.html").is_file():
            pages.append((f"site {lang} (snapshot)", partial(_in_folder, lang), False))
    if (dist / "embed.html").is_file():
        pages.append(("embed", lambda base, _: base + "embed.html", False))
    if (dist / f"demo-{DEMO}.html").is_file():
        # a rules demo: board and caption pre-rendered, steps work with no Python
        # (ready = the steps), and the same demo in "try it" mode (ready = Python)
        pages.append(("embed demo (steps)", lambda base, _: base + f"demo-{DEMO}.html", True))
        pages.append(
            ("embed demo (try it)", lambda base, _: base + f"demo-{DEMO}.html?mode=try", False)
        )
    with_first_visit = not args.only or any(text in "first visit" for text in args.only)
    if args.only:
        pages = [page for page in pages if any(text in page[0] for text in args.only)]
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        # A private copy: another build replacing dist/ mid-run cannot disturb it.
        dist = Path(shutil.copytree(dist, Path(tmp) / "site"))
        extra, no_snapshot = prepare(dist, Path(tmp))
        counter = ByteCounter()
        with (
            first_visit.served(dist, "dev", counter, (extra,)) as base,
            first_visit.served(no_snapshot, "dev", counter) as nosnap,
            sync_playwright() as play,
        ):
            browser = launch(play)
            results = []
            for name, url_of, steps in pages:
                print(f"measuring {name} ...", flush=True)
                url = url_of(base, nosnap)
                results.append(measure(browser, name, url, counter, args.runs, steps))
            if with_first_visit:
                print("measuring first visit bytes ...", flush=True)
                first_visit_bytes(play, browser, dist)
            browser.close()
    if results:
        report(results, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
