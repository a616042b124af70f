"""The board view draws Wiki tiles with their own art and names."""

from __future__ import annotations

from paisho_core import new_game
from paisho_core.render import render_svg, tile_name, tile_svg


def test_wiki_render_draws_tiles_with_their_names() -> None:
    game = new_game("wiki")
    for text in ("Ja(0,-8)", "L(2,3)", "Ro(0,8)"):
        game.play(text)
    svg = render_svg(game)
    assert 'data-tile="Ja"' in svg and 'data-tile="L"' in svg and 'data-tile="Ro"' in svg
    assert "Jasmine at (0,-8)" in svg and "White Lotus at (2,3)" in svg
    for code, name in (("WJ", "White Jade"), ("D", "White Dragon"), ("K", "Knotweed")):
        assert tile_name("wiki", code) == name
        assert f'data-tile="{code}"' in tile_svg("wiki", code, "host")
