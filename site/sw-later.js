/* For the Rules page: its live demos (iframes of demo-*.html) work offline after one
 * visit of it.  Include it in a page with `.rule-demos`:
 *   <script src="./sw-later.js" defer></script>
 *
 * The service worker leaves the demo pages (~1 MB) out of the first visit's precache
 * (sw.js, LATER): a visit of the game page never needs them.  If a worker of the site
 * controls this page (the site was visited before), this asks it to cache them all.
 * It registers no worker itself: reading the rules downloads no game.
 * `window.__paishoLater` is the promise of that, resolving to how many demo pages the
 * cache holds (for tests); it is not set when no worker controls the page.
 */
(() => {
  const workers = navigator.serviceWorker;
  if (!workers || !workers.controller || !document.querySelector(".rule-demos")) {
    return;
  }
  window.__paishoLater = workers.ready.then((registration) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    registration.active.postMessage("precache-later", [channel.port2]);
  }));
})();
