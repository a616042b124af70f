"""The Studio's reserves editor, pile and board flip (issue #23): written once for every
variant from the engine; the counts shown are the reserves in effect; the engine's
problems follow each edit; a flipped board still names the right points."""

from __future__ import annotations

from paisho_core import demolink, setups
from paisho_core.board import Point
from paisho_core.registry import variant_names
from paisho_core.render import render_svg
from paisho_page.base.dom_writes import by_target
from paisho_page.studio import reserves as studio_reserves
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.editor import FLIPPED, MARK, Studio


def counts(studio: Studio, seat: int) -> dict[str, int]:
    """The counts the editor shows for ``seat``."""
    return {row.code: row.count for row in studio_reserves.rows(studio, seat)}


def test_every_variant_gets_an_editor_from_the_engine() -> None:
    for name in variant_names():
        for how in ("empty", "standard"):
            studio = Studio(name)
            studio.start(how, name)
            items = studio_reserves.reserve_items(studio)
            seats = studio_reserves.seats_with_reserves(studio)
            assert len(items) == len(seats)
            in_effect = setups.reserves(studio.setup)
            for seat in seats:
                shown = counts(studio, seat)
                assert {c: n for c, n in shown.items() if n} == dict(in_effect[seat])
            writes = by_target(studio_reserves.writes(studio))
            assert writes[("studio-stock", "hidden")] is (not studio_reserves.heading(studio))


def test_skud_reserves_shown_with_the_counts_in_effect_and_their_labels() -> None:
    studio = Studio("skud")
    studio.start("standard")
    host = studio_reserves.rows(studio, 0)
    assert [r.code for r in host] == [t.code for t in studio.palette if t.owner == 0]
    rose = next(r for r in host if r.code == "R3")
    assert (rose.count, rose.most) == (3, 3)
    assert rose.more_label() == "One more Host Rose (R3) in the reserve"
    assert rose.fewer_label() == "One fewer Host Rose (R3) in the reserve"
    assert counts(studio, 0)["R"] == 0  # no accent tile by default
    item = studio_reserves.reserve_items(studio)[0]
    assert dict(item.attrs)["aria-label"] == "The Host's reserve (to move)"
    buttons = [c for row in item.children[1].children for c in row.children if c.tag == "button"]
    labels = [dict(b.attrs)["aria-label"] for b in buttons]
    assert "One more Host Rose (R3) in the reserve" in labels
    more_rose = buttons[labels.index("One more Host Rose (R3) in the reserve")]
    assert dict(more_rose.props)["disabled"] is True  # all three already in the reserve
    writes = by_target(studio_reserves.writes(studio))
    assert writes[("studio-reserves-reset", "textContent")] == (
        "Reset reserves to the default (everything not on the board)"
    )
    assert writes[("studio-pile-box", "hidden")] is True


def test_no_basic_flowers_for_the_guest_is_a_problem_and_reset_fixes_it() -> None:
    """skud-r10: a player with no basic flower left ends the game."""
    studio = Studio("skud")
    studio.start("standard")
    basics = ("R3", "R4", "R5", "W3", "W4", "W5")
    for code in basics:
        for _ in range(3):
            studio.change_reserve(1, code, -1)
    assert all(counts(studio, 1)[c] == 0 for c in basics)
    studio.change_reserve(1, "R3", -1)  # never below none
    assert counts(studio, 1)["R3"] == 0
    problems = studio.problems()
    assert any("skud-r10" in p and "Guest" in p for p in problems)
    items = studio_screen.problem_items(studio)
    assert any("skud-r10" in (i.text or "") for i in items)
    studio.reset_reserves()
    assert studio.setup.reserves is None
    assert studio.problems() == []
    assert "default again" in studio.message


def test_an_accent_tile_is_chosen_by_putting_it_in_the_reserve() -> None:
    """skud-accents: the accent tiles are those in the reserve (none by default)."""
    studio = Studio("skud")
    studio.start("standard")
    studio.change_reserve(0, "R", 1)
    assert counts(studio, 0)["R"] == 1
    assert dict(setups.reserves(studio.setup)[0])["R"] == 1
    assert studio.problems() == []
    fragment, _ = studio.share_fragment()
    data = demolink.decode(fragment).data
    assert data["start"]["setup"]["reserves"]["host"]["R"] == 1
    for code in ("R", "W", "K", "B"):  # five accent tiles: more than a player chooses
        studio.change_reserve(0, code, 1)
    assert any("skud-accents" in p for p in studio.problems())


def test_ancient_the_movers_hand_and_the_others_hidden_counts() -> None:
    studio = Studio("ancient")
    studio.start("standard", "ancient")
    mover = studio.setup.to_move
    other = 1 - mover
    hidden = studio_reserves.rows(studio, other)
    assert [r.code for r in hidden] == [setups.HIDDEN]
    assert hidden[0].more_label() == f"One more hidden tile in P{other + 1}'s hand"
    before = hidden[0].count
    studio.change_reserve(other, setups.HIDDEN, -1)
    assert counts(studio, other)[setups.HIDDEN] == before - 1
    own = studio_reserves.rows(studio, mover)
    assert [r.code for r in own] == [t.code for t in studio.palette]
    assert own[0].more_label().endswith(f"in P{mover + 1}'s hand")
    studio.change_reserve(mover, own[0].code, 1)
    assert studio.problems() == []
    # the move given to the other seat: its hidden tiles must be shown (the engine says)
    studio.set_mover(other)
    assert any("show their hand" in p for p in studio.problems())
    assert setups.HIDDEN in counts(studio, other)  # still listed, so it can be taken out
    writes = by_target(studio_reserves.writes(studio))
    assert writes[("studio-stock-title", "textContent")] == "Hands"
    assert "empty hands" in str(writes[("studio-reserves-reset", "textContent")])


def test_balance_has_a_bag_to_come_and_no_reserve() -> None:
    studio = Studio("balance")
    assert studio_reserves.seats_with_reserves(studio) == []
    writes = by_target(studio_reserves.writes(studio))
    assert writes[("studio-pile-box", "hidden")] is False
    assert writes[("studio-reserves-reset", "hidden")] is True
    assert writes[("studio-stock-title", "textContent")] == "The bag"
    default = studio_reserves.pile_text(studio)
    assert default.split() == list(setups.shown_pile(studio.setup) or ())
    studio.set_pile_text("SKD, L")
    assert studio.setup.pile == ("S", "K", "D", "L")
    assert studio.problems() == []
    assert studio_reserves.pile_text(studio) == "S K D L"
    studio.set_pile_text("S Q")
    assert any("'Q'" in p for p in studio.problems())
    studio.default_pile()
    assert studio.setup.pile is None and studio_reserves.pile_text(studio) == default
    studio.set_pile_text("  ")
    assert studio.setup.pile is None


def test_the_block_is_hidden_but_in_set_up_mode_and_the_flip_is_pressed() -> None:
    studio = Studio("skud")
    studio.set_mode(MARK)
    writes = by_target(studio_reserves.writes(studio))
    assert writes[("studio-stock", "hidden")] is True
    assert writes[("studio-flip", "aria-pressed")] == "false"
    studio.flip()
    assert by_target(studio_reserves.writes(studio))[("studio-flip", "aria-pressed")] == "true"


def test_focus_after_a_step_stays_on_the_button_or_its_pair() -> None:
    same, pair = studio_reserves.focus_after(1, "R3", "-1")
    assert same == '[data-seat="1"][data-code="R3"][data-by="-1"]'
    assert pair == '[data-seat="1"][data-code="R3"][data-by="1"]'


def test_the_flipped_board_turns_the_drawing_and_keeps_each_points_target() -> None:
    studio = Studio("skud")
    upright = studio.board_svg()
    assert upright == render_svg(studio.picture(), studio.view(), "Studio board")
    studio.flip()
    flipped = studio.board_svg()
    assert '<g id="board-dynamic"><g transform="rotate(180)">' in flipped
    assert flipped.count('data-point="') == upright.count('data-point="')
    # a tile put on the flipped board stands where it was clicked, upright
    index = next(i for i, t in enumerate(studio.palette) if t.code == "R3" and t.owner == 0)
    studio.select(index)
    studio.click(Point(1, 1))
    assert studio.setup.at(Point(1, 1)) is not None
    assert 'transform="translate(' in studio.board_svg()
    assert " rotate(180)" in studio.board_svg().split('data-tile="R3"')[1][:80]
    studio.flip()
    assert studio.board_svg() == render_svg(studio.picture(), studio.view(), "Studio board")


def test_arrow_keys_move_as_the_board_is_seen() -> None:
    studio = Studio("skud")
    studio.key("ArrowUp")
    assert studio.cursor == Point(0, 1)
    studio.flip()
    studio.key("ArrowUp")  # up on the screen is down on the board
    assert studio.cursor == Point(0, 0)
    studio.key("ArrowLeft")
    assert studio.cursor == Point(1, 0)
    studio.key("ArrowDown")
    assert studio.cursor == Point(1, 1)


def test_a_flipped_boards_link_opens_the_embed_the_same_way() -> None:
    studio = Studio("skud")
    studio.start("standard")
    fragment, _ = studio.share_fragment()
    assert fragment and FLIPPED not in fragment
    studio.flip()
    flipped, _ = studio.share_fragment()
    assert flipped == fragment + "&orient=guest"
    assert demolink.decode(flipped).data == demolink.decode(fragment).data
    writes = by_target(studio_screen.writes(studio, "https://example.org/studio.html"))
    assert str(writes[("studio-link", "value")]).endswith("&orient=guest")
    assert "&amp;orient=guest\"" in str(writes[("studio-snippet", "value")])  # escaped
    assert studio_screen.preview_src(flipped).endswith("&orient=guest")
    svg, _ = studio_screen.diagram(studio)
    assert "rotate(180)" in svg
