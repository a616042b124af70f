/* Web worker that runs the computer opponent's search off the page's main thread.
 *
 * site/computer.py starts it (as a module worker, same origin) when a game against the
 * computer needs it.  It boots its own Pyodide (the vendored one, no snapshot: the page's
 * snapshot holds the page's DOM glue) and unpacks the engine wheel named in
 * pyscript.json, then answers each message: the page posts a request as JSON text, the
 * worker posts back the JSON text of paisho_core.worker.answer (the action in notation,
 * or an error message).  Once booted it posts {"ready": seconds} (once).  Nothing else
 * runs here; nothing from the page is evaluated.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const CONFIG = new URL("./pyscript.json", import.meta.url);

/** Boot Pyodide with the engine; resolve to the Python `answer` function. */
async function boot() {
  const configResponse = await fetch(CONFIG);
  if (!configResponse.ok) {
    throw new Error(`pyscript.json: HTTP ${configResponse.status}`);
  }
  const config = await configResponse.json();
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  for (const name of config.packages || []) {
    if (!String(name).endsWith(".whl")) {
      continue;
    }
    const url = new URL(name, CONFIG);
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`${url.pathname}: HTTP ${response.status}`);
    }
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  }
  return pyodide.pyimport("paisho_core.worker").answer;
}

const started = performance.now();
const ready = boot();
ready.then(
  // tell the page it has booted (it says "starting up" until then), and how long it took
  () => self.postMessage(JSON.stringify({ ready: Math.round(performance.now() - started) / 1000 })),
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
