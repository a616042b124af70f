"""Elements a page builds itself, as data: pure logic for the page.

An :class:`Element` is a tag, its text (set as ``textContent``, never parsed as HTML),
its class, id, attributes, properties, children and, for tile art only, the renderer's
SVG; a page module describes a dialog
with them (tested under CPython), and ``site/dom.py``'s ``build`` makes the DOM nodes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Element:
    """One element to build: ``<tag id class attrs…>text children…</tag>``."""

    tag: str
    text: str | None = None
    cls: str | None = None
    id: str | None = None
    attrs: tuple[tuple[str, str], ...] = ()
    """Attributes, set with ``setAttribute``."""
    props: tuple[tuple[str, str | bool], ...] = ()
    """Properties, set on the node (``type``, ``href``, ``target``…)."""
    children: tuple[Element, ...] = ()
    svg: str = ""
    """Renderer output (:mod:`paisho_core.render`, which escapes everything), set as the
    element's markup before its children; never text from a link, storage or the user."""

    def find(self, ident: str) -> Element | None:
        """The element (this one or a descendant) whose id is ``ident``."""
        if self.id == ident:
            return self
        for child in self.children:
            found = child.find(ident)
            if found is not None:
                return found
        return None
