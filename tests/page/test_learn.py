"""The lessons' page logic (``paisho_page/learn``): the lesson state machine, the
progress in storage (a poisoned entry, two tabs, a reload), the address, the newcomer's
offer and the Learn page's model."""

from __future__ import annotations

import json

import pytest
from dict_storage import DictStorage

from paisho_core.board import Point
from paisho_core.lessons import get_lesson
from paisho_core.tokens import DRAW, SKIP, point_token, reserve_token
from paisho_page.base.dom_writes import by_target
from paisho_page.learn import address, offer, screen
from paisho_page.learn.page import LearnModel
from paisho_page.learn.progress import KEY, Progress, ProgressStore
from paisho_page.learn.session import Session, State
from paisho_page.storage import aside, games_index, schema


def click(session: Session, *points: tuple[int, int]) -> None:
    for x, y in points:
        session.click(point_token(Point(x, y)))


# ----------------------------------------------------------------- the state machine
def test_a_met_goal_is_praised_and_next_opens_the_following_task() -> None:
    session = Session(get_lesson("skud-harmony"))
    click(session, (1, 1), (1, 3))
    assert session.state == State.MET and session.kind == "success"
    assert session.message == "A harmony: the line between your two flowers."
    assert session.click(point_token(Point(4, 3))).kind == "refuse"  # done: Next
    assert session.next() and session.index == 1 and session.state == State.PLAYING
    assert session.counter() == "Task 2 of 3" and session.message == ""


def test_a_missed_goal_says_why_and_puts_the_position_back() -> None:
    session = Session(get_lesson("skud-harmony"))
    start = session.game.state_key()
    click(session, (1, 1), (2, 1))
    assert session.state == State.PLAYING and session.kind == "error"
    assert session.message == (
        "Not quite: your Rose (R3) and your Chrysanthemum (R4) do not face each other on a"
        " row or column. The position is back: try again.")
    assert session.game.state_key() == start
    assert Point(2, 1) in session.view().last_move  # the try stays marked


def test_an_illegal_click_gets_the_engines_rule_and_changes_nothing() -> None:
    session = Session(get_lesson("skud-board"), 1)
    start = session.game.state_key()
    click(session, (0, -5), (1, -4))
    assert session.kind == "error" and "(skud-gardens)" in session.message
    assert session.game.state_key() == start and session.state == State.PLAYING


def test_a_harmony_bonus_goes_on_then_skip_misses_the_bonus_task() -> None:
    session = Session(get_lesson("skud-harmony-bonus"))
    click(session, (1, 1), (1, 3))
    assert session.state == State.PLAYING and session.can_skip
    assert session.skip_label() == "Skip bonus"
    assert "Harmony Bonus" in session.status()
    session.click(SKIP)
    assert session.message.startswith("Not quite: you did not put a tile")


def test_hint_marks_the_solution_and_show_me_plays_it() -> None:
    session = Session(get_lesson("skud-capture"))
    session.hint()
    assert session.message.startswith("Hint: ") and "End the Rose's move" in session.message
    assert {p for p, c in session.view().extra_classes.items() if c == "hint"} == {
        Point(1, 1), Point(3, 0)}
    session.show()
    assert session.state == State.SHOWN and session.reached == 1
    session.retry()
    assert session.state == State.PLAYING and session.game.state_key() == (
        session.run.start.state_key())


def test_the_scripted_reply_is_played_and_said() -> None:
    session = Session(get_lesson("skud-planting"))
    session.click(reserve_token("W4"))
    session.click(point_token(Point(8, 0)))
    assert session.state == State.MET
    assert session.message.endswith("Host answers: (0,8)-(0,5).")
    assert Point(0, 5) in session.view().last_move


def test_the_last_task_finishes_the_lesson() -> None:
    session = Session(get_lesson("skud-planting"), 1)
    session.show()
    assert session.finished and "Lesson complete!" in session.message
    assert not session.next()
    recorded = session.record(Progress())
    assert recorded.done == {"skud-planting"} and recorded.reached("skud-planting") == 2


def test_only_the_movers_hand_is_offered_with_draw_as_a_choice() -> None:
    session = Session(get_lesson("ancient-drawing"))
    name, tiles = session.reserve()
    assert name == "P1" and [t.code for t in tiles] == ["Ja", "Ro"]  # P2's Ch Li: never
    assert session.choices() == [(DRAW, "Draw a tile")]
    session.click(DRAW)
    session.click(reserve_token("Li"))
    session.click(reserve_token("Li"))  # a discard is confirmed by a second click
    assert session.state == State.MET


def test_a_score_goal_shows_the_number_as_it_stands() -> None:
    session = Session(get_lesson("balance-counting"))
    assert session.now() == "Now: the board counts 1 harmony."
    assert session.drawn() == "D"
    writes = by_target(screen.panel_writes(session))
    assert "(Tile to place: Dragon.)" in str(writes[("lesson-prompt", "textContent")])


def test_the_panel_shows_next_only_when_a_task_is_done() -> None:
    session = Session(get_lesson("skud-moving"), 1)
    writes = by_target(screen.panel_writes(session, get_lesson("skud-harmony")))
    assert writes[("btn-lesson-next", "hidden")] is True
    session.show()
    writes = by_target(screen.panel_writes(session, get_lesson("skud-harmony")))
    assert writes[("btn-lesson-next", "hidden")] is False
    assert writes[("btn-lesson-next", "textContent")] == "Next lesson: Harmonies"


# ----------------------------------------------------------------- progress in storage
def test_progress_reads_back_what_it_writes_and_merges_forward() -> None:
    one = Progress().reach("skud-board", 2).finish("skud-planting").dismiss()
    assert Progress.read(one.to_json()) == (one, None)
    other = Progress().reach("skud-board", 1).reach("wiki-entry", 3)
    merged = other.merge(one)
    assert merged.reached("skud-board") == 2 and merged.reached("wiki-entry") == 3
    assert merged.done == {"skud-planting"} and merged.offer_dismissed
    assert merged.last == "wiki-entry"


@pytest.mark.parametrize("poison", [
    "{", "[]", '{"v":1,"done":"all"}', '{"v":1,"at":{"skud-board":-1}}',
    '{"v":1,"done":["<script>"]}', '{"v":1,"at":{"x":1e999}}', "[" * 20_000,
    '{"v":1,"done":["skud-board"],"at":{"skud-board":true}}', '{"v":9}',
])
def test_a_poisoned_entry_is_set_aside_once_and_its_good_parts_kept(poison: str) -> None:
    storage = DictStorage()
    storage.put(KEY, poison)
    store = ProgressStore(storage)
    progress, notice = store.load()
    assert notice is not None and "set aside" in notice
    kept = [k for k in storage.all_keys() if k.startswith(aside.SETASIDE_PREFIX)]
    assert len(kept) == 1 and aside.parse_set_aside(storage.data[kept[0]]).raw == poison
    assert Progress.read(storage.get(KEY)) == (progress, None)  # stored back, readable
    assert store.load() == (progress, None)  # told once
    store.save(progress.reach("skud-board", 1))
    assert Progress.read(storage.get(KEY))[0].reached("skud-board") == 1


def test_two_tabs_never_lose_each_others_progress() -> None:
    storage = DictStorage()
    first, second = ProgressStore(storage), ProgressStore(storage)
    mine, _ = first.load()
    theirs, _ = second.load()
    first.save(mine.finish("skud-board"))
    second.save(theirs.reach("wiki-entry", 2))  # knows nothing of skud-board
    stored = Progress.read(storage.get(KEY))[0]
    assert stored.done == {"skud-board"} and stored.reached("wiki-entry") == 2


def test_the_learn_model_keeps_progress_across_a_reload() -> None:
    storage = DictStorage()
    model = LearnModel({}, storage)
    assert model.session.lesson.name == "skud-board"
    model.button("show")
    model.button("next")
    assert model.session.index == 1
    again = LearnModel({}, storage)  # a reload opens the task reached
    assert (again.session.lesson.name, again.session.index) == ("skud-board", 1)
    assert again.fragment() == "#lesson=skud-board&task=2"


def test_the_learn_model_opens_the_next_lesson_after_the_last_task() -> None:
    storage = DictStorage()
    model = LearnModel({"lesson": "skud-planting", "task": "2"}, storage)
    model.button("show")
    model.button("next")
    assert model.session.lesson.name == "skud-moving"
    assert "skud-planting" in Progress.read(storage.get(KEY))[0].done
    items = model.course_items()
    assert items[0].tag == "section" and len(items) == 4  # a course a variant
    assert model.done_text() == "1 of 30 lessons done"


def test_an_embedded_lesson_keeps_nothing() -> None:
    model = LearnModel({"lesson": "wiki-boat"}, None)
    model.button("show")
    assert model.session.state == State.SHOWN
    writes = by_target(model.panel_writes())
    assert writes[("btn-lesson-next", "hidden")] is False  # the next task
    model.button("next")
    model.button("show")
    assert by_target(model.panel_writes())[("btn-lesson-next", "hidden")] is True


# ----------------------------------------------------------------- the address
def test_the_address_names_a_lesson_and_a_task_and_refuses_the_rest() -> None:
    courses = LearnModel({}, None).courses
    wanted = address.params("?lesson=wiki-entry", "#task=3")
    assert address.choose(courses, wanted, Progress()).task == 2
    bad = address.choose(courses, {"lesson": "<img src=x>"}, Progress())
    assert bad.lesson.name == "skud-board"
    assert bad.message.startswith("There is no lesson called '<img src=x>'")
    assert address.choose(courses, {"lesson": "skud-ring", "task": "99"}, Progress()
                          ).lesson.name == "skud-board"
    huge = address.choose(courses, {"lesson": "wiki-entry", "task": "9" * 50}, Progress())
    assert huge.task == 0


def test_without_an_address_the_first_lesson_not_done_opens() -> None:
    courses = LearnModel({}, None).courses
    done = Progress(frozenset({"skud-board", "skud-planting"}))
    assert address.choose(courses, {}, done).lesson.name == "skud-moving"


# ----------------------------------------------------------------- the newcomer's offer
def test_the_offer_is_for_a_newcomer_only_and_never_again_once_dismissed() -> None:
    storage = DictStorage()
    assert offer.should_offer(storage)
    offer.dismiss(storage)
    assert not offer.should_offer(storage)
    played = DictStorage()
    entry = games_index.IndexEntry("g1", "skud", None, 3, 1, False)
    played.put(schema.INDEX_KEY, games_index.index_json([entry]))
    assert not offer.should_offer(played)
    unreadable = DictStorage()
    unreadable.put(schema.INDEX_KEY, "not json")
    assert not offer.should_offer(unreadable)
    learning = DictStorage()
    learning.put(KEY, json.dumps({"v": 1, "done": [], "at": {"skud-board": 1}}))
    assert not offer.should_offer(learning)
