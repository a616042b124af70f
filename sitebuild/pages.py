"""The site's pages: ``site/`` copied, the board pre-rendered, ``pyscript.json``, the Content-
Security-Policy, versioned URLs, the web manifest and the service worker's precache list.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from .common import ROOT, SITE, log, sha256_bytes, tree_files
from .packwasm import PACKED as PACKED_WASM
from .vendor import PYSCRIPT_PRECACHE, chunk_stem

BOARD_PLACEHOLDER = "<!--BOARD-->"
LANG_SCRIPT_TAG = re.compile(r'<script src="[^"]*lang\.js(?:\?v=[^"]*)?"></script>')
"""``lang.js``'s tag (its URL versioned or not): the boot's preloads go after it."""
"""The end of the tag of ``lang.js``, first in a page's head (sitebuild/languages.py)."""
INTERPRETER = "pyodide/interpreter.mjs"
"""Our PyScript interpreter module (boots Pyodide from the snapshot), in ``dist/``."""
SITE_MOVES = {
    "interpreter.mjs": Path(INTERPRETER),
    "snapshot-worker.mjs": Path("pyodide/snapshot-worker.mjs"),
    "unpack-jobs.mjs": Path("pyodide/unpack-jobs.mjs"),
    "wasm-data.mjs": Path("pyodide/wasm-data.mjs"),
}
"""Site files copied elsewhere: our interpreter module must sit next to ``pyodide.mjs``
(PyScript takes Pyodide's indexURL from its folder), its worker, the worker's jobs
(``unpack-jobs.mjs``) and the module reading the wasm's data (``wasm-data.mjs``, also read
by the snapshot maker) beside it."""
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    # Everything not named below: this origin only.
    ("default-src", "'self'"),
    # Scripts from files of this origin only, no inline script, no eval().  Pyodide
    # compiles its wasm (and small wasm trampolines at run time): 'wasm-unsafe-eval'
    # allows WebAssembly compilation and nothing else.  PyScript needs no 'unsafe-eval':
    # its one Function() call at start builds its *worker* hooks, which the site does
    # not use, so interpreter.mjs empties them first (dropPyScriptWorkerHooks); its
    # other Function() calls serve PyScript workers only.  tests/e2e/test_csp.py plays,
    # shares, imports and embeds with no violation reported.
    # blob: for one module only: on a first visit, interpreter.mjs imports Pyodide's
    # Emscripten module from the bytes it downloaded (and kept for the service worker),
    # so that it is downloaded once; a blob: URL is made only by this origin's scripts.
    ("script-src", "'self' 'wasm-unsafe-eval' blob:"),
    # Style sheets of this origin, and the one inline <style> the board SVG carries
    # (paisho_core.render.BOARD_CSS, so that an SVG saved alone keeps its looks), allowed
    # by its hash: see csp_meta().  No style="" attributes anywhere.
    ("style-src", "'self' {board_css}"),
    # Pyodide's files, the wheel and the snapshot are fetched from this origin.
    ("connect-src", "'self'"),
    # The snapshot worker and the service worker are files of this origin (no blob:).
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)
"""The Content-Security-Policy of every page, written by :func:`csp_meta` as a
``<meta http-equiv>`` (GitHub Pages sets no headers).  ``frame-ancestors`` cannot be set
by a ``<meta>``, and Pages sends no ``X-Frame-Options``, so any site may frame the pages:
that is what ``embed.html`` is for."""
NO_PRECACHE_DIRS = ("bench", "diagrams", "xx")
"""Folders of ``dist/`` (or of a language's folder: ``ru/diagrams``) the service worker
does not precache (diagrams are downloads; ``xx`` is the pseudo-locale, for the tests)."""


_RENDER_SCRIPT = """
import json, sys
try:
    from paisho_core import registry, render
except ImportError as exc:
    print(exc, file=sys.stderr)
    sys.exit(3)
first = registry.default_variant()
boards = {"en": render.render_svg(registry.new_game(first))}
if len(sys.argv) > 1:  # the other languages: the page's board words in each catalog
    from paisho_page.words.board_words import board_words
    from paisho_page.words.i18n import activate
    from sitebuild.catalogs import compile_mo, read_catalog
    for lang in sys.argv[1:]:
        activate(lang, {"page": compile_mo(read_catalog(lang, "page"))})
        boards[lang] = render.render_svg(registry.new_game(first), words=board_words())
json.dump(boards, sys.stdout)
"""


def prerender_board() -> str | None:
    """The SVG of a new Skud game from ``paisho_core.render``, or ``None`` if unavailable
    (the English one of :func:`prerender_boards`)."""
    return prerender_boards([]).get("en")


def prerender_boards(langs: Iterable[str]) -> dict[str, str]:
    """The SVG of a new Skud game from ``paisho_core.render`` in English (``en``) and in
    each of ``langs`` (its points named in the language's ``page`` catalog, as the page
    names them: ``paisho_page.words.board_words``); empty if unavailable.

    Runs in a fresh interpreter on the working tree's engine.  A missing render module
    leaves the ``<!--BOARD-->`` placeholder (the page draws the board once Python runs);
    a render that raises is reported loudly, and the tests fail on the placeholder.
    """
    proc = subprocess.run(
        [sys.executable, "-c", _RENDER_SCRIPT, *langs], cwd=ROOT, capture_output=True,
        text=True,
    )
    if proc.returncode == 0:
        try:
            boards = json.loads(proc.stdout)
        except ValueError:
            boards = None
        if isinstance(boards, dict) and all(
            isinstance(svg, str) and svg.startswith("<svg") for svg in boards.values()
        ):
            return boards
    reason = proc.stderr.strip().splitlines()[-1:] or [f"output {proc.stdout[:80]!r}"]
    if proc.returncode == 3:
        log(f"board not pre-rendered: paisho_core.render unavailable ({reason[0]})")
    else:
        log(f"WARNING: board not pre-rendered: render_svg failed: {reason[0]}")
    return {}


def is_precached(rel: Path) -> bool:
    """Tell whether the service worker precaches this file of ``dist/``."""
    if rel.parts[0] in NO_PRECACHE_DIRS or rel.name == "sw.js":
        return False
    if rel.as_posix() == f"pyodide/{PACKED_WASM}":  # unpacked into the cache on a first visit
        return False
    if len(rel.parts) > 2 and rel.parts[1] in NO_PRECACHE_DIRS:  # locale/xx, ru/diagrams
        return False
    if rel.parts[0] == "pyscript":
        return chunk_stem(rel.name) in PYSCRIPT_PRECACHE
    return True


def copy_site(stage: Path) -> list[str]:
    """Copy ``site/`` into ``stage``; return the site's Python modules (relative paths)."""
    modules: list[str] = []
    for rel in tree_files(SITE):
        if "__pycache__" in rel.parts or rel.parts[0] == "i18n":
            continue  # (site/i18n/: a language's own documents, see languages.py)
        dest = stage / SITE_MOVES.get(rel.as_posix(), rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(SITE / rel, dest)
        if rel.suffix == ".py":
            modules.append(rel.as_posix())
    return modules


def place_wheel(stage: Path, wheel: Path) -> str:
    """Copy the wheel under a folder named by its hash; return its relative URL."""
    digest = sha256_bytes(wheel.read_bytes())[:12]
    dest = stage / "wheels" / digest / wheel.name
    dest.parent.mkdir(parents=True)
    shutil.copy2(wheel, dest)
    return dest.relative_to(stage).as_posix()


def script_sources(stage: Path) -> set[str]:
    """Python files that pages load with ``<script type="py" src=...>``."""
    found: set[str] = set()
    for page in stage.rglob("*.html"):
        for src in re.findall(r'<script[^>]*type="(?:py|mpy)"[^>]*src="([^"]+)"', page.read_text()):
            found.add(src.removeprefix("./").split("?")[0])
    return found


def write_pyscript_config(stage: Path, wheel_url: str, modules: list[str]) -> None:
    """Write ``pyscript.json``: vendored interpreter, the wheel, the site's modules."""
    interpreter = f"./{INTERPRETER}"
    if not (stage / INTERPRETER).is_file():
        interpreter = "./pyodide/pyodide.mjs"
    entry_points = script_sources(stage)
    files = {f"./{m}": f"./{m}" for m in modules if m not in entry_points and "/" not in m}
    config: dict[str, object] = {
        "interpreter": interpreter,
        "packages_cache": "passthrough",
        "packages": [f"./{wheel_url}"],
    }
    if files:
        config["files"] = files
    (stage / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")


def csp_meta(board: str | None) -> str:
    """The ``<meta http-equiv="Content-Security-Policy">`` tag of every page; ``board`` is
    the pre-rendered board SVG, whose inline ``<style>`` blocks it allows by hash."""
    styles = re.findall(r"<style>(.*?)</style>", board or "", re.DOTALL)
    hashes = sorted({f"'sha256-{base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()}'"
                     for css in styles})
    policy = "; ".join(
        f"{name} {value.format(board_css=' '.join(hashes))}".strip()
        for name, value in CSP_DIRECTIVES
    )
    return f'<meta http-equiv="Content-Security-Policy" content="{policy}">'


def add_csp(text: str, meta: str) -> str:
    """Put ``meta`` right after the page's ``<meta charset>`` (or, without one, at the start
    of its ``<head>``): before anything the policy governs."""
    match = re.search(r"<meta charset=[^>]*>\n?", text) or re.search(r"<head[^>]*>\n?", text)
    if match is None:
        raise SystemExit("a page has no <head>: cannot place its Content-Security-Policy")
    return f"{text[:match.end()]}  {meta}\n{text[match.end():]}"


def fill_pages(
    stage: Path, board: str | None, build_id: str, wheel_url: str,
    boards: Mapping[str, str] | None = None,
) -> None:
    """Pre-render the board into every page (``boards``: a language folder's own, by its
    code; else ``board``), version its local asset URLs, give it the site's
    Content-Security-Policy, and give pages that run Python a head start (see
    :func:`boot_head`)."""
    meta = csp_meta(board)
    for page in sorted(stage.rglob("*.html")):
        text = add_csp(page.read_text(), meta)
        folder = page.relative_to(stage).parts[0]
        shown = (boards or {}).get(folder, board) if page.parent != stage else board
        if shown is not None:
            text = text.replace(BOARD_PLACEHOLDER, shown)
        text = version_urls(text, build_id)
        if 'type="py"' in text and (stage / INTERPRETER).is_file():
            fetches = [*python_fetches(text), *catalog_fetches(stage, page)]
            head = boot_head(stage, page.parent, build_id, wheel_url, fetches)
            # after lang.js (which may send the visit to another language's page)
            # (first in line: nothing of the boot competes with it for a connection)
            found = LANG_SCRIPT_TAG.search(text, 0, text.find("</head>"))
            start = 0 if found is None else found.end()
            first_script = text.find("<script", start, text.find("</head>"))
            at = first_script if first_script >= 0 else text.find("</head>")
            text = text[:at] + head + text[at:]
        page.write_text(text)


def catalog_fetches(stage: Path, page: Path) -> list[str]:
    """The compiled catalogs a language's page fetches as Python starts
    (``site/dom.py``'s ``load_language``), as the page names them; none for English."""
    parts = page.relative_to(stage).parts
    if len(parts) != 2 or not (stage / "locale" / parts[0]).is_dir():
        return []
    return [f"../locale/{parts[0]}/{mo.name}"
            for mo in sorted((stage / "locale" / parts[0]).glob("*.mo"))]


def python_fetches(page: str) -> list[str]:
    """What PyScript fetches for a page besides Pyodide (URLs as the page names them):
    its config, its ``<script type="py" src>`` scripts and the config's ``files``.

    PyScript asks for the scripts only after Python is up (``py:ready``) and for the
    files only once the interpreter is loaded: fetched early, they are there by then.
    """
    tag = r'<script[^>]*type="py"[^>]*'
    scripts = re.findall(tag + r'\ssrc="([^"]+)"', page)
    configs = re.findall(tag + r'\sconfig="([^"]+)"', page)
    return sorted(set(configs)) + sorted(set(scripts))


def config_files(stage: Path) -> list[str]:
    """The ``files`` that ``pyscript.json`` has PyScript fetch (paths in ``stage``)."""
    path = stage / "pyscript.json"
    if not path.is_file():
        return []
    files = json.loads(path.read_text()).get("files", {})
    return sorted(url.removeprefix("./") for url in files)


def boot_head(
    stage: Path, folder: Path, build_id: str, wheel_url: str, page_fetches: Iterable[str] = ()
) -> str:
    """Tags that start a Python page's boot while PyScript is still loading.

    Without them nothing of Pyodide is requested before PyScript has loaded, read its
    config and imported the interpreter (~0.5 s).  Our interpreter module is loaded
    first (same URL as in ``pyscript.json``, so PyScript gets the same instance): it
    starts the snapshot worker at once, and, on a first visit, fetches the files named by
    the ``<meta name="paisho-fetch">`` (:data:`EARLY_FETCH`) itself: Pyodide's lock file,
    the wheel, the page's config, its script and the config's page modules (see
    :func:`python_fetches`), each answered to Pyodide or PyScript when they ask and kept
    in the build's cache for the service worker's precache, so each is downloaded once
    (a ``<link rel="preload">`` served ``fetch()`` in Chromium and Firefox, but not in
    WebKit, which downloaded every one of them again).  PyScript's core is
    ``modulepreload``-ed.  Not the standard library's archive: a boot from the snapshot
    does without it (see :data:`DEFERRED`); nor the wasm when the build has its
    compressed copy, which the snapshot worker downloads (``sitebuild/packwasm.py``).
    """
    def rel(path: str) -> str:
        return "./" + os.path.relpath(stage / path, folder).replace(os.sep, "/")

    modules = sorted(p.relative_to(stage).as_posix() for p in stage.glob("pyscript/core-*.js"))
    fetched = ["pyodide/pyodide-lock.json", wheel_url]
    if not (stage / "pyodide" / PACKED_WASM).is_file():  # else its snapshot worker fetches that
        fetched.insert(0, "pyodide/pyodide.asm.wasm")
    urls = [*map(rel, fetched), *page_fetches, *map(rel, config_files(stage))]
    tags = [f'<link rel="modulepreload" href="{rel(m)}">' for m in modules]
    tags.append(f'<meta name="{EARLY_FETCH}" content="{" ".join(urls)}">')
    tags.append(f'<script type="module" src="{rel(INTERPRETER)}?v={build_id}"></script>')
    return "".join(f"{tag}\n  " for tag in tags)


EARLY_FETCH = "paisho-fetch"
"""The name of the ``<meta>`` whose content lists (space-separated, relative to the page)
what ``interpreter.mjs`` fetches as soon as it runs on a first visit."""


def version_interpreter(stage: Path, build_id: str) -> None:
    """Point ``pyscript.json`` at the interpreter module with this build's ``?v=``."""
    path = stage / "pyscript.json"
    config = json.loads(path.read_text())
    if config.get("interpreter") == f"./{INTERPRETER}":
        config["interpreter"] = f"./{INTERPRETER}?v={build_id}"
        path.write_text(json.dumps(config, indent=2) + "\n")


_LOCAL_REF = re.compile(
    r'(\s(?:src|href|config)=")((?!https?:|//|data:|#|mailto:)[^"?#]+'
    r'\.(?:js|mjs|css|json|webmanifest|py|toml))(")'
)


def version_urls(text: str, build_id: str) -> str:
    """Append ``?v=<build id>`` to every local script, style, config and manifest URL."""
    return _LOCAL_REF.sub(lambda m: f"{m.group(1)}{m.group(2)}?v={build_id}{m.group(3)}", text)


def fill_manifest(stage: Path) -> None:
    """List the site's icons (``icon*.svg``/``icon*.png`` anywhere) in the web manifest."""
    path = stage / "manifest.webmanifest"
    if not path.is_file():
        return
    manifest = json.loads(path.read_text())
    icons = []
    for rel in tree_files(stage):
        if rel.name.startswith("icon") and rel.suffix in (".svg", ".png"):
            kind = "image/svg+xml" if rel.suffix == ".svg" else "image/png"
            icons.append({"src": f"./{rel.as_posix()}", "sizes": "any", "type": kind})
    if icons:
        manifest["icons"] = icons
    path.write_text(json.dumps(manifest, indent=2) + "\n")


def inject(path: Path, values: dict[str, str]) -> None:
    """Replace ``"__NAME__"`` placeholders (JSON string literals) in a text file."""
    if not path.is_file():
        return
    text = path.read_text()
    for name, value in values.items():
        text = text.replace(f'"__{name}__"', value)
    path.write_text(text)


DEFERRED = ("pyodide/python_stdlib.zip",)
"""Files of the build the service worker caches with the later precache (on a later
visit once the page is idle, or when the Rules page asks), not at install, and keeps when
they are fetched: the standard library's archive (1.3 MB), which a page booted from the
snapshot never needs (it holds what the site imports; the archive is downloaded on a
first import of anything else, see ``sitebuild/snapshot.py``'s ``LAZY_STDLIB``).  Only a
boot without the snapshot needs it: offline before a later visit cached it, a page whose
snapshot failed then does not start."""

BROTLI_DECODER = "vendor/brotli-dec-wasm/"
"""The folder of the vendored brotli decoder: the service worker caches it at install
only in a browser whose ``DecompressionStream`` has no brotli (the snapshot worker uses
the browser's own where it has one)."""


def is_precached_later(rel: Path) -> bool:
    """Tell whether the service worker caches this file only once a page asks for it: the
    rules demo pages (``demo-*.html``, ~1 MB in all), which a visit of the game page
    never needs.  The Rules page asks (see ``sw-later.js``), so its demos work offline
    after one visit of it; a demo page fetched before that is cached as it is fetched.
    (Another language's pages and catalogs: :func:`language_of`.)"""
    return len(rel.parts) == 1 and rel.name.startswith("demo-") and rel.suffix == ".html"


def language_of(rel: Path, languages: Sequence[str]) -> str | None:
    """The language a file of ``dist/`` belongs to, of ``languages`` (not English): its
    pages (``ru/…``) and compiled catalogs (``locale/ru/…``); ``None`` for the others.
    The service worker precaches a language's files only for a reader of it."""
    if len(rel.parts) == 2 and rel.parts[0] in languages:
        return rel.parts[0]
    if len(rel.parts) == 3 and rel.parts[0] == "locale" and rel.parts[1] in languages:
        return rel.parts[1]
    return None


def language_lists(files: Sequence[Path], languages: Sequence[str],
                   later: Sequence[str]) -> dict[str, list[str]]:
    """Each language's files the service worker caches for a reader of it (URLs, its
    folder's index first): its pages, ``pyscript.json`` and catalogs, but not its demo
    pages.  Those the worker derives from ``later`` (``./demo-x.html`` →
    ``./ru/demo-x.html``), so every language must have the same demo pages.  A language
    with no precached file (the pseudo-locale ``xx``) is left out."""
    own: dict[str, list[str]] = {lang: [f"./{lang}/"] for lang in languages}
    demos: dict[str, set[str]] = {lang: set() for lang in languages}
    for rel in files:
        lang = language_of(rel, languages)
        if lang is None:
            continue
        if rel.parts[0] == lang and is_precached_later(Path(rel.name)):
            demos[lang].add(f"./{rel.name}")
        else:
            own[lang].append(f"./{rel.as_posix()}")
    shipped = {lang: urls for lang, urls in own.items() if len(urls) > 1}
    for lang in shipped:
        if demos[lang] != set(later):
            raise SystemExit(f"dist/{lang}/ does not have the same demo pages as dist/")
    return shipped


def write_service_worker(stage: Path, build_id: str,
                         languages: Sequence[str] = ()) -> list[str]:
    """Fill ``sw.js`` with the build id and the precache lists; return all their URLs.

    The snapshot is optional: if it cannot be fetched the worker still installs (and the
    pages boot without it).  The files of :func:`is_precached_later` and :data:`DEFERRED`
    are cached only when a page asks for them, not at install; another language's files
    (``languages``) only for a reader of it (:func:`language_lists`); the brotli decoder
    (:data:`BROTLI_DECODER`) only by a browser that needs it."""
    files = [rel for rel in tree_files(stage) if is_precached(rel)]
    urls = ["./"] + [f"./{rel.as_posix()}" for rel in files]
    later = [f"./{rel.as_posix()}" for rel in files if is_precached_later(rel)]
    per_language = language_lists(files, languages, later)
    theirs = {f"./{rel.as_posix()}" for rel in files if language_of(rel, languages)}
    optional = [url for url in urls if url.startswith("./pyodide/snapshot-")]
    deferred = [url for url in urls if url.removeprefix("./") in DEFERRED]
    decoder = [url for url in urls if url.startswith(f"./{BROTLI_DECODER}")]
    set_apart = {*optional, *later, *theirs, *deferred, *decoder}
    required = [url for url in urls if url not in set_apart]
    inject(
        stage / "sw.js",
        {
            "BUILD_ID": json.dumps(build_id),
            "PRECACHE": json.dumps(required, indent=1),
            "OPTIONAL": json.dumps(optional),
            "DEFERRED": json.dumps(deferred),
            "BROTLI_DECODER": json.dumps(decoder),
            "LATER": json.dumps(later, indent=1),
            "LANGUAGES": json.dumps(per_language, indent=1),
        },
    )
    return urls + [f"./{lang}/" for lang in per_language]


_TILE_TABLES_SCRIPT = """
import sys
try:
    from paisho_page.words.cards import fill_rules_tables
    from paisho_page.words.i18n import activate
    from sitebuild.catalogs import compile_mo, read_catalog
except ImportError as exc:
    print(exc, file=sys.stderr)
    sys.exit(3)
if len(sys.argv) > 1:  # a language's Rules page: the card words in its page catalog
    activate(sys.argv[1], {"page": compile_mo(read_catalog(sys.argv[1], "page"))})
sys.stdout.write(fill_rules_tables(sys.stdin.read()))
"""
TILE_TABLE_MARK = '<div class="tile-table" data-variant="'
"""The start of a Rules page placeholder for a variant's generated tile table."""


def fill_tile_tables(stage: Path, rules: Path | None = None, lang: str | None = None) -> None:
    """Fill the Rules page's tile tables from the tile cards' words
    (``paisho_page.words.cards.fill_rules_tables``, run in a fresh interpreter on the working
    tree), so the Rules page and the game page's cards say the same (``rules``: another
    Rules page than ``stage/rules.html``, a language's, worded in ``lang``'s catalog)."""
    rules = rules or stage / "rules.html"
    if not rules.is_file():
        return
    text = rules.read_text()
    if TILE_TABLE_MARK not in text:
        return
    proc = subprocess.run(
        [sys.executable, "-c", _TILE_TABLES_SCRIPT, *([lang] if lang else [])],

        cwd=ROOT, input=text, capture_output=True, text=True,
    )
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["(no message)"]
        raise SystemExit(f"the Rules page's tile tables could not be made: {tail[0]}")
    if TILE_TABLE_MARK in proc.stdout:
        raise SystemExit("rules.html asks for the tile table of a variant without one")
    rules.write_text(proc.stdout)
