/* The page's side of snapshot-worker.mjs: one worker per load and its jobs.
 *
 * interpreter.mjs starts the worker as soon as it runs and gives it up to three jobs:
 * unpack the memory snapshot (`snapshot`), unpack Pyodide's brotli-compressed wasm module
 * on a first visit (`wasm`), and store the unpacked snapshot for the next visit (`keep`).
 * The worker answers each job with messages of its own keys; it ends once the page has
 * said it posts nothing more (`close`) and every job has had its last answer.
 */

/** The messages that answer a wasm job, and those that answer a keep job; any other
 * answers the snapshot job. */
const WASM_KEYS = ["wasmChunk", "wasmEnd", "wasmError", "wasmKept"];
const KEEP_KEYS = ["kept", "keptError"];

export class SnapshotWorker {
  /** Start the worker module at `script` (a URL). */
  constructor(script) {
    this.worker = new Worker(script, { type: "module" });
    this.pending = 0;
    this.closing = false;
    this.ended = null; // the reason, once the worker cannot answer any more
    this.handlers = { snapshot: null, wasm: null, keep: null };
    this.failures = { snapshot: null, wasm: null, keep: null };
    this.worker.onmessage = ({ data }) => {
      const kind = WASM_KEYS.some((key) => key in data) ? "wasm"
        : KEEP_KEYS.some((key) => key in data) ? "keep" : "snapshot";
      this.handlers[kind]?.(data);
    };
    this.worker.onerror = (event) => {
      this.end(new Error(`snapshot worker: ${event.message || "failed to start"}`));
    };
  }

  /** Unpack the snapshot (`job`: {url, unpackedUrl, cacheName, size, digest}); resolves
   * to {bytes, source, checkMs}, where source is "unpacked" (a previous visit's copy in
   * the cache) or "packed" (downloaded or precached, unpacked now). */
  snapshot(job) {
    return this.post("snapshot", job, (data, resolve, reject) => {
      if (data.error) {
        reject(new Error(data.error));
      } else {
        resolve(data);
      }
      return true;
    });
  }

  /** Unpack the brotli-compressed wasm module (`job`: {url, keepAs, cacheName}); resolves,
   * at its first part, to {response, kept}: a Response (application/wasm) whose body
   * streams the parts as they come, and the promise of the worker's keeping the whole in
   * the build's cache ("kept" or "failed").  Rejects if it fails before any part. */
  wasm(job) {
    let stream = null;
    let keptDone;
    const kept = new Promise((resolve) => {
      keptDone = resolve;
    });
    const started = (resolve) => {
      if (!stream) {
        const body = new ReadableStream({ start: (controller) => { stream = controller; } });
        const headers = { "Content-Type": "application/wasm" };
        resolve({ response: new Response(body, { headers }), kept });
      }
    };
    return this.post("wasm", { wasm: job }, (data, resolve, reject) => {
      if (data.wasmChunk) {
        started(resolve);
        stream.enqueue(data.wasmChunk);
      } else if (data.wasmEnd) {
        started(resolve);
        stream.close();
      } else if (data.wasmError) {
        const error = new Error(data.wasmError);
        if (stream) {
          stream.error(error);
        } else {
          reject(error);
        }
        keptDone("failed");
        return true;
      } else if (data.wasmKept) {
        keptDone(data.wasmKept);
        return true;
      }
      return false;
    }, (error) => {
      stream?.error(error);
      keptDone("failed");
    });
  }

  /** Hand the unpacked snapshot `bytes` back (transferred) for the worker to store under
   * `unpackedUrl` in the cache `cacheName`; resolves to its answer {kept, keptError?}. */
  keep(bytes, unpackedUrl, cacheName) {
    return this.post("keep", { keep: { bytes, unpackedUrl, cacheName } }, (data, resolve) => {
      resolve(data);
      return true;
    }, null, [bytes.buffer]);
  }

  /** Post a job of `kind` and route its answers to `answer(data, resolve, reject)`, which
   * says whether that was its last; `failed(error)` runs if the worker ends first. */
  post(kind, message, answer, failed = null, transfer = []) {
    return new Promise((resolve, reject) => {
      if (this.ended) {
        failed?.(this.ended);
        reject(this.ended);
        return;
      }
      this.pending++;
      this.handlers[kind] = (data) => {
        if (answer(data, resolve, reject)) {
          this.handlers[kind] = null;
          this.failures[kind] = null;
          this.pending--;
          this.endIfIdle();
        }
      };
      this.failures[kind] = (error) => {
        failed?.(error);
        reject(error);
      };
      this.worker.postMessage(message, transfer);
    });
  }

  /** The page posts no more jobs: end the worker once the pending ones are answered. */
  close() {
    this.closing = true;
    this.endIfIdle();
  }

  endIfIdle() {
    if (this.closing && this.pending === 0) {
      this.end(new Error("snapshot worker closed"));
    }
  }

  /** End the worker; every job still waiting fails with `reason`. */
  end(reason) {
    if (this.ended) {
      return;
    }
    this.ended = reason;
    this.worker.terminate();
    for (const fail of Object.values(this.failures)) {
      fail?.(reason);
    }
  }
}
