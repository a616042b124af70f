"""The site's infrastructure in real Chromium: same-origin only, ready, offline, sub-path."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    goto_ready,
    ignore_snapshot_errors,
    new_watched_page,
    same_origin,
    serve_site,
)
from playwright.sync_api import Browser, BrowserContext, Page, Request

import build as site_build
from sitebuild import common as build_common
from sitebuild import pages as build_pages
from sitebuild import snapshot as build_snapshot

pytestmark = [pytest.mark.e2e, pytest.mark.fresh_contexts]  # first visits, caches, boots

PACKAGE_VERSION = tomllib.loads((build_common.ROOT / "pyproject.toml").read_text())["project"][
    "version"
]


def test_ready_without_errors_and_same_origin(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """A first load reaches ready, with no error and no request to another origin."""
    context = browser.new_context()
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    context.close()
    foreign = [url for url in seen if not same_origin(url, site.origin)]
    assert not foreign, f"requests left the origin: {foreign}"
    assert any(url.endswith(".whl") for url in seen), "the wheel was not loaded"


def test_board_is_prerendered(site: SiteServer) -> None:
    """Every page has its board SVG in the HTML (no placeholder left)."""
    for page in site.dist.rglob("*.html"):
        assert "<!--BOARD-->" not in page.read_text(), f"{page.name}: board not pre-rendered"


def test_no_optional_pyscript_chunk_is_fetched(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """Pages fetch only precached files: editor/terminal chunks are never loaded.  (A
    first visit's compressed wasm is unpacked into the service worker's cache under the
    plain module's address, which is precached.)"""
    precache = _precache_list(site.dist) | {f"./pyodide/{build_pages.PACKED_WASM}"}
    context = browser.new_context(service_workers="block")
    fetched: list[str] = []
    context.on(
        "request",
        # a blob: URL (the Emscripten module's import, see interpreter.mjs) is no download
        lambda request: None if request.url.startswith("blob:")
        else fetched.append(_site_path(request, site)),
    )
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    context.close()
    missing = sorted({path for path in fetched if path not in precache})
    assert not missing, f"fetched but not precached (offline would break): {missing}"


def test_works_offline_after_first_visit(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """After one visit the service worker serves the whole site with the network off."""
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    _wait_for_controller(page)
    context.set_offline(True)
    site.take()
    offline = new_watched_page(context, page_errors)
    goto_ready(offline, site.base_url, page_errors)
    assert offline.evaluate("navigator.onLine") is False
    assert offline.evaluate("window.__paishoBoot") == "snapshot"  # the worker got it too
    context.close()


DEMO_CACHE_JS = """async () => {
  const name = (await caches.keys()).find((key) => key.startsWith("paisho-"));
  const cache = await caches.open(name);
  return (await cache.keys()).filter((r) => /\\/demo-[a-z0-9-]+\\.html$/.test(r.url)).length;
}"""
"""How many rules demo pages the service worker's cache holds."""


def test_rules_demos_cached_on_a_visit_of_the_rules_page(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """The first visit (the game page) precaches no rules demo page (~1 MB less to
    download); a visit of the Rules page has the service worker cache them all, after
    which a demo works offline (README, "Start-up")."""
    later = _later_list(site.dist)
    assert len(later) >= 10 and all(url.startswith("./demo-") for url in later)
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    _wait_for_controller(page)
    assert page.evaluate(DEMO_CACHE_JS) == 0
    rules = context.new_page()
    rules.goto(site.base_url + "rules.html")
    rules.wait_for_function("() => window.__paishoLater !== undefined", timeout=30_000)
    assert rules.evaluate("() => window.__paishoLater") == len(later)
    assert rules.evaluate(DEMO_CACHE_JS) == len(later)
    context.set_offline(True)
    demo = context.new_page()
    demo.goto(site.base_url + "demo-skud-wheel.html")
    demo.wait_for_function("() => document.documentElement.dataset.steps === 'ready'")
    context.close()


def test_rules_page_registers_no_worker(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """Reading the rules first downloads no game: the Rules page neither registers the
    service worker nor asks for the demo pages when no worker controls it."""
    context = browser.new_context()
    rules = new_watched_page(context, page_errors)
    rules.goto(site.base_url + "rules.html")
    rules.wait_for_timeout(500)
    assert rules.evaluate("() => window.__paishoLater === undefined")
    registrations = "async () => (await navigator.serviceWorker.getRegistrations()).length"
    assert rules.evaluate(registrations) == 0
    context.close()


@pytest.fixture(scope="module")
def sub_site(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """A copy of dist/ served under ``/repo/`` as on GitHub Pages (``user.github.io/repo/``)."""
    copy = tmp_path_factory.mktemp("pages") / "repo"
    shutil.copytree(dist, copy)
    yield from serve_site(copy, mount="/repo/")


def test_works_under_a_sub_path(
    browser: Browser, sub_site: SiteServer, page_errors: PageErrors
) -> None:
    """Served under /repo/, the page gets ready and requests nothing outside /repo/."""
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    goto_ready(page, sub_site.base_url, page_errors)
    context.close()
    outside = [r for r in sub_site.take() if not r.split(" ", 1)[1].startswith("/repo/")]
    assert not outside, f"requests outside the sub-path: {outside}"


def _site_path(request: Request, site: SiteServer) -> str:
    """The ``./path`` of a request relative to the site root, without its query."""
    path = urlsplit(request.url).path
    base = urlsplit(site.base_url).path
    rel = path[len(base):] if path.startswith(base) else path
    return "./" + rel


def _precache_list(dist: Path) -> set[str]:
    """The URLs that the built service worker precaches."""
    text = (dist / "sw.js").read_text()
    urls: set[str] = set()
    for name in ("PRECACHE", "OPTIONAL", "BROTLI_DECODER"):  # Chromium needs the decoder
        match = re.search(rf"const {name} = (\[.*?\]);", text, re.DOTALL)
        assert match is not None, f"{name} missing from sw.js"
        urls.update(json.loads(match.group(1)))
    return urls


def _later_list(dist: Path) -> list[str]:
    """The URLs that the built service worker caches only when the Rules page asks."""
    match = re.search(r"const LATER = (\[.*?\]);", (dist / "sw.js").read_text(), re.DOTALL)
    assert match is not None, "LATER missing from sw.js"
    urls: list[str] = json.loads(match.group(1))
    return urls


def _wait_for_controller(page: Page) -> None:
    """Wait until the service worker has taken control of the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)


# ----------------------------------------------------------------- memory snapshot

ENGINE_PROBE = """() => window.__paishoPyodide.runPython(`
import sys
late = sorted(set(sys.modules) - getattr(sys, "_paisho_snapshot_modules", set(sys.modules)))
import importlib.metadata, json, os, random, traceback
from paisho_core import registry

def traceback_of_engine_error():
    try:
        registry.new_game("skud").play("not a move")
    except ValueError as exc:
        return "".join(traceback.format_exception(exc))
game = registry.new_game("skud")
for _ in range(12):
    if game.to_move is None:
        break
    game.apply(game.legal_actions()[len(game.history) % len(game.legal_actions())])
json.dumps({
    "moves": game.to_text(),
    "tiles": [[t.point.x, t.point.y, t.code, t.owner] for t in game.board_tiles()],
    "random": random.random(),
    "executable": sys.executable,
    "lang": os.environ.get("LANG"),
    "late": late,
    "precompiled": getattr(sys, "_paisho_precompiled_hits", []),
    "traceback": traceback_of_engine_error(),
    "installed": importlib.metadata.version("paisho-core"),
})
`)"""
"""Plays a fixed line of Skud in the page's interpreter; reports state and environment."""


def _open_and_probe(
    context: BrowserContext, url: str, errors: PageErrors
) -> tuple[Page, dict[str, object]]:
    """Open ``url`` in a new page of ``context``; return the page and its report: boot
    path, snapshot source and the engine probe."""
    page = new_watched_page(context, errors)
    goto_ready(page, url, errors)
    report = {
        "boot": page.evaluate("window.__paishoBoot"),
        "source": page.evaluate("window.__paishoSnapshotSource || null"),
        **json.loads(page.evaluate(ENGINE_PROBE)),
    }
    return page, report


def _boot_and_probe(browser: Browser, url: str, errors: PageErrors) -> dict[str, object]:
    """Load ``url`` in a fresh context; return its report (see :func:`_open_and_probe`)."""
    context = browser.new_context()
    _, report = _open_and_probe(context, url, errors)
    context.close()
    return report


def _pages(dist: Path) -> list[str]:
    """The pages that run Python (site and embed)."""
    return sorted(p.name for p in dist.glob("*.html") if 'type="py"' in p.read_text())


def test_pages_boot_from_the_snapshot(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """Every Python page boots from the snapshot, with fresh random state and browser env
    (the reseeding is checked on the game page: every page restores the one snapshot)."""
    assert list(site.dist.glob("pyodide/snapshot-*.bin.br")), "no snapshot in dist/"
    for name in _pages(site.dist):
        first = _boot_and_probe(browser, site.base_url + name, page_errors)
        assert first["boot"] == "snapshot", name
        if name == "index.html":
            second = _boot_and_probe(browser, site.base_url + name, page_errors)
            assert second["boot"] == "snapshot"
            assert first["random"] != second["random"], "random was not reseeded after restore"
            assert second["installed"] == PACKAGE_VERSION
        assert first["executable"] == "/home/pyodide/this.program"
        assert str(first["lang"]).endswith(".UTF-8")
        # The wheel is installed (files and metadata), though its modules came with the
        # snapshot: tracebacks quote the engine's source lines.
        assert first["installed"] == PACKAGE_VERSION
        assert "paisho_core/" in str(first["traceback"]) and "raise " in str(first["traceback"])
        # Everything but PyScript's own package comes compiled from the snapshot (the
        # Learn and Puzzles pages import the lessons' and puzzles' code as they open one:
        # not in it).
        lazy = PYSCRIPT_MODULES + LAZY_MODULES.get(name, ())
        late = [m for m in first["late"] if not m.startswith(lazy)]
        assert not late, f"{name} imports these after boot (add them to the warm-up): {late}"
        # PyScript's package is imported, but with the code compiled at build time.
        # (pyscript.js_modules.* are JavaScript modules PyScript registers: no Python.)
        pyscript = {m for m in first["late"] if m == "pyscript" or m.startswith("pyscript.")}
        pyscript = {m for m in pyscript if not m.startswith("pyscript.js_modules")}
        assert "pyscript" in pyscript and "pyscript.display" in pyscript
        assert pyscript <= set(first["precompiled"]), name


PYSCRIPT_MODULES = ("pyscript", "_pyscript", "polyscript")
"""Modules PyScript writes and imports at every start (they need a page to import)."""
LESSON_MODULES = ("paisho_core.lessons", "paisho_page.learn.")
"""The lessons' modules, imported when a lesson opens (``site/learn_view.py``): kept out
of the memory snapshot, which every page boots from."""
LAZY_MODULES = {
    "learn.html": LESSON_MODULES,
    "puzzles.html": (*LESSON_MODULES, "paisho_core.puzzles", "paisho_page.puzzles"),
}
"""Each page's modules imported after the boot, by the page's name."""


def _visit(context: BrowserContext, url: str, errors: PageErrors) -> dict[str, object]:
    """One visit in ``context``: its report (see :func:`_open_and_probe`), after waiting
    for the service worker and for the page's attempt to keep the unpacked snapshot."""
    page, report = _open_and_probe(context, url, errors)
    _wait_for_controller(page)
    if report["source"] == "packed":  # it tries to keep the unpacked copy, 3 s after start
        page.wait_for_function("window.__paishoKept !== undefined", timeout=30_000)
        report["kept"] = page.evaluate("window.__paishoKept")
    page.close()
    return report


def test_repeat_visits_use_the_kept_unpacked_snapshot(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    """Once the service worker has a cache, a visit keeps the unpacked snapshot there; the
    next visits boot from it, with the same engine.  A damaged kept copy of the right
    size fails the worker's digest check and is deleted: that visit unpacks the shipped
    snapshot instead (and keeps it again), the next boots from the good kept copy.  When
    the snapshot worker then cannot start, the page boots normally and drops every copy."""
    context = browser.new_context()
    first = _visit(context, site.base_url, page_errors)
    assert (first["boot"], first["source"]) == ("snapshot", "packed")
    second = _visit(context, site.base_url, page_errors)
    assert "kept" in (first.get("kept"), second.get("kept"))
    third = _visit(context, site.base_url, page_errors)
    assert (third["boot"], third["source"]) == ("snapshot", "unpacked")
    assert third["moves"] == first["moves"] and third["tiles"] == first["tiles"]
    assert third["random"] != first["random"]

    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    page.evaluate(
        """async () => {
            const name = (await caches.keys()).find((key) => key.startsWith("paisho-"));
            const cache = await caches.open(name);
            const key = (await cache.keys()).find((r) => r.url.endsWith(".bin"));
            const size = (await (await cache.match(key)).arrayBuffer()).byteLength;
            await cache.put(key, new Response(new Uint8Array(size).fill(7)));
        }"""
    )
    page.close()
    broken = _visit(context, site.base_url, page_errors)
    assert (broken["boot"], broken["source"]) == ("snapshot", "packed")
    assert broken["moves"] == first["moves"]
    assert broken["kept"] == "kept"
    again = _visit(context, site.base_url, page_errors)
    assert (again["boot"], again["source"]) == ("snapshot", "unpacked")
    assert again["tiles"] == first["tiles"]

    # The snapshot worker cannot start (a broken copy of its script in the cache): the
    # page boots normally and drops every snapshot copy, the kept unpacked one included.
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    assert len(page.evaluate(SNAPSHOT_KEYS_JS)) == 2  # packed (precached) and unpacked
    page.evaluate(
        """async () => {
            const name = (await caches.keys()).find((key) => key.startsWith("paisho-"));
            const cache = await caches.open(name);
            const key = (await cache.keys()).find((r) => r.url.endsWith("snapshot-worker.mjs"));
            const headers = { "Content-Type": "text/javascript" };
            await cache.put(key, new Response("this is not ( javascript", { headers }));
        }"""
    )
    page.close()
    page_errors.ignored.append("snapshot-worker.mjs")  # the broken script's syntax error
    no_worker = new_watched_page(context, page_errors)
    goto_ready(no_worker, site.base_url, page_errors)
    assert no_worker.evaluate("window.__paishoBoot") == "fallback"
    assert no_worker.evaluate("window.__paishoForgotten") == "dropped"
    assert no_worker.evaluate(SNAPSHOT_KEYS_JS) == []
    context.close()


def test_fallback_without_snapshot_plays_the_same(
    browser: Browser,
    site: SiteServer,
    site_without_snapshot: SiteServer,
    page_errors: PageErrors,
) -> None:
    """With the snapshot deleted, the game page and the embed (the two ways Python starts:
    the other pages boot as the game page does) boot normally, and the engine plays
    identically."""
    with_snapshot = _boot_and_probe(browser, site.base_url, page_errors)
    ignore_snapshot_errors(page_errors)
    for name in ("index.html", "embed.html"):
        fallback = _boot_and_probe(browser, site_without_snapshot.base_url + name, page_errors)
        assert fallback["boot"] == "fallback", name
        assert fallback["moves"] == with_snapshot["moves"]
        assert fallback["tiles"] == with_snapshot["tiles"]


def _brotli(data: bytes) -> bytes:
    """``data`` brotli-compressed (by Node, which the build needs anyway), at quality 1:
    any valid stream will do, and the default (11) takes a minute for a 30 MiB snapshot."""
    script = (
        "const zlib = require('zlib');"
        "const params = {[zlib.constants.BROTLI_PARAM_QUALITY]: 1};"
        "process.stdout.write(zlib.brotliCompressSync(require('fs').readFileSync(0), {params}))"
    )
    done = subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True)
    return done.stdout


BAD_SNAPSHOTS: dict[str, Callable[[bytes], bytes]] = {
    "stale": lambda _: _brotli(b"\0" * 4096),  # unpacks, but is no snapshot of this build
    "corrupt": lambda good: bytes(b ^ 0x5A for b in good[:65536]),  # not brotli at all
    "truncated": lambda good: good[: len(good) // 2],  # the download broke off
}


@pytest.fixture(scope="module", params=sorted(BAD_SNAPSHOTS))
def site_with_bad_snapshot(
    request: pytest.FixtureRequest, dist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SiteServer]:
    """A copy of the site whose snapshot is stale, corrupt or truncated."""
    copy = tmp_path_factory.mktemp(f"{request.param}-snapshot") / "site"
    shutil.copytree(dist, copy)
    for snapshot in copy.glob("pyodide/snapshot-*.bin.br"):
        snapshot.write_bytes(BAD_SNAPSHOTS[request.param](snapshot.read_bytes()))
    yield from serve_site(copy)


def test_fallback_when_the_snapshot_fails(
    browser: Browser, site_with_bad_snapshot: SiteServer, page_errors: PageErrors
) -> None:
    """A snapshot that does not restore (stale, corrupt, truncated) is given up before
    Python runs from it: the page drops the cached copies and takes the normal boot
    (which :func:`test_fallback_without_snapshot_plays_the_same` follows to the end)."""
    context = browser.new_context()
    page = new_watched_page(context, page_errors)
    page.goto(site_with_bad_snapshot.base_url)
    page.wait_for_function("window.__paishoForgotten !== undefined", timeout=60_000)
    assert page.evaluate("window.__paishoSnapshotSource === undefined")  # never restored
    assert page.evaluate("window.__paishoBoot !== 'snapshot'")
    context.close()


def _unbrotli(data: bytes) -> bytes:
    """``data`` unpacked from brotli (by Node)."""
    script = (
        "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    )
    done = subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True)
    return done.stdout


def _flip_bytes(raw: bytes) -> bytes:
    """``raw`` with one byte in every 64 KiB inverted: same size, wrong content."""
    damaged = bytearray(raw)
    for at in range(4096, len(damaged), 65536):
        damaged[at] ^= 0xFF
    return bytes(damaged)


def _block_digest(raw: bytes, block: int = 1 << 20) -> str:
    """The snapshot digest as the worker computes it: SHA-256 of the 1 MiB blocks' SHA-256s."""
    starts = range(0, len(raw), block)
    parts = b"".join(hashlib.sha256(raw[at : at + block]).digest() for at in starts)
    return hashlib.sha256(parts).hexdigest()


def test_build_records_the_snapshots_digest(dist: Path) -> None:
    """The interpreter module carries the size and digest of the unpacked snapshot."""
    (packed,) = dist.glob("pyodide/snapshot-*.bin.br")
    raw = _unbrotli(packed.read_bytes())
    module = (dist / build_pages.INTERPRETER).read_text()
    assert f'const SNAPSHOT_DIGEST = "{_block_digest(raw)}";' in module
    assert f"const SNAPSHOT_BYTES = {len(raw)};" in module
    assert _block_digest(raw) != _block_digest(_flip_bytes(raw))
    assert build_snapshot.SNAPSHOT_DIGEST_BLOCK == 1 << 20
    worker = (build_common.SITE / "snapshot-worker.mjs").read_text()
    assert "const HASH_BLOCK = 1 << 20;" in worker


SNAPSHOT_KEYS_JS = """async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("paisho-"));
    if (!name) return null;
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => r.url).filter((url) => /snapshot-[0-9a-f]+[.]bin/.test(url)).sort();
}"""
"""The snapshot URLs held by the service worker's cache (null before it has one)."""


def test_corrupt_snapshot_of_the_right_size_falls_back_and_is_dropped(
    browser: Browser, dist: Path, tmp_path: Path, page_errors: PageErrors
) -> None:
    """A shipped snapshot that unpacks to the right size with wrong bytes is caught by its
    digest: the page boots normally, with no error; each failed boot drops the copies the
    service worker cached; once the server has a good snapshot again, the next load boots
    from it (nothing bad was left in the caches)."""
    served = tmp_path / "site"
    shutil.copytree(dist, served)
    (packed,) = served.glob("pyodide/snapshot-*.bin.br")
    good = packed.read_bytes()
    packed.write_bytes(_brotli(_flip_bytes(_unbrotli(good))))
    for server in serve_site(served):
        context = browser.new_context()
        first = _visit(context, server.base_url, page_errors)
        assert first["boot"] == "fallback"
        page = new_watched_page(context, page_errors)
        goto_ready(page, server.base_url, page_errors)  # controlled: the .br is precached
        assert page.evaluate("window.__paishoBoot") == "fallback"
        assert page.evaluate("window.__paishoForgotten") == "dropped"
        assert page.evaluate(SNAPSHOT_KEYS_JS) == []
        page.close()
        packed.write_bytes(good)  # the server is fixed
        fixed = _visit(context, server.base_url, page_errors)
        assert (fixed["boot"], fixed["source"]) == ("snapshot", "packed")
        assert fixed["moves"] == first["moves"]
        again = _visit(context, server.base_url, page_errors)
        assert (again["boot"], again["source"]) == ("snapshot", "unpacked")
        context.close()


# ----------------------------------------------------------------- a new build


def test_new_build_replaces_the_old_one_cleanly(
    browser: Browser,
    dist: Path,
    tmp_path: Path,
    page_errors: PageErrors,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A visitor of build A gets build B after the service worker's update: B's cache,
    A's cache (with A's kept snapshot) deleted, and B boots from its snapshot."""
    served = tmp_path / "served"
    shutil.copytree(dist, served)
    board = build_pages.prerender_board()
    monkeypatch.setattr(site_build, "prerender_boards",
                        lambda langs: {"en": f"{board}<!-- build B -->"})
    build_b = site_build.build(dist=tmp_path / "b").dist
    build_ids = [re.search(r'const BUILD_ID = "(\w+)"', (d / "sw.js").read_text())
                 for d in (served, build_b)]
    old_id, new_id = (match.group(1) for match in build_ids if match is not None)
    assert old_id != new_id

    for server in serve_site(served):
        context = browser.new_context()
        first = _visit(context, server.base_url, page_errors)
        second = _visit(context, server.base_url, page_errors)
        assert "kept" in (first.get("kept"), second.get("kept"))
        shutil.rmtree(served)
        shutil.copytree(build_b, served)  # deploy build B
        page = new_watched_page(context, page_errors)
        goto_ready(page, server.base_url, page_errors)  # still A, from the cache
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_function(
            f"caches.keys().then((k) => k.join() === 'paisho-{new_id}')", timeout=60_000
        )
        page.close()
        after = _visit(context, server.base_url, page_errors)
        assert after["boot"] == "snapshot"
        names = new_watched_page(context, page_errors)
        goto_ready(names, server.base_url, page_errors)
        assert names.evaluate("caches.keys()") == [f"paisho-{new_id}"]
        assert f"?v={new_id}" in names.content()
        context.close()
