/* PyScript's `interpreter` for the Pai Sho site: Pyodide booted from a memory snapshot.
 *
 * pyscript.json names this module as its interpreter; build.py copies it next to the
 * vendored pyodide.mjs (PyScript takes Pyodide's indexURL from this module's folder) and
 * fills SNAPSHOT with the file name of the snapshot it made for this exact Pyodide build,
 * with `paisho_core` imported and the board renderer warmed up.  The snapshot is
 * brotli-compressed (a third smaller than gzip) and unpacked off the main thread by
 * snapshot-worker.mjs.
 *
 * Pages also load this module with a <script type="module"> ahead of PyScript (same URL,
 * so one instance), so the snapshot download starts as soon as the page is parsed.
 * Booting from it skips CPython's start-up; if the snapshot is missing, stale (another Pyodide build) or
 * fails to restore, Pyodide boots normally: same result, only slower.  Which way it went
 * is exposed as `window.__paishoBoot` ("snapshot" or "fallback") and `<html data-boot>`;
 * the interpreter itself as `window.__paishoPyodide` (for tests and the console).
 */
import { loadPyodide as loadPlainPyodide, version } from "./pyodide.mjs";

export { version };

/** Build id of the site, and the snapshot's file name next to this module (or null). */
const BUILD_ID = "__BUILD_ID__";
const SNAPSHOT = "__SNAPSHOT__";
/** The snapshot's size unpacked (the memory Pyodide must allocate for it). */
const SNAPSHOT_BYTES = "__SNAPSHOT_BYTES__";

/** Python run after a restore to undo what the snapshot froze (see restoreFreshState). */
const AFTER_RESTORE = `
import os, random, sys
random.seed()
os.environ["LANG"] = LANG
os.environ["_"] = "./this.program"
sys.executable = "/home/pyodide/this.program"
del LANG
`;

const snapshotBytes = SNAPSHOT ? unpackInWorker(new URL(SNAPSHOT, import.meta.url)) : null;
// A failed download is handled by loadPyodide below; do not report it as unhandled.
snapshotBytes?.catch(() => {});

/** Download and unpack the snapshot in snapshot-worker.mjs; resolve to its bytes. */
function unpackInWorker(url) {
  return new Promise((resolve, reject) => {
    const script = new URL(`./snapshot-worker.mjs?v=${BUILD_ID}`, import.meta.url);
    const worker = new Worker(script, { type: "module" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data.error) {
        reject(new Error(data.error));
      } else {
        resolve(data.bytes);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`snapshot worker: ${event.message || "failed to start"}`));
    };
    worker.postMessage({ url: url.href });
  });
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

/** Boot from the snapshot; resolve to null (after a warning) if that is not possible.
 *
 * Pyodide waits for the snapshot's bytes before it even starts compiling its wasm (it
 * sizes the memory from them).  So Pyodide gets an empty buffer of the snapshot's known
 * size at once, and its module factory is wrapped to fill that buffer after the wasm is
 * compiled and instantiated: the compile and the snapshot's unpacking overlap.
 */
async function loadFromSnapshot(options) {
  try {
    const snapshot = new Uint8Array(SNAPSHOT_BYTES);
    const { default: createModule } = await import("./pyodide.asm.mjs");
    const createPyodideModule = async (settings) => {
      const module = await createModule(settings);
      const bytes = await snapshotBytes;
      if (bytes.length !== snapshot.length) {
        throw new Error(`snapshot has ${bytes.length} bytes, expected ${snapshot.length}`);
      }
      snapshot.set(bytes);
      return module;
    };
    const pyodide = await loadPlainPyodide({
      ...options,
      _loadSnapshot: snapshot,
      createPyodideModule,
    });
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
