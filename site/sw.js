/* Service worker of the Pai Sho site: precache every file of one build, then serve
 * cache-first, so the site works offline after the first visit.
 *
 * build.py fills BUILD_ID and PRECACHE (URLs relative to this file).  The cache is
 * named after the build: a new build installs a new cache, and activation deletes the
 * old ones, so files of two builds are never mixed.
 */
const BUILD_ID = "__BUILD_ID__";
const PRECACHE = "__PRECACHE__";
/** Files that speed the site up but that it works without (the memory snapshot). */
const OPTIONAL = "__OPTIONAL__";
const CACHE_NAME = `paisho-${BUILD_ID}`;
const PREFIX = "paisho-";

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(cacheFirst(request));
});

/** Fetch every file of the build into a fresh cache.
 *
 * "no-cache" revalidates each file with the server: the files the page has just loaded
 * come back as small 304s from the HTTP cache, and none can be stale.
 */
async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const request = (url) => new Request(new URL(url, self.location), { cache: "no-cache" });
  await cache.addAll(PRECACHE.map(request));
  await Promise.all(OPTIONAL.map((url) => cache.add(request(url)).catch(() => undefined)));
  await self.skipWaiting();
}

/** Delete the caches of other builds. */
async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(PREFIX) && n !== CACHE_NAME).map((n) => caches.delete(n)),
  );
}

/** Answer from this build's cache (ignoring ?v= and other query strings), else the network. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) {
    return hit;
  }
  if (request.mode === "navigate") {
    const page = await cache.match(new URL("./", self.location));
    try {
      return await fetch(request);
    } catch (error) {
      if (page) {
        return page;
      }
      throw error;
    }
  }
  return fetch(request);
}
