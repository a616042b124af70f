"""Demo authoring in the Studio (issue #23, stage 3): steps played on the board and
checked by the engine, captions bounded and shown as written, highlights toggled,
steps reordered and deleted, and the output (link, snippet, diagram)."""

from __future__ import annotations

from studio_positions import BASE, HOSTILE, skud_position

from paisho_core import demolink
from paisho_core.board import Point
from paisho_core.demos import frames
from paisho_page.base.dom_writes import by_target
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.demo import START_CAPTION, Draft
from paisho_page.studio.editor import MARK, PLAY, SETUP, Studio


def test_a_move_played_on_the_board_becomes_the_next_step() -> None:
    studio = skud_position()
    studio.set_mode(PLAY)
    studio.click(Point(1, 1))
    assert Point(1, 2) in studio.view().highlights  # the engine's legal targets
    studio.click(Point(1, 2))
    draft = studio.draft
    assert [s.action for s in draft.steps] == ["", "(1,1)-(1,2)"]
    assert draft.at == 1 and draft.steps[1].caption == "Host plays (1,1)-(1,2)."
    tiles = {str(t.point): t.code for t in studio.picture().board_tiles()}
    assert tiles == {"(1,2)": "R3", "(-3,2)": "W5"}


def test_an_illegal_move_is_refused_with_the_engines_words() -> None:
    studio = skud_position()
    studio.set_mode(PLAY)
    studio.click(Point(-3, 2))  # the Guest's tile, on the Host's turn
    assert len(studio.draft.steps) == 1
    assert studio.message != ""


def test_highlights_toggle_on_the_shown_step() -> None:
    studio = skud_position()
    studio.set_mode(MARK)
    studio.click(Point(0, 0))
    studio.click(Point(2, 2))
    studio.click(Point(0, 0))
    assert studio.draft.steps[0].highlight == ("(2,2)",)
    assert studio.view().extra_classes == {Point(2, 2): "focus"}
    data = demolink.decode(studio.share_fragment()[0]).data
    assert data["highlight"] == ["(2,2)"]


def test_three_steps_reordered_edited_deleted_and_checked_again() -> None:
    studio = skud_position()
    studio.set_mode(PLAY)
    for a, b in (((1, 1), (1, 2)), ((-3, 2), (-3, 3)), ((1, 2), (2, 2))):
        studio.click(Point(*a))
        studio.click(Point(*b))
    draft = studio.draft
    assert len(draft.steps) == 4 and draft.at == 3
    draft.go(2)
    draft.set_caption("The Guest answers.")
    draft.shift(2, 1)  # the Host would move twice in a row: the engine says so
    assert [s.action for s in draft.steps][2:] == ["(1,2)-(2,2)", "(-3,2)-(-3,3)"]
    assert draft.at == 3
    fragment, why = studio.share_fragment()
    assert fragment == "" and why.startswith("No link yet:") and "step 2" in why
    draft.shift(3, -1)
    assert draft.steps[2].caption == "The Guest answers."
    assert studio.share_fragment()[1] == ""
    draft.delete(3)
    draft.delete(0)  # never the start
    assert len(draft.steps) == 3 and draft.at == 2
    items = studio_screen.step_items(studio)
    assert [i.children[0].text for i in items][2] == "2. (-3,2)-(-3,3): The Guest answers."
    assert all(len(i.children) == 4 for i in items[1:]) and len(items[0].children) == 1


def test_a_caption_is_bounded_and_shown_as_the_text_it_is() -> None:
    studio = skud_position()
    studio.draft.set_caption(HOSTILE + "x" * 600)
    assert len(studio.draft.steps[0].caption) == demolink.MAX_CAPTION
    assert "at most 500" in studio.draft.message
    writes = by_target(studio_screen.writes(studio, BASE))
    assert writes[("studio-caption-shown", "textContent")] == studio.draft.steps[0].caption
    assert writes[("studio-caption-count", "textContent")] == "500 / 500"
    url = writes[("studio-link", "value")]
    assert isinstance(url, str)
    assert demolink.decode(url).data["caption"].startswith(HOSTILE)


def test_an_empty_caption_is_a_plain_message_but_the_board_still_replays() -> None:
    studio = skud_position()
    studio.draft.set_caption("  ")
    assert (
        studio.share_fragment()[1]
        == "No link yet: demo skud-studio: 'caption' must be a non-empty text."
    )
    assert studio.draft.frames(studio.setup)[0]  # stood in for


def test_the_output_link_snippet_preview_and_diagram() -> None:
    studio = skud_position()
    studio.draft.set_title("Why the Jade waits")
    studio.set_mode(PLAY)
    studio.click(Point(1, 1))
    studio.click(Point(1, 2))
    studio.set_mode(SETUP)
    writes = by_target(studio_screen.writes(studio, BASE))
    url = writes[("studio-link", "value")]
    assert isinstance(url, str) and url.startswith("https://wiki.example/paisho/embed.html#demo=~1")
    snippet = writes[("studio-snippet", "value")]
    assert snippet == studio_screen.snippet(url) and f'src="{url}"' in str(snippet)
    decoded = demolink.decode(url)
    assert decoded.data["title"] == "Why the Jade waits"
    assert len(frames(decoded.demo)) == 2
    fragment = studio.share_fragment()[0]
    assert studio_screen.preview_src(fragment) == f"./embed.html{fragment}"
    assert studio_screen.preview_src("") == "about:blank"
    svg, name = studio_screen.diagram(studio)
    assert "<svg" in svg and "Why the Jade waits" in svg
    assert name == "paisho-studio-skud-1.svg"


def test_a_demo_link_opens_in_the_studio_with_its_steps() -> None:
    studio = skud_position()
    studio.set_mode(PLAY)
    studio.click(Point(1, 1))
    studio.click(Point(1, 2))
    studio.draft.set_caption("Blooming.")
    url = by_target(studio_screen.writes(studio, BASE))[("studio-link", "value")]
    again = Studio("wiki")
    assert again.open_link(str(url))
    assert [(s.action, s.caption) for s in again.draft.steps] == [
        ("", START_CAPTION),
        ("(1,1)-(1,2)", "Blooming."),
    ]
    assert again.share_fragment() == studio.share_fragment()


def test_a_new_draft_is_a_shared_position() -> None:
    draft = Draft()
    assert len(draft.steps) == 1 and draft.steps[0].caption == START_CAPTION


def test_the_step_lists_buttons() -> None:
    studio = skud_position()
    studio.set_mode(PLAY)
    for a, b in (((1, 1), (1, 2)), ((-3, 2), (-3, 3))):
        studio.click(Point(*a))
        studio.click(Point(*b))
    draft = studio.draft
    draft.act("show", 0)
    assert draft.at == 0
    draft.act("down", 1)
    assert [s.action for s in draft.steps][1:] == ["(-3,2)-(-3,3)", "(1,1)-(1,2)"]
    draft.act("up", 2)
    draft.act("delete", 2)
    assert [s.action for s in draft.steps] == ["", "(1,1)-(1,2)"]
    draft.act("nonsense", 1)
    assert len(draft.steps) == 2


def test_while_a_caption_is_typed_its_field_is_left_alone() -> None:
    studio = skud_position()
    studio.draft.set_caption("Typing")
    typed = by_target(studio_screen.writes(studio, BASE, typing=studio_screen.CAPTION_FIELD))
    assert ("studio-caption", "value") not in typed
    assert typed[("studio-caption-shown", "textContent")] == "Typing"
    assert by_target(studio_screen.writes(studio, BASE))[("studio-caption", "value")] == "Typing"
