"""The Pyodide memory snapshot the pages (and the search worker) boot from: made with Node from
the staged files, brotli-compressed, with its digest.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from .common import CACHE, ROOT, SITE, USER_CACHE, log, say, sha256_bytes
from .pages import script_sources
from .vendor import stdlib_keeps


class SnapshotFile(NamedTuple):
    """The memory snapshot shipped in ``dist/pyodide/``."""

    name: str
    """File name (content-hashed), e.g. ``snapshot-0123456789abcdef.bin.br``."""
    raw_bytes: int
    """Its size unpacked: the page allocates Pyodide's memory before the bytes arrive."""
    digest: str
    """The unpacked bytes' digest (hex, see :data:`SNAPSHOT_DIGEST`): the page's snapshot
    worker restores no copy (downloaded or kept) with another."""




SNAPSHOT_MAKER = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const env = process.env;
const { loadPyodide } = await import(pathToFileURL(env.PAISHO_PYODIDE_DIR + "/pyodide.mjs"));
const log = (line) => process.stderr.write(line + "\n");
const progress = (doing) => log("progress: " + doing);  // build.py shows it (say)
progress("starting Pyodide in Node");
const pyodide = await loadPyodide({
  indexURL: env.PAISHO_PYODIDE_DIR + "/",
  _makeSnapshot: true,
  args: JSON.parse(env.PAISHO_PYTHON_ARGS),
  stdout: log,
  stderr: log,
});
const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
progress("installing the wheel and the page modules");
const wheel = new Uint8Array(readFileSync(env.PAISHO_WHEEL));
pyodide.unpackArchive(wheel, "wheel", { extractDir: purelib });
// The page modules, where PyScript writes them too (its "files", in the home folder).
for (const [name, path] of JSON.parse(env.PAISHO_PAGE_MODULES)) {
  pyodide.FS.writeFile(`/home/pyodide/${name}`, readFileSync(path));
}
progress("importing the engine and the page modules (warm-up)");
pyodide.runPython(readFileSync(env.PAISHO_WARMUP, "utf8"));
progress("zeroing the free memory");
const zeroed = zeroFreeMemory(pyodide._module) + zeroFreeStack(pyodide._module);
progress("taking the memory snapshot");
const snapshot = pyodide.makeMemorySnapshot();
// What the wasm module's data section writes at instantiation, XOR-ed in: zeros where
// the memory still holds it (see site/wasm-data.mjs, which the page uses to undo it).
const { dataImage, xorImage } = await import(pathToFileURL(env.PAISHO_WASM_DATA));
const wasm = readFileSync(env.PAISHO_PYODIDE_DIR + "/pyodide.asm.wasm");
xorImage(snapshot, dataImage(new Uint8Array(wasm)));
const mib = (snapshot.length / 2 ** 20).toFixed(1);
progress(`compressing ${mib} MiB (brotli quality ${env.PAISHO_BROTLI_QUALITY}: the longest part)`);
const packed = brotliCompressSync(snapshot, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: Number(env.PAISHO_BROTLI_QUALITY),
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: snapshot.length,
  },
});
progress(`writing ${(packed.length / 2 ** 20).toFixed(1)} MiB`);
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

/* Zero the C stack below its pointer: the frames of calls that have returned (the stack
 * grows down from its base to its end), garbage that nothing reads again. */
function zeroFreeStack(module) {
  const end = module._emscripten_stack_get_end?.();
  const current = module._emscripten_stack_get_current?.();
  if (!end || !current || current <= end) return 0;
  module.HEAPU8.fill(0, end, current - 256);
  return current - 256 - end;
}
"""
"""Node script that boots the vendored Pyodide, installs the wheel, runs the warm-up,
zeroes the free heap and writes the snapshot, brotli-compressed.  Fed on stdin, so
Pyodide sees no script path (``sys.executable`` stays ``/home/pyodide/this.program``,
as in a browser)."""

WASM_DATA = "wasm-data.mjs"
"""The module (``site/wasm-data.mjs``, next to Pyodide in ``dist/``) that reads the wasm
module's data image: the maker XORs it into the snapshot, the pages XOR it out."""

PYTHON_ARGS = ("-OO", "-X", "no_debug_ranges")
"""Python's command-line options in the snapshot's interpreter (kept by the pages that
restore it): no docstrings and no ``assert`` (``-OO``), and code objects without column
positions (tracebacks name the line, without ``^^^`` under the failing part).  A smaller
heap: the snapshot ships ~0.8 MB less.  Every ``assert`` in the site's code only narrows
a type for mypy; the tests run them under CPython."""

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
from paisho_page.words import cards
import paisho_core.worker  # the search worker boots from this snapshot too
for variant in registry.variant_names():
    try:
        # every entry point of its spec: game, link coder, computer (the search
        # worker's), tile facts (the tile card), set-up rules, tile art
        registry.preload(variant)
        linkcode.coder_for(registry.get_variant(variant))
        cards.words_of(variant)  # the tile card's words
        for fact in registry.tile_facts(variant):  # (its cards in English, worded once)
            cards.card(variant, fact.code)
    except ImportError as exc:
        print(f"snapshot: variant {{variant}} not preloaded ({{exc!r}})")
render.render_svg(registry.new_game(registry.default_variant()))
sys._paisho_snapshot_modules = frozenset(sys.modules)
gc.collect()
gc.freeze()  # these live as long as the page: collections skip them (site/dom.py)
"""
"""Python run before the snapshot: the modules pages import, the page modules themselves
(all but the entry scripts), every variant with its link coder, its computer and its tile
cards, the search worker's entry module (``site/search-worker.mjs`` boots from this
snapshot) and one render; then every object is frozen (``gc.freeze``: collections in
the page skip them).  (A short game through the page logic is played by the page itself
once idle, :mod:`paisho_page.play.rehearsal`: in the snapshot it would make every first
visit larger.)
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

LAZY_STDLIB = """
import importlib, sys, zipimport

class _PaishoLazyStdlib:
    \"\"\"On the first import of a standard-library module the snapshot does not hold,
    has the page download the library's archive (a page booted from the snapshot gets an
    empty one), then lets the import go on.\"\"\"
    armed = True
    archive = next(path for path in sys.path if path.endswith(".zip"))
    names = frozenset(
        entry.split("/")[0].removesuffix(".py") for entry in zipimport._zip_directory_cache[archive]
    )

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if cls.armed and name.partition(".")[0] in cls.names:
            import js
            load = getattr(js, "__paishoLoadStdlib", None)
            if load is not None and load(cls.archive):
                cls.armed = False
                sys._paisho_stdlib_loads.append(name)
                importlib.invalidate_caches()
        return None

sys._paisho_stdlib_loads = []
sys.meta_path.insert(0, _PaishoLazyStdlib)
del _PaishoLazyStdlib
"""
"""Warm-up part, last: a finder, first on ``sys.meta_path``, for the standard library's
archive.  The pages restore the snapshot without that archive (1.3 MB less to download:
what they import is in the snapshot already); on the first import of a module of it that
the snapshot lacks, the finder has ``interpreter.mjs`` download it
(``__paishoLoadStdlib``, synchronously) and write it where Pyodide keeps it, then lets
the import go on.  ``sys._paisho_stdlib_loads`` names the imports that needed it (tests).
It stays in ``sys.meta_path`` (removing a finder while an import walks the list would
skip the next one), disarmed once the archive is there."""

BROWSER_ONLY_MODULES = frozenset({"pyscript", "js", "pyodide", "micropip"})
"""Top-level modules the warm-up must not import in Node (they hold browser objects)."""


def imported_names(folder: Path) -> set[str]:
    """Every module that a Python file under ``folder`` imports by absolute name,
    function-local imports included."""
    import ast

    found: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return found


def site_imports(site: Path = SITE) -> list[str]:
    """Modules that the site's Python files import (absolute imports, sorted)."""
    skip = BROWSER_ONLY_MODULES | {p.stem for p in site.rglob("*.py")}
    return sorted(name for name in imported_names(site) if name.split(".")[0] not in skip)


PYTHON_PACKAGES = ("paisho_core", "paisho_page")
"""The packages of the wheel (the site's own modules are :func:`site_imports`)."""


def stdlib_imports(site: Path = SITE) -> list[str]:
    """The standard-library modules that the wheel's packages and the site's modules
    import anywhere (function-local imports included) and that the trimmed library ships:
    the warm-up imports them all, so that no page's own code ever needs the library's
    archive (see :data:`LAZY_STDLIB`)."""
    import sys

    found = imported_names(site)
    for package in PYTHON_PACKAGES:
        found |= imported_names(ROOT / package)

    def shipped(name: str) -> bool:
        path = name.replace(".", "/")
        return stdlib_keeps(path + ".py") and stdlib_keeps(path + "/__init__.py")

    return sorted(
        name for name in found if name.split(".")[0] in sys.stdlib_module_names and shipped(name)
    )


def page_modules(stage: Path) -> list[str]:
    """The site's Python modules in ``stage``'s root that pages import (not the entry
    scripts that PyScript runs), e.g. ``["dom.py", "game_page.py", ...]``."""
    entry_points = script_sources(stage)
    return sorted(
        p.name for p in stage.glob("*.py") if p.name not in entry_points
    )


def warmup_script(stage: Path, pages: list[str]) -> str:
    """The Python the snapshot maker runs before taking the snapshot: :data:`WARMUP` for
    the site's imports, the standard-library modules its code imports and the page
    modules ``pages``, then PyScript's package compiled (:data:`PRECOMPILE`) and the lazy
    standard library (:data:`LAZY_STDLIB`), both before the list of imported modules."""
    warmup = WARMUP.format(
        modules=sorted({*site_imports(), *stdlib_imports(), *WHEEL_INSTALL_MODULES}),
        page_modules=[Path(name).stem for name in pages],
    )
    mark = "sys._paisho_snapshot_modules ="
    sources = pyscript_sources(stage)
    if sources:  # imports nothing
        precompile = PRECOMPILE.format(sources=sources, home=PYSCRIPT_HOME)
        warmup = warmup.replace(mark, precompile.lstrip("\n") + mark)
    return warmup.replace(mark, LAZY_STDLIB.lstrip("\n") + mark)


def make_snapshot(stage: Path, wheel_url: str) -> SnapshotFile | None:
    """Make (or reuse) the brotli-compressed memory snapshot and copy it to ``pyodide/``.

    The snapshot is tied to the exact ``pyodide.asm.wasm``/``.mjs`` build, so it is made
    from the staged files themselves, with Node, and named after a hash of everything
    that goes into it (:func:`snapshot_key`): a new Pyodide, wheel or warm-up gives a new
    file name.  It is cached in ``build/`` and, for other clones, in
    :data:`~sitebuild.common.USER_CACHE` (made only when neither holds a whole copy).
    Returns ``None`` (pages then boot normally) when Node is missing.
    """
    node = shutil.which("node")
    if node is None:
        log("WARNING: no node: site built without a memory snapshot")
        return None
    pyodide_dir = stage / "pyodide"
    wheel = stage / wheel_url
    pages = page_modules(stage)
    warmup = warmup_script(stage, pages)
    key = snapshot_key(node, stage, wheel, warmup, pages)
    name = f"snapshot-{key[:16]}.bin.br"
    cached = CACHE / "snapshots" / name
    found = cached_snapshot(cached) or _reuse_shared(key, cached)
    if found is None:
        modules = [(name, str(stage / name)) for name in pages]
        with tempfile.TemporaryDirectory(prefix="snapshot-") as tmp:
            packed = Path(tmp) / "snapshot.bin.br"
            raw_bytes = _run_snapshot_maker(node, pyodide_dir, wheel, warmup, modules, packed)
            say("checking the unpacked snapshot's digest")
            found = CachedSnapshot(packed, raw_bytes, snapshot_digest(node, packed))
            _store_snapshot(found, cached, prune=True)
            _share_snapshot(found, key)
    shutil.copy2(cached, pyodide_dir / name)
    return SnapshotFile(name, found.raw_bytes, found.digest)


PYODIDE_INPUTS = (
    "pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip", "pyodide-lock.json",
    WASM_DATA,
)
"""The staged files of ``pyodide/`` the snapshot maker reads."""


def snapshot_key(node: str, stage: Path, wheel: Path, warmup: str, pages: list[str]) -> str:
    """The hex digest of everything that goes into the snapshot: the maker script, the
    warm-up, the brotli quality, Python's options, Node's version, the page modules, the
    staged Pyodide files (:data:`PYODIDE_INPUTS`) and the wheel."""
    digest = hashlib.sha256(SNAPSHOT_MAKER.encode() + warmup.encode())
    digest.update(str(SNAPSHOT_BROTLI_QUALITY).encode() + json.dumps(PYTHON_ARGS).encode())
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    digest.update(b"node " + version.stdout.strip().encode())
    for name in pages:
        digest.update(name.encode() + sha256_bytes((stage / name).read_bytes()).encode())
    for part in PYODIDE_INPUTS:
        path = stage / "pyodide" / part
        if path.is_file():
            digest.update(part.encode() + sha256_bytes(path.read_bytes()).encode())
    digest.update(sha256_bytes(wheel.read_bytes()).encode())
    return digest.hexdigest()


SHARED_NAME = "snapshot.bin.br"
"""The snapshot's file name in its folder of :data:`~sitebuild.common.USER_CACHE`
(``snapshots/<key>/``, beside its facts, ``snapshot.bin.br.json``)."""
SHARED_KEPT = 4
"""How many snapshots :data:`~sitebuild.common.USER_CACHE` keeps (the newest): clones on
other branches may need other ones."""


class CachedSnapshot(NamedTuple):
    """A snapshot file with its facts (kept beside it as JSON, see :func:`cached_snapshot`)."""

    path: Path
    raw_bytes: int
    digest: str


def cached_snapshot(packed: Path) -> CachedSnapshot | None:
    """The cached snapshot ``packed`` with its facts (``packed.json``: ``rawBytes``,
    ``digest``, and the packed bytes' ``sha256``), or ``None`` unless both files are there,
    the facts whole and the packed bytes the ones they describe (a cache entry cut short
    or damaged is ignored, and made again)."""
    try:
        known = json.loads(packed.with_name(packed.name + ".json").read_text())
        data = packed.read_bytes()
    except (OSError, ValueError):
        return None
    if not (
        isinstance(known, dict)
        and isinstance(known.get("rawBytes"), int)
        and isinstance(known.get("digest"), str)
        and re.fullmatch(r"[0-9a-f]{64}", known["digest"])
        and known.get("sha256") == sha256_bytes(data)
    ):
        return None
    return CachedSnapshot(packed, known["rawBytes"], known["digest"])


def _store_snapshot(snapshot: CachedSnapshot, out: Path, prune: bool) -> None:
    """Copy ``snapshot`` to ``out`` with its facts (``out.json``), each written to a
    temporary name and renamed, the facts last: a reader sees a whole entry or none.
    ``prune`` deletes the other snapshots in ``out``'s folder."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if prune:
        for old in out.parent.glob("snapshot-*"):
            if old.name not in (out.name, out.name + ".json"):
                old.unlink(missing_ok=True)
    data = snapshot.path.read_bytes()
    facts = {"rawBytes": snapshot.raw_bytes, "digest": snapshot.digest}
    facts["sha256"] = sha256_bytes(data)
    _atomic_write(out, data)
    _atomic_write(out.with_name(out.name + ".json"), json.dumps(facts).encode())


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in its folder and a rename."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.fchmod(fd, 0o644)  # as a plain copy would be (mkstemp's are private)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _reuse_shared(key: str, out: Path) -> CachedSnapshot | None:
    """Copy the snapshot ``key`` from :data:`~sitebuild.common.USER_CACHE` to ``out`` and
    return it there, if that cache holds a whole copy (else ``None``)."""
    shared = cached_snapshot(USER_CACHE / "snapshots" / key / SHARED_NAME)
    if shared is None:
        return None
    try:
        _store_snapshot(shared, out, prune=True)
    except FileNotFoundError:  # pruned meanwhile by another build
        return None
    with contextlib.suppress(OSError):  # recently used: pruned last
        os.utime(shared.path.parent)
    log(f"memory snapshot reused from {shared.path.parent}")
    return cached_snapshot(out)


def _share_snapshot(snapshot: CachedSnapshot, key: str) -> None:
    """Keep a copy of a new snapshot in :data:`~sitebuild.common.USER_CACHE` for other
    clones (best effort: a cache that cannot be written is only a warning), keeping the
    newest :data:`SHARED_KEPT`."""
    shared = USER_CACHE / "snapshots"
    try:
        _store_snapshot(snapshot, shared / key / SHARED_NAME, prune=False)
        folders = sorted(
            (p for p in shared.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime
        )
        for old in folders[:-SHARED_KEPT]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        log(f"WARNING: memory snapshot not cached in {shared}: {exc}")


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


def maker_error(stderr: str) -> str:
    """The useful part of the snapshot maker's ``stderr``: the Python traceback when there
    is one (else the last lines), each line cut to 300 characters (Pyodide's minified
    source fills whole lines)."""
    text = stderr.strip()
    start = text.rfind("Traceback (most recent call last)")
    lines = text[start:].splitlines()[:40] if start >= 0 else text.splitlines()[-15:]
    return "\n".join(line if len(line) <= 300 else line[:300] + " …" for line in lines)


PROGRESS = "progress: "
"""How the snapshot maker's stderr lines that say what it is doing begin."""


def follow_progress(proc: subprocess.Popen[str], stderr: Path, poll: float = 0.25) -> int:
    """Wait for ``proc``, passing each :data:`PROGRESS` line it writes to ``stderr`` (a
    file) on to :func:`~sitebuild.common.say` as it comes; return its exit code."""
    with stderr.open(encoding="utf-8", errors="replace") as lines:
        pending = ""
        while True:
            code = proc.poll()
            pending += lines.read()
            *complete, pending = pending.split("\n")
            for line in complete:
                if line.startswith(PROGRESS):
                    say(line[len(PROGRESS):])
            if code is not None:
                return code
            time.sleep(poll)


def _run_snapshot_maker(
    node: str,
    pyodide_dir: Path,
    wheel: Path,
    warmup: str,
    modules: list[tuple[str, str]],
    out: Path,
) -> int:
    """Run the Node snapshot maker (``modules``: page modules as ``(name, path)``); it
    writes the compressed snapshot to ``out``.  Returns the snapshot's size unpacked."""
    started = time.monotonic()
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
            "PAISHO_PYTHON_ARGS": json.dumps(PYTHON_ARGS),
            "PAISHO_WASM_DATA": str(pyodide_dir / WASM_DATA),
            "PAISHO_PAGE_MODULES": json.dumps(modules),
        }
        errors = Path(tmp) / "stderr.txt"  # a file: Node's exit cuts a pipe at 64 KiB
        with errors.open("w", encoding="utf-8") as err:
            proc = subprocess.Popen(
                [node, "--input-type=module"], stdin=subprocess.PIPE, text=True,
                env=env, stdout=subprocess.DEVNULL, stderr=err, cwd=tmp,
            )
            assert proc.stdin is not None
            with proc.stdin:
                proc.stdin.write(SNAPSHOT_MAKER)
            returncode = follow_progress(proc, errors)
        stderr = errors.read_text(encoding="utf-8", errors="replace")
        facts = packed.with_name(packed.name + ".json")
        if returncode != 0 or not packed.is_file() or not facts.is_file():
            raise SystemExit(f"snapshot maker failed ({returncode}):\n{maker_error(stderr)}")
        for line in stderr.splitlines():
            if line.startswith("snapshot:"):
                log(line)
        raw_bytes = int(json.loads(facts.read_text())["rawBytes"])
        shutil.move(packed, out)
    log(f"memory snapshot: {out.stat().st_size / 1e6:.2f} MB, {time.monotonic() - started:.1f} s")
    return raw_bytes
