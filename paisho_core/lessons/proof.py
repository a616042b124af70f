"""Proving a course sound: every task's goal reachable, its solution and reply legal.

:func:`search` walks (:func:`walk`) every turn the mover can play from a task's position (a turn is
all the mover's actions until the other player is to move: a Skud move and its Harmony
Bonus, an Ancient placement and its move), by :meth:`~paisho_core.protocol.Game.push`
and :meth:`~paisho_core.protocol.Game.pop`, checking the goal after each action: it
finds a turn that meets the goal (the proof that the task can be done) and one that
misses it (a wrong try the reader may make), or says there is none.

:func:`check_task` is what ``python -m paisho_core lesson check`` runs for each task:
the position passes the set-up checker, the goal is reachable, the stored solution is
legal and meets it, a scripted reply is legal after it, and the points and tile kinds
the task names exist; the first problem is a :class:`~.model.LessonError` naming the
lesson and task.  :func:`illegal_try` makes an action the rules refuse, near the
solution's (for the tests).  Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..board import POINT_OF, POINTS
from ..errors import PaiShoError
from .facts import AnyGame, kinds
from .goals import Act, AnyGoal, Break, Harmony, Place, Reach, TileAt, Turn, action_kind
from .model import Lesson, LessonError
from .play import TaskRun, Verdict, task_game, turn_goes_on

MAX_ACTIONS = 4
"""The most actions a turn takes (a search goes no deeper)."""
MAX_LEAVES = 200_000
"""The most whole turns one search looks at."""


@dataclass(frozen=True)
class Found:
    """What a search found: a turn meeting the goal, one missing it (notation), and
    how many whole turns it looked at."""

    meets: tuple[str, ...] | None
    misses: tuple[str, ...] | None
    turns: int


def walk(game: AnyGame, before: AnyGame, mover: int, goal: AnyGoal,
         path: list[tuple[str, tuple[str, ...], str]],
         exclude: frozenset[str] = frozenset()) -> Iterator[tuple[bool, tuple[str, ...]]]:
    """Every turn from ``game`` (``before`` with ``path`` played) on, as ``(met,
    actions)``: a turn stops where the goal is met or the mover's turn ends.  Actions of
    a kind in ``exclude`` (``draw``: a hidden tile) are left out.  Pushes and pops
    ``game``, leaving it as it was."""
    for action in game.legal_actions():
        kind = action_kind(game, action)
        if kind in exclude:
            continue
        text = game.format_action(action)
        clicks = tuple(game.action_clicks(action))
        game.push(action)
        path.append((text, clicks, kind))
        try:
            turn = Turn(before, game, mover, tuple(p[1] for p in path), tuple(p[2] for p in path))
            if goal.met(turn):
                yield True, tuple(p[0] for p in path)
            elif not turn_goes_on(game, mover) or len(path) >= MAX_ACTIONS:
                yield False, tuple(p[0] for p in path)
            else:
                yield from walk(game, before, mover, goal, path, exclude)
        finally:
            path.pop()
            game.pop()


def search(lesson: Lesson, index: int, want_miss: bool = True) -> Found:
    """Search task ``index`` (from 0) of ``lesson`` for a meeting and a missing turn."""
    task = lesson.tasks[index]
    before = task_game(lesson, task)
    mover = before.to_move
    if mover is None:
        return Found(None, None, 0)
    game = before.copy()
    meets = misses = None
    count = 0
    for met, actions in walk(game, before, mover, task.goal, []):
        count += 1
        if met and meets is None:
            meets = actions
        elif not met and misses is None:
            misses = actions
        if (meets is not None and (misses is not None or not want_miss)) or count >= MAX_LEAVES:
            break
    return Found(meets, misses, count)


def _fail(lesson: Lesson, index: int, reason: object) -> LessonError:
    return LessonError(f"lesson {lesson.name}, task {index + 1}: {reason}")


def _codes(goal: AnyGoal) -> tuple[str, ...]:
    if isinstance(goal, Harmony | Break):
        return goal.tiles
    if isinstance(goal, Reach | TileAt):
        return (goal.tile,)
    if isinstance(goal, Place | Act) and goal.tile is not None:
        return (goal.tile,)
    return ()


def check_task(lesson: Lesson, index: int) -> Found:
    """Check task ``index`` (from 0) of ``lesson``; raise :class:`~.model.LessonError`
    naming the first problem.  Returns what the search found."""
    task = lesson.tasks[index]
    try:
        run = TaskRun(lesson, index)
    except PaiShoError as exc:
        raise _fail(lesson, index, exc.message) from None
    known = kinds(lesson.variant).names
    for code in _codes(task.goal):
        if code not in known:
            raise _fail(lesson, index, f"the goal names {code!r}, no tile of this game")
    for point in task.highlight:
        if point.index not in POINTS:
            raise _fail(lesson, index, f"{point} is not on the board")
    found = search(lesson, index, want_miss=False)
    if found.meets is None:
        raise _fail(lesson, index, f"no turn meets the goal (searched {found.turns} turns)")
    verdict = None
    for text in task.solution:
        checked = run.check_text(text)
        verdict = checked.verdict
        if verdict == Verdict.ILLEGAL:
            raise _fail(lesson, index, f"the solution's {text} is refused: {checked.message}")
        if verdict == Verdict.MISSED:
            raise _fail(lesson, index, f"the solution misses the goal: {checked.message}")
    if verdict != Verdict.MET:
        raise _fail(lesson, index, "the solution does not meet the goal"
                                   f" ({'; '.join(found.meets)} does)")
    played = run.play_reply()
    if len(played) != len(task.reply):
        bad = task.reply[len(played)]
        raise _fail(lesson, index, f"the reply {bad} is not legal after the solution")
    return found


def check_lesson(lesson: Lesson) -> list[Found]:
    """Check every task of ``lesson`` (:func:`check_task`)."""
    return [check_task(lesson, i) for i in range(len(lesson.tasks))]


_POINT = re.compile(r"\(-?\d+,-?\d+\)")


def illegal_try(game: AnyGame, texts: Iterable[str]) -> str | None:
    """An action the rules refuse in ``game``, written like one of ``texts`` (a
    solution's actions: each with its last point replaced by another point of the board,
    then each as it is), or ``None`` if every such action is legal or malformed."""
    legal = {game.format_action(a) for a in game.legal_actions()}
    candidates: list[str] = []
    for text in texts:
        found = list(_POINT.finditer(text))
        if found:
            last = found[-1]
            candidates += [text[: last.start()] + str(POINT_OF[p]) + text[last.end():]
                           for p in POINTS]
    candidates += list(texts)
    for other in candidates:
        if other in legal:
            continue
        try:
            game.parse_action(other)
        except PaiShoError:
            continue
        return other
    return None
