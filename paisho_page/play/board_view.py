"""How the board is looked at and touched, apart from the game: the point a tap or click
means, the zoom (with the scroll that keeps the board's centre in place), and the
coordinate labels setting read from storage, and the tools' buttons' writes.

Pure Python; ``site/board_view_ui.py`` applies it to the DOM.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from paisho_core.board import POINT_OF, POINTS, Point
from paisho_core.render import STEP
from paisho_page.base.dom_writes import Write, attr, attr_or_none, disabled, text
from paisho_page.words.i18n import _

REACH = 0.75
"""How far from a point (in steps between points) a tap still means that point: a
little more than the half diagonal of its cell (0.707), so a tap anywhere on the grid
picks the nearest point, and one just outside the outermost points too."""

_BOARD_POINTS: tuple[Point, ...] = tuple(POINT_OF[i] for i in POINTS)


def nearest_point(svg_x: float, svg_y: float) -> Point | None:
    """The board point nearest to the SVG coordinates ``(svg_x, svg_y)`` (``+y`` down,
    as in the board's ``viewBox``), or ``None`` when none is within :data:`REACH`."""
    if not (math.isfinite(svg_x) and math.isfinite(svg_y)):
        return None
    x, y = svg_x / STEP, -svg_y / STEP
    best = min(_BOARD_POINTS, key=lambda p: (p.x - x) ** 2 + (p.y - y) ** 2)
    if math.hypot(best.x - x, best.y - y) > REACH:
        return None
    return best


LEVELS: tuple[float, ...] = (1.0, 1.5, 2.0, 3.0)
"""The zoom levels, from the whole board in view to three times its size."""


@dataclass(frozen=True)
class Zoom:
    """The board's zoom: an index into :data:`LEVELS`."""

    index: int = 0

    @property
    def scale(self) -> float:
        """How many times its normal size the board is drawn."""
        return LEVELS[self.index]

    @property
    def zoomed(self) -> bool:
        """Whether the board is drawn larger than its frame (and can be panned)."""
        return self.index > 0

    @property
    def can_zoom_in(self) -> bool:
        """Whether a larger level exists."""
        return self.index < len(LEVELS) - 1

    @property
    def can_zoom_out(self) -> bool:
        """Whether a smaller level exists."""
        return self.index > 0

    def zoom_in(self) -> Zoom:
        """One level larger (the largest stays)."""
        return Zoom(min(self.index + 1, len(LEVELS) - 1))

    def zoom_out(self) -> Zoom:
        """One level smaller (the whole board stays)."""
        return Zoom(max(self.index - 1, 0))

    def label(self) -> str:
        """The level in words for the zoom buttons' status, e.g. ``"Zoom 150%"``."""
        return _("Zoom {percent}%").format(percent=round(self.scale * 100))


def keep_centre(scroll: float, frame: float, old_scale: float, new_scale: float) -> float:
    """The scroll offset (along one axis) that keeps the point at the centre of a frame
    of size ``frame`` in place when the board's scale goes from ``old_scale`` to
    ``new_scale``; clamped to what can be scrolled."""
    if old_scale <= 0 or frame <= 0:
        return 0.0
    centre = (scroll + frame / 2) / old_scale
    wanted = centre * new_scale - frame / 2
    return max(0.0, min(wanted, frame * new_scale - frame))


PINCH_STEP = 1.3
"""How much two fingers must spread (or close, by its inverse) for one zoom level."""


def pinch_step(start: float, now: float) -> int:
    """The zoom levels a pinch asks for: ``1`` (in) once the fingers are
    :data:`PINCH_STEP` times further apart than at ``start``, ``-1`` (out) once that
    much closer, else ``0``."""
    if start <= 0 or now <= 0:
        return 0
    if now >= start * PINCH_STEP:
        return 1
    if now * PINCH_STEP <= start:
        return -1
    return 0


COORDS_KEY = "paisho.coords.v1"
"""``localStorage`` key of the coordinate labels setting: ``"1"`` shown, else hidden."""


def coords_shown(stored: str | None) -> bool:
    """Whether the board shows coordinate labels, from the stored value (off unless
    exactly ``"1"``: missing or damaged means off)."""
    return stored == "1"


def coords_value(shown: bool) -> str:
    """The value to store for the setting."""
    return "1" if shown else "0"


def frame_writes(zoom: Zoom) -> tuple[Write, ...]:
    """The board's frame marked with the scale while zoomed in (its ``data-zoom``, which
    the style sheet reads), unmarked at the whole board."""
    return (attr_or_none("board-holder", "data-zoom", str(zoom.scale) if zoom.zoomed else None),)


def zoom_writes(zoom: Zoom) -> tuple[Write, ...]:
    """The zoom buttons enabled as ``zoom`` allows, and its level's words."""
    return (
        disabled("btn-zoom-in", not zoom.can_zoom_in),
        disabled("btn-zoom-out", not zoom.can_zoom_out),
        disabled("btn-zoom-reset", not zoom.zoomed),
        text("zoom-level", zoom.label()),
    )


def coords_writes(shown: bool) -> tuple[Write, ...]:
    """The coordinates button pressed while the labels are ``shown``."""
    return (attr("btn-coords", "aria-pressed", "true" if shown else "false"),)


def spread(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance between two touches ``(x, y)`` (a pinch's spread)."""
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)
