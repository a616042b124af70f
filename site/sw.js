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
/** Files cached only when a page asks for them (the rules demo pages, which the game page
 * never needs): the Rules page posts "precache-later" (see sw-later.js).  One of them
 * fetched before that is cached as it is fetched. */
const LATER = "__LATER__";
const LATER_URLS = new Set(LATER.map((url) => new URL(url, self.location).href));
const CACHE_NAME = `paisho-${BUILD_ID}`;
const PREFIX = "paisho-";

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "precache-later") {
    const done = precacheLater();
    event.waitUntil(done.then((held) => event.ports[0]?.postMessage(held)));
  }
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

/** Fetch the files of LATER that this build's cache lacks (each on its own: one that
 * fails is fetched again next time).  Resolves to how many the cache holds. */
async function precacheLater() {
  const cache = await caches.open(CACHE_NAME);
  const held = await Promise.all(LATER.map(async (url) => {
    const request = new Request(new URL(url, self.location), { cache: "no-cache" });
    if (await cache.match(request, { ignoreSearch: true })) {
      return true;
    }
    return cache.add(request).then(() => true, () => false);
  }));
  return held.filter(Boolean).length;
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
  const url = new URL(request.url);
  if (LATER_URLS.has(url.origin + url.pathname)) {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(url.origin + url.pathname, response.clone());
    }
    return response;
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
