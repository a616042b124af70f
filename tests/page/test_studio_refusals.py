"""A tile the Studio cannot put on a point says why: the engine's rule and its anchor on
the Rules page (``setups.refusal``: the reason's ``rule`` parameter), in the page's
language, e.g. a Skud flower in the other colour's garden (skud-gardens)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from language import speaking
from paths import ROOT

from paisho_core import setups
from paisho_core.board import POINT_OF, POINTS, Point
from paisho_core.messages import Message
from paisho_core.registry import variant_names
from paisho_page.studio.editor import Studio

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


OWN_REASON = ("the options cannot be played: ", "the game is already over in this position (")
"""Problems that carry the engine's own words for the options or the end of the game."""


def _names_a_rule(problem: Message) -> bool:
    """The problem names a rule (a ``rule`` parameter or an anchor in its words) or
    carries the engine's own reason (a finished game, options the game refuses)."""
    if set(_rules(problem)) & ANCHORS:
        return True
    if problem.template.startswith(OWN_REASON):
        return True
    return any(f"({anchor}" in problem.template for anchor in ANCHORS)


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(variant_names()),
    puts=st.lists(st.tuples(st.integers(0, 200), st.integers(0, len(POINTS) - 1)), max_size=8),
    counts=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 40), st.integers(-1, 9)),
                    max_size=3),
    mover=st.integers(0, 4),
)
def test_every_set_up_problem_names_its_rule(
    variant: str, puts: list[tuple[int, int]], counts: list[tuple[int, int, int]], mover: int
) -> None:
    """Tiles put anywhere (the palette's marks ignored), reserves of any count, any
    mover: each problem the engine finds cites the rule it breaks."""
    setup = setups.standard(variant)
    palette = setups.palette(setup)
    for tile, where in puts:
        pick = palette[tile % len(palette)]
        setup = setups.put(setup, POINT_OF[sorted(POINTS)[where]], pick.code, pick.owner)
    for seat, code, count in counts:
        codes = setups.reserve_codes(setup, seat % max(1, len(setups.reserves(setup))))
        if codes:
            setup = replace(setup, reserves=tuple(
                (*row, (codes[code % len(codes)], count)) if index == seat else row
                for index, row in enumerate(setups.reserves(setup))
            ))
    setup = replace(setup, to_move=mover)
    for problem in setups.check(setup):
        assert _names_a_rule(problem), str(problem)
