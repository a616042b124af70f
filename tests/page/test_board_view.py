"""The board's view on the page (``paisho_page.play.board_view``): the point a tap means, the
zoom and the coordinate labels setting (issue #21)."""

from __future__ import annotations

import pytest

from paisho_core.board import POINT_OF, POINTS, Point
from paisho_core.render import (
    CONTROLS_ID,
    STEP,
    RenderView,
    render_dynamic,
    render_svg,
    svg_xy,
)
from paisho_core.skud import SkudGame
from paisho_page.base.dom_writes import by_target, no_attr
from paisho_page.play.board_view import (
    LEVELS,
    REACH,
    Zoom,
    coords_shown,
    coords_value,
    frame_writes,
    keep_centre,
    nearest_point,
    pinch_step,
)


def test_a_tap_on_a_point_means_that_point() -> None:
    for idx in POINTS:
        point = POINT_OF[idx]
        assert nearest_point(*svg_xy(point)) == point


@pytest.mark.parametrize(
    ("dx", "dy", "expected"),
    [
        (0.45, 0.0, Point(3, 2)),  # nearer (3,2) than (4,2)
        (0.55, 0.0, Point(4, 2)),
        (0.0, -0.45, Point(3, 2)),  # svg y down: -0.45 step is towards (3,3)
        (0.0, -0.55, Point(3, 3)),
        (0.49, -0.49, Point(3, 2)),  # a cell's corner: still the nearest
        (0.51, -0.51, Point(4, 3)),
    ],
)
def test_a_tap_between_points_means_the_nearest(dx: float, dy: float, expected: Point) -> None:
    x, y = svg_xy(Point(3, 2))
    assert nearest_point(x + dx * STEP, y + dy * STEP) == expected


def test_a_tap_off_the_points_means_none() -> None:
    assert nearest_point(0, 9.5 * STEP) is None  # on the rim, below the southern gate
    assert nearest_point(9.9 * STEP, 9.9 * STEP) is None  # the frame's corner
    assert nearest_point(float("nan"), 0) is None
    x, y = svg_xy(Point(0, -8))
    assert nearest_point(x, y + (REACH - 0.05) * STEP) == Point(0, -8)


def test_zoom_levels_step_in_and_out_within_bounds() -> None:
    zoom = Zoom()
    assert zoom.scale == 1 and not zoom.zoomed and not zoom.can_zoom_out
    assert zoom.zoom_out() == zoom
    for _ in LEVELS:
        zoom = zoom.zoom_in()
    assert zoom.scale == LEVELS[-1] and not zoom.can_zoom_in and zoom.zoomed
    assert zoom.zoom_in() == zoom
    assert zoom.zoom_out().scale == LEVELS[-2]
    assert Zoom().zoom_in().label() == "Zoom 150%"


def test_zooming_keeps_the_centre_of_the_frame_in_place() -> None:
    assert keep_centre(0, 300, 1, 2) == 150  # the board's centre stays in the middle
    assert keep_centre(150, 300, 2, 1) == 0
    assert keep_centre(450, 300, 3, 2) == pytest.approx(250)
    assert keep_centre(0, 300, 2, 3) == pytest.approx(75)
    assert keep_centre(600, 300, 3, 3) == 600  # the largest scroll stays
    assert keep_centre(600, 300, 3, 1.5) <= 150  # clamped to what can be scrolled
    assert keep_centre(10, 0, 1, 2) == 0


def test_coordinates_setting_is_off_unless_stored_on() -> None:
    assert coords_shown(None) is False
    assert coords_shown("0") is False
    assert coords_shown("true") is False
    assert coords_shown(coords_value(True)) is True
    assert coords_shown(coords_value(False)) is False


def test_coordinate_labels_are_the_notation_numbers_on_request() -> None:
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)")
    plain = render_dynamic(game, RenderView())
    assert 'class="coords"' not in plain and 'class="coords"' not in render_svg(game)
    labelled = render_dynamic(game, RenderView(coordinates=True))
    controls = f'<g id="{CONTROLS_ID}"></g>'  # (the layer last, over the labels too)
    assert plain.endswith(controls) and labelled.endswith(controls)
    plain, labelled = plain[: -len(controls)], labelled[: -len(controls)]
    assert labelled.startswith(plain)
    labels = labelled[len(plain):]
    assert labels.count("<text") == 26  # x then y of the 13 lines -6 to 6
    # column 0 at the bottom, row -6 on the left: each where its line ends
    assert '<text x="0" y="381">0</text>' in labels  # 9.525 steps down
    _x, y = svg_xy(Point(0, -6))
    assert f'y="{y}">-6</text>' in labels


def test_a_pinch_steps_one_level_per_spread_or_close() -> None:
    assert pinch_step(100, 100) == 0
    assert pinch_step(100, 125) == 0
    assert pinch_step(100, 131) == 1
    assert pinch_step(100, 78) == 0
    assert pinch_step(100, 76) == -1
    assert pinch_step(0, 50) == 0 and pinch_step(50, 0) == 0


def test_the_frame_is_marked_with_the_scale_only_while_zoomed() -> None:
    assert frame_writes(Zoom()) == (no_attr("board-holder", "data-zoom"),)
    zoomed = Zoom().zoom_in()
    assert by_target(frame_writes(zoomed)) == {
        ("board-holder", "data-zoom"): str(zoomed.scale)
    }
