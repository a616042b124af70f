"""A course of lessons as data: the JSON of one course file, read into typed values.

One file per variant in this folder (``skud.json``, …), the same family as the rules
demos (:mod:`paisho_core.demos`)::

    {"variant": "skud", "lessons": [{
        "name": "skud-harmony",              # stable: published URLs use it
        "title": "Harmony", "intro": "…",
        "rules": ["skud-harmony"],            # anchors on rules.html it teaches
        "options": [],                        # the games' options (as in a link)
        "tasks": [{
            "start": {"setup": {…}},          # a set-up position, as the Studio writes it
                                              # (or {"bag": "…", "moves": "(0,3)"})
            "prompt": "…", "hint": "…", "praise": "…",
            "goal": {"goal": "harmony", "tiles": ["R3", "R4"]},
            "solution": ["(1,1)-(1,3)"],      # a turn that meets the goal (the Hint)
            "reply": ["(5,5)-(2,3)"],         # optional: the opponent's answer
            "highlight": ["(1,1)"]            # optional: points the prompt names
        }]
    }]}

The English texts (title, intro, prompts, hints, praise) are the source strings of the
``demos`` catalog, translated like the demos' captions.  Reading checks the shape only
(:class:`LessonError` names the lesson and task); :mod:`.proof` plays every task through
the engine.  Pure.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..board import Point
from ..errors import PaiShoError, quote
from ..messages import msg
from .goals import AnyGoal, parse_goal

FOLDER = Path(__file__).resolve().parent
"""Where the course files live (one per variant)."""

NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
"""Characters a lesson name may hold (it appears in URLs)."""
MAX_NAME = 60
MAX_TASKS = 5
"""A lesson has 1 to this many tasks."""
MAX_TURN = 4
"""Most actions in a solution or a reply (one whole turn)."""
START_KINDS = ("setup", "bag")


class LessonError(PaiShoError):
    """A lesson file or lesson that is malformed, or whose task the engine refuses (the
    message names the lesson and task; English: only the build, the tests and the
    command line read the course files)."""


class UnknownLesson(PaiShoError):
    """A lesson name that is in no course (the message quotes it)."""


@dataclass(frozen=True)
class Task:
    """One task: a position, what to do, and a turn that does it."""

    start: Mapping[str, Any]
    """The position: ``{"setup": {…}}`` (or Balance's ``{"bag": "…"}``), as a demo's,
    with ``"moves"`` played from it when given (notation, ``;`` between plies)."""
    prompt: str
    goal: AnyGoal
    solution: tuple[str, ...]
    """A turn meeting the goal, each action in the variant's notation."""
    hint: str = ""
    praise: str = ""
    reply: tuple[str, ...] = ()
    highlight: tuple[Point, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A named lesson of a variant's course: its words and tasks."""

    name: str
    variant: str
    title: str
    intro: str
    tasks: tuple[Task, ...]
    rules: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Course:
    """A variant's lessons, in order."""

    variant: str
    lessons: tuple[Lesson, ...]


def _where(name: str, task: int | None = None) -> str:
    return f"lesson {name}" if task is None else f"lesson {name}, task {task}"


def _text(raw: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = raw.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: {key!r} must be a non-empty text")
    return value


def _texts(raw: Mapping[str, Any], key: str, where: str, most: int = 50) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or len(value) > most or not all(
            isinstance(t, str) and t.strip() for t in value):
        raise LessonError(f"{where}: {key!r} must be a list of texts (at most {most})")
    return tuple(value)


def _points(raw: Mapping[str, Any], where: str) -> tuple[Point, ...]:
    try:
        return tuple(Point.parse(p) for p in _texts(raw, "highlight", where))
    except PaiShoError as exc:
        raise LessonError(f"{where}: {exc}") from None


def parse_task(raw: object, name: str, index: int) -> Task:
    """Task ``index`` (from 1) of lesson ``name`` from its JSON object."""
    where = _where(name, index)
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: a task must be an object")
    start = raw.get("start")
    kinds = [k for k in start if k in START_KINDS] if isinstance(start, Mapping) else []
    if (not isinstance(start, Mapping) or len(kinds) != 1
            or not set(start) <= {*START_KINDS, "moves"}
            or not isinstance(start.get("moves", ""), str)):
        raise LessonError(f"{where}: 'start' must hold one 'setup' or 'bag' (and 'moves')")
    try:
        goal = parse_goal(raw.get("goal"))
    except PaiShoError as exc:
        raise LessonError(f"{where}: {exc}") from None
    solution = _texts(raw, "solution", where, MAX_TURN)
    if not solution:
        raise LessonError(f"{where}: 'solution' must give the turn that meets the goal")
    return Task(
        start=dict(start),
        prompt=_text(raw, "prompt", where),
        goal=goal,
        solution=solution,
        hint=_text(raw, "hint", where, required=False),
        praise=_text(raw, "praise", where, required=False),
        reply=_texts(raw, "reply", where, MAX_TURN),
        highlight=_points(raw, where),
    )


def parse_lesson(raw: object, variant: str) -> Lesson:
    """One lesson from its JSON object; :class:`LessonError` naming what is wrong."""
    if not isinstance(raw, Mapping):
        raise LessonError(f"{variant} lessons: each lesson must be an object")
    name = raw.get("name")
    if (not isinstance(name, str) or not name or len(name) > MAX_NAME
            or not set(name) <= NAME_CHARS or not name.startswith(f"{variant}-")):
        raise LessonError(f"{variant} lessons: bad name {quote(name)} (lower-case letters,"
                          f" digits and '-', starting with {variant + '-'!r})")
    where = _where(name)
    tasks = raw.get("tasks")
    if not isinstance(tasks, list) or not 1 <= len(tasks) <= MAX_TASKS:
        raise LessonError(f"{where}: 'tasks' must be a list of 1 to {MAX_TASKS} tasks")
    return Lesson(
        name=name,
        variant=variant,
        title=_text(raw, "title", where),
        intro=_text(raw, "intro", where),
        tasks=tuple(parse_task(t, name, i) for i, t in enumerate(tasks, 1)),
        rules=_texts(raw, "rules", where),
        options=_texts(raw, "options", where),
    )


def parse_course(text: str, source: str = "lessons") -> Course:
    """The course of one course file's JSON text (English errors: only the build, the
    tests and the CLI read course files)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise LessonError(f"{source}: not valid JSON ({exc})") from None
    if not isinstance(data, Mapping) or not isinstance(data.get("lessons"), list):
        raise LessonError(f"{source}: expected an object with 'variant' and 'lessons'")
    variant = data.get("variant")
    if not isinstance(variant, str) or not variant:
        raise LessonError(f"{source}: 'variant' must name a variant")
    lessons = tuple(parse_lesson(raw, variant) for raw in data["lessons"])
    seen: set[str] = set()
    for lesson in lessons:
        if lesson.name in seen:
            raise LessonError(f"{source}: lesson name {lesson.name!r} is used twice")
        seen.add(lesson.name)
    return Course(variant, lessons)


@cache
def courses() -> dict[str, Course]:
    """Every course of the course files, by variant (in the files' order)."""
    out: dict[str, Course] = {}
    for path in sorted(FOLDER.glob("*.json")):
        course = parse_course(path.read_text(encoding="utf-8"), path.name)
        out[course.variant] = course
    return out


@cache
def lessons() -> dict[str, Lesson]:
    """Every lesson of every course, by name."""
    out: dict[str, Lesson] = {}
    for course in courses().values():
        for lesson in course.lessons:
            if lesson.name in out:
                raise LessonError(f"lesson name {lesson.name!r} is used in two courses")
            out[lesson.name] = lesson
    return out


def get_lesson(name: str) -> Lesson:
    """The lesson called ``name``; :class:`UnknownLesson` quoting it if there is none."""
    found = lessons().get(name) if isinstance(name, str) else None
    if found is None:
        shown = name if len(str(name)) <= MAX_NAME else str(name)[:MAX_NAME] + "…"
        raise UnknownLesson(msg("there is no lesson called {name}", name=repr(shown)))
    return found
