/* wiki-editors.html: put this site's real address into the snippets (they are written
 * with https://YOUR-SITE/ so that the page reads well before this runs). */
(() => {
  const base = new URL("./", location.href).href;
  for (const snippet of document.querySelectorAll(".snippet")) {
    snippet.textContent = snippet.textContent.replaceAll("https://YOUR-SITE/", base);
  }
  // wiki-editors.html#demo-<name> (the Rules page's "embed it"): open that demo's snippet
  const openTarget = () => {
    const row = /^#demo-[a-z0-9-]+$/.test(location.hash) && document.getElementById(location.hash.slice(1));
    const details = row && row.nextElementSibling && row.nextElementSibling.querySelector("details");
    if (details) details.open = true;
  };
  openTarget();
  window.addEventListener("hashchange", openTarget);
})();
