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

RULES_PAGE = Path(__file__).resolve().parents[2] / "site" / "rules.html"
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
        action = frame.step.action or ""
        # a skipped bonus, a pass, a draw or a discard touches no point of the board
        pointless = action in ("+skip", "pass", "draw") or action.startswith("discard ")
        moved = frame.last_move or pointless
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


@pytest.mark.parametrize(
    ("variant", "count"), [("skud", 0), ("balance", 0), ("wiki", 12), ("ancient", 12)]
)
def test_every_wiki_and_ancient_ruling_has_a_demo(variant: str, count: int) -> None:
    # rules.html#wiki-r1 … #wiki-r12 and #ancient-r1 … #ancient-r12: one demo or more each
    shown = {a for n in NAMES for a in demos.get_demo(n).rules}
    missing = [f"{variant}-r{i}" for i in range(1, count + 1) if f"{variant}-r{i}" not in shown]
    assert not missing, f"no demo illustrates {missing}"
    assert any(demos.get_demo(n).variant == variant for n in NAMES)


def test_rules_page_shows_every_wiki_and_ancient_demo_next_to_its_rule() -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    shown = {n for m in re.findall(r'data-demos="([a-z0-9 -]+)"', page) for n in m.split()}
    missing = [n for n in NAMES if n.startswith(("wiki-", "ancient-")) and n not in shown]
    assert not missing, f"rules.html shows no live demo of {missing}"


def test_library_covers_each_wiki_tile_effect_and_ancient_example() -> None:
    wanted = {
        "wiki-entry-flowers", "wiki-entry-others", "wiki-move-straight", "wiki-move-l",
        "wiki-lotus", "wiki-dragon", "wiki-boat-jump", "wiki-boat-push", "wiki-boat-carry",
        "wiki-wheel", "wiki-mutual-removal", "wiki-knotweed", "wiki-harmony",
        "wiki-disharmony", "wiki-rock", "wiki-never-moved", "wiki-scoring", "wiki-ring",
        "wiki-three-flowers", "wiki-pass", "wiki-mirrored-opening",
        "ancient-deal", "ancient-draw-discard", "ancient-place-move", "ancient-movement",
        "ancient-nearest-flower", "ancient-coin", "ancient-lotus", "ancient-wheel",
        "ancient-boat", "ancient-dragon", "ancient-knotweed", "ancient-exact-target",
        "ancient-centre-piece",
    }
    assert wanted <= set(NAMES)


def test_wiki_demo_scores_match_their_captions_wiki_r9() -> None:
    # rules.html#wiki-r9: a caption that quotes the scores quotes the engine's totals
    quoted_any = 0
    for name in NAMES:
        if not name.startswith("wiki-"):
            continue
        for frame in demos.frames(demos.get_demo(name)):
            quoted = re.search(r"Host (-?\d+)(?: \([^)]*\))?, Guest (-?\d+)", frame.caption)
            if quoted:
                totals = [row["total"] for row in frame.game.scores()]
                assert totals == [int(n) for n in quoted.groups()], f"{name} {frame.index}"
                quoted_any += 1
    assert quoted_any >= 6


def test_wiki_demos_end_as_their_rulings_say_wiki_r2_r10_r11() -> None:
    ring = demos.frames(demos.get_demo("wiki-ring"))[-1].game.outcome()
    assert ring is not None and ring.winners == (0,) and ring.result == "host 8, guest -1"
    assert ring.reason == "chain"
    chain = demos.frames(demos.get_demo("wiki-chain"))[-1].game
    assert chain.disharmony_list and {o for _, _, o in chain.harmony_list} == {0, 1}
    ended = chain.outcome()
    assert ended is not None and ended.reason == "chain" and ended.result == "host 0, guest -1"
    three = demos.frames(demos.get_demo("wiki-three-flowers"))[-1].game
    assert three.flowers_left(1) == 3 and three.outcome().winners == (0,)
    passes = demos.frames(demos.get_demo("wiki-pass"))[-1].game.outcome()
    assert passes is not None and passes.reason == "two-passes" and passes.winners == (0,)


def test_wiki_blocked_harmony_demo_costs_each_owner_a_point_wiki_r8b() -> None:
    steps = demos.frames(demos.get_demo("wiki-blocked-harmony-penalty"))
    assert [[row["blocked"] for row in f.game.scores()] for f in steps] == [
        [0, 0], [-1, 0], [-1, -1]]


def test_wiki_boat_and_wheel_demos_move_the_tiles_they_say_wiki_r4_r7() -> None:
    push = demos.frames(demos.get_demo("wiki-boat-push"))[-1].game
    assert {str(t.point): t.code for t in push.board_tiles()}.items() >= {
        "(0,-2)": "B", "(0,-1)": "Ja"}.items()
    wheel = demos.frames(demos.get_demo("wiki-wheel"))
    tiles = {str(t.point): t.code for t in wheel[2].game.board_tiles()}
    assert tiles["(1,-1)"] == "Ja" and tiles["(3,-1)"] == "Ch"  # clockwise
    assert tiles["(-1,3)"] == "Li" and tiles["(-3,3)"] == "Rh"  # counter-clockwise


def test_ancient_demo_counts_match_their_captions_ancient_r7_r8() -> None:
    # rules.html#ancient-r7: the seed's examples —(Li)—(WJ)—(Ja)— one harmony,
    # —(WJ)—(Li)—(Ja)— two; the captions quote the live count
    quoted_any = 0
    for name in NAMES:
        if not name.startswith("ancient-"):
            continue
        for frame in demos.frames(demos.get_demo(name)):
            quoted = re.search(r"Harmonies: (\d+)\.", frame.caption)
            assert quoted, f"{name} {frame.index}: hands are hidden, so captions give the count"
            assert frame.game.harmonies == int(quoted.group(1)), f"{name} {frame.index}"
            quoted_any += 1
    assert quoted_any >= 40
    nearest = demos.frames(demos.get_demo("ancient-nearest-flower"))
    row = {(str(a), str(b)) for a, b, _ in nearest[1].game.harmony_lines()}
    assert {("(-5,-2)", "(-3,-2)"), ("(-3,-2)", "(-1,-2)")} <= row
    row = {(str(a), str(b)) for a, b, _ in nearest[2].game.harmony_lines()}
    assert ("(-2,1)", "(-1,1)") not in row and ("(-4,1)", "(-2,1)") in row


def test_ancient_demos_show_no_hidden_hand_ancient_r1_r11() -> None:
    # hidden hands: no caption names a tile another seat holds but has not shown;
    # the Dragon demo names only the tile it took, into the mover's hand
    dragon = demos.frames(demos.get_demo("ancient-dragon"))[-1].game
    assert dragon.hand(0).get("Ro") == 1
    won = demos.frames(demos.get_demo("ancient-exact-target"))[-1].game.outcome()
    assert won is not None and won.reason == "exact-target" and won.winners == (0,)


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
