"""The harness of the Firefox and WebKit smoke suites: the built site served with a probe,
and one browser session per suite.

The server answers from a folder of the site's pages with one script added after their
Content-Security-Policy (``/__probe.js``, allowed by the policy's ``'self'``), then from
``dist/`` and the pseudo-locale.  The probe keeps in ``window.__probe`` every uncaught
error, unhandled rejection, CSP violation and ``console.error`` of the page: WebDriver
(WebKit) reports none of them, and BiDi (Firefox) not the CSP's.  The server can be
stopped and started again on its port (the same origin: an offline reload).

A browser that is not installed skips its suite, which ``build.py test`` says loudly;
under CI (``CI`` set) it fails instead: CI runs as root and installs every browser.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from drivers import Driver, Firefox, WebKit  # noqa: E402

import build as site_build  # noqa: E402  (the repository's build.py)
from sitebuild import common as build_common  # noqa: E402
from sitebuild import devenv  # noqa: E402
from sitebuild import languages as build_languages  # noqa: E402
from sitebuild import serve as build_serve  # noqa: E402

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


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site: the one ``build.py test`` just made, else a build of it."""
    built = build_common.DIST
    if os.environ.get("PAISHO_DIST_PREBUILT") == "1" and (built / "index.html").is_file():
        return built
    return site_build.build(pseudo=True).dist


@pytest.fixture(scope="session")
def site(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProbedSite]:
    """The probed site, for every suite."""
    pseudo = build_languages.pseudo_root(dist)
    roots = (dist, pseudo) if pseudo.is_dir() else (dist,)
    probe = probed_pages(roots, tmp_path_factory.mktemp("probed"))
    served = ProbedSite((probe, *roots))
    yield served
    served.stop()
    shutil.rmtree(probe, ignore_errors=True)


def _missing(what: str, package: str) -> None:
    """Skip (fail under CI) for a browser that is not installed."""
    message = f"{what} is not installed (apt-get install {package}): its smoke suite cannot run"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def start_driver(name: str) -> Driver:
    """A new session of browser ``name`` (``firefox`` or ``webkit``), or skip."""
    if name == "firefox":
        executable = devenv.firefox()
        if executable is None:
            _missing("Firefox", "firefox-esr")
        assert executable is not None
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            pytest.fail("node_modules/puppeteer-core missing: npm ci (package.json)")
        return Firefox(executable)
    minibrowser = devenv.minibrowser()
    if minibrowser is None or not devenv.WEBKIT_DRIVER.exists():
        _missing("WebKit", "webkit2gtk-driver")
    if shutil.which("Xvfb") is None:
        _missing("Xvfb", "xvfb")
    assert minibrowser is not None
    return WebKit(devenv.WEBKIT_DRIVER, minibrowser)


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def driver(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """One session per browser, its page reused by every test of the suite (pytest runs
    a whole browser's tests, then the next browser's)."""
    session = start_driver(str(request.param))
    yield session
    session.close()
