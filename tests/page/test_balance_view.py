"""Balance's preview, drawn tile, hint and daily seed as writes and views
(paisho_page.panels.balance_view)."""

from __future__ import annotations

from paisho_core.balance import BalanceGame, Place
from paisho_core.board import Point
from paisho_core.render import RenderView
from paisho_page.base.dom_writes import by_target
from paisho_page.panels import balance as bp
from paisho_page.panels import balance_view


def test_the_preview_line_and_its_numbers() -> None:
    game = BalanceGame((), 1)
    point = game.legal_actions()[0].point  # (the first free point for the drawn tile)
    preview = game.preview(Place(point.index))
    writes = by_target(balance_view.preview_writes(game, preview, point))
    assert writes[("balance-preview", "textContent")] == bp.preview_text(game, preview)
    assert writes[("balance-preview", "point")] == str(point)
    assert writes[("balance-preview", "h")] == str(preview.harmonies)
    assert writes[("balance-preview", "d")] == str(preview.disharmonies)
    cleared = by_target(balance_view.cleared_preview_writes())
    assert cleared == {("balance-preview", "textContent"): "", ("balance-preview", "point"): ""}


def test_the_drawn_tile_and_the_bag() -> None:
    game = BalanceGame((), 1)
    writes = by_target(balance_view.drawn_writes(game))
    assert writes[("balance-drawn", "textContent")] == bp.drawn_text(game)
    assert writes[("balance-bag", "textContent")] == bp.bag_text(game.bag_left)
    label = by_target(balance_view.bag_writes(game.remaining_counts()))
    assert label == {
        ("balance-bag-tiles", "aria-label"): "Still in the bag: "
        + bp.remaining_text(game.remaining_counts())
    }
    assert by_target(balance_view.bag_writes({"R": 0}))[("balance-bag-tiles", "aria-label")] == (
        "Still in the bag: nothing"
    )


def test_the_hint_mark_and_button() -> None:
    view = RenderView()
    assert balance_view.with_hint(view, None) is view
    marked = balance_view.with_hint(view, Point(0, 3))
    assert marked.extra_classes[Point(0, 3)] == "hint"
    busy = by_target(balance_view.hint_busy_writes())
    assert busy[("btn-hint", "disabled")] is True and busy[("btn-hint", "aria-busy")] == "true"
    assert busy[("message", "textContent")] == "Thinking…"
    found = by_target(balance_view.hint_found_writes(0.12345, Point(0, 3)))
    assert found[("btn-hint", "disabled")] is False
    assert found[("btn-hint", "seconds")] == "0.123" and found[("btn-hint", "point")] == "(0,3)"


def test_the_daily_seed_is_the_date() -> None:
    assert balance_view.daily_seed(2026, 12, 2) == 20261202
