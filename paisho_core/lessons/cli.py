"""The ``lesson`` command of the command line: check and list the courses.

``python -m paisho_core lesson check FILE`` reads a course file (``-``: the standard
input), replays every task through the engine and proves its goal reachable
(:func:`~.proof.check_task`), printing one line per good lesson; the first bad task
raises a :class:`~.model.LessonError`, which the command line turns into exit status 2
and one line on the standard error.  ``lesson list`` prints every shipped lesson as one
JSON object a line (``name``, ``variant``, ``title``, ``tasks``, ``rules``), ``--variant``
for one course.  :func:`register` adds the command to :mod:`paisho_core.cli`'s parser.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

Read = Callable[[str], str]


def _check(args: argparse.Namespace, read: Read) -> int:
    """``lesson check``: every lesson of the file, one line each."""
    from .model import parse_course
    from .proof import check_lesson

    source = "the standard input" if args.file == "-" else args.file
    course = parse_course(read(args.file), source)
    for lesson in course.lessons:
        found = check_lesson(lesson)
        turns = sum(f.turns for f in found)
        print(f"ok: {lesson.name} ({len(lesson.tasks)} tasks, {turns} turns searched)")
    return 0


def _list(args: argparse.Namespace, read: Read) -> int:
    """``lesson list``: one JSON object a line."""
    from .model import courses

    for variant, course in courses().items():
        if args.variant is not None and variant != args.variant:
            continue
        for lesson in course.lessons:
            print(json.dumps({"name": lesson.name, "variant": variant, "title": lesson.title,
                              "tasks": len(lesson.tasks), "rules": list(lesson.rules)},
                             ensure_ascii=False))
    return 0


def register(sub: Any, read: Read) -> None:
    """Add ``lesson check|list`` to the command line's subparsers ``sub``; ``read``
    reads a file (``-``: stdin) as the other commands do."""
    lesson = sub.add_parser("lesson", help="check or list the interactive lessons")
    lesson_sub = lesson.add_subparsers(dest="lesson_command", required=True)

    def handler(run: Callable[[argparse.Namespace, Read], int]) -> Callable[..., int]:
        return lambda args: run(args, read)

    check = lesson_sub.add_parser(
        "check", help="replay every task of a course file and prove each goal reachable")
    check.add_argument("file", help="a course file (paisho_core/lessons/skud.json), or -")
    check.set_defaults(func=handler(_check))
    listing = lesson_sub.add_parser("list", help="print every lesson as a JSON line")
    listing.add_argument("--variant", default=None, help="only this game's course")
    listing.set_defaults(func=handler(_list))
