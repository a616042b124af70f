"""The Studio's board editor (issue #23, stage 2): palette from the engine, clicks that
put and remove tiles where the engine allows, the mover, starts, the live problems and
the position's link (a demo with no steps)."""

from __future__ import annotations

from paisho_core import demolink, setups
from paisho_core.board import Point
from paisho_core.registry import variant_names
from paisho_page.base.dom_writes import by_target
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.editor import REMOVE, Studio


def pick(studio: Studio, code: str, owner: int | None) -> int:
    """Take ``owner``'s ``code`` from the palette; its index."""
    index = next(i for i, t in enumerate(studio.palette) if t.code == code and t.owner == owner)
    studio.select(index)
    return index


def test_every_variant_of_the_registry_can_be_edited() -> None:
    options = studio_screen.variant_options("skud")
    assert [dict(o.props)["value"] for o in options] == list(variant_names())
    for name in variant_names():
        studio = Studio(name)
        items = studio_screen.palette_items(studio)
        assert len(items) == len(setups.palette(studio.setup)) + 1  # + the remove tool
        assert studio_screen.problem_items(studio)  # a sentence either way
        assert studio.picture() is not None


def test_a_tile_goes_only_where_the_engine_allows_it() -> None:
    studio = Studio("skud")
    pick(studio, "R3", 0)
    allowed = setups.points_for(studio.setup, "R3", 0)
    assert studio.view().highlights == allowed
    gate = Point(0, 8)
    inside = next(p for p in sorted(allowed, key=str))
    studio.click(inside)
    assert studio.setup.at(inside) is not None
    assert studio.message.endswith(f"put on {inside}.")
    if gate not in allowed:  # a Rose blooms in a garden, never in a Gate but by planting
        studio.click(gate)
        assert studio.setup.at(gate) is None
        assert "cannot stand on" in studio.message


def test_a_click_on_a_tile_removes_it_and_the_remove_tool() -> None:
    studio = Studio("skud")
    pick(studio, "R3", 0)
    studio.click(Point(0, 0))
    studio.select(studio.tool or 0)  # put the tile down: nothing in hand
    assert studio.tool is None
    studio.click(Point(0, 0))
    assert studio.setup.at(Point(0, 0)) is None and "removed" in studio.message
    studio.click(Point(0, 0))
    assert "Choose a tile first" in studio.message
    studio.select(REMOVE)
    assert studio.held() is None
    pressed = [
        i for i in studio_screen.palette_items(studio) if ("aria-pressed", "true") in i.attrs
    ]
    assert [i.text for i in pressed] == ["Remove"]


def test_too_many_of_a_tile_is_a_live_problem_in_plain_words() -> None:
    studio = Studio("skud")
    index = pick(studio, "R3", 1)
    count = studio.palette[index].count
    allowed = sorted(studio.allowed(), key=lambda p: (p.y, p.x))
    for point in allowed[: count + 1]:
        studio.click(point)
    items = studio_screen.problem_items(studio)
    assert items and all(i.cls == "studio-problem" for i in items)
    assert any("at most" in (i.text or "") for i in items)
    assert studio.game() is None and studio.picture().board_tiles()
    link = by_target(studio_screen.writes(studio, "https://x.org/site/studio.html"))
    assert link[("studio-link", "value")] == ""
    assert link[("studio-link-status", "textContent")].startswith("No link yet:")


def test_the_mover_and_the_standard_start() -> None:
    studio = Studio("skud")
    studio.start("standard")
    assert studio.setup == setups.standard("skud")
    studio.set_mover(1)
    movers = studio_screen.mover_options(studio)
    assert [(o.text, dict(o.props)["selected"]) for o in movers] == [
        ("Host", False),
        ("Guest", True),
    ]
    studio.start("empty", "wiki")
    assert studio.setup.variant == "wiki"


def test_the_position_link_opens_the_same_position_in_the_embed_and_the_studio() -> None:
    studio = Studio("skud")
    pick(studio, "R3", 0)
    studio.click(Point(1, 1))
    pick(studio, "W5", 1)
    studio.click(Point(-3, 2))
    studio.set_mover(1)
    writes = by_target(studio_screen.writes(studio, "https://x.org/site/studio.html?a=1#b"))
    url = writes[("studio-link", "value")]
    assert isinstance(url, str) and url.startswith("https://x.org/site/embed.html#demo=~1")
    demo = demolink.decode(url)
    assert demo.data["steps"] == [] and demo.data["caption"]
    again = Studio("wiki")
    assert again.open_link(url)
    assert again.setup.tiles == studio.setup.tiles and again.setup.to_move == 1
    assert not again.open_link(url[:-4])
    assert again.message.startswith("That link cannot be opened: the demo link is damaged")
    assert again.setup.tiles == studio.setup.tiles  # a bad link keeps the board


def test_the_keyboard_moves_a_cursor_and_puts_or_removes() -> None:
    studio = Studio("skud")
    pick(studio, "R3", 0)
    assert studio.key("ArrowUp") and studio.cursor == Point(0, 1)
    assert studio.key("ArrowRight") and studio.cursor == Point(1, 1)
    assert studio.key("Enter")
    assert studio.setup.at(Point(1, 1)) is not None
    assert studio.view().cursor == Point(1, 1)
    assert not studio.key("x")
    assert studio_screen.key_target(" ") and not studio_screen.key_target("a")
