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
 * so one instance), so the snapshot download starts as soon as the page is parsed.  The
 * computer's search worker (search-worker.mjs) imports it too and boots the same way, in
 * its own thread, with its own snapshot worker.
 * Booting from it skips CPython's start-up; if the snapshot is missing, stale (another
 * Pyodide build) or fails to restore, Pyodide boots normally: same result, only slower.
 * Which way it went is exposed as `window.__paishoBoot` ("snapshot" or "fallback") and
 * `<html data-boot>`, where the snapshot came from as `window.__paishoSnapshotSource`
 * ("packed" or "unpacked"), whether it was kept for the next visit as
 * `window.__paishoKept`, the promise of dropping cached copies after a failed snapshot
 * boot as `window.__paishoForgotten`, the interpreter as `window.__paishoPyodide` (for
 * tests and the console).  Every copy of the snapshot is checked against the digest
 * that build.py recorded before it is restored (see snapshot-worker.mjs).
 */
import { loadPyodide as loadPlainPyodide, version } from "./pyodide.mjs";
import { SnapshotWorker } from "./unpack-jobs.mjs";
import { dataImage, xorImage } from "./wasm-data.mjs";

export { version };

/** Build id of the site, and the snapshot's file name next to this module (or null). */
const BUILD_ID = "__BUILD_ID__";
const SNAPSHOT = "__SNAPSHOT__";
/** The snapshot's size unpacked (the memory Pyodide must allocate for it). */
const SNAPSHOT_BYTES = "__SNAPSHOT_BYTES__";
/** Digest (hex) of the unpacked snapshot, the SHA-256 of its 1 MiB blocks' SHA-256s: the
 * worker checks every copy against it. */
const SNAPSHOT_DIGEST = "__SNAPSHOT_DIGEST__";
/** The brotli-compressed copy of Pyodide's wasm module next to this module (or null): a
 * first visit downloads it instead of the module (2.8 MB instead of 3.5 MB gzipped). */
const WASM_PACKED = "__WASM_PACKED__";

/** Python run after a restore to undo what the snapshot froze (see restoreFreshState). */
const AFTER_RESTORE = `
import os, random, sys
random.seed()
os.environ["LANG"] = LANG
os.environ["_"] = "./this.program"
sys.executable = "/home/pyodide/this.program"
del LANG
`;

/** The service worker's cache of this build (named as in sw.js). */
const CACHE_NAME = `paisho-${BUILD_ID}`;
/** Where a repeat visit finds the snapshot already unpacked, in that cache. */
const UNPACKED_URL = SNAPSHOT
  ? new URL(SNAPSHOT.replace(/\.br$/, ""), import.meta.url).href
  : null;
/** The shipped (compressed) snapshot, as the service worker's precache names it. */
const PACKED_URL = SNAPSHOT ? new URL(SNAPSHOT, import.meta.url).href : null;

/** Pyodide's files that it downloads with fetch() (the wasm, the stdlib, the lock file):
 * they are taken from this build's cache when it holds them (the search worker, after
 * the page) and put there when downloaded, so the service worker's precache does not
 * download them a second time (the browser's HTTP cache may not keep them: an in-memory
 * one keeps no entry of ~6 MB or more, such as the 9.6 MB wasm sent uncompressed). */
const HANDED_OVER = new Set(
  ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map(
    (name) => new URL(name, import.meta.url).href,
  ),
);
const plainFetch = globalThis.fetch.bind(globalThis);

/** Whether a service worker controls this page or worker (it then answers every fetch
 * from this build's cache, and keeps what it fetches). */
function controlled() {
  return Boolean(globalThis.navigator?.serviceWorker?.controller);
}

/** This build's cache (made if need be), or null where there is no Cache Storage. */
async function buildCache() {
  try {
    return globalThis.caches ? await caches.open(CACHE_NAME) : null;
  } catch {
    return null; // e.g. not a secure context
  }
}

/** GET `url`; where no service worker controls this context yet (a first visit), from
 * this build's cache if it holds it, else from the network, keeping a copy of a full
 * answer in that cache (see HANDED_OVER). */
async function fetchKept(url, init) {
  if (controlled()) {
    return plainFetch(url, init);
  }
  const cache = await buildCache();
  const hit = await cache?.match(url).catch(() => undefined);
  if (hit) {
    return hit;
  }
  const response = await plainFetch(url, init);
  if (cache && response.status === 200) {
    keeping.push(cache.put(url, response.clone()).catch(() => {}));
  }
  return response;
}

/** The copies fetchKept is storing in the build's cache.  Storing a big file there can
 * take seconds after it has been read (2-7 s for the wasm on a busy machine), so
 * sw-register.js registers the service worker only once these are stored
 * (`window.__paishoKeeping()`): its precache then finds them instead of downloading them
 * again. */
const keeping = [];
globalThis.__paishoKeeping = () => handOverLoaded().then(() => Promise.allSettled(keeping));

/** A file of this build's that a page loads by its address (a module script, a style
 * sheet, its config), which the page cannot fetch through fetchKept: its address carries
 * this build's version (`?v=`), or its name PyScript's content hash. */
const BUILD_FILE = new RegExp(`[?&]v=${BUILD_ID}(?:&|$)|/pyscript/[\\w.-]+-[\\w-]{8}\\.js$`);

/** Copy into the build's cache the files of the build that this page loaded by their
 * address (PyScript's modules above all: 136 KB for its core), from the browser's HTTP
 * cache (`force-cache`: no request while the HTTP cache holds the file; a file it lost is
 * fetched, once, as the precache would have), each under its address without the query,
 * as the service worker's precache names it: the precache then finds them, instead of
 * asking the server for each again.  (`only-if-cached` would spare that one request but
 * writes a network error to the console for every file the HTTP cache lost.) */
async function handOverLoaded() {
  const cache = !controlled() && typeof document !== "undefined" ? await buildCache() : null;
  if (!cache) {
    return;
  }
  const loaded = performance.getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin) && BUILD_FILE.test(url));
  await Promise.all([...new Set(loaded)].map(async (url) => {
    const key = url.split(/[?#]/)[0];
    try {
      if (await cache.match(key)) {
        return;
      }
      const response = await plainFetch(url, { cache: "force-cache" });
      if (response.status === 200) {
        await cache.put(key, response);
      }
    } catch {
      // offline, or the server failed: the precache fetches it later
    }
  }));
}

/** What the page's head names for an early start (`<meta name="paisho-fetch">`:
 * Pyodide's lock file, the wheel, PyScript's config, the page's script and modules): on
 * a first visit fetched at once, through fetchKept, and handed to the first fetch of
 * each address (a `<link rel="preload">` would do in Chromium and Firefox, but WebKit's
 * fetch() does not use it).  Absolute address → the promise of its response. */
const early = new Map();
if (typeof document !== "undefined" && !controlled()) {
  const names = document.querySelector('meta[name="paisho-fetch"]')?.content ?? "";
  for (const url of names.split(/\s+/).filter(Boolean)) {
    const href = new URL(url, document.baseURI).href;
    const response = fetchKept(href, { cache: "no-cache" });
    response.catch(() => {}); // reported to whoever asks for it
    early.set(href, response);
  }
}

/** The early fetch of `href`, once (then forgotten), or null. */
function takeEarly(href) {
  const response = early.get(href) ?? null;
  early.delete(href);
  return response;
}

/** Pyodide's wasm module, and the standard library's archive. */
const WASM_URL = new URL("./pyodide.asm.wasm", import.meta.url).href;
const STDLIB_URL = new URL("./python_stdlib.zip", import.meta.url).href;
/** What a snapshot boot gives Pyodide as its standard library: an empty archive, made
 * here (see EMPTY_ZIP), never downloaded.  The snapshot holds every module the site
 * imports; the first import of one it lacks downloads the real archive (see
 * loadDeferredStdlib, called by the snapshot's finder). */
const DEFERRED_STDLIB_URL = `${STDLIB_URL}?deferred`;
/** A zip archive with no entry: its end-of-central-directory record alone. */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/** The promise of the wasm module's data image (site/wasm-data.mjs), read from the very
 * wasm Pyodide compiles, for a snapshot boot: set when the wasm is fetched. */
let wasmImage = null;

/** The page's fetch: HANDED_OVER's files through fetchKept, the wasm's data image read
 * on the side, and the deferred standard library answered here. */
function fetchWithHandOver(input, init) {
  const href = typeof input === "string" || input instanceof URL
    ? new URL(input, globalThis.location.href).href
    : null;
  const get = !init?.method || init.method.toUpperCase() === "GET";
  if (!href || !get) {
    return plainFetch(input, init);
  }
  if (href === DEFERRED_STDLIB_URL) {
    return Promise.resolve(new Response(EMPTY_ZIP, { headers: { "Content-Type": "application/zip" } }));
  }
  if (href !== WASM_URL) {
    return takeEarly(href)
      ?? (HANDED_OVER.has(href) ? fetchKept(href, init) : plainFetch(input, init));
  }
  const response = fetchWasm(init);
  if (SNAPSHOT) {
    wasmImage = response.then(readWasmImage);
    wasmImage.catch(() => {}); // reported where it is awaited
  }
  return response;
}
globalThis.fetch = fetchWithHandOver;

/** Pyodide's Emscripten module (pyodide.asm.mjs, 1.25 MB), next to this module. */
const ASM_URL = new URL("./pyodide.asm.mjs", import.meta.url).href;

/** Import Pyodide's Emscripten module; resolve to its module namespace.
 *
 * Where a service worker controls this context, or in a worker, it is imported as usual
 * (the service worker answers from the build's cache).  On a page's first visit its
 * bytes are downloaded once, through fetchKept, which keeps them in the build's cache
 * for the precache, and the module is imported from a blob: URL of those bytes: an
 * import of its URL would be a second download where the browser keeps no HTTP cache
 * (the precache's copy cannot be handed to the module loader).  Pyodide locates its
 * other files from its indexURL, never from this module's URL. */
async function importEmscriptenModule() {
  if (controlled() || typeof document === "undefined" || !globalThis.caches) {
    return import("./pyodide.asm.mjs");
  }
  let blobUrl = null;
  try {
    const response = await fetchKept(ASM_URL);
    if (!response.ok) {
      throw new Error(`HTTP ${response.status}`);
    }
    const source = await response.blob();
    blobUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    return await import(blobUrl);
  } catch (error) {
    console.warn("Pai Sho: pyodide.asm.mjs not imported from its download, importing it:", error);
    return import("./pyodide.asm.mjs");
  } finally {
    if (blobUrl) {
      URL.revokeObjectURL(blobUrl);
    }
  }
}

/** The Emscripten module's import, started as soon as this module runs. */
const emscriptenModule = importEmscriptenModule();
emscriptenModule.catch(() => {}); // reported where it is awaited

/** The snapshot worker of this load (see unpack-jobs.mjs), started at once. */
const worker = SNAPSHOT
  ? new SnapshotWorker(new URL(`./snapshot-worker.mjs?v=${BUILD_ID}`, import.meta.url))
  : null;

const snapshotLoad = worker?.snapshot({
  url: PACKED_URL,
  unpackedUrl: UNPACKED_URL,
  cacheName: CACHE_NAME,
  size: SNAPSHOT_BYTES,
  digest: SNAPSHOT_DIGEST,
}) ?? null;
// A failed download is handled by loadPyodide below; do not report it as unhandled.
snapshotLoad?.catch(() => {});

/** Unpack the compressed wasm in the snapshot worker, unless this build's cache holds the
 * module already (the search worker, after the page); null when it is not to be done
 * here (a service worker answers, or the build has no compressed copy).  See fetchWasm. */
async function unpackWasm() {
  if (!worker || !WASM_PACKED || controlled()) {
    return null;
  }
  const cache = await buildCache();
  if (await cache?.match(WASM_URL).catch(() => undefined)) {
    return null;
  }
  return worker.wasm({
    url: new URL(WASM_PACKED, import.meta.url).href,
    keepAs: WASM_URL,
    cacheName: CACHE_NAME,
  });
}

/** A page's first visit starts unpacking the wasm at once (Pyodide asks for it only once
 * PyScript has loaded); a worker, when Pyodide asks. */
let earlyWasm = typeof document !== "undefined" ? unpackWasm() : null;
earlyWasm?.catch(() => {}); // handled in fetchWasm

/** Pyodide's wasm module for its fetch: on a first visit the compressed copy unpacked as
 * it downloads (streamed to the compiler; the worker then keeps the unpacked module in the
 * build's cache, under its own address: the service worker's precache finds it there,
 * and later visits compile it from there, with the browser's code cache); else, or if
 * that fails, the module itself through fetchKept. */
async function fetchWasm(init) {
  const job = earlyWasm ?? unpackWasm();
  earlyWasm = null;
  try {
    const unpacked = await job;
    if (unpacked) {
      keeping.push(unpacked.kept);
      return unpacked.response;
    }
  } catch (error) {
    console.warn("Pai Sho: the compressed wasm could not be unpacked; fetching the module:", error);
  }
  return fetchKept(WASM_URL, init);
}

/** The wasm module's data image (site/wasm-data.mjs) for a snapshot boot, from the
 * `response` Pyodide gets: read from a copy of it, or, where the service worker answers
 * (its answer goes to the compiler untouched, so that the browser's code cache serves
 * it), from the build's cache. */
async function readWasmImage(response) {
  let answer = response;
  if (controlled()) {
    const cached = await (await buildCache())?.match(WASM_URL).catch(() => undefined);
    answer = cached ?? response.clone();
  } else {
    answer = response.clone();
  }
  if (!answer.ok) {
    throw new Error(`pyodide.asm.wasm: HTTP ${answer.status}`);
  }
  return dataImage(new Uint8Array(await answer.arrayBuffer()));
}

/** Keep the unpacked snapshot in this build's cache (if the service worker made one), so
 * that the next visit skips unpacking it (~0.3-0.6 s of CPU).  The bytes (no longer
 * needed here once Pyodide holds them) are handed back to the snapshot worker, which
 * writes them to Cache Storage off the main thread (a 30 MiB write there was a
 * 0.1-0.2 s long task), a few seconds after start, off the page's critical path; the
 * cache goes with its build.  `window.__paishoKept` says how it went (tests). */
function keepUnpacked(loaded) {
  const { bytes } = loaded;
  loaded.bytes = null;
  setTimeout(() => {
    worker.keep(bytes, UNPACKED_URL, CACHE_NAME).then((data) => {
      if (data.keptError) {
        console.warn("Pai Sho: unpacked snapshot not kept:", data.keptError);
      }
      globalThis.__paishoKept = data.kept ?? "failed"; // for tests and the benchmark
    }, () => {
      globalThis.__paishoKept = "failed";
    });
    worker.close();
  }, 3000);
}

/** After any failed snapshot boot (worker did not start, wrong hash or size, restore
 * error), drop every copy of the snapshot this build's cache holds, unpacked and
 * compressed, so the next visit does not fail the same way: it downloads the shipped
 * snapshot afresh.  Resolves when done (for tests: `window.__paishoForgotten`). */
async function forgetSnapshot() {
  if (!globalThis.caches || !(await caches.has(CACHE_NAME))) {
    return "no cache";
  }
  const cache = await caches.open(CACHE_NAME);
  await Promise.all([UNPACKED_URL, PACKED_URL].map((url) => cache.delete(url)));
  return "dropped";
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
  let source = null;
  let checkMs = null;
  let loaded = null;
  try {
    const snapshot = new Uint8Array(SNAPSHOT_BYTES);
    const { default: createModule } = await emscriptenModule;
    const createPyodideModule = async (settings) => {
      const module = await createModule(settings);
      loaded = await snapshotLoad;
      source = loaded.source;
      checkMs = loaded.checkMs;
      if (loaded.bytes.length !== snapshot.length) {
        throw new Error(`snapshot has ${loaded.bytes.length} bytes, expected ${snapshot.length}`);
      }
      snapshot.set(loaded.bytes);
      // The shipped snapshot has the wasm's data image XOR-ed in (site/wasm-data.mjs).
      if (!wasmImage) {
        throw new Error("the wasm was not fetched through this module: no data image");
      }
      xorImage(snapshot, await wasmImage);
      wasmImage = null;
      // Pyodide copies the snapshot's heap into the module's memory as it is: a memory
      // smaller than the heap the build left (it grows with the site's Python) would
      // refuse it ("offset is out of bounds"), so grow it first.
      if (module.HEAP8.length < snapshot.length && !module._emscripten_resize_heap(snapshot.length)) {
        throw new Error(`cannot grow the memory to the snapshot's ${snapshot.length} bytes`);
      }
      return module;
    };
    const { packages = [], ...rest } = options;
    const pyodide = await loadPlainPyodide({
      ...rest,
      _loadSnapshot: snapshot,
      stdLibURL: DEFERRED_STDLIB_URL,
      createPyodideModule,
    });
    globalThis.__paishoLoadStdlib = loadDeferredStdlib(pyodide);
    restoreFreshState(pyodide);
    await installPackages(pyodide, packages);
    globalThis.__paishoSnapshotSource = source; // for tests and the benchmark
    globalThis.__paishoSnapshotCheckMs = checkMs; // the digest check's wait, for benchmarks
    if (source === "packed") {
      keepUnpacked(loaded);
    } else {
      worker.close();
    }
    return pyodide;
  } catch (error) {
    worker.close();
    console.warn(`Pai Sho: snapshot boot failed (build ${BUILD_ID}), booting normally:`, error);
    globalThis.__paishoForgotten = forgetSnapshot().catch((reason) => String(reason));
    return null;
  }
}

/** The function the snapshot's standard-library finder calls (as
 * `__paishoLoadStdlib(archive)`) on the first import of a module the snapshot lacks: true
 * once the archive is at `archive` in Pyodide's file system.  Where this build's cache
 * holds the archive (the service worker's later precache keeps it) it is copied from
 * there at once, in the background, with no request: a page's synchronous request (all an
 * import can wait for) goes past the service worker in Chromium and WebKit, so offline it
 * would fail.  Otherwise the finder's call downloads it, synchronously.  A failed download
 * answers false: that import fails, a later one tries again. */
function loadDeferredStdlib(pyodide) {
  const archive = pyodide.runPython(
    "import sys\nnext(path for path in sys.path if path.endswith('.zip'))",
  );
  let loaded = false;
  const place = (bytes) => {
    if (!loaded) {
      pyodide.FS.writeFile(archive, bytes);
      loaded = true;
      globalThis.__paishoStdlibLoaded = true; // for tests
    }
  };
  buildCache()
    .then((cache) => cache?.match(STDLIB_URL))
    .then((hit) => hit?.arrayBuffer())
    .then((buffer) => buffer && place(new Uint8Array(buffer)))
    .catch(() => {}); // then the finder downloads it if it is ever needed
  return () => {
    if (!loaded) {
      try {
        place(downloadSync(STDLIB_URL));
      } catch (error) {
        console.warn("Pai Sho: the standard library could not be downloaded:", error);
      }
    }
    return loaded;
  };
}

/** GET `url` synchronously; its body's bytes.  A page's synchronous request cannot ask
 * for an ArrayBuffer: it reads the body as text of one byte a character. */
function downloadSync(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  const inPage = typeof document !== "undefined";
  if (inPage) {
    request.overrideMimeType("text/plain; charset=x-user-defined");
  } else {
    request.responseType = "arraybuffer";
  }
  request.send();
  if (request.status !== 200) {
    throw new Error(`${url}: HTTP ${request.status}`);
  }
  if (!inPage) {
    return new Uint8Array(request.response);
  }
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    bytes[i] = text.charCodeAt(i) & 0xff;
  }
  return bytes;
}

/** Install PyScript's `packages` after a restore.  The snapshot has the wheels' modules
 * imported already, but not their files (the file system is not in it), which lazy
 * imports and tracebacks need: a wheel is unpacked straight into site-packages, without
 * the package loader's bookkeeping (~0.15 s less); other packages go to loadPackage.
 */
async function installPackages(pyodide, packages) {
  const wheels = packages.filter((name) => String(name).endsWith(".whl"));
  const others = packages.filter((name) => !String(name).endsWith(".whl"));
  const download = async (url) => {
    // relative to the page's folder, as its pyscript.json names them (a language's
    // pages, one folder down, have their own config: ../wheels/…); a worker has no
    // document: its URLs are relative to its own script
    const base = globalThis.document?.baseURI ?? globalThis.location.href;
    const href = new URL(url, base).href;
    const response = await (takeEarly(href) ?? fetchKept(href));
    if (!response.ok) {
      throw new Error(`${url}: HTTP ${response.status}`);
    }
    return response.arrayBuffer();
  };
  const archives = await Promise.all(wheels.map(download));
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const archive of archives) {
    pyodide.unpackArchive(archive, "wheel", { extractDir: purelib });
  }
  if (others.length) {
    await pyodide.loadPackage(others);
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

/** PyScript's hooks for its worker thread that are JS functions.  PyScript 0.7 has one
 * by default (onBeforeRunAsync, which registers `_pyscript` in a worker); when a page's
 * Python starts, polyscript reads these hooks (for `XWorker`) and PyScript turns them
 * into one function with `Function(source)`: string evaluation, which the pages'
 * Content-Security-Policy forbids ('unsafe-eval' is not allowed).  The site starts no
 * PyScript worker, so the hooks are dropped before that: no evaluation is attempted.
 * (PyScript keeps its hooks on `globalThis[Symbol.for("@pyscript/core")]`.) */
const WORKER_FUNCTION_HOOKS = [
  "onReady", "onBeforeRun", "onBeforeRunAsync", "onAfterRun", "onAfterRunAsync",
];

/** Empty PyScript's worker function hooks (see WORKER_FUNCTION_HOOKS). */
function dropPyScriptWorkerHooks() {
  const worker = globalThis[Symbol.for("@pyscript/core")]?.hooks?.worker;
  for (const name of WORKER_FUNCTION_HOOKS) {
    worker?.[name]?.clear?.();
  }
}

/** PyScript's entry point: Pyodide from the snapshot when possible, else a normal boot. */
export async function loadPyodide(options = {}) {
  dropPyScriptWorkerHooks();
  const restored = snapshotLoad ? await loadFromSnapshot(options) : null;
  const pyodide = restored ?? (await loadPlainPyodide({
    ...options,
    createPyodideModule: (await emscriptenModule).default,
  }));
  globalThis.__paishoBoot = restored ? "snapshot" : "fallback";
  globalThis.__paishoPyodide = pyodide; // for tests and the console
  if (typeof document !== "undefined") {
    document.documentElement.dataset.boot = globalThis.__paishoBoot;
  }
  return pyodide;
}
