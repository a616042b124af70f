"""Tests of the pure SVG renderer (paisho_core.render)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from ui_fake import P, opened

from paisho_core.board import POINT_OF, POINTS
from paisho_core.protocol import TileView
from paisho_core.render import (
    RING_RADIUS,
    STATIC_LAYER,
    TARGET_RADIUS,
    RenderView,
    render_dynamic,
    render_svg,
    tile_name,
    tile_svg,
)

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def game_with_tiles():
    g = opened()
    g.apply(("plant", "R3", P(0, -8)))  # host plants
    g.apply(("plant", "W4", P(8, 0)))  # guest plants
    g.tiles[P(3, -2)] = ("R3", 0, frozenset())
    g.tiles[P(3, 2)] = ("W4", 0, frozenset({"drained"}))
    g.tiles[P(-2, 1)] = ("K", 1, frozenset())
    return g


def test_empty_board_has_every_point_once():
    root = parse(render_svg(None))
    pts = [e.get("data-point") for e in root.iter() if e.get("data-point")]
    assert len(pts) == 249 == len(set(pts))
    assert set(pts) == {str(POINT_OF[i]) for i in POINTS}
    assert root.get("viewBox") == "-400 -400 800 800"
    assert root.get("id") == "board"


def test_points_have_accessible_names_and_ids():
    root = parse(render_svg(game_with_tiles()))
    by_point = {e.get("data-point"): e for e in root.iter() if e.get("data-point")}
    assert by_point["(0,0)"].get("aria-label") == "point (0,0), empty"
    assert by_point["(3,-2)"].get("aria-label") == "Host Rose R3 at (3,-2)"
    assert by_point["(3,2)"].get("aria-label") == "Host Lily W4 at (3,2), drained"
    assert by_point["(-2,1)"].get("aria-label") == "Guest Knotweed at (-2,1)"
    assert by_point["(0,-8)"].get("aria-label") == "Host Rose R3 at (0,-8), growing"
    assert by_point["(1,-3)"].get("id") == "pt1_-3"
    assert all(e.get("role") == "button" for e in by_point.values())


def test_tiles_carry_code_owner_and_sit_in_their_point():
    g = game_with_tiles()
    root = parse(render_svg(g))
    found = {}
    for pt in root.iter():
        if pt.get("data-point") is None:
            continue
        for t in pt.iter():
            if t.get("data-tile"):
                found[pt.get("data-point")] = (t.get("data-tile"), t.get("data-owner"))
    expected = {
        str(t.point): (t.code, g.players[t.owner]) for t in g.board_tiles() if t.owner is not None
    }
    assert found == expected
    classes = {
        pt.get("data-point"): t.get("class")
        for pt in root.iter()
        if pt.get("data-point")
        for t in pt.iter()
        if t.get("data-tile")
    }
    assert "drained" in classes["(3,2)"].split()
    assert "growing" in classes["(0,-8)"].split()
    assert "guest" in classes["(8,0)"].split()


def test_ownerless_tiles_omit_owner():
    g = opened()
    g.board_tiles = lambda: [TileView(P(0, 0), "A", None), TileView(P(1, 1), "D", None)]  # type: ignore[method-assign]

    class Info:
        name = "balance"

    g.info = Info()  # type: ignore[assignment]
    root = parse(render_svg(g))
    tiles = [e for e in root.iter() if e.get("data-tile")]
    assert [t.get("data-tile") for t in tiles] == ["D", "A"]
    assert all(t.get("data-owner") is None for t in tiles)
    labels = {e.get("data-point"): e.get("aria-label") for e in root.iter() if e.get("data-point")}
    assert labels["(0,0)"] == "Avatar at (0,0)"
    assert labels["(1,1)"] == "Dragon at (1,1)"


def test_harmony_lines_per_owner():
    g = game_with_tiles()
    root = parse(render_svg(g))
    lines = [e for e in root.iter() if "harmony" in (e.get("class") or "").split()]
    got = sorted((e.get("data-a"), e.get("data-b"), e.get("class")) for e in lines)
    want = sorted(
        (str(min(a, b)), str(max(a, b)), f"harmony {g.players[o]}") for a, b, o in g.harmony_lines()
    )
    assert got == want and got


def test_view_classes_and_marks():
    g = game_with_tiles()
    view = RenderView(
        selected=frozenset({P(3, -2)}),
        highlights=frozenset({P(3, -1), P(3, 0)}),
        cursor=P(0, 0),
        last_move=frozenset({P(8, 0)}),
        extra_classes={P(1, 1): "hint"},
    )
    svg = render_svg(g, view)
    root = parse(svg)
    cls = {
        e.get("data-point"): (e.get("class") or "").split()
        for e in root.iter()
        if e.get("data-point")
    }
    assert "selected" in cls["(3,-2)"]
    assert "highlight" in cls["(3,-1)"] and "highlight" in cls["(3,0)"]
    assert "cursor" in cls["(0,0)"]
    assert "last-move" in cls["(8,0)"]
    assert "hint" in cls["(1,1)"]
    assert root.get("aria-activedescendant") == "pt0_0"
    assert sum("highlight" in c for c in cls.values()) == 2
    assert "mark-cursor" in svg and "mark-selected" in svg and "mark-target" in svg


def test_deterministic_and_static_layer_shared():
    a = render_svg(game_with_tiles())
    b = render_svg(game_with_tiles())
    assert a == b
    assert STATIC_LAYER in a
    dyn = render_dynamic(game_with_tiles())
    assert f'<g id="board-dynamic">{dyn}</g>' in a


def test_everything_escaped():
    g = opened()
    evil = '<script>alert("x")</script>&'
    g.board_tiles = lambda: [TileView(P(0, 0), evil, 0, frozenset({"<b>"}))]  # type: ignore[method-assign]
    g.harmony_lines = lambda: []  # type: ignore[method-assign]
    svg = render_svg(g, RenderView(extra_classes={P(1, 1): '"><script>'}), label='"<x>')
    assert "<script>" not in svg
    assert "<b>" not in svg
    parse(svg)  # still well-formed XML
    icon = tile_svg("skud", evil, '"><img>')
    assert "<script>" not in icon and "<img>" not in icon
    parse(icon)


def test_tile_names():
    assert tile_name("skud", "R3") == "Rose R3"
    assert tile_name("skud", "W5") == "White Jade W5"
    assert tile_name("skud", "B") == "Boat"
    assert tile_name("skud", "L") == "White Lotus"
    assert tile_name("balance", "B") == "Badgermole"
    assert tile_name("nope", "Q") == "Q"


@pytest.mark.parametrize("code", ["R3", "R4", "R5", "W3", "W4", "W5", "R", "W", "K", "B", "L", "O"])
def test_skud_tile_icons_distinct(code: str):
    host = tile_svg("skud", code, "host")
    guest = tile_svg("skud", code, "guest")
    assert host != guest
    assert f'data-tile="{code}"' in host
    others = {
        tile_svg("skud", c, "host")
        for c in ["R3", "R4", "R5", "W3", "W4", "W5", "R", "W", "K", "B", "L", "O"]
        if c != code
    }
    assert re.sub(r'data-tile="[^"]*"', "", host) not in {
        re.sub(r'data-tile="[^"]*"', "", o) for o in others
    }


def test_ancient_tiles_draw_without_owner_and_drained_is_named():
    from paisho_core.ancient import AncientGame

    game = AncientGame.setup({"(0,0)": "C", "(1,1)": "Ja*", "(2,2)": "D"}, ["", ""])
    svg = render_dynamic(game)
    assert 'data-tile="C"' in svg and 'data-tile="D"' in svg and "data-owner" not in svg
    assert "Jasmine at (1,1), drained" in svg
    assert tile_name("ancient", "WJ") == "White Jade"


def test_legal_points_are_marked_big_enough_to_see() -> None:
    """An empty legal point gets a dot of TARGET_RADIUS (almost half a tile), a tile that
    may be clicked a ring of RING_RADIUS over a white halo of the same radius."""
    g = game_with_tiles()
    occupied = {P(t.point.x, t.point.y) for t in g.board_tiles()}
    empty = next(p for p in (P(3, -1), P(3, 0), P(2, 2)) if p not in occupied)
    tile = next(iter(occupied))
    root = parse(render_svg(g, RenderView(highlights=frozenset({empty, tile}))))
    marks = {(e.get("class"), e.get("r")) for e in root.iter() if e.get("r")}
    assert ("mark-target", str(TARGET_RADIUS)) in marks and TARGET_RADIUS >= 9
    assert ("mark-target-ring", str(RING_RADIUS)) in marks
    assert ("mark-target-halo", str(RING_RADIUS)) in marks
