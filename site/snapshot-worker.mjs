/* Worker that downloads and unpacks the memory snapshot off the page's main thread.
 *
 * interpreter.mjs (next to this file in dist/pyodide/) starts it as soon as a page
 * loads and posts {url, unpackedUrl, cacheName, size}; the worker answers {bytes, source}
 * (bytes transferred, not copied) or {error}.  A repeat visit usually finds the snapshot
 * unpacked already in the service worker's cache (source "unpacked").  Otherwise the
 * shipped snapshot is brotli-compressed: a DecompressionStream that knows brotli unpacks
 * it natively, else the vendored wasm decoder (brotli-dec-wasm) does, chunk by chunk
 * while it downloads.  Unpacking 30 MB takes ~0.3 s of CPU, which here
 * runs in parallel with PyScript and Pyodide starting on the main thread.
 */

/** The vendored brotli decoder, relative to this module. */
const DECODER = "../vendor/brotli-dec-wasm/brotli_dec_wasm.js";
/** Most bytes the decoder returns per call. */
const DECODE_STEP = 1 << 20;

self.onmessage = async ({ data }) => {
  try {
    const kept = await readUnpacked(data);
    const bytes = kept ?? (await fetchSnapshot(new URL(data.url)));
    self.postMessage({ bytes, source: kept ? "unpacked" : "packed" }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.stack ? error.stack : error) });
  }
};

/** The unpacked snapshot that an earlier visit kept in this build's service-worker
 * cache (see keepUnpacked in interpreter.mjs), or null. */
async function readUnpacked({ unpackedUrl, cacheName, size }) {
  try {
    if (!self.caches || !unpackedUrl || !(await caches.has(cacheName))) {
      return null;
    }
    const hit = await (await caches.open(cacheName)).match(unpackedUrl);
    if (!hit) {
      return null;
    }
    const bytes = new Uint8Array(await hit.arrayBuffer());
    return bytes.length === size ? bytes : null;
  } catch {
    return null; // no cache here (e.g. not a secure context): unpack the shipped one
  }
}

/** Download and unpack the snapshot; the decoder (if one is needed) loads meanwhile. */
async function fetchSnapshot(url) {
  const decoder = hasNativeBrotli() ? null : loadDecoder();
  decoder?.catch(() => {}); // reported through the await below
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`snapshot ${url.pathname}: HTTP ${response.status}`);
  }
  if (decoder === null) {
    const plain = response.body.pipeThrough(new DecompressionStream("brotli"));
    return new Uint8Array(await new Response(plain).arrayBuffer());
  }
  return unbrotli(response.body, await decoder);
}

/** Whether this browser's DecompressionStream unpacks brotli itself. */
function hasNativeBrotli() {
  try {
    new DecompressionStream("brotli");
    return true;
  } catch {
    return false;
  }
}

/** Import and instantiate the vendored brotli decoder. */
async function loadDecoder() {
  const brotli = await import(new URL(DECODER, import.meta.url).href);
  await brotli.default(); // fetches brotli_dec_wasm_bg.wasm next to the module
  return brotli;
}

/** Unpack a brotli byte stream with the wasm decoder as its chunks arrive. */
async function unbrotli(body, brotli) {
  const { NeedsMoreOutput, ResultSuccess, NeedsMoreInput } = brotli.BrotliStreamResultCode;
  const stream = new brotli.DecompressStream();
  const parts = [];
  let size = 0;
  let code = NeedsMoreInput;
  try {
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      let input = read.value;
      do {
        const result = stream.decompress(input, DECODE_STEP);
        const part = result.buf;
        code = result.code;
        input = input.subarray(result.input_offset);
        result.free();
        parts.push(part);
        size += part.length;
      } while (code === NeedsMoreOutput);
    }
  } finally {
    stream.free();
  }
  if (code !== ResultSuccess) {
    throw new Error(`snapshot: brotli stream ended early (code ${code})`);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
