"""The Wheel's turn control on the board (``rules.html#wiki-r7``): pure UI logic.

Once one of the player's Wheels is selected and may turn, the page draws two round
buttons beside it (above it, or below it near the north edge): ↻ turns it clockwise,
↺ counter-clockwise; each clicks the token ``turn:cw`` / ``turn:ccw`` that the engine
accepts after the Wheel (``WikiPosition.action_click_paths``).  They are focusable
(Tab from the board reaches them); on one, the arrows move to the other and Enter or
Space turns.  Hovering or focusing one previews where the tiles around the Wheel go
(:mod:`paisho_page.panels.wiki_motion`).

Everything here is pure (tested under CPython); ``site/wiki_ui.py`` puts the SVG of
:func:`render_wheel` at the end of the board's dynamic layer.  Only numbers and point
texts reach the SVG.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from paisho_core.board import Point
from paisho_core.render import STEP, VIEW_HALF, svg_xy
from paisho_core.tokens import token_point, turn_token
from paisho_page.words.i18n import _

WAYS = ("cw", "ccw")
"""The two ways, in the order the buttons are drawn: clockwise east, the other west."""
RADIUS = 17
"""Radius of a button (SVG units)."""
ACROSS, UP = 1.5, 2.5
"""A button's offset from the Wheel in steps, across and up (the middle of a grid square
above the ring of tiles it turns, clear of them and of the points)."""
CHOOSE = frozenset({"Enter", " ", "Spacebar"})
SWITCH = frozenset({"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"})
WORDS = {"cw": "clockwise", "ccw": "counter-clockwise"}


@dataclass(frozen=True)
class WheelWay:
    """One button: the way it turns the Wheel on :attr:`wheel`."""

    way: str
    wheel: Point

    @property
    def token(self) -> str:
        """The click token it makes, ``turn:cw`` or ``turn:ccw``."""
        return turn_token(self.way)

    @property
    def label(self) -> str:
        """Its accessible name."""
        if self.way == "cw":
            return _("Turn the Wheel clockwise: each tile around it moves one step")
        return _("Turn the Wheel counter-clockwise: each tile around it moves one step")


    def centre(self) -> tuple[float, float]:
        """Its SVG centre: above the Wheel (below it near the north edge), east for
        clockwise, west for the other way, kept inside the picture."""
        cx, cy = svg_xy(self.wheel)
        side = 1 if self.way == "cw" else -1
        up = -1 if self.wheel.y < 6 else 1
        x, y = cx + side * ACROSS * STEP, cy + up * UP * STEP
        edge = VIEW_HALF - RADIUS - 2
        return max(-edge, min(edge, x)), max(-edge, min(edge, y))


def wheel_ways(clicks: Sequence[str], next_tokens: Iterable[str]) -> tuple[WheelWay, ...]:
    """The buttons while the next click may turn the selected Wheel (else none)."""
    offered = set(next_tokens)
    wheel = token_point(clicks[0]) if len(clicks) == 1 else None
    if wheel is None:
        return ()
    return tuple(WheelWay(way, wheel) for way in WAYS if turn_token(way) in offered)


def wheel_key(ways: Sequence[WheelWay], focused: str, key: str) -> tuple[bool, str, str | None]:
    """A key on the focused button ``focused``: ``(handled, focus, token to click)``.

    Any arrow moves to the other button; Enter or Space turns the focused way.
    """
    offered = [w.way for w in ways]
    if focused not in offered:
        return False, focused, None
    if key in CHOOSE:
        return True, focused, turn_token(focused)
    if key in SWITCH:
        return True, offered[(offered.index(focused) + 1) % len(offered)], None
    return False, focused, None


def _arc(way: str, cx: float, cy: float) -> str:
    """A three-quarter circle arrow round ``(cx, cy)`` turning ``way`` on screen."""
    r = 8.5
    sign = 1 if way == "cw" else -1
    start, end = math.radians(-90 - sign * 135), math.radians(-90 + sign * 135)
    x1, y1 = cx + r * math.cos(start), cy + r * math.sin(start)
    x2, y2 = cx + r * math.cos(end), cy + r * math.sin(end)
    tx, ty = -math.sin(end) * sign, math.cos(end) * sign  # the way the arrow runs
    nx, ny = math.cos(end), math.sin(end)
    tip = (x2 + tx * 5, y2 + ty * 5)
    wing1 = (x2 - tx * 1 + nx * 4.5, y2 - ty * 1 + ny * 4.5)
    wing2 = (x2 - tx * 1 - nx * 4.5, y2 - ty * 1 - ny * 4.5)
    head = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, wing1, wing2))
    sweep = 1 if way == "cw" else 0
    return (
        f'<path class="wheel-way-arc" d="M{x1:.1f},{y1:.1f} A{r},{r} 0 1 {sweep} '
        f'{x2:.1f},{y2:.1f}"/><polygon class="wheel-way-head" points="{head}"/>'
    )


def way_icon(way: str) -> str:
    """A small ``<svg>`` of a button's arrow, for the legend beside the board."""
    return (
        '<svg class="mark-swatch wheel-swatch" viewBox="-12 -12 24 24" width="22" height="22"'
        f' aria-hidden="true"><circle class="wheel-way-dot" r="11"/>{_arc(way, 0, 0)}</svg>'
    )


def render_wheel(ways: Sequence[WheelWay], focused: str | None = None) -> str:
    """The control's SVG: ``<g class="wiki-wheel">`` holding one ``<g class="wheel-way"
    data-wiki-turn="cw" id="wiki-turn-cw" role="button" tabindex="0">`` per way (the
    ``focused`` class on the one the keyboard is on).  Empty with no way."""
    if not ways:
        return ""
    out = [f'<g class="wiki-wheel" id="wiki-wheel" data-wheel="{escape(str(ways[0].wheel))}">']
    for w in ways:
        cx, cy = w.centre()
        cls = "wheel-way focused" if w.way == focused else "wheel-way"
        out.append(
            f'<g class="{cls}" data-wiki-turn="{w.way}" id="wiki-turn-{w.way}" role="button"'
            f' tabindex="0" aria-label="{escape(w.label)}">'
            f'<circle class="wheel-way-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS}"/>'
            + _arc(w.way, cx, cy)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)
