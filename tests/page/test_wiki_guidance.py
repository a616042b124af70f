"""Wiki's multi-step actions are guided (issue #21): the status line says what the next
click does, targets are marked by what they do, a carry takes its clicks in either order,
and a Wheel turns by an on-board control (``rules.html#wiki-r4``, ``#wiki-r7``)."""

from __future__ import annotations

import re

from wiki_helpers import tile_at

from paisho_core.board import Point
from paisho_core.render import RenderView, TargetMark, render_dynamic
from paisho_core.wiki import WikiGame
from paisho_page.panels import wiki_guide, wiki_motion, wiki_wheel
from paisho_page.play.next_click import next_steps
from paisho_page.play.ui import UIState

BOAT_ROSE_JASMINE = {"(0,0)": "GB", "(1,0)": "GRo", "(-1,1)": "GJa", "(0,-4)": "HJa"}


def ui_of(tiles: dict[str, str], *points: str) -> UIState:
    """A UI on a set-up Wiki position, with ``points`` clicked."""
    ui = UIState(WikiGame.setup(tiles), undo=False)
    for p in points:
        ui.click(f"point:{p}")
    return ui


def marks(ui: UIState) -> dict[str, tuple[str, ...]]:
    """The shapes of each marked point, by point text."""
    return {str(p): m.shapes for p, m in wiki_guide.target_marks(ui).items()}


# -------------------------------------------------------------- the status line (R4)
def test_boat_status_says_it_may_go_push_or_carry() -> None:
    # wiki-r4: a Boat moves, pushes the tile next to it, or carries tiles around it
    ui = ui_of(BOAT_ROSE_JASMINE, "(0,0)")
    assert wiki_guide.guide_status(ui) == (
        "Guest: Boat selected — choose where the Boat goes, or a neighbouring tile to push"
        " or to carry."
    )


def test_after_a_tile_the_status_says_where_the_boat_takes_it() -> None:
    ui = ui_of(BOAT_ROSE_JASMINE, "(0,0)", "(1,0)")
    status = wiki_guide.guide_status(ui)
    assert status is not None
    assert status.startswith("Guest: Boat and Rose selected — choose where the Boat takes the Rose")
    assert "where the Rose is pushed" in status and "another tile to carry too" in status


def test_the_words_follow_the_actions_left_not_the_click_count() -> None:
    # a diagonal neighbour can be carried but never pushed (pushes go straight, wiki-r4)
    ui = ui_of({"(0,0)": "GB", "(1,1)": "GLi"}, "(0,0)")
    assert wiki_guide.guide_status(ui) == (
        "Guest: Boat selected — choose where the Boat goes, or a neighbouring tile to carry."
    )
    # a White Jade is never pushed nor carried: the Boat only goes
    ui = ui_of({"(0,0)": "GB", "(1,0)": "GWJ"}, "(0,0)")
    assert wiki_guide.guide_status(ui) == "Guest: Boat selected — choose where the Boat goes."
    assert wiki_guide.target_marks(ui) == {} and wiki_guide.legend(ui) == []
    # once the only carriable tile is chosen, no "another tile" is offered
    ui = ui_of({"(0,0)": "GB", "(1,1)": "GLi"}, "(0,0)", "(1,1)")
    assert wiki_guide.guide_status(ui) == (
        "Guest: Boat and Lily selected — choose where the Boat takes the Lily."
    )


def test_no_selection_keeps_the_pages_own_status() -> None:
    ui = ui_of(BOAT_ROSE_JASMINE)
    assert wiki_guide.guide_status(ui) is None


# ------------------------------------------------------------------ the marks (R4)
def test_targets_are_marked_by_what_they_do() -> None:
    ui = ui_of(BOAT_ROSE_JASMINE, "(0,0)")
    found = marks(ui)
    assert found["(0,3)"] == ("dot",)  # the Boat goes there
    assert found["(1,0)"] == ("triangle", "square")  # the Rose: pushed or carried
    assert found["(-1,1)"] == ("square",)  # the Jasmine (diagonal): carried only
    words = wiki_guide.target_marks(ui)[Point(1, 0)].words
    assert words == "push the Rose or carry the Rose"
    assert wiki_guide.legend(ui) == [
        ("dot", "the Boat goes here"),
        ("triangle", "push this tile"),
        ("square", "carry this tile"),
    ]


def test_the_renderer_draws_a_shape_per_mark_and_names_it() -> None:
    game = WikiGame.setup(BOAT_ROSE_JASMINE)
    view = RenderView(
        highlights=frozenset({Point(1, 0), Point(0, 3)}),
        target_marks={
            Point(1, 0): TargetMark(("triangle", "square"), "push the Rose or carry the Rose"),
            Point(0, 3): TargetMark(("dot",), "the Boat goes here"),
        },
    )
    svg = render_dynamic(game, view)
    group = re.search(r'<g class="pt highlight" data-point="\(1,0\)".*?</g></g>', svg)
    assert group is not None
    assert "mark-triangle" in group.group(0) and "mark-square" in group.group(0)
    assert "can be chosen: push the Rose or carry the Rose" in group.group(0)
    plain = render_dynamic(game, RenderView(highlights=frozenset({Point(0, 3)})))
    assert "mark-kind" not in plain and 'class="mark-target"' in plain


# --------------------------------------------------------------- carry order (R4)
def test_destination_first_asks_move_alone_or_carry() -> None:
    ui = ui_of({"(0,0)": "GB", "(1,1)": "GLi"}, "(0,0)")
    assert ui.click("point:(0,3)").kind == "extend"  # not a silent plain move
    assert wiki_guide.guide_status(ui) == (
        "Guest: move the Boat alone to (0,3), or carry the Lily? Click (0,3) again to move"
        " it alone, or click the Lily to carry it."
    )
    assert marks(ui) == {"(1,1)": ("square",)}
    action, how = wiki_guide.preview_of(ui, Point(0, 3)) or (None, "")
    assert str(action) == "(0,0)-(0,3)" and how == "again"
    alone = UIState(ui.game.copy(), undo=False)
    alone.click("point:(0,0)")
    alone.click("point:(0,3)")
    assert alone.click("point:(0,3)").kind == "complete"
    assert alone.game.history[-1].kind == 1 and tile_at(alone.game, "(1,1)") == "GLi"
    result = ui.click("point:(1,1)")
    assert result.kind == "complete" and str(result.action) == "(0,0)=(0,3)[(1,1)]"
    assert tile_at(ui.game, "(1,4)") == "GLi"


def test_carried_tiles_in_any_order_and_either_side_of_the_destination() -> None:
    tiles = {"(0,0)": "GB", "(1,1)": "HLi", "(-1,0)": "GJa"}
    for order in (
        ("(0,0)", "(1,1)", "(-1,0)", "(0,3)"),
        ("(0,0)", "(-1,0)", "(1,1)", "(0,3)"),
        ("(0,0)", "(0,3)", "(-1,0)", "(1,1)"),
    ):
        ui = ui_of(tiles)
        kinds = [ui.click(f"point:{p}").kind for p in order]
        assert kinds[-1] == "complete", order
        assert ui.game.to_text() == "1G.(0,0)=(0,3)[(1,1),(-1,0)]"


def test_every_click_path_makes_one_action_only() -> None:
    tiles = {"(0,0)": "GB", "(0,1)": "HJa", "(1,1)": "GLi", "(-1,0)": "HW", "(3,3)": "GW",
             "(3,4)": "HRo", "(4,2)": "GJa", "(-1,-1)": "GRo"}
    ui = UIState(WikiGame.setup(tiles), undo=False)
    assert all(len(actions) == 1 for actions in ui.paths().values())
    game = ui.game
    for action in game.legal_actions():
        assert game.action_click_paths(action)[0] == game.action_clicks(action)


# ---------------------------------------------------------------- the Wheel (R7)
def test_wheel_turns_by_its_direction_token() -> None:
    # wiki-r7: every tile around the Wheel moves one step round it
    ui = ui_of({"(0,0)": "GW", "(0,1)": "HJa"}, "(0,0)")
    assert {"turn:cw", "turn:ccw"} <= ui.next_tokens()
    status = wiki_guide.guide_status(ui)
    assert status is not None and "↻ (clockwise) or ↺ (counter-clockwise)" in status
    assert ("cw", "turn the Wheel clockwise") in wiki_guide.legend(ui)
    result = ui.click("turn:cw")
    assert result.kind == "complete" and ui.game.to_text() == "1G.(0,0)@cw"
    assert tile_at(ui.game, "(1,1)") == "HJa"


def test_wheel_control_buttons_keys_and_place() -> None:
    ui = ui_of({"(0,0)": "GW", "(0,1)": "HJa"}, "(0,0)")
    ways = wiki_wheel.wheel_ways(ui.clicks, ui.next_tokens())
    assert [w.way for w in ways] == ["cw", "ccw"]
    svg = wiki_wheel.render_wheel(ways, "ccw")
    assert svg.count('role="button"') == 2 and svg.count('tabindex="0"') == 2
    assert 'class="wheel-way focused" data-wiki-turn="ccw"' in svg
    assert wiki_wheel.wheel_key(ways, "cw", "ArrowRight") == (True, "ccw", None)
    assert wiki_wheel.wheel_key(ways, "ccw", "Enter") == (True, "ccw", "turn:ccw")
    assert wiki_wheel.wheel_key(ways, "cw", "x") == (False, "cw", None)
    cw, ccw = ways
    assert cw.centre()[0] > ccw.centre()[0]  # clockwise to the east
    assert cw.centre()[1] < 0  # above a Wheel on the centre (SVG y grows downwards)
    north = wiki_wheel.WheelWay("cw", Point(0, 7))
    assert north.centre()[1] > -7 * 40  # below a Wheel near the north edge
    assert wiki_wheel.wheel_ways((), ui.next_tokens()) == ()
    moving = ui_of({"(0,0)": "GB"}, "(0,0)")  # a Boat has no turn
    assert wiki_wheel.wheel_ways(moving.clicks, moving.next_tokens()) == ()


def test_a_turn_previews_every_tile_around_the_wheel() -> None:
    ring = ("(-1,1)", "(0,1)", "(1,1)", "(1,0)", "(1,-1)", "(0,-1)", "(-1,-1)", "(-1,0)")
    tiles = {"(0,0)": "GW", **{p: "GJa" for p in ring}}
    ui = ui_of(tiles, "(0,0)")
    (action,) = ui.paths()[("point:(0,0)", "turn:cw")]
    found = wiki_motion.motions(ui.game, action)
    assert {(str(a), str(b)) for a, b, _ in found} == {
        (ring[i], ring[(i + 1) % 8]) for i in range(8)
    }
    svg = wiki_motion.render_motions(found)
    assert svg.count('class="motion"') == 8 and svg.count("preview-ghost") == 8


def test_push_and_carry_previews() -> None:
    ui = ui_of(BOAT_ROSE_JASMINE, "(0,0)")
    action, how = wiki_guide.preview_of(ui, Point(1, 0)) or (None, "")
    assert str(action) == "(0,0)>(1,0)" and how == "push"
    assert [(str(a), str(b), c) for a, b, c in wiki_motion.motions(ui.game, action)] == [
        ("(0,0)", "(1,0)", "B"), ("(1,0)", "(2,0)", "Ro")
    ]
    assert wiki_guide.preview_of(ui, Point(0, 3)) is None  # may still carry: no one action
    ui.click("point:(-1,1)")
    action, how = wiki_guide.preview_of(ui, Point(0, -2)) or (None, "")
    assert str(action) == "(0,0)=(0,-2)[(-1,1)]" and how == ""
    moved = {(str(a), str(b)) for a, b, _ in wiki_motion.motions(ui.game, action)}
    assert moved == {("(0,0)", "(0,-2)"), ("(-1,1)", "(-1,-1)")}


# ------------------------------------------------------------- the generic steps
def test_next_steps_group_paths_by_next_token() -> None:
    paths = {("a", "b"): ["ab"], ("a", "b", "c"): ["abc"], ("a", "d"): ["ad"]}
    steps = next_steps(paths, ("a",))
    assert [s.token for s in steps.steps] == ["b", "d"]
    b, d = steps.steps
    assert b.completes is None and {t.action for t in b.through} == {"ab", "abc"}
    assert d.completes == "ad" and steps.confirm is None
    after = next_steps(paths, ("a", "b"))
    assert after.confirm == "ab" and [s.token for s in after.steps] == ["c"]
    assert next_steps(paths, ("a", "d")).confirm is None  # nothing goes on: no question


def test_the_next_steps_are_read_once_per_position_and_selection() -> None:
    """A hover asks for the next steps again and again: the same answer is given without
    reading every legal action's click paths again; a click, or another position, reads
    them afresh (and the answers agree with a fresh reading)."""
    ui = ui_of(BOAT_ROSE_JASMINE, "(0,0)")
    first = wiki_guide.steps_of(ui)
    for _ in range(3):
        assert wiki_guide.preview_of(ui, Point(1, 1)) == wiki_guide.preview_of(ui, Point(1, 1))
        assert wiki_guide.steps_of(ui) is first
    assert first == next_steps(ui.paths(), ui.clicks)
    ui.click("point:(1,0)")
    second = wiki_guide.steps_of(ui)
    assert second is not first and second == next_steps(ui.paths(), ui.clicks)
    other = ui_of(BOAT_ROSE_JASMINE, "(0,0)")
    assert wiki_guide.steps_of(other) == first and wiki_guide.steps_of(other) is not first
