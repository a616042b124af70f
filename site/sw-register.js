/* Registers the site's service worker (sw.js, next to this script) so the site keeps
 * working offline after the first visit.  Include it in every page with:
 *   <script src="./sw-register.js" defer></script>
 *
 * On a page that runs Python, registration waits for <html data-engine="ready">: by
 * then the page has downloaded Pyodide, the snapshot and the wheel, so the worker's
 * precache revalidates them from the HTTP cache instead of downloading them twice.
 */
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return;
  }
  const script = document.currentScript;
  const url = new URL("sw.js", script ? script.src : document.baseURI);
  const html = document.documentElement;

  const register = () => {
    navigator.serviceWorker.register(url, { scope: new URL("./", url).pathname }).catch((error) => {
      console.warn("service worker not registered:", error);
    });
  };

  const whenReady = () => {
    if (!document.querySelector('script[type="py"]') || html.dataset.engine === "ready") {
      register();
      return;
    }
    const observer = new MutationObserver(() => {
      if (html.dataset.engine === "ready") {
        observer.disconnect();
        register();
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
