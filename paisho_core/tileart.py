"""The pieces tile art is drawn with, and the tiles several variants share.

A variant's art (its package's ``art.py``, named by its spec's ``art``) maps each tile
code to the SVG drawn on the tile's disc, centred on ``(0, 0)`` within a radius of about
13 units; :mod:`paisho_core.render` puts it on a disc with the owner's rim.  This module
holds what such art is made of (faces, petals, numbers, letters, arcs) and the tiles
drawn alike in several variants (the accent tiles, the White Lotus, the Dragon).

Pure and deterministic: the same calls give the same strings.
"""

from __future__ import annotations

import math
from html import escape

TEXT_FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif"'
"""The font of the numbers and letters on tiles."""


def fmt(value: float) -> str:
    """A coordinate as SVG text: integers bare, others with at most 2 decimals."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def petals(n: int, colour: str, dist: float, rx: float, ry: float, opacity: str = "1") -> str:
    """``n`` elliptic petals around the centre, ``dist`` out, of radii ``rx`` × ``ry``."""
    out = []
    for k in range(n):
        angle = fmt(360 * k / n)
        out.append(
            f'<ellipse cx="0" cy="{fmt(-dist)}" rx="{fmt(rx)}" ry="{fmt(ry)}" fill="{colour}" '
            f'fill-opacity="{opacity}" transform="rotate({angle})"/>'
        )
    return "".join(out)


def number(text: str, colour: str, size: int = 13) -> str:
    """Bold centred text (a flower's number, a tile's letters), escaped."""
    return (
        f'<text x="0" y="0" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{size}" font-weight="700" {TEXT_FONT} fill="{colour}">'
        f"{escape(text)}</text>"
    )


def face(colour: str, r: int = 13, stroke: str = "none") -> str:
    """The tile's face: a disc of ``colour``."""
    return f'<circle cx="0" cy="0" r="{r}" fill="{colour}" stroke="{stroke}" stroke-width="0.8"/>'


def flower(colour: str, label: str) -> str:
    """A basic flower: a ``red`` or ``white`` face with petals (as many as a digit in
    ``label`` says, else 5) and ``label`` in the middle."""
    if colour == "red":
        face_colour, petal, ink = "#c0392b", "#e8796b", "#fff8ee"
    else:
        face_colour, petal, ink = "#fdfbf5", "#e6dccb", "#8a2218"
    n = int(label) if label.isdigit() else 5
    return (face(face_colour, stroke="#00000033") + petals(n, petal, 6.4, 3.6, 5.4)
            + number(label, ink))


def letter_tile(face_colour: str, ink: str, letters: str) -> str:
    """A plain face with letters: the art of a tile code without its own."""
    return face(face_colour, stroke="#00000033") + number(letters, ink, 14)


def arc(r: float, a1: float, a2: float) -> str:
    """An SVG path ``d`` for a circular arc of radius ``r`` from angle ``a1`` to ``a2``
    (degrees, clockwise from north)."""
    x1, y1 = r * math.sin(math.radians(a1)), -r * math.cos(math.radians(a1))
    x2, y2 = r * math.sin(math.radians(a2)), -r * math.cos(math.radians(a2))
    return f"M{fmt(x1)},{fmt(y1)}A{fmt(r)},{fmt(r)} 0 0 1 {fmt(x2)},{fmt(y2)}"


# ----------------------------------------------------------------- shared tiles
ROCK = (
    face("#9a9a96", stroke="#00000033")
    + '<polygon points="-8,4 -6,-4 -1,-8 6,-6 8.5,1 4,7.5 -4,7.5" fill="#5f5f5b" '
    'stroke="#3b3b38" stroke-width="1"/>'
    + '<polyline points="-4,-3 0,-5.5 4,-4" fill="none" stroke="#c8c8c2" stroke-width="1.3"/>'
)
"""The Rock: a grey stone."""

WHEEL = (
    face("#d9a623", stroke="#00000033")
    + '<circle cx="0" cy="0" r="8.2" fill="none" stroke="#5a3b00" stroke-width="2"/>'
    + '<path d="M-8,0H8M0,-8V8M-5.8,-5.8L5.8,5.8M-5.8,5.8L5.8,-5.8" stroke="#5a3b00" '
    'stroke-width="1.5"/>' + '<circle cx="0" cy="0" r="2.6" fill="#5a3b00"/>'
)
"""The Wheel: a spoked wheel on gold."""

KNOTWEED = face("#4d7d36", stroke="#00000033") + "".join(
    f'<circle cx="{fmt(4.2 * math.cos(math.radians(a)))}" '
    f'cy="{fmt(-4.2 * math.sin(math.radians(a)))}" r="4.4" fill="none" '
    'stroke="#eaf5d8" stroke-width="1.7"/>'
    for a in (90, 210, 330)
)
"""The Knotweed: three interlaced rings on green."""

BOAT = (
    face("#2f6f98", stroke="#00000033")
    + '<path d="M-9,2.5H9L5.5,8H-5.5Z" fill="#f4f1e8"/>'
    + '<path d="M0,2.5V-9" stroke="#f4f1e8" stroke-width="1.3"/>'
    + '<path d="M1.2,-8.5L8,1H1.2Z" fill="#f4f1e8"/><path d="M-1.2,-6L-6.5,1H-1.2Z" '
    'fill="#dfe9f0"/>'
)
"""The Boat: a sail boat on blue."""

WHITE_LOTUS = (
    face("#ffffff", stroke="#b8a98f")
    + petals(8, "#f2b8c9", 6, 2.8, 5.6)
    + petals(4, "#fbe3ea", 3.6, 2.4, 3.8)
    + '<circle cx="0" cy="0" r="2.6" fill="#f1c232"/>'
)
"""The White Lotus (Ancient's Lotus too): pink petals on white."""

DRAGON = (
    face("#b8321f", stroke="#00000033")
    + '<path d="M0,-10.5C4.5,-5.5 8,-1.5 6.4,3.8C5.2,7.8 2.4,9.2 0,9.2C-2.6,9.2 -5.6,7.8 '
    "-6.5,3.8C-7.4,-0.4 -4.6,-2.4 -3.4,-6.4C-2.3,-3.6 -1.4,-2.6 -0.2,-1.6C0.9,-4.6 "
    '0.3,-7.6 0,-10.5Z" fill="#ffb703"/>'
    + '<path d="M0.4,-1.5C2.8,1 3.6,3.4 2.6,5.6C1.9,7 0.9,7.4 0,7.4C-1.3,7.4 -2.6,6.4 '
    '-2.6,4.6C-2.6,2.6 -0.8,1.4 0.4,-1.5Z" fill="#fff3c4"/>'
)
"""The Dragon (fire): a red face and a flame."""
