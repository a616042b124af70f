/* Service worker of the Pai Sho site: precache every file of one build, then serve
 * cache-first, so the site works offline after the first visit.  The first visit
 * downloads each file once: the pages put what they fetch themselves into this build's
 * cache (interpreter.mjs), the install fetches only what is missing, revalidating with
 * the server, so a file the page loaded comes from the browser's HTTP cache as a 304.
 *
 * build.py fills BUILD_ID, PRECACHE, OPTIONAL, DEFERRED, BROTLI_DECODER, LATER and
 * LANGUAGES (URLs relative to this file), and OFFLINE_TEXTS.  The cache is named after the build: a new build installs a new cache,
 * and activation deletes the old ones, so files of two builds are never mixed.
 */
const BUILD_ID = "__BUILD_ID__";
const PRECACHE = "__PRECACHE__";
/** Files that speed the site up but that it works without (the memory snapshot). */
const OPTIONAL = "__OPTIONAL__";
/** Files of every page cached with the later precache below, not at install: the
 * standard library's archive, which a page booted from the memory snapshot never needs
 * (only a boot without it does, or an import the snapshot lacks). */
const DEFERRED = "__DEFERRED__";
/** The vendored brotli decoder: cached at install by a browser that lacks brotli in
 * its DecompressionStream only (the snapshot worker then unpacks with it). */
const BROTLI_DECODER = "__BROTLI_DECODER__";
/** Files cached only when a page asks for them (the rules demo pages, which the game page
 * never needs): the Rules page posts "precache-later" (see sw-later.js), and so does any
 * page of the site on a later visit once it is idle (sw-register.js).  One of them
 * fetched before that is cached as it is fetched; offline, until then, it is answered
 * with the placeholder page (offline.html). */
const LATER = "__LATER__";
/** The other languages' files, cached for a reader of that language only (an English
 * reader downloads none of them): language code → its pages, pyscript.json and compiled
 * catalogs (`./ru/`, `./ru/rules.html`, `./locale/ru/page.mo`…), cached with the install
 * when a page of the site open then is in that language (or an older build's cache
 * holds its pages), or when one of its pages posts "precache-later"; then too its demo
 * pages, LATER's in its folder (`./ru/demo-x.html`: see laterOf).  Any of them fetched
 * is kept as it is fetched. */
const LANGUAGES = "__LANGUAGES__";
/** The last-resort offline answer in each shipped language (code → text, from the page
 * catalog: sitebuild/languages.py's OFFLINE_TEXT), for when not even the placeholder page
 * is cached. */
const OFFLINE_TEXTS = "__OFFLINE_TEXTS__";
/** A language's demo pages (cached with its idle precache, like LATER in English). */
const laterOf = (lang) => LATER.map((url) => `./${lang}/${url.slice(2)}`);
const absolute = (url) => new URL(url, self.location).href;
const LATER_URLS = new Set(
  [...LATER, ...Object.keys(LANGUAGES).flatMap(laterOf)].map(absolute),
);
/** The files of the build this worker keeps when it fetches them for a page (absolute
 * URLs without query).  Not the snapshot: its copies are checked against their digest
 * first, and dropped after a failed boot (snapshot-worker.mjs keeps a download). */
const KNOWN_URLS = new Set(
  [...PRECACHE, ...DEFERRED, ...BROTLI_DECODER, ...Object.values(LANGUAGES).flat()]
    .map(absolute).concat([...LATER_URLS]),
);
/** The site's root (the worker's scope: the folder of this file). */
const ROOT = absolute("./");
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
    const done = precacheLater(languageOf(event.source?.url));
    event.waitUntil(done.then((held) => event.ports[0]?.postMessage(held)));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(cacheFirst(event));
});

/** A request for `url` that revalidates with the server: a file the browser's HTTP cache
 * holds comes back as a small 304, and none can be stale. */
function revalidating(url) {
  return new Request(new URL(url, self.location), { cache: "no-cache" });
}

/** Cache each of `urls` that this build's cache lacks.  The pages put there what they
 * downloaded themselves (Pyodide's wasm, stdlib and lock file, the wheel: see
 * interpreter.mjs), so the first visit does not download those twice, whatever the
 * browser's HTTP cache keeps.  Rejects if one of them cannot be fetched. */
async function cacheMissing(cache, urls) {
  await Promise.all(urls.map(async (url) => {
    const request = revalidating(url);
    if (!(await cache.match(request, { ignoreSearch: true }))) {
      await cache.add(request);
    }
  }));
}

/** The language of a page of the site at `url` (a key of LANGUAGES: its folder), or
 * null for English and anything else. */
function languageOf(url) {
  if (!url || !url.startsWith(ROOT)) {
    return null;
  }
  const folder = /^([a-z]{2,3})\//.exec(url.slice(ROOT.length));
  return folder && Object.hasOwn(LANGUAGES, folder[1]) ? folder[1] : null;
}

/** The languages whose files this install caches: those of the site's pages open now
 * (the page that registers the worker on a first visit, in its reader's language), and
 * those whose pages an older build's cache holds (a reader of them, on an update). */
async function readersLanguages() {
  const found = new Set();
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) {
    found.add(languageOf(page.url));
  }
  const older = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE_NAME);
  for (const name of older) {
    const cache = await caches.open(name);
    for (const lang of Object.keys(LANGUAGES)) {
      if (await cache.match(absolute(LANGUAGES[lang][0]))) {
        found.add(lang);
      }
    }
  }
  found.delete(null);
  return [...found];
}

/** Fill this build's cache with every file of the build (those it lacks): the English
 * pages and the files every page uses, and the files of its readers' languages. */
async function precache() {
  const cache = await caches.open(CACHE_NAME);
  await cacheMissing(cache, nativeBrotli() ? PRECACHE : [...PRECACHE, ...BROTLI_DECODER]);
  await Promise.all(OPTIONAL.map((url) => cacheMissing(cache, [url]).catch(() => undefined)));
  const languages = await readersLanguages().catch(() => []);
  await Promise.all(languages.map((lang) => cacheMissing(cache, LANGUAGES[lang])));
  await self.skipWaiting();
}

/** Whether this browser's DecompressionStream unpacks brotli itself. */
function nativeBrotli() {
  try {
    new DecompressionStream("brotli");
    return true;
  } catch {
    return false;
  }
}

/** Fetch the files of DEFERRED and LATER that this build's cache lacks, or for a page
 * in another language (`lang`), that language's files and its demo pages (each on its
 * own: one that fails is fetched again next time).  Resolves to how many demo pages the
 * cache holds. */
async function precacheLater(lang) {
  const cache = await caches.open(CACHE_NAME);
  const keep = (urls) => Promise.all(
    urls.map((url) => cacheMissing(cache, [url]).then(() => true, () => false)),
  );
  await keep(DEFERRED);
  if (lang) {
    await keep(LANGUAGES[lang]);
  }
  const held = await keep(lang ? laterOf(lang) : LATER);
  return held.filter(Boolean).length;
}

/** Delete the caches of other builds. */
async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(PREFIX) && n !== CACHE_NAME).map((n) => caches.delete(n)),
  );
}

/** Answer from this build's cache (ignoring ?v= and other query strings), else the
 * network: a file of the build fetched so is kept (a demo page, or a file the precache
 * has not reached yet).  A page that cannot be fetched (offline) is answered with the
 * game page (a top-level visit of the site's root) or the placeholder page. */
async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) {
    return hit;
  }
  const url = new URL(request.url);
  const key = url.origin + url.pathname;
  try {
    const response = await fetch(request);
    if (KNOWN_URLS.has(key) && response.status === 200) {
      // kept while the page reads it: the answer is not held back until it is stored
      event.waitUntil(cache.put(key, response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const page = await offlinePage(cache, request, key);
    if (page) {
      return page;
    }
    throw error;
  }
}

/** What to show for a page that cannot be fetched: the game page for a visit of the
 * site outside the rules demos, else the placeholder page (offline.html: plain HTML that
 * says to open the page once online; null for anything not a page), each in the page's
 * language when this browser holds that language's. */
async function offlinePage(cache, request, key) {
  if (request.mode !== "navigate" && request.destination !== "iframe") {
    return null;
  }
  const lang = languageOf(key);
  const inLanguage = async (url) =>
    (lang && (await cache.match(absolute(`./${lang}/${url.slice(2)}`)))) ||
    cache.match(absolute(url));
  if (request.destination === "document" && !LATER_URLS.has(key)) {
    const game = await inLanguage("./");
    if (game) {
      return game;
    }
  }
  return (await inLanguage("./offline.html")) ?? placeholderResponse(lang ?? "en");
}

/** The placeholder when even its page is not cached (the precache has not finished), in
 * the page's language `lang` (English for a language without a text). */
function placeholderResponse(lang) {
  const texts = typeof OFFLINE_TEXTS === "object" ? OFFLINE_TEXTS : {};
  const code = Object.hasOwn(texts, lang) ? lang : "en";
  const text = texts[code] ??
    "This page isn't saved for offline use yet: open it once while online.";
  return new Response(text, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Content-Language": code },
  });
}
