"""The board's dynamic layer drawn again: only what changed, or the whole layer.

The renderer gives the layer in pieces (:class:`~paisho_core.render.DynamicLayer`): its
*frame* (the group of the ring and the harmony lines, each point's click target,
last-move mark and tile, the preview and controls layers) and each point's marks (the
``class`` and ``aria-label`` of its group and the markup of its ``<g class="marks">``).
:class:`ShownLayer` compares the layer to draw with the one the board shows:

- a selection, a keyboard cursor's move or a hint's marks (the same frame): the writes of
  the points whose marks changed, and nothing else;
- a completed action, an undo or a replay step (some tiles, lines or last-move marks
  changed): the lines' group if they changed, the whole group of each point whose tile or
  last-move mark changed, the marks of the others that changed, and the preview and
  controls layers emptied (as a whole drawing leaves them; the page's panels draw them
  again);
- a layer the page drew otherwise, or many points changed (another game): the whole
  layer's markup.

Applying the writes to the layer shown gives exactly the new layer's markup (the same
pieces make both).  Pure: ``site/game_page.py`` carries them out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import unescape

from paisho_core.render import CONTROLS_ID, LINES_ID, PREVIEW_IDS, DynamicLayer, point_id
from paisho_page.base import dom_writes as w

STAMP = "data-drawn"
"""The attribute of ``<g id="board-dynamic">`` naming the layer drawn there whole (the
count of :class:`ShownLayer`): a layer the page drew otherwise (or none) is drawn whole."""

MOST_POINTS = 40
"""Past this many points drawn again, the whole layer is drawn (one parse is cheaper)."""


@dataclass(frozen=True)
class BoardUpdate:
    """What to draw: the whole layer (:attr:`whole`, then :attr:`stamp` on it), or, in this
    order, the :attr:`inner` markup of some groups, the :attr:`outer` markup of some
    points' groups, and the :attr:`writes` and :attr:`marks` of the points whose marks
    alone changed."""

    whole: str | None = None
    """The layer's markup, when it is drawn whole (``None``: only what changed)."""
    stamp: str = ""
    """The value of :data:`STAMP` to set on the layer drawn whole."""
    writes: tuple[w.Write, ...] = ()
    """The points' groups' changed ``class`` and ``aria-label`` attributes."""
    marks: tuple[tuple[str, str], ...] = ()
    """``(id, markup)``: the new inner markup of the last child (``<g class="marks">``)
    of the point group ``id``, from the renderer (which escapes everything)."""
    inner: tuple[tuple[str, str], ...] = ()
    """``(id, markup)``: the new inner markup of the group ``id`` (the lines' group, the
    preview and controls layers), from the renderer."""
    outer: tuple[tuple[str, str], ...] = ()
    """``(id, markup)``: the point group ``id`` replaced by ``markup``, from the
    renderer."""


def mark_changes(before: DynamicLayer, after: DynamicLayer) -> BoardUpdate | None:
    """The writes that turn the layer ``before`` into ``after`` (only the points whose
    marks differ), or ``None`` when their frames differ."""
    if before.frame != after.frame:  # (the points are drawn in one order: the board's)
        return None
    return _marks(before, after, range(len(after.marks)))


def layer_changes(before: DynamicLayer, after: DynamicLayer) -> BoardUpdate | None:
    """The writes that turn the layer ``before`` into ``after``: only the marks when their
    frames are the same (:func:`mark_changes`), else the lines, the points whose tile or
    last-move mark changed and the marks of the others; ``None`` when their ends differ
    (the coordinates shown or not) or more than :data:`MOST_POINTS` points changed."""
    same = mark_changes(before, after)
    if same is not None:
        return same
    old, new = before.frame, after.frame
    if len(old) != len(new) or old[-1] != new[-1]:
        return None
    count = len(after.marks)
    redrawn = [i for i in range(count) if old[2 + 2 * i] != new[2 + 2 * i]]
    if len(redrawn) > MOST_POINTS:
        return None
    inner = [] if old[0] == new[0] else [(LINES_ID, after.lines())]
    inner += [(target, "") for target in (*PREVIEW_IDS, CONTROLS_ID)]
    outer = tuple((point_id(after.points[i]), after.point_markup(i)) for i in redrawn)
    skip = set(redrawn)
    rest = _marks(before, after, (i for i in range(count) if i not in skip))
    return BoardUpdate(writes=rest.writes, marks=rest.marks, inner=tuple(inner), outer=outer)


def _marks(before: DynamicLayer, after: DynamicLayer, indices: Iterable[int]) -> BoardUpdate:
    """The writes of the points at ``indices`` whose marks differ."""
    writes: list[w.Write] = []
    marks: list[tuple[str, str]] = []
    for i in indices:
        old, new = before.marks[i], after.marks[i]
        if old == new:
            continue
        target = point_id(after.points[i])
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
        :data:`STAMP`; ``None``: there is no layer): only what changed when the layer
        shown is the one last drawn here (:func:`layer_changes`), else whole."""
        before, self.layer = self.layer, layer
        if before is not None and stamp == str(self.count):
            update = layer_changes(before, layer)
            if update is not None:
                return update
        self.count += 1
        return BoardUpdate(whole=layer.markup(), stamp=str(self.count))
