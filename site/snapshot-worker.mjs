/* Worker that downloads and unpacks the memory snapshot off the page's main thread.
 *
 * interpreter.mjs (next to this file in dist/pyodide/) starts it as soon as a page
 * loads and posts {url, unpackedUrl, cacheName, size, digest}; the worker answers
 * {bytes, source, checkMs} (bytes transferred, not copied) or {error}.  Once the page
 * has restored the snapshot it may post {keep: {bytes, unpackedUrl, cacheName}}: the
 * worker then writes the bytes to Cache Storage for the next visit (off the page's main
 * thread) and answers {kept}.  A repeat visit
 * usually finds the snapshot unpacked already in the service worker's cache (source "unpacked").
 * Otherwise the shipped snapshot is brotli-compressed: a DecompressionStream that knows
 * brotli unpacks it natively, else the vendored wasm decoder (brotli-dec-wasm) does,
 * chunk by chunk while it downloads.  Unpacking 30 MB takes ~0.3 s of CPU, which here
 * runs in parallel with PyScript and Pyodide starting on the main thread.
 *
 * It also unpacks Pyodide's wasm module on a first visit (posted {wasm: {url, keepAs,
 * cacheName}}: see unpackWasm), which the site ships brotli-compressed too.
 *
 * Integrity: whatever the bytes came from, they are handed over only if their digest is
 * the one build.py recorded for the unpacked snapshot: the SHA-256 of the SHA-256s of its
 * 1 MiB blocks, so that each block is hashed (crypto.subtle, off this thread) as soon as
 * it is unpacked, and the check ends a moment after the last chunk.  A kept copy that fails the check is deleted and the shipped snapshot is
 * unpacked instead; a shipped one that fails it is an error, and the page boots without
 * the snapshot (restoring a corrupt heap could do anything).  Before giving up on the
 * shipped one, the worker drops its cached copy and downloads it once more past the
 * HTTP cache.
 */

/** The vendored brotli decoder, relative to this module. */
const DECODER = "../vendor/brotli-dec-wasm/brotli_dec_wasm.js";
/** The decoder's wasm (which it would fetch itself, next to its module). */
const DECODER_WASM = "../vendor/brotli-dec-wasm/brotli_dec_wasm_bg.wasm";
/** Most bytes the decoder returns per call. */
const DECODE_STEP = 1 << 20;

self.onmessage = async ({ data }) => {
  if (data.keep) {
    self.postMessage(await keepUnpacked(data.keep));
    return;
  }
  if (data.wasm) {
    await unpackWasm(data.wasm);
    return;
  }
  try {
    const kept = await readUnpacked(data);
    const bytes = kept ?? (await fetchChecked(data));
    const source = kept ? "unpacked" : "packed";
    self.postMessage({ bytes, source, checkMs: lastCheckMs }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.stack ? error.stack : error) });
  }
};

/** Download the brotli-compressed wasm module ``url`` and unpack it, posting it to the
 * page part by part as it comes ({wasmChunk}, then {wasmEnd}; or {wasmError}), so that
 * the page compiles it as it streams in; then keep the whole, unpacked, in the build's
 * cache ``cacheName`` under ``keepAs`` (the plain module's address: the service worker's
 * precache finds it there, and later visits compile it from there, with the browser's
 * code cache) and answer {wasmKept: "kept" | "failed"}. */
async function unpackWasm({ url, keepAs, cacheName }) {
  const parts = [];
  try {
    const decoder = hasNativeBrotli() ? null : loadDecoder(cacheName);
    decoder?.catch(() => {}); // reported through the await below
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
    }
    const emit = (part) => {
      parts.push(part);
      self.postMessage({ wasmChunk: part }); // a copy: the part is kept here too
    };
    if (decoder === null) {
      const reader = response.body.pipeThrough(new DecompressionStream("brotli")).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        emit(read.value);
      }
    } else {
      await unbrotli(response.body, await decoder, emit);
    }
    self.postMessage({ wasmEnd: true });
  } catch (error) {
    self.postMessage({ wasmError: String(error && error.stack ? error.stack : error) });
    return;
  }
  try {
    const cache = await caches.open(cacheName);
    const headers = { "Content-Type": "application/wasm" };
    await cache.put(keepAs, new Response(new Blob(parts), { headers }));
    self.postMessage({ wasmKept: "kept" });
  } catch {
    self.postMessage({ wasmKept: "failed" });
  }
}

/** Store the unpacked snapshot ``bytes`` (handed back by the page once Pyodide holds
 * them) in this build's service-worker cache under ``unpackedUrl``, for the next visit;
 * answer {kept: "kept" | "no cache" | "failed", keptError?}.  Done here, not on the
 * page's main thread, where the 30 MiB write was a long task. */
async function keepUnpacked({ bytes, unpackedUrl, cacheName }) {
  try {
    if (!self.caches || !(await caches.has(cacheName))) {
      return { kept: "no cache" };
    }
    const cache = await caches.open(cacheName);
    const headers = { "Content-Type": "application/octet-stream" };
    await cache.put(unpackedUrl, new Response(bytes, { headers }));
    return { kept: "kept" };
  } catch (error) {
    return { kept: "failed", keptError: String(error) };
  }
}

/** The unpacked snapshot that an earlier visit kept in this build's service-worker
 * cache (see keepUnpacked in interpreter.mjs), or null.  It is hashed block by block as
 * it is read; a kept copy of the wrong size or digest is deleted (the caller then
 * unpacks the shipped snapshot). */
async function readUnpacked({ unpackedUrl, cacheName, size, digest }) {
  let cache;
  let hit;
  try {
    if (!self.caches || !unpackedUrl || !(await caches.has(cacheName))) {
      return null;
    }
    cache = await caches.open(cacheName);
    hit = await cache.match(unpackedUrl);
  } catch {
    return null; // no cache here (e.g. not a secure context): unpack the shipped one
  }
  if (!hit) {
    return null;
  }
  try {
    const hasher = new BlockHasher(size);
    await readInto(hit.body, hasher);
    return await hasher.check(digest);
  } catch (error) {
    console.warn("Pai Sho: the kept unpacked snapshot is damaged; deleting it:", String(error));
    await cache.delete(unpackedUrl).catch(() => {});
    return null;
  }
}

/** Push every chunk of the byte stream ``body`` into ``hasher``. */
async function readInto(body, hasher) {
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    hasher.push(read.value);
  }
}

/** Download, unpack and check the shipped snapshot.  If that fails (a damaged copy in
 * the service worker's or the HTTP cache, a broken download), the worker's cached copy
 * is deleted and the snapshot fetched once more from the network, past the HTTP cache. */
async function fetchChecked({ url, cacheName, size, digest }) {
  if (!self.crypto?.subtle) {
    throw new Error("snapshot: no crypto.subtle here (not a secure context), cannot check it");
  }
  try {
    return await fetchSnapshot(new URL(url), "default", size, digest, cacheName);
  } catch (error) {
    console.warn("Pai Sho: snapshot download failed, fetching it again:", String(error));
    await dropCached(cacheName, url);
    return fetchSnapshot(new URL(url), "reload", size, digest);
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

/** Milliseconds the last digest check waited once all bytes were there (benchmarks). */
let lastCheckMs = null;

/** Bytes per hashed block: the snapshot's digest is the SHA-256 of its blocks' SHA-256s
 * (see build.py, SNAPSHOT_DIGEST), so each block is hashed as soon as it is unpacked. */
const HASH_BLOCK = 1 << 20;

/** Collects the unpacked snapshot into a buffer of its known size and hashes each
 * block as soon as it is complete (crypto.subtle copies the block at once and hashes
 * it off this thread), so checking costs almost nothing after the last chunk. */
class BlockHasher {
  /** A hasher for ``size`` bytes. */
  constructor(size) {
    if (!self.crypto?.subtle) {
      throw new Error("snapshot: no crypto.subtle here (not a secure context), cannot check it");
    }
    this.bytes = new Uint8Array(size);
    this.filled = 0;
    this.hashed = 0;
    this.digests = [];
  }

  /** Append an unpacked chunk. */
  push(chunk) {
    if (this.filled + chunk.length > this.bytes.length) {
      throw new Error(`snapshot: more than the build's ${this.bytes.length} bytes`);
    }
    this.bytes.set(chunk, this.filled);
    this.filled += chunk.length;
    while (this.filled - this.hashed >= HASH_BLOCK) {
      this.hashBlock(this.hashed + HASH_BLOCK);
    }
  }

  hashBlock(end) {
    const block = this.bytes.subarray(this.hashed, end);
    this.digests.push(crypto.subtle.digest("SHA-256", block));
    this.hashed = end;
  }

  /** The bytes, once complete and with the digest ``expected`` (hex); else throw. */
  async check(expected) {
    const started = performance.now();
    if (this.filled !== this.bytes.length) {
      throw new Error(`snapshot: ${this.filled} bytes, the build's has ${this.bytes.length}`);
    }
    while (this.hashed < this.filled) {
      this.hashBlock(Math.min(this.hashed + HASH_BLOCK, this.filled));
    }
    const blocks = await Promise.all(this.digests);
    const joined = new Uint8Array(blocks.length * 32);
    blocks.forEach((block, i) => joined.set(new Uint8Array(block), i * 32));
    const total = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
    const hex = Array.from(total, (byte) => byte.toString(16).padStart(2, "0")).join("");
    lastCheckMs = performance.now() - started;
    if (hex !== expected) {
      throw new Error(`snapshot: digest ${hex.slice(0, 16)}… is not the build's ${expected.slice(0, 16)}…`);
    }
    return this.bytes;
  }
}

/** Download and unpack the snapshot (the decoder, if one is needed, loads meanwhile),
 * hashing it as it comes; throw unless it has ``size`` bytes and the digest ``digest``.
 * ``cache`` is the fetch's cache mode.  With ``keepIn`` (the build's cache name), the
 * download is also kept in that cache if it lacks it, so the service worker's precache
 * does not download it again (the browser's HTTP cache may not keep it); a copy that
 * fails the check is dropped by the caller. */
async function fetchSnapshot(url, cache, size, digest, keepIn = null) {
  const decoder = hasNativeBrotli() ? null : loadDecoder(keepIn);
  decoder?.catch(() => {}); // reported through the await below
  const hasher = new BlockHasher(size);
  const response = await fetch(url, { cache });
  if (!response.ok) {
    throw new Error(`snapshot ${url.pathname}: HTTP ${response.status}`);
  }
  const kept = keepIn && response.status === 200 ? keepDownload(keepIn, url, response) : null;
  try {
    if (decoder === null) {
      await readInto(response.body.pipeThrough(new DecompressionStream("brotli")), hasher);
    } else {
      await unbrotli(response.body, await decoder, (part) => hasher.push(part));
    }
    // Awaited here, not returned: a failed check must have its handler before the
    // finally's wait (else it is an unhandled rejection while the copy is stored).
    return await hasher.check(digest);
  } finally {
    await kept; // before a failed check's caller drops it
  }
}

/** Put a copy of ``response`` (read as it is) in the cache ``cacheName`` under ``url``
 * unless that cache holds it already; resolves when done (never rejects). */
function keepDownload(cacheName, url, response) {
  if (!self.caches) {
    return null;
  }
  const copy = response.clone();
  return caches.open(cacheName).then(async (cache) => {
    if (await cache.match(url.href)) {
      await copy.body?.cancel();
    } else {
      await cache.put(url.href, copy);
    }
  }).catch(() => {});
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

/** The decoder's promise, once asked for (the snapshot and the wasm share it). */
let decoderLoad = null;

/** Import and instantiate the vendored brotli decoder (once).  With ``cacheName`` (the
 * build's cache), its wasm is read from that cache if it holds it, else downloaded and
 * kept there (as the snapshot is: the service worker's precache then skips it). */
function loadDecoder(cacheName = null) {
  decoderLoad ??= (async () => {
    const brotli = await import(new URL(DECODER, import.meta.url).href);
    const wasm = new URL(DECODER_WASM, import.meta.url);
    await brotli.default({ module_or_path: cacheName ? fetchKept(cacheName, wasm) : wasm });
    return brotli;
  })();
  return decoderLoad;
}

/** GET ``url`` from the cache ``cacheName`` if it holds it, else from the network,
 * keeping a copy of a full answer in that cache. */
async function fetchKept(cacheName, url) {
  const cache = self.caches ? await caches.open(cacheName).catch(() => null) : null;
  const hit = await cache?.match(url.href).catch(() => undefined);
  if (hit) {
    return hit;
  }
  const response = await fetch(url);
  if (cache && response.status === 200) {
    cache.put(url.href, response.clone()).catch(() => {});
  }
  return response;
}

/** Unpack a brotli byte stream with the wasm decoder as its chunks arrive, handing each
 * unpacked part to ``output``. */
async function unbrotli(body, brotli, output) {
  const { NeedsMoreOutput, ResultSuccess, NeedsMoreInput } = brotli.BrotliStreamResultCode;
  const stream = new brotli.DecompressStream();
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
        output(part);
      } while (code === NeedsMoreOutput);
    }
  } finally {
    stream.free();
  }
  if (code !== ResultSuccess) {
    throw new Error(`snapshot: brotli stream ended early (code ${code})`);
  }
}
