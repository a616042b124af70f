"""Wiki actions made by clicks through the page's state machine (paisho_page.play.ui)."""

from __future__ import annotations

from wiki_helpers import tile_at

from paisho_core.wiki import WikiGame
from paisho_page.play.ui import UIState


def clicks(ui: UIState, *points: str) -> list[str]:
    """Click board points; return the result kinds."""
    return [ui.click(f"point:{p}").kind for p in points]


def test_wiki_ui_every_legal_action_has_its_own_click_path() -> None:
    tiles = {"(0,0)": "GB", "(0,1)": "HJa", "(1,1)": "GLi", "(-1,0)": "HW", "(3,3)": "GW",
             "(3,4)": "HRo", "(4,2)": "GJa"}
    game = WikiGame.setup(tiles)
    paths = [game.action_clicks(a) for a in game.legal_actions()]
    assert len(paths) == len(set(paths))


def test_wiki_ui_boat_push_by_clicks() -> None:
    ui = UIState(WikiGame.setup({"(0,0)": "GB", "(0,1)": "HJa"}), undo=False)
    assert clicks(ui, "(0,0)", "(0,1)", "(0,2)") == ["extend", "extend", "complete"]
    assert tile_at(ui.game, "(0,2)") == "HJa" and tile_at(ui.game, "(0,1)") == "GB"


def test_wiki_ui_boat_carry_by_clicks() -> None:
    game = WikiGame.setup({"(0,0)": "GB", "(1,1)": "HLi", "(-1,0)": "GJa"})
    ui = UIState(game, undo=False)
    assert clicks(ui, "(0,0)", "(1,1)", "(-1,0)", "(0,3)") == [
        "extend", "extend", "extend", "complete"
    ]
    assert tile_at(ui.game, "(0,3)") == "GB" and tile_at(ui.game, "(1,4)") == "HLi"
    assert tile_at(ui.game, "(-1,3)") == "GJa"


def test_wiki_ui_wheel_turn_by_clicks() -> None:
    ui = UIState(WikiGame.setup({"(0,0)": "GW", "(0,1)": "HJa"}), undo=False)
    assert clicks(ui, "(0,0)", "(0,1)") == ["extend", "extend"]
    assert {str(p) for p in ui.highlighted_points()} == {"(1,1)", "(-1,1)"}
    assert clicks(ui, "(-1,1)") == ["complete"]  # one step counter-clockwise
    assert tile_at(ui.game, "(-1,1)") == "HJa"
    assert ui.game.to_text() == "1G.(0,0)@ccw"


def test_wiki_ui_entry_by_clicks() -> None:
    ui = UIState(WikiGame(), undo=False)
    assert ui.click("reserve:Ja").kind == "extend"
    assert {str(p) for p in ui.highlighted_points()} == {"(0,-8)"}
    assert ui.click("point:(0,-8)").kind == "complete"
    assert ui.game.to_text() == "1G.Ja(0,-8)"


def test_wiki_ui_result_text_names_the_winner_reason_and_score() -> None:
    game = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR"})
    game.reserve = [[0] * 12, [0] * 12]
    game._legal = None
    ui = UIState(game, undo=False)
    assert ui.click("skip").kind == "complete"
    assert ui.click("skip").kind == "complete"
    assert ui.result_text() == "Draw after two passes in a row (host -1, guest -1)."


def test_wiki_computer_looks_one_action_ahead_on_the_score() -> None:
    import random

    from paisho_core.ai import choose_action

    # wiki R10: closing the ring wins; the computer finds the one move that does it
    tiles = {"(-2,2)": "GJa", "(2,2)": "GLi", "(2,-2)": "GJa", "(-4,-4)": "GLi", "(5,5)": "HRo"}
    game = WikiGame.setup(tiles)
    action = choose_action(game, seed=1)
    assert game.format_action(action) == "(-4,-4)-(-2,-2)"
    game = WikiGame()
    rng = random.Random(2)
    for _ in range(30):  # legal and deterministic
        action = choose_action(game, seed=3)
        assert action in game.legal_actions() and choose_action(game.copy(), seed=3) == action
        game.apply(action if rng.random() < 0.5 else rng.choice(game.legal_actions()))


def test_wiki_page_preview_says_how_the_score_would_change() -> None:
    from paisho_core.board import Point
    from paisho_page.panels.wiki import preview_action, preview_text

    tiles = {"(-2,2)": "GJa", "(2,2)": "GLi", "(2,-2)": "GJa", "(-4,-4)": "GLi"}
    ui = UIState(WikiGame.setup(tiles), undo=False)
    assert preview_action(ui, Point(-2, -2)) is None  # nothing selected yet
    ui.click("point:(-4,-4)")
    action = preview_action(ui, Point(-2, -2))
    assert action is not None
    text = preview_text(ui.game, action)  # coordinates off: the board marks the points
    assert "(-4,-4)" not in text and "(-2,-2)" not in text and "=" not in text
    assert text.startswith("move your ") and "Guest 1 → 4 (+3), Host 0 → 0 (±0)" in text
    assert text.endswith("it ends the game: Guest wins.")
    named = preview_text(ui.game, action, coordinates=True)
    assert "(-4,-4)" in named and "(-2,-2)" in named and named.endswith("Guest wins.")


def test_wiki_page_pass_texts_for_the_opening_and_a_forced_pass() -> None:
    from paisho_core import new_game
    from paisho_page.panels.wiki import pass_texts

    game = new_game("wiki", ["mirrored-opening"])
    assert pass_texts(game) is None  # at least four opening tiles first (wiki R12)
    for text in ("K(1,-1)", "K(2,-1)", "K(3,-1)", "R(4,-1)"):
        game.play(text)
    texts = pass_texts(game)
    assert texts is not None and texts[2] == "End the opening"
    stuck = WikiGame.setup({"(2,2)": "GR"})
    stuck.reserve = [[0] * 12, [0] * 12]
    stuck._legal = None
    assert pass_texts(stuck) == (
        "Guest has no legal action and must pass.", "Nothing can be played:", "Pass"
    )
