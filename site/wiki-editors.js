/* wiki-editors.html: put this site's real address into the snippets (they are written
 * with https://YOUR-SITE/ so that the page reads well before this runs). */
(() => {
  const base = new URL("./", location.href).href;
  for (const snippet of document.querySelectorAll(".snippet")) {
    snippet.textContent = snippet.textContent.replaceAll("https://YOUR-SITE/", base);
  }
})();
