"""JavaScript checkers of the pages' layout, for the e2e tests: text wider than its box or
than the page, text cut inside its box, and whether an element is wholly on screen.

Each is a function literal (the pages' CSP forbids ``eval``); ``page.evaluate(JS, arg)``.
"""

from __future__ import annotations

OVERFLOW_JS = """(roots) => {
  const out = [];
  const width = document.documentElement.clientWidth;
  const sel = (roots || ['main', 'header']).map((r) => `${r}, ${r} *`).join(', ');
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length || el.closest('svg, template, code, .visually-hidden')) {
      continue;
    }
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (el.tagName === 'DIALOG' && (box.left < -1 || box.right > width + 1)) {
      out.push(`DIALOG#${el.id} past the page: ${box.left}..${box.right} of ${width}`);
    }
    if (style.overflowX !== 'visible' && style.overflowX !== '') continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      out.push(`${el.tagName}#${el.id}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    let scroller = el.parentElement;  // inside a box that scrolls sideways (a wide table)
    while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
      scroller = scroller.parentElement;
    }
    if (box.right > width + 1 && !scroller) out.push(`${el.tagName}#${el.id} past the page`);
  }
  return out;
}"""
"""Elements under the ``roots`` selectors (default ``main`` and ``header``) whose text is
wider than their box, or reaches past the page's right edge (unless inside a box that
scrolls sideways), and open dialogs reaching past either edge of the page."""

CLIPPED_JS = """(root) => {
  const out = [];
  const top = document.querySelector(root);
  if (!top) return [`${root}: not on the page`];
  for (const el of [top, ...top.querySelectorAll('*')]) {
    if (!el.getClientRects().length || el.closest('svg, .visually-hidden')) continue;
    if (['TEXTAREA', 'INPUT', 'SELECT'].includes(el.tagName)) continue;  // a text field
    const style = getComputedStyle(el);
    const clips = (v) => v !== 'visible' && v !== '';
    if (clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1) {
      out.push(`${el.tagName}#${el.id}.${el.className}: ${el.scrollHeight} > ${el.clientHeight}`);
    }
    if (clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      const what = `${el.tagName}#${el.id}.${el.className}`;
      out.push(`${what} sideways: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  return out;
}"""
"""Elements in ``root`` (a selector, itself included) whose content is cut by their box or
scrolls inside it: text that a reader cannot see without scrolling the box (a text
field's own text aside: it scrolls by design)."""

IN_VIEW_JS = """(selector) => {
  const el = document.querySelector(selector);
  if (!el || !el.getClientRects().length) return `${selector}: not shown`;
  const box = el.getBoundingClientRect();
  const [w, h] = [document.documentElement.clientWidth, window.innerHeight];
  const ok = box.top >= -1 && box.left >= -1 && box.bottom <= h + 1 && box.right <= w + 1;
  return ok ? '' : `${selector}: ${Math.round(box.left)},${Math.round(box.top)}`
    + `..${Math.round(box.right)},${Math.round(box.bottom)} of ${w}x${h}`;
}"""
"""``''`` when the element of ``selector`` is shown wholly inside the viewport as the page
is scrolled now, else what is wrong."""
