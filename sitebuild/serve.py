"""Serving ``dist/`` locally (``build.py serve``; the e2e tests use the same server)."""

from __future__ import annotations

import contextlib
import email.utils
import gzip
import http.server
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from .common import DIST

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".py": "text/x-python; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".br": "application/octet-stream",
    ".bin": "application/octet-stream",
    ".txt": "text/plain; charset=utf-8",
}
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".py", ".txt"}
)
"""Types the dev server gzips on the fly, like GitHub Pages does for text and wasm."""


RequestLog = Callable[[str, str], None]
"""Called with ``(method, path)`` for every request the dev server answers."""
ResponseLog = Callable[[str, int, int], None]
"""Called with ``(path, status, bytes of body sent)`` for every answer (benchmarks)."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``dist/`` with exact MIME types, ``no-cache`` and on-the-fly gzip."""

    protocol_version = "HTTP/1.1"  # keep-alive; and browsers revalidate 1.1 responses
    roots: tuple[Path, ...] = (DIST,)
    mount: str = "/"
    on_request: RequestLog | None = None
    on_response: ResponseLog | None = None
    gzip_cache: ClassVar[dict[tuple[str, float, int], bytes]] = {}

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet (tests record requests through ``on_request`` instead)."""

    def do_GET(self) -> None:
        """Answer a GET (body included)."""
        self._answer(with_body=True)

    def do_HEAD(self) -> None:
        """Answer a HEAD (headers only)."""
        self._answer(with_body=False)

    def _answer(self, with_body: bool) -> None:
        """Find the file, pick the encoding, and send it."""
        found = self._requested_file()
        if found is None:
            return
        path, _stat, etag = found
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self._sent(304, 0)
            return
        body = path.read_bytes()
        encoding = None
        if path.suffix in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", ""):
            body, encoding = self._gzipped(path, body), "gzip"
        self.send_response(200)
        self.send_header("Content-Type", MIME_TYPES.get(path.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self._send_body(body, with_body)

    def _requested_file(self) -> tuple[Path, os.stat_result, str] | None:
        """The file the request names, its stat and ETag; ``None`` after answering 404."""
        if self.on_request is not None:
            self.on_request(self.command, self.path)
        path = self._resolve(self.path.split("?", 1)[0].split("#", 1)[0])
        if path is None:
            self.send_error(404, "not found")
            self._sent(404, 0)
            return None
        stat = path.stat()
        return path, stat, f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'

    def _send_body(self, body: bytes, with_body: bool) -> None:
        """End the headers and send ``body`` (not for a HEAD), then report the answer."""
        self.end_headers()
        if with_body:
            # The browser may drop the connection (navigation, closed page).
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)
        self._sent(200, len(body) if with_body else 0)

    def _sent(self, status: int, size: int) -> None:
        """Report one answer to ``on_response``."""
        if self.on_response is not None:
            self.on_response(self.path, status, size)

    def _resolve(self, url_path: str) -> Path | None:
        """Map a URL path under the mount point to a file of one of the roots."""
        from urllib.parse import unquote

        if not url_path.startswith(self.mount):
            return None
        rel = unquote(url_path[len(self.mount):])
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        parts = [p for p in rel.split("/") if p not in ("", ".")]
        if ".." in parts:
            return None
        for root in self.roots:
            candidate = root.joinpath(*parts)
            if candidate.is_file():
                return candidate
        return None

    def _gzipped(self, path: Path, body: bytes) -> bytes:
        """The gzip form of a file, cached by path, mtime and size."""
        stat = path.stat()
        key = (str(path), stat.st_mtime, stat.st_size)
        cached = self.gzip_cache.get(key)
        if cached is None:
            cached = gzip.compress(body, compresslevel=6, mtime=0)
            self.gzip_cache[key] = cached
        return cached


class PagesLikeHandler(SiteHandler):
    """Serves ``dist/`` as a plain static host with GitHub Pages' caching headers.

    ``ETag``, ``Last-Modified`` and ``Cache-Control: max-age=600``, no compression, and
    a 304 for a matching ``If-None-Match`` or a not-newer ``If-Modified-Since``: the
    browser may reuse a file for ten minutes without asking, as it does on Pages (the
    tests and the benchmark count a first visit's bytes against both servers).
    """

    def _answer(self, with_body: bool) -> None:
        """Find the file, answer 304 if the browser's copy is current, else send it."""
        found = self._requested_file()
        if found is None:
            return
        path, stat, etag = found
        modified = email.utils.formatdate(int(stat.st_mtime), usegmt=True)
        if self._is_current(etag, int(stat.st_mtime)):
            self.send_response(304)
            self._cache_headers(etag, modified)
            self.end_headers()
            self._sent(304, 0)
            return
        body = path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", MIME_TYPES.get(path.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self._cache_headers(etag, modified)
        self._send_body(body, with_body)

    def _cache_headers(self, etag: str, modified: str) -> None:
        """Send Pages' validators and its ten-minute freshness."""
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Cache-Control", "max-age=600")

    def _is_current(self, etag: str, mtime: int) -> bool:
        """Whether the request's validators match the file (If-None-Match first)."""
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            return etag in if_none_match or if_none_match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError):
            return False
        return mtime <= int(when.timestamp())


SERVER_MODES = ("dev", "pages")
"""``dev``: :class:`SiteHandler` (``no-cache``, gzip); ``pages``: :class:`PagesLikeHandler`."""


def make_server(
    roots: Iterable[Path] = (DIST,),
    port: int = 8000,
    host: str = "127.0.0.1",
    mount: str = "/",
    on_request: RequestLog | None = None,
    on_response: ResponseLog | None = None,
    mode: str = "dev",
) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for the built site (files looked up in ``roots`` in order).

    ``mount`` serves the site under a sub-path (``/repo/``), as GitHub Pages does;
    ``mode`` is one of :data:`SERVER_MODES` (``pages``: GitHub Pages' caching headers).
    """
    if mode not in SERVER_MODES:
        raise ValueError(f"unknown server mode {mode!r} (expected one of {SERVER_MODES})")
    base = PagesLikeHandler if mode == "pages" else SiteHandler
    handler = type(
        "BoundSiteHandler",
        (base,),
        {
            "roots": tuple(roots),
            "mount": mount if mount.endswith("/") else mount + "/",
            "on_request": staticmethod(on_request) if on_request else None,
            "on_response": staticmethod(on_response) if on_response else None,
        },
    )
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_built(port: int, roots: tuple[Path, ...] = (DIST,)) -> int:
    """Serve the built ``dist/`` (files looked up in ``roots`` in order) on ``port`` until
    interrupted (2 if the port is busy).

    The "Serving on …" line is flushed at once, so a script or a log reading the pipe
    sees it; a busy port is one plain line on stderr, not a traceback.
    """
    try:
        server = make_server(roots=roots, port=port)
    except OSError as exc:
        print(
            f"Cannot serve on port {port}: {exc.strerror or exc}. "
            f"Is another server running there? Try: python3 build.py serve --port {port + 1}",
            file=sys.stderr,
            flush=True,
        )
        return 2
    print(
        f"Serving dist/ on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
