/* Registers the site's service worker (sw.js, next to this script) so the site keeps
 * working offline after the first visit.  Include it in every page with:
 *   <script src="./sw-register.js" defer></script>
 */
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return;
  }
  const script = document.currentScript;
  const url = new URL("sw.js", script ? script.src : document.baseURI);
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(url, { scope: new URL("./", url).pathname }).catch((error) => {
      console.warn("service worker not registered:", error);
    });
  });
})();
