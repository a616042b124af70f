"""The site served for the Firefox and WebKit smoke suites, with a probe in every page.

The server answers from a folder of the site's pages with one script added after their
Content-Security-Policy (``/__probe.js``, allowed by the policy's ``'self'``), then from
``dist/`` and the pseudo-locale.  The probe keeps in ``window.__probe`` every uncaught
error, unhandled rejection, CSP violation and ``console.error`` of the page: WebDriver
(WebKit) reports none of them, and BiDi (Firefox) not the CSP's.  The server can be
stopped and started again on its port (the same origin: an offline reload).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

from sitebuild import serve as build_serve

PROBE_JS = """(() => {
  const seen = (window.__probe = []);
  const add = (text) => seen.push(String(text).slice(0, 400));
  addEventListener("error", (event) => {
    if (event instanceof ErrorEvent) {
      add(`error: ${event.message} (${event.filename}:${event.lineno})`);
    }
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    add(`unhandled rejection: ${(reason && (reason.stack || reason.message)) || reason}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    add(`CSP: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`);
  }, true);
  const original = console.error;
  console.error = function (...args) {
    add(`console.error: ${args.map(String).join(" ")}`);
    return original.apply(this, args);
  };
})();
"""
"""The probe: classic script, run before anything else of the page."""

_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>')


def probed_pages(roots: tuple[Path, ...], out: Path) -> Path:
    """Write into ``out`` every page of ``roots`` with the probe added (after the CSP
    ``<meta>``, else first in ``<head>``), and the probe itself; return ``out``."""
    for root in reversed(roots):  # the first root's page wins, as the server looks them up
        for page in root.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            tag = '<script src="/__probe.js"></script>'
            found = _CSP_META.search(text)
            if found:
                text = text[:found.end()] + tag + text[found.end():]
            else:
                text = text.replace("<head>", "<head>" + tag, 1)
            target = out / page.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    (out / "__probe.js").write_text(PROBE_JS)
    return out


class ProbedSite:
    """The site on ``127.0.0.1``, stoppable and started again on the same port."""

    def __init__(self, roots: tuple[Path, ...]) -> None:
        """Serve ``roots`` (looked up in order) on a free port."""
        self.roots = roots
        self.port = 0
        self.server: build_serve.http.server.ThreadingHTTPServer | None = None
        self.start()

    @property
    def base_url(self) -> str:
        """The site's address, ending in ``/``."""
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        """Start answering (on the port of the first start)."""
        self.server = build_serve.make_server(roots=self.roots, port=self.port)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        """Stop answering: the port refuses connections, as if offline."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None
