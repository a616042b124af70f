"""The Studio's “if instead”: an alternative added to a step and played from the
position before it, its captions and marks, stepped through, deleted, bounded, and
carried by the demo link (and opened again from it), under CPython."""

from __future__ import annotations

from studio_positions import skud_position

from paisho_core import demolink
from paisho_core.board import Point
from paisho_core.demos import MAX_ALTERNATIVES, alternative_frames, frames
from paisho_page.base.dom_writes import by_target
from paisho_page.studio import screen as studio_screen
from paisho_page.studio import what_if
from paisho_page.studio.editor import PLAY, Studio

BASE = "https://example.org/studio.html"


def two_steps() -> Studio:
    """The Skud position with two steps played: Host (1,1)-(1,2), Guest (-3,2)-(-3,3)."""
    studio = skud_position()
    studio.set_mode(PLAY)
    for a, b in (((1, 1), (1, 2)), ((-3, 2), (-3, 3))):
        studio.click(Point(*a))
        studio.click(Point(*b))
    return studio


def tiles(studio: Studio) -> dict[str, str]:
    return {str(t.point): t.code for t in studio.picture().board_tiles()}


def test_an_alternative_is_played_from_the_position_before_its_step() -> None:
    studio = two_steps()
    draft = studio.draft
    draft.go(2)
    studio.alternative("add")
    assert draft.branch == (2, 0) and draft.at == 0 and studio.mode == PLAY
    assert tiles(studio) == {"(1,2)": "R3", "(-3,2)": "W5"}  # before the Guest's move
    studio.click(Point(-3, 2))
    studio.click(Point(-2, 2))
    studio.click(Point(1, 2))
    studio.click(Point(1, 3))
    assert [s.action for s in draft.line()] == ["", "(-3,2)-(-2,2)", "(1,2)-(1,3)"]
    assert draft.at == 2 and tiles(studio) == {"(1,3)": "R3", "(-2,2)": "W5"}
    assert [s.action for s in draft.steps] == ["", "(1,1)-(1,2)", "(-3,2)-(-3,3)"]
    draft.go(0)
    draft.set_caption("If instead the Guest goes right?")
    draft.go(1)
    draft.set_caption("The Jasmine moves one point.")
    studio.set_mode("mark")
    studio.click(Point(-2, 2))
    draft.set_refused("(1,2)-(1,8)")
    studio.alternative("done")
    assert draft.branch is None and draft.at == 2
    data = demolink.decode(studio.share_fragment()[0]).data
    (alt,) = data["steps"][1]["alternatives"]
    assert alt["caption"] == "If instead the Guest goes right?"
    assert alt["steps"][0] == {"action": "(-3,2)-(-2,2)", "caption": "The Jasmine moves one point.",
                               "highlight": ["(-2,2)"], "refused": ["(1,2)-(1,8)"]}
    assert alt["steps"][1]["action"] == "(1,2)-(1,3)"
    demo = demolink.decode(studio.share_fragment()[0]).demo
    assert len(alternative_frames(demo, 2, 0)) == 3


def test_the_introduction_has_no_marks_and_the_start_no_alternative() -> None:
    studio = two_steps()
    draft = studio.draft
    draft.go(0)
    studio.alternative("add")
    assert draft.branch is None and "after the start" in studio.message
    draft.go(1)
    studio.alternative("add")
    draft.toggle(Point(0, 0))
    assert "highlights no point" in draft.message
    draft.set_refused("(1,1)-(1,8)")
    assert draft.line()[0].refused == () and draft.line()[0].highlight == ()
    writes = by_target(studio_screen.writes(studio, BASE))
    assert writes[("studio-refused", "disabled")] is True
    assert "Introduction of “if instead” 1" in str(writes[("studio-caption-label", "textContent")])


def test_an_alternative_without_steps_is_left_out_of_the_link_and_can_be_deleted() -> None:
    studio = two_steps()
    draft = studio.draft
    draft.go(1)
    studio.alternative("add")
    fragment, why = studio.share_fragment()
    assert why == "" and "alternatives" not in demolink.decode(fragment).data["steps"][0]
    writes = by_target(studio_screen.writes(studio, BASE))
    assert writes[(what_if.ADD, "hidden")] is True and writes[(what_if.DONE, "hidden")] is False
    assert what_if.items(studio) == []
    studio.alternative("delete")
    assert draft.branch is None and draft.at == 1 and draft.steps[1].alternatives == ()


def test_step_through_reorder_and_delete_inside_an_alternative() -> None:
    studio = two_steps()
    draft = studio.draft
    draft.go(2)
    studio.alternative("add")
    for a, b in (((-3, 2), (-2, 2)), ((1, 2), (1, 3))):
        studio.click(Point(*a))
        studio.click(Point(*b))
    draft.act("down", 1)  # the Host's move first now: the engine refuses that order
    shown, why = draft.line_frames(studio.setup)
    assert shown == [] and "alternative 1" in why
    draft.act("up", 2)
    assert [s.action for s in draft.line()][1:] == ["(-3,2)-(-2,2)", "(1,2)-(1,3)"]
    draft.act("delete", 2)
    assert len(draft.line()) == 2
    items = studio_screen.step_items(studio)
    assert "If instead" in str(items[0].children[0].text)
    studio.alternative("done")
    (button,) = what_if.items(studio)[0].children
    assert ("data-alt", "0") in button.attrs and "“If instead” 1" in str(button.text)
    assert "(and 1 “if instead”)" in str(studio_screen.step_items(studio)[2].children[0].text)
    studio.alternative("open", 0)
    assert draft.branch == (2, 0) and draft.at == 0
    draft.go(1)
    assert tiles(studio) == {"(1,2)": "R3", "(-2,2)": "W5"}


def test_at_most_so_many_alternatives_a_step() -> None:
    studio = two_steps()
    draft = studio.draft
    for _ in range(MAX_ALTERNATIVES):
        draft.go(2)
        studio.alternative("add")
        studio.alternative("done")
    writes = by_target(studio_screen.writes(studio, BASE))
    assert writes[(what_if.ADD, "disabled")] is True
    assert not draft.add_alternative() and str(MAX_ALTERNATIVES) in draft.message


def test_a_demo_link_with_alternatives_opens_in_the_studio_as_written() -> None:
    studio = two_steps()
    studio.draft.go(2)
    studio.alternative("add")
    studio.click(Point(-3, 2))
    studio.click(Point(-2, 2))
    studio.alternative("done")
    fragment = studio.share_fragment()[0]
    again = Studio()
    assert again.open_link("https://example.org/embed.html" + fragment)
    assert again.draft.steps == studio.draft.steps
    assert again.share_fragment()[0] == fragment
    demo = demolink.decode(fragment).demo
    assert len(frames(demo)) == 3
