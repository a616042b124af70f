/* Web worker that runs the computer opponent's search off the page's main thread.
 *
 * site/computer.py starts it (as a module worker, same origin) when a game against the
 * computer needs it.  It boots Pyodide the way the page does: through the interpreter
 * module that pyscript.json names (site/interpreter.mjs), so from the same memory
 * snapshot, unpacked and checked by its own snapshot worker (a repeat visit reads the
 * unpacked copy the page kept in the service worker's cache), with the engine already
 * imported; if the snapshot cannot be used it boots a plain Pyodide, only slower.  Either
 * way the engine wheel named in pyscript.json is installed (as PyScript's `packages`
 * are, so the same module does it for the page and here).  It answers each message: the page
 * posts a request as JSON text, the worker posts back the JSON text of
 * paisho_core.worker.answer (the action in notation, or an error message).  Once booted
 * it posts {"ready": seconds, "boot": "snapshot" | "fallback"} (once).  Nothing else runs
 * here; nothing from the page is evaluated.
 */

const CONFIG = new URL("./pyscript.json", import.meta.url);

/** Boot Pyodide with the engine; resolve to the Python `answer` function. */
async function boot() {
  const configResponse = await fetch(CONFIG);
  if (!configResponse.ok) {
    throw new Error(`pyscript.json: HTTP ${configResponse.status}`);
  }
  const config = await configResponse.json();
  const interpreter = new URL(config.interpreter || "./pyodide/pyodide.mjs", CONFIG);
  const { loadPyodide } = await import(interpreter.href);
  const wheels = (config.packages || [])
    .filter((name) => String(name).endsWith(".whl"))
    .map((name) => new URL(name, CONFIG).href);
  const pyodide = await loadPyodide({ indexURL: new URL("./", interpreter).href, packages: wheels });
  const answer = pyodide.pyimport("paisho_core.worker").answer;
  // What is alive now lives as long as the worker: the garbage collector skips it from now
  // on (gc.freeze), so a search, which makes many short-lived objects, collects faster.
  pyodide.pyimport("gc").freeze();
  return answer;
}

const started = performance.now();
const ready = boot();
ready.then(
  // tell the page it has booted (it says "starting up" until then), how long it took, how
  () => self.postMessage(JSON.stringify({
    ready: Math.round(performance.now() - started) / 1000,
    boot: globalThis.__paishoBoot ?? "fallback",
  })),
  () => {}, // reported with the first request's answer
);

self.onmessage = async ({ data }) => {
  const text = String(data);
  try {
    const answer = await ready;
    self.postMessage(answer(text));
  } catch (error) {
    let id = null;
    try {
      id = JSON.parse(text).id ?? null;
    } catch {
      // not JSON: answer without an id
    }
    self.postMessage(JSON.stringify({ id, error: `search worker: ${error}` }));
  }
};
