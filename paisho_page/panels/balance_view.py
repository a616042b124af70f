"""Balance's placement preview, drawn tile and hint mark as writes and views: pure logic
for ``site/balance_ui.py``, which applies them (text only; the renderer draws the
preview's lines and tile).

:func:`preview_writes` and :func:`cleared_preview_writes` are the panel's preview line
and its ``data-*`` (the point, the harmonies and disharmonies it would make);
:func:`drawn_writes` the drawn tile's name and the bag's count, :func:`bag_writes` what
a screen reader says of the bag's contents; :func:`with_hint` the
board's view with the hint's point marked, :func:`hint_busy_writes` and
:func:`hint_found_writes` the Hint button while and after it searches;
:func:`daily_seed` the daily game's seed of a calendar date.
"""

from __future__ import annotations

import dataclasses

from paisho_core.balance import BalanceGame
from paisho_core.balance.game import Preview
from paisho_core.board import Point
from paisho_core.render import RenderView
from paisho_page.base import dom_writes as w
from paisho_page.panels import balance as bp
from paisho_page.words.i18n import N_, _

HINT_CLASS = "hint"
"""The CSS class of the hint's point on the board."""


def preview_writes(
    game: BalanceGame, preview: Preview, point: Point, coordinates: bool = False
) -> tuple[w.Write, ...]:
    """The preview line of placing the drawn tile on ``point`` (naming points only when
    ``coordinates`` are shown), and its numbers."""
    return (
        w.text("balance-preview", bp.preview_text(game, preview, coordinates)),
        w.data("balance-preview", "point", str(point)),
        w.data("balance-preview", "h", str(preview.harmonies)),
        w.data("balance-preview", "d", str(preview.disharmonies)),
    )


def cleared_preview_writes() -> tuple[w.Write, ...]:
    """No preview: an empty line, no point."""
    return (w.text("balance-preview", ""), w.data("balance-preview", "point", ""))


def drawn_writes(game: BalanceGame) -> tuple[w.Write, ...]:
    """What to do with the drawn tile, and how many tiles are left in the bag."""
    return (
        w.text("balance-drawn", bp.drawn_text(game)),
        w.text("balance-bag", bp.bag_text(game.bag_left)),
    )


def bag_writes(remaining: dict[str, int]) -> tuple[w.Write, ...]:
    """The bag's tiles' label: what is still in the bag (``remaining``, by code)."""
    label = _("Still in the bag: {tiles}").format(tiles=bp.remaining_text(remaining))

    return (w.attr("balance-bag-tiles", "aria-label", label),)


def with_hint(view: RenderView, point: Point | None) -> RenderView:
    """The board's view with the hint's ``point`` marked (``None``: as it is)."""
    if point is None:
        return view
    extra = dict(view.extra_classes)
    extra[point] = HINT_CLASS
    return dataclasses.replace(view, extra_classes=extra)


HINT_THINKING = N_("Thinking…")
"""The message while the hint is searched (painted before the search blocks the page)."""


def hint_busy_writes() -> tuple[w.Write, ...]:
    """The Hint button busy and disabled, and the message saying the search runs."""
    return (
        w.disabled("btn-hint", True),
        w.attr("btn-hint", "aria-busy", "true"),
        w.text("message", _(HINT_THINKING)),
    )


def hint_found_writes(seconds: float, point: Point | None) -> tuple[w.Write, ...]:
    """The Hint button enabled again, with the search's time and the point found."""
    return (
        w.disabled("btn-hint", False),
        w.data("btn-hint", "seconds", f"{seconds:.3f}"),
        w.data("btn-hint", "point", str(point)),
    )


def daily_seed(year: int, month: int, day: int) -> int:
    """The daily game's seed of a date (``month`` 1–12): ``YYYYMMDD``."""
    return year * 10000 + month * 100 + day
