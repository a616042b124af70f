"""The Puzzles page's logic: the rating, the daily and next puzzle, the record kept in
storage (a poisoned entry, two tabs, a reload) and a puzzle played action by action."""

from __future__ import annotations

import pytest
from dict_storage import DictStorage

from paisho_core.lessons import Verdict
from paisho_core.puzzles import Puzzle, UnknownPuzzle
from paisho_core.puzzles.model import library
from paisho_page.puzzles import pick, rating
from paisho_page.puzzles.record import KEY, Record, RecordStore
from paisho_page.puzzles.session import PuzzleRun
from paisho_page.storage import aside

A, B, C = "skud-0000000a", "wiki-0000000b", "balance-0000000c"


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    """A shipped Balance puzzle (the generator has tests of its own)."""
    return library()["balance"].puzzles[0]


def test_the_rating_rises_on_a_solve_and_falls_on_a_failure() -> None:
    assert rating.expected(1200, 1200) == pytest.approx(0.5)
    up = rating.update(1200, 1200, True, 0)
    down = rating.update(1200, 1200, False, 0)
    assert up == 1220 and down == 1180  # K = 40 while new
    assert rating.update(1200, 1200, True, 50) == 1210  # K = 20 later
    assert rating.update(1200, 2400, True, 0) > rating.update(1200, 600, True, 0)
    assert rating.update(rating.FLOOR, 3000, False, 0) == rating.FLOOR


def test_the_daily_puzzle_is_the_same_for_everyone_that_day() -> None:
    ids = [A, B, C]
    assert pick.daily(20261205, ids) == pick.daily(20261205, list(reversed(ids)))
    assert {pick.daily(day, ids) for day in range(20261201, 20261231)} == set(ids)
    assert pick.daily(20261205, []) is None


def test_the_next_puzzle_is_the_untried_one_nearest_the_rating() -> None:
    ratings = {A: 1000, B: 1250, C: 1600}
    assert pick.next_puzzle(1200, ratings, []) == B
    assert pick.next_puzzle(1200, ratings, [B]) == A
    assert pick.next_puzzle(1200, ratings, [A, B, C]) == B  # all tried: the nearest again
    variants = {A: "skud", B: "wiki", C: "balance"}
    assert pick.next_puzzle(1200, ratings, [], variants, "balance") == C
    assert pick.next_puzzle(1200, {}, []) is None


def test_the_record_counts_the_first_try_only() -> None:
    record = Record().result(A, 1200, False)
    assert record.failed == {A} and record.rating == 1180 and record.played == 1
    again = record.result(A, 1200, True)
    assert again.solved == {A} and not again.failed and again.rating == 1180


@pytest.mark.parametrize("poison", [
    "{", "[]", '{"v":1,"rating":"high"}', '{"v":1,"solved":["<script>"]}',
    '{"v":1,"rating":1e999}', "[" * 20_000, '{"v":9}', '{"v":1,"failed":{}}',
])
def test_a_poisoned_record_is_set_aside_once_and_its_good_parts_kept(poison: str) -> None:
    storage = DictStorage()
    storage.put(KEY, poison)
    store = RecordStore(storage)
    record, notice = store.load()
    assert notice is not None and "set aside" in notice
    kept = [k for k in storage.all_keys() if k.startswith(aside.SETASIDE_PREFIX)]
    assert len(kept) == 1 and aside.parse_set_aside(storage.data[kept[0]]).raw == poison
    assert Record.read(storage.get(KEY)) == (record, None)
    assert store.load() == (record, None)  # told once
    store.save(record.result(B, 1300, True))
    assert B in Record.read(storage.get(KEY))[0].solved


def test_two_tabs_and_a_reload_keep_every_result() -> None:
    storage = DictStorage()
    first, second = RecordStore(storage), RecordStore(storage)
    mine, _ = first.load()
    theirs, _ = second.load()
    first.save(mine.result(A, 1200, True))
    second.save(theirs.result(B, 1200, False))
    stored, problem = RecordStore(storage).load()  # a reload
    assert problem is None and stored.solved == {A} and stored.failed == {B}


def test_the_solution_solves_and_another_placement_says_why(puzzle: Puzzle) -> None:
    run = PuzzleRun(puzzle)
    game = run.game
    wrong = next(game.format_action(a) for a in game.legal_actions()
                 if game.format_action(a) != puzzle.actions[0])
    checked = run.check_text(wrong)
    assert checked.verdict == Verdict.MISSED and checked.message is not None
    assert "best final score" in str(checked.message)
    run.reset()
    assert run.hint() == puzzle.actions[0]
    assert [c.verdict for c in run.show()][-1] == Verdict.MET


def test_an_illegal_action_gets_the_rule_and_changes_nothing(puzzle: Puzzle) -> None:
    run = PuzzleRun(puzzle)
    before = run.game.state_key()
    checked = run.check_text("(9,9)")
    assert checked.verdict == Verdict.ILLEGAL and checked.message is not None
    assert run.game.state_key() == before and run.played == []


def test_an_unknown_puzzle_id_is_refused_in_plain_words() -> None:
    with pytest.raises(UnknownPuzzle, match="no puzzle called"):
        PuzzleRun.open("<img src=x>")
