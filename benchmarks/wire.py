"""Bytes on the wire of a first and a repeat visit of the game page, counted as GitHub
Pages sends them.

How Pages compresses (the facts and their sources are in docs/benchmarks.md): it names a
file's type from its extension by the ``mime-db`` database, a name it does not know as
``application/octet-stream``; it gzips on the fly the types ``mime-db`` marks
compressible (HTML, JavaScript, CSS, JSON, SVG, wasm, plain text, and
``application/octet-stream``: our ``.py``, ``.mo``, ``.whl`` and ``.br``), not a zip
archive; it sends no brotli and serves no precompressed file in place of another.  The
site is served with Pages' caching headers and without compression
(``sitebuild/serve.py`` mode ``pages``); each answer is then counted at the gzip size of
its file (level 6, as a web server's default) when Pages compresses its type, else at its
size; a 304 counts 0.  The first visit runs in a fresh Chromium context until the service
worker has precached; the repeat visit reloads the page in the same context (the service
worker answers; what still reaches the server is counted).

Run: ``.venv/bin/python benchmarks/wire.py [--dist DIR]`` (after ``python3 build.py build``);
``benchmarks/browsers.py`` counts the same in Chromium, Firefox and WebKit.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "tests" / "support"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import first_visit  # noqa: E402  (tests/support/first_visit.py)
from playwright.sync_api import sync_playwright  # noqa: E402

from sitebuild import devenv  # noqa: E402
from sitebuild.common import DIST  # noqa: E402

MIME_DB: dict[str, tuple[str, bool]] = {
    ".html": ("text/html", True),
    ".js": ("text/javascript", True),
    ".mjs": ("text/javascript", True),
    ".css": ("text/css", True),
    ".json": ("application/json", True),
    ".webmanifest": ("application/manifest+json", True),
    ".svg": ("image/svg+xml", True),
    ".wasm": ("application/wasm", True),
    ".txt": ("text/plain", True),
    ".zip": ("application/zip", False),
    ".bin": ("application/octet-stream", True),
}
"""The type and the "compressible" flag that ``mime-db`` gives each extension the site
ships (``.py``, ``.mo``, ``.whl`` and ``.br`` are not in it: :data:`UNKNOWN`)."""
UNKNOWN = ("application/octet-stream", True)
"""What Pages sends a file whose extension ``mime-db`` does not know as."""


def pages_gzips(path: Path) -> bool:
    """Whether GitHub Pages sends ``path`` gzipped: its type is compressible."""
    return MIME_DB.get(path.suffix, UNKNOWN)[1]


@cache
def wire_size(path: Path) -> int:
    """What Pages sends for ``path``: its gzip size for a type it compresses, else its
    size."""
    data = path.read_bytes()
    return len(gzip.compress(data, 6, mtime=0)) if pages_gzips(path) else len(data)


def on_wire(dist: Path, answers: tuple[tuple[str, int, int], ...]) -> tuple[int, int]:
    """The bytes on the wire and the raw bytes of ``answers`` (path, status, size)."""
    wire = raw = 0
    for path, status, size in answers:
        if status != 200 or size == 0:
            continue
        rel = path.lstrip("/") or "index.html"
        file = dist / (rel + "index.html" if rel.endswith("/") else rel)
        wire += wire_size(file) if file.is_file() else size
        raw += size
    return wire, raw


def main(argv: list[str] | None = None) -> int:
    """Print the first and repeat visits' bytes on the wire, biggest files first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--top", type=int, default=8, help="biggest files listed (default 8)")
    parser.add_argument("--dist", type=Path, default=DIST,
                        help="the built site (default dist/; e.g. a copy of an older build)")
    args = parser.parse_args(argv)
    dist: Path = args.dist
    if not (dist / "sw.js").is_file():
        raise SystemExit(f"no site in {dist}: run python3 build.py build first")
    log = first_visit.AnswerLog()
    with sync_playwright() as play, first_visit.served(dist, "pages", log) as url:
        browser = play.chromium.launch(**devenv.chromium_launch_options())
        context = browser.new_context()
        first = first_visit.first_visit(context, url, dist, log)
        page = context.pages[-1]
        page.reload()
        page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'",
                               timeout=90_000, polling=100)
        page.wait_for_timeout(1000)
        repeat = first_visit.Visit(tuple(log.take()))
        context.close()
        browser.close()
    print("game page, bytes on the wire as GitHub Pages sends them (MB = 10^6 bytes)")
    for name, visit in (("first visit", first), ("repeat visit", repeat)):
        wire, raw = on_wire(dist, visit.answers)
        print(f"{name:<13}{len(visit.answers):>5} answers  {wire / 1e6:>7.2f} MB on the wire"
              f"  ({raw / 1e6:.2f} MB uncompressed)")
    biggest = sorted({(on_wire(dist, (a,))[0], a[0]) for a in first.answers}, reverse=True)
    for size, path in biggest[:args.top]:
        print(f"  {size / 1e6:>7.2f} MB  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
