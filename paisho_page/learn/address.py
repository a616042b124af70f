"""Which lesson a page opens, and the address that names it.

The Learn page and the embed name a lesson by ``lesson=<name>`` (and ``task=<number>``,
from 1) in the query or the fragment (``learn.html#lesson=skud-harmony&task=2``,
``embed.html?lesson=skud-harmony``).  :func:`choose` picks what to open: the lesson
named (a name no course holds gets a plain message and the default instead), else the
reader's last lesson at the task reached, else the first lesson not done.  Nothing from
the address reaches the page but a known lesson's name and a task number.  Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs

from paisho_core.errors import PaiShoError
from paisho_core.lessons import Course, Lesson, get_lesson
from paisho_page.learn.progress import Progress
from paisho_page.words.i18n import _, describe


@dataclass(frozen=True)
class Choice:
    """A lesson to open, at a task (from 0), and what to tell the reader about it."""

    lesson: Lesson
    task: int
    message: str = ""


def params(search: str, fragment: str,
           keys: tuple[str, ...] = ("lesson", "task")) -> dict[str, str]:
    """``keys`` (a lesson's ``lesson`` and ``task``) from the query, then the fragment
    (which wins)."""
    out: dict[str, str] = {}
    for part in (search, fragment):
        body = part[1:] if part[:1] in ("?", "#") else part
        for key, values in parse_qs(body[:2000], keep_blank_values=True).items():
            if key in keys and values:
                out[key] = values[-1]
    return out


def _task(text: str, lesson: Lesson) -> int:
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return max(0, min(int(text) - 1, len(lesson.tasks) - 1))
    return 0


def first_open(courses: Sequence[Course], progress: Progress) -> Lesson:
    """The first lesson the reader has not done (the very first when all are)."""
    every = [lesson for course in courses for lesson in course.lessons]
    return next((x for x in every if x.name not in progress.done), every[0])


def choose(courses: Sequence[Course], wanted: Mapping[str, str],
           progress: Progress) -> Choice:
    """The lesson and task to open for the address's ``wanted`` parameters."""
    name = wanted.get("lesson", "")
    message = ""
    if name:
        try:
            lesson = get_lesson(name)
            return Choice(lesson, _task(wanted.get("task", ""), lesson))
        except PaiShoError as exc:
            message = _("{error}: the first lesson is shown instead.").format(
                error=describe(exc))
            message = message[:1].upper() + message[1:]
    known = {x.name: x for course in courses for x in course.lessons}
    last = known.get(progress.last)
    if not message and last is not None and last.name not in progress.done:
        reached = progress.reached(last.name)
        return Choice(last, min(reached, len(last.tasks) - 1))
    return Choice(first_open(courses, progress), 0, message)


def following(courses: Sequence[Course], lesson: Lesson) -> Lesson | None:
    """The lesson after ``lesson`` in its course (``None`` after the last)."""
    for course in courses:
        names = [x.name for x in course.lessons]
        if lesson.name in names:
            at = names.index(lesson.name)
            return course.lessons[at + 1] if at + 1 < len(names) else None
    return None


def fragment(lesson: Lesson, task: int) -> str:
    """The address fragment of ``lesson`` at task ``task`` (from 0)."""
    return f"#lesson={lesson.name}&task={task + 1}"
