"""Interactive lessons: a course per variant, each lesson a few tasks the engine checks.

A lesson is data (one JSON file per variant in this folder, :mod:`.model`): a title, an
intro and two to five *tasks*.  A task is a position in the Studio's set-up format
(checked by :mod:`paisho_core.setup_check`), a goal from a small typed vocabulary
(:mod:`.goals`: form a harmony between two kinds of tile, reach an area, place a tile,
capture one, complete a Harmony Ring, score at least N, hit the target exactly, make an
action of a kind …), the turn that meets it (the Hint and "Show me"), the words to say
(prompt, hint, praise: the English sources of the ``demos`` catalog) and, where the task
needs one, the opponent's scripted reply.

* :func:`courses`, :func:`lessons`, :func:`get_lesson` — the library;
* :class:`TaskRun` (:mod:`.play`) — a task being played: each action is ``met``,
  ``going-on``, ``missed`` (with why, from the engine's facts) or ``illegal`` (the
  engine's own rule message);
* :mod:`.proof` (imported by name: the page never needs it) — every goal proved
  reachable by a search over the mover's whole turn, the solution and the reply
  replayed (``check_task``, ``check_lesson``, ``search``); ``python -m paisho_core
  lesson check FILE`` (:mod:`.cli`).

Pure: no page wording, no storage; the page logic (``paisho_page/learn/``) words and
keeps the reader's progress.
"""

from __future__ import annotations

from .goals import AnyGoal, GoalError, parse_goal
from .model import (
    Course,
    Lesson,
    LessonError,
    Task,
    UnknownLesson,
    courses,
    get_lesson,
    lessons,
    parse_course,
)
from .play import Checked, TaskRun, Verdict, task_game

__all__ = [
    "AnyGoal",
    "Checked",
    "Course",
    "GoalError",
    "Lesson",
    "LessonError",
    "Task",
    "TaskRun",
    "UnknownLesson",
    "Verdict",
    "courses",
    "get_lesson",
    "lessons",
    "parse_course",
    "parse_goal",
    "task_game",
]
