"""The lesson courses (``paisho_core/lessons``), every task played through the engine.

Generated from the data: for every task of every course, the goal is reachable (a
search over the mover's whole turn finds a turn that meets it), the stored solution
meets it, the scripted reply is legal after it, a turn that misses the goal gets its
reason in words, and an action the rules refuse gets the engine's rule message.  Also
the goal vocabulary's JSON, the task's run (its verdicts, Hint, Show me, reset) and the
``lesson`` command line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paisho_core import lessons
from paisho_core.board import Point
from paisho_core.cli import main
from paisho_core.lessons import goals, proof
from paisho_core.lessons.play import Verdict
from paisho_core.messages import Message
from paisho_core.registry import variant_names

ROOT = Path(__file__).resolve().parents[2]
RULES_PAGE = ROOT / "site" / "rules.html"
TASKS = [(lesson.name, i) for lesson in lessons.lessons().values()
         for i in range(len(lesson.tasks))]
SOLUTIONS = [text for lesson in lessons.lessons().values() for task in lesson.tasks
             for text in task.solution]
SMALLEST_COURSE = {"skud": 10, "wiki": 8, "balance": 4, "ancient": 6}


def _filled(message: Message | None) -> str:
    """The English of ``message``, checked to say something with every placeholder filled."""
    assert message is not None
    text = str(message)
    assert text.strip() and "{" not in text, text
    return text


def test_every_variant_has_a_course_of_lessons_of_two_to_five_tasks() -> None:
    courses = lessons.courses()
    assert set(SMALLEST_COURSE) <= set(courses) <= set(variant_names())
    for variant, course in courses.items():
        assert len(course.lessons) >= SMALLEST_COURSE[variant], variant
        for lesson in course.lessons:
            assert 2 <= len(lesson.tasks) <= 5, lesson.name


@pytest.mark.parametrize("name", sorted(lessons.lessons()))
def test_every_lesson_cites_anchors_of_the_rules_page(name: str) -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    lesson = lessons.get_lesson(name)
    assert lesson.rules and lesson.title.strip() and lesson.intro.strip()
    for anchor in lesson.rules:
        assert f'id="{anchor}"' in page, f"{name}: rules.html has no #{anchor}"


@pytest.mark.parametrize(("name", "index"), TASKS)
def test_every_task_is_reachable_and_its_solution_and_reply_are_legal(
        name: str, index: int) -> None:
    lesson = lessons.get_lesson(name)
    found = proof.check_task(lesson, index)
    assert found.meets is not None
    task = lesson.tasks[index]
    assert task.prompt.strip() and task.hint.strip() and task.praise.strip()
    run = lessons.TaskRun(lesson, index)
    verdicts = [run.check_text(text).verdict for text in task.solution]
    assert verdicts[-1] == Verdict.MET and set(verdicts[:-1]) <= {Verdict.GOING_ON}
    assert len(run.play_reply()) == len(task.reply)


@pytest.mark.parametrize(("name", "index"), TASKS)
def test_every_task_answers_a_missed_goal_with_why_and_puts_the_position_back(
        name: str, index: int) -> None:
    lesson = lessons.get_lesson(name)
    found = proof.search(lesson, index)
    run = lessons.TaskRun(lesson, index)
    if found.misses is None:  # a position where every legal turn meets the goal (a pass)
        assert found.turns == len(run.start.legal_actions()) == 1
        return
    checked = [run.check_text(text) for text in found.misses]
    assert [c.verdict for c in checked[:-1]] == [Verdict.GOING_ON] * (len(checked) - 1)
    assert checked[-1].verdict == Verdict.MISSED
    _filled(checked[-1].message)
    run.reset()
    assert run.game.state_key() == run.start.state_key() and not run.actions


@pytest.mark.parametrize(("name", "index"), TASKS)
def test_every_task_answers_an_illegal_try_with_the_engines_rule(name: str, index: int) -> None:
    lesson = lessons.get_lesson(name)
    run = lessons.TaskRun(lesson, index)
    bad = proof.illegal_try(run.game, [*lesson.tasks[index].solution, *SOLUTIONS])
    assert bad is not None
    before = run.game.state_key()
    checked = run.check_text(bad)
    assert checked.verdict == Verdict.ILLEGAL
    text = _filled(checked.message)
    assert not text.startswith("ply "), "the rule, not the ply around it"
    assert run.game.state_key() == before and not run.actions


def test_a_harmony_bonus_keeps_the_turn_going_until_it_is_taken() -> None:
    lesson = lessons.get_lesson("skud-harmony-bonus")
    run = lessons.TaskRun(lesson, 0)
    assert run.check_text("(1,1)-(1,3)").verdict == Verdict.GOING_ON
    assert run.hint() == run.solution()[1]  # the Hint follows the turn played so far
    missed = run.check_text("+skip")
    assert missed.verdict == Verdict.MISSED
    assert str(missed.message) == "you did not put a tile from your reserve or hand on the board"
    assert run.check_text("(1,3)-(1,1)").verdict == Verdict.ILLEGAL  # the Host moves now
    run.reset()
    assert run.hint() == run.solution()[0]


def test_show_me_plays_the_solution_and_the_reply_follows() -> None:
    lesson = lessons.get_lesson("skud-planting")
    run = lessons.TaskRun(lesson, 0)
    assert [c.verdict for c in run.show()] == [Verdict.MET]
    assert run.done and run.hint() is None
    assert run.game.to_move != run.mover
    assert [run.game.format_action(a) for a in run.play_reply()] == ["(0,8)-(0,5)"]
    assert run.play_reply() == [] and run.game.to_move == run.mover  # played once
    assert run.check_text("W4(-8,0)").verdict == Verdict.ILLEGAL  # the task is over


def test_a_missed_harmony_names_the_knotweed_that_drains_it() -> None:
    course = lessons.parse_course(json.dumps({"variant": "skud", "lessons": [{
        "name": "skud-x", "title": "x", "intro": "x", "tasks": [{
            "start": {"setup": {"tiles": {"(1,1)": "GR3", "(4,3)": "GR4", "(5,4)": "HK",
                                          "(0,8)": "HR3"}, "to_move": "guest"}},
            "prompt": "x", "goal": {"goal": "harmony", "tiles": ["R3", "R4"]},
            "solution": ["(1,1)-(1,3)"]}, {
            "start": {"setup": {"tiles": {"(1,1)": "GR3", "(4,3)": "GR4", "(0,8)": "HR3",
                                          "(2,3)": "HR5"}, "to_move": "guest"}},
            "prompt": "x", "goal": {"goal": "harmony", "tiles": ["R3", "R4"]},
            "solution": ["(4,3)-(4,1)"]}]}]}))
    drained = lessons.TaskRun(course.lessons[0], 0).check_text("(1,1)-(1,3)")
    assert str(drained.message) == ("your Chrysanthemum (R4) is drained by the Knotweed"
                                    " next to it")
    blocked = lessons.TaskRun(course.lessons[0], 1).check_text("(1,1)-(1,3)")
    assert str(blocked.message) == ("the Rhododendron (R5) at (2,3) stands between your Rose (R3)"
                                    " and your Chrysanthemum (R4)")


GOALS = [
    {"goal": "harmony", "tiles": ["R3", "R4"]},
    {"goal": "break", "tiles": ["W4", "W5"]},
    {"goal": "reach", "tile": "R3", "area": "red-garden"},
    {"goal": "reach", "tile": "Ja", "points": ["(1,1)", "(0,-5)"]},
    {"goal": "place"},
    {"goal": "place", "tile": "L", "area": "gate"},
    {"goal": "capture", "at": "(3,0)"},
    {"goal": "tile-at", "at": "(1,-1)", "tile": "Ja", "owner": "mover"},
    {"goal": "flag", "at": "(2,-2)", "flag": "trapped"},
    {"goal": "score", "of": "lotus", "at_least": 2},
    {"goal": "score", "of": "harmonies", "exactly": 0},
    {"goal": "end", "reason": "bag-empty", "result": "balance"},
    {"goal": "action", "action": "discard", "tile": "Ro"},
]


@pytest.mark.parametrize("raw", GOALS, ids=lambda raw: str(raw["goal"]))
def test_a_goal_reads_back_from_the_json_it_writes(raw: dict[str, object]) -> None:
    goal = goals.parse_goal(raw)
    assert goal.to_json() == raw
    assert goals.parse_goal(goal.to_json()) == goal


@pytest.mark.parametrize(("raw", "words"), [
    ({"goal": "sing"}, "'goal' must be one of"),
    ({"goal": "harmony", "tiles": ["R3"]}, "two tile codes"),
    ({"goal": "reach", "tile": "R3", "area": "moon"}, "'area' must be one of"),
    ({"goal": "capture", "at": "(99,0)"}, "'at'"),
    ({"goal": "score", "at_least": 1, "exactly": 2}, "one of 'at_least' and 'exactly'"),
    ({"goal": "score", "at_least": True}, "'at_least' must be a whole number"),
    ([], "must be an object"),
])
def test_a_bad_goal_is_refused_naming_the_field(raw: object, words: str) -> None:
    with pytest.raises(goals.GoalError, match=words):
        goals.parse_goal(raw)


def test_a_bad_lesson_names_the_lesson_and_the_task() -> None:
    task = {"start": {"setup": {"tiles": {}, "to_move": "guest"}}, "prompt": "x",
            "goal": {"goal": "place"}, "solution": []}
    text = json.dumps({"variant": "skud", "lessons": [
        {"name": "skud-x", "title": "x", "intro": "x", "tasks": [task]}]})
    with pytest.raises(lessons.LessonError, match=r"lesson skud-x, task 1: 'solution'"):
        lessons.parse_course(text)
    with pytest.raises(lessons.UnknownLesson, match="no lesson called 'skud-nope'"):
        lessons.get_lesson("skud-nope")


def test_the_cli_checks_every_shipped_course_and_lists_the_lessons(
        capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted((ROOT / "paisho_core" / "lessons").glob("*.json")):
        assert main(["lesson", "check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(lessons.lessons()) and all(line.startswith("ok: ") for line in out)
    assert main(["lesson", "list", "--variant", "wiki"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["name"] for d in listed] == [x.name for x in lessons.courses()["wiki"].lessons]
    assert {"name", "variant", "title", "tasks", "rules"} <= set(listed[0])


def test_the_cli_names_the_first_bad_task_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((ROOT / "paisho_core" / "lessons" / "skud.json").read_text())
    data["lessons"][1]["tasks"][1]["goal"] = {"goal": "capture", "at": "(0,0)"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["lesson", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("error: lesson skud-planting, task 2: no turn meets the goal")


def test_areas_are_named_points_of_the_board() -> None:
    from paisho_core.lessons.facts import AREAS

    assert Point(0, 8) in AREAS["gate"] and Point(0, 0) in AREAS["centre"]
    assert Point(-1, -4) in AREAS["red-garden"] and Point(0, -4) not in AREAS["red-garden"]
    assert Point(6, 6) in AREAS["neutral"] and not AREAS["neutral"] & AREAS["red"]
