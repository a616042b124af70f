/* Registers the site's service worker (sw.js, next to this script) so the site keeps
 * working offline after the first visit.  Include it in every page with:
 *   <script src="./sw-register.js" defer></script>
 *
 * On a page that runs Python, registration waits for <html data-engine="ready">: by
 * then the page has downloaded Pyodide, the snapshot and the wheel; and then for the
 * copies of them the page keeps in the build's cache to be stored
 * (`window.__paishoKeeping`, see interpreter.mjs; at most KEEPING_WAIT_MS), so the
 * worker's precache finds them there instead of downloading them twice.
 *
 * On a later visit (a worker controlled the page from its start), once the page has
 * been idle a while, it asks the worker to cache the rules demo pages too (sw.js,
 * LATER), so they work offline: never on a first visit, whose downloads stay the page's
 * own.  `window.__paishoLaterIdle` is the promise of that (how many demo pages the
 * cache holds; for tests), set when the request is made.
 */
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return;
  }
  const script = document.currentScript;
  const url = new URL("sw.js", script ? script.src : document.baseURI);
  const html = document.documentElement;
  const laterVisit = Boolean(navigator.serviceWorker.controller);
  const IDLE_DELAY_MS = 5000;
  const KEEPING_WAIT_MS = 30000;

  /** Resolve once the page's copies are stored in the build's cache (or after
   * KEEPING_WAIT_MS: then the precache downloads what is still missing). */
  const keptCopies = () => new Promise((resolve) => {
    setTimeout(resolve, KEEPING_WAIT_MS);
    Promise.resolve(window.__paishoKeeping?.()).then(resolve, resolve);
  });

  const precacheLater = () => {
    window.__paishoLaterIdle = navigator.serviceWorker.ready.then((registration) =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = ({ data }) => resolve(data);
        registration.active.postMessage("precache-later", [channel.port2]);
      }));
  };

  const whenIdle = () => {
    setTimeout(() => {
      if ("requestIdleCallback" in window) {
        requestIdleCallback(precacheLater, { timeout: 10000 });
      } else {
        precacheLater();
      }
    }, IDLE_DELAY_MS);
  };

  const register = () => {
    navigator.serviceWorker.register(url, { scope: new URL("./", url).pathname }).then(() => {
      if (laterVisit) {
        whenIdle();
      }
    }, (error) => {
      console.warn("service worker not registered:", error);
    });
  };

  const whenReady = () => {
    if (!document.querySelector('script[type="py"]')) {
      register();
      return;
    }
    if (html.dataset.engine === "ready") {
      keptCopies().then(register);
      return;
    }
    const observer = new MutationObserver(() => {
      if (html.dataset.engine === "ready") {
        observer.disconnect();
        keptCopies().then(register);
      }
    });
    observer.observe(html, { attributes: true, attributeFilter: ["data-engine"] });
  };

  if (document.readyState === "complete") {
    whenReady();
  } else {
    window.addEventListener("load", whenReady);
  }
})();
