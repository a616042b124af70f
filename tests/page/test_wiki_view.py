"""Wiki's score table, legend and preview as data (paisho_page.panels.wiki_view);
the scores are ``rules.html#wiki-r9``'s."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.board import Point
from paisho_core.tokens import point_token
from paisho_core.wiki import WikiGame
from paisho_core.wiki.actions import CARRY, PUSH
from paisho_page.base import dom_writes
from paisho_page.base.dom_writes import by_target
from paisho_page.panels import wiki_guide, wiki_view
from paisho_page.panels.wiki import score_rows
from paisho_page.play.ui import UIState


def test_wiki_r9_the_score_table_has_a_row_per_term_and_a_total_row() -> None:
    game = WikiGame()
    rows = wiki_view.score_elements(game)
    assert len(rows) == len(score_rows(game))
    total = [r for r in rows if ("data-term", "total") in r.attrs]
    assert len(total) == 1 and total[0].cls == "total"
    assert [c.tag for c in rows[0].children] == ["th", "td", "td"]
    assert all(r.cls is None for r in rows if r is not total[0])


def test_wiki_r9_the_panel_carries_each_total_and_the_flowers_left() -> None:
    writes = by_target(wiki_view.panel_writes(WikiGame()))
    assert ("wiki-panel", "data-host") in writes and ("wiki-panel", "data-guest") in writes
    assert str(writes[("wiki-flowers", "textContent")]).startswith("Flowers left: Host ")


def test_the_legend_box_and_its_keys() -> None:
    box = wiki_view.guide_box()
    assert box.id == "wiki-guide" and ("hidden", True) in box.props
    (key,) = wiki_view.legend_elements([("push", "push this tile")])
    assert ("data-icon", "push") in key.attrs and key.svg.startswith("<svg")
    assert key.children[0].text == "push this tile"


def test_wiki_r9_the_preview_says_how_a_click_changes_the_scores() -> None:
    ui = UIState(WikiGame(), undo=False)
    ui.click("reserve:Ja")
    gate = Point(0, -8)
    action, how = wiki_view.preview_choice(ui, gate, None, True)
    assert action is not None and how == ""
    writes = by_target(wiki_view.preview_writes(ui.game, action, how, gate))
    assert writes[("wiki-preview", "point")] == str(gate)
    said = str(writes[("wiki-preview", "textContent")])  # in words, no notation
    assert said.startswith("Bring your Jasmine") and "(0,-8)" not in said, said
    named = by_target(wiki_view.preview_writes(ui.game, action, how, gate, coordinates=True))
    assert "(0,-8)" in str(named[("wiki-preview", "textContent")])
    assert wiki_view.preview_choice(ui, gate, None, False) == (None, "")  # a replay
    assert wiki_view.preview_choice(ui, None, None, True) == (None, "")
    empty = by_target(wiki_view.preview_writes(ui.game, None, "", None))
    assert empty[("wiki-preview", "textContent")] == ""
    assert empty[("wiki-preview", "point")] == ""


def test_the_preview_of_a_click_again_starts_with_its_lead() -> None:
    ui = UIState(WikiGame.setup({"(0,0)": "GB", "(0,1)": "HJa"}), undo=False)
    writes = by_target(wiki_view.preview_writes(ui.game, ui.game.legal_actions()[0], "again", None))
    assert str(writes[("wiki-preview", "textContent")]).startswith("Click again: ")
    assert point_token(Point(0, 0)) in ui.next_tokens()


def test_wiki_r2_the_shown_panel_asks_for_a_pass_only_in_the_live_game() -> None:
    game = WikiGame()
    bar, writes = wiki_view.shown(game, viewing=False)
    said = by_target(writes)
    assert bar is None and ("status", "textContent") not in said  # (no pass to ask for)
    assert said[("<body>", "variant-wiki")] is True and said[("wiki-panel", "hidden")] is False
    assert (
        said[("wiki-flowers", "textContent")]
        == by_target(wiki_view.panel_writes(game))[("wiki-flowers", "textContent")]
    )
    stuck = WikiGame.setup({"(2,2)": "GR"})
    stuck.reserve = [[0] * 12, [0] * 12]
    stuck._legal = None
    bar, writes = wiki_view.shown(stuck, viewing=False)
    assert bar == ("Nothing can be played:", "Pass")
    assert by_target(writes)[("status", "textContent")] == (
        "Guest has no legal action and must pass."
    )
    bar, writes = wiki_view.shown(stuck, viewing=True)  # an earlier position: no pass
    assert bar is None and ("status", "textContent") not in by_target(writes)


def test_wiki_r4_the_guide_says_the_next_click_and_lists_the_marks() -> None:
    tiles = {"(0,0)": "GB", "(1,0)": "GRo", "(-1,1)": "GJa", "(0,-4)": "HJa"}
    ui = UIState(WikiGame.setup(tiles), undo=False)
    ui.click(point_token(Point(0, 0)))  # the Boat: it may go, push or carry
    keys, writes = wiki_view.guide(ui, shown=True)
    assert [dict(k.attrs)["data-icon"] for k in keys] == ["dot", "triangle", "square"]
    said = by_target(writes)
    assert said[("wiki-guide", "hidden")] is False
    status = wiki_guide.guide_status(ui)
    assert status is not None and said[("status", "textContent")] == status
    assert wiki_view.guide(ui, shown=False) == ((), (dom_writes.hidden("wiki-guide", True),))


def test_another_variants_game_hides_the_panel_and_its_legend() -> None:
    assert by_target(wiki_view.hidden_writes()) == {
        ("<body>", "variant-wiki"): False,
        ("wiki-panel", "hidden"): True,
        ("wiki-guide", "hidden"): True,
    }


BOATS = {"(0,0)": "GB", "(1,0)": "GRo", "(-1,1)": "GJa", "(0,-4)": "HB", "(1,-4)": "HRo"}
"""Each side's Boat beside a flower it may push or carry (``rules.html#wiki-r4``)."""


def _no_choice_shown(ui: UIState) -> None:
    """Nothing is selected: no marks by role, no legend, the page's own status line."""
    assert tuple(ui.clicks) == ()
    assert wiki_guide.target_marks(ui) == {} and wiki_guide.legend(ui) == []
    keys, writes = wiki_view.guide(ui, True)
    assert keys == ()
    said = by_target(writes)
    assert said[("wiki-guide", "hidden")] is True and ("status", "textContent") not in said


@settings(max_examples=25, deadline=None)
@given(picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=4))
def test_wiki_r4_the_legend_shows_only_while_a_choice_is_pending(picks: list[int]) -> None:
    """With nothing selected (at the start, and after any Boat move, push or carry) the
    board has no marks by role and the legend is hidden; once the Boat is selected its
    choices are marked and the legend explains them."""
    ui = UIState(WikiGame.setup(BOATS), undo=False)
    for pick in picks:
        _no_choice_shown(ui)
        actions = ui.game.legal_actions()
        boat_moves = [a for a in actions if a.kind in (PUSH, CARRY)] or list(actions)
        action = boat_moves[pick % len(boat_moves)]
        before = len(ui.game.history)
        for token in ui.game.action_clicks(action):
            ui.click(token)
        assert len(ui.game.history) == before + 1
        if ui.game.to_move is None:
            return
    _no_choice_shown(ui)


def test_wiki_r4_the_legend_appears_once_the_boat_is_selected() -> None:
    ui = UIState(WikiGame.setup(BOATS), undo=False)
    _no_choice_shown(ui)
    ui.click("point:(0,0)")
    keys, writes = wiki_view.guide(ui, True)
    assert [dict(k.attrs)["data-icon"] for k in keys] == ["dot", "triangle", "square"]
    assert by_target(writes)[("wiki-guide", "hidden")] is False
