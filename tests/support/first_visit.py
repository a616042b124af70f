"""What a first visit of the site costs the server, counted at the server.

Shared by ``tests/e2e/test_first_visit.py`` and ``benchmarks/startup.py``: serve a built
site in one of the server modes of ``sitebuild/serve.py`` (``dev``: ``build.py serve``;
``pages``: a plain static host with GitHub Pages' caching headers), count every answer's
body bytes per path, and open the site once in a fresh browser profile until the service
worker holds everything it precaches.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urljoin

from playwright.sync_api import BrowserContext, Page

from sitebuild import serve as build_serve

BIG = 100_000
"""A file of at least this many bytes must never be sent twice on a first visit."""


class Recorder(Protocol):
    """What a server reports each answer to (:class:`AnswerLog`, the benchmark's counter)."""

    def add(self, path: str, status: int, size: int) -> None:
        """Record one answer."""


@dataclass
class AnswerLog:
    """Every answer a server gave: ``(path without query, status, body bytes)``."""

    answers: list[tuple[str, int, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, status: int, size: int) -> None:
        """Record one answer (called from the server's threads)."""
        with self.lock:
            self.answers.append((path.split("?", 1)[0].split("#", 1)[0], status, size))

    def take(self) -> list[tuple[str, int, int]]:
        """The answers recorded so far (then forgotten)."""
        with self.lock:
            taken, self.answers = self.answers, []
        return taken


@dataclass(frozen=True)
class Visit:
    """What the server sent for one visit."""

    answers: tuple[tuple[str, int, int], ...]

    @property
    def sent(self) -> int:
        """Body bytes sent in all."""
        return sum(size for _, _, size in self.answers)

    @property
    def needed(self) -> int:
        """Body bytes of each path sent once (its biggest answer): what the page needed."""
        biggest: dict[str, int] = {}
        for path, _, size in self.answers:
            biggest[path] = max(biggest.get(path, 0), size)
        return sum(biggest.values())

    def requested_twice(self, sizes: dict[str, int], at_least: int = BIG) -> dict[str, int]:
        """Paths of files of ``at_least`` bytes (``sizes``: path → its file's bytes) that
        were asked for more than once, whatever the answer (a 304 counts): count."""
        counts: dict[str, int] = {}
        for path, _, _ in self.answers:
            if sizes.get(path, 0) >= at_least:
                counts[path] = counts.get(path, 0) + 1
        return {path: n for path, n in counts.items() if n > 1}

    def sent_twice(self, at_least: int = BIG) -> dict[str, int]:
        """Paths of ``at_least`` bytes whose full body was sent more than once: count."""
        counts: dict[str, int] = {}
        for path, status, size in self.answers:
            if status == 200 and size >= at_least:
                counts[path] = counts.get(path, 0) + 1
        return {path: n for path, n in counts.items() if n > 1}


@contextmanager
def served(dist: Path, mode: str, log: Recorder, roots: tuple[Path, ...] = ()) -> Iterator[str]:
    """Serve ``dist`` (then ``roots``) in server ``mode`` on a free port; yield its URL."""
    server = build_serve.make_server(
        roots=(dist, *roots), port=0, on_response=log.add, mode=mode
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def file_sizes(dist: Path) -> dict[str, int]:
    """Every file of ``dist`` by the path a server answers it at (``/`` for the game
    page): its size in bytes."""
    sizes = {"/" + path.relative_to(dist).as_posix(): path.stat().st_size
             for path in dist.rglob("*") if path.is_file()}
    sizes["/"] = sizes.get("/index.html", 0)
    return sizes


def sw_list(dist: Path, name: str) -> Any:
    """One of the lists the build wrote into ``sw.js`` (``PRECACHE``, ``LANGUAGES``…)."""
    text = (dist / "sw.js").read_text()
    match = re.search(rf"const {name} = ([\[{{].*?[\]}}]);\n", text, re.DOTALL)
    assert match is not None, f"{name} missing from sw.js"
    return json.loads(match.group(1))


def precache_urls(dist: Path, lang: str | None = None) -> list[str]:
    """The URLs (relative to the site's root, ``./…``) that the built service worker must
    hold after a first visit: its PRECACHE and OPTIONAL lists, and for a reader of another
    language ``lang``, that language's files (its LANGUAGES entry)."""
    urls: list[str] = [*sw_list(dist, "PRECACHE"), *sw_list(dist, "OPTIONAL")]
    if lang is not None:
        urls += sw_list(dist, "LANGUAGES")[lang]
    return urls


HOLDS_ALL_JS = """async (urls) => {
  const name = (await caches.keys()).find((key) => key.startsWith("paisho-"));
  if (!name || !navigator.serviceWorker.controller) {
    return false;
  }
  const cache = await caches.open(name);
  for (const url of urls) {
    if (!(await cache.match(new URL(url, location.href).href, { ignoreSearch: true }))) {
      return false;
    }
  }
  return true;
}"""
"""Whether the service worker controls the page and its cache holds every given URL."""


def wait_until_precached(
    page: Page, dist: Path, timeout_ms: int = 60_000, lang: str | None = None,
    root: str | None = None,
) -> None:
    """Wait until the service worker controls ``page`` and has cached all it precaches
    (for a reader of ``lang``, that language's files too; ``root``: the site's address,
    when ``page`` is not at the root, a language's page).

    (Polled here: ``wait_for_function`` takes the promise of an async function for a
    truthy answer.)"""
    urls = precache_urls(dist, lang)
    if root is not None:
        urls = [urljoin(root, url) for url in urls]
    for _ in range(timeout_ms // 250):
        if page.evaluate(HOLDS_ALL_JS, urls):
            return
        page.wait_for_timeout(250)
    raise TimeoutError(f"the service worker did not precache within {timeout_ms} ms")


def first_visit(
    context: BrowserContext, url: str, dist: Path, log: AnswerLog, ready_timeout_ms: int = 90_000
) -> Visit:
    """Open ``url`` in the fresh ``context`` until the page is ready and the service worker
    has precached; return what the server sent meanwhile."""
    log.take()
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'",
        timeout=ready_timeout_ms, polling=100,
    )
    wait_until_precached(page, dist)
    page.wait_for_timeout(500)  # anything still in flight
    return Visit(tuple(log.take()))
