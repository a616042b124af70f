/* PyScript's `interpreter` for the Pai Sho site: Pyodide booted from a memory snapshot.
 *
 * pyscript.json names this module as its interpreter; build.py copies it next to the
 * vendored pyodide.mjs (PyScript takes Pyodide's indexURL from this module's folder) and
 * fills SNAPSHOT with the file name of the gzipped snapshot it made for this exact
 * Pyodide build, with `paisho_core` imported and the board renderer warmed up.
 *
 * The snapshot download starts as soon as this module is evaluated.  Booting from it
 * skips CPython's start-up; if the snapshot is missing, stale (another Pyodide build) or
 * fails to restore, Pyodide boots normally: same result, only slower.  Which way it went
 * is exposed as `window.__paishoBoot` ("snapshot" or "fallback") and `<html data-boot>`;
 * the interpreter itself as `window.__paishoPyodide` (for tests and the console).
 */
import { loadPyodide as loadPlainPyodide, version } from "./pyodide.mjs";

export { version };

/** Build id of the site, and the snapshot's file name next to this module (or null). */
const BUILD_ID = "__BUILD_ID__";
const SNAPSHOT = "__SNAPSHOT__";

/** Python run after a restore to undo what the snapshot froze (see restoreFreshState). */
const AFTER_RESTORE = `
import os, random, sys
random.seed()
os.environ["LANG"] = LANG
os.environ["_"] = "./this.program"
sys.executable = "/home/pyodide/this.program"
del LANG
`;

const snapshotBytes = SNAPSHOT ? fetchSnapshot(new URL(SNAPSHOT, import.meta.url)) : null;
// A failed download is handled by loadPyodide below; do not report it as unhandled.
snapshotBytes?.catch(() => {});

/** Download and gunzip the snapshot (DecompressionStream: gzip is supported everywhere). */
async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`snapshot ${url.pathname}: HTTP ${response.status}`);
  }
  const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

/** The LANG value Pyodide derives from the browser's language (as a normal boot does). */
function browserLang() {
  const lang = (navigator.languages && navigator.languages[0]) || "C";
  return `${lang.replace("-", "_")}.UTF-8`;
}

/** Reseed `random` and reset the values the snapshot carried from where it was made. */
function restoreFreshState(pyodide) {
  const globals = pyodide.toPy({ LANG: browserLang() });
  try {
    pyodide.runPython(AFTER_RESTORE, { globals });
  } finally {
    globals.destroy();
  }
}

/** Boot from the snapshot; resolve to null (after a warning) if that is not possible. */
async function loadFromSnapshot(options) {
  try {
    const pyodide = await loadPlainPyodide({ ...options, _loadSnapshot: snapshotBytes });
    restoreFreshState(pyodide);
    return pyodide;
  } catch (error) {
    console.warn(`Pai Sho: snapshot boot failed (build ${BUILD_ID}), booting normally:`, error);
    return null;
  }
}

/** PyScript's entry point: Pyodide from the snapshot when possible, else a normal boot. */
export async function loadPyodide(options = {}) {
  const restored = snapshotBytes ? await loadFromSnapshot(options) : null;
  const pyodide = restored ?? (await loadPlainPyodide(options));
  globalThis.__paishoBoot = restored ? "snapshot" : "fallback";
  globalThis.__paishoPyodide = pyodide; // for tests and the console
  if (typeof document !== "undefined") {
    document.documentElement.dataset.boot = globalThis.__paishoBoot;
  }
  return pyodide;
}
