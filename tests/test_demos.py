"""The rules-demo library (``paisho_core/demos``) and its standalone SVG diagrams.

Every demo is replayed through the engine, so a demo that a rule change breaks fails
here (and in the build).  Rulings are cited as on the rules page, e.g. Skud R5 at
``rules.html#skud-r5``.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from paisho_core import demos
from paisho_core.board import Point
from paisho_core.demos.diagram import diagram_svg, rotate_dynamic
from paisho_core.render import render_dynamic

RULES_PAGE = Path(__file__).resolve().parents[1] / "site" / "rules.html"
NAMES = demos.demo_names()


@pytest.mark.parametrize("name", NAMES)
def test_every_demo_replays_legally_with_captions_and_marks(name: str) -> None:
    demo = demos.get_demo(name)
    frames = demos.frames(demo)
    assert len(frames) == len(demo.steps) >= 2
    for frame in frames:
        assert frame.caption.strip() and len(frame.caption) < 400
        assert frame.highlight, f"{name} step {frame.index} highlights nothing"
        assert len(set(frame.highlight)) == len(frame.highlight)
    for frame in frames[1:]:
        moved = frame.last_move or frame.step.action == "+skip"
        assert moved, f"{name} step {frame.index}: the action touches no point"


@pytest.mark.parametrize("name", NAMES)
def test_every_demo_illustrates_anchors_of_the_rules_page(name: str) -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    demo = demos.get_demo(name)
    assert demo.rules
    for anchor in demo.rules:
        assert f'id="{anchor}"' in page, f"{name}: rules.html has no #{anchor}"


def test_library_covers_each_rule_of_the_issue() -> None:
    wanted = {
        "skud-planting", "skud-harmony", "skud-clash", "skud-capture", "skud-harmony-bonus",
        "skud-rock", "skud-wheel", "skud-knotweed", "skud-boat", "skud-boat-accent",
        "skud-white-lotus", "skud-orchid-trap", "skud-orchid-capture", "skud-orchid-exposed",
        "skud-harmony-ring", "skud-not-a-ring", "skud-end-no-basic",
        "balance-placement", "balance-counting", "balance-scoring",
    }
    assert wanted <= set(NAMES)
    assert all(demos.get_demo(n).variant == n.split("-")[0] for n in NAMES)


def test_ring_demos_end_and_do_not_end_the_game_skud_r8() -> None:
    # wiki: rules.html#skud-r8 — a cycle along a midline through the centre is no ring
    ring = demos.frames(demos.get_demo("skud-harmony-ring"))[-1].game.outcome()
    assert ring is not None and ring.reason == "harmony-ring" and ring.winners == (0,)
    cycle = demos.frames(demos.get_demo("skud-not-a-ring"))[-1].game
    assert cycle.outcome() is None and len(cycle.harmony_lines()) == 4


def test_end_demo_counts_midline_crossing_harmonies_skud_r9_r10() -> None:
    game = demos.frames(demos.get_demo("skud-end-no-basic"))[-1].game
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "no-basic-flowers"
    assert game.crossing_counts() == (1, 0) and outcome.winners == (0,)


def test_balance_demo_counts_match_their_captions() -> None:
    # rules.html#balance-table: the captions quote the live counts
    for name in ("balance-counting", "balance-cut", "balance-spirit-lotus", "balance-scoring"):
        for frame in demos.frames(demos.get_demo(name)):
            quoted = re.search(r"H (\d+), D (\d+)", frame.caption)
            if quoted:
                counts = frame.game.counts()
                assert (counts.harmonies, counts.disharmonies) == tuple(
                    int(n) for n in quoted.groups()
                ), f"{name} step {frame.index}"
    end = demos.frames(demos.get_demo("balance-scoring"))[-1].game.outcome()
    assert end is not None and end.score == 4 and end.result == "balance"


def _library(demo: dict[str, object]) -> str:
    return json.dumps({"variant": "skud", "demos": [demo]})


BASE = {
    "name": "skud-test",
    "title": "Test",
    "rules": ["skud-r3"],
    "start": {"setup": {"tiles": {"(1,1)": "HR3", "(-2,4)": "GW3"}, "to_move": "host"}},
    "caption": "Start.",
    "highlight": ["(1,1)"],
    "steps": [{"action": "(1,1)-(2,2)", "caption": "Moved.", "highlight": ["(2,2)"]}],
}


def test_a_wrong_demo_fails_naming_demo_and_step() -> None:
    ok = demos.parse_library(_library(BASE))[0]
    assert len(demos.frames(ok)) == 2
    illegal = dict(BASE, steps=[{"action": "(1,1)-(1,4)", "caption": "x", "highlight": []}])
    with pytest.raises(demos.DemoError, match=r"skud-test, step 1: .*clash"):
        demos.frames(demos.parse_library(_library(illegal))[0])
    legal_refused = dict(BASE, refused=["(1,1)-(2,2)"])
    with pytest.raises(demos.DemoError, match="is legal, but the demo shows it refused"):
        demos.frames(demos.parse_library(_library(legal_refused))[0])
    wrong_end = dict(BASE, outcome="harmony-ring")
    with pytest.raises(demos.DemoError, match="should end the game by harmony-ring"):
        demos.frames(demos.parse_library(_library(wrong_end))[0])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "Skud Test"}, "bad name"),
        ({"name": "balance-x"}, "bad name"),
        ({"caption": ""}, "'caption' must be a non-empty text"),
        ({"highlight": ["(9,9)"]}, "not on the board"),
        ({"start": {"fen": "x"}}, "'start' may hold only"),
        ({"seed": "12"}, "'seed' must be a whole number"),
    ],
)
def test_malformed_demo_is_refused_in_plain_words(change: dict[str, object], message: str) -> None:
    with pytest.raises(demos.DemoError, match=message):
        demos.parse_library(_library({**BASE, **change}))


def test_unknown_demo_name_is_quoted_and_json_errors_are_named() -> None:
    with pytest.raises(demos.UnknownDemo, match="'skud-nothing'"):
        demos.get_demo("skud-nothing")
    with pytest.raises(demos.DemoError, match=r"x\.json: not valid JSON"):
        demos.parse_library("{", "x.json")


def test_frame_view_marks_highlights_and_last_move() -> None:
    frame = demos.frames(demos.get_demo("skud-wheel"))[2]
    view = demos.frame_view(frame)
    assert view.extra_classes == {p: "focus" for p in frame.highlight}
    assert Point(5, 2) in view.last_move
    markup = render_dynamic(frame.game, view)
    assert markup.count('class="pt focus') + markup.count("focus\"") >= len(frame.highlight)


# ------------------------------------------------------------------------ diagrams
SVG = "{http://www.w3.org/2000/svg}"


def _check_standalone(text: str) -> ET.Element:
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(text.split("\n", 1)[1])
    assert root.tag == f"{SVG}svg"
    assert len(root.get("viewBox", "").split()) == 4
    assert root.get("width") and root.get("height")
    for element in root.iter():
        assert element.tag != f"{SVG}script" and element.tag != f"{SVG}image"
        assert element.tag != f"{SVG}foreignObject"
        for key, value in element.attrib.items():
            assert not key.endswith("href"), f"{element.tag} links {value}"
            assert not key.startswith("on"), f"{element.tag} has a handler {key}"
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#"), f"external reference {ref}"
    style = "".join(s.text or "" for s in root.iter(f"{SVG}style"))
    assert "@import" not in style and "@font-face" not in style and "url(" not in style
    assert "http" not in text.replace("http://www.w3.org/2000/svg", "")
    for element in root.iter():
        font = element.get("font-family")
        if font:
            assert font.rstrip().endswith(("sans-serif", "serif")), font
    return root


@pytest.mark.parametrize("name", NAMES)
def test_every_demo_step_makes_a_standalone_svg_diagram(name: str) -> None:
    demo = demos.get_demo(name)
    for frame in demos.frames(demo):
        text = diagram_svg(frame.game, demos.frame_view(frame), frame.caption, demo.title)
        root = _check_standalone(text)
        assert root.find(f"{SVG}title") is not None
        shown = " ".join(t.text or "" for t in root.iter(f"{SVG}text") if t.get("x") == "0")
        assert " ".join(frame.caption.split()[:3]) in shown


def test_rotated_diagram_keeps_tiles_upright_and_caption_escaped() -> None:
    frame = demos.frames(demos.get_demo("skud-white-lotus"))[-1]
    text = diagram_svg(frame.game, None, "<b>&", "T", rotated=True)
    _check_standalone(text)
    assert "&lt;b&gt;&amp;" in text
    dynamic = render_dynamic(frame.game)
    turned = rotate_dynamic(dynamic)
    tiles = dynamic.count('class="tile ')
    assert tiles == len(frame.game.board_tiles()) == turned.count(" rotate(180)\"")
