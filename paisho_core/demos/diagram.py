"""Standalone SVG diagrams of a position (for wikis that allow no iframes).

A diagram is the board picture of :mod:`paisho_core.render` made into a file of its
own: an XML declaration, a ``viewBox``, a width and height, a ``<title>``, the board's
own CSS, and the caption under the board in a generic font.  No script, no external
font, image or link, so it looks the same in a browser and in a wiki's SVG thumbnailer
(MediaWiki's librsvg).  Everything written is escaped.
"""

from __future__ import annotations

import re
import textwrap
from html import escape
from typing import Any

from ..board_words import ENGLISH, BoardWords
from ..render import STATIC_LAYER, VIEW_HALF, RenderView, render_dynamic

CAPTION_FONT = 26
"""Caption font size (SVG units; the board is 800 units wide)."""
CAPTION_CHARS = 52
"""Caption characters per line before wrapping."""
LINE_HEIGHT = 34

_TILE_AT = re.compile(r'(<g class="tile[^"]*"[^>]*? transform="translate\([-\d.]+,[-\d.]+\))"')


def rotate_dynamic(markup: str) -> str:
    """The dynamic layer turned half a turn (the Guest's side at the bottom).

    The board art is symmetric under a half turn, so only the dynamic layer turns;
    each tile is turned back, so its number stays upright.
    """
    upright = _TILE_AT.sub(lambda m: m.group(1) + ' rotate(180)"', markup)
    return f'<g transform="rotate(180)">{upright}</g>'


def caption_lines(caption: str, width: int = CAPTION_CHARS) -> list[str]:
    """The caption wrapped into lines of at most ``width`` characters."""
    return textwrap.wrap(" ".join(caption.split()), width) if caption.strip() else []


def diagram_svg(
    game: Any,
    view: RenderView | None = None,
    caption: str = "",
    title: str = "Pai Sho board",
    rotated: bool = False,
    words: BoardWords = ENGLISH,
) -> str:
    """A standalone SVG file (text) of ``game`` with ``view``'s marks and a caption (the
    points' names in ``words``' language)."""
    lines = caption_lines(caption)
    extra = (len(lines) * LINE_HEIGHT + 24) if lines else 0
    width, height = 2 * VIEW_HALF, 2 * VIEW_HALF + extra
    dynamic = render_dynamic(game, view, words)
    if rotated:
        dynamic = rotate_dynamic(dynamic)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
        f'viewBox="{-VIEW_HALF} {-VIEW_HALF} {width} {height}" '
        f'width="{width}" height="{height}">',
        f"<title>{escape(title)}</title>",
    ]
    if lines:
        parts.append(f"<desc>{escape(' '.join(lines))}</desc>")
    parts.append(
        f'<rect x="{-VIEW_HALF}" y="{-VIEW_HALF}" width="{width}" height="{height}" '
        'fill="#f3ead7"/>'
    )
    parts.append(STATIC_LAYER)
    parts.append(f'<g id="board-dynamic">{dynamic}</g>')
    if lines:
        y = VIEW_HALF + LINE_HEIGHT
        parts.append(
            f'<g class="caption" font-family="sans-serif" font-size="{CAPTION_FONT}" '
            'fill="#2b1d12" text-anchor="middle">'
        )
        for line in lines:
            parts.append(f'<text x="0" y="{y}">{escape(line)}</text>')
            y += LINE_HEIGHT
        parts.append("</g>")
    parts.append("</svg>\n")
    return "".join(parts)
