"""The Studio's links (issue #23): moves shown as refused (written, kept, checked by the
engine), the Studio's own address (a demo or game link opened; the work written back),
and "Edit this position in the Studio" from the game page."""

from __future__ import annotations

from typing import Any

from studio_positions import BASE, HOSTILE, skud_position

from paisho_core import demolink, link, setups
from paisho_core.board import Point
from paisho_core.protocol import Game
from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.sharing import decisions as sharing
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.demo import parse_refused
from paisho_page.studio.editor import PLAY, Studio, is_demo_link


def skud_game(plies: int) -> Game[Any]:
    """A Skud game: both accent choices, then plants of a Rose by each in turn."""
    game = new_game("skud", (), None)
    for text in ("R,W,K,B", "R,W,K,B", "R3(0,-8)", "R3(0,8)", "W5(-8,0)")[:plies]:
        game.play(text)
    return game


# ----------------------------------------------------------------------------- refused
def test_the_refused_field_takes_lines_or_semicolons() -> None:
    moves, why = parse_refused(" (1,1)-(1,4) ;\n\n(1,1)-(5,1)\r\n")
    assert moves == ("(1,1)-(1,4)", "(1,1)-(5,1)") and why == ""
    moves, why = parse_refused(";".join(f"({i},0)-(0,0)" for i in range(demolink.MAX_MARKS + 3)))
    assert len(moves) == demolink.MAX_MARKS and str(demolink.MAX_MARKS) in why
    moves, why = parse_refused("x" * 201 + ";(1,1)-(1,4)")
    assert moves == ("(1,1)-(1,4)",) and "200" in why


def test_refused_moves_are_written_in_the_demo_and_checked_by_the_engine() -> None:
    """The demos' schema (``refused``: illegal actions of the step, demos.frames)."""
    studio = skud_position()
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "(1,1)-(1,7)")  # too far
    fragment, why = studio.share_fragment()
    assert why == "" and demolink.decode(fragment).data["refused"] == ["(1,1)-(1,7)"]
    # a legal one: the engine's plain message, and no link until it is fixed
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "(1,1)-(1,7)\n(1,1)-(1,2)")
    fragment, why = studio.share_fragment()
    assert fragment == ""
    assert why == (
        "No link yet: demo skud-studio, step 0: (1,1)-(1,2) is legal,"
        " but the demo shows it refused."
    )
    writes = by_target(studio_screen.writes(studio, BASE))
    assert writes[("studio-link-status", "textContent")] == why
    assert writes[("studio-link", "value")] == ""
    # not a move at all: the engine's words too
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, HOSTILE)
    assert "step 0" in studio.share_fragment()[1]
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "")
    assert "refused" not in demolink.decode(studio.share_fragment()[0]).data


def test_a_later_steps_refused_moves_and_the_step_list() -> None:
    studio = skud_position()
    studio.set_mode(PLAY)
    studio.click(Point(1, 1))
    studio.click(Point(1, 2))
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "(-3,2)-(-3,8); (-3,2)-(3,2)")
    data = demolink.decode(studio.share_fragment()[0]).data
    assert data["steps"][0]["refused"] == ["(-3,2)-(-3,8)", "(-3,2)-(3,2)"]
    assert "refused" not in data
    shown = [i.children[0].text for i in studio_screen.step_items(studio)]
    assert shown[1].endswith("(refused: (-3,2)-(-3,8), (-3,2)-(3,2))")
    writes = by_target(studio_screen.writes(studio, BASE))
    assert writes[("studio-refused", "value")] == "(-3,2)-(-3,8)\n(-3,2)-(3,2)"
    assert writes[("studio-refused-label", "textContent")] == "Moves shown as refused at step 1"
    typed = by_target(studio_screen.writes(studio, BASE, typing=studio_screen.REFUSED_FIELD))
    assert ("studio-refused", "value") not in typed and ("studio-caption", "value") in typed


def test_a_demo_links_refused_moves_are_kept_when_it_is_opened() -> None:
    studio = skud_position()
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "(1,1)-(1,7)")
    studio.set_mode(PLAY)
    studio.click(Point(1, 1))
    studio.click(Point(1, 2))
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "(-3,2)-(-3,8)")
    fragment = studio.share_fragment()[0]
    again = Studio("wiki")
    assert again.open_link(BASE + fragment)
    assert [s.refused for s in again.draft.steps] == [("(1,1)-(1,7)",), ("(-3,2)-(-3,8)",)]
    assert again.share_fragment()[0] == fragment


# ----------------------------------------------------------------------------- links opened
def test_a_game_link_opens_the_position_it_shows() -> None:
    game = skud_game(4)
    for view, tiles in ((None, {"(0,-8)": "R3", "(0,8)": "R3"}), (3, {"(0,-8)": "R3"})):
        studio = skud_position()
        assert studio.open_link(BASE + link.fragment_for(game, view))
        assert {str(t.point): t.code for t in studio.setup.tiles} == tiles
        shown = link.decode(link.fragment_for(game, view)).view_game()
        assert studio.setup == setups.of_game(shown)
        assert len(studio.draft.steps) == 1
        assert studio.message.startswith("Opened the link's position")
        assert studio.share_fragment()[1] == ""  # a demo of that position, at once


def test_a_game_link_pasted_bare_opens_too() -> None:
    studio = Studio("skud")
    assert studio.open_link("  " + link.encode(skud_game(3)) + " ")
    assert [str(t.point) for t in studio.setup.tiles] == ["(0,-8)"]


def test_a_bad_link_opens_nothing_but_the_engines_message() -> None:
    for text in ("#2abc", "#demo=~1abc", "#demo=skud-wheel", "#" + HOSTILE, "#9zz"):
        studio = skud_position()
        before = studio.setup
        assert not studio.open_link(text)
        assert studio.setup == before and len(studio.draft.steps) == 1
        assert studio.message.startswith("That link cannot be opened: ")
    studio = Studio()
    studio.open_link("#demo=~1abc")
    assert "demo link" in studio.message  # the demo codec's words, not the game codec's
    studio.open_link("#2abc")
    assert "copy the whole link again" in studio.message


def test_which_links_are_demo_links() -> None:
    assert is_demo_link("https://x/embed.html#demo=~1abc&step=2")
    assert is_demo_link("~1abc") and is_demo_link("studio.html?demo=x")
    assert not is_demo_link("https://x/#2abc") and not is_demo_link("3abc")


# ----------------------------------------------------------------------------- the address
def test_after_a_change_the_address_holds_the_studios_demo() -> None:
    studio = skud_position()
    fragment = studio.share_fragment()[0]
    assert studio_screen.address(studio, BASE) == BASE + fragment
    assert studio_screen.address(studio, f"{BASE}#2abc") == BASE + fragment
    assert studio_screen.address(studio, BASE + fragment) is None  # holds it already
    # no link (the engine refuses the demo): the last good address stays
    studio_screen.typed(studio, studio_screen.REFUSED_FIELD, "(1,1)-(1,2)")
    assert studio_screen.address(studio, BASE + fragment) is None
    reopened = Studio()
    assert reopened.open_link(BASE + fragment)
    assert reopened.setup == studio.setup


# ----------------------------------------------------------------------------- from a game
def test_edit_this_position_opens_the_studio_at_the_shown_ply() -> None:
    game = skud_game(4)
    href = "https://x.org/paisho/?v=1#oldlink"
    url = sharing.studio_address(game, 3, href)
    assert url == "https://x.org/paisho/studio.html" + link.fragment_for(game, 3)
    assert sharing.studio_address(game, None, href) == (
        "https://x.org/paisho/studio.html" + link.fragment_for(game)
    )
    studio = Studio()
    assert studio.open_link(str(url))
    assert [str(t.point) for t in studio.setup.tiles] == ["(0,-8)"]
    writes = by_target(sharing.studio_entry_writes(game, None, href))
    assert writes[("share-studio-row", "hidden")] is False
    assert str(writes[("share-studio", "href")]).startswith("https://x.org/paisho/studio.html#")


def test_no_studio_entry_for_a_running_game_with_hidden_hands() -> None:
    game = new_game("ancient", ("target=11",), 12345)
    game.apply(game.legal_actions()[0])
    assert sharing.hides_hands(game)
    assert sharing.studio_address(game, None, "https://x.org/") is None
    assert sharing.studio_address(game, 0, "https://x.org/") is None
    writes = by_target(sharing.studio_entry_writes(game, None, "https://x.org/"))
    assert writes[("share-studio-row", "hidden")] is True
    assert writes[("share-studio", "href")] == ""
    game.resign()  # over: its link hides nothing any more
    assert sharing.studio_address(game, None, "https://x.org/") is not None


def test_while_typing_the_link_waits_for_a_pause() -> None:
    """docs/benchmarks.md: making the link replays every step, so not per keystroke."""
    studio = skud_position()
    studio_screen.typed(studio, studio_screen.CAPTION_FIELD, "Typed")
    typed = by_target(studio_screen.writes(studio, BASE, typing=studio_screen.CAPTION_FIELD))
    assert ("studio-link", "value") not in typed
    assert ("studio-link-status", "textContent") not in typed
    assert typed[("studio-caption-shown", "textContent")] == "Typed"
    later = by_target(studio_screen.link_writes(studio, BASE))
    assert demolink.decode(str(later[("studio-link", "value")])).data["caption"] == "Typed"
    assert by_target(studio_screen.writes(studio, BASE))[("studio-link", "value")] == (
        later[("studio-link", "value")]
    )
    assert 100 <= studio_screen.TYPING_IDLE_MS <= 1000


def test_a_flipped_demo_link_opens_the_studio_flipped() -> None:
    """The link of a flipped board carries ``orient=guest``; opening it (or reloading the
    Studio, whose address holds it) turns the board again."""
    author = Studio("skud")
    author.start("standard", "skud")
    author.flip()
    fragment, _ = author.share_fragment()
    assert fragment.endswith("&orient=guest")
    reader = Studio()
    assert reader.open_link("https://example.org/studio.html" + fragment)
    assert reader.flipped and "0 steps after the start" in reader.message
    plain = Studio()
    assert plain.open_link(fragment.removesuffix("&orient=guest")) and not plain.flipped


def test_every_built_in_demo_opened_in_the_studio_shares_again_as_it_was() -> None:
    """Issue #23: "a built-in demo can be opened in the Studio to make a variant of it".
    Left as it is, the Studio's link replays the same positions (its own start is kept:
    a fixed bag, dealt hands, an opening's turns); once the board is edited, the
    position is the editor's."""
    from paisho_core.demos import frames, library

    for demo in library().values():
        studio = Studio()
        assert studio.open_link(demolink.fragment(_demo_json(demo))), (demo.name, studio.message)
        fragment, why = studio.share_fragment()
        assert fragment, (demo.name, why)
        again = demolink.decode(fragment).demo
        assert [f.game.state_key() for f in frames(again)] == [
            f.game.state_key() for f in frames(demo)
        ], demo.name
        assert [s.refused for s in again.steps] == [s.refused for s in demo.steps]


def _demo_json(demo: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": demo.variant,
        "name": demo.name,
        "title": demo.title,
        "rules": list(demo.rules),
        "start": dict(demo.start),
        "caption": demo.steps[0].caption,
        "steps": [
            {"action": s.action, "caption": s.caption, "refused": list(s.refused)}
            for s in demo.steps[1:]
        ],
    }
    if demo.steps[0].refused:
        out["refused"] = list(demo.steps[0].refused)
    if demo.options:
        out["options"] = list(demo.options)
    if demo.seed is not None:
        out["seed"] = demo.seed
    return out
