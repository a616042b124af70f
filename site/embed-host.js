/* For a page that embeds Pai Sho demos or games in iframes: sizes each iframe to the
 * height its page reports.  Include it once, from this site:
 *   <script src="https://YOUR-SITE/embed-host.js" defer></script>
 *
 * The embed pages post {type: "paisho-embed-height", height: <CSS px>, id: <id param>}
 * to their parent whenever their height changes.  Only messages from this script's own
 * origin and from one of the page's iframes are used.  A frame that spoke before this
 * script ran is asked again ({type: "paisho-embed-ask"}, sent to this origin only).
 */
(() => {
  const script = document.currentScript;
  const origin = new URL(script ? script.src : document.baseURI).origin;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== origin || !data || data.type !== "paisho-embed-height") return;
    const height = Number(data.height);
    if (!Number.isFinite(height)) return;
    for (const frame of document.querySelectorAll("iframe")) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.round(Math.max(120, Math.min(height, 4000)))}px`;
        frame.dataset.sized = "1";
      }
    }
  });
  const ask = () => {
    for (const frame of document.querySelectorAll("iframe")) {
      frame.contentWindow?.postMessage({ type: "paisho-embed-ask" }, origin);
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ask, { once: true });
  } else {
    ask();
  }
})();
