/* The page's language: sends a visit to the reader's language before anything paints,
 * and remembers a choice made in the header's language switch.  Loaded first in every
 * page's head (a file: the Content-Security-Policy allows no inline script).
 *
 * The language a page should be in (paisho_page/words/i18n.py's negotiate, the same rule):
 *  - a `lang=` parameter in the query or the fragment (an embed's snippet) wins;
 *  - on an English page, then the choice stored under `paisho.lang.v1`, then the first of
 *    the browser's languages the site speaks (a first visit), else English.
 * A page in another language than that is replaced by the same page in it, found in
 * the page's own <link rel="alternate" hreflang> tags, with the query and fragment kept.
 * A click on a link of the language switch (.lang-switch a[hreflang]) stores its
 * language and carries the query and fragment along (a game in progress stays open).
 */
(() => {
  const KEY = "paisho.lang.v1";
  const LANGUAGES = "__LANGUAGES__";
  const html = document.documentElement;
  const here = html.lang || "en";
  const known = Array.isArray(LANGUAGES) ? LANGUAGES : ["en"];
  const code = (tag) => {
    const primary = String(tag || "").toLowerCase().replace("_", "-").split("-")[0];
    return known.includes(primary) ? primary : null;
  };
  const fragmentParams = () => {
    const text = location.hash.slice(1);
    // a shared game's link (#1…, #2…) holds no parameters
    return !text || /^[0-9]/.test(text) ? new URLSearchParams() : new URLSearchParams(text);
  };
  const param = fragmentParams().get("lang") || new URLSearchParams(location.search).get("lang");
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null; // storage blocked (a sandboxed frame): no choice remembered
  }

  /** The address of this page in `lang` (its alternate link), keeping query and fragment. */
  const addressIn = (lang, keepLang) => {
    const link = document.querySelector(`link[rel="alternate"][hreflang="${lang}"]`);
    if (!link) return null;
    const url = new URL(link.getAttribute("href"), location.href);
    const query = new URLSearchParams(location.search);
    if (!keepLang) query.delete("lang");
    const rest = query.toString();
    url.search = rest ? `?${rest}` : "";
    let fragment = location.hash;
    if (!keepLang && fragment.includes("lang=") && !/^#[0-9]/.test(fragment)) {
      const params = fragmentParams();
      params.delete("lang");
      fragment = params.toString() ? `#${params}` : "";
    }
    url.hash = fragment;
    return url.href;
  };

  let wanted = code(param);
  if (!wanted && here === "en") {
    wanted = code(stored) || (navigator.languages || [navigator.language]).map(code).find(Boolean) || "en";
  }
  if (wanted && wanted !== here) {
    const target = addressIn(wanted, true);
    if (target && target !== location.href) {
      location.replace(target);
      return;
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest(".lang-switch a[hreflang]");
    if (!link) return;
    const lang = link.getAttribute("hreflang");
    try {
      localStorage.setItem(KEY, lang);
    } catch {
      // not stored: the link still opens the page in that language
    }
    const target = addressIn(lang, false);
    if (target) link.href = target;
  });
})();
