"""What a page shows its reader, for the languages' end-to-end tests (issue #24)."""

from __future__ import annotations

import re

from sitebuild.catalogs import read_catalog

VISIBLE_TEXT_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || !parent.checkVisibility({visibilityProperty: true})) continue;
    if (parent.closest('svg, script, style, code, kbd, .lang-switch, #move-list, .notation')) {
      continue;
    }
    out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    // the board's points are read by their names (paisho_page.words.board_words); other
    // pictures (tile icons) are aria-hidden
    if (!el.checkVisibility({visibilityProperty: true})
        || el.closest('svg:not(#board), .lang-switch')) {
      continue;
    }
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) out.push(value);
    }
  }
  return out;
}"""
"""Every visible text node and label of the page, the board's points' names included
(the move list, the SVGs' text, code and the language switch's own names aside)."""


def english_templates(lang: str) -> list[re.Pattern[str]]:
    """Each English page message whose translation into ``lang`` differs, as a pattern
    of the whole text (a placeholder stands for any text; a page sentence's tag
    placeholders, ``<1>…</1>``, ``<2/>``, cut it into the text nodes it is made of);
    texts of a single word are left out (a translated word may be spelt like the English
    one)."""
    out = []
    for message in read_catalog(lang, "page").messages:
        for english, translated in ((message.msgid, message.msgstr[0]),
                                    (message.msgid_plural, message.msgstr[-1])):
            if not english or english == translated:
                continue
            for node in re.split(r"</?[1-9][0-9]*/?>", english):
                words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w*\}", " ", node))
                if len(words) < 2:
                    continue
                parts = re.split(r"\{\w*\}", node.strip())
                out.append(re.compile(".+?".join(re.escape(part) for part in parts), re.S))
    return out
