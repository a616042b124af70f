"""Draw a game as SVG: the round board, its tiles, harmonies and the UI's marks.

Pure and deterministic (same game and view, same string), so the page, the build step
(which pre-renders the board into the HTML) and the tests share it.  Only the game
protocol is read (:meth:`Game.board_tiles`, :meth:`Game.harmony_lines`,
:attr:`Game.players`, ``info.name``), so every variant renders.

Layout: one step between points is :data:`STEP` SVG units, ``+y`` is up (north).  The
``<svg>`` holds a *static* layer (the wooden board, computed once into
:data:`STATIC_LAYER`) and a *dynamic* group ``<g id="board-dynamic">`` made by
:func:`render_dynamic`: harmony lines, then one ``<g data-point="(x,y)">`` per board point
(a click target with an accessible name) holding the tile on it, if any.  The page swaps
only the dynamic group after each action.

Every text that reaches the SVG (tile codes, player names, point texts) is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .board import POINT_OF, POINTS, Point
from .protocol import TileView

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


EMPTY_VIEW = RenderView()


def _f(value: float) -> str:
    """Format a coordinate: integers bare, others with at most 2 decimals."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


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
    ".board .ring{fill:#f0b42926;stroke:#ffd166;stroke-opacity:.55;stroke-width:18;"
    "stroke-linejoin:round}"
    ".board .mark-target{fill:#2a9d8f;fill-opacity:.9;stroke:#fff;stroke-width:1.5;"
    "pointer-events:none}"
    ".board .mark-target-ring{fill:none;stroke:#2a9d8f;stroke-width:4;pointer-events:none}"
    ".board .mark-selected{fill:none;stroke:#ffd166;stroke-width:4.5;pointer-events:none}"
    ".board .mark-last{fill:#3a86ff;fill-opacity:.18;stroke:#3a86ff;stroke-opacity:.7;"
    "stroke-width:2;pointer-events:none}"
    ".board .mark-cursor{fill:none;stroke:#e63946;stroke-width:3;stroke-dasharray:6 4;"
    "pointer-events:none}"
    ".board .mark-drained{fill:#6b705c;fill-opacity:.35;stroke:#6b705c;stroke-width:2;"
    "stroke-dasharray:3 3}"
    ".board .mark-trapped{fill:none;stroke:#9b5de5;stroke-width:3;stroke-dasharray:2 3}"
    ".board .mark-growing{fill:none;stroke:#80b918;stroke-width:2;stroke-opacity:.8}"
    ".board .tile{pointer-events:none}"
    ".board .pt:hover .hit{fill:#0000000f}"
    ".board .pt.highlight:hover .hit{fill:#2a9d8f40}"
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
_TEXT_FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif"'


def _petals(n: int, colour: str, dist: float, rx: float, ry: float, opacity: str = "1") -> str:
    out = []
    for k in range(n):
        angle = _f(360 * k / n)
        out.append(
            f'<ellipse cx="0" cy="{_f(-dist)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="{colour}" '
            f'fill-opacity="{opacity}" transform="rotate({angle})"/>'
        )
    return "".join(out)


def _number(text: str, colour: str, size: int = 13) -> str:
    return (
        f'<text x="0" y="0" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{size}" font-weight="700" {_TEXT_FONT} fill="{colour}">'
        f"{escape(text)}</text>"
    )


def _face(colour: str, r: int = 13, stroke: str = "none") -> str:
    return f'<circle cx="0" cy="0" r="{r}" fill="{colour}" stroke="{stroke}" stroke-width="0.8"/>'


def _flower(colour: str, number: str) -> str:
    if colour == "red":
        face, petal, ink = "#c0392b", "#e8796b", "#fff8ee"
    else:
        face, petal, ink = "#fdfbf5", "#e6dccb", "#8a2218"
    n = int(number) if number.isdigit() else 5
    return _face(face, stroke="#00000033") + _petals(n, petal, 6.4, 3.6, 5.4) + _number(number, ink)


_SKUD_ART: dict[str, str] = {
    "R": (  # Rock
        _face("#9a9a96", stroke="#00000033")
        + '<polygon points="-8,4 -6,-4 -1,-8 6,-6 8.5,1 4,7.5 -4,7.5" fill="#5f5f5b" '
        'stroke="#3b3b38" stroke-width="1"/>'
        + '<polyline points="-4,-3 0,-5.5 4,-4" fill="none" stroke="#c8c8c2" stroke-width="1.3"/>'
    ),
    "W": (  # Wheel
        _face("#d9a623", stroke="#00000033")
        + '<circle cx="0" cy="0" r="8.2" fill="none" stroke="#5a3b00" stroke-width="2"/>'
        + '<path d="M-8,0H8M0,-8V8M-5.8,-5.8L5.8,5.8M-5.8,5.8L5.8,-5.8" stroke="#5a3b00" '
        'stroke-width="1.5"/>' + '<circle cx="0" cy="0" r="2.6" fill="#5a3b00"/>'
    ),
    "K": (  # Knotweed
        _face("#4d7d36", stroke="#00000033")
        + "".join(
            f'<circle cx="{_f(4.2 * math.cos(math.radians(a)))}" '
            f'cy="{_f(-4.2 * math.sin(math.radians(a)))}" r="4.4" fill="none" '
            'stroke="#eaf5d8" stroke-width="1.7"/>'
            for a in (90, 210, 330)
        )
    ),
    "B": (  # Boat
        _face("#2f6f98", stroke="#00000033")
        + '<path d="M-9,2.5H9L5.5,8H-5.5Z" fill="#f4f1e8"/>'
        + '<path d="M0,2.5V-9" stroke="#f4f1e8" stroke-width="1.3"/>'
        + '<path d="M1.2,-8.5L8,1H1.2Z" fill="#f4f1e8"/><path d="M-1.2,-6L-6.5,1H-1.2Z" '
        'fill="#dfe9f0"/>'
    ),
    "L": (  # White Lotus
        _face("#ffffff", stroke="#b8a98f")
        + _petals(8, "#f2b8c9", 6, 2.8, 5.6)
        + _petals(4, "#fbe3ea", 3.6, 2.4, 3.8)
        + '<circle cx="0" cy="0" r="2.6" fill="#f1c232"/>'
    ),
    "O": (  # Orchid
        _face("#6a2c86", stroke="#00000033")
        + _petals(3, "#e3c6f0", 6.5, 3.8, 6.2)
        + '<g transform="rotate(180)">'
        + _petals(2, "#c79bdc", 5.5, 3, 4.6)
        + "</g>"
        + '<circle cx="0" cy="1" r="2.6" fill="#f7dc6f"/>'
    ),
}
for _code in ("R3", "R4", "R5", "W3", "W4", "W5"):
    _SKUD_ART[_code] = _flower("red" if _code[0] == "R" else "white", _code[1])

SKUD_NAMES: dict[str, str] = {
    "R3": "Rose",
    "R4": "Chrysanthemum",
    "R5": "Rhododendron",
    "W3": "Jasmine",
    "W4": "Lily",
    "W5": "White Jade",
    "R": "Rock",
    "W": "Wheel",
    "K": "Knotweed",
    "B": "Boat",
    "L": "White Lotus",
    "O": "Orchid",
}
"""Human names of Skud's tile codes."""


def _letter_tile(face: str, ink: str, letter: str) -> str:
    return _face(face, stroke="#00000033") + _number(letter, ink, 14)


_BALANCE_ART: dict[str, str] = {
    "A": (
        _face("#f3d36b", stroke="#00000033")
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="2.6" fill="{c}"/>'
            for x, y, c in (
                (0, -7, "#c0392b"),
                (7, 0, "#2874a6"),
                (0, 7, "#7d5a2c"),
                (-7, 0, "#d6eaf8"),
            )
        )
        + '<circle cx="0" cy="0" r="3.4" fill="#2e86c1"/>'
    ),
    "B": _letter_tile("#7d5a2c", "#fbeedd", "B"),
    "D": _letter_tile("#c0392b", "#fff4e6", "D"),
    "S": _letter_tile("#d6eaf8", "#1b4f72", "S"),
    "K": _letter_tile("#2874a6", "#eaf2f8", "K"),
    "P": _letter_tile("#4a235a", "#f5eef8", "P"),
    "L": _SKUD_ART["L"],
}
BALANCE_NAMES: dict[str, str] = {
    "A": "Avatar",
    "B": "Badgermole",
    "D": "Dragon",
    "S": "Sky Bison",
    "K": "Koi",
    "P": "Spirit",
    "L": "White Lotus",
}
"""Human names of Balance's tile codes."""

_ART: dict[str, dict[str, str]] = {"skud": _SKUD_ART, "balance": _BALANCE_ART}
_NAMES: dict[str, dict[str, str]] = {"skud": SKUD_NAMES, "balance": BALANCE_NAMES}


def tile_name(variant: str, code: str) -> str:
    """A tile's human name, e.g. ``Rose R3`` for Skud's ``R3`` or ``Rock`` for ``R``."""
    name = _NAMES.get(variant, {}).get(code)
    if name is None:
        return code
    if any(ch.isdigit() for ch in code):
        return f"{name} {code}"
    return name


def _tile_body(variant: str, code: str, owner: str | None) -> str:
    key = (variant, code, owner)
    cached = _BODY_CACHE.get(key)
    if cached is not None:
        return cached
    rim, outline = _OWNER_RIM.get(owner, _OWNER_RIM[None])
    art = _ART.get(variant, {}).get(code)
    if art is None:
        art = _letter_tile("#d5c4a1", "#3b2a1a", code[:3])
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


def _label(owner: str | None, variant: str, tile: TileView | None, point: Point) -> str:
    if tile is None:
        return f"point {point}, empty"
    who = f"{owner.capitalize()} " if owner else ""
    text = f"{who}{tile_name(variant, tile.code)} at {point}"
    for flag in sorted(tile.flags):
        text += f", {flag}"
    return text


def render_dynamic(game: Any, view: RenderView | None = None) -> str:
    """The inner markup of ``<g id="board-dynamic">``: harmonies, points and tiles.

    ``game`` is any :class:`~paisho_core.protocol.Game` (or ``None`` for an empty
    board).  The page replaces only this group after each action.
    """
    view = view or EMPTY_VIEW
    variant = _variant(game) if game is not None else ""
    players: tuple[str, ...] = tuple(game.players) if game is not None else ()
    tiles: dict[Point, TileView] = {}
    lines: list[tuple[Point, Point, int]] = []
    if game is not None:
        for t in game.board_tiles():
            tiles[Point(t.point.x, t.point.y)] = t
        lines = sorted((min(a, b), max(a, b), owner) for a, b, owner in game.harmony_lines())
    out: list[str] = []
    if view.ring:  # a glowing band under the winning ring's harmonies
        pts = " ".join("{},{}".format(*svg_xy(p)) for p in view.ring)
        out.append(f'<polygon class="ring" points="{pts}"/>')
    # harmony lines, under the tiles
    out.append('<g class="harmonies">')
    for a, b, line_owner in lines:
        oname = _owner_name(players, line_owner) or "none"
        (x1, y1), (x2, y2) = svg_xy(a), svg_xy(b)
        out.append(
            f'<line class="harmony {escape(oname)}" data-a="{a}" data-b="{b}" '
            f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
        )
    out.append("</g>")
    # one group per point: click target + marks + tile
    out.append('<g class="points">')
    for idx in POINTS:
        p = POINT_OF[idx]
        tile = tiles.get(p)
        classes = ["pt"]
        if p in view.highlights:
            classes.append("highlight")
        if p in view.selected:
            classes.append("selected")
        if p == view.cursor:
            classes.append("cursor")
        if p in view.last_move:
            classes.append("last-move")
        extra = view.extra_classes.get(p)
        if extra:
            classes.append(escape(extra))
        owner = _owner_name(players, tile.owner) if tile else None
        label = _label(owner, variant, tile, p)
        if p in view.selected:
            label += ", selected"
        if p in view.highlights:
            label += ", can be chosen"
        cx, cy = svg_xy(p)
        out.append(
            f'<g class="{" ".join(classes)}" data-point="{p}" id="pt{p.x}_{p.y}" role="button" '
            f'aria-label="{escape(label)}">'
            f'<circle class="hit" cx="{cx}" cy="{cy}" r="19" fill="transparent"/>'
        )
        if p in view.last_move:
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
        if p in view.selected:
            out.append(f'<circle class="mark-selected" cx="{cx}" cy="{cy}" r="20"/>')
        if p in view.highlights:
            if tile is None:
                out.append(f'<circle class="mark-target" cx="{cx}" cy="{cy}" r="6"/>')
            else:
                out.append(f'<circle class="mark-target-ring" cx="{cx}" cy="{cy}" r="20"/>')
        if p == view.cursor:
            out.append(
                f'<rect class="mark-cursor" x="{cx - 19}" y="{cy - 19}" width="38" height="38" '
                'rx="6"/>'
            )
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def svg_open(label: str = "Pai Sho board", cursor: Point | None = None) -> str:
    """The opening ``<svg>`` tag of a board picture."""
    active = f' aria-activedescendant="pt{cursor.x}_{cursor.y}"' if cursor else ""
    return (
        f'<svg id="board" class="board" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{-VIEW_HALF} {-VIEW_HALF} {2 * VIEW_HALF} {2 * VIEW_HALF}" '
        f'role="application" tabindex="0" aria-label="{escape(label)}"'
        f' aria-roledescription="board"{active}>'
    )


def render_svg(game: Any, view: RenderView | None = None, label: str = "Pai Sho board") -> str:
    """The whole board picture of ``game`` (``None``: the empty board) as an ``<svg>``.

    Static art first (:data:`STATIC_LAYER`), then ``<g id="board-dynamic">`` holding
    :func:`render_dynamic`.  Deterministic; all text escaped.
    """
    view = view or EMPTY_VIEW
    return (
        svg_open(label, view.cursor)
        + STATIC_LAYER
        + '<g id="board-dynamic">'
        + render_dynamic(game, view)
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
