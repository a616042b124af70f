"""The board picture's words (paisho_core.board_words): English by default, whole phrases
of another language when the caller passes its own words; the renderer stays pure."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ui_fake import P, opened

from paisho_core.board_words import CACHE_LIMIT, ENGLISH, BoardWords
from paisho_core.demos import library
from paisho_core.demos.diagram import diagram_svg
from paisho_core.demos.export import export_diagrams, export_language, step_markup
from paisho_core.protocol import TileView
from paisho_core.render import (
    RenderView,
    TargetMark,
    render_dynamic,
    render_svg,
    svg_open,
    tile_name,
)

TEST_WORDS = BoardWords(
    board="Brett",
    role="Spielbrett",
    empty="Punkt {point}, leer",
    unowned="{tile} auf {point}",
    owned={"host": "{tile} des Gastgebers auf {point}", "guest": "{tile} des Gastes auf {point}"},
    other_owner="{tile} von {owner} auf {point}",
    seats={"P1": "Spieler 1"},
    tiles={"Rose": "Rose*", "Lily": "Lilie", "Knotweed": "Knöterich", "Avatar": "Avatara"},
    states={"drained": "ausgelaugt", "growing": "wachsend"},
    separator="; ",
    selected="gewählt",
    choosable="wählbar",
    choosable_as="wählbar: {what}",
)


def game_with_tiles():  # type: ignore[no-untyped-def]
    g = opened()
    g.apply(("plant", "R3", P(0, -8)))  # host plants: growing
    g.apply(("plant", "W4", P(8, 0)))  # guest plants
    g.tiles[P(3, 2)] = ("W4", 0, frozenset({"drained"}))
    g.tiles[P(-2, 1)] = ("K", 1, frozenset())
    return g


def labels(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg if svg.startswith("<svg") else f"<g>{svg}</g>")
    return {e.get("data-point", ""): e.get("aria-label", "") for e in root.iter()
            if e.get("data-point")}


def test_english_is_the_default_and_says_what_the_board_always_said() -> None:
    g = game_with_tiles()
    view = RenderView(selected=frozenset({P(3, 2)}), highlights=frozenset({P(0, 0), P(3, 2)}),
                      target_marks={P(0, 0): TargetMark(("dot",), "plant here")})
    assert render_svg(g, view) == render_svg(g, view, words=ENGLISH)
    assert render_svg(g, view) == render_svg(g, view, words=BoardWords())  # a fresh cache
    found = labels(render_svg(g, view))
    assert found["(0,0)"] == "point (0,0), empty, can be chosen: plant here"
    assert found["(3,2)"] == "Host Lily W4 at (3,2), drained, selected, can be chosen"
    assert found["(-2,1)"] == "Guest Knotweed at (-2,1)"
    assert found["(0,-8)"] == "Host Rose R3 at (0,-8), growing"
    assert 'aria-label="Pai Sho board" aria-roledescription="board"' in render_svg(g)


def test_other_words_name_every_point_and_the_board() -> None:
    g = game_with_tiles()
    view = RenderView(selected=frozenset({P(3, 2)}), highlights=frozenset({P(0, 0), P(3, 2)}),
                      target_marks={P(0, 0): TargetMark(("dot",), "hier <pflanzen>")})
    svg = render_svg(g, view, words=TEST_WORDS)
    found = labels(svg)
    assert found["(0,0)"] == "Punkt (0,0), leer; wählbar: hier <pflanzen>"
    assert found["(1,1)"] == "Punkt (1,1), leer"
    assert found["(3,2)"] == "Lilie W4 des Gastgebers auf (3,2); ausgelaugt; gewählt; wählbar"
    assert found["(-2,1)"] == "Knöterich des Gastes auf (-2,1)"
    assert found["(0,-8)"] == "Rose* R3 des Gastgebers auf (0,-8); wachsend"
    assert 'aria-label="Brett" aria-roledescription="Spielbrett"' in svg
    assert "hier &lt;pflanzen&gt;" in svg  # escaped like every word
    assert "point (" not in svg and " at (" not in svg
    # the picture itself is the same: only the words differ
    strip = ET.fromstring(svg)
    english = ET.fromstring(render_svg(g, view))
    for tree in (strip, english):
        for e in tree.iter():
            e.attrib.pop("aria-label", None)
            e.attrib.pop("aria-roledescription", None)
    assert ET.tostring(strip) == ET.tostring(english)


def test_a_label_passed_by_the_caller_wins_over_the_board_name() -> None:
    opening = svg_open("Studio", None, TEST_WORDS)
    assert 'aria-label="Studio"' in opening and 'aria-roledescription="Spielbrett"' in opening
    assert 'aria-label="Brett"' in svg_open(words=TEST_WORDS)


def test_ownerless_tiles_other_seats_and_unknown_states() -> None:
    class Info:
        name = "balance"

    class Picture:  # what the renderer reads of a game
        info = Info()
        players = ("host", "guest", "p1")  # a third seat: no phrase of its own

        def board_tiles(self) -> list[TileView]:
            return [TileView(P(0, 0), "A", None, frozenset({"odd"})), TileView(P(1, 1), "D", 2)]

        def harmony_lines(self) -> list[object]:
            return []

    g = Picture()
    found = labels(render_svg(g, words=TEST_WORDS))
    assert found["(0,0)"] == "Avatara auf (0,0); odd"
    assert found["(1,1)"] == "Dragon von Spieler 1 auf (1,1)"
    english = labels(render_svg(g))
    assert english["(0,0)"] == "Avatar at (0,0), odd"
    assert english["(1,1)"] == "P1 Dragon at (1,1)"


def test_tile_names_in_words() -> None:
    assert tile_name("skud", "R3") == "Rose R3"
    assert tile_name("skud", "R3", TEST_WORDS) == "Rose* R3"
    assert tile_name("skud", "K", TEST_WORDS) == "Knöterich"
    assert tile_name("skud", "W", TEST_WORDS) == "Wheel"  # no word: the English name
    assert tile_name("skud", "zz", TEST_WORDS) == "zz"


def test_the_cache_is_per_words_object_and_bounded() -> None:
    g = game_with_tiles()
    words = BoardWords(empty="p {point}")
    first = render_dynamic(g, None, words)
    assert render_dynamic(g, None, words) == first
    assert 200 < len(words.cache()) < 260  # one name per point
    assert "point (0,0), empty" in render_dynamic(g)  # English untouched
    assert 'aria-label="p (0,0)"' in first
    cache = words.cache()
    for i in range(CACHE_LIMIT):
        cache[i] = ""
    assert words.cache() == {}  # started again
    assert render_dynamic(g, None, words) == first


def test_a_tile_moved_or_changed_gets_its_new_name() -> None:
    g = game_with_tiles()
    words = BoardWords()
    before = labels(render_dynamic(g, None, words))
    g.tiles[P(3, 2)] = ("W4", 0, frozenset())
    g.tiles[P(-2, 1)] = ("K", 0, frozenset())
    after = labels(render_dynamic(g, None, words))
    assert before["(3,2)"].endswith(", drained") and after["(3,2)"] == "Host Lily W4 at (3,2)"
    assert after["(-2,1)"] == "Host Knotweed at (-2,1)"


def test_demos_and_diagrams_in_other_words() -> None:
    demo = next(d for d in library().values() if d.name == "skud-wheel")
    from paisho_core.demos import frames

    frame = frames(demo)[0]
    assert "Punkt (0,0), leer" in step_markup(frame, words=TEST_WORDS)
    assert "point (0,0), empty" in step_markup(frame)
    assert "Punkt (0,0), leer" in diagram_svg(frame.game, None, "c", "t", words=TEST_WORDS)
    drawn = export_language({}, words=TEST_WORDS)
    assert drawn["boards"]["skud-wheel"][0] == step_markup(frame, words=TEST_WORDS)
    assert len(drawn["boards"]["skud-wheel"]) == len(frames(demo))
    assert drawn["diagrams"] == export_diagrams({}, words=TEST_WORDS)
    assert export_language({})["diagrams"] == export_diagrams({})
