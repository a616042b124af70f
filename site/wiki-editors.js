/* wiki-editors.html: put this site's real address into the snippets (they are written
 * with https://YOUR-SITE/ so that the page reads well before this runs). */
(() => {
  const base = new URL("./", location.href).href;
  /** A word of the page in its language (the build translated the hidden #page-words). */
  const word = (name, english) =>
    document.querySelector(`#page-words [data-word="${name}"]`)?.textContent || english;
  for (const snippet of document.querySelectorAll(".snippet")) {
    snippet.textContent = snippet.textContent.replaceAll("https://YOUR-SITE/", base);
  }
  // a Copy button after each snippet (the snippet's text, with this site's address)
  const selectText = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  };
  const copyWithSelection = (node) => {
    selectText(node);
    return document.execCommand && document.execCommand("copy");
  };
  for (const snippet of document.querySelectorAll(".snippet")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-snippet";
    button.textContent = word("copy", "Copy");
    const status = document.createElement("span");
    status.className = "copy-status";
    status.setAttribute("aria-live", "polite");
    button.addEventListener("click", async () => {
      const text = snippet.textContent;
      let done = false;
      try {
        await navigator.clipboard.writeText(text);
        done = true;
      } catch (_error) {
        done = copyWithSelection(snippet);
      }
      status.textContent = done ? word("copied", "Copied.") : word("selected", "Selected: press Ctrl+C (⌘C) to copy.");
      if (!done) selectText(snippet);
    });
    snippet.after(button, status);
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
