"""The Puzzles page's model (what ``site/puzzles_page.py`` draws): which puzzle the
address or the record opens, a puzzle solved and one missed by clicks, the first outcome
kept in the reader's record (once, surviving a reload), Try again, Show the solution,
the choice of game, and the panel's words."""

from __future__ import annotations

from typing import Any

from dict_storage import DictStorage
from puzzle_helpers import a_wrong_turn, clicks

from paisho_core.puzzles import get_puzzle, puzzles
from paisho_core.puzzles.model import puzzle_game
from paisho_page.base.dom_writes import by_target
from paisho_page.learn.drill import State
from paisho_page.puzzles import address
from paisho_page.puzzles.page import PuzzlesModel, variants
from paisho_page.puzzles.record import KEY, Record

DAY = 20261206


def writes(model: PuzzlesModel) -> dict[tuple[str, str], Any]:
    return by_target(model.panel_writes())


def play(model: PuzzlesModel, tokens: list[str]) -> None:
    for token in tokens:
        model.click(token)


def test_today_opens_first_then_the_next_one_for_the_rating() -> None:
    storage = DictStorage()
    model = PuzzlesModel({}, storage, DAY)
    today = address.daily_id(DAY)
    assert model.session.puzzle.id == today == model.daily
    assert writes(model)[("puzzle-title", "textContent")] == "Today's puzzle"
    play(model, clicks(model.session.puzzle))
    assert model.session.state == State.MET
    again = PuzzlesModel({}, storage, DAY)  # a reload: today's is tried
    assert again.session.puzzle.id != today
    assert writes(again)[("puzzle-title", "textContent")] == "Puzzle"
    assert today in again.record.solved


def test_a_solved_puzzle_raises_the_rating_once_and_offers_its_links() -> None:
    storage = DictStorage()
    model = PuzzlesModel({}, storage, DAY)
    puzzle = model.session.puzzle
    play(model, clicks(puzzle))
    shown = writes(model)
    assert shown[("puzzle-message", "textContent")] == "Solved! That is the one move."
    assert shown[("puzzle-share", "hidden")] is False
    assert shown[("puzzle-link", "value")] == f"./puzzles.html#puzzle={puzzle.id}"
    assert str(shown[("puzzle-open", "href")]).startswith("./#3")
    rating = Record.read(storage.get(KEY))[0].rating
    assert rating > 1200
    model.button("retry")  # solving it again moves nothing
    play(model, clicks(puzzle))
    assert Record.read(storage.get(KEY))[0].rating == rating
    assert model.view().last_move  # the solution's points stay marked


def test_a_wrong_turn_stays_on_the_board_with_why_and_counts_as_missed() -> None:
    storage = DictStorage()
    puzzle = next(p for p in puzzles().values() if p.variant == "skud")
    model = PuzzlesModel({"puzzle": puzzle.id}, storage, DAY)
    wrong = a_wrong_turn(puzzle)
    play(model, clicks(puzzle, wrong))
    assert model.session.state == State.MISSED
    shown = writes(model)
    assert str(shown[("puzzle-message", "textContent")]).startswith("Not this one: ")
    assert shown[("btn-puzzle-retry", "hidden")] is False
    assert shown[("puzzle-share", "hidden")] is True
    assert model.view().last_move  # the wrong turn's points
    assert len(model.game().history) == len(puzzle_game(puzzle).history) + 1
    record = Record.read(storage.get(KEY))[0]
    assert puzzle.id in record.failed and record.rating < 1200
    refused = model.click(clicks(puzzle)[0])
    assert refused.message.startswith("This puzzle is over")
    model.button("retry")
    assert model.session.state == State.PLAYING
    play(model, clicks(puzzle))  # solved at the second try: the rating stays
    assert Record.read(storage.get(KEY))[0].rating == record.rating


def test_show_the_solution_counts_as_missed() -> None:
    storage = DictStorage()
    puzzle = next(p for p in puzzles().values() if p.variant == "wiki")
    model = PuzzlesModel({"puzzle": puzzle.id}, storage, DAY)
    model.button("solution")
    assert model.session.state == State.SHOWN
    assert writes(model)[("puzzle-message", "textContent")] == "The solution is on the board."
    assert puzzle.id in Record.read(storage.get(KEY))[0].failed


def test_an_unknown_id_in_the_address_says_so_and_opens_today() -> None:
    model = PuzzlesModel({"puzzle": "<b>skud-zz</b>"}, DictStorage(), DAY)
    assert model.session.puzzle.id == address.daily_id(DAY)
    notice = writes(model)[("puzzle-notice", "textContent")]
    assert "'<b>skud-zz</b>'" in notice and notice.endswith("today's puzzle is shown instead.")
    assert address.params("?puzzle=a", "#puzzle=b&x=1") == {"puzzle": "b"}
    assert model.fragment() == f"#puzzle={model.session.puzzle.id}"


def test_the_choice_of_game_keeps_to_its_puzzles() -> None:
    model = PuzzlesModel({}, None, DAY)
    names = [name for name, _title in variants()]
    assert names == ["skud", "balance", "ancient", "wiki"]
    for name in names:
        model.choose_variant(name)
        assert model.session.puzzle.variant == name
        model.button("next")
        assert model.session.puzzle.variant == name
    model.choose_variant("<script>")  # not a game with puzzles: ignored
    assert model.variant == "wiki"
    assert get_puzzle(model.session.puzzle.id) == model.session.puzzle


def test_a_poisoned_record_is_set_aside_and_said_once() -> None:
    storage = DictStorage()
    storage.put(KEY, '{"v": 1, "rating": "<img src=x>", "solved": [1]}')
    model = PuzzlesModel({}, storage, DAY)
    assert "puzzle rating" in writes(model)[("puzzle-notice", "textContent")]
    assert model.record == Record()
    assert PuzzlesModel({}, storage, DAY).notice == ""


def test_every_shipped_puzzle_is_solved_by_its_clicks_on_the_page() -> None:
    """Each solution made click by click through the board view ends solved (a Wiki move
    that a Boat's push could continue is ended by clicking its point again)."""
    unsolved = []
    for puzzle in puzzles().values():
        model = PuzzlesModel({"puzzle": puzzle.id}, None, DAY)
        play(model, clicks(puzzle))
        if model.session.state != State.MET:
            unsolved.append(puzzle.id)
    assert not unsolved


def test_a_move_that_could_go_on_says_how_to_end_it() -> None:
    model = PuzzlesModel({"puzzle": "wiki-796163f1"}, None, DAY)
    play(model, ["point:(-1,6)", "point:(0,6)"])
    assert model.session.playing
    assert model.session.status().endswith("Click the same point again to end the move there.")
    model.click("point:(0,6)")
    assert model.session.state == State.MET
