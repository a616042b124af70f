"""The Wheel's ring of angles on the board (``rules.html#ancient-r9``): pure UI logic.

When a Wheel has been put on a point and its turn is still to be chosen, the page draws
eight choice marks around it, one per multiple of 45°, clockwise from north: the mark
for ``90°`` sits east of the Wheel, where the tile north of it would go.  Each mark shows
an arrow and its angle; the turns the Wheel may not make (R9) are drawn dimmed and
refused in plain words.  The keyboard moves a focus around the ring (arrows: right/down
clockwise, left/up the other way) and Enter chooses; keys 0–7 choose directly.

Everything here is pure (tested under CPython); ``site/ancient_ui.py`` puts the SVG of
:func:`render_ring` at the end of the board's dynamic layer.  Only numbers and point
texts reach the SVG.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from paisho_core.board import Point
from paisho_core.render import STEP, VIEW_HALF, render_preview_tile, svg_xy
from paisho_core.tokens import POINT_PREFIX, is_turn, token_point, turn_token
from paisho_page.base.dom_writes import Write, attr
from paisho_page.words.i18n import _

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
"""Where each turn's mark sits, clockwise from north (index ``k``: a turn of ``45·k``°)."""
MARK_RADIUS = 13
"""Radius of a choice mark (SVG units)."""
ORTHOGONAL_DISTANCE = 2.0
DIAGONAL_DISTANCE = 1.5
"""A mark's offset from the Wheel, in steps: straight marks two points away, diagonal
ones in the middle of the grid square beyond the diagonal neighbour (clear of tiles)."""
CLOCKWISE = frozenset({"ArrowRight", "ArrowDown"})
ANTICLOCKWISE = frozenset({"ArrowLeft", "ArrowUp"})
CHOOSE = frozenset({"Enter", " ", "Spacebar"})


@dataclass(frozen=True)
class RingChoice:
    """One mark of the ring: the turn it chooses, where it is drawn, whether it is legal."""

    degrees: int
    wheel: Point
    """The point the Wheel is being placed on."""
    dx: int
    dy: int
    """Its direction from the Wheel (``+dy`` north)."""
    enabled: bool

    @property
    def token(self) -> str:
        """The click token that chooses it, ``turn:90``."""
        return turn_token(self.degrees)

    def centre(self) -> tuple[float, float]:
        """The SVG centre of its mark (kept inside the board picture)."""
        cx, cy = svg_xy(self.wheel)
        far = DIAGONAL_DISTANCE if self.dx and self.dy else ORTHOGONAL_DISTANCE
        x, y = cx + self.dx * far * STEP, cy - self.dy * far * STEP
        edge = VIEW_HALF - MARK_RADIUS - 2
        return max(-edge, min(edge, x)), max(-edge, min(edge, y))

    @property
    def label(self) -> str:
        """Its accessible name."""
        if self.degrees == 0:
            if self.enabled:
                return _("Do not turn the Wheel's ring (0°)")
            return _("Do not turn the Wheel's ring (0°): not possible here")
        if self.enabled:
            return _("Turn the Wheel's ring {degrees}° clockwise").format(degrees=self.degrees)
        return _("Turn the Wheel's ring {degrees}° clockwise: not possible here").format(
            degrees=self.degrees)


def wheel_point(clicks: Sequence[str]) -> Point | None:
    """The point of the last ``point:`` click (the Wheel's point while its turn is asked)."""
    for token in reversed(clicks):
        if token.startswith(POINT_PREFIX):
            return token_point(token)
    return None


def ring_choices(clicks: Sequence[str], next_tokens: Iterable[str]) -> tuple[RingChoice, ...]:
    """The eight marks while the next click is a Wheel's turn (else none)."""
    turns = {t for t in next_tokens if is_turn(t)}
    wheel = wheel_point(clicks)
    if not turns or wheel is None:
        return ()
    return tuple(
        RingChoice(45 * k, wheel, dx, dy, turn_token(45 * k) in turns)
        for k, (dx, dy) in enumerate(DIRECTIONS)
    )


def current_focus(choices: Sequence[RingChoice], focused: int | None, keyboard: bool) -> int | None:
    """The focused mark's angle: ``focused`` if it is a legal choice; else, when the
    keyboard is in use, the first legal one from 0° clockwise; else none."""
    legal = [c.degrees for c in choices if c.enabled]
    if focused in legal:
        return focused
    return legal[0] if keyboard and legal else None


def ring_key(
    choices: Sequence[RingChoice], focused: int | None, key: str
) -> tuple[bool, int | None, str | None]:
    """A key while the ring is shown: ``(handled, new focus, token to click)``.

    Arrows move the focus to the next legal mark (right/down clockwise, left/up the
    other way); Enter or Space chooses the focused one (the first legal one when none is
    focused yet).  Other keys, or no ring, are not handled.
    """
    legal = [c.degrees for c in choices if c.enabled]
    if not legal or key not in CLOCKWISE | ANTICLOCKWISE | CHOOSE:
        return False, focused, None
    now = current_focus(choices, focused, True)
    assert now is not None
    if key in CHOOSE:
        return True, now, turn_token(now)
    i = legal.index(now)
    step = 1 if key in CLOCKWISE else -1
    return True, legal[(i + step) % len(legal)], None


def focus_writes(focused: int | None) -> tuple[Write, ...]:
    """The board's ``aria-activedescendant`` on the ring's mark the keyboard focus is on
    (``focused``, its angle: the mark's id from :func:`render_ring`); nothing without."""
    if focused is None:
        return ()
    return (attr("board", "aria-activedescendant", f"ring-turn-{focused}"),)


def refusal(degrees: int) -> str:
    """Why a dimmed mark cannot be chosen (``rules.html#ancient-r9``)."""
    return _(
        "The Wheel cannot turn its ring {degrees}° here: that would move a Coin or a drained"
        " tile, or put a tile off the board or on a Gate (ancient R9)."
    ).format(degrees=degrees)


def _arrow(c: RingChoice, cx: float, cy: float) -> str:
    """A small arrowhead just outside the mark's text, pointing away from the Wheel."""
    length = (c.dx * c.dx + c.dy * c.dy) ** 0.5
    ux, uy = c.dx / length, -c.dy / length  # SVG y grows downwards
    tip = (cx + ux * (MARK_RADIUS + 7), cy + uy * (MARK_RADIUS + 7))
    base = (cx + ux * (MARK_RADIUS + 1), cy + uy * (MARK_RADIUS + 1))
    side = (-uy * 4.5, ux * 4.5)
    pts = [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    return f'<polygon class="ring-arrow" points="{coords}"/>'


def render_ring(choices: Sequence[RingChoice], focused: int | None = None) -> str:
    """The ring's SVG: ``<g class="wheel-ring">`` holding one ``<g class="ring-choice"
    data-ring-turn="90" id="ring-turn-90" role="button">`` per mark (``disabled``,
    ``focused`` classes), each with a disc, an arrow and its angle, around a faded Wheel
    on its point.  Empty with no ring."""
    if not choices:
        return ""
    wheel = choices[0].wheel
    out = [f'<g class="wheel-ring" id="wheel-ring" data-wheel="{escape(str(wheel))}">']
    out.append(f'<g class="ring-wheel">{render_preview_tile("ancient", "W", wheel)}</g>')
    for c in choices:
        cx, cy = c.centre()
        classes = ["ring-choice"]
        if not c.enabled:
            classes.append("disabled")
        if c.degrees == focused:
            classes.append("focused")
        disabled = ' aria-disabled="true"' if not c.enabled else ""
        out.append(
            f'<g class="{" ".join(classes)}" data-ring-turn="{c.degrees}"'
            f' id="ring-turn-{c.degrees}" role="button" aria-label="{escape(c.label)}"'
            f"{disabled}>"
            f'<circle class="ring-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{MARK_RADIUS}"/>'
            + _arrow(c, cx, cy)
            + f'<text class="ring-text" x="{cx:.1f}" y="{cy + 3.5:.1f}"'
            f' text-anchor="middle">{c.degrees}°</text>'
        )
        if c.degrees == focused:
            out.append(
                f'<circle class="ring-focus" cx="{cx:.1f}" cy="{cy:.1f}" r="{MARK_RADIUS + 4}"/>'
            )
        out.append("</g>")
    out.append("</g>")
    return "".join(out)
