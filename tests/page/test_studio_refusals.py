"""A tile the Studio cannot put on a point says why: the engine's rule and its anchor on
the Rules page (``setups.refusal``: the reason's ``rule`` parameter), in the page's
language, e.g. a Skud flower in the other colour's garden (skud-gardens)."""

from __future__ import annotations

import re

import pytest
from language import speaking
from paths import ROOT

from paisho_core import setups
from paisho_core.board import POINT_OF, POINTS, Point
from paisho_core.messages import Message
from paisho_core.registry import variant_names
from paisho_page.studio import Studio

ANCHORS = frozenset(re.findall(r'id="([a-z][a-z0-9-]*)"', (ROOT / "site/rules.html").read_text()))


def _rules(message: Message) -> list[str]:
    """Every ``rule`` parameter of ``message`` and of the messages inside it."""
    out = []
    for name, value in message.params:
        if name == "rule" and isinstance(value, str):
            out += value.split(", ")
        if isinstance(value, Message):
            out += _rules(value)
    return out


@pytest.mark.parametrize("variant", variant_names())
def test_every_point_a_tile_may_not_stand_on_names_its_rule(variant: str) -> None:
    setup = setups.standard(variant)
    for tile in setups.palette(setup):
        for index in POINTS:
            point = POINT_OF[index]
            why = setups.refusal(setup, tile.code, tile.owner, point)
            assert (why is None) == (point in tile.points), (tile.code, point)
            if why is not None:
                rules = _rules(why)
                assert rules and set(rules) <= ANCHORS, (tile.code, point, str(why))


def _put_where_refused(studio: Studio, code: str, owner: int, point: Point) -> None:
    studio.select(
        next(i for i, t in enumerate(studio.palette) if t.code == code and t.owner == owner)
    )
    assert point not in studio.allowed()
    before = studio.setup
    studio.click(point)
    assert studio.setup == before  # nothing changed


def test_a_red_flower_in_a_white_garden_is_refused_with_the_garden_rule() -> None:
    studio = Studio("skud")
    rose = next(t for t in studio.palette if t.code == "R3" and t.owner == 0)
    white = next(p for p in (POINT_OF[i] for i in POINTS) if p not in rose.points)
    _put_where_refused(studio, "R3", 0, white)
    assert studio.message == (
        f"A Host Rose (R3) cannot stand at {white}: a red flower never stands wholly inside"
        " a white garden (skud-gardens)."
    )


@pytest.mark.parametrize("lang", ["ru", "fy"])
def test_the_refusal_is_in_the_pages_language_with_its_anchor(lang: str) -> None:
    with speaking(lang):
        studio = Studio("skud")
        _put_where_refused(studio, "B", 0, Point(0, 8))  # an accent tile on a Gate
        assert "skud-gardens" in studio.message and "(0,8)" in studio.message
        assert "accent tiles" not in studio.message and studio.message[:1].isupper()
