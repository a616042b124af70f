"""Pyodide, PyScript and the brotli decoder from the pinned npm packages: ``npm ci`` when
needed, and the runtime files copied (and Python's standard library trimmed) into the site.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

from .common import NODE_MODULES, ROOT, log, run, sha256_bytes

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
imports and the fallback boot.  ``tests/build/test_build.py`` checks that no kept module, page
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
