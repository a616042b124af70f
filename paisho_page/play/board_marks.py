"""The board's dynamic layer drawn again: the whole layer, or only the marks that changed.

The renderer gives the layer in pieces (:class:`~paisho_core.render.DynamicLayer`): its
*frame* (the harmony lines, the tiles, the last-move marks, the preview and controls
layers) and each point's marks (the ``class`` and ``aria-label`` of its group and the
markup of its ``<g class="marks">``).  When the frame is the one the page shows (a
selection, a keyboard cursor's move, a hint's marks), :class:`ShownLayer` gives the
writes of the points whose marks changed, and nothing else; when it is another (a
completed action, undo, another game, a replay step, a language's new names), the whole
layer's markup.  Applying the writes to the layer shown gives exactly the new layer's
markup (the same pieces make both).  Pure: ``site/game_page.py`` carries them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import unescape

from paisho_core.render import DynamicLayer, point_id
from paisho_page.base import dom_writes as w

STAMP = "data-drawn"
"""The attribute of ``<g id="board-dynamic">`` naming the layer drawn there whole (the
count of :class:`ShownLayer`): a layer the page drew otherwise (or none) is drawn whole."""


@dataclass(frozen=True)
class BoardUpdate:
    """What to draw: the whole layer (:attr:`whole`, then :attr:`stamp` on it), or the
    :attr:`writes` and :attr:`marks` of the points whose marks changed."""

    whole: str | None = None
    """The layer's markup, when it is drawn whole (``None``: only the marks)."""
    stamp: str = ""
    """The value of :data:`STAMP` to set on the layer drawn whole."""
    writes: tuple[w.Write, ...] = ()
    """The points' groups' changed ``class`` and ``aria-label`` attributes."""
    marks: tuple[tuple[str, str], ...] = ()
    """``(id, markup)``: the new inner markup of the last child (``<g class="marks">``)
    of the point group ``id``, from the renderer (which escapes everything)."""


def mark_changes(before: DynamicLayer, after: DynamicLayer) -> BoardUpdate | None:
    """The writes that turn the layer ``before`` into ``after`` (only the points whose
    marks differ), or ``None`` when their frames differ (the layer is drawn whole)."""
    if before.frame != after.frame:  # (the points are drawn in one order: the board's)
        return None
    writes: list[w.Write] = []
    marks: list[tuple[str, str]] = []
    for point, old, new in zip(after.points, before.marks, after.marks, strict=True):
        if old == new:
            continue
        target = point_id(point)
        if old.classes != new.classes:
            writes.append(w.attr(target, "class", unescape(new.classes)))
        if old.label != new.label:
            writes.append(w.attr(target, "aria-label", unescape(new.label)))
        if old.marks != new.marks:
            marks.append((target, new.marks))
    return BoardUpdate(writes=tuple(writes), marks=tuple(marks))


class ShownLayer:
    """The dynamic layer the board shows, as the page last drew it."""

    def __init__(self) -> None:
        """Nothing drawn yet."""
        self.layer: DynamicLayer | None = None
        self.count = 0

    def draw(self, layer: DynamicLayer, stamp: str | None) -> BoardUpdate:
        """Show ``layer`` on a board whose dynamic layer carries ``stamp`` (its
        :data:`STAMP`; ``None``: there is no layer): only its changed marks when the
        layer shown is the one last drawn here and has the same frame, else whole."""
        before, self.layer = self.layer, layer
        if before is not None and stamp == str(self.count):
            update = mark_changes(before, layer)
            if update is not None:
                return update
        self.count += 1
        return BoardUpdate(whole=layer.markup(), stamp=str(self.count))
