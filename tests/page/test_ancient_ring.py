"""The Wheel's ring of eight angle choices on the board (``rules.html#ancient-r9``):
which marks are offered, where they are drawn, the keyboard focus and the SVG."""

from __future__ import annotations

import re

from paisho_core.ancient import AncientGame
from paisho_core.board import Point
from paisho_core.render import STEP, VIEW_HALF, svg_xy
from paisho_page.base.dom_writes import by_target
from paisho_page.panels.ancient import preview
from paisho_page.panels.ancient_ring import (
    current_focus,
    focus_writes,
    refusal,
    render_ring,
    ring_choices,
    ring_key,
)
from paisho_page.panels.ancient_seats import preview_text, preview_writes, turn_preview
from paisho_page.play.ui import UIState


def _wheel_ui() -> UIState:
    """A Wheel put on (6,5), near the rim, with two tiles in its ring: the turns that
    would carry a tile off the board are not legal (R9); a Lily on (5,7) makes a
    harmony after some turns."""
    game = AncientGame.setup({"(5,5)": "Ro", "(7,5)": "Ja", "(5,7)": "Li"}, ["W", "Ro"], target=9)
    ui = UIState(game)
    ui.click("reserve:W")
    ui.click("point:(6,5)")
    return ui


def test_no_ring_until_the_wheel_turn_is_asked() -> None:
    game = AncientGame.setup({"(1,1)": "Ro"}, ["W", "Ro"], target=9)
    ui = UIState(game)
    assert ring_choices(ui.clicks, ui.next_tokens()) == ()
    ui.click("reserve:W")
    assert ring_choices(ui.clicks, ui.next_tokens()) == ()
    assert render_ring(()) == ""


def test_eight_marks_clockwise_from_north_enabled_as_the_engine_allows() -> None:
    """ancient R9: any multiple of 45°; the legal ones are exactly the engine's."""
    ui = _wheel_ui()
    choices = ring_choices(ui.clicks, ui.next_tokens())
    assert [c.degrees for c in choices] == [0, 45, 90, 135, 180, 225, 270, 315]
    assert [(c.dx, c.dy) for c in choices[:3]] == [(0, 1), (1, 1), (1, 0)]  # N, NE, E
    assert all(c.wheel == Point(6, 5) for c in choices)
    legal = {t for t in ui.next_tokens() if t.startswith("turn:")}
    assert {c.token for c in choices if c.enabled} == legal
    assert legal == {f"turn:{d}" for d in (0, 45, 90, 180, 225, 270)}
    assert [c.degrees for c in choices if not c.enabled] == [135, 315]


def test_marks_sit_around_the_wheel_clear_of_the_nearest_points() -> None:
    ui = _wheel_ui()
    wx, wy = svg_xy(Point(6, 5))
    for c in ring_choices(ui.clicks, ui.next_tokens()):
        x, y = c.centre()
        # north of the Wheel is up on screen; the 90° mark is east of it
        assert (x - wx) * c.dx >= 0 and (wy - y) * c.dy >= 0
        assert 1.4 * STEP <= ((x - wx) ** 2 + (y - wy) ** 2) ** 0.5 <= 2.2 * STEP


def test_marks_near_the_rim_stay_inside_the_picture() -> None:
    game = AncientGame.setup({}, ["W", "Ro"], target=9)
    ui = UIState(game)
    ui.click("reserve:W")
    ui.click("point:(8,1)")
    for c in ring_choices(ui.clicks, ui.next_tokens()):
        x, y = c.centre()
        assert abs(x) < VIEW_HALF and abs(y) < VIEW_HALF


def test_keyboard_focus_moves_among_the_legal_marks_and_enter_chooses() -> None:
    ui = _wheel_ui()
    choices = ring_choices(ui.clicks, ui.next_tokens())
    legal = [c.degrees for c in choices if c.enabled]
    assert current_focus(choices, None, False) is None  # the mouse shows no focus
    assert current_focus(choices, None, True) == legal[0]
    handled, focus, token = ring_key(choices, None, "ArrowRight")
    assert handled and focus == legal[1] and token is None
    handled, focus, token = ring_key(choices, legal[0], "ArrowLeft")
    assert focus == legal[-1]  # wraps round
    handled, focus, token = ring_key(choices, focus, "Enter")
    assert handled and token == f"turn:{legal[-1]}"
    assert ring_key(choices, focus, "a") == (False, focus, None)
    assert ring_key((), None, "Enter") == (False, None, None)
    result = ui.click(token)
    assert result.kind == "complete"
    assert ui.game.format_action(result.action) == f"W(6,5)@{legal[-1]}"


def test_a_disabled_mark_is_not_focused_and_its_refusal_names_r9() -> None:
    ui = _wheel_ui()
    choices = ring_choices(ui.clicks, ui.next_tokens())
    off = next(c for c in choices if not c.enabled)
    assert current_focus(choices, off.degrees, True) != off.degrees
    assert "R9" in refusal(off.degrees) and f"{off.degrees}°" in refusal(off.degrees)


def test_the_svg_has_stable_attributes_and_escapes_nothing_it_should_not() -> None:
    ui = _wheel_ui()
    choices = ring_choices(ui.clicks, ui.next_tokens())
    legal = [c.degrees for c in choices if c.enabled]
    svg = render_ring(choices, legal[1])
    assert svg.startswith('<g class="wheel-ring" id="wheel-ring" data-wheel="(6,5)">')
    assert re.findall(r'data-ring-turn="(\d+)"', svg) == [str(45 * k) for k in range(8)]
    assert svg.count('role="button"') == 8 and svg.count("ring-arrow") == 8
    assert svg.count('class="preview-ghost" data-tile="W"') == 1  # the Wheel, faded
    assert svg.count('class="ring-choice focused"') == 1
    assert f'id="ring-turn-{legal[1]}"' in svg and "ring-focus" in svg
    assert svg.count('aria-disabled="true"') == 8 - len(legal)
    assert "90°</text>" in svg and "Turn the Wheel&#x27;s ring 90° clockwise" in svg


def test_each_mark_previews_the_count_after_its_turn() -> None:
    """Hovering or focusing a mark shows the harmonies after that turn (as other targets)."""
    ui = _wheel_ui()
    paths = ui.paths()
    counts = {}
    for c in ring_choices(ui.clicks, ui.next_tokens()):
        if c.enabled:
            (action,) = paths[(*ui.clicks, c.token)]
            counts[c.degrees] = preview(ui.game, action)[0]
            child = ui.game.copy()
            child.apply(action)
            assert counts[c.degrees] == child.harmonies
    assert set(counts.values()) == {0, 1}


def test_the_board_names_the_focused_mark_and_the_preview_follows_it() -> None:
    """ancient R9: the keyboard focus on a mark of the ring is the board's active
    element, and the preview says the count after that turn (else after the point
    under the mouse)."""
    ui = _wheel_ui()
    choices = ring_choices(ui.clicks, ui.next_tokens())
    assert focus_writes(None) == ()
    assert by_target(focus_writes(90)) == {("board", "aria-activedescendant"): "ring-turn-90"}
    ui.cursor_visible = True
    focused = current_focus(choices, 90, True)
    assert focused == 90
    said = preview_text(ui, choices, 90, None, viewing=False)
    assert said is not None and said == turn_preview(ui, 90) and said.startswith("Turned 90°")
    assert preview_text(ui, choices, None, None, viewing=False) == turn_preview(ui, 0)
    ui.cursor_visible = False  # no mark focused, the mouse: the point under it (none here)
    assert preview_text(ui, choices, None, None, viewing=False) == ""
    assert preview_writes(None) == ()
    assert by_target(preview_writes("x")) == {("ancient-preview", "textContent"): "x"}
