"""The Studio's "Play a step": the mover's reserve, Skip and the other choices, offered
through the game page's own page logic (``paisho_page.studio.step``), so that a step
forming a harmony is followed by the Harmony Bonus or its Skip (skud-bonus)."""

from __future__ import annotations

from paisho_core.board import Point
from paisho_core.tokens import SKIP, reserve_token
from paisho_page.base.dom_writes import by_target
from paisho_page.studio import step as studio_step
from paisho_page.studio.editor import PLAY, SETUP, Studio


def _bonus_position() -> Studio:
    """Host Rose (1,1), Host White Jade (4,4), Guest White Jade (-3,2), the Host to
    move: (4,4)-(6,1) puts the White Jade in harmony with the Rose (skud-harmony)."""
    studio = Studio("skud")
    for code, owner, where in (("R3", 0, (1, 1)), ("W5", 0, (4, 4)), ("W5", 1, (-3, 2))):
        studio.select(
            next(i for i, t in enumerate(studio.palette) if t.code == code and t.owner == owner)
        )
        studio.click(Point(*where))
    studio.select(studio.tool or 0)
    assert studio.problems() == []
    studio.set_mode(PLAY)
    studio.click(Point(4, 4))
    studio.click(Point(6, 1))
    assert [s.action for s in studio.draft.steps] == ["", "(4,4)-(6,1)"]
    return studio


def _tokens(studio: Studio) -> list[str]:
    out = []
    for element in studio_step.items(studio):
        attrs = dict(element.attrs)
        if "data-reserve" in attrs:
            out.append(reserve_token(attrs["data-reserve"]))
        elif "data-token" in attrs:
            out.append(attrs["data-token"])
    return out


def test_a_step_forming_a_harmony_offers_the_bonus_tiles_and_skip() -> None:
    """skud-bonus: after the harmony, the Host takes a tile from the reserve or skips;
    the box says so in the game page's words and offers both."""
    studio = _bonus_position()
    writes = by_target(studio_step.writes(studio))
    assert writes[(studio_step.BOX, "hidden")] is False
    assert "Harmony Bonus" in str(writes[(studio_step.STATUS, "textContent")])
    tokens = _tokens(studio)
    assert SKIP in tokens and reserve_token("R3") in tokens
    skip = next(e for e in studio_step.items(studio) if dict(e.attrs).get("data-token") == SKIP)
    assert skip.text == "Skip the bonus"
    marks = studio_step.tile_writes(studio)
    assert marks["R3"].playable and marks["L"].playable  # a flower or an accent tile


def test_the_bonus_skipped_becomes_the_next_step() -> None:
    studio = _bonus_position()
    studio.play(SKIP)
    assert [s.action for s in studio.draft.steps] == ["", "(4,4)-(6,1)", "+skip"]
    assert studio.share_fragment()[1] == ""  # the engine replays the demo


def test_a_bonus_tile_is_planted_from_the_reserve_on_a_gate() -> None:
    studio = _bonus_position()
    studio.play(reserve_token("R3"), 0)
    assert studio_step.tile_writes(studio)["R3"].selected
    assert Point(0, 8) in studio.view().highlights  # the open Gates (skud-r5)
    studio.click(Point(0, 8))
    assert [s.action for s in studio.draft.steps] == ["", "(4,4)-(6,1)", "+R3(0,8)"]
    assert studio.message == "" and studio.share_fragment()[1] == ""


def test_another_seats_tile_is_refused_and_changes_nothing() -> None:
    studio = _bonus_position()
    studio.play(reserve_token("R3"), 1)
    assert studio.message != "" and len(studio.draft.steps) == 2


def test_a_plant_from_the_standard_start_and_the_box_outside_play() -> None:
    studio = Studio("skud")
    studio.start("standard")
    assert studio_step.items(studio) == []
    assert by_target(studio_step.writes(studio))[(studio_step.BOX, "hidden")] is True
    studio.set_mode(PLAY)
    assert SKIP not in _tokens(studio) and reserve_token("R3") in _tokens(studio)
    studio.play(reserve_token("R3"), 0)
    studio.click(Point(0, -8))
    assert studio.draft.steps[-1].action == "R3(0,-8)"
    studio.set_mode(SETUP)
    assert studio_step.items(studio) == []


def test_ancients_draw_is_a_choice_of_the_box() -> None:
    studio = Studio("ancient")
    studio.start("empty")
    studio.set_mode(PLAY)
    assert "draw" in _tokens(studio)
    studio.play("draw")
    assert len(studio.draft.steps) == 2
