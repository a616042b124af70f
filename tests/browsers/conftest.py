"""The fixtures of the Firefox and WebKit smoke suites: the built site served with a
probe (``harness.py``), and one browser session per suite (``drivers.py``).

A browser that is not installed skips its suite, which ``build.py test`` says loudly;
under CI (``CI`` set) it fails instead: CI runs as root and installs every browser.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from drivers import Driver, Firefox, WebKit  # noqa: E402
from harness import ProbedSite, probed_pages  # noqa: E402

import build as site_build  # noqa: E402  (the repository's build.py)
from sitebuild import common as build_common  # noqa: E402
from sitebuild import devenv  # noqa: E402
from sitebuild import languages as build_languages  # noqa: E402


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
