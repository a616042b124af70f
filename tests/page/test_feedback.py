"""Play feedback (issue #21): the replay bar counts what the move list numbers, the result
panel's content and the rematch, the seats' marks while the computer thinks."""

from __future__ import annotations

from paisho_core.ancient import AncientGame
from paisho_core.balance import BalanceGame
from paisho_core.skud import SkudGame
from paisho_core.wiki import WikiGame
from paisho_page.play import result
from paisho_page.play.move_list import move_list_html, move_texts
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.seat_marks import THINKING, TO_MOVE, people_may_play, seat_marks
from paisho_page.play.ui import UIState

SKIPPED = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+skip"
)
"""A Skud game whose last ply earned a Harmony Bonus, skipped: 10 actions, 9 plies."""


# ----------------------------------------------------------------------------- replay label
def test_the_label_counts_the_plies_of_the_move_list_with_a_skipped_bonus() -> None:
    game = SkudGame.from_text(SKIPPED)
    moves = move_texts(game.to_text())
    cursor = ReplayCursor(game)
    assert len(game.history) == 10 and len(moves) == 9
    assert cursor.label() == f"Move {len(moves)} of {len(moves)}"  # was "Move 10 of 10"
    assert f'data-ply="{len(moves)}"' in move_list_html(moves)
    cursor.go(8)  # before the last ply: the list marks ply 8
    assert cursor.label() == "Move 8 of 9" and cursor.notation_ply() == 8
    assert "viewing move 8 of 9" in cursor.refusal()
    assert cursor.first() == 0 and cursor.label() == "Start (0 of 9)"


def test_the_label_counts_a_resignation_as_the_move_list_does() -> None:
    game = SkudGame()
    game.resign()
    cursor = ReplayCursor(game)
    assert move_texts(game.to_text()) == ["0H.resign"]
    assert cursor.label() == "Move 1 of 1"  # was "No moves yet"
    later = SkudGame.from_text(SKIPPED)
    cursor.sync(later)
    assert cursor.label() == "Move 9 of 9"
    later.resign()
    cursor.sync(later)  # (the count follows a resignation of the same game)
    assert cursor.label() == "Move 10 of 10" == f"Move {len(move_texts(later.to_text()))} of 10"
    assert ReplayCursor(SkudGame()).label() == "No moves yet"


def test_move_texts_are_the_records_plies() -> None:
    assert move_texts("") == []
    assert move_texts(" 0H.R,W,K,B ; ;0G.R,W,K,B") == ["0H.R,W,K,B", "0G.R,W,K,B"]


# ----------------------------------------------------------------------------- result panel
def test_no_result_panel_while_the_game_runs() -> None:
    game = SkudGame()
    assert result.result_view(game, UIState(game).result_text()) is None


def test_a_resignation_names_the_winner_and_why_without_a_score() -> None:
    game = SkudGame()
    game.resign()
    ui = UIState(game)
    view = result.result_view(game, ui.result_text())
    assert view == result.ResultView("Game over", "Guest wins by resignation.", "")


def test_a_scored_game_has_the_score_on_a_line_of_its_own() -> None:
    game = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR"})
    game.reserve = [[0] * 12, [0] * 12]
    game._legal = None
    ui = UIState(game, undo=False)
    ui.click("skip")
    ui.click("skip")
    view = result.result_view(game, ui.result_text())
    assert view is not None
    assert view.line == "Draw after two passes in a row."
    assert view.score == "Score: host -1, guest -1"  # each Rock is in no harmony (wiki R9)


def test_a_panel_words_the_result_itself_and_a_solitaire_keeps_its_score_there() -> None:
    game = BalanceGame((), 7)
    game.resign()
    view = result.result_view(game, UIState(game).result_text(), "Game abandoned. Score 0.")
    assert view == result.ResultView("Game over", "Game abandoned. Score 0.", "")


def test_a_rematch_keeps_the_variant_and_options_and_swaps_the_seats() -> None:
    game = SkudGame(("no-wheels",))
    again = result.rematch(game, 1)
    assert again == result.Rematch("skud", ("no-wheels",), None, 0, ())
    assert result.rematch(game, None).seat is None  # two people: nobody to move
    ancient = AncientGame(("target=11", "hand=17"), 5, 3)
    three = result.rematch(ancient, None, (0, 2))
    assert three.variant == "ancient" and three.players == 3
    assert three.options == ("hand=17", "target=11")
    assert three.computers == (0, 1)  # each seat moved one on
    assert result.rematch(BalanceGame((), 3), None).seat is None


def test_a_rematch_of_a_set_up_game_starts_from_the_same_position() -> None:
    """A game opened from the Studio (issue #23) plays again from its set-up."""
    from paisho_core import setups, starts
    from paisho_core.board import Point

    game = setups.build(setups.put(setups.empty("skud"), Point(1, 1), "R3", 0))
    first = game.copy()
    game.apply(game.legal_actions()[0])
    again = result.rematch(game, 1)
    assert again.start is not None and not again.start.history
    assert again.start.state_key() == first.state_key()
    assert starts.of(again.start) == starts.of(game)
    assert result.rematch(SkudGame(), 1).start is None


# ----------------------------------------------------------------------------- thinking
def test_the_computers_seat_is_marked_thinking_and_nobody_may_play() -> None:
    marks = seat_marks(2, 0, {0})
    assert [m.badge for m in marks] == [THINKING, ""]
    assert marks[0].thinking and marks[0].to_move and not marks[1].to_move
    assert not people_may_play(0, {0})
    people = seat_marks(2, 1, {0})
    assert [m.badge for m in people] == ["", TO_MOVE] and not any(m.thinking for m in people)
    assert people_may_play(1, {0}) and not people_may_play(None, ())
    assert [m.badge for m in seat_marks(2, None, {0})] == ["", ""]
