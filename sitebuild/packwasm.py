"""Pyodide's wasm module, brotli-compressed for a first visit (``pyodide.asm.wasm.br``).

GitHub Pages sends the module gzipped (3.5 MB); brotli at its highest quality makes it
2.8 MB.  Pages serves no precompressed file in place of another, so the site ships the
compressed copy under its own name and a page's snapshot worker unpacks it
(``site/snapshot-worker.mjs``); the unpacked module then goes to the service worker's
cache under the module's own address, which later visits read.  The plain module stays
in ``dist/`` for a page that cannot unpack the copy, and for the precache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .common import USER_CACHE, log, say, sha256_bytes

WASM = "pyodide.asm.wasm"
PACKED = WASM + ".br"
"""The compressed copy's name, next to the module in ``dist/pyodide/``."""
KEPT = 4
"""How many compressed modules :data:`~sitebuild.common.USER_CACHE` keeps (the newest)."""

BROTLI = (
    "const z = require('node:zlib'); const fs = require('node:fs');"
    "const raw = fs.readFileSync(0);"
    "fs.writeSync(1, z.brotliCompressSync(raw, {params: {"
    "[z.constants.BROTLI_PARAM_QUALITY]: 11, [z.constants.BROTLI_PARAM_LGWIN]: 24,"
    "[z.constants.BROTLI_PARAM_SIZE_HINT]: raw.length}}));"
)
"""Node script: stdin brotli-compressed (quality 11, a 16 MiB window) to stdout (Python's
standard library has no brotli)."""


def pack_wasm(pyodide_dir: Path) -> str | None:
    """Write ``pyodide.asm.wasm.br`` next to the module in ``pyodide_dir`` (from the cache
    when it holds the copy of this very module: ~40 s of CPU otherwise); return its name,
    or ``None`` without Node (pages then download the module itself)."""
    node = shutil.which("node")
    if node is None:
        log("WARNING: no node: the wasm is shipped uncompressed only")
        return None
    data = (pyodide_dir / WASM).read_bytes()
    cached = USER_CACHE / "packed" / f"{sha256_bytes(data + BROTLI.encode())}.br"
    if cached.is_file():
        shutil.copy2(cached, pyodide_dir / PACKED)
        return PACKED
    say(f"compressing {WASM} (brotli quality 11)")
    done = subprocess.run([node, "-e", BROTLI], input=data, capture_output=True, check=True)
    (pyodide_dir / PACKED).write_bytes(done.stdout)
    _store(cached, done.stdout)
    return PACKED


def _store(path: Path, data: bytes) -> None:
    """Keep ``data`` in the cache at ``path`` (written through a temporary name: a reader
    sees all or nothing), and the newest :data:`KEPT` files of its folder; a cache that
    cannot be written is only a warning."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
        olds = sorted(path.parent.glob("*.br"), key=lambda p: p.stat().st_mtime)
        for old in olds[:-KEPT]:
            old.unlink(missing_ok=True)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        log(f"WARNING: compressed wasm not cached in {path.parent}: {exc}")
