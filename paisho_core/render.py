"""Draw a game as SVG: the round board, its tiles, harmonies and the UI's marks.

Pure and deterministic (same game and view, same string), so the page, the build step
(which pre-renders the board into the HTML) and the tests share it.  Only the game
protocol is read (:meth:`Game.board_tiles`, :meth:`Game.harmony_lines`,
:attr:`Game.players`, ``info.name``), so every variant renders.

Layout: one step between points is :data:`STEP` SVG units, ``+y`` is up (north).  The
``<svg>`` holds a *static* layer (the wooden board, computed once into
:data:`STATIC_LAYER`) and a *dynamic* group ``<g id="board-dynamic">`` made by
:func:`render_dynamic`: the group :data:`LINES_ID` (the winning ring, the harmony
lines), then one ``<g data-point="(x,y)">`` per board point (a click target with an
accessible name) holding the tile on it, if any, and last its marks' group
``<g class="marks">``; last of all the layer :data:`CONTROLS_ID`, empty, for the page's
controls.  :func:`dynamic_layer` gives the layer in pieces (:class:`DynamicLayer`), so a
page may draw again only the lines, the points or the marks that changed.

Every text that reaches the SVG (tile codes, player names, point texts) is escaped.
What the picture says (the board's name, each point's accessible name) is a
:class:`~paisho_core.board_words.BoardWords` value: English by default, the page's
language when the page passes its own (``words=``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any, NamedTuple

from . import registry
from .board import POINT_OF, POINTS, Point, index_of
from .board_words import ENGLISH, BoardWords
from .protocol import TileView
from .tileart import TEXT_FONT as _TEXT_FONT
from .tileart import fmt as _f
from .tileart import letter_tile

STEP = 40
"""SVG units between two neighbouring points."""
FACE_RADIUS = 9.2
"""Radius of the board face (in steps): the grid lines end on it."""
RIM_RADIUS = 9.85
"""Outer radius of the wooden rim (in steps)."""
TILE_RADIUS = 17
"""Radius of a tile disc (SVG units)."""
VIEW_HALF = 400
"""Half the side of the square viewBox (SVG units)."""
TARGET_RADIUS = 9
"""Radius of the mark of a legal empty point (SVG units; a page may scale the marks
with CSS, e.g. for touch: the marks are styled by class)."""
RING_RADIUS = 20
"""Radius of the ring round a tile that may be clicked (just outside the tile's disc)."""
KIND_RADIUS = 8
"""Half the size of a :class:`TargetMark`'s shapes."""


# --------------------------------------------------------------------------- the view
@dataclass(frozen=True)
class RenderView:
    """What the UI state adds to a board picture (all points as ``Point``)."""

    selected: frozenset[Point] = frozenset()
    """Points clicked in the action being built (a selected tile, a Boat's target…)."""
    highlights: frozenset[Point] = frozenset()
    """Points that are legal next clicks."""
    cursor: Point | None = None
    """The keyboard cursor, if shown."""
    last_move: frozenset[Point] = frozenset()
    """Points touched by the last action."""
    ring: tuple[Point, ...] = ()
    """A winning Harmony Ring to draw, as its points in order."""
    extra_classes: Mapping[Point, str] = field(default_factory=dict)
    """Extra CSS classes per point (for variant widgets, e.g. Balance hints)."""
    target_marks: Mapping[Point, TargetMark] = field(default_factory=dict)
    """Highlighted points marked by what a click there does (drawn instead of the plain
    target mark, see :class:`TargetMark`)."""
    coordinates: bool = False
    """Label the grid lines with the coordinates the notation names points by."""


MARK_SHAPES = ("dot", "triangle", "square", "diamond")
"""The shapes of a :class:`TargetMark`, told apart by outline, not colour only."""


@dataclass(frozen=True)
class TargetMark:
    """A highlighted point's mark saying what a click there does: one shape per thing
    it may do (of :data:`MARK_SHAPES`), and those things in words (its accessible name)."""

    shapes: tuple[str, ...]
    words: str


EMPTY_VIEW = RenderView()


def svg_xy(point: Point) -> tuple[int, int]:
    """The SVG coordinates of a board point's centre."""
    return point.x * STEP, -point.y * STEP


# ------------------------------------------------------------------ the static board
_WOOD_DARK = "#5b341a"
_WOOD = "#8a5a32"
_FACE = "#ecd9b0"
_RED = "#b23a2b"
_WHITE = "#f8f3e6"
_LINE = "#4a2e17"


def _static_layer() -> str:
    r_face = FACE_RADIUS * STEP
    r_rim = RIM_RADIUS * STEP
    parts: list[str] = [
        "<defs>",
        '<radialGradient id="ps-rim" cx="50%" cy="45%" r="55%">'
        f'<stop offset="80%" stop-color="{_WOOD}"/><stop offset="100%" '
        f'stop-color="{_WOOD_DARK}"/></radialGradient>',
        '<radialGradient id="ps-face" cx="50%" cy="40%" r="60%">'
        f'<stop offset="0%" stop-color="#f4e6c6"/><stop offset="100%" '
        f'stop-color="{_FACE}"/></radialGradient>',
        f'<clipPath id="ps-clip"><circle cx="0" cy="0" r="{_f(r_face)}"/></clipPath>',
        "</defs>",
        f'<circle class="rim" cx="0" cy="0" r="{_f(r_rim)}" fill="url(#ps-rim)" '
        f'stroke="{_WOOD_DARK}" stroke-width="3"/>',
        f'<circle class="face" cx="0" cy="0" r="{_f(r_face)}" fill="url(#ps-face)" '
        f'stroke="{_WOOD_DARK}" stroke-width="2"/>',
        '<g class="areas" clip-path="url(#ps-clip)">',
    ]
    g = 7 * STEP
    # red gardens: NE and SW; white gardens: NW and SE (screen y is flipped)
    for cls, fill, pts in (
        ("garden red", _RED, ((0, 0), (g, 0), (0, -g))),
        ("garden red", _RED, ((0, 0), (-g, 0), (0, g))),
        ("garden white", _WHITE, ((0, 0), (-g, 0), (0, -g))),
        ("garden white", _WHITE, ((0, 0), (g, 0), (0, g))),
    ):
        coords = " ".join(f"{x},{y}" for x, y in pts)
        parts.append(f'<polygon class="{cls}" points="{coords}" fill="{fill}"/>')
    # four small red gate areas at the ends of the midlines
    gsz = 0.8 * STEP
    for gx, gy in ((0, 8), (0, -8), (8, 0), (-8, 0)):
        cx, cy = gx * STEP, -gy * STEP
        coords = " ".join(
            f"{_f(cx + dx)},{_f(cy + dy)}" for dx, dy in ((0, -gsz), (gsz, 0), (0, gsz), (-gsz, 0))
        )
        parts.append(f'<polygon class="gate" points="{coords}" fill="{_RED}"/>')
    parts.append("</g>")
    # a thin border around the gardens (the neutral ring starts there)
    parts.append(
        f'<polygon class="garden-edge" points="0,{-g} {g},0 0,{g} {-g},0" fill="none" '
        f'stroke="{_LINE}" stroke-width="1.6" stroke-opacity="0.55"/>'
    )
    # the square grid, each line ending on the face circle
    lines: list[str] = []
    for k in range(-8, 9):
        half = math.sqrt(FACE_RADIUS**2 - k * k) * STEP
        c = k * STEP
        lines.append(f"M{c},{_f(-half)}V{_f(half)}M{_f(-half)},{c}H{_f(half)}")
    parts.append(
        f'<path class="grid" d="{"".join(lines)}" stroke="{_LINE}" stroke-width="1.1" '
        'stroke-opacity="0.6" fill="none"/>'
    )
    parts.append(
        f'<path class="midlines" d="M0,{_f(-r_face)}V{_f(r_face)}M{_f(-r_face)},0H{_f(r_face)}" '
        f'stroke="{_LINE}" stroke-width="2" stroke-opacity="0.7" fill="none"/>'
    )
    parts.append(f'<circle class="centre" cx="0" cy="0" r="3" fill="{_LINE}" fill-opacity="0.7"/>')
    return (
        f"<style>{BOARD_CSS}</style>"
        + '<g id="board-static" aria-hidden="true">'
        + "".join(parts)
        + "</g>"
    )


BOARD_CSS = (
    ".board .hit{cursor:pointer}"
    ".board .harmony{stroke-width:6;stroke-linecap:round;stroke-opacity:.9}"
    ".board .harmony.host{stroke:#f0b429}"
    ".board .harmony.guest{stroke:#1d3557}"
    ".board .harmony.none{stroke:#2a9d8f}"
    ".board line.flipped{stroke-dasharray:2 6;stroke-linecap:round}"
    ".board .ring{fill:#f0b42926;stroke:#ffd166;stroke-opacity:.55;stroke-width:18;"
    "stroke-linejoin:round}"
    # a legal point: a dark teal dot in a white ring (seen on the light face, on the
    # grid's lines and on a dark tile alike), a tile to click a teal ring on a white one
    ".board .mark-target{fill:#1a6b62;stroke:#fff;stroke-width:2.5;pointer-events:none}"
    ".board .mark-target-halo{fill:none;stroke:#fff;stroke-width:8;stroke-opacity:.9;"
    "pointer-events:none}"
    ".board .mark-target-ring{fill:none;stroke:#1a6b62;stroke-width:4.5;pointer-events:none}"
    ".board .mark-selected{fill:none;stroke:#ffd166;stroke-width:4.5;pointer-events:none}"
    ".board .mark-last{fill:#3a86ff;fill-opacity:.18;stroke:#3a86ff;stroke-opacity:.7;"
    "stroke-width:2;pointer-events:none}"
    ".board .mark-cursor{fill:none;stroke:#e63946;stroke-width:3;stroke-dasharray:6 4;"
    "pointer-events:none}"
    ".board .mark-drained{fill:#6b705c;fill-opacity:.35;stroke:#6b705c;stroke-width:2;"
    "stroke-dasharray:3 3}"
    ".board .mark-trapped{fill:none;stroke:#9b5de5;stroke-width:3;stroke-dasharray:2 3}"
    ".board .mark-growing{fill:none;stroke:#80b918;stroke-width:2;stroke-opacity:.8}"
    ".board .mark-kind{fill:#1a6b62;stroke:#fff;stroke-width:2;pointer-events:none}"
    ".board .tile{pointer-events:none}"
    ".board .pt:hover .hit{fill:#0000000f}"
    ".board .pt.highlight:hover .hit{fill:#2a9d8f40}"
    # Balance: harmonies solid teal, disharmonies dashed crimson (colour + dash), the
    # preview of a placement drawn over a light halo, and the solver's hint.
    ".board .harmony.player{stroke:#1f8a70}"
    ".board .disharmony{stroke:#7d0a17;stroke-width:5;stroke-dasharray:11 7;"
    "stroke-linecap:butt;stroke-opacity:.9}"
    ".board .preview-halo{stroke:#fffdf5;stroke-width:11;stroke-linecap:round;"
    "stroke-opacity:.85}"
    ".board .preview-line{stroke-width:5.5}"
    ".board .preview-line.harmony{stroke:#1f8a70;stroke-opacity:1}"
    ".board .preview-line.disharmony{stroke:#7d0a17;stroke-dasharray:11 7;stroke-opacity:1}"
    ".board .preview-line.cut{stroke:#6b5442;stroke-width:3.5;stroke-dasharray:2 6;"
    "stroke-linecap:round}"
    ".board .preview-line.neutral{stroke:#6b5442;stroke-width:2.5;stroke-opacity:.9}"
    ".board .preview-ghost{opacity:.62;pointer-events:none}"
    ".board .preview-target{fill:none;stroke:#1d3557;stroke-width:3;pointer-events:none}"
    ".board .pt.hint .hit{fill:#f0b42959;stroke:#e09f00;stroke-width:4;stroke-dasharray:6 3}"
    # the review: the points of the move the computer prefers to a judged one
    ".board .pt.better .hit{fill:#1f8a7040;stroke:#1f8a70;stroke-width:4;stroke-dasharray:6 3}"
    ".board .preview-layer{pointer-events:none}"
    # rules demos: the points a step's caption talks about
    ".board .pt.focus .hit{fill:#ffd16659;stroke:#e76f51;stroke-width:6}"
)
"""The board's own CSS (marks, harmony lines), embedded in the SVG."""


STATIC_LAYER: str = _static_layer()
"""The board's unchanging art (rim, face, gardens, gates, grid), computed once."""


# ------------------------------------------------------------------------ tile art
_OWNER_RIM = {
    "host": ("#f7eed6", "#6d4c2c"),
    "guest": ("#2a201a", "#0d0a08"),
    None: ("#c9a46a", "#6d4c2c"),
}


def tile_name(variant: str, code: str, words: BoardWords = ENGLISH) -> str:
    """A tile's human name, e.g. ``Rose R3`` for Skud's ``R3`` or ``Rock`` for ``R``
    (the name in ``words``' language, the code as it is)."""
    spec = registry.find(variant)
    name = spec.tile_names.get(code) if spec is not None else None
    if name is None:
        return code
    shown = words.tile_word(name.template)
    if any(ch.isdigit() for ch in code):
        return f"{shown} {code}"
    return shown


def _tile_body(variant: str, code: str, owner: str | None) -> str:
    key = (variant, code, owner)
    cached = _BODY_CACHE.get(key)
    if cached is not None:
        return cached
    rim, outline = _OWNER_RIM.get(owner, _OWNER_RIM[None])
    art = registry.art(variant).get(code)
    if art is None:
        art = letter_tile("#d5c4a1", "#3b2a1a", code[:3])
    body = (
        f'<circle class="shadow" cx="1.4" cy="2.2" r="{TILE_RADIUS}" fill="#000" '
        'fill-opacity="0.28"/>'
        f'<circle class="disc" cx="0" cy="0" r="{TILE_RADIUS}" fill="{rim}" stroke="{outline}" '
        'stroke-width="1.4"/>' + art
    )
    _BODY_CACHE[key] = body
    return body


_BODY_CACHE: dict[tuple[str, str, str | None], str] = {}


def _owner_name(players: tuple[str, ...], owner: int | None) -> str | None:
    if owner is None or not 0 <= owner < len(players):
        return None
    return players[owner]


def tile_svg(variant: str, code: str, owner: str | None, size: int = 40) -> str:
    """A standalone ``<svg>`` picture of one tile (for reserves and buttons)."""
    owner_attr = f' data-owner="{escape(owner)}"' if owner else ""
    half = TILE_RADIUS + 3
    return (
        f'<svg class="tile-icon" viewBox="{-half} {-half} {2 * half} {2 * half}" '
        f'width="{size}" height="{size}" aria-hidden="true" focusable="false"'
        f' data-tile="{escape(code)}"{owner_attr}>'
        f"{_tile_body(variant, escape(code), owner)}</svg>"
    )


# ------------------------------------------------------------------- dynamic layer
def _variant(game: Any) -> str:
    info = getattr(game, "info", None)
    return str(getattr(info, "name", "")) if info is not None else ""


def _label(
    words: BoardWords, owner: str | None, variant: str, tile: TileView | None, point: Point
) -> str:
    """A point's accessible name in ``words`` (escaped)."""
    if tile is None:
        return escape(words.empty_name(point))
    name = tile_name(variant, tile.code, words)
    return escape(words.tile_name_at(point, name, owner or None, tile.flags))


class PointMarks(NamedTuple):
    """What a selection may change on one point: the ``class`` and ``aria-label`` of its
    ``<g class="pt …">`` group (as written in the markup: escaped) and the markup inside
    its last child, ``<g class="marks">`` (selected, target, ring, cursor marks)."""

    classes: str
    label: str
    marks: str


@dataclass(frozen=True)
class DynamicLayer:
    """:func:`render_dynamic`'s markup in pieces: the *frame*, what a selection never
    changes (the winning ring, the harmony lines, the preview layers, each point's click
    target, last-move mark and tile, the coordinates, the controls' layer), and each
    point's :class:`PointMarks`.  :meth:`markup` is the layer's markup, so the full render
    and a page's update of the marks alone are made of the same pieces."""

    frame: tuple[str, ...]
    """The markup before the points, each point's opening up to its attributes, each
    point's body, and the markup after the points (see :meth:`markup`)."""
    points: tuple[Point, ...]
    """The board's points, in the order drawn."""
    marks: tuple[PointMarks, ...]
    """Each point's marks (as :attr:`points`)."""

    def markup(self) -> str:
        """The inner markup of ``<g id="board-dynamic">``."""
        frame = self.frame
        out = [frame[0]]
        out.extend(self.point_markup(i) for i in range(len(self.marks)))
        out.append(frame[-1])
        return "".join(out)

    def point_markup(self, i: int) -> str:
        """The markup of the group of the ``i``-th point (of :attr:`points`)."""
        m = self.marks[i]
        return (
            f'<g class="{m.classes}"{self.frame[1 + 2 * i]} aria-label="{m.label}">'
            f'{self.frame[2 + 2 * i]}<g class="marks">{m.marks}</g></g>'
        )

    def lines(self) -> str:
        """The inner markup of the group :data:`LINES_ID` (the ring and the lines)."""
        return self.frame[0][len(LINES_OPEN) : -len(_HEAD_END)]

    def body(self, i: int) -> str:
        """What a selection never changes in the ``i``-th point's group: its click target,
        last-move mark and tile."""
        return self.frame[2 + 2 * i]


LINES_ID = "board-lines"
"""The ``id`` of the dynamic layer's first group: the winning ring and the harmony and
disharmony lines (a page draws it again alone when only they changed)."""
LINES_OPEN = f'<g id="{LINES_ID}">'
_HEAD_END = '</g><g id="board-preview" class="preview-layer"></g><g class="points">'
PREVIEW_IDS = ("board-preview", "board-preview-top")
"""The ``id`` of the dynamic layer's two preview groups, under and over the tiles: empty as
rendered (a page draws its previews there)."""


def point_id(point: Point) -> str:
    """The ``id`` of a point's group in the dynamic layer (``pt<x>_<y>``)."""
    return f"pt{point.x}_{point.y}"


CONTROLS_ID = "board-controls"
"""The ``id`` of the last group of the dynamic layer, empty as rendered: the page's panels
draw their controls on the board there (over the tiles and marks)."""


def render_dynamic(
    game: Any, view: RenderView | None = None, words: BoardWords = ENGLISH
) -> str:
    """The inner markup of ``<g id="board-dynamic">``: harmonies, points and tiles.

    ``game`` is any :class:`~paisho_core.protocol.Game` (or ``None`` for an empty
    board).  The page replaces only this group after each action.  The points'
    accessible names are in ``words``' language (kept in its cache between redraws).
    The markup of :func:`dynamic_layer`.
    """
    return dynamic_layer(game, view, words).markup()


def dynamic_layer(
    game: Any, view: RenderView | None = None, words: BoardWords = ENGLISH
) -> DynamicLayer:
    """:func:`render_dynamic` in pieces (:class:`DynamicLayer`): two views of one game
    that differ only in their selection, targets, cursor or extra classes have the same
    frame, and differ only in the marks of the points where they differ."""
    view = view or EMPTY_VIEW
    labels = words.cache()
    variant = _variant(game) if game is not None else ""
    players: tuple[str, ...] = tuple(game.players) if game is not None else ()
    tiles: dict[int, TileView] = {}  # (by grid index: a Point's hash is Python code)
    lines: list[tuple[Point, Point, int]] = []
    dis: list[tuple[Point, Point]] = []
    if game is not None:
        for t in game.board_tiles():
            tiles[index_of(t.point.x, t.point.y)] = t
        lines = sorted((min(a, b), max(a, b), owner) for a, b, owner in game.harmony_lines())
        dis_fn = getattr(game, "disharmony_lines", None)  # Balance (Skud forbids clashes)
        if callable(dis_fn):
            dis = sorted((min(a, b), max(a, b)) for a, b, *_ in dis_fn())
    flipped: set[tuple[Point, Point]] = set()
    flip_fn = getattr(game, "flipped_lines", None)  # Ancient: pairs a Lotus flipped (R8)
    if callable(flip_fn):
        flipped = {(min(a, b), max(a, b)) for a, b in flip_fn()}
    both = {(a, b) for a, b, _ in lines} & set(dis)
    out: list[str] = [LINES_OPEN]
    if view.ring:  # a glowing band under the winning ring's harmonies
        pts = " ".join("{},{}".format(*svg_xy(p)) for p in view.ring)
        out.append(f'<polygon class="ring" points="{pts}"/>')
    # harmony lines, under the tiles
    out.append('<g class="harmonies">')
    for a, b, line_owner in lines:
        oname = _owner_name(players, line_owner) or "none"
        mark = " flipped" if (a, b) in flipped else ""
        out.append(_line(f"harmony {escape(oname)}{mark}", a, b, 3.5 if (a, b) in both else 0))
    out.append("</g>")
    if dis:
        out.append('<g class="disharmonies">')
        for a, b in dis:
            mark = " flipped" if (a, b) in flipped else ""
            out.append(_line(f"disharmony{mark}", a, b, -3.5 if (a, b) in both else 0))
        out.append("</g>")
    # then an empty layer for the page's preview of a placement's lines
    # (:func:`render_preview`) and one group per point: click target, last-move mark,
    # tile, then its marks' group
    out.append(_HEAD_END)
    frame: list[str] = ["".join(out)]
    marks: list[PointMarks] = []
    marked = {
        q.index
        for group in (view.selected, view.highlights, view.last_move, view.extra_classes)
        for q in group
    }
    if view.cursor is not None:
        marked.add(view.cursor.index)
    for p, idx, attrs, hit in _POINT_ROWS:
        tile = tiles.get(idx)
        owner = _owner_name(players, tile.owner) if tile else None
        key: object = idx if tile is None else (variant, tile.code, owner, tile.flags, idx)
        label = labels.get(key)
        if label is None:
            label = labels[key] = _label(words, owner, variant, tile, p)
        frame.append(attrs)
        if idx not in marked:  # (most points: nothing but the tile)
            frame.append(hit if tile is None else _point_body(variant, p, tile, owner, False))
            marks.append(PointMarks("pt", label, ""))
            continue
        frame.append(_point_body(variant, p, tile, owner, p in view.last_move))
        marks.append(_point_marks(view, p, tile is not None, label, words))
    # and one over the tiles for the previewed tile itself (:func:`render_preview_tile`)
    tail = ['</g><g id="board-preview-top" class="preview-layer"></g>']
    if view.coordinates:
        tail.append(COORDINATE_LABELS)
    tail.append(f'<g id="{CONTROLS_ID}"></g>')
    frame.append("".join(tail))
    return DynamicLayer(tuple(frame), _POINTS, tuple(marks))


_POINTS: tuple[Point, ...] = tuple(POINT_OF[idx] for idx in POINTS)
"""The board's points in the order the dynamic layer draws them."""
_ATTRS = {p: f' data-point="{p}" id="{point_id(p)}" role="button"' for p in _POINTS}
"""Each point group's attributes but its class and name."""
_HIT = {
    p: '<circle class="hit" cx="{}" cy="{}" r="19" fill="transparent"/>'.format(*svg_xy(p))
    for p in _POINTS
}
"""Each point's click target."""
_POINT_ROWS: tuple[tuple[Point, int, str, str], ...] = tuple(
    (p, p.index, _ATTRS[p], _HIT[p]) for p in _POINTS
)
"""Each point in drawing order with its grid index, attributes and click target (read by
position: no point is hashed in the dynamic layer's loop)."""


def _point_body(
    variant: str, p: Point, tile: TileView | None, owner: str | None, last: bool
) -> str:
    """What a selection never changes in a point's group: its click target, its
    last-move mark and its tile."""
    cx, cy = svg_xy(p)
    out = [_HIT[p]]
    if last:
        out.append(f'<circle class="mark-last" cx="{cx}" cy="{cy}" r="21"/>')
    if tile is not None:
        code = escape(tile.code)
        tcls = ["tile"]
        if owner:
            tcls.append(escape(owner))
        tcls.extend(escape(f) for f in sorted(tile.flags))
        owner_attr = f' data-owner="{escape(owner)}"' if owner else ""
        out.append(
            f'<g class="{" ".join(tcls)}" data-tile="{code}"{owner_attr} '
            f'transform="translate({cx},{cy})">{_tile_body(variant, code, owner)}'
        )
        if "drained" in tile.flags:
            out.append('<circle class="mark-drained" r="19"/>')
        if "trapped" in tile.flags:
            out.append('<circle class="mark-trapped" r="19"/>')
        if "growing" in tile.flags:
            out.append('<circle class="mark-growing" r="19"/>')
        out.append("</g>")
    return "".join(out)


def _point_marks(
    view: RenderView, p: Point, on_tile: bool, label: str, words: BoardWords
) -> PointMarks:
    """A point's :class:`PointMarks` in ``view`` (``label``: its escaped name)."""
    cx, cy = svg_xy(p)
    classes = ["pt"]
    selected, highlighted = p in view.selected, p in view.highlights
    if highlighted:
        classes.append("highlight")
    if selected:
        classes.append("selected")
    if p == view.cursor:
        classes.append("cursor")
    if p in view.last_move:
        classes.append("last-move")
    extra = view.extra_classes.get(p)
    if extra:
        classes.append(escape(extra))
    target = view.target_marks.get(p) if highlighted else None
    if selected:
        label += words.selected_suffix()
    if highlighted:
        label += words.choosable_suffix(target.words if target is not None else None)
    out: list[str] = []
    if selected:
        out.append(f'<circle class="mark-selected" cx="{cx}" cy="{cy}" r="20"/>')
    if target is not None:
        out.append(_target_mark(target, cx, cy, on_tile))
    elif highlighted:
        if not on_tile:
            out.append(f'<circle class="mark-target" cx="{cx}" cy="{cy}" r="{TARGET_RADIUS}"/>')
        else:
            out.append(_ring(cx, cy))
    if p == view.cursor:
        out.append(
            f'<rect class="mark-cursor" x="{cx - 19}" y="{cy - 19}" width="38" height="38" '
            'rx="6"/>'
        )
    return PointMarks(" ".join(classes), label, "".join(out))


def mark_shape(shape: str, cx: float, cy: float, r: float) -> str:
    """One shape of :data:`MARK_SHAPES` centred on ``(cx, cy)``, ``r`` units across half."""
    cls = f'class="mark-kind mark-{shape if shape in MARK_SHAPES else "dot"}"'
    if shape == "triangle":  # pointing up, like an arrowhead
        pts = [(cx, cy - r * 1.15), (cx + r, cy + r * 0.75), (cx - r, cy + r * 0.75)]
    elif shape == "square":
        pts = [(cx - r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.85),
               (cx + r * 0.85, cy + r * 0.85), (cx - r * 0.85, cy + r * 0.85)]
    elif shape == "diamond":
        pts = [(cx, cy - r * 1.2), (cx + r * 1.2, cy), (cx, cy + r * 1.2), (cx - r * 1.2, cy)]
    else:
        return f'<circle {cls} cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}"/>'
    coords = " ".join(f"{_f(round(x, 2))},{_f(round(y, 2))}" for x, y in pts)
    return f'<polygon {cls} points="{coords}"/>'


def _target_mark(mark: TargetMark, cx: float, cy: float, on_tile: bool) -> str:
    """A :class:`TargetMark`: on an empty point its shapes in the middle, side by side;
    on a tile a ring and the shapes as badges along its top edge."""
    out = [f'<g class="mark-kinds" data-mark="{escape(" ".join(mark.shapes))}">']
    n = len(mark.shapes)
    if on_tile:
        out.append(_ring(cx, cy))
    for i, shape in enumerate(mark.shapes):
        dx = (i - (n - 1) / 2) * 2 * KIND_RADIUS
        out.append(mark_shape(shape, cx + dx, cy - 15 if on_tile else cy, KIND_RADIUS))
    out.append("</g>")
    return "".join(out)


def _ring(cx: float, cy: float) -> str:
    """The mark of a tile that may be clicked: a teal ring on a white halo."""
    return (
        f'<circle class="mark-target-halo" cx="{cx}" cy="{cy}" r="{RING_RADIUS}"/>'
        f'<circle class="mark-target-ring" cx="{cx}" cy="{cy}" r="{RING_RADIUS}"/>'
    )


COORDINATE_REACH = 6
"""The outermost grid line that :data:`COORDINATE_LABELS` labels."""


def _coordinate_labels() -> str:
    """Each grid line's coordinate on the rim where it ends: ``x`` at the bottom, ``y`` on
    the left (the numbers of a point's notation ``(x,y)``).  Lines -6 to 6 only: the ends
    of the outer lines meet on the rim near the diagonals, where their labels would run
    into each other (the Gates mark ±8)."""
    out = [
        '<g class="coords" aria-hidden="true" pointer-events="none" font-size="16" '
        f'font-weight="700" text-anchor="middle" dominant-baseline="central" {_TEXT_FONT} '
        'fill="#fbf3e4">'
    ]
    middle = (FACE_RADIUS + RIM_RADIUS) / 2
    for k in range(-COORDINATE_REACH, COORDINATE_REACH + 1):
        end = math.sqrt(middle**2 - k * k) * STEP
        out.append(f'<text x="{k * STEP}" y="{_f(end)}">{k}</text>')
        out.append(f'<text x="{_f(-end)}" y="{-k * STEP}">{k}</text>')
    out.append("</g>")
    return "".join(out)


def mark_swatch(shape: str) -> str:
    """A small ``<svg>`` of one mark shape, for a legend beside the board."""
    return (
        '<svg class="mark-swatch" viewBox="-10 -10 20 20" width="16" height="16" '
        f'aria-hidden="true">{mark_shape(shape, 0, 0, 6.5)}</svg>'
    )


COORDINATE_LABELS: str = _coordinate_labels()
"""The coordinate labels (drawn when :attr:`RenderView.coordinates` is set)."""


def _offset(a: Point, b: Point, shift: float) -> tuple[float, float, float, float]:
    """The SVG ends of the segment ``a``–``b`` moved ``shift`` units sideways."""
    (x1, y1), (x2, y2) = svg_xy(a), svg_xy(b)
    if not shift:
        return x1, y1, x2, y2
    dx, dy = x2 - x1, y2 - y1
    norm = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / norm * shift, dx / norm * shift
    return x1 + ox, y1 + oy, x2 + ox, y2 + oy


def _line(cls: str, a: Point, b: Point, shift: float = 0, extra: str = "") -> str:
    """One ``<line>`` between two points (``shift``: drawn parallel, beside the other kind)."""
    x1, y1, x2, y2 = _offset(a, b, shift)
    return (
        f'<line class="{cls}" data-a="{a}" data-b="{b}"{extra} '
        f'x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}"/>'
    )


def render_preview(
    variant: str,
    code: str | None,
    point: Point,
    lines: Iterable[tuple[Point, int, int]],
    cut: Iterable[tuple[Point, Point, int, int]] = (),
) -> str:
    """The inner markup of ``<g id="board-preview">`` for a placement being considered.

    ``lines``: each tile the new tile at ``point`` would interact with, as ``(partner,
    harmonies, disharmonies)`` — drawn as a solid harmony line, a dashed disharmony line,
    or both side by side (a pair worth nothing: a thin ``neutral`` line); ``cut``:
    connections ``(a, b, h, d)`` it would end (dotted).
    ``code`` is kept for symmetry with :func:`render_preview_tile` (the tile itself goes
    into the layer over the tiles).  Escaped like everything else.
    """
    out: list[str] = []
    for a, b, h, d in cut:
        a, b = min(a, b), max(a, b)
        out.append(_line("preview-line cut", a, b, 0, f' data-h="{int(h)}" data-d="{int(d)}"'))
    drawn: list[str] = []
    for partner, h, d in lines:
        a, b = min(point, partner), max(point, partner)
        extra = f' data-h="{int(h)}" data-d="{int(d)}"'
        out.append(_line("preview-halo", a, b))
        if h and d:
            drawn.append(_line("preview-line harmony", a, b, 3.5, extra))
            drawn.append(_line("preview-line disharmony", a, b, -3.5, extra))
        elif h:
            drawn.append(_line("preview-line harmony", a, b, 0, extra))
        elif d:
            drawn.append(_line("preview-line disharmony", a, b, 0, extra))
        else:  # two basic tiles of one kind: connected, but worth nothing
            drawn.append(_line("preview-line neutral", a, b, 0, extra))
    out.extend(drawn)
    return "".join(out)


def render_preview_tile(variant: str, code: str | None, point: Point) -> str:
    """The inner markup of ``<g id="board-preview-top">``: tile ``code`` shown faded on
    ``point`` (over the point's marks) with a ring around it."""
    cx, cy = svg_xy(point)
    out = []
    if code:
        out.append(
            f'<g class="preview-ghost" data-tile="{escape(code)}" '
            f'transform="translate({cx},{cy})">{_tile_body(variant, escape(code), None)}</g>'
        )
    out.append(f'<circle class="preview-target" cx="{cx}" cy="{cy}" r="21"/>')
    return "".join(out)


def svg_open(
    label: str | None = None, cursor: Point | None = None, words: BoardWords = ENGLISH
) -> str:
    """The opening ``<svg>`` tag of a board picture, named ``label`` (default: the
    board's name in ``words``)."""
    active = f' aria-activedescendant="pt{cursor.x}_{cursor.y}"' if cursor else ""
    name = words.board if label is None else label
    return (
        f'<svg id="board" class="board" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{-VIEW_HALF} {-VIEW_HALF} {2 * VIEW_HALF} {2 * VIEW_HALF}" '
        f'role="application" tabindex="0" aria-label="{escape(name)}"'
        f' aria-roledescription="{escape(words.role)}"{active}>'
    )


def render_svg(
    game: Any,
    view: RenderView | None = None,
    label: str | None = None,
    words: BoardWords = ENGLISH,
) -> str:
    """The whole board picture of ``game`` (``None``: the empty board) as an ``<svg>``.

    Static art first (:data:`STATIC_LAYER`), then ``<g id="board-dynamic">`` holding
    :func:`render_dynamic`.  Deterministic; all text escaped; the words in ``words``'
    language (``label``: another name for the board than ``words.board``).
    """
    view = view or EMPTY_VIEW
    return (
        svg_open(label, view.cursor, words)
        + STATIC_LAYER
        + '<g id="board-dynamic">'
        + render_dynamic(game, view, words)
        + "</g></svg>"
    )


def points_of(texts: Iterable[str]) -> frozenset[Point]:
    """Parse point texts ``(x,y)`` (ignoring bad ones) into a set of points."""
    out: set[Point] = set()
    for text in texts:
        try:
            out.add(Point.parse(text))
        except ValueError:
            continue
    return frozenset(out)
