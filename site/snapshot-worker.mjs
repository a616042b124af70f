/* Worker that downloads and unpacks the memory snapshot off the page's main thread.
 *
 * interpreter.mjs (next to this file in dist/pyodide/) starts it as soon as a page
 * loads and posts {url, unpackedUrl, cacheName, size, sha256}; the worker answers
 * {bytes, source} (bytes transferred, not copied) or {error}.  A repeat visit usually
 * finds the snapshot unpacked already in the service worker's cache (source "unpacked").
 * Otherwise the shipped snapshot is brotli-compressed: a DecompressionStream that knows
 * brotli unpacks it natively, else the vendored wasm decoder (brotli-dec-wasm) does,
 * chunk by chunk while it downloads.  Unpacking 30 MB takes ~0.3 s of CPU, which here
 * runs in parallel with PyScript and Pyodide starting on the main thread.
 *
 * Integrity: whatever the bytes came from, they are handed over only if their SHA-256
 * is the one build.py recorded for the unpacked snapshot (crypto.subtle, ~20 ms for
 * 30 MiB with the CPU's SHA extensions; the page waits for Pyodide's wasm compile
 * meanwhile).  A kept copy that fails the check is deleted and the shipped snapshot is
 * unpacked instead; a shipped one that fails it is an error, and the page boots without
 * the snapshot (restoring a corrupt heap could do anything).  Before giving up on the
 * shipped one, the worker drops its cached copy and downloads it once more past the
 * HTTP cache.
 */

/** The vendored brotli decoder, relative to this module. */
const DECODER = "../vendor/brotli-dec-wasm/brotli_dec_wasm.js";
/** Most bytes the decoder returns per call. */
const DECODE_STEP = 1 << 20;

self.onmessage = async ({ data }) => {
  try {
    const kept = await readUnpacked(data);
    const bytes = kept ?? (await fetchChecked(data));
    self.postMessage({ bytes, source: kept ? "unpacked" : "packed" }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.stack ? error.stack : error) });
  }
};

/** The unpacked snapshot that an earlier visit kept in this build's service-worker
 * cache (see keepUnpacked in interpreter.mjs), or null.  A kept copy of the wrong size
 * or hash is deleted (the caller then unpacks the shipped snapshot). */
async function readUnpacked({ unpackedUrl, cacheName, size, sha256 }) {
  try {
    if (!self.caches || !unpackedUrl || !(await caches.has(cacheName))) {
      return null;
    }
    const cache = await caches.open(cacheName);
    const hit = await cache.match(unpackedUrl);
    if (!hit) {
      return null;
    }
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (bytes.length === size && (await sha256Hex(bytes)) === sha256) {
      return bytes;
    }
    console.warn("Pai Sho: the kept unpacked snapshot is damaged; deleted it");
    await cache.delete(unpackedUrl);
    return null;
  } catch {
    return null; // no cache here (e.g. not a secure context): unpack the shipped one
  }
}

/** Download, unpack and check the shipped snapshot.  If that fails (a damaged copy in
 * the service worker's or the HTTP cache, a broken download), the worker's cached copy
 * is deleted and the snapshot fetched once more from the network, past the HTTP cache. */
async function fetchChecked({ url, cacheName, sha256 }) {
  if (!self.crypto?.subtle) {
    throw new Error("snapshot: no crypto.subtle here (not a secure context), cannot check it");
  }
  try {
    return await fetchSnapshot(new URL(url), "default", sha256);
  } catch (error) {
    console.warn("Pai Sho: snapshot download failed, fetching it again:", String(error));
    await dropCached(cacheName, url);
    return fetchSnapshot(new URL(url), "reload", sha256);
  }
}

/** Delete ``url`` from the service worker's cache ``cacheName`` (if there is one). */
async function dropCached(cacheName, url) {
  try {
    if (self.caches && (await caches.has(cacheName))) {
      await (await caches.open(cacheName)).delete(url);
    }
  } catch {
    // no cache here: nothing to drop
  }
}

/** The SHA-256 of ``bytes`` in lower-case hex.  Throws where the browser has no
 * crypto.subtle (pages not served over HTTPS or from localhost): then nothing can be
 * checked, so the snapshot is not used. */
async function sha256Hex(bytes) {
  if (!self.crypto || !crypto.subtle) {
    throw new Error("snapshot: no crypto.subtle here (not a secure context), cannot check it");
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Download and unpack the snapshot (the decoder, if one is needed, loads meanwhile);
 * throw unless the unpacked bytes have the SHA-256 ``sha256``.  ``cache`` is the fetch's
 * cache mode. */
async function fetchSnapshot(url, cache, sha256) {
  const decoder = hasNativeBrotli() ? null : loadDecoder();
  decoder?.catch(() => {}); // reported through the await below
  const response = await fetch(url, { cache });
  if (!response.ok) {
    throw new Error(`snapshot ${url.pathname}: HTTP ${response.status}`);
  }
  let bytes;
  if (decoder === null) {
    const plain = response.body.pipeThrough(new DecompressionStream("brotli"));
    bytes = new Uint8Array(await new Response(plain).arrayBuffer());
  } else {
    bytes = await unbrotli(response.body, await decoder);
  }
  const digest = await sha256Hex(bytes);
  if (digest !== sha256) {
    throw new Error(`snapshot: SHA-256 ${digest.slice(0, 16)}… is not the build's ${sha256.slice(0, 16)}…`);
  }
  return bytes;
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
