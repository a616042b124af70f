#!/usr/bin/env python3
"""Build, serve and test the Pai Sho static site (standard library only).

Usage::

    python3 build.py build            # write the whole site into dist/
    python3 build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:8000/
    python3 build.py test             # set up .venv/, build, then ruff + mypy + pytest (CI's)
    python3 build.py setup            # only make/update .venv/ with the test tools

``build`` makes the ``paisho_core`` wheel, vendors Pyodide and PyScript from the npm
packages pinned in ``package.json``/``package-lock.json`` (``npm ci`` only when
``node_modules/`` is missing or outdated), copies ``site/``, pre-renders the board into
every page, writes ``pyscript.json`` and the service worker's precache list, and makes
a Pyodide memory snapshot (see :func:`make_snapshot`).  Every URL in the output is
relative, so ``dist/`` works under any sub-path (GitHub Pages).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar, NamedTuple

ROOT = Path(__file__).resolve().parent
"""The repository root (the folder that holds this file)."""
DIST = ROOT / "dist"
SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "paisho-site"
"""Scratch space kept between builds (the wheel and its stamp); ignored by git."""

PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"
BROTLI_DIR = NODE_MODULES / "brotli-dec-wasm"
BROTLI_FILES = (
    "pkg/brotli_dec_wasm.js",
    "pkg/brotli_dec_wasm_bg.wasm",
    "LICENSE-MIT.txt",
    "LICENSE-Apache.txt",
)
"""The brotli decoder (Rust, compiled to wasm, ~100 KB gzipped) that unpacks the memory
snapshot in browsers whose ``DecompressionStream`` has no brotli; copied, flat, to
``vendor/brotli-dec-wasm/``."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the ``pyodide`` npm package that a page loads (no source maps)."""

PYSCRIPT_PRECACHE = frozenset(
    {
        "core",
        "core.js",
        "core.css",
        "deprecations-manager",
        "donkey",
        "error",
        "py-editor",
        "py-game",
        "py-terminal",
        "pyodide_graph",
    }
)
"""Chunk stems of PyScript that every page loads (measured with PyScript 0.7.31).

The other chunks (CodeMirror, xterm, the TOML parser, zip ``files``, workers) are
copied, so a future page may use them, but are left out of the service worker's
precache; an e2e test fails if a page fetches a file that is not precached."""

STDLIB_DROP = frozenset(
    {
        # debuggers, profilers, REPL and test runners
        "__phello__", "_pyrepl", "bdb.py", "cProfile.py", "doctest.py", "idlelib", "pdb.py",
        "profile.py", "pstats.py", "timeit.py", "trace.py", "unittest",
        # command lines, packaging and tooling
        "argparse.py", "asyncio/__main__.py", "cmd.py", "compileall.py", "ensurepip",
        "getopt.py", "getpass.py", "json/__main__.py", "json/tool.py",
        "lib2to3", "modulefinder.py", "optparse.py", "pickletools.py", "pyclbr.py",
        "pydoc.py", "pydoc_data", "runpy.py", "symtable.py", "tabnanny.py", "venv",
        "zipapp.py",
        # networks, servers, mail and browsers (a page has fetch)
        "ftplib.py", "http", "imaplib.py", "mailbox.py", "netrc.py", "nntplib.py",
        "poplib.py", "smtplib.py", "urllib/request.py",
        "urllib/robotparser.py", "webbrowser.py", "wsgiref", "xmlrpc",
        # file formats and data tools no page reads
        "configparser.py", "csv.py", "dbm", "difflib.py", "mimetypes.py", "plistlib.py",
        "shelve.py", "statistics.py", "tomllib", "uuid.py", "wave.py", "xml",
        # terminals, GUIs, processes, C interop, jokes
        "_pyio.py", "antigravity.py", "colorsys.py", "concurrent/futures/process.py",
        "ctypes", "curses", "graphlib.py", "multiprocessing", "pty.py", "sched.py", "sqlite3",
        "this.py", "tkinter", "tty.py", "turtle.py", "turtledemo", "__hello__.py",
    }
)
"""Stdlib entries (top-level names, or ``package/module.py``) that no page can use: left
out of the vendored ``python_stdlib.zip`` (2.5 MB → 1.3 MB).  Pages start
from the memory snapshot, where what they import is loaded already; the zip serves later
imports and the fallback boot.  ``tests/test_build.py`` checks that no kept module, page
module or engine module imports a dropped one; the e2e tests play whole games on it."""
STDLIB_ENCODINGS = frozenset(
    {
        "__init__", "aliases", "ascii", "base64_codec", "charmap", "cp1252", "cp437",
        "hex_codec", "idna", "iso8859_1", "iso8859_15", "latin_1", "mbcs", "oem",
        "punycode", "raw_unicode_escape", "undefined", "unicode_escape", "utf_16",
        "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_7", "utf_8",
        "utf_8_sig", "zlib_codec",
    }
)
"""Codecs kept in ``encodings/``; the other 90 (legacy code pages, CJK) are dropped."""

MY_SCRIPTS = ("build.py", "benchmarks/startup.py")
"""Scripts outside the package that ``test`` type-checks too."""
BOARD_PLACEHOLDER = "<!--BOARD-->"
INTERPRETER = "pyodide/interpreter.mjs"
"""Our PyScript interpreter module (boots Pyodide from the snapshot), in ``dist/``."""
SITE_MOVES = {
    "interpreter.mjs": Path(INTERPRETER),
    "snapshot-worker.mjs": Path("pyodide/snapshot-worker.mjs"),
}
"""Site files copied elsewhere: our interpreter module must sit next to ``pyodide.mjs``
(PyScript takes Pyodide's indexURL from its folder), its worker beside it."""
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
    ("script-src", "'self' 'wasm-unsafe-eval'"),
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
NO_PRECACHE_DIRS = ("bench", "diagrams")
"""Folders of ``dist/`` the service worker does not precache (diagrams are downloads)."""
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


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], cwd: Path = ROOT, check: bool = True) -> int:
    """Run a command, echoing it; return its exit code (raise if ``check`` and non-zero)."""
    print("$ " + " ".join(cmd), flush=True)
    code = subprocess.call(cmd, cwd=cwd)
    if check and code != 0:
        raise SystemExit(f"command failed ({code}): {' '.join(cmd)}")
    return code


def sha256_bytes(data: bytes) -> str:
    """Hex SHA-256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def tree_files(root: Path) -> list[Path]:
    """Every regular file under ``root``, sorted, as paths relative to ``root``."""
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())


def hash_tree(root: Path, skip: Callable[[Path], bool] = lambda _: False) -> str:
    """A digest of the names and contents of every file under ``root``."""
    digest = hashlib.sha256()
    for rel in tree_files(root):
        if skip(rel):
            continue
        digest.update(rel.as_posix().encode() + b"\0")
        digest.update((root / rel).read_bytes())
    return digest.hexdigest()


# --------------------------------------------------------------------------- npm


def npm_stamp() -> str:
    """The content hash that ``node_modules/`` must match (the lock file's and pins')."""
    lock = (ROOT / "package-lock.json").read_bytes()
    pins = (ROOT / "package.json").read_bytes()
    return sha256_bytes(lock + b"\0" + pins)


def ensure_node_modules() -> None:
    """Run ``npm ci`` unless ``node_modules/`` already holds this exact lock file."""
    stamp_file = NODE_MODULES / ".paisho-stamp"
    wanted = npm_stamp()
    if stamp_file.is_file() and stamp_file.read_text() == wanted and PYODIDE_DIR.is_dir():
        return
    if shutil.which("npm") is None:
        raise SystemExit("npm is needed to vendor Pyodide and PyScript (apt-get install npm)")
    log("npm ci (node_modules missing or outdated)")
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    stamp_file.write_text(wanted)


def package_version(package_dir: Path) -> str:
    """The ``version`` field of an installed npm package."""
    data = json.loads((package_dir / "package.json").read_text())
    return str(data["version"])


# --------------------------------------------------------------------------- wheel


def engine_sources_hash() -> str:
    """A digest of everything that goes into the wheel."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    readme = ROOT / "README.md"
    digest.update(readme.read_bytes() if readme.is_file() else b"")
    digest.update(hash_tree(ROOT / "paisho_core", lambda p: "__pycache__" in p.parts).encode())
    return digest.hexdigest()


def build_wheel() -> Path:
    """Build the ``paisho_core`` wheel (reusing the last one if no source changed).

    The wheel is written with the standard library alone (:func:`write_wheel`), so
    ``build`` and ``serve`` need no package installed: a fresh machine with Python and
    Node serves the site.  ``tests/test_build.py`` installs it with pip to prove it.
    """
    out = CACHE / "wheel"
    stamp = CACHE / "wheel.stamp"
    wanted = engine_sources_hash()
    existing = sorted(out.glob("*.whl")) if out.is_dir() else []
    if len(existing) == 1 and stamp.is_file() and stamp.read_text() == wanted:
        return existing[0]
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    log("building the wheel")
    wheel = write_wheel(out)
    stamp.write_text(wanted)
    return wheel


WHEEL_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member's timestamp, so the same sources give the same wheel bytes."""


def project_metadata() -> dict[str, object]:
    """The ``[project]`` table of ``pyproject.toml``."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project: dict[str, object] = data["project"]
    return project


def wheel_metadata(project: dict[str, object]) -> str:
    """The ``METADATA`` file (core metadata 2.3) of the wheel."""
    lines = [
        "Metadata-Version: 2.3",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"License: {project['license']}",
        f"Requires-Python: {project['requires-python']}",
    ]
    for author in project.get("authors", []):  # type: ignore[attr-defined]
        lines.append(f"Author: {author['name']}")
    for classifier in project.get("classifiers", []):  # type: ignore[attr-defined]
        lines.append(f"Classifier: {classifier}")
    extras = project.get("optional-dependencies", {})
    for extra, requirements in extras.items():  # type: ignore[attr-defined]
        lines.append(f"Provides-Extra: {extra}")
        lines.extend(f"Requires-Dist: {req}; extra == '{extra}'" for req in requirements)
    readme = ROOT / "README.md"
    body = readme.read_text(encoding="utf-8") if readme.is_file() else "# paisho-core\n"
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + body


def write_wheel(out: Path) -> Path:
    """Write the pure-Python wheel of ``paisho_core`` into ``out``; return its path.

    Sorted members, fixed timestamps, ``py3-none-any`` (the package is pure Python and
    ``requires-python`` rules out Python 2), a ``RECORD`` with SHA-256 digests.
    """
    import base64

    project = project_metadata()
    name = str(project["name"]).replace("-", "_")
    version = str(project["version"])
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    package = ROOT / "paisho_core"
    for rel in tree_files(package):
        if "__pycache__" in rel.parts or rel.suffix == ".pyc":
            continue
        files.append((f"paisho_core/{rel.as_posix()}", (package / rel).read_bytes()))
    scripts = project.get("scripts", {})
    entry_points = "[console_scripts]\n" + "".join(
        f"{key} = {value}\n" for key, value in scripts.items()  # type: ignore[attr-defined]
    )
    generator = "Generator: paisho build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files += [
        (f"{dist_info}/METADATA", wheel_metadata(project).encode()),
        (f"{dist_info}/WHEEL", ("Wheel-Version: 1.0\n" + generator).encode()),
        (f"{dist_info}/entry_points.txt", entry_points.encode()),
    ]
    licence = ROOT / "LICENSE"
    if licence.is_file():
        files.append((f"{dist_info}/licenses/LICENSE", licence.read_bytes()))
    record = []
    for arcname, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arcname},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for arcname, data in files:
            info = zipfile.ZipInfo(arcname, WHEEL_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel


# --------------------------------------------------------------------------- board


_RENDER_SCRIPT = """
import sys
try:
    from paisho_core import registry, render
except ImportError as exc:
    print(exc, file=sys.stderr)
    sys.exit(3)
sys.stdout.write(render.render_svg(registry.new_game("skud")))
"""


def prerender_board() -> str | None:
    """The SVG of a new Skud game from ``paisho_core.render``, or ``None`` if unavailable.

    Runs in a fresh interpreter on the working tree's engine.  A missing render module
    leaves the ``<!--BOARD-->`` placeholder (the page draws the board once Python runs);
    a render that raises is reported loudly, and the tests fail on the placeholder.
    """
    proc = subprocess.run(
        [sys.executable, "-c", _RENDER_SCRIPT], cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode == 0 and proc.stdout.lstrip().startswith("<svg"):
        return proc.stdout
    reason = proc.stderr.strip().splitlines()[-1:] or [f"output {proc.stdout[:80]!r}"]
    if proc.returncode == 3:
        log(f"board not pre-rendered: paisho_core.render unavailable ({reason[0]})")
    else:
        log(f"WARNING: board not pre-rendered: render_svg failed: {reason[0]}")
    return None


# --------------------------------------------------------------------------- demos


DIAGRAMS = "diagrams"
"""Folder of ``dist/`` with one standalone SVG per demo step (``<name>-<step>.svg``)."""
DEMO_TEMPLATE = "embed.html"
"""The page a demo page is made from (``demo-<name>.html``, next to it)."""
DEMO_LIST_PLACEHOLDER = "<!--DEMO_LIST-->"
RULE_DEMOS_PLACEHOLDER = re.compile(r'<div class="rule-demos" data-demos="([a-z0-9 -]+)"></div>')

_DEMOS_SCRIPT = """
import json, sys
try:
    from paisho_core.demos.export import export
except ImportError as exc:
    print(exc, file=sys.stderr)
    sys.exit(3)
json.dump(export(), sys.stdout)
"""


def export_demos() -> list[dict[str, object]] | None:
    """The demo library replayed by the working tree's engine (``paisho_core.demos``).

    ``None`` when the engine has no demo library.  A demo that the engine refuses
    stops the build, naming the demo and step.
    """
    proc = subprocess.run(
        [sys.executable, "-c", _DEMOS_SCRIPT], cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode == 3:
        log("no rules demos: paisho_core.demos unavailable")
        return None
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["(no message)"]
        raise SystemExit(f"the rules demos do not replay: {tail[0]}")
    demos: list[dict[str, object]] = json.loads(proc.stdout)
    return demos


def demo_page_name(name: str) -> str:
    """The file of a demo's pre-rendered page: ``demo-skud-wheel.html``."""
    return f"demo-{name}.html"


def _attr(text: object) -> str:
    """Text escaped for an HTML attribute or element."""
    import html

    return html.escape(str(text), quote=True)


def demo_page(template: str, demo: dict[str, object]) -> str:
    """The pre-rendered page of one demo, made from ``embed.html``.

    Every step's board is in a ``<template data-step>`` (``embed.js`` steps through them
    with no engine), the first one drawn and captioned in place; PyScript is held back
    (``text/x-deferred-*``) until the reader asks to try it (``mode=try``).
    """
    steps = demo["steps"]
    assert isinstance(steps, list) and steps
    first = steps[0]
    name = str(demo["name"])
    label = f"Pai Sho board: {demo['title']}"
    board = (
        '<svg id="board" class="board" xmlns="http://www.w3.org/2000/svg" '
        'viewBox="-400 -400 800 800" role="application" tabindex="0" '
        f'aria-label="{_attr(label)}" aria-roledescription="board">'
        f'{demo["static"]}<g id="board-dynamic">{first["board"]}</g></svg>'
    )
    templates = "".join(
        f'  <template data-step="{i}" data-step-caption="{_attr(step["caption"])}" '
        f'data-link="{_attr(step["link"])}" '
        f'data-diagram="./{DIAGRAMS}/{_attr(step["diagram"])}"><svg>{step["board"]}</svg>'
        "</template>\n"
        for i, step in enumerate(steps)
    )
    text = template.replace('<html lang="en" class="embed">',
                            f'<html lang="en" class="embed" data-demo="{_attr(name)}">')
    text = re.sub(r"<title>[^<]*</title>",
                  f"<title>Pai Sho rules demo — {_attr(demo['title'])}</title>", text)
    text = text.replace(BOARD_PLACEHOLDER, board)
    text = text.replace("<!--CAPTION-->", _attr(first["caption"]))
    text = text.replace("<!--PLY-->", f"0 / {len(steps) - 1}")
    text = re.sub(r"<!--STATUS-->.*?<!--/STATUS-->", "", text, flags=re.S)
    text = text.replace("<!--STEPS-->", templates)
    # A demo in a wiki article should not make its readers' browsers precache the
    # whole site: demo pages register no service worker (one registered by a visit to
    # the site still serves them offline).
    text = text.replace('  <script src="./sw-register.js" defer></script>\n', "")
    # PyScript's stylesheet only matters once PyScript runs ("try it" works without it)
    text = text.replace('  <link rel="stylesheet" href="./pyscript/core.css">\n', "")
    text = text.replace('<script type="py" ', '<script type="text/x-deferred-py" ')
    text = text.replace('<script type="module" src="./pyscript/core.js">',
                        '<script type="text/x-deferred-module" src="./pyscript/core.js">')
    text = text.replace('id="open-full" href="./"', f'id="open-full" href="{_attr(first["link"])}"')
    return text.replace(
        'id="diagram-link" href="./wiki-editors.html" target="_blank" rel="noopener" hidden',
        f'id="diagram-link" href="./{DIAGRAMS}/{_attr(first["diagram"])}" target="_blank" '
        'rel="noopener"',
    )


def demo_snippet(name: str, base: str = "https://YOUR-SITE/", height: int = 560) -> str:
    """The ``<iframe>`` a wiki editor copies for a demo."""
    return (
        f'<iframe src="{base}{demo_page_name(name)}" width="400" height="{height}" '
        f'title="Pai Sho rules demo: {name}" loading="lazy" style="border:0;max-width:100%">'
        "</iframe>"
    )


def demo_list_html(demos: list[dict[str, object]]) -> str:
    """The table of every demo for ``wiki-editors.html`` (names, pages, diagrams)."""
    rows = []
    for demo in demos:
        name = str(demo["name"])
        steps = demo["steps"]
        assert isinstance(steps, list)
        diagrams = " ".join(
            f'<a href="./{DIAGRAMS}/{_attr(step["diagram"])}" download>{i}</a>'
            for i, step in enumerate(steps)
        )
        rules = demo["rules"]
        assert isinstance(rules, list)
        rule_links = ", ".join(f'<a href="./rules.html#{_attr(a)}">{_attr(a)}</a>' for a in rules)
        rows.append(
            f'<tr id="demo-{_attr(name)}"><td><code>{_attr(name)}</code></td>'
            f"<td>{_attr(demo['title'])}</td>"
            f'<td><a href="./{demo_page_name(name)}" target="_blank" rel="noopener">open</a></td>'
            f"<td>{diagrams}</td><td>{rule_links}</td></tr>"
            f'<tr class="snippet-row"><td colspan="5"><details><summary>Snippet for '
            f"<code>{_attr(name)}</code></summary><code class=\"snippet\">"
            f"{_attr(demo_snippet(name, height=560))}</code></details></td></tr>"
        )
    return (
        '<table class="demo-list"><caption class="help">Every demo: its name (for '
        "<code>#demo=</code>), its page, the diagram of each step, the rules it shows"
        '</caption><thead><tr><th scope="col">Name</th><th scope="col">Shows</th>'
        '<th scope="col">Page</th><th scope="col">Diagrams (per step)</th>'
        '<th scope="col">Rules</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>"
    )


def rule_demo_html(demos_by_name: dict[str, dict[str, object]], names: list[str]) -> str:
    """The live demos (iframes) and their diagram links shown next to a rule."""
    out = []
    for name in names:
        demo = demos_by_name.get(name)
        if demo is None:
            raise SystemExit(f"rules.html asks for demo {name!r}, which is not in the library")
        steps = demo["steps"]
        assert isinstance(steps, list)
        out.append(
            f'<figure class="rule-demo"><iframe src="./{demo_page_name(name)}" '
            f'title="Rules demo: {_attr(demo["title"])}" loading="lazy" width="360" '
            f'height="560" data-demo="{_attr(name)}"></iframe>'
            f'<figcaption>{_attr(demo["title"])} · <code>{_attr(name)}</code> · '
            f'<a href="./{DIAGRAMS}/{_attr(steps[0]["diagram"])}">diagram</a> · '
            f'<a href="./wiki-editors.html#demo-{_attr(name)}">embed it</a></figcaption>'
            "</figure>"
        )
    return '<div class="rule-demos">' + "".join(out) + "</div>"


def write_demos(stage: Path, demos: list[dict[str, object]] | None) -> None:
    """Write the demo pages and diagrams into ``stage``, and fill the pages that list
    them (``wiki-editors.html``, the demos next to the rules in ``rules.html``)."""
    template_path = stage / DEMO_TEMPLATE
    template = template_path.read_text()
    clean = re.sub(r"<!--STATUS-->(.*?)<!--/STATUS-->", r"\1", template, flags=re.S)
    for marker in ("<!--CAPTION-->", "<!--PLY-->", "<!--STEPS-->\n"):
        clean = clean.replace(marker, "")
    template_path.write_text(clean)
    names = [str(d["name"]) for d in demos or []]
    inject(stage / "embed.js", {"DEMO_NAMES": json.dumps(names)})
    by_name = {str(d["name"]): d for d in demos or []}
    if demos:
        folder = stage / DIAGRAMS
        folder.mkdir(exist_ok=True)
        for demo in demos:
            steps = demo["steps"]
            assert isinstance(steps, list)
            for step in steps:
                (folder / str(step["diagram"])).write_text(str(step["diagram_svg"]))
            page = stage / demo_page_name(str(demo["name"]))
            page.write_text(demo_page(template, demo))
    wiki = stage / "wiki-editors.html"
    if wiki.is_file():
        listing = demo_list_html(demos or [])
        wiki.write_text(wiki.read_text().replace(DEMO_LIST_PLACEHOLDER, listing))
    rules = stage / "rules.html"
    if rules.is_file():
        text = rules.read_text()
        if demos:
            text = RULE_DEMOS_PLACEHOLDER.sub(
                lambda m: rule_demo_html(by_name, m.group(1).split()), text
            )
        rules.write_text(text)


# --------------------------------------------------------------------------- site


class SnapshotFile(NamedTuple):
    """The memory snapshot shipped in ``dist/pyodide/``."""

    name: str
    """File name (content-hashed), e.g. ``snapshot-0123456789abcdef.bin.br``."""
    raw_bytes: int
    """Its size unpacked: the page allocates Pyodide's memory before the bytes arrive."""
    digest: str
    """The unpacked bytes' digest (hex, see :data:`SNAPSHOT_DIGEST`): the page's snapshot
    worker restores no copy (downloaded or kept) with another."""


@dataclass
class BuildInfo:
    """What one build produced (returned by :func:`build`)."""

    dist: Path
    build_id: str
    wheel: str
    """The wheel's URL relative to ``dist/`` (``wheels/<hash>/<file>.whl``)."""
    precache: list[str] = field(default_factory=list)
    snapshot: SnapshotFile | None = None


def copy_runtime(stage: Path) -> None:
    """Copy the Pyodide and PyScript files that pages load into ``stage``."""
    pyodide_out = stage / "pyodide"
    pyodide_out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            trim_stdlib(PYODIDE_DIR / name, pyodide_out / name)
        else:
            shutil.copy2(PYODIDE_DIR / name, pyodide_out / name)
    pyscript_out = stage / "pyscript"
    pyscript_out.mkdir(parents=True)
    for src in sorted(PYSCRIPT_DIR.iterdir()):
        if src.is_file() and not src.name.endswith(".map"):
            shutil.copy2(src, pyscript_out / src.name)
    brotli_out = stage / "vendor" / "brotli-dec-wasm"
    brotli_out.mkdir(parents=True)
    for name in BROTLI_FILES:
        shutil.copy2(BROTLI_DIR / name, brotli_out / Path(name).name)


def stdlib_keeps(name: str) -> bool:
    """Tell whether an entry of ``python_stdlib.zip`` stays in the trimmed copy."""
    top, _, rest = name.partition("/")
    if top in STDLIB_DROP or name in STDLIB_DROP:
        return False
    if top == "encodings" and rest.endswith(".py"):
        return rest[:-3] in STDLIB_ENCODINGS
    return True


def trim_stdlib(source: Path, dest: Path) -> None:
    """Copy Pyodide's stdlib zip without the entries :func:`stdlib_keeps` rejects.

    Entries keep their bytes, names and dates, so the output is reproducible.
    """
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(dest, "w") as zout:
        for info in zin.infolist():
            if stdlib_keeps(info.filename):
                zout.writestr(info, zin.read(info), compress_type=info.compress_type)


def chunk_stem(name: str) -> str:
    """The name of a Vite chunk without its 8-character hash (``core-AbCd1234.js``)."""
    match = re.fullmatch(r"(.+)-[A-Za-z0-9_-]{8}\.js", name)
    return match.group(1) if match else name


def is_precached(rel: Path) -> bool:
    """Tell whether the service worker precaches this file of ``dist/``."""
    if rel.parts[0] in NO_PRECACHE_DIRS or rel.name == "sw.js":
        return False
    if rel.parts[0] == "pyscript":
        return chunk_stem(rel.name) in PYSCRIPT_PRECACHE
    return True


def copy_site(stage: Path) -> list[str]:
    """Copy ``site/`` into ``stage``; return the site's Python modules (relative paths)."""
    modules: list[str] = []
    for rel in tree_files(SITE):
        if "__pycache__" in rel.parts:
            continue
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


def fill_pages(stage: Path, board: str | None, build_id: str, wheel_url: str) -> None:
    """Pre-render the board into every page, version its local asset URLs, give it the
    site's Content-Security-Policy, and give pages that run Python a head start (see
    :func:`boot_head`)."""
    meta = csp_meta(board)
    for page in sorted(stage.rglob("*.html")):
        text = add_csp(page.read_text(), meta)
        if board is not None:
            text = text.replace(BOARD_PLACEHOLDER, board)
        text = version_urls(text, build_id)
        if 'type="py"' in text and (stage / INTERPRETER).is_file():
            head = boot_head(stage, page.parent, build_id, wheel_url, python_fetches(text))
            first_script = text.find("<script", 0, text.find("</head>"))
            at = first_script if first_script >= 0 else text.find("</head>")
            text = text[:at] + head + text[at:]
        page.write_text(text)


def python_fetches(page: str) -> list[str]:
    """What PyScript fetches for a page besides Pyodide (URLs as the page names them):
    its config, its ``<script type="py" src>`` scripts and the config's ``files``.

    PyScript asks for the scripts only after Python is up (``py:ready``) and for the
    files only once the interpreter is loaded: preloaded, they are there by then.
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
    starts the snapshot worker at once.  Pyodide's own files, the wheel, the page's
    config, its script and the config's page modules (see :func:`python_fetches`) are
    preloaded with the exact request modes Pyodide and PyScript use, so each is
    downloaded once, and none is fetched only when Python is waiting for it.
    """
    def rel(path: str) -> str:
        return "./" + os.path.relpath(stage / path, folder).replace(os.sep, "/")

    modules = sorted(p.relative_to(stage).as_posix() for p in stage.glob("pyscript/core-*.js"))
    modules.append("pyodide/pyodide.asm.mjs")
    fetched = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
               "pyodide/pyodide-lock.json", wheel_url]
    tags = [f'<link rel="modulepreload" href="{rel(m)}">' for m in modules]
    tags += [f'<link rel="preload" href="{rel(f)}" as="fetch" crossorigin="anonymous">'
             for f in fetched]
    tags += [f'<link rel="preload" href="{url}" as="fetch" crossorigin="anonymous">'
             for url in page_fetches]
    tags += [f'<link rel="preload" href="{rel(f)}" as="fetch" crossorigin="anonymous">'
             for f in config_files(stage)]
    tags.append(f'<script type="module" src="{rel(INTERPRETER)}?v={build_id}"></script>')
    return "".join(f"{tag}\n  " for tag in tags)


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


def is_precached_later(rel: Path) -> bool:
    """Tell whether the service worker caches this file only once a page asks for it: the
    rules demo pages (``demo-*.html``, ~1 MB in all), which a visit of the game page
    never needs.  The Rules page asks (see ``sw-later.js``), so its demos work offline
    after one visit of it; a demo page fetched before that is cached as it is fetched."""
    return len(rel.parts) == 1 and rel.name.startswith("demo-") and rel.suffix == ".html"


def write_service_worker(stage: Path, build_id: str) -> list[str]:
    """Fill ``sw.js`` with the build id and the precache lists; return all their URLs.

    The snapshot is optional: if it cannot be fetched the worker still installs (and the
    pages boot without it).  The files of :func:`is_precached_later` are cached only when
    a page asks for them, not at install."""
    urls = ["./"] + [f"./{rel.as_posix()}" for rel in tree_files(stage) if is_precached(rel)]
    later = [f"./{rel.as_posix()}" for rel in tree_files(stage)
             if is_precached(rel) and is_precached_later(rel)]
    optional = [url for url in urls if url.startswith("./pyodide/snapshot-")]
    required = [url for url in urls if url not in optional and url not in later]
    inject(
        stage / "sw.js",
        {
            "BUILD_ID": json.dumps(build_id),
            "PRECACHE": json.dumps(required, indent=1),
            "OPTIONAL": json.dumps(optional),
            "LATER": json.dumps(later, indent=1),
        },
    )
    return urls


def build(dist: Path = DIST, snapshot: bool = True) -> BuildInfo:
    """Build the whole site into ``dist`` (replaced atomically) and return what it holds."""
    started = time.monotonic()
    ensure_node_modules()
    wheel = build_wheel()
    stage = Path(tempfile.mkdtemp(prefix="dist-", dir=dist.parent))
    try:
        copy_runtime(stage)
        modules = copy_site(stage)
        wheel_url = place_wheel(stage, wheel)
        write_pyscript_config(stage, wheel_url, modules)
        fill_manifest(stage)
        board = prerender_board()
        write_demos(stage, export_demos())
        snap = make_snapshot(stage, wheel_url) if snapshot else None
        # After the snapshot: a new snapshot alone (new warm-up) is a new build too.
        build_id = sha256_bytes((hash_tree(stage) + (board or "")).encode())[:16]
        fill_pages(stage, board, build_id, wheel_url)
        version_interpreter(stage, build_id)
        inject(
            stage / INTERPRETER,
            {
                "BUILD_ID": json.dumps(build_id),
                "SNAPSHOT": json.dumps(snap.name if snap else None),
                "SNAPSHOT_BYTES": json.dumps(snap.raw_bytes if snap else 0),
                "SNAPSHOT_DIGEST": json.dumps(snap.digest if snap else None),
            },
        )
        precache = write_service_worker(stage, build_id)
        stage.chmod(0o755)
        _swap(stage, dist)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    log(f"dist/ ready: build {build_id}, {len(precache)} files precached, "
        f"{time.monotonic() - started:.1f} s")
    return BuildInfo(dist, build_id, wheel_url, precache, snap)


def _swap(stage: Path, dist: Path) -> None:
    """Replace ``dist`` with ``stage`` (keeping the old tree only until the rename)."""
    old = dist.with_name(dist.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if dist.exists():
        dist.rename(old)
    stage.rename(dist)
    shutil.rmtree(old, ignore_errors=True)


# --------------------------------------------------------------------------- snapshot


SNAPSHOT_MAKER = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const env = process.env;
const { loadPyodide } = await import(pathToFileURL(env.PAISHO_PYODIDE_DIR + "/pyodide.mjs"));
const log = (line) => process.stderr.write(line + "\n");
const pyodide = await loadPyodide({
  indexURL: env.PAISHO_PYODIDE_DIR + "/",
  _makeSnapshot: true,
  stdout: log,
  stderr: log,
});
const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheel = new Uint8Array(readFileSync(env.PAISHO_WHEEL));
pyodide.unpackArchive(wheel, "wheel", { extractDir: purelib });
// The page modules, where PyScript writes them too (its "files", in the home folder).
for (const [name, path] of JSON.parse(env.PAISHO_PAGE_MODULES)) {
  pyodide.FS.writeFile(`/home/pyodide/${name}`, readFileSync(path));
}
pyodide.runPython(readFileSync(env.PAISHO_WARMUP, "utf8"));
const zeroed = zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
const packed = brotliCompressSync(snapshot, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: Number(env.PAISHO_BROTLI_QUALITY),
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: snapshot.length,
  },
});
writeFileSync(env.PAISHO_SNAPSHOT, packed);
writeFileSync(env.PAISHO_SNAPSHOT + ".json", JSON.stringify({ rawBytes: snapshot.length }));
log(`snapshot: ${snapshot.length} bytes raw (${zeroed} bytes of free heap zeroed), ` +
    `${packed.length} bytes brotli`);

/* Zero the heap's free memory: what freed objects left there (compiler temporaries,
 * read buffers) is noise that compresses badly, and nothing reads it again.  Takes
 * every free chunk malloc hands out without growing the heap, clears it, frees it. */
function zeroFreeMemory(module) {
  const sbrk = () => module.HEAPU32[module._emscripten_get_sbrk_ptr() >> 2];
  const taken = [];
  let zeroed = 0;
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const top = sbrk();
      if (top + size + 65536 > module.HEAPU8.length) break;
      const chunk = module._malloc(size);
      if (!chunk) break;
      if (sbrk() !== top) {
        module._free(chunk);
        break;
      }
      module.HEAPU8.fill(0, chunk, chunk + size);
      taken.push(chunk);
      zeroed += size;
    }
  }
  for (const chunk of taken) module._free(chunk);
  module.HEAPU8.fill(0, sbrk());
  return zeroed;
}
"""
"""Node script that boots the vendored Pyodide, installs the wheel, runs the warm-up,
zeroes the free heap and writes the snapshot, brotli-compressed.  Fed on stdin, so
Pyodide sees no script path (``sys.executable`` stays ``/home/pyodide/this.program``,
as in a browser)."""

SNAPSHOT_BROTLI_QUALITY = 11
"""Brotli quality of the shipped snapshot: 11 takes ~1 min once per build input (cached
in ``build/``) and makes it ~10% smaller than 10 (~0.55 MB less than 9)."""

WARMUP = """
import gc, importlib, sys
for name in {modules!r}:
    try:
        importlib.import_module(name)
    except Exception as exc:  # a module that only exists in the browser
        print(f"snapshot: not preloaded: {{name}} ({{exc!r}})")
for name in {page_modules!r}:  # must import without a page (see site/dom.py)
    importlib.import_module(name)
from paisho_core import linkcode, registry, render
for variant in registry.variant_names():
    try:
        linkcode.coder_for(registry.get_variant(variant))  # its link coder too
    except ImportError as exc:
        print(f"snapshot: variant {{variant}} not preloaded ({{exc!r}})")
render.render_svg(registry.new_game("skud"))
sys._paisho_snapshot_modules = frozenset(sys.modules)
gc.collect()
"""
"""Python run before the snapshot: the modules pages import, the page modules themselves
(all but the entry scripts), every variant and its link coder, one render.
``sys._paisho_snapshot_modules`` lets the e2e tests list what a page still imports
(compiles, in wasm) at start."""

PRECOMPILE = """
import importlib.machinery, os, sys

class _PaishoPrecompiledLoader(importlib.machinery.SourceFileLoader):
    \"\"\"Loads a module from code compiled at build time when its file holds the very
    source it was compiled from (else compiles the file, as usual).\"\"\"

    def __init__(self, fullname, path, entry):
        super().__init__(fullname, path)
        self._entry = entry

    def get_code(self, fullname):
        source, code = self._entry
        if self.get_data(self.path) == source:
            sys._paisho_precompiled_hits.append(fullname)
            return code
        return super().get_code(fullname)

class _PaishoPrecompiledFinder:
    \"\"\"Finds PyScript's own modules as usual, then lends them compiled code.\"\"\"
    table = {{}}

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != "pyscript" and not name.startswith("pyscript."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or spec.origin is None:
            return spec
        entry = cls.table.get(os.path.abspath(spec.origin))
        if entry is not None and type(spec.loader) is importlib.machinery.SourceFileLoader:
            spec.loader = _PaishoPrecompiledLoader(name, spec.origin, entry)
        return spec

for _rel, _source in {sources!r}.items():
    _path = "{home}/" + _rel
    _PaishoPrecompiledFinder.table[_path] = (
        _source.encode(), compile(_source, _path, "exec", dont_inherit=True)
    )
sys._paisho_precompiled_hits = []
sys.meta_path.insert(sys.meta_path.index(importlib.machinery.PathFinder), _PaishoPrecompiledFinder)
del _rel, _source, _path
"""
"""Warm-up part that compiles PyScript's own Python package at build time (see
:func:`pyscript_sources`).  In the page, PyScript writes these files and imports
``pyscript`` before it runs the page's script (~0.1 s of compiling, in wasm, before the
page can start); the finder hands the import the code compiled here instead, for every
file whose bytes are the ones compiled (any other is compiled as usual).
``sys._paisho_precompiled_hits`` names the modules it served (tests)."""

PYSCRIPT_HOME = "/home/pyodide"
"""Where PyScript writes its Python package in the page (its working directory)."""


def pyscript_sources(stage: Path) -> dict[str, str]:
    """PyScript's own Python files as its bundle writes them in the page, e.g.
    ``{"pyscript/__init__.py": "..."}``; empty (and a warning) if they are not found.

    The bundle (``pyscript/core-*.js``) holds them as one object literal,
    ``{pyscript:{"__init__.py":"...",...}}``, whose strings are JSON strings."""
    for core in sorted(stage.glob("pyscript/core-*.js")):
        text = core.read_text()
        start = text.find('{pyscript:{"')
        if start < 0:
            continue
        depth, at, quoted = 0, start, False
        while at < len(text):
            char = text[at]
            if quoted:
                if char == "\\":
                    at += 1
                elif char == '"':
                    quoted = False
            elif char == '"':
                quoted = True
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    break
            at += 1
        literal = '{"pyscript":' + text[start + len("{pyscript:"):at + 1]
        try:
            tree = json.loads(literal)
        except ValueError:
            break
        return _python_files(tree)
    log("WARNING: PyScript's Python files not found in its bundle: not precompiled")
    return {}


def _python_files(tree: dict[str, object], prefix: str = "") -> dict[str, str]:
    """The ``.py`` files of a folder tree given as nested dicts, by relative path."""
    found: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            found.update(_python_files(value, f"{prefix}{key}/"))
        elif isinstance(value, str) and key.endswith(".py"):
            found[prefix + key] = value
    return found


WHEEL_INSTALL_MODULES = ("importlib.metadata",)
"""Stdlib modules that pages import after a restore although no site file imports them
(Pyodide's side of installing the wheel, see ``installPackages`` in
``site/interpreter.mjs``), so the warm-up imports them.  Found by the e2e test that fails
if a page imports anything after boot but PyScript's own package; ``tarfile``, needed by
Pyodide's package loader, left the list when pages stopped using that loader."""

BROWSER_ONLY_MODULES = frozenset({"pyscript", "js", "pyodide", "micropip"})
"""Top-level modules the warm-up must not import in Node (they hold browser objects)."""


def site_imports(site: Path = SITE) -> list[str]:
    """Modules that the site's Python files import (absolute imports, sorted)."""
    import ast

    found: set[str] = set()
    for path in sorted(site.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    skip = BROWSER_ONLY_MODULES | {p.stem for p in site.rglob("*.py")}
    return sorted(name for name in found if name.split(".")[0] not in skip)


def page_modules(stage: Path) -> list[str]:
    """The site's Python modules in ``stage``'s root that pages import (not the entry
    scripts that PyScript runs), e.g. ``["dom.py", "game_page.py", ...]``."""
    entry_points = script_sources(stage)
    return sorted(
        p.name for p in stage.glob("*.py") if p.name not in entry_points
    )


def make_snapshot(stage: Path, wheel_url: str) -> SnapshotFile | None:
    """Make (or reuse) the brotli-compressed memory snapshot and copy it to ``pyodide/``.

    The snapshot is tied to the exact ``pyodide.asm.wasm``/``.mjs`` build, so it is made
    from the staged files themselves, with Node, and named after a hash of everything
    that goes into it: a new Pyodide, wheel or warm-up gives a new file name.  Returns
    ``None`` (pages then boot normally) when Node is missing.
    """
    node = shutil.which("node")
    if node is None:
        log("WARNING: no node: site built without a memory snapshot")
        return None
    pyodide_dir = stage / "pyodide"
    wheel = stage / wheel_url
    pages = page_modules(stage)
    warmup = WARMUP.format(
        modules=sorted({*site_imports(), *WHEEL_INSTALL_MODULES}),
        page_modules=[Path(name).stem for name in pages],
    )
    sources = pyscript_sources(stage)
    if sources:  # before the warm-up lists the modules it imported (it imports none)
        mark = "sys._paisho_snapshot_modules ="
        precompile = PRECOMPILE.format(sources=sources, home=PYSCRIPT_HOME)
        warmup = warmup.replace(mark, precompile.lstrip("\n") + mark)
    digest = hashlib.sha256(SNAPSHOT_MAKER.encode() + warmup.encode())
    digest.update(str(SNAPSHOT_BROTLI_QUALITY).encode())
    for name in pages:
        digest.update(name.encode() + sha256_bytes((stage / name).read_bytes()).encode())
    for part in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip"):
        digest.update(sha256_bytes((pyodide_dir / part).read_bytes()).encode())
    digest.update(sha256_bytes(wheel.read_bytes()).encode())
    name = f"snapshot-{digest.hexdigest()[:16]}.bin.br"
    cached = CACHE / "snapshots" / name
    facts = cached.with_name(cached.name + ".json")
    if not (cached.is_file() and facts.is_file()):
        modules = [(name, str(stage / name)) for name in pages]
        _run_snapshot_maker(node, pyodide_dir, wheel, warmup, modules, cached)
    shutil.copy2(cached, pyodide_dir / name)
    known = json.loads(facts.read_text())
    if "digest" not in known:  # made by an older build.py: hash it once, keep the digest
        known["digest"] = snapshot_digest(node, cached)
        facts.write_text(json.dumps(known))
    return SnapshotFile(name, int(known["rawBytes"]), str(known["digest"]))


SNAPSHOT_DIGEST_BLOCK = 1 << 20
SNAPSHOT_DIGEST = (
    "const {createHash} = require('node:crypto');"
    "const raw = require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(0));"
    "const sha = (bytes) => createHash('sha256').update(bytes).digest();"
    "const blocks = [];"
    f"for (let at = 0; at < raw.length; at += {SNAPSHOT_DIGEST_BLOCK}) "
    f"blocks.push(sha(raw.subarray(at, at + {SNAPSHOT_DIGEST_BLOCK})));"
    "process.stdout.write(sha(Buffer.concat(blocks)).toString('hex'));"
)
"""Node script: the digest of the brotli stream on stdin, unpacked: the SHA-256 of the
concatenated SHA-256s of its 1 MiB blocks (the last one shorter).  As strong as SHA-256
of the whole (a hash list), but the page's worker hashes each block as soon as it is
unpacked (``crypto.subtle``, off its thread, in parallel with the unpacking), so the check
ends a moment after the last chunk instead of adding a 30 MiB hash (~30-60 ms here) to
the start-up; SHA-256 because browsers compute it natively, where a cheaper
non-cryptographic hash would run in JS or wasm, slower.  Pinned by
``site/snapshot-worker.mjs`` (``HASH_BLOCK``)."""


def snapshot_digest(node: str, packed: Path) -> str:
    """The digest (:data:`SNAPSHOT_DIGEST`) of the brotli-compressed snapshot ``packed``
    once unpacked (by Node, whose zlib has brotli; Python's standard library has none)."""
    done = subprocess.run(
        [node, "-e", SNAPSHOT_DIGEST], input=packed.read_bytes(), capture_output=True, check=True
    )
    digest = done.stdout.decode().strip()
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise SystemExit(f"cannot hash the snapshot {packed.name}: {done.stderr.decode()[-500:]}")
    return digest


def _run_snapshot_maker(
    node: str,
    pyodide_dir: Path,
    wheel: Path,
    warmup: str,
    modules: list[tuple[str, str]],
    out: Path,
) -> None:
    """Run the Node snapshot maker (``modules``: page modules as ``(name, path)``); it
    writes the compressed snapshot to ``out``."""
    started = time.monotonic()
    out.parent.mkdir(parents=True, exist_ok=True)
    for old in out.parent.glob("snapshot-*"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="snapshot-") as tmp:
        packed = Path(tmp) / "snapshot.bin.br"
        script = Path(tmp) / "warmup.py"
        script.write_text(warmup)
        env = {
            **os.environ,
            "PAISHO_PYODIDE_DIR": str(pyodide_dir),
            "PAISHO_WHEEL": str(wheel),
            "PAISHO_WARMUP": str(script),
            "PAISHO_SNAPSHOT": str(packed),
            "PAISHO_BROTLI_QUALITY": str(SNAPSHOT_BROTLI_QUALITY),
            "PAISHO_PAGE_MODULES": json.dumps(modules),
        }
        proc = subprocess.run(
            [node, "--input-type=module"], input=SNAPSHOT_MAKER, text=True,
            env=env, capture_output=True, cwd=tmp,
        )
        if proc.returncode != 0 or not packed.is_file():
            tail = "\n".join(proc.stderr.strip().splitlines()[-15:])
            raise SystemExit(f"snapshot maker failed ({proc.returncode}):\n{tail[-3000:]}")
        for line in proc.stderr.splitlines():
            if line.startswith("snapshot:"):
                log(line)
        shutil.move(packed, out)
        shutil.move(packed.with_name(packed.name + ".json"), out.with_name(out.name + ".json"))
    log(f"memory snapshot: {out.stat().st_size / 1e6:.2f} MB, {time.monotonic() - started:.1f} s")


# --------------------------------------------------------------------------- serve


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
        if self.on_request is not None:
            self.on_request(self.command, self.path)
        path = self._resolve(self.path.split("?", 1)[0].split("#", 1)[0])
        if path is None:
            self.send_error(404, "not found")
            self._sent(404, 0)
            return
        stat = path.stat()
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
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


def make_server(
    roots: Iterable[Path] = (DIST,),
    port: int = 8000,
    host: str = "127.0.0.1",
    mount: str = "/",
    on_request: RequestLog | None = None,
    on_response: ResponseLog | None = None,
) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for the built site (files looked up in ``roots`` in order).

    ``mount`` serves the site under a sub-path (``/repo/``), as GitHub Pages does.
    """
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
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


def serve(port: int) -> int:
    """Build, then serve ``dist/`` until interrupted; return the exit status."""
    build()
    return serve_built(port)


def serve_built(port: int) -> int:
    """Serve the built ``dist/`` on ``port`` until interrupted (2 if the port is busy).

    The "Serving on …" line is flushed at once, so a script or a log reading the pipe
    sees it; a busy port is one plain line on stderr, not a traceback.
    """
    try:
        server = make_server(port=port)
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


# --------------------------------------------------------------------------- test


DEBIAN_CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
"""Flags for Debian's /usr/bin/chromium on a machine with no network but the registries
(used by the e2e tests and the start-up benchmark)."""


def playwright_chromium() -> Path | None:
    """Playwright's own Chromium, if one is installed."""
    default = Path.home() / ".cache" / "ms-playwright"
    base = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or default)
    patterns = (
        "chromium-*/chrome-linux*/chrome",
        "chromium_headless_shell-*/*/chrome-headless-shell",
    )
    for pattern in patterns:
        found = sorted(base.glob(pattern))
        if found:
            return found[-1]
    return None


def ensure_browser() -> None:
    """Make sure a Chromium exists: Playwright's, or Debian's (installed when root)."""
    if playwright_chromium() is not None or Path("/usr/bin/chromium").exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        log("installing Debian's chromium")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.check_call(["apt-get", "update"], env=env)
        subprocess.check_call(["apt-get", "install", "-y", "chromium"], env=env)
        return
    raise SystemExit("no Chromium: run `playwright install chromium` or install Debian's chromium")


VENV = ROOT / ".venv"
"""The project's own virtual environment for the test tools (git-ignored)."""


def venv_python() -> Path:
    """The Python of the project's virtual environment."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_project_venv() -> bool:
    """Tell whether this process already runs in the project's virtual environment."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def create_venv() -> None:
    """Make ``.venv/`` with pip; on Debian/Ubuntu install ``python3-venv`` first if needed."""
    import venv

    log(f"creating the project's virtual environment in {VENV.name}/")
    try:
        venv.create(VENV, with_pip=True, clear=True)
        return
    except subprocess.CalledProcessError:
        pass  # Debian's Python without ensurepip: the python3-venv package brings it
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        raise SystemExit(
            "cannot create a virtual environment: this Python has no ensurepip. "
            "Install your system's venv package (Debian/Ubuntu: sudo apt-get install "
            "python3-venv) and run this command again."
        )
    package = f"python3.{sys.version_info.minor}-venv"
    log(f"installing {package} (this Python lacks ensurepip)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.check_call([apt, "update"], env=env)
    subprocess.check_call([apt, "install", "-y", package], env=env)
    venv.create(VENV, with_pip=True, clear=True)


def ensure_venv() -> Path:
    """Make (once) and update the project's virtual environment; return its Python.

    The test tools are installed there, never into the Python that runs this script,
    so the command also works where the system Python refuses ``pip install``
    (PEP 668).  A stamp of ``pyproject.toml`` decides when to reinstall.
    """
    python = venv_python()
    stamp = VENV / ".paisho-stamp"
    wanted = sha256_bytes((ROOT / "pyproject.toml").read_bytes())
    if not python.exists():
        create_venv()
    if not (stamp.is_file() and stamp.read_text() == wanted):
        log("installing the test tools into .venv/ (pip install -e '.[test]')")
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        run([str(python), "-m", "pip", "install", "--quiet", "-e", ".[test]"])
        stamp.write_text(wanted)
    return python


def test(pytest_args: list[str]) -> int:
    """Set up, build, then run ruff, mypy and pytest; return non-zero if any failed.

    Run with any Python >= 3.11: it re-runs itself inside the project's virtual
    environment (:func:`ensure_venv`), leaving the calling Python untouched.
    """
    if not in_project_venv():
        python = ensure_venv()
        return subprocess.call([str(python), str(ROOT / "build.py"), "test", *pytest_args])
    ensure_browser()
    build()
    steps = [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy"],
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *MY_SCRIPTS],
        [sys.executable, "-m", "pytest", "tests", *pytest_args],
    ]
    os.environ["PAISHO_DIST_PREBUILT"] = "1"  # the tests reuse this dist/
    # as if activated: the tools' console scripts (actionlint, …) are on PATH
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]
    failed = [" ".join(cmd[2:]) for cmd in steps if run(cmd, check=False) != 0]
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
        return 1
    print("all checks passed", flush=True)
    return 0


# --------------------------------------------------------------------------- cli


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run ``build``, ``serve`` or ``test``."""
    if sys.version_info < (3, 11):  # noqa: UP036 (run by whatever python3 a user has)
        raise SystemExit(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]})")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "command", nargs="?", default="build", choices=("build", "serve", "test", "setup")
    )
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--no-snapshot", action="store_true", help="skip the memory snapshot")
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":
        return test(rest)
    if args.command == "setup":  # the test command's first step alone (CI caches, IDEs)
        ensure_venv()
        return 0
    if rest:
        parser.error(f"unknown arguments: {' '.join(rest)}")
    if args.command == "serve":
        return serve(args.port)
    else:
        build(snapshot=not args.no_snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
